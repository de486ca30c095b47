/*
 * Grit, 2. Movement Phase, Difficult Terrain, Towering Steps and Stomping:
 * spec/grit/movement.md (GR.MOV.DIFF.*, GR.MOV.TOWER.*, GR.MOV.STOMP.*).
 * Cases: cases/grit/movement/. How each clause is read:
 * docs/encoding/grit-movement.md. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <string.h>

#define TOL ARB_TOLERANCE_IN

static bool difficult_kind(const char *kind, bool bodies)
{
	return strcmp(kind, "difficult") == 0 || (bodies && strcmp(kind, "dead_bodies") == 0);
}

/* How far model m's path goes through terrain of the kinds asked, its base
 * overlapping each piece, summed over the pieces; NAN when out of memory. */
static double through_kind(const arb_scenario *s, const arb_model *m, const arb_path *p,
                           bool difficult, bool bodies)
{
	double sum = 0;
	arb_placed pl = arb_model_placed(m);
	for (size_t k = 0; k < s->n_terrain; k++) {
		const arb_terrain *t = &s->terrain[k];
		bool want = difficult ? difficult_kind(t->kind, bodies)
		                      : strcmp(t->kind, "dead_bodies") == 0;
		if (want)
			sum += arb_geom_path_through(&pl, p->pts, p->n_pts, t->poly, t->n_poly,
			                             ARB_THROUGH_BASE, NULL);
	}
	return sum;
}

/* GR.MOV.DIFF.3: moving across difficult terrain (dead bodies among it,
 * GR.MOV.DIFF.4) is allowed and costs double: the length of path across it
 * counts twice against the allowance. */
ARB_PREDICATE(gr_mov_diff_3, .clause = "GR.MOV.DIFF.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.through", .params = GR_ALLOWANCE " " GR_YARD,
              .fingerprint = "ad1cf1f8b14c03ee")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double yard = arb_eval_param(ev, GR_YARD), limit, worst = -INFINITY, w_cost = 0, w_len = 0,
	       w_thr = 0;
	const char *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = gr__path(s, &u->models[i]);
		if (!p)
			continue;
		double thr = through_kind(s, &u->models[i], p, true, true);
		if (isnan(thr)) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring terrain");
			return;
		}
		if (thr <= TOL)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts), cost = len + thr;
		if (cost > worst) {
			worst = cost;
			who = u->models[i].id;
			w_cost = cost;
			w_len = len;
			w_thr = thr;
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	arb_result_value(r, "move_cost_in", w_cost);
	if (!arb_eval_param_known(ev, GR_ALLOWANCE, &limit)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s's move costs %.2f in (%.2f, %.2f of it across difficult "
		                   "terrain, doubled); the allowance is 'on the table below' "
		                   "(GR.MOV.2), which the text does not have",
		                   who, w_cost, w_len, w_thr);
		return;
	}
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = w_cost, .limit = limit, .margin = limit - w_cost, .other = -1};
	r->outcome = w_cost <= limit + TOL ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%s moves %.2f in, %.2f of it across difficult terrain: costs %.2f in "
	                   "(%.2f yd), allowance %.2f yd (%.2f in)%s",
	                   who, w_len, w_thr, w_cost, w_cost / yard, limit / yard, limit,
	                   r->outcome == ARB_PERMITS ? "" : ": over");
}

/* GR.MOV.DIFF.4: the move crosses dead bodies, which count as difficult
 * terrain (what that costs is GR.MOV.DIFF.3's). */
ARB_PREDICATE(gr_mov_diff_4, .clause = "GR.MOV.DIFF.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.terrain.kind",
              .fingerprint = "0a06c339b7e7f500")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = gr__path(s, &u->models[i]);
		double thr = p ? through_kind(s, &u->models[i], p, false, true) : 0;
		if (isnan(thr)) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring terrain");
			return;
		}
		if (thr > TOL) {
			r->outcome = ARB_VALUE;
			r->subject = u->models[i].id;
			arb_result_value(r, "dead_bodies_in", thr);
			arb_result_explain(r,
			                   "%s crosses %.2f in of dead bodies: difficult terrain",
			                   u->models[i].id, thr);
			return;
		}
	}
	r->outcome = ARB_NA;
}

/* GR.MOV.DIFF.5 */
ARB_PREDICATE(gr_mov_diff_5, .clause = "GR.MOV.DIFF.5", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.end.terrain",
              .fingerprint = "d2efda9b7bf328a6")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool any = false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (!gr__path(s, m))
			continue;
		any = true;
		arb_placed pl = gr__end_placed(s, m);
		for (size_t k = 0; k < s->n_terrain; k++) {
			const arb_terrain *t = &s->terrain[k];
			if (strcmp(t->kind, "dead_bodies") == 0 &&
			    gr__on_polygon(&pl, t->poly, t->n_poly)) {
				r->outcome = ARB_VIOLATED;
				r->subject = m->id;
				r->object = t->id;
				arb_result_explain(r, "%s ends its move on the dead bodies %s",
				                   m->id, t->id);
				return;
			}
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no model of %s ends on dead bodies", u->id);
}

/* Whether a moving model of the actor goes through another model or a piece
 * of terrain; *who the first. */
static bool goes_through(const arb_scenario *s, const arb_unit *u, const char **who)
{
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = gr__path(s, m);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(m);
		*who = m->id;
		for (size_t k = 0; k < s->n_units; k++)
			for (size_t j = 0; j < s->units[k].n_models; j++) {
				const arb_model *x = &s->units[k].models[j];
				if (x == m || (&s->units[k] == u && gr__path(s, x)))
					continue;
				arb_placed op = arb_model_placed(x);
				if (arb_geom_swept_penetration(&pl, p->pts, p->n_pts, &op, 1,
				                               NULL) > TOL)
					return true;
			}
		for (size_t k = 0; k < s->n_terrain; k++) {
			const arb_terrain *t = &s->terrain[k];
			if (arb_geom_path_through(&pl, p->pts, p->n_pts, t->poly, t->n_poly,
			                          ARB_THROUGH_BASE, NULL) > TOL)
				return true;
		}
	}
	return false;
}

/* GR.MOV.TOWER.1: heights are not on the table; towers_over says whether
 * what the model moves through is at most a quarter of its height. */
ARB_PREDICATE(gr_mov_tower_1, .clause = "GR.MOV.TOWER.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.through", .fingerprint = "5cfbc29b886e85c5")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *who = NULL;
	if (!goes_through(s, arb_eval_actor(ev), &who)) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	int tower = gr__fact_bool(s, "towers_over");
	if (tower < 0) {
		arb_result_missing(r, "towers_over",
		                   "%s moves through something; whether it is at most a quarter of "
		                   "%s's height is not given",
		                   who, who);
		return;
	}
	if (!tower) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "what %s moves through is more than a quarter of its height",
		                   who);
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%s moves through what is at most a quarter of its height: "
	                   "unabated",
	                   who);
}

/* The models of other units, or standing models of the actor's own, that a
 * moving model of the actor ends on top of: how many, the first stomper
 * and the first model under it. */
static size_t under(const arb_scenario *s, const arb_unit *u, const arb_model **stomper,
                    const char **first)
{
	size_t n = 0;
	*stomper = NULL;
	*first = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (!gr__path(s, m))
			continue;
		arb_placed pl = gr__end_placed(s, m);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *o = &s->units[k];
			for (size_t j = 0; j < o->n_models; j++) {
				/* the actor's own moving models move with it */
				if (o == u && (j == i || gr__path(s, &o->models[j])))
					continue;
				arb_placed op = arb_model_placed(&o->models[j]);
				if (!gr__on_top(&pl, &op))
					continue;
				if (n++ == 0) {
					*stomper = m;
					*first = o->models[j].id;
				}
			}
		}
	}
	return n;
}

/* GR.MOV.TOWER.2 */
ARB_PREDICATE(gr_mov_tower_2, .clause = "GR.MOV.TOWER.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.end.models",
              .fingerprint = "b077a3e401975fe8")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_model *st;
	const char *first;
	if (gr__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (under(s, u, &st, &first) == 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "no model of %s ends on top of another model", u->id);
		return;
	}
	r->outcome = ARB_VIOLATED;
	r->subject = st->id;
	r->object = first;
	arb_result_explain(r, "%s ends its move on top of %s", st->id, first);
}

/* GR.MOV.STOMP.1 */
ARB_PREDICATE(gr_mov_stomp_1, .clause = "GR.MOV.STOMP.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.end.models",
              .fingerprint = "5873dfadb665f4b2")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_model *st;
	const char *first;
	if (under(s, u, &st, &first) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = st->id;
	r->object = first;
	int tower = gr__fact_bool(s, "towers_over");
	if (tower < 0) {
		arb_result_missing(
		    r, "towers_over",
		    "%s ends on top of %s; whether it can perform towering steps over "
		    "it is not given",
		    st->id, first);
		return;
	}
	if (!tower) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s cannot perform towering steps over %s", st->id, first);
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s ends on top of %s, which it can perform towering steps over",
	                   st->id, first);
}

/* Whether the actor stomps: it ends on top of models it can tower over. */
static size_t stomped(const arb_scenario *s, const arb_unit *u, const arb_model **st,
                      const char **first)
{
	size_t n = under(s, u, st, first);
	return n && gr__fact_is(s, "towers_over", "true") ? n : 0;
}

/* GR.MOV.STOMP.2 */
ARB_PREDICATE(gr_mov_stomp_2, .clause = "GR.MOV.STOMP.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.checks", .fingerprint = "e6af1fcbce90c383")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_model *st;
	const char *first;
	size_t n = stomped(s, arb_eval_actor(ev), &st, &first);
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	r->subject = st->id;
	arb_result_value(r, "stomp_initiative_checks", (double)n);
	arb_result_explain(r, "%zu model(s) under %s must pass an Initiative check", n, st->id);
}

/* GR.MOV.STOMP.3: the stomped unit's move out (the fact stomped): each of
 * its models that starts under a model of another unit ends clear of it,
 * having moved no further than the least that separates them (the depth
 * of their overlap). Coherency is GR.MOV.COH.1's, judged on the same move. */
ARB_PREDICATE(gr_mov_stomp_3, .clause = "GR.MOV.STOMP.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.out", .fingerprint = "85fe643ad926fb71")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool any = false;
	if (gr__fact_bool(s, "stomped") != 1) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		arb_placed a = arb_model_placed(m), b = gr__end_placed(s, m);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *o = &s->units[k];
			for (size_t j = 0; o != u && j < o->n_models; j++) {
				arb_placed st = arb_model_placed(&o->models[j]);
				double depth = arb_geom_penetration(&a, &st);
				if (depth <= TOL)
					continue;
				any = true;
				const arb_path *p = arb_scenario_path(s, m->id);
				double len = p ? arb_geom_path_length(p->pts, p->n_pts) : 0;
				r->subject = m->id;
				r->object = o->models[j].id;
				r->has_measure = true;
				r->measure = (arb_measure){.figure = len,
				                           .limit = depth,
				                           .margin = depth - len,
				                           .other = -1};
				if (gr__on_top(&b, &st)) {
					r->outcome = ARB_VIOLATED;
					arb_result_explain(r, "%s ends still under %s", m->id,
					                   o->models[j].id);
					return;
				}
				if (len > depth + TOL) {
					r->outcome = ARB_VIOLATED;
					arb_result_explain(
					    r,
					    "%s moves %.3f in out from under %s; the "
					    "minimum is %.3f in",
					    m->id, len, o->models[j].id, depth);
					return;
				}
			}
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "the models of %s under a stomper move the minimum distance out",
	                   u->id);
}

/* GR.MOV.STOMP.4 */
ARB_PREDICATE(gr_mov_stomp_4, .clause = "GR.MOV.STOMP.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.hits", .fingerprint = "68653f9f00eaa9db")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_model *st;
	const char *first;
	size_t n = stomped(s, u, &st, &first);
	double str;
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = st->id;
	int passed = gr__fact_bool(s, "initiative_check_passed");
	if (passed < 0) {
		arb_result_missing(r, "initiative_check_passed",
		                   "whether the models under %s passed their Initiative check is "
		                   "not given",
		                   st->id);
		return;
	}
	if (passed) {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "stomp_hits", 0);
		arb_result_explain(r, "the models under %s passed: no hit", st->id);
		return;
	}
	if (!arb_model_stat(st, u, "S", &str)) {
		arb_result_bad_input(r, "models",
		                     "model %s states no S (Strength), the Strength of its hits",
		                     st->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "stomp_hits", (double)n);
	arb_result_value(r, "stomp_strength", str);
	arb_result_explain(r, "%zu model(s) under %s failed: each takes a hit at Strength %g", n,
	                   st->id, str);
}
