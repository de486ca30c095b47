/*
 * test_explain.c: the figures a predicate states. DESIGN: every judgement
 * gives "the figure, the limit and the margin" ("moved 6.30 in, limit 6
 * in"); the case tables compare verdicts, not words, so a predicate that
 * said the wrong figure would pass them all (make mutate found such
 * mutants). Each test is one scenario, a clause, and the explanation the
 * clause's figures give, worked out by hand from the geometry in the row
 * (the reasoning is beside each), never copied from a run.
 */
#include "support.h"

#include "arbiter.h"

#include <stdio.h>
#include <string.h>

static arb_rulebook *g_rb;
static arb_oracle *g_o;
static arb_caseset *g_cs;

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
}

static void teardown(void)
{
	arb_caseset_free(g_cs);
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
}

TestSuite(explain, .init = setup, .fini = teardown);

/* One row of a table of section `section` (its header first); returns
 * the verdict under the row's profile. */
static arb_verdict *judge_row(const char *section, const char *csv)
{
	char name[128];
	snprintf(name, sizeof name, "mem/scrollhammer/%s/x.csv", section);
	return support_judge_text(g_cs, g_rb, g_o, name, csv);
}

/* The explanation of clause (and reading, or NULL for any) in v. */
static const char *why(const arb_verdict *v, const char *clause, const char *reading)
{
	return support_result_of(v, clause, reading)->explanation;
}

#define MOVE_HEAD "id,target,expect,units,models,action,paths\n"

/* A 7 in move of a model whose M is 6: SH.MOV.1 ('up to their maximum
 * movement distance') and SH.MOV.DIST.1 ('up to 6"') both 1 in over. */
Test(explain, move_over_its_m_and_the_limit)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD "X-1,SH.MOV.1,illegal,A1 A horde M=6,"
	                                                 "\"A1/a1 10,10 25\",move A1,\"a1 10,10 "
	                                                 "17,10\"\n");
	STR_EQ(why(v, "SH.MOV.1", NULL), "a1 moved 7.00 in, its M is 6 in: over by 1.00 in");
	STR_EQ(why(v, "SH.MOV.DIST.1", NULL), "a1 moved 7.00 in, limit 6 in: over by 1.00 in");
	arb_verdict_free(v);
}

/* 4 in under M 6: no margin is stated when it holds. */
Test(explain, move_within_its_m)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD "X-2,SH.MOV.1,legal,A1 A horde M=6,"
	                                                 "\"A1/a1 10,10 25\",move A1,\"a1 10,10 "
	                                                 "10,14\"\n");
	STR_EQ(why(v, "SH.MOV.1", NULL), "a1 moved 4.00 in, its M is 6 in");
	STR_EQ(why(v, "SH.MOV.DIST.1", NULL), "a1 moved 4.00 in, limit 6 in");
	arb_verdict_free(v);
}

/* The outcome of clause (any reading) in v. */
static arb_outcome outcome(const arb_verdict *v, const char *clause)
{
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, clause) == 0)
			return v->trace[i].result.outcome;
	cr_fatal("%s is not in the trace", clause);
	return ARB_NA;
}

static const arb_result *result(const arb_verdict *v, const char *clause)
{
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, clause) == 0)
			return &v->trace[i].result;
	cr_fatal("%s is not in the trace", clause);
	return NULL;
}

#define CHARGE_HEAD "id,target,expect,context,units,models,action,paths,facts,dice\n"
#define CC          "phase=close_combat;subphase=charge;round=2"

/* SH.CHG.NEXT.1 'Once all the models in a charging unit have moved, the
 * player can choose another unit ... and declare another charge': the
 * first declaration of the phase follows no charge; the clause does not
 * speak to it (no unit declared, none in progress, none completed). */
Test(explain, first_declaration_is_not_a_next_one)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-3,SH.CHG.DECL.1,legal," CC
	                                                 ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                                 "25.4; E1/e1 28,20 25.4\",declare_charge "
	                                                 "A1 -> E1,,can_see=true,\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.NEXT.1"), ARB_NA));
	arb_verdict_free(v);
}

/* A charge that falls short: a1 (1 in base) 20,20 -> 24,20 against e1 at
 * 30,20: it ends 30 - 24 - 1 = 5 in away, and its path never comes within
 * 1 in of e1, so SH.CHG.MOVE.5 ('they can be moved within 1" of enemy
 * models') permits nothing (not applicable). Rolled 3 + 3 = 6 against the
 * 30 - 20 - 1 = 9 in to e1: the unit cannot make the charge, and
 * SH.CHG.MOVE.9 ('If the charging unit can make the charge, move it ...')
 * does not apply. */
Test(explain, short_charge_is_not_within_1_in_nor_made)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-4,SH.CHG.FAIL.1,illegal," CC
	                                                 ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                                 "25.4; E1/e1 30,20 25.4\",charge A1 -> "
	                                                 "E1,\"a1 20,20 24,20\",,3 3\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.MOVE.5"), ARB_NA));
	cr_assert(eq(int, outcome(v, "SH.CHG.MOVE.9"), ARB_NA));
	arb_verdict_free(v);
}

/* SH-CHG-RANGE-041's charge: 'the unit rolls 3D6, rather than 2D6': only
 * the difficult_charge_roll is rolled, and SH.CHG.RANGE.1's 2D6 is not the
 * roll of this charge (not applicable, no missing charge_roll). */
Test(explain, difficult_charge_roll_replaces_the_2d6)
{
	arb_verdict *v = judge_row(
	    "charge", "id,target,expect,profile,context,units,models,terrain,action,paths,dice\n"
	              "X-5,SH.CHG.DIFF.2,legal,chain,phase=close_combat;round=2,A1 A horde; E1 B "
	              "horde,\"A1/a1 20,20 25.4; E1/e1 30,20 25.4\",\"T1 difficult 23,15 25.5,15 "
	              "25.5,25 23,25\",charge A1 -> E1,\"a1 20,20 29,20\",difficult_check: 3 4; "
	              "difficult_charge_roll: 4 5 6\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.RANGE.1"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.7 'cannot pass through gaps narrower than their base': a1
 * (25.4 mm: 1 in across) charges along y = 20 between its own a2 (25,19.1)
 * and a3 (25,20.9), 1 in bases: centres 1.8 in apart, a gap of 0.8 in
 * square to its way. Figure 0.8, limit 1, margin 0.8 - 1 = -0.2. */
Test(explain, gap_narrower_than_the_base)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-6,SH.CHG.MOVE.7,illegal," CC
	                                                 ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                                 "25.4; A1/a2 25,19.1 25.4; A1/a3 25,20.9 "
	                                                 "25.4; E1/e1 30,20 25.4\",charge A1 -> "
	                                                 "E1,\"a1 20,20 29,20\",,6 6\n");
	const arb_result *r = result(v, "SH.CHG.MOVE.7");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "a1 passes between a2 and a3 through a gap of 0.800 in across its "
	                       "way; its base is 1.000 in across");
	cr_assert(r->has_measure);
	cr_assert(ieee_ulp_eq(dbl, r->measure.margin, -0.2, 1e6), "margin %g", r->measure.margin);
	arb_verdict_free(v);
}

/* SH.CHG.REACT.3 'it immediately falls back d6"': flee_roll 4 and the
 * models fall back 3 in (SH-CHG-REACT-003): figure 3, limit 4, margin
 * 4 - 3 = 1; a distance moved, no other model measured against (other -1). */
Test(explain, flee_short_of_the_roll)
{
	arb_verdict *v = judge_row(
	    "charge", "id,target,expect,context,units,models,action,paths,facts,dice\n"
	              "X-7,SH.CHG.REACT.3,illegal," CC ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	              "25.4; E1/e1 30,20 25.4\",react E1 -> A1,\"e1 30,20 33,20\","
	              "charge_reaction=flee,flee_roll: 4\n");
	const arb_result *r = result(v, "SH.CHG.REACT.3");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "e1 falls back 3.00 in; the flee roll is 4 in");
	cr_assert(r->has_measure);
	cr_assert(ieee_ulp_eq(dbl, r->measure.margin, 1.0, 1e6), "margin %g", r->measure.margin);
	cr_assert(eq(i64, r->measure.other, -1));
	arb_verdict_free(v);
}

/* 'Roll 2D6' (SH.CHG.RANGE.1) when the dice are named and only the
 * terrain check's are given: the charge roll is a fact the scenario does
 * not give (missing charge_roll), not a 3D6 that replaced it. */
Test(explain, named_dice_without_the_charge_roll)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD "X-8,SH.CHG.RANGE.1,missing-input," CC
	                                    ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                    "25.4; E1/e1 27,20 25.4\",charge A1 -> "
	                                    "E1,\"a1 20,20 26,20\",,difficult_check: 3 "
	                                    "4\n");
	const arb_result *r = result(v, "SH.CHG.RANGE.1");
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->missing, "charge_roll");
	arb_verdict_free(v);
}

/* SH.CHG.RANGE.3 'If a unit has models that roll differently for their
 * charge range': no model is said to roll differently (no fact
 * slowest_charge_range): the derivation does not apply. */
Test(explain, one_charge_range_for_the_unit)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-9,SH.CHG.FAIL.1,illegal," CC
	                                                 ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                                 "25.4; E1/e1 30,20 25.4\",charge A1 -> "
	                                                 "E1,\"a1 20,20 24,20\",,3 3\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.RANGE.3"), ARB_NA));
	arb_verdict_free(v);
}

/* A horde charges a horde: a1 20,20 -> 29,20 into contact with e1 (30,20),
 * rolled 5 + 5 = 10 against 9 in. The clauses of charges against ranks
 * (E1 has no Fight in Ranks: SH.CHG.RANKS.2, .3) do not speak to it.
 * (SH.CHG.SKIRM.1 does: 'With skirmishers and hordes, an initial charger
 * is chosen'; first written as not applicable, the text says hordes.) */
Test(explain, horde_against_horde_is_not_against_ranks)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-10,SH.CHG.MOVE.9,legal," CC
	                                                 ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                                 "25.4; E1/e1 30,20 25.4\",charge A1 -> "
	                                                 "E1,\"a1 20,20 29,20\",,5 5\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.RANKS.2"), ARB_NA));
	cr_assert(eq(int, outcome(v, "SH.CHG.RANKS.3"), ARB_NA));
	/* no terrain: no dangerous terrain test is asked for (SH.CHG.DANG.1) */
	cr_assert(eq(int, outcome(v, "SH.CHG.DANG.1"), ARB_NA));
	arb_verdict_free(v);
}

#define RANKS_ROW(paths)                                                                           \
	CHARGE_HEAD "X-11,SH.CHG.RANKS.3,legal," CC ",A1 A fight_in_ranks facing=0; E1 B "         \
	            "fight_in_ranks facing=180,\"A1/a1 25.5,20.5 25.4x25.4; E1/e1 30.5,20.5 "      \
	            "25.4x25.4\",charge A1 -> E1,\"" paths "\",max_engaged_models=1,3 4\n"

/* 'Excess ranks stand out on the side ...': a1 (1 in square) stops 1 in
 * short of e1's front edge (x = 30): the charge reached nothing, no rank
 * stands out of anything. A1 fights in ranks: no initial charger is
 * chosen ('With skirmishers and hordes', SH.CHG.SKIRM.1). */
Test(explain, no_excess_without_contact)
{
	arb_verdict *v = judge_row("charge", RANKS_ROW("a1 25.5,20.5 28.5,20.5"));
	cr_assert(eq(int, outcome(v, "SH.CHG.RANKS.3"), ARB_NA));
	cr_assert(eq(int, outcome(v, "SH.CHG.SKIRM.1"), ARB_NA));
	arb_verdict_free(v);
}

/* a1 (1 in square) ends on e1's front edge (1 in, y 20..21) face to face:
 * A1 is 1 in across, the edge 1 in: nothing stands out. */
Test(explain, no_excess_when_as_wide_as_the_edge)
{
	arb_verdict *v = judge_row("charge", RANKS_ROW("a1 25.5,20.5 29.5,20.5"));
	const arb_result *r = result(v, "SH.CHG.RANKS.3");
	cr_assert(eq(int, r->outcome, ARB_NA));
	STR_EQ(r->explanation, "A1 is 1.00 in across, E1's front edge 1.00 in: no excess");
	arb_verdict_free(v);
}

/* SH-CHG-EXC-002: A1 (2 x 2, 1 in squares) ends y 20..22 against e1's
 * front edge y 20..21: its excess stands out 1 in beyond one end of the
 * edge and 0 in beyond the other (which end the text calls first is not
 * its matter: either order). */
Test(explain, excess_figures)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "X-12,SH.CHG.RANKS.3,legal," CC ",A1 A fight_in_ranks facing=0; E1 B "
	              "fight_in_ranks facing=180,\"A1/a1 25.5,20.5 25.4x25.4; A1/a2 25.5,21.5 "
	              "25.4x25.4; A1/a3 24.5,20.5 25.4x25.4; A1/a4 24.5,21.5 25.4x25.4; E1/e1 "
	              "30.5,20.5 25.4x25.4\",charge A1 -> E1,\"a1 25.5,20.5 29.5,20.5; a2 "
	              "25.5,21.5 29.5,21.5; a3 24.5,20.5 28.5,20.5; a4 24.5,21.5 "
	              "28.5,21.5\",max_engaged_models=2;required_wheel=2,3 4\n");
	const char *w = why(v, "SH.CHG.RANKS.3", NULL);
	cr_assert(strstr(w, "stands out 1.00 in and 0.00 in") ||
	              strstr(w, "stands out 0.00 in and 1.00 in"),
	          "%s", w);
	arb_verdict_free(v);
}

/* SH-MOV-MIX-001: a1 (M 6) moves 6 in, a2 (M 4) 5 in. The model over its
 * own M is a2, by 1 in, though a1 moved further; 'up to 6"' holds for the
 * longest move, a1's 6 in. */
Test(explain, mixed_m_names_the_model_over_its_own)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD
	                           "X-13,SH.MOV.1,illegal,A1 A horde M=6,\"A1/a1 10,10 25; "
	                           "A1/a2 11.2,10 25 M=4\",move A1,\"a1 10,10 10,16; a2 "
	                           "11.2,10 16.2,10\"\n");
	STR_EQ(why(v, "SH.MOV.1", NULL), "a2 moved 5.00 in, its M is 4 in: over by 1.00 in");
	STR_EQ(why(v, "SH.MOV.DIST.1", NULL), "a1 moved 6.00 in, limit 6 in");
	arb_verdict_free(v);
}

/* 'an initial charger is chosen, the closest model to the enemy'
 * (SH.CHG.SKIRM.1): a1 (20,20) is 6 - 1 = 5 in from e1 (26,20); a2, listed
 * first, stands 6.0005 in from e1's centre (12 degrees off the line:
 * 26 - 6.0005 cos 12, 20 + 6.0005 sin 12), 5.0005 in from its base: further
 * by 0.0005 in, five hundred times the tolerance. a1 is the one. */
Test(explain, initial_charger_is_the_closest)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-14,SH.CHG.SKIRM.1,legal," CC
	                                                 ",A1 A skirmish; E1 B horde,\"A1/a2 "
	                                                 "20.130625,21.247574 25.4; A1/a1 20,20 "
	                                                 "25.4; E1/e1 26,20 25.4\",charge A1 -> "
	                                                 "E1,\"a1 20,20 25,20\",,3 3\n");
	STR_EQ(why(v, "SH.CHG.SKIRM.1", NULL), "the initial charger is a1, 5.00 in from the enemy");
	arb_verdict_free(v);
}

/* 'Skirmishers, even those without the Hit and Run special rule, may
 * attempt to Hit and Run against units that Fight in Ranks'
 * (SH.FORM.SKIRM.AGILE.1): A1 skirmishes, E1 fights in ranks: permitted,
 * without the special rule. */
Test(explain, skirmishers_may_hit_and_run_against_ranks)
{
	arb_verdict *v =
	    judge_row("formations",
	              "id,target,expect,context,units,models,action\n"
	              "X-15,SH.FORM.SKIRM.AGILE.1,legal,phase=close_combat,A1 A skirmish M=6 "
	              "I=4; E1 B fight_in_ranks M=6 facing=180,\"A1/a1 20,10 25; A1/a2 22,10 25; "
	              "E1/e1 29,10.5 25x25\",hit_and_run A1 -> E1\n");
	const arb_result *r = result(v, "SH.FORM.SKIRM.AGILE.1");
	cr_assert(eq(int, r->outcome, ARB_PERMITS));
	STR_EQ(r->explanation, "A1 skirmishes against units that Fight in Ranks: it may attempt to "
	                       "Hit and Run without the special rule");
	arb_verdict_free(v);
}

/* A horde declares a charge against a horde: no unit that Fights in Ranks
 * is charged, so whether one is flanked, and from which arc
 * (SH.FORM.FIR.FLANK.1), is not asked. */
Test(explain, no_flank_without_ranks)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "X-16,SH.CHG.DECL.1,legal," CC
	                                                 ",A1 A horde; E1 B horde,\"A1/a1 20,20 "
	                                                 "25.4; E1/e1 28,20 25.4\",declare_charge "
	                                                 "A1 -> E1,,can_see=true,\n");
	cr_assert(eq(int, outcome(v, "SH.FORM.FIR.FLANK.1"), ARB_NA));
	arb_verdict_free(v);
}

/* A unit that Fights in Ranks (facing 0: its left is +y) moves a1 4 in
 * along +y: directly sideways, to the left; half speed is 6 / 2 = 3 in,
 * and 4 is over it (SH.FORM.FIR.6). */
Test(explain, sideways_is_named_and_measured)
{
	arb_verdict *v = judge_row("formations", MOVE_HEAD "X-17,SH.FORM.FIR.6,illegal,A1 A "
	                                                   "fight_in_ranks M=6 facing=0,\"A1/a1 "
	                                                   "20,25 25x25\",move A1,\"a1 20,25 "
	                                                   "20,29\"\n");
	STR_EQ(why(v, "SH.FORM.FIR.6", NULL),
	       "a1 moves directly sideways (left) 4.00 in, half speed is 3 in: too far");
	const arb_result *r = result(v, "SH.FORM.FIR.6");
	cr_assert(ieee_ulp_eq(dbl, r->measure.margin, -1.0, 1e6), "margin %g", r->measure.margin);
	arb_verdict_free(v);
}

/* SH-TER-FIT-002: 'place it as close as possible': a1 ends at 13,10, 3 in
 * from 16,10 where it "actually" is, and could be placed 2 in away:
 * further than it can fit, so not as close as possible (figure 3, limit 2). */
Test(explain, not_as_close_as_possible)
{
	arb_verdict *v = judge_row(
	    "terrain", "id,target,expect,units,models,terrain,action,paths,facts\n"
	               "X-18,SH.TER.2,illegal,A1 A horde M=6,\"A1/a1 10,10 25\",\"T1 area 14,8 "
	               "18,8 18,12 14,12\",move A1,\"a1 10,10 13,10\",\"unfit_model=a1;actual_"
	               "point=16,10;explained_to_opponent=true;closest_fit=2\"\n");
	const arb_result *r = result(v, "SH.TER.2");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	cr_assert(strstr(r->explanation, "not as close as possible") != NULL, "%s", r->explanation);
	cr_assert(ieee_ulp_eq(dbl, r->measure.margin, -1.0, 1e6), "margin %g", r->measure.margin);
	arb_verdict_free(v);
}

/* 'Note that you don't have to move all (or any) of your units'
 * (SH.MOV.4) speaks of a unit that does not move: a1 moves 4 in, so it
 * does not apply; 'Once a unit has completed all of its movement, you can
 * select another unit' (SH.MOV.2) follows a completed unit: none is. */
Test(explain, a_unit_that_moves_is_not_a_stay)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD "X-19,SH.MOV.1,legal,A1 A horde M=6,"
	                                                 "\"A1/a1 10,10 25\",move A1,\"a1 10,10 "
	                                                 "10,14\"\n");
	cr_assert(eq(int, outcome(v, "SH.MOV.4"), ARB_NA));
	cr_assert(eq(int, outcome(v, "SH.MOV.2"), ARB_NA));
	arb_verdict_free(v);
}

/* A unit that stays put: SH.MOV.4 permits it. */
Test(explain, a_unit_that_stays)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD "X-20,SH.MOV.4,legal,A1 A horde M=6,"
	                                                 "\"A1/a1 10,10 25\",move A1,\n");
	cr_assert(eq(int, outcome(v, "SH.MOV.4"), ARB_PERMITS));
	arb_verdict_free(v);
}

/* The wood of tests/test_odds.c: a1 (25 mm) moves 6 in along y = 10 from
 * x = 10 through T1 (x 12..16): its centre goes 4 in through it. A check of
 * 3 and 5, highest 5: 'That value is the furthest any model ... may move
 * through difficult terrain' (SH.TER.DIFF.3), by the centre 4 in: margin
 * 5 - 4 = 1. And a move that keeps out of the wood is not one through
 * difficult terrain (not applicable). */
Test(explain, difficult_terrain_margin)
{
	arb_verdict *v = judge_row(
	    "terrain", "id,target,expect,units,models,terrain,action,paths,dice\n"
	               "X-21,SH.TER.DIFF.3,legal,A1 A horde M=6,\"A1/a1 10,10 25\",\"T1 difficult "
	               "12,8 16,8 16,12 12,12\",move A1,\"a1 10,10 16,10\",3 5\n");
	const arb_result *r = NULL;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "SH.TER.DIFF.3") == 0 && v->trace[i].reading &&
		    strcmp(v->trace[i].reading, "centre") == 0)
			r = &v->trace[i].result;
	cr_assert(r != NULL);
	cr_assert(eq(int, r->outcome, ARB_HOLDS));
	cr_assert(ieee_ulp_eq(dbl, r->measure.margin, 1.0, 1e6), "margin %g", r->measure.margin);
	arb_verdict_free(v);
	v = judge_row("terrain",
	              "id,target,expect,units,models,terrain,action,paths,dice\n"
	              "X-22,SH.TER.DIFF.3,legal,A1 A horde M=6,\"A1/a1 10,10 25\",\"T1 "
	              "difficult 12,8 16,8 16,12 12,12\",move A1,\"a1 10,10 10,14\",3 5\n");
	cr_assert(eq(int, outcome(v, "SH.TER.DIFF.3"), ARB_NA));
	arb_verdict_free(v);
}
