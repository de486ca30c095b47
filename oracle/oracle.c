/*
 * oracle.c: the registry. Predicates declared with ARB_PREDICATE sit in the
 * arb_predicates linker section; arb_oracle_new collects them, sorts them
 * into the order of the rulebook's text, and binds each to its clause and
 * parameters. The oracle object is the only holder of this state.
 */
#include "engine.h"
#include "internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds of the linker set; weak so that a program with no rules links. */
extern const arb_predicate *const __start_arb_predicates[] __attribute__((weak));
extern const arb_predicate *const __stop_arb_predicates[] __attribute__((weak));

size_t arb_predicate_linked_count(void)
{
	/* The linker puts both bounds around one section: one object. */
	// cppcheck-suppress comparePointers
	return __start_arb_predicates ? (size_t)(__stop_arb_predicates - __start_arb_predicates)
	                              : 0;
}

const arb_predicate *arb_predicate_linked_at(size_t i)
{
	return i < arb_predicate_linked_count() ? __start_arb_predicates[i] : NULL;
}

static size_t clause_index(const arb_rulebook *rb, const char *id)
{
	size_t n = arb_rulebook_clause_count(rb);
	for (size_t i = 0; i < n; i++)
		if (strcmp(arb_rulebook_clause_at(rb, i)->id, id) == 0)
			return i;
	return (size_t)-1;
}

typedef struct sort_item {
	const arb_predicate *p;
	const char *reading;
	int arg;
	size_t clause_ix;
} sort_item;

static int cmp_item(const void *a, const void *b)
{
	const sort_item *x = a, *y = b;
	if (x->clause_ix != y->clause_ix)
		return x->clause_ix < y->clause_ix ? -1 : 1;
	const char *rx = x->reading ? x->reading : "";
	const char *ry = y->reading ? y->reading : "";
	return strcmp(rx, ry);
}

/* How many bound predicates a descriptor makes: one per row of its table. */
static size_t rows_of(const arb_predicate *p)
{
	size_t k = 0;
	if (!p->readings)
		return 1;
	while (p->readings[k].name)
		k++;
	return k;
}

static int bind_params(arb_bound *b, const arb_rulebook *rb, arb_error *err)
{
	const arb_predicate *p = b->pred;
	const char *s = p->params ? p->params : "";
	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		size_t n = strcspn(s, " ");
		if (b->n_params == ARB_MAX_PARAMS)
			return arb_error_set(err, ARB_EINTERNAL, p->src_file, p->src_line, 0,
			                     "params", "predicate of %s reads too many parameters",
			                     p->clause);
		arb_bound_param *bp = &b->params[b->n_params];
		snprintf(bp->name, sizeof bp->name, "%.*s", (int)n, s);
		char cl[64], nm[64];
		const char *colon = memchr(s, ':', n);
		if (colon) {
			snprintf(cl, sizeof cl, "%.*s", (int)(colon - s), s);
			snprintf(nm, sizeof nm, "%.*s", (int)(s + n - colon - 1), colon + 1);
		} else {
			snprintf(cl, sizeof cl, "%s", p->clause);
			snprintf(nm, sizeof nm, "%.*s", (int)n, s);
		}
		const arb_clause *c = arb_rulebook_clause(rb, cl);
		const arb_param *pm = c ? arb_clause_param(c, nm) : NULL;
		if (!pm)
			return arb_error_set(
			    err, ARB_EINPUT, p->src_file, p->src_line, 0, "params",
			    "predicate of %s reads parameter '%s' that clause %s does "
			    "not declare in spec/",
			    p->clause, nm, cl);
		bp->param = pm;
		if (strcmp(pm->unit, "in") == 0)
			bp->value = pm->value;
		else if (strcmp(pm->unit, "mm") == 0)
			bp->value = pm->value / ARB_MM_PER_INCH;
		else
			bp->value = pm->value;
		b->n_params++;
		s += n;
	}
	return ARB_OK;
}

int arb_oracle_new(arb_oracle **out, const arb_rulebook *rb, arb_error *err)
{
	*out = NULL;
	size_t n = arb_predicate_linked_count(), rows = 0;
	for (size_t i = 0; i < n; i++)
		rows += rows_of(__start_arb_predicates[i]);
	arb_oracle *o = calloc(1, sizeof *o);
	sort_item *items = calloc(rows ? rows : 1, sizeof *items);
	int rc = ARB_OK;
	if (!o || !items || !(o->bound = calloc(rows ? rows : 1, sizeof *o->bound))) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	o->rb = rb;
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		const arb_predicate *p = __start_arb_predicates[i];
		if (!p->clause || !p->ruleset || !p->actions || !p->phases || !p->question ||
		    !p->fingerprint || !p->fn) {
			rc = arb_error_set(err, ARB_EINTERNAL, p->src_file, p->src_line, 0, NULL,
			                   "predicate tag lacks clause, ruleset, actions, phases, "
			                   "question or fingerprint");
			goto done;
		}
		/* A rulebook without the predicate's ruleset does not use it. */
		if (!arb_rulebook_has_ruleset(rb, p->ruleset))
			continue;
		const arb_clause *c = arb_rulebook_clause(rb, p->clause);
		if (!c) {
			rc = arb_error_set(
			    err, ARB_EINPUT, p->src_file, p->src_line, 0, "clause",
			    "predicate names clause %s, which spec/ does not contain", p->clause);
			goto done;
		}
		if (strcmp(c->ruleset, p->ruleset) != 0) {
			rc = arb_error_set(err, ARB_EINPUT, p->src_file, p->src_line, 0, "ruleset",
			                   "predicate of %s says ruleset %s, the clause is in %s",
			                   p->clause, p->ruleset, c->ruleset);
			goto done;
		}
		if (c->kind == ARB_KIND_ADVISORY || c->kind == ARB_KIND_FLAVOUR) {
			rc = arb_error_set(err, ARB_EINPUT, p->src_file, p->src_line, 0, "clause",
			                   "predicate encodes %s, a %s clause", p->clause,
			                   arb_clause_kind_name(c->kind));
			goto done;
		}
		if (p->readings && p->reading) {
			rc = arb_error_set(
			    err, ARB_EINTERNAL, p->src_file, p->src_line, 0, "reading",
			    "predicate of %s has both a reading and a readings table", p->clause);
			goto done;
		}
		size_t ix = clause_index(rb, p->clause), nr = rows_of(p);
		if (p->readings && nr == 0) {
			rc = arb_error_set(
			    err, ARB_EINTERNAL, p->src_file, p->src_line, 0, "readings",
			    "predicate of %s has an empty readings table", p->clause);
			goto done;
		}
		for (size_t k = 0; k < nr; k++) {
			items[kept].p = p;
			items[kept].reading = p->readings ? p->readings[k].name : p->reading;
			items[kept].arg = p->readings ? p->readings[k].arg : 0;
			items[kept].clause_ix = ix;
			kept++;
		}
	}
	n = kept;
	qsort(items, n, sizeof *items, cmp_item);
	for (size_t i = 0; i < n; i++) {
		arb_bound *b = &o->bound[i];
		b->pred = items[i].p;
		b->reading = items[i].reading;
		b->reading_arg = items[i].arg;
		b->clause = arb_rulebook_clause(rb, b->pred->clause);
		b->stale = strcmp(b->clause->fingerprint, b->pred->fingerprint) != 0;
		if (i > 0 && strcmp(items[i - 1].p->clause, b->pred->clause) == 0) {
			const char *r0 = items[i - 1].reading, *r1 = b->reading;
			if (!r0 || !r1 || strcmp(r0, r1) == 0) {
				rc = arb_error_set(err, ARB_EINPUT, b->pred->src_file,
				                   b->pred->src_line, 0, "reading",
				                   "clause %s has two predicates without distinct "
				                   "readings",
				                   b->pred->clause);
				goto done;
			}
		}
		if ((rc = bind_params(b, rb, err)))
			goto done;
	}
	o->n = n;
	/* Where the text places an action is a clause too: one predicate each. */
	size_t npl = 0;
	for (size_t i = 0; i < arb_rulebook_ruleset_count(rb); i++)
		npl += arb_rulebook_placement_count(rb, arb_rulebook_ruleset_at(rb, i));
	if (npl) {
		arb_bound *grown = realloc(o->bound, (n + npl) * sizeof *grown);
		if (!grown || !(o->placement = calloc(npl, sizeof *o->placement))) {
			if (grown)
				o->bound = grown;
			rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
			goto done;
		}
		o->bound = grown;
		for (size_t i = 0; i < arb_rulebook_ruleset_count(rb); i++) {
			const char *rs = arb_rulebook_ruleset_at(rb, i);
			for (size_t k = 0; k < arb_rulebook_placement_count(rb, rs); k++) {
				const arb_placement *pl = arb_rulebook_placement_at(rb, rs, k);
				if (pl->kind != ARB_PLACE_ACTION)
					continue;
				const arb_clause *c = arb_rulebook_clause(rb, pl->clause);
				arb_predicate *p = &o->placement[o->n_placement++];
				*p = (arb_predicate){.clause = pl->clause,
				                     .ruleset = rs,
				                     .actions = pl->name,
				                     .phases = "*",
				                     .question = "action.placement",
				                     .fingerprint = c->fingerprint,
				                     .fn = arb__placement_fn,
				                     .src_file = pl->file,
				                     .src_line = (int)pl->line};
				arb_bound *b = &o->bound[o->n++];
				memset(b, 0, sizeof *b);
				b->pred = p;
				b->clause = c;
				b->reading_arg = (int)k;
			}
		}
	}
	/* A profile may only pick a reading some predicate encodes. */
	for (size_t i = 0; i < n; i++) {
		const char *rs = o->bound[i].pred->ruleset;
		if (i > 0 && strcmp(o->bound[i - 1].pred->ruleset, rs) == 0)
			continue;
		for (size_t k = 0; k < arb_rulebook_profile_count(rb, rs); k++) {
			const arb_profile_entry *e = arb_rulebook_profile_at(rb, rs, k);
			/* "A over B": an arguable precedence, read as exception or none. */
			bool found =
			    strstr(e->clause, " over ") && (strcmp(e->reading, "exception") == 0 ||
			                                    strcmp(e->reading, "none") == 0);
			for (size_t j = 0; j < n && !found; j++) {
				const arb_bound *bj = &o->bound[j];
				found = strcmp(bj->pred->clause, e->clause) == 0 && bj->reading &&
				        strcmp(bj->reading, e->reading) == 0;
			}
			if (!found) {
				rc =
				    arb_error_set(err, ARB_EINPUT, e->file, e->line, 3, "profile",
				                  "profile '%s' picks reading '%s' of %s, which no "
				                  "predicate encodes",
				                  e->profile, e->reading, e->clause);
				goto done;
			}
		}
	}
done:
	free(items);
	if (rc) {
		arb_oracle_free(o);
		return rc;
	}
	*out = o;
	return ARB_OK;
}

void arb_oracle_free(arb_oracle *o)
{
	if (!o)
		return;
	free(o->placement);
	free(o->bound);
	free(o);
}

size_t arb_oracle_predicate_count(const arb_oracle *o)
{
	return o->n;
}

const arb_predicate *arb_oracle_predicate_at(const arb_oracle *o, size_t i)
{
	return i < o->n ? o->bound[i].pred : NULL;
}

const char *arb_oracle_predicate_reading(const arb_oracle *o, size_t i)
{
	return i < o->n ? o->bound[i].reading : NULL;
}

bool arb_oracle_predicate_stale(const arb_oracle *o, size_t i)
{
	return i < o->n && o->bound[i].stale;
}

size_t arb_oracle_unencoded(const arb_oracle *o, const char *ruleset, const arb_clause **out,
                            size_t cap)
{
	size_t k = 0, n = arb_rulebook_clause_count(o->rb);
	for (size_t i = 0; i < n; i++) {
		const arb_clause *c = arb_rulebook_clause_at(o->rb, i);
		if (c->kind > ARB_KIND_PROCEDURE || (ruleset && strcmp(c->ruleset, ruleset) != 0))
			continue;
		bool has = false;
		for (size_t j = 0; j < o->n && !has; j++)
			has = o->bound[j].clause == c;
		if (!has) {
			if (k < cap)
				out[k] = c;
			k++;
		}
	}
	return k;
}

/* ---- what a predicate may read ---- */

const arb_scenario *arb_eval_scenario(const arb_eval *ev)
{
	return ev->s;
}

const arb_clause *arb_eval_clause(const arb_eval *ev)
{
	return ev->b->clause;
}

const arb_unit *arb_eval_actor(const arb_eval *ev)
{
	return ev->actor;
}

const char *arb_eval_reading(const arb_eval *ev)
{
	return ev->b->reading;
}

int arb_eval_reading_arg(const arb_eval *ev)
{
	return ev->b->reading_arg;
}

double arb_eval_param(const arb_eval *ev, const char *name)
{
	for (size_t i = 0; i < ev->b->n_params; i++)
		if (strcmp(ev->b->params[i].name, name) == 0)
			return ev->b->params[i].value;
	((arb_eval *)ev)->fault = name;
	return NAN;
}

void arb_result_explain(arb_result *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->explanation, sizeof r->explanation, fmt, ap);
	va_end(ap);
}

void arb_result_value(arb_result *r, const char *name, double value)
{
	if (r->n_values < ARB_MAX_VALUES) {
		r->values[r->n_values].name = name;
		r->values[r->n_values].value = value;
		r->informative &= ~(1u << r->n_values);
		r->n_values++;
	}
}

void arb_result_info(arb_result *r, const char *name, double value)
{
	if (r->n_values < ARB_MAX_VALUES) {
		arb_result_value(r, name, value);
		r->informative |= 1u << (r->n_values - 1);
	}
}

void arb_result_missing(arb_result *r, const char *what, const char *fmt, ...)
{
	va_list ap;
	r->outcome = ARB_MISSING;
	r->missing = what;
	va_start(ap, fmt);
	vsnprintf(r->explanation, sizeof r->explanation, fmt, ap);
	va_end(ap);
}

void arb_result_fault(arb_result *r, int code, const char *fmt, ...)
{
	va_list ap;
	r->fault = code ? code : ARB_EINTERNAL;
	va_start(ap, fmt);
	vsnprintf(r->explanation, sizeof r->explanation, fmt, ap);
	va_end(ap);
}
