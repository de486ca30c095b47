/* geom-coherency.c: coherency of a group of models as properties of the
 * graph whose vertices are the models and whose edges join two models at
 * distance <= limit + ARB_TOLERANCE_IN (arbiter.h, section 2;
 * docs/geometry.md): connected (minimum spanning tree), a single line
 * (Hamiltonian path: a backtracking search within a budget, split at a
 * model that cuts the group in two, or exact subset DP), every pair, at
 * least k others.
 */
#include "geom.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Hamiltonian path: exact subset DP up to this many models ... */
#define HAM_DP_MAX 22
/* ... after a cheap backtracking search of this much work (elementary
 * operations); larger groups get a search with the bigger budget (about a
 * twentieth of a second) and stay undecided if it runs out. */
#define HAM_QUICK_WORK 200000L
#define HAM_FULL_WORK  20000000L
/* Groups up to this many models are measured pair by pair (n^2 distances,
 * held); larger ones through the grid of geom-coherency-index.c. */
#define COH_DENSE_MAX 1024

/* The distance graph of a group: d[i*n+j] is the base distance, and i, j
 * are linked when it is <= thr (limit plus tolerance). */
typedef struct graph {
	const arb_placed *m;
	size_t n;
	double thr;
	const double *d;
	double *own; /* d when graph_init measured it (freed by graph_free) */
	/* A large group (d NULL): its grid and its links within thr, sorted. */
	coh_index *ix;
	coh_edge *e;
	size_t ne;
} graph;

int arb_geom_distances(double **out, const arb_placed *models, size_t n)
{
	*out = NULL;
	if (n > COH_DENSE_MAX)
		return ARB_OK; /* too many to hold every pair: measured as asked */
	if (n && n > SIZE_MAX / sizeof(double) / n)
		return ARB_ENOMEM;
	double *d = malloc((n ? n * n : 1) * sizeof *d);
	if (!d)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		d[i * n + i] = 0;
		for (size_t j = i + 1; j < n; j++)
			d[i * n + j] = d[j * n + i] =
			    arb_geom_distance(&models[i], &models[j], NULL);
	}
	*out = d;
	return ARB_OK;
}

/* The graph of models, its distances given (arb_geom_distances of the same
 * models) or, when given is NULL, measured. */
static int graph_init(graph *g, const arb_placed *models, size_t n, double limit,
                      const double *given)
{
	g->m = models;
	g->n = n;
	g->thr = limit + ARB_TOLERANCE_IN;
	g->d = given;
	g->own = NULL;
	g->ix = NULL;
	g->e = NULL;
	g->ne = 0;
	if (given)
		return ARB_OK;
	if (n > COH_DENSE_MAX) {
		int rc = arb__coh_index_new(&g->ix, models, n, g->thr);
		return rc == ARB_OK ? arb__coh_near_edges(g->ix, g->thr, &g->e, &g->ne) : rc;
	}
	int rc = arb_geom_distances(&g->own, models, n);
	g->d = g->own;
	return rc;
}

static void graph_free(graph *g)
{
	free(g->own);
	arb__coh_index_free(g->ix);
	free(g->e);
}

static double gdist(const graph *g, size_t i, size_t j)
{
	return g->d[i * g->n + j];
}

static bool linked(const graph *g, size_t i, size_t j)
{
	return i != j && gdist(g, i, j) <= g->thr;
}

/* Trivial answer for n <= 1 and the starting state otherwise. */
static void coh_init(arb_coherency *out, const arb_placed *models, size_t n)
{
	memset(out, 0, sizeof *out);
	out->ok = true;
	out->decided = true;
	out->components = n;
	out->worst_a = out->worst_b = -1;
	if (n == 1)
		out->pa = out->pb = models[0].c;
}

static void set_link(arb_coherency *out, const graph *g, size_t a, size_t b)
{
	arb_measure m;
	arb_geom_distance(&g->m[a], &g->m[b], &m);
	out->worst_a = (long)a;
	out->worst_b = (long)b;
	out->pa = m.p;
	out->pb = m.q;
}

/* Prim's minimum spanning tree on the complete graph (O(n^2)). Its longest
 * edge is the bottleneck, and the threshold graph has one component more
 * than the tree has edges longer than thr. Sets components, bottleneck and
 * worst = the longest tree edge. */
static int mst_fill(const graph *g, arb_coherency *out)
{
	if (g->ix) {
		coh_edge longest;
		int rc = arb__coh_mst(g->ix, g->e, g->ne, &out->components, &longest);
		if (rc == ARB_OK) {
			out->bottleneck = longest.d;
			set_link(out, g, longest.a, longest.b);
		}
		return rc;
	}
	size_t n = g->n, cuts = 0, la = 0, lb = 0;
	double longest = -1;
	double *best = malloc(n * sizeof *best);
	size_t *from = malloc(n * sizeof *from);
	bool *in = calloc(n, sizeof *in);
	int rc = ARB_ENOMEM;
	if (!best || !from || !in)
		goto done;
	in[0] = true;
	for (size_t v = 0; v < n; v++) {
		best[v] = gdist(g, 0, v);
		from[v] = 0;
	}
	for (size_t step = 1; step < n; step++) {
		size_t u = n;
		for (size_t v = 0; v < n; v++)
			if (!in[v] && (u == n || best[v] < best[u]))
				u = v;
		in[u] = true;
		if (best[u] > longest) {
			longest = best[u];
			la = from[u];
			lb = u;
		}
		cuts += !(best[u] <= g->thr);
		for (size_t v = 0; v < n; v++)
			if (!in[v] && gdist(g, u, v) < best[v]) {
				best[v] = gdist(g, u, v);
				from[v] = u;
			}
	}
	out->components = cuts + 1;
	out->bottleneck = longest;
	set_link(out, g, la < lb ? la : lb, la < lb ? lb : la);
	rc = ARB_OK;
done:
	free(best);
	free(from);
	free(in);
	return rc;
}

static int coherency_connected(const arb_placed *models, size_t n, const double *d, double limit,
                               arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit, d);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	out->ok = rc == ARB_OK && out->components == 1;
	out->decided = rc == ARB_OK;
	graph_free(&g);
	return rc;
}

/* Exact Hamiltonian-path test by DP over subsets: ends[mask] is the set of
 * vertices at which a path through exactly `mask` can end. */
static int ham_dp(const graph *g, bool *found)
{
	size_t n = g->n, full = ((size_t)1 << n) - 1;
	uint32_t adj[HAM_DP_MAX] = {0};
	uint32_t *ends = calloc(full + 1, sizeof *ends);
	if (!ends)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		ends[(size_t)1 << i] = (uint32_t)1 << i;
		for (size_t j = 0; j < n; j++)
			if (linked(g, i, j))
				adj[i] |= (uint32_t)1 << j;
	}
	for (size_t mask = 1; mask < full; mask++) {
		if (!ends[mask])
			continue;
		for (size_t u = 0; u < n; u++)
			if (!(mask >> u & 1) && (ends[mask] & adj[u]))
				ends[mask | (size_t)1 << u] |= (uint32_t)1 << u;
	}
	*found = ends[full] != 0;
	free(ends);
	return ARB_OK;
}

/* State of the backtracking search. The graph is held as adjacency lists
 * (nbr[off[v] .. off[v+1]) are v's links) with free[v], the links of v to
 * models not yet on the path, kept up to date as the path grows and
 * shrinks. cand[coff[d] ..] lists the moves still to try at depth d, fewest
 * onward links first (Warnsdorff's rule, which finds most paths without
 * backtracking). spent counts elementary operations against the budget, so
 * that the budget bounds time whatever the density of the graph. */
typedef struct ham_state {
	size_t n, live; /* live: models in play (the others are marked used) */
	size_t *off, *nbr, *free, *path, *cand, *coff, *ncand, *next, *key, *queue;
	bool *used, *seen;
	long spent;
} ham_state;

static size_t degree(const ham_state *s, size_t v)
{
	return s->off[v + 1] - s->off[v];
}

static void ham_visit(ham_state *s, size_t v, bool on)
{
	s->used[v] = on;
	for (size_t i = s->off[v]; i < s->off[v + 1]; i++)
		s->free[s->nbr[i]] += on ? (size_t)-1 : 1;
	s->spent += (long)degree(s, v);
}

/* Fill the moves from depth d. A model with no onward link can only be
 * the last one, so before that it is no move. */
static void fill_cand(ham_state *s, size_t d)
{
	size_t u = s->path[d], k = 0, *c = s->cand + s->coff[d];
	for (size_t i = s->off[u]; i < s->off[u + 1]; i++) {
		size_t v = s->nbr[i], on = s->free[v], j = k;
		if (s->used[v] || (on == 0 && d + 2 < s->live))
			continue;
		k++;
		while (j > 0 && s->key[j - 1] > on) { /* insertion sort by on */
			c[j] = c[j - 1];
			s->key[j] = s->key[j - 1];
			j--;
		}
		c[j] = v;
		s->key[j] = on;
	}
	s->spent += (long)(degree(s, u) + k * k / 2);
	s->ncand[d] = k;
	s->coff[d + 1] = s->coff[d] + k;
	s->next[d] = 0;
}

/* Breadth-first search from v through models not on the path (and not
 * `skip`), marking s->seen; returns how many it reached. */
static size_t reach(ham_state *s, size_t v, size_t skip)
{
	size_t head = 0, tail = 0;
	s->queue[tail++] = v;
	s->seen[v] = true;
	while (head < tail) {
		size_t u = s->queue[head++];
		for (size_t i = s->off[u]; i < s->off[u + 1]; i++) {
			size_t w = s->nbr[i];
			if (!s->used[w] && !s->seen[w] && w != skip) {
				s->seen[w] = true;
				s->queue[tail++] = w;
			}
		}
		s->spent += (long)degree(s, u);
	}
	return tail;
}

/* Necessary conditions for the path ending at depth d to be completed.
 * In a completion every remaining model but the last has two links among
 * the remaining models and the current end, so at most one may have fewer;
 * and all remaining models must be reachable from the end through
 * remaining models. */
static bool can_finish(ham_state *s, size_t d)
{
	size_t n = s->n, end = s->path[d], left = s->live - d - 1, weak = 0;
	memset(s->seen, 0, n * sizeof *s->seen);
	for (size_t i = s->off[end]; i < s->off[end + 1]; i++)
		s->seen[s->nbr[i]] = true; /* seen = linked to the end, for now */
	for (size_t w = 0; w < n && left >= 2; w++)
		if (!s->used[w] && s->free[w] + s->seen[w] <= 1 && ++weak > 1)
			return false;
	s->spent += (long)n;
	memset(s->seen, 0, n * sizeof *s->seen);
	return reach(s, end, n) == left + 1;
}

/* Backtracking from start. Returns 1 found, 0 none from this start, -1
 * budget exhausted. */
static int ham_from(ham_state *s, size_t start, long budget)
{
	size_t d = 0;
	s->path[0] = start;
	ham_visit(s, start, true);
	if (!can_finish(s, 0)) {
		ham_visit(s, start, false);
		return 0;
	}
	fill_cand(s, 0);
	for (;;) {
		if (d + 1 == s->live)
			return 1;
		if (s->spent > budget)
			return -1;
		if (s->next[d] < s->ncand[d]) {
			size_t v = s->cand[s->coff[d] + s->next[d]++];
			s->path[++d] = v;
			ham_visit(s, v, true);
			if (can_finish(s, d)) {
				fill_cand(s, d);
			} else {
				ham_visit(s, v, false);
				d--;
			}
		} else {
			ham_visit(s, s->path[d], false);
			if (d == 0)
				return 0;
			d--;
		}
	}
}

static void ham_free(ham_state *s)
{
	free(s->off);
	free(s->nbr);
	free(s->free);
	free(s->path);
	free(s->cand);
	free(s->coff);
	free(s->ncand);
	free(s->next);
	free(s->key);
	free(s->queue);
	free(s->used);
	free(s->seen);
}

/* The adjacency lists of the graph, each in index order: from every pair
 * (a group measured pair by pair) or from its links (a large group). */
static int ham_init(ham_state *s, const graph *g)
{
	size_t n = g->n, e = 0;
	memset(s, 0, sizeof *s);
	s->n = s->live = n;
	s->off = calloc(n + 1, sizeof *s->off);
	if (!s->off)
		return ARB_ENOMEM;
	if (g->ix) {
		for (size_t t = 0; t < g->ne; t++) {
			s->off[g->e[t].a + 1]++;
			s->off[g->e[t].b + 1]++;
		}
	} else {
		for (size_t v = 0; v < n; v++)
			for (size_t w = 0; w < n; w++)
				s->off[v + 1] += linked(g, v, w);
	}
	for (size_t v = 0; v < n; v++)
		s->off[v + 1] += s->off[v];
	e = s->off[n];
	s->nbr = malloc((e ? e : 1) * sizeof *s->nbr);
	size_t nn = n ? n : 1; /* n >= 2 here; said so for the analyser */
	s->free = malloc(nn * sizeof *s->free);
	s->path = malloc(nn * sizeof *s->path);
	s->cand = malloc((e ? e : 1) * sizeof *s->cand);
	s->coff = calloc(nn + 1, sizeof *s->coff);
	s->ncand = malloc(nn * sizeof *s->ncand);
	s->next = malloc(nn * sizeof *s->next);
	s->key = malloc(nn * sizeof *s->key);
	s->queue = malloc(nn * sizeof *s->queue);
	s->used = calloc(nn, sizeof *s->used);
	s->seen = calloc(nn, sizeof *s->seen);
	if (!s->nbr || !s->free || !s->path || !s->cand || !s->coff || !s->ncand || !s->next ||
	    !s->key || !s->queue || !s->used || !s->seen)
		return ARB_ENOMEM;
	if (g->ix) {
		memcpy(s->free, s->off, n * sizeof *s->free); /* fill positions */
		for (size_t t = 0; t < g->ne; t++) {
			s->nbr[s->free[g->e[t].a]++] = g->e[t].b;
			s->nbr[s->free[g->e[t].b]++] = g->e[t].a;
		}
		for (size_t v = 0; v < n; v++)
			qsort(s->nbr + s->off[v], s->off[v + 1] - s->off[v], sizeof *s->nbr,
			      geom_cmp_size);
	} else {
		for (size_t v = 0, k = 0; v < n; v++)
			for (size_t w = 0; w < n; w++)
				if (linked(g, v, w))
					s->nbr[k++] = w;
	}
	return ARB_OK;
}

/* Search within a budget of elementary operations. Returns 1 found, 0
 * proved none, -1 gave up. If some model has one link, a path (reversed
 * if need be) starts there, so that start suffices; otherwise every start
 * is tried. */
static void ham_reset(ham_state *s)
{
	for (size_t v = 0; v < s->n; v++) {
		s->used[v] = false;
		s->free[v] = degree(s, v);
	}
	s->live = s->n;
}

static int ham_dfs(ham_state *s, long budget)
{
	size_t n = s->n, leaf = n;
	int res = 0;
	ham_reset(s);
	for (size_t v = 0; v < n && leaf == n; v++)
		if (degree(s, v) == 1)
			leaf = v;
	s->spent = 0;
	for (size_t st = leaf < n ? leaf : 0; st < n && res == 0; st++) {
		res = ham_from(s, st, budget);
		if (leaf < n)
			break;
	}
	return res;
}

/* A line through all models has at most two ends, and removing one model
 * from it leaves at most two pieces. Checks both, the second (O(n *
 * links)) only if cuts. */
static bool ham_impossible(ham_state *s, bool cuts)
{
	size_t n = s->n, leaves = 0;
	for (size_t v = 0; v < n; v++)
		leaves += degree(s, v) == 1;
	if (leaves > 2 || !cuts)
		return leaves > 2;
	for (size_t x = 0; x < n; x++) {
		size_t pieces = 0;
		memset(s->seen, 0, n * sizeof *s->seen);
		for (size_t v = 0; v < n; v++)
			if (v != x && !s->seen[v] && (reach(s, v, x), ++pieces > 2))
				return true;
	}
	return false;
}

/* A model x whose removal leaves exactly two pieces: every line through
 * all models runs through one piece, x, then the other. Sets in_a[] to the
 * piece of the first model other than x; returns x, or n if there is none. */
static size_t ham_cut(ham_state *s, bool *in_a)
{
	size_t n = s->n;
	for (size_t x = 0; x < n; x++) {
		size_t first = x == 0 ? 1 : 0;
		memset(s->seen, 0, n * sizeof *s->seen);
		if (reach(s, first, x) == n - 1)
			continue;
		memcpy(in_a, s->seen, n * sizeof *in_a);
		return x;
	}
	return n;
}

/* A line through piece `side` (in_a[v] == side) and x starting at x,
 * the other piece left out. Returns 1 found, 0 none, -1 gave up. */
static int ham_half(ham_state *s, size_t x, const bool *in_a, bool side, long budget)
{
	ham_reset(s);
	for (size_t v = 0; v < s->n; v++)
		if (v != x && in_a[v] != side) {
			ham_visit(s, v, true);
			s->live--;
		}
	int res = ham_from(s, x, budget);
	ham_reset(s);
	return res;
}

/* The line split at a cut model x (ham_cut): one line from x through each
 * piece. A piece without one decides; budget is shared by the two. */
static int ham_split(ham_state *s, long budget)
{
	int res = -1;
	bool *in_a = calloc(s->n, sizeof *in_a);
	if (!in_a)
		return -1;
	ham_reset(s);
	size_t x = ham_cut(s, in_a);
	if (x < s->n) {
		s->spent = 0;
		int a = ham_half(s, x, in_a, true, budget);
		int b = a == 0 ? 0 : ham_half(s, x, in_a, false, budget);
		res = a == 0 || b == 0 ? 0 : a == 1 && b == 1 ? 1 : -1;
	}
	free(in_a);
	return res;
}

/* Decide whether the (connected) graph has a Hamiltonian path. */
static int ham_search(const graph *g, arb_coherency *out)
{
	ham_state s;
	int res = -1, rc = ham_init(&s, g);
	/* The tests of every cut model cost n times the links: a large group
	 * goes to the search without them. */
	bool small = g->ix == NULL;
	if (rc == ARB_OK && ham_impossible(&s, small))
		res = 0;
	else if (rc == ARB_OK)
		res = ham_dfs(&s, HAM_QUICK_WORK);
	if (rc == ARB_OK && res == -1)
		res = small ? ham_split(&s, HAM_FULL_WORK) : -1;
	if (rc == ARB_OK && res == -1 && g->n <= HAM_DP_MAX) {
		bool found = false;
		rc = ham_dp(g, &found);
		res = found;
	} else if (rc == ARB_OK && res == -1) {
		res = ham_dfs(&s, HAM_FULL_WORK);
	}
	ham_free(&s);
	out->ok = rc == ARB_OK && res == 1;
	out->decided = rc == ARB_OK && res != -1;
	return rc;
}

/* worst is the longest MST edge here too: a Hamiltonian path has no single
 * deciding link, and that edge is where a gap would open first. */
static int coherency_path(const arb_placed *models, size_t n, const double *d, double limit,
                          arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit, d);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	if (rc == ARB_OK && out->components > 1)
		out->ok = false;
	else if (rc == ARB_OK)
		rc = ham_search(&g, out);
	if (rc != ARB_OK)
		out->ok = out->decided = false;
	graph_free(&g);
	return rc;
}

/* bottleneck here is the largest pairwise distance. */
static int coherency_all_pairs(const arb_placed *models, size_t n, const double *d, double limit,
                               arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit, d);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	if (rc == ARB_OK && g.ix) {
		coh_edge w = {0, 1, -INFINITY};
		if (out->components == 1 && g.ne == n * (n - 1) / 2) {
			for (size_t k = 0; k < g.ne; k++) /* every pair is a link */
				if (g.e[k].d > w.d ||
				    (g.e[k].d == w.d &&
				     (g.e[k].a < w.a || (g.e[k].a == w.a && g.e[k].b < w.b))))
					w = g.e[k];
		} else {
			rc = arb__coh_widest(g.ix, &w);
		}
		out->bottleneck = w.d;
		out->ok = rc == ARB_OK && w.d <= g.thr;
		out->decided = rc == ARB_OK;
		if (rc == ARB_OK)
			set_link(out, &g, w.a, w.b);
	} else if (rc == ARB_OK) {
		size_t a = 0, b = 1;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				if (gdist(&g, i, j) > gdist(&g, a, b)) {
					a = i;
					b = j;
				}
		out->bottleneck = gdist(&g, a, b);
		out->ok = out->bottleneck <= g.thr;
		set_link(out, &g, a, b);
	} else {
		out->ok = out->decided = false;
	}
	graph_free(&g);
	return rc;
}

/* Distance from model i to its k-th nearest other (k >= 1), INFINITY if
 * there are fewer than k others. */
static int kth_nearest(const graph *g, size_t i, size_t k, double *out)
{
	size_t n = g->n, m = 0;
	if (k > n - 1) {
		*out = INFINITY;
		return ARB_OK;
	}
	double *row = malloc((n - 1) * sizeof *row);
	if (!row)
		return ARB_ENOMEM;
	for (size_t j = 0; j < n; j++)
		if (j != i)
			row[m++] = g->d ? gdist(g, i, j) : geom_pair_distance(g->m, i, j);
	qsort(row, m, sizeof *row, geom_cmp_double);
	*out = row[k - 1];
	free(row);
	return ARB_OK;
}

/* worst_a is reported whether or not the group is ok; bottleneck is that
 * model's distance to its k-th nearest other (0 when k == 0). */
int arb_geom_coherency_connected(const arb_placed *models, size_t n, double limit,
                                 arb_coherency *out)
{
	return coherency_connected(models, n, NULL, limit, out);
}

int arb_geom_coherency_path(const arb_placed *models, size_t n, double limit, arb_coherency *out)
{
	return coherency_path(models, n, NULL, limit, out);
}

int arb_geom_coherency_all_pairs(const arb_placed *models, size_t n, double limit,
                                 arb_coherency *out)
{
	return coherency_all_pairs(models, n, NULL, limit, out);
}

int arb_geom_coherency_measured(const arb_placed *models, size_t n, const double *d, arb_chain how,
                                double limit, arb_coherency *out)
{
	switch (how) {
	case ARB_CHAIN_CONNECTED:
		return coherency_connected(models, n, d, limit, out);
	case ARB_CHAIN_LINE:
		return coherency_path(models, n, d, limit, out);
	case ARB_CHAIN_ALL_PAIRS:
		return coherency_all_pairs(models, n, d, limit, out);
	}
	return ARB_EINPUT;
}

int arb_geom_coherency_k_near(const arb_placed *models, size_t n, double limit, size_t k,
                              arb_coherency *out)
{
	graph g;
	if (!out)
		return ARB_EINPUT;
	coh_init(out, models, n);
	if (n < 2)
		return ARB_OK;
	int rc = graph_init(&g, models, n, limit, NULL);
	if (rc == ARB_OK)
		rc = mst_fill(&g, out);
	if (rc == ARB_OK) {
		size_t worst = 0, fewest = SIZE_MAX, *deg = NULL;
		if (g.ix && !(deg = calloc(n, sizeof *deg)))
			rc = ARB_ENOMEM;
		for (size_t t = 0; deg && t < g.ne; t++) {
			deg[g.e[t].a]++;
			deg[g.e[t].b]++;
		}
		for (size_t i = 0; i < n && rc == ARB_OK; i++) {
			size_t c = 0;
			if (deg)
				c = deg[i];
			else
				for (size_t j = 0; j < n; j++)
					c += linked(&g, i, j);
			if (c < fewest) {
				fewest = c;
				worst = i;
			}
		}
		out->ok = fewest >= k;
		out->worst_a = (long)worst;
		out->worst_b = -1;
		out->pa = out->pb = models[worst].c;
		out->bottleneck = 0;
		if (k > 0 && rc == ARB_OK)
			rc = kth_nearest(&g, worst, k, &out->bottleneck);
		free(deg);
	}
	if (rc != ARB_OK)
		out->ok = out->decided = false;
	graph_free(&g);
	return rc;
}
