#!/usr/bin/env bash
# `npm test`: set up, then the native tests (cargo test) and the integration suite against the
# real Worker in workerd (Miniflare and `wrangler dev`).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh

echo "== formatting and lints (rustfmt; clippy natively and for wasm32, warnings are errors)"
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --locked -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --locked --no-default-features --features embed -- -D warnings

echo "== the fork is its patch series (pristine crates from crates.io + patches/ == vendor/)"
bash scripts/fork.sh check

echo "== native tests (cargo test)"
cargo test --locked

echo "== differential test against Node (fixed seed; fails on a crash or a family above difftest/ceilings.json)"
bash scripts/difftest.sh --check

echo "== program fuzzer against Node (fixed seed; fails on a crash, a hang, or mismatches above difftest/programs/ceiling.json)"
bash scripts/progfuzz.sh --check

echo "== building the Worker with a changed sandbox (for tests/integration/upgrade.test.mjs)"
CODEMODE_UPGRADE_PROBE=1 CODEMODE_BUILD_DIR=build-upgrade CODEMODE_NO_WASM_OPT=1 bash scripts/build-worker.sh

echo "== building the Worker"
bash scripts/build-worker.sh

echo "== building the npm package (packages/codemode: the embedded host)"
bash scripts/build-package.sh

echo "== integration tests (workerd)"
mkdir -p test-output
node --test --test-concurrency=1 --test-reporter=spec tests/integration/
