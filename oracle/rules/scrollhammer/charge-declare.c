/*
 * Scrollhammer, Charge Sub-phase: the procedure (SH.CHG.2), "Declare a
 * Charge:" and the charge reaction (SH.CHG.DECL.*, SH.CHG.REACT.*), in the
 * order of spec/scrollhammer/charge.md. Cases: cases/scrollhammer/charge/
 * (hand-procedure, hand-declare, hand-react); how each predicate reads its
 * clause: docs/encoding/scrollhammer-charge.md. Each comment before a
 * predicate is its clause ID.
 */
#include "charge.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define TOL    CHG_TOL
#define RS     CHG_RS
#define PHASES CHG_PHASES

/* ---- the procedure ---- */

/* SH.CHG.2: where a charge is made is the registry's placement predicate
 * of this clause (ruleset.md, ## Phases: "action charge in
 * close_combat/charge"); this one judges the step before the move. Of the
 * steps before a charge move the scenario shows only the fact
 * charge_declared; without it the move is taken as the step it is. */
ARB_PREDICATE(sh_chg_2, .clause = "SH.CHG.2", .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "charge.procedure", .fingerprint = "fd3771b33b93a3b9")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!arb_scenario_fact(s, "charge_declared") || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	for (size_t i = 0; i < s->action.n_targets; i++) {
		if (chg__fact_covers(s, "charge_declared", s->action.targets[i]) != 1) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[i];
			arb_result_explain(
			    r,
			    "%s makes a charge move against %s without having declared a "
			    "charge against it: the procedure's first step is skipped",
			    u->id, r->object);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s declared the charge against the %zu unit(s) it moves against",
	                   u->id, s->action.n_targets);
}

/* ---- Declare a Charge ---- */

/* SH.CHG.DECL.1 */
ARB_PREDICATE(sh_chg_decl_1, .clause = "SH.CHG.DECL.1", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "declare.nomination", .fingerprint = "72b61638c7164277")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *side = s->context.active_side;
	r->subject = u->id;
	if (side && !chg__streq(u->side, side)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is of side %s, not of the army whose turn it is (%s)",
		                   u->id, u->side, side);
		return;
	}
	if (s->action.n_targets == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s declares a charge and nominates no enemy unit", u->id);
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (chg__streq(t->side, u->side)) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(
			    r, "%s nominates %s, a unit of its own side, not an enemy unit", u->id,
			    t->id);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s nominates %zu enemy unit(s)", u->id, s->action.n_targets);
}

enum { REACH_DISTANCE = 0, REACH_ROUTE = 1 };

/* Whether some model of the actor has a straight approach to some model of
 * unit t no longer than limit, clear of other models and of impassable
 * terrain: a route to t is shown on the table. */
static bool route_shown(const chg *x, const arb_unit *t, double limit)
{
	for (size_t i = 0; i < x->n; i++)
		for (size_t k = 0; k < x->n_tm; k++) {
			double len;
			if (x->o[x->tm[k]].unit == t &&
			    chg__reach_target(x, i, k, limit, false, &len))
				return true;
		}
	return false;
}

/* SH.CHG.DECL.2: "a unit that it cannot reach", read by distance (up to
 * DECL.4's maximum charge range, "This means ...") or by the route the
 * charge would take (the fact can_reach; without it, a route the table
 * shows within the maximum charge range, or none beyond it). */
ARB_PREDICATE(sh_chg_decl_2, .clause = "SH.CHG.DECL.2",
              .readings = ARB_READINGS({"distance", REACH_DISTANCE}, {"route", REACH_ROUTE}),
              .ruleset = RS, .actions = "declare_charge", .phases = PHASES,
              .question = "declare.reach", .params = "SH.CHG.DECL.4:max_charge_range",
              .fingerprint = "1b7e8fc2a5d71b2f")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool route = arb_eval_reading_arg(ev) == REACH_ROUTE;
	double limit = arb_eval_param(ev, "SH.CHG.DECL.4:max_charge_range"), far = 0;
	const char *unknown = NULL;
	chg x = {0};
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (route && !chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	r->subject = u->id;
	bool by_fact = false;
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		arb_measure m = {0};
		double d = arb_unit_distance(u, t, &m);
		int cov = route ? chg__fact_covers(s, "can_reach", t->id) : -1;
		if (cov == 0) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(r, "%s cannot reach %s (fact can_reach), %.2f in away",
			                   u->id, t->id, d);
			goto done;
		}
		if (cov == 1) {
			by_fact = true;
			continue;
		}
		if (d > limit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			r->has_measure = true;
			r->measure = m;
			r->measure.figure = d;
			r->measure.limit = limit;
			r->measure.margin = limit - d;
			arb_result_explain(
			    r,
			    "%s is %.2f in from %s, beyond the maximum charge range of "
			    "%g in: it cannot reach it",
			    t->id, d, u->id, limit);
			goto done;
		}
		if (route && !unknown && !route_shown(&x, t, limit))
			unknown = t->id;
		far = fmax(far, d);
	}
	if (unknown) {
		r->object = unknown;
		arb_result_missing(r, "can_reach",
		                   "%s is within %g in of %s, but no straight line to it is clear: "
		                   "whether a route reaches it is not stated (fact can_reach)",
		                   unknown, limit, u->id);
		goto done;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s can reach every nominated unit (%s%.2f in at most, limit %g in)",
	                   u->id, by_fact ? "fact can_reach; others " : "", far, limit);
done:
	chg__free(&x);
}

/* SH.CHG.DECL.3 */
ARB_PREDICATE(sh_chg_decl_3, .clause = "SH.CHG.DECL.3", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "declare.sight", .fingerprint = "c3cc29eb5f8ac9f4")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *unknown = NULL;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	for (size_t i = 0; i < s->action.n_targets; i++) {
		int cov = chg__fact_covers(s, "can_see", s->action.targets[i]);
		if (cov == 0) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[i];
			arb_result_explain(r, "%s cannot see %s (fact can_see)", u->id, r->object);
			return;
		}
		if (cov < 0 && !unknown)
			unknown = s->action.targets[i];
	}
	if (unknown) {
		/* sight is decided elsewhere in the rulebook: an input */
		r->object = unknown;
		arb_result_missing(r, "can_see",
		                   "whether %s can see %s is not stated (fact can_see)", u->id,
		                   unknown);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s can see every nominated unit (fact can_see)", u->id);
}

/* SH.CHG.DECL.4 */
ARB_PREDICATE(sh_chg_decl_4, .clause = "SH.CHG.DECL.4", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "value.max_charge_range", .params = "max_charge_range",
              .fingerprint = "840f817cd6bc1443")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double limit = arb_eval_param(ev, "max_charge_range"), far = 0;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++)
		far = fmax(far,
		           arb_unit_distance(u, arb_scenario_unit(s, s->action.targets[i]), NULL));
	r->outcome = ARB_VALUE;
	arb_result_value(r, "max_charge_range", limit);
	arb_result_info(r, "target_distance", far);
	arb_result_explain(r,
	                   "maximum charge range %g in; the farthest nominated unit is %.2f in "
	                   "away",
	                   limit, far);
}

/* SH.CHG.DECL.NOT.1, 2, 3, 5: a status that bars the declaration. */
static void barred_by(const arb_eval *ev, arb_result *r, const char *status, const char *words)
{
	const arb_unit *u = arb_eval_actor(ev);
	r->subject = u->id;
	if (arb_unit_has_status(u, status)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s %s: it may not declare a charge", u->id, words);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s is not %s (status %s)", u->id, status, status);
	}
}

/* SH.CHG.DECL.NOT.1 */
ARB_PREDICATE(sh_chg_decl_not_1, .clause = "SH.CHG.DECL.NOT.1", .ruleset = RS,
              .actions = "declare_charge", .phases = PHASES, .question = "declare.allowed",
              .fingerprint = "51063280c32588c2")
{
	barred_by(ev, r, "locked_in_combat", "is already locked in close combat");
}

/* SH.CHG.DECL.NOT.2 */
ARB_PREDICATE(sh_chg_decl_not_2, .clause = "SH.CHG.DECL.NOT.2", .ruleset = RS,
              .actions = "declare_charge", .phases = PHASES, .question = "declare.allowed",
              .fingerprint = "bbe510b3bf9d4b6c")
{
	barred_by(ev, r, "marched", "marched this turn");
}

/* SH.CHG.DECL.NOT.3 */
ARB_PREDICATE(sh_chg_decl_not_3, .clause = "SH.CHG.DECL.NOT.3", .ruleset = RS,
              .actions = "declare_charge", .phases = PHASES, .question = "declare.allowed",
              .fingerprint = "1ad5bf033aace116")
{
	barred_by(ev, r, "gone_to_ground", "has gone to ground");
}

enum { NOT4_QUALIFIED = 0, NOT4_ANY_WEAPON = 1 };

/* SH.CHG.DECL.NOT.4: "fired a weapon or used an ability that cannot be used
 * the turn it charges": the relative clause qualifies both (`qualified`),
 * or only the ability, so that any weapon fired bars the charge
 * (`any-weapon`). */
ARB_PREDICATE(sh_chg_decl_not_4, .clause = "SH.CHG.DECL.NOT.4",
              .readings = ARB_READINGS({"qualified", NOT4_QUALIFIED},
                                       {"any-weapon", NOT4_ANY_WEAPON}),
              .ruleset = RS, .actions = "declare_charge", .phases = PHASES,
              .question = "declare.allowed", .fingerprint = "c4226b6467034f27")
{
	const arb_unit *u = arb_eval_actor(ev);
	bool any_weapon = arb_eval_reading_arg(ev) == NOT4_ANY_WEAPON;
	r->subject = u->id;
	if (arb_unit_has_status(u, "ability_barring")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s used an ability that cannot be used the turn it charges",
		                   u->id);
	} else if (arb_unit_has_status(u, "fired_barring")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s fired a weapon that cannot be used the turn it charges",
		                   u->id);
	} else if (any_weapon && arb_unit_has_status(u, "fired")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s fired a weapon this turn (any weapon bars the charge)",
		                   u->id);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s %s", u->id,
		                   arb_unit_has_status(u, "fired")
		                       ? "fired only weapons that may be used the turn it charges"
		                       : "fired no weapon and used no barring ability");
	}
}

/* SH.CHG.DECL.NOT.5 */
ARB_PREDICATE(sh_chg_decl_not_5, .clause = "SH.CHG.DECL.NOT.5", .ruleset = RS,
              .actions = "declare_charge", .phases = PHASES, .question = "declare.allowed",
              .fingerprint = "60c5b2074b87fd81")
{
	barred_by(ev, r, "falling_back", "is falling back");
}

/* ---- the charge reaction ---- */

static bool excused(const arb_unit *u)
{
	return arb_unit_has_status(u, "locked_in_combat") || arb_unit_has_status(u, "falling_back");
}

/* SH.CHG.REACT.1 */
ARB_PREDICATE(sh_chg_react_1, .clause = "SH.CHG.REACT.1", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.choice", .fingerprint = "3929b0a9a0eb4609")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *re = arb_scenario_fact(arb_eval_scenario(ev), "charge_reaction");
	if (excused(u)) {
		if (!re || chg__streq(re, "none")) {
			r->outcome = ARB_NA;
			return;
		}
		r->subject = u->id;
		/* "if it is not already locked in combat or falling back, must
		 * choose": the text lifts the duty from such a unit and says
		 * nothing of whether it may still react (a gap of the text) */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s is already %s: the text says only that such a unit need "
		                   "not choose a reaction, not whether it may (it chose %s)",
		                   u->id,
		                   arb_unit_has_status(u, "locked_in_combat") ? "locked in combat"
		                                                              : "falling back",
		                   re);
		return;
	}
	r->subject = u->id;
	if (!re) {
		arb_result_missing(r, "charge_reaction",
		                   "the charge reaction of %s is not stated (fact charge_reaction)",
		                   u->id);
	} else if (chg__streq(re, "none")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is charged and chooses no charge reaction", u->id);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s chooses its charge reaction: %s", u->id, re);
	}
}

/* SH.CHG.REACT.2 */
ARB_PREDICATE(sh_chg_react_2, .clause = "SH.CHG.REACT.2", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.choice", .fingerprint = "ef122bdf3fff3370")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *re = arb_scenario_fact(arb_eval_scenario(ev), "charge_reaction");
	/* "It may choose": the choice REACT.1 asks of a unit not locked nor
	 * falling back */
	if (excused(u) || !re || chg__streq(re, "none")) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (chg__streq(re, "flee") || chg__streq(re, "hold")) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s may choose to %s", u->id, re);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s chooses '%s', which is neither to flee nor to hold",
		                   u->id, re);
	}
}

/* SH.CHG.REACT.3 */
ARB_PREDICATE(sh_chg_react_3, .clause = "SH.CHG.REACT.3", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.flee", .params = "flee_dice",
              .fingerprint = "e138af842872783e")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int d[CHG_MAX_DICE];
	if (!chg__streq(arb_scenario_fact(s, "charge_reaction"), "flee")) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	double want = arb_eval_param(ev, "flee_dice");
	size_t n = chg__dice(s, "flee_roll", d);
	if (n == 0) {
		/* the dice are an input: the distance is the die's */
		arb_result_missing(r, "flee_roll",
		                   "%s flees: it falls back %gD6 in, and the roll is not given",
		                   u->id, want);
		return;
	}
	if ((double)n != want) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s flees: it falls back %gD6 in, and %zu dice were rolled",
		                   u->id, want, n);
		return;
	}
	int roll = chg__sum_all(d, n);
	arb_result_value(r, "flee_distance", roll);
	/* "falls back d6"": every model that far; the way it falls back, and
	 * whatever else a fall back is, is on a page the text does not give */
	for (size_t i = 0; i < u->n_models; i++) {
		double len = chg__path_len(arb_scenario_path(s, u->models[i].id));
		if (fabs(len - roll) > TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->has_measure = true;
			r->measure = (arb_measure){.points = true,
			                           .figure = len,
			                           .limit = roll,
			                           .margin = roll - len,
			                           .p = u->models[i].pos,
			                           .q = u->models[i].pos,
			                           .other = -1};
			arb_result_explain(r, "%s falls back %.2f in; the flee roll is %d in",
			                   r->subject, len, roll);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s flees: every model falls back the %d in rolled", u->id, roll);
}

/* SH.CHG.REACT.4 */
ARB_PREDICATE(sh_chg_react_4, .clause = "SH.CHG.REACT.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.fled_target", .fingerprint = "d47b54c02f1bf55a")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (arb_unit_has_status(t, "falling_back")) {
			r->outcome = ARB_PERMITS;
			r->object = t->id;
			arb_result_explain(
			    r, "%s is falling back (it fled) and may still be charged", t->id);
			return;
		}
	}
	r->outcome = ARB_NA;
}

/* SH.CHG.REACT.5 */
ARB_PREDICATE(sh_chg_react_5, .clause = "SH.CHG.REACT.5", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.stand_and_shoot",
              .fingerprint = "f84b7a6605ade434")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *re = arb_scenario_fact(s, "charge_reaction");
	if (!sh__fact_is(s, "stand_and_shoot", "true") || excused(u)) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (!re) {
		arb_result_missing(r, "charge_reaction",
		                   "%s takes the Stand and Shoot test; whether it chose to hold is "
		                   "not stated (fact charge_reaction)",
		                   u->id);
	} else if (!chg__streq(re, "hold")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "%s takes the Stand and Shoot test, but it chose %s, not to hold", u->id,
		    re);
	} else if (!chg__is_formation(u, "fight_in_ranks")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s holds and takes the Stand and Shoot test, but it does not "
		                   "Fight in Ranks (%s)",
		                   u->id, u->formation ? u->formation : "no formation");
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s holds and Fights in Ranks: it may take the Leadership test "
		                   "to Stand and Shoot",
		                   u->id);
	}
}

/* SH.CHG.DECL.7 */
ARB_PREDICATE(sh_chg_decl_7, .clause = "SH.CHG.DECL.7", .ruleset = RS,
              .actions = "declare_charge charge", .phases = PHASES, .question = "charge.target",
              .fingerprint = "841f262a372b6af1")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *shot = arb_scenario_fact(s, "shooting_target");
	bool fired = arb_unit_has_status(u, "fired") || arb_unit_has_status(u, "fired_barring");
	if ((!fired && !shot) || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (!shot) {
		arb_result_missing(r, "shooting_target",
		                   "%s fired in the Shooting phase; the unit it shot at is not "
		                   "stated (fact shooting_target)",
		                   u->id);
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++)
		if (!chg__streq(s->action.targets[i], shot)) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[i];
			arb_result_explain(r, "%s shot at %s and charges %s", u->id, shot,
			                   r->object);
			return;
		}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s charges only %s, the unit it shot at", u->id, shot);
}
