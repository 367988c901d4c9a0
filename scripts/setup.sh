#!/usr/bin/env bash
# Installs what building and testing Mulino needs, skipping whatever is
# already there. Safe to run again and again; CI runs it on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*" >&2; }

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    log "cargo not found: install Rust with rustup first (https://rustup.rs)"
    exit 1
  fi
fi

# rustfmt and clippy keep the code tidy; the test command checks both.
for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^${component}"; then
    log "adding rustup component ${component}"
    rustup component add "${component}"
  fi
done

# The engine must keep compiling to WebAssembly.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  log "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

log "fetching crates"
cargo fetch --locked >/dev/null 2>&1 || cargo fetch
log "ready"
