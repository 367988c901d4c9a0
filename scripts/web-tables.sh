#!/usr/bin/env bash
# Makes the win/draw/loss tables for any static host (docs/tables.md,
# "Nine for any static host"): every table of the folder DIR as a block
# index and parts of at most 100 MB each, with OUT/manifest.json, for
# HTTP range reads. DIR is a folder of tables, flat or packed, such as the
# one `scripts/placing-book.sh nine DIR tables` solves.
#
# Idempotent: a class whose files are in OUT and whole (every block's
# CRC-32 holds) is kept; the manifest is written again from every class in
# OUT. Then checks every file's SHA-256 and 1,000,000 random entries
# against the tables (MULINO_WEB_SAMPLES to change; 0 skips the entries).
#
# Usage: scripts/web-tables.sh DIR OUT
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: scripts/web-tables.sh DIR OUT" >&2
  exit 2
fi
tables=$1
out=$2
cd "$(dirname "$0")/.."
cargo build --release -p morris-cli --locked
morris="${CARGO_TARGET_DIR:-target}/release/morris"
"$morris" tb web --table "$tables" --out-dir "$out"
"$morris" tb web-check --web "$out" --table "$tables" --samples "${MULINO_WEB_SAMPLES:-1000000}"
