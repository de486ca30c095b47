/* flow_dot.h: a phase flow of spec/ as Graphviz DOT text, and as SVG. */
#ifndef ARB_FLOW_DOT_H
#define ARB_FLOW_DOT_H

#include "arbiter.h"

/* The DOT text of flow f. Every step and transition links to its clause
 * (URL href_base#CLAUSE-ID, e.g. "index.html") and carries the clause ID and
 * text as its tooltip. Steps whose ID is in marked[0..n_marked-1] are drawn
 * in the colour of failures. Returns a malloc'ed string the caller frees;
 * NULL when out of memory. */
char *arb_flow_dot(const arb_flow *f, const arb_rulebook *rb, const char *href_base,
                   const char *const *marked, size_t n_marked);

/* A Graphviz context, for one or more renderings. One context serves a
 * whole command: Graphviz 2.42 reads freed memory when a second context is
 * made after the first is freed (its font cache outlives the context).
 * NULL when Graphviz cannot start. */
typedef struct arb_gv arb_gv;
arb_gv *arb_gv_new(void);
void arb_gv_free(arb_gv *gv);

/* Lays out dot with Graphviz (libgvc, the "dot" engine) and renders SVG.
 * Returns a malloc'ed string the caller frees, NULL on failure (with a
 * message in err, of size n). */
char *arb_dot_to_svg(arb_gv *gv, const char *dot, char *err, size_t n);

#endif
