/*
 * engine-log.c: judging a scenario whose log carries moves. Each log event
 * that carries its paths is judged as the action it is (its own kind, so
 * the precedences of THAT action rank its clauses), on the board as the
 * events before it left it, in its sub-phase, after the log before it;
 * then the action itself. The verdicts are combined, never reconciled:
 * illegal if any part is, else missing-input if any part needs a fact,
 * else disputed if any part is, else legal if any part is, else
 * not-applicable (docs/interchange.md, "Verdicts of a log"). A scenario
 * without such a log never comes here (arb_judge_ex), so it costs nothing.
 */
#include "engine.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool arb__log_moves(const arb_scenario *s)
{
	for (size_t k = 0; k < s->context.n_log; k++)
		if (s->context.log[k].n_paths)
			return true;
	return false;
}

size_t arb_trace_event(const arb_verdict *v, size_t i)
{
	return v && v->trace_event && i < v->n_trace ? v->trace_event[i] : 0;
}

/* The path of model id in log event k, or NULL. */
static const arb_path *event_path(const arb_context *c, size_t k, const char *id)
{
	for (size_t j = 0; j < c->log[k].n_paths; j++)
		if (strcmp(c->log[k].paths[j].model, id) == 0)
			return &c->log[k].paths[j];
	return NULL;
}

/* Where model m stands, and faces, before log event k: where its first
 * path from event k on starts (and the facing its first path that turns
 * starts with); else where the scenario places it. The loader checked
 * that each path starts where the one before left the model, facing
 * included, and that the last ends where the scenario places it: the
 * events before k left it there. */
static void carried(const arb_context *c, size_t k, const arb_model *m, arb_vec2 *pos,
                    double *facing)
{
	bool have_pos = false;
	*pos = m->pos;
	*facing = m->facing_deg;
	for (size_t j = k; j < c->n_log; j++) {
		const arb_path *p = event_path(c, j, m->id);
		if (p && !have_pos) {
			*pos = p->pts[0];
			have_pos = true;
		}
		if (p && p->facing) {
			*facing = p->facing[0];
			return;
		}
	}
}

/* The scenario of log event k: a copy of s whose models stand as the
 * events before k left them, whose action is the event's (its paths and
 * targets), in its sub-phase, after the log before it (without paths: the
 * positions are already those after them). Its strings are s's: a verdict
 * of it may outlive it. */
static int event_scenario(arb_scenario **out, const arb_scenario *s, size_t k)
{
	const arb_context *c = &s->context;
	arb_scenario *d = NULL;
	int rc = arb_scenario_new(&d);
	if (rc)
		return rc;
	d->id = s->id;
	d->ruleset = s->ruleset;
	d->context = *c;
	d->context.subphase = c->log[k].subphase;
	arb_log_event *log = arb_scenario_alloc(d, (k ? k : 1) * sizeof *log);
	arb_unit *units = arb_scenario_alloc(d, (s->n_units ? s->n_units : 1) * sizeof *units);
	if (!log || !units)
		goto oom;
	for (size_t i = 0; i < k; i++) {
		log[i] = c->log[i];
		log[i].paths = NULL;
		log[i].n_paths = 0;
	}
	d->context.log = log;
	d->context.n_log = k;
	d->context.has_log = true;
	d->board_w = s->board_w;
	d->board_h = s->board_h;
	for (size_t u = 0; u < s->n_units; u++) {
		const arb_unit *su = &s->units[u];
		units[u] = *su;
		units[u].models =
		    arb_scenario_alloc(d, (su->n_models ? su->n_models : 1) * sizeof(arb_model));
		if (!units[u].models)
			goto oom;
		for (size_t m = 0; m < su->n_models; m++) {
			arb_model *dm = &units[u].models[m];
			*dm = su->models[m];
			carried(c, k, &su->models[m], &dm->pos, &dm->facing_deg);
		}
		/* the unit turns as its first model has turned */
		if (su->n_models)
			units[u].facing_deg =
			    su->facing_deg + arb_angle_delta(su->models[0].facing_deg,
			                                     units[u].models[0].facing_deg);
	}
	d->units = units;
	d->n_units = s->n_units;
	d->terrain = s->terrain;
	d->n_terrain = s->n_terrain;
	d->facts = s->facts;
	d->n_facts = s->n_facts;
	d->action = (arb_action){.type = c->log[k].action,
	                         .unit = c->log[k].unit,
	                         .voluntary = true,
	                         .paths = c->log[k].paths,
	                         .n_paths = c->log[k].n_paths,
	                         .targets = c->log[k].targets,
	                         .n_targets = c->log[k].n_targets};
	d->profile = s->profile;
	d->src_file = s->src_file;
	d->src_line = s->src_line;
	*out = d;
	return ARB_OK;
oom:
	arb_scenario_free(d);
	return ARB_ENOMEM;
}

/* One judgement of the log's: a verdict and the event it is of (0: the
 * action). */
typedef struct part {
	arb_verdict *v;
	size_t event;
} part;

/* A trace entry of the combined verdict: part p's entry i. */
typedef struct entry {
	size_t p, i, index;
} entry;

/* The trace in the oracle's order of predicates (arb_trace.index), each
 * predicate's entries in the order of the log, the action's last: readers
 * that walk the trace beside the oracle's predicates (lint's coverage) see
 * it in their order. */
static int by_predicate(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return x->p < y->p ? -1 : x->p > y->p;
}

/* Adds the n IDs of ids to the sorted unique list *list of *len. */
static int ids_union(const char ***list, size_t *len, const char *const *ids, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t at = 0;
		while (at < *len && strcmp((*list)[at], ids[i]) < 0)
			at++;
		if (at < *len && strcmp((*list)[at], ids[i]) == 0)
			continue;
		const char **grown = realloc(*list, (*len + 1) * sizeof *grown);
		if (!grown)
			return ARB_ENOMEM;
		memmove(grown + at + 1, grown + at, (*len - at) * sizeof *grown);
		grown[at] = ids[i];
		*list = grown;
		(*len)++;
	}
	return ARB_OK;
}

/* Puts "log event K (UNIT ACTION in SUB-PHASE): " before the explanation
 * expl (of n bytes) of an event's trace entry, for every reader; what does
 * not fit is cut, as any explanation. */
static void name_event(char *expl, size_t n, const arb_log_event *e, size_t k)
{
	char was[256], prefix[192];
	int w = snprintf(prefix, sizeof prefix, "log event %zu (%.48s %.48s in %.48s): ", k,
	                 e->unit ? e->unit : "?", e->action ? e->action : "?",
	                 e->subphase ? e->subphase : "?");
	size_t lp = w > 0 && (size_t)w < sizeof prefix ? (size_t)w : 0, lw = strnlen(expl, n);
	if (!n || lp >= n)
		return;
	lw = lw < sizeof was - 1 ? lw : sizeof was - 1;
	memcpy(was, expl, lw);
	if (lw > n - 1 - lp)
		lw = n - 1 - lp;
	memcpy(expl, prefix, lp);
	memcpy(expl + lp, was, lw);
	expl[lp + lw] = '\0';
}

/* The combined verdict of the n parts (the action's last), into *out. The
 * values are the action's: what its clauses derive. */
static int combine(arb_verdict **out, const arb_scenario *s, part *parts, size_t n, bool terse)
{
	static const arb_verdict_kind rank[] = {ARB_V_ILLEGAL, ARB_V_MISSING_INPUT, ARB_V_DISPUTED,
	                                        ARB_V_LEGAL};
	arb_verdict *act = parts[n - 1].v, *v = calloc(1, sizeof *v);
	entry *at = NULL;
	size_t total = 0;
	int rc = ARB_ENOMEM;
	if (!v)
		return ARB_ENOMEM;
	v->scenario_id = s->id;
	v->kind = ARB_V_NOT_APPLICABLE;
	for (size_t r = 0; r < sizeof rank / sizeof *rank && v->kind == ARB_V_NOT_APPLICABLE; r++)
		for (size_t p = 0; p < n; p++)
			if (parts[p].v->kind == rank[r])
				v->kind = rank[r];
	for (size_t p = 0; p < n; p++) {
		const arb_verdict *w = parts[p].v;
		total += w->n_trace;
		if (ids_union(&v->violates, &v->n_violates, w->violates, w->n_violates))
			goto done;
		if (w->kind != v->kind)
			continue;
		if (v->kind == ARB_V_DISPUTED) {
			v->dispute |= w->dispute;
			if (ids_union(&v->disputed, &v->n_disputed, w->disputed, w->n_disputed))
				goto done;
		}
		if (v->kind == ARB_V_MISSING_INPUT &&
		    ids_union(&v->missing, &v->n_missing, w->missing, w->n_missing))
			goto done;
	}
	/* the action's values, taken over (its verdict is freed without them) */
	v->values = act->values;
	v->n_values = act->n_values;
	v->info = act->info;
	v->n_info = act->n_info;
	act->values = act->info = NULL;
	act->n_values = act->n_info = 0;
	if (!(at = malloc((total ? total : 1) * sizeof *at)) ||
	    !(v->trace = malloc((total ? total : 1) * sizeof *v->trace)) ||
	    !(v->trace_event = malloc((total ? total : 1) * sizeof *v->trace_event)))
		goto done;
	size_t k = 0;
	for (size_t p = 0; p < n; p++)
		for (size_t i = 0; i < parts[p].v->n_trace; i++)
			at[k++] = (entry){p, i, parts[p].v->trace[i].index};
	qsort(at, total, sizeof *at, by_predicate);
	for (size_t e = 0; e < total; e++) {
		const part *pt = &parts[at[e].p];
		arb_trace *t = &v->trace[e];
		*t = pt->v->trace[at[e].i];
		v->trace_event[e] = pt->event;
		if (pt->event && !terse)
			name_event(t->result.explanation, sizeof t->result.explanation,
			           &s->context.log[pt->event - 1], pt->event);
	}
	v->n_trace = total;
	rc = ARB_OK;
done:
	free(at);
	if (rc) {
		arb_verdict_free(v);
		return rc;
	}
	*out = v;
	return ARB_OK;
}

/* Puts the event's name before the message of an error judging it. */
static int event_error(const arb_scenario *s, size_t k, int rc, arb_error *err)
{
	const arb_log_event *e = &s->context.log[k];
	char was[sizeof err->message] = "";
	if (!err)
		return rc;
	memcpy(was, err->message, sizeof was);
	if (rc == ARB_EINPUT) {
		/* the event's own scenario has no marks: the log's paths are where
		 * the input is, in s */
		arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0, "paths",
		              "log event %zu (%s %s): %s", k + 1, e->unit, e->action, was);
		arb_scenario_locate(s, err);
		return rc;
	}
	return arb_error_set(err, rc, s->src_file, s->src_line, 0, NULL,
	                     "log event %zu (%s %s): %s", k + 1, e->unit, e->action,
	                     rc == ARB_ENOMEM && !was[0] ? "out of memory" : was);
}

int arb__judge_log(arb_verdict **out, const arb_oracle *o, const arb_scenario *s,
                   const char *profile, unsigned flags, arb_error *err)
{
	const arb_context *c = &s->context;
	size_t n = 1;
	for (size_t k = 0; k < c->n_log; k++)
		n += c->log[k].n_paths > 0;
	part *parts = calloc(n, sizeof *parts);
	int rc = ARB_OK;
	*out = NULL;
	if (!parts)
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	size_t np = 0;
	for (size_t k = 0; k < c->n_log && rc == ARB_OK; k++) {
		if (!c->log[k].n_paths)
			continue;
		arb_scenario *d = NULL;
		arb_error_clear(err);
		rc = event_scenario(&d, s, k);
		/* validated: it is built from s, but its action is new */
		if (rc == ARB_OK)
			rc =
			    arb_judge_ex(&parts[np].v, o, d, profile, flags & ARB_JUDGE_TERSE, err);
		arb_scenario_free(d);
		if (rc)
			rc = event_error(s, k, rc, err);
		else
			parts[np++].event = k + 1;
	}
	if (rc == ARB_OK &&
	    (rc = arb__judge_one(&parts[np].v, o, s, profile, flags, err)) == ARB_OK)
		np++;
	if (rc == ARB_OK && (rc = combine(out, s, parts, np, (flags & ARB_JUDGE_TERSE) != 0)))
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	for (size_t p = 0; p < np; p++)
		arb_verdict_free(parts[p].v);
	free(parts);
	return rc;
}
