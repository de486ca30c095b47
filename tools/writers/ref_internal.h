/* ref_internal.h: what the files of the reference writer share (ref*.c). */
#ifndef ARB_REF_INTERNAL_H
#define ARB_REF_INTERNAL_H

#include "ref.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

/* A case's drawing written into the site: its case ID (malloc'ed) and
 * its size in px, which the pages give its <img>. */
typedef struct ref_drawing {
	char *id;
	unsigned w, h;
} ref_drawing;

/* The writing of one site: its input, where it goes, what was drawn. */
typedef struct ref_ctx {
	const ref_input *in;
	const char *root;    /* the edition's directory, inside the temporary one */
	const char *edition; /* its name: "spec-" and the fingerprint */
	ref_drawing *drawn;  /* the drawings written (cases/ID.svg) */
	size_t n_drawn, cap_drawn;
	size_t pages;
	/* the text on one page with no site round it (the run report): clause
	 * links are "#ID", terms are not linked */
	bool one_page;
} ref_ctx;

/* ref_page.c: the pages' frame and the pieces every page uses. */

/* The stylesheet (inline in every page) and the search page's script. */
extern const char ref_style_css[];
extern const char ref_search_js[];

/* Opens a page: doctype, head (title, viewport, the stylesheet), the header
 * with the search form and the navigation. up: "" for a page at the
 * edition's root, "../" one level down. */
void ref_page_open(strbuf *b, const ref_ctx *x, const char *title, const char *up);
void ref_page_close(strbuf *b);

/* Writes b's text to root/rel (making rel's directory) through
 * cli_write_atomic, and counts the page when it is HTML. Frees b. */
int ref_page_write(ref_ctx *x, const char *rel, strbuf *b);

/* Whether the site holds pages of ruleset (conventions: always). */
bool ref_selected(const ref_ctx *x, const char *ruleset);

/* A link to clause id from a page at depth up ("" or "../"), or its ID as
 * plain text when no page of the site holds it. */
void ref_put_clause_link(strbuf *b, const ref_ctx *x, const char *id, const char *up);

/* The page of a clause's section, relative to the edition root: "r/s.html". */
void ref_section_href(char *buf, size_t n, const char *ruleset, const char *section);

/* The clause text as inline HTML: rendered with cmark, every Markdown and
 * HTML character made literal first (the book's words are shown as the
 * book reads, never as markup). Caller frees; NULL when out of memory. */
char *ref_inline_text(const char *text);

/* A string as a JSON string literal that is safe inside <script> ('<',
 * '>' and '&' as \u escapes). */
void ref_put_json_string(strbuf *b, const char *s);

/* A term's anchor on the glossary page: "term-" and the term, letters and
 * digits kept, anything else '-'. */
void ref_term_anchor(char *buf, size_t n, const char *term);

/* A case ID made safe as a file name (letters, digits, '.', '_', '-'). */
void ref_case_file(char *buf, size_t n, const char *id);

/* ref_clause.c: everything said about one clause below its paragraph. */
int ref_put_annotation(strbuf *b, ref_ctx *x, const arb_clause *c);

/* ref_odds.c: the exact odds of a case's dice, as a table and a bar chart. */
int ref_put_odds(strbuf *b, const ref_ctx *x, const arb_case *c);

/* ref_section.c: one page per section; the whole text on one page. */
int ref_write_section(ref_ctx *x, const char *ruleset, const char *section);
/* The text of a section: each heading (<hN>, N = hlevel), its clauses in
 * the book's paragraphs (in->para), and with annotated their notes below
 * each paragraph. up: the page's way to
 * the edition root. Returns -1 on failure. */
int ref_put_text(strbuf *b, ref_ctx *x, const char *ruleset, const char *section, const char *up,
                 bool annotated, int hlevel);
int ref_write_whole(ref_ctx *x);

#endif
