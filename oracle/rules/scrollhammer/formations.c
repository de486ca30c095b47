/*
 * Scrollhammer, Unit Formations: spec/scrollhammer/formations.md.
 * Cases: cases/scrollhammer/formations/ (the coherency clauses also in
 * cases/scrollhammer/movement/). How each predicate reads its clause:
 * docs/encoding/scrollhammer-formations.md. Predicates follow the order of
 * the text. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL       ARB_TOLERANCE_IN
#define FIR       "fight_in_ranks"
#define PI        3.14159265358979323846
#define ARC_PARAM "SH.FORM.FIR.2:arc"

static void formation_coherency(const arb_eval *ev, arb_result *r, const char *formation,
                                double limit, sh_chain how)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_coherency co;
	if (!u->formation || strcmp(u->formation, formation) != 0 ||
	    sh__moving_count(s, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = sh__coherency(s, u, limit, how, r, &co);
}

/* SH.FORM.FIR.COH: "base contact" is a distance of 0 plus the tolerance (CONV.DIST.3). */
#define FORM_CONTACT(fname, rd_, how)                                                  \
	ARB_PREDICATE(fname, .clause = "SH.FORM.FIR.COH", .reading = rd_,                  \
	              .ruleset = "scrollhammer", .actions = "move charge", .phases = "*",     \
	              .question = "unit.coherency", .fingerprint = "1072f0cd64af4f58")      \
	{                                                                                      \
		formation_coherency(ev, r, "fight_in_ranks", 0, how);                          \
	}

#define FORM_WITHIN(fname, cl_, rd_, formation, how, fp)                            \
	ARB_PREDICATE(fname, .clause = cl_, .reading = rd_, .ruleset = "scrollhammer",  \
	              .actions = "move charge", .phases = "*", .question = "unit.coherency",  \
	              .params = "coherency", .fingerprint = fp)                                \
	{                                                                                      \
		formation_coherency(ev, r, formation, arb_eval_param(ev, "coherency"), how);   \
	}

/* ---- shared helpers ---- */

static bool formation_is(const arb_unit *u, const char *f)
{
	return u && u->formation && strcmp(u->formation, f) == 0;
}

static bool action_is(const arb_eval *ev, const char *type)
{
	return strcmp(arb_eval_scenario(ev)->action.type, type) == 0;
}

static const char *fact_of(const arb_eval *ev, const char *name)
{
	return arb_scenario_fact(arb_eval_scenario(ev), name);
}

static bool fact_is(const arb_eval *ev, const char *name, const char *value)
{
	return sh__fact_is(arb_eval_scenario(ev), name, value);
}

static bool fact_num(const arb_eval *ev, const char *name, double *out)
{
	return sh__fact_num(arb_eval_scenario(ev), name, out);
}

/* Whether id is a word of a space-separated list ("a1 a2"; "-" names none). */
static bool list_has(const char *list, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = list; *p;) {
		p += strspn(p, " ");
		size_t k = strcspn(p, " ");
		if (k == n && strncmp(p, id, n) == 0)
			return true;
		p += k;
	}
	return false;
}

/* How many words of a space-separated list name something ("-" is none). */
static size_t list_len(const char *list)
{
	size_t n = 0;
	for (const char *p = list; *p;) {
		p += strspn(p, " ");
		size_t k = strcspn(p, " ");
		n += k > 0 && !(k == 1 && *p == '-');
		p += k;
	}
	return n;
}

/* The i-th unit the action targets, or NULL. */
static const arb_unit *target_of(const arb_eval *ev, size_t i)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	return i < s->action.n_targets ? arb_scenario_unit(s, s->action.targets[i]) : NULL;
}

/* The first unit the action targets that has formation f, or NULL. */
static const arb_unit *target_with(const arb_eval *ev, const char *f)
{
	for (size_t i = 0; i < arb_eval_scenario(ev)->action.n_targets; i++)
		if (formation_is(target_of(ev, i), f))
			return target_of(ev, i);
	return NULL;
}

/* Whether every unit the action targets (at least one) has formation f. */
static bool targets_all(const arb_eval *ev, const char *f)
{
	size_t n = arb_eval_scenario(ev)->action.n_targets;
	for (size_t i = 0; i < n; i++)
		if (!formation_is(target_of(ev, i), f))
			return false;
	return n > 0;
}

/* A characteristic of a unit: its first model's, else the unit's own. */
static bool unit_stat(const arb_unit *u, const char *name, double *out)
{
	if (u->n_models)
		return arb_model_stat(&u->models[0], u, name, out);
	for (size_t i = 0; i < u->n_stats; i++)
		if (strcmp(u->stats[i].name, name) == 0) {
			*out = u->stats[i].value;
			return true;
		}
	return false;
}

/* Every model's start (end = false) or end position, malloc'ed (the caller
 * frees); NULL when out of memory. */
static arb_vec2 *positions(const arb_scenario *s, const arb_unit *u, bool end)
{
	arb_vec2 *p = malloc((u->n_models ? u->n_models : 1) * sizeof *p);
	for (size_t i = 0; p && i < u->n_models; i++)
		p[i] = end ? sh__end_pos(s, &u->models[i]) : u->models[i].pos;
	return p;
}

static arb_vec2 dir_of(double deg)
{
	return (arb_vec2){cos(deg * PI / 180), sin(deg * PI / 180)};
}

static double dot(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.x + a.y * b.y;
}

static arb_vec2 minus(arb_vec2 a, arb_vec2 b)
{
	return (arb_vec2){a.x - b.x, a.y - b.y};
}

static double norm_deg(double d)
{
	d = fmod(d, 360);
	return d < 0 ? d + 360 : d;
}

/* Half the extent of m's base along the direction deg (*along) and across
 * it (*across), in inches. */
static void base_half(const arb_model *m, double deg, double *along, double *across)
{
	if (m->base.shape == ARB_BASE_ROUND) {
		*along = *across = m->base.d_mm / 2 / ARB_MM_PER_INCH;
		return;
	}
	double d = (m->facing_deg - deg) * PI / 180;
	double w = m->base.w_mm / 2 / ARB_MM_PER_INCH, dp = m->base.depth_mm / 2 / ARB_MM_PER_INCH;
	*along = fabs(dp * cos(d)) + fabs(w * sin(d));
	*across = fabs(dp * sin(d)) + fabs(w * cos(d));
}

/* ---- arcs (SH.FORM.FIR.2) ----
 * Arcs are centred on the unit's facing: the front arc on it, the left side
 * arc at +90 degrees, the rear at 180, the right side at 270 (an assumption:
 * the text does not say where an arc starts). Where they start from is not
 * stated either: from the centre of the unit's footprint, or from the
 * corners of its footprint (lines at half the arc's angle from each
 * corner). Every arc judgement is made both ways; where they differ, the
 * text does not decide. A model is in an arc when its centre is. */

enum { ARC_FRONT = 1, ARC_LEFT = 2, ARC_REAR = 4, ARC_RIGHT = 8, ARC_NONE = 16 };

static const char *const kArcName[] = {"front", "left side", "rear", "right side"};

typedef struct arcs {
	arb_vec2 f, l;         /* the unit's forward and left unit vectors */
	double u0, u1, v0, v1; /* its footprint: rear, front, right and left edges */
	bool wide;             /* half the arc's angle is 90 degrees or more */
	double t;              /* tan of half the arc's angle */
} arcs;

static arcs arcs_of(const arb_unit *u, double arc_deg)
{
	arcs a = {.f = dir_of(u->facing_deg), .l = dir_of(u->facing_deg + 90)};
	a.u0 = a.v0 = INFINITY;
	a.u1 = a.v1 = -INFINITY;
	for (size_t i = 0; i < u->n_models; i++) {
		double hf, hl;
		base_half(&u->models[i], u->facing_deg, &hf, &hl);
		double uu = dot(u->models[i].pos, a.f), vv = dot(u->models[i].pos, a.l);
		a.u0 = fmin(a.u0, uu - hf);
		a.u1 = fmax(a.u1, uu + hf);
		a.v0 = fmin(a.v0, vv - hl);
		a.v1 = fmax(a.v1, vv + hl);
	}
	a.wide = arc_deg / 2 >= 90;
	a.t = a.wide ? INFINITY : tan(arc_deg / 2 * PI / 180);
	return a;
}

/* The arcs (bits) that hold point p, drawn from the centre of the footprint
 * (corners = false) or from its corners; a point on a boundary is in both
 * arcs; ARC_NONE when it is in none. */
static int arc_bits(const arcs *a, arb_vec2 p, bool corners)
{
	double u = dot(p, a->f), v = dot(p, a->l);
	double uc = (a->u0 + a->u1) / 2, vc = (a->v0 + a->v1) / 2;
	double u0 = corners ? a->u0 : uc, u1 = corners ? a->u1 : uc;
	double v0 = corners ? a->v0 : vc, v1 = corners ? a->v1 : vc;
	double off_u = fmax(0, fmax(u - u1, u0 - u)), off_v = fmax(0, fmax(v - v1, v0 - v));
	const double ahead[4] = {u - u1, v - v1, u0 - u, v0 - v};
	const double aside[4] = {off_v, off_u, off_v, off_u};
	int bits = 0;
	for (int k = 0; k < 4; k++)
		if (ahead[k] >= -TOL && (a->wide || aside[k] <= ahead[k] * a->t + TOL))
			bits |= 1 << k;
	return bits ? bits : ARC_NONE;
}

static int bit_count(int bits)
{
	int n = 0;
	for (; bits; bits &= bits - 1)
		n++;
	return n;
}

static int bit_index(int bit)
{
	int k = 0;
	while (bit > 1) {
		bit >>= 1;
		k++;
	}
	return k;
}

/* "front", "left side/rear", "none"... of bits. */
static const char *arcs_text(int bits, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < 5; i++)
		if (bits & (1 << i)) {
			int w = snprintf(buf + k, n - k, "%s%s", k ? "/" : "",
			                 i < 4 ? kArcName[i] : "none");
			if (w > 0 && (size_t)w < n - k)
				k += (size_t)w;
		}
	return buf;
}

/* Models per arc, from the centre or the corners: lo[k] the models surely
 * in arc k, hi[k] those that may be (on a boundary). */
static void arc_counts(const arcs *a, const arb_vec2 *pts, size_t n, bool corners, size_t lo[4],
                       size_t hi[4])
{
	for (int k = 0; k < 4; k++)
		lo[k] = hi[k] = 0;
	for (size_t i = 0; i < n; i++) {
		int b = arc_bits(a, pts[i], corners);
		for (int k = 0; k < 4; k++) {
			hi[k] += (b & (1 << k)) != 0;
			lo[k] += b == (1 << k);
		}
	}
}

/* The arc that "the majority" of n models is in, read as more than half
 * (strict) or more than in any other arc: the bits of every arc it may
 * name, with ARC_NONE when it may name none. */
static int arc_vote(const size_t lo[4], const size_t hi[4], size_t n, bool strict)
{
	int bits = 0;
	bool certain = false;
	for (int k = 0; k < 4; k++) {
		size_t most_lo = 0, most_hi = 0;
		for (int j = 0; j < 4; j++)
			if (j != k) {
				most_lo = lo[j] > most_lo ? lo[j] : most_lo;
				most_hi = hi[j] > most_hi ? hi[j] : most_hi;
			}
		if (hi[k] > most_lo && (!strict || 2 * hi[k] > n))
			bits |= 1 << k;
		if (lo[k] > most_hi && (!strict || 2 * lo[k] > n))
			certain = true;
	}
	return certain ? bits : bits | ARC_NONE;
}

/* The arc of unit `of` that holds the majority of unit `other`'s models:
 * the bits every construction (centre, corners) and reading of "majority"
 * (more than half, more than any other arc) may name; the explanation of
 * the counts in why. */
static int majority_arc(const arb_unit *of, const arb_unit *other, double arc_deg, char *why,
                        size_t n)
{
	arcs a = arcs_of(of, arc_deg);
	arb_vec2 *pts = positions(NULL, other, false);
	int bits = 0;
	size_t k = 0;
	if (!pts) {
		snprintf(why, n, "out of memory");
		return ARC_NONE;
	}
	why[0] = '\0';
	for (int c = 0; c < 2; c++) {
		size_t lo[4], hi[4];
		arc_counts(&a, pts, other->n_models, c == 1, lo, hi);
		bits |= arc_vote(lo, hi, other->n_models, true) |
		        arc_vote(lo, hi, other->n_models, false);
		int w = snprintf(
		    why + k, n - k, "%sfrom its %s: front %zu, left %zu, rear %zu, right %zu",
		    c ? "; " : "", c ? "corners" : "centre", hi[0], hi[1], hi[2], hi[3]);
		if (w > 0 && (size_t)w < n - k)
			k += (size_t)w;
	}
	free(pts);
	return bits;
}

/* The arcs of unit `of` (bits, every construction) that hold some model of
 * `other`. */
static int arcs_holding(const arb_unit *of, const arb_unit *other, double arc_deg)
{
	arcs a = arcs_of(of, arc_deg);
	int bits = 0;
	for (size_t i = 0; i < other->n_models; i++)
		bits |= arc_bits(&a, other->models[i].pos, false) |
		        arc_bits(&a, other->models[i].pos, true);
	return bits;
}

/* ---- ranks ----
 * Ranks are read from the models' positions: counted in a direction (the
 * facing, or the direction of an arc), the first rank is the one furthest
 * that way, and a new rank starts where the next model lies more than half
 * a base behind the one before: its centre further behind than half the sum
 * of their two half extents along that direction (the midpoint between
 * standing level and standing in base contact behind). */

/* Writes each model's rank (0 = first) into rank[] and returns the number
 * of ranks; 0 when out of memory. */
static size_t ranks_of(const arb_unit *u, const arb_vec2 *pos, double deg, size_t *rank)
{
	size_t n = u->n_models;
	size_t *ord = malloc((n ? n : 1) * sizeof *ord);
	double *key = malloc((n ? n : 1) * sizeof *key);
	size_t r = 0;
	if (!ord || !key || n == 0) {
		free(ord);
		free(key);
		return 0;
	}
	arb_vec2 d = dir_of(deg);
	double *half = malloc(n * sizeof *half);
	if (!half) {
		free(ord);
		free(key);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		double across;
		base_half(&u->models[i], deg, &half[i], &across);
		key[i] = dot(pos[i], d);
		ord[i] = i;
	}
	for (size_t i = 1; i < n; i++) /* insertion sort: furthest first */
		for (size_t j = i; j > 0 && key[ord[j]] > key[ord[j - 1]]; j--) {
			size_t t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	for (size_t k = 0; k < n; k++) {
		if (k && key[ord[k - 1]] - key[ord[k]] > (half[ord[k - 1]] + half[ord[k]]) / 2)
			r++;
		rank[ord[k]] = r;
	}
	free(half);
	free(ord);
	free(key);
	return r + 1;
}

/* The move the unit as a whole makes: the median of its models'
 * displacements (a model that does not move counts as 0), x and y apart. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static bool median_shift(const arb_scenario *s, const arb_unit *u, arb_vec2 *out)
{
	size_t n = u->n_models;
	double *xs = malloc((n ? n : 1) * sizeof *xs), *ys = malloc((n ? n : 1) * sizeof *ys);
	if (!xs || !ys || n == 0) {
		free(xs);
		free(ys);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		arb_vec2 d = minus(sh__end_pos(s, &u->models[i]), u->models[i].pos);
		xs[i] = d.x;
		ys[i] = d.y;
	}
	qsort(xs, n, sizeof *xs, cmp_double);
	qsort(ys, n, sizeof *ys, cmp_double);
	out->x = n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
	out->y = n % 2 ? ys[n / 2] : (ys[n / 2 - 1] + ys[n / 2]) / 2;
	free(xs);
	free(ys);
	return true;
}

/* The impassable terrain in the way of model m going straight by shift (its
 * base overlapping or touching it on the way), or NULL. */
static const char *blocked_by(const arb_scenario *s, const arb_model *m, arb_vec2 shift)
{
	arb_placed pl = arb_model_placed(m);
	arb_vec2 seg[2] = {m->pos, {m->pos.x + shift.x, m->pos.y + shift.y}};
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		if (strcmp(t->kind, "impassable") != 0)
			continue;
		if (arb_geom_path_through(&pl, seg, 2, t->poly, t->n_poly, ARB_THROUGH_BASE, NULL) >
		    TOL)
			return t->id;
	}
	return NULL;
}

/* The impassable terrain that a base at position p overlaps or touches, or NULL. */
static const char *place_blocked(const arb_scenario *s, const arb_model *m, arb_vec2 p)
{
	arb_placed pl = arb_model_placed(m);
	pl.c = p;
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		if (strcmp(t->kind, "impassable") == 0 &&
		    arb_geom_base_polygon_distance(&pl, t->poly, t->n_poly, NULL) <= TOL)
			return t->id;
	}
	return NULL;
}

/* Longest path of the actor's models, and whether some model detours
 * (its path is longer than the straight line from start to end). */
static double longest_path(const arb_scenario *s, const arb_unit *u, const char **who,
                           const char **detour, double *detour_by)
{
	double best = 0;
	*who = NULL;
	*detour = NULL;
	*detour_by = 0;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (!p)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts);
		arb_vec2 d = minus(p->pts[p->n_pts - 1], p->pts[0]);
		double extra = len - sqrt(dot(d, d));
		if (extra > TOL && extra > *detour_by) {
			*detour_by = extra;
			*detour = u->models[i].id;
		}
		if (len > best) {
			best = len;
			*who = u->models[i].id;
		}
	}
	return best;
}

/* ---- Fight In Ranks ---- */

/* SH.FORM.FIR.COH */
FORM_CONTACT(sh_form_fir_coh_connected, "connected", SH_CHAIN_CONNECTED)
FORM_CONTACT(sh_form_fir_coh_all_pairs, "all-pairs", SH_CHAIN_ALL_PAIRS)

/* SH.FORM.FIR.2 */
ARB_PREDICATE(sh_form_fir_2, .clause = "SH.FORM.FIR.2", .ruleset = "scrollhammer",
              .actions = "declare_charge charge", .phases = "*", .question = "value.arcs",
              .params = "arc", .fingerprint = "89bf63d34522d185")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_with(ev, FIR);
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	arcs a = arcs_of(t, arb_eval_param(ev, "arc"));
	size_t lo[2][4], hi[2][4];
	arb_vec2 *pts = positions(NULL, u, false);
	if (!pts) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	for (int c = 0; c < 2; c++)
		arc_counts(&a, pts, u->n_models, c == 1, lo[c], hi[c]);
	free(pts);
	r->object = t->id;
	bool same = true;
	for (int k = 0; k < 4; k++)
		same = same && lo[0][k] == hi[0][k] && lo[1][k] == hi[1][k] && lo[0][k] == lo[1][k];
	if (!same) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(
		    r,
		    "models of %s in the arcs of %s: from its centre front %zu, left "
		    "%zu, rear %zu, right %zu; from its corners %zu, %zu, %zu, %zu "
		    "(boundaries counted in both): where the arcs start is not stated",
		    u->id, t->id, hi[0][0], hi[0][1], hi[0][2], hi[0][3], hi[1][0], hi[1][1],
		    hi[1][2], hi[1][3]);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "front_arc_models", (double)lo[0][0]);
	arb_result_value(r, "left_arc_models", (double)lo[0][1]);
	arb_result_value(r, "rear_arc_models", (double)lo[0][2]);
	arb_result_value(r, "right_arc_models", (double)lo[0][3]);
	arb_result_explain(r,
	                   "models of %s in the %g degree arcs of %s: front %zu, left %zu, rear "
	                   "%zu, right %zu",
	                   u->id, arb_eval_param(ev, "arc"), t->id, lo[0][0], lo[0][1], lo[0][2],
	                   lo[0][3]);
}

/* Whether the move is the pile-in of SH.FORM.FIR.FLANK.6: the flanked unit,
 * its Leadership test passed, moving. */
static bool piling_in(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	return action_is(ev, "move") && formation_is(u, FIR) && arb_unit_has_status(u, "flanked") &&
	       fact_is(ev, "leadership_test", "passed");
}

/* Where model j stands from model i along direction deg: +1 ahead, -1
 * behind, 0 level (less than half a base apart: half the sum of their half
 * extents along deg, as the ranks are read). A model changes its position in
 * the unit (SH.FORM.FIR.3) when it moves otherwise than the unit as a whole
 * (the median of the displacements) and so comes to stand otherwise, ahead,
 * behind or level, left, right or level, with another model. */
static int relation(const arb_unit *u, size_t i, size_t j, arb_vec2 pi, arb_vec2 pj, double deg)
{
	double hi, hj, across;
	base_half(&u->models[i], deg, &hi, &across);
	base_half(&u->models[j], deg, &hj, &across);
	double d = dot(minus(pj, pi), dir_of(deg));
	return d > (hi + hj) / 2 ? 1 : d < -(hi + hj) / 2 ? -1 : 0;
}

/* SH.FORM.FIR.3 */
ARB_PREDICATE(sh_form_fir_3, .clause = "SH.FORM.FIR.3", .ruleset = "scrollhammer",
              .actions = "move charge", .phases = "*", .question = "fir.position",
              .fingerprint = "f5f7a070909a76bc")
{
	static const char *const kAlong[] = {"behind", "level with", "ahead of"};
	static const char *const kAcross[] = {"right of", "level with", "left of"};
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, FIR) || sh__moving_count(s, u) == 0 || piling_in(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = u->n_models;
	arb_vec2 *p0 = positions(s, u, false), *p1 = positions(s, u, true), shift = {0, 0};
	if (!p0 || !p1 || !median_shift(s, u, &shift)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		goto done;
	}
	const char *excused = NULL, *by = NULL;
	r->outcome = ARB_HOLDS;
	for (size_t i = 0; i < n; i++) {
		arb_vec2 d = minus(minus(p1[i], p0[i]), shift);
		if (sqrt(dot(d, d)) <= TOL)
			continue; /* it moves with the unit */
		for (size_t j = 0; j < n; j++) {
			if (j == i)
				continue;
			int a0 = relation(u, j, i, p0[j], p0[i], u->facing_deg);
			int a1 = relation(u, j, i, p1[j], p1[i], u->facing_deg);
			int c0 = relation(u, j, i, p0[j], p0[i], u->facing_deg + 90);
			int c1 = relation(u, j, i, p1[j], p1[i], u->facing_deg + 90);
			if (a0 == a1 && c0 == c1)
				continue;
			const char *t = blocked_by(s, &u->models[i], shift);
			if (t) {
				excused = u->models[i].id;
				by = t;
				break;
			}
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->object = u->models[j].id;
			if (a0 != a1)
				arb_result_explain(
				    r,
				    "%s goes from %s %s to %s it (along the facing %g), and "
				    "nothing impassable lies in its way",
				    u->models[i].id, kAlong[a0 + 1], u->models[j].id,
				    kAlong[a1 + 1], u->facing_deg);
			else
				arb_result_explain(
				    r,
				    "%s goes from %s %s to %s it (across the facing %g), and "
				    "nothing impassable lies in its way",
				    u->models[i].id, kAcross[c0 + 1], u->models[j].id,
				    kAcross[c1 + 1], u->facing_deg);
			goto done;
		}
	}
	if (excused)
		arb_result_explain(r,
		                   "%s leaves its place in %s to circumvent impassable terrain %s; "
		                   "no other model changes its place",
		                   excused, u->id, by);
	else
		arb_result_explain(
		    r,
		    "every model of %s keeps its place: none comes to stand otherwise "
		    "ahead, behind, left or right of another",
		    u->id);
done:
	free(p0);
	free(p1);
}

/* How the actor's moving models move relative to its facing. */
enum { MV_NONE, MV_FORWARD, MV_BACK, MV_LEFT, MV_RIGHT, MV_ANGLE, MV_MIXED };
static const char *const kMoveName[] = {"not at all",
                                        "directly forward",
                                        "directly backwards",
                                        "directly sideways (left)",
                                        "directly sideways (right)",
                                        "at an angle",
                                        "in different directions"};

static int path_kind(const arb_path *p, arb_vec2 f, arb_vec2 l)
{
	bool fwd = true, back = true, left = true, right = true;
	for (size_t k = 1; k < p->n_pts; k++) {
		arb_vec2 d = minus(p->pts[k], p->pts[0]);
		double a = dot(d, f), c = dot(d, l);
		if (fabs(c) > TOL)
			fwd = back = false;
		if (fabs(a) > TOL)
			left = right = false;
		fwd = fwd && a >= -TOL;
		back = back && a <= TOL;
		left = left && c >= -TOL;
		right = right && c <= TOL;
	}
	arb_vec2 d = minus(p->pts[p->n_pts - 1], p->pts[0]);
	double a = dot(d, f), c = dot(d, l);
	if (fwd && a > TOL)
		return MV_FORWARD;
	if (back && a < -TOL)
		return MV_BACK;
	if (left && c > TOL)
		return MV_LEFT;
	if (right && c < -TOL)
		return MV_RIGHT;
	return MV_ANGLE;
}

static int move_kind(const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_vec2 f = dir_of(u->facing_deg), l = dir_of(u->facing_deg + 90);
	int kind = MV_NONE;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (!p)
			continue;
		int k = path_kind(p, f, l);
		kind = kind == MV_NONE || kind == k ? k : MV_MIXED;
	}
	return kind;
}

/* SH.FORM.FIR.4 and .6: every moving model within its M times fraction. */
static void fir_speed(const arb_eval *ev, arb_result *r, bool forward, double fraction)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int kind = formation_is(u, FIR) ? move_kind(ev) : MV_NONE;
	bool applies =
	    forward ? kind == MV_FORWARD : kind == MV_BACK || kind == MV_LEFT || kind == MV_RIGHT;
	if (!applies) {
		r->outcome = ARB_NA;
		return;
	}
	/* "full speed" is the model's M; "half speed" its [half]{speed_fraction} */
	double div = 1 / fraction;
	double worst = -INFINITY;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = sh__moving_path(s, m);
		double mv;
		if (!p)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts);
		if (!arb_model_stat(m, u, "M", &mv)) {
			r->outcome = ARB_UNDECIDED;
			r->subject = m->id;
			arb_result_explain(r, "%s moves %s %.2f in; its M is not stated", m->id,
			                   kMoveName[kind], len);
			return;
		}
		if (len - mv / div > worst) {
			worst = len - mv / div;
			r->subject = m->id;
			r->has_measure = true;
			r->measure = (arb_measure){.figure = len,
			                           .limit = mv / div,
			                           .margin = mv / div - len,
			                           .p = p->pts[0],
			                           .q = p->pts[p->n_pts - 1],
			                           .other = -1};
		}
	}
	r->outcome = worst <= TOL ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r, "%s moves %s %.2f in, %s speed is %g in%s", r->subject,
	                   kMoveName[kind], r->measure.figure, forward ? "full" : "half",
	                   r->measure.limit, worst <= TOL ? "" : ": too far");
}

/* SH.FORM.FIR.4 */
ARB_PREDICATE(sh_form_fir_4, .clause = "SH.FORM.FIR.4", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.distance",
              .fingerprint = "dedb5a31acfeb618")
{
	fir_speed(ev, r, true, 1);
}

/* SH.FORM.FIR.5 */
ARB_PREDICATE(sh_form_fir_5, .clause = "SH.FORM.FIR.5", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.direction",
              .fingerprint = "247b89565efb11f3")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, FIR) || move_kind(ev) != MV_ANGLE) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		if (!p)
			continue;
		arb_vec2 d = minus(p->pts[p->n_pts - 1], p->pts[0]);
		double ang = norm_deg(atan2(d.y, d.x) * 180 / PI - u->facing_deg);
		r->subject = u->models[i].id;
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s wheels: %s moves at %.1f degrees to its facing %g, which "
		                   "it keeps",
		                   u->id, u->models[i].id, ang, u->facing_deg);
		return;
	}
	r->outcome = ARB_NA;
}

/* SH.FORM.FIR.6 */
ARB_PREDICATE(sh_form_fir_6, .clause = "SH.FORM.FIR.6", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.distance",
              .params = "speed_fraction", .fingerprint = "63995baed478b9a8")
{
	fir_speed(ev, r, false, arb_eval_param(ev, "speed_fraction"));
}

/* SH.FORM.FIR.7: "should models be out of coherency" bound to the last
 * manoeuvre only (last) or to all three (all). */
static void fir_7(const arb_eval *ev, arb_result *r, bool all)
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	bool reform = action_is(ev, "reform");
	bool out = arb_unit_has_status(u, "out_of_coherency");
	if (out || (!reform && !all)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s may %s%s", u->id,
		                   reform ? "enter a new formation" : "change its facing or pivot",
		                   out ? ": its models are out of coherency" : "");
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "%s %s while its models are in coherency: %s", u->id,
		    reform ? "enters a new formation" : "changes its facing or pivots",
		    reform ? "allowed only should models be out of coherency"
		           : "read as allowed only should models be out of coherency");
	}
}

/* SH.FORM.FIR.7 */
ARB_PREDICATE(sh_form_fir_7_last, .clause = "SH.FORM.FIR.7", .reading = "last",
              .ruleset = "scrollhammer", .actions = "pivot reform", .phases = "*",
              .question = "formation.manoeuvre", .fingerprint = "816b662c11098041")
{
	fir_7(ev, r, false);
}

/* SH.FORM.FIR.7 */
ARB_PREDICATE(sh_form_fir_7_all, .clause = "SH.FORM.FIR.7", .reading = "all",
              .ruleset = "scrollhammer", .actions = "pivot reform", .phases = "*",
              .question = "formation.manoeuvre", .fingerprint = "816b662c11098041")
{
	fir_7(ev, r, true);
}

/* SH.FORM.FIR.8 */
ARB_PREDICATE(sh_form_fir_8, .clause = "SH.FORM.FIR.8", .ruleset = "scrollhammer",
              .actions = "pivot reform", .phases = "*", .question = "fir.manoeuvre.distance",
              .fingerprint = "f3672ca638f1d156")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *who, *detour;
	double by, best;
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	double longest = longest_path(s, u, &who, &detour, &by);
	r->subject = detour ? detour : who;
	if (detour) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s goes %.3f in further than the straight line to where it "
		                   "ends: not the shortest distance",
		                   detour, by);
		return;
	}
	if (!fact_num(ev, "shortest_manoeuvre", &best)) {
		r->outcome = who ? ARB_UNDECIDED : ARB_HOLDS;
		if (who)
			arb_result_explain(r,
			                   "%s moves %.2f in; whether the manoeuvre could be done "
			                   "with less is not stated (fact shortest_manoeuvre)",
			                   who, longest);
		else
			arb_result_explain(r, "no model of %s moves: no shorter way exists", u->id);
		return;
	}
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = longest, .limit = best, .margin = best - longest, .other = -1};
	r->outcome = longest <= best + TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "the longest move of %s is %.2f in, the shortest possible %.2f in%s",
	                   u->id, longest, best, r->outcome == ARB_HOLDS ? "" : ": too far");
}

/* SH.FORM.FIR.9 */
ARB_PREDICATE(sh_form_fir_9, .clause = "SH.FORM.FIR.9", .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot declare_charge charge pivot reform", .phases = "*",
              .question = "fir.after_manoeuvre", .fingerprint = "455e730bce67efc9")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	const char *type = arb_eval_scenario(ev)->action.type;
	bool manoeuvre = action_is(ev, "pivot") || action_is(ev, "reform");
	if (manoeuvre) {
		const char *done = arb_unit_has_status(u, "fired")             ? "fired weapons"
		                   : arb_unit_has_status(u, "declared_charge") ? "declared a charge"
		                                                               : NULL;
		r->outcome = done ? ARB_VIOLATED : ARB_HOLDS;
		if (done)
			arb_result_explain(r, "%s has %s this turn and now does a %s", u->id, done,
			                   type);
		else
			arb_result_explain(
			    r, "%s does a %s and has neither fired nor charged this turn", u->id,
			    type);
		return;
	}
	const char *done = arb_unit_has_status(u, "pivoted_this_turn") ? "changed facing or pivoted"
	                   : arb_unit_has_status(u, "reformed_this_turn")
	                       ? "entered a new formation"
	                       : NULL;
	if (!done) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VIOLATED;
	arb_result_explain(r, "%s %s this turn and now %s", u->id, done,
	                   action_is(ev, "charge")           ? "charges"
	                   : action_is(ev, "declare_charge") ? "declares a charge"
	                                                     : "fires weapons");
}

/* SH.FORM.FIR.10 and .11: how far the rally or consolidation goes, and
 * whether it ends reformed (in coherency, as read by SH.FORM.FIR.COH). In
 * .11, "as close as it can" is measured, as SH.MOV.COH.6 does, by the widest
 * link of the chain (the connected reading of base contact) against the
 * fact closest_gap. */
static bool fir_reforms(const arb_eval *ev)
{
	return formation_is(arb_eval_actor(ev), FIR);
}

static void fir_10(const arb_eval *ev, arb_result *r, sh_chain how)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *who, *detour;
	double by;
	arb_coherency co;
	if (!fir_reforms(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	double lim = arb_eval_param(ev, "reform_move");
	double longest = longest_path(s, u, &who, &detour, &by);
	if (longest > lim + TOL) {
		r->outcome = ARB_VIOLATED;
		r->subject = who;
		r->has_measure = true;
		r->measure = (arb_measure){
		    .figure = longest, .limit = lim, .margin = lim - longest, .other = -1};
		arb_result_explain(r, "%s moves %.2f in to reform, limit %g in: over by %.2f in",
		                   who, longest, lim, longest - lim);
		return;
	}
	arb_result co_r = {0};
	arb_outcome o = sh__coherency(s, u, 0, how, &co_r, &co);
	if (o == ARB_HOLDS) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s reforms within %g in (longest move %.2f in): %s", u->id,
		                   lim, longest, co_r.explanation);
	} else if (o == ARB_VIOLATED && fact_is(ev, "coherency_restorable", "false")) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "%s cannot reform (fact coherency_restorable): %s", u->id,
		                   co_r.explanation);
	} else {
		*r = co_r;
		r->outcome = o;
	}
}

#define FIR10(fname, rd_, how)                                                                     \
	ARB_PREDICATE(fname, .clause = "SH.FORM.FIR.10", .reading = rd_,                           \
	              .ruleset = "scrollhammer", .actions = "rally consolidate", .phases = "*",    \
	              .question = "fir.reform", .params = "reform_move",                           \
	              .fingerprint = "9965831cdc1dca14")                                           \
	{                                                                                          \
		fir_10(ev, r, how);                                                                \
	}
/* SH.FORM.FIR.10 */
FIR10(sh_form_fir_10_connected, "connected", SH_CHAIN_CONNECTED)
FIR10(sh_form_fir_10_all_pairs, "all-pairs", SH_CHAIN_ALL_PAIRS)

/* SH.FORM.FIR.11 */
ARB_PREDICATE(sh_form_fir_11, .clause = "SH.FORM.FIR.11", .ruleset = "scrollhammer",
              .actions = "rally consolidate", .phases = "*", .question = "fir.reform",
              .fingerprint = "ed9c102a9a325c01")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_coherency co;
	double best;
	if (!fir_reforms(ev) || !fact_is(ev, "coherency_restorable", "false")) {
		r->outcome = ARB_NA;
		return;
	}
	arb_result co_r = {0};
	arb_outcome o = sh__coherency(s, u, 0, SH_CHAIN_CONNECTED, &co_r, &co);
	if (o != ARB_VIOLATED) {
		r->outcome = o == ARB_HOLDS ? ARB_NA : o;
		if (o != ARB_HOLDS)
			*r = co_r;
		return;
	}
	*r = co_r;
	if (!fact_num(ev, "closest_gap", &best)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s cannot reform; how close it could get is not stated (fact "
		                   "closest_gap)",
		                   u->id);
		return;
	}
	double gap = co.bottleneck;
	r->has_measure = true;
	r->measure.figure = gap;
	r->measure.limit = best;
	r->measure.margin = best - gap;
	r->outcome = gap <= best + TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "%s cannot reform: widest gap %.3f in, closest possible %.3f in%s",
	                   u->id, gap, best, r->outcome == ARB_HOLDS ? ": as close as it can" : "");
}

/* The models of the actor whose straight move (by the unit's median
 * displacement) impassable terrain blocks: how many, and one of them. */
static size_t split_by_terrain(const arb_eval *ev, arb_vec2 *shift, const char **who,
                               const char **by)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	size_t n = 0;
	*who = *by = NULL;
	if (!formation_is(u, FIR) || sh__moving_count(s, u) == 0 || !median_shift(s, u, shift))
		return 0;
	for (size_t i = 0; i < u->n_models; i++) {
		const char *t = blocked_by(s, &u->models[i], *shift);
		if (t) {
			n++;
			*who = u->models[i].id;
			*by = t;
		}
	}
	return n;
}

/* SH.FORM.FIR.12 */
ARB_PREDICATE(sh_form_fir_12, .clause = "SH.FORM.FIR.12", .ruleset = "scrollhammer",
              .actions = "move charge", .phases = "*", .question = "fir.position",
              .fingerprint = "33cb7e039192afb5")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_vec2 shift;
	const char *who, *by;
	size_t blocked = split_by_terrain(ev, &shift, &who, &by);
	if (!blocked) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = u->n_models;
	arb_vec2 *p0 = positions(s, u, false), *p1 = positions(s, u, true);
	size_t *r0 = malloc(n * sizeof *r0), *r1 = malloc(n * sizeof *r1);
	if (!p0 || !p1 || !r0 || !r1 || !ranks_of(u, p0, u->facing_deg, r0) ||
	    !ranks_of(u, p1, u->facing_deg, r1)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		goto done;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%zu model(s) of %s go round impassable terrain %s (%s among them) "
	                   "and end in their prior rank or cannot be back in it yet",
	                   blocked, u->id, by, who);
	for (size_t i = 0; i < n; i++) {
		if (r0[i] == r1[i])
			continue;
		const arb_model *m = &u->models[i];
		arb_vec2 place = {m->pos.x + shift.x, m->pos.y + shift.y};
		if (place_blocked(s, m, place))
			continue;
		r->outcome = ARB_VIOLATED;
		r->subject = m->id;
		arb_result_explain(
		    r,
		    "%s ends in rank %zu, not its prior rank %zu, though its place "
		    "at (%.2f, %.2f) is clear of impassable terrain: not returned as "
		    "soon as possible",
		    m->id, r1[i] + 1, r0[i] + 1, place.x, place.y);
		break;
	}
done:
	free(p0);
	free(p1);
	free(r0);
	free(r1);
}

/* SH.FORM.FIR.13 */
ARB_PREDICATE(sh_form_fir_13, .clause = "SH.FORM.FIR.13", .ruleset = "scrollhammer",
              .actions = "move charge", .phases = "*", .question = "value.fir_ranks",
              .fingerprint = "a84dd6eef3be60ea")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	arb_vec2 shift;
	const char *who, *by;
	if (!split_by_terrain(ev, &shift, &who, &by)) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = u->n_models;
	arb_vec2 *p1 = positions(s, u, true);
	size_t *rk = malloc(n * sizeof *rk);
	size_t ranks = 0, files = 0;
	if (!p1 || !rk || !(ranks = ranks_of(u, p1, u->facing_deg, rk)) ||
	    !(files = ranks_of(u, p1, u->facing_deg + 90, rk))) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
	} else {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "ranks", (double)ranks);
		arb_result_value(r, "files", (double)files);
		arb_result_explain(r,
		                   "%s, split up by impassable terrain %s, ends in %zu rank(s) and "
		                   "%zu file(s)",
		                   u->id, by, ranks, files);
	}
	free(p1);
	free(rk);
}

/* ---- Obvious Target ---- */

/* SH.FORM.FIR.OBV.1 */
ARB_PREDICATE(sh_form_fir_obv_1, .clause = "SH.FORM.FIR.OBV.1", .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot", .phases = "*", .question = "cover.claim",
              .fingerprint = "291efe721086b76d")
{
	const arb_unit *t = target_with(ev, FIR);
	const char *why = fact_of(ev, "cover_claimed");
	if (!t || !why) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t->id;
	if (strcmp(why, "area_terrain") == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s Fights in Ranks and claims a cover save for being in area "
		                   "terrain",
		                   t->id);
	} else if (strcmp(why, "obscured") == 0) {
		const char *ob = fact_of(ev, "obscured");
		r->outcome = !ob                       ? ARB_UNDECIDED
		             : strcmp(ob, "true") == 0 ? ARB_HOLDS
		                                       : ARB_VIOLATED;
		arb_result_explain(r, "%s claims cover for being obscured, and it %s", t->id,
		                   !ob ? "is not stated whether it is (fact obscured)"
		                   : r->outcome == ARB_HOLDS ? "is"
		                                             : "is not");
	} else if (strcmp(why, "special_rule") == 0 || strcmp(why, "none") == 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "%s claims %s", t->id,
		                   why[0] == 'n' ? "no cover save"
		                                 : "cover from a special rule or effect");
	} else {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "cover claimed for '%s': not a reason the clause names", why);
	}
}

/* ---- Crowded Formation ---- */

/* Whether model m of the actor fires (fact firing_models; absent: all do). */
static bool fires(const arb_eval *ev, const arb_model *m)
{
	const char *f = fact_of(ev, "firing_models");
	return !f || list_has(f, m->id);
}

/* Crowded Formation: "the first [two]{shooting_ranks} ranks", counted in the
 * direction of fire (SH.FORM.FIR.CROWD.2). */
#define RANKS_PARAM "shooting_ranks"

/* Of the firing models, the first that is not in the first two ranks of u
 * counted in the direction of arc k; NULL if all are; *bad_rank its rank. */
static const arb_model *outside_ranks(const arb_eval *ev, const arb_unit *u, int k,
                                      size_t *bad_rank, size_t *in_ranks, bool *oom)
{
	double first = arb_eval_param(ev, RANKS_PARAM); /* each clause states its own */
	arb_vec2 *p = positions(NULL, u, false);
	size_t *rk = malloc((u->n_models ? u->n_models : 1) * sizeof *rk);
	const arb_model *bad = NULL;
	*in_ranks = 0;
	*oom = !p || !rk || !ranks_of(u, p, u->facing_deg + 90.0 * k, rk);
	for (size_t i = 0; !*oom && i < u->n_models; i++) {
		*in_ranks += (double)rk[i] < first;
		if (!bad && (double)rk[i] >= first && fires(ev, &u->models[i])) {
			bad = &u->models[i];
			*bad_rank = rk[i];
		}
	}
	free(p);
	free(rk);
	return bad;
}

/* SH.FORM.FIR.CROWD.1 */
ARB_PREDICATE(sh_form_fir_crowd_1, .clause = "SH.FORM.FIR.CROWD.1", .ruleset = "scrollhammer",
              .actions = "shoot", .phases = "shooting", .question = "shoot.ranks",
              .params = ARC_PARAM " " RANKS_PARAM, .fingerprint = "c4d705db29d18aaf")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	if (!formation_is(u, FIR) || !t) {
		r->outcome = ARB_NA;
		return;
	}
	char buf[64];
	int bits = arcs_holding(u, t, arb_eval_param(ev, ARC_PARAM));
	int ok = 0, bad = 0;
	const arb_model *who = NULL;
	size_t who_rank = 0, in_ranks;
	for (int k = 0; k < 4; k++) {
		if (!(bits & (1 << k)))
			continue;
		size_t rk = 0;
		bool oom;
		const arb_model *m = outside_ranks(ev, u, k, &rk, &in_ranks, &oom);
		if (oom) {
			r->outcome = ARB_UNDECIDED;
			arb_result_explain(r, "out of memory");
			return;
		}
		if (m) {
			bad |= 1 << k;
			who = m;
			who_rank = rk;
		} else {
			ok |= 1 << k;
		}
	}
	r->object = t->id;
	if (bits & ARC_NONE || (ok && bad)) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s fires at %s, which lies in its %s arc(s): the direction of "
		                   "fire, and so which ranks are first, is not decided",
		                   u->id, t->id, arcs_text(bits, buf, sizeof buf));
	} else if (bad) {
		r->outcome = ARB_VIOLATED;
		r->subject = who->id;
		arb_result_explain(r,
		                   "%s fires at %s (%s arc) from rank %zu counted that way: only "
		                   "the first %g ranks can shoot",
		                   who->id, t->id, arcs_text(bits, buf, sizeof buf), who_rank + 1,
		                   arb_eval_param(ev, RANKS_PARAM));
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "every firing model of %s is in its first %g ranks towards %s "
		                   "(%s arc)",
		                   u->id, arb_eval_param(ev, RANKS_PARAM), t->id,
		                   arcs_text(bits, buf, sizeof buf));
	}
}

/* SH.FORM.FIR.CROWD.2 */
ARB_PREDICATE(sh_form_fir_crowd_2, .clause = "SH.FORM.FIR.CROWD.2", .ruleset = "scrollhammer",
              .actions = "shoot", .phases = "shooting", .question = "value.fire_arc",
              .params = ARC_PARAM " " RANKS_PARAM, .fingerprint = "a0ea2dc850f69d5d")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	if (!formation_is(u, FIR) || !t) {
		r->outcome = ARB_NA;
		return;
	}
	char buf[64];
	int bits = arcs_holding(u, t, arb_eval_param(ev, ARC_PARAM));
	if (bits == ARC_FRONT) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t->id;
	if (bit_count(bits) != 1 || bits == ARC_NONE) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s lies in the %s arc(s) of %s: whether it fires backwards or "
		                   "to the side is not decided",
		                   t->id, arcs_text(bits, buf, sizeof buf), u->id);
		return;
	}
	int k = bit_index(bits);
	size_t rk = 0, in_ranks;
	bool oom;
	outside_ranks(ev, u, k, &rk, &in_ranks, &oom);
	if (oom) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "fire_arc", 90.0 * k);
	arb_result_value(r, "first_ranks_models", (double)in_ranks);
	arb_result_explain(r,
	                   "%s fires into its %s arc at %s: its first ranks are counted from "
	                   "that side (%zu models in the first %g)",
	                   u->id, kArcName[k], t->id, in_ranks, arb_eval_param(ev, RANKS_PARAM));
}

/* ---- Cohesive Fire ---- */

/* The firing models of the actor that can see (*seeing) and cannot (*blind);
 * false when the fact seeing_models is not given. */
static bool sight(const arb_eval *ev, size_t *seeing, size_t *blind, const char **a_seer,
                  const char **a_blind)
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *see = fact_of(ev, "seeing_models");
	*seeing = *blind = 0;
	*a_seer = *a_blind = NULL;
	if (!see)
		return false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (!fires(ev, m))
			continue;
		if (list_has(see, m->id)) {
			(*seeing)++;
			*a_seer = *a_seer ? *a_seer : m->id;
		} else {
			(*blind)++;
			*a_blind = *a_blind ? *a_blind : m->id;
		}
	}
	return true;
}

/* SH.FORM.FIR.COHF.1 */
ARB_PREDICATE(sh_form_fir_cohf_1, .clause = "SH.FORM.FIR.COHF.1", .ruleset = "scrollhammer",
              .actions = "shoot", .phases = "shooting", .question = "shoot.line_of_sight",
              .fingerprint = "6a6ae90f6cc6e256")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	size_t seeing, blind;
	const char *seer, *blinded;
	if (!formation_is(u, FIR) || !t || !sight(ev, &seeing, &blind, &seer, &blinded) || !blind) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t->id;
	if (seeing) {
		r->outcome = ARB_PERMITS;
		r->subject = seer;
		arb_result_explain(r,
		                   "%s sees %s and fires at it: %zu more model(s) of %s may fire "
		                   "at it without line of sight (%s among them)",
		                   seer, t->id, blind, u->id, blinded);
	} else {
		r->outcome = ARB_VIOLATED;
		r->subject = blinded;
		arb_result_explain(r,
		                   "no firing model of %s sees %s, yet %zu fire at it (%s among "
		                   "them)",
		                   u->id, t->id, blind, blinded);
	}
}

/* SH.FORM.FIR.COHF.2 */
ARB_PREDICATE(sh_form_fir_cohf_2, .clause = "SH.FORM.FIR.COHF.2", .ruleset = "scrollhammer",
              .actions = "shoot", .phases = "shooting", .question = "value.cover_blind",
              .params = "cover_save", .fingerprint = "ff3c449c35bdaf6c")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	size_t seeing, blind;
	const char *seer, *blinded;
	if (!formation_is(u, FIR) || !t || !sight(ev, &seeing, &blind, &seer, &blinded) || !blind) {
		r->outcome = ARB_NA;
		return;
	}
	double save = arb_eval_param(ev, "cover_save");
	r->outcome = ARB_VALUE;
	r->object = t->id;
	arb_result_value(r, "blind_cover_save", save);
	arb_result_value(r, "blind_shooters", (double)blind);
	arb_result_explain(r,
	                   "%s gains a %g+ cover save against the shots of the %zu firing "
	                   "model(s) of %s that cannot see it",
	                   t->id, save, blind, u->id);
}

/* ---- Stand and Shoot ---- */

/* Stand and Shoot: the test is taken in the charge reaction (`react`, fact
 * stand_and_shoot true, as SH.CHG.REACT.5 reads it); its shots are the
 * action `stand_and_shoot` at the charging unit. */

/* SH.FORM.FIR.SNS.1 */
ARB_PREDICATE(sh_form_fir_sns_1, .clause = "SH.FORM.FIR.SNS.1", .ruleset = "scrollhammer",
              .actions = "react stand_and_shoot", .phases = "*",
              .question = "react.stand_and_shoot", .fingerprint = "210ac52d23031eee")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	const char *react = fact_of(ev, "charge_reaction");
	bool reacting = action_is(ev, "react");
	if (reacting && !fact_is(ev, "stand_and_shoot", "true")) {
		r->outcome = ARB_NA;
		return;
	}
	r->object = t ? t->id : NULL;
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s does not Fight in Ranks", u->id);
	} else if (!t || (!reacting && !arb_unit_has_status(t, "charging"))) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is not charged (%s)", u->id,
		                   t ? "its target is not charging" : "no charging unit is named");
	} else if (arb_unit_has_status(u, "locked_in_combat")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is already locked in combat", u->id);
	} else if (!react) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(
		    r, "whether %s holds position is not stated (fact charge_reaction)", u->id);
	} else if (strcmp(react, "hold") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s chose to %s, not to hold position", u->id, react);
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s, charged by %s and not locked in combat, holds position and "
		                   "may take a Leadership test",
		                   u->id, t->id);
	}
}

/* SH.FORM.FIR.SNS.2 */
ARB_PREDICATE(sh_form_fir_sns_2, .clause = "SH.FORM.FIR.SNS.2", .ruleset = "scrollhammer",
              .actions = "stand_and_shoot", .phases = "*", .question = "stand_and_shoot.fire",
              .params = "to_hit_modifier", .fingerprint = "2b417ac10be17e2e")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *test = fact_of(ev, "leadership_test");
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!test) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "the result of the Leadership test of %s is not stated (fact "
		                   "leadership_test)",
		                   u->id);
	} else if (strcmp(test, "passed") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s fires though its Leadership test was %s", u->id, test);
	} else if (fact_is(ev, "weapon_is_spell", "true")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s passed its Leadership test but fires a spell", u->id);
	} else {
		double mod = arb_eval_param(ev, "to_hit_modifier");
		r->outcome = ARB_PERMITS;
		arb_result_value(r, "to_hit_modifier", mod);
		arb_result_explain(
		    r,
		    "%s passed its Leadership test: every model may fire a non-spell "
		    "shooting weapon at %+g to hit",
		    u->id, mod);
	}
}

/* SH.FORM.FIR.SNS.3 */
ARB_PREDICATE(sh_form_fir_sns_3, .clause = "SH.FORM.FIR.SNS.3", .ruleset = "scrollhammer",
              .actions = "charge", .phases = "*", .question = "charge.casualties",
              .fingerprint = "c78e49a6b7550cbb")
{
	double n;
	if (!fact_num(ev, "sns_casualties_pending", &n)) {
		r->outcome = ARB_NA;
		return;
	}
	const arb_unit *u = arb_eval_actor(ev);
	r->outcome = n > 0 ? ARB_VIOLATED : ARB_HOLDS;
	if (n > 0)
		arb_result_explain(r,
		                   "%s charges with %g Stand and Shoot casualt%s not yet removed",
		                   u->id, n, n == 1 ? "y" : "ies");
	else
		arb_result_explain(r,
		                   "the Stand and Shoot casualties of %s are removed before its "
		                   "charge",
		                   u->id);
}

/* SH.FORM.FIR.SNS.4 */
ARB_PREDICATE(sh_form_fir_sns_4, .clause = "SH.FORM.FIR.SNS.4", .ruleset = "scrollhammer",
              .actions = "stand_and_shoot", .phases = "*", .question = "value.morale",
              .fingerprint = "fc53ecfd5a703e84")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "morale_tests", 0);
	arb_result_explain(r, "the Stand and Shoot shots of %s prompt no morale test", u->id);
}

/* ---- Flanks ---- */

/* The arc of FIR target t that the actor charges (SH.FORM.FIR.FLANK.1):
 * bits of every arc a construction or reading may name. */
static int charged_arc(const arb_eval *ev, const arb_unit *t, char *why, size_t n)
{
	return majority_arc(t, arb_eval_actor(ev), arb_eval_param(ev, ARC_PARAM), why, n);
}

/* SH.FORM.FIR.FLANK.1 */
ARB_PREDICATE(sh_form_fir_flank_1, .clause = "SH.FORM.FIR.FLANK.1", .ruleset = "scrollhammer",
              .actions = "declare_charge charge", .phases = "*",
              .question = "value.flank.charged_arc", .params = ARC_PARAM,
              .fingerprint = "28aceabf34998450")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_with(ev, FIR);
	char why[256], buf[64];
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = charged_arc(ev, t, why, sizeof why);
	r->object = t->id;
	if (bit_count(bits) != 1 || bits == ARC_NONE) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "models of %s by arc of %s (%s): the arc of the majority may "
		                   "be %s",
		                   u->id, t->id, why, arcs_text(bits, buf, sizeof buf));
		return;
	}
	int k = bit_index(bits);
	r->outcome = ARB_VALUE;
	/* "front, sides, and rear": the two sides alike (90), as SH.CHG.RANKS.2 gives it */
	arb_result_value(r, "charged_arc", k == 3 ? 90 : 90.0 * k);
	arb_result_explain(r, "%s charges the %s arc of %s (%s)", u->id, kArcName[k], t->id, why);
}

/* SH.FORM.FIR.FLANK.2 */
ARB_PREDICATE(sh_form_fir_flank_2, .clause = "SH.FORM.FIR.FLANK.2", .ruleset = "scrollhammer",
              .actions = "declare_charge charge", .phases = "*", .question = "value.flanked",
              .params = ARC_PARAM, .fingerprint = "1172e4bfa65927cb")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_with(ev, FIR);
	char why[256], buf[64];
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = charged_arc(ev, t, why, sizeof why);
	r->object = t->id;
	if (bits == ARC_FRONT || !(bits & (ARC_FRONT | ARC_NONE))) {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "flanked", bits == ARC_FRONT ? 0 : 1);
		arb_result_explain(r, "%s is charged in its %s arc: %s", t->id,
		                   arcs_text(bits, buf, sizeof buf),
		                   bits == ARC_FRONT ? "the way it faces" : "flanked");
	} else {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "the arc %s charges may be %s (%s): whether %s is charged in a "
		                   "direction it is not facing is not decided",
		                   u->id, arcs_text(bits, buf, sizeof buf), why, t->id);
	}
}

/* SH.FORM.FIR.FLANK.3 */
ARB_PREDICATE(sh_form_fir_flank_3, .clause = "SH.FORM.FIR.FLANK.3", .ruleset = "scrollhammer",
              .actions = "fight", .phases = "close_combat", .question = "value.initiative",
              .params = "flanked_initiative " ARC_PARAM, .fingerprint = "e82de3265ac8a238")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	char why[256], buf[64];
	if (!formation_is(u, FIR) || !arb_unit_has_status(u, "flanked") || !t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = majority_arc(u, t, arb_eval_param(ev, ARC_PARAM), why, sizeof why);
	r->object = t->id;
	if (bits == ARC_FRONT) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s now faces %s (%s)", u->id, t->id, why);
	} else if (!(bits & (ARC_FRONT | ARC_NONE))) {
		double i1 = arb_eval_param(ev, "flanked_initiative");
		r->outcome = ARB_VALUE;
		arb_result_value(r, "initiative", i1);
		arb_result_explain(r, "%s is flanked and %s is in its %s arc: it strikes at I%g",
		                   u->id, t->id, arcs_text(bits, buf, sizeof buf), i1);
	} else {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "whether %s faces %s is not decided: the majority may be in its "
		                   "%s arc (%s)",
		                   u->id, t->id, arcs_text(bits, buf, sizeof buf), why);
	}
}

/* SH.FORM.FIR.FLANK.4 */
ARB_PREDICATE(sh_form_fir_flank_4, .clause = "SH.FORM.FIR.FLANK.4", .ruleset = "scrollhammer",
              .actions = "flank_turn", .phases = "*", .question = "flank.test",
              .fingerprint = "c49e4b5318e1919f")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	const char *with = fact_of(ev, "locked_with");
	const char *start = fact_of(ev, "movement_phase_start");
	r->object = t ? t->id : NULL;
	if (!formation_is(u, FIR) || !arb_unit_has_status(u, "flanked")) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is not a flanked unit that Fights in Ranks", u->id);
	} else if (strcmp(s->context.phase, "movement") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "the test is taken in the %s phase, not at the start of the "
		                   "movement phase",
		                   s->context.phase);
	} else if (s->context.active_side && strcmp(s->context.active_side, u->side) != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "it is side %s's movement phase, not that of %s (side %s)",
		                   s->context.active_side, u->id, u->side);
	} else if (!start || !with) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "not stated: %s",
		                   !start ? "whether this is the start of the "
		                            "movement phase (fact "
		                            "movement_phase_start)"
		                          : "which units %s is locked in combat "
		                            "with (fact locked_with)");
	} else if (strcmp(start, "true") != 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "the test is not taken at the start of the movement phase");
	} else if (list_len(with) != 1 || (t && !list_has(with, t->id))) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s is locked in combat with %zu unit(s) (%s)%s", u->id,
		                   list_len(with), with,
		                   t && list_len(with) == 1 ? ", not with the flanking unit" : "");
	} else {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s is flanked and locked in combat with %s alone, at the start "
		                   "of its movement phase: it may test Leadership",
		                   u->id, with);
	}
}

static bool turn_passed(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	return formation_is(u, FIR) && arb_unit_has_status(u, "flanked") &&
	       fact_is(ev, "leadership_test", "passed");
}

/* SH.FORM.FIR.FLANK.5 */
ARB_PREDICATE(sh_form_fir_flank_5, .clause = "SH.FORM.FIR.FLANK.5", .ruleset = "scrollhammer",
              .actions = "flank_turn", .phases = "*", .question = "value.turned_facing",
              .params = ARC_PARAM, .fingerprint = "294127097b40a6aa")
{
	const arb_unit *u = arb_eval_actor(ev), *t = target_of(ev, 0);
	char why[256], buf[64];
	if (!turn_passed(ev) || !t) {
		r->outcome = ARB_NA;
		return;
	}
	int bits = majority_arc(u, t, arb_eval_param(ev, ARC_PARAM), why, sizeof why);
	r->object = t->id;
	if (bit_count(bits) != 1 || bits == ARC_NONE) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "which way %s must turn to face %s is not decided: %s may be in "
		                   "its %s arc (%s)",
		                   u->id, t->id, t->id, arcs_text(bits, buf, sizeof buf), why);
		return;
	}
	int k = bit_index(bits);
	double to = norm_deg(u->facing_deg + 90.0 * k);
	r->outcome = ARB_VALUE;
	arb_result_value(r, "turned_facing", to);
	arb_result_explain(r,
	                   "%s passed its Leadership test: its models turn from %g to %g "
	                   "degrees to face %s (in its %s arc)",
	                   u->id, u->facing_deg, to, t->id, kArcName[k]);
}

/* SH.FORM.FIR.FLANK.6 */
ARB_PREDICATE(sh_form_fir_flank_6, .clause = "SH.FORM.FIR.FLANK.6", .ruleset = "scrollhammer",
              .actions = "move", .phases = "*", .question = "flank.pile_in",
              .fingerprint = "8ac8abc6bda71978")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const char *close = fact_of(ev, "as_close_as_possible");
	if (!piling_in(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	arb_vec2 f = dir_of(u->facing_deg);
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(s, &u->models[i]);
		for (size_t k = 1; p && k < p->n_pts; k++) {
			double off = dot(minus(p->pts[k], p->pts[0]), f);
			if (fabs(off) > TOL) {
				r->outcome = ARB_VIOLATED;
				r->subject = u->models[i].id;
				arb_result_explain(
				    r, "%s leaves its rank: %.3f in %s along the facing %g",
				    u->models[i].id, fabs(off), off > 0 ? "forward" : "backward",
				    u->facing_deg);
				return;
			}
		}
	}
	size_t n = sh__moving_count(s, u);
	if (!close) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%zu model(s) of %s pile in along their ranks; whether they end "
		                   "as close as possible is not stated (fact as_close_as_possible)",
		                   n, u->id);
	} else {
		r->outcome = strcmp(close, "true") == 0 ? ARB_HOLDS : ARB_VIOLATED;
		arb_result_explain(r,
		                   "%zu model(s) of %s pile in along their ranks and %s as close "
		                   "as possible to the flanking unit",
		                   n, u->id, r->outcome == ARB_HOLDS ? "end" : "do not end");
	}
}

/* SH.FORM.FIR.FLANK.7 */
ARB_PREDICATE(sh_form_fir_flank_7, .clause = "SH.FORM.FIR.FLANK.7", .ruleset = "scrollhammer",
              .actions = "flank_turn", .phases = "*", .question = "value.flank_turn",
              .fingerprint = "4a991671a6f5ef7a")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!turn_passed(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "flanked", 0);
	arb_result_explain(r, "%s has turned and piled in: no longer flanked", u->id);
}

/* ---- Strength in Ranks ---- */

/* SH.FORM.FIR.SIR.1 */
ARB_PREDICATE(sh_form_fir_sir_1, .clause = "SH.FORM.FIR.SIR.1", .ruleset = "scrollhammer",
              .actions = "resolve_combat", .phases = "close_combat",
              .question = "value.combat_resolution",
              .params = "rank_bonus rank_size wide_rank_bonus wide_rank_size",
              .fingerprint = "a342d2d9ecfba5a2")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	if (arb_unit_has_status(u, "flanked")) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s is flanked: no bonus for its ranks", u->id);
		return;
	}
	double rb = arb_eval_param(ev, "rank_bonus"), rs = arb_eval_param(ev, "rank_size");
	double wb = arb_eval_param(ev, "wide_rank_bonus"),
	       ws = arb_eval_param(ev, "wide_rank_size");
	size_t n = u->n_models;
	arb_vec2 *p = positions(NULL, u, false);
	size_t *rk = malloc(n * sizeof *rk), *size = calloc(n, sizeof *size), nr = 0;
	if (!p || !rk || !size || !(nr = ranks_of(u, p, u->facing_deg, rk))) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r, "out of memory");
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		size[rk[i]]++;
	/* per-rank: each rank on its own; best-of: the better count for the
	 * unit; complete: per rank, counting only ranks as wide as the front. */
	double per = 0, of5 = 0, of10 = 0, complete = 0;
	char sizes[128];
	size_t k = 0;
	sizes[0] = '\0';
	for (size_t j = 0; j < nr; j++) {
		double b = (double)size[j] >= ws ? wb : (double)size[j] >= rs ? rb : 0;
		per += b;
		of5 += (double)size[j] >= rs ? rb : 0;
		of10 += (double)size[j] >= ws ? wb : 0;
		complete += size[j] >= size[0] ? b : 0;
		int w = snprintf(sizes + k, sizeof sizes - k, "%s%zu", j ? "-" : "", size[j]);
		if (w > 0 && (size_t)w < sizeof sizes - k)
			k += (size_t)w;
	}
	double best = fmax(of5, of10);
	if (per == best && per == complete) {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "combat_resolution_bonus", per);
		arb_result_explain(r, "%s stands in ranks of %s: %+g to combat resolution", u->id,
		                   sizes, per);
	} else {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%s stands in ranks of %s: %+g counting each rank on its own, "
		                   "%+g taking the better of the two counts, %+g counting only "
		                   "ranks as wide as the front: the text does not decide",
		                   u->id, sizes, per, best, complete);
	}
done:
	free(p);
	free(rk);
	free(size);
}

/* ---- Horde and Skirmish ---- */

/* SH.FORM.HORDE.2 and SH.FORM.SKIRM.2: any direction. */
static void any_direction(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_unit *u = arb_eval_actor(ev);
	size_t n = sh__moving_count(arb_eval_scenario(ev), u);
	if (!formation_is(u, formation) || n == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s (%s) may move in any direction: %zu model(s) move", u->id,
	                   formation, n);
}

/* SH.FORM.HORDE.3 and SH.FORM.SKIRM.3: reform and consolidate "as normal". */
static void as_normal(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, formation)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r,
	                   "%s (%s) may %s as normal; the normal rules are on a page the "
	                   "text does not give",
	                   u->id, formation, arb_eval_scenario(ev)->action.type);
}

/* Models of t in area terrain: their centre inside or on a piece (base =
 * false), or some part of the base overlapping or touching it. */
static size_t in_area(const arb_scenario *s, const arb_unit *t, bool base, const char **who)
{
	size_t n = 0;
	for (size_t i = 0; i < t->n_models; i++) {
		arb_placed pl = arb_model_placed(&t->models[i]);
		if (!base)
			pl.base = (arb_base){.shape = ARB_BASE_ROUND, .d_mm = 1e-9};
		for (size_t j = 0; j < s->n_terrain; j++)
			if (strcmp(s->terrain[j].kind, "area") == 0 &&
			    arb_geom_base_polygon_distance(&pl, s->terrain[j].poly,
			                                   s->terrain[j].n_poly, NULL) <= TOL) {
				n++;
				*who = t->models[i].id;
				break;
			}
	}
	return n;
}

/* SH.FORM.HORDE.SCAT.1 and SH.FORM.SKIRM.CONC.1 */
static void area_cover(const arb_eval *ev, arb_result *r, const char *formation)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *t = target_with(ev, formation);
	const char *who = NULL;
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	size_t nc = in_area(s, t, false, &who), nb = in_area(s, t, true, &who);
	r->object = t->id;
	if (nc == 0 && nb == 0) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "no model of %s is in area terrain", t->id);
		return;
	}
	r->subject = who;
	if (nc != nb) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "%zu model(s) of %s have their centre in area terrain, %zu some "
		                   "part of their base: what being in it means is not stated",
		                   nc, t->id, nb);
		return;
	}
	double save = arb_eval_param(ev, "cover_save");
	r->outcome = ARB_VALUE;
	arb_result_value(r, "cover_save", save);
	arb_result_value(r, "models_in_cover", (double)nc);
	arb_result_explain(r, "%zu of the %zu models of %s are in area terrain: %g+ cover save", nc,
	                   t->n_models, t->id, save);
}

/* SH.FORM.HORDE.COH */
FORM_WITHIN(sh_form_horde_coh_connected, "SH.FORM.HORDE.COH", "connected", "horde",
            SH_CHAIN_CONNECTED, "1d44311fdbd4f65c")
FORM_WITHIN(sh_form_horde_coh_all_pairs, "SH.FORM.HORDE.COH", "all-pairs", "horde",
            SH_CHAIN_ALL_PAIRS, "1d44311fdbd4f65c")

/* SH.FORM.HORDE.2 */
ARB_PREDICATE(sh_form_horde_2, .clause = "SH.FORM.HORDE.2", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.direction",
              .fingerprint = "9429c37eaf04b79b")
{
	any_direction(ev, r, "horde");
}

/* SH.FORM.HORDE.3 */
ARB_PREDICATE(sh_form_horde_3, .clause = "SH.FORM.HORDE.3", .ruleset = "scrollhammer",
              .actions = "reform consolidate", .phases = "*", .question = "formation.manoeuvre",
              .fingerprint = "094534a169ec8b8b")
{
	as_normal(ev, r, "horde");
}

/* SH.FORM.HORDE.SCAT.1 */
ARB_PREDICATE(sh_form_horde_scat_1, .clause = "SH.FORM.HORDE.SCAT.1", .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot", .phases = "*", .question = "value.cover",
              .params = "cover_save", .fingerprint = "e43e1f42ed204f1b")
{
	area_cover(ev, r, "horde");
}

/* SH.FORM.HORDE.PRESS.1 */
ARB_PREDICATE(sh_form_horde_press_1, .clause = "SH.FORM.HORDE.PRESS.1", .ruleset = "scrollhammer",
              .actions = "resolve_combat", .phases = "close_combat",
              .question = "value.combat_resolution", .params = "horde_bonus horde_bonus_models",
              .fingerprint = "7bb24e1b89d0517f")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, "horde")) {
		r->outcome = ARB_NA;
		return;
	}
	double per = arb_eval_param(ev, "horde_bonus"),
	       every = arb_eval_param(ev, "horde_bonus_models");
	double groups = floor((double)u->n_models / every);
	r->outcome = ARB_VALUE;
	arb_result_value(r, "combat_resolution_bonus", groups * per);
	arb_result_explain(r, "%s has %zu models: %g group(s) of %g, %+g to combat resolution",
	                   u->id, u->n_models, groups, every, groups * per);
}

/* SH.FORM.SKIRM.COH */
FORM_WITHIN(sh_form_skirm_coh_connected, "SH.FORM.SKIRM.COH", "connected", "skirmish",
            SH_CHAIN_CONNECTED, "48d0b0b66fef2747")
FORM_WITHIN(sh_form_skirm_coh_all_pairs, "SH.FORM.SKIRM.COH", "all-pairs", "skirmish",
            SH_CHAIN_ALL_PAIRS, "48d0b0b66fef2747")

/* SH.FORM.SKIRM.2 */
ARB_PREDICATE(sh_form_skirm_2, .clause = "SH.FORM.SKIRM.2", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.direction",
              .fingerprint = "4571b06bc4225fe4")
{
	any_direction(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.3 */
ARB_PREDICATE(sh_form_skirm_3, .clause = "SH.FORM.SKIRM.3", .ruleset = "scrollhammer",
              .actions = "reform consolidate", .phases = "*", .question = "formation.manoeuvre",
              .fingerprint = "e8ad36ec8c07ecbe")
{
	as_normal(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.CONC.1 */
ARB_PREDICATE(sh_form_skirm_conc_1, .clause = "SH.FORM.SKIRM.CONC.1", .ruleset = "scrollhammer",
              .actions = "shoot stand_and_shoot", .phases = "*", .question = "value.cover",
              .params = "cover_save", .fingerprint = "6991419450149593")
{
	area_cover(ev, r, "skirmish");
}

/* SH.FORM.SKIRM.AGILE.1 */
ARB_PREDICATE(sh_form_skirm_agile_1, .clause = "SH.FORM.SKIRM.AGILE.1", .ruleset = "scrollhammer",
              .actions = "hit_and_run", .phases = "*", .question = "hit_and_run.allowed",
              .fingerprint = "67e854ae840137a9")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!formation_is(u, "skirmish") || arb_eval_scenario(ev)->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (targets_all(ev, FIR)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(
		    r,
		    "%s skirmishes against units that Fight in Ranks: it may attempt "
		    "to Hit and Run%s",
		    u->id,
		    arb_unit_has_status(u, "has_hit_and_run") ? "" : " without the special rule");
	} else if (arb_unit_has_status(u, "has_hit_and_run")) {
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "%s has the Hit and Run special rule; a target does not Fight "
		                   "in Ranks",
		                   u->id);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r,
		    "%s lacks the Hit and Run special rule and a unit it leaves does "
		    "not Fight in Ranks",
		    u->id);
	}
}

/* SH.FORM.SKIRM.AGILE.2 */
ARB_PREDICATE(sh_form_skirm_agile_2, .clause = "SH.FORM.SKIRM.AGILE.2", .ruleset = "scrollhammer",
              .actions = "hit_and_run", .phases = "*", .question = "value.hit_and_run",
              .params = "initiative_modifier", .fingerprint = "bf1409a7bfca81a4")
{
	const arb_unit *u = arb_eval_actor(ev);
	double ini;
	if (!formation_is(u, "skirmish") || !targets_all(ev, FIR)) {
		r->outcome = ARB_NA;
		return;
	}
	bool rule = arb_unit_has_status(u, "has_hit_and_run");
	double mod = rule ? 0 : arb_eval_param(ev, "initiative_modifier");
	r->outcome = ARB_VALUE;
	arb_result_value(r, "initiative_modifier", mod);
	if (unit_stat(u, "I", &ini)) {
		arb_result_value(r, "hit_and_run_initiative", ini + mod);
		arb_result_explain(r, "%s tests Hit and Run on I%g%s", u->id, ini + mod,
		                   rule ? ": it has the special rule"
		                        : " (its I, -1 without the rule)");
	} else {
		arb_result_explain(r, "%s tests Hit and Run at %+g to its Initiative (not stated)",
		                   u->id, mod);
	}
}
