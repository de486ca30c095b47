/* test_engine_fixture.c: the fixture of the unit tests of the registry
 * (oracle/oracle.c) and the engine (oracle/engine.c), arbiter.h sections 5
 * and 6: test_engine.c and test_engine_checks.c (engine_fixture.h).
 *
 * The fixture is a made-up ruleset "testland" (prefix TL) written by each
 * test to a temporary spec directory, and the predicates below, declared
 * with ARB_PREDICATE like the real ones. They are linked into the unit-test
 * binary beside the Scrollhammer predicates; arb_oracle_new binds only the
 * predicates of rulesets the rulebook contains, so the fixture rulebook
 * sees these and the real rulebook does not. Every fixture predicate
 * answers from a scenario fact, so that one scenario builder can drive
 * every outcome:
 *
 *   clause  kind        question   fact   answer
 *   TL.V.1  constraint  q.two      v      no: violated (action move only)
 *   TL.A.1  constraint  q.one      a      no: violated, yes: holds, reads lim
 *   TL.B.1  permission  q.one      b      yes: permits
 *   TL.C.1  constraint  q.chain    c1,c2  readings r1 (c1) and r2 (c2):
 *                                         no: violated, yes: holds
 *   TL.D.1  constraint  q.one      d      open: undecided
 *   TL.E.1  derivation  value.x    e      value x = its [76.2mm]{range} = 3 in
 *                                         (any action, any phase)
 *   TL.F.1  derivation  value.lim  f      value lim = TL.A.1:lim = 6 in
 *   TL.S.1  constraint  q.stale    -      not applicable; its fingerprint is
 *                                         deliberately stale
 *   TL.G.1  flavour, TL.H.1 procedure: no predicate.
 *
 * Otherwise a predicate is not applicable. The fingerprints were computed
 * once with arb_fingerprint on the clause texts (parameters as {name}).
 *
 * Other made-up rulesets exercise arb_oracle_new's errors; each appears
 * only in the rulebook of its own test: advland (a predicate for an
 * advisory clause), parland (a parameter its clause does not declare),
 * dupland (two predicates for one clause without readings) and mixland (a
 * predicate whose ruleset is not its clause's). manyland has one clause
 * read 300 ways, more predicates than arb_judge keeps scratch room for on
 * its stack.
 */
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

/* ---- fixture predicates ---- */

static bool fact_is(const arb_eval *ev, const char *name, const char *value)
{
	const char *f = arb_scenario_fact(arb_eval_scenario(ev), name);
	return f && strcmp(f, value) == 0;
}

static bool has_fact(const arb_eval *ev, const char *name)
{
	return arb_scenario_fact(arb_eval_scenario(ev), name) != NULL;
}

/* Violated on "no", holds on "yes", else not applicable. */
static void yes_no(const arb_eval *ev, arb_result *r, const char *fact)
{
	if (fact_is(ev, fact, "no")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is no", fact);
	} else if (fact_is(ev, fact, "yes")) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s is yes", fact);
	} else {
		r->outcome = ARB_NA;
	}
}

ARB_PREDICATE(tl_v, .clause = "TL.V.1", .ruleset = "testland", .actions = "move",
              .phases = "movement", .question = "q.two", .fingerprint = "37eb0e5634a77a53")
{
	yes_no(ev, r, "v");
}

ARB_PREDICATE(tl_a, .clause = "TL.A.1", .ruleset = "testland", .actions = "move charge",
              .phases = "movement", .question = "q.one", .params = "lim",
              .fingerprint = "997408343b36ce48")
{
	double lim = arb_eval_param(ev, "lim");
	if (fact_is(ev, "a", "fault")) {
		(void)arb_eval_param(ev, "undeclared");
		r->outcome = ARB_HOLDS;
		return;
	}
	yes_no(ev, r, "a");
	if (r->outcome != ARB_NA) {
		r->subject = "u1";
		arb_result_explain(r, "a is %s, limit %g in",
		                   arb_scenario_fact(arb_eval_scenario(ev), "a"), lim);
	}
}

ARB_PREDICATE(tl_b, .clause = "TL.B.1", .ruleset = "testland", .actions = "move charge",
              .phases = "movement", .question = "q.one", .fingerprint = "8e7ecdeea13129ed")
{
	r->outcome = fact_is(ev, "b", "yes") ? ARB_PERMITS : ARB_NA;
}

ARB_PREDICATE(tl_c_r1, .clause = "TL.C.1", .reading = "r1", .ruleset = "testland",
              .actions = "move charge", .phases = "movement", .question = "q.chain",
              .fingerprint = "91fe7841568e6d3d")
{
	yes_no(ev, r, "c1");
}

ARB_PREDICATE(tl_c_r2, .clause = "TL.C.1", .reading = "r2", .ruleset = "testland",
              .actions = "move charge", .phases = "movement", .question = "q.chain",
              .fingerprint = "91fe7841568e6d3d")
{
	yes_no(ev, r, "c2");
}

/* TL.W.1's readings derive the value w from the facts w1 and w2. */
static void width(const arb_eval *ev, arb_result *r, const char *fact)
{
	const char *w = arb_scenario_fact(arb_eval_scenario(ev), fact);
	if (!w) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "w", atof(w));
}

ARB_PREDICATE(tl_w_w1, .clause = "TL.W.1", .reading = "w1", .ruleset = "testland",
              .actions = "move charge", .phases = "movement", .question = "value.w",
              .fingerprint = "2ba260f65ef0211f")
{
	width(ev, r, "w1");
}

ARB_PREDICATE(tl_w_w2, .clause = "TL.W.1", .reading = "w2", .ruleset = "testland",
              .actions = "move charge", .phases = "movement", .question = "value.w",
              .fingerprint = "2ba260f65ef0211f")
{
	width(ev, r, "w2");
}

ARB_PREDICATE(tl_d, .clause = "TL.D.1", .ruleset = "testland", .actions = "move charge",
              .phases = "movement", .question = "q.one", .fingerprint = "f16347eba1424605")
{
	r->outcome = fact_is(ev, "d", "open") ? ARB_UNDECIDED : ARB_NA;
}

ARB_PREDICATE(tl_e, .clause = "TL.E.1", .ruleset = "testland", .actions = "*", .phases = "*",
              .question = "value.x", .params = "range", .fingerprint = "6cf6aa1c67013be8")
{
	if (!has_fact(ev, "e")) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "x", arb_eval_param(ev, "range"));
}

ARB_PREDICATE(tl_f, .clause = "TL.F.1", .ruleset = "testland", .actions = "move charge",
              .phases = "movement", .question = "value.lim", .params = "TL.A.1:lim",
              .fingerprint = "1cef30debfd6c63f")
{
	if (!has_fact(ev, "f")) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "lim", arb_eval_param(ev, "TL.A.1:lim"));
}

ARB_PREDICATE(tl_s, .clause = "TL.S.1", .ruleset = "testland", .actions = "move charge",
              .phases = "movement", .question = "q.stale", .fingerprint = "0000000000000000")
{
	(void)ev;
	r->outcome = ARB_NA;
}

/* advland: a predicate for an advisory clause. */
ARB_PREDICATE(ad_x, .clause = "AD.X.1", .ruleset = "advland", .actions = "*", .phases = "*",
              .question = "q", .fingerprint = "f2dffc039b6ac532")
{
	(void)ev;
	r->outcome = ARB_NA;
}

/* parland: reads a parameter that its clause does not declare. */
ARB_PREDICATE(pl_x, .clause = "PL.X.1", .ruleset = "parland", .actions = "*", .phases = "*",
              .question = "q", .params = "one nope", .fingerprint = "bc4032fd6c9566e9")
{
	(void)ev;
	r->outcome = ARB_NA;
}

/* memoland: two predicates share one value per judgement (arb_eval_memo). */
int efx_memo_made;
int efx_memo_freed;
static char g_memo_key;

static void *memo_make(const arb_eval *ev)
{
	int *n = malloc(sizeof *n);
	if (n)
		*n = (int)arb_eval_scenario(ev)->n_units + 40;
	efx_memo_made++;
	return n;
}

static void memo_free(void *p)
{
	efx_memo_freed++;
	free(p);
}

static void memo_read(const arb_eval *ev, arb_result *r)
{
	const int *n = arb_eval_memo(ev, &g_memo_key, memo_make, memo_free);
	r->outcome = n && *n == 42 ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "shared %d", n ? *n : -1);
}

ARB_PREDICATE(ml_a, .clause = "ML.A.1", .ruleset = "memoland", .actions = "*", .phases = "*",
              .question = "q.a", .fingerprint = "0000000000000000")
{
	memo_read(ev, r);
}

ARB_PREDICATE(ml_b, .clause = "ML.B.1", .ruleset = "memoland", .actions = "*", .phases = "*",
              .question = "q.b", .fingerprint = "0000000000000000")
{
	memo_read(ev, r);
}

/* scratchland: memory that lives as long as the judgement
 * (arb_eval_alloc): zeroed, past the stack's share too, shared through a
 * memo without a free function, refused when n * size overflows. */
static char g_scratch_key;

static void *scratch_make(const arb_eval *ev)
{
	int *n = arb_eval_alloc(ev, 1, sizeof *n);
	if (n)
		*n = 7;
	return n;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

ARB_PREDICATE(sl_a, .clause = "SL.A.1", .ruleset = "scratchland", .actions = "*", .phases = "*",
              .question = "q.a", .fingerprint = "0000000000000000")
{
	bool ok = true;
	/* many small pieces, then pieces bigger than the whole stack's share */
	for (size_t k = 1; ok && k <= 64; k++) {
		unsigned char *p = arb_eval_alloc(ev, k, 24);
		ok = p && all_zero(p, k * 24);
		if (p)
			memset(p, 0xa5, k * 24);
	}
	for (size_t k = 0; ok && k < 3; k++) {
		unsigned char *big = arb_eval_alloc(ev, 40000, 1);
		ok = big && all_zero(big, 40000);
		if (big)
			memset(big, 0x5a, 40000);
	}
	ok = ok && !arb_eval_alloc(ev, SIZE_MAX / 2, 4);
	const int *n = arb_eval_memo(ev, &g_scratch_key, scratch_make, NULL);
	r->outcome = ok && n && *n == 7 ? ARB_HOLDS : ARB_VIOLATED;
}

ARB_PREDICATE(sl_b, .clause = "SL.B.1", .ruleset = "scratchland", .actions = "*", .phases = "*",
              .question = "q.b", .fingerprint = "0000000000000000")
{
	/* the value SL.A.1's memo made, in the same judgement's scratch */
	const int *n = arb_eval_memo(ev, &g_scratch_key, scratch_make, NULL);
	r->outcome = n && *n == 7 ? ARB_HOLDS : ARB_VIOLATED;
}

/* yardland: a parameter in yards, read in inches on the table. */
ARB_PREDICATE(yl_y, .clause = "YL.Y.1", .ruleset = "yardland", .actions = "*", .phases = "*",
              .question = "value.sight", .params = "sight", .fingerprint = "0000000000000000")
{
	r->outcome = ARB_VALUE;
	arb_result_value(r, "sight", arb_eval_param(ev, "sight"));
}

/* tableland: parameters the text promises "on the table below" and does
 * not give ({ref:?table NAME}); an errata table may give them. TB.T.1
 * reads its one value, TB.K.1 the row of the key the fact "key" names. */
ARB_PREDICATE(tb_t, .clause = "TB.T.1", .ruleset = "tableland", .actions = "*", .phases = "*",
              .question = "value.allowance", .params = "allowance",
              .fingerprint = "0000000000000000")
{
	double x;
	if (!arb_eval_param_known(ev, "allowance", &x)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "the allowance is on a table the text does not contain");
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "allowance", x);
}

ARB_PREDICATE(tb_k, .clause = "TB.K.1", .ruleset = "tableland", .actions = "*", .phases = "*",
              .question = "value.range", .params = "range", .fingerprint = "0000000000000000")
{
	double x;
	const char *key = arb_scenario_fact(arb_eval_scenario(ev), "key");
	if (!key) {
		r->outcome = ARB_NA;
		return;
	}
	if (!arb_eval_param_row(ev, "range", key, &x)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "no row %s on the range table", key);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "range", x);
}

/* dupland: two predicates of one clause, neither with a reading. */
ARB_PREDICATE(du_x1, .clause = "DU.X.1", .ruleset = "dupland", .actions = "*", .phases = "*",
              .question = "q", .fingerprint = "93b9e10303f3b728")
{
	(void)ev;
	r->outcome = ARB_NA;
}

ARB_PREDICATE(du_x2, .clause = "DU.X.1", .ruleset = "dupland", .actions = "*", .phases = "*",
              .question = "q", .fingerprint = "93b9e10303f3b728")
{
	(void)ev;
	r->outcome = ARB_NA;
}

/* mixland: says ruleset mixland, names a testland clause. */
ARB_PREDICATE(mx_x, .clause = "TL.A.1", .reading = "mixed", .ruleset = "mixland", .actions = "*",
              .phases = "*", .question = "q", .params = "lim", .fingerprint = "997408343b36ce48")
{
	(void)ev;
	r->outcome = ARB_NA;
}

/* manyland: MA.X.1 read 300 ways (readings r10 to r309, their argument the
 * number): each holds, but r10 is violated on a board wider than 100 in. */
#define MA_RD(a, b)                                                                                \
	{                                                                                          \
		"r" #a #b, (a)*10 + (b)                                                            \
	}
#define MA_RD10(a)                                                                                 \
	MA_RD(a, 0), MA_RD(a, 1), MA_RD(a, 2), MA_RD(a, 3), MA_RD(a, 4), MA_RD(a, 5), MA_RD(a, 6), \
	    MA_RD(a, 7), MA_RD(a, 8), MA_RD(a, 9)

ARB_PREDICATE(ma_x, .clause = "MA.X.1", .ruleset = "manyland", .actions = "move",
              .phases = "movement", .question = "q",
              .readings = ARB_READINGS(MA_RD10(1), MA_RD10(2), MA_RD10(3), MA_RD10(4), MA_RD10(5),
                                       MA_RD10(6), MA_RD10(7), MA_RD10(8), MA_RD10(9), MA_RD10(10),
                                       MA_RD10(11), MA_RD10(12), MA_RD10(13), MA_RD10(14),
                                       MA_RD10(15), MA_RD10(16), MA_RD10(17), MA_RD10(18),
                                       MA_RD10(19), MA_RD10(20), MA_RD10(21), MA_RD10(22),
                                       MA_RD10(23), MA_RD10(24), MA_RD10(25), MA_RD10(26),
                                       MA_RD10(27), MA_RD10(28), MA_RD10(29), MA_RD10(30)),
              .fingerprint = "0000000000000000")
{
	bool wide = arb_eval_scenario(ev)->board_w > 100;
	r->outcome = wide && arb_eval_reading_arg(ev) == 10 ? ARB_VIOLATED : ARB_HOLDS;
}

/* ---- the temporary spec directory ---- */

static support_tmpdir efx_tmp;
char efx_spec[128];
arb_rulebook *efx_rb;
arb_oracle *efx_o;

void efx_setup(void)
{
	support_tmpdir_make(&efx_tmp, "engine");
	snprintf(efx_spec, sizeof efx_spec, "%s/spec", efx_tmp.path);
}

void efx_teardown(void)
{
	arb_oracle_free(efx_o);
	arb_rulebook_free(efx_rb);
	efx_o = NULL;
	efx_rb = NULL;
	support_tmpdir_remove(&efx_tmp);
}

TestSuite(engine, .init = efx_setup, .fini = efx_teardown);

void efx_put(const char *rel, const char *text)
{
	support_write(&efx_tmp, rel, text);
}

const char efx_kConv[] = "---\n"
                         "ruleset: conventions\n"
                         "section: conventions\n"
                         "title: Measuring conventions\n"
                         "source: test\n"
                         "---\n"
                         "\n"
                         "{#CONV.TOL.1 convention}\n"
                         "Every comparison with a limit accepts an error of "
                         "[0.000001\"]{tolerance}.\n";

const char efx_kTestlandFm[] =
    "---\n"
    "ruleset: testland\n"
    "title: Testland\n"
    "prefix: TL\n"
    "sections: alpha\n"
    "actions: move, charge\n"
    "phases: movement, shooting\n"
    "subphases: remaining\n"
    "formations: wedge\n"
    "statuses: shaken\n"
    "terrain: wood\n"
    "facts: a:yes|no|fault, b:yes|no, c1:yes|no, c2:yes|no, d:open|shut, e:number, f:number, "
    "v:yes|no, w1:number, w2:number\n"
    "---\n"
    "\n"
    "# Testland\n"
    "\n";

const char efx_kProfiles[] = "## Profiles\n"
                             "\n"
                             "### Profile pick1\n"
                             "\n"
                             "- TL.C.1: r1\n"
                             "\n"
                             "### Profile pick2\n"
                             "\n"
                             "- TL.C.1: r2\n";

const char efx_kPrecedence[] = "## Precedence\n"
                               "\n"
                               "- TL.B.1 overrides TL.A.1\n"
                               "\n";

static const char *const efx_kClauses[][3] = {
    {"TL.V.1", "constraint", "Units never do the thing called v."},
    {"TL.A.1", "constraint", "Models move up to [6\"]{lim}."},
    {"TL.B.1", "permission", "Models may move as far as they like."},
    {"TL.C.1", "constraint", "Models stay in a chain."},
    {"TL.D.1", "constraint", "Models stay near the edge, more or less."},
    {"TL.E.1", "derivation", "The range is [76.2mm]{range}."},
    {"TL.F.1", "derivation", "The limit of the first clause is worth knowing."},
    {"TL.S.1", "constraint", "This clause was edited after its predicate was written."},
    {"TL.W.1", "derivation", "The width is as wide as it gets."},
    {"TL.G.1", "flavour", "Nothing here is a rule."},
    {"TL.H.1", "procedure", "First do this, then do that."},
};

/* Writes conventions.md and testland (without clause `omit`, if not NULL). */
void efx_write_testland(const char *ruleset_body, const char *omit)
{
	char buf[8192];
	efx_put("spec/conventions.md", efx_kConv);
	snprintf(buf, sizeof buf, "%s%s", efx_kTestlandFm, ruleset_body);
	efx_put("spec/testland/ruleset.md", buf);
	size_t k = (size_t)snprintf(buf, sizeof buf,
	                            "---\n"
	                            "ruleset: testland\n"
	                            "section: alpha\n"
	                            "title: Alpha\n"
	                            "source: test\n"
	                            "---\n"
	                            "\n"
	                            "# Alpha\n");
	for (size_t i = 0; i < sizeof efx_kClauses / sizeof *efx_kClauses; i++)
		if (!omit || strcmp(omit, efx_kClauses[i][0]) != 0)
			k += (size_t)snprintf(buf + k, sizeof buf - k, "\n{#%s %s}\n%s\n",
			                      efx_kClauses[i][0], efx_kClauses[i][1],
			                      efx_kClauses[i][2]);
	efx_put("spec/testland/alpha.md", buf);
}

/* Writes a one-section ruleset `name` with the given clause paragraphs. */
void efx_write_ruleset(const char *name, const char *prefix, const char *clauses)
{
	char path[256], buf[4096];
	snprintf(path, sizeof path, "spec/%s/ruleset.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\ntitle: T\nprefix: %s\nsections: main\nactions: move\n"
	         "phases: movement\n---\n",
	         name, prefix);
	efx_put(path, buf);
	snprintf(path, sizeof path, "spec/%s/main.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\nsection: main\ntitle: T\nsource: test\n---\n\n%s", name,
	         clauses);
	efx_put(path, buf);
}

arb_rulebook *efx_load_rb(void)
{
	arb_rulebook *rb = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_rulebook_load(&rb, efx_spec, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	return rb;
}

/* Loads the testland fixture with the given ruleset.md body into efx_rb, efx_o. */
void efx_fixture(const char *ruleset_body)
{
	efx_write_testland(ruleset_body, NULL);
	efx_rb = efx_load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&efx_o, efx_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(efx_o != NULL);
}

/* ---- scenarios ---- */

/* Unit U1 (side A, wedge) with models u1 at (10,10) and u2 at (12,10),
 * unit W1 (side B) with w1; action: move U1, u1 moving to (14,10). */
arb_scenario *efx_scen(void)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = "T-1";
	s->ruleset = "testland";
	s->context.phase = "movement";
	s->context.subphase = "remaining";
	s->context.battle_round = 2;
	s->board_w = 72;
	s->board_h = 48;
	s->src_file = "fixture.csv";
	s->src_line = 7;
	s->units = arb_scenario_alloc(s, 2 * sizeof *s->units);
	s->n_units = 2;
	arb_unit *u = &s->units[0];
	u->id = "U1";
	u->side = "A";
	u->formation = "wedge";
	u->status = arb_scenario_alloc(s, 4 * sizeof *u->status);
	u->models = arb_scenario_alloc(s, 2 * sizeof *u->models);
	u->n_models = 2;
	u->models[0] =
	    (arb_model){.id = "u1", .pos = {10, 10}, .base = {.shape = ARB_BASE_ROUND, .d_mm = 25}};
	u->models[1] =
	    (arb_model){.id = "u2", .pos = {12, 10}, .base = {.shape = ARB_BASE_ROUND, .d_mm = 25}};
	arb_unit *w = &s->units[1];
	w->id = "W1";
	w->side = "B";
	w->models = arb_scenario_alloc(s, sizeof *w->models);
	w->n_models = 1;
	w->models[0] = (arb_model){.id = "w1",
	                           .pos = {40, 40},
	                           .facing_deg = 90,
	                           .base = {.shape = ARB_BASE_RECT, .w_mm = 25, .depth_mm = 50}};
	s->action.type = "move";
	s->action.unit = "U1";
	s->action.paths = arb_scenario_alloc(s, 2 * sizeof *s->action.paths);
	arb_vec2 *pts = arb_scenario_alloc(s, 2 * sizeof *pts);
	pts[0] = (arb_vec2){10, 10};
	pts[1] = (arb_vec2){14, 10};
	s->action.paths[0] = (arb_path){.model = "u1", .pts = pts, .n_pts = 2};
	s->action.n_paths = 1;
	s->facts = arb_scenario_alloc(s, 16 * sizeof *s->facts);
	s->dice = arb_scenario_alloc(s, 4 * sizeof *s->dice);
	return s;
}

void efx_fact(arb_scenario *s, const char *name, const char *value)
{
	s->facts[s->n_facts++] = (arb_fact){.name = name, .value = value};
}

arb_verdict *efx_judge(const arb_scenario *s, const char *profile)
{
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_judge(&v, efx_o, s, profile, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(v != NULL);
	return v;
}

/* The IDs joined by spaces, for comparing a whole list at once. */
const char *efx_joined(const char *const *ids, size_t n)
{
	static char buf[1024];
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? " " : "", ids[i]);
	return buf;
}

const arb_trace *efx_trace_of(const arb_verdict *v, const char *clause, const char *reading)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_predicate *p = v->trace[i].pred;
		if (strcmp(p->clause, clause) == 0 &&
		    (!reading || (p->reading && strcmp(p->reading, reading) == 0)))
			return &v->trace[i];
	}
	cr_fatal("no trace of %s%s%s", clause, reading ? "/" : "", reading ? reading : "");
	return NULL;
}

/* The descriptors the registry tests hand to arb_oracle_new themselves. */
const arb_predicate *const efx_pred_tl_d = &arb__pred_tl_d;
const arb_predicate *const efx_pred_ad_x = &arb__pred_ad_x;
const arb_predicate *const efx_pred_pl_x = &arb__pred_pl_x;
const arb_predicate *const efx_pred_du_x1 = &arb__pred_du_x1;
const arb_predicate *const efx_pred_du_x2 = &arb__pred_du_x2;
const arb_predicate *const efx_pred_mx_x = &arb__pred_mx_x;
const arb_predicate *const efx_pred_tl_a = &arb__pred_tl_a;
