/* test_pose.c: unit tests of oracle/pose.c (arbiter.h, section 2b).
 *
 * Expected values are worked out by hand in the comments. The unit used
 * most is a front rank of five round 25 mm bases (radius 12.5 mm), facing
 * +x, in a row along y: in its own frame the centres are at x = 0,
 * y = +50, +25, 0, -25, -50 mm (part 0 on the left, +y), so its footprint
 * is x in [-12.5, 12.5] mm, y in [-62.5, 62.5] mm, front-left corner
 * (12.5, 62.5) mm and front-right (12.5, -62.5) mm.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arbiter.h"

static arb_vec2 corner_of(const arb_footprint *fp, int i)
{
	arb_vec2 k[4];
	arb_footprint_corners(fp, k);
	return k[i];
}

#define EPS 1e-9
#define NEAR(a, b)                                                                                 \
	cr_assert(epsilon_eq(dbl, (a), (b), EPS), "%s = %.17g, expected %.17g", #a, (double)(a),   \
	          (double)(b))
#define NEAR_PT(p, X, Y)                                                                           \
	do {                                                                                       \
		NEAR((p).x, (X));                                                                  \
		NEAR((p).y, (Y));                                                                  \
	} while (0)
#define HAS(hay, needle)                                                                           \
	cr_assert(strstr((hay), (needle)) != NULL, "\"%s\" lacks \"%s\"", (hay), (needle))

static const double PI = 3.14159265358979323846;
static const double MM = 25.4;

static arb_placed round_at(double x, double y, double d_mm)
{
	arb_placed p = {.c = {x, y}, .base = {.shape = ARB_BASE_ROUND, .d_mm = d_mm}};
	return p;
}

static arb_placed rect_at(double x, double y, double facing, double w_mm, double depth_mm)
{
	arb_placed p = {.c = {x, y},
	                .facing_deg = facing,
	                .base = {.shape = ARB_BASE_RECT, .w_mm = w_mm, .depth_mm = depth_mm}};
	return p;
}

/* The five-wide front rank, in its own frame. */
static void front_rank(arb_placed parts[5])
{
	for (int i = 0; i < 5; i++)
		parts[i] = round_at(0, (50 - 25 * i) / MM, 25);
}

/* ---- angles ------------------------------------------------------------- */

Test(pose, angle_normalise_and_wrap)
{
	/* facings are read mod 360, into [0, 360) */
	NEAR(arb_angle_normalise(-90), 270);
	NEAR(arb_angle_normalise(370), 10);
	NEAR(arb_angle_normalise(720), 0);
	NEAR(arb_angle_normalise(-360), 0);
	NEAR(arb_angle_normalise(359.5), 359.5);
	NEAR(arb_angle_normalise(-1e-20), 0); /* rounds to 360 before the fix-up */
	cr_assert(isnan(arb_angle_normalise(NAN)));
	cr_assert(isnan(arb_angle_normalise(INFINITY)));
	/* the shortest turn, in (-180, 180] */
	NEAR(arb_angle_delta(359, 1), 2);
	NEAR(arb_angle_delta(1, 359), -2);
	NEAR(arb_angle_delta(-90, 90), 180);
	NEAR(arb_angle_delta(0, 180), 180);
	NEAR(arb_angle_delta(180, 0), 180);
	NEAR(arb_angle_delta(10, -350), 0);
	NEAR(arb_angle_delta(720, 45), 45);
}

Test(pose, rotate_quarter_turn_is_exact)
{
	/* (3, 1) about (1, 1) by 90: the offset (2, 0) turns to (0, 2), so
	 * (1, 3); facing 0 + 90. Exact, not merely near. */
	arb_pose a = {{3, 1}, 0};
	arb_pose b = arb_pose_rotate(&a, (arb_vec2){1, 1}, 90);
	cr_assert(b.c.x == 1 && b.c.y == 3 && b.facing_deg == 90);
	/* by -90 from facing 0: (1, -1), facing 270 */
	b = arb_pose_rotate(&a, (arb_vec2){1, 1}, -90);
	cr_assert(b.c.x == 1 && b.c.y == -1 && b.facing_deg == 270);
	/* arb_pose_point: local (1, 0) at a pose facing 90 is 1 along +y */
	arb_pose p = {{5, 5}, 90};
	arb_vec2 w = arb_pose_point(&p, (arb_vec2){1, 0});
	cr_assert(w.x == 5 && w.y == 6);
	/* a part facing 30 in a body facing 350 faces 20 */
	arb_placed part = rect_at(0, 0, 30, 20, 20);
	p.facing_deg = 350;
	NEAR(arb_pose_place(&p, &part).facing_deg, 20);
}

/* ---- footprint and validation ------------------------------------------ */

Test(pose, footprint_of_front_rank)
{
	arb_placed parts[5];
	arb_footprint fp;
	front_rank(parts);
	arb_body body = {parts, 5};
	cr_assert(eq(int, arb_body_footprint(&fp, &body, NULL), ARB_OK));
	NEAR_PT(corner_of(&fp, 0), 12.5 / MM, 62.5 / MM);   /* front-left */
	NEAR_PT(corner_of(&fp, 1), 12.5 / MM, -62.5 / MM);  /* front-right */
	NEAR_PT(corner_of(&fp, 2), -12.5 / MM, -62.5 / MM); /* rear-right */
	NEAR_PT(corner_of(&fp, 3), -12.5 / MM, 62.5 / MM);  /* rear-left */
	/* a rect part facing 90 in the body: 50.8 frontage now along x */
	arb_placed r = rect_at(1, 0, 90, 50.8, 25.4);
	body = (arb_body){&r, 1};
	cr_assert(eq(int, arb_body_footprint(&fp, &body, NULL), ARB_OK));
	NEAR_PT(corner_of(&fp, 0), 2, 0.5);
	NEAR_PT(corner_of(&fp, 2), 0, -0.5);
	body.n_parts = 0;
	arb_error err;
	cr_assert(eq(int, arb_body_footprint(&fp, &body, &err), ARB_EINPUT));
}

/* A wheel path of the front rank: pose (10, 10) facing 0, a quarter turn
 * about the front-left corner P = (10 + 12.5/25.4, 10 + 62.5/25.4). The
 * centre's offset from P, (-12.5, -62.5) mm, turns by +90 to (62.5, -12.5)
 * mm, so it lands at (10 + 75/25.4, 10 + 50/25.4), facing 90. */
static const arb_vec2 WHEEL_P = {10 + 12.5 / 25.4, 10 + 62.5 / 25.4};

static void wheel_path(arb_pose poses[2], arb_step *st)
{
	poses[0] = (arb_pose){{10, 10}, 0};
	poses[1] = (arb_pose){{10 + 75 / MM, 10 + 50 / MM}, 90};
	*st = (arb_step){.kind = ARB_STEP_ROTATE,
	                 .pivot = WHEEL_P,
	                 .angle_deg = 90,
	                 .about = ARB_PIVOT_FRONT_CORNER};
}

Test(pose, path_check_accepts_a_wheel)
{
	arb_placed parts[5];
	arb_footprint fp;
	arb_pose poses[2];
	arb_step st;
	arb_error err;
	size_t bad = 99;
	front_rank(parts);
	arb_body body = {parts, 5};
	arb_body_footprint(&fp, &body, NULL);
	wheel_path(poses, &st);
	arb_pose_path path = {poses, &st, 1};
	int rc = arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", err.message);
	cr_assert(eq(sz, bad, 0));
	/* arb_pose_rotate agrees with the hand-computed landing pose */
	arb_pose b = arb_pose_rotate(&poses[0], WHEEL_P, 90);
	NEAR_PT(b.c, 10 + 75 / MM, 10 + 50 / MM);
	NEAR(b.facing_deg, 90);
	/* the pivot is corner 0, front-left */
	int corner = -2;
	cr_assert(eq(int,
	             arb_pivot_check(&corner, &poses[0], &fp, WHEEL_P, ARB_PIVOT_FRONT_CORNER,
	                             ARB_TOLERANCE_IN, &err),
	             ARB_OK));
	cr_assert(eq(int, corner, 0));
	/* 1e-7 in off is within the 1e-6 in tolerance */
	poses[1].c.x += 1e-7;
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
}

Test(pose, path_check_non_finite_pose)
{
	arb_placed parts[5];
	arb_footprint fp;
	arb_pose poses[2];
	arb_step st;
	arb_error err;
	size_t bad = 99;
	char buf[700];
	front_rank(parts);
	arb_body body = {parts, 5};
	arb_body_footprint(&fp, &body, NULL);
	wheel_path(poses, &st);
	arb_pose_path path = {poses, &st, 1};
	poses[1].facing_deg = NAN;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(sz, bad, 1));
	cr_assert(eq(str, err.field, "poses[1].facing_deg"));
	HAS(err.message, "pose 1");
	HAS(err.message, "not finite");
	/* a loader adds where the pose was written, and the format reads whole */
	snprintf(err.file, sizeof err.file, "%s", "moves.jsonl");
	err.line = 3;
	err.column = 41;
	arb_error_format(&err, buf, sizeof buf);
	HAS(buf, "moves.jsonl:3:41: field 'poses[1].facing_deg': pose 1: the facing");
	/* a non-finite centre of the first pose */
	wheel_path(poses, &st);
	poses[0].c.y = INFINITY;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(sz, bad, 0));
	cr_assert(eq(str, err.field, "poses[0].c"));
	/* the sweeps refuse it too */
	arb_sweep sw;
	arb_placed other = round_at(0, 0, 25);
	cr_assert(eq(int, arb_pose_sweep_distance(&sw, &body, &path, &other, 1, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "poses[0].c"));
	/* and a lone pose */
	arb_pose lone = {{0, 0}, -INFINITY};
	cr_assert(eq(int, arb_pose_check(&lone, 7, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "poses[7].facing_deg"));
}

Test(pose, path_check_pivot_not_a_front_corner)
{
	arb_placed parts[5];
	arb_footprint fp;
	arb_pose poses[2];
	arb_step st;
	arb_error err;
	size_t bad = 99;
	int corner = -2;
	front_rank(parts);
	arb_body body = {parts, 5};
	arb_body_footprint(&fp, &body, NULL);
	wheel_path(poses, &st);
	arb_pose_path path = {poses, &st, 1};
	/* the rear-left corner (10 - 12.5/25.4, 10 + 62.5/25.4): a corner, not a
	 * front one; the nearest front corner, front-left, is 25 mm away */
	arb_vec2 rear_left = {10 - 12.5 / MM, 10 + 62.5 / MM};
	st.pivot = rear_left;
	poses[1] = arb_pose_rotate(&poses[0], rear_left, 90); /* no teleport: only the pivot */
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(sz, bad, 1));
	cr_assert(eq(str, err.field, "steps[0].pivot"));
	HAS(err.message, "step 0 (pose 0 to 1)");
	HAS(err.message, "not a front corner");
	HAS(err.message, "front-left");
	HAS(err.message, "0.984252 in away"); /* 25 / 25.4 */
	/* declared as any corner it is corner 3, rear-left */
	st.about = ARB_PIVOT_CORNER;
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	cr_assert(eq(int,
	             arb_pivot_check(&corner, &poses[0], &fp, rear_left, ARB_PIVOT_CORNER,
	                             ARB_TOLERANCE_IN, &err),
	             ARB_OK));
	cr_assert(eq(int, corner, 3));
	/* the centre is no corner: 62.5 mm from the nearest, (12.5, 62.5) mm
	 * away being sqrt(12.5^2 + 62.5^2) = 63.74 mm; the nearest corner in
	 * the order front-left, front-right, ... is front-left */
	cr_assert(eq(int,
	             arb_pivot_check(&corner, &poses[0], &fp, (arb_vec2){10, 10}, ARB_PIVOT_CORNER,
	                             ARB_TOLERANCE_IN, &err),
	             ARB_EINPUT));
	HAS(err.message, "not a corner");
	cr_assert(eq(int, corner, -1));
	/* ... but it is the centre */
	cr_assert(eq(int,
	             arb_pivot_check(&corner, &poses[0], &fp, (arb_vec2){10, 10}, ARB_PIVOT_CENTRE,
	                             ARB_TOLERANCE_IN, &err),
	             ARB_OK));
	/* a corner that needs a footprint it was not given */
	cr_assert(eq(int,
	             arb_pivot_check(&corner, &poses[0], NULL, rear_left, ARB_PIVOT_CORNER,
	                             ARB_TOLERANCE_IN, &err),
	             ARB_EINPUT));
	HAS(err.message, "needs the unit's footprint");
}

Test(pose, path_check_teleport)
{
	arb_placed parts[5];
	arb_footprint fp;
	arb_pose poses[3];
	arb_step st[2];
	arb_error err;
	size_t bad = 99;
	front_rank(parts);
	arb_body body = {parts, 5};
	arb_body_footprint(&fp, &body, NULL);
	wheel_path(poses, &st[0]);
	arb_pose_path path = {poses, st, 1};
	/* the wheel lands 0.5 in short along x: the centre (and every point) is
	 * 0.5 in from where the rotation puts it */
	poses[1].c.x -= 0.5;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(sz, bad, 1));
	cr_assert(eq(str, err.field, "poses[1]"));
	HAS(err.message, "pose 1 does not follow from pose 0 by the declared rotation");
	HAS(err.message, "0.5 in from");
	/* the right place but the wrong facing (0 instead of 90): the far
	 * corners of the footprint are where it shows */
	wheel_path(poses, &st[0]);
	poses[1].facing_deg = 0;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(sz, bad, 1));
	/* a translation that turns: pose 1 -> 2 moves 3 in along the new
	 * facing (+y) and swings to 180. Corner front-left, local (12.5, 62.5)
	 * mm, is put at facing 90 at (-62.5, 12.5) mm and at facing 180 at
	 * (-12.5, -62.5) mm from the centre: 50 mm by 75 mm apart, so
	 * sqrt(50^2 + 75^2) / 25.4 = 3.549 in */
	wheel_path(poses, &st[0]);
	poses[2] = (arb_pose){{poses[1].c.x, poses[1].c.y + 3}, 180};
	st[1] = (arb_step){.kind = ARB_STEP_TRANSLATE};
	path.n_steps = 2;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(sz, bad, 2));
	cr_assert(eq(str, err.field, "poses[2]"));
	HAS(err.message, "by a translation");
	HAS(err.message, "3.54");
	/* facing 450 is 90: the same translation is fine */
	poses[2].facing_deg = 450;
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	/* an unknown step kind */
	st[1].kind = (arb_step_kind)7;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "steps[1].kind"));
	cr_assert(eq(sz, bad, 2));
}

Test(pose, step_angles_past_a_turn_are_rejected)
{
	arb_placed r = rect_at(0, 0, 0, 50.8, 25.4);
	arb_body body = {&r, 1};
	arb_footprint fp;
	arb_error err;
	size_t bad;
	arb_body_footprint(&fp, &body, NULL);
	arb_pose poses[2] = {{{5, 5}, 0}, {{5, 5}, 10}};
	arb_step st = {
	    .kind = ARB_STEP_ROTATE, .pivot = {5, 5}, .angle_deg = 370, .about = ARB_PIVOT_CENTRE};
	arb_pose_path path = {poses, &st, 1};
	/* 370 is not normalised to 10: a sweep of more than one turn is refused */
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "steps[0].angle_deg"));
	HAS(err.message, "at most one turn");
	st.angle_deg = -361;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
	/* one full turn is a sweep: pose unchanged, every corner travels 2 pi r */
	st.angle_deg = 360;
	poses[1].facing_deg = 0;
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	double far;
	cr_assert(eq(int, arb_path_travel(&far, &body, &path, ARB_TRAVEL_FARTHEST, &err), ARB_OK));
	NEAR(far, 2 * PI * sqrt(1.25));
}

Test(pose, wrap_around_359_to_1)
{
	/* a rect 2 in x 1 in pivoting on the spot from facing 359 to facing 1:
	 * by +2 (or, equally joined, by -358 the long way round) */
	arb_placed r = rect_at(0, 0, 0, 50.8, 25.4);
	arb_body body = {&r, 1};
	arb_footprint fp;
	arb_error err;
	size_t bad;
	arb_body_footprint(&fp, &body, NULL);
	arb_pose poses[2] = {{{5, 5}, 359}, {{5, 5}, 1}};
	arb_step st = {
	    .kind = ARB_STEP_ROTATE, .pivot = {5, 5}, .angle_deg = 2, .about = ARB_PIVOT_CENTRE};
	arb_pose_path path = {poses, &st, 1};
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	poses[1].facing_deg = 361; /* the same facing */
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	/* the corners are sqrt(0.5^2 + 1^2) = sqrt(1.25) from the centre: they
	 * travel sqrt(1.25) * 2 pi / 180 by the short way ... */
	double far;
	arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err);
	cr_assert(eq(int, arb_path_travel(&far, &body, &path, ARB_TRAVEL_FARTHEST, &err), ARB_OK));
	NEAR(far, sqrt(1.25) * 2 * PI / 180);
	/* ... and sqrt(1.25) * 358 pi / 180 the long way */
	st.angle_deg = -358;
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	cr_assert(eq(int, arb_path_travel(&far, &body, &path, ARB_TRAVEL_FARTHEST, &err), ARB_OK));
	NEAR(far, sqrt(1.25) * 358 * PI / 180);
	/* a negative turn from facing 0: -90 lands on facing 270 (== -90) */
	poses[0].facing_deg = 0;
	poses[1].facing_deg = -90;
	st.angle_deg = -90;
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	NEAR(arb_pose_rotate(&poses[0], st.pivot, -90).facing_deg, 270);
	/* but +90 does not join 0 to -90 */
	st.angle_deg = 90;
	cr_assert(
	    eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_EINPUT));
}

/* ---- arc lengths and travel -------------------------------------------- */

Test(pose, wheel_quarter_turn_five_wide)
{
	arb_placed parts[5];
	arb_footprint fp;
	arb_pose poses[2];
	arb_step st;
	arb_error err;
	arb_wheel w;
	size_t rank[5] = {0, 1, 2, 3, 4};
	front_rank(parts);
	arb_body body = {parts, 5};
	arb_body_footprint(&fp, &body, NULL);
	wheel_path(poses, &st);
	/* About the front-left corner, the outside model is part 4 (the right
	 * end). Its centre is (-12.5, -112.5) mm from the pivot:
	 * r = 12.5 sqrt(1 + 81) = 12.5 sqrt(82) mm = 4.45639 in, and a quarter
	 * turn is r pi / 2 = 4.4563903 * 1.5707963 = 7.0000816 in. */
	double rc = 12.5 * sqrt(82) / MM;
	cr_assert(eq(int,
	             arb_wheel_measure(&w, &body, &fp, &poses[0], &st, rank, 5,
	                               ARB_WHEEL_MODEL_CENTRE, ARB_TOLERANCE_IN, &err),
	             ARB_OK),
	          "%s", err.message);
	cr_assert(eq(i64, w.outside, 4));
	cr_assert(eq(int, w.pivot_corner, 0));
	cr_assert(eq(int, w.direction, 1)); /* counter-clockwise about the left: forward */
	NEAR(w.radius, rc);
	NEAR(w.distance, rc * PI / 2);
	cr_assert(fabs(w.distance - 7.0000816) < 1e-7);
	/* its far edge: the point of its base farthest from the pivot, one
	 * radius (12.5 mm) further out: (12.5 sqrt(82) + 12.5) / 25.4 in */
	arb_wheel_measure(&w, &body, &fp, &poses[0], &st, rank, 5, ARB_WHEEL_MODEL_FARTHEST,
	                  ARB_TOLERANCE_IN, &err);
	NEAR(w.radius, (12.5 * sqrt(82) + 12.5) / MM);
	NEAR(w.distance, (12.5 * sqrt(82) + 12.5) / MM * PI / 2);
	/* the unit's other front corner, 125 mm along the front edge:
	 * 125 / 25.4 * pi / 2 = 7.73034 in */
	arb_wheel_measure(&w, &body, &fp, &poses[0], &st, NULL, 0, ARB_WHEEL_FRONT_CORNER,
	                  ARB_TOLERANCE_IN, &err);
	cr_assert(eq(i64, w.outside, -1));
	NEAR(w.radius, 125 / MM);
	NEAR(w.distance, 125 / MM * PI / 2);
	/* clockwise about the left corner swings the front edge backwards */
	st.angle_deg = -90;
	arb_wheel_measure(&w, &body, &fp, &poses[0], &st, NULL, 0, ARB_WHEEL_FRONT_CORNER,
	                  ARB_TOLERANCE_IN, &err);
	cr_assert(eq(int, w.direction, -1));
	NEAR(w.distance, 125 / MM * PI / 2);
	/* about the front-right corner, clockwise is forward and part 0 is
	 * outside, with the same radius by symmetry */
	st.pivot = (arb_vec2){10 + 12.5 / MM, 10 - 62.5 / MM};
	arb_wheel_measure(&w, &body, &fp, &poses[0], &st, rank, 5, ARB_WHEEL_MODEL_CENTRE,
	                  ARB_TOLERANCE_IN, &err);
	cr_assert(eq(int, w.pivot_corner, 1));
	cr_assert(eq(int, w.direction, 1));
	cr_assert(eq(i64, w.outside, 0));
	NEAR(w.radius, rc);
	/* not a front corner: refused */
	st.pivot = (arb_vec2){10, 10};
	cr_assert(eq(int,
	             arb_wheel_measure(&w, &body, &fp, &poses[0], &st, rank, 5,
	                               ARB_WHEEL_MODEL_CENTRE, ARB_TOLERANCE_IN, &err),
	             ARB_EINPUT));
	/* a front rank index past the body */
	wheel_path(poses, &st);
	rank[2] = 5;
	cr_assert(eq(int,
	             arb_wheel_measure(&w, &body, &fp, &poses[0], &st, rank, 5,
	                               ARB_WHEEL_MODEL_CENTRE, ARB_TOLERANCE_IN, &err),
	             ARB_EINPUT));
}

Test(pose, arc_length_and_rotation_travel)
{
	/* r |theta|: 2 in over 90 degrees is pi; over -45 degrees pi / 2 */
	NEAR(arb_arc_length(2, 90), PI);
	NEAR(arb_arc_length(2, -45), PI / 2);
	NEAR(arb_arc_length(3, 0), 0);
	/* a round 25.4 mm base at (3, 4), pivot at the origin: centre r = 5,
	 * farthest point r = 5.5; a half turn moves them 5 pi and 5.5 pi */
	arb_placed b = round_at(3, 4, 25.4);
	arb_vec2 o = {0, 0};
	NEAR(arb_rotation_travel(&b, o, 180, ARB_TRAVEL_CENTRE), 5 * PI);
	NEAR(arb_rotation_travel(&b, o, -180, ARB_TRAVEL_FARTHEST), 5.5 * PI);
}

Test(pose, pivot_rect_on_the_spot)
{
	/* A rect 2 in frontage x 1 in deep at (5, 5) facing 0 pivots on the spot
	 * by 90. Its centre does not move; its corners, sqrt(0.5^2 + 1^2) =
	 * sqrt(1.25) = 1.118034 in out, travel sqrt(1.25) pi / 2 = 1.756204 in. */
	arb_placed part = rect_at(0, 0, 0, 50.8, 25.4);
	arb_body body = {&part, 1};
	arb_footprint fp;
	arb_error err;
	size_t bad;
	arb_body_footprint(&fp, &body, NULL);
	arb_pose poses[2] = {{{5, 5}, 0}, {{5, 5}, 90}};
	arb_step st = {
	    .kind = ARB_STEP_ROTATE, .pivot = {5, 5}, .angle_deg = 90, .about = ARB_PIVOT_CENTRE};
	arb_pose_path path = {poses, &st, 1};
	cr_assert(eq(int, arb_pose_path_check(&bad, &path, &fp, ARB_TOLERANCE_IN, &err), ARB_OK));
	double t;
	arb_path_travel(&t, &body, &path, ARB_TRAVEL_CENTRE, &err);
	NEAR(t, 0);
	arb_path_travel(&t, &body, &path, ARB_TRAVEL_FARTHEST, &err);
	NEAR(t, sqrt(1.25) * PI / 2);
	NEAR(t, 1.7562036827601815);
	/* Against a round 25.4 mm base at (7.5, 5): in the rect's frame turned
	 * by phi that centre is at (2.5 cos phi, -2.5 sin phi), and the gap to
	 * the box |x| <= 0.5, |y| <= 1 is sqrt((2.5c - 0.5)^2 + (2.5s - 1)^2)
	 * = sqrt(7.5 - 2.5c - 5s) while both terms are positive. At phi = 0 it
	 * is 2 (figure 2 - 0.5 = 1.5), at 90 it is 1.5 (figure 1.0), and it is
	 * least where 2.5c + 5s peaks, tan phi = 2: phi = atan(2) = 63.4349
	 * deg, gap sqrt(7.5 - sqrt(31.25)) = 2.5 - sqrt(1.25): the corner
	 * (0.5, -1) points straight at the other base. Figure 2 - sqrt(1.25) =
	 * 0.881966 in, mid-rotation. */
	arb_placed other = round_at(7.5, 5, 25.4);
	arb_sweep sw;
	cr_assert(eq(int, arb_pose_sweep_distance(&sw, &body, &path, &other, 1, &err), ARB_OK));
	NEAR(sw.m.figure, 2 - sqrt(1.25));
	NEAR(sw.turned_deg, atan(2) * 180 / PI);
	NEAR(sw.t, atan(2) * 180 / PI / 90);
	NEAR(sw.pose.facing_deg, atan(2) * 180 / PI);
	NEAR_PT(sw.pose.c, 5, 5);
	NEAR_PT(sw.m.p, 5 + sqrt(1.25), 5);
	NEAR_PT(sw.m.q, 7, 5);
	cr_assert(eq(i64, sw.m.other, 0));
	cr_assert(eq(i64, sw.part, 0));
	cr_assert(sw.contact == false);
	/* the same through the one-base form */
	arb_placed mover = rect_at(5, 5, 0, 50.8, 25.4);
	cr_assert(eq(int, arb_rotation_distance(&sw, &mover, (arb_vec2){5, 5}, 90, &other, 1, &err),
	             ARB_OK));
	NEAR(sw.m.figure, 2 - sqrt(1.25));
	/* only the end pose: 1.0, as the static distance says */
	arb_placed end = rect_at(5, 5, 90, 50.8, 25.4);
	NEAR(arb_geom_distance(&end, &other, NULL), 1.0);
}

Test(pose, wheel_closest_mid_rotation)
{
	/* The five-wide rank wheels a quarter turn about its front-left corner
	 * P. The outside model's centre (part 4) runs on the circle of radius
	 * rc = 12.5 sqrt(82) / 25.4 about P, from direction
	 * a = atan2(-112.5, -12.5) to a + 90 deg. A 25 mm base put on the ray
	 * at a + 45 deg, at D = rc + 0.75 + 25/25.4 from P, is met at exactly
	 * 45 deg turned, centres rc + 0.75 + 25/25.4 - rc apart, so 0.75 in
	 * between the bases; every other model's centre is nearer P, so
	 * further from it (|X - Q| >= D - |X - P|). */
	arb_placed parts[5];
	arb_pose poses[2];
	arb_step st;
	arb_error err;
	arb_sweep sw;
	front_rank(parts);
	arb_body body = {parts, 5};
	wheel_path(poses, &st);
	arb_pose_path path = {poses, &st, 1};
	double rc = 12.5 * sqrt(82) / MM, a = atan2(-112.5, -12.5) + PI / 4;
	double D = rc + 0.75 + 25 / MM;
	arb_placed other = round_at(WHEEL_P.x + D * cos(a), WHEEL_P.y + D * sin(a), 25);
	cr_assert(eq(int, arb_pose_sweep_distance(&sw, &body, &path, &other, 1, &err), ARB_OK));
	NEAR(sw.m.figure, 0.75);
	NEAR(sw.turned_deg, 45);
	NEAR(sw.t, 0.5);
	cr_assert(eq(i64, sw.part, 4));
	cr_assert(eq(sz, sw.step, 0));
	NEAR(sw.pose.facing_deg, 45);
	/* p: the outside base's point on the ray, rc + 12.5 mm out; q: the
	 * other's, D - 12.5 mm out */
	NEAR_PT(sw.m.p, WHEEL_P.x + (rc + 12.5 / MM) * cos(a),
	        WHEEL_P.y + (rc + 12.5 / MM) * sin(a));
	NEAR_PT(sw.m.q, WHEEL_P.x + (D - 12.5 / MM) * cos(a), WHEEL_P.y + (D - 12.5 / MM) * sin(a));
	/* neither end is as close */
	arb_placed s4 = arb_pose_place(&poses[0], &parts[4]),
	           e4 = arb_pose_place(&poses[1], &parts[4]);
	cr_assert(arb_geom_distance(&s4, &other, NULL) > 0.75 + 0.1);
	cr_assert(arb_geom_distance(&e4, &other, NULL) > 0.75 + 0.1);
	/* the travel of the path: part 4's centre rc pi / 2, part 0's (its
	 * centre (-12.5, -12.5) mm from P) 12.5 sqrt(2) / 25.4 * pi / 2 */
	double tr[5];
	cr_assert(eq(int, arb_path_travel(tr, &body, &path, ARB_TRAVEL_CENTRE, &err), ARB_OK));
	NEAR(tr[4], rc * PI / 2);
	NEAR(tr[0], 12.5 * sqrt(2) / MM * PI / 2);
}

Test(pose, a_sweep_asked_below_a_bound_skips_what_cannot_come_nearer)
{
	/* The wheel of wheel_closest_mid_rotation (0.75 in at 45 deg from the
	 * base on the ray), with a second base 10 in further out on the same
	 * ray: asked below 1 in, the answer is the same (0.75 <= 1); asked below
	 * 1 in against the far base alone, it cannot come within 10 - 1 in of
	 * the wheel's discs, so none is given; asked below 20 in it is given. */
	arb_placed parts[5];
	arb_pose poses[2];
	arb_step st;
	arb_error err;
	arb_sweep sw, all;
	front_rank(parts);
	arb_body body = {parts, 5};
	wheel_path(poses, &st);
	arb_pose_path path = {poses, &st, 1};
	double rc = 12.5 * sqrt(82) / MM, a = atan2(-112.5, -12.5) + PI / 4;
	double D = rc + 0.75 + 25 / MM;
	arb_placed others[2] = {
	    round_at(WHEEL_P.x + D * cos(a), WHEEL_P.y + D * sin(a), 25),
	    round_at(WHEEL_P.x + (D + 10) * cos(a), WHEEL_P.y + (D + 10) * sin(a), 25)};
	cr_assert(eq(int, arb_pose_sweep_distance(&all, &body, &path, others, 2, &err), ARB_OK));
	cr_assert(
	    eq(int, arb_pose_sweep_distance_below(&sw, &body, &path, others, 2, 1, &err), ARB_OK));
	NEAR(all.m.figure, 0.75);
	cr_assert(eq(dbl, sw.m.figure, all.m.figure));
	cr_assert(eq(dbl, sw.t, all.t));
	cr_assert(eq(i64, sw.m.other, 0));
	cr_assert(eq(i64, sw.part, all.part));
	cr_assert(eq(int, arb_pose_sweep_distance_below(&sw, &body, &path, &others[1], 1, 1, &err),
	             ARB_OK));
	cr_assert(eq(i64, sw.m.other, -1));
	cr_assert(isinf(sw.m.figure));
	cr_assert(eq(int, arb_pose_sweep_distance_below(&sw, &body, &path, &others[1], 1, 20, &err),
	             ARB_OK));
	cr_assert(
	    eq(int, arb_pose_sweep_distance(&all, &body, &path, &others[1], 1, &err), ARB_OK));
	cr_assert(eq(dbl, sw.m.figure, all.m.figure));
	NEAR(sw.m.figure, 10.75);
	/* a polygon: a triangle 10 in beyond the wheel, then the same asked
	 * below 20 in */
	arb_vec2 far[3] = {{WHEEL_P.x + 30, WHEEL_P.y},
	                   {WHEEL_P.x + 31, WHEEL_P.y + 1},
	                   {WHEEL_P.x + 31, WHEEL_P.y - 1}};
	cr_assert(
	    eq(int, arb_pose_sweep_polygon_below(&sw, &body, &path, far, 3, 1, &err), ARB_OK));
	cr_assert(isinf(sw.m.figure));
	cr_assert(
	    eq(int, arb_pose_sweep_polygon_below(&sw, &body, &path, far, 3, 40, &err), ARB_OK));
	cr_assert(eq(int, arb_pose_sweep_polygon(&all, &body, &path, far, 3, &err), ARB_OK));
	cr_assert(isfinite(all.m.figure));
	cr_assert(eq(dbl, sw.m.figure, all.m.figure));
	cr_assert(eq(dbl, sw.t, all.t));
}

Test(pose, rotation_meets_a_polygon_vertex)
{
	/* The rect 2 in x 1 in at the origin pivots +90 on the spot. The
	 * triangle (1, 0), (3, -1), (3, 1) points its vertex V = (1, 0) at it.
	 * In the rect's frame V is at (cos phi, -sin phi); it reaches the front
	 * edge x = 0.5 (|y| <= 1) when cos phi = 0.5: phi = 60 deg, at V.
	 * Before that no corner reaches the triangle: the corner (0.5, -1)
	 * stays below the edge y = -(x - 1) / 2, as x + 2y = 2.5 cos(phi -
	 * 126.87 deg) < 1 for phi < 60.45 deg. So contact first begins at 60
	 * deg turned, at (1, 0). */
	arb_placed part = rect_at(0, 0, 0, 50.8, 25.4);
	arb_body body = {&part, 1};
	arb_pose poses[2] = {{{0, 0}, 0}, {{0, 0}, 90}};
	arb_step st = {.kind = ARB_STEP_ROTATE, .pivot = {0, 0}, .angle_deg = 90};
	arb_pose_path path = {poses, &st, 1};
	arb_vec2 tri[3] = {{1, 0}, {3, -1}, {3, 1}};
	arb_error err;
	arb_sweep sw;
	cr_assert(eq(int, arb_pose_sweep_polygon(&sw, &body, &path, tri, 3, &err), ARB_OK));
	cr_assert(sw.contact);
	NEAR(sw.m.figure, 0);
	NEAR(sw.turned_deg, 60);
	NEAR_PT(sw.m.p, 1, 0);
	NEAR_PT(sw.m.q, 1, 0);
	cr_assert(eq(i64, sw.m.other, -1));
	/* stopping at 59 deg it never touches: V is then cos 59 - 0.5 = 0.01504
	 * in beyond the front edge (its y, -sin 59 = -0.857, within the edge) */
	st.angle_deg = 59;
	poses[1].facing_deg = 59;
	cr_assert(eq(int, arb_pose_sweep_polygon(&sw, &body, &path, tri, 3, &err), ARB_OK));
	cr_assert(sw.contact == false);
	NEAR(sw.m.figure, cos(59 * PI / 180) - 0.5);
	NEAR(sw.turned_deg, 59);
}

Test(pose, rotation_passes_a_polygon_vertex)
{
	/* A round 25.4 mm base (r 0.5) at (3, 0) swings +90 about the origin:
	 * its centre runs on the circle of radius 3. The triangle (sqrt 2,
	 * sqrt 2), (-0.5, 0), (0, -0.5) lies within 2 of the origin, farthest
	 * at its vertex V = (sqrt 2, sqrt 2) at 45 deg. So the centre is never
	 * nearer than 3 - 2 = 1, exactly when it passes V's ray at 45 deg:
	 * figure 1 - 0.5 = 0.5, p = 2.5 (cos 45, sin 45), q = V. */
	arb_placed mover = round_at(3, 0, 25.4);
	arb_vec2 tri[3] = {{sqrt(2), sqrt(2)}, {-0.5, 0}, {0, -0.5}};
	arb_placed part = round_at(0, 0, 25.4);
	arb_body body = {&part, 1};
	arb_pose poses[2] = {{mover.c, 0}, {{0, 3}, 90}};
	arb_step st = {.kind = ARB_STEP_ROTATE, .pivot = {0, 0}, .angle_deg = 90};
	arb_pose_path path = {poses, &st, 1};
	arb_error err;
	arb_sweep sw;
	cr_assert(eq(int, arb_pose_sweep_polygon(&sw, &body, &path, tri, 3, &err), ARB_OK));
	NEAR(sw.m.figure, 0.5);
	NEAR(sw.turned_deg, 45);
	NEAR_PT(sw.m.p, 2.5 * cos(PI / 4), 2.5 * sin(PI / 4));
	NEAR_PT(sw.m.q, sqrt(2), sqrt(2));
	cr_assert(sw.contact == false);
	/* swung clockwise instead (-90) it goes away from the triangle: the
	 * start is closest. From (3, 0) the nearest part of the triangle is the
	 * edge from B = (0, -0.5) to V, direction d = (sqrt 2, sqrt 2 + 0.5),
	 * |d| = sqrt(2 + 3.6642136) = 2.3799608; the foot of (3, 0) falls
	 * inside it, at |cross(d, (3, 0.5))| / |d| = |0.7071068 - 5.7426407| /
	 * 2.3799608 = 2.1158054 in, so figure 1.6158054 at 0 deg turned. */
	st.angle_deg = -90;
	poses[1] = (arb_pose){{0, -3}, 270};
	cr_assert(eq(int, arb_pose_sweep_polygon(&sw, &body, &path, tri, 3, &err), ARB_OK));
	double dx = sqrt(2), dy = sqrt(2) + 0.5;
	NEAR(sw.m.figure, fabs(dx * 0.5 - dy * 3) / sqrt(dx * dx + dy * dy) - 0.5);
	cr_assert(fabs(sw.m.figure - 1.6158054) < 1e-7); /* as worked above */
	NEAR(sw.turned_deg, 0);
}

Test(pose, rotation_passes_a_vertex_of_a_twenty_gon)
{
	/* As above with a regular 20-gon about the origin, circumradius 2, its
	 * vertices at 9 + 18k deg, listed from 63 deg so that the vertex at 9
	 * deg is the 18th (index 17): past the 16 edges the sweep works out
	 * once for every corner, so this is the path that works them out edge
	 * by edge. The centre runs on the circle of radius 3 from 0 to 90 deg;
	 * the polygon reaches 2 from the origin only at its vertices, so the
	 * nearest is 3 - 2 - 0.5 = 0.5 at the first vertex the arc passes, 9
	 * deg turned (at 0 deg, the edge from -9 to 9 deg is 2 cos 9 = 1.9754
	 * away from the origin: 0.5246). Listed from 9 deg, the same. */
	arb_placed part = round_at(0, 0, 25.4);
	arb_body body = {&part, 1};
	arb_pose poses[2] = {{{3, 0}, 0}, {{0, 3}, 90}};
	arb_step st = {.kind = ARB_STEP_ROTATE, .pivot = {0, 0}, .angle_deg = 90};
	arb_pose_path path = {poses, &st, 1};
	arb_vec2 gon[20];
	for (int from = 0; from < 2; from++) {
		for (int i = 0; i < 20; i++) {
			double a = (from ? 9 + 18 * i : 63 + 18 * i) * PI / 180;
			gon[i] = (arb_vec2){2 * cos(a), 2 * sin(a)};
		}
		arb_error err;
		arb_sweep sw;
		cr_assert(
		    eq(int, arb_pose_sweep_polygon(&sw, &body, &path, gon, 20, &err), ARB_OK));
		NEAR(sw.m.figure, 0.5);
		NEAR(sw.turned_deg, 9);
		NEAR_PT(sw.m.q, 2 * cos(9 * PI / 180), 2 * sin(9 * PI / 180));
		cr_assert(sw.contact == false);
	}
}

Test(pose, round_round_contact_begins)
{
	/* A round 25.4 mm base at (3, 0) swings +90 about the origin towards
	 * another at (0, 3). Centres 3 from the origin, at angle phi and 90:
	 * apart 2 * 3 sin((90 - phi) / 2); they touch at 1, when sin(..) = 1/6:
	 * phi = 90 - 2 asin(1/6) = 70.8118 deg. */
	arb_placed mover = round_at(3, 0, 25.4), other = round_at(0, 3, 25.4);
	arb_error err;
	arb_sweep sw;
	cr_assert(eq(int, arb_rotation_distance(&sw, &mover, (arb_vec2){0, 0}, 90, &other, 1, &err),
	             ARB_OK));
	cr_assert(sw.contact);
	NEAR(sw.m.figure, 0);
	double phi = 90 - 2 * asin(1.0 / 6) * 180 / PI;
	NEAR(sw.turned_deg, phi);
	/* the contact point: halfway between the centres there */
	double r = phi * PI / 180;
	NEAR_PT(sw.m.p, (3 * cos(r) + 0) / 2, (3 * sin(r) + 3) / 2);
	cr_assert(sw.m.p.x == sw.m.q.x && sw.m.p.y == sw.m.q.y);
	/* stopping at 60 deg: apart 6 sin 15 = 1.552914, figure 0.552914 */
	cr_assert(eq(int, arb_rotation_distance(&sw, &mover, (arb_vec2){0, 0}, 60, &other, 1, &err),
	             ARB_OK));
	NEAR(sw.m.figure, 6 * sin(15 * PI / 180) - 1);
	NEAR(sw.turned_deg, 60);
	/* overlapping from the start: contact at 0 */
	other = round_at(3, 0.5, 25.4);
	arb_rotation_distance(&sw, &mover, (arb_vec2){0, 0}, 90, &other, 1, &err);
	cr_assert(sw.contact);
	NEAR(sw.turned_deg, 0);
}

Test(pose, path_of_wheel_then_advance)
{
	/* The rank wheels a quarter turn (now facing 90, its rank along x:
	 * local (0, y) is put at (-y, 0) from the centre) and then advances 3 in
	 * along +y. Part 2, at the centre, ends at C = (10 + 75/25.4, 10 +
	 * 50/25.4 + 3). A 25 mm base 2 in straight ahead of it, at C + (0, 2),
	 * is 2 - 25/25.4 = 1.015748 in from it there, the closest: parts 1 and 3
	 * are 25 mm aside (sqrt(4 + 0.9843^2) - 0.9843 = 1.245 in), and earlier
	 * every part is further back. */
	arb_placed parts[5];
	arb_pose poses[3];
	arb_step st[2];
	arb_error err;
	arb_sweep sw;
	front_rank(parts);
	arb_body body = {parts, 5};
	wheel_path(poses, &st[0]);
	poses[2] = (arb_pose){{poses[1].c.x, poses[1].c.y + 3}, 90};
	st[1] = (arb_step){.kind = ARB_STEP_TRANSLATE};
	arb_pose_path path = {poses, st, 2};
	arb_placed other = round_at(10 + 75 / MM, 10 + 50 / MM + 5, 25);
	cr_assert(eq(int, arb_pose_sweep_distance(&sw, &body, &path, &other, 1, &err), ARB_OK));
	NEAR(sw.m.figure, 2 - 25 / MM);
	cr_assert(eq(sz, sw.step, 1));
	NEAR(sw.t, 1);
	cr_assert(eq(i64, sw.part, 2));
	NEAR(sw.turned_deg, 0);
	NEAR_PT(sw.pose.c, 10 + 75 / MM, 10 + 50 / MM + 3);
	/* travel: the centre of part 4 goes rc pi / 2 then 3 */
	double tr[5];
	arb_path_travel(tr, &body, &path, ARB_TRAVEL_CENTRE, &err);
	NEAR(tr[4], 12.5 * sqrt(82) / MM * PI / 2 + 3);
	arb_path_travel(tr, &body, &path, ARB_TRAVEL_FARTHEST, &err);
	NEAR(tr[4], (12.5 * sqrt(82) + 12.5) / MM * PI / 2 + 3);
}

Test(pose, sweep_edges)
{
	arb_placed part = round_at(0, 0, 25.4);
	arb_body body = {&part, 1};
	arb_pose poses[1] = {{{1, 1}, 0}};
	arb_pose_path path = {poses, NULL, 0};
	arb_sweep sw;
	arb_error err;
	/* nothing to approach */
	cr_assert(eq(int, arb_pose_sweep_distance(&sw, &body, &path, NULL, 0, &err), ARB_OK));
	cr_assert(isinf(sw.m.figure));
	cr_assert(eq(i64, sw.m.other, -1));
	cr_assert(eq(i64, sw.part, -1));
	/* no steps: the distance where it stands, 4 - 1 = 3 */
	arb_placed other = round_at(5, 1, 25.4);
	cr_assert(eq(int, arb_pose_sweep_distance(&sw, &body, &path, &other, 1, &err), ARB_OK));
	NEAR(sw.m.figure, 3);
	NEAR_PT(sw.m.p, 1.5, 1);
	NEAR_PT(sw.m.q, 4.5, 1);
	/* bad arguments */
	cr_assert(
	    eq(int, arb_pose_sweep_distance(NULL, &body, &path, &other, 1, &err), ARB_EINPUT));
	cr_assert(eq(int, arb_pose_sweep_polygon(&sw, &body, &path, NULL, 0, &err), ARB_EINPUT));
	arb_vec2 nan_poly[1] = {{NAN, 0}};
	cr_assert(
	    eq(int, arb_pose_sweep_polygon(&sw, &body, &path, nan_poly, 1, &err), ARB_EINPUT));
}

/* ---- against the static kernel ------------------------------------------ */

/* A small generator of its own (no global state): xorshift64. */
static double rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (double)(*s >> 11) / 9007199254740992.0;
}

static arb_placed random_base(uint64_t *s, double x, double y)
{
	if (rnd(s) < 0.5)
		return round_at(x, y, 20 + 40 * rnd(s));
	return rect_at(x, y, 360 * rnd(s), 20 + 60 * rnd(s), 20 + 40 * rnd(s));
}

/* How far any point of the placed base is from pivot: a bound on the speed
 * (per radian) at which its distance to anything can change. */
static double reach(const arb_placed *b, arb_vec2 p)
{
	arb_vec2 h = arb_geom_half_extent(b);
	return hypot(b->c.x - p.x, b->c.y - p.y) + hypot(h.x, h.y);
}

/* The pose at fraction t of step k of a path. */
static arb_pose pose_along(const arb_pose_path *path, size_t k, double t)
{
	const arb_pose *a = &path->poses[k], *b = &path->poses[k + 1];
	if (path->steps[k].kind == ARB_STEP_ROTATE)
		return arb_pose_rotate(a, path->steps[k].pivot, t * path->steps[k].angle_deg);
	arb_pose r = {{a->c.x + t * (b->c.x - a->c.x), a->c.y + t * (b->c.y - a->c.y)},
	              a->facing_deg};
	return r;
}

/* The sweep against a dense sampling with arb_geom_distance (others) or
 * arb_geom_base_polygon_distance (poly). The sampled minimum is never
 * below the true one, and between samples Delta apart the true one can
 * only be lower by speed * Delta / 2, so the exact figure must lie in
 * [sampled - speed * Delta / 2, sampled]. At the pose the sweep reports,
 * the static distance must be the figure, p must lie on the mover and q
 * on the other; when it reports contact, no sample before it may touch,
 * and when it does not, none may. Returns whether it reported contact. */
static bool agrees_with_sampling(const arb_body *body, const arb_pose_path *path,
                                 const arb_placed *others, size_t no, const arb_vec2 *poly,
                                 size_t npoly, int trial)
{
	const int N = 600;
	arb_sweep sw;
	arb_error err;
	int rc = poly ? arb_pose_sweep_polygon(&sw, body, path, poly, npoly, &err)
	              : arb_pose_sweep_distance(&sw, body, path, others, no, &err);
	cr_assert(eq(int, rc, ARB_OK), "trial %d: %s", trial, err.message);
	double sampled = INFINITY, slack = 1e-9, touch = INFINITY; /* step + t */
	for (size_t k = 0; k < path->n_steps; k++) {
		const arb_step *st = &path->steps[k];
		double speed = 0, len = 0;
		for (size_t i = 0; i < body->n_parts; i++) {
			arb_placed w = arb_pose_place(&path->poses[k], &body->parts[i]);
			speed = fmax(speed, reach(&w, st->pivot));
		}
		if (st->kind == ARB_STEP_ROTATE)
			len = speed * fabs(st->angle_deg) * PI / 180;
		else
			len = hypot(path->poses[k + 1].c.x - path->poses[k].c.x,
			            path->poses[k + 1].c.y - path->poses[k].c.y);
		slack = fmax(slack, len / N / 2 + 1e-9);
		for (int j = 0; j <= N; j++) {
			arb_pose pk = pose_along(path, k, (double)j / N);
			for (size_t i = 0; i < body->n_parts; i++) {
				arb_placed w = arb_pose_place(&pk, &body->parts[i]);
				for (size_t o = 0; o < (poly ? 1 : no); o++) {
					double d = poly ? arb_geom_base_polygon_distance(
					                      &w, poly, npoly, NULL)
					                : arb_geom_distance(&w, &others[o], NULL);
					sampled = fmin(sampled, d);
					if (d <= 0)
						touch = fmin(touch, (double)k + (double)j / N);
				}
			}
		}
	}
	cr_assert(sw.m.figure <= sampled + 1e-9, "trial %d: %.12g > sampled %.12g", trial,
	          sw.m.figure, sampled);
	cr_assert(sw.m.figure >= sampled - slack, "trial %d: %.12g < sampled %.12g - %.3g", trial,
	          sw.m.figure, sampled, slack);
	cr_assert(sw.part >= 0 && (poly || sw.m.other >= 0), "trial %d", trial);
	arb_placed w = arb_pose_place(&sw.pose, &body->parts[sw.part]);
	double there = poly ? arb_geom_base_polygon_distance(&w, poly, npoly, NULL)
	                    : arb_geom_distance(&w, &others[sw.m.other], NULL);
	cr_assert(fabs(there - sw.m.figure) < 1e-9, "trial %d: at its pose %.12g, said %.12g",
	          trial, there, sw.m.figure);
	arb_pose again = pose_along(path, sw.step, sw.t);
	cr_assert(fabs(again.c.x - sw.pose.c.x) < 1e-9 && fabs(again.c.y - sw.pose.c.y) < 1e-9,
	          "trial %d: pose is not step %zu at t %.12g", trial, sw.step, sw.t);
	cr_assert(eq(int, sw.contact, sw.m.figure == 0));
	if (sw.contact)
		cr_assert(sw.step + sw.t <= touch + 1e-9,
		          "trial %d: contact at %zu + %.12g, sampled %.12g", trial, sw.step, sw.t,
		          touch);
	else
		cr_assert(isinf(touch), "trial %d: no contact said, sampled at %g", trial, touch);
	arb_placed pt = round_at(sw.m.p.x, sw.m.p.y, 0), qt = round_at(sw.m.q.x, sw.m.q.y, 0);
	cr_assert(arb_geom_distance(&w, &pt, NULL) < 1e-9, "trial %d: p off the mover", trial);
	if (poly)
		cr_assert(
		    arb_geom_base_polygon_distance(&qt, poly, npoly, NULL) < 1e-9,
		    "trial %d: q (%g, %g) off the polygon by %g; step %zu t %g contact %d fig %g",
		    trial, sw.m.q.x, sw.m.q.y,
		    arb_geom_base_polygon_distance(&qt, poly, npoly, NULL), sw.step, sw.t,
		    sw.contact, sw.m.figure);
	else
		cr_assert(arb_geom_distance(&others[sw.m.other], &qt, NULL) < 1e-9,
		          "trial %d: q off the other", trial);
	return sw.contact;
}

/* A random path of 1 to 3 steps from p0, rotations and translations. */
static void random_path(uint64_t *s, arb_pose poses[4], arb_step steps[3], arb_pose_path *path)
{
	path->n_steps = 1 + (size_t)(rnd(s) * 3);
	for (size_t k = 0; k < path->n_steps; k++) {
		arb_pose *a = &poses[k];
		if (k == 0 || rnd(s) < 0.6) {
			arb_vec2 piv = {a->c.x + 6 * rnd(s) - 3, a->c.y + 6 * rnd(s) - 3};
			double ang = (rnd(s) < 0.5 ? -1 : 1) * 360 * rnd(s);
			steps[k] =
			    (arb_step){.kind = ARB_STEP_ROTATE, .pivot = piv, .angle_deg = ang};
			poses[k + 1] = arb_pose_rotate(a, piv, ang);
		} else {
			steps[k] = (arb_step){.kind = ARB_STEP_TRANSLATE};
			poses[k + 1] = (arb_pose){
			    {a->c.x + 6 * rnd(s) - 3, a->c.y + 6 * rnd(s) - 3}, a->facing_deg};
		}
	}
	path->poses = poses;
	path->steps = steps;
}

Test(pose, sweep_agrees_with_sampling)
{
	uint64_t s = 0x9e3779b97f4a7c15u;
	int touched = 0, trials = 200;
	for (int trial = 0; trial < trials; trial++) {
		arb_placed parts[3], others[3];
		arb_pose poses[4] = {{{10 * rnd(&s), 10 * rnd(&s)}, 360 * rnd(&s)}};
		arb_step steps[3];
		arb_pose_path path;
		size_t np = 1 + (size_t)(rnd(&s) * 3), no = 1 + (size_t)(rnd(&s) * 3);
		for (size_t i = 0; i < np; i++)
			parts[i] = random_base(&s, 3 * rnd(&s) - 1.5, 3 * rnd(&s) - 1.5);
		random_path(&s, poses, steps, &path);
		for (size_t j = 0; j < no; j++)
			others[j] = random_base(&s, poses[0].c.x + 12 * rnd(&s) - 6,
			                        poses[0].c.y + 12 * rnd(&s) - 6);
		arb_body body = {parts, np};
		touched += agrees_with_sampling(&body, &path, others, no, NULL, 0, trial);
	}
	/* both outcomes, in numbers */
	cr_assert(touched >= 40 && trials - touched >= 40, "%d of %d trials touched", touched,
	          trials);
}

/* A translation step is the kernel's own translation sweep. */
Test(pose, translation_agrees_with_geom)
{
	uint64_t s = 0x2545f4914f6cdd1du;
	for (int trial = 0; trial < 500; trial++) {
		arb_placed part = random_base(&s, 0, 0), others[3];
		size_t no = 1 + (size_t)(rnd(&s) * 3);
		arb_pose poses[2] = {{{10 * rnd(&s), 10 * rnd(&s)}, part.facing_deg}, {{0, 0}, 0}};
		poses[1] =
		    (arb_pose){{poses[0].c.x + 8 * rnd(&s) - 4, poses[0].c.y + 8 * rnd(&s) - 4},
		               poses[0].facing_deg};
		part.facing_deg = 0;
		for (size_t j = 0; j < no; j++)
			others[j] = random_base(&s, 10 * rnd(&s), 10 * rnd(&s));
		arb_step st = {.kind = ARB_STEP_TRANSLATE};
		arb_pose_path path = {poses, &st, 1};
		arb_body body = {&part, 1};
		arb_sweep sw;
		arb_error err;
		cr_assert(
		    eq(int, arb_pose_sweep_distance(&sw, &body, &path, others, no, &err), ARB_OK));
		arb_placed mover = arb_pose_place(&poses[0], &part);
		arb_vec2 pts[2] = {poses[0].c, poses[1].c};
		arb_measure m;
		double want = arb_geom_swept_distance(&mover, pts, 2, others, no, &m);
		cr_assert(fabs(sw.m.figure - want) < 1e-9, "trial %d: %.15g vs geom %.15g", trial,
		          sw.m.figure, want);
		arb_placed w = arb_pose_place(&sw.pose, &part);
		cr_assert(fabs(arb_geom_distance(&w, &others[sw.m.other], NULL) - sw.m.figure) <
		              1e-9,
		          "trial %d", trial);
	}
}

/* Against terrain: a random star-shaped (so simple, maybe not convex)
 * polygon. */
Test(pose, polygon_agrees_with_sampling)
{
	uint64_t s = 0xd1b54a32d192ed03u;
	int touched = 0, trials = 200;
	for (int trial = 0; trial < trials; trial++) {
		arb_placed parts[2];
		arb_pose poses[4] = {{{0, 0}, 360 * rnd(&s)}};
		arb_step steps[3];
		arb_pose_path path;
		size_t np = 1 + (size_t)(rnd(&s) * 2);
		for (size_t i = 0; i < np; i++)
			parts[i] = random_base(&s, 2 * rnd(&s) - 1, 2 * rnd(&s) - 1);
		arb_vec2 poly[7], pc = {6 * rnd(&s) - 3, 6 * rnd(&s) - 3};
		size_t n = 3 + (size_t)(rnd(&s) * 5);
		for (size_t k = 0; k < n; k++) {
			double a = 2 * PI * ((double)k + 0.8 * rnd(&s)) / (double)n,
			       r = 0.3 + 2 * rnd(&s);
			poly[k] = (arb_vec2){pc.x + r * cos(a), pc.y + r * sin(a)};
		}
		random_path(&s, poses, steps, &path);
		arb_body body = {parts, np};
		touched += agrees_with_sampling(&body, &path, NULL, 0, poly, n, trial);
	}
	cr_assert(touched >= 30 && trials - touched >= 30, "%d of %d trials touched", touched,
	          trials);
}
