#!/usr/bin/env bash
# `npm run bench`: set up, build the release Worker, then measure it in workerd (bench/run.mjs).
# Then bench/models.mjs measures a model call's overhead against a local OpenAI-compatible
# server's own answer, and bench/memory.mjs prints bytes per element beside V8 and QuickJS-wasm.
# Arguments go to bench/run.mjs: --quick for a short smoke run, --out FILE for the JSON
# (default bench/results/latest.json). CODEMODE_BENCH_NO_BUILD=1 measures build/ as it is.
# The native benchmark of the core is separate: cargo run --release --example bench_core
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh

if [ "${CODEMODE_BENCH_NO_BUILD:-}" != "1" ]; then
  echo "== building the release Worker"
  # The commit measured is the one built (HEAD may move while the benchmark runs).
  CODEMODE_BENCH_COMMIT="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  export CODEMODE_BENCH_COMMIT
  bash scripts/build-worker.sh
fi

echo "== benchmarking build/ in workerd (Miniflare)"
node bench/run.mjs "$@"
echo "== models: a model call's cost beyond the provider's own answer (bench/models.mjs)"
node bench/models.mjs "$@"
echo "== memory: bytes per element, ours / V8 / QuickJS-wasm (bench/memory.mjs)"
node bench/memory.mjs
