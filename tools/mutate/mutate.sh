#!/bin/sh
# make mutate: a seeded mutation campaign over the predicates
# (docs/mutation.md). Each mutant is compiled alone into $MB/wN (the real
# build is only read), linked into a program and a unit-test binary, and
# judged: killed when `arbiter run -q` fails, else when the unit tests fail.
# A mutant that does not compile is not counted.
#
# The Makefile passes: MUTATE (the mutant generator), BUILD, MB (this
# campaign's directory), SEED, MAX (0: every mutant), JOBS, FILES, CC,
# CFLAGS, LDFLAGS, ARB_MAIN, TOOL_OBJ, LIB_OBJ, TEST_OBJ, ARB_LIBS,
# TEST_LIBS, OUT (the report directory), EQUIV (the equivalent list),
# CASES.
set -eu

: "${SEED:=1}" "${MAX:=300}" "${JOBS:=2}" "${OUT:=reports/mutate}"
: "${EQUIV:=tools/mutate/equivalent.txt}"
: "${CASE_TIMEOUT:=120}" "${UNIT_TIMEOUT:=600}"
# CASES: the case tables to judge (default cases/): a campaign can be run
# against another version of them (the score before new cases).
: "${CASES:=cases}"
# PREV: the mutants.tsv of an earlier campaign of the same seed and
# sources: its killed and uncompiled mutants are carried over, and only
# the rest is judged again. Valid while the predicates are unchanged and
# cases and tests are only added (a mutant a case kills stays killed).
: "${PREV:=}"

# REPORT_ONLY=1: write the report again from $MB's results (no mutant run).
if [ "${REPORT_ONLY:-0}" != 1 ]; then
rm -rf "$MB" && mkdir -p "$MB" "$OUT"
# The generator is a short-lived tool that never frees what it read: with
# SANITIZE=1 (built with AddressSanitizer) its leaks must not stop the run.
gen() { ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$MUTATE" "$@"; }
# shellcheck disable=SC2086 # FILES is a list of words
gen pick "$SEED" "$MAX" $FILES >"$MB/plan.tsv"
total=$(wc -l <"$MB/plan.tsv")
if [ -n "$PREV" ]; then cp "$PREV" "$MB/prev.tsv"; else : >"$MB/prev.tsv"; fi
echo "mutate: seed $SEED, $total mutants of $(echo $FILES | wc -w) files, $JOBS jobs"

# One worker: the plan's lines k, k+JOBS, k+2*JOBS...
worker() {
	k=$1
	d="$MB/w$k"
	mkdir -p "$d"
	: >"$d/result.tsv"
	n=0
	while IFS='	' read -r id file idx line col op orig repl func; do
		n=$((n + 1))
		[ $(((n - 1) % JOBS)) -eq "$k" ] || continue
		obj="$BUILD/${file%.c}.o"
		status=uncompiled
		was=$(awk -F '\t' -v id="$id" '$1 == id { print $8 }' "$MB/prev.tsv")
		case $was in
		killed-* | uncompiled)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$id" "$file" "$line" "$op" \
				"$orig" "$repl" "$func" "$was" >>"$d/result.tsv"
			continue
			;;
		esac
		if gen apply "$file" "$idx" >"$d/m.c" &&
			# shellcheck disable=SC2086 # CFLAGS are words
			$CC $CFLAGS -I"$(dirname "$file")" -c "$d/m.c" -o "$d/m.o" 2>"$d/cc.log"; then
			lib=""
			for o in $LIB_OBJ; do
				if [ "$o" = "$obj" ]; then lib="$lib $d/m.o"; else lib="$lib $o"; fi
			done
			# shellcheck disable=SC2086
			$CC $LDFLAGS -o "$d/arbiter" $ARB_MAIN $TOOL_OBJ $lib $ARB_LIBS
			if ! timeout "$CASE_TIMEOUT" "$d/arbiter" --cases "$CASES" run -q >/dev/null 2>&1; then
				status=killed-cases
			else
				# shellcheck disable=SC2086
				$CC $LDFLAGS -o "$d/unit-tests" $TEST_OBJ $TOOL_OBJ $lib $TEST_LIBS
				if ! timeout "$UNIT_TIMEOUT" "$d/unit-tests" --jobs 1 >/dev/null 2>&1; then
					status=killed-unit
				else
					status=survived
				fi
			fi
		fi
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$id" "$file" "$line" "$op" \
			"$orig" "$repl" "$func" "$status" >>"$d/result.tsv"
	done <"$MB/plan.tsv"
}

k=0
while [ "$k" -lt "$JOBS" ]; do
	worker "$k" &
	k=$((k + 1))
done
wait
fi
mkdir -p "$OUT"

# The equivalent list: `ID  file:line  op  original -> mutant  # reason`.
grep -v '^#' "$EQUIV" 2>/dev/null | awk 'NF { print $1 }' >"$MB/equiv.ids" || true
cat "$MB"/w*/result.tsv | sort -n | cut -f2- |
	awk -F '\t' -v OFS='\t' -v eqf="$MB/equiv.ids" '
	     BEGIN { while ((getline e <eqf) > 0) eq[e] = 1 }
	     { s = $8; if (s == "survived" && ($1 in eq)) s = "equivalent"
	       print $1, $2, $3, $4, $5, $6, $7, s }' >"$OUT/mutants.tsv"

# Per file and overall: score = killed / (compiled - equivalent).
awk -F '\t' -v seed="$SEED" '
	function pct(k, n) { return n ? sprintf("%.1f%%", 100 * k / n) : "-" }
	{ f = $2; files[f] = 1; all[f]++
	  if ($8 ~ /^killed/) kill[f]++
	  else if ($8 == "survived") surv[f]++
	  else if ($8 == "equivalent") eqv[f]++
	  else unc[f]++ }
	END {
	  printf "%-44s %7s %6s %6s %6s %6s %7s\n", "file", "mutants", "nocomp", "equiv", "killed", "surv", "score"
	  for (f in files) {
	    printf "%-44s %7d %6d %6d %6d %6d %7s\n", f, all[f], unc[f], eqv[f], kill[f], surv[f], pct(kill[f], kill[f] + surv[f]) | "sort"
	    A += all[f]; U += unc[f]; E += eqv[f]; K += kill[f]; S += surv[f] }
	  close("sort")
	  printf "%-44s %7d %6d %6d %6d %6d %7s\n", "total (seed " seed ")", A, U, E, K, S, pct(K, K + S)
	}' "$OUT/mutants.tsv" >"$OUT/summary.txt"

awk -F '\t' '$8 == "survived" { printf "survivor %s %s:%s %s: %s -> %s (in %s)\n", $1, $2, $3, $4, $5, $6, $7 }' \
	"$OUT/mutants.tsv" >"$OUT/survivors.txt"

# The same as JSON, one object per mutant.
awk -F '\t' -v seed="$SEED" '
	function q(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
	BEGIN { print "{\"seed\": " seed ", \"mutants\": [" }
	{ printf "%s{\"id\": %s, \"file\": %s, \"line\": %d, \"op\": %s, \"original\": %s, \"mutant\": %s, \"function\": %s, \"status\": %s}",
	         (NR > 1 ? ",\n" : ""), q($1), q($2), $3, q($4), q($5), q($6), q($7), q($8) }
	END { print "\n]}" }' "$OUT/mutants.tsv" >"$OUT/report.json"

cat "$OUT/summary.txt"
cat "$OUT/survivors.txt"
echo "mutate: $OUT/summary.txt, survivors.txt, mutants.tsv, report.json"
