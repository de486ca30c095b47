/* svg_measure.c: the measurements that decided a verdict, drawn on the
 * scenario (see svg.h): a line between the closest points, its clause and
 * figure as a label where svg_label.c found it room. */
#include "svg_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *arbsvg__trace_clause(const arb_trace *t)
{
	return t->pred && t->pred->clause ? t->pred->clause : "?";
}

/* Two trace entries measure the same thing (readings of one clause
 * usually do): drawn once. */
static bool same_measure(const arb_trace *a, const arb_trace *b)
{
	const arb_measure *x = &a->result.measure, *y = &b->result.measure;
	return a->result.has_measure && b->result.has_measure &&
	       strcmp(arbsvg__trace_clause(a), arbsvg__trace_clause(b)) == 0 && x->p.x == y->p.x &&
	       x->p.y == y->p.y && x->q.x == y->q.x && x->q.y == y->q.y &&
	       (x->figure == y->figure || (isnan(x->figure) && isnan(y->figure)));
}

/* Whether trace entry i is the first of the entries measuring the same
 * thing, and whether any of those is violated. */
bool arbsvg__decides_violated(const arb_trace *t)
{
	/* a violation another clause sets aside, or of a reading the profile
	 * did not select, decided nothing: drawn as the others are */
	return t->result.outcome == ARB_VIOLATED && !t->overridden_by && !t->not_selected;
}

bool arbsvg__measure_group(const arb_verdict *v, size_t i, bool *violated)
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
bool arbsvg__drawable_measure(const arb_trace *t)
{
	return t->result.has_measure && t->result.measure.points && finite2(t->result.measure.p) &&
	       finite2(t->result.measure.q);
}

static void draw_measure(ctx *c, const arb_trace *t, bool violated, const label_at *at)
{
	double lx = at->x, ly = at->y;
	strbuf *b = c->b;
	const view *w = &c->w;
	const arb_measure *m = &t->result.measure;
	const char *col = violated ? COLOUR_VIOLATED : COLOUR_OK;
	strbuf_putf(b, "<g class=\"measure %s\">\n<title>", violated ? "violated" : "other");
	arbsvg__text(b, arbsvg__trace_clause(t));
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
	if (!at->shown) { /* the caption says it: no room beside the line */
		strbuf_puts(b, "</g>\n");
		return;
	}
	strbuf_putf(b,
	            "<text x=\"%.3f\" y=\"%.3f\" font-size=\"%s\" fill=\"%s\" stroke=\"#fff\" "
	            "stroke-width=\"3\" paint-order=\"stroke\">",
	            lx, ly, violated ? "11\" font-weight=\"bold" : "10", col);
	arbsvg__text(b, arbsvg__trace_clause(t));
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
	if (!v || !v->trace || v->n_trace == 0 || !c->meas)
		return;
	/* Violated measures last, so that a line that decided the verdict is
	 * never hidden under one that did not. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < v->n_trace; i++) {
			bool violated;
			if (arbsvg__drawable_measure(&v->trace[i]) &&
			    arbsvg__measure_group(v, i, &violated) && violated == (pass == 1))
				draw_measure(c, &v->trace[i], violated, &c->meas[i]);
		}
}
