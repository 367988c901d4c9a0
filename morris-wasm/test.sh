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

step "morris-wasm: cargo test (the board's and the web tables' too)"
cargo test --locked -p morris-wasm --features board,remote

step "morris-wasm: build the package"
bash "$HERE/build.sh"

# The budgets of issue 41 (docs/npm-engine.md): the engine-only module
# with the search at opt-level 3 (160 KB until the learned evaluation's
# inference came in: docs/npm-engine.md has the sizes before and after),
# and no reader of web tables; the board module with no search at all (a
# page with a board downloads the engine once, in the engine module); the
# web tables module (`openTables`) with the reader alone.
step "morris-wasm: module sizes (gzip: engine at most 165 KB, board at most 170 KB, web tables at most 100 KB)"
check_size() { # FILE LIMIT_KB WHAT
  local size
  size="$(gzip -9c "$HERE/pkg/$1" | wc -c)"
  echo "$1: $size bytes gzip ($3; at most $(($2 * 1024)))"
  [ "$size" -le $(($2 * 1024)) ] || { echo "$1 is over $2 KB" >&2; exit 1; }
}
check_size web/morris_wasm_bg.wasm 165 "the engine"
check_size web-tables/morris_wasm_tables_bg.wasm 100 "the web tables' reader alone"
if [ -f "$HERE/pkg/board/morris_wasm_board_bg.wasm" ]; then
  check_size board/morris_wasm_board_bg.wasm 170 "the rules and the board, no search"
fi

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
