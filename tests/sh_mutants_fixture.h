/* sh_mutants_fixture.h: what test_sh_mutants_fixture.c gives the tests of
 * the suite "sh_mutants" (test_sh_mutants_charge.c,
 * test_sh_mutants_formations.c): the real rulebook and oracle, loaded per
 * test (smx_setup, smx_teardown), a case set, and a row of a section's
 * table judged under its own profile (judge_row); and the result and
 * outcome of a clause in a verdict. The fixture's own names carry smx_, as
 * the engine, grit and lint fixtures' carry theirs: the sh_words fixture
 * already links a setup, teardown, g_rb, g_o and g_cs into the same binary.
 * For the same reason result and outcome, stateless wrappers, are static
 * inline here rather than defined in the fixture (sh_words has a result).
 */
#ifndef ARB_TESTS_SH_MUTANTS_FIXTURE_H
#define ARB_TESTS_SH_MUTANTS_FIXTURE_H

#include "arbiter.h"
#include "support.h"

extern arb_rulebook *smx_rb;
extern arb_oracle *smx_o;
extern arb_caseset *smx_cs;

void smx_setup(void);
void smx_teardown(void);
arb_verdict *judge_row(const char *section, const char *csv);

/* The result of clause (and reading, or NULL for the first) in v. */
static inline const arb_result *result(const arb_verdict *v, const char *clause,
                                       const char *reading)
{
	return support_result_of(v, clause, reading);
}

static inline arb_outcome outcome(const arb_verdict *v, const char *clause)
{
	return result(v, clause, NULL)->outcome;
}

#endif
