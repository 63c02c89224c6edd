#!/usr/bin/env bash
# Fuzzes the runtime with cargo-fuzz (libFuzzer): the `script` target (arbitrary source through
# execute/approve) and the `journal` target (journal entries and execution records, parsed and
# written into a paused run's store, then approved). See fuzz/src/lib.rs for the invariants.
#
#   bash scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     # default: 600 s, both targets
#
# One fuzzing process at a time (-fork=1: see below). The working corpus grows under fuzz/corpus/<target>
# (ignored by git) and starts from the committed seeds in fuzz/seeds/<target>; crashes, timeouts
# and OOMs land in fuzz/artifacts/<target>/. libFuzzer's log of each run is fuzz/logs/<target>.log.
# Needs no nightly toolchain: RUSTC_BOOTSTRAP=1 lets the stable one take libFuzzer's -Z flags.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SECONDS_PER_TARGET="${1:-600}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(script journal)

export RUSTC_BOOTSTRAP=1
# Leak reports off in every fuzzing process (the flag below covers only the parent under -fork):
# see the note on -detect_leaks.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi

echo "== building the fuzz targets"
cargo fuzz build

mkdir -p fuzz/logs
status=0
for target in "${TARGETS[@]}"; do
  mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
  echo "== fuzzing $target for $SECONDS_PER_TARGET s (log: fuzz/logs/$target.log)"
  # -timeout: one input (execute plus up to 3 approvals, each pass capped at 2,000,000
  # instructions) takes well under a second; only work outside the budget can take longer.
  # -detect_leaks=0: the sandbox compiles its prelude once per thread and keeps it for the thread's
  # life (about 130 KB); LeakSanitizer reports that on every run, which ended each fork job after
  # one input. Memory errors are still caught by AddressSanitizer.
  # -fork=1 runs one fuzzing process at a time (like -jobs=1 -workers=1) but keeps going after a
  # crash, timeout or OOM, so one known bug does not end the run: every finding is saved under
  # fuzz/artifacts/<target>/ and the run lasts its whole time.
  started=$(date +%s)
  if ! cargo fuzz run "$target" "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
      -max_total_time="$SECONDS_PER_TARGET" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -rss_limit_mb=4096 -max_len=4096 -timeout=60 -detect_leaks=0 -dict="fuzz/$target.dict" \
      >"fuzz/logs/$target.log" 2>&1; then
    status=1
  fi
  echo "   ran $(( $(date +%s) - started )) s; corpus: $(ls "fuzz/corpus/$target" | wc -l) inputs"
  grep -E "^#[0-9]+: cov" "fuzz/logs/$target.log" | tail -1 || true
  grep -E "^INFO: (log of failed unit|found .* crash)|^Done|==[0-9]+== ERROR|panicked at" "fuzz/logs/$target.log" | sort | uniq -c | head -20 || true
done
findings=$(find fuzz/artifacts -type f 2>/dev/null | sort)
if [ -n "$findings" ]; then
  echo "== findings (minimise with: RUSTC_BOOTSTRAP=1 cargo fuzz tmin <target> <file>):"
  echo "$findings"
  status=1
else
  echo "== no findings"
fi
exit $status
