# Source this (`. scripts/env-web.sh`) before `trunk build` / `trunk serve` or
# the browser tests. It sets up the environment scripts/setup-web.sh installed
# for: binaryen's wasm-opt from node_modules first on PATH (Trunk must find it
# there and never try to download one), then cargo's tools (trunk,
# wasm-bindgen). Trunk uses a tool found on PATH when its version is the one
# required (wasm-bindgen's from Cargo.lock, wasm-opt's from Trunk.toml if set);
# otherwise it would try to download one, which fails here by design.
# shellcheck shell=bash

MULINO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
export MULINO_ROOT

# node_modules/.bin always goes first (again, if it was already there later).
PATH="$MULINO_ROOT/node_modules/.bin:$PATH"
case ":$PATH:" in
  *":$HOME/.cargo/bin:"*) ;;
  *) PATH="$PATH:$HOME/.cargo/bin" ;;
esac
export PATH

# No check for a newer Trunk on every start.
export TRUNK_SKIP_VERSION_CHECK=true
# Chromium from Debian for the browser tests.
export MULINO_CHROMIUM="${MULINO_CHROMIUM:-/usr/bin/chromium}"
