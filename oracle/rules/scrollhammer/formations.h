/*
 * formations.h: what the three files of Scrollhammer's Unit Formations share
 * (spec/scrollhammer/formations.md): formations.c (the general part, the arcs
 * and Fight in Ranks movement, with these helpers), formations-fir.c (the
 * Fight in Ranks special rules) and formations-other.c (Horde and Skirmish).
 * Private to them; no other section uses it.
 */
#ifndef ARB_SH_FORMATIONS_H
#define ARB_SH_FORMATIONS_H

#include "common.h"

#define FM_TOL    ARB_TOLERANCE_IN
#define FM_PI     3.14159265358979323846
#define FIR       "fight_in_ranks"
#define ARC_PARAM "SH.FORM.FIR.2:arc"

/* The argument of an arc clause's reading: where an arc starts, from the
 * corners of the unit's footprint (FM_CORNERS) or from its centre (0); and,
 * for "the majority", more models than in any other arc (FM_MOST) or more
 * than half of them (0). */
enum { FM_CORNERS = 1, FM_MOST = 2 };

/* Arcs as bits: front, left side, rear, right side; ARC_NONE for none. */
enum { ARC_FRONT = 1, ARC_LEFT = 2, ARC_REAR = 4, ARC_RIGHT = 8, ARC_NONE = 16 };
extern const char *const fm__arc_name[4];

/* ---- the scenario ---- */

bool fm__formation_is(const arb_unit *u, const char *f);
bool fm__action_is(const arb_eval *ev, const char *type);
/* A fact's text, or NULL when the scenario does not give it. */
const char *fm__fact(const arb_eval *ev, const char *name);
bool fm__fact_is(const arb_eval *ev, const char *name, const char *value);
bool fm__fact_num(const arb_eval *ev, const char *name, double *out);
/* Whether id is a word of a space-separated list ("-" names none); how many
 * words it has. */
bool fm__list_has(const char *list, const char *id);
size_t fm__list_len(const char *list);
/* The i-th unit the action targets; the first one of formation f; whether
 * every target (at least one) has formation f. */
const arb_unit *fm__target(const arb_eval *ev, size_t i);
const arb_unit *fm__target_with(const arb_eval *ev, const char *f);
bool fm__targets_all(const arb_eval *ev, const char *f);
/* Every model's start (end = false) or end position,
 * malloc'ed (the caller frees); NULL when out of memory. */
arb_vec2 *fm__positions(const arb_scenario *s, const arb_unit *u, bool end);
/* Where the models of u stand before the action (malloc'ed; NULL when out of memory). */
arb_vec2 *fm__start_positions(const arb_unit *u);
/* Whether the action is the pile-in of SH.FORM.FIR.FLANK.6: a move of a
 * flanked unit that Fights in Ranks whose Leadership test was passed. */
bool fm__piling_in(const arb_eval *ev);

/* ---- plane ---- */

double fm__dot(arb_vec2 a, arb_vec2 b);
arb_vec2 fm__minus(arb_vec2 a, arb_vec2 b);
/* Half the extent of m's base along direction deg and across it, inches. */

/* ---- arcs (SH.FORM.FIR.2) ---- */

typedef struct fm_arcs {
	arb_footprint fp; /* the unit's footprint (arb_unit_footprint) */
	double arc_deg;   /* each arc's angle */
} fm_arcs;

fm_arcs fm__arcs_of(const arb_unit *u, double arc_deg);
/* The arcs (bits) that hold point p, drawn from the corners of the
 * footprint or from its centre; both arcs for a point on the line between
 * them; ARC_NONE inside the footprint. */
int fm__arc_bits(const fm_arcs *a, arb_vec2 p, bool corners);
int fm__bit_count(int bits);
int fm__bit_index(int bit);
/* "front", "left side/rear", "none"... of bits, in buf. */
const char *fm__arcs_text(int bits, char *buf, size_t n);
/* Models at pts per arc: lo[k] surely in arc k, hi[k] also counting those
 * on a line between arcs. */
void fm__arc_counts(const fm_arcs *a, const arb_vec2 *pts, size_t n, bool corners, size_t lo[4],
                    size_t hi[4]);
/* The arc of unit `of` that "the majority" of unit `other`'s models are in,
 * under reading (FM_CORNERS, FM_MOST): the bits of every arc it may name,
 * with ARC_NONE when it may name none; a single arc bit when the reading
 * decides. why (n bytes; n == 0: not wanted) gets the counts. *oom is set
 * when out of memory. */
int fm__majority_arc(const arb_unit *of, const arb_unit *other, double arc_deg, int reading,
                     char *why, size_t n, bool *oom);
/* The arcs of unit `of` (bits) that hold some model of `other`. */
int fm__arcs_holding(const arb_unit *of, const arb_unit *other, double arc_deg, bool corners);

/* ---- ranks ---- */

/* Each model's rank (0 = the first) counted in direction deg, written into
 * rank[]; returns the number of ranks, 0 when out of memory. */
/* The move the unit as a whole makes: the median of its models'
 * displacements, x and y apart; false when out of memory or empty. */
bool fm__median_shift(const arb_scenario *s, const arb_unit *u, arb_vec2 *out);
/* The impassable terrain in the way of model m going straight by shift, or NULL. */
const char *fm__blocked_by(const arb_scenario *s, const arb_model *m, arb_vec2 shift);
/* How far model m's path goes beyond the straight line from start to end. */
double fm__detour_of(const arb_eval *ev, const arb_model *m);

size_t fm__ranks_of(const arb_unit *u, const arb_vec2 *pos, double deg, size_t *rank);

/* ---- coherency ---- */

/* Whether u ends the action with its models linked within limit, read as
 * how (connected or every pair): sets r's outcome (holds or violated) with
 * the figures; a fault when out of memory. */
void fm__coherency(const arb_eval *ev, arb_result *r, const arb_unit *u, double limit, sh_chain how,
                   arb_coherency *co);

#endif
