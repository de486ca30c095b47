/*
 * arbiter_ref.c: arbiter's own oracle behind the C ABI of arbiter_impl.h,
 * built as build/libarbiter_ref.so (make): the reference implementation of
 * `certify --abi`, as `judge --certify` is the streaming one, and what
 * `make bench` times against in-process `arbiter run`. The rulebooks are
 * read from $ARBITER_SPEC, else ./spec.
 *
 * It takes the scenario as the header's structures (version 3); built with
 * ARBITER_REF_LINES (build/libarbiter_ref_lines.so) it exports no
 * arbiter_impl_judge_scenario and is given lines, as a version 1 library.
 */
#include "arbiter.h"
#include "arbiter_impl.h"
#include "json_io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ref_ctx {
	arb_rulebook *rb;
	arb_oracle *o;
	char hello[4096];
} ref_ctx;

int arbiter_impl_abi(void)
{
#ifdef ARBITER_REF_LINES
	return 1; /* the four functions of version 1 */
#else
	return ARBITER_IMPL_ABI;
#endif
}

void *arbiter_impl_open(const char *suite)
{
	(void)suite;
	ref_ctx *c = calloc(1, sizeof *c);
	const char *spec = getenv("ARBITER_SPEC");
	arb_error err;
	arb_error_clear(&err);
	if (!c || arb_rulebook_load(&c->rb, spec ? spec : "spec", &err) ||
	    arb_oracle_new(&c->o, c->rb, &err)) {
		arbiter_impl_close(c);
		return NULL;
	}
	size_t k = (size_t)snprintf(c->hello, sizeof c->hello, "{\"claims\":[");
	for (size_t i = 0; i < arb_rulebook_ruleset_count(c->rb) && k < sizeof c->hello; i++)
		k += (size_t)snprintf(c->hello + k, sizeof c->hello - k, "%s{\"ruleset\":\"%s\"}",
		                      i ? "," : "", arb_rulebook_ruleset_at(c->rb, i));
	if (k < sizeof c->hello)
		snprintf(c->hello + k, sizeof c->hello - k,
		         "],\"format\":\"arbiter-certify/1\",\"name\":\"arbiter-abi\",\"profile\":"
		         "\"all\",\"type\":\"hello\",\"version\":\"1\"}");
	return c;
}

const char *arbiter_impl_hello(void *ctx)
{
	return ((ref_ctx *)ctx)->hello;
}

/* The verdict on s (NULL: not read, err says why) as a line into out. */
static long answer(ref_ctx *c, arb_scenario *s, arb_error *err, char *out, size_t cap)
{
	arb_verdict *v = NULL;
	char *line = NULL;
	if (s && arb_judge_ex(&v, c->o, s, NULL, ARB_JUDGE_TERSE, err) == ARB_OK)
		line = arbj_verdict_dump(v, false);
	else
		line = arbj_error_line(s ? s->id : NULL, err);
	arb_verdict_free(v);
	if (!line)
		return -1;
	size_t n = strlen(line);
	if (n < cap)
		memcpy(out, line, n + 1);
	free(line);
	return (long)n;
}

long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap)
{
	arb_scenario *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arbj_scenario_parse(&s, scenario, len, "<abi>", 1, &err) != ARB_OK)
		s = NULL;
	long k = answer(ctx, s, &err, out, cap);
	arb_scenario_free(s);
	return k;
}

#ifndef ARBITER_REF_LINES

/* ---- the scenario from the header's structures ----
 * Into an arb_scenario as arbj_scenario_parse makes it from the line: the
 * strings are the certifier's (they outlive the call), the arrays are the
 * scenario's own; stats and facts sorted by name, as the reader sorts
 * them. */

static int by_kv(const void *a, const void *b)
{
	return strcmp(((const arb_kv *)a)->name, ((const arb_kv *)b)->name);
}

static int by_fact(const void *a, const void *b)
{
	return strcmp(((const arb_fact *)a)->name, ((const arb_fact *)b)->name);
}

/* ptr = n elements in s's arena (NULL for none); false when memory ran
 * out. */
#define TAKE(s, ptr, n)                                                                            \
	(((ptr) = (n) ? arb_scenario_alloc((s), (n) * sizeof *(ptr)) : NULL), !(n) || (ptr))

static bool numbers(arb_scenario *s, arb_kv **out, const arbiter_impl_number *v, size_t n)
{
	if (!TAKE(s, *out, n))
		return false;
	for (size_t i = 0; i < n; i++)
		(*out)[i] = (arb_kv){v[i].name, v[i].value};
	if (n)
		qsort(*out, n, sizeof **out, by_kv);
	return true;
}

static bool points(arb_scenario *s, arb_vec2 **out, const arbiter_impl_point *v, size_t n)
{
	if (!TAKE(s, *out, n))
		return false;
	for (size_t i = 0; i < n; i++)
		(*out)[i] = (arb_vec2){v[i].x, v[i].y};
	return true;
}

static bool unit_of(arb_scenario *s, arb_unit *u, const arbiter_impl_unit *v)
{
	*u = (arb_unit){.id = v->id,
	                .side = v->side,
	                .formation = v->formation,
	                .facing_deg = v->facing_deg,
	                .status = (const char **)v->status,
	                .n_status = v->n_status,
	                .n_stats = v->n_stats,
	                .n_models = v->n_models};
	if (!numbers(s, &u->stats, v->stats, v->n_stats) || !TAKE(s, u->models, v->n_models))
		return false;
	for (size_t i = 0; i < v->n_models; i++) {
		const arbiter_impl_model *m = &v->models[i];
		arb_model *md = &u->models[i];
		*md = (arb_model){.id = m->id,
		                  .pos = {m->pos.x, m->pos.y},
		                  .facing_deg = m->facing_deg,
		                  .base = {.shape = m->shape == ARBITER_IMPL_RECT ? ARB_BASE_RECT
		                                                                  : ARB_BASE_ROUND,
		                           .d_mm = m->d_mm,
		                           .w_mm = m->w_mm,
		                           .depth_mm = m->depth_mm},
		                  .n_stats = m->n_stats};
		if (!numbers(s, &md->stats, m->stats, m->n_stats))
			return false;
	}
	return true;
}

static bool path_of(arb_scenario *s, arb_path *p, const arbiter_impl_path *v)
{
	*p = (arb_path){.model = v->model, .n_pts = v->n_points};
	if (!points(s, &p->pts, v->points, v->n_points))
		return false;
	if (!v->facings && !v->steps)
		return true;
	if (!TAKE(s, p->facing, v->n_points) || !TAKE(s, p->steps, v->n_points))
		return false;
	for (size_t i = 0; i < v->n_points; i++) {
		p->facing[i] = v->facings ? v->facings[i] : NAN;
		p->steps[i] = (arb_step){.kind = ARB_STEP_TRANSLATE};
		if (v->steps && i + 1 < v->n_points && v->steps[i].rotate)
			p->steps[i] =
			    (arb_step){.kind = ARB_STEP_ROTATE,
			               .pivot = {v->steps[i].pivot.x, v->steps[i].pivot.y},
			               .angle_deg = v->steps[i].angle_deg};
	}
	return true;
}

static bool scenario_of(arb_scenario *s, const arbiter_impl_scenario *v)
{
	s->id = v->id;
	s->ruleset = v->ruleset;
	s->profile = v->profile;
	s->src_file = "<abi>";
	s->src_line = 1;
	s->context = (arb_context){.phase = v->phase,
	                           .subphase = v->subphase,
	                           .battle_round = v->battle_round,
	                           .active_side = v->active_side,
	                           .in_progress = v->in_progress,
	                           .completed = (const char **)v->completed,
	                           .n_completed = v->n_completed,
	                           .has_log = v->has_log != 0,
	                           .n_log = v->n_log};
	arb_log_event *log = NULL;
	if (!TAKE(s, log, v->n_log))
		return false;
	for (size_t i = 0; i < v->n_log; i++) {
		const arbiter_impl_event *e = &v->log[i];
		log[i] = (arb_log_event){.subphase = e->subphase,
		                         .unit = e->unit,
		                         .action = e->action,
		                         .targets = (const char **)e->targets,
		                         .n_targets = e->n_targets};
		if (!e->n_paths)
			continue;
		if (!TAKE(s, log[i].paths, e->n_paths))
			return false;
		log[i].n_paths = e->n_paths;
		for (size_t k = 0; k < e->n_paths; k++)
			if (!path_of(s, &log[i].paths[k], &e->paths[k]))
				return false;
	}
	s->context.log = log;
	s->board_w = v->board_w;
	s->board_h = v->board_h;
	s->n_units = v->n_units;
	if (!TAKE(s, s->units, v->n_units))
		return false;
	for (size_t i = 0; i < v->n_units; i++)
		if (!unit_of(s, &s->units[i], &v->units[i]))
			return false;
	s->n_terrain = v->n_terrain;
	if (!TAKE(s, s->terrain, v->n_terrain))
		return false;
	for (size_t i = 0; i < v->n_terrain; i++) {
		const arbiter_impl_terrain *t = &v->terrain[i];
		s->terrain[i] = (arb_terrain){.id = t->id,
		                              .kind = t->kind,
		                              .n_poly = t->n_polygon,
		                              .has_height = t->has_height != 0,
		                              .height = t->has_height ? t->height : 0};
		if (!points(s, &s->terrain[i].poly, t->polygon, t->n_polygon))
			return false;
	}
	arb_action *a = &s->action;
	*a = (arb_action){.type = v->action_type,
	                  .unit = v->action_unit,
	                  .voluntary = v->voluntary != 0,
	                  .n_paths = v->n_paths,
	                  .stationary = (const char **)v->stationary,
	                  .n_stationary = v->n_stationary,
	                  .stationary_declared = v->stationary_declared != 0,
	                  .targets = (const char **)v->targets,
	                  .n_targets = v->n_targets};
	if (!TAKE(s, a->paths, v->n_paths))
		return false;
	for (size_t i = 0; i < v->n_paths; i++)
		if (!path_of(s, &a->paths[i], &v->paths[i]))
			return false;
	s->n_dice = v->n_dice;
	s->dice = (int *)v->dice;
	s->dice_test = (const char **)v->dice_test;
	s->n_facts = v->n_facts;
	if (!TAKE(s, s->facts, v->n_facts))
		return false;
	for (size_t i = 0; i < v->n_facts; i++)
		s->facts[i] = (arb_fact){v->facts[i].name, v->facts[i].value};
	if (v->n_facts)
		qsort(s->facts, v->n_facts, sizeof *s->facts, by_fact);
	return arb_scenario_index(s) == ARB_OK;
}

long arbiter_impl_judge_scenario(void *ctx, const arbiter_impl_scenario *v, char *out, size_t cap)
{
	arb_scenario *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (v->abi != ARBITER_IMPL_ABI || arb_scenario_new(&s) != ARB_OK || !scenario_of(s, v)) {
		arb_scenario_free(s);
		return -1;
	}
	long k = answer(ctx, s, &err, out, cap);
	arb_scenario_free(s);
	return k;
}

#endif

void arbiter_impl_close(void *ctx)
{
	ref_ctx *c = ctx;
	if (!c)
		return;
	arb_oracle_free(c->o);
	arb_rulebook_free(c->rb);
	free(c);
}
