/*
 * variants.c: metamorphic variants of the Regiments hand cases whose paths
 * turn (paths of poses, CONV.TURN.2), which tools/gen/gen_variants.c does
 * not read yet (docs/encoding/regiments-needs.md): gen-variants-turns.csv.
 *
 * A rigid motion of the whole scene changes no distance, no angle between
 * bases, no arc and no path length, so the text gives the same verdict; the
 * expected columns are copied (DESIGN principle 4). The copies, as
 * gen_variants names them:
 *   .mx    x -> W - x, facings f -> 180 - f, sweeps a -> -a: a wheel about
 *          the front-right corner becomes one about the front-left corner;
 *   .my    y -> H - y, facings f -> -f, sweeps a -> -a;
 *   .r180  x -> W - x, y -> H - y, facings f -> f + 180, sweeps kept;
 *   .tr    translated by (+3, -2), when every point stays 1" inside the board;
 *   .rot   rotated about the centre of the scene's box (on a quarter-inch
 *          grid) by the first of 37, 143, 210, 323 degrees that keeps every
 *          point 1" inside the board, facings f -> f + angle, sweeps kept.
 * Transformed: the X,Y of models, of path points and pivots, of terrain;
 * every `facing=` of units and models (a unit with none faces 0 and gets
 * its transformed 0), every `@F` of a path point and `:A` of a pivot. Only
 * the rows whose `paths` cell turns (holds a '~') are copied; the others are
 * gen_variants'.
 */
#include "gen_regiments.h"

#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MX, MY, R180, TR, ROT, NX };
static const char *const SUFFIX[NX] = {".mx", ".my", ".r180", ".tr", ".rot"};
static const char *const HOW[NX] = {"mirrored about x = 36", "mirrored about y = 24",
                                    "rotated 180 degrees about (36, 24)", "translated by (+3, -2)",
                                    "rotated"};

/* The slanted rotation of the row being copied: its angle and centre. */
static double g_rot = 0;
static vec g_centre = {0, 0};
static const double ROT_ANGLES[] = {37, 143, 210, 323};

static vec xpt(int k, vec p)
{
	switch (k) {
	case ROT: {
		double x = p.x - g_centre.x, y = p.y - g_centre.y;
		return (vec){g_centre.x + x * cosd(g_rot) - y * sind(g_rot),
		             g_centre.y + x * sind(g_rot) + y * cosd(g_rot)};
	}
	case MX:
		return (vec){BOARD_W - p.x, p.y};
	case MY:
		return (vec){p.x, BOARD_H - p.y};
	case R180:
		return (vec){BOARD_W - p.x, BOARD_H - p.y};
	default:
		return (vec){p.x + 3, p.y - 2};
	}
}

static double xfacing(int k, double f)
{
	double g = k == MX     ? 180 - f
	           : k == MY   ? -f
	           : k == R180 ? f + 180
	           : k == ROT  ? f + g_rot
	                       : f;
	g = fmod(g, 360);
	return g < 0 ? g + 360 : g;
}

static double xsweep(int k, double a)
{
	return k == MX || k == MY ? -a : a;
}

/* One CSV line (no newline inside a field) into fields; returns how many. */
static int split_csv(char *line, char **f, int max)
{
	int n = 0;
	char *p = line, *w = line;
	while (n < max) {
		f[n++] = w;
		bool q = *p == '"';
		if (q)
			p++;
		for (;;) {
			if (!*p || *p == '\n' || *p == '\r')
				break;
			if (q && *p == '"' && p[1] == '"') {
				*w++ = '"';
				p += 2;
				continue;
			}
			if (q && *p == '"') {
				q = false;
				p++;
				continue;
			}
			if (!q && *p == ',')
				break;
			*w++ = *p++;
		}
		bool more = *p == ',';
		*w++ = '\0';
		if (!more)
			break;
		p++;
	}
	return n;
}

static bool parse_pt(const char *s, vec *out, const char **rest)
{
	char *e;
	out->x = strtod(s, &e);
	if (e == s || *e != ',')
		return false;
	const char *y = e + 1;
	out->y = strtod(y, &e);
	if (e == y)
		return false;
	*rest = e;
	return true;
}

static bool inside(vec p)
{
	return p.x >= 1 && p.y >= 1 && p.x <= BOARD_W - 1 && p.y <= BOARD_H - 1;
}

/* Grows the box lo..hi by every point of a cell ("X,Y" or "~X,Y" words). */
static void cell_box(const char *cell, vec *lo, vec *hi)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", cell);
	char *save = NULL;
	for (char *w = strtok_r(buf, " ;", &save); w; w = strtok_r(NULL, " ;", &save)) {
		vec p;
		const char *rest;
		if (!parse_pt(w + (w[0] == '~'), &p, &rest))
			continue;
		lo->x = fmin(lo->x, p.x);
		lo->y = fmin(lo->y, p.y);
		hi->x = fmax(hi->x, p.x);
		hi->y = fmax(hi->y, p.y);
	}
}

/* Transforms one word: "X,Y", "X,Y@F", "~X,Y", "~X,Y:A", "facing=F"; any
 * other word is copied. *ok turns false when a point leaves the board. */
static void xword(char *out, size_t n, int k, const char *w, bool *ok)
{
	char a[32], b[32], c[32];
	vec p;
	const char *rest;
	bool pivot = w[0] == '~';
	if (strncmp(w, "facing=", 7) == 0) {
		snprintf(out, n, "facing=%s", rg_num(a, sizeof a, xfacing(k, strtod(w + 7, NULL))));
		return;
	}
	if (!parse_pt(w + pivot, &p, &rest)) {
		snprintf(out, n, "%s", w);
		return;
	}
	vec q = xpt(k, p);
	*ok = *ok && inside(q);
	snprintf(out, n, "%s%s,%s", pivot ? "~" : "", rg_num(a, sizeof a, q.x),
	         rg_num(b, sizeof b, q.y));
	if (*rest == '@')
		rg_cat(out, n, "@%s", rg_num(c, sizeof c, xfacing(k, strtod(rest + 1, NULL))));
	else if (*rest == ':')
		rg_cat(out, n, ":%s", rg_num(c, sizeof c, xsweep(k, strtod(rest + 1, NULL))));
}

/* Transforms a cell of items separated by "; ", each of words separated by
 * spaces; units (is_units) without a facing get facing=transformed 0. */
static void xcell(char *out, size_t n, int k, const char *cell, bool is_units, bool *ok)
{
	char buf[4096], word[128];
	snprintf(buf, sizeof buf, "%s", cell);
	out[0] = '\0';
	char *save = NULL;
	for (char *item = strtok_r(buf, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
		while (*item == ' ')
			item++;
		if (out[0])
			rg_cat(out, n, "; ");
		bool first = true, faced = false;
		char *s2 = NULL;
		for (char *w = strtok_r(item, " ", &s2); w; w = strtok_r(NULL, " ", &s2)) {
			faced = faced || strncmp(w, "facing=", 7) == 0;
			xword(word, sizeof word, k, w, ok);
			rg_cat(out, n, "%s%s", first ? "" : " ", word);
			first = false;
		}
		if (is_units && !faced) {
			char a[32];
			rg_cat(out, n, " facing=%s", rg_num(a, sizeof a, xfacing(k, 0)));
		}
	}
}

void rg_gen_turn_variants(table *t, const char *pattern)
{
	glob_t g;
	if (glob(pattern, 0, NULL, &g) != 0)
		die("no table matches %s", pattern);
	for (size_t fi = 0; fi < g.gl_pathc; fi++) {
		FILE *f = fopen(g.gl_pathv[fi], "r");
		if (!f)
			die("cannot read %s", g.gl_pathv[fi]);
		char line[16384], head[1024];
		char *hf[NCOL], *v[NCOL];
		int col[NCOL];
		if (!fgets(head, sizeof head, f))
			die("%s: empty", g.gl_pathv[fi]);
		int nh = split_csv(head, hf, NCOL);
		for (int i = 0; i < nh; i++) {
			col[i] = -1;
			for (int j = 0; j < NCOL; j++)
				if (strcmp(hf[i], COLS[j]) == 0)
					col[i] = j;
			if (col[i] < 0)
				die("%s: unknown column %s", g.gl_pathv[fi], hf[i]);
		}
		while (fgets(line, sizeof line, f)) {
			if (!strchr(line, '\n'))
				die("%s: line too long", g.gl_pathv[fi]);
			int nv = split_csv(line, v, NCOL);
			if (nv != nh)
				die("%s: a row has %d fields, the header %d", g.gl_pathv[fi], nv,
				    nh);
			const char *cell[NCOL] = {0};
			for (int i = 0; i < nv; i++)
				cell[col[i]] = v[i];
			if (!cell[C_PATHS] || !strchr(cell[C_PATHS], '~'))
				continue;
			vec lo = {INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY};
			cell_box(cell[C_MODELS] ? cell[C_MODELS] : "", &lo, &hi);
			cell_box(cell[C_TERRAIN] ? cell[C_TERRAIN] : "", &lo, &hi);
			cell_box(cell[C_PATHS], &lo, &hi);
			/* the centre of the scene's box, on a quarter-inch grid */
			g_centre =
			    (vec){round((lo.x + hi.x) * 2) / 4, round((lo.y + hi.y) * 2) / 4};
			for (int k = 0, ai = 0; k < NX; k++) {
				char units[2048], models[2048], terr[2048], paths[4096];
				bool ok = true;
				if (k == ROT)
					g_rot = ROT_ANGLES[ai];
				xcell(units, sizeof units, k, cell[C_UNITS] ? cell[C_UNITS] : "",
				      true, &ok);
				xcell(models, sizeof models, k,
				      cell[C_MODELS] ? cell[C_MODELS] : "", false, &ok);
				xcell(terr, sizeof terr, k, cell[C_TERRAIN] ? cell[C_TERRAIN] : "",
				      false, &ok);
				xcell(paths, sizeof paths, k, cell[C_PATHS], false, &ok);
				if (!ok && k == ROT &&
				    ++ai < (int)(sizeof ROT_ANGLES / sizeof *ROT_ANGLES)) {
					k--; /* the next angle */
					continue;
				}
				if (!ok && k < TR)
					die("%s: %s%s leaves the board", g.gl_pathv[fi], cell[C_ID],
					    SUFFIX[k]);
				if (!ok)
					continue;
				row *r = row_new(t);
				for (int j = 0; j < NCOL; j++)
					if (cell[j])
						setf(r, j, "%s", cell[j]);
				setf(r, C_ID, "%s%s", cell[C_ID], SUFFIX[k]);
				setf(r, C_UNITS, "%s", units);
				setf(r, C_MODELS, "%s", models);
				setf(r, C_TERRAIN, "%s", terr);
				setf(r, C_PATHS, "%s", paths);
				setf(r, C_VARIANTS, "none");
				if (k == ROT)
					setf(
					    r, C_NOTE,
					    "variant of %s (rotated %g degrees about (%g, %g)): %s",
					    cell[C_ID], g_rot, g_centre.x, g_centre.y,
					    cell[C_NOTE] ? cell[C_NOTE] : "");
				else
					setf(r, C_NOTE, "variant of %s (%s): %s", cell[C_ID],
					     HOW[k], cell[C_NOTE] ? cell[C_NOTE] : "");
			}
		}
		fclose(f);
	}
	globfree(&g);
}
