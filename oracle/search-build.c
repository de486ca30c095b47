/*
 * search-build.c: a genome of the dispute search made into a scenario
 * (search.c says what a genome is; docs/conflicts.md draws the shape).
 *
 * The acting unit A1 stands in files of at most six models facing +x at
 * 40% of the board's width; every model makes the same move (a straight
 * line, or the same rotation about the point the ruleset's `turns:` names).
 * Enemy units E1 and E2 and a friend F1 (one 25 mm model each) stand at
 * the genome's distance from where the first model ends, E1 along the
 * move, E2 to its left, F1 to its right; terrain is a square the first
 * model's path crosses.
 */
#include "search-internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int oom(arb_error *err)
{
	return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
}

/* ---- building a scenario from a genome ---- */

static double g_move(const sr_point *p, const sr_genome *g)
{
	return g->random ? g->move : p->rs->moves[g->d[D_MOVE]];
}
static double g_dir(const sr_genome *g)
{
	return g->random ? g->dir : arb__search_dir[g->d[D_DIR]];
}
static double g_gap(const sr_point *p, const sr_genome *g)
{
	return g->random ? g->gap : p->rs->gaps[g->d[D_GAP]];
}
static double g_dist(const sr_point *p, const sr_genome *g)
{
	return g->random ? g->dist : p->rs->dists[g->d[D_ENEMY_DIST]];
}
static double g_turn(const sr_point *p, const sr_genome *g)
{
	if (!p->turns)
		return 0;
	return g->random && g->d[D_TURN] ? g->turn : p->rs->turns[g->d[D_TURN]];
}

static char *fmt(arb_scenario *sc, const char *f, ...) __attribute__((format(printf, 2, 3)));
static char *fmt(arb_scenario *sc, const char *f, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, f);
	vsnprintf(buf, sizeof buf, f, ap);
	va_end(ap);
	return arb_scenario_strdup(sc, buf);
}

static arb_kv *unit_stats(arb_scenario *sc, const sr_ruleset *r, const sr_genome *g, bool actor,
                          size_t *n)
{
	*n = r->n_stats;
	if (!r->n_stats)
		return NULL;
	arb_kv *kv = arb_scenario_alloc(sc, r->n_stats * sizeof *kv);
	if (!kv)
		return NULL;
	/* variant v > 0: stat i at its value j, counted stat by stat */
	size_t v = actor ? g->d[D_STATS] : 0;
	for (size_t i = 0; i < r->n_stats; i++) {
		const arb_search_stat *st = &r->stats[i];
		size_t j = 0;
		if (v > 0 && v <= st->n_values - 1) {
			j = v;
			v = 0;
		} else if (v > 0) {
			v -= st->n_values - 1;
		}
		kv[i] = (arb_kv){st->name, st->values[j]};
	}
	return kv;
}

static int one_model_unit(arb_scenario *sc, arb_unit *u, const char *id, const char *side,
                          const char *mid, arb_vec2 at, const sr_ruleset *r, const sr_genome *g,
                          const char *status)
{
	u->id = id;
	u->side = side;
	u->models = arb_scenario_alloc(sc, sizeof *u->models);
	if (!u->models)
		return ARB_ENOMEM;
	u->n_models = 1;
	u->models[0].id = mid;
	u->models[0].pos = at;
	u->models[0].base = (arb_base){ARB_BASE_ROUND, 25, 0, 0};
	u->stats = unit_stats(sc, r, g, false, &u->n_stats);
	if (r->n_stats && !u->stats)
		return ARB_ENOMEM;
	if (status) {
		u->status = arb_scenario_alloc(sc, sizeof *u->status);
		if (!u->status)
			return ARB_ENOMEM;
		u->status[0] = status;
		u->n_status = 1;
	}
	return ARB_OK;
}

static const char *fact_value(arb_scenario *sc, const sr_ruleset *r, const char *v,
                              const arb_vec2 *end, const arb_vec2 *epos, bool enemy)
{
	if (v[0] != '@')
		return v;
	if (strcmp(v, "@actor") == 0)
		return "A1";
	if (strcmp(v, "@enemy") == 0)
		return enemy ? "E1" : "A1";
	if (strcmp(v, "@model") == 0)
		return "a1";
	if (strcmp(v, "@emodel") == 0)
		return enemy ? "e1" : "a1";
	if (strcmp(v, "@end") == 0)
		return fmt(sc, "%.4f,%.4f", end->x, end->y);
	if (strcmp(v, "@epos") == 0)
		return enemy ? fmt(sc, "%.4f,%.4f", epos->x, epos->y)
		             : fmt(sc, "%.4f,%.4f", end->x, end->y);
	/* @lenK: the K-th length of the text (the last when fewer) */
	size_t k = (size_t)atoi(v + 4);
	double len = r->n_lengths ? r->lengths[k < r->n_lengths ? k : r->n_lengths - 1] : 1;
	return fmt(sc, "%g", len);
}

int arb__search_paths(arb_scenario *sc, const sr_point *p, double len, double dir_deg, double turn)
{
	arb_unit *a = &sc->units[0];
	size_t n_models = a->n_models;
	double th = dir_deg * SEARCH_PI / 180;
	arb_vec2 pivot = {0, 0};
	if (turn != 0) {
		arb_placed *placed = arb_scenario_alloc(sc, n_models * sizeof *placed);
		if (!placed)
			return ARB_ENOMEM;
		for (size_t i = 0; i < n_models; i++)
			placed[i] = arb_model_placed(&a->models[i]);
		arb_footprint fp = arb_footprint_of(placed, n_models, 0);
		arb_vec2 c[4];
		arb_footprint_corners(&fp, c);
		pivot = p->about == ARB_PIVOT_CENTRE
		            ? (arb_vec2){(c[0].x + c[2].x) / 2, (c[0].y + c[2].y) / 2}
		            : c[turn < 0 ? 0 : 1];
	}
	for (size_t i = 0; i < n_models; i++) {
		arb_path *path = &sc->action.paths[i];
		const arb_model *m = &a->models[i];
		path->model = m->id;
		path->n_pts = 2;
		path->pts = arb_scenario_alloc(sc, 2 * sizeof *path->pts);
		path->facing = NULL;
		path->steps = NULL;
		if (!path->pts)
			return ARB_ENOMEM;
		path->pts[0] = m->pos;
		if (turn != 0) {
			arb_pose at = {m->pos, 0}, to = arb_pose_rotate(&at, pivot, turn);
			path->pts[1] = to.c;
			path->facing = arb_scenario_alloc(sc, 2 * sizeof *path->facing);
			path->steps = arb_scenario_alloc(sc, sizeof *path->steps);
			if (!path->facing || !path->steps)
				return ARB_ENOMEM;
			path->facing[0] = 0;
			path->facing[1] = to.facing_deg;
			path->steps[0] = (arb_step){ARB_STEP_ROTATE, pivot, turn, p->about};
		} else {
			path->pts[1] =
			    (arb_vec2){m->pos.x + len * cos(th), m->pos.y + len * sin(th)};
		}
	}
	sc->action.n_paths = n_models;
	return ARB_OK;
}

int arb__search_build(arb_scenario **out, const arb_search *s, size_t point, const sr_genome *g,
                      const char *id, arb_error *err)
{
	const sr_point *p = &s->points[point];
	const sr_ruleset *r = p->rs;
	arb_scenario *sc = NULL;
	*out = NULL;
	if (arb_scenario_new(&sc))
		return oom(err);
	int rc = ARB_ENOMEM;
	sc->id = arb_scenario_strdup(sc, id);
	sc->ruleset = r->name;
	sc->src_file = "<search>";
	sc->board_w = s->opt.board_w;
	sc->board_h = s->opt.board_h;
	sc->profile = s->opt.profile;
	arb_context *cx = &sc->context;
	cx->phase = p->pub.phase;
	cx->subphase = p->subphases[g->d[D_SUBPHASE]];
	cx->battle_round = 1;
	cx->active_side = "A";
	cx->has_log = g->d[D_LOG] == 1;

	size_t n_models = arb__search_models[g->d[D_MODELS]];
	size_t enemies = g->d[D_ENEMIES], friend = g->d[D_FRIEND];
	sc->n_units = 1 + enemies + friend;
	sc->units = arb_scenario_alloc(sc, sc->n_units * sizeof *sc->units);
	if (!sc->units)
		goto fail;
	arb_unit *a = &sc->units[0];
	a->id = "A1";
	a->side = "A";
	a->formation = r->formations[g->d[D_FORMATION]];
	a->stats = unit_stats(sc, r, g, true, &a->n_stats);
	if (r->n_stats && !a->stats)
		goto fail;
	if (g->d[D_STATUS]) {
		if (!(a->status = arb_scenario_alloc(sc, sizeof *a->status)))
			goto fail;
		a->status[0] = r->statuses[g->d[D_STATUS]];
		a->n_status = 1;
	}
	a->models = arb_scenario_alloc(sc, n_models * sizeof *a->models);
	sc->action.paths = arb_scenario_alloc(sc, n_models * sizeof *sc->action.paths);
	if (!a->models || !sc->action.paths)
		goto fail;
	a->n_models = n_models;
	double d_mm = arb__search_base_mm[g->d[D_BASE]], d_in = d_mm / ARB_MM_PER_INCH;
	double pitch = d_in + g_gap(p, g);
	size_t files = n_models < SEARCH_FILE_MAX ? n_models : SEARCH_FILE_MAX;
	double x0 = sc->board_w * 0.4, y0 = sc->board_h / 2 - (double)(files - 1) * pitch / 2;
	for (size_t i = 0; i < n_models; i++) {
		arb_model *m = &a->models[i];
		m->id = fmt(sc, "a%zu", i + 1);
		if (!m->id)
			goto fail;
		size_t rank = i / SEARCH_FILE_MAX, file = i % SEARCH_FILE_MAX;
		m->pos.x = x0 - (double)rank * pitch;
		m->pos.y = y0 + (double)file * pitch;
		if (g->jitter) {
			/* random geometry: each model a little off its place */
			m->pos.x += 0.25 * arb__search_real(arb__search_hash(g->jitter, i, 1, 0));
			m->pos.y += 0.25 * arb__search_real(arb__search_hash(g->jitter, i, 2, 0));
		}
		m->base = (arb_base){ARB_BASE_ROUND, d_mm, 0, 0};
	}
	/* the move: every model the same translation, or the same rotation */
	double len = g_move(p, g), th = g_dir(g) * SEARCH_PI / 180, turn = g_turn(p, g);
	if (arb__search_paths(sc, p, len, g_dir(g), turn))
		goto fail;
	sc->action.type = p->pub.action;
	sc->action.unit = "A1";
	sc->action.voluntary = g->d[D_VOLUNTARY] == 0;
	/* the others, measured from where the first model ends */
	arb_vec2 end = sc->action.paths[0].pts[1], epos = end;
	double ra = d_in / 2, re = 25 / ARB_MM_PER_INCH / 2, dist = g_dist(p, g);
	double bearing = g->random ? g->bearing * SEARCH_PI / 180 : th;
	const char *est = r->statuses[g->d[D_ENEMY_STATUS]];
	for (size_t e = 0; e < enemies; e++) {
		double b = bearing + (double)e * SEARCH_PI / 2, k = dist + ra + re;
		arb_vec2 at = {end.x + k * cos(b), end.y + k * sin(b)};
		if (e == 0)
			epos = at;
		if (one_model_unit(sc, &sc->units[1 + e], e ? "E2" : "E1", "B", e ? "e2" : "e1", at,
		                   r, g, est))
			goto fail;
	}
	if (friend) {
		double b = bearing - SEARCH_PI / 2, k = dist + ra + re;
		arb_vec2 at = {end.x + k * cos(b), end.y + k * sin(b)};
		if (one_model_unit(sc, &sc->units[1 + enemies], "F1", "A", "f1", at, r, g, NULL))
			goto fail;
	}
	if (g->d[D_TARGETS] && enemies) {
		if (!(sc->action.targets = arb_scenario_alloc(sc, sizeof *sc->action.targets)))
			goto fail;
		sc->action.targets[0] = "E1";
		sc->action.n_targets = 1;
	}
	if (g->d[D_TERRAIN]) {
		/* a square the first model's path crosses, as wide as the move */
		double side = len > 1 ? len : 1, hx = side / 2;
		arb_vec2 mid = {(sc->action.paths[0].pts[0].x + end.x) / 2,
		                (sc->action.paths[0].pts[0].y + end.y) / 2};
		sc->terrain = arb_scenario_alloc(sc, sizeof *sc->terrain);
		if (!sc->terrain ||
		    !(sc->terrain[0].poly = arb_scenario_alloc(sc, 4 * sizeof(arb_vec2))))
			goto fail;
		sc->n_terrain = 1;
		sc->terrain[0].id = "T1";
		size_t nh = r->n_heights ? r->n_heights : 1, t = g->d[D_TERRAIN] - 1;
		sc->terrain[0].kind = r->terrain[1 + t / nh];
		if (r->n_heights) {
			sc->terrain[0].has_height = true;
			sc->terrain[0].height = r->heights[t % nh];
		}
		sc->terrain[0].n_poly = 4;
		arb_vec2 *q = sc->terrain[0].poly;
		q[0] = (arb_vec2){mid.x - hx, mid.y - hx};
		q[1] = (arb_vec2){mid.x + hx, mid.y - hx};
		q[2] = (arb_vec2){mid.x + hx, mid.y + hx};
		q[3] = (arb_vec2){mid.x - hx, mid.y + hx};
	}
	/* dice: entry d of the table is count c's outcome number d - first */
	if (g->d[D_DICE]) {
		size_t di = g->d[D_DICE], c = 0, code = 0;
		for (size_t i = 0; i < r->n_dice_counts; i++)
			if (di >= r->dice_first[i]) {
				c = r->dice_count[i];
				code = di - r->dice_first[i];
			}
		if (!(sc->dice = arb_scenario_alloc(sc, (c ? c : 1) * sizeof *sc->dice)))
			goto fail;
		for (size_t i = 0; i < c; i++, code /= 6)
			sc->dice[i] = (int)(code % 6) + 1;
		sc->n_dice = c;
	}
	/* facts: every default but those dropped, one of them changed */
	const sr_fact_variant *fv = &r->variants[g->d[D_FACTS]];
	if (r->n_facts) {
		if (!(sc->facts = arb_scenario_alloc(sc, r->n_facts * sizeof *sc->facts)))
			goto fail;
		for (size_t f = 0; f < r->n_facts; f++) {
			const char *v = r->fact_default[f];
			if (g->d[D_FACTS] && fv->fact == f)
				v = fv->value;
			if (!v || (g->fact_drop >> f & 1u) ||
			    (cx->has_log && (r->log_drop >> f & 1u)))
				continue;
			const char *val = fact_value(sc, r, v, &end, &epos, enemies > 0);
			if (!val)
				goto fail;
			sc->facts[sc->n_facts++] = (arb_fact){r->facts[f], val};
		}
	}
	if (arb_scenario_index(sc))
		goto fail;
	*out = sc;
	return ARB_OK;
fail:
	arb_scenario_free(sc);
	(void)rc;
	return oom(err);
}
