#!/usr/bin/env bash
# Sets up and runs every test: formatting, lints, unit, integration, doc and
# property tests, the wasm32 build of the engine and the fuzz targets' build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

step() { printf '\n== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "morris-core builds for wasm32-unknown-unknown"
cargo build -p morris-core --target wasm32-unknown-unknown --locked

if [ -f fuzz/Cargo.toml ]; then
  step "fuzz targets compile"
  cargo check --manifest-path fuzz/Cargo.toml --bins
fi

step "cargo test"
cargo test --workspace --locked
