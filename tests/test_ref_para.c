/*
 * test_ref_para.c: the book's paragraph breaks inside a heading, marked in
 * spec/ by a line `<!-- paragraph -->` before a clause's tag
 * (tools/writers/ref_para.c): where a mark may stand, and the errors with
 * the mark's line where it may not.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include "../tools/writers/ref.h"
#include "../tools/writers/ref_para.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char kHead[] = "---\nruleset: x\nsection: y\ntitle: T\nsource: s\n---\n\n# H\n\n";

/* The marks of head + body: rc, and the lines in *lines (caller frees). */
static int marks(const char *body, long **lines, size_t *n, ref_para_error *err)
{
	char text[2048];
	snprintf(text, sizeof text, "%s%s", kHead, body);
	return ref_para_marks(text, strlen(text), lines, n, err);
}

Test(ref_para, a_mark_before_a_tag_names_that_tag)
{
	long *l = NULL;
	size_t n = 0;
	ref_para_error err = {0};
	/* lines 10-15: two clauses of one paragraph, a mark, a third clause */
	cr_assert(
	    eq(int,
	       marks("{#X.1 constraint}\nOne.\n{#X.2 flavour}\nTwo.\n" REF_PARA_MARK
	             "\n{#X.3 flavour}\nThree\nwraps.\n\n<!-- a comment\n" REF_PARA_MARK
	             "\n-->\n\n```flow f \"t\"\n" REF_PARA_MARK "\n```\n{#X.4 flavour}\nFour.\n",
	             &l, &n, &err),
	       0),
	    "%s", err.message);
	/* the marks inside a comment and a flow block are not marks */
	cr_assert(eq(sz, n, 1));
	cr_expect(eq(long, l[0], 15));
	free(l);
	/* none: none */
	cr_assert(eq(int, marks("{#X.1 constraint}\nOne.\n", &l, &n, &err), 0));
	cr_expect(eq(sz, n, 0));
	cr_expect(l == NULL);
	/* trailing blanks and a CR, as the loader allows them */
	cr_assert(eq(int,
	             marks("{#X.1 constraint}\nOne.\n" REF_PARA_MARK " \r\n{#X.2 flavour}\nT.\n",
	                   &l, &n, &err),
	             0));
	cr_expect(eq(sz, n, 1));
	free(l);
}

/* Misplaced, a mark is bad input at its own line. */
Test(ref_para, a_misplaced_mark_is_refused_at_its_line)
{
	static const struct {
		const char *body;
		long line;
		const char *why;
	} bad[] = {
	    {REF_PARA_MARK "\n{#X.1 constraint}\nOne.\n", 10, "before the first clause"},
	    {"{#X.1 constraint}\nOne.\n" REF_PARA_MARK "\n## Next\n{#X.2 flavour}\nT.\n", 12,
	     "before a heading"},
	    {"{#X.1 constraint}\nOne\n" REF_PARA_MARK "\nmore.\n{#X.2 flavour}\nT.\n", 12,
	     "inside a clause's text"},
	    {"{#X.1 constraint}\nOne.\n" REF_PARA_MARK "\n", 12, "no clause after it"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		long *l = (long *)1;
		size_t n = 99;
		ref_para_error err = {0};
		cr_expect(eq(int, marks(bad[i].body, &l, &n, &err), -1), "case %zu", i);
		cr_expect(eq(long, err.line, bad[i].line), "case %zu: %s", i, err.message);
		cr_expect(strstr(err.message, bad[i].why) != NULL, "case %zu: %s", i, err.message);
		cr_expect(l == NULL && n == 0, "case %zu: nothing is returned", i);
	}
	/* indented, it is the clause's text to the loader, not a mark */
	long *l = NULL;
	size_t n = 0;
	ref_para_error err = {0};
	cr_expect(eq(int, marks("{#X.1 constraint}\nOne\n  " REF_PARA_MARK "\n", &l, &n, &err), 0));
	cr_expect(eq(sz, n, 0));
}

/* The bundled rulebook: the book's breaks read into one flag per clause.
 * In 000's "Unit Coherency:", "During the course of a game, ..." opens the
 * second paragraph; the sentence before it closes the first. */
Test(ref_para, the_books_breaks_are_read_from_spec)
{
	arb_rulebook *rb = NULL;
	arb_error e;
	arb_error_clear(&e);
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &e), ARB_OK), "%s", e.message);
	bool *para = NULL;
	cr_assert(eq(int, ref_paragraphs(rb, &para), 0));
	size_t breaks = 0;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		breaks += para[i];
		if (strcmp(c->id, "SH.MOV.COH.5") == 0)
			cr_expect(para[i] == true, "SH.MOV.COH.5 opens a paragraph");
		if (strcmp(c->id, "SH.MOV.COH.4") == 0 || strcmp(c->id, "SH.MOV.1") == 0)
			cr_expect(para[i] == false, "%s runs on in its paragraph", c->id);
		/* the four numbered sub-phases of 004 each a line of their own */
		if (strncmp(c->id, "RG.MOV.ORDER.", 13) == 0 && c->id[13] >= '4' &&
		    c->id[13] <= '7')
			cr_expect(para[i] == true, "%s is a line of its own", c->id);
	}
	cr_expect(gt(sz, breaks, 20));
	free(para);
	arb_rulebook_free(rb);
}
