/* geom_support.h: the bases, tolerances and random configurations shared
 * by the geometry tests (tests/test_geom*.c). Everything is static inline
 * (or static data) so that each test file takes what it uses. */
#ifndef ARB_GEOM_SUPPORT_H
#define ARB_GEOM_SUPPORT_H

#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdint.h>

#include "arbiter.h"

#define EPS 1e-9
#define NEAR(a, b)                                                                                 \
	cr_assert(epsilon_eq(dbl, (a), (b), EPS), "%s = %.17g, expected %.17g", #a, (double)(a),   \
	          (double)(b))
#define NEAR_TOL(a, b, tol)                                                                        \
	cr_assert(epsilon_eq(dbl, (a), (b), (tol)), "%s = %.17g, expected %.17g", #a, (double)(a), \
	          (double)(b))
#define NEAR_PT(p, X, Y)                                                                           \
	do {                                                                                       \
		NEAR((p).x, (X));                                                                  \
		NEAR((p).y, (Y));                                                                  \
	} while (0)

static const double R2 = 1.4142135623730951; /* sqrt(2) */
static const double PI = 3.14159265358979323846;

static inline arb_placed round_at(double x, double y, double d_mm)
{
	arb_placed p = {.c = {x, y}, .base = {.shape = ARB_BASE_ROUND, .d_mm = d_mm}};
	return p;
}

/* 25.4 mm round: radius 0.5". */
static inline arb_placed rnd(double x, double y)
{
	return round_at(x, y, 25.4);
}

static inline arb_placed rect_at(double x, double y, double facing, double w_mm, double depth_mm)
{
	arb_placed p = {.c = {x, y},
	                .facing_deg = facing,
	                .base = {.shape = ARB_BASE_RECT, .w_mm = w_mm, .depth_mm = depth_mm}};
	return p;
}

/* 2" frontage, 1" deep. */
static inline arb_placed rct(double x, double y, double facing)
{
	return rect_at(x, y, facing, 50.8, 25.4);
}

static inline bool finite_pt(arb_vec2 p)
{
	return isfinite(p.x) && isfinite(p.y);
}

/* A small LCG so the random configurations are the same on every run. */
static uint64_t lcg_state;

static inline double lcg(double lo, double hi)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return lo + (hi - lo) * (double)(lcg_state >> 11) / 9007199254740992.0;
}

static inline arb_placed random_base(void)
{
	double x = lcg(-4, 4), y = lcg(-4, 4), f = lcg(-360, 360);
	if (lcg(0, 1) < 0.5)
		return round_at(x, y, lcg(0, 60));
	return rect_at(x, y, f, lcg(0, 120), lcg(0, 80));
}

static inline arb_placed moved(arb_placed a, double dx, double dy, double rot_deg)
{
	double t = rot_deg * PI / 180, c = cos(t), s = sin(t);
	arb_placed b = a;
	b.c.x = c * a.c.x - s * a.c.y + dx;
	b.c.y = s * a.c.x + c * a.c.y + dy;
	b.facing_deg += rot_deg;
	return b;
}

/* Independent outline of a base: n points on its boundary. */
static inline void outline(const arb_placed *a, arb_vec2 *out, int n)
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
static inline double support(const arb_placed *a, double cx, double cy)
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

/* A point turned by rot_deg about the origin and then moved by (dx, dy),
 * as moved() does to a base. */
static inline arb_vec2 t_move(arb_vec2 p, double dx, double dy, double rot_deg)
{
	double t = rot_deg * PI / 180, c = cos(t), s = sin(t);
	return (arb_vec2){c * p.x - s * p.y + dx, s * p.x + c * p.y + dy};
}

#endif
