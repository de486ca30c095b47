#!/bin/sh
# make fuzz: runs each libFuzzer harness for SECONDS, from seeds made of the
# project's real files and with its dictionary (tests/fuzz/*.dict). A
# finding exits non-zero with the input kept in BUILD/findings/; copy it to
# tests/fuzz/regressions/<harness>/ with the fix (make check replays them).
# docs/fuzzing.md says more.
# Usage: [FUZZ_SEED=N] [FUZZ_TIMEOUT=S] sh tests/fuzz/fuzz.sh ARBITER FUZZ_BUILD SECONDS [HARNESS...]
set -eu
ARB=$1
BUILD=$2
SECONDS_EACH=$3
shift 3
HARNESSES=${*:-scenario_json cases_csv spec lines baseline certify_hello certify_expect certify_bundle certify_answer ref_para words situations questions}
SEED=${FUZZ_SEED:-0}
# libFuzzer's timeout is wall-clock time: on a loaded machine (or under
# nice) a slow input is not a hang; FUZZ_TIMEOUT raises it for such runs.
TIMEOUT=${FUZZ_TIMEOUT:-10}
mkdir -p "$BUILD/findings"

seed() { # harness corpus-dir
	case "$1" in
	scenario_json)
		"$ARB" export >"$BUILD/suite.jsonl"
		# One line in twenty: every section's shapes, a corpus that loads fast.
		awk -v d="$2" 'NR % 20 == 1 { f = sprintf("%s/seed-%05d.json", d, NR); printf "%s", $0 > f; close(f) }' \
		    "$BUILD/suite.jsonl"
		# Every scenario whose log carries its moves (log events with paths).
		grep '"log":\[[^]]*"paths"' "$BUILD/suite.jsonl" |
			awk -v d="$2" '{ f = sprintf("%s/seed-log-%03d.json", d, NR); printf "%s", $0 > f; close(f) }'
		;;
	cases_csv)
		find cases -name '*.csv' | while read -r f; do
			cp "$f" "$2/$(echo "$f" | tr '/' '_')"
		done
		;;
	spec)
		# The first byte picks the file (fuzz_spec.c sorts them by path).
		i=0
		find spec -name '*.md' ! -name baseline.md ! -name situations.md | LC_ALL=C sort | while read -r f; do
			{ printf "\\$(printf '%03o' "$i")"; cat "$f"; } >"$2/$(echo "$f" | tr '/' '_')"
			i=$((i + 1))
		done
		;;
	baseline)
		# The first byte picks the reader (fuzz_baseline.c): the baselines
		# of spec/ (even: a baseline of the ruleset byte/2 % 3 picks) and a
		# shard result (odd).
		i=0
		for r in scrollhammer grit regiments; do
			[ -f "spec/$r/baseline.md" ] &&
				{ printf "\\$(printf '%03o' $((i * 2)))"; cat "spec/$r/baseline.md"; } >"$2/seed-$r"
			i=$((i + 1))
		done
		"$ARB" conflicts scrollhammer --budget 20 --random 0 --shard 1/2 >"$BUILD/shard-seed.txt" 2>/dev/null
		{ printf '\001'; cat "$BUILD/shard-seed.txt"; } >"$2/seed-shard"
		;;
	ref_para)
		# the section files of spec/, whose marks are real
		find spec -name '*.md' | while read -r f; do
			cp "$f" "$2/$(echo "$f" | tr '/' '_')"
		done
		;;
	lines)
		# The first byte is the bound on a line; the rest, real lines.
		"$ARB" export | head -n 3 >"$BUILD/lines-seed.txt"
		{ printf '\100'; cat "$BUILD/lines-seed.txt"; } >"$2/seed-suite"
		printf '\005ab\n\nabcdefgh\r\nlast' >"$2/seed-short"
		;;
	words)
		# the word lists of spec/ and the hand-made ones of the regressions
		find spec -name words.txt | while read -r f; do
			cp "$f" "$2/$(echo "$f" | tr '/' '_')"
		done
		cp tests/fuzz/regressions/words/* "$2"/
		;;
	questions)
		# the questions files of spec/ and the hand-made ones of the regressions
		find spec -name questions.txt | while read -r f; do
			cp "$f" "$2/$(echo "$f" | tr '/' '_')"
		done
		cp tests/fuzz/regressions/questions/* "$2"/
		;;
	situations)
		# the shared situations of spec/ and the hand-made ones of the regressions
		cp spec/shared/situations.md "$2/seed-situations.md"
		cp tests/fuzz/regressions/situations/* "$2"/
		;;
	certify_hello | certify_expect | certify_bundle | certify_answer)
		# the hand-made inputs, valid and hostile, of the regressions
		cp tests/fuzz/regressions/"$1"/* "$2"/
		;;
	esac
}

status=0
for h in $HARNESSES; do
	corpus="$BUILD/corpus/$h"
	mkdir -p "$corpus"
	[ -n "$(ls -A "$corpus")" ] || seed "$h" "$corpus"
	log="$BUILD/fuzz_$h.log"
	if "$BUILD/fuzz_$h" -max_total_time="$SECONDS_EACH" -max_len=65536 -rss_limit_mb=2048 \
	    -timeout="$TIMEOUT" -seed="$SEED" -dict="tests/fuzz/$h.dict" -artifact_prefix="$BUILD/findings/$h-" \
	    -print_final_stats=1 "$corpus" tests/fuzz/regressions/"$h" 2>"$log"; then
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		cov=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -n 1 | sed 's/.*cov: \([0-9]*\).*ft: \([0-9]*\).*/\1 edges, \2 features/')
		echo "fuzz $h: ${SECONDS_EACH} s, $execs executions ($((execs / SECONDS_EACH))/s), coverage $cov, no finding"
	else
		tail -n 40 "$log" >&2
		echo "fuzz $h: a finding: the input is in $BUILD/findings/" >&2
		status=1
	fi
done
exit $status
