#!/bin/sh
# Safe writes (tools/arbiter/outfile.c, docs/outputs.md): nothing arbiter
# writes loses data. A directory of the user's, a device, a FIFO or a
# symbolic link is refused and left as it was; a kill at any moment leaves
# the old output or the new one, whole, and the next run sweeps what the
# killed one left; standard output and input errors are errors; judging
# nothing is not a pass.
# Usage: sh tests/writes.sh path/to/arbiter   (from the project root)
set -u
ARB=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(pwd)
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
arb() { "$ARB" --spec "$ROOT/spec" --cases "$ROOT/cases" "$@"; }
# A small suite keeps each run short.
SMALL="$ROOT/cases/scrollhammer/movement"
cd "$T" || exit 2

# A directory of the user's is refused and left as it was.
mkdir mine && echo precious >mine/precious
arb run -q --report mine "$SMALL" >out 2>&1
expect_status "report over a user's directory" 2 $?
contains "report over a user's directory" out "refusing to replace mine: a directory arbiter did not write"
if [ "$(ls -A mine)" = precious ] && [ "$(cat mine/precious)" = precious ]; then ok; else ko "the user's directory changed"; fi

# Devices, a FIFO and a symbolic link are refused and stay what they were.
arb run -q --report /dev/null "$SMALL" >out 2>&1
expect_status "report over /dev/null" 2 $?
contains "report over /dev/null" out "it is a character device"
if [ -c /dev/null ]; then ok; else ko "/dev/null is no longer a character device"; fi
arb export -o /dev/full "$SMALL" >out 2>&1
expect_status "export -o /dev/full" 2 $?
contains "export -o /dev/full" out "refusing to write /dev/full"
if [ -c /dev/full ]; then ok; else ko "/dev/full is no longer a character device"; fi
mkfifo fifo
arb run -q --junit fifo "$SMALL" >out 2>&1
expect_status "junit into a FIFO" 2 $?
contains "junit into a FIFO" out "it is a FIFO"
if [ -p fifo ]; then ok; else ko "the FIFO was replaced"; fi
echo target >target && ln -s target link
arb export -o link "$SMALL" >out 2>&1
expect_status "export over a symbolic link" 2 $?
if [ -L link ] && [ "$(cat target)" = target ]; then ok; else ko "the link or its target changed"; fi
mkdir adir
arb run -q --json adir "$SMALL" >out 2>&1
expect_status "--json over a directory" 2 $?
contains "--json over a directory" out "it is a directory"
# Refused before judging: nothing was printed on stdout.
arb run --verdicts adir "$SMALL" >out 2>/dev/null
expect_status "refused before the work" 2 $?
if [ ! -s out ]; then ok; else ko "run judged before refusing its output"; fi

# What may be replaced is: a regular file, an empty directory, a report
# arbiter wrote (marked), again and again.
echo old >file.jsonl
arb export -o file.jsonl "$SMALL" >out 2>&1
expect_status "export over a regular file" 0 $?
if grep -q '"format":"arbiter-scenario/2"' file.jsonl; then ok; else ko "export did not replace the file"; fi
mkdir empty
arb run -q --report empty "$SMALL" >out 2>&1
expect_status "report into an empty directory" 0 $?
if [ -f empty/index.html ] && [ -f empty/.arbiter-output ]; then ok; else ko "no marked report in the empty directory"; fi
arb run -q --report empty "$SMALL" >out 2>&1
expect_status "report over arbiter's report" 0 $?

# A kill at any moment: the old report and JUnit file or the new ones,
# whole, never neither; the next run sweeps what the killed ones left.
arb run -q --report rep --junit j.xml "$SMALL" >out 2>&1
expect_status "first report" 0 $?
whole() { # the report and the JUnit file are complete
	[ -f rep/.arbiter-output ] && tail -n 1 rep/index.html | grep -q '</body></html>' &&
	    tail -n 1 j.xml | grep -q '</testsuites>'
}
for delay in 0.01 0.03 0.06 0.1 0.15 0.2 0.3 0.45 0.7 1; do
	# arbiter itself in the background, not the arb function: $! must be
	# the process the kill stops, not a subshell that leaves it running.
	"$ARB" --spec "$ROOT/spec" --cases "$ROOT/cases" run -q --report rep --junit j.xml \
	    "$ROOT/cases" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if whole; then ok; else ko "killed after $delay s: the report or the JUnit file is not whole"; fi
done
arb run -q --report rep --junit j.xml "$SMALL" >out 2>&1
expect_status "a run after the kills" 0 $?
left=$(ls -A | grep -c '\.arbiter-' || true)
if [ "$left" = 0 ]; then ok; else
	ko "litter left beside the outputs: $(ls -A | grep '\.arbiter-')"
	for d in *.arbiter-*; do echo "    $d:"; ls -la "$d" | sed 's/^/      /'; done
fi
if whole; then ok; else ko "the report after the kills is not whole"; fi

# The same for a certificate bundle: killed at any moment, the old bundle
# or the new one is in place, whole (it verifies), never neither.
REF="$ARB --spec $ROOT/spec judge --certify"
# shellcheck disable=SC2086
arb certify -q --mem-limit 0 -o cert "$SMALL" -- $REF >out 2>&1
expect_status "first certificate" 0 $?
for delay in 0.02 0.1 0.3 0.8 1.2 1.6 2.0 2.3 2.6 3.0; do
	# shellcheck disable=SC2086
	"$ARB" --spec "$ROOT/spec" --cases "$ROOT/cases" certify -q --mem-limit 0 -o cert \
	    "$ROOT/cases/scrollhammer" -- $REF >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if arb certify --verify cert >out 2>&1; then ok; else
		ko "certify killed after $delay s: the bundle does not verify"
		sed 's/^/    /' out
	fi
done
# shellcheck disable=SC2086
arb certify -q --mem-limit 0 -o cert "$SMALL" -- $REF >out 2>&1
expect_status "a certificate after the kills" 0 $?
left=$(ls -A | grep -c '^cert\.arbiter-' || true)
if [ "$left" = 0 ]; then ok; else ko "litter left beside the bundle: $(ls -A | grep '^cert\.arbiter-')"; fi
arb certify --verify cert >out 2>&1
expect_status "the bundle after the kills" 0 $?

# The rule reference (arbiter ref) follows the same rules: a user's
# directory, a regular file or a path that cannot be made is refused with a
# clear error and left as it was; a kill at any moment leaves the old site
# or the new one, whole, and the next run sweeps what the killed one left.
arb ref -o mine >out 2>&1
expect_status "ref over a user's directory" 2 $?
contains "ref over a user's directory" out "refusing to replace mine: a directory arbiter did not write"
if [ "$(ls -A mine)" = precious ]; then ok; else ko "ref changed the user's directory"; fi
echo plain >site.txt
arb ref -o site.txt >out 2>&1
expect_status "ref over a regular file" 2 $?
contains "ref over a regular file" out "refusing to write site.txt: it is a regular file"
if [ "$(cat site.txt)" = plain ]; then ok; else ko "ref changed the regular file"; fi
arb ref -o site.txt/ref >out 2>&1
expect_status "ref under a regular file" 2 $?
contains "ref under a regular file" out "cannot write site.txt/ref: Not a directory"
arb ref -o site nosuch >out 2>&1
expect_status "ref of an unknown ruleset" 2 $?
contains "ref of an unknown ruleset" out "no ruleset 'nosuch'"
if [ ! -e site ]; then ok; else ko "a refused ref left a site"; fi
site_whole() { # the landing page and the edition's pages are complete
	[ -f site/.arbiter-output ] && tail -n 1 site/index.html | grep -q '</html>' &&
	    for f in site/spec-*/index.html site/spec-*/search.html; do
		tail -n 1 "$f" | grep -q '</html>' || return 1
	done
}
arb ref -o site >out 2>&1
expect_status "first reference" 0 $?
if site_whole; then ok; else ko "the first reference is not whole"; fi
for delay in 0.05 0.2 0.5 1 1.5 2.5 4; do
	"$ARB" --spec "$ROOT/spec" --cases "$ROOT/cases" ref -o site >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if site_whole; then ok; else ko "ref killed after $delay s: the site is not whole"; fi
done
arb ref -o site >out 2>&1
expect_status "a reference after the kills" 0 $?
left=$(ls -A | grep -c '^site\.arbiter-' || true)
if [ "$left" = 0 ]; then ok; else ko "litter left beside the site: $(ls -A | grep '^site\.arbiter-')"; fi
if site_whole; then ok; else ko "the reference after the kills is not whole"; fi

# Standard output that cannot be written is an error, for every command.
for cmd in "run -q $SMALL" "explain SH-MOV-BND-BOARD-0001" "lint" "clauses" "export $SMALL"; do
	# shellcheck disable=SC2086
	arb $cmd >/dev/full 2>out
	expect_status "$cmd > /dev/full" 2 $?
	contains "$cmd > /dev/full" out "cannot write standard output"
done
arb export "$SMALL" >suite.jsonl 2>out
arb judge <suite.jsonl >/dev/full 2>out
expect_status "judge > /dev/full" 2 $?

# A read error on standard input is not its end.
arb judge <"$T" >out 2>&1
expect_status "judge < a directory" 2 $?
contains "judge < a directory" out "cannot read standard input"
arb check-verdicts <"$T" >out 2>&1
expect_status "check-verdicts < a directory" 2 $?

# Judging nothing is not a pass.
mkdir nothing
arb run nothing >out 2>&1
expect_status "run over an empty directory" 2 $?
contains "run over an empty directory" out "no cases in nothing"
arb export nothing >out 2>&1
expect_status "export of an empty directory" 2 $?

echo "writes: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
