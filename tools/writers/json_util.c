/*
 * json_util.c: what the parts of the JSON Lines interchange share
 * (json_internal.h): UTF-8 checks, the shortest exact number, type names for
 * messages, and the helpers that build a jansson tree for writing.
 *
 * Numbers go through printf/strtod: the tools run in the "C" locale (arbiter
 * never calls setlocale), so the decimal point is '.'.
 */
#include "json_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
size_t arbj__bounded_len(const char *s, size_t cap)
{
	const char *z = memchr(s, '\0', cap);
	return z ? (size_t)(z - s) : cap;
}

/* The fewest significant digits (1 to 17) with which "%.*g" reads back as
 * exactly v: 17 always suffice for a double. */
int arbj__shortest_precision(double v)
{
	char buf[40];
	for (int p = 1; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			return p;
	}
	return 17;
}

/* "a string", "an array", ... for messages. */
const char *arbj__type_name(const json_t *v)
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

const char *arbj__jd_type_name(const jd_value *v)
{
	switch (v->type) {
	case JD_OBJECT:
		return "an object";
	case JD_ARRAY:
		return "an array";
	case JD_STRING:
		return "a string";
	case JD_INTEGER:
		return "an integer";
	case JD_REAL:
		return "a number";
	case JD_TRUE:
	case JD_FALSE:
		return "a boolean";
	case JD_NULL:
		return "null";
	}
	return "an unknown value";
}

/* ---- writing: a jansson tree under construction ---- */

json_t *arbj__mark_fail(dumper *d, json_t *v)
{
	if (!v)
		d->failed = true;
	return v;
}

/* A string, null for NULL; bytes that are not UTF-8 become U+FFFD. */
json_t *arbj__jstrn(dumper *d, const char *s, size_t n)
{
	if (!s)
		return arbj__mark_fail(d, json_null());
	if (utf8_valid(s, n))
		return arbj__mark_fail(d, json_stringn(s, n));
	size_t rn = 0;
	char *r = utf8_repair(s, n, &rn);
	json_t *v = r ? json_stringn(r, rn) : NULL;
	free(r);
	return arbj__mark_fail(d, v);
}

json_t *arbj__jstr(dumper *d, const char *s)
{
	return arbj__jstrn(d, s, s ? strlen(s) : 0);
}

/* A number: integral values as JSON integers (72, not 72.0), others with
 * enough digits to read back exactly, non-finite ones (which JSON cannot
 * write) as null. */
json_t *arbj__jnum(dumper *d, double v)
{
	if (!isfinite(v))
		return arbj__mark_fail(d, json_null());
	/* -0 as a JSON integer would read back as +0, and atan2 tells them
	 * apart: it is written -0.0. */
	if (v == 0 && signbit(v))
		return arbj__mark_fail(d, json_real(v));
	if (v == floor(v) && fabs(v) <= 9007199254740992.0) /* 2^53: exact as an integer */
		return arbj__mark_fail(d, json_integer((json_int_t)v));
	int p = arbj__shortest_precision(v);
	if (p > d->precision)
		d->precision = p;
	return arbj__mark_fail(d, json_real(v));
}

json_t *arbj__jobj(dumper *d)
{
	return arbj__mark_fail(d, json_object());
}

json_t *arbj__jarr(dumper *d)
{
	return arbj__mark_fail(d, json_array());
}

void arbj__put(dumper *d, json_t *obj, const char *key, json_t *v)
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

void arbj__push(dumper *d, json_t *arr, json_t *v)
{
	if (!arr || !v || json_array_append_new(arr, v)) {
		if (!arr)
			json_decref(v);
		d->failed = true;
	}
}

json_t *arbj__jpoint(dumper *d, arb_vec2 pt)
{
	json_t *a = arbj__jarr(d);
	arbj__push(d, a, arbj__jnum(d, pt.x));
	arbj__push(d, a, arbj__jnum(d, pt.y));
	return a;
}

json_t *arbj__jpoints(dumper *d, const arb_vec2 *pts, size_t n)
{
	json_t *a = arbj__jarr(d);
	for (size_t i = 0; i < n; i++)
		arbj__push(d, a, arbj__jpoint(d, pts[i]));
	return a;
}

json_t *arbj__jstrings(dumper *d, const char *const *v, size_t n)
{
	json_t *a = arbj__jarr(d);
	for (size_t i = 0; i < n; i++)
		arbj__push(d, a, arbj__jstr(d, v[i]));
	return a;
}

json_t *arbj__jkv(dumper *d, const arb_kv *kv, size_t n)
{
	json_t *o = arbj__jobj(d);
	for (size_t i = 0; i < n; i++)
		arbj__put(d, o, kv[i].name, arbj__jnum(d, kv[i].value));
	return o;
}

/* Serialises root (and releases it): compact, keys sorted, reals with the
 * fewest digits that read back exactly for the value that needs most. */
char *arbj__dump_finish(dumper *d, json_t *root)
{
	char *text = NULL;
	if (!d->failed && root)
		text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS |
		                            JSON_REAL_PRECISION(d->precision));
	json_decref(root);
	return text;
}
