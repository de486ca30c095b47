/*
 * search-internal.h: what the parts of the dispute search share, never
 * included outside them (arbiter.h section 9, docs/conflicts.md):
 *   search.c        the space: decision points, dimensions, genomes
 *   search-build.c  a genome made into a scenario
 *   search-run.c    judging, findings, shrinking, confirming
 *   search-files.c  baselines and shard results
 */
#ifndef ARB_SEARCH_INTERNAL_H
#define ARB_SEARCH_INTERNAL_H

#include "internal.h"

#include <stdint.h>

/* The dimensions of a decision point's scenarios. */
enum {
	D_SUBPHASE,
	D_FORMATION,
	D_STATUS,
	D_ENEMY_STATUS,
	D_MODELS,
	D_BASE,
	D_GAP,
	D_MOVE,
	D_DIR,
	D_TURN,
	D_ENEMIES,
	D_ENEMY_DIST,
	D_FRIEND,
	D_TARGETS,
	D_TERRAIN,
	D_FACTS,
	D_DICE,
	D_STATS,
	D_LOG,
	D_VOLUNTARY,
	N_DIMS
};
extern const char *const arb__search_dim_name[N_DIMS];

/* The search's own shapes (search.c; docs/conflicts.md says why). */
extern const size_t arb__search_models[5];
extern const double arb__search_base_mm[3];
extern const double arb__search_dir[3];
#define SEARCH_PI 3.14159265358979323846
/* Models stand in files of at most this many. */
#define SEARCH_FILE_MAX 6

/* A variant of the facts: fact `fact` given `value` (NULL: left out),
 * every other its default. Variant 0 changes nothing. */
typedef struct sr_fact_variant {
	size_t fact;
	const char *value;
} sr_fact_variant;

/* What a ruleset gives every point of it. Arrays with a "none" value have
 * NULL first. */
typedef struct sr_ruleset {
	const char *name;
	const char **formations, **statuses, **terrain;
	size_t n_formations, n_statuses, n_terrain;
	const char **facts; /* names, no NULL first */
	const char **facts_block;
	size_t n_facts;
	const char **fact_default;
	uint64_t log_drop; /* bit f: fact f is one a log answers (log_replaces:) */
	sr_fact_variant *variants;
	size_t n_variants;
	double *lengths, *angles; /* the text's numbers, inches and degrees */
	size_t n_lengths, n_angles;
	double longest;
	double *moves, *gaps, *dists, *turns; /* under, at and over them */
	size_t n_moves, n_gaps, n_dists, n_turns;
	size_t dice_count[8], dice_first[8], n_dice_counts, n_dice;
	arb_search_stat *stats; /* copies of the options' (their arrays are the caller's) */
	const double *heights;  /* the options' "terrain:height" values, or NULL */
	size_t n_heights;
	size_t n_stats, n_stat_variants;
	const char **profiles; /* its reading profiles' names */
	size_t n_profiles;
	arb_ptrvec owned; /* strings to free */
} sr_ruleset;

typedef struct sr_point {
	arb_search_point pub;
	sr_ruleset *rs;
	size_t n[N_DIMS];
	unsigned base[N_DIMS];
	const char **subphases; /* NULL first */
	size_t n_subphases;
	bool turns;
	bool idle; /* its action is one a unit that does nothing is judged under */
	arb_pivot about;
	unsigned long long product, combos;
	uint64_t key; /* of "ruleset action phase": what seeds its scenarios, so
	                 that a point's scenarios do not depend on the others */
} sr_point;

/* A scenario before it is built: a value per dimension, and for random
 * geometry the numbers that replace the text's. */
typedef struct sr_genome {
	unsigned d[N_DIMS];
	bool random;
	double move, dir, turn, gap, dist, bearing;
	uint64_t jitter;    /* 0: models on their places */
	uint64_t fact_drop; /* bit f: fact f left out */
} sr_genome;

typedef struct sr_finding {
	arb_search_finding pub;
} sr_finding;

struct arb_search {
	const arb_oracle *o;
	const arb_rulebook *rb;
	arb_search_options opt;
	sr_ruleset *rulesets;
	size_t n_rulesets;
	sr_point *points;
	size_t n_points;
	unsigned long long total;
	char *describe;
	/* what runs found */
	sr_finding *findings;
	size_t n_findings, cap_findings;
	size_t *order; /* findings sorted by key */
	arb_idmap by_key;
	unsigned long long judged, rejected, evaluations;
	/* per predicate (arb_oracle_predicate_at): the dice parameters it
	 * reads, "CLAUSE:name" words, or NULL (search-kinds.c) */
	char **rolls;
	size_t n_rolls;
	arb_error rejection;
};

static inline uint64_t arb__search_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static inline uint64_t arb__search_hash(uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
	return arb__search_mix(arb__search_mix(arb__search_mix(seed ^ arb__search_mix(a)) ^ b) ^ c);
}

/* A uniform number in [0, 1) from a hash. */
static inline double arb__search_real(uint64_t h)
{
	return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

/* The genome of scenario k of point. */
void arb__search_genome(sr_genome *g, const arb_search *s, size_t point, unsigned long long k);
/* The scenario of a genome, named id. */
int arb__search_build(arb_scenario **out, const arb_search *s, size_t point, const sr_genome *g,
                      const char *id, arb_error *err);
/* search-kinds.c: which predicates read a roll; each overlap of a verdict
 * (its key) passed to fn; an overlap's evidence from a verdict. */
int arb__search_rolls(arb_search *s);
void arb__search_rolls_free(arb_search *s);
int arb__search_each_overlap(const arb_search *s, const arb_verdict *v, const char *ruleset,
                             int (*fn)(void *ud, const char *key), void *ud);
bool arb__search_confirms_overlap(const arb_verdict *v, const char *key, char *why, size_t n);
/* Rewrites the paths of sc's acting unit (units[0], every model a path
 * in sc->action.paths) as the search makes them: the same straight move
 * of len inches at dir_deg, or, when turn is not 0, the same rotation
 * about the point p's action turns about. Call arb_scenario_index after. */
int arb__search_paths(arb_scenario *sc, const sr_point *p, double len, double dir_deg, double turn);
/* search-options.c: whether the acting unit of sc (judged v) has no legal
 * option; *found and its key and evidence when so. sc's paths are put
 * back; the trace entries of the options judged are added to *evals. */
int arb__search_no_action(bool *found, char *key, size_t n, char *why, size_t wn,
                          const arb_search *s, size_t point, arb_scenario *sc, const arb_verdict *v,
                          unsigned long long *evals, arb_error *err);
/* Writes s->describe. */
int arb__search_describe(arb_search *s);

#endif
