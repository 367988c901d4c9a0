#!/usr/bin/env bash
# Regenerates the endgame tables the web app serves (app/static/tb): Nine
# Men's Morris in the moving and flying phases with 3v3, 4v3, 4v4, 5v3, 5v4
# and 6v3 pieces (a table answers for its mirror, 3v4 from 4v3 and so on),
# the npm package's small sample table (morris-wasm/tables) and the Node
# tests' win/draw/loss sample (tests/node/fixtures/nine-3v3.wdl). Larger
# classes are served as win/draw/loss tables, made by scripts/wdl-tables.sh.
# The files are deterministic: tests/tablebase_play.rs in morris-core checks
# that the committed 3v3 files equal freshly solved ones.
set -euo pipefail
cd "$(dirname "$0")/.."
out=app/static/tb
mkdir -p "$out"
cargo build --release -p morris-cli --locked
morris="${CARGO_TARGET_DIR:-target}/release/morris"
for class in 3v3 4v3 4v4 5v3 5v4 6v3; do
  "$morris" tb generate --variant nine --class "$class" --out "$out/nine-$class.tb"
done
# The Node tests' win/draw/loss sample: Nine's 3v3 as a .wdl file.
"$morris" tb wdl --table "$out/nine-3v3.tb" --out-dir tests/node/fixtures --probes 0
# The npm package's sample: Three Men's Morris, three against three.
"$morris" tb generate --variant three --class 3v3 --out morris-wasm/tables/three-3v3.tb
ls -l "$out" morris-wasm/tables
