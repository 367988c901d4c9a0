#!/usr/bin/env bash
# Sets up and runs Mulino. Until the web app lands, this builds and runs the
# `morris` command line: with no arguments it shows the start position and
# the list of commands; any arguments go to `morris` (e.g. `perft 5`).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cargo build --release --locked -p morris-cli
if [ "$#" -eq 0 ]; then
  ./target/release/morris show
  ./target/release/morris --help
else
  exec ./target/release/morris "$@"
fi
