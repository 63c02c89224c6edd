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

# Builds the sandbox runner of the differential harnesses (examples/difftest_runner.rs) and prints
# its path: the test profile by default (`cargo test` has built the engine already), the release
# profile without LTO with DIFFTEST_PROFILE=release (several times more cases a minute; it aborts
# on panic, as the Worker does).
build_difftest_runner() {
  local profile="${DIFFTEST_PROFILE:-debug}"
  local target="${CARGO_TARGET_DIR:-$ROOT/target}"
  if [ "$profile" = release ]; then
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
      cargo build --locked --release --example difftest_runner >&2
  else
    cargo build --locked --example difftest_runner >&2
  fi
  echo "$target/$profile/examples/difftest_runner"
}
