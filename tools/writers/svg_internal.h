/* svg_internal.h: what the files of the scenario drawing share (svg*.c). */
#ifndef ARB_TOOLS_SVG_INTERNAL_H
#define ARB_TOOLS_SVG_INTERNAL_H

#include "strbuf.h"
#include "svg.h"

#include <math.h>
#include <stdbool.h>

typedef struct bounds {
	double x0, y0, x1, y1;
	bool any;
} bounds;

/* Picture px = left + (x - xmin) * ppi; y is flipped so the table's +y
 * points up the page. */
typedef struct view {
	double ppi, xmin, ymax, left, top;
} view;

static inline double vx(const view *w, double x)
{
	return w->left + (x - w->xmin) * w->ppi;
}

static inline double vy(const view *w, double y)
{
	return w->top + (w->ymax - y) * w->ppi;
}

static inline bool finite2(arb_vec2 p)
{
	return isfinite(p.x) && isfinite(p.y);
}

typedef struct palette {
	const char *fill, *stroke;
} palette;

#define COLOUR_VIOLATED "#d01c1c"
#define COLOUR_OK       "#1a8f2e"

typedef struct ctx {
	strbuf *b;
	const arb_scenario *s;
	const arb_verdict *v;
	view w;
	double zone;
	const char *actor_side;
	bool have_actor;
} ctx;

/* Text of the scenario, escaped for XML (bytes XML forbids replaced). */
void arbsvg__text(strbuf *b, const char *s);
/* The same, of at most max bytes of s. */
void arbsvg__textn(strbuf *b, const char *s, size_t max);
/* Half-extents along x and y of a base at facing, grown by margin. */
arb_vec2 arbsvg__base_extent(double facing, const arb_base *b, double margin);
/* svg_measure.c: the measurements of the trace, their lines and labels. */
void arbsvg__draw_measures(ctx *c);

#endif
