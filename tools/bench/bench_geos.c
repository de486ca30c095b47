/*
 * bench_geos.c: the swept-base distance of the geometry kernel
 * (arb_geom_swept_distance) against GEOS on prepared geometry, on the same
 * inputs: round bases of 25 to 60 mm, paths of 1 to 4 segments, 2 to 6
 * other bases (one in four a rect), on a 72 x 48 in table, from a fixed seed.
 *
 * GEOS gets the most favourable terms: every geometry (each path as a
 * LineString, each other base as a point or a polygon) is built and
 * prepared (GEOSPrepare_r) before the clock starts, and the timed work is
 * only GEOSPreparedDistance_r per other base, less the radii (GEOS has no
 * circles: a round base is its centre and its radius). The kernel is timed
 * from the raw points. Both answers are compared (1e-9 in) before timing.
 *
 * Usage: bench_geos [REPEAT]   prints one line: the medians over REPEAT
 * runs (default 7) and `swept distance / GEOS prepared N.Nx` (speed: higher
 * means the kernel is faster). Exit 1 if the two disagree.
 */
#include <geos_c.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "arbiter.h"

#define QUERIES    2000
#define MAX_PTS    5
#define MAX_OTHERS 6

typedef struct query {
	arb_placed mover;
	arb_vec2 pts[MAX_PTS];
	size_t n;
	arb_placed others[MAX_OTHERS];
	size_t n_others;
	GEOSGeometry *path;              /* the centre's polyline */
	GEOSGeometry *shape[MAX_OTHERS]; /* each other's centre or polygon */
	const GEOSPreparedGeometry *prep[MAX_OTHERS];
	double radius[MAX_OTHERS]; /* each other's radius (0 for a rect) */
} query;

static uint64_t seed = 88172645463325252ULL;

static double rnd(double lo, double hi)
{
	seed ^= seed << 13; /* xorshift64 */
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return lo + (hi - lo) * (double)(seed >> 11) / 9007199254740992.0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static GEOSGeometry *polygon_of(GEOSContextHandle_t h, const arb_placed *a)
{
	double t = a->facing_deg * 3.14159265358979323846 / 180;
	double hd = a->base.depth_mm / 2 / ARB_MM_PER_INCH, hw = a->base.w_mm / 2 / ARB_MM_PER_INCH;
	double lx[5] = {hd, hd, -hd, -hd, hd}, ly[5] = {-hw, hw, hw, -hw, -hw}, buf[10];
	for (int i = 0; i < 5; i++) {
		buf[2 * i] = a->c.x + lx[i] * cos(t) - ly[i] * sin(t);
		buf[2 * i + 1] = a->c.y + lx[i] * sin(t) + ly[i] * cos(t);
	}
	GEOSCoordSequence *s = GEOSCoordSeq_copyFromBuffer_r(h, buf, 5, 0, 0);
	GEOSGeometry *ring = s ? GEOSGeom_createLinearRing_r(h, s) : NULL;
	return ring ? GEOSGeom_createPolygon_r(h, ring, NULL, 0) : NULL;
}

static int make_query(GEOSContextHandle_t h, query *q)
{
	q->n = 2 + (size_t)rnd(0, 4); /* 1 to 4 segments */
	q->pts[0] = (arb_vec2){rnd(6, 66), rnd(6, 42)};
	for (size_t i = 1; i < q->n; i++)
		q->pts[i] = (arb_vec2){q->pts[i - 1].x + rnd(-4, 4), q->pts[i - 1].y + rnd(-4, 4)};
	q->mover =
	    (arb_placed){.c = q->pts[0], .base = {.shape = ARB_BASE_ROUND, .d_mm = rnd(25, 60)}};
	q->n_others = 2 + (size_t)rnd(0, 5);
	for (size_t j = 0; j < q->n_others; j++) {
		arb_placed *o = &q->others[j];
		arb_vec2 c = {q->pts[0].x + rnd(-8, 8), q->pts[0].y + rnd(-8, 8)};
		if (rnd(0, 1) < 0.25)
			*o = (arb_placed){.c = c,
			                  .facing_deg = rnd(0, 360),
			                  .base = {.shape = ARB_BASE_RECT,
			                           .w_mm = rnd(25, 50),
			                           .depth_mm = rnd(25, 100)}};
		else
			*o = (arb_placed){.c = c,
			                  .base = {.shape = ARB_BASE_ROUND, .d_mm = rnd(25, 60)}};
		q->radius[j] =
		    o->base.shape == ARB_BASE_RECT ? 0 : o->base.d_mm / 2 / ARB_MM_PER_INCH;
		q->shape[j] = o->base.shape == ARB_BASE_RECT
		                  ? polygon_of(h, o)
		                  : GEOSGeom_createPointFromXY_r(h, o->c.x, o->c.y);
		if (!q->shape[j] || !(q->prep[j] = GEOSPrepare_r(h, q->shape[j])))
			return -1;
	}
	GEOSCoordSequence *s = GEOSCoordSeq_copyFromBuffer_r(h, &q->pts[0].x, (unsigned)q->n, 0, 0);
	q->path = s ? GEOSGeom_createLineString_r(h, s) : NULL;
	return q->path ? 0 : -1;
}

static double geos_swept(GEOSContextHandle_t h, const query *q)
{
	double best = INFINITY, rm = q->mover.base.d_mm / 2 / ARB_MM_PER_INCH;
	for (size_t j = 0; j < q->n_others; j++) {
		double d;
		if (GEOSPreparedDistance_r(h, q->prep[j], q->path, &d) != 1)
			return NAN;
		best = fmin(best, fmax(0, d - q->radius[j] - rm));
	}
	return best;
}

static double kernel_swept(const query *q)
{
	return arb_geom_swept_distance(&q->mover, q->pts, q->n, q->others, q->n_others, NULL);
}

int main(int argc, char **argv)
{
	int repeat = argc > 1 ? atoi(argv[1]) : 7;
	if (repeat < 1)
		repeat = 1;
	GEOSContextHandle_t h = GEOS_init_r();
	query *qs = calloc(QUERIES, sizeof *qs);
	double *tk = calloc((size_t)repeat, sizeof *tk), *tg = calloc((size_t)repeat, sizeof *tg);
	int rc = 1;
	if (!h || !qs || !tk || !tg) {
		fprintf(stderr, "bench_geos: out of memory\n");
		goto done;
	}
	for (size_t i = 0; i < QUERIES; i++)
		if (make_query(h, &qs[i])) {
			fprintf(stderr, "bench_geos: GEOS could not build query %zu\n", i);
			goto done;
		}
	for (size_t i = 0; i < QUERIES; i++) {
		double k = kernel_swept(&qs[i]), g = geos_swept(h, &qs[i]);
		if (!(fabs(k - g) <= 1e-9)) {
			fprintf(stderr, "bench_geos: query %zu: kernel %.17g, GEOS %.17g\n", i, k,
			        g);
			goto done;
		}
	}
	/* Each run repeats the queries until the kernel's part lasts at least
	 * 50 ms; the two alternate, so that both see the same machine load. */
	volatile double sink = 0;
	long loops = 1;
	for (;;) {
		double t0 = now();
		for (long l = 0; l < loops; l++)
			for (size_t i = 0; i < QUERIES; i++)
				sink += kernel_swept(&qs[i]);
		if (now() - t0 >= 0.05 || loops > (1L << 20))
			break;
		loops *= 2;
	}
	for (int r = 0; r < repeat; r++) {
		double t0 = now();
		for (long l = 0; l < loops; l++)
			for (size_t i = 0; i < QUERIES; i++)
				sink += kernel_swept(&qs[i]);
		double t1 = now();
		for (long l = 0; l < loops; l++)
			for (size_t i = 0; i < QUERIES; i++)
				sink += geos_swept(h, &qs[i]);
		double t2 = now();
		tk[r] = (t1 - t0) / (double)(loops * QUERIES);
		tg[r] = (t2 - t1) / (double)(loops * QUERIES);
	}
	qsort(tk, (size_t)repeat, sizeof *tk, cmp_double);
	qsort(tg, (size_t)repeat, sizeof *tg, cmp_double);
	double mk = tk[(repeat - 1) / 2], mg = tg[(repeat - 1) / 2];
	printf("  swept distance kernel %9.1f ns   GEOS prepared %9.1f ns per path (%d paths, "
	       "medians of %d)   swept distance / GEOS prepared %.1fx\n",
	       mk * 1e9, mg * 1e9, QUERIES, repeat, mg / mk);
	rc = 0;
done:
	if (qs)
		for (size_t i = 0; i < QUERIES; i++) {
			for (size_t j = 0; j < qs[i].n_others; j++) {
				if (qs[i].prep[j])
					GEOSPreparedGeom_destroy_r(h, qs[i].prep[j]);
				if (qs[i].shape[j])
					GEOSGeom_destroy_r(h, qs[i].shape[j]);
			}
			if (qs[i].path)
				GEOSGeom_destroy_r(h, qs[i].path);
		}
	free(qs);
	free(tk);
	free(tg);
	if (h)
		GEOS_finish_r(h);
	return rc;
}
