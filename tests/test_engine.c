/* test_engine.c: unit tests of the registry (oracle/oracle.c) and the
 * engine (oracle/engine.c), arbiter.h sections 5 and 6: binding, the
 * parameters, the verdicts. Validation, names and the index are in
 * test_engine_checks.c; the made-up rulesets both judge, in
 * test_engine_fixture.c. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "engine.h"
#include "engine_fixture.h"
#include "support.h"

/* ---- registry ---- */

Test(engine, binds_fixture_predicates_in_text_order)
{
	efx_fixture(efx_kProfiles);
	static const char *const want[][2] = {{"TL.V.1", NULL}, {"TL.A.1", NULL}, {"TL.B.1", NULL},
	                                      {"TL.C.1", "r1"}, {"TL.C.1", "r2"}, {"TL.D.1", NULL},
	                                      {"TL.E.1", NULL}, {"TL.F.1", NULL}, {"TL.S.1", NULL},
	                                      {"TL.W.1", "w1"}, {"TL.W.1", "w2"}};
	size_t n = sizeof want / sizeof *want;
	/* The Scrollhammer and the other made-up rulesets' predicates are
	 * linked too, and left out. */
	cr_assert(eq(sz, arb_oracle_predicate_count(efx_o), n));
	for (size_t i = 0; i < n; i++) {
		const arb_predicate *p = arb_oracle_predicate_at(efx_o, i);
		cr_assert(p != NULL);
		STR_EQ(p->ruleset, "testland");
		STR_EQ(p->clause, want[i][0]);
		if (want[i][1])
			STR_EQ(p->reading, want[i][1]);
		else
			cr_assert(eq(ptr, (void *)p->reading, NULL), "%s", p->clause);
	}
	cr_assert(eq(ptr, (void *)arb_oracle_predicate_at(efx_o, n), NULL));
}

Test(engine, stale_fingerprint_detected)
{
	efx_fixture(efx_kProfiles);
	size_t n = arb_oracle_predicate_count(efx_o), stale = 0;
	for (size_t i = 0; i < n; i++) {
		const arb_predicate *p = arb_oracle_predicate_at(efx_o, i);
		const arb_clause *c = arb_rulebook_clause(efx_rb, p->clause);
		bool differs = strcmp(c->fingerprint, p->fingerprint) != 0;
		cr_assert(eq(int, arb_oracle_predicate_stale(efx_o, i), differs), "%s", p->clause);
		if (arb_oracle_predicate_stale(efx_o, i)) {
			STR_EQ(p->clause, "TL.S.1");
			stale++;
		}
	}
	cr_assert(eq(sz, stale, 1), "only TL.S.1 is stale");
	cr_assert(not(arb_oracle_predicate_stale(efx_o, n)));
}

Test(engine, unencoded_clauses)
{
	efx_fixture(efx_kProfiles);
	const arb_clause *out[8] = {0};
	/* Flavour (TL.G.1) and convention clauses need no predicate. */
	cr_assert(eq(sz, arb_oracle_unencoded(efx_o, "testland", out, 8), 1));
	STR_EQ(out[0]->id, "TL.H.1");
	cr_assert(eq(sz, arb_oracle_unencoded(efx_o, NULL, out, 8), 1));
	cr_assert(eq(sz, arb_oracle_unencoded(efx_o, "testland", NULL, 0), 1));
	cr_assert(eq(sz, arb_oracle_unencoded(efx_o, "grit", out, 8), 0));
}

Test(engine, real_rulebook_skips_fixture_predicates)
{
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&o, rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(arb_oracle_predicate_count(o) > 0);
	/* every predicate bound is of a ruleset of spec/, none of a fixture's */
	for (size_t i = 0; i < arb_oracle_predicate_count(o); i++)
		cr_assert(arb_rulebook_has_ruleset(rb, arb_oracle_predicate_at(o, i)->ruleset),
		          "%s", arb_oracle_predicate_at(o, i)->ruleset);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
}

/* Runs arb_oracle_new on the rulebook in efx_spec and checks the error. */
static void expect_oracle_error(int code, const char *field, const arb_predicate *const *preds,
                                size_t n_preds, const char *needle)
{
	efx_rb = efx_load_rb();
	arb_oracle *o = (arb_oracle *)1;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&o, efx_rb, &err);
	arb_error_format(&err, buf, sizeof buf);
	if (rc == ARB_OK)
		arb_oracle_free(o);
	cr_assert(eq(int, rc, code), "%s", buf);
	cr_assert(eq(ptr, (void *)o, NULL));
	cr_assert(eq(int, err.code, code));
	/* The error names the predicate's source file and line. */
	cr_assert(eq(str, err.file, (char *)"tests/test_engine_fixture.c"), "%s", buf);
	bool line_ok = false;
	for (size_t i = 0; i < n_preds; i++)
		line_ok = line_ok || err.line == preds[i]->src_line;
	cr_assert(line_ok, "line %ld is not a predicate's: %s", err.line, buf);
	cr_assert(eq(str, err.field, (char *)field), "%s", buf);
	cr_assert(strstr(err.message, needle) != NULL, "message '%s' lacks '%s'", err.message,
	          needle);
}

Test(engine, oracle_error_clause_missing_from_spec)
{
	efx_write_testland(efx_kProfiles, "TL.D.1");
	const arb_predicate *p[] = {efx_pred_tl_d};
	expect_oracle_error(ARB_EINPUT, "clause", p, 1, "TL.D.1");
}

Test(engine, oracle_error_predicate_for_advisory_clause)
{
	efx_put("spec/conventions.md", efx_kConv);
	efx_write_ruleset("advland", "AD", "{#AD.X.1 advisory}\nFeel free to place a marker.\n");
	const arb_predicate *p[] = {efx_pred_ad_x};
	expect_oracle_error(ARB_EINPUT, "clause", p, 1, "advisory");
}

Test(engine, oracle_error_parameter_not_declared)
{
	efx_put("spec/conventions.md", efx_kConv);
	efx_write_ruleset("parland", "PL", "{#PL.X.1 constraint}\nStay within [1\"]{one}.\n");
	const arb_predicate *p[] = {efx_pred_pl_x};
	expect_oracle_error(ARB_EINPUT, "params", p, 1, "'nope'");
}

Test(engine, oracle_error_two_predicates_without_readings)
{
	efx_put("spec/conventions.md", efx_kConv);
	efx_write_ruleset("dupland", "DU", "{#DU.X.1 constraint}\nDo it once.\n");
	const arb_predicate *p[] = {efx_pred_du_x1, efx_pred_du_x2};
	expect_oracle_error(ARB_EINPUT, "reading", p, 2, "DU.X.1");
}

Test(engine, oracle_error_predicate_ruleset_differs_from_clause)
{
	efx_write_testland(efx_kProfiles, NULL);
	efx_write_ruleset("mixland", "MX", "{#MX.X.1 constraint}\nMix.\n");
	const arb_predicate *p[] = {efx_pred_mx_x};
	expect_oracle_error(ARB_EINPUT, "ruleset", p, 1, "mixland");
}

/* ---- parameters ---- */

/* yardland's [3 yards]{sight} in inches, the yard set by CONV.UNIT.3
 * (conv_yard) and, when not NULL, by a clause of yardland's own (own). */
static int yard_oracle(const char *conv_yard, const char *own, arb_error *err)
{
	char conv[1024], text[512];
	if (conv_yard)
		snprintf(
		    conv, sizeof conv,
		    "%s\n{#CONV.UNIT.3 convention when=unit:yd|yard}\nPlayed with [%s]{yard} on "
		    "the table to the yard.\n",
		    efx_kConv, conv_yard);
	else
		snprintf(conv, sizeof conv, "%s", efx_kConv);
	efx_put("spec/conventions.md", conv);
	snprintf(text, sizeof text, "{#YL.Y.1 derivation}\nThe sight is [3yd]{sight}.\n%s%s",
	         own ? "\n{#YL.Z.1 advisory}\nPlay with " : "", own ? own : "");
	efx_write_ruleset("yardland", "YL", text);
	efx_rb = efx_load_rb();
	arb_error_clear(err);
	return arb_oracle_new(&efx_o, efx_rb, err);
}

static double yard_sight(void)
{
	arb_scenario *s = efx_scen();
	s->ruleset = "yardland";
	s->context.subphase = NULL;
	s->units[0].formation = NULL;
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(sz, v->n_values, 1));
	double x = v->values[0].value;
	arb_verdict_free(v);
	arb_scenario_free(s);
	return x;
}

/* A made-up ruleset of two clauses, PREFIX.A.1 and PREFIX.B.1, bound to
 * the predicates above, and a scenario of it. */
static arb_scenario *two_clause_scenario(const char *ruleset, const char *prefix)
{
	char text[128];
	snprintf(text, sizeof text, "{#%s.A.1 constraint}\nOne.\n\n{#%s.B.1 constraint}\nTwo.\n",
	         prefix, prefix);
	efx_put("spec/conventions.md", efx_kConv);
	efx_write_ruleset(ruleset, prefix, text);
	efx_rb = efx_load_rb();
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_oracle_new(&efx_o, efx_rb, &err), ARB_OK));
	arb_scenario *s = efx_scen();
	s->ruleset = ruleset;
	s->context.subphase = NULL;
	s->units[0].formation = NULL;
	return s;
}

Test(engine, a_memo_is_made_once_per_judgement_and_freed)
{
	arb_scenario *s = two_clause_scenario("memoland", "ML");
	efx_memo_made = efx_memo_freed = 0;
	for (int k = 1; k <= 2; k++) {
		arb_verdict *v = efx_judge(s, NULL);
		cr_assert(eq(sz, v->n_trace, 2));
		STR_EQ(v->trace[0].result.explanation, "shared 42");
		STR_EQ(v->trace[1].result.explanation, "shared 42");
		/* two predicates, one value per judgement, freed when it ends */
		cr_assert(eq(int, efx_memo_made, k));
		cr_assert(eq(int, efx_memo_freed, k));
		arb_verdict_free(v);
	}
	arb_scenario_free(s);
}

Test(engine, a_predicates_scratch_lives_as_long_as_its_judgement)
{
	arb_scenario *s = two_clause_scenario("scratchland", "SL");
	/* twice: the second judgement's scratch is zeroed again (the first
	 * left its pieces patterned); the sanitizer build sees no leak */
	for (int k = 0; k < 2; k++) {
		arb_verdict *v = efx_judge(s, NULL);
		cr_assert(eq(sz, v->n_trace, 2));
		cr_assert(eq(int, v->trace[0].result.outcome, ARB_HOLDS));
		cr_assert(eq(int, v->trace[1].result.outcome, ARB_HOLDS));
		arb_verdict_free(v);
	}
	arb_scenario_free(s);
}

/* The arena a reader empties for each row, and one whose first block is
 * the caller's: what is taken after a reset is zeroed; nothing leaks and
 * nothing of the caller's is freed (the sanitizer build sees both). */
Test(engine, an_arena_emptied_or_on_a_buffer)
{
	arb_arena *a = arb__arena_new();
	cr_assert(a != NULL);
	arb__arena_reset(NULL);
	arb__arena_reset(a); /* empty: nothing to do */
	for (int round = 0; round < 3; round++) {
		unsigned char *small = arb__arena_alloc(a, 100), *big = arb__arena_alloc(a, 10000);
		cr_assert(small && big);
		for (size_t i = 0; i < 10000; i++)
			cr_assert(big[i] == 0, "round %d, byte %zu", round, i);
		memset(small, 0xff, 100);
		memset(big, 0xff, 10000);
		arb__arena_reset(a);
	}
	arb__arena_free(a);
	/* an arena that takes everything from a parent: one run while nothing
	 * else is taken from it, freed with the parent, not with itself */
	arb_arena *slab = arb__arena_new(), *child = arb__arena_new();
	cr_assert(slab && child);
	child->parent = slab;
	char *c1 = arb__arena_alloc(child, 40), *c2 = arb__arena_alloc(child, 1000);
	cr_assert(c1 && c2);
#ifndef ARB_ASAN
	const size_t al = sizeof(max_align_t); /* what each size is rounded up to */
	bool next_to = c2 == c1 + (40 + al - 1) / al * al;
	cr_assert(next_to);
	cr_assert(eq(sz, child->n_run, 1));
	bool one_run = child->run[0].lo == c1 && child->run[0].hi == c2 + (1000 + al - 1) / al * al;
	cr_assert(one_run);
#endif
	cr_assert(arb__arena_alloc(slab, 16) != NULL); /* someone else's */
	cr_assert(arb__arena_alloc(child, 16) != NULL);
#ifndef ARB_ASAN
	cr_assert(eq(sz, child->n_run, 2));
#endif
	cr_assert(arb__arena_alloc(child, 5000) != NULL); /* past the slab's block */
#ifndef ARB_ASAN
	cr_assert(eq(sz, child->n_run, 3));
#else
	/* each allocation a block of the parent's own: no two side by side */
	cr_assert(eq(sz, child->n_run, 4));
#endif
	arb__arena_prefetch(child);
	arb__arena_free(child);
	c1[0] = 1; /* still the slab's */
	arb__arena_free(slab);
	max_align_t buf[64];
	arb_arena on = {NULL};
	arb__arena_init_buf(&on, buf, sizeof buf);
	unsigned char *p = arb__arena_alloc(&on, 64), *q = arb__arena_alloc(&on, 4096);
	cr_assert(p && q);
	bool in_buffer = (void *)p > (void *)buf && (void *)p < (void *)(buf + 64);
#ifndef ARB_ASAN
	cr_assert(in_buffer);
#else
	cr_assert(not(in_buffer)); /* under AddressSanitizer each its own heap block */
#endif
	arb__arena_release(&on);
	cr_assert(on.head == NULL);
	arb__arena_init_buf(&on, buf, 8); /* too small: no first block */
	cr_assert(on.head == NULL);
	cr_assert(arb__arena_alloc(&on, 16) != NULL);
	arb__arena_release(&on);
}

Test(engine, yards_by_the_conventions_scale)
{
	arb_error err;
	char buf[1024];
	cr_assert(eq(int, yard_oracle("2\"", NULL, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	/* 3 yd at CONV.UNIT.3's 2" to the yard */
	cr_assert(epsilon_eq(dbl, yard_sight(), 6.0, 1e-12));
}

Test(engine, yards_by_a_scale_in_millimetres)
{
	arb_error err;
	char buf[1024];
	cr_assert(eq(int, yard_oracle("50.8mm", NULL, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(epsilon_eq(dbl, yard_sight(), 6.0, 1e-12)); /* 3 yd at 2" */
}

Test(engine, yards_by_the_rulesets_own_scale)
{
	arb_error err;
	char buf[1024];
	cr_assert(eq(int, yard_oracle("2\"", "[1.5\"]{yard} to the yard.\n", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	/* the ruleset states its own scale: 3 yd at 1.5" */
	cr_assert(epsilon_eq(dbl, yard_sight(), 4.5, 1e-12));
}

Test(engine, yards_with_no_scale_are_an_error)
{
	arb_error err;
	/* no CONV.UNIT.3, and the ruleset states no scale */
	cr_assert(eq(int, yard_oracle(NULL, NULL, &err), ARB_EINPUT));
	cr_assert(strstr(err.message, "is in yards, and no clause says how many inches") != NULL,
	          "%s", err.message);
}

Test(engine, a_terse_judgement_has_the_same_verdict_and_no_explanations)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	efx_fact(s, "e", "1");
	arb_verdict *full = efx_judge(s, NULL), *terse = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge_ex(&terse, efx_o, s, NULL, ARB_JUDGE_TERSE, &err), ARB_OK));
	cr_assert(eq(int, terse->kind, full->kind));
	/* efx_joined() returns one static buffer: one side is copied first. */
	char want[1024];
	snprintf(want, sizeof want, "%s", efx_joined(full->violates, full->n_violates));
	cr_assert(ne(sz, full->n_violates, 0), "the fixture violates something");
	STR_EQ(efx_joined(terse->violates, terse->n_violates), want);
	cr_assert(eq(sz, terse->n_trace, full->n_trace));
	cr_assert(eq(sz, terse->n_values, full->n_values));
	for (size_t i = 0; i < full->n_trace; i++) {
		cr_assert(eq(int, terse->trace[i].result.outcome, full->trace[i].result.outcome));
		STR_EQ(terse->trace[i].result.explanation, "");
	}
	STR_EQ(efx_trace_of(full, "TL.A.1", NULL)->result.explanation, "a is no, limit 6 in");
	arb_verdict_free(terse);
	arb_verdict_free(full);
	arb_scenario_free(s);
}

Test(engine, parameters_are_read_in_inches)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	efx_fact(s, "e", "1");
	efx_fact(s, "f", "1");
	arb_verdict *v = efx_judge(s, NULL);
	/* TL.A.1 reads its own [6"]{lim}. */
	STR_EQ(efx_trace_of(v, "TL.A.1", NULL)->result.explanation, "a is no, limit 6 in");
	/* Values collected, sorted by name: lim (TL.F.1 reading TL.A.1:lim),
	 * x (TL.E.1's 76.2 mm in inches). */
	cr_assert(eq(sz, v->n_values, 2));
	STR_EQ(v->values[0].name, "lim");
	cr_assert(epsilon_eq(dbl, v->values[0].value, 6.0, 1e-12));
	STR_EQ(v->values[1].name, "x");
	cr_assert(epsilon_eq(dbl, v->values[1].value, 3.0, 1e-12));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, undeclared_parameter_read_is_an_internal_error)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "fault");
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_judge(&v, efx_o, s, NULL, &err);
	cr_assert(eq(int, rc, ARB_EINTERNAL));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.file, (char *)"tests/test_engine_fixture.c"));
	cr_assert(eq(long, err.line, efx_pred_tl_a->src_line));
	cr_assert(eq(str, err.field, "params"));
	cr_assert(strstr(err.message, "undeclared") != NULL, "%s", err.message);
	arb_scenario_free(s);
}

/* ---- verdicts ---- */

Test(engine, not_applicable_when_no_predicate_applies)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_NOT_APPLICABLE));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	cr_assert(eq(sz, v->n_disputed, 0));
	cr_assert(eq(sz, v->n_values, 0));
	/* Every predicate of the ruleset was consulted, in text order. */
	cr_assert(eq(sz, v->n_trace, 11));
	STR_EQ(v->scenario_id, "T-1");
	for (size_t i = 0; i < v->n_trace; i++) {
		cr_assert(eq(int, v->trace[i].result.outcome, ARB_NA));
		cr_assert(
		    eq(ptr, (void *)v->trace[i].pred, (void *)arb_oracle_predicate_at(efx_o, i)));
	}
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, legal_when_a_constraint_holds)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	const arb_trace *t = efx_trace_of(v, "TL.A.1", NULL);
	cr_assert(eq(int, t->result.outcome, ARB_HOLDS));
	STR_EQ(t->result.subject, "u1");
	cr_assert(eq(ptr, (void *)t->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, illegal_lists_violated_clauses_sorted)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	/* TL.V.1 is judged before TL.A.1; the list is sorted. */
	efx_fact(s, "v", "no");
	efx_fact(s, "a", "no");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1 TL.V.1");
	cr_assert(eq(sz, v->n_disputed, 0));
	cr_assert(eq(int, efx_trace_of(v, "TL.V.1", NULL)->result.outcome, ARB_VIOLATED));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, predicates_apply_to_their_actions_and_phases)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "v", "no");
	efx_fact(s, "e", "1");
	/* TL.V.1 applies to "move" only. */
	s->action.type = "charge";
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 10));
	for (size_t i = 0; i < v->n_trace; i++)
		cr_assert(ne(str, (char *)v->trace[i].pred->clause, "TL.V.1"));
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	/* Only TL.E.1 ("*") applies in the shooting phase. */
	s->action.type = "move";
	s->context.phase = "shooting";
	s->context.subphase = NULL;
	v = efx_judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 1));
	STR_EQ(v->trace[0].pred->clause, "TL.E.1");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(sz, v->n_values, 1));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, conflict_without_precedence)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	efx_fact(s, "b", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_CONFLICT));
	IDS_EQ(v->disputed, v->n_disputed, "TL.A.1 TL.B.1");
	/* The violated clause is still listed (docs/encoding, "Verdicts"). */
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	cr_assert(eq(ptr, (void *)efx_trace_of(v, "TL.A.1", NULL)->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, declared_precedence_removes_the_conflict)
{
	char body[1024];
	snprintf(body, sizeof body, "%s%s", efx_kPrecedence, efx_kProfiles);
	efx_fixture(body);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	efx_fact(s, "b", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	cr_assert(eq(sz, v->n_disputed, 0));
	const arb_trace *t = efx_trace_of(v, "TL.A.1", NULL);
	cr_assert(eq(int, t->result.outcome, ARB_VIOLATED), "the trace keeps the answer");
	STR_EQ(t->overridden_by, "TL.B.1");
	cr_assert(eq(ptr, (void *)efx_trace_of(v, "TL.B.1", NULL)->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, precedence_needs_an_applicable_winner)
{
	char body[1024];
	snprintf(body, sizeof body, "%s%s", efx_kPrecedence, efx_kProfiles);
	efx_fixture(body);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	cr_assert(eq(ptr, (void *)efx_trace_of(v, "TL.A.1", NULL)->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, readings_disagree)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "c1", "no");
	efx_fact(s, "c2", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "TL.C.1");
	cr_assert(eq(sz, v->n_violates, 0), "a clause whose readings disagree is not listed");
	cr_assert(not(efx_trace_of(v, "TL.C.1", "r1")->not_selected));
	cr_assert(not(efx_trace_of(v, "TL.C.1", "r2")->not_selected));
	arb_verdict_free(v);
	/* The profile "all" is the same as none. */
	v = efx_judge(s, "all");
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, readings_that_agree_are_no_dispute)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "c1", "no");
	efx_fact(s, "c2", "no");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->violates, v->n_violates, "TL.C.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, profile_selects_a_reading)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "c1", "no");
	efx_fact(s, "c2", "yes");
	arb_verdict *v = efx_judge(s, "pick1");
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->violates, v->n_violates, "TL.C.1");
	cr_assert(not(efx_trace_of(v, "TL.C.1", "r1")->not_selected));
	cr_assert(efx_trace_of(v, "TL.C.1", "r2")->not_selected);
	arb_verdict_free(v);

	v = efx_judge(s, "pick2");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	cr_assert(efx_trace_of(v, "TL.C.1", "r1")->not_selected);
	cr_assert(not(efx_trace_of(v, "TL.C.1", "r2")->not_selected));
	/* Clauses without readings are never "not selected". */
	cr_assert(not(efx_trace_of(v, "TL.A.1", NULL)->not_selected));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, profile_selecting_a_reading_no_predicate_has_is_an_error)
{
	/* "- TL.C.1: r3" (a typo) selects a reading no predicate encodes: every
	 * reading of TL.C.1 would be "not selected" and the clause silently
	 * skipped. arb_oracle_new (or at the latest arb_judge with that
	 * profile) must refuse it. */
	char body[1024];
	snprintf(body, sizeof body, "%s\n### Profile typo\n\n- TL.C.1: r3\n", efx_kProfiles);
	efx_write_testland(body, NULL);
	efx_rb = efx_load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&efx_o, efx_rb, &err);
	if (rc != ARB_OK) {
		cr_assert(eq(int, rc, ARB_EINPUT), "%s", arb_error_format(&err, buf, sizeof buf));
		cr_assert(strstr(err.message, "r3") != NULL, "%s", err.message);
		return;
	}
	arb_scenario *s = efx_scen();
	efx_fact(s, "c1", "no");
	efx_fact(s, "c2", "no");
	arb_verdict *v = NULL;
	rc = arb_judge(&v, efx_o, s, "typo", &err);
	arb_verdict_kind kind = v ? v->kind : ARB_V_LEGAL;
	arb_verdict_free(v);
	arb_scenario_free(s);
	if (rc == ARB_OK)
		cr_assert(eq(int, kind, ARB_V_ILLEGAL),
		          "profile typo silently dropped TL.C.1: verdict %s",
		          arb_verdict_kind_name(kind));
	cr_assert(eq(int, rc, ARB_EINPUT), "judging with profile 'typo' must fail");
	cr_assert(strstr(err.message, "r3") != NULL, "%s", err.message);
}

Test(engine, unknown_profile_is_an_error)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, efx_o, s, "pick3", &err), ARB_EINPUT));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.field, "profile"));
	cr_assert(eq(str, err.file, "fixture.csv"));
	cr_assert(eq(long, err.line, 7));
	cr_assert(strstr(err.message, "pick3") != NULL, "%s", err.message);
	arb_scenario_free(s);
}

Test(engine, gap_when_only_an_undecided_clause_applies)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "d", "open");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	IDS_EQ(v->disputed, v->n_disputed, "TL.D.1");
	cr_assert(eq(sz, v->n_violates, 0));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, undecided_constraint_beside_one_that_holds_is_a_gap)
{
	/* Both constraints must hold for the move to be allowed: TL.A.1 holding
	 * does not decide what the undecided TL.D.1 leaves open (until
	 * grit-needs.md 16 this was legal, TL.D.1 unnamed) */
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "d", "open");
	efx_fact(s, "a", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	IDS_EQ(v->disputed, v->n_disputed, "TL.D.1");
	cr_assert(eq(sz, v->n_violates, 0));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, undecided_and_violated_is_illegal)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "d", "open");
	efx_fact(s, "a", "no");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, illegal_dominates_a_dispute_on_another_question)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	efx_fact(s, "c1", "no");
	efx_fact(s, "c2", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, disputes_on_two_questions_combine)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "no");
	efx_fact(s, "b", "yes");
	efx_fact(s, "c1", "no");
	efx_fact(s, "c2", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "TL.A.1 TL.B.1 TL.C.1");
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, permission_alone_is_legal)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "b", "yes");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, efx_trace_of(v, "TL.B.1", NULL)->result.outcome, ARB_PERMITS));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, judge_validates_the_scenario_first)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[0].formation = "blob";
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, efx_o, s, NULL, &err), ARB_EINPUT));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.field, "units"));
	arb_scenario_free(s);
}

Test(engine, judge_ex_without_the_validated_flag_still_validates)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[0].formation = "blob";
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge_ex(&v, efx_o, s, NULL, ARB_JUDGE_TERSE, &err), ARB_EINPUT));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.field, "units"));
	arb_scenario_free(s);
}

Test(engine, verdict_free_accepts_null)
{
	arb_verdict_free(NULL);
	arb_oracle_free(NULL);
	STR_EQ(arb_outcome_name(ARB_VIOLATED), "violated");
	STR_EQ(arb_outcome_name(ARB_UNDECIDED), "undecided");
	STR_EQ(arb_outcome_name((arb_outcome)99), "?");
}
