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

/* The models of other units that model m starts under, placed into st and
 * named in who (room for every model of s); their count. */
static size_t stompers_of(const arb_scenario *s, const arb_unit *u, const arb_model *m,
                          arb_placed *st, const arb_model **who)
{
	arb_placed a = arb_model_placed(m);
	size_t n = 0;
	for (size_t k = 0; k < s->n_units; k++)
		for (size_t j = 0; &s->units[k] != u && j < s->units[k].n_models; j++) {
			arb_placed o = arb_model_placed(&s->units[k].models[j]);
			if (arb_geom_penetration(&a, &o) <= TOL)
				continue;
			who[n] = &s->units[k].models[j];
			st[n++] = o;
		}
	return n;
}

/* Whether id is one of the words of list (separated by spaces or commas,
 * as a fact of type models is written). */
static bool listed(const char *list, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = list; *p;) {
		p += strspn(p, " ,");
		size_t w = strcspn(p, " ,");
		if (w == n && strncmp(p, id, n) == 0)
			return true;
		p += w;
	}
	return false;
}

/* A model under a stomper (GR.MOV.STOMP.2's "All models underneath them"),
 * and the stomper on it (the first, when several are). */
typedef struct under {
	const arb_model *m;
	const arb_model *on;
} under;

typedef struct under_list {
	under *v;
	size_t n;
} under_list;

/* Adds c's model underneath to the list once (each model makes one check,
 * however many stompers stand on it). */
static bool add_under(const crossing *c, void *ctx)
{
	under_list *l = ctx;
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].m == c->x)
			return false;
	l->v[l->n++] = (under){c->x, c->m};
	return false;
}

/* The models under a stomper, into *out (the caller frees out->v), each
 * once: on the stomper's move, the models it ends on when GR.MOV.STOMP.1
 * permits (it towers over each); on the move out (the fact stomped), the
 * actor's models that start under models of other units; both when a move
 * out ends on models it towers over. Returns 0, or -1 with r
 * set (bad input: a height not given; a fault: out of memory). */
static int under_stompers(const arb_eval *ev, arb_result *r, under_list *out)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	size_t cap = 1;
	for (size_t k = 0; k < s->n_units; k++)
		cap += s->units[k].n_models;
	*out = (under_list){
	    malloc(cap * (sizeof(under) + sizeof(arb_placed) + sizeof(arb_model *))), 0};
	if (!out->v) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory listing the models stomped");
		return -1;
	}
	towering tw = tower_tally(ev, each_under, arb_eval_param(ev, TOWER_SHARE));
	if (tw.n && tw.unknown.m) {
		height_missing(r, &tw);
		return -1;
	}
	if (tw.n && !tw.taller.m)
		each_under(s, u, add_under, out);
	/* a move out may stomp too: both sets check */
	if (gr__fact_bool(s, "stomped") != 1)
		return 0;
	/* the move out: room for the stompers of one model after the list */
	arb_placed *st = (arb_placed *)(void *)(out->v + cap);
	const arb_model **who = (const arb_model **)(void *)(st + cap);
	for (size_t i = 0; i < u->n_models; i++)
		if (stompers_of(s, u, &u->models[i], st, who)) {
			crossing c = {who[0], &u->models[i], NULL, NULL};
			add_under(&c, out);
		}
	return 0;
}

/* GR.MOV.STOMP.2: "All models underneath them must pass a Initiative
 * check", on the stomper's move and on the move out alike. */
ARB_PREDICATE(gr_mov_stomp_2, .clause = "GR.MOV.STOMP.2", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.checks", .params = TOWER_SHARE,
              .fingerprint = "e6af1fcbce90c383")
{
	under_list l;
	if (under_stompers(ev, r, &l) < 0) {
		free(l.v);
		return;
	}
	if (!l.n) {
		free(l.v);
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	r->subject = l.v[0].on->id;
	arb_result_value(r, "stomp_initiative_checks", (double)l.n);
	arb_result_explain(r, "%zu model(s) under %s must pass an Initiative check", l.n,
	                   l.v[0].on->id);
	free(l.v);
}

/* The readings of "move the minimum distance out from under neath them,
 * maintaining unit coherency", two questions crossed. Which minimum: the
 * least move that clears the stomper, coherency a condition beside it
 * (depth); or the least move that both clears it and keeps the unit in
 * coherency (coherent). Clear of what: of the stompers ("out from under
 * neath them"), where the end may lie on another model is GR.MOV.TOWER.2's
 * question; or of every model (-clear: "does not allow models to end their
 * move on top of other models" bounds where the move out may end, so its
 * minimum is taken over ends on no model). Bits of the reading's value. */
enum { GR_STOMP_COHERENT = 1, GR_STOMP_CLEAR = 2 };

#define COH_STEP "GR.MOV.COH.3:coherency_step"

/* Whether the models of u placed at pl (n of them) end each within limit
 * of k others; -1 when out of memory. *co the measure. */
static int in_coherency(const arb_placed *pl, size_t n, double limit, size_t k, arb_coherency *co)
{
	if (arb_geom_coherency_k_near(pl, n, limit, k, co) != ARB_OK)
		return -1;
	return co->ok;
}

/* Where model i of a stomped unit may end: the unit in coherency, model i
 * at p and the others where they end (arb_geom_accept_fn). */
typedef struct coherent_at {
	arb_placed *pl;
	size_t n, i, k;
	double limit;
} coherent_at;

static int coherent_end(void *ctx, arb_vec2 p)
{
	coherent_at *c = ctx;
	arb_coherency co;
	arb_vec2 keep = c->pl[c->i].c;
	c->pl[c->i].c = p;
	int ok = in_coherency(c->pl, c->n, c->limit, c->k, &co);
	c->pl[c->i].c = keep;
	return ok < 0 ? ARB_ENOMEM : ok;
}

/* What model m of u must end clear of: the models of other units it starts
 * under (the stompers, first; *n_st of them), and when every is true each
 * other model too (other units' where they stand, u's own where they end),
 * into st and who (room for every model of s); their count. */
static size_t clear_of(const arb_scenario *s, const arb_unit *u, const arb_model *m, bool every,
                       arb_placed *st, const arb_model **who, size_t *n_st)
{
	size_t n = stompers_of(s, u, m, st, who);
	arb_placed a = arb_model_placed(m);
	*n_st = n;
	for (size_t k = 0; every && n && k < s->n_units; k++)
		for (size_t j = 0; j < s->units[k].n_models; j++) {
			const arb_model *x = &s->units[k].models[j];
			bool own = &s->units[k] == u;
			arb_placed o = own ? gr__end_placed(s, x) : arb_model_placed(x);
			/* itself, and the stompers already listed */
			if (x == m || (!own && arb_geom_penetration(&a, &o) > TOL))
				continue;
			who[n] = x;
			st[n++] = o;
		}
	return n;
}

/* The least move that frees model i of the models in st (n_st of them),
 * and, when pl is given, keeps the unit (its ends pl, n of them) in
 * coherency: within limit of k others. *out; INFINITY when no end is
 * allowed. ARB_OK or ARB_ENOMEM. */
static int least_out(const arb_model *m, const arb_placed *st, size_t n_st, arb_placed *pl,
                     size_t n, size_t i, double limit, size_t k, double *out)
{
	arb_placed a = arb_model_placed(m);
	if (!pl)
		return arb_geom_least_clear(out, NULL, &a, st, n_st, TOL, NULL, 0, 0, NULL, NULL);
	arb_placed *near = malloc(n * sizeof *near);
	if (!near)
		return ARB_ENOMEM;
	size_t nn = 0;
	for (size_t j = 0; j < n; j++)
		if (j != i)
			near[nn++] = pl[j];
	coherent_at c = {.pl = pl, .n = n, .i = i, .k = k, .limit = limit};
	int rc =
	    arb_geom_least_clear(out, NULL, &a, st, n_st, TOL, near, nn, limit, coherent_end, &c);
	free(near);
	return rc;
}

/* GR.MOV.STOMP.3: the stomped unit's move out (the fact stomped): each of
 * its models that starts under models of other units ends clear of them
 * (-clear: of every model), having moved no further than the minimum
 * (readings above: under depth the least move that frees it of all of them
 * at once), and the unit ends in coherency (GR.MOV.COH.1 and .3's: within
 * range of 1 + one more for every 10 models; asked of units of two or
 * more, and undecided without GR.MOV.COH.2's table). Every model under a
 * stomper moves out, whatever its Initiative check gave: "All models
 * underneath them must pass a Initiative check as they move the minimum
 * distance out"; failing costs the hit of GR.MOV.STOMP.4, not the move. */
ARB_PREDICATE(gr_mov_stomp_3, .clause = "GR.MOV.STOMP.3",
              .readings = ARB_READINGS({"depth", 0}, {"coherent", GR_STOMP_COHERENT},
                                       {"depth-clear", GR_STOMP_CLEAR},
                                       {"coherent-clear", GR_STOMP_COHERENT | GR_STOMP_CLEAR}),
              .ruleset = "grit", .actions = "move", .phases = "movement", .question = "stomp.out",
              .params = GR_RANGE " " COH_STEP, .fingerprint = "85fe643ad926fb71")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int reading = arb_eval_reading_arg(ev);
	bool any = false, coherent = reading & GR_STOMP_COHERENT, every = reading & GR_STOMP_CLEAR;
	size_t longer = 0; /* models that move further than the least that frees them */
	if (gr__fact_bool(s, "stomped") != 1) {
		r->outcome = ARB_NA;
		return;
	}
	size_t cap = 0;
	for (size_t k = 0; k < s->n_units; k++)
		cap += s->units[k].n_models;
	/* the models each model must end clear of, and their names, in one block */
	arb_placed *st = malloc((cap ? cap : 1) * (sizeof *st + sizeof(arb_model *)));
	if (!st) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory measuring the move out");
		return;
	}
	const arb_model **who = (const arb_model **)(void *)(st + (cap ? cap : 1));
	const char *of = every ? " clear of every model" : "";
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		size_t n_st, n_cl = clear_of(s, u, m, every, st, who, &n_st);
		if (!n_st)
			continue;
		any = true;
		arb_placed b = gr__end_placed(s, m);
		const arb_path *p = arb_scenario_path(s, m->id);
		double len = p ? arb_geom_path_length(p->pts, p->n_pts) : 0, least = 0;
		for (size_t j = 0; j < n_cl; j++)
			if (gr__on_top(&b, &st[j])) {
				r->outcome = ARB_VIOLATED;
				r->subject = m->id;
				r->object = who[j]->id;
				arb_result_explain(r,
				                   j < n_st
				                       ? "%s ends still under %s"
				                       : "%s ends on top of %s, not clear of it",
				                   m->id, who[j]->id);
				free(st);
				return;
			}
		/* one model to clear: its overlap depth; more: the least move clear of all */
		if (n_cl == 1) {
			arb_placed a = arb_model_placed(m);
			least = arb_geom_penetration(&a, &st[0]);
		} else if (least_out(m, st, n_cl, NULL, 0, 0, 0, 0, &least) != ARB_OK) {
			free(st);
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring the move out");
			return;
		}
		r->subject = m->id;
		r->object = who[0]->id;
		r->has_measure = true;
		r->measure = (arb_measure){
		    .figure = len, .limit = least, .margin = least - len, .other = -1};
		if (len > least + TOL && (!coherent || u->n_models < 2)) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(r,
			                   "%s moves %.3f in out from under %s%s; the minimum%s is "
			                   "%.3f in",
			                   m->id, len, who[0]->id,
			                   n_st > 1 ? " and the others it starts under" : "", of,
			                   least);
			free(st);
			return;
		}
		longer += len > least + TOL;
	}
	if (!any) {
		free(st);
		r->outcome = ARB_NA;
		return;
	}
	if (u->n_models >= 2) {
		/* "maintaining unit coherency" */
		double limit, step = arb_eval_param(ev, COH_STEP);
		bool known = gr__coherency_range(ev, r, &limit);
		if (!known && !longer) {
			free(st);
			return; /* undecided, explained */
		}
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
			free(st);
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
			const arb_model *m = &u->models[i];
			const arb_path *p = arb_scenario_path(s, m->id);
			size_t n_st, n_cl = clear_of(s, u, m, every, st, who, &n_st);
			double len = p ? arb_geom_path_length(p->pts, p->n_pts) : 0, least = 0;
			if (!p || !n_st)
				continue;
			if (least_out(m, st, n_cl, pl, n, i, limit, k, &least) != ARB_OK)
				ok = -1;
			else if (least < INFINITY && len > least + TOL) {
				free(pl);
				free(st);
				r->outcome = ARB_VIOLATED;
				r->subject = m->id;
				r->object = NULL;
				r->measure = (arb_measure){.figure = len,
				                           .limit = least,
				                           .margin = least - len,
				                           .other = -1};
				arb_result_explain(
				    r,
				    "%s moves %.3f in out; the least move out%s that "
				    "keeps unit coherency is %.3f in%s",
				    m->id, len, of, least,
				    known ? "" : ", whatever range the missing table gives");
				return;
			}
		}
		free(pl);
		if (ok < 0) {
			free(st);
			arb_result_fault(r, ARB_ENOMEM, "out of memory measuring coherency");
			return;
		}
		if (!known) {
			free(st);
			return; /* the range decides: undecided, as explained above */
		}
	}
	free(st);
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "the models of %s under a stomper move the minimum distance out%s%s",
	                   u->id, of, u->n_models >= 2 ? ", maintaining unit coherency" : "");
}

/* GR.MOV.STOMP.4: "All models that fail this check take a hit from the
 * stomper with strength equal to the stomper's Strength": the hits (one
 * for each model under a stomper that failed, the fact stomp_check_failed)
 * and their Strength, on the stomper's move and on the move out alike. */
ARB_PREDICATE(gr_mov_stomp_4, .clause = "GR.MOV.STOMP.4", .ruleset = "grit", .actions = "move",
              .phases = "movement", .question = "stomp.hits", .params = TOWER_SHARE,
              .fingerprint = "68653f9f00eaa9db")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	under_list l;
	int rc = under_stompers(ev, r, &l);
	if (rc < 0 || !l.n) {
		if (rc == 0)
			r->outcome = ARB_NA;
		free(l.v);
		return;
	}
	const arb_model *st = l.v[0].on;
	r->subject = st->id;
	const char *failed = arb_scenario_fact(s, "stomp_check_failed");
	if (!failed) {
		arb_result_missing(
		    r, "stomp_check_failed",
		    "which of the %zu model(s) under %s failed their Initiative check "
		    "is not given",
		    l.n, st->id);
		free(l.v);
		return;
	}
	const under *first = NULL;
	size_t hits = 0;
	for (size_t i = 0; i < l.n; i++)
		if (listed(failed, l.v[i].m->id)) {
			first = first ? first : &l.v[i];
			hits++;
		}
	/* a model named that makes no check: the scenario contradicts itself */
	for (const char *p = failed + strspn(failed, " ,"); *p; p += strspn(p, " ,")) {
		size_t w = strcspn(p, " ,");
		bool under_one = w == 1 && *p == '-';
		for (size_t i = 0; !under_one && i < l.n; i++)
			under_one = strlen(l.v[i].m->id) == w && strncmp(p, l.v[i].m->id, w) == 0;
		if (!under_one) {
			arb_result_bad_input(r, "facts",
			                     "stomp_check_failed names %.*s, which is under no "
			                     "stomper: only the models underneath make the check",
			                     (int)w, p);
			free(l.v);
			return;
		}
		p += w;
	}
	if (!hits) {
		free(l.v);
		r->outcome = ARB_VALUE;
		arb_result_value(r, "stomp_hits", 0);
		arb_result_explain(r, "the models under %s passed: no hit", st->id);
		return;
	}
	double str;
	const arb_model *on = first->on;
	const arb_unit *on_u = NULL;
	arb_scenario_model(s, on->id, &on_u);
	free(l.v);
	r->subject = on->id;
	if (!arb_model_stat(on, on_u, "S", &str)) {
		arb_result_bad_input(r, "models",
		                     "model %s states no S (Strength), the Strength of its hits",
		                     on->id);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "stomp_hits", (double)hits);
	arb_result_value(r, "stomp_strength", str);
	arb_result_explain(r, "%zu model(s) under %s failed: each takes a hit at Strength %g", hits,
	                   on->id, str);
}
