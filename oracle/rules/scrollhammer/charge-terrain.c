/*
 * Scrollhammer, Charge Sub-phase: "Charging Through Difficult Terrain:"
 * and "Charging through Dangerous Terrain:" (SH.CHG.DIFF.*, SH.CHG.DANG.*),
 * in the order of spec/scrollhammer/charge.md. Cases:
 * cases/scrollhammer/charge/hand-terrain.csv and others; how each predicate
 * reads its clause: docs/encoding/scrollhammer-charge.md.
 *
 * "through" has the terrain page's two readings (the base's centre, or any
 * part of the base). DIFF.2 ranks itself over RANGE.1 ("rather than 2D6")
 * and, arguably, over the terrain page's check ("However"): both marked in
 * spec/.
 */
#include "charge.h"

#include <stdint.h>

#define RS     CHG_RS
#define PHASES CHG_PHASES

enum { DIFF1_BASE = 1, DIFF1_3D6 = 2 };

/* SH.CHG.DIFF.1: "the unit must make a Difficult Terrain test (see page
 * XX)": the test is the terrain section's check (`check`: dice
 * difficult_check), or, DIFF.2's "However" read as changing the test, the
 * 3D6 charge roll (`3d6`: dice difficult_charge_roll); by either reading of
 * "through". No die rolled for the test: it was not made. */
ARB_PREDICATE(sh_chg_diff_1, .clause = "SH.CHG.DIFF.1",
              .readings = ARB_READINGS({"centre-check", 0}, {"base-check", DIFF1_BASE},
                                       {"centre-3d6", DIFF1_3D6},
                                       {"base-3d6", DIFF1_BASE | DIFF1_3D6}),
              .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "terrain.difficult.check", .fingerprint = "17e487cfe1791e2a")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	int arg = arb_eval_reading_arg(ev);
	arb_through how = arg & DIFF1_BASE ? ARB_THROUGH_BASE : ARB_THROUGH_CENTRE;
	const char *who, *test = arg & DIFF1_3D6 ? "difficult_charge_roll" : "difficult_check";
	int d[CHG_MAX_DICE];
	size_t n = chg__through_count(ev, arb_eval_actor(ev), "difficult", how, &who);
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	size_t k = chg__dice(s, test, d);
	r->outcome = k ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%zu model(s) charge through difficult terrain (%s); %zu dice rolled "
	                   "for %s",
	                   n, chg__how_words(how), k, test);
}

/* SH.CHG.DIFF.2 */
ARB_PREDICATE(sh_chg_diff_2, .clause = "SH.CHG.DIFF.2", .readings = CHG_THROUGH_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.range",
              .params = "difficult_charge_dice charge_dice", .fingerprint = "bffdf094e2e7bb39")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	arb_through how = (arb_through)arb_eval_reading_arg(ev);
	const char *who;
	int d2[CHG_MAX_DICE], d3[CHG_MAX_DICE];
	size_t n = chg__through_count(ev, arb_eval_actor(ev), "difficult", how, &who);
	size_t n2 = chg__dice(s, "charge_roll", d2), n3 = chg__dice(s, "difficult_charge_roll", d3);
	double want = arb_eval_param(ev, "difficult_charge_dice");
	double keep = arb_eval_param(ev, "charge_dice");
	bool named = chg__dice_named(s);
	r->subject = who;
	if (!n) {
		/* "to represent the uneven pace of a charge" through difficult
		 * terrain: a 3D6 rolled for any other charge is not this roll */
		if (named && n3 > 0) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(
			    r,
			    "%zu dice rolled for a difficult terrain charge, but no model "
			    "charges through difficult terrain (%s)",
			    n3, chg__how_words(how));
		} else {
			r->outcome = ARB_NA;
		}
		return;
	}
	if (n3 == 0 && n2 == 0) {
		arb_result_missing(r, "difficult_charge_roll",
		                   "%zu model(s) charge through difficult terrain (%s): the unit "
		                   "rolls %gD6, and the roll is not given",
		                   n, chg__how_words(how), want);
	} else if ((double)n3 != want) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%zu model(s) charge through difficult terrain (%s): the unit "
		                   "rolls %gD6, and %zu dice were rolled for it%s",
		                   n, chg__how_words(how), want, n3,
		                   n3 == 0 ? " (a 2D6 charge roll instead)" : "");
	} else if (named && n2 > 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r,
		    "the unit rolls %gD6 rather than %gD6, and a %zu-dice charge roll "
		    "was made as well",
		    want, keep, n2);
	} else {
		int v = chg__sum_lowest(d3, n3, (size_t)keep);
		r->outcome = ARB_VALUE;
		arb_result_value(r, "charge_range", v);
		arb_result_explain(r,
		                   "charging through difficult terrain (%s): the %g lowest of %gD6 "
		                   "make %d in",
		                   chg__how_words(how), keep, want, v);
	}
}

/* SH.CHG.DIFF.4: a Counter-Attack is a rule of a page the text does not
 * give; this clause allows the attempt and forbids nothing. */
ARB_PREDICATE(sh_chg_diff_4, .clause = "SH.CHG.DIFF.4", .readings = CHG_THROUGH_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "charge.counter_attack", .fingerprint = "e266f29150e46046")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	arb_through how = (arb_through)arb_eval_reading_arg(ev);
	const char *who;
	if (!sh__fact_is(s, "counter_attack", "true") ||
	    !chg__through_count(ev, arb_eval_actor(ev), "difficult", how, &who)) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (chg__is_formation(t, "skirmish")) {
			r->outcome = ARB_PERMITS;
			r->subject = t->id;
			r->object = who;
			arb_result_explain(
			    r,
			    "%s charges the skirmishers %s through difficult terrain "
			    "(%s): they may attempt to Counter-Attack",
			    who, t->id, chg__how_words(how));
			return;
		}
	}
	r->outcome = ARB_NA;
}

/* SH.CHG.DIFF.5: a reminder of MOVE.2's first count, encoded as written. */
ARB_PREDICATE(sh_chg_diff_5, .clause = "SH.CHG.DIFF.5", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.engagement.enemies",
              .fingerprint = "e5d608993431240b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	chg_engagement e = chg__engagement(&x);
	double most;
	int ok = chg__most_possible(s, e.enemies, e.of_enemies, "max_engaged_enemies", &most);
	if (ok == 1) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%zu of %zu enemy models engaged: as many as possible (%g)",
		                   e.enemies, e.of_enemies, most);
	} else if (ok == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%zu of %zu enemy models engaged; %g could be", e.enemies,
		                   e.of_enemies, most);
	} else {
		arb_result_missing(r, "max_engaged_enemies",
		                   "%zu of %zu enemy models engaged; how many could be is not "
		                   "stated (fact max_engaged_enemies)",
		                   e.enemies, e.of_enemies);
	}
	chg__free(&x);
}

/* SH.CHG.DANG.1: a test for each model that goes through, as the terrain
 * page's SH.TER.DANG.3 rolls "a d6 for each model". */
ARB_PREDICATE(sh_chg_dang_1, .clause = "SH.CHG.DANG.1", .readings = CHG_THROUGH_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "terrain.dangerous.test", .fingerprint = "8970c733b4582db0")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	arb_through how = (arb_through)arb_eval_reading_arg(ev);
	const char *who;
	int d[CHG_MAX_DICE];
	size_t n = chg__through_count(ev, arb_eval_actor(ev), "dangerous", how, &who);
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	size_t k = chg__dice(s, "dangerous_test", d);
	r->subject = who;
	r->outcome = k >= n ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%zu model(s) go through dangerous terrain (%s): each takes a test, "
	                   "%zu dice rolled",
	                   n, chg__how_words(how), k);
}
