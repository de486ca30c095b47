/*
 * cmd_run.c: `arbiter run [PATH...]`: judges case tables, prints every
 * disagreement with its place and the predicates' explanations, a summary
 * per section and per clause, and ends with "N passed, N failed".
 *
 * --twin judges every case a second time through the protocol, as cmark
 * runs its spec through its library and its program: the case's scenario
 * written as an arbiter-scenario/2 line, read back, judged, and its verdict
 * line (trace included) compared byte for byte with the in-process one.
 * --verdicts FILE writes the in-process verdict lines, in case order, for
 * the same comparison with `arbiter export | arbiter judge` (tests/twin.sh).
 */
#include "cli.h"
#include "json_io.h"
#include "lint_extra.h"
#include "report.h"
#include "strbuf.h"

#include <jansson.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Per predicate: was it seen holding (or permitting, or giving values) and violated? */
typedef struct seen {
	bool pos, neg, und, na;
	/* the predicate and reading, looked up once: the consumer's cursor
	 * compares them for every trace entry of every case */
	const arb_predicate *pred;
	const char *reading;
} seen;

/* Seen both ways: a constraint holding and violated; a permission or a
 * derivation granting (or computing) and, since it cannot be violated,
 * either exceeded or not granting where it was consulted. */
static bool both_ways(const arb_rulebook *rb, const arb_predicate *p, const seen *s)
{
	const arb_clause *c = arb_rulebook_clause(rb, p->clause);
	if (c && (c->kind == ARB_KIND_PERMISSION || c->kind == ARB_KIND_DERIVATION))
		return s->pos && (s->neg || s->na);
	return s->pos && s->neg;
}

typedef struct tally {
	char key[96];
	size_t cases, agreed;
} tally;

static tally *tally_get(tally *t, size_t *n, size_t cap, const char *key)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(t[i].key, key) == 0)
			return &t[i];
	if (*n == cap)
		return NULL;
	snprintf(t[*n].key, sizeof t[*n].key, "%s", key);
	return &t[(*n)++];
}

static void print_disagreement(const arb_case *c, const arb_verdict *v, const char *why)
{
	printf("FAIL %s (%s:%ld) target %s: %s\n", c->id, c->file, c->line, c->target, why);
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (t->result.outcome == ARB_NA)
			continue;
		printf("     %s%s%s %s: %s%s%s%s%s%s%s%s%s%s%s\n", t->pred->clause,
		       t->reading ? "/" : "", t->reading ? t->reading : "",
		       arb_outcome_name(t->result.outcome), t->result.explanation,
		       t->not_selected ? " [reading not selected]" : "",
		       t->overridden_by ? " [overridden by " : "",
		       t->overridden_by ? t->overridden_by : "", t->overridden_by ? "]" : "",
		       t->awaits ? " [awaits " : "", t->awaits ? t->awaits : "",
		       t->awaits ? "]" : "", t->open_how ? " [open: " : "",
		       t->open_how ? t->open_how->winner : "", t->open_how ? " undecided]" : "");
	}
	if (c->note && c->note[0])
		printf("     note: %s\n", c->note);
}

/* One JUnit testcase: classname ruleset.section, name the case ID. */
static void junit_case(strbuf *b, const arb_case *c, const char *section, const arb_verdict *v,
                       bool ok, const char *why)
{
	char cls[96];
	snprintf(cls, sizeof cls, "%s", section);
	for (char *p = cls; *p; p++)
		if (*p == '/')
			*p = '.';
	strbuf_puts(b, "    <testcase classname=\"");
	strbuf_put_xml(b, cls);
	strbuf_puts(b, "\" name=\"");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\" file=\"");
	strbuf_put_xml(b, c->file);
	strbuf_putf(b, "\" line=\"%ld\"", c->line);
	if (ok) {
		strbuf_puts(b, "/>\n");
		return;
	}
	strbuf_puts(b, ">\n      <failure message=\"");
	strbuf_put_xml(b, why);
	strbuf_puts(b, "\">");
	strbuf_put_xml(b, c->target);
	strbuf_puts(b, ": ");
	strbuf_put_xml(b, why);
	strbuf_puts(b, "\n");
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (t->result.outcome == ARB_NA)
			continue;
		strbuf_put_xml(b, t->pred->clause);
		if (t->reading) {
			strbuf_puts(b, "/");
			strbuf_put_xml(b, t->reading);
		}
		strbuf_putf(b, " %s: ", arb_outcome_name(t->result.outcome));
		strbuf_put_xml(b, t->result.explanation);
		strbuf_puts(b, "\n");
	}
	strbuf_puts(b, "</failure>\n    </testcase>\n");
}

static int write_junit(const char *path, strbuf *cases, size_t n, size_t failed, double secs)
{
	strbuf doc = {0};
	strbuf_puts(&doc, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_putf(&doc, "<testsuites name=\"arbiter\" tests=\"%zu\" failures=\"%zu\">\n", n,
	            failed);
	strbuf_putf(&doc,
	            "  <testsuite name=\"arbiter run\" tests=\"%zu\" failures=\"%zu\" "
	            "errors=\"0\" time=\"%.6f\">\n",
	            n, failed, secs);
	strbuf_put(&doc, cases->s, cases->n);
	strbuf_puts(&doc, "  </testsuite>\n</testsuites>\n");
	if (cases->oom)
		doc.oom = true;
	size_t len = doc.n;
	char *text = strbuf_take(&doc);
	int rc = text ? cli_write_atomic(path, text, len) : -1;
	if (!text)
		fprintf(stderr, "arbiter: out of memory\n");
	free(text);
	return rc;
}

/* One line of `--json`: the case, what was expected, what was judged. */
static int json_case(strbuf *b, const arb_case *c, const arb_verdict *v, bool ok, const char *why)
{
	char disp[64];
	json_t *viol = json_array();
	for (size_t i = 0; viol && i < v->n_violates; i++)
		json_array_append_new(viol, json_string(v->violates[i]));
	json_t *o =
	    json_pack("{s:s,s:s,s:I,s:s,s:s,s:s,s:s,s:o,s:b,s:s?}", "id", c->id, "file", c->file,
	              "line", (json_int_t)c->line, "target", c->target, "expect",
	              arb_verdict_kind_name(c->expect), "verdict", arb_verdict_kind_name(v->kind),
	              "dispute", arb_dispute_name(v->dispute, disp, sizeof disp), "violates", viol,
	              "agrees", ok, "why", ok ? NULL : why);
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII) : NULL;
	json_decref(o);
	if (!s)
		return -1;
	strbuf_puts(b, s);
	strbuf_puts(b, "\n");
	free(s);
	return b->oom ? -1 : 0;
}

/* Where two lines first differ, with a little of each for the message. */
static void print_difference(strbuf *out, const char *a, const char *b)
{
	size_t i = 0;
	while (a[i] && a[i] == b[i])
		i++;
	size_t from = i > 40 ? i - 40 : 0;
	strbuf_putf(out, "     first difference at byte %zu:\n", i);
	strbuf_putf(out, "     in-process: ...%.100s\n", a + from);
	strbuf_putf(out, "     protocol:   ...%.100s\n", b + from);
}

/* The twin of case c, whose in-process verdict line (trace included) is
 * lib: its scenario written, read back, judged under profile (NULL: the
 * scenario's own, as `arbiter judge` does without --profile) and written
 * again. Returns 1 when the twins agree, 0 when they differ (said in out,
 * for the caller to print in case order), -1 when out of memory. */
static int twin_case(const arb_oracle *o, const arb_case *c, const char *profile, const char *lib,
                     strbuf *out)
{
	arb_scenario *s = NULL;
	arb_verdict *v = NULL;
	arb_error err;
	char msg[1024], why[512];
	char *text = arbj_scenario_dump(c->scenario), *again = NULL, *wire = NULL;
	int rc = -1;
	bool is_error = false;
	arb_error_clear(&err);
	if (!text)
		goto done;
	if (arbj_scenario_parse(&s, text, strlen(text), c->file, c->line, &err) != ARB_OK) {
		if (err.code == ARB_ENOMEM)
			goto done;
		strbuf_putf(out, "TWIN %s (%s:%ld): its scenario line does not read back: %s\n",
		            c->id, c->file, c->line, arb_error_format(&err, msg, sizeof msg));
		rc = 0;
		goto done;
	}
	if (!(again = arbj_scenario_dump(s)))
		goto done;
	if (strcmp(text, again) != 0) {
		strbuf_putf(out, "TWIN %s (%s:%ld): its scenario line changes when read back\n",
		            c->id, c->file, c->line);
		print_difference(out, text, again);
		rc = 0;
		goto done;
	}
	if (arb_judge(&v, o, s, profile, &err) != ARB_OK) {
		if (err.code == ARB_ENOMEM)
			goto done;
		strbuf_putf(
		    out,
		    "TWIN %s (%s:%ld): judged in-process, but its scenario line is refused: "
		    "%s\n",
		    c->id, c->file, c->line, arb_error_format(&err, msg, sizeof msg));
		rc = 0;
		goto done;
	}
	if (!(wire = arbj_verdict_dump(v, true)))
		goto done;
	if (strcmp(lib, wire) != 0) {
		strbuf_putf(out,
		            "TWIN %s (%s:%ld): the verdict through the protocol differs from the "
		            "in-process one\n",
		            c->id, c->file, c->line);
		print_difference(out, lib, wire);
		rc = 0;
		goto done;
	}
	/* The same bytes: one check covers both. */
	int ck = arbj_verdict_check(wire, &is_error, why, sizeof why);
	if (ck == ARB_ENOMEM)
		goto done;
	rc = ck == ARB_OK && !is_error;
	if (!rc)
		strbuf_putf(out, "TWIN %s (%s:%ld): its verdict line breaks %s: %s\n", c->id,
		            c->file, c->line, ARBJ_VERDICT_FORMAT,
		            is_error ? "it is an error line" : why);
done:
	free(text);
	free(again);
	free(wire);
	arb_verdict_free(v);
	arb_scenario_free(s);
	return rc;
}

/* ---- judging in parallel: --jobs N ----
 *
 * Cases are judged by N threads (the main one and N - 1 workers) and
 * consumed (tallied, printed, written) by the main thread alone, in case
 * order, so that every output is the same bytes whatever N. A worker takes
 * the next case only while it is fewer than `window` cases ahead of the
 * consumer: memory stays bounded by the window, not by the suite. The main
 * thread, when the case it waits for is not ready, judges the next one
 * itself, so N threads keep N cores busy. The oracle, the rulebook and the
 * case set are only read while the threads run (the library keeps no
 * global state).
 *
 * The thread that judges a case also marks what each predicate of its
 * trace was seen doing, in that thread's own marks (an OR, so the order of
 * the cases does not matter; the consumer merges them at the end), and
 * drops the verdict of a case that agrees unless an output needs it
 * (--junit, --json): the slot that goes to the consumer is then small, and
 * a window of 64 slots a thread keeps a thread busy while the consumer
 * waits for a case 100 times as long as the others. */

/* What judging one case produced, for the consumer. */
/* What every case touches comes first, in one cache line: a slot is
 * filled on one core and read on the other, and each line it spans
 * crosses between them (docs/performance.md, ninth session). */
typedef struct run_slot {
	arb_verdict *v;
	char *line; /* --verdicts: the verdict line */
	strbuf twin_out;
	int rc;   /* of arb_judge; on error err says why */
	int twin; /* --twin: 1 identical, 0 not (twin_out says how) */
	bool oom;
	bool ok;        /* the verdict agrees with the case */
	char why[1024]; /* and if not, why */
	arb_error err;  /* written only when rc is not ARB_OK */
} run_slot;

/* What every thread reads, and the hand-over of slots under mu. */
typedef struct run_pool {
	const arb_oracle *o;
	const arb_caseset *cs;
	const char *profile; /* --profile, or NULL: each case's own */
	bool twin, verdicts;
	bool keep_all; /* every verdict goes to the consumer (--junit, --json, --report) */
	size_t np;     /* predicates: each thread's marks are np bytes */
	size_t n;      /* cases */
	size_t window; /* slots */
	run_slot *slots;
	size_t *filled; /* per slot: 1 + the case it holds, 0 when empty */
	size_t next;    /* the next case to judge */
	size_t batch;   /* how many cases a thread takes at once */
	size_t consumed;
	/* the consumer's own (main thread): cases below `known` were seen
	 * judged under mu; cases below `released` have been given back */
	size_t known, released;
	bool stop;
	pthread_mutex_t mu;
	pthread_cond_t ready; /* a slot was filled */
	pthread_cond_t room;  /* a slot was emptied, or stop */
	/* threads waiting on each: no wake-up is sent to nobody (a case takes
	 * tens of microseconds; a needless broadcast costs a system call) */
	int wait_ready, wait_room;
} run_pool;

static void run_clear(run_slot *sl);

/* What a predicate was seen doing (seen.pos ... seen.na), one bit each. */
enum { SEEN_POS = 1, SEEN_NEG = 2, SEEN_UND = 4, SEEN_NA = 8 };

static void mark_seen(unsigned char *marks, size_t np, const arb_verdict *v)
{
	static const unsigned char bit[] = {
	    [ARB_NA] = SEEN_NA,       [ARB_HOLDS] = SEEN_POS, [ARB_VIOLATED] = SEEN_NEG,
	    [ARB_PERMITS] = SEEN_POS, [ARB_VALUE] = SEEN_POS, [ARB_UNDECIDED] = SEEN_UND,
	    [ARB_MISSING] = SEEN_UND};
	for (size_t t = 0; t < v->n_trace; t++) {
		size_t k = v->trace[t].index;
		arb_outcome oc = v->trace[t].result.outcome;
		if (k >= np)
			break;
		if ((unsigned)oc < sizeof bit)
			marks[k] |= bit[oc];
	}
}

/* One judging thread: the pool, and its own marks. */
typedef struct run_thread {
	run_pool *pl;
	unsigned char *marks;
} run_thread;

/* Judges case i into sl, emptying what the slot held (a consumed case:
 * freed by the thread that judges into it, most often the one that
 * allocated it, not by the consumer). Touches nothing shared. */
static void run_fill(const run_pool *pl, size_t i, run_slot *sl, unsigned char *marks)
{
	const arb_case *c = arb_caseset_at(pl->cs, i);
	run_clear(sl);
	const char *profile = pl->profile ? pl->profile : c->profile;
	/* Explanations are printed (and drawn, and compared by --twin) only for
	 * the cases that disagree: judged tersely, such a case is judged again
	 * with them. */
	/* The cases were loaded against the oracle's own rulebook (cmd_run):
	 * every scenario was validated then. */
	unsigned flags = ARB_JUDGE_VALIDATED | (pl->twin ? 0 : ARB_JUDGE_TERSE);
	/* the error on this thread's stack (856 bytes cleared where they are
	 * warm), copied to the slot only when there is one */
	arb_error err;
	arb_error_clear(&err);
	sl->rc = arb_judge_ex(&sl->v, pl->o, c->scenario, profile, flags, &err);
	if (sl->rc != ARB_OK) {
		sl->err = err;
		return;
	}
	sl->ok = arb_case_agrees(c, sl->v, sl->why, sizeof sl->why);
	if (!sl->ok && (flags & ARB_JUDGE_TERSE)) {
		arb_verdict_free(sl->v);
		sl->v = NULL;
		sl->rc =
		    arb_judge_ex(&sl->v, pl->o, c->scenario, profile, ARB_JUDGE_VALIDATED, &err);
		if (sl->rc != ARB_OK) {
			sl->err = err;
			return;
		}
	}
	mark_seen(marks, pl->np, sl->v);
	if (pl->verdicts && !(sl->line = arbj_verdict_dump(sl->v, false)))
		sl->oom = true;
	if (pl->twin && !sl->oom) {
		char *full = arbj_verdict_dump(sl->v, true);
		sl->twin = full ? twin_case(pl->o, c, pl->profile, full, &sl->twin_out) : -1;
		sl->oom = sl->twin < 0 || sl->twin_out.oom;
		free(full);
	}
	if (sl->ok && !pl->keep_all) {
		arb_verdict_free(sl->v);
		sl->v = NULL;
	}
}

/* Empties a slot: what it owns freed, every field as calloc left it but
 * err's and why's texts, which are written before they are read. */
static void run_clear(run_slot *sl)
{
	arb_verdict_free(sl->v);
	free(sl->line);
	strbuf_free(&sl->twin_out);
	sl->v = NULL;
	sl->rc = 0;
	sl->line = NULL;
	sl->twin = 0;
	sl->oom = false;
	sl->ok = false;
	sl->why[0] = '\0';
}

/* Takes the next cases to judge under mu (up to pl->batch of them, while
 * the window has room): the first in *i, how many returned; 0 when there
 * is none (or the run stops). A batch makes one hand-over of the mutex
 * serve several cases. */
static size_t run_claim(run_pool *pl, size_t *i)
{
	size_t end = pl->consumed + pl->window;
	end = end < pl->n ? end : pl->n;
	if (pl->stop || pl->next >= end)
		return 0;
	size_t k = end - pl->next < pl->batch ? end - pl->next : pl->batch;
	*i = pl->next;
	pl->next += k;
	return k;
}

/* Judges cases i to i + k - 1, outside mu, and hands their slots over.
 * Not inlined: make bench counts the instructions of judging in it. */
__attribute__((noinline)) static void run_judge(run_thread *th, size_t i, size_t k)
{
	run_pool *pl = th->pl;
	pthread_mutex_unlock(&pl->mu);
	for (size_t j = i; j < i + k; j++)
		run_fill(pl, j, &pl->slots[j % pl->window], th->marks);
	pthread_mutex_lock(&pl->mu);
	for (size_t j = i; j < i + k; j++)
		pl->filled[j % pl->window] = j + 1;
	if (pl->wait_ready)
		pthread_cond_broadcast(&pl->ready);
}

static void *run_worker(void *arg)
{
	run_thread *th = arg;
	run_pool *pl = th->pl;
	size_t i, k;
	pthread_mutex_lock(&pl->mu);
	while (!pl->stop && pl->next < pl->n) {
		if ((k = run_claim(pl, &i))) {
			run_judge(th, i, k);
		} else {
			pl->wait_room++;
			pthread_cond_wait(&pl->room, &pl->mu);
			pl->wait_room--;
		}
	}
	pthread_mutex_unlock(&pl->mu);
	return NULL;
}

/* Under mu: gives back the slots of the cases consumed up to `upto`. */
static void run_release(run_pool *pl, size_t upto)
{
	for (size_t j = pl->released; j < upto; j++)
		pl->filled[j % pl->window] = 0;
	pl->released = pl->consumed = upto;
	if (pl->wait_room)
		pthread_cond_broadcast(&pl->room);
}

/* The slot of case i, once it is judged (by a worker, or by this thread).
 * The cases seen judged the last time mu was held are taken without it. */
static run_slot *run_wait(run_thread *th, size_t i)
{
	run_pool *pl = th->pl;
	size_t j, k;
	if (i < pl->known)
		return &pl->slots[i % pl->window];
	pthread_mutex_lock(&pl->mu);
	run_release(pl, i);
	while (pl->filled[i % pl->window] != i + 1) {
		if ((k = run_claim(pl, &j))) {
			run_judge(th, j, k);
		} else {
			pl->wait_ready++;
			pthread_cond_wait(&pl->ready, &pl->mu);
			pl->wait_ready--;
		}
	}
	for (pl->known = i + 1; pl->known < pl->n && pl->known < i + pl->window &&
	                        pl->filled[pl->known % pl->window] == pl->known + 1;
	     pl->known++)
		;
	pthread_mutex_unlock(&pl->mu);
	return &pl->slots[i % pl->window];
}

/* Case i is consumed: its slot goes back with the others now and then
 * (every batch of cases), and whenever the consumer takes mu to wait. */
static void run_done(run_pool *pl, size_t i)
{
	if (i + 1 - pl->released < pl->batch)
		return;
	pthread_mutex_lock(&pl->mu);
	run_release(pl, i + 1);
	pthread_mutex_unlock(&pl->mu);
}

/* Parses --jobs: a count from 1 to 256, or 0 for the processors online. */
static int parse_jobs(const char *arg, long *out)
{
	char *end = NULL;
	long n = strtol(arg, &end, 10);
	if (end == arg || *end || n < 0 || n > 256)
		return -1;
	if (n == 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		n = n < 1 ? 1 : n > 256 ? 256 : n;
	}
	*out = n;
	return 0;
}

/* The disputed clauses of v, space-separated, into *out (malloc'ed). */
static int report_join(char **out, const arb_verdict *v)
{
	strbuf b = {0};
	for (size_t k = 0; k < v->n_disputed; k++) {
		strbuf_puts(&b, k ? " " : "");
		strbuf_puts(&b, v->disputed[k]);
	}
	*out = strbuf_take(&b);
	return *out ? 0 : -1;
}

int cmd_run(cli_env *env, int argc, char **argv)
{
	char **paths = calloc((size_t)argc + 1, sizeof *paths);
	int np = 0, status = EXIT_BADINPUT;
	bool quiet = false, stats = false, twin = false;
	const char *junit = NULL, *json_out = NULL, *report = NULL, *verdicts = NULL;
	report_result *results = NULL;
	strbuf cases_xml = {0}, json_lines = {0}, verdict_lines = {0};
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	seen *sn = NULL;
	tally *sections = NULL, *clauses = NULL;
	size_t n_sections = 0, n_clauses = 0, n_workers = 0;
	long jobs = 1;
	run_pool pool = {.stop = false};
	pthread_t workers[256];
	run_thread threads[256] = {{0}};
	unsigned char *marks = NULL;
	pthread_mutex_init(&pool.mu, NULL);
	pthread_cond_init(&pool.ready, NULL);
	pthread_cond_init(&pool.room, NULL);
	if (!paths)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
			env->profile = argv[++i];
		else if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0)
			quiet = true;
		else if (strcmp(argv[i], "--stats") == 0)
			stats = true;
		else if (strcmp(argv[i], "--junit") == 0 && i + 1 < argc)
			junit = argv[++i];
		else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc)
			json_out = argv[++i];
		else if (strcmp(argv[i], "--report") == 0 && i + 1 < argc)
			report = argv[++i];
		else if (strcmp(argv[i], "--twin") == 0)
			twin = true;
		else if (strcmp(argv[i], "--verdicts") == 0 && i + 1 < argc)
			verdicts = argv[++i];
		else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) {
			if (parse_jobs(argv[++i], &jobs)) {
				fprintf(stderr,
				        "arbiter run: --jobs wants a number of threads from 1 to "
				        "256, or 0 for one per processor; got '%s'\n",
				        argv[i]);
				goto done;
			}
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "arbiter run: unknown option '%s'\n", argv[i]);
			goto done;
		} else
			paths[np++] = argv[i];
	}
	/* Where the outputs go is checked before the work, not after it. */
	if ((report && cli_output_check(report, true)) ||
	    (junit && cli_output_check(junit, false)) ||
	    (json_out && cli_output_check(json_out, false)) ||
	    (verdicts && cli_output_check(verdicts, false)))
		goto done;
	double t0 = cli_now();
	if (cli_load(env, &rb, &o) || cli_load_cases(env, rb, paths, np, &cs))
		goto done;
	double t1 = cli_now();
	size_t n = arb_caseset_count(cs), np_ = arb_oracle_predicate_count(o);
	size_t nclauses = arb_rulebook_clause_count(rb);
	sn = calloc(np_ + 1, sizeof *sn);
	if (report && !(results = calloc(n + 1, sizeof *results))) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	sections = calloc(n + 1, sizeof *sections); /* never more sections than cases */
	clauses = calloc(nclauses + 1, sizeof *clauses);
	for (size_t k = 0; sn && k < np_; k++) {
		sn[k].pred = arb_oracle_predicate_at(o, k);
		sn[k].reading = arb_oracle_predicate_reading(o, k);
	}
	if (!sn || !sections || !clauses) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	size_t passed = 0, failed = 0, errors = 0, twins = 0, twins_same = 0;
	pool.o = o;
	pool.cs = cs;
	pool.profile = env->profile;
	pool.twin = twin;
	pool.verdicts = verdicts != NULL;
	pool.keep_all = junit || json_out || report; /* the report counts disputes */
	pool.np = np_;
	pool.n = n;
	/* One job judges only the case it waits for: one slot, so that each
	 * verdict's memory is reused, warm, by the next. With more, a slot that
	 * holds its verdict (--junit, --json, --twin: a trace is about 36 KiB)
	 * makes 4 slots a thread, which keep the traces in cache; slots whose
	 * agreeing verdicts were dropped are small, and 64 a thread let one
	 * thread run ahead while the other judges a slow case. */
	pool.window = jobs == 1 ? 1 : (size_t)jobs * (pool.keep_all || twin ? 4 : 64);
	/* a batch of at most 8 cases, a quarter of a thread's share */
	pool.batch = pool.window / (size_t)jobs / 4;
	pool.batch = pool.batch < 1 ? 1 : pool.batch > 8 ? 8 : pool.batch;
	pool.slots = calloc(pool.window, sizeof *pool.slots);
	pool.filled = calloc(pool.window, sizeof *pool.filled);
	marks = calloc((size_t)jobs * (np_ + 1), 1);
	for (long t = 0; marks && t < jobs; t++)
		threads[t] = (run_thread){&pool, marks + (size_t)t * (np_ + 1)};
	if (!pool.slots || !pool.filled || !marks) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	/* jansson seeds its hash function on first use: once, before threads. */
	json_object_seed(0);
	while (n_workers + 1 < (size_t)jobs &&
	       pthread_create(&workers[n_workers], NULL, run_worker, &threads[n_workers + 1]) == 0)
		n_workers++;
	tally *last_tc = NULL, *last_ts = NULL;
	const char *last_file = NULL;
	char sec[96] = "";
	for (size_t i = 0; i < n; i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		run_slot *sl = run_wait(&threads[0], i);
		if (sl->rc != ARB_OK) {
			/* A fault of the oracle (out of memory, a search out of
			 * budget, a predicate's bug) is no verdict: the run fails. */
			char msg[1024];
			fprintf(stderr, "arbiter: case %s (%s:%ld) could not be judged: %s\n",
			        c->id, c->file, c->line,
			        arb_error_format(&sl->err, msg, sizeof msg));
			errors++;
			run_done(&pool, i);
			continue;
		}
		arb_verdict *v = sl->v;
		if (sl->oom) {
			fprintf(stderr, "arbiter: out of memory\n");
			goto done;
		}
		if (twin) {
			twins++;
			twins_same += sl->twin == 1;
			if (sl->twin_out.n)
				fputs(sl->twin_out.s, stdout);
		}
		if (verdicts) {
			strbuf_puts(&verdict_lines, sl->line);
			strbuf_puts(&verdict_lines, "\n");
			if (verdict_lines.oom) {
				fprintf(stderr, "arbiter: out of memory\n");
				goto done;
			}
		}
		bool ok = sl->ok;
		const char *why = sl->why;
		ok ? passed++ : failed++;
		if (!ok)
			print_disagreement(c, v, why);
		/* cases come in files: the section of the last file first */
		if (c->file != last_file) {
			char sec_now[96];
			cli_case_section(c, sec_now, sizeof sec_now);
			last_ts = tally_get(sections, &n_sections, n + 1, sec_now);
			memcpy(sec, sec_now, sizeof sec);
			last_file = c->file;
		}
		tally *ts = last_ts;
		/* cases come in tables by clause: the last one first */
		tally *tc = last_tc && strcmp(last_tc->key, c->target) == 0
		                ? last_tc
		                : tally_get(clauses, &n_clauses, nclauses, c->target);
		last_tc = tc;
		if (ts) {
			ts->cases++;
			ts->agreed += ok;
		}
		if (tc) {
			tc->cases++;
			tc->agreed += ok;
		}
		if (junit)
			junit_case(&cases_xml, c, sec, v, ok, why);
		if (results) {
			results[i].agrees = ok;
			snprintf(results[i].why, sizeof results[i].why, "%s", ok ? "" : why);
			results[i].kind = v->kind;
			results[i].dispute = v->dispute;
			if (v->n_disputed && report_join(&results[i].disputed, v)) {
				fprintf(stderr, "arbiter: out of memory\n");
				goto done;
			}
		}
		if (json_out && json_case(&json_lines, c, v, ok, why)) {
			fprintf(stderr, "arbiter: out of memory\n");
			goto done;
		}
		if (results && !ok) {
			results[i].verdict = v; /* the report draws it; freed at done */
			sl->v = NULL;
		}
		run_done(&pool, i);
	}
	double t2 = cli_now();
	/* what every thread saw each predicate doing */
	for (long t = 0; t < jobs; t++)
		for (size_t k = 0; k < np_; k++) {
			unsigned char b = threads[t].marks[k];
			sn[k].pos |= (b & SEEN_POS) != 0;
			sn[k].neg |= (b & SEEN_NEG) != 0;
			sn[k].und |= (b & SEEN_UND) != 0;
			sn[k].na |= (b & SEEN_NA) != 0;
		}
	if (errors) {
		printf("%zu cases: %zu agreed, %zu disagreed, %zu could not be judged\n", n, passed,
		       failed, errors);
		fprintf(stderr,
		        "arbiter run: %zu of %zu cases could not be judged; no report or file "
		        "written\n",
		        errors, n);
		goto done;
	}
	if (report) {
		/* the report lists lint's findings, an editor's other first read */
		arb_lint *lint = NULL;
		arb_error lerr;
		arb_error_clear(&lerr);
		if (arb_lint_run(&lint, rb, o, cs, NULL, &lerr)) {
			cli_error(&lerr);
			goto done;
		}
		/* and what `arbiter lint` adds: the questions' pairs and the words */
		lint_extra lx;
		if (lint_extra_add(&lx, lint, rb, o, env->spec_dir, SPELL_DICTIONARY, &lerr)) {
			cli_error(&lerr);
			lint_extra_free(&lx);
			arb_lint_free(lint);
			goto done;
		}
		arb_gv *gv = arb_gv_new();
		int rc = gv ? report_write(report, rb, cs, results, lint, lx.unchecked, gv) : -1;
		if (!gv)
			fprintf(stderr, "arbiter: Graphviz could not start\n");
		arb_gv_free(gv);
		arb_lint_free(lint);
		lint_extra_free(&lx);
		if (rc)
			goto done;
	}
	if (junit && write_junit(junit, &cases_xml, n, failed, t2 - t1))
		goto done;
	if (json_out) {
		if (json_lines.oom ||
		    cli_write_atomic(json_out, json_lines.s ? json_lines.s : "", json_lines.n))
			goto done;
	}
	if (verdicts &&
	    cli_write_atomic(verdicts, verdict_lines.s ? verdict_lines.s : "", verdict_lines.n))
		goto done;
	if (stats)
		fprintf(stderr, "stats: %zu cases, load %.6f s, judge %.6f s, peak %ld KiB\n", n,
		        t1 - t0, t2 - t1, cli_peak_kib());
	if (!quiet) {
		printf("\n%-28s %7s %7s %9s\n", "section", "cases", "agreed", "disagreed");
		for (size_t i = 0; i < n_sections; i++)
			printf("%-28s %7zu %7zu %9zu\n", sections[i].key, sections[i].cases,
			       sections[i].agreed, sections[i].cases - sections[i].agreed);
		printf("\n%-20s %-11s %6s %7s %7s  %s\n", "clause", "kind", "cases", "agreed",
		       "preds",
		       "seen (per predicate: + holds/permits, - violated, ? undecided, o not "
		       "applicable)");
		/* The clauses of the sections this run has cases for. */
		for (size_t i = 0; i < nclauses; i++) {
			const arb_clause *cl = arb_rulebook_clause_at(rb, i);
			char key[96];
			snprintf(key, sizeof key, "%s/%s", cl->ruleset, cl->section);
			if (cl->kind == ARB_KIND_CONVENTION ||
			    !tally_get(sections, &n_sections, n_sections, key))
				continue;
			size_t cases = 0, agreed = 0;
			for (size_t k = 0; k < n_clauses; k++)
				if (strcmp(clauses[k].key, cl->id) == 0) {
					cases = clauses[k].cases;
					agreed = clauses[k].agreed;
				}
			char seenbuf[256] = "";
			size_t preds = 0, len = 0;
			for (size_t k = 0; k < np_; k++) {
				const arb_predicate *p = arb_oracle_predicate_at(o, k);
				const char *rd = arb_oracle_predicate_reading(o, k);
				if (strcmp(p->clause, cl->id) != 0)
					continue;
				preds++;
				int w =
				    snprintf(seenbuf + len, sizeof seenbuf - len, "%s%s%s%s%s%s%s",
				             len ? " " : "", rd ? rd : "", rd ? ":" : "",
				             sn[k].pos ? "+" : "", sn[k].neg ? "-" : "",
				             sn[k].und ? "?" : "", sn[k].na ? "o" : "");
				if (w > 0 && (size_t)w < sizeof seenbuf - len)
					len += (size_t)w;
			}
			const char *kind = arb_clause_kind_name(cl->kind);
			if (cl->kind >= ARB_KIND_ADVISORY)
				printf("%-20s %-11s %6zu %7zu %7s  (no predicate: %s)\n", cl->id,
				       kind, cases, agreed, "-", kind);
			else
				printf("%-20s %-11s %6zu %7zu %7zu  %s\n", cl->id, kind, cases,
				       agreed, preds, preds ? seenbuf : "NO PREDICATE");
		}
		size_t not_both = 0, stale = 0;
		for (size_t k = 0; k < np_; k++) {
			const arb_predicate *p = arb_oracle_predicate_at(o, k);
			const arb_clause *pc = arb_rulebook_clause(rb, p->clause);
			char key[96];
			snprintf(key, sizeof key, "%s/%s", pc->ruleset, pc->section);
			if (!tally_get(sections, &n_sections, n_sections, key))
				continue;
			if (!both_ways(rb, p, &sn[k])) {
				printf("%s %s%s%s",
				       not_both ? "," : "\nnot seen both ways:", p->clause,
				       arb_oracle_predicate_reading(o, k) ? "/" : "",
				       arb_oracle_predicate_reading(o, k)
				           ? arb_oracle_predicate_reading(o, k)
				           : "");
				not_both++;
			}
			stale += arb_oracle_predicate_stale(o, k);
		}
		if (not_both)
			printf("\n");
		const arb_clause *un[1];
		size_t n_un = arb_oracle_unencoded(o, NULL, un, 0);
		printf("\n%zu predicates; %zu not seen both ways; %zu stale; %zu normative clauses "
		       "of spec/ without a predicate (arbiter lint lists them)\n",
		       np_, not_both, stale, n_un);
	}
	if (twin)
		printf("twin: %zu of %zu verdicts identical in-process and through %s "
		       "(trace included)\n",
		       twins_same, twins, ARBJ_SCENARIO_FORMAT);
	printf("%zu cases: %zu agreed, %zu disagreed\n", n, passed, failed);
	printf("%zu passed, %zu failed\n", passed, failed);
	status = failed || twins_same != twins ? EXIT_DISAGREE : EXIT_AGREE;
done:
	/* Workers finish the case in hand and stop; then their slots are freed. */
	pthread_mutex_lock(&pool.mu);
	pool.stop = true;
	pthread_cond_broadcast(&pool.room);
	pthread_mutex_unlock(&pool.mu);
	for (size_t i = 0; i < n_workers; i++)
		pthread_join(workers[i], NULL);
	for (size_t i = 0; pool.slots && i < pool.window; i++)
		run_clear(&pool.slots[i]);
	free(pool.slots);
	free(pool.filled);
	free(marks);
	pthread_cond_destroy(&pool.room);
	pthread_cond_destroy(&pool.ready);
	pthread_mutex_destroy(&pool.mu);
	for (size_t i = 0; results && cs && i < arb_caseset_count(cs); i++) {
		arb_verdict_free(results[i].verdict);
		free(results[i].disputed);
	}
	free(results);
	strbuf_free(&cases_xml);
	strbuf_free(&json_lines);
	strbuf_free(&verdict_lines);
	free(paths);
	free(sn);
	free(sections);
	free(clauses);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
