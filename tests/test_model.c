/* test_model.c: unit tests of the reading model (issue 8): readings
 * tables, missing inputs, predicate faults, precedence declared in the
 * text ({over:ID}, {over?:ID}, when=permits), where the text places
 * sub-phases and actions (## Phases), actions that follow another section's
 * rules, and typed facts. arbiter.h sections 4 to 6 and 8.
 *
 * The fixture is a made-up ruleset "modelland" (prefix ML) written to a
 * temporary spec directory by each test, and the predicates below. Each
 * answers from one fact:
 *
 *   clause  kind        question  fact  answer
 *   ML.R.1  constraint  q.r       r     readings one and two: violated when r
 *                                       names the reading, else holds
 *   ML.M.1  constraint  q.m       m     absent: missing; true holds; false violated
 *   ML.K.1  constraint  q.k       k     bad violated; oom/budget: a fault;
 *                                       unweighed: bad input (the model's W)
 *   ML.X.1  permission  q.g       x     yes permits ("with the exception that": over ML.G.1)
 *   ML.G.1  constraint  q.g       g     bad violated
 *   ML.Y.1  permission  q.h       y     yes permits (arguably over ML.H.1)
 *   ML.H.1  constraint  q.h       h     bad violated
 *   ML.P.1  permission  q.p       p     permits / holds / unsure: missing fact
 *                                       "close" / open: undecided / absent: not
 *                                       applicable (over
 *                                       ML.Q.1 where it permits)
 *   ML.Q.1  constraint  q.p       q     bad violated
 *   ML.U.1  permission  q.u       u     yes permits / open: undecided (no precedence)
 *   ML.V.1  constraint  q.u       v     bad violated
 *   ML.W.1  constraint  q.u       w     open: undecided / else: not applicable
 *   ML.B.1  constraint  q.b       b     bad violated (section beta: moves only,
 *                                       in the movement phase; a charge follows it)
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "support.h"

static bool is(const arb_eval *ev, const char *fact, const char *value)
{
	const char *v = arb_scenario_fact(arb_eval_scenario(ev), fact);
	return v && strcmp(v, value) == 0;
}

static void bad_violates(const arb_eval *ev, arb_result *r, const char *fact)
{
	if (!arb_scenario_fact(arb_eval_scenario(ev), fact)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = is(ev, fact, "bad") ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%s is %s", fact, arb_scenario_fact(arb_eval_scenario(ev), fact));
}

ARB_PREDICATE(ml_r, .clause = "ML.R.1", .readings = ARB_READINGS({"one", 1}, {"two", 2}),
              .ruleset = "modelland", .actions = "move", .phases = "*", .question = "q.r",
              .fingerprint = "-")
{
	const char *v = arb_scenario_fact(arb_eval_scenario(ev), "r");
	if (!v) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = strcmp(v, arb_eval_reading(ev)) == 0 ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "reading %s (row %d)", arb_eval_reading(ev),
	                   arb_eval_reading_arg(ev));
}

ARB_PREDICATE(ml_m, .clause = "ML.M.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.m", .fingerprint = "-")
{
	if (is(ev, "k", "skip")) {
		r->outcome = ARB_NA;
		return;
	}
	if (!arb_scenario_fact(arb_eval_scenario(ev), "m")) {
		arb_result_missing(r, "m", "m is not given");
		return;
	}
	r->outcome = is(ev, "m", "true") ? ARB_HOLDS : ARB_VIOLATED;
}

ARB_PREDICATE(ml_k, .clause = "ML.K.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.k", .fingerprint = "-")
{
	if (is(ev, "k", "oom"))
		arb_result_fault(r, ARB_ENOMEM, "out of memory on purpose");
	else if (is(ev, "k", "budget"))
		arb_result_fault(r, ARB_EBUDGET, "the search ran out of budget");
	else if (is(ev, "k", "unweighed"))
		arb_result_bad_input(r, "models", "model u1 has no W, which the search weighs");
	else
		bad_violates(ev, r, "k");
}

ARB_PREDICATE(ml_x, .clause = "ML.X.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.g", .fingerprint = "-")
{
	r->outcome = is(ev, "x", "yes") ? ARB_PERMITS : ARB_NA;
}

ARB_PREDICATE(ml_g, .clause = "ML.G.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.g", .fingerprint = "-")
{
	bad_violates(ev, r, "g");
}

ARB_PREDICATE(ml_y, .clause = "ML.Y.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.h", .fingerprint = "-")
{
	r->outcome = is(ev, "y", "yes") ? ARB_PERMITS : ARB_NA;
}

ARB_PREDICATE(ml_h, .clause = "ML.H.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.h", .fingerprint = "-")
{
	bad_violates(ev, r, "h");
}

ARB_PREDICATE(ml_p, .clause = "ML.P.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.p", .fingerprint = "-")
{
	if (is(ev, "p", "unsure")) {
		arb_result_missing(r, "close", "how close the unit could get is not stated");
		return;
	}
	if (is(ev, "p", "open")) {
		r->outcome = ARB_UNDECIDED; /* the text does not say */
		return;
	}
	r->outcome = is(ev, "p", "permits") ? ARB_PERMITS
	             : is(ev, "p", "holds") ? ARB_HOLDS
	                                    : ARB_NA;
}

ARB_PREDICATE(ml_q, .clause = "ML.Q.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.p", .fingerprint = "-")
{
	bad_violates(ev, r, "q");
}

ARB_PREDICATE(ml_u, .clause = "ML.U.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.u", .fingerprint = "-")
{
	r->outcome = is(ev, "u", "open")  ? ARB_UNDECIDED
	             : is(ev, "u", "yes") ? ARB_PERMITS
	                                  : ARB_NA;
}

ARB_PREDICATE(ml_v, .clause = "ML.V.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.u", .fingerprint = "-")
{
	bad_violates(ev, r, "v");
}

ARB_PREDICATE(ml_w, .clause = "ML.W.1", .ruleset = "modelland", .actions = "move", .phases = "*",
              .question = "q.u", .fingerprint = "-")
{
	r->outcome = is(ev, "w", "open") ? ARB_UNDECIDED : ARB_NA;
}

ARB_PREDICATE(ml_b, .clause = "ML.B.1", .ruleset = "modelland", .actions = "move",
              .phases = "movement", .question = "q.b", .fingerprint = "-")
{
	bad_violates(ev, r, "b");
}

/* ---- the fixture rulebook ---- */

static support_tmpdir g_dir;

static const char kConv[] = "---\nruleset: conventions\nsection: conventions\ntitle: C\n"
                            "source: test\n---\n\n# C\n\n{#CONV.TOL.1 convention}\n"
                            "Every comparison accepts an error of [0.000001\"]{tolerance}.\n";

static const char kRuleset[] =
    "---\nruleset: modelland\ntitle: Modelland\nprefix: ML\nsections: alpha, beta\n"
    "actions: move, charge\nphases: movement, fight\nsubphases: rush\n"
    "facts: r:one|two|none, m:bool, k:ok|bad|oom|budget|skip|unweighed, x:yes|no, g:ok|bad, "
    "y:yes|no, h:ok|bad, p:permits|holds|unsure|open, q:ok|bad, u:yes|open, v:ok|bad, w:open|shut, "
    "b:ok|bad, n:number, c:count, "
    "who:unit, "
    "at:point\n---\n\n# Modelland\n\n"
    "## Phases\n\n"
    "- sub-phase rush of fight: ML.PH.1 \"rush in the fight\"\n"
    "- action charge in fight/rush: ML.PH.2 \"charges are made in the rush\"\n"
    "- action charge follows move of modelland/beta: ML.PH.3 \"as a move\"\n\n"
    "## Profiles\n\n### Profile takes\n\n- ML.Y.1 over ML.H.1: exception\n- ML.R.1: one\n\n"
    "### Profile refuses\n\n- ML.Y.1 over ML.H.1: none\n";

static const char kAlpha[] =
    "---\nruleset: modelland\nsection: alpha\ntitle: Alpha\nsource: test\n---\n\n# Alpha\n\n"
    "{#ML.R.1 constraint}\nModels stay in line, whatever a line is.\n\n"
    "{#ML.M.1 constraint}\nModels that lost heart must rally.\n\n"
    "{#ML.K.1 constraint}\nModels search the whole board.\n\n"
    "{#ML.G.1 constraint}\nModels keep their distance.\n\n"
    "{#ML.X.1 permission}\n[With the exception that]{over:ML.G.1} heroes may close in.\n\n"
    "{#ML.H.1 constraint}\nModels keep still.\n\n"
    "{#ML.Y.1 permission}\n[Brave models may]{over?:ML.H.1} step forward.\n\n"
    "{#ML.Q.1 constraint}\nModels end in a chain.\n\n"
    "{#ML.P.1 permission}\nThey end in a chain [(or get as close as they can)]{over:ML.Q.1 "
    "when=permits}.\n\n"
    "{#ML.U.1 permission}\nWaders may cross.\n\n"
    "{#ML.V.1 constraint}\nModels keep dry.\n\n"
    "{#ML.W.1 constraint}\nModels keep their boots on.\n\n"
    "{#ML.PH.1 procedure}\nThe rush in the fight comes first.\n\n"
    "{#ML.PH.2 procedure}\nAll charges are made in the rush.\n\n"
    "{#ML.PH.3 procedure}\nA charge moves as a move does.\n";

static const char kBeta[] =
    "---\nruleset: modelland\nsection: beta\ntitle: Beta\nsource: test\n"
    "---\n\n# Beta\n\n{#ML.B.1 constraint}\nModels never cross the river.\n";

static void write_spec(const char *ruleset, const char *alpha)
{
	support_write(&g_dir, "spec/conventions.md", kConv);
	support_write(&g_dir, "spec/modelland/ruleset.md", ruleset);
	support_write(&g_dir, "spec/modelland/alpha.md", alpha);
	support_write(&g_dir, "spec/modelland/beta.md", kBeta);
}

static char g_spec[128];
static arb_rulebook *g_rb;
static arb_oracle *g_o;

static void setup(void)
{
	support_tmpdir_make(&g_dir, "model");
	snprintf(g_spec, sizeof g_spec, "%s/spec", g_dir.path);
}

static void teardown(void)
{
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
	g_o = NULL;
	g_rb = NULL;
	support_tmpdir_remove(&g_dir);
}

static void load(void)
{
	arb_error err;
	char buf[1024];
	write_spec(kRuleset, kAlpha);
	int rc = arb_rulebook_load(&g_rb, g_spec, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	rc = arb_oracle_new(&g_o, g_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
}

/* A load that must fail: the error's line, column and field. */
static arb_error load_fails(const char *ruleset, const char *alpha)
{
	arb_error err;
	arb_error_clear(&err);
	write_spec(ruleset, alpha);
	arb_rulebook *rb = NULL;
	int rc = arb_rulebook_load(&rb, g_spec, &err);
	arb_rulebook_free(rb);
	cr_assert(eq(int, rc, ARB_EINPUT), "the load should fail");
	return err;
}

static arb_scenario *scenario(const char *action, const char *phase, const char *subphase)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = "ML-1";
	s->ruleset = "modelland";
	s->board_w = 48;
	s->board_h = 48;
	s->context.phase = phase;
	s->context.subphase = subphase;
	s->units = arb_scenario_alloc(s, sizeof *s->units);
	s->n_units = 1;
	arb_unit *u = &s->units[0];
	u->id = "U1";
	u->side = "A";
	u->models = arb_scenario_alloc(s, sizeof *u->models);
	u->n_models = 1;
	u->models[0] =
	    (arb_model){.id = "u1", .pos = {10, 10}, .base = {.shape = ARB_BASE_ROUND, .d_mm = 25}};
	s->action.type = action;
	s->action.unit = "U1";
	s->facts = arb_scenario_alloc(s, 16 * sizeof *s->facts);
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
	char buf[1024];
	arb_error_clear(&err);
	int rc = arb_judge(&v, g_o, s, profile, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	return v;
}

static const char *joined(const char *const *ids, size_t n)
{
	static char buf[512];
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", i ? " " : "", ids[i]);
	return buf;
}

#define IDS_EQ(ids, n, want) cr_assert(eq(str, (char *)joined((ids), (n)), (char *)(want)))

TestSuite(model, .init = setup, .fini = teardown);

/* ---- readings tables ---- */

Test(model, readings_table_binds_one_predicate_per_row)
{
	load();
	size_t rows = 0;
	for (size_t i = 0; i < arb_oracle_predicate_count(g_o); i++)
		if (strcmp(arb_oracle_predicate_at(g_o, i)->clause, "ML.R.1") == 0) {
			rows++;
			STR_EQ(arb_oracle_predicate_reading(g_o, i), rows == 1 ? "one" : "two");
		}
	cr_assert(eq(sz, rows, 2));
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "r", "one");
	fact(s, "m", "true");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "ML.R.1");
	STR_EQ(v->trace[0].reading, "one");
	STR_EQ(v->trace[0].result.explanation, "reading one (row 1)");
	arb_verdict_free(v);
	/* a profile picks the row by its name */
	v = judge(s, "takes");
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.R.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, scenario_profile_is_used_when_the_caller_names_none)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "r", "two");
	fact(s, "m", "true");
	s->profile = "takes";
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL)); /* reading one holds for "two" */
	arb_verdict_free(v);
	v = judge(s, "all");
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

/* ---- missing inputs and faults ---- */

Test(model, missing_fact_is_a_missing_input_not_a_gap)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "r", "none");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_MISSING_INPUT));
	cr_assert(eq(int, v->dispute, 0));
	IDS_EQ(v->missing, v->n_missing, "m");
	STR_EQ(arb_verdict_kind_name(v->kind), "missing-input");
	arb_verdict_kind k;
	cr_assert(eq(int, arb_verdict_kind_parse("missing-input", &k), 0));
	cr_assert(eq(int, k, ARB_V_MISSING_INPUT));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, a_violation_elsewhere_decides_despite_a_missing_fact)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "g", "bad");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.G.1");
	cr_assert(eq(sz, v->n_missing, 0));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, faults_are_errors_not_verdicts)
{
	load();
	static const char *const kinds[] = {"oom", "budget"};
	static const int codes[] = {ARB_ENOMEM, ARB_EBUDGET};
	for (int i = 0; i < 2; i++) {
		arb_scenario *s = scenario("move", "movement", NULL);
		fact(s, "m", "true");
		fact(s, "k", kinds[i]);
		arb_verdict *v = NULL;
		arb_error err;
		arb_error_clear(&err);
		cr_assert(eq(int, arb_judge(&v, g_o, s, NULL, &err), codes[i]));
		cr_assert(v == NULL);
		cr_assert(strstr(err.message, "ML.K.1") != NULL, "%s", err.message);
		arb_scenario_free(s);
	}
}

Test(model, bad_input_found_while_judging_names_its_field_and_place)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "k", "unweighed");
	s->src_file = "cases/x.csv";
	s->src_line = 7;
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, g_o, s, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "models");
	STR_EQ(err.file, "cases/x.csv");
	cr_assert(eq(i64, err.line, 7));
	cr_assert(eq(i64, err.column, 0));
	cr_assert(strstr(err.message, "ML.K.1") && strstr(err.message, "no W"), "%s", err.message);
	/* a reader that marked where the models were read: that place */
	cr_assert(eq(int, arb_scenario_mark_field(s, "units", 8, 3), ARB_OK));
	cr_assert(eq(int, arb_scenario_mark_field(s, "models", 8, 41), ARB_OK));
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, g_o, s, NULL, &err), ARB_EINPUT));
	cr_assert(eq(i64, err.line, 8));
	cr_assert(eq(i64, err.column, 41));
	arb_scenario_free(s);
}

/* ---- precedence the text declares ---- */

Test(model, declared_exception_silences_its_loser)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "g", "bad");
	fact(s, "x", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	const arb_trace *g = NULL;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "ML.G.1") == 0)
			g = &v->trace[i];
	cr_assert(g != NULL);
	STR_EQ(g->overridden_by, "ML.X.1");
	STR_EQ(g->overridden_how->words, "With the exception that");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, arguable_exception_is_a_reading)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "h", "bad");
	fact(s, "y", "yes");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "ML.H.1 ML.Y.1");
	arb_verdict_free(v);
	v = judge(s, "takes");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	v = judge(s, "refuses");
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_CONFLICT));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, when_permits_ranks_only_where_the_winner_permits)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "q", "bad");
	fact(s, "p", "holds");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.Q.1");
	arb_verdict_free(v);
	s->facts[2].value = "permits";
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, a_violation_awaits_the_fact_a_winner_needs_to_permit)
{
	/* ML.P.1 would set ML.Q.1 aside where it permits, and needs the fact
	 * "close" to say whether it does: ML.Q.1's violation hangs on it. */
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "q", "bad");
	fact(s, "p", "unsure");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_MISSING_INPUT));
	IDS_EQ(v->missing, v->n_missing, "close");
	cr_assert(eq(sz, v->n_violates, 0));
	bool seen = false;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "ML.Q.1") == 0) {
			seen = true;
			cr_assert(eq(str, (char *)v->trace[i].awaits, "close"));
			cr_assert(v->trace[i].awaits_how != NULL);
			cr_assert(eq(str, (char *)v->trace[i].awaits_how->winner, "ML.P.1"));
			cr_assert(v->trace[i].overridden_by == NULL);
		}
	cr_assert(seen);
	arb_verdict_free(v);
	/* nothing to set aside: ML.Q.1 holds and awaits nothing (the verdict
	 * waits for ML.P.1's own fact) */
	s->facts[1].value = "ok";
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_MISSING_INPUT));
	for (size_t i = 0; i < v->n_trace; i++)
		cr_assert(v->trace[i].awaits == NULL);
	arb_verdict_free(v);
	/* the winner permits: ML.Q.1 is set aside */
	s->facts[1].value = "bad";
	s->facts[2].value = "permits";
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	s->facts[2].value = "unsure";
	/* a violation no winner could set aside still decides */
	s->facts[1].value = "bad";
	fact(s, "g", "bad");
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.G.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, an_undecided_permission_beside_a_violation_is_a_gap)
{
	/* ML.V.1 is violated; ML.U.1, which would grant it and is ranked over
	 * nothing, is undecided: the text leaves open whether the move is
	 * allowed (decided, a conflict or an illegal move): a gap of both,
	 * ML.V.1 still named violated. */
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "v", "bad");
	fact(s, "u", "open");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	IDS_EQ(v->disputed, v->n_disputed, "ML.U.1 ML.V.1");
	IDS_EQ(v->violates, v->n_violates, "ML.V.1");
	arb_verdict_free(v);
	/* nothing forbidden: an undecided grant beside what holds could only
	 * allow too; the question is answered by what holds */
	s->facts[1].value = "ok";
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, an_undecided_constraint_beside_one_that_holds_is_a_gap)
{
	/* ML.V.1 holds, ML.W.1 (a constraint too) is undecided: both must hold
	 * for the move to be allowed, so the question is open, a gap naming
	 * ML.W.1 (grit-needs.md 16) */
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "v", "ok");
	fact(s, "w", "open");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	IDS_EQ(v->disputed, v->n_disputed, "ML.W.1");
	cr_assert(eq(sz, v->n_violates, 0));
	arb_verdict_free(v);
	/* beside a permission that permits, likewise: decided, it might forbid
	 * (a conflict) */
	fact(s, "u", "yes");
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	IDS_EQ(v->disputed, v->n_disputed, "ML.W.1");
	arb_verdict_free(v);
	/* beside a violation nothing permits it changes nothing: it could only
	 * add one */
	s->facts[1].value = "bad";
	s->facts[3].value = "open";
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED)); /* ML.U.1 open: item 12 */
	IDS_EQ(v->disputed, v->n_disputed, "ML.U.1 ML.V.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
	s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "v", "bad");
	fact(s, "w", "open");
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.V.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, an_undecided_winner_leaves_its_losers_violation_open)
{
	/* ML.Q.1 is violated; ML.P.1 sets it aside where it permits, and is
	 * undecided: whether the violation stands is open. It decides nothing:
	 * a gap naming both, ML.Q.1 not listed as violated (grit-needs.md 15) */
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "true");
	fact(s, "q", "bad");
	fact(s, "p", "open");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	IDS_EQ(v->disputed, v->n_disputed, "ML.P.1 ML.Q.1");
	cr_assert(eq(sz, v->n_violates, 0));
	bool seen = false;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "ML.Q.1") == 0) {
			seen = true;
			cr_assert(v->trace[i].open_how != NULL);
			cr_assert(eq(str, (char *)v->trace[i].open_how->winner, "ML.P.1"));
			cr_assert(v->trace[i].overridden_by == NULL);
			cr_assert(v->trace[i].awaits == NULL);
		} else {
			cr_assert(v->trace[i].open_how == NULL);
		}
	cr_assert(seen);
	arb_verdict_free(v);
	/* nothing violated: nothing is open, and the undecided grant beside
	 * what holds leaves the question to it */
	s->facts[1].value = "ok";
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	for (size_t i = 0; i < v->n_trace; i++)
		cr_assert(v->trace[i].open_how == NULL);
	arb_verdict_free(v);
	/* a violation no winner could set aside still decides */
	s->facts[1].value = "bad";
	fact(s, "g", "bad");
	v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.G.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, only_a_disputed_verdict_carries_dispute_bits)
{
	load();
	arb_scenario *s = scenario("move", "movement", NULL);
	fact(s, "m", "false"); /* illegal */
	fact(s, "r", "one");   /* readings disagree on another question */
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(int, v->dispute, 0));
	cr_assert(eq(sz, v->n_disputed, 0));
	arb_verdict_free(v);
	arb_scenario_free(s);
}

/* ---- where the text places things ---- */

Test(model, an_action_follows_another_sections_rules)
{
	load();
	arb_scenario *s = scenario("charge", "fight", "rush");
	fact(s, "b", "bad");
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.B.1"); /* a move rule of beta, in the fight */
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, an_action_out_of_its_place_breaks_the_placement)
{
	load();
	arb_scenario *s = scenario("charge", "movement", NULL);
	arb_verdict *v = judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	IDS_EQ(v->violates, v->n_violates, "ML.PH.2");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(model, a_subphase_in_the_wrong_phase_is_bad_input)
{
	load();
	arb_scenario *s = scenario("charge", "movement", "rush");
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, g_o, s, NULL, &err), ARB_EINPUT));
	STR_EQ(err.field, "context");
	cr_assert(strstr(err.message, "rush in the fight") != NULL, "%s", err.message);
	arb_scenario_free(s);
}

/* ---- typed facts ---- */

Test(model, facts_are_checked_against_their_type)
{
	load();
	static const char *const bad[][2] = {
	    {"m", "yes"}, {"n", "six"}, {"who", "Z9"}, {"at", "3;4"}, {"r", "three"}, {"n", "inf"},
	    {"c", "-2"},  {"c", "1.5"}, {"c", "two"},  {"c", ""},     {"c", "1e300"}, {"c", "nan"}};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		arb_scenario *s = scenario("move", "movement", NULL);
		fact(s, bad[i][0], bad[i][1]);
		arb_error err;
		arb_error_clear(&err);
		cr_assert(eq(int, arb_scenario_validate(s, g_rb, &err), ARB_EINPUT), "%s=%s",
		          bad[i][0], bad[i][1]);
		STR_EQ(err.field, "facts");
		arb_scenario_free(s);
	}
	static const char *const good[][2] = {{"m", "false"}, {"n", "-2.5"}, {"who", "U1"},
	                                      {"at", "3,4"},  {"r", "two"},  {"c", "0"},
	                                      {"c", "12"}};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		arb_scenario *s = scenario("move", "movement", NULL);
		fact(s, good[i][0], good[i][1]);
		arb_error err;
		cr_assert(eq(int, arb_scenario_validate(s, g_rb, &err), ARB_OK), "%s=%s",
		          good[i][0], good[i][1]);
		arb_scenario_free(s);
	}
	STR_EQ(arb_rulebook_fact_type(g_rb, "modelland", "r"), "one|two|none");
	STR_EQ(arb_rulebook_fact_type(g_rb, "modelland", "c"), "count");
	cr_assert(arb_rulebook_fact_type(g_rb, "modelland", "nope") == NULL);
}

/* ---- bad markup: file:line:column and field ---- */

static void replace_in(char *out, size_t n, const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	cr_assert(at != NULL, "fixture lacks '%s'", from);
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

Test(model, over_naming_an_unknown_clause_is_an_error)
{
	char alpha[4096];
	replace_in(alpha, sizeof alpha, kAlpha, "{over:ML.G.1}", "{over:ML.NOPE.1}");
	arb_error err = load_fails(kRuleset, alpha);
	STR_EQ(err.field, "precedence");
	cr_assert(err.line > 0 && err.column > 0);
	cr_assert(strstr(err.message, "ML.NOPE.1") != NULL, "%s", err.message);
}

Test(model, over_itself_and_bad_attributes_are_errors)
{
	char alpha[4096];
	replace_in(alpha, sizeof alpha, kAlpha, "{over:ML.G.1}", "{over:ML.X.1}");
	arb_error err = load_fails(kRuleset, alpha);
	STR_EQ(err.field, "over");
	replace_in(alpha, sizeof alpha, kAlpha, "when=permits", "when=holds");
	err = load_fails(kRuleset, alpha);
	STR_EQ(err.field, "over");
	cr_assert(eq(long, err.line, 35));
}

Test(model, a_cycle_of_exceptions_is_an_error)
{
	char alpha[4096];
	replace_in(alpha, sizeof alpha, kAlpha, "Models keep their distance.",
	           "Models [keep]{over:ML.X.1} their distance.");
	arb_error err = load_fails(kRuleset, alpha);
	STR_EQ(err.field, "precedence");
	cr_assert(strstr(err.message, "cycle") != NULL, "%s", err.message);
}

Test(model, placement_lines_are_checked)
{
	char rs[4096];
	replace_in(rs, sizeof rs, kRuleset, "\"rush in the fight\"", "\"not in the text\"");
	arb_error err = load_fails(rs, kAlpha);
	STR_EQ(err.field, "phases");
	cr_assert(eq(long, err.line, 16));
	replace_in(rs, sizeof rs, kRuleset, "- action charge follows",
	           "- action charge in movement: ML.PH.2 \"charges\"\n- action charge follows");
	err = load_fails(rs, kAlpha);
	cr_assert(strstr(err.message, "placed twice") != NULL, "%s", err.message);
	replace_in(rs, sizeof rs, kRuleset, "- sub-phase rush of fight",
	           "- sub-phase rush in fight");
	err = load_fails(rs, kAlpha);
	STR_EQ(err.field, "phases");
	replace_in(rs, sizeof rs, kRuleset, "of modelland/beta", "of modelland/gamma");
	err = load_fails(rs, kAlpha);
	STR_EQ(err.field, "phases");
}

Test(model, untyped_facts_and_bad_arguable_readings_are_errors)
{
	char rs[4096];
	replace_in(rs, sizeof rs, kRuleset, "m:bool", "m");
	arb_error err = load_fails(rs, kAlpha);
	STR_EQ(err.field, "facts");
	replace_in(rs, sizeof rs, kRuleset, "ML.H.1: exception", "ML.H.1: maybe");
	err = load_fails(rs, kAlpha);
	STR_EQ(err.field, "profile");
	replace_in(rs, sizeof rs, kRuleset, "- ML.Y.1 over ML.H.1: none",
	           "- ML.X.1 over ML.G.1: none");
	err = load_fails(rs, kAlpha);
	STR_EQ(err.field, "profile");
	cr_assert(strstr(err.message, "arguable") != NULL, "%s", err.message);
}

/* ---- lint lists what the text declares ---- */

Test(model, lint_lists_declared_precedence_and_placement)
{
	load();
	arb_lint *l = NULL;
	arb_error err;
	cr_assert(eq(int, arb_lint_run(&l, g_rb, g_o, NULL, "modelland", &err), ARB_OK));
	size_t declared = 0, arguable = 0, placement = 0;
	for (size_t i = 0; i < arb_lint_count(l); i++) {
		const arb_finding *f = arb_lint_at(l, i);
		if (f->kind != ARB_LINT_PRECEDENCE)
			continue;
		declared += strcmp(f->code, "declared-precedence") == 0;
		arguable += strcmp(f->code, "arguable-precedence") == 0;
		placement += strcmp(f->code, "placement") == 0;
		if (strcmp(f->code, "declared-precedence") == 0 && strcmp(f->clause, "ML.X.1") == 0)
			cr_assert(strstr(f->message, "\"With the exception that") != NULL, "%s",
			          f->message);
	}
	cr_assert(eq(sz, declared, 2));
	cr_assert(eq(sz, arguable, 1));
	cr_assert(eq(sz, placement, 3));
	/* "refuses" reads the arguable precedence but picks no reading of ML.R.1 */
	size_t incomplete = 0;
	for (size_t i = 0; i < arb_lint_count(l); i++) {
		const arb_finding *f = arb_lint_at(l, i);
		if (strcmp(f->code, "profile-incomplete") == 0) {
			incomplete++;
			STR_EQ(f->clause, "ML.R.1");
			cr_assert(strstr(f->message, "'refuses'") != NULL, "%s", f->message);
		}
	}
	cr_assert(eq(sz, incomplete, 1));
	STR_EQ(arb_lint_kind_name(ARB_LINT_PRECEDENCE), "precedence");
	arb_lint_free(l);
}

/* The look-ups by ID give the same answers with the tables of
 * arb_scenario_index as by scanning: the first of an ID (a scenario that
 * repeats one is refused by validation, but the look-ups stay defined),
 * NULL for an ID that is absent, and the new answer after a change and a
 * second arb_scenario_index. */
Test(model, scenario_lookups_with_and_without_the_index)
{
	arb_scenario *s;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	enum { U = 40, M = 3 };
	s->n_units = U;
	s->units = arb_scenario_alloc(s, U * sizeof *s->units);
	s->action.n_paths = U;
	s->action.paths = arb_scenario_alloc(s, U * sizeof *s->action.paths);
	cr_assert(s->units && s->action.paths);
	char id[32];
	for (size_t i = 0; i < U; i++) {
		arb_unit *u = &s->units[i];
		snprintf(id, sizeof id, "U%zu", i % 39); /* U0 twice: units 0 and 39 */
		u->id = arb_scenario_strdup(s, id);
		u->n_models = M;
		u->models = arb_scenario_alloc(s, M * sizeof *u->models);
		cr_assert(u->models != NULL);
		for (size_t j = 0; j < M; j++) {
			snprintf(id, sizeof id, "m%zu", (i * M + j) % 100); /* m0 .. m19 twice */
			u->models[j].id = arb_scenario_strdup(s, id);
		}
		snprintf(id, sizeof id, "m%zu", (i * M) % 100);
		s->action.paths[i].model = arb_scenario_strdup(s, id);
	}
	const char *ask[] = {"U0", "U38", "U39", "m0", "m5", "m19", "m99", "m100", NULL};
	const void *scan[3][8];
	const arb_unit *owner_scan[8];
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			cr_assert(eq(int, arb_scenario_index(s), ARB_OK));
		for (size_t k = 0; ask[k]; k++) {
			const arb_unit *owner = NULL;
			const void *got[3] = {arb_scenario_unit(s, ask[k]),
			                      arb_scenario_model(s, ask[k], &owner),
			                      arb_scenario_path(s, ask[k])};
			for (int w = 0; w < 3; w++) {
				if (pass == 0)
					scan[w][k] = got[w];
				else
					cr_assert(eq(ptr, (void *)got[w], (void *)scan[w][k]),
					          "%s, %d", ask[k], w);
			}
			if (pass == 0)
				owner_scan[k] = owner;
			else
				cr_assert(eq(ptr, (void *)owner, (void *)owner_scan[k]), "%s",
				          ask[k]);
		}
	}
	cr_assert(eq(ptr, (void *)arb_scenario_unit(s, "U0"), (void *)&s->units[0]));
	cr_assert(
	    eq(ptr, (void *)arb_scenario_model(s, "m0", NULL), (void *)&s->units[0].models[0]));
	cr_assert(eq(ptr, (void *)arb_scenario_unit(s, "U39"), NULL));
	cr_assert(eq(ptr, (void *)arb_scenario_path(s, "m1"), NULL));
	/* a change, then the tables again */
	s->units[5].id = arb_scenario_strdup(s, "renamed");
	cr_assert(eq(int, arb_scenario_index(s), ARB_OK));
	cr_assert(eq(ptr, (void *)arb_scenario_unit(s, "renamed"), (void *)&s->units[5]));
	cr_assert(eq(ptr, (void *)arb_scenario_unit(s, "U5"), NULL));
	arb_scenario_free(s);
}
