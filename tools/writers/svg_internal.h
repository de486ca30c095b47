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
	/* framed on the action (arbsvg_options.frame): vis is the part of the
	 * table drawn, and measure labels stay left of label_xmax (px) */
	bool framed;
	bounds vis;
	double label_xmax;
} ctx;

static inline void bounds_add(bounds *bb, double x, double y)
{
	if (!isfinite(x) || !isfinite(y))
		return;
	if (!bb->any) {
		bb->x0 = bb->x1 = x;
		bb->y0 = bb->y1 = y;
		bb->any = true;
		return;
	}
	bb->x0 = fmin(bb->x0, x);
	bb->x1 = fmax(bb->x1, x);
	bb->y0 = fmin(bb->y0, y);
	bb->y1 = fmax(bb->y1, y);
}

/* Text of the scenario, escaped for XML (bytes XML forbids replaced). */
void arbsvg__text(strbuf *b, const char *s);
/* The same, of at most max bytes of s. */
void arbsvg__textn(strbuf *b, const char *s, size_t max);
/* Half-extents along x and y of a base at facing, grown by margin. */
arb_vec2 arbsvg__base_extent(double facing, const arb_base *b, double margin);
/* The box of a base at c, grown by margin, added to bb. */
void arbsvg__bounds_add_base(bounds *bb, arb_vec2 c, double facing, const arb_base *b,
                             double margin);
/* svg_measure.c: the measurements of the trace, their lines and labels. */
void arbsvg__draw_measures(ctx *c);
/* Whether t is a violation that counts: not set aside by another clause,
 * not of a reading the profile left out. Drawn red and boldest. */
bool arbsvg__decides_violated(const arb_trace *t);
/* svg_frame.c: the part of the table the action needs (false: the whole
 * board is better), the inset of the whole board and the scale bar. */
bool arbsvg__focus(const ctx *c, const bounds *content, bounds *out);
void arbsvg__draw_inset(ctx *c, double x, double y, double width);
void arbsvg__draw_scale(ctx *c, double x, double y);
#define ARBSVG_INSET_W 150.0 /* px */
#define ARBSVG_SCALE_H 26.0  /* px below the picture for the scale bar */

#endif
