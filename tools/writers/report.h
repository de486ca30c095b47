/* report.h: the static HTML report of a run (`arbiter run --report DIR`). */
#ifndef ARB_REPORT_H
#define ARB_REPORT_H

#include "arbiter.h"
#include "flow_dot.h"

#include <stdbool.h>

/* What the run found for one case of the set (same index). */
typedef struct report_result {
	bool agrees;
	arb_verdict *verdict; /* kept for disagreements only, else NULL */
	char why[1024];
	/* every case's verdict, for the disputes by kind and clause */
	arb_verdict_kind kind;
	int dispute;    /* ARB_DISPUTE_* bits */
	char *disputed; /* the clauses of the dispute, space-separated; malloc'ed or NULL */
} report_result;

/* Writes DIR/index.html (self-contained: styles inline, flows as inline SVG,
 * the rulebook rendered with cmark, every clause an anchor #ID; the disputed
 * verdicts by kind and clause; lint's findings, when lint is not NULL, its
 * words' findings apart, or words_unchecked, why they were not checked,
 * when that is not NULL or empty) and one SVG
 * drawing per disagreement (case-ID.svg). The whole directory is written
 * under a temporary name and renamed into place: an interrupted run leaves
 * the previous report whole. gv draws the flows (one context for all the
 * reports a process writes: see arb_gv_new). Returns 0, or -1 with a
 * message on stderr. */
int report_write(const char *dir, const arb_rulebook *rb, const arb_caseset *cs,
                 const report_result *results, const arb_lint *lint, const char *words_unchecked,
                 arb_gv *gv);

#endif
