/*
 * Scrollhammer, Charge Sub-phase: "Multiple Charges:" (SH.CHG.MULTI.*), in
 * the order of spec/scrollhammer/charge.md. Cases:
 * cases/scrollhammer/charge/hand-multi.csv; how each predicate reads its
 * clause: docs/encoding/scrollhammer-charge.md.
 */
#include "charge.h"

#include <stdint.h>

#define RS     CHG_RS
#define PHASES CHG_PHASES

/* SH.CHG.MULTI.1 */
ARB_PREDICATE(sh_chg_multi_1, .clause = "SH.CHG.MULTI.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.multi_reach", .params = CHG_RANGE_PARAMS,
              .fingerprint = "ca7c0351a0e583a4")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range, far;
	const char *miss, *who;
	if (s->action.n_targets < 2) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (!chg__need_range(ev, r, &range))
		return;
	size_t moved = sh__moving_count(ev, u);
	if (chg__in_range(s, u, range, false, &miss, &far, &who)) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "the %g in rolled reaches all %zu units charged", range,
		                   s->action.n_targets);
	} else if (moved) {
		r->outcome = ARB_VIOLATED;
		r->object = miss;
		arb_result_explain(r,
		                   "the %g in rolled does not reach %s (%.2f in away): the charge "
		                   "is not successful, yet %zu model(s) move",
		                   range, miss, far, moved);
	} else {
		r->outcome = ARB_HOLDS;
		r->object = miss;
		arb_result_explain(r,
		                   "the %g in rolled does not reach %s: the charge is not "
		                   "successful and no model moves",
		                   range, miss);
	}
}

/* The units charged that no charging model reached, after a charge that
 * reached them all in range: 1 with their number and how many of them were
 * locked in combat already; 0 when the clauses do not apply; -1 when the
 * range is missing (r says so). */
static int uncharged(const arb_eval *ev, arb_result *r, size_t *n, size_t *locked)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range, far;
	const char *miss, *who;
	chg x;
	*n = *locked = 0;
	if (s->action.n_targets < 2 || sh__moving_count(ev, u) == 0)
		return 0;
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return -1;
	}
	for (size_t k = 0; k < s->action.n_targets; k++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[k]);
		bool reached = false;
		for (size_t q = 0; q < x.n_tm; q++)
			reached = reached || (x.o[x.tm[q]].unit == t &&
			                      chg__engaged(&x, q, SIZE_MAX, SIZE_MAX));
		if (!reached) {
			(*n)++;
			*locked += arb_unit_has_status(t, "locked_in_combat");
		}
	}
	chg__free(&x);
	if (*n == 0)
		return 0;
	/* "Once the charge is resolved": a charge that reached its units */
	if (!chg__need_range(ev, r, &range))
		return -1;
	return chg__in_range(s, u, range, false, &miss, &far, &who) ? 1 : 0;
}

/* SH.CHG.MULTI.2 */
ARB_PREDICATE(sh_chg_multi_2, .clause = "SH.CHG.MULTI.2", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "value.uncharged_fight", .params = CHG_RANGE_PARAMS,
              .fingerprint = "d324320b733c48d3")
{
	size_t n, locked;
	int k = uncharged(ev, r, &n, &locked);
	if (k <= 0) {
		if (k == 0)
			r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_info(r, "uncharged_units", (double)n);
	arb_result_value(r, "uncharged_fighting", (double)locked);
	arb_result_explain(r,
	                   "%zu unit(s) charged and not reached; %zu of them fight in the "
	                   "combat, already being in it (locked in combat)",
	                   n, locked);
}

/* SH.CHG.MULTI.3 */
ARB_PREDICATE(sh_chg_multi_3, .clause = "SH.CHG.MULTI.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "value.uncharged_locked", .params = CHG_RANGE_PARAMS,
              .fingerprint = "6e8fa3186e88dcb6")
{
	size_t n, locked;
	int k = uncharged(ev, r, &n, &locked);
	if (k <= 0) {
		if (k == 0)
			r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_info(r, "uncharged_units", (double)n);
	arb_result_value(r, "uncharged_locked", (double)locked);
	arb_result_explain(r,
	                   "%zu unit(s) charged and not reached; %zu of them are locked in "
	                   "combat, as they were already",
	                   n, locked);
}
