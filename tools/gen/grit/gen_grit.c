/*
 * gen_grit.c: writes the boundary case tables of Grit's Movement Phase
 * (spec/grit/movement.md):
 *
 *   DIR/grit/movement/gen-boundary-allowance.csv  GR.MOV.2 where a table would
 *                                                 put the allowance
 *   DIR/grit/movement/gen-boundary-engage.csv     GR.MOV.ENG.1 at a yard
 *   DIR/grit/movement/gen-boundary-shove.csv      GR.MOV.ENG.6 at a yard
 *   DIR/grit/movement/gen-boundary-coherency.csv  GR.MOV.COH.1 where a table
 *                                                 would put the range,
 *                                                 GR.MOV.COH.3 at 10, 20 models
 *   DIR/grit/movement/gen-boundary-difficult.csv  GR.MOV.DIFF.3 where a table
 *                                                 would put the allowance
 *   DIR/grit/movement/gen-boundary-rows.csv       GR.MOV.COH.3: two rows, 10-20
 *   DIR/grit/movement/gen-boundary-tower.csv      GR.MOV.TOWER.1 at a quarter
 *                                                 of the moving model's height
 *   DIR/grit/movement/gen-boundary-morale.csv     every 2D6 outcome of the
 *                                                 morale check, GR.MOV.MORALE.*,
 *                                                 GR.MOV.BROKEN.1, GR.MOV.BRAVE.1
 *
 * Usage: gen_grit DIR (tools/gen/gen-cases.sh runs it).
 *
 * DESIGN principle 4: the expected columns come from the short formulas of
 * each table below, written from the text and apart from the predicates
 * (this program links with nothing of the oracle). The numbers of the text
 * are constants here on purpose: when an editor changes them in spec/,
 * these rows are the verdicts that change. The scale is CONV.UNIT.3's, one
 * inch on the table to the yard, so a figure in yards is the same number in
 * inches. Limits are tried at the offsets of boundary_table.c (limit - 0.01,
 * at it, + 1e-7 inside the tolerance, + 0.001 and + 0.01 outside); rows at
 * the limit get variants `none`, as printing a transformed copy re-rounds.
 *
 * Round bases only (25, 32, 40, 50, 60 mm): the distance between two is
 * the distance of their centres less both radii.
 *
 * The allowance (GR.MOV.2) and the unit coherency range (GR.MOV.COH.2) are
 * "on the table below", and the text has no table: a move is a gap of
 * GR.MOV.2 at any length, and a unit of two or more models a gap of
 * GR.MOV.COH.1 and GR.MOV.COH.2 (and .3 from 10 models) at any spacing.
 * The tables of the allowance, the range and the doubled cost keep their
 * figures around where a table of 3, 6 or 8.5 yd, 1 or 2 yd, 8 or 10 yd
 * would put the limit: the verdict must not change across them. The
 * limits themselves are tried with an errata table in tests/test_grit.c.
 */
#include "../boundary.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define YARD       1.0  /* CONV.UNIT.3 [1"]{yard} */
#define ENGAGE     1.0  /* GR.MOV.ENG.1 [a yard]{engage_range}, in yards */
#define SHOVE      1.0  /* GR.MOV.ENG.6 [a yard]{shove_range}, in yards */
#define COH_STEP   10.0 /* GR.MOV.COH.3 [10]{coherency_step} */
#define ROUND_STEP 2.0  /* GR.MOV.MORALE.5 "every [two]{round_step} rounds" */
#define ROUND_MOD  1.0  /* GR.MOV.MORALE.5 [+1]{round_modifier} */
#define WOUND_STEP 2.0  /* GR.MOV.MORALE.6 "every [two]{wound_step} wounds" */
#define WOUND_MOD  1.0  /* GR.MOV.MORALE.6 [+1]{wound_modifier} */
#define BRAVE_FACE 1    /* GR.MOV.BRAVE.1 "double [1]{bravery_face}s" */
#define TOWER      0.25 /* GR.MOV.TOWER.1 [a quarter]{tower_share} */
#define TALL       2.0  /* the moving model's height in the difficult rows (in) */

#define NROUND 5
static const double ROUND_MM[NROUND] = {25, 32, 40, 50, 60};

static double radius(double d_mm)
{
	return d_mm / MM_PER_IN / 2.0;
}

#define Q_MOV2                                                                                     \
	"'How far models can move and any limitations on it are based on how they move on the "    \
	"table below'"
#define Q_ENG1                                                                                     \
	"'If a model in a unit ends its movement within a yard of an enemy model, then both "      \
	"models are considered engaged.'"
#define Q_ENG6                                                                                     \
	"'If failed, the controller of the model you charged may move the charger up to a yard "   \
	"in any direction.'"
#define Q_COH1                                                                                     \
	"'All models in a unit must end their movements within unit coherency range of at least "  \
	"one other model in their same unit.'"
#define Q_NOTABLE                                                                                  \
	" No table: how far models move (GR.MOV.2) and the unit coherency range (GR.MOV.COH.2) "   \
	"are 'on the table below', which the text does not have: a gap at any figure."
#define Q_COH3                                                                                     \
	"'For every 10 models in the unit each model must end their moves within an additional "   \
	"model in their unit.'"

/* ------------------------------------------------------------------ */
/* GR.MOV.2: a lone model (profile lenient) moves L = A + offset        */
/* ------------------------------------------------------------------ */
/*
 * Where a table of 3, 6 or 8.5 yd would put the allowance A, the model
 * moves straight from (36, 24) at each of the five angles. Without the
 * table every length is a gap of GR.MOV.2 (a lone model, profile lenient:
 * GR.MOV.COH.1 asks nothing of it).
 */
static void gen_allowance(table *t)
{
	static const double A[] = {3, 6, 8.5};
	for (size_t s = 0; s < sizeof A / sizeof A[0]; s++)
		for (int k = 0; k < NOFFS; k++)
			for (int j = 0; j < NANGLES; j++) {
				double L = A[s] + OFFS[k], a = ANGLES[j],
				       d = ROUND_MM[(k + j) % NROUND];
				vec p0 = {36, 24}, p1 = add(p0, scale(dir(a), L * YARD)), b0, b1;
				char s0[64], s1[64], ot[64];
				pt(s0, sizeof s0, p0, &b0);
				pt(s1, sizeof s1, p1, &b1);
				row *r = row_new(t);
				check_figure(r->f[C_ID], L * YARD, hypot(b1.x - b0.x, b1.y - b0.y));
				setf(r, C_TARGET, "GR.MOV.2");
				expect(r, "disputed", "", "gap", "GR.MOV.2");
				setf(r, C_PROFILE, "lenient");
				setf(r, C_UNITS, "A1 A -; E1 B -");
				setf(r, C_MODELS, "A1/a1 %s %g; E1/e1 70,46 25", s0, d);
				setf(r, C_ACTION, "move A1");
				setf(r, C_PATHS, "a1 %s %s", s0, s1);
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
				setf(r, C_NOTE,
				     "%s: the model moves %.7f yd (%s a table's %g yd) at %g "
				     "degrees.%s",
				     Q_MOV2, L, offtext(ot, sizeof ot, A[s], k), A[s], a,
				     Q_NOTABLE);
			}
}

/* ------------------------------------------------------------------ */
/* GR.MOV.ENG.1: a lone model ends at gap c from an enemy model         */
/* ------------------------------------------------------------------ */
/*
 * The enemy e1 stands at E = (36, 24); the mover comes straight at it
 * along -u (u at angle a) and stops with its centre at E + (c + r1 + r2)u,
 * c = 1 yd + offset, having moved 4 yd. c <= 1 + tol: engaged = 1, and the
 * move caused it (it started 4 yd further): charged = 1; line of sight at
 * the start is given, so initiative_check = 0. Otherwise engaged = 0 and
 * charged = 0. Either way a gap of GR.MOV.2 (no table; profile lenient).
 * Every pair of the five round bases at every offset: 125 rows.
 */
static void gen_engage(table *t)
{
	int idx = 0;
	for (int k = 0; k < NOFFS; k++)
		for (int i = 0; i < NROUND; i++)
			for (int j = 0; j < NROUND; j++, idx++) {
				double a = ANGLES[idx % NANGLES], r1 = radius(ROUND_MM[i]),
				       r2 = radius(ROUND_MM[j]), c = ENGAGE * YARD + OFFS[k];
				vec u = dir(a), e = {36, 24};
				vec p1 = add(e, scale(u, c + r1 + r2)), p0 = add(p1, scale(u, 4.0));
				char s0[64], s1[64], ot[64];
				vec b0, b1;
				pt(s0, sizeof s0, p0, &b0);
				pt(s1, sizeof s1, p1, &b1);
				row *r = row_new(t);
				check_figure(r->f[C_ID], c,
				             hypot(b1.x - e.x, b1.y - e.y) - r1 - r2);
				bool in = c <= ENGAGE * YARD + TOL;
				setf(r, C_TARGET, "GR.MOV.ENG.1");
				expect(r, "disputed", "", "gap", "GR.MOV.2");
				setf(r, C_PROFILE, "lenient");
				setf(r, C_UNITS, "A1 A -; E1 B -");
				setf(r, C_MODELS, "A1/a1 %s %g; E1/e1 36,24 %g", s0, ROUND_MM[i],
				     ROUND_MM[j]);
				setf(r, C_ACTION, "move A1");
				setf(r, C_PATHS, "a1 %s %s", s0, s1);
				setf(r, C_FACTS, "line_of_sight_at_start=true");
				setf(r, C_VALUES,
				     in ? "engaged=1;charged=1;initiative_check=0"
				        : "engaged=0;charged=0;initiative_check=-");
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
				setf(r, C_NOTE,
				     "%s: a1 (%g mm) ends %.7f yd (%s) from e1 (%g mm): %s.%s",
				     Q_ENG1, ROUND_MM[i], c, offtext(ot, sizeof ot, ENGAGE, k),
				     ROUND_MM[j],
				     in ? "engaged, and the move charged" : "not engaged",
				     Q_NOTABLE);
			}
}

/* ------------------------------------------------------------------ */
/* GR.MOV.ENG.6: the failed charger moved L = 1 yd + offset             */
/* ------------------------------------------------------------------ */
/*
 * A1 (engaged, charged; one model) stands 0.5 in from e1 and failed its
 * Initiative check; e1's controller (displaced_by=charged) moves it
 * straight away from e1 by L. Every pair of
 * the five round bases at every offset: 125 rows. L <= 1 + tol:
 * GR.MOV.ENG.6 permits, and its words rank it over GR.MOV.ENG.2: legal,
 * and it ends 0.5 + L > 1 yd away: engaged = 0. Otherwise illegal by
 * GR.MOV.ENG.6 (too far) and GR.MOV.ENG.2 (nothing ranks it then).
 */
static void gen_shove(table *t)
{
	int idx = 0;
	for (int k = 0; k < NOFFS; k++)
		for (int i = 0; i < NROUND; i++)
			for (int j = 0; j < NROUND; j++, idx++) {
				double a = ANGLES[idx % NANGLES], r1 = radius(ROUND_MM[i]),
				       r2 = radius(ROUND_MM[j]), L = SHOVE * YARD + OFFS[k];
				vec u = dir(a), e = {36, 24};
				vec p0 = add(e, scale(u, 0.5 + r1 + r2)), p1 = add(p0, scale(u, L));
				char s0[64], s1[64], ot[64];
				vec b0, b1;
				pt(s0, sizeof s0, p0, &b0);
				pt(s1, sizeof s1, p1, &b1);
				row *r = row_new(t);
				check_figure(r->f[C_ID], L, hypot(b1.x - b0.x, b1.y - b0.y));
				bool ok = L <= SHOVE * YARD + TOL;
				setf(r, C_TARGET, "GR.MOV.ENG.6");
				if (ok)
					expect(r, "legal", "", "", "");
				else
					expect(r, "illegal", "GR.MOV.ENG.2 GR.MOV.ENG.6", "", "");
				setf(r, C_UNITS, "A1 A - engaged charged; E1 B - engaged");
				setf(r, C_MODELS, "A1/a1 %s %g; E1/e1 36,24 %g", s0, ROUND_MM[i],
				     ROUND_MM[j]);
				setf(r, C_ACTION, "displace A1");
				setf(r, C_PATHS, "a1 %s %s", s0, s1);
				setf(r, C_FACTS,
				     "initiative_check_passed=false;displaced_by=charged");
				setf(r, C_VALUES, "engaged=0");
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
				setf(r, C_NOTE,
				     "%s: the check failed and a1 (%g mm) is moved by the "
				     "controller of "
				     "e1 %.7f yd (%s)%s",
				     Q_ENG6, ROUND_MM[i], L, offtext(ot, sizeof ot, SHOVE, k),
				     ok ? ""
				        : ": more than a yard, and then 'Engaged models cannot "
				          "move'");
			}
}

/* ------------------------------------------------------------------ */
/* Coherency: a line of n 25 mm models, gap g = R + offset              */
/* ------------------------------------------------------------------ */
/*
 * n models in a straight line at angle a, centres 0.984 + g apart, none
 * moving (they still 'end their movements' where they stand), g around
 * where a table of 1 or 2 yd would put the range R. With a table, an end
 * model would have one other within R when g <= R + tol, none otherwise,
 * and GR.MOV.COH.3 (n >= 10) would ask 1 + floor(n / 10) >= 2 of each.
 * Without it: a gap of GR.MOV.COH.1 and GR.MOV.COH.2, and of GR.MOV.COH.3
 * from 10 models, at every g. n in 2, 9, 10, 11, 19, 20, 21; profile all.
 */
static void gen_grit_coherency(table *t)
{
	static const int N[] = {2, 9, 10, 11, 19, 20, 21};
	static const double R[] = {1, 2};
	static const double A[] = {0, 37, 210};
	int idx = 0;
	for (size_t s = 0; s < sizeof R / sizeof R[0]; s++)
		for (size_t q = 0; q < sizeof N / sizeof N[0]; q++)
			for (int k = 0; k < NOFFS; k++, idx++) {
				int n = N[q];
				double g = R[s] * YARD + OFFS[k], step = 25.0 / MM_PER_IN + g;
				double a = A[idx % 3];
				vec u = dir(a), p = a > 180 ? (vec){68, 44} : (vec){4, 4};
				char models[8192] = "", one[96], ot[64];
				size_t len = 0;
				for (int m = 0; m < n; m++) {
					char s0[64];
					pt(s0, sizeof s0, add(p, scale(u, step * m)), NULL);
					len += (size_t)snprintf(one, sizeof one, "%sA1/m%d %s 25",
					                        m ? "; " : "", m + 1, s0);
					if (len >= sizeof models)
						die("coherency row: too many models");
					strcat(models, one);
				}
				row *r = row_new(t);
				vec b0, b1;
				char c0[64], c1[64];
				pt(c0, sizeof c0, p, &b0);
				pt(c1, sizeof c1, add(p, scale(u, step)), &b1);
				check_figure(r->f[C_ID], g,
				             hypot(b1.x - b0.x, b1.y - b0.y) - 25.0 / MM_PER_IN);
				bool many = n >= COH_STEP;
				int need = 1 + (int)floor(n / COH_STEP);
				setf(r, C_TARGET, many ? "GR.MOV.COH.3" : "GR.MOV.COH.1");
				expect(r, "disputed", "", "gap",
				       many ? "GR.MOV.COH.1 GR.MOV.COH.2 GR.MOV.COH.3"
				            : "GR.MOV.COH.1 GR.MOV.COH.2");
				setf(r, C_UNITS, "A1 A -; E1 B -");
				setf(r, C_MODELS, "%s; E1/e1 70,2 25", models);
				setf(r, C_ACTION, "move A1");
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
				setf(r, C_NOTE,
				     "%s / %s: %d models in a line, %.7f yd apart (%s a table's %g "
				     "yd); each must have %d other(s) within the range.%s",
				     Q_COH1, Q_COH3, n, g, offtext(ot, sizeof ot, R[s], k), R[s],
				     need, Q_NOTABLE);
			}
}

/* ------------------------------------------------------------------ */
/* Morale: every outcome of 2D6 for eight units and battles             */
/* ------------------------------------------------------------------ */
/*
 * A1 (Grit G, Sagacity S, Initiative 4; two models at x 30) starts within
 * perception range of allied corpses (so it must check: GR.MOV.MORALE.2)
 * and moves 5 yd left: away from the only cover (x 40 to
 * 42) and towards the table edge of its deployment zone (left, x 0).
 *   total = d1 + d2 + floor(rounds / 2) * 1 + floor(wounds / 2) * 1
 *   double 1s: passed whatever the total (GR.MOV.BRAVE.1, whose words rank
 *     it over GR.MOV.MORALE.8, .9 and GR.MOV.BROKEN.1-3): inspired, and
 *     BROKEN.1's answer is set aside (broken not given);
 *   total <= G: passed, moves as normal: broken = 0;
 *   either way the move is a gap of the missing tables (GR.MOV.2 how far,
 *     GR.MOV.COH.1 and .2 the range of its two models);
 *   total > G, not in cover: must move towards cover and moves away:
 *     illegal by GR.MOV.MORALE.8; in cover (the last four of the twelve
 *     sets): must remain still and moves: illegal by GR.MOV.MORALE.9;
 *     broken = 1 when total > G + S (then it moves towards its edge, as
 *     GR.MOV.BROKEN.2 asks), else 0.
 */
static void gen_morale(table *t)
{
	static const struct {
		int g, s, rounds, wounds;
		bool cover;
	} SET[] = {{7, 3, 0, 0, false}, {5, 2, 3, 5, false},  {9, 1, 4, 1, false},
	           {2, 0, 0, 0, false}, {12, 0, 6, 2, false}, {8, 4, 1, 3, false},
	           {6, 6, 2, 0, false}, {10, 2, 0, 7, false}, {7, 3, 0, 0, true},
	           {4, 4, 2, 2, true},  {11, 1, 5, 0, true},  {6, 0, 0, 9, true}};
	for (size_t q = 0; q < sizeof SET / sizeof SET[0]; q++)
		for (int d1 = 1; d1 <= 6; d1++)
			for (int d2 = 1; d2 <= 6; d2++) {
				int g = SET[q].g, sg = SET[q].s;
				int total =
				    d1 + d2 +
				    (int)floor(SET[q].rounds / ROUND_STEP) * (int)ROUND_MOD +
				    (int)floor(SET[q].wounds / WOUND_STEP) * (int)WOUND_MOD;
				bool ones = d1 == BRAVE_FACE && d2 == BRAVE_FACE;
				bool failed = total > g, broken = total > g + sg;
				row *r = row_new(t);
				if (ones) {
					setf(r, C_TARGET, "GR.MOV.BRAVE.1");
					expect(r, "disputed", "", "gap",
					       "GR.MOV.2 GR.MOV.COH.1 GR.MOV.COH.2");
					setf(r, C_VALUES,
					     "morale_total=%d;morale_passed=1;inspired=1;broken=-",
					     total);
				} else if (!failed) {
					setf(r, C_TARGET, "GR.MOV.MORALE.7");
					expect(r, "disputed", "", "gap",
					       "GR.MOV.2 GR.MOV.COH.1 GR.MOV.COH.2");
					setf(r, C_VALUES, "morale_total=%d;broken=0;inspired=-",
					     total);
				} else if (SET[q].cover) {
					setf(r, C_TARGET, "GR.MOV.MORALE.9");
					expect(r, "illegal", "GR.MOV.MORALE.9", "", "");
					setf(r, C_VALUES, "morale_total=%d;broken=%d;inspired=-",
					     total, broken ? 1 : 0);
				} else {
					setf(r, C_TARGET,
					     broken ? "GR.MOV.BROKEN.1" : "GR.MOV.MORALE.8");
					expect(r, "illegal", "GR.MOV.MORALE.8", "", "");
					setf(r, C_VALUES, "morale_total=%d;broken=%d;inspired=-",
					     total, broken ? 1 : 0);
				}
				setf(r, C_UNITS, "A1 A - Grit=%d Sagacity=%d I=4; E1 B -", g, sg);
				setf(r, C_MODELS,
				     "A1/a1 30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25");
				setf(r, C_TERRAIN, "T1 cover 40,8 42,8 42,14 40,14");
				setf(r, C_ACTION, "move A1");
				setf(r, C_PATHS, "a1 30,10 25,10; a2 30,11.5 25,11.5");
				setf(r, C_FACTS,
				     "allied_corpses_in_range=true;"
				     "rounds_completed=%d;corpse_wounds=%d;in_cover=%s;"
				     "deployment_edge=left",
				     SET[q].rounds, SET[q].wounds, SET[q].cover ? "true" : "false");
				setf(r, C_DICE, "morale_check: %d %d", d1, d2);
				setf(r, C_VARIANTS, "none");
				setf(
				    r, C_NOTE,
				    "'roll 2D6; trying to roll equal to or under the unit's Grit', "
				    "'+1 "
				    "... for every two rounds completed' and 'for every two "
				    "wounds': "
				    "%d + %d + %d + %d = %d against Grit %d (Grit + Sagacity "
				    "%d)%s%s",
				    d1, d2, (int)floor(SET[q].rounds / ROUND_STEP),
				    (int)floor(SET[q].wounds / WOUND_STEP), total, g, g + sg,
				    ones      ? ": double 1s, 'they automatically pass the test "
				                "regardless'"
				    : !failed ? ": passed, 'the unit can move as normal'"
				    : SET[q].cover
				        ? ": over Grit and in cover, 'they remain still', and it "
				          "moves"
				    : broken
				        ? ": broken, and over Grit: it must move towards cover "
				          "too, and moves away"
				        : ": over Grit, 'they must move towards the nearest piece "
				          "of "
				          "cover', and it moves away",
				    ones || !failed ? "." Q_NOTABLE : "");
			}
}

/* ------------------------------------------------------------------ */
/* Difficult terrain: the cost of crossing it at the allowance          */
/* ------------------------------------------------------------------ */
/*
 * A lone model (profile lenient) crosses a strip of difficult terrain 1 in
 * wide and 20 in long straight across, its path starting 1 in before the
 * strip's reach (x0 - r - 1) and ending beyond it. Its base overlaps the
 * strip along w + 2r of the path, which costs double (GR.MOV.DIFF.3):
 * cost = L + w + 2r, and L is chosen so that cost = A + offset, A where a
 * table of 8 or 10 yd would put the allowance. Without the table:
 * The model stands TALL (2 in); the strip 1 in (more than a quarter of 2 in)
 * or 0.25 in (at most a quarter): "towered" below.
 *   not towered: GR.MOV.3 is violated (through terrain), and
 *     GR.MOV.DIFF.3 cannot say whether the crossing fits the allowance:
 *     with a table it would be a conflict where the cost fits and illegal
 *     where it does not, so without one it is a gap of GR.MOV.2, GR.MOV.3
 *     and GR.MOV.DIFF.3, GR.MOV.3 violated (docs/encoding/grit-needs.md 12);
 *   towered: GR.MOV.TOWER.1 permits and its words set GR.MOV.3
 *     aside; how far is a gap of GR.MOV.2.
 * Paths along +x or +y (the strip turned with them).
 */
static void gen_grit_difficult(table *t)
{
	static const double A[] = {8, 10};
	const double w = 1.0;
	int idx = 0;
	for (size_t s = 0; s < sizeof A / sizeof A[0]; s++)
		for (int k = 0; k < NOFFS; k++)
			for (int i = 0; i < NROUND; i++)
				for (int tw = 0; tw < 2; tw++, idx++) {
					double r = radius(ROUND_MM[i]), cost = A[s] + OFFS[k];
					double L = cost - w - 2 * r, x0 = 30.0;
					bool vert = idx % 2 == 1;
					double a0 = x0 - r - 1.0, a1 = a0 + L;
					/* towered: a strip at most a quarter of a1's height */
					double h = tw ? TOWER * TALL / 2 : TOWER * TALL * 2;
					if (a1 < x0 + w + r)
						die("difficult row %d: the path does not cross the "
						    "strip",
						    idx);
					char s0[64], s1[64], ter[256], ot[64];
					vec p0 = vert ? (vec){24, a0} : (vec){a0, 24};
					vec p1 = vert ? (vec){24, a1} : (vec){a1, 24};
					vec b0, b1;
					pt(s0, sizeof s0, p0, &b0);
					pt(s1, sizeof s1, p1, &b1);
					if (vert)
						snprintf(ter, sizeof ter,
						         "T1 difficult height=%g 14,%g 34,%g 34,%g "
						         "14,%g",
						         h, x0, x0, x0 + w, x0 + w);
					else
						snprintf(ter, sizeof ter,
						         "T1 difficult height=%g %g,14 %g,14 %g,34 "
						         "%g,34",
						         h, x0, x0 + w, x0 + w, x0);
					row *r_ = row_new(t);
					check_figure(r_->f[C_ID], cost,
					             hypot(b1.x - b0.x, b1.y - b0.y) + w + 2 * r);
					setf(r_, C_TARGET, tw ? "GR.MOV.TOWER.1" : "GR.MOV.DIFF.3");
					if (!tw)
						expect(r_, "disputed", "GR.MOV.3", "gap",
						       "GR.MOV.2 GR.MOV.3 GR.MOV.DIFF.3");
					else
						expect(r_, "disputed", "", "gap", "GR.MOV.2");
					setf(r_, C_PROFILE, "lenient");
					setf(r_, C_UNITS, "A1 A - height=%g; E1 B -", TALL);
					setf(r_, C_MODELS, "A1/a1 %s %g; E1/e1 70,46 25", s0,
					     ROUND_MM[i]);
					setf(r_, C_TERRAIN, "%s", ter);
					setf(r_, C_ACTION, "move A1");
					setf(r_, C_PATHS, "a1 %s %s", s0, s1);
					setf(r_, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
					setf(
					    r_, C_NOTE,
					    "'Moving across difficult terrain costs double the "
					    "normal "
					    "amount.': %.7f yd moved, %.7f of it across T1 (%g mm "
					    "base), "
					    "costs %.7f yd (%s a table's %g yd); a1 stands %g in, "
					    "T1 %g in: %s.%s",
					    L, w + 2 * r, ROUND_MM[i], cost,
					    offtext(ot, sizeof ot, A[s], k), A[s], TALL, h,
					    tw ? "at most a quarter of a1's height, 'they can move "
					         "through/over it unabated'"
					       : "more than a quarter of a1's height, 'Models "
					         "cannot move ... through terrain'",
					    Q_NOTABLE);
				}
}

/* ------------------------------------------------------------------ */
/* GR.MOV.TOWER.1: what a model moves through at a quarter of its height */
/* ------------------------------------------------------------------ */
/*
 * A lone 25 mm model (profile lenient) H in tall moves 6 in along +x
 * straight through a 25 mm friendly, a 25 mm enemy or a 1 in square of
 * cover set on its path, h = H / 4 + offset in tall. At most a quarter
 * (offset <= the tolerance): GR.MOV.TOWER.1 permits and its words set
 * GR.MOV.3 aside; how far is a gap of GR.MOV.2. Over it: GR.MOV.3 is
 * violated and nothing sets it aside: illegal. The enemy stands 3 in from
 * where a1 ends, further than a yard: no engagement.
 */
static void gen_tower(table *t)
{
	static const double H[] = {1, 2, 3.2};
	static const char *const WHAT[] = {"friendly", "enemy", "cover"};
	for (size_t s = 0; s < sizeof H / sizeof H[0]; s++)
		for (int k = 0; k < NOFFS; k++)
			for (int w = 0; w < 3; w++) {
				double q = TOWER * H[s], h = q + OFFS[k];
				bool towered = OFFS[k] <= 1e-6;
				char ot[64];
				row *r = row_new(t);
				setf(r, C_TARGET, "%s", towered ? "GR.MOV.TOWER.1" : "GR.MOV.3");
				if (towered)
					expect(r, "disputed", "", "gap", "GR.MOV.2");
				else
					expect(r, "illegal", "GR.MOV.3", "", "");
				setf(r, C_PROFILE, "lenient");
				if (w == 0) {
					setf(r, C_UNITS,
					     "A1 A - height=%g; F1 A - height=%.7f; E1 B -", H[s],
					     h);
					setf(r, C_MODELS,
					     "A1/a1 20,24 25; F1/f1 23,24 25; E1/e1 70,46 25");
				} else if (w == 1) {
					setf(r, C_UNITS, "A1 A - height=%g; E1 B -", H[s]);
					setf(r, C_MODELS,
					     "A1/a1 20,24 25; E1/e1 23,24 25 height=%.7f", h);
				} else {
					setf(r, C_UNITS, "A1 A - height=%g; E1 B -", H[s]);
					setf(r, C_MODELS, "A1/a1 20,24 25; E1/e1 70,46 25");
					setf(r, C_TERRAIN,
					     "T1 cover height=%.7f 22.5,23.5 23.5,23.5 "
					     "23.5,24.5 22.5,24.5",
					     h);
				}
				setf(r, C_ACTION, "move A1");
				setf(r, C_PATHS, "a1 20,24 26,24");
				setf(r, C_VARIANTS, "all");
				setf(r, C_NOTE,
				     "'If a model, both combatants and terrain, is less than or "
				     "equal to a quarter of a moving model's height, then they can "
				     "move through/over it unabated': a1 stands %g in and moves "
				     "through the %s, %.7f in tall (%s a quarter, %g in): %s.%s",
				     H[s], WHAT[w], h, offtext(ot, sizeof ot, q, k), q,
				     towered ? "unabated, ranked over GR.MOV.3"
				             : "more than a quarter, so 'Models cannot move "
				               "through friendlies, enemies, through terrain'",
				     towered ? Q_NOTABLE : "");
			}
}

/* ------------------------------------------------------------------ */
/* Coherency in two rows: the diagonal at the range                     */
/* ------------------------------------------------------------------ */
/*
 * n 25 mm models in rows of 10 (the second row as long as n allows),
 * centres s apart along and across the rows, s chosen so that diagonal
 * neighbours are c = R + offset apart: s = (c + d) / sqrt 2, d = 0.984.
 * Row and file neighbours are then s - d < R apart, next-but-ones far.
 * With a table of R: n = 10 (rows of 5) would always hold, n = 19 and 20
 * only when c <= R. Without it: a gap of GR.MOV.COH.1, .2 and .3 at every c.
 */
static void gen_rows(table *t)
{
	static const int N[] = {10, 19, 20};
	static const double R[] = {1, 2};
	const double d = 25.0 / MM_PER_IN;
	int idx = 0;
	for (size_t q = 0; q < sizeof N / sizeof N[0]; q++)
		for (size_t s = 0; s < sizeof R / sizeof R[0]; s++)
			for (int k = 0; k < NOFFS; k++, idx++) {
				int n = N[q], per = n == 10 ? 5 : 10;
				double c = R[s] + OFFS[k], st = (c + d) / sqrt(2.0);
				bool vert = idx % 2 == 1;
				char models[8192] = "", one[96], ot[64];
				size_t len = 0;
				vec b00 = {0, 0}, b11 = {0, 0};
				for (int m = 0; m < n; m++) {
					double along = 6 + st * (m % per),
					       across = 10 + st * (m / per);
					vec p = vert ? (vec){across, along} : (vec){along, across},
					    back;
					char s0[64];
					pt(s0, sizeof s0, p, &back);
					if (m == 0)
						b00 = back;
					if (m == per + 1)
						b11 = back;
					len += (size_t)snprintf(one, sizeof one, "%sA1/m%d %s 25",
					                        m ? "; " : "", m + 1, s0);
					if (len >= sizeof models)
						die("rows row: too many models");
					strcat(models, one);
				}
				row *r = row_new(t);
				check_figure(r->f[C_ID], c,
				             hypot(b11.x - b00.x, b11.y - b00.y) - d);
				setf(r, C_TARGET, "GR.MOV.COH.3");
				expect(r, "disputed", "", "gap",
				       "GR.MOV.COH.1 GR.MOV.COH.2 GR.MOV.COH.3");
				setf(r, C_UNITS, "A1 A -; E1 B -");
				setf(r, C_MODELS, "%s; E1/e1 70,2 25", models);
				setf(r, C_ACTION, "move A1");
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
				setf(r, C_NOTE,
				     "%s: %d models in rows of %d, diagonal neighbours %.7f yd "
				     "apart (%s a table's %g yd); each must have %d other(s) "
				     "within the range.%s",
				     Q_COH3, n, per, c, offtext(ot, sizeof ot, R[s], k), R[s],
				     1 + (int)floor(n / COH_STEP), Q_NOTABLE);
			}
}

int main(int argc, char **argv)
{
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gen_grit DIR\n"
		                "writes DIR/grit/movement/gen-boundary-*.csv\n");
		return 2;
	}
	char sub[4096];
	if (snprintf(sub, sizeof sub, "%s/grit/movement", argv[1]) >= (int)sizeof sub)
		die("path too long");
	mkdir_p(sub);
	const char *s = "grit/movement";
	table tables[] = {
	    {s, "gen-boundary-allowance.csv", "GR-MOV-BND-MOVE", NULL, 0, 0},
	    {s, "gen-boundary-engage.csv", "GR-MOV-BND-ENG", NULL, 0, 0},
	    {s, "gen-boundary-shove.csv", "GR-MOV-BND-SHOVE", NULL, 0, 0},
	    {s, "gen-boundary-coherency.csv", "GR-MOV-BND-COH", NULL, 0, 0},
	    {s, "gen-boundary-morale.csv", "GR-MOV-BND-MORALE", NULL, 0, 0},
	    {s, "gen-boundary-difficult.csv", "GR-MOV-BND-DIFF", NULL, 0, 0},
	    {s, "gen-boundary-rows.csv", "GR-MOV-BND-ROWS", NULL, 0, 0},
	    {s, "gen-boundary-tower.csv", "GR-MOV-BND-TOWER", NULL, 0, 0},
	};
	gen_allowance(&tables[0]);
	gen_engage(&tables[1]);
	gen_shove(&tables[2]);
	gen_grit_coherency(&tables[3]);
	gen_morale(&tables[4]);
	gen_grit_difficult(&tables[5]);
	gen_rows(&tables[6]);
	gen_tower(&tables[7]);
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		table_write(&tables[i], argv[1]);
		table_free(&tables[i]);
	}
	return 0;
}
