/* common.h: helpers shared by the Grit predicates (oracle/rules/grit/). */
#ifndef ARB_GR_COMMON_H
#define ARB_GR_COMMON_H

#include "arbiter.h"

/* The parameter that gives the inches of a yard: CONV.UNIT.3's, which is the
 * scale the kernel converts Grit's own yards with while no Grit clause
 * states one (docs/encoding/grit-needs.md: a way to read the kernel's yard itself). */
#define GR_YARD "CONV.UNIT.3:yard"

/* The parameters the text promises "on the table below" and does not give
 * ({ref:?table NAME} in movement.md): an errata table may give them. */
#define GR_ALLOWANCE "GR.MOV.2:movement_allowance"
#define GR_RANGE     "GR.MOV.COH.2:coherency_range"

/* The path of model m if it moves further than the tolerance, else NULL. */
const arb_path *gr__path(const arb_scenario *s, const arb_model *m);
/* How many models of u move. */
size_t gr__moving_count(const arb_scenario *s, const arb_unit *u);
/* Where model m ends the action. */
arb_vec2 gr__end(const arb_scenario *s, const arb_model *m);
/* Model m placed where it ends the action. */
arb_placed gr__end_placed(const arb_scenario *s, const arb_model *m);
/* A fact that is a finite number; false when it is absent or not one. */
bool gr__fact_num(const arb_scenario *s, const char *name, double *out);
/* Whether b lies on a (overlaps it by more than the tolerance: touching is
 * not being on top). */
bool gr__on_top(const arb_placed *a, const arb_placed *b);
/* Whether base a overlaps polygon poly by more than touching. */
bool gr__on_polygon(const arb_placed *a, const arb_vec2 *poly, size_t n);
/* Whether unit u is an enemy of unit a (another side). */
bool gr__enemy(const arb_unit *a, const arb_unit *u);
/* The closest enemy model to base p (at its place): its distance (INFINITY
 * when there is none), and in *who / *m the model and the measure. */
double gr__closest_enemy(const arb_scenario *s, const arb_unit *own, const arb_placed *p,
                         const char **who, arb_measure *m);

/* The actor's unit coherency range in inches (GR.MOV.COH.2's table, read
 * by base size: movement.c); false, r explained and UNDECIDED, when the
 * text (or an errata table) does not give it for the unit's bases. The
 * predicate must declare GR_RANGE. */
bool gr__coherency_range(const arb_eval *ev, arb_result *r, double *out);
/* How many others each model of a unit of n must end within: one
 * (GR.MOV.COH.1) and one more for every step models (GR.MOV.COH.3). */
size_t gr__neighbours_needed(size_t n, double step);

/* A tri-state fact: 1 "true", 0 "false", -1 absent. */
int gr__fact_bool(const arb_scenario *s, const char *name);

#endif
