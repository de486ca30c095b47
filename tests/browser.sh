#!/bin/sh
# The browser tests of the HTML report (tests/browser/report.mjs) and of the
# rule reference (tests/browser/ref.mjs), run by
# `make check` when Debian's Chromium and a Node.js that the pinned
# playwright-core runs on are on the machine (.ci/run installs Debian's);
# otherwise it says what is missing and passes. BROWSER_TEST=required (set
# by .ci/run) makes a skip a failure, so CI cannot pass without the test.
# Usage: sh tests/browser.sh ARBITER OUT_DIR   (from the project root)
set -eu
ARB=$1
OUT=$2
DIR=tests/browser
chromium=${CHROMIUM:-/usr/bin/chromium}
skip() {
	if [ "${BROWSER_TEST:-}" = required ]; then
		echo "browser: FAIL: $1 (BROWSER_TEST=required)"
		exit 1
	fi
	echo "browser: skipped: $1"
	exit 0
}
if [ ! -x "$chromium" ] || ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	skip "no Chromium ($chromium) or no Node.js/npm on this machine (.ci/run installs Debian's)"
fi

# The Node.js that playwright-core needs is its "engines" field, as the lock
# file records it (">=N[.N[.N]]"): an older Node.js would fail inside it with
# errors that do not say so. Plain ES5, so that any Node.js can say it is too
# old. Prints: pinned version, its range, ok|old, installed version or -.
info=$(node -e '
var fs = require("fs"), d = process.argv[1];
var pw = JSON.parse(fs.readFileSync(d + "/package-lock.json", "utf8"))
	.packages["node_modules/playwright-core"];
if (!pw) { console.error("browser: " + d + "/package-lock.json pins no playwright-core"); process.exit(2); }
var range = (pw.engines && pw.engines.node || "").replace(/\s+/g, "");
var m = /^>=(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range);
if (!m) { console.error("browser: engines.node " + JSON.stringify(range) + " in " + d + "/package-lock.json is not >=N[.N[.N]], all this script reads"); process.exit(2); }
var need = [+m[1], +(m[2] || 0), +(m[3] || 0)];
var have = process.versions.node.split(".").map(Number), old = false;
for (var i = 0; i < 3; i++) if (have[i] !== need[i]) { old = have[i] < need[i]; break; }
var inst = "-";
try { inst = JSON.parse(fs.readFileSync(d + "/node_modules/playwright-core/package.json", "utf8")).version; } catch (e) {}
console.log(pw.version, range, old ? "old" : "ok", inst);
' "$DIR")
# shellcheck disable=SC2086
set -- $info
pinned=$1 range=$2 fit=$3 installed=$4
if [ "$fit" = old ]; then
	skip "Node.js $(node --version) is older than playwright-core $pinned needs (node $range, $DIR/package-lock.json)"
fi
echo "browser: Node.js $(node --version), playwright-core $pinned (node $range), $("$chromium" --version 2>/dev/null | head -n 1)"

# Install the pinned versions, also over others left by an older pin
# (axe-core: the accessibility checks of ref.mjs).
axe_pinned=$(node -e 'var p=JSON.parse(require("fs").readFileSync(process.argv[1]+"/package-lock.json","utf8")).packages["node_modules/axe-core"];console.log(p?p.version:"-")' "$DIR")
axe_installed=$(node -e 'try{console.log(JSON.parse(require("fs").readFileSync(process.argv[1]+"/node_modules/axe-core/package.json","utf8")).version)}catch(e){console.log("-")}' "$DIR")
if [ "$installed" != "$pinned" ] || [ "$axe_installed" != "$axe_pinned" ]; then
	if ! (cd "$DIR" && npm ci --no-audit --no-fund --loglevel=error); then
		echo "browser: FAIL: npm ci in $DIR could not install playwright-core $pinned (is the npm registry reachable?)"
		exit 1
	fi
fi
if ! node "$DIR/report.mjs" "$ARB" "$OUT"; then
	echo "browser: FAIL: $DIR/report.mjs (above: what failed)"
	exit 1
fi
# The rule reference: every page, links, accessibility, search, screenshots
# (kept under $OUT/ref-shots/ as CI artefacts).
if ! node "$DIR/ref.mjs" "$ARB" "$OUT"; then
	echo "browser: FAIL: $DIR/ref.mjs (above: what failed)"
	exit 1
fi
