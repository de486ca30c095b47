/*
 * charge.h: what the predicates of Scrollhammer's Charge Sub-phase
 * (spec/scrollhammer/charge.md, charge-*.c) share; private to them. The
 * helpers live in charge.c. How each clause is read:
 * docs/encoding/scrollhammer-charge.md.
 *
 * A charge move is measured once per judgement (chg__measure, memoised through arb_eval_memo): the
 * paths of the charging unit in the order they are listed (the order in which the models move), the
 * models of the other units where they stand, and which charging model touches which target model
 * at the end.
 */
#ifndef ARB_SH_CHARGE_H
#define ARB_SH_CHARGE_H

#include "common.h"

#include <stdbool.h>
#include <stddef.h>

#define CHG_TOL ARB_TOLERANCE_IN
#define CHG_RS  "scrollhammer"
/* The phase the text places the Charge sub-phase in (spec/scrollhammer/
 * ruleset.md, ## Phases: SH.MOV.WAY.1 "charging into close combat in the
 * close combat phase"). */
#define CHG_PHASES   "close_combat"
#define CHG_MAX_DICE 64

/* The parameters that make a charge range (RANGE.1, DIFF.2). */
#define CHG_RANGE_PARAMS                                                                           \
	"SH.CHG.RANGE.1:charge_dice SH.CHG.DIFF.2:difficult_charge_dice SH.CHG.DIFF.2:charge_dice"
#define CHG_COH_PARAMS "SH.FORM.HORDE.COH:coherency SH.FORM.SKIRM.COH:coherency"
#define CHG_ARC_PARAM  "SH.CHG.RANKS.2:charge_arc"

/* The charged arc reads two things two ways: where an arc starts is not
 * said ("the 90 degree arc of that unit": drawn from the corners of the
 * ranked unit's footprint, or from its centre), nor what "the majority" is
 * (more than half of the charging unit's models, or more than in any other
 * arc). Each clause that needs the charged arc has these four readings, as
 * the formations section reads SH.FORM.FIR.FLANK.1's same words. */
enum { CHG_ARC_CORNERS = 0, CHG_ARC_CENTRE = 1, CHG_ARC_MOST = 2 };
#define CHG_ARC_READINGS                                                                           \
	ARB_READINGS({"corners-half", CHG_ARC_CORNERS}, {"centre-half", CHG_ARC_CENTRE},           \
	             {"corners-most", CHG_ARC_MOST},                                               \
	             {"centre-most", CHG_ARC_CENTRE | CHG_ARC_MOST})
/* "moving through" terrain: the base's centre, or any part of the base
 * (the terrain page's readings). */
#define CHG_THROUGH_READINGS                                                                       \
	ARB_READINGS({"centre", ARB_THROUGH_CENTRE}, {"base", ARB_THROUGH_BASE})
/* "should attempt", "should go as far as they can": binding (must) or a
 * recommendation that forbids nothing (may). */
enum { CHG_SHOULD_MUST = 0, CHG_SHOULD_MAY = 1 };
#define CHG_SHOULD_READINGS ARB_READINGS({"must", CHG_SHOULD_MUST}, {"may", CHG_SHOULD_MAY})
/* "the initial charger (or the entire unit, in the case of a unit with Fight
 * in Ranks)": a ranked unit is as far as its closest model, or as its
 * farthest (every model must be within range). */
enum { CHG_UNIT_CLOSEST = 0, CHG_UNIT_EVERY = 1 };
#define CHG_UNIT_READINGS                                                                          \
	ARB_READINGS({"closest", CHG_UNIT_CLOSEST}, {"every-model", CHG_UNIT_EVERY})

/* ---- small helpers ---- */

bool chg__streq(const char *a, const char *b);
bool chg__is_formation(const arb_unit *u, const char *f);
/* A Horde or Skirmish unit: the ones with an initial charger (SKIRM.1). */
bool chg__open_formation(const arb_unit *u);
bool chg__is_target(const arb_scenario *s, const char *unit);
/* A fact that is "true", "false" or a list of unit IDs (spaces or commas):
 * 1 when it covers unit, 0 when it does not, -1 when it is not given. */
int chg__fact_covers(const arb_scenario *s, const char *name, const char *unit);
/* The dice rolled for test (at most CHG_MAX_DICE), into out. */
size_t chg__dice(const arb_scenario *s, const char *test, int *out);
bool chg__dice_named(const arb_scenario *s);
int chg__sum_all(const int *d, size_t n);
int chg__sum_lowest(const int *d, size_t n, size_t keep);
/* The smallest distance between the models of two units; best (if not
 * NULL) gets the closest points. */
double chg__path_len(const arb_path *p);
/* A round base's diameter, a rectangle's width, in inches. */
double chg__frontage(const arb_placed *p);
/* The coherency value of a Horde or Skirmish unit; false for others. */
bool chg__coherency_value(const arb_eval *ev, const arb_unit *u, double *out);
/* How many models of u go through terrain of kind, read as how; who gets
 * the first. */
size_t chg__through_count(const arb_eval *ev, const arb_unit *u, const char *kind, arb_through how,
                          const char **who);
const char *chg__how_words(arb_through how);
/* Reports out of memory as a fault of the predicate. */
void chg__oom(arb_result *r);

/* ---- the charge range ---- */

typedef struct chg_range {
	bool known;       /* value is the range */
	double value;     /* inches */
	const char *test; /* the test it was rolled for, or would be */
	char how[128];    /* how it was found, or why there is none */
} chg_range;

/* The range the dice give: with a die named for charge_roll or
 * difficult_charge_roll, the sum of dice2 charge_roll dice (RANGE.1; dice2
 * as the calling clause states the 2D6), or the two lowest of 3D6 rolled for
 * difficult_charge_roll (DIFF.2); when both are rolled, the 3D6 if a model
 * goes through difficult terrain (DIFF.2 ranks itself "rather than" RANGE.1),
 * else the 2D6. Unnamed dice count for either: 3D6 through difficult
 * terrain, else 2D6. No such die: not known, test names the roll missing.
 * The caller declares CHG_RANGE_PARAMS. */
void chg__rolled_range(const arb_eval *ev, double dice2, chg_range *out);
/* The unit's charge range: the range rolled, or the fact
 * slowest_charge_range (RANGE.3) where that is shorter or nothing was
 * rolled. */
void chg__unit_range(const arb_eval *ev, chg_range *out);
/* The unit's charge range into *range; when there is none, r becomes
 * ARB_MISSING naming the roll and false is returned. */
bool chg__need_range(const arb_eval *ev, arb_result *r, double *range);

/* ---- the charge, measured ---- */

/* A model of another unit, where it stands. */
typedef struct chg_other {
	const arb_unit *unit;
	const arb_model *m;
	arb_placed pl;
	bool target;
} chg_other;

typedef struct chg {
	const arb_scenario *s;
	const arb_unit *u;
	size_t n;
	arb_placed *start, *end;
	const arb_path **path;
	size_t *order; /* model indices in the order they move (paths first) */
	size_t *seq;   /* seq[i]: the place of model i in that order */
	size_t n_moving;
	chg_other *o;
	size_t n_o;
	size_t *tm; /* indices in o of the models of target units */
	size_t n_tm;
	unsigned char *contact; /* n x n_tm: in base contact at the end */
	const arb_eval *ev;     /* the judgement, for its memos (chg__measure), or NULL */
} chg;

/* Measures the actor's charge (once per judgement: x is a copy of what
 * the judgement keeps, its arrays in the judgement's scratch). Returns
 * false when out of memory. chg__free(x) empties the copy. */
bool chg__measure(chg *x, const arb_eval *ev);
void chg__free(chg *x);
bool chg__touching(const arb_placed *a, const arb_placed *b);
/* Charging model i touches target model t (an index into x->tm) at the end. */
bool chg__contact(const chg *x, size_t i, size_t t);
size_t chg__contacts_of(const chg *x, size_t i);
/* Target model t touches a charging model other than except (SIZE_MAX: any);
 * with before (not SIZE_MAX), only models earlier in the order count. */
bool chg__engaged(const chg *x, size_t t, size_t except, size_t before);
/* Where own model j stands while model i moves: models earlier in the order
 * at their ends (sequential), or every model at its end. */
arb_placed chg__own_at(const chg *x, size_t j, size_t i, bool sequential);
/* "Within reach": model i can come into base contact with target model t by
 * a straight approach no longer than range, clear of every other model and
 * of impassable terrain; len gets the approach's length. */
bool chg__reach_target(const chg *x, size_t i, size_t t, double range, bool sequential,
                       double *len);
/* The same towards own model j where it stands (sequential order). */
bool chg__reach_friend(const chg *x, size_t i, size_t j, double range);
/* Model i's path is longer than the straight line from its start to its end,
 * and that straight line is clear: not the shortest route. */
bool chg__detour(const chg *x, size_t i, bool sequential, double *len, double *straight);
/* A target model free of other chargers (at the end) that model i, out of
 * contact with it, could reach; -1 if none. */
long chg__free_in_reach(const chg *x, size_t i, double range, double *d);

/* "as many ... as possible": the counts of a charge's engagement. */
typedef struct chg_engagement {
	size_t models, of_models, enemies, of_enemies;
} chg_engagement;
chg_engagement chg__engagement(const chg *x);
/* One count against the fact that states the most possible: 1 met (all are,
 * or the fact is reached), 0 short of the fact, -1 the fact is not given. */
int chg__most_possible(const arb_scenario *s, size_t got, size_t all, const char *fact,
                       double *max);

/* ---- arcs of a unit that Fights in Ranks ---- */

enum {
	CHG_ARC_NONE = -1,
	CHG_FRONT = ARB_ARC_FRONT,
	CHG_LEFT = ARB_ARC_LEFT,
	CHG_REAR = ARB_ARC_REAR,
	CHG_RIGHT = ARB_ARC_RIGHT
};
extern const char *const chg__arc_name[4];
/* The value charged_arc (as SH.FORM.FIR.FLANK.1 gives it): degrees from the
 * front, both sides 90. */
extern const double chg__arc_value[4];

/* The footprint of a ranked unit (arb_unit_footprint). */
typedef arb_footprint chg_frame;
/* A model of the ranked unit whose base reaches the edge that faces arc. */
bool chg__on_face(const chg_frame *fr, int arc, const arb_placed *p);
/* A point on the outer side of the line of the edge that faces arc. */
bool chg__beyond_face(const chg_frame *fr, int arc, arb_vec2 p);
/* A base reaching past the line of the edge that faces arc, towards the
 * unit's other edges. */
bool chg__past_face(const chg_frame *fr, int arc, const arb_placed *p);
/* The first target unit that Fights in Ranks, or NULL. */
const arb_unit *chg__ranked_target(const arb_scenario *s);
/* SH.CHG.RANKS.2: the arc of t that the majority of the charger's models are
 * surely inside of (a model on a boundary counts for neither), read as how
 * (CHG_ARC_* bits: the arcs drawn from the corners or the centre; the
 * majority more than half, or CHG_ARC_MOST more than in any other arc);
 * CHG_ARC_NONE when no arc holds a majority. counts: the models surely in
 * each arc. */
int chg__charged_arc(const arb_unit *charger, const arb_unit *t, double arc_deg, int how,
                     size_t counts[4]);
const char *chg__arc_how(int how);

/* ---- the initial charger ---- */

/* Distance of model i of u to the nearest target unit. */
double chg__closest_to_targets(const arb_scenario *s, const arb_unit *u, size_t i);
/* The initial charger's distance: the closest model's. */
double chg__initial_distance(const arb_scenario *s, const arb_unit *u);
/* Model i is an initial charger ("the closest model to the enemy"; ties:
 * each is). */
bool chg__is_initial(const arb_scenario *s, const arb_unit *u, size_t i);
/* Whether every target unit is within range of the charging unit: of its
 * closest model, or (every = true, a ranked unit read as "the entire unit")
 * of each of its models. miss gets the first that is not, far its distance,
 * who the model measured. */
bool chg__in_range(const arb_scenario *s, const arb_unit *u, double range, bool every,
                   const char **miss, double *far, const char **who);

#endif
