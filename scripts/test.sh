#!/usr/bin/env bash
# Sets up and runs every test: formatting, lints, unit, integration, doc and
# property tests, the wasm32 build of the engine, the fuzz targets' build,
# the npm package (Node and an embedding page in Chromium) and the web app in
# Chromium with its budgets.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/setup-web.sh
# shellcheck source=env-web.sh
. scripts/env-web.sh

step() { printf '\n== %s\n' "$*"; }

step "the app's win/draw/loss tables (solved the first time, a few minutes)"
bash scripts/wdl-tables.sh

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (warnings are errors)"
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy -p mulino-app -p morris-board -p morris-wasm --target wasm32-unknown-unknown --all-features --locked -- -D warnings

step "cargo doc (every doc link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked

step "no import cycles between files"
python3 scripts/import-cycles.py

step "morris-core builds for wasm32-unknown-unknown"
cargo build -p morris-core --target wasm32-unknown-unknown --locked

if [ -f fuzz/Cargo.toml ]; then
  step "fuzz targets compile"
  cargo check --manifest-path fuzz/Cargo.toml --bins --locked
fi

step "cargo test"
cargo test --workspace --locked

step "npm package: morris-wasm"
bash morris-wasm/test.sh

# Timings on a shared two-core machine are reported, not tested: the budgets
# (time to interactive, long tasks) print their figures. The first load's
# size (≤ 395 KB gzip) does not depend on the machine: over it, this fails.
step "web app: release build and budgets (size tested, timings reported)"
MULINO_SKIP_SETUP=1 MULINO_BUDGETS_REPORT=1 bash tests/browser/run.sh --budgets-only

step "web app in Chromium"
MULINO_SKIP_SETUP=1 bash tests/browser/run.sh --no-build --no-budgets
