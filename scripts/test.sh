#!/usr/bin/env bash
# `npm test`: set up, then the native tests (cargo test) and the integration suite against the
# real Worker in workerd (Miniflare and `wrangler dev`).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# Each step's seconds, printed as a table when the run ends (passed or not): where CI's time goes.
STEPS=()
STARTED_AT=$SECONDS
step_started=$SECONDS
step_name=""
step() {
  finish_step
  step_name="$1"
  step_started=$SECONDS
  echo "== $1"
}
finish_step() {
  if [ -n "$step_name" ]; then
    STEPS+=("$(printf '%6d s  %s' $((SECONDS - step_started)) "$step_name")")
  fi
  step_name=""
}
print_steps() {
  local status=$?
  finish_step
  echo
  echo "== npm test: the steps and their time ($( [ $status -eq 0 ] && echo passed || echo "failed, exit $status"))"
  printf '%s\n' "${STEPS[@]}"
  printf '%6d s  in all\n' $((SECONDS - STARTED_AT))
}
trap print_steps EXIT

step "set-up (npm packages, Chromium; the build tools start compiling in the background)"
bash scripts/setup.sh --build-tools-later
# wasm-bindgen-cli and worker-build (on a new machine about four minutes of compiling) are needed
# from the first Worker build on: they compile beside the lints and the native tests.
mkdir -p test-output
TOOLS_LOG=test-output/build-tools.log
bash scripts/install-build-tools.sh >"$TOOLS_LOG" 2>&1 &
tools=$!
# Stopped if a step fails before it is waited for, so nothing outlives the run.
trap 'rc=$?; stop_tree "$tools"; (exit "$rc"); print_steps' EXIT

step "formatting and lints, native (rustfmt; clippy, warnings are errors)"
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings

step "lints for wasm32 (clippy: the Worker, the package's host)"
cargo clippy --target wasm32-unknown-unknown --lib --locked -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --locked --no-default-features --features embed -- -D warnings

step "the fork is its patch series (pristine crates from crates.io + patches/ == vendor/)"
bash scripts/fork.sh check

step "native tests (cargo test)"
cargo test --locked

step "upstream's own tests against the fork (boa_engine, boa_ast, boa_string, regress: patches/README.md)"
bash scripts/upstream-tests.sh

step "differential test against Node (fixed seed; fails on a crash or a family above difftest/ceilings.json)"
bash scripts/difftest.sh --check

step "program fuzzer against Node (fixed seed; fails on a crash, a hang, or mismatches above difftest/programs/ceiling.json)"
bash scripts/progfuzz.sh --check

step "the build tools (compiled in the background since set-up)"
tools_status=0
wait "$tools" || tools_status=$?
trap print_steps EXIT
cat "$TOOLS_LOG"
[ "$tools_status" -eq 0 ]

step "building the Worker"
bash scripts/build-worker.sh

step "the Worker with a changed sandbox, patched from build/ (for tests/integration/upgrade.test.mjs)"
node scripts/upgrade-probe.mjs build build-upgrade

# The integration files, two at a time (one a core): each starts its own workerd, on ports of its
# own, in folders of its own, and most of a file's time is waiting (timers, restarts, wrangler dev
# starting). Those that need only the Worker (build/) start while the npm package compiles; the
# package's, the upgrade's and wrangler dev's (it runs wrangler.toml's build command, which would
# wait for the package's cargo) run after it.
mkdir -p test-output
AFTER_PACKAGE=(embedded_models embedded_package embedded_seed examples_chat reference_types upgrade wrangler_dev)
WORKER_ONLY=()
PACKAGE_TOO=()
for file in tests/integration/*.test.mjs; do
  name="$(basename "$file" .test.mjs)"
  if [[ " ${AFTER_PACKAGE[*]} " == *" $name "* ]]; then PACKAGE_TOO+=("$file"); else WORKER_ONLY+=("$file"); fi
done
# node --test without files would look for test files everywhere.
[ "${#WORKER_ONLY[@]}" -gt 0 ] && [ "${#PACKAGE_TOO[@]}" -gt 0 ]
integration() {
  node --test --test-concurrency=2 --test-reporter=spec "$@"
}

step "the npm package (packages/codemode), while the Worker's integration tests run (workerd, in the background)"
EARLY_LOG=test-output/integration-worker.log
integration "${WORKER_ONLY[@]}" >"$EARLY_LOG" 2>&1 &
early=$!
# Stopped if the build fails, so the run does not wait on it.
trap 'rc=$?; stop_tree "$early"; (exit "$rc"); print_steps' EXIT
bash scripts/build-package.sh

step "the package's, the upgrade's and wrangler dev's integration tests (workerd), then the Worker's end"
late_status=0
integration "${PACKAGE_TOO[@]}" || late_status=$?
early_status=0
wait "$early" || early_status=$?
trap print_steps EXIT
echo "== the Worker's integration tests (${#WORKER_ONLY[@]} files, run alongside the package's build; $EARLY_LOG)"
cat "$EARLY_LOG"
[ "$late_status" -eq 0 ] && [ "$early_status" -eq 0 ]
