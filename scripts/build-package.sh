#!/usr/bin/env bash
# The npm package `codemode-runtime` (packages/codemode/): the Rust core built with the embedded
# host (feature `embed`, no Worker entry), its JavaScript bindings from wasm-bindgen
# (`--target module`, the form workerd, wrangler and Vite load: the wasm is imported as a
# WebAssembly.Module), shrunk like the Worker's. Output: packages/codemode/wasm/.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
target="${CARGO_TARGET_DIR:-$ROOT/target}"
out="packages/codemode/wasm"
# WASM_BINDGEN_USE_JS_SYS as worker-build sets it, so the two builds share their dependencies.
WASM_BINDGEN_USE_JS_SYS=1 cargo build --locked --release --target wasm32-unknown-unknown --lib \
  --no-default-features --features embed
rm -rf "$out.tmp"
# The reset-state function and abort handler are what worker-build adds for the Worker: after a
# panic (which aborts), the next call gets a fresh instance instead of a dead one.
"$HOME/.cargo/bin/wasm-bindgen" --target module --out-dir "$out.tmp" --out-name codemode \
  --experimental-reset-state-function --force-enable-abort-handler \
  "$target/wasm32-unknown-unknown/release/codemode_runtime.wasm"
optimise_wasm "$out.tmp/codemode_bg.wasm"
# wasm-bindgen imports the module in the source phase (`import source`), which wrangler's and
# Vite's bundlers do not read yet; both load a plain `.wasm` import as a WebAssembly.Module.
sed -i 's|^import source wasmModule from "./codemode_bg.wasm";|import wasmModule from "./codemode_bg.wasm";|' "$out.tmp/codemode.js"
grep -q '^import wasmModule from "./codemode_bg.wasm";' "$out.tmp/codemode.js"
rm -rf "$out"
mv "$out.tmp" "$out"

# The contract's shapes, generated from the Rust types (client/src/contract.ts is checked against
# them by tests/contract_types.rs), then the package's TypeScript.
cp client/src/contract.ts packages/codemode/src/contract.ts
"$ROOT/node_modules/.bin/tsc" -p packages/codemode/tsconfig.json
echo "build-package: packages/codemode (dist/, wasm/) built"
