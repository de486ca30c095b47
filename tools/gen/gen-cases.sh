#!/bin/sh
# gen-cases.sh: writes the generated case tables (cases/**/gen-*.csv) and
# checks that the committed ones are up to date (docs/cases.md, "Generated
# tables"). Run from the repository's root, as the Makefile does.
#
#   sh tools/gen/gen-cases.sh BUILD_DIR OUT_DIR
#       BUILD_DIR/gen_boundary OUT_DIR, then BUILD_DIR/gen_RULESET OUT_DIR
#       for each folder tools/gen/RULESET/ (a ruleset's own tables),
#       and, for each RULESET/SECTION of SECTIONS below,
#       BUILD_DIR/gen_variants over cases/RULESET/SECTION/hand-*.csv,
#       writing OUT_DIR/RULESET/SECTION/gen-variants.csv (gen_variants
#       always writes DIR/scrollhammer/movement/gen-variants.csv: for any
#       other section it writes into a temporary directory and the file is
#       moved into place). With no hand-*.csv in a section, its
#       gen-variants.csv is removed: nothing generates it.
#   sh tools/gen/gen-cases.sh --compare DIR_A DIR_B
#       every gen-*.csv under DIR_A must be the same file under DIR_B, and
#       every gen-*.csv under DIR_B must have been generated (be in DIR_A);
#       otherwise says which are out of date, "run: make cases", exit 1.
#       Both trees are searched whole, every section's directory included
#       (scrollhammer/movement, scrollhammer/terrain, ...); each section
#       that generates tables must have at least one gen-*.csv in DIR_A.
set -eu

# The sections (RULESET/SECTION) whose hand-*.csv get metamorphic variants:
# every directory of cases/ that has hand-written tables. gen_boundary writes
# its own tables where it knows the formulas.
SECTIONS=$(find cases -mindepth 3 -maxdepth 3 -name 'hand-*.csv' 2>/dev/null |
	sed 's|^cases/||; s|/[^/]*$||' | sort -u)

usage() {
	echo "usage: sh tools/gen/gen-cases.sh BUILD_DIR OUT_DIR" >&2
	echo "       sh tools/gen/gen-cases.sh --compare DIR_A DIR_B" >&2
	exit 2
}

if [ "${1:-}" = "--compare" ]; then
	[ $# -eq 3 ] || usage
	a=${2%/}
	b=${3%/}
	[ -d "$a" ] || { echo "gen-cases: $a: no such directory" >&2; exit 2; }
	[ -d "$b" ] || { echo "gen-cases: $b: no such directory" >&2; exit 2; }
	list=$(mktemp)
	trap 'rm -f "$list"' EXIT
	stale=0
	for sec in $SECTIONS; do
		if [ -z "$(find "$a/$sec" -type f -name 'gen-*.csv' 2>/dev/null)" ]; then
			echo "gen-cases: $a/$sec: no gen-*.csv was generated" >&2
			stale=1
		fi
	done
	(cd "$a" && find . -type f -name 'gen-*.csv') | sort >"$list"
	while IFS= read -r rel; do
		rel=${rel#./}
		if [ ! -f "$b/$rel" ]; then
			echo "gen-cases: $b/$rel is missing" >&2
			stale=1
		elif ! cmp -s "$a/$rel" "$b/$rel"; then
			echo "gen-cases: $b/$rel is out of date" >&2
			stale=1
		fi
	done <"$list"
	(cd "$b" && find . -type f -name 'gen-*.csv') | sort >"$list"
	while IFS= read -r rel; do
		rel=${rel#./}
		if [ ! -f "$a/$rel" ]; then
			echo "gen-cases: $b/$rel is no longer generated: remove it" >&2
			stale=1
		fi
	done <"$list"
	if [ "$stale" -ne 0 ]; then
		echo "run: make cases" >&2
		exit 1
	fi
	exit 0
fi

[ $# -eq 2 ] || usage
case $1 in -*) usage ;; esac
build=$1
out=$2
[ -d cases/scrollhammer/movement ] || {
	echo "gen-cases: run from the repository's root (no cases/scrollhammer/movement here)" >&2
	exit 2
}
mkdir -p "$out/scrollhammer/movement" "$out/scrollhammer/terrain"
for sec in $SECTIONS; do
	mkdir -p "$out/$sec"
done
"$build/gen_boundary" "$out"
for d in tools/gen/*/; do
	[ -d "$d" ] || continue
	rs=$(basename "$d")
	"$build/gen_$rs" "$out"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Copies held for review (a predicate's bug; tools/gen/variants-held.txt).
held=${GEN_VARIANTS_HELD-tools/gen/variants-held.txt}
set --
[ -n "$held" ] && [ -f "$held" ] && set -- -x "$held"
hold="$*"
for sec in $SECTIONS; do
	set -- cases/"$sec"/hand-*.csv
	if [ ! -e "$1" ]; then
		echo "gen-cases: no cases/$sec/hand-*.csv: no gen-variants.csv" >&2
		rm -f "$out/$sec/gen-variants.csv"
	elif [ "$sec" = scrollhammer/movement ]; then
		# shellcheck disable=SC2086 # hold: nothing or -x FILE
		"$build/gen_variants" -o "$out" $hold "$@"
	else
		rm -rf "$tmp/scrollhammer"
		mkdir -p "$tmp/scrollhammer/movement"
		# shellcheck disable=SC2086
		"$build/gen_variants" -o "$tmp" $hold "$@"
		# copied next to its place, then renamed: the file is written whole
		dest="$out/$sec/gen-variants.csv"
		cp "$tmp/scrollhammer/movement/gen-variants.csv" "$dest.tmp"
		mv "$dest.tmp" "$dest"
	fi
done
