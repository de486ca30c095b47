/* svg.c: the scenario picture of `arbiter explain` (see svg.h).
 *
 * Every coordinate is computed here (no SVG transforms) so that the y flip
 * of the table never mirrors the text, and printed with "%.3f" so that the
 * same scenario always gives the same bytes. */
#include "svg.h"

#include "svg_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Length of the valid UTF-8 sequence at s (at most max bytes) of a
 * character XML 1.0 allows, or 0 when it is invalid: such bytes would
 * make the document ill-formed, so the caller replaces them. */
static size_t utf8_ok(const unsigned char *s, size_t max)
{
	unsigned c = s[0];
	size_t len;
	uint32_t cp;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
		cp = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		cp = c & 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (len > max)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
		return 0;
	if ((cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF)
		return 0;
	return len;
}

/* Appends at most max bytes of s as XML character data / attribute text:
 * the five markup characters escaped, characters XML forbids (control
 * bytes, broken UTF-8) replaced by '?'. NULL appends nothing. */
void arbsvg__textn(strbuf *b, const char *s, size_t max)
{
	if (!s)
		return;
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strnlen(s, max);
	for (size_t i = 0; i < n;) {
		unsigned char c = u[i];
		switch (c) {
		case '&':
			strbuf_puts(b, "&amp;");
			i++;
			continue;
		case '<':
			strbuf_puts(b, "&lt;");
			i++;
			continue;
		case '>':
			strbuf_puts(b, "&gt;");
			i++;
			continue;
		case '"':
			strbuf_puts(b, "&quot;");
			i++;
			continue;
		case '\'':
			strbuf_puts(b, "&apos;");
			i++;
			continue;
		default:
			break;
		}
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
			strbuf_put(b, "?", 1);
			i++;
			continue;
		}
		size_t len = utf8_ok(u + i, n - i);
		if (len == 0) {
			strbuf_put(b, "?", 1);
			i++;
			continue;
		}
		strbuf_put(b, s + i, len);
		i += len;
	}
}

void arbsvg__text(strbuf *b, const char *s)
{
	arbsvg__textn(b, s, SIZE_MAX);
}

/* ------------------------------------------------------------------ */
/* Table to picture coordinates                                        */
/* ------------------------------------------------------------------ */

/* "x,y" of a table point in picture coordinates, after a space unless it
 * is the first of a list. */
/* The turn of step j of path p (from point j to point j + 1) of model m in
 * degrees, as the kernel reads it (CONV.TURN.2); 0 for a translation or a
 * path of no known model. */
static double turn_of(const arb_path *p, const arb_model *m, size_t j)
{
	if (!m || !p->steps || p->steps[j].kind != ARB_STEP_ROTATE)
		return 0;
	double a = arb_path_turn(p, m, j);
	return isfinite(a) ? a : 0;
}

static void sb_pt(strbuf *b, const view *w, arb_vec2 p, bool first)
{
	strbuf_putf(b, "%s%.3f,%.3f", first ? "" : " ", vx(w, p.x), vy(w, p.y));
}

/* ------------------------------------------------------------------ */
/* Bases                                                               */
/* ------------------------------------------------------------------ */

static double mm_to_in(double mm)
{
	double v = mm / ARB_MM_PER_INCH;
	return isfinite(v) && v > 0 ? v : 0;
}

static arb_vec2 dir_of(double deg)
{
	double a = (isfinite(deg) ? deg : 0) * M_PI / 180.0;
	arb_vec2 d = {cos(a), sin(a)};
	return d;
}

/* Corners of a rectangular base, counter-clockwise from front-right:
 * depth runs along the facing, the frontage across it. */
static void rect_corners(arb_vec2 c, double facing, const arb_base *b, arb_vec2 out[4])
{
	arb_vec2 f = dir_of(facing), l = {-f.y, f.x};
	double hd = mm_to_in(b->depth_mm) / 2, hw = mm_to_in(b->w_mm) / 2;
	const double sf[4] = {1, 1, -1, -1}, sl[4] = {-1, 1, 1, -1};
	for (int i = 0; i < 4; i++) {
		out[i].x = c.x + sf[i] * hd * f.x + sl[i] * hw * l.x;
		out[i].y = c.y + sf[i] * hd * f.y + sl[i] * hw * l.y;
	}
}

/* Half-extents along x and y of a base at facing, grown by margin. */
arb_vec2 arbsvg__base_extent(double facing, const arb_base *b, double margin)
{
	arb_vec2 e;
	if (b->shape == ARB_BASE_RECT) {
		arb_vec2 f = dir_of(facing);
		double hd = mm_to_in(b->depth_mm) / 2, hw = mm_to_in(b->w_mm) / 2;
		e.x = fabs(f.x) * hd + fabs(f.y) * hw;
		e.y = fabs(f.y) * hd + fabs(f.x) * hw;
	} else {
		e.x = e.y = mm_to_in(b->d_mm) / 2;
	}
	e.x += margin;
	e.y += margin;
	return e;
}

void arbsvg__bounds_add_base(bounds *bb, arb_vec2 c, double facing, const arb_base *b,
                             double margin)
{
	arb_vec2 e = arbsvg__base_extent(facing, b, margin);
	bounds_add(bb, c.x - e.x, c.y - e.y);
	bounds_add(bb, c.x + e.x, c.y + e.y);
}

/* The outline of a base; attrs are the presentation attributes; title,
 * when not NULL, its tooltip (the model's ID). */
static void draw_base(strbuf *b, const view *w, arb_vec2 c, double facing, const arb_base *base,
                      const char *attrs, const char *title)
{
	if (base->shape == ARB_BASE_RECT) {
		arb_vec2 k[4];
		rect_corners(c, facing, base, k);
		strbuf_puts(b, "<polygon points=\"");
		for (int i = 0; i < 4; i++)
			sb_pt(b, w, k[i], i == 0);
		strbuf_putf(b, "\" %s", attrs);
	} else {
		strbuf_putf(b, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" %s", vx(w, c.x),
		            vy(w, c.y), mm_to_in(base->d_mm) / 2 * w->ppi, attrs);
	}
	if (!title) {
		strbuf_puts(b, "/>\n");
		return;
	}
	strbuf_puts(b, "><title>");
	arbsvg__text(b, title);
	strbuf_puts(b,
	            base->shape == ARB_BASE_RECT ? "</title></polygon>\n" : "</title></circle>\n");
}

/* The set of points within z of a base: a circle for a round base, the
 * rectangle with its edges pushed out by z and quarter-circle corners
 * (as a polygon, 6 segments a corner) for a rectangular one. */
static void draw_zone(strbuf *b, const view *w, arb_vec2 c, double facing, const arb_base *base,
                      double z, const char *attrs)
{
	if (base->shape != ARB_BASE_RECT) {
		strbuf_putf(b, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" %s/>\n", vx(w, c.x),
		            vy(w, c.y), (mm_to_in(base->d_mm) / 2 + z) * w->ppi, attrs);
		return;
	}
	arb_vec2 k[4];
	rect_corners(c, facing, base, k);
	double f0 = isfinite(facing) ? facing : 0;
	strbuf_puts(b, "<path d=\"");
	for (int i = 0; i < 4; i++) {
		/* corner i turns from the outward normal of edge i-1 (facing +
		 * 90*(i-1) degrees) to that of edge i (facing + 90*i). */
		for (int s = 0; s <= 6; s++) {
			double a = (f0 + 90.0 * (i - 1) + 15.0 * s) * M_PI / 180.0;
			arb_vec2 p = {k[i].x + z * cos(a), k[i].y + z * sin(a)};
			strbuf_putf(b, "%s%.3f,%.3f", i == 0 && s == 0 ? "M" : " L", vx(w, p.x),
			            vy(w, p.y));
		}
	}
	strbuf_putf(b, " Z\" %s/>\n", attrs);
}

/* ------------------------------------------------------------------ */
/* Colours                                                             */
/* ------------------------------------------------------------------ */

static const palette ACTOR_SIDE = {"#9ec5ee", "#1f5fa8"};
static const palette OTHER_SIDE = {"#f2b1a4", "#b0302a"};

static bool same_str(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* Terrain fill by kind: the kinds the rulesets name get a colour that
 * reads as that kind; any other kind a pastel picked by a hash of its
 * name, so that it is stable from one run to the next. */
static const char *terrain_fill(const char *kind)
{
	static const struct {
		const char *kind, *fill;
	} known[] = {
	    {"difficult", "#bcd9a3"}, {"dangerous", "#e9b9d9"}, {"impassable", "#9a9a9a"},
	    {"obstacle", "#cfb38a"},  {"water", "#a9d1ef"},     {"building", "#b9ab98"},
	    {"hill", "#dccf97"},      {"forest", "#8fc28a"},    {"wood", "#8fc28a"},
	    {"open", "#ecebe3"},
	};
	static const char *const pastel[] = {"#c9d7f0", "#f0d9c9", "#d9f0c9",
	                                     "#f0c9e3", "#c9f0ec", "#ece3b5"};
	if (!kind)
		return pastel[0];
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(kind, known[i].kind) == 0)
			return known[i].fill;
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)kind; *p; p++)
		h = (h ^ *p) * 16777619u;
	return pastel[h % (sizeof pastel / sizeof pastel[0])];
}

/* ------------------------------------------------------------------ */
/* The drawing                                                         */
/* ------------------------------------------------------------------ */

#define STRIP_H  84.0 /* title and legend strip, px */
#define MARGIN_L 30.0 /* room for the y axis labels */
#define MARGIN_R 14.0
#define MARGIN_B 24.0 /* room for the x axis labels */
#define MIN_W    600.0
#define PAD_IN   0.5  /* space around the content, inches */
#define GRID_MAX 2000 /* lines per axis before the grid thins out */

static bool is_enemy(const ctx *c, const arb_unit *u)
{
	return c->have_actor && !same_str(u->side, c->actor_side);
}

/* Whether the keep-out zone is drawn round u's models: an enemy's, or,
 * where the rule keeps a unit from friends too, any unit but the actor. */
static bool has_zone(const ctx *c, const arb_unit *u)
{
	return is_enemy(c, u) ||
	       (c->zone_friends && c->have_actor && !same_str(u->id, c->s->action.unit));
}

static const palette *unit_palette(const ctx *c, const arb_unit *u)
{
	return c->have_actor && same_str(u->side, c->actor_side) ? &ACTOR_SIDE : &OTHER_SIDE;
}

static bounds content_bounds(const ctx *c)
{
	const arb_scenario *s = c->s;
	bounds bb = {0};
	if (s->board_w > 0 && s->board_h > 0) {
		bounds_add(&bb, 0, 0);
		bounds_add(&bb, s->board_w, s->board_h);
	}
	for (size_t i = 0; i < s->n_terrain; i++)
		for (size_t j = 0; j < s->terrain[i].n_poly; j++)
			bounds_add(&bb, s->terrain[i].poly[j].x, s->terrain[i].poly[j].y);
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *u = &s->units[i];
		double z = has_zone(c, u) ? c->zone : 0;
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			arbsvg__bounds_add_base(&bb, m->pos, m->facing_deg, &m->base, z + 0.3);
		}
	}
	for (size_t i = 0; i < s->action.n_paths; i++) {
		const arb_path *p = &s->action.paths[i];
		const arb_model *m = p->model ? arb_scenario_model(s, p->model, NULL) : NULL;
		for (size_t j = 0; j < p->n_pts; j++) {
			if (m)
				arbsvg__bounds_add_base(&bb, p->pts[j], arb_path_facing(p, m, j),
				                        &m->base, 0);
			else
				bounds_add(&bb, p->pts[j].x, p->pts[j].y);
			/* an arc bulges past its two ends: eight points of it */
			double turn = j + 1 < p->n_pts ? turn_of(p, m, j) : 0;
			for (int k = 1; turn != 0 && k < 8; k++) {
				double a = turn * k / 8 * (3.14159265358979323846 / 180);
				arb_vec2 v = {p->pts[j].x - p->steps[j].pivot.x,
				              p->pts[j].y - p->steps[j].pivot.y};
				bounds_add(&bb, p->steps[j].pivot.x + v.x * cos(a) - v.y * sin(a),
				           p->steps[j].pivot.y + v.x * sin(a) + v.y * cos(a));
			}
		}
	}
	if (c->v)
		for (size_t i = 0; i < c->v->n_trace; i++) {
			const arb_result *r = &c->v->trace[i].result;
			if (r->has_measure && r->measure.points) {
				bounds_add(&bb, r->measure.p.x, r->measure.p.y);
				bounds_add(&bb, r->measure.q.x, r->measure.q.y);
			}
		}
	if (!bb.any) {
		bounds_add(&bb, 0, 0);
		bounds_add(&bb, 1, 1);
	}
	bb.x0 -= PAD_IN;
	bb.y0 -= PAD_IN;
	bb.x1 += PAD_IN;
	bb.y1 += PAD_IN;
	return bb;
}

/* A text line of the strip: raw (unescaped) text is composed in t first,
 * so that its length can size the picture, then written escaped. */
static void strip_line(ctx *c, double y, const char *attrs, const strbuf *t)
{
	strbuf_putf(c->b, "<text x=\"10\" y=\"%.3f\" %s>", y, attrs);
	if (t->s)
		arbsvg__text(c->b, t->s);
	strbuf_puts(c->b, "</text>\n");
}

static void compose_strip(const ctx *c, strbuf t[3])
{
	const arb_scenario *s = c->s;
	const arb_action *a = &s->action;
	strbuf_puts(&t[0], s->id ? s->id : "(scenario without id)");
	if (s->ruleset) {
		strbuf_puts(&t[0], " \xE2\x80\x94 ");
		strbuf_puts(&t[0], s->ruleset);
	}
	strbuf_puts(&t[1], "action: ");
	strbuf_puts(&t[1], a->type ? a->type : "(none)");
	if (a->unit) {
		strbuf_puts(&t[1], " by ");
		strbuf_puts(&t[1], a->unit);
	}
	if (!a->voluntary)
		strbuf_puts(&t[1], " (involuntary)");
	if (a->n_targets) {
		strbuf_puts(&t[1], ", targets ");
		for (size_t i = 0; i < a->n_targets; i++) {
			strbuf_puts(&t[1], i ? " " : "");
			strbuf_puts(&t[1], a->targets[i] ? a->targets[i] : "?");
		}
	}
	if (s->context.phase) {
		strbuf_puts(&t[1], "; phase ");
		strbuf_puts(&t[1], s->context.phase);
		if (s->context.subphase) {
			strbuf_puts(&t[1], "/");
			strbuf_puts(&t[1], s->context.subphase);
		}
	}
	if (s->context.battle_round > 0)
		strbuf_putf(&t[1], ", round %d", s->context.battle_round);
	if (s->board_w > 0 && s->board_h > 0)
		strbuf_putf(&t[1], "; board %g x %g in", s->board_w, s->board_h);

	if (!c->v) {
		strbuf_puts(&t[2], "verdict: (not judged)");
		return;
	}
	const arb_verdict *v = c->v;
	strbuf_puts(&t[2], "verdict: ");
	const char *k = arb_verdict_kind_name(v->kind);
	strbuf_puts(&t[2], k ? k : "?");
	if (v->n_violates) {
		strbuf_puts(&t[2], "; violates ");
		for (size_t i = 0; i < v->n_violates; i++) {
			strbuf_puts(&t[2], i ? ", " : "");
			strbuf_puts(&t[2], v->violates[i] ? v->violates[i] : "?");
		}
	}
	if (v->n_disputed) {
		strbuf_puts(&t[2], "; disputed ");
		for (size_t i = 0; i < v->n_disputed; i++) {
			strbuf_puts(&t[2], i ? ", " : "");
			strbuf_puts(&t[2], v->disputed[i] ? v->disputed[i] : "?");
		}
	}
}

/* Legend swatches on the last strip line, written into b; x advances by a
 * rough text width (6.5 px a character at 11 px). Returns the width used,
 * so that the picture can be made wide enough. */
static double draw_legend(const ctx *c, strbuf *b, double y)
{
	double x = 10;
	const char *text = "font-size=\"11\" fill=\"#333\"";
	if (c->have_actor) {
		strbuf_putf(b,
		            "<rect x=\"%.3f\" y=\"%.3f\" width=\"12\" height=\"9\" fill=\"%s\" "
		            "stroke=\"%s\"/>\n",
		            x, y - 9, ACTOR_SIDE.fill, ACTOR_SIDE.stroke);
		strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" %s>actor side ", x + 16, y, text);
		arbsvg__text(b, c->actor_side ? c->actor_side : "(none)");
		strbuf_puts(b, "</text>\n");
		x +=
		    16 + 6.5 * (11 + (double)strlen(c->actor_side ? c->actor_side : "(none)")) + 14;
	}
	strbuf_putf(b,
	            "<rect x=\"%.3f\" y=\"%.3f\" width=\"12\" height=\"9\" fill=\"%s\" "
	            "stroke=\"%s\"/>\n",
	            x, y - 9, OTHER_SIDE.fill, OTHER_SIDE.stroke);
	strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" %s>%s</text>\n", x + 16, y, text,
	            c->have_actor ? "other sides" : "models");
	x += 16 + 6.5 * 11 + 14;
	if (c->zone > 0 && c->have_actor) {
		strbuf_putf(b,
		            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"%s\" "
		            "stroke-dasharray=\"4 3\"/>\n",
		            x, y - 4, x + 14, y - 4, OTHER_SIDE.stroke);
		strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" %s>%.2f in around %s bases</text>\n",
		            x + 18, y, text, c->zone, c->zone_friends ? "other units'" : "enemy");
		x += 18 + 6.5 * (c->zone_friends ? 33 : 28) + 14;
	}
	strbuf_putf(b,
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"#555\" "
	            "stroke-dasharray=\"2 2\"/>\n",
	            x, y - 4, x + 14, y - 4);
	strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" %s>end position</text>\n", x + 18, y, text);
	x += 18 + 6.5 * 12 + 14;
	strbuf_putf(b,
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"%s\" "
	            "stroke-width=\"2\"/>\n",
	            x, y - 4, x + 14, y - 4, COLOUR_VIOLATED);
	strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" %s>measure, violated</text>\n", x + 18, y,
	            text);
	x += 18 + 6.5 * 17 + 14;
	strbuf_putf(b,
	            "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"%s\" "
	            "stroke-width=\"2\"/>\n",
	            x, y - 4, x + 14, y - 4, COLOUR_OK);
	strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" %s>measure, other</text>\n", x + 18, y, text);
	return x + 18 + 6.5 * 14;
}

/* Axis label step: 1, 2, 3, 6, 12... inches, at most about 12 labels. */
static double label_step(double extent)
{
	static const double steps[] = {1, 2, 3, 6, 12, 24, 48, 96, 192, 384};
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (extent / steps[i] <= 12)
			return steps[i];
	return ceil(extent / 12);
}

/* Axis labels in inches, so a reader can check a figure by eye: x from
 * x0 to x1 along the line at picture y ax, y from y0 to y1 at picture x ay. */
static void draw_axes(ctx *c, double x0, double x1, double y0, double y1, double ax, double ay)
{
	strbuf *b = c->b;
	const view *w = &c->w;
	strbuf_puts(b, "<g class=\"axes\" font-size=\"9\" fill=\"#777\">\n");
	double st = label_step(x1 - x0);
	for (double x = ceil(x0 / st - 1e-9) * st + 0.0; x <= x1 + 1e-9; x += st)
		strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" text-anchor=\"middle\">%g</text>\n",
		            vx(w, x), ax, x);
	st = label_step(y1 - y0);
	for (double y = ceil(y0 / st - 1e-9) * st + 0.0; y <= y1 + 1e-9; y += st)
		strbuf_putf(b, "<text x=\"%.3f\" y=\"%.3f\" text-anchor=\"end\">%g</text>\n", ay,
		            vy(w, y) + 3, y);
	strbuf_puts(b, "</g>\n");
}

static void draw_board(ctx *c)
{
	strbuf *b = c->b;
	const view *w = &c->w;
	double bw = c->s->board_w, bh = c->s->board_h;
	if (!(bw > 0 && bh > 0 && isfinite(bw) && isfinite(bh)))
		return;
	strbuf_putf(b,
	            "<rect class=\"board\" x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
	            "fill=\"#f6f3ea\" stroke=\"none\"/>\n",
	            vx(w, 0), vy(w, bh), bw * w->ppi, bh * w->ppi);
	/* A 1-inch grid, thinned on absurd boards so the file stays small. */
	double g = 1;
	while (bw / g > GRID_MAX || bh / g > GRID_MAX)
		g *= 10;
	strbuf_puts(b, "<g class=\"grid\" stroke=\"#ddd8ca\" stroke-width=\"0.5\">\n");
	for (double x = g; x < bw - 1e-9; x += g)
		strbuf_putf(b, "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n",
		            vx(w, x), vy(w, 0), vx(w, x), vy(w, bh));
	for (double y = g; y < bh - 1e-9; y += g)
		strbuf_putf(b, "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n",
		            vx(w, 0), vy(w, y), vx(w, bw), vy(w, y));
	strbuf_puts(b, "</g>\n");
	strbuf_putf(b,
	            "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"none\" "
	            "stroke=\"#555\" stroke-width=\"1.5\"/>\n",
	            vx(w, 0), vy(w, bh), bw * w->ppi, bh * w->ppi);
	if (!c->framed)
		draw_axes(c, 0, bw, 0, bh, vy(w, 0) + 12, vx(w, 0) - 4);
}

static void draw_terrain(ctx *c)
{
	strbuf *b = c->b;
	const view *w = &c->w;
	for (size_t i = 0; i < c->s->n_terrain; i++) {
		const arb_terrain *t = &c->s->terrain[i];
		size_t n = 0;
		strbuf_putf(b,
		            "<polygon class=\"terrain\" fill=\"%s\" fill-opacity=\"0.8\" "
		            "stroke=\"#6b6b5a\" points=\"",
		            terrain_fill(t->kind));
		for (size_t j = 0; j < t->n_poly; j++) {
			if (!finite2(t->poly[j]))
				continue;
			sb_pt(b, w, t->poly[j], n == 0);
			n++;
		}
		strbuf_puts(b, "\"/>\n");
		if (n == 0 || !c->terr[i].shown)
			continue; /* no room: the caption names it (svg_label.c) */
		strbuf_putf(b,
		            "<text x=\"%.3f\" y=\"%.3f\" font-size=\"10\" fill=\"#3d3d30\" "
		            "text-anchor=\"middle\">",
		            c->terr[i].x, c->terr[i].y);
		arbsvg__textn(b, t->id, 120);
		strbuf_puts(b, " (");
		arbsvg__textn(b, t->kind, 120);
		strbuf_puts(b, ")</text>\n");
	}
}

static void draw_zones(ctx *c)
{
	if (!(c->zone > 0) || !c->have_actor)
		return;
	char attrs[160];
	snprintf(attrs, sizeof attrs,
	         "fill=\"%s\" fill-opacity=\"0.10\" stroke=\"%s\" stroke-width=\"1\" "
	         "stroke-dasharray=\"4 3\"",
	         OTHER_SIDE.stroke, OTHER_SIDE.stroke);
	strbuf_puts(c->b, "<g class=\"zones\">\n");
	for (size_t i = 0; i < c->s->n_units; i++) {
		const arb_unit *u = &c->s->units[i];
		if (!has_zone(c, u))
			continue;
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			if (finite2(m->pos))
				draw_zone(c->b, &c->w, m->pos, m->facing_deg, &m->base, c->zone,
				          attrs);
		}
	}
	strbuf_puts(c->b, "</g>\n");
}

static void draw_models(ctx *c)
{
	strbuf *b = c->b;
	const view *w = &c->w;
	for (size_t i = 0; i < c->s->n_units; i++) {
		const arb_unit *u = &c->s->units[i];
		const palette *pal = unit_palette(c, u);
		bool actor = c->have_actor && same_str(u->id, c->s->action.unit);
		char attrs[128];
		snprintf(attrs, sizeof attrs, "fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"",
		         pal->fill, pal->stroke, actor ? "1.6" : "1");
		strbuf_puts(b, "<g class=\"unit\" data-unit=\"");
		arbsvg__text(b, u->id);
		strbuf_puts(b, "\">\n");
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j];
			if (!finite2(m->pos))
				continue;
			draw_base(b, w, m->pos, m->facing_deg, &m->base, attrs, m->id);
			/* The facing tick runs from inside the base to just past its
			 * front edge. */
			arb_vec2 f = dir_of(m->facing_deg);
			double front = m->base.shape == ARB_BASE_RECT
			                   ? mm_to_in(m->base.depth_mm) / 2
			                   : mm_to_in(m->base.d_mm) / 2;
			arb_vec2 a = {m->pos.x + f.x * front * 0.4, m->pos.y + f.y * front * 0.4};
			arb_vec2 z = {m->pos.x + f.x * (front + 0.2),
			              m->pos.y + f.y * (front + 0.2)};
			strbuf_putf(
			    b,
			    "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" stroke=\"%s\" "
			    "stroke-width=\"1.5\"/>\n",
			    vx(w, a.x), vy(w, a.y), vx(w, z.x), vy(w, z.y), pal->stroke);
		}
		strbuf_puts(b, "</g>\n");
	}
}

/* The arc a point runs from `from` to `to` about the step's pivot, as SVG
 * arc commands: the picture's y axis points down, so a turn
 * counter-clockwise on the table is counter-clockwise on the screen too,
 * SVG's sweep flag 0. A whole turn (which ends where it starts) is drawn
 * as two halves. */
static void sb_arc(strbuf *b, const view *w, arb_vec2 from, arb_vec2 to, const arb_step *st,
                   double a)
{
	double r = hypot(from.x - st->pivot.x, from.y - st->pivot.y) * w->ppi;
	int sweep = a > 0 ? 0 : 1;
	if (!(r > 0) || !isfinite(r)) {
		strbuf_putf(b, " L%.3f,%.3f", vx(w, to.x), vy(w, to.y));
		return;
	}
	if (fabs(a) >= 359.999) {
		arb_vec2 half = {2 * st->pivot.x - from.x, 2 * st->pivot.y - from.y};
		strbuf_putf(b, " A%.3f,%.3f 0 0 %d %.3f,%.3f", r, r, sweep, vx(w, half.x),
		            vy(w, half.y));
	}
	strbuf_putf(b, " A%.3f,%.3f 0 %d %d %.3f,%.3f", r, r,
	            fabs(a) > 180 && fabs(a) < 359.999 ? 1 : 0, sweep, vx(w, to.x), vy(w, to.y));
}

/* The pivot of rotation step j of path p: a cross, titled with where it is
 * and how far the model turns about it. */
static void draw_pivot(strbuf *b, const view *w, const arb_path *p, size_t j, double a,
                       const char *stroke)
{
	const arb_step *st = &p->steps[j];
	double x = vx(w, st->pivot.x), y = vy(w, st->pivot.y);
	strbuf_puts(b, "<g class=\"pivot\">\n<title>pivot of ");
	arbsvg__text(b, p->model);
	strbuf_putf(b, " at (%.2f, %.2f): turns %.1f deg</title>\n", st->pivot.x, st->pivot.y, a);
	strbuf_putf(b,
	            "<path d=\"M%.3f,%.3f h8 M%.3f,%.3f v8\" stroke=\"%s\" "
	            "stroke-width=\"1.5\"/>\n</g>\n",
	            x - 4, y, x, y - 4, stroke);
}

/* The d attribute of path p (of model m, or NULL): lines, and each
 * rotation as its arc. Returns the index of its last finite point, which
 * it gives in *last (NAN, NAN when none). */
static size_t sb_path_d(strbuf *b, const view *w, const arb_path *p, const arb_model *m,
                        arb_vec2 *last)
{
	size_t last_j = 0;
	*last = (arb_vec2){NAN, NAN};
	for (size_t j = 0; j < p->n_pts; j++) {
		if (!finite2(p->pts[j]))
			continue;
		if (!finite2(*last))
			strbuf_putf(b, "M%.3f,%.3f", vx(w, p->pts[j].x), vy(w, p->pts[j].y));
		else if (j == last_j + 1 && turn_of(p, m, last_j) != 0)
			sb_arc(b, w, *last, p->pts[j], &p->steps[last_j], turn_of(p, m, last_j));
		else
			strbuf_putf(b, " L%.3f,%.3f", vx(w, p->pts[j].x), vy(w, p->pts[j].y));
		*last = p->pts[j];
		last_j = j;
	}
	return last_j;
}

/* The moves of the log (docs/interchange.md, `log`), under the action's:
 * each event's paths muted and dashed, its pivots marked, and the event's
 * number in the log at the start of its first path, so that the order
 * reads on the picture. A scenario without them draws nothing here. */
static void draw_log_paths(ctx *c)
{
	static const char *const muted = "#8a8a8a";
	strbuf *b = c->b;
	const view *w = &c->w;
	const arb_context *x = &c->s->context;
	for (size_t k = 0; k < x->n_log; k++)
		for (size_t i = 0; i < x->log[k].n_paths; i++) {
			const arb_path *p = &x->log[k].paths[i];
			const arb_model *m =
			    p->model ? arb_scenario_model(c->s, p->model, NULL) : NULL;
			strbuf_putf(b, "<g class=\"log-path\">\n<title>log event %zu (", k + 1);
			arbsvg__text(b, x->log[k].unit ? x->log[k].unit : "");
			strbuf_puts(b, " ");
			arbsvg__text(b, x->log[k].action ? x->log[k].action : "");
			strbuf_puts(b, "): path of ");
			arbsvg__text(b, p->model);
			strbuf_putf(b, ": %.2f in</title>\n", m ? arb_path_length(p, m) : 0.0);
			strbuf_putf(b,
			            "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" "
			            "stroke-dasharray=\"5 3\" d=\"",
			            muted);
			arb_vec2 last;
			sb_path_d(b, w, p, m, &last);
			strbuf_puts(b, "\"/>\n");
			for (size_t j = 0; j + 1 < p->n_pts; j++)
				if (turn_of(p, m, j) != 0 && finite2(p->steps[j].pivot))
					draw_pivot(b, w, p, j, turn_of(p, m, j), muted);
			const label_at *at = c->ev ? &c->ev[k] : NULL;
			if (i == 0 && at && at->shown) {
				if (at->leader)
					strbuf_putf(
					    b,
					    "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" "
					    "y2=\"%.3f\" stroke=\"%s\" stroke-width=\"0.8\"/>\n",
					    at->fx, at->fy, fmin(fmax(at->fx, at->b.x0), at->b.x1),
					    fmin(fmax(at->fy, at->b.y0), at->b.y1), muted);
				strbuf_putf(
				    b,
				    "<text x=\"%.3f\" y=\"%.3f\" font-size=\"10\" "
				    "text-anchor=\"middle\" fill=\"#444\" stroke=\"#fff\" "
				    "stroke-width=\"2.5\" paint-order=\"stroke\">%zu</text>\n",
				    at->x, at->y, k + 1);
			}
			strbuf_puts(b, "</g>\n");
		}
}

/* The point a clause makes the action keep (ARB_PRED_CENTRE_MARK: a
 * reform's centre point), a mark of its own: a circled cross where it
 * was, and another where it ended when that is elsewhere. */
static void draw_centre_marks(ctx *c)
{
	for (size_t i = 0; c->v && i < c->v->n_trace; i++) {
		const arb_trace *t = &c->v->trace[i];
		const arb_measure *ms = &t->result.measure;
		if (!(t->pred->flags & ARB_PRED_CENTRE_MARK) || !t->result.has_measure ||
		    t->result.outcome == ARB_NA || !finite2(ms->p))
			continue;
		strbuf_puts(c->b, "<g class=\"centre-point\">\n<title>centre point (");
		arbsvg__text(c->b, t->pred->clause);
		strbuf_putf(c->b, "): before (%.3f, %.3f)", ms->p.x, ms->p.y);
		if (finite2(ms->q))
			strbuf_putf(c->b, ", after (%.3f, %.3f)", ms->q.x, ms->q.y);
		strbuf_puts(c->b, "</title>\n");
		arb_vec2 at[2] = {ms->p, ms->q};
		for (size_t k = 0; k < 2; k++) {
			if (!finite2(at[k]) ||
			    (k && hypot(at[1].x - at[0].x, at[1].y - at[0].y) < 1e-6))
				continue;
			double x = vx(&c->w, at[k].x), y = vy(&c->w, at[k].y);
			strbuf_putf(c->b,
			            "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"5\" fill=\"none\" "
			            "stroke=\"#6a3d9a\" stroke-width=\"1.5\"/>\n"
			            "<path d=\"M%.3f,%.3f h10 M%.3f,%.3f v10\" stroke=\"#6a3d9a\" "
			            "stroke-width=\"1.5\"/>\n",
			            x, y, x - 5, y, x, y - 5);
		}
		strbuf_puts(c->b, "</g>\n");
	}
}

static void draw_paths(ctx *c)
{
	strbuf *b = c->b;
	const view *w = &c->w;
	const arb_scenario *s = c->s;
	for (size_t i = 0; i < s->action.n_paths; i++) {
		const arb_path *p = &s->action.paths[i];
		const arb_unit *u = NULL;
		const arb_model *m = p->model ? arb_scenario_model(s, p->model, &u) : NULL;
		const char *stroke = m ? unit_palette(c, u)->stroke : "#555";
		double len = 0;
		for (size_t j = 1; !m && j < p->n_pts; j++)
			len += hypot(p->pts[j].x - p->pts[j - 1].x, p->pts[j].y - p->pts[j - 1].y);
		if (m)
			len = arb_path_length(p, m); /* arcs as arcs */
		strbuf_puts(b, "<g class=\"path\">\n<title>path of ");
		arbsvg__text(b, p->model);
		strbuf_putf(b, ": %.2f in</title>\n", len);
		strbuf_putf(b, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" d=\"",
		            stroke);
		arb_vec2 last;
		size_t last_j = sb_path_d(b, w, p, m, &last);
		strbuf_puts(b, "\"/>\n");
		for (size_t j = 0; j + 1 < p->n_pts; j++)
			if (turn_of(p, m, j) != 0 && finite2(p->steps[j].pivot))
				draw_pivot(b, w, p, j, turn_of(p, m, j), stroke);
		for (size_t j = 0; j < p->n_pts; j++)
			if (finite2(p->pts[j]))
				strbuf_putf(
				    b, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"1.8\" fill=\"%s\"/>\n",
				    vx(w, p->pts[j].x), vy(w, p->pts[j].y), stroke);
		if (m && finite2(last)) {
			char attrs[128];
			snprintf(attrs, sizeof attrs,
			         "fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" "
			         "stroke-dasharray=\"3 2\"",
			         stroke);
			double f = arb_path_facing(p, m, last_j);
			draw_base(b, w, last, f, &m->base, attrs, NULL);
		}
		strbuf_puts(b, "</g>\n");
	}
}

char *arbsvg_render(const arb_scenario *s, const arb_verdict *v, const arbsvg_options *opt)
{
	if (!s)
		return NULL;
	strbuf out = {0};
	ctx c = {.b = &out, .s = s, .v = v};
	double ppi = opt ? opt->px_per_in : 0;
	c.w.ppi = isfinite(ppi) && ppi > 0 ? ppi : 12;
	c.zone = opt && isfinite(opt->zone_in) && opt->zone_in > 0 ? opt->zone_in : 0;
	c.zone_friends = opt && opt->zone_friends;
	const arb_unit *actor = arb_scenario_unit(s, s->action.unit);
	c.have_actor = actor != NULL;
	c.actor_side = actor ? actor->side : NULL;

	bounds bb = content_bounds(&c);
	/* Framed: the part of the table the action needs, at a scale that
	 * makes about 640 x 420 px of it. */
	if (opt && opt->frame && arbsvg__focus(&c, &bb, &c.vis)) {
		c.framed = true;
		bb = c.vis;
		double fw = bb.x1 - bb.x0, fh = bb.y1 - bb.y0;
		c.w.ppi = fmin(60, fmax(10, fmin(640 / fw, 420 / fh)));
	}
	c.w.xmin = bb.x0;
	c.w.ymax = bb.y1;
	c.w.left = MARGIN_L;
	c.w.top = STRIP_H + 8;
	double inset_x = MARGIN_L + (bb.x1 - bb.x0) * c.w.ppi + 24;
	/* Labels stay in the view: the frame, or (unframed) the board, whose
	 * axis labels lie just outside it. */
	c.area = (box){vx(&c.w, bb.x0), vy(&c.w, bb.y1), vx(&c.w, bb.x1), vy(&c.w, bb.y0)};
	if (!c.framed && s->board_w > 0 && s->board_h > 0 && isfinite(s->board_w) &&
	    isfinite(s->board_h))
		c.area = (box){fmax(c.area.x0, vx(&c.w, 0)), fmax(c.area.y0, vy(&c.w, s->board_h)),
		               fmin(c.area.x1, vx(&c.w, s->board_w)), fmin(c.area.y1, vy(&c.w, 0))};
	if (arbsvg__layout(&c)) {
		arbsvg__layout_free(&c);
		return NULL; /* out of memory */
	}

	strbuf strip[3] = {{0}, {0}, {0}};
	compose_strip(&c, strip);
	double width = MARGIN_L + (bb.x1 - bb.x0) * c.w.ppi + MARGIN_R;
	double height = c.w.top + (bb.y1 - bb.y0) * c.w.ppi + MARGIN_B;
	if (c.framed) {
		width = inset_x + ARBSVG_INSET_W + MARGIN_R;
		height += ARBSVG_SCALE_H;
		if (s->board_w > 0 && s->board_h > 0)
			height =
			    fmax(height, c.w.top + 24 + ARBSVG_INSET_W * s->board_h / s->board_w);
	}
	strbuf legend = {0};
	double textw = fmax(MIN_W, draw_legend(&c, &legend, 76) + 10);
	out.oom |= legend.oom;
	for (int i = 0; i < 3; i++) {
		out.oom |= strip[i].oom;
		/* ~7.5 px a character at 12 px sans-serif, 14 px for the title */
		double lw = 20 + (double)strip[i].n * (i == 0 ? 8.5 : 7.0);
		textw = fmax(textw, lw);
	}
	double caption_y = height + 14;
	height += c.n_caption ? (double)c.n_caption * ARBSVG_CAPTION_LH + 8 : 0;
	for (const char *p = c.caption.s; c.n_caption && p && *p;) {
		const char *e = strchr(p, '\n');
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
		textw = fmax(textw, 20 + arbsvg__text_width(line, 11, false));
		p = e ? e + 1 : p + strlen(p);
	}
	width = fmax(width, textw);

	strbuf_puts(&out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_putf(&out,
	            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
	            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
	            ceil(width), ceil(height), ceil(width), ceil(height));
	strbuf_puts(&out, "<title>arbiter: ");
	arbsvg__text(&out, s->id);
	strbuf_puts(&out, "</title>\n");
	strbuf_putf(&out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", ceil(width),
	            ceil(height));

	strbuf_putf(&out,
	            "<g class=\"strip\">\n<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.3f\" "
	            "fill=\"#eeeeee\"/>\n",
	            ceil(width), STRIP_H);
	strip_line(&c, 20, "font-size=\"14\" font-weight=\"bold\" fill=\"#111\"", &strip[0]);
	strip_line(&c, 39, "font-size=\"12\" fill=\"#222\"", &strip[1]);
	strip_line(&c, 57, "font-size=\"12\" fill=\"#222\"", &strip[2]);
	strbuf_put(&out, legend.s, legend.n);
	strbuf_free(&legend);
	strbuf_puts(&out, "</g>\n");
	for (int i = 0; i < 3; i++)
		strbuf_free(&strip[i]);

	if (c.framed) {
		/* what lies past the frame is cut at its edge (the inset shows it) */
		double fx = vx(&c.w, bb.x0), fy = vy(&c.w, bb.y1);
		double fw = (bb.x1 - bb.x0) * c.w.ppi, fh = (bb.y1 - bb.y0) * c.w.ppi;
		strbuf_putf(&out,
		            "<defs><clipPath id=\"arb-view\"><rect x=\"%.3f\" y=\"%.3f\" "
		            "width=\"%.3f\" height=\"%.3f\"/></clipPath></defs>\n"
		            "<g class=\"view\" clip-path=\"url(#arb-view)\">\n",
		            fx, fy, fw, fh);
	}
	draw_board(&c);
	draw_terrain(&c);
	draw_zones(&c);
	draw_models(&c);
	draw_log_paths(&c);
	draw_paths(&c);
	draw_centre_marks(&c);
	arbsvg__draw_model_labels(&c);
	/* framed, a measurement that runs past the frame is cut at its edge too */
	if (c.framed)
		arbsvg__draw_measures(&c);
	if (c.framed) {
		double fx = vx(&c.w, bb.x0), fy = vy(&c.w, bb.y1);
		double fw = (bb.x1 - bb.x0) * c.w.ppi, fh = (bb.y1 - bb.y0) * c.w.ppi;
		strbuf_putf(&out,
		            "</g>\n<rect class=\"frame\" x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" "
		            "height=\"%.3f\" fill=\"none\" stroke=\"#888\"/>\n",
		            fx, fy, fw, fh);
		double bw = s->board_w > 0 ? s->board_w : bb.x1,
		       bh = s->board_h > 0 ? s->board_h : bb.y1;
		draw_axes(&c, fmax(bb.x0, 0), fmin(bb.x1, bw), fmax(bb.y0, 0), fmin(bb.y1, bh),
		          fy + fh + 12, fx - 4);
		arbsvg__draw_scale(&c, MARGIN_L, fy + fh + MARGIN_B + 8);
		arbsvg__draw_inset(&c, inset_x, c.w.top, ARBSVG_INSET_W);
	} else
		arbsvg__draw_measures(&c);
	arbsvg__draw_caption(&c, caption_y);
	arbsvg__layout_free(&c);
	strbuf_puts(&out, "</svg>\n");

	return strbuf_take(&out);
}

bool arbsvg_size(const char *svg, unsigned *w, unsigned *h)
{
	*w = *h = 0;
	const char *el = svg ? strstr(svg, "<svg ") : NULL;
	const char *end = el ? strchr(el, '>') : NULL;
	if (!end)
		return false;
	const char *pw = strstr(el, " width=\""), *ph = strstr(el, " height=\"");
	if (!pw || !ph || pw > end || ph > end)
		return false;
	unsigned long vw = strtoul(pw + 8, NULL, 10), vh = strtoul(ph + 9, NULL, 10);
	if (!vw || !vh || vw > 100000 || vh > 100000)
		return false;
	*w = (unsigned)vw;
	*h = (unsigned)vh;
	return true;
}
