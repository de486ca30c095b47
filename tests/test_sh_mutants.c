/*
 * test_sh_mutants.c: Scrollhammer outcomes, words and figures that no
 * verdict shows, found by the second triage of make mutate's survivors
 * (docs/mutation.md, "Scrollhammer, second triage"). A predicate that does
 * not apply is seen in the trace (not applicable, not "holds"), and an
 * explanation states the clause's figures; the case tables compare verdicts
 * only, so a mutant that changes these alone passes them all. Each test is
 * one scenario written for it; the outcome or the words expected are worked
 * out from the rule text (spec/scrollhammer/) and the row's geometry, the
 * reasoning beside each, never copied from a run.
 */
#include "support.h"

#include "arbiter.h"

#include <math.h>
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

TestSuite(sh_mutants, .init = setup, .fini = teardown);

/* One row of a table of section `section` (its header first); the verdict
 * under the row's profile. */
static arb_verdict *judge_row(const char *section, const char *csv)
{
	char name[128];
	snprintf(name, sizeof name, "mem/scrollhammer/%s/x.csv", section);
	return support_judge_text(g_cs, g_rb, g_o, name, csv);
}

/* The result of clause (and reading, or NULL for the first) in v. */
static const arb_result *result(const arb_verdict *v, const char *clause, const char *reading)
{
	return support_result_of(v, clause, reading);
}

static arb_outcome outcome(const arb_verdict *v, const char *clause)
{
	return result(v, clause, NULL)->outcome;
}

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

#define MOVE_HEAD "id,target,expect,units,models,action,paths\n"

/* SH.MOV.DIST.1 'up to 6"': a1 moves 10,10 -> 17,10, 7 in; the measure runs
 * from where the move starts to where it ends. */
Test(sh_mutants, the_move_measured_end_to_end)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD "M-12,SH.MOV.1,illegal,A1 A horde M=6,"
	                                                 "\"A1/a1 10,10 25\",move A1,\"a1 10,10 "
	                                                 "13,10 17,10\"\n");
	const arb_result *r = result(v, "SH.MOV.DIST.1", NULL);
	cr_assert(r->has_measure && r->measure.points);
	cr_assert(eq(dbl, r->measure.p.x, 10.0));
	cr_assert(eq(dbl, r->measure.p.y, 10.0));
	cr_assert(eq(dbl, r->measure.q.x, 17.0));
	cr_assert(eq(dbl, r->measure.q.y, 10.0));
	arb_verdict_free(v);
}

#define MOVES_HEAD "id,target,expect,units,models,terrain,action,paths,facts,dice\n"

/* SH.MOV.DIST.6 'Models cannot, however, voluntarily move off the board':
 * a1 (25.4 mm: 0.5 in radius) is moved involuntarily from 2,20 to 0.3,20, its
 * base 0.5 - 0.3 = 0.2 in over the edge x = 0. The clause forbids only a
 * voluntary move: it does not speak to this one (not applicable). */
Test(sh_mutants, moved_off_the_board_involuntarily)
{
	arb_verdict *v = judge_row("movement", MOVES_HEAD "M-13,SH.MOV.DIST.6,legal,A1 A horde "
	                                                  "M=6,\"A1/a1 2,20 25.4\",,move A1 "
	                                                  "involuntary,\"a1 2,20 0.3,20\",,\n");
	const arb_result *r = result(v, "SH.MOV.DIST.6", NULL);
	cr_assert(eq(int, r->outcome, ARB_NA));
	STR_EQ(r->explanation, "a1 is moved 0.200 in off the board involuntarily; the clause "
	                       "forbids only voluntary moves");
	arb_verdict_free(v);
}

/* SH.TER.2 'If a model can be at a point in a piece of terrain, but is
 * unable to fit there, place it as close as possible once you've
 * explained to your opponent where the model "actually" is': no model is
 * said to be unable to fit (no unfit_model), so the clause does not speak
 * (not applicable); and SH.TER.DANG.4's wound ('assign a wound to one of
 * the models that moved through') needs a dangerous test: none is rolled. */
Test(sh_mutants, every_model_fits)
{
	arb_verdict *v = judge_row("terrain", MOVES_HEAD "M-14,SH.TER.2,legal,A1 A horde M=6,"
	                                                 "\"A1/a1 10,10 25\",\"T1 area 14,8 18,8 "
	                                                 "18,12 14,12\",move A1,\"a1 10,10 "
	                                                 "14,10\",,\n");
	cr_assert(eq(int, outcome(v, "SH.TER.2"), ARB_NA));
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "SH.TER.DANG.4") == 0)
			cr_assert(eq(int, v->trace[i].result.outcome, ARB_NA));
	arb_verdict_free(v);
}

/* SH-TER-FIT-001 without explained_to_opponent: a1 ends at 14,10, 2 in from
 * where it 'actually' is (16,10), as close as it can fit (closest_fit=2);
 * 'once you've explained to your opponent' is the fact not given. */
Test(sh_mutants, fit_without_the_explanation_to_the_opponent)
{
	arb_verdict *v = judge_row("terrain", MOVES_HEAD "M-15,SH.TER.2,missing-input,A1 A horde "
	                                                 "M=6,\"A1/a1 10,10 25\",\"T1 area 14,8 "
	                                                 "18,8 18,12 14,12\",move A1,\"a1 10,10 "
	                                                 "14,10\",\"unfit_model=a1;actual_point=16,"
	                                                 "10;closest_fit=2\",\n");
	const arb_result *r = result(v, "SH.TER.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	STR_EQ(r->missing, "explained_to_opponent");
	arb_verdict_free(v);
}

#define RESTORE_HEAD "id,target,expect,units,models,action,paths,facts\n"

/* SH-MOV-RESTORE-020: A1 lost coherency, is locked in combat and stays, in
 * its next Movement phase; it could restore coherency. SH.MOV.COH.6 ('in
 * their next Movement phase, the models in the unit must be moved in such a
 * way that they restore unit coherency') is broken, and SH.MOV.COH.7 ('If
 * the unit cannot move in its next turn ... as soon as they have the
 * opportunity', the words that rank it over COH.6) holds: a locked unit
 * cannot move (SH.MOV.CC.1), and it does not. */
Test(sh_mutants, locked_unit_restores_when_it_can)
{
	arb_verdict *v = judge_row("movement", RESTORE_HEAD
	                           "M-16,SH.MOV.COH.6,legal,A1 A horde M=6 out_of_coherency "
	                           "locked_in_combat; E1 B horde M=6 locked_in_combat,\"A1/a1 "
	                           "20,20 25; A1/a2 23,20 25; E1/e1 20,18.5 25\",move A1,,"
	                           "next_movement_phase=true;coherency_restorable=true\n");
	cr_assert(eq(int, outcome(v, "SH.MOV.COH.6"), ARB_VIOLATED));
	const arb_result *r = result(v, "SH.MOV.COH.7", NULL);
	cr_assert(eq(int, r->outcome, ARB_HOLDS));
	STR_EQ(r->explanation, "A1 lost coherency and cannot move in its next turn (locked in "
	                       "combat): it restores coherency as soon as it has the opportunity");
	arb_verdict_free(v);
}

#define FORM_HEAD "id,target,expect,context,units,models,terrain,action,paths,facts\n"

/* SH.FORM.FIR.3 'may not change their position in the unit': A1, one rank
 * of three 25 mm squares facing 0 (b1 y 25, b2 24.016, b3 23.031), moves 4
 * in forward with b1 and b3; b2 stays. The unit moves 4 in (two of its
 * three models); b2 does not move with it and falls from level with b1 to
 * behind it: b2 is the model that changes its position. */
Test(sh_mutants, the_model_left_behind_changes_its_position)
{
	arb_verdict *v = judge_row("formations", FORM_HEAD
	                           "M-17,SH.FORM.FIR.3,illegal,,A1 A fight_in_ranks M=6 facing=0,"
	                           "\"A1/b1 20,25 25x25; A1/b2 20,24.015748031 25x25; A1/b3 "
	                           "20,23.031496063 25x25\",,move A1,\"b1 20,25 24,25; b3 "
	                           "20,23.031496063 24,23.031496063\",\n");
	const arb_result *r = result(v, "SH.FORM.FIR.3", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->subject, "b2");
	STR_EQ(r->explanation, "b2 goes from level with b1 to behind it (along the facing 0), and "
	                       "nothing impassable lies in its way");
	arb_verdict_free(v);
}

/* SH.FORM.FIR.SNS.3 'Remove casualties from the charging unit before the
 * charge is resolved': A1 charges with one casualty not removed
 * (SH-FORM-SNS-017 with 1): violated, one casualty. */
Test(sh_mutants, one_casualty_not_removed)
{
	arb_verdict *v = judge_row("formations", FORM_HEAD
	                           "M-18,SH.FORM.FIR.SNS.3,illegal,phase=close_combat;subphase="
	                           "charge,A1 A horde M=6 facing=0 charging; E1 B fight_in_ranks "
	                           "M=6 facing=180,\"A1/a1 20,23 25; A1/a2 20,24 25; E1/e1 30,25 "
	                           "25x25; E1/e2 30,25.984251969 25x25\",,charge A1 -> E1,,"
	                           "sns_casualties_pending=1\n");
	const arb_result *r = result(v, "SH.FORM.FIR.SNS.3", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "A1 charges with 1 Stand and Shoot casualty not yet removed");
	arb_verdict_free(v);
}

/* SH-FORM-BND-006: A1 faces 90 in two ranks of 5 across x. SH.FORM.FIR.SIR.1
 * '+1 ... for each full rank of 5 models, or +2 for each full rank of 10':
 * read as the better of the two counts, 2 x 1 = 2 against 0 x 2. */
Test(sh_mutants, strength_in_ranks_the_better_count)
{
	arb_verdict *v =
	    judge_row("formations", FORM_HEAD
	              "M-19,SH.FORM.FIR.SIR.1,legal,phase=close_combat,A1 A fight_in_ranks M=6 "
	              "facing=90,\"A1/a1 20,30 25x25; A1/a2 20.984251969,30 25x25; A1/a3 "
	              "21.968503937,30 25x25; A1/a4 22.952755906,30 25x25; A1/a5 23.937007874,30 "
	              "25x25; A1/a6 20,29.015748031 25x25; A1/a7 20.984251969,29.015748031 25x25; "
	              "A1/a8 21.968503937,29.015748031 25x25; A1/a9 22.952755906,29.015748031 "
	              "25x25; A1/a10 23.937007874,29.015748031 25x25\",,resolve_combat A1,,\n");
	STR_EQ(result(v, "SH.FORM.FIR.SIR.1", "best-of")->explanation,
	       "A1 stands in ranks of 5-5: +2 to combat resolution (the better of the two counts)");
	arb_verdict_free(v);
}

/* SH-FORM-MAN-003: A1 (2 x 2 squares of 25 mm) pivots, each model one base
 * (0.984252 in) round, the shortest manoeuvre (fact 0.984252). SH.FORM.FIR.8
 * 'each unit moving the shortest distance possible', read by the furthest
 * model: it holds, and is not called too far. */
Test(sh_mutants, pivot_by_the_shortest_distance)
{
	arb_verdict *v = judge_row(
	    "formations", FORM_HEAD
	    "M-20,SH.FORM.FIR.8,legal,,A1 A fight_in_ranks M=6 facing=0 "
	    "out_of_coherency; E1 B horde M=6 facing=180,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 "
	    "19.015748031,24.015748031 25x25; E1/e1 30,23 25; E1/e2 30,24 25; E1/e3 30,25 "
	    "25; E1/e4 30,26 25\",,pivot A1,\"a1 20,25 19.015748031,25; a2 20,24.015748031 "
	    "20,25; a3 19.015748031,25 19.015748031,24.015748031; a4 "
	    "19.015748031,24.015748031 20,24.015748031\",shortest_manoeuvre=0.984252;"
	    "shortest_manoeuvre_total=3.937008\n");
	const arb_result *r = result(v, "SH.FORM.FIR.8", "furthest");
	cr_assert(eq(int, r->outcome, ARB_HOLDS));
	STR_EQ(r->explanation, "the longest move of A1: 0.984 in, the shortest possible 0.984 in");
	arb_verdict_free(v);
}

/* SH-FORM-ARC-003: A1's five models (y 32, x 34..38) are all in E1's left
 * arc, seen from E1's centre (about 36,24: 76 to 104 degrees off its facing
 * 0, the left arc 45..135): SH.FORM.FIR.FLANK.1 'charges the arc that the
 * majority of its models are in': the left arc, no model on a line between
 * two arcs. */
Test(sh_mutants, flank_arc_counted_without_a_model_between_arcs)
{
	arb_verdict *v = judge_row(
	    "formations", FORM_HEAD
	    "M-21,SH.FORM.FIR.FLANK.1,legal,phase=close_combat;subphase=charge,A1 A "
	    "horde M=6 facing=0; E1 B fight_in_ranks M=6 facing=0,\"A1/a1 34,32 25; A1/a2 "
	    "35,32 25; A1/a3 36,32 25; A1/a4 37,32 25; A1/a5 38,32 25; E1/e1 "
	    "36,25.476377953 25x25; E1/e2 36,24.492125984 25x25; E1/e3 36,23.507874016 "
	    "25x25; E1/e4 36,22.523622047 25x25\",,declare_charge A1 -> E1,,can_see=true\n");
	STR_EQ(result(v, "SH.FORM.FIR.FLANK.1", "centre-half")->explanation,
	       "A1 charges the left side arc of E1 (arcs from its centre, the majority more than "
	       "half; "
	       "5 models; arcs from its centre: front 0, left 5, rear 0, right 0)");
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

/* SH.FORM.FIR.SIR.1 '+1 to combat resolution for each full rank of 5
 * models': A1 stands in a column of 66 models on 10 mm squares facing 0,
 * 66 ranks of one: no full rank, +0. The explanation lists the ranks'
 * sizes front to back while they fit in 127 characters with a "..." that
 * says the list goes on ("1", 61 times "-1", "..."): never written past its
 * buffer, and no size left out in silence (it used to end on 64 ones). */
Test(sh_mutants, many_ranks_listed_within_the_buffer)
{
	static char csv[8192];
	size_t k =
	    (size_t)snprintf(csv, sizeof csv,
	                     FORM_HEAD "M-24,SH.FORM.FIR.SIR.1,legal,phase=close_combat,A1 A "
	                               "fight_in_ranks M=6 facing=0,\"");
	for (int i = 0; i < 66; i++)
		k += (size_t)snprintf(csv + k, sizeof csv - k, "%sA1/a%d %.9f,20 10x10",
		                      i ? "; " : "", i + 1, 10 + i * (10 / 25.4));
	snprintf(csv + k, sizeof csv - k, "\",,resolve_combat A1,,\n");
	arb_verdict *v = judge_row("formations", csv);
	char want[256], sizes[128] = "1";
	for (int i = 0; i < 61; i++)
		strcat(sizes, "-1");
	strcat(sizes, "...");
	snprintf(want, sizeof want,
	         "A1 stands in ranks of %s: +0 to combat resolution (each rank on its own)", sizes);
	const arb_result *r = result(v, "SH.FORM.FIR.SIR.1", "per-rank");
	cr_assert(eq(int, r->outcome, ARB_VALUE));
	STR_EQ(r->explanation, want);
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

/* SH.FORM.FIR.SIR.1 '+1 to combat resolution for each full rank of 5
 * models, or +2 for each full rank of 10 models': A1 faces 0 in a rank of 6
 * (x=20) and a rank of 5 behind it. Each rank on its own: +1 +1 = +2; the
 * better of the two counts: 2 ranks of 5 (+2) against none of 10 (+0), +2;
 * only ranks as full as the front (6): the front alone, +1. The readings
 * each give their own figure, never another's. */
Test(sh_mutants, strength_in_ranks_each_reading_its_own_figure)
{
	static char csv[2048];
	size_t k =
	    (size_t)snprintf(csv, sizeof csv,
	                     FORM_HEAD "M-26,SH.FORM.FIR.SIR.1,legal,phase=close_combat,A1 A "
	                               "fight_in_ranks M=6 facing=0,\"");
	for (int i = 0; i < 11; i++)
		k += (size_t)snprintf(csv + k, sizeof csv - k, "%sA1/a%d %.9f,%.9f 25x25",
		                      i ? "; " : "", i + 1, i < 6 ? 20 : 20 - 25 / 25.4,
		                      20 + (i < 6 ? i : i - 6) * (25 / 25.4));
	snprintf(csv + k, sizeof csv - k, "\",,resolve_combat A1,,\n");
	arb_verdict *v = judge_row("formations", csv);
	STR_EQ(result(v, "SH.FORM.FIR.SIR.1", "per-rank")->explanation,
	       "A1 stands in ranks of 6-5: +2 to combat resolution (each rank on its own)");
	STR_EQ(result(v, "SH.FORM.FIR.SIR.1", "best-of")->explanation,
	       "A1 stands in ranks of 6-5: +2 to combat resolution (the better of the two counts)");
	STR_EQ(result(v, "SH.FORM.FIR.SIR.1", "complete")->explanation,
	       "A1 stands in ranks of 6-5: +1 to combat resolution (only ranks as full as the "
	       "front)");
	arb_verdict_free(v);
}

/* SH.FORM.HORDE.2 'A Horde may move in any direction as its movement
 * allows', SH.FORM.SKIRM.2 the same for Skirmishers: a1 moves 3 in at 45
 * degrees; the permission is what allows it (permits), not silent. */
Test(sh_mutants, a_horde_and_skirmishers_move_in_any_direction)
{
	static const char *const formation[2] = {"horde", "skirmish"};
	static const char *const clause[2] = {"SH.FORM.HORDE.2", "SH.FORM.SKIRM.2"};
	for (int i = 0; i < 2; i++) {
		char csv[512];
		snprintf(csv, sizeof csv,
		         MOVE_HEAD
		         "M-27.%d,%s,legal,A1 A %s M=6,\"A1/a1 20,20 25.4\",move A1,\"a1 20,20 "
		         "22,22\"\n",
		         i, clause[i], formation[i]);
		arb_verdict *v = judge_row("formations", csv);
		cr_assert(eq(int, outcome(v, clause[i]), ARB_PERMITS), "%s", clause[i]);
		arb_verdict_free(v);
	}
}

/* The rank a model stands in, counted from 1 at the front. SH-FORM-BND-005,
 * SH.FORM.FIR.CROWD.1 'Only the first two ranks ... can shoot': A1 faces
 * 90 in three ranks of three; a7 (y 23.031) is in the third rank and fires.
 * SH-FORM-POS-011, SH.FORM.FIR.12 'return them to their prior rank as soon
 * as possible': b1 of a single rank goes round T1 and stops a rank behind
 * the others, in rank 2, its prior rank 1, its place (24, 25) clear. */
Test(sh_mutants, ranks_are_counted_from_one_at_the_front)
{
	arb_verdict *v =
	    judge_row("formations", FORM_HEAD
	              "M-28,SH.FORM.FIR.CROWD.1,illegal,phase=shooting,A1 A fight_in_ranks M=6 "
	              "facing=90; E1 B horde M=6 facing=270,\"A1/a1 20,25 25x25; A1/a2 "
	              "20.984251969,25 25x25; A1/a3 21.968503937,25 25x25; A1/a4 20,24.015748031 "
	              "25x25; A1/a5 20.984251969,24.015748031 25x25; A1/a6 "
	              "21.968503937,24.015748031 25x25; A1/a7 20,23.031496063 25x25; A1/a8 "
	              "20.984251969,23.031496063 25x25; A1/a9 21.968503937,23.031496063 25x25; "
	              "E1/e1 20,35 25; E1/e2 21,35 25; E1/e3 22,35 25\",,shoot A1 -> "
	              "E1,,firing_models=a7\n");
	const arb_result *r = result(v, "SH.FORM.FIR.CROWD.1", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	cr_assert(strstr(r->explanation, "a7 fires at E1") &&
	              strstr(r->explanation, "from rank 3 counted that way: only the first 2 ranks "
	                                     "can shoot"),
	          "%s", r->explanation);
	arb_verdict_free(v);
	v = judge_row("formations", FORM_HEAD
	              "M-29,SH.FORM.FIR.12,illegal,,A1 A fight_in_ranks M=6 facing=0,\"A1/b1 "
	              "20,25 25x25; A1/b2 20,24.015748031 25x25; A1/b3 20,23.031496063 "
	              "25x25\",\"T1 impassable 20.9,24.6 21.6,24.6 21.6,26 20.9,26\",move "
	              "A1,\"b1 20,25 20.3,26.6 22.2,26.6 23.015748031,25; b2 20,24.015748031 "
	              "24,24.015748031; b3 20,23.031496063 24,23.031496063\",\n");
	r = result(v, "SH.FORM.FIR.12", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation,
	       "b1 ends in rank 2, not its prior rank 1, though its place at (24.00, "
	       "25.00) is clear of impassable terrain: not returned as soon as "
	       "possible");
	arb_verdict_free(v);
}

/* SH.FORM.FIR.3 'Models Fighting in Ranks may not change their position in
 * the unit': b1, b2, b3, one rank across y facing 0, move 4, 3 and 5 in
 * forward. The unit's move is the median of its models' moves
 * (docs/encoding/scrollhammer-formations.md), 4 in, whatever order the
 * models are listed in: b1 moves with the unit, and b2, the first model
 * that does not, falls from level with b1 to behind it. */
Test(sh_mutants, the_unit_moves_by_the_median_of_its_models)
{
	arb_verdict *v =
	    judge_row("formations", FORM_HEAD
	              "M-30,SH.FORM.FIR.3,illegal,,A1 A fight_in_ranks M=6 facing=0,\"A1/b1 "
	              "20,25 25x25; A1/b2 20,24.015748031 25x25; A1/b3 20,23.031496063 "
	              "25x25\",,move A1,\"b1 20,25 24,25; b2 20,24.015748031 "
	              "23,24.015748031; b3 20,23.031496063 25,23.031496063\",\n");
	const arb_result *r = result(v, "SH.FORM.FIR.3", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "b2 goes from level with b1 to behind it (along the facing 0), and "
	                       "nothing impassable lies in its way");
	arb_verdict_free(v);
}

/* SH.MOV.WHICH.2 'You may decide that only some of the models in a unit
 * are going to move this turn': a1, the whole of A1, moves, so the clause
 * has nothing to permit (not applicable). */
Test(sh_mutants, a_whole_unit_moving_is_not_a_part)
{
	arb_verdict *v =
	    judge_row("movement", MOVE_HEAD "M-31,SH.MOV.1,legal,A1 A horde M=6,\"A1/a1 "
	                                    "20,20 25.4\",move A1,\"a1 20,20 23,20\"\n");
	cr_assert(eq(int, outcome(v, "SH.MOV.WHICH.2"), ARB_NA));
	arb_verdict_free(v);
}

/* SH.TER.2 'place it as close as possible once you've explained to your
 * opponent where the model "actually" is': SH-TER-FIT-006 (explained, how
 * close it could fit not given) and SH-TER-FIT-005 (as close as it fits,
 * whether it was explained not given): each names the fact it lacks. */
Test(sh_mutants, a_model_that_cannot_fit_names_what_is_not_given)
{
	static const char *const facts[2] = {"actual_point=16,10;explained_to_opponent=true",
	                                     "actual_point=16,10;closest_fit=2"};
	static const char *const words[2] = {
	    "the closest distance it can fit at is not given",
	    "whether it was explained to the opponent is not given"};
	for (int i = 0; i < 2; i++) {
		char csv[512];
		snprintf(csv, sizeof csv,
		         FORM_HEAD "M-32.%d,SH.TER.2,missing-input,,A1 A horde M=6,\"A1/a1 10,10 "
		                   "25\",\"T1 area 14,8 18,8 18,12 14,12\",move A1,\"a1 10,10 "
		                   "14,10\",\"unfit_model=a1;%s\"\n",
		         i, facts[i]);
		arb_verdict *v = judge_row("terrain", csv);
		const arb_result *r = result(v, "SH.TER.2", NULL);
		cr_assert(eq(int, r->outcome, ARB_MISSING), "%d", i);
		cr_assert(strstr(r->explanation, words[i]) != NULL, "%d: %s", i, r->explanation);
		arb_verdict_free(v);
	}
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

/* SH.FORM.HORDE.COH (a Horde's coherency, 1 in), read as every pair: A1
 * moves 1 in on as a line of three, 0.8 in between neighbours; a1 and a3
 * end 2.6 in apart, 1.6 in over the 1 in. The words name the pair and its
 * figures (connected, the chain holds). */
Test(sh_mutants, every_pair_names_the_pair_too_far_apart)
{
	arb_verdict *v =
	    judge_row("movement",
	              "id,target,expect,dispute,units,models,action,paths\n"
	              "M-46,SH.FORM.HORDE.COH,disputed,readings,A1 A horde M=6,\"A1/a1 20,20 25.4; "
	              "A1/a2 21.8,20 25.4; A1/a3 23.6,20 25.4\",move A1,\"a1 20,20 21,20; a2 "
	              "21.8,20 22.8,20; a3 23.6,20 24.6,20\"\n");
	const arb_result *r = result(v, "SH.FORM.HORDE.COH", "all-pairs");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation,
	       "A1 is not every pair within 1.00 in: a1 to a3 is 2.600 in, over by 1.600 in");
	cr_assert(eq(int, result(v, "SH.FORM.HORDE.COH", "connected")->outcome, ARB_HOLDS));
	arb_verdict_free(v);
}

/* SH.FORM.FIR.OBV.1 'Units that Fight in Ranks can never get a cover save
 * simply for being in area terrain, only for being actually obscured, or due
 * to a special rule or effect': E1 (SH-FORM-COV-007's block in W1) claims no
 * cover at all, then cover from a special rule: each holds, and the words
 * say which was claimed. */
Test(sh_mutants, a_block_s_cover_claim_is_named)
{
	static const char *const claim[2] = {"none", "special_rule"};
	static const char *const words[2] = {"E1 claims no cover save",
	                                     "E1 claims cover from a special rule or effect"};
	for (int i = 0; i < 2; i++) {
		char csv[1024];
		snprintf(csv, sizeof csv,
		         FORM_HEAD
		         "M-47.%d,SH.FORM.FIR.OBV.1,legal,phase=shooting,A1 A horde M=6 "
		         "facing=0; E1 B fight_in_ranks M=6 facing=180,\"A1/a1 8,21 25; A1/a2 "
		         "8,22 25; A1/a3 8,23 25; E1/e1 35,24 25x25; E1/e2 35,24.984251969 "
		         "25x25; E1/e3 35.984251969,24 25x25; E1/e4 35.984251969,24.984251969 "
		         "25x25\",\"W1 area 30,14 40,14 40,30 30,30\",shoot A1 -> "
		         "E1,,cover_claimed=%s\n",
		         i, claim[i]);
		arb_verdict *v = judge_row("formations", csv);
		const arb_result *r = result(v, "SH.FORM.FIR.OBV.1", NULL);
		cr_assert(eq(int, r->outcome, ARB_HOLDS), "%s", claim[i]);
		STR_EQ(r->explanation, words[i]);
		arb_verdict_free(v);
	}
}
