/*
 * json_text.c: JSON text written straight into a growable string, with no
 * tree in between (json_internal.h, "writing text"). It writes what jansson's
 * json_dumps writes with JSON_COMPACT | JSON_SORT_KEYS |
 * JSON_REAL_PRECISION(p), byte for byte (tests/test_json.c compares them),
 * at a fraction of the cost: the scenario line of every case is written
 * once per `certify` and `export`, and building a jansson tree, sorting its
 * keys and searching each number's digits was most of `certify --abi`
 * (docs/certify.md, "Measured").
 *
 * The caller writes the members of each object in sorted order (the keys
 * are its own constants) or through jt_sort_keys (keys from the input).
 * Every number of a line is written with the precision of the number that
 * needs most, as jansson does with one precision for the whole dump: so a
 * line is walked twice, first measuring (nothing written), then writing.
 *
 * Numbers go through printf/strtod: the tools run in the "C" locale (arbiter
 * never calls setlocale), so the decimal point is '.'.
 */
#include "json_internal.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int arbj__shortest_precision(double v)
{
	/* DBL_DIG (15) digits of a normal double read back as the decimal they
	 * came from: when "%.15g" reads back as v, the shortest exact form has
	 * no more digits than it, and is it. Else 16 digits, or 17. */
	char buf[40];
	if (fabs(v) < DBL_MIN) { /* subnormal: fewer digits hold, search them all */
		for (int p = 1; p < 17; p++) {
			snprintf(buf, sizeof buf, "%.*g", p, v);
			if (strtod(buf, NULL) == v)
				return p;
		}
		return 17;
	}
	snprintf(buf, sizeof buf, "%.15g", v);
	if (strtod(buf, NULL) == v) {
		int digits = 0, zeros = 0; /* significant digits, and zeros ending them */
		bool lead = true, point = false;
		for (const char *c = buf; *c && *c != 'e'; c++) {
			point = point || *c == '.';
			if (*c < '0' || *c > '9')
				continue;
			if (*c != '0')
				lead = false;
			if (!lead) {
				digits++;
				zeros = *c == '0' ? zeros + 1 : 0;
			}
		}
		/* "%g" drops the zeros after a point, not those of a whole
		 * number (590 is 5.9e+02 in two) */
		if (!point)
			digits -= zeros;
		/* "0" (an exact zero) still has one digit */
		return digits > 0 ? digits : 1;
	}
	snprintf(buf, sizeof buf, "%.16g", v);
	return strtod(buf, NULL) == v ? 16 : 17;
}

/* The separator before a member or element: none after an opening, a
 * key, or the line feed that ends a line of JSON Lines. */
static void sep(jtext *w)
{
	char last = w->b.n ? w->b.s[w->b.n - 1] : '\n';
	if (last != '{' && last != '[' && last != ':' && last != '\n')
		strbuf_put(&w->b, ",", 1);
}

void jt_newline(jtext *w)
{
	if (!w->measure)
		strbuf_put(&w->b, "\n", 1);
}

void jt_open(jtext *w, char c)
{
	if (w->measure)
		return;
	sep(w);
	strbuf_put(&w->b, &c, 1);
}

void jt_close(jtext *w, char c)
{
	if (!w->measure)
		strbuf_put(&w->b, &c, 1);
}

/* s[0..n) quoted as jansson does: '"', '\\' and control characters escaped
 * (the short forms where JSON has one, else \u00XX in capitals), every
 * other byte as it is. */
static void quote(strbuf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	strbuf_put(b, "\"", 1);
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		strbuf_put(b, s + run, i - run);
		run = i + 1;
		char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
		switch (c) {
		case '"':
			strbuf_put(b, "\\\"", 2);
			break;
		case '\\':
			strbuf_put(b, "\\\\", 2);
			break;
		case '\b':
			strbuf_put(b, "\\b", 2);
			break;
		case '\f':
			strbuf_put(b, "\\f", 2);
			break;
		case '\n':
			strbuf_put(b, "\\n", 2);
			break;
		case '\r':
			strbuf_put(b, "\\r", 2);
			break;
		case '\t':
			strbuf_put(b, "\\t", 2);
			break;
		default:
			strbuf_put(b, e, sizeof e);
		}
	}
	strbuf_put(b, s + run, n - run);
	strbuf_put(b, "\"", 1);
}

/* s[0..n) quoted, its bytes that are not UTF-8 as U+FFFD (as arbj__jstrn). */
static void quote_utf8(jtext *w, const char *s, size_t n)
{
	/* most strings are printable ASCII with nothing to escape: one pass */
	size_t i = 0;
	while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x80 && s[i] != '"' &&
	       s[i] != '\\')
		i++;
	if (i == n) {
		strbuf_put(&w->b, "\"", 1);
		strbuf_put(&w->b, s, n);
		strbuf_put(&w->b, "\"", 1);
		return;
	}
	if (arbj__utf8_valid(s, n)) {
		quote(&w->b, s, n);
		return;
	}
	size_t rn = 0;
	char *r = arbj__utf8_repair(s, n, &rn);
	if (!r) {
		w->failed = true;
		return;
	}
	quote(&w->b, r, rn);
	free(r);
}

void jt_key(jtext *w, const char *key)
{
	if (!key) { /* as arbj__put: no member without a key */
		w->failed = true;
		return;
	}
	if (w->measure)
		return;
	sep(w);
	quote_utf8(w, key, strlen(key));
	strbuf_put(&w->b, ":", 1);
}

void jt_strn(jtext *w, const char *s, size_t n)
{
	if (w->measure)
		return;
	if (!s) {
		jt_lit(w, "null");
		return;
	}
	sep(w);
	quote_utf8(w, s, n);
}

void jt_str(jtext *w, const char *s)
{
	jt_strn(w, s, s ? strlen(s) : 0);
}

void jt_lit(jtext *w, const char *lit)
{
	if (w->measure)
		return;
	sep(w);
	strbuf_puts(&w->b, lit);
}

void jt_int(jtext *w, long long v)
{
	if (w->measure)
		return;
	/* the digits backwards, as "%lld" writes them */
	char buf[24], *p = buf + sizeof buf;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	sep(w);
	strbuf_put(&w->b, p, (size_t)(buf + sizeof buf - p));
}

/* A real as jansson writes it: "%.*g", ".0" added when that looks like an
 * integer, the exponent without '+' or leading zeros. */
static void real(jtext *w, double v)
{
	char buf[48];
	int k = snprintf(buf, sizeof buf, "%.*g", w->precision, v);
	if (k < 0 || (size_t)k >= sizeof buf - 3) {
		w->failed = true;
		return;
	}
	char *e = strchr(buf, 'e');
	if (!e && !strchr(buf, '.')) {
		memcpy(buf + k, ".0", 3);
		k += 2;
	}
	if (e) {
		char *from = e + 1, *to = e + 1;
		if (*from == '-')
			to = ++from;
		else if (*from == '+')
			from++;
		while (*from == '0' && from[1])
			from++;
		memmove(to, from, strlen(from) + 1);
		k = (int)strlen(buf);
	}
	sep(w);
	strbuf_put(&w->b, buf, (size_t)k);
}

void jt_num(jtext *w, double v)
{
	if (!isfinite(v)) {
		jt_lit(w, "null");
		return;
	}
	/* -0 as an integer would read back as +0 (atan2 tells them apart) */
	if (v == 0 && signbit(v)) {
		if (!w->measure)
			real(w, v);
		return;
	}
	if (v == floor(v) && fabs(v) <= 9007199254740992.0) { /* 2^53: exact */
		jt_int(w, (long long)v);
		return;
	}
	if (w->measure) {
		int p = arbj__shortest_precision(v);
		if (p > w->precision)
			w->precision = p;
		return;
	}
	real(w, v);
}

void jt_point(jtext *w, arb_vec2 pt)
{
	jt_open(w, '[');
	jt_num(w, pt.x);
	jt_num(w, pt.y);
	jt_close(w, ']');
}

void jt_points(jtext *w, const arb_vec2 *pts, size_t n)
{
	jt_open(w, '[');
	for (size_t i = 0; i < n; i++)
		jt_point(w, pts[i]);
	jt_close(w, ']');
}

void jt_strings(jtext *w, const char *const *v, size_t n)
{
	jt_open(w, '[');
	for (size_t i = 0; i < n; i++)
		jt_str(w, v[i]);
	jt_close(w, ']');
}

typedef struct sort_key {
	const char *key;
	size_t i;
} sort_key;

static int by_key(const void *a, const void *b)
{
	const sort_key *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->i > y->i) - (x->i < y->i);
}

size_t jt_sort_keys(jtext *w, const char *const *keys, size_t n, size_t *order)
{
	if (n == 0)
		return 0;
	sort_key *k = calloc(n, sizeof *k);
	char **fixed = calloc(n, sizeof *fixed); /* keys that were not UTF-8 */
	size_t m = 0;
	if (!k || !fixed) {
		w->failed = true;
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		size_t len = keys[i] ? strlen(keys[i]) : 0, rn = 0;
		if (!keys[i] || (!arbj__utf8_valid(keys[i], len) &&
		                 !(fixed[i] = arbj__utf8_repair(keys[i], len, &rn)))) {
			w->failed = true;
			goto done;
		}
		/* sorted as written: jansson sorts the repaired keys */
		k[i] = (sort_key){fixed[i] ? fixed[i] : keys[i], i};
	}
	qsort(k, n, sizeof *k, by_key);
	/* a key given twice keeps its last value, as json_object_set does */
	for (size_t i = 0; i < n; i++) {
		if (i + 1 < n && strcmp(k[i].key, k[i + 1].key) == 0)
			continue;
		order[m++] = k[i].i;
	}
done:
	for (size_t i = 0; fixed && i < n; i++)
		free(fixed[i]);
	free(fixed);
	free(k);
	return m;
}

void jt_kv(jtext *w, const arb_kv *kv, size_t n)
{
	if (w->measure) { /* a value given twice counts, as it did in the tree */
		for (size_t i = 0; i < n; i++)
			jt_num(w, kv[i].value);
		return;
	}
	jt_open(w, '{');
	const char *small[16], **keys = n <= 16 ? small : malloc(n * sizeof *keys);
	size_t so[16], *order = n <= 16 ? so : malloc(n * sizeof *order);
	if (!keys || !order) {
		w->failed = true;
	} else {
		for (size_t i = 0; i < n; i++)
			keys[i] = kv[i].name;
		size_t m = jt_sort_keys(w, keys, n, order);
		for (size_t i = 0; i < m; i++) {
			jt_key(w, kv[order[i]].name);
			jt_num(w, kv[order[i]].value);
		}
	}
	if (keys != small)
		free(keys);
	if (order != so)
		free(order);
	jt_close(w, '}');
}

void jt_begin(jtext *w)
{
	*w = (jtext){.precision = 1, .measure = true};
}

bool jt_write_pass(jtext *w)
{
	if (!w->measure)
		return false;
	w->measure = false;
	return !w->failed;
}

char *jt_finish(jtext *w)
{
	if (w->failed) {
		strbuf_free(&w->b);
		return NULL;
	}
	return strbuf_take(&w->b);
}
