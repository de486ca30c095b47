/*
 * search-run.c: judging the search's scenarios, keeping one finding per
 * kind and clauses, shrinking a finding's scenario and checking that its
 * verdicts really differ (arbiter.h section 9, docs/conflicts.md).
 */
#include "search-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int oom(arb_error *err)
{
	return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
}

/* ---- the description that the search's hash is made of ---- */

static int put(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int put(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(*buf ? *buf + *len : NULL, *buf ? *cap - *len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return ARB_ENOMEM;
		if (*buf && *len + (size_t)n < *cap) {
			*len += (size_t)n;
			return ARB_OK;
		}
		size_t nc = (*cap ? *cap * 2 : 4096) + (size_t)n;
		char *g = realloc(*buf, nc);
		if (!g)
			return ARB_ENOMEM;
		*buf = g;
		*cap = nc;
	}
}

static int put_values(char **b, size_t *l, size_t *c, const char *name, const double *v, size_t n)
{
	int rc = put(b, l, c, " %s", name);
	for (size_t i = 0; i < n && !rc; i++)
		rc = put(b, l, c, "%s%.17g", i ? "," : "=", v[i]);
	return rc;
}

int arb__search_describe(arb_search *s)
{
	char *b = NULL;
	size_t l = 0, c = 0;
	int rc = put(&b, &l, &c, "seed=%llu budget=%zu random=%zu board=%.17gx%.17g profile=%s\n",
	             s->opt.seed, s->opt.budget, s->opt.random, s->opt.board_w, s->opt.board_h,
	             s->opt.profile ? s->opt.profile : "all");
	for (size_t i = 0; i < s->n_rulesets && !rc; i++) {
		const sr_ruleset *r = &s->rulesets[i];
		rc = put(&b, &l, &c, "ruleset %s", r->name);
		rc |= put_values(&b, &l, &c, "moves", r->moves, r->n_moves);
		rc |= put_values(&b, &l, &c, "gaps", r->gaps, r->n_gaps);
		rc |= put_values(&b, &l, &c, "distances", r->dists, r->n_dists);
		rc |= put_values(&b, &l, &c, "turns", r->turns, r->n_turns);
		rc |= put(&b, &l, &c, " dice=%zu facts=%zu log_drop=%llx", r->n_dice, r->n_variants,
		          (unsigned long long)r->log_drop);
		for (size_t k = 0; k < r->n_stats && !rc; k++)
			rc = put_values(&b, &l, &c, r->stats[k].name, r->stats[k].values,
			                r->stats[k].n_values);
		if (r->n_heights && !rc)
			rc = put_values(&b, &l, &c, "terrain:height", r->heights, r->n_heights);
		rc |= put(&b, &l, &c, "\n");
	}
	for (size_t i = 0; i < s->n_points && !rc; i++) {
		const sr_point *p = &s->points[i];
		/* "idle": where the options of a unit are asked */
		rc = put(&b, &l, &c, "%spoint %zu %s %s %s total=%llu", p->idle ? "idle " : "", i,
		         p->pub.ruleset, p->pub.action, p->pub.phase, p->pub.total);
		for (int d = 0; d < N_DIMS && !rc; d++)
			rc = put(&b, &l, &c, " %s=%zu", arb__search_dim_name[d], p->n[d]);
		rc |= put(&b, &l, &c, "\n");
	}
	if (rc) {
		free(b);
		return ARB_ENOMEM;
	}
	s->describe = b;
	return ARB_OK;
}

/* ---- keys and findings ---- */

const char *arb_search_key(const arb_verdict *v, char *buf, size_t n)
{
	if (!n)
		return buf;
	buf[0] = '\0';
	if (v->kind != ARB_V_DISPUTED)
		return buf;
	char kind[64];
	arb_dispute_name(v->dispute, kind, sizeof kind);
	size_t len = (size_t)snprintf(buf, n, "%s", kind);
	for (size_t i = 0; i < v->n_disputed && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, " %s", v->disputed[i]);
	return buf;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int sort_findings(arb_search *s)
{
	size_t *o = realloc(s->order, (s->n_findings ? s->n_findings : 1) * sizeof *o);
	if (!o)
		return ARB_ENOMEM;
	s->order = o;
	for (size_t i = 0; i < s->n_findings; i++)
		o[i] = i;
	/* insertion sort by key: findings are few */
	for (size_t i = 1; i < s->n_findings; i++) {
		size_t x = o[i], j = i;
		while (j > 0 && strcmp(s->findings[o[j - 1]].pub.key, s->findings[x].pub.key) > 0) {
			o[j] = o[j - 1];
			j--;
		}
		o[j] = x;
	}
	return ARB_OK;
}

/* Earlier means a smaller point, then a smaller index. */
static bool earlier(size_t p1, unsigned long long i1, size_t p2, unsigned long long i2)
{
	return p1 < p2 || (p1 == p2 && i1 < i2);
}

static int note_key(arb_search *s, const char *key, size_t point, unsigned long long index,
                    unsigned long long count)
{
	const void *rec = arb__idmap_get(&s->by_key, key);
	if (rec) {
		sr_finding *f = &s->findings[(uintptr_t)rec - 1];
		f->pub.count += count;
		if (earlier(point, index, f->pub.point, f->pub.index)) {
			f->pub.point = point;
			f->pub.index = index;
		}
		return ARB_OK;
	}
	if (s->n_findings == s->cap_findings) {
		size_t nc = s->cap_findings ? s->cap_findings * 2 : 16;
		sr_finding *g = realloc(s->findings, nc * sizeof *g);
		if (!g)
			return ARB_ENOMEM;
		s->findings = g;
		s->cap_findings = nc;
		/* the map points at keys inside the findings: make it again */
		arb__idmap_clear(&s->by_key);
		for (size_t i = 0; i < s->n_findings; i++)
			if (arb__idmap_put(&s->by_key, s->findings[i].pub.key,
			                   (const void *)(uintptr_t)(i + 1)))
				return ARB_ENOMEM;
	}
	/* the key, then the clauses as words of a copy of it */
	size_t len = strlen(key);
	char *k = malloc(len + 1);
	size_t n_words = 0;
	for (const char *p = key; *p; p++)
		n_words += *p == ' ';
	/* one block: the clause pointers, then the text they point into */
	const char **cl = malloc((n_words ? n_words : 1) * sizeof *cl + len + 1);
	if (!k || !cl) {
		free(k);
		free(cl);
		return ARB_ENOMEM;
	}
	memcpy(k, key, len + 1);
	char *text = (char *)(cl + (n_words ? n_words : 1));
	memcpy(text, key, len + 1);
	char *sp = strchr(text, ' ');
	size_t nc = 0;
	while (sp) {
		*sp = '\0';
		cl[nc++] = sp + 1;
		sp = strchr(sp + 1, ' ');
	}
	sr_finding *f = &s->findings[s->n_findings];
	f->pub = (arb_search_finding){k, text, cl, nc, point, index, count};
	if (arb__idmap_put(&s->by_key, k, (const void *)(uintptr_t)(s->n_findings + 1))) {
		free(k);
		free(cl);
		return ARB_ENOMEM;
	}
	s->n_findings++;
	return ARB_OK;
}

int arb_search_note(arb_search *s, const char *kind, const char *const *clauses, size_t n,
                    size_t point, unsigned long long index, unsigned long long count,
                    arb_error *err)
{
	int bits;
	if (arb_search_kind_parse(kind, &bits) || !bits)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "kind",
		                     "'%s' is not a kind of finding (conflict, gap, readings, "
		                     "overlap, no-legal-action)",
		                     kind);
	if (point >= s->n_points || index >= s->points[point].pub.total)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "index",
		                     "no scenario %zu:%llu in this search", point, index);
	const char **sorted = malloc((n ? n : 1) * sizeof *sorted);
	if (!sorted)
		return oom(err);
	memcpy(sorted, clauses, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_cstr);
	char kbuf[64], key[8192];
	size_t len =
	    (size_t)snprintf(key, sizeof key, "%s", arb_search_kind_name(bits, kbuf, sizeof kbuf));
	for (size_t i = 0; i < n && len < sizeof key; i++)
		len += (size_t)snprintf(key + len, sizeof key - len, " %s", sorted[i]);
	free(sorted);
	if (len >= sizeof key)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "clauses",
		                     "a finding names more clauses than the search keeps");
	if (note_key(s, key, point, index, count) || sort_findings(s))
		return oom(err);
	return ARB_OK;
}

size_t arb_search_finding_count(const arb_search *s)
{
	return s->n_findings;
}

const arb_search_finding *arb_search_finding_at(const arb_search *s, size_t i)
{
	return i < s->n_findings && s->order ? &s->findings[s->order[i]].pub : NULL;
}

unsigned long long arb_search_judged(const arb_search *s)
{
	return s->judged;
}

unsigned long long arb_search_evaluations(const arb_search *s)
{
	return s->evaluations;
}

unsigned long long arb_search_rejected(const arb_search *s)
{
	return s->rejected;
}

const arb_error *arb_search_rejection(const arb_search *s)
{
	return &s->rejection;
}

/* ---- the run ---- */

typedef struct note_ctx {
	arb_search *s;
	size_t point;
	unsigned long long index;
} note_ctx;

static int note_one(void *ud, const char *key)
{
	note_ctx *c = ud;
	return note_key(c->s, key, c->point, c->index, 1);
}

int arb_search_run(arb_search *s, unsigned long long offset, unsigned long long stride,
                   arb_search_progress_fn fn, void *ud, arb_error *err)
{
	if (!stride || offset >= stride)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "shard",
		                     "a shard must be one of its count (offset %llu of %llu)",
		                     offset, stride);
	arb_search_progress pr = {0, 0, s->n_findings, 0};
	pr.total = s->total / stride + (offset < s->total % stride);
	unsigned long long g = 0;
	char key[8192];
	int rc = ARB_OK;
	for (size_t p = 0; p < s->n_points && rc == ARB_OK; p++) {
		const sr_point *pt = &s->points[p];
		/* the first index of this point whose global number is ours */
		unsigned long long first = (offset + stride - g % stride) % stride;
		for (unsigned long long k = first; k < pt->pub.total && rc == ARB_OK; k += stride) {
			arb_scenario *sc = NULL;
			arb_verdict *v = NULL;
			arb_error e;
			arb_error_clear(&e);
			sr_genome gen;
			arb__search_genome(&gen, s, p, k);
			char id[64];
			snprintf(id, sizeof id, "search-%zu-%llu", p, k);
			rc = arb__search_build(&sc, s, p, &gen, id, err);
			if (rc)
				break;
			int jr = arb_judge_ex(&v, s->o, sc, s->opt.profile, ARB_JUDGE_TERSE, &e);
			s->judged++;
			pr.done++;
			if (jr == ARB_EINPUT) {
				/* the generator made what the validator refuses: counted */
				if (!s->rejected++)
					s->rejection = e;
			} else if (jr != ARB_OK) {
				rc = arb_error_set(
				    err, jr, e.file, e.line, e.column, e.field,
				    "judging scenario %zu:%llu of the search (%s %s in "
				    "%s): %s",
				    p, k, pt->pub.ruleset, pt->pub.action, pt->pub.phase,
				    e.message);
			} else {
				s->evaluations += v->n_trace;
				if (v->kind == ARB_V_DISPUTED) {
					arb_search_key(v, key, sizeof key);
					if (note_key(s, key, p, k, 1))
						rc = oom(err);
				}
				note_ctx nc = {s, p, k};
				if (rc == ARB_OK &&
				    arb__search_each_overlap(s, v, pt->pub.ruleset, note_one, &nc))
					rc = oom(err);
				bool none = false;
				char why[8];
				/* a unit's options, on the board of a scenario that stays */
				if (rc == ARB_OK && v->kind == ARB_V_ILLEGAL && !gen.random &&
				    pt->rs->moves[gen.d[D_MOVE]] == 0 &&
				    (!pt->turns || pt->rs->turns[gen.d[D_TURN]] == 0))
					rc = arb__search_no_action(&none, key, sizeof key, why,
					                           sizeof why, s, p, sc, v,
					                           &s->evaluations, err);
				if (rc == ARB_OK && none && note_key(s, key, p, k, 1))
					rc = oom(err);
			}
			arb_verdict_free(v);
			arb_scenario_free(sc);
			if (rc == ARB_OK && fn && (pr.done & 2047) == 0) {
				pr.findings = s->n_findings;
				pr.rejected = s->rejected;
				if (fn(ud, &pr))
					rc = arb_error_set(err, ARB_EBUDGET, NULL, 0, 0, NULL,
					                   "the search was stopped");
			}
		}
		g += pt->pub.total;
	}
	if (rc == ARB_OK && sort_findings(s))
		rc = oom(err);
	if (rc == ARB_OK && fn) {
		pr.findings = s->n_findings;
		pr.rejected = s->rejected;
		fn(ud, &pr);
	}
	return rc;
}

/* ---- shrinking ---- */

/* Builds and judges genome g; true when its key is want. */
static int try_genome(bool *same, arb_scenario **sc, arb_verdict **v, const arb_search *s,
                      size_t point, const sr_genome *g, const char *want, unsigned flags,
                      arb_error *err)
{
	arb_error e;
	arb_error_clear(&e);
	*same = false;
	*sc = NULL;
	*v = NULL;
	int rc = arb__search_build(sc, s, point, g, "search-shrunk", err);
	if (rc)
		return rc;
	rc = arb_judge_ex(v, s->o, *sc, s->opt.profile, flags, &e);
	if (rc == ARB_EINPUT)
		return ARB_OK; /* refused: not smaller, only wrong */
	if (rc) {
		*err = e;
		return rc;
	}
	if (strncmp(want, "no-legal-action ", 16) == 0) {
		/* a property of the unit's options on this board */
		char key[4096], why[8];
		unsigned long long evals = 0;
		rc = arb__search_no_action(same, key, sizeof key, why, sizeof why, s, point, *sc,
		                           *v, &evals, err);
		*same = rc == ARB_OK && *same && strcmp(key, want) == 0;
		return rc;
	}
	*same = arb_search_shows(s, *v, s->points[point].pub.ruleset, want);
	return ARB_OK;
}

/* One candidate reduction of g (number c); false when c is past the last. */
static bool reduce(sr_genome *out, const sr_genome *g, const sr_point *p, size_t c)
{
	*out = *g;
	/* dimensions whose value 0 is "none" or the plainest, fewest first */
	static const int kNone[] = {D_ENEMIES,      D_FRIEND,    D_TERRAIN,  D_TARGETS,
	                            D_DICE,         D_FACTS,     D_STATS,    D_STATUS,
	                            D_ENEMY_STATUS, D_FORMATION, D_SUBPHASE, D_LOG,
	                            D_VOLUNTARY,    D_BASE,      D_DIR,      D_GAP};
	const size_t n_none = sizeof kNone / sizeof *kNone;
	if (c < n_none) {
		int d = kNone[c];
		if (d == D_ENEMIES && g->d[d] > 1) {
			out->d[d] = g->d[d] - 1;
			return true;
		}
		out->d[d] = 0;
		if (d == D_DIR)
			out->dir = 0;
		if (d == D_GAP)
			out->gap = 0;
		return true;
	}
	c -= n_none;
	/* fewer models */
	if (c < 5) {
		if (c < g->d[D_MODELS])
			out->d[D_MODELS] = (unsigned)c;
		return true;
	}
	c -= 5;
	/* fewer facts */
	if (c < 64) {
		if (c < p->rs->n_facts)
			out->fact_drop |= (uint64_t)1 << c;
		return true;
	}
	c -= 64;
	/* rounder numbers (random geometry only); models back on their places */
	if (!g->random)
		return c < 8;
	double *num[] = {&out->move, &out->dir, &out->turn, &out->gap, &out->dist, &out->bearing};
	static const double kStep[] = {1, 45, 45, 0.5, 1, 45};
	if (c < 6) {
		*num[c] = round(*num[c] / kStep[c]) * kStep[c];
		return true;
	}
	if (c < 12) {
		c -= 6;
		*num[c] = round(*num[c] * 10) / 10;
		return true;
	}
	if (c == 12) {
		out->jitter = 0;
		return true;
	}
	return false;
}

static bool genome_same(const sr_genome *a, const sr_genome *b)
{
	for (int d = 0; d < N_DIMS; d++)
		if (a->d[d] != b->d[d])
			return false;
	return a->random == b->random && a->move == b->move && a->dir == b->dir &&
	       a->turn == b->turn && a->gap == b->gap && a->dist == b->dist &&
	       a->bearing == b->bearing && a->jitter == b->jitter && a->fact_drop == b->fact_drop;
}

int arb_search_shrink(arb_scenario **scenario, arb_verdict **verdict, const arb_search *s, size_t i,
                      size_t *steps, arb_error *err)
{
	*scenario = NULL;
	*verdict = NULL;
	if (steps)
		*steps = 0;
	const arb_search_finding *f = arb_search_finding_at(s, i);
	if (!f)
		return arb_error_set(err, ARB_ENOTFOUND, NULL, 0, 0, NULL, "no finding %zu", i);
	const sr_point *p = &s->points[f->point];
	sr_genome g, cand;
	arb__search_genome(&g, s, f->point, f->index);
	bool same;
	arb_scenario *sc = NULL;
	arb_verdict *v = NULL;
	int rc = try_genome(&same, &sc, &v, s, f->point, &g, f->key, ARB_JUDGE_TERSE, err);
	arb_verdict_free(v);
	arb_scenario_free(sc);
	if (rc)
		return rc;
	if (!same)
		return arb_error_set(err, ARB_EINTERNAL, NULL, 0, 0, NULL,
		                     "scenario %zu:%llu no longer shows '%s'", f->point, f->index,
		                     f->key);
	/* keep every reduction that keeps the finding, until none does */
	for (int pass = 0; pass < 16; pass++) {
		bool changed = false;
		for (size_t c = 0; reduce(&cand, &g, p, c); c++) {
			if (genome_same(&cand, &g))
				continue;
			rc = try_genome(&same, &sc, &v, s, f->point, &cand, f->key, ARB_JUDGE_TERSE,
			                err);
			arb_verdict_free(v);
			arb_scenario_free(sc);
			if (rc)
				return rc;
			if (same) {
				g = cand;
				changed = true;
				if (steps)
					++*steps;
			}
		}
		if (!changed)
			break;
	}
	rc = try_genome(&same, &sc, &v, s, f->point, &g, f->key, 0, err);
	if (rc == ARB_OK && !same)
		rc = arb_error_set(err, ARB_EINTERNAL, NULL, 0, 0, NULL,
		                   "the shrunk scenario of '%s' does not show it", f->key);
	if (rc) {
		arb_verdict_free(v);
		arb_scenario_free(sc);
		return rc;
	}
	*scenario = sc;
	*verdict = v;
	return ARB_OK;
}

/* ---- confirming: the verdicts really differ ---- */

static bool in_key(const char *key, const char *clause)
{
	const char *p = strchr(key, ' ');
	size_t n = strlen(clause);
	while (p) {
		p++;
		if (strncmp(p, clause, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
			return true;
		p = strchr(p, ' ');
	}
	return false;
}

static bool active(const arb_trace *t)
{
	return !t->not_selected && !t->overridden_by;
}

bool arb_search_confirms(const arb_verdict *v, const char *key, char *why, size_t n)
{
	char kind[64];
	size_t kl = strcspn(key, " ");
	snprintf(kind, sizeof kind, "%.*s", (int)kl, key);
	int bits;
	if (arb_search_kind_parse(kind, &bits) || !bits) {
		snprintf(why, n, "'%s' is not a kind of finding", kind);
		return false;
	}
	if (bits == ARB_SEARCH_OVERLAP)
		return arb__search_confirms_overlap(v, key, why, n);
	if (bits & ~ARB_SEARCH_DISPUTES) {
		snprintf(why, n, "a %s finding is of a unit's options, not of one verdict", kind);
		return false;
	}
	size_t len = 0;
	why[0] = '\0';
	if (bits & ARB_DISPUTE_CONFLICT) {
		const arb_trace *neg = NULL, *pos = NULL;
		for (size_t i = 0; i < v->n_trace; i++) {
			const arb_trace *t = &v->trace[i];
			if (!active(t) || !in_key(key, t->pred->clause))
				continue;
			if (t->result.outcome == ARB_VIOLATED && !neg)
				neg = t;
			if (t->result.outcome == ARB_PERMITS && !pos)
				pos = t;
		}
		if (!neg || !pos) {
			snprintf(why, n,
			         "no clause of the conflict is both violated and permitting");
			return false;
		}
		len += (size_t)snprintf(why + len, n - len, "%s violated, %s permits",
		                        neg->pred->clause, pos->pred->clause);
	}
	if ((bits & ARB_DISPUTE_GAP) && len < n) {
		const arb_trace *und = NULL;
		for (size_t i = 0; i < v->n_trace && !und; i++)
			if (active(&v->trace[i]) && v->trace[i].result.outcome == ARB_UNDECIDED &&
			    in_key(key, v->trace[i].pred->clause))
				und = &v->trace[i];
		if (!und) {
			snprintf(why, n, "no clause of the gap is undecided");
			return false;
		}
		len += (size_t)snprintf(why + len, n - len, "%s%s undecided", len ? "; " : "",
		                        und->pred->clause);
	}
	if ((bits & ARB_DISPUTE_READINGS) && len < n) {
		/* two readings of one clause that answer differently */
		const arb_trace *a = NULL, *b = NULL;
		for (size_t i = 0; i < v->n_trace && !b; i++) {
			const arb_trace *t = &v->trace[i];
			if (t->overridden_by || !t->reading || !in_key(key, t->pred->clause))
				continue;
			for (size_t k = i + 1; k < v->n_trace && !b; k++) {
				const arb_trace *u = &v->trace[k];
				if (u->overridden_by || !u->reading ||
				    strcmp(u->pred->clause, t->pred->clause) != 0)
					continue;
				bool differ = u->result.outcome != t->result.outcome;
				for (size_t x = 0;
				     !differ && x < t->result.n_values && x < u->result.n_values;
				     x++)
					differ =
					    t->result.values[x].value != u->result.values[x].value;
				if (differ) {
					a = t;
					b = u;
				}
			}
		}
		if (!b) {
			snprintf(why, n,
			         "no two readings of a clause of the dispute answer differently");
			return false;
		}
		snprintf(why + len, n - len, "%sreadings %s and %s of %s: %s and %s",
		         len ? "; " : "", a->reading, b->reading, a->pred->clause,
		         arb_outcome_name(a->result.outcome), arb_outcome_name(b->result.outcome));
	}
	return true;
}

static bool same_verdict(const arb_verdict *a, const arb_verdict *b)
{
	if (a->kind != b->kind || a->n_violates != b->n_violates)
		return false;
	for (size_t i = 0; i < a->n_violates; i++)
		if (strcmp(a->violates[i], b->violates[i]) != 0)
			return false;
	return true;
}

int arb_search_confirm_profiles(bool *differ, const arb_oracle *o, const arb_rulebook *rb,
                                const arb_scenario *s, char *why, size_t n, arb_error *err)
{
	*differ = false;
	if (n)
		why[0] = '\0';
	arb_verdict *base = NULL;
	int rc = arb_judge_ex(&base, o, s, "all", ARB_JUDGE_TERSE, err);
	if (rc)
		return rc;
	size_t np = arb_rulebook_profile_count(rb, s->ruleset);
	for (size_t i = 0; i < np && !*differ && rc == ARB_OK; i++) {
		const char *name = arb_rulebook_profile_at(rb, s->ruleset, i)->profile;
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen =
			    strcmp(arb_rulebook_profile_at(rb, s->ruleset, k)->profile, name) == 0;
		if (seen)
			continue;
		arb_verdict *v = NULL;
		rc = arb_judge_ex(&v, o, s, name, ARB_JUDGE_TERSE, err);
		if (rc == ARB_OK && !same_verdict(base, v)) {
			*differ = true;
			snprintf(why, n, "profile all: %s, profile %s: %s",
			         arb_verdict_kind_name(base->kind), name,
			         arb_verdict_kind_name(v->kind));
		}
		arb_verdict_free(v);
	}
	arb_verdict_free(base);
	return rc;
}
