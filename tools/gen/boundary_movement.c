/* boundary_movement.c: gen_boundary's tables of Scrollhammer's Movement
 * phase (spec/scrollhammer/movement.md, formations.md). */
#include "boundary.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define Q_DIST1 "\"Models move up to 6\" in the Movement phase.\""
#define Q_MOV1  "\"up to their maximum movement distance\""
#define Q_WAY1                                                                                     \
	"\"A model cannot move within 1\" of an enemy model unless they are charging "             \
	"into close combat in the close combat phase.\""
#define Q_DIST6 "\"Models cannot, however, voluntarily move off the board.\""
#define Q_COH3                                                                                     \
	"\"the models in it must form an imaginary chain where the distance between "              \
	"one model and the next is no more than a certain value\""

/* ------------------------------------------------------------------ */
/* Distance: SH.MOV.DIST.1 against SH.MOV.1 / SH.MOV.COH.1             */
/* ------------------------------------------------------------------ */
/*
 * One model of a horde of one (coherency is trivial), M given by the unit,
 * moves a straight path of length L at angle a from (36, 24), well inside
 * the board. Question move.distance:
 *   SH.MOV.DIST.1 violated iff L > 6 + tol;
 *   SH.MOV.1 and SH.MOV.COH.1 permit iff L <= M + tol, violated otherwise.
 * So:
 *   L <= 6 and L <= M  legal
 *   L > 6 and L > M    illegal: SH.MOV.DIST.1 SH.MOV.1 SH.MOV.COH.1
 *   L > 6, L <= M      disputed conflict (forbidden and permitted, no
 *                      precedence): violates SH.MOV.DIST.1, disputed all three
 *   L <= 6, L > M      illegal: SH.MOV.1 SH.MOV.COH.1
 * Limits: M=6 at 6; M=8 at 6 and at 8; M=4 at 4 and at 6. Each (limit,
 * offset) gets three rows at three of the five angles (all five in turn);
 * the bases go through the thirteen in turn (they do not change L).
 */
void gen_distance(table *t)
{
	static const struct {
		double m, limit;
		const char *target;
	} SET[] = {
	    {6, 6, "SH.MOV.DIST.1"}, {8, 6, "SH.MOV.DIST.1"}, {8, 8, "SH.MOV.1"},
	    {4, 4, "SH.MOV.1"},      {4, 6, "SH.MOV.DIST.1"},
	};
	size_t nb = 0;
	for (size_t s = 0; s < sizeof SET / sizeof SET[0]; s++)
		for (int k = 0; k < NOFFS; k++)
			for (int j = 0; j < 3; j++) {
				double a = ANGLES[(k * 3 + j + (int)s) % NANGLES];
				const base *b = &BASES[nb++ % NBASES];
				double m = SET[s].m, L = SET[s].limit + OFFS[k];
				vec p0 = {36.0, 24.0}, p1 = add(p0, scale(dir(a), L)), bp0, bp1;
				char s0[64], s1[64], bw[64], bn[64], ot[64];
				pt(s0, sizeof s0, p0, &bp0);
				pt(s1, sizeof s1, p1, &bp1);
				row *r = row_new(t);
				check_figure(r->f[C_ID], L, hypot(bp1.x - bp0.x, bp1.y - bp0.y));
				base_word(bw, sizeof bw, b, b->facing);
				setf(r, C_TARGET, "%s", SET[s].target);
				bool over6 = L > MAX_MOVE + TOL, overm = L > m + TOL;
				if (!over6 && !overm)
					expect(r, "legal", "", "", "");
				else if (over6 && overm)
					expect(r, "illegal", "SH.MOV.DIST.1 SH.MOV.1 SH.MOV.COH.1",
					       "", "");
				else if (over6)
					expect(r, "disputed", "SH.MOV.DIST.1", "conflict",
					       "SH.MOV.1 SH.MOV.COH.1 SH.MOV.DIST.1");
				else
					expect(r, "illegal", "SH.MOV.1 SH.MOV.COH.1", "", "");
				setf(r, C_PROFILE, "all");
				setf(r, C_BOARD, "72x48");
				setf(r, C_UNITS, "A1 A horde M=%g", m);
				setf(r, C_MODELS, "A1/a1 %s %s", s0, bw);
				setf(r, C_ACTION, "move A1");
				setf(r, C_PATHS, "a1 %s %s", s0, s1);
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
				setf(r, C_NOTE,
				     "%s / %s: L=%.9f (%s), M=%g, 6\" cap %s, M %s; %s, move at %g "
				     "degrees",
				     Q_DIST1, Q_MOV1, L, offtext(ot, sizeof ot, SET[s].limit, k), m,
				     over6 ? "exceeded" : "kept", overm ? "exceeded" : "kept",
				     base_name(bn, sizeof bn, b, b->facing), a);
			}
}

/* ------------------------------------------------------------------ */
/* Enemy: SH.MOV.WAY.1, the 1" rule along the path                     */
/* ------------------------------------------------------------------ */
/*
 * A horde of one (M=6) makes a plain `move` of L=5 (so SH.MOV.1, DIST.1,
 * coherency and the board all hold) along u at angle a, from P0 = (36,24)
 * - 2.5u; n is a unit normal to u, on the enemy's side. One enemy model
 * (unit E1 of side B) stands beside the path. Both readings of SH.MOV.WAY.1
 * agree on a `move` (the exception is for charges): the rule is violated
 * iff the closest approach c <= 1 + tol, and nothing permits it, so
 * c <= 1 + tol -> illegal by SH.MOV.WAY.1, else legal. c >= 0.99 so the
 * bases never overlap (SH.MOV.WAY.2 holds).
 *
 * Closest approach beside the path. The moving base sweeps the set
 * S = base + {P0 + s u : 0 <= s <= L}. Along n, S reaches no further than
 * the line n.x = n.P0 + e1, e1 the mover's half-extent along n (the segment
 * adds nothing along n since n.u = 0); the enemy base, centre E, reaches
 * no nearer than n.x = n.E - e2, e2 its half-extent along n. So the
 * distance is at least h - e1 - e2 with h = n.(E - P0). It is exactly that
 * when a point of S on the first line and a point of the enemy on the
 * second have the same coordinate along u: S touches its line along
 * {corner + P0 + s u : 0 <= s <= L}, the enemy touches its line at one
 * point (a corner, or the foot of the centre for a round base). We place
 * the enemy so that its touching point lies at s = L/2 on that segment:
 * E = P0 + sE u + h n with sE = L/2 + a1 - a2, a1 and a2 the u-coordinates
 * of the touching corners relative to each centre (0 for round bases).
 * For round bases this is c = h - r1 - r2; for a rectangle of frontage w
 * and depth d whose facing makes angle t with n, e = (d/2)|cos t| +
 * (w/2)|sin t|. The program checks 0 < sE < L: the enemy stands beside
 * the path, and the path's end is far from it (the approach is swept, not
 * judged at the end only).
 *
 * Each offset x each of the thirteen mover bases, with the enemy base,
 * the angle and the side going round in turn: 65 rows. Then 15 rows head
 * on: round bases, the enemy straight ahead of the path's end,
 * E = P1 + (r1 + r2 + c) u, the closest approach being at the end.
 */
void gen_enemy(table *t)
{
	const double L = 5.0;
	int idx = 0;
	for (int k = 0; k < NOFFS; k++)
		for (int i = 0; i < NBASES; i++, idx++) {
			const base *bm = &BASES[i], *be = &BASES[(i + 3 * k + 1) % NBASES];
			double a = ANGLES[idx % NANGLES], side = (idx % 2) ? -1.0 : 1.0;
			vec u = dir(a), n = scale(dir(a + 90.0), side);
			vec p0 = add((vec){36.0, 24.0}, scale(u, -L / 2)),
			    p1 = add(p0, scale(u, L));
			double c = ENEMY_GAP + OFFS[k], a1, a2;
			double e1 = half_extent(bm, bm->facing, n, u, &a1);
			double e2 = half_extent(be, be->facing, scale(n, -1.0), u, &a2);
			double h = c + e1 + e2, se = L / 2 + a1 - a2;
			if (!(se > 0 && se < L))
				die("enemy row %d: the enemy's touching point falls off the path",
				    idx);
			vec e = add(p0, add(scale(u, se), scale(n, h)));
			char s0[64], s1[64], se_[64], bw1[64], bw2[64], bn1[64], bn2[64], ot[64];
			vec bp0, bp1, be_;
			pt(s0, sizeof s0, p0, &bp0);
			pt(s1, sizeof s1, p1, &bp1);
			pt(se_, sizeof se_, e, &be_);
			row *r = row_new(t);
			/* h measured again from the printed points: the distance of E
			 * from the line of the path. */
			vec du = {bp1.x - bp0.x, bp1.y - bp0.y};
			double len = hypot(du.x, du.y);
			double hp = fabs(du.x * (be_.y - bp0.y) - du.y * (be_.x - bp0.x)) / len;
			check_figure(r->f[C_ID], c, hp - e1 - e2);
			base_word(bw1, sizeof bw1, bm, bm->facing);
			base_word(bw2, sizeof bw2, be, be->facing);
			bool within = c <= ENEMY_GAP + TOL;
			setf(r, C_TARGET, "SH.MOV.WAY.1");
			if (within)
				expect(r, "illegal", "SH.MOV.WAY.1", "", "");
			else
				expect(r, "legal", "", "", "");
			setf(r, C_PROFILE, "all");
			setf(r, C_BOARD, "72x48");
			setf(r, C_UNITS, "A1 A horde M=6; E1 B horde");
			setf(r, C_MODELS, "A1/a1 %s %s; E1/e1 %s %s", s0, bw1, se_, bw2);
			setf(r, C_ACTION, "move A1");
			setf(r, C_PATHS, "a1 %s %s", s0, s1);
			setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
			setf(r, C_NOTE,
			     "%s closest approach c=%.9f (%s) = h - e1 - e2 with h=%.9f, "
			     "e1=%.9f (%s), e2=%.9f (%s); move of 5 at %g degrees passes the "
			     "enemy at %.3f along it",
			     Q_WAY1, c, offtext(ot, sizeof ot, ENEMY_GAP, k), h, e1,
			     base_name(bn1, sizeof bn1, bm, bm->facing), e2,
			     base_name(bn2, sizeof bn2, be, be->facing), a, se);
		}
	for (int k = 0; k < NOFFS; k++)
		for (int j = 0; j < 3; j++, idx++) {
			const base *bm = &BASES[(k + j) % 5], *be = &BASES[(k + 2 * j + 1) % 5];
			double a = ANGLES[idx % NANGLES];
			vec u = dir(a);
			vec p0 = add((vec){36.0, 24.0}, scale(u, -L / 2)),
			    p1 = add(p0, scale(u, L));
			double c = ENEMY_GAP + OFFS[k];
			double r1 = bm->d_mm / MM_PER_IN / 2, r2 = be->d_mm / MM_PER_IN / 2;
			vec e = add(p1, scale(u, r1 + r2 + c));
			char s0[64], s1[64], se_[64], ot[64];
			vec bp0, bp1, be_;
			pt(s0, sizeof s0, p0, &bp0);
			pt(s1, sizeof s1, p1, &bp1);
			pt(se_, sizeof se_, e, &be_);
			row *r = row_new(t);
			check_figure(r->f[C_ID], c, hypot(be_.x - bp1.x, be_.y - bp1.y) - r1 - r2);
			bool within = c <= ENEMY_GAP + TOL;
			setf(r, C_TARGET, "SH.MOV.WAY.1");
			if (within)
				expect(r, "illegal", "SH.MOV.WAY.1", "", "");
			else
				expect(r, "legal", "", "", "");
			setf(r, C_PROFILE, "all");
			setf(r, C_BOARD, "72x48");
			setf(r, C_UNITS, "A1 A horde M=6; E1 B horde");
			setf(r, C_MODELS, "A1/a1 %s %g; E1/e1 %s %g", s0, bm->d_mm, se_, be->d_mm);
			setf(r, C_ACTION, "move A1");
			setf(r, C_PATHS, "a1 %s %s", s0, s1);
			setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "all");
			setf(r, C_NOTE,
			     "%s head on: the move of 5 at %g degrees ends c=%.9f (%s) short of "
			     "the enemy = |E - end| - r1 - r2, r1=%.9f, r2=%.9f",
			     Q_WAY1, a, c, offtext(ot, sizeof ot, ENEMY_GAP, k), r1, r2);
		}
}

/* ------------------------------------------------------------------ */
/* Coherency: SH.MOV.COH.3, SH.MOV.WHICH.4 and the formation clauses    */
/* ------------------------------------------------------------------ */
/*
 * A unit of N = 2..5 models stands in a straight line along u (angle a),
 * centres s apart, s = g + D, D the extent of a base along the line:
 * round bases (D = diameter) or rectangles turned with their facing along
 * the line (D = depth) or across it (D = frontage), so that neighbours face
 * each other with parallel sides and the base-to-base gap is exactly g.
 * (Rectangles turned at other angles are left out: two turned rectangles
 * side by side are further apart than s - D, and the exact figure needs a
 * polygon distance, which is the oracle's business, not this formula's.)
 *
 * One end model moves 0.5" along the line, outwards (its gap was g - 0.5)
 * or inwards (it was g + 0.5), and ends at gap g: every gap of the line is
 * g at the end. Only it moves: a partial move, so SH.MOV.WHICH.2 permits,
 * SH.MOV.WHICH.3 holds (the `stationary` column lists exactly the others)
 * and SH.MOV.WHICH.4 judges coherency with SH.MOV.COH.3. Fight in Ranks
 * only moves inwards (outwards its bases would start overlapping).
 *
 * Readings, the limit being 1 (horde), 2 (skirmish), 0 (fight in ranks:
 * base contact, i.e. the tolerance): models that are not neighbours are
 * 2g + D > limit + tol apart (checked), so the only links are the
 * neighbours'; the line is connected and a single line iff g <= limit +
 * tol: the readings connected and line of SH.MOV.COH.3 and SH.MOV.WHICH.4
 * agree. The formation clause's reading all-pairs is violated as soon as
 * N >= 3 (the end models are 2g + D apart), and agrees with connected when
 * N = 2. With profile `all`:
 *   g <= limit + tol, N = 2   legal
 *   g <= limit + tol, N >= 3  disputed, readings: the formation clause
 *   g >  limit + tol          illegal: SH.MOV.COH.3 SH.MOV.WHICH.4 and the
 *                             formation clause (every reading violated)
 * Profile `chain` picks connected for SH.MOV.COH.3 and the formation
 * clauses (SH.MOV.WHICH.4 keeps both readings, which agree here): it changes
 * only the rows g <= limit + tol, N >= 3, which become legal; they are
 * written again with profile `chain`.
 * values: coherency (SH.MOV.COH.4) = 1, 2 or 0 inches.
 */
void gen_coherency(table *t)
{
	static const struct {
		const char *word, *clause, *quote;
		double limit;
		int ngaps;
		double gaps[NOFFS];
		const char *gapname[NOFFS];
		bool outward;
	} FORM[] = {
	    {"fight_in_ranks",
	     "SH.FORM.FIR.COH",
	     "\"A unit that Fights in Ranks must be in base contact with one another to be in "
	     "Coherency.\"",
	     FIR_COH,
	     4,
	     {0.0, 1e-7, 0.001, 0.01, 0},
	     {"base contact", "within the 1e-6 tolerance", "apart", "apart", ""},
	     false},
	    {"horde",
	     "SH.FORM.HORDE.COH",
	     "\"A Horde must be within 1\" of each other to be in coherency.\"",
	     HORDE_COH,
	     5,
	     {HORDE_COH - 0.01, HORDE_COH, HORDE_COH + 1e-7, HORDE_COH + 0.001, HORDE_COH + 0.01},
	     {"= 1 - 0.01", "exactly 1", "= 1 + 1e-7, within the 1e-6 tolerance", "= 1 + 0.001",
	      "= 1 + 0.01"},
	     true},
	    {"skirmish",
	     "SH.FORM.SKIRM.COH",
	     "\"Skirmishers must be within 2\" of each other to be in coherency.\"",
	     SKIRM_COH,
	     5,
	     {SKIRM_COH - 0.01, SKIRM_COH, SKIRM_COH + 1e-7, SKIRM_COH + 0.001, SKIRM_COH + 0.01},
	     {"= 2 - 0.01", "exactly 2", "= 2 + 1e-7, within the 1e-6 tolerance", "= 2 + 0.001",
	      "= 2 + 0.01"},
	     true},
	};
	/* Line bases: round, or rectangles with facing along (0) or across (90)
	 * the line. */
	static const struct {
		int b;      /* index in BASES (its facing is not used) */
		double rel; /* facing relative to the line */
	} LINE[] = {{0, 0}, {5, 0}, {1, 0}, {9, 90}, {2, 0}, {5, 90}, {3, 0}, {9, 0}, {4, 0}};
	const size_t nline = sizeof LINE / sizeof LINE[0];
	size_t cnt = 0;
	for (size_t fi = 0; fi < sizeof FORM / sizeof FORM[0]; fi++)
		for (int nm = 2; nm <= 5; nm++)
			for (int outward = FORM[fi].outward ? 1 : 0; outward >= 0; outward--)
				for (int k = 0; k < FORM[fi].ngaps; k++, cnt++) {
					const base *b = &BASES[LINE[cnt % nline].b];
					double rel = LINE[cnt % nline].rel;
					double a = ANGLES[cnt % NANGLES];
					double facing = fmod(a + rel, 360.0);
					vec u = dir(a);
					double dd = !b->rect   ? b->d_mm / MM_PER_IN
					            : rel == 0 ? b->dep_mm / MM_PER_IN
					                       : b->w_mm / MM_PER_IN;
					double g = FORM[fi].gaps[k], lim = FORM[fi].limit;
					double sp = g + dd;
					bool within = g <= lim + TOL;
					if (nm >= 3 && !(2 * g + dd > lim + TOL))
						die("coherency: end models within the limit");
					vec o =
					    add((vec){36.0, 24.0}, scale(u, -(nm - 1) * sp / 2));
					bool first = cnt % 2; /* which end moves */
					int mv = first ? 0 : nm - 1;
					vec out = first ? scale(u, -1.0) : u; /* outwards */
					char models[1024] = "", stat[64] = "", path[256] = "";
					char bw[64], p[64], q[64];
					vec pts[5];
					base_word(bw, sizeof bw, b, facing);
					for (int i = 0; i < nm; i++) {
						/* pts[i]: where model i stands once the move is
						 * over */
						vec c = add(o, scale(u, i * sp));
						pt(p, sizeof p, c, &pts[i]);
						if (i == mv) {
							/* it stands at its path's start */
							vec st = add(
							    c, scale(out, outward ? -0.5 : 0.5));
							pt(q, sizeof q, st, NULL);
							snprintf(path, sizeof path, "a%d %s %s",
							         i + 1, q, p);
						} else {
							size_t ls = strlen(stat);
							snprintf(stat + ls, sizeof stat - ls,
							         "%sa%d", ls ? " " : "", i + 1);
						}
						size_t lm = strlen(models);
						snprintf(models + lm, sizeof models - lm,
						         "%sA1/a%d %s %s", i ? "; " : "", i + 1,
						         i == mv ? q : p, bw);
					}
					for (int pass = 0; pass < 2; pass++) {
						bool chain = pass == 1;
						if (chain && !(within && nm >= 3))
							break;
						row *r = row_new(t);
						for (int i = 0; i + 1 < nm; i++)
							check_figure(
							    r->f[C_ID], g,
							    hypot(pts[i + 1].x - pts[i].x,
							          pts[i + 1].y - pts[i].y) -
							        dd);
						setf(r, C_TARGET, "%s",
						     nm == 2 ? "SH.MOV.COH.3" : FORM[fi].clause);
						if (!within)
							expect(r, "illegal", "", "", "");
						if (!within)
							setf(r, C_VIOLATES,
							     "SH.MOV.COH.3 SH.MOV.WHICH.4 %s",
							     FORM[fi].clause);
						else if (nm == 2 || chain)
							expect(r, "legal", "", "", "");
						else
							expect(r, "disputed", "", "readings",
							       FORM[fi].clause);
						setf(r, C_PROFILE, "%s", chain ? "chain" : "all");
						setf(r, C_BOARD, "72x48");
						/* A unit in ranks faces as its models do, so that
						 * its ranks are read along the same direction. */
						if (strcmp(FORM[fi].word, "fight_in_ranks") == 0)
							setf(r, C_UNITS, "A1 A %s M=6 facing=%g",
							     FORM[fi].word, facing);
						else
							setf(r, C_UNITS, "A1 A %s M=6",
							     FORM[fi].word);
						setf(r, C_MODELS, "%s", models);
						setf(r, C_ACTION, "move A1");
						setf(r, C_PATHS, "%s", path);
						setf(r, C_STATIONARY, "%s", stat);
						setf(r, C_VALUES, "coherency=%g", lim);
						setf(r, C_VARIANTS, "%s",
						     g == lim || g == lim + 1e-7 ? "none" : "all");
						char bn[64];
						setf(r, C_NOTE,
						     "%s / %s: %d models in a line, every gap "
						     "g=%.9f (%s; "
						     "limit %g); a%d moves 0.5 %s, the others stay "
						     "(declared); "
						     "end models %.9f apart%s; %s, line at %g "
						     "degrees%s",
						     FORM[fi].quote, Q_COH3, nm, g,
						     FORM[fi].gapname[k], lim, mv + 1,
						     outward ? "outwards" : "inwards",
						     (nm - 1) * g + (nm - 2) * dd,
						     nm >= 3 ? " (all-pairs violated)" : "",
						     base_name(bn, sizeof bn, b, facing), a,
						     chain ? "; profile chain: connected reading"
						           : "");
					}
				}
}

/* ------------------------------------------------------------------ */
/* Board: SH.MOV.DIST.6                                                */
/* ------------------------------------------------------------------ */
/*
 * One model of a horde of one (M=6) moves 4" in a straight line towards an
 * edge (or a corner) and ends overhanging it by o; the path starts well on
 * the board and every coordinate moves monotonically towards the edge, so
 * the end is where the base reaches furthest. With (ex, ey) the
 * half-extents of the base's bounding box (bbox_half: round r, r;
 * rectangles (d/2)|cos f| + (w/2)|sin f| and (d/2)|sin f| + (w/2)|cos f|),
 * the overhang is ex - x (left), x + ex - W (right), ey - y (bottom),
 * y + ey - H (top); at a corner both overhangs are o. The base is off the
 * board iff o > tol (CONV.BOARD.1, CONV.TOL.1).
 *   on the board                  legal (voluntary or not)
 *   off, voluntary                illegal: SH.MOV.DIST.6
 *   off, `involuntary`            legal: SH.MOV.DIST.6 forbids only a
 *                                 voluntary move off the board, and
 *                                 nothing else forbids this one
 * Per edge and offset: three voluntary rows and one involuntary row, the
 * bases going round the thirteen in turn.
 */
void gen_board(table *t)
{
	enum { LEFT, RIGHT, BOTTOM, TOP, CORNER, NEDGES };
	static const char *const EDGE[NEDGES] = {"left", "right", "bottom", "top", "corner"};
	static const double APPROACH[NEDGES][3] = {
	    {143, 210, 180}, {0, 37, 323}, {210, 270, 323}, {37, 90, 143}, {37, 143, 210},
	};
	static const char *const CORNERS[4] = {"top-right", "top-left", "bottom-left",
	                                       "bottom-right"};
	static const double CORNER_ANGLE[4] = {37, 143, 210, 323};
	size_t nb = 0, ncorner = 0;
	for (int e = 0; e < NEDGES; e++)
		for (int k = 0; k < NOFFS; k++)
			for (int j = 0; j < 4; j++) {
				bool invol = j == 3;
				const base *b = &BASES[nb++ % NBASES];
				double o = OFFS[k], a;
				vec h = bbox_half(b, b->facing), end;
				char where[64];
				if (e == CORNER) {
					int c = (int)(ncorner++ % 4);
					a = CORNER_ANGLE[c];
					end.x = (c == 0 || c == 3) ? BOARD_W - h.x + o : h.x - o;
					end.y = (c == 0 || c == 1) ? BOARD_H - h.y + o : h.y - o;
					snprintf(where, sizeof where, "%s corner", CORNERS[c]);
				} else {
					a = APPROACH[e][j % 3];
					end = (vec){BOARD_W / 2, BOARD_H / 2};
					if (e == LEFT)
						end.x = h.x - o;
					else if (e == RIGHT)
						end.x = BOARD_W - h.x + o;
					else if (e == BOTTOM)
						end.y = h.y - o;
					else
						end.y = BOARD_H - h.y + o;
					snprintf(where, sizeof where, "%s edge", EDGE[e]);
				}
				vec start = add(end, scale(dir(a), -4.0)), bs, be;
				char s0[64], s1[64], bw[64], bn[64], ot[64];
				pt(s0, sizeof s0, start, &bs);
				pt(s1, sizeof s1, end, &be);
				row *r = row_new(t);
				double over = fmax(fmax(h.x - be.x, be.x + h.x - BOARD_W),
				                   fmax(h.y - be.y, be.y + h.y - BOARD_H));
				double over0 = fmax(fmax(h.x - bs.x, bs.x + h.x - BOARD_W),
				                    fmax(h.y - bs.y, bs.y + h.y - BOARD_H));
				check_figure(r->f[C_ID], o, over);
				if (!(over0 < -0.5))
					die("%s: the path does not start well on the board",
					    r->f[C_ID]);
				bool off = o > TOL;
				setf(r, C_TARGET, "SH.MOV.DIST.6");
				if (!off)
					expect(r, "legal", "", "", "");
				else if (invol)
					expect(r, "legal", "", "", "");
				else
					expect(r, "illegal", "SH.MOV.DIST.6", "", "");
				base_word(bw, sizeof bw, b, b->facing);
				setf(r, C_PROFILE, "all");
				setf(r, C_BOARD, "72x48");
				setf(r, C_UNITS, "A1 A horde M=6");
				setf(r, C_MODELS, "A1/a1 %s %s", s0, bw);
				setf(r, C_ACTION, "move A1%s", invol ? " involuntary" : "");
				setf(r, C_PATHS, "a1 %s %s", s0, s1);
				setf(r, C_VARIANTS, "%s", near_limit(k) ? "none" : "no-rotate");
				setf(r, C_NOTE,
				     "%s overhang o=%.9f (%s) at the %s, half-extents ex=%.9f "
				     "ey=%.9f (%s); %s move of 4 at %g degrees",
				     Q_DIST6, o, offtext(ot, sizeof ot, 0.0, k), where, h.x, h.y,
				     base_name(bn, sizeof bn, b, b->facing),
				     invol ? "involuntary" : "voluntary", a);
			}
}
