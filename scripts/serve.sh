#!/usr/bin/env bash
# Serves a built app (default: dist/, as `trunk build --release` makes it)
# the way a static host does, with the npm package serve (pinned in
# package-lock.json) and scripts/serve.json: gzip or brotli for whatever
# compresses (the wasm, the JS, the CSS, the page), a year's immutable cache
# for the files Trunk names by their content hash, revalidation (no-cache and
# an ETag) for everything else (index.html, sw.js, the manifest, the language
# catalogues, the workers, the tables), no directory listing, no reload.
#
#   scripts/serve.sh [DIST]      on http://127.0.0.1:${PORT:-8080}
#
# Only on the loopback address. PORT=0 takes a free port; either way the
# address is the one on the line "Accepting connections at http://…" (serve
# moves to a free port when the one asked for is taken). No clipboard, no
# update check, no request log: nothing leaves the machine.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIST="${1:-$ROOT/dist}"
if [ ! -f "$DIST/index.html" ]; then
  printf '[serve] no built app in %s (index.html missing): trunk build --release first\n' "$DIST" >&2
  exit 1
fi
SERVE="$ROOT/node_modules/.bin/serve"
if [ ! -x "$SERVE" ]; then
  printf '[serve] %s missing: npm ci (or scripts/setup-web.sh) first\n' "$SERVE" >&2
  exit 1
fi
# serve reads these: no look-up of a newer version at start, and its
# one-line start message instead of a box.
export NO_UPDATE_CHECK=1 NODE_ENV=production
exec "$SERVE" --config "$ROOT/scripts/serve.json" --no-clipboard --no-request-logging \
  --listen "tcp://127.0.0.1:${PORT:-8080}" "$DIST"
