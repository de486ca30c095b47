/*
 * Grit, 2. Movement Phase, Difficult Terrain, Towering Steps and Stomping:
 * spec/grit/movement.md (GR.MOV.DIFF.*, GR.MOV.TOWER.*, GR.MOV.STOMP.*).
 * Cases: cases/grit/movement/. How each clause is read:
 * docs/encoding/grit-movement.md. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TOL ARB_TOLERANCE_IN

static bool difficult_kind(const char *kind, bool bodies)
{
	return strcmp(kind, "difficult") == 0 || (bodies && strcmp(kind, "dead_bodies") == 0);
}

/* How far model m's path goes through terrain of the kinds asked, its base
 * overlapping each piece, summed over the pieces; NAN when out of memory. */
static double through_kind(const arb_scenario *s, const arb_model *m, const arb_path *p,
                           bool difficult, bool bodies)
{
	double sum = 0;
	arb_placed pl = arb_model_placed(m);
	for (size_t k = 0; k < s->n_terrain; k++) {
		const arb_terrain *t = &s->terrain[k];
		bool want = difficult ? difficult_kind(t->kind, bodies)
		                      : strcmp(t->kind, "dead_bodies") == 0;
		if (want)
			sum += arb_geom_path_through(&pl, p->pts, p->n_pts, t->poly, t->n_poly,
			                             ARB_THROUGH_BASE, NULL);
	}
	return sum;
}

/* GR.MOV.DIFF.3: moving across difficult terrain (dead bodies among it,
 * GR.MOV.DIFF.4) is allowed and costs double: the length of path across it
 * counts twice against the allowance. */
ARB_PREDICATE(gr_mov_diff_3, .clause = "GR.MOV.DIFF.3", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.through", .params = GR_ALLOWANCE " " GR_YARD,
              .fingerprint = "ad1cf1f8b14c03ee")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double yard = arb_eval_param(ev, GR_YARD), limit, worst = -INFINITY, w_cost = 0, w_len = 0,
	       w_thr = 0;
	const char *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = gr__path(s, &u->models[i]);
		if (!p)
			continue;
		double thr = through_kind(s, &u->models[i], p, true, true);
		if (isnan(thr)) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring terrain");
			return;
		}
		if (thr <= TOL)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts), cost = len + thr;
		if (cost > worst) {
			worst = cost;
			who = u->models[i].id;
			w_cost = cost;
			w_len = len;
			w_thr = thr;
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	arb_result_value(r, "move_cost_in", w_cost);
	if (!arb_eval_param_known(ev, GR_ALLOWANCE, &limit)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s's move costs %.2f in (%.2f, %.2f of it across difficult "
		                   "terrain, doubled); the allowance is 'on the table below' "
		                   "(GR.MOV.2), which the text does not have",
		                   who, w_cost, w_len, w_thr);
		return;
	}
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = w_cost, .limit = limit, .margin = limit - w_cost, .other = -1};
	r->outcome = w_cost <= limit + TOL ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%s moves %.2f in, %.2f of it across difficult terrain: costs %.2f in "
	                   "(%.2f yd), allowance %.2f yd (%.2f in)%s",
	                   who, w_len, w_thr, w_cost, w_cost / yard, limit / yard, limit,
	                   r->outcome == ARB_PERMITS ? "" : ": over");
}

/* GR.MOV.DIFF.4: the move crosses dead bodies, which count as difficult
 * terrain (what that costs is GR.MOV.DIFF.3's). */
ARB_PREDICATE(gr_mov_diff_4, .clause = "GR.MOV.DIFF.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.terrain.kind",
              .fingerprint = "0a06c339b7e7f500")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = gr__path(s, &u->models[i]);
		double thr = p ? through_kind(s, &u->models[i], p, false, true) : 0;
		if (isnan(thr)) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring terrain");
			return;
		}
		if (thr > TOL) {
			r->outcome = ARB_VALUE;
			r->subject = u->models[i].id;
			arb_result_value(r, "dead_bodies_in", thr);
			arb_result_explain(r,
			                   "%s crosses %.2f in of dead bodies: difficult terrain",
			                   u->models[i].id, thr);
			return;
		}
	}
	r->outcome = ARB_NA;
}

/* GR.MOV.DIFF.5 */
ARB_PREDICATE(gr_mov_diff_5, .clause = "GR.MOV.DIFF.5", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.end.terrain",
              .fingerprint = "d2efda9b7bf328a6")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool any = false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (!gr__path(s, m))
			continue;
		any = true;
		arb_placed pl = gr__end_placed(s, m);
		for (size_t k = 0; k < s->n_terrain; k++) {
			const arb_terrain *t = &s->terrain[k];
			if (strcmp(t->kind, "dead_bodies") == 0 &&
			    gr__on_polygon(&pl, t->poly, t->n_poly)) {
				r->outcome = ARB_VIOLATED;
				r->subject = m->id;
				r->object = t->id;
				arb_result_explain(r, "%s ends its move on the dead bodies %s",
				                   m->id, t->id);
				return;
			}
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no model of %s ends on dead bodies", u->id);
}

/* GR.MOV.TOWER.1's share of a moving model's height ("a quarter"). */
#define TOWER_SHARE "GR.MOV.TOWER.1:tower_share"

/* One thing a model of the actor moves through or ends on: a model x of
 * unit xu, or a piece of terrain t. */
typedef struct crossing {
	const arb_model *m; /* the actor's model */
	const arb_model *x; /* what it meets: a model, or NULL and ... */
	const arb_unit *xu;
	const arb_terrain *t; /* ... a piece of terrain */
} crossing;

/* The things the moving models of u go through (GR.MOV.3's "through"), in
 * order: other models (its own that stay put among them), then terrain.
 * Calls visit on each until it returns true; returns whether one did. */
static bool each_through(const arb_scenario *s, const arb_unit *u,
                         bool (*visit)(const crossing *c, void *ctx), void *ctx)
{
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = gr__path(s, m);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(m);
		for (size_t k = 0; k < s->n_units; k++)
			for (size_t j = 0; j < s->units[k].n_models; j++) {
				const arb_model *x = &s->units[k].models[j];
				if (x == m || (&s->units[k] == u && gr__path(s, x)))
					continue;
				arb_placed op = arb_model_placed(x);
				crossing c = {m, x, &s->units[k], NULL};
				if (arb_geom_swept_penetration(&pl, p->pts, p->n_pts, &op, 1,
				                               NULL) > TOL &&
				    visit(&c, ctx))
					return true;
			}
		for (size_t k = 0; k < s->n_terrain; k++) {
			const arb_terrain *t = &s->terrain[k];
			crossing c = {m, NULL, NULL, t};
			if (arb_geom_path_through(&pl, p->pts, p->n_pts, t->poly, t->n_poly,
			                          ARB_THROUGH_BASE, NULL) > TOL &&
			    visit(&c, ctx))
				return true;
		}
	}
	return false;
}

/* The models of other units, or standing models of the actor's own, that a
 * moving model of the actor ends on top of; visit as above. */
static bool each_under(const arb_scenario *s, const arb_unit *u,
                       bool (*visit)(const crossing *c, void *ctx), void *ctx)
{
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (!gr__path(s, m))
			continue;
		arb_placed pl = gr__end_placed(s, m);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *o = &s->units[k];
			for (size_t j = 0; j < o->n_models; j++) {
				/* the actor's own moving models move with it */
				if (o == u && (j == i || gr__path(s, &o->models[j])))
					continue;
				arb_placed op = arb_model_placed(&o->models[j]);
				crossing c = {m, &o->models[j], o, NULL};
				if (gr__on_top(&pl, &op) && visit(&c, ctx))
					return true;
			}
		}
	}
	return false;
}

/* What the crossings of one clause add up to: how many, the first, the
 * first whose height is not given (and which height), the first that is
 * taller than the share of its mover's height, with their heights. */
typedef struct towering {
	const arb_scenario *s;
	const arb_unit *u;
	double share;
	size_t n;
	crossing first;
	crossing unknown; /* .m NULL: every height given */
	bool unknown_mover;
	crossing taller; /* .m NULL: the mover towers over each */
	double h_m, h_x; /* of taller, else of first */
} towering;

static const char *crossed_id(const crossing *c)
{
	return c->t ? c->t->id : c->x->id;
}

static bool height_of(const towering *tw, const crossing *c, bool mover, double *out)
{
	if (mover)
		return arb_model_stat(c->m, tw->u, "height", out);
	if (c->t) {
		*out = c->t->height;
		return c->t->has_height;
	}
	return arb_model_stat(c->x, c->xu, "height", out);
}

static bool tally(const crossing *c, void *ctx)
{
	towering *tw = ctx;
	double hm = 0, hx = 0;
	bool has_m = height_of(tw, c, true, &hm), has_x = height_of(tw, c, false, &hx);
	if (tw->n++ == 0) {
		tw->first = *c;
		tw->h_m = hm;
		tw->h_x = hx;
	}
	if ((!has_m || !has_x) && !tw->unknown.m) {
		tw->unknown = *c;
		tw->unknown_mover = !has_m;
	}
	if (has_m && has_x && !tw->taller.m && hx > tw->share * hm + TOL) {
		tw->taller = *c;
		tw->h_m = hm;
		tw->h_x = hx;
	}
	return false;
}

/* Tallies the crossings (each_through or each_under) of the actor, against
 * share of the movers' heights. */
static towering tower_tally(const arb_eval *ev,
                            bool (*each)(const arb_scenario *, const arb_unit *,
                                         bool (*)(const crossing *, void *), void *),
                            double share)
{
	towering tw = {.s = arb_eval_scenario(ev), .u = arb_eval_actor(ev), .share = share};
	each(tw.s, tw.u, tally, &tw);
	return tw;
}

/* A height a clause compares and the scenario does not give: bad input
 * (issue 11, "a model without the characteristic a clause needs"). */
static void height_missing(arb_result *r, const towering *tw)
{
	const crossing *c = &tw->unknown;
	if (!tw->unknown_mover && c->t)
		arb_result_bad_input(r, "terrain",
		                     "terrain %s states no height ('height='), which towering "
		                     "steps compare: %s moves through it",
		                     c->t->id, c->m->id);
	else
		arb_result_bad_input(r, "models",
		                     "model %s states no height (the characteristic 'height'), "
		                     "which towering steps compare: %s meets %s",
		                     tw->unknown_mover ? c->m->id : crossed_id(c), c->m->id,
		                     crossed_id(c));
}

/* Sets the measure of a comparison of heights: the height of what is met
 * against the share of the mover's. */
static void height_measure(arb_result *r, const towering *tw)
{
	double lim = tw->share * tw->h_m;
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = tw->h_x, .limit = lim, .margin = lim - tw->h_x, .other = -1};
}

/* GR.MOV.TOWER.1: every model and piece of terrain a moving model goes
 * through stands at most a quarter of that model's height (the model's
 * characteristic `height`, the piece's height, both in inches). */
ARB_PREDICATE(gr_mov_tower_1, .clause = "GR.MOV.TOWER.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.through", .params = TOWER_SHARE,
              .fingerprint = "1d98e25716dcef73")
{
	towering tw = tower_tally(ev, each_through, arb_eval_param(ev, TOWER_SHARE));
	if (!tw.n) {
		r->outcome = ARB_NA;
		return;
	}
	if (tw.unknown.m) {
		height_missing(r, &tw);
		return;
	}
	const crossing *c = tw.taller.m ? &tw.taller : &tw.first;
	r->subject = c->m->id;
	r->object = crossed_id(c);
	height_measure(r, &tw);
	if (tw.taller.m) {
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "%s moves through %s, %.2f in tall: more than %g of %s's "
		                   "height %.2f in (%.2f in)",
		                   c->m->id, r->object, tw.h_x, tw.share, c->m->id, tw.h_m,
		                   tw.share * tw.h_m);
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%s moves through %s, %.2f in tall, at most %g of its height %.2f "
	                   "in (%.2f in)%s: unabated",
	                   c->m->id, r->object, tw.h_x, tw.share, tw.h_m, tw.share * tw.h_m,
	                   tw.n > 1 ? ", and over all else it meets likewise" : "");
}

/* GR.MOV.TOWER.2 */
ARB_PREDICATE(gr_mov_tower_2, .clause = "GR.MOV.TOWER.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.end.models",
              .fingerprint = "b077a3e401975fe8")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (gr__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	/* where it ends, not how tall: no share compared */
	towering tw = tower_tally(ev, each_under, 0);
	if (tw.n == 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "no model of %s ends on top of another model", u->id);
		return;
	}
	r->outcome = ARB_VIOLATED;
	r->subject = tw.first.m->id;
	r->object = tw.first.x->id;
	arb_result_explain(r, "%s ends its move on top of %s", r->subject, r->object);
}

/* GR.MOV.STOMP.1: "if you're able to perform towering steps over them":
 * each model ended on is at most GR.MOV.TOWER.1's share of the height of
 * the model on top of it. */
ARB_PREDICATE(gr_mov_stomp_1, .clause = "GR.MOV.STOMP.1", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "move.end.models", .params = TOWER_SHARE,
              .fingerprint = "5873dfadb665f4b2")
{
	towering tw = tower_tally(ev, each_under, arb_eval_param(ev, TOWER_SHARE));
	if (tw.n == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (tw.unknown.m) {
		height_missing(r, &tw);
		return;
	}
	const crossing *c = tw.taller.m ? &tw.taller : &tw.first;
	r->subject = c->m->id;
	r->object = c->x->id;
	height_measure(r, &tw);
	if (tw.taller.m) {
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "%s ends on top of %s, %.2f in tall: more than %g of its "
		                   "height %.2f in, so no towering steps over it",
		                   c->m->id, c->x->id, tw.h_x, tw.share, tw.h_m);
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%s ends on top of %s, %.2f in tall, at most %g of its height %.2f "
	                   "in: towering steps over it",
	                   c->m->id, c->x->id, tw.h_x, tw.share, tw.h_m);
}

/* Whether the actor stomps (GR.MOV.STOMP.1 permits: it ends on top of
 * models it can tower over): how many models are underneath, 0 when it
 * does not, -1 when a height it compares is not given (bad input set). */
static long stomped(const arb_eval *ev, arb_result *r, const arb_model **st)
{
	towering tw = tower_tally(ev, each_under, arb_eval_param(ev, TOWER_SHARE));
	*st = tw.first.m;
	if (tw.n && tw.unknown.m) {
		height_missing(r, &tw);
		return -1;
	}
	return tw.n && !tw.taller.m ? (long)tw.n : 0;
}

/* GR.MOV.STOMP.2 */
ARB_PREDICATE(gr_mov_stomp_2, .clause = "GR.MOV.STOMP.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.checks", .params = TOWER_SHARE,
              .fingerprint = "e6af1fcbce90c383")
{
	const arb_model *st;
	long n = stomped(ev, r, &st);
	if (n < 0)
		return;
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	r->subject = st->id;
	arb_result_value(r, "stomp_initiative_checks", (double)n);
	arb_result_explain(r, "%ld model(s) under %s must pass an Initiative check", n, st->id);
}

/* The readings of "move the minimum distance out from under neath them,
 * maintaining unit coherency": the minimum is the least move that clears
 * the stomper, and coherency a condition beside it (depth); or the least
 * move that both clears it and keeps the unit in coherency (coherent). */
enum { GR_STOMP_DEPTH = 0, GR_STOMP_COHERENT = 1 };

#define COH_STEP "GR.MOV.COH.3:coherency_step"

/* Whether the models of u placed at pl (n of them) end each within limit
 * of k others; -1 when out of memory. *co the measure. */
static int in_coherency(const arb_placed *pl, size_t n, double limit, size_t k, arb_coherency *co)
{
	if (arb_geom_coherency_k_near(pl, n, limit, k, co) != ARB_OK)
		return -1;
	return co->ok;
}

/* A circle a candidate end lies on: a stomper's edge (clear of it beyond)
 * or the edge of another model's coherency range (within it inside). */
typedef struct circle {
	arb_vec2 c;
	double r;
} circle;

static arb_vec2 on_circle(const circle *a, arb_vec2 towards)
{
	double dx = towards.x - a->c.x, dy = towards.y - a->c.y, d = hypot(dx, dy);
	return (arb_vec2){a->c.x + a->r * dx / d, a->c.y + a->r * dy / d};
}

/* The least distance from model i's start to an end clear of every model
 * of another unit it starts under and in coherency (the others where they
 * end): for round bases the ends allowed are bounded by circles, so the
 * nearest is the point of one circle nearest the start, or where two
 * circles meet. pl: the unit's ends
 * (pl[i] is changed and restored). 1 and *out; 0 when a base is not
 * round; -1 when out of memory. */
static int least_out(const arb_scenario *s, const arb_unit *u, size_t i, arb_placed *pl,
                     double limit, size_t k, double *out)
{
	const arb_model *m = &u->models[i];
	arb_placed a = arb_model_placed(m), keep = pl[i];
	size_t n = u->n_models, nc = 0, cap = n;
	for (size_t q = 0; q < s->n_units; q++)
		cap += s->units[q].n_models;
	circle *cs = malloc(cap * sizeof *cs);
	if (!cs)
		return -1;
	int rc = 1;
	double rm = m->base.d_mm / ARB_MM_PER_INCH / 2;
	for (size_t q = 0; q < s->n_units && rc == 1; q++)
		for (size_t j = 0; &s->units[q] != u && j < s->units[q].n_models; j++) {
			arb_placed st = arb_model_placed(&s->units[q].models[j]);
			if (arb_geom_penetration(&a, &st) <= TOL)
				continue;
			if (st.base.shape != ARB_BASE_ROUND)
				rc = 0;
			cs[nc++] = (circle){st.c, rm + st.base.d_mm / ARB_MM_PER_INCH / 2};
		}
	size_t n_st = nc;
	for (size_t j = 0; j < n && rc == 1; j++) {
		if (u->models[j].base.shape != ARB_BASE_ROUND)
			rc = 0;
		else if (j != i)
			cs[nc++] =
			    (circle){pl[j].c, limit + rm + pl[j].base.d_mm / ARB_MM_PER_INCH / 2};
	}
	double best = INFINITY;
	/* each circle's nearest point and its meeting points with the later ones */
	arb_vec2 *cand = rc == 1 ? malloc((2 * nc + 1) * sizeof *cand) : NULL;
	if (rc == 1 && !cand)
		rc = -1;
	for (size_t x = 0; x < nc && rc == 1; x++) {
		size_t nk = 0;
		/* the point of the circle nearest the start; from its centre, all
		 * are as near, and one stands for them (the meeting points bound
		 * the part of it allowed) */
		if (hypot(a.c.x - cs[x].c.x, a.c.y - cs[x].c.y) > 1e-12)
			cand[nk++] = on_circle(&cs[x], a.c);
		else
			cand[nk++] = (arb_vec2){cs[x].c.x + cs[x].r, cs[x].c.y};
		for (size_t y = x + 1; y < nc; y++) {
			/* where the two circles meet */
			double dx = cs[y].c.x - cs[x].c.x, dy = cs[y].c.y - cs[x].c.y,
			       d = hypot(dx, dy);
			double along = (d * d + cs[x].r * cs[x].r - cs[y].r * cs[y].r) / (2 * d),
			       h2 = cs[x].r * cs[x].r - along * along;
			if (d < 1e-12 || h2 < 0)
				continue;
			double h = sqrt(h2), ux = dx / d, uy = dy / d;
			arb_vec2 mid = {cs[x].c.x + along * ux, cs[x].c.y + along * uy};
			cand[nk++] = (arb_vec2){mid.x - h * uy, mid.y + h * ux};
			cand[nk++] = (arb_vec2){mid.x + h * uy, mid.y - h * ux};
		}
		for (size_t w = 0; w < nk && rc == 1; w++) {
			double dist = hypot(cand[w].x - a.c.x, cand[w].y - a.c.y);
			if (dist >= best)
				continue;
			bool clear = true;
			for (size_t y = 0; y < n_st && clear; y++)
				clear = hypot(cand[w].x - cs[y].c.x, cand[w].y - cs[y].c.y) >=
				        cs[y].r - TOL;
			if (!clear)
				continue;
			arb_coherency co;
			pl[i].c = cand[w];
			int ok = in_coherency(pl, n, limit, k, &co);
			if (ok < 0)
				rc = -1;
			else if (ok)
				best = dist;
		}
	}
	pl[i] = keep;
	free(cand);
	free(cs);
	*out = best;
	return rc;
}

/* GR.MOV.STOMP.3: the stomped unit's move out (the fact stomped): each of
 * its models that starts under a model of another unit ends clear of it,
 * having moved no further than the minimum (readings above), and the unit
 * ends in coherency (GR.MOV.COH.1 and .3's: within range of 1 + one more
 * for every 10 models; asked of units of two or more, and undecided
 * without GR.MOV.COH.2's table). */
ARB_PREDICATE(gr_mov_stomp_3, .clause = "GR.MOV.STOMP.3",
              .readings = ARB_READINGS({"depth", GR_STOMP_DEPTH}, {"coherent", GR_STOMP_COHERENT}),
              .ruleset = "grit", .actions = "move", .phases = "movement", .question = "stomp.out",
              .params = GR_RANGE " " COH_STEP, .fingerprint = "85fe643ad926fb71")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool any = false, coherent = arb_eval_reading_arg(ev) == GR_STOMP_COHERENT;
	size_t longer = 0; /* models that move further than their overlap */
	if (gr__fact_bool(s, "stomped") != 1) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		arb_placed a = arb_model_placed(m), b = gr__end_placed(s, m);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *o = &s->units[k];
			for (size_t j = 0; o != u && j < o->n_models; j++) {
				arb_placed st = arb_model_placed(&o->models[j]);
				double depth = arb_geom_penetration(&a, &st);
				if (depth <= TOL)
					continue;
				any = true;
				const arb_path *p = arb_scenario_path(s, m->id);
				double len = p ? arb_geom_path_length(p->pts, p->n_pts) : 0;
				r->subject = m->id;
				r->object = o->models[j].id;
				r->has_measure = true;
				r->measure = (arb_measure){.figure = len,
				                           .limit = depth,
				                           .margin = depth - len,
				                           .other = -1};
				if (gr__on_top(&b, &st)) {
					r->outcome = ARB_VIOLATED;
					arb_result_explain(r, "%s ends still under %s", m->id,
					                   o->models[j].id);
					return;
				}
				if (len > depth + TOL && (!coherent || u->n_models < 2)) {
					r->outcome = ARB_VIOLATED;
					arb_result_explain(
					    r,
					    "%s moves %.3f in out from under %s; the "
					    "minimum is %.3f in",
					    m->id, len, o->models[j].id, depth);
					return;
				}
				longer += len > depth + TOL;
			}
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	if (u->n_models >= 2) {
		/* "maintaining unit coherency" */
		double limit, step = arb_eval_param(ev, COH_STEP);
		bool known = gr__coherency_range(ev, r, &limit);
		if (!known && !longer)
			return; /* undecided, explained */
		size_t n = u->n_models, k = gr__neighbours_needed(n, step);
		arb_placed *pl = malloc(n * sizeof *pl);
		arb_coherency co = {.worst_a = -1, .worst_b = -1};
		int ok = -1;
		if (pl) {
			for (size_t i = 0; i < n; i++)
				pl[i] = gr__end_placed(s, &u->models[i]);
			/* Without the table: the ends are in coherency from the range
			 * of their k-th nearest up, and the least move out only
			 * shrinks as the range grows; so a move longer than the least
			 * at that range is too long whatever the table says. */
			ok = in_coherency(pl, n, known ? limit : 1e18, k, &co);
			if (!known)
				limit = co.bottleneck;
		}
		if (ok == 0) {
			free(pl);
			r->outcome = ARB_VIOLATED;
			r->subject = co.worst_a >= 0 ? u->models[co.worst_a].id : NULL;
			r->object = NULL;
			r->measure = (arb_measure){.figure = co.bottleneck,
			                           .limit = limit,
			                           .margin = limit - co.bottleneck,
			                           .other = -1};
			arb_result_explain(
			    r,
			    "%s's move out from under the stomper does not maintain "
			    "unit coherency: a model ends with fewer than %zu other(s) "
			    "within %.2f in",
			    u->id, k, limit);
			return;
		}
		for (size_t i = 0; ok == 1 && longer && i < n; i++) {
			const arb_path *p = arb_scenario_path(s, u->models[i].id);
			double len = p ? arb_geom_path_length(p->pts, p->n_pts) : 0, least = 0;
			if (!p)
				continue;
			ok = least_out(s, u, i, pl, limit, k, &least);
			if (ok == 1 && least < INFINITY && len > least + TOL) {
				free(pl);
				r->outcome = ARB_VIOLATED;
				r->subject = u->models[i].id;
				r->object = NULL;
				r->measure = (arb_measure){.figure = len,
				                           .limit = least,
				                           .margin = least - len,
				                           .other = -1};
				arb_result_explain(
				    r,
				    "%s moves %.3f in out; the least move out that "
				    "keeps unit coherency is %.3f in%s",
				    u->models[i].id, len, least,
				    known ? "" : ", whatever range the missing table gives");
				return;
			}
		}
		free(pl);
		if (ok == 0) {
			arb_result_fault(r, ARB_EBUDGET,
			                 "the least move out from under a stomper that keeps unit "
			                 "coherency is measured for round bases only");
			return;
		}
		if (ok < 0) {
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring coherency");
			return;
		}
		if (!known)
			return; /* the range decides: undecided, as explained above */
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "the models of %s under a stomper move the minimum distance out%s",
	                   u->id, u->n_models >= 2 ? ", maintaining unit coherency" : "");
}

/* GR.MOV.STOMP.4 */
ARB_PREDICATE(gr_mov_stomp_4, .clause = "GR.MOV.STOMP.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.hits", .params = TOWER_SHARE,
              .fingerprint = "68653f9f00eaa9db")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_model *st;
	long n = stomped(ev, r, &st);
	double str;
	if (n < 0)
		return;
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = st->id;
	int passed = gr__fact_bool(s, "initiative_check_passed");
	if (passed < 0) {
		arb_result_missing(r, "initiative_check_passed",
		                   "whether the models under %s passed their Initiative check is "
		                   "not given",
		                   st->id);
		return;
	}
	if (passed) {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "stomp_hits", 0);
		arb_result_explain(r, "the models under %s passed: no hit", st->id);
		return;
	}
	if (!arb_model_stat(st, u, "S", &str)) {
		arb_result_bad_input(r, "models",
		                     "model %s states no S (Strength), the Strength of its hits",
		                     st->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "stomp_hits", (double)n);
	arb_result_value(r, "stomp_strength", str);
	arb_result_explain(r, "%ld model(s) under %s failed: each takes a hit at Strength %g", n,
	                   st->id, str);
}
