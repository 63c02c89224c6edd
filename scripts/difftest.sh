#!/usr/bin/env bash
# `npm run difftest -- [--seed N] [--minutes M] [--cases N] [--families a,b] [--check]`: the
# differential harness (difftest/run.mjs) against the sandbox runner (examples/difftest_runner.rs).
# The runner is built in the test profile by default, which `cargo test` has already built (only the
# example itself compiles); DIFFTEST_PROFILE=release builds it optimised (a full second build of
# boa, ~10x faster cases; note the release profile aborts on panic, as the Worker does).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
profile="${DIFFTEST_PROFILE:-debug}"
target="${CARGO_TARGET_DIR:-$ROOT/target}"
if [ "$profile" = release ]; then
  cargo build --locked --release --example difftest_runner
else
  cargo build --locked --example difftest_runner
fi
exec node difftest/run.mjs --runner "$target/$profile/examples/difftest_runner" "$@"
