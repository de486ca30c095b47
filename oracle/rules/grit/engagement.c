/*
 * Grit, 2. Movement Phase, Charging and Engagement: spec/grit/movement.md
 * (GR.MOV.ENG.*). Cases: cases/grit/movement/. How each clause is read:
 * docs/encoding/grit-movement.md. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <string.h>

/* The actor's models within range of an enemy model: where they end the
 * action (at_end) or where they start it. The closest pair's figures go to
 * *best, *who and *whom. */
static size_t engaged_count(const arb_scenario *s, const arb_unit *u, double range, bool at_end,
                            double *best, const char **who, const char **whom, arb_measure *bm)
{
	size_t n = 0;
	*best = INFINITY;
	*who = *whom = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		arb_placed pl = at_end ? gr__end_placed(s, m) : arb_model_placed(m);
		const char *e;
		arb_measure mm;
		double d = gr__closest_enemy(s, u, &pl, &e, &mm);
		n += e && arb_within(d, range);
		if (e && d < *best) {
			*best = d;
			*who = m->id;
			*whom = e;
			*bm = mm;
		}
	}
	return n;
}

/* GR.MOV.ENG.1 */
ARB_PREDICATE(gr_mov_eng_1, .clause = "GR.MOV.ENG.1", .ruleset = "grit", .actions = "move displace",
              .phases = "movement", .question = "engagement", .params = "engage_range " GR_YARD,
              .fingerprint = "9c03337235911105")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range = arb_eval_param(ev, "engage_range"), yard = arb_eval_param(ev, GR_YARD), d;
	const char *who, *whom;
	arb_measure m = {0};
	size_t n = engaged_count(s, u, range, true, &d, &who, &whom, &m);
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	r->subject = who;
	r->object = whom;
	r->has_measure = true;
	r->measure = m;
	r->measure.limit = range;
	r->measure.margin = range - d;
	arb_result_value(r, "engaged", (double)n);
	arb_result_explain(r,
	                   "%zu model(s) of %s end within %.2f in (%g yd) of an enemy; closest %s "
	                   "to %s, %.2f in (%.2f yd)",
	                   n, u->id, range, range / yard, who, whom, d, d / yard);
}

/* GR.MOV.ENG.2 */
ARB_PREDICATE(gr_mov_eng_2, .clause = "GR.MOV.ENG.2", .ruleset = "grit",
              .actions = "move shoot displace", .phases = "*", .question = "engaged.act",
              .fingerprint = "c86c05829698f820")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool shoots = strcmp(s->action.type, "shoot") == 0;
	bool moves = !shoots && gr__moving_count(s, u) > 0;
	if (!shoots && !moves) {
		r->outcome = ARB_NA;
		return;
	}
	if (!arb_unit_has_status(u, "engaged")) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s is not engaged, so it may %s", u->id,
		                   shoots ? "shoot" : "move");
		return;
	}
	r->outcome = ARB_VIOLATED;
	arb_result_explain(r, "%s is engaged this battle round and %s", u->id,
	                   shoots ? "shoots" : "moves");
}

/* GR.MOV.ENG.3: a unit that starts the combat phase engaged fights the
 * enemies it is engaged with: within a yard of a model of it. */
ARB_PREDICATE(gr_mov_eng_3, .clause = "GR.MOV.ENG.3", .ruleset = "grit", .actions = "fight",
              .phases = "combat", .question = "fight.target", .params = "GR.MOV.ENG.1:engage_range",
              .fingerprint = "12a66d9683b71cc1")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range = arb_eval_param(ev, "GR.MOV.ENG.1:engage_range");
	if (!arb_unit_has_status(u, "engaged")) {
		r->outcome = ARB_NA;
		return;
	}
	if (s->action.n_targets == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is engaged and fights no one", u->id);
		return;
	}
	for (size_t t = 0; t < s->action.n_targets; t++) {
		const arb_unit *e = arb_scenario_unit(s, s->action.targets[t]);
		double d = e ? arb_unit_distance(u, e, NULL) : INFINITY;
		if (!e || !arb_within(d, range)) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[t];
			arb_result_explain(r,
			                   "%s fights %s, %.2f in away: not a model it is engaged "
			                   "with",
			                   u->id, s->action.targets[t], d);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s fights the %zu unit(s) it is engaged with", u->id,
	                   s->action.n_targets);
}

/* Whether the move causes engagement: a model of the actor ends within
 * range of an enemy model that no model of it was within at the start. */
static bool causes_engagement(const arb_scenario *s, const arb_unit *u, double range)
{
	double d;
	const char *who, *whom;
	arb_measure m;
	if (engaged_count(s, u, range, false, &d, &who, &whom, &m) > 0)
		return false;
	return engaged_count(s, u, range, true, &d, &who, &whom, &m) > 0;
}

/* GR.MOV.ENG.4 */
ARB_PREDICATE(gr_mov_eng_4, .clause = "GR.MOV.ENG.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "engagement", .params = "GR.MOV.ENG.1:engage_range",
              .fingerprint = "99924fb6169c684b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (gr__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	bool charged = causes_engagement(s, u, arb_eval_param(ev, "GR.MOV.ENG.1:engage_range"));
	r->outcome = ARB_VALUE;
	arb_result_value(r, "charged", charged ? 1 : 0);
	arb_result_explain(r,
	                   charged ? "the move of %s causes engagement: it charged"
	                           : "the move of %s causes no engagement: no charge",
	                   u->id);
}

/* GR.MOV.ENG.5 */
ARB_PREDICATE(gr_mov_eng_5, .clause = "GR.MOV.ENG.5", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "charge.initiative",
              .params = "GR.MOV.ENG.1:engage_range", .fingerprint = "fc40fa3609da032d")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (gr__moving_count(s, u) == 0 ||
	    !causes_engagement(s, u, arb_eval_param(ev, "GR.MOV.ENG.1:engage_range"))) {
		r->outcome = ARB_NA;
		return;
	}
	int los = gr__fact_bool(s, "line_of_sight_at_start");
	if (los < 0) {
		arb_result_missing(r, "line_of_sight_at_start",
		                   "%s charged; whether it started with line of sight to the enemy "
		                   "is not given",
		                   u->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "initiative_check", los ? 0 : 1);
	arb_result_explain(r,
	                   los ? "%s charged an enemy it started with line of sight to: no "
	                         "Initiative check"
	                       : "%s charged an enemy it did not start with line of sight to: "
	                         "it makes an Initiative check",
	                   u->id);
}

/* GR.MOV.ENG.6: "the controller of the model you charged may move the
 * charger": who moves it is the fact displaced_by, asked only where the
 * distance would otherwise be permitted (over a yard, it is violated
 * whoever moves it). */
ARB_PREDICATE(gr_mov_eng_6, .clause = "GR.MOV.ENG.6", .ruleset = "grit", .actions = "displace",
              .phases = "movement", .question = "displace.distance",
              .params = "shove_range " GR_YARD, .fingerprint = "85e67ef0708630ea")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range = arb_eval_param(ev, "shove_range"), yard = arb_eval_param(ev, GR_YARD);
	if (!arb_unit_has_status(u, "charged")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s did not charge: only 'the charger' may be moved", u->id);
		return;
	}
	int passed = gr__fact_bool(s, "initiative_check_passed");
	if (passed < 0) {
		arb_result_missing(r, "initiative_check_passed",
		                   "the result of %s's Initiative check is not given", u->id);
		return;
	}
	if (passed) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s passed its Initiative check: 'If failed' does not apply",
		                   u->id);
		return;
	}
	double longest = 0;
	const char *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = gr__path(s, &u->models[i]);
		double len = p ? arb_geom_path_length(p->pts, p->n_pts) : 0;
		if (p && len >= longest) {
			longest = len;
			who = u->models[i].id;
		}
	}
	r->subject = who;
	r->has_measure = true;
	r->measure = (arb_measure){
	    .figure = longest, .limit = range, .margin = range - longest, .other = -1};
	r->outcome = arb_within(longest, range) ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%s failed its Initiative check and is moved %.2f in (%.2f yd), up "
	                   "to %.2f in (%g yd)%s",
	                   u->id, longest, longest / yard, range, range / yard,
	                   r->outcome == ARB_PERMITS ? "" : ": too far");
	if (r->outcome != ARB_PERMITS)
		return;
	const char *by = arb_scenario_fact(s, "displaced_by");
	if (!by) {
		arb_result_missing(
		    r, "displaced_by",
		    "%s is moved %.2f in, within a yard; who moves it (the controller "
		    "of the model charged may) is not given",
		    u->id, longest);
		return;
	}
	if (strcmp(by, "charged") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s is moved by its own controller: only 'the controller of the "
		                   "model you charged may move the charger'",
		                   u->id);
	}
}

/* GR.MOV.ENG.7 */
ARB_PREDICATE(gr_mov_eng_7, .clause = "GR.MOV.ENG.7", .ruleset = "grit", .actions = "displace",
              .phases = "movement", .question = "displace.engagement",
              .params = "GR.MOV.ENG.1:engage_range", .fingerprint = "8cadafe3fbd8982f")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range = arb_eval_param(ev, "GR.MOV.ENG.1:engage_range"), d;
	const char *who, *whom;
	arb_measure m;
	if (engaged_count(s, u, range, false, &d, &who, &whom, &m) == 0 ||
	    engaged_count(s, u, range, true, &d, &who, &whom, &m) > 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "the displacement of %s breaks its engagement: closest enemy now "
	                   "%.2f in away",
	                   u->id, d);
}
