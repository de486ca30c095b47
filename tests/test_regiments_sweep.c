/* test_regiments_sweep.c: what Regiments' closest approaches say and
 * measure where no verdict shows it (oracle/rules/regiments/common.c: the
 * sweep table, its cache and the fold of several objects): which of two
 * equally near units or pieces of terrain is named, the closest of all when
 * none is approached, the index of the other model among all other units'
 * models, and that a judgement whose sweeps overflow the cache frees them.
 * Each figure is worked out by hand from the row's geometry, beside it;
 * bases are round or unturned squares, so the figures are exact. Ties go
 * to the first model of the actor, then to the first object in the
 * scenario (units in their order, then terrain): a tie-break of the
 * encoding (docs/geometry-rotation.md), which the text does not decide. */
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

TestSuite(regiments_sweep, .init = setup, .fini = teardown);

#define ROW_HEAD                                                                                   \
	"id,target,expect,profile,context,units,models,terrain,action,paths,facts,variants\n"
#define RM "phase=movement;subphase=remaining_moves"
/* a rank of three 1 in squares facing +x, and of three round 1 in bases */
#define SQ3 "R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4"
#define RD3 "R1/r1 10,10 25.4; R1/r2 10,11 25.4; R1/r3 10,12 25.4"
/* a quarter pivot of R1 about its centre point (10, 11): r1 ends at
 * (11, 11), r2 stays at (10, 11), r3 ends at (9, 11) */
#define PIVOT                                                                                      \
	"\"r1 10,10@0 ~10,11 11,11@90; r2 10,11@0 ~10,11 10,11@90; r3 10,12@0 ~10,11 9,11@90\""

/* Judges one row of ROW_HEAD's columns; *cs holds its case (the caller
 * frees it and the verdict). */
static arb_verdict *judge_row(arb_caseset **cs, const char *row)
{
	char text[4096];
	snprintf(text, sizeof text, ROW_HEAD "%s\n", row);
	cr_assert(eq(int, arb_caseset_new(cs), ARB_OK));
	return support_judge_text(*cs, g_rb, g_o, "cases/regiments/movement/t.csv", text);
}

#define NEAR(a, b) cr_assert(fabs((a) - (b)) < 1e-9, "%s is %.12f, not %.12f", #a, (a), (b))

/* RG-MOV-GAP1-007's scene: R1's front ends at x 14.5, E2's rear edge is
 * at 14.8, and E2 (y 10.5 to 11.5) is level with both r1 (y 9.5 to 10.5,
 * by its corner) and r2: both are 0.3 in from it, and r1, the first, is
 * named, with its corner (14.5, 10.5) and E2's point (14.8, 10.5). */
Test(regiments_sweep, the_first_of_two_models_as_near_is_named)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "S-1,RG.MOV.GAP.1,illegal,," RM ",R1 A - M=4; E1 B - M=4; E2 B - M=4,\"" SQ3
	         "; E1/e1 8.5,11 25.4x25.4; E2/e2 15.3,11 25.4x25.4\",,move R1,"
	         "\"r1 10,10 14,10; r2 10,11 14,11; r3 10,12 14,12\",,none");
	const arb_result *g = support_result_of(v, "RG.MOV.GAP.1", NULL);
	cr_assert(eq(int, (int)g->outcome, (int)ARB_VIOLATED));
	STR_EQ(g->explanation,
	       "closest approach 0.300 in (r1 to E2), limit 1 in: closer than allowed");
	NEAR(g->measure.p.x, 14.5);
	NEAR(g->measure.p.y, 10.5);
	NEAR(g->measure.q.x, 14.8);
	NEAR(g->measure.q.y, 10.5);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* Two units approached to the same 0.25 in: R1's front ends at x 14.5,
 * E1 (ahead of r1) and E2 (ahead of r3) have their rear edges at 14.75.
 * E1, the first in the scenario, is named. */
Test(regiments_sweep, the_first_of_two_units_approached_as_near_is_named)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "S-2,RG.MOV.GAP.1,illegal,," RM ",R1 A - M=4; E1 B - M=4; E2 B - M=4,\"" SQ3
	         "; E1/e1 15.25,10 25.4x25.4; E2/e2 15.25,12 25.4x25.4\",,move R1,"
	         "\"r1 10,10 14,10; r2 10,11 14,11; r3 10,12 14,12\",,none");
	const arb_result *g = support_result_of(v, "RG.MOV.GAP.1", NULL);
	STR_EQ(g->explanation,
	       "closest approach 0.250 in (r1 to E1), limit 1 in: closer than allowed");
	STR_EQ(g->object, "E1");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* R1 moves 2 in away from E2, 0.5 in behind it (E2's front edge x 9,
 * R1's rear 9.5), and from E1 (two models, 2.5 in and more off its left):
 * it comes nearer to neither, so GAP.1 gives the closest of all, 0.5 in to
 * E2 at the start, r1 first of the three level with it. Its other model
 * is e2's place among all the other units' models (e1a, e1b, then e2): 2. */
Test(regiments_sweep, moving_away_from_two_units_gives_the_closest_of_all)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "S-3,RG.MOV.GAP.1,legal,," RM ",R1 A - M=4; E1 B - M=4; E2 B - M=4,\"" SQ3
	         "; E1/e1a 10,15 25.4x25.4; E1/e1b 11,15 25.4x25.4; E2/e2 8.5,11 25.4x25.4\",,"
	         "move R1,\"r1 10,10 12,10; r2 10,11 12,11; r3 10,12 12,12\",,none");
	const arb_result *g = support_result_of(v, "RG.MOV.GAP.1", NULL);
	cr_assert(eq(int, (int)g->outcome, (int)ARB_HOLDS));
	STR_EQ(g->explanation,
	       "closest approach 0.500 in (r1 to E2), limit 1 in, no nearer than it stood");
	cr_assert(g->has_measure);
	NEAR(g->measure.figure, 0.5);
	NEAR(g->measure.margin, -0.5);
	NEAR(g->measure.p.x, 9.5);
	NEAR(g->measure.q.x, 9.0);
	cr_assert(eq(i64, (int64_t)g->measure.other, 2));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* Round bases pivot a quarter (PIVOT): at the end r1 (11, 11) is 1.25 in
 * from E1's centre (12.25, 11) and r3 (9, 11) 1.25 in from E2's (7.75,
 * 11): 0.25 in apart each, edge to edge. Both readings of PIVOT.2 name
 * E1, met first (r1 is the first model, E1 the first unit); at the end of
 * the turn (the fold of every unit), e1 is the first of the other units'
 * models: other 0. */
Test(regiments_sweep, a_pivot_ending_as_near_two_units_names_the_first)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "S-4,RG.MOV.PIVOT.2,illegal,," RM ",R1 A - M=4; E1 B - M=4; E2 B - M=4,\"" RD3
	         "; E1/e1 12.25,11 25.4; E2/e2 7.75,11 25.4\",,pivot R1," PIVOT ",,none");
	const arb_result *end = support_result_of(v, "RG.MOV.PIVOT.2", "pivot-end");
	STR_EQ(end->explanation, "at the end of the turn 0.250 in from E1, limit 1 in: within it");
	STR_EQ(end->subject, "r1");
	cr_assert(eq(i64, (int64_t)end->measure.other, 0));
	const arb_result *back = support_result_of(v, "RG.MOV.PIVOT.2", "after-move-back");
	STR_EQ(back->explanation, "after the move-back 0.250 in from E1, limit 1 in: within it");
	STR_EQ(back->subject, "r1");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The same pivot with impassable terrain T1 (its right edge x 8.25) in
 * E2's place: r3 ends 0.25 in from it, as r1 from E1. Units are met before
 * terrain: E1 is named in both readings. */
Test(regiments_sweep, a_pivot_ending_as_near_a_unit_and_terrain_names_the_unit)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs,
	    "S-5,RG.MOV.PIVOT.2,illegal,," RM ",R1 A - M=4; E1 B - M=4,\"" RD3
	    "; E1/e1 12.25,11 25.4\",\"T1 impassable 7,10 8.25,10 8.25,12 7,12\",pivot R1," PIVOT
	    ",,none");
	static const char *const readings[] = {"pivot-end", "after-move-back"};
	for (size_t i = 0; i < 2; i++) {
		const arb_result *p2 = support_result_of(v, "RG.MOV.PIVOT.2", readings[i]);
		cr_assert(eq(int, (int)p2->outcome, (int)ARB_VIOLATED), "%s", readings[i]);
		STR_EQ(p2->object, "E1");
		NEAR(p2->measure.figure, 0.25);
	}
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* r1 stands 0.5 in from two units: E1 off its right (E1's edge y 9, r1's
 * 9.5) and E2 behind it (E2's edge x 9, r1's 9.5). R1 moves 2 in ahead,
 * along E1 and away from E2, nearer to neither: the closest of all is a tie
 * for r1, and E1, the first in the scenario, is named. */
Test(regiments_sweep, a_model_as_near_two_units_names_the_first)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "S-6,RG.MOV.GAP.1,legal,," RM ",R1 A - M=4; E1 B - M=4; E2 B - M=4,\"" SQ3
	         "; E1/e1 10,8.5 25.4x25.4; E2/e2 8.5,11 25.4x25.4\",,move R1,"
	         "\"r1 10,10 12,10; r2 10,11 12,11; r3 10,12 12,12\",,none");
	const arb_result *g = support_result_of(v, "RG.MOV.GAP.1", NULL);
	cr_assert(eq(int, (int)g->outcome, (int)ARB_HOLDS));
	STR_EQ(g->explanation,
	       "closest approach 0.500 in (r1 to E1), limit 1 in, no nearer than it stood");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* One round model pivots on the spot at (10, 10): it ends 0.25 in from E1
 * (centre (11.25, 10)) and from E2 (centre (8.75, 10)) alike, 1.25 in
 * centre to centre less two radii of 0.5 in. The fold of every unit at
 * the end of the turn meets the tie in one model's two sweeps and keeps
 * E1, the first in the scenario. */
Test(regiments_sweep, one_model_as_near_two_units_at_the_end_of_a_turn_names_the_first)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "S-7,RG.MOV.PIVOT.2,illegal,," RM ",R1 A - M=4; E1 B - M=4; E2 B - M=4,"
	         "\"R1/r1 10,10 25.4; E1/e1 11.25,10 25.4; E2/e2 8.75,10 25.4\",,pivot R1,"
	         "\"r1 10,10@0 ~10,10 10,10@90\",,none");
	const arb_result *end = support_result_of(v, "RG.MOV.PIVOT.2", "pivot-end");
	STR_EQ(end->explanation, "at the end of the turn 0.250 in from E1, limit 1 in: within it");
	cr_assert(eq(i64, (int64_t)end->measure.other, 0));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* A wheel of five turns of 10 degrees about the front-right corner (10.5,
 * 9.5): GAP.1 asks for two tables of sweeps and MAN.2 two per turn, of
 * which the first is GAP.1's still one: 11, more than the 8 a judgement
 * keeps. Those it cannot keep are freed by the predicate that asked for
 * them: 1,000 judgements leave nothing behind (a table left behind
 * would be some hundreds of bytes each time; the allocator's own
 * bookkeeping moves by a few kilobytes once, whatever the count). */
Test(regiments_sweep, sweeps_past_the_cache_are_freed)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs,
	    "S-8,RG.MOV.WHEEL.6,legal,," RM ",R1 A - M=5; E1 B - M=4,\"" SQ3
	    "; E1/e1 40,40 25.4x25.4\",,wheel R1,\""
	    "r1 10,10@0 ~10.5,9.5 10.094420212327,10.079227965340@350 ~10.5,9.5 "
	    "10.201163761270,10.140856382056@340 ~10.5,9.5 10.316987298108,10.183012701892@330 "
	    "~10.5,9.5 10.438371583284,10.204416026403@320 ~10.5,9.5 "
	    "10.561628416716,10.204416026403@310; "
	    "r2 10,11@0 ~10.5,9.5 10.268068389994,11.064035718352@350 ~10.5,9.5 "
	    "10.543183904596,11.080549002842@340 ~10.5,9.5 10.816987298108,11.049038105677@330 "
	    "~10.5,9.5 11.081159192970,10.970460469522@320 ~10.5,9.5 "
	    "11.327672859835,10.847203636089@310; "
	    "r3 10,12@0 ~10.5,9.5 10.441716567661,12.048843471364@350 ~10.5,9.5 "
	    "10.885204047921,12.020241623628@340 ~10.5,9.5 11.316987298108,11.915063509461@330 "
	    "~10.5,9.5 11.723946802657,11.736504912641@320 ~10.5,9.5 "
	    "12.093717302954,11.489991245776@310\",,none");
	cr_assert(
	    eq(int, (int)support_result_of(v, "RG.MOV.MAN.2", NULL)->outcome, (int)ARB_HOLDS));
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
	cr_assert(after < before + 65536, "%zu bytes more in use after 1,000 judgements",
	          after - before);
	arb_caseset_free(cs);
}
