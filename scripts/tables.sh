#!/usr/bin/env bash
# Regenerates the endgame tables the web app serves (app/static/tb): Nine
# Men's Morris with three pieces against three, four against three and
# three against four, the classes where the flying endgame is decided.
# Also the npm package's small sample table (morris-wasm/tables).
# The files are deterministic: tests/tablebase_play.rs in morris-core checks
# that the committed 3v3 file equals a freshly solved one.
set -euo pipefail
cd "$(dirname "$0")/.."
out=app/static/tb
mkdir -p "$out"
cargo build --release -p morris-cli --locked
morris="${CARGO_TARGET_DIR:-target}/release/morris"
for class in 3v3 4v3 3v4; do
  "$morris" tb generate --variant nine --class "$class" --out "$out/nine-$class.tb"
done
# The npm package's sample: Three Men's Morris, three against three.
"$morris" tb generate --variant three --class 3v3 --out morris-wasm/tables/three-3v3.tb
ls -l "$out" morris-wasm/tables
