#!/usr/bin/env bash
# wrangler.toml's build command: the release Worker into build/ (index.js + index_bg.wasm).
# worker-build runs without its own wasm-opt download (--no-opt); the wasm is then shrunk with
# binaryen's wasm-opt (-O3) from node_modules. The optimised file is cached by the hash of its input, so
# a rebuild with no Rust change costs no optimisation pass. CODEMODE_NO_WASM_OPT=1 skips it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
export_build_tools
# CODEMODE_BUILD_DIR: where the Worker goes (default build/; the upgrade test's second build
# uses another folder, see scripts/test.sh).
out="${CODEMODE_BUILD_DIR:-build}"
worker-build --release --no-opt --out-dir "$out"

wasm="$out/index_bg.wasm"
# The features wasm-bindgen's output uses (exnref exceptions, externref, ...); not --all-features,
# which lets binaryen emit encodings workerd does not read.
WASM_FEATURES="--enable-exception-handling --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-multivalue"
if [ "${CODEMODE_NO_WASM_OPT:-}" != "1" ]; then
  cache="target/wasm-opt-cache"
  mkdir -p "$cache"
  # The level is part of the key: a file optimised at another level is not reused.
  key="$(sha256sum "$wasm" | cut -c1-32)-O3"
  if [ ! -f "$cache/$key.wasm" ]; then
    # -O3, not -Oz: the same size within 0.1 % (2,015,635 against 2,013,866 bytes gzipped), and
    # -Oz's size-driven inlining made boa's interpreter loop twice as slow in some builds (the 1e6
    # loop 345 ms against 172 ms with -O3, same Rust build; see docs/performance.md).
    echo "build-worker: optimising the wasm with wasm-opt -O3 (about a minute)"
    node_modules/.bin/wasm-opt -O3 $WASM_FEATURES "$wasm" -o "$cache/$key.wasm.tmp"
    mv "$cache/$key.wasm.tmp" "$cache/$key.wasm"
    # Keep the cache small: the newest few builds.
    ls -t "$cache"/*.wasm | tail -n +5 | xargs -r rm -f
  fi
  cp "$cache/$key.wasm" "$wasm"
fi
echo "build-worker: $(wc -c < "$wasm") bytes of wasm, $(gzip -9 -c "$wasm" | wc -c) gzipped"
