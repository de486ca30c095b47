#!/bin/sh
# make install into a staging directory (DESTDIR), the staged program run
# from another directory with no --spec, its help, version and global
# options, the man page and the bash completion, a C program built against
# the staged library through pkg-config, then make uninstall.
# Usage: sh tests/install.sh BUILD [SANITIZE]   (from the project root)
set -u
BUILD=$1
SAN=${2:-0}
ROOT=$(pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
skipped=""
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "not ok: $1"; }
expect_status() { # name want got
	if [ "$3" = "$2" ]; then ok; else ko "$1: exit status $3, wanted $2"; fi
}
contains() { # name file text
	if grep -qF -- "$3" "$2"; then ok; else ko "$1: output lacks '$3'"; sed 's/^/    /' "$2" | head -20; fi
}
empty() { # name file
	if [ ! -s "$2" ]; then ok; else ko "$1: unexpected output"; sed 's/^/    /' "$2" | head -20; fi
}
# make install and uninstall as a user would type them: not as a sub-make
# of `make check` (whose jobserver it cannot reach), with the same SANITIZE.
mk() { (unset MAKEFLAGS MFLAGS MAKELEVEL && make --no-print-directory -C "$ROOT" SANITIZE="$SAN" "$@"); }

STAGE=$T/stage
USR=$STAGE/usr
if ! mk install DESTDIR="$STAGE" PREFIX=/usr >"$T/make.log" 2>&1; then
	cat "$T/make.log"
	echo "install: make install failed"
	exit 1
fi
ARB=$USR/bin/arbiter
for f in bin/arbiter lib/libarbiter.a lib/pkgconfig/arbiter.pc include/arbiter.h include/arbiter_impl.h \
	share/man/man1/arbiter.1 share/bash-completion/completions/arbiter \
	share/arbiter/spec/conventions.md; do
	if [ -f "$USR/$f" ]; then ok; else ko "installed: no $f"; fi
done
if [ -x "$ARB" ]; then ok; else ko "installed: bin/arbiter is not executable"; fi
n_src=$(find spec cases -type f | wc -l)
n_inst=$(cd "$USR/share/arbiter" && find spec cases -type f | wc -l)
expect_status "data files installed" "$n_src" "$n_inst"

# From another directory, no --spec: the staged program finds its own data.
mkdir "$T/elsewhere"
cd "$T/elsewhere" || exit 1
"$ARB" run -q >"$T/out" 2>&1
expect_status "staged run" 0 $?
contains "staged run" "$T/out" " passed, 0 failed"
"$ARB" --version >"$T/out" 2>&1
expect_status "--version" 0 $?
contains "--version" "$T/out" "arbiter $(cat "$ROOT/VERSION")"
contains "--version" "$T/out" "spec: $USR/share/arbiter/spec ("
contains "--version" "$T/out" "cases: $USR/share/arbiter/cases"
# The same text as the checkout's: the fingerprint of the same clauses.
fp=$(cd "$ROOT" && "$BUILD/arbiter" --version | sed -n 's/.*fingerprint \([0-9a-f]*\).*/\1/p')
contains "--version fingerprint" "$T/out" "fingerprint $fp)"

# help CMD and CMD --help: the same text, on stdout, exit 0, for every command.
"$ARB" --help >"$T/help" 2>"$T/err"
expect_status "--help" 0 $?
empty "--help stderr" "$T/err"
cmds=$(sed -n '/^commands:/,/^$/s/^  \([a-z-]*\) .*/\1/p' "$T/help")
[ -n "$cmds" ] || ko "--help lists no commands"
for c in $cmds; do
	"$ARB" help "$c" >"$T/h1" 2>"$T/err"
	expect_status "help $c" 0 $?
	empty "help $c stderr" "$T/err"
	contains "help $c" "$T/h1" "usage: arbiter [--spec DIR] [--cases DIR] $c"
	"$ARB" "$c" --help >"$T/h2" 2>&1
	expect_status "$c --help" 0 $?
	if cmp -s "$T/h1" "$T/h2"; then ok; else ko "$c --help differs from help $c"; fi
done
"$ARB" help run >"$T/out" 2>&1
contains "help run" "$T/out" "--jobs N"
contains "help run" "$T/out" "-q, --quiet"
contains "help run" "$T/out" "--spec DIR"

# Global options after the command; an option's argument is not one.
"$ARB" run -q --cases "$ROOT/tests/fixtures/failing" >"$T/out" 2>&1
expect_status "--cases after run" 1 $?
contains "--cases after run" "$T/out" "1 passed, 1 failed"
"$ARB" clauses --spec "$T/nospec" >"$T/out" 2>&1
expect_status "--spec after clauses" 2 $?
contains "--spec after clauses" "$T/out" "$T/nospec"
"$ARB" export -o --cases >"$T/out" 2>&1
expect_status "export -o --cases" 0 $?
if [ -s "$T/elsewhere/--cases" ]; then ok; else ko "export -o --cases: no file named --cases"; fi
"$ARB" run --bogus >"$T/out" 2>&1
expect_status "unknown run option" 2 $?
"$ARB" --bogus run >"$T/out" 2>&1
expect_status "unknown global option" 2 $?
contains "unknown global option" "$T/out" "unknown option '--bogus'"
"$ARB" help frobnicate >"$T/out" 2>&1
expect_status "help unknown command" 2 $?

# Moved elsewhere, the install still finds its data beside its bin/.
cp -R "$USR" "$T/moved"
"$T/moved/bin/arbiter" run -q >"$T/out" 2>&1
expect_status "moved run" 0 $?
contains "moved run" "$T/out" " passed, 0 failed"
# With no data anywhere: exit 2, naming where it looked (unless this machine
# has arbiter installed in /usr, which the program would rightly find).
mkdir -p "$T/bare/bin"
cp "$ARB" "$T/bare/bin/arbiter"
if [ -d /usr/share/arbiter/spec ]; then
	skipped="$skipped no-data"
else
	"$T/bare/bin/arbiter" run >"$T/out" 2>&1
	expect_status "no data" 2 $?
	contains "no data" "$T/out" "no rulebooks found"
	contains "no data" "$T/out" "./spec, $T/bare/share/arbiter/spec, /usr/share/arbiter/spec"
fi
: | "$T/bare/bin/arbiter" check-verdicts >"$T/out" 2>&1
expect_status "check-verdicts needs no data" 0 $?
cd "$ROOT" || exit 1

# The man page and the completion name every command and option the
# program's help does (the tables in tools/arbiter/arbiter.c).
MAN=$USR/share/man/man1/arbiter.1
COMP=$USR/share/bash-completion/completions/arbiter
sed 's/\\-/-/g; s/\\f[BIRP]//g' "$MAN" >"$T/man.txt"
for c in $cmds; do
	contains "man page: command $c" "$T/man.txt" ".SS \"$c"
	if grep -qw -- "$c" "$COMP"; then ok; else ko "completion: no command $c"; fi
	"$ARB" help "$c" | sed -n '/^options:/,/^$/s/^  \(-[a-z]*, \)\{0,1\}\(-[-a-z]*\).*/\2/p' >"$T/opts"
	while read -r o; do
		if grep -qF -- "$o" "$T/man.txt"; then ok; else ko "man page: no option $o of $c"; fi
		if grep -qF -- "$o" "$COMP"; then ok; else ko "completion: no option $o of $c"; fi
	done <"$T/opts"
done
contains "man page" "$T/man.txt" "/usr/share/arbiter"
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man --warnings -l "$MAN" >"$T/out" 2>"$T/err"
	expect_status "man -l" 0 $?
	empty "man -l warnings" "$T/err"
	contains "man -l" "$T/out" "check-verdicts"
else
	skipped="$skipped man"
fi
if command -v bash >/dev/null 2>&1; then
	bash -n "$COMP"
	expect_status "bash -n completion" 0 $?
	bash -c '. "$1" && COMP_WORDS=(arbiter run --j) COMP_CWORD=2 && _arbiter && echo "${COMPREPLY[*]}"' \
		sh "$COMP" >"$T/out" 2>&1
	contains "completion of run --j" "$T/out" "--jobs --junit --json"
else
	skipped="$skipped bash"
fi

# A C program built against the staged library alone, through pkg-config.
if command -v pkg-config >/dev/null 2>&1 && command -v cc >/dev/null 2>&1; then
	PKG_CONFIG_PATH=$USR/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$STAGE \
		pkg-config --cflags --libs arbiter >"$T/pc" 2>&1
	expect_status "pkg-config" 0 $?
	contains "pkg-config" "$T/pc" "-I$USR/include"
	contains "pkg-config" "$T/pc" "-Wl,--whole-archive -larbiter -Wl,--no-whole-archive"
	san=""
	[ "$SAN" = 1 ] && san="-fsanitize=address,undefined"
	# shellcheck disable=SC2046
	cc -std=c17 -Wall -Wextra -Werror -pedantic $san -o "$T/consumer" tests/install/consumer.c \
		$(cat "$T/pc") >"$T/out" 2>&1
	expect_status "build against the library" 0 $?
	csv=$USR/share/arbiter/cases/scrollhammer/movement/hand-distance.csv
	"$T/consumer" "$USR/share/arbiter/spec" "$csv" >"$T/out" 2>&1
	expect_status "judge with the library" 0 $?
	contains "judge with the library" "$T/out" "cases agree"
	# Why the .pc links the archive whole: without, no predicate is linked.
	cc -std=c17 $san -I"$USR/include" -o "$T/consumer-part" tests/install/consumer.c \
		-L"$USR/lib" -larbiter -lcsv -lm >"$T/out" 2>&1 &&
		"$T/consumer-part" "$USR/share/arbiter/spec" "$csv" >"$T/out" 2>&1
	expect_status "library linked without --whole-archive" 1 $?
	contains "library linked without --whole-archive" "$T/out" "no predicates linked"
else
	skipped="$skipped pkg-config"
fi

# An implementation of the C ABI built against the installed header alone
# (tests/install/impl.c answers nothing), certified by the staged program:
# it loads, says hello, and every case in its claim is its error.
if command -v cc >/dev/null 2>&1; then
	cc -std=c17 -Wall -Wextra -Werror -pedantic -shared -fPIC -I"$USR/include" \
		-o "$T/mute.so" tests/install/impl.c >"$T/out" 2>&1
	expect_status "build an implementation against arbiter_impl.h" 0 $?
	"$ARB" certify -q --abi "$T/mute.so" -o "$T/cert" \
		"$USR/share/arbiter/cases/scrollhammer/movement/hand-distance.csv" >"$T/out" 2>&1
	expect_status "certify --abi with the installed header" 1 $?
	contains "certify --abi with the installed header" "$T/out" "0 passed, 0 failed, 31 errors"
else
	skipped="$skipped cc"
fi

# make uninstall leaves no file behind.
mk uninstall DESTDIR="$STAGE" PREFIX=/usr >"$T/make.log" 2>&1
expect_status "make uninstall" 0 $?
find "$STAGE" ! -type d >"$T/left"
empty "uninstall leaves nothing" "$T/left"

[ -n "$skipped" ] && echo "install: skipped:$skipped (not on this machine)"
echo "install: $pass passed, $fail failed"
[ "$fail" = 0 ]
