/*
 * ref_section.c: one page per section of a ruleset, the book's text as it
 * reads (a heading's clauses run on in the book's paragraphs, each clause
 * an anchor #ID with a small mark that names it), the annotations of each
 * clause below its paragraph, and the section's phase flows; and the
 * whole text on one page (reference.html), which the graphs link to.
 */
#include "ref_internal.h"
#include "ref_para.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole of a file, NUL-terminated; NULL (errno set) when it cannot
 * be read. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	strbuf b = {0};
	char chunk[8192];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		strbuf_put(&b, chunk, k);
	bool bad = ferror(f) != 0;
	fclose(f);
	*len = b.n;
	char *s = strbuf_take(&b);
	if (bad) {
		free(s);
		errno = EIO;
		return NULL;
	}
	if (!s)
		errno = ENOMEM;
	return s;
}

int ref_paragraphs(const arb_rulebook *rb, bool **out)
{
	size_t n = arb_rulebook_clause_count(rb);
	*out = calloc(n + 1, sizeof **out);
	if (!*out) {
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	/* a section's clauses follow one another: one file read per run */
	for (size_t i = 0; i < n;) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		size_t j = i;
		while (j < n && strcmp(arb_rulebook_clause_at(rb, j)->file, c->file) == 0)
			j++;
		size_t len = 0;
		char *text = slurp(c->file, &len);
		long *marks = NULL;
		size_t n_marks = 0;
		ref_para_error err = {0};
		int rc = text ? ref_para_marks(text, len, &marks, &n_marks, &err) : -3;
		free(text);
		if (rc == -1)
			fprintf(stderr, "arbiter: %s:%ld:1: paragraph: %s\n", c->file, err.line,
			        err.message);
		else if (rc == -2)
			fprintf(stderr, "arbiter: out of memory\n");
		else if (rc == -3)
			fprintf(stderr, "arbiter: %s: %s\n", c->file, strerror(errno));
		if (rc) {
			free(*out);
			*out = NULL;
			return -1;
		}
		for (size_t k = i; k < j; k++)
			for (size_t m = 0; m < n_marks; m++)
				if (marks[m] == arb_rulebook_clause_at(rb, k)->line)
					(*out)[k] = true;
		free(marks);
		i = j;
	}
	return 0;
}

/* Wraps the first occurrence of needle in html that lies outside every tag
 * and every element already inserted (a link inside a link is no link).
 * Replaces *html; leaves it as it was when the words are not found. */
static int wrap_first(char **html, const char *needle, const char *open, const char *close)
{
	size_t nl = strlen(needle);
	if (!nl)
		return 0;
	int depth = 0;
	bool in_tag = false;
	for (const char *p = *html; *p; p++) {
		if (*p == '<') {
			in_tag = true;
			depth += p[1] == '/' ? -1 : 1;
			continue;
		}
		if (in_tag) {
			if (*p == '>') {
				in_tag = false;
				if (p[-1] == '/')
					depth--;
			}
			continue;
		}
		if (depth > 0 || strncmp(p, needle, nl) != 0)
			continue;
		strbuf b = {0};
		strbuf_put(&b, *html, (size_t)(p - *html));
		strbuf_puts(&b, open);
		strbuf_put(&b, p, nl);
		strbuf_puts(&b, close);
		strbuf_puts(&b, p + nl);
		char *out = strbuf_take(&b);
		if (!out)
			return -1;
		free(*html);
		*html = out;
		return 0;
	}
	return 0;
}

/* A reference "words -> target": the words, and where they point. */
static void split_ref(const char *ref, char *words, size_t wn, const char **target)
{
	const char *arrow = strstr(ref, " -> ");
	const char *last = arrow;
	while (last && (arrow = strstr(last + 4, " -> ")))
		last = arrow;
	if (!last) {
		snprintf(words, wn, "%s", ref);
		*target = "?";
		return;
	}
	snprintf(words, wn, "%.*s", (int)(last - ref), ref);
	*target = last + 4;
}

/* The clause's text with its references, terms and definitions linked where
 * their words stand. up: the page's way to the edition root. */
static char *linked_text(const ref_ctx *x, const arb_clause *c, const char *up)
{
	char *html = ref_inline_text(c->text);
	if (!html)
		return NULL;
	for (size_t i = 0; i < c->n_refs; i++) {
		char words[512];
		const char *target;
		split_ref(c->refs[i], words, sizeof words, &target);
		char *needle = ref_inline_text(words);
		if (!needle) {
			free(html);
			return NULL;
		}
		const arb_clause *to =
		    target[0] != '?' ? arb_rulebook_clause(x->in->rb, target) : NULL;
		const char *slash = strchr(target, '/');
		strbuf o = {0};
		if (target[0] == '?') {
			strbuf_puts(&o, "<span class=\"dangling\" title=\"");
			strbuf_puts(&o,
			            strncmp(target, "?table", 6) == 0
			                ? "dangling: the rulebook promises a table it does not give"
			                : "dangling: the rulebook resolves this reference nowhere");
			strbuf_puts(&o, "\">");
		} else if (to && ref_selected(x, to->ruleset)) {
			char href[512];
			ref_section_href(href, sizeof href, to->ruleset, to->section);
			strbuf_puts(&o, "<a class=\"xref\" href=\"");
			if (!x->one_page) {
				strbuf_puts(&o, up);
				strbuf_put_xml(&o, href);
			}
			strbuf_puts(&o, "#");
			strbuf_put_xml(&o, to->id);
			strbuf_puts(&o, "\" title=\"see ");
			strbuf_put_xml(&o, to->id);
			strbuf_puts(&o, "\">");
		} else if (slash) {
			char rs[128];
			snprintf(rs, sizeof rs, "%.*s", (int)(slash - target), target);
			if (!ref_selected(x, rs) ||
			    !arb_rulebook_has_section(x->in->rb, rs, slash + 1)) {
				free(needle);
				strbuf_free(&o);
				continue;
			}
			strbuf_putf(&o, "<a class=\"xref\" href=\"%s", x->one_page ? "#" : up);
			strbuf_put_xml(&o, target);
			strbuf_puts(&o, x->one_page ? "\">" : ".html\">");
		} else {
			free(needle);
			strbuf_free(&o);
			continue;
		}
		char *op = strbuf_take(&o);
		int rc =
		    op ? wrap_first(&html, needle, op, target[0] == '?' ? "</span>" : "</a>") : -1;
		free(op);
		free(needle);
		if (rc) {
			free(html);
			return NULL;
		}
	}
	for (size_t i = 0; i < c->n_defines + c->n_terms; i++) {
		bool def = i < c->n_defines;
		if (!def && x->one_page)
			continue; /* no glossary beside the page */
		const char *term = def ? c->defines[i] : c->terms[i - c->n_defines];
		char *needle = ref_inline_text(term);
		char anchor[256];
		ref_term_anchor(anchor, sizeof anchor, term);
		strbuf o = {0};
		if (def)
			strbuf_puts(&o, "<dfn>");
		else {
			strbuf_putf(&o, "<a class=\"term\" href=\"%sglossary-%s.html#%s\">", up,
			            c->ruleset, anchor);
		}
		char *op = strbuf_take(&o);
		int rc = needle && op ? wrap_first(&html, needle, op, def ? "</dfn>" : "</a>") : -1;
		free(op);
		free(needle);
		if (rc) {
			free(html);
			return NULL;
		}
	}
	return html;
}

/* The hover text of a clause's mark: ID, kind, parameters. */
static void put_mark_title(strbuf *b, const arb_clause *c)
{
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, " \xc2\xb7 ");
	strbuf_puts(b, arb_clause_kind_name(c->kind));
	for (size_t i = 0; i < c->n_params; i++) {
		strbuf_puts(b, i ? "; " : " \xc2\xb7 ");
		strbuf_put_xml(b, c->params[i].name);
		strbuf_puts(b, " = ");
		strbuf_put_xml(b, c->params[i].raw);
	}
}

/* One clause in its paragraph. annotated: its mark opens the annotation
 * below; else (the one-page text) it leads to the section's page. */
static int put_clause(strbuf *b, const ref_ctx *x, const arb_clause *c, const char *up,
                      bool annotated)
{
	char *html = linked_text(x, c, up);
	if (!html)
		return -1;
	const char *tail = strchr(c->id, '.');
	strbuf_puts(b, "<span class=\"clause\" id=\"");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\"><a class=\"cm\" href=\"");
	if (x->one_page) {
		strbuf_puts(b, "#");
	} else if (annotated) {
		strbuf_puts(b, "#about-");
	} else {
		char href[512];
		ref_section_href(href, sizeof href, c->ruleset, c->section);
		strbuf_put_xml(b, href);
		strbuf_puts(b, "#about-");
	}
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\" title=\"");
	put_mark_title(b, c);
	strbuf_puts(b, "\" aria-label=\"clause ");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\">");
	strbuf_put_xml(b, tail ? tail + 1 : c->id);
	strbuf_puts(b, "</a>");
	strbuf_puts(b, html);
	strbuf_puts(b, "</span>\n");
	free(html);
	return 0;
}

static bool in_section(const arb_clause *c, const char *ruleset, const char *section)
{
	return strcmp(c->ruleset, ruleset) == 0 && strcmp(c->section, section) == 0;
}

int ref_put_text(strbuf *b, ref_ctx *x, const char *ruleset, const char *section, const char *up,
                 bool annotated, int hlevel)
{
	const arb_rulebook *rb = x->in->rb;
	size_t n = arb_rulebook_clause_count(rb);
	int rc = 0;
	for (size_t i = 0; i < n && !rc;) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (!in_section(c, ruleset, section)) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < n && in_section(arb_rulebook_clause_at(rb, j), ruleset, section) &&
		       strcmp(arb_rulebook_clause_at(rb, j)->heading, c->heading) == 0)
			j++;
		strbuf_putf(b, "<h%d id=\"h-", hlevel);
		strbuf_put_xml(b, c->id);
		strbuf_puts(b, "\">");
		strbuf_put_xml(b, c->heading[0] ? c->heading : section);
		strbuf_putf(b, "</h%d>\n", hlevel);
		/* the book's paragraphs under the heading, each followed by the
		 * notes on its clauses */
		for (size_t p = i; p < j && !rc;) {
			size_t q = p + 1;
			while (q < j && !(x->in->para && x->in->para[q]))
				q++;
			strbuf_puts(b, "<p class=\"book\">");
			for (size_t k = p; k < q && !rc; k++)
				rc = put_clause(b, x, arb_rulebook_clause_at(rb, k), up, annotated);
			strbuf_puts(b, "</p>\n");
			if (annotated && !rc) {
				strbuf_puts(b,
				            "<section class=\"notes\" aria-label=\"notes on these "
				            "clauses\">\n");
				for (size_t k = p; k < q && !rc; k++)
					rc =
					    ref_put_annotation(b, x, arb_rulebook_clause_at(rb, k));
				strbuf_puts(b, "</section>\n");
			}
			p = q;
		}
		i = j;
	}
	return rc;
}

/* A flow's SVG inline: a step whose clause stands in another section
 * (the charge flow names clauses of formations) links to that page. */
static void put_flow_svg(strbuf *b, const ref_ctx *x, const char *svg, const char *ruleset,
                         const char *section)
{
	static const char kHref[] = "href=\"#";
	const char *p = svg, *h;
	while ((h = strstr(p, kHref))) {
		const char *id = h + sizeof kHref - 1, *end = strchr(id, '"');
		if (!end)
			break;
		strbuf_put(b, p, (size_t)(id - 1 - p));
		char cid[128];
		snprintf(cid, sizeof cid, "%.*s", (int)(end - id), id);
		const arb_clause *c = arb_rulebook_clause(x->in->rb, cid);
		if (c && !in_section(c, ruleset, section) && ref_selected(x, c->ruleset)) {
			char href[512];
			ref_section_href(href, sizeof href, c->ruleset, c->section);
			strbuf_puts(b, "../");
			strbuf_put_xml(b, href);
		}
		p = id - 1;
		strbuf_put(b, p, (size_t)(end - p));
		p = end;
	}
	strbuf_puts(b, p);
}

/* The flows of a section, inline so that their nodes link to the clauses
 * of this page; each also as a file in graphs/ (written by ref.c). */
static int put_flows(strbuf *b, ref_ctx *x, const char *ruleset, const char *section)
{
	const arb_rulebook *rb = x->in->rb;
	bool any = false;
	for (size_t i = 0; i < arb_rulebook_flow_count(rb); i++) {
		const arb_flow *f = arb_rulebook_flow_at(rb, i);
		if (strcmp(f->ruleset, ruleset) != 0 || strcmp(f->section, section) != 0)
			continue;
		if (!any)
			strbuf_puts(b, "<h2 id=\"flows\">Phase flows</h2>\n");
		any = true;
		char *dot = arb_flow_dot(f, rb, "", NULL, 0);
		char msg[256];
		char *svg = dot ? arb_dot_to_svg(x->in->gv, dot, msg, sizeof msg) : NULL;
		free(dot);
		if (!svg) {
			fprintf(stderr, "arbiter: flow %s: %s\n", f->name,
			        dot ? msg : "out of memory");
			return -1;
		}
		strbuf_puts(b, "<figure class=\"flow\" id=\"flow-");
		strbuf_put_xml(b, f->name);
		strbuf_puts(b, "\"><figcaption>");
		strbuf_put_xml(b, f->title);
		strbuf_puts(b, " (<a href=\"../graphs/");
		strbuf_put_xml(b, f->name);
		strbuf_puts(b, ".svg\">the graph alone</a>, <a href=\"../graphs/");
		strbuf_put_xml(b, f->name);
		strbuf_puts(b, ".dot\">DOT</a>): each step links to its clause.</figcaption>\n");
		const char *start = strstr(svg, "<svg");
		put_flow_svg(b, x, start ? start : "", ruleset, section);
		strbuf_puts(b, "</figure>\n");
		free(svg);
	}
	return 0;
}

int ref_write_section(ref_ctx *x, const char *ruleset, const char *section)
{
	strbuf b = {0};
	char title[256];
	snprintf(title, sizeof title, "%s / %s", ruleset, section);
	ref_page_open(&b, x, title, "../");
	strbuf_puts(&b,
	            "<nav class=\"crumbs\" aria-label=\"breadcrumbs\"><a href=\"../index.html\">"
	            "Contents</a> &rsaquo; ");
	strbuf_put_xml(&b, ruleset);
	strbuf_puts(&b, " &rsaquo; ");
	strbuf_put_xml(&b, section);
	if (strcmp(ruleset, "conventions") != 0) {
		strbuf_puts(&b, " &middot; <a href=\"../glossary-");
		strbuf_put_xml(&b, ruleset);
		strbuf_puts(&b, ".html\">glossary</a>");
	}
	strbuf_puts(&b, "</nav>\n<h1>");
	strbuf_put_xml(&b, title);
	strbuf_puts(&b, "</h1>\n<nav class=\"toc\" aria-label=\"headings of this section\"><ol>\n");
	const arb_rulebook *rb = x->in->rb;
	const char *last = NULL;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (!in_section(c, ruleset, section) || (last && strcmp(last, c->heading) == 0))
			continue;
		last = c->heading;
		strbuf_puts(&b, "<li><a href=\"#h-");
		strbuf_put_xml(&b, c->id);
		strbuf_puts(&b, "\">");
		strbuf_put_xml(&b, c->heading[0] ? c->heading : section);
		strbuf_puts(&b, "</a></li>\n");
	}
	for (size_t i = 0; i < arb_rulebook_flow_count(rb); i++) {
		const arb_flow *f = arb_rulebook_flow_at(rb, i);
		if (strcmp(f->ruleset, ruleset) == 0 && strcmp(f->section, section) == 0) {
			strbuf_puts(&b, "<li><a href=\"#flows\">Phase flows</a></li>\n");
			break;
		}
	}
	strbuf_puts(&b, "</ol></nav>\n<p class=\"hint\">The text is the book's, verbatim. A small "
	                "mark before each clause names it: hover for its kind and numbers, follow "
	                "it for what the oracle checks, worked examples, odds and disputes.</p>\n");
	int rc = ref_put_text(&b, x, ruleset, section, "../", true, 2);
	if (!rc)
		rc = put_flows(&b, x, ruleset, section);
	ref_page_close(&b);
	if (rc) {
		strbuf_free(&b);
		return -1;
	}
	char rel[512];
	ref_section_href(rel, sizeof rel, ruleset, section);
	return ref_page_write(x, rel, &b);
}

int ref_write_whole(ref_ctx *x)
{
	const arb_rulebook *rb = x->in->rb;
	strbuf b = {0};
	ref_page_open(&b, x, "The whole text", "");
	strbuf_puts(&b, "<h1>The whole text</h1>\n<p>Every section on one page, for reading "
	                "through or printing; each clause's mark leads to its annotations.</p>\n");
	int rc = 0;
	const char *last = NULL;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb) && !rc; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		char key[256];
		snprintf(key, sizeof key, "%s/%s", c->ruleset, c->section);
		if (!ref_selected(x, c->ruleset) || (last && strcmp(last, c->file) == 0))
			continue;
		last = c->file;
		strbuf_puts(&b, "<h2>");
		strbuf_put_xml(&b, key);
		strbuf_puts(&b, "</h2>\n");
		rc = ref_put_text(&b, x, c->ruleset, c->section, "", false, 3);
	}
	ref_page_close(&b);
	if (rc) {
		strbuf_free(&b);
		return -1;
	}
	return ref_page_write(x, "reference.html", &b);
}
