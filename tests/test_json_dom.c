/* test_json_dom.c: the scenario lines' JSON reader (tools/writers/json_dom.c):
 * values, strings and numbers as RFC 8259 reads them, every refusal with its
 * path, line and column, and a differential test against jansson (which
 * reads the verdict lines) on valid and mutated texts. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tools/writers/json_dom.h"

static jd_doc *ok(const char *text)
{
	jd_doc *d = NULL;
	jd_error e;
	int rc = jd_parse(&d, text, strlen(text), &e);
	cr_assert(eq(int, rc, JD_OK), "%s: %s at %s:%ld", text, e.text, e.path, e.column);
	return d;
}

/* Refused with code, at path, line and column (-1: not checked), with a
 * word of the message. */
static void refused(const char *text, int code, const char *path, long line, long column,
                    const char *needle)
{
	jd_doc *d = (jd_doc *)1;
	jd_error e;
	int rc = jd_parse(&d, text, strlen(text), &e);
	cr_assert(eq(int, rc, code), "%s: rc %d (%s)", text, rc, e.text);
	cr_assert(eq(ptr, d, NULL));
	cr_assert(eq(str, e.path, (char *)path), "%s: %s", text, e.text);
	cr_assert(eq(long, e.line, line), "%s: %s", text, e.text);
	if (column >= 0)
		cr_assert(eq(long, e.column, column), "%s: %s", text, e.text);
	cr_assert(strstr(e.text, needle) != NULL, "\"%s\" lacks \"%s\"", e.text, needle);
}

Test(json_dom, values_in_document_order)
{
	jd_doc *d =
	    ok(" {\"b\": [1, -2.5e1, true, false, null], \"a\": {\"x\": \"y\"}, \"c\": []}\n");
	const jd_value *r = jd_root(d);
	cr_assert(jd_is(r, JD_OBJECT));
	cr_assert(eq(sz, jd_size(r), 3));
	cr_assert(eq(str, (char *)r->u.members[0].key, "b"));
	cr_assert(eq(str, (char *)r->u.members[1].key, "a"));
	const jd_value *b = jd_get(r, "b");
	cr_assert(eq(sz, jd_size(b), 5));
	cr_assert(jd_is(jd_at(b, 0), JD_INTEGER));
	cr_assert(eq(i64, jd_at(b, 0)->u.integer, 1));
	cr_assert(jd_is(jd_at(b, 1), JD_REAL));
	cr_assert(eq(dbl, jd_number(jd_at(b, 1)), -25.0));
	cr_assert(jd_is(jd_at(b, 2), JD_TRUE));
	cr_assert(jd_is(jd_at(b, 3), JD_FALSE));
	cr_assert(jd_is(jd_at(b, 4), JD_NULL));
	cr_assert(eq(ptr, (void *)jd_at(b, 5), NULL));
	cr_assert(eq(str, (char *)jd_get(jd_get(r, "a"), "x")->u.string, "y"));
	cr_assert(eq(sz, jd_size(jd_get(r, "c")), 0));
	cr_assert(eq(ptr, (void *)jd_get(r, "zz"), NULL));
	cr_assert(eq(ptr, (void *)jd_get(b, "b"), NULL)); /* not an object */
	jd_free(d);
}

Test(json_dom, strings_and_escapes)
{
	jd_doc *d = ok("[\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u00e9\\u20AC\\ud83d\\ude00\", "
	               "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\", \"\"]");
	const jd_value *r = jd_root(d);
	cr_assert(eq(str, (char *)jd_at(r, 0)->u.string, "a\"\\/\b\f\n\r\t"));
	cr_assert(eq(str, (char *)jd_at(r, 1)->u.string, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));
	cr_assert(eq(sz, jd_at(r, 1)->n, 9));
	cr_assert(eq(str, (char *)jd_at(r, 2)->u.string, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));
	cr_assert(eq(sz, jd_at(r, 3)->n, 0));
	jd_free(d);
}

Test(json_dom, numbers)
{
	jd_doc *d = ok("[0, -0, 9223372036854775807, -9223372036854775808, 1.5, 1e2, 2E-3, "
	               "-0.0, 1e-400]");
	const jd_value *r = jd_root(d);
	cr_assert(eq(i64, jd_at(r, 0)->u.integer, 0));
	cr_assert(jd_is(jd_at(r, 1), JD_INTEGER));
	cr_assert(eq(i64, jd_at(r, 2)->u.integer, INT64_MAX));
	cr_assert(eq(i64, jd_at(r, 3)->u.integer, INT64_MIN));
	cr_assert(eq(dbl, jd_at(r, 4)->u.real, 1.5));
	cr_assert(jd_is(jd_at(r, 5), JD_REAL));
	cr_assert(eq(dbl, jd_at(r, 5)->u.real, 100.0));
	cr_assert(eq(dbl, jd_at(r, 6)->u.real, 0.002));
	cr_assert(jd_is(jd_at(r, 7), JD_REAL));
	cr_assert(signbit(jd_at(r, 7)->u.real));
	cr_assert(eq(dbl, jd_at(r, 8)->u.real, 0.0)); /* underflow reads as 0 */
	jd_free(d);
}

Test(json_dom, any_value_at_the_root)
{
	jd_doc *d = ok(" 42 ");
	cr_assert(eq(i64, jd_root(d)->u.integer, 42));
	jd_free(d);
	d = ok("\"s\"");
	cr_assert(jd_is(jd_root(d), JD_STRING));
	jd_free(d);
}

Test(json_dom, a_byte_order_mark_is_skipped)
{
	jd_doc *d = ok("\xEF\xBB\xBF{\"a\":1}");
	cr_assert(eq(i64, jd_get(jd_root(d), "a")->u.integer, 1));
	jd_free(d);
	refused("\xEF\xBB\xBF{\"a\":}", JD_ESYNTAX, "a", 1, 9, "expected a value");
	refused("{\"a\":\xEF\xBB\xBF"
	        "1}",
	        JD_ESYNTAX, "a", 1, 9, "expected a value");
}

Test(json_dom, syntax_errors_name_the_member)
{
	refused("{\"a\":{\"h\":}}", JD_ESYNTAX, "a.h", 1, 11, "expected a value, found '}'");
	refused("{\"dice\":[3,5,]}", JD_ESYNTAX, "dice[2]", 1, 14, "expected a value");
	refused("{\"b\":{\"w\":72,\n\"h\":48,}}", JD_ESYNTAX, "b", 2, 8, "member name");
	refused("{\"a\" 1}", JD_ESYNTAX, "", 1, 6, "expected ':'");
	refused("{\"a\":1 \"b\":2}", JD_ESYNTAX, "", 1, 10, "expected ',' or '}'");
	refused("[1 2]", JD_ESYNTAX, "", 1, 4, "expected ',' or ']'");
	refused("{1:2}", JD_ESYNTAX, "", 1, 2, "member name (a string) or '}'");
	refused("[tru]", JD_ESYNTAX, "[0]", 1, 4, "found 'tru'");
	refused("[nul]", JD_ESYNTAX, "[0]", 1, 4, "expected a value");
	refused("[truex]", JD_ESYNTAX, "[0]", 1, 6, "'truex'");
	refused("{} x", JD_ESYNTAX, "", 1, 4, "end of file expected");
	refused("{}{}", JD_ESYNTAX, "", 1, 3, "end of file expected");
}

Test(json_dom, the_end_comes_too_soon)
{
	refused("", JD_EEND, "", 1, 0, "end of file");
	refused("   ", JD_EEND, "", 1, 3, "end of file");
	refused("{\"b\":{\"w\":72", JD_EEND, "b", 1, 12, "end of file");
	refused("[1,", JD_EEND, "[1]", 1, 3, "end of file");
	refused("{\"a\":\"xy", JD_EEND, "a", 1, 8, "not closed");
	refused("{\"a\"", JD_EEND, "", 1, 4, "expected ':'");
	refused("[\"\\", JD_EEND, "[0]", 1, 3, "not closed");
}

Test(json_dom, bad_numbers)
{
	refused("[01]", JD_ESYNTAX, "[0]", 1, 3, "invalid number '01'");
	refused("[1.]", JD_ESYNTAX, "[0]", 1, 3, "invalid number");
	refused("[.5]", JD_ESYNTAX, "[0]", 1, 3, "expected a value, found '.5'");
	refused("[-]", JD_ESYNTAX, "[0]", 1, 2, "invalid number");
	refused("[1e]", JD_ESYNTAX, "[0]", 1, 3, "invalid number");
	refused("[+1]", JD_ESYNTAX, "[0]", 1, 3, "expected a value");
	refused("[0x10]", JD_ESYNTAX, "[0]", 1, 5, "invalid number");
	refused("{\"x\":1e999}", JD_ESYNTAX, "x", 1, 10, "overflow");
	refused("[-1e999]", JD_ESYNTAX, "[0]", 1, 7, "overflow");
	refused("[9223372036854775808]", JD_ESYNTAX, "[0]", 1, 20, "too big");
}

Test(json_dom, bad_strings)
{
	refused("{\"id\":\"A\xff\"}", JD_ESYNTAX, "id", 1, 9, "invalid UTF-8");
	refused("[\"\xc0\xaf\"]", JD_ESYNTAX, "[0]", 1, 3, "invalid UTF-8");     /* overlong */
	refused("[\"\xed\xa0\x80\"]", JD_ESYNTAX, "[0]", 1, 3, "invalid UTF-8"); /* surrogate */
	refused("[\"\xf4\x90\x80\x80\"]", JD_ESYNTAX, "[0]", 1, 3,
	        "invalid UTF-8");                                            /* > U+10FFFF */
	refused("[\"\xe2\x82\"]", JD_ESYNTAX, "[0]", 1, 3, "invalid UTF-8"); /* cut short */
	refused("[\"a\tb\"]", JD_ESYNTAX, "[0]", 1, 4, "control character 0x09");
	refused("[\"\\x\"]", JD_ESYNTAX, "[0]", 1, 4, "invalid escape '\\x'");
	refused("[\"\\u12\"]", JD_ESYNTAX, "[0]", 1, 4, "four hex digits");
	refused("[\"\\u0000\"]", JD_ESYNTAX, "[0]", 1, 8, "\\u0000");
	refused("[\"\\ud83d\"]", JD_ESYNTAX, "[0]", 1, 8, "high surrogate");
	refused("[\"\\ud83d\\u0041\"]", JD_ESYNTAX, "[0]", 1, 8, "high surrogate");
	refused("[\"\\ude00\"]", JD_ESYNTAX, "[0]", 1, 8, "low surrogate");
	refused("{\"a\xff\":1}", JD_ESYNTAX, "", 1, 4, "invalid UTF-8"); /* in a name */
}

Test(json_dom, duplicate_members)
{
	refused("{\"u\":[{\"id\":1,\"s\":2,\"id\":3}]}", JD_EDUPLICATE, "u[0].id", 1, 24,
	        "\"id\" appears twice");
	/* A large object is checked once it is read: still the first repeat. */
	char big[4096];
	size_t k = 0;
	big[k++] = '{';
	for (int i = 0; i < 60; i++)
		k += (size_t)snprintf(big + k, sizeof big - k, "%s\"k%d\":%d", i ? "," : "",
		                      i == 50   ? 7
		                      : i == 40 ? 3
		                                : i,
		                      i);
	big[k++] = '}';
	big[k] = '\0';
	const char *at = strstr(big, "\"k3\":40");
	refused(big, JD_EDUPLICATE, "k3", 1, (long)(at - big) + 4, "\"k3\" appears twice");
}

Test(json_dom, nesting_has_a_limit)
{
	char deep[600];
	memset(deep, '[', 300);
	memset(deep + 300, ']', 300);
	jd_doc *d = NULL;
	jd_error e;
	cr_assert(eq(int, jd_parse(&d, deep, sizeof deep, &e), JD_ESYNTAX));
	cr_assert(strstr(e.text, "nesting deeper than 256") != NULL, "%s", e.text);
	cr_assert(eq(long, e.column, 257));
	memset(deep, '[', 256);
	memset(deep + 256, ']', 256);
	d = ok("[]");
	jd_free(d);
	cr_assert(eq(int, jd_parse(&d, deep, 512, &e), JD_OK), "%s", e.text);
	jd_free(d);
}

Test(json_dom, a_long_path_is_cut_not_overrun)
{
	char text[2048];
	size_t k = 0;
	for (int i = 0; i < 40; i++)
		k += (size_t)snprintf(text + k, sizeof text - k, "{\"member%02d\":", i);
	text[k++] = '}';
	text[k] = '\0';
	jd_doc *d = NULL;
	jd_error e;
	cr_assert(eq(int, jd_parse(&d, text, k, &e), JD_ESYNTAX));
	cr_assert(eq(sz, strlen(e.path), sizeof e.path - 1));
	cr_assert(eq(int, strncmp(e.path, "member00.member01.", 18), 0));
}

/* ---- against jansson ---- */

/* Whether jansson's tree a and ours b hold the same value. */
static bool same(const json_t *a, const jd_value *b)
{
	switch (json_typeof(a)) {
	case JSON_OBJECT: {
		if (!jd_is(b, JD_OBJECT) || json_object_size(a) != b->n)
			return false;
		for (size_t i = 0; i < b->n; i++) {
			const json_t *v = json_object_get(a, b->u.members[i].key);
			if (!v || !same(v, b->u.members[i].value))
				return false;
		}
		return true;
	}
	case JSON_ARRAY:
		if (!jd_is(b, JD_ARRAY) || json_array_size(a) != b->n)
			return false;
		for (size_t i = 0; i < b->n; i++)
			if (!same(json_array_get(a, i), jd_at(b, i)))
				return false;
		return true;
	case JSON_STRING:
		return jd_is(b, JD_STRING) && json_string_length(a) == b->n &&
		       memcmp(json_string_value(a), b->u.string, b->n) == 0;
	case JSON_INTEGER:
		return jd_is(b, JD_INTEGER) && json_integer_value(a) == b->u.integer;
	case JSON_REAL:
		return jd_is(b, JD_REAL) && json_real_value(a) == b->u.real;
	case JSON_TRUE:
		return jd_is(b, JD_TRUE);
	case JSON_FALSE:
		return jd_is(b, JD_FALSE);
	case JSON_NULL:
		return jd_is(b, JD_NULL);
	}
	return false;
}

static unsigned long long rng_next(unsigned long long *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Both readers accept the same texts and read the same values: the scenario
 * lines from the suite's shape, and every one of them mutated byte-wise
 * (a byte replaced, dropped or repeated) in 20,000 ways. */
Test(json_dom, agrees_with_jansson)
{
	static const char *const seeds[] = {
	    "{\"format\":\"arbiter-scenario/2\",\"id\":\"C-1\",\"ruleset\":\"scrollhammer\","
	    "\"board\":{\"w\":72,\"h\":48},\"units\":[{\"id\":\"A\",\"side\":\"A\",\"models\":"
	    "[{\"id\":\"a1\",\"x\":10.5,\"y\":-2e1,\"base\":{\"shape\":\"round\",\"d_mm\":25}}]}],"
	    "\"facts\":{\"f\":true,\"g\":null,\"h\":\"\\u00e9\\ud83d\\ude00\"},\"dice\":[1,6,0]}",
	    "[0,-0,1.5e300,-1e-300,\"\\\"\\\\\\/\\b\\f\\n\\r\\t\",[],{},[[[]]],{\"\":{}}]",
	    "{\"a\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\",\"b\":[true,false,null]}",
	};
	static const char alphabet[] = "{}[]:,\"\\ 0123456789.eE+-tfnulrsabu\xc3\xa9\xff\x80\t\n";
	unsigned long long seed = 0x9e3779b97f4a7c15ull;
	size_t agreed = 0, accepted = 0;
	for (int round = 0; round < 20000; round++) {
		const char *src = seeds[round % 3];
		char text[1024];
		size_t n = strlen(src);
		memcpy(text, src, n);
		int edits = round < 3 ? 0 : 1 + (int)(rng_next(&seed) % 3);
		for (int k = 0; k < edits && n > 1; k++) {
			size_t at = (size_t)(rng_next(&seed) % n);
			switch (rng_next(&seed) % 3) {
			case 0:
				text[at] = alphabet[rng_next(&seed) % (sizeof alphabet - 1)];
				break;
			case 1:
				memmove(text + at, text + at + 1, n - at - 1);
				n--;
				break;
			default:
				if (n + 1 < sizeof text) {
					memmove(text + at + 1, text + at, n - at);
					n++;
				}
			}
		}
		json_error_t je;
		json_t *a = json_loadb(text, n, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
		jd_doc *d = NULL;
		jd_error e;
		int rc = jd_parse(&d, text, n, &e);
		cr_assert(eq(int, a != NULL, rc == JD_OK), "jansson %s (%s), ours %d (%s) on %.*s",
		          a ? "accepts" : "refuses", a ? "" : je.text, rc, rc ? e.text : "", (int)n,
		          text);
		if (a) {
			cr_assert(same(a, jd_root(d)), "different values for %.*s", (int)n, text);
			accepted++;
		}
		agreed++;
		json_decref(a);
		jd_free(d);
	}
	cr_assert(eq(sz, agreed, 20000));
	cr_assert(gt(sz, accepted, 100), "only %zu mutants were valid JSON", accepted);
}
