/* situations.h: the common vocabulary of the rulesets, spec/shared/
 * situations.md: which situations are "the same" across rulesets, and how
 * each ruleset names them (docs/spec-format.md, "Situations"; `arbiter
 * diverge`, docs/diverge.md). Plain C over arbiter.h: fuzzed alone. */
#ifndef ARB_SITUATIONS_H
#define ARB_SITUATIONS_H

#include "arbiter.h"

#include <stdbool.h>
#include <stddef.h>

enum {
	SIT_MAX_MAPS = 8,
	SIT_MAX_LIMITS = 8,
	SIT_MAX_CLAUSES = 8,
	SIT_MAX_STATS = 8,
	SIT_MAX_PROBES = 16,
	SIT_MAX_DICE = 6
};

/* The scenario each situation builds (docs/diverge.md draws them). */
typedef enum sit_shape {
	SIT_APPROACH,   /* one model moves straight ahead, ends `gap` from an enemy model */
	SIT_MIXED_MOVE, /* two models of one unit, M slow and fast: each moves `move`, or
	                   its M if less */
	SIT_DIFFICULT,  /* one model moves `move` straight ahead, all of it in terrain that
	                   starts at its base's front edge */
	SIT_COHERENCY   /* two models of one unit move 2" ahead side by side, `gap` apart */
} sit_shape;

/* A length of the text that the situation is probed at: a parameter of a
 * clause of the ruleset, just under, at and just over. */
typedef struct sit_limit {
	const char *clause, *param;
} sit_limit;

/* How one ruleset names the situation: a line `- RULESET: ...`; or, `-
 * RULESET: silent; REASON`, that its text says nothing of it (nothing is
 * judged for it: "one decides, the other says nothing" is listed apart). */
typedef struct sit_map {
	const char *ruleset;
	const char *silent;                    /* the reason its text says nothing, or NULL */
	const char *action, *phase, *subphase; /* subphase NULL when none */
	sit_limit limit[SIT_MAX_LIMITS];
	size_t n_limits;
	const char *clause[SIT_MAX_CLAUSES]; /* the texts shown side by side */
	size_t n_clauses;
	double base_w_mm, base_d_mm; /* base_d_mm 0: round, base_w_mm its diameter */
	const char *stat_name[SIT_MAX_STATS];
	double stat_value[SIT_MAX_STATS];
	size_t n_stats;
	const char *fact_name[SIT_MAX_STATS], *fact_value[SIT_MAX_STATS]; /* as JSON words */
	size_t n_facts;
	const char *formation, *terrain; /* NULL: none */
	double terrain_height;           /* inches; NAN: not stated */
	int dice[SIT_MAX_DICE];
	size_t n_dice;
	long line; /* of the line in the file */
} sit_map;

typedef struct situation {
	const char *name;  /* after `## ` */
	const char *about; /* the paragraph under the heading, one line */
	sit_shape shape;
	const char *probe; /* the probed quantity: "gap" or "move" */
	double probe_at[SIT_MAX_PROBES];
	size_t n_probes;
	double speed[2]; /* SIT_MIXED_MOVE: the two models' M */
	sit_map map[SIT_MAX_MAPS];
	size_t n_maps;
	long line;
} situation;

typedef struct situations situations;

/* Reads text[0..len) as file (spec/shared/situations.md) against rb: every
 * ruleset, clause and parameter it names must be rb's, every clause of its
 * ruleset. Errors: ARB_EINPUT with file, line, column and field; ARB_ENOMEM.
 * The caller frees *out with situations_free; *out is NULL on error. */
int situations_read(situations **out, const char *text, size_t len, const char *file,
                    const arb_rulebook *rb, arb_error *err);
void situations_free(situations *s);
size_t situations_count(const situations *s);
const situation *situations_at(const situations *s, size_t i);
const char *situations_title(const situations *s);
const char *situations_shape_name(sit_shape k);

#endif
