/* test_regiments.c: Regiments' Unit Movement (spec/regiments/movement.md,
 * oracle/rules/regiments/) on the real rulebook: the text's own numbers
 * agree with each other, its declared precedence is what the markup says,
 * every normative clause has a predicate, a wheel is measured on the arc
 * (not the chord) and a wheel about a point that is not a front corner is
 * bad input with file:line:column. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "support.h"

static arb_rulebook *g_rb;
static arb_oracle *g_o;

static void setup(void)
{
	support_load(&g_rb, &g_o);
}

static void teardown(void)
{
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
}

TestSuite(regiments, .init = setup, .fini = teardown);

static double param(const char *clause, const char *name)
{
	const arb_clause *c = arb_rulebook_clause(g_rb, clause);
	cr_assert(c != NULL, "%s is not in spec/", clause);
	const arb_param *p = arb_clause_param(c, name);
	cr_assert(p != NULL, "%s has no parameter %s", clause, name);
	return p->value;
}

/* RG.MOV.MAN.4's example, "(a model with Move 4 can move up to 8" this
 * way)", is twice its Move as RG.MOV.MAN.3 and RG.MOV.REFORM.5 say. */
Test(regiments, example_of_twice_m_agrees_with_the_factor)
{
	double factor = param("RG.MOV.MAN.3", "manoeuvre_factor");
	cr_assert(eq(dbl, factor, 2.0));
	cr_assert(eq(dbl, param("RG.MOV.REFORM.5", "manoeuvre_factor"), factor));
	cr_assert(eq(dbl, param("RG.MOV.MAN.4", "example_move") * factor,
	             param("RG.MOV.MAN.4", "example_limit")));
	/* the four 1" of the 1" rule are one number */
	static const char *const gap[] = {"RG.MOV.GAP.1", "RG.MOV.PIVOT.2", "RG.MOV.PIVOT.3",
	                                  "RG.MOV.GAP.3", "RG.MOV.MAN.2"};
	for (size_t i = 0; i < sizeof gap / sizeof *gap; i++)
		cr_assert(eq(dbl, param(gap[i], "gap"), 1.0), "%s", gap[i]);
}

/* The text's own words rank four pairs of clauses, and nothing else. */
Test(regiments, declared_precedence_is_the_texts_words)
{
	static const char *const want[][3] = {
	    {"RG.MOV.PIVOT.1", "RG.MOV.GAP.1", "It may still"},
	    {"RG.MOV.PIVOT.4", "RG.MOV.PIVOT.3", "instead"},
	    {"RG.MOV.GAP.2", "RG.MOV.GAP.1", "This rule doesn't apply to"},
	    {"RG.MOV.FIRST.2", "RG.MOV.ORDER.1", "you can skip straight to"},
	};
	size_t n = arb_rulebook_precedence_count(g_rb, "regiments");
	cr_assert(eq(sz, n, 4));
	for (size_t k = 0; k < 4; k++) {
		bool found = false;
		for (size_t i = 0; i < n && !found; i++) {
			const arb_precedence *p = arb_rulebook_precedence_at(g_rb, "regiments", i);
			found = strcmp(p->winner, want[k][0]) == 0 &&
			        strcmp(p->loser, want[k][1]) == 0 && p->words &&
			        strcmp(p->words, want[k][2]) == 0 && !p->arguable;
		}
		cr_assert(found, "%s over %s (\"%s\") is not declared", want[k][0], want[k][1],
		          want[k][2]);
	}
}

Test(regiments, every_normative_clause_has_a_predicate)
{
	const arb_clause *out[8];
	size_t n = arb_oracle_unencoded(g_o, "regiments", out, 8);
	cr_assert(eq(sz, n, 0), "%s has no predicate", n ? out[0]->id : "");
	size_t mine = 0;
	for (size_t i = 0; i < arb_oracle_predicate_count(g_o); i++) {
		const arb_predicate *p = arb_oracle_predicate_at(g_o, i);
		if (strcmp(p->ruleset, "regiments") == 0) {
			mine++;
			cr_assert(not(arb_oracle_predicate_stale(g_o, i)), "%s is stale",
			          p->clause);
		}
	}
	/* 35 normative clauses: WHEEL.4, WHEEL.6 and PIVOT.2 with two readings, MAN.3 and REFORM.5
	 * with four */
	cr_assert(eq(sz, mine, 44));
}

#define HEAD  "id,target,expect,profile,context,units,models,action,paths,variants\n"
#define LINE3 "\"R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4\""

/* Loads one table of rows (a case set the caller frees), or the error. */
static int load(arb_caseset **cs, const char *rows, arb_error *err)
{
	char text[2048];
	snprintf(text, sizeof text, HEAD "%s", rows);
	cr_assert(eq(int, arb_caseset_new(cs), ARB_OK));
	return arb_caseset_load_text(*cs, "cases/regiments/movement/t.csv", text, strlen(text),
	                             g_rb, err);
}

/* A quarter wheel clockwise about the front-right corner (10.5, 9.5): r3,
 * the outside model, is sqrt(0.5^2 + 2.5^2) from it and moves on its arc,
 * sqrt(6.5) pi / 2 = 4.0048 in; the chord is sqrt(13) = 3.6056 in. With M
 * 4 the wheel is over; with M 4.01 it fits. */
Test(regiments, a_wheel_is_measured_on_the_arc)
{
	static const char *const m[] = {"4", "4.01"};
	for (int k = 0; k < 2; k++) {
		char rows[1024];
		snprintf(
		    rows, sizeof rows,
		    "W-%d,RG.MOV.WHEEL.4,legal,conventions,phase=movement;subphase=remaining_moves,"
		    "R1 A - M=%s," LINE3 ",wheel R1,"
		    "\"r1 10,10@0 ~10.5,9.5 11,10@270; r2 10,11@0 ~10.5,9.5 12,10@270; "
		    "r3 10,12@0 ~10.5,9.5 13,10@270\",none\n",
		    k, m[k]);
		arb_caseset *cs = NULL;
		arb_error err;
		char buf[1024];
		cr_assert(eq(int, load(&cs, rows, &err), ARB_OK), "%s",
		          arb_error_format(&err, buf, sizeof buf));
		arb_verdict *v = NULL;
		const arb_case *c = arb_caseset_at(cs, 0);
		cr_assert(eq(int, arb_judge(&v, g_o, c->scenario, NULL, &err), ARB_OK), "%s",
		          arb_error_format(&err, buf, sizeof buf));
		double arc = NAN;
		for (size_t i = 0; i < v->n_info; i++)
			if (strcmp(v->info[i].name, "wheel_arc_centre") == 0)
				arc = v->info[i].value;
		cr_assert(fabs(arc - sqrt(6.5) * 3.14159265358979323846 / 2) < 1e-12, "arc %.12f",
		          arc);
		cr_assert(fabs(arc - sqrt(13)) > 0.3, "the chord is not the measure");
		cr_assert(eq(int, (int)v->kind, k ? (int)ARB_V_LEGAL : (int)ARB_V_ILLEGAL));
		if (!k) {
			cr_assert(eq(sz, v->n_violates, 1));
			STR_EQ(v->violates[0], "RG.MOV.WHEEL.4");
		}
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* A wheel about the unit's rear-right corner (9.5, 9.5) is not a wheel:
 * bad input naming the cell, never a verdict. */
Test(regiments, a_wheel_about_a_rear_corner_is_bad_input)
{
	arb_caseset *cs = NULL;
	arb_error err;
	char buf[1024];
	int rc = load(
	    &cs,
	    "W-1,RG.MOV.WHEEL.1,illegal,,phase=movement;subphase=remaining_moves,R1 A - M=5," LINE3
	    ",wheel R1,\"r1 10,10@0 ~9.5,9.5 9,10@90; r2 10,11@0 ~9.5,9.5 8,10@90; "
	    "r3 10,12@0 ~9.5,9.5 7,10@90\",none\n",
	    &err);
	cr_assert(eq(int, rc, ARB_EINPUT));
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(strstr(buf, "t.csv:2:") != NULL, "%s", buf);
	cr_assert(strstr(buf, "field 'paths'") != NULL, "%s", buf);
	cr_assert(strstr(buf, "is not a front corner") != NULL, "%s", buf);
	arb_caseset_free(cs);
}

/* Bad input of a turn: an unknown sub-phase, an unknown status, a fact of
 * the wrong type are refused with the cell's line and the field, never
 * judged. */
Test(regiments, unknown_subphase_status_or_fact_is_bad_input)
{
	static const char *const rows[][2] = {
	    {"B-1,RG.MOV.ORDER.1,legal,,phase=movement;subphase=end_of_turn,R1 A - M=4," LINE3
	     ",move R1,\"r1 10,10 11,10; r2 10,11 11,11; r3 10,12 11,12\",\n",
	     "field 'context'"},
	    {"B-2,RG.MOV.ORDER.3,legal,,phase=movement;subphase=charge,R1 A - M=4 "
	     "acted_twice," LINE3 ",move R1,\"r1 10,10 11,10; r2 10,11 11,11; r3 10,12 11,12\",\n",
	     "field 'units'"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		arb_caseset *cs = NULL;
		arb_error err;
		char buf[1024];
		cr_assert(eq(int, load(&cs, rows[i][0], &err), ARB_EINPUT), "row %zu loaded", i);
		arb_error_format(&err, buf, sizeof buf);
		cr_assert(strstr(buf, "t.csv:2:") != NULL, "%s", buf);
		cr_assert(strstr(buf, rows[i][1]) != NULL, "%s", buf);
		arb_caseset_free(cs);
	}
}

/* ---- what the predicates say, worked out from each row's geometry ---- */

#define ROW_HEAD                                                                                   \
	"id,target,expect,profile,context,units,models,terrain,action,paths,facts,variants\n"
#define RM "phase=movement;subphase=remaining_moves"

/* Judges one row of ROW_HEAD's columns (its expect cell is not compared:
 * each test states what it checks); *cs holds its case (the caller
 * frees it and the verdict). */
static arb_verdict *judge_row(arb_caseset **cs, const char *row)
{
	char text[4096];
	snprintf(text, sizeof text, ROW_HEAD "%s\n", row);
	cr_assert(eq(int, arb_caseset_new(cs), ARB_OK));
	return support_judge_text(*cs, g_rb, g_o, "cases/regiments/movement/t.csv", text);
}

/* RG.MOV.M.2 "individual models can never leave their unit" names the
 * model and why it is not where the unit goes: r1 and r3 go 3 in (or 2 in)
 * straight ahead, or wheel a quarter about the front-right corner (10.5,
 * 9.5), where r2 ends at (12, 10). */
Test(regiments, a_model_leaving_its_unit_is_named_with_why)
{
	static const char *const rows[][2] = {
	    /* r2 goes out by (11, 12) in a path of three points */
	    {"M2-1,RG.MOV.M.2,illegal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	     "\"r1 10,10 13,10; r2 10,11 11,12 13,11; r3 10,12 13,12\",,none",
	     "r2 leaves its unit: its path has another number of points than the unit's"},
	    /* r2's path is its start alone: it stays at (10, 11), 2 in behind
	     * (12, 11), where the unit's move takes it at the second point */
	    {"M2-2,RG.MOV.M.2,illegal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	     "\"r1 10,10 12,10; r2 10,11; r3 10,12 12,12\",,none",
	     "r2 leaves its unit: it stays where it was while the unit moves (2.000 in off at "
	     "point 2)"},
	    /* r2 advances to (12, 11) while r1 and r3 turn: the wrong step, and
	     * 1 in from (12, 10) at its end */
	    {"M2-3,RG.MOV.M.2,illegal,," RM ",R1 A - M=5," LINE3 ",,wheel R1,"
	     "\"r1 10,10@0 ~10.5,9.5 11,10@270; r2 10,11@0 12,11@0; r3 10,12@0 ~10.5,9.5 "
	     "13,10@270\",,none",
	     "r2 leaves its unit: it does not make the unit's step (turn or advance) there"},
	    /* r2 falls behind twice, 1 in at the second point (11, 11 for
	     * 12, 11) and 2 in at the third: the first place it is off is named */
	    {"M2-4,RG.MOV.M.2,illegal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	     "\"r1 10,10 12,10 14,10; r2 10,11 11,11 12,11; r3 10,12 12,12 14,12\",,none",
	     "r2 leaves its unit: it is not where the unit's motion takes it (1.000 in off at "
	     "point 2)"},
	    /* r2 turns as far (a quarter clockwise) but about the front-left
	     * corner (10.5, 12.5), not the lead's front-right: the wrong step,
	     * named where it is made, before r2 ends at (9, 13) */
	    {"M2-5,RG.MOV.M.2,illegal,," RM ",R1 A - M=5," LINE3 ",,wheel R1,"
	     "\"r1 10,10@0 ~10.5,9.5 11,10@270; r2 10,11@0 ~10.5,12.5 9,13@270; r3 10,12@0 "
	     "~10.5,9.5 13,10@270\",,none",
	     "r2 leaves its unit: it does not make the unit's step (turn or advance) there"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		arb_caseset *cs = NULL;
		arb_verdict *v = judge_row(&cs, rows[i][0]);
		const arb_result *m2 = support_result_of(v, "RG.MOV.M.2", NULL);
		cr_assert(eq(int, (int)m2->outcome, (int)ARB_VIOLATED), "row %zu", i);
		STR_EQ(m2->explanation, rows[i][1]);
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* RG.MOV.ORDER.1 along the log of the turn: the first event out of order
 * is named, with the sub-phase it breaks into and the one not completed;
 * a log in order ends where the action begins (F1 at (20, 30), far off). */
Test(regiments, the_log_names_its_first_event_out_of_order)
{
	static const char *const rows[][2] = {
	    {"start_of_phase:done charge:done remaining_moves:F1:move",
	     "log event 3 (F1) acts in Remaining Moves while Compulsory Moves has not been "
	     "completed fully"},
	    {"start_of_phase:done charge:done charge:F1:charge compulsory_moves:done",
	     "log event 3 (F1) acts in Charge, which was already completed"},
	    {"start_of_phase:done compulsory_moves:done",
	     "log event 2 (the end of the sub-phase) completes Compulsory Moves while Charge has "
	     "not been completed fully"},
	    {"start_of_phase:done charge:done start_of_phase:done",
	     "log event 3 (the end of the sub-phase) completes Start of Phase, which was already "
	     "completed"},
	    {"start_of_phase:done remaining_moves:F1:move remaining_moves:F1:move",
	     "log event 2 (F1) acts in Remaining Moves while Charge has not been completed fully"},
	    /* two events out of order, the first and the second: the first */
	    {"charge:done charge:done",
	     "log event 1 (the end of the sub-phase) completes Charge while Start of Phase has "
	     "not been completed fully"},
	    {"start_of_phase:done charge:done compulsory_moves:done",
	     "Remaining Moves follows Compulsory Moves, completed fully"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "LOG-%zu,RG.MOV.ORDER.1,legal,," RM ";log=%s,R1 A - M=4; F1 A - M=4,"
		         "\"R1/r1 10,10 25.4x25.4; F1/f1 20,30 25.4x25.4\",,move R1,"
		         "\"r1 10,10 13,10\",first_player_turn=false,none",
		         i, rows[i][0]);
		arb_caseset *cs = NULL;
		arb_verdict *v = judge_row(&cs, row);
		const arb_result *o1 = support_result_of(v, "RG.MOV.ORDER.1", NULL);
		cr_assert(eq(int, (int)o1->outcome, (int)(i < 6 ? ARB_VIOLATED : ARB_HOLDS)),
		          "row %zu", i);
		STR_EQ(o1->explanation, rows[i][1]);
		/* FIRST.2's skip is what the log completed before the action, and
		 * a log out of order is not that skip */
		const arb_result *f2 = support_result_of(v, "RG.MOV.FIRST.2", NULL);
		cr_assert(eq(int, (int)f2->outcome, (int)ARB_NA), "row %zu", i);
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* The log and the fact last_completed both say what was completed: bad
 * input naming the facts (ORDER.1 asks it), not a verdict. With the log
 * alone, FIRST.2 reads the skip from it: Start of Phase completed, then
 * Remaining Moves on the first player turn (permits), or not (the first
 * player turn not stated: missing). */
Test(regiments, the_log_beside_last_completed_is_bad_input_and_first_2_reads_the_log)
{
	char text[2048];
	arb_error err;
	char buf[1024];
	arb_caseset *cs = NULL;
	snprintf(text, sizeof text,
	         ROW_HEAD "L-1,RG.MOV.ORDER.1,legal,," RM ";log=start_of_phase:done,R1 A - M=4,"
	                  "\"R1/r1 10,10 25.4x25.4\",,move R1,\"r1 10,10 13,10\","
	                  "last_completed=start_of_phase,none\n");
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	cr_assert(eq(int,
	             arb_caseset_load_text(cs, "cases/regiments/movement/t.csv", text, strlen(text),
	                                   g_rb, &err),
	             ARB_OK));
	arb_verdict *v = NULL;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, g_o, arb_caseset_at(cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(strstr(buf, "the fact last_completed and the context's log both say what was "
	                      "completed") != NULL,
	          "%s", buf);
	arb_verdict_free(v);
	arb_caseset_free(cs);
	static const char *const facts[] = {
	    "first_player_turn=true;special_rule=false;always_compulsory=false", "",
	    "first_player_turn=true;special_rule=false;always_compulsory=false"};
	/* the third: the log itself skips (F1 in Remaining Moves), FIRST.2 the same */
	static const char *const logs[] = {"start_of_phase:done", "start_of_phase:done",
	                                   "start_of_phase:done remaining_moves:F1:move"};
	static const char *const why[] = {
	    "Remaining Moves while Charge has not been completed fully",
	    "Remaining Moves while Charge has not been completed fully",
	    "log event 2 (F1) acts in Remaining Moves while Charge has not been completed fully"};
	static const arb_outcome want[] = {ARB_PERMITS, ARB_MISSING, ARB_PERMITS};
	for (size_t i = 0; i < 3; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "F-%zu,RG.MOV.FIRST.2,legal,," RM ";log=%s,R1 A - M=4; F1 A - M=4,"
		         "\"R1/r1 10,10 25.4x25.4; F1/f1 20,30 25.4x25.4\",,move R1,"
		         "\"r1 10,10 13,10\",%s,none",
		         i, logs[i], facts[i]);
		cs = NULL;
		v = judge_row(&cs, row);
		const arb_result *f2 = support_result_of(v, "RG.MOV.FIRST.2", NULL);
		cr_assert(eq(int, (int)f2->outcome, (int)want[i]), "row %zu", i);
		const arb_result *o1 = support_result_of(v, "RG.MOV.ORDER.1", NULL);
		cr_assert(eq(int, (int)o1->outcome, (int)ARB_VIOLATED), "row %zu", i);
		STR_EQ(o1->explanation, why[i]);
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* RG.MOV.WHEEL.5 "Once the wheel is finished, any remaining movement can
 * still be used": one 1 in base at (10, 10) wheels a quarter about its
 * front-right corner (10.5, 9.5) to (11, 10), facing 270 (its centre keeps
 * its y), then advances 1 in along -y. */
Test(regiments, an_advance_after_a_wheel_along_y_is_remaining_movement)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "W5-1,RG.MOV.WHEEL.5,legal,," RM ",R1 A - M=5,"
	                                "\"R1/r1 10,10 25.4x25.4\",,wheel R1,"
	                                "\"r1 10,10@0 ~10.5,9.5 11,10@270 11,9\",,none");
	const arb_result *w5 = support_result_of(v, "RG.MOV.WHEEL.5", NULL);
	cr_assert(eq(int, (int)w5->outcome, (int)ARB_PERMITS));
	STR_EQ(w5->explanation, "R1 advances after its wheel");
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_LEGAL));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.MAN.3 "as a result of one [manoeuvre]": a wheel that turns
 * nothing (RG.MOV.WHEEL.1: "pivoting the whole unit around one of its
 * front corners") has no wheel to measure; the twice-M limit does not
 * apply, in any reading. */
Test(regiments, a_wheel_that_turns_nothing_has_no_twice_m_to_measure)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "W1-1,RG.MOV.WHEEL.1,illegal,," RM ",R1 A - M=4," LINE3 ",,wheel R1,"
	                   "\"r1 10,10 12,10; r2 10,11 12,11; r3 10,12 12,12\",,none");
	static const char *const readings[] = {"centre", "farthest", "centre-own-m",
	                                       "farthest-own-m"};
	for (size_t i = 0; i < 4; i++)
		cr_assert(eq(int, (int)support_result_of(v, "RG.MOV.MAN.3", readings[i])->outcome,
		             (int)ARB_NA),
		          "%s", readings[i]);
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.WHEEL.1", NULL)->outcome, (int)ARB_VIOLATED));
	/* nor is there a wheel for RG.MOV.WHEEL.4 to measure */
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.WHEEL.4", "centre")->outcome, (int)ARB_NA));
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.WHEEL.4", "farthest")->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.REFORM.5 "no model may move more than twice its Movement rate":
 * with no M given for the unit or its models, the limit itself is missing
 * (RG-MOV-REFORM5-007; RG.MOV.M.3 says so too, and the verdict would not
 * show REFORM.5's own answer). */
Test(regiments, twice_m_without_an_m_is_a_missing_input)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "R5-1,RG.MOV.REFORM.5,missing-input,," RM ",R1 A -," LINE3
	                                ",,reform R1,\"r1 10,10 9,11; r3 10,12 11,11\",,none");
	static const char *const readings[] = {"centre", "farthest", "centre-own-m",
	                                       "farthest-own-m"};
	for (size_t i = 0; i < 4; i++) {
		const arb_result *r5 = support_result_of(v, "RG.MOV.REFORM.5", readings[i]);
		cr_assert(eq(int, (int)r5->outcome, (int)ARB_MISSING), "%s", readings[i]);
		STR_EQ(r5->missing, "M");
	}
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_MISSING_INPUT));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The figures of "twice its Movement rate" (RG.MOV.MAN.3, RG.MOV.REFORM.5)
 * and of the wheel's distance (RG.MOV.WHEEL.4), each with the model that
 * decides. A quarter wheel clockwise about the front-right corner (10.5,
 * 9.5): r3's centre is sqrt(6.5) = 2.550 in from it and moves 2.550 x pi / 2
 * = 4.005 in, against twice M 5 = 10 in. The same wheel counter-clockwise
 * about the front-left corner (10.5, 12.5): r1 is the outside model, as far
 * from that corner. A reform turning R1 (M 1) a quarter about its centre
 * (10, 11): r1 and r3, 1 in from it, move pi / 2 = 1.571 in at the centre
 * (within 2 in), and the far corners of their bases, sqrt(2.5) = 1.581 in
 * from it, 2.484 in (over); r1 is named, the first of the two. */
Test(regiments, twice_m_and_the_wheel_name_their_figures)
{
	static const char *const wheel_cw = "\"r1 10,10@0 ~10.5,9.5 11,10@270; "
	                                    "r2 10,11@0 ~10.5,9.5 12,10@270; "
	                                    "r3 10,12@0 ~10.5,9.5 13,10@270\"";
	static const char *const wheel_ccw = "\"r1 10,10@0 ~10.5,12.5 13,12@90; "
	                                     "r2 10,11@0 ~10.5,12.5 12,12@90; "
	                                     "r3 10,12@0 ~10.5,12.5 11,12@90\"";
	char row[1024];
	arb_caseset *cs = NULL;
	snprintf(row, sizeof row,
	         "X-1,RG.MOV.MAN.3,legal,," RM ",R1 A - M=5," LINE3 ",,wheel R1,%s,,none",
	         wheel_cw);
	arb_verdict *v = judge_row(&cs, row);
	STR_EQ(support_result_of(v, "RG.MOV.MAN.3", "centre")->explanation,
	       "r3 moves 4.005 in in wheel 1 (its centre), limit 10 in");
	STR_EQ(support_result_of(v, "RG.MOV.WHEEL.4", "centre")->explanation,
	       "wheels 4.005 in (centre of r3, radius 2.550 in) + advances 0.000 in = 4.005 in, M "
	       "5 in");
	/* its measure: the arc against M, margin M - arc, no other model */
	const arb_measure *w4 = &support_result_of(v, "RG.MOV.WHEEL.4", "centre")->measure;
	cr_assert(fabs(w4->figure - sqrt(6.5) * 3.14159265358979323846 / 2) < 1e-9);
	cr_assert(fabs(w4->margin - (5 - sqrt(6.5) * 3.14159265358979323846 / 2)) < 1e-9);
	cr_assert(eq(int, (int)w4->other, -1));
	arb_verdict_free(v);
	arb_caseset_free(cs);
	snprintf(row, sizeof row,
	         "X-2,RG.MOV.WHEEL.4,legal,," RM ",R1 A - M=5," LINE3 ",,wheel R1,%s,,none",
	         wheel_ccw);
	v = judge_row(&cs, row);
	STR_EQ(support_result_of(v, "RG.MOV.WHEEL.4", "centre")->explanation,
	       "wheels 4.005 in (centre of r1, radius 2.550 in) + advances 0.000 in = 4.005 in, M "
	       "5 in");
	STR_EQ(support_result_of(v, "RG.MOV.WHEEL.4", "centre")->subject, "r1");
	arb_verdict_free(v);
	arb_caseset_free(cs);
	v = judge_row(&cs,
	              "X-3,RG.MOV.REFORM.5,illegal,strict," RM ",R1 A - M=1," LINE3 ",,reform R1,"
	              "\"r1 10,10@0 ~10,11 11,11@90; r2 10,11@0 ~10,11 10,11@90; "
	              "r3 10,12@0 ~10,11 9,11@90\",,none");
	STR_EQ(support_result_of(v, "RG.MOV.REFORM.5", "centre")->explanation,
	       "r1 moves 1.571 in (its centre), limit 2 in");
	STR_EQ(support_result_of(v, "RG.MOV.REFORM.5", "farthest")->explanation,
	       "r1 moves 2.484 in (its base's farthest point), limit 2 in: more than allowed");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.WHEEL.6 "A unit that isn't charging can wheel more than once": a
 * charging unit wheels twice, 20 degrees each about its front-right corner
 * (RG-MOV-WHEEL6-004). Read literally the clause says nothing of it; read a
 * contrario it denies it, and says why. */
Test(regiments, a_charging_unit_wheeling_twice_is_told_why)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs,
	    "W6-1,RG.MOV.WHEEL.6,illegal,strict,phase=movement;subphase=charge,"
	    "R1 A - M=5 charging,\"R1/r1 10,10 25.4; R1/r2 10,11 25.4; R1/r3 10,12 25.4\",,"
	    "wheel R1,\"r1 10,10@0 ~10.5,9.5 10.20116376127,10.140856382056@340 ~10.5,9.5 "
	    "10.438371583284,10.204416026403@320; r2 10,11@0 ~10.5,9.5 "
	    "10.543183904596,11.080549002842@340 ~10.5,9.5 11.08115919297,10.970460469522@320; "
	    "r3 10,12@0 ~10.5,9.5 10.885204047921,12.020241623628@340 ~10.5,9.5 "
	    "11.723946802657,11.736504912641@320\",,none");
	const arb_result *lit = support_result_of(v, "RG.MOV.WHEEL.6", "literal");
	const arb_result *ac = support_result_of(v, "RG.MOV.WHEEL.6", "a-contrario");
	cr_assert(eq(int, (int)lit->outcome, (int)ARB_NA));
	STR_EQ(lit->explanation, "R1 is charging and wheels 2 time(s)");
	cr_assert(eq(int, (int)ac->outcome, (int)ARB_VIOLATED));
	STR_EQ(ac->explanation,
	       "R1 is charging and wheels 2 time(s): only a unit that isn't charging may");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The reform turned a quarter about its centre point (10, 11)
 * (RG-MOV-REFORM3-003): its models end at (11, 11), (10, 11), (9, 11)
 * facing 90, whose footprint along 90 is centred on (10, 11): "keeping the
 * unit's centre point fixed" (RG.MOV.REFORM.3) holds and says so;
 * RG.MOV.REFORM.4 permits the new facing ("facing whichever way you wish");
 * RG.MOV.REFORM.1 permits the reform of a unit that has not moved. A plain
 * move of a unit that did not reform is none of REFORM.1's business. */
Test(regiments, the_reform_says_what_it_keeps_and_allows)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "RF-1,RG.MOV.REFORM.3,legal,," RM ",R1 A - M=4," LINE3
	                   ",,reform R1,\"r1 10,10@0 ~10,11 11,11@90; "
	                   "r2 10,11@0 ~10,11 10,11@90; r3 10,12@0 ~10,11 9,11@90\",,none");
	const arb_result *r3 = support_result_of(v, "RG.MOV.REFORM.3", NULL);
	cr_assert(eq(int, (int)r3->outcome, (int)ARB_HOLDS));
	STR_EQ(r3->explanation,
	       "centre point (10.000, 11.000) -> (10.000, 11.000), facing 90: fixed");
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.REFORM.4", NULL)->outcome, (int)ARB_PERMITS));
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.REFORM.1", NULL)->outcome, (int)ARB_PERMITS));
	arb_verdict_free(v);
	arb_caseset_free(cs);
	v = judge_row(&cs, "RF-2,RG.MOV.M.1,legal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	                   "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\",,none");
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.REFORM.1", NULL)->outcome, (int)ARB_NA));
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.REFORM.7", NULL)->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* A reform in which no model moves (every path its start alone) turns and
 * rearranges nothing: RG.MOV.REFORM.3 and REFORM.4 have no reform to judge. */
Test(regiments, a_reform_in_which_nothing_moves_is_not_judged)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "RF-3,RG.MOV.REFORM.3,legal,," RM ",R1 A - M=4," LINE3
	                                ",,reform R1,\"r1 10,10; r2 10,11; r3 10,12\",,none");
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.REFORM.3", NULL)->outcome, (int)ARB_NA));
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.REFORM.4", NULL)->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.FIRST.2 "you can skip straight to the Remaining Moves sub-phase":
 * in Remaining Moves after Compulsory Moves was completed fully there is
 * nothing to skip (RG-MOV-ORDER1-001): it does not apply, and
 * RG.MOV.ORDER.1 holds. */
Test(regiments, nothing_to_skip_after_compulsory_moves)
{
	char row[1024];
	snprintf(row, sizeof row,
	         "O-1,RG.MOV.ORDER.1,legal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	         "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\",%s,none",
	         "last_completed=compulsory_moves");
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, row);
	cr_assert(eq(int, (int)support_result_of(v, "RG.MOV.FIRST.2", NULL)->outcome, (int)ARB_NA));
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.ORDER.1", NULL)->outcome, (int)ARB_HOLDS));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.FIRST.2 speaks of "the first player turn": in Remaining Moves
 * with only Charge completed, whether this is that turn is not stated, and
 * the clause says which fact it needs. */
Test(regiments, skipping_needs_to_know_the_first_player_turn)
{
	char row[1024];
	snprintf(row, sizeof row,
	         "O-2,RG.MOV.FIRST.2,illegal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	         "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\",%s,none",
	         "last_completed=charge");
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, row);
	const arb_result *f2 = support_result_of(v, "RG.MOV.FIRST.2", NULL);
	cr_assert(eq(int, (int)f2->outcome, (int)ARB_MISSING));
	STR_EQ(f2->missing, "first_player_turn");
	STR_EQ(f2->explanation,
	       "skipping to Remaining Moves: whether this is the first player turn is not stated");
	arb_verdict_free(v);
	arb_caseset_free(cs);
	/* RG-MOV-ORDER1-002: not the first player turn, and it says so */
	snprintf(row, sizeof row,
	         "O-3,RG.MOV.ORDER.1,illegal,," RM ",R1 A - M=4," LINE3 ",,move R1,"
	         "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\",%s,none",
	         "last_completed=charge;first_player_turn=false");
	v = judge_row(&cs, row);
	f2 = support_result_of(v, "RG.MOV.FIRST.2", NULL);
	cr_assert(eq(int, (int)f2->outcome, (int)ARB_NA));
	STR_EQ(f2->explanation, "not the first player turn");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The sub-phases (RG.MOV.ORDER.1 to ORDER.7), each read in a row of its own:
 * "completing one fully before moving to the next" (Remaining Moves once
 * completed is not entered again); "within a sub-phase, you may act with
 * your units in whatever order you like" (Start of Phase is a sub-phase);
 * "one sub-phase per turn (aside from Start of Phase)"; Start of Phase's
 * "actions that must happen right at the start" (a model's own rule)
 * speaks of nothing in Remaining Moves; "4. Remaining Moves -- everything
 * else: ordinary movement", so a move in Charge is out of its place; a
 * scenario that names no sub-phase asks none of these. */
Test(regiments, the_sub_phases_say_where_an_action_belongs)
{
	static const char *const move = ",R1 A - M=4," LINE3 ",,move R1,"
	                                "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\",";
	char row[1024];
	arb_caseset *cs = NULL;
	snprintf(row, sizeof row, "S-1,RG.MOV.ORDER.1,illegal,," RM "%s%s,none", move,
	         "last_completed=remaining_moves");
	arb_verdict *v = judge_row(&cs, row);
	const arb_result *o1 = support_result_of(v, "RG.MOV.ORDER.1", NULL);
	cr_assert(eq(int, (int)o1->outcome, (int)ARB_VIOLATED));
	STR_EQ(o1->explanation,
	       "Remaining Moves was already completed (the last completed is Remaining Moves)");
	cr_assert(eq(int, (int)support_result_of(v, "RG.MOV.ORDER.4", NULL)->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);

	snprintf(row, sizeof row,
	         "S-2,RG.MOV.ORDER.4,legal,,phase=movement;subphase=start_of_phase%s%s,none", move,
	         "special_rule=true");
	v = judge_row(&cs, row);
	const arb_result *o2 = support_result_of(v, "RG.MOV.ORDER.2", NULL);
	cr_assert(eq(int, (int)o2->outcome, (int)ARB_PERMITS));
	STR_EQ(o2->explanation, "R1 acts in Start of Phase, in whatever order the player likes");
	cr_assert(eq(int, (int)support_result_of(v, "RG.MOV.ORDER.3", NULL)->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);

	snprintf(row, sizeof row,
	         "S-3,RG.MOV.ORDER.7,illegal,,phase=movement;subphase=charge%s,none", move);
	v = judge_row(&cs, row);
	const arb_result *o7 = support_result_of(v, "RG.MOV.ORDER.7", NULL);
	cr_assert(eq(int, (int)o7->outcome, (int)ARB_VIOLATED));
	STR_EQ(o7->explanation,
	       "the ordinary movement of R1 in Charge: it belongs to Remaining Moves");
	arb_verdict_free(v);
	arb_caseset_free(cs);

	snprintf(row, sizeof row, "S-4,RG.MOV.M.1,legal,,phase=movement%s,none", move);
	v = judge_row(&cs, row);
	static const char *const order[] = {"RG.MOV.ORDER.2", "RG.MOV.ORDER.7"};
	for (size_t i = 0; i < 2; i++)
		cr_assert(eq(int, (int)support_result_of(v, order[i], NULL)->outcome, (int)ARB_NA),
		          "%s", order[i]);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.M.1 "any distance up to its Movement characteristic": half an
 * inch straight ahead is within M 4, and it says so. RG.MOV.START.1 "The
 * player first resolves anything that must happen at the very start": a
 * charge before Start of Phase was completed, while a rule must happen
 * then, is out of order, and it says why. */
Test(regiments, a_short_move_and_what_must_happen_first_are_explained)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "M1-1,RG.MOV.M.1,legal,," RM ",R1 A - M=4," LINE3
	                                ",,move R1,\"r1 10,10 10.5,10; r2 10,11 10.5,11; "
	                                "r3 10,12 10.5,12\",,none");
	const arb_result *m1 = support_result_of(v, "RG.MOV.M.1", NULL);
	cr_assert(eq(int, (int)m1->outcome, (int)ARB_PERMITS));
	STR_EQ(m1->explanation, "r1 moved 0.500 in straight ahead, M 4 in");
	cr_assert(eq(dbl, m1->measure.figure, 0.5));
	cr_assert(eq(dbl, m1->measure.limit, 4));
	cr_assert(eq(dbl, m1->measure.margin, 3.5));
	cr_assert(eq(int, (int)m1->measure.other, -1));
	/* one M for every model: nothing for RG.MOV.M.3 to derive */
	cr_assert(eq(int, (int)support_result_of(v, "RG.MOV.M.3", NULL)->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);
	v = judge_row(&cs, "S1-1,RG.MOV.START.1,illegal,,phase=movement;subphase=charge,"
	                   "R1 A - M=4 charging," LINE3 ",,charge R1,"
	                   "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\","
	                   "last_completed=none;special_rule=true,none");
	const arb_result *s1 = support_result_of(v, "RG.MOV.START.1", NULL);
	cr_assert(eq(int, (int)s1->outcome, (int)ARB_VIOLATED));
	STR_EQ(s1->explanation,
	       "Charge before Start of Phase was completed, with a rule that must happen first");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* A move in which no model moves (every path its start alone) goes no
 * distance and takes no model away from its unit: RG.MOV.M.1, M.2 and
 * STRAIGHT.2 have nothing to judge. A move of a unit whose M is not given
 * (RG-MOV-M1-005): RG.MOV.M.1 itself needs it. */
Test(regiments, a_move_of_nothing_or_without_m)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "M0-1,RG.MOV.M.1,legal,," RM ",R1 A - M=4," LINE3
	                                ",,move R1,\"r1 10,10; r2 10,11; r3 10,12\",,none");
	static const char *const none[] = {"RG.MOV.M.1", "RG.MOV.M.2", "RG.MOV.STRAIGHT.2",
	                                   "RG.MOV.GAP.1"};
	for (size_t i = 0; i < 4; i++)
		cr_assert(eq(int, (int)support_result_of(v, none[i], NULL)->outcome, (int)ARB_NA),
		          "%s", none[i]);
	arb_verdict_free(v);
	arb_caseset_free(cs);
	v = judge_row(&cs, "M0-2,RG.MOV.M.1,missing-input,," RM ",R1 A -," LINE3 ",,move R1,"
	                   "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\",,none");
	const arb_result *m1 = support_result_of(v, "RG.MOV.M.1", NULL);
	cr_assert(eq(int, (int)m1->outcome, (int)ARB_MISSING));
	STR_EQ(m1->missing, "M");
	/* as RG.MOV.M.3, "the whole unit uses the slowest one", of which none is given */
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.M.3", NULL)->outcome, (int)ARB_MISSING));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.STRAIGHT.2 "must move forward in a straight line": 0.001 in aside
 * over 3 in (RG-MOV-TOL-006) is not, and it says how far. RG.MOV.GAP.1
 * "can't approach closer than 1"": R1's front ends at x 14.5 and E1's rear
 * edge is at 15.5 (RG-MOV-GAP1-002): 1 in, margin 0. */
Test(regiments, aside_and_the_gap_give_their_figures)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "ST-1,RG.MOV.STRAIGHT.2,illegal,," RM ",R1 A - M=4," LINE3
	                                ",,move R1,\"r1 10,10 13,10.001; r2 10,11 13,11.001; "
	                                "r3 10,12 13,12.001\",,none");
	STR_EQ(support_result_of(v, "RG.MOV.STRAIGHT.2", NULL)->explanation,
	       "R1 goes 0.001 in aside of straight ahead in step 1");
	arb_verdict_free(v);
	arb_caseset_free(cs);
	v = judge_row(&cs, "G1-1,RG.MOV.GAP.1,legal,," RM ",R1 A - M=4; E1 B - M=4,"
	                   "\"R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4; "
	                   "E1/e1 16,11 25.4x25.4\",,move R1,\"r1 10,10 14,10; r2 10,11 14,11; "
	                   "r3 10,12 14,12\",,none");
	const arb_result *g1 = support_result_of(v, "RG.MOV.GAP.1", NULL);
	cr_assert(eq(int, (int)g1->outcome, (int)ARB_HOLDS));
	cr_assert(fabs(g1->measure.figure - 1) < 1e-9);
	cr_assert(fabs(g1->measure.margin) < 1e-9);
	cr_assert(eq(dbl, g1->measure.limit, 1));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.PIVOT.2 "as long as it doesn't end the pivot within 1" of a unit
 * or impassable terrain": with neither on the board, it holds in both
 * readings and says so. */
Test(regiments, a_pivot_with_nothing_near_ends_clear)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "P2-1,RG.MOV.PIVOT.2,legal,," RM ",R1 A - M=4," LINE3
	                   ",,pivot R1,\"r1 10,10@0 ~10,11 11,11@90; "
	                   "r2 10,11@0 ~10,11 10,11@90; r3 10,12@0 ~10,11 9,11@90\",,none");
	static const char *const readings[] = {"pivot-end", "after-move-back"};
	for (size_t i = 0; i < 2; i++) {
		const arb_result *p2 = support_result_of(v, "RG.MOV.PIVOT.2", readings[i]);
		cr_assert(eq(int, (int)p2->outcome, (int)ARB_HOLDS), "%s", readings[i]);
		STR_EQ(p2->explanation, "nothing to end within 1 in of");
	}
	/* nothing is moved back: RG.MOV.PIVOT.5 "can never be moved back this way" has no unit */
	cr_assert(eq(int, (int)support_result_of(v, "RG.MOV.PIVOT.5", NULL)->outcome, (int)ARB_NA));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.PIVOT.3 "the model must be moved back afterward to restore that
 * 1" gap" (RG-MOV-PIVOT3-002): the turn brings r1 against E1 (x 11.5 to
 * 12.5); moved back 1.2 in, r1 spans x 9.3 to 10.3, 1.2 in from E1. */
Test(regiments, a_move_back_says_the_gap_is_restored)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "P3-1,RG.MOV.PIVOT.3,legal,conventions," RM ",R1 A - M=4; E1 B - M=4,"
	         "\"R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4; "
	         "E1/e1 12,11 25.4x25.4\",,pivot R1,\"r1 10,10@0 ~10,11 11,11@90 9.8,11; "
	         "r2 10,11@0 ~10,11 10,11@90 8.8,11; r3 10,12@0 ~10,11 9,11@90 7.8,11\",,none");
	const arb_result *p3 = support_result_of(v, "RG.MOV.PIVOT.3", NULL);
	cr_assert(eq(int, (int)p3->outcome, (int)ARB_HOLDS));
	STR_EQ(p3->explanation,
	       "moved back after contact with E1: 1.200 in from E1, gap 1 in restored");
	/* "if neither unit can give ground": E1, in no close combat, can */
	const arb_result *p6 = support_result_of(v, "RG.MOV.PIVOT.6", NULL);
	cr_assert(eq(int, (int)p6->outcome, (int)ARB_HOLDS));
	STR_EQ(p6->explanation, "E1 can give ground");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.PIVOT.4 "the OTHER unit may be moved back instead"
 * (RG-MOV-PIVOT4-001): R1, trapped, turns into E1, and E1 is moved back from
 * x 12 to 13.2; r1 ends spanning x 10.5 to 11.5 and E1 12.7 to 13.7. */
Test(regiments, the_other_unit_moved_back_restores_the_gap)
{
	char row[1024];
	snprintf(
	    row, sizeof row,
	    "P4-1,RG.MOV.PIVOT.4,legal,conventions," RM ",R1 A - M=4; E1 B - M=4,"
	    "\"R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4; "
	    "E1/e1 12,11 25.4x25.4\",,pivot R1,\"r1 10,10@0 ~10,11 11,11@90; "
	    "r2 10,11@0 ~10,11 10,11@90; r3 10,12@0 ~10,11 9,11@90; e1 12,11 13.2,11\",%s,none",
	    "trapped=true");
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, row);
	const arb_result *p4 = support_result_of(v, "RG.MOV.PIVOT.4", NULL);
	cr_assert(eq(int, (int)p4->outcome, (int)ARB_PERMITS));
	STR_EQ(p4->explanation,
	       "E1 is moved back instead: 1.200 in apart at the end, gap 1 in restored");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* Judging a wheel frees all it allocates (the unit's motion is built once
 * per judgement and freed with it, some 500 bytes for three models): 1,000
 * more judgements of the same row leave the heap in use within 4 KiB of
 * where it was after the first two (a few hundred bytes come and go
 * whether there are 20 or 2,000). */
Test(regiments, judging_a_wheel_frees_its_motion)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "W-1,RG.MOV.WHEEL.4,legal,," RM ",R1 A - M=5," LINE3
	                                ",,wheel R1,\"r1 10,10@0 ~10.5,9.5 11,10@270; "
	                                "r2 10,11@0 ~10.5,9.5 12,10@270; "
	                                "r3 10,12@0 ~10.5,9.5 13,10@270\",,none");
	arb_verdict_free(v);
	const arb_scenario *s = arb_caseset_at(cs, 0)->scenario;
	arb_error err;
	v = NULL;
	int rc = arb_judge(&v, g_o, s, NULL, &err);
	arb_verdict_free(v);
	size_t before = mallinfo2().uordblks;
	for (int i = 0; i < 1000 && rc == ARB_OK; i++) {
		v = NULL;
		rc = arb_judge(&v, g_o, s, NULL, &err);
		arb_verdict_free(v);
	}
	size_t after = mallinfo2().uordblks;
	cr_assert(eq(int, rc, ARB_OK));
	cr_assert(after < before + 4096, "%zu bytes more in use after 1,000 judgements",
	          after - before);
	arb_caseset_free(cs);
}
