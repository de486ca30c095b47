#!/bin/sh
# Installs the Debian packages arbiter needs to build and test, when missing.
# It is README's first step (`sh tools/deps.sh && make run`), plain POSIX sh,
# because a fresh Debian has no make yet; `make` runs it again (target deps),
# which costs nothing once all are installed.
# Usage: sh tools/deps.sh [--fuzz] [--check]
#   --fuzz: also what `make fuzz` needs (clang and its libFuzzer runtime)
#   --check: only report, exit 1 if missing
set -eu
FUZZ=0
CHECK=0
for a in "$@"; do
	case "$a" in
	--fuzz) FUZZ=1 ;;
	--check) CHECK=1 ;;
	*)
		echo "deps: unknown option $a (usage: sh tools/deps.sh [--fuzz] [--check])" >&2
		exit 2
		;;
	esac
done
# libgeos-dev is for the tests and the benchmark only (tests/test_geos.c,
# tools/bench/bench_geos.c): the library never links it. libhunspell-dev and
# hunspell-en-us are the spelling of `arbiter lint` (the program only). git
# reads the spec/ of a revision for `arbiter diff REV REV` (at run time,
# and tests/diff.sh's revisions).
PKGS="gcc make pkg-config libc6-dev libcsv-dev libcriterion-dev libjansson-dev libgraphviz-dev libcmark-dev nettle-dev libgeos-dev python3 git libhunspell-dev hunspell-en-us"
[ "$FUZZ" = 1 ] && PKGS="$PKGS clang libclang-rt-14-dev"
if ! command -v dpkg-query >/dev/null 2>&1; then
	# Not Debian: nothing to check here; the build names what is missing.
	echo "deps: not a Debian system (no dpkg-query): install a C17 compiler, make, pkg-config" >&2
	echo "deps: and the libraries csv, criterion, jansson, graphviz (gvc), cmark, hunspell (with an en_US dictionary) and geos (tests only) yourself" >&2
	[ "$CHECK" = 1 ] && exit 1
	exit 0
fi
missing=""
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0
if [ "$CHECK" = 1 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	# A fresh Debian may have no sudo: say both ways.
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run this as root (su -c 'sh tools/deps.sh'), or: sudo apt-get install$missing" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "deps: installed$missing" >&2
