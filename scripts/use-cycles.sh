#!/usr/bin/env bash
# Import cycles between the files of the app and the board crate (none
# expected): `scripts/use-cycles.sh [SRC_DIR...]`. See use-cycles.py.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
cd "$HERE/.."
[ "$#" -eq 0 ] && set -- app/src morris-board/src
status=0
for dir in "$@"; do
  printf '%s: ' "$dir"
  python3 "$HERE/use-cycles.py" "$dir" || status=1
done
exit "$status"
