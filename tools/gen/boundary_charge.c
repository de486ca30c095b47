/* boundary_charge.c: gen_boundary's table of the Charge sub-phase
 * (spec/scrollhammer/charge.md). */
#include "boundary.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Charge range: SH.CHG.RANGE.1 (2D6) and SH.CHG.DIFF.2 (3D6)          */
/* ------------------------------------------------------------------ */
/*
 * A horde of one, A1/a1, charges a horde of one, E1/e1, in the close
 * combat phase (context phase=close_combat;round=2), as SH-CHG-RANGE-001
 * and -041 of cases/scrollhammer/charge/hand-range.csv do. Both bases are
 * 25.4 mm (1 in across, r = 0.5). a1 starts at (20, 20) and charges
 * straight along +x a distance D to (20 + D, 20); e1 stands at
 * (20 + D + 1, 20), so a1 ends in base contact with it and the distance
 * between the two at the start (closest points: the initial charger's
 * distance of SH.CHG.FAIL.1) is D as well.
 *
 * Two families, each total T = 2..12 at D = T + offset (the five offsets):
 *   2D6: dice `charge_roll: X Y` with X + Y = T (one pair per total);
 *     the charge range is X + Y (SH.CHG.RANGE.1).
 *   3D6: dice `difficult_check: 6 2; difficult_charge_roll: X Y Z`, the
 *     two lowest summing to T (one triple per total, not always in order),
 *     through the difficult rectangle T1 = [20.75, 21.75] x [15, 25]: a1's
 *     centre crosses it whole for every D >= 1.99 (its base starts 0.25
 *     clear of it, and e1's base starts at 20 + D + 0.5 >= 22.49), so a1
 *     goes through it under both readings of "through". The charge range is
 *     the sum of the two lowest (SH.CHG.DIFF.2, which ranks itself over
 *     RANGE.1: "rather than 2D6"). The check's highest die, 6, is the
 *     allowance of the terrain page's SH.TER.DIFF.3, which a charge
 *     follows; it is never the limit (a1 goes at most 2 in through T1 by
 *     its base), so whether the 3D6 sets the check aside (DIFF.2 over
 *     SH.TER.DIFF.1-3, arguable) does not change the verdict.
 *
 * Answers (the charge page; the movement, terrain and formations pages
 * judge a charge too, "following the same rules as in the Movement phase",
 * and MOVE.4's "up to the 2D6 distance you rolled earlier" sets their
 * distances aside, MOVE.5's "with the exception that" SH.MOV.WAY.1):
 *   RANGE.1 / DIFF.2: value charge_range = T; DIFF.1 holds under its four
 *     readings (both the check and the 3D6 were rolled).
 *   D <= T + tol: the charge can be made (MOVE.9 holds: a1 ends in contact),
 *     MOVE.4 permits (path D <= T), FAIL.1 not applicable; MOVE.2 and
 *     DIFF.5 hold (the one target model is engaged by the one charger),
 *     MOVE.3, .6, .7, .10, SKIRM.2, .3 hold, MOVE.5 permits (WAY.1 is set
 *     aside, and holds under both readings in the close combat phase),
 *     WAY.2 holds (touching is not overlapping), SH.MOV.DIST.1's 6 in is
 *     set aside by MOVE.4: legal.
 *   D > T + tol: e1 is further than the charge range from the initial
 *     charger: the charge fails, "no models are moved", and a1 moved:
 *     FAIL.1 violated (horde: both readings agree); its path D is longer
 *     than the range: MOVE.4 violated (the Movement phase's distances set
 *     aside); MOVE.9 does not apply (the charge cannot be made); the rest
 *     as above: illegal, violates SH.CHG.FAIL.1 SH.CHG.MOVE.4.
 * The printed coordinates give D twice (the path's length, and e1's centre
 * less a1's start less 2r): both are measured again. Every row gets
 * variants `none`.
 */
#define CH_X0  20.0
#define CH_Y   20.0
#define CH_R   (MM_PER_IN / MM_PER_IN / 2.0) /* 25.4 mm bases: r = 0.5 in */
#define CH_TX0 20.75
#define CH_TX1 21.75
#define CH_TY0 15.0
#define CH_TY1 25.0
#define Q_RANGE1                                                                                   \
	"\"Roll 2D6. This is your charge range - the number of inches your "                       \
	"assaulting unit can charge.\""
#define Q_DIFF2CH                                                                                  \
	"\"the unit rolls 3D6, rather than 2D6, and uses the two lowest results as "               \
	"its charge range\""
#define Q_MOVE4 "\"up to the 2D6 distance you rolled earlier\""
#define Q_FAIL1                                                                                    \
	"\"If the initial charger ... is found to be further than its charge range "               \
	"from the unit(s) that it has declared the charge against, the charge fails "              \
	"and no models are moved.\""

void gen_charge_range(table *t)
{
	static const int PAIR[13][2] = {
	    [2] = {1, 1}, [3] = {2, 1}, [4] = {1, 3},  [5] = {4, 1},  [6] = {2, 4},  [7] = {6, 1},
	    [8] = {3, 5}, [9] = {4, 5}, [10] = {6, 4}, [11] = {5, 6}, [12] = {6, 6},
	};
	static const int TRIPLE[13][3] = {
	    [2] = {5, 1, 1},  [3] = {1, 6, 2},  [4] = {3, 1, 3},  [5] = {2, 3, 4},
	    [6] = {6, 3, 3},  [7] = {4, 3, 5},  [8] = {4, 6, 4},  [9] = {5, 4, 6},
	    [10] = {5, 5, 6}, [11] = {6, 5, 6}, [12] = {6, 6, 6},
	};
	for (int fam = 0; fam < 2; fam++) {
		bool d3 = fam == 1;
		for (int T = 2; T <= 12; T++) {
			int range;
			if (d3) {
				const int *x = TRIPLE[T];
				int hi = x[0] > x[1] ? (x[0] > x[2] ? x[0] : x[2])
				                     : (x[1] > x[2] ? x[1] : x[2]);
				range = x[0] + x[1] + x[2] - hi; /* the two lowest */
			} else {
				range = PAIR[T][0] + PAIR[T][1];
			}
			if (range != T)
				die("charge range: the dice for %d give %d", T, range);
			for (int k = 0; k < NOFFS; k++) {
				double D = T + OFFS[k];
				char s0[64], s1[64], se[64], ot[80];
				vec bp0, bp1, bpe;
				pt(s0, sizeof s0, (vec){CH_X0, CH_Y}, &bp0);
				pt(s1, sizeof s1, (vec){CH_X0 + D, CH_Y}, &bp1);
				pt(se, sizeof se, (vec){CH_X0 + D + 2.0 * CH_R, CH_Y}, &bpe);
				row *r = row_new(t);
				check_figure(r->f[C_ID], D, hypot(bp1.x - bp0.x, bp1.y - bp0.y));
				check_figure(r->f[C_ID], D, bpe.x - bp0.x - 2.0 * CH_R);
				if (!(bp1.x > CH_TX1 && bp0.x + CH_R < CH_TX0 &&
				      bpe.x - CH_R > CH_TX1))
					die("%s: the path does not cross T1 whole", r->f[C_ID]);
				bool fails = D > range + TOL;
				setf(r, C_TARGET, "%s", d3 ? "SH.CHG.DIFF.2" : "SH.CHG.RANGE.1");
				if (fails)
					expect(r, "illegal", "SH.CHG.FAIL.1 SH.CHG.MOVE.4", "", "");
				else
					expect(r, "legal", "", "", "");
				setf(r, C_PROFILE, "all");
				setf(r, C_BOARD, "72x48");
				setf(r, C_CONTEXT, "phase=close_combat;round=2");
				setf(r, C_UNITS, "A1 A horde; E1 B horde");
				setf(r, C_MODELS, "A1/a1 %s 25.4; E1/e1 %s 25.4", s0, se);
				if (d3)
					setf(r, C_TERRAIN, "T1 difficult %g,%g %g,%g %g,%g %g,%g",
					     CH_TX0, CH_TY0, CH_TX1, CH_TY0, CH_TX1, CH_TY1, CH_TX0,
					     CH_TY1);
				setf(r, C_ACTION, "charge A1 -> E1");
				setf(r, C_PATHS, "a1 %s %s", s0, s1);
				if (d3)
					setf(
					    r, C_DICE,
					    "difficult_check: 6 2; difficult_charge_roll: %d %d %d",
					    TRIPLE[T][0], TRIPLE[T][1], TRIPLE[T][2]);
				else
					setf(r, C_DICE, "charge_roll: %d %d", PAIR[T][0],
					     PAIR[T][1]);
				setf(r, C_VALUES, "charge_range=%d", range);
				setf(r, C_VARIANTS, "none");
				char dice[64];
				if (d3)
					snprintf(dice, sizeof dice,
					         "3D6 %d %d %d, the two lowest: %d", TRIPLE[T][0],
					         TRIPLE[T][1], TRIPLE[T][2], range);
				else
					snprintf(dice, sizeof dice, "2D6 %d + %d = %d", PAIR[T][0],
					         PAIR[T][1], range);
				setf(r, C_NOTE,
				     "%s / %s / %s: %s; a1 charges D=%.9f in (%s) straight along "
				     "+x from "
				     "x=%g into base contact with e1 (centre at x0 + D + 1, 25.4 "
				     "mm bases), "
				     "e1 D in from a1 at the start%s; close combat phase; D <= "
				     "range + 1e-6: "
				     "%s",
				     d3 ? Q_DIFF2CH : Q_RANGE1, Q_MOVE4, Q_FAIL1, dice, D,
				     offtext(ot, sizeof ot, T, k), CH_X0,
				     d3 ? "; through T1 (x 20.75..21.75), difficult_check 6 2 "
				          "(allowance 6, "
				          "never the limit)"
				        : "",
				     fails ? "no, the charge fails and a1 moved (FAIL.1) further "
				             "than the "
				             "range (MOVE.4)"
				           : "yes, legal");
			}
		}
	}
}
