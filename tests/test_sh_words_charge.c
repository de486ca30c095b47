/* test_sh_words_charge.c: Scrollhammer outcomes and words that no verdict
 * shows, of the rulebook's Charge section (SH.CHG.*: charge moves, ranks
 * and their excess, skirmish charges, difficult terrain in a charge, the
 * arcs of a charge, failed and multiple charges), found by the third triage
 * of make mutate's survivors (docs/mutation.md, "Scrollhammer, third
 * triage"). Each test judges a case of cases/scrollhammer/ or a row
 * written for it and checks what its trace says; what is expected is
 * worked out from the rule text and the row's note (quoted beside each),
 * never copied from a run. The suite and its helpers are in
 * test_sh_words_fixture.c (sh_words_fixture.h).
 */
#include "support.h"

#include "arbiter.h"
#include "sh_words_fixture.h"

#include <stddef.h>
#include <string.h>

/* The four readings of the charged arc (RANKS.2's "the majority", where the
 * arcs start: docs/encoding/scrollhammer-charge.md). */
static const char *const kArcReadings[4] = {"centre-half", "centre-most", "corners-half",
                                            "corners-most"};

/* SH.CHG.MOVE.5 'with the exception that they can be moved within 1" of
 * enemy models': in SH-CHG-TOL-008 a1 ends in base contact with e1 (0 in)
 * and 0.0005 in from e2: the permission is used (SH.MOV.WAY.1's own
 * `any-charge` reading also lets a charger through, so no verdict shows
 * it). */
Test(sh_words, a_charger_within_1_inch_of_enemies_uses_the_permission)
{
	const arb_verdict *v = judge_case("charge/hand-tolerance.csv", "SH-CHG-TOL-008");
	const arb_result *r = result(v, "SH.CHG.MOVE.5", NULL);
	cr_assert(eq(int, r->outcome, ARB_PERMITS));
	says(r, "a1");
}

/* SH.CHG.DIFF.2, SH-CHG-RANKS-014: the unit charges through difficult
 * terrain and rolled no 3D6 for it (a 2D6 charge roll instead): the words
 * say which roll was made. */
Test(sh_words, a_2d6_roll_through_difficult_terrain_is_named)
{
	const arb_verdict *v = judge_case("charge/hand-ranks.csv", "SH-CHG-RANKS-014");
	const arb_result *r = result(v, "SH.CHG.DIFF.2", "base");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	says(r, "0 dice were rolled for it (a 2D6 charge roll instead)");
}

/* SH.CHG.RANKS.3, SH-CHG-EXC-008: 'A1 starts centred on e1 ... the charge
 * came from neither side' (the note); SH-CHG-EXC-001: 'the side it came
 * from: start centre y 21 > edge middle 20.5', one end's side. */
Test(sh_words, the_side_a_charge_came_from)
{
	const arb_verdict *v = judge_case("charge/hand-excess.csv", "SH-CHG-EXC-008");
	says(result(v, "SH.CHG.RANKS.3", "may-centre-half"), "came from the edge's middle");
	arb_verdict_free(g_v);
	g_v = NULL;
	v = judge_case("charge/hand-excess.csv", "SH-CHG-EXC-001");
	const arb_result *r = result(v, "SH.CHG.RANKS.3", "may-centre-half");
	says(r, "end's side");
	does_not_say(r, "middle");
}

/* SH.CHG.DIFF.4 'if one or more models charge a unit with the Skirmish
 * formation through difficult terrain, that unit may attempt to
 * Counter-Attack': SH-CHG-TERR-006 charges skirmishers through T1 (the
 * attempt is allowed); SH-CHG-TERR-008 'no difficult terrain on the way (T1
 * aside): the clause does not speak'. A permission that forbids nothing
 * changes no verdict either way. */
Test(sh_words, a_counter_attack_is_allowed_only_through_difficult_terrain)
{
	const arb_verdict *v = judge_case("charge/hand-terrain.csv", "SH-CHG-TERR-006");
	cr_assert(eq(int, result(v, "SH.CHG.DIFF.4", "base")->outcome, ARB_PERMITS));
	cr_assert(eq(int, result(v, "SH.CHG.DIFF.4", "centre")->outcome, ARB_PERMITS));
	arb_verdict_free(g_v);
	g_v = NULL;
	v = judge_case("charge/hand-terrain.csv", "SH-CHG-TERR-008");
	cr_assert(eq(int, result(v, "SH.CHG.DIFF.4", "base")->outcome, ARB_NA));
	cr_assert(eq(int, result(v, "SH.CHG.DIFF.4", "centre")->outcome, ARB_NA));
}

/* SH.CHG.RANKS.5, SH-CHG-RANKS-005 turned 163 degrees (.rot): a1 and a3
 * stand in one rank before the charge; a3 goes on 1 in further along the
 * facing, so a1 ends 1 in behind it: both figures are along the unit's
 * facing, whatever its angle on the table. */
Test(sh_words, leaving_a_rank_is_measured_along_a_slanted_facing)
{
	const arb_verdict *v = judge_case("charge/gen-variants.csv", "SH-CHG-RANKS-005.rot");
	const arb_result *r = result(v, "SH.CHG.RANKS.5", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	says(r, "in the same rank as a3 before the charge (0.00 in apart");
	says(r, "behind it after (-1.00 in)");
}

/* SH.CHG.RANKS.4 'Units hanging out over on the edges never wrap around
 * ranks', where RANKS.2 'the 90 degree arc of that unit that the majority
 * of the charging unit is inside of' names no arc: A1's two models split,
 * a1 in E1's front arc and a2 in a side arc (as SH-CHG-DECL-047), and a1
 * charges into E1's front edge. Which edge A1 may not wrap around is not
 * known: undecided, under every reading. */
Test(sh_words, no_majority_arc_leaves_the_edge_not_to_wrap_undecided)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts,dice\n"
	    "W-2,SH.CHG.RANKS.4,legal,phase=close_combat;round=2,A1 A fight_in_ranks facing=0; E1 "
	    "B fight_in_ranks facing=180,\"A1/a1 22,21 25.4x25.4; A1/a2 30.5,28 25.4x25.4; E1/e1 "
	    "30.5,20.5 25.4x25.4; E1/e2 30.5,21.5 25.4x25.4\",charge A1 -> E1,\"a1 22,21 "
	    "29.5,21\",max_engaged_models=1;required_wheel=0,charge_roll: 4 4\n");
	for (size_t i = 0; i < 4; i++) {
		cr_assert(eq(int, result(g_v, "SH.CHG.RANKS.2", kArcReadings[i])->outcome,
		             ARB_UNDECIDED));
		const arb_result *r = result(g_v, "SH.CHG.RANKS.4", kArcReadings[i]);
		cr_assert(eq(int, r->outcome, ARB_UNDECIDED), "%s: %s", kArcReadings[i],
		          r->explanation);
	}
}

/* SH.CHG.SKIRM.COND.2 'If possible, a charging model must move into base
 * contact with an enemy model within reach ... that is not already in base
 * contact with another charging model': in SH-CHG-SKIRM-039 impassable
 * terrain stands on a2's straight line to e2, and a2 reaches e2 round it
 * within the range rolled: e2 was within reach, the clause concerns a2, and
 * a2 meets it (held under every reading, not left unapplied). */
Test(sh_words, a_free_enemy_reached_round_terrain_is_within_reach)
{
	const arb_verdict *v = judge_case("charge/hand-skirmish.csv", "SH-CHG-SKIRM-039");
	for (size_t i = 0; i < 4; i++) {
		const arb_result *r = result(v, "SH.CHG.SKIRM.COND.2", kArcReadings[i]);
		cr_assert(eq(int, r->outcome, ARB_HOLDS), "%s: %s", kArcReadings[i],
		          r->explanation);
		says(r, "1 model(s) concerned");
	}
}

/* SH.CHG.MOVE.8 'and cannot move into base contact with enemy models from a
 * unit they are not charging': in SH-CHG-TOL-008 E2 is such a unit and a1
 * ends 0.0005 in from its e2 (not base contact): the clause holds, where
 * a1 ends and along its path; in SH-CHG-TOL-001 E1, charged, is the only
 * enemy: there is no such unit, and the clause does not speak. */
Test(sh_words, contact_with_an_uncharged_unit_is_judged_only_where_one_stands)
{
	const arb_verdict *v = judge_case("charge/hand-tolerance.csv", "SH-CHG-TOL-008");
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.8", "end")->outcome, ARB_HOLDS));
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.8", "path")->outcome, ARB_HOLDS));
	arb_verdict_free(g_v);
	g_v = NULL;
	v = judge_case("charge/hand-tolerance.csv", "SH-CHG-TOL-001");
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.8", "end")->outcome, ARB_NA));
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.8", "path")->outcome, ARB_NA));
}

/* SH.CHG.FAIL.1 'If the initial charger ... is found to be further than its
 * charge range from the unit(s) that it has declared the charge against':
 * SH-CHG-MOVE-001's A1 charges and names no unit, here with no dice
 * rolled: there is no unit to be further from, so the clause does not
 * speak, and it does not ask for the roll (not a missing input). */
Test(sh_words, a_charge_at_no_unit_cannot_fail_for_range)
{
	g_v =
	    support_judge_text(g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	                       "id,target,expect,violates,context,units,models,action,paths\n"
	                       "W-3,SH.CHG.MOVE.1,illegal,SH.CHG.MOVE.1,phase=close_combat;round=2,"
	                       "A1 A horde; E1 B horde,\"A1/a1 20,20 25.4; E1/e1 30,20 25.4\","
	                       "charge A1,\"a1 20,20 23,20\"\n");
	cr_assert(eq(int, result(g_v, "SH.CHG.FAIL.1", "closest")->outcome, ARB_NA));
	cr_assert(eq(int, result(g_v, "SH.CHG.FAIL.1", "every-model")->outcome, ARB_NA));
}

/* SH.CHG.MOVE.6 'Charging models still cannot move through friendly or
 * enemy models' and MOVE.7 'cannot pass through gaps narrower than their
 * base': in SH-CHG-RANGE-004 the charge fails and 'no models are moved' (9
 * in > 8 rolled, a1 stays): no charging model moves, and neither clause
 * speaks. */
Test(sh_words, a_charge_with_no_model_moving_passes_through_nothing)
{
	const arb_verdict *v = judge_case("charge/hand-range.csv", "SH-CHG-RANGE-004");
	cr_assert(eq(int, result(v, "SH.CHG.FAIL.1", "closest")->outcome, ARB_HOLDS));
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.6", NULL)->outcome, ARB_NA));
	cr_assert(eq(int, result(v, "SH.CHG.MOVE.7", NULL)->outcome, ARB_NA));
}

/* SH.CHG.SKIRM.2 'an initial charger is chosen, the closest model to the
 * enemy, who engages the closest model along the fastest possible route':
 * a1 (4 in from e1; a2 4.5 in from e2) is the initial charger and stays
 * where it is while a2 charges: the initial charger engages nothing. */
Test(sh_words, an_initial_charger_that_stays_engages_nothing)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts,dice\n"
	    "W-4,SH.CHG.SKIRM.2,legal,phase=close_combat;round=2,A1 A horde; E1 B horde,\"A1/a1 "
	    "21,20 25.4; A1/a2 20.5,21.2 25.4; E1/e1 26,20 25.4; E1/e2 26,21.2 25.4\",charge A1 "
	    "-> E1,\"a2 20.5,21.2 25,21.2\",max_engaged_models=1,charge_roll: 3 3\n");
	for (size_t i = 0; i < 4; i++) {
		const arb_result *r = result(g_v, "SH.CHG.SKIRM.2", kArcReadings[i]);
		cr_assert(eq(int, r->outcome, ARB_VIOLATED), "%s: %s", kArcReadings[i],
		          r->explanation);
		says(r, "a1 does not move");
	}
}

/* SH.CHG.RANKS.1 'get as many of the enemy's front rank in base contact
 * with theirs as possible': SH-CHG-EXC-001's charge against an E1 two ranks
 * deep (e1 in front, e2 behind it): E1's front rank is e1 alone, and a1
 * touches it: 1 of 1, all there is; e2, in the second rank, is not counted. */
Test(sh_words, the_front_rank_of_a_unit_two_ranks_deep_is_its_first)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts,dice\n"
	    "W-11,SH.CHG.RANKS.1,legal,phase=close_combat;round=2,A1 A fight_in_ranks facing=0; E1 "
	    "B fight_in_ranks facing=180,\"A1/a1 25.5,20.5 25.4x25.4; A1/a2 25.5,21.5 25.4x25.4; "
	    "A1/a3 24.5,20.5 25.4x25.4; A1/a4 24.5,21.5 25.4x25.4; E1/e1 30.5,20.5 25.4x25.4; "
	    "E1/e2 "
	    "31.5,20.5 25.4x25.4\",charge A1 -> E1,\"a1 25.5,20.5 29.5,20.5; a2 25.5,21.5 "
	    "29.5,21.5; a3 24.5,20.5 28.5,20.5; a4 24.5,21.5 28.5,21.5\","
	    "max_engaged_models=2;required_wheel=0,charge_roll: 3 4\n");
	const arb_result *r = result(g_v, "SH.CHG.RANKS.1", NULL);
	cr_assert(eq(int, r->outcome, ARB_HOLDS), "%s", r->explanation);
	says(r, "1 of the 1 models of E1's front rank in base contact");
}

/* SH.CHG.MULTI.2 and MULTI.3 'Once the charge is resolved, if no models
 * actually reach one of those units due to the charge rules': SH-CHG-MULTI-004
 * (a1 takes e1 of E1 and no model reaches E2) with no charge roll: whether
 * the charge was made at all, and so resolved, waits for the roll (a missing
 * input, never "not applicable"). */
Test(sh_words, units_not_reached_wait_for_the_charge_roll)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts\n"
	    "W-10,SH.CHG.MULTI.2,missing-input,phase=close_combat;round=2,A1 A horde; E1 B horde; "
	    "E2 B horde,\"A1/a1 20,20 25.4; E1/e1 27,20 25.4; E2/e2 27,22.5 25.4\",charge A1 -> "
	    "E1 E2,\"a1 20,20 26,20\",max_engaged_enemies=1\n");
	static const char *const clauses[] = {"SH.CHG.MULTI.2", "SH.CHG.MULTI.3"};
	for (size_t i = 0; i < 2; i++) {
		const arb_result *r = result(g_v, clauses[i], NULL);
		cr_assert(eq(int, r->outcome, ARB_MISSING), "%s: %s (%s)", clauses[i],
		          arb_outcome_name(r->outcome), r->explanation);
	}
}

/* SH.CHG.MOVE.7 'cannot pass through gaps narrower than their base' with
 * CONV.TOL.1: x1 and x2 of a friendly unit stand 0.0000004 in apart, within
 * the error accepted of touching: there is no gap between them. a1 charging
 * through them moves through friendly models (MOVE.6), not through a gap. */
Test(sh_words, friends_within_the_tolerance_of_touching_leave_no_gap)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts,dice\n"
	    "W-12,SH.CHG.MOVE.7,illegal,phase=close_combat;round=2,A1 A horde; A2 A horde; E1 B "
	    "horde,\"A1/a1 20,20 25.4; A2/x1 25,19.4999998 25.4; A2/x2 25,20.5000002 25.4; E1/e1 "
	    "30,20 25.4\",charge A1 -> E1,\"a1 20,20 29,20\",max_engaged_models=1,charge_roll: 6 "
	    "6\n");
	const arb_result *r6 = result(g_v, "SH.CHG.MOVE.6", NULL);
	cr_assert(eq(int, r6->outcome, ARB_VIOLATED), "%s", r6->explanation);
	const arb_result *r7 = result(g_v, "SH.CHG.MOVE.7", NULL);
	cr_assert(eq(int, r7->outcome, ARB_HOLDS), "%s", r7->explanation);
}

/* SH.CHG.MOVE.7 'cannot pass through gaps narrower than their base' with
 * CONV.TOL.1: a1 goes along y=20 between x1 (its base's edge at y 20.5) and
 * x2 (its edge at y 19.9995, 0.0005 in below a1's way, 500 times the error
 * accepted): it passes through their gap, 0.5005 in wide, narrower than its
 * 1 in base (and through x2 itself, MOVE.6). */
Test(sh_words, a_gap_whose_end_is_half_a_thousandth_aside_is_passed_through)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts,dice\n"
	    "W-13,SH.CHG.MOVE.7,illegal,phase=close_combat;round=2,A1 A horde; A2 A horde; E1 B "
	    "horde,\"A1/a1 20,20 25.4; A2/x1 25,21 25.4; A2/x2 25,19.4995 25.4; E1/e1 30,20 "
	    "25.4\",charge A1 -> E1,\"a1 20,20 29,20\",max_engaged_models=1,charge_roll: 6 6\n");
	const arb_result *r = result(g_v, "SH.CHG.MOVE.7", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED), "%s", r->explanation);
}

/* SH.CHG.MOVE.2 'engage as many opposing models in the enemy unit as
 * possible with as many of their models as possible': where one count is
 * all there is, only the other waits for its fact. SH-FORM-COH2-012: a1
 * engages e1, E1's one model, and a2 stays (1 of 2 chargers): how many
 * chargers could engage is not given. SH-CHG-MOVE-023: a1, the one
 * charger, touches e1 and not e2 (1 of 2 enemy models): how many enemy
 * models could be engaged is not given. */
Test(sh_words, the_count_that_is_not_all_waits_for_its_fact)
{
	static const char *const rows[2][3] = {
	    {"formations/hand-coherency.csv", "SH-FORM-COH2-012", "max_engaged_models"},
	    {"charge/hand-move.csv", "SH-CHG-MOVE-023", "max_engaged_enemies"}};
	for (size_t i = 0; i < 2; i++) {
		const arb_verdict *v = judge_case(rows[i][0], rows[i][1]);
		const arb_result *r = result(v, "SH.CHG.MOVE.2", NULL);
		cr_assert(eq(int, r->outcome, ARB_MISSING), "%s: %s (%s)", rows[i][1],
		          arb_outcome_name(r->outcome), r->explanation);
		cr_assert(r->missing != NULL && strcmp(r->missing, rows[i][2]) == 0, "%s: needs %s",
		          rows[i][1], r->missing ? r->missing : "(nothing)");
		arb_verdict_free(g_v);
		g_v = NULL;
	}
}

/* SH.CHG.MOVE.4 'up to the 2D6 distance you rolled': SH-CHG-MOVE-017's a1
 * charges 7 in of the 12 rolled, one path against one limit: its measure
 * names no other shape. */
Test(sh_words, a_charge_move_measure_names_no_other_shape)
{
	const arb_verdict *v = judge_case("charge/hand-move.csv", "SH-CHG-MOVE-017");
	const arb_result *r = result(v, "SH.CHG.MOVE.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_PERMITS), "%s", r->explanation);
	cr_assert(r->has_measure);
	cr_assert(eq(dbl, r->measure.figure, 7));
	cr_assert(eq(dbl, r->measure.limit, 12));
	cr_assert(eq(long, r->measure.other, -1));
}

/* SH.CHG.MOVE.3 'no holding back': SH-CHG-SKIRM-026 with no charge roll
 * given. a1 engages e1, E1's one model; a2 forms up behind it, out of
 * contact, with no unengaged enemy left to reach: it holds nothing back,
 * whatever was rolled, so the clause holds without the roll. */
Test(sh_words, holding_back_with_no_free_enemy_needs_no_roll)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts\n"
	    "W-16,SH.CHG.MOVE.3,missing-input,phase=close_combat;round=2,A1 A skirmish; E1 B "
	    "horde,\"A1/a1 20,20 25.4; A1/a2 18,20 25.4; E1/e1 26,20 25.4\",charge A1 -> "
	    "E1,\"a1 20,20 25,20; a2 18,20 24,20\",max_engaged_models=1\n");
	for (size_t i = 0; i < 2; i++) {
		const char *reading = i ? "centre" : "base";
		const arb_result *r = result(g_v, "SH.CHG.MOVE.3", reading);
		cr_assert(eq(int, r->outcome, ARB_HOLDS), "%s: %s (%s)", reading,
		          arb_outcome_name(r->outcome), r->explanation);
	}
}

/* SH.CHG.MOVE.5 'they can be moved within 1" of enemy models' with
 * CONV.TOL.1: SH-CHG-TOL-012 stopping 1.0005 in from e1, 500 times the
 * error accepted beyond 1 in: never within 1 in, so the exception has
 * nothing to permit. */
Test(sh_words, a_charger_1_0005_in_from_an_enemy_needs_no_exception)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/charge/x.csv",
	    "id,target,expect,context,units,models,action,paths,facts,dice\n"
	    "W-18,SH.CHG.MOVE.5,illegal,phase=close_combat;round=2,A1 A horde; E1 B horde,\"A1/a1 "
	    "20,20 25.4; E1/e1 30,20 25.4\",charge A1 -> E1,\"a1 20,20 27.9995,20\","
	    "max_engaged_models=1;max_engaged_enemies=1,charge_roll: 6 6\n");
	const arb_result *r = result(g_v, "SH.CHG.MOVE.5", NULL);
	cr_assert(eq(int, r->outcome, ARB_NA), "%s (%s)", arb_outcome_name(r->outcome),
	          r->explanation);
}
