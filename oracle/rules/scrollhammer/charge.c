/*
 * charge.c: the helpers the Charge Sub-phase's predicates share (charge.h):
 * the charge range the dice give, the charge move measured (contacts,
 * reach, routes), and the arcs of a unit that Fights in Ranks. The
 * predicates are in charge-*.c, one file per heading of the text:
 *
 *   charge-declare.c   SH.CHG.2, "Declare a Charge" and the charge reaction
 *   charge-range.c     "Rolling for Charge Range"
 *   charge-move.c      "Charge Move", "Moving Charging Models" (MOVE.*)
 *   charge-ranks.c     the same heading, units that Fight in Ranks (RANKS.*)
 *   charge-skirmish.c  the same heading, skirmishers and hordes (SKIRM.*)
 *   charge-multi.c     "Multiple Charges"
 *   charge-terrain.c   "Charging Through Difficult Terrain", "... Dangerous"
 *   charge-end.c       "Failed Charge", "Declare Next Charge", "Ending ..."
 */
#include "charge.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL CHG_TOL

/* ---- small helpers ---- */

bool chg__streq(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

bool chg__is_formation(const arb_unit *u, const char *f)
{
	return u && chg__streq(u->formation, f);
}

bool chg__open_formation(const arb_unit *u)
{
	return chg__is_formation(u, "horde") || chg__is_formation(u, "skirmish");
}

bool chg__is_target(const arb_scenario *s, const char *unit)
{
	for (size_t i = 0; i < s->action.n_targets; i++)
		if (chg__streq(s->action.targets[i], unit))
			return true;
	return false;
}

int chg__fact_covers(const arb_scenario *s, const char *name, const char *unit)
{
	const char *v = arb_scenario_fact(s, name);
	if (!v)
		return -1;
	if (strcmp(v, "true") == 0)
		return 1;
	if (strcmp(v, "false") == 0)
		return 0;
	size_t n = strlen(unit);
	for (const char *p = v; *p;) {
		p += strspn(p, " ,");
		size_t k = strcspn(p, " ,");
		if (k == n && strncmp(p, unit, n) == 0)
			return 1;
		p += k;
	}
	return 0;
}

bool chg__dice_named(const arb_scenario *s)
{
	return s->dice_test != NULL;
}

size_t chg__dice(const arb_scenario *s, const char *test, int *out)
{
	size_t n = arb_scenario_dice_for(s, test, out, CHG_MAX_DICE);
	return n < CHG_MAX_DICE ? n : CHG_MAX_DICE;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int chg__sum_lowest(const int *d, size_t n, size_t keep)
{
	int v[CHG_MAX_DICE];
	int sum = 0;
	memcpy(v, d, n * sizeof *v);
	qsort(v, n, sizeof *v, cmp_int);
	for (size_t i = 0; i < n && i < keep; i++)
		sum += v[i];
	return sum;
}

int chg__sum_all(const int *d, size_t n)
{
	int sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += d[i];
	return sum;
}

double chg__path_len(const arb_path *p)
{
	return p ? arb_geom_path_length(p->pts, p->n_pts) : 0;
}

double chg__frontage(const arb_placed *p)
{
	return (p->base.shape == ARB_BASE_ROUND ? p->base.d_mm : p->base.w_mm) / ARB_MM_PER_INCH;
}

bool chg__coherency_value(const arb_eval *ev, const arb_unit *u, double *out)
{
	if (chg__is_formation(u, "horde"))
		*out = arb_eval_param(ev, "SH.FORM.HORDE.COH:coherency");
	else if (chg__is_formation(u, "skirmish"))
		*out = arb_eval_param(ev, "SH.FORM.SKIRM.COH:coherency");
	else
		return false;
	return true;
}

size_t chg__through_count(const arb_eval *ev, const arb_unit *u, const char *kind, arb_through how,
                          const char **who)
{
	size_t n = 0;
	*who = NULL;
	for (size_t i = 0; i < u->n_models; i++) {
		if (sh__through(ev, &u->models[i], kind, how) > TOL) {
			n++;
			if (!*who)
				*who = u->models[i].id;
		}
	}
	return n;
}

const char *chg__how_words(arb_through how)
{
	return how == ARB_THROUGH_CENTRE ? "its centre" : "its base";
}

void chg__oom(arb_result *r)
{
	arb_result_fault(r, ARB_ENOMEM, "out of memory while measuring the charge");
}

/* ---- the charge range ---- */

/* The words of how the range was found, quoted only in explanations. */
static void put_how(const arb_eval *ev, chg_range *out, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void put_how(const arb_eval *ev, chg_range *out, const char *fmt, ...)
{
	if (!arb_eval_explains(ev))
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->how, sizeof out->how, fmt, ap);
	va_end(ap);
}

void chg__rolled_range(const arb_eval *ev, double dice2, chg_range *out)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	int d2[CHG_MAX_DICE], d3[CHG_MAX_DICE];
	size_t n2 = chg__dice(s, "charge_roll", d2), n3 = chg__dice(s, "difficult_charge_roll", d3);
	double dice3 = arb_eval_param(ev, "SH.CHG.DIFF.2:difficult_charge_dice");
	double keep = arb_eval_param(ev, "SH.CHG.DIFF.2:charge_dice");
	const char *who;
	bool through = chg__through_count(ev, u, "difficult", ARB_THROUGH_CENTRE, &who) > 0 ||
	               chg__through_count(ev, u, "difficult", ARB_THROUGH_BASE, &who) > 0;
	bool use3 = chg__dice_named(s) ? n3 > 0 && (n2 == 0 || through) : through;
	memset(out, 0, sizeof *out);
	if (n2 == 0 && n3 == 0) {
		out->test = through ? "difficult_charge_roll" : "charge_roll";
		put_how(ev, out, "no dice rolled for the charge range (%s)", out->test);
		return;
	}
	out->test = use3 ? "difficult_charge_roll" : "charge_roll";
	if (use3 && (double)n3 != dice3) {
		put_how(ev, out,
		        "%zu dice rolled for the 3D6 charge range (difficult_charge_roll), not %g",
		        n3, dice3);
	} else if (use3) {
		out->known = true;
		out->value = chg__sum_lowest(d3, n3, (size_t)keep);
		put_how(ev, out, "the %g lowest of %gD6: %g in", keep, dice3, out->value);
	} else if ((double)n2 != dice2) {
		put_how(ev, out, "%zu dice rolled for the 2D6 charge range (charge_roll), not %g",
		        n2, dice2);
	} else {
		out->known = true;
		out->value = chg__sum_all(d2, n2);
		put_how(ev, out, "charge roll %g in", out->value);
	}
}

void chg__unit_range(const arb_eval *ev, chg_range *out)
{
	double slow;
	chg__rolled_range(ev, arb_eval_param(ev, "SH.CHG.RANGE.1:charge_dice"), out);
	if (sh__fact_num(arb_eval_scenario(ev), "slowest_charge_range", &slow) &&
	    (!out->known || slow < out->value)) {
		out->known = true;
		out->value = slow;
		put_how(ev, out, "the slowest model's charge range (slowest_charge_range) %g in",
		        slow);
	}
}

bool chg__need_range(const arb_eval *ev, arb_result *r, double *range)
{
	chg_range cr;
	chg__unit_range(ev, &cr);
	if (cr.known) {
		*range = cr.value;
		return true;
	}
	arb_result_missing(r, cr.test, "the charge range is needed and not known: %s", cr.how);
	return false;
}

/* ---- the charge, measured ---- */

void chg__free(chg *x)
{
	/* the arrays are the judgement's scratch (chg__measure): nothing to
	 * free, and the copy is emptied */
	memset(x, 0, sizeof *x);
}

bool chg__touching(const arb_placed *a, const arb_placed *b)
{
	return arb_geom_distance(a, b, NULL) <= TOL;
}

/* The measurements of the charge, taken once per judgement: every charge
 * predicate reads the same (they depend on the scenario and the actor). */
static void *chg_memo_make(const arb_eval *ev);

bool chg__measure(chg *x, const arb_eval *ev)
{
	static const char key = 0;
	const chg *m = arb_eval_memo(ev, &key, chg_memo_make, NULL);
	if (!m)
		return false;
	*x = *m;
	x->ev = ev;
	return true;
}

static bool chg_measure_now(chg *x, const arb_eval *ev);

static void *chg_memo_make(const arb_eval *ev)
{
	chg *x = arb_eval_alloc(ev, 1, sizeof *x);
	return x && chg_measure_now(x, ev) ? x : NULL;
}

static bool chg_measure_now(chg *x, const arb_eval *ev)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	memset(x, 0, sizeof *x);
	x->s = s;
	x->u = u;
	x->n = u->n_models;
	size_t n = x->n ? x->n : 1, no = 0;
	for (size_t i = 0; i < s->n_units; i++)
		if (&s->units[i] != u)
			no += s->units[i].n_models;
	x->start = arb_eval_alloc(ev, n, sizeof *x->start);
	x->end = arb_eval_alloc(ev, n, sizeof *x->end);
	x->path = arb_eval_alloc(ev, n, sizeof(const arb_path *));
	x->order = arb_eval_alloc(ev, n, sizeof *x->order);
	x->seq = arb_eval_alloc(ev, n, sizeof *x->seq);
	x->o = arb_eval_alloc(ev, no ? no : 1, sizeof *x->o);
	x->tm = arb_eval_alloc(ev, no ? no : 1, sizeof *x->tm);
	if (!x->start || !x->end || !x->path || !x->order || !x->seq || !x->o || !x->tm)
		goto fail;
	for (size_t i = 0; i < x->n; i++) {
		x->start[i] = arb_model_placed(&u->models[i]);
		x->end[i] = x->start[i];
		x->end[i].c = sh__end_pos(s, &u->models[i]);
		x->path[i] = sh__moving_path(ev, &u->models[i]);
	}
	/* the moving models in the order of their paths, then the others */
	size_t k = 0;
	for (size_t p = 0; p < s->action.n_paths; p++)
		for (size_t i = 0; i < x->n; i++)
			if (x->path[i] && x->path[i] == &s->action.paths[p])
				x->order[k++] = i;
	x->n_moving = k;
	for (size_t i = 0; i < x->n; i++)
		if (!x->path[i])
			x->order[k++] = i;
	for (size_t i = 0; i < x->n; i++)
		x->seq[x->order[i]] = i;
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *w = &s->units[i];
		if (w == u)
			continue;
		for (size_t j = 0; j < w->n_models; j++) {
			chg_other *o = &x->o[x->n_o];
			o->unit = w;
			o->m = &w->models[j];
			o->pl = arb_model_placed(&w->models[j]);
			o->target = chg__is_target(s, w->id);
			if (o->target)
				x->tm[x->n_tm++] = x->n_o;
			x->n_o++;
		}
	}
	x->contact = arb_eval_alloc(ev, n, x->n_tm ? x->n_tm : 1);
	if (!x->contact)
		goto fail;
	for (size_t i = 0; i < x->n; i++)
		for (size_t t = 0; t < x->n_tm; t++)
			x->contact[i * x->n_tm + t] = chg__touching(&x->end[i], &x->o[x->tm[t]].pl);
	return true;
fail:
	chg__free(x);
	return false;
}

bool chg__contact(const chg *x, size_t i, size_t t)
{
	return x->contact[i * x->n_tm + t] != 0;
}

size_t chg__contacts_of(const chg *x, size_t i)
{
	size_t k = 0;
	for (size_t t = 0; t < x->n_tm; t++)
		k += chg__contact(x, i, t);
	return k;
}

bool chg__engaged(const chg *x, size_t t, size_t except, size_t before)
{
	for (size_t i = 0; i < x->n; i++)
		if (i != except && (before == SIZE_MAX || x->seq[i] < x->seq[before]) &&
		    chg__contact(x, i, t))
			return true;
	return false;
}

arb_placed chg__own_at(const chg *x, size_t j, size_t i, bool sequential)
{
	return (!sequential || x->seq[j] < x->seq[i]) ? x->end[j] : x->start[j];
}

/* Whether model i's base can follow the polyline pts (np >= 2: every caller
 * gives a straight line) without overlapping a model (other than other-model
 * skip_o and own model skip_own) or impassable terrain. */
static bool route_clear(const chg *x, size_t i, const arb_vec2 *pts, size_t np, size_t skip_o,
                        size_t skip_own, bool sequential)
{
	arb_placed mv = x->start[i];
	for (size_t k = 0; k < x->n_o; k++) {
		if (k == skip_o)
			continue;
		if (arb_geom_swept_penetration(&mv, pts, np, &x->o[k].pl, 1, NULL) > TOL)
			return false;
	}
	for (size_t j = 0; j < x->n; j++) {
		if (j == i || j == skip_own)
			continue;
		arb_placed at = chg__own_at(x, j, i, sequential);
		if (arb_geom_swept_penetration(&mv, pts, np, &at, 1, NULL) > TOL)
			return false;
	}
	for (size_t k = 0; k < x->s->n_terrain; k++) {
		const arb_terrain *t = &x->s->terrain[k];
		if (!chg__streq(t->kind, "impassable"))
			continue;
		double len =
		    arb_geom_path_through(&mv, pts, np, t->poly, t->n_poly, ARB_THROUGH_BASE, NULL);
		if (!(len <= TOL))
			return false;
	}
	return true;
}

/* The straight approach of model i from its start towards the centre of
 * base `to` until the bases touch (arb_geom_approach). */
static double approach(const chg *x, size_t i, const arb_placed *to, arb_vec2 *stop)
{
	return arb_geom_approach(&x->start[i], to, stop);
}

/* The straight approach of every charging model towards every target
 * model: n x n_tm lengths and stops, measured once per judgement (several
 * predicates ask which targets each model could reach). */
typedef struct approaches {
	double *len;
	arb_vec2 *stop;
} approaches;

static void *approaches_make(const arb_eval *ev)
{
	chg x;
	if (!chg__measure(&x, ev))
		return NULL;
	size_t n = x.n && x.n_tm ? x.n * x.n_tm : 1;
	approaches *a = arb_eval_alloc(ev, 1, sizeof *a);
	if (!a || !(a->len = arb_eval_alloc(ev, n, sizeof *a->len)) ||
	    !(a->stop = arb_eval_alloc(ev, n, sizeof *a->stop)))
		return NULL;
	for (size_t i = 0; i < x.n; i++)
		for (size_t t = 0; t < x.n_tm; t++)
			a->len[i * x.n_tm + t] =
			    approach(&x, i, &x.o[x.tm[t]].pl, &a->stop[i * x.n_tm + t]);
	chg__free(&x);
	return a;
}

bool chg__reach_target(const chg *x, size_t i, size_t t, double range, bool sequential, double *len)
{
	static const char key = 0;
	arb_vec2 pts[2], stop;
	const approaches *a = x->ev ? arb_eval_memo(x->ev, &key, approaches_make, NULL) : NULL;
	if (a) {
		*len = a->len[i * x->n_tm + t];
		stop = a->stop[i * x->n_tm + t];
	} else {
		*len = approach(x, i, &x->o[x->tm[t]].pl, &stop);
	}
	if (!arb_within(*len, range))
		return false;
	pts[0] = x->start[i].c;
	pts[1] = stop;
	return route_clear(x, i, pts, 2, x->tm[t], SIZE_MAX, sequential);
}

bool chg__reach_friend(const chg *x, size_t i, size_t j, double range)
{
	arb_placed at = chg__own_at(x, j, i, true);
	arb_vec2 pts[2], stop;
	double len = approach(x, i, &at, &stop);
	if (!arb_within(len, range))
		return false;
	pts[0] = x->start[i].c;
	pts[1] = stop;
	return route_clear(x, i, pts, 2, SIZE_MAX, j, true);
}

bool chg__detour(const chg *x, size_t i, bool sequential, double *len, double *straight)
{
	const arb_path *p = x->path[i];
	*len = chg__path_len(p);
	*straight =
	    p ? hypot(p->pts[p->n_pts - 1].x - p->pts[0].x, p->pts[p->n_pts - 1].y - p->pts[0].y)
	      : 0;
	if (!p || *len <= *straight + TOL)
		return false;
	arb_vec2 pts[2] = {p->pts[0], p->pts[p->n_pts - 1]};
	return route_clear(x, i, pts, 2, SIZE_MAX, SIZE_MAX, sequential);
}

long chg__free_in_reach(const chg *x, size_t i, double range, double *d)
{
	for (size_t t = 0; t < x->n_tm; t++)
		if (!chg__engaged(x, t, i, SIZE_MAX) && !chg__contact(x, i, t) &&
		    chg__reach_target(x, i, t, range, false, d))
			return (long)t;
	return -1;
}

chg_engagement chg__engagement(const chg *x)
{
	chg_engagement e = {0, x->n, 0, x->n_tm};
	for (size_t i = 0; i < x->n; i++)
		e.models += chg__contacts_of(x, i) > 0;
	for (size_t t = 0; t < x->n_tm; t++)
		e.enemies += chg__engaged(x, t, SIZE_MAX, SIZE_MAX);
	return e;
}

int chg__most_possible(const arb_scenario *s, size_t got, size_t all, const char *fact, double *max)
{
	if (got == all) {
		*max = (double)all;
		return 1;
	}
	if (!sh__fact_num(s, fact, max))
		return -1;
	return (double)got >= *max; /* counts: exact */
}

/* ---- arcs of a unit that Fights in Ranks ---- */

const char *const chg__arc_name[4] = {"front", "left side", "rear", "right side"};
const double chg__arc_value[4] = {0, 90, 180, 90};

bool chg__on_face(const chg_frame *fr, int arc, const arb_placed *p)
{
	arb_vec2 out;
	double face = arb_footprint_face(fr, arc, &out), hi;
	arb_geom_extent(p, out, NULL, &hi);
	return hi >= face - TOL;
}

bool chg__beyond_face(const chg_frame *fr, int arc, arb_vec2 p)
{
	arb_vec2 out;
	double face = arb_footprint_face(fr, arc, &out);
	return p.x * out.x + p.y * out.y >= face - TOL;
}

bool chg__past_face(const chg_frame *fr, int arc, const arb_placed *p)
{
	arb_vec2 out;
	double face = arb_footprint_face(fr, arc, &out), lo;
	arb_geom_extent(p, out, &lo, NULL);
	return lo < face - TOL;
}

const arb_unit *chg__ranked_target(const arb_scenario *s)
{
	for (size_t i = 0; i < s->action.n_targets; i++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[i]);
		if (chg__is_formation(t, "fight_in_ranks"))
			return t;
	}
	return NULL;
}

int chg__charged_arc(const arb_unit *charger, const arb_unit *t, double arc_deg, int how,
                     size_t counts[4])
{
	chg_frame fr;
	int found = CHG_ARC_NONE;
	fr = arb_unit_footprint(t);
	memset(counts, 0, 4 * sizeof *counts);
	for (size_t i = 0; i < charger->n_models; i++) {
		int b = arb_footprint_arcs(&fr, charger->models[i].pos, arc_deg,
		                           !(how & CHG_ARC_CENTRE));
		for (int a = 0; a < 4; a++)
			counts[a] += b == 1 << a;
	}
	for (int a = 0; a < 4; a++) {
		bool most = true;
		for (int k = 0; k < 4; k++)
			most = most && (k == a || counts[a] > counts[k]);
		/* "the majority": more than half, or more than in any other arc */
		if (how & CHG_ARC_MOST ? most && counts[a] > 0 : 2 * counts[a] > charger->n_models)
			found = a;
	}
	return found;
}

const char *chg__arc_how(int how)
{
	static const char *const words[4] = {
	    "arcs from its corners, a majority more than half",
	    "arcs from its centre, a majority more than half",
	    "arcs from its corners, a majority more than in any other arc",
	    "arcs from its centre, a majority more than in any other arc"};
	return words[how & 3];
}

/* ---- the initial charger ---- */

double chg__closest_to_targets(const arb_scenario *s, const arb_unit *u, size_t i)
{
	arb_placed pl = arb_model_placed(&u->models[i]);
	double d = INFINITY;
	for (size_t k = 0; k < s->action.n_targets; k++)
		d = fmin(d, arb_base_unit_distance(&pl, arb_scenario_unit(s, s->action.targets[k]),
		                                   NULL));
	return d;
}

double chg__initial_distance(const arb_scenario *s, const arb_unit *u)
{
	double d = INFINITY;
	for (size_t i = 0; i < u->n_models; i++)
		d = fmin(d, chg__closest_to_targets(s, u, i));
	return d;
}

bool chg__is_initial(const arb_scenario *s, const arb_unit *u, size_t i)
{
	return chg__closest_to_targets(s, u, i) <= chg__initial_distance(s, u) + TOL;
}

bool chg__in_range(const arb_scenario *s, const arb_unit *u, double range, bool every,
                   const char **miss, double *far, const char **who)
{
	*miss = *who = NULL;
	*far = 0;
	for (size_t k = 0; k < s->action.n_targets; k++) {
		const arb_unit *t = arb_scenario_unit(s, s->action.targets[k]);
		double dmin = INFINITY, dmax = 0;
		const char *wmin = NULL, *wmax = NULL;
		for (size_t i = 0; i < u->n_models; i++) {
			arb_placed pl = arb_model_placed(&u->models[i]);
			double d = arb_base_unit_distance(&pl, t, NULL);
			if (d < dmin) {
				dmin = d;
				wmin = u->models[i].id;
			}
			if (d > dmax) {
				dmax = d;
				wmax = u->models[i].id;
			}
		}
		double d = every ? dmax : dmin;
		if (d > range + TOL) {
			*miss = t->id;
			*far = d;
			*who = every ? wmax : wmin;
			return false;
		}
		if (d > *far || !*who) {
			*far = d;
			*who = every ? wmax : wmin;
		}
	}
	return true;
}
