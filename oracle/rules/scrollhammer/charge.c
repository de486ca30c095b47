/*
 * Scrollhammer, Charge Sub-phase: spec/scrollhammer/charge.md.
 * Cases: cases/scrollhammer/charge/. How each predicate reads its clause:
 * docs/encoding/scrollhammer-charge.md.
 *
 * Three actions: `declare_charge UNIT -> TARGETS` (the declaration),
 * `react UNIT -> CHARGER` (the target's charge reaction, fact
 * charge_reaction) and `charge UNIT -> TARGETS` (the charge move, with the
 * dice of the charge range). The text never says in which phase the Charge
 * sub-phase lies (the ruleset's context puts it in the Movement phase; the
 * text's "Fight sub-phase" and the Movement phase's "charging into close
 * combat in the close combat phase" put it in the close combat phase): the
 * predicates apply in both. The order of the paths is the order in which
 * the models move. Predicates follow the order of the text; each comment is
 * the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI       3.14159265358979323846
#define TOL      ARB_TOLERANCE_IN
#define RS       "scrollhammer"
#define PHASES   "movement close_combat"
#define MAX_DICE 64
/* Two centres this close along a facing are in the same rank. */
#define RANK_EPS 1e-3

/* The parameters that make a charge range (RANGE.1, DIFF.2). */
#define RANGE_PARAMS                                                                               \
	"SH.CHG.RANGE.1:charge_dice SH.CHG.DIFF.2:difficult_charge_dice SH.CHG.DIFF.2:charge_dice"
#define COH_PARAMS "SH.FORM.HORDE.COH:coherency SH.FORM.SKIRM.COH:coherency"

/* ---- small helpers ---- */

static bool streq(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

static bool is_formation(const arb_unit *u, const char *f)
{
	return u && streq(u->formation, f);
}

static bool open_formation(const arb_unit *u)
{
	return is_formation(u, "horde") || is_formation(u, "skirmish");
}

static bool is_target(const arb_scenario *s, const char *unit)
{
	for (size_t i = 0; i < s->action.n_targets; i++)
		if (streq(s->action.targets[i], unit))
			return true;
	return false;
}

/* A fact that is "true", "false" or a list of unit IDs (spaces or commas):
 * 1 when it covers unit, 0 when it does not, -1 when it is not given. */
static int fact_covers(const arb_scenario *s, const char *name, const char *unit)
{
	const char *v = arb_scenario_fact(s, name);
	if (!v)
		return -1;
	if (strcmp(v, "true") == 0)
		return 1;
	if (strcmp(v, "false") == 0)
		return 0;
	size_t n = strlen(unit);
	for (const char *p = v; *p;) {
		p += strspn(p, " ,");
		size_t k = strcspn(p, " ,");
		if (k == n && strncmp(p, unit, n) == 0)
			return 1;
		p += k;
	}
	return 0;
}


static bool dice_named(const arb_scenario *s)
{
	return s->dice_test != NULL;
}

static size_t dice(const arb_scenario *s, const char *test, int *out)
{
	size_t n = arb_scenario_dice_for(s, test, out, MAX_DICE);
	return n < MAX_DICE ? n : MAX_DICE;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int sum_lowest(const int *d, size_t n, size_t keep)
{
	int v[MAX_DICE];
	int sum = 0;
	memcpy(v, d, n * sizeof *v);
	qsort(v, n, sizeof *v, cmp_int);
	for (size_t i = 0; i < n && i < keep; i++)
		sum += v[i];
	return sum;
}

static int sum_all(const int *d, size_t n)
{
	int sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += d[i];
	return sum;
}

/* The smallest distance between the models of two units (at their positions). */
static double unit_gap(const arb_unit *a, const arb_unit *b, arb_measure *best)
{
	double d = INFINITY;
	for (size_t i = 0; i < a->n_models; i++)
		for (size_t j = 0; j < b->n_models; j++) {
			arb_placed pa = arb_model_placed(&a->models[i]);
			arb_placed pb = arb_model_placed(&b->models[j]);
			arb_measure m;
			double x = arb_geom_distance(&pa, &pb, &m);
			if (x < d) {
				d = x;
				if (best)
					*best = m;
			}
		}
	return d;
}

/* The smallest distance from a base to the models of a unit. */
static double base_to_unit(const arb_placed *a, const arb_unit *b)
{
	double d = INFINITY;
	for (size_t j = 0; j < b->n_models; j++) {
		arb_placed pb = arb_model_placed(&b->models[j]);
		double x = arb_geom_distance(a, &pb, NULL);
		if (x < d)
			d = x;
	}
	return d;
}

static double path_len(const arb_path *p)
{
	return p ? arb_geom_path_length(p->pts, p->n_pts) : 0;
}

/* The frontage of a base in inches: a round base's diameter, a rectangle's width. */
static double frontage(const arb_placed *p)
{
	return (p->base.shape == ARB_BASE_ROUND ? p->base.d_mm : p->base.w_mm) / ARB_MM_PER_INCH;
}

/* A `charge` scenario rolls for its charge when a die is named for
 * charge_roll or difficult_charge_roll, or when its dice are unnamed. One
 * that rolls nothing for it leaves the roll out (the case tables of the
 * Movement and Terrain sections write such charges to test their own
 * clauses): the clauses of the charge move do not apply to it. */
static bool roll_left_out(const arb_eval *ev, arb_result *r)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	if (!streq(s->action.type, "charge") || (s->n_dice > 0 && !dice_named(s)))
		return false;
	for (size_t i = 0; i < s->n_dice; i++)
		if (streq(s->dice_test[i], "charge_roll") ||
		    streq(s->dice_test[i], "difficult_charge_roll"))
			return false;
	r->outcome = ARB_NA;
	return true;
}

/* ---- the charge range ---- */

/* The range rolled: 2D6 for the charge roll (RANGE.1), or the two lowest
 * of 3D6 rolled for a charge through difficult terrain (DIFF.2). With
 * unnamed dice, only a roll of exactly 2D6 makes a range. */
static bool rolled_range_of(const arb_eval *ev, double w2, double *out, char *how, size_t n)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	int d2[MAX_DICE], d3[MAX_DICE];
	size_t n2 = dice(s, "charge_roll", d2), n3 = dice(s, "difficult_charge_roll", d3);
	double w3 = arb_eval_param(ev, "SH.CHG.DIFF.2:difficult_charge_dice");
	double keep = arb_eval_param(ev, "SH.CHG.DIFF.2:charge_dice");
	if ((double)n2 == w2 && (!dice_named(s) || n3 == 0)) {
		*out = sum_all(d2, n2);
		if (how)
			snprintf(how, n, "charge roll %g", *out);
		return true;
	}
	if (dice_named(s) && n2 == 0 && (double)n3 == w3) {
		*out = sum_lowest(d3, n3, (size_t)keep);
		if (how)
			snprintf(how, n, "two lowest of the 3D6 charge roll: %g", *out);
		return true;
	}
	return false;
}

static bool rolled_range(const arb_eval *ev, double *out, char *how, size_t n)
{
	return rolled_range_of(ev, arb_eval_param(ev, "SH.CHG.RANGE.1:charge_dice"), out, how, n);
}

/* The unit's charge range: the range rolled, or the slowest model's
 * (fact slowest_charge_range, RANGE.3) when that is shorter. */
static bool unit_range(const arb_eval *ev, double *out)
{
	double r, slow;
	bool have = rolled_range(ev, &r, NULL, 0);
	if (sh__fact_num(arb_eval_scenario(ev), "slowest_charge_range", &slow)) {
		*out = have && r < slow ? r : slow;
		return true;
	}
	if (have)
		*out = r;
	return have;
}

/* ---- the charge, measured ---- */

/* A model of another unit, where it stands. */
typedef struct other {
	const arb_unit *unit;
	const arb_model *m;
	arb_placed pl;
	bool target;
} other;

typedef struct chg {
	const arb_scenario *s;
	const arb_unit *u;
	size_t n;
	arb_placed *start, *end;
	const arb_path **path;
	size_t *order; /* model indices in the order they move */
	size_t *seq;   /* seq[i]: the place of model i in that order */
	size_t n_moving;
	other *o;
	size_t n_o;
	size_t *tm; /* indices in o of the models of target units */
	size_t n_tm;
	unsigned char *contact; /* n x n_tm: in base contact at the end */
} chg;

static void chg_free(chg *x)
{
	free(x->start);
	free(x->end);
	free(x->path);
	free(x->order);
	free(x->seq);
	free(x->o);
	free(x->tm);
	free(x->contact);
	memset(x, 0, sizeof *x);
}

static bool touching(const arb_placed *a, const arb_placed *b)
{
	return arb_geom_distance(a, b, NULL) <= TOL;
}

static bool chg_init(chg *x, const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	memset(x, 0, sizeof *x);
	x->s = s;
	x->u = u;
	x->n = u->n_models;
	size_t n = x->n ? x->n : 1, no = 0;
	for (size_t i = 0; i < s->n_units; i++)
		if (&s->units[i] != u)
			no += s->units[i].n_models;
	x->start = calloc(n, sizeof *x->start);
	x->end = calloc(n, sizeof *x->end);
	x->path = calloc(n, sizeof *x->path);
	x->order = calloc(n, sizeof *x->order);
	x->seq = calloc(n, sizeof *x->seq);
	x->o = calloc(no ? no : 1, sizeof *x->o);
	x->tm = calloc(no ? no : 1, sizeof *x->tm);
	if (!x->start || !x->end || !x->path || !x->order || !x->seq || !x->o || !x->tm)
		goto fail;
	for (size_t i = 0; i < x->n; i++) {
		x->start[i] = arb_model_placed(&u->models[i]);
		x->end[i] = x->start[i];
		x->end[i].c = sh__end_pos(s, &u->models[i]);
		x->path[i] = sh__moving_path(s, &u->models[i]);
	}
	/* the moving models in the order of their paths, then the others */
	size_t k = 0;
	for (size_t p = 0; p < s->action.n_paths; p++)
		for (size_t i = 0; i < x->n; i++)
			if (x->path[i] && x->path[i] == &s->action.paths[p])
				x->order[k++] = i;
	x->n_moving = k;
	for (size_t i = 0; i < x->n; i++)
		if (!x->path[i])
			x->order[k++] = i;
	for (size_t i = 0; i < x->n; i++)
		x->seq[x->order[i]] = i;
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *w = &s->units[i];
		if (w == u)
			continue;
		for (size_t j = 0; j < w->n_models; j++) {
			other *o = &x->o[x->n_o];
			o->unit = w;
			o->m = &w->models[j];
			o->pl = arb_model_placed(&w->models[j]);
			o->target = is_target(s, w->id);
			if (o->target)
				x->tm[x->n_tm++] = x->n_o;
			x->n_o++;
		}
	}
	x->contact = calloc(n * (x->n_tm ? x->n_tm : 1), 1);
	if (!x->contact)
		goto fail;
	for (size_t i = 0; i < x->n; i++)
		for (size_t t = 0; t < x->n_tm; t++)
			x->contact[i * x->n_tm + t] = touching(&x->end[i], &x->o[x->tm[t]].pl);
	return true;
fail:
	chg_free(x);
	return false;
}

static bool contact(const chg *x, size_t i, size_t t)
{
	return x->contact[i * x->n_tm + t] != 0;
}

static size_t contacts_of(const chg *x, size_t i)
{
	size_t k = 0;
	for (size_t t = 0; t < x->n_tm; t++)
		k += contact(x, i, t);
	return k;
}

/* Target model t is in contact with a model of the charging unit other than
 * `except` (SIZE_MAX: any); with `before`, only models earlier in the order
 * than `before` count. */
static bool engaged(const chg *x, size_t t, size_t except, size_t before)
{
	for (size_t i = 0; i < x->n; i++)
		if (i != except && (before == SIZE_MAX || x->seq[i] < x->seq[before]) &&
		    contact(x, i, t))
			return true;
	return false;
}

/* Where own model j stands while model i moves: models earlier in the
 * order have moved (sequential), or every model has (final). */
static arb_placed own_at(const chg *x, size_t j, size_t i, bool sequential)
{
	return (!sequential || x->seq[j] < x->seq[i]) ? x->end[j] : x->start[j];
}

/* Whether base `mv` (model i of the actor) can follow the polyline pts
 * without overlapping a model (other than other-model `skip_o` and own
 * model `skip_own`) or impassable terrain. */
static bool route_clear(const chg *x, size_t i, const arb_vec2 *pts, size_t np, size_t skip_o,
                        size_t skip_own, bool sequential)
{
	arb_placed mv = x->start[i];
	for (size_t k = 0; k < x->n_o; k++) {
		if (k == skip_o)
			continue;
		if (arb_geom_swept_penetration(&mv, pts, np, &x->o[k].pl, 1, NULL) > TOL)
			return false;
	}
	for (size_t j = 0; j < x->n; j++) {
		if (j == i || j == skip_own)
			continue;
		arb_placed at = own_at(x, j, i, sequential);
		if (arb_geom_swept_penetration(&mv, pts, np, &at, 1, NULL) > TOL)
			return false;
	}
	for (size_t k = 0; k < x->s->n_terrain; k++) {
		const arb_terrain *t = &x->s->terrain[k];
		if (!streq(t->kind, "impassable"))
			continue;
		double len =
		    arb_geom_path_through(&mv, pts, np, t->poly, t->n_poly, ARB_THROUGH_BASE, NULL);
		if (np >= 2 && !(len <= TOL))
			return false;
		if (np < 2 && arb_geom_base_polygon_distance(&mv, t->poly, t->n_poly, NULL) <= 0)
			return false;
	}
	return true;
}

/* The straight approach of model i from its start towards the centre of
 * base `to` until the bases touch: its length (the first touch). */
static double approach(const chg *x, size_t i, const arb_placed *to, arb_vec2 *stop)
{
	arb_placed mv = x->start[i];
	arb_vec2 a = mv.c, b = to->c;
	double len = hypot(b.x - a.x, b.y - a.y);
	*stop = a;
	if (arb_geom_distance(&mv, to, NULL) <= TOL || len <= 0)
		return 0;
	double lo = 0, hi = len;
	for (int it = 0; it < 80; it++) {
		double mid = (lo + hi) / 2;
		mv.c.x = a.x + (b.x - a.x) * mid / len;
		mv.c.y = a.y + (b.y - a.y) * mid / len;
		if (arb_geom_distance(&mv, to, NULL) <= TOL / 2)
			hi = mid;
		else
			lo = mid;
	}
	stop->x = a.x + (b.x - a.x) * hi / len;
	stop->y = a.y + (b.y - a.y) * hi / len;
	return hi;
}

/* "Within reach": model i can come into base contact with target model t
 * (an index into x->tm) by a straight approach no longer than range and
 * clear of every other model and of impassable terrain. */
static bool reach_target(const chg *x, size_t i, size_t t, double range, bool sequential,
                         double *len)
{
	arb_vec2 pts[2], stop;
	*len = approach(x, i, &x->o[x->tm[t]].pl, &stop);
	if (*len > range + TOL)
		return false;
	pts[0] = x->start[i].c;
	pts[1] = stop;
	return route_clear(x, i, pts, 2, x->tm[t], SIZE_MAX, sequential);
}

/* The same towards own model j where it stands (sequential order). */
static bool reach_friend(const chg *x, size_t i, size_t j, double range)
{
	arb_placed at = own_at(x, j, i, true);
	arb_vec2 pts[2], stop;
	double len = approach(x, i, &at, &stop);
	if (len > range + TOL)
		return false;
	pts[0] = x->start[i].c;
	pts[1] = stop;
	return route_clear(x, i, pts, 2, SIZE_MAX, j, true);
}

/* A path longer than the straight line from its start to its end, where
 * that straight line is clear: not the shortest route. */
static bool detour(const chg *x, size_t i, bool sequential, double *len, double *straight)
{
	const arb_path *p = x->path[i];
	*len = path_len(p);
	*straight =
	    p ? hypot(p->pts[p->n_pts - 1].x - p->pts[0].x, p->pts[p->n_pts - 1].y - p->pts[0].y)
	      : 0;
	if (!p || *len <= *straight + TOL)
		return false;
	arb_vec2 pts[2] = {p->pts[0], p->pts[p->n_pts - 1]};
	return route_clear(x, i, pts, 2, SIZE_MAX, SIZE_MAX, sequential);
}

/* ---- arcs of a unit that Fights in Ranks ---- */

enum { ARC_NONE = -1, ARC_FRONT = 0, ARC_LEFT = 1, ARC_REAR = 2, ARC_RIGHT = 3 };
static const char *const kArcName[] = {"front", "left side", "rear", "right side"};
/* The value charged_arc (as SH.FORM.FIR.FLANK.1 gives it): degrees from
 * the front, both sides 90 (a mirror image swaps them). */
static const double kArcValue[] = {0, 90, 180, 90};

typedef struct frame {
	arb_vec2 f, l;
	double fmin, fmax, lmin, lmax;
} frame;

static void extent(const arb_placed *p, arb_vec2 ax, double *lo, double *hi)
{
	double c = p->c.x * ax.x + p->c.y * ax.y;
	if (p->base.shape == ARB_BASE_ROUND) {
		double r = p->base.d_mm / ARB_MM_PER_INCH / 2;
		*lo = c - r;
		*hi = c + r;
		return;
	}
	double a = p->facing_deg * PI / 180;
	arb_vec2 d = {cos(a), sin(a)}, n = {-sin(a), cos(a)};
	double hd = p->base.depth_mm / ARB_MM_PER_INCH / 2, hw = p->base.w_mm / ARB_MM_PER_INCH / 2;
	double e = fabs(d.x * ax.x + d.y * ax.y) * hd + fabs(n.x * ax.x + n.y * ax.y) * hw;
	*lo = c - e;
	*hi = c + e;
}

static void frame_of(const arb_unit *t, frame *fr)
{
	double a = t->facing_deg * PI / 180;
	fr->f = (arb_vec2){cos(a), sin(a)};
	fr->l = (arb_vec2){-sin(a), cos(a)};
	fr->fmin = fr->lmin = INFINITY;
	fr->fmax = fr->lmax = -INFINITY;
	for (size_t i = 0; i < t->n_models; i++) {
		arb_placed p = arb_model_placed(&t->models[i]);
		double lo, hi;
		extent(&p, fr->f, &lo, &hi);
		fr->fmin = fmin(fr->fmin, lo);
		fr->fmax = fmax(fr->fmax, hi);
		extent(&p, fr->l, &lo, &hi);
		fr->lmin = fmin(fr->lmin, lo);
		fr->lmax = fmax(fr->lmax, hi);
	}
}

/* The arcs a point lies in (bits 1 << ARC_*; a point on a boundary is in
 * both arcs; 0 in none), each arc centred on a direction of the unit (the
 * front on its facing, the left side at +90 degrees) and arc_deg wide,
 * drawn from the corners of the unit's footprint (lines at half the arc's
 * angle from each corner) or from the centre of the footprint. */
static int arc_bits(const frame *fr, arb_vec2 p, double arc_deg, bool corners)
{
	double x = p.x * fr->f.x + p.y * fr->f.y, y = p.x * fr->l.x + p.y * fr->l.y;
	double fc = (fr->fmin + fr->fmax) / 2, lc = (fr->lmin + fr->lmax) / 2;
	double f0 = corners ? fr->fmin : fc, f1 = corners ? fr->fmax : fc;
	double l0 = corners ? fr->lmin : lc, l1 = corners ? fr->lmax : lc;
	double t = tan(arc_deg / 2 * PI / 180);
	double off_f = fmax(0, fmax(x - f1, f0 - x)), off_l = fmax(0, fmax(y - l1, l0 - y));
	const double ahead[4] = {x - f1, y - l1, f0 - x, l0 - y};
	const double aside[4] = {off_l, off_f, off_l, off_f};
	int bits = 0;
	for (int k = 0; k < 4; k++)
		if (ahead[k] >= -TOL && aside[k] <= ahead[k] * t + TOL)
			bits |= 1 << k;
	return bits;
}

/* A model of the ranked unit whose base reaches the edge that faces arc. */
static bool on_face(const frame *fr, int arc, const arb_placed *p)
{
	double lo, hi;
	extent(p, (arc == ARC_FRONT || arc == ARC_REAR) ? fr->f : fr->l, &lo, &hi);
	switch (arc) {
	case ARC_FRONT:
		return hi >= fr->fmax - TOL;
	case ARC_REAR:
		return lo <= fr->fmin + TOL;
	case ARC_LEFT:
		return hi >= fr->lmax - TOL;
	case ARC_RIGHT:
		return lo <= fr->lmin + TOL;
	default:
		return false;
	}
}

/* A point on the outer side of the line of the edge that faces arc. */
static bool beyond_face(const frame *fr, int arc, arb_vec2 p)
{
	double x = p.x * fr->f.x + p.y * fr->f.y, y = p.x * fr->l.x + p.y * fr->l.y;
	switch (arc) {
	case ARC_FRONT:
		return x >= fr->fmax - TOL;
	case ARC_REAR:
		return x <= fr->fmin + TOL;
	case ARC_LEFT:
		return y >= fr->lmax - TOL;
	case ARC_RIGHT:
		return y <= fr->lmin + TOL;
	default:
		return false;
	}
}

/* A base that reaches past the line of the edge that faces arc, towards
 * the unit's other edges (beside or behind it). */
static bool past_face(const frame *fr, int arc, const arb_placed *p)
{
	double lo, hi;
	extent(p, (arc == ARC_FRONT || arc == ARC_REAR) ? fr->f : fr->l, &lo, &hi);
	switch (arc) {
	case ARC_FRONT:
		return lo < fr->fmax - TOL;
	case ARC_REAR:
		return hi > fr->fmin + TOL;
	case ARC_LEFT:
		return lo < fr->lmax - TOL;
	case ARC_RIGHT:
		return hi > fr->lmin + TOL;
	default:
		return false;
	}
}

/* The first target unit that Fights in Ranks, or NULL. */
static const arb_unit *ranked_target(const arb_scenario *s)
{
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (is_formation(t, "fight_in_ranks"))
			return t;
	}
	return NULL;
}

/* RANKS.2: the arc that the majority (more than half) of the charging
 * unit's models are surely inside of (a model on a boundary is in
 * neither), at their positions, with the arcs drawn from the corners and
 * from the centre (the text does not say where an arc starts; formations
 * reads SH.FORM.FIR.2 the same way): the arc when both agree, else
 * ARC_NONE. counts: the models surely in each arc, from the corners. */
static int charged_arc(const arb_unit *charger, const arb_unit *t, double arc_deg, size_t counts[4])
{
	frame fr;
	int found[2] = {ARC_NONE, ARC_NONE};
	frame_of(t, &fr);
	for (int c = 0; c < 2; c++) {
		size_t n[4] = {0, 0, 0, 0};
		for (size_t i = 0; i < charger->n_models; i++) {
			int b = arc_bits(&fr, charger->models[i].pos, arc_deg, c == 0);
			for (int a = 0; a < 4; a++)
				n[a] += b == 1 << a;
		}
		for (int a = 0; a < 4; a++)
			if (2 * n[a] > charger->n_models)
				found[c] = a;
		if (c == 0)
			memcpy(counts, n, sizeof n);
	}
	return found[0] == found[1] ? found[0] : ARC_NONE;
}

/* ---- the procedure ---- */

/* SH.CHG.2 */
ARB_PREDICATE(sh_chg_2, .clause = "SH.CHG.2", .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "charge.procedure", .fingerprint = "fd3771b33b93a3b9")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!arb_scenario_fact(s, "charge_declared") || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	for (size_t i = 0; i < s->action.n_targets; i++) {
		if (fact_covers(s, "charge_declared", s->action.targets[i]) != 1) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[i];
			arb_result_explain(r,
			                   "%s makes a charge move against %s without having declared a "
			                   "charge against it: the procedure's first step is skipped",
			                   u->id, r->object);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s declared the charge against the %zu unit(s) it moves against",
	                   u->id, s->action.n_targets);
}

/* ---- Declare a Charge ---- */

/* SH.CHG.DECL.1 */
ARB_PREDICATE(sh_chg_decl_1, .clause = "SH.CHG.DECL.1", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "declare.nomination", .fingerprint = "72b61638c7164277")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *side = s->context.active_side;
	r->subject = u->id;
	if (side && !streq(u->side, side)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is of side %s, not of the army whose turn it is (%s)",
		                   u->id, u->side, side);
		return;
	}
	if (s->action.n_targets == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s declares a charge and nominates no enemy unit", u->id);
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (streq(t->side, u->side)) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(
			    r, "%s nominates %s, a unit of its own side, not an enemy unit", u->id,
			    t->id);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s nominates %zu enemy unit(s)", u->id, s->action.n_targets);
}

/* A unit that cannot be reached: further than the maximum charge range
 * (reading `distance`), or as the fact can_reach says (reading `route`,
 * the distance when the fact is not given). */
static void decl_2(const arb_eval *ev, arb_result *r, bool route)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double limit = arb_eval_param(ev, "SH.CHG.DECL.4:max_charge_range"), far = 0;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	bool by_fact = false;
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		arb_measure m = {0};
		double d = unit_gap(u, t, &m);
		int cov = route ? fact_covers(s, "can_reach", t->id) : -1;
		if (cov == 0) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(r, "%s cannot reach %s (fact can_reach), %.2f in away",
			                   u->id, t->id, d);
			return;
		}
		if (cov == 1) {
			by_fact = true;
			continue;
		}
		if (d > limit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			r->has_measure = true;
			r->measure = m;
			r->measure.figure = d;
			r->measure.limit = limit;
			r->measure.margin = limit - d;
			arb_result_explain(
			    r,
			    "%s is %.2f in from %s, beyond the maximum charge range of "
			    "%g in: it cannot reach it",
			    t->id, d, u->id, limit);
			return;
		}
		far = fmax(far, d);
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s can reach every nominated unit (%s%.2f in at most, limit %g in)",
	                   u->id, by_fact ? "fact can_reach; others " : "", far, limit);
}

/* SH.CHG.DECL.2 */
ARB_PREDICATE(sh_chg_decl_2_distance, .clause = "SH.CHG.DECL.2", .reading = "distance",
              .ruleset = RS, .actions = "declare_charge", .phases = PHASES,
              .question = "declare.reach", .params = "SH.CHG.DECL.4:max_charge_range",
              .fingerprint = "1b7e8fc2a5d71b2f")
{
	decl_2(ev, r, false);
}

/* SH.CHG.DECL.2 */
ARB_PREDICATE(sh_chg_decl_2_route, .clause = "SH.CHG.DECL.2", .reading = "route", .ruleset = RS,
              .actions = "declare_charge", .phases = PHASES, .question = "declare.reach",
              .params = "SH.CHG.DECL.4:max_charge_range", .fingerprint = "1b7e8fc2a5d71b2f")
{
	decl_2(ev, r, true);
}

/* SH.CHG.DECL.3 */
ARB_PREDICATE(sh_chg_decl_3, .clause = "SH.CHG.DECL.3", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "declare.sight", .fingerprint = "c3cc29eb5f8ac9f4")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *unknown = NULL;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	for (size_t i = 0; i < s->action.n_targets; i++) {
		int cov = fact_covers(s, "can_see", s->action.targets[i]);
		if (cov == 0) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[i];
			arb_result_explain(r, "%s cannot see %s (fact can_see)", u->id, r->object);
			return;
		}
		if (cov < 0 && !unknown)
			unknown = s->action.targets[i];
	}
	if (unknown) {
		r->outcome = ARB_UNDECIDED;
		r->object = unknown;
		arb_result_explain(r, "whether %s can see %s is not stated (fact can_see)", u->id,
		                   unknown);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s can see every nominated unit (fact can_see)", u->id);
}

/* SH.CHG.DECL.4 */
ARB_PREDICATE(sh_chg_decl_4, .clause = "SH.CHG.DECL.4", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "value.max_charge_range", .params = "max_charge_range",
              .fingerprint = "840f817cd6bc1443")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double limit = arb_eval_param(ev, "max_charge_range"), far = 0;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++)
		far = fmax(far, unit_gap(u, arb_scenario_unit(s, s->action.targets[i]), NULL));
	r->outcome = ARB_VALUE;
	arb_result_value(r, "max_charge_range", limit);
	arb_result_value(r, "target_distance", far);
	arb_result_explain(r,
	                   "maximum charge range %g in; the farthest nominated unit is %.2f in "
	                   "away",
	                   limit, far);
}

/* SH.CHG.DECL.NOT.1, 2, 3, 5: a status that bars the declaration. */
static void barred_by(const arb_eval *ev, arb_result *r, const char *status, const char *words)
{
	const arb_unit *u = arb_eval_actor(ev);
	r->subject = u->id;
	if (arb_unit_has_status(u, status)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s %s: it may not declare a charge", u->id, words);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s is not %s (status %s)", u->id, status, status);
	}
}

#define BARRED(fname, cl_, status, words, fp)                                                      \
	ARB_PREDICATE(fname, .clause = cl_, .ruleset = RS, .actions = "declare_charge",            \
	              .phases = PHASES, .question = "declare.allowed", .fingerprint = fp)          \
	{                                                                                          \
		barred_by(ev, r, status, words);                                                   \
	}

/* SH.CHG.DECL.NOT.1 */
BARRED(sh_chg_decl_not_1, "SH.CHG.DECL.NOT.1", "locked_in_combat",
       "is already locked in close combat", "51063280c32588c2")
/* SH.CHG.DECL.NOT.2 */
BARRED(sh_chg_decl_not_2, "SH.CHG.DECL.NOT.2", "marched", "marched this turn", "bbe510b3bf9d4b6c")
/* SH.CHG.DECL.NOT.3 */
BARRED(sh_chg_decl_not_3, "SH.CHG.DECL.NOT.3", "gone_to_ground", "has gone to ground",
       "1ad5bf033aace116")

/* "fired a weapon or used an ability that cannot be used the turn it
 * charges": the relative clause qualifies both (`qualified`) or only the
 * ability, so that any weapon fired bars the charge (`any-weapon`). */
static void decl_not_4(const arb_eval *ev, arb_result *r, bool any_weapon)
{
	const arb_unit *u = arb_eval_actor(ev);
	r->subject = u->id;
	if (arb_unit_has_status(u, "ability_barring")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s used an ability that cannot be used the turn it charges",
		                   u->id);
	} else if (arb_unit_has_status(u, "fired_barring")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s fired a weapon that cannot be used the turn it charges",
		                   u->id);
	} else if (any_weapon && arb_unit_has_status(u, "fired")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s fired a weapon this turn (any weapon bars the charge)",
		                   u->id);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s %s", u->id,
		                   arb_unit_has_status(u, "fired")
		                       ? "fired only weapons that may be used the turn it charges"
		                       : "fired no weapon and used no barring ability");
	}
}

/* SH.CHG.DECL.NOT.4 */
ARB_PREDICATE(sh_chg_decl_not_4_qualified, .clause = "SH.CHG.DECL.NOT.4", .reading = "qualified",
              .ruleset = RS, .actions = "declare_charge", .phases = PHASES,
              .question = "declare.allowed", .fingerprint = "c4226b6467034f27")
{
	decl_not_4(ev, r, false);
}

/* SH.CHG.DECL.NOT.4 */
ARB_PREDICATE(sh_chg_decl_not_4_any, .clause = "SH.CHG.DECL.NOT.4", .reading = "any-weapon",
              .ruleset = RS, .actions = "declare_charge", .phases = PHASES,
              .question = "declare.allowed", .fingerprint = "c4226b6467034f27")
{
	decl_not_4(ev, r, true);
}

/* SH.CHG.DECL.NOT.5 */
BARRED(sh_chg_decl_not_5, "SH.CHG.DECL.NOT.5", "falling_back", "is falling back",
       "60c5b2074b87fd81")

/* ---- the charge reaction ---- */

static bool excused(const arb_unit *u)
{
	return arb_unit_has_status(u, "locked_in_combat") || arb_unit_has_status(u, "falling_back");
}

/* SH.CHG.REACT.1 */
ARB_PREDICATE(sh_chg_react_1, .clause = "SH.CHG.REACT.1", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.choice", .fingerprint = "3929b0a9a0eb4609")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *re = arb_scenario_fact(arb_eval_scenario(ev), "charge_reaction");
	r->subject = u->id;
	if (excused(u)) {
		if (!re || streq(re, "none")) {
			r->outcome = ARB_NA;
			return;
		}
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s is already %s: the text says only that such a unit need "
		                   "not choose a reaction, not whether it may (it chose %s)",
		                   u->id,
		                   arb_unit_has_status(u, "locked_in_combat") ? "locked in combat"
		                                                              : "falling back",
		                   re);
		return;
	}
	if (!re) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(
		    r, "the charge reaction of %s is not stated (fact charge_reaction)", u->id);
	} else if (streq(re, "none")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is charged and chooses no charge reaction", u->id);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s chooses its charge reaction: %s", u->id, re);
	}
}

/* SH.CHG.REACT.2 */
ARB_PREDICATE(sh_chg_react_2, .clause = "SH.CHG.REACT.2", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.choice", .fingerprint = "ef122bdf3fff3370")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *re = arb_scenario_fact(arb_eval_scenario(ev), "charge_reaction");
	if (excused(u) || !re || streq(re, "none")) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (streq(re, "flee") || streq(re, "hold")) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s may choose to %s", u->id, re);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s chooses '%s', which is neither to flee nor to hold",
		                   u->id, re);
	}
}

/* SH.CHG.REACT.3 */
ARB_PREDICATE(sh_chg_react_3, .clause = "SH.CHG.REACT.3", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.flee", .params = "flee_dice",
              .fingerprint = "e138af842872783e")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int d[MAX_DICE];
	if (!streq(arb_scenario_fact(s, "charge_reaction"), "flee")) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	double want = arb_eval_param(ev, "flee_dice");
	size_t n = dice(s, "flee_roll", d);
	if ((double)n != want) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s flees: it falls back %gD6 in, and %zu dice were rolled",
		                   u->id, want, n);
		return;
	}
	int roll = sum_all(d, n);
	arb_result_value(r, "flee_distance", roll);
	for (size_t i = 0; i < u->n_models; i++) {
		double len = path_len(arb_scenario_path(s, u->models[i].id));
		if (fabs(len - roll) > TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->has_measure = true;
			r->measure = (arb_measure){.figure = len,
			                           .limit = roll,
			                           .margin = roll - len,
			                           .p = u->models[i].pos,
			                           .q = u->models[i].pos,
			                           .other = -1};
			arb_result_explain(r, "%s falls back %.2f in; the flee roll is %d in",
			                   r->subject, len, roll);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s flees: every model falls back the %d in rolled", u->id, roll);
}

/* SH.CHG.REACT.4 */
ARB_PREDICATE(sh_chg_react_4, .clause = "SH.CHG.REACT.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.fled_target", .fingerprint = "d47b54c02f1bf55a")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (arb_unit_has_status(t, "falling_back")) {
			r->outcome = ARB_PERMITS;
			r->object = t->id;
			arb_result_explain(
			    r, "%s is falling back (it fled) and may still be charged", t->id);
			return;
		}
	}
	r->outcome = ARB_NA;
}

/* SH.CHG.REACT.5 */
ARB_PREDICATE(sh_chg_react_5, .clause = "SH.CHG.REACT.5", .ruleset = RS, .actions = "react",
              .phases = PHASES, .question = "react.stand_and_shoot",
              .fingerprint = "f84b7a6605ade434")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *re = arb_scenario_fact(s, "charge_reaction");
	if (!sh__fact_is(s, "stand_and_shoot", "true") || excused(u)) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (!streq(re, "hold")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "%s takes the Stand and Shoot test, but it chose %s, not to hold", u->id,
		    re ? re : "no reaction");
	} else if (!is_formation(u, "fight_in_ranks")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s holds and takes the Stand and Shoot test, but it does not "
		                   "Fight in Ranks (%s)",
		                   u->id, u->formation ? u->formation : "no formation");
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s holds and Fights in Ranks: it may take the Leadership test "
		                   "to Stand and Shoot",
		                   u->id);
	}
}

/* SH.CHG.DECL.7 */
ARB_PREDICATE(sh_chg_decl_7, .clause = "SH.CHG.DECL.7", .ruleset = RS,
              .actions = "declare_charge charge", .phases = PHASES, .question = "charge.target",
              .fingerprint = "841f262a372b6af1")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *shot = arb_scenario_fact(s, "shooting_target");
	bool fired = arb_unit_has_status(u, "fired") || arb_unit_has_status(u, "fired_barring");
	if ((!fired && !shot) || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (!shot) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s fired in the Shooting phase; the unit it shot at is not "
		                   "stated (fact shooting_target)",
		                   u->id);
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++)
		if (!streq(s->action.targets[i], shot)) {
			r->outcome = ARB_VIOLATED;
			r->object = s->action.targets[i];
			arb_result_explain(r, "%s shot at %s and charges %s", u->id, shot,
			                   r->object);
			return;
		}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s charges only %s, the unit it shot at", u->id, shot);
}

/* ---- Rolling for Charge Range ---- */

/* SH.CHG.RANGE.1 */
ARB_PREDICATE(sh_chg_range_1, .clause = "SH.CHG.RANGE.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.range", .params = "charge_dice",
              .fingerprint = "f01c4dc0880a56b8")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	int d2[MAX_DICE], d3[MAX_DICE];
	size_t n2 = dice(s, "charge_roll", d2), n3 = dice(s, "difficult_charge_roll", d3);
	double want = arb_eval_param(ev, "charge_dice");
	r->subject = arb_eval_actor(ev)->id;
	if (dice_named(s) && n2 == 0 && n3 > 0) {
		r->outcome = ARB_NA; /* the range was rolled as SH.CHG.DIFF.2 says */
		return;
	}
	if (n2 == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "no charge range was rolled (charge_roll)");
	} else if ((double)n2 != want) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%zu dice were rolled for the charge range, not %gD6", n2,
		                   want);
	} else {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "charge_range", sum_all(d2, n2));
		arb_result_explain(r, "charge range %d in (%gD6)", sum_all(d2, n2), want);
	}
}

/* SH.CHG.RANGE.3 */
ARB_PREDICATE(sh_chg_range_3, .clause = "SH.CHG.RANGE.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.speed", .params = RANGE_PARAMS,
              .fingerprint = "1bacd464c4074253")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double slow, unit;
	if (!sh__fact_num(s, "slowest_charge_range", &slow)) {
		r->outcome = ARB_NA;
		return;
	}
	unit_range(ev, &unit);
	arb_result_value(r, "unit_charge_range", unit);
	for (size_t i = 0; i < u->n_models; i++) {
		double len = path_len(sh__moving_path(s, &u->models[i]));
		if (len > unit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			arb_result_explain(r,
			                   "%s charges %.2f in; the slowest model's charge range, "
			                   "which binds the whole unit, is %g in",
			                   r->subject, len, unit);
			return;
		}
	}
	r->outcome = ARB_VALUE;
	arb_result_explain(r, "the whole unit charges at the speed of its slowest model: %g in",
	                   unit);
}

/* ---- Charge Move ---- */

/* SH.CHG.MOVE.1 */
ARB_PREDICATE(sh_chg_move_1, .clause = "SH.CHG.MOVE.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.targets", .fingerprint = "3162005be61e24ed")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	r->subject = u->id;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s makes a charge move against no declared unit", u->id);
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (streq(t->side, u->side)) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(r, "%s charges %s, a unit of its own side", u->id,
			                   t->id);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s charges the %zu unit(s) it declared against", u->id,
	                   s->action.n_targets);
}

/* "engage as many opposing models ... with as many of their models as
 * possible": met at once when every charging model and every target model
 * is engaged, else against the facts that state the most possible. */
typedef struct engagement {
	size_t models, of_models, enemies, of_enemies;
} engagement;

static engagement engagement_of(const chg *x)
{
	engagement e = {0, x->n, 0, x->n_tm};
	for (size_t i = 0; i < x->n; i++)
		e.models += contacts_of(x, i) > 0;
	for (size_t t = 0; t < x->n_tm; t++)
		e.enemies += engaged(x, t, SIZE_MAX, SIZE_MAX);
	return e;
}

/* One criterion: 1 met, 0 not met, -1 undecided. */
static int most_possible(const arb_scenario *s, size_t got, size_t all, const char *fact,
                         double *max)
{
	if (got == all) {
		*max = (double)all;
		return 1;
	}
	if (!sh__fact_num(s, fact, max))
		return -1;
	return (double)got + 1e-9 >= *max;
}

/* SH.CHG.MOVE.2 */
ARB_PREDICATE(sh_chg_move_2, .clause = "SH.CHG.MOVE.2", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.engagement", .fingerprint = "2c7f2bde27269d16")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	engagement e = engagement_of(&x);
	double me = 0, mm = 0;
	int ce = most_possible(s, e.enemies, e.of_enemies, "max_engaged_enemies", &me);
	int cm = most_possible(s, e.models, e.of_models, "max_engaged_models", &mm);
	if (ce == 0 || cm == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%zu enemy model(s) engaged by %zu charging model(s); %s %g",
		                   e.enemies, e.models,
		                   ce == 0 ? "the most enemy models possible is"
		                           : "the most charging "
		                             "models possible is",
		                   ce == 0 ? me : mm);
	} else if (ce < 0 || cm < 0) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%zu of %zu enemy model(s) engaged by %zu of %zu charging "
		                   "model(s); how many could be is not stated (facts "
		                   "max_engaged_enemies, max_engaged_models)",
		                   e.enemies, e.of_enemies, e.models, e.of_models);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%zu enemy model(s) engaged by %zu charging model(s): as many "
		                   "as possible (%g, %g)",
		                   e.enemies, e.models, me, mm);
	}
	chg_free(&x);
}

/* SH.CHG.MOVE.3 */
ARB_PREDICATE(sh_chg_move_3, .clause = "SH.CHG.MOVE.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.holding_back", .params = RANGE_PARAMS,
              .fingerprint = "dcc9c7c8cd149c44")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	double range;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	bool have = unit_range(ev, &range);
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no charging model holds back or goes around terrain");
	for (size_t k = 0; k < x.n && r->outcome == ARB_HOLDS; k++) {
		size_t i = x.order[k];
		const arb_model *m = &x.u->models[i];
		/* trying to avoid terrain: a detour where the straight line, clear of
		 * models, goes through more difficult or dangerous terrain */
		double len, straight;
		if (detour(&x, i, false, &len, &straight)) {
			const arb_path *p = x.path[i];
			arb_vec2 line[2] = {p->pts[0], p->pts[p->n_pts - 1]};
			for (size_t t = 0; t < s->n_terrain; t++) {
				const arb_terrain *tr = &s->terrain[t];
				if (!streq(tr->kind, "difficult") && !streq(tr->kind, "dangerous"))
					continue;
				bool avoided = true;
				for (int how = 0; how < 2; how++) {
					double on_line = arb_geom_path_through(
					    &x.start[i], line, 2, tr->poly, tr->n_poly,
					    (arb_through)how, NULL);
					double on_path = arb_geom_path_through(
					    &x.start[i], p->pts, p->n_pts, tr->poly, tr->n_poly,
					    (arb_through)how, NULL);
					avoided = avoided && on_line > on_path + TOL;
				}
				if (avoided) {
					r->outcome = ARB_VIOLATED;
					r->subject = m->id;
					r->object = tr->id;
					arb_result_explain(
					    r,
					    "%s goes %.2f in around %s (%s terrain) where the "
					    "straight line of %.2f in is clear",
					    m->id, len, tr->id, tr->kind, straight);
					break;
				}
			}
			if (r->outcome != ARB_HOLDS)
				break;
		}
		/* holding back: stops short, out of contact, with a free enemy in reach */
		if (!have || contacts_of(&x, i) > 0 || path_len(x.path[i]) >= range - TOL)
			continue;
		for (size_t t = 0; t < x.n_tm; t++) {
			double d;
			if (engaged(&x, t, i, SIZE_MAX) ||
			    !reach_target(&x, i, t, range, false, &d))
				continue;
			r->outcome = ARB_VIOLATED;
			r->subject = m->id;
			r->object = x.o[x.tm[t]].m->id;
			arb_result_explain(r,
			                   "%s stops after %.2f in of its %g in, out of contact, "
			                   "though %s (unengaged) was %.2f in away: holding back",
			                   m->id, path_len(x.path[i]), range, r->object, d);
			break;
		}
	}
	chg_free(&x);
}

/* SH.CHG.MOVE.4 */
ARB_PREDICATE(sh_chg_move_4, .clause = "SH.CHG.MOVE.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "move.distance",
              .params = "charge_dice SH.CHG.DIFF.2:difficult_charge_dice SH.CHG.DIFF.2:charge_dice",
              .fingerprint = "2d3e81fc5daa9e1c")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range, longest = -1;
	char how[96];
	const arb_model *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (p && path_len(p) > longest) {
			longest = path_len(p);
			who = &u->models[i];
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who->id;
	/* "up to the 2D6 distance you rolled earlier": this clause's own 2D6 */
	if (!rolled_range_of(ev, arb_eval_param(ev, "charge_dice"), &range, how, sizeof how)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "%s charges %.2f in; no charge range was rolled to compare",
		                   who->id, longest);
		return;
	}
	const arb_path *p = sh__moving_path(s, who);
	r->has_measure = true;
	r->measure = (arb_measure){.figure = longest,
	                           .limit = range,
	                           .margin = range - longest,
	                           .p = p->pts[0],
	                           .q = p->pts[p->n_pts - 1],
	                           .other = -1};
	if (longest <= range + TOL) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s charges %.2f in, up to the %g in rolled (%s)", who->id,
		                   longest, range, how);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "%s charges %.2f in, the roll allows %g in (%s): over by %.2f in", who->id,
		    longest, range, how, longest - range);
	}
}

/* SH.CHG.MOVE.5 */
ARB_PREDICATE(sh_chg_move_5, .clause = "SH.CHG.MOVE.5", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "move.enemy", .params = "enemy_gap",
              .fingerprint = "818b8e7946763ed7")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double gap = arb_eval_param(ev, "enemy_gap"), best = INFINITY;
	const char *who = NULL, *whom = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *w = &s->units[k];
			if (streq(w->side, u->side))
				continue;
			for (size_t j = 0; j < w->n_models; j++) {
				arb_placed e = arb_model_placed(&w->models[j]);
				double d =
				    arb_geom_swept_distance(&pl, p->pts, p->n_pts, &e, 1, NULL);
				if (d < best) {
					best = d;
					who = u->models[i].id;
					whom = w->models[j].id;
				}
			}
		}
	}
	if (!who || best > gap + TOL) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	r->subject = who;
	r->object = whom;
	arb_result_explain(r,
	                   "%s comes %.3f in from %s: charging models can be moved within %g "
	                   "in of enemy models",
	                   who, best, whom, gap);
}

/* SH.CHG.MOVE.6 */
ARB_PREDICATE(sh_chg_move_6, .clause = "SH.CHG.MOVE.6", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.through_models",
              .fingerprint = "70bbb5c099c68e5d")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no charging model moves through another model");
	for (size_t k = 0; k < x.n_moving && r->outcome == ARB_HOLDS; k++) {
		size_t i = x.order[k];
		const arb_path *p = x.path[i];
		const char *whom = NULL;
		double deep = 0;
		for (size_t j = 0; j < x.n_o; j++) {
			double d = arb_geom_swept_penetration(&x.start[i], p->pts, p->n_pts,
			                                      &x.o[j].pl, 1, NULL);
			if (d > deep) {
				deep = d;
				whom = x.o[j].m->id;
			}
		}
		for (size_t j = 0; j < x.n; j++) {
			if (j == i)
				continue;
			arb_placed at = own_at(&x, j, i, true);
			double d =
			    arb_geom_swept_penetration(&x.start[i], p->pts, p->n_pts, &at, 1, NULL);
			if (d > deep) {
				deep = d;
				whom = x.u->models[j].id;
			}
		}
		if (deep > TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = x.u->models[i].id;
			r->object = whom;
			arb_result_explain(r, "%s moves through %s (overlap %.3f in)", r->subject,
			                   whom, deep);
		}
	}
	chg_free(&x);
}

/* ---- gaps (MOVE.7) ---- */

typedef struct obstacle {
	const char *id;
	bool poly;
	arb_placed pl;
	const arb_vec2 *pts;
	size_t n;
} obstacle;

static arb_vec2 seg_closest(arb_vec2 a, arb_vec2 b, arb_vec2 p)
{
	double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
	double t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return (arb_vec2){a.x + t * dx, a.y + t * dy};
}

static double cross(arb_vec2 o, arb_vec2 a, arb_vec2 b)
{
	return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static bool segs_cross(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d)
{
	double d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
	       ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/* Closest points of two polygons' boundaries (they do not overlap). */
static double poly_poly(const obstacle *a, const obstacle *b, arb_vec2 *p, arb_vec2 *q)
{
	double best = INFINITY;
	for (size_t i = 0; i < a->n; i++)
		for (size_t j = 0; j < b->n; j++) {
			arb_vec2 a0 = a->pts[i], a1 = a->pts[(i + 1) % a->n];
			arb_vec2 b0 = b->pts[j], b1 = b->pts[(j + 1) % b->n];
			arb_vec2 cand[4][2] = {{a0, seg_closest(b0, b1, a0)},
			                       {a1, seg_closest(b0, b1, a1)},
			                       {seg_closest(a0, a1, b0), b0},
			                       {seg_closest(a0, a1, b1), b1}};
			for (int k = 0; k < 4; k++) {
				double d =
				    hypot(cand[k][0].x - cand[k][1].x, cand[k][0].y - cand[k][1].y);
				if (d < best) {
					best = d;
					*p = cand[k][0];
					*q = cand[k][1];
				}
			}
		}
	return best;
}

static double obstacle_gap(const obstacle *a, const obstacle *b, arb_vec2 *p, arb_vec2 *q)
{
	arb_measure m;
	double d;
	if (!a->poly && !b->poly) {
		d = arb_geom_distance(&a->pl, &b->pl, &m);
	} else if (a->poly && b->poly) {
		return poly_poly(a, b, p, q);
	} else {
		const obstacle *base = a->poly ? b : a, *poly = a->poly ? a : b;
		d = arb_geom_base_polygon_distance(&base->pl, poly->pts, poly->n, &m);
		if (a->poly) {
			arb_vec2 t = m.p;
			m.p = m.q;
			m.q = t;
		}
	}
	*p = m.p;
	*q = m.q;
	return d;
}

/* SH.CHG.MOVE.7 */
ARB_PREDICATE(sh_chg_move_7, .clause = "SH.CHG.MOVE.7", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.gap", .fingerprint = "372c881bdceaae9b")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	obstacle *ob = NULL;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev) || !(ob = calloc(x.n_o + x.n + s->n_terrain + 1, sizeof *ob))) {
		chg_free(&x);
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no charging model passes through a gap narrower than its base");
	for (size_t k = 0; k < x.n_moving && r->outcome == ARB_HOLDS; k++) {
		size_t i = x.order[k], no = 0;
		const arb_path *p = x.path[i];
		for (size_t j = 0; j < x.n_o; j++)
			ob[no++] = (obstacle){.id = x.o[j].m->id, .pl = x.o[j].pl};
		for (size_t j = 0; j < x.n; j++)
			if (j != i)
				ob[no++] = (obstacle){.id = x.u->models[j].id,
				                      .pl = own_at(&x, j, i, true)};
		for (size_t t = 0; t < s->n_terrain; t++)
			if (streq(s->terrain[t].kind, "impassable"))
				ob[no++] = (obstacle){.id = s->terrain[t].id,
				                      .poly = true,
				                      .pts = s->terrain[t].poly,
				                      .n = s->terrain[t].n_poly};
		for (size_t a = 0; a < no && r->outcome == ARB_HOLDS; a++)
			for (size_t b = a + 1; b < no && r->outcome == ARB_HOLDS; b++) {
				arb_vec2 pa, pb;
				double w = obstacle_gap(&ob[a], &ob[b], &pa, &pb);
				if (!(w > TOL))
					continue;
				arb_vec2 ax = {(pb.x - pa.x) / w, (pb.y - pa.y) / w};
				double lo, hi;
				extent(&x.start[i], ax, &lo, &hi);
				double across = hi - lo;
				if (w >= across - TOL)
					continue;
				for (size_t q = 0; q + 1 < p->n_pts; q++)
					if (segs_cross(p->pts[q], p->pts[q + 1], pa, pb)) {
						r->outcome = ARB_VIOLATED;
						r->subject = x.u->models[i].id;
						r->object = ob[a].id;
						r->has_measure = true;
						r->measure = (arb_measure){.figure = w,
						                           .limit = across,
						                           .margin = w - across,
						                           .p = pa,
						                           .q = pb,
						                           .other = -1};
						arb_result_explain(
						    r,
						    "%s passes between %s and %s through a gap of "
						    "%.3f in; its base is %.3f in across",
						    r->subject, ob[a].id, ob[b].id, w, across);
						break;
					}
			}
	}
	free(ob);
	chg_free(&x);
}

/* Contact with enemy models of units not charged: at the end (`end`) or
 * anywhere along the path (`path`). */
static void move_8(const arb_eval *ev, arb_result *r, bool along)
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool any = false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *w = &s->units[k];
			if (streq(w->side, u->side) || is_target(s, w->id))
				continue;
			for (size_t j = 0; j < w->n_models; j++) {
				arb_placed e = arb_model_placed(&w->models[j]);
				any = true;
				double d = along ? arb_geom_swept_distance(&pl, p->pts, p->n_pts,
				                                           &e, 1, NULL)
				                 : arb_geom_swept_distance(
				                       &pl, &p->pts[p->n_pts - 1], 1, &e, 1, NULL);
				if (d <= TOL) {
					r->outcome = ARB_VIOLATED;
					r->subject = u->models[i].id;
					r->object = w->models[j].id;
					arb_result_explain(
					    r,
					    "%s comes into base contact with %s of %s, a unit "
					    "it is not charging%s",
					    r->subject, r->object, w->id,
					    along ? " (along its path)" : " (where it ends)");
					return;
				}
			}
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "no charging model touches an enemy model of a unit it is not "
	                   "charging%s",
	                   along ? " along its path" : " where it ends");
}

/* SH.CHG.MOVE.8 */
ARB_PREDICATE(sh_chg_move_8_end, .clause = "SH.CHG.MOVE.8", .reading = "end", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.other_units",
              .fingerprint = "933da0e481daebce")
{
	move_8(ev, r, false);
}

/* SH.CHG.MOVE.8 */
ARB_PREDICATE(sh_chg_move_8_path, .clause = "SH.CHG.MOVE.8", .reading = "path", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.other_units",
              .fingerprint = "933da0e481daebce")
{
	move_8(ev, r, true);
}

/* Each target unit within the unit's charge range of its closest model. */
static bool can_make(const arb_scenario *s, const arb_unit *u, double range, const char **miss)
{
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (unit_gap(u, t, NULL) > range + TOL) {
			*miss = t->id;
			return false;
		}
	}
	return true;
}

/* SH.CHG.MOVE.9 */
ARB_PREDICATE(sh_chg_move_9, .clause = "SH.CHG.MOVE.9", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.contact", .params = RANGE_PARAMS,
              .fingerprint = "691deb21c716576e")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range;
	const char *miss = NULL;
	chg x;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!unit_range(ev, &range)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "no charge range was rolled: whether %s can make the charge is "
		                   "not known",
		                   u->id);
		return;
	}
	if (!can_make(s, u, range, &miss)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	engagement e = engagement_of(&x);
	r->subject = u->id;
	if (e.models > 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%s can make the charge (range %g in) and %zu of its models end "
		                   "in base contact",
		                   u->id, range, e.models);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s can make the charge (range %g in) and no model ends in base "
		                   "contact with the enemy unit",
		                   u->id, range);
	}
	chg_free(&x);
}

/* A target model not engaged (at the end) that model i could reach. */
static long free_in_reach(const chg *x, size_t i, double range, double *d)
{
	for (size_t t = 0; t < x->n_tm; t++)
		if (!engaged(x, t, i, SIZE_MAX) && !contact(x, i, t) &&
		    reach_target(x, i, t, range, false, d))
			return (long)t;
	return -1;
}

/* SH.CHG.MOVE.10 */
ARB_PREDICATE(sh_chg_move_10, .clause = "SH.CHG.MOVE.10", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.one_for_one",
              .params = "enemies_per_model " RANGE_PARAMS, .fingerprint = "88e6a812bf284b89")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	double range, per = arb_eval_param(ev, "enemies_per_model"), d = 0;
	chg x;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!unit_range(ev, &range)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "no charge range was rolled: what is within reach is not known");
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "every charging model is in base contact %g for 1, or no "
	                   "unengaged enemy model was within its reach",
	                   per);
	for (size_t k = 0; k < x.n; k++) {
		size_t i = x.order[k], c = contacts_of(&x, i);
		bool shared = c > 0;
		for (size_t t = 0; t < x.n_tm; t++)
			if (contact(&x, i, t) && !engaged(&x, t, i, SIZE_MAX))
				shared = false;
		if ((double)c >= per && !shared)
			continue;
		long t = free_in_reach(&x, i, range, &d);
		if (t < 0)
			continue;
		r->outcome = ARB_VIOLATED;
		r->subject = x.u->models[i].id;
		r->object = x.o[x.tm[t]].m->id;
		if (c == 0)
			arb_result_explain(r,
			                   "%s ends out of base contact though %s, unengaged, was "
			                   "within reach (%.2f in of %g in)",
			                   r->subject, r->object, d, range);
		else
			arb_result_explain(
			    r,
			    "%s shares its enemy with another charging model though %s, "
			    "unengaged, was within reach (%.2f in of %g in): not %g for 1",
			    r->subject, r->object, d, range, per);
		break;
	}
	chg_free(&x);
}

/* SH.CHG.MOVE.11 */
ARB_PREDICATE(sh_chg_move_11, .clause = "SH.CHG.MOVE.11", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.larger_base", .params = RANGE_PARAMS,
              .fingerprint = "db609f152f50ee8d")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	double range, d = 0;
	chg x;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	bool have = unit_range(ev, &range), any = false;
	r->outcome = ARB_NA;
	for (size_t k = 0; k < x.n && r->outcome != ARB_VIOLATED; k++) {
		size_t i = x.order[k], c = contacts_of(&x, i), want = 0;
		double fc = frontage(&x.end[i]);
		for (size_t t = 0; t < x.n_tm; t++) {
			double fe = frontage(&x.o[x.tm[t]].pl);
			if (contact(&x, i, t) && fc > fe + TOL) {
				size_t kk = (size_t)ceil(fc / fe - 1e-9);
				want = kk > want ? kk : want;
			}
		}
		if (want < 2)
			continue;
		any = true;
		if (c >= want)
			continue;
		if (!have) {
			r->outcome = ARB_UNDECIDED;
			r->subject = x.u->models[i].id;
			arb_result_explain(
			    r,
			    "%s touches %zu enemy model(s) of the %zu its base could; "
			    "no charge range was rolled to say what was within reach",
			    r->subject, c, want);
			continue;
		}
		long t = free_in_reach(&x, i, range, &d);
		if (t < 0)
			continue;
		r->outcome = ARB_VIOLATED;
		r->subject = x.u->models[i].id;
		r->object = x.o[x.tm[t]].m->id;
		arb_result_explain(r,
		                   "%s, %.2f in across, should attempt %zu for 1 and touches %zu, "
		                   "though %s, unengaged, was within reach (%.2f in)",
		                   r->subject, fc, want, c, r->object, d);
	}
	if (any && r->outcome == ARB_NA) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "every charging model with a larger base touches as many enemy "
		                   "models as its base allows, or no more were within reach");
	}
	chg_free(&x);
}

/* ---- units that Fight in Ranks ---- */

/* SH.CHG.RANKS.1 */
ARB_PREDICATE(sh_chg_ranks_1, .clause = "SH.CHG.RANKS.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.engagement.front_rank",
              .fingerprint = "c5801b87b510070b")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = ranked_target(s);
	chg x;
	if (!is_formation(u, "fight_in_ranks") || !t || sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	frame fr;
	frame_of(t, &fr);
	size_t front = 0, got = 0;
	for (size_t k = 0; k < x.n_tm; k++) {
		const other *o = &x.o[x.tm[k]];
		if (o->unit != t || !on_face(&fr, ARC_FRONT, &o->pl))
			continue;
		front++;
		got += engaged(&x, k, SIZE_MAX, SIZE_MAX);
	}
	double most;
	int ok = most_possible(s, got, front, "max_front_rank_engaged", &most);
	r->subject = u->id;
	r->object = t->id;
	if (ok == 1) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%zu of the %zu models of %s's front rank in base contact (the "
		                   "most possible: %g)",
		                   got, front, t->id, most);
	} else if (ok == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%zu of the %zu models of %s's front rank in base contact; %g "
		                   "could be",
		                   got, front, t->id, most);
	} else {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%zu of the %zu models of %s's front rank in base contact; how "
		                   "many could be is not stated (fact max_front_rank_engaged)",
		                   got, front, t->id);
	}
	chg_free(&x);
}

/* SH.CHG.RANKS.2 */
ARB_PREDICATE(sh_chg_ranks_2, .clause = "SH.CHG.RANKS.2", .ruleset = RS,
              .actions = "declare_charge charge", .phases = PHASES, .question = "value.charged_arc",
              .params = "charge_arc", .fingerprint = "778d565355e30c9d")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = ranked_target(s);
	size_t counts[4];
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	int a = charged_arc(u, t, arb_eval_param(ev, "charge_arc"), counts);
	r->subject = u->id;
	r->object = t->id;
	if (a == ARC_NONE) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "no arc of %s holds a majority of the %zu models of %s (front "
		                   "%zu, left %zu, rear %zu, right %zu)",
		                   t->id, u->n_models, u->id, counts[0], counts[1], counts[2],
		                   counts[3]);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "charged_arc", kArcValue[a]);
	arb_result_explain(r,
	                   "%zu of the %zu models of %s are in the %s arc of %s: the charge is "
	                   "against that arc",
	                   counts[a], u->n_models, u->id, kArcName[a], t->id);
}

/* RANKS.3 under one answer to "was a wheel or pivot greater than the width
 * of any charging model's base required" (both: no): ARB_HOLDS or
 * ARB_VIOLATED, or ARB_UNDECIDED when the excess may stand out on one
 * side only and the charge came from straight ahead of the edge's middle.
 * must: "on both sides" requires both sides (else it allows them). */
static arb_outcome excess_ok(bool both, bool must, bool out_lo, bool out_hi, int came)
{
	if (both)
		return !must || (out_lo && out_hi) ? ARB_HOLDS : ARB_VIOLATED;
	if (came == 0)
		return ARB_UNDECIDED;
	return (came > 0 ? out_lo : out_hi) ? ARB_VIOLATED : ARB_HOLDS;
}

static void ranks_3(const arb_eval *ev, arb_result *r, bool must)
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = ranked_target(s);
	arb_placed *end = NULL;
	size_t counts[4];
	double wheel;
	/* the wheel or pivot that was required is known only from the fact */
	if (!is_formation(u, "fight_in_ranks") || !t || sh__moving_count(s, u) == 0 ||
	    !sh__fact_num(s, "required_wheel", &wheel)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!sh__end_placed(s, u, &end)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	bool touches = false;
	for (size_t i = 0; i < u->n_models && !touches; i++)
		for (size_t k = 0; k < t->n_models && !touches; k++) {
			arb_placed tp = arb_model_placed(&t->models[k]);
			touches = arb_geom_distance(&end[i], &tp, NULL) <= TOL;
		}
	frame fr;
	frame_of(t, &fr);
	int a = charged_arc(u, t, arb_eval_param(ev, "SH.CHG.RANKS.2:charge_arc"), counts);
	bool across_f = a == ARC_LEFT || a == ARC_RIGHT;
	arb_vec2 ax = across_f ? fr.f : fr.l;
	double elo = across_f ? fr.fmin : fr.lmin, ehi = across_f ? fr.fmax : fr.lmax;
	double clo = INFINITY, chi = -INFINITY, width = INFINITY, start = 0;
	for (size_t i = 0; i < u->n_models; i++) {
		double lo, hi;
		extent(&end[i], ax, &lo, &hi);
		clo = fmin(clo, lo);
		chi = fmax(chi, hi);
		width = fmin(width, frontage(&end[i]));
		start += (u->models[i].pos.x * ax.x + u->models[i].pos.y * ax.y) / (double)u->n_models;
	}
	free(end);
	if (!touches) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	r->object = t->id;
	if (a == ARC_NONE) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "no arc of %s holds a majority of %s: which edge the excess "
		                      "stands out from is not known",
		                   t->id, u->id);
		return;
	}
	if (chi - clo <= ehi - elo + TOL) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s is %.2f in across, %s's %s edge %.2f in: no excess", u->id,
		                   chi - clo, t->id, kArcName[a], ehi - elo);
		return;
	}
	bool out_lo = elo - clo > TOL, out_hi = chi - ehi > TOL;
	double mid = (elo + ehi) / 2;
	/* came: +1 the charge came from the high side of the edge's axis, -1 low, 0 neither */
	int came = start > mid + TOL ? 1 : start < mid - TOL ? -1 : 0;
	r->outcome = excess_ok(wheel <= width + TOL, must, out_lo, out_hi, came);
	char wb[64];
	snprintf(wb, sizeof wb, "wheel/pivot required %.2f in, narrowest base %.2f in", wheel, width);
	arb_result_explain(r,
	                   "excess of %s stands out %.2f in and %.2f in beyond the two ends of "
	                   "%s's %s edge; the charge came from %s; %s",
	                   u->id, fmax(0, elo - clo), fmax(0, chi - ehi), t->id, kArcName[a],
	                   came > 0 ? "the second end's side" : came < 0 ? "the first end's side"
	                                                              : "the edge's middle",
	                   wb);
}

/* SH.CHG.RANKS.3 */
ARB_PREDICATE(sh_chg_ranks_3_may, .clause = "SH.CHG.RANKS.3", .reading = "may", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.excess_ranks",
              .params = "SH.CHG.RANKS.2:charge_arc", .fingerprint = "62a34de9b2ce3a58")
{
	ranks_3(ev, r, false);
}

/* SH.CHG.RANKS.3 */
ARB_PREDICATE(sh_chg_ranks_3_must, .clause = "SH.CHG.RANKS.3", .reading = "must", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.excess_ranks",
              .params = "SH.CHG.RANKS.2:charge_arc", .fingerprint = "62a34de9b2ce3a58")
{
	ranks_3(ev, r, true);
}

/* SH.CHG.RANKS.4 */
ARB_PREDICATE(sh_chg_ranks_4, .clause = "SH.CHG.RANKS.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.wrap", .params = "SH.CHG.RANKS.2:charge_arc",
              .fingerprint = "a16ebc2c2d295770")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const arb_unit *t = ranked_target(s);
	size_t counts[4];
	chg x;
	if (!is_formation(u, "fight_in_ranks") || !t || sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	int a = charged_arc(u, t, arb_eval_param(ev, "SH.CHG.RANKS.2:charge_arc"), counts);
	frame fr;
	frame_of(t, &fr);
	bool any = false;
	r->outcome = ARB_NA;
	for (size_t i = 0; i < x.n && r->outcome == ARB_NA; i++) {
		bool touches = false;
		for (size_t k = 0; k < x.n_tm; k++)
			touches = touches || (x.o[x.tm[k]].unit == t && contact(&x, i, k));
		if (!touches)
			continue;
		any = true;
		if (a == ARC_NONE) {
			r->outcome = ARB_UNDECIDED;
			arb_result_explain(
			    r,
			    "no arc of %s holds a majority of %s: which edge it may not "
			    "wrap around is not known",
			    t->id, u->id);
		} else if (past_face(&fr, a, &x.end[i])) {
			r->outcome = ARB_VIOLATED;
			r->subject = x.u->models[i].id;
			r->object = t->id;
			arb_result_explain(
			    r,
			    "%s touches %s beyond the edge of its %s arc: it wraps around "
			    "the ranks",
			    r->subject, t->id, kArcName[a]);
		}
	}
	if (any && r->outcome == ARB_NA) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "every model of %s touching %s stays before its %s edge",
		                   u->id, t->id, kArcName[a]);
	}
	chg_free(&x);
}

/* SH.CHG.RANKS.5 */
ARB_PREDICATE(sh_chg_ranks_5, .clause = "SH.CHG.RANKS.5", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.ranks", .fingerprint = "94e34158b969d3cb")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!is_formation(u, "fight_in_ranks") || sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	double a = u->facing_deg * PI / 180;
	arb_vec2 f = {cos(a), sin(a)};
	for (size_t i = 0; i < u->n_models; i++)
		for (size_t j = i + 1; j < u->n_models; j++) {
			arb_vec2 si = u->models[i].pos, sj = u->models[j].pos;
			arb_vec2 ei = sh__end_pos(s, &u->models[i]),
			         ej = sh__end_pos(s, &u->models[j]);
			double ds = (si.x - sj.x) * f.x + (si.y - sj.y) * f.y;
			double de = (ei.x - ej.x) * f.x + (ei.y - ej.y) * f.y;
			bool same_s = fabs(ds) <= RANK_EPS, same_e = fabs(de) <= RANK_EPS;
			if (same_s != same_e || (!same_s && (ds > 0) != (de > 0))) {
				r->outcome = ARB_VIOLATED;
				r->subject = u->models[i].id;
				r->object = u->models[j].id;
				arb_result_explain(
				    r,
				    "%s and %s are %.2f in apart along the facing before the "
				    "charge and %.2f in after: they leave their ranks",
				    r->subject, r->object, ds, de);
				return;
			}
		}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "the models of %s keep their ranks", u->id);
}

/* ---- skirmishers and hordes ---- */

/* The initial charger: a model of the unit closest to the enemy; ties are
 * all initial chargers (a player chooses among them). */
static double closest_to_targets(const arb_scenario *s, const arb_unit *u, size_t i)
{
	arb_placed pl = arb_model_placed(&u->models[i]);
	double d = INFINITY;
	for (size_t k = 0; k < s->action.n_targets; k++)
		d = fmin(d, base_to_unit(&pl, arb_scenario_unit(s, s->action.targets[k])));
	return d;
}

static double initial_distance(const arb_scenario *s, const arb_unit *u)
{
	double d = INFINITY;
	for (size_t i = 0; i < u->n_models; i++)
		d = fmin(d, closest_to_targets(s, u, i));
	return d;
}

static bool is_initial(const arb_scenario *s, const arb_unit *u, size_t i)
{
	return closest_to_targets(s, u, i) <= initial_distance(s, u) + TOL;
}

/* SH.CHG.SKIRM.1 */
ARB_PREDICATE(sh_chg_skirm_1, .clause = "SH.CHG.SKIRM.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "value.initial_charger",
              .fingerprint = "592e915ecf692b2b")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!open_formation(u) || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	double d = initial_distance(s, u);
	size_t first = 0;
	while (first < u->n_models && !is_initial(s, u, first))
		first++;
	r->outcome = ARB_VALUE;
	r->subject = u->models[first].id;
	arb_result_value(r, "initial_charger_distance", d);
	arb_result_explain(r, "the initial charger is %s, %.2f in from the enemy", r->subject, d);
}

/* SH.CHG.SKIRM.2 */
ARB_PREDICATE(sh_chg_skirm_2, .clause = "SH.CHG.SKIRM.2", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.initial_charger",
              .params = "SH.CHG.RANKS.2:charge_arc", .fingerprint = "4caa9ed95224e558")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	chg x;
	if (!open_formation(u) || s->action.n_targets == 0 || sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	/* the initial charger: the first to move if it is one, else the first */
	size_t ic = x.order[0];
	if (!is_initial(s, u, ic)) {
		ic = 0;
		while (ic + 1 < x.n && !is_initial(s, u, ic))
			ic++;
	}
	const arb_model *m = &u->models[ic];
	r->subject = m->id;
	if (!x.path[ic]) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "the initial charger %s does not move", m->id);
		goto done;
	}
	/* the closest enemy model(s) */
	double best = INFINITY;
	for (size_t t = 0; t < x.n_tm; t++)
		best = fmin(best, arb_geom_distance(&x.start[ic], &x.o[x.tm[t]].pl, NULL));
	bool engages = false;
	for (size_t t = 0; t < x.n_tm; t++)
		if (arb_geom_distance(&x.start[ic], &x.o[x.tm[t]].pl, NULL) <= best + TOL &&
		    contact(&x, ic, t))
			engages = true;
	if (!engages) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "the initial charger %s does not end in base contact with the "
		                   "enemy model closest to it (%.2f in away)",
		                   m->id, best);
		goto done;
	}
	const arb_unit *t = ranked_target(s);
	if (t) {
		size_t counts[4];
		int a = charged_arc(u, t, arb_eval_param(ev, "SH.CHG.RANKS.2:charge_arc"), counts);
		frame fr;
		frame_of(t, &fr);
		if (a == ARC_NONE) {
			r->outcome = ARB_UNDECIDED;
			arb_result_explain(
			    r,
			    "no arc of %s holds a majority of %s: the arc the initial "
			    "charger must stay within is not known",
			    t->id, u->id);
			goto done;
		}
		if (!beyond_face(&fr, a, x.end[ic].c)) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(
			    r,
			    "the initial charger %s ends behind the line of the %s edge "
			    "of %s: not within the arc being charged",
			    m->id, kArcName[a], t->id);
			goto done;
		}
	}
	double len, straight;
	if (detour(&x, ic, true, &len, &straight)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "the initial charger %s goes %.2f in where the straight line of "
		                   "%.2f in is clear: not the fastest route",
		                   m->id, len, straight);
		goto done;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "the initial charger %s engages the closest enemy model by the "
	                   "fastest route",
	                   m->id);
done:
	chg_free(&x);
}

/* SH.CHG.SKIRM.3 */
ARB_PREDICATE(sh_chg_skirm_3, .clause = "SH.CHG.SKIRM.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.sequence", .fingerprint = "e77f605f1be114e2")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	chg x;
	if (!open_formation(u) || s->action.n_targets == 0 || sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	size_t first = x.order[0];
	r->subject = u->models[first].id;
	if (is_initial(s, u, first)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "the initial charger %s moves first; the others may follow in "
		                   "any sequence",
		                   r->subject);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s moves first, %.2f in from the enemy; the initial charger is "
		                   "%.2f in from it",
		                   r->subject, closest_to_targets(s, u, first),
		                   initial_distance(s, u));
	}
	chg_free(&x);
}

/* SH.CHG.SKIRM.4 */
ARB_PREDICATE(sh_chg_skirm_4, .clause = "SH.CHG.SKIRM.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.route", .fingerprint = "ddc53c4bb04b0ee8")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	chg x;
	if (!open_formation(u) || s->action.n_targets == 0 || sh__moving_count(s, u) < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "the models after the first move along the shortest routes");
	for (size_t k = 1; k < x.n_moving; k++) {
		size_t i = x.order[k];
		double len, straight;
		if (detour(&x, i, true, &len, &straight)) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			arb_result_explain(
			    r,
			    "%s moves %.2f in where the straight line to the same place, "
			    "%.2f in, is clear",
			    r->subject, len, straight);
			break;
		}
	}
	chg_free(&x);
}

static bool coherency_value(const arb_eval *ev, const arb_unit *u, double *out)
{
	if (is_formation(u, "horde"))
		*out = arb_eval_param(ev, "SH.FORM.HORDE.COH:coherency");
	else if (is_formation(u, "skirmish"))
		*out = arb_eval_param(ev, "SH.FORM.SKIRM.COH:coherency");
	else
		return false;
	return true;
}

/* SH.CHG.SKIRM.COND.1 */
ARB_PREDICATE(sh_chg_skirm_cond_1, .clause = "SH.CHG.SKIRM.COND.1", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.sequence.coherency",
              .params = COH_PARAMS, .fingerprint = "7b4cae6446a4525b")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double limit;
	chg x;
	if (!coherency_value(ev, u, &limit) || s->action.n_targets == 0 ||
	    sh__moving_count(s, u) == 0 || u->n_models < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "every model ends within %g in of a model that moved before it",
	                   limit);
	for (size_t k = 1; k < x.n; k++) {
		size_t i = x.order[k];
		double best = INFINITY;
		for (size_t q = 0; q < k && q < x.n_moving; q++)
			best = fmin(best, arb_geom_distance(&x.end[i], &x.end[x.order[q]], NULL));
		if (best > limit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->has_measure = true;
			r->measure = (arb_measure){
			    .figure = best, .limit = limit, .margin = limit - best, .other = -1};
			arb_result_explain(
			    r,
			    "%s ends %.3f in from the nearest model that moved before "
			    "it; coherency is %g in",
			    r->subject, best, limit);
			break;
		}
	}
	chg_free(&x);
}

/* What model i (not the first) could do when it moved: a target model,
 * unengaged by the models before it (and on the charged edge of a ranked
 * target), within reach; -1 if none; -2 when the arc is not decided. */
static long free_before(const arb_eval *ev, const chg *x, size_t i, double range, bool free_only,
                        double *d)
{
	const arb_unit *t = ranked_target(x->s);
	int a = ARC_NONE;
	frame fr;
	if (t) {
		size_t counts[4];
		a = charged_arc(x->u, t, arb_eval_param(ev, "SH.CHG.RANKS.2:charge_arc"), counts);
		if (a == ARC_NONE)
			return -2;
		frame_of(t, &fr);
	}
	for (size_t k = 0; k < x->n_tm; k++) {
		const other *o = &x->o[x->tm[k]];
		if (free_only && engaged(x, k, i, i))
			continue;
		if (t && o->unit == t && !on_face(&fr, a, &o->pl))
			continue;
		if (reach_target(x, i, k, range, true, d))
			return (long)k;
	}
	return -1;
}

/* Whether model i ends in contact with a target model free when it moved. */
static bool took_free(const chg *x, size_t i)
{
	for (size_t k = 0; k < x->n_tm; k++)
		if (contact(x, i, k) && !engaged(x, k, i, i))
			return true;
	return false;
}

/* An earlier model in base contact with a target model, within reach of
 * model i; -1 if none. */
static long friend_in_reach(const chg *x, size_t i, double range)
{
	for (size_t q = 0; q < x->seq[i] && q < x->n_moving; q++) {
		size_t j = x->order[q];
		if (contacts_of(x, j) > 0 && reach_friend(x, i, j, range))
			return (long)j;
	}
	return -1;
}

#define SKIRM_PARAMS RANGE_PARAMS " SH.CHG.RANKS.2:charge_arc"

typedef enum cond { COND_FREE, COND_RANK, COND_STAY } cond;

static void skirm_cond(const arb_eval *ev, arb_result *r, cond which)
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range, limit = 0, d = 0;
	chg x;
	if (!open_formation(u) || s->action.n_targets == 0 || sh__moving_count(s, u) == 0 ||
	    u->n_models < 2) {
		r->outcome = ARB_NA;
		return;
	}
	if (which == COND_STAY)
		coherency_value(ev, u, &limit);
	if (!unit_range(ev, &range)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "no charge range was rolled: what is within reach is not known");
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	size_t applied = 0;
	r->outcome = ARB_NA;
	for (size_t k = 1; k < x.n && r->outcome != ARB_VIOLATED; k++) {
		size_t i = x.order[k];
		const char *id = u->models[i].id;
		long e = free_before(ev, &x, i, range, true, &d);
		if (e == -2) {
			r->outcome = ARB_UNDECIDED;
			arb_result_explain(
			    r,
			    "no arc of the ranked target holds a majority of %s: which "
			    "enemy models are within arc is not known",
			    u->id);
			break;
		}
		/* the model's own path shows what it could reach */
		bool took = took_free(&x, i) && path_len(x.path[i]) <= range + TOL;
		if (which == COND_FREE) {
			if (e < 0 && !took)
				continue;
			applied++;
			if (!took_free(&x, i)) {
				r->outcome = ARB_VIOLATED;
				r->subject = id;
				r->object = x.o[x.tm[e]].m->id;
				arb_result_explain(
				    r,
				    "%s ends without contact with an unengaged enemy model "
				    "though %s was one within reach (%.2f in of %g in)",
				    id, r->object, d, range);
			}
			continue;
		}
		if (e >= 0 || took)
			continue;
		long f = friend_in_reach(&x, i, range);
		if (which == COND_RANK) {
			if (f < 0)
				continue;
			applied++;
			bool beside = false;
			for (size_t q = 0; q < x.seq[i] && q < x.n_moving; q++) {
				size_t j = x.order[q];
				beside = beside ||
				         (contacts_of(&x, j) > 0 && touching(&x.end[i], &x.end[j]));
			}
			if (!beside) {
				r->outcome = ARB_VIOLATED;
				r->subject = id;
				r->object = u->models[f].id;
				arb_result_explain(
				    r,
				    "%s has no unengaged enemy within reach and does not "
				    "form a rank beside or behind %s, engaged and within "
				    "reach",
				    id, r->object);
			}
			continue;
		}
		/* COND_STAY: no enemy model and no engaged friend within reach */
		if (f >= 0 || contacts_of(&x, i) > 0 ||
		    free_before(ev, &x, i, range, false, &d) >= 0)
			continue;
		applied++;
		double best = INFINITY;
		for (size_t j = 0; j < x.n; j++)
			if (j != i)
				best = fmin(best, arb_geom_distance(&x.end[i], &x.end[j], NULL));
		if (best > limit + TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = id;
			arb_result_explain(
			    r,
			    "%s can reach neither an enemy nor an engaged friend and "
			    "ends %.3f in from its unit; coherency is %g in",
			    id, best, limit);
		}
	}
	if (r->outcome == ARB_NA && applied) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%zu model(s) concerned, each as the condition requires",
		                   applied);
	}
	chg_free(&x);
}

/* SH.CHG.SKIRM.COND.2 */
ARB_PREDICATE(sh_chg_skirm_cond_2, .clause = "SH.CHG.SKIRM.COND.2", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.free_enemy",
              .params = SKIRM_PARAMS, .fingerprint = "c840935df48c38aa")
{
	skirm_cond(ev, r, COND_FREE);
}

/* SH.CHG.SKIRM.COND.3 */
ARB_PREDICATE(sh_chg_skirm_cond_3, .clause = "SH.CHG.SKIRM.COND.3", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.form_rank",
              .params = SKIRM_PARAMS, .fingerprint = "427e49002a6d2567")
{
	skirm_cond(ev, r, COND_RANK);
}

/* SH.CHG.SKIRM.COND.4 */
ARB_PREDICATE(sh_chg_skirm_cond_4, .clause = "SH.CHG.SKIRM.COND.4", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.stay_coherent",
              .params = SKIRM_PARAMS " " COH_PARAMS, .fingerprint = "0626724dce52d4bf")
{
	skirm_cond(ev, r, COND_STAY);
}

/* ---- Multiple Charges ---- */

/* SH.CHG.MULTI.1 */
ARB_PREDICATE(sh_chg_multi_1, .clause = "SH.CHG.MULTI.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.multi_reach", .params = RANGE_PARAMS,
              .fingerprint = "ca7c0351a0e583a4")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range;
	const char *miss = NULL;
	if (s->action.n_targets < 2) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (!unit_range(ev, &range)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "%s charges %zu units and no charge range was rolled", u->id,
		                   s->action.n_targets);
		return;
	}
	size_t moved = sh__moving_count(s, u);
	if (can_make(s, u, range, &miss)) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "the %g in rolled reaches all %zu units charged", range,
		                   s->action.n_targets);
	} else if (moved) {
		r->outcome = ARB_VIOLATED;
		r->object = miss;
		arb_result_explain(r,
		                   "the %g in rolled does not reach %s (%.2f in away): the charge "
		                   "is not successful, yet %zu model(s) move",
		                   range, miss, unit_gap(u, arb_scenario_unit(s, miss), NULL),
		                   moved);
	} else {
		r->outcome = ARB_HOLDS;
		r->object = miss;
		arb_result_explain(r,
		                   "the %g in rolled does not reach %s: the charge is not "
		                   "successful and no model moves",
		                   range, miss);
	}
}

/* The units charged that no charging model reached, after a charge that
 * reached them all in range. */
static bool uncharged(const arb_eval *ev, size_t *n, size_t *locked)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range;
	const char *miss;
	chg x;
	*n = *locked = 0;
	if (s->action.n_targets < 2 || sh__moving_count(s, u) == 0 || !unit_range(ev, &range) ||
	    !can_make(s, u, range, &miss) || !chg_init(&x, ev))
		return false;
	for (size_t k = 0; k < s->action.n_targets; k++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[k]);
		bool reached = false;
		for (size_t q = 0; q < x.n_tm; q++)
			reached = reached ||
			          (x.o[x.tm[q]].unit == t && engaged(&x, q, SIZE_MAX, SIZE_MAX));
		if (!reached) {
			(*n)++;
			*locked += arb_unit_has_status(t, "locked_in_combat");
		}
	}
	chg_free(&x);
	return *n > 0;
}

/* SH.CHG.MULTI.2 */
ARB_PREDICATE(sh_chg_multi_2, .clause = "SH.CHG.MULTI.2", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "value.uncharged_fight", .params = RANGE_PARAMS,
              .fingerprint = "d324320b733c48d3")
{
	if (roll_left_out(ev, r))
		return;
	size_t n, locked;
	if (!uncharged(ev, &n, &locked)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "uncharged_units", (double)n);
	arb_result_value(r, "uncharged_fighting", (double)locked);
	arb_result_explain(r,
	                   "%zu unit(s) charged and not reached; %zu of them fight in the "
	                   "combat, already being in it (locked in combat)",
	                   n, locked);
}

/* SH.CHG.MULTI.3 */
ARB_PREDICATE(sh_chg_multi_3, .clause = "SH.CHG.MULTI.3", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "value.uncharged_locked", .params = RANGE_PARAMS,
              .fingerprint = "6e8fa3186e88dcb6")
{
	if (roll_left_out(ev, r))
		return;
	size_t n, locked;
	if (!uncharged(ev, &n, &locked)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "uncharged_locked", (double)locked);
	arb_result_explain(r,
	                   "%zu unit(s) charged and not reached; %zu of them are locked in "
	                   "combat, as they were already",
	                   n, locked);
}

/* ---- Charging Through Difficult Terrain ---- */

/* How many models of the actor go through terrain of `kind`, read as how. */
static size_t through_count(const arb_scenario *s, const arb_unit *u, const char *kind,
                            arb_through how, const char **who)
{
	size_t n = 0;
	*who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		double len = 0;
		for (size_t t = 0; t < s->n_terrain; t++)
			if (streq(s->terrain[t].kind, kind))
				len +=
				    arb_geom_path_through(&pl, p->pts, p->n_pts, s->terrain[t].poly,
				                          s->terrain[t].n_poly, how, NULL);
		if (len > TOL) {
			n++;
			if (!*who)
				*who = u->models[i].id;
		}
	}
	return n;
}

static const char *how_words(arb_through how)
{
	return how == ARB_THROUGH_CENTRE ? "its centre" : "its base";
}

/* The Difficult Terrain test: the terrain section's check (`check`) or the
 * 3D6 charge roll of DIFF.2 (`3d6`). */
static void diff_1(const arb_eval *ev, arb_result *r, arb_through how, bool roll3)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *who;
	int d[MAX_DICE];
	size_t n = through_count(s, arb_eval_actor(ev), "difficult", how, &who);
	if (!n || (roll3 && roll_left_out(ev, r))) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who;
	const char *test = roll3 ? "difficult_charge_roll" : "difficult_check";
	size_t k = dice(s, test, d);
	r->outcome = k ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%zu model(s) charge through difficult terrain (%s); %zu dice rolled "
	                   "for %s",
	                   n, how_words(how), k, test);
}

#define DIFF1(fname, rd_, how, roll3)                                                              \
	ARB_PREDICATE(fname, .clause = "SH.CHG.DIFF.1", .reading = rd_, .ruleset = RS,             \
	              .actions = "charge", .phases = PHASES,                                       \
	              .question = "terrain.difficult.check", .fingerprint = "17e487cfe1791e2a")    \
	{                                                                                          \
		diff_1(ev, r, how, roll3);                                                         \
	}
/* SH.CHG.DIFF.1 */
DIFF1(sh_chg_diff_1_centre_check, "centre-check", ARB_THROUGH_CENTRE, false)
DIFF1(sh_chg_diff_1_base_check, "base-check", ARB_THROUGH_BASE, false)
DIFF1(sh_chg_diff_1_centre_3d6, "centre-3d6", ARB_THROUGH_CENTRE, true)
DIFF1(sh_chg_diff_1_base_3d6, "base-3d6", ARB_THROUGH_BASE, true)

static void diff_2(const arb_eval *ev, arb_result *r, arb_through how)
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *who;
	int d2[MAX_DICE], d3[MAX_DICE];
	size_t n = through_count(s, arb_eval_actor(ev), "difficult", how, &who);
	size_t n2 = dice(s, "charge_roll", d2), n3 = dice(s, "difficult_charge_roll", d3);
	double want = arb_eval_param(ev, "difficult_charge_dice");
	double keep = arb_eval_param(ev, "charge_dice");
	r->subject = who;
	if (!n) {
		if (dice_named(s) && n3 > 0) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(
			    r,
			    "%zu dice rolled for a difficult terrain charge, but no model "
			    "charges through difficult terrain (%s)",
			    n3, how_words(how));
		} else {
			r->outcome = ARB_NA;
		}
		return;
	}
	if ((double)n3 != want) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%zu model(s) charge through difficult terrain (%s): the unit "
		                   "rolls %gD6, and %zu dice were rolled",
		                   n, how_words(how), want, n3);
	} else if (dice_named(s) && n2 > 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r,
		    "the unit rolls %gD6 rather than %gD6, and a %zu-dice charge roll "
		    "was made as well",
		    want, keep, n2);
	} else {
		int v = sum_lowest(d3, n3, (size_t)keep);
		r->outcome = ARB_VALUE;
		arb_result_value(r, "charge_range", v);
		arb_result_explain(r,
		                   "charging through difficult terrain (%s): the %g lowest of %gD6 "
		                   "make %d in",
		                   how_words(how), keep, want, v);
	}
}

/* SH.CHG.DIFF.2 */
ARB_PREDICATE(sh_chg_diff_2_centre, .clause = "SH.CHG.DIFF.2", .reading = "centre", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.range",
              .params = "difficult_charge_dice charge_dice", .fingerprint = "bffdf094e2e7bb39")
{
	diff_2(ev, r, ARB_THROUGH_CENTRE);
}

/* SH.CHG.DIFF.2 */
ARB_PREDICATE(sh_chg_diff_2_base, .clause = "SH.CHG.DIFF.2", .reading = "base", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.range",
              .params = "difficult_charge_dice charge_dice", .fingerprint = "bffdf094e2e7bb39")
{
	diff_2(ev, r, ARB_THROUGH_BASE);
}

static void diff_4(const arb_eval *ev, arb_result *r, arb_through how)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *who;
	if (!sh__fact_is(s, "counter_attack", "true") ||
	    !through_count(s, arb_eval_actor(ev), "difficult", how, &who)) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (is_formation(t, "skirmish")) {
			r->outcome = ARB_PERMITS;
			r->subject = t->id;
			r->object = who;
			arb_result_explain(
			    r,
			    "%s charges the skirmishers %s through difficult terrain "
			    "(%s): they may attempt to Counter-Attack",
			    who, t->id, how_words(how));
			return;
		}
	}
	r->outcome = ARB_NA;
}

/* SH.CHG.DIFF.4 */
ARB_PREDICATE(sh_chg_diff_4_centre, .clause = "SH.CHG.DIFF.4", .reading = "centre", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.counter_attack",
              .fingerprint = "e266f29150e46046")
{
	diff_4(ev, r, ARB_THROUGH_CENTRE);
}

/* SH.CHG.DIFF.4 */
ARB_PREDICATE(sh_chg_diff_4_base, .clause = "SH.CHG.DIFF.4", .reading = "base", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.counter_attack",
              .fingerprint = "e266f29150e46046")
{
	diff_4(ev, r, ARB_THROUGH_BASE);
}

/* SH.CHG.DIFF.5 */
ARB_PREDICATE(sh_chg_diff_5, .clause = "SH.CHG.DIFF.5", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.engagement.enemies",
              .fingerprint = "e5d608993431240b")
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	if (sh__moving_count(s, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg_init(&x, ev)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	engagement e = engagement_of(&x);
	double most;
	int ok = most_possible(s, e.enemies, e.of_enemies, "max_engaged_enemies", &most);
	if (ok == 1) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%zu of %zu enemy models engaged: as many as possible (%g)",
		                   e.enemies, e.of_enemies, most);
	} else if (ok == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%zu of %zu enemy models engaged; %g could be", e.enemies,
		                   e.of_enemies, most);
	} else {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%zu of %zu enemy models engaged; how many could be is not "
		                   "stated (fact max_engaged_enemies)",
		                   e.enemies, e.of_enemies);
	}
	chg_free(&x);
}

/* ---- Charging through Dangerous Terrain ---- */

static void dang_1(const arb_eval *ev, arb_result *r, arb_through how)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *who;
	int d[MAX_DICE];
	size_t n = through_count(s, arb_eval_actor(ev), "dangerous", how, &who);
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	size_t k = dice(s, "dangerous_test", d);
	r->subject = who;
	r->outcome = k >= n ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%zu model(s) go through dangerous terrain (%s): each takes a test, "
	                   "%zu dice rolled",
	                   n, how_words(how), k);
}

/* SH.CHG.DANG.1 */
ARB_PREDICATE(sh_chg_dang_1_centre, .clause = "SH.CHG.DANG.1", .reading = "centre", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "terrain.dangerous.test",
              .fingerprint = "8970c733b4582db0")
{
	dang_1(ev, r, ARB_THROUGH_CENTRE);
}

/* SH.CHG.DANG.1 */
ARB_PREDICATE(sh_chg_dang_1_base, .clause = "SH.CHG.DANG.1", .reading = "base", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "terrain.dangerous.test",
              .fingerprint = "8970c733b4582db0")
{
	dang_1(ev, r, ARB_THROUGH_BASE);
}

/* ---- Failed Charge ---- */

/* "the initial charger (or the entire unit, in the case of a unit with
 * Fight in Ranks) is found to be further than its charge range": for a
 * ranked unit, its closest model (`closest`) or any of its models
 * (`every-model`, the whole unit must be within range). */
static void fail_1(const arb_eval *ev, arb_result *r, bool every)
{
	if (roll_left_out(ev, r))
		return;
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double range;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!unit_range(ev, &range)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "no charge range was rolled: whether the charge fails is not "
		                      "known");
		return;
	}
	bool ranked = is_formation(u, "fight_in_ranks");
	double worst = 0;
	const char *far = NULL, *who = NULL;
	for (size_t k = 0; k < s->action.n_targets; k++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[k]);
		double d = INFINITY, dmax = 0;
		const char *dmax_who = NULL, *dmin_who = NULL;
		for (size_t i = 0; i < u->n_models; i++) {
			arb_placed pl = arb_model_placed(&u->models[i]);
			double x = base_to_unit(&pl, t);
			if (x < d) {
				d = x;
				dmin_who = u->models[i].id;
			}
			if (x > dmax) {
				dmax = x;
				dmax_who = u->models[i].id;
			}
		}
		double m = ranked && every ? dmax : d;
		if (m > worst) {
			worst = m;
			far = t->id;
			who = ranked && every ? dmax_who : dmin_who;
		}
	}
	if (worst <= range + TOL) {
		r->outcome = ARB_NA;
		return;
	}
	size_t moved = sh__moving_count(s, u);
	r->subject = who;
	r->object = far;
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = worst, .limit = range, .margin = range - worst, .other = -1};
	r->outcome = moved ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r,
	                   "%s%s is %.2f in from %s, further than the charge range of %g in: the "
	                   "charge fails%s",
	                   ranked ? (every ? "the unit's model " : "the unit's closest model ")
	                          : "the initial charger ",
	                   who, worst, far, range,
	                   moved ? " and no models are moved, yet some move"
	                         : " and no model moves");
}

/* SH.CHG.FAIL.1 */
ARB_PREDICATE(sh_chg_fail_1_closest, .clause = "SH.CHG.FAIL.1", .reading = "closest", .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.failed",
              .params = RANGE_PARAMS, .fingerprint = "4e141cfa297e4479")
{
	fail_1(ev, r, false);
}

/* SH.CHG.FAIL.1 */
ARB_PREDICATE(sh_chg_fail_1_every, .clause = "SH.CHG.FAIL.1", .reading = "every-model",
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.failed",
              .params = RANGE_PARAMS, .fingerprint = "4e141cfa297e4479")
{
	fail_1(ev, r, true);
}

/* ---- Declare Next Charge ---- */

/* SH.CHG.NEXT.1 */
ARB_PREDICATE(sh_chg_next_1, .clause = "SH.CHG.NEXT.1", .ruleset = RS, .actions = "declare_charge",
              .phases = PHASES, .question = "declare.order", .fingerprint = "40143d297b924a89")
{
	const arb_context *c = &arb_eval_scenario(ev)->context;
	const arb_unit *u = arb_eval_actor(ev);
	bool declared = arb_unit_has_status(u, "declared_charge");
	for (size_t i = 0; i < c->n_completed; i++)
		declared = declared || streq(c->completed[i], u->id);
	if (!declared && !c->in_progress && c->n_completed == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = u->id;
	if (declared) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s has already declared a charge", u->id);
	} else if (c->in_progress && !streq(c->in_progress, u->id)) {
		r->outcome = ARB_VIOLATED;
		r->object = c->in_progress;
		arb_result_explain(r, "the models of %s, charging, have not all moved",
		                   c->in_progress);
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s has not yet declared a charge; %zu charge(s) done", u->id,
		                   c->n_completed);
	}
}

/* ---- Ending the Charge Sub-Phase ---- */

/* SH.CHG.END.1 */
ARB_PREDICATE(sh_chg_end_1, .clause = "SH.CHG.END.1", .ruleset = RS,
              .actions = "end_subphase declare_charge charge", .phases = PHASES,
              .question = "subphase.charge.end", .fingerprint = "04619f418d55e047")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_context *c = &s->context;
	const arb_unit *u = arb_eval_actor(ev);
	r->subject = u->id;
	if (!streq(s->action.type, "end_subphase")) {
		if (!streq(c->subphase, "fight")) {
			r->outcome = ARB_NA;
			return;
		}
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s launches a charge (%s) in the Fight sub-phase: the Charge "
		                      "sub-phase is ended",
		                   u->id, s->action.type);
		return;
	}
	if (!streq(c->subphase, "charge")) {
		r->outcome = ARB_NA;
		return;
	}
	if (c->in_progress) {
		r->outcome = ARB_UNDECIDED;
		r->object = c->in_progress;
		arb_result_explain(r, "the Charge sub-phase is ended while the models of %s, "
		                      "charging, have not all moved: whether that charge is "
		                      "\"launched\" is not said",
		                   c->in_progress);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "the Charge sub-phase is ended after %zu charge(s), no charge in "
	                      "progress",
	                   c->n_completed);
}

/* SH.CHG.END.2 */
ARB_PREDICATE(sh_chg_end_2, .clause = "SH.CHG.END.2", .ruleset = RS, .actions = "end_subphase",
              .phases = PHASES, .question = "subphase.next", .fingerprint = "3a3542971667a00b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *next = arb_scenario_fact(s, "next_subphase");
	if (!streq(s->context.subphase, "charge") || !next) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = arb_eval_actor(ev)->id;
	r->outcome = streq(next, "fight") ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "after the Charge sub-phase the player moves on to the %s "
	                      "sub-phase%s",
	                   next, r->outcome == ARB_HOLDS ? "" : ", not the Fight sub-phase");
}
