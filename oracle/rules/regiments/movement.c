/*
 * Regiments, Unit Movement (spec/regiments/movement.md), from the order of
 * the sub-phases (RG.MOV.ORDER.*) to the charge exemption from the 1" rule
 * (RG.MOV.GAP.3), in the order of the text. The manoeuvres (RG.MOV.MAN.* to
 * RG.MOV.FIRST.2) are in manoeuvres.c. Cases: cases/regiments/movement/.
 * How each predicate reads its clause: docs/encoding/regiments-movement.md.
 * Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOVING     "move charge pivot wheel reform"
#define PHASE      "movement"
#define SUBNAME(i) rg__subphase_name(i)

/* The sub-phase the action is made in (0..3), or -1 when not stated. */
static int subphase_at(const arb_eval *ev)
{
	return rg__subphase_index(arb_eval_scenario(ev)->context.subphase);
}

/* RG.MOV.ORDER.1: "completing one fully before moving to the next", along
 * the log of the phase and then the action. Asked only where the scenario
 * says what was completed (the log, or the fact last_completed). */
ARB_PREDICATE(rg_mov_order_1, .clause = "RG.MOV.ORDER.1", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.order", .fingerprint = "752f2cc19e8825c5")
{
	int at = subphase_at(ev);
	rg_order o;
	if (arb_eval_scenario(ev)->context.has_log && rg__fact(ev, "last_completed")) {
		arb_result_bad_input(r, "facts",
		                     "the fact last_completed and the context's log both say what "
		                     "was completed: give one of them");
		return;
	}
	rg__order(ev, &o);
	int done = o.done;
	if (at < 0 || done == -2) {
		r->outcome = ARB_NA;
		return;
	}
	if (o.bad || o.skip) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s", o.bad ? o.why : o.skip_why);
		return;
	}
	if (done == at - 1) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s follows %s, completed fully", SUBNAME(at),
		                   done < 0 ? "the start of the phase" : SUBNAME(done));
	} else if (done < at - 1) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s while %s has not been completed fully", SUBNAME(at),
		                   SUBNAME(done + 1));
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s was already completed (the last completed is %s)",
		                   SUBNAME(at), SUBNAME(done));
	}
}

/* RG.MOV.ORDER.2: within a sub-phase, the units act in any order. */
ARB_PREDICATE(rg_mov_order_2, .clause = "RG.MOV.ORDER.2", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.unit_order", .fingerprint = "4245f3428c6353f6")
{
	int at = subphase_at(ev);
	if (at < 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s acts in %s, in whatever order the player likes",
	                   arb_eval_actor(ev)->id, SUBNAME(at));
}

/* RG.MOV.ORDER.3: one sub-phase per turn besides Start of Phase, "unless a
 * special rule says otherwise" (fact special_rule). Acting twice in one
 * sub-phase is not what it speaks of. */
ARB_PREDICATE(rg_mov_order_3, .clause = "RG.MOV.ORDER.3", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.once", .fingerprint = "5ba0c1e3fd645941")
{
	const arb_unit *u = arb_eval_actor(ev);
	int at = subphase_at(ev);
	if (at <= 0) {
		r->outcome = ARB_NA;
		return;
	}
	int other = -1;
	for (int i = 1; i < 4 && other < 0; i++)
		if (i != at && rg__acted_in(ev, u, i))
			other = i;
	r->subject = u->id;
	if (other < 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s has acted in no other sub-phase this turn", u->id);
		return;
	}
	const char *sr = rg__fact(ev, "special_rule");
	if (!sr) {
		arb_result_missing(r, "special_rule",
		                   "%s acted in %s and now acts in %s: whether a special rule "
		                   "says otherwise is not stated",
		                   u->id, SUBNAME(other), SUBNAME(at));
		return;
	}
	bool allowed = strcmp(sr, "true") == 0;
	r->outcome = allowed ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(
	    r, "%s acted in %s and now acts in %s%s", u->id, SUBNAME(other), SUBNAME(at),
	    allowed ? ": a special rule says otherwise" : ": no special rule allows it");
}

/* RG.MOV.ORDER.4: "some models have actions that must happen right at the
 * start": an action in Start of Phase is one a model's own rule gives
 * (fact special_rule). */
ARB_PREDICATE(rg_mov_order_4, .clause = "RG.MOV.ORDER.4", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.action", .fingerprint = "081588e90bc999c0")
{
	if (subphase_at(ev) != 0) {
		r->outcome = ARB_NA;
		return;
	}
	const char *sr = rg__fact(ev, "special_rule");
	const char *id = arb_eval_actor(ev)->id;
	if (!sr) {
		arb_result_missing(r, "special_rule",
		                   "%s acts in Start of Phase: whether a rule of its own says so "
		                   "is not stated",
		                   id);
		return;
	}
	r->outcome = strcmp(sr, "true") == 0 ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r, "%s acts in Start of Phase %s", id,
	                   r->outcome == ARB_PERMITS ? "by a rule of its own"
	                                             : "with no rule of its own that says so");
}

/* Places an action that belongs to sub-phase `want` (ORDER.5-7). */
static void placed_in(const arb_eval *ev, arb_result *r, int want, const char *what)
{
	int at = subphase_at(ev);
	if (at < 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = at == want ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "%s of %s in %s%s%s", what, arb_eval_actor(ev)->id, SUBNAME(at),
	                   at == want ? "" : ": it belongs to ", at == want ? "" : SUBNAME(want));
}

static bool compulsory(const arb_eval *ev)
{
	return !arb_eval_scenario(ev)->action.voluntary ||
	       arb_unit_has_status(arb_eval_actor(ev), "fleeing");
}

/* RG.MOV.ORDER.5: "declare and resolve any charges" in the Charge sub-phase. */
ARB_PREDICATE(rg_mov_order_5, .clause = "RG.MOV.ORDER.5", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.action", .fingerprint = "c5a81b9e519d5a35")
{
	if (!rg__charging(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	placed_in(ev, r, 1, "the charge");
}

/* RG.MOV.ORDER.6: moves the player has no choice over (an involuntary
 * action, or a fleeing unit's) in Compulsory Moves. */
ARB_PREDICATE(rg_mov_order_6, .clause = "RG.MOV.ORDER.6", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.action", .fingerprint = "b4adf4838ac97aaf")
{
	if (!compulsory(ev) || rg__charging(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	placed_in(ev, r, 2, "the compulsory move");
}

/* RG.MOV.ORDER.7: "everything else: ordinary movement" in Remaining Moves.
 * A Start of Phase action a model's rule gives is not "everything else". */
ARB_PREDICATE(rg_mov_order_7, .clause = "RG.MOV.ORDER.7", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.action", .fingerprint = "038b3bea73d4e662")
{
	if (compulsory(ev) || rg__charging(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	if (subphase_at(ev) == 0) {
		const char *sr = rg__fact(ev, "special_rule");
		if (!sr) {
			arb_result_missing(
			    r, "special_rule",
			    "ordinary movement in Start of Phase, unless a rule of the "
			    "unit's own puts it there: not stated");
			return;
		}
		if (strcmp(sr, "true") == 0) {
			r->outcome = ARB_NA;
			return;
		}
	}
	placed_in(ev, r, 3, "the ordinary movement");
}

/* RG.MOV.START.1: "The player first resolves anything that must happen at
 * the very start": asked where the scenario says what was last completed;
 * whether anything must happen then is a model's own rule (fact
 * special_rule, RG.MOV.START.2 "Few models have such rules"). */
ARB_PREDICATE(rg_mov_start_1, .clause = "RG.MOV.START.1", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "subphase.order", .fingerprint = "7332f7a16de58f68")
{
	int at = subphase_at(ev);
	rg_order o;
	rg__order(ev, &o);
	int done = o.done;
	if (at <= 0 || done == -2) {
		r->outcome = ARB_NA;
		return;
	}
	if (done >= 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s after the start of the phase was resolved", SUBNAME(at));
		return;
	}
	const char *sr = rg__fact(ev, "special_rule");
	if (!sr) {
		arb_result_missing(r, "special_rule",
		                   "%s before Start of Phase was completed: whether anything must "
		                   "happen at the very start is not stated",
		                   SUBNAME(at));
		return;
	}
	r->outcome = strcmp(sr, "true") == 0 ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%s before Start of Phase was completed, %s", SUBNAME(at),
	                   r->outcome == ARB_VIOLATED ? "with a rule that must happen first"
	                                              : "with nothing that must happen first");
}

/* The longest centre path of the actor's moving models, and whose. */
static double longest_move(const arb_eval *ev, const char **who, arb_vec2 *from, arb_vec2 *to)
{
	const arb_unit *u = arb_eval_actor(ev);
	const arb_scenario *s = arb_eval_scenario(ev);
	double best = -1;
	*who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = arb_scenario_path(s, u->models[i].id);
		if (!p || p->n_pts < 2)
			continue;
		double len = arb_path_length(p, &u->models[i]);
		if (len > best) {
			best = len;
			*who = u->models[i].id;
			*from = p->pts[0];
			*to = p->pts[p->n_pts - 1];
		}
	}
	return best;
}

/* Whether the motion's translations all go straight ahead along the facing
 * of the pose they start from; *bad the first that does not (and how far
 * it strays sideways, or -1 when it goes backwards). */
static bool straight_ahead(const rg_motion *mo, size_t *bad, double *aside)
{
	for (size_t i = 0; i < mo->n_steps; i++) {
		if (mo->steps[i].kind != ARB_STEP_TRANSLATE)
			continue;
		arb_vec2 f = arb_geom_dir(mo->poses[i].facing_deg);
		arb_vec2 d = {mo->poses[i + 1].c.x - mo->poses[i].c.x,
		              mo->poses[i + 1].c.y - mo->poses[i].c.y};
		double len = hypot(d.x, d.y);
		if (len <= RG_TOL)
			continue;
		double side = fabs(d.x * f.y - d.y * f.x), fwd = d.x * f.x + d.y * f.y;
		if (side > RG_TOL || fwd < 0) {
			*bad = i;
			*aside = fwd < 0 ? -1 : side;
			return false;
		}
	}
	return true;
}

/* RG.MOV.M.1: "straight ahead any distance up to its Movement
 * characteristic", the unit's M being its slowest model's (RG.MOV.M.3). */
ARB_PREDICATE(rg_mov_m_1, .clause = "RG.MOV.M.1", .ruleset = "regiments", .actions = "move",
              .phases = PHASE, .question = "move.distance", .fingerprint = "5c155916d0742729")
{
	const arb_unit *u = arb_eval_actor(ev);
	const rg_motion *mo = rg__motion(ev);
	const char *who, *slow;
	arb_vec2 from, to;
	double m;
	if (!mo) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory");
		return;
	}
	double len = longest_move(ev, &who, &from, &to);
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	if (!rg__unit_m(u, &m, &slow)) {
		arb_result_missing(r, "M", "%s moves %.2f in; the M of %s is not stated", u->id,
		                   len, slow);
		return;
	}
	r->subject = who;
	r->has_measure = true;
	r->measure = (arb_measure){.points = true,
	                           .figure = len,
	                           .limit = m,
	                           .margin = m - len,
	                           .p = from,
	                           .q = to,
	                           .other = -1};
	size_t bad;
	double aside;
	if (!straight_ahead(mo, &bad, &aside)) {
		r->outcome = ARB_VIOLATED;
		if (aside < 0)
			arb_result_explain(r, "%s moves backwards (step %zu): not straight ahead",
			                   u->id, bad + 1);
		else
			arb_result_explain(
			    r, "%s strays %.3f in sideways (step %zu): not straight ahead", u->id,
			    aside, bad + 1);
		return;
	}
	r->outcome = arb_within(len, m) ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r, "%s moved %.3f in straight ahead, M %g in%s", who, len, m,
	                   r->outcome == ARB_PERMITS ? "" : ": further than M");
}

/* RG.MOV.M.2: "Every model in a unit moves as one": every model's path is
 * where the unit's motion (its first moving model's steps) takes it. */
ARB_PREDICATE(rg_mov_m_2, .clause = "RG.MOV.M.2", .ruleset = "regiments",
              .actions = "move charge pivot wheel", .phases = PHASE, .question = "unit.together",
              .fingerprint = "07389069b463c86b")
{
	const arb_unit *u = arb_eval_actor(ev);
	const rg_motion *mo = rg__motion(ev);
	if (!mo) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory");
		return;
	}
	if (mo->lead < 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (mo->apart < 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "the %zu models of %s move as one", mo->n, u->id);
		return;
	}
	r->outcome = ARB_VIOLATED;
	r->subject = u->models[mo->apart].id;
	if (isfinite(mo->apart_by) && mo->apart_by > 0)
		arb_result_explain(r, "%s leaves its unit: %s (%.3f in off at point %zu)",
		                   u->models[mo->apart].id, mo->apart_why, mo->apart_by,
		                   mo->apart_at + 1);
	else
		arb_result_explain(r, "%s leaves its unit: %s", u->models[mo->apart].id,
		                   mo->apart_why);
}

/* RG.MOV.M.3: with different Move values "the whole unit uses the slowest
 * one" (derived only where the values differ). */
ARB_PREDICATE(rg_mov_m_3, .clause = "RG.MOV.M.3", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "unit.m", .fingerprint = "24fc9738d1389740")
{
	const arb_unit *u = arb_eval_actor(ev);
	double lo = INFINITY, hi = -INFINITY;
	for (size_t i = 0; i < u->n_models; i++) {
		double m;
		if (!arb_model_stat(&u->models[i], u, "M", &m)) {
			arb_result_missing(r, "M", "the M of %s is not stated", u->models[i].id);
			return;
		}
		lo = fmin(lo, m);
		hi = fmax(hi, m);
	}
	if (!(lo < hi)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "M", lo);
	arb_result_explain(r, "the models of %s have M %g to %g: the unit uses %g", u->id, lo, hi,
	                   lo);
}

/* RG.MOV.STRAIGHT.2: "must move forward in a straight line unless they're
 * performing a manoeuvre": every advance (a translation, in a wheel too)
 * goes straight ahead. The move-back after a pivot is RG.MOV.PIVOT.3's. */
ARB_PREDICATE(rg_mov_straight_2, .clause = "RG.MOV.STRAIGHT.2", .ruleset = "regiments",
              .actions = "move charge wheel", .phases = PHASE, .question = "move.direction",
              .fingerprint = "c5ef2f189c810822")
{
	const rg_motion *mo = rg__motion(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!mo) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory");
		return;
	}
	bool any = false;
	for (size_t i = 0; i < mo->n_steps; i++)
		any = any || (mo->steps[i].kind == ARB_STEP_TRANSLATE &&
		              hypot(mo->poses[i + 1].c.x - mo->poses[i].c.x,
		                    mo->poses[i + 1].c.y - mo->poses[i].c.y) > RG_TOL);
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	size_t bad;
	double aside;
	if (straight_ahead(mo, &bad, &aside)) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s moves forward in a straight line", u->id);
	} else {
		r->outcome = ARB_VIOLATED;
		if (aside < 0)
			arb_result_explain(r, "%s moves backwards in step %zu", u->id, bad + 1);
		else
			arb_result_explain(r, "%s goes %.3f in aside of straight ahead in step %zu",
			                   u->id, aside, bad + 1);
	}
}

/* Fills r's measure from a closest approach against limit. */
static void approach_measure(arb_result *r, const rg_approach *a, double limit)
{
	r->has_measure = isfinite(a->figure);
	r->measure = a->m;
	r->measure.figure = a->figure;
	r->measure.limit = limit;
	r->measure.margin = a->figure - limit;
	r->subject = a->mover;
	r->object = a->object;
}

/* RG.MOV.GAP.1: "can't approach closer than 1"" to another unit or to
 * impassable terrain, along the whole move and rotation (CONV.MOVE.2,
 * CONV.TURN.4): closer than means less than 1" (within the tolerance), and
 * to approach is to come nearer than the unit stood. */
ARB_PREDICATE(rg_mov_gap_1, .clause = "RG.MOV.GAP.1", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "move.gap", .params = "gap",
              .flags = ARB_PRED_ENEMY_ZONE | ARB_PRED_FRIEND_ZONE,
              .fingerprint = "f07c3d4c5499ab5e")
{
	double gap = arb_eval_param(ev, "gap");
	rg_approach a;
	arb_error err;
	bool nearer;
	if (rg__approach_nearer(&a, &nearer, ev, 0, (size_t)-1, RG_UNITS | RG_TERRAIN, &err)) {
		arb_result_fault(r, ARB_ENOMEM, "%s", err.message);
		return;
	}
	const rg_motion *mo = rg__motion(ev);
	if (!mo || mo->lead < 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!a.mover) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "nothing to approach: no other unit, no impassable terrain");
		return;
	}
	approach_measure(r, &a, gap);
	r->outcome = nearer && a.figure < gap - RG_TOL ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "closest approach %.3f in (%s to %s), limit %g in%s", a.figure,
	                   a.mover, a.object, gap,
	                   r->outcome == ARB_VIOLATED ? ": closer than allowed"
	                   : nearer                   ? ""
	                                              : ", no nearer than it stood");
}

/* ---- the pivot (RG.MOV.PIVOT.*) ---- */

/* The pivot read from the actor's motion: its leading rotations (steps
 * [0, turn_end)), whether the unit is moved after them, whether the
 * rotation brings it into contact with a unit or impassable terrain (one it
 * did not touch before), and
 * the distances at the end of the rotation and at the end of the action. */
typedef struct pivot {
	size_t turn_end;
	bool moved_back;
	rg_approach turning; /* closest approach during the rotation */
	rg_approach at_turn; /* at the end of the rotation */
	rg_approach at_end;  /* at the end of the action, every model where it ends */
	const arb_unit *other_moved;
} pivot;

/* The pivot as every RG.MOV.PIVOT.* predicate reads it: geometry of the
 * scenario and the actor only, so it is read once per judgement. rc is the
 * fault met while reading, with its message. */
typedef struct pivot_memo {
	int rc;
	char message[sizeof((arb_error *)0)->message];
	pivot pv;
} pivot_memo;

static void *pivot_make(const arb_eval *ev)
{
	pivot_memo *pm = calloc(1, sizeof *pm);
	if (!pm)
		return NULL;
	const rg_motion *mo = rg__motion(ev);
	pivot *pv = &pm->pv;
	arb_error err;
	if (!mo) {
		pm->rc = ARB_ENOMEM;
		snprintf(pm->message, sizeof pm->message, "out of memory");
		return pm;
	}
	while (pv->turn_end < mo->n_steps && mo->steps[pv->turn_end].kind == ARB_STEP_ROTATE)
		pv->turn_end++;
	for (size_t i = pv->turn_end; i < mo->n_steps; i++)
		pv->moved_back =
		    pv->moved_back || hypot(mo->poses[i + 1].c.x - mo->poses[i].c.x,
		                            mo->poses[i + 1].c.y - mo->poses[i].c.y) > RG_TOL;
	int what = RG_UNITS | RG_TERRAIN;
	bool nearer;
	if (rg__approach_nearer(&pv->turning, &nearer, ev, 0, pv->turn_end, what, &err) ||
	    rg__approach(&pv->at_turn, ev, pv->turn_end, pv->turn_end, what, &err) ||
	    rg__end_gap(&pv->at_end, ev, what, &err)) {
		pm->rc = ARB_ENOMEM;
		snprintf(pm->message, sizeof pm->message, "%s", err.message);
		return pm;
	}
	/* "would bring it into contact": a contact the turn makes, with what it
	 * did not already touch */
	pv->turning.contact = nearer && pv->turning.contact;
	pv->other_moved = rg__other_moved(ev);
	return pm;
}

/* ARB_OK, or a fault reported in r. */
static int pivot_read(const arb_eval *ev, arb_result *r, pivot *pv)
{
	static const char key = 0;
	const pivot_memo *pm = arb_eval_memo(ev, &key, pivot_make, free);
	if (!pm || pm->rc) {
		arb_result_fault(r, ARB_ENOMEM, "%s", pm ? pm->message : "out of memory");
		return ARB_ENOMEM;
	}
	*pv = pm->pv;
	return ARB_OK;
}

/* RG.MOV.PIVOT.1: "It may still pivot on the spot" (over RG.MOV.GAP.1):
 * turning about its centre point (the loader holds the pivot to it); a
 * move after the turn is granted only as RG.MOV.PIVOT.3's move-back. */
ARB_PREDICATE(rg_mov_pivot_1, .clause = "RG.MOV.PIVOT.1", .ruleset = "regiments",
              .actions = "pivot", .phases = PHASE, .question = "pivot.spot",
              .fingerprint = "6b57b5b9f41526f7")
{
	const arb_unit *u = arb_eval_actor(ev);
	pivot pv;
	if (pivot_read(ev, r, &pv))
		return;
	if (pv.turn_end == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s does not turn first: no pivot on the spot", u->id);
		return;
	}
	if (pv.moved_back && !pv.turning.contact) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s moves after turning although the turn brought it into "
		                   "contact with nothing: not on the spot",
		                   u->id);
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s pivots on the spot%s", u->id,
	                   pv.moved_back ? ", then is moved back" : "");
}

/* RG.MOV.PIVOT.2: "doesn't end the pivot within 1"": the end of the pivot
 * read at the end of its turn (pivot-end) or after the move-back of
 * RG.MOV.PIVOT.3 (after-move-back). Within means at most 1". */
ARB_PREDICATE(rg_mov_pivot_2, .clause = "RG.MOV.PIVOT.2",
              .readings = ARB_READINGS({"pivot-end", 0}, {"after-move-back", 1}),
              .ruleset = "regiments", .actions = "pivot", .phases = PHASE, .question = "pivot.end",
              .params = "gap", .flags = ARB_PRED_ENEMY_ZONE | ARB_PRED_FRIEND_ZONE,
              .fingerprint = "0e55ec0c29d38659")
{
	double gap = arb_eval_param(ev, "gap");
	bool after = arb_eval_reading_arg(ev);
	pivot pv;
	if (pivot_read(ev, r, &pv))
		return;
	const rg_approach *a = after ? &pv.at_end : &pv.at_turn;
	if (!a->mover) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "nothing to end within %g in of", gap);
		return;
	}
	approach_measure(r, a, gap);
	r->outcome = arb_within(a->figure, gap) ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%s %.3f in from %s, limit %g in%s",
	                   after ? "after the move-back" : "at the end of the turn", a->figure,
	                   a->object, gap, r->outcome == ARB_HOLDS ? "" : ": within it");
}

/* RG.MOV.PIVOT.3: a turn that brings the unit into contact (CONV.DIST.3) is
 * followed by its move-back that restores the 1" gap: at the end, no
 * closer than 1" (within the tolerance) to any unit or impassable terrain. */
ARB_PREDICATE(rg_mov_pivot_3, .clause = "RG.MOV.PIVOT.3", .ruleset = "regiments",
              .actions = "pivot", .phases = PHASE, .question = "pivot.moveback", .params = "gap",
              .fingerprint = "4ffc9d7d1bc0d851")
{
	double gap = arb_eval_param(ev, "gap");
	const arb_unit *u = arb_eval_actor(ev);
	pivot pv;
	if (pivot_read(ev, r, &pv))
		return;
	if (!pv.turning.contact) {
		r->outcome = ARB_NA;
		return;
	}
	approach_measure(r, &pv.at_end, gap);
	if (!pv.moved_back) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "the turn brings %s into contact with %s and %s is not moved back",
		    pv.turning.mover, pv.turning.object, u->id);
		return;
	}
	r->outcome = pv.at_end.figure >= gap - RG_TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "moved back after contact with %s: %.3f in from %s, gap %g in%s",
	                   pv.turning.object, pv.at_end.figure, pv.at_end.object, gap,
	                   r->outcome == ARB_HOLDS ? " restored" : " not restored");
}

/* RG.MOV.PIVOT.4: "the OTHER unit may be moved back instead" (over
 * RG.MOV.PIVOT.3) where the pivoting unit is trapped (fact trapped) and
 * the gap is restored at the end. */
ARB_PREDICATE(rg_mov_pivot_4, .clause = "RG.MOV.PIVOT.4", .ruleset = "regiments",
              .actions = "pivot", .phases = PHASE, .question = "pivot.moveback",
              .params = "RG.MOV.PIVOT.3:gap", .fingerprint = "0384400fd93c3080")
{
	double gap = arb_eval_param(ev, "RG.MOV.PIVOT.3:gap");
	pivot pv;
	if (pivot_read(ev, r, &pv))
		return;
	if (!pv.other_moved) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = pv.other_moved->id;
	if (!pv.turning.contact) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s is moved back though the pivot brought nothing into contact",
		                   pv.other_moved->id);
		return;
	}
	const char *tr = rg__fact(ev, "trapped");
	if (!tr) {
		arb_result_missing(r, "trapped",
		                   "%s is moved back instead: whether the pivoting unit is trapped "
		                   "between two obstacles is not stated",
		                   pv.other_moved->id);
		return;
	}
	approach_measure(r, &pv.at_end, gap);
	if (strcmp(tr, "true") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s is moved back instead, and the pivoting unit is not trapped",
		                   pv.other_moved->id);
		return;
	}
	r->outcome = pv.at_end.figure >= gap - RG_TOL ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r, "%s is moved back instead: %.3f in apart at the end, gap %g in%s",
	                   pv.other_moved->id, pv.at_end.figure, gap,
	                   r->outcome == ARB_PERMITS ? " restored" : " not restored");
}

/* RG.MOV.PIVOT.5: "A unit already in close combat can never be moved back
 * this way": neither the pivoting unit nor the other. */
ARB_PREDICATE(rg_mov_pivot_5, .clause = "RG.MOV.PIVOT.5", .ruleset = "regiments",
              .actions = "pivot", .phases = PHASE, .question = "pivot.combat",
              .fingerprint = "83ce7a12cb7f2e61")
{
	const arb_unit *u = arb_eval_actor(ev);
	pivot pv;
	if (pivot_read(ev, r, &pv))
		return;
	const arb_unit *back = pv.moved_back ? u : pv.other_moved;
	if (!back) {
		r->outcome = ARB_NA;
		return;
	}
	if (pv.moved_back && pv.other_moved && !arb_unit_has_status(u, "in_close_combat"))
		back = pv.other_moved;
	r->subject = back->id;
	r->outcome = arb_unit_has_status(back, "in_close_combat") ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%s is moved back%s", back->id,
	                   r->outcome == ARB_VIOLATED ? " while in close combat"
	                                              : ", not in close combat");
}

/* RG.MOV.PIVOT.6: "if neither unit can give ground, the pivot simply can't
 * be made": the pivoting unit cannot when in close combat or trapped (fact
 * trapped), the other when in close combat or when it is terrain. */
ARB_PREDICATE(rg_mov_pivot_6, .clause = "RG.MOV.PIVOT.6", .ruleset = "regiments",
              .actions = "pivot", .phases = PHASE, .question = "pivot.made",
              .fingerprint = "eca38c59f740e88b")
{
	const arb_unit *u = arb_eval_actor(ev);
	const arb_scenario *s = arb_eval_scenario(ev);
	pivot pv;
	if (pivot_read(ev, r, &pv))
		return;
	if (!pv.turning.contact) {
		r->outcome = ARB_NA;
		return;
	}
	const arb_unit *o =
	    pv.turning.object_model ? arb_scenario_unit(s, pv.turning.object) : NULL;
	bool other_can = o && !arb_unit_has_status(o, "in_close_combat");
	r->object = pv.turning.object;
	if (other_can) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s can give ground", o->id);
		return;
	}
	if (arb_unit_has_status(u, "in_close_combat")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s and %s are both unable to give ground: %s in close combat",
		                   u->id, pv.turning.object, u->id);
		return;
	}
	const char *tr = rg__fact(ev, "trapped");
	if (!tr) {
		arb_result_missing(r, "trapped",
		                   "%s cannot give ground; whether %s is trapped is not stated",
		                   pv.turning.object, u->id);
		return;
	}
	r->outcome = strcmp(tr, "true") == 0 ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%s cannot give ground and %s %s", pv.turning.object, u->id,
	                   r->outcome == ARB_VIOLATED ? "is trapped: the pivot can't be made"
	                                              : "can");
}

/* RG.MOV.GAP.2: "This rule doesn't apply to charge moves" (over
 * RG.MOV.GAP.1): a charge, or a move or wheel of a charging unit. */
ARB_PREDICATE(rg_mov_gap_2, .clause = "RG.MOV.GAP.2", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "move.gap", .fingerprint = "8b0cf6e9ea767a3b")
{
	if (!rg__charging(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "a charge move of %s: the 1\" rule does not apply",
	                   arb_eval_actor(ev)->id);
}

/* RG.MOV.GAP.3: a charging unit may end within 1" of a unit it did not
 * charge (one not among the action's targets). */
ARB_PREDICATE(rg_mov_gap_3, .clause = "RG.MOV.GAP.3", .ruleset = "regiments", .actions = MOVING,
              .phases = PHASE, .question = "move.gap", .params = "gap",
              .fingerprint = "7ae4eb1d720d2df2")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double gap = arb_eval_param(ev, "gap");
	if (!rg__charging(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *o = &s->units[i];
		bool target = false;
		for (size_t t = 0; t < s->action.n_targets; t++)
			target = target || strcmp(s->action.targets[t], o->id) == 0;
		if (o == u || target)
			continue;
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			const arb_path *p = arb_scenario_path(s, m->id);
			arb_placed a = arb_model_placed(m);
			if (p && p->n_pts)
				a.c = p->pts[p->n_pts - 1];
			arb_measure mm;
			double d = arb_base_unit_distance(&a, o, &mm);
			if (arb_within(d, gap)) {
				r->outcome = ARB_PERMITS;
				r->subject = m->id;
				r->object = o->id;
				arb_result_explain(
				    r, "%s ends %.3f in from %s, a unit it did not charge", m->id,
				    d, o->id);
				return;
			}
		}
	}
	r->outcome = ARB_NA;
}
