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

/* A box in picture px (a label's room, a base's). */
typedef struct box {
	double x0, y0, x1, y1;
} box;

static inline bool box_hits(const box *a, const box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* Where a label goes (svg_label.c): its box, the baseline of its first
 * line (x is its left edge), and the point a leader line runs from when
 * it stands away from its model. shown false: no room, so the caption
 * below the picture says it instead. */
typedef struct label_at {
	box b;
	double x, y;
	bool shown, leader;
	double fx, fy;
} label_at;

typedef struct ctx {
	strbuf *b;
	const arb_scenario *s;
	const arb_verdict *v;
	view w;
	double zone;
	bool zone_friends; /* arbsvg_options.zone_friends */
	const char *actor_side;
	bool have_actor;
	/* framed on the action (arbsvg_options.frame): vis is the part of the
	 * table drawn */
	bool framed;
	bounds vis;
	/* the labels' layout (svg_label.c), made before anything is written:
	 * area is the part of the picture they stay in; meas has one entry
	 * per trace entry, terr per terrain piece, mod per model (units in
	 * order); caption holds the lines below the picture, each ending
	 * with '\n' (raw text, escaped when written) */
	box area;
	label_at *meas, *terr, *mod;
	label_at *ev; /* per log event (by its index): the label of its number,
	                 at the start of its first path */
	strbuf caption;
	size_t n_caption;
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
/* Whether trace entry t has points to draw a line between. */
bool arbsvg__drawable_measure(const arb_trace *t);
/* Whether trace entry i is the first of those measuring the same thing;
 * *violated: whether any of them decides the verdict. */
bool arbsvg__measure_group(const arb_verdict *v, size_t i, bool *violated);
/* The clause of a trace entry ("?" when none). */
const char *arbsvg__trace_clause(const arb_trace *t);
/* svg_label.c: every label placed so that no two overlap (or listed in
 * the caption when there is no room), before anything is written. The
 * view (c->w) and c->area must be set. Returns -1 when out of memory. */
int arbsvg__layout(ctx *c);
void arbsvg__layout_free(ctx *c);
/* The estimated width in px of s at font size px: generous, so that a
 * real font's text fits in the box. */
double arbsvg__text_width(const char *s, double px, bool bold);
/* Model labels (with leader lines where moved away) and the caption. */
void arbsvg__draw_model_labels(ctx *c);
void arbsvg__draw_caption(ctx *c, double y);
#define ARBSVG_CAPTION_LH 15.0 /* px a caption line */
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
