/*
 * bench_csvfloor.c: the floor for `make bench`: the time to read and merely
 * parse the case tables with libcsv (no scenarios, no judging).
 * Usage: bench_csvfloor REPEAT FILE...   prints "floor: F files, R records, S seconds"
 * (the median of REPEAT passes over all files).
 */
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void on_field(void *s, size_t len, void *ctx)
{
	(void)s;
	(void)len;
	(void)ctx;
}

static void on_record(int c, void *ctx)
{
	(void)c;
	(*(long *)ctx)++;
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

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: bench_csvfloor REPEAT FILE...\n");
		return 2;
	}
	int repeat = atoi(argv[1]);
	if (repeat < 1 || repeat > 1000)
		repeat = 5;
	double *t = calloc((size_t)repeat, sizeof *t);
	long records = 0;
	char *buf = malloc(1 << 20);
	if (!t || !buf)
		return 2;
	for (int r = 0; r < repeat; r++) {
		double t0 = now();
		records = 0;
		for (int i = 2; i < argc; i++) {
			FILE *f = fopen(argv[i], "rb");
			if (!f) {
				perror(argv[i]);
				return 2;
			}
			struct csv_parser p;
			if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
				return 2;
			size_t n;
			while ((n = fread(buf, 1, 1 << 20, f)) > 0)
				if (csv_parse(&p, buf, n, on_field, on_record, &records) != n) {
					fprintf(stderr, "%s: %s\n", argv[i],
					        csv_strerror(csv_error(&p)));
					return 2;
				}
			csv_fini(&p, on_field, on_record, &records);
			csv_free(&p);
			fclose(f);
		}
		t[r] = now() - t0;
	}
	qsort(t, (size_t)repeat, sizeof *t, cmp_d);
	printf("floor: %d files, %ld records, %.6f seconds\n", argc - 2, records, t[repeat / 2]);
	free(t);
	free(buf);
	return 0;
}
