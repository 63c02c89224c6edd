#!/usr/bin/env bash
# Installs everything the build and the tests need; safe to run again (it skips what is there).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    echo "setup: adding the $component component"
    rustup component add "$component"
  fi
done

want="$(wasm_bindgen_version)"
have="$(wasm-bindgen --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1 || true)"
if [ "$have" != "$want" ]; then
  echo "setup: installing wasm-bindgen-cli $want (matches Cargo.lock)"
  # opt-level 1: about half the compile time of the default 3 (the longest step of a fresh
  # set-up), and it still processes the Worker's wasm in about a second.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$want" --force
fi

have="$(worker-build --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1 || true)"
if [ "$have" != "$WORKER_BUILD_VERSION" ]; then
  echo "setup: installing worker-build $WORKER_BUILD_VERSION"
  # Unoptimised: it only runs cargo, wasm-bindgen and esbuild and writes a small shim, so a debug
  # build does the same work while compiling in a fraction of the time.
  cargo install worker-build --version "$WORKER_BUILD_VERSION" --debug --force
fi

if [ ! -x node_modules/.bin/wrangler ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund
fi

# The inspector page's browser test drives Debian's Chromium with playwright-core (no browser download).
if [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium (for tests/integration/inspector.test.mjs)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
fi
