/*
 * cases-internal.h: what the parts of the case-table loader share, never
 * included outside them (docs/cases.md describes the tables):
 *   cases.c        reading CSV with libcsv, field by field; the case set
 *   cases-row.c    a row: the header's columns, each cell into the scenario
 *                  and the expectation
 *   cases-agree.c  whether a verdict agrees with a case
 */
#ifndef ARB_CASES_INTERNAL_H
#define ARB_CASES_INTERNAL_H

#include "internal.h"

struct arb_caseset {
	arb_arena *arena;
	arb_arena *slab;  /* the blocks of its scenarios' arenas, side by side in
	                     the order they are read (judged): freed last */
	arb_ptrvec cases; /* arb_case * */
	arb_idmap by_id;  /* arb_case * by ID */
	/* The rulebook every case was validated against (arb__caseset_validated);
	 * NULL before the first case, and for good once two were used. */
	const arb_rulebook *rb;
	bool mixed;
};

#define MAX_FIELDS 64

/* One field as read: its text and where it began. */
typedef struct field {
	char *text;
	long line, col;
} field;

typedef struct loader {
	arb_caseset *cs;
	const arb_rulebook *rb;
	const char *file; /* arena copy */
	const char *path_ruleset;
	const char *buf;
	size_t *nl; /* offsets of newlines */
	size_t n_nl;
	size_t pos; /* offset of the byte being parsed */
	size_t field_start;
	field fields[MAX_FIELDS];
	size_t n_fields;
	bool too_many;
	long rows;              /* records seen, header included */
	int colmap[MAX_FIELDS]; /* field index -> enum col of cases-row.c */
	size_t n_cols;
	int rc;
	arb_error *err;
	bool subphase_given; /* the row's context names a sub-phase */
	arb_idmap unit_ids;  /* the row's units by ID (emptied per row) */
	arb_arena *scratch;  /* what reading a row needs and no case keeps (emptied per row) */
} loader;

/* The header row (the first record) into L's column map. */
int arb__cases_header_row(loader *L);
/* A data row of L's fields into a case of L->cs; on error the case stays
 * in the set for the caller to drop with the file. */
int arb__cases_data_row(loader *L);
/* The case of that ID in cs, or NULL. */
const arb_case *arb__cases_find(const arb_caseset *cs, const char *id);
/* Indexes case c by its ID (ARB_OK or ARB_ENOMEM); after cases are
 * dropped, arb__cases_reindex rebuilds the index from the set. */
int arb__cases_index(arb_caseset *cs, const arb_case *c);
int arb__cases_reindex(arb_caseset *cs);

/* ---- the cells of a data row (cases-row.c, cases-scene.c) ---- */

/* One cell being read: its loader, the scenario it fills, the field and
 * the column's name, for the errors. */
typedef struct cell {
	loader *L;
	arb_scenario *s;
	const field *f;
	const char *name;
} cell;

/* The most parts a cell is split into. */
#define MAXP 512

/* An error of the cell (file, line, column and field): ARB_EINPUT. */
int arb__cell_err(const cell *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* text split at sep into at most cap trimmed parts (overflow: more). */
size_t arb__cell_split(char *text, char sep, char **out, size_t cap, bool *overflow);
/* The same, every part, into an array of the row's scratch (the parts
 * themselves stay where text is). */
int arb__cell_split_all(cell *c, char *text, char sep, char ***out, size_t *n);
/* n zeroed elements of size bytes that live while the row is read. */
void *arb__cell_scratch(cell *c, size_t n, size_t size);
/* A copy of s that lives with the case set (what judging never reads). */
char *arb__cell_dup_cold(cell *c, const char *s);
bool arb__cell_num(const char *s, double *out);
bool arb__cell_pt(const char *s, arb_vec2 *out);
bool arb__cell_valid_name(const char *s);
void *arb__cell_array(arb_scenario *s, size_t n, size_t size);
char *arb__cell_dup(cell *c, const char *s);
/* The scenario's cells (cases-scene.c): ARB_OK or an error of the cell. */
int arb__cell_board(cell *c);
int arb__cell_context(cell *c);
int arb__cell_list(cell *c, char *text, const char ***out, size_t *n, bool ids_only);
int arb__cell_stat(cell *c, const char *tok, arb_kv *kv);
int arb__cell_units(cell *c);
int arb__cell_models(cell *c);
int arb__cell_terrain(cell *c);
int arb__cell_action(cell *c);
int arb__cell_paths(cell *c);

#endif
