/* geom.c: exact 2-D geometry of bases on the table (arbiter.h, section 2).
 *
 * A placed base is held as a convex "core" plus a radius: a round base is
 * its centre (a point) with radius d/2, a rectangular base is its four
 * corners with radius 0. The distance between two bases is the distance
 * between their cores minus both radii. A base translated along one segment
 * of a path sweeps the convex hull of its core at both ends (again with the
 * same radius), so swept questions reduce to the same convex-core distance.
 * Nothing here samples a path; only swept penetration searches a parameter,
 * and there the function searched (the signed distance) is convex along a
 * segment, so golden-section search finds its minimum to 1e-12. How far a
 * path runs through terrain is found from the parameters at which contact
 * can begin or end (arb_geom_path_through).
 */
#include "internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Overlaps no deeper than this are "only touching" (arb_geom_penetration). */
#define PEN_EPS 1e-12
/* Golden-section search stops when the parameter interval is this small. */
#define SEARCH_EPS 1e-12
/* Hamiltonian path: exact subset DP up to this many models ... */
#define HAM_DP_MAX 22
/* ... after a cheap backtracking search of this much work (elementary
 * operations); larger groups get a search with the bigger budget (about a
 * third of a second) and stay undecided if it runs out. */
#define HAM_QUICK_WORK 200000L
#define HAM_FULL_WORK  200000000L

/* ---- vectors ---------------------------------------------------------- */

static arb_vec2 v2(double x, double y)
{
	return (arb_vec2){x, y};
}

static arb_vec2 add(arb_vec2 a, arb_vec2 b)
{
	return v2(a.x + b.x, a.y + b.y);
}

static arb_vec2 sub(arb_vec2 a, arb_vec2 b)
{
	return v2(a.x - b.x, a.y - b.y);
}

static arb_vec2 mul(arb_vec2 a, double s)
{
	return v2(a.x * s, a.y * s);
}

static double dot(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.x + a.y * b.y;
}

static double cross(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.y - a.y * b.x;
}

/* Table distances are inches, nowhere near overflow: the plain square root
 * serves, and hypot's care cost 17% of the instructions of judging the
 * charge cases (callgrind). */
static double norm(arb_vec2 a)
{
	return sqrt(a.x * a.x + a.y * a.y);
}

/* Twice the signed area of triangle abc: > 0 when c is left of a->b. */
static double orient(arb_vec2 a, arb_vec2 b, arb_vec2 c)
{
	return cross(sub(b, a), sub(c, a));
}

static arb_vec2 lerp(arb_vec2 a, arb_vec2 b, double t)
{
	return add(a, mul(sub(b, a), t));
}

/* Unit vector of a facing. Multiples of 90 degrees are exact, so that a
 * rect facing 90 has its corners where a reader computes them by hand. */
static arb_vec2 facing_dir(double deg)
{
	static const arb_vec2 quarter[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
	double d = fmod(deg, 360.0);
	if (d < 0)
		d += 360.0;
	double q = d / 90.0;
	if (q == floor(q))
		return quarter[(int)q % 4];
	double rad = d * (3.14159265358979323846 / 180.0);
	return v2(cos(rad), sin(rad));
}

static void put_measure(arb_measure *m, double figure, arb_vec2 p, arb_vec2 q, long other)
{
	if (!m)
		return;
	m->figure = figure;
	m->limit = 0;
	m->margin = 0;
	m->p = p;
	m->q = q;
	m->other = other;
}

/* ---- convex cores ------------------------------------------------------ */

/* A convex core: 1 vertex = a point, 2 = a segment, 3..8 = a polygon in
 * counter-clockwise order without repeated or collinear vertices. The shape
 * is every point within r of the core. */
typedef struct core {
	arb_vec2 v[8];
	int n;
	double r;
} core;

static bool vec_less(arb_vec2 a, arb_vec2 b)
{
	return a.x < b.x || (a.x == b.x && a.y < b.y);
}

/* Convex hull of pts[0..n-1] (1 <= n <= 8) into out, counter-clockwise,
 * by Andrew's monotone chain. Returns the vertex count: degenerate input
 * (all equal, all collinear) gives 1 or 2, so that zero-size bases and
 * zero-length moves need no special case. */
static int hull(const arb_vec2 *pts, int n, arb_vec2 *out)
{
	arb_vec2 s[8] = {{0}}, h[16] = {{0}};
	int m = 0, k = 0;
	for (int i = 0; i < n; i++) { /* insertion sort, dropping repeats */
		int j = m;
		while (j > 0 && vec_less(pts[i], s[j - 1]))
			j--;
		if (j > 0 && s[j - 1].x == pts[i].x && s[j - 1].y == pts[i].y)
			continue;
		memmove(&s[j + 1], &s[j], (size_t)(m - j) * sizeof s[0]);
		s[j] = pts[i];
		m++;
	}
	if (m == 1) {
		out[0] = s[0];
		return 1;
	}
	for (int i = 0; i < m; i++) { /* lower chain */
		while (k >= 2 && orient(h[k - 2], h[k - 1], s[i]) <= 0)
			k--;
		h[k++] = s[i];
	}
	for (int i = m - 2, t = k + 1; i >= 0; i--) { /* upper chain */
		while (k >= t && orient(h[k - 2], h[k - 1], s[i]) <= 0)
			k--;
		h[k++] = s[i];
	}
	memcpy(out, h, (size_t)(k - 1) * sizeof h[0]);
	return k - 1;
}

/* Corners of a rectangular base centred at c, counter-clockwise. w_mm runs
 * across the facing, depth_mm along it. */
static void rect_corners(const arb_placed *a, arb_vec2 c, arb_vec2 out[4])
{
	arb_vec2 u = facing_dir(a->facing_deg);
	arb_vec2 v = v2(-u.y, u.x);
	arb_vec2 d = mul(u, fabs(a->base.depth_mm) / 2 / ARB_MM_PER_INCH);
	arb_vec2 w = mul(v, fabs(a->base.w_mm) / 2 / ARB_MM_PER_INCH);
	out[0] = sub(add(c, d), w);
	out[1] = add(add(c, d), w);
	out[2] = add(sub(c, d), w);
	out[3] = sub(sub(c, d), w);
}

/* The core of base a with its centre put at c. */
static core core_at(const arb_placed *a, arb_vec2 c)
{
	core k = {.n = 1, .r = 0};
	if (a->base.shape == ARB_BASE_RECT) {
		arb_vec2 pts[4];
		rect_corners(a, c, pts);
		k.n = hull(pts, 4, k.v);
	} else {
		k.v[0] = c;
		k.r = fabs(a->base.d_mm) / 2 / ARB_MM_PER_INCH;
	}
	return k;
}

/* What base `a` covers while its centre moves from c0 to c1: the hull of
 * its core at both ends, same radius (a convex set translated along a
 * segment sweeps exactly that hull). */
static core swept_core(const arb_placed *a, arb_vec2 c0, arb_vec2 c1)
{
	core k0 = core_at(a, c0), k1 = core_at(a, c1), s = {.r = k0.r};
	arb_vec2 pts[8];
	memcpy(pts, k0.v, (size_t)k0.n * sizeof pts[0]);
	memcpy(pts + k0.n, k1.v, (size_t)k1.n * sizeof pts[0]);
	s.n = hull(pts, k0.n + k1.n, s.v);
	return s;
}

static core segment_core(arb_vec2 a, arb_vec2 b)
{
	core k = {.n = 2, .r = 0};
	k.v[0] = a;
	k.v[1] = b;
	return k;
}

/* A point is one degenerate edge, a segment one edge, a polygon n edges. */
static int edge_count(const core *k)
{
	return k->n < 3 ? 1 : k->n;
}

static void edge_of(const core *k, int i, arb_vec2 *e0, arb_vec2 *e1)
{
	*e0 = k->v[i];
	*e1 = k->v[k->n == 1 ? 0 : (i + 1) % k->n];
}

/* Distance from p to segment ab; *c receives the closest point. */
static double point_seg(arb_vec2 p, arb_vec2 a, arb_vec2 b, arb_vec2 *c)
{
	arb_vec2 ab = sub(b, a);
	double l2 = dot(ab, ab);
	double t = l2 > 0 ? dot(sub(p, a), ab) / l2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	*c = add(a, mul(ab, t));
	return norm(sub(p, *c));
}

/* Distance between segments a0a1 and b0b1, closest points in *p (on a) and
 * *q (on b). A proper crossing is detected by orientation signs so that it
 * gives exactly 0; otherwise the closest pair always includes an endpoint
 * of one segment, which also covers touching, collinear and zero-length
 * segments without special cases. */
static double seg_seg(arb_vec2 a0, arb_vec2 a1, arb_vec2 b0, arb_vec2 b1, arb_vec2 *p, arb_vec2 *q)
{
	double d1 = orient(b0, b1, a0), d2 = orient(b0, b1, a1);
	double d3 = orient(a0, a1, b0), d4 = orient(a0, a1, b1);
	if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
	    ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
		*p = *q = lerp(a0, a1, d1 / (d1 - d2));
		return 0;
	}
	arb_vec2 c;
	double best = point_seg(a0, b0, b1, &c), d;
	*p = a0;
	*q = c;
	if ((d = point_seg(a1, b0, b1, &c)) < best) {
		best = d;
		*p = a1;
		*q = c;
	}
	if ((d = point_seg(b0, a0, a1, &c)) < best) {
		best = d;
		*p = c;
		*q = b0;
	}
	if ((d = point_seg(b1, a0, a1, &c)) < best) {
		best = d;
		*p = c;
		*q = b1;
	}
	return best;
}

/* Whether p lies in (or on) the convex polygon k (k->n >= 3). */
static bool inside_convex(const core *k, arb_vec2 p)
{
	for (int i = 0; i < k->n; i++)
		if (orient(k->v[i], k->v[(i + 1) % k->n], p) < 0)
			return false;
	return true;
}

/* Distance between two cores (radii ignored), closest points in *p and *q.
 * Disjoint convex sets are closest along a pair of edges; if no edges meet
 * the sets can still overlap by containment, which one vertex decides. */
static double core_dist(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q)
{
	double best = INFINITY;
	*p = a->v[0];
	*q = b->v[0];
	for (int i = 0; i < edge_count(a); i++) {
		arb_vec2 a0, a1;
		edge_of(a, i, &a0, &a1);
		for (int j = 0; j < edge_count(b); j++) {
			arb_vec2 b0, b1, x, y;
			edge_of(b, j, &b0, &b1);
			double d = seg_seg(a0, a1, b0, b1, &x, &y);
			if (d < best) {
				best = d;
				*p = x;
				*q = y;
			}
		}
	}
	if (best > 0 && a->n >= 3 && inside_convex(a, b->v[0])) {
		*p = *q = b->v[0];
		return 0;
	}
	if (best > 0 && b->n >= 3 && inside_convex(b, a->v[0])) {
		*p = *q = a->v[0];
		return 0;
	}
	return best;
}

/* Gap between the shapes (core distance minus both radii; negative when
 * the radii overlap), closest points in *p (on a) and *q (on b). When the
 * shapes touch or overlap both points are one point common to both: the
 * middle of the overlap along the line joining the core points. */
static double shape_gap(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q)
{
	arb_vec2 x, y;
	double d = core_dist(a, b, &x, &y);
	double gap = d - a->r - b->r;
	if (d <= 0) {
		*p = *q = x;
		return gap;
	}
	arb_vec2 u = mul(sub(y, x), 1 / d);
	arb_vec2 pa = add(x, mul(u, a->r)), qb = sub(y, mul(u, b->r));
	if (gap > 0) {
		*p = pa;
		*q = qb;
	} else {
		*p = *q = mul(add(pa, qb), 0.5);
	}
	return gap;
}

/* ---- penetration (separating axes) ------------------------------------ */

static void push_axis(arb_vec2 *axes, int *n, arb_vec2 d)
{
	double l = norm(d);
	if (l > 0)
		axes[(*n)++] = mul(d, 1 / l);
}

/* Candidate separating axes contributed by one core: its edge normals; a
 * segment also contributes its own direction (the normals of its zero-width
 * end caps). */
static void core_axes(const core *k, arb_vec2 *axes, int *n)
{
	if (k->n == 2)
		push_axis(axes, n, sub(k->v[1], k->v[0]));
	for (int i = 0; i < (k->n == 2 ? 1 : k->n >= 3 ? k->n : 0); i++) {
		arb_vec2 e = sub(k->v[(i + 1) % k->n], k->v[i]);
		push_axis(axes, n, v2(-e.y, e.x));
	}
}

/* For a point core: the axis to the nearest vertex of the other core
 * (the separating direction when the point faces a corner). */
static void point_axis(const core *pt, const core *other, arb_vec2 *axes, int *n)
{
	int best = 0;
	for (int i = 1; i < other->n; i++)
		if (norm(sub(other->v[i], pt->v[0])) < norm(sub(other->v[best], pt->v[0])))
			best = i;
	push_axis(axes, n, sub(other->v[best], pt->v[0]));
}

static void project(const core *k, arb_vec2 ax, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (int i = 0; i < k->n; i++) {
		double s = dot(k->v[i], ax);
		*lo = fmin(*lo, s);
		*hi = fmax(*hi, s);
	}
	*lo -= k->r;
	*hi += k->r;
}

/* Smallest overlap of the projections over the candidate axes. For shapes
 * that overlap this is the penetration depth: the minimum translation is
 * along the normal of the Minkowski difference at its nearest boundary
 * point, and the candidates contain every such normal. */
static double sat_depth(const core *a, const core *b)
{
	arb_vec2 axes[24];
	int n = 0;
	core_axes(a, axes, &n);
	core_axes(b, axes, &n);
	if (a->n == 1)
		point_axis(a, b, axes, &n);
	if (b->n == 1)
		point_axis(b, a, axes, &n);
	if (n == 0) /* two coincident points: every axis is as good */
		axes[n++] = v2(1, 0);
	double best = INFINITY;
	for (int i = 0; i < n; i++) {
		double la, ha, lb, hb;
		project(a, axes[i], &la, &ha);
		project(b, axes[i], &lb, &hb);
		best = fmin(best, fmin(ha - lb, hb - la));
	}
	return best;
}

/* Signed distance between the shapes: the gap when apart, minus the
 * penetration depth when overlapping. It is convex in a translation of
 * either shape, which swept penetration relies on. */
static double signed_dist(const core *a, const core *b)
{
	arb_vec2 p, q;
	double d = core_dist(a, b, &p, &q);
	return d > 0 ? d - a->r - b->r : -sat_depth(a, b);
}

static double depth_of(double sd)
{
	return -sd > PEN_EPS ? -sd : 0;
}

/* ---- distances --------------------------------------------------------- */

double arb_geom_distance(const arb_placed *a, const arb_placed *b, arb_measure *m)
{
	core ka = core_at(a, a->c), kb = core_at(b, b->c);
	arb_vec2 p, q;
	double d = fmax(0, shape_gap(&ka, &kb, &p, &q));
	put_measure(m, d, p, q, -1);
	return d;
}

double arb_geom_path_length(const arb_vec2 *pts, size_t n)
{
	double len = 0;
	for (size_t i = 1; i < n; i++)
		len += norm(sub(pts[i], pts[i - 1]));
	return len;
}

/* n == 0 (no position at all) gives INFINITY and other = -1, like having
 * nothing to approach. */
double arb_geom_swept_distance(const arb_placed *mover, const arb_vec2 *pts, size_t n,
                               const arb_placed *others, size_t n_others, arb_measure *m)
{
	double best = INFINITY;
	arb_vec2 bp = n ? pts[0] : mover->c, bq = bp;
	long who = -1;
	size_t segs = n < 2 ? n : n - 1; /* n == 1: one zero-length segment */
	for (size_t s = 0; s < segs && n_others; s++) {
		core sw = swept_core(mover, pts[s], pts[n < 2 ? s : s + 1]);
		for (size_t j = 0; j < n_others; j++) {
			core ko = core_at(&others[j], others[j].c);
			arb_vec2 p, q;
			double d = fmax(0, shape_gap(&sw, &ko, &p, &q));
			if (d < best) {
				best = d;
				bp = p;
				bq = q;
				who = (long)j;
			}
		}
	}
	put_measure(m, best, bp, bq, who);
	return best;
}

/* Crossing-number test; points on the boundary may go either way, which
 * does not matter because the edge distance is 0 there. */
static bool inside_polygon(const arb_vec2 *poly, size_t n, arb_vec2 p)
{
	bool in = false;
	for (size_t i = 0, j = n - 1; i < n; j = i++) {
		arb_vec2 a = poly[i], b = poly[j];
		if ((a.y > p.y) != (b.y > p.y) &&
		    p.x < a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y))
			in = !in;
	}
	return in;
}

/* n == 1 is a point, n == 2 a segment, n >= 3 a closed polygon. */
double arb_geom_base_polygon_distance(const arb_placed *a, const arb_vec2 *poly, size_t n,
                                      arb_measure *m)
{
	double best = INFINITY;
	arb_vec2 bp = a->c, bq = a->c;
	core k = core_at(a, a->c);
	if (n >= 3 && inside_polygon(poly, n, a->c)) {
		put_measure(m, 0, a->c, a->c, -1);
		return 0;
	}
	size_t edges = n < 3 ? (n ? 1 : 0) : n;
	for (size_t i = 0; i < edges; i++) {
		core e = segment_core(poly[i], poly[n < 3 ? n - 1 : (i + 1) % n]);
		arb_vec2 p, q;
		double d = fmax(0, shape_gap(&k, &e, &p, &q));
		if (d < best) {
			best = d;
			bp = p;
			bq = q;
		}
	}
	put_measure(m, best, bp, bq, -1);
	return best;
}

static double clampd(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* The extreme points of a convex shape towards each board edge are core
 * vertices pushed out by the radius, so only those need checking. */
double arb_geom_board_inset(const arb_placed *a, double w, double h, arb_measure *m)
{
	core k = core_at(a, a->c);
	double best = INFINITY;
	arb_vec2 bp = a->c, bq = a->c;
	for (int i = 0; i < k.n; i++) {
		arb_vec2 v = k.v[i];
		double r = k.r;
		struct {
			double inset;
			arb_vec2 p, q;
		} side[4] = {
		    {v.x - r, v2(v.x - r, v.y), v2(0, clampd(v.y, 0, h))},
		    {w - v.x - r, v2(v.x + r, v.y), v2(w, clampd(v.y, 0, h))},
		    {v.y - r, v2(v.x, v.y - r), v2(clampd(v.x, 0, w), 0)},
		    {h - v.y - r, v2(v.x, v.y + r), v2(clampd(v.x, 0, w), h)},
		};
		for (int s = 0; s < 4; s++) {
			if (side[s].inset < best) {
				best = side[s].inset;
				bp = side[s].p;
				bq = side[s].q;
			}
		}
	}
	put_measure(m, best, bp, bq, -1);
	return best;
}

double arb_geom_penetration(const arb_placed *a, const arb_placed *b)
{
	core ka = core_at(a, a->c), kb = core_at(b, b->c);
	return depth_of(signed_dist(&ka, &kb));
}

/* Signed distance of the mover at parameter t of segment c0c1 to `other`. */
static double sd_at(const arb_placed *mover, arb_vec2 c0, arb_vec2 c1, double t, const core *other)
{
	core k = core_at(mover, lerp(c0, c1, t));
	return signed_dist(&k, other);
}

/* Minimum of the (convex) signed distance along segment c0c1 by golden-
 * section search, end points included; *t_best receives where. */
static double seg_min_sd(const arb_placed *mover, arb_vec2 c0, arb_vec2 c1, const core *other,
                         double *t_best)
{
	const double g = 0.6180339887498949;
	double best = sd_at(mover, c0, c1, 0, other), f;
	*t_best = 0;
	if (c0.x == c1.x && c0.y == c1.y)
		return best;
	if ((f = sd_at(mover, c0, c1, 1, other)) < best) {
		best = f;
		*t_best = 1;
	}
	double lo = 0, hi = 1, x1 = hi - g, x2 = g;
	double f1 = sd_at(mover, c0, c1, x1, other), f2 = sd_at(mover, c0, c1, x2, other);
	for (int it = 0; it < 200 && hi - lo > SEARCH_EPS; it++) {
		if (f1 <= f2) {
			hi = x2;
			x2 = x1;
			f2 = f1;
			x1 = hi - g * (hi - lo);
			f1 = sd_at(mover, c0, c1, x1, other);
		} else {
			lo = x1;
			x1 = x2;
			f1 = f2;
			x2 = lo + g * (hi - lo);
			f2 = sd_at(mover, c0, c1, x2, other);
		}
	}
	if (f1 < best) {
		best = f1;
		*t_best = x1;
	}
	if (f2 < best) {
		best = f2;
		*t_best = x2;
	}
	return best;
}

double arb_geom_swept_penetration(const arb_placed *mover, const arb_vec2 *pts, size_t n,
                                  const arb_placed *others, size_t n_others, arb_measure *m)
{
	double deepest = 0;
	arb_vec2 bp = n ? pts[0] : mover->c, bq = bp;
	long who = -1;
	size_t segs = n < 2 ? n : n - 1;
	for (size_t s = 0; s < segs; s++) {
		arb_vec2 c0 = pts[s], c1 = pts[n < 2 ? s : s + 1], p, q;
		core sw = swept_core(mover, c0, c1);
		for (size_t j = 0; j < n_others; j++) {
			core ko = core_at(&others[j], others[j].c);
			/* cheap exact pre-test: no overlap anywhere on this segment */
			if (shape_gap(&sw, &ko, &p, &q) > PEN_EPS)
				continue;
			double t;
			double depth = depth_of(seg_min_sd(mover, c0, c1, &ko, &t));
			if (depth > deepest) {
				deepest = depth;
				bp = lerp(c0, c1, t);
				bq = others[j].c;
				who = (long)j;
			}
		}
	}
	put_measure(m, deepest, bp, bq, who);
	return deepest;
}

arb_vec2 arb_geom_half_extent(const arb_placed *a)
{
	if (a->base.shape != ARB_BASE_RECT) {
		double r = fabs(a->base.d_mm) / 2 / ARB_MM_PER_INCH;
		return v2(r, r);
	}
	arb_vec2 u = facing_dir(a->facing_deg);
	double hd = fabs(a->base.depth_mm) / 2 / ARB_MM_PER_INCH;
	double hw = fabs(a->base.w_mm) / 2 / ARB_MM_PER_INCH;
	return v2(fabs(u.x) * hd + fabs(u.y) * hw, fabs(u.y) * hd + fabs(u.x) * hw);
}

/* ---- coherency --------------------------------------------------------- */

/* The distance graph of a group: d[i*n+j] is the base distance, and i, j
 * are linked when it is <= thr (limit plus tolerance). */
typedef struct graph {
	const arb_placed *m;
	size_t n;
	double thr;
	double *d;
} graph;

static int graph_init(graph *g, const arb_placed *models, size_t n, double limit)
{
	g->m = models;
	g->n = n;
	g->thr = limit + ARB_TOLERANCE_IN;
	g->d = NULL;
	if (n > SIZE_MAX / sizeof(double) / n)
		return ARB_ENOMEM;
	g->d = malloc(n * n * sizeof *g->d);
	if (!g->d)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		g->d[i * n + i] = 0;
		for (size_t j = i + 1; j < n; j++)
			g->d[i * n + j] = g->d[j * n + i] =
			    arb_geom_distance(&models[i], &models[j], NULL);
	}
	return ARB_OK;
}

static double gdist(const graph *g, size_t i, size_t j)
{
	return g->d[i * g->n + j];
}

static bool linked(const graph *g, size_t i, size_t j)
{
	return i != j && gdist(g, i, j) <= g->thr;
}

/* Trivial answer for n <= 1 and the starting state otherwise. */
static void coh_init(arb_coherency *out, const arb_placed *models, size_t n)
{
	memset(out, 0, sizeof *out);
	out->ok = true;
	out->decided = true;
	out->components = n;
	out->worst_a = out->worst_b = -1;
	if (n == 1)
		out->pa = out->pb = models[0].c;
}

static void set_link(arb_coherency *out, const graph *g, size_t a, size_t b)
{
	arb_measure m;
	arb_geom_distance(&g->m[a], &g->m[b], &m);
	out->worst_a = (long)a;
	out->worst_b = (long)b;
	out->pa = m.p;
	out->pb = m.q;
}

/* Prim's minimum spanning tree on the complete graph (O(n^2)). Its longest
 * edge is the bottleneck, and the threshold graph has one component more
 * than the tree has edges longer than thr. Sets components, bottleneck and
 * worst = the longest tree edge. */
static int mst_fill(const graph *g, arb_coherency *out)
{
	size_t n = g->n, cuts = 0, la = 0, lb = 0;
	double longest = -1;
	double *best = malloc(n * sizeof *best);
	size_t *from = malloc(n * sizeof *from);
	bool *in = calloc(n, sizeof *in);
	int rc = ARB_ENOMEM;
	if (!best || !from || !in)
		goto done;
	in[0] = true;
	for (size_t v = 0; v < n; v++) {
		best[v] = gdist(g, 0, v);
		from[v] = 0;
	}
	for (size_t step = 1; step < n; step++) {
		size_t u = n;
		for (size_t v = 0; v < n; v++)
			if (!in[v] && (u == n || best[v] < best[u]))
				u = v;
		in[u] = true;
		if (best[u] > longest) {
			longest = best[u];
			la = from[u];
			lb = u;
		}
		cuts += !(best[u] <= g->thr);
		for (size_t v = 0; v < n; v++)
			if (!in[v] && gdist(g, u, v) < best[v]) {
				best[v] = gdist(g, u, v);
				from[v] = u;
			}
	}
	out->components = cuts + 1;
	out->bottleneck = longest;
	set_link(out, g, la < lb ? la : lb, la < lb ? lb : la);
	rc = ARB_OK;
done:
	free(best);
	free(from);
	free(in);
	return rc;
}

int arb_geom_coherency_connected(const arb_placed *models, size_t n, double limit,
                                 arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	out->ok = rc == ARB_OK && out->components == 1;
	out->decided = rc == ARB_OK;
	free(g.d);
	return rc;
}

/* Exact Hamiltonian-path test by DP over subsets: ends[mask] is the set of
 * vertices at which a path through exactly `mask` can end. */
static int ham_dp(const graph *g, bool *found)
{
	size_t n = g->n, full = ((size_t)1 << n) - 1;
	uint32_t adj[HAM_DP_MAX] = {0};
	uint32_t *ends = calloc(full + 1, sizeof *ends);
	if (!ends)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		ends[(size_t)1 << i] = (uint32_t)1 << i;
		for (size_t j = 0; j < n; j++)
			if (linked(g, i, j))
				adj[i] |= (uint32_t)1 << j;
	}
	for (size_t mask = 1; mask < full; mask++) {
		if (!ends[mask])
			continue;
		for (size_t u = 0; u < n; u++)
			if (!(mask >> u & 1) && (ends[mask] & adj[u]))
				ends[mask | (size_t)1 << u] |= (uint32_t)1 << u;
	}
	*found = ends[full] != 0;
	free(ends);
	return ARB_OK;
}

/* State of the backtracking search. The graph is held as adjacency lists
 * (nbr[off[v] .. off[v+1]) are v's links) with free[v], the links of v to
 * models not yet on the path, kept up to date as the path grows and
 * shrinks. cand[d*n ..] lists the moves still to try at depth d, fewest
 * onward links first (Warnsdorff's rule, which finds most paths without
 * backtracking). spent counts elementary operations against the budget, so
 * that the budget bounds time whatever the density of the graph. */
typedef struct ham_state {
	size_t n;
	size_t *off, *nbr, *free, *path, *cand, *ncand, *next, *key, *queue;
	bool *used, *seen;
	long spent;
} ham_state;

static size_t degree(const ham_state *s, size_t v)
{
	return s->off[v + 1] - s->off[v];
}

static void ham_visit(ham_state *s, size_t v, bool on)
{
	s->used[v] = on;
	for (size_t i = s->off[v]; i < s->off[v + 1]; i++)
		s->free[s->nbr[i]] += on ? (size_t)-1 : 1;
	s->spent += (long)degree(s, v);
}

/* Fill the moves from depth d. A model with no onward link can only be
 * the last one, so before that it is no move. */
static void fill_cand(ham_state *s, size_t d)
{
	size_t n = s->n, u = s->path[d], k = 0, *c = s->cand + d * n;
	for (size_t i = s->off[u]; i < s->off[u + 1]; i++) {
		size_t v = s->nbr[i], on = s->free[v], j = k;
		if (s->used[v] || (on == 0 && d + 2 < n))
			continue;
		k++;
		while (j > 0 && s->key[j - 1] > on) { /* insertion sort by on */
			c[j] = c[j - 1];
			s->key[j] = s->key[j - 1];
			j--;
		}
		c[j] = v;
		s->key[j] = on;
	}
	s->spent += (long)(degree(s, u) + k * k / 2);
	s->ncand[d] = k;
	s->next[d] = 0;
}

/* Breadth-first search from v through models not on the path (and not
 * `skip`), marking s->seen; returns how many it reached. */
static size_t reach(ham_state *s, size_t v, size_t skip)
{
	size_t head = 0, tail = 0;
	s->queue[tail++] = v;
	s->seen[v] = true;
	while (head < tail) {
		size_t u = s->queue[head++];
		for (size_t i = s->off[u]; i < s->off[u + 1]; i++) {
			size_t w = s->nbr[i];
			if (!s->used[w] && !s->seen[w] && w != skip) {
				s->seen[w] = true;
				s->queue[tail++] = w;
			}
		}
		s->spent += (long)degree(s, u);
	}
	return tail;
}

/* Necessary conditions for the path ending at depth d to be completed.
 * In a completion every remaining model but the last has two links among
 * the remaining models and the current end, so at most one may have fewer;
 * and all remaining models must be reachable from the end through
 * remaining models. */
static bool can_finish(ham_state *s, size_t d)
{
	size_t n = s->n, end = s->path[d], left = n - d - 1, weak = 0;
	memset(s->seen, 0, n * sizeof *s->seen);
	for (size_t i = s->off[end]; i < s->off[end + 1]; i++)
		s->seen[s->nbr[i]] = true; /* seen = linked to the end, for now */
	for (size_t w = 0; w < n && left >= 2; w++)
		if (!s->used[w] && s->free[w] + s->seen[w] <= 1 && ++weak > 1)
			return false;
	s->spent += (long)n;
	memset(s->seen, 0, n * sizeof *s->seen);
	return reach(s, end, n) == left + 1;
}

/* Backtracking from start. Returns 1 found, 0 none from this start, -1
 * budget exhausted. */
static int ham_from(ham_state *s, size_t start, long budget)
{
	size_t n = s->n, d = 0;
	s->path[0] = start;
	ham_visit(s, start, true);
	if (!can_finish(s, 0)) {
		ham_visit(s, start, false);
		return 0;
	}
	fill_cand(s, 0);
	for (;;) {
		if (d + 1 == n)
			return 1;
		if (s->spent > budget)
			return -1;
		if (s->next[d] < s->ncand[d]) {
			size_t v = s->cand[d * n + s->next[d]++];
			s->path[++d] = v;
			ham_visit(s, v, true);
			if (can_finish(s, d)) {
				fill_cand(s, d);
			} else {
				ham_visit(s, v, false);
				d--;
			}
		} else {
			ham_visit(s, s->path[d], false);
			if (d == 0)
				return 0;
			d--;
		}
	}
}

static void ham_free(ham_state *s)
{
	free(s->off);
	free(s->nbr);
	free(s->free);
	free(s->path);
	free(s->cand);
	free(s->ncand);
	free(s->next);
	free(s->key);
	free(s->queue);
	free(s->used);
	free(s->seen);
}

static int ham_init(ham_state *s, const graph *g)
{
	size_t n = g->n, e = 0;
	memset(s, 0, sizeof *s);
	s->n = n;
	s->off = malloc((n + 1) * sizeof *s->off);
	s->nbr = malloc(n * n * sizeof *s->nbr);
	s->free = malloc(n * sizeof *s->free);
	s->path = malloc(n * sizeof *s->path);
	s->cand = malloc(n * n * sizeof *s->cand);
	s->ncand = malloc(n * sizeof *s->ncand);
	s->next = malloc(n * sizeof *s->next);
	s->key = malloc(n * sizeof *s->key);
	s->queue = malloc(n * sizeof *s->queue);
	s->used = calloc(n, sizeof *s->used);
	s->seen = calloc(n, sizeof *s->seen);
	if (!s->off || !s->nbr || !s->free || !s->path || !s->cand || !s->ncand || !s->next ||
	    !s->key || !s->queue || !s->used || !s->seen)
		return ARB_ENOMEM;
	for (size_t v = 0; v < n; v++) {
		s->off[v] = e;
		for (size_t w = 0; w < n; w++)
			if (linked(g, v, w))
				s->nbr[e++] = w;
	}
	s->off[n] = e;
	return ARB_OK;
}

/* Search within a budget of elementary operations. Returns 1 found, 0
 * proved none, -1 gave up. If some model has one link, a path (reversed
 * if need be) starts there, so that start suffices; otherwise every start
 * is tried. */
static int ham_dfs(ham_state *s, long budget)
{
	size_t n = s->n, leaf = n;
	int res = 0;
	for (size_t v = 0; v < n; v++) {
		s->used[v] = false;
		s->free[v] = degree(s, v);
		if (leaf == n && degree(s, v) == 1)
			leaf = v;
	}
	s->spent = 0;
	for (size_t st = leaf < n ? leaf : 0; st < n && res == 0; st++) {
		res = ham_from(s, st, budget);
		if (leaf < n)
			break;
	}
	return res;
}

/* A line through all models has at most two ends, and removing one model
 * from it leaves at most two pieces. Checks both (O(n * links)). */
static bool ham_impossible(ham_state *s)
{
	size_t n = s->n, leaves = 0;
	for (size_t v = 0; v < n; v++)
		leaves += degree(s, v) == 1;
	if (leaves > 2)
		return true;
	for (size_t x = 0; x < n; x++) {
		size_t pieces = 0;
		memset(s->seen, 0, n * sizeof *s->seen);
		for (size_t v = 0; v < n; v++)
			if (v != x && !s->seen[v] && (reach(s, v, x), ++pieces > 2))
				return true;
	}
	return false;
}

/* Decide whether the (connected) graph has a Hamiltonian path. */
static int ham_search(const graph *g, arb_coherency *out)
{
	ham_state s;
	int res = -1, rc = ham_init(&s, g);
	if (rc == ARB_OK && ham_impossible(&s))
		res = 0;
	else if (rc == ARB_OK)
		res = ham_dfs(&s, HAM_QUICK_WORK);
	if (rc == ARB_OK && res == -1 && g->n <= HAM_DP_MAX) {
		bool found;
		rc = ham_dp(g, &found);
		res = found;
	} else if (rc == ARB_OK && res == -1) {
		res = ham_dfs(&s, HAM_FULL_WORK);
	}
	ham_free(&s);
	out->ok = rc == ARB_OK && res == 1;
	out->decided = rc == ARB_OK && res != -1;
	return rc;
}

/* worst is the longest MST edge here too: a Hamiltonian path has no single
 * deciding link, and that edge is where a gap would open first. */
int arb_geom_coherency_path(const arb_placed *models, size_t n, double limit, arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	if (rc == ARB_OK && out->components > 1)
		out->ok = false;
	else if (rc == ARB_OK)
		rc = ham_search(&g, out);
	if (rc != ARB_OK)
		out->ok = out->decided = false;
	free(g.d);
	return rc;
}

/* bottleneck here is the largest pairwise distance. */
int arb_geom_coherency_all_pairs(const arb_placed *models, size_t n, double limit,
                                 arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	if (rc == ARB_OK) {
		size_t a = 0, b = 1;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				if (gdist(&g, i, j) > gdist(&g, a, b)) {
					a = i;
					b = j;
				}
		out->bottleneck = gdist(&g, a, b);
		out->ok = out->bottleneck <= g.thr;
		set_link(out, &g, a, b);
	} else {
		out->ok = out->decided = false;
	}
	free(g.d);
	return rc;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* Distance from model i to its k-th nearest other (k >= 1), INFINITY if
 * there are fewer than k others. */
static int kth_nearest(const graph *g, size_t i, size_t k, double *out)
{
	size_t n = g->n, m = 0;
	if (k > n - 1) {
		*out = INFINITY;
		return ARB_OK;
	}
	double *row = malloc((n - 1) * sizeof *row);
	if (!row)
		return ARB_ENOMEM;
	for (size_t j = 0; j < n; j++)
		if (j != i)
			row[m++] = gdist(g, i, j);
	qsort(row, m, sizeof *row, cmp_double);
	*out = row[k - 1];
	free(row);
	return ARB_OK;
}

/* worst_a is reported whether or not the group is ok; bottleneck is that
 * model's distance to its k-th nearest other (0 when k == 0). */
int arb_geom_coherency_k_near(const arb_placed *models, size_t n, double limit, size_t k,
                              arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	if (rc == ARB_OK) {
		size_t worst = 0, fewest = SIZE_MAX;
		for (size_t i = 0; i < n; i++) {
			size_t c = 0;
			for (size_t j = 0; j < n; j++)
				c += linked(&g, i, j);
			if (c < fewest) {
				fewest = c;
				worst = i;
			}
		}
		out->ok = fewest >= k;
		out->worst_a = (long)worst;
		out->worst_b = -1;
		out->pa = out->pb = models[worst].c;
		out->bottleneck = 0;
		if (k > 0)
			rc = kth_nearest(&g, worst, k, &out->bottleneck);
	}
	if (rc != ARB_OK)
		out->ok = out->decided = false;
	free(g.d);
	return rc;
}

/* ---- moving through terrain -------------------------------------------- */

/* Along one segment of the path, c(t) = c0 + t d with t in [0, 1], whether
 * the base is "through" the polygon can change only at a few parameters,
 * the events; between two consecutive events it is constant, so testing
 * the middle of each interval gives the exact answer. The events are:
 *   centre: where c(t) crosses a polygon edge;
 *   round base: also where c(t) is exactly r from an edge (crossing the
 *     edge's offset lines, clipped to the edge, or the circles of radius r
 *     around its vertices);
 *   rect base: where a corner of the rect (moving along a segment) crosses
 *     a polygon edge, and where a polygon vertex crosses a rect edge (in
 *     the rect's frame the vertex moves along -d);
 * plus, in every case, where c(t) is abreast of a polygon vertex (for a
 * rect: a rect corner abreast of one). Those are the ends of collinear
 * runs (a path along an edge, a rect sliding along one) and the points of
 * closest approach to a vertex, so that no interval's middle sits on a
 * grazing contact. Extra events only split intervals, so the tests that
 * find events may be generous. */

/* Events closer than this (in t) are one event. */
#define EVENT_EPS 1e-12
/* A base (or centre) this close to the polygon, in inches, touches it. */
#define TOUCH_EPS 1e-12

enum { THR_CENTRE, THR_ROUND, THR_RECT };

typedef struct through {
	const arb_placed *a;
	const arb_vec2 *poly;
	size_t np;
	int kind;
	double r;        /* THR_ROUND: the radius */
	arb_vec2 off[4]; /* THR_RECT: the corners relative to the centre */
	double *ev;      /* room for 12 np + 2 events */
	size_t nev;
} through;

/* Only parameters strictly inside the segment: 0 and 1 are always events
 * (and NaN fails both comparisons). */
static void add_event(through *x, double t)
{
	if (t > 0 && t < 1)
		x->ev[x->nev++] = t;
}

/* Where the segment s0 + t d (t in [0, 1]) crosses the segment e0e1.
 * Parallel segments give nothing: where they run together starts and ends
 * abreast of an end point, an event of its own. */
static void cross_events(through *x, arb_vec2 s0, arb_vec2 d, arb_vec2 e0, arb_vec2 e1)
{
	arb_vec2 e = sub(e1, e0), w = sub(e0, s0);
	double den = cross(d, e);
	if (den == 0)
		return;
	double u = cross(w, d) / den;
	if (u >= -1e-9 && u <= 1 + 1e-9)
		add_event(x, cross(w, e) / den);
}

/* Where s0 + t d is exactly r from c: t0 -+ sqrt(r^2 - h^2) / |d|, with
 * t0 the parameter abreast of c and h the distance from c to the line
 * (both computed directly, not through the cancelling discriminant). A
 * line that misses the circle, or dips into it by TOUCH_EPS or less, gives
 * nothing: such a graze is an instant of touching at t0, which is an event
 * of its own, instead of a chord of length about sqrt(8 r TOUCH_EPS) that
 * would come and go with the rounding of the input. */
static void circle_events(through *x, arb_vec2 s0, arb_vec2 d, arb_vec2 c, double r)
{
	arb_vec2 w = sub(s0, c);
	double l = norm(d), h = fabs(cross(d, w)) / l;
	if (!(r - h > TOUCH_EPS))
		return;
	double t0 = -dot(d, w) / (l * l), half = sqrt((r - h) * (r + h)) / l;
	add_event(x, t0 - half);
	add_event(x, t0 + half);
}

/* All events of the segment c0 + t d (d not zero) into x->ev, 0 and 1
 * included, unsorted. */
static void collect_events(through *x, arb_vec2 c0, arb_vec2 d)
{
	double dd = dot(d, d);
	x->nev = 0;
	x->ev[x->nev++] = 0;
	x->ev[x->nev++] = 1;
	for (size_t i = 0; i < x->np; i++) {
		arb_vec2 a = x->poly[i], b = x->poly[(i + 1) % x->np];
		if (x->kind == THR_RECT) {
			for (int k = 0; k < 4; k++) {
				arb_vec2 v0 = add(c0, x->off[k]);
				cross_events(x, v0, d, a, b);
				cross_events(x, sub(a, c0), mul(d, -1), x->off[k],
				             x->off[(k + 1) % 4]);
				add_event(x, dot(sub(a, v0), d) / dd);
			}
			continue;
		}
		cross_events(x, c0, d, a, b);
		add_event(x, dot(sub(a, c0), d) / dd);
		if (x->kind == THR_ROUND) {
			arb_vec2 e = sub(b, a);
			double l = norm(e);
			if (l > 0) {
				arb_vec2 off = mul(v2(-e.y, e.x), x->r / l);
				cross_events(x, c0, d, add(a, off), add(b, off));
				cross_events(x, c0, d, sub(a, off), sub(b, off));
			}
			circle_events(x, c0, d, a, x->r);
		}
	}
}

/* The static test: with the centre at c, is the centre inside or on the
 * polygon (THR_CENTRE), or does the base touch or overlap it? Either the
 * centre is inside, or the shape comes within TOUCH_EPS of an edge; the
 * core distance also catches a polygon lying wholly under a rect. */
static bool through_at(const through *x, arb_vec2 c)
{
	if (inside_polygon(x->poly, x->np, c))
		return true;
	core k = {.n = 1, .r = 0};
	if (x->kind == THR_CENTRE)
		k.v[0] = c;
	else
		k = core_at(x->a, c);
	for (size_t i = 0; i < x->np; i++) {
		core e = segment_core(x->poly[i], x->poly[(i + 1) % x->np]);
		arb_vec2 p, q;
		if (shape_gap(&k, &e, &p, &q) <= TOUCH_EPS)
			return true;
	}
	return false;
}

/* c0 + t (c1 - c0), exactly c0 and c1 at the ends. */
static arb_vec2 seg_at(arb_vec2 c0, arb_vec2 c1, double t)
{
	return t == 0 ? c0 : t == 1 ? c1 : lerp(c0, c1, t);
}

/* An unknown `how` reads as ARB_THROUGH_CENTRE. Returns NaN (and m->figure
 * NaN) only if the event buffer cannot be allocated. */
double arb_geom_path_through(const arb_placed *a, const arb_vec2 *pts, size_t n,
                             const arb_vec2 *poly, size_t np, arb_through how, arb_measure *m)
{
	arb_vec2 first = n ? pts[0] : a->c, last = first;
	double len = 0;
	bool any = false;
	if (n < 2 || np < 3) {
		put_measure(m, 0, first, first, -1);
		return 0;
	}
	through x = {.a = a, .poly = poly, .np = np, .kind = THR_CENTRE};
	if (how == ARB_THROUGH_BASE && a->base.shape == ARB_BASE_RECT) {
		x.kind = THR_RECT;
		rect_corners(a, v2(0, 0), x.off);
	} else if (how == ARB_THROUGH_BASE) {
		x.kind = THR_ROUND;
		x.r = fabs(a->base.d_mm) / 2 / ARB_MM_PER_INCH;
	}
	if (np > (SIZE_MAX / sizeof(double) - 2) / 12 ||
	    !(x.ev = malloc((12 * np + 2) * sizeof *x.ev))) {
		put_measure(m, NAN, first, first, -1);
		return NAN;
	}
	for (size_t s = 0; s + 1 < n; s++) {
		arb_vec2 c0 = pts[s], c1 = pts[s + 1], d = sub(c1, c0);
		double seg = norm(d);
		if (!(seg > 0))
			continue;
		collect_events(&x, c0, d);
		qsort(x.ev, x.nev, sizeof *x.ev, cmp_double);
		/* merge events closer than EVENT_EPS, keeping 0 and 1 exact */
		size_t u = 1;
		for (size_t i = 1; i < x.nev; i++)
			if (x.ev[i] - x.ev[u - 1] > EVENT_EPS && 1 - x.ev[i] > EVENT_EPS)
				x.ev[u++] = x.ev[i];
		x.ev[u++] = 1;
		for (size_t i = 0; i + 1 < u; i++) {
			double t0 = x.ev[i], t1 = x.ev[i + 1];
			if (!through_at(&x, lerp(c0, c1, (t0 + t1) / 2)))
				continue;
			len += (t1 - t0) * seg;
			if (!any)
				first = seg_at(c0, c1, t0);
			any = true;
			last = seg_at(c0, c1, t1);
		}
	}
	free(x.ev);
	if (!any)
		last = first;
	put_measure(m, len, first, last, -1);
	return len;
}
