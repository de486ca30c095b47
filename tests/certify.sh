#!/bin/sh
# `arbiter certify` (docs/certify.md): the reference certifies at 100%; a
# hostile implementation (tests/certify/hostile.py: crash, hang, early
# exit, wrong or repeated id, garbage, an over-long line, a flood, a child
# that stops reading, runs out of memory or CPU, forks and dies, forks
# past --max-procs (run as an unprivileged user), answers an error line) is recorded against the one case it spoiled while every
# other case still passes; bad hellos and expectations files are errors
# (exit 2, file:line:column); waivers; a tampered bundle fails --verify
# naming the hash that differs.
# The C ABI (--abi, arbiter_impl.h) with the reference built as a shared
# library, when its path is given (and, beside it, the same reference as a
# library of ABI 1, and libabi_v9.so, of a version no certifier speaks).
# Usage: sh tests/certify.sh path/to/arbiter [path/to/libarbiter_ref.so]
#        (from the project root)
set -u
ARB=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ABI=${2:+$(cd "$(dirname "$2")" && pwd)/$(basename "$2")}
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
# Under `make check SANITIZE=1` a leak or a bad access of the certifier is
# reported on stderr: an exit status of 1 that a test expects must not hide it.
clean() { # name file
	if grep -q "Sanitizer" "$2"; then ko "$1: a sanitizer report"; sed 's/^/    /' "$2" | head -20; else ok; fi
}
HOSTILE="$ROOT/tests/certify/hostile.py"
SMALL="$ROOT/cases/scrollhammer/movement/hand-distance.csv"
# The memory limit is for the hostile child; a sanitizer build of arbiter
# (the reference, as the hostile one's back end) needs more address space.
LIMITS="--timeout 2 --mem-limit 0"
cd "$T" || exit 2

# The reference certifies at 100% on what it claims.
arb certify -q --mem-limit 0 -o ref "$ROOT/cases/scrollhammer" -- "$ARB" --spec "$ROOT/spec" judge --certify >out 2>&1
expect_status "reference" 0 $?
contains "reference" out "0 failed, 0 errors"
for f in certificate.json results.jsonl badge.json junit.xml index.html .arbiter-output; do
	if [ -f "ref/$f" ]; then ok; else ko "reference bundle lacks $f"; fi
done
contains "badge" ref/badge.json '"schemaVersion":1'
contains "badge" ref/badge.json '"color":"brightgreen"'
contains "certificate" ref/certificate.json '"certified": true'
contains "certificate" ref/certificate.json '"name": "arbiter"'
arb certify --verify ref >out 2>&1
expect_status "verify the reference" 0 $?
contains "verify the reference" out "intact: arbiter"
# A global option after "--" belongs to the implementation.
arb certify -q $LIMITS -o ref2 "$SMALL" -- "$ARB" --spec "$ROOT/spec" judge --certify --spec "$ROOT/spec" --profile chain >out 2>&1
expect_status "options after --" 0 $?
contains "options after --" ref2/certificate.json '"profile": "chain"'

# Each hostile behaviour spoils its case and no other.
victim=SH-MOV-DIST-003
PY="$ROOT/examples/pyscroll/pyscroll.py"
# the real implementation behind the hostile one, and what it passes
BACKEND="$ARB --spec $ROOT/spec judge --certify"
PASSED=35
check_hostile() { # mode, text of the error
	# shellcheck disable=SC2086
	arb certify -q $LIMITS -o "h-$1" "$SMALL" -- python3 "$HOSTILE" "$1" "$victim" $BACKEND \
	    >out 2>&1
	expect_status "hostile $1" 1 $?
	clean "hostile $1" out
	contains "hostile $1" out "ERROR $victim"
	contains "hostile $1" out "$2"
	contains "hostile $1" out "certify: $PASSED passed, 0 failed, 1 errors"
	arb certify --verify "h-$1" >vout 2>&1
	expect_status "hostile $1: verify" 0 $?
}
check_hostile crash "crashed: killed by signal 11"
check_hostile hang "timed out: no answer within 2 s"
check_hostile exit "exited early with status 3"
check_hostile wrong-id 'answered id "NO-SUCH-CASE" instead of "SH-MOV-DIST-003"'
check_hostile repeat-id "(repeated: the id of an earlier case)"
check_hostile garbage "not an arbiter-verdict/2 line"
check_hostile long "wrote a line longer than 1048576 bytes"
check_hostile flood "wrote more than one line for one scenario"
check_hostile extra "wrote more than one line for one scenario"
check_hostile deaf "timed out"
check_hostile fork "exited early with status 4"
check_hostile error-line "answered an error line (fault): I give up"
check_hostile binary "not an arbiter-verdict/2 line"
check_hostile nul "wrote a NUL byte in its line"
# the three-command flow writes under reports/certify/, made if missing
arb certify -q $LIMITS "$SMALL" -- "$ARB" --spec "$ROOT/spec" judge --certify >out 2>&1
expect_status "the default bundle directory" 0 $?
if [ -f reports/certify/arbiter/certificate.json ]; then ok; else ko "no reports/certify/arbiter/"; fi
# Behind a memory or CPU limit the real implementation is the Python
# example (a sanitizer build of arbiter would not start under the one and
# could exceed the other): 23 other cases.
LIMITS="--timeout 2 --mem-limit 1024"
BACKEND="python3 $PY"
PASSED=23
check_hostile memory "MemoryError"
LIMITS="--timeout 20 --cpu-limit 1 --mem-limit 0"
check_hostile cpu "crashed: killed by signal 24"
BACKEND="$ARB --spec $ROOT/spec judge --certify"
PASSED=35
LIMITS="--timeout 2 --mem-limit 0"
if pgrep -f "$HOSTILE" >/dev/null 2>&1; then ko "a hostile child outlived its run"; else ok; fi

# --max-procs: RLIMIT_NPROC counts every process of the user, and the
# kernel does not enforce it for root. So root runs this as nobody, from
# copies nobody can read; another user runs it as itself. The hostile
# child forks on one case until the kernel refuses: that case is an error
# (the child says how many forks it was allowed), the others pass.
max_procs() {
	P="$T/nproc"
	AS=""
	if [ "$(id -u)" = 0 ]; then
		if ! command -v setpriv >/dev/null 2>&1 || ! id nobody >/dev/null 2>&1; then
			echo "certify: SKIP --max-procs: run as root, and no setpriv or no user nobody to run it as"
			return
		fi
		AS="setpriv --reuid=nobody --regid=$(id -g nobody) --clear-groups"
		chmod 711 "$T"
	fi
	# a table's ruleset and section are its path's: cases/RULESET/SECTION/
	table="cases/scrollhammer/movement/$(basename "$SMALL")"
	mkdir -p "$P/out" "$P/${table%/*}" && cp "$ARB" "$P/arbiter" && cp -r "$ROOT/spec" "$P/spec" &&
	    cp "$SMALL" "$P/$table" && cp "$HOSTILE" "$PY" "$P/" && chmod -R a+rX "$P" &&
	    chmod 777 "$P/out" || {
		ko "--max-procs: cannot copy the program and its files"
		return
	}
	# a python3 that user can run (root's may live where nobody can read)
	py=""
	for c in python3 /usr/bin/python3 /usr/local/bin/python3; do
		# shellcheck disable=SC2086
		if $AS "$c" -c pass >/dev/null 2>&1; then py=$c && break; fi
	done
	if [ -z "$py" ]; then
		echo "certify: SKIP --max-procs: no python3 that $(id -un ${AS:+nobody}) can run"
		return
	fi
	# the user's processes now (threads count), and room for the certifier,
	# the hostile child and the example behind it, and three forks more
	user=$(if [ -n "$AS" ]; then echo nobody; else id -un; fi)
	now=$(ps -L -u "$user" --no-headers 2>/dev/null | wc -l)
	limit=$((now + 6))
	supp=""
	if [ -n "${LSAN_OPTIONS:-}" ]; then
		cp "$ROOT/tests/lsan.supp" "$P/" && chmod a+r "$P/lsan.supp"
		supp="suppressions=$P/lsan.supp:print_suppressions=0"
	fi
	# shellcheck disable=SC2086
	(cd "$P" && LSAN_OPTIONS="$supp" $AS "$P/arbiter" --spec "$P/spec" --cases "$P/cases" \
	    certify -q --timeout 5 --mem-limit 0 --max-procs "$limit" -o "$P/out/np" "$P/$table" \
	    -- "$py" "$P/hostile.py" nproc "$victim" "$py" "$P/pyscroll.py") >out 2>&1
	expect_status "--max-procs $limit as $user" 1 $?
	clean "--max-procs" out
	contains "--max-procs" out "ERROR $victim"
	contains "--max-procs" out "exited early with status 6"
	contains "--max-procs" out "fork refused after"
	contains "--max-procs" out "certify: 23 passed, 0 failed, 1 errors"
	arb certify --verify "$P/out/np" >vout 2>&1
	expect_status "--max-procs: verify" 0 $?
}
max_procs

# Handshakes that claim what the rulebook does not have: exit 2, no bundle.
for m in "no-hello:no hello: timed out" \
    "bad-hello:field 'name': expected 1 to 64" \
    "unknown-ruleset:1:23: field 'claims[0]': unknown ruleset \"warhamster\"" \
    "unknown-profile:field 'profile': unknown profile \"lenient\""; do
	mode=${m%%:*}
	# shellcheck disable=SC2086
	arb certify -q $LIMITS -o "bad-$mode" "$SMALL" -- python3 "$HOSTILE" "$mode" X $BACKEND \
	    >out 2>&1
	expect_status "hello $mode" 2 $?
	clean "hello $mode" out
	contains "hello $mode" out "${m#*:}"
	if [ -e "bad-$mode" ]; then ko "hello $mode: a bundle was written"; else ok; fi
done
arb certify -q -o x "$SMALL" -- /no/such/program >out 2>&1
expect_status "no such program" 2 $?
contains "no such program" out "no hello"
printf '{"format":"arbiter-certify/9","type":"start","suite":"x"}\n' | arb judge --certify >out 2>&1
expect_status "judge --certify, a bad start line" 2 $?
contains "judge --certify, a bad start line" out "expected the start line"

# Waivers: a waived failure passes the run; a waived pass is an error.
printf '# known\ncase SH-MOV-DIST-003: we crash on it <https://example.org/issues/1>\n' >exp.txt
# shellcheck disable=SC2086
arb certify -q $LIMITS --expectations exp.txt -o w "$SMALL" -- python3 "$HOSTILE" crash "$victim" \
    $BACKEND >out 2>&1
expect_status "a waived crash" 0 $?
contains "a waived crash" out "1 waived"
contains "a waived crash" w/certificate.json '"link": "https://example.org/issues/1"'
printf 'clause SH.MOV.DIST.*: our limit is wrong\n' >exp2.txt
arb certify -q $LIMITS --expectations exp2.txt -o w2 "$SMALL" -- "$ARB" --spec "$ROOT/spec" judge --certify >out 2>&1
expect_status "a waived pass" 1 $?
clean "a waived pass" out
contains "a waived pass" out "UNEXPECTED-PASS"
contains "a waived pass" out "remove the waiver"
printf 'case NO-SUCH-*: never\n' >exp3.txt
arb certify -q $LIMITS --expectations exp3.txt -o w3 "$SMALL" -- "$ARB" --spec "$ROOT/spec" judge --certify >out 2>&1
expect_status "a waiver that matches nothing" 2 $?
contains "a waiver that matches nothing" out "exp3.txt:1:1: field 'pattern'"
for bad in "bogus SH-X: y:1:1: field 'kind'" "case SH-MOV-DIST-003 no colon:1:22: field 'reason'" \
    "case SH-MOV-DIST-003:   :1:25: field 'reason'" \
    "case SH-MOV-DIST-003: r <ftp://x>:1:26: field 'link'"; do
	printf '%s\n' "${bad%%:1:*}" >bad.txt
	arb certify -q $LIMITS --expectations bad.txt -o w4 "$SMALL" -- "$ARB" --spec "$ROOT/spec" judge --certify >out 2>&1
	expect_status "expectations '${bad%%:1:*}'" 2 $?
	contains "expectations '${bad%%:1:*}'" out "bad.txt:1:${bad#*:1:}"
done
printf 'case A: x\ncase A: y\n' >dup.txt
arb certify -q $LIMITS --expectations dup.txt -o w5 "$SMALL" -- "$ARB" --spec "$ROOT/spec" judge --certify >out 2>&1
expect_status "a pattern waived twice" 2 $?
contains "a pattern waived twice" out "dup.txt:2:6: field 'pattern': \"A\" is waived already on line 1"

# Process per case: the same results, byte for byte, as streaming.
WAY="$ROOT/cases/scrollhammer/movement/hand-way.csv"
arb certify -q $LIMITS --shrink 0 -o stream "$WAY" -- python3 "$PY" >out 2>&1
expect_status "streaming pyscroll" 0 $?
arb certify -q $LIMITS --shrink 0 --per-case -o percase "$WAY" -- python3 "$PY" >out 2>&1
expect_status "pyscroll, a process per case" 0 $?
if cmp -s stream/results.jsonl percase/results.jsonl; then ok; else ko "per-case results differ from streaming"; fi

# A disagreement is shrunk while the implementation still disagrees with
# the reference: the mutant that lets a locked unit move needs no enemy.
MUTANT=no-locked-check arb certify -q $LIMITS -o shrunk "$ROOT/cases/scrollhammer/movement/hand-locked.csv" \
    -- python3 "$PY" >out 2>&1
expect_status "a mutant, shrunk" 1 $?
clean "a mutant, shrunk" out
if [ -f shrunk/min-SH-MOV-CC-002.json ] && ! grep -q '"id":"E1"' shrunk/min-SH-MOV-CC-002.json &&
    grep -q '"locked_in_combat"' shrunk/min-SH-MOV-CC-002.json; then ok; else
	ko "SH-MOV-CC-002 not shrunk to its locked unit alone"
fi
contains "a mutant, shrunk" shrunk/index.html "Minimal failing scenario"
contains "a mutant, shrunk" shrunk/index.html "Units already locked in close combat"
if [ -f shrunk/min-SH-MOV-CC-002.svg ] && [ -f shrunk/case-SH-MOV-CC-002.svg ]; then ok; else ko "no drawings"; fi
arb certify --verify shrunk >out 2>&1
expect_status "a mutant, shrunk: verify" 0 $?
contains "a mutant, shrunk: verify" out "not certified"

# The C ABI: the reference as a shared library, in process.
if [ -n "$ABI" ]; then
	ARBITER_SPEC="$ROOT/spec" arb certify -q --abi "$ABI" -o abi "$ROOT/cases/scrollhammer" >out 2>&1
	expect_status "the reference through the C ABI" 0 $?
	contains "the reference through the C ABI" out "0 failed, 0 errors"
	contains "the reference through the C ABI" abi/certificate.json '"command": "--abi '
	arb certify --verify abi >out 2>&1
	expect_status "the C ABI bundle verifies" 0 $?
	if cmp -s abi/results.jsonl ref/results.jsonl; then ok; else ko "C ABI results differ from streaming"; fi
	# The reference takes the scenario as structures (ABI 3); built as a
	# library of ABI 1 it is given lines: the same results on every
	# ruleset's cases, both ways. A version no certifier speaks: exit 2.
	LINES="$(dirname "$ABI")/libarbiter_ref_lines.so"
	V9="$(dirname "$ABI")/libabi_v9.so"
	ARBITER_SPEC="$ROOT/spec" arb certify -q --abi "$ABI" -o abi-all >out 2>&1
	expect_status "the whole suite through the C ABI's structures" 0 $?
	ARBITER_SPEC="$ROOT/spec" arb certify -q --abi "$LINES" -o abi-lines >out 2>&1
	expect_status "the whole suite through the C ABI's lines (ABI 1)" 0 $?
	contains "the whole suite through the C ABI's lines (ABI 1)" out "0 failed, 0 errors"
	if cmp -s abi-all/results.jsonl abi-lines/results.jsonl; then ok; else
		ko "C ABI results differ between structures and lines"
	fi
	arb certify -q --abi "$V9" -o x "$SMALL" >out 2>&1
	expect_status "--abi, a version it does not speak" 2 $?
	contains "--abi, a version it does not speak" out "libabi_v9.so speaks ABI 9; this certifier speaks 1 and 3"
	if [ -e x ]; then ko "--abi, a version it does not speak: a bundle was written"; else ok; fi
	# A library that never returns: the certifier waits the timeout, records
	# the case, says the rest were not run and writes its bundle; one that
	# hangs in its hello is a failure to start (exit 2, nothing written).
	# What a hung library was given is never freed (it may still read it):
	# no leak report for those runs.
	HANG="$(dirname "$ABI")/libabi_hang.so"
	s0=$(date +%s)
	ASAN_OPTIONS=detect_leaks=0 arb certify -q --timeout 1 --abi "$HANG" -o hang "$SMALL" >out 2>&1
	expect_status "--abi, a library that hangs" 1 $?
	s1=$(date +%s)
	clean "--abi, a library that hangs" out
	if [ $((s1 - s0)) -le 10 ]; then ok; else ko "--abi, a library that hangs: $((s1 - s0)) s"; fi
	contains "--abi, a library that hangs" out "0 passed, 0 failed, 31 errors"
	contains "--abi, a library that hangs" hang/results.jsonl '"id":"SH-MOV-DIST-003","section":"scrollhammer/movement","status":"error","target":"SH.MOV.DIST.1","waiver":null,"why":"no return from the library within 1 s'
	contains "--abi, a library that hangs" hang/results.jsonl '"id":"SH-MOV-DIST-004","section":"scrollhammer/movement","status":"error","target":"SH.MOV.DIST.1","waiver":null,"why":"not run: the library did not return from an earlier call"'
	arb certify --verify hang >out 2>&1
	expect_status "--abi, a library that hangs: its bundle verifies" 0 $?
	contains "--abi, a library that hangs: its bundle verifies" out "not certified"
	ABI_HANG_AT=0 ASAN_OPTIONS=detect_leaks=0 arb certify -q --timeout 1 --abi "$HANG" -o hang0 "$SMALL" >out 2>&1
	expect_status "--abi, a hello that hangs" 2 $?
	contains "--abi, a hello that hangs" out "no return from the library within 1 s"
	if [ -e hang0 ]; then ko "--abi, a hello that hangs: a bundle was written"; else ok; fi
else
	echo "certify: no shared library given: the C ABI is not tested"
fi
arb certify -q --abi ./no-such.so -o x "$SMALL" >out 2>&1
expect_status "--abi, no library" 2 $?
contains "--abi, no library" out "cannot load ./no-such.so"
arb certify -q --abi "$ARB" -o x "$SMALL" -- "$ARB" >out 2>&1
expect_status "--abi and a command" 2 $?
contains "--abi and a command" out "give one implementation"

# A tampered bundle fails --verify and names what differs.
tamper() { # name, sed script, file, text wanted
	rm -rf tam && cp -r ref tam && sed -i "$2" "tam/$3"
	arb certify --verify tam >out 2>&1
	expect_status "tampered $1" 1 $?
	clean "tampered $1" out
	contains "tampered $1" out "$4"
}
tamper "result" '1s/"status":"pass"/"status":"fail"/' results.jsonl "results.jsonl: its SHA-256"
tamper "badge" 's/brightgreen/red/' badge.json "files.badge.json: its SHA-256"
tamper "junit" 's/testsuites/testsuitez/' junit.xml "files.junit.xml: its SHA-256"
tamper "report" 's/<h1>/<h1>!/' index.html "files.index.html: its SHA-256"
tamper "totals" '0,/"pass": [0-9]*/s//"pass": 1/' certificate.json "the certificate's scores differ"
rm -rf tam && cp -r ref tam && echo x >tam/extra.svg
arb certify --verify tam >out 2>&1
expect_status "an added file" 1 $?
contains "an added file" out "extra.svg: a file the certificate does not list"
rm -rf tam && cp -r ref tam && echo '{' >tam/certificate.json
arb certify --verify tam >out 2>&1
expect_status "a malformed certificate" 2 $?
contains "a malformed certificate" out "certificate.json:"
arb certify --verify nowhere >out 2>&1
expect_status "no bundle" 2 $?

echo "certify: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
