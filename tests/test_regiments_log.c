/* test_regiments_log.c: the moves of the turn's log, each event judged as
 * the action it is (oracle/engine-log.c) and the verdicts combined: what a
 * clause says of an event it finds broken (the event named, the figure,
 * the limit and the models, as the scenario names them), that each event
 * is judged where the events before it left the unit, facing included,
 * with the precedences of its own action, that a fact an event lacks is
 * missing input, which event each trace entry is of, and that judging a
 * log's moves frees what it allocates. Each figure is worked out by hand
 * beside its row. */
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

TestSuite(regiments_log, .init = setup, .fini = teardown);

#define ROW_HEAD                                                                                   \
	"id,target,expect,profile,context,units,models,terrain,action,paths,facts,variants\n"
/* the three sub-phases before Remaining Moves completed, in order */
#define LOG                                                                                        \
	"phase=movement;subphase=remaining_moves;log=start_of_phase:done charge:done "             \
	"compulsory_moves:done"
/* R1, a file of three 1 in squares far from everything, moves 3 in */
#define R1_AT   "R1/r1 10,40 25.4x25.4; R1/r2 10,41 25.4x25.4; R1/r3 10,42 25.4x25.4"
#define R1_MOVE "r1 10,40 13,40; r2 10,41 13,41; r3 10,42 13,42"

/* The result of clause (reading) in the trace entry of log event `event`
 * (0: the action's), asserting there is one. */
static const arb_result *result_at(const arb_verdict *v, const char *clause, const char *reading,
                                   size_t event)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (strcmp(t->pred->clause, clause) == 0 && arb_trace_event(v, i) == event &&
		    (reading ? t->reading && strcmp(t->reading, reading) == 0 : !t->reading))
			return &t->result;
	}
	cr_assert(false, "no trace entry of %s in event %zu", clause, event);
	return NULL;
}

/* Whether a predicate of clause judged log event `event` (0: the action):
 * one that is not tagged with the event's action is not consulted. */
static bool consulted(const arb_verdict *v, const char *clause, size_t event)
{
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, clause) == 0 && arb_trace_event(v, i) == event)
			return true;
	return false;
}

static arb_verdict *judge_row(arb_caseset **cs, const char *row)
{
	char text[4096];
	snprintf(text, sizeof text, ROW_HEAD "%s\n", row);
	cr_assert(eq(int, arb_caseset_new(cs), ARB_OK));
	return support_judge_text(*cs, g_rb, g_o, "cases/regiments/movement/t.csv", text);
}

/* G1's move, the log's fifth event, goes from (35, 40) to (38.5, 40),
 * 1.5 in from E1's centre: 1 in squares 0.5 in apart, the closest points
 * (39, y) on g1 and (39.5, y) on e1. */
#define G1_ROW                                                                                     \
	"L-1,RG.MOV.GAP.1,illegal,," LOG " remaining_moves:F1:move remaining_moves:G1:move,"       \
	"R1 A - M=4; F1 A - M=4; G1 A - M=4; E1 B - M=4,\"" R1_AT                                  \
	"; F1/f1 22,30 25.4x25.4; G1/g1 38.5,40 25.4x25.4; E1/e1 40,40 25.4x25.4\",,move R1,"      \
	"\"4:f1 20,30 22,30; 5:g1 35,40 38.5,40; " R1_MOVE "\",,none"

Test(regiments_log, a_broken_event_is_named_with_its_figures)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, G1_ROW);
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_ILLEGAL));
	const arb_result *r = result_at(v, "RG.MOV.GAP.1", NULL, 5);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_VIOLATED));
	STR_EQ(r->explanation, "log event 5 (G1 move in remaining_moves): closest approach 0.500 "
	                       "in (g1 to E1), limit 1 in: closer than allowed");
	cr_assert(r->has_measure);
	cr_assert(ieee_ulp_eq(dbl, r->measure.figure, 0.5, 4));
	cr_assert(ieee_ulp_eq(dbl, r->measure.limit, 1.0, 4));
	cr_assert(ieee_ulp_eq(dbl, r->measure.p.x, 39.0, 4));
	cr_assert(ieee_ulp_eq(dbl, r->measure.q.x, 39.5, 4));
	/* the names are the scenario's own strings, which outlive the event's
	 * judgement */
	const arb_scenario *s = arb_caseset_at(cs, 0)->scenario;
	const arb_unit *g1 = arb_scenario_unit(s, "G1");
	const arb_unit *e1 = arb_scenario_unit(s, "E1");
	cr_assert(r->subject == g1->models[0].id);
	cr_assert(r->object == e1->id);
	/* event 4 (F1 2 in of 4) and event 5 (G1 3.5 in) keep M.1, each its
	 * own answer; R1's own 3 in permits */
	cr_assert(eq(int, (int)result_at(v, "RG.MOV.M.1", NULL, 4)->outcome, (int)ARB_PERMITS));
	cr_assert(eq(int, (int)result_at(v, "RG.MOV.M.1", NULL, 5)->outcome, (int)ARB_PERMITS));
	const arb_result *m1 = result_at(v, "RG.MOV.M.1", NULL, 0);
	cr_assert(eq(int, (int)m1->outcome, (int)ARB_PERMITS));
	STR_EQ(m1->explanation, "r1 moved 3.000 in straight ahead, M 4 in");
	/* MAN.3 speaks of wheels and reforms: to none of these moves */
	cr_assert(not(consulted(v, "RG.MOV.MAN.3", 0) || consulted(v, "RG.MOV.MAN.3", 5)));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The trace of a log's moves: each predicate's entries together, in the
 * order of the oracle's predicates (as a scenario's without a log), the
 * events' in the order of the log and the action's last; a scenario
 * without a log's moves marks none. */
Test(regiments_log, the_trace_names_the_event_of_each_entry)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, G1_ROW);
	cr_assert(v->trace_event != NULL);
	size_t seen[3] = {0};
	for (size_t i = 0; i < v->n_trace; i++) {
		size_t e = arb_trace_event(v, i);
		cr_assert(e == 0 || e == 4 || e == 5, "entry %zu: event %zu", i, e);
		seen[e == 0 ? 0 : e - 3]++;
		if (i) {
			size_t a = v->trace[i - 1].index, b = v->trace[i].index;
			size_t ea = arb_trace_event(v, i - 1), eb = e;
			cr_assert(a < b || (a == b && ea && (!eb || ea < eb)), "entry %zu", i);
		}
	}
	/* the same predicates judge each of the three moves */
	cr_assert(seen[0] > 0 && seen[0] == seen[1] && seen[1] == seen[2]);
	cr_assert(eq(sz, arb_trace_event(v, v->n_trace), 0));
	arb_verdict_free(v);
	arb_caseset_free(cs);

	cs = NULL;
	v = judge_row(&cs, "L-0,RG.MOV.M.1,legal,," LOG ",R1 A - M=4; E1 B - M=4,\"" R1_AT
	                   "; E1/e1 40,40 25.4x25.4\",,move R1,\"" R1_MOVE "\",,none");
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_LEGAL));
	cr_assert(v->trace_event == NULL);
	cr_assert(eq(sz, arb_trace_event(v, 0), 0));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The example of the issue: a log's move ending 0.5 in from E1, then a
 * charge, whose permission ("This rule doesn't apply to charge moves",
 * RG.MOV.GAP.2) ranks over GAP.1 for the charge only. F1 moves at the
 * start of the phase (its own special rule), R1 then charges E2. */
Test(regiments_log, a_charges_precedence_is_not_its_logs)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "L-6,RG.MOV.GAP.1,illegal,,phase=movement;subphase=charge;log=start_of_phase:F1:"
	         "move start_of_phase:done,R1 A - M=4; F1 A - M=4; E1 B - M=4; E2 B - M=4,\"" R1_AT
	         "; F1/f1 38.5,40 25.4x25.4; E1/e1 40,40 25.4x25.4; E2/e2 14,41 25.4x25.4\",,"
	         "charge R1 -> E2,\"1:f1 35,40 38.5,40; " R1_MOVE "\",special_rule=true,none");
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_ILLEGAL));
	cr_assert(eq(sz, v->n_violates, 1));
	STR_EQ(v->violates[0], "RG.MOV.GAP.1");
	/* the event's GAP.1 stands: GAP.2 does not apply to a move */
	const arb_trace *ev1 = NULL, *act = NULL;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "RG.MOV.GAP.1") == 0)
			*(arb_trace_event(v, i) == 1 ? &ev1 : &act) = &v->trace[i];
	cr_assert(ev1 && act);
	cr_assert(eq(int, (int)ev1->result.outcome, (int)ARB_VIOLATED));
	cr_assert(ev1->overridden_by == NULL);
	cr_assert(eq(int, (int)result_at(v, "RG.MOV.GAP.2", NULL, 1)->outcome, (int)ARB_NA));
	/* R1's charge into E2 (r2 ends in base contact) is GAP.2's: set aside */
	STR_EQ(act->overridden_by, "RG.MOV.GAP.2");
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* W1, two 1 in squares in a file (w1 at (10, 10) ahead of w2 at (9, 10),
 * facing 0, +x), wheels a quarter clockwise about its front-right corner
 * (10.5, 9.5) to face 270 (-y), w1 ending at (11, 10), w2 at (11, 11)
 * (event 4), then moves 1 in (event 5). Straight ahead is now -y: to
 * (11, 9) and (11, 10) the move keeps RG.MOV.STRAIGHT.2; to (12, 10) and
 * (12, 11), +x, which was ahead before the wheel, it goes sideways. The
 * wheel's arc, 0.707 x pi/2 = 1.11 in, and the 1 in move are within M 4
 * however counted. */
#define W1_ROW(x1, y1, x2, y2)                                                                     \
	"L-2,RG.MOV.STRAIGHT.2,legal,," LOG                                                        \
	" remaining_moves:W1:wheel remaining_moves:W1:move,R1 A - M=4; W1 A - M=4 facing=270; "    \
	"E1 B - M=4,\"" R1_AT "; W1/w1 " x1 "," y1 " 25.4x25.4 facing=270; W1/w2 " x2 "," y2       \
	" 25.4x25.4 facing=270; E1/e1 60,40 25.4x25.4\",,move R1,"                                 \
	"\"4:w1 10,10@0 ~10.5,9.5 11,10@270; 4:w2 9,10@0 ~10.5,9.5 11,11@270; 5:w1 11,10 " x1      \
	"," y1 "; 5:w2 11,11 " x2 "," y2 "; " R1_MOVE "\",,none"

Test(regiments_log, each_event_starts_where_the_one_before_left_the_unit)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, W1_ROW("11", "9", "11", "10"));
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_LEGAL));
	const arb_result *r = result_at(v, "RG.MOV.STRAIGHT.2", NULL, 5);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_HOLDS));
	STR_EQ(r->explanation, "log event 5 (W1 move in remaining_moves): W1 moves forward in a "
	                       "straight line");
	/* MAN.3 held for the wheel (event 4) and does not speak of R1's move */
	r = result_at(v, "RG.MOV.MAN.3", "centre", 4);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_HOLDS));
	cr_assert(not(consulted(v, "RG.MOV.MAN.3", 0)));
	/* GAP.1 speaks of R1's move, which holds it: its own words */
	r = result_at(v, "RG.MOV.GAP.1", NULL, 0);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_HOLDS));
	cr_assert(strncmp(r->explanation, "closest approach", 16) == 0, "%s", r->explanation);
	arb_verdict_free(v);
	arb_caseset_free(cs);

	cs = NULL;
	v = judge_row(&cs, W1_ROW("12", "10", "12", "11"));
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_ILLEGAL));
	r = result_at(v, "RG.MOV.STRAIGHT.2", NULL, 5);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_VIOLATED));
	const char *want = "log event 5 (W1 move in remaining_moves): ";
	cr_assert(strncmp(r->explanation, want, strlen(want)) == 0, "%s", r->explanation);
	cr_assert(
	    eq(int, (int)result_at(v, "RG.MOV.STRAIGHT.2", NULL, 0)->outcome, (int)ARB_HOLDS));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The wheel of each_event_starts_where... by a unit whose M is not stated:
 * how far it may wheel is a fact the scenario lacks (RG.MOV.WHEEL.4, MAN.3
 * need M), though R1's own move is legal. */
Test(regiments_log, a_fact_an_event_lacks_is_missing_input)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "L-3,RG.MOV.WHEEL.4,missing-input,," LOG " remaining_moves:W1:wheel,R1 A - M=4; "
	         "W1 A - facing=270; E1 B - M=4,\"" R1_AT
	         "; W1/w1 11,10 25.4x25.4 facing=270; W1/w2 11,11 25.4x25.4 facing=270; E1/e1 "
	         "60,40 25.4x25.4\",,move R1,\"4:w1 10,10@0 ~10.5,9.5 11,10@270; 4:w2 9,10@0 "
	         "~10.5,9.5 11,11@270; " R1_MOVE "\",,none");
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_MISSING_INPUT));
	cr_assert(eq(sz, v->n_missing, 1));
	STR_EQ(v->missing[0], "M");
	const arb_result *r = result_at(v, "RG.MOV.WHEEL.4", "centre", 4);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_MISSING));
	STR_EQ(r->missing, "M");
	const char *want = "log event 4 (W1 wheel in remaining_moves): ";
	cr_assert(strncmp(r->explanation, want, strlen(want)) == 0, "%s", r->explanation);
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

/* The same wheel without M, then R1's own quarter wheel about its
 * front-right corner (10.5, 39.5), M 5: r3 moves 2.55 x pi/2 = 4.00 in,
 * within 2 x 5, so MAN.3 holds for R1's wheel; the event's needs W1's M. */
Test(regiments_log, a_fact_an_event_lacks_outweighs_the_actions_hold)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "L-3b,RG.MOV.MAN.3,missing-input,," LOG " remaining_moves:W1:wheel,R1 A - M=5; "
	         "W1 A - facing=270; E1 B - M=4,\"" R1_AT
	         "; W1/w1 11,10 25.4x25.4 facing=270; W1/w2 11,11 25.4x25.4 facing=270; E1/e1 "
	         "60,40 25.4x25.4\",,wheel R1,\"4:w1 10,10@0 ~10.5,9.5 11,10@270; 4:w2 9,10@0 "
	         "~10.5,9.5 11,11@270; r1 10,40@0 ~10.5,39.5 11,40@270; r2 10,41@0 ~10.5,39.5 "
	         "12,40@270; r3 10,42@0 ~10.5,39.5 13,40@270\",,none");
	cr_assert(eq(int, (int)v->kind, (int)ARB_V_MISSING_INPUT));
	const arb_result *r = result_at(v, "RG.MOV.MAN.3", "centre", 4);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_MISSING));
	STR_EQ(r->missing, "M");
	cr_assert(eq(int, (int)result_at(v, "RG.MOV.MAN.3", "centre", 0)->outcome, (int)ARB_HOLDS));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}

Test(regiments_log, judging_the_logs_moves_frees_what_it_allocates)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(&cs, G1_ROW);
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

/* An event's path that its own action may not have (e1, E1's model, in
 * F1's move: "moves_others" lists no move) is found when the event is
 * judged: bad input naming the event, its unit and action, field paths. */
Test(regiments_log, an_events_bad_path_is_bad_input_naming_the_event)
{
	static const char text[] = ROW_HEAD
	    "L-4,RG.MOV.GAP.1,legal,," LOG " remaining_moves:F1:move,R1 A - M=4; F1 A - "
	    "M=4; E1 B - M=4,\"" R1_AT "; F1/f1 22,30 25.4x25.4; E1/e1 40,40 "
	    "25.4x25.4\",,move R1,\"4:f1 20,30 22,30; 4:e1 38,40 40,40; " R1_MOVE "\",,none\n";
	arb_caseset *cs = NULL;
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	cr_assert(eq(int,
	             arb_caseset_load_text(cs, "cases/regiments/movement/t.csv", text, strlen(text),
	                                   g_rb, &err),
	             ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	arb_verdict *v = NULL;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, g_o, arb_caseset_at(cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "paths");
	const char *want = "log event 4 (F1 move): model e1 belongs to unit E1, not to the acting "
	                   "unit F1";
	cr_assert(strstr(err.message, want) != NULL, "%s", err.message);
	arb_caseset_free(cs);
}

/* G1's move of G1_ROW against a piece of impassable terrain (a square of
 * 1 in at x 39.5 to 40.5) instead of E1: the event's GAP.1 names the
 * terrain piece, as the scenario names it. */
Test(regiments_log, an_event_near_terrain_names_the_piece)
{
	arb_caseset *cs = NULL;
	arb_verdict *v = judge_row(
	    &cs, "L-5,RG.MOV.GAP.1,illegal,," LOG " remaining_moves:G1:move,R1 A - M=4; G1 A - "
	         "M=4; E1 B - M=4,\"" R1_AT "; G1/g1 38.5,40 25.4x25.4; E1/e1 60,10 25.4x25.4\","
	         "\"T1 impassable 39.5,39.5 40.5,39.5 40.5,40.5 39.5,40.5\",move R1,\"4:g1 35,40 "
	         "38.5,40; " R1_MOVE "\",,none");
	const arb_result *r = result_at(v, "RG.MOV.GAP.1", NULL, 4);
	cr_assert(eq(int, (int)r->outcome, (int)ARB_VIOLATED));
	const arb_scenario *s = arb_caseset_at(cs, 0)->scenario;
	cr_assert(r->object == s->terrain[0].id);
	cr_assert(ieee_ulp_eq(dbl, r->measure.figure, 0.5, 4));
	arb_verdict_free(v);
	arb_caseset_free(cs);
}
