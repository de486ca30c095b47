/* svg_label.c: where every label of the drawing goes, decided before
 * anything is written, so that no two labels ever overlap.
 *
 * Labels are placed one at a time into the free room of the picture (the
 * view: inside the frame, never over the inset): first the measurements'
 * (violated ones first: they decide), then the terrain's, then the
 * models'. A label tries the spots beside its thing, then spots further
 * out joined to it by a leader line; a spot must be inside the view and
 * clear of every label placed before (and, at first, of every base).
 * A label with no free spot is not drawn: the caption below the picture
 * says it in words (a model's ID is also its base's tooltip). Widths are
 * estimated generously from the characters, since the font is the
 * reader's (tests/browser/ref.mjs measures the real boxes). */
#include "svg_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double arbsvg__text_width(const char *s, double px, bool bold)
{
	double em = 0;
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		unsigned ch = *p;
		if ((ch & 0xC0) == 0x80)
			continue; /* the rest of a UTF-8 character */
		if (ch >= 0x80 || strchr("MWmw@%", (int)ch))
			em += 1.0;
		else if (ch >= 'A' && ch <= 'Z')
			em += 0.8;
		else if (strchr(".,:;'|!il ", (int)ch))
			em += 0.36;
		else
			em += 0.66;
	}
	return em * px * (bold ? 1.1 : 1.0);
}

/* The labels placed so far, and the bases (which a label avoids where it
 * can, covers where it must). */
typedef struct room {
	const ctx *c;
	box *taken;
	size_t n, cap;
	box *bases;
	size_t n_bases;
	bool oom;
} room;

static bool inside(const box *area, const box *b)
{
	return b->x0 >= area->x0 && b->x1 <= area->x1 && b->y0 >= area->y0 && b->y1 <= area->y1;
}

/* Whether b is free: in the view, over no label, and (avoid_bases) over
 * no base but skip's (the label's own model; SIZE_MAX none). */
static bool is_free(const room *r, const box *b, bool avoid_bases, size_t skip)
{
	if (!inside(&r->c->area, b))
		return false;
	for (size_t i = 0; i < r->n; i++)
		if (box_hits(b, &r->taken[i]))
			return false;
	for (size_t i = 0; avoid_bases && i < r->n_bases; i++)
		if (i != skip && box_hits(b, &r->bases[i]))
			return false;
	return true;
}

static void take(room *r, box b)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 64;
		box *t = realloc(r->taken, cap * sizeof *t);
		if (!t) {
			r->oom = true;
			return;
		}
		r->taken = t;
		r->cap = cap;
	}
	r->taken[r->n++] = b;
}

/* Adds text as caption lines of at most about 110 characters, broken at
 * spaces. */
static void caption_add(ctx *c, const char *text)
{
	const size_t max = 110;
	const char *p = text;
	while (*p) {
		size_t n = strlen(p);
		if (n > max) {
			n = max;
			while (n > 40 && p[n] != ' ')
				n--;
			if (p[n] != ' ')
				n = max;
		}
		strbuf_put(&c->caption, p, n);
		strbuf_puts(&c->caption, "\n");
		c->n_caption++;
		p += n;
		while (*p == ' ')
			p++;
	}
}

/* Cuts the segment (x0,y0)-(x1,y1) to the box a (Liang-Barsky); false
 * when none of it lies in a. */
static bool clip(const box *a, double *x0, double *y0, double *x1, double *y1)
{
	double t0 = 0, t1 = 1, dx = *x1 - *x0, dy = *y1 - *y0;
	const double p[4] = {-dx, dx, -dy, dy};
	const double q[4] = {*x0 - a->x0, a->x1 - *x0, *y0 - a->y0, a->y1 - *y0};
	for (int i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return false;
			continue;
		}
		double r = q[i] / p[i];
		if (p[i] < 0)
			t0 = fmax(t0, r);
		else
			t1 = fmin(t1, r);
	}
	if (t0 > t1)
		return false;
	double ox = *x0, oy = *y0;
	*x0 = ox + t0 * dx;
	*y0 = oy + t0 * dy;
	*x1 = ox + t1 * dx;
	*y1 = oy + t1 * dy;
	return true;
}

/* The measurements' labels: beside the middle of the line, right then
 * left, then a row higher or lower each round. */
static void place_measures(room *r, ctx *c)
{
	const view *w = &c->w;
	const arb_verdict *v = c->v;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < v->n_trace; i++) {
			const arb_trace *t = &v->trace[i];
			bool violated;
			if (!arbsvg__drawable_measure(t) ||
			    !arbsvg__measure_group(v, i, &violated) || violated != (pass == 0))
				continue;
			const arb_measure *m = &t->result.measure;
			/* beside the middle of the part of the line in the view (a
			 * line to a model far off the frame is cut at its edge) */
			double x0 = vx(w, m->p.x), y0 = vy(w, m->p.y);
			double x1 = vx(w, m->q.x), y1 = vy(w, m->q.y);
			if (!clip(&c->area, &x0, &y0, &x1, &y1))
				continue; /* wholly out of the view: not seen, nothing to label */
			double mx = (x0 + x1) / 2, my = (y0 + y1) / 2 - 5;
			char first[160];
			snprintf(first, sizeof first, "%s %.2f in", arbsvg__trace_clause(t),
			         m->figure);
			double width = arbsvg__text_width(first, violated ? 11 : 10, violated) + 6;
			if (isfinite(m->limit))
				width = fmax(width,
				             arbsvg__text_width("limit 000.00 in", 9, false) + 6);
			double hgt = isfinite(m->limit) ? 25 : 14;
			label_at *at = &c->meas[i];
			for (int tries = 0; tries < 96 && !at->shown; tries++) {
				bool right = tries % 2 == 0;
				int k = tries / 2; /* rows: 0, up 1, down 1, up 2, ... */
				double row = k == 0 ? 0 : (k % 2 ? -(double)((k + 1) / 2) : k / 2);
				double bx0 = right ? mx + 5 : mx - 5 - width;
				double by1 = my + 3 + 13.0 * row;
				box b = {bx0, by1 - hgt, bx0 + width, by1};
				if (is_free(r, &b, false, SIZE_MAX)) {
					at->b = b;
					at->x = bx0 + 3;
					at->y = b.y0 + 11;
					at->shown = true;
				}
			}
			if (at->shown) {
				take(r, at->b);
				continue;
			}
			char line[400];
			if (isfinite(m->limit))
				snprintf(
				    line, sizeof line,
				    "No room beside its line for the label: %s, limit %.2f in.",
				    first, m->limit);
			else
				snprintf(line, sizeof line,
				         "No room beside its line for the label: %s.", first);
			caption_add(c, line);
		}
}

/* A terrain piece's label: at the mean of its vertices, or a little above
 * or below it. */
static void place_terrain(room *r, ctx *c)
{
	const view *w = &c->w;
	for (size_t i = 0; i < c->s->n_terrain; i++) {
		const arb_terrain *t = &c->s->terrain[i];
		arb_vec2 sum = {0, 0};
		size_t n = 0;
		for (size_t j = 0; j < t->n_poly; j++)
			if (finite2(t->poly[j])) {
				sum.x += t->poly[j].x;
				sum.y += t->poly[j].y;
				n++;
			}
		if (!n)
			continue;
		char text[300];
		snprintf(text, sizeof text, "%.120s (%.120s)", t->id ? t->id : "",
		         t->kind ? t->kind : "");
		double width = arbsvg__text_width(text, 10, false) + 4;
		double cx = vx(w, sum.x / (double)n), cy = vy(w, sum.y / (double)n) + 3;
		/* a piece wholly out of the view is not seen there (the inset
		 * shows it): no label; one partly in it is labelled in its
		 * visible part */
		box tb = {INFINITY, INFINITY, -INFINITY, -INFINITY};
		for (size_t j = 0; j < t->n_poly; j++)
			if (finite2(t->poly[j])) {
				tb.x0 = fmin(tb.x0, vx(w, t->poly[j].x));
				tb.x1 = fmax(tb.x1, vx(w, t->poly[j].x));
				tb.y0 = fmin(tb.y0, vy(w, t->poly[j].y));
				tb.y1 = fmax(tb.y1, vy(w, t->poly[j].y));
			}
		if (!box_hits(&tb, &c->area))
			continue;
		cx = fmin(fmax(cx, fmax(tb.x0, c->area.x0) + width / 2),
		          fmin(tb.x1, c->area.x1) - width / 2);
		cy = fmin(fmax(cy, fmax(tb.y0, c->area.y0) + 11), fmin(tb.y1, c->area.y1) - 3);
		label_at *at = &c->terr[i];
		static const double dy[] = {0, -14, 14, -28, 28, -42, 42};
		for (size_t k = 0; k < sizeof dy / sizeof dy[0] && !at->shown; k++) {
			box b = {cx - width / 2, cy + dy[k] - 11, cx + width / 2, cy + dy[k] + 3};
			if (is_free(r, &b, false, SIZE_MAX)) {
				at->b = b;
				at->x = cx;
				at->y = cy + dy[k];
				at->shown = true;
				take(r, b);
			}
		}
		if (!at->shown) {
			char line[400];
			snprintf(line, sizeof line, "No room for the label of terrain %s.", text);
			caption_add(c, line);
		}
	}
}

/* A model's label: above its base, below, right, left (clear of every
 * base, then over bases if it must), then further out in eight
 * directions with a leader line (clear of bases first again). */
static bool place_model(room *r, label_at *at, size_t self, const char *id, double cx, double cy,
                        double ex, double ey)
{
	double width = arbsvg__text_width(id, 10, false) + 4, h = 14;
	box near[4] = {
	    {cx - width / 2, cy - ey - h - 1, cx + width / 2, cy - ey - 1},
	    {cx - width / 2, cy + ey + 1, cx + width / 2, cy + ey + h + 1},
	    {cx + ex + 2, cy - h / 2, cx + ex + 2 + width, cy + h / 2},
	    {cx - ex - 2 - width, cy - h / 2, cx - ex - 2, cy + h / 2},
	};
	for (int avoid = 1; avoid >= 0; avoid--)
		for (int k = 0; k < 4; k++)
			if (is_free(r, &near[k], avoid, self)) {
				at->b = near[k];
				at->shown = true;
				return true;
			}
	/* up, down, right, left, then the diagonals */
	static const double dir[8][2] = {{0, -1}, {0, 1},   {1, 0}, {-1, 0},
	                                 {1, -1}, {-1, -1}, {1, 1}, {-1, 1}};
	for (int avoid = 1; avoid >= 0; avoid--)
		for (double out = 12; out <= 60; out += 12)
			for (int k = 0; k < 8; k++) {
				double bx = cx + dir[k][0] * (ex + out + width / 2);
				double by = cy + dir[k][1] * (ey + out + h / 2);
				box b = {bx - width / 2, by - h / 2, bx + width / 2, by + h / 2};
				if (!is_free(r, &b, avoid, self))
					continue;
				at->b = b;
				at->shown = at->leader = true;
				/* from the base's edge towards the label */
				double dx = bx - cx, dy = by - cy, d = hypot(dx, dy);
				double rad = fmin(ex, ey);
				at->fx = cx + (d > 0 ? dx / d * rad : 0);
				at->fy = cy + (d > 0 ? dy / d * rad : 0);
				return true;
			}
	return false;
}

static void place_models(room *r, ctx *c)
{
	const view *w = &c->w;
	strbuf missing = {0};
	size_t k = 0, n_missing = 0;
	for (size_t i = 0; i < c->s->n_units; i++)
		for (size_t j = 0; j < c->s->units[i].n_models; j++, k++) {
			const arb_model *m = &c->s->units[i].models[j];
			if (!finite2(m->pos) || !m->id)
				continue;
			arb_vec2 e = arbsvg__base_extent(m->facing_deg, &m->base, 0);
			label_at *at = &c->mod[k];
			if (!box_hits(&r->bases[k], &c->area))
				continue; /* out of the view: not seen there, no label */
			if (place_model(r, at, k, m->id, vx(w, m->pos.x), vy(w, m->pos.y),
			                e.x * w->ppi, e.y * w->ppi)) {
				at->x = (at->b.x0 + at->b.x1) / 2;
				at->y = at->b.y1 - 3.5;
				take(r, at->b);
			} else {
				strbuf_puts(&missing, n_missing++ ? ", " : "");
				strbuf_puts(&missing, m->id);
			}
		}
	if (n_missing) {
		strbuf line = {0};
		strbuf_putf(&line,
		            "No room for the label of %zu model%s (its ID is its base's tooltip): ",
		            n_missing, n_missing == 1 ? "" : "s");
		if (missing.s)
			strbuf_puts(&line, missing.s);
		strbuf_puts(&line, ".");
		c->caption.oom |= line.oom || missing.oom;
		if (line.s)
			caption_add(c, line.s);
		strbuf_free(&line);
	}
	strbuf_free(&missing);
}

/* The number of each log event that carries paths (svg.c draws its moves
 * muted), beside the start of its first path, placed as a model's label
 * is, after every other label: one that finds no room is left out (the
 * path's tooltip names its event). */
static void place_events(room *r, ctx *c)
{
	const arb_context *x = &c->s->context;
	for (size_t k = 0; k < x->n_log; k++) {
		const arb_path *p = x->log[k].n_paths ? &x->log[k].paths[0] : NULL;
		if (!p || !p->n_pts || !finite2(p->pts[0]))
			continue;
		char num[24];
		snprintf(num, sizeof num, "%zu", k + 1);
		label_at *at = &c->ev[k];
		if (place_model(r, at, SIZE_MAX, num, vx(&c->w, p->pts[0].x),
		                vy(&c->w, p->pts[0].y), 3, 3)) {
			at->x = (at->b.x0 + at->b.x1) / 2;
			at->y = at->b.y1 - 3.5;
			take(r, at->b);
		}
	}
}

/* Every violated clause the drawing has no line for (a count, a status, a
 * history: nothing with points) and every clause of a dispute without one
 * is said in the caption, so that no deciding clause is silently absent. */
static bool is_disputed(const arb_verdict *v, const char *id)
{
	for (size_t k = 0; k < v->n_disputed; k++)
		if (v->disputed[k] && strcmp(v->disputed[k], id) == 0)
			return true;
	return false;
}

/* Whether a line of clause id is drawn (one that decides, when violated). */
static bool line_drawn(const arb_verdict *v, const char *id, bool violated)
{
	for (size_t j = 0; j < v->n_trace; j++) {
		const arb_trace *u = &v->trace[j];
		if (strcmp(arbsvg__trace_clause(u), id) == 0 && arbsvg__drawable_measure(u) &&
		    (!violated || arbsvg__decides_violated(u)))
			return true;
	}
	return false;
}

static void caption_unmeasured(ctx *c)
{
	const arb_verdict *v = c->v;
	strbuf said = {0};
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		const char *id = arbsvg__trace_clause(t);
		bool violated = arbsvg__decides_violated(t);
		bool disputed = !violated && is_disputed(v, id) && t->result.outcome != ARB_NA &&
		                !t->overridden_by && !t->not_selected;
		if ((!violated && !disputed) || line_drawn(v, id, violated) ||
		    str_list_has(said.s, id, strlen(id)))
			continue;
		strbuf_puts(&said, id);
		strbuf_puts(&said, " ");
		char line[512];
		snprintf(line, sizeof line, "%s %s, nothing to draw: %.*s", id,
		         violated ? "violated" : "in the dispute",
		         (int)strnlen(t->result.explanation, sizeof t->result.explanation),
		         t->result.explanation);
		caption_add(c, line);
	}
	c->caption.oom |= said.oom;
	strbuf_free(&said);
}

int arbsvg__layout(ctx *c)
{
	const arb_scenario *s = c->s;
	size_t n_models = 0;
	for (size_t i = 0; i < s->n_units; i++)
		n_models += s->units[i].n_models;
	size_t n_trace = c->v && c->v->trace ? c->v->n_trace : 0;
	room r = {.c = c};
	c->meas = calloc(n_trace + 1, sizeof *c->meas);
	c->terr = calloc(s->n_terrain + 1, sizeof *c->terr);
	c->mod = calloc(n_models + 1, sizeof *c->mod);
	c->ev = calloc(s->context.n_log + 1, sizeof *c->ev);
	r.bases = calloc(n_models + 1, sizeof *r.bases);
	if (!c->meas || !c->terr || !c->mod || !c->ev || !r.bases) {
		free(r.bases);
		return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < s->n_units; i++)
		for (size_t j = 0; j < s->units[i].n_models; j++, k++) {
			const arb_model *m = &s->units[i].models[j];
			if (!finite2(m->pos)) {
				r.bases[k] = (box){NAN, NAN, NAN, NAN}; /* hits nothing */
				continue;
			}
			arb_vec2 e = arbsvg__base_extent(m->facing_deg, &m->base, 0);
			r.bases[k] = (box){vx(&c->w, m->pos.x - e.x), vy(&c->w, m->pos.y + e.y),
			                   vx(&c->w, m->pos.x + e.x), vy(&c->w, m->pos.y - e.y)};
		}
	r.n_bases = n_models;
	if (n_trace) {
		place_measures(&r, c);
		caption_unmeasured(c);
	}
	place_terrain(&r, c);
	place_models(&r, c);
	place_events(&r, c);
	free(r.taken);
	free(r.bases);
	return r.oom || c->caption.oom ? -1 : 0;
}

void arbsvg__layout_free(ctx *c)
{
	free(c->meas);
	free(c->terr);
	free(c->mod);
	free(c->ev);
	strbuf_free(&c->caption);
}

void arbsvg__draw_model_labels(ctx *c)
{
	strbuf *b = c->b;
	size_t k = 0;
	strbuf_puts(b, "<g class=\"leaders\" stroke=\"#666\" stroke-width=\"0.8\">\n");
	for (size_t i = 0; i < c->s->n_units; i++)
		for (size_t j = 0; j < c->s->units[i].n_models; j++, k++) {
			const label_at *at = &c->mod[k];
			if (!at->shown || !at->leader)
				continue;
			/* to the nearest point of the label's box */
			double tx = fmin(fmax(at->fx, at->b.x0), at->b.x1);
			double ty = fmin(fmax(at->fy, at->b.y0), at->b.y1);
			strbuf_putf(b, "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n",
			            at->fx, at->fy, tx, ty);
		}
	strbuf_puts(b, "</g>\n<g class=\"labels\" font-size=\"10\" text-anchor=\"middle\" "
	               "fill=\"#222\" stroke=\"#fff\" stroke-width=\"2.5\" "
	               "paint-order=\"stroke\">\n");
	k = 0;
	for (size_t i = 0; i < c->s->n_units; i++)
		for (size_t j = 0; j < c->s->units[i].n_models; j++, k++) {
			const label_at *at = &c->mod[k];
			if (!at->shown)
				continue;
			strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\">", at->x, at->y);
			arbsvg__text(b, c->s->units[i].models[j].id);
			strbuf_puts(b, "</text>\n");
		}
	strbuf_puts(b, "</g>\n");
}

void arbsvg__draw_caption(ctx *c, double y)
{
	if (!c->n_caption || !c->caption.s)
		return;
	strbuf *b = c->b;
	strbuf_puts(b, "<g class=\"caption\" font-size=\"11\" fill=\"#222\">\n");
	for (const char *p = c->caption.s; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		strbuf_putf(b, "<text x=\"10\" y=\"%.3f\">", y);
		arbsvg__textn(b, p, n);
		strbuf_puts(b, "</text>\n");
		y += ARBSVG_CAPTION_LH;
		p += n + (e ? 1 : 0);
	}
	strbuf_puts(b, "</g>\n");
}
