#!/usr/bin/env bash
# Makes the win/draw/loss tables the web app serves beside its tables with
# distances: Nine Men's Morris's 5v5, 6v4, 6v5, 7v3 and 7v4, 17.9 MB in
# all (docs/tables.md, "Win/draw/loss tables"), into app/static/wdl as
# nine-CLASS.wdl (Trunk copies the folder to dist/wdl). They are made, not
# kept in git: the tables they come from (98.9 MB) are solved first, about
# three minutes on two cores, into the folder `tb generate` keeps its
# tables in ($MORRIS_TABLES, else ~/.cache/mulino/tables), where a later
# run finds them.
#
# Idempotent: a class whose .wdl file is there and reads back whole is
# skipped; a table already solved is not solved again.
set -euo pipefail
cd "$(dirname "$0")/.."
out=app/static/wdl
served="5v5 6v4 6v5 7v3 7v4"
# Every class the served ones read, smallest first.
order="3v3 4v3 4v4 5v3 5v4 6v3 5v5 6v4 7v3 6v5 7v4"
tables=${MORRIS_TABLES:-${XDG_CACHE_HOME:-$HOME/.cache}/mulino/tables}

cargo build --release -p morris-cli --locked
morris="${CARGO_TARGET_DIR:-target}/release/morris"

say() { printf '[wdl-tables] %s\n' "$*"; }

# Whole and readable by this build: reading a file checks its checksum and format version.
whole() { [ -f "$1" ] && "$morris" tb wdl --table "$1" --probes 0 >/dev/null 2>&1; }

missing=""
for class in $served; do
  whole "$out/nine-$class.wdl" || missing="$missing $class"
done
if [ -z "$missing" ]; then
  say "present: $(for c in $served; do printf 'nine-%s.wdl ' "$c"; done)"
  exit 0
fi

mkdir -p "$tables"
say "solving what$missing need, into $tables (kept for the next run)"
for class in $order; do
  file="$tables/nine-$class.tb"
  # A file cut short by a stopped run is written as .part and renamed whole.
  [ -f "$file" ] || "$morris" tb generate --variant nine --class "$class" --tables "$tables" \
    --out "$file" --deflate-level 1
done
for class in $missing; do
  "$morris" tb wdl --table "$tables/nine-$class.tb" --out-dir "$out" --probes 1000
done
ls -l "$out"/*.wdl
