/* units.c: the geometry of units and of terrain shapes that every ruleset
 * shares (arbiter.h, section 2b): a base's extent along an axis, a unit's
 * footprint and its arcs, ranks and files, unit-to-unit distance, "within",
 * polygon to polygon distance and point in polygon.
 *
 * Each choice a rulebook does not state is a clause of spec/conventions.md:
 * CONV.ARC.1 (where arcs lie and whence they are drawn), CONV.ARC.2 (a point
 * on a line between two arcs), CONV.RANK.1 (what a rank is), CONV.DIST.2 and
 * CONV.TOL.1 (within, the tolerance). The comments name them.
 */
#include "geom.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

arb_vec2 arb_geom_dir(double deg)
{
	return arb__geom_facing(deg); /* multiples of 90 exact */
}

/* arb_geom_extent with d, the direction of p's facing (a rect's), given. */
static double extent_dir(const arb_placed *p, arb_vec2 d, arb_vec2 axis, double *lo, double *hi)
{
	double h;
	if (p->base.shape == ARB_BASE_ROUND) {
		h = p->base.d_mm / ARB_MM_PER_INCH / 2;
	} else {
		arb_vec2 n = {-d.y, d.x};
		h = fabs(dot(d, axis)) * p->base.depth_mm / ARB_MM_PER_INCH / 2 +
		    fabs(dot(n, axis)) * p->base.w_mm / ARB_MM_PER_INCH / 2;
	}
	double c = dot(p->c, axis);
	if (lo)
		*lo = c - h;
	if (hi)
		*hi = c + h;
	return h;
}

double arb_geom_extent(const arb_placed *p, arb_vec2 axis, double *lo, double *hi)
{
	arb_vec2 d =
	    p->base.shape == ARB_BASE_ROUND ? (arb_vec2){0, 0} : arb_geom_dir(p->facing_deg);
	return extent_dir(p, d, axis, lo, hi);
}

bool arb_within(double distance, double limit)
{
	/* CONV.DIST.2: at most the limit; CONV.TOL.1: plus the tolerance */
	return distance <= limit + ARB_TOLERANCE_IN;
}

/* ---- footprint and arcs ---- */

static arb_footprint footprint_empty(double facing_deg)
{
	return (arb_footprint){.f = arb_geom_dir(facing_deg),
	                       .l = arb_geom_dir(facing_deg + 90),
	                       .rear = INFINITY,
	                       .front = -INFINITY,
	                       .right = INFINITY,
	                       .left = -INFINITY};
}

/* A base's facing direction, turned once for a run of bases that share
 * it (the models of a unit most often do). */
typedef struct dir_memo {
	bool have;
	double deg;
	arb_vec2 d;
} dir_memo;

static arb_vec2 dir_of(dir_memo *m, const arb_placed *p)
{
	if (p->base.shape == ARB_BASE_ROUND)
		return (arb_vec2){0, 0};
	if (!m->have || m->deg != p->facing_deg)
		*m = (dir_memo){true, p->facing_deg, arb_geom_dir(p->facing_deg)};
	return m->d;
}

static void footprint_add(arb_footprint *fp, const arb_placed *p, dir_memo *m)
{
	double lo, hi;
	arb_vec2 d = dir_of(m, p);
	extent_dir(p, d, fp->f, &lo, &hi);
	fp->rear = fmin(fp->rear, lo);
	fp->front = fmax(fp->front, hi);
	extent_dir(p, d, fp->l, &lo, &hi);
	fp->right = fmin(fp->right, lo);
	fp->left = fmax(fp->left, hi);
}

arb_footprint arb_footprint_of(const arb_placed *bases, size_t n, double facing_deg)
{
	arb_footprint fp = footprint_empty(facing_deg);
	dir_memo m = {false, 0, {0, 0}};
	for (size_t i = 0; i < n; i++)
		footprint_add(&fp, &bases[i], &m);
	return fp;
}

arb_footprint arb_unit_footprint(const arb_unit *u)
{
	arb_footprint fp = footprint_empty(u->facing_deg);
	dir_memo m = {false, 0, {0, 0}};
	for (size_t i = 0; i < u->n_models; i++) {
		arb_placed p = arb_model_placed(&u->models[i]);
		footprint_add(&fp, &p, &m);
	}
	return fp;
}

void arb_footprint_corners(const arb_footprint *fp, arb_vec2 out[4])
{
	const double along[4] = {fp->front, fp->front, fp->rear, fp->rear};
	const double across[4] = {fp->left, fp->right, fp->right, fp->left};
	for (int i = 0; i < 4; i++)
		out[i] = (arb_vec2){fp->f.x * along[i] + fp->l.x * across[i],
		                    fp->f.y * along[i] + fp->l.y * across[i]};
}

double arb_footprint_face(const arb_footprint *fp, int arc, arb_vec2 *out)
{
	switch (arc) {
	case ARB_ARC_LEFT:
		*out = fp->l;
		return fp->left;
	case ARB_ARC_REAR:
		*out = (arb_vec2){-fp->f.x, -fp->f.y};
		return -fp->rear;
	case ARB_ARC_RIGHT:
		*out = (arb_vec2){-fp->l.x, -fp->l.y};
		return -fp->right;
	default:
		*out = fp->f;
		return fp->front;
	}
}

/* Whether a point `ahead` of the arc's edge line and `side` beyond the
 * footprint's flank (0 within it) lies in an arc of half-angle `half`
 * (radians, in (0, pi]) whose boundary rays leave the corner at `half`
 * from the arc's direction: its angle from that direction is at most
 * `half`, or it lies within the tolerance of the boundary ray. Exact for
 * every angle, so arcs of 180 degrees or more need no special case. */
static bool in_sector(double ahead, double side, double half, double rx, double ry)
{
	if (side <= 0)
		return ahead >= -ARB_TOLERANCE_IN;
	/* (rx, ry) = (cos half, sin half), the boundary ray. For half in
	 * (0, pi) and side > 0, the angle is at most half exactly when
	 * ahead * ry - side * rx >= 0 (the sine of their difference); where
	 * that is too near 0 for its sign to be sure, atan2 decides, as it
	 * does for every other half. */
	double c = ahead * ry - side * rx;
	bool sure = half > 0 && half < PI && fabs(c) > 1e-12 * (fabs(ahead) + side);
	if (sure ? c > 0 : atan2(side, ahead) <= half)
		return true;
	double along = ahead * rx + side * ry;
	double off = along >= 0 ? fabs(ahead * ry - side * rx) : hypot(ahead, side);
	return off <= ARB_TOLERANCE_IN;
}

int arb_footprint_arcs(const arb_footprint *fp, arb_vec2 p, double arc_deg, bool from_corners)
{
	double u = dot(p, fp->f), v = dot(p, fp->l);
	double uc = (fp->rear + fp->front) / 2, vc = (fp->right + fp->left) / 2;
	/* CONV.ARC.1: drawn from the corners of the footprint, or its centre */
	double u0 = from_corners ? fp->rear : uc, u1 = from_corners ? fp->front : uc;
	double v0 = from_corners ? fp->right : vc, v1 = from_corners ? fp->left : vc;
	double off_u = fmax(0, fmax(u - u1, u0 - u)), off_v = fmax(0, fmax(v - v1, v0 - v));
	const double ahead[4] = {u - u1, v - v1, u0 - u, v0 - v};
	const double aside[4] = {off_v, off_u, off_v, off_u};
	double half = fmin(arc_deg, 360) / 2 * PI / 180;
	double rx = cos(half), ry = sin(half);
	int bits = 0;
	for (int k = 0; k < 4; k++)
		if (in_sector(ahead[k], aside[k], half, rx, ry))
			bits |= 1 << k; /* CONV.ARC.2: on a line, on the edge of both */
	return bits;
}

/* ---- ranks and files ---- */

/* CONV.RANK.1: counted along dir, the first rank is the one furthest that
 * way; a new rank starts where the next model's centre lies more than half
 * a base behind the one before (half the sum of their half extents along
 * dir: the midpoint between standing level and standing in base contact
 * behind). Files are ranks counted across (dir turned 90 degrees). */
int arb_ranks(const arb_placed *bases, size_t n, double deg, size_t *rank, size_t *n_ranks)
{
	enum { STACK = 64 };
	size_t ord_s[STACK];
	double key_s[STACK], half_s[STACK];
	size_t *ord = ord_s;
	double *key = key_s, *half = half_s;
	*n_ranks = 0;
	if (n == 0)
		return ARB_OK;
	if (n > STACK) {
		if (n > SIZE_MAX / sizeof(double))
			return ARB_ENOMEM;
		ord = malloc(n * sizeof *ord);
		key = malloc(n * sizeof *key);
		half = malloc(n * sizeof *half);
		if (!ord || !key || !half) {
			free(ord);
			free(key);
			free(half);
			return ARB_ENOMEM;
		}
	}
	arb_vec2 d = arb_geom_dir(deg);
	for (size_t i = 0; i < n; i++) {
		half[i] = arb_geom_extent(&bases[i], d, NULL, NULL);
		key[i] = dot(bases[i].c, d);
		ord[i] = i;
	}
	for (size_t i = 1; i < n; i++) /* insertion sort: furthest first, stable */
		for (size_t j = i; j > 0 && key[ord[j]] > key[ord[j - 1]]; j--) {
			size_t t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	size_t r = 0;
	for (size_t k = 0; k < n; k++) {
		if (k && key[ord[k - 1]] - key[ord[k]] > (half[ord[k - 1]] + half[ord[k]]) / 2)
			r++;
		rank[ord[k]] = r;
	}
	*n_ranks = r + 1;
	if (ord != ord_s) {
		free(ord);
		free(key);
		free(half);
	}
	return ARB_OK;
}

/* ---- distances between units ---- */

double arb_base_unit_distance(const arb_placed *a, const arb_unit *b, arb_measure *m)
{
	double d = INFINITY;
	for (size_t j = 0; j < b->n_models; j++) {
		arb_placed pb = arb_model_placed(&b->models[j]);
		arb_measure mm;
		double x = arb_geom_distance(a, &pb, m ? &mm : NULL);
		if (x < d) {
			d = x;
			if (m) {
				*m = mm;
				m->other = (long)j;
			}
		}
	}
	return d;
}

double arb_unit_distance(const arb_unit *a, const arb_unit *b, arb_measure *m)
{
	double d = INFINITY;
	for (size_t i = 0; i < a->n_models; i++) {
		arb_placed pa = arb_model_placed(&a->models[i]);
		arb_measure mm;
		double x = arb_base_unit_distance(&pa, b, m ? &mm : NULL);
		if (x < d) {
			d = x;
			if (m)
				*m = mm;
		}
	}
	return d;
}

/* ---- reach ---- */

/* The first contact of mover going along u towards `to`, exact; NAN where
 * the kernel does not solve the pair (two round bases have their closed
 * form in the caller). */
static double approach_exact(const arb_placed *mover, const arb_placed *to, arb_vec2 u)
{
	core ka = arb__geom_core_at(mover, mover->c), kb = arb__geom_core_at(to, to->c);
	return arb__geom_contact_along(&ka, &kb, u);
}

double arb_geom_approach(const arb_placed *mover, const arb_placed *to, arb_vec2 *stop)
{
	arb_vec2 a = mover->c, b = to->c;
	double len = hypot(b.x - a.x, b.y - a.y);
	*stop = a;
	if (len <= 0 || arb_geom_distance(mover, to, NULL) <= ARB_TOLERANCE_IN)
		return 0;
	arb_vec2 u = {(b.x - a.x) / len, (b.y - a.y) / len};
	double hi;
	if (mover->base.shape == ARB_BASE_ROUND && to->base.shape == ARB_BASE_ROUND) {
		/* centre to centre: the gap shrinks as fast as the mover goes */
		hi = len - (mover->base.d_mm + to->base.d_mm) / ARB_MM_PER_INCH / 2;
	} else if ((hi = approach_exact(mover, to, u)) <= len) {
		/* where a corner first meets an edge (a disc, the grown polygon) */
	} else {
		/* the distance is convex along the line and 0 at its end, so the
		 * touching positions are an interval ending there: bisect for its
		 * start, to a width far below the tolerance */
		arb_placed mv = *mover;
		double lo = 0;
		hi = len;
		while (hi - lo > ARB_TOLERANCE_IN / 64 * fmax(1, len)) {
			double mid = (lo + hi) / 2;
			mv.c = (arb_vec2){a.x + u.x * mid, a.y + u.y * mid};
			if (arb_geom_distance(&mv, to, NULL) <= 0)
				hi = mid;
			else
				lo = mid;
		}
	}
	*stop = (arb_vec2){a.x + u.x * hi, a.y + u.y * hi};
	return hi;
}

/* ---- polygons ---- */

static arb_vec2 seg_closest(arb_vec2 a, arb_vec2 b, arb_vec2 p)
{
	arb_vec2 c;
	point_seg(p, a, b, &c);
	return c;
}

/* Whether segments ab and cd share a point (touching counts), and one such
 * point: orientation tests with the exact sign, no threshold. */
static bool segs_meet(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d, arb_vec2 *at)
{
	double d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c),
	       d4 = orient(a, b, d);
	if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
	    ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
		double t = d1 / (d1 - d2);
		*at = (arb_vec2){a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
		return true;
	}
	/* collinear or an endpoint on the other segment */
	const arb_vec2 pts[4] = {a, b, c, d};
	const arb_vec2 s0[4] = {c, c, a, a}, s1[4] = {d, d, b, b};
	const double o[4] = {d1, d2, d3, d4};
	for (int k = 0; k < 4; k++)
		if (o[k] == 0 && fmin(s0[k].x, s1[k].x) <= pts[k].x &&
		    pts[k].x <= fmax(s0[k].x, s1[k].x) && fmin(s0[k].y, s1[k].y) <= pts[k].y &&
		    pts[k].y <= fmax(s0[k].y, s1[k].y)) {
			*at = pts[k];
			return true;
		}
	return false;
}

bool arb_geom_segments_cross(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d)
{
	double d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c),
	       d4 = orient(a, b, d);
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
	       ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

bool arb_geom_segments_cross_by(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d, double tol)
{
	double lab = hypot(b.x - a.x, b.y - a.y), lcd = hypot(d.x - c.x, d.y - c.y);
	if (!(lab > tol) || !(lcd > tol))
		return false;
	/* orient is twice the signed area: over the base's length, the
	 * distance of a point from the other segment's line */
	double d1 = orient(c, d, a) / lcd, d2 = orient(c, d, b) / lcd, d3 = orient(a, b, c) / lab,
	       d4 = orient(a, b, d) / lab;
	return ((d1 > tol && d2 < -tol) || (d1 < -tol && d2 > tol)) &&
	       ((d3 > tol && d4 < -tol) || (d3 < -tol && d4 > tol));
}

bool arb_geom_point_in_polygon(arb_vec2 p, const arb_vec2 *poly, size_t n)
{
	if (n < 3)
		return false;
	bool in = false;
	for (size_t i = 0, j = n - 1; i < n; j = i++) {
		arb_vec2 a = poly[j], b = poly[i];
		arb_vec2 c = seg_closest(a, b, p);
		if (hypot(c.x - p.x, c.y - p.y) <= ARB_TOLERANCE_IN)
			return true; /* on the boundary: CONV.TOL.1 */
		if ((a.y > p.y) != (b.y > p.y) &&
		    p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y))
			in = !in;
	}
	return in;
}

double arb_geom_polygon_distance(const arb_vec2 *a, size_t na, const arb_vec2 *b, size_t nb,
                                 arb_measure *m)
{
	arb_vec2 p = {0, 0}, q = {0, 0};
	double best = INFINITY;
	if (na == 0 || nb == 0)
		return INFINITY;
	/* crossing or touching edges, or one polygon inside the other: 0, at a
	 * point both share */
	for (size_t i = 0; i < na && best > 0; i++)
		for (size_t j = 0; j < nb && best > 0; j++)
			if (segs_meet(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb], &p)) {
				best = 0;
				q = p;
			}
	if (best > 0 && arb_geom_point_in_polygon(a[0], b, nb)) {
		best = 0;
		p = q = a[0];
	}
	if (best > 0 && arb_geom_point_in_polygon(b[0], a, na)) {
		best = 0;
		p = q = b[0];
	}
	for (size_t i = 0; i < na && best > 0; i++)
		for (size_t j = 0; j < nb; j++) {
			arb_vec2 a0 = a[i], a1 = a[(i + 1) % na];
			arb_vec2 b0 = b[j], b1 = b[(j + 1) % nb];
			arb_vec2 cand[4][2] = {{a0, seg_closest(b0, b1, a0)},
			                       {a1, seg_closest(b0, b1, a1)},
			                       {seg_closest(a0, a1, b0), b0},
			                       {seg_closest(a0, a1, b1), b1}};
			for (int k = 0; k < 4; k++) {
				double d =
				    hypot(cand[k][0].x - cand[k][1].x, cand[k][0].y - cand[k][1].y);
				if (d < best) {
					best = d;
					p = cand[k][0];
					q = cand[k][1];
				}
			}
		}
	if (m)
		*m = (arb_measure){
		    .figure = best, .p = p, .q = q, .points = isfinite(best), .other = -1};
	return best;
}
