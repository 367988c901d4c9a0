#!/usr/bin/env bash
# The embedded boards, the engine worker and the bundler examples in
# Chromium (needs morris-wasm/pkg built with the board entry; playwright-core,
# vite and webpack from the root package.json; Debian's chromium).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/env-web.sh
node --test tests/embed/
