/*
 * engine.c: judging a scenario. Every applicable predicate runs; answers
 * are grouped by the question they decide; declared precedence removes the
 * answers it overrides; what is left becomes legal, illegal, or disputed
 * (conflict, gap, readings). No clause is reconciled with another here:
 * disagreement is reported, never resolved (DESIGN, principles 1 and 2).
 */
#include "engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kOutcome[] = {"not-applicable", "holds",     "violated", "permits",
                                       "values",         "undecided", "missing"};
static const char *const kVerdict[] = {"legal", "illegal", "disputed", "not-applicable",
                                       "missing-input"};

const char *arb_outcome_name(arb_outcome o)
{
	return (unsigned)o < sizeof kOutcome / sizeof *kOutcome ? kOutcome[o] : "?";
}

const char *arb_verdict_kind_name(arb_verdict_kind k)
{
	return (unsigned)k < ARB_V_KINDS ? kVerdict[k] : "?";
}

int arb_verdict_kind_parse(const char *s, arb_verdict_kind *out)
{
	for (int i = 0; i < ARB_V_KINDS; i++)
		if (strcmp(s, kVerdict[i]) == 0) {
			*out = (arb_verdict_kind)i;
			return 0;
		}
	return -1;
}

const char *arb_dispute_name(int bits, char *buf, size_t n)
{
	static const char *const names[] = {"conflict", "gap", "readings"};
	size_t k = 0;
	if (n)
		buf[0] = '\0';
	for (int i = 0; i < 3; i++)
		if (bits & (1 << i)) {
			if (k + 1 >= n)
				break;
			int w = snprintf(buf + k, n - k, "%s%s", k ? "+" : "", names[i]);
			if (w > 0)
				k = (size_t)w < n - k ? k + (size_t)w : n - 1;
		}
	return buf;
}

int arb_dispute_parse(const char *s, int *out)
{
	*out = 0;
	while (*s) {
		size_t n = strcspn(s, "+");
		if (n == 8 && strncmp(s, "conflict", 8) == 0)
			*out |= ARB_DISPUTE_CONFLICT;
		else if (n == 3 && strncmp(s, "gap", 3) == 0)
			*out |= ARB_DISPUTE_GAP;
		else if (n == 8 && strncmp(s, "readings", 8) == 0)
			*out |= ARB_DISPUTE_READINGS;
		else
			return -1;
		s += n;
		if (*s == '+' && *++s == '\0')
			return -1; /* a trailing '+' names nothing */
	}
	return 0;
}

/* ---- validation ---- */

#define BAD(field, ...)                                                                            \
	arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, field, __VA_ARGS__)

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
static int unit_footprint_at(const arb_scenario *s, const arb_unit *u, size_t i, double f,
                             arb_footprint *out)
{
	arb_placed *b = malloc((u->n_models ? u->n_models : 1) * sizeof *b);
	if (!b)
		return ARB_ENOMEM;
	for (size_t j = 0; j < u->n_models; j++) {
		const arb_path *q = arb_scenario_path(s, u->models[j].id);
		b[j] = arb_model_placed(&u->models[j]);
		if (q && q->n_pts)
			b[j].c = q->pts[i < q->n_pts ? i : q->n_pts - 1];
	}
	*out = arb_footprint_of(b, u->n_models, f);
	free(b);
	return ARB_OK;
}

/* A path of poses (CONV.TURN.2): a translation keeps the facing, a
 * rotation is one the ruleset lets the action make, about the point it
 * names, and each pose follows from the one before (CONV.TURN.3). */
static int validate_turns(const arb_scenario *s, const arb_rulebook *rb, const arb_unit *actor,
                          const arb_model *m, const arb_path *p, arb_error *err)
{
	arb_pivot about = ARB_PIVOT_POINT;
	bool may_turn = arb_rulebook_turn(rb, s->ruleset, s->action.type, &about);
	for (size_t i = 0; p->steps && i + 1 < p->n_pts; i++) {
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
		if (unit_footprint_at(s, actor, i, f0, &ufp))
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

int arb_scenario_validate(const arb_scenario *s, const arb_rulebook *rb, arb_error *err)
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
		for (size_t j = 0; j < i; j++)
			if (strcmp(s->units[j].id, u->id) == 0)
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
			if (arb_scenario_model(s, m->id, &owner) != m)
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
		for (size_t j = 0; j < t->n_poly; j++)
			if (!isfinite(t->poly[j].x) || !isfinite(t->poly[j].y))
				return BAD("terrain", "terrain %s: corner %zu is not finite", t->id,
				           j + 1);
	}
	const arb_action *a = &s->action;
	if (!a->type || !arb_rulebook_declares(rb, rs, "actions", a->type))
		return BAD("action", "unknown action '%s' for %s", a->type ? a->type : "", rs);
	const arb_unit *actor = arb_scenario_unit(s, a->unit);
	if (!actor)
		return BAD("action", "action names unit '%s', which is not on the board",
		           a->unit ? a->unit : "");
	for (size_t i = 0; i < a->n_targets; i++)
		if (!arb_scenario_unit(s, a->targets[i]))
			return BAD("action", "action targets unit '%s', which is not on the board",
			           a->targets[i]);
	for (size_t i = 0; i < a->n_paths; i++) {
		const arb_path *p = &a->paths[i];
		const arb_unit *owner = NULL;
		const arb_model *m = arb_scenario_model(s, p->model, &owner);
		if (!m)
			return BAD("paths", "path of model '%s', which is not on the board",
			           p->model);
		if (owner != actor &&
		    !arb_rulebook_declares(rb, s->ruleset, "moves_others", a->type))
			return BAD("paths",
			           "model %s belongs to unit %s, not to the acting unit %s (a %s "
			           "moves no other unit's models: moves_others: in ruleset.md)",
			           p->model, owner->id, actor->id, a->type);
		if (arb_scenario_path(s, p->model) != p)
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
		rc = validate_turns(s, rb, owner, m, p, err);
		if (rc)
			return rc;
	}
	for (size_t i = 0; i < a->n_stationary; i++) {
		const arb_unit *owner = NULL;
		if (!arb_scenario_model(s, a->stationary[i], &owner))
			return BAD("stationary", "model '%s' is not on the board",
			           a->stationary[i]);
		if (owner != actor)
			return BAD("stationary", "model %s is not in the acting unit %s",
			           a->stationary[i], actor->id);
	}
	if (s->context.in_progress && !arb_scenario_unit(s, s->context.in_progress))
		return BAD("context", "in_progress names unit '%s', which is not on the board",
		           s->context.in_progress);
	for (size_t i = 0; i < s->context.n_completed; i++)
		if (!arb_scenario_unit(s, s->context.completed[i]))
			return BAD("context",
			           "completed names unit '%s', which is not on the board",
			           s->context.completed[i]);
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

/* ---- judging ---- */

enum { CL_NONE = 0, CL_NEG = 1, CL_POS = 2, CL_UND = 4 };

static int outcome_class(arb_outcome o)
{
	switch (o) {
	case ARB_VIOLATED:
		return CL_NEG;
	case ARB_HOLDS:
	case ARB_PERMITS:
	case ARB_VALUE:
		return CL_POS;
	case ARB_UNDECIDED:
		return CL_UND;
	default:
		return CL_NONE;
	}
}

static bool active(const arb_trace *t)
{
	return t->result.outcome != ARB_NA && !t->not_selected && !t->overridden_by;
}

/* A sorted set of clause IDs (pointers into the rulebook or predicates). */
typedef struct idset {
	const char **v;
	size_t n, cap;
} idset;

static int idset_add(idset *s, const char *id)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], id) == 0)
			return ARB_OK;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 8;
		const char **v = realloc(s->v, cap * sizeof *v);
		if (!v)
			return ARB_ENOMEM;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = id;
	return ARB_OK;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* One scenario as it is judged, worked out once from the oracle's index
 * (engine.h): the predicates that judge it (trace entry i is predicate
 * app[i], of clause app_clause[i] and question app_question[i]; the first
 * entry of its clause is first[i], the next one next[i], n_app for none;
 * qhead[i] marks the first entry of its question, qnext[i] the next) and
 * what its profile picks. From here on, clauses and questions
 * are compared by number. */
typedef struct judging {
	const arb_oracle *o;
	const arb_scenario *s;
	const arb_rs_index *x;
	const size_t *app, *app_clause, *app_question, *first, *next, *qnext;
	const bool *qhead;
	size_t n_app;
	const size_t *prec_at;        /* per precedence: its winner's and loser's first entries */
	const bool *not_selected;     /* per bound predicate; NULL: the profile picks none */
	const signed char *prec_pick; /* per precedence; NULL: likewise */
	/* Scratch for deciding, n_app numbers each, in scratch[0..n_scratch)
	 * or, when that is too small, in heap (owned): per question the
	 * clauses seen, the trace entries of the clauses that forbid, permit,
	 * split, leave it open, and of the answers that miss a fact. */
	size_t *scratch, n_scratch, *heap;
	size_t *seen, *neg, *perm, *split, *und, *mis;
	bool terse; /* ARB_JUDGE_TERSE */
} judging;

static size_t clause_of(const judging *j, size_t i)
{
	return j->app_clause[i];
}

static size_t question_of(const judging *j, size_t i)
{
	return j->app_question[i];
}

static const char *missing_of(const arb_verdict *v, size_t i)
{
	return v->trace[i].result.missing ? v->trace[i].result.missing : "?";
}

/* Whether two selected readings of the clause whose first trace entry is
 * first give one value different numbers. */
static bool values_differ(const arb_verdict *v, const judging *j, size_t first)
{
	for (size_t i = first; i < v->n_trace; i = j->next[i]) {
		const arb_trace *a = &v->trace[i];
		if (a->not_selected || a->overridden_by)
			continue;
		for (size_t k = j->next[i]; k < v->n_trace; k = j->next[k]) {
			const arb_trace *b = &v->trace[k];
			if (b->not_selected || b->overridden_by)
				continue;
			for (size_t x = 0; x < a->result.n_values; x++)
				for (size_t y = 0; y < b->result.n_values; y++)
					if (strcmp(a->result.values[x].name,
					           b->result.values[y].name) == 0 &&
					    a->result.values[x].value != b->result.values[y].value)
						return true;
		}
	}
	return false;
}

/* Decides the question whose first trace entry is qfirst: the answers of the
 * active predicates that decide it. */
static int decide_question(arb_verdict *v, const judging *j, size_t qfirst, idset *violates,
                           idset *disputed, idset *missing, bool *illegal)
{
	size_t n_seen = 0, n_neg = 0, n_perm = 0, n_split = 0, n_und = 0, n_mis = 0;
	size_t q = question_of(j, qfirst);
	bool any_pos = false;
	int rc = ARB_OK;
	for (size_t i = qfirst; i < v->n_trace; i = j->qnext[i]) {
		if (!active(&v->trace[i]))
			continue;
		size_t cl = clause_of(j, i);
		bool done = false;
		for (size_t k = 0; k < n_seen && !done; k++)
			done = j->seen[k] == cl;
		if (done)
			continue;
		j->seen[n_seen++] = cl;
		/* The classes of all active readings of this clause. */
		int classes = 0;
		bool permits = false, silent = false, needs = false;
		for (size_t k = j->first[i]; k < v->n_trace; k = j->next[k]) {
			const arb_trace *u = &v->trace[k];
			if (u->not_selected || u->overridden_by || question_of(j, k) != q)
				continue;
			/* A reading that needs a fact the scenario lacks: a missing input. */
			if (u->result.outcome == ARB_MISSING) {
				needs = true;
				bool have = false;
				for (size_t m = 0; m < n_mis && !have; m++)
					have =
					    strcmp(missing_of(v, j->mis[m]), missing_of(v, k)) == 0;
				if (!have)
					j->mis[n_mis++] = k;
				continue;
			}
			/* A reading under which the clause does not apply forbids nothing. */
			silent = silent || u->result.outcome == ARB_NA;
			classes |= outcome_class(u->result.outcome);
			permits = permits || u->result.outcome == ARB_PERMITS;
		}
		/* One reading forbids, another does not even apply: they disagree. */
		if ((classes & CL_NEG) && silent)
			classes |= CL_POS;
		/* Readings that derive different numbers for one value disagree too. */
		if (classes == CL_POS && values_differ(v, j, j->first[i]))
			classes |= CL_NEG;
		if (needs)
			continue;
		if (classes != CL_NEG && classes != CL_POS && classes != CL_UND)
			j->split[n_split++] = i;
		else if (classes == CL_NEG)
			j->neg[n_neg++] = i;
		else if (classes == CL_UND)
			j->und[n_und++] = i;
		else {
			any_pos = true;
			if (permits)
				j->perm[n_perm++] = i;
		}
	}
	/* A violated clause that nothing permits decides, whatever a missing fact
	 * would say elsewhere; otherwise the question waits for the fact. */
	const arb_trace *t = v->trace;
	if (n_mis && !(n_neg && !n_perm)) {
		for (size_t i = 0; i < n_mis && rc == ARB_OK; i++)
			rc = idset_add(missing, missing_of(v, j->mis[i]));
	} else {
		for (size_t i = 0; i < n_split && rc == ARB_OK; i++)
			rc = idset_add(disputed, t[j->split[i]].pred->clause);
		if (n_split)
			v->dispute |= ARB_DISPUTE_READINGS;
		for (size_t i = 0; i < n_neg && rc == ARB_OK; i++)
			rc = idset_add(violates, t[j->neg[i]].pred->clause);
		if (n_neg && n_perm) {
			v->dispute |= ARB_DISPUTE_CONFLICT;
			for (size_t i = 0; i < n_neg && rc == ARB_OK; i++)
				rc = idset_add(disputed, t[j->neg[i]].pred->clause);
			for (size_t i = 0; i < n_perm && rc == ARB_OK; i++)
				rc = idset_add(disputed, t[j->perm[i]].pred->clause);
		} else if (n_neg) {
			*illegal = true;
		} else if (!any_pos && !n_split && n_und) {
			v->dispute |= ARB_DISPUTE_GAP;
			for (size_t i = 0; i < n_und && rc == ARB_OK; i++)
				rc = idset_add(disputed, t[j->und[i]].pred->clause);
		}
	}
	return rc;
}

void arb_verdict_free(arb_verdict *v)
{
	if (!v)
		return;
	free(v->violates);
	free(v->disputed);
	free(v->values);
	free(v->info);
	free(v->missing);
	free(v->trace);
	free(v);
}

/* A placement line `- action NAME in PHASE[/SUBPHASE]: CLAUSE "words"` as a
 * predicate: the action is made where the text places it, or it is not. */
void arb__placement_fn(const arb_eval *ev, arb_result *r)
{
	const arb_scenario *s = ev->s;
	const arb_placement *pl = ev->b->placement;
	const char *sub = s->context.subphase;
	if (!pl || strcmp(pl->name, s->action.type) != 0) {
		r->outcome = ARB_NA;
		return;
	}
	bool here = strcmp(pl->phase, s->context.phase) == 0 &&
	            (!pl->subphase || (sub && strcmp(pl->subphase, sub) == 0));
	r->outcome = here ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "a %s is made in the %s phase%s%s%s (\"%s\"); this one is in the %s "
	                   "phase%s%s%s",
	                   pl->name, pl->phase, pl->subphase ? ", " : "",
	                   pl->subphase ? pl->subphase : "", pl->subphase ? " sub-phase" : "",
	                   pl->words, s->context.phase, sub ? ", " : "", sub ? sub : "",
	                   sub ? " sub-phase" : "");
}

/* Whether the clause whose first trace entry is first answers in the trace
 * (permits: answers "permits"). */
static bool trace_applies(const arb_verdict *v, const judging *j, size_t first, bool permits)
{
	for (size_t i = first; i < v->n_trace; i = j->next[i])
		if (!v->trace[i].not_selected &&
		    (permits ? v->trace[i].result.outcome == ARB_PERMITS
		             : v->trace[i].result.outcome != ARB_NA))
			return true;
	return false;
}

/* How many arguable precedences of one ruleset are judged both ways (bits of
 * an unsigned); only those whose two clauses both answer a scenario are. */
#define ARB_ARGUABLE_MAX 31

/* Whether arguable precedence k (the arg-th arguable one) is taken as an
 * exception: as the profile reads "WINNER over LOSER", else bit arg of on. */
static bool arguable_on(const judging *j, size_t k, unsigned on, size_t arg)
{
	int pick = j->prec_pick ? j->prec_pick[k] : 0;
	if (pick)
		return pick > 0;
	return arg < ARB_ARGUABLE_MAX && (on >> arg & 1u);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const arb_kv *)a)->name, ((const arb_kv *)b)->name);
}

/* Copies the active predicates' values into v: required ones to values,
 * informative ones to info, each name once. */
static int collect_values(arb_verdict *v)
{
	size_t n = 0, n_info = 0;
	for (size_t i = 0; i < v->n_trace; i++)
		if (active(&v->trace[i])) {
			const arb_result *r = &v->trace[i].result;
			n += r->n_values;
			for (size_t j = 0; j < r->n_values; j++)
				n_info += r->informative >> j & 1u;
		}
	if ((n > n_info && !(v->values = calloc(n - n_info, sizeof *v->values))) ||
	    (n_info && !(v->info = calloc(n_info, sizeof *v->info))))
		return ARB_ENOMEM;
	for (size_t i = 0; i < v->n_trace; i++) {
		if (!active(&v->trace[i]))
			continue;
		const arb_result *r = &v->trace[i].result;
		for (size_t j = 0; j < r->n_values; j++) {
			bool info = r->informative >> j & 1u;
			arb_kv *list = info ? v->info : v->values;
			size_t *len = info ? &v->n_info : &v->n_values;
			if (!list) /* each list was sized by the count above */
				continue;
			bool dup = false;
			for (size_t k = 0; k < *len; k++)
				dup = dup || strcmp(list[k].name, r->values[j].name) == 0;
			if (!dup)
				list[(*len)++] = r->values[j];
		}
	}
	if (v->n_values)
		qsort(v->values, v->n_values, sizeof *v->values, by_name);
	if (v->n_info)
		qsort(v->info, v->n_info, sizeof *v->info, by_name);
	return ARB_OK;
}

/* One judgement of j->s, with the arg-th arguable precedence taken as an
 * exception when bit arg of on is set (unless the profile reads it). */
/* Judges j's scenario with the arguable precedences `on` ranked. The
 * predicates run once per scenario: when `ran` (a verdict of the same
 * scenario) is given, its results are taken instead of running them
 * again, since a precedence ranks results and never changes them. */
static int judge_once(arb_verdict **out, const judging *j, unsigned on, const arb_verdict *ran,
                      arb_error *err)
{
	const arb_oracle *o = j->o;
	const arb_scenario *s = j->s;
	const arb_rs_index *x = j->x;
	int rc = ARB_OK;
	arb_verdict *v = calloc(1, sizeof *v);
	idset violates = {0}, disputed = {0}, missing = {0};
	arb_eval ev = {.o = o, .s = s, .actor = arb_scenario_unit(s, s->action.unit)};
	*out = NULL;
	if (!v || !(v->trace = calloc(j->n_app ? j->n_app : 1, sizeof *v->trace))) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	v->scenario_id = s->id;
	if (ran) {
		for (size_t a = 0; a < ran->n_trace; a++) {
			v->trace[a] = ran->trace[a];
			v->trace[a].overridden_by = NULL;
			v->trace[a].overridden_how = NULL;
		}
		v->n_trace = ran->n_trace;
	}
	for (size_t a = 0; !ran && a < j->n_app; a++) {
		const arb_bound *b = &o->bound[j->app[a]];
		const arb_predicate *p = b->pred;
		arb_trace *t = &v->trace[v->n_trace++];
		t->pred = p;
		t->reading = b->reading;
		ev.b = b;
		ev.fault = NULL;
		t->result.terse_ = j->terse;
		p->fn(&ev, &t->result);
		if (ev.fault) {
			rc =
			    arb_error_set(err, ARB_EINTERNAL, p->src_file, p->src_line, 0, "params",
			                  "predicate of %s read parameter '%s' its tag does not "
			                  "declare",
			                  p->clause, ev.fault);
			goto done;
		}
		if (t->result.fault) {
			rc = arb_error_set(err, t->result.fault, s->src_file, s->src_line, 0, NULL,
			                   "%s%s%s could not judge %s: %s", p->clause,
			                   b->reading ? "/" : "", b->reading ? b->reading : "",
			                   s->id, t->result.explanation);
			goto done;
		}
		t->not_selected = j->not_selected && j->not_selected[j->app[a]];
	}
	/* Declared precedence: an applicable winner silences its loser. */
	for (size_t k = 0, arg = 0; k < x->n_prec; k++) {
		const arb_precedence *pr = x->prec[k].pr;
		if (pr->arguable && !arguable_on(j, k, on, arg++))
			continue;
		if (!trace_applies(v, j, j->prec_at[2 * k], pr->when_permits))
			continue;
		for (size_t i = j->prec_at[2 * k + 1]; i < v->n_trace; i = j->next[i])
			if (v->trace[i].result.outcome != ARB_NA && !v->trace[i].overridden_by) {
				v->trace[i].overridden_by = pr->winner;
				v->trace[i].overridden_how = pr;
			}
	}
	/* Each question some active predicate answers (in the order of the
	 * text: the verdict's lists are sorted, so the order is not seen). */
	bool illegal = false, any = false;
	for (size_t i = 0; i < v->n_trace && rc == ARB_OK; i++) {
		if (!j->qhead[i])
			continue;
		size_t k = i;
		while (k < v->n_trace && !active(&v->trace[k]))
			k = j->qnext[k];
		if (k == v->n_trace)
			continue;
		any = true;
		rc = decide_question(v, j, i, &violates, &disputed, &missing, &illegal);
	}
	if (rc == ARB_OK)
		rc = collect_values(v);
	if (rc) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	v->kind = illegal      ? ARB_V_ILLEGAL
	          : missing.n  ? ARB_V_MISSING_INPUT
	          : v->dispute ? ARB_V_DISPUTED
	          : any        ? ARB_V_LEGAL
	                       : ARB_V_NOT_APPLICABLE;
	/* A verdict says what decided it: dispute only when disputed, missing
	 * facts only when they are what is missing (docs/interchange.md). */
	if (v->kind != ARB_V_DISPUTED) {
		v->dispute = 0;
		disputed.n = 0;
	}
	if (v->kind != ARB_V_MISSING_INPUT)
		missing.n = 0;
	if (violates.n)
		qsort(violates.v, violates.n, sizeof *violates.v, cmp_cstr);
	if (disputed.n)
		qsort(disputed.v, disputed.n, sizeof *disputed.v, cmp_cstr);
	if (missing.n)
		qsort(missing.v, missing.n, sizeof *missing.v, cmp_cstr);
	v->violates = violates.v;
	v->n_violates = violates.n;
	v->disputed = disputed.v;
	v->n_disputed = disputed.n;
	v->missing = missing.v;
	v->n_missing = missing.n;
	violates.v = disputed.v = missing.v = NULL;
done:
	arb__eval_memo_free(&ev);
	free(violates.v);
	free(disputed.v);
	free(missing.v);
	if (rc) {
		arb_verdict_free(v);
		return rc;
	}
	*out = v;
	return ARB_OK;
}

static bool same_ids(const char **a, size_t na, const char **b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

static bool same_verdict(const arb_verdict *a, const arb_verdict *b)
{
	return a->kind == b->kind && a->dispute == b->dispute &&
	       same_ids(a->violates, a->n_violates, b->violates, b->n_violates) &&
	       same_ids(a->missing, a->n_missing, b->missing, b->n_missing);
}

/* The slot of name among names: its index, or n for any other. */
static size_t slot_of(const char *const *names, size_t n, const char *name)
{
	size_t i = 0;
	while (i < n && strcmp(names[i], name) != 0)
		i++;
	return i;
}

/* Fills j for scenario j->s under profile: its ruleset, action, phase and
 * profile looked up once, by name, in the oracle's index. */
static int resolve(judging *j, const char *profile, arb_error *err)
{
	const arb_oracle *o = j->o;
	const arb_scenario *s = j->s;
	size_t r = 0;
	while (r < o->n_rs && strcmp(o->rs[r].name, s->ruleset) != 0)
		r++;
	if (r == o->n_rs) {
		arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "ruleset",
		              "unknown ruleset '%s'", s->ruleset);
		return ARB_EINPUT;
	}
	const arb_rs_index *x = j->x = &o->rs[r];
	size_t k = slot_of(x->actions, x->n_actions, s->action.type) * (x->n_phases + 1) +
	           slot_of(x->phases, x->n_phases, s->context.phase);
	j->app = x->ix + x->start[k];
	j->app_clause = x->ix_clause + x->start[k];
	j->app_question = x->ix_question + x->start[k];
	j->first = x->ix_first + x->start[k];
	j->next = x->ix_next + x->start[k];
	j->qhead = x->ix_qhead + x->start[k];
	j->qnext = x->ix_qnext + x->start[k];
	j->prec_at = x->prec_at + 2 * k * x->n_prec;
	j->n_app = x->start[k + 1] - x->start[k];
	if (profile && strcmp(profile, "all") != 0) {
		size_t p = slot_of(x->profiles, x->n_profiles, profile);
		if (p == x->n_profiles) {
			arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "profile",
			              "unknown reading profile '%s' for %s", profile, s->ruleset);
			return ARB_EINPUT;
		}
		j->not_selected = x->not_selected + p * o->n;
		j->prec_pick = x->prec_pick + p * x->n_prec;
	}
	/* Every scratch list of the scenario's judgements in one block: the
	 * caller's (on its stack) when it is large enough, else one allocation. */
	size_t n = j->n_app ? j->n_app : 1, *block = j->scratch;
	if (6 * n > j->n_scratch && !(block = j->heap = malloc(6 * n * sizeof *block))) {
		arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		return ARB_ENOMEM;
	}
	size_t **lists[] = {&j->seen, &j->neg, &j->perm, &j->split, &j->und, &j->mis};
	for (size_t i = 0; i < 6; i++)
		*lists[i] = block + i * n;
	return ARB_OK;
}

int arb_judge(arb_verdict **out, const arb_oracle *o, const arb_scenario *s, const char *profile,
              arb_error *err)
{
	return arb_judge_ex(out, o, s, profile, 0, err);
}

int arb_judge_ex(arb_verdict **out, const arb_oracle *o, const arb_scenario *s, const char *profile,
                 unsigned flags, arb_error *err)
{
	*out = NULL;
	int rc = arb_scenario_validate(s, o->rb, err);
	if (rc)
		return rc;
	if (!profile)
		profile = s->profile;
	/* Room for the scratch lists of a scenario that up to 256 predicates
	 * judge (139 at most in the suite of issue 9): no allocation for them. */
	size_t scratch[6 * 256];
	judging j = {.o = o,
	             .s = s,
	             .scratch = scratch,
	             .n_scratch = 6 * 256,
	             .terse = (flags & ARB_JUDGE_TERSE) != 0};
	arb_verdict *v = NULL;
	if ((rc = resolve(&j, profile, err)) || (rc = judge_once(&v, &j, 0, NULL, err)))
		goto done;
	/* Arguable precedences the profile leaves open and whose two clauses both
	 * apply are readings: judged each way, they must agree. */
	const arb_rs_index *x = j.x;
	unsigned relevant = 0;
	for (size_t k = 0, arg = 0; k < x->n_prec; k++) {
		const arb_precedence *pr = x->prec[k].pr;
		if (!pr->arguable)
			continue;
		bool open = !j.prec_pick || j.prec_pick[k] == 0;
		if (open && arg < ARB_ARGUABLE_MAX &&
		    trace_applies(v, &j, j.prec_at[2 * k], pr->when_permits) &&
		    trace_applies(v, &j, j.prec_at[2 * k + 1], false)) {
			relevant |= 1u << arg;
		}
		arg++;
	}
	bool differ = false;
	for (unsigned on = relevant; on && !differ; on = (on - 1) & relevant) {
		arb_verdict *w = NULL;
		if ((rc = judge_once(&w, &j, on, v, err)))
			goto done;
		differ = !same_verdict(v, w);
		arb_verdict_free(w);
	}
	if (differ) {
		/* disputed: readings, naming both clauses of each open precedence */
		idset d = {0};
		for (size_t i = 0; i < v->n_disputed && rc == ARB_OK; i++)
			rc = idset_add(&d, v->disputed[i]);
		for (size_t k = 0, arg = 0; k < x->n_prec && rc == ARB_OK; k++) {
			const arb_precedence *pr = x->prec[k].pr;
			if (!pr->arguable)
				continue;
			if (relevant >> arg++ & 1u)
				rc = idset_add(&d, pr->winner) ? ARB_ENOMEM
				                               : idset_add(&d, pr->loser);
		}
		if (rc) {
			free(d.v);
			rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
			goto done;
		}
		if (d.n)
			qsort(d.v, d.n, sizeof *d.v, cmp_cstr);
		free(v->disputed);
		free(v->missing);
		v->missing = NULL;
		v->n_missing = 0;
		v->disputed = d.v;
		v->n_disputed = d.n;
		v->dispute = (v->kind == ARB_V_DISPUTED ? v->dispute : 0) | ARB_DISPUTE_READINGS;
		v->kind = ARB_V_DISPUTED;
	}
done:
	free(j.heap);
	if (rc) {
		arb_verdict_free(v);
		return rc;
	}
	*out = v;
	return ARB_OK;
}

/* ---- exact odds ---- */

/* Counts one outcome's value. A value name or level with no room left in
 * arb_odds is refused (ARB_EINPUT, the odds cannot be given whole), never
 * dropped. */
static int odds_count_value(arb_odds *od, const arb_kv *kv, const arb_scenario *s, arb_error *err)
{
	arb_odds_value *ov = NULL;
	for (size_t i = 0; i < od->n_values && !ov; i++)
		if (strcmp(od->values[i].name, kv->name) == 0)
			ov = &od->values[i];
	if (!ov) {
		if (od->n_values == ARB_ODDS_MAX_VALUES)
			return arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "dice",
			                     "the odds of %s derive more than %d values "
			                     "(ARB_ODDS_MAX_VALUES): '%s' has no room",
			                     s->id ? s->id : "the scenario", ARB_ODDS_MAX_VALUES,
			                     kv->name);
		ov = &od->values[od->n_values++];
		ov->name = kv->name;
	}
	size_t k = 0;
	while (k < ov->n_levels && ov->level[k] < kv->value)
		k++;
	if (k < ov->n_levels && ov->level[k] == kv->value) {
		ov->count[k]++;
		return ARB_OK;
	}
	if (ov->n_levels == ARB_ODDS_MAX_LEVELS)
		return arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "dice",
		                     "the odds of %s give value '%s' more than %d levels "
		                     "(ARB_ODDS_MAX_LEVELS) over %lu outcomes",
		                     s->id ? s->id : "the scenario", kv->name, ARB_ODDS_MAX_LEVELS,
		                     od->outcomes);
	memmove(&ov->level[k + 1], &ov->level[k], (ov->n_levels - k) * sizeof *ov->level);
	memmove(&ov->count[k + 1], &ov->count[k], (ov->n_levels - k) * sizeof *ov->count);
	ov->level[k] = kv->value;
	ov->count[k] = 1;
	ov->n_levels++;
	return ARB_OK;
}

int arb_odds_enumerate(arb_odds *out, const arb_oracle *o, const arb_scenario *s,
                       const char *profile, arb_error *err)
{
	memset(out, 0, sizeof *out);
	if (s->n_dice == 0 || s->n_dice > ARB_ODDS_MAX_DICE)
		return arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "dice",
		                     "odds need 1 to %d dice, the scenario rolls %zu",
		                     ARB_ODDS_MAX_DICE, s->n_dice);
	/* A shallow copy that points at our own dice: the scenario stays as it is. */
	arb_scenario copy = *s;
	int dice[ARB_ODDS_MAX_DICE];
	copy.dice = dice;
	out->dice = s->n_dice;
	out->outcomes = 1;
	for (size_t i = 0; i < s->n_dice; i++) {
		dice[i] = 1;
		out->outcomes *= 6;
	}
	for (unsigned long n = 0; n < out->outcomes; n++) {
		arb_verdict *v = NULL;
		int rc = arb_judge(&v, o, &copy, profile, err);
		if (rc)
			return rc;
		if (!v) /* never with ARB_OK; said so for the analyser */
			return arb_error_set(err, ARB_EINTERNAL, s->src_file, s->src_line, 0, NULL,
			                     "no verdict");
		out->by_kind[v->kind]++;
		for (size_t i = 0; i < v->n_values && !rc; i++)
			rc = odds_count_value(out, &v->values[i], s, err);
		arb_verdict_free(v);
		if (rc)
			return rc;
		/* the next outcome, as an odometer */
		for (size_t i = 0; i < s->n_dice; i++) {
			if (++dice[i] <= 6)
				break;
			dice[i] = 1;
		}
	}
	return ARB_OK;
}
