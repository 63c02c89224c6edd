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

# The four installs run side by side, each logging to its own file (printed when it ends): the two
# `cargo install`s compile (on a new machine the longest part of set-up, and each has stretches
# that use one core), npm and apt mostly wait on the network.
LOGS="$(mktemp -d)"
JOBS=()
in_background() {
  local name="$1"
  shift
  echo "setup: $name (in the background)"
  ("$@") >"$LOGS/$name.log" 2>&1 &
  JOBS+=("$!:$name")
}

install_wasm_bindgen() {
  # opt-level 1: about half the compile time of the default 3, and it still processes the
  # Worker's wasm in about a second.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 cargo install wasm-bindgen-cli --version "$1" --force
}
want="$(wasm_bindgen_version)"
have="$(wasm-bindgen --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1 || true)"
if [ "$have" != "$want" ]; then
  in_background "wasm-bindgen-cli-$want" install_wasm_bindgen "$want"
fi

have="$(worker-build --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1 || true)"
if [ "$have" != "$WORKER_BUILD_VERSION" ]; then
  # Unoptimised: it only runs cargo, wasm-bindgen and esbuild and writes a small shim, so a debug
  # build does the same work while compiling in a fraction of the time.
  in_background "worker-build-$WORKER_BUILD_VERSION" cargo install worker-build --version "$WORKER_BUILD_VERSION" --debug --force
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

failed=0
for job in "${JOBS[@]}"; do
  pid="${job%%:*}"
  name="${job#*:}"
  if wait "$pid"; then
    echo "setup: $name done"
    tail -n 3 "$LOGS/$name.log"
  else
    echo "setup: $name FAILED:"
    cat "$LOGS/$name.log"
    failed=1
  fi
done
rm -rf "$LOGS"
[ "$failed" -eq 0 ] || exit 1
