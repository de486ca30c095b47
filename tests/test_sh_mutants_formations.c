/* test_sh_mutants_formations.c: Scrollhammer outcomes, words and figures
 * that no verdict shows, of the rulebook's Unit Formations, Movement and
 * Terrain sections (SH.FORM.*: what a unit that Fights in Ranks may do, its
 * ranks and strength in ranks, flanks, stand and shoot, cover, the Horde
 * and Skirmishers; SH.MOV.*: the move's measure, coherency, moving off the
 * board; SH.TER.*: where a model fits), found by the second triage of make
 * mutate's survivors (docs/mutation.md, "Scrollhammer, second triage").
 * Each test is one scenario written for it, its expectation worked out
 * from the rule text and the row's geometry (the reasoning beside each).
 * The suite and its helpers are in test_sh_mutants_fixture.c
 * (sh_mutants_fixture.h).
 */
#include "support.h"

#include "arbiter.h"
#include "sh_mutants_fixture.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

/* SH-FORM-COV-007's scene: A1 (a Horde) shoots at E1, a block of four that
 * Fights in Ranks inside the area terrain W1, with the facts given (what
 * E1 claims cover for); row ID id. */
static arb_verdict *judge_cover_claim(const char *id, const char *facts)
{
	char csv[1024];
	snprintf(csv, sizeof csv,
	         FORM_HEAD
	         "%s,SH.FORM.FIR.OBV.1,legal,phase=shooting,A1 A horde M=6 facing=0; E1 B "
	         "fight_in_ranks M=6 facing=180,\"A1/a1 8,21 25; A1/a2 8,22 25; A1/a3 8,23 "
	         "25; E1/e1 35,24 25x25; E1/e2 35,24.984251969 25x25; E1/e3 "
	         "35.984251969,24 25x25; E1/e4 35.984251969,24.984251969 25x25\",\"W1 "
	         "area 30,14 40,14 40,30 30,30\",shoot A1 -> E1,,%s\n",
	         id, facts);
	return judge_row("formations", csv);
}

/* SH.FORM.FIR.OBV.1 'Units that Fight in Ranks can never get a cover save
 * simply for being in area terrain, only for being actually obscured, or due
 * to a special rule or effect': E1 (SH-FORM-COV-007's block in W1) claims no
 * cover at all, then cover from a special rule: each holds, and the words
 * say which was claimed. */
Test(sh_mutants, a_block_s_cover_claim_is_named)
{
	static const char *const id[2] = {"M-47.0", "M-47.1"};
	static const char *const claim[2] = {"cover_claimed=none", "cover_claimed=special_rule"};
	static const char *const words[2] = {"E1 claims no cover save",
	                                     "E1 claims cover from a special rule or effect"};
	for (int i = 0; i < 2; i++) {
		arb_verdict *v = judge_cover_claim(id[i], claim[i]);
		const arb_result *r = result(v, "SH.FORM.FIR.OBV.1", NULL);
		cr_assert(eq(int, r->outcome, ARB_HOLDS), "%s", claim[i]);
		STR_EQ(r->explanation, words[i]);
		arb_verdict_free(v);
	}
}

/* SH.FORM.FIR.OBV.1 'only for being actually obscured': E1 (SH-FORM-COV-007's
 * block in W1) claims cover for being obscured. Obscured (fact obscured=true):
 * it holds and the words say it is; not obscured: violated, and the words
 * say it is not. */
Test(sh_mutants, an_obscured_claim_says_whether_it_is)
{
	static const char *const id[2] = {"M-48.0", "M-48.1"};
	static const char *const fact[2] = {"cover_claimed=obscured;obscured=true",
	                                    "cover_claimed=obscured;obscured=false"};
	static const arb_outcome want[2] = {ARB_HOLDS, ARB_VIOLATED};
	static const char *const words[2] = {"E1 claims cover for being obscured, and it is",
	                                     "E1 claims cover for being obscured, and it is not"};
	for (int i = 0; i < 2; i++) {
		arb_verdict *v = judge_cover_claim(id[i], fact[i]);
		const arb_result *r = result(v, "SH.FORM.FIR.OBV.1", NULL);
		cr_assert(eq(int, r->outcome, want[i]), "%s", fact[i]);
		STR_EQ(r->explanation, words[i]);
		arb_verdict_free(v);
	}
}

/* SH.FORM.HORDE.3 'It reforms and consolidates as normal': SH-FORM-MAN-017,
 * a Horde reforms: permitted. The same reform by a unit that Fights in
 * Ranks is not a Horde's: the clause does not apply. */
Test(sh_mutants, reforming_as_normal_is_a_horde_s)
{
	static const char *const formation[2] = {"horde", "fight_in_ranks"};
	static const arb_outcome want[2] = {ARB_PERMITS, ARB_NA};
	for (int i = 0; i < 2; i++) {
		char csv[1024];
		snprintf(csv, sizeof csv,
		         FORM_HEAD
		         "M-49.%d,SH.FORM.HORDE.3,legal,,A1 A %s M=6 facing=0; E1 B horde M=6 "
		         "facing=180,\"A1/a1 20,25 25; A1/a2 20,24 25; A1/a3 19,25 25; A1/a4 "
		         "19,24 25; E1/e1 30,23 25; E1/e2 30,24 25; E1/e3 30,25 25; E1/e4 30,26 "
		         "25\",,reform A1,\"a4 19,24 19,23.5\",\n",
		         i, formation[i]);
		arb_verdict *v = judge_row("formations", csv);
		cr_assert(eq(int, outcome(v, "SH.FORM.HORDE.3"), want[i]), "%s", formation[i]);
		arb_verdict_free(v);
	}
}

/* SH.MOV.DIFF.2 'each model can move up to its maximum movement allowance
 * ... so long as it remains in unit coherency': A1 has no formation, so its
 * coherency has no value (SH.MOV.COH.4); a1 (M 6) and a2 (M 4) move 4 in
 * each. Whether the unit stays in coherency cannot be told: a missing
 * input, not a permission withheld. */
Test(sh_mutants, mixed_moves_without_a_formation_wait_for_it)
{
	arb_verdict *v = judge_row("movement", MOVE_HEAD
	                           "M-50,SH.MOV.DIFF.2,missing-input,A1 A - M=6,\"A1/a1 60,30 "
	                           "25; A1/a2 61.2,30 25 M=4\",move A1,\"a1 60,30 60,26; a2 "
	                           "61.2,30 61.2,26\"\n");
	cr_assert(eq(int, result(v, "SH.MOV.DIFF.2", NULL)->outcome, ARB_MISSING));
	arb_verdict_free(v);
}

/* SH.MOV.WAY.2 'To move past an enemy model, they must go around':
 * SH-MOV-WAY-005, a1 goes straight through e1's base: the enemy passed
 * through is named, as the result's object and in the words. */
Test(sh_mutants, the_enemy_passed_through_is_named)
{
	arb_verdict *v =
	    judge_row("movement", MOVE_HEAD "M-51,SH.MOV.WAY.2,illegal,A1 A horde M=6; "
	                                    "E1 B horde M=6,\"A1/a1 37.2,20 25; E1/e1 "
	                                    "40,20 32\",move A1,\"a1 37.2,20 42.8,20\"\n");
	const arb_result *r = result(v, "SH.MOV.WAY.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->object, "e1");
	cr_assert(strncmp(r->explanation, "a1 passes through e1 (overlap ", 30) == 0, "%s",
	          r->explanation);
	arb_verdict_free(v);
}

/* SH.FORM.FIR.FLANK.6 'models pile in along their ranks': SH-FORM-FLK-032,
 * E1 faces 90 (forward is +y); e1 slides 0.5 in along its rank and 0.3 in
 * towards -y: it leaves its rank 0.3 in backward, and the words say which
 * way. */
Test(sh_mutants, a_model_leaving_its_rank_backward_is_said_to)
{
	arb_verdict *v = judge_row(
	    "formations", FORM_HEAD
	    "M-52,SH.FORM.FIR.FLANK.6,illegal,phase=movement,E1 B fight_in_ranks M=6 "
	    "facing=90 flanked locked_in_combat; A1 A horde M=6 facing=0,\"E1/e1 "
	    "36,24.984251969 25x25; E1/e2 36.984251969,24.984251969 25x25; E1/e3 36,24 "
	    "25x25; E1/e4 36.984251969,24 25x25; A1/a1 35.5,25.968503937 25; A1/a2 "
	    "34.5,26.168503937 25\",,move E1,\"e1 36,24.984251969 35.5,24.684251969; e2 "
	    "36.984251969,24.984251969 36.484251969,24.984251969; e3 36,24 35.5,24; e4 "
	    "36.984251969,24 36.484251969,24\",leadership_test=passed;as_close_as_possible="
	    "true\n");
	const arb_result *r = result(v, "SH.FORM.FIR.FLANK.6", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "e1 leaves its rank: 0.300 in backward along the facing 90");
	arb_verdict_free(v);
}

/* SH.FORM.FIR.10 'it reforms with its rally or consolidation 3"':
 * SH-FORM-REF-002, the block consolidates 3.5 in, 0.5 in over; SH-FORM-REF-001,
 * 3 in and still a block: the words give the excess, and say it reforms. */
Test(sh_mutants, a_reform_says_how_far_over_or_that_it_reforms)
{
	static const double to[2] = {3.5, 3};
	for (int i = 0; i < 2; i++) {
		char csv[1024];
		snprintf(csv, sizeof csv,
		         FORM_HEAD
		         "M-53.%d,SH.FORM.FIR.10,legal,phase=close_combat,A1 A fight_in_ranks "
		         "M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 20,24.015748031 25x25; A1/a3 "
		         "19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 25x25\",,"
		         "consolidate A1,\"a1 20,25 %g,25; a2 20,24.015748031 %g,24.015748031; "
		         "a3 19.015748031,25 %.9f,25; a4 19.015748031,24.015748031 "
		         "%.9f,24.015748031\",\n",
		         i, 20 + to[i], 20 + to[i], 19.015748031 + to[i], 19.015748031 + to[i]);
		arb_verdict *v = judge_row("formations", csv);
		const arb_result *r = result(v, "SH.FORM.FIR.10", NULL);
		if (i == 0) {
			cr_assert(eq(int, r->outcome, ARB_VIOLATED));
			STR_EQ(r->explanation,
			       "a1 moves 3.50 in to reform, limit 3 in: over by 0.50 in");
		} else {
			cr_assert(eq(int, r->outcome, ARB_HOLDS));
			cr_assert(strncmp(r->explanation,
			                  "A1 reforms within 3 in (longest move 3.00 in): ", 47) ==
			              0,
			          "%s", r->explanation);
		}
		arb_verdict_free(v);
	}
}

/* SH.FORM.SKIRM.AGILE.2 'They count as having -1 to their normal initiative
 * when taking this test, unless they have the actual Hit and Run special
 * rule': A1 (I 4, no such rule) tests on I3. */
Test(sh_mutants, hit_and_run_without_the_rule_tests_on_one_less)
{
	arb_verdict *v = judge_row(
	    "formations", FORM_HEAD
	    "M-54,SH.FORM.SKIRM.AGILE.2,legal,phase=close_combat,A1 A skirmish M=6 I=4 "
	    "facing=0; E1 B fight_in_ranks M=6 facing=180,\"A1/a1 20,10 25; A1/a2 22,10 25; "
	    "A1/a3 24,10 25; A1/a4 26,10 25; E1/e1 29,10.5 25x25; E1/e2 29,11.484251969 "
	    "25x25; E1/e3 29.984251969,10.5 25x25; E1/e4 29.984251969,11.484251969 "
	    "25x25\",,hit_and_run A1 -> E1,,\n");
	const arb_result *r = result(v, "SH.FORM.SKIRM.AGILE.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_VALUE));
	STR_EQ(r->explanation, "A1 tests Hit and Run on I3 (its I, -1 without the rule)");
	arb_verdict_free(v);
}

/* SH.FORM.FIR.FLANK.4 'If that unit is the only unit that it is locked in
 * combat with': SH-FORM-FLK-010 (E1 locked with A1 alone, fact
 * locked_with=A1), and the same scene with the flanking unit called "A":
 * a one-letter unit is one unit, and the clause answers as it does for A1
 * (not violated). */
Test(sh_mutants, a_one_letter_unit_is_one_unit)
{
	static const char *const name[2] = {"A1", "A"};
	arb_outcome got[2];
	for (int i = 0; i < 2; i++) {
		char csv[1024];
		snprintf(csv, sizeof csv,
		         FORM_HEAD
		         "M-55.%d,SH.FORM.FIR.FLANK.4,legal,phase=movement,E1 B fight_in_ranks "
		         "M=6 facing=0 flanked locked_in_combat; %s A horde M=6 facing=0,\"E1/e1 "
		         "36,24.492125984 25x25; E1/e2 36,23.507874016 25x25; E1/e3 "
		         "35.015748031,24.492125984 25x25; E1/e4 35.015748031,23.507874016 "
		         "25x25; %s/a1 35,30 25; %s/a2 36,30 25\",,flank_turn E1 -> "
		         "%s,,movement_phase_start=true;locked_with=%s;leadership_test=passed\n",
		         i, name[i], name[i], name[i], name[i], name[i]);
		arb_verdict *v = judge_row("formations", csv);
		got[i] = outcome(v, "SH.FORM.FIR.FLANK.4");
		arb_verdict_free(v);
	}
	cr_assert(got[0] != ARB_VIOLATED, "%s", arb_outcome_name(got[0]));
	cr_assert(eq(int, got[1], got[0]));
}

/* SH.FORM.FIR.FLANK.4, SH-FORM-FLK-010 with locked_with=- (a list of no
 * unit): E1 is locked in combat with no unit, so A1 is not the only one it
 * is locked with; the words count none. */
Test(sh_mutants, a_list_of_no_unit_counts_none)
{
	arb_verdict *v = judge_row(
	    "formations", FORM_HEAD
	    "M-56,SH.FORM.FIR.FLANK.4,illegal,phase=movement,E1 B fight_in_ranks M=6 "
	    "facing=0 flanked locked_in_combat; A1 A horde M=6 facing=0,\"E1/e1 "
	    "36,24.492125984 25x25; E1/e2 36,23.507874016 25x25; E1/e3 35.015748031,24.492125984 "
	    "25x25; E1/e4 35.015748031,23.507874016 25x25; A1/a1 35,30 25; A1/a2 36,30 "
	    "25\",,flank_turn E1 -> A1,,movement_phase_start=true;locked_with=-;leadership_"
	    "test=passed\n");
	const arb_result *r = result(v, "SH.FORM.FIR.FLANK.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	STR_EQ(r->explanation, "E1 is locked in combat with 0 unit(s) (-)");
	arb_verdict_free(v);
}

/* SH.FORM.FIR.2 'Each of these is a 90 degree arc': E1 (SH-FORM-ARC-001's
 * rank of four facing 0, centre 36,24); a1 stands at 41,29, on the 45
 * degree line from E1's centre between its front and left arcs. Drawn from
 * the centre, which arc holds it is not stated: undecided, and no count is
 * given. */
Test(sh_mutants, a_model_on_an_arc_line_is_in_no_stated_arc)
{
	arb_verdict *v = judge_row(
	    "formations", FORM_HEAD
	    "M-57,SH.FORM.FIR.2,legal,phase=close_combat;subphase=charge,A1 A horde M=6 "
	    "facing=0; E1 B fight_in_ranks M=6 facing=0,\"A1/a1 41,29 25; E1/e1 "
	    "36,25.476377953 25x25; E1/e2 36,24.492125984 25x25; E1/e3 36,23.507874016 "
	    "25x25; E1/e4 36,22.523622047 25x25\",,declare_charge A1 -> E1,,can_see=true\n");
	cr_assert(eq(int, result(v, "SH.FORM.FIR.2", "centre")->outcome, ARB_UNDECIDED));
	arb_verdict_free(v);
}
