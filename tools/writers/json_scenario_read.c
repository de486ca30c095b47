/*
 * json_scenario_read.c: reading one scenario line (arbiter-scenario/2,
 * docs/interchange.md is the one definition of the format; keep the two in
 * step). Each object is walked by hand so that every error names the JSON
 * path of the offending member and says what was expected.
 */
#include "json_internal.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_paths(parser *p, const jd_value *action, arb_path **out, size_t *out_n);

/* "log": null, or an array of events {"subphase", "unit", "action"} (a
 * unit's action, with its "paths" and "targets" as an action's when
 * given) or
 * {"subphase", "end": true} (the sub-phase completed). */
static int parse_log(parser *p, const jd_value *ctx, arb_context *c)
{
	static const char *const keys[] = {"subphase", "unit",    "action", "end",
	                                   "paths",    "targets", NULL};
	const jd_value *arr = jd_get(ctx, "log");
	if (!arr || jd_is(arr, JD_NULL))
		return ARB_OK;
	size_t mark = arbj__path_key(p, "log");
	if (!jd_is(arr, JD_ARRAY))
		return arbj__fail(p, "expected an array of log events or null, got %s",
		                  arbj__jd_type_name(arr));
	size_t n = jd_size(arr);
	arb_log_event *log = arbj__alloc_n(p, n ? n : 1, sizeof *log);
	if (!log)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const jd_value *v = jd_at(arr, i);
		size_t m = arbj__path_index(p, i);
		bool end = false;
		int rc;
		if (!jd_is(v, JD_OBJECT))
			return arbj__fail(p, "expected a log event (an object), got %s",
			                  arbj__jd_type_name(v));
		if ((rc = arbj__check_keys(p, v, keys)) ||
		    (rc = arbj__get_str(p, v, "subphase", REQ | NONEMPTY, "a sub-phase name",
		                        &log[i].subphase)) ||
		    (rc = arbj__get_bool(p, v, "end", "whether the sub-phase is completed", &end)))
			return rc;
		if (end) {
			if (jd_get(v, "unit") || jd_get(v, "action") || jd_get(v, "paths") ||
			    jd_get(v, "targets")) {
				arbj__path_key(p, jd_get(v, "unit")     ? "unit"
				                  : jd_get(v, "action") ? "action"
				                  : jd_get(v, "paths")  ? "paths"
				                                        : "targets");
				return arbj__fail(p,
				                  "an event that ends a sub-phase names no unit, "
				                  "no action, no paths and no targets");
			}
		} else if ((rc = arbj__get_str(p, v, "unit", REQ | NONEMPTY, "a unit id",
		                               &log[i].unit)) ||
		           (rc = arbj__get_str(p, v, "action", REQ | NONEMPTY, "an action",
		                               &log[i].action)) ||
		           (rc = parse_paths(p, v, &log[i].paths, &log[i].n_paths)) ||
		           (rc = arbj__get_str_array(p, v, "targets", OPT, "unit ids",
		                                     &log[i].targets, &log[i].n_targets, NULL))) {
			return rc;
		}
		arbj__path_cut(p, m);
	}
	c->log = log;
	c->n_log = n;
	c->has_log = true;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_context(parser *p, const jd_value *root, arb_context *c)
{
	static const char *const keys[] = {"phase",       "subphase",    "battle_round",
	                                   "active_side", "in_progress", "completed",
	                                   "log",         NULL};
	const jd_value *o;
	size_t mark = 0;
	/* Defaults hold when "context" or any of its members is absent. */
	c->phase = "movement";
	c->subphase = NULL;
	c->battle_round = 1;
	int rc = arbj__get_typed(p, root, "context", OPT, JD_OBJECT, "an object (the game context)",
	                         &o, &mark);
	if (rc || !o)
		return rc;
	if ((rc = arbj__check_keys(p, o, keys)) ||
	    (rc = arbj__get_str(p, o, "phase", NONEMPTY, "a phase name", &c->phase)) ||
	    (rc = arbj__get_str(p, o, "subphase", NULLABLE | NONEMPTY, "a sub-phase name",
	                        &c->subphase)) ||
	    (rc = arbj__get_str(p, o, "active_side", NULLABLE | NONEMPTY, "a side",
	                        &c->active_side)) ||
	    (rc = arbj__get_str(p, o, "in_progress", NULLABLE | NONEMPTY, "a unit id",
	                        &c->in_progress)) ||
	    (rc = arbj__get_str_array(p, o, "completed", OPT, "unit ids", &c->completed,
	                              &c->n_completed, NULL)) ||
	    (rc = parse_log(p, o, c)))
		return rc;
	const jd_value *v = jd_get(o, "battle_round");
	if (v) {
		size_t m = arbj__path_key(p, "battle_round");
		long r;
		if ((rc = arbj__read_int(p, v, 1, 1000000, "a battle round", &r)))
			return rc;
		c->battle_round = (int)r;
		arbj__path_cut(p, m);
	}
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_board(parser *p, const jd_value *root, arb_scenario *s)
{
	static const char *const keys[] = {"w", "h", NULL};
	const jd_value *o;
	size_t mark = 0;
	int rc = arbj__get_typed(p, root, "board", REQ, JD_OBJECT,
	                         "an object {\"w\": inches, \"h\": inches}", &o, &mark);
	if (rc || (rc = arbj__check_keys(p, o, keys)) ||
	    (rc = arbj__get_num(p, o, "w", REQ | POSITIVE, "the board's width in inches",
	                        &s->board_w)) ||
	    (rc = arbj__get_num(p, o, "h", REQ | POSITIVE, "the board's height in inches",
	                        &s->board_h)))
		return rc;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_base(parser *p, const jd_value *model, arb_base *b)
{
	static const char *const round_keys[] = {"shape", "d_mm", NULL};
	static const char *const rect_keys[] = {"shape", "w_mm", "depth_mm", NULL};
	const jd_value *o;
	size_t mark = 0;
	const char *shape = NULL;
	int rc = arbj__get_typed(p, model, "base", REQ, JD_OBJECT,
	                         "an object {\"shape\": \"round\", \"d_mm\": 25} or "
	                         "{\"shape\": \"rect\", \"w_mm\": 25, \"depth_mm\": 50}",
	                         &o, &mark);
	if (rc || (rc = arbj__get_str(p, o, "shape", REQ, "\"round\" or \"rect\"", &shape)))
		return rc;
	if (strcmp(shape, "round") == 0) {
		b->shape = ARB_BASE_ROUND;
		rc = arbj__check_keys(p, o, round_keys);
		if (!rc)
			rc = arbj__get_num(p, o, "d_mm", REQ | POSITIVE, "the base diameter in mm",
			                   &b->d_mm);
	} else if (strcmp(shape, "rect") == 0) {
		b->shape = ARB_BASE_RECT;
		rc = arbj__check_keys(p, o, rect_keys);
		if (!rc)
			rc = arbj__get_num(p, o, "w_mm", REQ | POSITIVE, "the base frontage in mm",
			                   &b->w_mm);
		if (!rc)
			rc = arbj__get_num(p, o, "depth_mm", REQ | POSITIVE, "the base depth in mm",
			                   &b->depth_mm);
	} else {
		arbj__path_key(p, "shape");
		return arbj__fail(p, "expected \"round\" or \"rect\", got \"%s\"", shape);
	}
	if (rc)
		return rc;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_model(parser *p, const jd_value *v, arb_model *m)
{
	static const char *const keys[] = {"id", "x", "y", "facing_deg", "base", "stats", NULL};
	int rc;
	if (!jd_is(v, JD_OBJECT))
		return arbj__fail(p, "expected a model (an object), got %s", arbj__jd_type_name(v));
	if ((rc = arbj__check_keys(p, v, keys)) ||
	    (rc = arbj__get_str(p, v, "id", REQ | NONEMPTY, "a model id", &m->id)) ||
	    (rc = arbj__get_num(p, v, "x", REQ, "a number (inches)", &m->pos.x)) ||
	    (rc = arbj__get_num(p, v, "y", REQ, "a number (inches)", &m->pos.y)) ||
	    (rc = arbj__get_num(p, v, "facing_deg", OPT, "a number (degrees)", &m->facing_deg)) ||
	    (rc = parse_base(p, v, &m->base)) ||
	    (rc = arbj__get_stats(p, v, &m->stats, &m->n_stats)))
		return rc;
	return ARB_OK;
}

static int parse_unit(parser *p, const jd_value *v, arb_unit *u)
{
	static const char *const keys[] = {"id",     "side",   "formation",  "stats",
	                                   "status", "models", "facing_deg", NULL};
	int rc;
	if (!jd_is(v, JD_OBJECT))
		return arbj__fail(p, "expected a unit (an object), got %s", arbj__jd_type_name(v));
	if ((rc = arbj__check_keys(p, v, keys)) ||
	    (rc = arbj__get_str(p, v, "id", REQ | NONEMPTY, "a unit id", &u->id)) ||
	    (rc = arbj__get_str(p, v, "side", REQ | NONEMPTY, "a side", &u->side)) ||
	    (rc = arbj__get_str(p, v, "formation", NULLABLE | NONEMPTY, "a formation name",
	                        &u->formation)) ||
	    (rc = arbj__get_num(p, v, "facing_deg", OPT, "a number (degrees)", &u->facing_deg)) ||
	    (rc = arbj__get_stats(p, v, &u->stats, &u->n_stats)) ||
	    (rc = arbj__get_str_array(p, v, "status", OPT, "status words", &u->status, &u->n_status,
	                              NULL)))
		return rc;
	const jd_value *arr;
	size_t mark = 0;
	if ((rc =
	         arbj__get_typed(p, v, "models", REQ, JD_ARRAY, "an array of models", &arr, &mark)))
		return rc;
	u->n_models = jd_size(arr);
	if (!(u->models = arbj__alloc_n(p, u->n_models, sizeof *u->models)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < u->n_models; i++) {
		size_t m = arbj__path_index(p, i);
		if ((rc = parse_model(p, jd_at(arr, i), &u->models[i])))
			return rc;
		arbj__path_cut(p, m);
	}
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_units(parser *p, const jd_value *root, arb_scenario *s)
{
	const jd_value *arr;
	size_t mark = 0;
	int rc = arbj__get_typed(p, root, "units", REQ, JD_ARRAY, "an array of units", &arr, &mark);
	if (rc)
		return rc;
	s->n_units = jd_size(arr);
	if (!(s->units = arbj__alloc_n(p, s->n_units, sizeof *s->units)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < s->n_units; i++) {
		size_t m = arbj__path_index(p, i);
		if ((rc = parse_unit(p, jd_at(arr, i), &s->units[i])))
			return rc;
		arbj__path_cut(p, m);
	}
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_terrain(parser *p, const jd_value *root, arb_scenario *s)
{
	static const char *const keys[] = {"id", "kind", "height", "polygon", NULL};
	const jd_value *arr;
	size_t mark = 0;
	int rc = arbj__get_typed(p, root, "terrain", OPT, JD_ARRAY, "an array of terrain pieces",
	                         &arr, &mark);
	if (rc || !arr)
		return rc;
	s->n_terrain = jd_size(arr);
	if (!(s->terrain = arbj__alloc_n(p, s->n_terrain, sizeof *s->terrain)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < s->n_terrain; i++) {
		arb_terrain *t = &s->terrain[i];
		const jd_value *v = jd_at(arr, i), *poly;
		size_t m = arbj__path_index(p, i), pm = 0;
		if (!jd_is(v, JD_OBJECT))
			return arbj__fail(p, "expected a terrain piece (an object), got %s",
			                  arbj__jd_type_name(v));
		if ((rc = arbj__check_keys(p, v, keys)) ||
		    (rc = arbj__get_str(p, v, "id", REQ | NONEMPTY, "a terrain id", &t->id)) ||
		    (rc =
		         arbj__get_str(p, v, "kind", REQ | NONEMPTY, "a terrain kind", &t->kind)) ||
		    (rc = arbj__member(p, v, "polygon", REQ, "an array of at least 3 points [x, y]",
		                       &poly)))
			return rc;
		/* absent: no height */
		if (jd_get(v, "height")) {
			if ((rc = arbj__get_num(p, v, "height", REQ, "a height in inches",
			                        &t->height)))
				return rc;
			if (t->height < 0) {
				arbj__path_key(p, "height");
				return arbj__fail(
				    p, "expected a height in inches, not negative, got %.17g",
				    t->height);
			}
			t->has_height = true;
		}
		pm = arbj__path_key(p, "polygon");
		if ((rc = arbj__read_points(p, poly, 3, "a polygon", &t->poly, &t->n_poly)))
			return rc;
		arbj__path_cut(p, pm);
		arbj__path_cut(p, m);
	}
	arbj__path_cut(p, mark);
	return ARB_OK;
}

/* A path of poses (CONV.TURN.2): "facings": a number or null per point,
 * "steps": null (a translation) or {"pivot": [x, y], "angle": degrees
 * (optional)} between each two points. */
static int parse_turns(parser *p, const jd_value *v, arb_path *path)
{
	static const char *const step_keys[] = {"pivot", "angle", NULL};
	const jd_value *fa = jd_get(v, "facings"), *sa = jd_get(v, "steps");
	size_t n = path->n_pts;
	if (!fa && !sa)
		return ARB_OK;
	if (!(path->facing = arbj__alloc_n(p, n, sizeof *path->facing)) ||
	    !(path->steps = arbj__alloc_n(p, n, sizeof *path->steps)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		path->facing[i] = NAN;
		path->steps[i] = (arb_step){.kind = ARB_STEP_TRANSLATE};
	}
	if (fa) {
		size_t m = arbj__path_key(p, "facings");
		if (!jd_is(fa, JD_ARRAY) || jd_size(fa) != n)
			return arbj__fail(
			    p, "expected an array of %zu facings (a number or null per point)", n);
		for (size_t i = 0; i < n; i++) {
			const jd_value *e = jd_at(fa, i);
			size_t mi = arbj__path_index(p, i);
			if (jd_is_number(e) && isfinite(jd_number(e)))
				path->facing[i] = jd_number(e);
			else if (!jd_is(e, JD_NULL))
				return arbj__fail(
				    p, "expected a finite facing in degrees, or null, got %s",
				    jd_is_number(e) ? "a number that is not finite"
				                    : arbj__jd_type_name(e));
			arbj__path_cut(p, mi);
		}
		arbj__path_cut(p, m);
	}
	if (sa) {
		size_t m = arbj__path_key(p, "steps");
		if (!jd_is(sa, JD_ARRAY) || jd_size(sa) + 1 != n)
			return arbj__fail(
			    p, "expected an array of %zu steps (null, or {\"pivot\": [x, y]})",
			    n - 1);
		for (size_t i = 0; i + 1 < n; i++) {
			const jd_value *e = jd_at(sa, i), *pv;
			size_t mi = arbj__path_index(p, i);
			int rc;
			if (!jd_is(e, JD_NULL)) {
				arb_step *st = &path->steps[i];
				*st = (arb_step){.kind = ARB_STEP_ROTATE, .angle_deg = NAN};
				if (!jd_is(e, JD_OBJECT))
					return arbj__fail(
					    p,
					    "expected a step (null or {\"pivot\": [x, y]}), got %s",
					    arbj__jd_type_name(e));
				if ((rc = arbj__check_keys(p, e, step_keys)) ||
				    (rc = arbj__member(p, e, "pivot", REQ, "a pivot [x, y]", &pv)))
					return rc;
				size_t mp = arbj__path_key(p, "pivot");
				if ((rc = arbj__read_point(p, pv, &st->pivot)))
					return rc;
				arbj__path_cut(p, mp);
				if ((rc = arbj__get_num(p, e, "angle", OPT,
				                        "a signed angle in degrees",
				                        &st->angle_deg)))
					return rc;
			}
			arbj__path_cut(p, mi);
		}
		arbj__path_cut(p, m);
	}
	return ARB_OK;
}

/* "paths": [{"model": "a1", "points": [[10,10],[16,10]]}, ...], in the
 * order the models move: kept as given. */
static int parse_paths(parser *p, const jd_value *action, arb_path **out, size_t *out_n)
{
	static const char *const keys[] = {"model", "points", "facings", "steps", NULL};
	const jd_value *arr;
	size_t mark = 0;
	int rc = arbj__get_typed(p, action, "paths", OPT, JD_ARRAY,
	                         "an array of paths [{\"model\": id, \"points\": [[x, y], ...]}]",
	                         &arr, &mark);
	if (rc || !arr)
		return rc;
	size_t k = jd_size(arr);
	arb_path *paths = arbj__alloc_n(p, k ? k : 1, sizeof *paths);
	if (!paths)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		arb_path *path = &paths[i];
		const jd_value *v = jd_at(arr, i), *pts;
		size_t m = arbj__path_index(p, i);
		if (!jd_is(v, JD_OBJECT))
			return arbj__fail(p,
			                  "expected a path (an object {\"model\": id, \"points\": "
			                  "[[x, y], ...]}), got %s",
			                  arbj__jd_type_name(v));
		if ((rc = arbj__check_keys(p, v, keys)) ||
		    (rc = arbj__get_str(p, v, "model", REQ | NONEMPTY, "a model id",
		                        &path->model)) ||
		    (rc = arbj__member(p, v, "points", REQ, "an array of at least 1 point [x, y]",
		                       &pts)))
			return rc;
		size_t pm = arbj__path_key(p, "points");
		if ((rc = arbj__read_points(p, pts, 1, "a path", &path->pts, &path->n_pts)))
			return rc;
		arbj__path_cut(p, pm);
		if ((rc = parse_turns(p, v, path)))
			return rc;
		arbj__path_cut(p, m);
	}
	*out = paths;
	*out_n = k;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_action(parser *p, const jd_value *root, arb_action *a)
{
	static const char *const keys[] = {"type",       "unit",    "voluntary", "paths",
	                                   "stationary", "targets", NULL};
	const jd_value *o;
	size_t mark = 0;
	a->voluntary = true;
	int rc = arbj__get_typed(p, root, "action", REQ, JD_OBJECT,
	                         "an object {\"type\": ..., \"unit\": ...}", &o, &mark);
	if (rc || (rc = arbj__check_keys(p, o, keys)) ||
	    (rc = arbj__get_str(p, o, "type", REQ | NONEMPTY, "an action type", &a->type)) ||
	    (rc = arbj__get_str(p, o, "unit", REQ | NONEMPTY, "a unit id", &a->unit)) ||
	    (rc = arbj__get_bool(p, o, "voluntary", "whether the move is voluntary",
	                         &a->voluntary)) ||
	    (rc = parse_paths(p, o, &a->paths, &a->n_paths)) ||
	    (rc = arbj__get_str_array(p, o, "stationary", OPT, "model ids", &a->stationary,
	                              &a->n_stationary, &a->stationary_declared)) ||
	    (rc = arbj__get_str_array(p, o, "targets", OPT, "unit ids", &a->targets, &a->n_targets,
	                              NULL)))
		return rc;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

/* "dice": [3, 5] (for the one test the scenario rolls for), or
 * "dice": {"difficult_check": [3, 5], "dangerous_test": [1]} (by test). */
static int parse_dice_array(parser *p, const jd_value *arr, arb_scenario *s, const char *test,
                            size_t at)
{
	int rc;
	for (size_t i = 0; i < jd_size(arr); i++) {
		size_t m = arbj__path_index(p, i);
		long d;
		if ((rc = arbj__read_int(p, jd_at(arr, i), 1, 1000000, "a die result", &d)))
			return rc;
		s->dice[at + i] = (int)d;
		if (s->dice_test)
			s->dice_test[at + i] = test;
		arbj__path_cut(p, m);
	}
	return ARB_OK;
}

static int parse_dice(parser *p, const jd_value *root, arb_scenario *s)
{
	const jd_value *v = jd_get(root, "dice");
	size_t mark = arbj__path_key(p, "dice");
	int rc = ARB_OK;
	if (!v) {
		arbj__path_cut(p, mark);
		return ARB_OK;
	}
	if (jd_is(v, JD_ARRAY)) {
		size_t k = jd_size(v);
		if (!(s->dice = arbj__alloc_n(p, k, sizeof *s->dice)))
			return ARB_ENOMEM;
		if ((rc = parse_dice_array(p, v, s, NULL, 0)))
			return rc;
		s->n_dice = k;
	} else if (jd_is(v, JD_OBJECT)) {
		size_t k = 0;
		const char *key;
		const jd_value *arr;
		jd_foreach(v, key, arr)
		{
			if (!jd_is(arr, JD_ARRAY)) {
				size_t m = arbj__path_key(p, key);
				rc = arbj__fail(p, "expected an array of dice results, got %s",
				                arbj__jd_type_name(arr));
				arbj__path_cut(p, m);
				return rc;
			}
			k += jd_size(arr);
		}
		if (!(s->dice = arbj__alloc_n(p, k, sizeof *s->dice)) ||
		    !(s->dice_test = arbj__alloc_n(p, k, sizeof *s->dice_test)))
			return ARB_ENOMEM;
		/* Tests in name order, so that dump(parse(x)) is stable. */
		const char *names[64];
		size_t n = 0;
		jd_foreach(v, key, arr)
		{
			if (n == 64)
				return arbj__fail(p, "more than 64 tests");
			size_t at = n++;
			while (at > 0 && strcmp(names[at - 1], key) > 0) {
				names[at] = names[at - 1];
				at--;
			}
			names[at] = key;
		}
		size_t at = 0;
		for (size_t i = 0; i < n; i++) {
			const char *test = arbj__dup_str(p, names[i]);
			if (!test)
				return ARB_ENOMEM;
			arr = jd_get(v, names[i]);
			size_t m = arbj__path_key(p, names[i]);
			if ((rc = parse_dice_array(p, arr, s, test, at)))
				return rc;
			arbj__path_cut(p, m);
			at += jd_size(arr);
		}
		s->n_dice = k;
	} else {
		return arbj__fail(p,
		                  "expected an array of dice results or an object of them by test, "
		                  "got %s",
		                  arbj__jd_type_name(v));
	}
	arbj__path_cut(p, mark);
	return ARB_OK;
}

static int parse_root(parser *p, const jd_value *root, arb_scenario *s)
{
	static const char *const keys[] = {"format",  "id",    "ruleset", "profile",
	                                   "context", "board", "units",   "terrain",
	                                   "action",  "dice",  "facts",   NULL};
	const char *format = NULL;
	int rc;
	if (!jd_is(root, JD_OBJECT))
		return arbj__fail(p, "expected a scenario (a JSON object, one a line), got %s",
		                  arbj__jd_type_name(root));
	/* The format first: a line of another version may use members this
	 * reader does not know, and "unknown member" would hide the cause. */
	if ((rc = arbj__get_str(p, root, "format", REQ, "\"" ARBJ_SCENARIO_FORMAT "\"", &format)))
		return rc;
	if (strcmp(format, ARBJ_SCENARIO_FORMAT) != 0) {
		arbj__path_key(p, "format");
		return arbj__fail(
		    p, "unsupported format \"%s\"; this reader reads \"" ARBJ_SCENARIO_FORMAT "\"",
		    format);
	}
	if ((rc = arbj__check_keys(p, root, keys)) ||
	    (rc = arbj__get_str(p, root, "id", REQ | NONEMPTY, "a scenario id", &s->id)) ||
	    (rc = arbj__get_str(p, root, "ruleset", REQ | NONEMPTY, "a ruleset name",
	                        &s->ruleset)) ||
	    (rc = arbj__get_str(p, root, "profile", NULLABLE | NONEMPTY, "a reading profile name",
	                        &s->profile)) ||
	    (rc = parse_context(p, root, &s->context)) || (rc = parse_board(p, root, s)) ||
	    (rc = parse_units(p, root, s)) || (rc = parse_terrain(p, root, s)) ||
	    (rc = parse_action(p, root, &s->action)) || (rc = parse_dice(p, root, s)) ||
	    (rc = arbj__get_facts(p, root, &s->facts, &s->n_facts)))
		return rc;
	/* "all" is the profile that selects nothing: the same as none. */
	if (s->profile && strcmp(s->profile, "all") == 0)
		s->profile = NULL;
	return ARB_OK;
}

int arbj_scenario_parse(arb_scenario **out, const char *text, size_t len, const char *file,
                        long lineno, arb_error *err)
{
	arb_scenario *s = NULL;
	jd_doc *doc = NULL;
	jd_error jerr;
	parser p = {.file = file, .line = lineno, .err = err};
	int rc;

	*out = NULL;
	arb_error_clear(err);
	if ((rc = jd_parse(&doc, text, len, &jerr))) {
		const char *field = jerr.path[0] ? jerr.path : NULL;
		long line = lineno + jerr.line - 1;
		if (rc == JD_ENOMEM)
			rc = arbj__oom(&p);
		else if (rc == JD_EDUPLICATE)
			rc = arb_error_set(
			    err, ARB_EINPUT, file, line, jerr.column, field,
			    "duplicate member: an object names each member once (%s)", jerr.text);
		else
			rc = arb_error_set(err, ARB_EINPUT, file, line, jerr.column, field,
			                   "invalid JSON: %s", jerr.text);
		goto done;
	}
	if ((rc = arb_scenario_new(&s))) {
		rc = arbj__oom(&p);
		goto done;
	}
	p.s = s;
	if (file && !(s->src_file = arbj__dup_str(&p, file))) {
		rc = ARB_ENOMEM;
		goto done;
	}
	s->src_line = lineno;
	if ((rc = parse_root(&p, jd_root(doc), s)))
		goto done;
	if ((rc = arb_scenario_index(s))) {
		rc = arbj__oom(&p);
		goto done;
	}
	*out = s;
	s = NULL;
done:
	arb_scenario_free(s);
	jd_free(doc);
	return rc;
}
