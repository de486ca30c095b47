/*
 * test_ref.c: the rule reference (tools/writers/ref*.c): the book's words
 * and the cases' notes are text, never markup or script; every clause is an
 * anchor on its section's page and on the one-page text; the edition is
 * named by the text; a user's directory is refused and left whole.
 */
#include "support.h"

#include "../tools/writers/ref_internal.h"
#include "arbiter.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static support_tmpdir g_tmp;
static arb_rulebook *g_rb;
static arb_oracle *g_o;
static arb_caseset *g_cs;
static ref_result *g_res;
static arb_gv *g_gv; /* one Graphviz context per process (see arb_gv_new) */

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	support_tmpdir_make(&g_tmp, "ref");
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	cr_assert(
	    eq(int,
	       arb_caseset_load_file(g_cs, "tests/fixtures/report/scrollhammer/movement/report.csv",
	                             g_rb, &err),
	       ARB_OK),
	    "%s", err.message);
	g_gv = arb_gv_new();
	cr_assert(g_gv != NULL);
	size_t n = arb_caseset_count(g_cs);
	g_res = calloc(n, sizeof *g_res);
	for (size_t i = 0; i < n; i++) {
		arb_verdict *v = NULL;
		cr_assert(eq(int, arb_judge(&v, g_o, arb_caseset_at(g_cs, i)->scenario, NULL, &err),
		             ARB_OK));
		g_res[i].judged = true;
		g_res[i].kind = v->kind;
		char list[1024] = "";
		for (size_t k = 0; k < v->n_violates; k++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			         k ? " " : "", v->violates[k]);
		if (v->n_violates)
			g_res[i].violates = strdup(list);
		arb_verdict_free(v);
	}
}

static void teardown(void)
{
	ref_results_free(g_res, g_cs ? arb_caseset_count(g_cs) : 0);
	arb_gv_free(g_gv);
	arb_caseset_free(g_cs);
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
	support_tmpdir_remove(&g_tmp);
}

TestSuite(ref, .init = setup, .fini = teardown);

/* Writes the site into TMP/site; edition gets its name. */
static void write_site(char *dir, size_t dn, char *edition, size_t en)
{
	snprintf(dir, dn, "%s/site", g_tmp.path);
	bool *para = NULL;
	cr_assert(eq(int, ref_paragraphs(g_rb, &para), 0));
	ref_input in = {.rb = g_rb,
	                .o = g_o,
	                .cs = g_cs,
	                .res = g_res,
	                .para = para,
	                .version = "test",
	                .gv = g_gv};
	size_t pages = 0;
	cr_assert(eq(int, ref_write(dir, &in, edition, en, &pages), 0));
	free(para);
	cr_assert(gt(sz, pages, 10), "a page per section and more (%zu)", pages);
}

static char *page(const char *dir, const char *edition, const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s/%s", dir, edition, rel);
	return support_slurp(path);
}

Test(ref, the_books_words_are_text_never_markup)
{
	/* what cmark would read as emphasis, code, a link, HTML or a heading */
	char *html = ref_inline_text("# **bold** _it_ `code` <b>x</b> [a](javascript:alert(1)) "
	                             "<script>alert(1)</script> 6\" & 1 < 2");
	cr_assert(html != NULL);
	cr_assert(strstr(html, "<strong>") == NULL && strstr(html, "<em>") == NULL);
	cr_assert(strstr(html, "<code>") == NULL && strstr(html, "<a") == NULL);
	cr_assert(strstr(html, "<b>") == NULL && strstr(html, "<script") == NULL);
	cr_assert(strstr(html, "<h1>") == NULL && strstr(html, "<p>") == NULL);
	cr_assert(
	    strstr(html, "# **bold** _it_ `code` &lt;b&gt;x&lt;/b&gt; [a](javascript:alert(1))") !=
	        NULL,
	    "%s", html);
	cr_assert(strstr(html, "6&quot; &amp; 1 &lt; 2") != NULL, "%s", html);
	free(html);
}

Test(ref, notes_are_escaped_and_no_page_but_search_has_a_script)
{
	char dir[256], edition[64];
	write_site(dir, sizeof dir, edition, sizeof edition);
	char *html = page(dir, edition, "scrollhammer/movement.html");
	cr_assert(strstr(html, "&lt;script&gt;window.__pwned = 1&lt;/script&gt;") != NULL,
	          "the note of REP-FAIL-1 is shown, as text");
	cr_assert(strstr(html, "&lt;b&gt;not bold&lt;/b&gt;") != NULL);
	cr_assert(strstr(html, "<script") == NULL, "no script element on a section page");
	cr_assert(strstr(html, "Models move up to 6&quot; in the Movement phase.") != NULL);
	free(html);
	html = page(dir, edition, "search.html");
	/* the index is JSON inside a script element: no '<' can close it */
	const char *idx = strstr(html, "<script type=\"application/json\" id=\"index\">");
	cr_assert(idx != NULL);
	const char *end = strstr(idx, "</script>");
	cr_assert(end != NULL);
	cr_assert(memchr(idx + 1, '<', (size_t)(end - idx - 1)) == NULL);
	free(html);
}

Test(ref, every_clause_is_an_anchor_on_its_page_and_in_the_whole_text)
{
	char dir[256], edition[64];
	write_site(dir, sizeof dir, edition, sizeof edition);
	cr_assert(eq(int, strncmp(edition, "spec-", 5), 0));
	cr_assert(eq(sz, strlen(edition), 5 + 16));
	char *whole = page(dir, edition, "reference.html");
	for (size_t i = 0; i < arb_rulebook_clause_count(g_rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(g_rb, i);
		char rel[256], anchor[128];
		snprintf(rel, sizeof rel, "%s/%s.html", c->ruleset, c->section);
		snprintf(anchor, sizeof anchor, "id=\"%s\"", c->id);
		char *html = page(dir, edition, rel);
		cr_assert(strstr(html, anchor) != NULL, "no %s in %s", anchor, rel);
		snprintf(anchor, sizeof anchor, "id=\"about-%s\"", c->id);
		cr_assert(strstr(html, anchor) != NULL, "no notes %s in %s", anchor, rel);
		free(html);
		snprintf(anchor, sizeof anchor, "id=\"%s\"", c->id);
		cr_assert(strstr(whole, anchor) != NULL, "no %s in reference.html", anchor);
	}
	free(whole);
	/* a dangling reference is shown as such */
	char *html = page(dir, edition, "scrollhammer/movement.html");
	cr_assert(strstr(html, "class=\"dangling\"") != NULL);
	free(html);
}

/* The book's paragraphs: "Unit Coherency:" is two paragraphs in the book
 * (000), the second from "During the course of a game"; each paragraph is
 * followed by the notes on its own clauses. */
Test(ref, a_heading_holds_the_books_paragraphs)
{
	char dir[256], edition[64];
	write_site(dir, sizeof dir, edition, sizeof edition);
	for (int whole = 0; whole < 2; whole++) {
		char *html =
		    page(dir, edition, whole ? "reference.html" : "scrollhammer/movement.html");
		const char *second = strstr(html, "<p class=\"book\"><span class=\"clause\" "
		                                  "id=\"SH.MOV.COH.5\">");
		cr_assert(second != NULL, "SH.MOV.COH.5 opens a paragraph (%d)", whole);
		const char *first = strstr(html, "id=\"SH.MOV.COH.4\">");
		cr_assert(first != NULL && first < second);
		/* COH.4 closes the first paragraph: nothing but its notes between */
		const char *close = strstr(first, "</p>");
		cr_assert(close != NULL && close < second);
		if (!whole) {
			const char *notes = strstr(close, "id=\"about-SH.MOV.COH.4\"");
			cr_expect(notes != NULL && notes < second,
			          "the notes of the first paragraph");
		}
		/* "Movement Distance:" is one paragraph: DIST.6 runs on */
		cr_expect(strstr(html, "<p class=\"book\"><span class=\"clause\" "
		                       "id=\"SH.MOV.DIST.6\">") == NULL);
		free(html);
	}
}

Test(ref, a_directory_arbiter_did_not_write_is_refused_and_left_whole)
{
	char dir[256], mine[300], edition[64] = "";
	snprintf(dir, sizeof dir, "%s/site", g_tmp.path);
	support_write(&g_tmp, "site/precious", "the user's");
	ref_input in = {
	    .rb = g_rb, .o = g_o, .cs = g_cs, .res = g_res, .version = "test", .gv = g_gv};
	size_t pages = 0;
	cr_assert(eq(int, ref_write(dir, &in, edition, sizeof edition, &pages), -1));
	snprintf(mine, sizeof mine, "%s/precious", dir);
	char *text = support_slurp(mine);
	cr_assert(eq(str, text, "the user's"));
	free(text);
	snprintf(mine, sizeof mine, "%s/index.html", dir);
	cr_assert(access(mine, F_OK) != 0, "nothing was written into it");
}
