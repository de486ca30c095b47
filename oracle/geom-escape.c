/*
 * geom-escape.c: the least straight move that takes a base clear of some
 * bases and to where a caller's test allows it (arb_geom_least_clear,
 * docs/geometry.md "Least move clear"): Grit's "move the minimum distance
 * out from under neath them, maintaining unit coherency".
 *
 * The positions of the moving base's centre at which it touches another
 * base form the edge of the other's core summed with the mover's core
 * reflected, grown by both radii: straight pieces (the polygon's edges
 * pushed out) and arcs (round its vertices). Within a range of another
 * base, the same grown by the range. The nearest point of a set bounded by
 * such pieces is a nearest point of one piece, an end of one, or where two
 * meet: every such point is a candidate, tried nearest first with the
 * kernel's own overlap test and the caller's; arcs are taken as whole
 * circles and pieces without their ends clipped, which only adds
 * candidates the tests then refuse.
 */
#include "geom.h"

#include <stdlib.h>

/* A piece: a segment a-b (circle false), or a circle round a of radius r. */
typedef struct piece {
	bool circle;
	arb_vec2 a, b;
	double r;
} piece;

typedef struct cand {
	arb_vec2 p;
	double d;
} cand;

typedef struct pieces {
	piece *v;
	size_t n, cap;
	cand *c;
	size_t nc, ccap;
} pieces;

static int put_piece(pieces *ps, piece pc)
{
	if (ps->n == ps->cap) {
		size_t cap = ps->cap ? 2 * ps->cap : 32;
		piece *v = realloc(ps->v, cap * sizeof *v);
		if (!v)
			return ARB_ENOMEM;
		ps->v = v;
		ps->cap = cap;
	}
	ps->v[ps->n++] = pc;
	return ARB_OK;
}

static int put_cand(pieces *ps, arb_vec2 p, arb_vec2 start)
{
	if (!isfinite(p.x) || !isfinite(p.y))
		return ARB_OK;
	if (ps->nc == ps->ccap) {
		size_t cap = ps->ccap ? 2 * ps->ccap : 64;
		cand *c = realloc(ps->c, cap * sizeof *c);
		if (!c)
			return ARB_ENOMEM;
		ps->c = c;
		ps->ccap = cap;
	}
	ps->c[ps->nc++] = (cand){p, norm(sub(p, start))};
	return ARB_OK;
}

/* The edge of the positions of m's centre within grow of base b's shape:
 * b's core summed with m's core reflected (m centred at the origin), grown
 * by both radii and grow. */
static int put_region(pieces *ps, const arb_placed *m, const arb_placed *b, double grow)
{
	core kb = arb__geom_core_at(b, b->c), km = arb__geom_core_at(m, v2(0, 0));
	arb_vec2 pts[HULL_MAX], hull[HULL_MAX];
	int n = 0;
	for (int i = 0; i < kb.n; i++)
		for (int j = 0; j < km.n; j++)
			pts[n++] = sub(kb.v[i], km.v[j]);
	int h = arb__geom_hull(pts, n, hull);
	double r = kb.r + km.r + grow;
	int rc = ARB_OK;
	for (int i = 0; i < h && rc == ARB_OK; i++) {
		rc = put_piece(ps, (piece){.circle = true, .a = hull[i], .r = r});
		if (h < 2 || rc)
			continue;
		arb_vec2 p = hull[i], q = hull[(i + 1) % h], e = sub(q, p);
		double l = norm(e);
		if (l <= 0 || (h == 2 && i == 1 && r <= 0))
			continue;
		/* counter-clockwise: the outside is to the right of p->q; a
		 * segment core (h == 2) has both sides */
		arb_vec2 out = v2(e.y / l * r, -e.x / l * r);
		rc = put_piece(ps, (piece){.circle = false, .a = add(p, out), .b = add(q, out)});
	}
	return rc;
}

/* Candidates of one piece alone: its nearest point to s, its ends. */
static int put_own(pieces *ps, const piece *pc, arb_vec2 s)
{
	if (!pc->circle) {
		arb_vec2 c;
		int rc = put_cand(ps, pc->a, s);
		if (!rc)
			rc = put_cand(ps, pc->b, s);
		if (!rc) {
			point_seg(s, pc->a, pc->b, &c);
			rc = put_cand(ps, c, s);
		}
		return rc;
	}
	if (pc->r <= 0)
		return put_cand(ps, pc->a, s);
	arb_vec2 d = sub(s, pc->a);
	double l = norm(d);
	/* from its centre every point is as near: one stands for them, the
	 * meeting points bound the part allowed */
	return put_cand(
	    ps, l > 1e-12 ? add(pc->a, mul(d, pc->r / l)) : v2(pc->a.x + pc->r, pc->a.y), s);
}

/* Where circle (c, r) meets the line through a, b, within the segment. */
static int meet_circle_seg(pieces *ps, arb_vec2 c, double r, arb_vec2 a, arb_vec2 b, arb_vec2 s)
{
	arb_vec2 e = sub(b, a), f = sub(a, c);
	double A = dot(e, e), B = 2 * dot(f, e), C = dot(f, f) - r * r, disc = B * B - 4 * A * C;
	if (A <= 0 || disc < 0)
		return ARB_OK;
	double q = sqrt(disc);
	int rc = ARB_OK;
	for (int k = -1; k <= 1 && rc == ARB_OK; k += 2) {
		double t = (-B + k * q) / (2 * A);
		if (t >= -1e-12 && t <= 1 + 1e-12)
			rc = put_cand(ps, add(a, mul(e, t)), s);
	}
	return rc;
}

static int meet(pieces *ps, const piece *x, const piece *y, arb_vec2 s)
{
	if (x->circle && y->circle) {
		if (x->r <= 0 || y->r <= 0)
			return ARB_OK; /* a point: a candidate of its own already */
		arb_vec2 e = sub(y->a, x->a);
		double d = norm(e);
		if (d < 1e-12)
			return ARB_OK;
		double along = (d * d + x->r * x->r - y->r * y->r) / (2 * d),
		       h2 = x->r * x->r - along * along;
		if (h2 < 0)
			return ARB_OK;
		double h = sqrt(h2);
		arb_vec2 u = mul(e, 1 / d), mid = add(x->a, mul(u, along));
		int rc = put_cand(ps, v2(mid.x - h * u.y, mid.y + h * u.x), s);
		return rc ? rc : put_cand(ps, v2(mid.x + h * u.y, mid.y - h * u.x), s);
	}
	if (x->circle || y->circle) {
		const piece *c = x->circle ? x : y, *g = x->circle ? y : x;
		return c->r > 0 ? meet_circle_seg(ps, c->a, c->r, g->a, g->b, s) : ARB_OK;
	}
	arb_vec2 e = sub(x->b, x->a), f = sub(y->b, y->a);
	double den = cross(e, f);
	if (fabs(den) < 1e-15)
		return ARB_OK;
	arb_vec2 g = sub(y->a, x->a);
	double t = cross(g, f) / den, u = cross(g, e) / den;
	if (t < -1e-12 || t > 1 + 1e-12 || u < -1e-12 || u > 1 + 1e-12)
		return ARB_OK;
	return put_cand(ps, add(x->a, mul(e, t)), s);
}

static int by_distance(const void *a, const void *b)
{
	double x = ((const cand *)a)->d, y = ((const cand *)b)->d;
	return x < y ? -1 : x > y;
}

int arb_geom_least_clear(double *out, arb_vec2 *at, const arb_placed *m, const arb_placed *clear,
                         size_t n_clear, double tol, const arb_placed *near, size_t n_near,
                         double range, arb_geom_accept_fn accept, void *ctx)
{
	pieces ps = {0};
	arb_vec2 s = m->c;
	int rc = put_cand(&ps, s, s);
	*out = INFINITY;
	for (size_t i = 0; i < n_clear && rc == ARB_OK; i++)
		rc = put_region(&ps, m, &clear[i], 0);
	for (size_t i = 0; i < n_near && rc == ARB_OK; i++)
		rc = put_region(&ps, m, &near[i], range);
	for (size_t i = 0; i < ps.n && rc == ARB_OK; i++) {
		rc = put_own(&ps, &ps.v[i], s);
		for (size_t j = i + 1; j < ps.n && rc == ARB_OK; j++)
			rc = meet(&ps, &ps.v[i], &ps.v[j], s);
	}
	if (rc == ARB_OK && ps.nc > 1)
		qsort(ps.c, ps.nc, sizeof *ps.c, by_distance);
	for (size_t k = 0; k < ps.nc && rc == ARB_OK; k++) {
		arb_placed p = *m;
		p.c = ps.c[k].p;
		bool ok = true;
		for (size_t i = 0; i < n_clear && ok; i++)
			ok = arb_geom_penetration(&p, &clear[i]) <= tol;
		if (ok && accept) {
			int a = accept(ctx, p.c);
			if (a < 0)
				rc = a;
			ok = a > 0;
		}
		if (ok && rc == ARB_OK) {
			*out = ps.c[k].d;
			if (at)
				*at = p.c;
			break;
		}
	}
	free(ps.v);
	free(ps.c);
	return rc;
}
