/*
 * Scrollhammer, Charge Sub-phase: "Moving Charging Models:", skirmishers
 * and hordes (SH.CHG.SKIRM.*), in the order of spec/scrollhammer/charge.md.
 * Cases: cases/scrollhammer/charge/hand-skirmish.csv and others; how each
 * predicate reads its clause: docs/encoding/scrollhammer-charge.md.
 *
 * The order of the paths is the order of the moves: "the first model" is
 * the first path, and a model "that has already moved" is one listed
 * before.
 */
#include "charge.h"

#include <math.h>
#include <stdint.h>

#define TOL    CHG_TOL
#define RS     CHG_RS
#define PHASES CHG_PHASES

/* SH.CHG.SKIRM.1 */
ARB_PREDICATE(sh_chg_skirm_1, .clause = "SH.CHG.SKIRM.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "value.initial_charger",
              .fingerprint = "592e915ecf692b2b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!chg__open_formation(u) || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	double d = chg__initial_distance(s, u);
	size_t first = 0;
	while (first < u->n_models && !chg__is_initial(s, u, first))
		first++;
	r->outcome = ARB_VALUE;
	r->subject = u->models[first].id;
	/* the clause chooses a model; its distance only shows why */
	arb_result_info(r, "initial_charger_distance", d);
	arb_result_explain(r, "the initial charger is %s, %.2f in from the enemy", r->subject, d);
}

/* SH.CHG.SKIRM.2 */
ARB_PREDICATE(sh_chg_skirm_2, .clause = "SH.CHG.SKIRM.2", .readings = CHG_ARC_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "charge.initial_charger", .params = CHG_ARC_PARAM,
              .fingerprint = "4caa9ed95224e558")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int how = arb_eval_reading_arg(ev);
	chg x;
	if (!chg__open_formation(u) || s->action.n_targets == 0 || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	/* the initial charger: the first to move if it is one, else the first */
	size_t ic = x.order[0];
	if (!chg__is_initial(s, u, ic)) {
		ic = 0;
		while (ic + 1 < x.n && !chg__is_initial(s, u, ic))
			ic++;
	}
	const arb_model *m = &u->models[ic];
	r->subject = m->id;
	if (!x.path[ic]) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "the initial charger %s does not move", m->id);
		goto done;
	}
	/* the closest enemy model(s) */
	double best = INFINITY;
	for (size_t t = 0; t < x.n_tm; t++)
		best = fmin(best, arb_geom_distance(&x.start[ic], &x.o[x.tm[t]].pl, NULL));
	bool engages = false;
	for (size_t t = 0; t < x.n_tm; t++)
		if (arb_geom_distance(&x.start[ic], &x.o[x.tm[t]].pl, NULL) <= best + TOL &&
		    chg__contact(&x, ic, t))
			engages = true;
	if (!engages) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "the initial charger %s does not end in base contact with the "
		                   "enemy model closest to it (%.2f in away)",
		                   m->id, best);
		goto done;
	}
	const arb_unit *t = chg__ranked_target(s);
	if (t) {
		size_t counts[4];
		int a = chg__charged_arc(u, t, arb_eval_param(ev, CHG_ARC_PARAM), how, counts);
		chg_frame fr;
		fr = arb_unit_footprint(t);
		if (a == CHG_ARC_NONE) {
			r->outcome = ARB_UNDECIDED; /* no arc holds "the majority" (RANKS.2) */
			arb_result_explain(r,
			                   "no arc of %s (%s) holds a majority of %s: the arc the "
			                   "initial charger must stay within is not known",
			                   t->id, chg__arc_how(how), u->id);
			goto done;
		}
		if (!chg__beyond_face(&fr, a, x.end[ic].c)) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(
			    r,
			    "the initial charger %s ends behind the line of the %s edge "
			    "of %s: not within the arc being charged (%s)",
			    m->id, chg__arc_name[a], t->id, chg__arc_how(how));
			goto done;
		}
	}
	double len, straight;
	if (chg__detour(&x, ic, true, &len, &straight)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "the initial charger %s goes %.2f in where the straight line of "
		                   "%.2f in is clear: not the fastest route",
		                   m->id, len, straight);
		goto done;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "the initial charger %s engages the closest enemy model by the "
	                   "fastest route",
	                   m->id);
done:
	chg__free(&x);
}

/* SH.CHG.SKIRM.3 */
ARB_PREDICATE(sh_chg_skirm_3, .clause = "SH.CHG.SKIRM.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.sequence", .fingerprint = "e77f605f1be114e2")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	chg x;
	if (!chg__open_formation(u) || s->action.n_targets == 0 || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	size_t first = x.order[0];
	r->subject = u->models[first].id;
	if (chg__is_initial(s, u, first)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "the initial charger %s moves first; the others may follow in "
		                   "any sequence",
		                   r->subject);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s moves first, %.2f in from the enemy; the initial charger is "
		                   "%.2f in from it",
		                   r->subject, chg__closest_to_targets(s, u, first),
		                   chg__initial_distance(s, u));
	}
	chg__free(&x);
}

/* SH.CHG.SKIRM.4 */
ARB_PREDICATE(sh_chg_skirm_4, .clause = "SH.CHG.SKIRM.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.route", .fingerprint = "ddc53c4bb04b0ee8")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	chg x;
	if (!chg__open_formation(u) || s->action.n_targets == 0 || sh__moving_count(ev, u) < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "the models after the first move along the shortest routes");
	for (size_t k = 1; k < x.n_moving; k++) {
		size_t i = x.order[k];
		double len, straight;
		if (chg__detour(&x, i, true, &len, &straight)) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			arb_result_explain(
			    r,
			    "%s moves %.2f in where the straight line to the same place, "
			    "%.2f in, is clear",
			    r->subject, len, straight);
			break;
		}
	}
	chg__free(&x);
}

/* SH.CHG.SKIRM.COND.1 */
ARB_PREDICATE(sh_chg_skirm_cond_1, .clause = "SH.CHG.SKIRM.COND.1", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.sequence.coherency",
              .params = CHG_COH_PARAMS, .fingerprint = "7b4cae6446a4525b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double limit;
	chg x;
	if (!chg__coherency_value(ev, u, &limit) || s->action.n_targets == 0 ||
	    sh__moving_count(ev, u) == 0 || u->n_models < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "every model ends within %g in of a model that moved before it",
	                   limit);
	for (size_t k = 1; k < x.n; k++) {
		size_t i = x.order[k];
		double best = INFINITY;
		for (size_t q = 0; q < k && q < x.n_moving; q++)
			best = fmin(best, arb_geom_distance(&x.end[i], &x.end[x.order[q]], NULL));
		if (best > limit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->has_measure = true;
			r->measure = (arb_measure){
			    .figure = best, .limit = limit, .margin = limit - best, .other = -1};
			arb_result_explain(
			    r,
			    "%s ends %.3f in from the nearest model that moved before "
			    "it; coherency is %g in",
			    r->subject, best, limit);
			break;
		}
	}
	chg__free(&x);
}

/* A target model within reach of model i (not the first) when it moved:
 * with free_only, one not engaged by the models before it; with arc (a
 * ranked target t), one on the charged edge. -1 if none. */
static long enemy_in_reach(const chg *x, size_t i, double range, bool free_only, const arb_unit *t,
                           int arc, const chg_frame *fr, double *d)
{
	for (size_t k = 0; k < x->n_tm; k++) {
		const chg_other *o = &x->o[x->tm[k]];
		if (free_only && chg__engaged(x, k, i, i))
			continue;
		if (t && o->unit == t && !chg__on_face(fr, arc, &o->pl))
			continue;
		if (chg__reach_target(x, i, k, range, true, d))
			return (long)k;
	}
	return -1;
}

/* Whether model i ends in contact with a target model free when it moved. */
static bool took_free(const chg *x, size_t i)
{
	for (size_t k = 0; k < x->n_tm; k++)
		if (chg__contact(x, i, k) && !chg__engaged(x, k, i, i))
			return true;
	return false;
}

/* An earlier model in base contact with a target model, within reach of
 * model i (engaged_only), or any other model of the unit where it stands;
 * -1 if none. */
static long friend_in_reach(const chg *x, size_t i, double range, bool engaged_only)
{
	for (size_t q = 0; q < x->n; q++) {
		size_t j = x->order[q];
		if (j == i)
			continue;
		if (engaged_only &&
		    (q >= x->seq[i] || q >= x->n_moving || chg__contacts_of(x, j) == 0))
			continue;
		if (chg__reach_friend(x, i, j, range))
			return (long)j;
	}
	return -1;
}

#define SKIRM_PARAMS CHG_RANGE_PARAMS " " CHG_ARC_PARAM

typedef enum cond { COND_FREE, COND_RANK, COND_STAY } cond;

/* SH.CHG.SKIRM.COND.2, 3, 4, for each model after the first; how: the arcs'
 * reading (COND.2 "and arc, if applicable", COND.3 "no such enemy models"),
 * COND.4 ("any enemy") has none. */
static void skirm_cond(const arb_eval *ev, arb_result *r, cond which, int how)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range, limit = 0, d = 0;
	chg x;
	if (!chg__open_formation(u) || s->action.n_targets == 0 || sh__moving_count(ev, u) == 0 ||
	    u->n_models < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (which == COND_STAY)
		chg__coherency_value(ev, u, &limit);
	const arb_unit *t = which == COND_STAY ? NULL : chg__ranked_target(s);
	int arc = CHG_ARC_NONE;
	chg_frame fr = {0};
	if (t) {
		size_t counts[4];
		arc = chg__charged_arc(u, t, arb_eval_param(ev, CHG_ARC_PARAM), how, counts);
		if (arc == CHG_ARC_NONE) {
			r->outcome = ARB_UNDECIDED; /* no arc holds "the majority" (RANKS.2) */
			arb_result_explain(r,
			                   "no arc of %s (%s) holds a majority of %s: which enemy "
			                   "models are within arc is not known",
			                   t->id, chg__arc_how(how), u->id);
			return;
		}
		fr = arb_unit_footprint(t);
	}
	/* "within reach", "in reach": the range decides */
	if (!chg__need_range(ev, r, &range))
		return;
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	size_t applied = 0;
	r->outcome = ARB_NA;
	for (size_t k = 1; k < x.n && r->outcome != ARB_VIOLATED; k++) {
		size_t i = x.order[k];
		const char *id = u->models[i].id;
		long e = enemy_in_reach(&x, i, range, true, t, arc, &fr, &d);
		/* the model's own path shows what it could reach */
		bool took = took_free(&x, i) && chg__path_len(x.path[i]) <= range + TOL;
		if (which == COND_FREE) {
			if (e < 0 && !took)
				continue;
			applied++;
			if (!took_free(&x, i)) {
				r->outcome = ARB_VIOLATED;
				r->subject = id;
				r->object = x.o[x.tm[e]].m->id;
				arb_result_explain(
				    r,
				    "%s ends without contact with an unengaged enemy model "
				    "though %s was one within reach (%.2f in of %g in)",
				    id, r->object, d, range);
			}
			continue;
		}
		if (which == COND_RANK) {
			if (e >= 0 || took)
				continue;
			long f = friend_in_reach(&x, i, range, true);
			if (f < 0)
				continue;
			applied++;
			bool beside = false;
			for (size_t q = 0; q < x.seq[i] && q < x.n_moving; q++) {
				size_t j = x.order[q];
				beside = beside || (chg__contacts_of(&x, j) > 0 &&
				                    chg__touching(&x.end[i], &x.end[j]));
			}
			if (!beside) {
				r->outcome = ARB_VIOLATED;
				r->subject = id;
				r->object = u->models[f].id;
				arb_result_explain(
				    r,
				    "%s has no unengaged enemy within reach and does not "
				    "form a rank beside or behind %s, engaged and within "
				    "reach",
				    id, r->object);
			}
			continue;
		}
		/* COND_STAY: "cannot reach any enemy or friendly models" */
		if (chg__contacts_of(&x, i) > 0 ||
		    enemy_in_reach(&x, i, range, false, NULL, arc, &fr, &d) >= 0 ||
		    friend_in_reach(&x, i, range, false) >= 0)
			continue;
		applied++;
		double best = INFINITY;
		for (size_t j = 0; j < x.n; j++)
			if (j != i)
				best = fmin(best, arb_geom_distance(&x.end[i], &x.end[j], NULL));
		if (best > limit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = id;
			arb_result_explain(r,
			                   "%s can reach neither an enemy nor a friendly model and "
			                   "ends %.3f in from its unit; coherency is %g in",
			                   id, best, limit);
		}
	}
	if (r->outcome == ARB_NA && applied) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%zu model(s) concerned, each as the condition requires",
		                   applied);
	}
	chg__free(&x);
}

/* SH.CHG.SKIRM.COND.2 */
ARB_PREDICATE(sh_chg_skirm_cond_2, .clause = "SH.CHG.SKIRM.COND.2", .readings = CHG_ARC_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.free_enemy",
              .params = SKIRM_PARAMS, .fingerprint = "c840935df48c38aa")
{
	skirm_cond(ev, r, COND_FREE, arb_eval_reading_arg(ev));
}

/* SH.CHG.SKIRM.COND.3 */
ARB_PREDICATE(sh_chg_skirm_cond_3, .clause = "SH.CHG.SKIRM.COND.3", .readings = CHG_ARC_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.form_rank",
              .params = SKIRM_PARAMS, .fingerprint = "427e49002a6d2567")
{
	skirm_cond(ev, r, COND_RANK, arb_eval_reading_arg(ev));
}

/* SH.CHG.SKIRM.COND.4 */
ARB_PREDICATE(sh_chg_skirm_cond_4, .clause = "SH.CHG.SKIRM.COND.4", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.stay_coherent",
              .params = CHG_RANGE_PARAMS " " CHG_COH_PARAMS, .fingerprint = "0626724dce52d4bf")
{
	skirm_cond(ev, r, COND_STAY, CHG_ARC_CORNERS);
}
