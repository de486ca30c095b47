/*
 * spec-internal.h: what the parts of the rulebook parser share, never
 * included outside them (docs/spec-format.md describes the format):
 *   spec.c          the rulebook: loading, cross-checks, accessors
 *   spec-text.c     files as lines, front matter, comma lists
 *   spec-section.c  a section file: clause tags, inline markup, flows
 *   spec-ruleset.c  ruleset.md and errata.md: vocabulary, precedence,
 *                   profiles, phases
 */
#ifndef ARB_SPEC_INTERNAL_H
#define ARB_SPEC_INTERNAL_H

#include "internal.h"

#include <string.h>

typedef arb_profile_entry rb_profile_entry;

typedef struct rb_ruleset {
	const char *name;
	const char *file;
	const char *prefix;
	const char *lists[15];    /* space-separated vocabulary, by arb__spec_vocab index */
	const char *section_list; /* space-separated, as ruleset.md lists them */
	long sections_line;
	long log_replaces_line; /* its front-matter line, 0 when absent */
	long idle_line;         /* the same of idle: */
	arb_ptrvec precedence;  /* arb_precedence * */
	arb_ptrvec profiles;    /* rb_profile_entry * */
	arb_ptrvec placements;  /* arb_placement * */
	arb_ptrvec fact_names;  /* const char *, parallel to fact_types */
	arb_ptrvec fact_types;  /* const char *: "bool", "number", ..., "a|b|c" */
	const char *fact_list;  /* the fact names, space-separated */
	arb_ptrvec tables;      /* rb_table_row *: errata.md's "## Tables" */
} rb_ruleset;

/* A row of an errata table: the value of CLAUSE's unresolved parameter
 * NAME, or of its row [KEY]. */
typedef struct rb_table_row {
	const char *clause, *name;
	arb_param_row row;
	long column_clause, column_name;
} rb_table_row;

struct arb_rulebook {
	bool lenient;        /* record semantic problems instead of failing */
	arb_ptrvec problems; /* arb_error *, in lenient mode */
	arb_arena *arena;
	arb_ptrvec clauses; /* arb_clause *, in file order */
	arb_idmap clause_by_id;
	arb_ptrvec rulesets; /* rb_ruleset * */
	arb_ptrvec flows;    /* arb_flow * */
};

/* The vocabulary lists of ruleset.md's front matter, in the order of
 * rb_ruleset.lists; NULL-terminated. */
extern const char *const arb__spec_vocab[];

/* A problem a strict load fails on and a lenient one records (for lint).
 * Returns the error code in strict mode, ARB_OK once recorded. */
int arb__spec_problem(arb_rulebook *rb, arb_error *err, int code);
/* The ruleset of that name, or NULL. */
const rb_ruleset *arb__spec_find_ruleset(const arb_rulebook *rb, const char *name);

/* ---- spec-text.c ---- */

/* Lines of a buffer, edited in place. */
typedef struct lines {
	char *p;
	long no;
} lines;

static inline const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Reads a whole file into *out (the caller frees it); a NUL byte in it is
 * an error. */
int arb__spec_read_file(const char *path, char **out, arb_error *err);
/* The next line of ls (NUL-terminated in place, CR dropped), or NULL. */
char *arb__spec_next_line(lines *ls);

typedef struct fm_entry {
	const char *key;
	const char *value;
	long line;
} fm_entry;

#define FM_MAX 24

/* Reads the front matter block that opens ls (at most FM_MAX keys). */
int arb__spec_front_matter(lines *ls, const char *file, fm_entry *fm, size_t *n_fm, arb_error *err);
static inline const fm_entry *fm_get(const fm_entry *fm, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(fm[i].key, key) == 0)
			return &fm[i];
	return NULL;
}

/* Every key is allowed and every required key has a value. */
int arb__spec_fm_check_keys(const fm_entry *fm, size_t n, const char *const *allowed,
                            const char *const *required, const char *file, arb_error *err);
/* "a, b,c" -> "a b c" in the arena. */
const char *arb__spec_comma_list(arb_arena *a, const char *v);

/* ---- spec-section.c ---- */

/* Whether s[0..n) is a parameter name: lowercase, digits, _. */
/* Reads a parameter's value and unit: 6" 1in 25.4mm 2D6 3 4 yd. */
bool arb__spec_param_value(const char *raw, double *value, const char **unit);
bool arb__spec_valid_param_name(const char *s, size_t n);
/* Parses one section file (or conventions.md) into rb. */
int arb__spec_load_section(arb_rulebook *rb, const char *path, const char *want_ruleset,
                           const char *want_section, const char *prefix, arb_error *err);

/* ---- spec-ruleset.c ---- */

/* Loads spec_dir/name/ruleset.md, its errata.md and its sections. */
int arb__spec_load_ruleset(arb_rulebook *rb, const char *spec_dir, const char *name,
                           arb_error *err);
/* Every file in a ruleset directory must be ruleset.md or a listed section. */
int arb__spec_check_unlisted(arb_rulebook *rb, const char *spec_dir, const char *name,
                             arb_error *err);

#endif
