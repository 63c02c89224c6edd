#!/usr/bin/env bash
# `npm run test262 [-- DIR...]`: test262's built-ins, language and annexB suites (or the
# directories named, under test/) against the engine, in a release build, compared with
# tests/test262/expected_failures.txt (tests/test262/README.md). TEST262_UPDATE=1 rewrites the list.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
# The release profile aborts on panic (the Worker's); the runner needs unwinding to report a
# panic as the failure of one test. No LTO and parallel codegen: the build takes minutes, not tens.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_PANIC=unwind
TEST262_FULL=1 exec cargo test --release --locked --test test262 -- "$@"
