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

/* The fact trace entry i misses, or awaits (arb_trace.awaits). */
static const char *missing_of(const arb_verdict *v, size_t i)
{
	const arb_trace *t = &v->trace[i];
	if (t->result.outcome != ARB_MISSING && t->awaits)
		return t->awaits;
	return t->result.missing ? t->result.missing : "?";
}

/* The fact that a declared winner's first selected reading misses, when it
 * has no reading that permits: given the fact, it might. NULL otherwise. */
static const char *winner_awaits(const arb_verdict *v, const judging *j, size_t first)
{
	const char *fact = NULL;
	for (size_t i = first; i < v->n_trace; i = j->next[i]) {
		const arb_trace *t = &v->trace[i];
		if (t->not_selected)
			continue;
		if (t->result.outcome == ARB_PERMITS)
			return NULL;
		if (t->result.outcome == ARB_MISSING && !fact)
			fact = t->result.missing ? t->result.missing : "?";
	}
	return fact;
}

/* Whether a declared winner's selected readings leave it undecided: none
 * permits and one is undecided. Decided, it might permit. */
static bool winner_undecided(const arb_verdict *v, const judging *j, size_t first)
{
	bool und = false;
	for (size_t i = first; i < v->n_trace; i = j->next[i]) {
		const arb_trace *t = &v->trace[i];
		if (t->not_selected)
			continue;
		if (t->result.outcome == ARB_PERMITS)
			return false;
		und = und || t->result.outcome == ARB_UNDECIDED;
	}
	return und;
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

/* Whether one of the n trace entries at[] is of a clause that grants (a
 * permission, or a derivation such as a cost that lets a move be made),
 * which, decided, might permit what another clause forbids. An undecided
 * constraint cannot: it would add a violation or none. */
static bool undecided_permission(const judging *j, const size_t *at, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const arb_clause *c = j->o->bound[j->app[at[i]]].clause;
		if (c && (c->kind == ARB_KIND_PERMISSION || c->kind == ARB_KIND_DERIVATION))
			return true;
	}
	return false;
}

/* Adds to disputed the clause of trace entry i, left undecided in its
 * question, and the undecided winners that leave its violations open. */
static int name_undecided(const arb_verdict *v, const judging *j, size_t i, idset *disputed)
{
	int rc = idset_add(disputed, v->trace[i].pred->clause);
	for (size_t k = j->first[i]; k < v->n_trace && rc == ARB_OK; k = j->next[k])
		if (v->trace[k].open_how && active(&v->trace[k]) &&
		    question_of(j, k) == question_of(j, i))
			rc = idset_add(disputed, v->trace[k].open_how->winner);
	return rc;
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
			/* A reading that needs a fact the scenario lacks, or that forbids
			 * unless a winner the fact would decide overrides it: a missing
			 * input. */
			if (u->result.outcome == ARB_MISSING || u->awaits) {
				needs = true;
				bool have = false;
				for (size_t m = 0; m < n_mis && !have; m++)
					have =
					    strcmp(missing_of(v, j->mis[m]), missing_of(v, k)) == 0;
				if (!have)
					j->mis[n_mis++] = k;
				continue;
			}
			/* A violation that an undecided winner may set aside is
			 * undecided itself (docs/spec-format.md, "Precedence"). */
			if (u->result.outcome == ARB_VIOLATED && u->open_how) {
				classes |= CL_UND;
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
		} else if (n_neg && undecided_permission(j, j->und, n_und)) {
			/* a permission the text leaves undecided may grant what is
			 * forbidden (a conflict) or not (illegal): a gap */
			v->dispute |= ARB_DISPUTE_GAP;
			for (size_t i = 0; i < n_neg && rc == ARB_OK; i++)
				rc = idset_add(disputed, t[j->neg[i]].pred->clause);
			for (size_t i = 0; i < n_und && rc == ARB_OK; i++)
				if (undecided_permission(j, &j->und[i], 1))
					rc = idset_add(disputed, t[j->und[i]].pred->clause);
		} else if (n_neg) {
			*illegal = true;
		} else if (n_und) {
			/* Alone, the undecided clauses leave the question open; beside
			 * answers that allow, an undecided constraint still may forbid
			 * (an undecided grant beside them could only allow too). */
			bool alone = !any_pos && !n_split;
			for (size_t i = 0; i < n_und && rc == ARB_OK; i++)
				if (alone || !undecided_permission(j, &j->und[i], 1)) {
					v->dispute |= ARB_DISPUTE_GAP;
					rc = name_undecided(v, j, j->und[i], disputed);
				}
		}
	}
	return rc;
}

/* Where judge_once puts a verdict's trace: in the verdict's own block,
 * right after it (one allocation a judgement, not two). A trace anywhere
 * else was allocated on its own. */
_Static_assert(sizeof(arb_verdict) % _Alignof(arb_trace) == 0,
               "a trace right after its verdict is aligned");
static arb_trace *verdict_own_trace(arb_verdict *v)
{
	return (arb_trace *)(void *)(v + 1);
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
	if (v->trace != verdict_own_trace(v))
		free(v->trace);
	free(v->trace_event);
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
	v->n_values = v->n_info = 0; /* the lists fill from empty */
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

/* A trace entry before its predicate runs: what calloc gave it, less the
 * explanation's tail and the values (written with n_values, read below it). */
static void trace_start(arb_trace *t, const arb_bound *b, size_t index, bool terse)
{
	t->pred = b->pred;
	t->reading = b->reading;
	t->index = index;
	t->overridden_by = NULL;
	t->overridden_how = NULL;
	t->awaits = NULL;
	t->awaits_how = NULL;
	t->open_how = NULL;
	t->not_selected = false;
	arb_result *r = &t->result;
	r->outcome = ARB_NA;
	r->explanation[0] = '\0';
	r->has_measure = false;
	/* zeroed whole: some predicates set only its figures */
	r->measure = (arb_measure){0};
	r->subject = r->object = NULL;
	r->n_values = 0;
	r->informative = 0;
	r->missing = NULL;
	r->fault = 0;
	r->fault_field = NULL;
	r->terse_ = terse;
}

/* Frees a verdict judge_once made from another's trace, not that trace. */
static void free_borrowing(arb_verdict *v)
{
	if (v)
		v->trace = NULL;
	arb_verdict_free(v);
}

/* Saves (restore false) or puts back (restore true) the overrides of v's
 * trace in keep (KEPT_PER_ENTRY per entry): judge_once borrowing v's trace
 * rewrites them. */
#define KEPT_PER_ENTRY 5
static void keep_overrides(arb_verdict *v, const void **keep, bool restore)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		arb_trace *t = &v->trace[i];
		const void **k = keep + KEPT_PER_ENTRY * i;
		if (restore) {
			t->overridden_by = k[0];
			t->overridden_how = k[1];
			t->awaits = k[2];
			t->awaits_how = k[3];
			t->open_how = k[4];
		} else {
			k[0] = t->overridden_by;
			k[1] = t->overridden_how;
			k[2] = t->awaits;
			k[3] = t->awaits_how;
			k[4] = t->open_how;
		}
	}
}

/* Judges j's scenario with the arguable precedences `on` ranked (the
 * arg-th taken as an exception when bit arg of on is set, unless the
 * profile reads it). The predicates run once per scenario: when `ran` (a
 * verdict of the same scenario) is given, the judgement borrows its trace
 * instead of running them again, since a precedence ranks results and never
 * changes them. It then rewrites only the trace's overridden_by and
 * overridden_how (the caller puts ran's back: keep_overrides), leaves the
 * values out (same_verdict does not compare them) and must be freed with
 * free_borrowing. */
static int judge_once(arb_verdict **out, const judging *j, unsigned on, arb_verdict *ran,
                      arb_error *err)
{
	const arb_oracle *o = j->o;
	const arb_scenario *s = j->s;
	const arb_rs_index *x = j->x;
	int rc = ARB_OK;
	/* the verdict and, unless borrowed, its trace (verdict_own_trace) */
	size_t n_trace = ran ? 0 : j->n_app ? j->n_app : 1;
	arb_verdict *v = malloc(sizeof *v + n_trace * sizeof(arb_trace));
	if (v)
		*v = (arb_verdict){0};
	idset violates = {0}, disputed = {0}, missing = {0};
	arb_eval ev = {
	    .o = o, .s = s, .actor = arb_scenario_unit(s, s->action.unit), .terse = j->terse};
	max_align_t scratch[ARB_EVAL_SCRATCH / sizeof(max_align_t)];
	arb__arena_init_buf(&ev.scratch, scratch, sizeof scratch);
	*out = NULL;
	/* Not calloc: zeroing every entry's explanation and values was a tenth
	 * of judging. Each entry is initialised as it is filled (trace_start);
	 * what is left indeterminate is only what no reader may read: the
	 * explanation past its end, values past n_values. */
	if (v && ran) {
		v->trace = ran->trace;
		v->n_trace = ran->n_trace;
		for (size_t a = 0; a < v->n_trace; a++) {
			v->trace[a].overridden_by = NULL;
			v->trace[a].overridden_how = NULL;
			v->trace[a].awaits = NULL;
			v->trace[a].awaits_how = NULL;
			v->trace[a].open_how = NULL;
		}
	} else if (v) {
		v->trace = verdict_own_trace(v);
	}
	if (!v || !v->trace) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	v->scenario_id = s->id;
	for (size_t a = 0; !ran && a < j->n_app; a++) {
		const arb_bound *b = &o->bound[j->app[a]];
		const arb_predicate *p = b->pred;
		arb_trace *t = &v->trace[v->n_trace++];
		trace_start(t, b, j->app[a], j->terse);
		ev.b = b;
		ev.fault = NULL;
		p->fn(&ev, &t->result);
		if (ev.fault) {
			rc =
			    arb_error_set(err, ARB_EINTERNAL, p->src_file, p->src_line, 0, "params",
			                  "predicate of %s read parameter '%s' its tag does not "
			                  "declare",
			                  p->clause, ev.fault);
			goto done;
		}
		if (t->result.fault == ARB_EINPUT) {
			rc = arb_error_set(err, ARB_EINPUT, s->src_file, s->src_line, 0,
			                   t->result.fault_field, "%s (%s%s%s): %s", s->id,
			                   p->clause, b->reading ? "/" : "",
			                   b->reading ? b->reading : "", t->result.explanation);
			arb_scenario_locate(s, err);
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
		if (!trace_applies(v, j, j->prec_at[2 * k], pr->when_permits)) {
			/* A winner that would override where it permits, had the
			 * scenario given the fact it needs: the loser awaits it. */
			const char *fact =
			    pr->when_permits ? winner_awaits(v, j, j->prec_at[2 * k]) : NULL;
			for (size_t i = j->prec_at[2 * k + 1]; fact && i < v->n_trace;
			     i = j->next[i])
				if (v->trace[i].result.outcome == ARB_VIOLATED &&
				    !v->trace[i].awaits) {
					v->trace[i].awaits = fact;
					v->trace[i].awaits_how = pr;
				}
			/* One the text leaves undecided may set it aside or not: the
			 * loser's violation is open (a gap naming both). */
			bool open =
			    !fact && pr->when_permits && winner_undecided(v, j, j->prec_at[2 * k]);
			for (size_t i = j->prec_at[2 * k + 1]; open && i < v->n_trace;
			     i = j->next[i])
				if (v->trace[i].result.outcome == ARB_VIOLATED &&
				    !v->trace[i].open_how)
					v->trace[i].open_how = pr;
			continue;
		}
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
	if (rc == ARB_OK && !ran)
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
		if (ran)
			free_borrowing(v);
		else
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
	while (i < n && !arb__same(names[i], name))
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
	while (r < o->n_rs && !arb__same(o->rs[r].name, s->ruleset))
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
	arb__scenario_prefetch(s);
	int rc = flags & ARB_JUDGE_VALIDATED ? ARB_OK : arb_scenario_validate(s, o->rb, err);
	if (rc)
		return rc;
	/* A log whose events carry their moves: one judgement per event and one
	 * for the action, combined (engine-log.c). */
	if (s->context.n_log && arb__log_moves(s))
		return arb__judge_log(out, o, s, profile, flags, err);
	return arb__judge_one(out, o, s, profile, flags, err);
}

int arb__judge_one(arb_verdict **out, const arb_oracle *o, const arb_scenario *s,
                   const char *profile, unsigned flags, arb_error *err)
{
	int rc;
	*out = NULL;
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
	const void **keep = NULL;
	if (relevant &&
	    !(keep = malloc(KEPT_PER_ENTRY * (v->n_trace ? v->n_trace : 1) * sizeof *keep))) {
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		goto done;
	}
	if (relevant)
		keep_overrides(v, keep, false);
	for (unsigned on = relevant; on && !differ && rc == ARB_OK; on = (on - 1) & relevant) {
		arb_verdict *w = NULL;
		if ((rc = judge_once(&w, &j, on, v, err)) == ARB_OK)
			differ = !same_verdict(v, w);
		free_borrowing(w);
	}
	if (relevant)
		keep_overrides(v, keep, true);
	free(keep);
	if (rc)
		goto done;
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
