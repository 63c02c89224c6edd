#!/usr/bin/env bash
# The Worker's build tools, installed with cargo unless present at the right version:
# wasm-bindgen-cli (the version Cargo.lock has) and worker-build. The two compile side by side.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

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
wait_for_jobs
