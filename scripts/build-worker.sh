#!/usr/bin/env bash
# wrangler.toml's build command: the release Worker into build/ (index.js + index_bg.wasm).
# worker-build runs without its own wasm-opt download (--no-opt); the wasm is then shrunk with
# binaryen's wasm-opt (-O3) from node_modules. The optimised file is cached by the hash of its input, so
# a rebuild with no Rust change costs no optimisation pass. CODEMODE_NO_WASM_OPT=1 skips it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
export_build_tools
# CODEMODE_BUILD_DIR: where the Worker goes (default build/).
out="${CODEMODE_BUILD_DIR:-build}"
worker-build --release --no-opt --out-dir "$out"

optimise_wasm "$out/index_bg.wasm"
