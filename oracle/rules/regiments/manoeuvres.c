/*
 * Regiments, Unit Movement: the manoeuvres (RG.MOV.MAN.*), the wheel
 * (RG.MOV.WHEEL.*), the reform (RG.MOV.REFORM.*) and the first turn
 * (RG.MOV.FIRST.2), in the order of spec/regiments/movement.md; the
 * clauses before them are in movement.c. How each predicate reads its
 * clause: docs/encoding/regiments-movement.md. Each comment is the clause ID.
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PHASE  "movement"
#define MOVING "move charge pivot wheel reform"

/* The reading argument of "how far a model moves" (CONV.MOVE.1 or the
 * farthest point of its base: docs/geometry-rotation.md, C3 and C4). */
enum { RG_CENTRE = 0, RG_FARTHEST = 1 };
#define TRAVEL_READINGS ARB_READINGS({"centre", RG_CENTRE}, {"farthest", RG_FARTHEST})
/* "twice its Movement rate": the unit's, the slowest (RG.MOV.M.3 "the whole
 * unit uses the slowest one"), or the model's own M (RG_OWN_M). */
enum { RG_OWN_M = 2 };
#define TWICE_READINGS                                                                             \
	ARB_READINGS({"centre", RG_CENTRE}, {"farthest", RG_FARTHEST},                             \
	             {"centre-own-m", RG_CENTRE | RG_OWN_M},                                       \
	             {"farthest-own-m", RG_FARTHEST | RG_OWN_M})

static const rg_motion *motion_or_fault(const arb_eval *ev, arb_result *r)
{
	const rg_motion *mo = rg__motion(ev);
	if (!mo)
		arb_result_fault(r, ARB_ENOMEM, "out of memory");
	return mo;
}

static bool manoeuvre(const arb_eval *ev, const rg_motion *mo)
{
	return (rg__action_is(ev, "wheel") && rg__rotations(mo) > 0) || rg__action_is(ev, "reform");
}

/* RG.MOV.MAN.1: the wheel and the reform let a unit change direction or
 * rearrange its ranks. */
ARB_PREDICATE(rg_mov_man_1, .clause = "RG.MOV.MAN.1", .ruleset = "regiments",
              .actions = "wheel reform", .phases = PHASE, .question = "manoeuvre.kind",
              .fingerprint = "a383730e5795436f")
{
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	if (!manoeuvre(ev, mo) || mo->lead < 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s makes a %s", arb_eval_actor(ev)->id,
	                   arb_eval_scenario(ev)->action.type);
}

/* RG.MOV.MAN.2: neither manoeuvre "if it would bring the unit within 1" of
 * another unit": judged over each wheel's rotation (the advances between
 * them are RG.MOV.GAP.1's) and over the whole reform; within is at most 1",
 * and to bring it there is to take it nearer than it stood. */
ARB_PREDICATE(rg_mov_man_2, .clause = "RG.MOV.MAN.2", .ruleset = "regiments",
              .actions = "wheel reform", .phases = PHASE, .question = "move.gap", .params = "gap",
              .flags = ARB_PRED_ENEMY_ZONE | ARB_PRED_FRIEND_ZONE,
              .fingerprint = "3f7fedbef9a5358a")
{
	double gap = arb_eval_param(ev, "gap");
	const rg_motion *mo = motion_or_fault(ev, r);
	arb_error err;
	if (!mo)
		return;
	if (!manoeuvre(ev, mo) || mo->lead < 0) {
		r->outcome = ARB_NA;
		return;
	}
	rg_approach best = {.figure = INFINITY, .m = {.other = -1}}, a;
	bool reform = rg__action_is(ev, "reform"), brought = false;
	for (size_t i = 0; i < (reform ? 1 : mo->n_steps); i++) {
		if (!reform && mo->steps[i].kind != ARB_STEP_ROTATE)
			continue;
		bool nearer;
		if (rg__approach_nearer(&a, &nearer, ev, reform ? 0 : i,
		                        reform ? (size_t)-1 : i + 1, RG_UNITS, &err)) {
			arb_result_fault(r, ARB_ENOMEM, "%s", err.message);
			return;
		}
		if (a.mover &&
		    (nearer > brought || (nearer == brought && a.figure < best.figure))) {
			best = a;
			brought = nearer;
		}
	}
	if (!best.mover) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r, "no other unit to come near");
		return;
	}
	r->has_measure = true;
	r->measure = best.m;
	r->measure.figure = best.figure;
	r->measure.limit = gap;
	r->measure.margin = best.figure - gap;
	r->subject = best.mover;
	r->object = best.object;
	r->outcome = brought && arb_within(best.figure, gap) ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "the %s brings %s %.3f in from %s, limit %g in%s",
	                   arb_eval_scenario(ev)->action.type, best.mover, best.figure, best.object,
	                   gap,
	                   r->outcome == ARB_VIOLATED ? ": within it"
	                   : brought                  ? ""
	                                              : ", no nearer than it stood");
}

/* How far model j moves in step i of the motion (a rotation), read. */
static double step_travel(const rg_motion *mo, const arb_unit *u, size_t j, size_t i, bool farthest)
{
	arb_placed at = arb_pose_place(&mo->poses[i], &mo->parts[j]);
	(void)u;
	return arb_rotation_travel(&at, mo->steps[i].pivot, mo->steps[i].angle_deg,
	                           farthest ? ARB_TRAVEL_FARTHEST : ARB_TRAVEL_CENTRE);
}

/* The most any model moves, against factor times its Movement rate (the
 * unit's slowest, or with RG_OWN_M in how the model's own): per wheel
 * (wheel true), or along its whole path. */
static void twice_m(const arb_eval *ev, arb_result *r, double factor, int how, bool wheel)
{
	bool farthest = how & RG_FARTHEST, own = how & RG_OWN_M;
	double slowest = NAN;
	const char *slow = NULL;
	const arb_unit *u = arb_eval_actor(ev);
	const arb_scenario *s = arb_eval_scenario(ev);
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	if (mo->lead < 0 || (wheel && rg__rotations(mo) == 0)) {
		r->outcome = ARB_NA;
		return;
	}
	double worst = -INFINITY, w_len = 0, w_lim = 0;
	const char *who = NULL;
	size_t w_step = 0;
	/* the unit's slowest M, once (it names the first model without one) */
	if (!own && u->n_models && !rg__unit_m(u, &slowest, &slow)) {
		arb_result_missing(r, "M", "the M of %s is not stated",
		                   slow ? slow : u->models[0].id);
		return;
	}
	for (size_t j = 0; j < u->n_models; j++) {
		const arb_model *m = &u->models[j];
		double mv;
		if (!arb_model_stat(m, u, "M", &mv)) {
			arb_result_missing(r, "M", "the M of %s is not stated", m->id);
			return;
		}
		if (!own)
			mv = slowest;
		for (size_t i = 0; i < (wheel ? mo->n_steps : 1); i++) {
			if (wheel && mo->steps[i].kind != ARB_STEP_ROTATE)
				continue;
			double len = wheel ? step_travel(mo, u, j, i, farthest)
			                   : rg__travel(m, arb_scenario_path(s, m->id), farthest);
			if (len - factor * mv > worst) {
				worst = len - factor * mv;
				who = m->id;
				w_len = len;
				w_lim = factor * mv;
				w_step = i;
			}
		}
	}
	r->subject = who;
	r->has_measure = true;
	r->measure =
	    (arb_measure){.figure = w_len, .limit = w_lim, .margin = w_lim - w_len, .other = -1};
	r->outcome = arb_within(w_len, w_lim) ? ARB_HOLDS : ARB_VIOLATED;
	if (wheel)
		arb_result_explain(r, "%s moves %.3f in in wheel %zu (%s), limit %g in%s", who,
		                   w_len, w_step + 1,
		                   farthest ? "its base's farthest point" : "its centre", w_lim,
		                   r->outcome == ARB_HOLDS ? "" : ": more than allowed");
	else
		arb_result_explain(r, "%s moves %.3f in (%s), limit %g in%s", who, w_len,
		                   farthest ? "its base's farthest point" : "its centre", w_lim,
		                   r->outcome == ARB_HOLDS ? "" : ": more than allowed");
}

/* RG.MOV.MAN.3: no model more than twice its Movement rate "as a result of
 * one" manoeuvre: each wheel on its own, the whole reform. Readings: the
 * point measured (centre, farthest) and whose rate (the unit's slowest, as
 * RG.MOV.M.3 says the whole unit uses, or the model's own: -own-m). */
ARB_PREDICATE(rg_mov_man_3, .clause = "RG.MOV.MAN.3", .readings = TWICE_READINGS,
              .ruleset = "regiments", .actions = "wheel reform", .phases = PHASE,
              .question = "manoeuvre.travel", .params = "manoeuvre_factor",
              .fingerprint = "1409d5e3ee3c3eac")
{
	twice_m(ev, r, arb_eval_param(ev, "manoeuvre_factor"), arb_eval_reading_arg(ev),
	        rg__action_is(ev, "wheel"));
}

/* RG.MOV.WHEEL.1: a wheel turns "the whole unit around one of its front
 * corners": at least one turn, each about a front corner of the unit where
 * it stands, every model turning with it. */
ARB_PREDICATE(rg_mov_wheel_1, .clause = "RG.MOV.WHEEL.1", .ruleset = "regiments",
              .actions = "wheel", .phases = PHASE, .question = "wheel.form",
              .fingerprint = "a9937a62cc0ed15c")
{
	const arb_unit *u = arb_eval_actor(ev);
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	if (rg__rotations(mo) == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s's wheel turns nothing: a wheel is a turn", u->id);
		return;
	}
	for (size_t i = 0; i < mo->n_steps; i++) {
		if (mo->steps[i].kind != ARB_STEP_ROTATE)
			continue;
		arb_error err;
		int corner;
		if (arb_pivot_check(&corner, &mo->poses[i], &mo->fp, mo->steps[i].pivot,
		                    ARB_PIVOT_FRONT_CORNER, RG_TOL, &err)) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(r, "wheel %zu: %.200s", i + 1, err.message);
			return;
		}
	}
	if (mo->apart >= 0) {
		r->outcome = ARB_VIOLATED;
		r->subject = u->models[mo->apart].id;
		arb_result_explain(r, "%s does not turn with the whole unit: %s",
		                   u->models[mo->apart].id, mo->apart_why);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s wheels %zu time(s), each about a front corner", u->id,
	                   rg__rotations(mo));
}

/* The wheels of the motion measured as `which` reads RG.MOV.WHEEL.4; the
 * sum of their arcs, and the advances' length. */
static int wheels_measure(const rg_motion *mo, arb_wheel_point which, double *arcs, double *advance,
                          arb_wheel *last, arb_error *err)
{
	arb_body body = {mo->parts, mo->n};
	*arcs = *advance = 0;
	for (size_t i = 0; i < mo->n_steps; i++) {
		if (mo->steps[i].kind != ARB_STEP_ROTATE) {
			*advance += hypot(mo->poses[i + 1].c.x - mo->poses[i].c.x,
			                  mo->poses[i + 1].c.y - mo->poses[i].c.y);
			continue;
		}
		arb_step st = mo->steps[i];
		st.about = ARB_PIVOT_FRONT_CORNER;
		int rc = arb_wheel_measure(last, &body, &mo->fp, &mo->poses[i], &st, mo->front,
		                           mo->n_front, which, RG_TOL, err);
		if (rc)
			return rc;
		*arcs += last->distance;
	}
	return ARB_OK;
}

/* RG.MOV.WHEEL.4: "During the Remaining Moves sub-phase, a wheel is
 * measured by the distance moved by the outside model of the front rank":
 * the arc of its centre (CONV.MOVE.1) or of its base's farthest point,
 * counted with the advances against the unit's M (RG.MOV.M.1, M.3, "any
 * remaining movement", RG.MOV.WHEEL.5). Outside Remaining Moves the text
 * does not say how a wheel is measured. */
ARB_PREDICATE(rg_mov_wheel_4, .clause = "RG.MOV.WHEEL.4", .readings = TRAVEL_READINGS,
              .ruleset = "regiments", .actions = "wheel", .phases = PHASE,
              .question = "wheel.distance", .fingerprint = "2027fed3e405d558")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *sub = arb_eval_scenario(ev)->context.subphase, *slow;
	const rg_motion *mo = motion_or_fault(ev, r);
	bool farthest = arb_eval_reading_arg(ev) == RG_FARTHEST;
	if (!mo)
		return;
	if (rg__rotations(mo) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!sub) {
		arb_result_missing(r, "subphase",
		                   "a wheel is measured this way during Remaining Moves: the "
		                   "sub-phase is not stated");
		return;
	}
	if (strcmp(sub, "remaining_moves") != 0) {
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "a wheel in the %s sub-phase: the text measures a wheel only "
		                   "during Remaining Moves",
		                   sub);
		return;
	}
	double m, arcs, advance;
	if (!rg__unit_m(u, &m, &slow)) {
		arb_result_missing(r, "M", "the M of %s is not stated", slow);
		return;
	}
	arb_wheel w = {.outside = -1};
	arb_error err;
	int rc = wheels_measure(mo, farthest ? ARB_WHEEL_MODEL_FARTHEST : ARB_WHEEL_MODEL_CENTRE,
	                        &arcs, &advance, &w, &err);
	if (rc == ARB_EINPUT) {
		/* not a wheel about a front corner: RG.MOV.WHEEL.1's (as WHEEL.7) */
		r->outcome = ARB_NA;
		return;
	}
	if (rc) {
		arb_result_fault(r, ARB_EINTERNAL, "%.200s", err.message);
		return;
	}
	double total = arcs + advance;
	/* Named by the point measured: two readings measure two things, and
	 * one name with two figures would read as readings that disagree. */
	arb_result_info(r, farthest ? "wheel_arc_farthest" : "wheel_arc_centre", arcs);
	arb_result_info(r, farthest ? "moved_farthest" : "moved_centre", total);
	r->subject = w.outside >= 0 ? u->models[w.outside].id : NULL;
	r->has_measure = true;
	r->measure = (arb_measure){.figure = total, .limit = m, .margin = m - total, .other = -1};
	r->outcome = arb_within(total, m) ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "wheels %.3f in (%s of %s, radius %.3f in) + advances %.3f in = %.3f "
	                   "in, M %g in%s",
	                   arcs, farthest ? "farthest point" : "centre", r->subject, w.radius,
	                   advance, total, m, r->outcome == ARB_HOLDS ? "" : ": over M");
}

/* RG.MOV.WHEEL.5: "Once the wheel is finished, any remaining movement can
 * still be used": one wheel, then an advance. */
ARB_PREDICATE(rg_mov_wheel_5, .clause = "RG.MOV.WHEEL.5", .ruleset = "regiments",
              .actions = "wheel", .phases = PHASE, .question = "wheel.sequence",
              .fingerprint = "729062d763d05af3")
{
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	if (rg__rotations(mo) != 1 || !rg__translation_after_turn(mo) ||
	    rg__translation_before_turn(mo)) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s advances after its wheel", arb_eval_actor(ev)->id);
}

/* RG.MOV.WHEEL.6: a unit "that isn't charging" may wheel more than once and
 * mix advances with wheels. Read literally it says nothing of a charging
 * unit (literal); read a contrario it denies it that (a-contrario). "As
 * long as it has the movement to spare" is RG.MOV.WHEEL.4's count. */
ARB_PREDICATE(rg_mov_wheel_6, .clause = "RG.MOV.WHEEL.6",
              .readings = ARB_READINGS({"literal", 0}, {"a-contrario", 1}), .ruleset = "regiments",
              .actions = "wheel", .phases = PHASE, .question = "wheel.sequence",
              .fingerprint = "56be03c930f42214")
{
	const arb_unit *u = arb_eval_actor(ev);
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	size_t n = rg__rotations(mo);
	if (!(n > 1 || (n == 1 && rg__translation_before_turn(mo)))) {
		r->outcome = ARB_NA;
		return;
	}
	if (!rg__charging(ev)) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s, not charging, wheels %zu time(s) mixed with advances",
		                   u->id, n);
		return;
	}
	r->outcome = arb_eval_reading_arg(ev) ? ARB_VIOLATED : ARB_NA;
	arb_result_explain(r, "%s is charging and wheels %zu time(s)%s", u->id, n,
	                   r->outcome == ARB_VIOLATED ? ": only a unit that isn't charging may"
	                                              : "");
}

/* RG.MOV.WHEEL.7: "Units may never wheel backwards" (the far front corner
 * starts moving against the facing: docs/geometry-rotation.md, C5). */
ARB_PREDICATE(rg_mov_wheel_7, .clause = "RG.MOV.WHEEL.7", .ruleset = "regiments",
              .actions = "wheel", .phases = PHASE, .question = "wheel.direction",
              .fingerprint = "68781522dcefbdf0")
{
	const rg_motion *mo = motion_or_fault(ev, r);
	arb_body body = {NULL, 0};
	if (!mo)
		return;
	body.parts = mo->parts;
	body.n_parts = mo->n;
	bool any = false;
	for (size_t i = 0; i < mo->n_steps; i++) {
		if (mo->steps[i].kind != ARB_STEP_ROTATE)
			continue;
		arb_step st = mo->steps[i];
		st.about = ARB_PIVOT_FRONT_CORNER;
		arb_wheel w;
		arb_error err;
		if (arb_wheel_measure(&w, &body, &mo->fp, &mo->poses[i], &st, NULL, 0,
		                      ARB_WHEEL_FRONT_CORNER, RG_TOL, &err)) {
			r->outcome =
			    ARB_NA; /* not a wheel about a front corner: RG.MOV.WHEEL.1's */
			return;
		}
		any = true;
		if (w.direction < 0) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(
			    r,
			    "wheel %zu of %g deg about the front-%s corner swings the "
			    "front backwards",
			    i + 1, st.angle_deg, w.pivot_corner ? "right" : "left");
			return;
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "every wheel swings the front forwards");
}

/* RG.MOV.REFORM.1: "Giving up all other movement and shooting": a unit that
 * has moved or reformed this turn does not reform; one that has reformed
 * neither moves nor shoots. */
ARB_PREDICATE(rg_mov_reform_1, .clause = "RG.MOV.REFORM.1", .ruleset = "regiments",
              .actions = "move charge pivot wheel reform shoot", .phases = "movement shooting",
              .question = "reform.turn", .fingerprint = "aec026358c70fc90")
{
	const arb_unit *u = arb_eval_actor(ev);
	const char *type = arb_eval_scenario(ev)->action.type;
	bool reformed = rg__has_reformed(ev, u);
	if (rg__action_is(ev, "reform")) {
		bool moved = rg__has_moved(ev, u);
		r->outcome = moved || reformed ? ARB_VIOLATED : ARB_PERMITS;
		arb_result_explain(r, "%s reforms%s", u->id,
		                   moved      ? " after moving this turn"
		                   : reformed ? " a second time this turn"
		                              : ", giving up other movement and shooting");
		return;
	}
	if (!reformed) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VIOLATED;
	arb_result_explain(r, "%s reformed this turn and now makes a %s", u->id, type);
}

/* The centre of u's footprint with its models at their end positions,
 * along facing f. */
static arb_vec2 end_centre(const arb_scenario *s, const arb_unit *u, double f, bool *oom)
{
	arb_placed *b = calloc(u->n_models, sizeof *b);
	arb_vec2 c = {0, 0};
	*oom = !b;
	if (!b)
		return c;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = arb_scenario_path(s, m->id);
		b[i] = arb_model_placed(m);
		if (p && p->n_pts) {
			b[i].c = p->pts[p->n_pts - 1];
			b[i].facing_deg = arb_path_facing(p, m, p->n_pts - 1);
		}
	}
	arb_footprint fp = arb_footprint_of(b, u->n_models, f);
	c = (arb_vec2){fp.f.x * (fp.rear + fp.front) / 2 + fp.l.x * (fp.right + fp.left) / 2,
	               fp.f.y * (fp.rear + fp.front) / 2 + fp.l.y * (fp.right + fp.left) / 2};
	free(b);
	return c;
}

/* RG.MOV.REFORM.3: "keeping the unit's centre point fixed": the centre of
 * the footprint after (along the new facing, the first model's) where it
 * was before, within the tolerance. */
ARB_PREDICATE(rg_mov_reform_3, .clause = "RG.MOV.REFORM.3", .ruleset = "regiments",
              .actions = "reform", .phases = PHASE, .question = "reform.centre",
              .flags = ARB_PRED_CENTRE_MARK, .fingerprint = "15699315bd6a146c")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	if (mo->lead < 0) {
		r->outcome = ARB_NA;
		return;
	}
	const arb_model *m0 = &u->models[0];
	const arb_path *p0 = arb_scenario_path(s, m0->id);
	double f = p0 && p0->n_pts ? arb_path_facing(p0, m0, p0->n_pts - 1) : m0->facing_deg;
	bool oom;
	arb_vec2 c = end_centre(s, u, f, &oom);
	if (oom) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory");
		return;
	}
	arb_vec2 c0 = mo->poses[0].c;
	double off = hypot(c.x - c0.x, c.y - c0.y);
	r->has_measure = true;
	r->measure = (arb_measure){.points = true,
	                           .figure = off,
	                           .limit = 0,
	                           .margin = -off,
	                           .p = c0,
	                           .q = c,
	                           .other = -1};
	r->outcome = off <= RG_TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "centre point (%.3f, %.3f) -> (%.3f, %.3f), facing %g: %s", c0.x,
	                   c0.y, c.x, c.y, f, r->outcome == ARB_HOLDS ? "fixed" : "moved");
}

/* RG.MOV.REFORM.4: any number of ranks, any facing. */
ARB_PREDICATE(rg_mov_reform_4, .clause = "RG.MOV.REFORM.4", .ruleset = "regiments",
              .actions = "reform", .phases = PHASE, .question = "reform.shape",
              .fingerprint = "7dbeec93731df793")
{
	const rg_motion *mo = motion_or_fault(ev, r);
	if (!mo)
		return;
	if (mo->lead < 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "%s takes the ranks and facing the player wishes",
	                   arb_eval_actor(ev)->id);
}

/* RG.MOV.REFORM.5: "As with a wheel, no model may move more than twice its
 * Movement rate": along each model's whole path in the reform. */
ARB_PREDICATE(rg_mov_reform_5, .clause = "RG.MOV.REFORM.5", .readings = TWICE_READINGS,
              .ruleset = "regiments", .actions = "reform", .phases = PHASE,
              .question = "reform.travel", .params = "manoeuvre_factor",
              .fingerprint = "35937e057e0d55ee")
{
	twice_m(ev, r, arb_eval_param(ev, "manoeuvre_factor"), arb_eval_reading_arg(ev), false);
}

/* RG.MOV.REFORM.7: a reform "uses up the unit's whole turn, preventing any
 * further movement and stopping it firing missile weapons". */
ARB_PREDICATE(rg_mov_reform_7, .clause = "RG.MOV.REFORM.7", .ruleset = "regiments",
              .actions = "move charge pivot wheel reform shoot", .phases = "movement shooting",
              .question = "reform.turn", .fingerprint = "7ade181467e7a94d")
{
	const arb_unit *u = arb_eval_actor(ev);
	bool reformed = rg__has_reformed(ev, u);
	bool shoot = rg__action_is(ev, "shoot");
	if (!reformed && !shoot) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = reformed ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%s %s and %s", u->id,
	                   reformed ? "reformed this turn" : "did not reform",
	                   shoot ? "fires missile weapons" : "moves again");
}

/* RG.MOV.FIRST.2: skipping straight to Remaining Moves on the first player
 * turn (over RG.MOV.ORDER.1), unless a special rule is in play or a unit
 * always moves in Compulsory Moves. */
ARB_PREDICATE(rg_mov_first_2, .clause = "RG.MOV.FIRST.2", .ruleset = "regiments",
              .actions = "move charge pivot wheel reform", .phases = PHASE,
              .question = "subphase.order", .fingerprint = "90712ffdb81ea36f")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	int at = rg__subphase_index(s->context.subphase);
	rg_order o;
	rg__order(ev, &o);
	int done = o.done;
	/* the skip is the log's (into Remaining Moves), or the action's; a log
	 * out of order otherwise is not the skip this clause allows */
	if (at != 3 || done == -2 || (done >= 2 && !o.skip) || o.bad) {
		r->outcome = ARB_NA;
		return;
	}
	static const char *const needs[] = {"first_player_turn", "special_rule",
	                                    "always_compulsory"};
	const char *v[3];
	for (int i = 0; i < 3; i++) {
		v[i] = rg__fact(ev, needs[i]);
		if (i == 0 && v[0] && strcmp(v[0], "true") != 0) {
			r->outcome = ARB_NA;
			arb_result_explain(r, "not the first player turn");
			return;
		}
		if (!v[i]) {
			arb_result_missing(r, needs[i],
			                   "skipping to Remaining Moves: whether %s is not stated",
			                   i == 0   ? "this is the first player turn"
			                   : i == 1 ? "a special rule is in play"
			                            : "a unit always moves in Compulsory Moves");
			return;
		}
	}
	if (strcmp(v[1], "true") == 0 || strcmp(v[2], "true") == 0) {
		r->outcome = ARB_NA;
		arb_result_explain(r, "%s: no skipping straight to Remaining Moves",
		                   strcmp(v[1], "true") == 0
		                       ? "a special rule is in play"
		                       : "a unit always moves in Compulsory Moves");
		return;
	}
	r->outcome = ARB_PERMITS;
	arb_result_explain(r, "first player turn, no special rule, no unit bound to Compulsory "
	                      "Moves: straight to Remaining Moves");
}
