#!/bin/sh
# make bench: throughput of the whole case suite. Reports medians of REPEAT
# runs measured in one go (the machines are noisy: compare ratios, not
# absolute figures across machines).
# Usage: sh tools/bench/bench.sh ARBITER CSVFLOOR [REPEAT]
set -eu
ARB=$1
FLOOR=$2
REPEAT=${3:-7}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
FILES=$(find cases -name '*.csv' | sort)
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

"$ARB" export >"$T/suite.jsonl"
i=0
while [ $i -lt "$REPEAT" ]; do
	"$ARB" run -q --stats >/dev/null 2>>"$T/run.txt" || true
	"$ARB" judge --stats <"$T/suite.jsonl" >/dev/null 2>>"$T/judge.txt"
	i=$((i + 1))
done
# shellcheck disable=SC2086
"$FLOOR" "$REPEAT" $FILES >"$T/floor.txt"

cases=$(awk '/^stats:/ {print $2; exit}' "$T/run.txt")
load=$(awk '/^stats:/ {print $5}' "$T/run.txt" | median)
judge=$(awk '/^stats:/ {print $8}' "$T/run.txt" | median)
run_peak=$(awk '/^stats:/ {print $11}' "$T/run.txt" | sort -g | tail -n 1)
jlines=$(awk '/^stats:/ {print $2; exit}' "$T/judge.txt")
jtime=$(awk '/^stats:/ {print $5}' "$T/judge.txt" | median)
judge_peak=$(awk '/^stats:/ {print $8}' "$T/judge.txt" | sort -g | tail -n 1)
floor=$(awk '{print $6}' "$T/floor.txt")
records=$(awk '{print $4}' "$T/floor.txt")

awk -v c="$cases" -v l="$load" -v j="$judge" -v rp="$run_peak" -v jl="$jlines" -v jt="$jtime" \
    -v jp="$judge_peak" -v f="$floor" -v r="$records" -v n="$REPEAT" 'BEGIN {
	printf "arbiter bench: %d cases, medians of %d runs\n", c, n
	printf "  arbiter run    load (spec + cases) %9.6f s   judge %9.6f s   %10.0f cases/s judged  (%10.0f cases/s incl. load)\n", l, j, c / j, c / (l + j)
	printf "  arbiter judge  JSON Lines          %9.6f s                       %10.0f scenarios/s (parse + judge + write)\n", jt, jl / jt
	printf "  libcsv floor   parse only          %9.6f s   (%d records)        %10.0f records/s\n", f, r, r / f
	printf "  ratios         load / floor %.1fx   judge-per-case / floor-per-record %.1fx\n", l / f, (j / c) / (f / r)
	printf "  peak memory    run %d KiB   judge %d KiB\n", rp, jp
}'
