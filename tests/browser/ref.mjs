// ref.mjs: writes the rule reference (`arbiter ref`) of spec/ and cases/ and
// opens every page of it in headless Chromium: every link and anchor resolves
// (HTML pages and the phase-flow SVGs), no console error, no request leaves
// the machine, axe-core finds no serious or critical violation, the search
// finds a clause, a heading holds the book's paragraphs, every case drawing
// has its size and alt and loads, no two text boxes of any drawing overlap
// (measured in the browser's own fonts), every violated clause of a drawing
// is drawn or said in its caption, and screenshots at phone, laptop and
// print widths are saved under OUT_DIR/ref-shots/.
// Usage: node tests/browser/ref.mjs ARBITER OUT_DIR
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
const drawings = files.filter((f) => f.includes('/cases/') && f.endsWith('.svg'));
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

	// the book's paragraphs: "Unit Coherency:" is two paragraphs in the book,
	// the second from SH.MOV.COH.5 (on the section page and the whole text)
	for (const file of ['scrollhammer/movement.html', 'reference.html']) {
		await page.goto(pathToFileURL(join(root, file)).href);
		const paras = await page.evaluate(() => {
			const p = document.getElementById('SH.MOV.COH.5').parentElement;
			let prev = p.previousElementSibling;
			while (prev && !(prev.tagName === 'P' && prev.classList.contains('book'))) prev = prev.previousElementSibling;
			const last = prev ? [...prev.querySelectorAll('.clause')].pop() : null;
			return { tag: p.tagName, first: p.querySelector('.clause').id, before: last ? last.id : '' };
		});
		check(`a heading holds the book's paragraphs (${file})`,
			paras.tag === 'P' && paras.first === 'SH.MOV.COH.5' && paras.before === 'SH.MOV.COH.4',
			JSON.stringify(paras));
	}
	// the four numbered sub-phases of Regiments each stand as a line of their own
	await page.goto(pathToFileURL(join(root, 'regiments/movement.html')).href);
	const items = await page.evaluate(() => ['RG.MOV.ORDER.4', 'RG.MOV.ORDER.5', 'RG.MOV.ORDER.6', 'RG.MOV.ORDER.7']
		.map((id) => document.getElementById(id).parentElement.querySelector('.clause').id === id));
	check('each numbered sub-phase opens its own paragraph', items.every((x) => x), JSON.stringify(items));

	// every case drawing in a page: its own size and an alt that names the case
	await page.goto(pathToFileURL(join(root, 'scrollhammer/charge.html')).href);
	const imgs = await page.$$eval('figure.case img', (is) => is.map((i) => ({
		w: i.getAttribute('width'), h: i.getAttribute('height'), alt: i.getAttribute('alt') || '',
		src: i.getAttribute('src') })));
	check('case drawings are in the page', imgs.length > 20, `(${imgs.length})`);
	check('every drawing has its width, height and an alt naming its case',
		imgs.every((i) => +i.w > 0 && +i.h > 0 && i.alt.includes(i.src.replace(/^.*\/|\.svg$/g, ''))),
		JSON.stringify(imgs.find((i) => !(+i.w > 0 && +i.h > 0)) || ''));

	// every drawing: no two text boxes meet, in the browser's own fonts; every
	// clause its strip says is violated is drawn as a measure or said in the caption
	const overlaps = [], silent = [];
	for (const file of drawings) {
		await page.goto(pathToFileURL(file).href);
		const r = await page.evaluate(() => {
			const boxes = [...document.querySelectorAll('text')].filter((t) => t.textContent.trim())
				.map((t) => ({ b: t.getBBox(), s: t.textContent }));
			const hits = [];
			for (let i = 0; i < boxes.length; i++)
				for (let j = i + 1; j < boxes.length; j++) {
					const a = boxes[i].b, b = boxes[j].b;
					const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
					const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
					if (dx > 0.5 && dy > 0.5) hits.push(`'${boxes[i].s}' / '${boxes[j].s}'`);
				}
			const verdict = [...document.querySelectorAll('g.strip text')].map((t) => t.textContent)
				.find((t) => t.startsWith('verdict:')) || '';
			const m = /; violates ([^;]*)/.exec(verdict);
			const said = [...document.querySelectorAll('g.measure.violated text, g.caption text')]
				.map((t) => t.textContent).join('\n');
			const absent = (m ? m[1].split(', ') : []).filter((id) => !said.includes(id));
			return { hits, absent };
		});
		const name = file.slice(root.length + 1);
		if (r.hits.length) overlaps.push(`${name}: ${r.hits.slice(0, 2).join(', ')}`);
		if (r.absent.length) silent.push(`${name}: ${r.absent.join(' ')}`);
	}
	check('drawings were measured', drawings.length > 100, `(${drawings.length})`);
	check('no two labels of any drawing overlap', overlaps.length === 0,
		`${overlaps.length}: ${overlaps.slice(0, 4).join(' | ')}`);
	check('every violated clause is drawn or in the caption', silent.length === 0,
		`${silent.length}: ${silent.slice(0, 4).join(' | ')}`);

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
	const loaded = await ann.evaluate(() => {
		const i = document.getElementById('about-SH.CHG.RANGE.1').querySelector('figure.case img');
		return !!i && i.complete && i.naturalWidth > 0;
	});
	check('an opened annotation shows its drawing, loaded', loaded === true);
	await ann.screenshot({ path: join(shots, 'laptop-annotation.png') });
	await ann.close();
	// the book's two paragraphs under "Unit Coherency:"; a dense formation's
	// drawing (24 labelled models); a drawing whose caption names the
	// clauses it has nothing to draw for
	const at = await context.newPage();
	await at.setViewportSize({ width: 1366, height: 900 });
	await at.goto(pathToFileURL(join(root, 'scrollhammer/movement.html')).href + '#h-SH.MOV.COH.1');
	await at.waitForLoadState('load');
	await at.screenshot({ path: join(shots, 'laptop-paragraphs.png') });
	for (const [name, id] of [['drawing-dense.png', 'SH-FORM-MEET-002'], ['drawing-caption.png', 'GR-MOV-DIFF-001']]) {
		await at.goto(pathToFileURL(join(root, 'cases', `${id}.svg`)).href);
		await at.waitForLoadState('load');
		// an SVG document has no page to scroll: the viewport is made its size
		const size = await at.evaluate(() => [+document.documentElement.getAttribute('width'),
			+document.documentElement.getAttribute('height')]);
		await at.setViewportSize({ width: size[0] || 900, height: size[1] || 700 });
		await at.screenshot({ path: join(shots, name) });
	}
	await at.close();
	check('screenshots written', readdirSync(shots).length === 8, readdirSync(shots).join(' '));
} finally {
	await browser.close();
}
console.log(`screenshots: ${shots}`);
console.log(`browser ref: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
