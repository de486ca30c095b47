/*
 * report.c: the static HTML report of a run. One index.html (no server, no
 * script) with totals, a table per section, every disagreement with its
 * drawing, the phase flows with the steps failing cases touched marked, and
 * the rulebook itself rendered from spec/ with cmark, each clause an anchor.
 * Everything taken from spec/ or cases/ is escaped.
 */
#include "report.h"
#include "cli.h"
#include "flow_dot.h"
#include "strbuf.h"

#include <cmark.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char kStyle[] =
    "body{font-family:sans-serif;margin:2em auto;max-width:1100px;color:#222}"
    "h1{margin-bottom:.2em}table{border-collapse:collapse;margin:1em 0}"
    "td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
    "th{background:#f0f0f0}.bad{color:#b00020;font-weight:bold}.good{color:#1b7a2b}"
    ".fail{border-left:4px solid #b00020;padding:.2em 1em;margin:1.5em 0;background:#fff7f7}"
    ".fail img{max-width:100%;border:1px solid #ddd;background:#fff}"
    ".trace{font-family:monospace;font-size:.85em;white-space:pre-wrap}"
    ".clause{margin:.6em 0;padding:.2em .6em;border-left:3px solid #9ab}"
    ".clause:target{background:#fff3c4}.kind{font-size:.8em;color:#567;margin-left:.5em}"
    ".clause p{margin:.2em 0}.id{font-family:monospace;font-weight:bold}"
    ".flow svg{max-width:100%;height:auto}blockquote{color:#444;margin:.5em 1em}";

/* Renders Markdown text with cmark (raw HTML suppressed: safe by default). */
static void put_markdown(strbuf *b, const char *md)
{
	char *html = cmark_markdown_to_html(md, strlen(md), CMARK_OPT_DEFAULT);
	if (!html) {
		b->oom = true;
		return;
	}
	strbuf_puts(b, html);
	free(html);
}

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
	int rc = cli_write_atomic(path, svg, strlen(svg));
	free(svg);
	if (rc)
		return -1;
	strbuf_puts(b, "<p><img alt=\"drawing of ");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\" src=\"");
	strbuf_put_xml(b, name);
	strbuf_puts(b, "\"></p></div>\n");
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

/* The rulebook, section by section: headings, and each clause an anchor. */
static void put_rulebook(strbuf *b, const arb_rulebook *rb)
{
	const char *sec = NULL, *heading = NULL;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (!sec || strcmp(sec, c->file) != 0) {
			sec = c->file;
			heading = NULL;
			strbuf_puts(b, "<h2 id=\"");
			strbuf_put_xml(b, c->ruleset);
			strbuf_puts(b, "/");
			strbuf_put_xml(b, c->section);
			strbuf_puts(b, "\">");
			strbuf_put_xml(b, c->ruleset);
			strbuf_puts(b, " / ");
			strbuf_put_xml(b, c->section);
			strbuf_puts(b, "</h2>\n");
		}
		if (c->heading[0] && (!heading || strcmp(heading, c->heading) != 0)) {
			heading = c->heading;
			strbuf_puts(b, "<h4>");
			strbuf_put_xml(b, c->heading);
			strbuf_puts(b, "</h4>\n");
		}
		strbuf_puts(b, "<div class=\"clause\" id=\"");
		strbuf_put_xml(b, c->id);
		strbuf_puts(b, "\"><span class=\"id\">");
		strbuf_put_xml(b, c->id);
		strbuf_puts(b, "</span><span class=\"kind\">");
		strbuf_puts(b, arb_clause_kind_name(c->kind));
		strbuf_puts(b, "</span>");
		put_markdown(b, c->text);
		strbuf_puts(b, "</div>\n");
	}
}

int report_write(const char *dir, const arb_rulebook *rb, const arb_caseset *cs,
                 const report_result *res, arb_gv *gv)
{
	cli_outdir out;
	if (cli_dir_begin(&out, dir))
		return -1;
	const char *tmp = out.tmp;
	strbuf b = {0};
	size_t n = arb_caseset_count(cs), failed = 0;
	for (size_t i = 0; i < n; i++)
		failed += !res[i].agrees;
	strbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	                "<title>arbiter report</title><style>");
	strbuf_puts(&b, kStyle);
	strbuf_puts(&b, "</style></head><body>\n<h1>arbiter report</h1>\n");
	strbuf_putf(&b,
	            "<p id=\"totals\">%zu cases: <span class=\"good\">%zu agreed</span>, "
	            "<span class=\"%s\">%zu disagreed</span>.</p>\n",
	            n, n - failed, failed ? "bad" : "good", failed);
	strbuf_puts(&b, "<h2>Sections</h2>\n");
	int rc = put_sections(&b, rb, cs, res);
	if (rc)
		fprintf(stderr, "arbiter: out of memory\n");
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
		put_rulebook(&b, rb);
		strbuf_puts(&b, "</body></html>\n");
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
