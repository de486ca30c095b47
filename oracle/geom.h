/* geom.h: the geometry kernel's private parts, shared by oracle/geom-*.c
 * (arbiter.h, section 2, is the public side). Contracts, thresholds and
 * what is exact: docs/geometry.md.
 *
 * A placed base is held as a convex "core" plus a radius: a round base is
 * its centre (a point) with radius d/2, a rectangular base is its four
 * corners with radius 0. The distance between two bases is the distance
 * between their cores minus both radii.
 */
#ifndef ARB_GEOM_H
#define ARB_GEOM_H

#include "arbiter.h"

#include <math.h>
#include <stdbool.h>

/* ---- thresholds --------------------------------------------------------- */

/* The kernel's one length threshold (overlaps no deeper are "only
 * touching", a base this close to terrain touches it): 1e-12 in up to
 * coordinates of 100 in, then 1e-14 of their magnitude (about 45 units in
 * the last place of the coordinates), so that rounding at any offset stays
 * under it. docs/geometry.md, "Thresholds". */
#define GEOM_EPS_ABS 1e-12
#define GEOM_EPS_REL 1e-14

static inline double geom_eps(double mag)
{
	double e = GEOM_EPS_REL * mag;
	return e > GEOM_EPS_ABS ? e : GEOM_EPS_ABS;
}

/* ---- vectors ------------------------------------------------------------ */

static inline arb_vec2 v2(double x, double y)
{
	return (arb_vec2){x, y};
}

static inline arb_vec2 add(arb_vec2 a, arb_vec2 b)
{
	return v2(a.x + b.x, a.y + b.y);
}

static inline arb_vec2 sub(arb_vec2 a, arb_vec2 b)
{
	return v2(a.x - b.x, a.y - b.y);
}

static inline arb_vec2 mul(arb_vec2 a, double s)
{
	return v2(a.x * s, a.y * s);
}

static inline double dot(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.x + a.y * b.y;
}

static inline double cross(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.y - a.y * b.x;
}

/* Table distances are inches, nowhere near overflow: the plain square root
 * serves, and hypot's care cost 17% of the instructions of judging the
 * charge cases (callgrind). */
static inline double norm(arb_vec2 a)
{
	return sqrt(a.x * a.x + a.y * a.y);
}

/* Twice the signed area of triangle abc: > 0 when c is left of a->b. */
static inline double orient(arb_vec2 a, arb_vec2 b, arb_vec2 c)
{
	return cross(sub(b, a), sub(c, a));
}

static inline arb_vec2 lerp(arb_vec2 a, arb_vec2 b, double t)
{
	return add(a, mul(sub(b, a), t));
}

/* Finite inputs only: fmax and fmin are calls into libm where these are
 * one instruction. */
static inline double maxd(double a, double b)
{
	return a > b ? a : b;
}

static inline double mind(double a, double b)
{
	return a < b ? a : b;
}

static inline double clampd(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

static inline double absmax2(arb_vec2 p)
{
	return maxd(fabs(p.x), fabs(p.y));
}

/* Distance from p to segment ab; *c receives the closest point and *t its
 * parameter along ab (0 when ab has no length). */
static inline double point_seg_t(arb_vec2 p, arb_vec2 a, arb_vec2 b, arb_vec2 *c, double *t)
{
	arb_vec2 ab = sub(b, a);
	double l2 = dot(ab, ab);
	double s = l2 > 0 ? dot(sub(p, a), ab) / l2 : 0;
	s = s < 0 ? 0 : s > 1 ? 1 : s;
	*c = add(a, mul(ab, s));
	*t = s;
	return norm(sub(p, *c));
}

static inline double point_seg(arb_vec2 p, arb_vec2 a, arb_vec2 b, arb_vec2 *c)
{
	double t;
	return point_seg_t(p, a, b, c, &t);
}

/* Radius in inches of a round base (any base's d_mm). */
static inline double base_radius(const arb_placed *a)
{
	return fabs(a->base.d_mm) / 2 / ARB_MM_PER_INCH;
}

/* Fills m (if not NULL) with a figure and real closest points. */
void arb__geom_put(arb_measure *m, double figure, arb_vec2 p, arb_vec2 q, long other);
/* Fills m (if not NULL) with a figure and no points (p = q = at). */
void arb__geom_put_none(arb_measure *m, double figure, arb_vec2 at);

/* ---- convex cores ------------------------------------------------------- */

/* A convex core: 1 vertex = a point, 2 = a segment, 3..8 = a polygon in
 * counter-clockwise order without repeated vertices. The shape is every
 * point within r of the core. 8 vertices hold a rect swept along a segment
 * and the obstacle of a rect for a rect (the sum of two quadrilaterals). */
#define CORE_MAX 8
/* Input of arb__geom_hull: up to 16 points (4 corners x 4 corners). */
#define HULL_MAX 16
typedef struct core {
	arb_vec2 v[CORE_MAX];
	int n;
	double r;
} core;

/* Unit vector of a facing; multiples of 90 degrees are exact. */
arb_vec2 arb__geom_facing(double deg);
/* Convex hull of pts[0..n-1] (1 <= n <= HULL_MAX) into out (room for n),
 * counter-clockwise; returns its vertex count (1 or 2 for degenerate
 * input). */
int arb__geom_hull(const arb_vec2 *pts, int n, arb_vec2 *out);
/* Corners of rect base a centred at c, counter-clockwise. */
void arb__geom_rect_corners(const arb_placed *a, arb_vec2 c, arb_vec2 out[4]);
/* The core of base a with its centre put at c. */
core arb__geom_core_at(const arb_placed *a, arb_vec2 c);
/* What base a covers while its centre moves from c0 to c1. */
core arb__geom_swept_core(const arb_placed *a, arb_vec2 c0, arb_vec2 c1);
/* Distance between two cores (radii ignored), closest points in *p, *q. */
double arb__geom_core_dist(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q);
/* Gap between two shapes (negative when they overlap), closest points in
 * *p (on a) and *q (on b); when they touch or overlap, p = q, a point of
 * both shapes. */
double arb__geom_shape_gap(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q);
/* The same from core points x (of a) and y (of b) at core distance d. */
double arb__geom_gap_points(arb_vec2 x, arb_vec2 y, double d, double ra, double rb, arb_vec2 *p,
                            arb_vec2 *q);
/* First contact of core a (radius a->r) moving by t * u (u a unit vector,
 * t >= 0) with core b (radius b->r): the least t at which they come within
 * a->r + b->r, exact (docs/geometry.md, "Approach along a line"); INFINITY
 * when they never do, NAN when the shapes are of a kind it does not solve
 * (two radii, or a radius beside a degenerate polygon). Callers make sure
 * the two are apart at t = 0. */
double arb__geom_contact_along(const core *a, const core *b, arb_vec2 u);
/* Crossing-number test of p in the simple polygon poly[0..n-1]. */
bool arb__geom_inside_polygon(const arb_vec2 *poly, size_t n, arb_vec2 p);

/* Axis-aligned bounding box. */
typedef struct bbox {
	double x0, y0, x1, y1;
} bbox;

/* The square of box_gap: the same test without a square root. */
static inline double box_gap2(bbox a, bbox b)
{
	double dx = maxd(0, maxd(a.x0 - b.x1, b.x0 - a.x1));
	double dy = maxd(0, maxd(a.y0 - b.y1, b.y0 - a.y1));
	return dx * dx + dy * dy;
}

/* The box of core k grown by its radius. */
bbox arb__geom_core_box(const core *k);
/* Distance between two boxes (0 when they meet): a lower bound of the
 * distance between anything inside them. */
static inline double box_gap(bbox a, bbox b)
{
	double dx = maxd(0, maxd(a.x0 - b.x1, b.x0 - a.x1));
	double dy = maxd(0, maxd(a.y0 - b.y1, b.y0 - a.y1));
	return sqrt(dx * dx + dy * dy);
}

/* ---- shared by the kernel's files --------------------------------------- */

/* qsort orders of doubles and of indices. */
static inline int geom_cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static inline int geom_cmp_size(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return (a > b) - (a < b);
}

/* The cell (0 .. n-1) of coordinate v on a grid of cells s across from v0,
 * clamped to the grid (NaN to 0). */
static inline size_t geom_cell(double v, double v0, double s, size_t n)
{
	double k = floor((v - v0) / s);
	return !(k > 0) ? 0 : k >= (double)(n - 1) ? n - 1 : (size_t)k;
}

/* The distance of models i and j, measured as arb_geom_distances measures
 * it (the lower index first), so that either way gives the same bits. */
static inline double geom_pair_distance(const arb_placed *m, size_t i, size_t j)
{
	return i < j ? arb_geom_distance(&m[i], &m[j], NULL)
	             : arb_geom_distance(&m[j], &m[i], NULL);
}

/* Whether edge ab toggles the crossing-number test of point p (a ray from
 * p towards +x): the one test of arb__geom_inside_polygon. */
static inline bool geom_ray_toggles(arb_vec2 a, arb_vec2 b, arb_vec2 p)
{
	return (a.y > p.y) != (b.y > p.y) && p.x < a.x + (b.x - a.x) * (p.y - a.y) / (b.y - a.y);
}

/* ---- coherency of large groups (geom-coherency-index.c) ----------------- */

/* A link between models a < b at distance d. */
typedef struct coh_edge {
	size_t a, b;
	double d;
} coh_edge;

/* A grid over the bounding boxes of models[0..n-1] (n >= 2), its cells
 * sized for links within thr. */
typedef struct coh_index coh_index;
int arb__coh_index_new(coh_index **out, const arb_placed *models, size_t n, double thr);
void arb__coh_index_free(coh_index *ix);
/* Every link of distance <= thr, sorted by distance, then a, then b; the
 * caller frees *edges. */
int arb__coh_near_edges(coh_index *ix, double thr, coh_edge **edges, size_t *n_edges);
/* From those links (all of them within one threshold): the pieces they
 * make, and the longest link of a minimum spanning tree of every pair. */
int arb__coh_mst(coh_index *ix, const coh_edge *e, size_t ne, size_t *components,
                 coh_edge *longest);
/* The pair furthest apart (the first such pair, in index order). */
int arb__coh_widest(const coh_index *ix, coh_edge *widest);

#endif
