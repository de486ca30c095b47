/* test_sh_words_fixture.c: the fixture of the suite "sh_words"
 * (sh_words_fixture.h), Scrollhammer outcomes and words that no verdict
 * shows, split along the rulebook's sections: test_sh_words_charge.c,
 * test_sh_words_formations.c and test_sh_words_movement.c. Here are the
 * suite itself, declared once with its .init and .fini, the rulebook,
 * oracle, case set and verdict each test works with, and the helpers the
 * three files share. */
#include "support.h"

#include "arbiter.h"
#include "sh_words_fixture.h"

#include <stdio.h>
#include <string.h>

arb_rulebook *g_rb;
arb_oracle *g_o;
arb_caseset *g_cs;
arb_verdict *g_v;

void setup(void)
{
	support_load(&g_rb, &g_o);
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
}

void teardown(void)
{
	arb_verdict_free(g_v);
	arb_caseset_free(g_cs);
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
}

TestSuite(sh_words, .init = setup, .fini = teardown);

/* Case id of cases/scrollhammer/<table> (loaded once), judged under its
 * own profile (the verdict is freed by teardown). */
const arb_verdict *judge_case(const char *table, const char *id)
{
	char path[256], buf[1024];
	arb_error err;
	arb_error_clear(&err);
	snprintf(path, sizeof path, "cases/scrollhammer/%s", table);
	if (!arb_caseset_find(g_cs, id))
		cr_assert(eq(int, arb_caseset_load_file(g_cs, path, g_rb, &err), ARB_OK), "%s",
		          arb_error_format(&err, buf, sizeof buf));
	const arb_case *c = arb_caseset_find(g_cs, id);
	cr_assert(c != NULL, "no case %s in %s", id, path);
	cr_assert(eq(int, arb_judge(&g_v, g_o, c->scenario, NULL, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	return g_v;
}

/* The result of clause (and reading, or NULL for the first) in v. */
const arb_result *result(const arb_verdict *v, const char *clause, const char *reading)
{
	return support_result_of(v, clause, reading);
}

void says(const arb_result *r, const char *words)
{
	cr_assert(strstr(r->explanation, words) != NULL, "\"%s\" does not say \"%s\"",
	          r->explanation, words);
}

void does_not_say(const arb_result *r, const char *words)
{
	cr_assert(strstr(r->explanation, words) == NULL, "\"%s\" says \"%s\"", r->explanation,
	          words);
}
