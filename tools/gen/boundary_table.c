/* boundary_table.c: the rows and tables of gen_boundary, written whole, and
 * the geometry its formulas share (boundary.h). */
#include "boundary.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ */
/* Rows and tables                                                     */
/* ------------------------------------------------------------------ */

const char *const COLS[NCOL] = {"id",       "target",  "expect", "violates", "dispute",
                                "disputed", "profile", "board",  "context",  "units",
                                "models",   "terrain", "action", "paths",    "stationary",
                                "facts",    "dice",    "values", "variants", "note"};

void die(const char *fmt, ...)
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
row *row_new(table *t)
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

void setf(row *r, int col, const char *fmt, ...)
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

void table_free(table *t)
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

void mkdir_p(const char *path)
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

void table_write(table *t, const char *dir)
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

vec dir(double deg)
{
	return (vec){cosd(deg), sind(deg)};
}

vec add(vec a, vec b)
{
	return (vec){a.x + b.x, a.y + b.y};
}

vec scale(vec a, double k)
{
	return (vec){a.x * k, a.y * k};
}

double dot(vec a, vec b)
{
	return a.x * b.x + a.y * b.y;
}

const base BASES[NBASES] = {
    {false, 25, 0, 0, 0},   {false, 32, 0, 0, 0},  {false, 40, 0, 0, 0},   {false, 50, 0, 0, 0},
    {false, 60, 0, 0, 0},   {true, 0, 25, 50, 0},  {true, 0, 25, 50, 30},  {true, 0, 25, 50, 45},
    {true, 0, 25, 50, 90},  {true, 0, 50, 100, 0}, {true, 0, 50, 100, 30}, {true, 0, 50, 100, 45},
    {true, 0, 50, 100, 90},
};

const double ANGLES[NANGLES] = {0, 37, 90, 143, 210};

const double OFFS[NOFFS] = {-0.01, 0.0, 1e-7, 0.001, 0.01};
/* "6 - 0.01", "exactly 6", ...: the offset of a figure from its limit. */
const char *offtext(char *buf, size_t n, double limit, int k)
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

bool near_limit(int k)
{
	return OFFS[k] == 0.0 || OFFS[k] == 1e-7;
}

/* The BASE word of the models column, with its facing. */
void base_word(char *buf, size_t n, const base *b, double facing)
{
	if (b->rect)
		snprintf(buf, n, "%gx%g facing=%g", b->w_mm, b->dep_mm, facing);
	else
		snprintf(buf, n, "%g", b->d_mm);
}

const char *base_name(char *buf, size_t n, const base *b, double facing)
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
double half_extent(const base *b, double facing, vec v, vec u, double *u_off)
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
vec bbox_half(const base *b, double facing)
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
void pt(char *buf, size_t n, vec p, vec *back)
{
	double x = fabs(p.x) < 5e-10 ? 0.0 : p.x, y = fabs(p.y) < 5e-10 ? 0.0 : p.y;
	snprintf(buf, n, "%.9f,%.9f", x, y);
	if (back && sscanf(buf, "%lf,%lf", &back->x, &back->y) != 2)
		die("cannot read back %s", buf);
}

/* The printed figure must be the intended one (see the header). */
void check_figure(const char *id, double intended, double printed)
{
	if (!(fabs(intended - printed) < 1e-8))
		die("%s: figure %.12f measured from the printed coordinates is %.12f", id, intended,
		    printed);
}

/* ------------------------------------------------------------------ */
/* Expectations                                                        */
/* ------------------------------------------------------------------ */

void expect(row *r, const char *verdict, const char *violates, const char *dispute,
            const char *disputed)
{
	setf(r, C_EXPECT, "%s", verdict);
	setf(r, C_VIOLATES, "%s", violates);
	setf(r, C_DISPUTE, "%s", dispute);
	setf(r, C_DISPUTED, "%s", disputed);
}
