/*
 * json_io.c: the JSON Lines interchange (docs/interchange.md is the one
 * definition of the format; keep the two in step).
 *
 * Reading walks each object by hand so that every error names the JSON path
 * of the offending member and says what was expected. Writing builds a
 * jansson tree and lets jansson escape strings and sort keys.
 *
 * Numbers go through printf/strtod: the tools run in the "C" locale (arbiter
 * never calls setlocale), so the decimal point is '.'.
 */
#include "json_io.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Shared helpers                                                      */
/* ------------------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at s[0..n), or 0 if it is not one
 * (overlong forms, surrogates and code points above U+10FFFF are invalid,
 * as in jansson). */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned cp;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
		cp = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		cp = c & 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

static bool utf8_valid(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t k = utf8_seq(u + i, n - i);
		if (k == 0)
			return false;
		i += k;
	}
	return true;
}

/* A malloc'd copy of s[0..n) with every byte that is not part of valid
 * UTF-8 replaced by U+FFFD: JSON text is UTF-8, and a C string (an
 * explanation cut by snprintf in the middle of a character, a name read from
 * a Latin-1 CSV file) may not be. NULL when out of memory. */
static char *utf8_repair(const char *s, size_t n, size_t *out_len)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n > (SIZE_MAX - 1) / 3)
		return NULL;
	char *r = malloc(3 * n + 1);
	if (!r)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		size_t l = utf8_seq(u + i, n - i);
		if (l == 0) {
			memcpy(r + k, "\xEF\xBF\xBD", 3);
			k += 3;
			i++;
		} else {
			memcpy(r + k, s + i, l);
			k += l;
			i += l;
		}
	}
	r[k] = '\0';
	*out_len = k;
	return r;
}

/* Length of the string in a fixed buffer, which may lack its NUL. */
static size_t bounded_len(const char *s, size_t cap)
{
	const char *z = memchr(s, '\0', cap);
	return z ? (size_t)(z - s) : cap;
}

/* The fewest significant digits (1 to 17) with which "%.*g" reads back as
 * exactly v: 17 always suffice for a double. */
static int shortest_precision(double v)
{
	char buf[40];
	for (int p = 1; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			return p;
	}
	return 17;
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */
/* ------------------------------------------------------------------ */

typedef struct parser {
	arb_scenario *s;
	const char *file;
	long line;
	arb_error *err;
	char path[256]; /* JSON path of the member being read */
	size_t plen;
} parser;

static size_t path_add(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends to the path; returns the old length for path_cut. */
static size_t path_add(parser *p, const char *fmt, ...)
{
	size_t mark = p->plen;
	size_t room = sizeof p->path - p->plen;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(p->path + p->plen, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		p->plen = (size_t)n >= room ? sizeof p->path - 1 : p->plen + (size_t)n;
	return mark;
}

static size_t path_key(parser *p, const char *key)
{
	return p->plen ? path_add(p, ".%s", key) : path_add(p, "%s", key);
}

static size_t path_index(parser *p, size_t i)
{
	return path_add(p, "[%zu]", i);
}

static void path_cut(parser *p, size_t mark)
{
	p->plen = mark;
	p->path[mark] = '\0';
}

static int fail(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An input error at the current path. */
static int fail(parser *p, const char *fmt, ...)
{
	char msg[sizeof p->err->message];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return arb_error_set(p->err, ARB_EINPUT, p->file, p->line, 0, p->path[0] ? p->path : NULL,
	                     "%s", msg);
}

static int oom(parser *p)
{
	return arb_error_set(p->err, ARB_ENOMEM, p->file, p->line, 0, NULL, "out of memory");
}

/* "a string", "an array", ... for messages. */
static const char *type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
		return "an integer";
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	case JSON_NULL:
		return "null";
	}
	return "an unknown value";
}

/* Arena memory for n elements of size bytes; never NULL unless out of
 * memory (then the error is set). */
static void *alloc_n(parser *p, size_t n, size_t size)
{
	if (n > SIZE_MAX / size) {
		oom(p);
		return NULL;
	}
	void *m = arb_scenario_alloc(p->s, (n ? n : 1) * size);
	if (!m)
		oom(p);
	return m;
}

static const char *dup_str(parser *p, const char *str)
{
	const char *c = arb_scenario_strdup(p->s, str);
	if (!c)
		oom(p);
	return c;
}

/* Rejects members of obj not named in allowed (NULL-terminated). */
static int check_keys(parser *p, const json_t *obj, const char *const *allowed)
{
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)obj, key, v)
	{
		bool ok = false;
		for (size_t i = 0; allowed[i] && !ok; i++)
			ok = strcmp(key, allowed[i]) == 0;
		if (ok)
			continue;
		char list[256] = "";
		size_t k = 0;
		for (size_t i = 0; allowed[i]; i++) {
			int w =
			    snprintf(list + k, sizeof list - k, "%s%s", i ? ", " : "", allowed[i]);
			if (w < 0 || (size_t)w >= sizeof list - k)
				break;
			k += (size_t)w;
		}
		path_key(p, key);
		return fail(p, "unknown member \"%s\"; expected one of: %s", key, list);
	}
	return ARB_OK;
}

enum {
	OPT = 0,      /* may be absent: the caller's default stays */
	REQ = 1,      /* must be present */
	NULLABLE = 2, /* null stands for "none" (NULL) */
	NONEMPTY = 4, /* a string must not be "" */
	POSITIVE = 8  /* a number must be > 0 */
};

/* The member key of obj in *v (NULL when absent and optional). what
 * describes the expected value for the message. */
static int member(parser *p, const json_t *obj, const char *key, int flags, const char *what,
                  json_t **v)
{
	*v = json_object_get(obj, key);
	if (!*v && (flags & REQ)) {
		path_key(p, key);
		return fail(p, "missing required member \"%s\" (%s)", key, what);
	}
	return ARB_OK;
}

/* A string value (path already at the value). */
static int read_str(parser *p, const json_t *v, int flags, const char *what, const char **out)
{
	if (json_is_null(v) && (flags & NULLABLE)) {
		*out = NULL;
		return ARB_OK;
	}
	if (!json_is_string(v))
		return fail(p, "expected %s%s, got %s", what, (flags & NULLABLE) ? " or null" : "",
		            type_name(v));
	if ((flags & NONEMPTY) && json_string_length(v) == 0)
		return fail(p, "expected %s, got an empty string", what);
	*out = dup_str(p, json_string_value(v));
	return *out ? ARB_OK : ARB_ENOMEM;
}

static int read_num(parser *p, const json_t *v, int flags, const char *what, double *out)
{
	if (!json_is_number(v))
		return fail(p, "expected %s, got %s", what, type_name(v));
	double d = json_number_value(v);
	/* jansson refuses overflowing literals (1e999), but a finite check
	 * costs nothing and keeps NaN and infinities out of the model. */
	if (!isfinite(d))
		return fail(p, "expected %s, got a number that is not finite", what);
	if ((flags & POSITIVE) && !(d > 0))
		return fail(p, "expected %s greater than 0, got %.17g", what, d);
	*out = d;
	return ARB_OK;
}

static int get_str(parser *p, const json_t *obj, const char *key, int flags, const char *what,
                   const char **out)
{
	json_t *v;
	int rc = member(p, obj, key, flags, what, &v);
	if (rc || !v)
		return rc;
	size_t mark = path_key(p, key);
	rc = read_str(p, v, flags, what, out);
	if (!rc)
		path_cut(p, mark);
	return rc;
}

static int get_num(parser *p, const json_t *obj, const char *key, int flags, const char *what,
                   double *out)
{
	json_t *v;
	int rc = member(p, obj, key, flags, what, &v);
	if (rc || !v)
		return rc;
	size_t mark = path_key(p, key);
	rc = read_num(p, v, flags, what, out);
	if (!rc)
		path_cut(p, mark);
	return rc;
}

/* An integer in [lo, hi]: 3.0 is not an integer here, as a die shows 3. */
static int read_int(parser *p, const json_t *v, long lo, long hi, const char *what, long *out)
{
	if (!json_is_integer(v))
		return fail(p, "expected %s (an integer from %ld to %ld), got %s", what, lo, hi,
		            type_name(v));
	json_int_t i = json_integer_value(v);
	if (i < lo || i > hi)
		return fail(p,
		            "expected %s (an integer from %ld to %ld), got %" JSON_INTEGER_FORMAT,
		            what, lo, hi, i);
	*out = (long)i;
	return ARB_OK;
}

static int get_bool(parser *p, const json_t *obj, const char *key, const char *what, bool *out)
{
	json_t *v;
	int rc = member(p, obj, key, OPT, what, &v);
	if (rc || !v)
		return rc;
	size_t mark = path_key(p, key);
	if (!json_is_boolean(v))
		return fail(p, "expected %s (true or false), got %s", what, type_name(v));
	*out = json_is_true(v);
	path_cut(p, mark);
	return ARB_OK;
}

/* An object or array member: *v is NULL when absent and optional. The path
 * is left at the member (the caller cuts it at mark). */
static int get_typed(parser *p, const json_t *obj, const char *key, int flags, json_type type,
                     const char *what, json_t **v, size_t *mark)
{
	int rc = member(p, obj, key, flags, what, v);
	if (rc || !*v)
		return rc;
	*mark = path_key(p, key);
	if (json_typeof(*v) != type)
		return fail(p, "expected %s, got %s", what, type_name(*v));
	return ARB_OK;
}

/* An array of strings (statuses, unit ids, model ids). *present says
 * whether the member was there at all. */
static int get_str_array(parser *p, const json_t *obj, const char *key, int flags, const char *what,
                         const char ***out, size_t *n, bool *present)
{
	json_t *arr;
	size_t mark = 0;
	char desc[128];
	snprintf(desc, sizeof desc, "an array of %s", what);
	int rc = get_typed(p, obj, key, flags, JSON_ARRAY, desc, &arr, &mark);
	if (present)
		*present = arr != NULL;
	if (rc || !arr)
		return rc;
	size_t k = json_array_size(arr);
	const char **v = alloc_n(p, k, sizeof *v);
	if (!v)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		size_t m = path_index(p, i);
		rc = read_str(p, json_array_get(arr, i), NONEMPTY, what, &v[i]);
		if (rc)
			return rc;
		path_cut(p, m);
	}
	*out = v;
	*n = k;
	path_cut(p, mark);
	return ARB_OK;
}

/* A point [x, y] (path already at the value). */
static int read_point(parser *p, const json_t *v, arb_vec2 *out)
{
	if (!json_is_array(v) || json_array_size(v) != 2) {
		if (json_is_array(v))
			return fail(p,
			            "expected a point [x, y] of two numbers (inches), "
			            "got an array of %zu",
			            json_array_size(v));
		return fail(p, "expected a point [x, y] of two numbers (inches), got %s",
		            type_name(v));
	}
	double c[2];
	for (size_t i = 0; i < 2; i++) {
		size_t m = path_index(p, i);
		int rc = read_num(p, json_array_get(v, i), 0,
		                  i ? "y, a number (inches)" : "x, a number (inches)", &c[i]);
		if (rc)
			return rc;
		path_cut(p, m);
	}
	out->x = c[0];
	out->y = c[1];
	return ARB_OK;
}

/* A polyline or polygon: an array of at least min points (path already at
 * the value). */
static int read_points(parser *p, const json_t *v, size_t min, const char *what, arb_vec2 **pts,
                       size_t *n)
{
	if (!json_is_array(v))
		return fail(p, "expected %s (an array of points [x, y]), got %s", what,
		            type_name(v));
	size_t k = json_array_size(v);
	if (k < min)
		return fail(p, "expected %s of at least %zu point%s, got %zu", what, min,
		            min == 1 ? "" : "s", k);
	arb_vec2 *a = alloc_n(p, k, sizeof *a);
	if (!a)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		size_t m = path_index(p, i);
		int rc = read_point(p, json_array_get(v, i), &a[i]);
		if (rc)
			return rc;
		path_cut(p, m);
	}
	*pts = a;
	*n = k;
	return ARB_OK;
}

/* Object members come out of jansson in document order; the model keeps
 * them in byte order of their names, so that a scenario read back from its
 * dump (sorted keys) is the same, and so is every scenario that differs
 * only in the order of its members (JSON objects are unordered). Paths are
 * not an object but an array: their order is the order of the move. */
static int cmp_kv(const void *a, const void *b)
{
	return strcmp(((const arb_kv *)a)->name, ((const arb_kv *)b)->name);
}

static int cmp_fact(const void *a, const void *b)
{
	return strcmp(((const arb_fact *)a)->name, ((const arb_fact *)b)->name);
}

static int check_name(parser *p, const char *key, const char *what)
{
	if (key[0])
		return ARB_OK;
	return fail(p, "expected %s, got an empty name", what);
}

/* "stats": {"M": 6, ...}. */
static int get_stats(parser *p, const json_t *obj, arb_kv **out, size_t *n)
{
	json_t *o;
	size_t mark = 0;
	int rc = get_typed(p, obj, "stats", OPT, JSON_OBJECT,
	                   "an object of characteristics {\"M\": 6}", &o, &mark);
	if (rc || !o)
		return rc;
	arb_kv *kv = alloc_n(p, json_object_size(o), sizeof *kv);
	if (!kv)
		return ARB_ENOMEM;
	size_t k = 0;
	const char *key;
	json_t *v;
	json_object_foreach(o, key, v)
	{
		size_t m = path_key(p, key);
		if ((rc = check_name(p, key, "a characteristic name")) ||
		    (rc = read_num(p, v, 0, "a number (the characteristic's value)", &kv[k].value)))
			return rc;
		if (!(kv[k].name = dup_str(p, key)))
			return ARB_ENOMEM;
		k++;
		path_cut(p, m);
	}
	qsort(kv, k, sizeof *kv, cmp_kv);
	*out = kv;
	*n = k;
	path_cut(p, mark);
	return ARB_OK;
}

/* "facts": {"name": "true" | true | 1.5}, kept as text. */
static int get_facts(parser *p, const json_t *obj, arb_fact **out, size_t *n)
{
	json_t *o;
	size_t mark = 0;
	int rc = get_typed(p, obj, "facts", OPT, JSON_OBJECT,
	                   "an object of facts {\"name\": value}", &o, &mark);
	if (rc || !o)
		return rc;
	arb_fact *f = alloc_n(p, json_object_size(o), sizeof *f);
	if (!f)
		return ARB_ENOMEM;
	size_t k = 0;
	const char *key;
	json_t *v;
	json_object_foreach(o, key, v)
	{
		size_t m = path_key(p, key);
		if ((rc = check_name(p, key, "a fact name")))
			return rc;
		char buf[64];
		const char *text;
		if (json_is_string(v)) {
			text = json_string_value(v);
		} else if (json_is_boolean(v)) {
			text = json_is_true(v) ? "true" : "false";
		} else if (json_is_integer(v)) {
			snprintf(buf, sizeof buf, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
			text = buf;
		} else if (json_is_real(v)) {
			double d = json_real_value(v);
			if (!isfinite(d))
				return fail(
				    p, "expected a fact value, got a number that is not finite");
			snprintf(buf, sizeof buf, "%.*g", shortest_precision(d), d);
			text = buf;
		} else {
			return fail(p,
			            "expected a fact value (a string, number or boolean), got %s",
			            type_name(v));
		}
		if (!(f[k].name = dup_str(p, key)) || !(f[k].value = dup_str(p, text)))
			return ARB_ENOMEM;
		k++;
		path_cut(p, m);
	}
	qsort(f, k, sizeof *f, cmp_fact);
	*out = f;
	*n = k;
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_context(parser *p, const json_t *root, arb_context *c)
{
	static const char *const keys[] = {
	    "phase", "subphase", "battle_round", "active_side", "in_progress", "completed", NULL};
	json_t *o;
	size_t mark = 0;
	/* Defaults hold when "context" or any of its members is absent. */
	c->phase = "movement";
	c->subphase = NULL;
	c->battle_round = 1;
	int rc = get_typed(p, root, "context", OPT, JSON_OBJECT, "an object (the game context)", &o,
	                   &mark);
	if (rc || !o)
		return rc;
	if ((rc = check_keys(p, o, keys)) ||
	    (rc = get_str(p, o, "phase", NONEMPTY, "a phase name", &c->phase)) ||
	    (rc = get_str(p, o, "subphase", NULLABLE | NONEMPTY, "a sub-phase name",
	                  &c->subphase)) ||
	    (rc = get_str(p, o, "active_side", NULLABLE | NONEMPTY, "a side", &c->active_side)) ||
	    (rc =
	         get_str(p, o, "in_progress", NULLABLE | NONEMPTY, "a unit id", &c->in_progress)) ||
	    (rc = get_str_array(p, o, "completed", OPT, "unit ids", &c->completed, &c->n_completed,
	                        NULL)))
		return rc;
	json_t *v = json_object_get(o, "battle_round");
	if (v) {
		size_t m = path_key(p, "battle_round");
		long r;
		if ((rc = read_int(p, v, 1, 1000000, "a battle round", &r)))
			return rc;
		c->battle_round = (int)r;
		path_cut(p, m);
	}
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_board(parser *p, const json_t *root, arb_scenario *s)
{
	static const char *const keys[] = {"w", "h", NULL};
	json_t *o;
	size_t mark = 0;
	int rc = get_typed(p, root, "board", REQ, JSON_OBJECT,
	                   "an object {\"w\": inches, \"h\": inches}", &o, &mark);
	if (rc || (rc = check_keys(p, o, keys)) ||
	    (rc = get_num(p, o, "w", REQ | POSITIVE, "the board's width in inches", &s->board_w)) ||
	    (rc = get_num(p, o, "h", REQ | POSITIVE, "the board's height in inches", &s->board_h)))
		return rc;
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_base(parser *p, const json_t *model, arb_base *b)
{
	static const char *const round_keys[] = {"shape", "d_mm", NULL};
	static const char *const rect_keys[] = {"shape", "w_mm", "depth_mm", NULL};
	json_t *o;
	size_t mark = 0;
	const char *shape = NULL;
	int rc = get_typed(p, model, "base", REQ, JSON_OBJECT,
	                   "an object {\"shape\": \"round\", \"d_mm\": 25} or "
	                   "{\"shape\": \"rect\", \"w_mm\": 25, \"depth_mm\": 50}",
	                   &o, &mark);
	if (rc || (rc = get_str(p, o, "shape", REQ, "\"round\" or \"rect\"", &shape)))
		return rc;
	if (strcmp(shape, "round") == 0) {
		b->shape = ARB_BASE_ROUND;
		rc = check_keys(p, o, round_keys);
		if (!rc)
			rc = get_num(p, o, "d_mm", REQ | POSITIVE, "the base diameter in mm",
			             &b->d_mm);
	} else if (strcmp(shape, "rect") == 0) {
		b->shape = ARB_BASE_RECT;
		rc = check_keys(p, o, rect_keys);
		if (!rc)
			rc = get_num(p, o, "w_mm", REQ | POSITIVE, "the base frontage in mm",
			             &b->w_mm);
		if (!rc)
			rc = get_num(p, o, "depth_mm", REQ | POSITIVE, "the base depth in mm",
			             &b->depth_mm);
	} else {
		path_key(p, "shape");
		return fail(p, "expected \"round\" or \"rect\", got \"%s\"", shape);
	}
	if (rc)
		return rc;
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_model(parser *p, const json_t *v, arb_model *m)
{
	static const char *const keys[] = {"id", "x", "y", "facing_deg", "base", "stats", NULL};
	int rc;
	if (!json_is_object(v))
		return fail(p, "expected a model (an object), got %s", type_name(v));
	if ((rc = check_keys(p, v, keys)) ||
	    (rc = get_str(p, v, "id", REQ | NONEMPTY, "a model id", &m->id)) ||
	    (rc = get_num(p, v, "x", REQ, "a number (inches)", &m->pos.x)) ||
	    (rc = get_num(p, v, "y", REQ, "a number (inches)", &m->pos.y)) ||
	    (rc = get_num(p, v, "facing_deg", OPT, "a number (degrees)", &m->facing_deg)) ||
	    (rc = parse_base(p, v, &m->base)) || (rc = get_stats(p, v, &m->stats, &m->n_stats)))
		return rc;
	return ARB_OK;
}

static int parse_unit(parser *p, const json_t *v, arb_unit *u)
{
	static const char *const keys[] = {"id",     "side",   "formation",  "stats",
	                                   "status", "models", "facing_deg", NULL};
	int rc;
	if (!json_is_object(v))
		return fail(p, "expected a unit (an object), got %s", type_name(v));
	if ((rc = check_keys(p, v, keys)) ||
	    (rc = get_str(p, v, "id", REQ | NONEMPTY, "a unit id", &u->id)) ||
	    (rc = get_str(p, v, "side", REQ | NONEMPTY, "a side", &u->side)) ||
	    (rc = get_str(p, v, "formation", NULLABLE | NONEMPTY, "a formation name",
	                  &u->formation)) ||
	    (rc = get_num(p, v, "facing_deg", OPT, "a number (degrees)", &u->facing_deg)) ||
	    (rc = get_stats(p, v, &u->stats, &u->n_stats)) ||
	    (rc = get_str_array(p, v, "status", OPT, "status words", &u->status, &u->n_status,
	                        NULL)))
		return rc;
	json_t *arr;
	size_t mark = 0;
	if ((rc = get_typed(p, v, "models", REQ, JSON_ARRAY, "an array of models", &arr, &mark)))
		return rc;
	u->n_models = json_array_size(arr);
	if (!(u->models = alloc_n(p, u->n_models, sizeof *u->models)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < u->n_models; i++) {
		size_t m = path_index(p, i);
		if ((rc = parse_model(p, json_array_get(arr, i), &u->models[i])))
			return rc;
		path_cut(p, m);
	}
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_units(parser *p, const json_t *root, arb_scenario *s)
{
	json_t *arr;
	size_t mark = 0;
	int rc = get_typed(p, root, "units", REQ, JSON_ARRAY, "an array of units", &arr, &mark);
	if (rc)
		return rc;
	s->n_units = json_array_size(arr);
	if (!(s->units = alloc_n(p, s->n_units, sizeof *s->units)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < s->n_units; i++) {
		size_t m = path_index(p, i);
		if ((rc = parse_unit(p, json_array_get(arr, i), &s->units[i])))
			return rc;
		path_cut(p, m);
	}
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_terrain(parser *p, const json_t *root, arb_scenario *s)
{
	static const char *const keys[] = {"id", "kind", "polygon", NULL};
	json_t *arr;
	size_t mark = 0;
	int rc = get_typed(p, root, "terrain", OPT, JSON_ARRAY, "an array of terrain pieces", &arr,
	                   &mark);
	if (rc || !arr)
		return rc;
	s->n_terrain = json_array_size(arr);
	if (!(s->terrain = alloc_n(p, s->n_terrain, sizeof *s->terrain)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < s->n_terrain; i++) {
		arb_terrain *t = &s->terrain[i];
		json_t *v = json_array_get(arr, i), *poly;
		size_t m = path_index(p, i), pm = 0;
		if (!json_is_object(v))
			return fail(p, "expected a terrain piece (an object), got %s",
			            type_name(v));
		if ((rc = check_keys(p, v, keys)) ||
		    (rc = get_str(p, v, "id", REQ | NONEMPTY, "a terrain id", &t->id)) ||
		    (rc = get_str(p, v, "kind", REQ | NONEMPTY, "a terrain kind", &t->kind)) ||
		    (rc = member(p, v, "polygon", REQ, "an array of at least 3 points [x, y]",
		                 &poly)))
			return rc;
		pm = path_key(p, "polygon");
		if ((rc = read_points(p, poly, 3, "a polygon", &t->poly, &t->n_poly)))
			return rc;
		path_cut(p, pm);
		path_cut(p, m);
	}
	path_cut(p, mark);
	return ARB_OK;
}

/* "paths": [{"model": "a1", "points": [[10,10],[16,10]]}, ...], in the
 * order the models move: kept as given. */
static int parse_paths(parser *p, const json_t *action, arb_action *a)
{
	static const char *const keys[] = {"model", "points", NULL};
	json_t *arr;
	size_t mark = 0;
	int rc = get_typed(p, action, "paths", OPT, JSON_ARRAY,
	                   "an array of paths [{\"model\": id, \"points\": [[x, y], ...]}]", &arr,
	                   &mark);
	if (rc || !arr)
		return rc;
	size_t k = json_array_size(arr);
	if (!(a->paths = alloc_n(p, k, sizeof *a->paths)))
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		arb_path *path = &a->paths[i];
		json_t *v = json_array_get(arr, i), *pts;
		size_t m = path_index(p, i);
		if (!json_is_object(v))
			return fail(p,
			            "expected a path (an object {\"model\": id, \"points\": "
			            "[[x, y], ...]}), got %s",
			            type_name(v));
		if ((rc = check_keys(p, v, keys)) ||
		    (rc = get_str(p, v, "model", REQ | NONEMPTY, "a model id", &path->model)) ||
		    (rc = member(p, v, "points", REQ, "an array of at least 1 point [x, y]", &pts)))
			return rc;
		size_t pm = path_key(p, "points");
		if ((rc = read_points(p, pts, 1, "a path", &path->pts, &path->n_pts)))
			return rc;
		path_cut(p, pm);
		path_cut(p, m);
	}
	a->n_paths = k;
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_action(parser *p, const json_t *root, arb_action *a)
{
	static const char *const keys[] = {"type",       "unit",    "voluntary", "paths",
	                                   "stationary", "targets", NULL};
	json_t *o;
	size_t mark = 0;
	a->voluntary = true;
	int rc = get_typed(p, root, "action", REQ, JSON_OBJECT,
	                   "an object {\"type\": ..., \"unit\": ...}", &o, &mark);
	if (rc || (rc = check_keys(p, o, keys)) ||
	    (rc = get_str(p, o, "type", REQ | NONEMPTY, "an action type", &a->type)) ||
	    (rc = get_str(p, o, "unit", REQ | NONEMPTY, "a unit id", &a->unit)) ||
	    (rc = get_bool(p, o, "voluntary", "whether the move is voluntary", &a->voluntary)) ||
	    (rc = parse_paths(p, o, a)) ||
	    (rc = get_str_array(p, o, "stationary", OPT, "model ids", &a->stationary,
	                        &a->n_stationary, &a->stationary_declared)) ||
	    (rc =
	         get_str_array(p, o, "targets", OPT, "unit ids", &a->targets, &a->n_targets, NULL)))
		return rc;
	path_cut(p, mark);
	return ARB_OK;
}

/* "dice": [3, 5] (for the one test the scenario rolls for), or
 * "dice": {"difficult_check": [3, 5], "dangerous_test": [1]} (by test). */
static int parse_dice_array(parser *p, const json_t *arr, arb_scenario *s, const char *test,
                            size_t at)
{
	int rc;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		size_t m = path_index(p, i);
		long d;
		if ((rc = read_int(p, json_array_get(arr, i), 1, 1000000, "a die result", &d)))
			return rc;
		s->dice[at + i] = (int)d;
		if (s->dice_test)
			s->dice_test[at + i] = test;
		path_cut(p, m);
	}
	return ARB_OK;
}

static int parse_dice(parser *p, const json_t *root, arb_scenario *s)
{
	json_t *v = json_object_get(root, "dice");
	size_t mark = path_key(p, "dice");
	int rc = ARB_OK;
	if (!v) {
		path_cut(p, mark);
		return ARB_OK;
	}
	if (json_is_array(v)) {
		size_t k = json_array_size(v);
		if (!(s->dice = alloc_n(p, k, sizeof *s->dice)))
			return ARB_ENOMEM;
		if ((rc = parse_dice_array(p, v, s, NULL, 0)))
			return rc;
		s->n_dice = k;
	} else if (json_is_object(v)) {
		size_t k = 0;
		const char *key;
		json_t *arr;
		json_object_foreach(v, key, arr)
		{
			if (!json_is_array(arr)) {
				size_t m = path_key(p, key);
				rc = fail(p, "expected an array of dice results, got %s",
				          type_name(arr));
				path_cut(p, m);
				return rc;
			}
			k += json_array_size(arr);
		}
		if (!(s->dice = alloc_n(p, k, sizeof *s->dice)) ||
		    !(s->dice_test = alloc_n(p, k, sizeof *s->dice_test)))
			return ARB_ENOMEM;
		/* Tests in name order, so that dump(parse(x)) is stable. */
		const char *names[64];
		size_t n = 0;
		json_object_foreach(v, key, arr)
		{
			if (n == 64)
				return fail(p, "more than 64 tests");
			size_t at = n++;
			while (at > 0 && strcmp(names[at - 1], key) > 0) {
				names[at] = names[at - 1];
				at--;
			}
			names[at] = key;
		}
		size_t at = 0;
		for (size_t i = 0; i < n; i++) {
			const char *test = dup_str(p, names[i]);
			if (!test)
				return ARB_ENOMEM;
			arr = json_object_get(v, names[i]);
			size_t m = path_key(p, names[i]);
			if ((rc = parse_dice_array(p, arr, s, test, at)))
				return rc;
			path_cut(p, m);
			at += json_array_size(arr);
		}
		s->n_dice = k;
	} else {
		return fail(p,
		            "expected an array of dice results or an object of them by test, "
		            "got %s",
		            type_name(v));
	}
	path_cut(p, mark);
	return ARB_OK;
}

static int parse_root(parser *p, const json_t *root, arb_scenario *s)
{
	static const char *const keys[] = {"format",  "id",    "ruleset", "profile",
	                                   "context", "board", "units",   "terrain",
	                                   "action",  "dice",  "facts",   NULL};
	const char *format = NULL;
	int rc;
	if (!json_is_object(root))
		return fail(p, "expected a scenario (a JSON object, one a line), got %s",
		            type_name(root));
	/* The format first: a line of another version may use members this
	 * reader does not know, and "unknown member" would hide the cause. */
	if ((rc = get_str(p, root, "format", REQ, "\"" ARBJ_SCENARIO_FORMAT "\"", &format)))
		return rc;
	if (strcmp(format, ARBJ_SCENARIO_FORMAT) != 0) {
		path_key(p, "format");
		return fail(
		    p, "unsupported format \"%s\"; this reader reads \"" ARBJ_SCENARIO_FORMAT "\"",
		    format);
	}
	if ((rc = check_keys(p, root, keys)) ||
	    (rc = get_str(p, root, "id", REQ | NONEMPTY, "a scenario id", &s->id)) ||
	    (rc = get_str(p, root, "ruleset", REQ | NONEMPTY, "a ruleset name", &s->ruleset)) ||
	    (rc = get_str(p, root, "profile", NULLABLE | NONEMPTY, "a reading profile name",
	                  &s->profile)) ||
	    (rc = parse_context(p, root, &s->context)) || (rc = parse_board(p, root, s)) ||
	    (rc = parse_units(p, root, s)) || (rc = parse_terrain(p, root, s)) ||
	    (rc = parse_action(p, root, &s->action)) || (rc = parse_dice(p, root, s)) ||
	    (rc = get_facts(p, root, &s->facts, &s->n_facts)))
		return rc;
	/* "all" is the profile that selects nothing: the same as none. */
	if (s->profile && strcmp(s->profile, "all") == 0)
		s->profile = NULL;
	return ARB_OK;
}

/* The member path at a syntax error. jansson reports only where it stopped
 * (end, a byte offset just past the offending token), so the text before it,
 * which jansson found well formed, is scanned again, keeping a stack of the
 * open objects (with their current key) and arrays (with the current index).
 * keep_last: the last token belongs to the path (a duplicate key names the
 * member); otherwise the offending token is left out. */
static void syntax_path(const char *text, size_t end, bool keep_last, char *out, size_t n)
{
	enum { EXPECT_KEY, EXPECT_COLON, EXPECT_VALUE, AFTER_VALUE };
	struct frame {
		bool obj;
		const char *key;
		size_t klen;
		size_t index;
		int state;
	} st[32];
	size_t depth = 0;
	const size_t cap = sizeof st / sizeof st[0];
	size_t i = 0;
	while (i < end) {
		char c = text[i];
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			i++;
			continue;
		}
		size_t j = i + 1;
		if (c == '"') {
			while (j < end && text[j] != '"')
				j += text[j] == '\\' ? 2 : 1;
			if (j >= end)
				break; /* the string is where the error is */
			j++;
		} else if (!strchr("{}[],:", c) || c == '\0') {
			while (j < end && text[j] && !strchr(" \t\r\n{}[],:\"", text[j]))
				j++;
		}
		if (j >= end && !keep_last)
			break;
		struct frame *top = depth && depth <= cap ? &st[depth - 1] : NULL;
		if (c == '{' || c == '[') {
			if (depth < cap)
				st[depth] = (struct frame){
				    .obj = c == '{', .state = c == '{' ? EXPECT_KEY : EXPECT_VALUE};
			depth++;
		} else if (c == '}' || c == ']') {
			if (depth)
				depth--;
			if (depth && depth <= cap)
				st[depth - 1].state = AFTER_VALUE;
		} else if (c == ':') {
			if (top)
				top->state = EXPECT_VALUE;
		} else if (c == ',') {
			if (top && top->obj) {
				top->state = EXPECT_KEY;
				top->key = NULL;
			} else if (top) {
				top->index++;
				top->state = EXPECT_VALUE;
			}
		} else if (c == '"' && top && top->obj && top->state == EXPECT_KEY) {
			top->key = text + i + 1;
			top->klen = j - i - 2;
			top->state = EXPECT_COLON;
		} else if (top) {
			top->state = AFTER_VALUE;
		}
		i = j;
	}
	size_t k = 0;
	out[0] = '\0';
	for (size_t f = 0; f < depth && f < cap; f++) {
		const struct frame *fr = &st[f];
		int w = 0;
		/* A member or element whose value is complete is not where the
		 * error is: the path stops at its container. */
		if (fr->obj && fr->key && (fr->state == EXPECT_COLON || fr->state == EXPECT_VALUE))
			w = snprintf(out + k, n - k, "%s%.*s", k ? "." : "", (int)fr->klen,
			             fr->key);
		else if (!fr->obj && fr->state == EXPECT_VALUE)
			w = snprintf(out + k, n - k, "[%zu]", fr->index);
		else
			break;
		if (w < 0 || (size_t)w >= n - k)
			break;
		k += (size_t)w;
	}
}

int arbj_scenario_parse(arb_scenario **out, const char *text, size_t len, const char *file,
                        long lineno, arb_error *err)
{
	arb_scenario *s = NULL;
	json_t *root = NULL;
	json_error_t jerr;
	parser p = {.file = file, .line = lineno, .err = err};
	int rc;

	*out = NULL;
	arb_error_clear(err);
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		char field[sizeof p.path];
		size_t end = jerr.position > 0 ? (size_t)jerr.position : 0;
		enum json_error_code code = json_error_code(&jerr);
		bool dup = code == json_error_duplicate_key;
		/* At the end of the text the last token is not the offender. */
		bool keep_last = dup || code == json_error_premature_end_of_input;
		if (code == json_error_out_of_memory) {
			rc = oom(&p);
			goto done;
		}
		syntax_path(text, end < len ? end : len, keep_last, field, sizeof field);
		long line = jerr.line > 0 ? lineno + jerr.line - 1 : lineno;
		long column = jerr.column > 0 ? jerr.column : 0;
		if (dup)
			rc = arb_error_set(
			    err, ARB_EINPUT, file, line, column, field,
			    "duplicate member: an object names each member once (%s)", jerr.text);
		else
			rc = arb_error_set(err, ARB_EINPUT, file, line, column,
			                   field[0] ? field : NULL, "invalid JSON: %s", jerr.text);
		goto done;
	}
	if ((rc = arb_scenario_new(&s))) {
		rc = oom(&p);
		goto done;
	}
	p.s = s;
	if (file && !(s->src_file = dup_str(&p, file))) {
		rc = ARB_ENOMEM;
		goto done;
	}
	s->src_line = lineno;
	if ((rc = parse_root(&p, root, s)))
		goto done;
	*out = s;
	s = NULL;
done:
	arb_scenario_free(s);
	json_decref(root);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

/* A tree under construction. Helpers return NULL and set failed when out
 * of memory; put and push then drop the member, and dump_finish notices. */
typedef struct dumper {
	bool failed;
	int precision; /* digits that every non-integral number needs */
} dumper;

static json_t *mark_fail(dumper *d, json_t *v)
{
	if (!v)
		d->failed = true;
	return v;
}

/* A string, null for NULL; bytes that are not UTF-8 become U+FFFD. */
static json_t *jstrn(dumper *d, const char *s, size_t n)
{
	if (!s)
		return mark_fail(d, json_null());
	if (utf8_valid(s, n))
		return mark_fail(d, json_stringn(s, n));
	size_t rn = 0;
	char *r = utf8_repair(s, n, &rn);
	json_t *v = r ? json_stringn(r, rn) : NULL;
	free(r);
	return mark_fail(d, v);
}

static json_t *jstr(dumper *d, const char *s)
{
	return jstrn(d, s, s ? strlen(s) : 0);
}

/* A number: integral values as JSON integers (72, not 72.0), others with
 * enough digits to read back exactly, non-finite ones (which JSON cannot
 * write) as null. */
static json_t *jnum(dumper *d, double v)
{
	if (!isfinite(v))
		return mark_fail(d, json_null());
	/* -0 as a JSON integer would read back as +0, and atan2 tells them
	 * apart: it is written -0.0. */
	if (v == 0 && signbit(v))
		return mark_fail(d, json_real(v));
	if (v == floor(v) && fabs(v) <= 9007199254740992.0) /* 2^53: exact as an integer */
		return mark_fail(d, json_integer((json_int_t)v));
	int p = shortest_precision(v);
	if (p > d->precision)
		d->precision = p;
	return mark_fail(d, json_real(v));
}

static json_t *jobj(dumper *d)
{
	return mark_fail(d, json_object());
}

static json_t *jarr(dumper *d)
{
	return mark_fail(d, json_array());
}

static void put(dumper *d, json_t *obj, const char *key, json_t *v)
{
	if (!obj || !v || !key) {
		json_decref(v);
		d->failed = true;
		return;
	}
	size_t n = strlen(key), rn = 0;
	char *fixed = NULL;
	if (!utf8_valid(key, n) && !(key = fixed = utf8_repair(key, n, &rn))) {
		json_decref(v);
		d->failed = true;
		return;
	}
	if (json_object_set_new(obj, key, v)) /* steals v even when it fails */
		d->failed = true;
	free(fixed);
}

static void push(dumper *d, json_t *arr, json_t *v)
{
	if (!arr || !v || json_array_append_new(arr, v)) {
		if (!arr)
			json_decref(v);
		d->failed = true;
	}
}

static json_t *jpoint(dumper *d, arb_vec2 pt)
{
	json_t *a = jarr(d);
	push(d, a, jnum(d, pt.x));
	push(d, a, jnum(d, pt.y));
	return a;
}

static json_t *jpoints(dumper *d, const arb_vec2 *pts, size_t n)
{
	json_t *a = jarr(d);
	for (size_t i = 0; i < n; i++)
		push(d, a, jpoint(d, pts[i]));
	return a;
}

static json_t *jstrings(dumper *d, const char *const *v, size_t n)
{
	json_t *a = jarr(d);
	for (size_t i = 0; i < n; i++)
		push(d, a, jstr(d, v[i]));
	return a;
}

static json_t *jkv(dumper *d, const arb_kv *kv, size_t n)
{
	json_t *o = jobj(d);
	for (size_t i = 0; i < n; i++)
		put(d, o, kv[i].name, jnum(d, kv[i].value));
	return o;
}

/* Serialises root (and releases it): compact, keys sorted, reals with the
 * fewest digits that read back exactly for the value that needs most. */
static char *dump_finish(dumper *d, json_t *root)
{
	char *text = NULL;
	if (!d->failed && root)
		text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS |
		                            JSON_REAL_PRECISION(d->precision));
	json_decref(root);
	return text;
}

static json_t *dump_base(dumper *d, const arb_base *b)
{
	json_t *o = jobj(d);
	if (b->shape == ARB_BASE_ROUND) {
		put(d, o, "shape", jstr(d, "round"));
		put(d, o, "d_mm", jnum(d, b->d_mm));
	} else if (b->shape == ARB_BASE_RECT) {
		put(d, o, "shape", jstr(d, "rect"));
		put(d, o, "w_mm", jnum(d, b->w_mm));
		put(d, o, "depth_mm", jnum(d, b->depth_mm));
	} else {
		put(d, o, "shape", jstr(d, NULL)); /* not a shape: the reader rejects it */
	}
	return o;
}

static json_t *dump_unit(dumper *d, const arb_unit *u)
{
	json_t *o = jobj(d), *models = jarr(d);
	put(d, o, "id", jstr(d, u->id));
	put(d, o, "side", jstr(d, u->side));
	put(d, o, "formation", jstr(d, u->formation));
	put(d, o, "facing_deg", jnum(d, u->facing_deg));
	put(d, o, "stats", jkv(d, u->stats, u->n_stats));
	put(d, o, "status", jstrings(d, u->status, u->n_status));
	for (size_t i = 0; i < u->n_models; i++) {
		const arb_model *m = &u->models[i];
		json_t *mo = jobj(d);
		put(d, mo, "id", jstr(d, m->id));
		put(d, mo, "x", jnum(d, m->pos.x));
		put(d, mo, "y", jnum(d, m->pos.y));
		put(d, mo, "facing_deg", jnum(d, m->facing_deg));
		put(d, mo, "base", dump_base(d, &m->base));
		put(d, mo, "stats", jkv(d, m->stats, m->n_stats));
		push(d, models, mo);
	}
	put(d, o, "models", models);
	return o;
}

char *arbj_scenario_dump(const arb_scenario *s)
{
	dumper d = {.precision = 1};
	json_t *root = jobj(&d);
	const arb_context *c = &s->context;
	const arb_action *a = &s->action;

	put(&d, root, "format", jstr(&d, ARBJ_SCENARIO_FORMAT));
	put(&d, root, "id", jstr(&d, s->id));
	put(&d, root, "ruleset", jstr(&d, s->ruleset));
	bool all = !s->profile || strcmp(s->profile, "all") == 0;
	put(&d, root, "profile", jstr(&d, all ? NULL : s->profile));

	json_t *ctx = jobj(&d);
	put(&d, ctx, "phase", jstr(&d, c->phase));
	put(&d, ctx, "subphase", jstr(&d, c->subphase));
	put(&d, ctx, "battle_round", jnum(&d, c->battle_round));
	put(&d, ctx, "active_side", jstr(&d, c->active_side));
	put(&d, ctx, "in_progress", jstr(&d, c->in_progress));
	put(&d, ctx, "completed", jstrings(&d, c->completed, c->n_completed));
	put(&d, root, "context", ctx);

	json_t *board = jobj(&d);
	put(&d, board, "w", jnum(&d, s->board_w));
	put(&d, board, "h", jnum(&d, s->board_h));
	put(&d, root, "board", board);

	json_t *units = jarr(&d);
	for (size_t i = 0; i < s->n_units; i++)
		push(&d, units, dump_unit(&d, &s->units[i]));
	put(&d, root, "units", units);

	json_t *terrain = jarr(&d);
	for (size_t i = 0; i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		json_t *o = jobj(&d);
		put(&d, o, "id", jstr(&d, t->id));
		put(&d, o, "kind", jstr(&d, t->kind));
		put(&d, o, "polygon", jpoints(&d, t->poly, t->n_poly));
		push(&d, terrain, o);
	}
	put(&d, root, "terrain", terrain);

	json_t *act = jobj(&d), *paths = jarr(&d);
	put(&d, act, "type", jstr(&d, a->type));
	put(&d, act, "unit", jstr(&d, a->unit));
	put(&d, act, "voluntary", mark_fail(&d, json_boolean(a->voluntary)));
	/* In the order of the move, which is the order of the array. */
	for (size_t i = 0; i < a->n_paths; i++) {
		json_t *po = jobj(&d);
		put(&d, po, "model", jstr(&d, a->paths[i].model));
		put(&d, po, "points", jpoints(&d, a->paths[i].pts, a->paths[i].n_pts));
		push(&d, paths, po);
	}
	put(&d, act, "paths", paths);
	/* Absent and empty differ: only a declaration writes the member. */
	if (a->stationary_declared)
		put(&d, act, "stationary", jstrings(&d, a->stationary, a->n_stationary));
	put(&d, act, "targets", jstrings(&d, a->targets, a->n_targets));
	put(&d, root, "action", act);

	json_t *dice;
	if (s->dice_test) {
		/* by test: each test's dice in order */
		dice = jobj(&d);
		for (size_t i = 0; i < s->n_dice; i++) {
			const char *t = s->dice_test[i] ? s->dice_test[i] : "";
			json_t *arr = dice ? json_object_get(dice, t) : NULL;
			if (!arr) {
				arr = jarr(&d);
				put(&d, dice, t, arr);
			}
			push(&d, arr, mark_fail(&d, json_integer(s->dice[i])));
		}
	} else {
		dice = jarr(&d);
		for (size_t i = 0; i < s->n_dice; i++)
			push(&d, dice, mark_fail(&d, json_integer(s->dice[i])));
	}
	put(&d, root, "dice", dice);

	json_t *facts = jobj(&d);
	for (size_t i = 0; i < s->n_facts; i++)
		put(&d, facts, s->facts[i].name, jstr(&d, s->facts[i].value));
	put(&d, root, "facts", facts);

	return dump_finish(&d, root);
}

static json_t *dump_trace(dumper *d, const arb_trace *t)
{
	const arb_predicate *pr = t->pred;
	const arb_result *r = &t->result;
	json_t *o = jobj(d);
	put(d, o, "clause", jstr(d, pr ? pr->clause : NULL));
	put(d, o, "reading", jstr(d, t->reading));
	put(d, o, "question", jstr(d, pr ? pr->question : NULL));
	put(d, o, "outcome", jstr(d, arb_outcome_name(r->outcome)));
	size_t elen = bounded_len(r->explanation, sizeof r->explanation);
	put(d, o, "explanation", jstrn(d, r->explanation, elen));
	put(d, o, "overridden_by", jstr(d, t->overridden_by));
	put(d, o, "not_selected", mark_fail(d, json_boolean(t->not_selected)));
	put(d, o, "missing", jstr(d, r->outcome == ARB_MISSING ? r->missing : NULL));
	if (r->has_measure) {
		json_t *m = jobj(d);
		put(d, m, "figure", jnum(d, r->measure.figure));
		put(d, m, "limit", jnum(d, r->measure.limit));
		put(d, m, "margin", jnum(d, r->measure.margin));
		put(d, m, "p", jpoint(d, r->measure.p));
		put(d, m, "q", jpoint(d, r->measure.q));
		put(d, o, "measure", m);
	} else {
		put(d, o, "measure", mark_fail(d, json_null()));
	}
	return o;
}

char *arbj_verdict_dump(const arb_verdict *v, bool with_trace)
{
	dumper d = {.precision = 1};
	json_t *root = jobj(&d);
	put(&d, root, "format", jstr(&d, ARBJ_VERDICT_FORMAT));
	put(&d, root, "id", jstr(&d, v->scenario_id));
	put(&d, root, "verdict", jstr(&d, arb_verdict_kind_name(v->kind)));

	/* arb_dispute_name joins the kinds with '+'; the format lists them. */
	char names[128];
	json_t *dispute = jarr(&d);
	const char *w = arb_dispute_name(v->dispute, names, sizeof names);
	while (w && *w) {
		size_t n = strcspn(w, "+");
		if (n)
			push(&d, dispute, jstrn(&d, w, n));
		w += n + (w[n] == '+');
	}
	put(&d, root, "dispute", dispute);
	put(&d, root, "violates", jstrings(&d, v->violates, v->n_violates));
	put(&d, root, "disputed", jstrings(&d, v->disputed, v->n_disputed));
	put(&d, root, "missing", jstrings(&d, v->missing, v->n_missing));
	put(&d, root, "values", jkv(&d, v->values, v->n_values));
	put(&d, root, "info", jkv(&d, v->info, v->n_info));
	if (with_trace) {
		json_t *trace = jarr(&d);
		for (size_t i = 0; i < v->n_trace; i++)
			push(&d, trace, dump_trace(&d, &v->trace[i]));
		put(&d, root, "trace", trace);
	}
	return dump_finish(&d, root);
}

char *arbj_error_line(const char *id, const arb_error *err)
{
	dumper d = {.precision = 1};
	json_t *root = jobj(&d), *e = jobj(&d);
	put(&d, root, "format", jstr(&d, ARBJ_VERDICT_FORMAT));
	put(&d, root, "id", jstr(&d, id));
	/* 0 and "" mean "not known" in arb_error; JSON says so with null. */
	put(&d, e, "line",
	    err->line > 0 ? jnum(&d, (double)err->line) : mark_fail(&d, json_null()));
	put(&d, e, "column",
	    err->column > 0 ? jnum(&d, (double)err->column) : mark_fail(&d, json_null()));
	put(&d, e, "field",
	    err->field[0] ? jstrn(&d, err->field, bounded_len(err->field, sizeof err->field))
	                  : mark_fail(&d, json_null()));
	/* A scenario at fault, or the oracle (out of memory, out of budget, a bug). */
	put(&d, e, "kind", jstr(&d, err->code == ARB_EINPUT ? "input" : "fault"));
	put(&d, e, "message",
	    err->message[0]
	        ? jstrn(&d, err->message, bounded_len(err->message, sizeof err->message))
	        : jstr(&d, "unknown error"));
	put(&d, root, "error", e);
	return dump_finish(&d, root);
}

/* ------------------------------------------------------------------ */
/* Checking verdict lines                                              */
/* ------------------------------------------------------------------ */

/* The rules are those of docs/interchange.md, "Rules every verdict obeys";
 * each message names the member at fault. */

typedef struct checker {
	char *why;
	size_t n;
} checker;

static int bad(checker *c, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bad(checker *c, const char *field, const char *fmt, ...)
{
	if (c->why && c->n) {
		char msg[384];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		if (field)
			snprintf(c->why, c->n, "field '%s': %s", field, msg);
		else
			snprintf(c->why, c->n, "%s", msg);
	}
	return ARB_EINPUT;
}

/* Members exactly as the format string says: JSON_STRICT names a missing,
 * extra or mistyped member. */
static int shape(checker *c, json_t *obj, const char *field, const char *fmt, ...)
{
	json_error_t jerr;
	va_list ap;
	va_start(ap, fmt);
	int rc = json_vunpack_ex(obj, &jerr, JSON_STRICT, fmt, ap);
	va_end(ap);
	if (rc == 0)
		return ARB_OK;
	if (json_error_code(&jerr) == json_error_out_of_memory)
		return ARB_ENOMEM;
	return bad(c, field, "%s", jerr.text);
}

static bool is_str_or_null(const json_t *v)
{
	return json_is_string(v) || json_is_null(v);
}

/* A number, or null for one that is not finite. */
static bool is_num_or_null(const json_t *v)
{
	return json_is_number(v) || json_is_null(v);
}

/* An array of non-empty strings in strictly increasing byte order: sorted,
 * each once. */
static int check_id_set(checker *c, const json_t *v, const char *field)
{
	if (!json_is_array(v))
		return bad(c, field, "expected an array of clause IDs or names, got %s",
		           type_name(v));
	const char *prev = NULL;
	for (size_t i = 0; i < json_array_size(v); i++) {
		const json_t *e = json_array_get(v, i);
		if (!json_is_string(e) || json_string_length(e) == 0)
			return bad(c, field, "element %zu: expected a non-empty string, got %s", i,
			           json_is_string(e) ? "an empty string" : type_name(e));
		const char *s = json_string_value(e);
		if (prev && strcmp(prev, s) >= 0)
			return bad(c, field,
			           "\"%s\" after \"%s\": the array must be sorted (byte order) "
			           "and name each once",
			           s, prev);
		prev = s;
	}
	return ARB_OK;
}

/* An object of name -> number or null. */
static int check_numbers(checker *c, const json_t *v, const char *field)
{
	if (!json_is_object(v))
		return bad(c, field, "expected an object of name -> number, got %s", type_name(v));
	const char *key;
	json_t *e;
	json_object_foreach((json_t *)v, key, e)
	{
		if (!key[0])
			return bad(c, field, "a value has an empty name");
		if (!is_num_or_null(e))
			return bad(c, field, "\"%s\": expected a number (or null), got %s", key,
			           type_name(e));
	}
	return ARB_OK;
}

static int check_point(checker *c, const json_t *v, const char *field)
{
	if (json_is_array(v) && json_array_size(v) == 2 && is_num_or_null(json_array_get(v, 0)) &&
	    is_num_or_null(json_array_get(v, 1)))
		return ARB_OK;
	return bad(c, field, "expected a point [x, y] of numbers (or null), got %s", type_name(v));
}

static int check_trace_entry(checker *c, json_t *t, size_t i)
{
	char field[64];
	snprintf(field, sizeof field, "trace[%zu]", i);
	json_t *reading, *overridden, *measure, *missing;
	const char *clause, *question, *outcome, *expl;
	int not_selected;
	int rc = shape(c, t, field, "{s:s,s:o,s:s,s:s,s:s,s:o,s:b,s:o,s:o}", "clause", &clause,
	               "reading", &reading, "question", &question, "outcome", &outcome,
	               "explanation", &expl, "overridden_by", &overridden, "not_selected",
	               &not_selected, "measure", &measure, "missing", &missing);
	if (rc)
		return rc;
	if (!clause[0])
		return bad(c, field, "clause is empty");
	if (!is_str_or_null(reading) || !is_str_or_null(overridden) || !is_str_or_null(missing))
		return bad(c, field, "reading, overridden_by and missing are strings or null");
	bool known = false;
	for (int o = ARB_NA; o <= ARB_MISSING && !known; o++)
		known = strcmp(outcome, arb_outcome_name((arb_outcome)o)) == 0;
	if (!known)
		return bad(c, field, "unknown outcome \"%s\"", outcome);
	if (!json_is_null(missing) && strcmp(outcome, arb_outcome_name(ARB_MISSING)) != 0)
		return bad(c, field, "missing is given but the outcome is \"%s\"", outcome);
	if (json_is_null(measure))
		return ARB_OK;
	json_t *fig, *lim, *mar, *p, *q;
	snprintf(field, sizeof field, "trace[%zu].measure", i);
	if ((rc = shape(c, measure, field, "{s:o,s:o,s:o,s:o,s:o}", "figure", &fig, "limit", &lim,
	                "margin", &mar, "p", &p, "q", &q)))
		return rc;
	if (!is_num_or_null(fig) || !is_num_or_null(lim) || !is_num_or_null(mar))
		return bad(c, field, "figure, limit and margin are numbers (or null)");
	if ((rc = check_point(c, p, field)) || (rc = check_point(c, q, field)))
		return rc;
	return ARB_OK;
}

static int check_error_line(checker *c, json_t *root)
{
	const char *format, *message, *kind;
	json_t *id, *line, *column, *field;
	int rc = shape(c, root, NULL, "{s:s,s:o,s:{s:o,s:o,s:o,s:s,s:s}}", "format", &format, "id",
	               &id, "error", "line", &line, "column", &column, "field", &field, "kind",
	               &kind, "message", &message);
	if (rc)
		return rc;
	if (strcmp(kind, "input") != 0 && strcmp(kind, "fault") != 0)
		return bad(c, "error.kind", "expected \"input\" or \"fault\", got \"%s\"", kind);
	if (strcmp(format, ARBJ_VERDICT_FORMAT) != 0)
		return bad(c, "format", "expected \"" ARBJ_VERDICT_FORMAT "\", got \"%s\"", format);
	if (!is_str_or_null(id))
		return bad(c, "id", "expected a string or null, got %s", type_name(id));
	if (!json_is_null(line) && !(json_is_integer(line) && json_integer_value(line) >= 1))
		return bad(c, "error.line", "expected an integer from 1, or null");
	if (!json_is_null(column) && !(json_is_integer(column) && json_integer_value(column) >= 1))
		return bad(c, "error.column", "expected an integer from 1, or null");
	if (!is_str_or_null(field))
		return bad(c, "error.field", "expected a string or null, got %s", type_name(field));
	if (!message[0])
		return bad(c, "error.message", "the message is empty");
	return ARB_OK;
}

static int check_verdict(checker *c, json_t *root)
{
	const char *format, *verdict;
	json_t *id, *violates, *dispute, *disputed, *missing, *values, *info = NULL, *trace = NULL;
	/* info and trace are informative: an implementation may leave them out. */
	int rc = shape(c, root, NULL, "{s:s,s:o,s:s,s:o,s:o,s:o,s:o,s:o,s?o,s?o}", "format",
	               &format, "id", &id, "verdict", &verdict, "violates", &violates, "dispute",
	               &dispute, "disputed", &disputed, "missing", &missing, "values", &values,
	               "info", &info, "trace", &trace);
	if (rc)
		return rc;
	if (strcmp(format, ARBJ_VERDICT_FORMAT) != 0)
		return bad(c, "format", "expected \"" ARBJ_VERDICT_FORMAT "\", got \"%s\"", format);
	if (!json_is_string(id) || json_string_length(id) == 0)
		return bad(c, "id", "expected the scenario's id (a non-empty string), got %s",
		           json_is_string(id) ? "an empty string" : type_name(id));
	arb_verdict_kind kind;
	if (arb_verdict_kind_parse(verdict, &kind))
		return bad(c, "verdict",
		           "expected legal, illegal, disputed, not-applicable or missing-input, "
		           "got \"%s\"",
		           verdict);
	if ((rc = check_id_set(c, violates, "violates")) ||
	    (rc = check_id_set(c, disputed, "disputed")) ||
	    (rc = check_id_set(c, missing, "missing")) ||
	    (rc = check_numbers(c, values, "values")) ||
	    (info && (rc = check_numbers(c, info, "info"))))
		return rc;
	/* dispute: distinct kinds, in the order conflict, gap, readings */
	if (!json_is_array(dispute))
		return bad(c, "dispute", "expected an array, got %s", type_name(dispute));
	static const char *const kinds[] = {"conflict", "gap", "readings"};
	int last = -1;
	for (size_t i = 0; i < json_array_size(dispute); i++) {
		const json_t *e = json_array_get(dispute, i);
		int k = -1;
		for (int j = 0; j < 3 && json_is_string(e); j++)
			if (strcmp(json_string_value(e), kinds[j]) == 0)
				k = j;
		if (k < 0)
			return bad(c, "dispute", "element %zu: expected conflict, gap or readings",
			           i);
		if (k <= last)
			return bad(c, "dispute",
			           "each kind once, in the order conflict, gap, readings");
		last = k;
	}
	bool is_disputed = kind == ARB_V_DISPUTED;
	size_t n_dispute = json_array_size(dispute), n_disputed = json_array_size(disputed);
	if (is_disputed && (n_dispute == 0 || n_disputed == 0))
		return bad(c, n_dispute ? "disputed" : "dispute",
		           "a disputed verdict says why (dispute) and names the clauses "
		           "(disputed)");
	if (!is_disputed && (n_dispute || n_disputed))
		return bad(c, n_dispute ? "dispute" : "disputed",
		           "must be [] unless the verdict is disputed (it is %s)", verdict);
	bool is_missing = kind == ARB_V_MISSING_INPUT;
	if (is_missing != (json_array_size(missing) > 0))
		return bad(c, "missing",
		           is_missing ? "a missing-input verdict names the facts it needs"
		                      : "must be [] unless the verdict is missing-input (it is %s)",
		           verdict);
	size_t n_violates = json_array_size(violates);
	if (kind == ARB_V_ILLEGAL && n_violates == 0)
		return bad(c, "violates", "an illegal verdict names the clauses violated");
	if ((kind == ARB_V_LEGAL || kind == ARB_V_NOT_APPLICABLE) && n_violates)
		return bad(c, "violates", "must be [] when the verdict is %s", verdict);
	if (kind == ARB_V_NOT_APPLICABLE &&
	    (json_object_size(values) || (info && json_object_size(info))))
		return bad(c, json_object_size(values) ? "values" : "info",
		           "no clause applies to a not-applicable scenario: nothing is derived");
	if (!trace)
		return ARB_OK;
	if (!json_is_array(trace))
		return bad(c, "trace", "expected an array of trace entries, got %s",
		           type_name(trace));
	for (size_t i = 0; i < json_array_size(trace); i++)
		if ((rc = check_trace_entry(c, json_array_get(trace, i), i)))
			return rc;
	return ARB_OK;
}

int arbj_verdict_check(const char *line, bool *is_error, char *why, size_t n)
{
	checker c = {.why = why, .n = n};
	json_error_t jerr;
	if (why && n)
		why[0] = '\0';
	if (is_error)
		*is_error = false;
	json_t *root = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		if (json_error_code(&jerr) == json_error_out_of_memory)
			return ARB_ENOMEM;
		return bad(&c, NULL, "invalid JSON at column %d: %s", jerr.column, jerr.text);
	}
	int rc;
	if (!json_is_object(root)) {
		rc = bad(&c, NULL, "expected a verdict (a JSON object), got %s", type_name(root));
	} else if (json_object_get(root, "error")) {
		rc = check_error_line(&c, root);
		if (rc == ARB_OK && is_error)
			*is_error = true;
	} else {
		rc = check_verdict(&c, root);
	}
	json_decref(root);
	return rc;
}
