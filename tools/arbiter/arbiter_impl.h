/*
 * arbiter_impl.h: the C ABI of `arbiter certify --abi LIB` (docs/certify.md,
 * "The C ABI"). An implementation of the rules built as a shared library
 * exports these functions; the certifier loads it with dlopen and calls
 * them in its own process: no pipes, no processes, and no protection either
 * (a crash of the library is a crash of the certifier; the streaming
 * protocol is the one that survives its subject).
 *
 * The lines are those of the streaming protocol: the hello of
 * arbiter-certify/1, scenarios in arbiter-scenario/2, verdicts in
 * arbiter-verdict/2 (docs/interchange.md), each one JSON object without its
 * line feed.
 *
 * Version 2 adds one optional function, arbiter_impl_judge_scenario: the
 * scenario already read, as the structures below, instead of its line (no
 * JSON to write or read, which was most of the time of a fast
 * implementation). A library that exports it is given every scenario that
 * way; one that does not is given lines. The answer is a verdict line
 * either way.
 *
 * This header needs no other of arbiter's: it is all an implementation
 * includes.
 */
#ifndef ARBITER_IMPL_H
#define ARBITER_IMPL_H

#include <stddef.h>

/* The version of this ABI; arbiter_impl_abi returns it. The certifier
 * loads a library of version 1 (lines only) or 3 and refuses any other
 * (version 2's log events had no targets: its structures are not 3's). */
#define ARBITER_IMPL_ABI 3

#ifdef __cplusplus
extern "C" {
#endif

/* ARBITER_IMPL_ABI, as the library was built with. */
int arbiter_impl_abi(void);

/* A new context (everything the implementation keeps between scenarios),
 * or NULL when it cannot start; suite is the certifier's "arbiter 0.1.0". */
void *arbiter_impl_open(const char *suite);

/* The hello line, NUL-terminated, owned by ctx until arbiter_impl_close. */
const char *arbiter_impl_hello(void *ctx);

/* Judges one scenario line (scenario[0..len), not NUL-terminated) and
 * writes the verdict line (or an error line), NUL-terminated, into
 * out[0..cap). Returns its length; a length >= cap means out was too
 * small (the certifier records it against the case); -1 means no answer. */
long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap);

/* Frees ctx. NULL does nothing. */
void arbiter_impl_close(void *ctx);

/* ---- version 2: the scenario as structures ----
 *
 * The members are those of an arbiter-scenario/2 line (docs/interchange.md)
 * and mean the same; distances in inches, angles in degrees, bases in
 * millimetres. Strings are NUL-terminated UTF-8; a NULL string is a member
 * that is null or absent. Everything is the certifier's, read-only, valid
 * during the call only. */

typedef struct arbiter_impl_point {
	double x, y;
} arbiter_impl_point;

/* A named number ("stats", and what "values" name) or a fact (kept as
 * text, as in a line: "true", "3.5", "A1"). */
typedef struct arbiter_impl_number {
	const char *name;
	double value;
} arbiter_impl_number;
typedef struct arbiter_impl_fact {
	const char *name;
	const char *value;
} arbiter_impl_fact;

enum { ARBITER_IMPL_ROUND = 0, ARBITER_IMPL_RECT = 1 };

typedef struct arbiter_impl_model {
	const char *id;
	arbiter_impl_point pos; /* "x", "y": the centre of its base */
	double facing_deg;
	int shape; /* ARBITER_IMPL_ROUND (d_mm) or ARBITER_IMPL_RECT (w_mm, depth_mm) */
	double d_mm, w_mm, depth_mm;
	const arbiter_impl_number *stats;
	size_t n_stats;
} arbiter_impl_model;

typedef struct arbiter_impl_unit {
	const char *id, *side, *formation;
	double facing_deg;
	const arbiter_impl_number *stats;
	size_t n_stats;
	const char *const *status;
	size_t n_status;
	const arbiter_impl_model *models;
	size_t n_models;
} arbiter_impl_unit;

typedef struct arbiter_impl_terrain {
	const char *id, *kind;
	int has_height; /* 0: "height" absent */
	double height;
	const arbiter_impl_point *polygon;
	size_t n_polygon;
} arbiter_impl_terrain;

/* A step of a path that turns: a translation (rotate 0), or a rotation
 * about pivot by angle_deg (NAN: "angle" absent). */
typedef struct arbiter_impl_step {
	int rotate;
	arbiter_impl_point pivot;
	double angle_deg;
} arbiter_impl_step;

typedef struct arbiter_impl_path {
	const char *model;
	const arbiter_impl_point *points;
	size_t n_points;
	/* both NULL for a path that does not turn; else facings[n_points]
	 * (NAN: null) and steps[n_points - 1] */
	const double *facings;
	const arbiter_impl_step *steps;
} arbiter_impl_path;

/* An event of "context"."log": a unit's action, or (unit NULL) the
 * sub-phase completed ("end": true); paths (NULL, 0: "paths" absent) are
 * the event's own moves, as an action's; targets (NULL, 0: "targets"
 * absent, since version 3) the units its action targets, as an action's. */
typedef struct arbiter_impl_event {
	const char *subphase, *unit, *action;
	const arbiter_impl_path *paths;
	size_t n_paths;
	const char *const *targets;
	size_t n_targets;
} arbiter_impl_event;

typedef struct arbiter_impl_scenario {
	int abi; /* ARBITER_IMPL_ABI of the certifier that filled it */
	const char *id, *ruleset;
	const char *profile; /* NULL: null ("all") */
	/* "context" */
	const char *phase, *subphase;
	int battle_round;
	const char *active_side, *in_progress;
	const char *const *completed;
	size_t n_completed;
	int has_log; /* 0: "log" absent */
	const arbiter_impl_event *log;
	size_t n_log;
	/* "board" */
	double board_w, board_h;
	const arbiter_impl_unit *units;
	size_t n_units;
	const arbiter_impl_terrain *terrain;
	size_t n_terrain;
	/* "action" */
	const char *action_type, *action_unit;
	int voluntary;
	const arbiter_impl_path *paths;
	size_t n_paths;
	int stationary_declared; /* 0: "stationary" absent */
	const char *const *stationary;
	size_t n_stationary;
	const char *const *targets;
	size_t n_targets;
	/* "dice": in order; dice_test NULL for an array, else the test each
	 * die was rolled for (the object's keys) */
	const int *dice;
	size_t n_dice;
	const char *const *dice_test;
	const arbiter_impl_fact *facts;
	size_t n_facts;
} arbiter_impl_scenario;

/* Optional (version 2): judges the scenario s, and writes the verdict line
 * into out[0..cap) as arbiter_impl_judge does, with the same return. */
long arbiter_impl_judge_scenario(void *ctx, const arbiter_impl_scenario *s, char *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
