/*
 * json_scenario_dump.c: writing a scenario as one arbiter-scenario/2 line,
 * in the shape json_scenario_read.c reads (docs/interchange.md). Written
 * as text directly (json_text.c), each object's members in sorted key
 * order: the line jansson wrote from a tree, byte for byte, for a fraction
 * of the cost (docs/certify.md, "Measured").
 */
#include "json_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void dump_base(jtext *w, const arb_base *b)
{
	jt_open(w, '{');
	if (b->shape == ARB_BASE_ROUND) {
		jt_key(w, "d_mm");
		jt_num(w, b->d_mm);
		jt_key(w, "shape");
		jt_str(w, "round");
	} else if (b->shape == ARB_BASE_RECT) {
		jt_key(w, "depth_mm");
		jt_num(w, b->depth_mm);
		jt_key(w, "shape");
		jt_str(w, "rect");
		jt_key(w, "w_mm");
		jt_num(w, b->w_mm);
	} else {
		jt_key(w, "shape");
		jt_lit(w, "null"); /* not a shape: the reader rejects it */
	}
	jt_close(w, '}');
}

static void dump_unit(jtext *w, const arb_unit *u)
{
	jt_open(w, '{');
	jt_key(w, "facing_deg");
	jt_num(w, u->facing_deg);
	jt_key(w, "formation");
	jt_str(w, u->formation);
	jt_key(w, "id");
	jt_str(w, u->id);
	jt_key(w, "models");
	jt_open(w, '[');
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		jt_open(w, '{');
		jt_key(w, "base");
		dump_base(w, &m->base);
		jt_key(w, "facing_deg");
		jt_num(w, m->facing_deg);
		jt_key(w, "id");
		jt_str(w, m->id);
		jt_key(w, "stats");
		jt_kv(w, m->stats, m->n_stats);
		jt_key(w, "x");
		jt_num(w, m->pos.x);
		jt_key(w, "y");
		jt_num(w, m->pos.y);
		jt_close(w, '}');
	}
	jt_close(w, ']');
	jt_key(w, "side");
	jt_str(w, u->side);
	jt_key(w, "stats");
	jt_kv(w, u->stats, u->n_stats);
	jt_key(w, "status");
	jt_strings(w, u->status, u->n_status);
	jt_close(w, '}');
}

/* A path of poses: its facings (null where not written) and steps (null
 * for a translation), as parse_turns reads them. */
static void dump_facings(jtext *w, const arb_path *p)
{
	jt_open(w, '[');
	for (size_t i = 0; i < p->n_pts; i++) {
		if (p->facing && !isnan(p->facing[i]))
			jt_num(w, p->facing[i]);
		else
			jt_lit(w, "null");
	}
	jt_close(w, ']');
}

static void dump_steps(jtext *w, const arb_path *p)
{
	jt_open(w, '[');
	for (size_t i = 0; i + 1 < p->n_pts; i++) {
		if (!p->steps || p->steps[i].kind != ARB_STEP_ROTATE) {
			jt_lit(w, "null");
			continue;
		}
		jt_open(w, '{');
		if (!isnan(p->steps[i].angle_deg)) {
			jt_key(w, "angle");
			jt_num(w, p->steps[i].angle_deg);
		}
		jt_key(w, "pivot");
		jt_point(w, p->steps[i].pivot);
		jt_close(w, '}');
	}
	jt_close(w, ']');
}

/* The paths of an action or a log event, in the order of the move (the
 * order of the array). */
static void dump_paths(jtext *w, const arb_path *paths, size_t n)
{
	jt_open(w, '[');
	for (size_t i = 0; i < n; i++) {
		const arb_path *p = &paths[i];
		bool turns = p->facing || p->steps;
		jt_open(w, '{');
		if (turns) {
			jt_key(w, "facings");
			dump_facings(w, p);
		}
		jt_key(w, "model");
		jt_str(w, p->model);
		jt_key(w, "points");
		jt_points(w, p->pts, p->n_pts);
		if (turns) {
			jt_key(w, "steps");
			dump_steps(w, p);
		}
		jt_close(w, '}');
	}
	jt_close(w, ']');
}

static void dump_context(jtext *w, const arb_context *c)
{
	jt_open(w, '{');
	jt_key(w, "active_side");
	jt_str(w, c->active_side);
	jt_key(w, "battle_round");
	jt_num(w, c->battle_round);
	jt_key(w, "completed");
	jt_strings(w, c->completed, c->n_completed);
	jt_key(w, "in_progress");
	jt_str(w, c->in_progress);
	if (c->has_log) { /* written only where given: absent and null mean none */
		jt_key(w, "log");
		jt_open(w, '[');
		for (size_t i = 0; i < c->n_log; i++) {
			jt_open(w, '{');
			if (c->log[i].unit) {
				jt_key(w, "action");
				jt_str(w, c->log[i].action);
			} else {
				jt_key(w, "end");
				jt_lit(w, "true");
			}
			if (c->log[i].unit && c->log[i].n_paths) { /* written only where given */
				jt_key(w, "paths");
				dump_paths(w, c->log[i].paths, c->log[i].n_paths);
			}
			jt_key(w, "subphase");
			jt_str(w, c->log[i].subphase);
			if (c->log[i].unit && c->log[i].n_targets) { /* written only where given */
				jt_key(w, "targets");
				jt_strings(w, c->log[i].targets, c->log[i].n_targets);
			}
			if (c->log[i].unit) {
				jt_key(w, "unit");
				jt_str(w, c->log[i].unit);
			}
			jt_close(w, '}');
		}
		jt_close(w, ']');
	}
	jt_key(w, "phase");
	jt_str(w, c->phase);
	jt_key(w, "subphase");
	jt_str(w, c->subphase);
	jt_close(w, '}');
}

static void dump_action(jtext *w, const arb_action *a)
{
	jt_open(w, '{');
	jt_key(w, "paths");
	dump_paths(w, a->paths, a->n_paths);
	/* Absent and empty differ: only a declaration writes the member. */
	if (a->stationary_declared) {
		jt_key(w, "stationary");
		jt_strings(w, a->stationary, a->n_stationary);
	}
	jt_key(w, "targets");
	jt_strings(w, a->targets, a->n_targets);
	jt_key(w, "type");
	jt_str(w, a->type);
	jt_key(w, "unit");
	jt_str(w, a->unit);
	jt_key(w, "voluntary");
	jt_lit(w, a->voluntary ? "true" : "false");
	jt_close(w, '}');
}

/* The dice: an array, or by test, an object of each test's dice in order
 * (a die of no test under ""). */
static void dump_dice(jtext *w, const arb_scenario *s)
{
	if (!s->dice_test) {
		jt_open(w, '[');
		for (size_t i = 0; i < s->n_dice; i++)
			jt_int(w, s->dice[i]);
		jt_close(w, ']');
		return;
	}
	jt_open(w, '{');
	if (w->measure) { /* integers only: nothing to measure */
		jt_close(w, '}');
		return;
	}
	size_t n = s->n_dice, m = 0;
	const char **keys = malloc((n ? n : 1) * sizeof *keys);
	size_t *order = malloc((n ? n : 1) * sizeof *order);
	if (!keys || !order) {
		w->failed = true;
		n = 0;
	}
	for (size_t i = 0; i < n; i++)
		keys[i] = s->dice_test[i] ? s->dice_test[i] : "";
	m = jt_sort_keys(w, keys, n, order);
	for (size_t k = 0; k < m; k++) {
		const char *t = keys[order[k]];
		jt_key(w, t);
		jt_open(w, '[');
		for (size_t i = 0; i < n; i++)
			if (strcmp(keys[i], t) == 0)
				jt_int(w, s->dice[i]);
		jt_close(w, ']');
	}
	free(keys);
	free(order);
	jt_close(w, '}');
}

static void dump_facts(jtext *w, const arb_scenario *s)
{
	jt_open(w, '{');
	if (w->measure) { /* strings only */
		jt_close(w, '}');
		return;
	}
	size_t n = s->n_facts;
	const char **keys = malloc((n ? n : 1) * sizeof *keys);
	size_t *order = malloc((n ? n : 1) * sizeof *order);
	if (!keys || !order) {
		w->failed = true;
		n = 0;
	}
	for (size_t i = 0; i < n; i++)
		keys[i] = s->facts[i].name;
	size_t m = jt_sort_keys(w, keys, n, order);
	for (size_t k = 0; k < m; k++) {
		jt_key(w, s->facts[order[k]].name);
		jt_str(w, s->facts[order[k]].value);
	}
	free(keys);
	free(order);
	jt_close(w, '}');
}

static void dump(jtext *w, const arb_scenario *s)
{
	jt_open(w, '{');
	jt_key(w, "action");
	dump_action(w, &s->action);
	jt_key(w, "board");
	jt_open(w, '{');
	jt_key(w, "h");
	jt_num(w, s->board_h);
	jt_key(w, "w");
	jt_num(w, s->board_w);
	jt_close(w, '}');
	jt_key(w, "context");
	dump_context(w, &s->context);
	jt_key(w, "dice");
	dump_dice(w, s);
	jt_key(w, "facts");
	dump_facts(w, s);
	jt_key(w, "format");
	jt_str(w, ARBJ_SCENARIO_FORMAT);
	jt_key(w, "id");
	jt_str(w, s->id);
	bool all = !s->profile || strcmp(s->profile, "all") == 0;
	jt_key(w, "profile");
	jt_str(w, all ? NULL : s->profile);
	jt_key(w, "ruleset");
	jt_str(w, s->ruleset);
	jt_key(w, "terrain");
	jt_open(w, '[');
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		jt_open(w, '{');
		if (t->has_height) {
			jt_key(w, "height");
			jt_num(w, t->height);
		}
		jt_key(w, "id");
		jt_str(w, t->id);
		jt_key(w, "kind");
		jt_str(w, t->kind);
		jt_key(w, "polygon");
		jt_points(w, t->poly, t->n_poly);
		jt_close(w, '}');
	}
	jt_close(w, ']');
	jt_key(w, "units");
	jt_open(w, '[');
	for (size_t i = 0; i < s->n_units; i++)
		dump_unit(w, &s->units[i]);
	jt_close(w, ']');
	jt_close(w, '}');
}

char *arbj_scenario_dump(const arb_scenario *s)
{
	jtext w;
	jt_begin(&w);
	dump(&w, s); /* measuring */
	if (jt_write_pass(&w))
		dump(&w, s);
	return jt_finish(&w);
}
