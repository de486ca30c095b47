/* test_sh_words_movement.c: Scrollhammer outcomes and words that no
 * verdict shows, of the rulebook's Movement and Terrain sections (SH.MOV.*,
 * SH.TER.*: coherency, difficult terrain read by base or centre, where a
 * model fits), found by the third triage of make mutate's survivors
 * (docs/mutation.md, "Scrollhammer, third triage"); and kRowsSay, the
 * table of rows of the suite across the sections whose outcomes and words
 * no verdict shows. Each test judges a case of cases/scrollhammer/ or a
 * row written for it and checks what its trace says; what is expected is
 * worked out from the rule text and the row's note (quoted beside each),
 * never copied from a run. The suite and its helpers are in
 * test_sh_words_fixture.c (sh_words_fixture.h).
 */
#include "support.h"

#include "arbiter.h"
#include "sh_words_fixture.h"

#include <stddef.h>

/* SH.MOV.COH.3, SH-MOV-COH-007: A1's four models are a connected chain
 * but no single line (the `line` reading is violated for that, not for a
 * link too long: its widest link is within the 1 in). */
Test(sh_words, no_single_line_is_said_so)
{
	const arb_verdict *v = judge_case("movement/hand-coherency.csv", "SH-MOV-COH-007");
	const arb_result *line = result(v, "SH.MOV.COH.3", "line");
	cr_assert(eq(int, line->outcome, ARB_VIOLATED));
	says(line, "no single line links all 4 models");
	const arb_result *chain = result(v, "SH.MOV.COH.3", "connected");
	cr_assert(eq(int, chain->outcome, ARB_HOLDS));
	does_not_say(chain, "no single line");
}

/* SH.TER.2, SH-TER-FIT-002: a1 is placed 3 in from where it "actually" is,
 * where it could fit 2 in from it: the measure is of one model against one
 * point, not of a set, so it names no other shape (oracle/arbiter.h:
 * other is -1 if none). */
Test(sh_words, a_fit_measure_names_no_other_shape)
{
	const arb_verdict *v = judge_case("terrain/hand-fit.csv", "SH-TER-FIT-002");
	const arb_result *r = result(v, "SH.TER.2", NULL);
	cr_assert(eq(int, r->outcome, ARB_VIOLATED));
	cr_assert(r->has_measure);
	cr_assert(eq(dbl, r->measure.figure, 3));
	cr_assert(eq(dbl, r->measure.limit, 2));
	cr_assert(eq(long, r->measure.other, -1));
}

/* SH.TER.DIFF.1 and .3, read by a model's base or by its centre: the words
 * say which (SH-TER-DIFF-001: 2.49 in by the base, 2.00 in by the centre). */
Test(sh_words, terrain_words_say_base_or_centre)
{
	const arb_verdict *v = judge_case("terrain/hand-difficult.csv", "SH-TER-DIFF-001");
	says(result(v, "SH.TER.DIFF.1", "base"), "2.49 in through difficult terrain (its base)");
	says(result(v, "SH.TER.DIFF.1", "centre"),
	     "2.00 in through difficult terrain (its centre)");
	says(result(v, "SH.TER.DIFF.3", "base"), "(its base)");
	says(result(v, "SH.TER.DIFF.3", "centre"), "(its centre)");
}

/* Outcomes and words of rows of the suite that no verdict shows (the third
 * sample's triage, docs/mutation.md): one row each, what is expected worked
 * out from the clause and the row's note. */
typedef struct row_says {
	const char *table, *id, *clause, *reading;
	arb_outcome outcome;
	const char *words; /* in the explanation, or NULL */
} row_says;

static const row_says kRowsSay[] = {
    /* DIFF.5 'engage as many enemy models as possible': a1 engages e1, the
     * one model of E1 */
    {"charge/hand-tolerance.csv", "SH-CHG-TOL-008", "SH.CHG.DIFF.5", NULL, ARB_HOLDS,
     "1 of 1 enemy models engaged"},
    /* SKIRM.4 'the models after the first move along the shortest routes':
     * a2, the one model after the initial charger, goes round impassable T1
     * by the way it must */
    {"charge/hand-skirmish.csv", "SH-CHG-SKIRM-039", "SH.CHG.SKIRM.4", NULL, ARB_HOLDS,
     "the models after the first"},
    /* FIR.4 'may move directly forward at full speed': a1 moves directly
     * forward and its M, of which full speed is all, is not given */
    {"charge/hand-excess.csv", "SH-CHG-EXC-001", "SH.FORM.FIR.4", NULL, ARB_MISSING,
     "its M, of which full speed is all, is not stated"},
    /* MOVE.2 'engage as many opposing models ... as possible': 0 of 1 engaged
     * and how many could be is not given (the note: a1 stops 2 in short) */
    {"charge/hand-move.csv", "SH-CHG-MOVE-017", "SH.CHG.MOVE.2", NULL, ARB_MISSING,
     "how many could be is not stated"},
    /* SKIRM.AGILE.1: 'skirmishers with the Hit and Run special rule leave a
     * Horde: their own rule ... decides, not this clause' (the note) */
    {"formations/hand-combat.csv", "SH-FORM-CMB-033", "SH.FORM.SKIRM.AGILE.1", NULL, ARB_NA,
     "has the Hit and Run special rule"},
    /* RANKS.3 'Excess ranks stand out on the side closer to the side from
     * which the charge came': 'A1 ends y 20..22, its excess standing out 1
     * in on the +y side only (the side it came from)' (the note); read as
     * requiring both sides, violated */
    {"charge/hand-excess.csv", "SH-CHG-EXC-001", "SH.CHG.RANKS.3", "must-centre-half", ARB_VIOLATED,
     "stands out 1.00 in and 0.00 in beyond the two ends of E1's front edge; the charge "
     "came from the first end's side"},
    /* the same mirrored (y -> 48 - y): the excess stands out 1 in at the
     * other end of the edge, the side the charge now came from */
    {"charge/gen-variants.csv", "SH-CHG-EXC-001.my", "SH.CHG.RANKS.3", "must-centre-half",
     ARB_VIOLATED,
     "stands out 0.00 in and 1.00 in beyond the two ends of E1's front edge; the charge "
     "came from the second end's side"},
    /* RANKS.3 with CONV.TOL.1: A1 stops 0.0005 in before e1's edge, no model
     * in base contact: no rank against the edge, no excess to place (the
     * note) */
    {"charge/hand-tolerance.csv", "SH-CHG-TOL-009", "SH.CHG.RANKS.3", "must-centre-half", ARB_NA,
     NULL},
    /* RANKS.3 'the side from which the charge came' with CONV.TOL.1: A1
     * starts 0.0000005 in from the middle of e1's edge, within the error
     * accepted (the note) */
    {"charge/hand-tolerance.csv", "SH-CHG-TOL-010", "SH.CHG.RANKS.3", "must-centre-half", ARB_HOLDS,
     "stands out 0.50 in and 0.50 in beyond the two ends of E1's front edge; the charge "
     "came from the edge's middle"},
    /* MOV.WHICH.3 'If this is the case, declare which models are remaining
     * stationary': a1 moves, a2 and a3 stay, and there is 'no declaration'
     * at all (the note): not one model wrongly left out of it */
    {"movement/hand-which.csv", "SH-MOV-WHICH-007", "SH.MOV.WHICH.3", NULL, ARB_VIOLATED,
     "some models of A1 stay put but none was declared stationary"},
    /* RANKS.4 'Units hanging out over on the edges never wrap around ranks':
     * A1's excess stands out beyond the ends of e1's edge, before its line
     * (EXC-001's note: 'A1 ends y 20..22' at x 28..30) */
    {"charge/hand-excess.csv", "SH-CHG-EXC-001", "SH.CHG.RANKS.4", "centre-half", ARB_HOLDS,
     "every model of A1 stays before E1's front edge"},
    /* RANKS.4 speaks of a charge that reaches its target: A1 stops 0.0005 in
     * short of e1's edge (TOL-009's note) */
    {"charge/hand-tolerance.csv", "SH-CHG-TOL-009", "SH.CHG.RANKS.4", "centre-half", ARB_NA, NULL},
    /* MOVE.5 'they can be moved within 1" of enemy models' with CONV.TOL.1:
     * a1 stops 1.0000005 in from e1, at 1 in within the error accepted
     * (TOL-012's note) */
    {"charge/hand-tolerance.csv", "SH-CHG-TOL-012", "SH.CHG.MOVE.5", NULL, ARB_PERMITS,
     "a1 comes 1.000 in from e1"},
    /* FIR.SIR.1 'A unit that Fights in Ranks, and is not being flanked,
     * gains +1': 'A1 is flanked (status): no bonus for its ranks' (the note) */
    {"formations/hand-combat.csv", "SH-FORM-CMB-007", "SH.FORM.FIR.SIR.1", "per-rank", ARB_NA,
     "A1 is flanked: no bonus for its ranks"},
    /* FIR.7 'should models be out of coherency' read on the last manoeuvre
     * only: A1, in coherency, turns to face another way: 'Read with the
     * condition on the last manoeuvre only, it may' (the note) */
    {"formations/hand-manoeuvre.csv", "SH-FORM-MAN-001", "SH.FORM.FIR.7", "last", ARB_PERMITS,
     "A1 may change its facing or pivot"},
    /* FIR.11 'A model that cannot reform moves as close as it can': 'A1
     * cannot reform' and ends as close as it could (SH-FORM-REF-007) */
    {"formations/hand-reform.csv", "SH-FORM-REF-007", "SH.FORM.FIR.11", NULL, ARB_HOLDS,
     "as close as it can"},
    /* REACT.4 'It may still be charged': 'E1 fled (status falling_back) to
     * x=30, and A1 charges it into contact' (SH-CHG-MOVE-006's note) */
    {"charge/hand-move.csv", "SH-CHG-MOVE-006", "SH.CHG.REACT.4", NULL, ARB_PERMITS,
     "E1 is falling back (it fled) and may still be charged"},
    /* MOV.COH.3 'the models in it must form an imaginary chain': a2 'ends
     * 5.08 in from a1: out of coherency' (SH-CHG-PHASE-018's note): the
     * link named is a1's, the unit's first model */
    {"charge/hand-phase.csv", "SH-CHG-PHASE-018", "SH.MOV.COH.3", "connected", ARB_VIOLATED,
     "a1 to a2 is 5.083 in"},
    /* MOV.DIST.6 'Models cannot, however, voluntarily move off the board':
     * 'base edge at 0.3 - 0.492 = -0.192 in, off the left edge' (the note) */
    {"movement/hand-board.csv", "SH-MOV-BOARD-003", "SH.MOV.DIST.6", NULL, ARB_VIOLATED,
     "a1 moves 0.192 in off the board"},
    /* TER.DANG.5 'No armor saves may be taken against this wound': 'the die
     * shows 1 (1 wound) and no armour save was taken' (the note) */
    {"terrain/hand-dangerous.csv", "SH-TER-DANG-029", "SH.TER.DANG.5", NULL, ARB_HOLDS,
     "1 dangerous terrain wound(s); an armour save was not taken"},
    /* MOV.COH.6 '(or get as close as possible to having restored
     * coherency)': 'gap 2.0157 in, closest_gap 2.0158' (the note) */
    {"movement/hand-disputes.csv", "SH-MOV-DISPUTE-011", "SH.MOV.COH.6", "connected", ARB_PERMITS,
     "closest possible 2.016 in: as close as possible"},
    /* MOV.WHICH.2 'You may decide that only some of the models in a unit are
     * going to move this turn':
     * 'a1 charges onto e1, a2 stays' (SH-CHG-PHASE-018's note) */
    {"charge/hand-phase.csv", "SH-CHG-PHASE-018", "SH.MOV.WHICH.2", NULL, ARB_PERMITS,
     "1 of the 2 models of A1 move"},
    /* MOVE.11 'If a model's base is larger than an enemy model's, it should
     * attempt 2 for 1': a1's 2 in base touches both e1 and e2 (the note) */
    {"charge/hand-move.csv", "SH-CHG-MOVE-022", "SH.CHG.MOVE.11", NULL, ARB_HOLDS,
     "every charging model with a larger base touches as many enemy models"},
    /* MOVE.11 speaks of a base larger than an enemy model's: a1 and e1 are
     * both 25.4 mm */
    {"charge/hand-move.csv", "SH-CHG-MOVE-017", "SH.CHG.MOVE.11", NULL, ARB_NA, NULL},
    /* MULTI.2 'if no models actually reach one of those units': A1 charges
     * E1 alone, no multiple charge, though a1 stops short of it */
    {"charge/hand-move.csv", "SH-CHG-MOVE-017", "SH.CHG.MULTI.2", NULL, ARB_NA, NULL},
    /* FIR.11 'A model that cannot reform moves as close as it can': 'a4 ...
     * moves 3.5 in, more than it can' (the note) */
    {"formations/hand-reform.csv", "SH-FORM-REF-015", "SH.FORM.FIR.11", NULL, ARB_VIOLATED,
     "a4 moves 3.50 in, more than the 3 in it can move"},
};

Test(sh_words, rows_of_the_suite_say_what_the_text_decides)
{
	for (size_t i = 0; i < sizeof kRowsSay / sizeof kRowsSay[0]; i++) {
		const row_says *w = &kRowsSay[i];
		const arb_verdict *v = judge_case(w->table, w->id);
		const arb_result *r = result(v, w->clause, w->reading);
		cr_assert(eq(int, r->outcome, w->outcome), "%s %s: %s (%s)", w->id, w->clause,
		          arb_outcome_name(r->outcome), r->explanation);
		if (w->words)
			says(r, w->words);
		arb_verdict_free(g_v);
		g_v = NULL;
	}
}

/* SH.MOV.COH.6 'must restore coherency in its next Movement phase':
 * SH-MOV-RESTORE-009's A1 (out of coherency, 3.7 in between its bases)
 * stays out of coherency, and whether this is its next Movement phase is
 * not given (no fact next_movement_phase): a missing input, that fact. */
Test(sh_words, whether_this_is_the_next_movement_phase_is_an_input)
{
	g_v = support_judge_text(
	    g_cs, g_rb, g_o, "mem/scrollhammer/movement/x.csv",
	    "id,target,expect,units,models,action\n"
	    "W-10,SH.MOV.COH.6,missing-input,A1 A skirmish M=6 out_of_coherency; "
	    "E1 B horde M=6,\"A1/a1 20,20 32; A1/a2 25,20 32; E1/e1 60,40 "
	    "25\",move A1\n");
	const arb_result *r = result(g_v, "SH.MOV.COH.6", "connected");
	cr_assert(eq(int, r->outcome, ARB_MISSING), "%s", r->explanation);
	cr_assert(eq(str, (char *)r->missing, "next_movement_phase"));
}
