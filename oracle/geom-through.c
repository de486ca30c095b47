/* geom-through.c: how far a path runs through a piece of terrain
 * (arb_geom_path_through; arbiter.h, section 2; docs/geometry.md), found
 * from the parameters at which contact can begin or end: exact, no
 * sampling.
 */
#include "geom.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
 * find events may be generous.
 *
 * Only edges that come within reach of the segment (the base's extent and
 * the threshold: bounding boxes first, then the segment's distance) give
 * events or are measured at a middle: a farther edge can neither touch
 * the base nor be crossed by its centre. Whether the centre is inside
 * counts only the edges that span its height, from a table of the
 * polygon's edges by height. So a segment costs a pass over the edges'
 * boxes and then grows with the edges near it, not with their square. */

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
	double reach; /* no edge farther from the centre's path can matter */
	bbox *ebox;   /* each edge's box */
	size_t *near; /* the edges within reach of the segment */
	size_t nnear;
	/* Edges by height: band k (of nb, each h high from y0) lists in
	 * bitem[bstart[k] .. bstart[k+1]) every edge whose height meets it. */
	double y0, h;
	size_t nb, *bstart, *bitem;
	/* Edges by cell (a many-cornered polygon): cell (cx, cy) of gnx x gny,
	 * each gs across from (gx0, gy0), lists gitem[gstart[c] .. gstart[c+1]);
	 * gnx 0: every edge's box is tested. stamp marks an edge seen by the
	 * query tick. */
	double gx0, gy0, gs;
	size_t gnx, gny, *gstart, *gitem, *stamp, tick;
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
	for (size_t t = 0; t < x->nnear; t++) {
		size_t i = x->near[t];
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
static bool inside(const through *x, arb_vec2 p)
{
	if (!x->nb)
		return arb__geom_inside_polygon(x->poly, x->np, p);
	/* arb__geom_inside_polygon's test, over the edges that can toggle it
	 * (those whose height spans p.y): the same parity. */
	double f = floor((p.y - x->y0) / x->h);
	size_t band = !(f > 0) ? 0 : f >= (double)(x->nb - 1) ? x->nb - 1 : (size_t)f;
	bool in = false;
	for (size_t t = x->bstart[band]; t < x->bstart[band + 1]; t++) {
		size_t i = x->bitem[t], j = i ? i - 1 : x->np - 1;
		if (geom_ray_toggles(x->poly[i], x->poly[j], p))
			in = !in;
	}
	return in;
}

static bool through_at(const through *x, arb_vec2 c)
{
	if (inside(x, c))
		return true;
	core k = {.n = 1};
	if (x->kind == THR_RECT)
		k = arb__geom_core_at(x->a, c);
	bbox at = {c.x - x->reach, c.y - x->reach, c.x + x->reach, c.y + x->reach};
	for (size_t t = 0; t < x->nnear; t++) {
		size_t i = x->near[t];
		bbox eb = x->ebox[i];
		if (eb.x0 > at.x1 || eb.x1 < at.x0 || eb.y0 > at.y1 || eb.y1 < at.y0)
			continue; /* out of reach of this point */
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

/* Edge i into x->near if it comes within reach of the segment c0c1 (of
 * box sb). */
static void near_test(through *x, size_t i, arb_vec2 c0, arb_vec2 c1, bbox sb)
{
	bbox e = x->ebox[i];
	if (e.x0 > sb.x1 || e.x1 < sb.x0 || e.y0 > sb.y1 || e.y1 < sb.y0)
		return;
	arb_vec2 p, q;
	core s = {.v = {c0, c1}, .n = 2}, k = {.v = {x->poly[i], x->poly[(i + 1) % x->np]}, .n = 2};
	if (arb__geom_core_dist(&s, &k, &p, &q) <= x->reach)
		x->near[x->nnear++] = i;
}

/* The edges within reach of the segment c0c1 into x->near, in index order.
 * With the cells: those of each row of cells that the segment, grown by
 * the reach, crosses. */
static void near_edges(through *x, arb_vec2 c0, arb_vec2 c1)
{
	double g = x->reach;
	bbox sb = {fmin(c0.x, c1.x) - g, fmin(c0.y, c1.y) - g, fmax(c0.x, c1.x) + g,
	           fmax(c0.y, c1.y) + g};
	x->nnear = 0;
	if (!x->gnx) {
		for (size_t i = 0; i < x->np; i++)
			near_test(x, i, c0, c1, sb);
		return;
	}
	x->tick++;
	double dy = c1.y - c0.y;
	size_t r0 = geom_cell(sb.y0, x->gy0, x->gs, x->gny),
	       r1 = geom_cell(sb.y1, x->gy0, x->gs, x->gny);
	for (size_t r = r0; r <= r1; r++) {
		/* where the segment is within reach of this row's height */
		double lo = x->gy0 + (double)r * x->gs - g, hi = lo + x->gs + 2 * g;
		double t0 = 0, t1 = 1;
		if (dy != 0) {
			double a = (lo - c0.y) / dy, b = (hi - c0.y) / dy;
			t0 = fmax(0, fmin(a, b));
			t1 = fmin(1, fmax(a, b));
			if (!(t0 <= t1))
				continue;
		}
		double xa = c0.x + (c1.x - c0.x) * t0, xb = c0.x + (c1.x - c0.x) * t1;
		size_t q0 = geom_cell(fmin(xa, xb) - g, x->gx0, x->gs, x->gnx);
		size_t q1 = geom_cell(fmax(xa, xb) + g, x->gx0, x->gs, x->gnx);
		for (size_t c = r * x->gnx + q0; c <= r * x->gnx + q1; c++)
			for (size_t t = x->gstart[c]; t < x->gstart[c + 1]; t++) {
				size_t i = x->gitem[t];
				if (x->stamp[i] == x->tick)
					continue;
				x->stamp[i] = x->tick;
				near_test(x, i, c0, c1, sb);
			}
	}
	qsort(x->near, x->nnear, sizeof *x->near, geom_cmp_size);
}

/* The cells of a polygon of 64 corners or more (fewer: none): about one
 * edge a cell, made larger until there are at most 8 memberships an
 * edge. 0, or -1 when out of memory. */
static int edge_cells(through *x)
{
	size_t np = x->np;
	x->gnx = 0;
	if (np < 64)
		return 0;
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < np; i++) {
		x0 = fmin(x0, x->ebox[i].x0);
		y0 = fmin(y0, x->ebox[i].y0);
		x1 = fmax(x1, x->ebox[i].x1);
		y1 = fmax(y1, x->ebox[i].y1);
	}
	double span = fmax(x1 - x0, y1 - y0);
	if (!(span > 0) || !isfinite(span))
		return 0;
	double gs = span / ceil(sqrt((double)np));
	for (;; gs *= 2) {
		double nx = floor((x1 - x0) / gs) + 1, ny = floor((y1 - y0) / gs) + 1, total = 0;
		for (size_t i = 0; i < np; i++)
			total += (floor((x->ebox[i].x1 - x0) / gs) -
			          floor((x->ebox[i].x0 - x0) / gs) + 1) *
			         (floor((x->ebox[i].y1 - y0) / gs) -
			          floor((x->ebox[i].y0 - y0) / gs) + 1);
		if (total <= 8.0 * (double)np || nx * ny <= 4) {
			x->gnx = (size_t)nx;
			x->gny = (size_t)ny;
			break;
		}
	}
	x->gx0 = x0;
	x->gy0 = y0;
	x->gs = gs;
	size_t cells = x->gnx * x->gny;
	x->gstart = calloc(cells + 1, sizeof *x->gstart);
	x->stamp = calloc(np, sizeof *x->stamp);
	if (!x->gstart || !x->stamp)
		return -1;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < np; i++) {
			bbox e = x->ebox[i];
			size_t ax = geom_cell(e.x0, x0, gs, x->gnx),
			       bx = geom_cell(e.x1, x0, gs, x->gnx);
			size_t ay = geom_cell(e.y0, y0, gs, x->gny),
			       by = geom_cell(e.y1, y0, gs, x->gny);
			for (size_t cy = ay; cy <= by; cy++)
				for (size_t cx = ax; cx <= bx; cx++) {
					size_t c = cy * x->gnx + cx;
					if (pass == 0)
						x->gstart[c + 1]++;
					else
						x->gitem[x->gstart[c]++] = i;
				}
		}
		if (pass == 0) {
			for (size_t c = 0; c < cells; c++)
				x->gstart[c + 1] += x->gstart[c];
			x->gitem =
			    malloc((x->gstart[cells] ? x->gstart[cells] : 1) * sizeof *x->gitem);
			if (!x->gitem)
				return -1;
		}
	}
	memmove(x->gstart + 1, x->gstart, cells * sizeof *x->gstart);
	x->gstart[0] = 0;
	return 0;
}

/* The table of edges by height (x->nb bands; 0 bands: every edge is
 * tested), made smaller until it holds at most 16 entries an edge. Edge i
 * here is poly[i] to poly[i - 1], as arb__geom_inside_polygon pairs them.
 * 0, or -1 when out of memory. */
static int height_bands(through *x)
{
	size_t np = x->np;
	double y0 = INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < np; i++) {
		y0 = fmin(y0, x->poly[i].y);
		y1 = fmax(y1, x->poly[i].y);
	}
	x->nb = 0;
	if (np < 16 || !(y1 > y0))
		return 0;
	for (size_t nb = np; nb >= 2; nb /= 2) {
		double h = (y1 - y0) / (double)nb, total = 0;
		for (size_t i = 0; i < np; i++) {
			arb_vec2 a = x->poly[i], b = x->poly[i ? i - 1 : np - 1];
			total +=
			    floor((fmax(a.y, b.y) - y0) / h) - floor((fmin(a.y, b.y) - y0) / h) + 1;
		}
		if (total > 16.0 * (double)np)
			continue;
		x->y0 = y0;
		x->h = h;
		x->nb = nb;
		break;
	}
	if (!x->nb)
		return 0;
	x->bstart = calloc(x->nb + 1, sizeof *x->bstart);
	if (!x->bstart)
		return -1;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < np; i++) {
			arb_vec2 a = x->poly[i], b = x->poly[i ? i - 1 : np - 1];
			double f0 = floor((fmin(a.y, b.y) - x->y0) / x->h);
			double f1 = floor((fmax(a.y, b.y) - x->y0) / x->h);
			size_t k0 = !(f0 > 0)                   ? 0
			            : f0 >= (double)(x->nb - 1) ? x->nb - 1
			                                        : (size_t)f0;
			size_t k1 = !(f1 > 0)                   ? 0
			            : f1 >= (double)(x->nb - 1) ? x->nb - 1
			                                        : (size_t)f1;
			for (size_t k = k0; k <= k1; k++) {
				if (pass == 0)
					x->bstart[k + 1]++;
				else
					x->bitem[x->bstart[k]++] = i;
			}
		}
		if (pass == 0) {
			for (size_t k = 0; k < x->nb; k++)
				x->bstart[k + 1] += x->bstart[k];
			x->bitem =
			    malloc((x->bstart[x->nb] ? x->bstart[x->nb] : 1) * sizeof *x->bitem);
			if (!x->bitem)
				return -1;
		}
	}
	/* the second pass moved each start to the next band's: back one */
	memmove(x->bstart + 1, x->bstart, x->nb * sizeof *x->bstart);
	x->bstart[0] = 0;
	return 0;
}

static void through_free(through *x)
{
	free(x->ev);
	free(x->ebox);
	free(x->near);
	free(x->bstart);
	free(x->bitem);
	free(x->gstart);
	free(x->gitem);
	free(x->stamp);
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
	/* the base's farthest point from its centre, the threshold, and room
	 * for the slack of the crossing tests */
	x.reach = (x.kind == THR_CENTRE ? 0 : hypot(ext.x, ext.y)) * (1 + 1e-9) + 4 * x.eps;
	if (np > (SIZE_MAX / sizeof(double) - 2) / 12 ||
	    !(x.ev = malloc((12 * np + 2) * sizeof *x.ev)) ||
	    !(x.ebox = malloc(np * sizeof *x.ebox)) || !(x.near = malloc(np * sizeof *x.near)) ||
	    height_bands(&x) != 0) {
		through_free(&x);
		arb__geom_put_none(m, NAN, first);
		return NAN;
	}
	for (size_t i = 0; i < np; i++) {
		arb_vec2 e0 = poly[i], e1 = poly[(i + 1) % np];
		x.ebox[i] =
		    (bbox){fmin(e0.x, e1.x), fmin(e0.y, e1.y), fmax(e0.x, e1.x), fmax(e0.y, e1.y)};
	}
	if (edge_cells(&x) != 0) {
		through_free(&x);
		arb__geom_put_none(m, NAN, first);
		return NAN;
	}
	for (size_t s = 0; s + 1 < n; s++) {
		arb_vec2 c0 = pts[s], c1 = pts[s + 1], d = sub(c1, c0);
		double seg = norm(d);
		if (!(seg > 0))
			continue;
		near_edges(&x, c0, c1);
		if (x.nnear == 0 && !inside(&x, c0))
			continue; /* nothing near and outside: outside all along */
		collect_events(&x, c0, d);
		qsort(x.ev, x.nev, sizeof *x.ev, geom_cmp_double);
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
	through_free(&x);
	if (!any) {
		arb__geom_put_none(m, 0, first);
		return 0;
	}
	arb__geom_put(m, len, first, last, -1);
	return len;
}
