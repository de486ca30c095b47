#!/bin/sh
# End-to-end tests of `arbiter diverge` (docs/diverge.md): the situations
# the rulesets share, judged under each. The expected verdicts come from the
# rule text, quoted beside each check, not from running the oracle.
# Usage: sh tests/diverge.sh path/to/arbiter   (from the project root)
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
# The verdict line of RULESET under the probe header HEADER in file F.
side() { # file header ruleset
	awk -v h="$2" -v r="$3" 'index($0, h) == 1 { on = 1; next } /^[^ ]/ { on = 0 } on && $1 == r { print $2; exit }' "$1"
}
expect_side() { # name file header ruleset verdict
	got=$(side "$2" "$3" "$4")
	if [ "$got" = "$5" ]; then ok; else ko "$1: $4 is '$got' under '$3', wanted $5"; fi
}

"$ARB" diverge --all >"$T/out" 2>"$T/err"
expect_status "diverge" 1 $?
contains "diverge summary" "$T/out" "diverge: 4 situations, 23 probes, 51 verdicts: 2 probes differ"

# A model ending exactly 1" from an enemy. Scrollhammer SH.MOV.WAY.1: "A model
# cannot move within 1" of an enemy model" (DESIGN: within X is distance <= X):
# illegal. Regiments RG.MOV.GAP.1: "can't approach closer than 1"": 1" is not
# closer than 1": legal. Just under, both forbid; just over, both allow.
expect_side "approach at 1" "$T/out" "DIFFERS approach at gap 1 in" scrollhammer illegal
expect_side "approach at 1" "$T/out" "DIFFERS approach at gap 1 in" regiments legal
expect_side "approach at 0.99" "$T/out" "OPEN approach at gap 0.99 in" regiments illegal
expect_side "approach at 0.99" "$T/out" "OPEN approach at gap 0.99 in" scrollhammer illegal
expect_side "approach at 1.01" "$T/out" "OPEN approach at gap 1.01 in" regiments legal
# Grit's move is "based on how they move on the table below" (GR.MOV.2), a
# table the text does not give: disputed (a gap), so the probe is open.
expect_side "approach grit" "$T/out" "OPEN approach at gap 3 in" grit disputed
contains "approach texts side by side" "$T/out" "RG.MOV.GAP.1 (constraint, spec/regiments/movement.md:"

# Models of M 4 and 6 side by side, the fast one moving 5", the slow 4".
# Scrollhammer SH.MOV.DIFF.2: "each model can move up to its maximum movement
# allowance so long as it remains in unit coherency" (a Horde: within 1";
# they end 1.47" apart centre to centre, 25 mm bases: 0.49" between them):
# legal. Regiments RG.MOV.M.3: "the whole unit uses the slowest one": 5" is
# more than 4: illegal (and RG.MOV.M.2, "Every model in a unit moves as one":
# the two moved 4" and 5").
expect_side "mixed at 5" "$T/out" "DIFFERS mixed-move at move 5 in" scrollhammer legal
expect_side "mixed at 5" "$T/out" "DIFFERS mixed-move at move 5 in" regiments illegal
expect_side "mixed at 4" "$T/out" "same mixed-move at move 4 in" regiments legal
contains "mixed texts" "$T/out" "\"so if models with different Move values somehow end up in the same unit, the whole unit uses the slowest one.\""

# Difficult terrain, dice 2 and 4 rolled: SH.TER.DIFF.2-3 "roll a 2d6 and pick
# the highest value. That value is the furthest any model ... may move through
# difficult terrain": 4" allowed, 5" not.
expect_side "difficult at 4" "$T/out" "OPEN difficult-terrain at move 4 in" scrollhammer legal
expect_side "difficult at 5" "$T/out" "OPEN difficult-terrain at move 5 in" scrollhammer illegal

# Regiments' text says nothing of difficult terrain (its only terrain is
# impassable, RG.MOV.GAP.1) nor of how far apart a unit's models stand
# (RG.MOV.M.2: "Every model in a unit moves as one -- individual models can
# never leave their unit", no distance): `- regiments: silent; REASON` in
# situations.md, listed once per situation, never judged.
contains "silent difficult" "$T/out" "SILENT difficult-terrain: regiments says nothing of it (its text names no difficult terrain"
contains "silent coherency" "$T/out" "SILENT coherency: regiments says nothing of it (its text gives no distance between the models of a unit"
contains "silent judged under" "$T/out" "); judged under scrollhammer grit"
contains "silent summary" "$T/out" "0 verdicts missing input; 2 silent (a ruleset's text says nothing of a situation another decides)"
if [ "$(side "$T/out" "OPEN coherency at gap 3 in" regiments)" = "" ]; then ok; else ko "a silent ruleset was judged"; fi

# Without --all only what is not the same is printed.
"$ARB" diverge approach >"$T/out" 2>&1
expect_status "diverge approach" 1 $?
if grep -q '^same ' "$T/out"; then ko "diverge without --all prints a same probe"; else ok; fi
contains "diverge approach" "$T/out" "diverge: 1 situations, 5 probes, 15 verdicts: 1 probes differ"

# JSON Lines: one arbiter-divergence/1 line per probe; every scenario replays
# through `arbiter judge` to the verdict reported.
"$ARB" diverge --json >"$T/div.jsonl" 2>&1
expect_status "diverge --json" 1 $?
n=$(grep -c '"format":"arbiter-divergence/1"' "$T/div.jsonl")
if [ "$n" = 23 ]; then ok; else ko "diverge --json: $n lines, wanted 23"; fi
python3 - "$T/div.jsonl" "$T/scen.jsonl" "$T/want.txt" <<'PY'
import json, sys
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as s, open(sys.argv[3], "w") as w:
    for line in f:
        d = json.loads(line)
        for r in d["rulesets"]:
            s.write(json.dumps(r["scenario"]) + "\n")
            w.write(r["verdict"] + "\n")
PY
python3 - "$T/div.jsonl" >"$T/silent.txt" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    print(d["situation"], " ".join(s["ruleset"] for s in d["silent"]),
          " ".join(r["ruleset"] for r in d["rulesets"]))
PY
contains "diverge --json silent" "$T/silent.txt" "difficult-terrain regiments scrollhammer grit"
contains "diverge --json silent" "$T/silent.txt" "approach  scrollhammer grit regiments"
"$ARB" judge <"$T/scen.jsonl" >"$T/verdicts.jsonl" 2>"$T/err"
expect_status "diverge scenarios replay" 0 $?
python3 -c 'import json,sys; [print(json.loads(l)["verdict"]) for l in open(sys.argv[1])]' "$T/verdicts.jsonl" >"$T/got.txt"
if cmp -s "$T/want.txt" "$T/got.txt"; then ok; else ko "diverge: a scenario judged again gives another verdict"; fi

# Yards come from spec/: with 2" to the yard (CONV.UNIT.3), Grit's "within a
# yard" (GR.MOV.ENG.1) is probed at 2".
rm -rf "$T/spec" && cp -r spec "$T/spec"
sed 's/\[1"\]{yard}/[2"]{yard}/' spec/conventions.md >"$T/spec/conventions.md"
"$ARB" --spec "$T/spec" diverge --all approach >"$T/out" 2>&1
contains "diverge yard" "$T/out" "at, engage_range a yard of GR.MOV.ENG.1 (2 in)"

# Bad input: exit 2, file:line:column and the field.
bad() { # name text want
	rm -rf "$T/spec" && cp -r spec "$T/spec"
	printf '%b' "$2" >"$T/spec/shared/situations.md"
	"$ARB" --spec "$T/spec" diverge >"$T/out" 2>"$T/err"
	expect_status "diverge bad: $1" 2 $?
	contains "diverge bad: $1" "$T/err" "$3"
}
H='---\ntitle: t\n---\n\n## s\n\n- shape: approach\n'
bad "unknown clause" "$H- scrollhammer: move in movement; limits SH.NOPE.1 enemy_gap\n- regiments: move in movement; clauses RG.MOV.GAP.1\n" "situations.md:8:42: field 'clauses': no clause 'SH.NOPE.1'"
bad "clause of another ruleset" "$H- scrollhammer: move in movement; clauses RG.MOV.GAP.1\n" "situations.md:8:43: field 'clauses': RG.MOV.GAP.1 is a clause of regiments"
bad "unknown parameter" "$H- scrollhammer: move in movement; limits SH.MOV.WAY.1 nope\n" "situations.md:8:55: field 'limits': SH.MOV.WAY.1 states no parameter 'nope'"
bad "one ruleset" "$H- scrollhammer: move in movement; limits SH.MOV.WAY.1 enemy_gap\n" "situations.md:5:1: field 'ruleset': situation 's' maps 1 ruleset(s)"
bad "unknown shape" '---\ntitle: t\n---\n## s\n- shape: spiral\n' "situations.md:5:10: field 'shape'"
bad "unknown action" "$H- scrollhammer: fly in movement; clauses SH.MOV.WAY.1\n" "situations.md:8:17: field 'action': scrollhammer declares no action 'fly'"
bad "bad probe" "$H- probe gap: 1, x\n" "situations.md:8:17: field 'probe'"
bad "nothing to probe" '---\ntitle: t\n---\n## s\n- shape: approach\n- scrollhammer: move in movement; clauses SH.MOV.WAY.1\n- grit: move in movement; clauses GR.MOV.ENG.1\n' "situations.md:4:1: field 'probe': situation 's' is probed at nothing"
bad "silent without reason" "$H- scrollhammer: move in movement; clauses SH.MOV.WAY.1\n- regiments: silent\n" "situations.md:9:14: field 'silent': expected 'silent; REASON'"
bad "every ruleset silent" "$H- regiments: silent; none\n- grit: silent; none\n" "situations.md:5:1: field 'ruleset': situation 's': every ruleset is silent"
bad "no front matter" '## s\n' "situations.md:1:1: field 'front matter'"
bad "ruleset twice" "$H- scrollhammer: move in movement; clauses SH.MOV.WAY.1\n- scrollhammer: move in movement; clauses SH.MOV.WAY.1\n" "situations.md:9:3: field 'ruleset': scrollhammer maps this situation twice (line 8)"
# A scenario a ruleset refuses (Grit compares heights in terrain, and this
# line states none): exit 2 at the ruleset's line, nothing on stdout.
bad "refused scenario" '---\ntitle: t\n---\n## s\n- shape: difficult\n- probe move: 3\n- scrollhammer: move in movement; clauses SH.TER.DIFF.3; terrain difficult; dice 2, 4; formation horde\n- grit: move in movement; clauses GR.MOV.DIFF.3; terrain difficult\n' "situations.md:8: grit cannot judge situation 's' at move"
if [ -s "$T/out" ]; then ko "diverge refused scenario: stdout is not empty"; else ok; fi
"$ARB" diverge nosuch >"$T/out" 2>"$T/err"
expect_status "diverge unknown situation" 2 $?
contains "diverge unknown situation" "$T/err" "names no situation 'nosuch'"
"$ARB" diverge --situations "$T/none.md" >"$T/out" 2>"$T/err"
expect_status "diverge no file" 2 $?

echo "diverge: $pass passed, $fail failed"
[ "$fail" = 0 ]
