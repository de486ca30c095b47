// report.mjs: opens the HTML report of a run with a deliberately failing
// case table (tests/fixtures/report) in headless Chromium and checks that
// every link to a clause resolves to an anchor on the page, that the SVG
// graphs and drawings render, and that text from cases stays text; saves a
// screenshot. Usage: node tests/browser/report.mjs ARBITER OUT_DIR
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const [arbiter, outDir] = process.argv.slice(2);
const report = resolve(outDir, 'report');
mkdirSync(outDir, { recursive: true });
rmSync(report, { recursive: true, force: true });
try {
	execFileSync(arbiter, ['run', '-q', '--report', report, 'tests/fixtures/report'], { stdio: 'ignore' });
} catch (e) {
	if (e.status !== 1) throw e; // 1: the fixture disagrees on purpose
}

let pass = 0, fail = 0;
const check = (name, ok, detail = '') => {
	if (ok) pass++;
	else { fail++; console.log(`not ok: ${name} ${detail}`); }
};

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
		'--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
	const page = await browser.newPage({ viewport: { width: 1200, height: 1600 } });
	await page.goto('file://' + report + '/index.html');
	await page.waitForLoadState('load');

	// every in-page link (HTML and SVG) names an element of the page
	const links = await page.evaluate(() => {
		const hrefs = [];
		for (const a of document.querySelectorAll('a')) {
			const h = a.getAttribute('href') || a.getAttribute('xlink:href') ||
				a.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
			if (h && h.startsWith('#')) hrefs.push(h.slice(1));
		}
		return hrefs.map((id) => [id, document.getElementById(decodeURIComponent(id)) !== null]);
	});
	check('the report links to clauses', links.length > 20, `(${links.length} links)`);
	const broken = links.filter(([, ok]) => !ok).map(([id]) => id);
	check('every clause link resolves', broken.length === 0, broken.slice(0, 5).join(' '));
	check('flow links resolve too', links.some(([id]) => id === 'SH.MOV.6'));

	// the graphs render (inline SVG with a size) and the drawings load
	const graphs = await page.$$eval('.flow svg', (s) => s.map((e) => e.getBBox().width));
	check('a phase-flow graph is drawn', graphs.length >= 1 && graphs.every((w) => w > 100),
		JSON.stringify(graphs));
	const marked = await page.$$eval('.flow svg polygon, .flow svg path',
		(s) => s.filter((e) => (e.getAttribute('fill') || '').toLowerCase() === '#f8d0d0').length);
	check('steps touched by failures are marked', marked >= 1, `(${marked})`);
	const images = await page.$$eval('.fail img', (s) => s.map((i) => i.naturalWidth));
	check('each disagreement has its drawing', images.length === 2 && images.every((w) => w > 0),
		JSON.stringify(images));

	// text from cases is text: no script ran, no markup took effect
	check('a note cannot run script', (await page.evaluate(() => window.__pwned)) === undefined);
	const note = await page.textContent('#case-REP-FAIL-1');
	check('the note shows as text', note.includes('<script>window.__pwned = 1</script>'));
	check('no <b> from a note', (await page.$$('#case-REP-FAIL-1 b')).length === 0);

	// a clause link lands on its clause
	await page.click('#case-REP-FAIL-2 a[href="#SH.MOV.WAY.1"] >> nth=0');
	const hash = await page.evaluate(() => location.hash);
	check('following a clause link', hash === '#SH.MOV.WAY.1', hash);

	// the parts an editor reads first, reached from the navigation
	for (const part of ['disputes', 'lint', 'words', 'disagreements', 'flows', 'rulebook']) {
		const there = await page.evaluate((p) => !!document.querySelector(`header.site a[href="#${p}"]`) &&
			!!document.getElementById(p), part);
		check(`the navigation reaches ${part}`, there);
	}
	const findings = await page.$$eval('#lint ~ .scroll tr', (r) => r.length);
	check('lint findings are listed', findings > 10, `(${findings})`);
	// the words' findings, apart: each at its line and column, its clause a
	// link that resolves (Grit's two mistakes: docs/lint.md)
	const words = await page.$$eval('#words + p + .scroll tr', (r) => r.slice(1).map((t) =>
		[...t.querySelectorAll('td')].map((d) => d.textContent)));
	check('the words findings are listed', words.length >= 2, `(${words.length})`);
	check('each words finding has its line and column',
		words.every((w) => /^spec\/.*:\d+:\d+$/.test(w[4] || '')), JSON.stringify(words.slice(0, 2)));
	check("'a Initiative' is among them", words.some((w) => w[1] === 'article' &&
		w[2] === 'GR.MOV.STOMP.2' && w[4] === 'spec/grit/movement.md:92:38'));
	const wordsInLint = await page.$$eval('#lint ~ .scroll',
		(d) => d.length > 0 && d[0].textContent.includes('begins with a vowel sound'));
	check('the words findings are not in the lint table', !wordsInLint);

	await page.goto('file://' + report + '/index.html');
	await page.screenshot({ path: resolve(outDir, 'report.png'), fullPage: false });
	await page.goto('file://' + report + '/index.html#disagreements');
	await page.screenshot({ path: resolve(outDir, 'report-disagreements.png'), fullPage: false });
} finally {
	await browser.close();
}
console.log(`screenshot: ${resolve(outDir, 'report.png')}`);
console.log(`browser: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
