/*
 * Scrollhammer, Unit Formations: the special rules of "Fight In Ranks"
 * (spec/scrollhammer/formations.md, from "Obvious Target" to "Strength in
 * Ranks"). The rest of the section is in formations.c and
 * formations-other.c; helpers in formations.h. How each predicate reads its
 * clause: docs/encoding/scrollhammer-formations.md. Predicates follow the
 * order of the text; each comment is the clause ID.
 */
#include "formations.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reading of an arc clause, as words for an explanation. */
static const char *reading_words(int reading)
{
	static const char *const kWords[] = {
	    "arcs from its centre, the majority more than half",
	    "arcs from its corners, the majority more than half",
	    "arcs from its centre, the majority the most in any arc",
	    "arcs from its corners, the majority the most in any arc"};
	return kWords[reading & 3];
}

/* ---- Obvious Target ---- */

/* SH.FORM.FIR.OBV.1: the reason for a claimed cover save is the scenario's
 * (fact cover_claimed). Any shots: those of the shooting phase and Stand
 * and Shoot's alike. */
ARB_PREDICATE(sh_form_fir_obv_1, .clause = "SH.FORM.FIR.OBV.1", .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot", .phases = "*", .question = "cover.claim",
              .fingerprint = "291efe721086b76d")
{
	const arb_unit *t = fm__target_with(ev, FIR);
	const char *why = fm__fact(ev, "cover_claimed");
	if (!t || !why) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t->id;
	if (strcmp(why, "area_terrain") == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s Fights in Ranks and claims a cover save for being in area "
		                   "terrain",
		                   t->id);
	} else if (strcmp(why, "obscured") == 0) {
		const char *ob = fm__fact(ev, "obscured");
		if (!ob) {
			arb_result_missing(
			    r, "obscured",
			    "%s claims cover for being obscured; whether it actually "
			    "is, is not stated",
			    t->id);
			return;
		}
		r->outcome = strcmp(ob, "true") == 0 ? ARB_HOLDS : ARB_VIOLATED;
		arb_result_explain(r, "%s claims cover for being obscured, and it %s", t->id,
		                   r->outcome == ARB_HOLDS ? "is" : "is not");
	} else if (strcmp(why, "special_rule") == 0 || strcmp(why, "none") == 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s claims %s", t->id,
		                   why[0] == 'n' ? "no cover save"
		                                 : "cover from a special rule or effect");
	} else {
		/* "only for being actually obscured, or due to a special rule or
		 * effect": the text does not say what an effect is, so whether
		 * another reason is one is left open */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s claims cover for '%s': whether that is 'a special rule or "
		                   "effect' is not stated",
		                   t->id, why);
	}
}

/* ---- Crowded Formation ---- */

/* Whether model m of the actor fires (fact firing_models; absent: all do). */
static bool fires(const arb_eval *ev, const arb_model *m)
{
	const char *f = fm__fact(ev, "firing_models");
	return !f || (m && fm__list_has(f, m->id));
}

/* "the first [two]{shooting_ranks} ranks": each clause states its own. */
#define RANKS_PARAM "shooting_ranks"

/* Of the firing models, the first that is not in the first ranks of u
 * counted in the direction of arc k; NULL if all are; *bad_rank its rank,
 * *in_ranks how many models stand in those ranks. *oom when out of memory. */
static const arb_model *outside_ranks(const arb_eval *ev, const arb_unit *u, int k,
                                      size_t *bad_rank, size_t *in_ranks, bool *oom)
{
	double first = arb_eval_param(ev, RANKS_PARAM);
	arb_vec2 *p = fm__start_positions(u);
	size_t *rk = malloc((u->n_models ? u->n_models : 1) * sizeof *rk);
	const arb_model *bad = NULL;
	*in_ranks = 0;
	*oom = !p || !rk || !fm__ranks_of(u, p, u->facing_deg + 90.0 * k, rk);
	for (size_t i = 0; !*oom && i < u->n_models; i++) {
		*in_ranks += (double)rk[i] < first;
		if (!bad && (double)rk[i] >= first && fires(ev, &u->models[i])) {
			bad = &u->models[i];
			*bad_rank = rk[i];
		}
	}
	free(p);
	free(rk);
	return bad;
}

/* SH.FORM.FIR.CROWD.1: the first two ranks counted in the direction of
 * fire: the arc of the shooter that holds the target's models, drawn from
 * its centre or its corners (readings, as SH.FORM.FIR.2). */
ARB_PREDICATE(sh_form_fir_crowd_1, .clause = "SH.FORM.FIR.CROWD.1",
              .readings = ARB_READINGS({"centre", 0}, {"corners", FM_CORNERS}),
              .ruleset = "scrollhammer", .actions = "shoot", .phases = "shooting",
              .question = "shoot.ranks", .params = ARC_PARAM " " RANKS_PARAM,
              .fingerprint = "c4d705db29d18aaf")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	bool corners = arb_eval_reading_arg(ev) & FM_CORNERS;
	if (!fm__formation_is(u, FIR) || !t) {
		r->outcome = ARB_NA;
		return;
	}
	char buf[64];
	int bits = fm__arcs_holding(u, t, arb_eval_param(ev, ARC_PARAM), corners);
	int ok = 0, bad = 0;
	const arb_model *who = NULL;
	size_t who_rank = 0, in_ranks;
	for (int k = 0; k < 4; k++) {
		if (!(bits & (1 << k)))
			continue;
		size_t rk = 0;
		bool oom;
		const arb_model *m = outside_ranks(ev, u, k, &rk, &in_ranks, &oom);
		if (oom) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory reading the ranks of %s",
			                 u->id);
			return;
		}
		if (m) {
			bad |= 1 << k;
			who = m;
			who_rank = rk;
		} else {
			ok |= 1 << k;
		}
	}
	r->object = t->id;
	if (bits & ARC_NONE || (ok && bad)) {
		/* "the first two ranks facing in the direction of those arcs":
		 * the text does not say which way a unit fires at a target in
		 * several of its arcs */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s fires at %s, which lies in its %s arc(s) drawn from its %s: "
		                   "the direction of fire, and so which ranks are first, is not "
		                   "stated",
		                   u->id, t->id, fm__arcs_text(bits, buf, sizeof buf),
		                   corners ? "corners" : "centre");
	} else if (bad) {
		r->outcome = ARB_VIOLATED;
		r->subject = who->id;
		arb_result_explain(r,
		                   "%s fires at %s (%s arc) from rank %zu counted that way: only "
		                   "the first %g ranks can shoot",
		                   who->id, t->id, fm__arcs_text(bits, buf, sizeof buf),
		                   who_rank + 1, arb_eval_param(ev, RANKS_PARAM));
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "every firing model of %s is in its first %g ranks towards %s "
		                   "(%s arc)",
		                   u->id, arb_eval_param(ev, RANKS_PARAM), t->id,
		                   fm__arcs_text(bits, buf, sizeof buf));
	}
}

/* SH.FORM.FIR.CROWD.2: readings as CROWD.1. A unit firing forward gets
 * fire_arc 0 (its ranks counted from its front), so that a reading in which
 * it fires forward can be told from one in which it fires to the side. */
ARB_PREDICATE(sh_form_fir_crowd_2, .clause = "SH.FORM.FIR.CROWD.2",
              .readings = ARB_READINGS({"centre", 0}, {"corners", FM_CORNERS}),
              .ruleset = "scrollhammer", .actions = "shoot", .phases = "shooting",
              .question = "value.fire_arc", .params = ARC_PARAM " " RANKS_PARAM,
              .fingerprint = "a0ea2dc850f69d5d")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	bool corners = arb_eval_reading_arg(ev) & FM_CORNERS;
	if (!fm__formation_is(u, FIR) || !t) {
		r->outcome = ARB_NA;
		return;
	}
	char buf[64];
	int bits = fm__arcs_holding(u, t, arb_eval_param(ev, ARC_PARAM), corners);
	r->object = t->id;
	if (fm__bit_count(bits) != 1 || bits == ARC_NONE) {
		/* "Should the unit fire backwards, or to the side": at a target in
		 * several arcs, which of these it does is not stated */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s lies in the %s arc(s) of %s drawn from its %s: whether it "
		                   "fires backwards or to the side is not stated",
		                   t->id, fm__arcs_text(bits, buf, sizeof buf), u->id,
		                   corners ? "corners" : "centre");
		return;
	}
	int k = fm__bit_index(bits);
	size_t rk = 0, in_ranks;
	bool oom;
	outside_ranks(ev, u, k, &rk, &in_ranks, &oom);
	if (oom) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the ranks of %s", u->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "fire_arc", 90.0 * k);
	arb_result_info(r, "first_ranks_models", (double)in_ranks);
	arb_result_explain(r,
	                   "%s fires into its %s arc (drawn from its %s) at %s: its first ranks "
	                   "are counted from that side (%zu models in the first %g)",
	                   u->id, fm__arc_name[k], corners ? "corners" : "centre", t->id, in_ranks,
	                   arb_eval_param(ev, RANKS_PARAM));
}

/* ---- Cohesive Fire ---- */

/* The firing models of the actor that can see (*seeing) and cannot (*blind);
 * false when the fact seeing_models is not given: line of sight is decided
 * outside these texts, and without the fact no firing model is said to lack
 * it, so Cohesive Fire is not called on. */
static bool sight(const arb_eval *ev, size_t *seeing, size_t *blind, const char **a_seer,
                  const char **a_blind)
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *see = fm__fact(ev, "seeing_models");
	*seeing = *blind = 0;
	*a_seer = *a_blind = NULL;
	if (!see)
		return false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (!fires(ev, m))
			continue;
		if (fm__list_has(see, m->id)) {
			(*seeing)++;
			*a_seer = *a_seer ? *a_seer : m->id;
		} else {
			(*blind)++;
			*a_blind = *a_blind ? *a_blind : m->id;
		}
	}
	return true;
}

/* SH.FORM.FIR.COHF.1: the text names no phase; the action `shoot` is the
 * shooting phase's (Stand and Shoot has its own words). */
ARB_PREDICATE(sh_form_fir_cohf_1, .clause = "SH.FORM.FIR.COHF.1", .ruleset = "scrollhammer",
              .actions = "shoot", .phases = "shooting", .question = "shoot.line_of_sight",
              .fingerprint = "6a6ae90f6cc6e256")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	size_t seeing, blind;
	const char *seer, *blinded;
	if (!fm__formation_is(u, FIR) || !t || !sight(ev, &seeing, &blind, &seer, &blinded) ||
	    !blind) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t->id;
	if (seeing) {
		r->outcome = ARB_PERMITS;
		r->subject = seer;
		arb_result_explain(r,
		                   "%s sees %s and fires at it: %zu more model(s) of %s may fire "
		                   "at it without line of sight (%s among them)",
		                   seer, t->id, blind, u->id, blinded);
	} else {
		r->outcome = ARB_VIOLATED;
		r->subject = blinded;
		arb_result_explain(r,
		                   "no firing model of %s sees %s, yet %zu fire at it (%s among "
		                   "them)",
		                   u->id, t->id, blind, blinded);
	}
}

/* SH.FORM.FIR.COHF.2: the save is the answer; how many shooters it is
 * against explains it. */
ARB_PREDICATE(sh_form_fir_cohf_2, .clause = "SH.FORM.FIR.COHF.2", .ruleset = "scrollhammer",
              .actions = "shoot", .phases = "shooting", .question = "value.cover_blind",
              .params = "cover_save", .fingerprint = "ff3c449c35bdaf6c")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	size_t seeing, blind;
	const char *seer, *blinded;
	if (!fm__formation_is(u, FIR) || !t || !sight(ev, &seeing, &blind, &seer, &blinded) ||
	    !blind) {
		r->outcome = ARB_NA;
		return;
	}
	double save = arb_eval_param(ev, "cover_save");
	r->outcome = ARB_VALUE;
	r->object = t->id;
	arb_result_value(r, "blind_cover_save", save);
	arb_result_info(r, "blind_shooters", (double)blind);
	arb_result_explain(r,
	                   "%s gains a %g+ cover save against the shots of the %zu firing "
	                   "model(s) of %s that cannot see it",
	                   t->id, save, blind, u->id);
}

/* ---- Stand and Shoot ----
 * The test is taken in the charge reaction (`react`, fact stand_and_shoot
 * true, as SH.CHG.REACT.5 reads it); its shots are the action
 * `stand_and_shoot` at the charging unit. "When a unit ... is charged"
 * places both in the Charge sub-phase, which is part of the close combat
 * phase (spec/scrollhammer/ruleset.md, ## Phases). */

/* SH.FORM.FIR.SNS.1 */
ARB_PREDICATE(sh_form_fir_sns_1, .clause = "SH.FORM.FIR.SNS.1", .ruleset = "scrollhammer",
              .actions = "react stand_and_shoot", .phases = "*",
              .question = "react.stand_and_shoot", .fingerprint = "210ac52d23031eee")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	const char *react = fm__fact(ev, "charge_reaction");
	bool reacting = fm__action_is(ev, "react");
	if (reacting && !fm__fact_is(ev, "stand_and_shoot", "true")) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t ? t->id : NULL;
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s does not Fight in Ranks", u->id);
	} else if (strcmp(s->context.phase, "close_combat") != 0 ||
	           (s->context.subphase && strcmp(s->context.subphase, "charge") != 0)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s stands and shoots in the %s phase%s%s, not when it is "
		                   "charged (the Charge sub-phase)",
		                   u->id, s->context.phase,
		                   s->context.subphase ? ", sub-phase " : "",
		                   s->context.subphase ? s->context.subphase : "");
	} else if (!t && !reacting) {
		/* who charges it is what makes it charged: not given, not known */
		arb_result_missing(r, "targets",
		                   "%s stands and shoots; no charging unit is named, so whether it "
		                   "is charged is not stated",
		                   u->id);
	} else if (t && !reacting && !arb_unit_has_status(t, "charging")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is not charged (its target %s is not charging)", u->id,
		                   t->id);
	} else if (arb_unit_has_status(u, "locked_in_combat")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is already locked in combat", u->id);
	} else if (!react) {
		arb_result_missing(r, "charge_reaction",
		                   "%s is charged%s%s; whether it holds position is not stated",
		                   u->id, t ? " by " : "", t ? t->id : "");
	} else if (strcmp(react, "hold") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s chose to %s, not to hold position", u->id, react);
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s, charged%s%s and not locked in combat, holds position and "
		                   "may take a Leadership test",
		                   u->id, t ? " by " : "", t ? t->id : "");
	}
}

/* SH.FORM.FIR.SNS.2: the -1 to hit is the answer. */
ARB_PREDICATE(sh_form_fir_sns_2, .clause = "SH.FORM.FIR.SNS.2", .ruleset = "scrollhammer",
              .actions = "stand_and_shoot", .phases = "*", .question = "stand_and_shoot.fire",
              .params = "to_hit_modifier", .fingerprint = "2b417ac10be17e2e")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *test = fm__fact(ev, "leadership_test");
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!test) {
		arb_result_missing(r, "leadership_test",
		                   "%s stands and shoots; the result of its Leadership test is not "
		                   "stated",
		                   u->id);
	} else if (strcmp(test, "passed") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s fires though its Leadership test was %s", u->id, test);
	} else if (fm__fact_is(ev, "weapon_is_spell", "true")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s passed its Leadership test but fires a spell", u->id);
	} else {
		double mod = arb_eval_param(ev, "to_hit_modifier");
		r->outcome = ARB_PERMITS;
		arb_result_value(r, "to_hit_modifier", mod);
		arb_result_explain(
		    r,
		    "%s passed its Leadership test: every model may fire a non-spell "
		    "shooting weapon at %+g to hit",
		    u->id, mod);
	}
}

/* SH.FORM.FIR.SNS.3: the casualties not yet removed are the scenario's (fact
 * sns_casualties_pending); without it no Stand and Shoot was made. */
ARB_PREDICATE(sh_form_fir_sns_3, .clause = "SH.FORM.FIR.SNS.3", .ruleset = "scrollhammer",
              .actions = "charge", .phases = "*", .question = "charge.casualties",
              .fingerprint = "c78e49a6b7550cbb")
{
	double n;
	if (!fm__fact_num(ev, "sns_casualties_pending", &n)) {
		r->outcome = ARB_NA;
		return;
	}
	const arb_unit *u = arb_eval_actor(ev);
	r->outcome = n > 0 ? ARB_VIOLATED : ARB_HOLDS;
	if (n > 0)
		arb_result_explain(r,
		                   "%s charges with %g Stand and Shoot casualt%s not yet removed",
		                   u->id, n, n == 1 ? "y" : "ies");
	else
		arb_result_explain(r,
		                   "the Stand and Shoot casualties of %s are removed before its "
		                   "charge",
		                   u->id);
}

/* SH.FORM.FIR.SNS.4 */
ARB_PREDICATE(sh_form_fir_sns_4, .clause = "SH.FORM.FIR.SNS.4", .ruleset = "scrollhammer",
              .actions = "stand_and_shoot", .phases = "*", .question = "value.morale",
              .fingerprint = "fc53ecfd5a703e84")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "morale_tests", 0);
	arb_result_explain(r, "the Stand and Shoot shots of %s prompt no morale test", u->id);
}

/* ---- Flanks ----
 * Each arc clause of Flanks reads where the arcs start (centre, corners) and
 * what "the majority" is (more than half, the most), four readings. Within
 * a reading the clause does not decide when a model stands on a line
 * between arcs, when no arc holds more than half, or when the most are
 * tied: the text says neither. */

/* The majority arc of `of` over `other` under the predicate's reading;
 * faults (and returns ARC_NONE) when out of memory. */
static int majority(const arb_eval *ev, arb_result *r, const arb_unit *of, const arb_unit *other,
                    char *why, size_t n)
{
	bool oom;
	why[0] = '\0'; /* the words are for explanations only */
	int bits =
	    fm__majority_arc(of, other, arb_eval_param(ev, ARC_PARAM), arb_eval_reading_arg(ev),
	                     why, arb_eval_explains(ev) ? n : 0, &oom);
	if (oom)
		arb_result_fault(r, ARB_ENOMEM, "out of memory counting the arcs of %s", of->id);
	return bits;
}

/* SH.FORM.FIR.FLANK.1: "when the charge is declared": the charging models
 * where they stand at the declaration, or at the start of the charge. */
ARB_PREDICATE(sh_form_fir_flank_1, .clause = "SH.FORM.FIR.FLANK.1",
              .readings = ARB_READINGS({"centre-half", 0}, {"centre-most", FM_MOST},
                                       {"corners-half", FM_CORNERS},
                                       {"corners-most", FM_CORNERS | FM_MOST}),
              .ruleset = "scrollhammer", .actions = "declare_charge charge", .phases = "*",
              .question = "value.flank.charged_arc", .params = ARC_PARAM,
              .fingerprint = "28aceabf34998450")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target_with(ev, FIR);
	char why[256], buf[64];
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = majority(ev, r, t, u, why, sizeof why);
	if (r->fault)
		return;
	r->object = t->id;
	if (fm__bit_count(bits) != 1 || bits == ARC_NONE) {
		/* "the majority", and a line between two arcs, left open (above) */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s against %s (%s; %s): the arc of the majority may be %s, "
		                   "which the text does not decide",
		                   u->id, t->id, reading_words(arb_eval_reading_arg(ev)), why,
		                   fm__arcs_text(bits, buf, sizeof buf));
		return;
	}
	int k = fm__bit_index(bits);
	r->outcome = ARB_VALUE;
	/* "front, sides, and rear": the two sides alike (90), as SH.CHG.RANKS.2 gives it */
	arb_result_value(r, "charged_arc", k == 3 ? 90 : 90.0 * k);
	arb_result_explain(r, "%s charges the %s arc of %s (%s; %s)", u->id, fm__arc_name[k], t->id,
	                   reading_words(arb_eval_reading_arg(ev)), why);
}

/* SH.FORM.FIR.FLANK.2: "a direction that it is not facing": an arc other
 * than its front (readings as FLANK.1). */
ARB_PREDICATE(sh_form_fir_flank_2, .clause = "SH.FORM.FIR.FLANK.2",
              .readings = ARB_READINGS({"centre-half", 0}, {"centre-most", FM_MOST},
                                       {"corners-half", FM_CORNERS},
                                       {"corners-most", FM_CORNERS | FM_MOST}),
              .ruleset = "scrollhammer", .actions = "declare_charge charge", .phases = "*",
              .question = "value.flanked", .params = ARC_PARAM, .fingerprint = "1172e4bfa65927cb")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target_with(ev, FIR);
	char why[256], buf[64];
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = majority(ev, r, t, u, why, sizeof why);
	if (r->fault)
		return;
	r->object = t->id;
	if (bits == ARC_FRONT || !(bits & (ARC_FRONT | ARC_NONE))) {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "flanked", bits == ARC_FRONT ? 0 : 1);
		arb_result_explain(r, "%s is charged in its %s arc (%s): %s", t->id,
		                   fm__arcs_text(bits, buf, sizeof buf),
		                   reading_words(arb_eval_reading_arg(ev)),
		                   bits == ARC_FRONT ? "the way it faces" : "flanked");
	} else {
		/* "the majority", and a line between two arcs, left open (above) */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "the arc %s charges may be %s (%s; %s): whether %s is charged "
		                   "in a direction it is not facing is not decided",
		                   u->id, fm__arcs_text(bits, buf, sizeof buf),
		                   reading_words(arb_eval_reading_arg(ev)), why, t->id);
	}
}

/* SH.FORM.FIR.FLANK.3: "as long as it continues to not face that unit":
 * not facing it is the enemy's majority outside its front arc (readings as
 * FLANK.1). Where it faces the enemy the clause gives no Initiative; the
 * figure faces_enemy says which, so that readings can be compared. */
ARB_PREDICATE(sh_form_fir_flank_3, .clause = "SH.FORM.FIR.FLANK.3",
              .readings = ARB_READINGS({"centre-half", 0}, {"centre-most", FM_MOST},
                                       {"corners-half", FM_CORNERS},
                                       {"corners-most", FM_CORNERS | FM_MOST}),
              .ruleset = "scrollhammer", .actions = "fight", .phases = "close_combat",
              .question = "value.initiative", .params = "flanked_initiative " ARC_PARAM,
              .fingerprint = "e82de3265ac8a238")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	char why[256], buf[64];
	if (!fm__formation_is(u, FIR) || !arb_unit_has_status(u, "flanked") || !t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = majority(ev, r, u, t, why, sizeof why);
	if (r->fault)
		return;
	r->object = t->id;
	if (bits == ARC_FRONT) {
		r->outcome = ARB_VALUE;
		arb_result_info(r, "faces_enemy", 1);
		arb_result_explain(r, "%s now faces %s (%s; %s): not I1", u->id, t->id,
		                   reading_words(arb_eval_reading_arg(ev)), why);
	} else if (!(bits & (ARC_FRONT | ARC_NONE))) {
		double i1 = arb_eval_param(ev, "flanked_initiative");
		r->outcome = ARB_VALUE;
		arb_result_value(r, "initiative", i1);
		arb_result_info(r, "faces_enemy", 0);
		arb_result_explain(r,
		                   "%s is flanked and %s is in its %s arc (%s): it strikes at I%g",
		                   u->id, t->id, fm__arcs_text(bits, buf, sizeof buf),
		                   reading_words(arb_eval_reading_arg(ev)), i1);
	} else {
		/* "the majority", and a line between two arcs, left open (above) */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "whether %s faces %s is not decided: the majority may be in its "
		                   "%s arc (%s; %s)",
		                   u->id, t->id, fm__arcs_text(bits, buf, sizeof buf),
		                   reading_words(arb_eval_reading_arg(ev)), why);
	}
}

/* SH.FORM.FIR.FLANK.4: "at the start of your movement phase" places the
 * test in the flanked unit's side's movement phase; the start of it and the
 * units it is locked with are the scenario's (facts movement_phase_start,
 * locked_with). */
ARB_PREDICATE(sh_form_fir_flank_4, .clause = "SH.FORM.FIR.FLANK.4", .ruleset = "scrollhammer",
              .actions = "flank_turn", .phases = "*", .question = "flank.test",
              .fingerprint = "c49e4b5318e1919f")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	const char *with = fm__fact(ev, "locked_with");
	const char *start = fm__fact(ev, "movement_phase_start");
	r->object = t ? t->id : NULL;
	if (!fm__formation_is(u, FIR) || !arb_unit_has_status(u, "flanked")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is not a flanked unit that Fights in Ranks", u->id);
	} else if (strcmp(s->context.phase, "movement") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "the test is taken in the %s phase, not at the start of the "
		                   "movement phase",
		                   s->context.phase);
	} else if (s->context.active_side && strcmp(s->context.active_side, u->side) != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "it is side %s's movement phase, not that of %s (side %s)",
		                   s->context.active_side, u->id, u->side);
	} else if (start && strcmp(start, "true") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "the test is not taken at the start of the movement phase");
	} else if (with && (fm__list_len(with) != 1 || (t && !fm__list_has(with, t->id)))) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "%s is locked in combat with %zu unit(s) (%s)%s", u->id, fm__list_len(with),
		    with, t && fm__list_len(with) == 1 ? ", not with the flanking unit" : "");
	} else if (!start) {
		arb_result_missing(r, "movement_phase_start",
		                   "%s tests in the movement phase; whether at its start is not "
		                   "stated",
		                   u->id);
	} else if (!with) {
		arb_result_missing(r, "locked_with",
		                   "%s tests at the start of its movement phase; which units it is "
		                   "locked in combat with is not stated",
		                   u->id);
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s is flanked and locked in combat with %s alone, at the start "
		                   "of its movement phase: it may test Leadership",
		                   u->id, with);
	}
}

static bool turn_passed(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	return fm__formation_is(u, FIR) && arb_unit_has_status(u, "flanked") &&
	       fm__fact_is(ev, "leadership_test", "passed");
}

/* SH.FORM.FIR.FLANK.5: "turned to face the flanking unit": towards the arc
 * that holds the majority of its models (readings as FLANK.1). */
ARB_PREDICATE(sh_form_fir_flank_5, .clause = "SH.FORM.FIR.FLANK.5",
              .readings = ARB_READINGS({"centre-half", 0}, {"centre-most", FM_MOST},
                                       {"corners-half", FM_CORNERS},
                                       {"corners-most", FM_CORNERS | FM_MOST}),
              .ruleset = "scrollhammer", .actions = "flank_turn", .phases = "*",
              .question = "value.turned_facing", .params = ARC_PARAM,
              .fingerprint = "294127097b40a6aa")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target(ev, 0);
	char why[256], buf[64];
	if (!turn_passed(ev) || !t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = majority(ev, r, u, t, why, sizeof why);
	if (r->fault)
		return;
	r->object = t->id;
	if (fm__bit_count(bits) != 1 || bits == ARC_NONE) {
		/* "the majority", and a line between two arcs, left open (above) */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "which way %s must turn to face %s is not decided: %s may be in "
		                   "its %s arc (%s; %s)",
		                   u->id, t->id, t->id, fm__arcs_text(bits, buf, sizeof buf),
		                   reading_words(arb_eval_reading_arg(ev)), why);
		return;
	}
	int k = fm__bit_index(bits);
	double to = arb_angle_normalise(u->facing_deg + 90.0 * k);
	r->outcome = ARB_VALUE;
	arb_result_value(r, "turned_facing", to);
	arb_result_explain(r,
	                   "%s passed its Leadership test: its models turn from %g to %g "
	                   "degrees to face %s (in its %s arc; %s)",
	                   u->id, u->facing_deg, to, t->id, fm__arc_name[k],
	                   reading_words(arb_eval_reading_arg(ev)));
}

/* SH.FORM.FIR.FLANK.6: the pile-in is a move of the turned unit at the start
 * of its movement phase (FLANK.4); whether its models end as close as
 * possible is the scenario's (fact as_close_as_possible). Its precedence
 * over SH.MOV.CC.1 and SH.MOV.WAY.1 is arguable and marked in spec/. */
ARB_PREDICATE(sh_form_fir_flank_6, .clause = "SH.FORM.FIR.FLANK.6", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "flank.pile_in",
              .fingerprint = "8ac8abc6bda71978")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *close = fm__fact(ev, "as_close_as_possible");
	if (!fm__piling_in(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	arb_vec2 f = arb_geom_dir(u->facing_deg);
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		for (size_t k = 1; p && k < p->n_pts; k++) {
			double off = fm__dot(fm__minus(p->pts[k], p->pts[0]), f);
			if (fabs(off) > FM_TOL) {
				r->outcome = ARB_VIOLATED;
				r->subject = u->models[i].id;
				arb_result_explain(
				    r, "%s leaves its rank: %.3f in %s along the facing %g",
				    u->models[i].id, fabs(off), off > 0 ? "forward" : "backward",
				    u->facing_deg);
				return;
			}
		}
	}
	size_t n = sh__moving_count(ev, u);
	if (!close) {
		arb_result_missing(r, "as_close_as_possible",
		                   "%zu model(s) of %s pile in along their ranks; whether they end "
		                   "as close as possible to the flanking unit is not stated",
		                   n, u->id);
		return;
	}
	r->outcome = strcmp(close, "true") == 0 ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%zu model(s) of %s pile in along their ranks and %s as close as "
	                   "possible to the flanking unit",
	                   n, u->id, r->outcome == ARB_HOLDS ? "end" : "do not end");
}

/* SH.FORM.FIR.FLANK.7 */
ARB_PREDICATE(sh_form_fir_flank_7, .clause = "SH.FORM.FIR.FLANK.7", .ruleset = "scrollhammer",
              .actions = "flank_turn", .phases = "*", .question = "value.flank_turn",
              .fingerprint = "4a991671a6f5ef7a")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!turn_passed(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "flanked", 0);
	arb_result_explain(r, "%s has turned and piled in: no longer flanked", u->id);
}

/* ---- Strength in Ranks ---- */

enum { SIR_PER_RANK, SIR_BEST_OF, SIR_COMPLETE };

/* SH.FORM.FIR.SIR.1: "+1 ... for each full rank of 5 models, or +2 for each
 * full rank of 10 models": per-rank (each rank on its own: +2 if it holds
 * 10, else +1 if it holds 5), best-of (one count for the unit, the better of
 * the two), complete (as per-rank, "full" meaning as full as the front
 * rank). The text does not leave out the front rank. */
ARB_PREDICATE(sh_form_fir_sir_1, .clause = "SH.FORM.FIR.SIR.1",
              .readings = ARB_READINGS({"per-rank", SIR_PER_RANK}, {"best-of", SIR_BEST_OF},
                                       {"complete", SIR_COMPLETE}),
              .ruleset = "scrollhammer", .actions = "resolve_combat", .phases = "close_combat",
              .question = "value.combat_resolution",
              .params = "rank_bonus rank_size wide_rank_bonus wide_rank_size",
              .fingerprint = "a342d2d9ecfba5a2")
{
	const arb_unit *u = arb_eval_actor(ev);
	int how = arb_eval_reading_arg(ev);
	if (!fm__formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	if (arb_unit_has_status(u, "flanked")) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s is flanked: no bonus for its ranks", u->id);
		return;
	}
	double rb = arb_eval_param(ev, "rank_bonus"), rs = arb_eval_param(ev, "rank_size");
	double wb = arb_eval_param(ev, "wide_rank_bonus"),
	       ws = arb_eval_param(ev, "wide_rank_size");
	size_t n = u->n_models;
	arb_vec2 *p = fm__start_positions(u);
	size_t *rk = malloc(n * sizeof *rk), *size = calloc(n, sizeof *size), nr = 0;
	if (!p || !rk || !size || !(nr = fm__ranks_of(u, p, u->facing_deg, rk))) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the ranks of %s", u->id);
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		size[rk[i]]++;
	double per = 0, of5 = 0, of10 = 0, complete = 0;
	/* the sizes front to back, then "..." where no more fit: never one left out */
	char sizes[128];
	size_t k = 0;
	bool cut = false;
	sizes[0] = '\0';
	for (size_t j = 0; j < nr; j++) {
		double b = (double)size[j] >= ws ? wb : (double)size[j] >= rs ? rb : 0;
		per += b;
		of5 += (double)size[j] >= rs ? rb : 0;
		of10 += (double)size[j] >= ws ? wb : 0;
		complete += size[j] >= size[0] ? b : 0;
		if (cut)
			continue;
		size_t room = sizeof sizes - sizeof "..." + 1 - k;
		int w = snprintf(sizes + k, room, "%s%zu", j ? "-" : "", size[j]);
		if (w > 0 && (size_t)w < room) {
			k += (size_t)w;
		} else {
			memcpy(sizes + k, "...", sizeof "...");
			cut = true;
		}
	}
	double bonus = how == SIR_PER_RANK ? per : how == SIR_BEST_OF ? fmax(of5, of10) : complete;
	r->outcome = ARB_VALUE;
	arb_result_value(r, "combat_resolution_bonus", bonus);
	arb_result_explain(r, "%s stands in ranks of %s: %+g to combat resolution (%s)", u->id,
	                   sizes, bonus,
	                   how == SIR_PER_RANK  ? "each rank on its own"
	                   : how == SIR_BEST_OF ? "the better of the two counts"
	                                        : "only ranks as full as the front");
done:
	free(p);
	free(rk);
	free(size);
}
