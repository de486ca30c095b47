/* test_sh_words_formations.c: Scrollhammer outcomes and words that no
 * verdict shows, of the rulebook's Unit Formations section (SH.FORM.*:
 * what a unit that Fights in Ranks may do, directly forward, sideways or
 * backwards or wheeling, at the tolerance too; reform, manoeuvres, flanks
 * and pile-ins, stand and shoot, the Horde), found by the third triage of
 * make mutate's survivors (docs/mutation.md, "Scrollhammer, third
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SH.FORM.FIR.SNS.3, SH-FORM-SNS-018: no casualty is pending
 * (sns_casualties_pending=0): they are removed before the charge, and the
 * words do not speak of casualties not yet removed. */
Test(sh_words, no_pending_casualty_is_not_called_pending)
{
	const arb_verdict *v = judge_case("formations/hand-stand-and-shoot.csv", "SH-FORM-SNS-018");
	const arb_result *r = result(v, "SH.FORM.FIR.SNS.3", NULL);
	cr_assert(eq(int, r->outcome, ARB_HOLDS));
	says(r, "removed before its charge");
	does_not_say(r, "not yet removed");
}

/* SH.FORM.FIR.FLANK.6, SH-FORM-FLK-034 (legal): the models pile in along
 * their ranks and end as close as possible to the flanking unit. */
Test(sh_words, a_pile_in_that_holds_says_the_models_end_close)
{
	const arb_verdict *v = judge_case("formations/hand-flanks.csv", "SH-FORM-FLK-034");
	const arb_result *r = result(v, "SH.FORM.FIR.FLANK.6", NULL);
	cr_assert(eq(int, r->outcome, ARB_HOLDS));
	says(r, "and end as close as possible");
}

/* SH.FORM.FIR.FLANK.1, SH-FORM-ARC-012: a model on the line between the
 * front and left arcs (counted in both) leaves the arc of the majority
 * open: front, left side, or none. */
Test(sh_words, the_arcs_a_majority_may_hold_are_named)
{
	const arb_verdict *v = judge_case("formations/hand-arcs.csv", "SH-FORM-ARC-012");
	const arb_result *r = result(v, "SH.FORM.FIR.FLANK.1", "centre-half");
	cr_assert(eq(int, r->outcome, ARB_UNDECIDED));
	says(r, "may be front/left side/none,");
}

/* SH.FORM.FIR.5 'It may wheel (move at an angle but resolve in the same
 * direction it last faced)': SH-FORM-SPD-001's unit Fights in Ranks and
 * moves directly forward (FIR.4), no angle: the permission to wheel is not
 * what it uses. */
Test(sh_words, a_move_directly_forward_is_no_wheel)
{
	const arb_verdict *v = judge_case("formations/hand-speed.csv", "SH-FORM-SPD-001");
	cr_assert(eq(int, result(v, "SH.FORM.FIR.4", NULL)->outcome, ARB_PERMITS));
	cr_assert(eq(int, result(v, "SH.FORM.FIR.5", NULL)->outcome, ARB_NA));
}

/* SH.FORM.FIR.11 'A model that cannot reform moves as close as it can':
 * SH-FORM-REF-006 'whether it could have is not stated (fact
 * coherency_restorable)': the fact named is that one, not the next the
 * clause would ask for. */
Test(sh_words, an_unreformed_unit_asks_whether_it_could_reform)
{
	const arb_verdict *v = judge_case("formations/hand-reform.csv", "SH-FORM-REF-006");
	const arb_result *r = result(v, "SH.FORM.FIR.11", NULL);
	cr_assert(eq(int, r->outcome, ARB_MISSING));
	cr_assert(eq(str, (char *)r->missing, "coherency_restorable"));
	cr_assert(eq(sz, v->n_missing, 1));
	cr_assert(eq(str, (char *)v->missing[0], "coherency_restorable"));
}

/* SH.FORM.FIR.4 'may move directly forward': SH-FORM-SPD-001 with a1's
 * path given a waypoint where it starts (a pause, no move): every point of
 * the path still lies on the line along the facing, ahead of the start or
 * on it, so the move is directly forward, not at an angle. */
Test(sh_words, a_waypoint_at_the_start_keeps_a_move_directly_forward)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action,paths\n"
	    "W-1,SH.FORM.FIR.4,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 "
	    "25x25\",move A1,\"a1 20,25 20,25 26,25; a2 20,24.015748031 26,24.015748031; a3 "
	    "19.015748031,25 25.015748031,25; a4 19.015748031,24.015748031 "
	    "25.015748031,24.015748031\"\n");
	const arb_result *r = result(g_v, "SH.FORM.FIR.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_PERMITS), "%s", r->explanation);
	says(r, "directly forward");
	cr_assert(eq(int, result(g_v, "SH.FORM.FIR.5", NULL)->outcome, ARB_NA));
}

/* SH.FORM.HORDE.2 '[a Horde] may move in any direction': SH-CHG-EXC-001's
 * A1 Fights in Ranks and moves: the Horde's permission is not the one it
 * uses. */
Test(sh_words, a_unit_in_ranks_does_not_move_as_a_horde)
{
	const arb_verdict *v = judge_case("charge/hand-excess.csv", "SH-CHG-EXC-001");
	cr_assert(eq(int, result(v, "SH.FORM.HORDE.2", NULL)->outcome, ARB_NA));
}

/* SH.FORM.FIR.5 'It may wheel (move at an angle ...)': in SH-CHG-EXC-003
 * A1 (facing 0) charges with a1 moving at an angle to its facing: a wheel,
 * which the clause allows. */
Test(sh_words, a_move_at_an_angle_is_a_wheel)
{
	const arb_verdict *v = judge_case("charge/hand-excess.csv", "SH-CHG-EXC-003");
	const arb_result *r = result(v, "SH.FORM.FIR.5", NULL);
	cr_assert(eq(int, r->outcome, ARB_PERMITS));
	says(r, "wheels");
}

/* SH.FORM.FIR.4 'directly forward' with CONV.TOL.1 ('accepts an error of
 * 0.000001"'): SH-FORM-SPD-001 with every model ending 0.0005 in to the left
 * of its line along the facing: 500 times the error accepted, so the move is
 * at an angle (a wheel, FIR.5), not directly forward. */
Test(sh_words, half_a_thousandth_aside_is_not_directly_forward)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action,paths\n"
	    "W-5,SH.FORM.FIR.5,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 "
	    "25x25\",move A1,\"a1 20,25 26,25.0005; a2 20,24.015748031 26,24.016248031; a3 "
	    "19.015748031,25 25.015748031,25.0005; a4 19.015748031,24.015748031 "
	    "25.015748031,24.016248031\"\n");
	cr_assert(eq(int, result(g_v, "SH.FORM.FIR.4", NULL)->outcome, ARB_NA));
	cr_assert(eq(int, result(g_v, "SH.FORM.FIR.5", NULL)->outcome, ARB_PERMITS));
}

/* SH.FORM.FIR.FLANK.2 'flanked': SH-CHG-DECL-043 charges E1 in its front
 * arc (the way it faces, not flanked); SH-CHG-DECL-044 in its rear arc
 * (flanked). */
Test(sh_words, a_charge_in_front_is_not_called_a_flank)
{
	const arb_verdict *v = judge_case("charge/hand-declare.csv", "SH-CHG-DECL-043");
	says(result(v, "SH.FORM.FIR.FLANK.2", "centre-half"), ": the way it faces");
	arb_verdict_free(g_v);
	g_v = NULL;
	v = judge_case("charge/hand-declare.csv", "SH-CHG-DECL-044");
	says(result(v, "SH.FORM.FIR.FLANK.2", "centre-half"), ": flanked");
}

/* SH.FORM.FIR.FLANK.4: SH-FORM-FLK-011's E1 is locked with A1, the flanking
 * unit, and A2 (more than the flanking unit alone); SH-FORM-FLK-021's with
 * A2 only, not with the flanking unit. */
Test(sh_words, locked_with_the_flanking_unit_and_another_is_not_without_it)
{
	const arb_verdict *v = judge_case("formations/hand-flanks.csv", "SH-FORM-FLK-011");
	const arb_result *r = result(v, "SH.FORM.FIR.FLANK.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	says(r, "locked in combat with 2 unit(s)");
	does_not_say(r, "not with the flanking unit");
	arb_verdict_free(g_v);
	g_v = NULL;
	v = judge_case("formations/hand-flanks.csv", "SH-FORM-FLK-021");
	says(result(v, "SH.FORM.FIR.FLANK.4", NULL), ", not with the flanking unit");
}

/* SH.FORM.FIR.FLANK.6 'pile in along their ranks' with CONV.TOL.1: the
 * pile-in of SH-FORM-FLK-034 (E1 faces +y and piles in along -x) with e1
 * ending 0.0005 in further along its facing than where it stood: 500 times
 * the error accepted, so e1 leaves its rank. */
Test(sh_words, half_a_thousandth_off_the_rank_leaves_it)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,profile,context,units,models,action,paths,facts\n"
	    "W-6,SH.FORM.FIR.FLANK.6,legal,chain,phase=movement,E1 B fight_in_ranks M=6 "
	    "facing=90 flanked locked_in_combat; A1 A horde M=6 facing=0,\"E1/e1 36,24.984251969 "
	    "25x25; E1/e2 36.984251969,24.984251969 25x25; E1/e3 36,24 25x25; E1/e4 "
	    "36.984251969,24 "
	    "25x25; A1/a1 35.5,25.968503937 25; A1/a2 34.5,26.168503937 25\",move E1,\"e1 "
	    "36,24.984251969 35.5,24.984751969; e2 36.984251969,24.984251969 "
	    "36.484251969,24.984251969; e3 36,24 35.5,24; e4 36.984251969,24 36.484251969,24\","
	    "leadership_test=passed;as_close_as_possible=true\n");
	const arb_result *r = result(g_v, "SH.FORM.FIR.FLANK.6", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED), "%s", r->explanation);
	says(r, "e1 leaves its rank");
}

/* SH.FORM.FIR.6 'directly sideways' with CONV.TOL.1 ('accepts an error of
 * 0.000001"'): SH-FORM-SPD-001's block (facing +x) moves straight to
 * its left (+y), then to its right (-y), 2.5 in, each model through a first
 * waypoint 0.0000005 in to the other side of its line: within the error
 * accepted, so still directly sideways, within half speed (3 in of M 6). */
Test(sh_words, a_waypoint_within_the_tolerance_keeps_a_move_sideways)
{
	static const char *const rows[2][2] = {
	    {"a1 20,25 20,24.9999995 20,27.5; a2 20,24.015748031 20,24.015747531 20,26.515748031; "
	     "a3 "
	     "19.015748031,25 19.015748031,24.9999995 19.015748031,27.5; a4 "
	     "19.015748031,24.015748031 "
	     "19.015748031,24.015747531 19.015748031,26.515748031",
	     "directly sideways (left)"},
	    {"a1 20,25 20,25.0000005 20,22.5; a2 20,24.015748031 20,24.015748531 20,21.515748031; "
	     "a3 "
	     "19.015748031,25 19.015748031,25.0000005 19.015748031,22.5; a4 "
	     "19.015748031,24.015748031 "
	     "19.015748031,24.015748531 19.015748031,21.515748031",
	     "directly sideways (right)"}};
	for (size_t i = 0; i < 2; i++) {
		char csv[2048];
		snprintf(
		    csv, sizeof csv,
		    "id,target,expect,units,models,action,paths\n"
		    "W-7,SH.FORM.FIR.6,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; "
		    "A1/a2 20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 "
		    "19.015748031,24.015748031 25x25\",move A1,\"%s\"\n",
		    rows[i][0]);
		arb_verdict_free(g_v);
		arb_caseset_free(g_cs);
		cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
		g_v = support_judge_text(g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv", csv);
		const arb_result *r = result(g_v, "SH.FORM.FIR.6", NULL);
		cr_assert(eq(int, r->outcome, ARB_PERMITS), "%s", r->explanation);
		says(r, rows[i][1]);
		cr_assert(eq(int, result(g_v, "SH.FORM.FIR.5", NULL)->outcome, ARB_NA));
	}
}

/* SH.FORM.FIR.4 'may move directly forward at full speed' with CONV.TOL.1:
 * SH-FORM-SPD-001's models move 6.0005 in, 0.0005 in past the full speed of
 * M 6, 500 times the error accepted: too far, and the words say so. */
Test(sh_words, half_a_thousandth_past_full_speed_is_too_far)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action,paths\n"
	    "W-8,SH.FORM.FIR.4,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 "
	    "25x25\",move A1,\"a1 20,25 26.0005,25; a2 20,24.015748031 26.0005,24.015748031; a3 "
	    "19.015748031,25 25.016248031,25; a4 19.015748031,24.015748031 "
	    "25.016248031,24.015748031\"\n");
	const arb_result *r = result(g_v, "SH.FORM.FIR.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED), "%s", r->explanation);
	says(r, "full speed is 6 in: too far");
}

/* SH.FORM.HORDE.PRESS.1 '+1 to combat resolution for every [12] models':
 * the number is the editor's (spec/, principle 5). An editor who writes 0
 * gives a count the text cannot make ("for every 0 models"): judging the
 * clause is an error naming the number, not a verdict (SH-FORM-CMB-020, a
 * Horde of 24, under such a copy of spec/). */
Test(sh_words, a_bonus_for_every_0_models_is_an_error_of_spec)
{
	static const char *const files[] = {
	    "conventions.md",          "scrollhammer/ruleset.md",    "scrollhammer/movement.md",
	    "scrollhammer/charge.md",  "scrollhammer/formations.md", "scrollhammer/terrain.md",
	    "scrollhammer/baseline.md"};
	support_tmpdir tmp;
	support_tmpdir_make(&tmp, "horde0");
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char from[128], to[128];
		snprintf(from, sizeof from, "spec/%s", files[i]);
		snprintf(to, sizeof to, "spec/%s", files[i]);
		char *text = support_slurp(from);
		char *at = strstr(text, "[12]{horde_bonus_models}");
		if (i == 4) {
			cr_assert(at != NULL);
			memcpy(at, "[0] ", 4); /* [12] becomes [0] */
			memmove(at + 3, at + 4, strlen(at + 4) + 1);
		}
		support_write(&tmp, to, text);
		free(text);
	}
	char dir[128], buf[1024];
	snprintf(dir, sizeof dir, "%s/spec", tmp.path);
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&o, rb, &err), ARB_OK));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	cr_assert(
	    eq(int,
	       arb_caseset_load_file(cs, "cases/scrollhammer/formations/hand-combat.csv", rb, &err),
	       ARB_OK),
	    "%s", arb_error_format(&err, buf, sizeof buf));
	const arb_case *c = arb_caseset_find(cs, "SH-FORM-CMB-020");
	cr_assert(c != NULL);
	arb_verdict *v = NULL;
	cr_assert(ne(int, arb_judge(&v, o, c->scenario, NULL, &err), ARB_OK));
	cr_assert(strstr(err.message, "horde_bonus_models is 0") != NULL, "%s", err.message);
	arb_verdict_free(v);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	support_tmpdir_remove(&tmp);
}

/* SH.FORM.FIR.10: 'a1 moves 3.50 in to reform, limit 3 in' (SH-FORM-REF-002):
 * one model's move against one limit, not a set: no other shape. */
Test(sh_words, a_reform_measure_names_no_other_shape)
{
	const arb_verdict *v = judge_case("formations/hand-reform.csv", "SH-FORM-REF-002");
	const arb_result *r = result(v, "SH.FORM.FIR.10", "connected");
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	cr_assert(r->has_measure);
	cr_assert(eq(dbl, r->measure.limit, 3));
	cr_assert(eq(long, r->measure.other, -1));
}

/* SH.FORM.FIR.6 'directly sideways' with CONV.TOL.1: SH-FORM-SPD-001's
 * block steps 0.0005 in straight to its right (-y), 500 times the error
 * accepted: a move directly sideways, however short. */
Test(sh_words, half_a_thousandth_to_the_right_is_a_move_sideways)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action,paths\n"
	    "W-9,SH.FORM.FIR.6,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 "
	    "25x25\",move A1,\"a1 20,25 20,24.9995; a2 20,24.015748031 20,24.015248031; a3 "
	    "19.015748031,25 19.015748031,24.9995; a4 19.015748031,24.015748031 "
	    "19.015748031,24.015248031\"\n");
	const arb_result *r = result(g_v, "SH.FORM.FIR.6", NULL);
	cr_assert(eq(int, r->outcome, ARB_PERMITS), "%s", r->explanation);
	says(r, "directly sideways (right)");
}

/* SH.FORM.FIR.8 'each unit moving the shortest distance possible': a pivot
 * of SH-FORM-MAN-003's A1 in which no model moves goes no distance at all,
 * the shortest there is, under either reading of "distance". */
Test(sh_words, a_manoeuvre_with_no_model_moving_is_the_shortest)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action\n"
	    "W-11,SH.FORM.FIR.8,legal,A1 A fight_in_ranks M=6 facing=0 out_of_coherency,\"A1/a1 "
	    "20,25 25x25; A1/a2 20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 "
	    "19.015748031,24.015748031 25x25\",pivot A1\n");
	static const char *const readings[] = {"furthest", "total"};
	for (size_t i = 0; i < 2; i++) {
		const arb_result *r = result(g_v, "SH.FORM.FIR.8", readings[i]);
		cr_assert(eq(int, r->outcome, ARB_HOLDS), "%s: %s (%s)", readings[i],
		          arb_outcome_name(r->outcome), r->explanation);
		says(r, "no model of A1 moves");
	}
}

/* SH.FORM.FIR.6 'directly sideways' with CONV.TOL.1: a block steps 2.5 in to
 * its left through a waypoint 0.0005 in to its right, or 0.0005 in forward,
 * 500 times the error accepted, off the line across its facing: not
 * directly sideways, a move at an angle (SH.FORM.FIR.5's wheel). */
Test(sh_words, a_waypoint_half_a_thousandth_off_is_no_move_sideways)
{
	static const char *const rows[2] = {
	    "a1 20,25 20,24.9995 20,27.5; a2 20,24.015748031 20,24.015248031 20,26.515748031; a3 "
	    "19.015748031,25 19.015748031,24.9995 19.015748031,27.5; a4 19.015748031,24.015748031 "
	    "19.015748031,24.015248031 19.015748031,26.515748031",
	    "a1 20,25 20.0005,26 20,27.5; a2 20,24.015748031 20.0005,25.015748031 20,26.515748031; "
	    "a3 19.015748031,25 19.016248031,26 19.015748031,27.5; a4 19.015748031,24.015748031 "
	    "19.016248031,25.015748031 19.015748031,26.515748031"};
	for (size_t i = 0; i < 2; i++) {
		char csv[2048];
		snprintf(csv, sizeof csv,
		         "id,target,expect,units,models,action,paths\n"
		         "W-14,SH.FORM.FIR.6,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 "
		         "25x25; A1/a2 20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 "
		         "19.015748031,24.015748031 25x25\",move A1,\"%s\"\n",
		         rows[i]);
		arb_verdict_free(g_v);
		arb_caseset_free(g_cs);
		cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
		g_v = support_judge_text(g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv", csv);
		const arb_result *r6 = result(g_v, "SH.FORM.FIR.6", NULL);
		cr_assert(eq(int, r6->outcome, ARB_NA), "%zu: %s (%s)", i,
		          arb_outcome_name(r6->outcome), r6->explanation);
		const arb_result *r5 = result(g_v, "SH.FORM.FIR.5", NULL);
		cr_assert(ne(int, r5->outcome, ARB_NA), "%zu: %s", i, r5->explanation);
		says(r5, "A1 wheels");
	}
}

/* SH.FORM.FIR.4 'may move directly forward' with CONV.TOL.1: SH-FORM-SPD-001's
 * block steps 0.0005 in straight ahead, 500 times the error accepted: a
 * move directly forward, however short, not a wheel. */
Test(sh_words, half_a_thousandth_ahead_is_a_move_directly_forward)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action,paths\n"
	    "W-15,SH.FORM.FIR.4,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 "
	    "25x25\",move A1,\"a1 20,25 20.0005,25; a2 20,24.015748031 20.0005,24.015748031; a3 "
	    "19.015748031,25 19.016248031,25; a4 19.015748031,24.015748031 "
	    "19.016248031,24.015748031\"\n");
	const arb_result *r4 = result(g_v, "SH.FORM.FIR.4", NULL);
	cr_assert(eq(int, r4->outcome, ARB_PERMITS), "%s", r4->explanation);
	says(r4, "directly forward");
	cr_assert(eq(int, result(g_v, "SH.FORM.FIR.5", NULL)->outcome, ARB_NA));
}

/* SH.FORM.FIR.4, 5 and 6 'directly forward', 'wheel (move at an angle)',
 * 'directly backwards, or directly sideways' with CONV.TOL.1: a block of
 * four 25 mm squares (facing 0: forward is +x, left +y) moves every model
 * by the same steps. A step 0.0000005 in off the line is on it (the error
 * accepted); 0.0005 in off it, 500 times that, is not, however short the
 * move. Each row: the steps, the clause that permits, its words. */
typedef struct block_move {
	double step[2][2]; /* up to two steps (dx, dy) from the start; 0 0 ends */
	const char *clause, *words;
} block_move;

static const block_move kBlockMoves[] = {
    /* a waypoint 0.0000005 in behind the start, then 4 in forward */
    {{{-0.0000005, 0}, {4, 0}}, "SH.FORM.FIR.4", "directly forward"},
    /* 0.0005 in behind, then forward: not directly forward */
    {{{-0.0005, 0}, {4, 0}}, "SH.FORM.FIR.5", "A1 wheels"},
    /* 0.0000005 in ahead, then 2 in back */
    {{{0.0000005, 0}, {-2, 0}}, "SH.FORM.FIR.6", "directly backwards"},
    /* 0.0005 in ahead, then back: not directly backwards */
    {{{0.0005, 0}, {-2, 0}}, "SH.FORM.FIR.5", "A1 wheels"},
    /* 0.0005 in to the left, then 2 in to the right: not directly sideways */
    {{{0, 0.0005}, {0, -2}}, "SH.FORM.FIR.5", "A1 wheels"},
    /* 0.0005 in straight back, or to the left: moves all the same */
    {{{-0.0005, 0}, {0, 0}}, "SH.FORM.FIR.6", "directly backwards"},
    {{{0, 0.0005}, {0, 0}}, "SH.FORM.FIR.6", "directly sideways (left)"},
};

Test(sh_words, a_block_moves_as_its_steps_lie_at_the_tolerance)
{
	static const double start[4][2] = {
	    {20, 25}, {20, 24.015748031}, {19.015748031, 25}, {19.015748031, 24.015748031}};
	for (size_t i = 0; i < sizeof kBlockMoves / sizeof kBlockMoves[0]; i++) {
		const block_move *bm = &kBlockMoves[i];
		char paths[1024], csv[2048];
		size_t k = 0;
		for (int m = 0; m < 4; m++) {
			k += (size_t)snprintf(paths + k, sizeof paths - k, "%sa%d %.9f,%.9f",
			                      m ? "; " : "", m + 1, start[m][0], start[m][1]);
			for (int s = 0; s < 2 && (bm->step[s][0] != 0 || bm->step[s][1] != 0); s++)
				k += (size_t)snprintf(paths + k, sizeof paths - k, " %.9f,%.9f",
				                      start[m][0] + bm->step[s][0],
				                      start[m][1] + bm->step[s][1]);
		}
		snprintf(
		    csv, sizeof csv,
		    "id,target,expect,units,models,action,paths\n"
		    "W-17,%s,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
		    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 "
		    "19.015748031,24.015748031 25x25\",move A1,\"%s\"\n",
		    bm->clause, paths);
		arb_verdict_free(g_v);
		arb_caseset_free(g_cs);
		cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
		g_v = support_judge_text(g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv", csv);
		const arb_result *r = result(g_v, bm->clause, NULL);
		cr_assert(eq(int, r->outcome, ARB_PERMITS), "row %zu: %s %s (%s)", i, bm->clause,
		          arb_outcome_name(r->outcome), r->explanation);
		says(r, bm->words);
	}
}

/* SH.FORM.FIR.4 'at full speed' with CONV.TOL.1: the block of
 * half_a_thousandth_past_full_speed_is_too_far moving 6.0000005 in, at its
 * full 6 in within the error accepted: permitted, and not "too far". */
Test(sh_words, half_a_millionth_past_full_speed_is_full_speed)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/formations/x.csv",
	    "id,target,expect,units,models,action,paths\n"
	    "W-19,SH.FORM.FIR.4,legal,A1 A fight_in_ranks M=6 facing=0,\"A1/a1 20,25 25x25; A1/a2 "
	    "20,24.015748031 25x25; A1/a3 19.015748031,25 25x25; A1/a4 19.015748031,24.015748031 "
	    "25x25\",move A1,\"a1 20,25 26.0000005,25; a2 20,24.015748031 26.0000005,24.015748031; "
	    "a3 19.015748031,25 25.0157485,25; a4 19.015748031,24.015748031 "
	    "25.0157485,24.015748031\"\n");
	const arb_result *r = result(g_v, "SH.FORM.FIR.4", NULL);
	cr_assert(eq(int, r->outcome, ARB_PERMITS), "%s", r->explanation);
	says(r, "full speed is 6 in");
	does_not_say(r, "too far");
}
