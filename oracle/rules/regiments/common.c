/* common.c: what the Regiments predicates share (common.h). */
#include "common.h"

#include <math.h>
#include <stdint.h>
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

static void motion_free(void *p)
{
	rg_motion *mo = p;
	if (!mo)
		return;
	free(mo->parts);
	free(mo->poses);
	free(mo->steps);
	free(mo->front);
	free(mo);
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
	rg_motion *mo = calloc(1, sizeof *mo);
	arb_placed *table = calloc(u->n_models, sizeof *table);
	size_t *rank = calloc(u->n_models, sizeof *rank);
	if (!mo || !table || !rank)
		goto fail;
	mo->n = u->n_models;
	mo->lead = -1;
	mo->apart = -1;
	if (!(mo->parts = calloc(mo->n, sizeof *mo->parts)) ||
	    !(mo->front = calloc(mo->n, sizeof *mo->front)))
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
	if (!(mo->poses = calloc(n_steps + 1, sizeof *mo->poses)) ||
	    !(mo->steps = calloc(n_steps ? n_steps : 1, sizeof *mo->steps)))
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
	free(table);
	free(rank);
	return mo;
fail:
	free(table);
	free(rank);
	motion_free(mo);
	return NULL;
}

const rg_motion *rg__motion(const arb_eval *ev)
{
	static const char key = 0;
	return arb_eval_memo(ev, &key, motion_make, motion_free);
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

/* rg__approach, restricted to the unit or terrain piece `only` (NULL: all). */
static int approach_of(rg_approach *out, const arb_eval *ev, size_t from, size_t to, int what,
                       const char *only, arb_error *err)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int rc = ARB_OK;
	*out = (rg_approach){.figure = INFINITY, .m = {.other = -1}};
	size_t n_others = 0;
	for (size_t i = 0; i < s->n_units; i++)
		if (&s->units[i] != u && (!only || strcmp(s->units[i].id, only) == 0))
			n_others += s->units[i].n_models;
	arb_placed *others = calloc(n_others ? n_others : 1, sizeof *others);
	const char **who = calloc(n_others ? n_others : 1, sizeof(const char *));
	const char **whose = calloc(n_others ? n_others : 1, sizeof(const char *));
	size_t cap = 1;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = arb_scenario_path(s, u->models[i].id);
		if (p && p->n_pts > cap)
			cap = p->n_pts;
	}
	arb_pose *poses = calloc(cap, sizeof *poses);
	arb_step *steps = calloc(cap, sizeof *steps);
	if (!others || !who || !whose || !poses || !steps) {
		rc = ARB_ENOMEM;
		goto done;
	}
	size_t k = 0;
	for (size_t i = 0; i < s->n_units; i++)
		for (size_t j = 0;
		     &s->units[i] != u && (!only || strcmp(s->units[i].id, only) == 0) &&
		     j < s->units[i].n_models;
		     j++, k++) {
			others[k] = arb_model_placed(&s->units[i].models[j]);
			who[k] = s->units[i].models[j].id;
			whose[k] = s->units[i].id;
		}
	for (size_t i = 0; i < u->n_models && rc == ARB_OK; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = arb_scenario_path(s, m->id);
		size_t n_steps = 0;
		if (p && p->n_pts >= 2) {
			size_t last = p->n_pts - 1;
			size_t a = from < last ? from : last, b = to < last ? to : last;
			if (b < a)
				b = a;
			n_steps = (size_t)model_path(poses, steps, m, p, a, b);
		} else if (from == to) {
			poses[0] = (arb_pose){m->pos, m->facing_deg};
		} else {
			continue; /* it does not move: it approaches nothing */
		}
		arb_placed part = {.c = {0, 0}, .facing_deg = 0, .base = m->base};
		arb_body body = {&part, 1};
		arb_pose_path path = {poses, steps, n_steps};
		arb_sweep sw;
		if ((what & RG_UNITS) && n_others) {
			if ((rc =
			         arb_pose_sweep_distance(&sw, &body, &path, others, n_others, err)))
				break;
			if (sw.m.other >= 0)
				keep(out, &sw, m, whose[sw.m.other], who[sw.m.other]);
		}
		for (size_t t = 0; (what & RG_TERRAIN) && t < s->n_terrain && rc == ARB_OK; t++) {
			if (strcmp(s->terrain[t].kind, "impassable") != 0 ||
			    (only && strcmp(s->terrain[t].id, only) != 0))
				continue;
			rc = arb_pose_sweep_polygon(&sw, &body, &path, s->terrain[t].poly,
			                            s->terrain[t].n_poly, err);
			if (rc == ARB_OK)
				keep(out, &sw, m, s->terrain[t].id, NULL);
		}
	}
done:
	free(others);
	free(who);
	free(whose);
	free(poses);
	free(steps);
	return rc;
}

int rg__approach(rg_approach *out, const arb_eval *ev, size_t from, size_t to, int what,
                 arb_error *err)
{
	return approach_of(out, ev, from, to, what, NULL, err);
}

/* Whether entry i of the things rg__approach_nearer walks (the units, then
 * the terrain, as `what` asks) is not one to approach: the actor's own
 * unit, or terrain that is not impassable. */
static bool not_approached(const arb_scenario *s, const arb_unit *u, int what, size_t i)
{
	bool unit = (what & RG_UNITS) && i < s->n_units;
	size_t t = i - ((what & RG_UNITS) ? s->n_units : 0);
	return unit ? &s->units[i] == u : strcmp(s->terrain[t].kind, "impassable") != 0;
}

int rg__approach_nearer(rg_approach *out, bool *nearer, const arb_eval *ev, size_t from, size_t to,
                        int what, arb_error *err)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	rg_approach all, a, at;
	size_t n = (what & RG_UNITS ? s->n_units : 0) + (what & RG_TERRAIN ? s->n_terrain : 0);
	size_t objects = 0;
	for (size_t i = 0; i < n; i++)
		objects += !not_approached(s, u, what, i);
	/* one thing to approach: the approach to all is the approach to it */
	int rc = ARB_OK;
	all = (rg_approach){.figure = INFINITY, .m = {.other = -1}};
	if (objects != 1)
		rc = approach_of(&all, ev, from, to, what, NULL, err);
	*out = all;
	*nearer = false;
	for (size_t i = 0; i < n && rc == ARB_OK; i++) {
		bool unit = (what & RG_UNITS) && i < s->n_units;
		size_t t = i - ((what & RG_UNITS) ? s->n_units : 0);
		if (not_approached(s, u, what, i))
			continue;
		const char *id = unit ? s->units[i].id : s->terrain[t].id;
		int w = unit ? RG_UNITS : RG_TERRAIN;
		if ((rc = approach_of(&a, ev, from, to, w, id, err)) ||
		    (rc = approach_of(&at, ev, from, from, w, id, err)))
			break;
		if (objects == 1)
			*out = a;
		/* it comes nearer to this one than it stood before */
		if (a.mover && a.figure < at.figure - RG_TOL &&
		    (!*nearer || a.figure < out->figure)) {
			*out = a;
			*nearer = true;
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
