/*
 * Scrollhammer, Unit Formations: Fight In Ranks, from changing facing,
 * pivoting and entering a new formation (SH.FORM.FIR.7) to splitting round
 * terrain (SH.FORM.FIR.13), in the order of spec/scrollhammer/formations.md.
 * The moves before them are in formations.c; helpers in formations.h. How
 * each predicate reads its clause: docs/encoding/scrollhammer-formations.md.
 */
#include "formations.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The impassable terrain that a base at position p overlaps or touches, or NULL. */
static const char *place_blocked(const arb_scenario *s, const arb_model *m, arb_vec2 p)
{
	arb_placed pl = arb_model_placed(m);
	pl.c = p;
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		if (strcmp(t->kind, "impassable") == 0 &&
		    arb_geom_base_polygon_distance(&pl, t->poly, t->n_poly, NULL) <= FM_TOL)
			return t->id;
	}
	return NULL;
}

/* The longest path of the actor's models (*who the model) and their sum
 * (*total); the model that detours most (its path longer than the straight
 * line from start to end), if any, and by how much. */
static double longest_path(const arb_eval *ev, const arb_unit *u, const char **who, double *total,
                           const char **detour, double *detour_by)
{
	double best = 0;
	*who = NULL;
	*detour = NULL;
	*detour_by = 0;
	*total = 0;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts);
		double extra = fm__detour_of(ev, &u->models[i]);
		*total += len;
		if (extra > FM_TOL && extra > *detour_by) {
			*detour_by = extra;
			*detour = u->models[i].id;
		}
		if (len > best) {
			best = len;
			*who = u->models[i].id;
		}
	}
	return best;
}

/* SH.FORM.FIR.7: "should models be out of coherency" bound to the last
 * manoeuvre only (last) or to all three (all). When a pivot or reform may
 * be made the text does not say: any phase. */
ARB_PREDICATE(sh_form_fir_7, .clause = "SH.FORM.FIR.7",
              .readings = ARB_READINGS({"last", 0}, {"all", 1}), .ruleset = "scrollhammer",
              .actions = "pivot reform", .phases = "*", .question = "formation.manoeuvre",
              .fingerprint = "816b662c11098041")
{
	const arb_unit *u = arb_eval_actor(ev);
	bool all = arb_eval_reading_arg(ev);
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	bool reform = fm__action_is(ev, "reform");
	bool out = arb_unit_has_status(u, "out_of_coherency");
	if (out || (!reform && !all)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s may %s%s", u->id,
		                   reform ? "enter a new formation" : "change its facing or pivot",
		                   out ? ": its models are out of coherency" : "");
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r,
		    "%s %s while its models are in coherency: allowed only "
		    "should models be out of coherency",
		    u->id, reform ? "enters a new formation" : "changes its facing or pivots");
	}
}

/* SH.FORM.FIR.8: "each unit moving the shortest distance possible": a
 * unit's distance read as its furthest-moving model's (furthest) or as
 * the sum of its models' moves (total). Either way no model may go further
 * than the straight line to its place. What the shortest way is, the
 * scenario says (facts shortest_manoeuvre, shortest_manoeuvre_total). */
ARB_PREDICATE(sh_form_fir_8, .clause = "SH.FORM.FIR.8",
              .readings = ARB_READINGS({"furthest", 0}, {"total", 1}), .ruleset = "scrollhammer",
              .actions = "pivot reform", .phases = "*", .question = "fir.manoeuvre.distance",
              .fingerprint = "f3672ca638f1d156")
{
	const arb_unit *u = arb_eval_actor(ev);
	bool total = arb_eval_reading_arg(ev);
	const char *fact = total ? "shortest_manoeuvre_total" : "shortest_manoeuvre";
	const char *who, *detour;
	double by, best, sum;
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	double longest = longest_path(ev, u, &who, &sum, &detour, &by);
	double moved = total ? sum : longest;
	r->subject = detour ? detour : who;
	if (detour) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s goes %.3f in further than the straight line to where it "
		                   "ends: not the shortest distance",
		                   detour, by);
		return;
	}
	if (!who) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "no model of %s moves: no shorter way exists", u->id);
		return;
	}
	if (!fm__fact_num(ev, fact, &best)) {
		arb_result_missing(
		    r, fact,
		    "%s moves %.2f in (%s); whether the manoeuvre could be done with "
		    "less is not stated",
		    u->id, moved, total ? "all its models together" : who);
		return;
	}
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = moved, .limit = best, .margin = best - moved, .other = -1};
	r->outcome = moved <= best + FM_TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "%s of %s: %.3f in, the shortest possible %.3f in%s",
	                   total ? "the moves together" : "the longest move", u->id, moved, best,
	                   r->outcome == ARB_HOLDS ? "" : ": too far");
}

/* SH.FORM.FIR.9: "this turn" holds the manoeuvre and the firing or
 * charging, in whichever order they come. */
ARB_PREDICATE(sh_form_fir_9, .clause = "SH.FORM.FIR.9", .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot declare_charge charge pivot reform", .phases = "*",
              .question = "fir.after_manoeuvre", .fingerprint = "455e730bce67efc9")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	const char *type = arb_eval_scenario(ev)->action.type;
	if (fm__action_is(ev, "pivot") || fm__action_is(ev, "reform")) {
		const char *done = arb_unit_has_status(u, "fired")             ? "fired weapons"
		                   : arb_unit_has_status(u, "declared_charge") ? "declared a charge"
		                                                               : NULL;
		r->outcome = done ? ARB_VIOLATED : ARB_HOLDS;
		if (done)
			arb_result_explain(r, "%s has %s this turn and now does a %s", u->id, done,
			                   type);
		else
			arb_result_explain(
			    r, "%s does a %s and has neither fired nor charged this turn", u->id,
			    type);
		return;
	}
	const char *done = arb_unit_has_status(u, "pivoted_this_turn") ? "changed facing or pivoted"
	                   : arb_unit_has_status(u, "reformed_this_turn")
	                       ? "entered a new formation"
	                       : NULL;
	if (!done) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VIOLATED;
	arb_result_explain(r, "%s %s this turn and now %s", u->id, done,
	                   fm__action_is(ev, "charge")           ? "charges"
	                   : fm__action_is(ev, "declare_charge") ? "declares a charge"
	                                                         : "fires weapons");
}

/* SH.FORM.FIR.10: how far the rally or consolidation goes (its 3", a number
 * for this action alone: no clause of these texts gives another), and
 * whether the unit ends reformed, in coherency as SH.FORM.FIR.COH reads it
 * (readings connected, all-pairs). A unit that cannot reform is
 * SH.FORM.FIR.11's ("A model that cannot reform", marked over this clause).
 * When a rally or consolidation is made the text does not say. */
ARB_PREDICATE(sh_form_fir_10, .clause = "SH.FORM.FIR.10",
              .readings = ARB_READINGS({"connected", SH_CHAIN_CONNECTED},
                                       {"all-pairs", SH_CHAIN_ALL_PAIRS}),
              .ruleset = "scrollhammer", .actions = "rally consolidate", .phases = "*",
              .question = "fir.reform", .params = "reform_move", .fingerprint = "9965831cdc1dca14")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *who, *detour;
	double by, sum;
	arb_coherency co;
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	double lim = arb_eval_param(ev, "reform_move");
	double longest = longest_path(ev, u, &who, &sum, &detour, &by);
	if (longest > lim + FM_TOL) {
		r->outcome = ARB_VIOLATED;
		r->subject = who;
		r->has_measure = true;
		r->measure = (arb_measure){
		    .figure = longest, .limit = lim, .margin = lim - longest, .other = -1};
		arb_result_explain(r, "%s moves %.2f in to reform, limit %g in: over by %.2f in",
		                   who, longest, lim, longest - lim);
		return;
	}
	fm__coherency(ev, r, u, 0, (sh_chain)arb_eval_reading_arg(ev), &co);
	if (r->fault)
		return;
	char why[sizeof r->explanation];
	snprintf(why, sizeof why, "%s", r->explanation);
	arb_result_explain(r, "%s %s within %g in (longest move %.2f in): %s", u->id,
	                   r->outcome == ARB_HOLDS ? "reforms" : "does not reform", lim, longest,
	                   why);
}

/* SH.FORM.FIR.11: "as close as it can" is measured, as SH.MOV.COH.6 does,
 * by the widest link of the chain (the connected reading of base contact)
 * against the fact closest_gap; what it "can" do is its rally or
 * consolidation 3" (SH.FORM.FIR.10). Whether it cannot reform is the
 * scenario's (fact coherency_restorable). */
ARB_PREDICATE(sh_form_fir_11, .clause = "SH.FORM.FIR.11", .ruleset = "scrollhammer",
              .actions = "rally consolidate", .phases = "*", .question = "fir.reform",
              .params = "SH.FORM.FIR.10:reform_move", .fingerprint = "ed9c102a9a325c01")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *can = fm__fact(ev, "coherency_restorable"), *who, *detour;
	arb_coherency co;
	double best, sum, by;
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	fm__coherency(ev, r, u, 0, SH_CHAIN_CONNECTED, &co);
	if (r->fault)
		return;
	if (r->outcome == ARB_HOLDS || (can && strcmp(can, "true") == 0)) {
		*r = (arb_result){.outcome = ARB_NA};
		return;
	}
	/* Whether or not it could reform, it has its 3" to do it with. */
	double lim = arb_eval_param(ev, "SH.FORM.FIR.10:reform_move");
	double longest = longest_path(ev, u, &who, &sum, &detour, &by);
	if (longest > lim + FM_TOL) {
		r->outcome = ARB_VIOLATED;
		r->subject = who;
		r->has_measure = true;
		r->measure = (arb_measure){
		    .figure = longest, .limit = lim, .margin = lim - longest, .other = -1};
		arb_result_explain(
		    r,
		    "%s ends unreformed and %s moves %.2f in, more than the %g in it "
		    "can move",
		    u->id, who, longest, lim);
		return;
	}
	if (!can) {
		arb_result_missing(r, "coherency_restorable",
		                   "%s ends unreformed (widest gap %.3f in); whether it could "
		                   "reform is not stated",
		                   u->id, co.bottleneck);
		return;
	}
	if (!fm__fact_num(ev, "closest_gap", &best)) {
		arb_result_missing(r, "closest_gap",
		                   "%s cannot reform and ends with a widest gap of %.3f in; how "
		                   "close it could get is not stated",
		                   u->id, co.bottleneck);
		return;
	}
	double gap = co.bottleneck;
	r->has_measure = true;
	r->measure.figure = gap;
	r->measure.limit = best;
	r->measure.margin = best - gap;
	r->outcome = gap <= best + FM_TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "%s cannot reform: widest gap %.3f in, closest possible %.3f in%s",
	                   u->id, gap, best, r->outcome == ARB_HOLDS ? ": as close as it can" : "");
}

/* The models of the actor whose straight move (by the unit's median
 * displacement) impassable terrain blocks: how many, and one of them.
 * Returns false when out of memory. */
static bool split_by_terrain(const arb_eval *ev, size_t *count, arb_vec2 *shift, const char **who,
                             const char **by)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	*count = 0;
	*who = *by = NULL;
	if (!fm__formation_is(u, FIR) || sh__moving_count(ev, u) == 0)
		return true;
	if (!fm__median_shift(s, u, shift))
		return false;
	for (size_t i = 0; i < u->n_models; i++) {
		const char *t = fm__blocked_by(s, &u->models[i], *shift);
		if (t) {
			(*count)++;
			*who = u->models[i].id;
			*by = t;
		}
	}
	return true;
}

/* SH.FORM.FIR.12: "by the shortest possible route" is measured against the
 * fact shortest_route (the longest path the models going round need); "as
 * soon as possible": a model out of its prior rank whose place (its
 * position plus the unit's move) is clear of impassable terrain could be
 * back in it. */
ARB_PREDICATE(sh_form_fir_12, .clause = "SH.FORM.FIR.12", .ruleset = "scrollhammer",
              .actions = "move", .phases = "*", .question = "fir.position",
              .fingerprint = "33cb7e039192afb5")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_vec2 shift;
	const char *who, *by, *round = NULL;
	size_t blocked, n = u->n_models;
	double route = 0, best;
	if (!split_by_terrain(ev, &blocked, &shift, &who, &by)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the move of %s", u->id);
		return;
	}
	if (!blocked) {
		r->outcome = ARB_NA;
		return;
	}
	arb_vec2 *p0 = fm__positions(s, u, false), *p1 = fm__positions(s, u, true);
	size_t *r0 = malloc(n * sizeof *r0), *r1 = malloc(n * sizeof *r1);
	if (!p0 || !p1 || !r0 || !r1 || !fm__ranks_of(u, p0, u->facing_deg, r0) ||
	    !fm__ranks_of(u, p1, u->facing_deg, r1)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the ranks of %s", u->id);
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = sh__moving_path(ev, m);
		if (p && fm__detour_of(ev, m) > FM_TOL && fm__blocked_by(s, m, shift) &&
		    arb_geom_path_length(p->pts, p->n_pts) > route) {
			route = arb_geom_path_length(p->pts, p->n_pts);
			round = m->id;
		}
		if (r0[i] == r1[i])
			continue;
		arb_vec2 place = {m->pos.x + shift.x, m->pos.y + shift.y};
		if (place_blocked(s, m, place))
			continue;
		r->outcome = ARB_VIOLATED;
		r->subject = m->id;
		arb_result_explain(
		    r,
		    "%s ends in rank %zu, not its prior rank %zu, though its place "
		    "at (%.2f, %.2f) is clear of impassable terrain: not returned as "
		    "soon as possible",
		    m->id, r1[i] + 1, r0[i] + 1, place.x, place.y);
		goto done;
	}
	if (round && !fm__fact_num(ev, "shortest_route", &best)) {
		r->subject = round;
		arb_result_missing(r, "shortest_route",
		                   "%s goes %.2f in round impassable terrain %s; whether a shorter "
		                   "route was possible is not stated",
		                   round, route, by);
		goto done;
	}
	if (round && route > best + FM_TOL) {
		r->outcome = ARB_VIOLATED;
		r->subject = round;
		r->has_measure = true;
		r->measure = (arb_measure){
		    .figure = route, .limit = best, .margin = best - route, .other = -1};
		arb_result_explain(r,
		                   "%s goes %.2f in round impassable terrain %s, the shortest "
		                   "possible route is %.2f in",
		                   round, route, by, best);
		goto done;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%zu model(s) of %s are blocked by impassable terrain %s (%s among "
	                   "them), go round it %s and end in their prior rank or cannot be back "
	                   "in it yet",
	                   blocked, u->id, by, who,
	                   round ? "by the shortest route" : "(none detours)");
done:
	free(p0);
	free(p1);
	free(r0);
	free(r1);
}

/* SH.FORM.FIR.13 */
ARB_PREDICATE(sh_form_fir_13, .clause = "SH.FORM.FIR.13", .ruleset = "scrollhammer",
              .actions = "move", .phases = "*", .question = "value.fir_ranks",
              .fingerprint = "a84dd6eef3be60ea")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_vec2 shift;
	const char *who, *by;
	size_t blocked, n = u->n_models, ranks = 0, files = 0;
	if (!split_by_terrain(ev, &blocked, &shift, &who, &by)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the move of %s", u->id);
		return;
	}
	if (!blocked) {
		r->outcome = ARB_NA;
		return;
	}
	arb_vec2 *p1 = fm__positions(s, u, true);
	size_t *rk = malloc(n * sizeof *rk);
	if (!p1 || !rk || !(ranks = fm__ranks_of(u, p1, u->facing_deg, rk)) ||
	    !(files = fm__ranks_of(u, p1, u->facing_deg + 90, rk))) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the ranks of %s", u->id);
	} else {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "ranks", (double)ranks);
		arb_result_value(r, "files", (double)files);
		arb_result_explain(r,
		                   "%s, split up by impassable terrain %s, ends in %zu rank(s) and "
		                   "%zu file(s)",
		                   u->id, by, ranks, files);
	}
	free(p1);
	free(rk);
}
