#!/usr/bin/env bash
# The Lighthouse benchmark (docs/audit.md): builds the release
# (`trunk build --release`) into ${MULINO_DIST:-dist} and puts its first
# screen in the page (scripts/prerender.mjs) as scripts/run.sh does, serves
# it as run.sh does (scripts/serve.sh) and runs the pinned lighthouse on
# it with Debian's Chromium, phone profile. Prints the scores, the metrics,
# the long tasks and the main thread's breakdown. Not a test: the figures
# depend on the machine and its load.
#
#   scripts/lighthouse.sh [--no-build] [--no-prerender] [--runs N] [--json FILE] [--devtools]
#
# MULINO_SKIP_SETUP=1 skips scripts/setup-web.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
prerender=1
pass=()
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --no-prerender) prerender=0 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) pass+=("$arg") ;;
  esac
done
dist="${MULINO_DIST:-dist}"

if [ "${MULINO_SKIP_SETUP:-0}" != 1 ]; then
  bash scripts/setup-web.sh
fi
# shellcheck source=env-web.sh
. scripts/env-web.sh
if [ "$build" = 1 ]; then
  # Trunk.toml builds offline: the app's crates must be in cargo's cache.
  cargo fetch --locked >/dev/null 2>&1 || cargo fetch >&2
  trunk build --release --dist "$dist" >&2
fi
if [ "$prerender" = 1 ]; then
  node scripts/prerender.mjs "$dist" >&2
fi
exec node tests/browser/lighthouse.mjs --dist "$dist" "${pass[@]}"
