/*
 * search_stats.c: the characteristics the units of `conflicts` and `diff`
 * searches carry: those the case tables' units carry, each at the value
 * the suite uses most, then at its least and greatest (the values the
 * suite's authors chose; the text states none of them); and, as
 * "terrain:height", the heights of the suite's terrain pieces.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* ---- the characteristics units carry: those the case tables use ---- */

typedef struct stat_acc {
	char ruleset[64], name[64];
	double vals[64];
	size_t count[64], n;
} stat_acc;

static int stat_seen(cli_stats *st, const char *rs, const char *name, double value)
{
	stat_acc *a = NULL;
	for (size_t i = 0; i < st->n && !a; i++)
		if (strcmp(st->v[i].ruleset, rs) == 0 && strcmp(st->v[i].name, name) == 0)
			a = &st->v[i];
	if (!a) {
		stat_acc *g = realloc(st->v, (st->n + 1) * sizeof *g);
		if (!g)
			return -1;
		st->v = g;
		a = &st->v[st->n++];
		memset(a, 0, sizeof *a);
		snprintf(a->ruleset, sizeof a->ruleset, "%s", rs);
		snprintf(a->name, sizeof a->name, "%s", name);
	}
	for (size_t i = 0; i < a->n; i++)
		if (a->vals[i] == value) {
			a->count[i]++;
			return 0;
		}
	if (a->n < 64) {
		a->vals[a->n] = value;
		a->count[a->n++] = 1;
	}
	return 0;
}

/* For each characteristic: its most common value first, then its least
 * and its greatest (the values the suite's authors chose). */
int cli_stats_from_cases(cli_stats *st, const arb_caseset *cs)
{
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		const arb_scenario *s = arb_caseset_at(cs, i)->scenario;
		for (size_t u = 0; u < s->n_units; u++) {
			const arb_unit *un = &s->units[u];
			for (size_t k = 0; k < un->n_stats; k++)
				if (stat_seen(st, s->ruleset, un->stats[k].name,
				              un->stats[k].value))
					return -1;
		}
		/* how tall the suite's terrain stands: a clause may compare it */
		for (size_t t = 0; t < s->n_terrain; t++)
			if (s->terrain[t].has_height &&
			    stat_seen(st, s->ruleset, "terrain:height", s->terrain[t].height))
				return -1;
	}
	st->pub = calloc(st->n ? st->n : 1, sizeof *st->pub);
	st->values = calloc(st->n ? st->n * 3 : 1, sizeof *st->values);
	if (!st->pub || !st->values)
		return -1;
	for (size_t i = 0; i < st->n; i++) {
		stat_acc *a = &st->v[i];
		double *v = &st->values[i * 3];
		size_t mode = 0, lo = 0, hi = 0, n = 0;
		for (size_t k = 1; k < a->n; k++) {
			if (a->count[k] > a->count[mode] ||
			    (a->count[k] == a->count[mode] && a->vals[k] < a->vals[mode]))
				mode = k;
			if (a->vals[k] < a->vals[lo])
				lo = k;
			if (a->vals[k] > a->vals[hi])
				hi = k;
		}
		v[n++] = a->vals[mode];
		if (lo != mode)
			v[n++] = a->vals[lo];
		if (hi != mode && hi != lo)
			v[n++] = a->vals[hi];
		st->pub[i] = (arb_search_stat){a->ruleset, a->name, v, n};
	}
	return 0;
}

void cli_stats_free(cli_stats *st)
{
	free(st->v);
	free(st->pub);
	free(st->values);
}
