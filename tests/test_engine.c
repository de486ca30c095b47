/* test_engine.c: unit tests of the registry (oracle/oracle.c) and the
 * engine (oracle/engine.c): arbiter.h sections 5 and 6.
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
static int g_memo_made, g_memo_freed;
static char g_memo_key;

static void *memo_make(const arb_eval *ev)
{
	int *n = malloc(sizeof *n);
	if (n)
		*n = (int)arb_eval_scenario(ev)->n_units + 40;
	g_memo_made++;
	return n;
}

static void memo_free(void *p)
{
	g_memo_freed++;
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

static support_tmpdir g_tmp;
static char g_spec[128];
static arb_rulebook *g_rb;
static arb_oracle *g_o;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "engine");
	snprintf(g_spec, sizeof g_spec, "%s/spec", g_tmp.path);
}

static void teardown(void)
{
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
	g_o = NULL;
	g_rb = NULL;
	support_tmpdir_remove(&g_tmp);
}

TestSuite(engine, .init = setup, .fini = teardown);

static void put(const char *rel, const char *text)
{
	support_write(&g_tmp, rel, text);
}

static const char kConv[] = "---\n"
                            "ruleset: conventions\n"
                            "section: conventions\n"
                            "title: Measuring conventions\n"
                            "source: test\n"
                            "---\n"
                            "\n"
                            "{#CONV.TOL.1 convention}\n"
                            "Every comparison with a limit accepts an error of "
                            "[0.000001\"]{tolerance}.\n";

static const char kTestlandFm[] =
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

static const char kProfiles[] = "## Profiles\n"
                                "\n"
                                "### Profile pick1\n"
                                "\n"
                                "- TL.C.1: r1\n"
                                "\n"
                                "### Profile pick2\n"
                                "\n"
                                "- TL.C.1: r2\n";

static const char kPrecedence[] = "## Precedence\n"
                                  "\n"
                                  "- TL.B.1 overrides TL.A.1\n"
                                  "\n";

static const char *const kClauses[][3] = {
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
static void write_testland(const char *ruleset_body, const char *omit)
{
	char buf[8192];
	put("spec/conventions.md", kConv);
	snprintf(buf, sizeof buf, "%s%s", kTestlandFm, ruleset_body);
	put("spec/testland/ruleset.md", buf);
	size_t k = (size_t)snprintf(buf, sizeof buf,
	                            "---\n"
	                            "ruleset: testland\n"
	                            "section: alpha\n"
	                            "title: Alpha\n"
	                            "source: test\n"
	                            "---\n"
	                            "\n"
	                            "# Alpha\n");
	for (size_t i = 0; i < sizeof kClauses / sizeof *kClauses; i++)
		if (!omit || strcmp(omit, kClauses[i][0]) != 0)
			k += (size_t)snprintf(buf + k, sizeof buf - k, "\n{#%s %s}\n%s\n",
			                      kClauses[i][0], kClauses[i][1], kClauses[i][2]);
	put("spec/testland/alpha.md", buf);
}

/* Writes a one-section ruleset `name` with the given clause paragraphs. */
static void write_ruleset(const char *name, const char *prefix, const char *clauses)
{
	char path[256], buf[4096];
	snprintf(path, sizeof path, "spec/%s/ruleset.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\ntitle: T\nprefix: %s\nsections: main\nactions: move\n"
	         "phases: movement\n---\n",
	         name, prefix);
	put(path, buf);
	snprintf(path, sizeof path, "spec/%s/main.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\nsection: main\ntitle: T\nsource: test\n---\n\n%s", name,
	         clauses);
	put(path, buf);
}

static arb_rulebook *load_rb(void)
{
	arb_rulebook *rb = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_rulebook_load(&rb, g_spec, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	return rb;
}

/* Loads the testland fixture with the given ruleset.md body into g_rb, g_o. */
static void fixture(const char *ruleset_body)
{
	write_testland(ruleset_body, NULL);
	g_rb = load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&g_o, g_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(g_o != NULL);
}

/* ---- scenarios ---- */

/* Unit U1 (side A, wedge) with models u1 at (10,10) and u2 at (12,10),
 * unit W1 (side B) with w1; action: move U1, u1 moving to (14,10). */
static arb_scenario *scen(void)
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

static void fact(arb_scenario *s, const char *name, const char *value)
{
	s->facts[s->n_facts++] = (arb_fact){.name = name, .value = value};
}

static arb_verdict *judge(const arb_scenario *s, const char *profile)
{
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_judge(&v, g_o, s, profile, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(v != NULL);
	return v;
}

/* The IDs joined by spaces, for comparing a whole list at once. */
static const char *joined(const char *const *ids, size_t n)
{
	static char buf[1024];
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? " " : "", ids[i]);
	return buf;
}

#define IDS_EQ(ids, n, expected) cr_assert(eq(str, (char *)joined((ids), (n)), (char *)(expected)))

static const arb_trace *trace_of(const arb_verdict *v, const char *clause, const char *reading)
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

/* ---- registry ---- */

Test(engine, binds_fixture_predicates_in_text_order)
{
	fixture(kProfiles);
	static const char *const want[][2] = {{"TL.V.1", NULL}, {"TL.A.1", NULL}, {"TL.B.1", NULL},
	                                      {"TL.C.1", "r1"}, {"TL.C.1", "r2"}, {"TL.D.1", NULL},
	                                      {"TL.E.1", NULL}, {"TL.F.1", NULL}, {"TL.S.1", NULL},
	                                      {"TL.W.1", "w1"}, {"TL.W.1", "w2"}};
	size_t n = sizeof want / sizeof *want;
	/* The Scrollhammer and the other made-up rulesets' predicates are
	 * linked too, and left out. */
	cr_assert(eq(sz, arb_oracle_predicate_count(g_o), n));
	for (size_t i = 0; i < n; i++) {
		const arb_predicate *p = arb_oracle_predicate_at(g_o, i);
		cr_assert(p != NULL);
		STR_EQ(p->ruleset, "testland");
		STR_EQ(p->clause, want[i][0]);
		if (want[i][1])
			STR_EQ(p->reading, want[i][1]);
		else
			cr_assert(eq(ptr, (void *)p->reading, NULL), "%s", p->clause);
	}
	cr_assert(eq(ptr, (void *)arb_oracle_predicate_at(g_o, n), NULL));
}

Test(engine, stale_fingerprint_detected)
{
	fixture(kProfiles);
	size_t n = arb_oracle_predicate_count(g_o), stale = 0;
	for (size_t i = 0; i < n; i++) {
		const arb_predicate *p = arb_oracle_predicate_at(g_o, i);
		const arb_clause *c = arb_rulebook_clause(g_rb, p->clause);
		bool differs = strcmp(c->fingerprint, p->fingerprint) != 0;
		cr_assert(eq(int, arb_oracle_predicate_stale(g_o, i), differs), "%s", p->clause);
		if (arb_oracle_predicate_stale(g_o, i)) {
			STR_EQ(p->clause, "TL.S.1");
			stale++;
		}
	}
	cr_assert(eq(sz, stale, 1), "only TL.S.1 is stale");
	cr_assert(not(arb_oracle_predicate_stale(g_o, n)));
}

Test(engine, unencoded_clauses)
{
	fixture(kProfiles);
	const arb_clause *out[8] = {0};
	/* Flavour (TL.G.1) and convention clauses need no predicate. */
	cr_assert(eq(sz, arb_oracle_unencoded(g_o, "testland", out, 8), 1));
	STR_EQ(out[0]->id, "TL.H.1");
	cr_assert(eq(sz, arb_oracle_unencoded(g_o, NULL, out, 8), 1));
	cr_assert(eq(sz, arb_oracle_unencoded(g_o, "testland", NULL, 0), 1));
	cr_assert(eq(sz, arb_oracle_unencoded(g_o, "grit", out, 8), 0));
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

/* Runs arb_oracle_new on the rulebook in g_spec and checks the error. */
static void expect_oracle_error(int code, const char *field, const arb_predicate *const *preds,
                                size_t n_preds, const char *needle)
{
	g_rb = load_rb();
	arb_oracle *o = (arb_oracle *)1;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&o, g_rb, &err);
	arb_error_format(&err, buf, sizeof buf);
	if (rc == ARB_OK)
		arb_oracle_free(o);
	cr_assert(eq(int, rc, code), "%s", buf);
	cr_assert(eq(ptr, (void *)o, NULL));
	cr_assert(eq(int, err.code, code));
	/* The error names the predicate's source file and line. */
	cr_assert(eq(str, err.file, (char *)__FILE__), "%s", buf);
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
	write_testland(kProfiles, "TL.D.1");
	const arb_predicate *p[] = {&arb__pred_tl_d};
	expect_oracle_error(ARB_EINPUT, "clause", p, 1, "TL.D.1");
}

Test(engine, oracle_error_predicate_for_advisory_clause)
{
	put("spec/conventions.md", kConv);
	write_ruleset("advland", "AD", "{#AD.X.1 advisory}\nFeel free to place a marker.\n");
	const arb_predicate *p[] = {&arb__pred_ad_x};
	expect_oracle_error(ARB_EINPUT, "clause", p, 1, "advisory");
}

Test(engine, oracle_error_parameter_not_declared)
{
	put("spec/conventions.md", kConv);
	write_ruleset("parland", "PL", "{#PL.X.1 constraint}\nStay within [1\"]{one}.\n");
	const arb_predicate *p[] = {&arb__pred_pl_x};
	expect_oracle_error(ARB_EINPUT, "params", p, 1, "'nope'");
}

Test(engine, oracle_error_two_predicates_without_readings)
{
	put("spec/conventions.md", kConv);
	write_ruleset("dupland", "DU", "{#DU.X.1 constraint}\nDo it once.\n");
	const arb_predicate *p[] = {&arb__pred_du_x1, &arb__pred_du_x2};
	expect_oracle_error(ARB_EINPUT, "reading", p, 2, "DU.X.1");
}

Test(engine, oracle_error_predicate_ruleset_differs_from_clause)
{
	write_testland(kProfiles, NULL);
	write_ruleset("mixland", "MX", "{#MX.X.1 constraint}\nMix.\n");
	const arb_predicate *p[] = {&arb__pred_mx_x};
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
		    kConv, conv_yard);
	else
		snprintf(conv, sizeof conv, "%s", kConv);
	put("spec/conventions.md", conv);
	snprintf(text, sizeof text, "{#YL.Y.1 derivation}\nThe sight is [3yd]{sight}.\n%s%s",
	         own ? "\n{#YL.Z.1 advisory}\nPlay with " : "", own ? own : "");
	write_ruleset("yardland", "YL", text);
	g_rb = load_rb();
	arb_error_clear(err);
	return arb_oracle_new(&g_o, g_rb, err);
}

static double yard_sight(void)
{
	arb_scenario *s = scen();
	s->ruleset = "yardland";
	s->context.subphase = NULL;
	s->units[0].formation = NULL;
	arb_verdict *v = judge(s, NULL);
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
	put("spec/conventions.md", kConv);
	write_ruleset(ruleset, prefix, text);
	g_rb = load_rb();
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK));
	arb_scenario *s = scen();
	s->ruleset = ruleset;
	s->context.subphase = NULL;
	s->units[0].formation = NULL;
	return s;
}

Test(engine, a_memo_is_made_once_per_judgement_and_freed)
{
	arb_scenario *s = two_clause_scenario("memoland", "ML");
	g_memo_made = g_memo_freed = 0;
	for (int k = 1; k <= 2; k++) {
		arb_verdict *v = judge(s, NULL);
		cr_assert(eq(sz, v->n_trace, 2));
		STR_EQ(v->trace[0].result.explanation, "shared 42");
		STR_EQ(v->trace[1].result.explanation, "shared 42");
		/* two predicates, one value per judgement, freed when it ends */
		cr_assert(eq(int, g_memo_made, k));
		cr_assert(eq(int, g_memo_freed, k));
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
		arb_verdict *v = judge(s, NULL);
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
	const size_t al = sizeof(max_align_t); /* what each size is rounded up to */
	bool next_to = c1 && c2 && c2 == c1 + (40 + al - 1) / al * al;
	cr_assert(next_to);
	cr_assert(eq(sz, child->n_run, 1));
	bool one_run = child->run[0].lo == c1 && child->run[0].hi == c2 + (1000 + al - 1) / al * al;
	cr_assert(one_run);
	cr_assert(arb__arena_alloc(slab, 16) != NULL); /* someone else's */
	cr_assert(arb__arena_alloc(child, 16) != NULL);
	cr_assert(eq(sz, child->n_run, 2));
	cr_assert(arb__arena_alloc(child, 5000) != NULL); /* past the slab's block */
	cr_assert(eq(sz, child->n_run, 3));
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
	cr_assert(in_buffer);
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
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	fact(s, "e", "1");
	arb_verdict *full = judge(s, NULL), *terse = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge_ex(&terse, g_o, s, NULL, ARB_JUDGE_TERSE, &err), ARB_OK));
	cr_assert(eq(int, terse->kind, full->kind));
	/* joined() returns one static buffer: one side is copied first. */
	char want[1024];
	snprintf(want, sizeof want, "%s", joined(full->violates, full->n_violates));
	cr_assert(ne(sz, full->n_violates, 0), "the fixture violates something");
	STR_EQ(joined(terse->violates, terse->n_violates), want);
	cr_assert(eq(sz, terse->n_trace, full->n_trace));
	cr_assert(eq(sz, terse->n_values, full->n_values));
	for (size_t i = 0; i < full->n_trace; i++) {
		cr_assert(eq(int, terse->trace[i].result.outcome, full->trace[i].result.outcome));
		STR_EQ(terse->trace[i].result.explanation, "");
	}
	STR_EQ(trace_of(full, "TL.A.1", NULL)->result.explanation, "a is no, limit 6 in");
	arb_verdict_free(terse);
	arb_verdict_free(full);
	arb_scenario_free(s);
}

Test(engine, parameters_are_read_in_inches)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	fact(s, "e", "1");
	fact(s, "f", "1");
	arb_verdict *v = judge(s, NULL);
	/* TL.A.1 reads its own [6"]{lim}. */
	STR_EQ(trace_of(v, "TL.A.1", NULL)->result.explanation, "a is no, limit 6 in");
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
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "fault");
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_judge(&v, g_o, s, NULL, &err);
	cr_assert(eq(int, rc, ARB_EINTERNAL));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.file, (char *)__FILE__));
	cr_assert(eq(long, err.line, arb__pred_tl_a.src_line));
	cr_assert(eq(str, err.field, "params"));
	cr_assert(strstr(err.message, "undeclared") != NULL, "%s", err.message);
	arb_scenario_free(s);
}

/* ---- verdicts ---- */

Test(engine, not_applicable_when_no_predicate_applies)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	arb_verdict *v = judge(s, NULL);
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
		    eq(ptr, (void *)v->trace[i].pred, (void *)arb_oracle_predicate_at(g_o, i)));
	}
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, legal_when_a_constraint_holds)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	const arb_trace *t = trace_of(v, "TL.A.1", NULL);
	cr_assert(eq(int, t->result.outcome, ARB_HOLDS));
	STR_EQ(t->result.subject, "u1");
	cr_assert(eq(ptr, (void *)t->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, illegal_lists_violated_clauses_sorted)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	/* TL.V.1 is judged before TL.A.1; the list is sorted. */
	fact(s, "v", "no");
	fact(s, "a", "no");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1 TL.V.1");
	cr_assert(eq(sz, v->n_disputed, 0));
	cr_assert(eq(int, trace_of(v, "TL.V.1", NULL)->result.outcome, ARB_VIOLATED));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, predicates_apply_to_their_actions_and_phases)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "v", "no");
	fact(s, "e", "1");
	/* TL.V.1 applies to "move" only. */
	s->action.type = "charge";
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 10));
	for (size_t i = 0; i < v->n_trace; i++)
		cr_assert(ne(str, (char *)v->trace[i].pred->clause, "TL.V.1"));
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	/* Only TL.E.1 ("*") applies in the shooting phase. */
	s->action.type = "move";
	s->context.phase = "shooting";
	s->context.subphase = NULL;
	v = judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 1));
	STR_EQ(v->trace[0].pred->clause, "TL.E.1");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(sz, v->n_values, 1));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, conflict_without_precedence)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	fact(s, "b", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_CONFLICT));
	IDS_EQ(v->disputed, v->n_disputed, "TL.A.1 TL.B.1");
	/* The violated clause is still listed (docs/encoding, "Verdicts"). */
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	cr_assert(eq(ptr, (void *)trace_of(v, "TL.A.1", NULL)->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, declared_precedence_removes_the_conflict)
{
	char body[1024];
	snprintf(body, sizeof body, "%s%s", kPrecedence, kProfiles);
	fixture(body);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	fact(s, "b", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	cr_assert(eq(sz, v->n_disputed, 0));
	const arb_trace *t = trace_of(v, "TL.A.1", NULL);
	cr_assert(eq(int, t->result.outcome, ARB_VIOLATED), "the trace keeps the answer");
	STR_EQ(t->overridden_by, "TL.B.1");
	cr_assert(eq(ptr, (void *)trace_of(v, "TL.B.1", NULL)->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, precedence_needs_an_applicable_winner)
{
	char body[1024];
	snprintf(body, sizeof body, "%s%s", kPrecedence, kProfiles);
	fixture(body);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	cr_assert(eq(ptr, (void *)trace_of(v, "TL.A.1", NULL)->overridden_by, NULL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, readings_disagree)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "c1", "no");
	fact(s, "c2", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "TL.C.1");
	cr_assert(eq(sz, v->n_violates, 0), "a clause whose readings disagree is not listed");
	cr_assert(not(trace_of(v, "TL.C.1", "r1")->not_selected));
	cr_assert(not(trace_of(v, "TL.C.1", "r2")->not_selected));
	arb_verdict_free(v);
	/* The profile "all" is the same as none. */
	v = judge(s, "all");
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, readings_that_agree_are_no_dispute)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "c1", "no");
	fact(s, "c2", "no");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->violates, v->n_violates, "TL.C.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, profile_selects_a_reading)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "c1", "no");
	fact(s, "c2", "yes");
	arb_verdict *v = judge(s, "pick1");
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->violates, v->n_violates, "TL.C.1");
	cr_assert(not(trace_of(v, "TL.C.1", "r1")->not_selected));
	cr_assert(trace_of(v, "TL.C.1", "r2")->not_selected);
	arb_verdict_free(v);

	v = judge(s, "pick2");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_violates, 0));
	cr_assert(trace_of(v, "TL.C.1", "r1")->not_selected);
	cr_assert(not(trace_of(v, "TL.C.1", "r2")->not_selected));
	/* Clauses without readings are never "not selected". */
	cr_assert(not(trace_of(v, "TL.A.1", NULL)->not_selected));
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
	snprintf(body, sizeof body, "%s\n### Profile typo\n\n- TL.C.1: r3\n", kProfiles);
	write_testland(body, NULL);
	g_rb = load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&g_o, g_rb, &err);
	if (rc != ARB_OK) {
		cr_assert(eq(int, rc, ARB_EINPUT), "%s", arb_error_format(&err, buf, sizeof buf));
		cr_assert(strstr(err.message, "r3") != NULL, "%s", err.message);
		return;
	}
	arb_scenario *s = scen();
	fact(s, "c1", "no");
	fact(s, "c2", "no");
	arb_verdict *v = NULL;
	rc = arb_judge(&v, g_o, s, "typo", &err);
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
	fixture(kProfiles);
	arb_scenario *s = scen();
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, g_o, s, "pick3", &err), ARB_EINPUT));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.field, "profile"));
	cr_assert(eq(str, err.file, "fixture.csv"));
	cr_assert(eq(long, err.line, 7));
	cr_assert(strstr(err.message, "pick3") != NULL, "%s", err.message);
	arb_scenario_free(s);
}

Test(engine, gap_when_only_an_undecided_clause_applies)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "d", "open");
	arb_verdict *v = judge(s, NULL);
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
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "d", "open");
	fact(s, "a", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	IDS_EQ(v->disputed, v->n_disputed, "TL.D.1");
	cr_assert(eq(sz, v->n_violates, 0));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, undecided_and_violated_is_illegal)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "d", "open");
	fact(s, "a", "no");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, illegal_dominates_a_dispute_on_another_question)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	fact(s, "c1", "no");
	fact(s, "c2", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, disputes_on_two_questions_combine)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "no");
	fact(s, "b", "yes");
	fact(s, "c1", "no");
	fact(s, "c2", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "TL.A.1 TL.B.1 TL.C.1");
	IDS_EQ(v->violates, v->n_violates, "TL.A.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, permission_alone_is_legal)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "b", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(int, trace_of(v, "TL.B.1", NULL)->result.outcome, ARB_PERMITS));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, judge_validates_the_scenario_first)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[0].formation = "blob";
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, g_o, s, NULL, &err), ARB_EINPUT));
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(eq(str, err.field, "units"));
	arb_scenario_free(s);
}

Test(engine, judge_ex_without_the_validated_flag_still_validates)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[0].formation = "blob";
	arb_verdict *v = (arb_verdict *)1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge_ex(&v, g_o, s, NULL, ARB_JUDGE_TERSE, &err), ARB_EINPUT));
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

/* ---- validation ---- */

/* Validates s against the fixture and checks the error. */
static void expect_invalid(arb_scenario *s, const char *field, const char *needle)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_scenario_validate(s, g_rb, &err);
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(eq(int, rc, ARB_EINPUT), "%s", buf);
	cr_assert(eq(int, err.code, ARB_EINPUT));
	cr_assert(eq(str, err.field, (char *)field), "%s", buf);
	cr_assert(eq(str, err.file, "fixture.csv"), "%s", buf);
	cr_assert(eq(long, err.line, 7), "%s", buf);
	cr_assert(strstr(err.message, needle) != NULL, "message '%s' lacks '%s'", err.message,
	          needle);
	arb_scenario_free(s);
}

Test(engine, validate_accepts_the_fixture)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "yes");
	s->dice[0] = 1;
	s->dice[1] = 6;
	s->n_dice = 2;
	s->units[0].status[0] = "shaken";
	s->units[0].n_status = 1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_scenario_validate(s, g_rb, &err), ARB_OK), "%s", err.message);
	arb_scenario_free(s);
}

Test(engine, validate_unknown_ruleset)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->ruleset = "scrollhammer";
	expect_invalid(s, "ruleset", "scrollhammer");
}

Test(engine, validate_unknown_phase)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->context.phase = "magic";
	expect_invalid(s, "context", "magic");
}

Test(engine, validate_unknown_formation)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[0].formation = "horde";
	expect_invalid(s, "units", "horde");
}

Test(engine, validate_unknown_status)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[0].status[0] = "dazed";
	s->units[0].n_status = 1;
	expect_invalid(s, "units", "dazed");
}

Test(engine, validate_unknown_action)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->action.type = "fly";
	expect_invalid(s, "action", "fly");
}

Test(engine, validate_unknown_fact)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "zz", "1");
	expect_invalid(s, "facts", "zz");
}

Test(engine, validate_fact_given_twice)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "a", "yes");
	fact(s, "a", "no");
	expect_invalid(s, "facts", "twice");
}

Test(engine, validate_unknown_unit_in_action)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->action.unit = "U9";
	expect_invalid(s, "action", "U9");
}

Test(engine, validate_unknown_target_in_action)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->action.targets = arb_scenario_alloc(s, sizeof *s->action.targets);
	s->action.targets[0] = "Z1";
	s->action.n_targets = 1;
	expect_invalid(s, "action", "Z1");
}

Test(engine, validate_path_of_a_model_of_another_unit)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	arb_vec2 *pts = arb_scenario_alloc(s, 2 * sizeof *pts);
	pts[0] = (arb_vec2){40, 40};
	pts[1] = (arb_vec2){41, 40};
	s->action.paths[1] = (arb_path){.model = "w1", .pts = pts, .n_pts = 2};
	s->action.n_paths = 2;
	expect_invalid(s, "paths", "w1");
}

Test(engine, validate_path_not_starting_at_the_model)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->action.paths[0].pts[0] = (arb_vec2){10.5, 10};
	expect_invalid(s, "paths", "u1");
}

Test(engine, validate_non_finite_position)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[0].models[1].pos.y = NAN;
	expect_invalid(s, "models", "u2");
	s = scen();
	s->units[1].models[0].pos.x = INFINITY;
	expect_invalid(s, "models", "w1");
}

Test(engine, validate_non_finite_path_point)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->action.paths[0].pts[1].x = NAN;
	expect_invalid(s, "paths", "not finite");
}

Test(engine, validate_zero_base_size)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[0].models[0].base.d_mm = 0;
	expect_invalid(s, "models", "u1");
	s = scen();
	s->units[1].models[0].base.depth_mm = 0;
	expect_invalid(s, "models", "w1");
}

Test(engine, validate_duplicate_model_id)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[1].models[0].id = "u2";
	expect_invalid(s, "models", "twice");
}

Test(engine, validate_duplicate_unit_id)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->units[1].id = "U1";
	expect_invalid(s, "units", "twice");
}

Test(engine, validate_die_out_of_range)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->dice[0] = 3;
	s->dice[1] = 7;
	s->n_dice = 2;
	expect_invalid(s, "dice", "7");
	s = scen();
	s->dice[0] = 0;
	s->n_dice = 1;
	expect_invalid(s, "dice", "0");
}

Test(engine, validate_non_positive_board)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	s->board_h = 0;
	expect_invalid(s, "board", "board");
}

Test(engine, validate_terrain_kind)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	arb_vec2 *poly = arb_scenario_alloc(s, 3 * sizeof *poly);
	poly[0] = (arb_vec2){0, 0};
	poly[1] = (arb_vec2){4, 0};
	poly[2] = (arb_vec2){4, 4};
	s->terrain = arb_scenario_alloc(s, sizeof *s->terrain);
	s->terrain[0] = (arb_terrain){.id = "T1", .kind = "swamp", .poly = poly, .n_poly = 3};
	s->n_terrain = 1;
	expect_invalid(s, "terrain", "swamp");
}

/* ---- names ---- */

Test(engine, dispute_name_parse_round_trip)
{
	char buf[64];
	STR_EQ(arb_dispute_name(0, buf, sizeof buf), "");
	STR_EQ(arb_dispute_name(ARB_DISPUTE_CONFLICT, buf, sizeof buf), "conflict");
	STR_EQ(arb_dispute_name(ARB_DISPUTE_GAP, buf, sizeof buf), "gap");
	STR_EQ(arb_dispute_name(ARB_DISPUTE_READINGS, buf, sizeof buf), "readings");
	STR_EQ(arb_dispute_name(ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS, buf, sizeof buf),
	       "conflict+readings");
	STR_EQ(arb_dispute_name(7, buf, sizeof buf), "conflict+gap+readings");
	for (int bits = 0; bits < 8; bits++) {
		int back = -1;
		cr_assert(
		    eq(int, arb_dispute_parse(arb_dispute_name(bits, buf, sizeof buf), &back), 0));
		cr_assert(eq(int, back, bits), "round trip of '%s'", buf);
	}
	int out = -1;
	cr_assert(eq(int, arb_dispute_parse("gap+conflict", &out), 0));
	cr_assert(eq(int, out, ARB_DISPUTE_CONFLICT | ARB_DISPUTE_GAP));
	cr_assert(eq(int, arb_dispute_parse("conflicts", &out), -1));
	cr_assert(eq(int, arb_dispute_parse("Gap", &out), -1));
	cr_assert(eq(int, arb_dispute_parse("+gap", &out), -1));
	cr_assert(eq(int, arb_dispute_parse("gap++readings", &out), -1));
	/* A small buffer is truncated, never overrun. */
	char small[6];
	arb_dispute_name(7, small, sizeof small);
	cr_assert(eq(sz, strlen(small), 5));
}

Test(engine, dispute_parse_rejects_trailing_plus)
{
	/* docs/cases.md: words "joined by '+'"; "gap+" joins nothing. */
	int out = -1;
	cr_assert(eq(int, arb_dispute_parse("gap+", &out), -1), "a trailing '+' is malformed");
	cr_assert(eq(int, arb_dispute_parse("conflict+readings+", &out), -1));
}

Test(engine, verdict_kind_parse_round_trip)
{
	arb_verdict_kind kinds[] = {ARB_V_LEGAL, ARB_V_ILLEGAL, ARB_V_DISPUTED,
	                            ARB_V_NOT_APPLICABLE};
	for (size_t i = 0; i < 4; i++) {
		arb_verdict_kind k = (arb_verdict_kind)-1;
		cr_assert(eq(int, arb_verdict_kind_parse(arb_verdict_kind_name(kinds[i]), &k), 0));
		cr_assert(eq(int, k, kinds[i]));
	}
	STR_EQ(arb_verdict_kind_name(ARB_V_NOT_APPLICABLE), "not-applicable");
	STR_EQ(arb_verdict_kind_name((arb_verdict_kind)9), "?");
	arb_verdict_kind k;
	cr_assert(eq(int, arb_verdict_kind_parse("Legal", &k), -1));
	cr_assert(eq(int, arb_verdict_kind_parse("not_applicable", &k), -1));
	cr_assert(eq(int, arb_verdict_kind_parse("", &k), -1));
}

Test(engine, readings_deriving_different_values_disagree)
{
	fixture(kProfiles);
	arb_scenario *s = scen();
	fact(s, "w1", "2");
	fact(s, "w2", "3");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "TL.W.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
	s = scen();
	fact(s, "w1", "2");
	fact(s, "w2", "2");
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(sz, v->n_values, 1));
	cr_assert(eq(dbl, v->values[0].value, 2.0));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

/* ---- the index: what arb_oracle_new works out once ---- */

/* A testland whose vocabulary declares an action no predicate names. */
static void fixture_with_rally(void)
{
	char fm[2048];
	const char *at = strstr(kTestlandFm, "actions: move, charge\n");
	cr_assert(at != NULL);
	snprintf(fm, sizeof fm, "%.*sactions: move, charge, rally\n%s%s", (int)(at - kTestlandFm),
	         kTestlandFm, at + strlen("actions: move, charge\n"), kProfiles);
	write_testland("", NULL);
	put("spec/testland/ruleset.md", fm);
	g_rb = load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
}

Test(engine, an_action_no_predicate_names_is_judged_by_the_star_predicates)
{
	fixture_with_rally();
	arb_scenario *s = scen();
	fact(s, "v", "no");
	fact(s, "e", "1");
	s->action.type = "rally";
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 1));
	STR_EQ(v->trace[0].pred->clause, "TL.E.1");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	/* The same in a phase no predicate names but "*". */
	s->context.phase = "shooting";
	s->context.subphase = NULL;
	v = judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 1));
	STR_EQ(v->trace[0].pred->clause, "TL.E.1");
	arb_verdict_free(v);
	/* And a named action is still judged by its own predicates. */
	s->action.type = "move";
	s->context.phase = "movement";
	v = judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 11));
	IDS_EQ(v->violates, v->n_violates, "TL.V.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, more_predicates_than_the_stack_scratch_holds)
{
	put("spec/conventions.md", kConv);
	write_ruleset("manyland", "MA", "{#MA.X.1 constraint}\nRead it any way you like.\n");
	g_rb = load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(sz, arb_oracle_predicate_count(g_o), 300));
	arb_scenario *s = scen();
	s->ruleset = "manyland";
	s->units[0].formation = NULL;
	s->context.subphase = NULL;
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(sz, v->n_trace, 300));
	arb_verdict_free(v);
	/* One reading of 300 disagrees: the readings dispute, naming the clause once. */
	s->board_w = 200;
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "MA.X.1");
	cr_assert(eq(sz, v->n_trace, 300));
	STR_EQ(v->trace[0].reading, "r10");
	cr_assert(eq(int, v->trace[0].result.outcome, ARB_VIOLATED));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

/* Whether word is in the space-separated list ("*" matches any word): the
 * tags as DESIGN.md states them, written again here, apart from the engine. */
static bool tag_lists(const char *list, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = list; *p;) {
		p += strspn(p, " ");
		size_t w = strcspn(p, " ");
		if ((w == 1 && *p == '*') || (w == wl && w && strncmp(p, word, w) == 0))
			return true;
		p += w;
	}
	return false;
}

/* Whether, by its tag, predicate i of o judges s: its ruleset, actions and
 * phases, or an action that follows the rules of its section. */
static bool tag_judges(const arb_rulebook *rb, const arb_oracle *o, size_t i, const arb_scenario *s)
{
	const arb_predicate *p = arb_oracle_predicate_at(o, i);
	if (strcmp(p->ruleset, s->ruleset) != 0)
		return false;
	if (tag_lists(p->actions, s->action.type) && tag_lists(p->phases, s->context.phase))
		return true;
	const arb_clause *c = arb_rulebook_clause(rb, p->clause);
	char sec[256];
	snprintf(sec, sizeof sec, "%s/%s", c->ruleset, c->section);
	for (size_t k = 0; k < arb_rulebook_placement_count(rb, s->ruleset); k++) {
		const arb_placement *pl = arb_rulebook_placement_at(rb, s->ruleset, k);
		if (pl->kind == ARB_PLACE_FOLLOWS && strcmp(pl->name, s->action.type) == 0 &&
		    tag_lists(p->actions, pl->as_action) && strcmp(pl->section, sec) == 0)
			return true;
	}
	return false;
}

/* Loads every *.csv under dir into cs. */
static void load_tree(arb_caseset *cs, const arb_rulebook *rb, const char *dir)
{
	DIR *d = opendir(dir);
	cr_assert(d != NULL, "cannot open %s", dir);
	struct dirent *de;
	while ((de = readdir(d))) {
		char path[512];
		size_t n = strlen(de->d_name);
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (n > 4 && strcmp(de->d_name + n - 4, ".csv") == 0) {
			arb_error err;
			arb_error_clear(&err);
			char buf[1024];
			cr_assert(eq(int, arb_caseset_load_file(cs, path, rb, &err), ARB_OK), "%s",
			          arb_error_format(&err, buf, sizeof buf));
		} else if (!strchr(de->d_name, '.')) {
			load_tree(cs, rb, path);
		}
	}
	closedir(d);
}

Test(engine, the_index_judges_with_the_predicates_the_tags_name)
{
	/* For one case of every (ruleset, action, phase) the suite has, the
	 * trace is exactly the predicates whose tags say they judge it, in the
	 * oracle's order. */
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&o, rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	load_tree(cs, rb, "cases");
	char seen[64][96];
	size_t n_seen = 0, checked = 0, np = arb_oracle_predicate_count(o);
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		char key[96];
		snprintf(key, sizeof key, "%s %s %s", c->scenario->ruleset,
		         c->scenario->action.type, c->scenario->context.phase);
		bool have = false;
		for (size_t k = 0; k < n_seen && !have; k++)
			have = strcmp(seen[k], key) == 0;
		/* a log whose events carry paths is judged once per event too
		 * (engine-log.c; tests/test_regiments_log.c) */
		bool log_moves = arb__log_moves(c->scenario);
		if (have || n_seen == 64 || log_moves)
			continue;
		snprintf(seen[n_seen++], sizeof seen[0], "%s", key);
		const arb_scenario *sc = c->scenario;
		size_t want = 0;
		for (size_t k = 0; k < np; k++)
			want += tag_judges(rb, o, k, sc);
		arb_verdict *v = NULL;
		cr_assert(eq(int, arb_judge(&v, o, sc, c->profile, &err), ARB_OK), "%s: %s", c->id,
		          arb_error_format(&err, buf, sizeof buf));
		cr_assert(eq(sz, v->n_trace, want), "%s (%s)", c->id, key);
		for (size_t k = 0, t = 0; k < np; k++) {
			if (!tag_judges(rb, o, k, sc))
				continue;
			cr_assert(v->trace[t].pred == arb_oracle_predicate_at(o, k) &&
			              v->trace[t].reading == arb_oracle_predicate_reading(o, k),
			          "%s: trace entry %zu is not predicate %zu", c->id, t, k);
			t++;
		}
		arb_verdict_free(v);
		checked++;
	}
	cr_assert(checked >= 3, "only %zu (ruleset, action, phase) seen", checked);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_num(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

static bool same_list(const char *const *a, size_t na, const char *const *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

static bool same_kv(const arb_kv *a, size_t na, const arb_kv *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i].name, b[i].name) != 0 || !same_num(a[i].value, b[i].value))
			return false;
	return true;
}

/* Whether two results are the same, field by field, as every writer reads
 * them: the measure only when there is one, values below n_values. */
static bool same_result(const arb_result *a, const arb_result *b)
{
	const arb_measure *m = &a->measure, *n = &b->measure;
	return a->outcome == b->outcome && strcmp(a->explanation, b->explanation) == 0 &&
	       a->has_measure == b->has_measure &&
	       (!a->has_measure ||
	        (same_num(m->figure, n->figure) && same_num(m->limit, n->limit) &&
	         same_num(m->margin, n->margin) && same_num(m->p.x, n->p.x) &&
	         same_num(m->p.y, n->p.y) && same_num(m->q.x, n->q.x) && same_num(m->q.y, n->q.y) &&
	         m->other == n->other && m->points == n->points)) &&
	       same_kv(a->values, a->n_values, b->values, b->n_values) &&
	       a->informative == b->informative && a->fault == b->fault &&
	       same_str(a->subject, b->subject) && same_str(a->object, b->object) &&
	       same_str(a->missing, b->missing);
}

Test(engine, the_validated_flag_gives_the_same_verdicts)
{
	/* Every case of the suite, judged in full with ARB_JUDGE_VALIDATED
	 * (its scenario was validated when its table was loaded) and without:
	 * the same verdict and the same trace, entry by entry. */
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&o, rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	load_tree(cs, rb, "cases");
	cr_assert(arb_caseset_count(cs) > 1000);
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		arb_verdict *a = NULL, *b = NULL;
		cr_assert(eq(int, arb_judge_ex(&a, o, c->scenario, c->profile, 0, &err), ARB_OK),
		          "%s: %s", c->id, arb_error_format(&err, buf, sizeof buf));
		cr_assert(
		    eq(int, arb_judge_ex(&b, o, c->scenario, c->profile, ARB_JUDGE_VALIDATED, &err),
		       ARB_OK),
		    "%s: %s", c->id, arb_error_format(&err, buf, sizeof buf));
		cr_assert(eq(int, a->kind, b->kind), "%s", c->id);
		cr_assert(eq(int, a->dispute, b->dispute), "%s", c->id);
		cr_assert(same_list(a->violates, a->n_violates, b->violates, b->n_violates) &&
		              same_list(a->disputed, a->n_disputed, b->disputed, b->n_disputed) &&
		              same_list(a->missing, a->n_missing, b->missing, b->n_missing),
		          "%s", c->id);
		cr_assert(same_kv(a->values, a->n_values, b->values, b->n_values) &&
		              same_kv(a->info, a->n_info, b->info, b->n_info),
		          "%s", c->id);
		cr_assert(eq(sz, a->n_trace, b->n_trace), "%s", c->id);
		for (size_t t = 0; t < a->n_trace; t++) {
			const arb_trace *x = &a->trace[t], *y = &b->trace[t];
			cr_assert(x->pred == y->pred && x->reading == y->reading &&
			              x->overridden_by == y->overridden_by &&
			              x->overridden_how == y->overridden_how &&
			              x->not_selected == y->not_selected &&
			              same_result(&x->result, &y->result),
			          "%s: trace entry %zu differs", c->id, t);
		}
		arb_verdict_free(a);
		arb_verdict_free(b);
	}
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
}

/* ---- parameters the text promises and does not give ---- */

static const char kTableland[] =
    "{#TB.T.1 derivation}\nHow far a model moves is [on the table below]{ref:?table "
    "allowance}.\n\n{#TB.K.1 derivation}\nThe range is set by base size [on the table "
    "below]{ref:?table range}.\n\n{#TB.Z.1 advisory}\nPlay with [2\"]{yard} to the yard.\n";

/* tableland, with errata.md's text if not NULL. */
static int table_oracle(const char *errata, arb_error *err)
{
	put("spec/conventions.md", kConv);
	write_ruleset("tableland", "TB", kTableland);
	put("spec/tableland/ruleset.md", "---\nruleset: tableland\ntitle: T\nprefix: TB\nsections: "
	                                 "main\nactions: move\nphases: movement\nfacts: "
	                                 "key:25mm|40mm|60mm\n---\n");
	if (errata) {
		char buf[1024];
		snprintf(buf, sizeof buf,
		         "---\nruleset: tableland\ntitle: E\n---\n\n## Tables\n\n%s", errata);
		put("spec/tableland/errata.md", buf);
	}
	arb_rulebook *rb = NULL;
	arb_error_clear(err);
	int rc = arb_rulebook_load(&rb, g_spec, err);
	if (rc)
		return rc;
	g_rb = rb;
	return arb_oracle_new(&g_o, g_rb, err);
}

/* The verdict of tableland's scenario, fact key = key (NULL: none). */
static arb_verdict *table_judge(const char *key)
{
	arb_scenario *s = scen();
	s->ruleset = "tableland";
	s->context.subphase = NULL;
	s->units[0].formation = NULL;
	if (key) {
		s->facts = arb_scenario_alloc(s, sizeof *s->facts);
		cr_assert(s->facts != NULL);
		s->facts[0] = (arb_fact){.name = "key", .value = key};
		s->n_facts = 1;
	}
	arb_verdict *v = judge(s, NULL);
	arb_scenario_free(s);
	return v;
}

static double value_of(const arb_verdict *v, const char *name)
{
	for (size_t i = 0; i < v->n_values; i++)
		if (strcmp(v->values[i].name, name) == 0)
			return v->values[i].value;
	cr_fatal("no value %s", name);
	return NAN;
}

Test(engine, a_missing_table_is_a_gap_and_lint_names_it)
{
	arb_error err;
	char buf[1024];
	cr_assert(eq(int, table_oracle(NULL, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	arb_verdict *v = table_judge(NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED), "kind %d", (int)v->kind);
	bool gap = (v->dispute & ARB_DISPUTE_GAP) != 0;
	cr_assert(gap, "dispute %u", (unsigned)v->dispute);
	arb_verdict_free(v);
	arb_lint *l = NULL;
	cr_assert(eq(int, arb_lint_run(&l, g_rb, g_o, NULL, "tableland", &err), ARB_OK));
	int unresolved = 0;
	for (size_t i = 0; i < arb_lint_count(l); i++) {
		const arb_finding *f = arb_lint_at(l, i);
		if (strcmp(f->code, "unresolved-parameter") == 0) {
			unresolved++;
			cr_assert(strstr(f->message, "on the table below") != NULL, "%s",
			          f->message);
		}
	}
	cr_assert(eq(int, unresolved, 2));
	arb_lint_free(l);
}

Test(engine, an_errata_table_gives_the_values_without_touching_c)
{
	arb_error err;
	char buf[1024];
	cr_assert(eq(int,
	             table_oracle("- TB.T.1 allowance: 4 yd\n- TB.K.1 range[25mm]: 1\"\n"
	                          "- TB.K.1 range[40mm]: 50.8mm\n",
	                          &err),
	             ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	/* 4 yd at tableland's 2" to the yard */
	arb_verdict *v = table_judge(NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(epsilon_eq(dbl, value_of(v, "allowance"), 8.0, 1e-12));
	arb_verdict_free(v);
	v = table_judge("40mm");
	cr_assert(epsilon_eq(dbl, value_of(v, "range"), 2.0, 1e-12));
	arb_verdict_free(v);
	/* a key the table has no row for: still a gap */
	v = table_judge("60mm");
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	arb_verdict_free(v);
}

Test(engine, errata_table_rows_that_do_not_fit_are_errors)
{
	static const struct {
		const char *row, *why;
		long column;
	} bad[] = {
	    {"- TB.X.1 allowance: 4 yd\n", "names no clause of this ruleset", 3},
	    {"- TB.T.1 speed: 4 yd\n", "does not leave unresolved", 10},
	    {"- TB.T.1 allowance: 4 yd\n- TB.T.1 allowance: 5 yd\n", "already gave", 10},
	    {"- TB.K.1 range[25mm]: 1\"\n- TB.K.1 range: 2\"\n", "mixes a single value", 10},
	    {"- TB.T.1 allowance: far\n", "cannot read a number", 21},
	    {"- TB.T.1 allowance 4\n", "expected '- CLAUSE NAME: VALUE'", 3},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		arb_error err;
		char buf[1024];
		int rc = table_oracle(bad[i].row, &err);
		arb_error_format(&err, buf, sizeof buf);
		cr_assert(eq(int, rc, ARB_EINPUT), "%zu: %s", i, buf);
		cr_assert(strstr(err.file, "errata.md") != NULL, "%zu: %s", i, buf);
		cr_assert(eq(str, err.field, "tables"), "%zu: %s", i, buf);
		cr_assert(strstr(err.message, bad[i].why) != NULL, "%zu: %s", i, buf);
		cr_assert(eq(long, err.column, bad[i].column), "%zu: %s", i, buf);
		arb_oracle_free(g_o);
		g_o = NULL;
		arb_rulebook_free(g_rb);
		g_rb = NULL;
	}
}
