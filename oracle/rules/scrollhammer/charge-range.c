/*
 * Scrollhammer, Charge Sub-phase: "Rolling for Charge Range:"
 * (SH.CHG.RANGE.*), in the order of spec/scrollhammer/charge.md. Cases:
 * cases/scrollhammer/charge/hand-range.csv and gen-boundary-range.csv; how
 * each predicate reads its clause: docs/encoding/scrollhammer-charge.md.
 */
#include "charge.h"

#define TOL    CHG_TOL
#define RS     CHG_RS
#define PHASES CHG_PHASES

/* SH.CHG.RANGE.1 */
ARB_PREDICATE(sh_chg_range_1, .clause = "SH.CHG.RANGE.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.range", .params = "charge_dice",
              .fingerprint = "f01c4dc0880a56b8")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	int d2[CHG_MAX_DICE], d3[CHG_MAX_DICE];
	size_t n2 = chg__dice(s, "charge_roll", d2), n3 = chg__dice(s, "difficult_charge_roll", d3);
	double want = arb_eval_param(ev, "charge_dice");
	if (chg__dice_named(s) && n2 == 0 && n3 > 0) {
		r->outcome = ARB_NA; /* the range was rolled as SH.CHG.DIFF.2 says */
		return;
	}
	r->subject = arb_eval_actor(ev)->id;
	if (n2 == 0) {
		/* "Roll 2D6": the dice are an input of the scenario */
		arb_result_missing(r, "charge_roll", "the %gD6 charge roll is not given", want);
	} else if ((double)n2 != want) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%zu dice were rolled for the charge range, not %gD6", n2,
		                   want);
	} else {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "charge_range", chg__sum_all(d2, n2));
		arb_result_explain(r, "charge range %d in (%gD6)", chg__sum_all(d2, n2), want);
	}
}

/* SH.CHG.RANGE.3: how models "roll differently" is not in these texts; the
 * slowest model's range is the fact slowest_charge_range, and without it no
 * model rolls otherwise than RANGE.1 and DIFF.2 say. */
ARB_PREDICATE(sh_chg_range_3, .clause = "SH.CHG.RANGE.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.speed", .params = CHG_RANGE_PARAMS,
              .fingerprint = "1bacd464c4074253")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double slow, unit;
	if (!sh__fact_num(s, "slowest_charge_range", &slow)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__need_range(ev, r, &unit))
		return;
	arb_result_value(r, "unit_charge_range", unit);
	for (size_t i = 0; i < u->n_models; i++) {
		double len = chg__path_len(sh__moving_path(ev, &u->models[i]));
		if (len > unit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			arb_result_explain(r,
			                   "%s charges %.2f in; the slowest model's charge range, "
			                   "which binds the whole unit, is %g in",
			                   r->subject, len, unit);
			return;
		}
	}
	r->outcome = ARB_VALUE;
	arb_result_explain(r, "the whole unit charges at the speed of its slowest model: %g in",
	                   unit);
}
