#!/usr/bin/env bash
# The development loop: `trunk serve --release` on http://127.0.0.1:8080
# (PORT=… to change it) rebuilds the app on every change under app/ or the
# crates it uses and reloads the open pages. A development server only:
# nothing compressed, a reload socket in every page. scripts/run.sh serves
# the release build as a static host does. Extra arguments go to trunk.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/setup-web.sh
bash scripts/wdl-tables.sh
# shellcheck source=env-web.sh
. scripts/env-web.sh
# Trunk.toml builds offline: the app's crates must be in cargo's cache.
cargo fetch --locked >/dev/null 2>&1 || cargo fetch
exec trunk serve --release --address 127.0.0.1 --port "${PORT:-8080}" "$@"
