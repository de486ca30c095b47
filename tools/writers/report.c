/*
 * report.c: the static HTML report of a run, what an editor reads first.
 * One index.html (no server, no script) with navigation between its parts:
 * totals, a table per section, the disputed verdicts by kind and clause,
 * lint's findings, every disagreement with its drawing, the phase flows with
 * the steps failing cases touched marked, and the rulebook itself as the
 * reference renders it (ref_put_text: the book's paragraphs, each clause an
 * anchor), in the reference's visual language (ref_style_css).
 * Everything taken from spec/ or cases/ is escaped.
 */
#include "report.h"
#include "cli.h"
#include "flow_dot.h"
#include "ref_internal.h"
#include "strbuf.h"
#include "svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What the report adds to the reference's stylesheet: a wider column for
 * its tables, the disagreement boxes and the traces. */
static const char kStyle[] =
    "main{max-width:72em}.bad{color:#a4001d;font-weight:bold}.good{color:#1b6b2e}"
    ".fail{border-left:4px solid #a4001d;padding:.2em 1em;margin:1.5em 0;background:#fff7f7;"
    "font:15px/1.5 sans-serif}"
    ".fail img{max-width:100%;height:auto;border:1px solid #ddd;background:#fff}"
    ".trace{font-family:monospace;font-size:.85em;white-space:pre-wrap}"
    "header.site nav a{margin-right:.8em}"
    "blockquote{color:#444;margin:.5em 1em}";

static void section_key(const arb_case *c, char *buf, size_t n)
{
	cli_case_section(c, buf, n);
}

static size_t clauses_in(const arb_rulebook *rb, const char *key)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		char k[128];
		snprintf(k, sizeof k, "%s/%s", c->ruleset, c->section);
		n += strcmp(k, key) == 0;
	}
	return n;
}

static int put_sections(strbuf *b, const arb_rulebook *rb, const arb_caseset *cs,
                        const report_result *res)
{
	/* never more sections than cases */
	size_t n = arb_caseset_count(cs), nk = 0;
	char(*keys)[96] = calloc(n + 1, sizeof *keys);
	size_t *cases = calloc(n + 1, sizeof *cases), *agreed = calloc(n + 1, sizeof *agreed);
	if (!keys || !cases || !agreed) {
		free(keys);
		free(cases);
		free(agreed);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		char k[96];
		section_key(arb_caseset_at(cs, i), k, sizeof k);
		size_t j = 0;
		while (j < nk && strcmp(keys[j], k) != 0)
			j++;
		if (j == nk)
			snprintf(keys[nk++], sizeof keys[0], "%s", k);
		cases[j]++;
		agreed[j] += res[i].agrees;
	}
	strbuf_puts(b, "<table><tr><th>ruleset / section</th><th>clauses</th><th>cases</th>"
	               "<th>agreed</th><th>disagreed</th></tr>\n");
	for (size_t j = 0; j < nk; j++) {
		strbuf_puts(b, "<tr><td>");
		strbuf_put_xml(b, keys[j]);
		strbuf_putf(
		    b,
		    "</td><td>%zu</td><td>%zu</td><td class=\"good\">%zu</td><td%s>%zu</td></tr>\n",
		    clauses_in(rb, keys[j]), cases[j], agreed[j],
		    cases[j] > agreed[j] ? " class=\"bad\"" : "", cases[j] - agreed[j]);
	}
	strbuf_puts(b, "</table>\n");
	free(keys);
	free(cases);
	free(agreed);
	return 0;
}

static void put_clause_link(strbuf *b, const char *id)
{
	strbuf_puts(b, "<a href=\"#");
	strbuf_put_xml(b, id);
	strbuf_puts(b, "\">");
	strbuf_put_xml(b, id);
	strbuf_puts(b, "</a>");
}

/* One disagreement: what was expected and judged, why, the drawing, the text. */
static int put_failure(strbuf *b, const char *dir, const arb_rulebook *rb, const arb_case *c,
                       const report_result *r)
{
	const arb_verdict *v = r->verdict;
	const arb_clause *target = arb_rulebook_clause(rb, c->target);
	strbuf_puts(b, "<div class=\"fail\" id=\"case-");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\"><h3>");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "</h3><p>");
	strbuf_put_xml(b, c->file);
	strbuf_putf(b, ":%ld &middot; target ", c->line);
	put_clause_link(b, c->target);
	strbuf_puts(b, "</p><p class=\"bad\">");
	strbuf_put_xml(b, r->why);
	strbuf_puts(b, "</p>");
	if (c->note && c->note[0]) {
		strbuf_puts(b, "<p>Note: ");
		strbuf_put_xml(b, c->note);
		strbuf_puts(b, "</p>");
	}
	if (target) {
		strbuf_puts(b, "<blockquote>");
		strbuf_put_xml(b, target->text);
		strbuf_puts(b, "</blockquote>");
	}
	strbuf_puts(b, "<div class=\"trace\">");
	for (size_t i = 0; v && i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (t->result.outcome == ARB_NA)
			continue;
		put_clause_link(b, t->pred->clause);
		if (t->reading) {
			strbuf_puts(b, "/");
			strbuf_put_xml(b, t->reading);
		}
		strbuf_putf(b, " %s: ", arb_outcome_name(t->result.outcome));
		strbuf_put_xml(b, t->result.explanation);
		strbuf_puts(b, "\n");
	}
	strbuf_puts(b, "</div>");
	/* the drawing, as explain makes it */
	char *svg = cli_case_drawing(c->scenario, v);
	if (!svg)
		return -1;
	char name[256], path[4608];
	snprintf(name, sizeof name, "case-%s.svg", c->id);
	snprintf(path, sizeof path, "%s/%s", dir, name);
	unsigned w, h;
	bool sized = arbsvg_size(svg, &w, &h);
	int rc = cli_write_atomic(path, svg, strlen(svg));
	free(svg);
	if (rc)
		return -1;
	strbuf_puts(b, "<p><img alt=\"drawing of case ");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, ": the bases and paths, and the measurements that decided\" src=\"");
	strbuf_put_xml(b, name);
	strbuf_puts(b, "\"");
	if (sized)
		strbuf_putf(b, " width=\"%u\" height=\"%u\"", w, h);
	strbuf_puts(b, "></p></div>\n");
	return 0;
}

/* The flows, with the steps whose clause a failing case targets or violates marked. */
static int put_flows(strbuf *b, const arb_rulebook *rb, const arb_caseset *cs,
                     const report_result *res, arb_gv *gv)
{
	for (size_t i = 0; i < arb_rulebook_flow_count(rb); i++) {
		const arb_flow *f = arb_rulebook_flow_at(rb, i);
		const char **marked = calloc(f->n_steps + 1, sizeof *marked);
		size_t nm = 0;
		if (!marked) {
			fprintf(stderr, "arbiter: out of memory\n");
			return -1;
		}
		for (size_t s = 0; s < f->n_steps; s++) {
			const char *cl = f->steps[s].clause;
			bool hit = false;
			for (size_t k = 0; cl && k < arb_caseset_count(cs) && !hit; k++) {
				if (res[k].agrees)
					continue;
				const arb_case *c = arb_caseset_at(cs, k);
				hit = strcmp(c->target, cl) == 0;
				for (size_t j = 0;
				     res[k].verdict && j < res[k].verdict->n_violates && !hit; j++)
					hit = strcmp(res[k].verdict->violates[j], cl) == 0;
			}
			if (hit)
				marked[nm++] = f->steps[s].id;
		}
		char *dot = arb_flow_dot(f, rb, "", marked, nm);
		free(marked);
		char msg[256];
		char *svg = dot ? arb_dot_to_svg(gv, dot, msg, sizeof msg) : NULL;
		if (!svg) {
			fprintf(stderr, "arbiter: flow %s: %s\n", f->name,
			        dot ? msg : "out of memory");
			free(dot);
			return -1;
		}
		free(dot);
		strbuf_puts(b, "<div class=\"flow\" id=\"flow-");
		strbuf_put_xml(b, f->name);
		strbuf_puts(b, "\"><h3>");
		strbuf_put_xml(b, f->title);
		strbuf_putf(b, "</h3><p>%zu step(s) touched by disagreeing cases are red.</p>", nm);
		/* inline, so that its links reach the clauses on this page */
		const char *start = strstr(svg, "<svg");
		strbuf_puts(b, start ? start : "");
		strbuf_puts(b, "</div>\n");
		free(svg);
	}
	return 0;
}

/* The rulebook, section by section, as the reference renders it: the
 * book's paragraphs, each clause an anchor #ID. */
static int put_rulebook(strbuf *b, const arb_rulebook *rb)
{
	bool *para = NULL;
	if (ref_paragraphs(rb, &para))
		return -1;
	ref_input in = {.rb = rb, .para = para, .version = ""};
	ref_ctx x = {.in = &in, .edition = "", .one_page = true};
	const char *last = NULL;
	int rc = 0;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb) && !rc; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (last && strcmp(last, c->file) == 0)
			continue;
		last = c->file;
		strbuf_puts(b, "<h2 id=\"");
		strbuf_put_xml(b, c->ruleset);
		strbuf_puts(b, "/");
		strbuf_put_xml(b, c->section);
		strbuf_puts(b, "\">");
		strbuf_put_xml(b, c->ruleset);
		strbuf_puts(b, " / ");
		strbuf_put_xml(b, c->section);
		strbuf_puts(b, "</h2>\n");
		rc = ref_put_text(b, &x, c->ruleset, c->section, "", false, 3);
	}
	free(para);
	return rc;
}

/* The disputed verdicts: how many of each kind, and per clause. */
static void put_disputes(strbuf *b, const arb_rulebook *rb, const arb_caseset *cs,
                         const report_result *res)
{
	size_t n = arb_caseset_count(cs), total = 0, by[3] = {0};
	for (size_t i = 0; i < n; i++) {
		if (res[i].kind != ARB_V_DISPUTED)
			continue;
		total++;
		for (int k = 0; k < 3; k++)
			by[k] += (res[i].dispute >> k) & 1;
	}
	strbuf_putf(b,
	            "<h2 id=\"disputes\">Disputed verdicts (%zu)</h2>\n<p>Where the text does "
	            "not decide, as the engine reports it: <span class=\"tag conflict\">conflict "
	            "%zu</span> (clauses disagree and nothing ranks them), <span class=\"tag "
	            "gap\">gap %zu</span> (a question no clause decides), <span class=\"tag "
	            "readings\">readings %zu</span> (a clause's readings disagree).</p>\n",
	            total, by[0], by[1], by[2]);
	if (!total)
		return;
	strbuf_puts(b, "<div class=\"scroll\"><table><tr><th>clause</th><th>conflict</th><th>gap"
	               "</th><th>readings</th><th>disputed cases</th></tr>\n");
	for (size_t c = 0; c < arb_rulebook_clause_count(rb); c++) {
		const char *id = arb_rulebook_clause_at(rb, c)->id;
		size_t idn = strlen(id), cnt[3] = {0}, all = 0;
		for (size_t i = 0; i < n; i++) {
			if (res[i].kind != ARB_V_DISPUTED ||
			    !str_list_has(res[i].disputed, id, idn))
				continue;
			all++;
			for (int k = 0; k < 3; k++)
				cnt[k] += (res[i].dispute >> k) & 1;
		}
		if (!all)
			continue;
		strbuf_puts(b, "<tr><td>");
		put_clause_link(b, id);
		strbuf_putf(b,
		            "</td><td class=\"num\">%zu</td><td class=\"num\">%zu</td><td "
		            "class=\"num\">%zu</td><td class=\"num\">%zu</td></tr>\n",
		            cnt[0], cnt[1], cnt[2], all);
	}
	strbuf_puts(b, "</table></div>\n");
}

/* lint's findings, by severity: what the text gets wrong or leaves out.
 * The words' findings have a part of their own (put_words). */
static void put_lint(strbuf *b, const arb_lint *lint)
{
	if (!lint)
		return;
	size_t n = arb_lint_count(lint), by[3] = {0}, shown = 0;
	for (size_t i = 0; i < n; i++)
		if (arb_lint_at(lint, i)->kind != ARB_LINT_WORDS) {
			by[arb_lint_at(lint, i)->severity]++;
			shown++;
		}
	strbuf_putf(b,
	            "<h2 id=\"lint\">Lint findings (%zu)</h2>\n<p>%zu errors, %zu warnings, %zu "
	            "notes (<code>arbiter lint</code>; its spelling and grammar are under "
	            "<a href=\"#words\">Words</a>).</p>\n",
	            shown, by[ARB_SEV_ERROR], by[ARB_SEV_WARNING], by[ARB_SEV_INFO]);
	if (!shown)
		return;
	strbuf_puts(b, "<div class=\"scroll\"><table><tr><th>severity</th><th>kind</th><th>code"
	               "</th><th>clause</th><th>finding</th><th>where</th></tr>\n");
	for (int sev = ARB_SEV_ERROR; sev >= ARB_SEV_INFO; sev--)
		for (size_t i = 0; i < n; i++) {
			const arb_finding *f = arb_lint_at(lint, i);
			if ((int)f->severity != sev || f->kind == ARB_LINT_WORDS)
				continue;
			strbuf_putf(b, "<tr class=\"sev-%s\"><td>%s</td><td>%s</td><td><code>",
			            arb_severity_name(f->severity), arb_severity_name(f->severity),
			            arb_lint_kind_name(f->kind));
			strbuf_put_xml(b, f->code);
			strbuf_puts(b, "</code></td><td>");
			if (f->clause)
				put_clause_link(b, f->clause);
			strbuf_puts(b, "</td><td>");
			strbuf_put_xml(b, f->message);
			strbuf_puts(b, "</td><td>");
			if (f->file) {
				strbuf_put_xml(b, f->file);
				if (f->line)
					strbuf_putf(b, ":%ld", f->line);
			}
			strbuf_puts(b, "</td></tr>\n");
		}
	strbuf_puts(b, "</table></div>\n");
}

/* The words checks of `arbiter lint` (spelling through hunspell and the
 * word lists of spec/, the article and homophone pairs, list entries no
 * word needs), each at the line and column an editor opens; or why they
 * were not run: a report never passes over them in silence. */
static void put_words(strbuf *b, const arb_lint *lint, const char *unchecked)
{
	if (!lint)
		return;
	size_t n = arb_lint_count(lint), shown = 0;
	for (size_t i = 0; i < n; i++)
		shown += arb_lint_at(lint, i)->kind == ARB_LINT_WORDS;
	strbuf_putf(b, "<h2 id=\"words\">Words (%zu)</h2>\n", shown);
	if (unchecked && unchecked[0]) {
		strbuf_puts(b, "<p class=\"bad\">Spelling and grammar were not checked: ");
		strbuf_put_xml(b, unchecked);
		strbuf_puts(b, "</p>\n");
		return;
	}
	strbuf_putf(b,
	            "<p>%zu findings of the words of the text (<code>arbiter lint</code>: hunspell "
	            "with the word lists of spec/, and the article and homophone pairs). A word of "
	            "the game goes in <code>spec/words.txt</code> or "
	            "<code>spec/RULESET/words.txt</code> with its reason.</p>\n",
	            shown);
	if (!shown)
		return;
	strbuf_puts(b, "<div class=\"scroll\"><table><tr><th>severity</th><th>code</th>"
	               "<th>clause</th><th>finding</th><th>where</th></tr>\n");
	for (size_t i = 0; i < n; i++) {
		const arb_finding *f = arb_lint_at(lint, i);
		if (f->kind != ARB_LINT_WORDS)
			continue;
		strbuf_putf(b, "<tr class=\"sev-%s\"><td>%s</td><td><code>",
		            arb_severity_name(f->severity), arb_severity_name(f->severity));
		strbuf_put_xml(b, f->code);
		strbuf_puts(b, "</code></td><td>");
		if (f->clause)
			put_clause_link(b, f->clause);
		strbuf_puts(b, "</td><td>");
		strbuf_put_xml(b, f->message);
		strbuf_puts(b, "</td><td>");
		if (f->file) {
			strbuf_put_xml(b, f->file);
			if (f->line)
				strbuf_putf(b, ":%ld", f->line);
			if (f->line && f->column)
				strbuf_putf(b, ":%ld", f->column);
		}
		strbuf_puts(b, "</td></tr>\n");
	}
	strbuf_puts(b, "</table></div>\n");
}

int report_write(const char *dir, const arb_rulebook *rb, const arb_caseset *cs,
                 const report_result *res, const arb_lint *lint, const char *words_unchecked,
                 arb_gv *gv)
{
	cli_outdir out;
	if (cli_dir_begin(&out, dir))
		return -1;
	const char *tmp = out.tmp;
	strbuf b = {0};
	size_t n = arb_caseset_count(cs), failed = 0;
	for (size_t i = 0; i < n; i++)
		failed += !res[i].agrees;
	strbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
	                "<title>arbiter report</title><style>");
	strbuf_puts(&b, ref_style_css);
	strbuf_puts(&b, kStyle);
	strbuf_puts(&b,
	            "</style></head><body>\n<header class=\"site\"><strong>arbiter report</strong>"
	            "<nav aria-label=\"parts of the report\"><a href=\"#totals\">totals</a>"
	            "<a href=\"#disputes\">disputes</a>");
	if (lint)
		strbuf_puts(&b, "<a href=\"#lint\">lint</a><a href=\"#words\">words</a>");
	strbuf_puts(&b, "<a href=\"#disagreements\">disagreements</a><a href=\"#flows\">flows</a>"
	                "<a href=\"#rulebook\">rulebook</a></nav></header>\n<main>\n"
	                "<h1>arbiter report</h1>\n");
	strbuf_putf(&b,
	            "<p id=\"totals\">%zu cases: <span class=\"good\">%zu agreed</span>, "
	            "<span class=\"%s\">%zu disagreed</span>.</p>\n",
	            n, n - failed, failed ? "bad" : "good", failed);
	strbuf_puts(&b, "<h2>Sections</h2>\n");
	int rc = put_sections(&b, rb, cs, res);
	if (rc)
		fprintf(stderr, "arbiter: out of memory\n");
	if (!rc) {
		put_disputes(&b, rb, cs, res);
		put_lint(&b, lint);
		put_words(&b, lint, words_unchecked);
	}
	strbuf_putf(&b, "<h2 id=\"disagreements\">Disagreements (%zu)</h2>\n", failed);
	for (size_t i = 0; i < n && !rc; i++)
		if (!res[i].agrees)
			rc = put_failure(&b, tmp, rb, arb_caseset_at(cs, i), &res[i]);
	if (!rc) {
		strbuf_puts(&b, "<h2 id=\"flows\">Phase flows</h2>\n");
		rc = put_flows(&b, rb, cs, res, gv);
	}
	if (!rc) {
		strbuf_puts(&b, "<h1 id=\"rulebook\">The rulebook</h1>\n");
		rc = put_rulebook(&b, rb);
		strbuf_puts(&b, "</main>\n</body></html>\n");
	}
	size_t len = b.n;
	char *html = strbuf_take(&b);
	char path[4200];
	snprintf(path, sizeof path, "%s/index.html", tmp);
	if (rc || !html || cli_write_atomic(path, html, len)) {
		if (!html)
			fprintf(stderr, "arbiter: out of memory\n");
		free(html);
		cli_dir_abort(&out);
		return -1;
	}
	free(html);
	/* The old report stays whole until the new one is. */
	if (cli_dir_commit(&out))
		return -1;
	return 0;
}
