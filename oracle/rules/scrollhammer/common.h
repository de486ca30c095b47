/* common.h: helpers shared by the Scrollhammer predicates (movement, formations). */
#ifndef ARB_SH_COMMON_H
#define ARB_SH_COMMON_H

#include "arbiter.h"

/* The path of model m if it moves further than the tolerance, else NULL. */
const arb_path *sh__moving_path_now(const arb_scenario *s, const arb_model *m);
/* The same, the actor's models' found once per judgement (arb_eval_memo):
 * most predicates ask it of every model. */
const arb_path *sh__moving_path(const arb_eval *ev, const arb_model *m);
/* How many models of u move. */
size_t sh__moving_count(const arb_eval *ev, const arb_unit *u);
/* How far model m's move goes through terrain of kind, read as how: the
 * pieces of that kind in the scenario's order, summed; NaN when the
 * geometry ran out of memory (the sum carries it). */
double sh__through_now(const arb_scenario *s, const arb_model *m, const char *kind,
                       arb_through how);
/* The same, the actor's through difficult and dangerous terrain measured
 * once per judgement (arb_eval_memo), for every reading that asks. */
double sh__through(const arb_eval *ev, const arb_model *m, const char *kind, arb_through how);
/* Where model m ends the action. */
arb_vec2 sh__end_pos(const arb_scenario *s, const arb_model *m);
/* Every model of u at its end position, in out (malloc'ed, caller frees).
 * Returns false when out of memory. */
bool sh__end_placed(const arb_scenario *s, const arb_unit *u, arb_placed **out);

/* Whether fact name is given as value. */
bool sh__fact_is(const arb_scenario *s, const char *name, const char *value);
/* A fact that is a finite number; false when it is absent or not one. */
bool sh__fact_num(const arb_scenario *s, const char *name, double *out);

typedef enum sh_chain {
	SH_CHAIN_CONNECTED = ARB_CHAIN_CONNECTED,
	SH_CHAIN_LINE = ARB_CHAIN_LINE,
	SH_CHAIN_ALL_PAIRS = ARB_CHAIN_ALL_PAIRS
} sh_chain;

/* Judges whether u ends the action with its models linked within limit
 * under the given reading. Returns ARB_HOLDS or ARB_VIOLATED and explains it
 * with the figures; when the search runs out of budget or memory it reports
 * a fault in r (arb_result_fault) and returns ARB_UNDECIDED. The actor's
 * end positions and their distances are measured once per judgement
 * (arb_eval_memo), for every reading and limit that asks. */
arb_outcome sh__coherency(const arb_eval *ev, const arb_unit *u, double limit, sh_chain how,
                          arb_result *r, arb_coherency *out);

#endif
