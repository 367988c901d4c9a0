#!/usr/bin/env bash
# Runs every fuzz target in turn for SECONDS_PER_TARGET seconds (default
# 60), one at a time at nice 19, from its committed seeds (fuzz/corpus/<target>,
# copied to a scratch folder so what the fuzzer finds stays out of the tree),
# and prints for each target the inputs executed and the crashes found.
# Exits 1 if any target crashed; the crashing input is in
# fuzz/artifacts/<target>/ (reproduce with `scripts/fuzz.sh` built binary:
# fuzz/target/<host>/release/<target> fuzz/artifacts/<target>/crash-…).
#
# Stable Rust is enough: RUSTC_BOOTSTRAP=1 lets it take the -Z flags
# cargo-fuzz passes. cargo-fuzz is installed (pinned) if missing; libFuzzer
# is built by libfuzzer-sys with the system C++ compiler. See fuzz/README.md.
#
# Environment: MULINO_FUZZ_SANITIZER=none|address (default none: the
# fuzzed crates have no `unsafe`, and without the sanitizer the targets
# run two to three times as fast), MULINO_FUZZ_TARGETS="a b" to run only
# some targets, MULINO_FUZZ_RUNS=N to stop a target after N inputs.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
case "$seconds" in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET]" >&2; exit 2 ;;
esac
cargo_fuzz_version=0.13.1
sanitizer="${MULINO_FUZZ_SANITIZER:-none}"
runs="${MULINO_FUZZ_RUNS:--1}"

if ! cargo fuzz --version 2>/dev/null | grep -qF "$cargo_fuzz_version"; then
  nice -n 19 cargo install cargo-fuzz --locked --version "$cargo_fuzz_version"
fi
if ! command -v c++ >/dev/null && ! command -v g++ >/dev/null && ! command -v clang++ >/dev/null; then
  echo "fuzz.sh: libFuzzer needs a C++ compiler (apt-get install g++)" >&2
  exit 2
fi

export RUSTC_BOOTSTRAP=1
host="$(rustc -vV | sed -n 's/^host: //p')"
targets="${MULINO_FUZZ_TARGETS:-$(cargo fuzz list)}"
# One build for every target, then the runs.
nice -n 19 cargo fuzz build -O --sanitizer "$sanitizer" >&2

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
failed=0
printf '%-14s %14s %8s %8s\n' target inputs crashes seconds
for target in $targets; do
  corpus="$scratch/$target"
  mkdir -p "$corpus" "fuzz/artifacts/$target"
  if [ -d "fuzz/corpus/$target" ]; then
    cp -R "fuzz/corpus/$target/." "$corpus/"
  fi
  before="$(find "fuzz/artifacts/$target" -type f | wc -l)"
  log="$scratch/$target.log"
  start="$(date +%s)"
  status=0
  nice -n 19 "fuzz/target/$host/release/$target" "$corpus" \
    -max_total_time="$seconds" -runs="$runs" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="fuzz/artifacts/$target/" >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  inputs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  crashes=$(( $(find "fuzz/artifacts/$target" -type f | wc -l) - before ))
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then
    crashes=1
  fi
  printf '%-14s %14s %8s %8s\n' "$target" "${inputs:-?}" "$crashes" "$elapsed"
  if [ "$crashes" -ne 0 ]; then
    failed=1
    tail -n 40 "$log" >&2
  fi
done
exit "$failed"
