/*
 * test_sh_mutants_fixture.c: the fixture of the suite "sh_mutants"
 * (sh_mutants_fixture.h), Scrollhammer outcomes, words and figures that no
 * verdict shows, found by the second triage of make mutate's survivors
 * (docs/mutation.md, "Scrollhammer, second triage"), split along the
 * rulebook's sections: test_sh_mutants_charge.c and
 * test_sh_mutants_formations.c. A predicate that does not apply is seen in
 * the trace (not applicable, not "holds"), and an explanation states the
 * clause's figures; the case tables compare verdicts only, so a mutant that
 * changes these alone passes them all. Each test is one scenario written
 * for it; the outcome or the words expected are worked out from the rule
 * text (spec/scrollhammer/) and the row's geometry, the reasoning beside
 * each, never copied from a run. Here are the suite itself, declared once
 * with its .init and .fini, the rulebook, oracle and case set each test
 * works with, and judge_row, which the two files share (result and outcome
 * are in sh_mutants_fixture.h).
 */
#include "support.h"

#include "arbiter.h"
#include "sh_mutants_fixture.h"

#include <stdio.h>

arb_rulebook *smx_rb;
arb_oracle *smx_o;
arb_caseset *smx_cs;

void smx_setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&smx_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_oracle_new(&smx_o, smx_rb, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_caseset_new(&smx_cs), ARB_OK));
}

void smx_teardown(void)
{
	arb_caseset_free(smx_cs);
	arb_oracle_free(smx_o);
	arb_rulebook_free(smx_rb);
}

TestSuite(sh_mutants, .init = smx_setup, .fini = smx_teardown);

/* One row of a table of section `section` (its header first); the verdict
 * under the row's profile. */
arb_verdict *judge_row(const char *section, const char *csv)
{
	char name[128];
	snprintf(name, sizeof name, "mem/scrollhammer/%s/x.csv", section);
	return support_judge_text(smx_cs, smx_rb, smx_o, name, csv);
}
