/*
 * cmd_certify_shrink.c: smaller scenarios to try when an implementation
 * disagrees with a case (docs/certify.md, "Minimal failing scenarios"):
 * one unit fewer, one model fewer, one waypoint fewer, one terrain piece or
 * fact fewer, rounder numbers. cmd_certify.c keeps the first candidate on
 * which the implementation still disagrees with the reference, and asks
 * again, until none does or the budget is spent. Candidates are made on
 * the scenario's JSON (its arbiter-scenario/2 line), so that every one is
 * read back by the same reader as any scenario.
 */
#include "certify.h"

#include <math.h>
#include <string.h>

/* Removes from array arr every string equal to s. */
static void drop_string(json_t *arr, const char *s)
{
	for (size_t i = json_array_size(arr); i-- > 0;) {
		const char *v = json_string_value(json_array_get(arr, i));
		if (v && strcmp(v, s) == 0)
			json_array_remove(arr, i);
	}
}

/* Removes the path of model id, and its stationary declaration. */
static void drop_model_refs(json_t *action, const char *id)
{
	json_t *paths = json_object_get(action, "paths");
	for (size_t i = json_array_size(paths); i-- > 0;) {
		const char *m =
		    json_string_value(json_object_get(json_array_get(paths, i), "model"));
		if (m && strcmp(m, id) == 0)
			json_array_remove(paths, i);
	}
	drop_string(json_object_get(action, "stationary"), id);
}

static int push(json_t *out, json_t *cand)
{
	if (!cand)
		return -1;
	return json_array_append_new(out, cand);
}

/* x rounded to d decimals. */
static double round_to(double x, int d)
{
	double k = pow(10, d);
	return round(x * k) / k;
}

/* Rounds every number of the point array pts; whether one changed. */
static bool round_points(json_t *pts, int d)
{
	bool changed = false;
	for (size_t i = 0; i < json_array_size(pts); i++) {
		json_t *p = json_array_get(pts, i);
		for (size_t k = 0; k < 2; k++) {
			json_t *v = json_array_get(p, k);
			if (!json_is_real(v))
				continue;
			double r = round_to(json_real_value(v), d);
			if (r != json_real_value(v)) {
				json_array_set_new(p, k, json_real(r));
				changed = true;
			}
		}
	}
	return changed;
}

/* Every number of the table rounded to d decimals: model positions, path
 * points (whose first point is its model's position, rounded the same),
 * terrain corners. */
static bool round_all(json_t *s, int d)
{
	static const char *const xy[2] = {"x", "y"};
	bool changed = false;
	json_t *units = json_object_get(s, "units");
	for (size_t i = 0; i < json_array_size(units); i++) {
		json_t *models = json_object_get(json_array_get(units, i), "models");
		for (size_t k = 0; k < json_array_size(models); k++) {
			json_t *m = json_array_get(models, k);
			for (int c = 0; c < 2; c++) {
				json_t *v = json_object_get(m, xy[c]);
				if (json_is_real(v) &&
				    round_to(json_real_value(v), d) != json_real_value(v)) {
					json_object_set_new(
					    m, xy[c], json_real(round_to(json_real_value(v), d)));
					changed = true;
				}
			}
		}
	}
	json_t *paths = json_object_get(json_object_get(s, "action"), "paths");
	for (size_t i = 0; i < json_array_size(paths); i++)
		changed |= round_points(json_object_get(json_array_get(paths, i), "points"), d);
	json_t *terrain = json_object_get(s, "terrain");
	for (size_t i = 0; i < json_array_size(terrain); i++)
		changed |= round_points(json_object_get(json_array_get(terrain, i), "polygon"), d);
	return changed;
}

json_t *cert_shrink_candidates(json_t *s)
{
	json_t *out = json_array();
	if (!out)
		return NULL;
	json_t *action = json_object_get(s, "action");
	const char *actor = json_string_value(json_object_get(action, "unit"));
	json_t *units = json_object_get(s, "units");
	int rc = 0;
	/* a unit fewer: any but the one acting */
	for (size_t i = 0; i < json_array_size(units) && !rc; i++) {
		json_t *u = json_array_get(units, i);
		const char *id = json_string_value(json_object_get(u, "id"));
		if (!id || (actor && strcmp(id, actor) == 0))
			continue;
		json_t *c = json_deep_copy(s);
		json_t *ca = json_object_get(c, "action"), *ctx = json_object_get(c, "context");
		json_t *cu = json_array_get(json_object_get(c, "units"), i);
		json_t *cm = json_object_get(cu, "models");
		for (size_t k = 0; k < json_array_size(cm); k++)
			drop_model_refs(
			    ca, json_string_value(json_object_get(json_array_get(cm, k), "id")));
		drop_string(json_object_get(ca, "targets"), id);
		drop_string(json_object_get(ctx, "completed"), id);
		json_t *ip = json_object_get(ctx, "in_progress");
		if (json_is_string(ip) && strcmp(json_string_value(ip), id) == 0)
			json_object_set_new(ctx, "in_progress", json_null());
		json_array_remove(json_object_get(c, "units"), i);
		rc = push(out, c);
	}
	/* a model fewer, in a unit that keeps one */
	for (size_t i = 0; i < json_array_size(units) && !rc; i++) {
		json_t *models = json_object_get(json_array_get(units, i), "models");
		for (size_t k = 0;
		     k < json_array_size(models) && json_array_size(models) > 1 && !rc; k++) {
			json_t *c = json_deep_copy(s);
			json_t *cm = json_object_get(json_array_get(json_object_get(c, "units"), i),
			                             "models");
			drop_model_refs(
			    json_object_get(c, "action"),
			    json_string_value(json_object_get(json_array_get(cm, k), "id")));
			json_array_remove(cm, k);
			rc = push(out, c);
		}
	}
	/* a waypoint fewer (of a path that does not turn: its facings and
	 * steps go point by point) */
	json_t *paths = json_object_get(action, "paths");
	for (size_t i = 0; i < json_array_size(paths) && !rc; i++) {
		json_t *p = json_array_get(paths, i);
		size_t n = json_array_size(json_object_get(p, "points"));
		if (json_object_get(p, "facings") || json_object_get(p, "steps"))
			continue;
		for (size_t k = 1; k + 1 < n && !rc; k++) {
			json_t *c = json_deep_copy(s);
			json_t *cp = json_array_get(
			    json_object_get(json_object_get(c, "action"), "paths"), i);
			json_array_remove(json_object_get(cp, "points"), k);
			rc = push(out, c);
		}
	}
	/* a terrain piece fewer, a fact fewer */
	for (size_t i = 0; i < json_array_size(json_object_get(s, "terrain")) && !rc; i++) {
		json_t *c = json_deep_copy(s);
		json_array_remove(json_object_get(c, "terrain"), i);
		rc = push(out, c);
	}
	json_t *facts = json_object_get(s, "facts");
	for (void *it = json_object_iter(facts); it && !rc; it = json_object_iter_next(facts, it)) {
		json_t *c = json_deep_copy(s);
		json_object_del(json_object_get(c, "facts"), json_object_iter_key(it));
		rc = push(out, c);
	}
	/* rounder numbers: whole inches, then tenths, then hundredths */
	for (int d = 0; d <= 2 && !rc; d++) {
		json_t *c = json_deep_copy(s);
		if (c && !round_all(c, d)) {
			json_decref(c);
			continue;
		}
		rc = push(out, c);
	}
	if (rc) {
		json_decref(out);
		return NULL;
	}
	return out;
}
