#!/usr/bin/env bash
# `npm run progfuzz -- [--seed N] [--minutes M] [--cases N] [--check] [--update-ceiling]`: the
# program-level differential fuzzer (difftest/programs/run.mjs: generated whole programs, run in
# Node and in the sandbox runner, examples/difftest_runner.rs; findings shrunk on the program's
# AST). The runner is built as for `npm run difftest` (`build_difftest_runner` in lib.sh).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
runner="$(build_difftest_runner)"
exec node difftest/programs/run.mjs --runner "$runner" "$@"
