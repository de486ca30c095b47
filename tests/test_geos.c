/* test_geos.c: the geometry kernel (oracle/geom-*.c) differentially tested
 * against GEOS (libgeos-dev, C API geos_c.h, reentrant _r functions): a
 * test-only dependency, the library never includes or links it.
 *
 * GEOS has no circles, so a round base is its centre with its radius taken
 * off the distance: for any set X, the distance from a disc of radius r to X
 * is max(0, d(centre, X) - r). A rect base is the polygon of its corners,
 * computed here independently of the kernel; a base swept along a segment
 * is the convex hull of its start and end (GEOS computes it: a round base's
 * centre sweeps the segment itself). Inputs: random bases, polygons and
 * paths, plus adversarial ones: touching, overlapping, nested, collinear
 * edges, coordinates up to 1e6 in, tiny and zero-size bases, turned rects.
 * A fixed seed: the same cases on every run.
 *
 * Tolerance: TOL_ABS + TOL_REL x the largest coordinate, i.e. 1e-9 in on
 * the table (a thousandth of ARB_TOLERANCE_IN) and 1e-7 in at 1e6 in.
 */
#include <geos_c.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geom_support.h"

#define TOL_ABS 1e-9
#define TOL_REL 1e-13

/* ---- GEOS side ----------------------------------------------------------- */

static void geos_error(const char *message, void *userdata)
{
	(void)userdata;
	cr_assert(false, "GEOS error: %s", message);
}

static GEOSContextHandle_t geos_new(void)
{
	GEOSContextHandle_t h = GEOS_init_r();
	cr_assert(not(zero(ptr, h)));
	GEOSContext_setErrorMessageHandler_r(h, geos_error, NULL);
	return h;
}

static GEOSGeometry *g_point(GEOSContextHandle_t h, arb_vec2 p)
{
	GEOSGeometry *g = GEOSGeom_createPointFromXY_r(h, p.x, p.y);
	cr_assert(not(zero(ptr, g)));
	return g;
}

/* A polyline (n >= 2) or, for n == 1, a point. */
static GEOSGeometry *g_line(GEOSContextHandle_t h, const arb_vec2 *pts, size_t n)
{
	if (n == 1)
		return g_point(h, pts[0]);
	GEOSCoordSequence *s = GEOSCoordSeq_copyFromBuffer_r(h, &pts[0].x, (unsigned)n, 0, 0);
	cr_assert(not(zero(ptr, s)));
	GEOSGeometry *g = GEOSGeom_createLineString_r(h, s); /* takes s */
	cr_assert(not(zero(ptr, g)));
	return g;
}

/* A polygon from a ring given without its closing point (n >= 3). */
static GEOSGeometry *g_polygon(GEOSContextHandle_t h, const arb_vec2 *pts, size_t n)
{
	double buf[2 * 33];
	cr_assert(n >= 3 && n <= 32);
	for (size_t i = 0; i <= n; i++) {
		buf[2 * i] = pts[i % n].x;
		buf[2 * i + 1] = pts[i % n].y;
	}
	GEOSCoordSequence *s = GEOSCoordSeq_copyFromBuffer_r(h, buf, (unsigned)n + 1, 0, 0);
	GEOSGeometry *ring = GEOSGeom_createLinearRing_r(h, s);
	cr_assert(not(zero(ptr, ring)));
	GEOSGeometry *g = GEOSGeom_createPolygon_r(h, ring, NULL, 0); /* takes ring */
	cr_assert(not(zero(ptr, g)));
	return g;
}

/* The corners of a rect base, from its facing in radians (not the
 * kernel's exact quarter turns). */
static void corners(const arb_placed *a, arb_vec2 c, arb_vec2 out[4])
{
	double t = a->facing_deg * PI / 180, hd = a->base.depth_mm / 2 / 25.4,
	       hw = a->base.w_mm / 2 / 25.4;
	arb_vec2 u = {cos(t), sin(t)}, v = {-sin(t), cos(t)};
	double lx[4] = {hd, hd, -hd, -hd}, ly[4] = {-hw, hw, hw, -hw};
	for (int i = 0; i < 4; i++)
		out[i] =
		    (arb_vec2){c.x + lx[i] * u.x + ly[i] * v.x, c.y + lx[i] * u.y + ly[i] * v.y};
}

/* The convex hull of pts (GEOS): a polygon, or a line or point when flat. */
static GEOSGeometry *g_hull(GEOSContextHandle_t h, const arb_vec2 *pts, size_t n)
{
	GEOSGeometry *p[8];
	cr_assert(n <= 8);
	for (size_t i = 0; i < n; i++)
		p[i] = g_point(h, pts[i]);
	GEOSGeometry *mp = GEOSGeom_createCollection_r(h, GEOS_MULTIPOINT, p, (unsigned)n);
	cr_assert(not(zero(ptr, mp)));
	GEOSGeometry *hull = GEOSConvexHull_r(h, mp);
	cr_assert(not(zero(ptr, hull)));
	GEOSGeom_destroy_r(h, mp);
	return hull;
}

/* A base's shape without its radius: a rect's polygon (a hull, so that a
 * rect of no width is a line), a round base's centre. */
static GEOSGeometry *g_base(GEOSContextHandle_t h, const arb_placed *a, double *r)
{
	if (a->base.shape != ARB_BASE_RECT) {
		*r = a->base.d_mm / 2 / 25.4;
		return g_point(h, a->c);
	}
	arb_vec2 c[4];
	corners(a, a->c, c);
	*r = 0;
	return g_hull(h, c, 4);
}

static double g_dist(GEOSContextHandle_t h, const GEOSGeometry *a, const GEOSGeometry *b)
{
	double d = -1;
	cr_assert(eq(int, GEOSDistance_r(h, a, b, &d), 1));
	return d;
}

/* GEOS: the swept distance of mover along pts[0..n-1] to `other`. */
static double g_swept(GEOSContextHandle_t h, const arb_placed *mover, const arb_vec2 *pts, size_t n,
                      const arb_placed *other)
{
	double ro, rm, best = INFINITY;
	GEOSGeometry *go = g_base(h, other, &ro);
	if (mover->base.shape != ARB_BASE_RECT) {
		rm = mover->base.d_mm / 2 / 25.4;
		GEOSGeometry *l = g_line(h, pts, n);
		best = g_dist(h, l, go) - rm - ro;
		GEOSGeom_destroy_r(h, l);
	} else {
		for (size_t s = 0; s + 1 < n || (n == 1 && s == 0); s++) {
			arb_vec2 c[8];
			corners(mover, pts[s], c);
			corners(mover, pts[n == 1 ? s : s + 1], c + 4);
			GEOSGeometry *hull = g_hull(h, c, 8);
			best = fmin(best, g_dist(h, hull, go) - ro);
			GEOSGeom_destroy_r(h, hull);
		}
	}
	GEOSGeom_destroy_r(h, go);
	return fmax(0, best);
}

/* ---- inputs ---------------------------------------------------------------- */

static double magnitude(const arb_vec2 *p, size_t n)
{
	double m = 0;
	for (size_t i = 0; i < n; i++)
		m = fmax(m, fmax(fabs(p[i].x), fabs(p[i].y)));
	return m;
}

static double tol_at(double mag)
{
	return TOL_ABS + TOL_REL * mag;
}

#define AGREE(got, want, mag, ...)                                                                 \
	cr_assert(fabs((got) - (want)) <= tol_at(mag), "kernel %.17g, GEOS %.17g: " __VA_ARGS__,   \
	          (double)(got), (double)(want))

/* A base of any kind near (x, y): round or rect, any facing, sizes from
 * none (1 in 20) through tiny to large. */
static arb_placed any_base(double x, double y)
{
	double k = lcg(0, 1), size = k < 0.05 ? 0 : k < 0.15 ? lcg(0.001, 1) : lcg(20, 120);
	double f = lcg(0, 1) < 0.3 ? 90 * floor(lcg(-4, 4)) : lcg(-360, 360);
	if (lcg(0, 1) < 0.5)
		return round_at(x, y, size);
	return rect_at(x, y, f, size, k < 0.05 ? lcg(0, 50) : lcg(0.5, 1.5) * size);
}

/* An offset for the whole configuration: mostly the table, some far. */
static arb_vec2 any_offset(void)
{
	double k = lcg(0, 1);
	double far = k < 0.7 ? 0 : k < 0.85 ? 1e4 : k < 0.95 ? 1e6 : -1e6;
	return (arb_vec2){far + lcg(0, 48), far + lcg(0, 48)};
}

/* A star-shaped (so simple) polygon round c: 3..12 vertices; every third
 * one with a collinear middle vertex on an edge. */
static size_t any_polygon(arb_vec2 c, arb_vec2 *out)
{
	size_t n = 3 + (size_t)lcg(0, 10), m = 0;
	double r0 = lcg(0.3, 6);
	for (size_t i = 0; i < n; i++) {
		double t = 2 * PI * ((double)i + lcg(0.1, 0.9)) / (double)n;
		double r = r0 * lcg(0.3, 1);
		out[m++] = (arb_vec2){c.x + r * cos(t), c.y + r * sin(t)};
		if (i % 3 == 2 && m >= 2) { /* a vertex in the middle of the last edge */
			arb_vec2 a = out[m - 2], b = out[m - 1];
			out[m - 1] = (arb_vec2){(a.x + b.x) / 2, (a.y + b.y) / 2};
			out[m++] = b;
		}
	}
	return m;
}

/* ---- base to base ------------------------------------------------------------ */

static void check_distance(GEOSContextHandle_t h, const arb_placed *a, const arb_placed *b)
{
	double ra, rb;
	GEOSGeometry *ga = g_base(h, a, &ra), *gb = g_base(h, b, &rb);
	double want = fmax(0, g_dist(h, ga, gb) - ra - rb);
	arb_measure m;
	double got = arb_geom_distance(a, b, &m);
	arb_vec2 c[2] = {a->c, b->c};
	double mag = magnitude(c, 2);
	AGREE(got, want, mag, "distance of (%.17g, %.17g) and (%.17g, %.17g)", a->c.x, a->c.y,
	      b->c.x, b->c.y);
	AGREE(arb_geom_distance(b, a, NULL), want, mag, "reversed");
	/* the closest points are real, that far apart, and on (in) the shapes */
	cr_assert(m.points);
	AGREE(hypot(m.p.x - m.q.x, m.p.y - m.q.y), want, mag, "|p - q|");
	GEOSGeometry *gp = g_point(h, m.p), *gq = g_point(h, m.q);
	cr_assert(g_dist(h, gp, ga) - ra <= tol_at(mag), "p off the first shape");
	cr_assert(g_dist(h, gq, gb) - rb <= tol_at(mag), "q off the second shape");
	if (want == 0) /* p = q is in both */
		cr_assert(g_dist(h, gp, gb) - rb <= tol_at(mag), "p off the second shape");
	GEOSGeom_destroy_r(h, gp);
	GEOSGeom_destroy_r(h, gq);
	GEOSGeom_destroy_r(h, ga);
	GEOSGeom_destroy_r(h, gb);
}

Test(geos, base_base_distance)
{
	GEOSContextHandle_t h = geos_new();
	lcg_state = 20240901;
	for (int it = 0; it < 3000; it++) {
		arb_vec2 o = any_offset();
		arb_placed a = any_base(o.x, o.y);
		/* near (often overlapping or nested), or at an exact contact */
		double k = lcg(0, 1);
		arb_placed b = any_base(o.x + lcg(-3, 3), o.y + lcg(-3, 3));
		if (k < 0.1 && a.base.shape == ARB_BASE_ROUND && b.base.shape == ARB_BASE_ROUND)
			b.c = (arb_vec2){a.c.x + (a.base.d_mm + b.base.d_mm) / 2 / 25.4, a.c.y};
		else if (k < 0.2)
			b = rect_at(a.c.x, a.c.y + lcg(-0.5, 0.5), lcg(-90, 90), 300,
			            300); /* nest */
		check_distance(h, &a, &b);
	}
	/* rects side by side: faces on one line (collinear edges), turned */
	for (int deg = 0; deg < 360; deg += 15) {
		double t = deg * PI / 180;
		arb_placed a = rect_at(10, 10, deg, 50.8, 25.4);
		arb_placed b =
		    rect_at(10 + cos(t), 10 + sin(t), deg, 50.8, 25.4); /* face to face */
		check_distance(h, &a, &b);
		b = rect_at(10 - 2 * sin(t), 10 + 2 * cos(t), deg, 50.8, 25.4); /* side to side */
		check_distance(h, &a, &b);
		b = rect_at(10 + 0.5 * cos(t), 10 + 0.5 * sin(t), deg + 45, 10, 10); /* on a face */
		check_distance(h, &a, &b);
	}
	GEOS_finish_r(h);
}

/* ---- base to polygon, point in polygon ---------------------------------------- */

Test(geos, base_polygon_distance)
{
	GEOSContextHandle_t h = geos_new();
	lcg_state = 7;
	arb_vec2 poly[40];
	for (int it = 0; it < 2000; it++) {
		arb_vec2 o = any_offset();
		size_t n = any_polygon(o, poly);
		arb_placed a = any_base(o.x + lcg(-8, 8), o.y + lcg(-8, 8));
		double r;
		GEOSGeometry *gp = g_polygon(h, poly, n), *ga = g_base(h, &a, &r);
		double want = fmax(0, g_dist(h, ga, gp) - r);
		arb_measure m;
		double got = arb_geom_base_polygon_distance(&a, poly, n, &m);
		double mag = fmax(magnitude(poly, n), magnitude(&a.c, 1));
		AGREE(got, want, mag, "base at (%.17g, %.17g), polygon of %zu", a.c.x, a.c.y, n);
		cr_assert(m.points);
		AGREE(hypot(m.p.x - m.q.x, m.p.y - m.q.y), want, mag, "|p - q|");
		/* point in polygon: a base of no size is at 0 exactly when GEOS
		 * says the polygon covers it (interior or boundary) */
		arb_placed dot = round_at(a.c.x, a.c.y, 0);
		GEOSGeometry *pt = g_point(h, a.c);
		double edge = g_dist(h, pt, gp), in = GEOSCovers_r(h, gp, pt);
		cr_assert(in == 0 || in == 1);
		double d0 = arb_geom_base_polygon_distance(&dot, poly, n, NULL);
		if (edge > tol_at(mag) || in == 1)
			cr_assert(eq(int, d0 <= tol_at(mag), (int)in), "point (%.17g, %.17g)",
			          a.c.x, a.c.y);
		/* the centre reading of a path through the polygon is the length
		 * of the path that GEOS finds inside or on it */
		arb_vec2 path[3] = {a.c, {o.x + lcg(-8, 8), o.y + lcg(-8, 8)}, {o.x, o.y}};
		GEOSGeometry *gl = g_line(h, path, 3), *cut = GEOSIntersection_r(h, gl, gp);
		double len = -1;
		cr_assert(not(zero(ptr, cut)));
		cr_assert(eq(int, GEOSLength_r(h, cut, &len), 1));
		AGREE(arb_geom_path_through(&a, path, 3, poly, n, ARB_THROUGH_CENTRE, NULL), len,
		      mag, "path through a polygon of %zu", n);
		GEOSGeom_destroy_r(h, cut);
		GEOSGeom_destroy_r(h, gl);
		GEOSGeom_destroy_r(h, pt);
		GEOSGeom_destroy_r(h, gp);
		GEOSGeom_destroy_r(h, ga);
	}
	GEOS_finish_r(h);
}

/* ---- polygon to polygon, point in polygon (units.c) ---------------------------- */

Test(geos, polygon_polygon_distance)
{
	GEOSContextHandle_t h = geos_new();
	lcg_state = 11;
	arb_vec2 a[40], b[40];
	int met = 0, apart = 0;
	for (int it = 0; it < 2000; it++) {
		arb_vec2 o = any_offset();
		size_t na = any_polygon(o, a);
		size_t nb = any_polygon((arb_vec2){o.x + lcg(-10, 10), o.y + lcg(-10, 10)}, b);
		GEOSGeometry *ga = g_polygon(h, a, na), *gb = g_polygon(h, b, nb);
		double want = g_dist(h, ga, gb);
		arb_measure m;
		double got = arb_geom_polygon_distance(a, na, b, nb, &m);
		double mag = fmax(magnitude(a, na), magnitude(b, nb));
		AGREE(got, want, mag, "polygons of %zu and %zu", na, nb);
		cr_assert(m.points);
		AGREE(hypot(m.p.x - m.q.x, m.p.y - m.q.y), want, mag, "|p - q|");
		/* p on (or in) the first, q on (or in) the second */
		GEOSGeometry *gp = g_point(h, m.p), *gq = g_point(h, m.q);
		AGREE(g_dist(h, gp, ga), 0, mag, "p off the first polygon");
		AGREE(g_dist(h, gq, gb), 0, mag, "q off the second polygon");
		if (want == 0) /* crossing, touching or nested: a point of both */
			AGREE(g_dist(h, gp, gb), 0, mag, "p off the second polygon");
		met += want == 0;
		apart += want > 0;
		GEOSGeom_destroy_r(h, gp);
		GEOSGeom_destroy_r(h, gq);
		GEOSGeom_destroy_r(h, ga);
		GEOSGeom_destroy_r(h, gb);
	}
	/* both outcomes in numbers, so that neither branch goes untested */
	cr_assert(met > 200 && apart > 200, "%d meeting, %d apart", met, apart);
	GEOS_finish_r(h);
}

Test(geos, point_in_polygon)
{
	GEOSContextHandle_t h = geos_new();
	lcg_state = 13;
	arb_vec2 poly[40];
	int in = 0, out = 0;
	for (int it = 0; it < 4000; it++) {
		arb_vec2 o = any_offset();
		size_t n = any_polygon(o, poly);
		arb_vec2 q = {o.x + lcg(-7, 7), o.y + lcg(-7, 7)};
		if (lcg(0, 1) < 0.1) /* a vertex, or the middle of an edge */
			q = lcg(0, 1) < 0.5 ? poly[it % n]
			                    : (arb_vec2){(poly[0].x + poly[1].x) / 2,
			                                 (poly[0].y + poly[1].y) / 2};
		GEOSGeometry *gp = g_polygon(h, poly, n), *gq = g_point(h, q);
		double edge = g_dist(h, gq, gp);
		char covers = GEOSCovers_r(h, gp, gq);
		cr_assert(covers == 0 || covers == 1);
		double mag = fmax(magnitude(poly, n), magnitude(&q, 1));
		bool got = arb_geom_point_in_polygon(q, poly, n);
		/* on the boundary (within the tolerance) counts as inside; off it,
		 * the kernel and GEOS agree */
		if (edge > ARB_TOLERANCE_IN + tol_at(mag))
			cr_assert(eq(int, got, covers), "point (%.17g, %.17g)", q.x, q.y);
		else
			cr_assert(got, "point (%.17g, %.17g) on the boundary", q.x, q.y);
		in += got;
		out += !got;
		GEOSGeom_destroy_r(h, gq);
		GEOSGeom_destroy_r(h, gp);
	}
	cr_assert(in > 400 && out > 400, "%d in, %d out", in, out);
	GEOS_finish_r(h);
}

/* ---- swept distance and overlap -------------------------------------------------- */

static void check_swept(GEOSContextHandle_t h, const arb_placed *mover, const arb_vec2 *pts,
                        size_t n, const arb_placed *others, size_t n_others)
{
	double want = INFINITY;
	for (size_t j = 0; j < n_others; j++)
		want = fmin(want, g_swept(h, mover, pts, n, &others[j]));
	arb_measure m;
	double got = arb_geom_swept_distance(mover, pts, n, others, n_others, &m);
	double mag = magnitude(pts, n);
	AGREE(got, want, mag, "swept distance, %zu points, %zu others", n, n_others);
	cr_assert(m.points && m.other >= 0);
	AGREE(g_swept(h, mover, pts, n, &others[m.other]), want, mag, "the other that decided");
	AGREE(hypot(m.p.x - m.q.x, m.p.y - m.q.y), want, mag, "|p - q|");
	/* overlap: for round bases the depth is the sum of the radii less the
	 * centre path's distance to the other's centre; for any pair, there is
	 * an overlap exactly when GEOS's distance of the shapes is 0 */
	for (size_t j = 0; j < n_others; j++) {
		double pen = arb_geom_swept_penetration(mover, pts, n, &others[j], 1, NULL);
		double sw = g_swept(h, mover, pts, n, &others[j]);
		if (sw > tol_at(mag))
			cr_assert(eq(dbl, pen, 0), "overlap %.17g at GEOS distance %.17g", pen, sw);
		if (mover->base.shape == ARB_BASE_ROUND && others[j].base.shape == ARB_BASE_ROUND) {
			double r = (mover->base.d_mm + others[j].base.d_mm) / 2 / 25.4;
			GEOSGeometry *l = g_line(h, pts, n), *c = g_point(h, others[j].c);
			double depth = fmax(0, r - g_dist(h, l, c));
			if (depth > tol_at(mag))
				AGREE(pen, depth, mag, "round overlap");
			GEOSGeom_destroy_r(h, l);
			GEOSGeom_destroy_r(h, c);
		}
	}
}

Test(geos, swept_distance)
{
	GEOSContextHandle_t h = geos_new();
	lcg_state = 4242;
	for (int it = 0; it < 1500; it++) {
		arb_vec2 o = any_offset(), pts[5];
		size_t n = 1 + (size_t)lcg(0, 5);
		for (size_t i = 0; i < n; i++)
			pts[i] = (arb_vec2){o.x + lcg(-6, 6), o.y + lcg(-6, 6)};
		if (n >= 3 && lcg(0, 1) < 0.2)
			pts[2] = pts[1]; /* a repeated point */
		arb_placed mover = any_base(pts[0].x, pts[0].y), others[4];
		size_t k = 1 + (size_t)lcg(0, 4);
		for (size_t j = 0; j < k; j++)
			others[j] = any_base(o.x + lcg(-6, 6), o.y + lcg(-6, 6));
		check_swept(h, &mover, pts, n, others, k);
	}
	/* a path along a rect's face (collinear), grazing it, and one that
	 * stops exactly touching */
	arb_placed r = rct(20, 20, 0), rm = rnd(10, 21.5);
	arb_vec2 along[] = {{10, 21.5}, {30, 21.5}}, stop[] = {{10, 20}, {19, 20}};
	check_swept(h, &rm, along, 2, &r, 1);
	check_swept(h, &rm, stop, 2, &r, 1);
	arb_placed rr = rct(10, 23, 0);
	check_swept(h, &rr, along, 2, &r, 1);
	GEOS_finish_r(h);
}
