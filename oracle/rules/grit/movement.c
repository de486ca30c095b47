/*
 * Grit, 2. Movement Phase, up to Charging and Engagement:
 * spec/grit/movement.md (GR.MOV.2, GR.MOV.3, Unit Coherency, Broken
 * Coherency). Cases: cases/grit/movement/. How each clause is read:
 * docs/encoding/grit-movement.md. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL ARB_TOLERANCE_IN

/* ---- 2. Movement Phase ---- */

/* GR.MOV.2 */
ARB_PREDICATE(gr_mov_2, .clause = "GR.MOV.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.distance", .params = GR_ALLOWANCE " " GR_YARD,
              .fingerprint = "66ef8d6073ce0123")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double yard = arb_eval_param(ev, GR_YARD), limit;
	const char *who = NULL;
	double longest = -1;
	arb_vec2 from = {0, 0}, to = {0, 0};
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = gr__path(s, &u->models[i]);
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
	if (!arb_eval_param_known(ev, GR_ALLOWANCE, &limit)) {
		/* The table the clause points to is not in the text: it asks how far
		 * and does not say. */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s moved %.2f in (%.2f yd); how far it may move is 'on the "
		                   "table below', and the text has no such table "
		                   "(movement_allowance: no errata table gives it)",
		                   who, longest, longest / yard);
		return;
	}
	r->has_measure = true;
	r->measure = (arb_measure){.points = true,
	                           .figure = longest,
	                           .limit = limit,
	                           .margin = limit - longest,
	                           .p = from,
	                           .q = to,
	                           .other = -1};
	arb_result_info(r, "movement_allowance_in", limit);
	r->outcome = longest <= limit + TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "%s moved %.2f in (%.2f yd), allowance %.2f yd (%.2f in)%s", who,
	                   longest, longest / yard, limit / yard, limit,
	                   r->outcome == ARB_HOLDS ? "" : ": over");
}

/* Whether model m of the actor, moving along p, goes through another model
 * (overlaps it by more than touching anywhere along its path): the models
 * that stay put, of every unit, its own included. */
static double through_models(const arb_scenario *s, const arb_unit *u, const arb_model *m,
                             const arb_path *p, const char **who, arb_measure *wm)
{
	double worst = 0;
	arb_placed pl = arb_model_placed(m);
	*who = NULL;
	for (size_t k = 0; k < s->n_units; k++) {
		const arb_unit *o = &s->units[k];
		for (size_t j = 0; j < o->n_models; j++) {
			const arb_model *x = &o->models[j];
			if (x == m || (o == u && gr__path(s, x)))
				continue;
			arb_placed op = arb_model_placed(x);
			arb_measure mm;
			double d = arb_geom_swept_penetration(&pl, p->pts, p->n_pts, &op, 1, &mm);
			if (d > worst) {
				worst = d;
				*who = x->id;
				*wm = mm;
			}
		}
	}
	return worst;
}

/* How far model m's path goes through terrain piece t, its base
 * overlapping it; NAN when out of memory. */
static double through_piece(const arb_model *m, const arb_path *p, const arb_terrain *t)
{
	arb_placed pl = arb_model_placed(m);
	return arb_geom_path_through(&pl, p->pts, p->n_pts, t->poly, t->n_poly, ARB_THROUGH_BASE,
	                             NULL);
}

/* The first piece of terrain model m's path goes through: its index, or -1;
 * -2 when out of memory. */
static long through_terrain(const arb_scenario *s, const arb_model *m, const arb_path *p,
                            double *len)
{
	for (size_t k = 0; k < s->n_terrain; k++) {
		*len = through_piece(m, p, &s->terrain[k]);
		if (isnan(*len))
			return -2;
		if (*len > TOL)
			return (long)k;
	}
	return -1;
}

/* GR.MOV.3: friendlies, enemies and terrain of any kind ("or anything else
 * like that": models and terrain are all a scenario holds). */
ARB_PREDICATE(gr_mov_3, .clause = "GR.MOV.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.through", .fingerprint = "cf6bd8d35619123f")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool any = false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = gr__path(s, m);
		const char *who;
		arb_measure wm;
		double len;
		if (!p)
			continue;
		any = true;
		double d = through_models(s, u, m, p, &who, &wm);
		if (d > TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			r->object = who;
			r->has_measure = true;
			r->measure = wm; /* the overlap, against none allowed */
			r->measure.limit = 0;
			r->measure.margin = -d;
			arb_result_explain(r, "%s moves through %s (overlap up to %.3f in)", m->id,
			                   who, d);
			return;
		}
		long k = through_terrain(s, m, p, &len);
		if (k == -2) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring terrain");
			return;
		}
		if (k >= 0) {
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			r->object = s->terrain[k].id;
			arb_result_explain(r, "%s moves through %s terrain %s for %.2f in", m->id,
			                   s->terrain[k].kind, s->terrain[k].id, len);
			return;
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no moving model of %s passes through another model or terrain",
	                   u->id);
}

/* ---- Unit Coherency ---- */

/* The actor's models where they end the move (malloc'ed; NULL when out of
 * memory). */
static arb_placed *ends(const arb_scenario *s, const arb_unit *u)
{
	arb_placed *pl = calloc(u->n_models ? u->n_models : 1, sizeof *pl);
	for (size_t i = 0; pl && i < u->n_models; i++)
		pl[i] = gr__end_placed(s, &u->models[i]);
	return pl;
}

/* The key of base b in GR.MOV.COH.2's table ("determined by model base
 * size"): "25mm" for a round base, "60x35mm" (frontage x depth) else. */
static void base_key(const arb_base *b, char *out, size_t n)
{
	if (b->shape == ARB_BASE_ROUND)
		snprintf(out, n, "%gmm", b->d_mm);
	else
		snprintf(out, n, "%gx%gmm", b->w_mm, b->depth_mm);
}

/* The actor's unit coherency range in inches: GR.MOV.COH.2's table, one
 * value for every base or the row of each model's base size; false (r
 * explained, UNDECIDED) when the table, or a row, is not there, or when
 * the unit's bases have rows that differ ("unit coherency range" is one
 * range, and the text does not say whose base sets it). */
bool gr__coherency_range(const arb_eval *ev, arb_result *r, double *out)
{
	const arb_unit *u = arb_eval_actor(ev);
	char key[64], first[64] = "";
	if (arb_eval_param_known(ev, GR_RANGE, out))
		return true;
	for (size_t i = 0; i < u->n_models; i++) {
		double x;
		base_key(&u->models[i].base, key, sizeof key);
		if (!arb_eval_param_row(ev, GR_RANGE, key, &x)) {
			r->outcome = ARB_UNDECIDED;
			r->subject = u->models[i].id;
			arb_result_explain(
			    r,
			    "unit coherency range is 'determined by model base size "
			    "on the table below' (GR.MOV.COH.2), and the text has no "
			    "such table (coherency_range: no errata row for %s "
			    "bases)",
			    key);
			return false;
		}
		if (i == 0) {
			*out = x;
			snprintf(first, sizeof first, "%s", key);
		} else if (fabs(x - *out) > TOL) {
			r->outcome = ARB_UNDECIDED;
			r->subject = u->models[i].id;
			arb_result_explain(r,
			                   "%s's models have bases of different unit coherency "
			                   "ranges (%s %.2f in, %s %.2f in): which base size "
			                   "determines the unit's, the text does not say",
			                   u->id, first, *out, key, x);
			return false;
		}
	}
	return true;
}

/* Every model of the actor at least k others within limit at the end. */
static void k_near(const arb_eval *ev, arb_result *r, double limit, size_t k)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_placed *pl = ends(s, u);
	arb_coherency co;
	if (!pl || arb_geom_coherency_k_near(pl, u->n_models, limit, k, &co) != ARB_OK) {
		free(pl);
		arb_result_fault(r, ARB_ENOMEM, "out of memory measuring coherency");
		return;
	}
	free(pl);
	arb_result_info(r, "coherency_neighbours", (double)k);
	r->outcome = co.ok ? ARB_HOLDS : ARB_VIOLATED;
	if (co.ok) {
		arb_result_explain(r, "every model of %s ends within %.2f in of %zu other(s)",
		                   u->id, limit, k);
		return;
	}
	r->subject = co.worst_a >= 0 ? u->models[co.worst_a].id : NULL;
	r->has_measure = true;
	r->measure = (arb_measure){.points = co.worst_b >= 0,
	                           .figure = co.bottleneck,
	                           .limit = limit,
	                           .margin = limit - co.bottleneck,
	                           .p = co.pa,
	                           .q = co.pb,
	                           .other = co.worst_b};
	arb_result_explain(r,
	                   "%s ends with fewer than %zu other model(s) within %.2f in: its "
	                   "%zu-th nearest is %.2f in away",
	                   r->subject ? r->subject : "a model", k, limit, k, co.bottleneck);
}

/* Where the table is missing (r undecided): a model in base contact with
 * k others is within any range the table could give (a range is a
 * distance, 0 or more, and "within" includes it), so the clause holds
 * whatever the table says, as GR.MOV.STOMP.3 decides a move too long for
 * every range. Otherwise r stays the gap gr__coherency_range made it. */
static void k_touching(const arb_eval *ev, arb_result *r, size_t k)
{
	arb_result t = *r;
	k_near(ev, &t, 0.0, k);
	if (t.fault) {
		*r = t;
		return;
	}
	if (t.outcome != ARB_HOLDS)
		return;
	*r = t;
	arb_result_explain(r,
	                   "every model of %s ends in base contact with %zu other(s): within any "
	                   "range the missing table could give",
	                   arb_eval_actor(ev)->id, k);
}

/* The readings of "at least one other model" for a unit of one model. */
enum { GR_LONE_LITERAL = 0, GR_LONE_EXEMPT = 1 };

/* GR.MOV.COH.1 */
ARB_PREDICATE(gr_mov_coh_1, .clause = "GR.MOV.COH.1",
              .readings = ARB_READINGS({"literal", GR_LONE_LITERAL},
                                       {"lone-exempt", GR_LONE_EXEMPT}),
              .ruleset = "grit", .actions = "move", .phases = "movement",
              .question = "unit.coherency", .params = GR_RANGE, .fingerprint = "730d77ade06aca65")
{
	const arb_unit *u = arb_eval_actor(ev);
	double limit;
	if (u->n_models == 1) {
		/* "at least one other model": a unit of one has none. */
		r->subject = u->models[0].id;
		if (arb_eval_reading_arg(ev) == GR_LONE_LITERAL) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(r,
			                   "%s is the only model of %s: there is no other model "
			                   "to end within range of",
			                   u->models[0].id, u->id);
		} else {
			r->outcome = ARB_HOLDS;
			arb_result_explain(r,
			                   "%s is the only model of %s: read as asking nothing of "
			                   "a unit of one",
			                   u->models[0].id, u->id);
		}
		return;
	}
	if (u->n_models == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!gr__coherency_range(ev, r, &limit)) {
		k_touching(ev, r, 1);
		return;
	}
	k_near(ev, r, limit, 1);
}

/* GR.MOV.COH.2 */
ARB_PREDICATE(gr_mov_coh_2, .clause = "GR.MOV.COH.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "unit.coherency", .params = GR_RANGE " " GR_YARD,
              .fingerprint = "40166df1252b5558")
{
	const arb_unit *u = arb_eval_actor(ev);
	double limit;
	if (u->n_models < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (!gr__coherency_range(ev, r, &limit))
		return;
	r->outcome = ARB_VALUE;
	arb_result_info(r, "coherency_range_in", limit);
	arb_result_explain(r,
	                   "unit coherency range %.2f in (%.2f yd), as the errata table "
	                   "gives it",
	                   limit, limit / arb_eval_param(ev, GR_YARD));
}

/* How many others each model must end within: one (GR.MOV.COH.1) and one
 * more for every step models in the unit (GR.MOV.COH.3). */
size_t gr__neighbours_needed(size_t n, double step)
{
	return 1 + (size_t)floor((double)n / step);
}

/* GR.MOV.COH.3 */
ARB_PREDICATE(gr_mov_coh_3, .clause = "GR.MOV.COH.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "unit.coherency",
              .params = "coherency_step " GR_RANGE, .fingerprint = "b158c81ad49c29f5")
{
	const arb_unit *u = arb_eval_actor(ev);
	double step = arb_eval_param(ev, "coherency_step"), limit;
	if ((double)u->n_models < step) {
		r->outcome = ARB_NA;
		return;
	}
	if (!gr__coherency_range(ev, r, &limit)) {
		k_touching(ev, r, gr__neighbours_needed(u->n_models, step));
		return;
	}
	k_near(ev, r, limit, gr__neighbours_needed(u->n_models, step));
}

/* ---- Broken Coherency ---- */

/* GR.MOV.BCOH.1 */
ARB_PREDICATE(gr_mov_bcoh_1, .clause = "GR.MOV.BCOH.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "unit.falls_apart",
              .fingerprint = "8997c7e5a487d9fe")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (gr__fact_bool(arb_eval_scenario(ev), "coherency_unreachable") != 1) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "falls_apart", 1);
	arb_result_explain(r, "%s cannot finish its move in unit coherency: it falls apart", u->id);
}

/* Which models "aren't in coherency" (GR.MOV.BCOH.2): the text does not say. */
enum { GR_OUT_NEIGHBOURS = 0, GR_OUT_GROUP = 1 };

/* Whether word w is one of the words of list (spaces or commas between). */
static bool word_in(const char *list, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = list; *p;) {
		/* spaces or commas, as validate.c reads a fact of type models */
		p += strspn(p, " ,");
		size_t k = strcspn(p, " ,");
		if (k == n && strncmp(p, w, n) == 0)
			return true;
		p += k;
	}
	return false;
}

/* The size of the largest group of models linked within limit, and whether
 * another group is as large; d the pairwise distances. */
static size_t largest_group(const double *d, size_t n, double limit, bool *tie, size_t *which,
                            size_t *comp)
{
	size_t best = 0, nc = 0;
	*tie = false;
	for (size_t i = 0; i < n; i++)
		comp[i] = (size_t)-1;
	size_t *stack = malloc((n ? n : 1) * sizeof *stack);
	if (!stack)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (comp[i] != (size_t)-1)
			continue;
		size_t sz = 0, top = 0;
		comp[i] = nc;
		stack[top++] = i;
		while (top) {
			size_t a = stack[--top];
			sz++;
			for (size_t b = 0; b < n; b++)
				if (comp[b] == (size_t)-1 && arb_within(d[a * n + b], limit)) {
					comp[b] = nc;
					stack[top++] = b;
				}
		}
		if (sz > best) {
			best = sz;
			*tie = false;
			*which = nc;
		} else if (sz == best) {
			*tie = true;
		}
		nc++;
	}
	free(stack);
	return best;
}

/* GR.MOV.BCOH.2 */
ARB_PREDICATE(gr_mov_bcoh_2, .clause = "GR.MOV.BCOH.2",
              .readings = ARB_READINGS({"neighbours", GR_OUT_NEIGHBOURS}, {"group", GR_OUT_GROUP}),
              .ruleset = "grit", .actions = "move", .phases = "movement",
              .question = "unit.coherency", .params = "GR.MOV.COH.3:coherency_step " GR_RANGE,
              .fingerprint = "aa7665c9fd9feebb")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double limit, step = arb_eval_param(ev, "GR.MOV.COH.3:coherency_step");
	if (gr__fact_bool(s, "coherency_unreachable") != 1 || u->n_models == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!gr__coherency_range(ev, r, &limit))
		return;
	arb_placed *pl = ends(s, u);
	double *d = NULL;
	size_t *comp = calloc(u->n_models, sizeof *comp);
	if (!pl || !comp || arb_geom_distances(&d, pl, u->n_models) != ARB_OK) {
		free(pl);
		free(comp);
		arb_result_fault(r, ARB_ENOMEM, "out of memory measuring coherency");
		return;
	}
	size_t n = u->n_models, removed = 0;
	/* comp[i] == 1: model i is out of coherency under this reading */
	if (arb_eval_reading_arg(ev) == GR_OUT_NEIGHBOURS) {
		/* A model short of the others it must end within (GR.MOV.COH.1, .3). */
		size_t k = (double)n < step ? 1 : gr__neighbours_needed(n, step);
		for (size_t i = 0; i < n; i++) {
			size_t near = 0;
			for (size_t j = 0; j < n; j++)
				near += j != i && arb_within(d[i * n + j], limit);
			comp[i] = near < k;
			removed += comp[i];
		}
	} else {
		bool tie;
		size_t which = 0, big = largest_group(d, n, limit, &tie, &which, comp);
		if (big && tie && big < n) {
			free(pl);
			free(comp);
			free(d);
			r->outcome = ARB_UNDECIDED;
			arb_result_explain(r,
			                   "%s falls into groups of %zu models each: which group "
			                   "is the unit's, in coherency, the text does not say",
			                   u->id, big);
			return;
		}
		removed = n - big;
		for (size_t i = 0; i < n; i++)
			comp[i] = comp[i] != which;
	}
	free(pl);
	free(d);
	const char *said = arb_scenario_fact(s, "removed");
	for (size_t i = 0; said && i < n; i++) {
		/* the models the player removed, against those out of coherency */
		bool gone = word_in(said, u->models[i].id);
		if (gone != (comp[i] == 1)) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			arb_result_explain(r, "%s %s, and it is %s coherency", u->models[i].id,
			                   gone ? "is removed" : "stays", gone ? "in" : "out of");
			free(comp);
			return;
		}
	}
	free(comp);
	r->outcome = ARB_PERMITS;
	arb_result_value(r, "removed", (double)removed);
	arb_result_explain(r,
	                   "the move of %s is completed, then %zu of its %zu models out of "
	                   "coherency are removed",
	                   u->id, removed, n);
}
