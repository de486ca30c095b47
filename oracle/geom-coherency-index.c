/* geom-coherency-index.c: coherency of a large group without measuring
 * every pair (geom-coherency.c uses it past COH_DENSE_MAX models). A grid
 * of cells holds each model in every cell its bounding box meets, so that
 * the links within a threshold are found among neighbouring cells, the
 * minimum spanning tree comes from those links (Kruskal) and, across the
 * gaps wider than the threshold, from nearest-other-piece searches ring by
 * ring (Boruvka), and the widest pair is searched from the models that can
 * be furthest from some other (by the hull of the centres). Time grows with
 * the number of pairs within reach, which bases that do not overlap keep
 * proportional to the number of models. docs/geometry.md, "Coherency".
 */
#include "geom.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Cells per model at most, and cell memberships per model at most (a cell
 * is made larger until both hold). */
#define CELLS_PER_MODEL 4
#define SLOTS_PER_MODEL 32

struct coh_index {
	const arb_placed *m;
	size_t n;
	bbox *box;        /* of each model */
	double x0, y0, s; /* the grid's corner and cell size */
	size_t nx, ny;    /* cells across and down */
	size_t *start;    /* cell c holds item[start[c] .. start[c+1]) */
	size_t *item;     /* model indices */
	size_t *stamp;    /* per model, for one query: seen when == tick */
	size_t tick;
};

/* The cells of box b grown by g: [*ax, *bx] x [*ay, *by]. */
static void cells_of(const coh_index *ix, bbox b, double g, size_t *ax, size_t *bx, size_t *ay,
                     size_t *by)
{
	*ax = geom_cell(b.x0 - g, ix->x0, ix->s, ix->nx);
	*bx = geom_cell(b.x1 + g, ix->x0, ix->s, ix->nx);
	*ay = geom_cell(b.y0 - g, ix->y0, ix->s, ix->ny);
	*by = geom_cell(b.y1 + g, ix->y0, ix->s, ix->ny);
}

void arb__coh_index_free(coh_index *ix)
{
	if (!ix)
		return;
	free(ix->box);
	free(ix->start);
	free(ix->item);
	free(ix->stamp);
	free(ix);
}

/* Lays the grid out for cell size s; 0, or -1 when it would take more
 * cells or memberships than the bounds allow. */
static int lay_out(coh_index *ix, double s, double x1, double y1)
{
	size_t n = ix->n;
	double fx = floor((x1 - ix->x0) / s) + 1, fy = floor((y1 - ix->y0) / s) + 1;
	if (!(fx * fy <= (double)(CELLS_PER_MODEL * n + 16)))
		return -1;
	ix->s = s;
	ix->nx = (size_t)fx;
	ix->ny = (size_t)fy;
	double slots = 0;
	for (size_t i = 0; i < n; i++) {
		size_t ax, bx, ay, by;
		cells_of(ix, ix->box[i], 0, &ax, &bx, &ay, &by);
		slots += (double)(bx - ax + 1) * (double)(by - ay + 1);
	}
	return slots <= (double)SLOTS_PER_MODEL * (double)n ? 0 : -1;
}

int arb__coh_index_new(coh_index **out, const arb_placed *m, size_t n, double thr)
{
	*out = NULL;
	coh_index *ix = calloc(1, sizeof *ix);
	if (!ix)
		return ARB_ENOMEM;
	ix->m = m;
	ix->n = n;
	ix->box = malloc((n ? n : 1) * sizeof *ix->box);
	ix->stamp = calloc(n ? n : 1, sizeof *ix->stamp);
	double *size = malloc((n ? n : 1) * sizeof *size);
	if (!ix->box || !ix->stamp || !size) {
		free(size);
		arb__coh_index_free(ix);
		return ARB_ENOMEM;
	}
	double x1 = -INFINITY, y1 = -INFINITY;
	ix->x0 = ix->y0 = INFINITY;
	for (size_t i = 0; i < n; i++) {
		arb_vec2 h = arb_geom_half_extent(&m[i]);
		bbox b = {m[i].c.x - h.x, m[i].c.y - h.y, m[i].c.x + h.x, m[i].c.y + h.y};
		ix->box[i] = b;
		ix->x0 = mind(ix->x0, b.x0);
		ix->y0 = mind(ix->y0, b.y0);
		x1 = maxd(x1, b.x1);
		y1 = maxd(y1, b.y1);
		size[i] = 2 * maxd(h.x, h.y);
	}
	/* A cell about a typical base and the threshold across, made larger
	 * until the grid is small enough for the group. */
	qsort(size, n, sizeof *size, geom_cmp_double);
	double s = size[n / 2] + (thr > 0 ? thr : 0);
	free(size);
	double span = maxd(x1 - ix->x0, y1 - ix->y0);
	if (!(s > geom_eps(span)))
		s = maxd(geom_eps(span), span / (double)(n + 1));
	while (lay_out(ix, s, x1, y1) != 0)
		s *= 2;
	size_t cells = ix->nx * ix->ny;
	ix->start = calloc(cells + 1, sizeof *ix->start);
	if (!ix->start) {
		arb__coh_index_free(ix);
		return ARB_ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		size_t ax, bx, ay, by;
		cells_of(ix, ix->box[i], 0, &ax, &bx, &ay, &by);
		for (size_t y = ay; y <= by; y++)
			for (size_t x = ax; x <= bx; x++)
				ix->start[y * ix->nx + x + 1]++;
	}
	for (size_t c = 0; c < cells; c++)
		ix->start[c + 1] += ix->start[c];
	ix->item = malloc((ix->start[cells] ? ix->start[cells] : 1) * sizeof *ix->item);
	size_t *fill = calloc(cells + 1, sizeof *fill);
	if (!ix->item || !fill) {
		free(fill);
		arb__coh_index_free(ix);
		return ARB_ENOMEM;
	}
	memcpy(fill, ix->start, cells * sizeof *fill);
	for (size_t i = 0; i < n; i++) {
		size_t ax, bx, ay, by;
		cells_of(ix, ix->box[i], 0, &ax, &bx, &ay, &by);
		for (size_t y = ay; y <= by; y++)
			for (size_t x = ax; x <= bx; x++)
				ix->item[fill[y * ix->nx + x]++] = i;
	}
	free(fill);
	*out = ix;
	return ARB_OK;
}

/* Whether link (d, a, b) comes before (e, c, f): shorter, then by index. */
static bool before(double d, size_t a, size_t b, double e, size_t c, size_t f)
{
	if (d != e)
		return d < e;
	return a != c ? a < c : b < f;
}

static int cmp_edge(const void *x, const void *y)
{
	const coh_edge *a = x, *b = y;
	if (before(a->d, a->a, a->b, b->d, b->a, b->b))
		return -1;
	return before(b->d, b->a, b->b, a->d, a->a, a->b) ? 1 : 0;
}

int arb__coh_near_edges(coh_index *ix, double thr, coh_edge **edges, size_t *n_edges)
{
	size_t cap = 64, k = 0;
	coh_edge *e = malloc(cap * sizeof *e);
	if (!e)
		return ARB_ENOMEM;
	for (size_t i = 0; i < ix->n; i++) {
		size_t ax, bx, ay, by;
		cells_of(ix, ix->box[i], thr, &ax, &bx, &ay, &by);
		ix->tick++;
		for (size_t y = ay; y <= by; y++)
			for (size_t x = ax; x <= bx; x++) {
				size_t c = y * ix->nx + x;
				for (size_t t = ix->start[c]; t < ix->start[c + 1]; t++) {
					size_t j = ix->item[t];
					if (j <= i || ix->stamp[j] == ix->tick)
						continue;
					ix->stamp[j] = ix->tick;
					if (box_gap(ix->box[i], ix->box[j]) > thr)
						continue;
					double d = geom_pair_distance(ix->m, i, j);
					if (!(d <= thr))
						continue;
					if (k == cap) {
						coh_edge *ne = realloc(e, 2 * cap * sizeof *e);
						if (!ne) {
							free(e);
							return ARB_ENOMEM;
						}
						e = ne;
						cap *= 2;
					}
					e[k++] = (coh_edge){i, j, d};
				}
			}
	}
	qsort(e, k, sizeof *e, cmp_edge);
	*edges = e;
	*n_edges = k;
	return ARB_OK;
}

/* ---- union-find ---- */

static size_t uf_find(size_t *p, size_t x)
{
	while (p[x] != x) {
		p[x] = p[p[x]];
		x = p[x];
	}
	return x;
}

static bool uf_join(size_t *p, size_t a, size_t b)
{
	a = uf_find(p, a);
	b = uf_find(p, b);
	if (a == b)
		return false;
	if (a < b)
		p[b] = a;
	else
		p[a] = b;
	return true;
}

/* The models of cell c for nearest_other. */
static void ring_cell(coh_index *ix, size_t *p, size_t i, size_t own, size_t c, coh_edge *best)
{
	for (size_t t = ix->start[c]; t < ix->start[c + 1]; t++) {
		size_t j = ix->item[t];
		if (ix->stamp[j] == ix->tick)
			continue;
		ix->stamp[j] = ix->tick;
		if (uf_find(p, j) == own || box_gap(ix->box[i], ix->box[j]) > best->d)
			continue;
		double d = geom_pair_distance(ix->m, i, j);
		size_t a = i < j ? i : j, b = i < j ? j : i;
		if (before(d, a, b, best->d, best->a, best->b))
			*best = (coh_edge){a, b, d};
	}
}

/* The nearest model to i outside piece `own` (root of i's piece in p)
 * that comes before *best (d, a, b); cells ring by ring around i's box,
 * until the ring is further than *best. */
static void nearest_other(coh_index *ix, size_t *p, size_t i, size_t own, coh_edge *best)
{
	size_t ax, bx, ay, by;
	cells_of(ix, ix->box[i], 0, &ax, &bx, &ay, &by);
	ix->tick++;
	size_t rmax = ix->nx > ix->ny ? ix->nx : ix->ny;
	for (size_t r = 0; r <= rmax; r++) {
		/* Models in no cell of rings 0 .. r-1 are at least r-1 cells
		 * from i's box. */
		if (r >= 1 && (double)(r - 1) * ix->s > best->d)
			return;
		long x0 = (long)ax - (long)r, x1 = (long)bx + (long)r;
		long y0 = (long)ay - (long)r, y1 = (long)by + (long)r;
		for (long y = y0 < 0 ? 0 : y0; y <= y1 && y < (long)ix->ny; y++) {
			size_t row = (size_t)y * ix->nx;
			if (y == y0 || y == y1) { /* the ring's top and bottom: whole */
				long from = x0 < 0 ? 0 : x0;
				long to = x1 < (long)ix->nx ? x1 : (long)ix->nx - 1;
				for (long x = from; x <= to; x++)
					ring_cell(ix, p, i, own, row + (size_t)x, best);
				continue;
			}
			if (x0 >= 0)
				ring_cell(ix, p, i, own, row + (size_t)x0, best);
			if (x1 < (long)ix->nx && x1 != x0)
				ring_cell(ix, p, i, own, row + (size_t)x1, best);
		}
	}
}

int arb__coh_mst(coh_index *ix, const coh_edge *e, size_t ne, size_t *components, coh_edge *longest)
{
	size_t n = ix->n, pieces = n;
	size_t *p = malloc(n * sizeof *p);
	coh_edge *best = malloc(n * sizeof *best);
	if (!p || !best) {
		free(p);
		free(best);
		return ARB_ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		p[i] = i;
	*longest = (coh_edge){0, n > 1 ? 1 : 0, -1};
	/* Kruskal over the links within the threshold. */
	for (size_t k = 0; k < ne; k++)
		if (uf_join(p, e[k].a, e[k].b)) {
			pieces--;
			if (!before(e[k].d, e[k].a, e[k].b, longest->d, longest->a, longest->b))
				*longest = e[k];
		}
	*components = pieces;
	/* Boruvka across the wider gaps: each piece joins its nearest other. */
	while (pieces > 1) {
		for (size_t i = 0; i < n; i++)
			best[i] = (coh_edge){SIZE_MAX, SIZE_MAX, INFINITY};
		for (size_t i = 0; i < n; i++) {
			size_t own = uf_find(p, i);
			nearest_other(ix, p, i, own, &best[own]);
		}
		for (size_t i = 0; i < n; i++) {
			if (uf_find(p, i) != i || best[i].a == SIZE_MAX)
				continue;
			coh_edge b = best[i];
			if (uf_join(p, b.a, b.b)) {
				pieces--;
				if (!before(b.d, b.a, b.b, longest->d, longest->a, longest->b))
					*longest = b;
			}
		}
	}
	free(p);
	free(best);
	return ARB_OK;
}

/* ---- the widest pair ---- */

static double cross3(arb_vec2 o, arb_vec2 a, arb_vec2 b)
{
	return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static int cmp_point(const void *x, const void *y)
{
	const arb_vec2 *a = x, *b = y;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return (a->y > b->y) - (a->y < b->y);
}

typedef struct reach {
	double u; /* no model is further from this one's centre */
	size_t i;
} reach;

static int cmp_reach(const void *x, const void *y)
{
	const reach *a = x, *b = y;
	if (a->u != b->u)
		return a->u > b->u ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

int arb__coh_widest(const coh_index *ix, coh_edge *widest)
{
	size_t n = ix->n, h = 0;
	arb_vec2 *pt = malloc(n * sizeof *pt), *hull = malloc(2 * n * sizeof *hull);
	reach *r = malloc(n * sizeof *r);
	if (!pt || !hull || !r) {
		free(pt);
		free(hull);
		free(r);
		return ARB_ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		pt[i] = ix->m[i].c;
	qsort(pt, n, sizeof *pt, cmp_point);
	/* Andrew's monotone chain: the hull of the centres. */
	for (size_t i = 0; i < n; i++) {
		while (h >= 2 && cross3(hull[h - 2], hull[h - 1], pt[i]) <= 0)
			h--;
		hull[h++] = pt[i];
	}
	for (size_t i = n - 1, lo = h + 1; i-- > 0;) {
		while (h >= lo && cross3(hull[h - 2], hull[h - 1], pt[i]) <= 0)
			h--;
		hull[h++] = pt[i];
	}
	if (h > 1)
		h--; /* the first point again */
	/* A base's closest point to another is no further than its centre is
	 * from the other's (each base holds its centre), and the centre
	 * furthest from a point is a corner of the hull. */
	for (size_t i = 0; i < n; i++) {
		double u = 0;
		for (size_t k = 0; k < h; k++)
			u = maxd(u, hypot(hull[k].x - ix->m[i].c.x, hull[k].y - ix->m[i].c.y));
		r[i] = (reach){u, i};
	}
	qsort(r, n, sizeof *r, cmp_reach);
	coh_edge w = {0, 1, -INFINITY};
	for (size_t k = 0; k < n && !(r[k].u < w.d); k++) {
		size_t i = r[k].i;
		for (size_t j = 0; j < n; j++) {
			if (j == i)
				continue;
			double c = hypot(ix->m[j].c.x - ix->m[i].c.x, ix->m[j].c.y - ix->m[i].c.y);
			if (c < w.d)
				continue;
			double d = geom_pair_distance(ix->m, i, j);
			size_t a = i < j ? i : j, b = i < j ? j : i;
			/* the widest; of equal ones, the first pair (as the dense scan) */
			if (d > w.d || (d == w.d && (a < w.a || (a == w.a && b < w.b))))
				w = (coh_edge){a, b, d};
		}
	}
	*widest = w;
	free(pt);
	free(hull);
	free(r);
	return ARB_OK;
}
