#!/bin/sh
# make bench: throughput of the whole case suite, through each door, against
# the floor of merely parsing the case tables with libcsv. Reports medians of
# REPEAT runs measured in one go, and ratios measured in the same run (the
# machines are noisy and shared: compare ratios, not absolute figures across
# machines). What each figure means: docs/performance.md.
# Usage: sh tools/bench/bench.sh ARBITER BUILD_DIR [REPEAT]
#   BUILD_DIR holds bench_csvfloor, bench_judge, bench_cores and bench_scale
#   (and bench_geos: its lines are printed after these, then bench_scale's).
set -eu
ARB=$1
BUILD=$2
REPEAT=${3:-7}
# The 16x suite takes 16 times as long: fewer runs of it.
REPEAT16=$(((REPEAT + 1) / 2))
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
FILES=$(find cases -name '*.csv' | sort)
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
field() { awk -v k="$1" '/^stats:/ {print $k}' "$2"; }

"$ARB" export >"$T/suite.jsonl"
# The generated suite 16 times the size: the exported suite, 16 times over.
i=0
while [ $i -lt 16 ]; do
	cat "$T/suite.jsonl"
	i=$((i + 1))
done >"$T/suite16.jsonl"

i=0
while [ $i -lt "$REPEAT" ]; do
	"$ARB" run -q --stats >"$T/out" 2>>"$T/run.txt" || true
	"$ARB" run -q --stats --jobs 2 >"$T/out" 2>>"$T/run2.txt" || true
	# What the two cores give while these runs run (others share them).
	"$BUILD/bench_cores" 1 >>"$T/cores.txt"
	"$ARB" judge --stats <"$T/suite.jsonl" >"$T/out" 2>>"$T/judge.txt"
	i=$((i + 1))
done
i=0
while [ $i -lt "$REPEAT16" ]; do
	"$ARB" judge --stats <"$T/suite16.jsonl" >"$T/out" 2>>"$T/judge16.txt"
	i=$((i + 1))
done
# shellcheck disable=SC2086
"$BUILD/bench_csvfloor" "$REPEAT" $FILES >"$T/floor.txt"
# shellcheck disable=SC2086
"$BUILD/bench_judge" spec "$REPEAT" $FILES >"$T/lib.txt"

cases=$(field 2 "$T/run.txt" | head -n 1)
load=$(field 5 "$T/run.txt" | median)
judge=$(field 8 "$T/run.txt" | median)
run_peak=$(field 11 "$T/run.txt" | sort -g | tail -n 1)
judge2=$(field 8 "$T/run2.txt" | median)
jlines=$(field 2 "$T/judge.txt" | head -n 1)
jload=$(field 5 "$T/judge.txt" | median)
jtime=$(field 8 "$T/judge.txt" | median)
judge_peak=$(field 11 "$T/judge.txt" | sort -g | tail -n 1)
j16lines=$(field 2 "$T/judge16.txt" | head -n 1)
j16time=$(field 8 "$T/judge16.txt" | median)
j16_peak=$(field 11 "$T/judge16.txt" | sort -g | tail -n 1)
floor=$(awk '{print $6}' "$T/floor.txt")
records=$(awk '{print $4}' "$T/floor.txt")
# judge-lib: C cases, P predicates consulted, E engine allocations, A predicate allocations, S seconds
lconsulted=$(awk '{print $4}' "$T/lib.txt")
lengine=$(awk '{print $7}' "$T/lib.txt")
lpred=$(awk '{print $10}' "$T/lib.txt")
ltime=$(awk '{print $13}' "$T/lib.txt")
# cores: 1 thread S1 s, 2 threads S2 s (one line per run)
cores=$(awk '{print $4 / $8}' "$T/cores.txt" | median)

awk -v c="$cases" -v l="$load" -v j="$judge" -v j2="$judge2" -v rp="$run_peak" \
    -v jl="$jlines" -v jld="$jload" -v jt="$jtime" -v jp="$judge_peak" \
    -v kl="$j16lines" -v kt="$j16time" -v kp="$j16_peak" -v f="$floor" -v r="$records" \
    -v lc="$lconsulted" -v le="$lengine" -v lp="$lpred" -v lt="$ltime" \
    -v cores="$cores" \
    -v n="$REPEAT" -v n16="$REPEAT16" 'BEGIN {
	printf "arbiter bench: %d cases, medians of %d runs (the 16x suite: of %d)\n", c, n, n16
	printf "  arbiter run    load (spec + cases) %9.6f s   judge %9.6f s   %10.0f cases/s judged  (%10.0f cases/s incl. load)\n", l, j, c / j, c / (l + j)
	printf "  run --jobs 2                       %9s     judge %9.6f s   %10.0f cases/s judged\n", "", j2, c / j2
	printf "  arbiter judge  JSON Lines    load  %9.6f s   lines %9.6f s   %10.0f scenarios/s (parse + judge + write)\n", jld, jt, jl / jt
	printf "  suite 16x      JSON Lines    load  %9s     lines %9.6f s   %10.0f scenarios/s (%d scenarios)\n", "", kt, kl / kt, kl
	printf "  per case       1x %.2f us   16x %.2f us (arbiter judge, parse + judge + write)\n", 1e6 * jt / jl, 1e6 * kt / kl
	printf "  library alone  arb_judge           %9.6f s   %.1f predicates consulted per case\n", lt, lc / c
	printf "  allocations    per case judged: engine %.1f, predicates %.1f (engine %.3f per predicate consulted)\n", le / c, lp / c, le / lc
	printf "  libcsv floor   parse only          %9.6f s   (%d records)        %10.0f records/s\n", f, r, r / f
	printf "  ratios         load / floor %.1fx   judge-per-case / floor-per-record %.1fx\n", l / f, (j / c) / (f / r)
	printf "                 judge (JSON Lines) / run %.2fx (time, load included: lower is faster; issue 9: <= 1.5x)\n", (jld + jt) / (l + j)
	printf "                 suite 16x / 1x per case %.2fx (time per case: 1.00x is linear; issue 9: 0.85x to 1.15x)\n", (kt / kl) / (jt / jl)
	printf "                 run --jobs 2 / --jobs 1 %.2fx (speed of judging: higher is faster; issue 9: >= 1.8x)\n", j / j2
	printf "  machine        2 threads / 1 on fixed work %.2fx (what the cores gave during the runs: 2.00x is two free cores)\n", cores
	printf "  peak memory    run %d KiB   judge %d KiB\n", rp, jp
	printf "                 peak memory 16x %d MiB (arbiter judge; issue 9: <= 64 MiB)\n", (kp + 1023) / 1024
}'
# The same ratio in instructions (callgrind counts them, whatever else the
# machine runs: docs/performance.md): judging a case (run_judge: the
# judgement and its agreement with the case) over libcsv parsing a record.
# Skipped without valgrind (tools/deps.sh does not install it).
if command -v valgrind >/dev/null 2>&1; then
	valgrind --tool=callgrind --toggle-collect=run_judge --callgrind-out-file="$T/cg.run" \
		"$ARB" run -q >/dev/null 2>&1 || true
	# shellcheck disable=SC2086
	valgrind --tool=callgrind --callgrind-out-file="$T/cg.floor" "$BUILD/bench_csvfloor" 1 $FILES \
		>/dev/null 2>&1
	ij=$(awk '/^(summary|totals):/ {print $2; exit}' "$T/cg.run")
	ifl=$(awk '/^(summary|totals):/ {print $2; exit}' "$T/cg.floor")
	awk -v ij="$ij" -v ifl="$ifl" -v c="$cases" -v r="$records" 'BEGIN {
		printf "  instructions   judge %.0f per case, floor %.0f per record: judge-per-case / floor-per-record (instructions) %.2fx\n", ij / c, ifl / r, (ij / c) / (ifl / r)
	}'
else
	echo "  instructions   skipped: no valgrind (apt-get install valgrind)"
fi
"$BUILD/bench_geos" "$REPEAT" # swept distance / GEOS prepared (tools/bench/bench_geos.c)
# How time grows with size: models, waypoints, units, case rows (tools/bench/bench_scale.c).
"$BUILD/bench_scale" spec
# The search for disputes (docs/conflicts.md): the full small-scope search
# of every ruleset with two threads, its time, scenarios, findings and
# predicate evaluations per second of one core's time. Exit 1 (a finding
# is new) is its answer; 2 is a failure.
st=0
"$ARB" conflicts --jobs 2 --baseline none -o "$T/conflicts" >"$T/conflicts.txt" 2>"$T/conflicts.err" || st=$?
if [ "$st" -gt 1 ]; then
	cat "$T/conflicts.err" >&2
	exit 1
fi
awk '/ findings; / { printf "conflicts-findings %.1f\nconflicts-scenarios %.1f\n", $1 + $3, $6
                     for (i = 1; i <= NF; i++) if ($i == "points" && $(i + 1) == "in") printf "conflicts-search-s %.1f\n", $(i + 2) }' \
    "$T/conflicts.txt"
awk '/predicate evaluations in/ { printf "conflicts-evaluations-per-core-s %.1f\n", $11 }' "$T/conflicts.err"
# arbiter certify (docs/certify.md): the same implementation (the Python
# example) over the same scenarios, streaming against a process per case;
# each whole run timed, load included. Issue 14: streaming >= 30x faster.
now() { date +%s.%N; }
CERT_CASES="cases/scrollhammer/movement/hand-distance.csv cases/scrollhammer/movement/hand-way.csv cases/scrollhammer/movement/hand-locked.csv cases/scrollhammer/movement/hand-board.csv cases/scrollhammer/movement/hand-coherency.csv"
i=0
while [ $i -lt 3 ]; do
	t0=$(now)
	# shellcheck disable=SC2086
	"$ARB" certify -q --shrink 0 -o "$T/cs" $CERT_CASES -- python3 examples/pyscroll/pyscroll.py >"$T/cs.out"
	t1=$(now)
	echo "$t0 $t1" | awk '{print $2 - $1}' >>"$T/stream.txt"
	i=$((i + 1))
done
t0=$(now)
# shellcheck disable=SC2086
"$ARB" certify -q --shrink 0 --per-case -o "$T/cp" $CERT_CASES -- python3 examples/pyscroll/pyscroll.py >"$T/cp.out"
t1=$(now)
cmp -s "$T/cs/results.jsonl" "$T/cp/results.jsonl" || echo "bench: per-case results differ from streaming" >&2
scored=$(sed -n 's/^certify: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) errors.*/\1 \2 \3/p' "$T/cs.out" | awk '{print $1 + $2 + $3}')
awk -v s="$(median <"$T/stream.txt")" -v p="$(echo "$t0 $t1" | awk '{print $2 - $1}')" -v n="$scored" 'BEGIN {
	printf "  certify        streaming %.3f s   process per case %.3f s   (examples/pyscroll, %d scenarios asked)\n", s, p, n
	printf "                 certify per-case / streaming %.1fx (time, same scenarios: higher is faster streaming; issue 14: >= 30x)\n", p / s
}'
# The C ABI (tools/arbiter/arbiter_impl.h): the reference as a shared
# library, certified in process over the whole suite, against arbiter run
# (in process, no protocol) and against the same reference streaming.
if [ -f "$BUILD/libarbiter_ref.so" ]; then
	i=0
	while [ $i -lt 3 ]; do
		t0=$(now)
		"$ARB" certify -q --abi "$BUILD/libarbiter_ref.so" -o "$T/ca" >/dev/null
		t1=$(now)
		"$ARB" run -q >/dev/null
		t2=$(now)
		"$ARB" certify -q --mem-limit 0 -o "$T/cr" -- "$ARB" judge --certify >/dev/null
		t3=$(now)
		echo "$t0 $t1 $t2 $t3" | awk '{print $2 - $1, $3 - $2, $4 - $3}' >>"$T/abi.txt"
		i=$((i + 1))
	done
	awk '{print $1}' "$T/abi.txt" | median >"$T/abi1"
	awk '{print $2}' "$T/abi.txt" | median >"$T/abi2"
	awk '{print $3}' "$T/abi.txt" | median >"$T/abi3"
	awk -v a="$(cat "$T/abi1")" -v r="$(cat "$T/abi2")" -v s="$(cat "$T/abi3")" 'BEGIN {
		printf "  certify --abi  %.3f s   arbiter run %.3f s   certify streaming (judge --certify) %.3f s (the whole suite)\n", a, r, s
		printf "                 certify --abi / arbiter run %.1fx (time: lower is faster; issue 14: within 2x)\n", a / r
		printf "                 certify streaming / certify --abi %.1fx (time: what the pipes and a second process cost)\n", s / a
	}'
fi
