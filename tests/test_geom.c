/* test_geom.c: unit tests of oracle/geom.c (arbiter.h, section 2).
 *
 * Expected values are worked out by hand in the comments. Bases used most:
 * a round 25.4 mm base (radius 0.5") and a rect 50.8 x 25.4 mm (frontage
 * 2", depth 1"), which at facing 0 spans x in [-0.5, 0.5], y in [-1, 1].
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdint.h>

#include "arbiter.h"

#define EPS 1e-9
#define NEAR(a, b)                                                                   \
	cr_assert(epsilon_eq(dbl, (a), (b), EPS), "%s = %.17g, expected %.17g", #a,  \
	          (double)(a), (double)(b))
#define NEAR_TOL(a, b, tol)                                                          \
	cr_assert(epsilon_eq(dbl, (a), (b), (tol)), "%s = %.17g, expected %.17g", #a, \
	          (double)(a), (double)(b))
#define NEAR_PT(p, X, Y)                                                             \
	do {                                                                         \
		NEAR((p).x, (X));                                                    \
		NEAR((p).y, (Y));                                                    \
	} while (0)

static const double R2 = 1.4142135623730951; /* sqrt(2) */
static const double PI = 3.14159265358979323846;

static arb_placed round_at(double x, double y, double d_mm)
{
	arb_placed p = {.c = {x, y}, .base = {.shape = ARB_BASE_ROUND, .d_mm = d_mm}};
	return p;
}

/* 25.4 mm round: radius 0.5". */
static arb_placed rnd(double x, double y)
{
	return round_at(x, y, 25.4);
}

static arb_placed rect_at(double x, double y, double facing, double w_mm, double depth_mm)
{
	arb_placed p = {.c = {x, y},
	                .facing_deg = facing,
	                .base = {.shape = ARB_BASE_RECT, .w_mm = w_mm, .depth_mm = depth_mm}};
	return p;
}

/* 2" frontage, 1" deep. */
static arb_placed rct(double x, double y, double facing)
{
	return rect_at(x, y, facing, 50.8, 25.4);
}

static bool finite_pt(arb_vec2 p)
{
	return isfinite(p.x) && isfinite(p.y);
}

/* ---- distance ---------------------------------------------------------- */

Test(geometry, distance_round_round)
{
	arb_measure m;
	arb_placed a = rnd(0, 0), b = rnd(3, 0);
	/* apart: 3 - 0.5 - 0.5 */
	NEAR(arb_geom_distance(&a, &b, &m), 2.0);
	NEAR(m.figure, 2.0);
	cr_assert(eq(i64, m.other, -1));
	NEAR_PT(m.p, 0.5, 0);
	NEAR_PT(m.q, 2.5, 0);
	/* different sizes: 3 - 16/25.4 - 12.5/25.4 */
	b = round_at(3, 0, 32);
	a = round_at(0, 0, 25);
	NEAR(arb_geom_distance(&a, &b, NULL), 3 - 16 / 25.4 - 12.5 / 25.4);
	/* touching */
	a = rnd(0, 0);
	b = rnd(1, 0);
	NEAR(arb_geom_distance(&a, &b, &m), 0);
	NEAR_PT(m.p, 0.5, 0);
	NEAR_PT(m.q, 0.5, 0);
	/* overlapping: a point common to both, mid-overlap */
	b = rnd(0.5, 0);
	cr_assert(eq(dbl, arb_geom_distance(&a, &b, &m), 0));
	NEAR_PT(m.p, 0.25, 0);
	NEAR_PT(m.q, 0.25, 0);
	/* coincident */
	b = rnd(0, 0);
	cr_assert(eq(dbl, arb_geom_distance(&a, &b, &m), 0));
	cr_assert(finite_pt(m.p) && finite_pt(m.q));
	/* diagonal: 5 - 1 */
	b = rnd(3, 4);
	NEAR(arb_geom_distance(&a, &b, &m), 4.0);
	NEAR_PT(m.q, 3 - 0.3, 4 - 0.4);
}

Test(geometry, distance_round_rect)
{
	arb_measure m;
	arb_placed r = rnd(3, 0), s = rct(0, 0, 0);
	/* facing 0: rect face at x = 0.5, so 3 - 0.5 - 0.5 */
	NEAR(arb_geom_distance(&s, &r, &m), 2.0);
	NEAR_PT(m.p, 0.5, 0);
	NEAR_PT(m.q, 2.5, 0);
	/* facing 90: rect spans x in [-1, 1]: 3 - 1 - 0.5 */
	s = rct(0, 0, 90);
	NEAR(arb_geom_distance(&s, &r, NULL), 1.5);
	/* facing 45: the corner u*0.5 - v*1 with u = (1,1)/R2, v = (-1,1)/R2
	 * is (1.5/R2, -0.5/R2); (3,0) lies in that corner's region, so the
	 * distance is |(3,0) - corner| - 0.5. */
	s = rct(0, 0, 45);
	double want = hypot(3 - 1.5 / R2, 0.5 / R2) - 0.5;
	NEAR(arb_geom_distance(&s, &r, &m), want);
	NEAR_PT(m.p, 1.5 / R2, -0.5 / R2);
	/* facing 30: a round base 3" out along the frontage direction
	 * v = (-sin 30, cos 30) faces the 2" side: 3 - 1 - 0.5 */
	s = rct(0, 0, 30);
	r = rnd(-1.5, 3 * cos(PI / 6));
	NEAR(arb_geom_distance(&s, &r, NULL), 1.5);
	NEAR(arb_geom_distance(&r, &s, NULL), 1.5);
	/* round inside rect */
	r = round_at(0.1, 0.2, 5);
	cr_assert(eq(dbl, arb_geom_distance(&s, &r, &m), 0));
	cr_assert(finite_pt(m.p));
}

Test(geometry, distance_rect_rect)
{
	arb_measure m;
	arb_placed a = rct(0, 0, 0), b = rct(3, 0, 90);
	/* b spans x in [2, 4]: 2 - 0.5 */
	NEAR(arb_geom_distance(&a, &b, &m), 1.5);
	NEAR(m.p.x, 0.5);
	NEAR(m.q.x, 2.0);
	/* b at 45: its leftmost corner is -u*0.5 + v*1 = (-1.5/R2, 0.5/R2)
	 * from its centre, i.e. (3 - 1.5/R2, 0.5/R2), facing a's face x = 0.5 */
	b = rct(3, 0, 45);
	NEAR(arb_geom_distance(&a, &b, &m), 2.5 - 1.5 / R2);
	NEAR_PT(m.q, 3 - 1.5 / R2, 0.5 / R2);
	NEAR_PT(m.p, 0.5, 0.5 / R2);
	/* both at 30, side by side along the frontage v: 3 - 1 - 1 */
	double s30 = 0.5, c30 = cos(PI / 6);
	a = rct(0, 0, 30);
	b = rct(-3 * s30, 3 * c30, 30);
	NEAR(arb_geom_distance(&a, &b, NULL), 1.0);
	/* ... and one behind the other along u: 3 - 0.5 - 0.5 */
	b = rct(3 * c30, 3 * s30, 30);
	NEAR(arb_geom_distance(&a, &b, NULL), 2.0);
	/* overlapping in a cross, no corner inside the other */
	a = rct(0, 0, 0);
	b = rct(0, 0, 90);
	cr_assert(eq(dbl, arb_geom_distance(&a, &b, &m), 0));
	cr_assert(finite_pt(m.p) && finite_pt(m.q));
	/* a small rect wholly inside */
	b = rect_at(0.1, 0.1, 17, 5, 5);
	cr_assert(eq(dbl, arb_geom_distance(&a, &b, &m), 0));
	cr_assert(eq(dbl, arb_geom_distance(&b, &a, &m), 0));
	/* corner to corner, both at 0: corners (0.5, 1) and (2.5, 4) */
	b = rct(3, 5, 0);
	NEAR(arb_geom_distance(&a, &b, &m), hypot(2, 3));
	NEAR_PT(m.p, 0.5, 1);
	NEAR_PT(m.q, 2.5, 4);
}

/* A small LCG so the random configurations are the same on every run. */
static uint64_t lcg_state;

static double lcg(double lo, double hi)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return lo + (hi - lo) * (double)(lcg_state >> 11) / 9007199254740992.0;
}

static arb_placed random_base(void)
{
	double x = lcg(-4, 4), y = lcg(-4, 4), f = lcg(-360, 360);
	if (lcg(0, 1) < 0.5)
		return round_at(x, y, lcg(0, 60));
	return rect_at(x, y, f, lcg(0, 120), lcg(0, 80));
}

static arb_placed moved(arb_placed a, double dx, double dy, double rot_deg)
{
	double t = rot_deg * PI / 180, c = cos(t), s = sin(t);
	arb_placed b = a;
	b.c.x = c * a.c.x - s * a.c.y + dx;
	b.c.y = s * a.c.x + c * a.c.y + dy;
	b.facing_deg += rot_deg;
	return b;
}

/* Independent outline of a base: n points on its boundary. */
static void outline(const arb_placed *a, arb_vec2 *out, int n)
{
	if (a->base.shape == ARB_BASE_ROUND) {
		double r = a->base.d_mm / 2 / 25.4;
		for (int i = 0; i < n; i++)
			out[i] = (arb_vec2){a->c.x + r * cos(2 * PI * i / n),
			                    a->c.y + r * sin(2 * PI * i / n)};
		return;
	}
	double t = a->facing_deg * PI / 180, hd = a->base.depth_mm / 2 / 25.4,
	       hw = a->base.w_mm / 2 / 25.4;
	arb_vec2 u = {cos(t), sin(t)}, v = {-sin(t), cos(t)};
	double lx[4] = {hd, hd, -hd, -hd}, ly[4] = {-hw, hw, hw, -hw};
	for (int i = 0; i < n; i++) {
		int e = i * 4 / n;
		double f = (double)(i * 4 % n) / n;
		double px = lx[e] + (lx[(e + 1) % 4] - lx[e]) * f;
		double py = ly[e] + (ly[(e + 1) % 4] - ly[e]) * f;
		out[i] = (arb_vec2){a->c.x + px * u.x + py * v.x, a->c.y + px * u.y + py * v.y};
	}
}

/* Largest projection of a base on direction (cx, cy): its support. */
static double support(const arb_placed *a, double cx, double cy)
{
	if (a->base.shape == ARB_BASE_ROUND)
		return a->c.x * cx + a->c.y * cy + a->base.d_mm / 2 / 25.4;
	arb_vec2 o[4];
	outline(a, o, 4);
	double s = -INFINITY;
	for (int i = 0; i < 4; i++)
		s = fmax(s, o[i].x * cx + o[i].y * cy);
	return s;
}

Test(geometry, distance_invariance_and_sampling)
{
	lcg_state = 12345;
	for (int it = 0; it < 300; it++) {
		arb_placed a = random_base(), b = random_base();
		arb_measure m;
		double d = arb_geom_distance(&a, &b, &m);
		cr_assert(d >= 0 && isfinite(d));
		NEAR(arb_geom_distance(&b, &a, NULL), d);
		/* translation and rotation about the origin change nothing */
		double dx = lcg(-50, 50), dy = lcg(-50, 50), rot = lcg(-400, 400);
		arb_placed a2 = moved(a, dx, dy, rot), b2 = moved(b, dx, dy, rot);
		NEAR(arb_geom_distance(&a2, &b2, NULL), d);
		NEAR(arb_geom_penetration(&a2, &b2), arb_geom_penetration(&a, &b));
		NEAR(arb_geom_penetration(&b, &a), arb_geom_penetration(&a, &b));
		/* the closest points are that far apart and lie on the bases */
		NEAR(hypot(m.p.x - m.q.x, m.p.y - m.q.y), d);
		arb_placed pp = round_at(m.p.x, m.p.y, 0), qq = round_at(m.q.x, m.q.y, 0);
		NEAR(arb_geom_distance(&a, &pp, NULL), 0);
		NEAR(arb_geom_distance(&b, &qq, NULL), 0);
		/* distance and penetration never both positive */
		double pen = arb_geom_penetration(&a, &b);
		cr_assert(d <= EPS || pen == 0);
		cr_assert(pen <= EPS || d == 0);
		if (it >= 60)
			continue;
		/* sampled outlines are never closer than the exact distance, and
		 * not much further (256 points per outline) */
		enum { N = 256 };
		arb_vec2 oa[N], ob[N];
		outline(&a, oa, N);
		outline(&b, ob, N);
		double best = INFINITY;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				best = fmin(best, hypot(oa[i].x - ob[j].x, oa[i].y - ob[j].y));
		if (d > 0) {
			cr_assert(best >= d - EPS, "sampled %.17g < exact %.17g", best, d);
			cr_assert(best <= d + 0.05, "sampled %.17g >> exact %.17g", best, d);
		}
		/* penetration = the least projection overlap over all directions
		 * (sampled every 0.05 degrees) */
		if (pen > 0) {
			double mn = INFINITY;
			for (int k = 0; k < 7200; k++) {
				double t = PI * k / 3600, cx = cos(t), cy = sin(t);
				double ov = fmin(support(&a, cx, cy) + support(&b, -cx, -cy),
				                 support(&b, cx, cy) + support(&a, -cx, -cy));
				mn = fmin(mn, ov);
			}
			cr_assert(pen <= mn + EPS, "pen %.17g > sampled %.17g", pen, mn);
			cr_assert(pen >= mn - 1e-3, "pen %.17g << sampled %.17g", pen, mn);
		}
	}
}

Test(geometry, half_extent)
{
	arb_placed a = rct(0, 0, 0);
	arb_vec2 h = arb_geom_half_extent(&a);
	NEAR_PT(h, 0.5, 1);
	a.facing_deg = 90;
	h = arb_geom_half_extent(&a);
	NEAR_PT(h, 1, 0.5);
	a.facing_deg = -45;
	h = arb_geom_half_extent(&a);
	NEAR_PT(h, 1.5 / R2, 1.5 / R2);
	a = round_at(7, 7, 32);
	h = arb_geom_half_extent(&a);
	NEAR_PT(h, 16 / 25.4, 16 / 25.4);
}

/* ---- paths ------------------------------------------------------------- */

Test(geometry, path_length)
{
	arb_vec2 p[] = {{0, 0}, {3, 4}, {3, 4}, {3, 10}};
	NEAR(arb_geom_path_length(p, 4), 11.0); /* 5 + 0 + 6 */
	NEAR(arb_geom_path_length(p, 2), 5.0);
	cr_assert(eq(dbl, arb_geom_path_length(p, 1), 0));
	cr_assert(eq(dbl, arb_geom_path_length(p, 0), 0));
	cr_assert(eq(dbl, arb_geom_path_length(NULL, 0), 0));
}

Test(geometry, swept_round_passes_round)
{
	arb_measure m;
	arb_placed mover = rnd(-10, 3), others[] = {rnd(30, 30), rnd(0, 0)};
	arb_vec2 path[] = {{-10, 3}, {10, 3}};
	/* perpendicular offset 3: 3 - 0.5 - 0.5, found against others[1] */
	NEAR(arb_geom_swept_distance(&mover, path, 2, others, 2, &m), 2.0);
	cr_assert(eq(i64, m.other, 1));
	NEAR_PT(m.p, 0, 2.5);
	NEAR_PT(m.q, 0, 0.5);
	/* the end position alone is far: hypot(10, 3) - 1 */
	arb_placed end = rnd(10, 3);
	NEAR(arb_geom_distance(&end, &others[1], NULL), hypot(10, 3) - 1);
	/* passing right through */
	arb_vec2 through[] = {{-10, 0.2}, {10, 0.2}};
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, through, 2, others, 2, &m), 0));
	cr_assert(eq(i64, m.other, 1));
}

Test(geometry, swept_passes_close_ends_far)
{
	/* out to (0, 1.5) beside the enemy, then away to (0, 20) */
	arb_measure m;
	arb_placed mover = rnd(-5, 1.5), enemy = rnd(3, 1.5);
	arb_vec2 path[] = {{-5, 1.5}, {1.5, 1.5}, {1.5, 20}};
	/* closest at (1.5, 1.5): 1.5 - 1 */
	NEAR(arb_geom_swept_distance(&mover, path, 3, &enemy, 1, &m), 0.5);
	NEAR_PT(m.p, 2, 1.5);
	NEAR_PT(m.q, 2.5, 1.5);
	arb_placed end = rnd(1.5, 20);
	NEAR(arb_geom_distance(&end, &enemy, NULL), hypot(1.5, 18.5) - 1);
}

Test(geometry, swept_rects)
{
	arb_measure m;
	/* a rect at 45 moving along y = 3: its lowest corner is 1.5/R2 below
	 * its centre, so it passes a round base at the origin at
	 * 3 - 1.5/R2 - 0.5 */
	arb_placed mover = rct(-10, 3, 45), enemy = rnd(0, 0);
	arb_vec2 path[] = {{-10, 3}, {10, 3}};
	NEAR(arb_geom_swept_distance(&mover, path, 2, &enemy, 1, &m), 2.5 - 1.5 / R2);
	NEAR_PT(m.q, 0, 0.5);
	NEAR(m.p.y, 3 - 1.5 / R2);
	/* a round base passing a rect at 30: the rect's top is at
	 * 0.5 sin 30 + 1 cos 30, so 3 - 0.25 - cos 30 - 0.5 */
	mover = rnd(-10, 3);
	enemy = rct(0, 0, 30);
	NEAR(arb_geom_swept_distance(&mover, path, 2, &enemy, 1, &m), 2.25 - cos(PI / 6));
	cr_assert(eq(i64, m.other, 0));
	/* the swept distance is the minimum over positions along the path */
	lcg_state = 99;
	for (int it = 0; it < 40; it++) {
		arb_placed mv = random_base(), ot[3] = {random_base(), random_base(), random_base()};
		arb_vec2 pts[3] = {{lcg(-8, 8), lcg(-8, 8)}, {lcg(-8, 8), lcg(-8, 8)},
		                   {lcg(-8, 8), lcg(-8, 8)}};
		double sw = arb_geom_swept_distance(&mv, pts, 3, ot, 3, &m);
		double sp = arb_geom_swept_penetration(&mv, pts, 3, ot, 3, NULL);
		double best = INFINITY, deepest = 0, step = 0;
		for (int s = 0; s < 2; s++) {
			for (int k = 0; k <= 1000; k++) {
				double t = k / 1000.0;
				arb_placed at = mv;
				at.c.x = pts[s].x + (pts[s + 1].x - pts[s].x) * t;
				at.c.y = pts[s].y + (pts[s + 1].y - pts[s].y) * t;
				for (int j = 0; j < 3; j++) {
					best = fmin(best, arb_geom_distance(&at, &ot[j], NULL));
					deepest = fmax(deepest, arb_geom_penetration(&at, &ot[j]));
				}
			}
			step = fmax(step, hypot(pts[s + 1].x - pts[s].x, pts[s + 1].y - pts[s].y) / 1000);
		}
		/* both figures are 1-Lipschitz in the position */
		cr_assert(sw <= best + EPS && sw >= best - step, "swept %.17g sampled %.17g", sw, best);
		cr_assert(sp >= deepest - EPS && sp <= deepest + step, "pen %.17g sampled %.17g", sp,
		          deepest);
	}
}

Test(geometry, swept_degenerate)
{
	arb_measure m;
	arb_placed mover = rct(0, 0, 30), others[] = {rnd(4, 0), rnd(0, 5)};
	arb_vec2 one[] = {{1, 0}};
	arb_placed at = mover;
	at.c = one[0];
	/* n == 1: the distance at that position */
	NEAR(arb_geom_swept_distance(&mover, one, 1, others, 2, &m),
	     arb_geom_distance(&at, &others[0], NULL));
	cr_assert(eq(i64, m.other, 0));
	/* a zero-length segment and repeated points are the same */
	arb_vec2 dup[] = {{1, 0}, {1, 0}, {1, 0}};
	NEAR(arb_geom_swept_distance(&mover, dup, 3, others, 2, NULL),
	     arb_geom_distance(&at, &others[0], NULL));
	/* n == 0 and no others: nothing to approach */
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, one, 0, others, 2, &m), INFINITY));
	cr_assert(eq(i64, m.other, -1));
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, one, 1, others, 0, &m), INFINITY));
	cr_assert(eq(i64, m.other, -1));
	cr_assert(finite_pt(m.p) && finite_pt(m.q));
	/* zero-size bases on a path with repeats */
	arb_placed pt = round_at(0, 0, 0), flat = rect_at(2, 2, 10, 0, 30), dot = rect_at(3, 0, 0, 0, 0);
	arb_placed os[] = {flat, dot};
	arb_vec2 path[] = {{0, 0}, {0, 0}, {5, 0}, {5, 0}};
	double d = arb_geom_swept_distance(&pt, path, 4, os, 2, &m);
	cr_assert(eq(dbl, d, 0)); /* passes through the zero-size rect at (3, 0) */
	cr_assert(eq(i64, m.other, 1));
	cr_assert(finite_pt(m.p) && finite_pt(m.q));
	d = arb_geom_swept_distance(&flat, path, 4, &pt, 1, &m);
	cr_assert(isfinite(d) && finite_pt(m.p));
	cr_assert(eq(dbl, arb_geom_swept_penetration(&pt, path, 4, os, 2, &m), 0));
	cr_assert(finite_pt(m.p) && finite_pt(m.q));
}

/* ---- penetration ------------------------------------------------------- */

Test(geometry, penetration)
{
	arb_placed a = rnd(0, 0), b = rnd(1, 0);
	cr_assert(eq(dbl, arb_geom_penetration(&a, &b), 0)); /* touching */
	b = rnd(3, 0);
	cr_assert(eq(dbl, arb_geom_penetration(&a, &b), 0)); /* apart */
	b = rnd(0.8, 0);
	NEAR(arb_geom_penetration(&a, &b), 0.2);
	b = rnd(0, 0);
	NEAR(arb_geom_penetration(&a, &b), 1.0); /* coincident: 0.5 + 0.5 */
	/* rect/rect overlapping by 0.2 along x */
	arb_placed s = rct(0, 0, 0), t = rct(0.8, 0, 0);
	NEAR(arb_geom_penetration(&s, &t), 0.2);
	t = rct(1, 0, 0);
	cr_assert(eq(dbl, arb_geom_penetration(&s, &t), 0)); /* face to face */
	/* a cross: projections overlap 1.5 on x (0.5 + 1) and on y (1 + 0.5) */
	t = rct(0, 0, 90);
	NEAR(arb_geom_penetration(&s, &t), 1.5);
	/* round over a corner (0.5, 1): 0.5 - 0.3*R2 */
	b = rnd(0.8, 1.3);
	NEAR(arb_geom_penetration(&s, &b), 0.5 - 0.3 * R2);
	NEAR(arb_geom_penetration(&b, &s), 0.5 - 0.3 * R2);
	/* round centre inside the rect, 0.2 from the face x = 0.5: 0.5 + 0.2 */
	b = rnd(0.3, 0);
	NEAR(arb_geom_penetration(&s, &b), 0.7);
	/* zero-size bases */
	b = round_at(0, 0, 0);
	NEAR(arb_geom_penetration(&s, &b), 0.5);
	a = round_at(0, 0, 0);
	cr_assert(eq(dbl, arb_geom_penetration(&a, &b), 0));
}

Test(geometry, swept_penetration)
{
	arb_measure m;
	arb_placed mover = rnd(-5, 0), others[] = {rnd(0, 20), rnd(0, 0.2)};
	arb_vec2 path[] = {{-5, 0}, {5, 0}};
	/* deepest when centres are 0.2 apart: 1 - 0.2 */
	NEAR(arb_geom_swept_penetration(&mover, path, 2, others, 2, &m), 0.8);
	NEAR(m.figure, 0.8);
	cr_assert(eq(i64, m.other, 1));
	NEAR_TOL(m.p.x, 0, 1e-6);
	NEAR(m.p.y, 0);
	NEAR_PT(m.q, 0, 0.2);
	/* passing clear */
	arb_vec2 clear[] = {{-5, 2}, {5, 2}};
	cr_assert(eq(dbl, arb_geom_swept_penetration(&mover, clear, 2, others, 2, &m), 0));
	cr_assert(eq(i64, m.other, -1));
	/* deepest at the end of the path: stops 0.3 from the centre */
	arb_vec2 stop[] = {{-5, 0.5}, {0, 0.5}, {0, 0.5}};
	NEAR(arb_geom_swept_penetration(&mover, stop, 3, others, 2, &m), 0.7);
	NEAR_PT(m.p, 0, 0.5);
	/* a rect through a crossing rect: deepest 1.5 at the centre */
	arb_placed rm = rct(-5, 0, 0), rt = rct(0, 0, 90);
	NEAR(arb_geom_swept_penetration(&rm, path, 2, &rt, 1, &m), 1.5);
	NEAR_TOL(m.p.x, 0, 1e-6);
	/* n == 1 is the penetration there; n == 0 is nothing */
	arb_vec2 one[] = {{0.8, 0.2}};
	NEAR(arb_geom_swept_penetration(&mover, one, 1, others, 2, &m), 0.2);
	cr_assert(eq(dbl, arb_geom_swept_penetration(&mover, one, 0, others, 2, &m), 0));
	cr_assert(eq(i64, m.other, -1));
}

/* ---- polygons and the board --------------------------------------------- */

Test(geometry, base_polygon)
{
	arb_measure m;
	arb_vec2 sq[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
	arb_placed a = rnd(5, 5);
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&a, sq, 4, &m), 0)); /* inside */
	a = rnd(12, 5); /* outside: 2 - 0.5 */
	NEAR(arb_geom_base_polygon_distance(&a, sq, 4, &m), 1.5);
	NEAR_PT(m.p, 11.5, 5);
	NEAR_PT(m.q, 10, 5);
	a = rnd(10.2, 5); /* straddling the edge */
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&a, sq, 4, &m), 0));
	/* a U with a notch x in [4, 6], y in [4, 10] */
	arb_vec2 u[] = {{0, 0}, {10, 0}, {10, 10}, {6, 10}, {6, 4}, {4, 4}, {4, 10}, {0, 10}};
	a = rnd(5, 8); /* in the notch: 1 from both sides, minus 0.5 */
	NEAR(arb_geom_base_polygon_distance(&a, u, 8, &m), 0.5);
	a = round_at(5, 8, 63.5); /* radius 1.25 > 1: overlaps */
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&a, u, 8, NULL), 0));
	a = rct(5, 8, 0); /* x half-extent 0.5 */
	NEAR(arb_geom_base_polygon_distance(&a, u, 8, NULL), 0.5);
	a = rct(5, 8, 90); /* x half-extent 1: touches */
	NEAR(arb_geom_base_polygon_distance(&a, u, 8, NULL), 0);
	a = rct(5, 4.5, 0); /* y half-extent 1 reaches into the notch floor */
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&a, u, 8, NULL), 0));
	/* a polygon wholly under a large base whose centre is outside it */
	arb_vec2 tri[] = {{1, 1}, {1.2, 1}, {1, 1.2}};
	a = rect_at(0, 0, 0, 101.6, 101.6);
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&a, tri, 3, NULL), 0));
	/* degenerate polygons: none, a point, a segment */
	a = rnd(0, 0);
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&a, tri, 0, &m), INFINITY));
	arb_vec2 pt[] = {{3, 0}}, seg[] = {{3, -1}, {3, 1}};
	NEAR(arb_geom_base_polygon_distance(&a, pt, 1, NULL), 2.5);
	NEAR(arb_geom_base_polygon_distance(&a, seg, 2, &m), 2.5);
	NEAR_PT(m.q, 3, 0);
}

Test(geometry, board_inset)
{
	arb_measure m;
	arb_placed a = rnd(0.5, 10);
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), 0); /* just on */
	NEAR_PT(m.p, 0, 10);
	NEAR_PT(m.q, 0, 10);
	a = rnd(0.5 - 1e-3, 10); /* just off */
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), -1e-3);
	a = rnd(3, 47); /* nearest the top edge */
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), 0.5);
	NEAR_PT(m.p, 3, 47.5);
	NEAR_PT(m.q, 3, 48);
	a = rnd(71.75, 20); /* overhangs the right edge by 0.25 */
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), -0.25);
	NEAR_PT(m.p, 72.25, 20);
	NEAR_PT(m.q, 72, 20);
	/* a rect at 45 near the corner: its corners reach 1.5/R2 in x and y */
	a = rct(2, 2, 45);
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), 2 - 1.5 / R2);
	a = rct(1, 1, 45);
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), 1 - 1.5 / R2);
	cr_assert(lt(dbl, m.figure, 0));
	cr_assert(epsilon_eq(dbl, fmin(m.p.x, m.p.y), 1 - 1.5 / R2, EPS));
	/* facing 90, flush with the bottom-left corner: x half 1, y half 0.5 */
	a = rct(1, 0.5, 90);
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), 0);
	a = rct(1, 0.5 - 1e-5, 90);
	NEAR(arb_geom_board_inset(&a, 72, 48, &m), -1e-5);
	NEAR(m.q.y, 0);
}

/* ---- coherency ----------------------------------------------------------- */

/* Points (zero-size bases) make the graphs easy to draw. */
static arb_placed pt_at(double x, double y)
{
	return round_at(x, y, 0);
}

Test(geometry, coherency_line_of_five)
{
	arb_coherency c;
	arb_placed m[5];
	for (int i = 0; i < 5; i++)
		m[i] = rnd(2.0 * i, 0); /* bases 1" apart */
	cr_assert(eq(int, arb_geom_coherency_connected(m, 5, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
	cr_assert(eq(sz, c.components, 1));
	NEAR(c.bottleneck, 1);
	cr_assert(c.worst_a >= 0 && c.worst_b >= 0);
	cr_assert(eq(int, arb_geom_coherency_path(m, 5, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
	NEAR(c.bottleneck, 1);
	cr_assert(eq(int, arb_geom_coherency_all_pairs(m, 5, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	cr_assert(eq(i64, c.worst_a, 0));
	cr_assert(eq(i64, c.worst_b, 4));
	NEAR(c.bottleneck, 7); /* 8 - 0.5 - 0.5 */
	NEAR_PT(c.pa, 0.5, 0);
	NEAR_PT(c.pb, 7.5, 0);
	cr_assert(eq(int, arb_geom_coherency_all_pairs(m, 5, 7, &c), ARB_OK));
	cr_assert(c.ok);
	/* every model has one other within 1; the ends have only one */
	cr_assert(eq(int, arb_geom_coherency_k_near(m, 5, 1, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_k_near(m, 5, 1, 2, &c), ARB_OK));
	cr_assert(c.ok == false);
	cr_assert(eq(i64, c.worst_a, 0));
	cr_assert(eq(i64, c.worst_b, -1));
	NEAR(c.bottleneck, 3); /* second nearest of model 0: model 2, 4 - 1 */
	cr_assert(eq(int, arb_geom_coherency_k_near(m, 5, 1, 5, &c), ARB_OK));
	cr_assert(c.ok == false);
	cr_assert(eq(dbl, c.bottleneck, INFINITY)); /* only 4 others */
}

Test(geometry, coherency_star_and_t)
{
	arb_coherency c;
	/* a T: three ends, so no single line */
	arb_placed t[] = {rnd(-2, 0), rnd(0, 0), rnd(2, 0), rnd(0, 2), rnd(0, 4)};
	cr_assert(eq(int, arb_geom_coherency_connected(t, 5, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_path(t, 5, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	cr_assert(eq(sz, c.components, 1));
	NEAR(c.bottleneck, 1);
	/* a windmill: three triangles sharing the centre; no model has a
	 * single link, yet no line visits all three blades. Blade points are
	 * 0.9 from the centre at +-20 degrees: 2*0.9*sin 20 = 0.62 apart
	 * within a blade, >= 2*0.9*sin 40 = 1.16 across blades. */
	arb_placed w[7];
	w[0] = pt_at(0, 0);
	for (int b = 0; b < 3; b++)
		for (int s = 0; s < 2; s++) {
			double ang = (120.0 * b + (s ? 20 : -20)) * PI / 180;
			w[1 + 2 * b + s] = pt_at(0.9 * cos(ang), 0.9 * sin(ang));
		}
	cr_assert(eq(int, arb_geom_coherency_connected(w, 7, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_path(w, 7, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	/* two blades only: a line exists */
	cr_assert(eq(int, arb_geom_coherency_path(w, 5, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
}

Test(geometry, coherency_two_groups)
{
	arb_coherency c;
	arb_placed m[] = {rnd(0, 0), rnd(2, 0), rnd(10, 0), rnd(12, 0)};
	cr_assert(eq(int, arb_geom_coherency_connected(m, 4, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	cr_assert(eq(sz, c.components, 2));
	cr_assert(eq(i64, c.worst_a, 1));
	cr_assert(eq(i64, c.worst_b, 2));
	NEAR(c.bottleneck, 7); /* 8 - 1 */
	NEAR_PT(c.pa, 2.5, 0);
	NEAR_PT(c.pb, 9.5, 0);
	cr_assert(eq(int, arb_geom_coherency_path(m, 4, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	cr_assert(eq(sz, c.components, 2));
	NEAR(c.bottleneck, 7);
	/* with the limit at the bottleneck both hold */
	cr_assert(eq(int, arb_geom_coherency_connected(m, 4, 7, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_path(m, 4, 7, &c), ARB_OK));
	cr_assert(c.ok);
}

Test(geometry, coherency_limit_boundaries)
{
	arb_coherency c;
	/* base gap (2.1 - 0.1) - 1 = 1 up to rounding */
	arb_placed m[] = {rnd(0.1, 0.3), rnd(2.1, 0.3)};
	cr_assert(eq(int, arb_geom_coherency_connected(m, 2, 1, &c), ARB_OK));
	cr_assert(c.ok); /* exactly at the limit */
	arb_placed under[] = {rnd(0, 0), rnd(2 - 1e-7, 0)};
	cr_assert(eq(int, arb_geom_coherency_all_pairs(under, 2, 1, &c), ARB_OK));
	cr_assert(c.ok);
	arb_placed over[] = {rnd(0, 0), rnd(2 + 1e-5, 0)};
	cr_assert(eq(int, arb_geom_coherency_connected(over, 2, 1, &c), ARB_OK));
	cr_assert(c.ok == false);
	cr_assert(eq(int, arb_geom_coherency_path(over, 2, 1, &c), ARB_OK));
	cr_assert(c.ok == false);
	cr_assert(eq(int, arb_geom_coherency_all_pairs(over, 2, 1, &c), ARB_OK));
	cr_assert(c.ok == false);
	cr_assert(eq(int, arb_geom_coherency_k_near(over, 2, 1, 1, &c), ARB_OK));
	cr_assert(c.ok == false);
	/* rects at 30 degrees, 1" apart side by side (trigonometry rounds) */
	double c30 = cos(PI / 6);
	arb_placed r[] = {rct(0, 0, 30), rct(-1.5, 3 * c30, 30)};
	cr_assert(eq(int, arb_geom_coherency_all_pairs(r, 2, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_all_pairs(r, 2, 1 - 1e-5, &c), ARB_OK));
	cr_assert(c.ok == false);
}

Test(geometry, coherency_k_near)
{
	arb_coherency c;
	/* a triangle of points 1 apart and an outlier 0.8 from one corner */
	arb_placed m[] = {pt_at(0, 0), pt_at(1, 0), pt_at(0.5, 0.8660254037844386),
	                  pt_at(1.8, 0)};
	cr_assert(eq(int, arb_geom_coherency_k_near(m, 4, 1, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_k_near(m, 4, 1, 2, &c), ARB_OK));
	cr_assert(c.ok == false);
	cr_assert(eq(i64, c.worst_a, 3));
	/* its second nearest is model 2: hypot(1.3, 0.866) */
	NEAR(c.bottleneck, hypot(1.3, 0.8660254037844386));
	cr_assert(eq(int, arb_geom_coherency_k_near(m, 4, 1, 0, &c), ARB_OK));
	cr_assert(c.ok);
	NEAR(c.bottleneck, 0);
}

Test(geometry, coherency_larger_groups)
{
	arb_coherency c;
	/* a 5 x 5 grid of points 1 apart (diagonals 1.41 are not links):
	 * a snake visits them all; 25 models is past the subset DP */
	arb_placed g[25];
	for (int i = 0; i < 25; i++)
		g[i] = pt_at(i % 5, i / 5);
	cr_assert(eq(int, arb_geom_coherency_path(g, 25, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
	/* a line of 70 shuffled models: past 64 */
	arb_placed l[70];
	for (int i = 0; i < 70; i++)
		l[i] = rnd(2.0 * ((i * 37) % 70), 0);
	cr_assert(eq(int, arb_geom_coherency_path(l, 70, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
	cr_assert(eq(int, arb_geom_coherency_connected(l, 70, 1, &c), ARB_OK));
	cr_assert(c.ok);
	/* three leaves among 70: decided without search */
	l[69] = rnd(2.0 * ((68 * 37) % 70), 2);
	cr_assert(eq(int, arb_geom_coherency_path(l, 70, 1, &c), ARB_OK));
	cr_assert(c.decided);
	/* a ring of 20 points, neighbours 0.9 apart: a line exists */
	arb_placed ring[20];
	double rr = 0.9 / (2 * sin(PI / 20));
	for (int i = 0; i < 20; i++)
		ring[i] = pt_at(rr * cos(2 * PI * i / 20), rr * sin(2 * PI * i / 20));
	cr_assert(eq(int, arb_geom_coherency_path(ring, 20, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
}

/* `hubs` hub points near the origin and 2 * hubs clusters of `per` points
 * (cliques, 0.6 across at most) centred 1.2 from the origin, each with a
 * point 0.9 from it; clusters are too far apart to link. Removing the hubs
 * leaves more pieces than a line through them could join, so no line
 * exists, yet no model has a single link. */
static size_t hubs_and_clusters(arb_placed *m, int hubs, int per)
{
	size_t n = 0;
	if (hubs == 1)
		m[n++] = pt_at(0, 0);
	else
		for (int h = 0; h < 2; h++)
			m[n++] = pt_at(0, h ? -0.1 : 0.1);
	int k = hubs == 1 ? 3 : 4;
	for (int b = 0; b < k; b++) {
		double a = 2 * PI * b / k + (k == 4 ? PI / 4 : 0);
		double cx = 1.2 * cos(a), cy = 1.2 * sin(a);
		for (int i = 0; i < per; i++) {
			double t = a + PI + 2 * PI * i / per;
			m[n++] = pt_at(cx + 0.3 * cos(t), cy + 0.3 * sin(t));
		}
	}
	return n;
}

Test(geometry, coherency_path_exact_search)
{
	arb_coherency c;
	arb_placed m[40];
	/* one hub, three clusters of 8 (25 models): one model cuts the group
	 * into three, decided before any search */
	size_t n = hubs_and_clusters(m, 1, 8);
	cr_assert(eq(int, arb_geom_coherency_connected(m, n, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_path(m, n, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	/* two hubs, four clusters of 5 (22 models): the quick search gives
	 * up and the exact subset DP decides */
	n = hubs_and_clusters(m, 2, 5);
	cr_assert(eq(int, arb_geom_coherency_connected(m, n, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_path(m, n, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	/* two hubs, four clusters of 8 (34 models): past the DP, the search
	 * runs out of budget: undecided, and not ok */
	n = hubs_and_clusters(m, 2, 8);
	cr_assert(eq(int, arb_geom_coherency_path(m, n, 1, &c), ARB_OK));
	cr_assert(c.decided == false && c.ok == false);
	/* one hub and two clusters of 8: a line exists */
	n = hubs_and_clusters(m, 1, 8) - 8;
	cr_assert(eq(int, arb_geom_coherency_path(m, n, 1, &c), ARB_OK));
	cr_assert(c.ok && c.decided);
}

/* Whether some order of models 0..n-1 links each to the next: tries
 * every permutation (Heap's algorithm), for n <= 8. */
static bool brute_line(bool adj[8][8], int n)
{
	int p[8], c[8] = {0};
	for (int i = 0; i < n; i++)
		p[i] = i;
	for (int i = 0;;) {
		bool good = true;
		for (int k = 0; k + 1 < n && good; k++)
			good = adj[p[k]][p[k + 1]];
		if (good)
			return true;
		while (i < n && c[i] >= i) {
			c[i] = 0;
			i++;
		}
		if (i >= n)
			return false;
		int j = i % 2 ? c[i] : 0, t = p[j];
		p[j] = p[i];
		p[i] = t;
		c[i]++;
		i = 0;
	}
}

Test(geometry, coherency_path_vs_brute_force)
{
	arb_coherency c;
	lcg_state = 4242;
	int yes = 0, no = 0;
	for (int it = 0; it < 300; it++) {
		int n = 2 + (int)lcg(0, 7); /* 2..8 */
		arb_placed m[8];
		bool adj[8][8];
		double limit = lcg(0.5, 2.5);
		for (int i = 0; i < n; i++)
			m[i] = it % 2 ? random_base() : pt_at(lcg(0, 4), lcg(0, 4));
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				adj[i][j] = arb_geom_distance(&m[i], &m[j], NULL) <= limit + ARB_TOLERANCE_IN;
		bool want = brute_line(adj, n);
		cr_assert(eq(int, arb_geom_coherency_path(m, (size_t)n, limit, &c), ARB_OK));
		cr_assert(c.decided);
		cr_assert(eq(int, c.ok, want), "case %d (n = %d)", it, n);
		yes += want;
		no += !want;
	}
	cr_assert(yes > 30 && no > 30, "yes %d no %d", yes, no);
}

Test(geometry, coherency_degenerate)
{
	arb_coherency c;
	arb_placed one = rnd(3, 4);
	int (*fns[3])(const arb_placed *, size_t, double, arb_coherency *) = {
		arb_geom_coherency_connected, arb_geom_coherency_path,
		arb_geom_coherency_all_pairs};
	for (int f = 0; f < 3; f++) {
		cr_assert(eq(int, fns[f](NULL, 0, 1, &c), ARB_OK));
		cr_assert(c.ok && c.decided);
		cr_assert(eq(sz, c.components, 0));
		cr_assert(eq(dbl, c.bottleneck, 0));
		cr_assert(eq(i64, c.worst_a, -1));
		cr_assert(eq(int, fns[f](&one, 1, 1, &c), ARB_OK));
		cr_assert(c.ok && c.decided);
		cr_assert(eq(sz, c.components, 1));
		cr_assert(eq(i64, c.worst_b, -1));
	}
	cr_assert(eq(int, arb_geom_coherency_k_near(NULL, 0, 1, 2, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_k_near(&one, 1, 1, 2, &c), ARB_OK));
	cr_assert(c.ok);
	/* coincident models */
	arb_placed same[] = {rnd(1, 1), rnd(1, 1), rct(1, 1, 33), pt_at(1, 1)};
	for (int f = 0; f < 3; f++) {
		cr_assert(eq(int, fns[f](same, 4, 0, &c), ARB_OK));
		cr_assert(c.ok && c.decided);
		cr_assert(eq(dbl, c.bottleneck, 0));
		cr_assert(finite_pt(c.pa) && finite_pt(c.pb));
	}
	cr_assert(eq(int, arb_geom_coherency_k_near(same, 4, 0, 3, &c), ARB_OK));
	cr_assert(c.ok);
}

/* ---- moving through terrain ----------------------------------------------
 * Terrain is mostly the 4 x 4 square [0,4] x [0,4]. A 25 mm round base
 * has radius R25 = 12.5 / 25.4 (about 0.492126"); a 25 x 50 mm rect at
 * facing 0 has half-extents HX = 25 / 25.4 along x and HY = 12.5 / 25.4
 * along y. */

static const arb_vec2 SQ4[] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
static const double R25 = 12.5 / 25.4;

/* A point turned by rot_deg about the origin and then moved by (dx, dy),
 * as moved() does to a base. */
static arb_vec2 t_move(arb_vec2 p, double dx, double dy, double rot_deg)
{
	double t = rot_deg * PI / 180, c = cos(t), s = sin(t);
	return (arb_vec2){c * p.x - s * p.y + dx, s * p.x + c * p.y + dy};
}

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
		{rect_at(0, 0, 0, 25, 50), {{-3, 4 + hy}, {7, 4 + hy}}, ARB_THROUGH_BASE,
		 4 + 2 * hx},
		{rect_at(0, 0, 90, 25, 50), {{4 + hy, -3}, {4 + hy, 7}}, ARB_THROUGH_BASE,
		 4 + 2 * hx},
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
	return t_orient(a, b, c) * t_orient(a, b, d) <= 0 && t_orient(c, d, a) * t_orient(c, d, b) <= 0;
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

Test(geometry, through_invariance_and_sampling)
{
	enum { NP = 10, NPATH = 4 };
	const double step = 1e-3;
	lcg_state = 4242;
	int hit = 0;
	for (int it = 0; it < 40; it++) {
		/* a star-shaped (so simple) polygon, either orientation */
		arb_vec2 poly[NP], path[NPATH], poly2[NP], path2[NPATH];
		size_t np = 3 + (size_t)lcg(0, NP - 3 + 0.999), n = 2 + (size_t)lcg(0, NPATH - 1.001);
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
			NEAR_TOL(arb_geom_path_through(&a2, path2, n, poly2, np, how, &m2), len, 1e-8);
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
				double ex = path[s + 1].x - path[s].x, ey = path[s + 1].y - path[s].y;
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
			cr_assert(fabs(len - sampled) <= tol, "it %d how %d: exact %.17g sampled %.17g",
			          it, h, len, sampled);
			if (sampled > 20 * step) {
				hit++;
				cr_assert(hypot(m.p.x - first.x, m.p.y - first.y) <= 2 * step);
				cr_assert(hypot(m.q.x - lastp.x, m.q.y - lastp.y) <= 2 * step);
			}
		}
	}
	cr_assert(hit > 30, "only %d scenes met the terrain", hit);
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
