/* geom-swept.c: a base translated along a path against bases that stay
 * put: its closest approach and its deepest overlap, and the overlap of two
 * bases at rest (arbiter.h, section 2; docs/geometry.md). Nothing samples
 * the path: each segment is answered in closed form.
 *
 * Closest approach: the base's swept core against the other's core (a
 * round base sweeps a segment, so a round base against a round base is a
 * point-segment distance less both radii).
 *
 * Overlap: the other base's core "grown" by the mover's core taken from
 * its centre, P = other (+) -(mover - its centre), is the set of centre
 * positions at which the two cores meet (the configuration obstacle), and
 * the bases overlap where the centre comes within R = ra + rb of P. The
 * signed distance of the bases is therefore the signed distance of the
 * centre to P, less R. Inside P that is max_i (n_i . c - h_i) over P's
 * edges (outward unit normals n_i, offsets h_i), a convex piecewise-linear
 * function along a segment c0 + t d, whose minimum lies at t = 0, t = 1 or
 * where two of the lines cross; outside P it is the centre's Euclidean
 * distance to P, whose minimum along the segment is the segment's distance
 * to P. Both are exact, so the deepest overlap is too (the search it
 * replaces stopped at a parameter interval of 1e-12).
 */
#include "geom.h"

/* P for the centre of `mover` against core ko (see above), radius R. */
static core obstacle(const arb_placed *mover, const core *ko)
{
	if (mover->base.shape != ARB_BASE_RECT) {
		core p = *ko;
		p.r = ko->r + base_radius(mover);
		return p;
	}
	arb_vec2 rel[4], pts[HULL_MAX], h[HULL_MAX];
	arb__geom_rect_corners(mover, v2(0, 0), rel);
	int n = 0;
	for (int j = 0; j < ko->n && j < 4; j++)
		for (int i = 0; i < 4; i++)
			pts[n++] = sub(ko->v[j], rel[i]);
	n = arb__geom_hull(pts, n, h);
	/* The sum of two quadrilaterals has at most 8 vertices; rounding can
	 * leave more, all but 8 of them almost on a line with their
	 * neighbours: drop the flattest until 8 are left. */
	while (n > CORE_MAX) {
		int flat = 0;
		double least = INFINITY;
		for (int i = 0; i < n; i++) {
			double o = fabs(orient(h[(i + n - 1) % n], h[i], h[(i + 1) % n]));
			if (o < least) {
				least = o;
				flat = i;
			}
		}
		for (int i = flat; i + 1 < n; i++)
			h[i] = h[i + 1];
		n--;
	}
	core p = {.n = n, .r = ko->r};
	for (int i = 0; i < n; i++)
		p.v[i] = h[i];
	return p;
}

/* The largest |coordinate| of P and the segment: the scale of rounding. */
static double magnitude(const core *p, arb_vec2 c0, arb_vec2 c1)
{
	double mag = fmax(absmax2(c0), absmax2(c1));
	for (int i = 0; i < p->n; i++)
		mag = fmax(mag, absmax2(p->v[i]));
	return mag + p->r;
}

/* max_i (a_i s + b_i) */
static double lines_max(const double *a, const double *b, int n, double s)
{
	double f = -INFINITY;
	for (int k = 0; k < n; k++)
		f = fmax(f, a[k] * s + b[k]);
	return f;
}

/* The smallest signed distance between the shapes while the mover's centre
 * runs from c0 to c1 (c0 == c1 is the shapes at rest), and in *t where.
 * Returns +INFINITY without searching when the shapes stay more than eps
 * apart. */
static double seg_min_sd(const core *p, arb_vec2 c0, arb_vec2 c1, double eps, double *t)
{
	arb_vec2 d = sub(c1, c0), x, y;
	*t = 0;
	if (p->n == 1) {
		double g = point_seg_t(p->v[0], c0, c1, &x, t);
		return g - p->r;
	}
	if (p->n >= 3) {
		/* the lines f_i(t) = a_i t + b_i, and min over t of their max */
		double a[CORE_MAX], b[CORE_MAX];
		int n = p->n;
		for (int i = 0; i < n; i++) {
			arb_vec2 e = sub(p->v[(i + 1) % n], p->v[i]);
			double l = norm(e);
			arb_vec2 nrm = l > 0 ? v2(e.y / l, -e.x / l) : v2(0, 0);
			a[i] = dot(nrm, d);
			b[i] = dot(nrm, sub(c0, p->v[i]));
		}
		/* candidates: both ends, then every crossing inside (0, 1) */
		double best = lines_max(a, b, n, 0), bt = 0, f;
		if ((f = lines_max(a, b, n, 1)) < best) {
			best = f;
			bt = 1;
		}
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				if (a[i] == a[j])
					continue;
				double s = (b[j] - b[i]) / (a[i] - a[j]);
				if (s > 0 && s < 1 && (f = lines_max(a, b, n, s)) < best) {
					best = f;
					bt = s;
				}
			}
		*t = bt;
		if (best <= 0)
			return best - p->r;
		/* The centre stays outside P, at least `best` from it. */
		if (best - p->r > eps)
			return INFINITY;
	}
	/* Outside P (or P a segment): the segment's distance to P. */
	core seg = {.v = {c0, c1}, .n = 2};
	double g = arb__geom_core_dist(&seg, p, &x, &y);
	double dd = dot(d, d);
	*t = dd > 0 ? clampd(dot(sub(x, c0), d) / dd, 0, 1) : 0;
	return g - p->r;
}

double arb_geom_penetration(const arb_placed *a, const arb_placed *b)
{
	core kb = arb__geom_core_at(b, b->c), p = obstacle(a, &kb);
	double eps = geom_eps(magnitude(&p, a->c, a->c)), t;
	double sd = seg_min_sd(&p, a->c, a->c, eps, &t);
	return -sd > eps ? -sd : 0;
}

/* Segments of the path: n == 1 is one segment of no length at pts[0]. */
static size_t segments(size_t n)
{
	return n < 2 ? n : n - 1;
}

double arb_geom_swept_penetration(const arb_placed *mover, const arb_vec2 *pts, size_t n,
                                  const arb_placed *others, size_t n_others, arb_measure *m)
{
	double deepest = 0;
	arb_vec2 bp = n ? pts[0] : mover->c, bq = bp;
	long who = -1;
	arb_vec2 ext = arb_geom_half_extent(mover);
	for (size_t s = 0; s < segments(n); s++) {
		arb_vec2 c0 = pts[s], c1 = pts[n < 2 ? s : s + 1];
		/* what the mover covers on this segment, boxed */
		bbox sb = {fmin(c0.x, c1.x) - ext.x, fmin(c0.y, c1.y) - ext.y,
		           fmax(c0.x, c1.x) + ext.x, fmax(c0.y, c1.y) + ext.y};
		for (size_t j = 0; j < n_others; j++) {
			core ko = arb__geom_core_at(&others[j], others[j].c);
			bbox ob = arb__geom_core_box(&ko);
			double mag = fmax(fmax(absmax2(c0), absmax2(c1)), absmax2(others[j].c)) +
			             fmax(ext.x, ext.y) + fmax(ob.x1 - ob.x0, ob.y1 - ob.y0);
			double eps = geom_eps(mag), t;
			if (box_gap(sb, ob) > eps)
				continue;
			core p = obstacle(mover, &ko);
			double sd = seg_min_sd(&p, c0, c1, eps, &t);
			if (-sd > eps && -sd > deepest) {
				deepest = -sd;
				bp = t == 0 ? c0 : t == 1 ? c1 : lerp(c0, c1, t);
				bq = others[j].c;
				who = (long)j;
			}
		}
	}
	if (who >= 0)
		arb__geom_put(m, deepest, bp, bq, who);
	else
		arb__geom_put_none(m, 0, bp);
	return deepest;
}

/* A base standing still, ready for many segments: a round base is its
 * centre and radius; a rect its centre, half sizes, and (once a segment
 * comes near enough to need them) its axes u (facing) and v. Either lies
 * within e of its centre (a rect: the circle through its corners, which
 * needs no turning); a rect mover also needs the box round that circle. */
typedef struct target {
	const arb_placed *o;
	bool round, turned;
	arb_vec2 c, u, v;
	double r, e, hd, hw, reach; /* reach: e and a round mover's radius */
	bbox box;
} target;

static void target_init(target *t, const arb_placed *o, bool round_mover, double ra)
{
	t->o = o;
	t->round = o->base.shape != ARB_BASE_RECT;
	t->turned = false;
	t->c = o->c;
	if (t->round) {
		t->r = t->e = base_radius(o);
		t->reach = ra + t->e;
		if (round_mover)
			return; /* a round pair needs no axes */
		t->hd = t->hw = 0;
	} else {
		t->r = 0;
		t->hd = fabs(o->base.depth_mm) / 2 / ARB_MM_PER_INCH;
		t->hw = fabs(o->base.w_mm) / 2 / ARB_MM_PER_INCH;
		t->e = sqrt(t->hd * t->hd + t->hw * t->hw);
		t->reach = ra + t->e;
	}
	t->u = t->v = v2(0, 0);
	if (!round_mover)
		t->box = (bbox){o->c.x - t->e, o->c.y - t->e, o->c.x + t->e, o->c.y + t->e};
}

/* A rect's axes, found the first time they are needed. */
static void target_turn(target *t)
{
	if (t->turned)
		return;
	t->u = arb__geom_facing(t->o->facing_deg);
	t->v = v2(-t->u.y, t->u.x);
	t->turned = true;
}

/* Squared distance from point p to the box [-hd, hd] x [-hw, hw], nearest
 * point in *q. */
static double point_box2(arb_vec2 p, double hd, double hw, arb_vec2 *q)
{
	*q = v2(clampd(p.x, -hd, hd), clampd(p.y, -hw, hw));
	arb_vec2 e = sub(p, *q);
	return dot(e, e);
}

/* Distance from segment a + t (b - a) to the box [-hd, hd] x [-hw, hw] (in
 * the box's frame), closest points in *p (on the segment) and *q. Where the
 * segment meets the box (clipped to it, Liang-Barsky) p = q is where it
 * enters; else the closest pair has an end of the segment or a corner of
 * the box in it. The candidates are compared squared (the root is
 * monotonic) and one root taken: the figure point_seg's norm would give. */
static double seg_box(arb_vec2 a, arb_vec2 b, double hd, double hw, arb_vec2 *p, arb_vec2 *q)
{
	arb_vec2 d = sub(b, a);
	double lo = 0, hi = 1;
	const double pd[4] = {-d.x, d.x, -d.y, d.y};
	const double qd[4] = {a.x + hd, hd - a.x, a.y + hw, hw - a.y};
	for (int i = 0; i < 4 && lo <= hi; i++) {
		if (pd[i] == 0) {
			if (qd[i] < 0)
				hi = -1;
		} else {
			/* as fmax and fmin: a NaN ratio leaves the bound */
			double r = qd[i] / pd[i];
			if (pd[i] < 0)
				lo = r > lo ? r : lo;
			else
				hi = r < hi ? r : hi;
		}
	}
	if (lo <= hi) {
		*p = *q = lo == 0 ? a : add(a, mul(d, lo));
		return 0;
	}
	arb_vec2 c;
	double best = point_box2(a, hd, hw, q), g;
	*p = a;
	if ((g = point_box2(b, hd, hw, &c)) < best) {
		best = g;
		*p = b;
		*q = c;
	}
	/* point_seg_t's closest point, squared distance */
	double l2 = dot(d, d);
	const arb_vec2 corner[4] = {{hd, -hw}, {hd, hw}, {-hd, hw}, {-hd, -hw}};
	for (int k = 0; k < 4; k++) {
		double s = l2 > 0 ? dot(sub(corner[k], a), d) / l2 : 0;
		s = s < 0 ? 0 : s > 1 ? 1 : s;
		c = add(a, mul(d, s));
		arb_vec2 e = sub(corner[k], c);
		if ((g = dot(e, e)) < best) {
			best = g;
			*p = c;
			*q = corner[k];
		}
	}
	return sqrt(best);
}

/* The distance between the segment c0 -> c1 and rect t (target_turn has
 * set its axes); the closest points, in the rect's frame, in *x (of the
 * segment) and *y. */
static double rect_seg_dist(arb_vec2 c0, arb_vec2 c1, const target *t, arb_vec2 *x, arb_vec2 *y)
{
	arb_vec2 w0 = sub(c0, t->c), w1 = sub(c1, t->c);
	arb_vec2 l0 = v2(dot(w0, t->u), dot(w0, t->v)), l1 = v2(dot(w1, t->u), dot(w1, t->v));
	return seg_box(l0, l1, t->hd, t->hw, x, y);
}

/* The closest points of a round base of radius ra about the segment's
 * point x and rect t about its point y (both in t's frame), g apart. */
static double rect_gap_points(const target *t, arb_vec2 x, arb_vec2 y, double g, double ra,
                              arb_vec2 *p, arb_vec2 *q)
{
	x = add(t->c, add(mul(t->u, x.x), mul(t->v, x.y)));
	y = add(t->c, add(mul(t->u, y.x), mul(t->v, y.y)));
	return arb__geom_gap_points(x, y, g, ra, 0, p, q);
}

/* n == 0 (no position at all) gives INFINITY and other = -1, like having
 * nothing to approach. A round mover sweeps a segment: against a round
 * base that is one point-segment distance; against a rect, a segment-box
 * distance in the rect's frame. Before either, the centre's squared
 * distance to the segment, less the mover's radius and the radius of a
 * circle about the other base, is a lower bound: a pair that cannot come
 * nearer than the best so far is skipped with no root, no division and no
 * turning. A rect mover's swept shape has a box, and a base whose box
 * (round the circle about it) is further than the best so far is skipped
 * before any exact distance. The others are prepared once (up to TARGETS
 * of them; more are prepared for each segment). Pairs are taken segment
 * by segment, others in order, and the first of equal gaps is kept. */
#define TARGETS 32
double arb_geom_swept_distance(const arb_placed *mover, const arb_vec2 *pts, size_t n,
                               const arb_placed *others, size_t n_others, arb_measure *m)
{
	double best = INFINITY;
	arb_vec2 bp = n ? pts[0] : mover->c, bq = bp;
	long who = -1;
	bool round = mover->base.shape != ARB_BASE_RECT;
	double ra = base_radius(mover);
	target ready[TARGETS], one;
	bool prepared = n_others <= TARGETS;
	/* The best of two round bases keeps what its closest points are made
	 * from (a point of the segment, the centre distance), and they are
	 * made once, at the end, when asked for. */
	bool pending = false;
	arb_vec2 px = bp;
	double pg = 0;
	for (size_t j = 0; prepared && j < n_others; j++)
		target_init(&ready[j], &others[j], round, ra);
	/* What skips a pair: the best so far, and before any is found, the
	 * least gap of a round mover at its start to a round target (a pair
	 * of the first segment comes at least that near), a little widened so
	 * that rounding never skips the pair that attains it. */
	double bound = INFINITY;
	for (size_t j = 0; round && prepared && n && j < n_others; j++)
		if (ready[j].round) {
			arb_vec2 w = sub(ready[j].c, pts[0]);
			bound = mind(bound, sqrt(dot(w, w)) - ra - ready[j].r);
		}
	bound += 1e-9 * (1 + fabs(bound));
	/* Nothing is closer than 0: the first pair at 0 ends the search. */
	for (size_t s = 0; s < segments(n) && n_others; s++) {
		arb_vec2 c0 = pts[s], c1 = pts[n < 2 ? s : s + 1], ab = sub(c1, c0);
		double l2 = dot(ab, ab), inv = l2 > 0 ? 1 / l2 : 0;
		/* a rect mover: what it covers on this segment, and its box */
		core sw;
		bbox sb = {0, 0, 0, 0};
		if (!round) {
			sw = arb__geom_swept_core(mover, c0, c1);
			sb = arb__geom_core_box(&sw);
		}
		for (size_t j = 0; j < n_others; j++) {
			target *t =
			    prepared ? &ready[j] : (target_init(&one, &others[j], round, ra), &one);
			arb_vec2 p, q;
			double gap;
			if (round) {
				/* the centre's squared distance to the segment first: a
				 * pair that cannot beat the best costs no root, no
				 * division, and a rect no turning (it lies within e of
				 * its centre) */
				arb_vec2 w = sub(t->c, c0);
				double u = clampd(dot(w, ab) * inv, 0, 1), lim = bound + t->reach;
				arb_vec2 e = sub(w, mul(ab, u));
				double g2 = dot(e, e);
				if (!(g2 < lim * lim))
					continue;
				if (t->round) {
					/* as arb__geom_gap_points has it */
					double g = sqrt(g2);
					gap = g - ra - t->r;
					double d = maxd(0, gap);
					if (d < best) {
						best = d;
						px = add(c0, mul(ab, u));
						pg = g;
						pending = true;
						who = (long)j;
						bound = mind(bound, best);
						if (best == 0)
							goto found;
					}
					continue;
				}
				/* a rect: the exact distance in its frame; the closest
				 * points only for a new best */
				target_turn(t);
				arb_vec2 x = c0, y = t->c;
				double g = rect_seg_dist(c0, c1, t, &x, &y);
				if (g - ra < best) {
					best = maxd(0, rect_gap_points(t, x, y, g, ra, &bp, &bq));
					pending = false;
					who = (long)j;
					bound = mind(bound, best);
					if (best == 0)
						goto found;
				}
				continue;
			} else if (box_gap2(sb, t->box) > best * best) {
				continue;
			} else {
				core ko = arb__geom_core_at(&others[j], others[j].c);
				gap = arb__geom_shape_gap(&sw, &ko, &p, &q);
			}
			double d = maxd(0, gap);
			if (d < best) {
				best = d;
				bp = p;
				bq = q;
				pending = false;
				who = (long)j;
				if (best == 0)
					goto found;
			}
		}
	}
found:
	if (who >= 0 && pending && m)
		arb__geom_gap_points(px, others[who].c, pg, ra, base_radius(&others[who]), &bp,
		                     &bq);
	if (who >= 0)
		arb__geom_put(m, best, bp, bq, who);
	else
		arb__geom_put_none(m, best, bp);
	return best;
}
