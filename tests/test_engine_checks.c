/* test_engine_checks.c: unit tests of the engine (oracle/engine.c,
 * oracle/validate.c, oracle/oracle.c): a scenario's validation, the names
 * of verdicts and disputes, and the index arb_oracle_new works out once.
 * The fixture is test_engine_fixture.c's (engine_fixture.h). */
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

/* ---- validation ---- */

/* Validates s against the fixture and checks the error. */
static void expect_invalid(arb_scenario *s, const char *field, const char *needle)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_scenario_validate(s, efx_rb, &err);
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
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "yes");
	s->dice[0] = 1;
	s->dice[1] = 6;
	s->n_dice = 2;
	s->units[0].status[0] = "shaken";
	s->units[0].n_status = 1;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_scenario_validate(s, efx_rb, &err), ARB_OK), "%s", err.message);
	arb_scenario_free(s);
}

Test(engine, validate_unknown_ruleset)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->ruleset = "scrollhammer";
	expect_invalid(s, "ruleset", "scrollhammer");
}

Test(engine, validate_unknown_phase)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->context.phase = "magic";
	expect_invalid(s, "context", "magic");
}

Test(engine, validate_unknown_formation)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[0].formation = "horde";
	expect_invalid(s, "units", "horde");
}

Test(engine, validate_unknown_status)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[0].status[0] = "dazed";
	s->units[0].n_status = 1;
	expect_invalid(s, "units", "dazed");
}

Test(engine, validate_unknown_action)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->action.type = "fly";
	expect_invalid(s, "action", "fly");
}

Test(engine, validate_unknown_fact)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "zz", "1");
	expect_invalid(s, "facts", "zz");
}

Test(engine, validate_fact_given_twice)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "a", "yes");
	efx_fact(s, "a", "no");
	expect_invalid(s, "facts", "twice");
}

Test(engine, validate_unknown_unit_in_action)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->action.unit = "U9";
	expect_invalid(s, "action", "U9");
}

Test(engine, validate_unknown_target_in_action)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->action.targets = arb_scenario_alloc(s, sizeof *s->action.targets);
	s->action.targets[0] = "Z1";
	s->action.n_targets = 1;
	expect_invalid(s, "action", "Z1");
}

Test(engine, validate_path_of_a_model_of_another_unit)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	arb_vec2 *pts = arb_scenario_alloc(s, 2 * sizeof *pts);
	pts[0] = (arb_vec2){40, 40};
	pts[1] = (arb_vec2){41, 40};
	s->action.paths[1] = (arb_path){.model = "w1", .pts = pts, .n_pts = 2};
	s->action.n_paths = 2;
	expect_invalid(s, "paths", "w1");
}

Test(engine, validate_path_not_starting_at_the_model)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->action.paths[0].pts[0] = (arb_vec2){10.5, 10};
	expect_invalid(s, "paths", "u1");
}

Test(engine, validate_non_finite_position)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[0].models[1].pos.y = NAN;
	expect_invalid(s, "models", "u2");
	s = efx_scen();
	s->units[1].models[0].pos.x = INFINITY;
	expect_invalid(s, "models", "w1");
}

Test(engine, validate_non_finite_path_point)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->action.paths[0].pts[1].x = NAN;
	expect_invalid(s, "paths", "not finite");
}

Test(engine, validate_zero_base_size)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[0].models[0].base.d_mm = 0;
	expect_invalid(s, "models", "u1");
	s = efx_scen();
	s->units[1].models[0].base.depth_mm = 0;
	expect_invalid(s, "models", "w1");
}

Test(engine, validate_duplicate_model_id)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[1].models[0].id = "u2";
	expect_invalid(s, "models", "twice");
}

Test(engine, validate_duplicate_unit_id)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->units[1].id = "U1";
	expect_invalid(s, "units", "twice");
}

Test(engine, validate_die_out_of_range)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->dice[0] = 3;
	s->dice[1] = 7;
	s->n_dice = 2;
	expect_invalid(s, "dice", "7");
	s = efx_scen();
	s->dice[0] = 0;
	s->n_dice = 1;
	expect_invalid(s, "dice", "0");
}

Test(engine, validate_non_positive_board)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	s->board_h = 0;
	expect_invalid(s, "board", "board");
}

Test(engine, validate_terrain_kind)
{
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
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
	efx_fixture(efx_kProfiles);
	arb_scenario *s = efx_scen();
	efx_fact(s, "w1", "2");
	efx_fact(s, "w2", "3");
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_READINGS));
	IDS_EQ(v->disputed, v->n_disputed, "TL.W.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
	s = efx_scen();
	efx_fact(s, "w1", "2");
	efx_fact(s, "w2", "2");
	v = efx_judge(s, NULL);
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
	const char *at = strstr(efx_kTestlandFm, "actions: move, charge\n");
	cr_assert(at != NULL);
	snprintf(fm, sizeof fm, "%.*sactions: move, charge, rally\n%s%s",
	         (int)(at - efx_kTestlandFm), efx_kTestlandFm,
	         at + strlen("actions: move, charge\n"), efx_kProfiles);
	efx_write_testland("", NULL);
	efx_put("spec/testland/ruleset.md", fm);
	efx_rb = efx_load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_oracle_new(&efx_o, efx_rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
}

Test(engine, an_action_no_predicate_names_is_judged_by_the_star_predicates)
{
	fixture_with_rally();
	arb_scenario *s = efx_scen();
	efx_fact(s, "v", "no");
	efx_fact(s, "e", "1");
	s->action.type = "rally";
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 1));
	STR_EQ(v->trace[0].pred->clause, "TL.E.1");
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	/* The same in a phase no predicate names but "*". */
	s->context.phase = "shooting";
	s->context.subphase = NULL;
	v = efx_judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 1));
	STR_EQ(v->trace[0].pred->clause, "TL.E.1");
	arb_verdict_free(v);
	/* And a named action is still judged by its own predicates. */
	s->action.type = "move";
	s->context.phase = "movement";
	v = efx_judge(s, NULL);
	cr_assert(eq(sz, v->n_trace, 11));
	IDS_EQ(v->violates, v->n_violates, "TL.V.1");
	arb_verdict_free(v);
	arb_scenario_free(s);
}

Test(engine, more_predicates_than_the_stack_scratch_holds)
{
	efx_put("spec/conventions.md", efx_kConv);
	efx_write_ruleset("manyland", "MA", "{#MA.X.1 constraint}\nRead it any way you like.\n");
	efx_rb = efx_load_rb();
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_oracle_new(&efx_o, efx_rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(sz, arb_oracle_predicate_count(efx_o), 300));
	arb_scenario *s = efx_scen();
	s->ruleset = "manyland";
	s->units[0].formation = NULL;
	s->context.subphase = NULL;
	arb_verdict *v = efx_judge(s, NULL);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(sz, v->n_trace, 300));
	arb_verdict_free(v);
	/* One reading of 300 disagrees: the readings dispute, naming the clause once. */
	s->board_w = 200;
	v = efx_judge(s, NULL);
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
	support_load_tree(cs, rb, "cases");
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
	support_load_tree(cs, rb, "cases");
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
	efx_put("spec/conventions.md", efx_kConv);
	efx_write_ruleset("tableland", "TB", kTableland);
	efx_put("spec/tableland/ruleset.md",
	        "---\nruleset: tableland\ntitle: T\nprefix: TB\nsections: "
	        "main\nactions: move\nphases: movement\nfacts: "
	        "key:25mm|40mm|60mm\n---\n");
	if (errata) {
		char buf[1024];
		snprintf(buf, sizeof buf,
		         "---\nruleset: tableland\ntitle: E\n---\n\n## Tables\n\n%s", errata);
		efx_put("spec/tableland/errata.md", buf);
	}
	arb_rulebook *rb = NULL;
	arb_error_clear(err);
	int rc = arb_rulebook_load(&rb, efx_spec, err);
	if (rc)
		return rc;
	efx_rb = rb;
	return arb_oracle_new(&efx_o, efx_rb, err);
}

/* The verdict of tableland's scenario, fact key = key (NULL: none). */
static arb_verdict *table_judge(const char *key)
{
	arb_scenario *s = efx_scen();
	s->ruleset = "tableland";
	s->context.subphase = NULL;
	s->units[0].formation = NULL;
	if (key) {
		s->facts = arb_scenario_alloc(s, sizeof *s->facts);
		cr_assert(s->facts != NULL);
		s->facts[0] = (arb_fact){.name = "key", .value = key};
		s->n_facts = 1;
	}
	arb_verdict *v = efx_judge(s, NULL);
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
	cr_assert(eq(int, arb_lint_run(&l, efx_rb, efx_o, NULL, "tableland", &err), ARB_OK));
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
		arb_oracle_free(efx_o);
		efx_o = NULL;
		arb_rulebook_free(efx_rb);
		efx_rb = NULL;
	}
}
