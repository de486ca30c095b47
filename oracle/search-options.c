/*
 * search-options.c: the kind *no legal action* of the dispute search
 * (docs/conflicts.md): what may the acting unit do here, on this board?
 *
 * Asked at the decision points of the actions ruleset.md names `idle:`
 * (the action a unit that does nothing is judged under: a zero pivot is
 * still a pivot). The options of a unit are the moves the search makes, on
 * the board of the scenario at hand: staying (every path of length 0: "cannot move"
 * clauses count a model whose path is shorter than the tolerance as not
 * moving), every straight move of each length of the text (under, at and
 * over, as the move dimension has them) in each of eight directions,
 * for an action the ruleset lets turn, each turn of the search, and the
 * move at each enemy model, to its nearest point the unit reaches (as far
 * as the gap between the bases, or the longest length of the text). A finding
 * needs three things:
 *
 *   1. the scenario is illegal, and so is staying;
 *   2. every option is illegal (none legal, disputed, missing an input
 *      or not applicable);
 *   3. a clause staying violates is kept by some option: the text compels
 *      the unit to act (a clause that no option keeps either is a fault of
 *      the position, not a demand to move, and is not a finding).
 *
 * Its key names the compelling clauses (3); the evidence adds the clauses
 * that forbid every option keeping all of them (none when no option keeps
 * them all at once).
 * Only the search's options are tried: a finding says that none of them
 * is legal, which a move the search does not make might be. To keep the
 * search fast, the options are judged only on the board of a scenario that
 * stays (its move 0, no turn), and the longer moves only where one of the
 * shortest keeps a clause staying violates.
 */
#include "search-internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_DIRS 8
#define MAX_CL 32

/* A set of clause IDs (pointers into the oracle's predicates). */
typedef struct clset {
	const char *v[MAX_CL];
	size_t n;
} clset;

static bool cl_has(const clset *c, const char *id)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i], id) == 0)
			return true;
	return false;
}

static void cl_add(clset *c, const char *id)
{
	if (!cl_has(c, id) && c->n < MAX_CL)
		c->v[c->n++] = id;
}

static bool violates(const arb_verdict *v, const char *id)
{
	for (size_t i = 0; i < v->n_violates; i++)
		if (strcmp(v->violates[i], id) == 0)
			return true;
	return false;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The j-th move at the other side's models on sc's board: the first model
 * straight at an enemy model's centre, as far as the gap between their
 * bases (base contact for round bases; never into the base), or the
 * longest length of the text if that is shorter: the nearest point of it
 * the unit reaches. false past the last. */
static bool toward(const sr_point *p, const arb_scenario *sc, size_t j, double *len, double *dir)
{
	const arb_unit *a = &sc->units[0];
	if (!a->n_models)
		return false;
	const arb_model *m0 = &a->models[0];
	arb_placed from = arb_model_placed(m0);
	double longest = 0; /* the greatest (they are sorted: search.c; not assumed here) */
	for (size_t i = 0; i < p->rs->n_moves; i++)
		longest = p->rs->moves[i] > longest ? p->rs->moves[i] : longest;
	for (size_t u = 1; u < sc->n_units; u++) {
		const arb_unit *e = &sc->units[u];
		if (!e->side || !a->side || strcmp(e->side, a->side) == 0)
			continue;
		for (size_t k = 0; k < e->n_models; k++, j--) {
			if (j)
				continue;
			arb_placed to = arb_model_placed(&e->models[k]);
			double gap = arb_geom_distance(&from, &to, NULL);
			double dx = e->models[k].pos.x - m0->pos.x,
			       dy = e->models[k].pos.y - m0->pos.y;
			/* in contact already, or on its centre: no move at it */
			*len = gap < longest ? gap : longest;
			*dir = (dx != 0 || dy != 0) ? atan2(dy, dx) * 180 / SEARCH_PI : 0;
			if (*len <= 0 || (dx == 0 && dy == 0))
				*len = 0;
			return true;
		}
	}
	return false;
}

/* The i-th option of point p on sc's board: *len, *dir, *turn; false past
 * the last. Option 0 is staying; a move at an enemy already in contact is
 * staying again (len 0), judged as an option like any other. */
static bool option(const sr_point *p, const arb_scenario *sc, size_t i, double *len, double *dir,
                   double *turn)
{
	const sr_ruleset *r = p->rs;
	*len = 0;
	*dir = 0;
	*turn = 0;
	if (i == 0)
		return true;
	i--;
	size_t moves = r->n_moves - 1; /* the first is 0: staying */
	if (i < moves * N_DIRS) {
		*len = r->moves[1 + i / N_DIRS];
		*dir = (double)(i % N_DIRS) * (360.0 / N_DIRS);
		return true;
	}
	i -= moves * N_DIRS;
	if (p->turns && i + 1 < r->n_turns) {
		*turn = r->turns[i + 1]; /* the first is 0 */
		return true;
	}
	if (p->turns && r->n_turns)
		i -= r->n_turns - 1;
	return toward(p, sc, i, len, dir);
}

/* Judges option i of point p on sc's board into *out. */
static int judge_option(arb_verdict **out, const arb_search *s, const sr_point *p, arb_scenario *sc,
                        size_t i, unsigned long long *evals, arb_error *err)
{
	double len, dir, turn;
	*out = NULL;
	option(p, sc, i, &len, &dir, &turn);
	if (arb__search_paths(sc, p, len, dir, turn) || arb_scenario_index(sc)) {
		arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		return ARB_ENOMEM;
	}
	int rc = arb_judge_ex(out, s->o, sc, s->opt.profile, ARB_JUDGE_TERSE, err);
	if (rc == ARB_OK && !*out) {
		arb_error_set(err, ARB_EINTERNAL, NULL, 0, 0, NULL, "no verdict");
		return ARB_EINTERNAL;
	}
	if (rc == ARB_OK)
		*evals += (*out)->n_trace;
	return rc;
}

int arb__search_no_action(bool *found, char *key, size_t n, char *why, size_t wn,
                          const arb_search *s, size_t point, arb_scenario *sc, const arb_verdict *v,
                          unsigned long long *evals, arb_error *err)
{
	const sr_point *p = &s->points[point];
	*found = false;
	if (n)
		key[0] = '\0';
	if (wn)
		why[0] = '\0';
	if (!p->idle || v->kind != ARB_V_ILLEGAL || !sc->n_units || !sc->action.paths ||
	    sc->action.n_paths != sc->units[0].n_models)
		return ARB_OK;
	/* keep the scenario's own paths: sc is given back as it came */
	arb_path *keep = malloc(sc->action.n_paths * sizeof *keep);
	if (!keep)
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	memcpy(keep, sc->action.paths, sc->action.n_paths * sizeof *keep);
	arb_verdict *stay = NULL, *o = NULL;
	clset compel = {0}, forbid = {0};
	size_t tried = 0;
	int rc = judge_option(&stay, s, p, sc, 0, evals, err);
	if (rc == ARB_EINPUT) {
		rc = ARB_OK; /* staying refused: nothing to say of the options */
		goto done;
	}
	if (rc || stay->kind != ARB_V_ILLEGAL)
		goto done;
	/* every option illegal; which clauses of staying's some option keeps */
	clset kept = {0};
	for (size_t i = 1;; i++) {
		double len, dir, turn;
		if (!option(p, sc, i, &len, &dir, &turn))
			break;
		rc = judge_option(&o, s, p, sc, i, evals, err);
		if (rc == ARB_EINPUT) {
			rc = ARB_OK; /* an option the validator refuses is no option */
			continue;
		}
		if (rc)
			goto done;
		tried++;
		if (o->kind != ARB_V_ILLEGAL)
			goto done; /* something else than illegal: not every option is */
		for (size_t k = 0; k < stay->n_violates; k++)
			if (!violates(o, stay->violates[k]))
				cl_add(&kept, stay->violates[k]);
		arb_verdict_free(o);
		o = NULL;
		/* the shortest move every way keeps nothing staying breaks: the
		 * position is at fault, not a demand to act; the longer moves are
		 * not judged (the cost of a search, said in docs/conflicts.md) */
		if (i == N_DIRS && !kept.n)
			goto done;
	}
	if (!kept.n || !tried)
		goto done;
	compel = kept;
	/* what forbids the options that keep every compelling clause */
	for (size_t i = 1;; i++) {
		double len, dir, turn;
		if (!option(p, sc, i, &len, &dir, &turn))
			break;
		rc = judge_option(&o, s, p, sc, i, evals, err);
		if (rc == ARB_EINPUT) {
			rc = ARB_OK;
			continue;
		}
		if (rc)
			goto done;
		bool keeps = true;
		for (size_t k = 0; k < compel.n && keeps; k++)
			keeps = !violates(o, compel.v[k]);
		for (size_t k = 0; keeps && k < o->n_violates; k++)
			cl_add(&forbid, o->violates[k]);
		arb_verdict_free(o);
		o = NULL;
	}
	/* the key: the compelling clauses (what forbids obeying them varies
	 * with the board; the evidence names it) */
	clset all = compel;
	qsort(all.v, all.n, sizeof *all.v, cmp_cstr);
	size_t len = (size_t)snprintf(key, n, "no-legal-action");
	for (size_t k = 0; k < all.n && len < n; k++)
		len += (size_t)snprintf(key + len, n - len, " %s", all.v[k]);
	*found = len < n;
	size_t wl = (size_t)snprintf(why, wn, "staying violates");
	for (size_t k = 0; k < stay->n_violates && wl < wn; k++)
		wl += (size_t)snprintf(why + wl, wn - wl, " %s", stay->violates[k]);
	if (wl < wn)
		wl += (size_t)snprintf(why + wl, wn - wl,
		                       "; each of %zu moves is illegal; compelled by", tried);
	for (size_t k = 0; k < compel.n && wl < wn; k++)
		wl += (size_t)snprintf(why + wl, wn - wl, " %s", compel.v[k]);
	if (wl < wn)
		wl += (size_t)snprintf(why + wl, wn - wl, "; what obeys %s is forbidden by",
		                       compel.n == 1 ? "it" : "them all");
	if (!forbid.n && wl < wn)
		snprintf(why + wl, wn - wl, " nothing: no move obeys them all");
	for (size_t k = 0; k < forbid.n && wl < wn; k++)
		wl += (size_t)snprintf(why + wl, wn - wl, " %s", forbid.v[k]);
done:
	arb_verdict_free(o);
	arb_verdict_free(stay);
	memcpy(sc->action.paths, keep, sc->action.n_paths * sizeof *keep);
	free(keep);
	if (arb_scenario_index(sc) && rc == ARB_OK)
		rc = arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	return rc;
}

int arb_search_confirm_options(bool *ok, const arb_search *s, size_t point, arb_scenario *sc,
                               const char *key, char *why, size_t n, arb_error *err)
{
	*ok = false;
	if (n)
		why[0] = '\0';
	if (point >= s->n_points)
		return arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "point", "no point %zu", point);
	arb_verdict *v = NULL;
	int rc = arb_judge_ex(&v, s->o, sc, s->opt.profile, ARB_JUDGE_TERSE, err);
	if (rc)
		return rc;
	bool found;
	char got[4096];
	unsigned long long evals = 0;
	rc = arb__search_no_action(&found, got, sizeof got, why, n, s, point, sc, v, &evals, err);
	arb_verdict_free(v);
	if (rc)
		return rc;
	*ok = found && strcmp(got, key) == 0;
	if (!*ok)
		snprintf(why, n, "%s", found ? got : "the unit has an option that is not illegal");
	return ARB_OK;
}
