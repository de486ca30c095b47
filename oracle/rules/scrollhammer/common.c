/* common.c: geometry shared by the Scrollhammer predicates. */
#include "common.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const arb_path *sh__moving_path_now(const arb_scenario *s, const arb_model *m)
{
	const arb_path *p = arb_scenario_path(s, m->id);
	if (!p)
		return NULL;
	/* Longer than the tolerance: the length summed as arb_geom_path_length
	 * sums it, up to the first partial sum over. A sum of non-negative
	 * terms never shrinks, so the answer is the same, most often after one
	 * segment (many predicates ask this of every model). */
	double len = 0;
	for (size_t i = 1; i < p->n_pts; i++) {
		double dx = p->pts[i].x - p->pts[i - 1].x, dy = p->pts[i].y - p->pts[i - 1].y;
		len += sqrt(dx * dx + dy * dy);
		if (len > ARB_TOLERANCE_IN)
			return p;
	}
	return NULL;
}

/* Which model of the actor m is (its index), or -1 when m is not one. */
static ptrdiff_t actor_index(const arb_eval *ev, const arb_model *m)
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!u || !u->n_models)
		return -1;
	/* As integers: m may point into another unit's array. */
	uintptr_t a = (uintptr_t)u->models, x = (uintptr_t)m;
	if (x < a || x >= a + u->n_models * sizeof *m || (x - a) % sizeof *m)
		return -1;
	return (ptrdiff_t)((x - a) / sizeof *m);
}

/* The actor's moving paths, one per model, and how many move. */
typedef struct moving {
	size_t n;
	const arb_path **path;
} moving;

static void *moving_make(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	moving *mv = arb_eval_alloc(ev, 1, sizeof *mv);
	if (!mv || !(mv->path = arb_eval_alloc(ev, u->n_models, sizeof(const arb_path *))))
		return NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		mv->path[i] = sh__moving_path_now(arb_eval_scenario(ev), &u->models[i]);
		mv->n += mv->path[i] != NULL;
	}
	return mv;
}

static const moving *actor_moving(const arb_eval *ev)
{
	static const char key = 0;
	return arb_eval_memo(ev, &key, moving_make, NULL);
}

const arb_path *sh__moving_path(const arb_eval *ev, const arb_model *m)
{
	ptrdiff_t i = actor_index(ev, m);
	const moving *mv = i >= 0 ? actor_moving(ev) : NULL;
	return mv ? mv->path[i] : sh__moving_path_now(arb_eval_scenario(ev), m);
}

size_t sh__moving_count(const arb_eval *ev, const arb_unit *u)
{
	const moving *mv = u == arb_eval_actor(ev) && u->n_models ? actor_moving(ev) : NULL;
	if (mv)
		return mv->n;
	size_t n = 0;
	for (size_t i = 0; i < u->n_models; i++)
		n += sh__moving_path_now(arb_eval_scenario(ev), &u->models[i]) != NULL;
	return n;
}

double sh__through_now(const arb_scenario *s, const arb_model *m, const char *kind, arb_through how)
{
	const arb_path *p = sh__moving_path_now(s, m);
	double len = 0;
	if (!p)
		return 0;
	arb_placed pl = arb_model_placed(m);
	for (size_t i = 0; i < s->n_terrain; i++)
		if (s->terrain[i].kind && strcmp(s->terrain[i].kind, kind) == 0)
			len += arb_geom_path_through(&pl, p->pts, p->n_pts, s->terrain[i].poly,
			                             s->terrain[i].n_poly, how, NULL);
	return len;
}

/* The kinds of terrain whose crossings are memoised, and the memo of each
 * kind and reading: the actor's models' lengths through it. */
static const char *const memo_kinds[] = {"difficult", "dangerous"};
enum { N_MEMO_KINDS = sizeof memo_kinds / sizeof *memo_kinds };
static const char through_keys[N_MEMO_KINDS][2];

static void *through_make(const arb_eval *ev, size_t kind, arb_through how)
{
	const arb_unit *u = arb_eval_actor(ev);
	double *len = arb_eval_alloc(ev, u->n_models, sizeof *len);
	for (size_t i = 0; len && i < u->n_models; i++) {
		/* sh__through_now's sum, with the memoised path */
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		const arb_scenario *s = arb_eval_scenario(ev);
		len[i] = 0;
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		for (size_t t = 0; t < s->n_terrain; t++)
			if (s->terrain[t].kind && strcmp(s->terrain[t].kind, memo_kinds[kind]) == 0)
				len[i] +=
				    arb_geom_path_through(&pl, p->pts, p->n_pts, s->terrain[t].poly,
				                          s->terrain[t].n_poly, how, NULL);
	}
	return len;
}

static void *through_make_0c(const arb_eval *ev)
{
	return through_make(ev, 0, ARB_THROUGH_CENTRE);
}
static void *through_make_0b(const arb_eval *ev)
{
	return through_make(ev, 0, ARB_THROUGH_BASE);
}
static void *through_make_1c(const arb_eval *ev)
{
	return through_make(ev, 1, ARB_THROUGH_CENTRE);
}
static void *through_make_1b(const arb_eval *ev)
{
	return through_make(ev, 1, ARB_THROUGH_BASE);
}

double sh__through(const arb_eval *ev, const arb_model *m, const char *kind, arb_through how)
{
	static void *(*const make[N_MEMO_KINDS][2])(const arb_eval *) = {
	    {through_make_0c, through_make_0b}, {through_make_1c, through_make_1b}};
	ptrdiff_t i = actor_index(ev, m);
	size_t k = 0;
	/* the same literal is, most often, the same pointer: no compare then */
	while (k < N_MEMO_KINDS && memo_kinds[k] != kind && strcmp(memo_kinds[k], kind) != 0)
		k++;
	if (i < 0 || k == N_MEMO_KINDS || (how != ARB_THROUGH_CENTRE && how != ARB_THROUGH_BASE))
		return sh__through_now(arb_eval_scenario(ev), m, kind, how);
	const double *len = arb_eval_memo(ev, &through_keys[k][how], make[k][how], NULL);
	return len ? len[i] : sh__through_now(arb_eval_scenario(ev), m, kind, how);
}

arb_vec2 sh__end_pos(const arb_scenario *s, const arb_model *m)
{
	const arb_path *p = arb_scenario_path(s, m->id);
	return p && p->n_pts ? p->pts[p->n_pts - 1] : m->pos;
}

bool sh__fact_is(const arb_scenario *s, const char *name, const char *value)
{
	const char *v = arb_scenario_fact(s, name);
	return v && strcmp(v, value) == 0;
}

bool sh__fact_num(const arb_scenario *s, const char *name, double *out)
{
	const char *v = arb_scenario_fact(s, name);
	char *end = NULL;
	if (!v)
		return false;
	double x = strtod(v, &end);
	if (end == v || *end || !isfinite(x))
		return false;
	*out = x;
	return true;
}

bool sh__end_placed(const arb_scenario *s, const arb_unit *u, arb_placed **out)
{
	*out = calloc(u->n_models ? u->n_models : 1, sizeof **out);
	if (!*out)
		return false;
	for (size_t i = 0; i < u->n_models; i++) {
		(*out)[i] = arb_model_placed(&u->models[i]);
		(*out)[i].c = sh__end_pos(s, &u->models[i]);
	}
	return true;
}

/* The actor's models where they end the action, and the distances of every
 * pair of them: what each coherency reading measures first. */
enum { GROUP_KEPT = 8 };
typedef struct end_group {
	arb_placed *pl;
	double *d;
	/* each reading and limit measured so far, and what it gave (filled as
	 * the predicates ask: a function of the scenario and the key alone) */
	size_t n_kept;
	struct {
		sh_chain how;
		double limit;
		arb_coherency co;
	} kept[GROUP_KEPT];
} end_group;

static void end_group_free(void *p)
{
	free(((end_group *)p)->d); /* the rest is the judgement's scratch */
}

static void *end_group_make(const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	end_group *g = u ? arb_eval_alloc(ev, 1, sizeof *g) : NULL;
	if (!g || !(g->pl = arb_eval_alloc(ev, u->n_models ? u->n_models : 1, sizeof *g->pl)))
		return NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		g->pl[i] = arb_model_placed(&u->models[i]);
		g->pl[i].c = sh__end_pos(s, &u->models[i]);
	}
	return arb_geom_distances(&g->d, g->pl, u->n_models) == ARB_OK ? g : NULL;
}

arb_outcome sh__coherency(const arb_eval *ev, const arb_unit *u, double limit, sh_chain how,
                          arb_result *r, arb_coherency *co)
{
	static const char *const what[] = {"a connected chain", "a single line", "every pair"};
	static const char key = 0;
	/* The actor's, measured once; another unit's (or no room for the memo),
	 * here and now. */
	end_group *g = u == arb_eval_actor(ev)
	                   ? arb_eval_memo(ev, &key, end_group_make, end_group_free)
	                   : NULL;
	arb_placed *pl = NULL;
	if (!g && !sh__end_placed(arb_eval_scenario(ev), u, &pl)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory while measuring coherency");
		return ARB_UNDECIDED;
	}
	int rc = ARB_OK;
	bool kept = false;
	for (size_t k = 0; g && k < g->n_kept && !kept; k++)
		if (g->kept[k].how == how && g->kept[k].limit == limit) {
			*co = g->kept[k].co;
			kept = true;
		}
	if (!kept) {
		rc = arb_geom_coherency_measured(g ? g->pl : pl, u->n_models, g ? g->d : NULL,
		                                 (arb_chain)how, limit, co);
		if (g && rc == ARB_OK && g->n_kept < GROUP_KEPT) {
			g->kept[g->n_kept].how = how;
			g->kept[g->n_kept].limit = limit;
			g->kept[g->n_kept++].co = *co;
		}
	}
	free(pl);
	if (rc != ARB_OK) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory while measuring coherency");
		return ARB_UNDECIDED;
	}
	/* A search out of budget is a fault of the program, not of the text. */
	if (!co->decided) {
		arb_result_fault(r, ARB_EBUDGET,
		                 "%zu models are too many to search for %s within %.2f in",
		                 u->n_models, what[how], limit);
		return ARB_UNDECIDED;
	}
	if (co->worst_a >= 0 && co->worst_b >= 0) {
		r->has_measure = true;
		r->measure.figure = co->bottleneck;
		r->measure.limit = limit;
		r->measure.margin = limit - co->bottleneck;
		r->measure.p = co->pa;
		r->measure.q = co->pb;
		r->measure.points = true;
		r->measure.other = co->worst_b;
		r->subject = u->models[co->worst_a].id;
		r->object = u->models[co->worst_b].id;
	}
	if (co->ok) {
		arb_result_explain(r, "%s ends as %s within %.2f in (widest link %.3f in)", u->id,
		                   what[how], limit, co->bottleneck);
		return ARB_HOLDS;
	}
	if (how == SH_CHAIN_LINE && co->components <= 1)
		arb_result_explain(r, "%s: no single line links all %zu models within %.2f in",
		                   u->id, u->n_models, limit);
	else if (co->worst_a >= 0 && co->worst_b >= 0)
		arb_result_explain(
		    r, "%s is not %s within %.2f in: %s to %s is %.3f in, over by %.3f in", u->id,
		    what[how], limit, u->models[co->worst_a].id, u->models[co->worst_b].id,
		    co->bottleneck, co->bottleneck - limit);
	else
		arb_result_explain(r, "%s is not %s within %.2f in", u->id, what[how], limit);
	return ARB_VIOLATED;
}
