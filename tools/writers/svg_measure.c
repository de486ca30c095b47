/* svg_measure.c: the measurements that decided a verdict, drawn on the
 * scenario (see svg.h): a line between the closest points, its clause and
 * figure as a label placed where it covers no model id and no other label. */
#include "svg_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *trace_clause(const arb_trace *t)
{
	return t->pred && t->pred->clause ? t->pred->clause : "?";
}

/* Two trace entries measure the same thing (readings of one clause
 * usually do): drawn once. */
static bool same_measure(const arb_trace *a, const arb_trace *b)
{
	const arb_measure *x = &a->result.measure, *y = &b->result.measure;
	return a->result.has_measure && b->result.has_measure &&
	       strcmp(trace_clause(a), trace_clause(b)) == 0 && x->p.x == y->p.x &&
	       x->p.y == y->p.y && x->q.x == y->q.x && x->q.y == y->q.y &&
	       (x->figure == y->figure || (isnan(x->figure) && isnan(y->figure)));
}

/* A text box in picture px, for keeping measure labels apart. */
typedef struct box {
	double x0, y0, x1, y1;
} box;

static bool box_hits(const box *a, const box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* Whether trace entry i is the first of the entries measuring the same
 * thing, and whether any of those is violated. */
bool arbsvg__decides_violated(const arb_trace *t)
{
	/* a violation another clause sets aside, or of a reading the profile
	 * did not select, decided nothing: drawn as the others are */
	return t->result.outcome == ARB_VIOLATED && !t->overridden_by && !t->not_selected;
}

static bool measure_group(const arb_verdict *v, size_t i, bool *violated)
{
	const arb_trace *t = &v->trace[i];
	*violated = arbsvg__decides_violated(t);
	for (size_t j = 0; j < v->n_trace; j++) {
		if (j == i || !same_measure(t, &v->trace[j]))
			continue;
		if (j < i)
			return false;
		if (arbsvg__decides_violated(&v->trace[j]))
			*violated = true;
	}
	return true;
}

/* Only a measure with real points (arb_measure.points) is drawn: a figure
 * without them would be a line to (0, 0), the board's corner. */
static bool drawable_measure(const arb_trace *t)
{
	return t->result.has_measure && t->result.measure.points && finite2(t->result.measure.p) &&
	       finite2(t->result.measure.q);
}

/* Places the label of each drawn measure: beside the middle of its line,
 * then on the other side, moved up a line at a time while it would cover
 * a model id or an earlier label. Placement follows trace order, drawing order does not
 * matter, so the layout is the same whatever the outcomes. */
static void place_measure_labels(const ctx *c, double *lx, double *ly, box *placed)
{
	const view *w = &c->w;
	const arb_verdict *v = c->v;
	size_t n = 0;
	for (size_t i = 0; i < c->s->n_units; i++)
		for (size_t j = 0; j < c->s->units[i].n_models; j++) {
			const arb_model *m = &c->s->units[i].models[j];
			if (!finite2(m->pos) || !m->id)
				continue;
			arb_vec2 e = arbsvg__base_extent(m->facing_deg, &m->base, 0);
			double x = vx(w, m->pos.x), y = vy(w, m->pos.y + e.y) - 3;
			double half = 3.0 * (double)strlen(m->id);
			placed[n++] = (box){x - half, y - 10, x + half, y + 2};
		}
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		bool violated;
		if (!drawable_measure(t) || !measure_group(v, i, &violated))
			continue;
		const arb_measure *m = &t->result.measure;
		double mx = (vx(w, m->p.x) + vx(w, m->q.x)) / 2;
		double my = (vy(w, m->p.y) + vy(w, m->q.y)) / 2 - 5;
		double width = 6.0 * ((double)strlen(trace_clause(t)) + 8); /* " 0.00 in" */
		/* a second line gives the limit, when there is one */
		double hgt = isfinite(m->limit) ? 23 : 12;
		width = fmax(width, isfinite(m->limit) ? 84 : 0);
		/* Right of the middle, or just above that (labels of one line
		 * stack there), then left of it (if that stays in the picture),
		 * then alternately right and left one line higher each round,
		 * until a free spot turns up; else overprint at the first spot. */
		box bx = {mx + 5, my + 2 - hgt, mx + 5 + width, my + 2};
		for (int tries = 0; tries < 48; tries++) {
			bool right = tries < 4 ? tries < 2 : tries % 2 == 0;
			int row = tries < 4 ? tries % 2 : tries / 2;
			double x0 = right ? mx + 5 : mx - 5 - width;
			double y1 = my + 2 - 12.0 * row;
			box cand = {x0, y1 - hgt, x0 + width, y1};
			bool hit = x0 < 2 || x0 + width > c->label_xmax;
			for (size_t k = 0; k < n && !hit; k++)
				hit = box_hits(&cand, &placed[k]);
			if (!hit) {
				bx = cand;
				break;
			}
		}
		placed[n++] = bx;
		lx[i] = bx.x0;
		ly[i] = bx.y0 + 10; /* the first line's baseline */
	}
}

static void draw_measure(ctx *c, const arb_trace *t, bool violated, double lx, double ly)
{
	strbuf *b = c->b;
	const view *w = &c->w;
	const arb_measure *m = &t->result.measure;
	const char *col = violated ? COLOUR_VIOLATED : COLOUR_OK;
	strbuf_putf(b, "<g class=\"measure %s\">\n<title>", violated ? "violated" : "other");
	arbsvg__text(b, trace_clause(t));
	if (t->pred && t->reading) {
		strbuf_puts(b, "/");
		arbsvg__text(b, t->reading);
	}
	strbuf_puts(b, ": ");
	arbsvg__text(b, arb_outcome_name(t->result.outcome));
	strbuf_puts(b, ": ");
	arbsvg__textn(b, t->result.explanation, sizeof t->result.explanation);
	if (t->overridden_by) {
		strbuf_puts(b, " [set aside by ");
		arbsvg__text(b, t->overridden_by);
		strbuf_puts(b, "]");
	}
	strbuf_puts(b, "</title>\n");
	/* What decided (violated) is drawn boldest; the others thin and muted. */
	strbuf_putf(b,
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"%s\" "
	            "stroke-width=\"%s\"/>\n",
	            vx(w, m->p.x), vy(w, m->p.y), vx(w, m->q.x), vy(w, m->q.y), col,
	            violated ? "3\" stroke-linecap=\"round" : "1.2\" stroke-opacity=\"0.7");
	strbuf_putf(b, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"2.5\" fill=\"%s\"/>\n", vx(w, m->p.x),
	            vy(w, m->p.y), col);
	strbuf_putf(b, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"2.5\" fill=\"%s\"/>\n", vx(w, m->q.x),
	            vy(w, m->q.y), col);
	strbuf_putf(b,
	            "<text x=\"%.3f\" y=\"%.3f\" font-size=\"%s\" fill=\"%s\" stroke=\"#fff\" "
	            "stroke-width=\"3\" paint-order=\"stroke\">",
	            lx, ly, violated ? "11\" font-weight=\"bold" : "10", col);
	arbsvg__text(b, trace_clause(t));
	strbuf_putf(b, " %.2f in</text>\n", m->figure);
	if (isfinite(m->limit))
		strbuf_putf(b,
		            "<text x=\"%.3f\" y=\"%.3f\" font-size=\"9\" fill=\"%s\" "
		            "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">limit %.2f "
		            "in</text>\n",
		            lx, ly + 11, col, m->limit);
	strbuf_puts(b, "</g>\n");
}

void arbsvg__draw_measures(ctx *c)
{
	const arb_verdict *v = c->v;
	if (!v || !v->trace || v->n_trace == 0)
		return;
	size_t n_models = 0;
	for (size_t i = 0; i < c->s->n_units; i++)
		n_models += c->s->units[i].n_models;
	if (n_models > SIZE_MAX / sizeof(box) - v->n_trace) {
		c->b->oom = true;
		return;
	}
	double *lx = calloc(v->n_trace, sizeof *lx);
	double *ly = calloc(v->n_trace, sizeof *ly);
	box *placed = calloc(n_models + v->n_trace, sizeof *placed);
	if (!lx || !ly || !placed) {
		c->b->oom = true;
	} else {
		place_measure_labels(c, lx, ly, placed);
		/* Violated measures last, so that a line that decided the verdict
		 * is never hidden under one that did not. */
		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; i < v->n_trace; i++) {
				bool violated;
				if (drawable_measure(&v->trace[i]) &&
				    measure_group(v, i, &violated) && violated == (pass == 1))
					draw_measure(c, &v->trace[i], violated, lx[i], ly[i]);
			}
	}
	free(lx);
	free(ly);
	free(placed);
}
