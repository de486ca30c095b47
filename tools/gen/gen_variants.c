/*
 * gen_variants.c: metamorphic variants of the hand-written case tables.
 *
 * Usage: gen_variants -o OUTDIR [-x HELD] TABLE.csv...
 *
 * HELD (tools/gen/variants-held.txt) names copies that are not written,
 * one ID a line and why: copies on which the oracle and the text disagree
 * because of a predicate's bug, held for review until it is fixed (a
 * predicate is not changed here, nor the expectation).
 *
 * Reads the hand-written tables given (cases/scrollhammer/movement/hand-*.csv)
 * and writes OUTDIR/scrollhammer/movement/gen-variants.csv: for every case
 * whose `variants` is not `none`, copies of the same scenario moved rigidly
 * on the board. The expected columns (expect, violates, dispute, disputed,
 * values, profile, target) are copied unchanged: a rigid motion changes no
 * distance, no angle between bases and no path length, so the rule text
 * must give the same verdict (DESIGN principle 4, the metamorphic relation).
 *
 * The copies, with their ID suffix:
 *   .tr    translated by (dx, dy): x -> x + dx, y -> y + dy, facings kept.
 *          (+3,-2) if it fits, else the first that fits of (+1.5,-1),
 *          (+0.75,-0.5), (-3,+2), (-1.5,+1), (-0.75,+0.5), (+3,+2), (-3,-2),
 *          (+1.5,+1), (-1.5,-1). A shift fits when every base, at its
 *          position and at every point of its path, lies wholly in
 *          [0.5, W-0.5] x [0.5, H-0.5] after it (its bounding box, see
 *          bbox_half; a straight segment between two such points stays in
 *          it too), and every terrain vertex lies in [0, W] x [0, H]. A
 *          case with a base not wholly on the board gets no translated
 *          copy: moving it would change what SH.MOV.DIST.6 sees.
 *   .rot   rotated by an angle that is no multiple of 90 degrees (one of
 *          ANGLES, the first from the one the case ID hashes to that keeps
 *          every base 0.5" inside the board and the terrain on it, as for
 *          .tr) about the centre of the scene's bounding box (positions,
 *          path points, terrain; on a quarter-inch grid): p -> c + R(p - c),
 *          facings f -> f + angle. Slanted: every x and y of a predicate is
 *          read with both signs and mixed, which no axis-bound copy does.
 *   .mx    mirrored about the board's vertical centre line: x -> W - x,
 *          facings f -> 180 - f (a rectangle mirrored is the rectangle
 *          with the mirrored facing: it is symmetric about its axes).
 *   .my    mirrored about the board's horizontal centre line: y -> H - y,
 *          facings f -> -f. (Left and right change places under either
 *          mirror: the text never treats one flank otherwise than the other.)
 *   .r180  rotated by 180 degrees about the board's centre:
 *          x -> W - x, y -> H - y, facings f -> f + 180.
 * The mirrors and the half turn map the board onto itself, and the set of
 * distances from the bases to the four edges onto itself; a translation or
 * a rotation by another angle does not (it brings bases nearer to edges).
 * So:
 *   variants `all` (or empty)  .tr, .rot, .mx, .my, .r180
 *   variants `no-rotate`       .mx, .my, .r180 (the case depends on the
 *                              board's edges or axes: no translation and no
 *                              rotation but the half turn)
 *   variants `none`            no copy
 * Quarter turns are not made: they need the board's W and H swapped, and a
 * 72x48 board turned is a different board; the slanted .rot stays on it.
 *
 * What is transformed: the X,Y of models, the points of paths and of
 * terrain, and every `facing=` of units and models; in a path of poses
 * (CONV.TURN.2) each pose's X,Y@F (point and facing) and each rotation's
 * pivot ~X,Y, whose written sweep :A changes sign in a mirror (a wheel
 * mirrored turns the other way, about the other front corner). Numbers are written
 * with 10 decimals at most (trailing zeros dropped): the rounding, at most
 * 5e-11 in (a rotation's sines and cosines add no more), is far below
 * the tolerance of 1e-6 (a case meant to sit within rounding distance of
 * the tolerance should be marked `none`). A model that
 * states no facing is left without one: if it takes its unit's facing,
 * the unit's is transformed; if it has facing 0, its transformed facing
 * (180) gives the same rectangle. (A front or rear arc would tell them
 * apart; no movement clause uses one.) Every other column is copied as it
 * is; the note gets the prefix "variant of <ID> (<transform>): ".
 *
 * Columns: the union of the input headers, in the order id, ruleset,
 * target, expect, violates, dispute, disputed, profile, board, context,
 * units, models, terrain, action, paths, stationary, facts, dice, values,
 * variants, note (note is always written). Rows are sorted by ID. The file
 * is written whole (temporary file, then rename).
 *
 * Errors: input that cannot be read or transformed (an unknown or repeated
 * column, a row with the wrong number of fields, a coordinate, base or
 * facing that is not a number, a path of an unknown model, a repeated ID)
 * is reported as file:line and the program exits with status 2 without
 * writing anything. libcsv 3.0.3 gives no line numbers: the input is fed
 * to it one line at a time, so that the line is known when it calls back.
 */
#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "strbuf.h"
#include "variants.h"

#define MARGIN 0.5 /* a translated base stays this far inside the board */

void die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("gen_variants: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(status);
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		die(1, "out of memory");
	return q;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xrealloc(NULL, n + 1);
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* ------------------------------------------------------------------ */
/* Reading CSV with libcsv                                             */
/* ------------------------------------------------------------------ */

typedef struct record {
	char **f;
	size_t n;
	long line; /* where the record starts */
} record;

typedef struct table {
	char *path;
	record *recs; /* recs[0] is the header */
	size_t n, cap;
	/* parser state */
	record cur;
	size_t cur_cap;
	long line; /* the line being fed */
} table;

static void on_field(void *s, size_t len, void *data)
{
	table *t = data;
	const char *str = s ? s : "";
	if (t->cur.n == 0) {
		/* the record starts where its first field does: this line, less
		 * the line breaks inside that (quoted) field */
		long nl = 0;
		for (size_t i = 0; i < len; i++)
			nl += str[i] == '\n';
		t->cur.line = t->line - nl;
	}
	if (t->cur.n == t->cur_cap) {
		t->cur_cap = t->cur_cap ? 2 * t->cur_cap : 32;
		t->cur.f = xrealloc(t->cur.f, t->cur_cap * sizeof *t->cur.f);
	}
	t->cur.f[t->cur.n++] = xstrndup(str, len);
}

static void on_record(int c, void *data)
{
	(void)c;
	table *t = data;
	if (t->cur.n == 0)
		return;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->recs = xrealloc(t->recs, t->cap * sizeof *t->recs);
	}
	t->recs[t->n++] = t->cur;
	t->cur = (record){NULL, 0, 0};
	t->cur_cap = 0;
}

static void load(table *t, const char *path)
{
	memset(t, 0, sizeof *t);
	t->path = xstrndup(path, strlen(path));
	FILE *f = fopen(path, "rb");
	if (!f)
		die(2, "%s: cannot open: %s", path, strerror(errno));
	strbuf data = {0};
	char chunk[65536];
	size_t got;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		strbuf_put(&data, chunk, got);
	bool err = ferror(f);
	fclose(f);
	if (err)
		die(2, "%s: read error", path);
	if (data.oom)
		die(1, "out of memory");
	const char *buf = data.s ? data.s : "";
	size_t len = data.n, start = 0;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3; /* a byte order mark */

	struct csv_parser p;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		die(1, "out of memory");
	t->line = 1;
	while (start < len) {
		size_t end = start;
		while (end < len && buf[end] != '\n')
			end++;
		size_t n = (end < len ? end + 1 : end) - start;
		if (csv_parse(&p, buf + start, n, on_field, on_record, t) != n) {
			int e = csv_error(&p);
			csv_fini(&p, NULL, NULL, NULL);
			csv_free(&p);
			die(2, "%s:%ld: malformed CSV: %s", path, t->line, csv_strerror(e));
		}
		start += n;
		if (start < len)
			t->line++;
	}
	if (csv_fini(&p, on_field, on_record, t) != 0) {
		int e = csv_error(&p);
		csv_free(&p);
		die(2,
		    "%s:%ld: malformed CSV: the file ends inside a quoted field of the record "
		    "that starts at line %ld: %s",
		    path, t->line, t->cur.n ? t->cur.line : t->line, csv_strerror(e));
	}
	csv_free(&p);
	strbuf_free(&data);
	if (t->n == 0)
		die(2, "%s:1: empty table: a header row is expected", path);
}

/* ------------------------------------------------------------------ */
/* Columns                                                             */
/* ------------------------------------------------------------------ */

enum {
	C_ID,
	C_RULESET,
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

static const char *const COLS[NCOL] = {
    "id",      "ruleset",    "target",  "expect", "violates", "dispute",  "disputed",
    "profile", "board",      "context", "units",  "models",   "terrain",  "action",
    "paths",   "stationary", "facts",   "dice",   "values",   "variants", "note"};

static const int REQUIRED[] = {C_ID, C_TARGET, C_EXPECT, C_UNITS, C_MODELS, C_ACTION};

/* Where a table's column j (in COLS order) is in its rows, -1 if absent. */
static void header_map(const table *t, int map[NCOL])
{
	for (int j = 0; j < NCOL; j++)
		map[j] = -1;
	const record *h = &t->recs[0];
	for (size_t i = 0; i < h->n; i++) {
		int j = 0;
		while (j < NCOL && strcmp(COLS[j], h->f[i]) != 0)
			j++;
		if (j == NCOL)
			die(2, "%s:%ld: unknown column '%s'", t->path, h->line, h->f[i]);
		if (map[j] >= 0)
			die(2, "%s:%ld: column '%s' appears twice", t->path, h->line, h->f[i]);
		map[j] = (int)i;
	}
	for (size_t r = 0; r < sizeof REQUIRED / sizeof REQUIRED[0]; r++)
		if (map[REQUIRED[r]] < 0)
			die(2, "%s:%ld: required column '%s' is missing", t->path, h->line,
			    COLS[REQUIRED[r]]);
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

typedef struct orow {
	char *f[NCOL];
	const char *file; /* where its case is */
	long line;
} orow;

/* What one run reads and writes, passed to whoever needs it. The tables
 * stay loaded until the end: the copies point into them (orow.file). */
typedef struct gen_ctx {
	char **held; /* IDs of copies not written (-x) */
	size_t nheld;
	table *tables;
	size_t ntables;
	orow *out; /* the copies, sorted by ID before they are written */
	size_t nout, outcap;
} gen_ctx;

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

static int orow_cmp(const void *a, const void *b)
{
	return strcmp(((const orow *)a)->f[C_ID], ((const orow *)b)->f[C_ID]);
}

/* One transformed copy of row r (fields in COLS order; NULL: the table
 * has no such column). */
static void emit(gen_ctx *ctx, const char *const *r, const where *base, const xform *x,
                 const char *suffix, const char *how)
{
	for (size_t i = 0; i < ctx->nheld; i++) {
		size_t n = strlen(r[C_ID]);
		if (strncmp(ctx->held[i], r[C_ID], n) == 0 && strcmp(ctx->held[i] + n, suffix) == 0)
			return;
	}
	if (ctx->nout == ctx->outcap) {
		ctx->outcap = ctx->outcap ? 2 * ctx->outcap : 64;
		ctx->out = xrealloc(ctx->out, ctx->outcap * sizeof *ctx->out);
	}
	orow *o = &ctx->out[ctx->nout++];
	o->file = base->file;
	o->line = base->line;
	static const colkind KIND[NCOL] = {
	    [C_UNITS] = K_UNITS,
	    [C_MODELS] = K_MODELS,
	    [C_TERRAIN] = K_TERRAIN,
	    [C_PATHS] = K_PATHS,
	};
	for (int j = 0; j < NCOL; j++) {
		const char *v = r[j] ? r[j] : "";
		strbuf b = {0};
		if (j == C_ID) {
			strbuf_putf(&b, "%s%s", v, suffix);
		} else if (j == C_NOTE) {
			strbuf_putf(&b, "variant of %s (%s): ", r[C_ID], how);
			strbuf_puts(&b, v);
		} else if (j == C_UNITS || j == C_MODELS || j == C_TERRAIN || j == C_PATHS) {
			where w = *base;
			w.col = COLS[j];
			scan(v, KIND[j], &w, NULL, x, &b);
		} else {
			strbuf_puts(&b, v);
		}
		o->f[j] = strbuf_take(&b);
		if (!o->f[j])
			die(1, "out of memory");
	}
}

static void write_out(const gen_ctx *ctx, const char *outdir, const bool present[NCOL])
{
	char path[4096], tmp[4200];
	if (snprintf(path, sizeof path, "%s/scrollhammer/movement/gen-variants.csv", outdir) >=
	    (int)sizeof path)
		die(2, "output path too long");
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		die(1, "cannot write %s: %s", tmp, strerror(errno));
	bool first = true;
	for (int j = 0; j < NCOL; j++)
		if (present[j]) {
			if (!first)
				fputc(',', f);
			csv_field(f, COLS[j]);
			first = false;
		}
	fputc('\n', f);
	for (size_t i = 0; i < ctx->nout; i++) {
		first = true;
		for (int j = 0; j < NCOL; j++)
			if (present[j]) {
				if (!first)
					fputc(',', f);
				csv_field(f, ctx->out[i].f[j]);
				first = false;
			}
		fputc('\n', f);
	}
	if (ferror(f) | fclose(f)) {
		remove(tmp);
		die(1, "cannot write %s", tmp);
	}
	if (rename(tmp, path) != 0) {
		int e = errno;
		remove(tmp);
		die(1, "cannot rename %s to %s: %s", tmp, path, strerror(e));
	}
}

/* ------------------------------------------------------------------ */
/* Main                                                                */
/* ------------------------------------------------------------------ */

static const struct {
	double dx, dy;
} SHIFTS[] = {
    {3, -2},      {1.5, -1}, {0.75, -0.5}, {-3, 2},  {-1.5, 1},
    {-0.75, 0.5}, {3, 2},    {-3, -2},     {1.5, 1}, {-1.5, -1},
};

/* The angles a rotated copy may turn by: none a multiple of 90, so that
 * every slanted reading of x and y is exercised; a case starts at the one
 * its ID hashes to, and takes the first that keeps it on the board. */
static const double ANGLES[] = {30, 57, 123, 201, 284, 333, 17, 75, 148, 250, 312, 163};
#define NANGLES (sizeof ANGLES / sizeof ANGLES[0])

static unsigned id_hash(const char *id)
{
	unsigned h = 2166136261u;
	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return h;
}

/* The scene moved by x: positions, path points, terrain and facings (a
 * unit that states none faces x's image of 0). Only what fits reads. */
static scene scene_moved(const scene *sc, const xform *x)
{
	scene t = *sc;
	t.m = xrealloc(NULL, sc->nm * sizeof *t.m);
	t.u = xrealloc(NULL, sc->nu * sizeof *t.u);
	t.p = xrealloc(NULL, sc->np * sizeof *t.p);
	t.terrain = xrealloc(NULL, sc->nt * sizeof *t.terrain);
	for (size_t i = 0; i < sc->nm; i++) {
		t.m[i] = sc->m[i];
		t.m[i].pos = xpt(x, sc->m[i].pos);
		t.m[i].facing = xfacing(x, sc->m[i].facing);
	}
	for (size_t i = 0; i < sc->nu; i++) {
		t.u[i] = sc->u[i];
		t.u[i].facing = xfacing(x, sc->u[i].has_facing ? sc->u[i].facing : 0);
		t.u[i].has_facing = true;
	}
	for (size_t i = 0; i < sc->np; i++) {
		t.p[i] = sc->p[i];
		t.p[i].pts = xrealloc(NULL, sc->p[i].n * sizeof *t.p[i].pts);
		for (size_t k = 0; k < sc->p[i].n; k++)
			t.p[i].pts[k] = xpt(x, sc->p[i].pts[k]);
	}
	for (size_t i = 0; i < sc->nt; i++)
		t.terrain[i] = xpt(x, sc->terrain[i]);
	return t;
}

static void scene_moved_free(scene *t)
{
	for (size_t i = 0; i < t->np; i++)
		free(t->p[i].pts);
	free(t->m);
	free(t->u);
	free(t->p);
	free(t->terrain);
}

/* A rotation about the centre of the scene's bounding box (positions,
 * path points, terrain) that keeps it on the board as a translation must
 * (MARGIN, terrain on the board); false when no angle does. */
static bool pick_rotation(const scene *sc, const char *id, xform *x)
{
	double lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY;
#define SPAN(p)                                                                                    \
	do {                                                                                       \
		lo_x = fmin(lo_x, (p).x);                                                          \
		hi_x = fmax(hi_x, (p).x);                                                          \
		lo_y = fmin(lo_y, (p).y);                                                          \
		hi_y = fmax(hi_y, (p).y);                                                          \
	} while (0)
	for (size_t i = 0; i < sc->nm; i++)
		SPAN(sc->m[i].pos);
	for (size_t i = 0; i < sc->np; i++)
		for (size_t k = 0; k < sc->p[i].n; k++)
			SPAN(sc->p[i].pts[k]);
	for (size_t i = 0; i < sc->nt; i++)
		SPAN(sc->terrain[i]);
#undef SPAN
	if (sc->nm == 0)
		return false;
	/* a centre on the quarter-inch grid: the copy's note stays short */
	*x = (xform){X_ROT,
	             0,
	             0,
	             sc->w,
	             sc->h,
	             0,
	             round(2 * (lo_x + hi_x)) / 4,
	             round(2 * (lo_y + hi_y)) / 4};
	unsigned start = id_hash(id) % NANGLES;
	for (unsigned k = 0; k < NANGLES; k++) {
		x->deg = ANGLES[(start + k) % NANGLES];
		scene t = scene_moved(sc, x);
		bool ok = fits(&t, 0, 0, MARGIN, true);
		scene_moved_free(&t);
		if (ok)
			return true;
	}
	return false;
}

static void variants_of(gen_ctx *ctx, const table *t, const int map[NCOL], size_t ri)
{
	const record *rec = &t->recs[ri];
	if (rec->n != t->recs[0].n)
		die(2, "%s:%ld: %zu fields, the header has %zu", t->path, rec->line, rec->n,
		    t->recs[0].n);
	const char *r[NCOL];
	for (int j = 0; j < NCOL; j++)
		r[j] = map[j] >= 0 ? rec->f[map[j]] : NULL;
	where w = {t->path, rec->line, "variants"};
	const char *var = r[C_VARIANTS] && *r[C_VARIANTS] ? r[C_VARIANTS] : "all";
	bool all = strcmp(var, "all") == 0, norot = strcmp(var, "no-rotate") == 0;
	if (strcmp(var, "none") == 0)
		return;
	if (!all && !norot)
		bad(&w, "expected all, no-rotate or none, found '%s'", var);
	if (!*r[C_ID]) {
		w.col = "id";
		bad(&w, "empty case ID");
	}

	scene sc = {0};
	sc.w = 72;
	sc.h = 48;
	if (r[C_BOARD] && *r[C_BOARD]) {
		const char *b = r[C_BOARD], *xs = strchr(b, 'x');
		w.col = "board";
		if (!xs || !parse_num(b, (size_t)(xs - b), &sc.w) ||
		    !parse_num(xs + 1, strlen(xs + 1), &sc.h) || sc.w <= 0 || sc.h <= 0)
			bad(&w, "expected WxH in inches, found '%s'", b);
	}
	w.col = "units";
	scan(r[C_UNITS], K_UNITS, &w, &sc, NULL, NULL);
	w.col = "models";
	scan(r[C_MODELS], K_MODELS, &w, &sc, NULL, NULL);
	if (r[C_TERRAIN]) {
		w.col = "terrain";
		scan(r[C_TERRAIN], K_TERRAIN, &w, &sc, NULL, NULL);
	}
	if (r[C_PATHS]) {
		w.col = "paths";
		scan(r[C_PATHS], K_PATHS, &w, &sc, NULL, NULL);
	}
	for (size_t i = 0; i < sc.np; i++)
		if (!find_model(&sc, sc.p[i].model))
			bad(&w, "a path for model '%s', which the models column does not have",
			    sc.p[i].model);

	xform x = {X_TR, 0, 0, sc.w, sc.h, 0, 0, 0};
	char how[256], wb[32], hb[32];
	fmt_num(wb, sizeof wb, sc.w);
	fmt_num(hb, sizeof hb, sc.h);
	if (all) {
		size_t k = 0;
		bool on_board = fits(&sc, 0, 0, 0.0, false);
		if (on_board)
			while (k < sizeof SHIFTS / sizeof SHIFTS[0] &&
			       !fits(&sc, SHIFTS[k].dx, SHIFTS[k].dy, MARGIN, true))
				k++;
		if (on_board && k < sizeof SHIFTS / sizeof SHIFTS[0]) {
			x.k = X_TR;
			x.dx = SHIFTS[k].dx;
			x.dy = SHIFTS[k].dy;
			snprintf(how, sizeof how, "translated by (%+g,%+g)", x.dx, x.dy);
			emit(ctx, r, &w, &x, ".tr", how);
		} else {
			fprintf(stderr, "gen_variants: %s:%ld: %s: no translated copy (%s)\n",
			        t->path, rec->line, r[C_ID],
			        on_board ? "no shift keeps every base 0.5\" inside the board "
			                   "and the terrain on it"
			                 : "a base is not wholly on the board");
		}
	}
	if (all) {
		bool on_board = fits(&sc, 0, 0, 0.0, false);
		xform rx;
		if (on_board && pick_rotation(&sc, r[C_ID], &rx)) {
			char bx[32], by[32];
			fmt_num(bx, sizeof bx, rx.cx);
			fmt_num(by, sizeof by, rx.cy);
			snprintf(how, sizeof how,
			         "rotated by %g degrees about (%s,%s), facings f -> f + %g", rx.deg,
			         bx, by, rx.deg);
			emit(ctx, r, &w, &rx, ".rot", how);
		} else {
			fprintf(stderr, "gen_variants: %s:%ld: %s: no rotated copy (%s)\n", t->path,
			        rec->line, r[C_ID],
			        on_board ? "no angle keeps every base 0.5\" inside the board "
			                   "and the terrain on it"
			                 : "a base is not wholly on the board");
		}
	}
	x.k = X_MX;
	snprintf(how, sizeof how, "mirrored: x -> %s - x, facings f -> 180 - f", wb);
	emit(ctx, r, &w, &x, ".mx", how);
	x.k = X_MY;
	snprintf(how, sizeof how, "mirrored: y -> %s - y, facings f -> -f", hb);
	emit(ctx, r, &w, &x, ".my", how);
	x.k = X_R180;
	snprintf(how, sizeof how,
	         "rotated by 180 degrees about the board's centre: x -> %s - x, y -> %s - y, "
	         "facings f -> f + 180",
	         wb, hb);
	emit(ctx, r, &w, &x, ".r180", how);
	scene_free(&sc);
}

static void free_all(gen_ctx *ctx)
{
	for (size_t i = 0; i < ctx->ntables; i++) {
		table *t = &ctx->tables[i];
		for (size_t r = 0; r < t->n; r++) {
			for (size_t j = 0; j < t->recs[r].n; j++)
				free(t->recs[r].f[j]);
			free(t->recs[r].f);
		}
		for (size_t j = 0; j < t->cur.n; j++)
			free(t->cur.f[j]);
		free(t->cur.f);
		free(t->recs);
		free(t->path);
	}
	free(ctx->tables);
	for (size_t i = 0; i < ctx->nout; i++)
		for (int j = 0; j < NCOL; j++)
			free(ctx->out[i].f[j]);
	free(ctx->out);
	for (size_t i = 0; i < ctx->nheld; i++)
		free(ctx->held[i]);
	free(ctx->held);
	*ctx = (gen_ctx){0};
}

int main(int argc, char **argv)
{
	const char *outdir = NULL;
	int i = 1;
	if (i + 1 < argc && strcmp(argv[i], "-o") == 0) {
		outdir = argv[i + 1];
		i += 2;
	}
	gen_ctx ctx = {0};
	if (i + 1 < argc && strcmp(argv[i], "-x") == 0) {
		/* the held list: the first word of each line not blank or # */
		FILE *hf = fopen(argv[i + 1], "r");
		if (!hf)
			die(2, "%s: cannot open: %s", argv[i + 1], strerror(errno));
		char line[1024];
		while (fgets(line, sizeof line, hf)) {
			char *w = line + strspn(line, " \t");
			size_t n = strcspn(w, " \t\r\n");
			if (n == 0 || *w == '#')
				continue;
			ctx.held = xrealloc(ctx.held, (ctx.nheld + 1) * sizeof *ctx.held);
			ctx.held[ctx.nheld++] = xstrndup(w, n);
		}
		fclose(hf);
		i += 2;
	}
	if (!outdir || i >= argc || argv[i][0] == '-') {
		fprintf(stderr, "usage: gen_variants -o OUTDIR [-x HELD] TABLE.csv...\n"
		                "writes OUTDIR/scrollhammer/movement/gen-variants.csv\n");
		return 2;
	}
	ctx.ntables = (size_t)(argc - i);
	ctx.tables = xrealloc(NULL, ctx.ntables * sizeof *ctx.tables);
	bool present[NCOL] = {false};
	present[C_ID] = present[C_NOTE] = true;
	for (size_t k = 0; k < ctx.ntables; k++) {
		table *t = &ctx.tables[k];
		load(t, argv[i + (int)k]);
		int map[NCOL];
		header_map(t, map);
		for (int j = 0; j < NCOL; j++)
			present[j] = present[j] || map[j] >= 0;
		for (size_t r = 1; r < t->n; r++)
			variants_of(&ctx, t, map, r);
	}
	qsort(ctx.out, ctx.nout, sizeof *ctx.out, orow_cmp);
	for (size_t k = 1; k < ctx.nout; k++)
		if (strcmp(ctx.out[k - 1].f[C_ID], ctx.out[k].f[C_ID]) == 0)
			die(2,
			    "case ID %s would be written twice, for the cases at %s:%ld and "
			    "%s:%ld (a case ID used twice?)",
			    ctx.out[k].f[C_ID], ctx.out[k - 1].file, ctx.out[k - 1].line,
			    ctx.out[k].file, ctx.out[k].line);
	write_out(&ctx, outdir, present);
	free_all(&ctx);
	return 0;
}
