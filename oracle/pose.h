/* pose.h: the rotating kernel's private parts, shared by oracle/pose.c
 * (poses, checks, travel, wheels) and oracle/pose-sweep.c (closest approach
 * along a path of poses). The public side is arbiter.h, section 2b. */
#ifndef ARB_POSE_H
#define ARB_POSE_H

#include "geom.h"

#define PI     3.14159265358979323846
#define TWO_PI (2 * PI)
/* An arc parameter this close (radians) to an end of the arc is that end:
 * the angle of a point rounds by a few ulps of 2 pi. Only for candidates
 * whose distance is then evaluated honestly, never for a crossing. */
#define ARC_SLACK 1e-12

static inline bool finite2(arb_vec2 a)
{
	return isfinite(a.x) && isfinite(a.y);
}

/* cos and sin of deg, exact at multiples of 90 as the kernel's facings are,
 * so that a quarter turn lands where a reader computes it by hand. */
static inline void cs_deg(double deg, double *c, double *s)
{
	arb_vec2 f = arb__geom_facing(deg);
	*c = f.x;
	*s = f.y;
}

static inline arb_vec2 rot(arb_vec2 v, double c, double s)
{
	return v2(c * v.x - s * v.y, s * v.x + c * v.y);
}

static inline arb_vec2 rot_about(arb_vec2 x, arb_vec2 p, double c, double s)
{
	return add(p, rot(sub(x, p), c, s));
}

/* A body's parts are all finite; a path of poses has the shape its steps
 * say (ARB_OK, else ARB_EINPUT with the index in *bad). */
int arb__pose_body_check(const arb_body *body, arb_error *err);
int arb__pose_path_shape_check(size_t *bad, const arb_pose_path *path, arb_error *err);

/* The core of a placed base: its centre and radius (round), or its four
 * corners counter-clockwise as geom.c puts them (rect). */
typedef struct shape {
	arb_vec2 v[4];
	int n;
	double r;
} shape;

static inline shape shape_of(const arb_placed *a)
{
	shape k = {.n = 1, .r = 0};
	if (a->base.shape == ARB_BASE_RECT) {
		arb__geom_rect_corners(a, a->c, k.v);
		k.n = 4;
	} else {
		k.v[0] = a->c;
		k.r = base_radius(a);
	}
	return k;
}

#endif
