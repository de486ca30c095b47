/* test_geom.c: unit tests of the geometry kernel (oracle/geom-*.c;
 * arbiter.h, section 2) but for paths through terrain
 * (test_geom_through.c).
 *
 * Expected values are worked out by hand in the comments. Bases used most:
 * a round 25.4 mm base (radius 0.5") and a rect 50.8 x 25.4 mm (frontage
 * 2", depth 1"), which at facing 0 spans x in [-0.5, 0.5], y in [-1, 1].
 */
#include "geom_support.h"

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
		arb_placed mv = random_base(),
		           ot[3] = {random_base(), random_base(), random_base()};
		arb_vec2 pts[3] = {
		    {lcg(-8, 8), lcg(-8, 8)}, {lcg(-8, 8), lcg(-8, 8)}, {lcg(-8, 8), lcg(-8, 8)}};
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
			step = fmax(step,
			            hypot(pts[s + 1].x - pts[s].x, pts[s + 1].y - pts[s].y) / 1000);
		}
		/* both figures are 1-Lipschitz in the position */
		cr_assert(sw <= best + EPS && sw >= best - step, "swept %.17g sampled %.17g", sw,
		          best);
		cr_assert(sp >= deepest - EPS && sp <= deepest + step, "pen %.17g sampled %.17g",
		          sp, deepest);
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
	arb_placed pt = round_at(0, 0, 0), flat = rect_at(2, 2, 10, 0, 30),
	           dot = rect_at(3, 0, 0, 0, 0);
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

/* Which pair decides: the least gap, the first of equal gaps (segment by
 * segment, others in order), and never a pair skipped by the bound that a
 * round mover's start sets before any pair is measured. */
Test(geometry, swept_which_pair)
{
	arb_measure m;
	arb_placed mover = rnd(0, 0);
	/* moving away from (3, 0): the start decides, 3 - 0.5 - 0.5, exactly
	 * the bound's own figure; a rect further off is not measured nearer */
	arb_placed away[] = {rct(0, 9, 45), rnd(3, 0)};
	arb_vec2 back[] = {{0, 0}, {-5, 0}};
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, back, 2, away, 2, &m), 2.0));
	cr_assert(eq(i64, m.other, 1));
	NEAR_PT(m.p, 0.5, 0);
	NEAR_PT(m.q, 2.5, 0);
	/* two equal gaps on one segment, (0, 3) and (0, -3): the first listed */
	arb_placed twins[] = {rnd(0, 3), rnd(0, -3)};
	arb_vec2 across[] = {{-5, 0}, {5, 0}};
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, across, 2, twins, 2, &m), 2.0));
	cr_assert(eq(i64, m.other, 0));
	arb_placed swapped[] = {twins[1], twins[0]};
	arb_geom_swept_distance(&mover, across, 2, swapped, 2, &m);
	cr_assert(eq(i64, m.other, 0));
	NEAR_PT(m.q, 0, -2.5);
	/* overlapping at the start (a negative bound): the first segment's
	 * overlap decides before a later segment's, whatever the order */
	arb_placed both[] = {rnd(10, 0.5), rnd(0.5, 0)};
	arb_vec2 on[] = {{0, 0}, {0, 0.1}, {10, 0.1}};
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, on, 3, both, 2, &m), 0));
	cr_assert(eq(i64, m.other, 1));
	/* a rect mover against the same */
	arb_placed block = rct(0, 0, 0);
	cr_assert(eq(dbl, arb_geom_swept_distance(&block, on, 3, both, 2, &m), 0));
	cr_assert(eq(i64, m.other, 1));
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
	a = rnd(12, 5);                                                       /* outside: 2 - 0.5 */
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

Test(geometry, coherency_measured_once_answers_the_same)
{
	/* A ragged group (two of them apart), every reading and two limits:
	 * the distances measured once give the answers of each function. */
	arb_placed m[6] = {rnd(0, 0),   rnd(1.9, 0.3), rnd(4.1, -0.2),
	                   pt_at(6, 1), rnd(9.5, 0),   rnd(11.2, 0.8)};
	double *d = NULL;
	cr_assert(eq(int, arb_geom_distances(&d, m, 6), ARB_OK));
	cr_assert(eq(dbl, d[0], 0));
	cr_assert(eq(dbl, d[1 * 6 + 4], arb_geom_distance(&m[1], &m[4], NULL)));
	cr_assert(eq(dbl, d[4 * 6 + 1], d[1 * 6 + 4]));
	const double limits[] = {1, 3.5};
	for (size_t l = 0; l < 2; l++)
		for (int how = ARB_CHAIN_CONNECTED; how <= ARB_CHAIN_ALL_PAIRS; how++) {
			arb_coherency a, b;
			int ra = how == ARB_CHAIN_CONNECTED
			             ? arb_geom_coherency_connected(m, 6, limits[l], &a)
			         : how == ARB_CHAIN_LINE
			             ? arb_geom_coherency_path(m, 6, limits[l], &a)
			             : arb_geom_coherency_all_pairs(m, 6, limits[l], &a);
			int rb =
			    arb_geom_coherency_measured(m, 6, d, (arb_chain)how, limits[l], &b);
			cr_assert(eq(int, ra, ARB_OK));
			cr_assert(eq(int, rb, ARB_OK));
			cr_assert(a.ok == b.ok && a.decided == b.decided, "how %d limit %g", how,
			          limits[l]);
			cr_assert(eq(sz, a.components, b.components));
			cr_assert(eq(dbl, a.bottleneck, b.bottleneck));
			cr_assert(eq(i64, a.worst_a, b.worst_a));
			cr_assert(eq(i64, a.worst_b, b.worst_b));
			cr_assert(a.pa.x == b.pa.x && a.pa.y == b.pa.y && a.pb.x == b.pb.x &&
			          a.pb.y == b.pb.y);
		}
	free(d);
	arb_coherency c;
	cr_assert(eq(int, arb_geom_coherency_measured(m, 6, NULL, ARB_CHAIN_LINE, 1, &c), ARB_OK));
	cr_assert(
	    eq(int, arb_geom_coherency_measured(m, 6, NULL, (arb_chain)7, 1, &c), ARB_EINPUT));
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
	arb_placed m[] = {pt_at(0, 0), pt_at(1, 0), pt_at(0.5, 0.8660254037844386), pt_at(1.8, 0)};
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

/* The group fuzzing found (tests/fuzz/regressions/scenario_json/
 * slow-single-line-search.json): a 645 mm base touching all 23 others is
 * the only link between a block of 13 and a group of 10 with two models
 * that must both end a line through it. Every line runs block, big base,
 * group; the group has none from the big base, so no line exists. The
 * search over the whole group spent its whole budget (0.5 s) proving it;
 * split at the big base, it is decided at once. */
Test(geometry, coherency_path_split_at_a_cut_model)
{
	static const double block[13][2] = {{36, 17}, {37, 17}, {32, 18}, {33, 18}, {34, 18},
	                                    {35, 18}, {36, 18}, {37, 18}, {32, 19}, {33, 19},
	                                    {34, 19}, {35, 19}, {34, 19}};
	static const double group[9][2] = {{35, 21}, {36, 21}, {37, 21}, {40, 23}, {35, 24},
	                                   {36, 24}, {38, 24}, {39, 24}, {40, 24}};
	arb_placed m[24];
	size_t n = 0;
	for (size_t i = 0; i < 13; i++)
		m[n++] = round_at(block[i][0], block[i][1], 25);
	m[n++] = round_at(38, 23, 645);
	m[n++] = round_at(39, 23, 96);
	for (size_t i = 0; i < 9; i++)
		m[n++] = round_at(group[i][0], group[i][1], 25);
	arb_coherency c;
	cr_assert(eq(int, arb_geom_coherency_connected(m, n, 1, &c), ARB_OK));
	cr_assert(c.ok);
	cr_assert(eq(int, arb_geom_coherency_path(m, n, 1, &c), ARB_OK));
	cr_assert(c.decided && !c.ok);
	/* without the models at (35, 24) and (36, 24) the group has a line
	 * from the big base ((40, 24), (40, 23), (39, 24), (38, 24), (39, 23),
	 * (37, 21) ... (35, 21)), and so does the block: a line exists */
	m[n - 5] = m[n - 1];
	m[n - 4] = m[n - 2];
	cr_assert(eq(int, arb_geom_coherency_path(m, n - 2, 1, &c), ARB_OK));
	cr_assert(c.decided && c.ok);
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
				adj[i][j] = arb_geom_distance(&m[i], &m[j], NULL) <=
				            limit + ARB_TOLERANCE_IN;
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
	    arb_geom_coherency_connected, arb_geom_coherency_path, arb_geom_coherency_all_pairs};
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

/* ---- closest points of shapes that overlap -----------------------------
 * Where two shapes touch or overlap (figure 0), p = q is a point of both.
 * in_shape() checks it with a base of no size at the point. */

static bool in_base(const arb_placed *a, arb_vec2 p)
{
	arb_placed dot = round_at(p.x, p.y, 0);
	return arb_geom_distance(a, &dot, NULL) <= 1e-9;
}

#define IN_BOTH(m, a, b)                                                                           \
	do {                                                                                       \
		cr_assert(eq(dbl, (m).figure, 0));                                                 \
		NEAR_PT((m).p, (m).q.x, (m).q.y);                                                  \
		cr_assert(in_base((a), (m).p), "p (%.17g, %.17g) is not in %s", (m).p.x, (m).p.y,  \
		          #a);                                                                     \
		cr_assert(in_base((b), (m).p), "p (%.17g, %.17g) is not in %s", (m).p.x, (m).p.y,  \
		          #b);                                                                     \
	} while (0)

Test(geometry, overlap_points_round_round)
{
	arb_measure m;
	/* a 0.5" radius base at (0.5, 0) inside a 3" radius one at the origin:
	 * along the line of centres a holds s in [-0.5, 0.5] from its centre
	 * and b holds [0.5 - 3, 0.5 + 3]; the middle of both is a's centre.
	 * (The middle of the overlap, (1.5, 0), is 1" from a's centre.) */
	arb_placed a = rnd(0.5, 0), b = round_at(0, 0, 152.4);
	cr_assert(eq(dbl, arb_geom_distance(&a, &b, &m), 0));
	cr_assert(m.points);
	NEAR_PT(m.p, 0.5, 0);
	IN_BOTH(m, &a, &b);
	cr_assert(eq(dbl, arb_geom_distance(&b, &a, &m), 0));
	NEAR_PT(m.p, 0.5, 0);
	/* two equal bases 0.5 apart: the middle of the overlap, (0.25, 0) */
	b = rnd(0.5, 0);
	a = rnd(0, 0);
	arb_geom_distance(&a, &b, &m);
	NEAR_PT(m.p, 0.25, 0);
	IN_BOTH(m, &a, &b);
}

Test(geometry, overlap_points_round_rect)
{
	arb_measure m;
	/* a 3" radius base at the origin over a 1" square centred (1, 0)
	 * (x in [0.5, 1.5]): the square's closest point to the centre is
	 * (0.5, 0), which both hold. (The old middle, (1.75, 0), is off the
	 * square.) */
	arb_placed big = round_at(0, 0, 152.4), sq = rect_at(1, 0, 0, 25.4, 25.4);
	cr_assert(eq(dbl, arb_geom_distance(&big, &sq, &m), 0));
	NEAR_PT(m.p, 0.5, 0);
	IN_BOTH(m, &big, &sq);
	arb_geom_distance(&sq, &big, &m);
	NEAR_PT(m.q, 0.5, 0);
	/* the same turned 30 degrees about the origin */
	arb_placed big2 = moved(big, 0, 0, 30), sq2 = moved(sq, 0, 0, 30);
	arb_geom_distance(&sq2, &big2, &m);
	NEAR_PT(m.p, 0.5 * cos(PI / 6), 0.5 * sin(PI / 6));
	IN_BOTH(m, &sq2, &big2);
	/* a round centre inside the rect: that centre */
	arb_placed r = rnd(1.2, 0.1);
	arb_geom_distance(&r, &sq, &m);
	NEAR_PT(m.p, 1.2, 0.1);
	IN_BOTH(m, &r, &sq);
}

Test(geometry, overlap_points_rect_rect)
{
	arb_measure m;
	/* a cross of two rects, one turned 90 and one 30 degrees: their edges
	 * cross, and the crossing is on both */
	arb_placed a = rct(0, 0, 0), b = rct(0, 0, 90);
	arb_geom_distance(&a, &b, &m);
	IN_BOTH(m, &a, &b);
	b = rct(0.8, 0.3, 30);
	arb_geom_distance(&a, &b, &m);
	IN_BOTH(m, &a, &b);
	/* a small rect inside a big one turned 17 degrees: a corner of it */
	arb_placed big = rect_at(0, 0, 17, 200, 200), small = rect_at(0.3, -0.2, 71, 10, 20);
	arb_geom_distance(&big, &small, &m);
	IN_BOTH(m, &big, &small);
	arb_geom_distance(&small, &big, &m);
	IN_BOTH(m, &small, &big);
}

Test(geometry, overlap_points_base_polygon)
{
	arb_measure m;
	/* a 3" radius base at the origin, the square [0.5, 1.5] x [-0.5, 0.5]
	 * as a polygon: every edge but the right one is within the base; the
	 * deepest point, (0.5, 0) on the left edge, is the one reported. */
	arb_vec2 sq[] = {{0.5, -0.5}, {1.5, -0.5}, {1.5, 0.5}, {0.5, 0.5}};
	arb_placed big = round_at(0, 0, 152.4);
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&big, sq, 4, &m), 0));
	cr_assert(m.points);
	NEAR_PT(m.p, 0.5, 0);
	NEAR_PT(m.q, 0.5, 0);
	/* a rect base across the square's left edge: a point of that edge
	 * inside the rect */
	arb_placed r = rect_at(0.4, 0.1, 30, 30, 12);
	cr_assert(eq(dbl, arb_geom_base_polygon_distance(&r, sq, 4, &m), 0));
	NEAR_PT(m.p, m.q.x, m.q.y);
	cr_assert(in_base(&r, m.p));
	cr_assert(m.p.x >= 0.5 - 1e-9 && m.p.x <= 1.5 + 1e-9 && fabs(m.p.y) <= 0.5 + 1e-9);
}

Test(geometry, overlap_points_swept)
{
	arb_measure m;
	/* a 0.5" base moving along y = 0 past a 3" radius base at (0, 1):
	 * closest path point (0, 0), 1" from the other's centre; along that
	 * line the mover holds [-0.5, 0.5] and the other [1 - 3, 1 + 3]: the
	 * middle is (0, 0) itself. (The old middle, (0, -0.75), is 0.75"
	 * from the path, off the swept base.) */
	arb_placed mover = rnd(-5, 0), big = round_at(0, 1, 152.4);
	arb_vec2 path[] = {{-5, 0}, {5, 0}};
	cr_assert(eq(dbl, arb_geom_swept_distance(&mover, path, 2, &big, 1, &m), 0));
	cr_assert(m.points);
	NEAR_PT(m.p, 0, 0);
	NEAR_PT(m.q, 0, 0);
	/* a rect mover over a round one: a point of the other inside the
	 * rect's swept hull (here, on the path of the rect's centre line) */
	arb_placed rm = rct(-5, 0, 0);
	arb_geom_swept_distance(&rm, path, 2, &big, 1, &m);
	NEAR_PT(m.p, m.q.x, m.q.y);
	cr_assert(in_base(&big, m.p));
	cr_assert(m.p.x >= -5.5 - 1e-9 && m.p.x <= 5.5 + 1e-9 && fabs(m.p.y) <= 1 + 1e-9);
}

/* Random shapes of very different sizes, overlapping about half the time:
 * the common point is in both, whatever the pair. */
Test(geometry, overlap_points_random)
{
	lcg_state = 777;
	int overlaps = 0;
	for (int it = 0; it < 2000; it++) {
		arb_placed a = random_base(), b = random_base();
		if (lcg(0, 1) < 0.3) /* a big one */
			b = lcg(0, 1) < 0.5
			        ? round_at(b.c.x, b.c.y, lcg(100, 400))
			        : rect_at(b.c.x, b.c.y, b.facing_deg, lcg(100, 400), lcg(100, 400));
		arb_measure m;
		if (arb_geom_distance(&a, &b, &m) > 0)
			continue;
		overlaps++;
		IN_BOTH(m, &a, &b);
	}
	cr_assert(overlaps > 300, "only %d overlaps", overlaps);
}

/* ---- which measures have points ---------------------------------------- */

Test(geometry, measure_points_marker)
{
	arb_measure m;
	arb_placed a = rnd(0, 0), b = rnd(3, 0);
	arb_vec2 path[] = {{0, 0}, {1, 0}};
	arb_geom_distance(&a, &b, &m);
	cr_assert(m.points);
	arb_geom_board_inset(&a, 10, 10, &m);
	cr_assert(m.points);
	arb_geom_swept_distance(&a, path, 2, &b, 1, &m);
	cr_assert(m.points);
	/* nothing to approach, nothing overlapped: no points */
	arb_geom_swept_distance(&a, path, 2, &b, 0, &m);
	cr_assert(not(m.points));
	arb_geom_swept_penetration(&a, path, 2, &b, 1, &m);
	cr_assert(not(m.points));
	cr_assert(eq(dbl, m.figure, 0));
	arb_placed c = rnd(1, 0.5);
	NEAR(arb_geom_swept_penetration(&a, path, 2, &c, 1, &m), 0.5);
	cr_assert(m.points);
	/* a zero-initialised measure has none */
	arb_measure z = {0};
	cr_assert(not(z.points));
}

/* ---- overlaps, exact ----------------------------------------------------- */

Test(geometry, swept_penetration_exact)
{
	arb_measure m;
	/* a round base (r 0.5) along y = 0.8 through the rect [-0.5, 0.5] x
	 * [-1, 1]: with its centre inside, the overlap is the centre's
	 * distance to the nearest side plus r: min(0.5 - |x|, 1 - 0.8) + 0.5,
	 * at most 0.7 (for |x| <= 0.3). */
	arb_placed mover = rnd(-5, 0.8), r = rct(0, 0, 0);
	arb_vec2 path[] = {{-5, 0.8}, {5, 0.8}};
	NEAR_TOL(arb_geom_swept_penetration(&mover, path, 2, &r, 1, &m), 0.7, 1e-12);
	NEAR_TOL(m.figure, 0.7, 1e-12);
	cr_assert(fabs(m.p.x) <= 0.3 + 1e-12 && m.p.y == 0.8);
	/* along y = 1.3 the centre stays out: the overlap is r minus the
	 * distance to the top side, 0.5 - 0.3, over |x| <= 0.5 */
	arb_vec2 above[] = {{-5, 1.3}, {5, 1.3}};
	NEAR_TOL(arb_geom_swept_penetration(&mover, above, 2, &r, 1, &m), 0.2, 1e-12);
	/* past the corner (0.5, 1) along (1, -1), at its closest 0.3 out from
	 * the corner along the diagonal (1, 1): the centre never enters the
	 * rect (x + y stays 1.5 + 0.6 / R2 > 1.5), the overlap is 0.5 - 0.3 */
	arb_vec2 corner[] = {{0.5 + 0.3 / R2 - 3, 1 + 0.3 / R2 + 3},
	                     {0.5 + 0.3 / R2 + 3, 1 + 0.3 / R2 - 3}};
	NEAR_TOL(arb_geom_swept_penetration(&mover, corner, 2, &r, 1, &m), 0.2, 1e-12);
	NEAR_PT(m.p, 0.5 + 0.3 / R2, 1 + 0.3 / R2);
	/* a rect along y = 0 under the rect [-0.5, 0.5] x [0.5, 2.5]: they
	 * overlap 0.5 in y and, abreast, 1 in x: 0.5 over |x| <= 0.5 */
	arb_placed rm = rct(-5, 0, 0), over = rct(0, 1.5, 0);
	arb_vec2 line[] = {{-5, 0}, {5, 0}};
	NEAR_TOL(arb_geom_swept_penetration(&rm, line, 2, &over, 1, &m), 0.5, 1e-12);
	cr_assert(fabs(m.p.x) <= 0.5 + 1e-12);
	/* the same turned 40 degrees and moved far away */
	arb_placed rm2 = moved(rm, 1000, -2000, 40), over2 = moved(over, 1000, -2000, 40);
	arb_vec2 line2[] = {t_move(line[0], 1000, -2000, 40), t_move(line[1], 1000, -2000, 40)};
	NEAR_TOL(arb_geom_swept_penetration(&rm2, line2, 2, &over2, 1, &m), 0.5, 1e-9);
}

/* Far from the origin, bases that only touch do not overlap: rounding of
 * coordinates of 1e6 in is about 1e-10 in, over a fixed 1e-12. */
Test(geometry, touching_far_away)
{
	for (int k = 0; k < 3; k++) {
		double X = k == 0 ? 1e4 : k == 1 ? 1e6 : 3e7;
		/* centres 1" apart along (0.6, 0.8): radii 0.5 + 0.5 */
		arb_placed a = rnd(X + 0.3, X - 0.7), b = rnd(X + 0.9, X + 0.1);
		cr_assert(eq(dbl, arb_geom_penetration(&a, &b), 0), "X = %g: %.17g", X,
		          arb_geom_penetration(&a, &b));
		arb_vec2 path[] = {{X - 5, X - 0.7}, {X + 0.3, X - 0.7}};
		cr_assert(eq(dbl, arb_geom_swept_penetration(&a, path, 2, &b, 1, NULL), 0),
		          "X = %g", X);
		/* rects face to face along a turned axis */
		arb_placed r = rect_at(X, X, 53.13010235415598, 50.8, 25.4);
		arb_placed s = rect_at(X + 0.6, X + 0.8, 53.13010235415598, 50.8, 25.4);
		cr_assert(eq(dbl, arb_geom_penetration(&r, &s), 0), "X = %g: %.17g", X,
		          arb_geom_penetration(&r, &s));
		/* and a real overlap is still seen: 0.2 */
		arb_placed c = rnd(X + 0.3 + 0.48, X - 0.7 + 0.64);
		NEAR_TOL(arb_geom_penetration(&a, &c), 0.2, 1e-6);
	}
}

/* ---- large groups: the grid of geom-coherency-index.c against every pair ---- */

/* What every coherency reading must report for a group, worked out here
 * pair by pair: the pieces within thr, the longest edge of a minimum
 * spanning tree (Prim), the pair furthest apart (the first in index
 * order), and each model's links. */
typedef struct brute {
	size_t components;
	double mst_longest, widest;
	size_t wa, wb;      /* the widest pair */
	size_t fewest, low; /* fewest links, and the first model with them */
} brute;

static double pair_d(const arb_placed *m, size_t i, size_t j)
{
	return i < j ? arb_geom_distance(&m[i], &m[j], NULL)
	             : arb_geom_distance(&m[j], &m[i], NULL);
}

static brute brute_force(const arb_placed *m, size_t n, double limit)
{
	double thr = limit + ARB_TOLERANCE_IN;
	brute b = {0, -1, -1, 0, 1, SIZE_MAX, 0};
	double *best = malloc(n * sizeof *best);
	bool *in = calloc(n, sizeof *in);
	size_t *deg = calloc(n, sizeof *deg);
	cr_assert(best && in && deg);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			double d = pair_d(m, i, j);
			if (d <= thr) {
				deg[i]++;
				deg[j]++;
			}
			if (d > b.widest) {
				b.widest = d;
				b.wa = i;
				b.wb = j;
			}
		}
	for (size_t i = 0; i < n; i++)
		if (deg[i] < b.fewest) {
			b.fewest = deg[i];
			b.low = i;
		}
	in[0] = true;
	for (size_t v = 0; v < n; v++)
		best[v] = pair_d(m, 0, v);
	b.components = 1;
	for (size_t step = 1; step < n; step++) {
		size_t u = n;
		for (size_t v = 0; v < n; v++)
			if (!in[v] && (u == n || best[v] < best[u]))
				u = v;
		in[u] = true;
		b.mst_longest = fmax(b.mst_longest, best[u]);
		b.components += !(best[u] <= thr);
		for (size_t v = 0; v < n; v++)
			if (!in[v] && pair_d(m, u, v) < best[v])
				best[v] = pair_d(m, u, v);
	}
	free(best);
	free(in);
	free(deg);
	return b;
}

/* Groups of 1,100 to 1,500 models: a jittered grid in a few blocks with
 * gaps between them, mixed round and turned rectangular bases, and a base
 * that covers many others. */
static size_t large_group(arb_placed *m, int kind)
{
	size_t n = 1100 + (size_t)kind * 100;
	for (size_t i = 0; i < n; i++) {
		double x = (double)(i % 40) * 1.05 + lcg(-0.05, 0.05);
		double y = (double)(i / 40) * 1.05 + lcg(-0.05, 0.05);
		if (kind >= 1 && i % 40 >= 20)
			x += 1.4 + kind * 0.3; /* a gap down the middle */
		if (kind >= 2 && i / 40 >= 15)
			y += 2.5; /* and one across */
		if (kind == 3 && i % 7 == 0)
			m[i] = rect_at(x, y, lcg(0, 90), 25, 50);
		else
			m[i] = round_at(x, y, 25);
	}
	if (kind == 4)
		m[n / 2] = round_at(20, 15, 400); /* one huge base amid the rest */
	return n;
}

Test(geometry, coherency_of_large_groups_against_every_pair, .timeout = 120)
{
	static arb_placed m[1600];
	lcg_state = 99;
	for (int kind = 0; kind < 5; kind++) {
		size_t n = large_group(m, kind);
		double limit = kind == 1 ? 1.5 : 1;
		brute b = brute_force(m, n, limit);
		arb_coherency c;
		cr_assert(eq(int, arb_geom_coherency_connected(m, n, limit, &c), ARB_OK));
		cr_assert(eq(sz, c.components, b.components), "kind %d", kind);
		cr_assert(eq(int, c.ok, b.components == 1));
		cr_assert(eq(dbl, c.bottleneck, b.mst_longest), "kind %d", kind);
		cr_assert(eq(dbl, pair_d(m, (size_t)c.worst_a, (size_t)c.worst_b), b.mst_longest));
		cr_assert(eq(int, arb_geom_coherency_all_pairs(m, n, limit, &c), ARB_OK));
		cr_assert(eq(dbl, c.bottleneck, b.widest), "kind %d", kind);
		cr_assert(eq(i64, c.worst_a, (long)b.wa));
		cr_assert(eq(i64, c.worst_b, (long)b.wb));
		cr_assert(c.ok == false);
		for (size_t k = 1; k <= 9; k += 4) {
			cr_assert(eq(int, arb_geom_coherency_k_near(m, n, limit, k, &c), ARB_OK));
			cr_assert(eq(int, c.ok, b.fewest >= k), "kind %d k %zu", kind, k);
			cr_assert(eq(i64, c.worst_a, (long)b.low));
		}
		cr_assert(eq(int, arb_geom_coherency_path(m, n, limit, &c), ARB_OK));
		if (b.components > 1)
			cr_assert(c.decided && !c.ok);
	}
	/* a line of 1,200 models 1" apart, shuffled: the search finds it */
	for (size_t i = 0; i < 1200; i++)
		m[i] = round_at(2.0 * (double)((i * 37) % 1200), 0, 25);
	arb_coherency c;
	cr_assert(eq(int, arb_geom_coherency_path(m, 1200, 1.1, &c), ARB_OK));
	cr_assert(c.decided && c.ok);
}
