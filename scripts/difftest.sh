#!/usr/bin/env bash
# `npm run difftest -- [--seed N] [--minutes M] [--cases N] [--families a,b] [--check]`: the
# differential harness (difftest/run.mjs) against the sandbox runner (examples/difftest_runner.rs).
# The runner is built in the test profile by default, which `cargo test` has already built (only the
# example itself compiles); DIFFTEST_PROFILE=release builds it optimised (a full second build of
# boa, several times more cases a minute; the release profile aborts on panic, as the Worker does,
# and the harness finds the case as the first one without an answer).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
profile="${DIFFTEST_PROFILE:-debug}"
target="${CARGO_TARGET_DIR:-$ROOT/target}"
if [ "$profile" = release ]; then
  # The Worker's release profile without LTO (a much shorter build, the same engine code).
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo build --locked --release --example difftest_runner
else
  cargo build --locked --example difftest_runner
fi
exec node difftest/run.mjs --runner "$target/$profile/examples/difftest_runner" "$@"
