/*
 * search.c: the scenario space `arbiter conflicts` searches for disputed
 * verdicts (arbiter.h section 9, docs/conflicts.md).
 *
 * A decision point is an action of a ruleset in a phase, as the
 * predicates' tags name them. Its scenarios vary along dimensions whose
 * values come from spec/: the ruleset's vocabulary (sub-phases,
 * formations, statuses, terrain, facts), its parameters (every length of
 * the text just under, at and just over, every angle, as many dice as
 * the text rolls) and a few shapes of the search's own (1 to 12 models,
 * 0 to 2 enemy units, a friend). Scenario k of a point is a genome (a
 * digit per dimension, and for random geometry a few numbers) computed
 * from k alone:
 *
 *   k = 0                      every dimension at its base value
 *   k < sweep                  one dimension at one other value (so every
 *                              value of every dimension is seen)
 *   k < sweep + combinations   every dimension drawn from the seed (all
 *                              combinations in order when they are fewer)
 *   k < total                  the same with random numbers (geometry)
 *
 * The genome, not the scenario, is what a shrink reduces.
 */
#include "search-internal.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shapes the search gives a scenario besides the text's numbers
 * (docs/conflicts.md says why each). */
const size_t arb__search_models[5] = {1, 2, 3, 5, 12};
const double arb__search_base_mm[3] = {25, 40, 60};
const double arb__search_dir[3] = {0, 90, 180};
static const double kTurn[] = {45, 90, -90};
/* "just under" and "just over" a number of the text, in its unit (inches
 * or degrees): far beyond the tolerance (CONV.TOL.1), near enough to
 * leave every other comparison as it was. */
#define SEARCH_EPS 0.01

const char *const arb__search_dim_name[N_DIMS] = {
    "subphase", "formation", "status", "enemy_status", "models",   "base",     "gap",
    "move",     "direction", "turn",   "enemies",      "distance", "friend",   "targets",
    "terrain",  "facts",     "dice",   "stats",        "log",      "voluntary"};

/* ---- small helpers ---- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int oom(arb_error *err)
{
	return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
}

/* Appends v to a growable array of doubles unless it is there. */
static int dv_add(double **v, size_t *n, size_t *cap, double x)
{
	for (size_t i = 0; i < *n; i++)
		if (fabs((*v)[i] - x) < 1e-9)
			return ARB_OK;
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		double *g = realloc(*v, nc * sizeof *g);
		if (!g)
			return ARB_ENOMEM;
		*v = g;
		*cap = nc;
	}
	(*v)[(*n)++] = x;
	return ARB_OK;
}

/* The words of a space-separated list as an array with NULL first (the
 * "none" value); the strings are the list's, owned by the rulebook... so
 * each word is copied into one block the caller frees with free. */
static int words_with_none(const char *list, const char ***out, size_t *n)
{
	size_t len = list ? strlen(list) : 0, count = 1;
	for (const char *p = list; p && *p;) {
		p += strspn(p, " ");
		if (!*p)
			break;
		count++;
		p += strcspn(p, " ");
	}
	/* one block: the pointers, then the text they point into */
	const char **v = malloc(count * sizeof *v + len + 1);
	if (!v)
		return ARB_ENOMEM;
	char *text = (char *)(v + count);
	memcpy(text, list ? list : "", len + 1);
	size_t k = 0;
	v[k++] = NULL;
	for (char *p = text; *p;) {
		p += strspn(p, " ");
		if (!*p)
			break;
		v[k++] = p;
		p += strcspn(p, " ");
		if (*p)
			*p++ = '\0';
	}
	*out = v;
	*n = k;
	return ARB_OK;
}

/* ---- per ruleset: the values of its dimensions ---- */

static int fact_values(sr_ruleset *r, size_t f, const char *type)
{
	/* the default first, then the others; "@..." names a scenario's thing */
	const char *vals[32] = {NULL};
	size_t n = 0;
	if (strcmp(type, "bool") == 0) {
		vals[n++] = "false";
		vals[n++] = "true";
	} else if (strcmp(type, "count") == 0) {
		vals[n++] = "0";
		vals[n++] = "1";
		vals[n++] = "2";
		vals[n++] = "3";
	} else if (strcmp(type, "number") == 0) {
		vals[n++] = "@len0";
		vals[n++] = "0";
		vals[n++] = "@len1";
		vals[n++] = "@len2";
	} else if (strcmp(type, "unit") == 0) {
		vals[n++] = "@actor";
		vals[n++] = "@enemy";
	} else if (strcmp(type, "units") == 0) {
		vals[n++] = "false";
		vals[n++] = "true";
		vals[n++] = "@enemy";
	} else if (strcmp(type, "model") == 0) {
		vals[n++] = "@model";
		vals[n++] = "@emodel";
	} else if (strcmp(type, "models") == 0) {
		vals[n++] = "-";
		vals[n++] = "@model";
		vals[n++] = "@emodel";
	} else if (strcmp(type, "point") == 0) {
		vals[n++] = "@end";
		vals[n++] = "@epos";
	} else {
		/* a set of words: each of them */
		const char *p = type;
		while (*p && n < 30) {
			size_t w = strcspn(p, "|");
			char *word = malloc(w + 1);
			if (!word)
				return ARB_ENOMEM;
			memcpy(word, p, w);
			word[w] = '\0';
			if (arb__ptrvec_push(&r->owned, word)) {
				free(word);
				return ARB_ENOMEM;
			}
			vals[n++] = word;
			p += w;
			if (*p == '|')
				p++;
		}
	}
	if (!n)
		vals[n++] = NULL; /* an empty set of words: the fact left out */
	r->fact_default[f] = vals[0];
	/* variants: the fact absent, and each other value */
	size_t need = r->n_variants + n;
	sr_fact_variant *g = realloc(r->variants, need * sizeof *g);
	if (!g)
		return ARB_ENOMEM;
	r->variants = g;
	r->variants[r->n_variants++] = (sr_fact_variant){f, NULL};
	for (size_t k = 1; k < n; k++)
		r->variants[r->n_variants++] = (sr_fact_variant){f, vals[k]};
	return ARB_OK;
}

static int ruleset_prepare(sr_ruleset *r, const arb_rulebook *rb, const char *name,
                           const arb_search_options *opt, arb_error *err)
{
	r->name = name;
	if (words_with_none(arb_rulebook_vocabulary(rb, name, "formations"), &r->formations,
	                    &r->n_formations) ||
	    words_with_none(arb_rulebook_vocabulary(rb, name, "statuses"), &r->statuses,
	                    &r->n_statuses) ||
	    words_with_none(arb_rulebook_vocabulary(rb, name, "terrain"), &r->terrain,
	                    &r->n_terrain) ||
	    words_with_none(arb_rulebook_vocabulary(rb, name, "facts"), &r->facts, &r->n_facts))
		return oom(err);
	/* the facts array has NULL first: drop it */
	r->n_facts--;
	r->facts++;
	r->facts_block = r->facts - 1;
	if (r->n_facts > 63)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "facts",
		                     "%s declares %zu facts; the search handles at most 63", name,
		                     r->n_facts);
	r->fact_default = calloc(r->n_facts ? r->n_facts : 1, sizeof *r->fact_default);
	r->variants = malloc(sizeof *r->variants);
	if (!r->fact_default || !r->variants)
		return oom(err);
	r->variants[0] = (sr_fact_variant){0, NULL}; /* variant 0: every default */
	r->n_variants = 1;
	for (size_t f = 0; f < r->n_facts; f++)
		if (fact_values(r, f, arb_rulebook_fact_type(rb, name, r->facts[f])))
			return oom(err);
	/* a scenario with a log leaves out the facts the log answers (the
	 * validator refuses both: they are two answers to one question) */
	const char *lr = arb_rulebook_vocabulary(rb, name, "log_replaces");
	for (size_t f = 0; f < r->n_facts; f++)
		if (lr && arb__word_in(lr, r->facts[f]))
			r->log_drop |= (uint64_t)1 << f;

	/* the numbers of the text */
	double yard = arb__yard_in(rb, name);
	size_t cap_l = 0, cap_a = 0, cap_d = 0, n_d = 0;
	double *dcounts = NULL;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (!c->ruleset || strcmp(c->ruleset, name) != 0)
			continue;
		for (size_t k = 0; k < c->n_params; k++) {
			const arb_param *p = &c->params[k];
			double v = p->value;
			int rc = ARB_OK;
			if (p->unresolved || !isfinite(v) || strcmp(p->name, "yard") == 0)
				continue;
			if (strcmp(p->unit, "in") == 0 || strcmp(p->unit, "mm") == 0 ||
			    strcmp(p->unit, "yd") == 0) {
				double in = strcmp(p->unit, "mm") == 0   ? v / ARB_MM_PER_INCH
				            : strcmp(p->unit, "yd") == 0 ? v * yard
				                                         : v;
				/* a base size in mm is not a distance on the table */
				if (isfinite(in) && in > 0 && in <= 48 &&
				    strcmp(p->unit, "mm") != 0)
					rc = dv_add(&r->lengths, &r->n_lengths, &cap_l, in);
			} else if (strcmp(p->unit, "deg") == 0 && v > 0 && v <= 360) {
				rc = dv_add(&r->angles, &r->n_angles, &cap_a, v);
			} else if (strcmp(p->unit, "D6") == 0 && v >= 1 && v <= 3) {
				rc = dv_add(&dcounts, &n_d, &cap_d, v);
			} else if (strcmp(p->unit, "+") == 0) {
				rc = dv_add(&dcounts, &n_d, &cap_d, 1);
			}
			if (rc) {
				free(dcounts);
				return oom(err);
			}
		}
	}
	if (r->n_lengths)
		qsort(r->lengths, r->n_lengths, sizeof *r->lengths, cmp_double);
	if (n_d)
		qsort(dcounts, n_d, sizeof *dcounts, cmp_double);
	/* the dice: none, then every outcome of each count the text rolls */
	r->n_dice = 1;
	for (size_t i = 0; i < n_d; i++) {
		size_t c = (size_t)dcounts[i], outcomes = 1;
		for (size_t k = 0; k < c; k++)
			outcomes *= 6;
		r->dice_count[i] = c;
		r->dice_first[i] = r->n_dice;
		r->n_dice += outcomes;
	}
	r->n_dice_counts = n_d;
	free(dcounts);

	/* under, at and over each length: the moves, the gaps, the distances */
	size_t cap_m = 0, cap_g = 0, cap_e = 0;
	int rc =
	    dv_add(&r->moves, &r->n_moves, &cap_m, 0) | dv_add(&r->gaps, &r->n_gaps, &cap_g, 0);
	double longest = 0;
	for (size_t i = 0; i < r->n_lengths && !rc; i++) {
		double v = r->lengths[i];
		longest = v > longest ? v : longest;
		for (int s = -1; s <= 1 && !rc; s++) {
			double x = v + s * SEARCH_EPS;
			if (x <= 0)
				continue;
			rc = dv_add(&r->moves, &r->n_moves, &cap_m, x) |
			     dv_add(&r->dists, &r->n_dists, &cap_e, x);
			if (v <= 3)
				rc |= dv_add(&r->gaps, &r->n_gaps, &cap_g, x);
		}
	}
	/* far away: a distance no length of the text reaches */
	rc |= dv_add(&r->dists, &r->n_dists, &cap_e, longest > 0 ? 2 * longest : 24);
	if (rc)
		return oom(err);
	r->longest = longest > 0 ? longest : 12;
	/* a turn: none, each of the search's, each angle of the text +-1 */
	size_t cap_t = 0;
	rc = dv_add(&r->turns, &r->n_turns, &cap_t, 0);
	for (size_t i = 0; i < sizeof kTurn / sizeof *kTurn && !rc; i++)
		rc = dv_add(&r->turns, &r->n_turns, &cap_t, kTurn[i]);
	for (size_t i = 0; i < r->n_angles && !rc; i++)
		for (int s = -1; s <= 1 && !rc; s++)
			rc = dv_add(&r->turns, &r->n_turns, &cap_t,
			            r->angles[i] + s * 100 * SEARCH_EPS);
	if (rc)
		return oom(err);

	/* the characteristics: each at its first value, then one at a time */
	r->n_stat_variants = 1;
	for (size_t i = 0; i < opt->n_stats; i++) {
		const arb_search_stat *st = &opt->stats[i];
		if (!st->ruleset || strcmp(st->ruleset, name) != 0 || !st->n_values)
			continue;
		if (strcmp(st->name, "terrain:height") == 0) {
			/* not a characteristic: how tall the terrain stands */
			r->heights = st->values;
			r->n_heights = st->n_values;
			continue;
		}
		arb_search_stat *g = realloc(r->stats, (r->n_stats + 1) * sizeof *g);
		if (!g)
			return oom(err);
		r->stats = g;
		r->stats[r->n_stats++] = *st;
		r->n_stat_variants += st->n_values - 1;
	}
	/* the sub-phases of each phase, from the placements */
	return ARB_OK;
}

static void ruleset_free(sr_ruleset *r)
{
	free((void *)r->formations);
	free((void *)r->statuses);
	free((void *)r->terrain);
	free((void *)r->facts_block);
	free((void *)r->fact_default);
	free(r->variants);
	free(r->lengths);
	free(r->angles);
	free(r->moves);
	free(r->gaps);
	free(r->dists);
	free(r->turns);
	free(r->stats);
	for (size_t i = 0; i < r->owned.n; i++)
		free(r->owned.v[i]);
	arb__ptrvec_free(&r->owned);
}

/* ---- decision points ---- */

static bool point_exists(const arb_search *s, const char *rs, const char *act, const char *ph)
{
	for (size_t i = 0; i < s->n_points; i++) {
		const arb_search_point *p = &s->points[i].pub;
		if (strcmp(p->ruleset, rs) == 0 && strcmp(p->action, act) == 0 &&
		    strcmp(p->phase, ph) == 0)
			return true;
	}
	return false;
}

static int point_add(arb_search *s, sr_ruleset *r, const char *act, const char *ph)
{
	if (point_exists(s, r->name, act, ph))
		return ARB_OK;
	sr_point *g = realloc(s->points, (s->n_points + 1) * sizeof *g);
	if (!g)
		return ARB_ENOMEM;
	s->points = g;
	sr_point *p = &s->points[s->n_points];
	memset(p, 0, sizeof *p);
	/* the names live in the rulebook's lists; keep copies of the words */
	char *a = strdup(act), *h = strdup(ph);
	if (!a || !h || arb__ptrvec_push(&r->owned, a)) {
		free(a);
		free(h);
		return ARB_ENOMEM;
	}
	if (arb__ptrvec_push(&r->owned, h)) {
		free(h);
		return ARB_ENOMEM;
	}
	p->pub.ruleset = r->name;
	p->pub.action = a;
	p->pub.phase = h;
	p->rs = r;
	s->n_points++;
	return ARB_OK;
}

/* Every word of list (or of all, when list is "*") passed to fn. */
static int each_word(const char *list, const char *all, int (*fn)(void *, const char *), void *ud)
{
	const char *src = strcmp(list, "*") == 0 ? all : list;
	char word[128];
	for (const char *p = src ? src : ""; *p;) {
		p += strspn(p, " ");
		size_t w = strcspn(p, " ");
		if (!w)
			break;
		if (w < sizeof word) {
			memcpy(word, p, w);
			word[w] = '\0';
			int rc = fn(ud, word);
			if (rc)
				return rc;
		}
		p += w;
	}
	return ARB_OK;
}

typedef struct pt_ctx {
	arb_search *s;
	sr_ruleset *r;
	const char *phases, *all_phases, *action;
} pt_ctx;

static int pt_phase(void *ud, const char *phase)
{
	pt_ctx *c = ud;
	return point_add(c->s, c->r, c->action, phase);
}

static int pt_action(void *ud, const char *action)
{
	pt_ctx *c = ud;
	/* the word lives in each_word's buffer: kept only for this call */
	c->action = action;
	int rc = each_word(c->phases, c->all_phases, pt_phase, c);
	c->action = NULL;
	return rc;
}

static int points_of_ruleset(arb_search *s, sr_ruleset *r)
{
	const char *all_actions = arb_rulebook_vocabulary(s->rb, r->name, "actions");
	const char *all_phases = arb_rulebook_vocabulary(s->rb, r->name, "phases");
	for (size_t i = 0; i < arb_oracle_predicate_count(s->o); i++) {
		const arb_predicate *p = arb_oracle_predicate_at(s->o, i);
		/* a predicate for any action decides no point of its own */
		if (!p->ruleset || strcmp(p->ruleset, r->name) != 0 || !p->actions ||
		    strcmp(p->actions, "*") == 0)
			continue;
		pt_ctx c = {s, r, p->phases ? p->phases : "*", all_phases, NULL};
		int rc = each_word(p->actions, all_actions, pt_action, &c);
		if (rc)
			return rc;
	}
	return ARB_OK;
}

static int point_prepare(arb_search *s, sr_point *p)
{
	const sr_ruleset *r = p->rs;
	const arb_rulebook *rb = s->rb;
	/* sub-phases: none, and each the text places in this phase */
	size_t np = arb_rulebook_placement_count(rb, r->name);
	p->subphases = calloc(np + 1, sizeof *p->subphases);
	if (!p->subphases)
		return ARB_ENOMEM;
	p->n_subphases = 1;
	for (size_t i = 0; i < np; i++) {
		const arb_placement *pl = arb_rulebook_placement_at(rb, r->name, i);
		if (pl->kind == ARB_PLACE_SUBPHASE && pl->phase &&
		    strcmp(pl->phase, p->pub.phase) == 0)
			p->subphases[p->n_subphases++] = pl->name;
	}
	p->turns = arb_rulebook_turn(rb, r->name, p->pub.action, &p->about);
	p->idle = arb_rulebook_declares(rb, r->name, "idle", p->pub.action);
	uint64_t h = 0xcbf29ce484222325ULL;
	char name[512];
	snprintf(name, sizeof name, "%s %s %s", r->name, p->pub.action, p->pub.phase);
	for (const char *c = name; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
	p->key = h;
	size_t *n = p->n;
	n[D_SUBPHASE] = p->n_subphases;
	n[D_FORMATION] = r->n_formations;
	n[D_STATUS] = r->n_statuses;
	n[D_ENEMY_STATUS] = r->n_statuses;
	n[D_MODELS] = 5;
	n[D_BASE] = 3;
	n[D_GAP] = r->n_gaps;
	n[D_MOVE] = r->n_moves;
	n[D_DIR] = 3;
	n[D_TURN] = p->turns ? r->n_turns : 1;
	n[D_ENEMIES] = 3;
	n[D_ENEMY_DIST] = r->n_dists;
	n[D_FRIEND] = 2;
	n[D_TARGETS] = 2;
	/* none, then each kind at each height the options give (or none) */
	n[D_TERRAIN] = 1 + (r->n_terrain - 1) * (r->n_heights ? r->n_heights : 1);
	n[D_FACTS] = r->n_variants;
	n[D_DICE] = r->n_dice;
	n[D_STATS] = r->n_stat_variants;
	n[D_LOG] = 2;
	n[D_VOLUNTARY] = 2;
	/* the base: one enemy far away, a move of the middle length, the
	 * first formation */
	memset(p->base, 0, sizeof p->base);
	p->base[D_ENEMIES] = 1;
	/* a ruleset that names formations asks for one: its first, not none */
	p->base[D_FORMATION] = r->n_formations > 1 ? 1 : 0;
	p->base[D_ENEMY_DIST] = (unsigned)(r->n_dists - 1);
	p->base[D_MOVE] = (unsigned)(r->n_moves / 2);
	unsigned long long sweep = 1, product = 1;
	bool over = false;
	for (int d = 0; d < N_DIMS; d++) {
		sweep += n[d] - 1;
		if (product > ULLONG_MAX / n[d])
			over = true;
		else
			product *= n[d];
	}
	p->product = over ? ULLONG_MAX : product;
	p->pub.sweep = sweep;
	p->combos = p->product < s->opt.budget ? p->product : s->opt.budget;
	p->pub.total = sweep + p->combos + s->opt.random;
	return ARB_OK;
}

/* ---- genomes ---- */

void arb__search_genome(sr_genome *g, const arb_search *s, size_t point, unsigned long long k)
{
	const sr_point *p = &s->points[point];
	memset(g, 0, sizeof *g);
	memcpy(g->d, p->base, sizeof g->d);
	if (k == 0)
		return;
	if (k < p->pub.sweep) {
		unsigned long long j = k - 1;
		for (int d = 0; d < N_DIMS; d++) {
			if (j < p->n[d] - 1) {
				/* the values other than the base, in order */
				g->d[d] = (unsigned)(j < p->base[d] ? j : j + 1);
				return;
			}
			j -= p->n[d] - 1;
		}
		return;
	}
	k -= p->pub.sweep;
	if (k < p->combos && p->product <= s->opt.budget) {
		/* every combination, in order */
		for (int d = N_DIMS - 1; d >= 0; d--) {
			g->d[d] = (unsigned)(k % p->n[d]);
			k /= p->n[d];
		}
		return;
	}
	bool random = k >= p->combos;
	for (int d = 0; d < N_DIMS; d++)
		g->d[d] =
		    (unsigned)(arb__search_hash(s->opt.seed, p->key, k, (uint64_t)d) % p->n[d]);
	if (!random)
		return;
	const sr_ruleset *r = p->rs;
	g->random = true;
	g->move =
	    arb__search_real(arb__search_hash(s->opt.seed, p->key, k, 101)) * 1.5 * r->longest;
	g->dir = arb__search_real(arb__search_hash(s->opt.seed, p->key, k, 102)) * 360;
	g->turn = (arb__search_real(arb__search_hash(s->opt.seed, p->key, k, 103)) - 0.5) * 360;
	g->gap = arb__search_real(arb__search_hash(s->opt.seed, p->key, k, 104)) * 3;
	g->dist =
	    arb__search_real(arb__search_hash(s->opt.seed, p->key, k, 105)) * 1.5 * r->longest;
	g->bearing = arb__search_real(arb__search_hash(s->opt.seed, p->key, k, 106)) * 360;
	g->jitter = arb__search_hash(s->opt.seed, p->key, k, 107) | 1u;
}

/* ---- the search ---- */

int arb_search_new(arb_search **out, const arb_oracle *o, const arb_rulebook *rb,
                   const arb_search_options *opt, arb_error *err)
{
	*out = NULL;
	arb_search *s = calloc(1, sizeof *s);
	if (!s)
		return oom(err);
	s->o = o;
	s->rb = rb;
	s->opt = *opt;
	if (!(s->opt.board_w > 0) || !(s->opt.board_h > 0)) {
		s->opt.board_w = 72;
		s->opt.board_h = 48;
	}
	int rc = ARB_OK;
	size_t nr =
	    opt->rulesets && opt->n_rulesets ? opt->n_rulesets : arb_rulebook_ruleset_count(rb);
	s->rulesets = calloc(nr ? nr : 1, sizeof *s->rulesets);
	if (!s->rulesets) {
		rc = oom(err);
		goto fail;
	}
	for (size_t i = 0; i < nr; i++) {
		const char *name = opt->rulesets && opt->n_rulesets
		                       ? opt->rulesets[i]
		                       : arb_rulebook_ruleset_at(rb, i);
		if (!arb_rulebook_has_ruleset(rb, name)) {
			rc = arb_error_set(err, ARB_ENOTFOUND, NULL, 0, 0, "ruleset",
			                   "no ruleset '%s' in the rulebook", name);
			goto fail;
		}
		s->n_rulesets++;
		if ((rc = ruleset_prepare(&s->rulesets[i], rb, name, &s->opt, err)))
			goto fail;
		if (points_of_ruleset(s, &s->rulesets[i])) {
			rc = oom(err);
			goto fail;
		}
	}
	for (size_t i = 0; i < s->n_points; i++) {
		if (point_prepare(s, &s->points[i])) {
			rc = oom(err);
			goto fail;
		}
		s->total += s->points[i].pub.total;
	}
	if (arb__search_rolls(s)) {
		rc = oom(err);
		goto fail;
	}
	if (arb__search_describe(s)) {
		rc = oom(err);
		goto fail;
	}
	*out = s;
	return ARB_OK;
fail:
	arb_search_free(s);
	return rc;
}

void arb_search_free(arb_search *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_points; i++)
		free((void *)s->points[i].subphases);
	free(s->points);
	for (size_t i = 0; i < s->n_rulesets; i++)
		ruleset_free(&s->rulesets[i]);
	free(s->rulesets);
	for (size_t i = 0; i < s->n_findings; i++) {
		free((void *)s->findings[i].pub.key);
		free((void *)s->findings[i].pub.clauses);
	}
	free(s->findings);
	free(s->order);
	arb__idmap_free(&s->by_key);
	free(s->describe);
	arb__search_rolls_free(s);
	free(s);
}

size_t arb_search_point_count(const arb_search *s)
{
	return s->n_points;
}

const arb_search_point *arb_search_point_at(const arb_search *s, size_t i)
{
	return i < s->n_points ? &s->points[i].pub : NULL;
}

unsigned long long arb_search_total(const arb_search *s)
{
	return s->total;
}

const char *arb_search_describe(const arb_search *s)
{
	return s->describe;
}

int arb_search_scenario(arb_scenario **out, const arb_search *s, size_t point,
                        unsigned long long index, arb_error *err)
{
	*out = NULL;
	if (point >= s->n_points || index >= s->points[point].pub.total)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "index",
		                     "no scenario %zu:%llu in this search", point, index);
	sr_genome g;
	arb__search_genome(&g, s, point, index);
	char id[64];
	snprintf(id, sizeof id, "search-%zu-%llu", point, index);
	return arb__search_build(out, s, point, &g, id, err);
}
