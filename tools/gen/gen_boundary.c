/*
 * gen_boundary.c: writes the boundary case tables of Scrollhammer's Movement
 * phase (spec/scrollhammer/movement.md, formations.md) and of Moving Through
 * Terrain (spec/scrollhammer/terrain.md):
 *
 *   DIR/scrollhammer/movement/gen-boundary-distance.csv   SH.MOV.DIST.1, SH.MOV.1
 *   DIR/scrollhammer/movement/gen-boundary-enemy.csv      SH.MOV.WAY.1
 *   DIR/scrollhammer/movement/gen-boundary-coherency.csv  SH.MOV.COH.3, SH.FORM.*.COH
 *   DIR/scrollhammer/movement/gen-boundary-board.csv      SH.MOV.DIST.6
 *   DIR/scrollhammer/terrain/gen-boundary-difficult.csv   SH.TER.DIFF.3
 *   DIR/scrollhammer/charge/gen-boundary-range.csv        SH.CHG.RANGE.1, SH.CHG.DIFF.2
 *
 * Usage: gen_boundary DIR
 *
 * DESIGN principle 4: the expected columns come from the short formulas
 * below, written apart from the oracle's predicates and simpler than them;
 * this program links with nothing of the oracle (libc and libm only). The
 * verdict of each row is worked out with the table of
 * docs/encoding/scrollhammer-movement.md (which clause applies, what it
 * answers, how the answers of one question make a verdict) and, for the
 * terrain table, docs/encoding/scrollhammer-terrain.md, and for the charge
 * table, docs/encoding/scrollhammer-charge.md.
 *
 * Every limit of the text is tried just under it, at it and just over it:
 *   limit - 0.01      inside
 *   limit             inside ("within X" is a distance <= X)
 *   limit + 1e-7      inside: every comparison accepts 1e-6 (CONV.TOL.1)
 *   limit + 0.001     outside
 *   limit + 0.01      outside
 * A row's figure is the intended one (limit + offset); coordinates are
 * printed with %.9f, and the figure is measured again from the printed
 * coordinates with the same formula: the program stops if the two differ
 * by 1e-8 or more, so printing can never move a row across the tolerance
 * (the nearest offset, 1e-7, is 9e-7 away from it).
 *
 * The numbers of the text (6", 1", 2", base contact) are written here as
 * constants on purpose: when an editor changes them in spec/, these rows
 * are the verdicts that change.
 *
 * Bases: round 25, 32, 40, 50, 60 mm; rectangles 25x50 and 50x100 mm
 * (frontage x depth) at facings 0, 30, 45, 90 degrees (CONV.UNIT.2: 0 is
 * +x, counter-clockwise; the depth lies along the facing). Moves go at
 * 0, 37, 90, 143 and 210 degrees. Each table goes through these in turn
 * rather than through their full product (see each table for which).
 *
 * Rows near the limit (offset 0 and 1e-7) get variants `none`: a
 * transformed copy re-rounds coordinates. Board rows get `no-rotate`.
 * Output is sorted by case ID and written whole (temporary file, rename).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TOL       1e-6 /* CONV.TOL.1 */
#define MM_PER_IN 25.4 /* CONV.UNIT.1 */
#define BOARD_W   72.0 /* docs/cases.md: default board */
#define BOARD_H   48.0
#define PI        3.14159265358979323846

/* The numbers of the text. */
#define MAX_MOVE  6.0 /* SH.MOV.DIST.1 [6"]{max_move} */
#define ENEMY_GAP 1.0 /* SH.MOV.WAY.1 [1"]{enemy_gap} */
#define HORDE_COH 1.0 /* SH.FORM.HORDE.COH [1"]{coherency} */
#define SKIRM_COH 2.0 /* SH.FORM.SKIRM.COH [2"]{coherency} */
#define FIR_COH   0.0 /* SH.FORM.FIR.COH: base contact, i.e. the tolerance */

/* ------------------------------------------------------------------ */
/* Rows and tables                                                     */
/* ------------------------------------------------------------------ */

enum {
	C_ID,
	C_TARGET,
	C_EXPECT,
	C_VIOLATES,
	C_DISPUTE,
	C_DISPUTED,
	C_PROFILE,
	C_BOARD,
	C_CONTEXT,
	C_UNITS,
	C_MODELS,
	C_TERRAIN,
	C_ACTION,
	C_PATHS,
	C_STATIONARY,
	C_FACTS,
	C_DICE,
	C_VALUES,
	C_VARIANTS,
	C_NOTE,
	NCOL
};

static const char *const COLS[NCOL] = {"id",       "target",  "expect", "violates", "dispute",
                                       "disputed", "profile", "board",  "context",  "units",
                                       "models",   "terrain", "action", "paths",    "stationary",
                                       "facts",    "dice",    "values", "variants", "note"};

typedef struct row {
	char *f[NCOL];
} row;

typedef struct table {
	const char *sub;    /* section directory under DIR: scrollhammer/movement, ... */
	const char *file;   /* file name under it */
	const char *prefix; /* case ID prefix */
	row *rows;
	size_t n, cap;
} table;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("gen_boundary: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		die("out of memory");
	return p;
}

/* A new row of t with every field empty. */
static row *row_new(table *t)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		row *r = realloc(t->rows, cap * sizeof *r);
		if (!r)
			die("out of memory");
		t->rows = r;
		t->cap = cap;
	}
	row *r = &t->rows[t->n++];
	for (int i = 0; i < NCOL; i++)
		r->f[i] = xstrdup("");
	char id[64];
	snprintf(id, sizeof id, "%s-%04zu", t->prefix, t->n);
	free(r->f[C_ID]);
	r->f[C_ID] = xstrdup(id);
	return r;
}

static void setf(row *r, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void setf(row *r, int col, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof buf)
		die("field %s too long", COLS[col]);
	free(r->f[col]);
	r->f[col] = xstrdup(buf);
}

static void table_free(table *t)
{
	for (size_t i = 0; i < t->n; i++)
		for (int j = 0; j < NCOL; j++)
			free(t->rows[i].f[j]);
	free(t->rows);
	t->rows = NULL;
	t->n = t->cap = 0;
}

/* RFC 4180: a field holding a comma, a quote, CR or LF is quoted and its
 * quotes doubled. A field with a leading or trailing blank is quoted too,
 * since libcsv trims unquoted blanks. */
static void csv_field(FILE *f, const char *s)
{
	size_t n = strlen(s);
	bool q = strpbrk(s, ",\"\r\n") != NULL ||
	         (n > 0 && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t'));
	if (!q) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static int row_cmp(const void *a, const void *b)
{
	return strcmp(((const row *)a)->f[C_ID], ((const row *)b)->f[C_ID]);
}

static void mkdir_p(const char *path)
{
	char buf[4096];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		die("path too long: %s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) != 0 && errno != EEXIST)
			die("cannot create %s: %s", buf, strerror(errno));
		*p = '/';
	}
	if (mkdir(buf, 0777) != 0 && errno != EEXIST)
		die("cannot create %s: %s", buf, strerror(errno));
}

static void table_write(table *t, const char *dir)
{
	char path[4096], tmp[4200];
	snprintf(path, sizeof path, "%s/%s/%s", dir, t->sub, t->file);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	qsort(t->rows, t->n, sizeof *t->rows, row_cmp);
	FILE *f = fopen(tmp, "w");
	if (!f)
		die("cannot write %s: %s", tmp, strerror(errno));
	for (int j = 0; j < NCOL; j++) {
		if (j)
			fputc(',', f);
		csv_field(f, COLS[j]);
	}
	fputc('\n', f);
	for (size_t i = 0; i < t->n; i++) {
		for (int j = 0; j < NCOL; j++) {
			if (j)
				fputc(',', f);
			csv_field(f, t->rows[i].f[j]);
		}
		fputc('\n', f);
	}
	if (ferror(f) | fclose(f)) {
		remove(tmp);
		die("cannot write %s", tmp);
	}
	if (rename(tmp, path) != 0)
		die("cannot rename %s to %s: %s", tmp, path, strerror(errno));
}

/* ------------------------------------------------------------------ */
/* Geometry of the formulas                                            */
/* ------------------------------------------------------------------ */

typedef struct vec {
	double x, y;
} vec;

/* cos and sin of an angle in degrees, exact at multiples of 90. */
static double cosd(double deg)
{
	double a = fmod(deg, 360.0);
	if (a < 0)
		a += 360.0;
	if (a == 0.0)
		return 1.0;
	if (a == 90.0 || a == 270.0)
		return 0.0;
	if (a == 180.0)
		return -1.0;
	return cos(a * PI / 180.0);
}

static double sind(double deg)
{
	return cosd(deg - 90.0);
}

static vec dir(double deg)
{
	return (vec){cosd(deg), sind(deg)};
}

static vec add(vec a, vec b)
{
	return (vec){a.x + b.x, a.y + b.y};
}

static vec scale(vec a, double k)
{
	return (vec){a.x * k, a.y * k};
}

static double dot(vec a, vec b)
{
	return a.x * b.x + a.y * b.y;
}

typedef struct base {
	bool rect;
	double d_mm;   /* round: diameter */
	double w_mm;   /* rect: frontage, across the facing */
	double dep_mm; /* rect: depth, along the facing */
	double facing; /* rect: degrees */
} base;

#define NBASES 13
static const base BASES[NBASES] = {
    {false, 25, 0, 0, 0},   {false, 32, 0, 0, 0},  {false, 40, 0, 0, 0},   {false, 50, 0, 0, 0},
    {false, 60, 0, 0, 0},   {true, 0, 25, 50, 0},  {true, 0, 25, 50, 30},  {true, 0, 25, 50, 45},
    {true, 0, 25, 50, 90},  {true, 0, 50, 100, 0}, {true, 0, 50, 100, 30}, {true, 0, 50, 100, 45},
    {true, 0, 50, 100, 90},
};

#define NANGLES 5
static const double ANGLES[NANGLES] = {0, 37, 90, 143, 210};

#define NOFFS 5
static const double OFFS[NOFFS] = {-0.01, 0.0, 1e-7, 0.001, 0.01};
/* "6 - 0.01", "exactly 6", ...: the offset of a figure from its limit. */
static const char *offtext(char *buf, size_t n, double limit, int k)
{
	switch (k) {
	case 0:
		snprintf(buf, n, "= %g - 0.01", limit);
		break;
	case 1:
		snprintf(buf, n, "exactly %g", limit);
		break;
	case 2:
		snprintf(buf, n, "= %g + 1e-7, within the 1e-6 tolerance", limit);
		break;
	case 3:
		snprintf(buf, n, "= %g + 0.001", limit);
		break;
	default:
		snprintf(buf, n, "= %g + 0.01", limit);
		break;
	}
	return buf;
}

static bool near_limit(int k)
{
	return OFFS[k] == 0.0 || OFFS[k] == 1e-7;
}

/* The BASE word of the models column, with its facing. */
static void base_word(char *buf, size_t n, const base *b, double facing)
{
	if (b->rect)
		snprintf(buf, n, "%gx%g facing=%g", b->w_mm, b->dep_mm, facing);
	else
		snprintf(buf, n, "%g", b->d_mm);
}

static const char *base_name(char *buf, size_t n, const base *b, double facing)
{
	if (b->rect)
		snprintf(buf, n, "%gx%g mm at facing %g", b->w_mm, b->dep_mm, facing);
	else
		snprintf(buf, n, "round %g mm", b->d_mm);
	return buf;
}

/*
 * Half-extent of a base along the unit vector v: the largest v.p over the
 * points p of the base, its centre at the origin. Round: the radius.
 * Rectangle of frontage w and depth d whose facing makes the angle t with
 * v: its corners are +-(d/2) f +- (w/2) g (f the facing, g across it), so
 * the largest v.p is (d/2)|cos t| + (w/2)|sin t|. *u_off receives the
 * coordinate along u of a point of the base where that largest value is
 * reached (a corner; 0 for a round base): the point the support line
 * touches.
 */
static double half_extent(const base *b, double facing, vec v, vec u, double *u_off)
{
	if (!b->rect) {
		if (u_off)
			*u_off = 0.0;
		return b->d_mm / MM_PER_IN / 2.0;
	}
	vec f = dir(facing), g = dir(facing + 90.0);
	double hd = b->dep_mm / MM_PER_IN / 2.0, hw = b->w_mm / MM_PER_IN / 2.0;
	double cf = dot(f, v), cg = dot(g, v); /* cos t and sin t, up to sign */
	if (u_off) {
		double sf = fabs(cf) < 1e-12 ? 0.0 : (cf > 0 ? 1.0 : -1.0);
		double sg = fabs(cg) < 1e-12 ? 0.0 : (cg > 0 ? 1.0 : -1.0);
		vec corner = add(scale(f, sf * hd), scale(g, sg * hw));
		*u_off = dot(corner, u);
	}
	return hd * fabs(cf) + hw * fabs(cg);
}

/* Half-extents of a base's bounding box along x and y (the board's axes):
 * along x (d/2)|cos f| + (w/2)|sin f|, along y (d/2)|sin f| + (w/2)|cos f|. */
static vec bbox_half(const base *b, double facing)
{
	if (!b->rect) {
		double r = b->d_mm / MM_PER_IN / 2.0;
		return (vec){r, r};
	}
	double hd = b->dep_mm / MM_PER_IN / 2.0, hw = b->w_mm / MM_PER_IN / 2.0;
	return (vec){hd * fabs(cosd(facing)) + hw * fabs(sind(facing)),
	             hd * fabs(sind(facing)) + hw * fabs(cosd(facing))};
}

/* A point printed as "X,Y" with %.9f; *back receives the printed values. */
static void pt(char *buf, size_t n, vec p, vec *back)
{
	double x = fabs(p.x) < 5e-10 ? 0.0 : p.x, y = fabs(p.y) < 5e-10 ? 0.0 : p.y;
	snprintf(buf, n, "%.9f,%.9f", x, y);
	if (back && sscanf(buf, "%lf,%lf", &back->x, &back->y) != 2)
		die("cannot read back %s", buf);
}

/* The printed figure must be the intended one (see the header). */
static void check_figure(const char *id, double intended, double printed)
{
	if (!(fabs(intended - printed) < 1e-8))
		die("%s: figure %.12f measured from the printed coordinates is %.12f", id, intended,
		    printed);
}

/* ------------------------------------------------------------------ */
/* Expectations                                                        */
/* ------------------------------------------------------------------ */

static void expect(row *r, const char *verdict, const char *violates, const char *dispute,
                   const char *disputed)
{
	setf(r, C_EXPECT, "%s", verdict);
	setf(r, C_VIOLATES, "%s", violates);
	setf(r, C_DISPUTE, "%s", dispute);
	setf(r, C_DISPUTED, "%s", disputed);
}

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
static void gen_distance(table *t)
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
static void gen_enemy(table *t)
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
static void gen_coherency(table *t)
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
static void gen_board(table *t)
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

static void gen_difficult(table *t)
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

static void gen_charge_range(table *t)
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

int main(int argc, char **argv)
{
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gen_boundary DIR\n"
		                "writes DIR/scrollhammer/movement/gen-boundary-*.csv and\n"
		                "DIR/scrollhammer/terrain/gen-boundary-difficult.csv and\n"
		                "DIR/scrollhammer/charge/gen-boundary-range.csv\n");
		return 2;
	}
	static const char *const SUBS[] = {"scrollhammer/movement", "scrollhammer/terrain",
	                                   "scrollhammer/charge"};
	for (size_t i = 0; i < sizeof SUBS / sizeof SUBS[0]; i++) {
		char sub[4096];
		if (snprintf(sub, sizeof sub, "%s/%s", argv[1], SUBS[i]) >= (int)sizeof sub)
			die("path too long");
		mkdir_p(sub);
	}
	table tables[] = {
	    {SUBS[0], "gen-boundary-distance.csv", "SH-MOV-BND-DIST", NULL, 0, 0},
	    {SUBS[0], "gen-boundary-enemy.csv", "SH-MOV-BND-WAY", NULL, 0, 0},
	    {SUBS[0], "gen-boundary-coherency.csv", "SH-MOV-BND-COH", NULL, 0, 0},
	    {SUBS[0], "gen-boundary-board.csv", "SH-MOV-BND-BOARD", NULL, 0, 0},
	    {SUBS[1], "gen-boundary-difficult.csv", "SH-TER-BND-DIFF", NULL, 0, 0},
	    {SUBS[2], "gen-boundary-range.csv", "SH-CHG-BND-RANGE", NULL, 0, 0},
	};
	gen_distance(&tables[0]);
	gen_enemy(&tables[1]);
	gen_coherency(&tables[2]);
	gen_board(&tables[3]);
	gen_difficult(&tables[4]);
	gen_charge_range(&tables[5]);
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		table_write(&tables[i], argv[1]);
		table_free(&tables[i]);
	}
	return 0;
}
