# Shared by the scripts: paths and the tool versions the build needs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
WORKER_BUILD_VERSION="0.8.7"

# The wasm-bindgen version locked in Cargo.lock: the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}

# Background jobs whose output is kept apart and printed when they end (set-up's installs).
JOBS=()
JOB_LOGS=""
in_background() {
  local name="$1"
  shift
  [ -n "$JOB_LOGS" ] || JOB_LOGS="$(mktemp -d)"
  echo "$name: started in the background"
  ("$@") >"$JOB_LOGS/$name.log" 2>&1 &
  JOBS+=("$!:$name")
}
# Waits for every job started by in_background: prints the end of each log (all of a failed
# one's) and fails if one did.
wait_for_jobs() {
  local failed=0 job pid name
  for job in "${JOBS[@]}"; do
    pid="${job%%:*}"
    name="${job#*:}"
    if wait "$pid"; then
      echo "$name: done"
      tail -n 3 "$JOB_LOGS/$name.log"
    else
      echo "$name: FAILED"
      cat "$JOB_LOGS/$name.log"
      failed=1
    fi
  done
  JOBS=()
  [ -z "$JOB_LOGS" ] || rm -rf "$JOB_LOGS"
  JOB_LOGS=""
  return "$failed"
}

# Stops a background job and every process under it (a test runner's workerd, a cargo's rustc).
stop_tree() {
  local pid="$1" child
  for child in $(pgrep -P "$pid" 2>/dev/null || true); do
    stop_tree "$child"
  done
  kill "$pid" 2>/dev/null || true
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

# Shrinks a wasm file in place with binaryen's wasm-opt (-O3) from node_modules, cached by the
# hash of its input (a rebuild with no Rust change costs no optimisation pass), and prints its
# size. CODEMODE_NO_WASM_OPT=1 skips the pass.
optimise_wasm() {
  local wasm="$1"
  # The features wasm-bindgen's output uses (exnref exceptions, externref, ...); not --all-features,
  # which lets binaryen emit encodings workerd does not read.
  local features="--enable-exception-handling --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-multivalue"
  if [ "${CODEMODE_NO_WASM_OPT:-}" != "1" ]; then
    local cache="$ROOT/target/wasm-opt-cache"
    mkdir -p "$cache"
    # The level is part of the key: a file optimised at another level is not reused.
    local key
    key="$(sha256sum "$wasm" | cut -c1-32)-O3"
    if [ ! -f "$cache/$key.wasm" ]; then
      # -O3, not -Oz: the same size within 0.1 % (2,015,635 against 2,013,866 bytes gzipped), and
      # -Oz's size-driven inlining made boa's interpreter loop twice as slow in some builds (the 1e6
      # loop 345 ms against 172 ms with -O3, same Rust build; see docs/performance.md).
      echo "optimise_wasm: wasm-opt -O3 on $(basename "$wasm") (about a minute)"
      "$ROOT/node_modules/.bin/wasm-opt" -O3 $features "$wasm" -o "$cache/$key.wasm.tmp"
      mv "$cache/$key.wasm.tmp" "$cache/$key.wasm"
      # Keep the cache small: the newest few builds (the Worker's and the package's).
      ls -t "$cache"/*.wasm | tail -n +7 | xargs -r rm -f
    fi
    cp "$cache/$key.wasm" "$wasm"
  fi
  echo "optimise_wasm: $(basename "$wasm"): $(wc -c < "$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped"
}
