/* test_grit_heights.c: what the verdicts of Grit's case tables do not show
 * of the clauses issue 11 asked to read again: towering steps comparing
 * heights (GR.MOV.TOWER.1, GR.MOV.STOMP.1), the move out from under a
 * stomper under each reading (GR.MOV.STOMP.3) and a broken unit spending
 * its movement (GR.MOV.BROKEN.2): the figures, words and subjects of each
 * answer, the tolerance at a quarter of a height, and the bad input of a
 * height not given. Rows are worked out from the text (spec/grit/
 * movement.md) and, where a table is needed, an errata table of 6 yd and 1
 * yd for 25 mm bases, 2 yd for 40 mm. */
#include "arbiter.h"
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static support_tmpdir g_tmp;

#define TABLES                                                                                     \
	"---\nruleset: grit\ntitle: Grit errata\n---\n\n## Tables\n\n"                             \
	"- GR.MOV.2 movement_allowance: 6 yd\n"                                                    \
	"- GR.MOV.COH.2 coherency_range[25mm]: 1 yd\n"                                             \
	"- GR.MOV.COH.2 coherency_range[40mm]: 2 yd\n"

/* g_tmp/spec: the conventions and Grit, with the tables when tabled. */
static void write_spec(bool tabled)
{
	static const char *const files[] = {"spec/conventions.md", "spec/grit/ruleset.md",
	                                    "spec/grit/movement.md"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char *text = support_slurp(files[i]);
		support_write(&g_tmp, files[i], text);
		free(text);
	}
	char errata[128];
	snprintf(errata, sizeof errata, "%s/spec/grit/errata.md", g_tmp.path);
	support_remove_tree(errata); /* a table an earlier row wrote */
	if (tabled)
		support_write(&g_tmp, "spec/grit/errata.md", TABLES);
}

typedef struct fixture {
	arb_rulebook *rb;
	arb_oracle *o;
	arb_caseset *cs;
	arb_verdict *v;
	int rc;
	arb_error err;
} fixture;

#define HEAD "id,target,expect,units,models,terrain,action,paths,facts,dice,profile\n"

/* Loads the rulebook (with the tables or not) and one row, and judges it
 * under profile all: f.rc, and f.v when it is ARB_OK. */
static fixture load(bool tabled, const char *row)
{
	fixture f = {0};
	char buf[1024], dir[128];
	arb_error_clear(&f.err);
	write_spec(tabled);
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&f.rb, dir, &f.err), ARB_OK), "%s",
	          arb_error_format(&f.err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&f.o, f.rb, &f.err), ARB_OK), "%s",
	          arb_error_format(&f.err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&f.cs), ARB_OK));
	size_t n = strlen(HEAD) + strlen(row) + 2;
	char *text = malloc(n);
	cr_assert(text != NULL);
	snprintf(text, n, "%s%s\n", HEAD, row);
	cr_assert(eq(int,
	             arb_caseset_load_text(f.cs, "cases/grit/movement/t.csv", text, strlen(text),
	                                   f.rb, &f.err),
	             ARB_OK),
	          "%s", arb_error_format(&f.err, buf, sizeof buf));
	free(text);
	arb_error_clear(&f.err);
	f.rc = arb_judge(&f.v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &f.err);
	return f;
}

static void fixture_free(fixture *f)
{
	arb_verdict_free(f->v);
	arb_caseset_free(f->cs);
	arb_oracle_free(f->o);
	arb_rulebook_free(f->rb);
}

/* The result of clause cl (under reading rd, or the first) in f's verdict. */
static arb_result result(const fixture *f, const char *cl, const char *rd)
{
	char buf[1024];
	cr_assert(eq(int, f->rc, ARB_OK), "%s", arb_error_format(&f->err, buf, sizeof buf));
	for (size_t i = 0; i < f->v->n_trace; i++) {
		const arb_trace *t = &f->v->trace[i];
		if (strcmp(t->pred->clause, cl) == 0 &&
		    (!rd || (t->reading && strcmp(t->reading, rd) == 0)))
			return t->result;
	}
	cr_assert(false, "%s is not in the trace", cl);
	return (arb_result){0};
}

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "grit-heights");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(grit_heights, .init = setup, .fini = teardown);

/* ---- Towering steps: heights compared ---- */

/* a1 (2 in) moves along y = 10 through f1 (0.5 in, a quarter of 2 in) and
 * then e1 (H in), both 25 mm, 3 and 6 in along. */
#define THROUGH_ROW                                                                                \
	"S,GR.MOV.TOWER.1,legal,A1 A - height=2; F1 A - height=0.5; E1 B - height=%s,\"A1/a1 "     \
	"10,10 25; F1/f1 13,10 25; E1/e1 16,10 25\",,move A1,\"a1 10,10 %s,10\",,,lenient"

Test(grit_heights, towering_is_measured_against_a_quarter)
{
	char row[512];
	/* through f1 only: at most a quarter, exactly */
	snprintf(row, sizeof row, THROUGH_ROW, "1", "14.2");
	fixture f = load(false, row);
	arb_result r = result(&f, "GR.MOV.TOWER.1", NULL);
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "f1");
	STR_EQ(r.explanation,
	       "a1 moves through f1, 0.50 in tall, at most 0.25 of its height 2.00 in (0.50 in): "
	       "unabated");
	cr_assert(r.has_measure);
	cr_assert(epsilon_eq(dbl, r.measure.figure, 0.5, 1e-12));
	cr_assert(epsilon_eq(dbl, r.measure.limit, 0.5, 1e-12));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 0, 1e-12));
	cr_assert(eq(int, r.measure.other, -1));
	fixture_free(&f);

	/* through f1 and then e1, 0.4 in: both towered over, f1 named */
	snprintf(row, sizeof row, THROUGH_ROW, "0.4", "19");
	f = load(false, row);
	r = result(&f, "GR.MOV.TOWER.1", NULL);
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.object, "f1");
	STR_EQ(r.explanation,
	       "a1 moves through f1, 0.50 in tall, at most 0.25 of its height 2.00 in (0.50 in), "
	       "and over all else it meets likewise: unabated");
	fixture_free(&f);

	/* through f1 and then e1, 1 in: e1, the taller, is named */
	snprintf(row, sizeof row, THROUGH_ROW, "1", "19");
	f = load(false, row);
	r = result(&f, "GR.MOV.TOWER.1", NULL);
	cr_assert(eq(int, r.outcome, ARB_NA));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "e1");
	STR_EQ(r.explanation, "a1 moves through e1, 1.00 in tall: more than 0.25 of a1's height "
	                      "2.00 in (0.50 in)");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 1, 1e-12));
	cr_assert(epsilon_eq(dbl, r.measure.margin, -0.5, 1e-12));
	fixture_free(&f);
}

/* e1 at a quarter of a1's 2 in plus 0.0000005 (within the tolerance,
 * CONV.TOL.1) and plus 0.0005 (over it). */
Test(grit_heights, a_quarter_within_the_tolerance)
{
	static const struct {
		const char *h;
		arb_outcome want;
	} rows[] = {{"0.5000005", ARB_PERMITS}, {"0.5005", ARB_NA}, {"0.4995", ARB_PERMITS}};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char row[512];
		snprintf(row, sizeof row,
		         "S,GR.MOV.TOWER.1,legal,A1 A - height=2; E1 B -,\"A1/a1 10,10 25; E1/e1 "
		         "13,10 25 height=%s\",,move A1,\"a1 10,10 16,10\",,,lenient",
		         rows[i].h);
		fixture f = load(false, row);
		arb_result r = result(&f, "GR.MOV.TOWER.1", NULL);
		cr_assert(eq(int, r.outcome, rows[i].want), "%s: %s", rows[i].h, r.explanation);
		fixture_free(&f);
	}
}

/* Terrain at most a quarter: a1 over the cover T1 (0.25 in) unabated. */
Test(grit_heights, terrain_is_towered_over_by_its_height)
{
	fixture f = load(false, "S,GR.MOV.TOWER.1,legal,A1 A - height=2; E1 B -,\"A1/a1 10,10 25; "
	                        "E1/e1 60,40 25\",\"T1 cover height=0.25 12,8 14,8 14,12 "
	                        "12,12\",move A1,\"a1 10,10 16,10\",,,lenient");
	arb_result r = result(&f, "GR.MOV.TOWER.1", NULL);
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.object, "T1");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 0.25, 1e-12));
	fixture_free(&f);
}

/* A height a clause compares and the scenario does not give: bad input,
 * the models cell for a model (the mover or what it meets), the terrain
 * cell for a piece. */
Test(grit_heights, a_height_not_given_is_bad_input)
{
	static const struct {
		const char *units, *models, *terrain, *field, *message;
	} rows[] = {
	    {"A1 A -; E1 B - height=1", "A1/a1 10,10 25; E1/e1 13,10 25", "", "models",
	     "S (GR.MOV.TOWER.1): model a1 states no height (the characteristic 'height'), which "
	     "towering steps compare: a1 meets e1"},
	    {"A1 A - height=2; E1 B -", "A1/a1 10,10 25; E1/e1 13,10 25", "", "models",
	     "S (GR.MOV.TOWER.1): model e1 states no height (the characteristic 'height'), which "
	     "towering steps compare: a1 meets e1"},
	    {"A1 A - height=2; E1 B -", "A1/a1 10,10 25; E1/e1 60,40 25",
	     "T1 cover 12,8 14,8 14,12 12,12", "terrain",
	     "S (GR.MOV.TOWER.1): terrain T1 states no height ('height='), which towering steps "
	     "compare: a1 moves through it"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char row[512];
		snprintf(
		    row, sizeof row,
		    "S,GR.MOV.TOWER.1,legal,%s,\"%s\",\"%s\",move A1,\"a1 10,10 16,10\",,,lenient",
		    rows[i].units, rows[i].models, rows[i].terrain);
		fixture f = load(false, row);
		cr_assert(eq(int, f.rc, ARB_EINPUT));
		cr_assert(f.v == NULL);
		STR_EQ(f.err.field, rows[i].field);
		STR_EQ(f.err.message, rows[i].message);
		fixture_free(&f);
	}
}

/* a1 (2 in) ends on e1 and e2 (0.5 in, a quarter): it may stomp them
 * both; e2 1 in: it may not, and e2 is named. */
Test(grit_heights, stomping_is_measured_against_a_quarter)
{
	static const char *const row =
	    "S,GR.MOV.STOMP.1,legal,A1 A - height=2 S=4; E1 B - height=0.5,\"A1/a1 10,10 50; "
	    "E1/e1 16,9.5 25; E1/e2 16,10.5 25 height=%s\",,move A1,\"a1 10,10 16,10\","
	    "line_of_sight_at_start=true;stomp_check_failed=e1 e2,,lenient";
	char buf[512];
	snprintf(buf, sizeof buf, row, "0.5");
	fixture f = load(false, buf);
	arb_result r = result(&f, "GR.MOV.STOMP.1", NULL);
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "e1");
	STR_EQ(r.explanation, "a1 ends on top of e1, 0.50 in tall, at most 0.25 of its height 2.00 "
	                      "in: towering steps over it");
	cr_assert(epsilon_eq(dbl, r.measure.limit, 0.5, 1e-12));
	r = result(&f, "GR.MOV.STOMP.2", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.explanation, "2 model(s) under a1 must pass an Initiative check");
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "2 model(s) under a1 failed: each takes a hit at Strength 4");
	r = result(&f, "GR.MOV.TOWER.2", NULL);
	STR_EQ(r.explanation, "a1 ends its move on top of e1");
	fixture_free(&f);

	snprintf(buf, sizeof buf, row, "1");
	f = load(false, buf);
	r = result(&f, "GR.MOV.STOMP.1", NULL);
	cr_assert(eq(int, r.outcome, ARB_NA));
	STR_EQ(r.object, "e2");
	STR_EQ(r.explanation, "a1 ends on top of e2, 1.00 in tall: more than 0.25 of its height "
	                      "2.00 in, so no towering steps over it");
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.2", NULL).outcome, ARB_NA));
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.4", NULL).outcome, ARB_NA));
	fixture_free(&f);

	/* e2 with no height: each clause that compares it refuses the scenario */
	f = load(false, "S,GR.MOV.STOMP.1,legal,A1 A - height=2 S=4; E1 B -,\"A1/a1 16,10 50; "
	                "E1/e1 60,40 25\",,move A1,\"a1 16,10 16,12\",,,lenient");
	cr_assert(eq(int, f.rc, ARB_OK)); /* it ends on nothing: no height is read */
	fixture_free(&f);
}

/* ---- The move out from under a stomper ---- */

/* e1 under a1 (a1's base as given; centres together); e2 where given (3 in
 * below: the least move that frees e1 is 0.984 in; with e2 within 1 yd
 * after it, 1.016 in, to 1.984 in from e2's centre). */
#define OUT_ROW                                                                                    \
	"S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 %s; E1/e1 16,10 "   \
	"25; E1/e2 %s 25\",,move E1,\"e1 16,10 %s\",stomped=true,,"

Test(grit_heights, the_least_move_out_that_keeps_coherency)
{
	static const double w = 25 / 25.4;
	char row[512];
	snprintf(row, sizeof row, OUT_ROW, "25", "16,7", "16,8.98425197");
	fixture f = load(true, row);
	arb_result r = result(&f, "GR.MOV.STOMP.3", "coherent");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.explanation,
	       "the models of E1 under a stomper move the minimum distance out, maintaining unit "
	       "coherency");
	r = result(&f, "GR.MOV.STOMP.3", "depth");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.explanation, "e1 moves 1.016 in out from under a1; the minimum is 0.984 in");
	fixture_free(&f);

	snprintf(row, sizeof row, OUT_ROW, "25", "16,7", "16,8.5");
	f = load(true, row);
	r = result(&f, "GR.MOV.STOMP.3", "coherent");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "e1");
	cr_assert(r.object == NULL);
	STR_EQ(r.explanation,
	       "e1 moves 1.500 in out; the least move out that keeps unit coherency is 1.016 in");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 1.5, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.limit, 3 - (1 + w), 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 3 - (1 + w) - 1.5, 1e-9));
	fixture_free(&f);

	/* 0.0005 in further than the least: over the tolerance */
	snprintf(row, sizeof row, OUT_ROW, "25", "16,7", "16,8.98375197");
	f = load(true, row);
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "coherent").outcome, ARB_VIOLATED));
	fixture_free(&f);
	/* 0.0000005 in further: within it */
	snprintf(row, sizeof row, OUT_ROW, "25", "16,7", "16,8.98425147");
	f = load(true, row);
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "coherent").outcome, ARB_PERMITS));
	fixture_free(&f);

	/* reading depth: a move out 0.0005 in over the overlap depth is too far
	 * even where the least move that keeps coherency is that very move
	 * (e2 2.969004 in below: 0.984752 in down ends 1 in from it) */
	snprintf(row, sizeof row, OUT_ROW, "25", "16,7.030996", "16,9.015248");
	f = load(true, row);
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "coherent").outcome, ARB_PERMITS));
	r = result(&f, "GR.MOV.STOMP.3", "depth");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	cr_assert(epsilon_eq(dbl, r.measure.limit, w, 1e-9));
	fixture_free(&f);
}

static void circle_meet(double ax, double ay, double ra, double bx, double by, double rb, double sx,
                        double sy, double *x, double *y);

/* a1 on a square base (25 x 25 mm) over e1, centres together; e2 3.1 in
 * away along the diagonal. Round, a1 would let e1 go 3.1 - 1.984 = 1.116
 * in towards e2; square, that point is still under a1's corner, and the
 * least end is where the circle round a1's corner (radius e1's, 0.492 in)
 * meets e2's range (1 + 0.984 in): 1.153 in. Along a side it is the
 * depth, 0.984 in. */
Test(grit_heights, the_least_move_out_from_under_a_square_base)
{
	static const double h = 25 / 25.4 / 2;
	double k = 3.1 / sqrt(2), ex, ey;
	circle_meet(16 + h, 10 + h, h, 16 + k, 10 + k, 1 + 2 * h, 16, 10, &ex, &ey);
	double least = hypot(ex - 16, ey - 10);
	cr_assert(least > 3.1 - (1 + 2 * h) + 0.03); /* not the round answer */
	for (int over = 0; over < 2; over++) {
		double f = (least + (over ? 0.0005 : 0)) / least;
		char row[512], e2[64];
		snprintf(e2, sizeof e2, "%.10f,%.10f", 16 + k, 10 + k);
		snprintf(row, sizeof row,
		         "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 "
		         "25x25; E1/e1 16,10 25; E1/e2 %s 25\",,move E1,\"e1 16,10 %.10f,%.10f\","
		         "stomped=true,,",
		         e2, 16 + f * (ex - 16), 10 + f * (ey - 10));
		fixture f0 = load(true, row);
		arb_result r = result(&f0, "GR.MOV.STOMP.3", "coherent");
		cr_assert(eq(int, r.outcome, over ? ARB_VIOLATED : ARB_PERMITS), "%d: %s", over,
		          r.explanation);
		if (over)
			cr_assert(epsilon_eq(dbl, r.measure.limit, least, 1e-9), "%s",
			          r.explanation);
		r = result(&f0, "GR.MOV.STOMP.3", "depth");
		cr_assert(eq(int, r.outcome, ARB_VIOLATED));
		cr_assert(epsilon_eq(dbl, r.measure.limit, 2 * h, 1e-9));
		fixture_free(&f0);
	}
}

/* e1, alone, under a1 and a2 (0.4 in to each side of it): each overlaps it
 * 0.584 in, and the least move that frees it of both is sqrt(0.984^2 -
 * 0.4^2) = 0.899 in, up or down (not each depth in turn). */
Test(grit_heights, the_least_move_out_from_under_two_stompers)
{
	static const double w = 25 / 25.4;
	double least = sqrt(w * w - 0.16);
	static const char *const reading[] = {"depth", "coherent"};
	for (int over = 0; over < 2; over++) {
		char row[512];
		snprintf(row, sizeof row,
		         "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 15.6,10 "
		         "25; A1/a2 16.4,10 25; E1/e1 16,10 25\",,move E1,\"e1 16,10 16,%.10f\","
		         "stomped=true,,",
		         10 + least + (over ? 0.0005 : 0));
		fixture f = load(true, row);
		for (int k = 0; k < 2; k++) {
			arb_result r = result(&f, "GR.MOV.STOMP.3", reading[k]);
			cr_assert(eq(int, r.outcome, over ? ARB_VIOLATED : ARB_PERMITS),
			          "%s %d: %s", reading[k], over, r.explanation);
			cr_assert(epsilon_eq(dbl, r.measure.limit, least, 1e-9), "%s",
			          r.explanation);
			STR_EQ(r.subject, "e1");
			STR_EQ(r.object, "a1");
			if (over)
				STR_EQ(r.explanation,
				       "e1 moves 0.900 in out from under a1 and the others "
				       "it starts under; the minimum is 0.899 in");
		}
		fixture_free(&f);
	}
}

/* e1 under a1 (0.4 in to its right) and a2, placed so that a1's nearest
 * edge point straight left of e1 (a1's depth, 0.584 in) is still 0.0005
 * in under a2: over the tolerance, so the least move out ends where a1's
 * and a2's edges meet, 1e-7 in further (by circle_meet, not the depth).
 * e1 moves 0.7 in left, too far: the figure is the least. Alone (both
 * readings measure clear of the stompers) and beside e2 within 1 yd of
 * every end (coherent: the least that also keeps coherency, the same). */
Test(grit_heights, the_least_move_out_is_clear_beyond_the_tolerance)
{
	static const double w = 25 / 25.4;
	double ax = 0.4, bx = -0.2, px = -(w - 0.4), by, mx, my;
	by = sqrt((w - 0.0005) * (w - 0.0005) - (bx - px) * (bx - px));
	by = round(by * 1e12) / 1e12;
	circle_meet(ax, 0, w, bx, by, w, 0, 0, &mx, &my);
	double least = hypot(mx, my);
	cr_assert(least - (w - 0.4) > 5e-8); /* the depth end is refused */
	for (int two = 0; two < 2; two++) {
		char row[512];
		snprintf(
		    row, sizeof row,
		    "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 16.4,10 "
		    "25; A1/a2 %.12f,%.12f 25; E1/e1 16,10 25%s\",,move E1,\"e1 16,10 15.3,10\","
		    "stomped=true,,",
		    16 + bx, 10 + by, two ? "; E1/e2 15.35,8.8 25" : "");
		fixture f = load(true, row);
		for (int k = 0; k < 2; k++) {
			arb_result r = result(&f, "GR.MOV.STOMP.3", k ? "coherent" : "depth");
			cr_assert(eq(int, r.outcome, ARB_VIOLATED), "%d %d: %s", two, k,
			          r.explanation);
			cr_assert(epsilon_eq(dbl, r.measure.limit, least, 1e-10), "%d %d: %.12f %s",
			          two, k, r.measure.limit, r.explanation);
		}
		fixture_free(&f);
	}
}

/* Only the models under a stomper are held to a least move out: e2, not
 * under one, goes 0.3 in aside and back (0.6 in) while e1 moves out by the
 * least that keeps it within 1 yd of e2 (1.016 in down, as above). */
Test(grit_heights, a_model_not_under_a_stomper_is_not_held_to_the_least)
{
	fixture f = load(true, "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 "
	                       "16,10 25; E1/e1 16,10 25; E1/e2 16,7 25\",,move E1,\"e1 16,10 "
	                       "16,8.98425197; e2 16,7 16.3,7 16,7\",stomped=true,,");
	arb_result r = result(&f, "GR.MOV.STOMP.3", "coherent");
	cr_assert(eq(int, r.outcome, ARB_PERMITS), "%s", r.explanation);
	fixture_free(&f);
}

/* e1 starts 0.5 in off a1's centre (0.484 in under it), e2 to its right.
 * e2 at 19,10: the nearest end within 1 yd of e2 is on the circle of
 * radius 1 + 0.984 round e2, towards e1's start, and clear of a1: the least
 * move is |start - e2| - 1.984. e2 at 18.3,11 (and, mirrored, e1 below a1's
 * centre and e2 at 18.3,9): that point is under a1, and a1's edge nearest
 * e1 is out of e2's range, so the least move ends where the two circles
 * (0.984 round a1, 1.984 round e2) meet, at the nearer of the two points.
 * Each end written to 1e-10 in; 0.0005 in further along the same line is
 * too far. */
static void circle_meet(double ax, double ay, double ra, double bx, double by, double rb, double sx,
                        double sy, double *x, double *y)
{
	double d = hypot(bx - ax, by - ay), a = (d * d + ra * ra - rb * rb) / (2 * d);
	double h = sqrt(ra * ra - a * a), ux = (bx - ax) / d, uy = (by - ay) / d;
	double x1 = ax + a * ux - h * uy, y1 = ay + a * uy + h * ux;
	double x2 = ax + a * ux + h * uy, y2 = ay + a * uy - h * ux;
	bool first = hypot(x1 - sx, y1 - sy) < hypot(x2 - sx, y2 - sy);
	*x = first ? x1 : x2;
	*y = first ? y1 : y2;
}

Test(grit_heights, the_least_move_out_by_its_circles)
{
	static const double w = 25 / 25.4;
	static const struct {
		double sy, ex2, ey2;
		const char *e2;
	} sets[] = {{10.5, 19, 10, "19,10"}, {10.5, 18.3, 11, "18.3,11"}, {9.5, 18.3, 9, "18.3,9"}};
	const double sx = 16;
	for (size_t k = 0; k < 3; k++) {
		double ex, ey, least, sy = sets[k].sy;
		if (!k) {
			double d = hypot(19 - sx, 10 - sy);
			least = d - (1 + w);
			ex = sx + least * (19 - sx) / d;
			ey = sy + least * (10 - sy) / d;
		} else {
			circle_meet(16, 10, w, sets[k].ex2, sets[k].ey2, 1 + w, sx, sy, &ex, &ey);
			least = hypot(ex - sx, ey - sy);
		}
		for (int over = 0; over < 2; over++) {
			double f = (least + (over ? 0.0005 : 0)) / least;
			char row[512];
			snprintf(row, sizeof row,
			         "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - "
			         "height=2,\"A1/a1 16,10 "
			         "25; E1/e1 16,%g 25; E1/e2 %s 25\",,move E1,\"e1 16,%g "
			         "%.10f,%.10f\","
			         "stomped=true,,",
			         sy, sets[k].e2, sy, sx + f * (ex - sx), sy + f * (ey - sy));
			fixture f0 = load(true, row);
			arb_result r = result(&f0, "GR.MOV.STOMP.3", "coherent");
			cr_assert(eq(int, r.outcome, over ? ARB_VIOLATED : ARB_PERMITS),
			          "%s %d: %s", sets[k].e2, over, r.explanation);
			if (over) {
				cr_assert(epsilon_eq(dbl, r.measure.limit, least, 1e-9), "%s: %s",
				          sets[k].e2, r.explanation);
				STR_EQ(r.subject, "e1");
				cr_assert(eq(int, r.measure.other, -1));
			}
			r = result(&f0, "GR.MOV.STOMP.3", "depth");
			cr_assert(eq(int, r.outcome, ARB_VIOLATED));
			cr_assert(epsilon_eq(dbl, r.measure.limit, w - 0.5, 1e-9));
			fixture_free(&f0);
		}
	}
}

/* The coherency the move out breaks is measured, naming no other model;
 * a unit whose models start under another's without the fact stomped
 * makes no move out (GR.MOV.STOMP.3 does not apply, table or not). */
Test(grit_heights, a_move_out_that_breaks_coherency_is_measured)
{
	char row[512];
	snprintf(row, sizeof row, OUT_ROW, "25", "16,7", "16,10.98425197");
	fixture f = load(true, row);
	arb_result r = result(&f, "GR.MOV.STOMP.3", "depth");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "e1");
	cr_assert(eq(int, r.measure.other, -1));
	cr_assert(epsilon_eq(dbl, r.measure.limit, 1, 1e-9));
	fixture_free(&f);

	f = load(true, "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 25; "
	               "E1/e1 16,10 25; E1/e2 17.2,10.6 25\",,move E1,\"e1 16,10 16,10.98425197\","
	               "stomped=false,,");
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "depth").outcome, ARB_NA));
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "coherent").outcome, ARB_NA));
	fixture_free(&f);
}

/* Without the table: e2 1.5 in below e1, which moves 1.5 in up: its end
 * needs a range of 3 - 0.98 = 2.02 in, at which the least move out is 0.984
 * in (e2's range holds all of a1's edge): too far for any range. With e2 3
 * in below, moving 1.5 in down needs 0.52 in, at which the least move out
 * is that very move (the end is on the range's edge): the range decides,
 * as it does for the moves of 0.984 in and 1.016 in. */
Test(grit_heights, too_far_out_for_any_range)
{
	char row[512];
	snprintf(row, sizeof row, OUT_ROW, "25", "16,8.5", "16,11.5");
	fixture f = load(false, row);
	arb_result r = result(&f, "GR.MOV.STOMP.3", "coherent");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.explanation, "e1 moves 1.500 in out; the least move out that keeps unit "
	                      "coherency is 0.984 in, "
	                      "whatever range the missing table gives");
	fixture_free(&f);

	static const char *const ends[] = {"16,10.98425197", "16,8.98425197", "16,8.5"};
	for (size_t i = 0; i < 3; i++) {
		snprintf(row, sizeof row, OUT_ROW, "25", "16,7", ends[i]);
		f = load(false, row);
		r = result(&f, "GR.MOV.STOMP.3", "coherent");
		cr_assert(eq(int, r.outcome, ARB_UNDECIDED), "%s: %s", ends[i], r.explanation);
		cr_assert(strstr(r.explanation, "the text has no such table") != NULL);
		fixture_free(&f);
	}
}

/* A lone model under a stomper: no coherency to keep, so the minimum is
 * its overlap depth under both readings. */
Test(grit_heights, a_lone_model_moves_out_by_its_depth)
{
	fixture f = load(true, "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 "
	                       "16,10 25; E1/e1 16,10 25\",,move E1,\"e1 16,10 16,11.2\","
	                       "stomped=true,,");
	for (int k = 0; k < 2; k++) {
		arb_result r = result(&f, "GR.MOV.STOMP.3", k ? "coherent" : "depth");
		cr_assert(eq(int, r.outcome, ARB_VIOLATED));
		STR_EQ(r.explanation,
		       "e1 moves 1.200 in out from under a1; the minimum is 0.984 in");
	}
	fixture_free(&f);
}

/* ---- Stomping: the check, the hit, and clear of every model ---- */

/* e1 starts 0.5 in above a1's centre, under it by 0.984 - 0.5 = 0.484 in;
 * f1 (another unit, no stomper) stands 1.1 in above e1. The least move out
 * from under a1 is 0.484 in straight up and ends on f1; the least that
 * ends on no model reaches where the circles of 0.984 in about a1 and f1
 * meet, (16 + sqrt(0.984^2 - 0.8^2), 10.8): hypot of that and 0.3 from the
 * start (GR-MOV-STOMP-019..024). */
#define CLEAR_ROW                                                                                  \
	"S,GR.MOV.STOMP.3,legal,A1 A - height=1 %s; E1 B - height=2; F1 B - height=1,\"A1/a1 "     \
	"16,10 25; E1/e1 16,10.5 25; F1/f1 16,11.6 25\",,move E1,\"%s\",stomped=true%s,,"

static double clear_least(void)
{
	double d = 25.0 / 25.4, x = sqrt(d * d - 0.8 * 0.8);
	return hypot(x, 0.3);
}

Test(grit_heights, the_move_out_ends_clear_of_the_stompers_or_of_every_model)
{
	static const char *const rd[] = {"depth", "coherent", "depth-clear", "coherent-clear"};
	char row[512];
	snprintf(row, sizeof row, CLEAR_ROW, "S=5", "e1 16,10.5 16,10.9842519685", "");
	fixture f = load(false, row);
	for (int k = 0; k < 4; k++) {
		arb_result r = result(&f, "GR.MOV.STOMP.3", rd[k]);
		if (k < 2) {
			/* out from under a1; ending on f1 is GR.MOV.TOWER.2's */
			cr_assert(eq(int, r.outcome, ARB_PERMITS), "%s", rd[k]);
			STR_EQ(r.explanation,
			       "the models of E1 under a stomper move the minimum distance out");
			cr_assert(epsilon_eq(dbl, r.measure.limit, 25.0 / 25.4 - 0.5, 1e-9));
		} else {
			cr_assert(eq(int, r.outcome, ARB_VIOLATED), "%s", rd[k]);
			STR_EQ(r.subject, "e1");
			STR_EQ(r.object, "f1");
			STR_EQ(r.explanation, "e1 ends on top of f1, not clear of it");
		}
	}
	cr_assert(eq(int, result(&f, "GR.MOV.TOWER.2", NULL).outcome, ARB_VIOLATED));
	fixture_free(&f);

	double L = clear_least(), x = sqrt(pow(25.0 / 25.4, 2) - 0.64);
	char path[128];
	snprintf(path, sizeof path, "e1 16,10.5 %.10f,10.8", 16 + x);
	snprintf(row, sizeof row, CLEAR_ROW, "S=5", path, "");
	f = load(false, row);
	for (int k = 0; k < 4; k++) {
		arb_result r = result(&f, "GR.MOV.STOMP.3", rd[k]);
		cr_assert(epsilon_eq(dbl, r.measure.figure, L, 1e-9), "%s", rd[k]);
		if (k < 2) {
			cr_assert(eq(int, r.outcome, ARB_VIOLATED), "%s", rd[k]);
			STR_EQ(r.explanation,
			       "e1 moves 0.647 in out from under a1; the minimum is 0.484 in");
		} else {
			cr_assert(eq(int, r.outcome, ARB_PERMITS), "%s", rd[k]);
			cr_assert(epsilon_eq(dbl, r.measure.limit, L, 1e-7), "%s", rd[k]);
			STR_EQ(r.explanation, "the models of E1 under a stomper move the minimum "
			                      "distance out clear of every model");
		}
	}
	fixture_free(&f);

	/* 0.0005 in further along the same line: over the least clear of all */
	snprintf(path, sizeof path, "e1 16,10.5 %.10f,%.10f", 16 + x * (L + 0.0005) / L,
	         10.5 + 0.3 * (L + 0.0005) / L);
	snprintf(row, sizeof row, CLEAR_ROW, "S=5", path, "");
	f = load(false, row);
	arb_result r = result(&f, "GR.MOV.STOMP.3", "depth-clear");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.explanation,
	       "e1 moves 0.648 in out from under a1; the minimum clear of every model is 0.647 in");
	cr_assert(epsilon_eq(dbl, r.measure.margin, -0.0005, 1e-7));
	fixture_free(&f);
}

/* f1 touches e1 at the start, over it by 0.0000005 in (within the
 * tolerance: not a stomper), right where the least move out from under a1
 * goes: the -clear readings still keep the end clear of f1, and the least
 * reaches where the circles about a1 and f1 meet. */
Test(grit_heights, a_model_touching_at_the_start_is_still_to_be_cleared)
{
	double d = 25.0 / 25.4, fy = 10.5 + d - 0.0000005, h = (fy - 10) / 2;
	double x = sqrt(d * d - h * h), L = hypot(x, 10 + h - 10.5);
	char row[512];
	snprintf(row, sizeof row,
	         "S,GR.MOV.STOMP.3,legal,A1 A - height=1 S=5; E1 B - height=2; F1 B - "
	         "height=1,\"A1/a1 16,10 25; E1/e1 16,10.5 25; F1/f1 16,%.10f 25\",,move "
	         "E1,\"e1 16,10.5 %.10f,%.10f\",stomped=true;stomp_check_failed=-,,",
	         fy, 16 + x, 10 + h);
	fixture f = load(false, row);
	arb_result r = result(&f, "GR.MOV.STOMP.3", "depth-clear");
	cr_assert(eq(int, r.outcome, ARB_PERMITS), "%s", r.explanation);
	cr_assert(epsilon_eq(dbl, r.measure.limit, L, 1e-7));
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "depth").outcome, ARB_VIOLATED));
	fixture_free(&f);
}

/* "All models underneath them must pass a Initiative check as they move
 * ... out" and "All models that fail this check take a hit from the stomper
 * with strength equal to the stomper's Strength", on the move out: one
 * check for e1; the hit given by the fact stomp_check_failed, model by
 * model; a model named that is under no stomper, and a stomper without S
 * whose hit is asked, are bad input. e1 moves the 0.484 in out from under
 * a1 and ends on f1 (1 in, more than a quarter of e1's 2 in). */
Test(grit_heights, the_stomped_models_check_and_take_the_hit)
{
	char row[512];
	/* the least out from under a1, ending on f1, which e1 cannot tower over:
	 * not a stomp by e1, so the check is the move out's */
	static const char *const out = "e1 16,10.5 16,10.9842519685";
	snprintf(row, sizeof row, CLEAR_ROW, "S=5", out, ";stomp_check_failed=e1");
	fixture f = load(false, row);
	arb_result r = result(&f, "GR.MOV.STOMP.2", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.explanation, "1 model(s) under a1 must pass an Initiative check");
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.explanation, "1 model(s) under a1 failed: each takes a hit at Strength 5");
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.3", "depth").outcome, ARB_PERMITS));
	fixture_free(&f);

	snprintf(row, sizeof row, CLEAR_ROW, "S=5", out, ";stomp_check_failed=-");
	f = load(false, row);
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "the models under a1 passed: no hit");
	fixture_free(&f);

	snprintf(row, sizeof row, CLEAR_ROW, "S=5", out, "");
	f = load(false, row);
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_MISSING));
	STR_EQ(r.missing, "stomp_check_failed");
	fixture_free(&f);

	snprintf(row, sizeof row, CLEAR_ROW, "S=5", out, ";stomp_check_failed=e1 f1");
	f = load(false, row);
	cr_assert(eq(int, f.rc, ARB_EINPUT));
	STR_EQ(f.err.field, "facts");
	cr_assert(strstr(f.err.message, "stomp_check_failed names f1, which is under no stomper") !=
	              NULL,
	          "%s", f.err.message);
	fixture_free(&f);

	snprintf(row, sizeof row, CLEAR_ROW, "", out, ";stomp_check_failed=e1");
	f = load(false, row);
	cr_assert(eq(int, f.rc, ARB_EINPUT));
	STR_EQ(f.err.field, "models");
	cr_assert(strstr(f.err.message, "model a1 states no S (Strength)") != NULL, "%s",
	          f.err.message);
	fixture_free(&f);

	/* a list that begins with a comma */
	snprintf(row, sizeof row,
	         "S,GR.MOV.STOMP.4,legal,A1 A - height=1 S=5; E1 B - height=2; F1 B - height=1,"
	         "\"A1/a1 16,10 25; E1/e1 16,10.5 25; F1/f1 16,11.6 25\",,move E1,\"%s\","
	         "\"stomped=true;stomp_check_failed=,e1\",,",
	         out);
	f = load(false, row);
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "1 model(s) under a1 failed: each takes a hit at Strength 5");
	fixture_free(&f);
	snprintf(row, sizeof row,
	         "S,GR.MOV.STOMP.4,legal,A1 A - height=1 S=5; E1 B - height=2; F1 B - height=1,"
	         "\"A1/a1 16,10 25; E1/e1 16,10.5 25; F1/f1 16,11.6 25\",,move E1,\"%s\","
	         "\"stomped=true;stomp_check_failed=,e1 f1\",,",
	         out);
	f = load(false, row);
	cr_assert(eq(int, f.rc, ARB_EINPUT));
	cr_assert(strstr(f.err.message, "stomp_check_failed names f1, which") != NULL, "%s",
	          f.err.message);
	fixture_free(&f);

	/* a one-letter name, and one that begins as "-" does: still models */
	static const char *const odd[] = {"g", "-g"};
	for (int k = 0; k < 2; k++) {
		char facts[64];
		snprintf(
		    row, sizeof row,
		    "S,GR.MOV.STOMP.4,legal,A1 A - height=1 S=5; E1 B - height=2; G1 B - "
		    "height=1,\"A1/a1 16,10 25; E1/e1 16,10.5 25; G1/%s 30,30 25\",,move E1,\"%s\","
		    "stomped=true;stomp_check_failed=e1 %s,,",
		    odd[k], out, odd[k]);
		f = load(false, row);
		cr_assert(eq(int, f.rc, ARB_EINPUT), "%s", odd[k]);
		snprintf(facts, sizeof facts, "stomp_check_failed names %s, which", odd[k]);
		cr_assert(strstr(f.err.message, facts) != NULL, "%s", f.err.message);
		fixture_free(&f);
	}

	/* passed, a stomper without S: no hit, so no Strength is read */
	snprintf(row, sizeof row, CLEAR_ROW, "", out, ";stomp_check_failed=-");
	f = load(false, row);
	cr_assert(eq(int, result(&f, "GR.MOV.STOMP.4", NULL).outcome, ARB_VALUE));
	fixture_free(&f);
}

/* A move out that stomps: e1 (2 in, S 3) moves the 0.484 in out from under
 * a1 (S 5) and ends on g1, 0.25 in tall, at most a quarter of 2 in. Both
 * check: g1 under e1, e1 (moving out) under a1; e1 alone fails, and its
 * hit is at a1's Strength. */
Test(grit_heights, a_move_out_that_stomps_checks_both)
{
	fixture f = load(false, "S,GR.MOV.STOMP.2,legal,A1 A - height=1 S=5; E1 B - height=2 S=3; "
	                        "G1 B - height=0.25,\"A1/a1 16,10 25; E1/e1 16,10.5 25; G1/g1 "
	                        "16,11.6 25\",,move E1,\"e1 16,10.5 16,10.9842519685\","
	                        "stomped=true;stomp_check_failed=e1,,");
	arb_result r = result(&f, "GR.MOV.STOMP.2", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	cr_assert(epsilon_eq(dbl, r.values[0].value, 2, 0));
	STR_EQ(r.explanation, "2 model(s) under e1 must pass an Initiative check");
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "1 model(s) under a1 failed: each takes a hit at Strength 5");
	fixture_free(&f);
}

/* On the stomper's move: a1 and a2 (2 in) end on e1 and e2 (0.5 in), a1
 * S 4, a2 S 6. Each model underneath checks once; e2 fails, and its hit is
 * at the Strength of the stomper on it, a2's. a1 and a2 both ending on e1
 * is one model underneath, one check. */
Test(grit_heights, one_check_for_each_model_underneath)
{
	fixture f = load(false, "S,GR.MOV.STOMP.4,legal,A1 A - height=2; E1 B - height=0.5,\"A1/a1 "
	                        "10,10 25 S=4; A1/a2 10,11.5 25 S=6; E1/e1 16,10 25; E1/e2 "
	                        "16,11.5 25\",,move A1,\"a1 10,10 16,10; a2 10,11.5 16,11.5\","
	                        "line_of_sight_at_start=true;stomp_check_failed=e2,,");
	arb_result r = result(&f, "GR.MOV.STOMP.2", NULL);
	STR_EQ(r.explanation, "2 model(s) under a1 must pass an Initiative check");
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.subject, "a2");
	STR_EQ(r.explanation, "1 model(s) under a2 failed: each takes a hit at Strength 6");
	fixture_free(&f);

	f = load(false, "S,GR.MOV.STOMP.2,legal,A1 A - height=2 S=4; E1 B - height=0.5,\"A1/a1 "
	                "10,10 25; A1/a2 10,11 25; E1/e1 60,40 50\",,move A1,\"a1 10,10 59.7,40; "
	                "a2 10,11 60.3,40\",line_of_sight_at_start=true;stomp_check_failed=e1,,");
	r = result(&f, "GR.MOV.STOMP.2", NULL);
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "1 model(s) under a1 must pass an Initiative check");
	r = result(&f, "GR.MOV.STOMP.4", NULL);
	STR_EQ(r.explanation, "1 model(s) under a1 failed: each takes a hit at Strength 4");
	fixture_free(&f);
}

/* ---- A broken unit spends its movement ---- */

/* Grit 7, Sagacity 3: 6 + 6 = 12 breaks it; the cover T1 lies left, with
 * the edge. */
#define BROKEN_ROW                                                                                 \
	"S,GR.MOV.BROKEN.2,legal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 %.*s 25; A1/a2 "     \
	"12,11.5 25; E1/e1 60,40 25\",\"T1 cover 0,20 2,20 2,24 0,24\",move A1,\"a1 %s; a2 %s\","  \
	"allied_corpses_in_range=true;rounds_completed=0;corpse_wounds=0;in_cover=false;"          \
	"deployment_edge=left,morale_check: 6 6,"

Test(grit_heights, a_broken_unit_spends_its_movement)
{
	static const struct {
		bool tabled;
		const char *a1, *a2;
		arb_outcome want;
		const char *words;
	} rows[] = {
	    {true, "12,10 6,10", "12,11.5 6,11.5", ARB_HOLDS,
	     "A1 is broken and every model spends its movement moving towards the left "
	     "edge"},
	    /* a repeated point is no step */
	    {true, "12,10 12,10 6,10", "12,11.5 6,11.5", ARB_HOLDS, NULL},
	    {true, "12,10 7,10", "12,11.5 6,11.5", ARB_VIOLATED,
	     "A1 is broken and a1 spends 5.00 in (5.00 yd) of its movement, 6.00 yd, and "
	     "stays on "
	     "the table"},
	    {true, "12,10 6.0000005,10", "12,11.5 6,11.5", ARB_HOLDS, NULL},
	    {true, "12,10 6.0005,10", "12,11.5 6,11.5", ARB_VIOLATED, NULL},
	    {true, "12,10 12,12 6,12", "12,11.5 6,11.5", ARB_VIOLATED,
	     "A1 is broken and a1 does not move towards the left edge (step 1: 11.51 in "
	     "from it "
	     "before, 11.51 after)"},
	    {false, "12,10 6,10", "12,11.5 6,11.5", ARB_UNDECIDED,
	     "A1 is broken and moves towards the left edge; a1 moves 6.00 in (6.00 yd) and "
	     "stays "
	     "on the table: whether that spends its movement is 'on the table below' "
	     "(GR.MOV.2), "
	     "which the text does not have"},
	    /* off the table: whatever is left need not be spent, table or not */
	    {false, "12,10 0.3,10", "12,11.5 0.3,11.5", ARB_HOLDS, NULL},
	    {false, "12,10 0.3,10", "12,11.5 6,11.5", ARB_UNDECIDED, "a2 moves 6.00 in"},
	    {false, "12,10 12.5,10 0.3,10", "12,11.5 0.3,11.5", ARB_VIOLATED, NULL},
	    /* a step within the tolerance (CONV.TOL.1) is no step; one over it
	     * counts, and must come nearer by more than the tolerance */
	    {true, "12,10 11.9999995,10 6,10", "12,11.5 6,11.5", ARB_HOLDS, NULL},
	    {true, "12,10 12.0005,10 6,10", "12,11.5 6,11.5", ARB_VIOLATED, "(step 1:"},
	    {true, "12,10 11.9999995,9 6,9", "12,11.5 6,11.5", ARB_VIOLATED, "(step 1:"},
	    {true, "12,10 11.9995,9 6,9", "12,11.5 6,11.5", ARB_HOLDS, NULL},
	    /* off the table by 0.0000005 in (within the tolerance: on it, and
	     * 3.5 in of 6 yd spent), by 0.0005 in (off: fled), and touching */
	    {true, "4,10 0.4921254843,10", "12,11.5 6,11.5", ARB_VIOLATED, "spends 3.51 in"},
	    {true, "4,10 0.4916259843,10", "12,11.5 6,11.5", ARB_HOLDS, NULL},
	    {true, "4,10 0.4921259843,10", "12,11.5 6,11.5", ARB_VIOLATED, NULL},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char row[1024];
		/* a1 stands where its path starts */
		snprintf(row, sizeof row, BROKEN_ROW, (int)strcspn(rows[i].a1, " "), rows[i].a1,
		         rows[i].a1, rows[i].a2);
		fixture f = load(rows[i].tabled, row);
		arb_result r = result(&f, "GR.MOV.BROKEN.2", NULL);
		cr_assert(eq(int, r.outcome, rows[i].want), "row %zu: %s", i, r.explanation);
		if (rows[i].words)
			cr_assert(strstr(r.explanation, rows[i].words) != NULL, "row %zu: %s", i,
			          r.explanation);
		if (rows[i].want == ARB_VIOLATED || rows[i].want == ARB_UNDECIDED)
			STR_EQ(r.subject, i == 8 ? "a2" : "a1");
		fixture_free(&f);
	}
}

/* The measure of a move short of the allowance. */
Test(grit_heights, a_broken_unit_short_of_its_movement_is_measured)
{
	char row[1024];
	snprintf(row, sizeof row, BROKEN_ROW, 5, "12,10", "12,10 7,10", "12,11.5 6,11.5");
	fixture f = load(true, row);
	arb_result r = result(&f, "GR.MOV.BROKEN.2", NULL);
	cr_assert(r.has_measure);
	cr_assert(epsilon_eq(dbl, r.measure.figure, 5, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.limit, 6, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, -1, 1e-9));
	cr_assert(eq(int, r.measure.other, -1));
	fixture_free(&f);
}
