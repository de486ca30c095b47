/*
 * json_scenario_dump.c: writing a scenario as one arbiter-scenario/2 line,
 * in the shape json_scenario_read.c reads (docs/interchange.md).
 */
#include "json_internal.h"

#include <math.h>
#include <string.h>

static json_t *dump_base(dumper *d, const arb_base *b)
{
	json_t *o = arbj__jobj(d);
	if (b->shape == ARB_BASE_ROUND) {
		arbj__put(d, o, "shape", arbj__jstr(d, "round"));
		arbj__put(d, o, "d_mm", arbj__jnum(d, b->d_mm));
	} else if (b->shape == ARB_BASE_RECT) {
		arbj__put(d, o, "shape", arbj__jstr(d, "rect"));
		arbj__put(d, o, "w_mm", arbj__jnum(d, b->w_mm));
		arbj__put(d, o, "depth_mm", arbj__jnum(d, b->depth_mm));
	} else {
		arbj__put(d, o, "shape",
		          arbj__jstr(d, NULL)); /* not a shape: the reader rejects it */
	}
	return o;
}

static json_t *dump_unit(dumper *d, const arb_unit *u)
{
	json_t *o = arbj__jobj(d), *models = arbj__jarr(d);
	arbj__put(d, o, "id", arbj__jstr(d, u->id));
	arbj__put(d, o, "side", arbj__jstr(d, u->side));
	arbj__put(d, o, "formation", arbj__jstr(d, u->formation));
	arbj__put(d, o, "facing_deg", arbj__jnum(d, u->facing_deg));
	arbj__put(d, o, "stats", arbj__jkv(d, u->stats, u->n_stats));
	arbj__put(d, o, "status", arbj__jstrings(d, u->status, u->n_status));
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		json_t *mo = arbj__jobj(d);
		arbj__put(d, mo, "id", arbj__jstr(d, m->id));
		arbj__put(d, mo, "x", arbj__jnum(d, m->pos.x));
		arbj__put(d, mo, "y", arbj__jnum(d, m->pos.y));
		arbj__put(d, mo, "facing_deg", arbj__jnum(d, m->facing_deg));
		arbj__put(d, mo, "base", dump_base(d, &m->base));
		arbj__put(d, mo, "stats", arbj__jkv(d, m->stats, m->n_stats));
		arbj__push(d, models, mo);
	}
	arbj__put(d, o, "models", models);
	return o;
}

/* A path of poses: its facings (null where not written) and steps (null
 * for a translation), as parse_turns reads them. */
static void dump_turns(dumper *d, json_t *po, const arb_path *p)
{
	if (!p->facing && !p->steps)
		return;
	json_t *fa = arbj__jarr(d), *sa = arbj__jarr(d);
	for (size_t i = 0; i < p->n_pts; i++) {
		arbj__push(d, fa,
		           p->facing && !isnan(p->facing[i]) ? arbj__jnum(d, p->facing[i])
		                                             : arbj__mark_fail(d, json_null()));
		if (i + 1 == p->n_pts)
			break;
		if (!p->steps || p->steps[i].kind != ARB_STEP_ROTATE) {
			arbj__push(d, sa, arbj__mark_fail(d, json_null()));
			continue;
		}
		json_t *st = arbj__jobj(d);
		arbj__put(d, st, "pivot", arbj__jpoint(d, p->steps[i].pivot));
		if (!isnan(p->steps[i].angle_deg))
			arbj__put(d, st, "angle", arbj__jnum(d, p->steps[i].angle_deg));
		arbj__push(d, sa, st);
	}
	arbj__put(d, po, "facings", fa);
	arbj__put(d, po, "steps", sa);
}

/* The paths of an action or a log event, in the order of the move (the
 * order of the array). */
static json_t *dump_paths(dumper *d, const arb_path *paths, size_t n)
{
	json_t *arr = arbj__jarr(d);
	for (size_t i = 0; i < n; i++) {
		json_t *po = arbj__jobj(d);
		arbj__put(d, po, "model", arbj__jstr(d, paths[i].model));
		arbj__put(d, po, "points", arbj__jpoints(d, paths[i].pts, paths[i].n_pts));
		dump_turns(d, po, &paths[i]);
		arbj__push(d, arr, po);
	}
	return arr;
}

char *arbj_scenario_dump(const arb_scenario *s)
{
	dumper d = {.precision = 1};
	json_t *root = arbj__jobj(&d);
	const arb_context *c = &s->context;
	const arb_action *a = &s->action;

	arbj__put(&d, root, "format", arbj__jstr(&d, ARBJ_SCENARIO_FORMAT));
	arbj__put(&d, root, "id", arbj__jstr(&d, s->id));
	arbj__put(&d, root, "ruleset", arbj__jstr(&d, s->ruleset));
	bool all = !s->profile || strcmp(s->profile, "all") == 0;
	arbj__put(&d, root, "profile", arbj__jstr(&d, all ? NULL : s->profile));

	json_t *ctx = arbj__jobj(&d);
	arbj__put(&d, ctx, "phase", arbj__jstr(&d, c->phase));
	arbj__put(&d, ctx, "subphase", arbj__jstr(&d, c->subphase));
	arbj__put(&d, ctx, "battle_round", arbj__jnum(&d, c->battle_round));
	arbj__put(&d, ctx, "active_side", arbj__jstr(&d, c->active_side));
	arbj__put(&d, ctx, "in_progress", arbj__jstr(&d, c->in_progress));
	arbj__put(&d, ctx, "completed", arbj__jstrings(&d, c->completed, c->n_completed));
	if (c->has_log) { /* written only where given: absent and null mean none */
		json_t *log = arbj__jarr(&d);
		for (size_t i = 0; i < c->n_log; i++) {
			json_t *e = arbj__jobj(&d);
			arbj__put(&d, e, "subphase", arbj__jstr(&d, c->log[i].subphase));
			if (c->log[i].unit) {
				arbj__put(&d, e, "unit", arbj__jstr(&d, c->log[i].unit));
				arbj__put(&d, e, "action", arbj__jstr(&d, c->log[i].action));
				if (c->log[i].n_paths) /* written only where given */
					arbj__put(
					    &d, e, "paths",
					    dump_paths(&d, c->log[i].paths, c->log[i].n_paths));
			} else {
				arbj__put(&d, e, "end", json_true());
			}
			arbj__push(&d, log, e);
		}
		arbj__put(&d, ctx, "log", log);
	}
	arbj__put(&d, root, "context", ctx);

	json_t *board = arbj__jobj(&d);
	arbj__put(&d, board, "w", arbj__jnum(&d, s->board_w));
	arbj__put(&d, board, "h", arbj__jnum(&d, s->board_h));
	arbj__put(&d, root, "board", board);

	json_t *units = arbj__jarr(&d);
	for (size_t i = 0; i < s->n_units; i++)
		arbj__push(&d, units, dump_unit(&d, &s->units[i]));
	arbj__put(&d, root, "units", units);

	json_t *terrain = arbj__jarr(&d);
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		json_t *o = arbj__jobj(&d);
		arbj__put(&d, o, "id", arbj__jstr(&d, t->id));
		arbj__put(&d, o, "kind", arbj__jstr(&d, t->kind));
		if (t->has_height)
			arbj__put(&d, o, "height", arbj__jnum(&d, t->height));
		arbj__put(&d, o, "polygon", arbj__jpoints(&d, t->poly, t->n_poly));
		arbj__push(&d, terrain, o);
	}
	arbj__put(&d, root, "terrain", terrain);

	json_t *act = arbj__jobj(&d);
	arbj__put(&d, act, "type", arbj__jstr(&d, a->type));
	arbj__put(&d, act, "unit", arbj__jstr(&d, a->unit));
	arbj__put(&d, act, "voluntary", arbj__mark_fail(&d, json_boolean(a->voluntary)));
	arbj__put(&d, act, "paths", dump_paths(&d, a->paths, a->n_paths));
	/* Absent and empty differ: only a declaration writes the member. */
	if (a->stationary_declared)
		arbj__put(&d, act, "stationary",
		          arbj__jstrings(&d, a->stationary, a->n_stationary));
	arbj__put(&d, act, "targets", arbj__jstrings(&d, a->targets, a->n_targets));
	arbj__put(&d, root, "action", act);

	json_t *dice;
	if (s->dice_test) {
		/* by test: each test's dice in order */
		dice = arbj__jobj(&d);
		for (size_t i = 0; i < s->n_dice; i++) {
			const char *t = s->dice_test[i] ? s->dice_test[i] : "";
			json_t *arr = dice ? json_object_get(dice, t) : NULL;
			if (!arr) {
				arr = arbj__jarr(&d);
				arbj__put(&d, dice, t, arr);
			}
			arbj__push(&d, arr, arbj__mark_fail(&d, json_integer(s->dice[i])));
		}
	} else {
		dice = arbj__jarr(&d);
		for (size_t i = 0; i < s->n_dice; i++)
			arbj__push(&d, dice, arbj__mark_fail(&d, json_integer(s->dice[i])));
	}
	arbj__put(&d, root, "dice", dice);

	json_t *facts = arbj__jobj(&d);
	for (size_t i = 0; i < s->n_facts; i++)
		arbj__put(&d, facts, s->facts[i].name, arbj__jstr(&d, s->facts[i].value));
	arbj__put(&d, root, "facts", facts);

	return arbj__dump_finish(&d, root);
}
