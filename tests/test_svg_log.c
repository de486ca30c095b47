/* test_svg_log.c: what the scenario picture (tools/writers/svg.c) draws of
 * a turn's log and of the rules a Regiments scene measures: the 1" zones
 * round friends too where the rule keeps a unit from friends
 * (arbsvg_options.zone_friends), each event's moves muted and numbered,
 * and a reform's centre point as a mark of its own. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <stdlib.h>
#include <string.h>

#include "../tools/writers/svg.h"

/* R1 (side A) moves 3 in east; F1 (side A, a friend) and E1 (side B) stand
 * by, one round base each; the log's event 2 is F1's move of 2 in, with
 * its path, after event 1, the end of Start of Phase. */
static arb_scenario *make_scene(void)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = "SVG-LOG-001";
	s->ruleset = "regiments";
	s->context.phase = "movement";
	s->board_w = 24;
	s->board_h = 16;
	static const char *const units[3][3] = {
	    {"R1", "A", "r1"}, {"F1", "A", "f1"}, {"E1", "B", "e1"}};
	static const arb_vec2 at[3] = {{4, 8}, {10, 3}, {16, 12}};
	s->n_units = 3;
	s->units = arb_scenario_alloc(s, 3 * sizeof *s->units);
	cr_assert(not(zero(ptr, s->units)));
	for (size_t i = 0; i < 3; i++) {
		arb_unit *u = &s->units[i];
		u->id = units[i][0];
		u->side = units[i][1];
		u->n_models = 1;
		u->models = arb_scenario_alloc(s, sizeof *u->models);
		cr_assert(not(zero(ptr, u->models)));
		u->models[0] = (arb_model){.id = units[i][2],
		                           .pos = at[i],
		                           .base = {.shape = ARB_BASE_ROUND, .d_mm = 25.4}};
	}
	arb_path *p = arb_scenario_alloc(s, 2 * sizeof *p);
	arb_vec2 *pts = arb_scenario_alloc(s, 4 * sizeof *pts);
	arb_log_event *log = arb_scenario_alloc(s, 2 * sizeof *log);
	cr_assert(p && pts && log);
	pts[0] = (arb_vec2){4, 8};
	pts[1] = (arb_vec2){7, 8};
	pts[2] = (arb_vec2){8, 3};
	pts[3] = (arb_vec2){10, 3};
	p[0] = (arb_path){.model = "r1", .pts = &pts[0], .n_pts = 2};
	p[1] = (arb_path){.model = "f1", .pts = &pts[2], .n_pts = 2};
	log[0] = (arb_log_event){.subphase = "start_of_phase"};
	log[1] = (arb_log_event){.subphase = "remaining_moves",
	                         .unit = "F1",
	                         .action = "move",
	                         .paths = &p[1],
	                         .n_paths = 1};
	s->context.log = log;
	s->context.n_log = 2;
	s->context.has_log = true;
	s->action.type = "move";
	s->action.unit = "R1";
	s->action.paths = &p[0];
	s->action.n_paths = 1;
	return s;
}

/* How many times needle occurs in hay. */
static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* The zones' group, cut out of the picture (the caller frees it). */
static char *zones_of(const char *svg)
{
	const char *a = strstr(svg, "<g class=\"zones\">"), *b = a ? strstr(a, "</g>") : NULL;
	cr_assert(a && b);
	return strndup(a, (size_t)(b - a));
}

Test(svg_log, zones_round_friends_only_where_the_rule_says_so)
{
	arb_scenario *s = make_scene();
	arbsvg_options enemy = {.zone_in = 1.0, .px_per_in = 20};
	arbsvg_options both = {.zone_in = 1.0, .px_per_in = 20, .zone_friends = true};
	char *a = arbsvg_render(s, NULL, &enemy), *b = arbsvg_render(s, NULL, &both);
	cr_assert(a && b);
	char *za = zones_of(a), *zb = zones_of(b);
	/* e1 alone, then e1 and f1 (never the actor's own r1): a circle of
	 * 0.5 + 1 in, 30 px, each */
	cr_expect(eq(sz, count(za, "<circle"), 1));
	cr_expect(eq(sz, count(zb, "<circle"), 2));
	cr_expect(not(zero(ptr, strstr(zb, "cx=\"240.000\""))), "%s",
	          zb); /* f1 at x 10: 30 px of margin, 0.5 in of pad */
	cr_expect(eq(sz, count(zb, "r=\"30.000\""), 2));
	cr_expect(not(zero(ptr, strstr(a, "1.00 in around enemy bases"))));
	cr_expect(not(zero(ptr, strstr(b, "1.00 in around other units' bases"))));
	free(za);
	free(zb);
	free(a);
	free(b);
	arb_scenario_free(s);
}

Test(svg_log, a_logs_moves_are_drawn_muted_and_numbered)
{
	arb_scenario *s = make_scene();
	arbsvg_options opt = {.zone_in = 1.0, .px_per_in = 20};
	char *svg = arbsvg_render(s, NULL, &opt);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(eq(sz, count(svg, "<g class=\"log-path\">"), 1));
	cr_expect(not(zero(ptr, strstr(svg, "<title>log event 2 (F1 move): path of f1: 2.00 "
	                                    "in</title>"))));
	cr_expect(not(zero(ptr, strstr(svg, "stroke=\"#8a8a8a\" stroke-width=\"1.2\" "
	                                    "stroke-dasharray=\"5 3\""))));
	cr_expect(not(zero(ptr, strstr(svg, ">2</text>"))));
	/* the action's own path is drawn as before, after the log's */
	const char *log = strstr(svg, "class=\"log-path\""),
	           *act = strstr(svg, "<title>path of r1");
	cr_expect(log && act && log < act);
	free(svg);
	/* without the log's paths, nothing of the log is drawn */
	s->context.log = NULL;
	s->context.n_log = 0;
	svg = arbsvg_render(s, NULL, &opt);
	cr_expect(zero(ptr, strstr(svg, "log-path")));
	free(svg);
	arb_scenario_free(s);
}

Test(svg_log, a_centre_point_is_a_mark_of_its_own)
{
	static const arb_predicate centre = {
	    .clause = "RG.MOV.REFORM.3", .ruleset = "regiments", .flags = ARB_PRED_CENTRE_MARK};
	static const arb_predicate other = {.clause = "RG.MOV.M.1", .ruleset = "regiments"};
	arb_scenario *s = make_scene();
	arb_trace t[2] = {0};
	t[0].pred = &other;
	t[0].result.outcome = ARB_PERMITS;
	t[0].result.has_measure = true;
	t[0].result.measure = (arb_measure){.p = {1, 1}, .q = {2, 2}, .points = true};
	t[1].pred = &centre;
	t[1].result.outcome = ARB_VIOLATED;
	t[1].result.has_measure = true;
	t[1].result.measure =
	    (arb_measure){.figure = 0.5, .limit = 0, .p = {4, 8}, .q = {4.5, 8}, .points = true};
	arb_verdict v = {
	    .scenario_id = "SVG-LOG-001", .kind = ARB_V_ILLEGAL, .trace = t, .n_trace = 2};
	arbsvg_options opt = {.px_per_in = 20};
	char *svg = arbsvg_render(s, &v, &opt);
	cr_assert(not(zero(ptr, svg)));
	cr_expect(eq(sz, count(svg, "<g class=\"centre-point\">"), 1));
	cr_expect(not(zero(ptr, strstr(svg, "<title>centre point (RG.MOV.REFORM.3): before "
	                                    "(4.000, 8.000), after (4.500, 8.000)</title>"))));
	/* a circled cross where it was and where it ended */
	const char *g = strstr(svg, "<g class=\"centre-point\">");
	char *mark = strndup(g, (size_t)(strstr(g, "</g>") - g));
	cr_expect(eq(sz, count(mark, "<circle"), 2));
	free(mark);
	free(svg);
	/* a centre point kept in place: one mark */
	t[1].result.measure.q = t[1].result.measure.p;
	svg = arbsvg_render(s, &v, &opt);
	g = strstr(svg, "<g class=\"centre-point\">");
	mark = strndup(g, (size_t)(strstr(g, "</g>") - g));
	cr_expect(eq(sz, count(mark, "<circle"), 1));
	free(mark);
	free(svg);
	arb_scenario_free(s);
}
