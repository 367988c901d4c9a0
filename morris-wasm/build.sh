#!/usr/bin/env bash
# Builds the npm package `morris-wasm` into morris-wasm/pkg/, with each
# WebAssembly module in it once:
#   pkg/web/      the engine module (web target: an ES module with `init()`)
#                 and its .wasm, the only copy of it, which the others load:
#   pkg/node/     Node: CommonJS glue (nodejs target) that reads
#                 ../web/morris_wasm_bg.wasm, and an ESM wrapper around it
#   pkg/bundler/  for bundlers: the web module, initialised on import (the
#                 .wasm found by `new URL(…, import.meta.url)`)
#   pkg/worker/   the engine in a worker (the web module in a Web Worker,
#                 the Node glue in a worker_threads Worker)
#   pkg/nets/     the learned evaluation's network (morris-engine/nets/nine.nnue),
#                 which the worker loads at level 10; not in any module
#   pkg/board/    the board module (`board` feature without `engine`: the
#                 game's rules and `mountBoard`, no search), index.js (its
#                 entry: the engine module in a worker, or on the page's
#                 thread where no worker runs) and board.css, the
#                 board's own stylesheet (morris-board/board.css, then
#                 board/embed.css: the page's shapes and highlights);
#                 `--no-board` skips it
#   pkg/web-tables/ the web tables module (`remote` feature alone:
#                 `openTables`, Nine's web tables read by HTTP range
#                 requests), index.js (its entry, initialised on import)
#                 and node.mjs (the same in Node), so that the engine
#                 module carries no HTTP reader
# then optimises every module with binaryen's wasm-opt and writes
# package.json, the README, the licences, the type declarations and the
# API reference (docs/api).
#
# Needs: rustup target wasm32-unknown-unknown, wasm-bindgen 0.2.130 and
# binaryen's wasm-opt (scripts/setup-web.sh installs them all).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
# shellcheck source=../scripts/env-web.sh
. "$ROOT/scripts/env-web.sh"

BOARD=1
for arg in "$@"; do
  case "$arg" in
    --no-board) BOARD=0 ;;
    *) echo "usage: $0 [--no-board]" >&2; exit 2 ;;
  esac
done

log() { printf '[morris-wasm] %s\n' "$*" >&2; }
for tool in cargo wasm-bindgen wasm-opt node; do
  command -v "$tool" >/dev/null 2>&1 || { log "$tool not found: run scripts/setup-web.sh"; exit 1; }
done

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
PKG="$HERE/pkg"
# Features of the wasm32 target that rustc emits by default; wasm-opt must
# accept them in its input.
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int
  --enable-sign-ext --enable-reference-types --enable-multivalue)

optimise() { # FILE [WASM-OPT OPTIONS…] (default: -O3)
  local file="$1"
  shift
  [ "$#" -gt 0 ] || set -- -O3
  wasm-opt "$@" "${WASM_OPT_FEATURES[@]}" "$file" -o "$file.opt"
  mv "$file.opt" "$file"
}
# The board module, for its gzip size (docs/npm-engine.md, "The board
# module's weight"): wasm-opt's inlining of functions that have one caller
# grows the gzip by about 11 KB, so only small ones are inlined (-O2 with
# them: 1 KB under -Oz); the producers and target features sections go.
BOARD_WASM_OPT=(-O2 --one-caller-inline-max-function-size 20 --strip-producers --strip-target-features)

# wasm-bindgen's output in the package's words (patch-glue.mjs says what).
patch_glue() { # DIR
  local js
  for js in "$1"/*.js; do
    if grep -q 'getStringFromWasm0(arg0, arg1));' "$js" && grep -q 'throw new Error(getStringFromWasm0' "$js"; then
      node "$HERE/patch-glue.mjs" js "$js"
    fi
  done
  node "$HERE/patch-glue.mjs" dts "$(ls "$1"/*.d.ts | grep -v '_bg.wasm.d.ts' | head -n1)"
}

# A module with no search, built for size (profile `release-page`, then
# BOARD_WASM_OPT) from morris-wasm with FEATURE alone, into pkg/DIR/NAME*.
page_module() { # FEATURE DIR NAME WHAT
  log "cargo build --no-default-features --features $1 ($4)"
  cargo build --profile release-page --locked --target wasm32-unknown-unknown -p morris-wasm \
    --no-default-features --features "$1"
  log "wasm-bindgen --target web ($2)"
  wasm-bindgen --target web --out-dir "$PKG/$2" --out-name "$3" \
    "$TARGET_DIR/wasm32-unknown-unknown/release-page/morris_wasm.wasm"
  optimise "$PKG/$2/$3_bg.wasm" "${BOARD_WASM_OPT[@]}"
  patch_glue "$PKG/$2"
}

rm -rf "$PKG"
mkdir -p "$PKG"

# The engine-only module is built with profile `release-engine` (the root
# Cargo.toml): the search at opt-level 3, the rules at "s", the rest at
# "z". All at "z" it was 146,911 B gzip but searched at under half of
# native speed; all at 3 it is 170,316, over the 160 KB budget
# (docs/npm-engine.md has the measurements).
log "cargo build (engine only: the search for speed, the rest for size)"
cargo build --profile release-engine --locked --target wasm32-unknown-unknown -p morris-wasm
cp "$TARGET_DIR/wasm32-unknown-unknown/release-engine/morris_wasm.wasm" "$PKG/.engine.wasm"

log "wasm-bindgen --target web"
wasm-bindgen --target web --out-dir "$PKG/web" "$PKG/.engine.wasm" --out-name morris_wasm
log "wasm-bindgen --target nodejs (its glue only)"
wasm-bindgen --target nodejs --out-dir "$PKG/.node" "$PKG/.engine.wasm" --out-name morris_wasm
rm "$PKG/.engine.wasm"
# The Node glue loads the web module's .wasm: both must be the same bytes.
cmp -s "$PKG/.node/morris_wasm_bg.wasm" "$PKG/web/morris_wasm_bg.wasm" || {
  log "the nodejs and web targets made different .wasm files: the Node glue cannot share the web one"
  exit 1
}
mkdir -p "$PKG/node"
cp "$PKG/.node/morris_wasm.js" "$PKG/.node/morris_wasm.d.ts" "$PKG/node/"
rm -r "$PKG/.node"
node "$HERE/patch-glue.mjs" node-path "$PKG/node/morris_wasm.js"
optimise "$PKG/web/morris_wasm_bg.wasm"
patch_glue "$PKG/web"
patch_glue "$PKG/node"

if [ "$BOARD" = 1 ]; then
  # No search in it, so built for size as the app's page is (profile
  # `release-page`): 169 KB gzip with BOARD_WASM_OPT (docs/npm-engine.md).
  page_module board board morris_wasm_board "the rules and the board, no search"
  # The board's stylesheet, then the embed's own marks (shapes, highlights).
  cat "$ROOT/morris-board/board.css" "$HERE/board/embed.css" >"$PKG/board/board.css"
  # Its typings, so that `import "morris-wasm/board.css"` resolves for
  # TypeScript (and resolution tools) as the bundlers resolve it.
  # (At the package's root, a CommonJS folder: TypeScript's node10 and
  # node16 from CommonJS resolve it too.)
  printf '// The board'"'"'s stylesheet: imported for its effect alone (a bundler adds it to the page).\nexport {};\n' >"$PKG/board.css.d.ts"
  cp "$HERE"/board/index.js "$HERE"/board/index.d.ts "$PKG/board/"
fi

# The web tables module: no `Game` and no search, only the reader
# (docs/npm-engine.md, "The reader of web tables"), built for size as the
# board module is.
page_module remote web-tables morris_wasm_tables "the web tables' reader alone"
cp "$HERE"/web-tables/index.js "$HERE"/web-tables/node.mjs "$HERE"/web-tables/index.d.ts "$PKG/web-tables/"

# The bundler entry: the web module, initialised on import (top-level
# await), so that code written for the former bundler target runs as is.
mkdir -p "$PKG/bundler"
cat >"$PKG/bundler/index.js" <<'JS'
import init from "../web/morris_wasm.js";

await init();
export * from "../web/morris_wasm.js";
JS
printf 'export * from "../web/morris_wasm.js";\n' >"$PKG/bundler/index.d.ts"

# The nodejs build is CommonJS, the others ES modules: each folder says so,
# whatever package.json a consumer's tools look at.
printf '{ "type": "commonjs" }\n' >"$PKG/node/package.json"
# The engine worker (worker/: the message protocol's two sides) and its typings.
mkdir -p "$PKG/worker"
cp "$HERE"/worker/*.js "$HERE"/worker/*.mjs "$HERE"/worker/*.d.ts "$PKG/worker/"
for dir in bundler board worker web-tables; do
  [ -d "$PKG/$dir" ] && printf '{ "type": "module" }\n' >"$PKG/$dir/package.json"
done
# `morris-wasm/web` for resolvers without `exports` (TypeScript's node10).
printf '{ "type": "module", "main": "./morris_wasm.js", "types": "./morris_wasm.d.ts" }\n' >"$PKG/web/package.json"

# Node's ES module entry: the same exports as the CommonJS build, plus a
# no-op default `init` so that code written for the web target runs as is.
cat >"$PKG/node/index.mjs" <<'JS'
import wasm from "./morris_wasm.js";

export const { Engine, Game, Tables, perft, variants, isMorrisError } = wasm;

/** Nothing to do in Node: the module is ready once imported. */
export default async function init() {}
JS
cat >"$PKG/node/index.d.mts" <<'TS'
export * from "./morris_wasm.js";

/** Nothing to do in Node: the module is ready once imported. */
export default function init(): Promise<void>;
TS

cp "$HERE/README.md" "$HERE/CHANGELOG.md" "$ROOT/LICENSE-MIT" "$ROOT/LICENSE-APACHE" "$PKG/"
# The API reference (api-docs.sh writes it from these typings; test.sh
# checks that it is up to date).
mkdir -p "$PKG/docs"
cp -r "$HERE/docs/api" "$PKG/docs/api"
# A small endgame table for the README's example (scripts/tables.sh makes it).
mkdir -p "$PKG/tables"
cp "$HERE"/tables/*.tb "$PKG/tables/"
# The learned evaluation's network, a file of its own: the worker fetches
# (or in Node reads) it when a search first needs it, so that pages at the
# other levels never download it.
NET="$ROOT/morris-engine/nets/nine.nnue"
[ -f "$NET" ] || { log "$NET not found: the package ships the network the engine worker plays level 10 with"; exit 1; }
mkdir -p "$PKG/nets"
cp "$NET" "$PKG/nets/nine.nnue"
VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -n1)"
# The project's public address, when it has one (MORRIS_WASM_REPOSITORY, an
# https URL of its git host): package.json's repository, homepage and bugs
# are left out without it, rather than pointing anywhere else.
node "$HERE/package-json.mjs" "$VERSION" "$BOARD" "${MORRIS_WASM_REPOSITORY:-}" >"$PKG/package.json"

log "built $PKG:"
( cd "$PKG" && for f in web/morris_wasm_bg.wasm board/morris_wasm_board_bg.wasm web-tables/morris_wasm_tables_bg.wasm nets/nine.nnue; do
    [ -f "$f" ] && printf '  %-36s %8d bytes, %7d gzip\n' "$f" "$(wc -c <"$f")" "$(gzip -9c "$f" | wc -c)" >&2
  done )
