#!/bin/sh
# End-to-end tests of the arbiter command line: exit statuses, error
# messages with file:line, the JSON Lines round trip and the SVG drawing.
# Usage: sh tests/cli.sh path/to/arbiter   (from the project root)
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

# A failing case table: exit 1, the disagreement with file:line, the final tally.
"$ARB" run tests/fixtures/failing >"$T/out" 2>&1
expect_status "run failing" 1 $?
contains "run failing" "$T/out" "FAIL FIX-FAIL-1 (tests/fixtures/failing/scrollhammer/movement/failing.csv:3)"
contains "run failing" "$T/out" "a1 moved 7.00 in, limit 6 in"
contains "run failing" "$T/out" "1 passed, 1 failed"

# A malformed table: exit 2 before judging anything, with file:line:column.
"$ARB" run tests/fixtures/bad >"$T/out" 2>&1
expect_status "run bad csv" 2 $?
contains "run bad csv" "$T/out" "columns.csv:3:1: row has 7 fields, the header has 6"

# A spec with a duplicate clause ID: exit 2 naming the file and line.
cp -r spec "$T/spec"
printf '\n{#SH.MOV.3 constraint}\nA second clause with a used ID.\n' >>"$T/spec/scrollhammer/movement.md"
"$ARB" --spec "$T/spec" run tests/fixtures/failing >"$T/out" 2>&1
expect_status "duplicate clause" 2 $?
contains "duplicate clause" "$T/out" "movement.md:"
contains "duplicate clause" "$T/out" "duplicate clause ID 'SH.MOV.3'"

# A paragraph mark that stands before a heading: ref and run --report refuse
# it (exit 2) with its file and line, and write nothing.
cp -r spec "$T/spec-para"
awk '/^## Movement Distance:/ && !done { sub(/^$/, "", prev); print "<!-- paragraph -->"; done = 1; prev = $0; next } NR > 1 { print prev } { prev = $0 } END { print prev }' \
    spec/scrollhammer/movement.md >"$T/spec-para/scrollhammer/movement.md"
"$ARB" --spec "$T/spec-para" ref -o "$T/ref-para" >"$T/out" 2>&1
expect_status "misplaced paragraph mark" 2 $?
contains "misplaced paragraph mark" "$T/out" "scrollhammer/movement.md:48:1: paragraph: a paragraph mark before a heading"
if [ ! -e "$T/ref-para" ]; then ok; else ko "ref wrote a site over a misplaced mark"; fi
"$ARB" --spec "$T/spec-para" run -q tests/fixtures/failing --report "$T/rep-para" >"$T/out" 2>&1
contains "misplaced paragraph mark, report" "$T/out" "movement.md:48:1: paragraph:"
if [ ! -e "$T/rep-para/index.html" ]; then ok; else ko "run --report wrote a report over a misplaced mark"; fi

# The reading model's markup is parsed strictly (issue 8): an exception naming
# a clause that does not exist, a cycle of exceptions, a sub-phase placed
# twice, a fact of the wrong type: file:line:column and the field, exit 2.
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed -i 's/{over:SH.MOV.WAY.1}/{over:SH.MOV.NOPE.1}/' "$T/spec/scrollhammer/charge.md"
"$ARB" --spec "$T/spec" run tests/fixtures/failing >"$T/out" 2>&1
expect_status "over unknown clause" 2 $?
contains "over unknown clause" "$T/out" "charge.md:106:"
contains "over unknown clause" "$T/out" "field 'precedence': unknown clause 'SH.MOV.NOPE.1'"
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed -i 's/^Units already locked in close combat/[Units]{over:SH.MOV.COH.7} already locked in close combat/' "$T/spec/scrollhammer/movement.md"
sed -i 's/^So, once a unit has finished moving/[So]{over:SH.MOV.CC.1}, once a unit has finished moving/' "$T/spec/scrollhammer/movement.md"
sed -i 's/(or get as close as possible to having restored coherency)\]{over:SH.MOV.COH.3,/(or get as close as possible to having restored coherency)]{over:SH.MOV.COH.3,SH.MOV.COH.7,/' "$T/spec/scrollhammer/movement.md"
"$ARB" --spec "$T/spec" run tests/fixtures/failing >"$T/out" 2>&1
expect_status "cycle of exceptions" 2 $?
contains "cycle of exceptions" "$T/out" "a cycle"
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed -i 's/^- sub-phase fight of close_combat/- sub-phase charge of close_combat: SH.CHG.1 "close combat"\n- sub-phase fight of close_combat/' "$T/spec/scrollhammer/ruleset.md"
"$ARB" --spec "$T/spec" run tests/fixtures/failing >"$T/out" 2>&1
expect_status "placed twice" 2 $?
contains "placed twice" "$T/out" "field 'phases': sub-phase charge is placed twice"
mkdir -p "$T/facts/scrollhammer/movement"
printf 'id,target,expect,units,models,action,facts\nFIX-T-1,SH.MOV.DIST.3,legal,A1 A horde M=6,"A1/a1 10,10 25",move A1,enemies_apparent=yes\n' \
	>"$T/facts/scrollhammer/movement/typed.csv"
"$ARB" run "$T/facts" >"$T/out" 2>&1
expect_status "fact of the wrong type" 2 $?
contains "fact of the wrong type" "$T/out" "typed.csv:2:"
contains "fact of the wrong type" "$T/out" "field 'facts': fact enemies_apparent is 'yes': expected true or false"

# Unknown command and unknown case: exit 2.
"$ARB" frobnicate >"$T/out" 2>&1
expect_status "unknown command" 2 $?
"$ARB" explain NO-SUCH-CASE tests/fixtures/failing >"$T/out" 2>&1
expect_status "unknown case" 2 $?

# explain: the trace and an SVG drawing, written where asked.
"$ARB" explain FIX-FAIL-1 --svg "$T/fail.svg" tests/fixtures/failing >"$T/out" 2>&1
expect_status "explain disagreeing case" 1 $?
contains "explain" "$T/out" "SH.MOV.DIST.1"
contains "explain" "$T/out" "trace ("
contains "explain svg" "$T/fail.svg" "<svg"
contains "explain svg" "$T/fail.svg" "</svg>"

# export | judge: one verdict per scenario, in order, same ids.
"$ARB" export >"$T/suite.jsonl"
expect_status "export" 0 $?
"$ARB" judge <"$T/suite.jsonl" >"$T/verdicts.jsonl"
expect_status "judge suite" 0 $?
n_in=$(grep -c . "$T/suite.jsonl")
n_out=$(grep -c '"format":"arbiter-verdict/2"' "$T/verdicts.jsonl")
if [ "$n_in" -gt 0 ] && [ "$n_in" = "$n_out" ]; then ok; else ko "judge: $n_in scenarios, $n_out verdicts"; fi
# Keys are sorted, so the top-level id follows "format".
topid='s/.*"format":"arbiter-[a-z]*\/2","id":"\([^"]*\)".*/\1/'
ids_in=$(sed "$topid" "$T/suite.jsonl" | md5sum)
ids_out=$(sed "$topid" "$T/verdicts.jsonl" | md5sum)
if [ "$ids_in" = "$ids_out" ]; then ok; else ko "judge: verdict ids differ from scenario ids"; fi

# judge with a bad line: an error line in its place, the others judged, exit 2.
{ head -n 1 "$T/suite.jsonl"; echo '{"format":"arbiter-scenario/2",'; head -n 1 "$T/suite.jsonl"; } >"$T/mixed.jsonl"
"$ARB" judge <"$T/mixed.jsonl" >"$T/out" 2>"$T/err"
expect_status "judge bad line" 2 $?
if [ "$(grep -c . "$T/out")" = 3 ]; then ok; else ko "judge bad line: wanted 3 output lines"; fi
contains "judge bad line" "$T/out" '"error"'
contains "judge bad line" "$T/err" "<stdin>:2"

# judge: every input line gets exactly one output line, blank ones too (an
# error line), and the last line needs no line feed.
{ head -n 1 "$T/suite.jsonl"; echo; head -n 1 "$T/suite.jsonl"; printf ' \t\r\n'; head -n 1 "$T/suite.jsonl" | tr -d '\n'; } >"$T/blank.jsonl"
"$ARB" judge <"$T/blank.jsonl" >"$T/out" 2>"$T/err"
expect_status "judge blank lines" 2 $?
if [ "$(wc -l <"$T/out" | tr -d ' ')" = 5 ]; then ok; else ko "judge blank lines: wanted 5 output lines, got $(wc -l <"$T/out")"; fi
kinds=$(sed 's/^{"error".*/E/; s/^{"dispute".*/V/' "$T/out" | tr -d '\n')
if [ "$kinds" = VEVEV ]; then ok; else ko "judge blank lines: lines are $kinds, wanted VEVEV"; fi
contains "judge blank line" "$T/out" '"line":2,"message":"blank line: expected a scenario'
contains "judge blank line" "$T/out" '"kind":"input","line":4'
contains "judge blank line" "$T/err" "<stdin>:4: blank line"
# An empty stream is judged: no line, no verdict, exit 0.
"$ARB" judge </dev/null >"$T/out" 2>"$T/err"
expect_status "judge empty stream" 0 $?
if [ ! -s "$T/out" ]; then ok; else ko "judge empty stream: output is not empty"; fi

# judge: a read error on stdin is an error, not the end of the stream.
"$ARB" judge <. >"$T/out" 2>"$T/err"
expect_status "judge read error" 2 $?
contains "judge read error" "$T/err" "cannot read standard input"

# judge: a line is at most 64 MiB (docs/limits.md). A scenario padded with
# spaces to exactly 64 MiB is judged; one byte more is an error line in its
# place (read through, not kept), and the next line is still judged.
head -n 1 "$T/suite.jsonl" >"$T/one.jsonl"
n1=$(wc -c <"$T/one.jsonl" | tr -d ' ')
lim=$((64 * 1024 * 1024))
{ tr -d '\n' <"$T/one.jsonl"; head -c $((lim - n1 + 1)) /dev/zero | tr '\0' ' '; echo; } >"$T/at.jsonl"
{ tr -d '\n' <"$T/one.jsonl"; head -c $((lim - n1 + 2)) /dev/zero | tr '\0' ' '; echo; cat "$T/one.jsonl"; } >"$T/over.jsonl"
if [ "$(head -n 1 "$T/at.jsonl" | wc -c | tr -d ' ')" = $((lim + 1)) ]; then ok; else ko "line limit: the fixture is not 64 MiB"; fi
"$ARB" judge <"$T/at.jsonl" >"$T/out" 2>"$T/err"
expect_status "judge line at the limit" 0 $?
"$ARB" judge <"$T/over.jsonl" >"$T/out" 2>"$T/err"
expect_status "judge line over the limit" 2 $?
if [ "$(wc -l <"$T/out" | tr -d ' ')" = 2 ]; then ok; else ko "judge line over the limit: wanted 2 output lines"; fi
contains "judge line over the limit" "$T/err" "<stdin>:1: the line is longer than 67108864 bytes"
if sed -n 2p "$T/out" | grep -q '"verdict"'; then ok; else ko "judge line over the limit: line 2 was not judged"; fi
rm -f "$T/at.jsonl" "$T/over.jsonl"

# The scenario's reading profile travels with it; judge uses it unless
# --profile is given, which wins.
grep '"profile":"chain"' "$T/suite.jsonl" >"$T/chain.jsonl"
sed 's/"profile":"chain"/"profile":null/' "$T/chain.jsonl" >"$T/none.jsonl"
if [ -s "$T/chain.jsonl" ]; then ok; else ko "export: no scenario carries profile chain"; fi
"$ARB" judge <"$T/chain.jsonl" >"$T/v-chain.jsonl"
expect_status "judge profile chain" 0 $?
"$ARB" judge <"$T/none.jsonl" >"$T/v-none.jsonl"
"$ARB" judge --profile chain <"$T/none.jsonl" >"$T/v-forced.jsonl"
"$ARB" judge --profile all <"$T/chain.jsonl" >"$T/v-all.jsonl"
if cmp -s "$T/v-chain.jsonl" "$T/v-none.jsonl"; then ko "profile: the scenario's profile changes no verdict"; else ok; fi
if cmp -s "$T/v-chain.jsonl" "$T/v-forced.jsonl"; then ok; else ko "profile: --profile chain differs from the scenario's profile chain"; fi
if cmp -s "$T/v-none.jsonl" "$T/v-all.jsonl"; then ok; else ko "profile: --profile all does not win over the scenario's profile"; fi
# An unknown profile in the scenario is an error line naming the member.
head -n 1 "$T/chain.jsonl" | sed 's/"profile":"chain"/"profile":"nonsense"/' >"$T/bad-profile.jsonl"
"$ARB" judge <"$T/bad-profile.jsonl" >"$T/out" 2>"$T/err"
expect_status "judge unknown profile" 2 $?
contains "judge unknown profile" "$T/out" '"field":"profile","kind":"input"'

# The export | judge twin on a fixture: the same verdicts as in-process.
"$ARB" export tests/fixtures/failing >"$T/fix.jsonl"
"$ARB" judge <"$T/fix.jsonl" >"$T/fix-wire.jsonl"
expect_status "judge fixture" 0 $?
"$ARB" run -q --twin --verdicts "$T/fix-lib.jsonl" tests/fixtures/failing >"$T/out" 2>&1
expect_status "run --twin fixture" 1 $?
contains "run --twin fixture" "$T/out" "twin: 2 of 2 verdicts identical"
if cmp -s "$T/fix-lib.jsonl" "$T/fix-wire.jsonl"; then ok; else ko "fixture twin: export | judge differs from run --verdicts"; fi

# check-verdicts: judge's lines obey the format; a broken line is named
# with file:line and exit 2.
"$ARB" check-verdicts "$T/fix-wire.jsonl" "$T/mixed-out.jsonl" >"$T/out" 2>&1
expect_status "check-verdicts missing file" 2 $?
"$ARB" judge <"$T/mixed.jsonl" >"$T/mixed-out.jsonl" 2>/dev/null
"$ARB" check-verdicts "$T/fix-wire.jsonl" "$T/mixed-out.jsonl" >"$T/out" 2>&1
expect_status "check-verdicts" 0 $?
contains "check-verdicts" "$T/out" "check-verdicts: 5 lines: 4 verdicts, 1 error lines, 0 break"
sed 's/"dispute":\[\]/"dispute":["gap"]/' "$T/fix-wire.jsonl" >"$T/broken.jsonl"
"$ARB" check-verdicts "$T/broken.jsonl" >"$T/out" 2>&1
expect_status "check-verdicts broken" 2 $?
contains "check-verdicts broken" "$T/out" "broken.jsonl:1: field 'dispute': must be [] unless the verdict is disputed"

# lint on the real rulebook: warnings and no errors, exit 0, the tally last.
"$ARB" lint >"$T/out" 2>"$T/err"
expect_status "lint" 0 $?
case $(tail -n 1 "$T/out") in
"lint: "*" findings: "*" errors, "*" warnings, "*" infos") ok ;;
*) ko "lint: last line is '$(tail -n 1 "$T/out")'" ;;
esac
# --strict: warnings count, exit 1.
"$ARB" lint --strict >"$T/out" 2>&1
expect_status "lint --strict" 1 $?

# lint --json: only JSON objects, one a line, each with the finding's keys.
"$ARB" lint --json >"$T/out" 2>"$T/err"
expect_status "lint --json" 0 $?
n=$(grep -c . "$T/out")
if [ "$n" -gt 0 ]; then ok; else ko "lint --json: no findings"; fi
if grep -qv '^{.*}$' "$T/out"; then ko "lint --json: a line is not a JSON object"; grep -v '^{.*}$' "$T/out" | head -3; else ok; fi
for key in '"kind":"' '"severity":"' '"code":"' '"file":' '"line":[0-9]' '"message":"'; do
	k=$(grep -c "$key" "$T/out")
	if [ "$k" = "$n" ]; then ok; else ko "lint --json: $k of $n lines have $key"; fi
done

# lint on a spec whose clause tag is malformed: exit 2, file:line on stderr.
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed 's/^{#SH.MOV.DIST.1 constraint}$/{#SH.MOV.DIST.1 constraint/' spec/scrollhammer/movement.md >"$T/spec/scrollhammer/movement.md"
"$ARB" --spec "$T/spec" lint >"$T/out" 2>"$T/err"
expect_status "lint malformed tag" 2 $?
line=$(grep -n '^{#SH.MOV.DIST.1 constraint}$' spec/scrollhammer/movement.md | cut -d: -f1)
contains "lint malformed tag" "$T/err" "scrollhammer/movement.md:$line:"

# lint --matrix FILE: the traceability matrix in Markdown.
"$ARB" lint --matrix "$T/matrix.md" >"$T/out" 2>&1
expect_status "lint --matrix" 0 $?
contains "lint --matrix" "$T/matrix.md" "| SH.MOV.DIST.1 |"

# lint's spelling: the two mistakes of Grit's text at file:line:column with
# their clause, the column in JSON; a word list that does not read and a
# dictionary that is not there are bad input (exit 2), never a silent pass.
"$ARB" lint grit >"$T/out" 2>&1
contains "lint spelling" "$T/out" "spec/grit/movement.md:92:38: warning: words: GR.MOV.STOMP.2: 'a Initiative'"
contains "lint spelling" "$T/out" "spec/grit/movement.md:33:91: warning: words: GR.MOV.BCOH.1:"
"$ARB" lint --json grit >"$T/out" 2>&1
contains "lint spelling json" "$T/out" '"code":"article","column":38,'
rm -rf "$T/spec" && cp -r spec "$T/spec"
printf 'stomper: fine\nreroll\n' >"$T/spec/grit/words.txt"
"$ARB" --spec "$T/spec" lint grit >"$T/out" 2>"$T/err"
expect_status "lint bad word list" 2 $?
contains "lint bad word list" "$T/err" "grit/words.txt:2:7: field 'word'"
"$ARB" lint --dictionary "$T/none" grit >"$T/out" 2>"$T/err"
expect_status "lint no dictionary" 2 $?
"$ARB" lint --no-spelling grit >"$T/out" 2>"$T/err"
expect_status "lint --no-spelling" 0 $?
if grep -q "words:" "$T/out"; then ko "lint --no-spelling: a words finding"; else ok; fi

# lint's forbid/permit pairs (spec/RULESET/questions.txt): Grit's new pair
# and its acknowledged one, with both texts; a pair the editors acknowledge
# is an info; a questions file naming a clause that is not there, or words
# an except line quotes that the clause does not hold, is bad input (exit
# 2, file:line:column and field, nothing printed as findings).
"$ARB" lint --no-spelling grit >"$T/out" 2>&1
expect_status "lint questions" 0 $?
contains "lint questions" "$T/out" "spec/grit/movement.md:134: warning: precedence: GR.MOV.BROKEN.2: unranked beside GR.MOV.MORALE.7 (permission): both answer 'morale.move': \"Broken units must"
contains "lint questions" "$T/out" "/ \"If the result is passed, then the unit can move as normal.\" [unranked-pair]"
contains "lint questions" "$T/out" "info: precedence: GR.MOV.TOWER.2: unranked beside GR.MOV.STOMP.1 (permission)"
contains "lint questions" "$T/out" "[known-unranked-pair]"
"$ARB" lint --no-spelling --json regiments >"$T/out" 2>&1
contains "lint questions json" "$T/out" '"code":"known-unranked-pair"'
rm -rf "$T/spec" && cp -r spec "$T/spec"
printf 'ask move.gap: RG.MOV.GAP.1 RG.MOV.GAP.9\n' >"$T/spec/regiments/questions.txt"
"$ARB" --spec "$T/spec" lint regiments >"$T/out" 2>"$T/err"
expect_status "lint bad questions" 2 $?
contains "lint bad questions" "$T/err" "regiments/questions.txt:1:28: field 'clause'"
if [ -s "$T/out" ]; then ko "lint bad questions: findings printed"; else ok; fi
printf 'ask move.gap: RG.MOV.GAP.1 RG.MOV.GAP.3\nexcept RG.MOV.GAP.1 RG.MOV.GAP.3: RG.MOV.GAP.2 "charges are fine"\n' >"$T/spec/regiments/questions.txt"
"$ARB" --spec "$T/spec" lint regiments >"$T/out" 2>"$T/err"
expect_status "lint questions words" 2 $?
contains "lint questions words" "$T/err" "regiments/questions.txt:2:49: field 'words'"

# lint of an unknown ruleset: exit 2.
"$ARB" lint nosuchland >"$T/out" 2>"$T/err"
expect_status "lint unknown ruleset" 2 $?
contains "lint unknown ruleset" "$T/err" "unknown ruleset 'nosuchland'"

# lint on a spec whose tolerance (spec/conventions.md, CONV.TOL.1) differs
# from the build's: an error finding [tolerance], exit 1. (A strict load
# refuses this spec.)
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed 's/\[0\.000001"\]{tolerance}/[0.00001"]{tolerance}/' spec/conventions.md >"$T/spec/conventions.md"
"$ARB" --spec "$T/spec" lint >"$T/out" 2>&1
expect_status "lint conventions problem" 1 $?
contains "lint conventions problem" "$T/out" "[tolerance]"

# lint when the predicates cannot be bound for a reason no check names (a
# profile picks a reading no predicate encodes): the reason, with
# ruleset.md:line, is shown, not only "could not be bound".
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed 's/^- SH.MOV.COH.3: connected$/- SH.MOV.COH.3: nonsense/' spec/scrollhammer/ruleset.md >"$T/spec/scrollhammer/ruleset.md"
line=$(grep -n '^- SH.MOV.COH.3: nonsense$' "$T/spec/scrollhammer/ruleset.md" | head -n 1 | cut -d: -f1)
"$ARB" --spec "$T/spec" lint >"$T/out" 2>&1
expect_status "lint not bound" 1 $?
contains "lint not bound" "$T/out" "[not-bound]"
contains "lint not bound" "$T/out" "scrollhammer/ruleset.md:$line:"

# lint --json when a convention's quoted text has a multi-byte character at
# the cut (160 bytes): still one JSON object a line, exit 0.
rm -rf "$T/spec" && cp -r spec "$T/spec"
text="A move is a polyline$(printf '%0139d' 0)$(printf '\342\200\231')s end."
awk -v t="$text" 'skip { print t; skip = 0; next } /^\{#CONV\.MOVE\.1 / { skip = 1 } { print }' \
	spec/conventions.md >"$T/spec/conventions.md"
"$ARB" --spec "$T/spec" lint --json >"$T/out" 2>"$T/err"
expect_status "lint --json utf-8" 0 $?
contains "lint --json utf-8" "$T/out" '"clause":"CONV.MOVE.1"'

# run --junit and --json: one testcase (one line) per case, the failure kept.
"$ARB" run -q --junit "$T/junit.xml" --json "$T/results.jsonl" tests/fixtures/failing >/dev/null 2>&1
expect_status "run --junit" 1 $?
contains "run --junit" "$T/junit.xml" '<testsuites name="arbiter" tests="2" failures="1">'
contains "run --junit" "$T/junit.xml" '<testcase classname="scrollhammer.movement" name="FIX-FAIL-1"'
contains "run --junit" "$T/junit.xml" '<failure message="expected legal, got illegal">'
if [ "$(grep -c '<testcase ' "$T/junit.xml")" = 2 ]; then ok; else ko "run --junit: wanted 2 testcases"; fi
if [ "$(grep -c '"agrees":' "$T/results.jsonl")" = 2 ]; then ok; else ko "run --json: wanted 2 lines"; fi
contains "run --json" "$T/results.jsonl" '"agrees":false'

# graph: DOT and SVG per flow, each node linked to its clause.
"$ARB" graph -o "$T/graphs" scrollhammer >"$T/out" 2>&1
expect_status "graph" 0 $?
contains "graph" "$T/graphs/scrollhammer.unit_move.dot" 'digraph "scrollhammer.unit_move"'
contains "graph svg" "$T/graphs/scrollhammer.unit_move.svg" '<svg'
contains "graph svg" "$T/graphs/scrollhammer.unit_move.svg" 'href="../reference.html#SH.MOV.6"'
"$ARB" graph --dot scrollhammer/movement >"$T/out" 2>&1
expect_status "graph --dot" 0 $?
contains "graph --dot" "$T/out" 'URL="../reference.html#SH.MOV.2"'
"$ARB" graph nosuchgame >"$T/out" 2>&1
expect_status "graph unknown ruleset" 2 $?

# An editor's 0 in spec/ where the text divides by it: an error naming the
# parameter, exit 2 (not an infinite bonus).
rm -rf "$T/spec0" && cp -r spec "$T/spec0"
sed 's/\[12\]{horde_bonus_models}/[0]{horde_bonus_models}/' spec/scrollhammer/formations.md \
	>"$T/spec0/scrollhammer/formations.md"
"$ARB" --spec "$T/spec0" explain SH-FORM-CMB-020 >"$T/out" 2>&1
expect_status "zero divisor in spec" 2 $?
contains "zero divisor in spec" "$T/out" "horde_bonus_models is 0 in spec/"

# Paths of poses (CONV.TURN.2): a wheel about a front corner loads; a pose
# that does not follow from its step (it teleports), a pivot that is not the
# corner the ruleset names, a non-finite facing, a turn with no pivot, a turn
# in an action that does not turn, another unit's model moved where the
# ruleset allows none: each an error with file:line:column, exit 2.
POSE_H='id,target,expect,violates,dispute,disputed,profile,board,context,units,models,terrain,action,paths,stationary,facts,dice,values,variants,note'
pose_row() { # ruleset action paths
	rm -rf "$T/poses" && mkdir -p "$T/poses/$1/movement"
	tgt=RG.MOV.WHEEL.1
	[ "$1" = scrollhammer ] && tgt=SH.MOV.2
	printf '%s\n%s\n' "$POSE_H" "POSE-1,$tgt,not-applicable,,,,,,phase=movement,\"R1 A - facing=0; E1 B -\",\"R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; E1/e1 30,30 25\",,$2,\"$3\",,,,,,t" \
		>"$T/poses/$1/movement/p.csv"
	"$ARB" run -q "$T/poses" >"$T/out" 2>&1
}
# A row that loads is judged: whatever the verdict (0 or 1, a disagreement
# once the ruleset's predicates decide it), never bad input (2).
expect_loaded() { # name got
	if [ "$2" -le 1 ]; then ok; else ko "$1: exit status $2, wanted 0 or 1 (loaded)"; sed 's/^/    /' "$T/out" | head -5; fi
}
pose_row regiments "wheel R1" "r1 10,10@0 ~10.5,9.5 10,9@90; r2 10,11@0 ~10.5,9.5 9,9@90"
expect_loaded "poses: a wheel" $?
pose_row regiments "pivot R1" "r1 10,10@0 ~10,10.5 10.5,10.5@90; r2 10,11@0 ~10,10.5 9.5,10.5@90; e1 30,30 29,30"
expect_loaded "poses: a pivot moving another unit back" $?
# Two wheels of 45 degrees about the same front corner: after the first,
# the unit's footprint is that of its bases turned with it (it was taken at
# their first facing, so that the corner seemed 0.29 in away).
pose_row regiments "wheel R1" "r1 10,10@0 ~10.5,9.5 9.792893,9.5@45 ~10.5,9.5 10,9@90; r2 10,11@0 ~10.5,9.5 9.085786,10.207107@45 ~10.5,9.5 9,9@90"
expect_loaded "poses: two wheels about a corner" $?
pose_row regiments "wheel R1" "r1 10,10@0 ~10.5,9.5 10,9.5@90; r2 10,11@0 ~10.5,9.5 9,9@90"
expect_status "poses: teleport" 2 $?
contains "poses: teleport" "$T/out" "p.csv:2:157: field 'paths': path of model r1, step 1: pose 1 does not follow from pose 0"
pose_row regiments "wheel R1" "r1 10,10@0 ~9.5,9.5 9,10@90; r2 10,11@0 ~9.5,9.5 8,10@90"
expect_status "poses: not a front corner" 2 $?
contains "poses: not a front corner" "$T/out" "wheel turns about a front corner of the unit: the pivot (9.5, 9.5) is not a front corner"
pose_row regiments "wheel R1" "r1 10,10@45 ~10.5,9.5 10,9@90; r2 10,11@0 ~10.5,9.5 9,9@90"
expect_status "poses: a first facing other than the model's" 2 $?
contains "poses: a first facing other than the model's" "$T/out" "field 'paths': path of model r1 starts facing 45, not as the model faces (0)"
pose_row regiments "wheel R1" "r1 10,10@inf 11,10"
expect_status "poses: non-finite facing" 2 $?
contains "poses: non-finite facing" "$T/out" "field 'paths': r1: point 1: expected a finite facing after '@', got 'inf'"
pose_row regiments "move R1" "r1 10,10@0 11,10@90"
expect_status "poses: a turn with no pivot" 2 $?
contains "poses: a turn with no pivot" "$T/out" "turns from facing 0 to 90 between points 1 and 2 with no pivot"
pose_row scrollhammer "move R1" "r1 10,10@0 ~10,10.5 10.5,10.5@90"
expect_status "poses: scrollhammer does not turn" 2 $?
contains "poses: scrollhammer does not turn" "$T/out" "scrollhammer's move does not (turns: in its ruleset.md)"
pose_row regiments "move R1" "e1 30,30 29,30"
expect_status "poses: another unit's model" 2 $?
contains "poses: another unit's model" "$T/out" "a move moves no other unit's models"
pose_row regiments "wheel R1" "r1 10,10@0 ~10.5,9.5 10,9"
expect_status "poses: a turn with no end facing nor angle" 2 $?
contains "poses: a turn with no end facing nor angle" "$T/out" "a turn needs the facing it ends at (X,Y@F) or its angle (~X,Y:A)"
# Metamorphic variants of a path of poses (tools/gen/gen_variants.c): each
# pose's point and facing and each pivot move with the scene, a written
# sweep changes sign in a mirror (the wheel about the other front corner),
# and every copy loads.
GV="$(dirname "$ARB")/gen_variants"
rm -rf "$T/gv" && mkdir -p "$T/gv/in/regiments/movement" "$T/gv/out/scrollhammer/movement"
printf '%s\n%s\n' "$POSE_H" 'GV-1,RG.MOV.WHEEL.1,not-applicable,,,,,,phase=movement,"R1 A - facing=0; E1 B -","R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; E1/e1 30,30 25",,wheel R1,"r1 10,10@0 ~10.5,9.5 10,9@90; r2 10,11@0 ~10.5,9.5:90 9,9",,,,,,t' \
	>"$T/gv/in/regiments/movement/hand-x.csv"
"$GV" -o "$T/gv/out" "$T/gv/in/regiments/movement/hand-x.csv" >"$T/out" 2>&1
expect_status "variants of poses" 0 $?
contains "variants of poses: mirrored" "$T/gv/out/scrollhammer/movement/gen-variants.csv" '"r1 62,10@180 ~61.5,9.5 62,9@90; r2 62,11@180 ~61.5,9.5:-90 63,9"'
contains "variants of poses: translated" "$T/gv/out/scrollhammer/movement/gen-variants.csv" '"r1 13,8@0 ~13.5,7.5 13,7@90; r2 13,9@0 ~13.5,7.5:90 12,7"'
mkdir -p "$T/gv/run/regiments/movement"
cp "$T/gv/out/scrollhammer/movement/gen-variants.csv" "$T/gv/run/regiments/movement/"
"$ARB" run -q "$T/gv/run" >"$T/out" 2>&1
expect_loaded "variants of poses: every copy loads" $?
contains "variants of poses: every copy loads" "$T/out" "5 cases:"
# ... and through JSON Lines: a written angle sets the facing after it; the
# poses go out and come back; a pivot moved off the corner is the same error.
pose_row regiments "wheel R1" "r1 10,10@0 ~10.5,9.5 10,9@90; r2 10,11@0 ~10.5,9.5:90 9,9"
expect_loaded "poses: an angle instead of a facing" $?
"$ARB" export "$T/poses" >"$T/poses.jsonl" 2>"$T/out"
expect_status "poses: export" 0 $?
contains "poses: export" "$T/poses.jsonl" '"facings":[0,90],"model":"r1","points":[[10,10],[10,9]],"steps":[{"pivot":[10.5,9.5]}]'
contains "poses: export" "$T/poses.jsonl" '"steps":[{"angle":90,"pivot":[10.5,9.5]}]'
"$ARB" judge <"$T/poses.jsonl" >"$T/out" 2>&1
expect_status "poses: judge" 0 $?
contains "poses: judge" "$T/out" '"verdict":"'
sed 's/"pivot":\[10.5,9.5\]}/"pivot":[9.5,9.5]}/' "$T/poses.jsonl" | "$ARB" judge >"$T/out" 2>&1
expect_status "poses: judge a teleport" 2 $?
contains "poses: judge a teleport" "$T/out" '"field":"paths","kind":"input"'

# run --jobs N: the same bytes as one job, in the same order (stdout, the
# verdict lines, exit status), on the whole suite and on a failing table.
"$ARB" run --verdicts "$T/v1.jsonl" >"$T/run1.out" 2>&1
st1=$?
"$ARB" run --jobs 2 --verdicts "$T/v2.jsonl" >"$T/run2.out" 2>&1
expect_status "run --jobs 2" "$st1" $?
if cmp -s "$T/run1.out" "$T/run2.out"; then ok; else ko "run --jobs 2: output differs from run"; diff "$T/run1.out" "$T/run2.out" | head -10; fi
if cmp -s "$T/v1.jsonl" "$T/v2.jsonl"; then ok; else ko "run --jobs 2: verdict lines differ from run"; fi
"$ARB" run --twin tests/fixtures/failing >"$T/run1.out" 2>&1
st1=$?
"$ARB" run --twin --jobs 3 tests/fixtures/failing >"$T/run2.out" 2>&1
expect_status "run --jobs 3 failing" "$st1" $?
if cmp -s "$T/run1.out" "$T/run2.out"; then ok; else ko "run --jobs 3 failing: output differs from run"; diff "$T/run1.out" "$T/run2.out" | head -10; fi
"$ARB" run -q --jobs 0 tests/fixtures/failing >"$T/out" 2>&1
expect_status "run --jobs 0" 1 $?
contains "run --jobs 0" "$T/out" "1 passed, 1 failed"
"$ARB" run --jobs two tests/fixtures/failing >"$T/out" 2>&1
expect_status "run --jobs two" 2 $?
contains "run --jobs two" "$T/out" "--jobs wants a number of threads from 1 to 256, or 0 for one per processor; got 'two'"

# More sections than any fixed table: 70, each counted (and in the report).
rm -rf "$T/many" && i=1
while [ $i -le 70 ]; do
	mkdir -p "$T/many/scrollhammer/s$i"
	printf '%s\n%s\n' 'id,target,expect,units,models,action,paths' \
		"MANY-$i,SH.MOV.1,legal,A1 A horde M=6,\"A1/a1 10,10 25\",move A1,\"a1 10,10 12,10\"" \
		>"$T/many/scrollhammer/s$i/x.csv"
	i=$((i + 1))
done
"$ARB" run --report "$T/many-report" "$T/many" >"$T/out" 2>&1
expect_status "70 sections" 0 $?
if [ "$(grep -c '^scrollhammer/s' "$T/out")" = 70 ]; then ok; else ko "70 sections: the table lacks some"; fi
if [ "$(grep -o '<tr><td>scrollhammer/s[0-9]*</td>' "$T/many-report/index.html" | wc -l)" = 70 ]; then ok; else ko "70 sections: the report lacks some"; fi

# The report's editor pages show what `arbiter lint` adds: the words of the
# text at line and column, and the questions' pairs; a questions file that
# does not read is bad input for the report too (exit 2, no report).
contains "report words" "$T/many-report/index.html" '<h2 id="words">Words (2)</h2>'
contains "report words" "$T/many-report/index.html" 'spec/grit/movement.md:92:38</td>'
contains "report pairs" "$T/many-report/index.html" '<code>unranked-pair</code>'
rm -rf "$T/spec" && cp -r spec "$T/spec"
printf 'ask move.gap RG.MOV.GAP.1\n' >"$T/spec/regiments/questions.txt"
"$ARB" --spec "$T/spec" run -q --report "$T/bad-q-report" "$T/many" >"$T/out" 2>&1
expect_status "report bad questions" 2 $?
contains "report bad questions" "$T/out" "regiments/questions.txt:1:13: field 'question'"
if [ ! -e "$T/bad-q-report" ]; then ok; else ko "report bad questions: a report was written"; fi

# A Grit unit without the characteristic a clause reads (Initiative for the
# perception range, Sagacity for a total over Grit), and corpses with a
# negative number of wounds: bad input naming the units cell or the facts
# cell, file:line:column, exit 2 (issue 11), never a verdict.
GRIT_H='id,target,expect,violates,dispute,disputed,profile,board,context,units,models,terrain,action,paths,facts,dice,values,variants,note'
grit_row() { # row
	rm -rf "$T/gritbad" && mkdir -p "$T/gritbad/grit/movement"
	printf '%s\n%s\n' "$GRIT_H" "$1" >"$T/gritbad/grit/movement/b.csv"
	"$ARB" run -q "$T/gritbad" >"$T/out" 2>&1
}
grit_row 'BAD-I,GR.MOV.MORALE.1,missing-input,,,,,,,A1 A - Grit=7 Sagacity=3; E1 B -,"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 60,40 25",,move A1,"a1 10,10 14,10; a2 10,11.5 14,11.5",allied_corpses_in_range=false,,,,no I'
expect_status "grit: no Initiative" 2 $?
contains "grit: no Initiative" "$T/out" "field 'units': BAD-I (GR.MOV.MORALE.1): unit A1 states no I (Initiative), its perception range"
grit_row 'BAD-SAG,GR.MOV.BROKEN.1,missing-input,,,,,,,A1 A - Grit=7 I=4; E1 B -,"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 60,40 25","T1 cover 2,8 4,8 4,14 2,14",move A1,"a1 10,10 5,10; a2 10,11.5 5,11.5",allied_corpses_in_range=true;rounds_completed=0;corpse_wounds=0;in_cover=false;deployment_edge=left,morale_check: 5 6,,none,no Sagacity'
expect_status "grit: no Sagacity" 2 $?
contains "grit: no Sagacity" "$T/out" "field 'units': BAD-SAG (GR.MOV.BROKEN.1): unit A1 states no Sagacity"
grit_row 'BAD-CW,GR.MOV.BROKEN.1,missing-input,,,,,,,A1 A - Grit=7 I=4 Sagacity=3; E1 B -,"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 60,40 25","T1 cover 2,8 4,8 4,14 2,14",move A1,"a1 10,10 5,10; a2 10,11.5 5,11.5",allied_corpses_in_range=true;rounds_completed=0;corpse_wounds=-2;in_cover=false;deployment_edge=left,morale_check: 5 6,,none,negative wounds'
expect_status "grit: negative corpse wounds" 2 $?
contains "grit: negative corpse wounds" "$T/out" "field 'facts': fact corpse_wounds is '-2': expected a count: a whole number from 0 to 10^15"
# Heights (GR.MOV.TOWER.1 compares them): a model or a piece of terrain met
# on the way without one, where the clause reads it, is bad input naming the
# cell (GR-MOV-THRU-001 was this row, missing-input while the fact
# towers_over stood for the heights); a negative or malformed height too.
grit_row 'GR-MOV-THRU-001,GR.MOV.3,illegal,GR.MOV.3,,,,,,A1 A - height=2; F1 A -; E1 B -,"A1/a1 10,10 25; A1/a2 10,11.5 25; F1/f1 13,10 25; E1/e1 60,40 25",,move A1,"a1 10,10 16,10; a2 10,11.5 16,11.5",,,,,f1 has no height'
expect_status "grit: a model without a height" 2 $?
contains "grit: a model without a height" "$T/out" "b.csv:2:"
contains "grit: a model without a height" "$T/out" "field 'models': GR-MOV-THRU-001 (GR.MOV.TOWER.1): model f1 states no height (the characteristic 'height'), which towering steps compare: a1 meets f1"
grit_row 'BAD-TH,GR.MOV.3,illegal,GR.MOV.3,,,lenient,,,A1 A - height=2; E1 B -,"A1/a1 10,10 25; E1/e1 60,40 25","T1 cover 12,8 14,8 14,12 12,12",move A1,"a1 10,10 16,10",,,,,T1 has no height'
expect_status "grit: terrain without a height" 2 $?
contains "grit: terrain without a height" "$T/out" "field 'terrain': BAD-TH (GR.MOV.TOWER.1): terrain T1 states no height ('height='), which towering steps compare: a1 moves through it"
grit_row 'BAD-TN,GR.MOV.3,illegal,GR.MOV.3,,,lenient,,,A1 A - height=2; E1 B -,"A1/a1 10,10 25; E1/e1 60,40 25","T1 cover height=-1 12,8 14,8 14,12 12,12",move A1,"a1 10,10 16,10",,,,,negative height'
expect_status "grit: negative terrain height" 2 $?
contains "grit: negative terrain height" "$T/out" "field 'terrain': terrain T1: height must be a finite number of inches, not negative, got -1"
grit_row 'BAD-TM,GR.MOV.3,illegal,GR.MOV.3,,,lenient,,,A1 A - height=2; E1 B -,"A1/a1 10,10 25; E1/e1 60,40 25","T1 cover height=tall 12,8 14,8 14,12 12,12",move A1,"a1 10,10 16,10",,,,,malformed height'
expect_status "grit: malformed terrain height" 2 $?
contains "grit: malformed terrain height" "$T/out" "terrain T1: expected height=INCHES, got 'height=tall'"
grit_row 'BAD-SCF,GR.MOV.STOMP.4,legal,,,,lenient,,,A1 A - height=1 S=5; E1 B - height=2; F1 B - height=1,"A1/a1 16,10 25; E1/e1 16,10.5 25; F1/f1 16,12 25",,move E1,"e1 16,10.5 16,9.0157480315",stomped=true;stomp_check_failed=f1,,,none,f1 under no stomper'
expect_status "grit: a stomp check failed by a model under no stomper" 2 $?
contains "grit: a stomp check failed by a model under no stomper" "$T/out" "field 'facts': BAD-SCF (GR.MOV.STOMP.4): stomp_check_failed names f1, which is under no stomper"

# The log of the turn (context log): a sub-phase, unit or action it names
# that is not there, a malformed event, and a log given beside the fact
# last_completed: bad input with file:line:column and field, exit 2; the
# same log read from JSON Lines (an end that names a unit is refused).
RG_H='id,target,expect,violates,dispute,disputed,profile,context,units,models,terrain,action,paths,facts,values,variants,note'
rg_log_row() { # log [facts]
	rm -rf "$T/logbad" && mkdir -p "$T/logbad/regiments/movement"
	printf '%s\n%s\n' "$RG_H" "LOGBAD,RG.MOV.ORDER.1,legal,,,,,phase=movement;subphase=remaining_moves;log=$1,R1 A - M=4; E1 B - M=4,\"R1/r1 10,10 25.4x25.4; E1/e1 40,40 25.4x25.4\",,move R1,\"r1 10,10 13,10\",${2:-},,none,bad log" \
		>"$T/logbad/regiments/movement/b.csv"
	"$ARB" run -q "$T/logbad" >"$T/out" 2>&1
}
rg_log_row 'start_of_phase:done charg:done'
expect_status "log: unknown sub-phase" 2 $?
contains "log: unknown sub-phase" "$T/out" "b.csv:2:"
contains "log: unknown sub-phase" "$T/out" "log event 2: unknown sub-phase 'charg' for regiments"
rg_log_row 'start_of_phase:done charge:X9:charge'
expect_status "log: unknown unit" 2 $?
contains "log: unknown unit" "$T/out" "log event 2 names unit 'X9', which is not on the board"
rg_log_row 'start_of_phase:done charge:R1:dance'
expect_status "log: unknown action" 2 $?
contains "log: unknown action" "$T/out" "log event 2: unknown action 'dance' for regiments"
rg_log_row 'start_of_phase:finished'
expect_status "log: malformed event" 2 $?
contains "log: malformed event" "$T/out" "log event 'start_of_phase:finished': expected SUBPHASE:UNIT:ACTION, SUBPHASE:UNIT:ACTION:TARGET+TARGET... or SUBPHASE:done"
# An event's targets (SUBPHASE:UNIT:ACTION:TARGET+...): a unit not on the
# board, the unit itself, an end with targets, a malformed name.
rg_log_row 'start_of_phase:done charge:R1:charge:X9'
expect_status "log: unknown target" 2 $?
contains "log: unknown target" "$T/out" "b.csv:2:"
contains "log: unknown target" "$T/out" "field 'context': log event 2 targets unit 'X9', which is not on the board"
rg_log_row 'start_of_phase:done charge:R1:charge:E1+R1'
expect_status "log: the unit itself a target" 2 $?
contains "log: the unit itself a target" "$T/out" "log event 2: unit R1's charge targets the unit itself"
rg_log_row 'start_of_phase:done charge:R1:charge:E1+a/b'
expect_status "log: malformed target" 2 $?
contains "log: malformed target" "$T/out" "log event 'charge:R1:charge:E1+a/b': target 'a/b' is not a valid name"
rg_log_row 'start_of_phase:done charge:E1:charge:R1 charge:done compulsory_moves:done'
expect_status "log: a known target" 0 $?
rg_log_row 'start_of_phase:done' 'last_completed=start_of_phase'
expect_status "log: beside last_completed" 2 $?
contains "log: beside last_completed" "$T/out" "the fact last_completed and the context's log both say what was completed"
"$ARB" export cases/regiments/movement/hand-log.csv >"$T/log-all.jsonl" 2>"$T/err"
expect_status "log: export" 0 $?
grep '"id":"RG-MOV-LOG-003"' "$T/log-all.jsonl" >"$T/log.jsonl"
contains "log: export" "$T/log.jsonl" '"log":[{"end":true,"subphase":"start_of_phase"},{"end":true,"subphase":"charge"},{"action":"move","subphase":"remaining_moves","unit":"F1"}]'
"$ARB" judge <"$T/log.jsonl" >"$T/out" 2>&1
contains "log: judged from JSON" "$T/out" '"verdict":"illegal","violates":["RG.MOV.ORDER.1"]'
sed 's/{"end":true,"subphase":"charge"}/{"end":true,"subphase":"charge","unit":"F1"}/' "$T/log.jsonl" | "$ARB" judge >"$T/out" 2>&1
contains "log: an end naming a unit" "$T/out" "an event that ends a sub-phase names no unit, no action, no paths and no targets"
sed 's/{"end":true,"subphase":"charge"}/{"end":true,"subphase":"charge","targets":["E1"]}/' "$T/log.jsonl" | "$ARB" judge >"$T/out" 2>&1
contains "log: an end with targets" "$T/out" "an event that ends a sub-phase names no unit, no action, no paths and no targets"

# The log's moves (paths N:MODEL of log event N): a path for a model not on
# the board, for an event the log does not have or that completes a
# sub-phase, a turning path without its first facing, a model that jumps
# between events or does not end where the scenario places it, and a path
# the event's action may not have: bad input with file:line:column and
# field paths, exit 2. Read back from JSON Lines, the same moves judge alike.
rg_move_row() { # events paths
	rm -rf "$T/logmv" && mkdir -p "$T/logmv/regiments/movement"
	printf '%s\n%s\n' "$RG_H" "LOGMV,RG.MOV.GAP.1,legal,,,,,phase=movement;subphase=remaining_moves;log=start_of_phase:done charge:done compulsory_moves:done $1,R1 A - M=4; F1 A - M=4; E1 B - M=4,\"R1/r1 10,10 25.4x25.4; F1/f1 22,30 25.4x25.4; E1/e1 40,40 25.4x25.4\",,move R1,\"$2; r1 10,10 13,10\",,,none,bad log move" \
		>"$T/logmv/regiments/movement/b.csv"
	"$ARB" run -q "$T/logmv" >"$T/out" 2>&1
}
rg_move_row 'remaining_moves:F1:move' '4:x9 20,30 22,30'
expect_status "log move: unknown model" 2 $?
contains "log move: unknown model" "$T/out" "b.csv:2:266: field 'paths': log event 4: path of model 'x9', which is not on the board"
rg_move_row 'remaining_moves:F1:move' '6:f1 20,30 22,30'
expect_status "log move: no such event" 2 $?
contains "log move: no such event" "$T/out" "path 1 is for log event 6: the log has 4 events"
rg_move_row 'remaining_moves:F1:move' '3:f1 20,30 22,30'
expect_status "log move: an end" 2 $?
contains "log move: an end" "$T/out" "path 1 is for log event 3, which completes a sub-phase: no unit acts in it"
rg_move_row 'remaining_moves:F1:move' 'a:f1 20,30 22,30'
expect_status "log move: malformed" 2 $?
contains "log move: malformed" "$T/out" "path 1: expected 'MODEL ...' or 'N:MODEL ...' (N a log event)"
rg_move_row 'remaining_moves:F1:wheel' '4:f1 21,30 ~21.5,30.5:90 22,30'
expect_status "log move: first facing" 2 $?
contains "log move: first facing" "$T/out" "log event 4: path of model f1 turns: its first point must give the facing it starts with (X,Y@F)"
rg_move_row 'remaining_moves:F1:move remaining_moves:F1:move' '4:f1 20,30 21,30; 5:f1 21.5,30 22,30'
expect_status "log move: teleport" 2 $?
contains "log move: teleport" "$T/out" "log event 4: path of model f1 ends at (21,30), and its next path, in a later event, starts at (21.5,30): a model does not jump between events"
rg_move_row 'remaining_moves:F1:move' '4:f1 20,30 21,30'
expect_status "log move: not where it stands" 2 $?
contains "log move: not where it stands" "$T/out" "log event 4: path of model f1 ends at (21,30), not where the model stands after the log (22,30)"
rg_move_row 'remaining_moves:F1:wheel' '4:f1 21,30@0 ~21.5,29.5 22,30@270'
expect_status "log move: a turn between events" 2 $?
contains "log move: a turn between events" "$T/out" "log event 4: path of model f1 ends facing 270, and the model then faces 0 (as the scenario places it after the log): a model does not turn between events"
rg_move_row 'remaining_moves:F1:move' '4:e1 38,40 40,40'
expect_status "log move: another unit's model" 2 $?
contains "log move: another unit's model" "$T/out" "b.csv:2:266: field 'paths': log event 4 (F1 move): model e1 belongs to unit E1"
rg_move_row 'remaining_moves:F1:move remaining_moves:F1:move' '4:f1 20,30 21,30; 5:f1 21,30 22,30'
expect_status "log move: two moves chained" 0 $?
"$ARB" export cases/regiments/movement/hand-log-moves.csv >"$T/logm.jsonl" 2>"$T/err"
expect_status "log move: export" 0 $?
grep '"id":"RG-MOV-LOGM-003"' "$T/logm.jsonl" >"$T/logm3.jsonl"
contains "log move: export" "$T/logm3.jsonl" '{"action":"move","paths":[{"model":"g1","points":[[35,40],[38.5,40]]}],"subphase":"remaining_moves","unit":"G1"}'
"$ARB" judge <"$T/logm3.jsonl" >"$T/out" 2>&1
contains "log move: judged from JSON" "$T/out" '"verdict":"illegal","violates":["RG.MOV.GAP.1"]'
sed 's/{"end":true,"subphase":"charge"}/{"end":true,"paths":[],"subphase":"charge"}/' "$T/logm3.jsonl" | "$ARB" judge >"$T/out" 2>&1
contains "log move: an end with paths" "$T/out" "an event that ends a sub-phase names no unit, no action, no paths and no targets"
# Each event judged as its own action, the trace naming the event of each
# entry (member event, from 1), which check-verdicts accepts; a charge
# event's targets read back from JSON, an unknown one refused.
"$ARB" judge --trace <"$T/logm3.jsonl" >"$T/out" 2>&1
contains "log move: the trace names the event" "$T/out" '"clause":"RG.MOV.GAP.1","event":5,"explanation":"log event 5 (G1 move in remaining_moves): closest approach 0.500 in (g1 to E1)'
"$ARB" check-verdicts "$T/out" >"$T/err" 2>&1
expect_status "log move: the trace obeys the format" 0 $?
grep '"id":"RG-MOV-LOGM-016"' "$T/logm.jsonl" >"$T/logm16.jsonl"
contains "log move: a charge event's targets exported" "$T/logm16.jsonl" '"subphase":"charge","targets":["E1"],"unit":"R1"}'
"$ARB" judge <"$T/logm16.jsonl" >"$T/out" 2>&1
contains "log move: a charge event's targets judged" "$T/out" '"disputed":["RG.MOV.GAP.2","RG.MOV.GAP.3","RG.MOV.MAN.2","RG.MOV.WHEEL.4"]'
sed 's/"targets":\["E1"\]/"targets":["X9"]/' "$T/logm16.jsonl" | "$ARB" judge >"$T/out" 2>&1
expect_status "log move: JSON unknown target" 2 $?
contains "log move: JSON unknown target" "$T/out" "log event 2 targets unit 'X9', which is not on the board"
sed 's/"model":"g1"/"model":"x9"/' "$T/logm3.jsonl" | "$ARB" judge >"$T/out" 2>&1
contains "log move: JSON unknown model" "$T/out" "log event 5: path of model 'x9', which is not on the board"

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
