#!/bin/sh
# End-to-end tests of `arbiter conflicts` (docs/conflicts.md): a small
# deterministic search, its findings replayed through `arbiter judge`,
# shards merged into the same report as one run, threads that change
# nothing, baselines, and bad input (exit 2, nothing written).
# Usage: sh tests/conflicts.sh path/to/arbiter   (from the project root)
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
same() { # name file file
	if cmp -s "$2" "$3"; then ok; else ko "$1: $2 and $3 differ"; diff "$2" "$3" | head -10; fi
}
absent() { # name path
	if [ -e "$2" ]; then ko "$1: $2 was written"; else ok; fi
}
SMALL="--budget 100 --random 10 --seed 3"

# A small search of Scrollhammer: new findings, exit 1, each with its
# clauses' text and a scenario that replays as a disputed verdict.
"$ARB" conflicts scrollhammer $SMALL --baseline none -o "$T/one" >"$T/one.txt" 2>"$T/err"
expect_status "search" 1 $?
contains "search" "$T/one.txt" "NEW conflict SH.MOV.1 SH.MOV.COH.1 SH.MOV.DIST.1 SH.MOV.DIST.3"
contains "search" "$T/one.txt" '"Models move up to 6" in the Movement phase."'
contains "search" "$T/one.txt" "evidence  SH.MOV.DIST.1 violated, SH.MOV.1 permits"
contains "search" "$T/one.txt" "case      SH-CHG-REACT-"
n=$(wc -l <"$T/one/scenarios.jsonl")
[ "$n" -gt 0 ] && ok || ko "search: no scenario written"
[ "$(wc -l <"$T/one/findings.jsonl")" = "$n" ] && ok || ko "search: findings and scenarios differ in number"
"$ARB" judge <"$T/one/scenarios.jsonl" >"$T/verdicts" 2>"$T/err"
expect_status "replay" 0 $?
# a dispute's scenario is disputed; an overlap's or a unit's options' need not be
nd=$(grep -Ec '"kind":"(conflict|gap|readings)' "$T/one/findings.jsonl")
[ "$(grep -c '"verdict":"disputed"' "$T/verdicts")" = "$nd" ] && ok ||
	ko "replay: not every dispute's scenario is disputed through judge"
[ "$(ls "$T/one" | grep -c '\.svg$')" = "$n" ] && ok || ko "search: one drawing per finding"
contains "search" "$T/one/CONFLICTS-001.svg" "<svg"
contains "search jsonl" "$T/one/findings.jsonl" '"format":"arbiter-finding/1"'

# The same seed, the same findings; two threads, the same findings.
"$ARB" conflicts scrollhammer $SMALL --baseline none -o "$T/two" >"$T/two.txt" 2>&1
same "determinism" "$T/one/findings.jsonl" "$T/two/findings.jsonl"
"$ARB" conflicts scrollhammer $SMALL --baseline none --jobs 2 -o "$T/jobs" >"$T/jobs.txt" 2>&1
same "--jobs 2" "$T/one/findings.jsonl" "$T/jobs/findings.jsonl"

# Three shards, merged: the report of one run.
for i in 1 2 3; do
	"$ARB" conflicts scrollhammer $SMALL --shard $i/3 >"$T/shard$i" 2>"$T/err"
	expect_status "shard $i/3" 0 $?
done
contains "shard" "$T/shard1" "arbiter-conflicts-shard/1"
"$ARB" conflicts scrollhammer $SMALL --baseline none -o "$T/merged" \
	--merge "$T/shard3" --merge "$T/shard1" --merge "$T/shard2" >"$T/merged.txt" 2>&1
expect_status "merge" 1 $?
same "merge" "$T/one/findings.jsonl" "$T/merged/findings.jsonl"
# A missing shard, a shard twice, a shard of another search, a cut shard.
"$ARB" conflicts scrollhammer $SMALL -o "$T/m2" --merge "$T/shard1" --merge "$T/shard2" >"$T/out" 2>&1
expect_status "merge: missing shard" 2 $?
contains "merge: missing shard" "$T/out" "shard 3/3 is missing from the merge"
absent "merge: missing shard" "$T/m2"
"$ARB" conflicts scrollhammer $SMALL -o "$T/m2" --merge "$T/shard1" --merge "$T/shard1" >"$T/out" 2>&1
expect_status "merge: shard twice" 2 $?
contains "merge: shard twice" "$T/out" "shard 1/3 is given twice"
"$ARB" conflicts scrollhammer --budget 100 --random 10 --seed 4 -o "$T/m2" \
	--merge "$T/shard1" --merge "$T/shard2" --merge "$T/shard3" >"$T/out" 2>&1
expect_status "merge: another seed" 2 $?
contains "merge: another seed" "$T/out" "shard1:2: shard 1/3 ran another search"
head -n 4 "$T/shard2" >"$T/cut"
"$ARB" conflicts scrollhammer $SMALL -o "$T/m2" --merge "$T/shard1" --merge "$T/cut" \
	--merge "$T/shard3" >"$T/out" 2>&1
expect_status "merge: cut shard" 2 $?
contains "merge: cut shard" "$T/out" "cut:4:1: the result ends before its 'end' line"
absent "merge: bad input writes nothing" "$T/m2"

# Bad options: exit 2, nothing written.
"$ARB" conflicts scrollhammer --shard 3/2 >"$T/out" 2>&1
expect_status "shard 3/2" 2 $?
contains "shard 3/2" "$T/out" "--shard '3/2': expected I/N with 1 <= I <= N"
"$ARB" conflicts scrollhammer --shard 0/2 >"$T/out" 2>&1
expect_status "shard 0/2" 2 $?
"$ARB" conflicts nosuchruleset -o "$T/m3" >"$T/out" 2>&1
expect_status "unknown ruleset" 2 $?
contains "unknown ruleset" "$T/out" "no ruleset 'nosuchruleset'"
absent "unknown ruleset" "$T/m3"

# Regiments: a scenario with a log leaves out the facts the log answers
# (log_replaces:), so the validator refuses none of the search's.
"$ARB" conflicts regiments $SMALL --baseline none -o "$T/rg" >"$T/out" 2>&1
expect_status "regiments search" 0 $?
contains "regiments: nothing refused" "$T/out" "(0 refused as bad input)"
# A log_replaces that names no fact: the spec is bad input.
cp -r spec "$T/spec"
sed -i 's/^log_replaces: last_completed$/log_replaces: last_complete/' "$T/spec/regiments/ruleset.md"
"$ARB" --spec "$T/spec" conflicts regiments $SMALL -o "$T/m6" >"$T/out" 2>&1
expect_status "log_replaces: not a fact" 2 $?
contains "log_replaces: not a fact" "$T/out" "field 'log_replaces': 'last_complete' is not a fact of regiments"
absent "log_replaces: not a fact" "$T/m6"
# An idle: that names no action: the spec is bad input.
sed -i 's/^log_replaces: last_complete$/log_replaces: last_completed/; s/^idle: move$/idle: mvoe/' \
	"$T/spec/regiments/ruleset.md"
"$ARB" --spec "$T/spec" conflicts regiments $SMALL -o "$T/m6" >"$T/out" 2>&1
expect_status "idle: not an action" 2 $?
contains "idle: not an action" "$T/out" "ruleset.md:16:1: field 'idle': 'mvoe' is not an action of regiments"
absent "idle: not an action" "$T/m6"

# Grit: the search's own kinds. A failed and a broken result of one
# morale roll (GR.MOV.MORALE.8 "must move towards the nearest piece of
# cover", GR.MOV.BROKEN.2 "must spend their movement moving towards the
# nearest table edge"), and a broken unit that must move and may not.
"$ARB" conflicts grit $SMALL --baseline none -o "$T/gr" >"$T/gr.txt" 2>"$T/err"
expect_status "grit search" 1 $?
contains "overlap" "$T/gr.txt" "NEW overlap GR.MOV.BROKEN.2 GR.MOV.MORALE.8"
contains "overlap" "$T/gr.txt" "each applies to some outcomes only"
contains "no legal action" "$T/gr.txt" "NEW no-legal-action GR.MOV.BROKEN.2"
contains "no legal action" "$T/gr.txt" "staying violates GR.MOV.BROKEN.2; each of"
contains "kinds in jsonl" "$T/gr/findings.jsonl" '"kind":"overlap"'
contains "kinds in jsonl" "$T/gr/findings.jsonl" '"kind":"no-legal-action"'
grep -q "not confirmed" "$T/err" && ko "grit search: $(grep "not confirmed" "$T/err")" || ok
# ... the same through shards, and acknowledged by a baseline
for i in 1 2; do
	"$ARB" conflicts grit $SMALL --shard $i/2 >"$T/gshard$i" 2>/dev/null
done
contains "shard: overlap" "$T/gshard1" " overlap GR.MOV."
"$ARB" conflicts grit $SMALL --baseline none -o "$T/gm" --merge "$T/gshard1" \
	--merge "$T/gshard2" >/dev/null 2>&1
expect_status "grit merge" 1 $?
same "grit merge" "$T/gr/findings.jsonl" "$T/gm/findings.jsonl"
{
	printf -- '---\nruleset: grit\ntitle: test\n---\n\n'
	printf -- '- overlap GR.MOV.MORALE.8 GR.MOV.BROKEN.2: both outcomes, by the test\n'
	printf -- '- no-legal-action GR.MOV.BROKEN.2: must move, may not, by the test\n'
} >"$T/gbase.md"
"$ARB" conflicts grit $SMALL --baseline "$T/gbase.md" -o "$T/gb" >"$T/out" 2>&1
contains "grit baseline" "$T/out" "acknowledged overlap GR.MOV.BROKEN.2 GR.MOV.MORALE.8"
contains "grit baseline" "$T/out" "acknowledged no-legal-action GR.MOV.BROKEN.2"
# an overlap joined with another kind is not a kind
printf -- '---\nruleset: grit\ntitle: test\n---\n\n- overlap+gap GR.MOV.2: x\n' >"$T/gbad.md"
"$ARB" conflicts grit $SMALL --baseline "$T/gbad.md" -o "$T/m7" >"$T/out" 2>&1
expect_status "baseline: overlap+gap" 2 $?
contains "baseline: overlap+gap" "$T/out" "gbad.md:6:3: field 'kind'"
absent "baseline: overlap+gap" "$T/m7"

# A baseline that acknowledges every finding: exit 0, all listed apart.
{
	printf -- '---\nruleset: scrollhammer\ntitle: test\n---\n\n'
	sed -n 's/.*"key":"\([^"]*\)".*/- \1: acknowledged by the test/p' "$T/one/findings.jsonl"
} >"$T/baseline.md"
"$ARB" conflicts scrollhammer $SMALL --baseline "$T/baseline.md" -o "$T/b" >"$T/out" 2>&1
expect_status "baseline: all acknowledged" 0 $?
contains "baseline: all acknowledged" "$T/out" "0 new, $n acknowledged"
contains "baseline: all acknowledged" "$T/out" "acknowledged by the test"
# ... one clause that does not exist, a finding the search does not meet.
sed '6s/SH\.MOV\.1 /SH.MOV.99 /' "$T/baseline.md" >"$T/bad.md"
grep -q 'SH.MOV.99' "$T/bad.md" || printf -- '- conflict SH.MOV.99: x\n' >>"$T/bad.md"
"$ARB" conflicts scrollhammer $SMALL --baseline "$T/bad.md" -o "$T/m4" >"$T/out" 2>&1
expect_status "baseline: unknown clause" 2 $?
contains "baseline: unknown clause" "$T/out" "bad.md:"
contains "baseline: unknown clause" "$T/out" "field 'clauses': no clause 'SH.MOV.99' in the rulebook"
absent "baseline: unknown clause" "$T/m4"
{
	cat "$T/baseline.md"
	printf -- '- gap SH.MOV.1: never met\n'
} >"$T/unmet.md"
# A smaller search than the default one counts what it did not meet ...
"$ARB" conflicts scrollhammer $SMALL --baseline "$T/unmet.md" -o "$T/m5" >"$T/out" 2>&1
expect_status "baseline: not met by a small search" 0 $?
contains "baseline: not met by a small search" "$T/out" "1 acknowledged finding not met by this search"
# ... and with --strict-baseline (as the default search always is) refuses it.
"$ARB" conflicts scrollhammer $SMALL --strict-baseline --baseline "$T/unmet.md" -o "$T/m4" >"$T/out" 2>&1
expect_status "baseline: finding not met" 2 $?
contains "baseline: finding not met" "$T/out" "field 'finding': no finding 'gap SH.MOV.1' in this search"
absent "baseline: finding not met" "$T/m4"

echo "conflicts: $pass passed, $fail failed"
[ "$fail" = 0 ]
