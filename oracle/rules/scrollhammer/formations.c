/*
 * Scrollhammer, Unit Formations: spec/scrollhammer/formations.md, the
 * general part and "Fight In Ranks" from its coherency to its moves
 * (SH.FORM.FIR.COH to FIR.6), with the helpers the other files share
 * (formations.h; the unit geometry itself is arbiter.h's, oracle/units.c).
 * Facing, pivots, reforms and terrain (FIR.7 to FIR.13) are in
 * formations-reform.c, the special rules of Fight in Ranks in
 * formations-fir.c, Horde and Skirmish in formations-other.c.
 * Cases: cases/scrollhammer/formations/ (the coherency clauses also in
 * cases/scrollhammer/movement/). How each predicate reads its clause:
 * docs/encoding/scrollhammer-formations.md. Predicates follow the order of
 * the text; each comment is the clause ID.
 */
#include "formations.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the scenario ---- */

bool fm__formation_is(const arb_unit *u, const char *f)
{
	return u && u->formation && strcmp(u->formation, f) == 0;
}

bool fm__action_is(const arb_eval *ev, const char *type)
{
	return strcmp(arb_eval_scenario(ev)->action.type, type) == 0;
}

const char *fm__fact(const arb_eval *ev, const char *name)
{
	return arb_scenario_fact(arb_eval_scenario(ev), name);
}

bool fm__fact_is(const arb_eval *ev, const char *name, const char *value)
{
	return sh__fact_is(arb_eval_scenario(ev), name, value);
}

bool fm__fact_num(const arb_eval *ev, const char *name, double *out)
{
	return sh__fact_num(arb_eval_scenario(ev), name, out);
}

bool fm__list_has(const char *list, const char *id)
{
	size_t n = strlen(id);
	for (const char *p = list; *p;) {
		p += strspn(p, " ");
		size_t k = strcspn(p, " ");
		if (k == n && strncmp(p, id, n) == 0)
			return true;
		p += k;
	}
	return false;
}

size_t fm__list_len(const char *list)
{
	size_t n = 0;
	for (const char *p = list; *p;) {
		p += strspn(p, " ");
		size_t k = strcspn(p, " ");
		n += k > 0 && !(k == 1 && *p == '-');
		p += k;
	}
	return n;
}

const arb_unit *fm__target(const arb_eval *ev, size_t i)
{
	const arb_scenario *s = arb_eval_scenario(ev);
	return i < s->action.n_targets ? arb_scenario_unit(s, s->action.targets[i]) : NULL;
}

const arb_unit *fm__target_with(const arb_eval *ev, const char *f)
{
	for (size_t i = 0; i < arb_eval_scenario(ev)->action.n_targets; i++)
		if (fm__formation_is(fm__target(ev, i), f))
			return fm__target(ev, i);
	return NULL;
}

bool fm__targets_all(const arb_eval *ev, const char *f)
{
	size_t n = arb_eval_scenario(ev)->action.n_targets;
	for (size_t i = 0; i < n; i++)
		if (!fm__formation_is(fm__target(ev, i), f))
			return false;
	return n > 0;
}

arb_vec2 *fm__positions(const arb_scenario *s, const arb_unit *u, bool end)
{
	arb_vec2 *p = malloc((u->n_models ? u->n_models : 1) * sizeof *p);
	for (size_t i = 0; p && i < u->n_models; i++)
		p[i] = end ? sh__end_pos(s, &u->models[i]) : u->models[i].pos;
	return p;
}

arb_vec2 *fm__start_positions(const arb_unit *u)
{
	arb_vec2 *p = malloc((u->n_models ? u->n_models : 1) * sizeof *p);
	for (size_t i = 0; p && i < u->n_models; i++)
		p[i] = u->models[i].pos;
	return p;
}

bool fm__piling_in(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	return fm__action_is(ev, "move") && fm__formation_is(u, FIR) &&
	       arb_unit_has_status(u, "flanked") && fm__fact_is(ev, "leadership_test", "passed");
}

/* ---- plane ---- */

double fm__dot(arb_vec2 a, arb_vec2 b)
{
	return a.x * b.x + a.y * b.y;
}

arb_vec2 fm__minus(arb_vec2 a, arb_vec2 b)
{
	return (arb_vec2){a.x - b.x, a.y - b.y};
}

/* ---- arcs ----
 * Arcs are centred on the unit's facing: the front arc on it, the left side
 * arc at +90 degrees, the rear at 180, the right side at 270 (CONV.ARC.1:
 * the text does not say how the arcs lie round the unit). Where they are
 * drawn from is not stated either, and that is a reading of each arc clause:
 * from the centre of the unit's footprint (four sectors from one point), or
 * from its corners (lines at half the arc's angle from each corner). A
 * model is in an arc when its centre is. */

const char *const fm__arc_name[4] = {"front", "left side", "rear", "right side"};

fm_arcs fm__arcs_of(const arb_unit *u, double arc_deg)
{
	return (fm_arcs){.fp = arb_unit_footprint(u), .arc_deg = arc_deg};
}

int fm__arc_bits(const fm_arcs *a, arb_vec2 p, bool corners)
{
	int bits = arb_footprint_arcs(&a->fp, p, a->arc_deg, corners);
	return bits ? bits : ARC_NONE;
}

int fm__bit_count(int bits)
{
	int n = 0;
	for (; bits; bits &= bits - 1)
		n++;
	return n;
}

int fm__bit_index(int bit)
{
	int k = 0;
	while (bit > 1) {
		bit >>= 1;
		k++;
	}
	return k;
}

const char *fm__arcs_text(int bits, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int i = 0; i < 5; i++)
		if (bits & (1 << i)) {
			int w = snprintf(buf + k, n - k, "%s%s", k ? "/" : "",
			                 i < 4 ? fm__arc_name[i] : "none");
			if (w > 0 && (size_t)w < n - k)
				k += (size_t)w;
		}
	return buf;
}

void fm__arc_counts(const fm_arcs *a, const arb_vec2 *pts, size_t n, bool corners, size_t lo[4],
                    size_t hi[4])
{
	for (int k = 0; k < 4; k++)
		lo[k] = hi[k] = 0;
	for (size_t i = 0; i < n; i++) {
		int b = fm__arc_bits(a, pts[i], corners);
		for (int k = 0; k < 4; k++) {
			hi[k] += (b & (1 << k)) != 0;
			lo[k] += b == (1 << k);
		}
	}
}

/* The arc that "the majority" of n models is in, read as more than half
 * (strict) or more than in any other arc: the bits of every arc it may
 * name, with ARC_NONE when it may name none. */
static int arc_vote(const size_t lo[4], const size_t hi[4], size_t n, bool strict)
{
	int bits = 0;
	bool certain = false;
	for (int k = 0; k < 4; k++) {
		size_t most_lo = 0, most_hi = 0;
		for (int j = 0; j < 4; j++)
			if (j != k) {
				most_lo = lo[j] > most_lo ? lo[j] : most_lo;
				most_hi = hi[j] > most_hi ? hi[j] : most_hi;
			}
		if (hi[k] > most_lo && (!strict || 2 * hi[k] > n))
			bits |= 1 << k;
		if (lo[k] > most_hi && (!strict || 2 * lo[k] > n))
			certain = true;
	}
	return certain ? bits : bits | ARC_NONE;
}

int fm__majority_arc(const arb_unit *of, const arb_unit *other, double arc_deg, int reading,
                     char *why, size_t n, bool *oom)
{
	bool corners = reading & FM_CORNERS;
	fm_arcs a = fm__arcs_of(of, arc_deg);
	arb_vec2 *pts = fm__start_positions(other);
	size_t lo[4], hi[4];
	*oom = !pts;
	if (!pts) {
		if (n)
			snprintf(why, n, "out of memory");
		return ARC_NONE;
	}
	fm__arc_counts(&a, pts, other->n_models, corners, lo, hi);
	free(pts);
	bool edge = lo[0] != hi[0] || lo[1] != hi[1] || lo[2] != hi[2] || lo[3] != hi[3];
	if (n) /* none wanted: no words */
		snprintf(why, n,
		         "%zu models; arcs from its %s: front %zu, left %zu, rear %zu, right %zu%s",
		         other->n_models, corners ? "corners" : "centre", hi[0], hi[1], hi[2],
		         hi[3], edge ? ", a model on a line between arcs counted in both" : "");
	return arc_vote(lo, hi, other->n_models, !(reading & FM_MOST));
}

int fm__arcs_holding(const arb_unit *of, const arb_unit *other, double arc_deg, bool corners)
{
	fm_arcs a = fm__arcs_of(of, arc_deg);
	int bits = 0;
	for (size_t i = 0; i < other->n_models; i++)
		bits |= fm__arc_bits(&a, other->models[i].pos, corners);
	return bits;
}

/* ---- ranks ----
 * Ranks are read from the models' positions as CONV.RANK.1 says (the text
 * never says what a rank is): arb_ranks, counted in a direction (the
 * facing, or the direction of an arc). */

size_t fm__ranks_of(const arb_unit *u, const arb_vec2 *pos, double deg, size_t *rank)
{
	size_t n = u->n_models, nr = 0;
	arb_placed *b = malloc((n ? n : 1) * sizeof *b);
	if (!b)
		return 0;
	for (size_t i = 0; i < n; i++) {
		b[i] = arb_model_placed(&u->models[i]);
		b[i].c = pos[i];
	}
	if (arb_ranks(b, n, deg, rank, &nr))
		nr = 0;
	free(b);
	return nr;
}

/* ---- coherency ---- */

void fm__coherency(const arb_eval *ev, arb_result *r, const arb_unit *u, double limit, sh_chain how,
                   arb_coherency *co)
{
	/* sh__coherency reports a fault itself when out of memory */
	r->outcome = sh__coherency(ev, u, limit, how, r, co);
}

/* ---- Fight In Ranks ---- */

/* SH.FORM.FIR.COH: "in base contact with one another" along a chain, or
 * every pair; base contact is a distance of 0 plus the tolerance
 * (CONV.DIST.3). */
ARB_PREDICATE(sh_form_fir_coh, .clause = "SH.FORM.FIR.COH",
              .readings = ARB_READINGS({"connected", SH_CHAIN_CONNECTED},
                                       {"all-pairs", SH_CHAIN_ALL_PAIRS}),
              .ruleset = "scrollhammer", .actions = "move", .phases = "*",
              .question = "unit.coherency", .fingerprint = "1072f0cd64af4f58")
{
	const arb_unit *u = arb_eval_actor(ev);
	arb_coherency co;
	if (!fm__formation_is(u, FIR) || sh__moving_count(ev, u) == 0) {
		r->outcome = ARB_NA;
		return;
	}
	fm__coherency(ev, r, u, 0, (sh_chain)arb_eval_reading_arg(ev), &co);
}

/* SH.FORM.FIR.2: the arcs of the Fight in Ranks unit a charge is declared
 * (or made) against, counted over the charging models; the phase is where
 * the text places those actions (## Phases). */
ARB_PREDICATE(sh_form_fir_2, .clause = "SH.FORM.FIR.2",
              .readings = ARB_READINGS({"centre", 0}, {"corners", FM_CORNERS}),
              .ruleset = "scrollhammer", .actions = "declare_charge charge", .phases = "*",
              .question = "value.arcs", .params = "arc", .fingerprint = "89bf63d34522d185")
{
	const arb_unit *u = arb_eval_actor(ev), *t = fm__target_with(ev, FIR);
	bool corners = arb_eval_reading_arg(ev) & FM_CORNERS;
	if (!t) {
		r->outcome = ARB_NA;
		return;
	}
	fm_arcs a = fm__arcs_of(t, arb_eval_param(ev, "arc"));
	arb_vec2 *pts = fm__start_positions(u);
	size_t lo[4], hi[4];
	if (!pts) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory counting the arcs of %s", t->id);
		return;
	}
	fm__arc_counts(&a, pts, u->n_models, corners, lo, hi);
	free(pts);
	r->object = t->id;
	if (lo[0] != hi[0] || lo[1] != hi[1] || lo[2] != hi[2] || lo[3] != hi[3]) {
		/* "Each of these is a 90 degree arc": the four arcs meet on lines,
		 * and the text does not say which arc holds a model on one */
		r->outcome = ARB_UNDECIDED;
		arb_result_explain(r,
		                   "a model of %s stands on a line between two arcs of %s drawn "
		                   "from its %s (front %zu, left %zu, rear %zu, right %zu counting "
		                   "it in both): which arc holds it is not stated",
		                   u->id, t->id, corners ? "corners" : "centre", hi[0], hi[1],
		                   hi[2], hi[3]);
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "front_arc_models", (double)lo[0]);
	arb_result_value(r, "left_arc_models", (double)lo[1]);
	arb_result_value(r, "rear_arc_models", (double)lo[2]);
	arb_result_value(r, "right_arc_models", (double)lo[3]);
	arb_result_explain(r,
	                   "models of %s in the %g degree arcs of %s drawn from its %s: front "
	                   "%zu, left %zu, rear %zu, right %zu",
	                   u->id, arb_eval_param(ev, "arc"), t->id, corners ? "corners" : "centre",
	                   lo[0], lo[1], lo[2], lo[3]);
}

/* The move the unit as a whole makes: the median of its models'
 * displacements (a model that does not move counts as 0), x and y apart. */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

bool fm__median_shift(const arb_scenario *s, const arb_unit *u, arb_vec2 *out)
{
	size_t n = u->n_models;
	double *xs = malloc((n ? n : 1) * sizeof *xs), *ys = malloc((n ? n : 1) * sizeof *ys);
	if (!xs || !ys || n == 0) {
		free(xs);
		free(ys);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		arb_vec2 d = fm__minus(sh__end_pos(s, &u->models[i]), u->models[i].pos);
		xs[i] = d.x;
		ys[i] = d.y;
	}
	qsort(xs, n, sizeof *xs, cmp_double);
	qsort(ys, n, sizeof *ys, cmp_double);
	out->x = n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
	out->y = n % 2 ? ys[n / 2] : (ys[n / 2 - 1] + ys[n / 2]) / 2;
	free(xs);
	free(ys);
	return true;
}

/* The impassable terrain in the way of model m going straight by shift (its
 * base overlapping or touching it on the way), or NULL. */
const char *fm__blocked_by(const arb_scenario *s, const arb_model *m, arb_vec2 shift)
{
	arb_placed pl = arb_model_placed(m);
	arb_vec2 seg[2] = {m->pos, {m->pos.x + shift.x, m->pos.y + shift.y}};
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		if (strcmp(t->kind, "impassable") != 0)
			continue;
		if (arb_geom_path_through(&pl, seg, 2, t->poly, t->n_poly, ARB_THROUGH_BASE, NULL) >
		    FM_TOL)
			return t->id;
	}
	return NULL;
}

/* How far model m's path goes beyond the straight line from its start to
 * its end (0 for a straight path or none). */
double fm__detour_of(const arb_eval *ev, const arb_model *m)
{
	const arb_path *p = sh__moving_path(ev, m);
	if (!p)
		return 0;
	arb_vec2 d = fm__minus(p->pts[p->n_pts - 1], p->pts[0]);
	return arb_geom_path_length(p->pts, p->n_pts) - sqrt(fm__dot(d, d));
}

/* Where model i stands from model j in ranks counted along some direction
 * (rank 0 furthest that way): +1 ahead, -1 behind, 0 in the same rank
 * (CONV.RANK.1). A model changes its position in the unit (SH.FORM.FIR.3)
 * when it moves otherwise than the unit as a whole (the median of the
 * displacements) and so comes to stand otherwise, ahead, behind or level,
 * left, right or level, with another model: its rank or its file. */
static int relation(const size_t *rank, size_t j, size_t i)
{
	return rank[i] < rank[j] ? 1 : rank[i] > rank[j] ? -1 : 0;
}

/* SH.FORM.FIR.3: any move, in any phase ("may not change their position"
 * has no phase). Its own exceptions are its words: the pile-in of
 * SH.FORM.FIR.FLANK.6 is not judged, nor a reform (an action of its own);
 * a model whose straight way runs into impassable terrain may leave its
 * place (SH.FORM.FIR.12 then says how it comes back). */
ARB_PREDICATE(sh_form_fir_3, .clause = "SH.FORM.FIR.3", .ruleset = "scrollhammer",
              .actions = "move", .phases = "*", .question = "fir.position",
              .fingerprint = "f5f7a070909a76bc")
{
	static const char *const kAlong[] = {"behind", "level with", "ahead of"};
	static const char *const kAcross[] = {"right of", "level with", "left of"};
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, FIR) || sh__moving_count(ev, u) == 0 || fm__piling_in(ev)) {
		r->outcome = ARB_NA;
		return;
	}
	size_t n = u->n_models;
	arb_vec2 *p0 = fm__positions(s, u, false), *p1 = fm__positions(s, u, true), shift = {0, 0};
	/* ranks along the facing and across it (files), before and after */
	size_t *ra0 = malloc(n * sizeof *ra0), *ra1 = malloc(n * sizeof *ra1),
	       *rc0 = malloc(n * sizeof *rc0), *rc1 = malloc(n * sizeof *rc1);
	if (!p0 || !p1 || !ra0 || !ra1 || !rc0 || !rc1 || !fm__median_shift(s, u, &shift) ||
	    !fm__ranks_of(u, p0, u->facing_deg, ra0) || !fm__ranks_of(u, p1, u->facing_deg, ra1) ||
	    !fm__ranks_of(u, p0, u->facing_deg + 90, rc0) ||
	    !fm__ranks_of(u, p1, u->facing_deg + 90, rc1)) {
		arb_result_fault(r, ARB_ENOMEM, "out of memory reading the places in %s", u->id);
		goto done;
	}
	const char *excused = NULL, *by = NULL;
	r->outcome = ARB_HOLDS;
	for (size_t i = 0; i < n; i++) {
		arb_vec2 d = fm__minus(fm__minus(p1[i], p0[i]), shift);
		if (sqrt(fm__dot(d, d)) <= FM_TOL)
			continue; /* it moves with the unit */
		for (size_t j = 0; j < n; j++) {
			if (j == i)
				continue;
			int a0 = relation(ra0, j, i), a1 = relation(ra1, j, i);
			int c0 = relation(rc0, j, i), c1 = relation(rc1, j, i);
			if (a0 == a1 && c0 == c1)
				continue;
			const char *t = fm__blocked_by(s, &u->models[i], shift);
			if (t) {
				excused = u->models[i].id;
				by = t;
				break;
			}
			r->outcome = ARB_VIOLATED;
			r->subject = u->models[i].id;
			r->object = u->models[j].id;
			if (a0 != a1)
				arb_result_explain(
				    r,
				    "%s goes from %s %s to %s it (along the facing %g), and "
				    "nothing impassable lies in its way",
				    u->models[i].id, kAlong[a0 + 1], u->models[j].id,
				    kAlong[a1 + 1], u->facing_deg);
			else
				arb_result_explain(
				    r,
				    "%s goes from %s %s to %s it (across the facing %g), and "
				    "nothing impassable lies in its way",
				    u->models[i].id, kAcross[c0 + 1], u->models[j].id,
				    kAcross[c1 + 1], u->facing_deg);
			goto done;
		}
	}
	if (excused)
		arb_result_explain(r,
		                   "%s leaves its place in %s to circumvent impassable terrain %s; "
		                   "no other model changes its place",
		                   excused, u->id, by);
	else
		arb_result_explain(
		    r,
		    "every model of %s keeps its place: none comes to stand otherwise "
		    "ahead, behind, left or right of another",
		    u->id);
done:
	free(ra0);
	free(ra1);
	free(rc0);
	free(rc1);
	free(p0);
	free(p1);
}

/* How the actor's moving models move relative to its facing. */
enum { MV_NONE, MV_FORWARD, MV_BACK, MV_LEFT, MV_RIGHT, MV_ANGLE, MV_MIXED };
static const char *const kMoveName[] = {"not at all",
                                        "directly forward",
                                        "directly backwards",
                                        "directly sideways (left)",
                                        "directly sideways (right)",
                                        "at an angle",
                                        "in different directions"};

/* "Directly": every point of the path lies on the line through its start
 * along the facing (forward, backwards) or across it (sideways). */
static int path_kind(const arb_path *p, arb_vec2 f, arb_vec2 l)
{
	bool fwd = true, back = true, left = true, right = true;
	for (size_t k = 1; k < p->n_pts; k++) {
		arb_vec2 d = fm__minus(p->pts[k], p->pts[0]);
		double a = fm__dot(d, f), c = fm__dot(d, l);
		if (fabs(c) > FM_TOL)
			fwd = back = false;
		if (fabs(a) > FM_TOL)
			left = right = false;
		fwd = fwd && a >= -FM_TOL;
		back = back && a <= FM_TOL;
		left = left && c >= -FM_TOL;
		right = right && c <= FM_TOL;
	}
	arb_vec2 d = fm__minus(p->pts[p->n_pts - 1], p->pts[0]);
	double a = fm__dot(d, f), c = fm__dot(d, l);
	if (fwd && a > FM_TOL)
		return MV_FORWARD;
	if (back && a < -FM_TOL)
		return MV_BACK;
	if (left && c > FM_TOL)
		return MV_LEFT;
	if (right && c < -FM_TOL)
		return MV_RIGHT;
	return MV_ANGLE;
}

static int move_kind(const arb_eval *ev)
{
	const arb_unit *u = arb_eval_actor(ev);
	arb_vec2 f = arb_geom_dir(u->facing_deg), l = arb_geom_dir(u->facing_deg + 90);
	int kind = MV_NONE;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		int k = path_kind(p, f, l);
		kind = kind == MV_NONE || kind == k ? k : MV_MIXED;
	}
	return kind;
}

/* SH.FORM.FIR.4 and .6: every moving model within its M times fraction.
 * "Full speed" is the model's M: the text calls the models' own allowances
 * their speeds ("models that move at different speeds", SH.MOV.DIFF.1;
 * "each model can move up to its maximum movement allowance", DIFF.2), and
 * the Movement phase's 6" is a cap of the phase, not a speed. */
static void fir_speed(const arb_eval *ev, arb_result *r, bool forward, double fraction)
{
	const arb_unit *u = arb_eval_actor(ev);
	int kind = fm__formation_is(u, FIR) ? move_kind(ev) : MV_NONE;
	bool applies =
	    forward ? kind == MV_FORWARD : kind == MV_BACK || kind == MV_LEFT || kind == MV_RIGHT;
	if (!applies) {
		r->outcome = ARB_NA;
		return;
	}
	double worst = -INFINITY;
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		const arb_path *p = sh__moving_path(ev, m);
		double mv;
		if (!p)
			continue;
		double len = arb_geom_path_length(p->pts, p->n_pts);
		if (!arb_model_stat(m, u, "M", &mv)) {
			r->subject = m->id;
			arb_result_missing(
			    r, "M",
			    "%s moves %s %.2f in; its M, of which %s speed is %s, is "
			    "not stated",
			    m->id, kMoveName[kind], len, forward ? "full" : "half",
			    forward ? "all" : "a part");
			return;
		}
		if (len - mv * fraction > worst) {
			worst = len - mv * fraction;
			r->subject = m->id;
			r->has_measure = true;
			r->measure = (arb_measure){.points = true,
			                           .figure = len,
			                           .limit = mv * fraction,
			                           .margin = mv * fraction - len,
			                           .p = p->pts[0],
			                           .q = p->pts[p->n_pts - 1],
			                           .other = -1};
		}
	}
	r->outcome = worst <= FM_TOL ? ARB_PERMITS : ARB_VIOLATED;
	arb_result_explain(r, "%s moves %s %.2f in, %s speed is %g in%s", r->subject,
	                   kMoveName[kind], r->measure.figure, forward ? "full" : "half",
	                   r->measure.limit, worst <= FM_TOL ? "" : ": too far");
}

/* SH.FORM.FIR.4 */
ARB_PREDICATE(sh_form_fir_4, .clause = "SH.FORM.FIR.4", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.distance",
              .fingerprint = "dedb5a31acfeb618")
{
	fir_speed(ev, r, true, 1);
}

/* SH.FORM.FIR.5: a wheel keeps the facing, and a move never changes it. */
ARB_PREDICATE(sh_form_fir_5, .clause = "SH.FORM.FIR.5", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.direction",
              .fingerprint = "247b89565efb11f3")
{
	const arb_unit *u = arb_eval_actor(ev);
	if (!fm__formation_is(u, FIR) || move_kind(ev) != MV_ANGLE) {
		r->outcome = ARB_NA;
		return;
	}
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_path *p = sh__moving_path(ev, &u->models[i]);
		if (!p)
			continue;
		arb_vec2 d = fm__minus(p->pts[p->n_pts - 1], p->pts[0]);
		double ang = arb_angle_normalise(atan2(d.y, d.x) * 180 / FM_PI - u->facing_deg);
		r->subject = u->models[i].id;
		r->outcome = ARB_PERMITS;
		arb_result_explain(r,
		                   "%s wheels: %s moves at %.1f degrees to its facing %g, which "
		                   "it keeps",
		                   u->id, u->models[i].id, ang, u->facing_deg);
		return;
	}
	r->outcome = ARB_NA;
}

/* SH.FORM.FIR.6: "at half speed instead" sets half speed in place of the
 * full speed that SH.MOV.1, SH.MOV.COH.1 and SH.MOV.DIFF.2 grant ("up to
 * their maximum movement distance"): the precedence is marked in spec/. */
ARB_PREDICATE(sh_form_fir_6, .clause = "SH.FORM.FIR.6", .ruleset = "scrollhammer",
              .actions = "move", .phases = "movement", .question = "move.distance",
              .params = "speed_fraction", .fingerprint = "63995baed478b9a8")
{
	fir_speed(ev, r, false, arb_eval_param(ev, "speed_fraction"));
}
