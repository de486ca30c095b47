/* test_geom_through.c: unit tests of arb_geom_path_through
 * (oracle/geom-through.c), including paths along an edge far from the
 * origin. Expected values are worked out by hand in the comments. */
#include "geom_support.h"

/* ---- moving through terrain ----------------------------------------------
 * Terrain is mostly the 4 x 4 square [0,4] x [0,4]. A 25 mm round base
 * has radius R25 = 12.5 / 25.4 (about 0.492126"); a 25 x 50 mm rect at
 * facing 0 has half-extents HX = 25 / 25.4 along x and HY = 12.5 / 25.4
 * along y. */

static const arb_vec2 SQ4[] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
static const double R25 = 12.5 / 25.4;

static double through(const arb_placed *a, const arb_vec2 *pts, size_t n, arb_through how,
                      arb_measure *m)
{
	return arb_geom_path_through(a, pts, n, SQ4, 4, how, m);
}

Test(geometry, through_square_straight)
{
	arb_measure m;
	arb_placed a = round_at(0, 0, 25);
	arb_vec2 p[] = {{-3, 2}, {7, 2}};
	/* centre: x in [0, 4] */
	NEAR(through(&a, p, 2, ARB_THROUGH_CENTRE, &m), 4);
	NEAR(m.figure, 4);
	NEAR_PT(m.p, 0, 2);
	NEAR_PT(m.q, 4, 2);
	cr_assert(eq(i64, m.other, -1));
	cr_assert(eq(dbl, m.limit, 0));
	/* base: from touching the left side (x = -r) to leaving the right one */
	NEAR(through(&a, p, 2, ARB_THROUGH_BASE, &m), 4 + 2 * R25);
	NEAR_PT(m.p, -R25, 2);
	NEAR_PT(m.q, 4 + R25, 2);
	NEAR(through(&a, p, 2, ARB_THROUGH_BASE, NULL), 4 + 2 * R25);
	/* the polygon's orientation does not matter; nor does the direction */
	arb_vec2 cw[] = {{0, 0}, {0, 4}, {4, 4}, {4, 0}}, back[] = {{7, 2}, {-3, 2}};
	NEAR(arb_geom_path_through(&a, p, 2, cw, 4, ARB_THROUGH_BASE, NULL), 4 + 2 * R25);
	NEAR(through(&a, back, 2, ARB_THROUGH_BASE, &m), 4 + 2 * R25);
	NEAR_PT(m.p, 4 + R25, 2);
	NEAR_PT(m.q, -R25, 2);
	/* diagonally through two corners: 4 R2 for the centre */
	arb_vec2 diag[] = {{-1, -1}, {5, 5}};
	NEAR(through(&a, diag, 2, ARB_THROUGH_CENTRE, &m), 4 * R2);
	NEAR_PT(m.p, 0, 0);
	NEAR_PT(m.q, 4, 4);
}

Test(geometry, through_beside_square)
{
	arb_measure m;
	arb_placed a = round_at(0, 0, 25);
	/* path along y = -g below the bottom side */
	arb_vec2 far[] = {{-3, -0.7}, {7, -0.7}}, near[] = {{-3, -0.3}, {7, -0.3}};
	cr_assert(eq(dbl, through(&a, far, 2, ARB_THROUGH_CENTRE, &m), 0));
	NEAR_PT(m.p, -3, -0.7);
	NEAR_PT(m.q, -3, -0.7);
	cr_assert(eq(dbl, through(&a, far, 2, ARB_THROUGH_BASE, &m), 0)); /* g = 0.7 > r */
	NEAR_PT(m.p, -3, -0.7);
	NEAR_PT(m.q, -3, -0.7);
	cr_assert(eq(dbl, through(&a, near, 2, ARB_THROUGH_CENTRE, NULL), 0));
	/* g = 0.3 < r: within r of the side for x in [0, 4], and of the corners
	 * (0,0) and (4,0) for another h = sqrt(r^2 - g^2) beyond each */
	double h = sqrt(R25 * R25 - 0.09);
	NEAR(through(&a, near, 2, ARB_THROUGH_BASE, &m), 4 + 2 * h);
	NEAR_PT(m.p, -h, -0.3);
	NEAR_PT(m.q, 4 + h, -0.3);
	/* g = r exactly (25.4 mm: r = 0.5): the base slides along the side,
	 * touching, for x in [0, 4]; the corner circles add nothing */
	arb_placed b = rnd(0, 0);
	arb_vec2 touch[] = {{-3, -0.5}, {7, -0.5}};
	NEAR(through(&b, touch, 2, ARB_THROUGH_BASE, &m), 4);
	NEAR_PT(m.p, 0, -0.5);
	NEAR_PT(m.q, 4, -0.5);
	/* the centre running along the side itself: on the boundary is inside */
	arb_vec2 along[] = {{-3, 0}, {7, 0}};
	NEAR(through(&b, along, 2, ARB_THROUGH_CENTRE, &m), 4);
	NEAR_PT(m.p, 0, 0);
	NEAR_PT(m.q, 4, 0);
}

Test(geometry, through_partial_paths)
{
	arb_measure m;
	arb_placed a = round_at(0, 0, 25);
	/* ending inside: q is the path's end */
	arb_vec2 in[] = {{-2, 2}, {2, 2}};
	NEAR(through(&a, in, 2, ARB_THROUGH_CENTRE, &m), 2);
	NEAR_PT(m.p, 0, 2);
	NEAR_PT(m.q, 2, 2);
	NEAR(through(&a, in, 2, ARB_THROUGH_BASE, &m), 2 + R25);
	NEAR_PT(m.p, -R25, 2);
	NEAR_PT(m.q, 2, 2);
	/* starting inside: p is the path's start */
	arb_vec2 out[] = {{2, 2}, {7, 2}};
	NEAR(through(&a, out, 2, ARB_THROUGH_CENTRE, &m), 2);
	NEAR_PT(m.p, 2, 2);
	NEAR_PT(m.q, 4, 2);
	NEAR(through(&a, out, 2, ARB_THROUGH_BASE, &m), 2 + R25);
	NEAR_PT(m.p, 2, 2);
	NEAR_PT(m.q, 4 + R25, 2);
	/* wholly inside: the whole path, from start to end */
	arb_vec2 all[] = {{1, 1}, {3, 1}, {3, 3}};
	NEAR(through(&a, all, 3, ARB_THROUGH_CENTRE, &m), 4);
	NEAR_PT(m.p, 1, 1);
	NEAR_PT(m.q, 3, 3);
	/* the base stays touching while the centre is outside: 1.2 > r is
	 * out, 0.3 < r touches the top side */
	arb_vec2 top[] = {{1, 4.3}, {3, 4.3}, {3, 5.2}};
	NEAR(through(&a, top, 3, ARB_THROUGH_CENTRE, &m), 0);
	NEAR(through(&a, top, 3, ARB_THROUGH_BASE, &m), 2 + (4 + R25 - 4.3));
	NEAR_PT(m.p, 1, 4.3);
	NEAR_PT(m.q, 3, 4 + R25);
}

Test(geometry, through_several_segments)
{
	arb_measure m;
	arb_placed a = rnd(0, 0); /* r = 0.5 */
	/* in and out along y = 1, across at x = 6 (2 from the side), back in
	 * and out along y = 3: 4 + 0 + 4 for the centre, 5 + 0 + 5 for the base */
	arb_vec2 p[] = {{-2, 1}, {6, 1}, {6, 3}, {-2, 3}};
	NEAR(through(&a, p, 4, ARB_THROUGH_CENTRE, &m), 8);
	NEAR_PT(m.p, 0, 1);
	NEAR_PT(m.q, 0, 3);
	NEAR(through(&a, p, 4, ARB_THROUGH_BASE, &m), 10);
	NEAR_PT(m.p, -0.5, 1);
	NEAR_PT(m.q, -0.5, 3);
	/* the same with the turns inside the square: the lengths add across
	 * the corners (3 + 2 + 3 along the centre path inside) */
	arb_vec2 z[] = {{-2, 1}, {3, 1}, {3, 3}, {-2, 3}};
	NEAR(through(&a, z, 4, ARB_THROUGH_CENTRE, &m), 8);
	NEAR_PT(m.p, 0, 1);
	NEAR_PT(m.q, 0, 3);
	NEAR(through(&a, z, 4, ARB_THROUGH_BASE, NULL), 9);
}

Test(geometry, through_concave)
{
	arb_measure m;
	/* a U with a notch x in [4, 6], y in [4, 10]; the path y = 7 crosses
	 * the left arm, the notch and the right arm */
	arb_vec2 u[] = {{0, 0}, {10, 0}, {10, 10}, {6, 10}, {6, 4}, {4, 4}, {4, 10}, {0, 10}};
	arb_vec2 p[] = {{-2, 7}, {12, 7}};
	arb_placed a = rnd(0, 0);
	NEAR(arb_geom_path_through(&a, p, 2, u, 8, ARB_THROUGH_CENTRE, &m), 8);
	NEAR_PT(m.p, 0, 7);
	NEAR_PT(m.q, 10, 7);
	/* r = 0.5: [-0.5, 4.5] and [5.5, 10.5] */
	NEAR(arb_geom_path_through(&a, p, 2, u, 8, ARB_THROUGH_BASE, &m), 10);
	NEAR_PT(m.p, -0.5, 7);
	NEAR_PT(m.q, 10.5, 7);
	/* r = 1.25 spans the notch: always touching, [-1.25, 11.25] */
	a = round_at(0, 0, 63.5);
	NEAR(arb_geom_path_through(&a, p, 2, u, 8, ARB_THROUGH_BASE, NULL), 12.5);
	/* rect 2" x 1": at facing 0 it is 1" wide along x, as r = 0.5 */
	a = rct(0, 0, 0);
	NEAR(arb_geom_path_through(&a, p, 2, u, 8, ARB_THROUGH_BASE, NULL), 10);
	/* at facing 90 it is 2" wide: touches both arms at x = 5, so [-1, 11] */
	a = rct(0, 0, 90);
	NEAR(arb_geom_path_through(&a, p, 2, u, 8, ARB_THROUGH_BASE, &m), 12);
	NEAR_PT(m.p, -1, 7);
	NEAR_PT(m.q, 11, 7);
	/* a path down the notch and out through its floor: centre inside for
	 * y in [0, 4] only */
	arb_vec2 down[] = {{5, 12}, {5, -2}};
	a = rnd(0, 0);
	NEAR(arb_geom_path_through(&a, down, 2, u, 8, ARB_THROUGH_CENTRE, &m), 4);
	NEAR_PT(m.p, 5, 4);
	NEAR_PT(m.q, 5, 0);
	/* the base (r = 0.5) fits the notch (1 from each side): only from
	 * y = 4.5 down to -0.5 */
	NEAR(arb_geom_path_through(&a, down, 2, u, 8, ARB_THROUGH_BASE, &m), 5);
	NEAR_PT(m.p, 5, 4.5);
	NEAR_PT(m.q, 5, -0.5);
}

Test(geometry, through_touch_corner_only)
{
	arb_measure m;
	arb_placed a = rnd(0, 0); /* r = 0.5 */
	/* the centre passes through the corner (0,0) only */
	arb_vec2 c[] = {{-1, 1}, {1, -1}};
	cr_assert(eq(dbl, through(&a, c, 2, ARB_THROUGH_CENTRE, &m), 0));
	NEAR_PT(m.p, -1, 1);
	NEAR_PT(m.q, -1, 1);
	/* the base passes the corner (4,4) tangentially: centre at (4.3, 4.4),
	 * 0.5 from the corner, moving along (-0.4, 0.3); everywhere else it
	 * is further from the square. (Rounding makes it dip into the corner's
	 * circle by a hair or miss it by one; a dip of up to 1e-12 is a graze,
	 * not a chord of about 1e-6.) */
	arb_vec2 t[] = {{5.1, 3.8}, {3.5, 5.0}};
	cr_assert(eq(dbl, through(&a, t, 2, ARB_THROUGH_BASE, &m), 0));
	NEAR_PT(m.p, 5.1, 3.8);
	/* 1e-6 closer, a real chord: 2 sqrt(r^2 - (r - 1e-6)^2), centred on
	 * the tangent point */
	double in = 1e-6, ch = sqrt(0.25 - (0.5 - in) * (0.5 - in));
	arb_vec2 tc[] = {{5.1 - 0.6 * in, 3.8 - 0.8 * in}, {3.5 - 0.6 * in, 5.0 - 0.8 * in}};
	NEAR(through(&a, tc, 2, ARB_THROUGH_BASE, &m), 2 * ch);
	NEAR_PT(m.p, 4.3 - 0.6 * in + 0.8 * ch, 4.4 - 0.8 * in - 0.6 * ch);
	NEAR_PT(m.q, 4.3 - 0.6 * in - 0.8 * ch, 4.4 - 0.8 * in + 0.6 * ch);
	/* ending at the touch */
	arb_vec2 e[] = {{8, 8}, {4.3, 4.4}};
	cr_assert(eq(dbl, through(&a, e, 2, ARB_THROUGH_BASE, &m), 0));
	NEAR_PT(m.p, 8, 8);
	NEAR_PT(m.q, 8, 8);
	/* a rect at facing 0 whose lower-left corner passes exactly through
	 * (4,4) moving along (1,-1): before, it is above the square; after,
	 * to its right */
	arb_placed r = rect_at(0, 0, 0, 25, 50);
	double hx = 25 / 25.4, hy = 12.5 / 25.4;
	arb_vec2 d[] = {{4 + hx - 1, 4 + hy + 1}, {4 + hx + 1, 4 + hy - 1}};
	cr_assert(eq(dbl, through(&r, d, 2, ARB_THROUGH_BASE, &m), 0));
	NEAR_PT(m.p, d[0].x, d[0].y);
	/* grazing within 1e-12 (ARB_TOLERANCE_IN is far coarser) is touching
	 * for an instant: the centre 7e-14 outside the corner (0,0), the round
	 * base 5e-13 further than r from (4,4), the rect's corner 5e-13
	 * outside (4,4); each passes closest half-way along */
	arb_vec2 cg[] = {{-1, 1 - 1e-13}, {1, -1 - 1e-13}};
	cr_assert(eq(dbl, through(&a, cg, 2, ARB_THROUGH_CENTRE, &m), 0));
	double o = 5e-13;
	arb_vec2 tg[] = {{5.1 + 0.6 * o, 3.8 + 0.8 * o}, {3.5 + 0.6 * o, 5.0 + 0.8 * o}};
	cr_assert(eq(dbl, through(&a, tg, 2, ARB_THROUGH_BASE, &m), 0));
	arb_vec2 ti[] = {{5.1 - 0.6 * o, 3.8 - 0.8 * o}, {3.5 - 0.6 * o, 5.0 - 0.8 * o}};
	cr_assert(eq(dbl, through(&a, ti, 2, ARB_THROUGH_BASE, &m), 0));
	arb_vec2 dg[] = {{d[0].x + o, d[0].y}, {d[1].x + o, d[1].y}};
	cr_assert(eq(dbl, through(&r, dg, 2, ARB_THROUGH_BASE, &m), 0));
	/* ... and 1e-6 further in, a sliver of length proportional to it */
	arb_vec2 d2[] = {{d[0].x - 1e-6, d[0].y}, {d[1].x - 1e-6, d[1].y}};
	double sl = through(&r, d2, 2, ARB_THROUGH_BASE, &m);
	cr_assert(sl > 0 && sl < 1e-5, "sliver %.17g", sl);
}

Test(geometry, through_rect_base)
{
	arb_measure m;
	double hx = 25 / 25.4, hy = 12.5 / 25.4;
	arb_placed r = rect_at(0, 0, 0, 25, 50); /* 50 mm deep along x */
	arb_vec2 p[] = {{-3, 2}, {7, 2}};
	/* overlaps while x-extents overlap: centre x in [-hx, 4 + hx] */
	NEAR(through(&r, p, 2, ARB_THROUGH_BASE, &m), 4 + 2 * hx);
	NEAR_PT(m.p, -hx, 2);
	NEAR_PT(m.q, 4 + hx, 2);
	NEAR(through(&r, p, 2, ARB_THROUGH_CENTRE, NULL), 4);
	/* facing 90: the 25 mm side is along x */
	r.facing_deg = 90;
	NEAR(through(&r, p, 2, ARB_THROUGH_BASE, &m), 4 + 2 * hy);
	/* facing 45: half-extent along x is (hd + hw) / R2 with hd = 25/25.4,
	 * hw = 12.5/25.4. The extreme corner is (hd - hw)/R2 ~ 0.35 above the
	 * centre, so it meets the side within its y-range [0, 4]. */
	r.facing_deg = 45;
	double h45 = (25 / 25.4 + 12.5 / 25.4) / R2;
	NEAR(through(&r, p, 2, ARB_THROUGH_BASE, &m), 4 + 2 * h45);
	NEAR_PT(m.p, -h45, 2);
	NEAR_PT(m.q, 4 + h45, 2);
	/* along y = 4 + hy -/+ 0.1 at facing 0: y-extents overlap or not; at
	 * exactly 4 + hy the rect slides along the top side, touching */
	r.facing_deg = 0;
	arb_vec2 in[] = {{-3, 4 + hy - 0.1}, {7, 4 + hy - 0.1}};
	arb_vec2 out[] = {{-3, 4 + hy + 0.1}, {7, 4 + hy + 0.1}};
	arb_vec2 on[] = {{-3, 4 + hy}, {7, 4 + hy}};
	NEAR(through(&r, in, 2, ARB_THROUGH_BASE, NULL), 4 + 2 * hx);
	cr_assert(eq(dbl, through(&r, out, 2, ARB_THROUGH_BASE, NULL), 0));
	NEAR(through(&r, on, 2, ARB_THROUGH_BASE, &m), 4 + 2 * hx);
	NEAR_PT(m.p, -hx, 4 + hy);
	/* a rect larger than a small triangle passes right over it: the
	 * triangle lies under the rect while no edges meet */
	arb_vec2 tri[] = {{0, 0}, {0.2, 0}, {0, 0.2}};
	arb_placed big = rect_at(0, 0, 0, 101.6, 101.6); /* 4" x 4" */
	arb_vec2 q[] = {{-5, 0}, {5, 0}};
	NEAR(arb_geom_path_through(&big, q, 2, tri, 3, ARB_THROUGH_BASE, &m), 4.2);
	NEAR_PT(m.p, -2, 0);
	NEAR_PT(m.q, 2.2, 0);
}

/* Contacts that hold exactly only up to rounding once the scene is
 * turned: sliding along a side at exactly r, a rect sliding along the top
 * side, the centre running along a side. Each scene is turned by 0, 30,
 * 90 and 137 degrees about the origin and moved. */
Test(geometry, through_sliding_contacts_turned)
{
	double hx = 25 / 25.4, hy = 12.5 / 25.4;
	struct {
		arb_placed a;
		arb_vec2 p[2];
		arb_through how;
		double want;
	} sc[] = {
	    {round_at(0, 0, 25), {{-3, -R25}, {7, -R25}}, ARB_THROUGH_BASE, 4},
	    {rect_at(0, 0, 0, 25, 50), {{-3, 4 + hy}, {7, 4 + hy}}, ARB_THROUGH_BASE, 4 + 2 * hx},
	    {rect_at(0, 0, 90, 25, 50), {{4 + hy, -3}, {4 + hy, 7}}, ARB_THROUGH_BASE, 4 + 2 * hx},
	    {rnd(0, 0), {{-3, 0}, {7, 0}}, ARB_THROUGH_CENTRE, 4},
	    {rnd(0, 0), {{4, 7}, {4, -3}}, ARB_THROUGH_CENTRE, 4},
	};
	const double rots[] = {0, 30, 90, 137};
	for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++)
		for (size_t k = 0; k < 4; k++) {
			double rot = rots[k], dx = 3.25 * (double)k, dy = -1.5 * (double)k;
			arb_placed a = moved(sc[i].a, dx, dy, rot);
			arb_vec2 p[2], sq[4];
			for (int j = 0; j < 2; j++)
				p[j] = t_move(sc[i].p[j], dx, dy, rot);
			for (int j = 0; j < 4; j++)
				sq[j] = t_move(SQ4[j], dx, dy, rot);
			double got = arb_geom_path_through(&a, p, 2, sq, 4, sc[i].how, NULL);
			cr_assert(fabs(got - sc[i].want) <= EPS,
			          "scene %zu turned %g: %.17g, expected %.17g", i, rot, got,
			          sc[i].want);
		}
}

/* An independent static test for the sampling check: crossing number,
 * point-segment distances and segment crossings. */
static bool t_pip(const arb_vec2 *P, size_t n, arb_vec2 p)
{
	bool in = false;
	for (size_t i = 0, j = n - 1; i < n; j = i++)
		if ((P[i].y > p.y) != (P[j].y > p.y) &&
		    p.x < P[i].x + (P[j].x - P[i].x) * (p.y - P[i].y) / (P[j].y - P[i].y))
			in = !in;
	return in;
}

static double t_pt_seg(arb_vec2 p, arb_vec2 a, arb_vec2 b)
{
	double ex = b.x - a.x, ey = b.y - a.y, l2 = ex * ex + ey * ey;
	double t = l2 > 0 ? ((p.x - a.x) * ex + (p.y - a.y) * ey) / l2 : 0;
	t = fmin(1, fmax(0, t));
	return hypot(p.x - a.x - t * ex, p.y - a.y - t * ey);
}

static double t_orient(arb_vec2 a, arb_vec2 b, arb_vec2 c)
{
	return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static bool t_cross(arb_vec2 a, arb_vec2 b, arb_vec2 c, arb_vec2 d)
{
	return t_orient(a, b, c) * t_orient(a, b, d) <= 0 &&
	       t_orient(c, d, a) * t_orient(c, d, b) <= 0;
}

static bool brute_through(const arb_placed *a, arb_vec2 c, const arb_vec2 *P, size_t n,
                          arb_through how)
{
	if (t_pip(P, n, c))
		return true;
	if (how == ARB_THROUGH_CENTRE || a->base.shape == ARB_BASE_ROUND) {
		double r = how == ARB_THROUGH_CENTRE ? 0 : a->base.d_mm / 2 / 25.4;
		for (size_t i = 0; i < n; i++)
			if (t_pt_seg(c, P[i], P[(i + 1) % n]) <= r)
				return true;
		return false;
	}
	arb_placed b = *a;
	b.c = c;
	arb_vec2 o[4];
	outline(&b, o, 4);
	double t = a->facing_deg * PI / 180, ux = cos(t), uy = sin(t);
	double hd = a->base.depth_mm / 2 / 25.4, hw = a->base.w_mm / 2 / 25.4;
	for (int k = 0; k < 4; k++)
		if (t_pip(P, n, o[k]))
			return true;
	for (size_t i = 0; i < n; i++) {
		double x = P[i].x - c.x, y = P[i].y - c.y;
		if (fabs(x * ux + y * uy) <= hd && fabs(-x * uy + y * ux) <= hw)
			return true;
		for (int k = 0; k < 4; k++)
			if (t_cross(o[k], o[(k + 1) % 4], P[i], P[(i + 1) % n]))
				return true;
	}
	return false;
}

/* Random star-shaped polygons of lo to hi corners and paths of up to 3
 * segments: the same length when the scene moves and turns, and the length
 * a fine sampling finds. */
static void invariance_and_sampling(size_t lo, size_t hi, int scenes, double step, uint64_t seed)
{
	enum { NP = 256, NPATH = 4 };
	lcg_state = seed;
	int hit = 0;
	for (int it = 0; it < scenes; it++) {
		/* a star-shaped (so simple) polygon, either orientation */
		arb_vec2 poly[NP], path[NPATH], poly2[NP], path2[NPATH];
		size_t np = lo + (size_t)lcg(0, (double)(hi - lo) + 0.999),
		       n = 2 + (size_t)lcg(0, NPATH - 1.001);
		double ang[NP], cx = lcg(-1, 1), cy = lcg(-1, 1);
		for (size_t i = 0; i < np; i++)
			ang[i] = lcg(0, 2 * PI);
		for (size_t i = 1; i < np; i++) /* insertion sort */
			for (size_t j = i; j > 0 && ang[j - 1] > ang[j]; j--) {
				double tmp = ang[j];
				ang[j] = ang[j - 1];
				ang[j - 1] = tmp;
			}
		bool cw = lcg(0, 1) < 0.5;
		for (size_t i = 0; i < np; i++) {
			double rr = lcg(1, 4), g = ang[cw ? np - 1 - i : i];
			poly[i] = (arb_vec2){cx + rr * cos(g), cy + rr * sin(g)};
		}
		for (size_t i = 0; i < n; i++)
			path[i] = (arb_vec2){lcg(-6, 6), lcg(-6, 6)};
		arb_placed a = random_base();
		double dx = lcg(-50, 50), dy = lcg(-50, 50), rot = lcg(-400, 400);
		arb_placed a2 = moved(a, dx, dy, rot);
		for (size_t i = 0; i < np; i++)
			poly2[i] = t_move(poly[i], dx, dy, rot);
		for (size_t i = 0; i < n; i++)
			path2[i] = t_move(path[i], dx, dy, rot);
		for (int h = 0; h < 2; h++) {
			arb_through how = h ? ARB_THROUGH_BASE : ARB_THROUGH_CENTRE;
			arb_measure m, m2;
			double len = arb_geom_path_through(&a, path, n, poly, np, how, &m);
			double total = arb_geom_path_length(path, n);
			cr_assert(len >= 0 && len <= total + EPS, "len %.17g of %.17g", len, total);
			/* the whole scene moved and turned */
			NEAR_TOL(arb_geom_path_through(&a2, path2, n, poly2, np, how, &m2), len,
			         1e-8);
			arb_vec2 mp = t_move(m.p, dx, dy, rot), mq = t_move(m.q, dx, dy, rot);
			NEAR_TOL(m2.p.x, mp.x, 1e-6);
			NEAR_TOL(m2.p.y, mp.y, 1e-6);
			NEAR_TOL(m2.q.x, mq.x, 1e-6);
			NEAR_TOL(m2.q.y, mq.y, 1e-6);
			/* sampled: the middles of sub-intervals of at most `step`; each
			 * change of state costs at most one sub-interval */
			double sampled = 0, tol = 0;
			bool any = false;
			arb_vec2 first = path[0], lastp = path[0];
			for (size_t s = 0; s + 1 < n; s++) {
				double ex = path[s + 1].x - path[s].x,
				       ey = path[s + 1].y - path[s].y;
				double l = hypot(ex, ey);
				int N = (int)ceil(l / step), changes = 0;
				bool prev = false;
				for (int k = 0; k < N; k++) {
					double t = (k + 0.5) / N;
					arb_vec2 c = {path[s].x + t * ex, path[s].y + t * ey};
					bool in = brute_through(&a, c, poly, np, how);
					changes += k > 0 && in != prev;
					prev = in;
					if (in) {
						sampled += l / N;
						if (!any)
							first = c;
						any = true;
						lastp = c;
					}
				}
				tol += (changes + 2) * step;
			}
			cr_assert(fabs(len - sampled) <= tol,
			          "it %d how %d: exact %.17g sampled %.17g", it, h, len, sampled);
			if (sampled > 20 * step) {
				hit++;
				cr_assert(hypot(m.p.x - first.x, m.p.y - first.y) <= 2 * step);
				cr_assert(hypot(m.q.x - lastp.x, m.q.y - lastp.y) <= 2 * step);
			}
		}
	}
	cr_assert(hit > scenes * 3 / 4, "only %d scenes met the terrain", hit);
}

Test(geometry, through_invariance_and_sampling)
{
	invariance_and_sampling(3, 10, 40, 1e-3, 4242);
}

/* Polygons of 16 to 200 corners: past the table of edges by height, and
 * with many edges out of reach of each segment. */
Test(geometry, through_many_corners, .timeout = 60)
{
	invariance_and_sampling(16, 200, 12, 2e-3, 777);
}

Test(geometry, through_degenerate)
{
	arb_measure m;
	arb_placed a = rnd(0, 0), r = rct(0, 0, 30);
	arb_vec2 p[] = {{2, 2}, {7, 2}};
	for (int h = 0; h < 2; h++) {
		arb_through how = h ? ARB_THROUGH_BASE : ARB_THROUGH_CENTRE;
		/* no path, one point */
		cr_assert(eq(dbl, through(&a, p, 0, how, &m), 0));
		cr_assert(finite_pt(m.p) && finite_pt(m.q));
		cr_assert(eq(dbl, through(&a, p, 1, how, &m), 0));
		NEAR_PT(m.p, 2, 2);
		NEAR_PT(m.q, 2, 2);
		cr_assert(eq(i64, m.other, -1));
		/* fewer than 3 polygon vertices */
		for (size_t np = 0; np < 3; np++) {
			cr_assert(eq(dbl, arb_geom_path_through(&r, p, 2, SQ4, np, how, &m), 0));
			NEAR_PT(m.p, 2, 2);
		}
		/* zero-length segments and repeated points change nothing */
		arb_vec2 still[] = {{2, 2}, {2, 2}, {2, 2}};
		cr_assert(eq(dbl, through(&a, still, 3, how, &m), 0));
		NEAR_PT(m.q, 2, 2);
		arb_vec2 rep[] = {{-3, 2}, {-3, 2}, {1, 2}, {1, 2}, {1, 2}, {7, 2}, {7, 2}};
		NEAR(through(&a, rep, 7, how, &m), h ? 4 + 1.0 : 4);
		NEAR_PT(m.p, h ? -0.5 : 0, 2);
		NEAR_PT(m.q, h ? 4.5 : 4, 2);
		/* a polygon with repeated vertices */
		arb_vec2 sqr[] = {{0, 0}, {0, 0}, {4, 0}, {4, 4}, {4, 4}, {0, 4}, {0, 0}};
		arb_vec2 line[] = {{-3, 2}, {7, 2}};
		NEAR(arb_geom_path_through(&a, line, 2, sqr, 7, how, NULL), h ? 5 : 4);
		/* zero-area polygons: all one point, all on one line */
		arb_vec2 dot3[] = {{1, 2}, {1, 2}, {1, 2}}, flat[] = {{0, 2}, {4, 2}, {2, 2}};
		double l1 = arb_geom_path_through(&r, line, 2, dot3, 3, how, &m);
		cr_assert(isfinite(l1) && finite_pt(m.p) && finite_pt(m.q));
		double l2 = arb_geom_path_through(&a, line, 2, flat, 3, how, &m);
		cr_assert(isfinite(l2) && finite_pt(m.p) && finite_pt(m.q));
		/* zero-size bases read as their centre */
		arb_placed z = round_at(0, 0, 0), zr = rect_at(0, 0, 17, 0, 0);
		NEAR(through(&z, line, 2, how, NULL), 4);
		NEAR(through(&zr, line, 2, how, NULL), 4);
	}
}

/* A path along an edge of a turned square far from the origin: the
 * centre runs on the edge (inside or on counts), so the centre reading
 * gives the edge's length, 4, and the base reading that plus a radius at
 * each end (the path runs 2" past each corner). The interval middles are
 * off the edge's line by the rounding of the coordinates, about 1e-12 in
 * at 1e4 and 1e-10 at 1e6: a fixed 1e-12 touching threshold lost them
 * (at 1e4 the centre reading gave 0 or 2 at some angles). */
Test(geometry, through_along_edge_far_away)
{
	const double offsets[] = {0, 1e4, 3e4, 1e5, 1e6, -3e6, 1e7};
	for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++)
		for (int deg = 1; deg < 90; deg += 4) {
			double X = offsets[k], t = deg * PI / 180, c = cos(t), s = sin(t);
			/* A, B, C, D: the edge AB along (c, s), 4 long */
			arb_vec2 A = {X + 0.3, X + 0.1}, B = {A.x + 4 * c, A.y + 4 * s};
			arb_vec2 sq[] = {
			    A, B, {B.x - 4 * s, B.y + 4 * c}, {A.x - 4 * s, A.y + 4 * c}};
			arb_vec2 p[] = {
			    {A.x - 2 * c, A.y - 2 * s}, A, B, {B.x + 2 * c, B.y + 2 * s}};
			arb_vec2 straight[] = {p[0], p[3]};
			arb_placed a = round_at(p[0].x, p[0].y, 25);
			arb_measure m;
			double got = arb_geom_path_through(&a, p, 4, sq, 4, ARB_THROUGH_CENTRE, &m);
			cr_assert(epsilon_eq(dbl, got, 4, 1e-6), "X %g, %d deg: %.17g", X, deg,
			          got);
			cr_assert(m.points);
			NEAR_TOL(m.p.x, A.x, 1e-6);
			NEAR_TOL(m.q.y, B.y, 1e-6);
			got =
			    arb_geom_path_through(&a, straight, 2, sq, 4, ARB_THROUGH_CENTRE, NULL);
			cr_assert(epsilon_eq(dbl, got, 4, 1e-6), "X %g, %d deg: %.17g", X, deg,
			          got);
			got = arb_geom_path_through(&a, p, 4, sq, 4, ARB_THROUGH_BASE, NULL);
			cr_assert(epsilon_eq(dbl, got, 4 + 2 * R25, 1e-6), "X %g, %d deg: %.17g", X,
			          deg, got);
			/* a rect base (1" along the edge, 2" deep across it) sliding
			 * with its side on the edge, its centre 1" out along the
			 * outward normal (s, -c): touching counts, so it is through
			 * while abreast of the edge, 4 + 2 * 0.5 */
			arb_placed r = rect_at(0, 0, deg - 90, 25.4, 50.8);
			arb_vec2 q[4];
			for (int i = 0; i < 4; i++)
				q[i] = (arb_vec2){p[i].x + s, p[i].y - c};
			got = arb_geom_path_through(&r, q, 4, sq, 4, ARB_THROUGH_BASE, NULL);
			cr_assert(epsilon_eq(dbl, got, 5, 1e-6), "X %g, %d deg: %.17g", X, deg,
			          got);
		}
}

/* ---- terrain.c: a length that could not be measured ------------------- */

/* oracle/rules/scrollhammer/terrain.c counts the models going through
 * terrain with this; a NaN length (the geometry out of memory) is a fault,
 * not a model "through" (the comparison `len <= TOL` fails on NaN, which
 * counted it as through). */
int sh_ter__count_through(size_t *models, const char **furthest, double *length, const char *id,
                          double len);

Test(geometry, terrain_count_through)
{
	size_t models = 0;
	const char *furthest = NULL;
	double length = 0;
	cr_assert(eq(int, sh_ter__count_through(&models, &furthest, &length, "a1", 0.5), ARB_OK));
	cr_assert(eq(int, sh_ter__count_through(&models, &furthest, &length, "a2", 1e-7), ARB_OK));
	cr_assert(eq(int, sh_ter__count_through(&models, &furthest, &length, "a3", 2.5), ARB_OK));
	cr_assert(eq(int, sh_ter__count_through(&models, &furthest, &length, "a4", 1.5), ARB_OK));
	cr_assert(eq(sz, models, 3)); /* a2 is within the tolerance: not through */
	cr_assert(eq(str, (char *)furthest, "a3"));
	NEAR(length, 2.5);
	cr_assert(
	    eq(int, sh_ter__count_through(&models, &furthest, &length, "a5", NAN), ARB_ENOMEM));
	cr_assert(eq(sz, models, 3)); /* unchanged */
	cr_assert(eq(str, (char *)furthest, "a3"));
	/* an infinite length is a length (it is through) */
	cr_assert(
	    eq(int, sh_ter__count_through(&models, &furthest, &length, "a6", INFINITY), ARB_OK));
	cr_assert(eq(sz, models, 4));
}
