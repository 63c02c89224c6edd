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

# The installs run side by side, each logging apart (printed when it ends): the build tools
# compile (on a new machine the longest part of set-up), npm and apt mostly wait on the network.
# `--build-tools-later`: not the build tools (`npm test` runs scripts/install-build-tools.sh
# beside its first steps, which do not need them).
if [ "${1:-}" != "--build-tools-later" ]; then
  in_background "build-tools" bash scripts/install-build-tools.sh
fi

if [ ! -x node_modules/.bin/wrangler ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  in_background "npm-ci" npm ci --no-audit --no-fund
fi

# The inspector page's browser test drives Debian's Chromium with playwright-core (no browser download).
install_chromium() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
}
if [ ! -x /usr/bin/chromium ]; then
  in_background "chromium" install_chromium
fi

wait_for_jobs
