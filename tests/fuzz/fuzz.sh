#!/bin/sh
# make fuzz: runs each libFuzzer target for SECONDS, from a seed corpus of
# the exported suite (one scenario line per file). A finding exits non-zero
# with the input kept in BUILD/findings/. docs/fuzzing.md says more.
# Usage: sh tests/fuzz/fuzz.sh ARBITER FUZZ_BUILD SECONDS
set -eu
ARB=$1
BUILD=$2
SECONDS_EACH=$3
corpus="$BUILD/corpus/scenario_json"
mkdir -p "$corpus" "$BUILD/findings"
if [ -z "$(ls -A "$corpus")" ]; then
	"$ARB" export >"$BUILD/suite.jsonl"
	# One line in twenty: every section's shapes, a corpus that loads fast.
	awk -v d="$corpus" 'NR % 20 == 1 { f = sprintf("%s/seed-%05d.json", d, NR); printf "%s", $0 > f; close(f) }' \
	    "$BUILD/suite.jsonl"
fi
"$BUILD/fuzz_scenario_json" -max_total_time="$SECONDS_EACH" -max_len=8192 -rss_limit_mb=2048 \
    -timeout=10 -artifact_prefix="$BUILD/findings/" -print_final_stats=1 "$corpus" 2>"$BUILD/fuzz_scenario_json.log" || {
	tail -n 40 "$BUILD/fuzz_scenario_json.log" >&2
	echo "fuzz: fuzz_scenario_json found a fault: input in $BUILD/findings/" >&2
	exit 1
}
grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$BUILD/fuzz_scenario_json.log" |
    sed 's/^/fuzz_scenario_json: /'
echo "fuzz: fuzz_scenario_json ran ${SECONDS_EACH} s with no finding"
