/* geom-distance.c: distances between bases at rest, between a base and a
 * polygon or the board's edges, and the extents of a base (arbiter.h,
 * section 2; docs/geometry.md). Round bases, almost every base, take a
 * closed form: centre to centre, or centre to the rect clamped in the
 * rect's own frame.
 */
#include "geom.h"

/* Round base `rd` and rect base `rc`: the rect's closest point to the
 * round's centre is that centre clamped to the rect in the rect's frame.
 * p on the round base, q on the rect. */
static double round_rect(const arb_placed *rd, const arb_placed *rc, arb_vec2 *p, arb_vec2 *q)
{
	arb_vec2 u = arb__geom_facing(rc->facing_deg), v = v2(-u.y, u.x);
	double hd = fabs(rc->base.depth_mm) / 2 / ARB_MM_PER_INCH;
	double hw = fabs(rc->base.w_mm) / 2 / ARB_MM_PER_INCH;
	arb_vec2 w = sub(rd->c, rc->c);
	double lx = dot(w, u), ly = dot(w, v);
	double cx = clampd(lx, -hd, hd), cy = clampd(ly, -hw, hw);
	double ex = lx - cx, ey = ly - cy;
	arb_vec2 y = add(rc->c, add(mul(u, cx), mul(v, cy)));
	return arb__geom_gap_points(rd->c, y, sqrt(ex * ex + ey * ey), base_radius(rd), 0, p, q);
}

double arb_geom_distance(const arb_placed *a, const arb_placed *b, arb_measure *m)
{
	arb_vec2 p, q;
	double gap;
	bool ra = a->base.shape != ARB_BASE_RECT, rb = b->base.shape != ARB_BASE_RECT;
	if (ra && rb) {
		gap = arb__geom_gap_points(a->c, b->c, norm(sub(b->c, a->c)), base_radius(a),
		                           base_radius(b), &p, &q);
	} else if (ra) {
		gap = round_rect(a, b, &p, &q);
	} else if (rb) {
		gap = round_rect(b, a, &q, &p);
	} else {
		core ka = arb__geom_core_at(a, a->c), kb = arb__geom_core_at(b, b->c);
		gap = arb__geom_shape_gap(&ka, &kb, &p, &q);
	}
	double d = fmax(0, gap);
	arb__geom_put(m, d, p, q, -1);
	return d;
}

double arb_geom_path_length(const arb_vec2 *pts, size_t n)
{
	double len = 0;
	for (size_t i = 1; i < n; i++)
		len += norm(sub(pts[i], pts[i - 1]));
	return len;
}

/* n == 1 is a point, n == 2 a segment, n >= 3 a closed polygon. A round
 * base is its centre's distance to each edge less its radius. Edges are
 * compared by their signed gap, so that where the base overlaps the
 * polygon the points are those of the deepest edge. */
double arb_geom_base_polygon_distance(const arb_placed *a, const arb_vec2 *poly, size_t n,
                                      arb_measure *m)
{
	double best = INFINITY;
	arb_vec2 bp = a->c, bq = a->c;
	bool round = a->base.shape != ARB_BASE_RECT;
	double r = base_radius(a);
	core k = {.n = 1};
	if (n == 0) {
		arb__geom_put_none(m, best, a->c);
		return best;
	}
	if (n >= 3 && arb__geom_inside_polygon(poly, n, a->c)) {
		arb__geom_put(m, 0, a->c, a->c, -1);
		return 0;
	}
	if (!round)
		k = arb__geom_core_at(a, a->c);
	size_t edges = n < 3 ? 1 : n;
	for (size_t i = 0; i < edges; i++) {
		arb_vec2 e0 = poly[i], e1 = poly[n < 3 ? n - 1 : (i + 1) % n], p, q, y;
		double gap;
		if (round) {
			double d = point_seg(a->c, e0, e1, &y);
			gap = arb__geom_gap_points(a->c, y, d, r, 0, &p, &q);
		} else {
			core e = {.v = {e0, e1}, .n = 2, .r = 0};
			gap = arb__geom_shape_gap(&k, &e, &p, &q);
		}
		if (gap < best) {
			best = gap;
			bp = p;
			bq = q;
		}
	}
	best = fmax(0, best);
	arb__geom_put(m, best, bp, bq, -1);
	return best;
}

/* The extreme points of a convex shape towards each board edge are core
 * vertices pushed out by the radius, so only those need checking. */
double arb_geom_board_inset(const arb_placed *a, double w, double h, arb_measure *m)
{
	core k = arb__geom_core_at(a, a->c);
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
	arb__geom_put(m, best, bp, bq, -1);
	return best;
}

arb_vec2 arb_geom_half_extent(const arb_placed *a)
{
	if (a->base.shape != ARB_BASE_RECT) {
		double r = base_radius(a);
		return v2(r, r);
	}
	arb_vec2 u = arb__geom_facing(a->facing_deg);
	double hd = fabs(a->base.depth_mm) / 2 / ARB_MM_PER_INCH;
	double hw = fabs(a->base.w_mm) / 2 / ARB_MM_PER_INCH;
	return v2(fabs(u.x) * hd + fabs(u.y) * hw, fabs(u.y) * hd + fabs(u.x) * hw);
}
