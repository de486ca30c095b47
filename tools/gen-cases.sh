#!/bin/sh
# gen-cases.sh: writes the generated case tables (cases/**/gen-*.csv) and
# checks that the committed ones are up to date (docs/cases.md, "Generated
# tables"). Run from the repository's root, as the Makefile does.
#
#   sh tools/gen-cases.sh BUILD_DIR OUT_DIR
#       BUILD_DIR/gen_boundary OUT_DIR
#       BUILD_DIR/gen_variants -o OUT_DIR cases/scrollhammer/movement/hand-*.csv
#       (with no hand-*.csv, OUT_DIR/scrollhammer/movement/gen-variants.csv
#       is removed: nothing generates it)
#   sh tools/gen-cases.sh --compare DIR_A DIR_B
#       every gen-*.csv under DIR_A must be the same file under DIR_B, and
#       every gen-*.csv under DIR_B must have been generated (be in DIR_A);
#       otherwise says which are out of date, "run: make cases", exit 1.
set -eu

usage() {
	echo "usage: sh tools/gen-cases.sh BUILD_DIR OUT_DIR" >&2
	echo "       sh tools/gen-cases.sh --compare DIR_A DIR_B" >&2
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
mkdir -p "$out/scrollhammer/movement"
"$build/gen_boundary" "$out"
set -- cases/scrollhammer/movement/hand-*.csv
if [ -e "$1" ]; then
	"$build/gen_variants" -o "$out" "$@"
else
	echo "gen-cases: no cases/scrollhammer/movement/hand-*.csv: no gen-variants.csv" >&2
	rm -f "$out/scrollhammer/movement/gen-variants.csv"
fi
