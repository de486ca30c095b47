/*
 * Scrollhammer, Charge Sub-phase: "Moving Charging Models:", units that
 * Fight in Ranks (SH.CHG.RANKS.*), in the order of
 * spec/scrollhammer/charge.md. Cases: cases/scrollhammer/charge/
 * hand-ranks.csv, hand-excess.csv; how each predicate reads its clause:
 * docs/encoding/scrollhammer-charge.md.
 *
 * The charged arc (RANKS.2) is read four ways, the text not saying where an
 * arc starts nor what "the majority" is: every clause that needs it has the
 * readings of CHG_ARC_READINGS.
 */
#include "charge.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TOL    CHG_TOL
#define RS     CHG_RS
#define PHASES CHG_PHASES

/* SH.CHG.RANKS.1: "should go as far as they can" is binding, as MOVE.10's
 * "should attempt" (the how of MOVE.2's "must attempt"). */
ARB_PREDICATE(sh_chg_ranks_1, .clause = "SH.CHG.RANKS.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.engagement.front_rank",
              .fingerprint = "c5801b87b510070b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = chg__ranked_target(s);
	chg x;
	if (!chg__is_formation(u, "fight_in_ranks") || !t || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	chg_frame fr;
	fr = arb_unit_footprint(t);
	size_t front = 0, got = 0;
	for (size_t k = 0; k < x.n_tm; k++) {
		const chg_other *o = &x.o[x.tm[k]];
		if (o->unit != t || !chg__on_face(&fr, CHG_FRONT, &o->pl))
			continue;
		front++;
		got += chg__engaged(&x, k, SIZE_MAX, SIZE_MAX);
	}
	double most;
	int ok = chg__most_possible(s, got, front, "max_front_rank_engaged", &most);
	r->subject = u->id;
	r->object = t->id;
	if (ok == 1) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%zu of the %zu models of %s's front rank in base contact (the "
		                   "most possible: %g)",
		                   got, front, t->id, most);
	} else if (ok == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%zu of the %zu models of %s's front rank in base contact; %g "
		                   "could be",
		                   got, front, t->id, most);
	} else {
		arb_result_missing(r, "max_front_rank_engaged",
		                   "%zu of the %zu models of %s's front rank in base contact; how "
		                   "many could be is not stated (fact max_front_rank_engaged)",
		                   got, front, t->id);
	}
	chg__free(&x);
}

/* SH.CHG.RANKS.2 */
ARB_PREDICATE(sh_chg_ranks_2, .clause = "SH.CHG.RANKS.2", .readings = CHG_ARC_READINGS,
              .ruleset = RS, .actions = "declare_charge charge", .phases = PHASES,
              .question = "value.charged_arc", .params = "charge_arc",
              .fingerprint = "778d565355e30c9d")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = chg__ranked_target(s);
	int how = arb_eval_reading_arg(ev);
	size_t counts[4];
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	int a = chg__charged_arc(u, t, arb_eval_param(ev, "charge_arc"), how, counts);
	r->subject = u->id;
	r->object = t->id;
	if (a == CHG_ARC_NONE) {
		/* "the arc ... that the majority of the charging unit is inside of":
		 * when no arc holds a majority as the reading counts it (more than
		 * half; or more than any other, a tie), the text names none (a gap) */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "no arc of %s (%s) holds a majority of the %zu models of %s "
		                   "(front %zu, left %zu, rear %zu, right %zu)",
		                   t->id, chg__arc_how(how), u->n_models, u->id, counts[0],
		                   counts[1], counts[2], counts[3]);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "charged_arc", chg__arc_value[a]);
	arb_result_explain(r,
	                   "%zu of the %zu models of %s are in the %s arc of %s (%s): the charge "
	                   "is against that arc",
	                   counts[a], u->n_models, u->id, chg__arc_name[a], t->id,
	                   chg__arc_how(how));
}

/* RANKS.3 under one answer to "was a wheel or pivot greater than the width
 * of any charging model's base required" (both: no): ARB_HOLDS or
 * ARB_VIOLATED, or ARB_UNDECIDED when the excess may stand out on one side
 * only and the charge came from straight ahead of the edge's middle (the
 * text's "the side from which the charge came" names neither side).
 * must: "on both sides" requires both sides (else it allows them). */
static arb_outcome excess_ok(bool both, bool must, bool out_lo, bool out_hi, int came)
{
	if (both)
		return !must || (out_lo && out_hi) ? ARB_HOLDS : ARB_VIOLATED;
	if (came == 0)
		return ARB_UNDECIDED;
	return (came > 0 ? out_lo : out_hi) ? ARB_VIOLATED : ARB_HOLDS;
}

enum { EXCESS_MUST = 4 };

/* SH.CHG.RANKS.3: "or on both sides if no wheel or pivot greater than the
 * width of any charging model's base was required": the excess may stand
 * out on both sides (`may`) or must (`must`); "any charging model's base"
 * is every base's (the narrowest); the wheel required is the fact
 * required_wheel. With the charged arc's four readings. */
ARB_PREDICATE(sh_chg_ranks_3, .clause = "SH.CHG.RANKS.3",
              .readings = ARB_READINGS({"may-corners-half", CHG_ARC_CORNERS},
                                       {"may-centre-half", CHG_ARC_CENTRE},
                                       {"may-corners-most", CHG_ARC_MOST},
                                       {"may-centre-most", CHG_ARC_CENTRE | CHG_ARC_MOST},
                                       {"must-corners-half", EXCESS_MUST | CHG_ARC_CORNERS},
                                       {"must-centre-half", EXCESS_MUST | CHG_ARC_CENTRE},
                                       {"must-corners-most", EXCESS_MUST | CHG_ARC_MOST},
                                       {"must-centre-most",
                                        EXCESS_MUST | CHG_ARC_CENTRE | CHG_ARC_MOST}),
              .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "charge.excess_ranks", .params = CHG_ARC_PARAM,
              .fingerprint = "62a34de9b2ce3a58")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = chg__ranked_target(s);
	int arg = arb_eval_reading_arg(ev);
	bool must = arg & EXCESS_MUST;
	int how = arg & (CHG_ARC_CENTRE | CHG_ARC_MOST);
	arb_placed *end = NULL;
	size_t counts[4];
	double wheel;
	if (!chg__is_formation(u, "fight_in_ranks") || !t || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!sh__end_placed(s, u, &end)) {
		chg__oom(r);
		return;
	}
	bool touches = false;
	for (size_t i = 0; i < u->n_models && !touches; i++)
		for (size_t k = 0; k < t->n_models && !touches; k++) {
			arb_placed tp = arb_model_placed(&t->models[k]);
			touches = arb_geom_distance(&end[i], &tp, NULL) <= TOL;
		}
	chg_frame fr;
	fr = arb_unit_footprint(t);
	int a = chg__charged_arc(u, t, arb_eval_param(ev, CHG_ARC_PARAM), how, counts);
	bool across_f = a == CHG_LEFT || a == CHG_RIGHT;
	arb_vec2 ax = across_f ? fr.f : fr.l;
	double elo = across_f ? fr.rear : fr.right, ehi = across_f ? fr.front : fr.left;
	double clo = INFINITY, chi = -INFINITY, width = INFINITY, start = 0;
	for (size_t i = 0; i < u->n_models; i++) {
		double lo, hi;
		arb_geom_extent(&end[i], ax, &lo, &hi);
		clo = fmin(clo, lo);
		chi = fmax(chi, hi);
		width = fmin(width, chg__frontage(&end[i]));
		start +=
		    (u->models[i].pos.x * ax.x + u->models[i].pos.y * ax.y) / (double)u->n_models;
	}
	free(end);
	if (!touches) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	r->object = t->id;
	if (a == CHG_ARC_NONE) {
		r->outcome = ARB_UNDECIDED; /* no arc holds "the majority" (RANKS.2) */
		arb_result_explain(r,
		                   "no arc of %s (%s) holds a majority of %s: which edge the "
		                   "excess stands out from is not known",
		                   t->id, chg__arc_how(how), u->id);
		return;
	}
	if (chi - clo <= ehi - elo + TOL) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s is %.2f in across, %s's %s edge %.2f in: no excess",
		                   u->id, chi - clo, t->id, chg__arc_name[a], ehi - elo);
		return;
	}
	bool out_lo = elo - clo > TOL, out_hi = chi - ehi > TOL;
	double mid = (elo + ehi) / 2;
	/* came: +1 the charge came from the high side of the edge's axis, -1 low, 0 neither */
	int came = start > mid + TOL ? 1 : start < mid - TOL ? -1 : 0;
	arb_outcome if_none = excess_ok(true, must, out_lo, out_hi, came);
	arb_outcome if_wheel = excess_ok(false, must, out_lo, out_hi, came);
	char wb[96];
	bool given = sh__fact_num(s, "required_wheel", &wheel);
	if (given) {
		r->outcome = excess_ok(wheel <= width + TOL, must, out_lo, out_hi, came);
		snprintf(wb, sizeof wb, "wheel/pivot required %.2f in, narrowest base %.2f in",
		         wheel, width);
	} else if (if_none == if_wheel) {
		r->outcome = if_none;
		snprintf(wb, sizeof wb, "the same whatever wheel was required");
	} else {
		arb_result_missing(r, "required_wheel",
		                   "excess of %s stands out %.2f in and %.2f in beyond the ends of "
		                   "%s's %s edge: whether that is allowed depends on the wheel or "
		                   "pivot that was required (fact required_wheel)",
		                   u->id, fmax(0, elo - clo), fmax(0, chi - ehi), t->id,
		                   chg__arc_name[a]);
		return;
	}
	arb_result_explain(r,
	                   "excess of %s stands out %.2f in and %.2f in beyond the two ends of "
	                   "%s's %s edge; the charge came from %s; %s",
	                   u->id, fmax(0, elo - clo), fmax(0, chi - ehi), t->id, chg__arc_name[a],
	                   came > 0   ? "the second end's side"
	                   : came < 0 ? "the first end's side"
	                              : "the edge's middle",
	                   wb);
}

/* SH.CHG.RANKS.4 */
ARB_PREDICATE(sh_chg_ranks_4, .clause = "SH.CHG.RANKS.4", .readings = CHG_ARC_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.wrap",
              .params = CHG_ARC_PARAM, .fingerprint = "a16ebc2c2d295770")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = chg__ranked_target(s);
	int how = arb_eval_reading_arg(ev);
	size_t counts[4];
	chg x;
	if (!chg__is_formation(u, "fight_in_ranks") || !t || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	int a = chg__charged_arc(u, t, arb_eval_param(ev, CHG_ARC_PARAM), how, counts);
	chg_frame fr;
	fr = arb_unit_footprint(t);
	/* the clause speaks once the charge reaches t; then of every model of
	 * the unit, touching t or not ("wrap around" names no contact) */
	bool any = false;
	for (size_t i = 0; i < x.n && !any; i++)
		for (size_t k = 0; k < x.n_tm && !any; k++)
			any = x.o[x.tm[k]].unit == t && chg__contact(&x, i, k);
	r->outcome = ARB_NA;
	for (size_t i = 0; any && i < x.n && r->outcome == ARB_NA; i++) {
		if (a == CHG_ARC_NONE) {
			r->outcome = ARB_UNDECIDED; /* no arc holds "the majority" (RANKS.2) */
			arb_result_explain(
			    r,
			    "no arc of %s (%s) holds a majority of %s: which edge it "
			    "may not wrap around is not known",
			    t->id, chg__arc_how(how), u->id);
		} else if (chg__past_face(&fr, a, &x.end[i])) {
			r->outcome = ARB_VIOLATED;
			r->subject = x.u->models[i].id;
			r->object = t->id;
			arb_result_explain(r,
			                   "%s stands beyond the edge of %s's %s arc (%s): it "
			                   "wraps around the ranks",
			                   r->subject, t->id, chg__arc_name[a], chg__arc_how(how));
		}
	}
	if (any && r->outcome == ARB_NA) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "every model of %s stays before %s's %s edge (%s)", u->id,
		                   t->id, chg__arc_name[a], chg__arc_how(how));
	}
	chg__free(&x);
}

/* SH.CHG.RANKS.5 */
ARB_PREDICATE(sh_chg_ranks_5, .clause = "SH.CHG.RANKS.5", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.ranks", .fingerprint = "94e34158b969d3cb")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!chg__is_formation(u, "fight_in_ranks") || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	/* the ranks before and after the charge, as CONV.RANK.1 reads them */
	size_t n = u->n_models, nr0, nr1;
	arb_placed *b0 = malloc(n * sizeof *b0), *b1 = malloc(n * sizeof *b1);
	size_t *r0 = malloc(n * sizeof *r0), *r1 = malloc(n * sizeof *r1);
	if (!b0 || !b1 || !r0 || !r1)
		goto oom;
	for (size_t i = 0; i < n; i++) {
		b0[i] = b1[i] = arb_model_placed(&u->models[i]);
		b1[i].c = sh__end_pos(s, &u->models[i]);
	}
	if (arb_ranks(b0, n, u->facing_deg, r0, &nr0) || arb_ranks(b1, n, u->facing_deg, r1, &nr1))
		goto oom;
	arb_vec2 f = arb_geom_dir(u->facing_deg);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			int before = (r0[i] > r0[j]) - (r0[i] < r0[j]);
			int after = (r1[i] > r1[j]) - (r1[i] < r1[j]);
			if (before == after)
				continue;
			double ds = (b0[i].c.x - b0[j].c.x) * f.x + (b0[i].c.y - b0[j].c.y) * f.y;
			double de = (b1[i].c.x - b1[j].c.x) * f.x + (b1[i].c.y - b1[j].c.y) * f.y;
			static const char *const kWhere[] = {"ahead of", "in the same rank as",
			                                     "behind"};
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->object = u->models[j].id;
			arb_result_explain(
			    r,
			    "%s stands %s %s before the charge (%.2f in apart along the "
			    "facing) and %s it after (%.2f in): they leave their ranks",
			    r->subject, kWhere[before + 1], r->object, ds, kWhere[after + 1], de);
			goto done;
		}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "the models of %s keep their ranks (%zu before and after)", u->id,
	                   nr0);
	goto done;
oom:
	arb_result_fault(r, ARB_ENOMEM, "out of memory reading the ranks of %s", u->id);
done:
	free(b0);
	free(b1);
	free(r0);
	free(r1);
}
