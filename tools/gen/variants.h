/*
 * variants.h: what gen_variants.c (reading, the copies, writing) and
 * variants_scene.c (the cells' coordinates, transformed) share. The
 * generator's program only: nothing of the library.
 */
#ifndef ARB_GEN_VARIANTS_H
#define ARB_GEN_VARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

#define TOL       1e-6 /* CONV.TOL.1 */
#define MM_PER_IN 25.4 /* CONV.UNIT.1 */

void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);

typedef struct vec {
	double x, y;
} vec;

typedef enum xkind { X_TR, X_MX, X_MY, X_R180, X_ROT } xkind;

typedef struct xform {
	xkind k;
	double dx, dy; /* X_TR */
	double w, h;   /* the board */
	double deg;    /* X_ROT: counter-clockwise, about (cx, cy) */
	double cx, cy;
} xform;

typedef struct where {
	const char *file;
	long line;
	const char *col;
} where;

typedef struct model_info {
	char *id; /* the model's ID (after the '/') */
	char *unit;
	vec pos;
	bool rect;
	double d_mm, w_mm, dep_mm;
	bool has_facing;
	double facing;
} model_info;

typedef struct unit_info {
	char *id;
	bool has_facing;
	double facing;
} unit_info;

typedef struct path_info {
	char *model;
	vec *pts;
	size_t n;
} path_info;

typedef struct scene {
	double w, h;
	model_info *m;
	size_t nm;
	unit_info *u;
	size_t nu;
	path_info *p;
	size_t np;
	vec *terrain;
	size_t nt;
} scene;

typedef enum colkind { K_UNITS, K_MODELS, K_TERRAIN, K_PATHS } colkind;

vec xpt(const xform *x, vec p);
double xfacing(const xform *x, double f);
void fmt_num(char *buf, size_t n, double v);
void bad(const where *w, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
bool parse_num(const char *s, size_t n, double *out);
void scene_free(scene *s);
void scan(const char *src, colkind kind, const where *w, scene *sc, const xform *x, strbuf *out);
const model_info *find_model(const scene *sc, const char *id);
bool fits(const scene *sc, double dx, double dy, double lo, bool terrain);

#endif
