/*
 * Scrollhammer, Charge Sub-phase: "Charge Move:" and "Moving Charging
 * Models:" up to the units that Fight in Ranks (SH.CHG.MOVE.*), in the
 * order of spec/scrollhammer/charge.md. Cases:
 * cases/scrollhammer/charge/hand-move.csv and others; how each predicate
 * reads its clause: docs/encoding/scrollhammer-charge.md.
 *
 * MOVE.4 sends the charge move to "the same rules as in the Movement phase"
 * (ruleset.md, ## Phases: the predicates of the movement, terrain and
 * formations sections that judge a `move` judge a `charge` too) and ranks
 * its own distance over theirs ("up to the 2D6 distance you rolled
 * earlier", marked in spec/); MOVE.5 ranks itself over SH.MOV.WAY.1 ("with
 * the exception that").
 */
#include "charge.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define TOL    CHG_TOL
#define RS     CHG_RS
#define PHASES CHG_PHASES

/* SH.CHG.MOVE.1 */
ARB_PREDICATE(sh_chg_move_1, .clause = "SH.CHG.MOVE.1", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.targets", .fingerprint = "3162005be61e24ed")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	r->subject = u->id;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%s makes a charge move against no declared unit", u->id);
		return;
	}
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (chg__streq(t->side, u->side)) {
			r->outcome = ARB_VIOLATED;
			r->object = t->id;
			arb_result_explain(r, "%s charges %s, a unit of its own side", u->id,
			                   t->id);
			return;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "%s charges the %zu unit(s) it declared against", u->id,
	                   s->action.n_targets);
}

/* ---- Moving Charging Models ---- */

/* SH.CHG.MOVE.2: "engage as many opposing models ... with as many of their
 * models as possible": met at once when every target model and every
 * charging model is engaged, else against the facts that state the most
 * possible (the set of possible moves is not searched). */
ARB_PREDICATE(sh_chg_move_2, .clause = "SH.CHG.MOVE.2", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.engagement", .fingerprint = "2c7f2bde27269d16")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	chg_engagement e = chg__engagement(&x);
	double me = 0, mm = 0;
	int ce = chg__most_possible(s, e.enemies, e.of_enemies, "max_engaged_enemies", &me);
	int cm = chg__most_possible(s, e.models, e.of_models, "max_engaged_models", &mm);
	if (ce == 0 || cm == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "%zu enemy model(s) engaged by %zu charging model(s); %s %g",
		                   e.enemies, e.models,
		                   ce == 0 ? "the most enemy models possible is"
		                           : "the most charging models possible is",
		                   ce == 0 ? me : mm);
	} else if (ce < 0 || cm < 0) {
		arb_result_missing(r, ce < 0 ? "max_engaged_enemies" : "max_engaged_models",
		                   "%zu of %zu enemy model(s) engaged by %zu of %zu charging "
		                   "model(s); how many could be is not stated (facts "
		                   "max_engaged_enemies, max_engaged_models)",
		                   e.enemies, e.of_enemies, e.models, e.of_models);
	} else {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%zu enemy model(s) engaged by %zu charging model(s): as many "
		                   "as possible (%g, %g)",
		                   e.enemies, e.models, me, mm);
	}
	chg__free(&x);
}

/* Whether some target model is free of every charger but model i. */
static bool free_target(const chg *x, size_t i)
{
	for (size_t t = 0; t < x->n_tm; t++)
		if (!chg__engaged(x, t, i, SIZE_MAX) && !chg__contact(x, i, t))
			return true;
	return false;
}

/* Trying to avoid terrain: model i's path is longer than the straight line
 * to its end, that line is clear of models and impassable terrain, and the
 * line goes through more difficult or dangerous terrain than the path
 * (read as how); the terrain avoided, or NULL. */
static const arb_terrain *avoided(const chg *x, size_t i, arb_through how, double *len,
                                  double *straight)
{
	const arb_scenario *s = x->s;
	if (!chg__detour(x, i, false, len, straight))
		return NULL;
	const arb_path *p = x->path[i];
	arb_vec2 line[2] = {p->pts[0], p->pts[p->n_pts - 1]};
	for (size_t t = 0; t < s->n_terrain; t++) {
		const arb_terrain *tr = &s->terrain[t];
		if (!chg__streq(tr->kind, "difficult") && !chg__streq(tr->kind, "dangerous"))
			continue;
		double on_line =
		    arb_geom_path_through(&x->start[i], line, 2, tr->poly, tr->n_poly, how, NULL);
		double on_path = arb_geom_path_through(&x->start[i], p->pts, p->n_pts, tr->poly,
		                                       tr->n_poly, how, NULL);
		if (on_line > on_path + TOL)
			return tr;
	}
	return NULL;
}

/* SH.CHG.MOVE.3: "no holding back or trying to avoid terrain!"; the terrain
 * avoided is measured by a reading of "through" (the terrain page's). */
ARB_PREDICATE(sh_chg_move_3, .clause = "SH.CHG.MOVE.3", .readings = CHG_THROUGH_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES,
              .question = "charge.holding_back", .params = CHG_RANGE_PARAMS,
              .fingerprint = "dcc9c7c8cd149c44")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	arb_through how = (arb_through)arb_eval_reading_arg(ev);
	chg x;
	double range = 0;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	for (size_t k = 0; k < x.n; k++) {
		size_t i = x.order[k];
		double len, straight;
		const arb_terrain *tr = avoided(&x, i, how, &len, &straight);
		if (tr) {
			r->outcome = ARB_VIOLATED;
			r->subject = x.u->models[i].id;
			r->object = tr->id;
			arb_result_explain(
			    r,
			    "%s goes %.2f in around %s (%s terrain, by %s) where the "
			    "straight line of %.2f in is clear",
			    r->subject, len, tr->id, tr->kind, chg__how_words(how), straight);
			goto done;
		}
	}
	/* holding back: a model out of contact, short of the range, with a free
	 * target model within its reach */
	bool known = false;
	for (size_t k = 0; k < x.n; k++) {
		size_t i = x.order[k];
		if (chg__contacts_of(&x, i) > 0 || !free_target(&x, i))
			continue;
		if (!known && !(known = chg__need_range(ev, r, &range)))
			goto done;
		if (chg__path_len(x.path[i]) >= range - TOL)
			continue;
		for (size_t t = 0; t < x.n_tm; t++) {
			double d;
			if (chg__engaged(&x, t, i, SIZE_MAX) ||
			    !chg__reach_target(&x, i, t, range, false, &d))
				continue;
			r->outcome = ARB_VIOLATED;
			r->subject = x.u->models[i].id;
			r->object = x.o[x.tm[t]].m->id;
			arb_result_explain(r,
			                   "%s stops after %.2f in of its %g in, out of contact, "
			                   "though %s (unengaged) was %.2f in away: holding back",
			                   r->subject, chg__path_len(x.path[i]), range, r->object,
			                   d);
			goto done;
		}
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no charging model holds back or goes around terrain (%s)",
	                   chg__how_words(how));
done:
	chg__free(&x);
}

/* SH.CHG.MOVE.4: "up to the 2D6 distance you rolled earlier", every model
 * ("All of the models ... make their charge move - up to"); its own 2D6
 * (charge_dice) counts the dice of the roll. */
ARB_PREDICATE(sh_chg_move_4, .clause = "SH.CHG.MOVE.4", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "move.distance",
              .params = "charge_dice " CHG_RANGE_PARAMS, .fingerprint = "2d3e81fc5daa9e1c")
{
	const arb_unit *u = arb_eval_actor(ev);
	double longest = -1;
	chg_range cr;
	const arb_model *who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (p && chg__path_len(p) > longest) {
			longest = chg__path_len(p);
			who = &u->models[i];
		}
	}
	if (!who) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = who->id;
	chg__rolled_range(ev, arb_eval_param(ev, "charge_dice"), &cr);
	if (!cr.known) {
		arb_result_missing(r, cr.test, "%s charges %.2f in; %s", who->id, longest, cr.how);
		return;
	}
	const arb_path *p = sh__moving_path(ev, who);
	r->has_measure = true;
	r->measure = (arb_measure){.points = true,
	                           .figure = longest,
	                           .limit = cr.value,
	                           .margin = cr.value - longest,
	                           .p = p->pts[0],
	                           .q = p->pts[p->n_pts - 1],
	                           .other = -1};
	if (longest <= cr.value + TOL) {
		r->outcome = ARB_PERMITS;
		arb_result_explain(r, "%s charges %.2f in, up to the %g in rolled (%s)", who->id,
		                   longest, cr.value, cr.how);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(
		    r, "%s charges %.2f in, the roll allows %g in (%s): over by %.2f in", who->id,
		    longest, cr.value, cr.how, longest - cr.value);
	}
}

/* SH.CHG.MOVE.5 */
ARB_PREDICATE(sh_chg_move_5, .clause = "SH.CHG.MOVE.5", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "move.enemy", .flags = ARB_PRED_ENEMY_ZONE,
              .params = "enemy_gap", .fingerprint = "818b8e7946763ed7")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	double gap = arb_eval_param(ev, "enemy_gap"), best = INFINITY;
	const char *who = NULL, *whom = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *w = &s->units[k];
			if (chg__streq(w->side, u->side))
				continue;
			for (size_t j = 0; j < w->n_models; j++) {
				arb_placed e = arb_model_placed(&w->models[j]);
				double d =
				    arb_geom_swept_distance(&pl, p->pts, p->n_pts, &e, 1, NULL);
				if (d < best) {
					best = d;
					who = u->models[i].id;
					whom = w->models[j].id;
				}
			}
		}
	}
	if (!who || best > gap + TOL) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_PERMITS;
	r->subject = who;
	r->object = whom;
	arb_result_explain(r,
	                   "%s comes %.3f in from %s: charging models can be moved within %g "
	                   "in of enemy models",
	                   who, best, whom, gap);
}

/* SH.CHG.MOVE.6 */
ARB_PREDICATE(sh_chg_move_6, .clause = "SH.CHG.MOVE.6", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.through_models",
              .fingerprint = "70bbb5c099c68e5d")
{
	chg x;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no charging model moves through another model");
	for (size_t k = 0; k < x.n_moving && r->outcome == ARB_HOLDS; k++) {
		size_t i = x.order[k];
		const arb_path *p = x.path[i];
		const char *whom = NULL;
		double deep = 0;
		for (size_t j = 0; j < x.n_o; j++) {
			double d = arb_geom_swept_penetration(&x.start[i], p->pts, p->n_pts,
			                                      &x.o[j].pl, 1, NULL);
			if (d > deep) {
				deep = d;
				whom = x.o[j].m->id;
			}
		}
		for (size_t j = 0; j < x.n; j++) {
			if (j == i)
				continue;
			arb_placed at = chg__own_at(&x, j, i, true);
			double d =
			    arb_geom_swept_penetration(&x.start[i], p->pts, p->n_pts, &at, 1, NULL);
			if (d > deep) {
				deep = d;
				whom = x.u->models[j].id;
			}
		}
		if (deep > TOL) {
			r->outcome = ARB_VIOLATED;
			r->subject = x.u->models[i].id;
			r->object = whom;
			arb_result_explain(r, "%s moves through %s (overlap %.3f in)", r->subject,
			                   whom, deep);
		}
	}
	chg__free(&x);
}

/* ---- gaps (MOVE.7) ---- */

typedef struct obstacle {
	const char *id;
	bool poly;
	arb_placed pl;
	const arb_vec2 *pts;
	size_t n;
	double x0, y0, x1, y1; /* its box */
} obstacle;

/* The box about pts[0..n-1]: x0, y0, x1, y1 (an empty one for none). */
static void points_box(const arb_vec2 *pts, size_t n, double box[4])
{
	box[0] = box[1] = INFINITY;
	box[2] = box[3] = -INFINITY;
	for (size_t i = 0; i < n; i++) {
		box[0] = fmin(box[0], pts[i].x);
		box[1] = fmin(box[1], pts[i].y);
		box[2] = fmax(box[2], pts[i].x);
		box[3] = fmax(box[3], pts[i].y);
	}
}

static obstacle boxed(obstacle o)
{
	if (o.poly) {
		double box[4];
		points_box(o.pts, o.n, box);
		o.x0 = box[0];
		o.y0 = box[1];
		o.x1 = box[2];
		o.y1 = box[3];
		return o;
	}
	arb_geom_extent(&o.pl, (arb_vec2){1, 0}, &o.x0, &o.x1);
	arb_geom_extent(&o.pl, (arb_vec2){0, 1}, &o.y0, &o.y1);
	return o;
}

/* Whether a way in box (x0, y0, x1, y1) can pass through the gap between
 * a and b: the gap's two ends lie in a and b, so the gap lies in the box
 * about both, and a way that crosses it meets that box. Only skips work. */
static bool gap_near(const obstacle *a, const obstacle *b, const double box[4])
{
	return fmin(a->x0, b->x0) <= box[2] && box[0] <= fmax(a->x1, b->x1) &&
	       fmin(a->y0, b->y0) <= box[3] && box[1] <= fmax(a->y1, b->y1);
}

static double obstacle_gap(const obstacle *a, const obstacle *b, arb_vec2 *p, arb_vec2 *q)
{
	arb_measure m;
	double d;
	if (!a->poly && !b->poly) {
		d = arb_geom_distance(&a->pl, &b->pl, &m);
	} else if (a->poly && b->poly) {
		d = arb_geom_polygon_distance(a->pts, a->n, b->pts, b->n, &m);
	} else {
		const obstacle *base = a->poly ? b : a, *poly = a->poly ? a : b;
		d = arb_geom_base_polygon_distance(&base->pl, poly->pts, poly->n, &m);
		if (a->poly) {
			arb_vec2 t = m.p;
			m.p = m.q;
			m.q = t;
		}
	}
	*p = m.p;
	*q = m.q;
	return d;
}

/* SH.CHG.MOVE.7 */
ARB_PREDICATE(sh_chg_move_7, .clause = "SH.CHG.MOVE.7", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.gap", .fingerprint = "372c881bdceaae9b")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	chg x;
	obstacle *ob = NULL;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev) || !(ob = calloc(x.n_o + x.n + s->n_terrain + 1, sizeof *ob))) {
		chg__free(&x);
		chg__oom(r);
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "no charging model passes through a gap narrower than its base");
	for (size_t k = 0; k < x.n_moving && r->outcome == ARB_HOLDS; k++) {
		size_t i = x.order[k], no = 0;
		const arb_path *p = x.path[i];
		for (size_t j = 0; j < x.n_o; j++)
			ob[no++] = boxed((obstacle){.id = x.o[j].m->id, .pl = x.o[j].pl});
		for (size_t j = 0; j < x.n; j++)
			if (j != i)
				ob[no++] = boxed((obstacle){.id = x.u->models[j].id,
				                            .pl = chg__own_at(&x, j, i, true)});
		for (size_t t = 0; t < s->n_terrain; t++)
			if (chg__streq(s->terrain[t].kind, "impassable"))
				ob[no++] = boxed((obstacle){.id = s->terrain[t].id,
				                            .poly = true,
				                            .pts = s->terrain[t].poly,
				                            .n = s->terrain[t].n_poly});
		/* the way's box: a way that crosses a gap (by more than the
		 * tolerance, below) meets it where it crosses */
		double box[4];
		points_box(p->pts, p->n_pts, box);
		for (size_t a = 0; a < no && r->outcome == ARB_HOLDS; a++)
			for (size_t b = a + 1; b < no && r->outcome == ARB_HOLDS; b++) {
				arb_vec2 pa, pb;
				if (!gap_near(&ob[a], &ob[b], box))
					continue; /* no way through their gap */
				double w = obstacle_gap(&ob[a], &ob[b], &pa, &pb);
				if (!(w > TOL))
					continue;
				arb_vec2 g = {(pb.x - pa.x) / w, (pb.y - pa.y) / w};
				for (size_t q = 0; q + 1 < p->n_pts; q++) {
					/* Through the gap, not along it: a way that runs
					 * on the line of the gap within the tolerance (a friend
					 * behind, the enemy ahead) does not pass through it. */
					if (!arb_geom_segments_cross_by(p->pts[q], p->pts[q + 1],
					                                pa, pb, TOL))
						continue;
					/* The gap is measured across the way the model goes: the
					 * room it leaves beside the path against the base's width
					 * there. */
					arb_vec2 d = {p->pts[q + 1].x - p->pts[q].x,
					              p->pts[q + 1].y - p->pts[q].y};
					double dl = sqrt(d.x * d.x + d.y * d.y);
					if (!(dl > TOL))
						continue;
					d.x /= dl;
					d.y /= dl;
					arb_vec2 nrm = {-d.y, d.x};
					double lo, hi;
					arb_geom_extent(&x.start[i], nrm, &lo, &hi);
					double across = hi - lo,
					       room = w * fabs(g.x * d.y - g.y * d.x);
					if (room >= across - TOL)
						continue;
					{
						r->outcome = ARB_VIOLATED;
						r->subject = x.u->models[i].id;
						r->object = ob[a].id;
						r->has_measure = true;
						r->measure = (arb_measure){.points = true,
						                           .figure = room,
						                           .limit = across,
						                           .margin = room - across,
						                           .p = pa,
						                           .q = pb,
						                           .other = -1};
						arb_result_explain(
						    r,
						    "%s passes between %s and %s through a gap of "
						    "%.3f in across its way; its base is %.3f in "
						    "across",
						    r->subject, ob[a].id, ob[b].id, room, across);
						break;
					}
				}
			}
	}
	free(ob);
	chg__free(&x);
}

enum { CONTACT_END = 0, CONTACT_PATH = 1 };

/* SH.CHG.MOVE.8: "cannot move into base contact with enemy models from a
 * unit they are not charging": where the model ends (`end`) or anywhere
 * along its path (`path`). */
ARB_PREDICATE(sh_chg_move_8, .clause = "SH.CHG.MOVE.8",
              .readings = ARB_READINGS({"end", CONTACT_END}, {"path", CONTACT_PATH}), .ruleset = RS,
              .actions = "charge", .phases = PHASES, .question = "charge.other_units",
              .fingerprint = "933da0e481daebce")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool along = arb_eval_reading_arg(ev) == CONTACT_PATH, any = false;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		arb_placed pl = arb_model_placed(&u->models[i]);
		for (size_t k = 0; k < s->n_units; k++) {
			const arb_unit *w = &s->units[k];
			if (chg__streq(w->side, u->side) || chg__is_target(s, w->id))
				continue;
			for (size_t j = 0; j < w->n_models; j++) {
				arb_placed e = arb_model_placed(&w->models[j]);
				any = true;
				double d = along ? arb_geom_swept_distance(&pl, p->pts, p->n_pts,
				                                           &e, 1, NULL)
				                 : arb_geom_swept_distance(
				                       &pl, &p->pts[p->n_pts - 1], 1, &e, 1, NULL);
				if (d <= TOL) {
					r->outcome = ARB_VIOLATED;
					r->subject = u->models[i].id;
					r->object = w->models[j].id;
					arb_result_explain(
					    r,
					    "%s comes into base contact with %s of %s, a unit "
					    "it is not charging%s",
					    r->subject, r->object, w->id,
					    along ? " (along its path)" : " (where it ends)");
					return;
				}
			}
		}
	}
	if (!any) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "no charging model touches an enemy model of a unit it is not "
	                   "charging%s",
	                   along ? " along its path" : " where it ends");
}

/* SH.CHG.MOVE.9: "If the charging unit can make the charge": every target
 * unit within the unit's charge range; a ranked unit as far as its closest
 * model, or (`every-model`, FAIL.1's "the entire unit") as its farthest. */
ARB_PREDICATE(sh_chg_move_9, .clause = "SH.CHG.MOVE.9", .readings = CHG_UNIT_READINGS,
              .ruleset = RS, .actions = "charge", .phases = PHASES, .question = "charge.contact",
              .params = CHG_RANGE_PARAMS, .fingerprint = "691deb21c716576e")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	bool every =
	    arb_eval_reading_arg(ev) == CHG_UNIT_EVERY && chg__is_formation(u, "fight_in_ranks");
	double range, far;
	const char *miss, *who;
	chg x;
	if (s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__need_range(ev, r, &range))
		return;
	if (!chg__in_range(s, u, range, every, &miss, &far, &who)) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	chg_engagement e = chg__engagement(&x);
	r->subject = u->id;
	if (e.models > 0) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%s can make the charge (range %g in) and %zu of its models end "
		                   "in base contact",
		                   u->id, range, e.models);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s can make the charge (range %g in, %s %.2f in away) and no "
		                   "model ends in base contact with the enemy unit",
		                   u->id, range, every ? "its farthest model" : "its closest model",
		                   far);
	}
	chg__free(&x);
}

/* SH.CHG.MOVE.10: "should attempt" is read as binding: it spells out how
 * MOVE.2's "must attempt to engage as many ... as possible" is met (read as
 * a wish it would forbid nothing, and no clause could be broken by it). */
ARB_PREDICATE(sh_chg_move_10, .clause = "SH.CHG.MOVE.10", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.one_for_one",
              .params = "enemies_per_model " CHG_RANGE_PARAMS, .fingerprint = "88e6a812bf284b89")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	double range = 0, per = arb_eval_param(ev, "enemies_per_model"), d = 0;
	bool known = false;
	chg x;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	for (size_t k = 0; k < x.n; k++) {
		size_t i = x.order[k], c = chg__contacts_of(&x, i);
		bool shared = c > 0;
		for (size_t t = 0; t < x.n_tm; t++)
			if (chg__contact(&x, i, t) && !chg__engaged(&x, t, i, SIZE_MAX))
				shared = false;
		if (((double)c >= per && !shared) || !free_target(&x, i))
			continue;
		/* what is within reach depends on the range */
		if (!known && !(known = chg__need_range(ev, r, &range)))
			goto done;
		long t = chg__free_in_reach(&x, i, range, &d);
		if (t < 0)
			continue;
		r->outcome = ARB_VIOLATED;
		r->subject = x.u->models[i].id;
		r->object = x.o[x.tm[t]].m->id;
		if (c == 0)
			arb_result_explain(r,
			                   "%s ends out of base contact though %s, unengaged, was "
			                   "within reach (%.2f in of %g in)",
			                   r->subject, r->object, d, range);
		else
			arb_result_explain(
			    r,
			    "%s shares its enemy with another charging model though %s, "
			    "unengaged, was within reach (%.2f in of %g in): not %g for 1",
			    r->subject, r->object, d, range, per);
		goto done;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "every charging model is in base contact %g for 1, or no "
	                   "unengaged enemy model was within its reach",
	                   per);
done:
	chg__free(&x);
}

/* SH.CHG.MOVE.11: "should attempt 2 for 1, ... or however much larger is
 * necessary": binding, as MOVE.10. */
ARB_PREDICATE(sh_chg_move_11, .clause = "SH.CHG.MOVE.11", .ruleset = RS, .actions = "charge",
              .phases = PHASES, .question = "charge.larger_base", .params = CHG_RANGE_PARAMS,
              .fingerprint = "db609f152f50ee8d")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	double range = 0, d = 0;
	bool known = false, any = false;
	chg x;
	if (sh__moving_count(ev, arb_eval_actor(ev)) == 0 || s->action.n_targets == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (!chg__measure(&x, ev)) {
		chg__oom(r);
		return;
	}
	for (size_t k = 0; k < x.n; k++) {
		size_t i = x.order[k], c = chg__contacts_of(&x, i), want = 0;
		double fc = chg__frontage(&x.end[i]);
		for (size_t t = 0; t < x.n_tm; t++) {
			double fe = chg__frontage(&x.o[x.tm[t]].pl);
			if (chg__contact(&x, i, t) && fc > fe + TOL) {
				/* enough bases of frontage fe to span fc, within the
				 * tolerance; never more than there are (a huge or a
				 * zero base stays in range of size_t) */
				double q = ceil((fc - TOL) / fe);
				size_t kk = q < (double)x.n_tm + 1 ? (size_t)q : x.n_tm + 1;
				want = kk > want ? kk : want;
			}
		}
		if (want < 2)
			continue;
		any = true;
		if (c >= want || !free_target(&x, i))
			continue;
		if (!known && !(known = chg__need_range(ev, r, &range)))
			goto done;
		long t = chg__free_in_reach(&x, i, range, &d);
		if (t < 0)
			continue;
		r->outcome = ARB_VIOLATED;
		r->subject = x.u->models[i].id;
		r->object = x.o[x.tm[t]].m->id;
		arb_result_explain(r,
		                   "%s, %.2f in across, should attempt %zu for 1 and touches %zu, "
		                   "though %s, unengaged, was within reach (%.2f in)",
		                   r->subject, fc, want, c, r->object, d);
		goto done;
	}
	if (!any) {
		r->outcome = ARB_NA;
		goto done;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r, "every charging model with a larger base touches as many enemy "
	                      "models as its base allows, or no more were within reach");
done:
	chg__free(&x);
}
