/*
 * search-kinds.c: the kinds of finding the dispute search reports besides
 * a disputed verdict's (arbiter.h section 9, docs/conflicts.md):
 *
 *   overlap          two outcomes of one roll both apply: two predicates of
 *                    different clauses that read the same dice parameter
 *                    (a parameter of the text in D6) and answer the same
 *                    question apply to one scenario, neither set aside,
 *                    and no precedence of the text ranks their clauses;
 *                    confirmed when each of them does not apply to some
 *                    other outcome of the same dice (the roll decides it);
 *   no-legal-action  every option of the acting unit is illegal and the
 *                    text compels it to act (search-options.c).
 *
 * The kinds' names and bits, for keys, baselines and shard results, are
 * the engine's dispute kinds plus these two.
 */
#include "search-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- kinds ---- */

static const char *const kKind[] = {"conflict", "gap", "readings", "overlap", "no-legal-action"};
#define N_KIND (sizeof kKind / sizeof *kKind)

const char *arb_search_kind_name(int bits, char *buf, size_t n)
{
	size_t k = 0;
	if (n)
		buf[0] = '\0';
	for (size_t i = 0; i < N_KIND; i++)
		if (bits & (1 << i)) {
			int w = snprintf(buf + k, n - k, "%s%s", k ? "+" : "", kKind[i]);
			if (w < 0 || (size_t)w >= n - k)
				break;
			k += (size_t)w;
		}
	return buf;
}

int arb_search_kind_parse(const char *s, int *out)
{
	*out = 0;
	if (!*s)
		return 0;
	for (;;) {
		size_t n = strcspn(s, "+"), i = 0;
		while (i < N_KIND && !(strlen(kKind[i]) == n && strncmp(s, kKind[i], n) == 0))
			i++;
		if (i == N_KIND)
			return -1;
		*out |= 1 << i;
		s += n;
		if (!*s)
			break;
		if (!*++s)
			return -1; /* a trailing '+' names nothing */
	}
	/* the search's own kinds stand alone: they are not a verdict's dispute */
	if ((*out & ~ARB_SEARCH_DISPUTES) && (*out & (*out - 1)))
		return -1;
	return 0;
}

/* ---- which predicates read a roll ---- */

/* The dice parameters predicate p reads, as "CLAUSE:name" words (NULL when
 * none): the parameters of its tag whose unit is D6. */
static int rolls_of(char **out, const arb_rulebook *rb, const arb_predicate *p)
{
	*out = NULL;
	if (!p->params || !p->clause)
		return ARB_OK;
	char buf[1024];
	size_t len = 0;
	buf[0] = '\0';
	for (const char *q = p->params; *q;) {
		q += strspn(q, " ");
		size_t w = strcspn(q, " ");
		if (!w)
			break;
		char word[256];
		snprintf(word, sizeof word, "%.*s", (int)(w < 255 ? w : 255), q);
		q += w;
		char *colon = strrchr(word, ':');
		const char *cid = p->clause, *name = word;
		if (colon) {
			*colon = '\0';
			cid = word;
			name = colon + 1;
		}
		const arb_clause *c = arb_rulebook_clause(rb, cid);
		for (size_t k = 0; c && k < c->n_params; k++)
			if (strcmp(c->params[k].name, name) == 0 && c->params[k].unit &&
			    strcmp(c->params[k].unit, "D6") == 0) {
				int n = snprintf(buf + len, sizeof buf - len, "%s%s:%s",
				                 len ? " " : "", cid, name);
				if (n > 0 && (size_t)n < sizeof buf - len)
					len += (size_t)n;
			}
	}
	if (!len)
		return ARB_OK;
	*out = strdup(buf);
	return *out ? ARB_OK : ARB_ENOMEM;
}

int arb__search_rolls(arb_search *s)
{
	size_t n = arb_oracle_predicate_count(s->o);
	s->rolls = calloc(n ? n : 1, sizeof *s->rolls);
	if (!s->rolls)
		return ARB_ENOMEM;
	s->n_rolls = n;
	for (size_t i = 0; i < n; i++)
		if (rolls_of(&s->rolls[i], s->rb, arb_oracle_predicate_at(s->o, i)))
			return ARB_ENOMEM;
	return ARB_OK;
}

void arb__search_rolls_free(arb_search *s)
{
	for (size_t i = 0; i < s->n_rolls; i++)
		free(s->rolls[i]);
	free(s->rolls);
	s->rolls = NULL;
	s->n_rolls = 0;
}

/* The first dice parameter that both lists name, or NULL. */
static const char *shared_roll(const char *a, const char *b, char *buf, size_t n)
{
	for (const char *p = a; p && *p;) {
		size_t w = strcspn(p, " ");
		snprintf(buf, n, "%.*s", (int)w, p);
		if (arb__word_in(b, buf))
			return buf;
		p += w;
		p += strspn(p, " ");
	}
	return NULL;
}

/* Whether an outcome applies: the clause speaks to the scenario. */
static bool applies(const arb_trace *t)
{
	return !t->not_selected && !t->overridden_by && t->result.outcome != ARB_NA &&
	       t->result.outcome != ARB_MISSING;
}

/* Whether the text ranks clause a and clause b, either way. */
static bool ranked(const arb_rulebook *rb, const char *ruleset, const char *a, const char *b)
{
	size_t n = arb_rulebook_precedence_count(rb, ruleset);
	for (size_t i = 0; i < n; i++) {
		const arb_precedence *p = arb_rulebook_precedence_at(rb, ruleset, i);
		if ((strcmp(p->winner, a) == 0 && strcmp(p->loser, b) == 0) ||
		    (strcmp(p->winner, b) == 0 && strcmp(p->loser, a) == 0))
			return true;
	}
	return false;
}

int arb__search_each_overlap(const arb_search *s, const arb_verdict *v, const char *ruleset,
                             int (*fn)(void *ud, const char *key), void *ud)
{
	char seen[8][256];
	size_t n_seen = 0;
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *a = &v->trace[i];
		if (a->index >= s->n_rolls || !s->rolls[a->index] || !a->pred->question ||
		    !applies(a))
			continue;
		for (size_t k = i + 1; k < v->n_trace; k++) {
			const arb_trace *b = &v->trace[k];
			char roll[256];
			if (b->index >= s->n_rolls || !s->rolls[b->index] || !b->pred->question ||
			    !applies(b) || strcmp(a->pred->clause, b->pred->clause) == 0 ||
			    strcmp(a->pred->question, b->pred->question) != 0 ||
			    !shared_roll(s->rolls[a->index], s->rolls[b->index], roll,
			                 sizeof roll) ||
			    ranked(s->rb, ruleset, a->pred->clause, b->pred->clause))
				continue;
			bool ab = strcmp(a->pred->clause, b->pred->clause) < 0;
			char key[256];
			snprintf(key, sizeof key, "overlap %s %s",
			         ab ? a->pred->clause : b->pred->clause,
			         ab ? b->pred->clause : a->pred->clause);
			/* two readings of one clause make the same pair: once */
			bool dup = false;
			for (size_t x = 0; x < n_seen && !dup; x++)
				dup = strcmp(seen[x], key) == 0;
			if (dup)
				continue;
			if (n_seen < sizeof seen / sizeof *seen)
				snprintf(seen[n_seen++], sizeof seen[0], "%s", key);
			int rc = fn(ud, key);
			if (rc)
				return rc;
		}
	}
	return ARB_OK;
}

typedef struct has_ctx {
	const char *want;
	bool found;
} has_ctx;

static int has_key(void *ud, const char *key)
{
	has_ctx *c = ud;
	if (strcmp(c->want, key) == 0)
		c->found = true;
	return ARB_OK;
}

bool arb_search_shows(const arb_search *s, const arb_verdict *v, const char *ruleset,
                      const char *key)
{
	if (strncmp(key, "overlap ", 8) == 0) {
		has_ctx c = {key, false};
		arb__search_each_overlap(s, v, ruleset, has_key, &c);
		return c.found;
	}
	if (strncmp(key, "no-legal-action ", 16) == 0)
		return false; /* a property of a unit's options, not of one verdict */
	char got[8192];
	return strcmp(arb_search_key(v, got, sizeof got), key) == 0;
}

/* The trace entry of clause that applies, or NULL. */
static const arb_trace *applying(const arb_verdict *v, const char *clause)
{
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, clause) == 0 && applies(&v->trace[i]))
			return &v->trace[i];
	return NULL;
}

/* The two clauses of an overlap key into a and b (size n each). */
static bool overlap_pair(const char *key, char *a, char *b, size_t n)
{
	if (strncmp(key, "overlap ", 8) != 0)
		return false;
	const char *p = key + 8, *sp = strchr(p, ' ');
	if (!sp || strchr(sp + 1, ' ') || (size_t)(sp - p) >= n || strlen(sp + 1) >= n)
		return false;
	snprintf(a, n, "%.*s", (int)(sp - p), p);
	snprintf(b, n, "%s", sp + 1);
	return true;
}

bool arb__search_confirms_overlap(const arb_verdict *v, const char *key, char *why, size_t n)
{
	char a[128], b[128];
	const arb_trace *ta, *tb;
	if (!overlap_pair(key, a, b, sizeof a)) {
		snprintf(why, n, "'%s' does not name two clauses", key);
		return false;
	}
	if (!(ta = applying(v, a)) || !(tb = applying(v, b))) {
		snprintf(why, n, "%s does not apply", ta ? b : a);
		return false;
	}
	snprintf(why, n, "%s %s and %s %s on one roll", a, arb_outcome_name(ta->result.outcome), b,
	         arb_outcome_name(tb->result.outcome));
	return true;
}

int arb_search_confirm_roll(bool *ok, const arb_oracle *o, arb_scenario *sc, const char *key,
                            char *why, size_t n, arb_error *err)
{
	*ok = false;
	char a[128], b[128];
	if (n)
		why[0] = '\0';
	if (!overlap_pair(key, a, b, sizeof a))
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "key",
		                     "'%s' is not an overlap of two clauses", key);
	size_t nd = sc->n_dice;
	if (!nd || nd > 4) {
		snprintf(why, n, "the scenario rolls %zu dice", nd);
		return ARB_OK;
	}
	int keep[4];
	memcpy(keep, sc->dice, nd * sizeof *keep);
	unsigned long outcomes = 1;
	for (size_t i = 0; i < nd; i++)
		outcomes *= 6;
	/* the first outcome at which each clause does not apply */
	long off_a = -1, off_b = -1;
	int rc = ARB_OK;
	for (unsigned long code = 0; code < outcomes && (off_a < 0 || off_b < 0); code++) {
		unsigned long c = code;
		for (size_t i = 0; i < nd; i++, c /= 6)
			sc->dice[i] = (int)(c % 6) + 1;
		arb_verdict *v = NULL;
		rc = arb_judge_ex(&v, o, sc, NULL, ARB_JUDGE_TERSE, err);
		if (rc) {
			arb_verdict_free(v);
			break;
		}
		if (off_a < 0 && !applying(v, a))
			off_a = (long)code;
		if (off_b < 0 && !applying(v, b))
			off_b = (long)code;
		arb_verdict_free(v);
	}
	memcpy(sc->dice, keep, nd * sizeof *keep);
	if (rc)
		return rc;
	if (off_a < 0 || off_b < 0) {
		snprintf(why, n,
		         "%s applies to every outcome of the dice: not an outcome of the roll",
		         off_a < 0 ? a : b);
		return ARB_OK;
	}
	*ok = true;
	char da[32] = "", db[32] = "", dk[32] = "";
	size_t la = 0, lb = 0, lk = 0;
	unsigned long ca = (unsigned long)off_a, cb = (unsigned long)off_b;
	for (size_t i = 0; i < nd; i++, ca /= 6, cb /= 6) {
		la += (size_t)snprintf(da + la, sizeof da - la, "%s%lu", i ? " " : "", ca % 6 + 1);
		lb += (size_t)snprintf(db + lb, sizeof db - lb, "%s%lu", i ? " " : "", cb % 6 + 1);
		lk += (size_t)snprintf(dk + lk, sizeof dk - lk, "%s%d", i ? " " : "", keep[i]);
	}
	snprintf(why, n,
	         "rolled %s; each applies to some outcomes only (%s not at %s, %s not at %s)", dk,
	         a, da, b, db);
	return ARB_OK;
}
