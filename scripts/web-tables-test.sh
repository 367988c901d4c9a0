#!/usr/bin/env bash
# Makes a small set of web table files for tests (docs/tables.md, "Nine
# for any static host"): Nine's classes from 3v3 up to N pieces a side
# (default 4: 3v3, 4v3, 4v4, in seconds; 6 takes a couple of minutes),
# solved into OUT/tables (`morris tb generate --up-to N`) and written for
# range reads into OUT/web (`morris tb web`: manifest.json, an index and
# parts per class), then checked (`morris tb web-check`: every file's
# SHA-256 and 1,000,000 random entries, MULINO_WEB_SAMPLES to change).
#
# Idempotent: the tables and web files already in OUT are kept when whole,
# so a second run only checks them. Prints OUT/web, the folder to serve.
# The morris binary is $MORRIS when set, else built (release).
#
# Usage: scripts/web-tables-test.sh OUT [N]
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: scripts/web-tables-test.sh OUT [N]" >&2
  exit 2
fi
out=$1
up_to=${2:-4}
case "$up_to" in
  3 | 4 | 5 | 6 | 7) ;;
  *) echo "N is the most pieces a side, 3 to 7 (not $up_to)" >&2; exit 2 ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "${MORRIS:-}" ]; then
  (cd "$root" && cargo build --release -p morris-cli --locked >&2)
  MORRIS="${CARGO_TARGET_DIR:-$root/target}/release/morris"
fi
mkdir -p "$out/tables" "$out/web"
"$MORRIS" tb generate --variant nine --up-to "$up_to" --out-dir "$out/tables" >&2
"$MORRIS" tb web --table "$out/tables" --out-dir "$out/web" >&2
"$MORRIS" tb web-check --web "$out/web" --table "$out/tables" --samples "${MULINO_WEB_SAMPLES:-1000000}" >&2
echo "$out/web"
