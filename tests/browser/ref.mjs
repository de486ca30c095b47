// ref.mjs: writes the rule reference (`arbiter ref`) of spec/ and cases/ and
// opens every page of it in headless Chromium: every link and anchor resolves
// (HTML pages and the phase-flow SVGs), no console error, no request leaves
// the machine, axe-core finds no serious or critical violation, the search
// finds a clause, and screenshots at phone, laptop and print widths are saved
// under OUT_DIR/ref-shots/. Usage: node tests/browser/ref.mjs ARBITER OUT_DIR
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const [arbiter, outDir] = process.argv.slice(2);
const site = resolve(outDir, 'ref');
const shots = resolve(outDir, 'ref-shots');
mkdirSync(outDir, { recursive: true });
rmSync(site, { recursive: true, force: true });
rmSync(shots, { recursive: true, force: true });
mkdirSync(shots, { recursive: true });
execFileSync(arbiter, ['ref', '-o', site], { stdio: 'ignore' });

let pass = 0, fail = 0;
const check = (name, ok, detail = '') => {
	if (ok) pass++;
	else { fail++; console.log(`not ok: ${name} ${detail}`); }
};

const edition = readdirSync(site).find((n) => n.startsWith('spec-'));
check('the site has an edition directory', !!edition, readdirSync(site).join(' '));
const root = join(site, edition);
const walk = (dir) => readdirSync(dir).flatMap((n) => {
	const p = join(dir, n);
	return statSync(p).isDirectory() ? walk(p) : [p];
});
const files = walk(site);
const pages = files.filter((f) => f.endsWith('.html'));
const graphs = files.filter((f) => f.includes('/graphs/') && f.endsWith('.svg'));
check('a page per section, the contents, glossaries, search, whole text', pages.length >= 12,
	`(${pages.length} pages)`);

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
		'--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const ids = new Map();   // file -> Set of element ids
const links = [];        // [from file, href]
const outside = [];      // requests that would have left the machine
const errors = [];       // console errors and page errors
try {
	const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
	await context.route('**/*', (route) => {
		const url = route.request().url();
		if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
		outside.push(url);
		return route.abort();
	});
	const page = await context.newPage();
	page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`); });
	page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
	page.on('requestfailed', (r) => errors.push(`${page.url()}: failed ${r.url()}`));

	for (const file of [...pages, ...graphs]) {
		await page.goto(pathToFileURL(file).href);
		await page.waitForLoadState('load');
		const found = await page.evaluate(() => {
			const hrefs = [];
			for (const a of document.querySelectorAll('a, link[rel=stylesheet], img')) {
				const h = a.getAttribute('href') || a.getAttribute('src') || a.getAttribute('xlink:href') ||
					a.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
				if (h) hrefs.push(h);
			}
			return { ids: [...document.querySelectorAll('[id]')].map((e) => e.id), hrefs };
		});
		ids.set(file, new Set(found.ids));
		for (const h of found.hrefs) links.push([file, h]);
		if (!file.endsWith('.html')) continue;
		await page.addScriptTag({ content: axeSource });
		const bad = await page.evaluate(async () => {
			const r = await window.axe.run(document, { resultTypes: ['violations'] });
			return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
				.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0].target}`);
		});
		check(`axe: no serious violation on ${file.slice(site.length + 1)}`, bad.length === 0,
			bad.slice(0, 3).join('; '));
	}

	// every link lands: the file exists and, with a fragment, so does the element
	let resolved = 0;
	const broken = [];
	for (const [from, href] of links) {
		if (/^[a-z]+:/i.test(href) && !href.startsWith('file:')) {
			broken.push(`${from}: ${href} (not a file of the site)`);
			continue;
		}
		const url = new URL(href, pathToFileURL(from));
		const target = fileURLToPath(url);
		const frag = decodeURIComponent(url.hash.slice(1));
		if (!existsSync(target)) broken.push(`${from}: ${href} (no such file)`);
		else if (frag && !(ids.get(target) || new Set()).has(frag)) broken.push(`${from}: ${href} (no #${frag})`);
		else resolved++;
	}
	check('links were found', resolved > 1000, `(${resolved})`);
	check('every link and anchor resolves', broken.length === 0,
		`${broken.length}: ${broken.slice(0, 5).join(' | ')}`);
	check('the flow graphs link into the site', links.some(([f, h]) => f.includes('/graphs/') &&
		h.startsWith('../reference.html#')));
	check('no request left the machine', outside.length === 0, outside.slice(0, 3).join(' '));
	check('no console errors', errors.length === 0, errors.slice(0, 3).join(' | '));

	// the search finds a clause by ID and by words, from the header's form
	await page.goto(pathToFileURL(join(root, 'scrollhammer/movement.html')).href);
	await page.fill('header.site input[name=q]', 'within 1" of an enemy');
	await Promise.all([page.waitForURL(/search\.html/), page.press('header.site input[name=q]', 'Enter')]);
	const hits = await page.$$eval('#results a', (as) => as.map((a) => a.textContent));
	check('the search finds a clause by its words', hits.includes('SH.MOV.WAY.1'), hits.join(' '));
	await page.fill('#q-page', 'SH.CHG.RANGE');
	await page.press('#q-page', 'Enter');
	const byId = await page.$$eval('#results a', (as) => as.map((a) => a.textContent));
	check('the search finds clauses by ID', byId.length >= 1 && byId.every((t) => t.startsWith('SH.CHG.RANGE')),
		byId.join(' '));
	await Promise.all([page.waitForURL(/#SH\.CHG\.RANGE/), page.click('#results a >> nth=0')]);
	check('a result leads to its clause', /#SH\.CHG\.RANGE/.test(page.url()), page.url());
	// the page it leads to may still be loading on a busy machine
	await page.waitForLoadState('load');
	await page.waitForFunction(() => document.querySelector(':target'), null, { timeout: 5000 })
		.catch(() => {});
	const marked = await page.evaluate(() => {
		const t = document.querySelector(':target');
		return t ? t.id : '';
	});
	check('the clause is the page\'s target', marked.startsWith('SH.CHG.RANGE'), marked);

	// a clause's mark opens its notes
	await page.goto(pathToFileURL(join(root, 'scrollhammer/movement.html')).href);
	await page.click('#SH\\.MOV\\.WAY\\.1 a.cm');
	const open = await page.waitForFunction(() => document.getElementById('about-SH.MOV.WAY.1').closest('details').open,
		null, { timeout: 3000 }).then(() => true, () => false);
	check('a clause mark opens its annotation', open === true, page.url());

	// screenshots: phone, laptop, print
	const shoot = async (name, file, viewport, media, full) => {
		const p = await context.newPage();
		await p.setViewportSize(viewport);
		if (media) await p.emulateMedia({ media });
		await p.goto(pathToFileURL(join(root, file)).href);
		await p.waitForLoadState('load');
		await p.screenshot({ path: join(shots, name), fullPage: full });
		await p.close();
	};
	await shoot('phone-section.png', 'scrollhammer/movement.html', { width: 390, height: 844 }, null, false);
	await shoot('phone-contents.png', 'index.html', { width: 390, height: 844 }, null, false);
	await shoot('laptop-section.png', 'scrollhammer/movement.html', { width: 1366, height: 900 }, null, false);
	await shoot('print-section.png', 'scrollhammer/movement.html', { width: 794, height: 1123 }, 'print', false);
	const ann = await context.newPage();
	await ann.setViewportSize({ width: 1366, height: 900 });
	await ann.goto(pathToFileURL(join(root, 'scrollhammer/charge.html')).href + '#about-SH.CHG.RANGE.1');
	await ann.waitForLoadState('load');
	await ann.evaluate(() => document.querySelectorAll('img').forEach((i) => { i.loading = 'eager'; }));
	await ann.waitForTimeout(300);
	await ann.screenshot({ path: join(shots, 'laptop-annotation.png') });
	await ann.close();
	check('screenshots written', readdirSync(shots).length === 5, readdirSync(shots).join(' '));
} finally {
	await browser.close();
}
console.log(`screenshots: ${shots}`);
console.log(`browser ref: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
