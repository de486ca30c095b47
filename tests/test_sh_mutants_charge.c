/* test_sh_mutants_charge.c: Scrollhammer outcomes, words and figures that
 * no verdict shows, of the rulebook's Charge section (SH.CHG.*: declaring a
 * charge and the reaction to it, the charge roll and range, the charge
 * move and its failure, charges against ranks and their excess, skirmish
 * and multiple charges, difficult terrain in a charge, the sub-phase's
 * end), found by the second triage of make mutate's survivors
 * (docs/mutation.md, "Scrollhammer, second triage"). Each test is one
 * scenario written for it, its expectation worked out from the rule text
 * and the row's geometry (the reasoning beside each). The suite and its
 * helpers are in test_sh_mutants_fixture.c (sh_mutants_fixture.h).
 */
#include "support.h"

#include "arbiter.h"
#include "sh_mutants_fixture.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define CHARGE_HEAD "id,target,expect,context,units,models,terrain,action,paths,facts,dice\n"
#define CC          "phase=close_combat;subphase=charge;round=2"
#define DUEL        "A1 A horde; E1 B horde,\"A1/a1 20,20 25.4; E1/e1 30,20 25.4\""

/* SH.CHG.DECL.3 'nor can it declare a charge against a unit that it cannot
 * see': A1 nominates no unit, so there is no unit it could not see; the
 * clause does not speak to the declaration (not applicable; DECL.1's
 * 'nominate the enemy unit(s)' is what it breaks). */
Test(sh_mutants, sight_without_a_nominated_unit)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-1,SH.CHG.DECL.1,illegal," CC "," DUEL
	                                                 ",,declare_charge A1,,can_see=true,\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.DECL.3"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.DECL.2 'A unit can never declare a charge against a unit that it
 * cannot reach': A1 nominates no unit, so there is no unit to reach; under either
 * reading (the distance, a route) the clause does not speak (not
 * applicable, never "can reach every nominated unit" of none). */
Test(sh_mutants, reach_without_a_nominated_unit)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-25,SH.CHG.DECL.1,illegal," CC "," DUEL
	                                                 ",,declare_charge A1,,,\n");
	cr_assert(eq(int, result(v, "SH.CHG.DECL.2", "distance")->outcome, ARB_NA));
	cr_assert(eq(int, result(v, "SH.CHG.DECL.2", "route")->outcome, ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.REACT.1 'The target enemy unit, if it is not already locked in
 * combat or falling back, must choose its charge reaction': E1 is locked in
 * combat and chooses none (SH-CHG-REACT-012): the duty is not laid on it and
 * nothing is chosen, so the clause does not speak (not applicable, not a
 * duty that holds). */
Test(sh_mutants, no_reaction_of_a_locked_unit)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-2,SH.CHG.REACT.1,legal," CC
	                                                 ",A1 A horde; E1 B horde locked_in_combat,"
	                                                 "\"A1/a1 20,20 25.4; E1/e1 30,20 25.4\",,"
	                                                 "react E1 -> A1,,charge_reaction=none,\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.REACT.1"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.END.1 'Once you have launched all of the charges you wish to, the
 * Charge sub-phase is ended': a declaration in the Charge sub-phase neither
 * ends it nor comes after its end (not applicable). */
Test(sh_mutants, a_declaration_in_the_charge_subphase_does_not_end_it)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD "M-3,SH.CHG.DECL.1,legal," CC "," DUEL
	                                    ",,declare_charge A1 -> E1,,can_see=true,\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.END.1"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.END.2 'Move on to the Fight sub-phase': the player ends the Charge
 * sub-phase and moves on to the Fight sub-phase (SH-CHG-END-001): it holds,
 * and the words add no 'not the Fight sub-phase'. */
Test(sh_mutants, on_to_the_fight_subphase)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD "M-4,SH.CHG.END.2,legal," CC "," DUEL
	                                    ",,end_subphase A1,,next_subphase=fight,\n");
	const arb_result *r = result(v, "SH.CHG.END.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_HOLDS));
	STR_EQ(r->explanation,
	       "after the Charge sub-phase the player moves on to the fight sub-phase");
	arb_verdict_free(v);
}

/* SH.CHG.FAIL.1 needs the charge range, 'Roll 2D6' (SH.CHG.RANGE.1): a charge
 * with no dice rolled is missing the charge_roll, and says so. */
Test(sh_mutants, a_charge_without_dice_misses_the_roll)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-5,SH.CHG.FAIL.1,missing-input," CC
	                                                 "," DUEL ",,charge A1 -> E1,\"a1 20,20 "
	                                                 "29,20\",,\n");
	const arb_result *r = result(v, "SH.CHG.FAIL.1", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->missing, "charge_roll");
	STR_EQ(r->explanation, "the charge range is needed and not known: no dice rolled for the "
	                       "charge range (charge_roll)");
	arb_verdict_free(v);
}

/* SH.CHG.DIFF.2 'the unit rolls 3D6, rather than 2D6': a1 charges through
 * the difficult T1 (x 23 to 25.5) and two dice are rolled for the
 * difficult_charge_roll, not 3: the range is not known, and SH.CHG.FAIL.1
 * says which dice are wrong. */
Test(sh_mutants, two_dice_for_the_3d6)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-6,SH.CHG.FAIL.1,missing-input," CC "," DUEL
	              ",\"T1 difficult 23,15 25.5,15 25.5,25 23,25\",charge A1 -> E1,\"a1 20,20 "
	              "29,20\",,difficult_charge_roll: 4 5\n");
	const arb_result *r = result(v, "SH.CHG.FAIL.1", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->missing, "difficult_charge_roll");
	STR_EQ(r->explanation,
	       "the charge range is needed and not known: 2 dice rolled for the 3D6 "
	       "charge range (difficult_charge_roll), not 3");
	arb_verdict_free(v);
}

/* SH-CHG-RANGE-004's failed charge: 4 + 4 = 8 and e1 is 9 in away, 'the
 * charge fails and no models are moved', and a1 stays. No charge move is
 * made: the clauses of the charge move (SH.CHG.MOVE.2 'must attempt to
 * engage as many ...', SH.CHG.MOVE.11 'If a model's base is larger ...',
 * SH.CHG.SKIRM.2 'who engages the closest model') do not speak to it. */
Test(sh_mutants, a_failed_charge_makes_no_charge_move)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-7,SH.CHG.FAIL.1,legal," CC "," DUEL
	                                                 ",,charge A1 -> E1,,,charge_roll: 4 4\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.MOVE.2"), ARB_NA));
	cr_assert(eq(int, outcome(v, "SH.CHG.MOVE.11"), ARB_NA));
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "SH.CHG.SKIRM.2") == 0)
			cr_assert(eq(int, v->trace[i].result.outcome, ARB_NA), "%s",
			          v->trace[i].reading ? v->trace[i].reading : "");
	arb_verdict_free(v);
}

/* SH-CHG-RANGE-003: 'up to the 2D6 distance you rolled earlier': 4 + 4 = 8
 * and a1 charges 20 -> 29, 9 in: over by 9 - 8 = 1 in. */
Test(sh_mutants, charge_over_the_roll_by)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-8,SH.CHG.MOVE.4,illegal," CC "," DUEL
	                                                 ",,charge A1 -> E1,\"a1 20,20 29,20\",,"
	                                                 "charge_roll: 4 4\n");
	STR_EQ(result(v, "SH.CHG.MOVE.4", NULL)->explanation,
	       "a1 charges 9.00 in, the roll allows 8 in (charge roll 8 in): over by 1.00 in");
	arb_verdict_free(v);
}

/* SH-CHG-RANGE-031: A1 in ranks stays; its front (x edge 21) is 7 in from
 * e1 (edge 28), its rear rank 8 in; 3 + 4 = 7. SH.CHG.MOVE.9 'If the
 * charging unit can make the charge, move it ... into base contact': read
 * by the unit's closest model, it can (7 in of 7), and no model ends in
 * contact: violated, its closest model 7.00 in away; read by every model
 * ('the entire unit', FAIL.1) it cannot, and the clause does not apply. */
Test(sh_mutants, ranked_unit_can_make_the_charge_by_one_reading)
{
	arb_verdict *v = judge_row(
	    "charge", "id,target,expect,dispute,context,units,models,terrain,action,paths,facts,"
	              "dice\nM-9,SH.CHG.MOVE.9,disputed,readings," CC
	              ",A1 A fight_in_ranks facing=0; E1 B horde,\"A1/a1 20.5,20.5 25.4x25.4; "
	              "A1/a2 20.5,21.5 25.4x25.4; A1/a3 19.5,20.5 25.4x25.4; A1/a4 19.5,21.5 "
	              "25.4x25.4; E1/e1 28.5,20.5 25.4; E1/e2 28.5,21.5 25.4\",,charge A1 -> E1,,"
	              "max_engaged_models=2,charge_roll: 3 4\n");
	const arb_result *r = result(v, "SH.CHG.MOVE.9", "closest");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "A1 can make the charge (range 7 in, its closest model 7.00 in "
	                       "away) and no model ends in base contact with the enemy unit");
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.9", "every-model")->outcome, ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.9 against two units: a1 (1 in base at 20,20) is 30 - 20 - 1
 * = 9 in from e1 and 26 - 20 - 1 = 5 in from f1; 6 + 6 = 12 reaches both
 * ('it must roll enough distance to reach those units', MULTI.1), and a1
 * stays: violated, the charge's distance being the further unit's, 9 in
 * (E1, nominated first, and F1 nearer). */
Test(sh_mutants, can_make_the_charge_to_the_further_unit)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-10,SH.CHG.MOVE.9,illegal," CC
	              ",A1 A horde; E1 B horde; F1 B horde,\"A1/a1 20,20 25.4; E1/e1 30,20 25.4; "
	              "F1/f1 20,26 25.4\",,charge A1 -> E1 F1,,,charge_roll: 6 6\n");
	STR_EQ(result(v, "SH.CHG.MOVE.9", "closest")->explanation,
	       "A1 can make the charge (range 12 in, its closest model 9.00 in away) and no model "
	       "ends in base contact with the enemy unit");
	arb_verdict_free(v);
}

/* SH.CHG.MULTI.3 'Once the charge is resolved ... and is not locked in
 * combat': a1 charges E1 and F1 and reaches e1 only (20,20 -> 29,20, base
 * contact), and no dice are rolled: whether the charge was made, and so
 * resolved, needs the charge range (FAIL.1), the 2D6 charge_roll, which is
 * missing. */
Test(sh_mutants, resolved_charge_needs_the_roll)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-11,SH.CHG.MULTI.3,missing-input," CC
	              ",A1 A horde; E1 B horde; F1 B horde,\"A1/a1 20,20 25.4; E1/e1 30,20 25.4; "
	              "F1/f1 20,26 25.4\",,charge A1 -> E1 F1,\"a1 20,20 29,20\",,\n");
	const arb_result *r = result(v, "SH.CHG.MULTI.3", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->missing, "charge_roll");
	arb_verdict_free(v);
}

/* SH.CHG.SKIRM.COND.2 'If possible, a charging model must move into base
 * contact with an enemy model within reach ... that is not already in base
 * contact with another charging model', and SKIRM.3 'After moving the
 * first model in the unit, you can move the others in any sequence you
 * desire, providing you abide by the following conditions': a1 engages e1;
 * then a2 and then a3 each stop 1 in short of a free enemy model within
 * reach (e2, e3: 6 in, roll 12). The sequence first breaks the condition
 * with a2, the model named. */
Test(sh_mutants, the_first_model_to_break_the_condition)
{
	arb_verdict *v = judge_row(
	    "charge", CHARGE_HEAD
	    "M-22,SH.CHG.SKIRM.COND.2,illegal," CC
	    ",A1 A horde; E1 B horde,\"A1/a1 20,20 25.4; A1/a2 20,21.5 25.4; A1/a3 20,23 "
	    "25.4; E1/e1 27,20 25.4; E1/e2 27,21.5 25.4; E1/e3 27,23 25.4\",,charge A1 -> "
	    "E1,\"a1 20,20 26,20; a2 20,21.5 25,21.5; a3 20,23 25,23\",,charge_roll: 6 "
	    "6\n");
	const arb_result *r = result(v, "SH.CHG.SKIRM.COND.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->subject, "a2");
	STR_EQ(r->object, "e2");
	arb_verdict_free(v);
}

/* SH.CHG.RANKS.2 'Charges against ranks are always against the 90 degree
 * arc of that unit that the majority of the charging unit is inside of':
 * of A1's two models a1 (25.5,20.5) is in E1's front arc (E1 faces 180,
 * e1 at 30.5,20.5) and a2 (25.5,27: 52 degrees off E1's facing from its
 * centre, 53 from its corner 30,21) in a side arc: one of two is not more
 * than half, nor more than in the other arc. a1 charges into base contact
 * with e1. SH.CHG.RANKS.3 'Excess ranks stand out on the side closer to the
 * side from which the charge came' cannot say which edge that is: undecided
 * under every reading. */
Test(sh_mutants, excess_ranks_without_a_majority_arc)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-23,SH.CHG.RANKS.3,illegal," CC
	              ",A1 A fight_in_ranks facing=0; E1 B fight_in_ranks facing=180,\"A1/a1 "
	              "25.5,20.5 25.4x25.4; A1/a2 25.5,27 25.4x25.4; E1/e1 30.5,20.5 25.4x25.4\",,"
	              "charge A1 -> E1,\"a1 25.5,20.5 29.5,20.5\",,charge_roll: 6 6\n");
	size_t seen = 0;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "SH.CHG.RANKS.3") == 0) {
			cr_assert(eq(int, v->trace[i].result.outcome, ARB_UNDECIDED), "%s",
			          v->trace[i].reading);
			seen++;
		}
	cr_assert(eq(sz, seen, 8));
	STR_EQ(result(v, "SH.CHG.RANKS.3", "may-corners-half")->explanation,
	       "no arc of E1 (arcs from its corners, a majority more than half) holds a majority "
	       "of A1: which edge the excess stands out from is not known");
	arb_verdict_free(v);
}

/* SH.CHG.SKIRM.1-2 'an initial charger is chosen, the closest model to the
 * enemy, who engages the closest model': a1 (20,20), 9 in from e1 (30,20;
 * a2 at 20,18.5 is 9.11 in), is the initial charger and ends at 28,21.6,
 * 2.56 - 1 = 1.56 in from e1, out of base contact; a2 ends in contact with
 * e1. The closest enemy model is e1, 9.00 in away: violated. X1, a friendly
 * unit nearer a1 (x1 7 in away) and no target, has no part in it. */
Test(sh_mutants, initial_charger_short_of_the_closest_enemy)
{
	arb_verdict *v = judge_row(
	    "charge", CHARGE_HEAD
	    "M-25,SH.CHG.SKIRM.2,illegal," CC
	    ",A1 A horde; X1 A horde; E1 B horde,\"A1/a1 20,20 25.4; A1/a2 20,18.5 25.4; "
	    "X1/x1 20,28 25.4; E1/e1 30,20 25.4\",,charge A1 -> E1,\"a1 20,20 28,21.6; a2 "
	    "20,18.5 29,20\",,charge_roll: 6 6\n");
	const arb_result *r = result(v, "SH.CHG.SKIRM.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->subject, "a1");
	STR_EQ(r->explanation, "the initial charger a1 does not end in base contact with the enemy "
	                       "model closest to it (9.00 in away)");
	arb_verdict_free(v);
}

/* SH.CHG.DECL.NOT.4 'The unit fired a weapon or used an ability that cannot
 * be used the turn it charges': A1 fired (status fired, not fired_barring)
 * at E1. Read with 'that cannot be used' qualifying both (qualified), its
 * weapon is not one of those: it holds; read as qualifying the ability only
 * (any-weapon), any weapon fired bars the charge: violated. Each reading
 * answers as it reads, never as the other. */
Test(sh_mutants, a_weapon_fired_bars_the_charge_under_one_reading)
{
	arb_verdict *v =
	    judge_row("charge", "id,target,expect,dispute,context,units,models,action,facts\n"
	                        "M-33,SH.CHG.DECL.NOT.4,disputed,readings," CC
	                        ",A1 A horde fired; E1 B horde,"
	                        "\"A1/a1 20,20 25.4; E1/e1 28,20 25.4\",declare_charge A1 -> "
	                        "E1,can_see=true;shooting_target=E1\n");
	cr_assert(eq(int, result(v, "SH.CHG.DECL.NOT.4", "qualified")->outcome, ARB_HOLDS));
	cr_assert(eq(int, result(v, "SH.CHG.DECL.NOT.4", "any-weapon")->outcome, ARB_VIOLATED));
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.4 'make their charge move - up to the 2D6 distance you rolled
 * earlier': a1 charges 0.5 in into contact with e1 (edges 0.5 in apart) on
 * a roll of 2: up to the distance rolled, permitted, however short the
 * move. */
Test(sh_mutants, a_charge_of_half_an_inch_is_up_to_the_roll)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD
	                           "M-34,SH.CHG.MOVE.4,legal," CC
	                           ",A1 A horde; E1 B horde,\"A1/a1 20,20 25.4; E1/e1 21.5,20 "
	                           "25.4\",,charge A1 -> E1,\"a1 20,20 20.5,20\",,charge_roll: "
	                           "1 1\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.MOVE.4"), ARB_PERMITS));
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.2 'engage as many opposing models in the enemy unit as
 * possible with as many of their models as possible': a1 engages e1, the
 * only enemy (as many enemies as possible: 1 of max_engaged_enemies=1);
 * a2 stops 3.5 in short, so 1 charging model is engaged where 2 could be
 * (max_engaged_models=2): the words name the count that falls short and
 * its own figure. */
Test(sh_mutants, too_few_chargers_engaged_names_the_chargers)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-35,SH.CHG.MOVE.2,illegal," CC
	              ",A1 A horde; E1 B horde,\"A1/a1 20,20 25.4; A1/a2 20,21.5 25.4; "
	              "E1/e1 26,20 25.4\",,charge A1 -> E1,\"a1 20,20 25,20; a2 20,21.5 "
	              "22,21.5\",max_engaged_enemies=1;max_engaged_models=2,charge_roll: 6 "
	              "6\n");
	const arb_result *r = result(v, "SH.CHG.MOVE.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "1 enemy model(s) engaged by 1 charging model(s); the most charging "
	                       "models possible is 2");
	arb_verdict_free(v);
}

/* SH.CHG.END.1 'Once you have launched all of the charges you wish to, the
 * Charge sub-phase is ended': A1's player ends the Fight sub-phase; the
 * clause speaks of the Charge sub-phase only (not applicable). */
Test(sh_mutants, ending_another_sub_phase_is_not_the_charge_s_end)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD
	                           "M-36,SH.CHG.END.1,legal,phase=close_combat;subphase=fight;"
	                           "round=2," DUEL ",,end_subphase A1,,,\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.END.1"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.FAIL.1 'If the initial charger (or the entire unit, in the case of
 * a unit with Fight in Ranks) is found to be further than its charge range':
 * SH-CHG-RANGE-030, A1 in ranks, its front 7 in from E1 and its rear rank
 * 8 in, a roll of 7. Read by the unit's closest model it is within range,
 * so the clause's 'If' is not met and it does not apply; read as every
 * model of the entire unit, the rear rank is further and the charge fails
 * (violated: models moved): each reading its own answer. */
Test(sh_mutants, a_ranked_unit_in_range_by_its_closest_model_only)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-37,SH.CHG.FAIL.1,illegal,phase=close_combat;round=2,A1 A "
	              "fight_in_ranks facing=0; E1 B horde,\"A1/a1 20.5,20.5 25.4x25.4; "
	              "A1/a2 20.5,21.5 25.4x25.4; A1/a3 19.5,20.5 25.4x25.4; A1/a4 "
	              "19.5,21.5 25.4x25.4; E1/e1 28.5,20.5 25.4; E1/e2 28.5,21.5 "
	              "25.4\",,charge A1 -> E1,\"a1 20.5,20.5 27.5,20.5; a2 20.5,21.5 "
	              "27.5,21.5; a3 19.5,20.5 26.5,20.5; a4 19.5,21.5 "
	              "26.5,21.5\",max_engaged_models=2,charge_roll: 3 4\n");
	cr_assert(eq(int, result(v, "SH.CHG.FAIL.1", "closest")->outcome, ARB_NA));
	cr_assert(eq(int, result(v, "SH.CHG.FAIL.1", "every-model")->outcome, ARB_VIOLATED));
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.8 'cannot move into base contact with enemy models from a
 * unit they are not charging': SH-CHG-MOVE-015, a1 touches e2 of E2 (not
 * charged) as it passes and ends 4.12 in from it. Read as where the model
 * ends it holds; read along the way it is violated: each reading its own
 * answer. */
Test(sh_mutants, contact_in_passing_is_broken_along_the_way_only)
{
	arb_verdict *v = judge_row(
	    "charge", "id,target,expect,dispute,context,units,models,action,paths,dice\n"
	              "M-38,SH.CHG.MOVE.8,disputed,readings," CC
	              ",A1 A horde; E1 B horde; E2 B horde,\"A1/a1 20,20 25.4; E1/e1 30,20 25.4; "
	              "E2/e2 25,21 25.4\",charge A1 -> E1,\"a1 20,20 29,20\",charge_roll: 6 6\n");
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.8", "end")->outcome, ARB_HOLDS));
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.8", "path")->outcome, ARB_VIOLATED));
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.7 'cannot pass through gaps narrower than their base':
 * SH-CHG-MOVE-010, a1 goes through the 0.8 in gap between a2 (24,19.1) and
 * a3 (24,20.9). The measure is the gap itself, from a2's edge (24,19.6) to
 * a3's (24,20.4), 0.8 in against a1's 1 in: two points, no one shape of a
 * set named (other -1). */
Test(sh_mutants, a_gap_is_measured_from_edge_to_edge)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-39,SH.CHG.MOVE.7,illegal," CC
	              ",A1 A horde; E1 B horde; A2 A horde,\"A1/a1 20,20 25.4; E1/e1 30,20 "
	              "25.4; A2/a2 24,19.1 25.4; A2/a3 24,20.9 25.4\",,charge A1 -> "
	              "E1,\"a1 20,20 29,20\",,charge_roll: 6 6\n");
	const arb_result *r = result(v, "SH.CHG.MOVE.7", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	cr_assert(r->has_measure && r->measure.points);
	cr_assert(eq(long, r->measure.other, -1));
	cr_assert(fabs(r->measure.figure - 0.8) < 1e-9, "%g", r->measure.figure);
	cr_assert(fabs(r->measure.p.x - 24) < 1e-9 && fabs(r->measure.p.y - 19.6) < 1e-9);
	cr_assert(fabs(r->measure.q.x - 24) < 1e-9 && fabs(r->measure.q.y - 20.4) < 1e-9);
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.10 'Each model should attempt to get into base contact with
 * an enemy model, 1 for 1': SH-CHG-MOVE-017, a1 stops at 27,20, out of
 * contact, though e1 (30,20) was 9 in from it within the roll of 12: the
 * words say it ends out of contact (not that it shares an enemy). */
Test(sh_mutants, a_charger_out_of_contact_is_said_to_be)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-40,SH.CHG.MOVE.10,illegal," CC "," DUEL
	                                                 ",,charge A1 -> E1,\"a1 20,20 27,20\",,"
	                                                 "charge_roll: 6 6\n");
	const arb_result *r = result(v, "SH.CHG.MOVE.10", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "a1 ends out of base contact though e1, unengaged, was within reach "
	                       "(9.00 in of 12 in)");
	arb_verdict_free(v);
}

/* SH.CHG.RANKS.3 'Excess ranks stand out on the side closer to the side from
 * which the charge came, or on both sides if no wheel or pivot greater than
 * the width of any charging model's base was required': A1, one rank of
 * three 1 in squares (y 19.5..22.5), charges E1's e1 (edge y 20.25..21.25,
 * facing 180). The excess stands out 1.25 in on the +y side (the first end
 * of E1's edge, its left pointing -y, as in SH-CHG-EXC-001) and 0.75 in on
 * the -y side; the charge came from +y (start centre y 21 > 20.75). Both
 * sides are allowed with no wheel required, not otherwise, and the wheel
 * is not given: a missing input whose words give both figures and the fact
 * wanted. */
Test(sh_mutants, an_excess_on_both_sides_waits_for_the_wheel)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-41,SH.CHG.RANKS.3,missing-input,phase=close_combat;round=2,A1 A "
	              "fight_in_ranks facing=0; E1 B fight_in_ranks facing=180,\"A1/a1 "
	              "25.5,20 25.4x25.4; A1/a2 25.5,21 25.4x25.4; A1/a3 25.5,22 "
	              "25.4x25.4; E1/e1 30.5,20.75 25.4x25.4\",,charge A1 -> E1,\"a1 "
	              "25.5,20 29.5,20; a2 25.5,21 29.5,21; a3 25.5,22 "
	              "29.5,22\",max_engaged_models=1,charge_roll: 3 4\n");
	const arb_result *r = result(v, "SH.CHG.RANKS.3", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->explanation,
	       "excess of A1 stands out 1.25 in and 0.75 in beyond the ends of E1's front edge: "
	       "whether that is allowed depends on the wheel or pivot that was required (fact "
	       "required_wheel)");
	arb_verdict_free(v);
}

/* SH.CHG.RANKS.5 'Charging models in ranks stay in their ranks': A1 (facing
 * 0) is a column of three ranks of one, a1 at x 27, a3 at 26, a2 at 25 (a1
 * listed first, a3 last). Every model charges, a2 and a3 2 in straight on,
 * a1 1 in on and 1 in aside, ending level with a3: a1 and a2, and a2 and
 * a3, keep their order, but a1, ahead of a3 before (1 in), stands in its
 * rank after: the first and the last model listed leave their ranks. */
Test(sh_mutants, the_first_and_the_last_model_leave_their_ranks)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-42,SH.CHG.RANKS.5,illegal,phase=close_combat;round=2,A1 A "
	              "fight_in_ranks facing=0; E1 B fight_in_ranks facing=180,\"A1/a1 "
	              "27,20 25.4x25.4; A1/a2 25,20 25.4x25.4; A1/a3 26,20 25.4x25.4; "
	              "E1/e1 30.5,20.5 25.4x25.4\",,charge A1 -> E1,\"a1 27,20 28,21; a2 "
	              "25,20 27,20; a3 26,20 28,20\",,charge_roll: 3 4\n");
	const arb_result *r = result(v, "SH.CHG.RANKS.5", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation,
	       "a1 stands ahead of a3 before the charge (1.00 in apart along the "
	       "facing) and in the same rank as it after (0.00 in): they leave their "
	       "ranks");
	arb_verdict_free(v);
}

/* SH.CHG.SKIRM.4 'providing you abide by the following conditions, moving
 * along the shortest possible route' speaks of the models moved after the
 * first: SH-CHG-SKIRM-028, a Skirmish unit of one, has none (not
 * applicable, not a route that holds). */
Test(sh_mutants, a_skirmish_unit_of_one_has_no_model_after_the_first)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD "M-43,SH.CHG.SKIRM.1,legal," CC
	                                    ",A1 A skirmish; E1 B horde,\"A1/a1 20,20 "
	                                    "25.4; E1/e1 26,20 25.4\",,charge A1 -> "
	                                    "E1,\"a1 20,20 25,20\",,charge_roll: 2 3\n");
	cr_assert(eq(int, outcome(v, "SH.CHG.SKIRM.4"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.CHG.DIFF.1 'If, when charging, one or more models have to move through
 * difficult terrain': SH-CHG-TERR-032, a1 crosses T1 by its centre and by
 * its base, no test taken. The explanation names the reading it was judged
 * by: "its centre" for the centre readings, "its base" for the base ones. */
Test(sh_mutants, difficult_terrain_words_name_centre_or_base)
{
	arb_verdict *v =
	    judge_row("charge", CHARGE_HEAD
	              "M-44,SH.CHG.DIFF.1,illegal,phase=close_combat;round=2," DUEL
	              ",\"T1 difficult 23,15 25.5,15 25.5,25 23,25\",charge A1 -> E1,\"a1 "
	              "20,20 29,20\",,charge_roll: 4 5\n");
	STR_EQ(result(v, "SH.CHG.DIFF.1", "centre-check")->explanation,
	       "1 model(s) charge through difficult terrain (its centre); 0 dice rolled for "
	       "difficult_check");
	STR_EQ(result(v, "SH.CHG.DIFF.1", "base-check")->explanation,
	       "1 model(s) charge through difficult terrain (its base); 0 dice rolled for "
	       "difficult_check");
	arb_verdict_free(v);
}

/* SH.CHG.MOVE.4 'up to the 2D6 distance you rolled earlier': three dice are
 * named as the 2D6 charge roll; the distance rolled is not known, and the
 * words say why (the dice counted against the 2 of charge_dice). */
Test(sh_mutants, three_dice_for_a_2d6_are_said_to_be)
{
	arb_verdict *v = judge_row("charge", CHARGE_HEAD "M-45,SH.CHG.MOVE.4,missing-input," CC
	                                                 "," DUEL ",,charge A1 -> E1,\"a1 20,20 "
	                                                 "29,20\",,charge_roll: 1 2 3\n");
	const arb_result *r = result(v, "SH.CHG.MOVE.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->explanation,
	       "a1 charges 9.00 in; 3 dice rolled for the 2D6 charge range (charge_roll), not 2");
	arb_verdict_free(v);
}
