/*
 * common.h: what the Regiments predicates share (spec/regiments/movement.md):
 * the scenario's words, the unit's Movement characteristic, the unit's
 * motion as one rigid body on the rotating kernel, and the closest approach
 * of a model along its path. Private to oracle/rules/regiments/.
 */
#ifndef ARB_RG_COMMON_H
#define ARB_RG_COMMON_H

#include "arbiter.h"

#include <stdbool.h>
#include <stddef.h>

#define RG_TOL ARB_TOLERANCE_IN

/* ---- the scenario ---- */

bool rg__action_is(const arb_eval *ev, const char *type);
/* A fact's text, or NULL when the scenario does not give it. */
const char *rg__fact(const arb_eval *ev, const char *name);
/* Whether the action is a charge move: a charge, or a move or wheel of a
 * unit whose status is charging. */
bool rg__charging(const arb_eval *ev);
/* The sub-phase's place in the order of RG.MOV.ORDER.4-7 (0..3), or -1. */
int rg__subphase_index(const char *subphase);
/* The name the text gives sub-phase k (0..3; anything else: Remaining Moves). */
const char *rg__subphase_name(int k);

/* ---- the log of the phase (context log) ---- */

/* Whether unit u acted in sub-phase k (0..3) earlier in the phase: a status
 * acted_<sub-phase> or an action of u in the log. */
bool rg__acted_in(const arb_eval *ev, const arb_unit *u, int k);
/* Whether u has moved this turn (status moved, or a move, charge, pivot or
 * wheel of u in the log), or reformed (status reformed, or a reform). */
bool rg__has_moved(const arb_eval *ev, const arb_unit *u);
bool rg__has_reformed(const arb_eval *ev, const arb_unit *u);

/* The order of the sub-phases along the log and the action (RG.MOV.ORDER.1):
 * done is the last sub-phase completed fully before the action (-1 none; -2
 * when neither the log nor the fact last_completed says); bad is 0 when the
 * log itself is in order, else the number of its first event out of order,
 * with why (a sentence). A log that acts in Remaining Moves before Charge
 * and Compulsory Moves were completed skips straight to it (skip, with
 * skip_why; RG.MOV.FIRST.2's words): the walk goes on from there, Charge
 * and Compulsory Moves passed by. */
typedef struct rg_order {
	int done;
	size_t bad;
	char why[160];
	bool skip;
	char skip_why[160];
} rg_order;
void rg__order(const arb_eval *ev, rg_order *o);

/* ---- Movement characteristic (RG.MOV.M.3) ---- */

/* The slowest M of u's models (a model's own, else its unit's): true with
 * *out and *who (the slowest model); false with *who the first model
 * whose M is not stated. */
bool rg__unit_m(const arb_unit *u, double *out, const char **who);

/* ---- the unit's motion ---- */

/*
 * The actor's motion read as one rigid body: the body is its models in
 * the unit's frame (origin at the centre of its footprint, +x its facing);
 * the steps are those of the first model that moves (the lead), and the
 * poses where they take the unit. `apart` names the first model whose
 * path is not where that motion takes it (RG.MOV.M.2), with how far.
 */
typedef struct rg_motion {
	size_t n;          /* models */
	arb_placed *parts; /* in the body's frame */
	arb_footprint fp;  /* of the body */
	arb_pose *poses;   /* n_steps + 1 */
	arb_step *steps;   /* n_steps */
	size_t n_steps;    /* 0 when no model moves */
	long lead;         /* the model whose path gives the steps, -1 if none */
	size_t *front;     /* the models of the front rank (CONV.RANK.1) */
	size_t n_front;
	long apart;      /* a model that does not move as one, or -1 */
	double apart_by; /* how far from where the motion takes it */
	size_t apart_at; /* at which point of the lead's path */
	const char *apart_why;
} rg_motion;

/* The actor's motion, built once per judgement (arb_eval_memo); NULL when
 * out of memory or the action names no unit. */
const rg_motion *rg__motion(const arb_eval *ev);

/* How many rotation steps the motion has, and whether a translation comes
 * after the first rotation (before: before it). */
size_t rg__rotations(const rg_motion *mo);
bool rg__translation_after_turn(const rg_motion *mo);
bool rg__translation_before_turn(const rg_motion *mo);

/* ---- closest approach ---- */

enum { RG_UNITS = 1, RG_TERRAIN = 2 };

typedef struct rg_approach {
	double figure;      /* INFINITY when there is nothing to approach */
	arb_measure m;      /* p on the mover, q on the other */
	const char *mover;  /* the actor's model */
	const char *object; /* the other model's unit, or the terrain piece */
	const char *object_model;
	bool contact;
} rg_approach;

/* The closest approach of the actor's models along steps [from, to) of
 * their paths (to = (size_t)-1: to the end; from == to: the positions at
 * point from) to the models of every other unit at their start positions
 * (what & RG_UNITS) and to impassable terrain (what & RG_TERRAIN). Returns
 * 0, or an ARB_E* code (in err). */
int rg__approach(rg_approach *out, const arb_eval *ev, size_t from, size_t to, int what,
                 arb_error *err);
/* As rg__approach, per other unit and piece of impassable terrain: *out
 * is the closest approach among those the actor comes nearer to than it
 * stood at point `from` (*nearer true), else the closest of all (*nearer
 * false): "approach closer", "bring within" speak of coming nearer. */
int rg__approach_nearer(rg_approach *out, bool *nearer, const arb_eval *ev, size_t from, size_t to,
                        int what, arb_error *err);
/* The distance at the end of the action: every model where its path ends,
 * the actor's against every other unit's and against impassable terrain. */
int rg__end_gap(rg_approach *out, const arb_eval *ev, int what, arb_error *err);

/* How far model m travels along its path: its centre (farthest false) or
 * the most any point of its base travels in each step, summed (true). */
double rg__travel(const arb_model *m, const arb_path *p, bool farthest);

/* Whether any model of another unit than the actor has a path that moves it. */
const arb_unit *rg__other_moved(const arb_eval *ev);

#endif
