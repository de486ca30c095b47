/*
 * Scrollhammer, THE MOVEMENT PHASE: spec/scrollhammer/movement.md.
 * Cases: cases/scrollhammer/movement/. How each predicate reads its
 * clause: docs/encoding/scrollhammer-movement.md.
 * Predicates follow the order of the text. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TOL   ARB_TOLERANCE_IN
#define MOVES "move"

/* ---- shared by several clauses ---- */

/* "up to their maximum movement distance": every moving model at most its M. */
static void up_to_own_m(const arb_eval *ev, arb_result *r, bool permit)
{
	const arb_unit *u = arb_eval_actor(ev);
	double worst = -INFINITY;
	const char *who = NULL;
	double who_len = 0, who_m = 0;
	arb_vec2 from = {0, 0}, to = {0, 0};
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = sh__moving_path(ev, m);
		if (!p)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts), mv;
		if (!arb_model_stat(m, u, "M", &mv)) {
			r->subject = m->id;
			arb_result_missing(r, "M",
			                   "%s moved %.2f in; its maximum movement distance (M) "
			                   "is not stated",
			                   m->id, len);
			return;
		}
		if (len - mv > worst) {
			worst = len - mv;
			who = m->id;
			who_len = len;
			who_m = mv;
			from = p->pts[0];
			to = p->pts[p->n_pts - 1];
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	r->has_measure = true;
	/* p and q: where the model starts and ends its move. */
	r->measure = (arb_measure){.points = true,
	                           .figure = who_len,
	                           .limit = who_m,
	                           .margin = who_m - who_len,
	                           .p = from,
	                           .q = to,
	                           .other = -1};
	if (worst <= TOL) {
		r->outcome = permit ? ARB_PERMITS : ARB_HOLDS;
		arb_result_explain(r, "%s moved %.2f in, its M is %g in", who, who_len, who_m);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s moved %.2f in, its M is %g in: over by %.2f in", who,
		                   who_len, who_m, who_len - who_m);
	}
}

/* The longest move of the actor against a fixed limit. */
static void up_to_limit(const arb_eval *ev, arb_result *r, double limit)
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *who = NULL;
	double longest = -1;
	arb_vec2 from = {0, 0}, to = {0, 0};
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		double len = p ? arb_geom_path_length(p->pts, p->n_pts) : -1;
		if (p && len > longest) {
			longest = len;
			who = u->models[i].id;
			from = p->pts[0];
			to = p->pts[p->n_pts - 1];
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	r->has_measure = true;
	r->measure = (arb_measure){.points = true,
	                           .figure = longest,
	                           .limit = limit,
	                           .margin = limit - longest,
	                           .p = from,
	                           .q = to,
	                           .other = -1};
	r->outcome = longest <= limit + TOL ? ARB_HOLDS : ARB_VIOLATED;
	if (r->outcome == ARB_HOLDS)
		arb_result_explain(r, "%s moved %.2f in, limit %g in", who, longest, limit);
	else
		arb_result_explain(r, "%s moved %.2f in, limit %g in: over by %.2f in", who,
		                   longest, limit, longest - limit);
}

static bool str_in(const char *const *v, size_t n, const char *x)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], x) == 0)
			return true;
	return false;
}

/* The unit's coherency value (SH.MOV.COH.4): false when it has no formation. */
static bool coherency_value(const arb_eval *ev, const arb_unit *u, double *out)
{
	if (!u->formation)
		return false;
	if (strcmp(u->formation, "fight_in_ranks") == 0)
		*out = 0; /* base contact: CONV.DIST.3 */
	else if (strcmp(u->formation, "horde") == 0)
		*out = arb_eval_param(ev, "SH.FORM.HORDE.COH:coherency");
	else if (strcmp(u->formation, "skirmish") == 0)
		*out = arb_eval_param(ev, "SH.FORM.SKIRM.COH:coherency");
	else
		return false;
	return true;
}

#define COH_PARAMS "SH.FORM.HORDE.COH:coherency SH.FORM.SKIRM.COH:coherency"

/* "in coherency" (SH.MOV.COH.3) of the actor at its end positions. */
static arb_outcome in_coherency(const arb_eval *ev, arb_result *r, sh_chain how)
{
	const arb_unit *u = arb_eval_actor(ev);
	double limit;
	arb_coherency co;
	if (!coherency_value(ev, u, &limit)) {
		/* SH.MOV.COH.4: the value depends on the formation, which is not given. */
		arb_result_missing(r, "formation", "%s has no formation, so no coherency value",
		                   u->id);
		return ARB_MISSING;
	}
	return sh__coherency(ev, u, limit, how, r, &co);
}

/* ---- THE MOVEMENT PHASE ---- */

/* SH.MOV.1 */
ARB_PREDICATE(sh_mov_1, .clause = "SH.MOV.1", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.distance", .fingerprint = "9b28172a612227c4")
{
	up_to_own_m(ev, r, true);
}

/* SH.MOV.2 */
ARB_PREDICATE(sh_mov_2, .clause = "SH.MOV.2", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.order", .fingerprint = "51e09f002b68530e")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_context *c = &s->context;
	const arb_unit *u = arb_eval_actor(ev);
	if (c->n_completed == 0 || c->in_progress || str_in(c->completed, c->n_completed, u->id)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s is selected after %zu unit(s) completed their move", u->id,
	                   c->n_completed);
}

/* SH.MOV.3 */
ARB_PREDICATE(sh_mov_3, .clause = "SH.MOV.3", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.order", .fingerprint = "88f51a6bc0f5b51a")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *busy = s->context.in_progress;
	if (busy && strcmp(busy, u->id) != 0) {
		r->outcome = ARB_VIOLATED;
		r->object = busy;
		arb_result_explain(r, "%s starts moving while the move of %s is unfinished", u->id,
		                   busy);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   busy ? "%s continues its own move"
		                        : "no other unit's move is "
		                          "unfinished (%s)",
		                   u->id);
	}
}

/* SH.MOV.4 */
ARB_PREDICATE(sh_mov_4, .clause = "SH.MOV.4", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.any", .fingerprint = "6505a455999c0884")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (sh__moving_count(ev, u) > 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "no model of %s moves", u->id);
}

/* SH.MOV.6 */
ARB_PREDICATE(sh_mov_6, .clause = "SH.MOV.6", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.order", .fingerprint = "e8ca7c00cca68907")
{
	const arb_context *c = &arb_eval_scenario(ev)->context;
	const arb_unit *u = arb_eval_actor(ev);
	if (str_in(c->completed, c->n_completed, u->id)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "the move of %s was already completed this phase", u->id);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s has not completed a move this phase", u->id);
	}
}

/* ---- Movement Distance ---- */

/* SH.MOV.DIST.1 */
ARB_PREDICATE(sh_mov_dist_1, .clause = "SH.MOV.DIST.1", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.distance", .params = "max_move",
              .fingerprint = "3edc6ac55a164b00")
{
	up_to_limit(ev, r, arb_eval_param(ev, "max_move"));
}

/* SH.MOV.DIST.3 */
ARB_PREDICATE(sh_mov_dist_3, .clause = "SH.MOV.DIST.3", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.distance", .params = "max_move",
              .fingerprint = "14fa8d848946ebdf")
{
	if (!sh__fact_is(arb_eval_scenario(ev), "enemies_apparent", "false")) {
		r->outcome = ARB_NA;
		return;
	}
	up_to_limit(ev, r, arb_eval_param(ev, "max_move"));
}

/* SH.MOV.DIST.6 */
ARB_PREDICATE(sh_mov_dist_6, .clause = "SH.MOV.DIST.6", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.board", .fingerprint = "c6cdd5f12ad8cd48")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double worst = INFINITY;
	arb_measure wm = {0};
	const char *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = sh__moving_path(ev, m);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(m);
		for (size_t k = 0; k < p->n_pts; k++) {
			arb_measure mm;
			pl.c = p->pts[k];
			double inset = arb_geom_board_inset(&pl, s->board_w, s->board_h, &mm);
			if (inset < worst) {
				worst = inset;
				wm = mm;
				who = m->id;
			}
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	r->has_measure = true;
	r->measure = wm;
	/* figure: how far inside the board the base stays (negative: off it). */
	r->measure.figure = worst;
	r->measure.limit = 0;
	r->measure.margin = worst;
	r->measure.other = -1;
	if (worst >= -TOL) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(
		    r, "%s stays on the board (%.3f in from the edge at its closest)", who, worst);
	} else if (s->action.voluntary) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s moves %.3f in off the board", who, -worst);
	} else {
		/* "cannot, however, voluntarily move off the board": an involuntary
		 * move is not what the clause forbids. */
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "%s is moved %.3f in off the board involuntarily; the clause "
		                   "forbids only voluntary moves",
		                   who, -worst);
	}
}

/* ---- Which Models are Moving ---- */

static bool partial_move(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	size_t n = sh__moving_count(ev, u);
	return n > 0 && n < u->n_models;
}

/* SH.MOV.WHICH.2 */
ARB_PREDICATE(sh_mov_which_2, .clause = "SH.MOV.WHICH.2", .ruleset = "scrollhammer",
              .actions = MOVES, .phases = "movement", .question = "move.partial",
              .fingerprint = "dc754371675b4749")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!partial_move(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%zu of the %zu models of %s move", sh__moving_count(ev, u),
	                   u->n_models, u->id);
}

/* SH.MOV.WHICH.3 */
ARB_PREDICATE(sh_mov_which_3, .clause = "SH.MOV.WHICH.3", .ruleset = "scrollhammer",
              .actions = MOVES, .phases = "movement", .question = "move.declaration",
              .fingerprint = "a9a36790a712085b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_action *a = &s->action;
	const arb_unit *u = arb_eval_actor(ev);
	bool declared_moves = false;
	for (size_t i = 0; i < a->n_stationary; i++) {
		const arb_model *m = arb_scenario_model(s, a->stationary[i], NULL);
		declared_moves = declared_moves || (m && sh__moving_path(ev, m));
	}
	/* "If this is the case": a partial move, or a declaration the move belies. */
	if (!partial_move(ev) && !declared_moves) {
		r->outcome = ARB_NA;
		return;
	}
	if (!a->stationary_declared) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "some models of %s stay put but none was declared stationary",
		                   u->id);
		return;
	}
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		bool moves = sh__moving_path(ev, m) != NULL;
		bool declared = str_in(a->stationary, a->n_stationary, m->id);
		if (moves && declared) {
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			arb_result_explain(r, "%s was declared stationary and moves", m->id);
			return;
		}
		if (!moves && !declared) {
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			arb_result_explain(r, "%s stays put but was not declared stationary",
			                   m->id);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "the %zu models declared stationary are those that stay put",
	                   a->n_stationary);
}

/* The readings of "chain" (SH.MOV.COH.3 and the clauses that refer to it). */
#define CHAIN_READINGS ARB_READINGS({"connected", SH_CHAIN_CONNECTED}, {"line", SH_CHAIN_LINE})

/* SH.MOV.WHICH.4 */
ARB_PREDICATE(sh_mov_which_4, .clause = "SH.MOV.WHICH.4", .readings = CHAIN_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "unit.coherency", .params = COH_PARAMS, .fingerprint = "61496906cf5d63e9")
{
	if (!partial_move(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = in_coherency(ev, r, (sh_chain)arb_eval_reading_arg(ev));
}

/* ---- Different Movement Distances within a Unit ---- */

static bool mixed_m(const arb_unit *u)
{
	double first = NAN, mv;
	for (size_t i = 0; i < u->n_models; i++)
		if (arb_model_stat(&u->models[i], u, "M", &mv)) {
			if (isnan(first))
				first = mv;
			else if (mv != first)
				return true;
		}
	return false;
}

static void diff_2(const arb_eval *ev, arb_result *r, sh_chain how)
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!mixed_m(u) || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	up_to_own_m(ev, r, true);
	if (r->outcome != ARB_PERMITS)
		return;
	/* "so long as it remains in unit coherency" */
	arb_result co = {0};
	arb_outcome o = in_coherency(ev, &co, how);
	if (co.fault || o == ARB_MISSING) {
		*r = co;
		r->outcome = o;
	} else if (o != ARB_HOLDS) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "not granted: %s", co.explanation);
	}
}

/* SH.MOV.DIFF.2 */
ARB_PREDICATE(sh_mov_diff_2, .clause = "SH.MOV.DIFF.2", .readings = CHAIN_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "move.distance", .params = COH_PARAMS, .fingerprint = "bafe17dc4cc89b9c")
{
	diff_2(ev, r, (sh_chain)arb_eval_reading_arg(ev));
}

/* ---- Models in the Way ---- */

/* Enemy models of the actor as placed bases, in the judgement's scratch;
 * NULL/0 when none. */
static int enemies(const arb_eval *ev, arb_placed **out, const char ***ids, size_t *count)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	size_t n = 0;
	*out = NULL;
	*ids = NULL;
	*count = 0;
	for (size_t i = 0; i < s->n_units; i++)
		if (strcmp(s->units[i].side, u->side) != 0)
			n += s->units[i].n_models;
	if (n == 0)
		return ARB_OK;
	*out = arb_eval_alloc(ev, n, sizeof **out);
	*ids = arb_eval_alloc(ev, n, sizeof **ids);
	if (!*out || !*ids)
		return ARB_ENOMEM;
	size_t k = 0;
	for (size_t i = 0; i < s->n_units; i++)
		if (strcmp(s->units[i].side, u->side) != 0)
			for (size_t j = 0; j < s->units[i].n_models; j++) {
				(*ids)[k] = s->units[i].models[j].id;
				(*out)[k++] = arb_model_placed(&s->units[i].models[j]);
			}
	*count = n;
	return ARB_OK;
}

static void way_1(const arb_eval *ev, arb_result *r, bool any_charge)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double gap = arb_eval_param(ev, "enemy_gap");
	arb_placed *foes;
	const char **ids;
	size_t n;
	if (enemies(ev, &foes, &ids, &n)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory listing the enemy models");
		return;
	}
	if (n == 0 || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	double best = INFINITY;
	arb_measure bm = {0};
	const char *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		arb_measure m;
		double d = arb_geom_swept_distance(&pl, p->pts, p->n_pts, foes, n, &m);
		if (d < best) {
			best = d;
			bm = m;
			who = u->models[i].id;
		}
	}
	r->subject = who;
	r->object = bm.other >= 0 ? ids[bm.other] : NULL;
	r->has_measure = true;
	r->measure = bm;
	r->measure.figure = best;
	r->measure.limit = gap;
	r->measure.margin = best - gap;
	bool charging = strcmp(s->action.type, "charge") == 0;
	bool excepted = charging && (any_charge || strcmp(s->context.phase, "close_combat") == 0);
	if (best > gap + ARB_TOLERANCE_IN) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "closest approach %.3f in (%s to %s), limit %g in", best, who,
		                   r->object, gap);
	} else if (excepted) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "closest approach %.3f in (%s to %s) is within %g in, but "
		                   "the model is charging%s",
		                   best, who, r->object, gap,
		                   any_charge ? "" : " in the close combat phase");
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "closest approach %.3f in (%s to %s), limit %g in: short by "
		                   "%.3f in%s",
		                   best, who, r->object, gap, gap - best,
		                   charging ? " (a charge outside the close combat phase)" : "");
	}
}

/* The two readings of "unless they are charging into close combat in the close
 * combat phase": a charge in that phase only, or any charge. */
enum { WAY_CC_PHASE = 0, WAY_ANY_CHARGE = 1 };

/* SH.MOV.WAY.1 */
ARB_PREDICATE(sh_mov_way_1, .clause = "SH.MOV.WAY.1",
              .readings = ARB_READINGS({"close-combat-phase", WAY_CC_PHASE},
                                       {"any-charge", WAY_ANY_CHARGE}),
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "*", .question = "move.enemy",
              .flags = ARB_PRED_ENEMY_ZONE, .params = "enemy_gap",
              .fingerprint = "183758ce3c221730")
{
	way_1(ev, r, arb_eval_reading_arg(ev) == WAY_ANY_CHARGE);
}

/* SH.MOV.WAY.2 */
ARB_PREDICATE(sh_mov_way_2, .clause = "SH.MOV.WAY.2", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "*", .question = "move.through", .fingerprint = "eb177eabc5e4deb5")
{
	const arb_unit *u = arb_eval_actor(ev);
	arb_placed *foes;
	const char **ids;
	size_t n;
	if (enemies(ev, &foes, &ids, &n)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory listing the enemy models");
		return;
	}
	if (n == 0 || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	double deepest = 0;
	arb_measure bm = {.other = -1};
	const char *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		arb_measure m;
		double d = arb_geom_swept_penetration(&pl, p->pts, p->n_pts, foes, n, &m);
		if (!who || d > deepest) {
			deepest = d;
			bm = m;
			who = u->models[i].id;
		}
	}
	r->subject = who;
	r->object = bm.other >= 0 ? ids[bm.other] : NULL;
	if (deepest > ARB_TOLERANCE_IN) {
		r->outcome = ARB_VIOLATED;
		r->has_measure = true;
		r->measure = bm;
		r->measure.limit = 0;
		r->measure.margin = -deepest;
		arb_result_explain(r,
		                   "%s passes through %s (overlap %.3f in) instead of going "
		                   "around",
		                   who, r->object ? r->object : "an enemy model", deepest);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "no moving model passes through an enemy model");
	}
}

/* ---- Moving and Close Combat ---- */

/* SH.MOV.CC.1 */
ARB_PREDICATE(sh_mov_cc_1, .clause = "SH.MOV.CC.1", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.locked", .fingerprint = "1bd0e1e2af3a3328")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!arb_unit_has_status(u, "locked_in_combat")) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = sh__moving_count(ev, u);
	r->outcome = n ? ARB_VIOLATED : ARB_HOLDS;
	if (n)
		arb_result_explain(r, "%s is locked in close combat and %zu of its models move",
		                   u->id, n);
	else
		arb_result_explain(r, "%s is locked in close combat and does not move", u->id);
}

/* ---- Unit Coherency ---- */

/* SH.MOV.COH.1 */
ARB_PREDICATE(sh_mov_coh_1, .clause = "SH.MOV.COH.1", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "move.distance", .fingerprint = "16dbe894129ef0e4")
{
	up_to_own_m(ev, r, true);
}

/* SH.MOV.COH.3 */
ARB_PREDICATE(sh_mov_coh_3, .clause = "SH.MOV.COH.3", .readings = CHAIN_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "unit.coherency", .params = COH_PARAMS, .fingerprint = "b4d740970394a8c3")
{
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = in_coherency(ev, r, (sh_chain)arb_eval_reading_arg(ev));
}

/* SH.MOV.COH.4 */
ARB_PREDICATE(sh_mov_coh_4, .clause = "SH.MOV.COH.4", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "value.coherency", .params = COH_PARAMS,
              .fingerprint = "ded61cc0b8024b88")
{
	const arb_unit *u = arb_eval_actor(ev);
	double v;
	if (!coherency_value(ev, u, &v)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	/* shown to explain the coherency clauses; no action asks for it */
	arb_result_info(r, "coherency", v);
	arb_result_explain(r, "%s fights as %s: coherency value %g in", u->id, u->formation, v);
}

/* SH.MOV.COH.6 and SH.MOV.COH.7: restoring coherency. next_phase: COH.6's
 * "in their next Movement phase"; otherwise COH.7's later opportunity. */
static void restore(const arb_eval *ev, arb_result *r, sh_chain how, bool next_phase)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *np = arb_scenario_fact(s, "next_movement_phase");
	if (!arb_unit_has_status(u, "out_of_coherency")) {
		r->outcome = ARB_NA;
		return;
	}
	if (!np) {
		/* COH.6 raises the question; COH.7 leaves it to COH.6. A unit that ends
		 * in coherency satisfies both, whichever phase this is. */
		if (!next_phase) {
			r->outcome = ARB_NA;
			return;
		}
		arb_result co = {0};
		arb_outcome o = in_coherency(ev, &co, how);
		if (o == ARB_HOLDS || o == ARB_MISSING || co.fault) {
			*r = co;
			r->outcome = o;
			return;
		}
		arb_result_missing(r, "next_movement_phase",
		                   "%s lost coherency and ends out of it; whether this is its next "
		                   "Movement phase is not stated",
		                   u->id);
		return;
	}
	bool is_next = strcmp(np, "true") == 0;
	/* COH.7: "If the unit cannot move in its next turn ... as soon as they have
	 * the opportunity": a unit locked in combat (SH.MOV.CC.1) has none yet. */
	if (!next_phase && is_next && arb_unit_has_status(u, "locked_in_combat")) {
		r->outcome = sh__moving_count(ev, u) ? ARB_NA : ARB_HOLDS;
		arb_result_explain(
		    r,
		    "%s lost coherency and cannot move in its next turn (locked in "
		    "combat): it restores coherency as soon as it has the opportunity",
		    u->id);
		return;
	}
	if (is_next != next_phase) {
		r->outcome = ARB_NA;
		return;
	}
	arb_result co = {0};
	arb_outcome o = in_coherency(ev, &co, how);
	*r = co;
	if (o != ARB_VIOLATED) {
		r->outcome = o;
		return;
	}
	const char *can = arb_scenario_fact(s, "coherency_restorable");
	if (can && strcmp(can, "true") == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s could restore coherency and did not: widest gap %.3f in",
		                   u->id, r->measure.figure);
		return;
	}
	if (!can) {
		arb_result_missing(
		    r, "coherency_restorable",
		    "%s ends out of coherency (widest gap %.3f in); whether it could "
		    "restore it is not stated",
		    u->id, r->measure.figure);
		return;
	}
	if (!next_phase) {
		/* COH.7 demands restoring "as soon as they have the opportunity" and says
		 * nothing of a unit that still cannot: the text leaves it open. */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s ends out of coherency (widest gap %.3f in); the text does "
		                   "not say what it must do when it still cannot restore it",
		                   u->id, r->measure.figure);
		return;
	}
	double b;
	if (!sh__fact_num(s, "closest_gap", &b)) {
		arb_result_missing(
		    r, "closest_gap",
		    "%s cannot restore coherency; how close it could get is not stated", u->id);
		return;
	}
	double gap = r->measure.figure;
	r->outcome = gap <= b + ARB_TOLERANCE_IN ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%s cannot restore coherency; widest gap %.3f in, closest "
	                   "possible %.3f in%s",
	                   u->id, gap, b,
	                   r->outcome == ARB_PERMITS ? ": as close as possible" : "");
}

/* SH.MOV.COH.6 */
ARB_PREDICATE(sh_mov_coh_6, .clause = "SH.MOV.COH.6", .readings = CHAIN_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "unit.coherency", .params = COH_PARAMS, .fingerprint = "ec0bc295e984d8b1")
{
	restore(ev, r, (sh_chain)arb_eval_reading_arg(ev), true);
}

/* SH.MOV.COH.7 */
ARB_PREDICATE(sh_mov_coh_7, .clause = "SH.MOV.COH.7", .readings = CHAIN_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "unit.coherency", .params = COH_PARAMS, .fingerprint = "4706b5821dc23117")
{
	restore(ev, r, (sh_chain)arb_eval_reading_arg(ev), false);
}
