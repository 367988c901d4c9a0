#!/usr/bin/env bash
# The embedded boards in Chromium (needs morris-wasm/pkg built with the
# board entry, playwright-core from the root package.json and Debian's
# chromium).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/env-web.sh
node --test tests/embed/
