/* test_regiments_words.c: what Regiments' manoeuvre and sub-phase
 * predicates (oracle/rules/regiments/manoeuvres.c) say where no verdict
 * shows it: which clauses do not speak to a scenario (not applicable, not
 * holds), what a permission grants, the figures, limits, margins and words
 * of a measure, and the fact a clause lacks. Each is worked out from the
 * clause and the row's geometry, beside it. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

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

TestSuite(regiments_words, .init = setup, .fini = teardown);

#define ROW_HEAD                                                                                   \
	"id,target,expect,profile,context,units,models,terrain,action,paths,facts,variants\n"
#define RM "phase=movement;subphase=remaining_moves"
/* a rank of three 1 in squares facing +x, r1 on the right */
#define SQ3 "R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4"
/* a quarter wheel clockwise about the front-right corner (10.5, 9.5) */
#define WHEEL_Q                                                                                    \
	"\"r1 10,10@0 ~10.5,9.5 11,10@270; r2 10,11@0 ~10.5,9.5 12,10@270; "                       \
	"r3 10,12@0 ~10.5,9.5 13,10@270\""
#define STRAIGHT "\"r1 10,10 13,10; r2 10,11 13,11; r3 10,12 13,12\""

/* Judges one row of ROW_HEAD's columns; *cs holds its case (the caller
 * frees it and the verdict). */
static arb_verdict *judge_row(arb_caseset **cs, const char *row)
{
	char text[4096];
	snprintf(text, sizeof text, ROW_HEAD "%s\n", row);
	cr_assert(eq(int, arb_caseset_new(cs), ARB_OK));
	return support_judge_text(*cs, g_rb, g_o, "cases/regiments/movement/t.csv", text);
}

static void outcome_is(const arb_verdict *v, const char *clause, const char *reading,
                       arb_outcome want)
{
	cr_assert(eq(int, (int)support_result_of(v, clause, reading)->outcome, (int)want), "%s%s%s",
	          clause, reading ? "/" : "", reading ? reading : "");
}

/* A "wheel" whose paths only go 3 in ahead turns nothing: it is no
 * manoeuvre ("Two manoeuvres let a unit change direction"), so none of the
 * wheel's clauses speaks to it: MAN.1 grants nothing, MAN.2 has no
 * manoeuvre to bar, WHEEL.5 no wheel to finish, WHEEL.6 no wheel to
 * repeat, WHEEL.7 no wheel to swing backwards. */
Test(regiments_words, a_wheel_that_turns_nothing_is_no_manoeuvre)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "W-0,RG.MOV.WHEEL.1,illegal,," RM ",R1 A - M=4; E1 B - M=4,\"" SQ3
	                   "; E1/e1 16,11 25.4x25.4\",,wheel R1," STRAIGHT ",,none");
	outcome_is(v, "RG.MOV.MAN.1", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.MAN.2", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.WHEEL.5", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.WHEEL.6", "literal", ARB_NA);
	outcome_is(v, "RG.MOV.WHEEL.6", "a-contrario", ARB_NA);
	outcome_is(v, "RG.MOV.WHEEL.7", NULL, ARB_NA);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG-MOV-WHEEL1-005: r1 advances 1 in, r2 2 in, then both turn a quarter
 * about (12.5, 9.5), a front corner of where the two stand (x 10.5 to
 * 12.5) but not of the unit r1's motion carries (x 10.5 to 11.5, front-right
 * corner (11.5, 9.5), 1 in away). WHEEL.1 names the pivot first (of its
 * two reasons, the order of the encoding); WHEEL.4 and WHEEL.7 measure a
 * wheel and this turn is none ("pivoting the whole unit around one of its
 * front corners"): they do not speak to it. */
Test(regiments_words, a_turn_about_no_corner_of_the_unit_is_no_wheel)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "W-9,RG.MOV.WHEEL.1,illegal,," RM ",R1 A - M=4; E1 B - M=4,\"R1/r1 10,10 "
	         "25.4x25.4; R1/r2 10,11 25.4x25.4; E1/e1 40,40 25.4x25.4\",,wheel R1,\"r1 "
	         "10,10@0 11,10@0 ~12.5,9.5 13,11@270; r2 10,11@0 12,11@0 ~12.5,9.5 "
	         "14,10@270\",,none");
	const arb_result *w1 = support_result_of(v, "RG.MOV.WHEEL.1", NULL);
	cr_assert(eq(int, (int)w1->outcome, (int)ARB_VIOLATED));
	STR_EQ(w1->explanation, "wheel 2: the pivot (12.5, 9.5) is not a front corner of the unit: "
	                        "the nearest, front-right (11.5, 9.5), is 1 in away (tolerance "
	                        "1e-06 in)");
	outcome_is(v, "RG.MOV.WHEEL.4", "centre", ARB_NA);
	outcome_is(v, "RG.MOV.WHEEL.4", "farthest", ARB_NA);
	outcome_is(v, "RG.MOV.WHEEL.7", NULL, ARB_NA);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG-MOV-MAN2-001's wheel: r3's far corner sweeps a circle of radius
 * sqrt(10) about (10.5, 9.5); E1's near corner (13, 12) is sqrt(12.5) from
 * it, at 45 degrees, inside the quarter swept: the wheel passes
 * sqrt(12.5) - sqrt(10) = 0.3733 in from E1, within 1 in (margin
 * 0.3733 - 1). MAN.1 grants the wheel; the front swings forwards
 * (clockwise about the front-right corner); MAN.3's measure names no other
 * model. */
Test(regiments_words, a_wheel_within_1_in_gives_its_figures)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "W-1,RG.MOV.MAN.2,illegal,," RM ",R1 A - M=5; E1 B - M=4,\"" SQ3
	                   "; E1/e1 13.5,12.5 25.4x25.4\",,wheel R1," WHEEL_Q ",,none");
	const arb_result *m1 = support_result_of(v, "RG.MOV.MAN.1", NULL);
	cr_assert(eq(int, (int)m1->outcome, (int)ARB_PERMITS));
	STR_EQ(m1->explanation, "R1 makes a wheel");
	const arb_result *m2 = support_result_of(v, "RG.MOV.MAN.2", NULL);
	double want = sqrt(12.5) - sqrt(10);
	cr_assert(eq(int, (int)m2->outcome, (int)ARB_VIOLATED));
	STR_EQ(m2->explanation, "the wheel brings r3 0.373 in from E1, limit 1 in: within it");
	cr_assert(fabs(m2->measure.figure - want) < 1e-6, "figure %.9f", m2->measure.figure);
	cr_assert(eq(dbl, m2->measure.limit, 1));
	cr_assert(fabs(m2->measure.margin - (want - 1)) < 1e-6, "margin %.9f", m2->measure.margin);
	const arb_result *w7 = support_result_of(v, "RG.MOV.WHEEL.7", NULL);
	cr_assert(eq(int, (int)w7->outcome, (int)ARB_HOLDS));
	STR_EQ(w7->explanation, "every wheel swings the front forwards");
	const arb_result *m3 = support_result_of(v, "RG.MOV.MAN.3", "centre");
	cr_assert(eq(i64, (int64_t)m3->measure.other, -1));
	/* r3's centre runs sqrt(6.5) pi / 2 = 4.0048 in, against twice M 5 */
	cr_assert(fabs(m3->measure.figure - sqrt(6.5) * acos(-1.0) / 2) < 1e-6);
	cr_assert(fabs(m3->measure.margin - (10 - sqrt(6.5) * acos(-1.0) / 2)) < 1e-6);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The same wheel with no other unit on the board: "Neither can be
 * performed if it would bring the unit within 1" of another unit" holds,
 * and says there is none. */
Test(regiments_words, a_wheel_with_no_other_unit_has_none_to_come_near)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "W-2,RG.MOV.MAN.2,legal,," RM ",R1 A - M=5,\"" SQ3
	                                "\",,wheel R1," WHEEL_Q ",,none");
	const arb_result *m2 = support_result_of(v, "RG.MOV.MAN.2", NULL);
	cr_assert(eq(int, (int)m2->outcome, (int)ARB_HOLDS));
	STR_EQ(m2->explanation, "no other unit to come near");
	cr_assert(not(m2->has_measure));
	/* nor, for "can't approach closer than 1"", any unit or terrain */
	const arb_result *g1 = support_result_of(v, "RG.MOV.GAP.1", NULL);
	cr_assert(eq(int, (int)g1->outcome, (int)ARB_HOLDS));
	STR_EQ(g1->explanation, "nothing to approach: no other unit, no impassable terrain");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG-MOV-WHEEL6-001's two eighth wheels (round bases): "A unit that isn't
 * charging can wheel more than once" grants it in both readings, and says
 * so. */
Test(regiments_words, two_wheels_of_a_unit_not_charging_are_granted)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "W-3,RG.MOV.WHEEL.6,legal,," RM ",R1 A - M=5,"
	         "\"R1/r1 10,10 25.4; R1/r2 10,11 25.4; R1/r3 10,12 25.4\",,wheel R1,"
	         "\"r1 10,10@0 ~10.5,9.5 10.5,10.207106781187@315 ~10.5,9.5 11,10@270; "
	         "r2 10,11@0 ~10.5,9.5 11.207106781187,10.914213562373@315 ~10.5,9.5 12,10@270; "
	         "r3 10,12@0 ~10.5,9.5 11.914213562373,11.62132034356@315 ~10.5,9.5 13,10@270\","
	         ",none");
	static const char *const readings[] = {"literal", "a-contrario"};
	for (size_t i = 0; i < 2; i++) {
		const arb_result *w6 = support_result_of(v, "RG.MOV.WHEEL.6", readings[i]);
		cr_assert(eq(int, (int)w6->outcome, (int)ARB_PERMITS), "%s", readings[i]);
		STR_EQ(w6->explanation, "R1, not charging, wheels 2 time(s) mixed with advances");
	}
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG-MOV-WHEEL7-001: counter-clockwise about the front-right corner, the
 * front swings backwards in the first (and only) wheel, of 90 degrees. */
Test(regiments_words, a_backwards_wheel_is_named)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "W-4,RG.MOV.WHEEL.7,illegal,," RM ",R1 A - M=5,\"" SQ3
	                   "\",,wheel R1,\"r1 10,10@0 ~10.5,9.5 10,9@90; "
	                   "r2 10,11@0 ~10.5,9.5 9,9@90; r3 10,12@0 ~10.5,9.5 8,9@90\","
	                   ",none");
	const arb_result *w7 = support_result_of(v, "RG.MOV.WHEEL.7", NULL);
	cr_assert(eq(int, (int)w7->outcome, (int)ARB_VIOLATED));
	STR_EQ(w7->explanation,
	       "wheel 1 of 90 deg about the front-right corner swings the front backwards");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.WHEEL.4 measures the wheel against "its Movement characteristic":
 * a unit with no M lacks that fact. */
Test(regiments_words, a_wheel_without_m_is_a_missing_input)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "W-5,RG.MOV.WHEEL.4,missing-input,," RM ",R1 A -,\"" SQ3
	                                "\",,wheel R1," WHEEL_Q ",,none");
	const arb_result *w4 = support_result_of(v, "RG.MOV.WHEEL.4", "centre");
	cr_assert(eq(int, (int)w4->outcome, (int)ARB_MISSING));
	STR_EQ(w4->missing, "M");
	STR_EQ(w4->explanation, "the M of r1 is not stated");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.FIRST.2 "Unless a special rule is in play, or a unit ... always
 * moves in the Compulsory Moves sub-phase": on the first player turn, it
 * names the fact it lacks, and says why a special rule in play leaves no
 * skipping. */
Test(regiments_words, skipping_names_what_it_lacks_and_what_bars_it)
{
	static const char *const rows[][3] = {
	    {"first_player_turn=true", "special_rule",
	     "skipping to Remaining Moves: whether a special rule is in play is not stated"},
	    {"first_player_turn=true;special_rule=false", "always_compulsory",
	     "skipping to Remaining Moves: whether a unit always moves in Compulsory Moves is not "
	     "stated"},
	    {"first_player_turn=true;special_rule=true;always_compulsory=false", NULL,
	     "a special rule is in play: no skipping straight to Remaining Moves"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "F-%zu,RG.MOV.FIRST.2,illegal,," RM ",R1 A - M=4,\"" SQ3
		         "\",,move R1," STRAIGHT ",last_completed=start_of_phase;%s,none",
		         i, rows[i][0]);
		arb_caseset *cs = NULL;
		arb_verdict *v = judge_row(&cs, row);
		const arb_result *f2 = support_result_of(v, "RG.MOV.FIRST.2", NULL);
		if (rows[i][1]) {
			cr_assert(eq(int, (int)f2->outcome, (int)ARB_MISSING), "row %zu", i);
			STR_EQ(f2->missing, rows[i][1]);
		} else {
			cr_assert(eq(int, (int)f2->outcome, (int)ARB_NA), "row %zu", i);
		}
		STR_EQ(f2->explanation, rows[i][2]);
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* The reform of test regiments/the_reform_says_what_it_keeps_and_allows,
 * then shifted: the quarter turn about (10, 11), then every model 0.5 in
 * along +x, ends with its centre point at (10.5, 11), 0.5 in from where it
 * was: REFORM.3's measure gives that figure, a margin of -0.5 (the limit is
 * 0: "fixed") and no other model. */
Test(regiments_words, a_reform_that_moves_its_centre_gives_its_figures)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "RF-3,RG.MOV.REFORM.3,illegal,," RM ",R1 A - M=4,\"" SQ3
	                                "\",,reform R1,\"r1 10,10@0 ~10,11 11,11@90 11.5,11; "
	                                "r2 10,11@0 ~10,11 10,11@90 10.5,11; r3 10,12@0 ~10,11 "
	                                "9,11@90 9.5,11\",,none");
	const arb_result *r3 = support_result_of(v, "RG.MOV.REFORM.3", NULL);
	cr_assert(eq(int, (int)r3->outcome, (int)ARB_VIOLATED));
	STR_EQ(r3->explanation,
	       "centre point (10.000, 11.000) -> (10.500, 11.000), facing 90: moved");
	cr_assert(fabs(r3->measure.figure - 0.5) < 1e-9);
	cr_assert(fabs(r3->measure.margin + 0.5) < 1e-9);
	cr_assert(eq(i64, (int64_t)r3->measure.other, -1));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The order of the sub-phases (RG.MOV.ORDER.1, ORDER.3): a move with
 * neither a log nor last_completed is not asked about (ORDER.1 not
 * applicable), and R1 has acted in no other sub-phase (ORDER.3 holds);
 * a charge after Start of Phase was completed follows it; an action in
 * Start of Phase, nothing completed yet, follows the start of the phase. */
Test(regiments_words, the_order_of_the_sub_phases_says_what_it_follows)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "O-1,RG.MOV.ORDER.3,legal,," RM ",R1 A - M=4,\"" SQ3
	                                "\",,move R1," STRAIGHT ",,none");
	outcome_is(v, "RG.MOV.ORDER.1", NULL, ARB_NA);
	/* no charge, nothing compulsory, nothing said of what was completed */
	outcome_is(v, "RG.MOV.ORDER.5", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.ORDER.6", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.START.1", NULL, ARB_NA);
	/* no charge: the charge exemptions of the 1" rule do not speak */
	outcome_is(v, "RG.MOV.GAP.2", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.GAP.3", NULL, ARB_NA);
	const arb_result *o3 = support_result_of(v, "RG.MOV.ORDER.3", NULL);
	cr_assert(eq(int, (int)o3->outcome, (int)ARB_HOLDS));
	STR_EQ(o3->explanation, "R1 has acted in no other sub-phase this turn");
	arb_verdict_free(v);
	arb_caseset_free(cs);
	static const char *const rows[][2] = {
	    {"phase=movement;subphase=charge,R1 A - M=4 charging,\"" SQ3 "\",,charge R1," STRAIGHT
	     ",last_completed=start_of_phase",
	     "Charge follows Start of Phase, completed fully"},
	    {"phase=movement;subphase=start_of_phase,R1 A - M=4,\"" SQ3 "\",,move R1," STRAIGHT
	     ",last_completed=none;special_rule=true",
	     "Start of Phase follows the start of the phase, completed fully"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		char row[1024];
		snprintf(row, sizeof row, "O-%zu,RG.MOV.ORDER.1,legal,,%s,none", i + 2, rows[i][0]);
		v = judge_row(&cs, row);
		const arb_result *o1 = support_result_of(v, "RG.MOV.ORDER.1", NULL);
		cr_assert(eq(int, (int)o1->outcome, (int)ARB_HOLDS), "row %zu", i);
		STR_EQ(o1->explanation, rows[i][1]);
		/* a charge is not "everything else"; nor is what a model's own
		 * rule does in Start of Phase */
		outcome_is(v, "RG.MOV.ORDER.7", NULL, ARB_NA);
		if (i == 0) {
			const arb_result *s1 = support_result_of(v, "RG.MOV.START.1", NULL);
			cr_assert(eq(int, (int)s1->outcome, (int)ARB_HOLDS));
			STR_EQ(s1->explanation, "Charge after the start of the phase was resolved");
		} else {
			const arb_result *o4 = support_result_of(v, "RG.MOV.ORDER.4", NULL);
			cr_assert(eq(int, (int)o4->outcome, (int)ARB_PERMITS));
			STR_EQ(o4->explanation, "R1 acts in Start of Phase by a rule of its own");
		}
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* RG.MOV.ORDER.4 "some models have actions that must happen right at the
 * start" and ORDER.7 "everything else": a move in Start of Phase is one or
 * the other as the unit's own rule says (special_rule), a fact this
 * scenario lacks. */
Test(regiments_words, a_move_in_start_of_phase_needs_its_rule)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "O-4,RG.MOV.ORDER.4,missing-input,,"
	                                "phase=movement;subphase=start_of_phase,R1 A - M=4,\"" SQ3
	                                "\",,move R1," STRAIGHT ",last_completed=none,none");
	static const char *const clauses[] = {"RG.MOV.ORDER.4", "RG.MOV.ORDER.7"};
	for (size_t i = 0; i < 2; i++) {
		const arb_result *o = support_result_of(v, clauses[i], NULL);
		cr_assert(eq(int, (int)o->outcome, (int)ARB_MISSING), "%s", clauses[i]);
		STR_EQ(o->missing, "special_rule");
	}
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.START.1 "The player first resolves anything that must happen at
 * the very start": a charge before Start of Phase was completed is out of
 * order only if something must happen then, a model's own rule
 * (special_rule), which this scenario does not give. */
Test(regiments_words, acting_before_start_of_phase_needs_its_rule)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "S1-2,RG.MOV.START.1,missing-input,,"
	                                "phase=movement;subphase=charge,R1 A - M=4 charging,\"" SQ3
	                                "\",,charge R1," STRAIGHT ",last_completed=none,none");
	const arb_result *s1 = support_result_of(v, "RG.MOV.START.1", NULL);
	cr_assert(eq(int, (int)s1->outcome, (int)ARB_MISSING));
	STR_EQ(s1->missing, "special_rule");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.M.1 "may move straight ahead": 3 in ahead is measured from r1's
 * start (10, 10) to its end (13, 10); 1 in to the left (+y, facing 0:
 * nothing ahead) strays 1 in sideways; 1 in back goes backwards. */
Test(regiments_words, a_move_says_how_it_is_not_straight_ahead)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "M1-2,RG.MOV.M.1,legal,," RM ",R1 A - M=4,\"" SQ3
	                                "\",,move R1," STRAIGHT ",,none");
	const arb_result *m1 = support_result_of(v, "RG.MOV.M.1", NULL);
	cr_assert(eq(int, (int)m1->outcome, (int)ARB_PERMITS));
	cr_assert(eq(dbl, m1->measure.p.x, 10));
	cr_assert(eq(dbl, m1->measure.p.y, 10));
	cr_assert(eq(dbl, m1->measure.q.x, 13));
	cr_assert(eq(dbl, m1->measure.q.y, 10));
	/* "Every model in a unit moves as one"; "forward in a straight line" */
	const arb_result *m2 = support_result_of(v, "RG.MOV.M.2", NULL);
	cr_assert(eq(int, (int)m2->outcome, (int)ARB_HOLDS));
	STR_EQ(m2->explanation, "the 3 models of R1 move as one");
	const arb_result *st = support_result_of(v, "RG.MOV.STRAIGHT.2", NULL);
	cr_assert(eq(int, (int)st->outcome, (int)ARB_HOLDS));
	STR_EQ(st->explanation, "R1 moves forward in a straight line");
	arb_verdict_free(v);
	arb_caseset_free(cs);
	static const char *const rows[][2] = {
	    {"\"r1 10,10 10,11; r2 10,11 10,12; r3 10,12 10,13\"",
	     "R1 strays 1.000 in sideways (step 1): not straight ahead"},
	    {"\"r1 10,10 9,10; r2 10,11 9,11; r3 10,12 9,12\"",
	     "R1 moves backwards (step 1): not straight ahead"},
	};
	for (size_t i = 0; i < 2; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "M1-%zu,RG.MOV.M.1,illegal,," RM ",R1 A - M=4,\"" SQ3
		         "\",,move R1,%s,,none",
		         i + 3, rows[i][0]);
		v = judge_row(&cs, row);
		m1 = support_result_of(v, "RG.MOV.M.1", NULL);
		cr_assert(eq(int, (int)m1->outcome, (int)ARB_VIOLATED), "row %zu", i);
		STR_EQ(m1->explanation, rows[i][1]);
		if (i == 1)
			STR_EQ(support_result_of(v, "RG.MOV.STRAIGHT.2", NULL)->explanation,
			       "R1 moves backwards in step 1");
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* RG.MOV.STRAIGHT.2 "must move forward in a straight line" speaks of
 * advances: a move whose paths repeat their start (0 in) makes none, nor
 * does a wheel that only turns, nor a charging wheel whose path first
 * repeats its start (RG-MOV-WHEEL6-009). */
Test(regiments_words, no_advance_is_not_asked_to_go_straight)
{
	static const char *const rows[] = {
	    "ST-1,RG.MOV.STRAIGHT.2,legal,," RM ",R1 A - M=4,\"" SQ3 "\",,move R1,"
	    "\"r1 10,10 10,10; r2 10,11 10,11; r3 10,12 10,12\",,none",
	    "ST-2,RG.MOV.STRAIGHT.2,legal,," RM ",R1 A - M=5,\"" SQ3 "\",,wheel R1," WHEEL_Q
	    ",,none",
	    "ST-3,RG.MOV.STRAIGHT.2,legal,,phase=movement;subphase=charge,R1 A - M=5 charging,"
	    "\"R1/r1 10,10 25.4; R1/r2 10,11 25.4; R1/r3 10,12 25.4\",,wheel R1,"
	    "\"r1 10,10@0 10,10 ~10.5,9.5 10.20116376127,10.140856382056@340; "
	    "r2 10,11@0 10,11 ~10.5,9.5 10.543183904596,11.080549002842@340; "
	    "r3 10,12@0 10,12 ~10.5,9.5 10.885204047921,12.020241623628@340\",,none",
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		arb_caseset *cs = NULL;
		arb_verdict *v = judge_row(&cs, rows[i]);
		outcome_is(v, "RG.MOV.STRAIGHT.2", NULL, ARB_NA);
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* "Units may never wheel backwards": a wheel step of 0 degrees (every
 * path turns about the front-right corner back to where it was) swings
 * the front neither way, so WHEEL.7 does not forbid it. */
Test(regiments_words, a_wheel_of_no_degrees_is_not_backwards)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "W-6,RG.MOV.WHEEL.7,legal,," RM ",R1 A - M=5,\"" SQ3
	                   "\",,wheel R1,\"r1 10,10@0 ~10.5,9.5 10,10@0; "
	                   "r2 10,11@0 ~10.5,9.5 10,11@0; r3 10,12@0 ~10.5,9.5 10,12@0\","
	                   ",none");
	outcome_is(v, "RG.MOV.WHEEL.7", NULL, ARB_HOLDS);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The pivot (RG.MOV.PIVOT.*), on a quarter turn about R1's centre point
 * (10, 11): r1 ends at (11, 11), r3 at (9, 11). */
#define PIVOT_Q "r1 10,10@0 ~10,11 11,11@90; r2 10,11@0 ~10,11 10,11@90; r3 10,12@0 ~10,11 9,11@90"

/* With nothing near, the turn brings nothing into contact: PIVOT.3 has
 * nothing to move back from, PIVOT.4 no other unit moved, PIVOT.6 no two
 * units to give ground. A "pivot" that only goes 1 in ahead does not turn
 * first (RG-MOV-PIVOT1-005), and PIVOT.1 says so. */
Test(regiments_words, a_pivot_touching_nothing_and_one_that_does_not_turn)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "P-1,RG.MOV.PIVOT.1,legal,," RM ",R1 A - M=4,\"" SQ3
	                                "\",,pivot R1,\"" PIVOT_Q "\",,none");
	outcome_is(v, "RG.MOV.PIVOT.3", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.PIVOT.4", NULL, ARB_NA);
	outcome_is(v, "RG.MOV.PIVOT.6", NULL, ARB_NA);
	arb_verdict_free(v);
	arb_caseset_free(cs);
	v = judge_row(&cs, "P-2,RG.MOV.PIVOT.1,illegal,," RM ",R1 A - M=4,\"" SQ3
	                   "\",,pivot R1,\"r1 10,10 11,10; r2 10,11 11,11; r3 10,12 11,12\",,none");
	const arb_result *p1 = support_result_of(v, "RG.MOV.PIVOT.1", NULL);
	cr_assert(eq(int, (int)p1->outcome, (int)ARB_VIOLATED));
	STR_EQ(p1->explanation, "R1 does not turn first: no pivot on the spot");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG-MOV-PIVOT3-002: the turn sweeps into E1 (x 11.5 to 12.5), R1 is
 * moved back 1.2 in: after the move-back it is 1.2 in from E1, and R1,
 * moved back, is not in close combat. */
Test(regiments_words, a_pivot_moved_back_says_so)
{
	arb_caseset *cs = NULL;
	arb_verdict *v =
	    judge_row(&cs, "P-3,RG.MOV.PIVOT.3,legal,conventions," RM
	                   ",R1 A - M=4; E1 B - M=4,\"" SQ3 "; E1/e1 12,11 25.4x25.4\",,pivot R1,"
	                   "\"r1 10,10@0 ~10,11 11,11@90 9.8,11; r2 10,11@0 ~10,11 "
	                   "10,11@90 8.8,11; r3 10,12@0 ~10,11 9,11@90 7.8,11\",,none");
	const arb_result *p2 = support_result_of(v, "RG.MOV.PIVOT.2", "after-move-back");
	cr_assert(eq(int, (int)p2->outcome, (int)ARB_HOLDS));
	STR_EQ(p2->explanation, "after the move-back 1.200 in from E1, limit 1 in");
	const arb_result *p5 = support_result_of(v, "RG.MOV.PIVOT.5", NULL);
	cr_assert(eq(int, (int)p5->outcome, (int)ARB_HOLDS));
	STR_EQ(p5->explanation, "R1 is moved back, not in close combat");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.PIVOT.4 "if it's trapped between two obstacles, the OTHER unit
 * may be moved back instead" (RG-MOV-PIVOT4-001's turn into E1): without
 * the fact trapped it lacks it; E1 moved back 0.5 in only (from x 11.5 to
 * 12.0 at its rear) does not restore the 1 in gap. */
Test(regiments_words, the_other_unit_moved_back_needs_trapped_and_the_gap)
{
	static const char *const rows[][2] = {
	    {"e1 12,11 13.2,11\",,none", NULL},
	    {"e1 12,11 12.5,11\",trapped=true,none",
	     "E1 is moved back instead: 0.500 in apart at the end, gap 1 in not restored"},
	};
	for (size_t i = 0; i < 2; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "P-%zu,RG.MOV.PIVOT.4,illegal,conventions," RM
		         ",R1 A - M=4; E1 B - M=4,\"" SQ3
		         "; E1/e1 12,11 25.4x25.4\",,pivot R1,\"" PIVOT_Q "; %s",
		         i + 4, rows[i][0]);
		arb_caseset *cs = NULL;
		arb_verdict *v = judge_row(&cs, row);
		const arb_result *p4 = support_result_of(v, "RG.MOV.PIVOT.4", NULL);
		if (!rows[i][1]) {
			cr_assert(eq(int, (int)p4->outcome, (int)ARB_MISSING));
			STR_EQ(p4->missing, "trapped");
		} else {
			cr_assert(eq(int, (int)p4->outcome, (int)ARB_VIOLATED));
			STR_EQ(p4->explanation, rows[i][1]);
		}
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* RG.MOV.PIVOT.6 "if neither unit can give ground, the pivot simply can't
 * be made": impassable terrain from x 11.5 cannot (RG-MOV-PIVOT6-002 and
 * -003); R1 can unless it is trapped, and the clause says which. */
Test(regiments_words, who_cannot_give_ground_is_named)
{
	static const char *const rows[][3] = {
	    {" 9.8,11; r2 10,11@0 ~10,11 10,11@90 8.8,11; r3 10,12@0 ~10,11 9,11@90 7.8,11",
	     "trapped=false", "T1 cannot give ground and R1 can"},
	    {"; r2 10,11@0 ~10,11 10,11@90; r3 10,12@0 ~10,11 9,11@90", "trapped=true",
	     "T1 cannot give ground and R1 is trapped: the pivot can't be made"},
	};
	for (size_t i = 0; i < 2; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "P-%zu,RG.MOV.PIVOT.6,legal,conventions," RM ",R1 A - M=4,\"" SQ3
		         "\",\"T1 impassable 11.5,10 13,10 13,12 11.5,12\",pivot R1,"
		         "\"r1 10,10@0 ~10,11 11,11@90%s\",%s,none",
		         i + 6, rows[i][0], rows[i][1]);
		arb_caseset *cs = NULL;
		arb_verdict *v = judge_row(&cs, row);
		const arb_result *p6 = support_result_of(v, "RG.MOV.PIVOT.6", NULL);
		cr_assert(eq(int, (int)p6->outcome, (int)(i ? ARB_VIOLATED : ARB_HOLDS)), "row %zu",
		          i);
		STR_EQ(p6->explanation, rows[i][2]);
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* RG.MOV.PIVOT.5 "A unit already in close combat can never be moved back
 * this way": R1 turns into E1 and is moved back 1.2 in, and E1, in close
 * combat, is moved back 1.2 in too: E1 is the unit in close combat moved
 * back. */
Test(regiments_words, the_unit_in_close_combat_moved_back_is_named)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "P-8,RG.MOV.PIVOT.5,illegal,conventions," RM
	         ",R1 A - M=4; E1 B - M=4 in_close_combat,\"" SQ3
	         "; E1/e1 12,11 25.4x25.4\",,pivot R1,\"r1 10,10@0 ~10,11 11,11@90 9.8,11; "
	         "r2 10,11@0 ~10,11 10,11@90 8.8,11; r3 10,12@0 ~10,11 9,11@90 7.8,11; "
	         "e1 12,11 13.2,11\",trapped=false,none");
	const arb_result *p5 = support_result_of(v, "RG.MOV.PIVOT.5", NULL);
	cr_assert(eq(int, (int)p5->outcome, (int)ARB_VIOLATED));
	STR_EQ(p5->subject, "E1");
	STR_EQ(p5->explanation, "E1 is moved back while in close combat");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* RG.MOV.GAP.3 "A unit can end up within 1" of a unit it didn't charge":
 * R1 charges E1 (RG-MOV-GAP3-001's scene) with r3 left where it stood (no
 * path): r3 at (10, 12) and r1, r2 ending at x 14 are all 1.8 in or more
 * from E2 (y 13.3 and up), so no model ends within 1 in of a unit it did
 * not charge, and the clause does not speak. */
Test(regiments_words, a_charge_ending_clear_of_other_units)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, "G3-1,RG.MOV.GAP.3,illegal,,phase=movement;subphase=charge,"
	                                "R1 A - M=4 charging; E1 B - M=4; E2 B - M=4,\"" SQ3
	                                "; E1/e1 15,11 25.4x25.4; E2/e2 14,13.8 25.4x25.4\",,"
	                                "charge R1 -> E1,\"r1 10,10 14,10; r2 10,11 14,11\",,none");
	outcome_is(v, "RG.MOV.GAP.3", NULL, ARB_NA);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}
