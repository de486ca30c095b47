/* common.c: geometry shared by the Scrollhammer predicates. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const arb_path *sh__moving_path(const arb_scenario *s, const arb_model *m)
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

size_t sh__moving_count(const arb_scenario *s, const arb_unit *u)
{
	size_t n = 0;
	for (size_t i = 0; i < u->n_models; i++)
		n += sh__moving_path(s, &u->models[i]) != NULL;
	return n;
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
typedef struct end_group {
	arb_placed *pl;
	double *d;
} end_group;

static void end_group_free(void *p)
{
	end_group *g = p;
	if (g) {
		free(g->pl);
		free(g->d);
	}
	free(g);
}

static void *end_group_make(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	end_group *g = calloc(1, sizeof *g);
	if (!g || !u || !sh__end_placed(arb_eval_scenario(ev), u, &g->pl) ||
	    arb_geom_distances(&g->d, g->pl, u->n_models) != ARB_OK) {
		end_group_free(g);
		return NULL;
	}
	return g;
}

arb_outcome sh__coherency(const arb_eval *ev, const arb_unit *u, double limit, sh_chain how,
                          arb_result *r, arb_coherency *co)
{
	static const char *const what[] = {"a connected chain", "a single line", "every pair"};
	static const char key = 0;
	/* The actor's, measured once; another unit's (or no room for the memo),
	 * here and now. */
	const end_group *g = u == arb_eval_actor(ev)
	                         ? arb_eval_memo(ev, &key, end_group_make, end_group_free)
	                         : NULL;
	arb_placed *pl = NULL;
	if (!g && !sh__end_placed(arb_eval_scenario(ev), u, &pl)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory while measuring coherency");
		return ARB_UNDECIDED;
	}
	int rc = arb_geom_coherency_measured(g ? g->pl : pl, u->n_models, g ? g->d : NULL,
	                                     (arb_chain)how, limit, co);
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
