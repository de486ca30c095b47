/* engine_fixture.h: what test_engine_fixture.c gives the engine's unit
 * tests (test_engine.c, test_engine_checks.c): a temporary spec directory
 * per test (efx_setup, efx_teardown of the suite "engine"), the made-up
 * rulesets' text, the rulebook and oracle loaded from it, and a scenario
 * builder whose facts drive the fixture predicates. */
#ifndef ARB_TESTS_ENGINE_FIXTURE_H
#define ARB_TESTS_ENGINE_FIXTURE_H

#include <stddef.h>

#include "arbiter.h"
#include "support.h"

void efx_fact(arb_scenario *s, const char *name, const char *value);
void efx_fixture(const char *ruleset_body);
const char *efx_joined(const char *const *ids, size_t n);
arb_verdict *efx_judge(const arb_scenario *s, const char *profile);
arb_rulebook *efx_load_rb(void);
void efx_put(const char *rel, const char *text);
arb_scenario *efx_scen(void);
const arb_trace *efx_trace_of(const arb_verdict *v, const char *clause, const char *reading);
void efx_write_ruleset(const char *name, const char *prefix, const char *clauses);
void efx_write_testland(const char *ruleset_body, const char *omit);
void efx_setup(void);
void efx_teardown(void);

extern int efx_memo_made;
extern int efx_memo_freed;
extern arb_oracle *efx_o;
extern arb_rulebook *efx_rb;
extern char efx_spec[128];
extern const char efx_kConv[];
extern const char efx_kPrecedence[];
extern const char efx_kProfiles[];
extern const char efx_kTestlandFm[];

extern const arb_predicate *const efx_pred_tl_d;
extern const arb_predicate *const efx_pred_ad_x;
extern const arb_predicate *const efx_pred_pl_x;
extern const arb_predicate *const efx_pred_du_x1;
extern const arb_predicate *const efx_pred_du_x2;
extern const arb_predicate *const efx_pred_mx_x;
extern const arb_predicate *const efx_pred_tl_a;

/* A list of IDs equals the expected IDs, joined by spaces. */
#define IDS_EQ(ids, n, expected)                                                                   \
	cr_assert(eq(str, (char *)efx_joined((ids), (n)), (char *)(expected)))

#endif
