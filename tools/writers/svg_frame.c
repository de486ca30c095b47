/* svg_frame.c: a drawing framed on the action (arbsvg_options.frame): the
 * part of the table that decides (the acting unit, its path, its targets,
 * the measurements drawn, and the models beside them), a small inset of the
 * whole board that shows where that part lies, and a scale bar. A 0.38"
 * shortfall on a 72" board is a 5-pixel tick; framed, it reads. */
#include "svg_internal.h"

#include <stdio.h>
#include <string.h>

#define FOCUS_PAD   1.5 /* inches round what the action needs */
#define FOCUS_MIN_W 8.0 /* the smallest part of the table shown */
#define FOCUS_MIN_H 5.0
#define NEAR_IN     1.0 /* models this near the part drawn are drawn whole */
#define NEAR_LIMIT  3.0 /* a holding measurement this near its limit decides */

static bool names(const arb_action *a, const char *unit)
{
	if (a->unit && unit && strcmp(a->unit, unit) == 0)
		return true;
	for (size_t i = 0; i < a->n_targets; i++)
		if (a->targets[i] && unit && strcmp(a->targets[i], unit) == 0)
			return true;
	return false;
}

static void add_model(bounds *bb, const arb_model *m)
{
	if (finite2(m->pos))
		arbsvg__bounds_add_base(bb, m->pos, m->facing_deg, &m->base, 0);
}

/* Grows the extent [*lo, *hi] to at least min, about its middle. */
static void at_least(double *lo, double *hi, double min)
{
	if (*hi - *lo >= min)
		return;
	double mid = (*lo + *hi) / 2;
	*lo = mid - min / 2;
	*hi = mid + min / 2;
}

bool arbsvg__focus(const ctx *c, const bounds *content, bounds *out)
{
	const arb_scenario *s = c->s;
	const arb_action *a = &s->action;
	bounds f = {0};
	for (size_t i = 0; i < s->n_units; i++)
		if (names(a, s->units[i].id))
			for (size_t j = 0; j < s->units[i].n_models; j++)
				add_model(&f, &s->units[i].models[j]);
	for (size_t i = 0; i < a->n_paths; i++) {
		const arb_path *p = &a->paths[i];
		const arb_model *m = p->model ? arb_scenario_model(s, p->model, NULL) : NULL;
		for (size_t j = 0; j < p->n_pts; j++) {
			if (m)
				arbsvg__bounds_add_base(&f, p->pts[j], arb_path_facing(p, m, j),
				                        &m->base, 0);
			else
				bounds_add(&f, p->pts[j].x, p->pts[j].y);
			if (p->steps && j + 1 < p->n_pts && p->steps[j].kind == ARB_STEP_ROTATE)
				bounds_add(&f, p->steps[j].pivot.x, p->steps[j].pivot.y);
		}
	}
	/* The measurements that decide: the violated ones, and those that
	 * hold near their limit; one far from its limit (19" from the board's
	 * edge) is drawn but does not pull the frame. */
	for (size_t i = 0; c->v && i < c->v->n_trace; i++) {
		const arb_result *r = &c->v->trace[i].result;
		bool decides = arbsvg__decides_violated(&c->v->trace[i]) ||
		               r->outcome == ARB_UNDECIDED ||
		               fabs(r->measure.figure - r->measure.limit) <= NEAR_LIMIT;
		if (decides && r->has_measure && r->measure.points && finite2(r->measure.p) &&
		    finite2(r->measure.q)) {
			bounds_add(&f, r->measure.p.x, r->measure.p.y);
			bounds_add(&f, r->measure.q.x, r->measure.q.y);
		}
	}
	if (!f.any)
		return false;
	/* A model beside the part drawn is drawn whole (with its zone). */
	bounds near = f;
	for (size_t i = 0; i < s->n_units; i++)
		for (size_t j = 0; j < s->units[i].n_models; j++) {
			const arb_model *m = &s->units[i].models[j];
			if (finite2(m->pos) && m->pos.x >= f.x0 - NEAR_IN &&
			    m->pos.x <= f.x1 + NEAR_IN && m->pos.y >= f.y0 - NEAR_IN &&
			    m->pos.y <= f.y1 + NEAR_IN)
				arbsvg__bounds_add_base(&near, m->pos, m->facing_deg, &m->base,
				                        c->zone + 0.3);
		}
	f = near;
	f.x0 -= FOCUS_PAD;
	f.y0 -= FOCUS_PAD;
	f.x1 += FOCUS_PAD;
	f.y1 += FOCUS_PAD;
	at_least(&f.x0, &f.x1, FOCUS_MIN_W);
	at_least(&f.y0, &f.y1, FOCUS_MIN_H);
	/* never past what the whole drawing would show */
	f.x0 = fmax(f.x0, content->x0);
	f.y0 = fmax(f.y0, content->y0);
	f.x1 = fmin(f.x1, content->x1);
	f.y1 = fmin(f.y1, content->y1);
	double cw = content->x1 - content->x0, ch = content->y1 - content->y0;
	if (!(f.x1 > f.x0 && f.y1 > f.y0) || ((f.x1 - f.x0) > 0.7 * cw && (f.y1 - f.y0) > 0.7 * ch))
		return false;
	*out = f;
	return true;
}

void arbsvg__draw_inset(ctx *c, double x, double y, double width)
{
	const arb_scenario *s = c->s;
	double bw = s->board_w, bh = s->board_h;
	if (!(bw > 0 && bh > 0 && isfinite(bw) && isfinite(bh)))
		return;
	view w = {.ppi = width / bw, .xmin = 0, .ymax = bh, .left = x, .top = y + 14};
	strbuf *b = c->b;
	strbuf_puts(b, "<g class=\"inset\">\n");
	strbuf_putf(b,
	            "<text x=\"%.3f\" y=\"%.3f\" font-size=\"10\" fill=\"#555\">the whole board, "
	            "%g x %g in</text>\n",
	            x, y + 9, bw, bh);
	strbuf_putf(b,
	            "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"#f6f3ea\" "
	            "stroke=\"#555\"/>\n",
	            vx(&w, 0), vy(&w, bh), bw * w.ppi, bh * w.ppi);
	for (size_t i = 0; i < s->n_terrain; i++) {
		if (s->terrain[i].n_poly < 3)
			continue;
		strbuf_puts(b, "<polygon fill=\"#cfd8c0\" stroke=\"none\" points=\"");
		for (size_t j = 0; j < s->terrain[i].n_poly; j++)
			strbuf_putf(b, "%s%.2f,%.2f", j ? " " : "", vx(&w, s->terrain[i].poly[j].x),
			            vy(&w, s->terrain[i].poly[j].y));
		strbuf_puts(b, "\"/>\n");
	}
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *u = &s->units[i];
		bool actor = c->have_actor && u->side && c->actor_side &&
		             strcmp(u->side, c->actor_side) == 0;
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			if (finite2(m->pos))
				strbuf_putf(
				    b, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"1.6\" fill=\"%s\"/>\n",
				    vx(&w, m->pos.x), vy(&w, m->pos.y),
				    actor ? "#1f5fa8" : "#b0302a");
		}
	}
	const bounds *f = &c->vis;
	strbuf_putf(b,
	            "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"none\" "
	            "stroke=\"#111\" stroke-width=\"1.5\"/>\n</g>\n",
	            vx(&w, fmax(f->x0, 0)), vy(&w, fmin(f->y1, bh)),
	            (fmin(f->x1, bw) - fmax(f->x0, 0)) * w.ppi,
	            (fmin(f->y1, bh) - fmax(f->y0, 0)) * w.ppi);
}

void arbsvg__draw_scale(ctx *c, double x, double y)
{
	static const double lengths[] = {0.25, 0.5, 1, 2, 3, 6, 12, 24, 48};
	double len = lengths[0];
	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
		len = lengths[i];
		if (len * c->w.ppi >= 60)
			break;
	}
	double px = len * c->w.ppi;
	strbuf_putf(c->b,
	            "<g class=\"scale\" stroke=\"#111\" stroke-width=\"1.5\">\n"
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n"
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n"
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n"
	            "<text x=\"%.3f\" y=\"%.3f\" font-size=\"11\" fill=\"#111\" stroke=\"none\">"
	            "%g in</text>\n</g>\n",
	            x, y, x + px, y, x, y - 4, x, y + 4, x + px, y - 4, x + px, y + 4, x + px + 6,
	            y + 4, len);
}
