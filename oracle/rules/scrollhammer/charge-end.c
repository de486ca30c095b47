/*
 * Scrollhammer, Charge Sub-phase: "Failed Charge:", "Declare Next Charge:"
 * and "Ending the Charge Sub-Phase:" (SH.CHG.FAIL.1, NEXT.1, END.*), in the
 * order of spec/scrollhammer/charge.md. Cases: cases/scrollhammer/charge/
 * (hand-range, hand-declare, hand-end); how each predicate reads its
 * clause: docs/encoding/scrollhammer-charge.md.
 */
#include "charge.h"

#include <stdint.h>

#define RS     CHG_RS
#define PHASES CHG_PHASES

/* SH.CHG.FAIL.1: "the initial charger (or the entire unit, in the case of a
 * unit with Fight in Ranks) is found to be further than its charge range":
 * the initial charger is the closest model (SKIRM.1: "the closest model to
 * the enemy"); a ranked unit is as far as its closest model (`closest`) or
 * as its farthest (`every-model`: the whole unit must be within range). */
ARB_PREDICATE(sh_chg_fail_1, .clause = "SH.CHG.FAIL.1", .readings = CHG_UNIT_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.failed",
              .params = CHG_RANGE_PARAMS, .fingerprint = "4e141cfa297e4479")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool ranked = chg__is_formation(u, "fight_in_ranks");
	bool every = ranked && arb_eval_reading_arg(ev) == CHG_UNIT_EVERY;
	double range, far;
	const char *miss, *who;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__need_range(ev, r, &range))
		return;
	if (chg__in_range(s, u, range, every, &miss, &far, &who)) {
		r->outcome = ARB_NA;
		return;
	}
	size_t moved = sh__moving_count(ev, u);
	r->subject = who;
	r->object = miss;
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = far, .limit = range, .margin = range - far, .other = -1};
	r->outcome = moved ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r,
	                   "%s%s is %.2f in from %s, further than the charge range of %g in: the "
	                   "charge fails%s",
	                   ranked ? (every ? "the unit's model " : "the unit's closest model ")
	                          : "the initial charger ",
	                   who, far, miss, range,
	                   moved ? " and no models are moved, yet some move"
	                         : " and no model moves");
}

/* SH.CHG.NEXT.1 */
ARB_PREDICATE(sh_chg_next_1, .clause = "SH.CHG.NEXT.1", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "declare.order", .fingerprint = "40143d297b924a89")
{
	const arb_context *c = &arb_eval_scenario(ev)->context;
	const arb_unit *u = arb_eval_actor(ev);
	bool declared = arb_unit_has_status(u, "declared_charge");
	for (size_t i = 0; i < c->n_completed; i++)
		declared = declared || chg__streq(c->completed[i], u->id);
	if (!declared && !c->in_progress && c->n_completed == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (declared) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s has already declared a charge", u->id);
	} else if (c->in_progress && !chg__streq(c->in_progress, u->id)) {
		r->outcome = ARB_VIOLATED;
		r->object = c->in_progress;
		arb_result_explain(r, "the models of %s, charging, have not all moved",
		                   c->in_progress);
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s has not yet declared a charge; %zu charge(s) done", u->id,
		                   c->n_completed);
	}
}

/* SH.CHG.END.1 */
ARB_PREDICATE(sh_chg_end_1, .clause = "SH.CHG.END.1", .ruleset = RS,
              .actions = "end_subphase declare_charge charge", .phases = PHASES,
              .question = "subphase.charge.end", .fingerprint = "04619f418d55e047")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_context *c = &s->context;
	const arb_unit *u = arb_eval_actor(ev);
	if (!chg__streq(s->action.type, "end_subphase")) {
		if (!chg__streq(c->subphase, "fight")) {
			r->outcome = ARB_NA;
			return;
		}
		r->subject = u->id;
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s launches a charge (%s) in the Fight sub-phase: the Charge "
		                   "sub-phase is ended",
		                   u->id, s->action.type);
		return;
	}
	if (!chg__streq(c->subphase, "charge")) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (c->in_progress) {
		/* "Once you have launched all of the charges you wish to": whether a
		 * charge whose models have not all moved is launched is not said */
		r->outcome = ARB_UNDECIDED;
		r->object = c->in_progress;
		arb_result_explain(r,
		                   "the Charge sub-phase is ended while the models of %s, "
		                   "charging, have not all moved: whether that charge is "
		                   "\"launched\" is not said",
		                   c->in_progress);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "the Charge sub-phase is ended after %zu charge(s), no charge in "
	                   "progress",
	                   c->n_completed);
}

/* SH.CHG.END.2 */
ARB_PREDICATE(sh_chg_end_2, .clause = "SH.CHG.END.2", .ruleset = RS, .actions = "end_subphase",
              .phases = PHASES, .question = "subphase.next", .fingerprint = "3a3542971667a00b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *next = arb_scenario_fact(s, "next_subphase");
	if (!chg__streq(s->context.subphase, "charge") || !next) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = arb_eval_actor(ev)->id;
	r->outcome = chg__streq(next, "fight") ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "after the Charge sub-phase the player moves on to the %s "
	                   "sub-phase%s",
	                   next, r->outcome == ARB_HOLDS ? "" : ", not the Fight sub-phase");
}
