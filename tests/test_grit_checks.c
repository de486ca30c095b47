/* test_grit_checks.c: Grit (spec/grit, oracle/rules/grit) beyond its case
 * tables, continued from test_grit.c: exact odds of the morale check
 * against hand counts, bad input naming the field, lint of the missing
 * tables, difficult terrain, towering steps and stomping measured, the
 * morale check's figures and words, and who is named where two are as
 * near. The fixture is test_grit_fixture.c's (grit_fixture.h). */
#include "arbiter.h"
#include "grit_fixture.h"
#include "support.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void morale_odds(int grit, int rounds, unsigned long legal)
{
	char row[1024];
	snprintf(
	    row, sizeof row,
	    "M,GR.MOV.MORALE.7,legal,A1 A - Grit=%d Sagacity=3 I=4; E1 B -,"
	    "\"A1/a1 30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25\","
	    "\"T1 cover 40,8 42,8 42,14 40,14\",move A1,\"a1 30,10 25,10; a2 30,11.5 25,11.5\","
	    "allied_corpses_in_range=true;"
	    "rounds_completed=%d;corpse_wounds=0;in_cover=false;deployment_edge=left,"
	    "morale_check: 3 4,\n",
	    grit, rounds);
	/* the move is judged, not only the check: the tables must be given */
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f = gfx_load(row);
	arb_odds odds;
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int,
	             arb_odds_enumerate(&odds, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err),
	             ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(ulong, odds.outcomes, 36));
	cr_assert(eq(ulong, odds.by_kind[ARB_V_LEGAL], legal));
	cr_assert(eq(ulong, odds.by_kind[ARB_V_ILLEGAL], 36 - legal));
	gfx_fixture_free(&f);
}

/* 2D6 <= 7: 1 + 2 + 3 + 4 + 5 + 6 = 21 of 36. */
Test(grit, odds_of_grit_7)
{
	morale_odds(7, 0, 21);
}

/* 2D6 + 2 (4 rounds) <= 7, i.e. 2D6 <= 5: 1 + 2 + 3 + 4 = 10 of 36. */
Test(grit, odds_of_grit_7_after_four_rounds)
{
	morale_odds(7, 4, 10);
}

/* Grit 2 after 20 rounds (+10): only double 1s pass ("regardless of what the
 * result would be"): 1 of 36. */
Test(grit, odds_of_double_ones_only)
{
	morale_odds(2, 20, 1);
}

/* Bad input: a Scrollhammer status or formation in a Grit scenario is an
 * error naming the field. */
static void refused(const char *units, const char *field)
{
	gfx_write_spec("1\"");
	arb_rulebook *rb = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	char dir[128], text[2048], buf[1024];
	arb_error_clear(&err);
	snprintf(dir, sizeof dir, "%s/spec", gfx_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&rb, dir, &err), ARB_OK));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	snprintf(text, sizeof text,
	         "%sB,GR.MOV.2,legal,%s,\"A1/a1 10,10 25; E1/e1 60,40 25\",,move A1,,,,\n", HEAD,
	         units);
	int rc =
	    arb_caseset_load_text(cs, "cases/grit/movement/t.csv", text, strlen(text), rb, &err);
	cr_assert(eq(int, rc, ARB_EINPUT));
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(strstr(buf, field) != NULL, "%s", buf);
	arb_caseset_free(cs);
	arb_rulebook_free(rb);
}

Test(grit, a_scrollhammer_status_is_refused)
{
	refused("A1 A - locked_in_combat; E1 B -", "units");
}

Test(grit, a_scrollhammer_formation_is_refused)
{
	refused("A1 A horde; E1 B -", "units");
}

/* Whether lint's findings for grit under dir hold one of code for clause
 * whose message holds words. */
static bool lint_has(const char *dir, const char *code, const char *clause, const char *words)
{
	arb_rulebook *rb = NULL;
	arb_lint *l = NULL;
	arb_error err;
	char buf[1024];
	bool found = false;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_lint_run(&l, rb, NULL, NULL, "grit", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	for (size_t i = 0; i < arb_lint_count(l) && !found; i++) {
		const arb_finding *f = arb_lint_at(l, i);
		found = strcmp(f->code, code) == 0 &&
		        (!clause || (f->clause && strcmp(f->clause, clause) == 0)) &&
		        strstr(f->message, words) != NULL;
	}
	arb_lint_free(l);
	arb_rulebook_free(rb);
	return found;
}

/* Lint names both tables the text promises and does not have, and the
 * parameters they would give, unresolved; and the yard as an assumption
 * Grit relies on. */
Test(grit, lint_reports_the_missing_tables_and_the_yard)
{
	cr_assert(lint_has("spec", "missing-table", "GR.MOV.2", "on the table below"));
	cr_assert(lint_has("spec", "missing-table", "GR.MOV.COH.2", "on the table below"));
	cr_assert(lint_has("spec", "unresolved-parameter", "GR.MOV.2", "'movement_allowance'"));
	cr_assert(lint_has("spec", "unresolved-parameter", "GR.MOV.COH.2", "'coherency_range'"));
	cr_assert(lint_has("spec", "assumption", NULL, "CONV.UNIT.3"),
	          "the yard (CONV.UNIT.3) is not listed as an assumption");
}

/* Once an errata table gives them, lint says where (tabled-parameter). */
Test(grit, lint_reports_the_tabled_parameters)
{
	char dir[128];
	gfx_write_spec_tables("1\"", TABLES);
	snprintf(dir, sizeof dir, "%s/spec", gfx_tmp.path);
	cr_assert(lint_has(dir, "tabled-parameter", "GR.MOV.2", "1 row of"));
	cr_assert(lint_has(dir, "tabled-parameter", "GR.MOV.COH.2", "2 rows of"));
	bool still = lint_has(dir, "unresolved-parameter", "GR.MOV.2", "movement_allowance");
	cr_assert(not(still));
}

/* ---- Difficult Terrain, Towering Steps and Stomping, measured ---- */

/* Two 25 mm models (radius 0.492 in) move 3 in side by side into the
 * difficult T1 (x 12 to 14): each base is across it from x 11.508 to the
 * end at 13, 1.492 in, counted twice: 3 + 1.492 = 4.492 in, within 6 yd
 * (GR.MOV.DIFF.3 permits). The two cost the same: the first is named
 * (the text names neither; the predicate keeps the first of the dearest).
 * 6 in into it, across from 11.508 to 14.492, 2.984 in: 8.984 in, over. */
Test(grit, difficult_terrain_is_measured)
{
	static const double r = 25 / 25.4 / 2;
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f =
	    gfx_load("S,GR.MOV.DIFF.3,legal,A1 A - height=2; E1 B -,\"A1/a1 10,10 25; A1/a2 "
	             "10,11.5 25; E1/e1 60,40 25\",\"T1 difficult height=1 12,8 14,8 14,13 "
	             "12,13\",move A1,\"a1 10,10 13,10; a2 10,11.5 13,11.5\",,,\n");
	arb_result d = gfx_result_of(&f, "GR.MOV.DIFF.3");
	cr_assert(eq(int, d.outcome, ARB_PERMITS));
	STR_EQ(d.subject, "a1");
	STR_EQ(d.explanation,
	       "a1 moves 3.00 in, 1.49 of it across difficult terrain: costs 4.49 in "
	       "(4.49 yd), allowance 6.00 yd (6.00 in)");
	cr_assert(d.has_measure);
	cr_assert(epsilon_eq(dbl, d.measure.figure, 3 + 13 - (12 - r), 1e-9));
	cr_assert(epsilon_eq(dbl, d.measure.limit, 6, 1e-9));
	cr_assert(epsilon_eq(dbl, d.measure.margin, 6 - (3 + 13 - (12 - r)), 1e-9));
	cr_assert(eq(int, d.measure.other, -1));
	gfx_fixture_free(&f);

	f = gfx_load(
	    "S,GR.MOV.DIFF.3,illegal,A1 A - height=2; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 "
	    "25; E1/e1 60,40 25\",\"T1 difficult height=1 12,8 14,8 14,13 12,13\",move "
	    "A1,\"a1 10,10 16,10; a2 10,11.5 16,11.5\",,,\n");
	d = gfx_result_of(&f, "GR.MOV.DIFF.3");
	cr_assert(eq(int, d.outcome, ARB_VIOLATED));
	STR_EQ(d.subject, "a1");
	STR_EQ(d.explanation,
	       "a1 moves 6.00 in, 2.98 of it across difficult terrain: costs 8.98 in "
	       "(8.98 yd), allowance 6.00 yd (6.00 in): over");
	cr_assert(epsilon_eq(dbl, d.measure.margin, 6 - (6 + 2 + 2 * r), 1e-9));
	cr_assert(eq(int, d.measure.other, -1));
	gfx_fixture_free(&f);
}

/* GR-MOV-STOMP-002's charge under TABLES: a1 (2 in tall) ends on e1 (0.984
 * in of overlap, 1 in tall), which it cannot tower over: GR.MOV.3 and
 * GR.MOV.TOWER.2 are violated, GR.MOV.TOWER.1 and GR.MOV.STOMP.1 do not
 * apply and say why, and there is no stomp (GR.MOV.STOMP.2, .4 do not
 * apply). Without e1's height both permissions refuse the scenario (bad
 * input, the models cell); e1 0.5 in tall and no result of the check,
 * GR.MOV.STOMP.4 misses that; a failed check and a stomper with no S is
 * bad input (the models cell). */
#define ONTO_ROW                                                                                   \
	"S,GR.MOV.TOWER.2,illegal,A1 A -%s; E1 B -%s,\"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 "   \
	"16,10 25\",,move A1,\"a1 10,10 16,10; a2 10,11.5 "                                        \
	"16,11.5\",%sline_of_sight_at_start=true,,\n"

Test(grit, answers_of_moves_onto_a_model)
{
	static const char *const common = "GR.MOV.2=+ GR.MOV.3=- GR.MOV.COH.1=+ GR.MOV.COH.2=v "
	                                  "GR.MOV.ENG.1=v GR.MOV.ENG.2=+ GR.MOV.ENG.4=v "
	                                  "GR.MOV.ENG.5=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=- ";
	char row[1024], want[1024];
	gfx_write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, ONTO_ROW, " S=5 height=2", " height=1", "");
	gfx_fixture f = gfx_load(row);
	gfx_answers(&f, common);
	gfx_says(
	    &f, "GR.MOV.TOWER.1",
	    "a1 moves through e1, 1.00 in tall: more than 0.25 of a1's height 2.00 in (0.50 in)");
	gfx_says(&f, "GR.MOV.STOMP.1",
	         "a1 ends on top of e1, 1.00 in tall: more than 0.25 of its height 2.00 in, so no "
	         "towering steps over it");
	gfx_fixture_free(&f);

	snprintf(row, sizeof row, ONTO_ROW, " S=5 height=2", "", "");
	f = gfx_load(row);
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "models");
	STR_EQ(err.message, "S (GR.MOV.TOWER.1): model e1 states no height (the characteristic "
	                    "'height'), which towering steps compare: a1 meets e1");
	gfx_fixture_free(&f);

	snprintf(row, sizeof row, ONTO_ROW, " S=5 height=2", " height=0.5", "");
	f = gfx_load(row);
	snprintf(want, sizeof want,
	         "%sGR.MOV.TOWER.1=p GR.MOV.STOMP.1=p GR.MOV.STOMP.2=v GR.MOV.STOMP.4=m", common);
	gfx_answers(&f, want);
	gfx_fixture_free(&f);

	snprintf(row, sizeof row, ONTO_ROW, " height=2", " height=0.5", "stomp_check_failed=e1;");
	f = gfx_load(row);
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "models");
	cr_assert(strstr(err.message, "no S (Strength)") != NULL, "%s", err.message);
	gfx_fixture_free(&f);
}

/* The move out from under a stomper (GR-MOV-STOMP-011, -010): e1 lies
 * under a1 by their bases' width, 0.984 in; moving 1.5 in out is 0.516 in
 * more than the minimum (reading depth), and leaves e2 3 - 0.984 = 2.02 in
 * away, out of the range of 1 yd (reading coherent: "maintaining unit
 * coherency"); moving 0.98425197 in is the minimum, with e2 beside it at
 * 17.2,10.6 (1.26 - 0.98 = 0.28 in from e1's end): both readings permit.
 * A unit with stomped=true none of whose models is under another: the
 * clause does not apply. */
Test(grit, the_move_out_from_under_is_measured)
{
	static const double w = 25 / 25.4;
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f =
	    gfx_load("S,GR.MOV.STOMP.3,illegal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 "
	             "25; E1/e1 16,10 "
	             "25; E1/e2 16,8.5 25\",,move E1,\"e1 16,10 16,11.5\",stomped=true,,\n");
	arb_result r = gfx_result_of_reading(&f, "GR.MOV.STOMP.3", "coherent");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "e1");
	cr_assert(r.object == NULL);
	STR_EQ(r.explanation, "E1's move out from under the stomper does not maintain unit "
	                      "coherency: a model ends with fewer than 1 other(s) within 1.00 in");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 3 - w, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 1 - (3 - w), 1e-9));
	r = gfx_result_of_reading(&f, "GR.MOV.STOMP.3", "depth");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "e1");
	STR_EQ(r.object, "a1");
	STR_EQ(r.explanation, "e1 moves 1.500 in out from under a1; the minimum is 0.984 in");
	cr_assert(r.has_measure);
	cr_assert(epsilon_eq(dbl, r.measure.figure, 1.5, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.limit, w, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, w - 1.5, 1e-9));
	cr_assert(eq(int, r.measure.other, -1));
	gfx_fixture_free(&f);

	f = gfx_load(
	    "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 25; E1/e1 "
	    "16,10 25; E1/e2 17.2,10.6 25\",,move E1,\"e1 16,10 16,10.98425197\",stomped=true,,"
	    "\n");
	for (int k = 0; k < 2; k++) {
		r = gfx_result_of_reading(&f, "GR.MOV.STOMP.3", k ? "depth" : "coherent");
		cr_assert(eq(int, r.outcome, ARB_PERMITS));
		STR_EQ(r.explanation, "the models of E1 under a stomper move the minimum distance "
		                      "out, maintaining unit coherency");
		cr_assert(epsilon_eq(dbl, r.measure.margin, w - 0.98425197, 1e-9));
	}
	gfx_fixture_free(&f);

	f = gfx_load("S,GR.MOV.2,legal,A1 A -,\"A1/a1 10,10 25\",,move A1,\"a1 10,10 15,10\","
	             "stomped=true,,\n");
	gfx_answers(&f, "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1/literal=- GR.MOV.COH.1/lone-exempt=+ "
	                "GR.MOV.ENG.2=+ GR.MOV.ENG.4=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+");
	gfx_fixture_free(&f);
}

/* ---- Morale, Broken and Insane Bravery: what the verdict does not show ---- */

/* A unit of Grit 7, Sagacity 3, I 4 moving 5 in left, away from the cover
 * T1, with the morale dice and the facts of the check as given. */
#define CHECK_ROW                                                                                  \
	"S,GR.MOV.MORALE.7,legal,A1 A - %s; E1 B -,\"A1/a1 30,10 25%s; A1/a2 30,11.5 25; E1/e1 "   \
	"70,40 25\",\"T1 cover 40,8 42,8 42,14 40,14\",move A1,\"a1 30,10 25,10; a2 30,11.5 "      \
	"25,11.5\",allied_corpses_in_range=true;in_cover=false;deployment_edge=left%s,"            \
	"morale_check: %s,\n"

static gfx_fixture check_row(const char *stats, const char *model, const char *facts,
                             const char *dice)
{
	char row[1024];
	snprintf(row, sizeof row, CHECK_ROW, stats, model, facts, dice);
	return gfx_load(row);
}

/* Three dice, where the check rolls two (GR.MOV.MORALE.4 "roll 2D6"), or a
 * figure of the total not given (GR.MOV.MORALE.5's rounds, .6's wounds):
 * the total is not known, so whether the check is passed (GR.MOV.MORALE.7)
 * is missing, not decided. */
Test(grit, a_check_without_its_figures_is_not_decided)
{
	static const struct {
		const char *facts, *dice;
	} rows[] = {
	    {";rounds_completed=0;corpse_wounds=0", "3 4 5"},
	    {";corpse_wounds=0", "3 4"},
	    {";rounds_completed=0", "3 4"},
	};
	gfx_write_spec_tables("1\"", TABLES);
	for (size_t i = 0; i < 3; i++) {
		gfx_fixture f = check_row("Grit=7 Sagacity=3 I=4", "", rows[i].facts, rows[i].dice);
		arb_result r = gfx_result_of(&f, "GR.MOV.MORALE.7");
		cr_assert(eq(int, r.outcome, ARB_MISSING), "row %zu: %s", i, r.explanation);
		r = gfx_result_of(&f, "GR.MOV.BROKEN.1");
		cr_assert(eq(int, r.outcome, ARB_MISSING), "row %zu: %s", i, r.explanation);
		gfx_fixture_free(&f);
	}
}

/* "trying to roll equal to or under the unit's Grit" (GR.MOV.MORALE.4):
 * the unit's Grit 7, not the 3 its first model states: 3 + 3 = 6 passes. */
Test(grit, the_check_is_against_the_units_grit)
{
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f = check_row("Grit=7 Sagacity=3 I=4", " Grit=3",
	                          ";rounds_completed=0;corpse_wounds=0", "3 3");
	arb_result r = gfx_result_of(&f, "GR.MOV.MORALE.7");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.explanation, "total 6, Grit 7: passed, the unit moves as normal");
	gfx_fixture_free(&f);
}

/* A unit with Grit and no I: its perception range (GR.MOV.MORALE.1) cannot
 * be read, bad input naming the units cell. */
Test(grit, a_unit_without_initiative_is_refused)
{
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f =
	    check_row("Grit=7 Sagacity=3", "", ";rounds_completed=0;corpse_wounds=0", "3 4");
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "units");
	cr_assert(strstr(err.message, "no I (Initiative)") != NULL, "%s", err.message);
	gfx_fixture_free(&f);
}

/* GR.MOV.BROKEN.1's words: 6 + 6 = 12 over 7 + 3 = 10, broken; 4 + 5 = 9
 * over Grit, within Grit + Sagacity 10; 3 + 4 = 7, exactly Grit, with no
 * Sagacity stated: not over Grit, so none is needed. */
Test(grit, the_break_is_explained)
{
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f =
	    check_row("Grit=7 Sagacity=3 I=4", "", ";rounds_completed=0;corpse_wounds=0", "6 6");
	gfx_says(&f, "GR.MOV.BROKEN.1",
	         "total 12 over Grit 7 + Sagacity 3 = 10: broken; it is over Grit as well");
	gfx_fixture_free(&f);
	f = check_row("Grit=7 Sagacity=3 I=4", "", ";rounds_completed=0;corpse_wounds=0", "4 5");
	gfx_says(&f, "GR.MOV.BROKEN.1", "total 9, Grit + Sagacity 10: not broken");
	gfx_fixture_free(&f);
	f = check_row("Grit=7 I=4", "", ";rounds_completed=0;corpse_wounds=0", "3 4");
	arb_result r = gfx_result_of(&f, "GR.MOV.BROKEN.1");
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "total 7 within Grit 7: not broken, whatever its Sagacity");
	gfx_fixture_free(&f);
}

/* A broken unit moving away from its left, bottom and top edges (the board
 * 72 x 48): a1's gaps before and after, its centre less or plus its radius
 * 0.492 in. */
Test(grit, a_broken_unit_away_from_each_edge_is_measured)
{
	static const struct {
		const char *edge, *paths, *words;
	} rows[] = {
	    {"left", "a1 40,10 45,10; a2 40,11.5 45,11.5",
	     "A1 is broken and a1 does not move towards the left edge (step 1: 39.51 in from it "
	     "before, "
	     "44.51 after)"},
	    {"bottom", "a1 40,10 40,15; a2 40,11.5 40,16.5",
	     "A1 is broken and a1 does not move towards the bottom edge (step 1: 9.51 in from it "
	     "before, "
	     "14.51 after)"},
	    {"top", "a1 40,10 40,5; a2 40,11.5 40,6.5",
	     "A1 is broken and a1 does not move towards the top edge (step 1: 37.51 in from it "
	     "before, "
	     "42.51 after)"},
	};
	gfx_write_spec_tables("1\"", TABLES);
	for (size_t i = 0; i < 3; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "S,GR.MOV.BROKEN.2,illegal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 "
		         "40,10 25; A1/a2 40,11.5 25; E1/e1 10,40 25\",,move A1,\"%s\",allied_"
		         "corpses_in_range=true;rounds_completed=0;corpse_wounds=0;in_cover=false;"
		         "deployment_edge=%s,morale_check: 6 6,\n",
		         rows[i].paths, rows[i].edge);
		gfx_fixture f = gfx_load(row);
		arb_result r = gfx_result_of(&f, "GR.MOV.BROKEN.2");
		cr_assert(eq(int, r.outcome, ARB_VIOLATED));
		STR_EQ(r.explanation, rows[i].words);
		gfx_fixture_free(&f);
	}
}

/* GR.MOV.BRAVE.3's words, a unit inspired and one not, rerolling in the
 * shooting phase. */
Test(grit, the_rerolls_are_explained)
{
	static const char head[] = "id,target,expect,context,units,models,action,facts\n";
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f =
	    gfx_load_table(head, "S,GR.MOV.BRAVE.3,legal,phase=shooting;round=2,A1 A - "
	                         "inspired; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",shoot "
	                         "A1,rerolled=true\n");
	arb_result r = gfx_result_of(&f, "GR.MOV.BRAVE.3");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.explanation, "A1 is inspired: it may reroll its dice this battle round");
	gfx_fixture_free(&f);
	f = gfx_load_table(head, "S,GR.MOV.BRAVE.3,illegal,phase=shooting;round=2,A1 A -; E1 B "
	                         "-,\"A1/a1 10,10 25; E1/e1 60,40 25\",shoot A1,rerolled=true\n");
	r = gfx_result_of(&f, "GR.MOV.BRAVE.3");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.explanation, "A1 is not inspired: the rerolls are not granted");
	gfx_fixture_free(&f);
}

/* ---- who is named, where two are as near or as far ---- */

/* The text names neither of two models equally placed; the predicates name
 * one, always the same: GR.MOV.ENG.1 the first model of the actor of the
 * closest pair and the first enemy model of it (a1 and a2 1.5 in left of
 * e1, 1 in below and above it; a1 1 in below e1 and e2 above it), GR.MOV.3
 * the first of two models gone through as deeply (f1 and f2 0.5 in either
 * side of a1's way), GR.MOV.ENG.6 the last of two models displaced as far;
 * and none when no model is displaced. */
Test(grit, ties_name_the_same_model)
{
	gfx_write_spec_tables("1\"", TABLES);
	gfx_fixture f =
	    gfx_load("S,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 14,10 25; A1/a2 14,12 25; "
	             "E1/e1 20,11 25\",,move A1,\"a1 14,10 18.5,10; a2 14,12 18.5,12\","
	             "line_of_sight_at_start=true,,\n");
	arb_result r = gfx_result_of(&f, "GR.MOV.ENG.1");
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "e1");
	gfx_fixture_free(&f);

	f = gfx_load(
	    "S,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 14,11 25; E1/e1 20,10 25; E1/e2 "
	    "20,12 25\",,move A1,\"a1 14,11 18.5,11\",line_of_sight_at_start=true,,lenient\n");
	r = gfx_result_of(&f, "GR.MOV.ENG.1");
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "e1");
	gfx_fixture_free(&f);

	f = gfx_load(
	    "S,GR.MOV.3,illegal,A1 A - height=2; F1 A - height=1; E1 B -,\"A1/a1 10,10 25; "
	    "F1/f1 14,10.5 25; F1/f2 14,9.5 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 18,10\",,,"
	    "lenient\n");
	r = gfx_result_of(&f, "GR.MOV.3");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "f1");
	gfx_fixture_free(&f);

	f = gfx_load(
	    "S,GR.MOV.ENG.6,legal,A1 A - engaged charged; E1 B - engaged,\"A1/a1 18.5,10 25; "
	    "A1/a2 18.5,11.5 25; E1/e1 20,10 25\",,displace A1,\"a1 18.5,10 18,10; a2 "
	    "18.5,11.5 18,11.5\",initiative_check_passed=false;displaced_by=charged,,\n");
	r = gfx_result_of(&f, "GR.MOV.ENG.6");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.subject, "a2");
	gfx_fixture_free(&f);

	f = gfx_load(
	    "S,GR.MOV.ENG.6,legal,A1 A - engaged charged; E1 B - engaged,\"A1/a1 18.5,10 25; "
	    "A1/a2 18.5,11.5 25; E1/e1 20,10 25\",,displace A1,\"a1 18.5,10 18.5,10\","
	    "initiative_check_passed=false;displaced_by=charged,,\n");
	r = gfx_result_of(&f, "GR.MOV.ENG.6");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	cr_assert(r.subject == NULL, "%s", r.subject);
	STR_EQ(r.explanation, "A1 failed its Initiative check and is moved 0.00 in (0.00 yd), up "
	                      "to 1.00 in (1 yd)");
	gfx_fixture_free(&f);
}

/* GR.MOV.MORALE.8 with two pieces of cover as near (GR-MOV-MOR-040..042):
 * T1 and T2 both 10 - 0.492 = 9.51 in from a1. Moving towards T1 only,
 * which is "the nearest piece of cover" the text does not say, in
 * whichever order the scenario lists them; moving down between them, from
 * sqrt(10^2 + 6^2) to sqrt(10^2 + 3^2) in of either corner, is towards
 * both, and the first is named. */
#define COVERS_ROW                                                                                 \
	"S,GR.MOV.MORALE.8,legal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 %s 25; E1/e1 60,40 " \
	"25\",\"%s\",move A1,\"a1 %s\",allied_corpses_in_range=true;rounds_completed=0;corpse_"    \
	"wounds=0;in_cover=false,morale_check: 4 5,lenient\n"
#define T1_COVER "T1 cover 40,18 42,18 42,24 40,24"
#define T2_COVER "T2 cover 18,18 20,18 20,24 18,24"

Test(grit, the_nearest_of_two_covers_as_near)
{
	char row[1024];
	gfx_write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, COVERS_ROW, "30,20", T1_COVER "; " T2_COVER, "30,20 35,20");
	gfx_fixture f = gfx_load(row);
	arb_result r = gfx_result_of(&f, "GR.MOV.MORALE.8");
	cr_assert(eq(int, r.outcome, ARB_UNDECIDED));
	STR_EQ(r.explanation, "total 9 over Grit 7: A1 must move towards the nearest piece of "
	                      "cover; T1 and T2 are as near (9.51 in), and it moves towards T1 "
	                      "only: which is the nearest the text does not say");
	gfx_fixture_free(&f);

	snprintf(row, sizeof row, COVERS_ROW, "30,20", T2_COVER "; " T1_COVER, "30,20 35,20");
	f = gfx_load(row);
	r = gfx_result_of(&f, "GR.MOV.MORALE.8");
	cr_assert(eq(int, r.outcome, ARB_UNDECIDED));
	STR_EQ(r.explanation, "total 9 over Grit 7: A1 must move towards the nearest piece of "
	                      "cover; T2 and T1 are as near (9.51 in), and it moves towards T1 "
	                      "only: which is the nearest the text does not say");
	gfx_fixture_free(&f);

	snprintf(row, sizeof row, COVERS_ROW, "30,30", T1_COVER "; " T2_COVER, "30,30 30,27");
	f = gfx_load(row);
	r = gfx_result_of(&f, "GR.MOV.MORALE.8");
	cr_assert(eq(int, r.outcome, ARB_HOLDS));
	STR_EQ(r.object, "T1");
	cr_assert(epsilon_eq(dbl, r.measure.margin, sqrt(136) - sqrt(109), 1e-9));
	cr_assert(eq(int, r.measure.other, -1));
	gfx_fixture_free(&f);
}
