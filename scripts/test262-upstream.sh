#!/usr/bin/env bash
# `bash scripts/test262-upstream.sh [DIR...]`: the test262 runner (tests/test262/) against pristine
# boa_engine 0.22.0 from crates.io, with the features this crate gives boa_engine, then the runs
# that fail in the fork but pass upstream (regressions) and the reverse. The runner is copied into
# a crate of its own under target/test262-upstream/; upstream's failures go to
# target/test262/upstream_failures.txt; the fork's are tests/test262/expected_failures.txt (run
# `TEST262_UPDATE=1 npm run test262` first if they may be out of date).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
target="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$target" in /*) ;; *) target="$ROOT/$target" ;; esac
crate="$target/test262-upstream"
upstream="$target/test262/upstream_failures.txt"

# The boa_engine line of Cargo.toml with the exact pristine version: the same features.
boa_line="$(grep -E '^boa_engine = \{ version' Cargo.toml | head -n 1 | sed -E 's/version = "[^"]*"/version = "=0.22.0"/')"
mkdir -p "$crate/tests"
rm -rf "$crate/tests/test262"
mkdir -p "$crate/tests/test262"
cp tests/test262/*.rs "$crate/tests/test262/"
cat > "$crate/Cargo.toml" <<EOF
[package]
name = "test262-upstream"
version = "0.0.0"
edition = "2021"
publish = false

[[test]]
name = "test262"
path = "tests/test262/main.rs"
harness = false

[dev-dependencies]
$boa_line

[profile.release]
opt-level = 3
codegen-units = 16
panic = "unwind"

[workspace]
EOF
# The crate's lock file pins every dependency boa shares with the fork to the same version.
[ -f "$crate/Cargo.lock" ] || cp Cargo.lock "$crate/Cargo.lock"

echo "== test262 against boa_engine 0.22.0 from crates.io ($boa_line)"
mkdir -p "$(dirname "$upstream")"
rm -f "$upstream"
(
  cd "$crate"
  TEST262_HOME="$ROOT/tests/test262" TEST262_WORK="$target/test262" TEST262_EXPECTED="$upstream" \
    TEST262_UPDATE=1 TEST262_FULL=1 CARGO_TARGET_DIR="$crate/target" \
    cargo test --release --test test262 -- "$@"
)

# Both lists as `path mode` lines without comments, restricted to the directories run.
runs() { grep -v '^#' "$1" | sed '/^$/d' | sort; }
scope() {
  if [ "$#" -eq 0 ]; then cat; return; fi
  local pattern
  pattern="$(printf '^%s(/| )|' "$@")"
  grep -E "${pattern%|}" || true
}
fork="$(runs tests/test262/expected_failures.txt | scope "$@")"
base="$(runs "$upstream" | scope "$@")"
regressed="$(comm -23 <(echo "$fork") <(echo "$base") | sed '/^$/d')"
fixed="$(comm -13 <(echo "$fork") <(echo "$base") | sed '/^$/d')"
echo
echo "== fail in the fork, pass upstream (regressions): $(echo -n "$regressed" | grep -c '^' || true)"
[ -z "$regressed" ] || echo "$regressed" | sed 's/^/  /'
echo "== pass in the fork, fail upstream (fixed): $(echo -n "$fixed" | grep -c '^' || true)"
[ -z "$fixed" ] || echo "$fixed" | sed 's/^/  /'
echo "fork: $(echo -n "$fork" | grep -c '^' || true) failing runs; upstream: $(echo -n "$base" | grep -c '^' || true)"
