#!/bin/sh
# tests/scale.sh: a guard against work that grows faster than what it reads.
# bench_scale (tools/bench/bench_scale.c) times models, waypoints, units,
# terrain and case rows at 1k, 10k and 100k; a tenfold step that costs 100x
# is quadratic. A step fails here only when it is both slow (over SLOW
# seconds at the larger size) and steep (over STEEP times the smaller):
# a loaded machine slows both sizes alike and leaves the growth, and a
# small time's noise never reaches SLOW. (The model-to-path table that scanned
# the paths once per model took 9.6 s at 100k models, 114x its 10k.)
# Usage: sh tests/scale.sh BENCH_SCALE [SPEC_DIR]
BENCH=$1
SPEC=${2:-spec}
SLOW=${SLOW:-2.5}
STEEP=${STEEP:-25}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if ! "$BENCH" "$SPEC" >"$T/out" 2>&1; then
	cat "$T/out"
	echo "scale: bench_scale failed"
	exit 1
fi
steep() {
	awk -v slow="$SLOW" -v steep="$STEEP" '
/^scale / {
	n++
	# "scale NAME 1k T s 10k T s [(...)] 100k T s ..." : the times in order
	k = 0
	for (i = 3; i <= NF; i++)
		if ($i ~ /^[0-9]+k$/ && $(i + 1) ~ /^[0-9.]+$/)
			t[++k] = $(i + 1)
	for (j = 2; j <= k; j++)
		if (t[j] > slow && t[j - 1] > 0 && t[j] / t[j - 1] > steep) {
			printf "not ok: scale %s: %s s after %s s (%.0fx for 10x the size)\n", $2, t[j], t[j - 1], t[j] / t[j - 1]
			bad++
		}
}
END {
	if (n == 0) { print "scale: no series read"; exit 1 }
	printf "scale: %d series, %d steep\n", n, bad
	exit bad > 0
}' "$1"
}
# The check itself, on the figures of the regression it is for: it must fail.
printf 'scale models 1k 0.05 s 10k 0.084 s 100k 9.6 s growth 1.7x 114.3x\n' >"$T/known"
if steep "$T/known" >"$T/self" 2>&1; then
	cat "$T/self"
	echo "scale: the check passed a quadratic series"
	exit 1
fi
steep "$T/out"
