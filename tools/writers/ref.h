/* ref.h: the annotated rule reference (`arbiter ref`), a static HTML site. */
#ifndef ARB_REF_H
#define ARB_REF_H

#include "arbiter.h"
#include "flow_dot.h"

#include <stdbool.h>

/* What judging one case of the set gave (same index as the case set). The
 * strings are malloc'ed (NULL when empty) and freed by ref_results_free. */
typedef struct ref_result {
	arb_verdict_kind kind;
	int dispute;    /* ARB_DISPUTE_* bits */
	char *disputed; /* the clauses of the dispute, space-separated */
	char *violates; /* the violated clauses, space-separated */
	bool judged;    /* false: the case could not be judged (see why) */
	char why[256];  /* the judging error, when !judged */
} ref_result;

void ref_results_free(ref_result *res, size_t n);

/* What the site is made from. Nothing is owned: the caller keeps it all. */
typedef struct ref_input {
	const arb_rulebook *rb;
	const arb_oracle *o;
	const arb_caseset *cs;       /* the cases (possibly none) */
	const ref_result *res;       /* one per case of cs */
	const arb_lint *lint;        /* findings shown beside their clauses; NULL: none */
	const char *const *rulesets; /* the rulesets to write; n_rulesets 0: all */
	size_t n_rulesets;
	const bool *para;    /* per clause of rb: begins a paragraph of the
	                        book inside its heading (ref_paragraphs);
	                        NULL: each heading one paragraph */
	const char *version; /* arbiter's version, shown on every page */
	arb_gv *gv;          /* draws the phase flows (one context a process) */
} ref_input;

/* Where the book starts a paragraph inside a heading: one flag per clause
 * of rb (by its index), read from the marks of its section file
 * (ref_para.h). *out is malloc'ed; the caller frees it. Returns 0, or -1
 * with a message on stderr: a misplaced mark (file:line:column), a file
 * that cannot be read, out of memory. */
int ref_paragraphs(const arb_rulebook *rb, bool **out);

/* Writes the site into dir, whole or not at all (built beside it under a
 * temporary name and swapped in, tools/arbiter/outfile.c): dir/index.html
 * names the edition, dir/EDITION/ holds the pages, where EDITION is
 * "spec-" and the fingerprint of every clause's ID, kind and text (an
 * edit of the text, a number included, makes a new edition). On success
 * *edition (of size n) holds it and *pages the number of HTML pages.
 * Returns 0, or -1 with a message on stderr. */
int ref_write(const char *dir, const ref_input *in, char *edition, size_t n, size_t *pages);

#endif
