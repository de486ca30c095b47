/* common.c: what the Regiments predicates share (common.h). */
#include "common.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool rg__action_is(const arb_eval *ev, const char *type)
{
	const char *t = arb_eval_scenario(ev)->action.type;
	return t && strcmp(t, type) == 0;
}

const char *rg__fact(const arb_eval *ev, const char *name)
{
	return arb_scenario_fact(arb_eval_scenario(ev), name);
}

bool rg__charging(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	return rg__action_is(ev, "charge") ||
	       (u && arb_unit_has_status(u, "charging") &&
	        (rg__action_is(ev, "move") || rg__action_is(ev, "wheel")));
}

int rg__subphase_index(const char *subphase)
{
	static const char *const order[] = {"start_of_phase", "charge", "compulsory_moves",
	                                    "remaining_moves"};
	for (int i = 0; subphase && i < 4; i++)
		if (strcmp(subphase, order[i]) == 0)
			return i;
	return -1;
}

/* ---- the log of the phase ---- */

const char *rg__subphase_name(int k)
{
	static const char *const name[] = {"Start of Phase", "Charge", "Compulsory Moves",
	                                   "Remaining Moves"};
	return (unsigned)k < 3u ? name[k] : name[3];
}

bool rg__acted_in(const arb_eval *ev, const arb_unit *u, int k)
{
	static const char *const acted[] = {NULL, "acted_charge", "acted_compulsory_moves",
	                                    "acted_remaining_moves"};
	if ((unsigned)k > 3u)
		return false;
	if (acted[k] && arb_unit_has_status(u, acted[k]))
		return true;
	const arb_context *c = &arb_eval_scenario(ev)->context;
	for (size_t i = 0; i < c->n_log; i++)
		if (c->log[i].unit && strcmp(c->log[i].unit, u->id) == 0 &&
		    rg__subphase_index(c->log[i].subphase) == k)
			return true;
	return false;
}

static bool log_did(const arb_eval *ev, const arb_unit *u, const char *const *actions)
{
	const arb_context *c = &arb_eval_scenario(ev)->context;
	for (size_t i = 0; i < c->n_log; i++)
		for (size_t k = 0; c->log[i].unit && actions[k]; k++)
			if (strcmp(c->log[i].unit, u->id) == 0 &&
			    strcmp(c->log[i].action, actions[k]) == 0)
				return true;
	return false;
}

bool rg__has_moved(const arb_eval *ev, const arb_unit *u)
{
	static const char *const moving[] = {"move", "charge", "pivot", "wheel", NULL};
	return arb_unit_has_status(u, "moved") || log_did(ev, u, moving);
}

bool rg__has_reformed(const arb_eval *ev, const arb_unit *u)
{
	static const char *const reform[] = {"reform", NULL};
	return arb_unit_has_status(u, "reformed") || log_did(ev, u, reform);
}

/* One step of the walk: an event (or the action, i == n_log) in sub-phase
 * k, ending it or not; false with o->why when out of order. */
static bool order_step(rg_order *o, int k, bool end, const char *what)
{
	if ((unsigned)k > 3u) { /* validation lets no other sub-phase through */
		snprintf(o->why, sizeof o->why, "%s is in no sub-phase of the order", what);
		return false;
	}
	if (k <= o->done) {
		snprintf(o->why, sizeof o->why, "%s %s %s, which was already completed", what,
		         end ? "completes" : "acts in", rg__subphase_name(k));
		return false;
	}
	if (k > o->done + 1) {
		snprintf(o->why, sizeof o->why, "%s %s %s while %s has not been completed fully",
		         what, end ? "completes" : "acts in", rg__subphase_name(k),
		         rg__subphase_name(o->done + 1));
		return false;
	}
	if (end)
		o->done = k;
	return true;
}

void rg__order(const arb_eval *ev, rg_order *o)
{
	const arb_context *c = &arb_eval_scenario(ev)->context;
	*o = (rg_order){.done = -2};
	const char *lc = rg__fact(ev, "last_completed");
	if (lc)
		o->done = strcmp(lc, "none") == 0 ? -1 : rg__subphase_index(lc);
	if (!c->has_log)
		return;
	o->done = -1;
	for (size_t i = 0; i < c->n_log; i++) {
		char what[64];
		const arb_log_event *e = &c->log[i];
		snprintf(what, sizeof what, "log event %zu (%s)", i + 1,
		         e->unit ? e->unit : "the end of the sub-phase");
		int k = rg__subphase_index(e->subphase);
		if (!order_step(o, k, !e->unit, what)) {
			if (k == 3 && e->unit && o->done < 2 && !o->skip) {
				/* straight to Remaining Moves: as FIRST.2 names it */
				o->skip = true;
				snprintf(o->skip_why, sizeof o->skip_why, "%s", o->why);
				o->done = 2;
				continue;
			}
			o->bad = i + 1;
			return;
		}
	}
}

bool rg__unit_m(const arb_unit *u, double *out, const char **who)
{
	*who = NULL;
	*out = INFINITY;
	for (size_t i = 0; i < u->n_models; i++) {
		double m;
		if (!arb_model_stat(&u->models[i], u, "M", &m)) {
			*who = u->models[i].id;
			return false;
		}
		if (m < *out) {
			*out = m;
			*who = u->models[i].id;
		}
	}
	return *who != NULL;
}

/* ---- the unit's motion ---- */

static arb_vec2 sub(arb_vec2 a, arb_vec2 b)
{
	return (arb_vec2){a.x - b.x, a.y - b.y};
}
static double dot(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.x + a.y * b.y;
}
static double norm(arb_vec2 a)
{
	return hypot(a.x, a.y);
}

/* The path of model m if it has one of at least two points. */
static const arb_path *path_of(const arb_scenario *s, const arb_model *m)
{
	const arb_path *p = arb_scenario_path(s, m->id);
	return p && p->n_pts >= 2 ? p : NULL;
}

/* Whether model j's path is where the lead's motion takes its part. */
static void check_apart(rg_motion *mo, const arb_scenario *s, const arb_unit *u, size_t j)
{
	const arb_model *m = &u->models[j];
	const arb_path *p = path_of(s, m);
	size_t n = mo->n_steps + 1;
	if (p && p->n_pts != n) {
		mo->apart = (long)j;
		mo->apart_by = INFINITY;
		mo->apart_at = 0;
		mo->apart_why = "its path has another number of points than the unit's";
		return;
	}
	for (size_t i = 0; i < n; i++) {
		arb_vec2 want = arb_pose_place(&mo->poses[i], &mo->parts[j]).c;
		arb_vec2 got = p ? p->pts[i] : m->pos;
		double by = norm(sub(want, got));
		if (by > RG_TOL) {
			mo->apart = (long)j;
			mo->apart_by = by;
			mo->apart_at = i;
			mo->apart_why = p ? "it is not where the unit's motion takes it"
			                  : "it stays where it was while the unit moves";
			return;
		}
		if (i + 1 == n || !p)
			continue;
		bool rot = p->steps && p->steps[i].kind == ARB_STEP_ROTATE;
		bool lead_rot = mo->steps[i].kind == ARB_STEP_ROTATE;
		if (rot != lead_rot ||
		    (rot && (norm(sub(p->steps[i].pivot, mo->steps[i].pivot)) > RG_TOL ||
		             fabs(arb_path_turn(p, m, i) - mo->steps[i].angle_deg) > 1e-9))) {
			mo->apart = (long)j;
			mo->apart_by = 0;
			mo->apart_at = i + 1;
			mo->apart_why = "it does not make the unit's step (turn or advance) there";
			return;
		}
	}
}

static void *motion_make(const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!u || !u->n_models)
		return NULL;
	rg_motion *mo = arb_eval_alloc(ev, 1, sizeof *mo);
	arb_placed *table = arb_eval_alloc(ev, u->n_models, sizeof *table);
	size_t *rank = arb_eval_alloc(ev, u->n_models, sizeof *rank);
	if (!mo || !table || !rank)
		goto fail;
	mo->n = u->n_models;
	mo->lead = -1;
	mo->apart = -1;
	if (!(mo->parts = arb_eval_alloc(ev, mo->n, sizeof *mo->parts)) ||
	    !(mo->front = arb_eval_alloc(ev, mo->n, sizeof *mo->front)))
		goto fail;
	arb_footprint tfp = arb_unit_footprint(u);
	arb_vec2 c = {tfp.f.x * (tfp.rear + tfp.front) / 2 + tfp.l.x * (tfp.right + tfp.left) / 2,
	              tfp.f.y * (tfp.rear + tfp.front) / 2 + tfp.l.y * (tfp.right + tfp.left) / 2};
	for (size_t i = 0; i < mo->n; i++) {
		table[i] = arb_model_placed(&u->models[i]);
		arb_vec2 d = sub(table[i].c, c);
		mo->parts[i] = (arb_placed){{dot(d, tfp.f), dot(d, tfp.l)},
		                            table[i].facing_deg - u->facing_deg,
		                            table[i].base};
	}
	arb_body body = {mo->parts, mo->n};
	arb_error err;
	if (arb_body_footprint(&mo->fp, &body, &err))
		goto fail;
	size_t n_ranks = 0;
	if (arb_ranks(table, mo->n, u->facing_deg, rank, &n_ranks))
		goto fail;
	for (size_t i = 0; i < mo->n; i++)
		if (rank[i] == 0)
			mo->front[mo->n_front++] = i;
	const arb_path *lp = NULL;
	for (size_t i = 0; i < mo->n && !lp; i++)
		if ((lp = path_of(s, &u->models[i])))
			mo->lead = (long)i;
	size_t n_steps = lp ? lp->n_pts - 1 : 0;
	if (!(mo->poses = arb_eval_alloc(ev, n_steps + 1, sizeof *mo->poses)) ||
	    !(mo->steps = arb_eval_alloc(ev, n_steps ? n_steps : 1, sizeof *mo->steps)))
		goto fail;
	mo->n_steps = n_steps;
	mo->poses[0] = (arb_pose){c, u->facing_deg};
	for (size_t i = 0; i < n_steps; i++) {
		const arb_model *m = &u->models[mo->lead];
		if (lp->steps && lp->steps[i].kind == ARB_STEP_ROTATE) {
			mo->steps[i] = (arb_step){.kind = ARB_STEP_ROTATE,
			                          .pivot = lp->steps[i].pivot,
			                          .angle_deg = arb_path_turn(lp, m, i),
			                          .about = ARB_PIVOT_POINT};
			mo->poses[i + 1] = arb_pose_rotate(&mo->poses[i], mo->steps[i].pivot,
			                                   mo->steps[i].angle_deg);
		} else {
			arb_vec2 d = sub(lp->pts[i + 1], lp->pts[i]);
			mo->steps[i] = (arb_step){.kind = ARB_STEP_TRANSLATE};
			mo->poses[i + 1] =
			    (arb_pose){{mo->poses[i].c.x + d.x, mo->poses[i].c.y + d.y},
			               mo->poses[i].facing_deg};
		}
	}
	for (size_t j = 0; lp && j < mo->n && mo->apart < 0; j++)
		check_apart(mo, s, u, j);
	return mo;
fail: /* what was taken goes with the judgement's scratch */
	return NULL;
}

const rg_motion *rg__motion(const arb_eval *ev)
{
	static const char key = 0;
	return arb_eval_memo(ev, &key, motion_make, NULL);
}

size_t rg__rotations(const rg_motion *mo)
{
	size_t n = 0;
	for (size_t i = 0; i < mo->n_steps; i++)
		n += mo->steps[i].kind == ARB_STEP_ROTATE;
	return n;
}

static bool translation_beside_turn(const rg_motion *mo, bool after)
{
	bool turned = false;
	for (size_t i = 0; i < mo->n_steps; i++) {
		if (mo->steps[i].kind == ARB_STEP_ROTATE)
			turned = true;
		else if (turned == after && hypot(mo->poses[i + 1].c.x - mo->poses[i].c.x,
		                                  mo->poses[i + 1].c.y - mo->poses[i].c.y) > RG_TOL)
			return !after ? rg__rotations(mo) > 0 : true;
	}
	return false;
}

bool rg__translation_after_turn(const rg_motion *mo)
{
	return translation_beside_turn(mo, true);
}
bool rg__translation_before_turn(const rg_motion *mo)
{
	return translation_beside_turn(mo, false);
}

/* ---- closest approach ---- */

/* Model m's own path of poses, steps [from, to), as a body of one base. */
static int model_path(arb_pose *poses, arb_step *steps, const arb_model *m, const arb_path *p,
                      size_t from, size_t to)
{
	size_t k = 0;
	for (size_t i = from; i <= to; i++, k++) {
		poses[k] = (arb_pose){p->pts[i], arb_path_facing(p, m, i)};
		if (i == to)
			break;
		if (p->steps && p->steps[i].kind == ARB_STEP_ROTATE)
			steps[k] = (arb_step){.kind = ARB_STEP_ROTATE,
			                      .pivot = p->steps[i].pivot,
			                      .angle_deg = arb_path_turn(p, m, i),
			                      .about = ARB_PIVOT_POINT};
		else
			steps[k] = (arb_step){.kind = ARB_STEP_TRANSLATE};
	}
	return (int)k;
}

static void keep(rg_approach *out, const arb_sweep *sw, const arb_model *m, const char *object,
                 const char *object_model)
{
	if (sw->m.figure < out->figure) {
		out->figure = sw->m.figure;
		out->m = sw->m;
		out->mover = m->id;
		out->object = object;
		out->object_model = object_model;
		out->contact = sw->m.figure <= RG_TOL;
	}
}

/* What an approach is measured to, in the order it is walked: the other
 * units (what & RG_UNITS), then the pieces of impassable terrain
 * (RG_TERRAIN). first: a unit's first model's place among all the other
 * units' models. */
typedef struct rg_object {
	const arb_unit *unit; /* NULL for terrain */
	const arb_terrain *terrain;
	size_t first;
} rg_object;

static size_t list_objects(rg_object *obj, const arb_scenario *s, const arb_unit *u, int what)
{
	size_t n = 0, first = 0;
	for (size_t i = 0; (what & RG_UNITS) && i < s->n_units; i++) {
		if (&s->units[i] == u)
			continue;
		if (obj)
			obj[n] = (rg_object){.unit = &s->units[i], .first = first};
		n++;
		first += s->units[i].n_models;
	}
	for (size_t t = 0; (what & RG_TERRAIN) && t < s->n_terrain; t++) {
		if (strcmp(s->terrain[t].kind, "impassable") != 0)
			continue;
		if (obj)
			obj[n] = (rg_object){.terrain = &s->terrain[t]};
		n++;
	}
	return n;
}

/* The sweep of each of the actor's models, along steps [from, to) of its
 * path, against each object apart: worked out once, then read for the
 * approach to one object and to all of them. sw[i * n_obj + o] holds a
 * sweep where has[] says so (the model moves or from == to, and the
 * object has a base or an edge). */
typedef struct rg_sweeps {
	size_t n_obj;
	arb_sweep *sw; /* one block of the judgement's scratch: sw, then obj, then has */
	rg_object *obj;
	bool *has;
} rg_sweeps;

/* A model of the actor in the order it is swept against one object. */
typedef struct sweep_order {
	double key;
	size_t i;
} sweep_order;

static int order_cmp(const void *a, const void *b)
{
	const sweep_order *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->i > y->i) - (x->i < y->i);
}

/* Distance from point q to the segment a-b. */
static double to_segment(arb_vec2 q, arb_vec2 a, arb_vec2 b)
{
	arb_vec2 ab = sub(b, a), aq = sub(q, a);
	double l2 = ab.x * ab.x + ab.y * ab.y;
	double t = l2 > 0 ? (aq.x * ab.x + aq.y * ab.y) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return norm(sub(aq, (arb_vec2){ab.x * t, ab.y * t}));
}

/* How near the centre of a model comes to object ob along its path of
 * poses (the chord of a turn standing for its arc), centre to centre (a
 * polygon: its first vertex): the order in which sweeping finds the
 * nearest soonest. Only an order: any gives the same answer. */
static double path_apart(const rg_object *ob, const arb_pose_path *p)
{
	double d = INFINITY;
	size_t n = ob->unit ? ob->unit->n_models : 1;
	for (size_t k = 0; k < (p->n_steps ? p->n_steps : 1); k++) {
		arb_vec2 a = p->poses[k].c, b = p->n_steps ? p->poses[k + 1].c : a;
		for (size_t j = 0; j < n; j++)
			d = fmin(
			    d, to_segment(ob->unit ? ob->unit->models[j].pos : ob->terrain->poly[0],
			                  a, b));
	}
	return d;
}

static int sweeps_make(rg_sweeps *t, const arb_eval *ev, size_t from, size_t to, int what,
                       arb_error *err)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int rc = ARB_OK;
	*t = (rg_sweeps){.n_obj = list_objects(NULL, s, u, what)};
	size_t nm = u->n_models, cells = nm * t->n_obj, most = 1, cap = 1;
	for (size_t i = 0; (what & RG_UNITS) && i < s->n_units; i++)
		if (&s->units[i] != u && s->units[i].n_models > most)
			most = s->units[i].n_models;
	for (size_t i = 0; i < nm; i++) {
		const arb_path *p = arb_scenario_path(s, u->models[i].id);
		if (p && p->n_pts > cap)
			cap = p->n_pts;
	}
	/* two blocks: the table (kept), and the work of making it (each
	 * model's own path of poses, steps [from, to), the order of models, the
	 * bases of one object); every array in them holds 8-byte fields */
	size_t n1 = nm ? nm : 1, nc = cells ? cells : 1, no = t->n_obj ? t->n_obj : 1;
	t->sw =
	    arb_eval_alloc(ev, 1, nc * sizeof *t->sw + no * sizeof *t->obj + nc * sizeof *t->has);
	char *work = arb_eval_alloc(ev, 1,
	                            n1 * cap * (sizeof(arb_pose) + sizeof(arb_step)) +
	                                n1 * (sizeof(arb_pose_path) + sizeof(sweep_order)) +
	                                most * sizeof(arb_placed));
	if (!t->sw || !work)
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	t->obj = (rg_object *)(void *)(t->sw + nc);
	t->has = (bool *)(t->obj + no);
	arb_pose *poses = (arb_pose *)(void *)work;
	arb_step *steps = (arb_step *)(void *)(poses + n1 * cap);
	arb_pose_path *paths = (arb_pose_path *)(void *)(steps + n1 * cap);
	sweep_order *order = (sweep_order *)(void *)(paths + n1);
	arb_placed *others = (arb_placed *)(void *)(order + n1);
	list_objects(t->obj, s, u, what);
	size_t n_moving = 0;
	for (size_t i = 0; i < nm; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = arb_scenario_path(s, m->id);
		arb_pose *ps = poses + i * cap;
		arb_step *st = steps + i * cap;
		size_t n_steps = 0;
		if (p && p->n_pts >= 2) {
			size_t last = p->n_pts - 1;
			size_t a = from < last ? from : last, b = to < last ? to : last;
			if (b < a)
				b = a;
			n_steps = (size_t)model_path(ps, st, m, p, a, b);
		} else if (from == to) {
			ps[0] = (arb_pose){m->pos, m->facing_deg};
		} else {
			continue; /* it does not move: it approaches nothing */
		}
		paths[i] = (arb_pose_path){ps, st, n_steps};
		order[n_moving++] = (sweep_order){0, i};
	}
	for (size_t o = 0; o < t->n_obj && rc == ARB_OK; o++) {
		const rg_object *ob = &t->obj[o];
		if (ob->unit && !ob->unit->n_models)
			continue;
		for (size_t j = 0; ob->unit && j < ob->unit->n_models; j++)
			others[j] = arb_model_placed(&ob->unit->models[j]);
		for (size_t k = 0; k < n_moving; k++)
			order[k].key = path_apart(ob, &paths[order[k].i]);
		qsort(order, n_moving, sizeof *order, order_cmp);
		/* a model is wanted only if it comes nearer than the nearest so
		 * far, whichever order they are swept in: the fold keeps the first
		 * of equals, and no model skipped can equal the nearest */
		double best = INFINITY;
		for (size_t k = 0; k < n_moving && rc == ARB_OK; k++) {
			size_t i = order[k].i;
			arb_placed part = {.c = {0, 0}, .facing_deg = 0, .base = u->models[i].base};
			arb_body body = {&part, 1};
			arb_sweep *sw = &t->sw[i * t->n_obj + o];
			if (ob->unit)
				rc = arb_pose_sweep_distance_below(sw, &body, &paths[i], others,
				                                   ob->unit->n_models, best, err);
			else
				rc = arb_pose_sweep_polygon_below(sw, &body, &paths[i],
				                                  ob->terrain->poly,
				                                  ob->terrain->n_poly, best, err);
			t->has[i * t->n_obj + o] = rc == ARB_OK;
			if (rc == ARB_OK && (!ob->unit || sw->m.other >= 0))
				best = fmin(best, sw->m.figure);
		}
	}
	return rc;
}

/* Whether sweep b, of an object after a's, answers a sweep against both:
 * as arb_pose_sweep_distance orders what it meets, the first contact (the
 * earliest step, then point) before any gap, else the smallest gap, then
 * the earliest; ties to the object met first. */
static bool sweep_before(const arb_sweep *b, const arb_sweep *a)
{
	if (b->contact != a->contact)
		return b->contact;
	if (!b->contact && b->m.figure != a->m.figure)
		return b->m.figure < a->m.figure;
	if (b->step != a->step)
		return b->step < a->step;
	return b->t < a->t;
}

/* The closest approach to object o (o == n_obj: to all of them, the
 * units' models as one field), from the sweeps in t. */
static void sweeps_fold(rg_approach *out, const rg_sweeps *t, const arb_unit *u, size_t o)
{
	bool all = o == t->n_obj;
	*out = (rg_approach){.figure = INFINITY, .m = {.other = -1}};
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_sweep *row = &t->sw[i * t->n_obj];
		const bool *has = &t->has[i * t->n_obj];
		arb_sweep best = {.m = {.other = -1}};
		const rg_object *bo = NULL;
		for (size_t k = 0; k < t->n_obj; k++)
			if (has[k] && (all || k == o) && t->obj[k].unit && row[k].m.other >= 0 &&
			    (!bo || sweep_before(&row[k], &best))) {
				best = row[k];
				bo = &t->obj[k];
			}
		if (bo) {
			const char *who = bo->unit->models[best.m.other].id;
			if (all)
				best.m.other += (long)bo->first;
			keep(out, &best, m, bo->unit->id, who);
		}
		for (size_t k = 0; k < t->n_obj; k++)
			if (has[k] && (all || k == o) && !t->obj[k].unit)
				keep(out, &row[k], m, t->obj[k].terrain->id, NULL);
	}
}

/* The sweeps a judgement has made, kept for the predicates after it: one
 * wheel's rotation is GAP.1's whole move and MAN.2's step, a pivot's turn
 * is GAP.1's and PIVOT's. A table is known by what decides it: from, to
 * (past every path's end: the end), what, and whether from == to. */
enum { RG_SWEEPS_KEPT = 8 };

typedef struct rg_sweep_cache {
	/* of the scenario and the actor, worked out once: the last step of
	 * the longest path, and whether any terrain is impassable */
	size_t last;
	bool impassable;
	size_t n;
	struct {
		size_t from, to;
		int what;
		bool still;
		rg_sweeps t;
	} e[RG_SWEEPS_KEPT];
} rg_sweep_cache;

/* The last step of the actor's longest path, and whether any terrain is
 * impassable: what every table's key is read against. */
static void cache_scene(rg_sweep_cache *c, const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	c->last = 0;
	c->impassable = false;
	for (size_t i = 0; u && i < u->n_models; i++) {
		const arb_path *p = arb_scenario_path(s, u->models[i].id);
		if (p && p->n_pts >= 2 && p->n_pts - 1 > c->last)
			c->last = p->n_pts - 1;
	}
	for (size_t i = 0; i < s->n_terrain; i++)
		c->impassable = c->impassable || strcmp(s->terrain[i].kind, "impassable") == 0;
}

static void *cache_make(const arb_eval *ev)
{
	rg_sweep_cache *c = arb_eval_alloc(ev, 1, sizeof *c);
	if (c)
		cache_scene(c, ev);
	return c;
}

/* The sweeps of steps [from, to) against what, into *t: kept for the
 * judgement's other predicates while there is room, else made for this
 * one (in the judgement's scratch either way). */
static int sweeps_get(const rg_sweeps **t, const arb_eval *ev, size_t from, size_t to, int what,
                      arb_error *err)
{
	static const char key = 0;
	rg_sweep_cache *c = arb_eval_memo(ev, &key, cache_make, NULL), none;
	bool kept = c != NULL;
	if (!kept) { /* no room for the memo: this table is made for the caller */
		c = &none;
		cache_scene(c, ev);
		c->n = 0;
	}
	bool still = from == to;
	to = to < c->last ? to : c->last;
	if (!c->impassable)
		what &= ~RG_TERRAIN; /* no terrain to approach: the same table */
	for (size_t i = 0; i < c->n; i++)
		if (c->e[i].from == from && c->e[i].to == to && c->e[i].what == what &&
		    c->e[i].still == still) {
			*t = &c->e[i].t;
			return ARB_OK;
		}
	bool keep_it = kept && c->n < RG_SWEEPS_KEPT;
	rg_sweeps *dst = keep_it ? &c->e[c->n].t : arb_eval_alloc(ev, 1, sizeof *dst);
	if (!dst) {
		arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		return ARB_ENOMEM;
	}
	int rc = sweeps_make(dst, ev, from, still ? from : to, what, err);
	*t = dst;
	if (rc != ARB_OK || !keep_it)
		return rc;
	c->e[c->n].from = from;
	c->e[c->n].to = to;
	c->e[c->n].what = what;
	c->e[c->n].still = still;
	c->n++;
	return ARB_OK;
}

int rg__approach(rg_approach *out, const arb_eval *ev, size_t from, size_t to, int what,
                 arb_error *err)
{
	const rg_sweeps *t;
	int rc = sweeps_get(&t, ev, from, to, what, err);
	if (rc == ARB_OK)
		sweeps_fold(out, t, arb_eval_actor(ev), t->n_obj);
	return rc;
}

int rg__approach_nearer(rg_approach *out, bool *nearer, const arb_eval *ev, size_t from, size_t to,
                        int what, arb_error *err)
{
	const arb_unit *u = arb_eval_actor(ev);
	const rg_sweeps *along = NULL, *still = NULL;
	rg_approach a, at;
	*out = (rg_approach){.figure = INFINITY, .m = {.other = -1}};
	*nearer = false;
	int rc = sweeps_get(&along, ev, from, to, what, err);
	if (rc == ARB_OK)
		rc = sweeps_get(&still, ev, from, from, what, err);
	for (size_t o = 0; rc == ARB_OK && o <= along->n_obj; o++) {
		sweeps_fold(&a, along, u, o);
		if (o == along->n_obj) {
			if (along->n_obj != 1 && !*nearer)
				*out = a; /* none comes nearer: the closest of all */
			break;
		}
		sweeps_fold(&at, still, u, o);
		/* it comes nearer to this one than it stood before */
		if (a.mover && a.figure < at.figure - RG_TOL &&
		    (!*nearer || a.figure < out->figure)) {
			*out = a;
			*nearer = true;
		} else if (along->n_obj == 1) {
			*out = a;
		}
	}
	return rc;
}

/* Where model m ends the action. */
static arb_placed end_placed(const arb_scenario *s, const arb_model *m)
{
	arb_placed pl = arb_model_placed(m);
	const arb_path *p = arb_scenario_path(s, m->id);
	if (p && p->n_pts) {
		pl.c = p->pts[p->n_pts - 1];
		pl.facing_deg = arb_path_facing(p, m, p->n_pts - 1);
	}
	return pl;
}

int rg__end_gap(rg_approach *out, const arb_eval *ev, int what, arb_error *err)
{
	(void)err;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	*out = (rg_approach){.figure = INFINITY, .m = {.other = -1}};
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		arb_placed a = end_placed(s, m);
		arb_measure mm;
		for (size_t j = 0; (what & RG_UNITS) && j < s->n_units; j++) {
			if (&s->units[j] == u)
				continue;
			for (size_t k = 0; k < s->units[j].n_models; k++) {
				arb_placed b = end_placed(s, &s->units[j].models[k]);
				double d = arb_geom_distance(&a, &b, &mm);
				if (d < out->figure) {
					*out = (rg_approach){d,
					                     mm,
					                     m->id,
					                     s->units[j].id,
					                     s->units[j].models[k].id,
					                     d <= RG_TOL};
				}
			}
		}
		for (size_t t = 0; (what & RG_TERRAIN) && t < s->n_terrain; t++) {
			if (strcmp(s->terrain[t].kind, "impassable") != 0)
				continue;
			double d = arb_geom_base_polygon_distance(&a, s->terrain[t].poly,
			                                          s->terrain[t].n_poly, &mm);
			if (d < out->figure)
				*out = (rg_approach){d,    mm,         m->id, s->terrain[t].id,
				                     NULL, d <= RG_TOL};
		}
	}
	return ARB_OK;
}

double rg__travel(const arb_model *m, const arb_path *p, bool farthest)
{
	if (!p || p->n_pts < 2)
		return 0;
	if (!farthest)
		return arb_path_length(p, m);
	double sum = 0;
	for (size_t i = 0; i + 1 < p->n_pts; i++) {
		if (p->steps && p->steps[i].kind == ARB_STEP_ROTATE) {
			arb_placed at = {p->pts[i], arb_path_facing(p, m, i), m->base};
			sum += arb_rotation_travel(&at, p->steps[i].pivot, arb_path_turn(p, m, i),
			                           ARB_TRAVEL_FARTHEST);
		} else {
			sum += norm(sub(p->pts[i + 1], p->pts[i]));
		}
	}
	return sum;
}

const arb_unit *rg__other_moved(const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	for (size_t i = 0; i < s->n_units; i++) {
		if (&s->units[i] == u)
			continue;
		for (size_t j = 0; j < s->units[i].n_models; j++) {
			const arb_path *p = arb_scenario_path(s, s->units[i].models[j].id);
			if (p && arb_geom_path_length(p->pts, p->n_pts) > RG_TOL)
				return &s->units[i];
		}
	}
	return NULL;
}
