/*
 * Grit, 2. Movement Phase, Morale, Broken and Insane Bravery:
 * spec/grit/movement.md (GR.MOV.MORALE.*, GR.MOV.BROKEN.*, GR.MOV.BRAVE.*).
 * Cases: cases/grit/morale/. How each clause is read:
 * docs/encoding/grit-movement.md. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <string.h>

#define TOL ARB_TOLERANCE_IN
#define MORALE_PARAMS                                                                              \
	"GR.MOV.MORALE.4:morale_dice GR.MOV.MORALE.5:round_modifier "                              \
	"GR.MOV.MORALE.5:round_step GR.MOV.MORALE.6:wound_modifier GR.MOV.MORALE.6:wound_step "    \
	"GR.MOV.BRAVE.1:bravery_face"

/* A unit-wide characteristic (Grit, Sagacity, I). */
static bool unit_stat(const arb_unit *u, const char *name, double *out)
{
	for (size_t i = 0; i < u->n_stats; i++)
		if (strcmp(u->stats[i].name, name) == 0) {
			*out = u->stats[i].value;
			return true;
		}
	return u->n_models && arb_model_stat(&u->models[0], u, name, out);
}

/* The morale check as rolled: its dice, their sum, the modifiers and the
 * total; ok false (r explained as missing) when something is not given. */
typedef struct morale {
	bool rolled;  /* the scenario rolls the check */
	bool ok;      /* every figure below is known */
	double grit;  /* the unit's Grit */
	int dice[2];  /* as rolled */
	double roll;  /* their sum */
	double total; /* the result with GR.MOV.MORALE.5 and .6 */
	bool ones;    /* double ones (GR.MOV.BRAVE.1) */
} morale;

/* Reads the check of the actor. Not rolled: the unit has no Grit, or no
 * morale dice are given. */
static morale read_check(const arb_eval *ev, arb_result *r)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	morale c = {0};
	int d[8];
	size_t nd = arb_scenario_dice_for(s, "morale_check", d, 8);
	size_t want = (size_t)arb_eval_param(ev, "GR.MOV.MORALE.4:morale_dice");
	if (!unit_stat(u, "Grit", &c.grit) || nd == 0)
		return c;
	c.rolled = true;
	if (nd != want || want != 2) {
		arb_result_missing(r, "morale_check dice",
		                   "%s rolled %zu morale dice, the check rolls %zu", u->id, nd,
		                   want);
		return c;
	}
	c.dice[0] = d[0];
	c.dice[1] = d[1];
	c.roll = d[0] + d[1];
	double face = arb_eval_param(ev, "GR.MOV.BRAVE.1:bravery_face"), rc, w;
	c.ones = d[0] == face && d[1] == face;
	if (!gr__fact_num(s, "rounds_completed", &rc)) {
		arb_result_missing(r, "rounds_completed", "the rounds completed are not given");
		return c;
	}
	if (!gr__fact_num(s, "corpse_wounds", &w)) {
		arb_result_missing(r, "corpse_wounds",
		                   "the wounds among the corpses are not given");
		return c;
	}
	c.total = c.roll +
	          floor(rc / arb_eval_param(ev, "GR.MOV.MORALE.5:round_step")) *
	              arb_eval_param(ev, "GR.MOV.MORALE.5:round_modifier") +
	          floor(w / arb_eval_param(ev, "GR.MOV.MORALE.6:wound_step")) *
	              arb_eval_param(ev, "GR.MOV.MORALE.6:wound_modifier");
	c.ok = true;
	return c;
}

/* ---- Morale ---- */

/* GR.MOV.MORALE.1 */
ARB_PREDICATE(gr_mov_morale_1, .clause = "GR.MOV.MORALE.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.perception", .params = GR_YARD,
              .fingerprint = "8cc59510d2092dfc")
{
	const arb_unit *u = arb_eval_actor(ev);
	double grit, in, yard = arb_eval_param(ev, GR_YARD);
	if (!unit_stat(u, "Grit", &grit)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!unit_stat(u, "I", &in)) {
		arb_result_bad_input(
		    r, "units", "unit %s states no I (Initiative), its perception range", u->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_info(r, "perception_range_in", in * yard);
	arb_result_explain(r, "%s's perception range is its Initiative, %g yd (%.2f in)", u->id, in,
	                   in * yard);
}

/* GR.MOV.MORALE.2 */
ARB_PREDICATE(gr_mov_morale_2, .clause = "GR.MOV.MORALE.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.required",
              .fingerprint = "14223290b9d017fa")
{
	const arb_unit *u = arb_eval_actor(ev);
	double grit;
	if (!unit_stat(u, "Grit", &grit)) {
		r->outcome = ARB_NA;
		return;
	}
	int near = gr__fact_bool(arb_eval_scenario(ev), "allied_corpses_in_range");
	if (near < 0) {
		arb_result_missing(r, "allied_corpses_in_range",
		                   "whether %s starts within perception range of allied corpses is "
		                   "not given",
		                   u->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "morale_check", near);
	arb_result_explain(r,
	                   near ? "%s has a Grit value and starts within perception range of "
	                          "allied corpses: it must make a morale check"
	                        : "%s starts within perception range of no allied corpses: no "
	                          "morale check",
	                   u->id);
}

/* GR.MOV.MORALE.3 */
ARB_PREDICATE(gr_mov_morale_3, .clause = "GR.MOV.MORALE.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.required",
              .fingerprint = "bb8aea5f9a0e2145")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	if (gr__fact_bool(s, "corpses_are_vehicles") != 1) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "morale_check", 0);
	arb_result_explain(r, "the corpses are of vehicles and the like: they cause no morale "
	                      "check");
}

/* GR.MOV.MORALE.4 */
ARB_PREDICATE(gr_mov_morale_4, .clause = "GR.MOV.MORALE.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.roll", .params = MORALE_PARAMS,
              .fingerprint = "9b7fbd240b97c2fb")
{
	morale c = read_check(ev, r);
	if (!c.rolled || r->outcome == ARB_MISSING) {
		if (!c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_info(r, "morale_roll", c.roll);
	arb_result_explain(r, "2D6 rolled %d + %d = %g, against Grit %g", c.dice[0], c.dice[1],
	                   c.roll, c.grit);
}

/* GR.MOV.MORALE.5 */
ARB_PREDICATE(gr_mov_morale_5, .clause = "GR.MOV.MORALE.5", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.rounds",
              .params = "round_modifier round_step", .fingerprint = "f2a34b072a0df1bb")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	double rc, grit;
	if (!unit_stat(arb_eval_actor(ev), "Grit", &grit) ||
	    !arb_scenario_dice_for(s, "morale_check", (int[8]){0}, 8)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!gr__fact_num(s, "rounds_completed", &rc)) {
		arb_result_missing(r, "rounds_completed", "the rounds completed are not given");
		return;
	}
	double add =
	    floor(rc / arb_eval_param(ev, "round_step")) * arb_eval_param(ev, "round_modifier");
	r->outcome = ARB_VALUE;
	arb_result_info(r, "round_modifier", add);
	arb_result_explain(r, "%g round(s) completed: %+g", rc, add);
}

/* GR.MOV.MORALE.6 */
ARB_PREDICATE(gr_mov_morale_6, .clause = "GR.MOV.MORALE.6", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.wounds",
              .params = "wound_modifier wound_step", .fingerprint = "8820f628f7274f73")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	double w, grit;
	if (!unit_stat(arb_eval_actor(ev), "Grit", &grit) ||
	    !arb_scenario_dice_for(s, "morale_check", (int[8]){0}, 8)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!gr__fact_num(s, "corpse_wounds", &w)) {
		arb_result_missing(r, "corpse_wounds",
		                   "the wounds among the corpses are not given");
		return;
	}
	double add =
	    floor(w / arb_eval_param(ev, "wound_step")) * arb_eval_param(ev, "wound_modifier");
	r->outcome = ARB_VALUE;
	arb_result_info(r, "wound_modifier", add);
	arb_result_explain(r, "%g wound(s) among the corpses: %+g", w, add);
}

/* GR.MOV.MORALE.7 */
ARB_PREDICATE(gr_mov_morale_7, .clause = "GR.MOV.MORALE.7", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.move", .params = MORALE_PARAMS,
              .fingerprint = "5959a543b216105e")
{
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ok) {
		if (!c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	arb_result_value(r, "morale_total", c.total);
	/* "passed": at most Grit (GR.MOV.MORALE.4), or double ones (GR.MOV.BRAVE.1). */
	if (c.total > c.grit && !c.ones) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "total %g over Grit %g: not passed", c.total, c.grit);
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "total %g%s, Grit %g: passed, the unit moves as normal", c.total,
	                   c.ones ? " with double ones" : "", c.grit);
}

/* The distance from unit u's models (at the start, or where they end) to
 * piece t: the closest. */
static double unit_to_piece(const arb_scenario *s, const arb_unit *u, const arb_terrain *t,
                            bool at_end)
{
	double best = INFINITY;
	for (size_t i = 0; i < u->n_models; i++) {
		arb_placed pl =
		    at_end ? gr__end_placed(s, &u->models[i]) : arb_model_placed(&u->models[i]);
		double d = arb_geom_base_polygon_distance(&pl, t->poly, t->n_poly, NULL);
		best = d < best ? d : best;
	}
	return best;
}

/* Whether unit u ends nearer piece t than it starts, by more than the
 * tolerance; *d0 and *d1 the distances at the start and at the end. */
static bool moves_towards(const arb_scenario *s, const arb_unit *u, const arb_terrain *t,
                          double *d0, double *d1)
{
	*d0 = unit_to_piece(s, u, t, false);
	*d1 = unit_to_piece(s, u, t, true);
	return *d1 < *d0 - TOL;
}

/* GR.MOV.MORALE.8 */
ARB_PREDICATE(gr_mov_morale_8, .clause = "GR.MOV.MORALE.8", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.move", .params = MORALE_PARAMS,
              .fingerprint = "f38097e6a51c77c5")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ok) {
		if (!c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	if (c.total <= c.grit) {
		r->outcome = ARB_NA;
		return;
	}
	arb_result_value(r, "morale_total", c.total);
	int cover = gr__fact_bool(s, "in_cover");
	if (cover < 0) {
		arb_result_missing(r, "in_cover", "whether %s is in cover is not given", u->id);
		return;
	}
	if (cover) {
		r->outcome = ARB_NA;
		return;
	}
	const arb_terrain *near = NULL;
	double d0 = INFINITY;
	for (size_t k = 0; k < s->n_terrain; k++) {
		const arb_terrain *t = &s->terrain[k];
		double d = strcmp(t->kind, "cover") == 0 ? unit_to_piece(s, u, t, false) : INFINITY;
		if (d < d0) {
			d0 = d;
			near = t;
		}
	}
	if (!near) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "total %g over Grit %g: %s must move towards the nearest piece "
		                   "of cover, and there is none",
		                   c.total, c.grit, u->id);
		return;
	}
	double d1;
	bool towards = moves_towards(s, u, near, &d0, &d1);
	r->object = near->id;
	/* "the nearest piece": of two as near (within the tolerance) the text
	 * does not say which; decided only where the move goes towards each or
	 * towards none (GR-MOV-MOR-040..044), whatever order the terrain is in */
	for (size_t k = 0; k < s->n_terrain; k++) {
		const arb_terrain *t = &s->terrain[k];
		double t0, t1;
		if (t == near || strcmp(t->kind, "cover") != 0 ||
		    moves_towards(s, u, t, &t0, &t1) == towards || t0 > d0 + TOL)
			continue;
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(
		    r,
		    "total %g over Grit %g: %s must move towards the nearest piece "
		    "of cover; %s and %s are as near (%.2f in), and it moves towards "
		    "%s only: which is the nearest the text does not say",
		    c.total, c.grit, u->id, near->id, t->id, d0, towards ? near->id : t->id);
		return;
	}
	r->has_measure = true;
	r->measure = (arb_measure){.figure = d1, .limit = d0, .margin = d0 - d1, .other = -1};
	r->outcome = towards ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "total %g over Grit %g: %s must move towards cover %s; %.2f in from it "
	                   "before, %.2f in after",
	                   c.total, c.grit, u->id, near->id, d0, d1);
}

/* GR.MOV.MORALE.9 */
ARB_PREDICATE(gr_mov_morale_9, .clause = "GR.MOV.MORALE.9", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.move", .params = MORALE_PARAMS,
              .fingerprint = "bb6c8fab062630ea")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ok || c.total <= c.grit) {
		if (!c.rolled || c.ok)
			r->outcome = ARB_NA;
		return;
	}
	int cover = gr__fact_bool(s, "in_cover");
	if (cover < 0) {
		arb_result_missing(r, "in_cover", "whether %s is in cover is not given", u->id);
		return;
	}
	if (!cover) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = gr__moving_count(s, u);
	arb_result_value(r, "morale_total", c.total);
	r->outcome = n ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "total %g over Grit %g and %s is in cover: %s", c.total, c.grit,
	                   u->id, n ? "it moves, and must remain still" : "it remains still");
}

/* ---- Broken ---- */

/* Whether the check breaks the unit: 1, 0, or -1 with r reporting bad
 * input (no Sagacity where the total is over Grit). A total within Grit is
 * within Grit and any Sagacity (characteristics are not negative), so it
 * needs none. */
static int breaks(const arb_eval *ev, const morale *c, arb_result *r, double *sag)
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!unit_stat(u, "Sagacity", sag)) {
		*sag = NAN;
		if (!(c->total > c->grit))
			return 0; /* not stated, and not needed */
		arb_result_bad_input(r, "units",
		                     "unit %s states no Sagacity, which a total over its Grit is "
		                     "compared with",
		                     u->id);
		return -1;
	}
	return c->total > c->grit + *sag;
}

/* GR.MOV.BROKEN.1 */
ARB_PREDICATE(gr_mov_broken_1, .clause = "GR.MOV.BROKEN.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.broken", .params = MORALE_PARAMS,
              .fingerprint = "262916d79027c062")
{
	double sag;
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ok) {
		if (!c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	int b = breaks(ev, &c, r, &sag);
	if (b < 0)
		return;
	r->outcome = ARB_VALUE;
	arb_result_value(r, "broken", b);
	if (b)
		/* the same total is over Grit: GR.MOV.MORALE.8 or .9 speaks too */
		arb_result_explain(r,
		                   "total %g over Grit %g + Sagacity %g = %g: broken; it is over "
		                   "Grit as well, so the failed result applies to this roll too",
		                   c.total, c.grit, sag, c.grit + sag);
	else if (isnan(sag))
		arb_result_explain(r, "total %g within Grit %g: not broken, whatever its Sagacity",
		                   c.total, c.grit);
	else
		arb_result_explain(r, "total %g, Grit + Sagacity %g: not broken", c.total,
		                   c.grit + sag);
}

/* How far base p lies from the board edge named e (negative: beyond it). */
static double edge_gap(const arb_scenario *s, const arb_placed *p, const char *e)
{
	arb_vec2 h = arb_geom_half_extent(p);
	if (strcmp(e, "left") == 0)
		return p->c.x - h.x;
	if (strcmp(e, "right") == 0)
		return s->board_w - (p->c.x + h.x);
	if (strcmp(e, "bottom") == 0)
		return p->c.y - h.y;
	return s->board_h - (p->c.y + h.y);
}

/* The first step of model m's path (CONV.MOVE.1: its centre's polyline)
 * longer than the tolerance that does not bring its base nearer edge e by
 * more than the tolerance; -1 when every step does. *g0, *g1 the gaps
 * before and after that step (or the path's first and last). */
static long first_step_away(const arb_scenario *s, const arb_model *m, const char *e, double *g0,
                            double *g1)
{
	const arb_path *p = arb_scenario_path(s, m->id);
	arb_placed a = arb_model_placed(m), b = gr__end_placed(s, m);
	*g0 = edge_gap(s, &a, e);
	*g1 = edge_gap(s, &b, e);
	if (!gr__path(s, m))
		return 0; /* no movement spent at all */
	for (size_t k = 0; k + 1 < p->n_pts; k++) {
		a.c = p->pts[k];
		b.c = p->pts[k + 1];
		double x0 = edge_gap(s, &a, e), x1 = edge_gap(s, &b, e);
		if (arb_geom_path_length(&p->pts[k], 2) > TOL && !(x1 < x0 - TOL)) {
			*g0 = x0;
			*g1 = x1;
			return (long)k;
		}
	}
	return -1;
}

/* GR.MOV.BROKEN.2: "must spend their movement moving towards the nearest
 * table edge ..., trying to move off it": every step of every model's path
 * goes towards that edge (the fact deployment_edge), and each model spends
 * its movement, the whole of GR.MOV.2's allowance, unless it ends partly or
 * wholly off the table (it got off: GR.MOV.BROKEN.3). Without the table
 * the length is a gap of the text; a step away is decided without it. */
ARB_PREDICATE(gr_mov_broken_2, .clause = "GR.MOV.BROKEN.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.move",
              .params = MORALE_PARAMS " " GR_ALLOWANCE " " GR_YARD,
              .fingerprint = "e5e52af8c322e56e")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double sag, allowance, yard = arb_eval_param(ev, GR_YARD);
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ok) {
		if (!c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	int b = breaks(ev, &c, r, &sag);
	if (b <= 0) {
		if (b == 0)
			r->outcome = ARB_NA;
		return;
	}
	const char *e = arb_scenario_fact(s, "deployment_edge");
	if (!e) {
		arb_result_missing(r, "deployment_edge",
		                   "the nearest table edge of %s's deployment zone is not given",
		                   u->id);
		return;
	}
	bool known = arb_eval_param_known(ev, GR_ALLOWANCE, &allowance);
	const arb_model *short_of = NULL; /* the first that may not spend it all */
	double short_len = 0;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		double g0, g1;
		long k = first_step_away(s, m, e, &g0, &g1);
		if (k >= 0) {
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			arb_result_explain(r,
			                   "%s is broken and %s does not move towards the %s edge "
			                   "(step %ld: %.2f in from it before, %.2f after)",
			                   u->id, m->id, e, k + 1, g0, g1);
			return;
		}
		arb_placed end = gr__end_placed(s, m);
		if (arb_geom_board_inset(&end, s->board_w, s->board_h, NULL) < -TOL)
			continue; /* off the table: it fled, whatever is left */
		const arb_path *p = arb_scenario_path(s, m->id);
		double len = arb_geom_path_length(p->pts, p->n_pts);
		if (known && len < allowance - TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			r->has_measure = true;
			r->measure = (arb_measure){.figure = len,
			                           .limit = allowance,
			                           .margin = len - allowance,
			                           .other = -1};
			arb_result_explain(r,
			                   "%s is broken and %s spends %.2f in (%.2f yd) of its "
			                   "movement, %.2f yd, and stays on the table",
			                   u->id, m->id, len, len / yard, allowance / yard);
			return;
		}
		if (!known && !short_of) {
			short_of = m;
			short_len = len;
		}
	}
	if (short_of) {
		r->outcome = ARB_UNDECIDED;
		r->subject = short_of->id;
		arb_result_explain(r,
		                   "%s is broken and moves towards the %s edge; %s moves %.2f in "
		                   "(%.2f yd) and stays on the table: whether that spends its "
		                   "movement is 'on the table below' (GR.MOV.2), which the text "
		                   "does not have",
		                   u->id, e, short_of->id, short_len, short_len / yard);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "%s is broken and every model spends its movement moving towards "
	                   "the %s edge",
	                   u->id, e);
}

/* GR.MOV.BROKEN.3 */
ARB_PREDICATE(gr_mov_broken_3, .clause = "GR.MOV.BROKEN.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.flee", .params = MORALE_PARAMS,
              .fingerprint = "8685bb8fcd97274a")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double sag;
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ok) {
		if (!c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	int b = breaks(ev, &c, r, &sag);
	if (b <= 0) {
		if (b == 0)
			r->outcome = ARB_NA;
		return;
	}
	size_t n = 0;
	for (size_t i = 0; i < u->n_models; i++) {
		arb_placed pl = gr__end_placed(s, &u->models[i]);
		n += arb_geom_board_inset(&pl, s->board_w, s->board_h, NULL) < -TOL;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "fled", (double)n);
	arb_result_explain(r, "%zu model(s) of %s move partly or wholly off the table: they flee",
	                   n, u->id);
}

/* GR.MOV.BROKEN.4 */
ARB_PREDICATE(gr_mov_broken_4, .clause = "GR.MOV.BROKEN.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.required",
              .fingerprint = "13f55eb68d2880e8")
{
	const arb_unit *u = arb_eval_actor(ev);
	double grit;
	if (!arb_unit_has_status(u, "fleeing") || !unit_stat(u, "Grit", &grit)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "morale_check", 1);
	arb_result_explain(r, "%s made a fleeing move: it tests again, whatever the corpses",
	                   u->id);
}

/* ---- Insane Bravery ---- */

/* GR.MOV.BRAVE.1 */
ARB_PREDICATE(gr_mov_brave_1, .clause = "GR.MOV.BRAVE.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.bravery", .params = MORALE_PARAMS,
              .fingerprint = "37fa6abb488ad59f")
{
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ones) {
		if (r->outcome != ARB_MISSING || !c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "morale_passed", 1);
	arb_result_explain(r, "double ones: the test is passed whatever the result");
}

/* GR.MOV.BRAVE.2 */
ARB_PREDICATE(gr_mov_brave_2, .clause = "GR.MOV.BRAVE.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "morale.inspired", .params = MORALE_PARAMS,
              .fingerprint = "a3a525df03063d85")
{
	morale c = read_check(ev, r);
	if (!c.rolled || !c.ones) {
		if (r->outcome != ARB_MISSING || !c.rolled)
			r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "inspired", 1);
	arb_result_explain(r, "double ones: %s becomes inspired", arb_eval_actor(ev)->id);
}

/* GR.MOV.BRAVE.3 */
ARB_PREDICATE(gr_mov_brave_3, .clause = "GR.MOV.BRAVE.3", .ruleset = "grit",
              .actions = "shoot fight", .phases = "shooting combat", .question = "reroll",
              .fingerprint = "0f007e7550da0b0c")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (gr__fact_bool(s, "rerolled") != 1) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = arb_unit_has_status(u, "inspired") ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r,
	                   r->outcome == ARB_PERMITS
	                       ? "%s is inspired: it may reroll its dice this battle round"
	                       : "%s is not inspired: the rerolls are not granted",
	                   u->id);
}
