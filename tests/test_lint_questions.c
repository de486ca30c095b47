/* test_lint_questions.c: the questions files of spec/ and lint's forbid /
 * permit check (tools/arbiter/questions.c), on the bundled Scrollhammer
 * text, whose markup is known: SH.MOV.DIST.1 (constraint, "up to 6"") and
 * SH.MOV.1 (permission, "up to their maximum movement distance") answer one
 * question and nothing ranks them; SH.MOV.DIFF.2 (permission) is marked
 * `{over?:SH.MOV.DIST.1,...}`; SH.FORM.FIR.6 `{over:SH.MOV.1,...}`. */
#include "arbiter.h"
#include "questions.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

static arb_rulebook *g_rb;
static arb_lint *g_l;
static question_list g_q;

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	/* a lint to add to: its own findings have other codes */
	cr_assert(eq(int, arb_lint_run(&g_l, g_rb, NULL, NULL, "regiments", &err), ARB_OK), "%s",
	          err.message);
}

static void teardown(void)
{
	questions_free(&g_q);
	arb_lint_free(g_l);
	arb_rulebook_free(g_rb);
}

TestSuite(lint_questions, .init = setup, .fini = teardown);

/* Reads text as scrollhammer's questions and checks it: the return code. */
static int lint_text(const char *text, arb_error *err)
{
	arb_error_clear(err);
	int rc = questions_read_text(&g_q, "q.txt", text, strlen(text), err);
	return rc ? rc : questions_lint(&g_q, g_l, g_rb, NULL, "scrollhammer", err);
}

static size_t count(const char *code, const char *clause, const char *text)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_lint_count(g_l); i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		n += strcmp(f->code, code) == 0 &&
		     (!clause || (f->clause && !strcmp(f->clause, clause))) &&
		     (!text || strstr(f->message, text));
	}
	return n;
}

Test(lint_questions, an_unranked_pair_is_a_finding_with_both_texts)
{
	arb_error err;
	cr_assert(eq(int, lint_text("ask move.distance: SH.MOV.DIST.1 SH.MOV.1\n", &err), ARB_OK),
	          "%s", err.message);
	cr_assert(eq(sz, count("unranked-pair", "SH.MOV.DIST.1", "SH.MOV.1 (permission)"), 1));
	cr_assert(
	    eq(sz, count("unranked-pair", NULL, "\"Models move up to 6\" in the Movement"), 1));
	cr_assert(eq(sz, count("unranked-pair", NULL, "up to their maximum"), 1));
	for (size_t i = 0; i < arb_lint_count(g_l); i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		if (strcmp(f->code, "unranked-pair") != 0)
			continue;
		cr_assert(eq(int, (int)f->severity, (int)ARB_SEV_WARNING));
		cr_assert(eq(str, (char *)f->file, "spec/scrollhammer/movement.md"));
	}
}

Test(lint_questions, a_precedence_either_way_ranks_the_pair)
{
	arb_error err;
	/* DIFF.2 over? DIST.1 (arguable), FIR.6 over SH.MOV.1 (the permission
	 * over the permission does not matter), FIR.6 and DIST.1 meet unranked */
	cr_assert(
	    eq(int,
	       lint_text("ask move.distance: SH.MOV.DIST.1 SH.MOV.DIFF.2 SH.FORM.FIR.6\n", &err),
	       ARB_OK),
	    "%s", err.message);
	cr_assert(eq(sz, count("unranked-pair", NULL, "SH.MOV.DIFF.2"), 0));
	cr_assert(eq(sz, count("unranked-pair", "SH.MOV.DIST.1", "SH.FORM.FIR.6"), 1));
	cr_assert(eq(sz, count("unranked-pair", NULL, NULL), 1));
}

Test(lint_questions, a_pair_in_two_questions_is_one_finding)
{
	arb_error err;
	cr_assert(
	    eq(int,
	       lint_text("ask a: SH.MOV.DIST.1 SH.MOV.1\nask b: SH.MOV.1 SH.MOV.DIST.1\n", &err),
	       ARB_OK),
	    "%s", err.message);
	cr_assert(eq(sz, count("unranked-pair", NULL, "both answer 'a', 'b'"), 1));
}

Test(lint_questions, a_known_pair_is_listed_apart_and_an_unused_one_is_a_finding)
{
	arb_error err;
	cr_assert(eq(int,
	             lint_text("ask q: SH.MOV.DIST.1 SH.MOV.1 SH.MOV.DIFF.2\n"
	                       "known SH.MOV.DIST.1 SH.MOV.1: a case expects it\n"
	                       "known SH.MOV.DIST.1 SH.MOV.DIFF.2: ranked already\n",
	                       &err),
	             ARB_OK),
	          "%s", err.message);
	cr_assert(eq(sz, count("unranked-pair", NULL, NULL), 0));
	cr_assert(
	    eq(sz, count("known-unranked-pair", "SH.MOV.DIST.1", "known: a case expects it"), 1));
	cr_assert(eq(sz, count("unused-known", "SH.MOV.DIST.1", "SH.MOV.DIFF.2"), 1));
	for (size_t i = 0; i < arb_lint_count(g_l); i++)
		if (!strcmp(arb_lint_at(g_l, i)->code, "unused-known")) {
			cr_assert(eq(long, arb_lint_at(g_l, i)->line, 3));
			cr_assert(eq(long, arb_lint_at(g_l, i)->column, 7));
		}
}

Test(lint_questions, words_of_the_text_rank_a_pair)
{
	arb_error err;
	cr_assert(eq(int,
	             lint_text("ask q: SH.FORM.FIR.3 SH.FORM.FIR.12\n"
	                       "except SH.FORM.FIR.3 SH.FORM.FIR.12: SH.FORM.FIR.3 \"in order to "
	                       "circumvent impassable terrain\"\n",
	                       &err),
	             ARB_OK),
	          "%s", err.message);
	cr_assert(eq(sz, count("unranked-pair", NULL, NULL), 0));
	cr_assert(eq(sz, count("unused-except", NULL, NULL), 0));
	/* words the clause does not hold rank nothing: the file is refused */
	cr_assert(eq(int,
	             lint_text("ask q: SH.FORM.FIR.3 SH.FORM.FIR.12\n"
	                       "except SH.FORM.FIR.3 SH.FORM.FIR.12: SH.FORM.FIR.3 \"around "
	                       "any terrain\"\n",
	                       &err),
	             ARB_EINPUT));
	cr_assert(eq(long, err.line, 2));
	cr_assert(eq(long, err.column, 53));
	cr_assert(eq(str, err.field, "words"));
}

Test(lint_questions, every_constraint_and_permission_is_asked_about)
{
	arb_error err;
	cr_assert(eq(int, lint_text("ask q: SH.MOV.DIST.1\n", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(sz, count("no-question", "SH.MOV.1", NULL), 1));
	cr_assert(eq(sz, count("no-question", "SH.MOV.DIST.1", NULL), 0));
	/* a flavour clause answers nothing */
	cr_assert(eq(sz, count("no-question", "SH.MOV.DIST.2", NULL), 0));
}

/* One refusal a row: the text, the line, column and field of the error. */
static const struct {
	const char *text;
	size_t len; /* bytes of text, 0: up to its NUL */
	long line, column;
	const char *field;
} kRefusals[] = {
    {"ask Move: SH.MOV.1\n", 0, 1, 5, "question"},
    {"ask move SH.MOV.1\n", 0, 1, 9, "question"},
    {"ask move:\n", 0, 1, 10, "clause"},
    {"ask move: SH.MOV.1 sh.mov.2\n", 0, 1, 20, "clause"},
    {"ask move: SH.MOV.1 SH.MOV.1\n", 0, 1, 20, "clause"},
    {"ask m: SH.MOV.1\nask m: SH.MOV.2\n", 0, 2, 5, "question"},
    {"# fine\nasks m: SH.MOV.1\n", 0, 2, 1, "line"},
    {"known SH.MOV.DIST.1 SH.MOV.1:\n", 0, 1, 30, "reason"},
    {"known SH.MOV.DIST.1: why\n", 0, 1, 7, "known"},
    {"known A.B C.D: x\nknown A.B C.D: y\n", 0, 2, 7, "known"},
    {"except A.B C.D: A.B words\n", 0, 1, 17, "words"},
    {"ask m: SH.MOV.1\n\0", 17, 2, 1, "line"},
    {"ask m: SH.NOPE.1\n", 0, 1, 8, "clause"},
    {"ask m: GR.MOV.3\n", 0, 1, 8, "clause"},
    {"ask m: SH.MOV.DIST.1 SH.MOV.1\nknown SH.MOV.1 SH.MOV.DIST.1: x\n", 0, 2, 7, "known"},
    {"ask m: SH.MOV.DIST.1\nask n: SH.MOV.1\nknown SH.MOV.DIST.1 SH.MOV.1: x\n", 0, 3, 7, "known"},
};

Test(lint_questions, refusals_name_line_column_and_field)
{
	for (size_t i = 0; i < sizeof kRefusals / sizeof *kRefusals; i++) {
		arb_error err;
		arb_lint_free(g_l);
		arb_error_clear(&err);
		cr_assert(eq(int, arb_lint_run(&g_l, g_rb, NULL, NULL, "regiments", &err), ARB_OK));
		const char *t = kRefusals[i].text;
		size_t len = kRefusals[i].len ? kRefusals[i].len : strlen(t);
		int rc = questions_read_text(&g_q, "q.txt", t, len, &err);
		if (!rc)
			rc = questions_lint(&g_q, g_l, g_rb, NULL, "scrollhammer", &err);
		cr_assert(eq(int, rc, ARB_EINPUT), "row %zu", i);
		cr_assert(eq(long, err.line, kRefusals[i].line), "row %zu: %s", i, err.message);
		cr_assert(eq(long, err.column, kRefusals[i].column), "row %zu: %s", i, err.message);
		cr_assert(eq(str, err.field, (char *)kRefusals[i].field), "row %zu: %s", i,
		          err.message);
		cr_assert(eq(str, err.file, "q.txt"), "row %zu", i);
	}
}

Test(lint_questions, the_bundled_files_read_and_check)
{
	static const char *const rs[] = {"scrollhammer", "grit", "regiments"};
	for (size_t i = 0; i < 3; i++) {
		arb_error err;
		char path[64];
		arb_error_clear(&err);
		snprintf(path, sizeof path, "spec/%s/questions.txt", rs[i]);
		cr_assert(eq(int, questions_read_file(&g_q, path, &err), ARB_OK), "%s",
		          err.message);
		cr_assert(gt(sz, g_q.nq, 0));
		cr_assert(eq(int, questions_lint(&g_q, g_l, g_rb, NULL, rs[i], &err), ARB_OK), "%s",
		          err.message);
	}
	/* what docs/lint.md lists: three new pairs, every constraint asked about */
	cr_assert(eq(sz, count("unranked-pair", NULL, NULL), 3));
	cr_assert(eq(sz, count("unranked-pair", "GR.MOV.BROKEN.2", "GR.MOV.MORALE.7"), 1));
	cr_assert(eq(sz, count("unranked-pair", "SH.MOV.DIST.3", "SH.FORM.FIR.4"), 1));
	cr_assert(eq(sz, count("unranked-pair", "SH.MOV.DIST.3", "SH.FORM.FIR.6"), 1));
	cr_assert(eq(sz, count("known-unranked-pair", NULL, NULL), 15));
	cr_assert(eq(sz, count("no-question", NULL, NULL), 0));
	cr_assert(
	    eq(sz, count("unused-known", NULL, NULL) + count("unused-except", NULL, NULL), 0));
}
