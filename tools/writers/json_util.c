/*
 * json_util.c: what the parts of the JSON Lines interchange share
 * (json_internal.h): UTF-8 checks and type names for messages. The writing
 * is json_text.c.
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

bool arbj__utf8_valid(const char *s, size_t n)
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
char *arbj__utf8_repair(const char *s, size_t n, size_t *out_len)
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
