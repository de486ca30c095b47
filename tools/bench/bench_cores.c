/*
 * bench_cores.c: how much parallel speed the machine gives right now, so
 * that `make bench`'s `run --jobs 2 / --jobs 1` can be read: the same fixed
 * work (a loop of arithmetic, no memory traffic) done by one thread, then
 * split between two, and the ratio of the times. 2.00x is two free cores;
 * on a machine shared with other work it is less, and so is what --jobs can
 * show.
 * Usage: bench_cores REPEAT   prints "cores: 1 thread S1 s, 2 threads S2 s"
 * (medians of REPEAT).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define WORK 200000000L

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs *(long *)arg steps of the loop; the result is stored (volatile:
 * nothing reads it, and -O3 would drop the loop with the store). The same
 * code on every thread: never inlined into run(). */
__attribute__((noinline)) static void *spin(void *arg)
{
	long n = *(long *)arg;
	double x = 0;
	for (long i = 0; i < n; i++)
		x = x * 0.999999 + (double)(i & 7);
	*(volatile long *)arg = (long)x;
	return NULL;
}

static double run(int threads)
{
	pthread_t t[2];
	long work[2] = {WORK / threads, WORK / threads};
	double t0 = now();
	int started = 0;
	for (int i = 1; i < threads; i++)
		started += pthread_create(&t[i], NULL, spin, &work[i]) == 0;
	spin(&work[0]);
	for (int i = 1; i <= started; i++)
		pthread_join(t[i], NULL);
	/* A thread that would not start: its share done here, late. */
	if (started + 1 < threads)
		spin(&work[1]);
	return now() - t0;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 3;
	if (repeat < 1 || repeat > 100)
		repeat = 3;
	double *t1 = calloc((size_t)repeat, sizeof *t1), *t2 = calloc((size_t)repeat, sizeof *t2);
	if (!t1 || !t2)
		return 2;
	for (int r = 0; r < repeat; r++) {
		t1[r] = run(1);
		t2[r] = run(2);
	}
	qsort(t1, (size_t)repeat, sizeof *t1, cmp_d);
	qsort(t2, (size_t)repeat, sizeof *t2, cmp_d);
	printf("cores: 1 thread %.6f s, 2 threads %.6f s\n", t1[repeat / 2], t2[repeat / 2]);
	free(t1);
	free(t2);
	return 0;
}
