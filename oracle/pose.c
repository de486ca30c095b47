/* pose.c: poses, paths of poses and the geometry of rotation (arbiter.h,
 * section 2b; docs/geometry-rotation.md).
 *
 * A base is a convex core plus a radius, as in geom.c: a round base is its
 * centre with radius d/2, a rectangular base its four corners with radius
 * 0. During one step every point of a body follows a trajectory: a segment
 * (translation) or a circular arc about the pivot (rotation). The distance
 * between two convex cores is attained by a vertex of one against an edge
 * of the other whenever it is positive, and first reaches any value R at
 * such a pair too, so the closest approach over a step is the smallest,
 * over those vertex-edge pairs, of the distance from a trajectory to a
 * fixed segment. A vertex of the other shape against a moving edge is the
 * same question in the mover's frame, where that vertex moves by the
 * inverse motion. Trajectory-to-segment distances are closed form: the
 * candidates are the ends of both, the nearest point of the trajectory to
 * each segment end, the points of the arc whose radius is normal to the
 * segment, and crossings. Nothing samples.
 *
 * The vectors are geom.h's; the rotations and the shapes both files use
 * are pose.h's. The closest approach along a path is in pose-sweep.c.
 */
#include "pose.h"
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- vectors: geom.h's, with rotations ---------------------------------- */

/* ---- angles and poses --------------------------------------------------- */

double arb_angle_normalise(double deg)
{
	if (!isfinite(deg))
		return NAN;
	double d = fmod(deg, 360.0);
	if (d < 0)
		d += 360.0;
	return d >= 360.0 ? 0 : d; /* -1e-20 + 360 rounds to 360 */
}

double arb_angle_delta(double from_deg, double to_deg)
{
	double d = arb_angle_normalise(arb_angle_normalise(to_deg) - arb_angle_normalise(from_deg));
	return d > 180 ? d - 360 : d;
}

arb_vec2 arb_pose_point(const arb_pose *at, arb_vec2 local)
{
	double c, s;
	cs_deg(at->facing_deg, &c, &s);
	return add(at->c, rot(local, c, s));
}

arb_placed arb_pose_place(const arb_pose *at, const arb_placed *part)
{
	arb_placed w = *part;
	w.c = arb_pose_point(at, part->c);
	w.facing_deg = arb_angle_normalise(at->facing_deg + part->facing_deg);
	return w;
}

arb_pose arb_pose_rotate(const arb_pose *at, arb_vec2 pivot, double angle_deg)
{
	double c, s;
	cs_deg(angle_deg, &c, &s);
	arb_pose r = {rot_about(at->c, pivot, c, s),
	              arb_angle_normalise(at->facing_deg + angle_deg)};
	return r;
}

static bool part_finite(const arb_placed *p)
{
	return finite2(p->c) && isfinite(p->facing_deg) && isfinite(p->base.d_mm) &&
	       isfinite(p->base.w_mm) && isfinite(p->base.depth_mm);
}

int arb__pose_body_check(const arb_body *body, arb_error *err)
{
	if (!body || (body->n_parts && !body->parts))
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "parts", "no body given");
	for (size_t i = 0; i < body->n_parts; i++)
		if (!part_finite(&body->parts[i]))
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "parts",
			                     "part %zu of the body is not finite", i);
	return ARB_OK;
}

int arb_body_footprint(arb_footprint *out, const arb_body *body, arb_error *err)
{
	int rc = arb__pose_body_check(body, err);
	if (rc)
		return rc;
	if (!out || body->n_parts == 0)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "parts",
		                     "a body without parts has no footprint");
	*out = arb_footprint_of(body->parts, body->n_parts, 0); /* the body's frame */
	return ARB_OK;
}

int arb_pose_check(const arb_pose *p, size_t index, arb_error *err)
{
	char field[64];
	if (!p)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "poses", "no pose given");
	if (!finite2(p->c)) {
		snprintf(field, sizeof field, "poses[%zu].c", index);
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "pose %zu: the centre (%g, %g) is not finite", index, p->c.x,
		                     p->c.y);
	}
	if (!isfinite(p->facing_deg)) {
		snprintf(field, sizeof field, "poses[%zu].facing_deg", index);
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "pose %zu: the facing (%g) is not finite", index,
		                     p->facing_deg);
	}
	return ARB_OK;
}

static const char *const corner_name[4] = {"front-left", "front-right", "rear-right", "rear-left"};

static const char *about_name(arb_pivot about)
{
	switch (about) {
	case ARB_PIVOT_POINT:
		return "a point";
	case ARB_PIVOT_CORNER:
		return "a corner";
	case ARB_PIVOT_FRONT_CORNER:
		return "a front corner";
	case ARB_PIVOT_CENTRE:
		return "the centre";
	}
	return "?";
}

/* The centre of a footprint: the middle of its diagonals (a rectangle's
 * centre; for any quadrilateral the mean of its corners). */
static arb_vec2 fp_centre(const arb_footprint *fp)
{
	arb_vec2 k[4];
	arb_footprint_corners(fp, k);
	arb_vec2 s = add(add(k[0], k[1]), add(k[2], k[3]));
	return mul(s, 0.25);
}

/* arb_pivot_check with the field to name in errors. */
static int pivot_check_f(int *corner, const arb_pose *at, const arb_footprint *fp, arb_vec2 pivot,
                         arb_pivot about, double tol, const char *field, arb_error *err)
{
	if (corner)
		*corner = -1;
	if (!finite2(pivot))
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "the pivot (%g, %g) is not finite", pivot.x, pivot.y);
	if (!(tol >= 0) || !isfinite(tol))
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "the tolerance %g is not a finite number >= 0", tol);
	if (about == ARB_PIVOT_POINT)
		return ARB_OK;
	if (about != ARB_PIVOT_CORNER && about != ARB_PIVOT_FRONT_CORNER &&
	    about != ARB_PIVOT_CENTRE)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field, "unknown pivot kind %d",
		                     (int)about);
	if (!fp || !at)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "a rotation about %s needs the unit's footprint and pose",
		                     about_name(about));
	if (about == ARB_PIVOT_CENTRE) {
		arb_vec2 c = arb_pose_point(at, fp_centre(fp));
		double d = norm(sub(pivot, c));
		if (d <= tol)
			return ARB_OK;
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "the pivot (%g, %g) is not the unit's centre (%g, %g): it is "
		                     "%g in away (tolerance %g in)",
		                     pivot.x, pivot.y, c.x, c.y, d, tol);
	}
	int n = about == ARB_PIVOT_FRONT_CORNER ? 2 : 4, best = 0;
	arb_vec2 w[4], k[4];
	double bd = INFINITY;
	arb_footprint_corners(fp, k);
	for (int i = 0; i < n; i++) {
		w[i] = arb_pose_point(at, k[i]);
		double d = norm(sub(pivot, w[i]));
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	if (bd <= tol) {
		if (corner)
			*corner = best;
		return ARB_OK;
	}
	return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
	                     "the pivot (%g, %g) is not %s of the unit: the nearest, %s (%g, "
	                     "%g), is %g in away (tolerance %g in)",
	                     pivot.x, pivot.y, about_name(about), corner_name[best], w[best].x,
	                     w[best].y, bd, tol);
}

int arb_pivot_check(int *corner, const arb_pose *at, const arb_footprint *fp, arb_vec2 pivot,
                    arb_pivot about, double tol, arb_error *err)
{
	return pivot_check_f(corner, at, fp, pivot, about, tol, "pivot", err);
}

/* The finiteness and kind checks every consumer of a path makes. */
int arb__pose_path_shape_check(size_t *bad, const arb_pose_path *path, arb_error *err)
{
	char field[64];
	if (bad)
		*bad = 0;
	if (!path || !path->poses || (path->n_steps && !path->steps))
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "poses", "no path given");
	for (size_t i = 0; i <= path->n_steps; i++) {
		int rc = arb_pose_check(&path->poses[i], i, err);
		if (rc) {
			if (bad)
				*bad = i;
			return rc;
		}
	}
	for (size_t i = 0; i < path->n_steps; i++) {
		const arb_step *st = &path->steps[i];
		if (bad)
			*bad = i + 1;
		if (st->kind == ARB_STEP_TRANSLATE)
			continue;
		if (st->kind != ARB_STEP_ROTATE) {
			snprintf(field, sizeof field, "steps[%zu].kind", i);
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
			                     "step %zu (pose %zu to %zu): unknown kind %d", i, i,
			                     i + 1, (int)st->kind);
		}
		if (!finite2(st->pivot)) {
			snprintf(field, sizeof field, "steps[%zu].pivot", i);
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
			                     "step %zu (pose %zu to %zu): the pivot is not finite",
			                     i, i, i + 1);
		}
		if (!isfinite(st->angle_deg) || fabs(st->angle_deg) > 360) {
			snprintf(field, sizeof field, "steps[%zu].angle_deg", i);
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
			                     "step %zu (pose %zu to %zu): the angle %g is not a "
			                     "sweep of at most one turn (-360 to 360 degrees)",
			                     i, i, i + 1, st->angle_deg);
		}
	}
	if (bad)
		*bad = 0;
	return ARB_OK;
}

/* The largest distance between where two poses put a point of the
 * footprint. The gap between two placements of a rigid body is an affine
 * function of the point, so its largest norm over the footprint is at a
 * corner (the centre is checked too, for a footprint that is not
 * quadrilateral in shape). */
static double pose_gap(const arb_pose *a, const arb_pose *b, const arb_footprint *fp)
{
	double g = norm(sub(a->c, b->c));
	arb_vec2 k[4];
	arb_footprint_corners(fp, k);
	for (int i = 0; i < 4; i++)
		g = fmax(g, norm(sub(arb_pose_point(a, k[i]), arb_pose_point(b, k[i]))));
	return g;
}

int arb_pose_path_check(size_t *bad, const arb_pose_path *path, const arb_footprint *fp, double tol,
                        arb_error *err)
{
	char field[64];
	int rc = arb__pose_path_shape_check(bad, path, err);
	if (rc)
		return rc;
	if (!fp)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "footprint",
		                     "checking a path needs the unit's footprint");
	if (!(tol >= 0) || !isfinite(tol))
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "tolerance",
		                     "the tolerance %g is not a finite number >= 0", tol);
	for (size_t i = 0; i < path->n_steps; i++) {
		const arb_step *st = &path->steps[i];
		const arb_pose *from = &path->poses[i], *to = &path->poses[i + 1];
		arb_pose want = {to->c, from->facing_deg};
		if (bad)
			*bad = i + 1;
		if (st->kind == ARB_STEP_ROTATE) {
			snprintf(field, sizeof field, "steps[%zu].pivot", i);
			arb_error why;
			rc = pivot_check_f(NULL, from, fp, st->pivot, st->about, tol, field, &why);
			if (rc)
				return arb_error_set(err, rc, NULL, 0, 0, field,
				                     "step %zu (pose %zu to %zu): %.460s", i, i,
				                     i + 1, why.message);
			want = arb_pose_rotate(from, st->pivot, st->angle_deg);
		}
		double g = pose_gap(&want, to, fp);
		if (g <= tol)
			continue;
		snprintf(field, sizeof field, "poses[%zu]", i + 1);
		if (st->kind == ARB_STEP_ROTATE)
			return arb_error_set(
			    err, ARB_EINPUT, NULL, 0, 0, field,
			    "pose %zu does not follow from pose %zu by the declared "
			    "rotation of %g deg about (%g, %g): it is %g in from "
			    "where the rotation puts it, (%g, %g) facing %g "
			    "(tolerance %g in)",
			    i + 1, i, st->angle_deg, st->pivot.x, st->pivot.y, g, want.c.x,
			    want.c.y, want.facing_deg, tol);
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, field,
		                     "pose %zu does not follow from pose %zu by a translation: "
		                     "its facing %g differs from %g (a point of the unit lands "
		                     "%g in away; tolerance %g in)",
		                     i + 1, i, to->facing_deg, from->facing_deg, g, tol);
	}
	if (bad)
		*bad = 0;
	return ARB_OK;
}

/* ---- travel ------------------------------------------------------------- */

double arb_arc_length(double radius, double angle_deg)
{
	return fabs(radius) * fabs(angle_deg) * (PI / 180.0);
}

/* The distance from pivot to the farthest point of the base: a round
 * base's farthest point is on the ray from the pivot through its centre,
 * a rectangle's is a corner (a convex function peaks at a vertex). */
static double farthest_from(const arb_placed *base, arb_vec2 pivot)
{
	shape k = shape_of(base);
	double far = 0;
	for (int i = 0; i < k.n; i++)
		far = fmax(far, norm(sub(k.v[i], pivot)));
	return far + k.r;
}

double arb_rotation_travel(const arb_placed *base, arb_vec2 pivot, double angle_deg,
                           arb_travel_point which)
{
	double r =
	    which == ARB_TRAVEL_FARTHEST ? farthest_from(base, pivot) : norm(sub(base->c, pivot));
	return arb_arc_length(r, angle_deg);
}

int arb_path_travel(double *out, const arb_body *body, const arb_pose_path *path,
                    arb_travel_point which, arb_error *err)
{
	int rc = arb__pose_body_check(body, err);
	if (!rc)
		rc = arb__pose_path_shape_check(NULL, path, err);
	if (rc)
		return rc;
	if (!out && body->n_parts)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "out", "no output array");
	for (size_t j = 0; j < body->n_parts; j++)
		out[j] = 0;
	for (size_t i = 0; i < path->n_steps; i++) {
		const arb_step *st = &path->steps[i];
		const arb_pose *from = &path->poses[i];
		double shift = norm(sub(path->poses[i + 1].c, from->c));
		for (size_t j = 0; j < body->n_parts; j++) {
			if (st->kind == ARB_STEP_TRANSLATE) {
				out[j] += shift;
				continue;
			}
			arb_placed w = arb_pose_place(from, &body->parts[j]);
			out[j] += arb_rotation_travel(&w, st->pivot, st->angle_deg, which);
		}
	}
	return ARB_OK;
}

int arb_wheel_measure(arb_wheel *out, const arb_body *body, const arb_footprint *fp,
                      const arb_pose *at, const arb_step *step, const size_t *front_rank,
                      size_t n_front, arb_wheel_point which, double tol, arb_error *err)
{
	int corner = -1;
	if (!out || !at || !step)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "step", "no wheel given");
	memset(out, 0, sizeof *out);
	out->outside = -1;
	int rc = arb_pose_check(at, 0, err);
	if (rc)
		return rc;
	if (step->kind != ARB_STEP_ROTATE || !isfinite(step->angle_deg) ||
	    fabs(step->angle_deg) > 360)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "step",
		                     "a wheel is a rotation of at most one turn");
	rc = pivot_check_f(&corner, at, fp, step->pivot, ARB_PIVOT_FRONT_CORNER, tol, "pivot", err);
	if (rc)
		return rc;
	out->pivot_corner = corner;
	arb_vec2 k[4];
	arb_footprint_corners(fp, k);
	arb_vec2 p = step->pivot, far_corner = arb_pose_point(at, k[1 - corner]);
	if (which == ARB_WHEEL_FRONT_CORNER) {
		out->radius = norm(sub(far_corner, p));
	} else {
		if (which != ARB_WHEEL_MODEL_CENTRE && which != ARB_WHEEL_MODEL_FARTHEST)
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "which",
			                     "unknown wheel point %d", (int)which);
		if ((rc = arb__pose_body_check(body, err)))
			return rc;
		if (!front_rank || n_front == 0)
			return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "front_rank",
			                     "measuring a wheel by a model needs the front rank");
		double best = -1;
		for (size_t i = 0; i < n_front; i++) {
			if (front_rank[i] >= body->n_parts)
				return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "front_rank",
				                     "front rank model %zu is part %zu of a body "
				                     "of %zu",
				                     i, front_rank[i], body->n_parts);
			arb_placed w = arb_pose_place(at, &body->parts[front_rank[i]]);
			double d = norm(sub(w.c, p));
			if (d > best) {
				best = d;
				out->outside = (long)front_rank[i];
				out->radius =
				    which == ARB_WHEEL_MODEL_CENTRE ? d : farthest_from(&w, p);
			}
		}
	}
	out->distance = arb_arc_length(out->radius, step->angle_deg);
	/* Forward: the far front corner starts moving along the facing. Its
	 * velocity is sign(angle) times the radius vector turned left. */
	double fc, fs;
	cs_deg(at->facing_deg, &fc, &fs);
	arb_vec2 rv = sub(far_corner, p);
	double along = dot(v2(-rv.y, rv.x), v2(fc, fs)) * (step->angle_deg > 0   ? 1
	                                                   : step->angle_deg < 0 ? -1
	                                                                         : 0);
	double scale = 1e-12 * (norm(rv) + 1);
	out->direction = along > scale ? 1 : along < -scale ? -1 : 0;
	return ARB_OK;
}
