# Shared by the scripts: paths and the tool versions the build needs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
WORKER_BUILD_VERSION="0.8.7"

# The wasm-bindgen version locked in Cargo.lock: the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

# Point worker-build at local tools instead of downloading them from GitHub.
export_build_tools() {
  export WASM_BINDGEN_BIN="$HOME/.cargo/bin/wasm-bindgen"
  export ESBUILD_BIN="$ROOT/node_modules/.bin/esbuild"
}
