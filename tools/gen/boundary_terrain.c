/* boundary_terrain.c: gen_boundary's table of Moving Through Terrain
 * (spec/scrollhammer/terrain.md). */
#include "boundary.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Difficult terrain: SH.TER.DIFF.3, the allowance of the check        */
/* ------------------------------------------------------------------ */
/*
 * One model of a horde of one (M=6, no enemy: coherency is trivial and
 * nothing else applies) on a round base of diameter d (25, 32, 40 mm;
 * r = d / 50.8 in) moves straight along +x at y = 24 into the difficult
 * square T1 = [30, 40] x [19, 29]. The line y = 24 is 5 in from both of
 * T1's sides along x, more than r: the base overlaps T1 exactly while the
 * centre's x is in (30 - r, 40 + r), and the centre is in T1 while x is in
 * [30, 40] (docs/encoding/scrollhammer-terrain.md, readings `centre` and
 * `base` of "moving through"). With the path from x = S to x = F:
 *   centre reading: C = overlap of [S, F] with [30, 40]
 *   base reading:   B = overlap of [S, F] with [30 - r, 40 + r]
 * The check is two dice (difficult_check) whose highest is the allowance A
 * (SH.TER.DIFF.2: "roll a 2d6 and pick the highest value"), one pair per
 * A: (1,1) (1,2) (3,1) (4,4) (2,5) (6,3).
 *
 * Two families of rows, each at the five offsets from the limit:
 *   centre family: C = A + offset. For A <= 5 the path starts outside,
 *     S = 30 - (r + 0.1) (the base 0.1 clear of T1), and ends inside at
 *     F = 30 + C: B = C + r. For A = 6 a path from outside would be longer
 *     than 6 in (C + r + 0.1 > 6), so it starts inside, S = 31, F = 31 + C
 *     (the base wholly inside T1 throughout: B = C), and the path's length
 *     C is also judged by the 6 in of SH.MOV.DIST.1.
 *   base family (A <= 5): B = A + offset, the path as above with
 *     C = B - r.
 * Every path is at most 5.9 in long but the A = 6 rows, whose length is C.
 * Answers (the terrain page: DIFF.1 holds, a check was rolled; DIFF.2 gives
 * difficult_allowance = A; DIFF.3 holds under a reading iff its figure is
 * at most A + tol; the movement page: SH.MOV.DIST.1, SH.MOV.1 and
 * SH.MOV.COH.1 are violated iff the path is longer than 6 + tol):
 *   C <= A + tol, B <= A + tol   legal
 *   C <= A + tol <  B            disputed, readings: SH.TER.DIFF.3
 *   A + tol < C (so < B)         illegal: SH.TER.DIFF.3
 * and a path longer than 6 + tol adds SH.MOV.DIST.1 SH.MOV.1 SH.MOV.COH.1
 * to the violated clauses, the verdict illegal (a DIFF.3 whose readings
 * disagree is then not among them; with A = 6 they never do: B = C).
 * Every row gets variants `none`.
 */
#define DT_X0   30.0
#define DT_X1   40.0
#define DT_Y0   19.0
#define DT_Y1   29.0
#define DT_Y    24.0
#define Q_DIFF2 "\"roll a 2d6 and pick the highest value\""
#define Q_DIFF3                                                                                    \
	"\"That value is the furthest any model in the unit may move through difficult "           \
	"terrain during their move this phase.\""

/* The length of [s, e] inside [lo, hi]. */
static double overlap(double s, double e, double lo, double hi)
{
	return fmax(0.0, fmin(e, hi) - fmax(s, lo));
}

void gen_difficult(table *t)
{
	static const int DICE[6][2] = {{1, 1}, {1, 2}, {3, 1}, {4, 4}, {2, 5}, {6, 3}};
	static const double DIAM[3] = {25, 32, 40};
	for (int a = 1; a <= 6; a++)
		for (int fam = 0; fam < 2; fam++) {
			bool base_fam = fam == 1;
			if (base_fam && a == 6)
				continue;
			for (int k = 0; k < NOFFS; k++)
				for (int bi = 0; bi < 3; bi++) {
					double d = DIAM[bi], rad = d / MM_PER_IN / 2.0;
					double fig = a + OFFS[k];
					bool inside = a == 6;
					double c = base_fam ? fig - rad : fig;
					double b = inside ? c : c + rad;
					double sx = inside ? DT_X0 + 1.0 : DT_X0 - (rad + 0.1);
					double ex = inside ? sx + c : DT_X0 + c;
					double len = ex - sx;
					if (!(c > 0.1) || !(ex + rad < DT_X1 - 0.1))
						die("difficult: A=%d: the path does not fit T1", a);
					if (!inside && !(len < MAX_MOVE - 0.1))
						die("difficult: A=%d: a path from outside is too "
						    "long",
						    a);
					char s0[64], s1[64], ot[64];
					vec bp0, bp1;
					pt(s0, sizeof s0, (vec){sx, DT_Y}, &bp0);
					pt(s1, sizeof s1, (vec){ex, DT_Y}, &bp1);
					row *rw = row_new(t);
					double cp = overlap(bp0.x, bp1.x, DT_X0, DT_X1);
					double bp = overlap(bp0.x, bp1.x, DT_X0 - rad, DT_X1 + rad);
					check_figure(rw->f[C_ID], c, cp);
					check_figure(rw->f[C_ID], b, bp);
					check_figure(rw->f[C_ID], len, bp1.x - bp0.x);
					bool c_ok = c <= a + TOL, b_ok = b <= a + TOL;
					bool over6 = len > MAX_MOVE + TOL;
					if (!c_ok && b_ok)
						die("%s: the base reading within, the centre's not",
						    rw->f[C_ID]);
					setf(rw, C_TARGET, "SH.TER.DIFF.3");
					if (over6)
						expect(rw, "illegal",
						       !c_ok
						           ? "SH.MOV.DIST.1 SH.MOV.1 SH.MOV.COH.1 "
						             "SH.TER.DIFF.3"
						           : "SH.MOV.DIST.1 SH.MOV.1 SH.MOV.COH.1",
						       "", "");
					else if (!c_ok)
						expect(rw, "illegal", "SH.TER.DIFF.3", "", "");
					else if (!b_ok)
						expect(rw, "disputed", "", "readings",
						       "SH.TER.DIFF.3");
					else
						expect(rw, "legal", "", "", "");
					setf(rw, C_PROFILE, "all");
					setf(rw, C_BOARD, "72x48");
					setf(rw, C_UNITS, "A1 A horde M=6");
					setf(rw, C_MODELS, "A1/a1 %s %g", s0, d);
					setf(rw, C_TERRAIN, "T1 difficult %g,%g %g,%g %g,%g %g,%g",
					     DT_X0, DT_Y0, DT_X1, DT_Y0, DT_X1, DT_Y1, DT_X0,
					     DT_Y1);
					setf(rw, C_ACTION, "move A1");
					setf(rw, C_PATHS, "a1 %s %s", s0, s1);
					setf(rw, C_DICE, "difficult_check: %d %d", DICE[a - 1][0],
					     DICE[a - 1][1]);
					setf(rw, C_VALUES, "difficult_allowance=%d", a);
					setf(rw, C_VARIANTS, "none");
					setf(rw, C_NOTE,
					     "%s / %s: dice %d %d, allowance %d; %s %s; centre "
					     "reading "
					     "C=%.9f, base reading B=%.9f; round %g mm, r=%.9f; "
					     "path x "
					     "%.9f -> %.9f (%.9f in) at y=%g into T1 (x %g..%g), "
					     "%s%s",
					     Q_DIFF3, Q_DIFF2, DICE[a - 1][0], DICE[a - 1][1], a,
					     base_fam ? "B" : "C", offtext(ot, sizeof ot, a, k), c,
					     b, d, rad, sx, ex, len, DT_Y, DT_X0, DT_X1,
					     inside ? "starting inside: B = C"
					            : "starting 0.1 in clear of it: B = C + r",
					     over6 ? "; the path is longer than 6 in" : "");
				}
		}
}
