/*
 * validate.c: whether a scenario is one the rulebook can judge: its model
 * sane (bases, positions, paths, paths of poses), and every word it uses
 * declared by its ruleset's vocabulary (arb_scenario_validate, arbiter.h
 * section 6). Bad input is an error naming the field, never a verdict.
 */
#include "engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- validation ---- */

#define BAD(field, ...)                                                                            \
	arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, field, __VA_ARGS__)

/* The scenario's units, models (with their units) and paths by ID, each
 * the first of its ID as arb_scenario_unit, _model and _path find it: a
 * scenario of many units and models is validated in linear time. */
typedef struct vmaps {
	arb_idmap units, models, owners, paths;
} vmaps;

static int vmaps_build(vmaps *vm, const arb_scenario *s)
{
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *u = &s->units[i];
		if (u->id && !arb__idmap_get(&vm->units, u->id) &&
		    arb__idmap_put(&vm->units, u->id, u))
			return ARB_ENOMEM;
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			if (m->id && !arb__idmap_get(&vm->models, m->id) &&
			    (arb__idmap_put(&vm->models, m->id, m) ||
			     arb__idmap_put(&vm->owners, m->id, u)))
				return ARB_ENOMEM;
		}
	}
	for (size_t i = 0; i < s->action.n_paths; i++) {
		const arb_path *p = &s->action.paths[i];
		if (p->model && !arb__idmap_get(&vm->paths, p->model) &&
		    arb__idmap_put(&vm->paths, p->model, p))
			return ARB_ENOMEM;
	}
	return ARB_OK;
}

static void vmaps_free(vmaps *vm)
{
	arb__idmap_free(&vm->units);
	arb__idmap_free(&vm->models);
	arb__idmap_free(&vm->owners);
	arb__idmap_free(&vm->paths);
}

static const arb_unit *v_unit(const vmaps *vm, const char *id)
{
	return id ? arb__idmap_get(&vm->units, id) : NULL;
}

static const arb_model *v_model(const vmaps *vm, const char *id, const arb_unit **owner)
{
	const arb_model *m = id ? arb__idmap_get(&vm->models, id) : NULL;
	if (owner)
		*owner = m ? arb__idmap_get(&vm->owners, id) : NULL;
	return m;
}

static const arb_path *v_path(const vmaps *vm, const char *model)
{
	return model ? arb__idmap_get(&vm->paths, model) : NULL;
}

static bool finite_pos(double v)
{
	return isfinite(v) && v > 0;
}

static int validate_base(const arb_scenario *s, const arb_model *m, arb_error *err)
{
	const arb_base *b = &m->base;
	if (b->shape == ARB_BASE_ROUND && !finite_pos(b->d_mm))
		return BAD("models",
		           "model %s: base diameter must be a positive finite number, got %g",
		           m->id, b->d_mm);
	if (b->shape == ARB_BASE_RECT && (!finite_pos(b->w_mm) || !finite_pos(b->depth_mm)))
		return BAD("models", "model %s: base %gx%g mm must be positive and finite", m->id,
		           b->w_mm, b->depth_mm);
	if (b->shape != ARB_BASE_ROUND && b->shape != ARB_BASE_RECT)
		return BAD("models", "model %s: unknown base shape", m->id);
	return ARB_OK;
}

static int validate_stats(const arb_scenario *s, const arb_kv *kv, size_t n, const char *who,
                          const char *field, arb_error *err)
{
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(kv[i].value))
			return BAD(field, "%s: characteristic %s is not a finite number", who,
			           kv[i].name);
		if (kv[i].value < 0)
			return BAD(field,
			           "%s: characteristic %s is %g: a characteristic is not negative",
			           who, kv[i].name, kv[i].value);
		/* Given twice, one would be read and the other not (nor could
		 * a JSON object hold both). */
		for (size_t j = 0; j < i; j++)
			if (strcmp(kv[j].name, kv[i].name) == 0)
				return BAD(field, "%s: characteristic %s is given twice", who,
				           kv[i].name);
	}
	return ARB_OK;
}

/* Whether each word of a list (spaces or commas) is the ID of a unit (or of a
 * model) on the board; "-" alone is the empty list. */
static bool ids_on_board(const arb_scenario *s, const char *v, bool models, bool one)
{
	size_t n = 0;
	if (strcmp(v, "-") == 0)
		return !one;
	while (*v) {
		size_t w = strcspn(v, " ,");
		char id[128];
		if (w) {
			if (w >= sizeof id)
				return false;
			memcpy(id, v, w);
			id[w] = '\0';
			if (models ? !arb_scenario_model(s, id, NULL) : !arb_scenario_unit(s, id))
				return false;
			n++;
		}
		v += w;
		v += strspn(v, " ,");
	}
	return one ? n == 1 : n > 0;
}

/* A fact's value against its declared type (docs/spec-format.md). Returns
 * NULL when it fits, else what was expected. */
static const char *fact_misfit(const arb_scenario *s, const char *type, const char *v)
{
	char *end = NULL;
	if (strcmp(type, "bool") == 0)
		return strcmp(v, "true") == 0 || strcmp(v, "false") == 0 ? NULL : "true or false";
	if (strcmp(type, "number") == 0) {
		double x = strtod(v, &end);
		return end != v && !*end && isfinite(x) ? NULL : "a finite number";
	}
	if (strcmp(type, "count") == 0) {
		double x = strtod(v, &end);
		return end != v && !*end && x >= 0 && x <= 1e15 && x == floor(x)
		           ? NULL
		           : "a count: a whole number from 0 to 10^15";
	}
	if (strcmp(type, "unit") == 0)
		return ids_on_board(s, v, false, true) ? NULL : "the ID of a unit on the board";
	if (strcmp(type, "units") == 0)
		return strcmp(v, "true") == 0 || strcmp(v, "false") == 0 ||
		               ids_on_board(s, v, false, false)
		           ? NULL
		           : "true, false or IDs of units on the board";
	if (strcmp(type, "model") == 0)
		return ids_on_board(s, v, true, true) ? NULL : "the ID of a model on the board";
	if (strcmp(type, "models") == 0)
		return ids_on_board(s, v, true, false)
		           ? NULL
		           : "IDs of models on the board, or - for none";
	if (strcmp(type, "point") == 0) {
		double x = strtod(v, &end);
		if (end == v || *end != ',' || !isfinite(x))
			return "a point x,y";
		const char *b = end + 1;
		double y = strtod(b, &end);
		return end != b && !*end && isfinite(y) ? NULL : "a point x,y";
	}
	/* a set of words a|b|c */
	size_t n = strlen(v);
	for (const char *p = type; *p;) {
		size_t w = strcspn(p, "|");
		if (w == n && strncmp(p, v, n) == 0)
			return NULL;
		p += w;
		p += *p == '|';
	}
	return type;
}

/* A sub-phase belongs to the phase the text places it in (## Phases). Where
 * an action is made is not checked here: an action out of its sub-phase is
 * for the clauses of the procedure to judge. */
static int validate_placement(const arb_scenario *s, const arb_rulebook *rb, arb_error *err)
{
	size_t n = arb_rulebook_placement_count(rb, s->ruleset);
	const char *sub = s->context.subphase;
	for (size_t i = 0; i < n; i++) {
		const arb_placement *pl = arb_rulebook_placement_at(rb, s->ruleset, i);
		if (pl->kind == ARB_PLACE_SUBPHASE && sub && strcmp(pl->name, sub) == 0 &&
		    strcmp(pl->phase, s->context.phase) != 0)
			return BAD(
			    "context",
			    "the %s sub-phase is part of the %s phase, not of the %s phase (%s: "
			    "\"%s\")",
			    sub, pl->phase, s->context.phase, pl->clause, pl->words);
	}
	return ARB_OK;
}

/* The acting unit's footprint at point i of its models' paths, facing f. */
static int unit_footprint_at(const vmaps *vm, const arb_unit *u, size_t i, double f,
                             arb_footprint *out)
{
	arb_placed *b = malloc((u->n_models ? u->n_models : 1) * sizeof *b);
	if (!b)
		return ARB_ENOMEM;
	for (size_t j = 0; j < u->n_models; j++) {
		const arb_path *q = v_path(vm, u->models[j].id);
		b[j] = arb_model_placed(&u->models[j]);
		if (q && q->n_pts) {
			size_t k = i < q->n_pts ? i : q->n_pts - 1;
			b[j].c = q->pts[k];
			/* turned with its path: a base keeps its shape, not its facing */
			b[j].facing_deg = arb_path_facing(q, &u->models[j], k);
		}
	}
	*out = arb_footprint_of(b, u->n_models, f);
	free(b);
	return ARB_OK;
}

/* A path of poses (CONV.TURN.2): a translation keeps the facing, a
 * rotation is one the ruleset lets the action make, about the point it
 * names, and each pose follows from the one before (CONV.TURN.3). */
static int validate_turns(const arb_scenario *s, const arb_rulebook *rb, const vmaps *vm,
                          const arb_unit *actor, const arb_model *m, const arb_path *p,
                          arb_error *err)
{
	if (!p->steps)
		return ARB_OK; /* a path that does not turn: every judgement's case */
	arb_pivot about = ARB_PIVOT_POINT;
	bool may_turn = arb_rulebook_turn(rb, s->ruleset, s->action.type, &about);
	for (size_t i = 0; i + 1 < p->n_pts; i++) {
		const arb_step *st = &p->steps[i];
		double f0 = arb_path_facing(p, m, i), f1 = arb_path_facing(p, m, i + 1);
		if (st->kind != ARB_STEP_ROTATE) {
			if (arb_angle_delta(f0, f1) != 0)
				return BAD(
				    "paths",
				    "path of model %s turns from facing %g to %g between points "
				    "%zu and %zu with no pivot: a turn is written ~X,Y before its "
				    "point (CONV.TURN.2)",
				    m->id, f0, f1, i + 1, i + 2);
			continue;
		}
		if (!may_turn)
			return BAD("paths",
			           "path of model %s: step %zu turns, and %s's %s does not (turns: "
			           "in its ruleset.md)",
			           m->id, i + 1, s->ruleset, s->action.type);
		if (isnan(st->angle_deg) && (!p->facing || isnan(p->facing[i + 1])))
			return BAD("paths",
			           "path of model %s, step %zu: a turn needs the facing it ends at "
			           "(X,Y@F) or its angle (~X,Y:A)",
			           m->id, i + 1);
		double turn = arb_path_turn(p, m, i);
		if (!isnan(st->angle_deg) && arb_angle_delta(f0 + st->angle_deg, f1) != 0)
			return BAD(
			    "paths",
			    "path of model %s, step %zu: a turn of %g from facing %g does not "
			    "end at facing %g",
			    m->id, i + 1, st->angle_deg, f0, f1);
		arb_placed part = {.base = m->base};
		arb_body body = {&part, 1};
		arb_footprint fp;
		arb_pose poses[2] = {{p->pts[i], f0}, {p->pts[i + 1], f1}};
		arb_step step = {.kind = ARB_STEP_ROTATE, .pivot = st->pivot, .angle_deg = turn};
		arb_pose_path pp = {poses, &step, 1};
		arb_error why;
		size_t bad;
		if (arb_body_footprint(&fp, &body, &why) ||
		    arb_pose_path_check(&bad, &pp, &fp, ARB_TOLERANCE_IN, &why))
			return BAD("paths", "path of model %s, step %zu: %.400s", m->id, i + 1,
			           why.message);
		if (about == ARB_PIVOT_POINT)
			continue;
		arb_footprint ufp;
		arb_pose table = {{0, 0}, 0};
		if (unit_footprint_at(vm, actor, i, f0, &ufp))
			return ARB_ENOMEM;
		if (arb_pivot_check(NULL, &table, &ufp, st->pivot, about, ARB_TOLERANCE_IN, &why))
			return BAD("paths",
			           "path of model %s, step %zu: %s's %s turns about %s: %.360s",
			           m->id, i + 1, s->ruleset, s->action.type,
			           about == ARB_PIVOT_CENTRE         ? "the unit's centre point"
			           : about == ARB_PIVOT_FRONT_CORNER ? "a front corner of the unit"
			                                             : "a corner of the unit",
			           why.message);
	}
	return ARB_OK;
}

/* The path of model `model` in the first log event after `after` that has
 * one (that turns, with turning: one with facings), or NULL. */
static const arb_path *next_log_path(const arb_context *c, size_t after, const char *model,
                                     bool turning)
{
	for (size_t k = after + 1; k < c->n_log; k++)
		for (size_t j = 0; j < c->log[k].n_paths; j++) {
			const arb_path *p = &c->log[k].paths[j];
			if (p->model && strcmp(p->model, model) == 0 && (!turning || p->facing))
				return p;
		}
	return NULL;
}

/* The paths of log event i: models on the board, one path each, finite
 * points, the first facing of a path that turns written (where the model
 * faced then is not given otherwise), and each path taking the model from
 * where its path in an earlier event left it to where its next starts or,
 * after its last, to where the scenario places it (the positions are those
 * after the log): no model teleports between events. */
static int validate_log_paths(const arb_scenario *s, const vmaps *vm, size_t i, arb_error *err)
{
	const arb_log_event *e = &s->context.log[i];
	for (size_t j = 0; j < e->n_paths; j++) {
		const arb_path *p = &e->paths[j];
		const arb_unit *owner = NULL;
		const arb_model *m = p->model ? v_model(vm, p->model, &owner) : NULL;
		if (!m)
			return BAD("paths",
			           "log event %zu: path of model '%s', which is not on the board",
			           i + 1, p->model ? p->model : "");
		for (size_t k = 0; k < j; k++)
			if (strcmp(e->paths[k].model, p->model) == 0)
				return BAD("paths", "log event %zu: model %s has two paths", i + 1,
				           p->model);
		if (p->n_pts == 0 || p->n_pts > ARB_MAX_PATH_POINTS)
			return BAD("paths",
			           "log event %zu: path of model %s has %zu points: 1 to %d", i + 1,
			           p->model, p->n_pts, ARB_MAX_PATH_POINTS);
		for (size_t k = 0; k < p->n_pts; k++)
			if (!isfinite(p->pts[k].x) || !isfinite(p->pts[k].y))
				return BAD(
				    "paths",
				    "log event %zu: path of model %s: point %zu is not finite",
				    i + 1, p->model, k + 1);
		if ((p->facing || p->steps) && (!p->facing || isnan(p->facing[0])))
			return BAD(
			    "paths",
			    "log event %zu: path of model %s turns: its first point must give "
			    "the facing it starts with (X,Y@F)",
			    i + 1, p->model);
		if (p->facing) {
			/* the facing it ends with, where its next path that turns
			 * starts or, after its last, as the scenario has it */
			arb_model at = *m;
			at.facing_deg = p->facing[0];
			double end = arb_path_facing(p, &at, p->n_pts - 1);
			const arb_path *t = next_log_path(&s->context, i, p->model, true);
			double want = t ? t->facing[0] : m->facing_deg;
			if (fabs(arb_angle_delta(end, want)) > 1e-9)
				return BAD(
				    "paths",
				    "log event %zu: path of model %s ends facing %g, and the model "
				    "then faces %g (%s): a model does not turn between events",
				    i + 1, p->model, end, want,
				    t ? "its next path that turns starts so"
				      : "as the scenario places it after the log");
		}
		const arb_path *next = next_log_path(&s->context, i, p->model, false);
		arb_vec2 to = next ? next->pts[0] : m->pos;
		arb_vec2 end = p->pts[p->n_pts - 1];
		if (fabs(end.x - to.x) > ARB_TOLERANCE_IN ||
		    fabs(end.y - to.y) > ARB_TOLERANCE_IN) {
			if (next)
				return BAD(
				    "paths",
				    "log event %zu: path of model %s ends at (%g,%g), and its next "
				    "path, in a later event, starts at (%g,%g): a model does not "
				    "jump between events",
				    i + 1, p->model, end.x, end.y, to.x, to.y);
			return BAD("paths",
			           "log event %zu: path of model %s ends at (%g,%g), not where the "
			           "model stands after the log (%g,%g)",
			           i + 1, p->model, end.x, end.y, to.x, to.y);
		}
	}
	return ARB_OK;
}

static int validate_all(const arb_scenario *s, const arb_rulebook *rb, const vmaps *vm,
                        arb_error *err)
{
	const char *rs = s->ruleset;
	int rc;
	if (!s->id || !s->id[0])
		return BAD("id", "scenario has no id");
	if (!arb_rulebook_has_ruleset(rb, rs))
		return BAD("ruleset", "unknown ruleset '%s'", rs ? rs : "");
	if (!finite_pos(s->board_w) || !finite_pos(s->board_h))
		return BAD("board", "board must be positive and finite, got %gx%g", s->board_w,
		           s->board_h);
	if (!s->context.phase || !arb_rulebook_declares(rb, rs, "phases", s->context.phase))
		return BAD("context", "unknown phase '%s' for %s",
		           s->context.phase ? s->context.phase : "", rs);
	if (s->context.subphase && !arb_rulebook_declares(rb, rs, "subphases", s->context.subphase))
		return BAD("context", "unknown sub-phase '%s' for %s", s->context.subphase, rs);
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *u = &s->units[i];
		if (!u->id || !u->id[0] || !u->side || !u->side[0])
			return BAD("units", "a unit lacks its id or side");
		if (v_unit(vm, u->id) != u)
			return BAD("units", "unit %s is given twice", u->id);
		if (u->formation && !arb_rulebook_declares(rb, rs, "formations", u->formation))
			return BAD("units", "unit %s: unknown formation '%s' for %s", u->id,
			           u->formation, rs);
		for (size_t j = 0; j < u->n_status; j++)
			if (!arb_rulebook_declares(rb, rs, "statuses", u->status[j]))
				return BAD("units", "unit %s: unknown status '%s' for %s", u->id,
				           u->status[j], rs);
		if (!isfinite(u->facing_deg))
			return BAD("units", "unit %s: facing is not finite", u->id);
		if ((rc = validate_stats(s, u->stats, u->n_stats, u->id, "units", err)))
			return rc;
		if (u->n_models == 0)
			return BAD("models", "unit %s has no models", u->id);
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			if (!m->id || !m->id[0])
				return BAD("models", "a model of unit %s has no id", u->id);
			const arb_unit *owner = NULL;
			if (v_model(vm, m->id, &owner) != m)
				return BAD("models", "model %s is given twice", m->id);
			if (!isfinite(m->pos.x) || !isfinite(m->pos.y) || !isfinite(m->facing_deg))
				return BAD("models", "model %s: position or facing is not finite",
				           m->id);
			if ((rc = validate_base(s, m, err)) ||
			    (rc = validate_stats(s, m->stats, m->n_stats, m->id, "models", err)))
				return rc;
		}
	}
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		if (!arb_rulebook_declares(rb, rs, "terrain", t->kind))
			return BAD("terrain", "terrain %s: unknown kind '%s' for %s", t->id,
			           t->kind ? t->kind : "", rs);
		if (t->n_poly < 3)
			return BAD("terrain", "terrain %s needs at least 3 corners", t->id);
		if (t->has_height && !(isfinite(t->height) && t->height >= 0))
			return BAD("terrain",
			           "terrain %s: height must be a finite number of inches, not "
			           "negative, got %g",
			           t->id, t->height);
		for (size_t j = 0; j < t->n_poly; j++)
			if (!isfinite(t->poly[j].x) || !isfinite(t->poly[j].y))
				return BAD("terrain", "terrain %s: corner %zu is not finite", t->id,
				           j + 1);
		if (t->n_poly > ARB_MAX_TERRAIN_CORNERS)
			return BAD("terrain", "terrain %s has %zu corners: at most %d", t->id,
			           t->n_poly, ARB_MAX_TERRAIN_CORNERS);
		/* A piece of terrain is a simple polygon: edges that cross would
		 * make "inside" mean two things. */
		for (size_t j = 0; j < t->n_poly; j++)
			for (size_t k = j + 2; k < t->n_poly; k++) {
				if (j == 0 && k + 1 == t->n_poly)
					continue; /* the last edge meets the first */
				if (arb_geom_segments_cross(t->poly[j], t->poly[j + 1], t->poly[k],
				                            t->poly[(k + 1) % t->n_poly]))
					return BAD(
					    "terrain",
					    "terrain %s: edges %zu and %zu cross: a piece of "
					    "terrain is a simple polygon",
					    t->id, j + 1, k + 1);
			}
	}
	const arb_action *a = &s->action;
	if (!a->type || !arb_rulebook_declares(rb, rs, "actions", a->type))
		return BAD("action", "unknown action '%s' for %s", a->type ? a->type : "", rs);
	const arb_unit *actor = v_unit(vm, a->unit);
	if (!actor)
		return BAD("action", "action names unit '%s', which is not on the board",
		           a->unit ? a->unit : "");
	for (size_t i = 0; i < a->n_targets; i++) {
		const arb_unit *t = v_unit(vm, a->targets[i]);
		if (!t)
			return BAD("action", "action targets unit '%s', which is not on the board",
			           a->targets[i]);
		if (t == actor)
			return BAD("action", "unit %s's %s targets the unit itself", actor->id,
			           a->type);
	}
	for (size_t i = 0; i < a->n_paths; i++) {
		const arb_path *p = &a->paths[i];
		const arb_unit *owner = NULL;
		const arb_model *m = v_model(vm, p->model, &owner);
		if (!m)
			return BAD("paths", "path of model '%s', which is not on the board",
			           p->model);
		if (owner != actor &&
		    !arb_rulebook_declares(rb, s->ruleset, "moves_others", a->type))
			return BAD("paths",
			           "model %s belongs to unit %s, not to the acting unit %s (a %s "
			           "moves no other unit's models: moves_others: in ruleset.md)",
			           p->model, owner->id, actor->id, a->type);
		if (v_path(vm, p->model) != p)
			return BAD("paths", "model %s has two paths", p->model);
		if (p->n_pts == 0)
			return BAD("paths", "path of model %s has no points", p->model);
		for (size_t j = 0; j < p->n_pts; j++)
			if (!isfinite(p->pts[j].x) || !isfinite(p->pts[j].y))
				return BAD("paths", "path of model %s: point %zu is not finite",
				           p->model, j + 1);
		if (fabs(p->pts[0].x - m->pos.x) > ARB_TOLERANCE_IN ||
		    fabs(p->pts[0].y - m->pos.y) > ARB_TOLERANCE_IN)
			return BAD(
			    "paths",
			    "path of model %s starts at (%g,%g), not at the model's position "
			    "(%g,%g)",
			    p->model, p->pts[0].x, p->pts[0].y, m->pos.x, m->pos.y);
		/* a pose starts as the model stands: a first facing other than the
		 * model's would turn it before it moves */
		if (p->facing && !isnan(p->facing[0]) &&
		    arb_angle_delta(m->facing_deg, p->facing[0]) != 0)
			return BAD("paths",
			           "path of model %s starts facing %g, not as the model faces (%g)",
			           p->model, p->facing[0], m->facing_deg);
		rc = validate_turns(s, rb, vm, owner, m, p, err);
		if (rc)
			return rc;
	}
	for (size_t i = 0; i < a->n_stationary; i++) {
		const arb_unit *owner = NULL;
		if (!v_model(vm, a->stationary[i], &owner))
			return BAD("stationary", "model '%s' is not on the board",
			           a->stationary[i]);
		if (owner != actor)
			return BAD("stationary", "model %s is not in the acting unit %s",
			           a->stationary[i], actor->id);
	}
	if (s->context.in_progress && !v_unit(vm, s->context.in_progress))
		return BAD("context", "in_progress names unit '%s', which is not on the board",
		           s->context.in_progress);
	for (size_t i = 0; i < s->context.n_completed; i++)
		if (!v_unit(vm, s->context.completed[i]))
			return BAD("context",
			           "completed names unit '%s', which is not on the board",
			           s->context.completed[i]);
	for (size_t i = 0; i < s->context.n_log; i++) {
		const arb_log_event *e = &s->context.log[i];
		if (!e->subphase || !arb_rulebook_declares(rb, rs, "subphases", e->subphase))
			return BAD("context", "log event %zu: unknown sub-phase '%s' for %s", i + 1,
			           e->subphase ? e->subphase : "", rs);
		if (e->unit && !v_unit(vm, e->unit))
			return BAD("context",
			           "log event %zu names unit '%s', which is not on the board",
			           i + 1, e->unit);
		if (e->unit && (!e->action || !arb_rulebook_declares(rb, rs, "actions", e->action)))
			return BAD("context", "log event %zu: unknown action '%s' for %s", i + 1,
			           e->action ? e->action : "", rs);
		if (e->n_paths && !e->unit)
			return BAD("paths", "log event %zu completes a sub-phase: it has no paths",
			           i + 1);
		for (size_t t = 0; t < e->n_targets; t++) {
			const arb_unit *tu = v_unit(vm, e->targets[t]);
			if (!e->unit)
				return BAD("context",
				           "log event %zu completes a sub-phase: it has no targets",
				           i + 1);
			if (!tu)
				return BAD(
				    "context",
				    "log event %zu targets unit '%s', which is not on the board",
				    i + 1, e->targets[t]);
			if (strcmp(tu->id, e->unit) == 0)
				return BAD("context",
				           "log event %zu: unit %s's %s targets the unit itself",
				           i + 1, e->unit, e->action);
		}
		if ((rc = validate_log_paths(s, vm, i, err)))
			return rc;
	}
	for (size_t i = 0; i < s->n_facts; i++) {
		const char *type = arb_rulebook_fact_type(rb, rs, s->facts[i].name);
		if (!type)
			return BAD("facts", "unknown fact '%s' for %s", s->facts[i].name, rs);
		for (size_t j = 0; j < i; j++)
			if (strcmp(s->facts[j].name, s->facts[i].name) == 0)
				return BAD("facts", "fact %s is given twice", s->facts[i].name);
		const char *want = fact_misfit(s, type, s->facts[i].value ? s->facts[i].value : "");
		if (want)
			return BAD("facts", "fact %s is '%s': expected %s", s->facts[i].name,
			           s->facts[i].value ? s->facts[i].value : "", want);
	}
	if ((rc = validate_placement(s, rb, err)))
		return rc;
	for (size_t i = 0; i < s->n_dice; i++) {
		if (s->dice[i] < 1 || s->dice[i] > 6)
			return BAD("dice", "die %zu rolled %d: a D6 shows 1 to 6", i + 1,
			           s->dice[i]);
		if (s->dice_test &&
		    (!s->dice_test[i] || !arb_rulebook_declares(rb, rs, "tests", s->dice_test[i])))
			return BAD("dice", "die %zu is rolled for '%s', which is not a test of %s",
			           i + 1, s->dice_test[i] ? s->dice_test[i] : "(nothing)", rs);
	}
	return ARB_OK;
}

/* The sizes of docs/limits.md, checked before anything is measured. */
static int validate_sizes(const arb_scenario *s, arb_error *err)
{
	size_t models = 0;
	if (s->n_units > ARB_MAX_UNITS)
		return BAD("units", "%zu units: at most %d", s->n_units, ARB_MAX_UNITS);
	for (size_t i = 0; i < s->n_units; i++)
		models += s->units[i].n_models;
	if (models > ARB_MAX_MODELS)
		return BAD("models", "%zu models: at most %d in a scenario", models,
		           ARB_MAX_MODELS);
	for (size_t i = 0; i < s->action.n_paths; i++)
		if (s->action.paths[i].n_pts > ARB_MAX_PATH_POINTS)
			return BAD("paths", "path of model %s has %zu points: at most %d",
			           s->action.paths[i].model ? s->action.paths[i].model : "?",
			           s->action.paths[i].n_pts, ARB_MAX_PATH_POINTS);
	return ARB_OK;
}

int arb_scenario_validate(const arb_scenario *s, const arb_rulebook *rb, arb_error *err)
{
	vmaps vm = {0};
	int rc = validate_sizes(s, err);
	if (rc)
		return rc;
	rc = vmaps_build(&vm, s);
	if (rc)
		rc = arb_error_set(err, ARB_ENOMEM, s->src_file, s->src_line, 0, NULL,
		                   "out of memory");
	else
		rc = validate_all(s, rb, &vm, err);
	vmaps_free(&vm);
	return rc;
}
