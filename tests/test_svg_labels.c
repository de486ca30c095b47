/* Labels of the drawing never overlap (tools/writers/svg_label.c): the SVG
 * of dense formations is parsed back and every two text boxes compared,
 * each box estimated here from the text's own attributes (x, y, font-size,
 * text-anchor, inherited from its groups) with an average character width
 * of DejaVu Sans, independently of the writer's own estimate. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tools/writers/svg.h"

typedef struct tbox {
	double x0, y0, x1, y1;
	char text[160];
} tbox;

/* The value of attribute name in the tag [p, end), or NULL. */
static const char *attr(const char *p, const char *end, const char *name, char *buf, size_t n)
{
	char key[48];
	snprintf(key, sizeof key, " %s=\"", name);
	const char *a = strstr(p, key);
	if (!a || a >= end)
		return NULL;
	a += strlen(key);
	const char *q = strchr(a, '"');
	if (!q || q >= end)
		return NULL;
	snprintf(buf, n, "%.*s", (int)(q - a), a);
	return buf;
}

/* Characters of XML text (an entity is one). */
static size_t text_chars(const char *s, const char *end, char *copy, size_t n)
{
	size_t k = 0, out = 0;
	for (const char *p = s; p < end; p++) {
		if (*p == '&') {
			const char *semi = strchr(p, ';');
			if (semi && semi < end)
				p = semi;
		} else if (((unsigned char)*p & 0xC0) == 0x80)
			continue;
		if (out + 1 < n)
			copy[out++] = *p;
		k++;
	}
	copy[out] = '\0';
	return k;
}

/* Every <text> of svg as a box; returns how many (at most cap). */
static size_t text_boxes(const char *svg, tbox *out, size_t cap)
{
	/* font-size and text-anchor as the enclosing groups set them */
	double fs[64] = {16};
	int anchor[64] = {0}; /* 0 start, 1 middle, 2 end */
	int depth = 0;
	size_t n = 0;
	char buf[64];
	for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
		const char *end = strchr(p, '>');
		cr_assert(end != NULL);
		bool open_g = strncmp(p, "<g", 2) == 0 && (p[2] == ' ' || p[2] == '>');
		if (strncmp(p, "</g>", 4) == 0) {
			cr_assert(depth > 0);
			depth--;
			continue;
		}
		if (!open_g && strncmp(p, "<text", 5) != 0)
			continue;
		double f = fs[depth];
		int an = anchor[depth];
		if (attr(p, end, "font-size", buf, sizeof buf))
			f = strtod(buf, NULL);
		if (attr(p, end, "text-anchor", buf, sizeof buf))
			an = strcmp(buf, "middle") == 0 ? 1 : strcmp(buf, "end") == 0 ? 2 : 0;
		if (open_g) {
			if (end[-1] == '/')
				continue;
			cr_assert(depth < 63);
			depth++;
			fs[depth] = f;
			anchor[depth] = an;
			continue;
		}
		cr_assert(n < cap);
		cr_assert(attr(p, end, "x", buf, sizeof buf) != NULL);
		double x = strtod(buf, NULL);
		cr_assert(attr(p, end, "y", buf, sizeof buf) != NULL);
		double y = strtod(buf, NULL);
		const char *close = strstr(end, "</text>");
		cr_assert(close != NULL);
		tbox *b = &out[n++];
		double w = 0.55 * f * (double)text_chars(end + 1, close, b->text, sizeof b->text);
		b->x0 = an == 0 ? x : an == 1 ? x - w / 2 : x - w;
		b->x1 = b->x0 + w;
		b->y0 = y - 0.72 * f; /* cap height and a little */
		b->y1 = y + 0.2 * f;  /* descenders */
	}
	return n;
}

/* Asserts that no two text boxes of svg intersect; returns their number. */
static size_t expect_no_overlap(const char *svg)
{
	static tbox boxes[4096];
	size_t n = text_boxes(svg, boxes, sizeof boxes / sizeof boxes[0]);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const tbox *a = &boxes[i], *b = &boxes[j];
			bool hit = a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
			cr_expect(hit == false,
			          "labels '%s' (%.1f,%.1f-%.1f,%.1f) and '%s' "
			          "(%.1f,%.1f-%.1f,%.1f) overlap",
			          a->text, a->x0, a->y0, a->x1, a->y1, b->text, b->x0, b->y0, b->x1,
			          b->y1);
		}
	return n;
}

/* A block of cols x rows models of unit A1 (bases of d_mm, pitch inches
 * apart, from (x, y)), and one enemy model in front of it. */
static arb_scenario *block(int cols, int rows, double d_mm, double pitch, double x, double y)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = arb_scenario_strdup(s, "SVG-DENSE-001");
	s->ruleset = arb_scenario_strdup(s, "scrollhammer");
	s->board_w = 72;
	s->board_h = 48;
	s->n_units = 2;
	s->units = arb_scenario_alloc(s, 2 * sizeof *s->units);
	cr_assert(not(zero(ptr, s->units)));
	arb_unit *a = &s->units[0], *b = &s->units[1];
	a->id = arb_scenario_strdup(s, "A1");
	a->side = arb_scenario_strdup(s, "A");
	a->n_models = (size_t)(cols * rows);
	a->models = arb_scenario_alloc(s, a->n_models * sizeof *a->models);
	cr_assert(not(zero(ptr, a->models)));
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			char id[16];
			snprintf(id, sizeof id, "a%d", r * cols + c + 1);
			a->models[r * cols + c] =
			    (arb_model){.id = arb_scenario_strdup(s, id),
			                .pos = {x + c * pitch, y + r * pitch},
			                .facing_deg = 90,
			                .base = {.shape = ARB_BASE_ROUND, .d_mm = d_mm}};
		}
	b->id = arb_scenario_strdup(s, "B1");
	b->side = arb_scenario_strdup(s, "B");
	b->n_models = 1;
	b->models = arb_scenario_alloc(s, sizeof *b->models);
	cr_assert(not(zero(ptr, b->models)));
	b->models[0] = (arb_model){.id = arb_scenario_strdup(s, "b1"),
	                           .pos = {x + 1.5, y + rows * pitch + 0.6},
	                           .base = {.shape = ARB_BASE_ROUND, .d_mm = 25}};
	s->action.type = arb_scenario_strdup(s, "move");
	s->action.unit = arb_scenario_strdup(s, "A1");
	return s;
}

static const arb_predicate way1 = {.clause = "SH.MOV.WAY.1", .ruleset = "scrollhammer"};
static const arb_predicate coh = {.clause = "SH.FORM.HORDE.COH", .ruleset = "scrollhammer"};
static const arb_predicate cc = {.clause = "SH.MOV.CC.1", .ruleset = "scrollhammer"};

/* Three measures drawn on the block (two violated, one not, all with
 * points) and a violation with nothing to measure (a status). */
static arb_trace *measures(const arb_scenario *s, arb_verdict *v, const char **violates)
{
	arb_trace *t = calloc(4, sizeof *t);
	cr_assert(not(zero(ptr, t)));
	const arb_unit *a = &s->units[0];
	arb_vec2 p = a->models[0].pos, q = s->units[1].models[0].pos;
	const arb_predicate *preds[3] = {&way1, &coh, &way1};
	for (int i = 0; i < 3; i++) {
		t[i].pred = preds[i];
		t[i].result.outcome = i < 2 ? ARB_VIOLATED : ARB_HOLDS;
		t[i].result.has_measure = true;
		t[i].result.measure = (arb_measure){
		    .figure = 0.5 + i,
		    .limit = 1,
		    .p = {p.x + 0.3 * i, p.y + 0.2 * i},
		    .q = {q.x - 0.1 * i, q.y - 0.3 * i},
		    .points = true,
		};
	}
	t[3].pred = &cc;
	t[3].result.outcome = ARB_VIOLATED;
	snprintf(t[3].result.explanation, sizeof t[3].result.explanation,
	         "the unit is locked in close combat");
	violates[0] = "SH.FORM.HORDE.COH";
	violates[1] = "SH.MOV.CC.1";
	violates[2] = "SH.MOV.WAY.1";
	*v = (arb_verdict){.scenario_id = "SVG-DENSE-001",
	                   .kind = ARB_V_ILLEGAL,
	                   .violates = violates,
	                   .n_violates = 3,
	                   .trace = t,
	                   .n_trace = 4};
	return t;
}

/* Every model is named: by its label, or in the caption's list of those
 * with no room; every base carries its ID as a tooltip. */
static void expect_every_model_named(const char *svg, const arb_scenario *s)
{
	const char *cap = strstr(svg, "No room for the label of");
	for (size_t i = 0; i < s->n_units; i++)
		for (size_t j = 0; j < s->units[i].n_models; j++) {
			const char *id = s->units[i].models[j].id;
			char label[64], title[64];
			snprintf(label, sizeof label, "\">%s</text>", id);
			snprintf(title, sizeof title, "<title>%s</title>", id);
			bool named = strstr(svg, label) != NULL;
			/* in the list: after a space or a line's start, before , or . */
			size_t n = strlen(id);
			for (const char *p = cap; p && !named && (p = strstr(p, id)); p += n)
				named =
				    (p[-1] == ' ' || p[-1] == '>') && (p[n] == ',' || p[n] == '.');
			cr_expect(named == true, "model %s is neither labelled nor listed", id);
			cr_expect(strstr(svg, title) != NULL, "base of %s has no tooltip", id);
		}
}

static void dense_case(int cols, int rows, double d_mm, double pitch, const arbsvg_options *o)
{
	arb_scenario *s = block(cols, rows, d_mm, pitch, 30, 16);
	const char *violates[3];
	arb_verdict v;
	arb_trace *t = measures(s, &v, violates);
	char *svg = arbsvg_render(s, &v, o);
	cr_assert(not(zero(ptr, svg)));
	size_t n = expect_no_overlap(svg);
	cr_expect(gt(sz, n, (size_t)(cols * rows / 2)));
	expect_every_model_named(svg, s);
	/* the violation with nothing to measure is said, not silently absent */
	cr_expect(not(zero(ptr, strstr(svg, "SH.MOV.CC.1 violated, nothing to draw: the unit is "
	                                    "locked in close combat"))));
	/* the two violated measures keep their labels */
	cr_expect(not(zero(ptr, strstr(svg, ">SH.MOV.WAY.1 0.50 in</text>"))));
	cr_expect(not(zero(ptr, strstr(svg, ">SH.FORM.HORDE.COH 1.50 in</text>"))));
	free(svg);
	free(t);
	arb_scenario_free(s);
}

/* 24 models on 25 mm bases in base contact, framed (about 40 px an inch). */
Test(svg_labels, a_dense_block_framed)
{
	arbsvg_options o = {.zone_in = 1, .frame = true};
	dense_case(6, 4, 25, 25 / 25.4, &o);
}

/* 60 models on 20 mm bases at 12 px an inch, the whole board: labels far
 * wider than the bases, so most must move out on leaders or be listed. */
Test(svg_labels, a_dense_horde_small_scale)
{
	arbsvg_options o = {.zone_in = 1, .px_per_in = 12};
	dense_case(10, 6, 20, 20 / 25.4, &o);
}

/* 100 models overlapping one another (a pile, as bad input may give):
 * still no two labels meet. */
Test(svg_labels, a_pile_of_models)
{
	arbsvg_options o = {.px_per_in = 10};
	dense_case(10, 10, 25, 0.1, &o);
}

/* A violation with nothing to measure stands in the caption even when
 * nothing else does; a holding clause without a measure does not. */
Test(svg_labels, an_unmeasured_violation_is_in_the_caption)
{
	arb_scenario *s = block(2, 1, 25, 2, 10, 10);
	arb_trace t[2] = {{.pred = &cc, .result = {.outcome = ARB_VIOLATED}},
	                  {.pred = &way1, .result = {.outcome = ARB_HOLDS}}};
	snprintf(t[0].result.explanation, sizeof t[0].result.explanation, "locked <in> combat");
	const char *violates[1] = {"SH.MOV.CC.1"};
	arb_verdict v = {
	    .kind = ARB_V_ILLEGAL, .violates = violates, .n_violates = 1, .trace = t, .n_trace = 2};
	char *svg = arbsvg_render(s, &v, NULL);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, "<g class=\"caption\""))));
	cr_expect(not(zero(
	    ptr,
	    strstr(svg,
	           ">SH.MOV.CC.1 violated, nothing to draw: locked &lt;in&gt; combat</text>"))));
	cr_expect(zero(ptr, strstr(svg, "SH.MOV.WAY.1")));
	expect_no_overlap(svg);
	free(svg);
	/* set aside by another clause, it decided nothing: not in the caption */
	t[0].overridden_by = "SH.CHG.MOVE.5";
	svg = arbsvg_render(s, &v, NULL);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(zero(ptr, strstr(svg, "class=\"caption\"")));
	free(svg);
	arb_scenario_free(s);
}
