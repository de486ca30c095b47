/* test_lint_words.c: lint's checks of the words themselves
 * (oracle/lint-words.c) on the bundled rulebooks, whose words are known:
 * Scrollhammer writes "Fires in Ranks" once where its term is "Fight in
 * Ranks" (formations.md, SH.FORM.FIR.COHF.1), "Fights in Ranks" (an
 * inflection, not a variant) often, and states 6" for max_move in
 * SH.MOV.DIST.1 and again in SH.MOV.DIST.3. */
#include "arbiter.h"
#include "support.h"

#include <string.h>

static arb_rulebook *g_rb;
static arb_lint *g_l;

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_lint_run(&g_l, g_rb, NULL, NULL, "scrollhammer", &err), ARB_OK), "%s",
	          err.message);
}

static void teardown(void)
{
	arb_lint_free(g_l);
	arb_rulebook_free(g_rb);
}

TestSuite(lint_words, .init = setup, .fini = teardown);

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

Test(lint_words, a_garbled_term_is_found_once)
{
	cr_assert(eq(sz, count("term-variant", "SH.FORM.FIR.COHF.1", "'fires'"), 1));
	cr_assert(eq(sz, count("term-variant", NULL, "'fires'"), 1));
	/* "Fights in Ranks" is the term inflected */
	cr_assert(eq(sz, count("term-variant", NULL, "'fights'"), 0));
}

Test(lint_words, the_same_limit_stated_twice)
{
	cr_assert(eq(sz, count("repeated-parameter", "SH.MOV.DIST.3", "max_move as '6\"'"), 1));
	/* the first statement is not a repetition */
	cr_assert(eq(sz, count("repeated-parameter", "SH.MOV.DIST.1", NULL), 0));
	for (size_t i = 0; i < arb_lint_count(g_l); i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		if (strcmp(f->code, "repeated-parameter") == 0)
			cr_assert(eq(int, (int)f->severity, (int)ARB_SEV_INFO));
	}
}
