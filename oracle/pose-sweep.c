/* pose-sweep.c: the closest approach of a body moving along a path of
 * poses (translations and rotations) to static bases and polygons
 * (arbiter.h, section 2b; docs/geometry-rotation.md, "Closest approach
 * along a path: exact"). How: pose.c's opening comment. */
#include "internal.h"
#include "pose.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- trajectories -------------------------------------------------------- */

/* A lower bound must exceed what it is compared with by this much, relative
 * to the lengths at hand, before work is skipped on its word: far more than
 * the rounding of the few operations that make it, so that skipping never
 * changes an answer. */
#define SKIP_SLACK 1e-9

/* One step as a motion of the plane. */
typedef struct motion {
	arb_step_kind kind;
	arb_vec2 d;    /* translation */
	arb_vec2 p;    /* rotation: the pivot */
	int sigma;     /* +1 counter-clockwise, -1 clockwise, 0 no turn */
	double S;      /* |angle| in radians */
	double cS, sS; /* cos and sin of the whole signed angle, exact at quarter turns */
	double angle;  /* degrees, signed */
} motion;

static motion motion_of(const arb_step *st, const arb_pose *from, const arb_pose *to)
{
	motion mo = {.kind = st ? st->kind : ARB_STEP_TRANSLATE, .cS = 1};
	if (mo.kind == ARB_STEP_ROTATE) {
		mo.p = st->pivot;
		mo.angle = st->angle_deg;
		mo.sigma = st->angle_deg > 0 ? 1 : st->angle_deg < 0 ? -1 : 0;
		mo.S = fabs(st->angle_deg) * (PI / 180.0);
		cs_deg(st->angle_deg, &mo.cS, &mo.sS);
	} else {
		mo.d = sub(to->c, from->c);
	}
	return mo;
}

/* Where point x (at the start of the step) is at fraction u of it, moved
 * by the motion (sign +1) or its inverse (-1). */
static arb_vec2 move_at(const motion *mo, arb_vec2 x, double u, int sign)
{
	if (u == 0)
		return x;
	if (mo->kind == ARB_STEP_TRANSLATE)
		return add(x, mul(mo->d, sign * u));
	double c = mo->cS, s = mo->sS;
	if (u != 1) {
		c = cos(mo->S * u);
		s = mo->sigma * sin(mo->S * u);
	}
	return rot_about(x, mo->p, c, sign * s);
}

static arb_pose pose_at(const motion *mo, const arb_pose *from, double u)
{
	arb_pose r = *from;
	if (mo->kind == ARB_STEP_TRANSLATE) {
		r.c = u == 1 ? add(from->c, mo->d) : move_at(mo, from->c, u, 1);
		return r;
	}
	return arb_pose_rotate(from, mo->p, u * mo->angle);
}

/* The path of one point through a step: x0 moved by the motion or by its
 * inverse. An arc has centre mo->p, radius rho, starts at angle a0 and
 * turns by dir * s for s in [0, S]. */
typedef struct traj {
	const motion *mo;
	int sign;
	arb_vec2 x0;
	double rho, a0;
	int dir;
} traj;

static traj traj_of(const motion *mo, arb_vec2 x0, int sign)
{
	traj t = {.mo = mo, .sign = sign, .x0 = x0};
	if (mo->kind == ARB_STEP_ROTATE) {
		arb_vec2 w = sub(x0, mo->p);
		t.rho = norm(w);
		t.a0 = atan2(w.y, w.x);
		t.dir = sign * mo->sigma;
	}
	return t;
}

static arb_vec2 traj_at(const traj *tr, double u)
{
	return move_at(tr->mo, tr->x0, u, tr->sign);
}

/* The fraction u at which the arc points in direction phi (radians), or -1
 * when it never does. slack admits a direction a rounding error beyond an
 * end as that end. */
static double arc_u(const traj *tr, double phi, double slack)
{
	double S = tr->mo->S;
	if (!(S > 0) || !(tr->rho > 0))
		return -1;
	double s = tr->dir * (phi - tr->a0);
	if (!(fabs(s) < TWO_PI))
		s = fmod(s, TWO_PI); /* which returns s itself below 2 pi */
	if (s < 0)
		s += TWO_PI;
	if (s > S) {
		if (TWO_PI - s <= slack)
			s = 0;
		else if (s - S <= slack)
			s = S;
		else
			return -1;
	}
	return s >= S ? 1 : s / S;
}

static double arc_u_at(const traj *tr, arb_vec2 x, double slack)
{
	arb_vec2 w = sub(x, tr->mo->p);
	return arc_u(tr, atan2(w.y, w.x), slack);
}

/* A candidate: distance d at fraction u between x (on the trajectory) and
 * y (on the segment). */
typedef struct hit {
	double d, u;
	arb_vec2 x, y;
} hit;

static void take(hit *best, double d, double u, arb_vec2 x, arb_vec2 y)
{
	if (d < best->d || (d == best->d && u < best->u))
		*best = (hit){d, u, x, y};
}

/* The same, for first contact: the earliest wins. */
static void take_first(hit *best, double d, double u, arb_vec2 x, arb_vec2 y)
{
	if (u < best->u || (u == best->u && d < best->d))
		*best = (hit){d, u, x, y};
}

static void eval_at(const traj *tr, double u, arb_vec2 e0, arb_vec2 e1, hit *best)
{
	arb_vec2 x = traj_at(tr, u), y;
	double d = point_seg(x, e0, e1, &y);
	take(best, d, u, x, y);
}

/* A segment as the sweep of one step meets it: what depends on the segment
 * and the step's pivot only, worked out once for every point that sweeps
 * past it. */
typedef struct seg {
	arb_vec2 e0, e1, eh, nh; /* ends; unit direction and normal when L > 0 */
	double L;
	/* rotations only: the directions (radians) of e0 and e1 seen from the
	 * pivot (NAN for an end on it) and of -nh and +nh; the distance from the
	 * pivot to the segment, and to its farther end */
	double phi[2], nphi[2], near, far;
	bool angled; /* phi and nphi worked out (when first needed) */
} seg;

static seg seg_of(const motion *mo, arb_vec2 e0, arb_vec2 e1)
{
	seg sg = {.e0 = e0, .e1 = e1};
	arb_vec2 ev = sub(e1, e0);
	sg.L = norm(ev);
	if (sg.L > 0) {
		sg.eh = mul(ev, 1 / sg.L);
		sg.nh = v2(-sg.eh.y, sg.eh.x);
	}
	if (mo->kind != ARB_STEP_ROTATE)
		return sg;
	arb_vec2 p = mo->p, y;
	sg.near = point_seg(p, e0, e1, &y);
	sg.far = maxd(norm(sub(e0, p)), norm(sub(e1, p)));
	return sg;
}

/* The directions of sg's ends and normals seen from pivot p, worked out
 * once, when a trajectory first needs them. */
static void seg_angles(seg *sg, arb_vec2 p)
{
	if (sg->angled)
		return;
	for (int k = 0; k < 2; k++) {
		arb_vec2 w = sub(k ? sg->e1 : sg->e0, p);
		sg->phi[k] = norm(w) > 0 ? atan2(w.y, w.x) : NAN;
	}
	sg->nphi[0] = atan2(-sg->nh.y, -sg->nh.x);
	sg->nphi[1] = atan2(sg->nh.y, sg->nh.x);
	sg->angled = true;
}

/* Whether every point of the arc is farther than `bound` from the segment
 * (and by more than rounding), so that no candidate of traj_seg could be
 * taken: the arc lies on the circle about the pivot of radius rho, which is
 * at least near - rho from the segment outside and rho - far inside. Costs
 * no trigonometry; only skips work, never decides. */
static bool arc_seg_apart(const traj *tr, const seg *sg, double bound)
{
	if (!(bound < INFINITY))
		return false;
	double lb = maxd(sg->near - tr->rho, tr->rho - sg->far);
	return lb > bound + SKIP_SLACK * (1 + tr->rho + fabs(lb));
}

/* Whether the segments x0-x1 and e0-e1 are farther apart than `bound`
 * (by more than rounding), judged by their boxes: a lower bound of their
 * distance that costs no root. Only skips work, never decides. */
static bool seg_seg_apart(arb_vec2 x0, arb_vec2 x1, arb_vec2 e0, arb_vec2 e1, double bound)
{
	if (!(bound < INFINITY))
		return false;
	bbox a = {mind(x0.x, x1.x), mind(x0.y, x1.y), maxd(x0.x, x1.x), maxd(x0.y, x1.y)};
	bbox b = {mind(e0.x, e1.x), mind(e0.y, e1.y), maxd(e0.x, e1.x), maxd(e0.y, e1.y)};
	/* rounding of the box is relative to the coordinates' magnitude */
	double mag = maxd(maxd(absmax2(x0), absmax2(x1)), maxd(absmax2(e0), absmax2(e1)));
	double lim = bound + SKIP_SLACK * (1 + 2 * bound + mag);
	return box_gap2(a, b) > lim * lim;
}

/* Smallest distance between the trajectory and segment sg, into *best
 * (kept when it is smaller). Every candidate is a true distance between a
 * point of the trajectory and one of the segment; the candidates include
 * every local minimum (see the file's comment), so their least is the
 * minimum. Nothing farther than cap (INFINITY: no cap) is wanted: work
 * that cannot come nearer is skipped. With `started`, the caller has
 * already offered the candidate at the start (u = 0, the same pair of
 * points): offered again it could not be taken, so it is not. */
static void traj_seg_at(const traj *tr, seg *sg, hit *best, double cap, bool started)
{
	arb_vec2 e0 = sg->e0, e1 = sg->e1;
	if (tr->mo->kind == ARB_STEP_ROTATE && arc_seg_apart(tr, sg, mind(best->d, cap)))
		return;
	if (tr->mo->kind == ARB_STEP_TRANSLATE) {
		arb_vec2 dd = mul(tr->mo->d, tr->sign), x1 = add(tr->x0, dd);
		double l2 = dot(dd, dd);
		if (seg_seg_apart(tr->x0, x1, e0, e1, mind(best->d, cap)))
			return; /* nothing of the pair can come within the bound */
		if (!started)
			eval_at(tr, 0, e0, e1, best);
		if (!(l2 > 0))
			return; /* it stays: its end is its start, later */
		eval_at(tr, 1, e0, e1, best);
		/* each end of the segment against the trajectory */
		for (int k = 0; k < 2; k++) {
			double u = dot(sub(k ? e1 : e0, tr->x0), dd) / l2;
			if (u > 0 && u < 1)
				eval_at(tr, u, e0, e1, best);
		}
		/* a proper crossing is exactly 0 (as in geom.c) */
		double d1 = orient(e0, e1, tr->x0), d2 = orient(e0, e1, x1);
		double d3 = orient(tr->x0, x1, e0), d4 = orient(tr->x0, x1, e1);
		if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) &&
		    ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
			double u = d1 / (d1 - d2);
			arb_vec2 x = traj_at(tr, u);
			take(best, 0, u, x, x);
		}
		return;
	}
	if (!started)
		eval_at(tr, 0, e0, e1, best);
	eval_at(tr, 1, e0, e1, best);
	arb_vec2 p = tr->mo->p;
	double rho = tr->rho;
	if (!(rho > 0) || !(tr->mo->S > 0))
		return; /* the point does not move: its two ends said it all */
	seg_angles(sg, p);
	/* each end of the segment against the arc: nearest on its ray */
	for (int k = 0; k < 2; k++) {
		if (!isnan(sg->phi[k])) {
			double u = arc_u(tr, sg->phi[k], ARC_SLACK);
			if (u > 0 && u < 1)
				eval_at(tr, u, e0, e1, best);
		}
	}
	double L = sg->L;
	if (!(L > 0))
		return;
	arb_vec2 eh = sg->eh;
	/* interior critical points: the arc's radius normal to the segment */
	for (int k = 0; k < 2; k++) {
		double u = arc_u(tr, sg->nphi[k], ARC_SLACK);
		if (u > 0 && u < 1)
			eval_at(tr, u, e0, e1, best);
	}
	/* crossings of the circle with the segment: exactly 0 */
	double h = fabs(cross(eh, sub(p, e0)));
	if (h < rho) {
		double half = sqrt((rho - h) * (rho + h));
		arb_vec2 f = add(e0, mul(eh, dot(sub(p, e0), eh)));
		for (int k = -1; k <= 1; k += 2) {
			arb_vec2 x = add(f, mul(eh, k * half));
			double t = dot(sub(x, e0), eh) / L, u;
			if (t >= 0 && t <= 1 && (u = arc_u_at(tr, x, 0)) >= 0)
				take(best, 0, u, x, x);
		}
	}
}

static void traj_seg(const traj *tr, arb_vec2 e0, arb_vec2 e1, hit *best)
{
	seg sg = seg_of(tr->mo, e0, e1);
	traj_seg_at(tr, &sg, best, INFINITY, false);
}

/* Adds to cand[] the fractions at which the trajectory meets the line
 * through a0 with unit direction ah, where the meeting point's parameter
 * along the line is in [lo, hi] (a segment of the stadium's boundary). */
static void line_meets(const traj *tr, arb_vec2 a0, arb_vec2 ah, double lo, double hi, double *cand,
                       int *nc)
{
	if (tr->mo->kind == ARB_STEP_TRANSLATE) {
		arb_vec2 dd = mul(tr->mo->d, tr->sign);
		double den = cross(dd, ah);
		if (den == 0)
			return; /* parallel: meets at a circle's end instead */
		arb_vec2 w = sub(a0, tr->x0);
		double u = cross(w, ah) / den, t = cross(w, dd) / den;
		if (u >= 0 && u <= 1 && t >= lo && t <= hi)
			cand[(*nc)++] = u;
		return;
	}
	arb_vec2 p = tr->mo->p;
	double rho = tr->rho, h = fabs(cross(ah, sub(p, a0)));
	if (!(rho > 0) || h > rho)
		return;
	double half = sqrt((rho - h) * (rho + h)), tf = dot(sub(p, a0), ah);
	for (int k = -1; k <= 1; k += 2) {
		double t = tf + k * half, u;
		if (t >= lo && t <= hi && (u = arc_u_at(tr, add(a0, mul(ah, t)), ARC_SLACK)) >= 0)
			cand[(*nc)++] = u;
	}
}

/* Adds the fractions at which the trajectory meets the circle (c, R). */
static void circle_meets(const traj *tr, arb_vec2 c, double R, double *cand, int *nc)
{
	if (tr->mo->kind == ARB_STEP_TRANSLATE) {
		arb_vec2 dd = mul(tr->mo->d, tr->sign), w = sub(tr->x0, c);
		double l = norm(dd);
		if (!(l > 0))
			return;
		double h = fabs(cross(dd, w)) / l;
		if (h > R)
			return;
		double t0 = -dot(dd, w) / (l * l), half = sqrt((R - h) * (R + h)) / l;
		for (int k = -1; k <= 1; k += 2) {
			double u = t0 + k * half;
			if (u >= 0 && u <= 1)
				cand[(*nc)++] = u;
		}
		return;
	}
	/* two circles: centres p (radius rho) and c (radius R) */
	arb_vec2 p = tr->mo->p, w = sub(c, p);
	double rho = tr->rho, D = norm(w);
	if (!(rho > 0) || !(D > 0) || D > rho + R || D < fabs(rho - R))
		return;
	double a = (D * D + rho * rho - R * R) / (2 * D), h2 = rho * rho - a * a;
	double h = h2 > 0 ? sqrt(h2) : 0;
	arb_vec2 wh = mul(w, 1 / D), m = add(p, mul(wh, a));
	for (int k = -1; k <= 1; k += 2) {
		double u = arc_u_at(tr, add(m, mul(v2(-wh.y, wh.x), k * h)), ARC_SLACK);
		if (u >= 0)
			cand[(*nc)++] = u;
	}
}

/* The first fraction u at which the trajectory comes within R of segment
 * e0e1, into *first (kept when earlier); false when it never does. The
 * set within R of the segment is a stadium, so the trajectory first enters
 * it on one of its two straight sides or two end circles, or is inside at
 * u = 0. Should rounding hide a grazing entry, the pair's closest approach
 * (within R) stands in: it is never earlier than the true entry. */
static bool traj_entry(const traj *tr, arb_vec2 e0, arb_vec2 e1, double R, hit *first)
{
	/* a trajectory that stays farther than R from the segment (by more
	 * than rounding) never enters: said without solving for where */
	if (tr->mo->kind == ARB_STEP_TRANSLATE) {
		if (seg_seg_apart(tr->x0, add(tr->x0, mul(tr->mo->d, tr->sign)), e0, e1, R))
			return false;
	} else {
		seg sg = seg_of(tr->mo, e0, e1);
		if (arc_seg_apart(tr, &sg, R))
			return false;
	}
	hit h0 = {INFINITY, 2, {0, 0}, {0, 0}};
	eval_at(tr, 0, e0, e1, &h0);
	if (h0.d <= R) {
		take_first(first, h0.d, 0, h0.x, h0.y);
		return true;
	}
	double cand[8];
	int nc = 0;
	arb_vec2 ev = sub(e1, e0);
	double L = norm(ev);
	if (L > 0) {
		arb_vec2 eh = mul(ev, 1 / L), nh = v2(-eh.y, eh.x);
		line_meets(tr, add(e0, mul(nh, R)), eh, 0, L, cand, &nc);
		line_meets(tr, sub(e0, mul(nh, R)), eh, 0, L, cand, &nc);
	}
	circle_meets(tr, e0, R, cand, &nc);
	if (L > 0)
		circle_meets(tr, e1, R, cand, &nc);
	double u = 2;
	for (int i = 0; i < nc; i++)
		u = fmin(u, cand[i]);
	if (u > 1) {
		hit m = {INFINITY, 2, {0, 0}, {0, 0}};
		traj_seg(tr, e0, e1, &m);
		if (!(m.d <= R))
			return false;
		u = m.u;
	}
	arb_vec2 x = traj_at(tr, u), y;
	double d = point_seg(x, e0, e1, &y);
	take_first(first, d, u, x, y);
	return true;
}

/* ---- bodies against obstacles ------------------------------------------ */

/* A static shape: vertices v[0..n-1] and radius r. n == 1 is a point (one
 * degenerate edge), n == 2 a segment (one edge), n >= 3 a closed polygon. */
typedef struct obstacle {
	const arb_vec2 *v;
	size_t n;
	double r;
} obstacle;

static size_t obs_edges(const obstacle *o)
{
	return o->n < 3 ? 1 : o->n;
}

static void obs_edge(const obstacle *o, size_t i, arb_vec2 *e0, arb_vec2 *e1)
{
	*e0 = o->v[i];
	*e1 = o->v[o->n == 1 ? 0 : o->n == 2 ? 1 : (i + 1) % o->n];
}

static void shape_edge(const shape *k, int i, arb_vec2 *e0, arb_vec2 *e1)
{
	*e0 = k->v[i];
	*e1 = k->v[k->n == 1 ? 0 : (i + 1) % k->n];
}

/* How far a core (n vertices, radius r) reaches from point c. */
static double reach(const arb_vec2 *v, size_t n, double r, arb_vec2 c)
{
	double m = 0;
	for (size_t i = 0; i < n; i++)
		m = maxd(m, norm(sub(v[i], c)));
	return m + r;
}

/* How far a base reaches from its centre: its radius, or half a rect's
 * diagonal (a hair more, for the rounding of its turned corners), with no
 * turning: what pair_apart needs to skip a pair before its shape is made. */
static double base_reach(const arb_placed *a)
{
	if (a->base.shape != ARB_BASE_RECT)
		return base_radius(a);
	double hd = fabs(a->base.depth_mm) / 2 / ARB_MM_PER_INCH;
	double hw = fabs(a->base.w_mm) / 2 / ARB_MM_PER_INCH;
	return sqrt(hd * hd + hw * hw) * (1 + 1e-12);
}

/* How near the centre path of a disc about c comes to point q over the
 * step: a segment for a translation, an arc about the pivot for a rotation
 * (q seen within the arc's turn: its circle; else the nearer end). */
static double centre_path_dist(const motion *mo, arb_vec2 c, arb_vec2 q)
{
	arb_vec2 y;
	if (mo->kind == ARB_STEP_TRANSLATE)
		return point_seg(q, c, add(c, mo->d), &y);
	arb_vec2 a = sub(c, mo->p), w = sub(q, mo->p);
	double rc = norm(a), rq = norm(w);
	if (!(mo->S < TWO_PI) || !(rc > 0) || !(rq > 0))
		return fabs(rq - rc);
	/* whether q is seen from the pivot within the turn, by the signs of
	 * two cross products (no angle): a turn of at most a half turn holds
	 * the directions left of a and right of its end b; a larger one, all
	 * but those strictly beyond b and before a. A direction on either
	 * ray counts as within: there the circle's bound is the end's. */
	arb_vec2 bv = rot_about(a, v2(0, 0), mo->cS, mo->sS);
	double ca = mo->sigma * cross(a, w), cb = mo->sigma * cross(w, bv);
	bool within = mo->S <= PI ? ca >= 0 && cb >= 0 : !(ca < 0 && cb < 0);
	if (within)
		return fabs(rq - rc);
	arb_vec2 b = add(mo->p, bv);
	return mind(norm(sub(q, c)), norm(sub(q, b)));
}

/* The centre of the box about v[0..n-1], and how far the points reach
 * from it: a disc that holds them. */
static arb_vec2 disc_of(const arb_vec2 *v, size_t n, double *radius)
{
	arb_vec2 lo = v[0], hi = v[0];
	for (size_t i = 1; i < n; i++) {
		lo = v2(mind(lo.x, v[i].x), mind(lo.y, v[i].y));
		hi = v2(maxd(hi.x, v[i].x), maxd(hi.y, v[i].y));
	}
	arb_vec2 c = mul(add(lo, hi), 0.5);
	*radius = reach(v, n, 0, c);
	return c;
}

/* Whether point x, moved by mo, stays farther than `bound` (by more than
 * rounding) from everything in the disc (c, r). Only skips work. */
static bool point_apart(const motion *mo, arb_vec2 x, arb_vec2 c, double r, double bound)
{
	if (!(bound < INFINITY))
		return false;
	double d = centre_path_dist(mo, x, c);
	return d - r > bound + SKIP_SLACK * (1 + d + r + bound);
}

/* Core-to-core closest approach over the step of mover core mv (placed
 * at the step's start) under motion mo, and obstacle o, into *best: x is
 * the mover's point (at fraction u), y the obstacle's. With `entry`, the
 * first fraction at which they come within R instead; returns whether
 * they ever do (false without `entry`). A core distance above cap is of no
 * use to the caller: *best is exact whenever it is at most cap, and above
 * cap otherwise. */
static bool pair_sweep(const motion *mo, const shape *mv, const obstacle *o, double R, bool entry,
                       hit *best, double cap)
{
	bool any = false;
	/* the segments, worked out once for every point that sweeps past them */
	enum { KEPT = 16 };
	seg oseg[KEPT], mseg[4];
	size_t ne = obs_edges(o);
	/* the start's candidates first, in the order the loops below offer
	 * them, so that the least so far bounds the rest from the outset (the
	 * answer is the same: the least distance, then the earliest, then the
	 * first offered) */
	for (int i = 0; !entry && i < mv->n; i++)
		for (size_t j = 0; j < ne; j++) {
			arb_vec2 e0, e1, y;
			obs_edge(o, j, &e0, &e1);
			take(best, point_seg(mv->v[i], e0, e1, &y), 0, mv->v[i], y);
		}
	for (size_t j = 0; !entry && mv->n > 1 && j < o->n; j++)
		for (int i = 0; i < mv->n; i++) {
			arb_vec2 e0, e1, y;
			shape_edge(mv, i, &e0, &e1);
			take(best, point_seg(o->v[j], e0, e1, &y), 0, y, o->v[j]);
		}
	/* A step that moves nothing (a path of one pose): every point stays
	 * where the start's candidates measured it. */
	if (!entry && mo->kind == ARB_STEP_TRANSLATE && mo->d.x == 0 && mo->d.y == 0)
		return false;
	/* discs that hold the two cores, and the motion of the obstacle seen
	 * from the mover */
	double orad, mrad;
	arb_vec2 oc = disc_of(o->v, o->n, &orad), mc = disc_of(mv->v, (size_t)mv->n, &mrad);
	motion inv = *mo;
	inv.d = mul(mo->d, -1);
	inv.sigma = -mo->sigma;
	inv.sS = -mo->sS;
	for (size_t j = 0; !entry && j < ne && j < KEPT; j++) {
		arb_vec2 e0, e1;
		obs_edge(o, j, &e0, &e1);
		oseg[j] = seg_of(mo, e0, e1);
	}
	for (int i = 0; i < mv->n; i++) {
		if (!entry && point_apart(mo, mv->v[i], oc, orad, mind(best->d, cap)))
			continue; /* this corner's path stays far from all of it */
		traj tr = traj_of(mo, mv->v[i], 1);
		for (size_t j = 0; j < ne; j++) {
			arb_vec2 e0, e1;
			if (!entry && j < KEPT) {
				traj_seg_at(&tr, &oseg[j], best, cap, true);
				continue;
			}
			obs_edge(o, j, &e0, &e1);
			if (entry)
				any |= traj_entry(&tr, e0, e1, R, best);
			else
				traj_seg(&tr, e0, e1, best);
		}
	}
	if (mv->n == 1)
		return any; /* a point's only edge is itself: done above */
	for (int i = 0; !entry && i < mv->n; i++) {
		arb_vec2 e0, e1;
		shape_edge(mv, i, &e0, &e1);
		mseg[i] = seg_of(mo, e0, e1);
	}
	/* the obstacle's vertices against the mover's edges, in the mover's frame */
	for (size_t j = 0; j < o->n; j++) {
		if (!entry && point_apart(&inv, o->v[j], mc, mrad, mind(best->d, cap)))
			continue;
		traj tr = traj_of(mo, o->v[j], -1);
		for (int i = 0; i < mv->n; i++) {
			arb_vec2 e0, e1;
			hit h = {INFINITY, 2, {0, 0}, {0, 0}};
			shape_edge(mv, i, &e0, &e1);
			if (entry && !traj_entry(&tr, e0, e1, R, &h))
				continue;
			if (!entry) {
				/* nothing of this edge can beat the best so far */
				if (mo->kind == ARB_STEP_ROTATE &&
				    arc_seg_apart(&tr, &mseg[i], mind(best->d, cap)))
					continue;
				traj_seg_at(&tr, &mseg[i], &h, mind(best->d, cap), true);
				if (!(h.d < INFINITY))
					continue; /* nothing of this edge came near enough */
			}
			any |= entry;
			/* back to the table: the mover's point moves with it */
			arb_vec2 x = move_at(mo, h.y, h.u, 1);
			if (entry)
				take_first(best, h.d, h.u, x, o->v[j]);
			else
				take(best, h.d, h.u, x, o->v[j]);
		}
	}
	return any;
}

/* The obstacles of one sweep: bases, or one polygon. */
typedef struct field {
	const arb_placed *bases;
	size_t n_bases;
	const arb_vec2 *poly;
	size_t np;
	double below; /* no need to look past this gap (INFINITY: none) */
	arb_vec2 pc;  /* the polygon's disc: centre and radius */
	double pr;
} field;

static size_t field_count(const field *f)
{
	return f->poly ? 1 : f->n_bases;
}

static obstacle field_obstacle(const field *f, size_t j, shape *store)
{
	if (f->poly)
		return (obstacle){f->poly, f->np, 0};
	*store = shape_of(&f->bases[j]);
	return (obstacle){store->v, (size_t)store->n, store->r};
}

/* The static distance at the start of a step, which alone sees one shape
 * already inside the other. */
static double field_static(const field *f, size_t j, const arb_placed *part, arb_measure *m)
{
	if (f->poly)
		return arb_geom_base_polygon_distance(part, f->poly, f->np, m);
	return arb_geom_distance(part, &f->bases[j], m);
}

/* The closest points of two shapes from core points x, y (|x - y| = d)
 * and radii: when apart, each point on its own shape's boundary; when they
 * touch or overlap, one point in both. The points within rm of x and ro
 * of y along xy run from max(0, d - ro) to min(d, rm) from x, and the
 * middle of that run is taken. */
static void shape_points(arb_vec2 x, arb_vec2 y, double rm, double ro, arb_vec2 *p, arb_vec2 *q)
{
	double d = norm(sub(y, x));
	if (!(d > 0)) {
		*p = *q = x;
		return;
	}
	arb_vec2 u = mul(sub(y, x), 1 / d);
	if (d - rm - ro > 0) {
		*p = add(x, mul(u, rm));
		*q = sub(y, mul(u, ro));
		return;
	}
	double lo = fmax(0, d - ro), hi = fmin(d, rm);
	*p = *q = add(x, mul(u, lo <= hi ? (lo + hi) / 2 : (d - ro + rm) / 2));
}

/* A point of the table as a base of no size, to ask the static kernel
 * whether a shape covers it. */
static arb_placed dot_at(arb_vec2 c)
{
	arb_placed b = {.c = c, .base = {.shape = ARB_BASE_ROUND, .d_mm = 0}};
	return b;
}

/* Whether the discs about ca and cb that hold the mover's core a and the
 * obstacle b are apart (by more than rounding), so that the two neither
 * touch nor overlap. */
static bool cores_apart(const shape *a, arb_vec2 ca, const obstacle *b, arb_vec2 cb)
{
	double ra = reach(a->v, (size_t)a->n, a->r, ca), rb = reach(b->v, b->n, b->r, cb);
	double d = norm(sub(cb, ca));
	return d - ra - rb > SKIP_SLACK * (1 + d + ra + rb);
}

/* Whether the mover's core a (in the disc about ca that holds it) stays,
 * through the whole step, farther than `bound` from the obstacle in the
 * disc (cb, rb), by more than rounding: then nothing of the pair can beat
 * a gap of `bound`, nor touch. Only skips work, never decides. */
static bool pair_apart(const motion *mo, const shape *a, arb_vec2 ca, arb_vec2 cb, double rb,
                       double bound)
{
	if (!(bound < INFINITY))
		return false;
	double ra = reach(a->v, (size_t)a->n, a->r, ca);
	double d = centre_path_dist(mo, ca, cb);
	return d - ra - rb > bound + SKIP_SLACK * (1 + d + ra + rb + bound);
}

/* Where a mover that already touches or overlaps obstacle j at the start
 * of a step touches it: a core point pair within the radii, else (no
 * boundaries near: one shape inside the other) a core vertex of the one
 * inside. The static measure is not used: it need not be a common point. */
static hit start_contact(const shape *mv, const obstacle *o, const field *f, size_t j,
                         const arb_placed *w)
{
	motion still = {.kind = ARB_STEP_TRANSLATE, .cS = 1};
	hit h = {INFINITY, 2, {0, 0}, {0, 0}};
	arb_measure m;
	pair_sweep(&still, mv, o, 0, false, &h, INFINITY);
	h.u = 0;
	if (h.d <= mv->r + o->r + 1e-9)
		return h;
	arb_placed pt = dot_at(mv->v[0]);
	if (field_static(f, j, &pt, &m) <= 0)
		return (hit){0, 0, mv->v[0], mv->v[0]};
	pt = dot_at(o->v[0]);
	if (arb_geom_distance(w, &pt, &m) <= 0)
		return (hit){0, 0, o->v[0], o->v[0]};
	return h; /* cannot be: the static kernel said they meet */
}

/* A candidate answer of a sweep: hit h of part `part` against `other` in
 * step `step`, with the radii that turn core points into base points. */
typedef struct cand {
	double gap;
	hit h;
	size_t step;
	long part, other;
	double rm, ro;
} cand;

static void sweep_fill(arb_sweep *out, const cand *c, const motion *mo, const arb_pose *from)
{
	out->m.figure = c->gap > 0 ? c->gap : 0;
	out->m.limit = out->m.margin = 0;
	shape_points(c->h.x, c->h.y, c->rm, c->ro, &out->m.p, &out->m.q);
	out->m.points = true;
	out->m.other = c->other;
	out->part = c->part;
	out->step = c->step;
	out->t = c->h.u;
	out->turned_deg = mo->kind == ARB_STEP_ROTATE ? c->h.u * mo->angle : 0;
	out->pose = pose_at(mo, from, c->h.u);
	out->contact = !(c->gap > 0);
}

/* Steps are swept in order. Until one brings contact the answer is the
 * smallest gap (ties to the earliest); in the first step with contact it
 * is where contact first begins, and later steps cannot change that. */
static int sweep(arb_sweep *out, const arb_body *body, const arb_pose_path *path, const field *f,
                 arb_error *err)
{
	int rc;
	if (!out)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "out", "no result given");
	if ((rc = arb__pose_body_check(body, err)) ||
	    (rc = arb__pose_path_shape_check(NULL, path, err)))
		return rc;
	memset(out, 0, sizeof *out);
	out->m.figure = INFINITY;
	out->m.other = -1;
	out->m.p = out->m.q = path->poses[0].c;
	out->part = -1;
	out->pose = path->poses[0];
	size_t steps = path->n_steps ? path->n_steps : 1; /* none: one step that stays */
	arb_step stay = {.kind = ARB_STEP_TRANSLATE};
	cand best = {.gap = INFINITY};
	motion best_mo = {0};
	const arb_pose *best_from = NULL;
	for (size_t k = 0; k < steps; k++) {
		const arb_pose *from = &path->poses[k];
		const arb_pose *to = path->n_steps ? &path->poses[k + 1] : from;
		motion mo = motion_of(path->n_steps ? &path->steps[k] : &stay, from, to);
		cand first = {.gap = 0, .h = {INFINITY, 2, {0, 0}, {0, 0}}};
		bool contact = false;
		for (size_t i = 0; i < body->n_parts; i++) {
			arb_placed w = arb_pose_place(from, &body->parts[i]);
			shape mv = shape_of(&w);
			for (size_t j = 0; j < field_count(f); j++) {
				arb_vec2 cb = f->poly ? f->pc : f->bases[j].c;
				double rb = f->poly ? f->pr : base_reach(&f->bases[j]);
				if (pair_apart(&mo, &mv, w.c, cb, rb, mind(best.gap, f->below)))
					continue; /* it cannot beat the best gap, nor touch */
				shape store;
				obstacle o = field_obstacle(f, j, &store);
				cand c = {
				    .step = k, .part = (long)i, .other = f->poly ? -1 : (long)j};
				c.rm = mv.r;
				c.ro = o.r;
				if (!(f->poly == NULL &&
				      cores_apart(&mv, w.c, &o, f->bases[j].c)) &&
				    field_static(f, j, &w, NULL) <= 0) {
					/* touching or inside already at the step's start */
					c.h = start_contact(&mv, &o, f, j, &w);
					if (!contact || first.h.u > 0)
						first = c;
					contact = true;
					continue;
				}
				c.h = (hit){INFINITY, 2, {0, 0}, {0, 0}};
				/* a pair that cannot beat the best gap so far (nor the
				 * caller's bound) need not be measured exactly */
				pair_sweep(&mo, &mv, &o, 0, false, &c.h,
				           mind(best.gap, f->below) + mv.r + o.r);
				c.gap = c.h.d - mv.r - o.r;
				if (c.gap > 0) {
					if (c.gap < best.gap ||
					    (c.gap == best.gap && k == best.step &&
					     c.h.u < best.h.u)) {
						best = c;
						best_mo = mo;
						best_from = from;
					}
					continue;
				}
				/* contact in this step: where does it begin? */
				hit e = {INFINITY, 2, {0, 0}, {0, 0}};
				if (pair_sweep(&mo, &mv, &o, mv.r + o.r, true, &e, INFINITY))
					c.h = e; /* else rounding hid it: the deepest point stands
					            in */
				c.gap = 0;
				if (!contact || c.h.u < first.h.u)
					first = c;
				contact = true;
			}
		}
		if (contact) {
			sweep_fill(out, &first, &mo, from);
			return ARB_OK;
		}
	}
	if (best_from)
		sweep_fill(out, &best, &best_mo, best_from);
	return ARB_OK;
}

int arb_pose_sweep_distance_below(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                                  const arb_placed *others, size_t n_others, double below,
                                  arb_error *err)
{
	if (n_others && !others)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "others", "no bases given");
	field f = {.bases = others, .n_bases = n_others, .below = below};
	return sweep(out, body, path, &f, err);
}

int arb_pose_sweep_distance(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                            const arb_placed *others, size_t n_others, arb_error *err)
{
	return arb_pose_sweep_distance_below(out, body, path, others, n_others, INFINITY, err);
}

int arb_pose_sweep_polygon_below(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                                 const arb_vec2 *poly, size_t n, double below, arb_error *err)
{
	if (!poly || n == 0)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "polygon", "no polygon given");
	arb_vec2 lo = poly[0], hi = poly[0];
	for (size_t i = 0; i < n; i++) {
		if (!finite2(poly[i]))
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "polygon",
			                     "polygon vertex %zu is not finite", i);
		lo = v2(fmin(lo.x, poly[i].x), fmin(lo.y, poly[i].y));
		hi = v2(fmax(hi.x, poly[i].x), fmax(hi.y, poly[i].y));
	}
	field f = {.poly = poly, .np = n, .below = below, .pc = mul(add(lo, hi), 0.5)};
	f.pr = reach(poly, n, 0, f.pc);
	return sweep(out, body, path, &f, err);
}

int arb_pose_sweep_polygon(arb_sweep *out, const arb_body *body, const arb_pose_path *path,
                           const arb_vec2 *poly, size_t n, arb_error *err)
{
	return arb_pose_sweep_polygon_below(out, body, path, poly, n, INFINITY, err);
}

int arb_rotation_distance(arb_sweep *out, const arb_placed *mover, arb_vec2 pivot, double angle_deg,
                          const arb_placed *others, size_t n_others, arb_error *err)
{
	if (!mover)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "mover", "no base given");
	arb_placed part = *mover;
	part.c = v2(0, 0);
	part.facing_deg = 0;
	arb_body body = {&part, 1};
	arb_pose poses[2] = {{mover->c, mover->facing_deg}, {mover->c, mover->facing_deg}};
	arb_step st = {.kind = ARB_STEP_ROTATE, .pivot = pivot, .angle_deg = angle_deg};
	if (finite2(pivot) && isfinite(angle_deg) && finite2(mover->c) &&
	    isfinite(mover->facing_deg))
		poses[1] = arb_pose_rotate(&poses[0], pivot, angle_deg);
	arb_pose_path path = {poses, &st, 1};
	return arb_pose_sweep_distance(out, &body, &path, others, n_others, err);
}
