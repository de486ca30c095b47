/*
 * svg.h: the picture `arbiter explain CASE-ID` draws: one scenario (board,
 * terrain, bases, paths) and the measurements that decided its verdict.
 *
 * The drawing is plain SVG 1.1 with no scripts, no external references and
 * no fonts beyond the generic "sans-serif", so that it opens in a browser,
 * in an HTML report (inline or as <img>) and in rsvg-convert alike.
 */
#ifndef ARB_TOOLS_SVG_H
#define ARB_TOOLS_SVG_H

#include "arbiter.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct arbsvg_options {
	double zone_in;    /* radius of the "keep-out" zone drawn around enemy
	                      models of the actor, e.g. 1.0 for the 1" rule; 0 = none */
	bool zone_friends; /* the zone round the actor's friends too (every other
	                      unit's models), where the rule that measured it keeps
	                      a unit from friends as well (ARB_PRED_FRIEND_ZONE) */
	double px_per_in;  /* scale; 0 (or not a positive number) = 12 */
	/* Frame the drawing on the action: the acting unit, its path, its
	 * targets and the measurements drawn, zoomed to about 640 px (px_per_in
	 * is then ignored), with a small inset of the whole board and a scale
	 * bar. Where the action fills most of the board, the whole board is
	 * drawn as without it. */
	bool frame;
} arbsvg_options;

/* Renders s (and, if v is not NULL, the measures of its trace) as a
 * standalone SVG document. opt may be NULL (defaults). The table's y axis
 * points up, as on a map: (0,0) is the bottom-left corner of the board.
 * The output depends only on the inputs (same input, same bytes).
 * Returns a malloc'ed NUL-terminated string the caller frees; NULL when out
 * of memory or when s is NULL. */
char *arbsvg_render(const arb_scenario *s, const arb_verdict *v, const arbsvg_options *opt);

/* The width and height in px that a drawing arbsvg_render wrote declares
 * on its <svg> element, so that a page can give an <img> of it its size
 * before it loads. Returns false (and sets both to 0) when svg has none. */
bool arbsvg_size(const char *svg, unsigned *w, unsigned *h);

#ifdef __cplusplus
}
#endif

#endif /* ARB_TOOLS_SVG_H */
