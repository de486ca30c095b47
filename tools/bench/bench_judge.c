/*
 * bench_judge.c: what `make bench` measures of the library alone: the case
 * suite judged in-process (arb_judge, nothing printed), the time per case,
 * and how many heap allocations judging makes, the engine's apart from the
 * predicates' (and the geometry they call).
 *
 * Usage: bench_judge SPEC_DIR REPEAT FILE...
 * prints "judge-lib: C cases, P predicates consulted, E engine allocations,
 * A predicate allocations, S seconds" (S the median of REPEAT passes; P, E
 * and A of one pass).
 *
 * The allocations are counted at link time (see the Makefile): the engine's
 * object (oracle/engine.c) has its calls to malloc, calloc and realloc
 * renamed to bench_engine_* by objcopy, and every other library object's go
 * through __wrap_* (ld --wrap). Both count while `counting` is set, that is,
 * inside arb_judge only (not while loading, and not arb_verdict_free).
 * Calls made inside libc or other shared libraries are not seen; the
 * library's core makes none that allocate.
 */
#include "arbiter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The renamed and wrapped functions have no context to carry a counter: the
 * one piece of global state, in this bench program only. */
static unsigned long engine_allocs, other_allocs;
static int counting;

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void *bench_engine_malloc(size_t n);
void *bench_engine_calloc(size_t k, size_t n);
void *bench_engine_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n)
{
	other_allocs += counting != 0;
	return __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
	other_allocs += counting != 0;
	return __real_calloc(k, n);
}

void *__wrap_realloc(void *p, size_t n)
{
	other_allocs += counting != 0;
	return __real_realloc(p, n);
}

void *bench_engine_malloc(size_t n)
{
	engine_allocs += counting != 0;
	return __real_malloc(n);
}

void *bench_engine_calloc(size_t k, size_t n)
{
	engine_allocs += counting != 0;
	return __real_calloc(k, n);
}

void *bench_engine_realloc(void *p, size_t n)
{
	engine_allocs += counting != 0;
	return __real_realloc(p, n);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int fail(const arb_error *err)
{
	char buf[1024];
	fprintf(stderr, "bench_judge: %s\n", arb_error_format(err, buf, sizeof buf));
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: bench_judge SPEC_DIR REPEAT FILE...\n");
		return 2;
	}
	int repeat = atoi(argv[2]);
	if (repeat < 1 || repeat > 1000)
		repeat = 5;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	int status = 2;
	double *t = calloc((size_t)repeat, sizeof *t);
	if (!t || arb_rulebook_load(&rb, argv[1], &err) || arb_oracle_new(&o, rb, &err) ||
	    arb_caseset_new(&cs)) {
		status = fail(&err);
		goto done;
	}
	for (int i = 3; i < argc; i++)
		if (arb_caseset_load_file(cs, argv[i], rb, &err)) {
			status = fail(&err);
			goto done;
		}
	size_t n = arb_caseset_count(cs);
	unsigned long consulted = 0, engine = 0, other = 0;
	for (int r = 0; r < repeat; r++) {
		double t0 = now();
		engine_allocs = other_allocs = 0;
		consulted = 0;
		for (size_t i = 0; i < n; i++) {
			const arb_case *c = arb_caseset_at(cs, i);
			arb_verdict *v = NULL;
			counting = 1;
			int rc = arb_judge(&v, o, c->scenario, c->profile, &err);
			counting = 0;
			if (rc) {
				status = fail(&err);
				goto done;
			}
			consulted += v->n_trace;
			arb_verdict_free(v);
		}
		engine = engine_allocs;
		other = other_allocs;
		t[r] = now() - t0;
	}
	qsort(t, (size_t)repeat, sizeof *t, cmp_d);
	printf("judge-lib: %zu cases, %lu predicates consulted, %lu engine allocations, %lu "
	       "predicate allocations, %.6f seconds\n",
	       n, consulted, engine, other, t[repeat / 2]);
	status = 0;
done:
	free(t);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
