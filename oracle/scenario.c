/* scenario.c: the battlefield model and its arena. */
#include "internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int arb_scenario_new(arb_scenario **out)
{
	*out = NULL;
	arb_scenario *s = calloc(1, sizeof *s);
	if (!s)
		return ARB_ENOMEM;
	s->arena_ = arb__arena_new();
	if (!s->arena_) {
		free(s);
		return ARB_ENOMEM;
	}
	s->action.voluntary = true;
	*out = s;
	return ARB_OK;
}

/* The look-up tables of a large scenario; each ID maps to the first of
 * its units, models (with their unit) or paths. */
typedef struct owned {
	const arb_model *m;
	const arb_unit *u;
} owned;

/* A model's own path, known by the address of its ID (the string the
 * predicates hold when they ask): slot[k] holds model id and its path
 * (NULL: it has none), cap a power of two. */
typedef struct path_slot {
	const char *id;
	const arb_path *path;
} path_slot;

struct arb_scenario_index {
	bool tables; /* units, models and paths below are made (a large scenario) */
	arb_idmap units, models, paths;
	owned *own;
	path_slot *by_id;
	size_t cap;
};

/* Below this many units, models and paths together a scan is as fast. */
#define INDEX_MIN 64

static void index_free(struct arb_scenario_index *ix)
{
	if (!ix)
		return;
	arb__idmap_free(&ix->units);
	arb__idmap_free(&ix->models);
	arb__idmap_free(&ix->paths);
	free(ix->own);
	free(ix->by_id);
	free(ix);
}

static int put_first(arb_idmap *m, const char *id, const void *rec)
{
	return !id || arb__idmap_get(m, id) ? ARB_OK : arb__idmap_put(m, id, rec);
}

static size_t ptr_hash(const void *p, size_t cap)
{
	return (size_t)(((uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ULL) >> 32) & (cap - 1);
}

static const arb_path *path_scan(const arb_scenario *s, const char *model)
{
	for (size_t i = 0; i < s->action.n_paths; i++)
		if (arb__same(s->action.paths[i].model, model))
			return &s->action.paths[i];
	return NULL;
}

/* Each model's path, by the address of its ID: the look-up the predicates
 * make most (a tenth of a scan's cost). */
static int index_paths(struct arb_scenario_index *ix, const arb_scenario *s, size_t models)
{
	size_t cap = 8;
	while (cap < 2 * models)
		cap *= 2;
	if (!(ix->by_id = calloc(cap, sizeof *ix->by_id)))
		return ARB_ENOMEM;
	ix->cap = cap;
	for (size_t i = 0; i < s->n_units; i++)
		for (size_t j = 0; j < s->units[i].n_models; j++) {
			const char *id = s->units[i].models[j].id;
			if (!id)
				continue;
			size_t k = ptr_hash(id, cap);
			while (ix->by_id[k].id && ix->by_id[k].id != id)
				k = (k + 1) & (cap - 1);
			/* a large scenario's paths by their table: no scan per model */
			ix->by_id[k] = (path_slot){id, ix->tables ? arb__idmap_get(&ix->paths, id)
			                                          : path_scan(s, id)};
		}
	return ARB_OK;
}

int arb_scenario_index(arb_scenario *s)
{
	index_free(s->index_);
	s->index_ = NULL;
	size_t models = 0;
	for (size_t i = 0; i < s->n_units; i++)
		models += s->units[i].n_models;
	struct arb_scenario_index *ix = calloc(1, sizeof *ix);
	if (!ix)
		return ARB_ENOMEM;
	int rc = ARB_OK;
	if (s->n_units + models + s->action.n_paths >= INDEX_MIN) {
		ix->tables = true;
		if (!(ix->own = malloc((models ? models : 1) * sizeof *ix->own)))
			rc = ARB_ENOMEM;
		size_t k = 0;
		for (size_t i = 0; i < s->n_units && rc == ARB_OK; i++) {
			const arb_unit *u = &s->units[i];
			rc = put_first(&ix->units, u->id, u);
			for (size_t j = 0; j < u->n_models && rc == ARB_OK; j++, k++) {
				ix->own[k] = (owned){&u->models[j], u};
				rc = put_first(&ix->models, u->models[j].id, &ix->own[k]);
			}
		}
		for (size_t i = 0; i < s->action.n_paths && rc == ARB_OK; i++)
			rc = put_first(&ix->paths, s->action.paths[i].model, &s->action.paths[i]);
	}
	if (rc == ARB_OK)
		rc = index_paths(ix, s, models);
	if (rc != ARB_OK) {
		index_free(ix);
		return rc;
	}
	s->index_ = ix;
	return ARB_OK;
}

void arb__scenario_prefetch(const arb_scenario *s)
{
	arb__arena_prefetch(s->arena_);
	const struct arb_scenario_index *ix = s->index_;
	if (!ix)
		return;
	__builtin_prefetch(ix);
	for (size_t k = 0; ix->by_id && k < ix->cap * sizeof *ix->by_id; k += 64)
		__builtin_prefetch((const char *)ix->by_id + k);
}

void arb_scenario_free(arb_scenario *s)
{
	if (!s)
		return;
	index_free(s->index_);
	arb__arena_free(s->arena_);
	free(s);
}

void *arb_scenario_alloc(arb_scenario *s, size_t size)
{
	return arb__arena_alloc(s->arena_, size);
}

/* Where a reader read a field of the scenario: a list in its arena (the
 * case reader marks once the rest is read: at its end). */
struct arb_field_mark {
	const char *field;
	long line, column;
	struct arb_field_mark *next;
};

int arb_scenario_mark_field(arb_scenario *s, const char *field, long line, long column)
{
	struct arb_field_mark *m = arb_scenario_alloc(s, sizeof *m);
	if (!m)
		return ARB_ENOMEM;
	*m = (struct arb_field_mark){field, line, column, s->marks_};
	s->marks_ = m;
	return ARB_OK;
}

void arb_scenario_locate(const arb_scenario *s, arb_error *err)
{
	for (const struct arb_field_mark *m = s->marks_; m && err; m = m->next)
		if (strcmp(m->field, err->field) == 0) {
			err->line = m->line;
			err->column = m->column;
			return;
		}
}

char *arb_scenario_strdup(arb_scenario *s, const char *str)
{
	return str ? arb__arena_strndup(s->arena_, str, strlen(str)) : NULL;
}

char *arb_scenario_strndup(arb_scenario *s, const char *str, size_t n)
{
	return arb__arena_strndup(s->arena_, str, n);
}

const arb_unit *arb_scenario_unit(const arb_scenario *s, const char *id)
{
	if (!id)
		return NULL;
	if (s->index_ && s->index_->tables)
		return arb__idmap_get(&s->index_->units, id);
	for (size_t i = 0; i < s->n_units; i++)
		if (arb__same(s->units[i].id, id))
			return &s->units[i];
	return NULL;
}

const arb_model *arb_scenario_model(const arb_scenario *s, const char *id, const arb_unit **unit)
{
	if (s->index_ && s->index_->tables && id) {
		const owned *o = arb__idmap_get(&s->index_->models, id);
		if (o && unit)
			*unit = o->u;
		return o ? o->m : NULL;
	}
	for (size_t i = 0; i < s->n_units; i++)
		for (size_t j = 0; j < s->units[i].n_models; j++)
			if (arb__same(s->units[i].models[j].id, id)) {
				if (unit)
					*unit = &s->units[i];
				return &s->units[i].models[j];
			}
	return NULL;
}

const arb_path *arb_scenario_path(const arb_scenario *s, const char *model)
{
	const struct arb_scenario_index *ix = s->index_;
	if (ix && model) {
		/* a model's own ID: known by its address */
		for (size_t k = ptr_hash(model, ix->cap); ix->by_id[k].id;
		     k = (k + 1) & (ix->cap - 1))
			if (ix->by_id[k].id == model)
				return ix->by_id[k].path;
		if (ix->tables)
			return arb__idmap_get(&ix->paths, model);
	}
	return path_scan(s, model);
}

const char *arb_scenario_fact(const arb_scenario *s, const char *name)
{
	for (size_t i = 0; i < s->n_facts; i++)
		if (arb__same(s->facts[i].name, name))
			return s->facts[i].value;
	return NULL;
}

bool arb_unit_has_status(const arb_unit *u, const char *status)
{
	for (size_t i = 0; i < u->n_status; i++)
		if (arb__same(u->status[i], status))
			return true;
	return false;
}

static bool kv_find(const arb_kv *kv, size_t n, const char *name, double *out)
{
	for (size_t i = 0; i < n; i++)
		if (arb__same(kv[i].name, name)) {
			*out = kv[i].value;
			return true;
		}
	return false;
}

bool arb_model_stat(const arb_model *m, const arb_unit *u, const char *name, double *out)
{
	if (m && kv_find(m->stats, m->n_stats, name, out))
		return true;
	return u && kv_find(u->stats, u->n_stats, name, out);
}

arb_placed arb_model_placed(const arb_model *m)
{
	arb_placed p = {.c = m->pos, .facing_deg = m->facing_deg, .base = m->base};
	return p;
}

double arb_path_facing(const arb_path *p, const arb_model *m, size_t i)
{
	/* written, else the facing before it turned by the step's written angle */
	double f = m->facing_deg;
	for (size_t k = 0; p && p->facing && k <= i && k < p->n_pts; k++) {
		if (!isnan(p->facing[k]))
			f = p->facing[k];
		else if (k > 0 && p->steps && p->steps[k - 1].kind == ARB_STEP_ROTATE &&
		         !isnan(p->steps[k - 1].angle_deg))
			f += p->steps[k - 1].angle_deg;
	}
	return f;
}

double arb_path_turn(const arb_path *p, const arb_model *m, size_t i)
{
	if (!p || !p->steps || i + 1 >= p->n_pts || p->steps[i].kind != ARB_STEP_ROTATE)
		return 0;
	if (!isnan(p->steps[i].angle_deg))
		return p->steps[i].angle_deg;
	return arb_angle_delta(arb_path_facing(p, m, i), arb_path_facing(p, m, i + 1));
}

double arb_path_length(const arb_path *p, const arb_model *m)
{
	double len = 0;
	if (!p)
		return 0;
	for (size_t i = 0; i + 1 < p->n_pts; i++) {
		if (p->steps && p->steps[i].kind == ARB_STEP_ROTATE) {
			arb_vec2 d = {p->pts[i].x - p->steps[i].pivot.x,
			              p->pts[i].y - p->steps[i].pivot.y};
			len += arb_arc_length(hypot(d.x, d.y), arb_path_turn(p, m, i));
		} else {
			len += hypot(p->pts[i + 1].x - p->pts[i].x, p->pts[i + 1].y - p->pts[i].y);
		}
	}
	return len;
}

size_t arb_scenario_dice_for(const arb_scenario *s, const char *test, int *out, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n_dice; i++)
		if (!s->dice_test || (s->dice_test[i] && arb__same(s->dice_test[i], test))) {
			if (n < cap)
				out[n] = s->dice[i];
			n++;
		}
	return n;
}
