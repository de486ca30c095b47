#!/bin/sh
# The browser test of the HTML report (tests/browser/report.mjs), run by
# `make check` when Debian's Chromium and Node.js are on the machine
# (.ci/run installs them); otherwise it says so and passes.
# Usage: sh tests/browser.sh ARBITER OUT_DIR
set -eu
ARB=$1
OUT=$2
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ] || ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "browser: skipped: no Chromium ($chromium) or no Node.js/npm on this machine (.ci/run installs them)"
	exit 0
fi
if [ ! -d tests/browser/node_modules/playwright-core ]; then
	(cd tests/browser && npm ci --no-audit --no-fund --silent)
fi
node tests/browser/report.mjs "$ARB" "$OUT"
