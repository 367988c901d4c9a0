#!/usr/bin/env bash
# The longest Rust functions (line counts, fn keyword to closing brace) in
# the given folders, longest first: `scripts/longest-fn.sh [-n N] DIR...`
# (default: app/src morris-board/src). See longest-fn.py.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -eq 0 ] || { [ "$#" -eq 2 ] && [ "$1" = -n ]; }; then
  cd "$HERE/.."
  set -- "$@" app/src morris-board/src
fi
exec python3 "$HERE/longest-fn.py" "$@"
