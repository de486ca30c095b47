#!/bin/sh
# End-to-end tests of `arbiter diff OLD NEW` (docs/diff.md): no change,
# a number changed (6" to 5"), a word changed (a word diff and stale
# predicates), git revisions, and bad input (exit 2, nothing written).
# Usage: sh tests/diff.sh path/to/arbiter   (from the project root)
set -u
ARB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "not ok: $1"; }
expect_status() { # name want got
	if [ "$3" = "$2" ]; then ok; else ko "$1: exit status $3, wanted $2"; fi
}
contains() { # name file text
	if grep -qF -- "$3" "$2"; then ok; else ko "$1: output lacks '$3'"; sed 's/^/    /' "$2" | head -20; fi
}
absent() { # name path
	if [ -e "$2" ]; then ko "$1: $2 was written"; else ok; fi
}

# The same text: nothing changed, exit 0.
"$ARB" diff spec spec --budget 20 >"$T/out" 2>&1
expect_status "no change" 0 $?
contains "no change" "$T/out" "0 changes of the text; 0 of"

# 6" to 5" in SH.MOV.DIST.1: one parameter, verdicts changed, exit 1.
cp -r spec "$T/five"
sed -i 's/^Models move up to \[6"\]{max_move} in the Movement phase\./Models move up to [5"]{max_move} in the Movement phase./' \
	"$T/five/scrollhammer/movement.md"
"$ARB" diff spec "$T/five" --json "$T/five.jsonl" >"$T/out" 2>&1
expect_status "6 to 5" 1 $?
contains "6 to 5" "$T/out" 'parameter SH.MOV.DIST.1 max_move: 6" -> 5"'
# SH.MOV.DIST.3 says 'can only move [6"]{max_move}' too: the edit left it.
contains "6 to 5" "$T/out" 'SH.MOV.DIST.3 ('
contains "6 to 5" "$T/out" 'still states max_move as 6"'
contains "6 to 5" "$T/out" "SH.MOV.DIST.1        legal->disputed"
contains "6 to 5" "$T/out" "scrollhammer move in movement"
contains "6 to 5" "$T/out" "1 change of the text;"
contains "6 to 5 json" "$T/five.jsonl" '{"change":"parameter","clause":"SH.MOV.DIST.1","name":"max_move","new":"5\"","old":"6\"","unchanged_elsewhere":["SH.MOV.DIST.3"]}'
contains "6 to 5 json" "$T/five.jsonl" '"change":"permissiveness"'
# SH-MOV-DIST-002 moves exactly 6.0 in with M 6: legal under 'up to 6"';
# over 'up to 5"' while 'up to their maximum movement distance' (M 6)
# permits it: disputed.
contains "6 to 5 json" "$T/five.jsonl" '{"case":"SH-MOV-DIST-002","change":"verdict","clause":"SH.MOV.DIST.1","new":"disputed","old":"legal"'

# The search domain: the scenarios of both texts' searches, judged under both.
contains "6 to 5 search" "$T/out" "search domain: "
contains "6 to 5 search" "$T/out" "scrollhammer move in movement        legal->disputed"
contains "6 to 5 search json" "$T/five.jsonl" '"change":"search-verdict"'
contains "6 to 5 search json" "$T/five.jsonl" '"example":{"action":'
"$ARB" diff spec "$T/five" --no-search >"$T/out" 2>&1
expect_status "6 to 5 --no-search" 1 $?
if grep -q "search domain" "$T/out"; then ko "--no-search: the search ran"; else ok; fi

# The page: word diffs, a drawing per transition, escaped text.
"$ARB" diff spec "$T/five" --budget 20 --html "$T/page" >"$T/out" 2>&1
expect_status "--html" 1 $?
contains "--html" "$T/page/index.html" '<del>6&quot;</del> <ins>5&quot;</ins>'
contains "--html" "$T/page/index.html" '<img src="drawing-001.svg"'
contains "--html" "$T/page/drawing-001.svg" '<svg'

# A word changed: the word diff, and the predicates written against the old words.
cp -r spec "$T/word"
sed -i 's/^Models move up to \[6"\]{max_move} in the Movement phase\./Models march up to [6"]{max_move} in the Movement phase./' \
	"$T/word/scrollhammer/movement.md"
"$ARB" diff spec "$T/word" --no-search >"$T/out" 2>&1
contains "reworded" "$T/out" "reworded  SH.MOV.DIST.1"
contains "reworded" "$T/out" 'Models [-move-] {+march+} up to 6" in the Movement phase.'
contains "reworded" "$T/out" "stale     SH.MOV.DIST.1"

# Git revisions, where the project is a git checkout.
if git rev-parse --verify --quiet HEAD >/dev/null 2>&1; then
	"$ARB" diff HEAD HEAD --no-search >"$T/out" 2>&1
	expect_status "HEAD HEAD" 0 $?
	contains "HEAD HEAD" "$T/out" "0 changes of the text"
	"$ARB" diff no-such-revision-here HEAD --json "$T/bad.jsonl" >"$T/out" 2>&1
	expect_status "unknown revision" 2 $?
	contains "unknown revision" "$T/out" "'no-such-revision-here' is neither a directory nor a revision"
	absent "unknown revision" "$T/bad.jsonl"
	# A revision is checked out under $TMPDIR, and nothing is left there.
	mkdir "$T/tmpdir"
	TMPDIR=$T/tmpdir "$ARB" diff HEAD HEAD --no-search >"$T/out" 2>&1
	expect_status "TMPDIR" 0 $?
	[ -z "$(ls -A "$T/tmpdir")" ] && ok || ko "TMPDIR: a revision left behind"
	TMPDIR=$T/no-such-dir "$ARB" diff HEAD HEAD --no-search >"$T/out" 2>&1
	expect_status "TMPDIR missing" 2 $?
	contains "TMPDIR missing" "$T/out" "cannot make a temporary directory"
	# no git on the PATH: a revision cannot be read, and the error says why
	mkdir -p "$T/bin" "$T/tmp-nogit"
	for t in rm tar; do ln -s "$(command -v $t)" "$T/bin/$t"; done
	PATH=$T/bin TMPDIR=$T/tmp-nogit "$ARB" diff HEAD HEAD --no-search >"$T/out" 2>&1
	expect_status "no git" 2 $?
	contains "no git" "$T/out" "git, which reads revisions, could not be run"
	[ -z "$(ls -A "$T/tmp-nogit")" ] && ok || ko "no git: a temporary directory left behind"
else
	# said, not skipped in silence: tools/deps.sh installs git
	echo "diff: skipped: git revisions (no git, or not a git checkout)"
fi

# Two trees of different rulesets: exit 2, nothing written.
cp -r spec "$T/sh" && rm -rf "$T/sh/grit" "$T/sh/regiments"
cp -r spec "$T/gr" && rm -rf "$T/gr/scrollhammer" "$T/gr/regiments"
"$ARB" diff "$T/sh" "$T/gr" --json "$T/bad.jsonl" --html "$T/badpage" >"$T/out" 2>&1
expect_status "different rulesets" 2 $?
contains "different rulesets" "$T/out" "share no ruleset"
absent "different rulesets" "$T/bad.jsonl"
absent "different rulesets" "$T/badpage"
"$ARB" diff spec >"$T/out" 2>&1
expect_status "one argument" 2 $?

echo "diff: $pass passed, $fail failed"
[ "$fail" = 0 ]
