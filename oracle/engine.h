/* engine.h: the oracle's private structures, shared by oracle.c and engine.c. */
#ifndef ARB_ENGINE_H
#define ARB_ENGINE_H

#include "internal.h"

#define ARB_MAX_PARAMS 8

typedef struct arb_bound_param {
	char name[128];
	const arb_param *param;
	double value; /* in inches for lengths */
} arb_bound_param;

/* A predicate bound to its clause and parameters. */
typedef struct arb_bound {
	const arb_predicate *pred;
	const char *reading; /* the reading judged (a row of pred->readings, or
	                        pred->reading), or NULL */
	int reading_arg;
	const arb_clause *clause;
	bool stale;
	arb_bound_param params[ARB_MAX_PARAMS];
	size_t n_params;
} arb_bound;

struct arb_oracle {
	const arb_rulebook *rb;
	arb_bound *bound; /* sorted in the order of the text; the placement
	                     predicates (below) come last */
	size_t n;
	arb_predicate *placement; /* one per `action ... in` placement of spec/ */
	size_t n_placement;
};

/* The predicate of a placement line: bound with reading_arg = the line's
 * index among its ruleset's placements. */
void arb__placement_fn(const arb_eval *ev, arb_result *r);

struct arb_eval {
	const arb_oracle *o;
	const arb_bound *b;
	const arb_scenario *s;
	const arb_unit *actor;
	const char *fault; /* a parameter read without being declared */
};

#endif
