#!/usr/bin/env bash
# Sets up, builds (`trunk build --release` into dist/) and serves the Mulino
# web app on http://127.0.0.1:8080 (PORT=… to change it) as a static host
# does: compressed, hashed files cached for good, no reload
# (scripts/serve.sh), with its first screen in the page
# (scripts/prerender.mjs). Nine's tables for any static host, when they have
# been made (`scripts/web-tables.sh DIR web-tables`; MULINO_WEB_TABLES=FOLDER
# for another folder), are served beside the app as nine-web/, where the app
# reads them by default. The development loop, rebuilding and reloading on
# every change, is scripts/dev.sh. `./scripts/run.sh cli ARGS…` runs the `morris`
# command line instead, e.g. `./scripts/run.sh cli perft 5`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
if [ "${1:-}" = cli ]; then
  shift
  cargo build --release --locked -p morris-cli
  exec ./target/release/morris "$@"
fi
bash scripts/setup-web.sh
# The endgame tables the app fetches when a game reaches them (a few
# minutes the first time; kept afterwards).
bash scripts/wdl-tables.sh
# shellcheck source=env-web.sh
. scripts/env-web.sh
# Trunk.toml builds offline: the app's crates must be in cargo's cache.
cargo fetch --locked >/dev/null 2>&1 || cargo fetch
trunk build --release --dist dist
# The first screen in the page, drawn before the wasm arrives (docs/audit.md);
# without it the app still runs, only its first paint waits for the wasm.
node scripts/prerender.mjs dist || printf '[run] the first screen was not put in the page: serving without it\n' >&2
web="${MULINO_WEB_TABLES:-web-tables}"
if [ -f "$web/manifest.json" ]; then
  # A link, not a copy: all of Nine is 1.4 GB (serve follows a linked folder).
  ln -sfn "$(cd "$web" && pwd)" dist/nine-web
  printf '[run] Nine'"'"'s tables for range reads served from %s as nine-web/\n' "$web" >&2
fi
exec bash scripts/serve.sh dist
