#!/usr/bin/env bash
# `npm run difftest -- [--seed N] [--minutes M] [--cases N] [--families a,b] [--check]`: the
# differential harness over built-in families (difftest/run.mjs) against the sandbox runner
# (examples/difftest_runner.rs; `build_difftest_runner` in lib.sh says which build).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
runner="$(build_difftest_runner)"
exec node difftest/run.mjs --runner "$runner" "$@"
