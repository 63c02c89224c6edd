#!/usr/bin/env bash
# The fork as a patch series. Each vendored crate (vendor/<crate>) is the pristine crate from
# crates.io, less the files listed in patches/<crate>/TRIM, plus the numbered patches in
# patches/<crate>/ applied in order. The crate's notes (vendor/<crate>/PATCHED.md) are ours and
# stay out of the comparison.
#
#   bash scripts/fork.sh check            pristine + patches == vendor/, for every crate (CI)
#   bash scripts/fork.sh apply CRATE DIR  writes pristine + patches of CRATE into DIR
#   bash scripts/fork.sh export [CRATE]   appends to patches/<crate>/ one patch per first-parent
#                                         commit that changed vendor/<crate> since the newest
#                                         patch, its message as the patch's header
#
# A change to the fork is a commit that edits vendor/<crate> (its message says what, why and the
# test), followed by `fork.sh export` and a commit of the new patch; `check` fails in between.
# Moving to a new upstream version: change VERSION below, `apply` (patches that no longer apply
# say so; `git apply -3` in the scratch tree rebases them one by one), then copy the result to
# vendor/<crate>.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

CRATES=(boa_engine boa_ast boa_string regress)
declare -A VERSION=([boa_engine]=0.22.0 [boa_ast]=0.22.0 [boa_string]=0.22.0 [regress]=0.12.0)
WORK="${CARGO_TARGET_DIR:-$ROOT/target}/fork"

# The .crate file of CRATE at its pinned version, downloaded by cargo into its registry cache.
crate_file() {
  local crate="$1" version="${VERSION[$1]}" found
  found=$(find_cached_crate "$crate" "$version")
  if [ -z "$found" ]; then
    local fetch="$WORK/fetch-$crate"
    mkdir -p "$fetch/src"
    : >"$fetch/src/lib.rs"
    printf '[package]\nname = "fork-fetch"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\n%s = { version = "=%s", default-features = false }\n' \
      "$crate" "$version" >"$fetch/Cargo.toml"
    (cd "$fetch" && cargo fetch --quiet >&2)
    found=$(find_cached_crate "$crate" "$version")
  fi
  [ -n "$found" ] || { echo "fork.sh: $crate $version not found after cargo fetch" >&2; exit 1; }
  echo "$found"
}

find_cached_crate() {
  find "${CARGO_HOME:-$HOME/.cargo}/registry/cache" -name "$1-$2.crate" 2>/dev/null | head -1
}

# Extracts CRATE's pristine source into DIR (emptied first) and removes the TRIM list.
pristine() {
  local crate="$1" dir="$2" file
  file=$(crate_file "$crate")
  rm -rf "$dir" && mkdir -p "$dir"
  tar -xzf "$file" -C "$dir" --strip-components=1
  while IFS= read -r pattern; do
    case "$pattern" in '' | '#'*) continue ;; esac
    # shellcheck disable=SC2086 # the pattern is a glob on purpose
    (cd "$dir" && shopt -s globstar nullglob && rm -rf -- $pattern)
  done <"patches/$crate/TRIM"
}

# The crate's patches, in order.
patch_files() {
  find "patches/$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' | sort
}

check() {
  local failed=0 crate out
  for crate in "${CRATES[@]}"; do
    out="$WORK/check/$crate"
    if ! apply_quiet "$crate" "$out"; then
      failed=1
      continue
    fi
    if diff -r --exclude=PATCHED.md "$out" "vendor/$crate" >"$WORK/check-$crate.diff"; then
      echo "fork: $crate ${VERSION[$crate]} + $(patch_files "$crate" | wc -l) patches == vendor/$crate"
    else
      echo "fork: vendor/$crate differs from pristine + patches (run scripts/fork.sh export after committing the change):"
      head -40 "$WORK/check-$crate.diff"
      failed=1
    fi
  done
  return "$failed"
}

# Writes pristine + patches of CRATE into DIR. git apply runs outside any repository (the
# ceiling stops its search): inside one it would skip, silently, the paths outside the current
# directory.
apply_quiet() {
  local crate="$1" dir="$2" patch
  pristine "$crate" "$dir"
  while IFS= read -r patch; do
    (cd "$dir" && GIT_CEILING_DIRECTORIES="$(dirname "$dir")" git apply --whitespace=nowarn "$ROOT/$patch") ||
      { echo "fork: $patch does not apply to pristine $crate + the patches before it" >&2; return 1; }
  done < <(patch_files "$crate")
}

# One line of a commit's subject made into a file name: lower case, words joined by '-', at
# most eight words.
slug() {
  sed -E 's/^(boa( patch)?|Engine( errors)?|Memory|Sandbox)( \(issue [0-9]+[^)]*\))?: *//I' |
    tr '[:upper:]' '[:lower:]' | tr -cs 'a-z0-9' ' ' | awk '{ n = NF < 8 ? NF : 8; s = $1; for (i = 2; i <= n; i++) s = s "-" $i; print s }'
}

# The commit the series' newest patch of CRATE was made from (its From: line), or nothing.
last_exported() {
  local newest
  newest=$(patch_files "$1" | tail -1)
  [ -n "$newest" ] && sed -n '1s/^From: codemode-runtime commit \([0-9a-f]*\),.*/\1/p' "$newest"
}

# Appends to patches/<crate>/ one patch per first-parent commit that changed vendor/<crate> since
# the series' newest patch was made. The patches already there are the record and stay as they
# are: an older patch is amended by editing its file (as when upstream's tests came back and each
# wording patch took the test changes that go with it), and `check` proves the series still
# rebuilds vendor/. A commit whose vendor tree the series already gives adds nothing.
export_crate() {
  local crate="$1" scratch="$WORK/export/$crate" n commit subject name last range
  apply_quiet "$crate" "$scratch/tree" || return 1
  git -C "$scratch/tree" init --quiet
  git -C "$scratch/tree" add -A
  git -C "$scratch/tree" -c user.name=fork -c user.email=fork@localhost commit --quiet -m series
  n=$(patch_files "$crate" | wc -l)
  last=$(last_exported "$crate")
  range=HEAD
  [ -n "$last" ] && range="$last..HEAD"
  for commit in $(git rev-list --first-parent --reverse "$range" -- "vendor/$crate"); do
    # A commit that changed only our notes adds nothing (and its tree may predate a TRIM change).
    git diff --name-only "$commit^1" "$commit" -- "vendor/$crate" | grep -qv '/PATCHED\.md$' || continue
    # The tree of vendor/<crate> at this commit, less our notes.
    find "$scratch/tree" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
    git archive "$commit" "vendor/$crate" | tar -x -C "$scratch/tree" --strip-components=2
    rm -f "$scratch/tree/PATCHED.md"
    git -C "$scratch/tree" add -A
    git -C "$scratch/tree" diff --cached --quiet && continue
    n=$((n + 1))
    subject=$(git log -1 --format=%s "$commit")
    name=$(printf 'patches/%s/%04d-%s.patch' "$crate" "$n" "$(echo "$subject" | slug)")
    {
      echo "From: codemode-runtime commit $(git rev-parse --short=12 "$commit"), $(git log -1 --format=%ad --date=short "$commit")"
      echo "Subject: [PATCH $crate $(printf %04d "$n")] $subject"
      echo
      git log -1 --format=%b "$commit" | sed -e '/^$/N;/^\n$/D'
      if git rev-parse --quiet --verify "$commit^2" >/dev/null; then
        echo "The merged branch's commits that changed vendor/$crate:"
        git log --reverse --format='- %h %s' "$commit^1..$commit^2" -- "vendor/$crate"
      fi
      echo "---"
      git -C "$scratch/tree" diff --cached --stat=100
      echo
      git -C "$scratch/tree" diff --cached --binary
    } >"$name"
    git -C "$scratch/tree" -c user.name=fork -c user.email=fork@localhost commit --quiet -m "$n"
    echo "fork: $name"
  done
  echo "fork: patches/$crate: $n patches"
}

case "${1:-check}" in
  check) check ;;
  apply) apply_quiet "$2" "$3" ;;
  export)
    shift
    [ $# -gt 0 ] || set -- "${CRATES[@]}"
    for crate in "$@"; do export_crate "$crate"; done
    ;;
  *) echo "usage: scripts/fork.sh check | apply CRATE DIR | export [CRATE...]" >&2; exit 2 ;;
esac
