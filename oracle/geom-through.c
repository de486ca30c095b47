/* geom-through.c: how far a path runs through a piece of terrain
 * (arb_geom_path_through; arbiter.h, section 2; docs/geometry.md), found
 * from the parameters at which contact can begin or end: exact, no
 * sampling.
 */
#include "geom.h"

#include <stdint.h>
#include <stdlib.h>

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

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

/* Events closer than this (in t) are one event, and so are events closer
 * on the table than the kernel's threshold (geom_eps). */
#define EVENT_EPS 1e-12
/* Where a moving segment crosses an edge, crossings this far past the
 * edge's ends (as a fraction of the edge) still count: an extra event only
 * splits an interval, a missed one would merge two. */
#define CROSS_SLACK 1e-9

enum { THR_CENTRE, THR_ROUND, THR_RECT };

typedef struct through {
	const arb_placed *a;
	const arb_vec2 *poly;
	size_t np;
	int kind;
	double r;        /* THR_ROUND: the radius */
	arb_vec2 off[4]; /* THR_RECT: the corners relative to the centre */
	double eps;      /* a base (or centre) this close to the polygon touches it:
	                    geom_eps of the coordinates' magnitude */
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
	if (u >= -CROSS_SLACK && u <= 1 + CROSS_SLACK)
		add_event(x, cross(w, e) / den);
}

/* Where s0 + t d is exactly r from c: t0 -+ sqrt(r^2 - h^2) / |d|, with
 * t0 the parameter abreast of c and h the distance from c to the line
 * (both computed directly, not through the cancelling discriminant). A
 * line that misses the circle, or dips into it by x->eps or less, gives
 * nothing: such a graze is an instant of touching at t0, which is an event
 * of its own, instead of a chord of length about sqrt(8 r eps) that would
 * come and go with the rounding of the input. */
static void circle_events(through *x, arb_vec2 s0, arb_vec2 d, arb_vec2 c, double r)
{
	arb_vec2 w = sub(s0, c);
	double l = norm(d), h = fabs(cross(d, w)) / l;
	if (!(r - h > x->eps))
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
 * centre is inside, or the shape comes within x->eps of an edge; the core
 * distance also catches a polygon lying wholly under a rect. A centre or a
 * round base is a point-segment distance per edge. */
static bool through_at(const through *x, arb_vec2 c)
{
	if (arb__geom_inside_polygon(x->poly, x->np, c))
		return true;
	core k = {.n = 1};
	if (x->kind == THR_RECT)
		k = arb__geom_core_at(x->a, c);
	for (size_t i = 0; i < x->np; i++) {
		arb_vec2 e0 = x->poly[i], e1 = x->poly[(i + 1) % x->np], p, q;
		if (x->kind != THR_RECT) {
			if (point_seg(c, e0, e1, &p) - x->r <= x->eps)
				return true;
			continue;
		}
		core e = {.v = {e0, e1}, .n = 2};
		if (arb__geom_shape_gap(&k, &e, &p, &q) <= x->eps)
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
		arb__geom_put_none(m, 0, first);
		return 0;
	}
	through x = {.a = a, .poly = poly, .np = np, .kind = THR_CENTRE};
	if (how == ARB_THROUGH_BASE && a->base.shape == ARB_BASE_RECT) {
		x.kind = THR_RECT;
		arb__geom_rect_corners(a, v2(0, 0), x.off);
	} else if (how == ARB_THROUGH_BASE) {
		x.kind = THR_ROUND;
		x.r = base_radius(a);
	}
	double mag = 0;
	for (size_t i = 0; i < n; i++)
		mag = fmax(mag, absmax2(pts[i]));
	for (size_t i = 0; i < np; i++)
		mag = fmax(mag, absmax2(poly[i]));
	arb_vec2 ext = arb_geom_half_extent(a);
	x.eps = geom_eps(mag + fmax(ext.x, ext.y));
	if (np > (SIZE_MAX / sizeof(double) - 2) / 12 ||
	    !(x.ev = malloc((12 * np + 2) * sizeof *x.ev))) {
		arb__geom_put_none(m, NAN, first);
		return NAN;
	}
	for (size_t s = 0; s + 1 < n; s++) {
		arb_vec2 c0 = pts[s], c1 = pts[s + 1], d = sub(c1, c0);
		double seg = norm(d);
		if (!(seg > 0))
			continue;
		collect_events(&x, c0, d);
		qsort(x.ev, x.nev, sizeof *x.ev, cmp_double);
		/* merge events closer than ev_eps, keeping 0 and 1 exact */
		double ev_eps = fmax(EVENT_EPS, x.eps / seg);
		size_t u = 1;
		for (size_t i = 1; i < x.nev; i++)
			if (x.ev[i] - x.ev[u - 1] > ev_eps && 1 - x.ev[i] > ev_eps)
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
	if (!any) {
		arb__geom_put_none(m, 0, first);
		return 0;
	}
	arb__geom_put(m, len, first, last, -1);
	return len;
}
