#!/usr/bin/env bash
# Builds the web app in release mode with Trunk and runs the browser tests
# (node's test runner, playwright-core, Debian's Chromium), then the budgets.
#
#   tests/browser/run.sh                 build, run every test, then the budgets
#   tests/browser/run.sh FILE…           build, run only these test files
#   tests/browser/run.sh --no-build …    test the dist folder as it is
#   tests/browser/run.sh --budgets-only  build, measure the budgets only
#   tests/browser/run.sh --no-budgets    skip the budgets
#   tests/browser/run.sh --fixture       check the harness on its stand-in app
#
# Environment: MULINO_DIST (the built app; default: a dist folder of its own
# under the cargo target dir), CARGO_TARGET_DIR (default target/), MULINO_SKIP_SETUP=1 to skip setup-web.sh.
# Prints node:test's summary lines (# tests, # pass, # fail) and the budgets'.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"

build=1
budgets=1
tests=1
fixture=0
files=()
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --no-budgets) budgets=0 ;;
    --budgets-only) tests=0 ;;
    --fixture) fixture=1; build=0; budgets=0 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) files+=("$arg") ;;
  esac
done

log() { printf '[browser-tests] %s\n' "$*" >&2; }

if [ "${MULINO_SKIP_SETUP:-0}" != 1 ] && [ "$fixture" = 0 ]; then
  bash scripts/setup-web.sh
elif [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
# shellcheck source=../../scripts/env-web.sh
. scripts/env-web.sh

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
if [ "$fixture" = 1 ]; then
  export MULINO_DIST="$ROOT/tests/browser/fixture"
else
  export MULINO_DIST="${MULINO_DIST:-$CARGO_TARGET_DIR/browser-dist}"
fi

if [ "$build" = 1 ]; then
  # Trunk.toml builds offline: the app's crates must be in cargo's cache.
  cargo fetch --locked >/dev/null 2>&1 || cargo fetch >&2
  log "trunk build --release --dist $MULINO_DIST (CARGO_TARGET_DIR=$CARGO_TARGET_DIR)"
  start=$(date +%s)
  trunk build --release --dist "$MULINO_DIST" >&2
  log "built in $(( $(date +%s) - start )) s"
fi
if [ ! -f "$MULINO_DIST/index.html" ]; then
  log "no built app in $MULINO_DIST"
  exit 1
fi

status=0
if [ "$tests" = 1 ]; then
  if [ "${#files[@]}" -eq 0 ]; then
    mapfile -t files < <(ls tests/browser/*.test.mjs)
  fi
  mkdir -p tests/browser/screenshots
  log "node --test ${files[*]}"
  # One browser at a time: the machine has two cores. The TAP output goes to a
  # file; its failures and closing summary are printed.
  report="$(mktemp)"
  if node --test --test-concurrency=1 --test-reporter=spec "${files[@]}" >"$report" 2>&1; then :; else status=1; fi
  cat "$report"
  pass="$(sed -n 's/^[^a-z]*pass \([0-9]*\)$/\1/p' "$report" | tail -n1)"
  fail="$(sed -n 's/^[^a-z]*fail \([0-9]*\)$/\1/p' "$report" | tail -n1)"
  echo "browser-tests: ${pass:-0} passed, ${fail:-0} failed"
  rm -f "$report"
fi
if [ "$budgets" = 1 ]; then
  log "node tests/browser/budgets.mjs"
  node tests/browser/budgets.mjs --dist "$MULINO_DIST" || status=1
fi
exit "$status"
