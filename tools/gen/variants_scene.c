/*
 * variants_scene.c: the geometry of gen_variants (tools/gen/gen_variants.c
 * says what the copies are): the rigid motions, and the units, models,
 * terrain and paths cells read and written again with their coordinates
 * and facings transformed.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "angles.h"
#include "variants.h"
/* ------------------------------------------------------------------ */
/* Geometry                                                            */
/* ------------------------------------------------------------------ */

vec xpt(const xform *x, vec p)
{
	switch (x->k) {
	case X_TR:
		return (vec){p.x + x->dx, p.y + x->dy};
	case X_MX:
		return (vec){x->w - p.x, p.y};
	case X_MY:
		return (vec){p.x, x->h - p.y};
	case X_ROT: {
		double c = cosd(x->deg), s = sind(x->deg), ux = p.x - x->cx, uy = p.y - x->cy;
		return (vec){x->cx + c * ux - s * uy, x->cy + s * ux + c * uy};
	}
	default:
		return (vec){x->w - p.x, x->h - p.y};
	}
}

double xfacing(const xform *x, double f)
{
	switch (x->k) {
	case X_TR:
		return f;
	case X_MX:
		return 180.0 - f;
	case X_MY:
		return -f;
	case X_ROT:
		return f + x->deg;
	default:
		return f + 180.0;
	}
}

/* A number with at most 10 decimals, trailing zeros dropped, no "-0". */
void fmt_num(char *buf, size_t n, double v)
{
	snprintf(buf, n, "%.10f", v);
	char *dot = strchr(buf, '.');
	if (dot) {
		char *e = buf + strlen(buf) - 1;
		while (e > dot && *e == '0')
			*e-- = '\0';
		if (e == dot)
			*e = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
}

static void fmt_facing(char *buf, size_t n, double f)
{
	f = fmod(f, 360.0);
	if (f < 0)
		f += 360.0;
	fmt_num(buf, n, f);
	if (strcmp(buf, "360") == 0)
		strcpy(buf, "0");
}

/* ------------------------------------------------------------------ */
/* The columns with coordinates                                        */
/* ------------------------------------------------------------------ */

void bad(const where *w, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	die(2, "%s:%ld: column '%s': %s", w->file, w->line, w->col, msg);
}

bool parse_num(const char *s, size_t n, double *out)
{
	char buf[128];
	if (n == 0 || n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	char *end;
	errno = 0;
	double v = strtod(buf, &end);
	if (*end != '\0' || errno != 0 || !isfinite(v))
		return false;
	*out = v;
	return true;
}

/* "X,Y" */
static bool parse_pt(const char *s, size_t n, vec *out)
{
	const char *c = memchr(s, ',', n);
	return c && parse_num(s, (size_t)(c - s), &out->x) &&
	       parse_num(c + 1, n - (size_t)(c - s) - 1, &out->y);
}

void scene_free(scene *s)
{
	for (size_t i = 0; i < s->nm; i++) {
		free(s->m[i].id);
		free(s->m[i].unit);
	}
	for (size_t i = 0; i < s->nu; i++)
		free(s->u[i].id);
	for (size_t i = 0; i < s->np; i++) {
		free(s->p[i].model);
		free(s->p[i].pts);
	}
	free(s->m);
	free(s->u);
	free(s->p);
	free(s->terrain);
	memset(s, 0, sizeof *s);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * Goes through a units / models / terrain / paths cell: items separated by
 * ';', tokens separated by blanks. With sc, records what it finds; with x
 * and out, writes the cell again with its coordinates and facings
 * transformed and every other character as it was.
 */
void scan(const char *src, colkind kind, const where *w, scene *sc, const xform *x, strbuf *out)
{
	const char *s = src;
	size_t item = 0;
	while (*s || item == 0) {
		const char *iend = strchr(s, ';');
		if (!iend)
			iend = s + strlen(s);
		item++;
		size_t ti = 0;
		const char *q = s;
		path_info *path = NULL;
		model_info *model = NULL;
		unit_info *unit = NULL;
		bool saw_facing = false;
		while (q < iend) {
			if (is_blank(*q)) {
				if (out)
					strbuf_put(out, q, 1);
				q++;
				continue;
			}
			const char *te = q;
			while (te < iend && !is_blank(*te))
				te++;
			size_t tn = (size_t)(te - q);
			bool done = false;
			vec p;
			double f;
			if (kind == K_PATHS && ti >= 1 && (*q == '~' || memchr(q, '@', tn))) {
				/* a pose X,Y@F, or a rotation's step ~PX,PY[:A] (CONV.TURN.2):
				 * the point or pivot moves, the facing turns, and a written
				 * sweep changes sign in a mirror */
				bool pivot = *q == '~';
				const char *body = pivot ? q + 1 : q;
				size_t bn = tn - (pivot ? 1 : 0);
				const char *sep = memchr(body, pivot ? ':' : '@', bn);
				size_t pn = sep ? (size_t)(sep - body) : bn;
				double extra = 0;
				if (!parse_pt(body, pn, &p) ||
				    (sep && !parse_num(sep + 1, bn - pn - 1, &extra)) ||
				    (!pivot && !sep))
					bad(w,
					    "item %zu: expected a pose X,Y@F or a step ~X,Y[:A], "
					    "found '%.*s'",
					    item, (int)tn, q);
				if (sc && !pivot) {
					path->pts =
					    xrealloc(path->pts, (path->n + 1) * sizeof *path->pts);
					path->pts[path->n++] = p;
				}
				if (out && x) {
					char bx[64], by[64], be[64];
					vec t = xpt(x, p);
					fmt_num(bx, sizeof bx, t.x);
					fmt_num(by, sizeof by, t.y);
					strbuf_putf(out, "%s%s,%s", pivot ? "~" : "", bx, by);
					if (sep && pivot) {
						fmt_num(be, sizeof be,
						        x->k == X_MX || x->k == X_MY ? -extra
						                                     : extra);
						strbuf_putf(out, ":%s", be);
					} else if (sep) {
						fmt_facing(be, sizeof be, xfacing(x, extra));
						strbuf_putf(out, "@%s", be);
					}
				}
				done = true;
			} else if (kind == K_TERRAIN && ti == 2 && tn > 7 &&
			           strncmp(q, "height=", 7) == 0) {
				/* a piece's height: no coordinate, kept as written */
			} else if ((kind == K_MODELS && ti == 1) ||
			           (kind == K_TERRAIN && ti >= 2) || (kind == K_PATHS && ti >= 1)) {
				if (!parse_pt(q, tn, &p))
					bad(w, "item %zu: expected a point X,Y, found '%.*s'", item,
					    (int)tn, q);
				if (sc && kind == K_MODELS)
					model->pos = p;
				if (sc && kind == K_TERRAIN) {
					sc->terrain = xrealloc(sc->terrain,
					                       (sc->nt + 1) * sizeof *sc->terrain);
					sc->terrain[sc->nt++] = p;
				}
				if (sc && kind == K_PATHS) {
					path->pts =
					    xrealloc(path->pts, (path->n + 1) * sizeof *path->pts);
					path->pts[path->n++] = p;
				}
				if (out && x) {
					char bx[64], by[64];
					vec t = xpt(x, p);
					fmt_num(bx, sizeof bx, t.x);
					fmt_num(by, sizeof by, t.y);
					strbuf_putf(out, "%s,%s", bx, by);
				}
				done = true;
			} else if ((kind == K_MODELS || kind == K_UNITS) && ti >= 3 && tn > 7 &&
			           strncmp(q, "facing=", 7) == 0) {
				if (!parse_num(q + 7, tn - 7, &f))
					bad(w, "item %zu: expected facing=DEGREES, found '%.*s'",
					    item, (int)tn, q);
				if (sc && kind == K_MODELS) {
					model->has_facing = true;
					model->facing = f;
				}
				if (sc && kind == K_UNITS) {
					unit->has_facing = true;
					unit->facing = f;
				}
				if (out && x) {
					char bf[64];
					fmt_facing(bf, sizeof bf, xfacing(x, f));
					strbuf_putf(out, "facing=%s", bf);
				}
				saw_facing = true;
				done = true;
			} else if (kind == K_MODELS && ti == 2) {
				/* BASE: a diameter or WxD, in mm */
				const char *xs = memchr(q, 'x', tn);
				double a = 0, b = 0;
				bool ok =
				    xs ? parse_num(q, (size_t)(xs - q), &a) &&
				             parse_num(xs + 1, tn - (size_t)(xs - q) - 1, &b) &&
				             a > 0 && b > 0
				       : parse_num(q, tn, &a) && a > 0;
				if (!ok)
					bad(w,
					    "item %zu: expected a base (diameter or WxD in mm), "
					    "found "
					    "'%.*s'",
					    item, (int)tn, q);
				if (sc) {
					model->rect = xs != NULL;
					model->d_mm = xs ? 0 : a;
					model->w_mm = xs ? a : 0;
					model->dep_mm = b;
				}
			} else if (ti == 0 && sc) {
				if (kind == K_MODELS) {
					const char *slash = memchr(q, '/', tn);
					if (!slash)
						bad(w, "item %zu: expected UNIT/ID, found '%.*s'",
						    item, (int)tn, q);
					sc->m = xrealloc(sc->m, (sc->nm + 1) * sizeof *sc->m);
					model = &sc->m[sc->nm++];
					memset(model, 0, sizeof *model);
					model->unit = xstrndup(q, (size_t)(slash - q));
					model->id =
					    xstrndup(slash + 1, tn - (size_t)(slash - q) - 1);
				} else if (kind == K_UNITS) {
					sc->u = xrealloc(sc->u, (sc->nu + 1) * sizeof *sc->u);
					unit = &sc->u[sc->nu++];
					memset(unit, 0, sizeof *unit);
					unit->id = xstrndup(q, tn);
				} else if (kind == K_PATHS) {
					sc->p = xrealloc(sc->p, (sc->np + 1) * sizeof *sc->p);
					path = &sc->p[sc->np++];
					memset(path, 0, sizeof *path);
					path->model = xstrndup(q, tn);
				}
			}
			if (!done && out)
				strbuf_put(out, q, tn);
			ti++;
			q = te;
		}
		/* A unit that states no facing faces 0: its variant must face the
		 * transformed 0, or its front, flanks and ranks would turn round. */
		if (kind == K_UNITS && out && x && ti >= 3 && !saw_facing) {
			double f0 = xfacing(x, 0);
			if (f0 != 0) {
				char bf[64];
				fmt_facing(bf, sizeof bf, f0);
				strbuf_putf(out, " facing=%s", bf);
			}
		}
		if (ti > 0) {
			size_t need = kind == K_MODELS    ? 3
			              : kind == K_PATHS   ? 2
			              : kind == K_TERRAIN ? 3
			                                  : 1;
			if (ti < need)
				bad(w, "item %zu: too few words (%zu) to %s", item, ti,
				    kind == K_MODELS  ? "read UNIT/ID X,Y BASE"
				    : kind == K_PATHS ? "read MODEL X,Y ..."
				                      : "read ID KIND X,Y ...");
		}
		if (!*iend)
			break;
		if (out)
			strbuf_put(out, ";", 1);
		s = iend + 1;
	}
}

const model_info *find_model(const scene *sc, const char *id)
{
	/* "N:MODEL": the model's path in log event N (docs/cases.md, paths) */
	size_t digits = strspn(id, "0123456789");
	if (digits && id[digits] == ':')
		id += digits + 1;
	for (size_t i = 0; i < sc->nm; i++)
		if (strcmp(sc->m[i].id, id) == 0)
			return &sc->m[i];
	return NULL;
}

/* Half-extents of a base's bounding box along x and y; when the model
 * states no facing and its unit does, the larger of the two readings
 * (it takes the unit's facing, or it has facing 0). */
static vec bbox_half(const scene *sc, const model_info *m)
{
	if (!m->rect) {
		double r = m->d_mm / MM_PER_IN / 2;
		return (vec){r, r};
	}
	double cand[2] = {0.0, 0.0};
	int nc = 1;
	if (m->has_facing) {
		cand[0] = m->facing;
	} else {
		for (size_t i = 0; i < sc->nu; i++)
			if (strcmp(sc->u[i].id, m->unit) == 0 && sc->u[i].has_facing)
				cand[nc++] = sc->u[i].facing;
	}
	double hd = m->dep_mm / MM_PER_IN / 2, hw = m->w_mm / MM_PER_IN / 2;
	vec h = {0, 0};
	for (int i = 0; i < nc; i++) {
		double ex = hd * fabs(cosd(cand[i])) + hw * fabs(sind(cand[i]));
		double ey = hd * fabs(sind(cand[i])) + hw * fabs(cosd(cand[i]));
		h.x = fmax(h.x, ex);
		h.y = fmax(h.y, ey);
	}
	return h;
}

/* Whether every base (at its position and every path point), shifted by
 * (dx, dy), lies within [lo, W-lo] x [lo, H-lo] (up to the tolerance when
 * lo is 0), and, with terrain, every terrain vertex in [0, W] x [0, H]. */
bool fits(const scene *sc, double dx, double dy, double lo, bool terrain)
{
	double tol = lo > 0 ? 0.0 : TOL;
	for (size_t i = 0; i < sc->nm; i++) {
		const model_info *m = &sc->m[i];
		vec h = bbox_half(sc, m);
		const path_info *p = NULL;
		for (size_t k = 0; k < sc->np; k++)
			if (strcmp(sc->p[k].model, m->id) == 0)
				p = &sc->p[k];
		size_t n = p ? p->n : 0;
		for (size_t k = 0; k <= n; k++) {
			vec c = k == 0 ? m->pos : p->pts[k - 1];
			c.x += dx;
			c.y += dy;
			if (c.x - h.x < lo - tol || c.x + h.x > sc->w - lo + tol ||
			    c.y - h.y < lo - tol || c.y + h.y > sc->h - lo + tol)
				return false;
		}
	}
	for (size_t i = 0; terrain && i < sc->nt; i++) {
		vec c = {sc->terrain[i].x + dx, sc->terrain[i].y + dy};
		if (c.x < 0 || c.x > sc->w || c.y < 0 || c.y > sc->h)
			return false;
	}
	return true;
}
