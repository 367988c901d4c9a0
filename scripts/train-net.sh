#!/usr/bin/env bash
# The learned evaluation of Nine's moving phase (morris-engine/src/net),
# trained on the solved tables in one command, seeded:
#
#   scripts/train-net.sh DIR [OUT]
#
# after `scripts/placing-book.sh nine DIR tables`. Makes DIR/flat from the
# tables if it is not whole (`placing-book.sh nine DIR flat`), plays games
# and records their moving positions with the tables' values
# (DIR/nine-net.data and its notes DIR/nine-net.data.md; `morris-train
# data`), and a third as many from the first six plies after the placing
# (DIR/nine-ends.data, `--moving-plies 6`), trains the network on both for
# the engine's blend with the hand-written evaluation (`morris-train train
# --blended`) and writes OUT
# (default morris-engine/nets/nine.nnue), OUT.md (its provenance) and
# the fixtures beside it (nine.fixtures for nine.nnue: held-out positions
# with the float and the integer values). Each step prints its time.
#
# MULINO_POSITIONS, MULINO_HIDDEN, MULINO_EPOCHS, MULINO_SEED and
# MULINO_THREADS change the defaults below. Measured on two cores shared
# with a table generation: the data at 470 positions a second (tables up to
# 8v6, a third of the games' positions past them), an epoch of 650,000
# positions at hidden 256 in 49 s; at those rates the defaults take 71
# minutes of data and 25 of training.
set -euo pipefail

[ $# -ge 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }
dir=$(realpath -m "$1")
cd "$(dirname "$0")/.."
out=$(realpath -m "${2:-morris-engine/nets/nine.nnue}")
positions=${MULINO_POSITIONS:-2000000}
hidden=${MULINO_HIDDEN:-256}
epochs=${MULINO_EPOCHS:-10}
seed=${MULINO_SEED:-1}
threads=${MULINO_THREADS:-$(nproc)}

say() { printf '\n== %s: %s\n' "$(date +%T)" "$*"; }
started=$(date +%s)
since() { echo "$(( $(date +%s) - $1 )) s"; }

if ! ls "$dir"/tables/*.tb > /dev/null 2>&1; then
  echo "no tables in $dir/tables: run scripts/placing-book.sh nine $dir tables first" >&2
  exit 2
fi
tables=$(ls "$dir"/tables/*.tb | wc -l)
flat=$(ls "$dir"/flat/*.tb 2> /dev/null | wc -l || true)
if [ "$flat" != "$tables" ]; then
  say "flat tables into $dir/flat ($flat of $tables there)"
  t=$(date +%s)
  bash scripts/placing-book.sh nine "$dir" flat
  echo "flat tables: $(since "$t")"
fi

cargo build --release -p morris-train --locked
# CARGO_TARGET_DIR may be relative (to the checkout) or absolute.
train="$(realpath -m "${CARGO_TARGET_DIR:-target}")/release/morris-train"
mkdir -p "$(dirname "$out")"

# Two thirds of the positions from whole games, one third from the first
# plies after the placing, where the placing's choices are judged.
games=$((positions * 2 / 3))
ends=$((positions - games))
say "data: $games positions from games and $ends where the placing ends, seed $seed, $threads threads"
t=$(date +%s)
"$train" data --tables "$dir/flat" --out "$dir/nine-net.data" --positions "$games" \
  --seed "$seed" --threads "$threads"
"$train" data --tables "$dir/flat" --out "$dir/nine-ends.data" --positions "$ends" \
  --seed "$((seed + 1))" --threads "$threads" --moving-plies 6
echo "data: $(since "$t")"

say "training: hidden $hidden, $epochs epochs, seed $seed"
t=$(date +%s)
"$train" train --data "$dir/nine-net.data" --data "$dir/nine-ends.data" --out "$out" --hidden "$hidden" --epochs "$epochs" \
  --seed "$seed" --blended --fixtures "${out%.nnue}.fixtures"
echo "training: $(since "$t")"

say "done in $(since "$started"): $out, $out.md, ${out%.nnue}.fixtures"
