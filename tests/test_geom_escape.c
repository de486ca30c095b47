/* test_geom_escape.c: the least straight move clear of some bases, where a
 * test allows it (arb_geom_least_clear, oracle/geom-escape.c). Bases as in
 * test_geom.c: round radius 0.5", rect 2" x 1" (x in [-0.5, 0.5], y in
 * [-1, 1] at facing 0). Expected values by hand in the comments. */
#include "geom_support.h"

/* Within 0.5" of the base at (3, 0): its centre within 1.5" of it. */
static int near_3_0(void *ctx, arb_vec2 p)
{
	(void)ctx;
	return hypot(p.x - 3, p.y) <= 1.5 + 1e-9;
}

static int never(void *ctx, arb_vec2 p)
{
	(void)ctx;
	(void)p;
	return 0;
}

static int fails(void *ctx, arb_vec2 p)
{
	(void)ctx;
	(void)p;
	return ARB_ENOMEM;
}

Test(geometry, least_clear_of_one_base_is_its_depth)
{
	arb_placed m = rnd(0, 0), o = rnd(0.3, 0);
	double d;
	arb_vec2 at;
	/* 1 - 0.3, away from o */
	cr_assert(eq(int, arb_geom_least_clear(&d, &at, &m, &o, 1, 1e-6, NULL, 0, 0, NULL, NULL),
	             ARB_OK));
	NEAR(d, 0.7);
	NEAR(d, arb_geom_penetration(&m, &o));
	NEAR_PT(at, -0.7, 0);
	/* already clear: no move */
	o = rnd(2, 0);
	cr_assert(eq(int, arb_geom_least_clear(&d, &at, &m, &o, 1, 1e-6, NULL, 0, 0, NULL, NULL),
	             ARB_OK));
	NEAR(d, 0);
}

Test(geometry, least_clear_of_two_bases_at_once)
{
	/* under bases 0.4" to each side: up or down until 1" from both,
	 * sqrt(1 - 0.16); each depth alone is 0.6 */
	arb_placed m = rnd(0, 0), o[2] = {rnd(-0.4, 0), rnd(0.4, 0)};
	double d;
	arb_vec2 at;
	cr_assert(
	    eq(int, arb_geom_least_clear(&d, &at, &m, o, 2, 1e-6, NULL, 0, 0, NULL, NULL), ARB_OK));
	NEAR(d, sqrt(0.84));
	NEAR(fabs(at.y), sqrt(0.84));
	NEAR(at.x, 0);
}

Test(geometry, least_clear_of_rectangles)
{
	/* the rect over one 0.2" to its right: the mover's right side (0.5)
	 * to the other's left (-0.3), 0.8 left; right it is 1.2, up or down 2 */
	arb_placed m = rct(0, 0, 0), o = rct(0.2, 0, 0);
	double d;
	arb_vec2 at;
	cr_assert(eq(int, arb_geom_least_clear(&d, &at, &m, &o, 1, 1e-6, NULL, 0, 0, NULL, NULL),
	             ARB_OK));
	NEAR(d, 0.8);
	NEAR_PT(at, -0.8, 0);
	/* a round base under the rect at its centre: out through a long side,
	 * 0.5 + 0.5 */
	m = rnd(0, 0);
	o = rct(0, 0, 0);
	cr_assert(eq(int, arb_geom_least_clear(&d, &at, &m, &o, 1, 1e-6, NULL, 0, 0, NULL, NULL),
	             ARB_OK));
	NEAR(d, 1);
	NEAR(fabs(at.x), 1);
}

Test(geometry, least_clear_where_the_test_allows)
{
	/* under a base at its own centre, and to end within 0.5" of the base
	 * at (3, 0): the range's edge nearest the start, x = 1.5 */
	arb_placed m = rnd(0, 0), o = rnd(0, 0), n = rnd(3, 0);
	double d;
	arb_vec2 at;
	cr_assert(eq(int,
	             arb_geom_least_clear(&d, &at, &m, &o, 1, 1e-6, &n, 1, 0.5, near_3_0, NULL),
	             ARB_OK));
	NEAR(d, 1.5);
	NEAR_PT(at, 1.5, 0);
	/* nowhere allowed */
	cr_assert(eq(int, arb_geom_least_clear(&d, &at, &m, &o, 1, 1e-6, &n, 1, 0.5, never, NULL),
	             ARB_OK));
	cr_assert(isinf(d));
	/* the test's error is returned */
	cr_assert(eq(int, arb_geom_least_clear(&d, NULL, &m, &o, 1, 1e-6, &n, 1, 0.5, fails, NULL),
	             ARB_ENOMEM));
}
