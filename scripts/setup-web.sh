#!/usr/bin/env bash
# Installs what building and testing the Mulino web app needs, skipping
# whatever is already there at the right version. Safe to run again and again;
# CI runs it as root, non-interactively, on a fresh Debian machine with Rust
# (rustup) and Node 20. Everything comes from the package registries:
# crates.io (trunk, wasm-bindgen-cli), Debian (chromium, chromium-driver) and
# npm (playwright-core, binaryen's wasm-opt, typedoc, vite, webpack, pinned in
# package-lock.json).
# Nothing downloads a prebuilt binary from anywhere else.
#
# Prints what it does on stderr. Then `source scripts/env-web.sh` for the build.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
TRUNK_VERSION=0.21.14

log() { printf '[setup-web] %s\n' "$*" >&2; }

export PATH="$HOME/.cargo/bin:$PATH"

if ! command -v cargo >/dev/null 2>&1; then
  log "cargo not found: install Rust with rustup first"
  exit 1
fi
if ! command -v npm >/dev/null 2>&1; then
  log "npm not found: install Node 20 first"
  exit 1
fi

# --- Rust target -------------------------------------------------------------
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  log "rustup target wasm32-unknown-unknown: present"
else
  log "adding rustup target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown >&2
fi

# --- cargo tools ---------------------------------------------------------------
# `tool --version` prints e.g. "wasm-bindgen 0.2.130" / "trunk 0.21.14".
has_version() { # NAME VERSION
  local out
  out="$("$1" --version 2>/dev/null || true)"
  [ "$(printf '%s\n' "$out" | head -n1 | awk '{print $2}')" = "$2" ]
}

if has_version wasm-bindgen "$WASM_BINDGEN_VERSION"; then
  log "wasm-bindgen ${WASM_BINDGEN_VERSION}: present"
else
  log "cargo install wasm-bindgen-cli --version ${WASM_BINDGEN_VERSION} (several minutes)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force >&2
fi

if has_version trunk "$TRUNK_VERSION"; then
  log "trunk ${TRUNK_VERSION}: present"
else
  log "cargo install trunk --version ${TRUNK_VERSION} --locked (about 15 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force >&2
fi

# --- Debian packages: the browser the tests drive, and a TURN server ----------
# (coturn: rooms-turn.test.mjs starts one on 127.0.0.1; it is not a service
# here, nothing starts it but that test)
missing=()
for pkg in chromium chromium-driver coturn; do
  if [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)" != "install ok installed" ]; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  log "chromium, chromium-driver, coturn: present"
else
  if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo -n); fi
  log "apt-get update"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
  log "apt-get install ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
fi

# --- npm packages: playwright-core, binaryen (wasm-opt), typedoc, vite, webpack
# node_modules is fresh when it was made by `npm ci` from the committed lock
# file as it is now; we keep the lock file's hash beside it to tell.
lock_hash="$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)"
stamp=node_modules/.mulino-lock-hash
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ] \
  && [ -x node_modules/.bin/wasm-opt ] && [ -d node_modules/playwright-core ]; then
  log "node_modules: up to date with package-lock.json"
else
  log "npm ci (node_modules missing or stale)"
  npm ci --no-audit --no-fund --loglevel=error >&2
  printf '%s\n' "$lock_hash" >"$stamp"
fi

log "ready: $(wasm-bindgen --version), $(trunk --version), $(node_modules/.bin/wasm-opt --version), $(/usr/bin/chromium --version 2>/dev/null)"
