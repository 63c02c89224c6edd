#!/usr/bin/env bash
# Upstream's own tests against the fork (patches/README.md): the vendored crates, copied into a
# workspace of their own (tests/upstream/Cargo.toml and its Cargo.lock) under target/upstream/,
# tested there with the runtime's target dir. boa_engine runs with the runtime's features less
# `fuzz`: that feature's instruction budget starts at zero, and upstream's harness sets none.
#
#   bash scripts/upstream-tests.sh [--update-lock]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
WORKSPACE="$TARGET/upstream"
rm -rf "$WORKSPACE"
mkdir -p "$WORKSPACE"
for crate in boa_engine boa_ast boa_string regress; do
  cp -r "vendor/$crate" "$WORKSPACE/$crate"
done
cp tests/upstream/Cargo.toml "$WORKSPACE/Cargo.toml"
# boa_engine is also a `cdylib` upstream, and cargo names a cdylib package's outputs without a
# hash: this copy's `libboa_engine.rlib` would overwrite the runtime's own (same target dir, other
# features), and the runtime's next build would link it. The tests need only the `lib`.
sed -i 's/^    "cdylib",$//' "$WORKSPACE/boa_engine/Cargo.toml"
grep -q '"cdylib"' "$WORKSPACE/boa_engine/Cargo.toml" && { echo "upstream-tests: boa_engine's crate-type did not change"; exit 1; }
LOCKED=--locked
if [ "${1:-}" = "--update-lock" ]; then
  LOCKED=
  cp Cargo.lock "$WORKSPACE/Cargo.lock" # the runtime's versions where the two share a crate
else
  cp tests/upstream/Cargo.lock "$WORKSPACE/Cargo.lock"
fi
export CARGO_TARGET_DIR="$TARGET"
cargo test $LOCKED --manifest-path "$WORKSPACE/Cargo.toml" -p boa_engine --no-default-features --features annex-b,xsum,float16
cargo test $LOCKED --manifest-path "$WORKSPACE/Cargo.toml" -p boa_ast -p boa_string -p regress
if [ -z "$LOCKED" ]; then
  cp "$WORKSPACE/Cargo.lock" tests/upstream/Cargo.lock
fi
