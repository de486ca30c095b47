/*
 * bench_scale.c: how the library's time grows with what a user can make
 * large: models in one unit, waypoints of one path, units on the board, rows
 * of one case table. Each is built at 1k, 10k and 100k (a table's CSV text
 * in memory), validated and judged (the table loaded), and timed; the line
 * ends with the growth per tenfold step (10x is linear, 100x quadratic).
 * A size whose step before took more than BUDGET (2) seconds is not run: its
 * time would be the step's before times its growth, and is left out. A
 * judgement whose search ran out of its budget (ARB_EBUDGET) or whose
 * memory ran out (ARB_ENOMEM), errors both, never verdicts, is timed and
 * marked.
 *
 * Usage: bench_scale SPEC_DIR
 * prints one line per series: "scale NAME 1k S1 s  10k S2 s  100k S3 s
 * growth G1x G2x".
 */
#include "arbiter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUDGET 2.0

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A growable text. */
typedef struct text {
	char *s;
	size_t n, cap;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static void put(text *t, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
		va_end(ap);
		if (k >= 0 && t->s && (size_t)k < t->cap - t->n) {
			t->n += (size_t)k;
			return;
		}
		size_t cap = t->cap ? 2 * t->cap : 1 << 16;
		while (cap < t->n + (size_t)k + 1)
			cap *= 2;
		char *s = realloc(t->s, cap);
		if (!s) {
			fprintf(stderr, "bench_scale: out of memory\n");
			exit(2);
		}
		t->s = s;
		t->cap = cap;
	}
}

static const char kHeader[] = "id,target,expect,board,units,models,action,paths\n";
static const char kHeaderTerrain[] = "id,target,expect,board,units,models,action,paths,terrain\n";

/* One case row of a scenario of n models, n waypoints or n units (what
 * says which), as its CSV fields after the id. */
static void scenario_row(text *t, const char *id, const char *what, size_t n)
{
	put(t, "%s,SH.MOV.1,legal,10000x10000,", id);
	if (strcmp(what, "models") == 0) {
		/* a horde in ranks of 100, an inch apart, each model 1" ahead */
		put(t, "A1 A horde M=6,\"");
		for (size_t i = 0; i < n; i++)
			put(t, "%sA1/a%zu %zu,%zu 25", i ? ";" : "", i, 10 + i % 100, 10 + i / 100);
		put(t, "\",move A1,\"");
		for (size_t i = 0; i < n; i++)
			put(t, "%sa%zu %zu,%zu %zu,%zu", i ? ";" : "", i, 10 + i % 100,
			    10 + i / 100, 10 + i % 100, 11 + i / 100);
		put(t, "\"\n");
	} else if (strcmp(what, "terrain") == 0) {
		/* a zig-zag of n points, 10" a leg, across difficult terrain of
		 * ARB_MAX_TERRAIN_CORNERS corners (a circle 10" across) */
		put(t, "A1 A horde M=6,\"A1/a1 15,25 25\",move A1,\"a1");
		for (size_t i = 0; i < n; i++)
			put(t, " %.6f,%d", 15 + 30.0 * (double)i / (double)n, i % 2 ? 35 : 25);
		put(t, "\",\"T1 difficult");
		for (int i = 0; i < ARB_MAX_TERRAIN_CORNERS; i++) {
			double a = 2 * 3.14159265358979323846 * i / ARB_MAX_TERRAIN_CORNERS;
			put(t, " %.6f,%.6f", 30 + 5 * cos(a), 30 + 5 * sin(a));
		}
		put(t, "\"\n");
	} else if (strcmp(what, "waypoints") == 0) {
		/* one model's zig-zag of n points within a 4" square */
		put(t, "A1 A horde M=6,\"A1/a1 10,10 25\",move A1,\"a1");
		for (size_t i = 0; i < n; i++)
			put(t, " %.4f,%.4f", 10 + 4.0 * (double)i / (double)n,
			    10 + (i % 2) * 0.001);
		put(t, "\"\n");
	} else {
		/* n one-model units, the first moving 2" */
		put(t, "\"");
		for (size_t i = 0; i < n; i++)
			put(t, "%sU%zu %c horde M=6", i ? ";" : "", i, i % 2 ? 'B' : 'A');
		put(t, "\",\"");
		for (size_t i = 0; i < n; i++)
			put(t, "%sU%zu/u%zu %zu,%zu 25", i ? ";" : "", i, i, 10 + 3 * (i % 3000),
			    10 + 3 * (i / 3000));
		put(t, "\",move U0,\"u0 10,10 12,10\"\n");
	}
}

/* Seconds to load (and, judge, to judge every case of) the table. */
static double run(const arb_rulebook *rb, const arb_oracle *o, const text *t, bool judge,
                  int *budget)
{
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	double t0 = now();
	if (arb_caseset_new(&cs) ||
	    arb_caseset_load_text(cs, "bench/scrollhammer/movement/scale.csv", t->s, t->n, rb,
	                          &err)) {
		char buf[1024];
		fprintf(stderr, "bench_scale: %s\n", arb_error_format(&err, buf, sizeof buf));
		exit(2);
	}
	for (size_t i = 0; judge && i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		arb_verdict *v = NULL;
		int rc = arb_judge(&v, o, c->scenario, c->profile, &err);
		/* A search out of its budget is an answer of its own (an error,
		 * not a verdict): timed, and said. */
		if (rc == ARB_EBUDGET || rc == ARB_ENOMEM)
			*budget = rc == ARB_EBUDGET ? 1 : 2;
		else if (rc) {
			char buf[1024];
			fprintf(stderr, "bench_scale: %s\n",
			        arb_error_format(&err, buf, sizeof buf));
			exit(2);
		}
		arb_verdict_free(v);
	}
	double s = now() - t0;
	arb_caseset_free(cs);
	return s;
}

static void series(const arb_rulebook *rb, const arb_oracle *o, const char *what)
{
	static const size_t sizes[] = {1000, 10000, 100000};
	double s[3] = {0};
	bool ran[3] = {false};
	printf("scale %-9s", what);
	for (size_t k = 0; k < 3; k++) {
		if (k && (!ran[k - 1] || s[k - 1] > BUDGET)) {
			printf("  %3zuk not run", sizes[k] / 1000);
			continue;
		}
		text t = {0};
		put(&t, "%s", strcmp(what, "terrain") == 0 ? kHeaderTerrain : kHeader);
		if (strcmp(what, "rows") == 0) {
			/* n rows of a small scenario: loading is what grows */
			for (size_t i = 0; i < sizes[k]; i++) {
				char id[32];
				snprintf(id, sizeof id, "R-%zu", i);
				scenario_row(&t, id, "units", 2);
			}
		} else {
			scenario_row(&t, "S-1", what, sizes[k]);
		}
		int budget = 0; /* 1: a search out of its budget, 2: out of memory */
		s[k] = run(rb, o, &t, strcmp(what, "rows") != 0, &budget);
		ran[k] = true;
		free(t.s);
		printf("  %3zuk %8.4f s%s", sizes[k] / 1000, s[k],
		       budget == 1   ? " (a search out of budget)"
		       : budget == 2 ? " (out of memory)"
		                     : "");
		fflush(stdout);
	}
	printf("  growth");
	for (size_t k = 1; k < 3; k++)
		if (ran[k] && s[k - 1] > 0)
			printf(" %.1fx", s[k] / s[k - 1]);
	printf(" (10x linear, 100x quadratic)\n");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: bench_scale SPEC_DIR\n");
		return 2;
	}
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&rb, argv[1], &err) || arb_oracle_new(&o, rb, &err)) {
		char buf[1024];
		fprintf(stderr, "bench_scale: %s\n", arb_error_format(&err, buf, sizeof buf));
		return 2;
	}
	series(rb, o, "rows");
	series(rb, o, "units");
	series(rb, o, "waypoints");
	series(rb, o, "terrain");
	series(rb, o, "models");
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return 0;
}
