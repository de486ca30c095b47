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

double arb__yard_in(const arb_rulebook *rb, const char *rs)
{
	double conv = NAN;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		const arb_param *y = arb_clause_param(c, "yard");
		double in = !y                           ? NAN
		            : strcmp(y->unit, "in") == 0 ? y->value
		            : strcmp(y->unit, "mm") == 0 ? y->value / ARB_MM_PER_INCH
		                                         : NAN;
		if (isnan(in))
			continue;
		if (rs && c->ruleset && strcmp(c->ruleset, rs) == 0)
			return in;
		if (strcmp(c->id, "CONV.UNIT.3") == 0)
			conv = in;
	}
	return conv;
}

double arb__param_inches(double value, const char *unit, double yard)
{
	if (strcmp(unit, "mm") == 0)
		return value / ARB_MM_PER_INCH;
	if (strcmp(unit, "yd") == 0)
		return value * yard;
	return value;
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
		bp->len = strlen(bp->name);
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
		/* distances in yards are judged in inches on the table (the scale
		 * looked up only for a parameter in yards: it scans the clauses) */
		bool yards = strcmp(pm->unit, "yd") == 0;
		for (size_t k = 0; k < pm->n_rows; k++)
			yards = yards || strcmp(pm->rows[k].unit, "yd") == 0;
		bp->yard = yards ? arb__yard_in(rb, p->ruleset) : NAN;
		if (yards && (!isfinite(bp->yard) || !(bp->yard > 0)))
			return arb_error_set(err, ARB_EINPUT, p->src_file, p->src_line, 0, "params",
			                     "%s's parameter '%s' is in yards, and no clause "
			                     "says how many inches make a yard ({yard})",
			                     cl, nm);
		if (pm->unresolved) /* its one value, if an errata table gives it */
			bp->value =
			    pm->n_rows == 1 && !pm->rows[0].key
			        ? arb__param_inches(pm->rows[0].value, pm->rows[0].unit, bp->yard)
			        : NAN;
		else
			bp->value = arb__param_inches(pm->value, pm->unit, bp->yard);
		b->n_params++;
		s += n;
	}
	return ARB_OK;
}

/* Whether bound predicate b judges a scenario of ruleset rs, action and phase:
 * its ruleset, and its actions and phases; or, for an action the text says
 * follows the rules of another section ("following the same rules as in the
 * Movement phase"), the predicates of that section that judge the action it
 * follows, whatever their phase. Asked once per (action, phase) slot of
 * the index; "" names what no predicate lists. */
static bool applies_to(const arb_oracle *o, const arb_bound *b, const char *rs, const char *action,
                       const char *phase)
{
	const arb_predicate *p = b->pred;
	if (strcmp(p->ruleset, rs) != 0)
		return false;
	if (arb__word_in(p->actions, action) && arb__word_in(p->phases, phase))
		return true;
	size_t n = arb_rulebook_placement_count(o->rb, rs);
	for (size_t i = 0; i < n; i++) {
		const arb_placement *pl = arb_rulebook_placement_at(o->rb, rs, i);
		if (pl->kind != ARB_PLACE_FOLLOWS || strcmp(pl->name, action) != 0 ||
		    !arb__word_in(p->actions, pl->as_action))
			continue;
		size_t rl = strlen(b->clause->ruleset);
		if (strncmp(pl->section, b->clause->ruleset, rl) == 0 && pl->section[rl] == '/' &&
		    strcmp(pl->section + rl + 1, b->clause->section) == 0)
			return true;
	}
	return false;
}

/* Adds word[0..w) to set (of n names) unless it is there; returns the new n. */
static size_t add_name(const char **set, size_t n, const char *word, size_t w, arb_arena *a,
                       int *rc)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(set[i]) == w && memcmp(set[i], word, w) == 0)
			return n;
	if (!(set[n] = arb__arena_strndup(a, word, w))) {
		*rc = ARB_ENOMEM;
		return n;
	}
	return n + 1;
}

/* Adds the words of a space-separated list (but "*", which names none) to set. */
static size_t add_words(const char **set, size_t n, const char *list, arb_arena *a, int *rc)
{
	for (const char *p = list; *p && *rc == ARB_OK;) {
		while (*p == ' ')
			p++;
		size_t w = strcspn(p, " ");
		if (w && !(w == 1 && *p == '*'))
			n = add_name(set, n, p, w, a, rc);
		p += w;
	}
	return n;
}

/* At most how many names the action (or phase) lists of ruleset r's
 * predicates hold: their words, counted with repeats. */
static size_t word_bound(const arb_oracle *o, size_t r, bool phases)
{
	size_t k = 0;
	for (size_t i = 0; i < o->n; i++)
		if (o->bound[i].ruleset_ix == r) {
			const arb_predicate *p = o->bound[i].pred;
			const char *c = phases ? p->phases : p->actions;
			for (size_t j = 0; c[j]; j++)
				k += c[j] != ' ' && (j == 0 || c[j - 1] == ' ');
		}
	return k;
}

/* The index of one ruleset (engine.h, arb_rs_index). */
static int index_ruleset(arb_oracle *o, size_t r)
{
	const arb_rulebook *rb = o->rb;
	arb_rs_index *x = &o->rs[r];
	arb_arena *a = o->arena;
	const char *rs = x->name;
	int rc = ARB_OK;
	size_t npl = arb_rulebook_placement_count(rb, rs);
	x->actions = arb__arena_alloc(a, (word_bound(o, r, false) + npl + 1) * sizeof *x->actions);
	x->phases = arb__arena_alloc(a, (word_bound(o, r, true) + 1) * sizeof *x->phases);
	if (!x->actions || !x->phases)
		return ARB_ENOMEM;
	for (size_t i = 0; i < o->n && rc == ARB_OK; i++)
		if (o->bound[i].ruleset_ix == r) {
			x->n_actions =
			    add_words(x->actions, x->n_actions, o->bound[i].pred->actions, a, &rc);
			x->n_phases =
			    add_words(x->phases, x->n_phases, o->bound[i].pred->phases, a, &rc);
		}
	/* An action that follows another section's rules is judged by them. */
	for (size_t k = 0; k < npl && rc == ARB_OK; k++) {
		const arb_placement *pl = arb_rulebook_placement_at(rb, rs, k);
		if (pl->kind == ARB_PLACE_FOLLOWS)
			x->n_actions =
			    add_name(x->actions, x->n_actions, pl->name, strlen(pl->name), a, &rc);
	}
	/* Each of its predicates sits in at most every (action, phase) slot. */
	size_t slots = (x->n_actions + 1) * (x->n_phases + 1), nb = 0, n_ix = 0;
	for (size_t i = 0; i < o->n; i++)
		nb += o->bound[i].ruleset_ix == r;
	if (rc || !(x->start = arb__arena_alloc(a, (slots + 1) * sizeof *x->start)) ||
	    !(x->ix = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix)) ||
	    !(x->ix_clause = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix_clause)) ||
	    !(x->ix_question = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix_question)) ||
	    !(x->ix_first = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix_first)) ||
	    !(x->ix_next = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix_next)) ||
	    !(x->ix_qhead = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix_qhead)) ||
	    !(x->ix_qnext = arb__arena_alloc(a, (slots * nb + 1) * sizeof *x->ix_qnext)))
		return ARB_ENOMEM;
	for (size_t k = 0; k < slots; k++) {
		size_t ai = k / (x->n_phases + 1), pi = k % (x->n_phases + 1);
		const char *an = ai < x->n_actions ? x->actions[ai] : "";
		const char *pn = pi < x->n_phases ? x->phases[pi] : "";
		x->start[k] = n_ix;
		for (size_t i = 0; i < o->n; i++)
			if (o->bound[i].ruleset_ix == r &&
			    applies_to(o, &o->bound[i], rs, an, pn)) {
				x->ix_clause[n_ix] = o->bound[i].clause_ix;
				x->ix_question[n_ix] = o->bound[i].question_ix;
				x->ix[n_ix++] = i;
			}
		/* The chains of one clause's predicates (its readings) in the slot,
		 * and of one question's. */
		size_t *cl = x->ix_clause + x->start[k], len = n_ix - x->start[k];
		size_t *qu = x->ix_question + x->start[k];
		for (size_t p = 0; p < len; p++) {
			size_t first = 0, next = p + 1, qfirst = 0, qnext = p + 1;
			while (cl[first] != cl[p])
				first++;
			while (next < len && cl[next] != cl[p])
				next++;
			while (qu[qfirst] != qu[p])
				qfirst++;
			while (qnext < len && qu[qnext] != qu[p])
				qnext++;
			x->ix_first[x->start[k] + p] = first;
			x->ix_next[x->start[k] + p] = next;
			x->ix_qhead[x->start[k] + p] = qfirst == p;
			x->ix_qnext[x->start[k] + p] = qnext;
		}
	}
	x->start[slots] = n_ix;
	/* The profiles, each bound predicate's selection under each. */
	size_t ne = arb_rulebook_profile_count(rb, rs);
	if (!(x->profiles = arb__arena_alloc(a, (ne + 1) * sizeof *x->profiles)))
		return ARB_ENOMEM;
	for (size_t k = 0; k < ne; k++) {
		const char *name = arb_rulebook_profile_at(rb, rs, k)->profile;
		bool have = strcmp(name, "all") == 0; /* "all" picks nothing, whatever it lists */
		for (size_t j = 0; j < x->n_profiles && !have; j++)
			have = strcmp(x->profiles[j], name) == 0;
		if (!have)
			x->profiles[x->n_profiles++] = name;
	}
	x->n_prec = arb_rulebook_precedence_count(rb, rs);
	size_t np = x->n_prec;
	x->not_selected = arb__arena_alloc(a, (x->n_profiles * o->n + 1) * sizeof *x->not_selected);
	x->prec = arb__arena_alloc(a, (np + 1) * sizeof *x->prec);
	x->prec_pick = arb__arena_alloc(a, (x->n_profiles * np + 1) * sizeof *x->prec_pick);
	if (!x->not_selected || !x->prec || !x->prec_pick)
		return ARB_ENOMEM;
	for (size_t k = 0; k < x->n_profiles; k++)
		for (size_t i = 0; i < o->n; i++) {
			const arb_bound *b = &o->bound[i];
			const char *want = NULL;
			if (b->ruleset_ix != r || !b->reading)
				continue;
			arb_rulebook_profile_reading(rb, rs, x->profiles[k], b->pred->clause,
			                             &want);
			x->not_selected[k * o->n + i] = want && strcmp(want, b->reading) != 0;
		}
	/* Each precedence, and where its two clauses first answer in each slot. */
	if (!(x->prec_at = arb__arena_alloc(a, (2 * slots * np + 1) * sizeof *x->prec_at)))
		return ARB_ENOMEM;
	for (size_t j = 0; j < np; j++) {
		const arb_precedence *pr = arb_rulebook_precedence_at(rb, rs, j);
		size_t w = clause_index(rb, pr->winner), l = clause_index(rb, pr->loser);
		x->prec[j] = (arb_rs_prec){.pr = pr};
		for (size_t k = 0; k < slots; k++) {
			const size_t *cl = x->ix_clause + x->start[k];
			size_t len = x->start[k + 1] - x->start[k],
			       *at = &x->prec_at[2 * (k * np + j)];
			at[0] = at[1] = len;
			for (size_t p = len; p-- > 0;) {
				at[0] = cl[p] == w ? p : at[0];
				at[1] = cl[p] == l ? p : at[1];
			}
		}
		if (!pr->arguable)
			continue;
		/* The pseudo-clause a profile reads an arguable precedence by. */
		char key[160];
		snprintf(key, sizeof key, "%s over %s", pr->winner, pr->loser);
		for (size_t k = 0; k < x->n_profiles; k++) {
			const char *want = NULL;
			arb_rulebook_profile_reading(rb, rs, x->profiles[k], key, &want);
			x->prec_pick[k * np + j] =
			    (signed char)(!want                            ? 0
			                  : strcmp(want, "exception") == 0 ? 1
			                                                   : -1);
		}
	}
	return ARB_OK;
}

/* Numbers for clauses, questions and rulesets, and the index of each
 * ruleset: what judging would otherwise find by comparing names. */
static int build_index(arb_oracle *o, const arb_rulebook *rb, arb_error *err)
{
	size_t nrs = arb_rulebook_ruleset_count(rb);
	int rc = ARB_OK;
	if (!(o->arena = arb__arena_new()) ||
	    !(o->rs = arb__arena_alloc(o->arena, (nrs + 1) * sizeof *o->rs)) ||
	    !(o->questions = arb__arena_alloc(o->arena, (o->n + 1) * sizeof *o->questions)))
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	o->n_rs = nrs;
	for (size_t r = 0; r < nrs; r++)
		o->rs[r].name = arb_rulebook_ruleset_at(rb, r);
	for (size_t i = 0; i < o->n; i++) {
		arb_bound *b = &o->bound[i];
		b->clause_ix = clause_index(rb, b->pred->clause);
		b->ruleset_ix = ARB_NO_IX;
		for (size_t r = 0; r < nrs && b->ruleset_ix == ARB_NO_IX; r++)
			if (strcmp(o->rs[r].name, b->pred->ruleset) == 0)
				b->ruleset_ix = r;
		b->question_ix = ARB_NO_IX;
		for (size_t q = 0; q < o->n_questions && b->question_ix == ARB_NO_IX; q++)
			if (strcmp(o->questions[q], b->pred->question) == 0)
				b->question_ix = q;
		if (b->question_ix == ARB_NO_IX) {
			b->question_ix = o->n_questions;
			o->questions[o->n_questions++] = b->pred->question;
		}
	}
	for (size_t r = 0; r < nrs && rc == ARB_OK; r++)
		rc = index_ruleset(o, r);
	if (rc)
		return arb_error_set(err, rc, NULL, 0, 0, NULL, "out of memory");
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
				b->placement = pl;
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
	rc = build_index(o, rb, err);
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
	arb__arena_free(o->arena);
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

bool arb_eval_explains(const arb_eval *ev)
{
	return !ev->terse;
}

const arb_clause *arb_eval_clause(const arb_eval *ev)
{
	return ev->b->clause;
}

const arb_unit *arb_eval_actor(const arb_eval *ev)
{
	return ev->actor;
}

const arb_oracle *arb_eval_oracle(const arb_eval *ev)
{
	return ev->o;
}

const char *arb_eval_reading(const arb_eval *ev)
{
	return ev->b->reading;
}

int arb_eval_reading_arg(const arb_eval *ev)
{
	return ev->b->reading_arg;
}

void *arb_eval_memo(const arb_eval *ev, const void *key, void *(*make)(const arb_eval *ev),
                    void (*free_fn)(void *))
{
	arb_eval *e = (arb_eval *)ev; /* the memo belongs to the judgement */
	for (size_t i = 0; i < e->n_memo; i++)
		if (e->memo[i].key == key)
			return e->memo[i].value;
	if (e->n_memo == ARB_MEMO_MAX)
		return NULL; /* no room: as out of memory */
	void *v = make(ev);
	/* make may have asked for memos of its own and taken the last room */
	if (v && e->n_memo == ARB_MEMO_MAX) {
		if (free_fn)
			free_fn(v);
		return NULL;
	}
	if (v)
		e->memo[e->n_memo++] = (arb_memo){key, v, free_fn};
	return v;
}

void arb__eval_memo_free(arb_eval *ev)
{
	for (size_t i = 0; i < ev->n_memo; i++)
		if (ev->memo[i].free_fn)
			ev->memo[i].free_fn(ev->memo[i].value);
	ev->n_memo = 0;
	arb__arena_release(&ev->scratch);
}

void *arb_eval_alloc(const arb_eval *ev, size_t n, size_t size)
{
	arb_eval *e = (arb_eval *)ev; /* the scratch belongs to the judgement */
	return arb__arena_array(&e->scratch, n, size);
}

static const arb_bound_param *bound_param(const arb_eval *ev, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < ev->b->n_params; i++)
		if (ev->b->params[i].len == n && memcmp(ev->b->params[i].name, name, n) == 0)
			return &ev->b->params[i];
	((arb_eval *)ev)->fault = name;
	return NULL;
}

double arb_eval_param(const arb_eval *ev, const char *name)
{
	const arb_bound_param *bp = bound_param(ev, name);
	return bp ? bp->value : NAN;
}

bool arb_eval_param_known(const arb_eval *ev, const char *name, double *out)
{
	const arb_bound_param *bp = bound_param(ev, name);
	if (!bp || isnan(bp->value))
		return false;
	*out = bp->value;
	return true;
}

bool arb_eval_param_row(const arb_eval *ev, const char *name, const char *key, double *out)
{
	const arb_bound_param *bp = bound_param(ev, name);
	if (!bp || !key)
		return false;
	for (size_t k = 0; k < bp->param->n_rows; k++) {
		const arb_param_row *row = &bp->param->rows[k];
		if (row->key && strcmp(row->key, key) == 0) {
			*out = arb__param_inches(row->value, row->unit, bp->yard);
			return true;
		}
	}
	return false;
}

void arb_result_explain(arb_result *r, const char *fmt, ...)
{
	if (r->fault || r->terse_)
		return; /* the fault's own words stay; a terse judgement has none */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->explanation, sizeof r->explanation, fmt, ap);
	va_end(ap);
}

/* The informative bits of a result are one unsigned. */
_Static_assert(ARB_MAX_VALUES <= sizeof(unsigned) * 8, "arb_result.informative holds the bits");

/* A value with no room left is a fault of the predicate, never dropped:
 * arb_judge fails naming the predicate and the value. */
static bool value_room(arb_result *r, const char *name)
{
	if (r->n_values < ARB_MAX_VALUES)
		return true;
	if (!r->fault)
		arb_result_fault(r, ARB_EINTERNAL,
		                 "value '%s' is one more than the %d a predicate may record "
		                 "(ARB_MAX_VALUES)",
		                 name, ARB_MAX_VALUES);
	return false;
}

void arb_result_value(arb_result *r, const char *name, double value)
{
	if (!value_room(r, name))
		return;
	r->values[r->n_values].name = name;
	r->values[r->n_values].value = value;
	r->informative &= ~(1u << r->n_values);
	r->n_values++;
}

void arb_result_info(arb_result *r, const char *name, double value)
{
	if (!value_room(r, name))
		return;
	arb_result_value(r, name, value);
	r->informative |= 1u << (r->n_values - 1);
}

void arb_result_missing(arb_result *r, const char *what, const char *fmt, ...)
{
	va_list ap;
	r->outcome = ARB_MISSING;
	r->missing = what;
	if (r->terse_)
		return;
	va_start(ap, fmt);
	vsnprintf(r->explanation, sizeof r->explanation, fmt, ap);
	va_end(ap);
}

void arb_result_bad_input(arb_result *r, const char *field, const char *fmt, ...)
{
	va_list ap;
	r->fault = ARB_EINPUT;
	r->fault_field = field;
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
