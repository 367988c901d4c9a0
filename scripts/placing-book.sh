#!/usr/bin/env bash
# The long job behind a placing book (docs/RULES.md's Nine Men's Morris; Six
# Men's Morris to try it in minutes), in one command that can be stopped
# and run again: each step keeps what an earlier run finished and goes on
# from there.
#
#   scripts/placing-book.sh nine|six DIR [tables|flat|book|match|app|app5|ultra|value|counts|all|issue42]
#
#   tables  every table of the variant, 3v3 … 9v9 (Six: … 6v6), into
#           DIR/tables (Nine: 10.72 G entries, about two hours on two
#           cores, 12.7 GB of memory at the peak; a finished class is
#           kept, a cut one is solved again)
#   flat    the same tables one byte an entry in DIR/flat (10.5 GB of disk),
#           which engines and `tb book` read from the file cache instead of
#           each holding a copy
#   book    DIR/VARIANT.book: the 55 built-in match openings solved exactly
#           (`tb book` appends each line as it is solved and skips what the
#           book holds already)
#   match   the strength target: the engine at 1 s a move against itself at
#           0.25 s, both with the tables and the book, every opening twice
#           (110 games); the games go to DIR/match-N.records, the result to
#           DIR/match-N.log
#   app     the browser's engine as the app runs it (level 10 with the
#           app's tables, app/static/tb and app/static/wdl; 1,000,000
#           nodes a move, about its 2.5 s in WebAssembly, and PLACING_EFFORT
#           of app/src/engine.rs times that on a placing turn no book or
#           solve decides, as the app gives it) against the
#           perfect player (every table and the book, and the placing
#           solved at every move after the book's, see below), every opening with
#           both colours (110 games): its losses are the figure of issue
#           31; DIR/app-N.records and DIR/app-N.log. Not part of `all`.
#   app5    the same with the app's engine at level 5: DIR/app5-N.log
#   ultra   perfect play that sets traps (`--ultra-strong`: among the
#           moves that keep the value, the one that leaves the opponent
#           the most ways to go wrong) against the app's engine at level 5
#           and at level 10, 110 games each: DIR/ultra5-N.log and
#           DIR/ultra10-N.log, to set beside app5 and app
#   value   the variant's value from the empty board by the placing solve
#           over every table (flat), with the positions it visited and its
#           time: DIR/value.log
#   counts  every table's positions won, drawn and lost for each side to
#           move, up to symmetry, and the totals: DIR/counts.log
#   issue42 tables, flat, book, app, app5, ultra, value and counts, in
#           that order: the whole of issue 42's part 2 in one command
#
# MULINO_THREADS sets the threads of `tb book` and the games played at once
# by the match (default: the machine's cores, at most 2 games);
# MULINO_GAMES the games of app, app5 and ultra (default 110: a smaller
# even number tries them out); MULINO_PLACING_EFFORT the level-10 engine's
# placing effort (default: the app's; 1 plays as before it had one);
# MULINO_EVAL its evaluation (default net, the app's; classic: the
# hand-written evaluation alone, as the matches before it). The perfect player solves the rest of the
# placing at each of its moves past the book (`--placing-solve-plies`,
# MULINO_PERFECT_PLIES, default 24: every placement; up to
# `--placing-solve-nodes` 10,000,000,000 positions): an engine's default
# solves only the last 12 placements within two million positions and
# searches before that, where it can lose a drawn game (issue 42). Nine's
# whole placing from the empty board visits 255 million positions (six
# minutes of processor time, 3.4 GB), so the first solves of a game past
# the book can take a minute (a move may take 15 minutes before it loses
# on time); MULINO_PERFECT_PLIES=12 plays as before.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
}
[ $# -ge 2 ] || usage
variant=$1
# Absolute: the engines the match starts read the tables through it.
dir=$(realpath -m "$2")
what=${3:-all}
case "$variant" in
  nine) most=9 ;;
  six) most=6 ;;
  *) usage ;;
esac
case "$what" in
  tables | flat | book | match | app | app5 | ultra | value | counts | all | issue42) ;;
  *)
    echo "unknown step '$what': tables, flat, book, match, app, app5, ultra, value, counts, all or issue42" >&2
    exit 2
    ;;
esac
case "$dir" in
  *[[:space:]]*)
    echo "the folder '$dir' has a space: the match's engine commands are split at spaces" >&2
    exit 2
    ;;
esac
threads=${MULINO_THREADS:-$(nproc)}
mkdir -p "$dir"
cd "$(dirname "$0")/.."

cargo build --release -p morris-cli --locked
morris="$(realpath -m "${CARGO_TARGET_DIR:-target}")/release/morris"

say() { printf '\n== %s: %s\n' "$(date +%T)" "$*"; }

if [ "$what" = tables ] || [ "$what" = all ] || [ "$what" = issue42 ]; then
  say "the tables of $variant, 3v3 … ${most}v$most, into $dir/tables"
  # Level 1: the engines and the book read the flat files made from these,
  # so speed counts more than size (Nine's 6v4, two runs each: 48.8 and
  # 48.4 s at level 1, 53.7 and 52.0 s at level 6, in a file 41% larger).
  "$morris" tb generate --variant "$variant" --up-to "$most" --out-dir "$dir/tables" \
    --deflate-level 1
fi

if [ "$what" = flat ] || [ "$what" = all ] || [ "$what" = issue42 ]; then
  say "flat tables into $dir/flat"
  mkdir -p "$dir/flat"
  for tb in "$dir"/tables/*.tb; do
    flat="$dir/flat/$(basename "$tb")"
    # A flat file is written beside its name and renamed when whole.
    [ -f "$flat" ] || "$morris" tb flat "$tb" --out-dir "$dir/flat"
  done
fi

if [ "$what" = book ] || [ "$what" = all ] || [ "$what" = issue42 ]; then
  say "the placing book of the 55 openings: $dir/$variant.book"
  "$morris" tb book --variant "$variant" --table "$dir/flat" --openings 55 \
    --out "$dir/$variant.book" --threads "$threads"
fi

if [ "$what" = match ] || [ "$what" = all ]; then
  n=1
  while [ -e "$dir/match-$n.log" ]; do n=$((n + 1)); done
  games=$((threads < 2 ? threads : 2))
  engine="$morris engine --variant $variant --tables $dir/flat --book $dir/$variant.book"
  say "1 s against 0.25 s, 110 games, $games at a time: $dir/match-$n.log"
  "$morris" match --variant "$variant" --engine1 "$engine" --engine2 "$engine" \
    --games 110 --movetime 1000 --movetime2 250 --concurrency "$games" \
    --startup-timeout 600 --records "$dir/match-$n.records" | tee "$dir/match-$n.log"
fi

# The next free DIR/NAME-N.log: a run never writes over an earlier one's.
next_log() { # NAME
  local n=1
  while [ -e "$dir/$1-$n.log" ]; do n=$((n + 1)); done
  echo "$1-$n"
}

games=$((threads < 2 ? threads : 2))
perfect="$morris engine --variant $variant --tables $dir/flat --book $dir/$variant.book"
perfect="$perfect --placing-solve-plies ${MULINO_PERFECT_PLIES:-24} --placing-solve-nodes 10000000000"

# The app's win/draw/loss tables are made, not kept in git: make them from
# this folder's tables (they are the same classes) if they are not there.
if [ "$variant" = nine ]; then
  case "$what" in
    app | app5 | ultra | issue42) MORRIS_TABLES=${MORRIS_TABLES:-$dir/tables} scripts/wdl-tables.sh ;;
  esac
fi

# The app's engine at level LEVEL, with the tables the app serves (Nine's
# only); at level 10 with the app's placing effort.
effort=${MULINO_PLACING_EFFORT:-$(sed -n 's/^pub const PLACING_EFFORT: u32 = \([0-9]*\);$/\1/p' app/src/engine.rs)}
app_engine() { # LEVEL
  local engine="$morris engine --variant $variant --level $1"
  if [ "$1" = 10 ]; then
    engine="$engine --placing-effort ${effort:?no PLACING_EFFORT in app/src/engine.rs}"
    # The learned evaluation, as the app's level 10 plays (the default).
    engine="$engine --eval ${MULINO_EVAL:-net}"
  fi
  if [ "$variant" = nine ]; then
    engine="$engine --tables $(pwd)/app/static/tb --tables $(pwd)/app/static/wdl"
  fi
  echo "$engine"
}

# MULINO_GAMES (110) games of ENGINE1 against ENGINE2 (light and dark in
# turn, from the 55 openings), 1,000,000 nodes a move; the records and the
# log as NAME-N.
count=${MULINO_GAMES:-110}
versus() { # NAME ENGINE1 ENGINE2 WHAT
  local name
  name=$(next_log "$1")
  say "$4, $count games, $games at a time: $dir/$name.log"
  "$morris" match --variant "$variant" --engine1 "$2" --engine2 "$3" \
    --games "$count" --nodes 1000000 --concurrency "$games" --timeout 900000 \
    --startup-timeout 600 --records "$dir/$name.records" | tee "$dir/$name.log"
}

if [ "$what" = app ] || [ "$what" = issue42 ]; then
  versus app "$(app_engine 10)" "$perfect" "the app's engine against perfect play"
fi

if [ "$what" = app5 ] || [ "$what" = issue42 ]; then
  versus app5 "$(app_engine 5)" "$perfect" "the app's engine at level 5 against perfect play"
fi

if [ "$what" = ultra ] || [ "$what" = issue42 ]; then
  for level in 5 10; do
    versus "ultra$level" "$(app_engine "$level")" "$perfect --ultra-strong" \
      "the app's engine at level $level against ultra-strong play"
  done
fi

if [ "$what" = value ] || [ "$what" = issue42 ]; then
  start=$("$morris" show --variant "$variant" | sed -n 's/^position: //p')
  say "$variant from the empty board ($start) by the placing solve: $dir/value.log"
  { /usr/bin/time -f "%e s, %U s of processor time, %M KB at the peak" \
      "$morris" tb probe --table "$dir/flat" --position "$start" --nodes 100000000000; } \
    2>&1 | tee "$dir/value.log"
fi

if [ "$what" = counts ] || [ "$what" = issue42 ]; then
  say "won, drawn and lost positions of every table: $dir/counts.log"
  "$morris" tb counts --table "$dir/tables" | tee "$dir/counts.log"
fi
