/*
 * Regiments: the moves of the turn's log judged as the actions they are
 * (docs/encoding/regiments-movement.md, "The log's moves"). A log event
 * that carries paths (docs/interchange.md, `log`) is judged on its own,
 * with the whole oracle, as the scenario it was: the board where the
 * earlier events left it, its sub-phase, the log before it. Each clause
 * below then answers for the action judged what it answered for the
 * first event it found violated, naming the event. The clauses are those
 * that judge a move's geometry; the order of the sub-phases and what a
 * unit did earlier (RG.MOV.ORDER.*, REFORM.1, REFORM.7) already read the
 * log's events in movement.c and manoeuvres.c.
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rg_event {
	size_t event;    /* index in the log */
	arb_scenario *s; /* the scenario of the event (owns the copies) */
	arb_verdict *v;
} rg_event;

typedef struct rg_events {
	rg_event *at;
	size_t n;
	int fault; /* 0, or what judging an event failed with */
	const char *field;
	char why[1024];
} rg_events;

static void events_free(void *p)
{
	rg_events *es = p;
	if (!es)
		return;
	for (size_t i = 0; i < es->n; i++) {
		arb_verdict_free(es->at[i].v);
		arb_scenario_free(es->at[i].s);
	}
	free(es->at);
	free(es);
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
 * events before k left them, whose action is the event's, in its
 * sub-phase, after the log before it (whose paths are left out: the
 * positions are already those after them). */
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
	for (size_t i = 0; i < k; i++)
		log[i] =
		    (arb_log_event){c->log[i].subphase, c->log[i].unit, c->log[i].action, NULL, 0};
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
	                         .n_paths = c->log[k].n_paths};
	d->src_file = s->src_file;
	d->src_line = s->src_line;
	*out = d;
	return ARB_OK;
oom:
	arb_scenario_free(d);
	return ARB_ENOMEM;
}

static void *events_make(const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_context *c = &s->context;
	rg_events *es = calloc(1, sizeof *es);
	if (!es)
		return NULL;
	size_t n = 0;
	for (size_t k = 0; k < c->n_log; k++)
		n += c->log[k].n_paths > 0;
	if (!n)
		return es;
	if (!(es->at = calloc(n, sizeof *es->at))) {
		free(es);
		return NULL;
	}
	for (size_t k = 0; k < c->n_log && !es->fault; k++) {
		if (!c->log[k].n_paths) /* (an event with paths names its unit) */
			continue;
		rg_event *e = &es->at[es->n++];
		e->event = k;
		arb_error err = {0};
		int rc = event_scenario(&e->s, s, k);
		if (!rc)
			rc = arb_judge_ex(&e->v, arb_eval_oracle(ev), e->s, NULL,
			                  arb_eval_explains(ev) ? 0 : ARB_JUDGE_TERSE, &err);
		if (rc) {
			es->fault = rc;
			es->field = "paths";
			snprintf(es->why, sizeof es->why, "log event %zu (%.200s %.200s): %s",
			         k + 1, c->log[k].unit, c->log[k].action,
			         rc == ARB_ENOMEM ? "out of memory" : err.message);
		}
	}
	return es;
}

static bool same_reading(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The name in the scenario of the model, unit or terrain piece an
 * event's result names (its strings belong to the event's judgement). */
static const char *outer_name(const arb_scenario *s, const char *id)
{
	if (!id)
		return NULL;
	for (size_t u = 0; u < s->n_units; u++) {
		if (strcmp(s->units[u].id, id) == 0)
			return s->units[u].id;
		for (size_t m = 0; m < s->units[u].n_models; m++)
			if (strcmp(s->units[u].models[m].id, id) == 0)
				return s->units[u].models[m].id;
	}
	for (size_t t = 0; t < s->n_terrain; t++)
		if (strcmp(s->terrain[t].id, id) == 0)
			return s->terrain[t].id;
	return NULL;
}

/* The facts a Regiments clause may miss, as names that outlive an event's
 * judgement. */
static const char *outer_fact(const char *name)
{
	static const char *const known[] = {
	    "M", "subphase", "trapped", "special_rule", "first_player_turn", "always_compulsory"};
	for (size_t i = 0; name && i < sizeof known / sizeof *known; i++)
		if (strcmp(known[i], name) == 0)
			return known[i];
	return "?";
}

/* Whether word is one of the space-separated words of list. */
static bool in_list(const char *list, const char *word)
{
	size_t n = word ? strlen(word) : 0;
	for (const char *p = list; n && *p;) {
		size_t len = strcspn(p, " ");
		if (len == n && strncmp(p, word, n) == 0)
			return true;
		p += len + (p[len] == ' ');
	}
	return false;
}

void rg__with_log(const arb_eval *ev, arb_result *r, const char *actions, rg_judge_fn fn)
{
	static const int key = 0;
	const arb_scenario *s = arb_eval_scenario(ev);
	/* a log without paths makes an empty table (events_make) */
	const rg_events *es =
	    s->context.n_log ? arb_eval_memo(ev, &key, events_make, events_free) : NULL;
	if (s->context.n_log && !es) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory");
		return;
	}
	if (es && es->fault) {
		if (es->fault == ARB_EINPUT)
			arb_result_bad_input(r, es->field, "%s", es->why);
		else
			arb_result_fault(r, es->fault, "%s", es->why);
		return;
	}
	const char *clause = arb_eval_clause(ev)->id, *reading = arb_eval_reading(ev);
	const arb_trace *missing = NULL;
	size_t missing_at = 0, held = 0;
	for (size_t i = 0; es && i < es->n; i++) {
		const arb_verdict *v = es->at[i].v;
		const arb_log_event *e = &s->context.log[es->at[i].event];
		bool applied = false;
		for (size_t t = 0; t < v->n_trace; t++) {
			const arb_trace *tr = &v->trace[t];
			if (strcmp(tr->pred->clause, clause) != 0 ||
			    !same_reading(tr->reading, reading) || tr->result.outcome == ARB_NA ||
			    tr->overridden_by)
				continue;
			if (tr->result.outcome == ARB_VIOLATED && !tr->awaits) {
				r->outcome = ARB_VIOLATED;
				r->has_measure = tr->result.has_measure;
				r->measure = tr->result.measure;
				r->subject = outer_name(s, tr->result.subject);
				r->object = outer_name(s, tr->result.object);
				arb_result_explain(
				    r, "log event %zu (%s %s in %s): %s", es->at[i].event + 1,
				    e->unit, e->action,
				    rg__subphase_name(rg__subphase_index(e->subphase)),
				    tr->result.explanation);
				return;
			}
			if ((tr->result.outcome == ARB_MISSING || tr->awaits) && !missing) {
				missing = tr;
				missing_at = es->at[i].event;
			}
			applied = true;
		}
		held += applied;
	}
	/* the action judged, as the clause reads it */
	r->outcome = ARB_NA;
	if (in_list(actions, s->action.type))
		fn(ev, r);
	if (r->fault || r->outcome == ARB_VIOLATED || r->outcome == ARB_MISSING)
		return;
	if (missing) {
		const char *fact = missing->awaits ? missing->awaits : missing->result.missing;
		arb_result_missing(r, outer_fact(fact), "log event %zu: %s", missing_at + 1,
		                   missing->result.explanation);
	} else if (held && r->outcome == ARB_NA) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "not applicable to this %s; kept by the moves of %zu event%s "
		                   "of the log",
		                   s->action.type, held, held == 1 ? "" : "s");
	}
}
