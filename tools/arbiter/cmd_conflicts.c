/*
 * cmd_conflicts.c: `arbiter conflicts [RULESET...]`: search each decision
 * point's scenarios for disputed verdicts (conflict, gap, readings), report
 * each finding once, shrunk, replayed and confirmed, as text on stdout and
 * as a directory (findings.jsonl, scenarios.jsonl, one SVG per finding);
 * findings a ruleset's baseline acknowledges are listed apart
 * (docs/conflicts.md). `--shard I/N` writes one shard's result on stdout;
 * `--merge FILE` (repeated) puts the shards of one search together.
 */
#include "cli.h"
#include "json_io.h"
#include "strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_RULESETS 64
#define MAX_MERGE    4096

typedef struct opts {
	const char *rulesets[MAX_RULESETS];
	size_t n_rulesets;
	unsigned long long seed;
	size_t budget, random;
	unsigned long shard, of;
	const char *merge[MAX_MERGE];
	size_t n_merge;
	const char *out_dir;
	const char *baseline; /* NULL: each ruleset's spec/<r>/baseline.md; "none" */
	unsigned jobs;
	bool progress;
	bool strict_baseline; /* --strict-baseline */
} opts;

static const char kUsage[] =
    "usage: arbiter conflicts [RULESET...] [--seed N] [--budget N] [--random N] [--jobs N] "
    "[--profile P] [--baseline FILE|none] [-o DIR] [--shard I/N] [--merge FILE]... "
    "[--progress] [--strict-baseline]\n";

/* A whole number in [lo, hi]; false when arg is not one. */
static bool parse_ull(const char *arg, unsigned long long lo, unsigned long long hi,
                      unsigned long long *out)
{
	char *end;
	errno = 0;
	if (!arg || !*arg || *arg == '-' || *arg == '+')
		return false;
	unsigned long long v = strtoull(arg, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static int parse_args(opts *o, cli_env *env, int argc, char **argv)
{
	memset(o, 0, sizeof *o);
	o->seed = 1;
	o->budget = 20000;
	o->random = 2000;
	o->jobs = 1;
	o->out_dir = "reports/conflicts";
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		unsigned long long x;
		bool takes = strcmp(a, "--seed") == 0 || strcmp(a, "--budget") == 0 ||
		             strcmp(a, "--random") == 0 || strcmp(a, "--jobs") == 0 ||
		             strcmp(a, "--profile") == 0 || strcmp(a, "--baseline") == 0 ||
		             strcmp(a, "-o") == 0 || strcmp(a, "--shard") == 0 ||
		             strcmp(a, "--merge") == 0;
		if (takes && !v) {
			fprintf(stderr, "arbiter conflicts: %s wants a value\n%s", a, kUsage);
			return -1;
		}
		if (strcmp(a, "--seed") == 0) {
			if (!parse_ull(v, 0, ULLONG_MAX, &o->seed))
				goto bad_value;
		} else if (strcmp(a, "--budget") == 0 || strcmp(a, "--random") == 0) {
			if (!parse_ull(v, 0, 100000000, &x))
				goto bad_value;
			*(a[2] == 'b' ? &o->budget : &o->random) = (size_t)x;
		} else if (strcmp(a, "--jobs") == 0) {
			if (!parse_ull(v, 1, 256, &x))
				goto bad_value;
			o->jobs = (unsigned)x;
		} else if (strcmp(a, "--profile") == 0) {
			env->profile = v;
		} else if (strcmp(a, "--baseline") == 0) {
			o->baseline = v;
		} else if (strcmp(a, "-o") == 0) {
			o->out_dir = v;
		} else if (strcmp(a, "--shard") == 0) {
			unsigned long long si, sn;
			const char *slash = strchr(v, '/');
			char first[32];
			if (!slash || (size_t)(slash - v) >= sizeof first)
				goto bad_shard;
			memcpy(first, v, (size_t)(slash - v));
			first[slash - v] = '\0';
			if (!parse_ull(first, 1, 1000000, &si) ||
			    !parse_ull(slash + 1, 1, 1000000, &sn) || si > sn)
				goto bad_shard;
			o->shard = (unsigned long)si;
			o->of = (unsigned long)sn;
		} else if (strcmp(a, "--merge") == 0) {
			if (o->n_merge == MAX_MERGE) {
				fprintf(stderr, "arbiter conflicts: at most %d --merge files\n",
				        MAX_MERGE);
				return -1;
			}
			o->merge[o->n_merge++] = v;
		} else if (strcmp(a, "--progress") == 0) {
			o->progress = true;
			continue;
		} else if (strcmp(a, "--strict-baseline") == 0) {
			o->strict_baseline = true;
			continue;
		} else if (a[0] == '-') {
			fprintf(stderr, "arbiter conflicts: unknown option '%s'\n%s", a, kUsage);
			return -1;
		} else {
			if (o->n_rulesets == MAX_RULESETS) {
				fprintf(stderr, "arbiter conflicts: at most %d rulesets\n",
				        MAX_RULESETS);
				return -1;
			}
			o->rulesets[o->n_rulesets++] = a;
			continue;
		}
		i++;
		continue;
	bad_value:
		fprintf(stderr, "arbiter conflicts: %s: '%s' is not a number in range\n", a, v);
		return -1;
	bad_shard:
		fprintf(stderr,
		        "arbiter conflicts: --shard '%s': expected I/N with 1 <= I <= N "
		        "(shard I of N)\n",
		        v);
		return -1;
	}
	if (o->shard && o->n_merge) {
		fprintf(stderr, "arbiter conflicts: --shard runs one shard, --merge puts them "
		                "together: not both\n");
		return -1;
	}
	return 0;
}

/* ---- the search's hash: spec/'s files, and what the search varies ---- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static int walk_hash(uint64_t *h, const char *dir, const char *rel)
{
	struct dirent **names = NULL;
	int n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "arbiter conflicts: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	int rc = 0;
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		char path[4096], r[4096];
		if (rc || nm[0] == '.')
			goto next;
		snprintf(path, sizeof path, "%s/%s", dir, nm);
		snprintf(r, sizeof r, "%s%s%s", rel, rel[0] ? "/" : "", nm);
		struct stat sb;
		if (stat(path, &sb) != 0) {
			rc = -1;
			goto next;
		}
		if (S_ISDIR(sb.st_mode)) {
			rc = walk_hash(h, path, r);
		} else if (S_ISREG(sb.st_mode)) {
			FILE *f = fopen(path, "rb");
			if (!f) {
				fprintf(stderr, "arbiter conflicts: %s: %s\n", path,
				        strerror(errno));
				rc = -1;
				goto next;
			}
			*h = fnv(*h, r, strlen(r) + 1);
			char buf[8192];
			size_t got;
			while ((got = fread(buf, 1, sizeof buf, f)) > 0)
				*h = fnv(*h, buf, got);
			rc = ferror(f) ? -1 : 0;
			fclose(f);
		}
	next:
		free(names[i]);
	}
	free(names);
	return rc;
}

static int search_hash(char out[17], const char *spec_dir, const arb_search *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	if (walk_hash(&h, spec_dir, ""))
		return -1;
	const char *d = arb_search_describe(s);
	h = fnv(h, d, strlen(d));
	snprintf(out, 17, "%016llx", (unsigned long long)h);
	return 0;
}

/* ---- progress and threads ---- */

/* Processor time of the whole process (every thread), in seconds. */
static double cpu_seconds(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

typedef struct shared {
	pthread_mutex_t mu;
	unsigned long long done, total;
	size_t findings;
	double t0, last;
	bool show;
} shared;

typedef struct worker {
	arb_search *s;
	unsigned long long offset, stride;
	shared *sh;
	unsigned long long done;
	arb_error err;
	int rc;
} worker;

static int on_progress(void *ud, const arb_search_progress *p)
{
	worker *w = ud;
	shared *sh = w->sh;
	pthread_mutex_lock(&sh->mu);
	sh->done += p->done - w->done;
	w->done = p->done;
	if (p->findings > sh->findings)
		sh->findings = p->findings;
	double now = cli_now();
	if (sh->show && (now - sh->last >= 1 || sh->done == sh->total)) {
		double rate = (double)sh->done / (now - sh->t0 > 1e-9 ? now - sh->t0 : 1e-9);
		double left = rate > 0 ? (double)(sh->total - sh->done) / rate : 0;
		fprintf(stderr,
		        "conflicts: %llu/%llu scenarios (%.0f%%), %.0f/s, %zu findings so far, "
		        "about %.0f s left\n",
		        sh->done, sh->total,
		        sh->total ? 100.0 * (double)sh->done / (double)sh->total : 100, rate,
		        sh->findings, left);
		sh->last = now;
	}
	pthread_mutex_unlock(&sh->mu);
	return 0;
}

static void *work(void *arg)
{
	worker *w = arg;
	arb_error_clear(&w->err);
	w->rc = arb_search_run(w->s, w->offset, w->stride, on_progress, w, &w->err);
	return NULL;
}

/* Runs this process's part of the search (its shard, over jobs threads)
 * and gathers every thread's findings into s. */
static int run_search(arb_search *s, const cli_env *env, const arb_rulebook *rb,
                      const arb_oracle *o, const arb_search_options *so, const opts *op,
                      unsigned long long *judged, unsigned long long *rejected,
                      unsigned long long *evals)
{
	unsigned n = op->jobs;
	unsigned long shard = op->shard ? op->shard : 1, of = op->of ? op->of : 1;
	worker *w = calloc(n, sizeof *w);
	pthread_t *th = calloc(n, sizeof *th);
	shared sh = {.t0 = cli_now(), .show = op->progress || isatty(2)};
	int rc = 0;
	(void)env;
	if (!w || !th) {
		free(w);
		free(th);
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	pthread_mutex_init(&sh.mu, NULL);
	unsigned long long total = arb_search_total(s), stride = (unsigned long long)of * n;
	for (unsigned t = 0; t < n; t++) {
		unsigned long long off = (shard - 1) + (unsigned long long)of * t;
		sh.total += total / stride + (off < total % stride);
	}
	sh.last = sh.t0;
	unsigned started = 0;
	for (unsigned t = 0; t < n && !rc; t++) {
		w[t].sh = &sh;
		w[t].offset = (shard - 1) + (unsigned long long)of * t;
		w[t].stride = stride;
		arb_error err;
		arb_error_clear(&err);
		if (arb_search_new(&w[t].s, o, rb, so, &err)) {
			cli_error(&err);
			rc = -1;
			break;
		}
		if (n == 1) {
			work(&w[t]);
			started = 1;
		} else if (pthread_create(&th[t], NULL, work, &w[t]) == 0)
			started = t + 1;
		else {
			fprintf(stderr, "arbiter conflicts: cannot start a thread\n");
			rc = -1;
		}
	}
	for (unsigned t = 0; t < started && n > 1; t++)
		pthread_join(th[t], NULL);
	*judged = *rejected = *evals = 0;
	const arb_error *first_rej = NULL;
	for (unsigned t = 0; t < started; t++) {
		if (!rc && w[t].rc) {
			cli_error(&w[t].err);
			rc = -1;
		}
		*judged += arb_search_judged(w[t].s);
		*rejected += arb_search_rejected(w[t].s);
		*evals += arb_search_evaluations(w[t].s);
		if (!first_rej && arb_search_rejected(w[t].s))
			first_rej = arb_search_rejection(w[t].s);
		for (size_t i = 0; !rc && i < arb_search_finding_count(w[t].s); i++) {
			const arb_search_finding *f = arb_search_finding_at(w[t].s, i);
			arb_error err;
			arb_error_clear(&err);
			if (arb_search_note(s, f->kind, f->clauses, f->n_clauses, f->point,
			                    f->index, f->count, &err)) {
				cli_error(&err);
				rc = -1;
			}
		}
	}
	if (!rc && *rejected && first_rej) {
		char buf[1024];
		fprintf(
		    stderr,
		    "conflicts: %llu of %llu generated scenarios were refused by the validator, "
		    "the first: %s\n",
		    *rejected, *judged, arb_error_format(first_rej, buf, sizeof buf));
	}
	for (unsigned t = 0; t < n; t++)
		arb_search_free(w[t].s);
	pthread_mutex_destroy(&sh.mu);
	free(w);
	free(th);
	return rc;
}

/* ---- baselines ---- */

static int read_file(const char *path, char **out, size_t *len)
{
	FILE *f = fopen(path, "rb");
	*out = NULL;
	*len = 0;
	if (!f)
		return -1;
	strbuf b = {0};
	char buf[8192];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_put(&b, buf, got);
	int bad = ferror(f);
	fclose(f);
	*len = b.n;
	*out = strbuf_take(&b);
	if (bad || !*out) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

static int load_baselines(arb_baseline **out, const cli_env *env, const arb_rulebook *rb,
                          const arb_search *s, const opts *op)
{
	*out = NULL;
	if (op->baseline && strcmp(op->baseline, "none") == 0)
		return 0;
	/* the rulesets searched */
	const char *names[MAX_RULESETS];
	size_t n = 0;
	for (size_t i = 0; i < arb_search_point_count(s) && n < MAX_RULESETS; i++) {
		const char *r = arb_search_point_at(s, i)->ruleset;
		bool seen = false;
		for (size_t k = 0; k < n && !seen; k++)
			seen = strcmp(names[k], r) == 0;
		if (!seen)
			names[n++] = r;
	}
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		if (op->baseline)
			snprintf(path, sizeof path, "%s", op->baseline);
		else
			snprintf(path, sizeof path, "%s/%s/baseline.md", env->spec_dir, names[i]);
		char *text;
		size_t len;
		if (read_file(path, &text, &len)) {
			if (!op->baseline && errno == ENOENT)
				continue; /* a ruleset without a baseline acknowledges nothing */
			fprintf(stderr, "arbiter conflicts: %s: %s\n", path, strerror(errno));
			return -1;
		}
		/* a --baseline FILE names the ruleset it is of */
		arb_error err;
		arb_error_clear(&err);
		int rc = arb_baseline_read(out, text, len, path, rb, names[i], &err);
		free(text);
		if (rc && op->baseline && n > 1 && strcmp(err.field, "ruleset") == 0)
			continue;
		if (rc) {
			cli_error(&err);
			return -1;
		}
		if (op->baseline)
			break;
	}
	return 0;
}

/* ---- reporting ---- */

typedef struct report {
	strbuf text, jsonl, scen;
	size_t fresh, acknowledged, unconfirmed;
	int rc;
} report;

static void put_trace_of(strbuf *b, const arb_verdict *v, const char *clause)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (strcmp(t->pred->clause, clause) != 0 || t->result.outcome == ARB_NA)
			continue;
		if (t->reading)
			strbuf_putf(b, "    reading %s: %s", t->reading,
			            arb_outcome_name(t->result.outcome));
		else
			strbuf_putf(b, "    %s", arb_outcome_name(t->result.outcome));
		if (t->result.explanation[0])
			strbuf_putf(b, ": %s", t->result.explanation);
		if (t->overridden_by)
			strbuf_putf(b, " [set aside by %s]", t->overridden_by);
		if (t->not_selected)
			strbuf_puts(b, " [reading not selected]");
		strbuf_puts(b, "\n");
	}
}

static void describe_scenario(strbuf *b, const arb_scenario *s)
{
	size_t models = 0;
	for (size_t i = 0; i < s->n_units; i++)
		models += s->units[i].n_models;
	const arb_unit *a = &s->units[0];
	strbuf_putf(b,
	            "%zu unit%s, %zu model%s, %zu fact%s, %zu dice, %zu terrain; %s %s in %s%s%s",
	            s->n_units, s->n_units == 1 ? "" : "s", models, models == 1 ? "" : "s",
	            s->n_facts, s->n_facts == 1 ? "" : "s", s->n_dice, s->n_terrain, s->action.unit,
	            s->action.type, s->context.phase, s->context.subphase ? "/" : "",
	            s->context.subphase ? s->context.subphase : "");
	if (a->formation)
		strbuf_putf(b, ", formation %s", a->formation);
	for (size_t i = 0; i < a->n_status; i++)
		strbuf_putf(b, ", %s", a->status[i]);
	if (s->action.n_paths) {
		const arb_path *p = &s->action.paths[0];
		strbuf_putf(b, "; %s moves %.2f in", p->model, arb_path_length(p, &a->models[0]));
	}
	strbuf_puts(b, "\n");
}

/* The first case of the suite that expects this very dispute (its kind
 * and disputed clauses), or NULL: a finding a person already wrote down. */
static const arb_case *documented_by(const arb_caseset *cs, const char *key)
{
	/* a hand-written case first, a generated one (gen-*.csv) else */
	const arb_case *gen = NULL;
	for (size_t i = 0; cs && i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		if (c->expect != ARB_V_DISPUTED || !c->expect_dispute || !c->n_disputed)
			continue;
		const char *base = strrchr(c->file, '/');
		bool generated = strncmp(base ? base + 1 : c->file, "gen-", 4) == 0;
		if (generated && gen)
			continue;
		char buf[8192], kind[64];
		size_t len = (size_t)snprintf(
		    buf, sizeof buf, "%s", arb_dispute_name(c->expect_dispute, kind, sizeof kind));
		for (size_t k = 0; k < c->n_disputed && len < sizeof buf; k++)
			len += (size_t)snprintf(buf + len, sizeof buf - len, " %s", c->disputed[k]);
		if (strcmp(buf, key) != 0)
			continue;
		if (!generated)
			return c;
		gen = c;
	}
	return gen;
}

/* One finding: replayed through the protocol, confirmed, then written. */
static int report_finding(report *r, const arb_search *s, const arb_oracle *o,
                          const arb_rulebook *rb, const arb_caseset *cs, const arb_baseline *bl,
                          size_t i, const char *tmpdir, const char *shown_dir, size_t *seq)
{
	const arb_search_finding *f = arb_search_finding_at(s, i);
	const arb_search_point *pt = arb_search_point_at(s, f->point);
	arb_scenario *sc = NULL, *back = NULL;
	arb_verdict *v = NULL, *v2 = NULL;
	char *line = NULL, *vline = NULL, *svg = NULL;
	json_t *obj = NULL;
	size_t steps = 0;
	arb_error err;
	arb_error_clear(&err);
	int rc = -1;
	if (arb_search_shrink(&sc, &v, s, i, &steps, &err)) {
		cli_error(&err);
		goto done;
	}
	/* the scenario as a line of the protocol, read back and judged again:
	 * what is reported is what `arbiter judge` will say of it */
	char id[32];
	snprintf(id, sizeof id, "CONFLICTS-%03zu", *seq + 1);
	sc->id = arb_scenario_strdup(sc, id);
	if (!sc->id || !(line = arbj_scenario_dump(sc))) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	if (arbj_scenario_parse(&back, line, strlen(line), "<finding>", 1, &err) ||
	    arb_judge(&v2, o, back, NULL, &err)) {
		cli_error(&err);
		fprintf(stderr, "arbiter conflicts: finding '%s' does not replay\n", f->key);
		goto done;
	}
	char why[1024];
	bool shows, ok;
	if (strncmp(f->key, "no-legal-action ", 16) == 0) {
		/* of the unit's options on the replayed scenario's board */
		if (arb_search_confirm_options(&ok, s, f->point, back, f->key, why, sizeof why,
		                               &err)) {
			cli_error(&err);
			goto done;
		}
		shows = true;
	} else {
		shows = arb_search_shows(s, v2, pt->ruleset, f->key);
		ok = shows && arb_search_confirms(v2, f->key, why, sizeof why);
	}
	if (ok && strncmp(f->key, "overlap ", 8) == 0) {
		/* each clause an outcome of the roll: it does not apply to some other */
		char rwhy[512];
		size_t l = strlen(why);
		if (arb_search_confirm_roll(&ok, o, back, f->key, rwhy, sizeof rwhy, &err)) {
			cli_error(&err);
			goto done;
		}
		if (ok)
			snprintf(why + l, sizeof why - l, "; %s", rwhy);
		else
			snprintf(why, sizeof why, "%s", rwhy);
	}
	if (!ok && shows && strstr(f->key, "readings")) {
		bool differ;
		char pwhy[512];
		if (arb_search_confirm_profiles(&differ, o, rb, back, pwhy, sizeof pwhy, &err)) {
			cli_error(&err);
			goto done;
		}
		if (differ) {
			ok = true;
			snprintf(why, sizeof why, "%s", pwhy);
		}
	}
	if (!ok) {
		/* never reported as a finding: the search or the engine is at fault */
		fprintf(stderr,
		        "arbiter conflicts: '%s' not confirmed on its shrunk scenario (%s): left "
		        "out\n",
		        f->key, shows ? why : "another verdict");
		r->unconfirmed++;
		rc = 0;
		goto done;
	}
	const arb_baseline_entry *ack = arb_baseline_find(bl, f->key);
	++*seq;
	strbuf *t = &r->text;
	strbuf_putf(t, "%s %s\n", ack ? "acknowledged" : "NEW", f->key);
	if (ack)
		strbuf_putf(t, "  baseline  %s:%ld: %s\n", ack->file, ack->line, ack->reason);
	const arb_case *doc = documented_by(cs, f->key);
	if (doc)
		strbuf_putf(t, "  case      %s (%s:%ld) expects this dispute\n", doc->id, doc->file,
		            doc->line);
	strbuf_putf(t,
	            "  where     %s: %s in %s; first at scenario %zu:%llu of the search, "
	            "%llu scenario%s showed it\n",
	            pt->ruleset, pt->action, pt->phase, f->point, f->index, f->count,
	            f->count == 1 ? "" : "s");
	strbuf_putf(t, "  shrunk    %zu reduction%s: ", steps, steps == 1 ? "" : "s");
	describe_scenario(t, back);
	strbuf_putf(t, "  evidence  %s\n", why);
	for (size_t k = 0; k < f->n_clauses; k++) {
		const arb_clause *c = arb_rulebook_clause(rb, f->clauses[k]);
		strbuf_putf(t, "  %s (%s, %s:%ld)\n    \"%s\"\n", c->id,
		            arb_clause_kind_name(c->kind), c->file, c->line, c->text);
		put_trace_of(t, v2, c->id);
	}
	strbuf_putf(t, "  scenario  %s/scenarios.jsonl line %zu (replay: arbiter judge --trace)\n",
	            shown_dir, *seq);
	strbuf_putf(t, "  drawing   %s/%s.svg\n\n", shown_dir, id);
	if (ack)
		r->acknowledged++;
	else
		r->fresh++;
	/* JSON Lines: the finding, with its scenario and verdict */
	if (!(vline = arbj_verdict_dump(v2, false)) || !(svg = cli_case_drawing(back, v2))) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	json_t *clauses = json_array();
	for (size_t k = 0; k < f->n_clauses; k++)
		json_array_append_new(clauses, json_string(f->clauses[k]));
	obj = json_pack(
	    "{s:s, s:s, s:s, s:s, s:o, s:s, s:s?, s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:s, "
	    "s:o, s:o, s:s?}",
	    "format", "arbiter-finding/1", "id", id, "key", f->key, "kind", f->kind, "clauses",
	    clauses, "status", ack ? "acknowledged" : "new", "reason", ack ? ack->reason : NULL,
	    "ruleset", pt->ruleset, "action", pt->action, "phase", pt->phase, "point",
	    (json_int_t)f->point, "index", (json_int_t)f->index, "count", (json_int_t)f->count,
	    "shrink_steps", (json_int_t)steps, "evidence", why, "scenario",
	    json_loads(line, 0, NULL), "verdict", json_loads(vline, 0, NULL), "case",
	    doc ? doc->id : NULL);
	char *fl = obj ? json_dumps(obj, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	if (!fl) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	strbuf_putf(&r->jsonl, "%s\n", fl);
	free(fl);
	strbuf_putf(&r->scen, "%s\n", line);
	if (tmpdir) {
		char path[4400];
		snprintf(path, sizeof path, "%s/%s.svg", tmpdir, id);
		if (cli_write_atomic(path, svg, strlen(svg)))
			goto done;
	}
	rc = 0;
done:
	json_decref(obj);
	free(line);
	free(vline);
	free(svg);
	arb_verdict_free(v);
	arb_verdict_free(v2);
	arb_scenario_free(sc);
	arb_scenario_free(back);
	return rc;
}

/* ---- merging shards ---- */

static int merge_shards(arb_search *s, const opts *op, const char *hash, unsigned long long *judged,
                        unsigned long long *rejected)
{
	unsigned long of = 0;
	bool *seen = NULL;
	int rc = 0;
	*judged = *rejected = 0;
	for (size_t i = 0; i < op->n_merge && !rc; i++) {
		char *text;
		size_t len;
		if (read_file(op->merge[i], &text, &len)) {
			fprintf(stderr, "arbiter conflicts: %s: %s\n", op->merge[i],
			        errno ? strerror(errno) : "cannot read");
			rc = -1;
			break;
		}
		arb_shard_result h;
		arb_error err;
		arb_error_clear(&err);
		/* the header first: a shard of another search adds nothing */
		if (arb_shard_read(&h, NULL, text, len, op->merge[i], &err)) {
			cli_error(&err);
			rc = -1;
		} else if (strcmp(h.search, hash) != 0) {
			fprintf(
			    stderr,
			    "arbiter conflicts: %s:2: shard %lu/%lu ran another search (%s); this "
			    "merge's spec/, options and seed make %s\n",
			    op->merge[i], h.shard, h.of, h.search, hash);
			rc = -1;
		} else if (of && h.of != of) {
			fprintf(
			    stderr,
			    "arbiter conflicts: %s:3: shard %lu of %lu, the others are of %lu\n",
			    op->merge[i], h.shard, h.of, of);
			rc = -1;
		} else {
			if (!of) {
				of = h.of;
				if (!(seen = calloc(of + 1, sizeof *seen))) {
					free(text);
					fprintf(stderr, "arbiter: out of memory\n");
					return -1;
				}
			}
			if (seen[h.shard]) {
				fprintf(stderr,
				        "arbiter conflicts: %s:3: shard %lu/%lu is given twice\n",
				        op->merge[i], h.shard, h.of);
				rc = -1;
			} else if (arb_shard_read(&h, s, text, len, op->merge[i], &err)) {
				cli_error(&err);
				rc = -1;
			} else {
				seen[h.shard] = true;
				*judged += h.judged;
				*rejected += h.rejected;
			}
		}
		free(text);
	}
	for (unsigned long k = 1; !rc && k <= of; k++)
		if (!seen[k]) {
			fprintf(stderr,
			        "arbiter conflicts: shard %lu/%lu is missing from the merge\n", k,
			        of);
			rc = -1;
		}
	free(seen);
	return rc;
}

static int write_shard(const arb_search *s, const opts *op, const char *hash,
                       unsigned long long judged, unsigned long long rejected)
{
	strbuf b = {0};
	strbuf_putf(&b, "arbiter-conflicts-shard/1\nsearch %s\nshard %lu of %lu\n", hash, op->shard,
	            op->of);
	strbuf_putf(&b, "judged %llu rejected %llu\n", judged, rejected);
	for (size_t i = 0; i < arb_search_finding_count(s); i++) {
		const arb_search_finding *f = arb_search_finding_at(s, i);
		strbuf_putf(&b, "finding %zu %llu %llu %s\n", f->point, f->index, f->count, f->key);
	}
	strbuf_puts(&b, "end\n");
	size_t len = b.n;
	char *text = strbuf_take(&b);
	if (!text) {
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	fwrite(text, 1, len, stdout);
	free(text);
	return 0;
}

int cmd_conflicts(cli_env *env, int argc, char **argv)
{
	opts op;
	if (parse_args(&op, env, argc, argv))
		return EXIT_BADINPUT;
	int status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_search *s = NULL;
	arb_baseline *bl = NULL;
	cli_stats st = {0};
	report r = {0};
	cli_outdir out = {0};
	bool dir_open = false;
	double t0 = cli_now();
	/* the default's parent, as explain makes reports/explain's */
	if (!op.shard && strcmp(op.out_dir, "reports/conflicts") == 0)
		mkdir("reports", 0777);
	if (!op.shard && cli_output_check(op.out_dir, true))
		return EXIT_BADINPUT;
	if (cli_load(env, &rb, &o) || cli_load_cases(env, rb, NULL, 0, &cs))
		goto done;
	if (cli_stats_from_cases(&st, cs)) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	arb_search_options so = {.seed = op.seed,
	                         .budget = op.budget,
	                         .random = op.random,
	                         .rulesets = op.n_rulesets ? op.rulesets : NULL,
	                         .n_rulesets = op.n_rulesets,
	                         .stats = st.pub,
	                         .n_stats = st.n,
	                         .profile = env->profile};
	arb_error err;
	arb_error_clear(&err);
	if (arb_search_new(&s, o, rb, &so, &err)) {
		cli_error(&err);
		goto done;
	}
	char hash[17];
	if (search_hash(hash, env->spec_dir, s))
		goto done;
	if (!op.shard && load_baselines(&bl, env, rb, s, &op))
		goto done;
	unsigned long long judged = 0, rejected = 0, evals = 0;
	double cpu0 = cpu_seconds();
	if (op.n_merge) {
		if (merge_shards(s, &op, hash, &judged, &rejected))
			goto done;
	} else if (run_search(s, env, rb, o, &so, &op, &judged, &rejected, &evals))
		goto done;
	double t_search = cli_now() - t0, cpu = cpu_seconds() - cpu0;
	if (op.shard) {
		status = write_shard(s, &op, hash, judged, rejected) ? EXIT_BADINPUT : EXIT_AGREE;
		goto done;
	}
	/* every acknowledged finding must be one this search meets: the
	 * baselines are kept against the default search, so a smaller or
	 * other one only says how many it did not meet (--strict-baseline:
	 * checked all the same) */
	bool strict = op.strict_baseline ||
	              (op.seed == 1 && op.budget == 20000 && op.random == 2000 && !env->profile);
	size_t unmet = 0;
	for (size_t i = 0; i < arb_baseline_count(bl); i++) {
		const arb_baseline_entry *e = arb_baseline_at(bl, i);
		bool found = false;
		for (size_t k = 0; k < arb_search_finding_count(s) && !found; k++)
			found = strcmp(arb_search_finding_at(s, k)->key, e->key) == 0;
		if (!found && !strict) {
			unmet++;
		} else if (!found) {
			fprintf(
			    stderr,
			    "arbiter: %s:%ld:3: field 'finding': no finding '%s' in this search "
			    "(seed %llu, budget %zu, random %zu): remove the line, or run the "
			    "search that meets it\n",
			    e->file, e->line, e->key, op.seed, op.budget, op.random);
			goto done;
		}
	}
	if (unmet)
		fprintf(stderr,
		        "conflicts: %zu acknowledged finding%s not met by this search (not the "
		        "default one the baselines are kept against: not checked)\n",
		        unmet, unmet == 1 ? "" : "s");
	if (cli_dir_begin(&out, op.out_dir))
		goto done;
	dir_open = true;
	size_t seq = 0;
	for (size_t i = 0; i < arb_search_finding_count(s); i++)
		if (report_finding(&r, s, o, rb, cs, bl, i, out.tmp, op.out_dir, &seq))
			goto done;
	char *text = strbuf_take(&r.text), *jl = strbuf_take(&r.jsonl), *sl = strbuf_take(&r.scen);
	char path[4400];
	int wr = !text || !jl || !sl;
	if (!wr) {
		snprintf(path, sizeof path, "%s/findings.jsonl", out.tmp);
		wr = cli_write_atomic(path, jl, strlen(jl));
		snprintf(path, sizeof path, "%s/scenarios.jsonl", out.tmp);
		wr = wr || cli_write_atomic(path, sl, strlen(sl));
	}
	if (!wr)
		fputs(text, stdout);
	free(text);
	free(jl);
	free(sl);
	if (wr || cli_dir_commit(&out))
		goto done;
	dir_open = false;
	printf("%zu new, %zu acknowledged finding%s; %llu scenarios judged (%llu refused as bad "
	       "input) at %zu decision points in %.1f s; findings in %s/\n",
	       r.fresh, r.acknowledged, r.acknowledged == 1 ? "" : "s", judged, rejected,
	       arb_search_point_count(s), t_search, op.out_dir);
	/* throughput: predicates consulted per second of one core's time */
	if (evals && cpu > 0)
		fprintf(
		    stderr,
		    "conflicts: %llu predicate evaluations in %.2f s of processor time: %.0f per "
		    "second per core; %.0f scenarios per second\n",
		    evals, cpu, (double)evals / cpu,
		    (double)judged / (t_search > 0 ? t_search : 1));
	if (r.unconfirmed)
		fprintf(stderr, "arbiter conflicts: %zu finding%s not confirmed (left out)\n",
		        r.unconfirmed, r.unconfirmed == 1 ? "" : "s");
	status = r.unconfirmed ? EXIT_BADINPUT : r.fresh ? EXIT_DISAGREE : EXIT_AGREE;
done:
	if (dir_open)
		cli_dir_abort(&out);
	strbuf_free(&r.text);
	strbuf_free(&r.jsonl);
	strbuf_free(&r.scen);
	arb_baseline_free(bl);
	arb_search_free(s);
	cli_stats_free(&st);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
