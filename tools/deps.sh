#!/bin/sh
# Installs the Debian packages arbiter needs to build and test, when missing.
# Usage: tools/deps.sh [--check]   (--check: only report, exit 1 if missing)
set -eu
PKGS="gcc make pkg-config libc6-dev libcsv-dev libcriterion-dev libjansson-dev libgraphviz-dev libcmark-dev"
missing=""
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0
if [ "${1:-}" = "--check" ]; then
	echo "deps: missing Debian packages:$missing" >&2
	exit 1
fi
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run as root, or: sudo apt-get install$missing" >&2
	exit 1
fi
echo "deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
