/*
 * Scrollhammer, Unit Formations: "Horde" and "Skirmish"
 * (spec/scrollhammer/formations.md). Fight in Ranks is in formations.c and
 * formations-fir.c; helpers in formations.h. How each predicate reads its
 * clause: docs/encoding/scrollhammer-formations.md. Predicates follow the
 * order of the text; each comment is the clause ID.
 */
#include "formations.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* SH.FORM.HORDE.COH and SH.FORM.SKIRM.COH: "within X of each other" along a
 * chain, or every pair (readings), at the end of the move. */
static void within_coherency(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_unit *u = arb_eval_actor(ev);
	arb_coherency co;
	if (!fm__formation_is(u, formation) || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	fm__coherency(ev, r, u, arb_eval_param(ev, "coherency"), (sh_chain)arb_eval_reading_arg(ev),
	              &co);
}

/* SH.FORM.HORDE.2 and SH.FORM.SKIRM.2: any direction; how far is the
 * Movement phase's ("as its movement allows"). */
static void any_direction(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_unit *u = arb_eval_actor(ev);
	size_t n = sh__moving_count(ev, u);
	if (!fm__formation_is(u, formation) || n == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s (%s) may move in any direction: %zu model(s) move", u->id,
	                   formation, n);
}

/* SH.FORM.HORDE.3 and SH.FORM.SKIRM.3: "as normal" ranks nothing here: no
 * clause of these texts sets a normal reform or consolidation (the page it
 * points to is not given, and Fight in Ranks' own rules are for units that
 * Fight in Ranks). The clause grants the manoeuvre; nothing here limits it. */
static void as_normal(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, formation)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%s (%s) may %s as normal; the normal rules are on a page the "
	                   "text does not give",
	                   u->id, formation, arb_eval_scenario(ev)->action.type);
}

/* Models of t in area terrain: their centre inside or on a piece (base =
 * false), or some part of the base overlapping or touching it. */
static size_t in_area(const arb_scenario *s, const arb_unit *t, bool base, const char **who)
{
	size_t n = 0;
	for (size_t i = 0; i < t->n_models; i++) {
		arb_placed pl = arb_model_placed(&t->models[i]);
		if (!base)
			pl.base = (arb_base){.shape = ARB_BASE_ROUND, .d_mm = 0}; /* its centre */
		for (size_t j = 0; j < s->n_terrain; j++)
			if (strcmp(s->terrain[j].kind, "area") == 0 &&
			    arb_geom_base_polygon_distance(&pl, s->terrain[j].poly,
			                                   s->terrain[j].n_poly, NULL) <= FM_TOL) {
				n++;
				*who = t->models[i].id;
				break;
			}
	}
	return n;
}

static bool has_area_terrain(const arb_scenario *s)
{
	for (size_t j = 0; j < s->n_terrain; j++)
		if (strcmp(s->terrain[j].kind, "area") == 0)
			return true;
	return false;
}

/* SH.FORM.HORDE.SCAT.1 and SH.FORM.SKIRM.CONC.1: "in area terrain" read as
 * the centre in it, or some part of the base over it (readings, as the
 * Terrain section reads "moving through"). Where the board has area
 * terrain the count is given even when it is 0, so that readings that count
 * differently disagree. The save is the answer; how many models gain it
 * explains it. */
static void area_cover(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *t = fm__target_with(ev, formation);
	const char *who = NULL;
	bool base = arb_eval_reading_arg(ev);
	if (!t || !has_area_terrain(s)) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = in_area(s, t, base, &who);
	double save = arb_eval_param(ev, "cover_save");
	r->object = t->id;
	r->subject = who;
	r->outcome = ARB_VALUE;
	if (n)
		arb_result_value(r, "cover_save", save);
	arb_result_info(r, "models_in_cover", (double)n);
	arb_result_explain(r, "%zu of the %zu models of %s have %s in area terrain%s%g+", n,
	                   t->n_models, t->id, base ? "some part of their base" : "their centre",
	                   n ? ": cover save " : ": none gains the ", save);
}

/* ---- Horde ---- */

/* SH.FORM.HORDE.COH */
ARB_PREDICATE(sh_form_horde_coh, .clause = "SH.FORM.HORDE.COH",
              .readings = ARB_READINGS({"connected", SH_CHAIN_CONNECTED},
                                       {"all-pairs", SH_CHAIN_ALL_PAIRS}),
              .ruleset = "scrollhammer", .actions = "move", .phases = "*",
              .question = "unit.coherency", .params = "coherency",
              .fingerprint = "1d44311fdbd4f65c")
{
	within_coherency(ev, r, "horde");
}

/* SH.FORM.HORDE.2 */
ARB_PREDICATE(sh_form_horde_2, .clause = "SH.FORM.HORDE.2", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.direction",
              .fingerprint = "9429c37eaf04b79b")
{
	any_direction(ev, r, "horde");
}

/* SH.FORM.HORDE.3 */
ARB_PREDICATE(sh_form_horde_3, .clause = "SH.FORM.HORDE.3", .ruleset = "scrollhammer",
              .actions = "reform consolidate", .phases = "*", .question = "formation.manoeuvre",
              .fingerprint = "094534a169ec8b8b")
{
	as_normal(ev, r, "horde");
}

/* SH.FORM.HORDE.SCAT.1 */
ARB_PREDICATE(sh_form_horde_scat_1, .clause = "SH.FORM.HORDE.SCAT.1",
              .readings = ARB_READINGS({"centre", 0}, {"base", 1}), .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot", .phases = "*", .question = "value.cover",
              .params = "cover_save", .fingerprint = "e43e1f42ed204f1b")
{
	area_cover(ev, r, "horde");
}

/* SH.FORM.HORDE.PRESS.1: no exception for a flanked Horde (Strength in
 * Ranks has one). */
ARB_PREDICATE(sh_form_horde_press_1, .clause = "SH.FORM.HORDE.PRESS.1", .ruleset = "scrollhammer",
              .actions = "resolve_combat", .phases = "close_combat",
              .question = "value.combat_resolution", .params = "horde_bonus horde_bonus_models",
              .fingerprint = "7bb24e1b89d0517f")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, "horde")) {
		r->outcome = ARB_NA;
		return;
	}
	double per = arb_eval_param(ev, "horde_bonus"),
	       every = arb_eval_param(ev, "horde_bonus_models");
	if (!(every > 0)) {
		/* an editor's 0 (or less) in spec/: no number of groups */
		arb_result_fault(
		    r, ARB_EINPUT,
		    "SH.FORM.HORDE.PRESS.1's horde_bonus_models is %g in spec/: a bonus "
		    "for every %g models cannot be counted",
		    every, every);
		return;
	}
	double groups = floor((double)u->n_models / every);
	r->outcome = ARB_VALUE;
	arb_result_value(r, "combat_resolution_bonus", groups * per);
	arb_result_explain(r, "%s has %zu models: %g group(s) of %g, %+g to combat resolution",
	                   u->id, u->n_models, groups, every, groups * per);
}

/* ---- Skirmish ---- */

/* SH.FORM.SKIRM.COH */
ARB_PREDICATE(sh_form_skirm_coh, .clause = "SH.FORM.SKIRM.COH",
              .readings = ARB_READINGS({"connected", SH_CHAIN_CONNECTED},
                                       {"all-pairs", SH_CHAIN_ALL_PAIRS}),
              .ruleset = "scrollhammer", .actions = "move", .phases = "*",
              .question = "unit.coherency", .params = "coherency",
              .fingerprint = "48d0b0b66fef2747")
{
	within_coherency(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.2 */
ARB_PREDICATE(sh_form_skirm_2, .clause = "SH.FORM.SKIRM.2", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.direction",
              .fingerprint = "4571b06bc4225fe4")
{
	any_direction(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.3 */
ARB_PREDICATE(sh_form_skirm_3, .clause = "SH.FORM.SKIRM.3", .ruleset = "scrollhammer",
              .actions = "reform consolidate", .phases = "*", .question = "formation.manoeuvre",
              .fingerprint = "e8ad36ec8c07ecbe")
{
	as_normal(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.CONC.1 */
ARB_PREDICATE(sh_form_skirm_conc_1, .clause = "SH.FORM.SKIRM.CONC.1",
              .readings = ARB_READINGS({"centre", 0}, {"base", 1}), .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot", .phases = "*", .question = "value.cover",
              .params = "cover_save", .fingerprint = "6991419450149593")
{
	area_cover(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.AGILE.1: "even those without the Hit and Run special rule":
 * without it, skirmishers may attempt it against units that Fight in Ranks
 * only; with it, their own rule decides (not given). When a Hit and Run is
 * attempted the text does not say: any phase. */
ARB_PREDICATE(sh_form_skirm_agile_1, .clause = "SH.FORM.SKIRM.AGILE.1", .ruleset = "scrollhammer",
              .actions = "hit_and_run", .phases = "*", .question = "hit_and_run.allowed",
              .fingerprint = "67e854ae840137a9")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, "skirmish") || arb_eval_scenario(ev)->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (fm__targets_all(ev, FIR)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(
		    r,
		    "%s skirmishes against units that Fight in Ranks: it may attempt "
		    "to Hit and Run%s",
		    u->id,
		    arb_unit_has_status(u, "has_hit_and_run") ? "" : " without the special rule");
	} else if (arb_unit_has_status(u, "has_hit_and_run")) {
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "%s has the Hit and Run special rule; a target does not Fight "
		                   "in Ranks",
		                   u->id);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r,
		    "%s lacks the Hit and Run special rule and a unit it leaves does "
		    "not Fight in Ranks",
		    u->id);
	}
}

/* SH.FORM.SKIRM.AGILE.2: the -1 is the answer; the Initiative it gives, when
 * the unit states one, explains it. */
ARB_PREDICATE(sh_form_skirm_agile_2, .clause = "SH.FORM.SKIRM.AGILE.2", .ruleset = "scrollhammer",
              .actions = "hit_and_run", .phases = "*", .question = "value.hit_and_run",
              .params = "initiative_modifier", .fingerprint = "bf1409a7bfca81a4")
{
	const arb_unit *u = arb_eval_actor(ev);
	double ini;
	if (!fm__formation_is(u, "skirmish") || !fm__targets_all(ev, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	bool rule = arb_unit_has_status(u, "has_hit_and_run");
	double mod = rule ? 0 : arb_eval_param(ev, "initiative_modifier");
	r->outcome = ARB_VALUE;
	arb_result_value(r, "initiative_modifier", mod);
	bool stated = u->n_models ? arb_model_stat(&u->models[0], u, "I", &ini) : false;
	if (stated) {
		arb_result_info(r, "hit_and_run_initiative", ini + mod);
		arb_result_explain(r, "%s tests Hit and Run on I%g%s", u->id, ini + mod,
		                   rule ? ": it has the special rule"
		                        : " (its I, -1 without the rule)");
	} else {
		arb_result_explain(r, "%s tests Hit and Run at %+g to its Initiative (not stated)",
		                   u->id, mod);
	}
}
