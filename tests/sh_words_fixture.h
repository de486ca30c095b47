/* sh_words_fixture.h: what test_sh_words_fixture.c gives the tests of the
 * suite "sh_words" (test_sh_words_charge.c, test_sh_words_formations.c,
 * test_sh_words_movement.c): the real rulebook and oracle, loaded per test
 * (setup, teardown), a case set and the verdict under test, the four
 * readings of the charged arc, a case of cases/scrollhammer/ judged under
 * its own profile, and whether a result's words say something. */
#ifndef ARB_TESTS_SH_WORDS_FIXTURE_H
#define ARB_TESTS_SH_WORDS_FIXTURE_H

#include "arbiter.h"
#include "support.h"

extern arb_rulebook *g_rb;
extern arb_oracle *g_o;
extern arb_caseset *g_cs;
extern arb_verdict *g_v;

void setup(void);
void teardown(void);
const arb_verdict *judge_case(const char *table, const char *id);
const arb_result *result(const arb_verdict *v, const char *clause, const char *reading);
void says(const arb_result *r, const char *words);
void does_not_say(const arb_result *r, const char *words);

#endif
