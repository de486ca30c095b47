/* geom-core.c: convex cores and the exact distances between them, the
 * building blocks of every geometric question (geom.h; docs/geometry.md).
 *
 * A base translated along one segment of a path sweeps the convex hull of
 * its core at both ends (again with the same radius), so swept questions
 * reduce to the same convex-core distance. Every test here is an exact
 * floating-point predicate (orientation signs, comparisons); the only
 * threshold of the kernel is geom_eps (geom.h).
 */
#include "geom.h"

#include <string.h>

void arb__geom_put(arb_measure *m, double figure, arb_vec2 p, arb_vec2 q, long other)
{
	if (!m)
		return;
	*m = (arb_measure){.figure = figure, .p = p, .q = q, .other = other, .points = true};
}

void arb__geom_put_none(arb_measure *m, double figure, arb_vec2 at)
{
	if (!m)
		return;
	*m = (arb_measure){.figure = figure, .p = at, .q = at, .other = -1, .points = false};
}

/* Multiples of 90 degrees are exact, so that a rect facing 90 has its
 * corners where a reader computes them by hand. */
arb_vec2 arb__geom_facing(double deg)
{
	static const arb_vec2 quarter[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
	/* fmod only off [0, 360), where it changes nothing */
	double d = deg >= 0 && deg < 360.0 ? deg : fmod(deg, 360.0);
	if (d < 0)
		d += 360.0;
	double q = d / 90.0;
	if (q == (double)(int)q) /* q in [0, 4]: the cast is floor */
		return quarter[(int)q % 4];
	double rad = d * (3.14159265358979323846 / 180.0);
	return v2(cos(rad), sin(rad));
}

static bool vec_less(arb_vec2 a, arb_vec2 b)
{
	return a.x < b.x || (a.x == b.x && a.y < b.y);
}

/* Andrew's monotone chain. Degenerate input (all equal, all collinear)
 * gives 1 or 2 vertices, so that zero-size bases and zero-length moves
 * need no special case. */
int arb__geom_hull(const arb_vec2 *pts, int n, arb_vec2 *out)
{
	arb_vec2 s[HULL_MAX], h[2 * HULL_MAX];
	int m = 0, k = 0;
	for (int i = 0; i < n; i++) { /* insertion sort, dropping repeats */
		int j = m;
		while (j > 0 && vec_less(pts[i], s[j - 1]))
			j--;
		/* s[0..m) is written; cppcheck cannot see it (and zeroing both
		 * arrays on every call is what this avoids) */
		// cppcheck-suppress uninitvar
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

/* w_mm runs across the facing, depth_mm along it. */
void arb__geom_rect_corners(const arb_placed *a, arb_vec2 c, arb_vec2 out[4])
{
	arb_vec2 u = arb__geom_facing(a->facing_deg);
	arb_vec2 v = v2(-u.y, u.x);
	arb_vec2 d = mul(u, fabs(a->base.depth_mm) / 2 / ARB_MM_PER_INCH);
	arb_vec2 w = mul(v, fabs(a->base.w_mm) / 2 / ARB_MM_PER_INCH);
	out[0] = sub(add(c, d), w);
	out[1] = add(add(c, d), w);
	out[2] = add(sub(c, d), w);
	out[3] = sub(sub(c, d), w);
}

/* A rect's corners are already counter-clockwise: when all four turns are
 * strictly left, its hull is those corners from the lowest (x, then y),
 * which is where arb__geom_hull starts, without sorting. */
core arb__geom_core_at(const arb_placed *a, arb_vec2 c)
{
	core k = {.n = 1, .r = 0};
	if (a->base.shape == ARB_BASE_RECT) {
		arb_vec2 pts[4];
		arb__geom_rect_corners(a, c, pts);
		int lo = 0;
		bool convex = true;
		for (int i = 0; i < 4; i++) {
			convex = convex && orient(pts[i], pts[(i + 1) % 4], pts[(i + 2) % 4]) > 0;
			if (vec_less(pts[i], pts[lo]))
				lo = i;
		}
		if (!convex) {
			k.n = arb__geom_hull(pts, 4, k.v);
			return k;
		}
		k.n = 4;
		for (int i = 0; i < 4; i++)
			k.v[i] = pts[(lo + i) % 4];
	} else {
		k.v[0] = c;
		k.r = base_radius(a);
	}
	return k;
}

/* A convex set translated along a segment sweeps exactly the hull of its
 * two end positions. */
core arb__geom_swept_core(const arb_placed *a, arb_vec2 c0, arb_vec2 c1)
{
	core k0 = arb__geom_core_at(a, c0), k1 = arb__geom_core_at(a, c1), s = {.r = k0.r};
	arb_vec2 pts[8];
	memcpy(pts, k0.v, (size_t)k0.n * sizeof pts[0]);
	memcpy(pts + k0.n, k1.v, (size_t)k1.n * sizeof pts[0]);
	s.n = arb__geom_hull(pts, k0.n + k1.n, s.v);
	return s;
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

/* Whether an edge of a has every vertex of b strictly outside it (or the
 * other way round): then the polygons are apart, with no edges crossing
 * and neither inside the other. */
static bool apart(const core *a, const core *b)
{
	for (int r = 0; r < 2; r++) {
		const core *x = r ? b : a, *y = r ? a : b;
		for (int i = 0; i < x->n; i++) {
			arb_vec2 e0 = x->v[i], e1 = x->v[(i + 1) % x->n];
			int j = 0;
			while (j < y->n && orient(e0, e1, y->v[j]) < 0)
				j++;
			if (j == y->n)
				return true;
		}
	}
	return false;
}

/* The distance of two polygons that are apart: what the edge-pair loop of
 * arb__geom_core_dist finds, in its order (so the same pair wins a tie),
 * with each vertex-to-edge distance computed once instead of twice. */
static double poly_poly_apart(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q)
{
	double da[CORE_MAX][CORE_MAX], db[CORE_MAX][CORE_MAX];
	arb_vec2 ca[CORE_MAX][CORE_MAX], cb[CORE_MAX][CORE_MAX];
	for (int k = 0; k < a->n; k++) /* vertex k of a to edge j of b */
		for (int j = 0; j < b->n; j++)
			da[k][j] = point_seg(a->v[k], b->v[j], b->v[(j + 1) % b->n], &ca[k][j]);
	for (int k = 0; k < b->n; k++)
		for (int i = 0; i < a->n; i++)
			db[k][i] = point_seg(b->v[k], a->v[i], a->v[(i + 1) % a->n], &cb[k][i]);
	double best = INFINITY;
	*p = a->v[0];
	*q = b->v[0];
	for (int i = 0; i < a->n; i++) {
		int i1 = (i + 1) % a->n;
		for (int j = 0; j < b->n; j++) {
			int j1 = (j + 1) % b->n;
			/* seg_seg's candidates, in its order, first strict minimum */
			double d = da[i][j];
			arb_vec2 x = a->v[i], y = ca[i][j];
			if (da[i1][j] < d) {
				d = da[i1][j];
				x = a->v[i1];
				y = ca[i1][j];
			}
			if (db[j][i] < d) {
				d = db[j][i];
				x = cb[j][i];
				y = b->v[j];
			}
			if (db[j1][i] < d) {
				d = db[j1][i];
				x = cb[j1][i];
				y = b->v[j1];
			}
			if (d < best) {
				best = d;
				*p = x;
				*q = y;
			}
		}
	}
	return best;
}

/* Disjoint convex sets are closest along a pair of edges; if no edges meet
 * the sets can still overlap by containment, which one vertex decides.
 * A point against a segment is one point-segment distance. */
double arb__geom_core_dist(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q)
{
	if (a->n == 1 && b->n <= 2) {
		*p = a->v[0];
		return point_seg(a->v[0], b->v[0], b->v[b->n - 1], q);
	}
	if (b->n == 1 && a->n <= 2) {
		*q = b->v[0];
		return point_seg(b->v[0], a->v[0], a->v[a->n - 1], p);
	}
	if (a->n == 1 || b->n == 1) { /* a point and a polygon */
		const core *pt = a->n == 1 ? a : b, *poly = a->n == 1 ? b : a;
		arb_vec2 c, best_c = poly->v[0];
		double best = INFINITY;
		if (inside_convex(poly, pt->v[0])) {
			*p = *q = pt->v[0];
			return 0;
		}
		for (int i = 0; i < poly->n; i++) {
			double d = point_seg(pt->v[0], poly->v[i], poly->v[(i + 1) % poly->n], &c);
			if (d < best) {
				best = d;
				best_c = c;
			}
		}
		*p = a->n == 1 ? pt->v[0] : best_c;
		*q = a->n == 1 ? best_c : pt->v[0];
		return best;
	}
	if (a->n >= 3 && b->n >= 3 && apart(a, b))
		return poly_poly_apart(a, b, p, q);
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

/* Along the line from x through y (unit u), shape a holds x + s u for s in
 * [-ra, ra] and shape b for s in [d - rb, d + rb]; when they overlap the
 * middle of both intervals is a point of both shapes. (The middle of
 * [d - rb, ra] alone, the middle of the overlap along the line, lies
 * outside a small base inside a large one.) */
double arb__geom_gap_points(arb_vec2 x, arb_vec2 y, double d, double ra, double rb, arb_vec2 *p,
                            arb_vec2 *q)
{
	double gap = d - ra - rb;
	if (d <= 0) {
		*p = *q = x;
		return gap;
	}
	arb_vec2 u = mul(sub(y, x), 1 / d);
	if (gap > 0) {
		*p = add(x, mul(u, ra));
		*q = sub(y, mul(u, rb));
	} else {
		double lo = maxd(-ra, d - rb), hi = mind(ra, d + rb);
		*p = *q = add(x, mul(u, (lo + hi) / 2));
	}
	return gap;
}

double arb__geom_shape_gap(const core *a, const core *b, arb_vec2 *p, arb_vec2 *q)
{
	arb_vec2 x, y;
	double d = arb__geom_core_dist(a, b, &x, &y);
	return arb__geom_gap_points(x, y, d, a->r, b->r, p, q);
}

bbox arb__geom_core_box(const core *k)
{
	bbox b = {k->v[0].x, k->v[0].y, k->v[0].x, k->v[0].y};
	for (int i = 1; i < k->n; i++) {
		b.x0 = mind(b.x0, k->v[i].x);
		b.y0 = mind(b.y0, k->v[i].y);
		b.x1 = maxd(b.x1, k->v[i].x);
		b.y1 = maxd(b.y1, k->v[i].y);
	}
	b.x0 -= k->r;
	b.y0 -= k->r;
	b.x1 += k->r;
	b.y1 += k->r;
	return b;
}

/* Points on the boundary may go either way, which does not matter to the
 * callers because the edge distance is 0 there. */
bool arb__geom_inside_polygon(const arb_vec2 *poly, size_t n, arb_vec2 p)
{
	bool in = false;
	for (size_t i = 0, j = n - 1; i < n; j = i++) {
		if (geom_ray_toggles(poly[i], poly[j], p))
			in = !in;
	}
	return in;
}

/* ---- first contact along a line ----------------------------------------- */

/* Where the ray p + t u (t >= 0) first meets segment q0q1, or INFINITY.
 * Collinear: its nearer end ahead, or 0 when p lies on it. */
static double ray_seg(arb_vec2 p, arb_vec2 u, arb_vec2 q0, arb_vec2 q1)
{
	arb_vec2 e = sub(q1, q0), w = sub(q0, p);
	double den = cross(u, e);
	if (den != 0) {
		double t = cross(w, e) / den, s = cross(w, u) / den;
		return t >= 0 && s >= 0 && s <= 1 ? t : INFINITY;
	}
	if (cross(w, u) != 0)
		return INFINITY; /* parallel, apart */
	double t0 = dot(w, u), t1 = dot(sub(q1, p), u);
	if (t0 <= 0 && t1 >= 0)
		return 0;
	if (t0 >= 0 && t1 <= 0)
		return 0;
	double t = fmin(t0, t1);
	return t >= 0 ? t : INFINITY;
}

/* Where the ray p + t u first meets the circle (c, R), or INFINITY. */
static double ray_circle(arb_vec2 p, arb_vec2 u, arb_vec2 c, double R)
{
	arb_vec2 w = sub(p, c);
	double b = dot(w, u), disc = b * b - (dot(w, w) - R * R);
	if (disc < 0)
		return INFINITY;
	double t = -b - sqrt(disc);
	return t >= 0 ? t : (-b + sqrt(disc) >= 0 ? 0 : INFINITY);
}

/* The ray p + t u against polygon k (n >= 3, counter-clockwise) grown by
 * R: each edge pushed out by R, each corner a circle of radius R. Every
 * piece lies in the grown polygon and its boundary is made of them, so the
 * first piece the ray meets is where it enters. */
static double ray_grown_polygon(arb_vec2 p, arb_vec2 u, const core *k, double R)
{
	double t = INFINITY;
	for (int i = 0; i < k->n; i++) {
		arb_vec2 q0 = k->v[i], q1 = k->v[(i + 1) % k->n], e = sub(q1, q0);
		double L = norm(e);
		if (R > 0) {
			t = fmin(t, ray_circle(p, u, q0, R));
			if (!(L > 0))
				continue;
			arb_vec2 out = mul(v2(e.y, -e.x), R / L);
			q0 = add(q0, out);
			q1 = add(q1, out);
		}
		t = fmin(t, ray_seg(p, u, q0, q1));
	}
	return t;
}

static bool ccw_polygon(const core *k)
{
	if (k->n < 3)
		return false;
	double area = 0;
	for (int i = 0; i < k->n; i++)
		area += cross(k->v[i], k->v[(i + 1) % k->n]);
	return area > 0;
}

double arb__geom_contact_along(const core *a, const core *b, arb_vec2 u)
{
	if (a->r > 0 && b->r > 0)
		return NAN;
	if (a->r > 0 || b->r > 0) {
		/* a disc against a polygon: its centre against the grown polygon,
		 * the target's centre moving by -u when it is the disc */
		const core *disc = a->r > 0 ? a : b, *poly = a->r > 0 ? b : a;
		if (disc->n != 1 || !ccw_polygon(poly))
			return NAN;
		return ray_grown_polygon(disc->v[0], a->r > 0 ? u : mul(u, -1), poly, disc->r);
	}
	/* two polygons (or points, segments): convex sets first meet where a
	 * vertex of one meets an edge of the other */
	double t = INFINITY;
	arb_vec2 back = mul(u, -1);
	for (int r = 0; r < 2; r++) {
		const core *x = r ? b : a, *y = r ? a : b;
		arb_vec2 dir = r ? back : u;
		for (int i = 0; i < x->n; i++)
			for (int j = 0; j < edge_count(y); j++) {
				arb_vec2 e0, e1;
				edge_of(y, j, &e0, &e1);
				t = fmin(t, ray_seg(x->v[i], dir, e0, e1));
			}
	}
	return t;
}
