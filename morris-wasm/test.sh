#!/usr/bin/env bash
# Builds the npm package and runs every test of it: the Rust unit tests of
# morris-wasm, the module's size, the API reference against the typings,
# the API in Node, wasm against native, the packed and installed package
# with the README's examples, and in Chromium the embedded boards, the
# engine worker and the Vite and webpack examples (tests/embed/).
# `--bench` also prints the speed of wasm in Node against native.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
cd "$ROOT"
# shellcheck source=../scripts/env-web.sh
. "$ROOT/scripts/env-web.sh"

BENCH=0
for arg in "$@"; do
  case "$arg" in
    --bench) BENCH=1 ;;
    *) echo "usage: $0 [--bench]" >&2; exit 2 ;;
  esac
done

step() { printf '\n== %s\n' "$*"; }

step "morris-wasm: cargo test (the board's too)"
cargo test --locked -p morris-wasm --features board

step "morris-wasm: build the package"
bash "$HERE/build.sh"

# The budget of issue 41 (docs/npm-engine.md: the search at opt-level 3).
step "morris-wasm: engine-only module size (gzip, at most 160 KB)"
size="$(gzip -9c "$HERE/pkg/web/morris_wasm_bg.wasm" | wc -c)"
echo "web/morris_wasm_bg.wasm: $size bytes gzip (engine only; at most $((160 * 1024)))"
if [ -f "$HERE/pkg/board/morris_wasm_board_bg.wasm" ]; then
  echo "board/morris_wasm_board_bg.wasm: $(gzip -9c "$HERE/pkg/board/morris_wasm_board_bg.wasm" | wc -c) bytes gzip (engine and board)"
fi
[ "$size" -le $((160 * 1024)) ] || { echo "over 160 KB" >&2; exit 1; }

step "morris-wasm: the API reference (docs/api) matches the typings"
bash "$HERE/api-docs.sh" --check

step "morris-wasm: Node tests"
node --test tests/node/

if [ -f tests/embed/run.sh ]; then
  step "morris-wasm: embedded boards in Chromium"
  bash tests/embed/run.sh
fi

if [ "$BENCH" = 1 ]; then
  step "morris-wasm: speed in Node against native"
  node tests/node/bench.mjs
fi
