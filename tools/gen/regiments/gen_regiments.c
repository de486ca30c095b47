/*
 * gen_regiments.c: the boundary tables of Regiments' Unit Movement
 * (docs/cases.md, "Generated tables"). Usage: gen_regiments DIR; writes
 * DIR/regiments/movement/gen-boundary-*.csv. The metamorphic variants of
 * the hand tables, turning ones too, are tools/gen/gen_variants.c's.
 *
 * Each row puts one figure just under, at, or just over its limit (OFFS of
 * boundary.h: -0.01, 0, +1e-7, +0.001, +0.01 of the limit) and expects what
 * the text says there. The figures come from these formulas alone, written
 * apart from the predicates (DESIGN principle 4):
 *   - a wheel about a front corner by theta degrees: a point at r from the
 *     corner moves along its arc r * theta * pi / 180 (not the chord); the
 *     outside model of the front rank is the front-rank model farthest from
 *     the corner; its centre (profile conventions, CONV.MOVE.1) or its
 *     base's far corner (profile strict) is the point measured
 *     (RG.MOV.WHEEL.4), against the unit's M;
 *   - every point of a unit wheeling about P stays within R of P, R the
 *     distance to the unit's far corner, which reaches every direction it
 *     sweeps: a round base of radius rt centred D from P in such a
 *     direction is passed at D - R - rt (RG.MOV.MAN.2 "within 1"",
 *     RG.MOV.GAP.1 "closer than 1"");
 *   - a straight advance along the facing ends d from the base ahead, d
 *     measured between the facing edges (RG.MOV.GAP.1, foe, friend or
 *     impassable terrain);
 *   - a straight path's length, against twice M (RG.MOV.MAN.3,
 *     RG.MOV.REFORM.5), and a wheel's arc r * theta of a column's rear
 *     model (its centre, or its base's far corner), against twice M while
 *     the front model's arc stays within M (RG.MOV.MAN.3, one wheel);
 *   - a line of w bases of side s pivoting a quarter turn about its centre
 *     lies along the other axis, its end face w s / 2 from the centre: a
 *     base d beyond it is d away at the end (RG.MOV.PIVOT.2 "within 1""),
 *     and a unit in contact moved back d along that axis is d away
 *     (RG.MOV.PIVOT.3 "restore that 1" gap": at least 1").
 * Points are printed with 10 decimals (rounding under 1e-10 in, far below
 * the 1e-6 tolerance).
 */
#include "gen_regiments.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The numbers of the text (spec/regiments/movement.md). */
#define GAP    1.0 /* RG.MOV.GAP.1, MAN.2 [1"]{gap} */
#define FACTOR 2.0 /* RG.MOV.MAN.3, REFORM.5 [twice]{manoeuvre_factor} */

#define SUB "regiments/movement"
#define RM  "phase=movement;subphase=remaining_moves"
#define FAR "E1/e1 66,44 25.4x25.4"

const char *rg_num(char *buf, size_t n, double v)
{
	snprintf(buf, n, "%.10f", v);
	char *e = buf + strlen(buf) - 1;
	while (e > buf && *e == '0')
		*e-- = '\0';
	if (*e == '.')
		*e = '\0';
	if (strcmp(buf, "-0") == 0)
		snprintf(buf, n, "0");
	return buf;
}

static vec rotd(vec p, vec c, double deg)
{
	double x = p.x - c.x, y = p.y - c.y;
	return (vec){c.x + x * cosd(deg) - y * sind(deg), c.y + x * sind(deg) + y * cosd(deg)};
}

static double dist(vec a, vec b)
{
	return hypot(a.x - b.x, a.y - b.y);
}

void rg_cat(char *buf, size_t n, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + len, n - len, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= n - len)
		die("cell too long");
}

/* A unit of `wide` x `deep` square bases of side s inches, facing 0, its
 * front-right corner at P: the centre of the model of file i (0 on the
 * right) and rank j (0 in front). */
static vec slot(vec p, double s, int i, int j)
{
	return (vec){p.x - s / 2 - j * s, p.y + s / 2 + i * s};
}

/* ---- the wheel's arc against M (RG.MOV.WHEEL.4) ---- */

static void gen_wheel(table *t)
{
	static const int WIDE[] = {1, 2, 3, 5, 8};
	static const double SIDE_MM[] = {20, 25.4};
	static const double THETA[] = {10, 30, 45, 60, 90};
	vec p = {20, 20};
	char a[32], b[32], c[32], models[2048], paths[2048];
	for (int strict = 0; strict < 2; strict++)
		for (size_t wi = 0; wi < sizeof WIDE / sizeof *WIDE; wi++)
			for (size_t si = 0; si < 2; si++)
				for (size_t ti = 0; ti < sizeof THETA / sizeof *THETA; ti++)
					for (int left = 0; left < 2; left++)
						for (int k = 0; k < NOFFS; k++) {
							int w = WIDE[wi],
							    deep = 1 + (int)((wi + ti) % 2);
							double s = SIDE_MM[si] / MM_PER_IN,
							       th = THETA[ti];
							/* about the front-right corner clockwise,
							 * or the front-left one counter-clockwise
							 */
							vec piv =
							    left ? (vec){p.x, p.y + w * s} : p;
							double sweep = left ? th : -th;
							/* the outside model of the front rank: the
							 * far file */
							vec out = slot(p, s, left ? 0 : w - 1, 0);
							vec farc = {out.x - s / 2,
							            left ? out.y - s / 2
							                 : out.y + s / 2};
							double r = strict ? dist(farc, piv)
							                  : dist(out, piv);
							double arc = r * th * PI / 180;
							double m = arc - OFFS[k];
							row *rw = row_new(t);
							models[0] = paths[0] = '\0';
							bool man3 = false;
							for (int j = 0; j < deep; j++)
								for (int i = 0; i < w; i++) {
									vec q = slot(p, s, i, j),
									    e = rotd(q, piv, sweep);
									rg_cat(
									    models, sizeof models,
									    "%sR1/m%d_%d %s,%s "
									    "%gx%g",
									    models[0] ? "; " : "",
									    i, j,
									    rg_num(a, sizeof a,
									           q.x),
									    rg_num(b, sizeof b,
									           q.y),
									    SIDE_MM[si],
									    SIDE_MM[si]);
									rg_cat(
									    paths, sizeof paths,
									    "%sm%d_%d %s,%s@0 ~%s,",
									    paths[0] ? "; " : "", i,
									    j,
									    rg_num(a, sizeof a,
									           q.x),
									    rg_num(b, sizeof b,
									           q.y),
									    rg_num(c, sizeof c,
									           piv.x));
									rg_cat(paths, sizeof paths,
									       "%s %s,",
									       rg_num(a, sizeof a,
									              piv.y),
									       rg_num(b, sizeof b,
									              e.x));
									rg_cat(paths, sizeof paths,
									       "%s@%g",
									       rg_num(a, sizeof a,
									              e.y),
									       left ? th
									            : 360 - th);
									/* RG.MOV.MAN.3: every
									 * model's centre
									 * (conventions) or far
									 * point (strict) against
									 * twice M */
									double rr = dist(q, piv);
									if (strict) {
										double
										    fx = q.x -
										         s / 2 -
										         piv.x,
										    fy =
										        fabs(
										            q.y -
										            piv.y) +
										        s / 2;
										rr = hypot(fx, fy);
									}
									double tr =
									    rr * th * PI / 180;
									if (fabs(tr - FACTOR * m) <
									    1e-4)
										die("%s: twice M "
										    "too near",
										    rw->f[C_ID]);
									man3 =
									    man3 ||
									    tr > FACTOR * m + TOL;
								}
							setf(rw, C_TARGET, "RG.MOV.WHEEL.4");
							setf(rw, C_PROFILE,
							     strict ? "strict" : "conventions");
							setf(rw, C_CONTEXT, RM);
							setf(rw, C_UNITS, "R1 A - M=%s; E1 B - M=4",
							     rg_num(a, sizeof a, m));
							setf(rw, C_MODELS, "%s; " FAR, models);
							setf(rw, C_ACTION, "wheel R1");
							setf(rw, C_PATHS, "%s", paths);
							setf(rw, C_VARIANTS, "none");
							bool over = OFFS[k] > TOL;
							char v[64] = "";
							if (over)
								snprintf(
								    v, sizeof v, "RG.MOV.WHEEL.4%s",
								    man3 ? " RG.MOV.MAN.3" : "");
							else if (man3)
								snprintf(v, sizeof v,
								         "RG.MOV.MAN.3");
							expect(rw, v[0] ? "illegal" : "legal", v,
							       "", "");
							setf(rw, C_VALUES, "%s=%s",
							     strict ? "wheel_arc_farthest"
							            : "wheel_arc_centre",
							     rg_num(a, sizeof a, arc));
							setf(rw, C_NOTE,
							     "'a wheel is measured by the distance "
							     "moved by the outside "
							     "model of the front rank': %d x %d "
							     "bases of %g mm wheel %g deg "
							     "about the front-%s corner; the "
							     "outside model's %s is %.6f in "
							     "from it, its arc %.6f in x %g deg = "
							     "%.6f in, M %s%s",
							     w, deep, SIDE_MM[si], th,
							     left ? "left" : "right",
							     strict ? "far corner" : "centre", r, r,
							     th, arc, offtext(c, sizeof c, m, k),
							     man3 ? "; a rear model moves more "
							            "than twice M"
							          : "");
						}
}

/* ---- a straight advance up to 1" from a unit or terrain (RG.MOV.GAP.1) ---- */

static void gen_gap(table *t)
{
	static const double SIDE_MM[] = {20, 25, 40};
	char a[32], b[32], models[2048], paths[2048], terr[512];
	for (size_t si = 0; si < sizeof SIDE_MM / sizeof *SIDE_MM; si++)
		for (int ai = 0; ai < NANGLES; ai++)
			for (int what = 0; what < 3; what++)
				for (int k = 0; k < NOFFS; k++) {
					double s = SIDE_MM[si] / MM_PER_IN, f = ANGLES[ai];
					vec fw = dir(f), lf = dir(f + 90), c0 = {36, 24};
					double go = 3, d = GAP + OFFS[k];
					row *rw = row_new(t);
					models[0] = paths[0] = terr[0] = '\0';
					for (int i = -1; i <= 1; i++) {
						vec q = add(c0, scale(lf, i * s)),
						    e = add(q, scale(fw, go));
						rg_cat(models, sizeof models,
						       "%sR1/r%d %s,%s %gx%g",
						       models[0] ? "; " : "", i + 2,
						       rg_num(a, sizeof a, q.x),
						       rg_num(b, sizeof b, q.y), SIDE_MM[si],
						       SIDE_MM[si]);
						rg_cat(paths, sizeof paths, "%sr%d %s,%s ",
						       paths[0] ? "; " : "", i + 2,
						       rg_num(a, sizeof a, q.x),
						       rg_num(b, sizeof b, q.y));
						rg_cat(paths, sizeof paths, "%s,%s",
						       rg_num(a, sizeof a, e.x),
						       rg_num(b, sizeof b, e.y));
					}
					/* the edge ahead: d beyond the unit's front edge at its end
					 */
					vec front = add(c0, scale(fw, go + s / 2 + d));
					if (what < 2) {
						vec oc = add(front, scale(fw, s / 2));
						rg_cat(models, sizeof models, "; %s/o1 %s,%s %gx%g",
						       what ? "F1" : "E1",
						       rg_num(a, sizeof a, oc.x),
						       rg_num(b, sizeof b, oc.y), SIDE_MM[si],
						       SIDE_MM[si]);
					} else {
						vec q[4] = {add(front, scale(lf, -2)),
						            add(front, scale(lf, 2)),
						            add(add(front, scale(lf, 2)), fw),
						            add(add(front, scale(lf, -2)), fw)};
						snprintf(terr, sizeof terr, "T1 impassable");
						for (int j = 0; j < 4; j++)
							rg_cat(terr, sizeof terr, " %s,%s",
							       rg_num(a, sizeof a, q[j].x),
							       rg_num(b, sizeof b, q[j].y));
					}
					setf(rw, C_TARGET, "RG.MOV.GAP.1");
					setf(rw, C_CONTEXT, RM);
					setf(rw, C_UNITS, "R1 A - M=4 facing=%g", f);
					if (what < 2)
						setf(rw, C_UNITS,
						     "R1 A - M=4 facing=%g; %s - M=4 facing=%g", f,
						     what ? "F1 A" : "E1 B", f);
					setf(rw, C_MODELS, "%s", models);
					setf(rw, C_TERRAIN, "%s", terr);
					setf(rw, C_ACTION, "move R1");
					setf(rw, C_PATHS, "%s", paths);
					setf(rw, C_VARIANTS, "none");
					bool closer = d < GAP - TOL;
					expect(rw, closer ? "illegal" : "legal",
					       closer ? "RG.MOV.GAP.1" : "", "", "");
					setf(rw, C_NOTE,
					     "'can't approach closer than 1\" to another unit -- "
					     "friend or foe -- "
					     "or to impassable terrain': R1 (%g mm squares, facing "
					     "%g) advances "
					     "3 in and ends %s from %s ahead",
					     SIDE_MM[si], f, offtext(b, sizeof b, GAP, k),
					     what == 0   ? "an enemy unit"
					     : what == 1 ? "a friendly unit"
					                 : "impassable terrain");
				}
}

/* ---- a wheel passing a round base at 1" (RG.MOV.MAN.2, RG.MOV.GAP.1) ---- */

static void gen_man2(table *t)
{
	static const int WIDE[] = {2, 3, 5};
	static const double SIDE_MM[] = {20, 25.4};
	static const double THETA[] = {45, 90};
	static const double TARGET_MM[] = {25, 40};
	vec p = {20, 20};
	char a[32], b[32], c[32], models[2048], paths[2048];
	for (size_t wi = 0; wi < 3; wi++)
		for (size_t si = 0; si < 2; si++)
			for (size_t ti = 0; ti < 2; ti++)
				for (size_t gi = 0; gi < 2; gi++)
					for (int left = 0; left < 2; left++)
						for (int k = 0; k < NOFFS; k++) {
							int w = WIDE[wi];
							double s = SIDE_MM[si] / MM_PER_IN,
							       th = THETA[ti];
							double rt = TARGET_MM[gi] / MM_PER_IN / 2;
							vec piv =
							    left ? (vec){p.x, p.y + w * s} : p;
							double sweep = left ? th : -th;
							/* the far corner: the rear corner on the
							 * side away from the pivot */
							vec farc = {p.x - s,
							            left ? p.y : p.y + w * s};
							double rfar = dist(farc, piv);
							double phi0 =
							    atan2(farc.y - piv.y, farc.x - piv.x) *
							    180 / PI;
							double phi = phi0 + sweep / 2,
							       d = GAP + OFFS[k];
							vec tc = add(
							    piv, scale(dir(phi), rfar + rt + d));
							row *rw = row_new(t);
							models[0] = paths[0] = '\0';
							for (int i = 0; i < w; i++) {
								vec q = slot(p, s, i, 0),
								    e = rotd(q, piv, sweep);
								rg_cat(models, sizeof models,
								       "%sR1/m%d %s,%s %gx%g",
								       models[0] ? "; " : "", i,
								       rg_num(a, sizeof a, q.x),
								       rg_num(b, sizeof b, q.y),
								       SIDE_MM[si], SIDE_MM[si]);
								rg_cat(paths, sizeof paths,
								       "%sm%d %s,%s@0 ~%s,",
								       paths[0] ? "; " : "", i,
								       rg_num(a, sizeof a, q.x),
								       rg_num(b, sizeof b, q.y),
								       rg_num(c, sizeof c, piv.x));
								rg_cat(paths, sizeof paths,
								       "%s %s,",
								       rg_num(a, sizeof a, piv.y),
								       rg_num(b, sizeof b, e.x));
								rg_cat(paths, sizeof paths, "%s@%g",
								       rg_num(a, sizeof a, e.y),
								       left ? th : 360 - th);
							}
							setf(rw, C_TARGET, "RG.MOV.MAN.2");
							setf(rw, C_PROFILE, "conventions");
							setf(rw, C_CONTEXT, RM);
							setf(rw, C_UNITS,
							     "R1 A - M=10; E1 B - M=4");
							setf(rw, C_MODELS, "%s; E1/e1 %s,%s %g",
							     models, rg_num(a, sizeof a, tc.x),
							     rg_num(b, sizeof b, tc.y),
							     TARGET_MM[gi]);
							setf(rw, C_ACTION, "wheel R1");
							setf(rw, C_PATHS, "%s", paths);
							setf(rw, C_VARIANTS, "none");
							bool within = d <= GAP + TOL,
							     closer = d < GAP - TOL;
							expect(rw, within ? "illegal" : "legal",
							       closer ? "RG.MOV.GAP.1 RG.MOV.MAN.2"
							       : within ? "RG.MOV.MAN.2"
							                : "",
							       "", "");
							setf(rw, C_NOTE,
							     "'Neither can be performed if it "
							     "would bring the unit within 1\" "
							     "of another unit': %d bases of %g mm "
							     "wheel %g deg about the "
							     "front-%s corner; their far corner, "
							     "%.6f in from it, passes the "
							     "%g mm base of E1 at %s (within 1\" "
							     "is at most 1\"; GAP.1's "
							     "'closer than 1\"' is less)",
							     w, SIDE_MM[si], th,
							     left ? "left" : "right", rfar,
							     TARGET_MM[gi],
							     offtext(c, sizeof c, GAP, k));
						}
}

/* ---- twice M: a reform's straight moves, a deep column's wheel ---- */

static void gen_twice(table *t)
{
	static const int LINE[] = {2, 3, 4, 6};
	static const double SIDE_MM[] = {20, 25.4, 38.1};
	char a[32], b[32], c[32], models[2048], paths[2048];
	for (size_t li = 0; li < 4; li++)
		for (size_t si = 0; si < 3; si++)
			for (int ai = 0; ai < NANGLES; ai++)
				for (int k = 0; k < NOFFS; k++) {
					int n = LINE[li];
					double s = SIDE_MM[si] / MM_PER_IN, f = ANGLES[ai];
					vec lf = dir(f + 90), c0 = {36, 24};
					/* the two end models change places: the footprint, and its
					 * centre, stay; each moves (n - 1) s */
					double len = (n - 1) * s, m = (len - OFFS[k]) / FACTOR;
					row *rw = row_new(t);
					models[0] = paths[0] = '\0';
					for (int i = 0; i < n; i++) {
						vec q = add(c0, scale(lf, (i - (n - 1) / 2.0) * s));
						rg_cat(models, sizeof models,
						       "%sR1/r%d %s,%s %gx%g",
						       models[0] ? "; " : "", i,
						       rg_num(a, sizeof a, q.x),
						       rg_num(b, sizeof b, q.y), SIDE_MM[si],
						       SIDE_MM[si]);
						if (i == 0 || i == n - 1) {
							vec e = add(c0, scale(lf, ((n - 1 - i) -
							                           (n - 1) / 2.0) *
							                              s));
							rg_cat(paths, sizeof paths, "%sr%d %s,%s ",
							       paths[0] ? "; " : "", i,
							       rg_num(a, sizeof a, q.x),
							       rg_num(b, sizeof b, q.y));
							rg_cat(paths, sizeof paths, "%s,%s",
							       rg_num(a, sizeof a, e.x),
							       rg_num(b, sizeof b, e.y));
						}
					}
					setf(rw, C_TARGET, "RG.MOV.REFORM.5");
					setf(rw, C_CONTEXT, RM);
					setf(rw, C_UNITS, "R1 A - M=%s facing=%g; E1 B - M=4",
					     rg_num(a, sizeof a, m), f);
					setf(rw, C_MODELS, "%s; " FAR, models);
					setf(rw, C_ACTION, "reform R1");
					setf(rw, C_PATHS, "%s", paths);
					setf(rw, C_VARIANTS, "none");
					bool over = OFFS[k] > TOL;
					expect(rw, over ? "illegal" : "legal",
					       over ? "RG.MOV.MAN.3 RG.MOV.REFORM.5" : "", "", "");
					setf(rw, C_NOTE,
					     "'no model may move more than twice its Movement "
					     "rate': the end models "
					     "of a line of %d (%g mm, facing %g) change places, "
					     "%.6f in each, "
					     "against 2 x M: %s",
					     n, SIDE_MM[si], f, len,
					     offtext(c, sizeof c, FACTOR * m, k));
				}
}

/* ---- a pivot ending 1" from a unit, and its move-back (RG.MOV.PIVOT.2, .3) ---- */

static void gen_pivot(table *t)
{
	static const int WIDE[] = {1, 2, 3, 5};
	static const double SIDE_MM[] = {20, 25.4, 40};
	char a[32], b[32], c[32], models[2048], paths[2048];
	/* (a single base turned a quarter is its own footprint: in contact at
	 * the end, it touched E1 from the start, and nothing is brought into
	 * contact; the move-back rows start from two bases) */
	for (int back = 0; back < 2; back++)
		for (size_t wi = back; wi < 4; wi++)
			for (size_t si = 0; si < 3; si++)
				for (int cw = 0; cw < 2; cw++)
					for (int k = 0; k < NOFFS; k++) {
						int w = WIDE[wi];
						double s = SIDE_MM[si] / MM_PER_IN,
						       turn = cw ? -90 : 90;
						vec cc = {30, 24};
						/* after the quarter turn the line lies along x, its
						 * end face at cc.x + w s / 2; E1, a base of the
						 * same size, is d beyond it (back: in contact, and
						 * the unit is moved back d along -x) */
						double d = GAP + OFFS[k], gapx = back ? 0 : d;
						vec ec = {cc.x + w * s / 2 + gapx + s / 2, cc.y};
						row *rw = row_new(t);
						models[0] = paths[0] = '\0';
						for (int i = 0; i < w; i++) {
							vec q = {cc.x,
							         cc.y + (i - (w - 1) / 2.0) * s};
							vec e = rotd(q, cc, turn);
							rg_cat(models, sizeof models,
							       "%sR1/m%d %s,%s %gx%g",
							       models[0] ? "; " : "", i,
							       rg_num(a, sizeof a, q.x),
							       rg_num(b, sizeof b, q.y),
							       SIDE_MM[si], SIDE_MM[si]);
							rg_cat(paths, sizeof paths,
							       "%sm%d %s,%s@0 ~%s,",
							       paths[0] ? "; " : "", i,
							       rg_num(a, sizeof a, q.x),
							       rg_num(b, sizeof b, q.y),
							       rg_num(c, sizeof c, cc.x));
							rg_cat(paths, sizeof paths, "%s %s,",
							       rg_num(a, sizeof a, cc.y),
							       rg_num(b, sizeof b, e.x));
							rg_cat(paths, sizeof paths, "%s@%g",
							       rg_num(a, sizeof a, e.y),
							       cw ? 270.0 : 90.0);
							if (back)
								rg_cat(paths, sizeof paths,
								       " %s,%s",
								       rg_num(a, sizeof a, e.x - d),
								       rg_num(b, sizeof b, e.y));
						}
						setf(rw, C_TARGET,
						     back ? "RG.MOV.PIVOT.3" : "RG.MOV.PIVOT.2");
						setf(rw, C_PROFILE, back ? "conventions" : "");
						setf(rw, C_CONTEXT, RM);
						setf(rw, C_UNITS, "R1 A - M=4; E1 B - M=4");
						setf(rw, C_MODELS, "%s; E1/e1 %s,%s %gx%g", models,
						     rg_num(a, sizeof a, ec.x),
						     rg_num(b, sizeof b, ec.y), SIDE_MM[si],
						     SIDE_MM[si]);
						setf(rw, C_ACTION, "pivot R1");
						setf(rw, C_PATHS, "%s", paths);
						setf(rw, C_VARIANTS, "none");
						bool within = d <= GAP + TOL,
						     restored = d >= GAP - TOL;
						if (!back)
							expect(rw, within ? "illegal" : "legal",
							       within ? "RG.MOV.PIVOT.2" : "", "",
							       "");
						else
							expect(rw, within ? "illegal" : "legal",
							       !restored
							           ? "RG.MOV.PIVOT.2 RG.MOV.PIVOT.3"
							       : within ? "RG.MOV.PIVOT.2"
							                : "",
							       "", "");
						if (!back)
							setf(rw, C_NOTE,
							     "'as long as it doesn't end the pivot "
							     "within 1\" of a unit': "
							     "a line of %d bases of %g mm pivots "
							     "%g deg on the spot and "
							     "ends %s from E1 (within 1\" is at "
							     "most 1\")",
							     w, SIDE_MM[si], turn,
							     offtext(c, sizeof c, GAP, k));
						else
							setf(rw, C_NOTE,
							     "'the model must be moved back "
							     "afterward to restore that 1\" "
							     "gap' and 'doesn't end the pivot "
							     "within 1\"' (read after the "
							     "move-back): a line of %d bases of %g "
							     "mm pivots %g deg into "
							     "contact with E1 and is moved back %s "
							     "(restored at 1\" or more, "
							     "within at 1\" or less)",
							     w, SIDE_MM[si], turn,
							     offtext(c, sizeof c, GAP, k));
					}
}

/* ---- twice M in one wheel: the rear model of a deep column (RG.MOV.MAN.3) ---- */

static void gen_twice_wheel(table *t)
{
	static const int DEEP[] = {3, 5, 8};
	static const double SIDE_MM[] = {20, 25.4};
	static const double THETA[] = {30, 60, 90};
	vec p = {30, 20};
	char a[32], b[32], c[32], models[2048], paths[2048];
	for (int strict = 0; strict < 2; strict++)
		for (size_t ni = 0; ni < 3; ni++)
			for (size_t si = 0; si < 2; si++)
				for (size_t ti = 0; ti < 3; ti++)
					for (int k = 0; k < NOFFS; k++) {
						int n = DEEP[ni];
						double s = SIDE_MM[si] / MM_PER_IN, th = THETA[ti];
						/* a column one base wide wheels clockwise about its
						 * front-right corner p: the rear model's centre is
						 * s sqrt((n - 1/2)^2 + 1/4) from it, its base's far
						 * corner s sqrt(n^2 + 1) */
						double rr =
						    strict ? s * sqrt(n * n + 1.0)
						           : s * sqrt((n - 0.5) * (n - 0.5) + 0.25);
						double travel = rr * th * PI / 180,
						       m = (travel - OFFS[k]) / FACTOR;
						double front =
						    (strict ? s * sqrt(2.0) : s * sqrt(0.5)) * th *
						    PI / 180;
						row *rw = row_new(t);
						if (front > m - 0.01)
							die("%s: the front's arc is near M",
							    rw->f[C_ID]);
						models[0] = paths[0] = '\0';
						for (int j = 0; j < n; j++) {
							vec q = slot(p, s, 0, j),
							    e = rotd(q, p, -th);
							rg_cat(models, sizeof models,
							       "%sR1/m%d %s,%s %gx%g",
							       models[0] ? "; " : "", j,
							       rg_num(a, sizeof a, q.x),
							       rg_num(b, sizeof b, q.y),
							       SIDE_MM[si], SIDE_MM[si]);
							rg_cat(paths, sizeof paths,
							       "%sm%d %s,%s@0 ~%s,",
							       paths[0] ? "; " : "", j,
							       rg_num(a, sizeof a, q.x),
							       rg_num(b, sizeof b, q.y),
							       rg_num(c, sizeof c, p.x));
							rg_cat(paths, sizeof paths, "%s %s,",
							       rg_num(a, sizeof a, p.y),
							       rg_num(b, sizeof b, e.x));
							rg_cat(paths, sizeof paths, "%s@%g",
							       rg_num(a, sizeof a, e.y), 360 - th);
						}
						setf(rw, C_TARGET, "RG.MOV.MAN.3");
						setf(rw, C_PROFILE,
						     strict ? "strict" : "conventions");
						setf(rw, C_CONTEXT, RM);
						setf(rw, C_UNITS, "R1 A - M=%s; E1 B - M=4",
						     rg_num(a, sizeof a, m));
						setf(rw, C_MODELS, "%s; " FAR, models);
						setf(rw, C_ACTION, "wheel R1");
						setf(rw, C_PATHS, "%s", paths);
						setf(rw, C_VARIANTS, "none");
						bool over = OFFS[k] > TOL;
						expect(rw, over ? "illegal" : "legal",
						       over ? "RG.MOV.MAN.3" : "", "", "");
						setf(
						    rw, C_NOTE,
						    "'no model in the unit may move more than "
						    "twice its Movement rate "
						    "as a result of one': a column of %d bases of "
						    "%g mm wheels %g deg; "
						    "the front model's %s moves %.6f in (within "
						    "M), the rear model's "
						    "%.6f in x %g deg = %.6f in, against 2 x M: %s",
						    n, SIDE_MM[si], th,
						    strict ? "far corner" : "centre", front, rr, th,
						    travel, offtext(c, sizeof c, FACTOR * m, k));
					}
}

int main(int argc, char **argv)
{
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gen_regiments DIR\n"
		                "writes DIR/" SUB "/gen-boundary-*.csv\n");
		return 2;
	}
	char sub[4096];
	if (snprintf(sub, sizeof sub, "%s/%s", argv[1], SUB) >= (int)sizeof sub)
		die("path too long");
	mkdir_p(sub);
	table tables[] = {
	    {SUB, "gen-boundary-wheel.csv", "RG-MOV-BND-WHEEL", NULL, 0, 0},
	    {SUB, "gen-boundary-gap.csv", "RG-MOV-BND-GAP", NULL, 0, 0},
	    {SUB, "gen-boundary-man2.csv", "RG-MOV-BND-MAN2", NULL, 0, 0},
	    {SUB, "gen-boundary-twice.csv", "RG-MOV-BND-TWICE", NULL, 0, 0},
	    {SUB, "gen-boundary-pivot.csv", "RG-MOV-BND-PIVOT", NULL, 0, 0},
	    {SUB, "gen-boundary-twice-wheel.csv", "RG-MOV-BND-TWICEW", NULL, 0, 0},
	};
	gen_wheel(&tables[0]);
	gen_gap(&tables[1]);
	gen_man2(&tables[2]);
	gen_twice(&tables[3]);
	gen_pivot(&tables[4]);
	gen_twice_wheel(&tables[5]);
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		table_write(&tables[i], argv[1]);
		table_free(&tables[i]);
	}
	return 0;
}
