/* test_svg.c: the scenario picture of `arbiter explain` (tools/writers/svg.c). */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Relative to this file, so the test builds whether or not tools/ is on
 * the include path. */
#include "../tools/writers/strbuf.h"
#include "../tools/writers/svg.h"

/* A small move: unit A1 (side A) with a round base moving 6" east and a
 * rotated rectangular base named so that it needs escaping; unit B1
 * (side B) in the way; one piece of terrain. */
static arb_scenario *make_scenario(void)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = arb_scenario_strdup(s, "SVG-TEST-001");
	s->ruleset = arb_scenario_strdup(s, "scrollhammer");
	s->context.phase = arb_scenario_strdup(s, "movement");
	s->board_w = 24;
	s->board_h = 16;

	s->n_units = 2;
	s->units = arb_scenario_alloc(s, 2 * sizeof *s->units);
	cr_assert(not(zero(ptr, s->units)));
	arb_unit *a = &s->units[0], *b = &s->units[1];

	a->id = arb_scenario_strdup(s, "A1");
	a->side = arb_scenario_strdup(s, "A");
	a->n_models = 2;
	a->models = arb_scenario_alloc(s, 2 * sizeof *a->models);
	cr_assert(not(zero(ptr, a->models)));
	a->models[0] = (arb_model){.id = arb_scenario_strdup(s, "a1"),
	                           .pos = {4, 8},
	                           .base = {.shape = ARB_BASE_ROUND, .d_mm = 25}};
	a->models[1] = (arb_model){.id = arb_scenario_strdup(s, "a<1&"),
	                           .pos = {4, 5},
	                           .facing_deg = 30,
	                           .base = {.shape = ARB_BASE_RECT, .w_mm = 50, .depth_mm = 25}};

	b->id = arb_scenario_strdup(s, "B1");
	b->side = arb_scenario_strdup(s, "B");
	b->n_models = 1;
	b->models = arb_scenario_alloc(s, sizeof *b->models);
	cr_assert(not(zero(ptr, b->models)));
	b->models[0] = (arb_model){.id = arb_scenario_strdup(s, "b1"),
	                           .pos = {12, 8.5},
	                           .facing_deg = 180,
	                           .base = {.shape = ARB_BASE_ROUND, .d_mm = 32}};

	s->n_terrain = 1;
	s->terrain = arb_scenario_alloc(s, sizeof *s->terrain);
	cr_assert(not(zero(ptr, s->terrain)));
	s->terrain[0].id = arb_scenario_strdup(s, "T1");
	s->terrain[0].kind = arb_scenario_strdup(s, "difficult");
	s->terrain[0].n_poly = 4;
	s->terrain[0].poly = arb_scenario_alloc(s, 4 * sizeof(arb_vec2));
	cr_assert(not(zero(ptr, s->terrain[0].poly)));
	const arb_vec2 sq[4] = {{16, 2}, {20, 2}, {20, 6}, {16, 6}};
	memcpy(s->terrain[0].poly, sq, sizeof sq);

	s->action.type = arb_scenario_strdup(s, "move");
	s->action.unit = arb_scenario_strdup(s, "A1");
	s->action.n_paths = 1;
	s->action.paths = arb_scenario_alloc(s, sizeof *s->action.paths);
	cr_assert(not(zero(ptr, s->action.paths)));
	s->action.paths[0].model = arb_scenario_strdup(s, "a1");
	s->action.paths[0].n_pts = 2;
	s->action.paths[0].pts = arb_scenario_alloc(s, 2 * sizeof(arb_vec2));
	cr_assert(not(zero(ptr, s->action.paths[0].pts)));
	s->action.paths[0].pts[0] = (arb_vec2){4, 8};
	s->action.paths[0].pts[1] = (arb_vec2){10, 8};
	return s;
}

static const arb_predicate way1 = {.clause = "SH.MOV.WAY.1", .ruleset = "scrollhammer"};
static const arb_predicate dist1 = {.clause = "SH.MOV.DIST.1", .ruleset = "scrollhammer"};

/* An illegal verdict: the path comes within 1" of b1 (a measured trace
 * entry) and a distance check with no measure. The caller owns the
 * returned trace array (stored in v->trace). */
static void make_verdict(arb_verdict *v, const char **violates)
{
	arb_trace *t = calloc(2, sizeof *t);
	cr_assert(not(zero(ptr, t)));
	t[0].pred = &way1;
	t[0].result.outcome = ARB_VIOLATED;
	t[0].result.has_measure = true;
	t[0].result.measure = (arb_measure){.figure = 0.74,
	                                    .limit = 1,
	                                    .margin = -0.26,
	                                    .p = {10.49, 8.06},
	                                    .q = {11.37, 8.40},
	                                    .points = true};
	snprintf(t[0].result.explanation, sizeof t[0].result.explanation,
	         "closest approach 0.74 in to b1 & co, limit 1 in");
	t[1].pred = &dist1;
	t[1].result.outcome = ARB_HOLDS;
	violates[0] = "SH.MOV.WAY.1";
	*v = (arb_verdict){.scenario_id = "SVG-TEST-001",
	                   .kind = ARB_V_ILLEGAL,
	                   .violates = violates,
	                   .n_violates = 1,
	                   .trace = t,
	                   .n_trace = 2};
}

static const arbsvg_options OPTS = {.zone_in = 1.0, .px_per_in = 20};

Test(svg, starts_as_svg_document)
{
	arb_scenario *s = make_scenario();
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(strncmp(svg, "<?xml", 5) == 0 || strncmp(svg, "<svg", 4) == 0);
	cr_expect(not(zero(ptr, strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""))));
	size_t n = strlen(svg);
	cr_expect(n > 7 && strcmp(svg + n - 7, "</svg>\n") == 0);
	free(svg);
	arb_scenario_free(s);
}

Test(svg, names_every_model_and_terrain)
{
	arb_scenario *s = make_scenario();
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, ">a1</text>"))));
	cr_expect(not(zero(ptr, strstr(svg, ">b1</text>"))));
	cr_expect(not(zero(ptr, strstr(svg, "T1 (difficult)"))));
	cr_expect(not(zero(ptr, strstr(svg, "SVG-TEST-001"))));
	free(svg);
	arb_scenario_free(s);
}

Test(svg, escapes_scenario_text)
{
	arb_scenario *s = make_scenario();
	s->units[1].models[0].id = arb_scenario_strdup(s, "q\"'>");
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, ">a&lt;1&amp;</text>"))));
	cr_expect(zero(ptr, strstr(svg, "a<1&")));
	cr_expect(not(zero(ptr, strstr(svg, ">q&quot;&apos;&gt;</text>"))));
	free(svg);
	arb_scenario_free(s);
}

Test(svg, draws_rect_base_as_polygon)
{
	arb_scenario *s = make_scenario();
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	/* Terrain is a polygon too; the base is the one in the unit group. */
	const char *unit = strstr(svg, "data-unit=\"A1\"");
	cr_assert(unit != NULL);
	const char *poly = strstr(unit, "<polygon points=\"");
	cr_assert(poly != NULL);
	double x[4], y[4];
	int got = sscanf(poly, "<polygon points=\"%lf,%lf %lf,%lf %lf,%lf %lf,%lf\"", &x[0], &y[0],
	                 &x[1], &y[1], &x[2], &y[2], &x[3], &y[3]);
	cr_assert(eq(int, got, 8));
	/* Corners run counter-clockwise from front-right: the first edge is the
	 * frontage (50 mm, along the facing turned by +90 degrees), the second
	 * the depth (25 mm, backwards). Facing 30 degrees on the table is -30
	 * degrees in the picture, whose y axis points down. */
	const double ppi = 20, deg = 3.14159265358979323846 / 180;
	double fx = x[1] - x[0], fy = y[1] - y[0], dx = x[2] - x[1], dy = y[2] - y[1];
	cr_expect(epsilon_eq(dbl, hypot(fx, fy), 50 / 25.4 * ppi, 0.01));
	cr_expect(epsilon_eq(dbl, hypot(dx, dy), 25 / 25.4 * ppi, 0.01));
	cr_expect(epsilon_eq(dbl, fx / hypot(fx, fy), cos(-120 * deg), 0.001));
	cr_expect(epsilon_eq(dbl, fy / hypot(fx, fy), sin(-120 * deg), 0.001));
	cr_expect(epsilon_eq(dbl, dx / hypot(dx, dy), cos(150 * deg), 0.001));
	cr_expect(epsilon_eq(dbl, dy / hypot(dx, dy), sin(150 * deg), 0.001));
	free(svg);
	arb_scenario_free(s);
}

Test(svg, draws_a_rotation_as_its_arc_about_the_pivot)
{
	/* a1 at (4, 8) turns +90 (counter-clockwise) about (4, 7): its centre
	 * runs a quarter circle of radius 1 in to (3, 7), then moves to (3, 5).
	 * At 20 px an inch the arc is 20 px, swept counter-clockwise on the
	 * screen too (its y axis points down): SVG's sweep flag 0, the small
	 * arc; the pivot is marked and named. */
	arb_scenario *s = make_scenario();
	arb_path *p = &s->action.paths[0];
	p->n_pts = 3;
	p->pts = arb_scenario_alloc(s, 3 * sizeof *p->pts);
	p->facing = arb_scenario_alloc(s, 3 * sizeof *p->facing);
	p->steps = arb_scenario_alloc(s, 3 * sizeof *p->steps);
	cr_assert(p->pts && p->facing && p->steps);
	p->pts[0] = (arb_vec2){4, 8};
	p->pts[1] = (arb_vec2){3, 7};
	p->pts[2] = (arb_vec2){3, 5};
	p->facing[0] = 0;
	p->facing[1] = 90;
	p->facing[2] = NAN;
	p->steps[0] = (arb_step){.kind = ARB_STEP_ROTATE, .pivot = {4, 7}, .angle_deg = 90};
	p->steps[1] = (arb_step){.kind = ARB_STEP_TRANSLATE};
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	const char *path = strstr(svg, "<g class=\"path\">");
	cr_assert(path != NULL);
	const char *d = strstr(path, " d=\"M");
	cr_assert(d != NULL);
	double x0, y0, rx, ry, x1, y1, x2, y2;
	int rot, large, sweep;
	int got = sscanf(d, " d=\"M%lf,%lf A%lf,%lf %d %d %d %lf,%lf L%lf,%lf\"", &x0, &y0, &rx,
	                 &ry, &rot, &large, &sweep, &x1, &y1, &x2, &y2);
	cr_assert(eq(int, got, 11), "%.80s", d);
	cr_expect(epsilon_eq(dbl, rx, 20, 1e-9));
	cr_expect(epsilon_eq(dbl, ry, 20, 1e-9));
	cr_expect(eq(int, large, 0));
	cr_expect(eq(int, sweep, 0));
	/* one inch left and one down on the table: 20 px left, 20 px down */
	cr_expect(epsilon_eq(dbl, x1 - x0, -20, 1e-9));
	cr_expect(epsilon_eq(dbl, y1 - y0, 20, 1e-9));
	cr_expect(epsilon_eq(dbl, y2 - y1, 40, 1e-9));
	cr_assert(strstr(path, "pivot of a1 at (4.00, 7.00): turns 90.0 deg") != NULL);
	/* the path's length counts the arc: pi/2 + 2 in */
	cr_assert(strstr(path, "path of a1: 3.57 in") != NULL);
	free(svg);
	arb_scenario_free(s);
}

Test(svg, draws_measure_of_trace)
{
	arb_scenario *s = make_scenario();
	const char *violates[1];
	arb_verdict v;
	make_verdict(&v, violates);
	char *svg = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	const char *g = strstr(svg, "<g class=\"measure violated\">");
	cr_assert(g != NULL);
	cr_expect(not(zero(ptr, strstr(g, "<line"))));
	cr_expect(not(zero(ptr, strstr(g, "SH.MOV.WAY.1 0.74 in</text>"))));
	cr_expect(not(zero(ptr, strstr(g, "b1 &amp; co"))));
	/* The unmeasured trace entry draws nothing. */
	cr_expect(zero(ptr, strstr(svg, "SH.MOV.DIST.1 ")));
	cr_expect(not(zero(ptr, strstr(svg, "verdict: illegal; violates SH.MOV.WAY.1"))));
	/* The 1" zone around the enemy model only. */
	cr_expect(not(zero(ptr, strstr(svg, "<g class=\"zones\">"))));
	free(svg);
	free(v.trace);
	arb_scenario_free(s);
}

/* A measure whose points were never found (arb_measure.points false: a
 * figure with p = q = (0, 0)) is not drawn, nor does it stretch the view
 * to the board's corner. */
Test(svg, measure_without_points_not_drawn)
{
	arb_scenario *s = make_scenario();
	const char *violates[1];
	arb_verdict v;
	make_verdict(&v, violates);
	v.trace[0].result.measure = (arb_measure){.figure = 3.5, .limit = 3, .margin = -0.5};
	char *svg = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(zero(ptr, strstr(svg, "class=\"measure")));
	v.trace[0].result.measure.points = true; /* the same figure, now with points */
	char *drawn = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, drawn)));
	cr_expect(not(zero(ptr, strstr(drawn, "class=\"measure"))));
	free(svg);
	free(drawn);
	free(v.trace);
	arb_scenario_free(s);
}

Test(svg, measure_holding_is_green)
{
	arb_scenario *s = make_scenario();
	const char *violates[1];
	arb_verdict v;
	make_verdict(&v, violates);
	v.trace[0].result.outcome = ARB_HOLDS;
	v.kind = ARB_V_LEGAL;
	v.n_violates = 0;
	char *svg = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, "<g class=\"measure other\">"))));
	cr_expect(zero(ptr, strstr(svg, "<g class=\"measure violated\">")));
	free(svg);
	free(v.trace);
	arb_scenario_free(s);
}

/* Framed on the action: on a 72 x 48 board the drawing shows the part the
 * move needs, zoomed, with an inset of the whole board, a scale bar, and the
 * violated measure boldest with its limit. */
Test(svg, frames_the_action_with_an_inset_and_a_scale)
{
	arb_scenario *s = make_scenario();
	s->board_w = 72;
	s->board_h = 48;
	const char *violates[1];
	arb_verdict v;
	make_verdict(&v, violates);
	arbsvg_options framed = {.zone_in = 1, .frame = true};
	char *svg = arbsvg_render(s, &v, &framed);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, "<g class=\"inset\">"))));
	cr_expect(not(zero(ptr, strstr(svg, "the whole board, 72 x 48 in"))));
	cr_expect(not(zero(ptr, strstr(svg, "<g class=\"scale\""))));
	cr_expect(not(zero(ptr, strstr(svg, "clip-path=\"url(#arb-view)\""))));
	const char *g = strstr(svg, "<g class=\"measure violated\">");
	cr_assert(g != NULL);
	cr_expect(not(zero(ptr, strstr(g, "stroke-width=\"3\""))));
	cr_expect(not(zero(ptr, strstr(g, "SH.MOV.WAY.1 0.74 in</text>"))));
	cr_expect(not(zero(ptr, strstr(g, "limit 1.00 in</text>"))));
	/* zoomed: a1's 25 mm base is far more than 12 px a inch across */
	const char *a1 = strstr(svg, "<g class=\"unit\" data-unit=\"A1\">");
	cr_assert(a1 != NULL);
	const char *r = strstr(a1, " r=\"");
	cr_assert(r != NULL);
	cr_expect(gt(dbl, strtod(r + 4, NULL), 15.0), "radius %s", r);
	free(svg);
	/* an action that fills most of its board: the whole board, no inset */
	s->board_w = 13;
	s->board_h = 10;
	svg = arbsvg_render(s, &v, &framed);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(zero(ptr, strstr(svg, "class=\"inset\"")));
	free(svg);
	free(v.trace);
	arb_scenario_free(s);
}

/* A violation another clause sets aside decided nothing: drawn muted, with
 * what set it aside in its title. */
Test(svg, a_violation_set_aside_is_not_drawn_as_deciding)
{
	arb_scenario *s = make_scenario();
	const char *violates[1];
	arb_verdict v;
	make_verdict(&v, violates);
	v.trace[0].overridden_by = "SH.CHG.MOVE.5";
	char *svg = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(zero(ptr, strstr(svg, "<g class=\"measure violated\">")));
	cr_expect(not(zero(ptr, strstr(svg, "<g class=\"measure other\">"))));
	cr_expect(not(zero(ptr, strstr(svg, "[set aside by SH.CHG.MOVE.5]</title>"))));
	free(svg);
	free(v.trace);
	arb_scenario_free(s);
}

Test(svg, same_input_same_bytes)
{
	arb_scenario *s = make_scenario();
	const char *violates[1];
	arb_verdict v;
	make_verdict(&v, violates);
	char *one = arbsvg_render(s, &v, &OPTS);
	char *two = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, one)));
	cr_assert(not(zero(ptr, two)));
	cr_expect(eq(str, one, two));
	free(one);
	free(two);
	free(v.trace);
	arb_scenario_free(s);
}

Test(svg, renders_without_verdict_or_options)
{
	arb_scenario *s = make_scenario();
	char *svg = arbsvg_render(s, NULL, NULL);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, "verdict: (not judged)"))));
	cr_expect(zero(ptr, strstr(svg, "class=\"measure")));
	/* No zone_in: no keep-out zones. */
	cr_expect(zero(ptr, strstr(svg, "class=\"zones\"")));
	free(svg);
	arb_scenario_free(s);
}

Test(svg, empty_scenario)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, "</svg>"))));
	free(svg);
	arb_verdict v = {.kind = ARB_V_NOT_APPLICABLE};
	svg = arbsvg_render(s, &v, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, "verdict: not-applicable"))));
	free(svg);
	arb_scenario_free(s);
	cr_expect(zero(ptr, arbsvg_render(NULL, NULL, NULL)));
}

Test(svg, replaces_bytes_xml_forbids)
{
	arb_scenario *s = make_scenario();
	s->units[0].models[0].id = arb_scenario_strdup(s, "x\x01y\xff");
	char *svg = arbsvg_render(s, NULL, &OPTS);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(not(zero(ptr, strstr(svg, ">x?y?</text>"))));
	free(svg);
	arb_scenario_free(s);
}

/* The growable string the picture is written into (tools/writers/strbuf.c). */

Test(strbuf, empty_take_gives_empty_string)
{
	strbuf b = {0};
	char *s = strbuf_take(&b);
	cr_assert(not(zero(ptr, s)));
	cr_expect(eq(str, s, ""));
	free(s);
	strbuf_free(NULL);
}

Test(strbuf, appends_and_resets_on_take)
{
	strbuf b = {0};
	strbuf_puts(&b, "ab");
	strbuf_put(&b, "cdef", 2);
	strbuf_put(&b, NULL, 0);
	/* longer than the stack buffer of strbuf_putf: formatted in place */
	strbuf_putf(&b, "%d-%300s|", 7, "x");
	cr_assert(eq(sz, b.n, 4 + 2 + 300 + 1));
	char *s = strbuf_take(&b);
	cr_assert(not(zero(ptr, s)));
	cr_expect(eq(int, strncmp(s, "abcd7-", 6), 0));
	cr_expect(eq(chr, s[6 + 298], ' '));
	cr_expect(eq(str, s + 6 + 299, "x|"));
	free(s);
	cr_expect(zero(ptr, b.s));
	cr_expect(eq(sz, b.n, 0));
	strbuf_puts(&b, "again");
	s = strbuf_take(&b);
	cr_expect(eq(str, s, "again"));
	free(s);
}

Test(strbuf, take_after_failure_gives_null)
{
	strbuf b = {0};
	strbuf_puts(&b, "kept?");
	b.oom = true; /* as after a failed realloc */
	strbuf_puts(&b, "more");
	cr_expect(eq(str, b.s, "kept?"), "appends after a failure do nothing");
	cr_expect(zero(ptr, strbuf_take(&b)));
	cr_expect(zero(ptr, b.s));
	cr_expect(not(b.oom));
}
