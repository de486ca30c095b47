/*
 * Scrollhammer, Moving Through Terrain: spec/scrollhammer/terrain.md.
 * Cases: cases/scrollhammer/terrain/. How each predicate reads its clause:
 * docs/encoding/scrollhammer-terrain.md. "Moving through" terrain has two
 * readings: the centre of the base crosses it (`centre`), or any part of
 * the base does (`base`).
 */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MOVES    "move"
#define TOL      ARB_TOLERANCE_IN
#define MAX_DICE 64

/* "moving through" terrain: the centre of the base, or any part of it. */
#define THROUGH_READINGS ARB_READINGS({"centre", ARB_THROUGH_CENTRE}, {"base", ARB_THROUGH_BASE})

/* The actor's models through `kind`: how many, and the one going furthest. */
typedef struct crossing {
	size_t models;
	const char *furthest;
	double length;
} crossing;

/* Counts model `id`, whose move goes len through the terrain, in *models,
 * *furthest and *length (a model through no more than the tolerance is not
 * through). A NaN len is no length at all, and neither "through" nor "not
 * through" (NaN fails every comparison, and `len <= TOL` failing counted
 * it as through): returns ARB_ENOMEM and changes nothing, else ARB_OK.
 * Semi-private so that tests/test_geom.c can reach it. */
int sh_ter__count_through(size_t *models, const char **furthest, double *length, const char *id,
                          double len);

int sh_ter__count_through(size_t *models, const char **furthest, double *length, const char *id,
                          double len)
{
	if (isnan(len))
		return ARB_ENOMEM;
	if (len <= TOL)
		return ARB_OK;
	++*models;
	if (len > *length) {
		*length = len;
		*furthest = id;
	}
	return ARB_OK;
}

/* Fills *x; ARB_ENOMEM (and a fault in r) when a length could not be
 * measured. */
static int crossing_of(const arb_eval *ev, arb_result *r, const char *kind, arb_through how,
                       crossing *x)
{
	const arb_unit *u = arb_eval_actor(ev);
	*x = (crossing){0, NULL, 0};
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		if (sh_ter__count_through(&x->models, &x->furthest, &x->length, m->id,
		                          sh__through(ev, m, kind, how)) != ARB_OK) {
			arb_result_fault(r, ARB_ENOMEM,
			                 "out of memory while measuring how far %s moves through "
			                 "%s terrain",
			                 m->id, kind);
			return ARB_ENOMEM;
		}
	}
	return ARB_OK;
}

static const char *reading_words(arb_through how)
{
	return how == ARB_THROUGH_CENTRE ? "its centre" : "its base";
}

/* ---- A model that cannot fit ---- */

/* A point fact "x,y"; false when absent or malformed. */
static bool fact_point(const arb_scenario *s, const char *name, arb_vec2 *out)
{
	const char *v = arb_scenario_fact(s, name);
	char *end = NULL;
	if (!v)
		return false;
	out->x = strtod(v, &end);
	if (end == v || *end != ',')
		return false;
	v = end + 1;
	out->y = strtod(v, &end);
	return end != v && *end == '\0' && isfinite(out->x) && isfinite(out->y);
}

/* SH.TER.2 */
ARB_PREDICATE(sh_ter_2, .clause = "SH.TER.2", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "terrain.fit", .fingerprint = "2bb87c2b0f0348db")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const arb_unit *u = arb_eval_actor(ev), *owner = NULL;
	const char *id = arb_scenario_fact(s, "unfit_model");
	const arb_model *m = id ? arb_scenario_model(s, id, &owner) : NULL;
	const char *told = arb_scenario_fact(s, "explained_to_opponent");
	const char *fit = arb_scenario_fact(s, "closest_fit");
	arb_vec2 at;
	const arb_terrain *in = NULL;
	if (!m || owner != u) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = m->id;
	if (!fact_point(s, "actual_point", &at)) {
		arb_result_missing(r, "actual_point",
		                   "%s cannot fit, and where it \"actually\" is is not given",
		                   m->id);
		return;
	}
	for (size_t i = 0; i < s->n_terrain && !in; i++)
		if (s->terrain[i].n_poly >= 3 &&
		    arb_geom_point_in_polygon(at, s->terrain[i].poly, s->terrain[i].n_poly))
			in = &s->terrain[i];
	if (!in) {
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "the point (%.2f, %.2f) where %s \"actually\" is lies in no "
		                   "piece of terrain",
		                   at.x, at.y, m->id);
		return;
	}
	r->object = in->id;
	arb_vec2 e = sh__end_pos(s, m);
	double d = hypot(e.x - at.x, e.y - at.y), closest;
	bool known = fit && sh__fact_num(s, "closest_fit", &closest);
	if (known) {
		r->has_measure = true;
		r->measure = (arb_measure){.points = true,
		                           .figure = d,
		                           .limit = closest,
		                           .margin = closest - d,
		                           .p = e,
		                           .q = at,
		                           .other = -1};
		if (fabs(d - closest) > TOL) {
			r->outcome = ARB_VIOLATED;
			arb_result_explain(
			    r,
			    "%s is placed %.2f in from where it \"actually\" is in %s; "
			    "the closest it can fit is %.2f in: %s",
			    m->id, d, in->id, closest,
			    d > closest ? "not as close as possible" : "nearer than it can fit");
			return;
		}
	}
	if (told && strcmp(told, "false") == 0) {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s is placed %.2f in from where it \"actually\" is in %s, "
		                   "and this was not explained to the opponent",
		                   m->id, d, in->id);
		return;
	}
	if (!known || !told) {
		arb_result_missing(r, !known ? "closest_fit" : "explained_to_opponent",
		                   "%s is placed %.2f in from where it \"actually\" is in %s; %s "
		                   "not given",
		                   m->id, d, in->id,
		                   !known ? "the closest distance it can fit at is"
		                          : "whether it was explained to the opponent is");
		return;
	}
	r->outcome = ARB_HOLDS;
	arb_result_explain(r,
	                   "%s is placed %.2f in from where it \"actually\" is in %s, as close "
	                   "as it can fit (%.2f in), once explained to the opponent",
	                   m->id, d, in->id, closest);
}

/* ---- Difficult Terrain ---- */

static void diff_1(const arb_eval *ev, arb_result *r, arb_through how)
{
	crossing x;
	if (crossing_of(ev, r, "difficult", how, &x))
		return;
	int dice[MAX_DICE];
	if (!x.models) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = x.furthest;
	if (arb_scenario_dice_for(arb_eval_scenario(ev), "difficult_check", dice, MAX_DICE)) {
		r->outcome = ARB_HOLDS;
		arb_result_explain(r,
		                   "%zu model(s) move through difficult terrain (%s), and the "
		                   "check was taken",
		                   x.models, reading_words(how));
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r,
		                   "%s moves %.2f in through difficult terrain (%s) and no "
		                   "difficult terrain check was rolled",
		                   x.furthest, x.length, reading_words(how));
	}
}

/* SH.TER.DIFF.1 */
ARB_PREDICATE(sh_ter_diff_1, .clause = "SH.TER.DIFF.1", .readings = THROUGH_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "terrain.difficult.check", .fingerprint = "0fc65f40839bd2c7")
{
	diff_1(ev, r, (arb_through)arb_eval_reading_arg(ev));
}

/* "roll a 2d6 and pick the highest value": false when the roll is not 2 dice. */
static bool difficult_value(const arb_eval *ev, int *value, size_t *n)
{
	int dice[MAX_DICE];
	double want = arb_eval_param(ev, "SH.TER.DIFF.2:difficult_dice");
	*n = arb_scenario_dice_for(arb_eval_scenario(ev), "difficult_check", dice, MAX_DICE);
	*value = 0;
	for (size_t i = 0; i < *n && i < MAX_DICE; i++)
		if (dice[i] > *value)
			*value = dice[i];
	return (double)*n == want;
}

static void diff_2(const arb_eval *ev, arb_result *r, arb_through how)
{
	crossing x;
	if (crossing_of(ev, r, "difficult", how, &x))
		return;
	int value;
	size_t n;
	bool ok = difficult_value(ev, &value, &n);
	if (!x.models || n == 0) {
		r->outcome = ARB_NA;
		return;
	}
	if (ok) {
		r->outcome = ARB_VALUE;
		arb_result_value(r, "difficult_allowance", value);
		arb_result_explain(r, "difficult terrain check: highest of %zu dice is %d", n,
		                   value);
	} else {
		r->outcome = ARB_VIOLATED;
		arb_result_explain(r, "the difficult terrain check rolled %zu dice, not %g", n,
		                   arb_eval_param(ev, "SH.TER.DIFF.2:difficult_dice"));
	}
}

/* SH.TER.DIFF.2 */
ARB_PREDICATE(sh_ter_diff_2, .clause = "SH.TER.DIFF.2", .readings = THROUGH_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "terrain.difficult.roll", .params = "SH.TER.DIFF.2:difficult_dice",
              .fingerprint = "97a2f1862a94d4f4")
{
	diff_2(ev, r, (arb_through)arb_eval_reading_arg(ev));
}

static void diff_3(const arb_eval *ev, arb_result *r, arb_through how)
{
	crossing x;
	if (crossing_of(ev, r, "difficult", how, &x))
		return;
	int value;
	size_t n;
	if (!x.models) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = x.furthest;
	if (!difficult_value(ev, &value, &n)) {
		/* No check was rolled: "That value" does not exist (SH.TER.DIFF.1 answers). */
		r->outcome = ARB_NA;
		arb_result_explain(r,
		                   "%s moves %.2f in through difficult terrain (%s); no check was "
		                   "rolled, so there is no value to compare",
		                   x.furthest, x.length, reading_words(how));
		return;
	}
	r->has_measure = true;
	r->measure = (arb_measure){
	    .figure = x.length, .limit = value, .margin = value - x.length, .other = -1};
	r->outcome = x.length <= value + TOL ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%s moves %.2f in through difficult terrain (%s), the check "
	                   "allows %d in%s",
	                   x.furthest, x.length, reading_words(how), value,
	                   r->outcome == ARB_VIOLATED ? ": too far" : "");
}

/* SH.TER.DIFF.3 */
ARB_PREDICATE(sh_ter_diff_3, .clause = "SH.TER.DIFF.3", .readings = THROUGH_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "terrain.difficult.distance", .params = "SH.TER.DIFF.2:difficult_dice",
              .fingerprint = "d4ff1cf8fe1cde87")
{
	diff_3(ev, r, (arb_through)arb_eval_reading_arg(ev));
}

/* ---- Dangerous Terrain ---- */

static void dang_2(const arb_eval *ev, arb_result *r, arb_through how)
{
	crossing x;
	if (crossing_of(ev, r, "dangerous", how, &x))
		return;
	int dice[MAX_DICE];
	if (!x.models) {
		r->outcome = ARB_NA;
		return;
	}
	r->subject = x.furthest;
	bool taken = arb_scenario_dice_for(arb_eval_scenario(ev), "dangerous_test", dice, MAX_DICE);
	r->outcome = taken ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r, "%zu model(s) move through dangerous terrain (%s)%s", x.models,
	                   reading_words(how),
	                   taken ? ", and the test was taken"
	                         : " and no dangerous terrain test was "
	                           "rolled");
}

/* SH.TER.DANG.2 */
ARB_PREDICATE(sh_ter_dang_2, .clause = "SH.TER.DANG.2", .readings = THROUGH_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "terrain.dangerous.test", .fingerprint = "24af13f1117cac6c")
{
	dang_2(ev, r, (arb_through)arb_eval_reading_arg(ev));
}

static void dang_3(const arb_eval *ev, arb_result *r, arb_through how)
{
	crossing x;
	if (crossing_of(ev, r, "dangerous", how, &x))
		return;
	int dice[MAX_DICE];
	size_t n = arb_scenario_dice_for(arb_eval_scenario(ev), "dangerous_test", dice, MAX_DICE);
	if (!x.models || n == 0) {
		r->outcome = ARB_NA;
		return;
	}
	/* [a d6] per model: the parameter's count of dice */
	double per = arb_eval_param(ev, "dangerous_die");
	double want = per * (double)x.models;
	r->outcome = (double)n == want ? ARB_HOLDS : ARB_VIOLATED;
	arb_result_explain(r,
	                   "%zu model(s) move through dangerous terrain (%s): %g dice "
	                   "wanted, %zu rolled",
	                   x.models, reading_words(how), want, n);
}

/* SH.TER.DANG.3 */
ARB_PREDICATE(sh_ter_dang_3, .clause = "SH.TER.DANG.3", .readings = THROUGH_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "terrain.dangerous.roll", .params = "dangerous_die",
              .fingerprint = "1f75c3366ecdffc9")
{
	dang_3(ev, r, (arb_through)arb_eval_reading_arg(ev));
}

/* Wounds from the test: each die showing the parameter's face. */
static size_t dangerous_wounds(const arb_eval *ev, double face, size_t *rolled)
{
	int dice[MAX_DICE];
	size_t n = arb_scenario_dice_for(arb_eval_scenario(ev), "dangerous_test", dice, MAX_DICE);
	size_t w = 0;
	for (size_t i = 0; i < n && i < MAX_DICE; i++)
		w += dice[i] == (int)face;
	*rolled = n;
	return w;
}

/* "assign a wound to one of the models that moved through": none, no wound. */
static void dang_4(const arb_eval *ev, arb_result *r, arb_through how)
{
	size_t rolled, w = dangerous_wounds(ev, arb_eval_param(ev, "wound_roll"), &rolled);
	crossing x;
	if (rolled && crossing_of(ev, r, "dangerous", how, &x))
		return;
	if (!rolled || !x.models) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	arb_result_value(r, "dangerous_wounds", (double)w);
	arb_result_explain(r, "%zu of %zu dangerous terrain dice show %g: %zu wound(s)", w, rolled,
	                   arb_eval_param(ev, "wound_roll"), w);
}

/* SH.TER.DANG.4 */
ARB_PREDICATE(sh_ter_dang_4, .clause = "SH.TER.DANG.4", .readings = THROUGH_READINGS,
              .ruleset = "scrollhammer", .actions = MOVES, .phases = "movement",
              .question = "value.dangerous", .params = "wound_roll",
              .fingerprint = "be4dce9912090b80")
{
	dang_4(ev, r, (arb_through)arb_eval_reading_arg(ev));
}

/* SH.TER.DANG.5 */
ARB_PREDICATE(sh_ter_dang_5, .clause = "SH.TER.DANG.5", .ruleset = "scrollhammer", .actions = MOVES,
              .phases = "movement", .question = "terrain.dangerous.save",
              .params = "SH.TER.DANG.4:wound_roll", .fingerprint = "76f9fe8fce5a6bd8")
{
	const char *saved = arb_scenario_fact(arb_eval_scenario(ev), "armor_save_taken");
	size_t rolled,
	    w = dangerous_wounds(ev, arb_eval_param(ev, "SH.TER.DANG.4:wound_roll"), &rolled);
	if (!w || !saved) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = strcmp(saved, "true") == 0 ? ARB_VIOLATED : ARB_HOLDS;
	arb_result_explain(r, "%zu dangerous terrain wound(s); an armour save was %s", w,
	                   r->outcome == ARB_VIOLATED ? "taken" : "not taken");
}
