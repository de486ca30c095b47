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

static const char *const kOutcome[] = {"not-applicable", "holds",  "violated",
                                       "permits",        "values", "undecided"};
static const char *const kVerdict[] = {"legal", "illegal", "disputed", "not-applicable"};

const char *arb_outcome_name(arb_outcome o)
{
	return (unsigned)o < 6 ? kOutcome[o] : "?";
}

const char *arb_verdict_kind_name(arb_verdict_kind k)
{
	return (unsigned)k < 4 ? kVerdict[k] : "?";
}

int arb_verdict_kind_parse(const char *s, arb_verdict_kind *out)
{
	for (int i = 0; i < 4; i++)
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

#define BAD(field, ...) \
	arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, field, __VA_ARGS__)

static bool finite_pos(double v)
{
	return isfinite(v) && v > 0;
}

static int validate_base(const arb_scenario *s, const arb_model *m, arb_error *err)
{
	const arb_base *b = &m->base;
	if (b->shape == ARB_BASE_ROUND && !finite_pos(b->d_mm))
		return BAD("models", "model %s: base diameter must be a positive finite number, got %g",
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
	for (size_t i = 0; i < n; i++)
		if (!isfinite(kv[i].value))
			return BAD(field, "%s: characteristic %s is not a finite number", who,
			           kv[i].name);
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
	if (s->context.subphase &&
	    !arb_rulebook_declares(rb, rs, "subphases", s->context.subphase))
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
				return BAD("models", "model %s: position or facing is not finite", m->id);
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
				return BAD("terrain", "terrain %s: corner %zu is not finite", t->id, j + 1);
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
			return BAD("paths", "path of model '%s', which is not on the board", p->model);
		if (owner != actor)
			return BAD("paths", "model %s belongs to unit %s, not to the acting unit %s",
			           p->model, owner->id, actor->id);
		if (arb_scenario_path(s, p->model) != p)
			return BAD("paths", "model %s has two paths", p->model);
		if (p->n_pts == 0)
			return BAD("paths", "path of model %s has no points", p->model);
		for (size_t j = 0; j < p->n_pts; j++)
			if (!isfinite(p->pts[j].x) || !isfinite(p->pts[j].y))
				return BAD("paths", "path of model %s: point %zu is not finite", p->model,
				           j + 1);
		if (fabs(p->pts[0].x - m->pos.x) > 1e-9 || fabs(p->pts[0].y - m->pos.y) > 1e-9)
			return BAD("paths",
			           "path of model %s starts at (%g,%g), not at the model's position "
			           "(%g,%g)",
			           p->model, p->pts[0].x, p->pts[0].y, m->pos.x, m->pos.y);
	}
	for (size_t i = 0; i < a->n_stationary; i++) {
		const arb_unit *owner = NULL;
		if (!arb_scenario_model(s, a->stationary[i], &owner))
			return BAD("stationary", "model '%s' is not on the board", a->stationary[i]);
		if (owner != actor)
			return BAD("stationary", "model %s is not in the acting unit %s",
			           a->stationary[i], actor->id);
	}
	if (s->context.in_progress && !arb_scenario_unit(s, s->context.in_progress))
		return BAD("context", "in_progress names unit '%s', which is not on the board",
		           s->context.in_progress);
	for (size_t i = 0; i < s->context.n_completed; i++)
		if (!arb_scenario_unit(s, s->context.completed[i]))
			return BAD("context", "completed names unit '%s', which is not on the board",
			           s->context.completed[i]);
	for (size_t i = 0; i < s->n_facts; i++) {
		if (!arb_rulebook_declares(rb, rs, "facts", s->facts[i].name))
			return BAD("facts", "unknown fact '%s' for %s", s->facts[i].name, rs);
		for (size_t j = 0; j < i; j++)
			if (strcmp(s->facts[j].name, s->facts[i].name) == 0)
				return BAD("facts", "fact %s is given twice", s->facts[i].name);
	}
	for (size_t i = 0; i < s->n_dice; i++) {
		if (s->dice[i] < 1 || s->dice[i] > 6)
			return BAD("dice", "die %zu rolled %d: a D6 shows 1 to 6", i + 1, s->dice[i]);
		if (s->dice_test && (!s->dice_test[i] ||
		                     !arb_rulebook_declares(rb, rs, "tests", s->dice_test[i])))
			return BAD("dice", "die %zu is rolled for '%s', which is not a test of %s", i + 1,
			           s->dice_test[i] ? s->dice_test[i] : "(nothing)", rs);
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

static int cmp_kv(const void *a, const void *b)
{
	return strcmp(((const arb_kv *)a)->name, ((const arb_kv *)b)->name);
}

/* Whether two selected readings of clause cl give one value different numbers. */
static bool values_differ(const arb_verdict *v, const char *cl)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *a = &v->trace[i];
		if (a->not_selected || a->overridden_by || strcmp(a->pred->clause, cl) != 0)
			continue;
		for (size_t j = i + 1; j < v->n_trace; j++) {
			const arb_trace *b = &v->trace[j];
			if (b->not_selected || b->overridden_by || strcmp(b->pred->clause, cl) != 0)
				continue;
			for (size_t x = 0; x < a->result.n_values; x++)
				for (size_t y = 0; y < b->result.n_values; y++)
					if (strcmp(a->result.values[x].name, b->result.values[y].name) == 0 &&
					    a->result.values[x].value != b->result.values[y].value)
						return true;
		}
	}
	return false;
}

/* Decides one question: the answers of the active predicates that decide it. */
static int decide_question(arb_verdict *v, const char *q, idset *violates, idset *disputed,
                           bool *illegal)
{
	idset neg = {0}, perm = {0}, split = {0}, und = {0}, seen = {0};
	bool any_pos = false;
	int rc = ARB_OK;
	for (size_t i = 0; i < v->n_trace && rc == ARB_OK; i++) {
		const arb_trace *t = &v->trace[i];
		if (!active(t) || strcmp(t->pred->question, q) != 0)
			continue;
		const char *cl = t->pred->clause;
		bool done = false;
		for (size_t k = 0; k < seen.n; k++)
			done = done || strcmp(seen.v[k], cl) == 0;
		if (done)
			continue;
		rc = idset_add(&seen, cl);
		/* The classes of all active readings of this clause. */
		int classes = 0;
		bool permits = false, silent = false;
		for (size_t j = 0; j < v->n_trace; j++) {
			const arb_trace *u = &v->trace[j];
			if (u->not_selected || u->overridden_by || strcmp(u->pred->clause, cl) != 0)
				continue;
			/* A reading under which the clause does not apply forbids nothing. */
			silent = silent || u->result.outcome == ARB_NA;
			classes |= outcome_class(u->result.outcome);
			permits = permits || u->result.outcome == ARB_PERMITS;
		}
		/* One reading forbids, another does not even apply: they disagree. */
		if ((classes & CL_NEG) && silent)
			classes |= CL_POS;
		/* Readings that derive different numbers for one value disagree too. */
		if (classes == CL_POS && values_differ(v, cl))
			classes |= CL_NEG;
		if (rc)
			break;
		if (classes != CL_NEG && classes != CL_POS && classes != CL_UND)
			rc = idset_add(&split, cl);
		else if (classes == CL_NEG)
			rc = idset_add(&neg, cl);
		else if (classes == CL_UND)
			rc = idset_add(&und, cl);
		else {
			any_pos = true;
			if (permits)
				rc = idset_add(&perm, cl);
		}
	}
	if (rc == ARB_OK) {
		for (size_t i = 0; i < split.n && rc == ARB_OK; i++)
			rc = idset_add(disputed, split.v[i]);
		if (split.n)
			v->dispute |= ARB_DISPUTE_READINGS;
		for (size_t i = 0; i < neg.n && rc == ARB_OK; i++)
			rc = idset_add(violates, neg.v[i]);
		if (neg.n && perm.n) {
			v->dispute |= ARB_DISPUTE_CONFLICT;
			for (size_t i = 0; i < neg.n && rc == ARB_OK; i++)
				rc = idset_add(disputed, neg.v[i]);
			for (size_t i = 0; i < perm.n && rc == ARB_OK; i++)
				rc = idset_add(disputed, perm.v[i]);
		} else if (neg.n) {
			*illegal = true;
		} else if (!any_pos && !split.n && und.n) {
			v->dispute |= ARB_DISPUTE_GAP;
			for (size_t i = 0; i < und.n && rc == ARB_OK; i++)
				rc = idset_add(disputed, und.v[i]);
		}
	}
	free(neg.v);
	free(perm.v);
	free(split.v);
	free(und.v);
	free(seen.v);
	return rc;
}

void arb_verdict_free(arb_verdict *v)
{
	if (!v)
		return;
	free(v->violates);
	free(v->disputed);
	free(v->values);
	free(v->trace);
	free(v);
}

int arb_judge(arb_verdict **out, const arb_oracle *o, const arb_scenario *s,
              const char *profile, arb_error *err)
{
	*out = NULL;
	int rc = arb_scenario_validate(s, o->rb, err);
	if (rc)
		return rc;
	const char *dummy;
	if (profile && !arb_rulebook_profile_reading(o->rb, s->ruleset, profile, "", &dummy))
		return arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "profile",
		                     "unknown reading profile '%s' for %s", profile, s->ruleset);
	arb_verdict *v = calloc(1, sizeof *v);
	idset violates = {0}, disputed = {0}, questions = {0};
	if (!v || !(v->trace = calloc(o->n ? o->n : 1, sizeof *v->trace))) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	v->scenario_id = s->id;
	arb_eval ev = {.o = o, .s = s, .actor = arb_scenario_unit(s, s->action.unit)};
	for (size_t i = 0; i < o->n; i++) {
		const arb_bound *b = &o->bound[i];
		const arb_predicate *p = b->pred;
		if (strcmp(p->ruleset, s->ruleset) != 0 || !arb__word_in(p->actions, s->action.type) ||
		    !arb__word_in(p->phases, s->context.phase))
			continue;
		arb_trace *t = &v->trace[v->n_trace++];
		t->pred = p;
		ev.b = b;
		ev.fault = NULL;
		p->fn(&ev, &t->result);
		if (ev.fault) {
			rc = arb_error_set(err, ARB_EINTERNAL, p->src_file, p->src_line, 0, "params",
			                   "predicate of %s read parameter '%s' its tag does not "
			                   "declare",
			                   p->clause, ev.fault);
			goto done;
		}
		if (p->reading) {
			const char *want = NULL;
			arb_rulebook_profile_reading(o->rb, s->ruleset, profile, p->clause, &want);
			t->not_selected = want && strcmp(want, p->reading) != 0;
		}
	}
	/* Declared precedence: an applicable winner silences its loser. */
	size_t np = arb_rulebook_precedence_count(o->rb, s->ruleset);
	for (size_t k = 0; k < np; k++) {
		const arb_precedence *pr = arb_rulebook_precedence_at(o->rb, s->ruleset, k);
		bool winner_applies = false;
		for (size_t i = 0; i < v->n_trace; i++)
			winner_applies = winner_applies || (strcmp(v->trace[i].pred->clause, pr->winner) == 0 &&
			                                    v->trace[i].result.outcome != ARB_NA &&
			                                    !v->trace[i].not_selected);
		if (!winner_applies)
			continue;
		for (size_t i = 0; i < v->n_trace; i++)
			if (strcmp(v->trace[i].pred->clause, pr->loser) == 0 &&
			    v->trace[i].result.outcome != ARB_NA && !v->trace[i].overridden_by)
				v->trace[i].overridden_by = pr->winner;
	}
	bool illegal = false, any = false;
	size_t n_values = 0;
	for (size_t i = 0; i < v->n_trace && rc == ARB_OK; i++)
		if (active(&v->trace[i])) {
			any = true;
			rc = idset_add(&questions, v->trace[i].pred->question);
			n_values += v->trace[i].result.n_values;
		}
	for (size_t i = 0; i < questions.n && rc == ARB_OK; i++)
		rc = decide_question(v, questions.v[i], &violates, &disputed, &illegal);
	if (rc) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	v->kind = illegal ? ARB_V_ILLEGAL
	          : v->dispute ? ARB_V_DISPUTED
	          : any       ? ARB_V_LEGAL
	                      : ARB_V_NOT_APPLICABLE;
	if (violates.n)
		qsort(violates.v, violates.n, sizeof *violates.v, cmp_cstr);
	if (disputed.n)
		qsort(disputed.v, disputed.n, sizeof *disputed.v, cmp_cstr);
	v->violates = violates.v;
	v->n_violates = violates.n;
	v->disputed = disputed.v;
	v->n_disputed = disputed.n;
	violates.v = disputed.v = NULL;
	if (n_values) {
		if (!(v->values = calloc(n_values, sizeof *v->values))) {
			rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
			goto done;
		}
		for (size_t i = 0; i < v->n_trace; i++)
			if (active(&v->trace[i]))
				for (size_t j = 0; j < v->trace[i].result.n_values; j++) {
					const arb_kv *kv = &v->trace[i].result.values[j];
					bool dup = false;
					for (size_t k = 0; k < v->n_values; k++)
						dup = dup || strcmp(v->values[k].name, kv->name) == 0;
					if (!dup)
						v->values[v->n_values++] = *kv;
				}
		qsort(v->values, v->n_values, sizeof *v->values, cmp_kv);
	}
done:
	free(violates.v);
	free(disputed.v);
	free(questions.v);
	if (rc) {
		arb_verdict_free(v);
		return rc;
	}
	*out = v;
	return ARB_OK;
}

/* ---- exact odds ---- */

static void odds_count_value(arb_odds *od, const arb_kv *kv)
{
	arb_odds_value *ov = NULL;
	for (size_t i = 0; i < od->n_values && !ov; i++)
		if (strcmp(od->values[i].name, kv->name) == 0)
			ov = &od->values[i];
	if (!ov) {
		if (od->n_values == ARB_ODDS_MAX_VALUES)
			return;
		ov = &od->values[od->n_values++];
		ov->name = kv->name;
	}
	size_t k = 0;
	while (k < ov->n_levels && ov->level[k] < kv->value)
		k++;
	if (k < ov->n_levels && ov->level[k] == kv->value) {
		ov->count[k]++;
		return;
	}
	if (ov->n_levels == ARB_ODDS_MAX_LEVELS)
		return;
	memmove(&ov->level[k + 1], &ov->level[k], (ov->n_levels - k) * sizeof *ov->level);
	memmove(&ov->count[k + 1], &ov->count[k], (ov->n_levels - k) * sizeof *ov->count);
	ov->level[k] = kv->value;
	ov->count[k] = 1;
	ov->n_levels++;
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
		out->by_kind[v->kind]++;
		for (size_t i = 0; i < v->n_values; i++)
			odds_count_value(out, &v->values[i]);
		arb_verdict_free(v);
		/* the next outcome, as an odometer */
		for (size_t i = 0; i < s->n_dice; i++) {
			if (++dice[i] <= 6)
				break;
			dice[i] = 1;
		}
	}
	return ARB_OK;
}
