/*
 * ref.c: the annotated rule reference as a static site (`arbiter ref`):
 *
 *   DIR/index.html                  names the edition and leads to it
 *   DIR/EDITION/index.html          contents, disputes by ruleset
 *   DIR/EDITION/RULESET/SECTION.html  the text and its annotations
 *   DIR/EDITION/glossary-RULESET.html the terms, undefined ones marked
 *   DIR/EDITION/reference.html      the whole text on one page
 *   DIR/EDITION/search.html         search over clause text and IDs
 *   DIR/EDITION/graphs/FLOW.svg|dot the phase flows, as `arbiter graph`
 *                                   writes them (links to ../reference.html)
 *   DIR/EDITION/cases/ID.svg        the drawings of the cases shown
 *
 * No server, no network, no framework: one stylesheet and one small script
 * on the search page. Written whole or not at all (cli_dir_begin/commit).
 */
#include "cli.h"
#include "ref_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

void ref_results_free(ref_result *res, size_t n)
{
	for (size_t i = 0; res && i < n; i++) {
		free(res[i].disputed);
		free(res[i].violates);
	}
	free(res);
}

/* "spec-" and the fingerprint of every clause's ID, kind and text. */
static void edition_name(const arb_rulebook *rb, char *buf, size_t n)
{
	strbuf b = {0};
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		strbuf_putf(&b, "%s %s %s\n", c->id, arb_clause_kind_name(c->kind), c->text);
	}
	char *all = strbuf_take(&b);
	char fp[17];
	arb_fingerprint(all ? all : "", fp);
	free(all);
	snprintf(buf, n, "spec-%s", fp);
}

/* The sections of the site, in the order of the text: "ruleset/section". */
static size_t sections(const ref_ctx *x, char (*out)[192], size_t cap)
{
	size_t n = 0;
	const char *last = NULL;
	for (size_t i = 0; i < arb_rulebook_clause_count(x->in->rb) && n < cap; i++) {
		const arb_clause *c = arb_rulebook_clause_at(x->in->rb, i);
		if (!ref_selected(x, c->ruleset) || (last && strcmp(last, c->file) == 0))
			continue;
		last = c->file;
		snprintf(out[n++], sizeof out[0], "%s/%s", c->ruleset, c->section);
	}
	return n;
}

static int cmp_term(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;
	int d = strcasecmp(*x, *y);
	return d ? d : strcmp(*x, *y);
}

/* One glossary per ruleset: each term the text defines or uses, where it is
 * defined (or that it is defined nowhere in the text), and where it is used. */
static int write_glossary(ref_ctx *x, const char *ruleset)
{
	const arb_rulebook *rb = x->in->rb;
	size_t cap = 0, n = 0;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (strcmp(c->ruleset, ruleset) == 0)
			cap += c->n_terms + c->n_defines;
	}
	const char **terms = calloc(cap + 1, sizeof *terms);
	if (!terms)
		return -1;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (strcmp(c->ruleset, ruleset) != 0)
			continue;
		for (size_t k = 0; k < c->n_terms + c->n_defines; k++)
			terms[n++] = k < c->n_terms ? c->terms[k] : c->defines[k - c->n_terms];
	}
	qsort(terms, n, sizeof *terms, cmp_term);
	strbuf b = {0};
	char title[160];
	snprintf(title, sizeof title, "Glossary of %s", ruleset);
	ref_page_open(&b, x, title, "");
	strbuf_puts(&b, "<nav class=\"crumbs\" aria-label=\"breadcrumbs\"><a href=\"index.html\">"
	                "Contents</a> &rsaquo; glossary</nav>\n<h1>");
	strbuf_put_xml(&b, title);
	strbuf_puts(&b, "</h1>\n<p>The terms the text defines or uses. A term it uses and never "
	                "defines is marked <span class=\"undefined\">not defined in this "
	                "text</span>: the book leaves it to another part, or nowhere.</p>\n"
	                "<dl class=\"glossary\">\n");
	for (size_t t = 0; t < n; t++) {
		if (t && strcmp(terms[t], terms[t - 1]) == 0)
			continue;
		char anchor[256];
		ref_term_anchor(anchor, sizeof anchor, terms[t]);
		strbuf_puts(&b, "<dt id=\"");
		strbuf_put_xml(&b, anchor);
		strbuf_puts(&b, "\">");
		strbuf_put_xml(&b, terms[t]);
		strbuf_puts(&b, "</dt><dd>");
		for (int pass = 0; pass < 2; pass++) {
			size_t k = 0;
			for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
				const arb_clause *c = arb_rulebook_clause_at(rb, i);
				if (strcmp(c->ruleset, ruleset) != 0)
					continue;
				const char **list = pass ? c->terms : c->defines;
				size_t ln = pass ? c->n_terms : c->n_defines;
				bool hit = false;
				for (size_t j = 0; j < ln && !hit; j++)
					hit = strcmp(list[j], terms[t]) == 0;
				if (!hit)
					continue;
				strbuf_puts(&b, k++ ? ", " : pass ? "used in " : "defined in ");
				ref_put_clause_link(&b, x, c->id, "");
			}
			if (!pass && !k)
				strbuf_puts(
				    &b,
				    "<span class=\"undefined\">not defined in this text</span>");
			if (!pass)
				strbuf_puts(&b, "; ");
		}
		strbuf_puts(&b, "</dd>\n");
	}
	strbuf_puts(&b, "</dl>\n");
	free(terms);
	ref_page_close(&b);
	char rel[192];
	snprintf(rel, sizeof rel, "glossary-%s.html", ruleset);
	return ref_page_write(x, rel, &b);
}

static int write_search(ref_ctx *x)
{
	const arb_rulebook *rb = x->in->rb;
	strbuf b = {0};
	ref_page_open(&b, x, "Search", "");
	strbuf_puts(&b,
	            "<h1>Search</h1>\n<form id=\"search-page\" role=\"search\">"
	            "<label for=\"q-page\">Words of a clause, or its ID</label> "
	            "<input id=\"q-page\" name=\"q\" type=\"search\"> <button "
	            "type=\"submit\">Search</button></form>\n<p id=\"count\" "
	            "aria-live=\"polite\"></p>\n<ol id=\"results\"></ol>\n"
	            "<noscript><p>Searching needs JavaScript; the <a "
	            "href=\"reference.html\">whole text</a> is one page to search with the "
	            "browser.</p></noscript>\n<script type=\"application/json\" id=\"index\">[");
	bool first = true;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (!ref_selected(x, c->ruleset))
			continue;
		char href[512];
		ref_section_href(href, sizeof href, c->ruleset, c->section);
		strbuf_puts(&b, first ? "\n{\"id\":" : ",\n{\"id\":");
		first = false;
		ref_put_json_string(&b, c->id);
		strbuf_puts(&b, ",\"kind\":");
		ref_put_json_string(&b, arb_clause_kind_name(c->kind));
		strbuf_puts(&b, ",\"text\":");
		ref_put_json_string(&b, c->text);
		strbuf_puts(&b, ",\"url\":");
		strbuf_putf(&b, "\"%s#", href);
		strbuf_puts(&b, c->id);
		strbuf_puts(&b, "\"}");
	}
	strbuf_puts(&b, "]</script>\n<script>");
	strbuf_puts(&b, ref_search_js);
	strbuf_puts(&b, "</script>\n");
	ref_page_close(&b);
	return ref_page_write(x, "search.html", &b);
}

/* The flows as `arbiter graph` writes them, linked to ../reference.html. */
static int write_graphs(ref_ctx *x)
{
	const arb_rulebook *rb = x->in->rb;
	for (size_t i = 0; i < arb_rulebook_flow_count(rb); i++) {
		const arb_flow *f = arb_rulebook_flow_at(rb, i);
		if (!ref_selected(x, f->ruleset))
			continue;
		char *dot = arb_flow_dot(f, rb, "../reference.html", NULL, 0);
		char msg[256], rel[512];
		char *svg = dot ? arb_dot_to_svg(x->in->gv, dot, msg, sizeof msg) : NULL;
		if (!svg) {
			fprintf(stderr, "arbiter: flow %s: %s\n", f->name,
			        dot ? msg : "out of memory");
			free(dot);
			return -1;
		}
		strbuf d = {0}, s = {0};
		strbuf_puts(&d, dot);
		strbuf_puts(&s, svg);
		free(dot);
		free(svg);
		snprintf(rel, sizeof rel, "graphs/%s.dot", f->name);
		int rc = ref_page_write(x, rel, &d);
		snprintf(rel, sizeof rel, "graphs/%s.svg", f->name);
		if (rc || ref_page_write(x, rel, &s)) {
			strbuf_free(&s);
			return -1;
		}
	}
	return 0;
}

/* Disputed verdicts of a ruleset's cases, by kind. */
static void put_dispute_totals(strbuf *b, const ref_ctx *x, const char *ruleset)
{
	size_t by[3] = {0}, cases = 0, disputed = 0;
	const arb_caseset *cs = x->in->cs;
	for (size_t i = 0; cs && i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		const arb_clause *t = arb_rulebook_clause(x->in->rb, c->target);
		if (!t || strcmp(t->ruleset, ruleset) != 0 || !x->in->res[i].judged)
			continue;
		cases++;
		if (x->in->res[i].kind != ARB_V_DISPUTED)
			continue;
		disputed++;
		for (int k = 0; k < 3; k++)
			by[k] += (x->in->res[i].dispute >> k) & 1;
	}
	strbuf_putf(b,
	            "<p>%zu cases judged; %zu disputed: <span class=\"tag conflict\">conflict "
	            "%zu</span> <span class=\"tag gap\">gap %zu</span> <span class=\"tag "
	            "readings\">readings %zu</span>. Each clause's notes show its disputes.</p>\n",
	            cases, disputed, by[0], by[1], by[2]);
}

static int write_contents(ref_ctx *x, char (*secs)[192], size_t ns)
{
	const arb_rulebook *rb = x->in->rb;
	strbuf b = {0};
	ref_page_open(&b, x, "Rule reference", "");
	strbuf_puts(&b,
	            "<h1>Rule reference</h1>\n<p>The rulebooks of spec/, verbatim, each clause "
	            "annotated with what the oracle checks, worked examples drawn from the "
	            "cases, the odds of its dice, and the disputes judging found. Edition <code>");
	strbuf_put_xml(&b, x->edition);
	strbuf_puts(&b, "</code>. The <a href=\"reference.html\">whole text</a> is also one page, "
	                "for printing.</p>\n<nav class=\"toc\" aria-label=\"contents\">\n");
	const char *rs = NULL;
	for (size_t i = 0; i < ns; i++) {
		char *slash = strchr(secs[i], '/');
		*slash = '\0';
		if (!rs || strcmp(rs, secs[i]) != 0) {
			if (rs)
				strbuf_puts(&b, "</ul>\n");
			rs = secs[i];
			strbuf_puts(&b, "<h2>");
			strbuf_put_xml(&b, rs);
			strbuf_puts(&b, "</h2>\n");
			if (strcmp(rs, "conventions") != 0) {
				put_dispute_totals(&b, x, rs);
				strbuf_puts(&b, "<p><a href=\"glossary-");
				strbuf_put_xml(&b, rs);
				strbuf_puts(&b, ".html\">Glossary</a></p>\n");
			}
			strbuf_puts(&b, "<ul>\n");
		}
		size_t nc = 0;
		const char *heading = "";
		for (size_t k = 0; k < arb_rulebook_clause_count(rb); k++) {
			const arb_clause *c = arb_rulebook_clause_at(rb, k);
			if (strcmp(c->ruleset, secs[i]) == 0 &&
			    strcmp(c->section, slash + 1) == 0 && !nc++)
				heading = c->heading;
		}
		strbuf_puts(&b, "<li><a href=\"");
		strbuf_put_xml(&b, secs[i]);
		strbuf_puts(&b, "/");
		strbuf_put_xml(&b, slash + 1);
		strbuf_puts(&b, ".html\">");
		strbuf_put_xml(&b, slash + 1);
		strbuf_puts(&b, "</a>: ");
		strbuf_put_xml(&b, heading);
		strbuf_putf(&b, " (%zu clauses)</li>\n", nc);
		*slash = '/';
	}
	if (rs)
		strbuf_puts(&b, "</ul>\n");
	strbuf_puts(&b, "</nav>\n");
	ref_page_close(&b);
	return ref_page_write(x, "index.html", &b);
}

static int write_landing(ref_ctx *x, const char *tmp)
{
	strbuf b = {0};
	ref_ctx top = *x;
	top.root = tmp;
	strbuf_puts(&b,
	            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	            "<title>Rule reference</title><style>body{font:17px/1.5 sans-serif;"
	            "max-width:40em;margin:2em auto;padding:0 1em;color:#1d2330}a{color:#2457a6}"
	            "</style></head><body><main><h1>Rule reference</h1>\n<p>This "
	            "edition of the text: <a href=\"");
	strbuf_put_xml(&b, x->edition);
	strbuf_puts(&b, "/index.html\">");
	strbuf_put_xml(&b, x->edition);
	strbuf_puts(&b, "</a> (arbiter ");
	strbuf_put_xml(&b, x->in->version);
	strbuf_puts(&b, "). An edit of the text makes a new edition, at a new address.</p>\n"
	                "</main></body></html>\n");
	int rc = ref_page_write(&top, "index.html", &b);
	x->pages = top.pages;
	return rc;
}

int ref_write(const char *dir, const ref_input *in, char *edition, size_t en, size_t *pages)
{
	cli_outdir out;
	if (cli_dir_begin(&out, dir))
		return -1;
	char ed[64], root[sizeof out.tmp + 80];
	edition_name(in->rb, ed, sizeof ed);
	snprintf(root, sizeof root, "%s/%s", out.tmp, ed);
	ref_ctx x = {.in = in, .root = root, .edition = ed};
	int rc = mkdir(root, 0777);
	if (rc)
		fprintf(stderr, "arbiter: cannot make %s: %s\n", root, strerror(errno));
	size_t cap = arb_rulebook_clause_count(in->rb) + 1;
	char(*secs)[192] = calloc(cap, sizeof *secs);
	size_t ns = secs ? sections(&x, secs, cap) : 0;
	if (!secs) {
		fprintf(stderr, "arbiter: out of memory\n");
		rc = -1;
	}
	for (size_t i = 0; i < ns && !rc; i++) {
		char *slash = strchr(secs[i], '/');
		*slash = '\0';
		rc = ref_write_section(&x, secs[i], slash + 1);
		if (!rc && (i + 1 == ns || strncmp(secs[i + 1], secs[i], strlen(secs[i])) != 0 ||
		            secs[i + 1][strlen(secs[i])] != '/'))
			rc = strcmp(secs[i], "conventions") ? write_glossary(&x, secs[i]) : 0;
		*slash = '/';
	}
	if (!rc)
		rc = ref_write_whole(&x);
	if (!rc)
		rc = write_search(&x);
	if (!rc)
		rc = write_graphs(&x);
	if (!rc)
		rc = write_contents(&x, secs, ns);
	if (!rc)
		rc = write_landing(&x, out.tmp);
	free(secs);
	for (size_t i = 0; i < x.n_drawn; i++)
		free(x.drawn[i].id);
	free(x.drawn);
	if (rc) {
		cli_dir_abort(&out);
		return -1;
	}
	/* The old site stays whole until the new one is. */
	if (cli_dir_commit(&out))
		return -1;
	snprintf(edition, en, "%s", ed);
	*pages = x.pages;
	return 0;
}
