/* test_units.c: unit tests of oracle/units.c (arbiter.h, section 3b), the
 * unit geometry every ruleset shares. Expected values are worked out by hand
 * in the comments. Bases: a square 25.4 x 25.4 mm (1" x 1") and a round
 * 25.4 mm (radius 0.5").
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>

#include "arbiter.h"

#define EPS 1e-9
#define NEAR(a, b)                                                                                 \
	cr_assert(epsilon_eq(dbl, (a), (b), EPS), "%s = %.17g, expected %.17g", #a, (double)(a),   \
	          (double)(b))

static const arb_base kSquare = {.shape = ARB_BASE_RECT, .w_mm = 25.4, .depth_mm = 25.4};
static const arb_base kRound = {.shape = ARB_BASE_ROUND, .d_mm = 25.4};
static const arb_base kWide = {.shape = ARB_BASE_RECT, .w_mm = 50.8, .depth_mm = 25.4};

static arb_placed at(double x, double y, double facing, arb_base b)
{
	return (arb_placed){.c = {x, y}, .facing_deg = facing, .base = b};
}

Test(units, extent_along_axes)
{
	arb_placed r = at(3, 4, 0, kRound), w = at(0, 0, 0, kWide), w45 = at(0, 0, 45, kWide);
	double lo, hi;
	/* round: 0.5 either way of its centre's projection 3 */
	NEAR(arb_geom_extent(&r, (arb_vec2){1, 0}, &lo, &hi), 0.5);
	NEAR(lo, 2.5);
	NEAR(hi, 3.5);
	/* 2" frontage across the facing, 1" depth along it */
	NEAR(arb_geom_extent(&w, (arb_vec2){1, 0}, NULL, NULL), 0.5);
	NEAR(arb_geom_extent(&w, (arb_vec2){0, 1}, NULL, NULL), 1.0);
	/* turned 45: 0.5 cos 45 + 1 sin 45 = 1.5 / sqrt 2 */
	NEAR(arb_geom_extent(&w45, (arb_vec2){1, 0}, NULL, NULL), 1.5 / sqrt(2));
}

Test(units, within_is_the_tolerance)
{
	cr_assert(arb_within(6.0, 6.0));
	cr_assert(arb_within(6.0 + 0.5e-6, 6.0)); /* CONV.TOL.1: 0.000001" */
	cr_assert_not(arb_within(6.0 + 2e-6, 6.0));
}

/* Two 1" squares at (0,0) and (0,1), facing 0: the footprint is x in
 * [-0.5, 0.5] (rear, front), y in [-0.5, 1.5] (right, left). */
static arb_footprint two_abreast(void)
{
	arb_placed b[2] = {at(0, 0, 0, kSquare), at(0, 1, 0, kSquare)};
	return arb_footprint_of(b, 2, 0);
}

Test(units, footprint)
{
	arb_footprint fp = two_abreast();
	NEAR(fp.rear, -0.5);
	NEAR(fp.front, 0.5);
	NEAR(fp.right, -0.5);
	NEAR(fp.left, 1.5);
}

Test(units, arcs_from_corners_and_centre)
{
	arb_footprint fp = two_abreast();
	int F = 1 << ARB_ARC_FRONT, L = 1 << ARB_ARC_LEFT, B = 1 << ARB_ARC_REAR,
	    R = 1 << ARB_ARC_RIGHT;
	/* straight ahead of the front edge */
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){2, 0.5}, 90, true), F);
	/* (2, 3): 1.5 past the front edge and 1.5 past the left edge, on the
	 * 45 degree line from the front-left corner: on the edge of both */
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){2, 3}, 90, true), F | L);
	/* (2, 3.1): 1.6 past the left edge, 1.5 past the front: left only */
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){2, 3.1}, 90, true), L);
	/* behind and to the right */
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){-3, 0.5}, 90, true), B);
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){0, -4}, 90, true), R);
	/* from the centre (0, 0.5): (2, 3) is 2 ahead, 2.5 left: left only */
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){2, 3}, 90, false), L);
	/* inside the footprint: in no arc drawn from the corners */
	cr_assert_eq(arb_footprint_arcs(&fp, (arb_vec2){0, 0.5}, 90, true), 0);
}

/* The arcs against their definition, written here apart from the kernel:
 * a point is in an arc when its angle from the arc's direction, seen from
 * the corner (or centre) the arc is drawn from, is at most half the arc
 * (atan2), or it lies within the tolerance of the boundary ray. Seeded
 * points near and far, every arc width from 0 to 360 degrees. */
static bool ref_sector(double ahead, double side, double half)
{
	if (side <= 0)
		return ahead >= -ARB_TOLERANCE_IN;
	if (atan2(side, ahead) <= half)
		return true;
	double rx = cos(half), ry = sin(half);
	double along = ahead * rx + side * ry;
	double off = along >= 0 ? fabs(ahead * ry - side * rx) : hypot(ahead, side);
	return off <= ARB_TOLERANCE_IN;
}

Test(units, arcs_agree_with_their_angles)
{
	arb_footprint fp = two_abreast(); /* u in [-0.5, 0.5], v in [-0.5, 1.5] */
	unsigned long long x = 42;
	for (int k = 0; k < 20000; k++) {
		double r[3];
		for (int i = 0; i < 3; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			r[i] = (double)(x >> 11) / 9007199254740992.0;
		}
		double arc = k % 7 == 0 ? 90 * (k % 5) : 360 * r[2];
		arb_vec2 p = {-8 + 16 * r[0], -8 + 16 * r[1]};
		if (k % 3 == 0) { /* on a boundary ray from the front-left corner */
			double a = arc / 2 * 3.14159265358979323846 / 180;
			p = (arb_vec2){0.5 + 5 * r[0] * cos(a), 1.5 + 5 * r[0] * sin(a)};
		}
		double u = p.x, v = p.y, half = fmin(arc, 360) / 2 * 3.14159265358979323846 / 180;
		double offu = fmax(0, fmax(u - 0.5, -0.5 - u)),
		       offv = fmax(0, fmax(v - 1.5, -0.5 - v));
		const double ahead[4] = {u - 0.5, v - 1.5, -0.5 - u, -0.5 - v};
		const double aside[4] = {offv, offu, offv, offu};
		int want = 0;
		for (int a = 0; a < 4; a++)
			want |= ref_sector(ahead[a], aside[a], half) ? 1 << a : 0;
		cr_assert_eq(arb_footprint_arcs(&fp, p, arc, true), want,
		             "(%.17g, %.17g) arc %.17g: %d, expected %d", p.x, p.y, arc,
		             arb_footprint_arcs(&fp, p, arc, true), want);
	}
}

Test(units, arcs_of_180_degrees_and_more)
{
	arb_footprint fp = two_abreast();
	int F = 1 << ARB_ARC_FRONT;
	/* 180: the front arc is everything beyond the front edge's line */
	cr_assert(arb_footprint_arcs(&fp, (arb_vec2){0.6, 40}, 180, true) & F);
	cr_assert_not((arb_footprint_arcs(&fp, (arb_vec2){0.4, 40}, 180, true) & F));
	/* 270 (half 135): (0, 5) is 0.5 behind the front edge's line and 3.5
	 * left of the left edge: from the front-left corner at
	 * atan2(3.5, -0.5) = 98.1 degrees, inside 135 */
	cr_assert(arb_footprint_arcs(&fp, (arb_vec2){0, 5}, 270, true) & F);
	/* (-4, 2): 4.5 behind the front edge, 0.5 left: atan2(0.5, -4.5) =
	 * 173.7 degrees, outside 135 */
	cr_assert_not((arb_footprint_arcs(&fp, (arb_vec2){-4, 2}, 270, true) & F));
	/* 360: every point beside or ahead */
	cr_assert(arb_footprint_arcs(&fp, (arb_vec2){-4, 2}, 360, true) & F);
}

Test(units, one_definition_of_a_rank)
{
	/* two 1" squares side by side; the second 0.2" behind the first: less
	 * than half a base (0.5"), so the same rank (CONV.RANK.1). The same
	 * configuration 0.6" behind is two ranks. */
	arb_placed b[2] = {at(10, 0, 0, kSquare), at(9.8, 1, 0, kSquare)};
	size_t rank[2], n;
	cr_assert_eq(arb_ranks(b, 2, 0, rank, &n), ARB_OK);
	cr_assert_eq(n, 1);
	cr_assert_eq(rank[0], 0);
	cr_assert_eq(rank[1], 0);
	b[1].c.x = 9.4;
	cr_assert_eq(arb_ranks(b, 2, 0, rank, &n), ARB_OK);
	cr_assert_eq(n, 2);
	cr_assert_eq(rank[0], 0);
	cr_assert_eq(rank[1], 1);
	/* files: the same two counted across (facing + 90: left first) */
	cr_assert_eq(arb_ranks(b, 2, 90, rank, &n), ARB_OK);
	cr_assert_eq(n, 2);
	cr_assert_eq(rank[1], 0);
	cr_assert_eq(rank[0], 1);
	/* 2 x 3 block facing 0 at x = 2, 1, 0: three ranks */
	arb_placed blk[6];
	for (int i = 0; i < 6; i++)
		blk[i] = at(2 - i / 2, i % 2, 0, kSquare);
	size_t rk[6];
	cr_assert_eq(arb_ranks(blk, 6, 0, rk, &n), ARB_OK);
	cr_assert_eq(n, 3);
	for (int i = 0; i < 6; i++)
		cr_assert_eq(rk[i], (size_t)(i / 2));
	cr_assert_eq(arb_ranks(blk, 0, 0, rk, &n), ARB_OK);
	cr_assert_eq(n, 0);
}

Test(units, many_ranks_past_the_stack_buffer)
{
	/* 100 round bases in a column 1" apart facing 0: 100 ranks */
	arb_placed b[100];
	size_t rk[100], n;
	for (int i = 0; i < 100; i++)
		b[i] = at(-i, 0, 0, kRound);
	cr_assert_eq(arb_ranks(b, 100, 0, rk, &n), ARB_OK);
	cr_assert_eq(n, 100);
	cr_assert_eq(rk[99], 99);
}

Test(units, unit_distance)
{
	arb_model ma[2] = {{.id = "a1", .pos = {0, 0}, .base = kRound},
	                   {.id = "a2", .pos = {0, 1}, .base = kRound}};
	arb_model mb[2] = {{.id = "b1", .pos = {5, 3}, .base = kRound},
	                   {.id = "b2", .pos = {4, 1}, .base = kRound}};
	arb_unit a = {.id = "A", .models = ma, .n_models = 2};
	arb_unit b = {.id = "B", .models = mb, .n_models = 2};
	arb_measure m;
	/* a2 (0,1) to b2 (4,1): 4 - 0.5 - 0.5 = 3 */
	NEAR(arb_unit_distance(&a, &b, &m), 3.0);
	NEAR(m.p.x, 0.5);
	NEAR(m.q.x, 3.5);
	cr_assert_eq(m.other, 1);
	arb_unit empty = {.id = "E"};
	cr_assert(isinf(arb_unit_distance(&a, &empty, NULL)));
}

Test(units, overlapping_polygons_leave_no_gap)
{
	/* [0,2]^2 and [1,3]^2 overlap: 0, at a point in both */
	arb_vec2 a[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
	arb_vec2 b[4] = {{1, 1}, {3, 1}, {3, 3}, {1, 3}};
	arb_measure m;
	NEAR(arb_geom_polygon_distance(a, 4, b, 4, &m), 0);
	cr_assert(arb_geom_point_in_polygon(m.p, a, 4) && arb_geom_point_in_polygon(m.p, b, 4));
	NEAR(m.p.x, m.q.x);
	NEAR(m.p.y, m.q.y);
	/* a plus: [0,3]x[1,2] and [1,2]x[0,3]: no vertex inside the other, the
	 * edges cross */
	arb_vec2 h[4] = {{0, 1}, {3, 1}, {3, 2}, {0, 2}}, v[4] = {{1, 0}, {2, 0}, {2, 3}, {1, 3}};
	NEAR(arb_geom_polygon_distance(h, 4, v, 4, &m), 0);
	cr_assert(arb_geom_point_in_polygon(m.p, h, 4) && arb_geom_point_in_polygon(m.p, v, 4));
	/* nested: [0,10]^2 holds [4,6]^2 */
	arb_vec2 big[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
	arb_vec2 small[4] = {{4, 4}, {6, 4}, {6, 6}, {4, 6}};
	NEAR(arb_geom_polygon_distance(big, 4, small, 4, &m), 0);
	cr_assert(arb_geom_point_in_polygon(m.p, big, 4) &&
	          arb_geom_point_in_polygon(m.p, small, 4));
	NEAR(arb_geom_polygon_distance(small, 4, big, 4, NULL), 0);
	/* apart: [0,1]^2 and [3,4]x[0,1]: 2, between x = 1 and x = 3 */
	arb_vec2 c[4] = {{3, 0}, {4, 0}, {4, 1}, {3, 1}};
	arb_vec2 d[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
	NEAR(arb_geom_polygon_distance(d, 4, c, 4, &m), 2);
	NEAR(m.p.x, 1);
	NEAR(m.q.x, 3);
	/* touching along an edge: 0 */
	arb_vec2 e[4] = {{1, 0}, {2, 0}, {2, 1}, {1, 1}};
	NEAR(arb_geom_polygon_distance(d, 4, e, 4, NULL), 0);
}

Test(units, point_in_polygon)
{
	/* an L: [0,2]x[0,1] with [0,1]x[1,2] */
	arb_vec2 l[6] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
	cr_assert(arb_geom_point_in_polygon((arb_vec2){0.5, 1.5}, l, 6));
	cr_assert_not(arb_geom_point_in_polygon((arb_vec2){1.5, 1.5}, l, 6));
	cr_assert(arb_geom_point_in_polygon((arb_vec2){2, 0.5}, l, 6)); /* on an edge */
	cr_assert(arb_geom_point_in_polygon((arb_vec2){1, 1}, l, 6));   /* the reflex vertex */
	cr_assert_not(arb_geom_point_in_polygon((arb_vec2){2.1, 0.5}, l, 6));
	cr_assert_not(arb_geom_point_in_polygon((arb_vec2){0, 0}, l, 2)); /* not a polygon */
}

/* Crossing by more than a tolerance: a hair off one line is on it. */
Test(units, segments_cross_by_a_tolerance)
{
	const double tol = ARB_TOLERANCE_IN;
	cr_assert(arb_geom_segments_cross_by((arb_vec2){0, 0}, (arb_vec2){2, 2}, (arb_vec2){0, 2},
	                                     (arb_vec2){2, 0}, tol));
	/* collinear but for 1e-10: along, not across */
	cr_assert_not(arb_geom_segments_cross_by((arb_vec2){0, 0}, (arb_vec2){10, 0},
	                                         (arb_vec2){2, 1e-10}, (arb_vec2){8, -1e-10}, tol));
	cr_assert(arb_geom_segments_cross((arb_vec2){0, 0}, (arb_vec2){10, 0}, (arb_vec2){2, 1e-10},
	                                  (arb_vec2){8, -1e-10}));
	/* an end within the tolerance of the other line: meets, does not cross */
	cr_assert_not(arb_geom_segments_cross_by((arb_vec2){0, 0}, (arb_vec2){10, 0},
	                                         (arb_vec2){5, 1e-7}, (arb_vec2){5, 3}, tol));
	/* just past the tolerance on both sides: crosses */
	cr_assert(arb_geom_segments_cross_by((arb_vec2){0, 0}, (arb_vec2){10, 0},
	                                     (arb_vec2){5, 2 * tol}, (arb_vec2){5, -2 * tol}, tol));
	/* a segment shorter than the tolerance crosses nothing */
	cr_assert_not(arb_geom_segments_cross_by((arb_vec2){0, 0}, (arb_vec2){1e-7, 0},
	                                         (arb_vec2){0, 1}, (arb_vec2){0, -1}, tol));
}

Test(units, segments_cross)
{
	cr_assert(arb_geom_segments_cross((arb_vec2){0, 0}, (arb_vec2){2, 2}, (arb_vec2){0, 2},
	                                  (arb_vec2){2, 0}));
	/* touching at an end is not crossing */
	cr_assert_not(arb_geom_segments_cross((arb_vec2){0, 0}, (arb_vec2){1, 1}, (arb_vec2){1, 1},
	                                      (arb_vec2){2, 0}));
	cr_assert_not(arb_geom_segments_cross((arb_vec2){0, 0}, (arb_vec2){1, 0}, (arb_vec2){2, 0},
	                                      (arb_vec2){3, 0}));
}

Test(units, approach_until_touching)
{
	arb_placed a = at(0, 0, 0, kRound), b = at(5, 0, 0, kRound), sq = at(5, 0, 0, kSquare);
	arb_vec2 stop;
	/* centres 5 apart, radii 0.5 + 0.5: 4 to touch */
	NEAR(arb_geom_approach(&a, &b, &stop), 4.0);
	NEAR(stop.x, 4.0);
	/* round against a square facing 0 (its near face at x = 4.5): 4 */
	NEAR(arb_geom_approach(&a, &sq, &stop), 4.0);
	/* diagonally: centres (0,0) and (3,4) are 5 apart: 4 again for rounds */
	arb_placed c = at(3, 4, 0, kRound);
	NEAR(arb_geom_approach(&a, &c, &stop), 4.0);
	NEAR(stop.x, 2.4);
	NEAR(stop.y, 3.2);
	/* already touching */
	arb_placed d = at(1, 0, 0, kRound);
	NEAR(arb_geom_approach(&a, &d, &stop), 0.0);
	NEAR(stop.x, 0.0);
}

/* Squares and discs closing on each other, worked by hand: where a corner
 * first meets a face, or the disc meets a corner's circle of the grown
 * square (arb__geom_contact_along). */
Test(units, approach_of_corners_and_faces_is_exact)
{
	arb_vec2 stop;
	/* a square facing 0 towards one turned 45 degrees: its face x = t + 0.5
	 * meets the diamond's corner at x = 5 - sqrt(0.5) */
	arb_placed s0 = at(0, 0, 0, kSquare), d45 = at(5, 0, 45, kSquare);
	NEAR(arb_geom_approach(&s0, &d45, &stop), 4.5 - sqrt(0.5));
	NEAR(stop.y, 0.0);
	/* and the diamond towards the square: the same gap closed */
	NEAR(arb_geom_approach(&d45, &s0, &stop), 4.5 - sqrt(0.5));
	NEAR(stop.x, 5 - (4.5 - sqrt(0.5)));
	/* a disc of radius 0.5 from (0, 0) towards the square about (3, 4),
	 * along (0.6, 0.8): it misses both pushed-out faces and meets the
	 * circle of radius 0.5 about the corner (2.5, 3.5): t^2 - 8.6 t + 18.25
	 * = 0, t = 4.3 - sqrt(0.24) */
	arb_placed r = at(0, 0, 0, kRound), sq = at(3, 4, 0, kSquare);
	NEAR(arb_geom_approach(&r, &sq, &stop), 4.3 - sqrt(0.24));
	NEAR(stop.x, 0.6 * (4.3 - sqrt(0.24)));
	/* the square towards the disc: the same contact, seen from the other */
	NEAR(arb_geom_approach(&sq, &r, &stop), 4.3 - sqrt(0.24));
}

/* The exact approach against the definition: at the length it gives the
 * bases touch, a hair before they are apart, on pairs of every kind at
 * random facings, sizes and places (seeded). */
Test(units, approach_agrees_with_the_distance_it_closes)
{
	unsigned long long x = 0x9e3779b97f4a7c15ull;
	for (int k = 0; k < 2000; k++) {
		double v[8];
		for (int i = 0; i < 8; i++) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			v[i] = (double)(x >> 11) / 9007199254740992.0;
		}
		arb_base ba = k % 3 == 0 ? kRound
		                         : (arb_base){.shape = ARB_BASE_RECT,
		                                      .w_mm = 10 + 60 * v[0],
		                                      .depth_mm = 10 + 60 * v[1]};
		arb_base bb = k % 5 == 0 ? kRound
		                         : (arb_base){.shape = ARB_BASE_RECT,
		                                      .w_mm = 10 + 60 * v[2],
		                                      .depth_mm = 10 + 60 * v[3]};
		arb_placed a = at(0, 0, 360 * v[4], ba);
		arb_placed b = at(3 + 10 * v[5], -5 + 10 * v[6], 360 * v[7], bb);
		if (ba.shape == ARB_BASE_ROUND && bb.shape == ARB_BASE_ROUND)
			continue; /* the closed form, tested above */
		arb_vec2 stop;
		double t = arb_geom_approach(&a, &b, &stop);
		if (t == 0)
			continue; /* touching already */
		double len = hypot(b.c.x, b.c.y);
		arb_placed m = a;
		m.c = stop;
		cr_assert(fabs(arb_geom_distance(&m, &b, NULL)) < 1e-9, "pair %d: apart at %g", k,
		          t);
		m.c = (arb_vec2){b.c.x / len * (t - 1e-6), b.c.y / len * (t - 1e-6)};
		cr_assert(arb_geom_distance(&m, &b, NULL) > 0, "pair %d: touching before %g", k, t);
	}
}

Test(units, footprint_faces)
{
	arb_footprint fp = two_abreast(); /* x in [-0.5, 0.5], y in [-0.5, 1.5] */
	arb_vec2 out;
	NEAR(arb_footprint_face(&fp, ARB_ARC_FRONT, &out), 0.5);
	NEAR(out.x, 1);
	NEAR(arb_footprint_face(&fp, ARB_ARC_LEFT, &out), 1.5);
	NEAR(out.y, 1);
	/* the rear edge x = -0.5 seen outward (-x): 0.5 */
	NEAR(arb_footprint_face(&fp, ARB_ARC_REAR, &out), 0.5);
	NEAR(out.x, -1);
	NEAR(arb_footprint_face(&fp, ARB_ARC_RIGHT, &out), 0.5);
	NEAR(out.y, -1);
}

Test(units, path_of_poses)
{
	/* r1 at (10,10) facing 0 wheels +90 about (10.5, 9.5) to (10, 9), then
	 * goes straight 2" to (12, 9): the centre's arc is sqrt(0.5) pi / 2 */
	arb_vec2 pts[3] = {{10, 10}, {10, 9}, {12, 9}};
	double facing[3] = {0, 90, NAN};
	arb_step steps[2] = {{.kind = ARB_STEP_ROTATE, .pivot = {10.5, 9.5}, .angle_deg = NAN},
	                     {.kind = ARB_STEP_TRANSLATE}};
	arb_path p = {.model = "r1", .pts = pts, .n_pts = 3, .facing = facing, .steps = steps};
	arb_model m = {.id = "r1", .pos = {10, 10}, .facing_deg = 0, .base = kSquare};
	NEAR(arb_path_facing(&p, &m, 0), 0);
	NEAR(arb_path_facing(&p, &m, 2), 90); /* not written: the facing before it */
	NEAR(arb_path_turn(&p, &m, 0), 90);
	NEAR(arb_path_turn(&p, &m, 1), 0);
	NEAR(arb_path_length(&p, &m), sqrt(0.5) * 3.14159265358979323846 / 2 + 2);
	/* a path that does not turn: its polyline */
	arb_path q = {.model = "r1", .pts = pts, .n_pts = 3};
	NEAR(arb_path_length(&q, &m), 1 + 2); /* (10,10)-(10,9)-(12,9) */
	NEAR(arb_path_facing(&q, &m, 1), 0);
}
