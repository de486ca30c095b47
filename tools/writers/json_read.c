/*
 * json_read.c: reading JSON members for the scenario reader
 * (json_scenario_read.c): each helper checks one member's type and value
 * and, when it is wrong, fails with the JSON path of the member and what
 * was expected. The path is kept in the parser as members are entered and
 * cut when they are done.
 */
#include "json_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends s[0..n) to the path, cut where the buffer is full (as snprintf
 * would cut it); returns the old length for path_cut. The path grows for
 * every member read, so it is built without printf. */
static size_t path_put(parser *p, const char *s, size_t n)
{
	size_t mark = p->plen, room = sizeof p->path - 1 - p->plen;
	size_t k = n < room ? n : room;
	memcpy(p->path + p->plen, s, k);
	p->plen += k;
	p->path[p->plen] = '\0';
	return mark;
}

size_t arbj__path_key(parser *p, const char *key)
{
	size_t mark = p->plen;
	if (p->plen)
		path_put(p, ".", 1);
	path_put(p, key, strlen(key));
	return mark;
}

size_t arbj__path_index(parser *p, size_t i)
{
	char buf[3 * sizeof i + 2], *d = buf + sizeof buf;
	*--d = ']';
	do
		*--d = (char)('0' + i % 10);
	while (i /= 10);
	*--d = '[';
	return path_put(p, d, (size_t)(buf + sizeof buf - d));
}

void arbj__path_cut(parser *p, size_t mark)
{
	p->plen = mark;
	p->path[mark] = '\0';
}

/* An input error at the current path. */
int arbj__fail(parser *p, const char *fmt, ...)
{
	char msg[sizeof p->err->message];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return arb_error_set(p->err, ARB_EINPUT, p->file, p->line, 0, p->path[0] ? p->path : NULL,
	                     "%s", msg);
}

int arbj__oom(parser *p)
{
	return arb_error_set(p->err, ARB_ENOMEM, p->file, p->line, 0, NULL, "out of memory");
}

/* Arena memory for n elements of size bytes; never NULL unless out of
 * memory (then the error is set). */
void *arbj__alloc_n(parser *p, size_t n, size_t size)
{
	if (n > SIZE_MAX / size) {
		arbj__oom(p);
		return NULL;
	}
	void *m = arb_scenario_alloc(p->s, (n ? n : 1) * size);
	if (!m)
		arbj__oom(p);
	return m;
}

const char *arbj__dup_str(parser *p, const char *str)
{
	const char *c = arb_scenario_strdup(p->s, str);
	if (!c)
		arbj__oom(p);
	return c;
}

/* Rejects members of obj not named in allowed (NULL-terminated). */
int arbj__check_keys(parser *p, const jd_value *obj, const char *const *allowed)
{
	for (size_t m = 0; m < jd_size(obj); m++) {
		const char *key = obj->u.members[m].key;
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
		arbj__path_key(p, key);
		return arbj__fail(p, "unknown member \"%s\"; expected one of: %s", key, list);
	}
	return ARB_OK;
}

/* The member key of obj in *v (NULL when absent and optional). what
 * describes the expected value for the message. */
int arbj__member(parser *p, const jd_value *obj, const char *key, int flags, const char *what,
                 const jd_value **v)
{
	*v = jd_get(obj, key);
	if (!*v && (flags & REQ)) {
		arbj__path_key(p, key);
		return arbj__fail(p, "missing required member \"%s\" (%s)", key, what);
	}
	return ARB_OK;
}

/* A string value (path already at the value). */
static int read_str(parser *p, const jd_value *v, int flags, const char *what, const char **out)
{
	if (jd_is(v, JD_NULL) && (flags & NULLABLE)) {
		*out = NULL;
		return ARB_OK;
	}
	if (!jd_is(v, JD_STRING))
		return arbj__fail(p, "expected %s%s, got %s", what,
		                  (flags & NULLABLE) ? " or null" : "", arbj__jd_type_name(v));
	if ((flags & NONEMPTY) && v->n == 0)
		return arbj__fail(p, "expected %s, got an empty string", what);
	*out = arbj__dup_str(p, v->u.string);
	return *out ? ARB_OK : ARB_ENOMEM;
}

static int read_num(parser *p, const jd_value *v, int flags, const char *what, double *out)
{
	if (!jd_is_number(v))
		return arbj__fail(p, "expected %s, got %s", what, arbj__jd_type_name(v));
	double d = jd_number(v);
	/* the reader refuses overflowing literals (1e999), but a finite check
	 * costs nothing and keeps NaN and infinities out of the model. */
	if (!isfinite(d))
		return arbj__fail(p, "expected %s, got a number that is not finite", what);
	if ((flags & POSITIVE) && !(d > 0))
		return arbj__fail(p, "expected %s greater than 0, got %.17g", what, d);
	*out = d;
	return ARB_OK;
}

int arbj__get_str(parser *p, const jd_value *obj, const char *key, int flags, const char *what,
                  const char **out)
{
	const jd_value *v;
	int rc = arbj__member(p, obj, key, flags, what, &v);
	if (rc || !v)
		return rc;
	size_t mark = arbj__path_key(p, key);
	rc = read_str(p, v, flags, what, out);
	if (!rc)
		arbj__path_cut(p, mark);
	return rc;
}

int arbj__get_num(parser *p, const jd_value *obj, const char *key, int flags, const char *what,
                  double *out)
{
	const jd_value *v;
	int rc = arbj__member(p, obj, key, flags, what, &v);
	if (rc || !v)
		return rc;
	size_t mark = arbj__path_key(p, key);
	rc = read_num(p, v, flags, what, out);
	if (!rc)
		arbj__path_cut(p, mark);
	return rc;
}

/* An integer in [lo, hi]: 3.0 is not an integer here, as a die shows 3. */
int arbj__read_int(parser *p, const jd_value *v, long lo, long hi, const char *what, long *out)
{
	if (!jd_is(v, JD_INTEGER))
		return arbj__fail(p, "expected %s (an integer from %ld to %ld), got %s", what, lo,
		                  hi, arbj__jd_type_name(v));
	long long i = v->u.integer;
	if (i < lo || i > hi)
		return arbj__fail(p, "expected %s (an integer from %ld to %ld), got %lld", what, lo,
		                  hi, i);
	*out = (long)i;
	return ARB_OK;
}

int arbj__get_bool(parser *p, const jd_value *obj, const char *key, const char *what, bool *out)
{
	const jd_value *v;
	int rc = arbj__member(p, obj, key, OPT, what, &v);
	if (rc || !v)
		return rc;
	size_t mark = arbj__path_key(p, key);
	if (!jd_is_bool(v))
		return arbj__fail(p, "expected %s (true or false), got %s", what,
		                  arbj__jd_type_name(v));
	*out = jd_is(v, JD_TRUE);
	arbj__path_cut(p, mark);
	return ARB_OK;
}

/* An object or array member: *v is NULL when absent and optional. The path
 * is left at the member (the caller cuts it at mark). */
int arbj__get_typed(parser *p, const jd_value *obj, const char *key, int flags, jd_type type,
                    const char *what, const jd_value **v, size_t *mark)
{
	int rc = arbj__member(p, obj, key, flags, what, v);
	if (rc || !*v)
		return rc;
	*mark = arbj__path_key(p, key);
	if (!jd_is(*v, type))
		return arbj__fail(p, "expected %s, got %s", what, arbj__jd_type_name(*v));
	return ARB_OK;
}

/* An array of strings (statuses, unit ids, model ids). *present says
 * whether the member was there at all. */
int arbj__get_str_array(parser *p, const jd_value *obj, const char *key, int flags,
                        const char *what, const char ***out, size_t *n, bool *present)
{
	const jd_value *arr = jd_get(obj, key);
	size_t mark = 0;
	int rc = ARB_OK;
	if (arr && jd_is(arr, JD_ARRAY)) {
		mark = arbj__path_key(p, key);
	} else {
		/* Absent, or not an array: what the message says was expected. */
		char desc[128];
		snprintf(desc, sizeof desc, "an array of %s", what);
		rc = arbj__get_typed(p, obj, key, flags, JD_ARRAY, desc, &arr, &mark);
	}
	if (present)
		*present = arr != NULL;
	if (rc || !arr)
		return rc;
	size_t k = jd_size(arr);
	const char **v = arbj__alloc_n(p, k, sizeof *v);
	if (!v)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		size_t m = arbj__path_index(p, i);
		rc = read_str(p, jd_at(arr, i), NONEMPTY, what, &v[i]);
		if (rc)
			return rc;
		arbj__path_cut(p, m);
	}
	*out = v;
	*n = k;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

/* A point [x, y] (path already at the value). */
int arbj__read_point(parser *p, const jd_value *v, arb_vec2 *out)
{
	if (!jd_is(v, JD_ARRAY) || jd_size(v) != 2) {
		if (jd_is(v, JD_ARRAY))
			return arbj__fail(p,
			                  "expected a point [x, y] of two numbers (inches), "
			                  "got an array of %zu",
			                  jd_size(v));
		return arbj__fail(p, "expected a point [x, y] of two numbers (inches), got %s",
		                  arbj__jd_type_name(v));
	}
	double c[2];
	for (size_t i = 0; i < 2; i++) {
		size_t m = arbj__path_index(p, i);
		int rc = read_num(p, jd_at(v, i), 0,
		                  i ? "y, a number (inches)" : "x, a number (inches)", &c[i]);
		if (rc)
			return rc;
		arbj__path_cut(p, m);
	}
	out->x = c[0];
	out->y = c[1];
	return ARB_OK;
}

/* A polyline or polygon: an array of at least min points (path already at
 * the value). */
int arbj__read_points(parser *p, const jd_value *v, size_t min, const char *what, arb_vec2 **pts,
                      size_t *n)
{
	if (!jd_is(v, JD_ARRAY))
		return arbj__fail(p, "expected %s (an array of points [x, y]), got %s", what,
		                  arbj__jd_type_name(v));
	size_t k = jd_size(v);
	if (k < min)
		return arbj__fail(p, "expected %s of at least %zu point%s, got %zu", what, min,
		                  min == 1 ? "" : "s", k);
	arb_vec2 *a = arbj__alloc_n(p, k, sizeof *a);
	if (!a)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		size_t m = arbj__path_index(p, i);
		int rc = arbj__read_point(p, jd_at(v, i), &a[i]);
		if (rc)
			return rc;
		arbj__path_cut(p, m);
	}
	*pts = a;
	*n = k;
	return ARB_OK;
}

/* Object members come out of the reader in document order; the model keeps
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
	return arbj__fail(p, "expected %s, got an empty name", what);
}

/* "stats": {"M": 6, ...}. */
int arbj__get_stats(parser *p, const jd_value *obj, arb_kv **out, size_t *n)
{
	const jd_value *o;
	size_t mark = 0;
	int rc = arbj__get_typed(p, obj, "stats", OPT, JD_OBJECT,
	                         "an object of characteristics {\"M\": 6}", &o, &mark);
	if (rc || !o)
		return rc;
	arb_kv *kv = arbj__alloc_n(p, jd_size(o), sizeof *kv);
	if (!kv)
		return ARB_ENOMEM;
	size_t k = 0;
	const char *key;
	const jd_value *v;
	jd_foreach(o, key, v)
	{
		size_t m = arbj__path_key(p, key);
		if ((rc = check_name(p, key, "a characteristic name")) ||
		    (rc = read_num(p, v, 0, "a number (the characteristic's value)", &kv[k].value)))
			return rc;
		if (!(kv[k].name = arbj__dup_str(p, key)))
			return ARB_ENOMEM;
		k++;
		arbj__path_cut(p, m);
	}
	qsort(kv, k, sizeof *kv, cmp_kv);
	*out = kv;
	*n = k;
	arbj__path_cut(p, mark);
	return ARB_OK;
}

/* "facts": {"name": "true" | true | 1.5}, kept as text. */
int arbj__get_facts(parser *p, const jd_value *obj, arb_fact **out, size_t *n)
{
	const jd_value *o;
	size_t mark = 0;
	int rc = arbj__get_typed(p, obj, "facts", OPT, JD_OBJECT,
	                         "an object of facts {\"name\": value}", &o, &mark);
	if (rc || !o)
		return rc;
	arb_fact *f = arbj__alloc_n(p, jd_size(o), sizeof *f);
	if (!f)
		return ARB_ENOMEM;
	size_t k = 0;
	const char *key;
	const jd_value *v;
	jd_foreach(o, key, v)
	{
		size_t m = arbj__path_key(p, key);
		if ((rc = check_name(p, key, "a fact name")))
			return rc;
		char buf[64];
		const char *text;
		if (jd_is(v, JD_STRING)) {
			text = v->u.string;
		} else if (jd_is_bool(v)) {
			text = jd_is(v, JD_TRUE) ? "true" : "false";
		} else if (jd_is(v, JD_INTEGER)) {
			snprintf(buf, sizeof buf, "%lld", v->u.integer);
			text = buf;
		} else if (jd_is(v, JD_REAL)) {
			double d = v->u.real;
			if (!isfinite(d))
				return arbj__fail(
				    p, "expected a fact value, got a number that is not finite");
			snprintf(buf, sizeof buf, "%.*g", arbj__shortest_precision(d), d);
			text = buf;
		} else {
			return arbj__fail(
			    p, "expected a fact value (a string, number or boolean), got %s",
			    arbj__jd_type_name(v));
		}
		if (!(f[k].name = arbj__dup_str(p, key)) || !(f[k].value = arbj__dup_str(p, text)))
			return ARB_ENOMEM;
		k++;
		arbj__path_cut(p, m);
	}
	qsort(f, k, sizeof *f, cmp_fact);
	*out = f;
	*n = k;
	arbj__path_cut(p, mark);
	return ARB_OK;
}
