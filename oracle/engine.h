/* engine.h: the oracle's private structures, shared by oracle.c and engine.c. */
#ifndef ARB_ENGINE_H
#define ARB_ENGINE_H

#include "internal.h"

#define ARB_MAX_PARAMS 8

/* A number that names nothing: a clause or question ID the rulebook lacks. */
#define ARB_NO_IX ((size_t)-1)

typedef struct arb_bound_param {
	char name[128];
	size_t len; /* strlen(name): most names looked up differ in length */
	const arb_param *param;
	double value; /* in inches for lengths; NAN when unresolved and untabled */
	double yard;  /* inches to the yard of its ruleset (NAN if none, or if the
	                 parameter is in no yards) */
} arb_bound_param;

/* value in unit ("in", "mm", "yd", or not a length) as inches. */
double arb__param_inches(double value, const char *unit, double yard);

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
	/* Resolved once by arb_oracle_new, so that judging compares numbers,
	 * not IDs: the clause's number (its first position in the rulebook:
	 * equal numbers, equal IDs), the question's number in o->questions,
	 * the ruleset's in o->rs, and for a placement predicate its line. */
	size_t clause_ix;
	size_t question_ix;
	size_t ruleset_ix;
	const arb_placement *placement;
} arb_bound;

/* A declared precedence (where its clauses answer: prec_at below). */
typedef struct arb_rs_prec {
	const arb_precedence *pr;
} arb_rs_prec;

/* What arb_oracle_new works out once per ruleset of the rulebook, so that
 * judging a scenario names its ruleset, action, phase and profile once,
 * and every predicate after that by number. */
typedef struct arb_rs_index {
	const char *name;
	/* The action and phase names its predicates (and placement lines)
	 * name; any other name is slot n_actions (n_phases): only the "*"
	 * predicates judge it. */
	const char **actions;
	size_t n_actions;
	const char **phases;
	size_t n_phases;
	/* The predicates that judge action a in phase p: bound indices
	 * ix[start[k] .. start[k + 1]) with k = a * (n_phases + 1) + p,
	 * ascending (the order of the text). */
	size_t *start;
	size_t *ix;
	/* Beside ix, each predicate's clause and question numbers, packed so
	 * that deciding scans them without touching the bound predicates, and
	 * the chain of the predicates of one clause within the slot: positions
	 * counted from the slot's start, ix_first the clause's first, ix_next
	 * the next of the same clause (the slot's length: none). */
	size_t *ix_clause, *ix_question;
	size_t *ix_first, *ix_next;
	/* Likewise the chain of one question's predicates: ix_qhead marks the
	 * first of each question in the slot, ix_qnext gives the next. */
	bool *ix_qhead;
	size_t *ix_qnext;
	/* Per slot k and precedence j, the first position of its winner and of
	 * its loser in the slot (the slot's length: none there):
	 * prec_at[2 * (k * n_prec + j)] and the one after. */
	size_t *prec_at;
	/* Its profiles (the names its profile lines use) and, per profile k and
	 * bound predicate i, whether the profile picks another reading of i's
	 * clause: not_selected[k * o->n + i]. */
	const char **profiles;
	size_t n_profiles;
	bool *not_selected;
	/* Its declared precedences, and per profile k how it reads arguable
	 * precedence j:
	 * prec_pick[k * n_prec + j] is 1 (an exception), -1 (another reading:
	 * none) or 0 (the profile leaves it open). */
	size_t n_prec;
	arb_rs_prec *prec;
	signed char *prec_pick;
} arb_rs_index;

struct arb_oracle {
	const arb_rulebook *rb;
	arb_bound *bound; /* sorted in the order of the text; the placement
	                     predicates (below) come last */
	size_t n;
	arb_predicate *placement; /* one per `action ... in` placement of spec/ */
	size_t n_placement;
	/* The index (above), owned by arena: one per ruleset of rb, in its
	 * order, and the distinct questions. */
	arb_arena *arena;
	arb_rs_index *rs;
	size_t n_rs;
	const char **questions;
	size_t n_questions;
};

/* The predicate of a placement line: bound with reading_arg = the line's
 * index among its ruleset's placements. */
void arb__placement_fn(const arb_eval *ev, arb_result *r);

/* What the predicates of one judgement share (arb_eval_memo). */
#define ARB_MEMO_MAX 16
typedef struct arb_memo {
	const void *key;
	void *value;
	void (*free_fn)(void *);
} arb_memo;

struct arb_eval {
	const arb_oracle *o;
	const arb_bound *b;
	const arb_scenario *s;
	const arb_unit *actor;
	const char *fault; /* a parameter read without being declared */
	bool terse;        /* ARB_JUDGE_TERSE: no explanation is kept */
	arb_memo memo[ARB_MEMO_MAX];
	size_t n_memo;
	arb_arena scratch; /* arb_eval_alloc's: freed when the judgement ends */
};

/* The scratch a judgement starts with on its stack (arb_eval_alloc takes
 * more from the heap past it): what most judgements' predicates ask. */
#define ARB_EVAL_SCRATCH 16384

/* Frees what the judgement's predicates shared, and their scratch. */
void arb__eval_memo_free(arb_eval *ev);

/* Judges s as one action, its log read by the predicates but not judged
 * event by event: arb_judge_ex after validating (engine.c). */
int arb__judge_one(arb_verdict **out, const arb_oracle *o, const arb_scenario *s,
                   const char *profile, unsigned flags, arb_error *err);
/* Whether an event of s's log carries its paths (engine-log.c). */
bool arb__log_moves(const arb_scenario *s);
/* Judges s whose log carries moves: each such event as the action it is,
 * on the board as the events before it left it, then the action; the
 * verdicts combined (docs/interchange.md, "Verdicts of a log"). */
int arb__judge_log(arb_verdict **out, const arb_oracle *o, const arb_scenario *s,
                   const char *profile, unsigned flags, arb_error *err);

#endif
