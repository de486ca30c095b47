#!/bin/sh
# The twin run: the whole case suite judged through both doors, as cmark
# runs its spec through its library and its program, and every verdict
# compared byte for byte.
#
#   library door   arbiter run --twin: each case judged in-process, and its
#                  scenario written (arbj_scenario_dump), read back
#                  (arbj_scenario_parse) and judged again; the two verdict
#                  lines, trace included, must be the same bytes.
#   program door   arbiter export | arbiter judge, compared with the
#                  in-process verdict lines (arbiter run --verdicts FILE),
#                  in case order, with cmp; every line judge writes is
#                  checked against arbiter-verdict/2 (arbiter check-verdicts).
#
# Then the same with --profile given to both (it wins over the scenario's
# own), and judge --trace checked against the format.
# Usage: sh tests/twin.sh path/to/arbiter   (from the project root)
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
# The number of lines at which two files differ (they have as many lines).
differing() {
	awk 'NR == FNR { a[FNR] = $0; next } a[FNR] != $0 { d++ } END { print d + 0 }' "$1" "$2"
}
# Compares the in-process verdicts $1 with judge's $2; prints the tally.
compare() { # name lib wire
	n_lib=$(wc -l <"$2" | tr -d ' ')
	n_wire=$(wc -l <"$3" | tr -d ' ')
	if [ "$n_lib" -gt 0 ] && [ "$n_lib" = "$n_wire" ]; then ok; else ko "$1: $n_lib verdicts in-process, $n_wire from judge"; fi
	if cmp -s "$2" "$3"; then
		ok
		echo "twin ($1): $n_lib of $n_lib verdict lines identical"
	else
		d=$(differing "$2" "$3")
		ko "$1: $d of $n_lib verdict lines differ"
		awk 'NR == FNR { a[FNR] = $0; next } a[FNR] != $0 && k++ < 3 { print "    in-process: " a[FNR]; print "    judge:      " $0 }' "$2" "$3"
	fi
}

# The library door: in-process and through arbj_scenario_dump/parse.
"$ARB" run -q --twin --verdicts "$T/lib.jsonl" >"$T/run.out" 2>&1
expect_status "run --twin" 0 $?
if grep -q '^twin: \([0-9]*\) of \1 verdicts identical' "$T/run.out"; then
	ok
	grep '^twin: ' "$T/run.out"
else
	ko "run --twin: $(grep '^twin: ' "$T/run.out")"
	grep -A3 '^TWIN ' "$T/run.out" | head -20
fi

# The program door: export | judge against the same verdicts.
"$ARB" export >"$T/suite.jsonl"
expect_status "export" 0 $?
"$ARB" judge <"$T/suite.jsonl" >"$T/wire.jsonl"
expect_status "judge" 0 $?
"$ARB" check-verdicts "$T/wire.jsonl" >"$T/check.out" 2>&1
expect_status "check-verdicts" 0 $?
grep -q ' 0 error lines, 0 break ' "$T/check.out" && ok || { ko "check-verdicts"; head -5 "$T/check.out"; }
compare "export | judge" "$T/lib.jsonl" "$T/wire.jsonl"

# --profile wins over each scenario's own profile, through both doors (the
# run may disagree with the expectations, written for the cases' own
# profiles: exit 1 is fine, the verdicts are what is compared). chain is a
# profile of Scrollhammer's, so over its cases: a ruleset that does not
# define a profile cannot be judged under it.
"$ARB" run -q --profile chain --verdicts "$T/lib-chain.jsonl" cases/scrollhammer >/dev/null 2>&1
st=$?
if [ "$st" -le 1 ]; then ok; else ko "run --profile chain: exit status $st"; fi
"$ARB" export cases/scrollhammer >"$T/suite-sh.jsonl"
"$ARB" judge --profile chain <"$T/suite-sh.jsonl" >"$T/wire-chain.jsonl"
expect_status "judge --profile chain" 0 $?
compare "export | judge --profile chain" "$T/lib-chain.jsonl" "$T/wire-chain.jsonl"

# judge --trace: every line, trace entries included, obeys the format.
{
	"$ARB" judge --trace <"$T/suite.jsonl"
	echo $? >"$T/judge.status"
} | "$ARB" check-verdicts >"$T/check.out" 2>&1
expect_status "check-verdicts of judge --trace" 0 $?
expect_status "judge --trace" 0 "$(cat "$T/judge.status")"
grep -q ' 0 error lines, 0 break ' "$T/check.out" && ok || { ko "judge --trace: check-verdicts"; head -5 "$T/check.out"; }

echo "twin: $pass passed, $fail failed"
[ "$fail" = 0 ]
