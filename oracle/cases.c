/*
 * cases.c: case tables (docs/cases.md). CSV is read with libcsv in strict
 * mode, one byte at a time so that every field's line and column are known
 * (libcsv 3.0.3 reports neither); each row becomes a scenario and its
 * expectation (cases-row.c). Any malformed row stops the load with
 * file:line:column.
 */
#include "cases-internal.h"

#include <csv.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void where(const loader *L, size_t off, long *line, long *col)
{
	size_t lo = 0, hi = L->n_nl;
	while (lo < hi) { /* number of newlines before off */
		size_t mid = (lo + hi) / 2;
		if (L->nl[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	*line = (long)lo + 1;
	*col = (long)(off - (lo ? L->nl[lo - 1] + 1 : 0)) + 1;
}

/* ---- the cases by ID (arb_idmap), so that loading stays linear ---- */

const arb_case *arb__cases_find(const arb_caseset *cs, const char *id)
{
	return arb__idmap_get(&cs->by_id, id);
}

int arb__cases_index(arb_caseset *cs, const arb_case *c)
{
	return arb__idmap_put(&cs->by_id, c->id, c);
}

int arb__cases_reindex(arb_caseset *cs)
{
	arb__idmap_clear(&cs->by_id);
	for (size_t i = 0; i < cs->cases.n; i++) {
		const arb_case *c = cs->cases.v[i];
		if (c->id && arb__cases_index(cs, c))
			return ARB_ENOMEM;
	}
	return ARB_OK;
}

/* ---- libcsv callbacks ---- */

static void on_field(void *data, size_t len, void *ctx)
{
	loader *L = ctx;
	if (L->rc)
		return;
	if (L->n_fields == MAX_FIELDS) {
		L->too_many = true;
		return;
	}
	if (L->n_fields == 0) /* a record starts after any CR, LF or blank lines */
		while (L->field_start < L->pos &&
		       (L->buf[L->field_start] == '\n' || L->buf[L->field_start] == '\r'))
			L->field_start++;
	field *f = &L->fields[L->n_fields++];
	f->text = malloc(len + 1);
	if (!f->text) {
		L->rc = ARB_ENOMEM;
		return;
	}
	memcpy(f->text, data ? data : "", len);
	f->text[len] = '\0';
	where(L, L->field_start, &f->line, &f->col);
	L->field_start = L->pos + 1;
}

static void clear_fields(loader *L)
{
	for (size_t i = 0; i < L->n_fields; i++)
		free(L->fields[i].text);
	L->n_fields = 0;
}

static void on_record(int term, void *ctx)
{
	loader *L = ctx;
	(void)term;
	L->field_start = L->pos + 1;
	if (L->rc) {
		clear_fields(L);
		return;
	}
	if (L->too_many) {
		L->rc = arb_error_set(L->err, ARB_EINPUT, L->file, L->fields[0].line, 0, NULL,
		                      "row has more than %d fields", MAX_FIELDS);
		clear_fields(L);
		return;
	}
	/* A blank line gives one empty field: skip it. */
	bool blank = L->n_fields == 1 && L->fields[0].text[0] == '\0';
	if (!blank) {
		L->rows++;
		L->rc = L->rows == 1 ? arb__cases_header_row(L) : arb__cases_data_row(L);
	}
	clear_fields(L);
}

static const char *ruleset_from_path(arb_arena *a, const char *path)
{
	/* .../<ruleset>/<section>/<file>.csv */
	const char *end[3] = {NULL, NULL, NULL};
	for (const char *p = path; *p; p++)
		if (*p == '/') {
			end[0] = end[1];
			end[1] = end[2];
			end[2] = p;
		}
	if (!end[1])
		return NULL;
	const char *start = end[0] ? end[0] + 1 : path;
	return arb__arena_strndup(a, start, (size_t)(end[1] - start));
}

static int load_owned(arb_caseset *cs, const char *path, char *buf, size_t n,
                      const arb_rulebook *rb, arb_error *err);

int arb_caseset_load_file(arb_caseset *cs, const char *path, const arb_rulebook *rb, arb_error *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "cannot open: %s",
		                     strerror(errno));
	char *buf = NULL;
	size_t n = 0, cap = 0;
	int rc = ARB_OK;
	for (;;) {
		if (n + 65536 > cap) {
			size_t ncap = cap ? cap * 2 : 131072;
			char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
			if (!nb) {
				rc = arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL,
				                   "out of memory");
				break;
			}
			buf = nb;
			cap = ncap;
		}
		size_t k = fread(buf + n, 1, 65536, f);
		n += k;
		if (k < 65536)
			break;
	}
	if (!rc && ferror(f))
		rc = arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "read error");
	fclose(f);
	if (rc) {
		free(buf);
		return rc;
	}
	rc = load_owned(cs, path, buf, n, rb, err);
	free(buf);
	return rc;
}

int arb_caseset_load_text(arb_caseset *cs, const char *name, const char *text, size_t len,
                          const arb_rulebook *rb, arb_error *err)
{
	char *buf = malloc(len + 1);
	if (!buf)
		return arb_error_set(err, ARB_ENOMEM, name, 0, 0, NULL, "out of memory");
	memcpy(buf, text, len);
	int rc = load_owned(cs, name, buf, len, rb, err);
	free(buf);
	return rc;
}

/* Loads buf[0..n) (with room for one byte more) as the table at path. */
static int load_owned(arb_caseset *cs, const char *path, char *buf, size_t n,
                      const arb_rulebook *rb, arb_error *err)
{
	int rc = ARB_OK;
	/* The scan below stops at a NUL: the text ends with one, and holds none
	 * (a NUL would cut its cell short in silence). */
	buf[n] = '\0';
	const char *nul = memchr(buf, '\0', n);
	if (nul) {
		long line = 1, column = 1;
		for (const char *q = buf; q < nul; q++, column++)
			if (*q == '\n') {
				line++;
				column = 0;
			}
		return arb_error_set(err, ARB_EINPUT, path, line, column, NULL,
		                     "a NUL byte: a case table is text");
	}
	/* The parser is initialised before any exit path, so that done frees
	 * only what was made (csv_init fails only for a NULL parser). */
	struct csv_parser p;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		return arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL, "out of memory");
	}
	loader L = {.cs = cs, .rb = rb, .buf = buf, .err = err};
	size_t before = cs->cases.n;
	L.file = arb__arena_strndup(cs->arena, path, strlen(path));
	L.path_ruleset = ruleset_from_path(cs->arena, path);
	L.nl = calloc(n + 1, sizeof *L.nl);
	if (!L.file || !L.nl) {
		rc = arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL, "out of memory");
		goto done;
	}
	/* A line ends at LF, at CRLF (its LF) and at a lone CR (old Mac files:
	 * libcsv ends records there too, and so must the line numbers). */
	for (size_t i = 0; i < n; i++)
		if (buf[i] == '\n' || (buf[i] == '\r' && (i + 1 == n || buf[i + 1] != '\n')))
			L.nl[L.n_nl++] = i;
	/* A UTF-8 byte order mark (spreadsheets write one) is not part of the header. */
	L.pos = n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	L.field_start = L.pos;
	/* Callbacks fire only on a delimiter, quote or line end: runs of other
	 * bytes are fed in one call, and each special byte alone, so that L.pos
	 * is the byte being parsed when a callback fires. */
	while (L.pos < n && !L.rc) {
		size_t run = strcspn(buf + L.pos, ",\"\r\n");
		size_t len = run ? run : 1;
		if (L.pos + len > n)
			len = n - L.pos;
		size_t done_n = csv_parse(&p, buf + L.pos, len, on_field, on_record, &L);
		if (done_n != len) {
			long line, column;
			where(&L, L.pos + done_n, &line, &column);
			if (csv_error(&p) == CSV_ENOMEM)
				rc = arb_error_set(err, ARB_ENOMEM, L.file, line, column, NULL,
				                   "out of memory");
			else
				rc =
				    arb_error_set(err, ARB_EINPUT, L.file, line, column, NULL,
				                  "malformed CSV: %s", csv_strerror(csv_error(&p)));
			goto done;
		}
		L.pos += len;
	}
	if (!L.rc && csv_fini(&p, on_field, on_record, &L) != 0) {
		long line, column;
		/* the field still open at the end: where its quote opened */
		size_t at = L.field_start;
		while (at < n && (buf[at] == '\n' || buf[at] == '\r'))
			at++;
		where(&L, at, &line, &column);
		rc = arb_error_set(err, ARB_EINPUT, L.file, line, column, NULL, "malformed CSV: %s",
		                   csv_strerror(csv_error(&p)));
		goto done;
	}
	rc = L.rc;
	if (rc == ARB_ENOMEM && err && !err->message[0])
		arb_error_set(err, rc, path, 0, 0, NULL, "out of memory");
	if (!rc && L.rows == 0)
		rc = arb_error_set(err, ARB_EINPUT, L.file, 1, 1, NULL,
		                   "empty table: no header row");
done:
	if (!rc && cs->cases.n > before) {
		cs->mixed = cs->mixed || (cs->rb && cs->rb != rb);
		cs->rb = cs->mixed ? NULL : rb;
	}
	/* A rejected file leaves the set as it was. */
	if (rc) {
		while (cs->cases.n > before) {
			arb_case *c = cs->cases.v[--cs->cases.n];
			arb_scenario_free(c->scenario);
		}
		if (arb__cases_reindex(cs))
			rc = ARB_ENOMEM; /* the index is short: no more loading */
	}
	csv_free(&p);
	clear_fields(&L);
	arb__idmap_free(&L.unit_ids);
	arb__arena_free(L.scratch);
	free(L.nl);
	return rc;
}

int arb_caseset_new(arb_caseset **out)
{
	*out = calloc(1, sizeof **out);
	if (!*out)
		return ARB_ENOMEM;
	if (!((*out)->arena = arb__arena_new()) || !((*out)->slab = arb__arena_new())) {
		arb__arena_free((*out)->arena);
		free(*out);
		*out = NULL;
		return ARB_ENOMEM;
	}
	return ARB_OK;
}

void arb_caseset_free(arb_caseset *cs)
{
	if (!cs)
		return;
	for (size_t i = 0; i < cs->cases.n; i++)
		arb_scenario_free(((arb_case *)cs->cases.v[i])->scenario);
	arb__ptrvec_free(&cs->cases);
	arb__idmap_free(&cs->by_id);
	arb__arena_free(cs->arena);
	arb__arena_free(cs->slab); /* after the scenarios whose blocks it holds */
	free(cs);
}

bool arb__caseset_validated(const arb_caseset *cs, const arb_rulebook *rb)
{
	return cs->cases.n == 0 || (cs->rb == rb && !cs->mixed);
}

size_t arb_caseset_count(const arb_caseset *cs)
{
	return cs->cases.n;
}

const arb_case *arb_caseset_at(const arb_caseset *cs, size_t i)
{
	return i < cs->cases.n ? cs->cases.v[i] : NULL;
}

const arb_case *arb_caseset_find(const arb_caseset *cs, const char *id)
{
	return arb__cases_find(cs, id);
}
