/* test_json_text.c: the direct JSON writer (tools/writers/json_text.c)
 * against what it replaced, jansson's json_dumps (compact, sorted keys,
 * one real precision a line): strings of every byte, numbers at every
 * precision, sorted and repeated keys, the shortest-digits search against
 * the plain search it shortens, and every scenario line of the suite read
 * back by jansson and written again by it. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <float.h>
#include <glob.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
/* Relative to this file: the tools' headers. */
#include "../tools/writers/json_io.h"
#include "../tools/writers/json_text.h"

int arbj__shortest_precision(double v); /* json_text.c, declared in json_internal.h */

/* The plain search: the fewest digits with which "%.*g" reads back. */
static int shortest_by_search(double v)
{
	char buf[40];
	for (int p = 1; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			return p;
	}
	return 17;
}

/* A repeatable stream of 64-bit numbers (xorshift64*). */
static uint64_t next_u64(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* A finite double: any bit pattern, or a short decimal such as a case
 * table holds (12.35, -0.5), or a rotated one (a sine's digits). */
static double some_double(uint64_t *s)
{
	uint64_t u = next_u64(s);
	double v;
	switch (u % 3) {
	case 0:
		memcpy(&v, &u, sizeof v);
		if (!isfinite(v))
			v = 1.5;
		return v;
	case 1:
		return (double)(int64_t)(next_u64(s) % 200001 - 100000) / 100.0;
	default:
		return 10.0 * sin((double)(next_u64(s) % 100000) / 1000.0);
	}
}

/* What jansson writes for v as a JSON value at precision p. */
static char *jansson_value(json_t *v, int p)
{
	char *t =
	    json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY | JSON_REAL_PRECISION(p));
	json_decref(v);
	cr_assert(t != NULL);
	return t;
}

/* The writer's text for one value at precision p (written, not measured). */
static jtext writing(int p)
{
	jtext w;
	jt_begin(&w);
	cr_assert(jt_write_pass(&w));
	w.precision = p;
	return w;
}

Test(json_text, shortest_precision_as_the_plain_search)
{
	const double fixed[] = {0.1,
	                        0.5,
	                        1.0 / 3,
	                        2.0 / 3,
	                        0.1 + 0.2,
	                        1e-7,
	                        123456.789,
	                        1e22,
	                        1e23,
	                        5e-324,
	                        DBL_MIN,
	                        DBL_MAX,
	                        -0.7071067811865476,
	                        9007199254740993.0,
	                        0.0025,
	                        100.5,
	                        1000000.5,
	                        1e15 + 0.5,
	                        -1e-300};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		cr_assert(eq(int, arbj__shortest_precision(fixed[i]), shortest_by_search(fixed[i])),
		          "%.17g", fixed[i]);
	uint64_t s = 88172645463325252ULL;
	for (int i = 0; i < 200000; i++) {
		double v = some_double(&s);
		cr_assert(eq(int, arbj__shortest_precision(v), shortest_by_search(v)), "%.17g", v);
	}
}

Test(json_text, numbers_as_jansson_at_every_precision)
{
	uint64_t s = 1234567ULL;
	for (int i = 0; i < 20000; i++) {
		double v = some_double(&s);
		if (v == floor(v) && fabs(v) <= 9007199254740992.0)
			continue; /* an integer: below */
		for (int p = 1; p <= 17; p++) {
			jtext w = writing(p);
			jt_num(&w, v);
			char *mine = jt_finish(&w), *theirs = jansson_value(json_real(v), p);
			cr_assert(eq(str, mine, theirs), "%.17g at %d", v, p);
			free(mine);
			free(theirs);
		}
	}
	const long long ints[] = {0,         1,        -1, 72, -123456789, 9007199254740992LL,
	                          LLONG_MIN, LLONG_MAX};
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		jtext w = writing(1);
		jt_int(&w, ints[i]);
		char *mine = jt_finish(&w), *theirs = jansson_value(json_integer(ints[i]), 1);
		cr_assert(eq(str, mine, theirs));
		free(mine);
		free(theirs);
	}
	/* -0 stays a real (atan2 tells it from +0); what JSON cannot write is null */
	jtext w = writing(3);
	jt_open(&w, '[');
	jt_num(&w, -0.0);
	jt_num(&w, 72.0);
	jt_num(&w, NAN);
	jt_num(&w, -INFINITY);
	jt_close(&w, ']');
	char *t = jt_finish(&w);
	cr_assert(eq(str, t, "[-0.0,72,null,null]"));
	free(t);
}

Test(json_text, strings_as_jansson_for_every_byte)
{
	for (int c = 1; c < 0x80; c++) {
		char s[4] = {'a', (char)c, 'b', '\0'};
		jtext w = writing(1);
		jt_str(&w, s);
		char *mine = jt_finish(&w), *theirs = jansson_value(json_string(s), 1);
		cr_assert(eq(str, mine, theirs), "byte %d", c);
		free(mine);
		free(theirs);
	}
	const char *utf8[] = {"", "é", "Ω→∞", "\xF0\x9F\x8E\xB2 d6", "a\"b\\c/d\n\t"};
	for (size_t i = 0; i < sizeof utf8 / sizeof utf8[0]; i++) {
		jtext w = writing(1);
		jt_str(&w, utf8[i]);
		char *mine = jt_finish(&w), *theirs = jansson_value(json_string(utf8[i]), 1);
		cr_assert(eq(str, mine, theirs));
		free(mine);
		free(theirs);
	}
	/* bytes that are not UTF-8 (jansson refuses them): U+FFFD each */
	jtext w = writing(1);
	jt_open(&w, '[');
	jt_str(&w, "a\xFF"
	           "b");
	jt_str(&w, "\xC3");
	jt_str(&w, NULL);
	jt_close(&w, ']');
	char *t = jt_finish(&w);
	cr_assert(eq(str, t,
	             "[\"a\xEF\xBF\xBD"
	             "b\",\"\xEF\xBF\xBD\",null]"));
	free(t);
}

Test(json_text, sorted_keys_as_jansson_the_last_of_equal_keys_kept)
{
	const arb_kv kv[] = {{"W", 4}, {"M", 6.5}, {"Ld", 7},    {"", 1},  {"M", 5},
	                     {"Ä", 2}, {"I", 3},   {"Ld", 8.25}, {"A", -1}};
	size_t n = sizeof kv / sizeof kv[0];
	json_t *o = json_object();
	for (size_t i = 0; i < n; i++)
		json_object_set_new(o, kv[i].name,
		                    fmod(kv[i].value, 1) ? json_real(kv[i].value)
		                                         : json_integer((json_int_t)kv[i].value));
	jtext w;
	jt_begin(&w);
	jt_kv(&w, kv, n); /* measuring */
	cr_assert(jt_write_pass(&w));
	jt_kv(&w, kv, n);
	int p = w.precision;
	char *mine = jt_finish(&w), *theirs = jansson_value(o, p);
	cr_assert(eq(str, mine, theirs));
	free(mine);
	free(theirs);
	/* a NULL key fails the line, as a member without a key did */
	const arb_kv bad[] = {{"M", 1}, {NULL, 2}};
	jt_begin(&w);
	cr_assert(jt_write_pass(&w));
	jt_kv(&w, bad, 2);
	cr_assert(eq(ptr, jt_finish(&w), NULL));
}

Test(json_text, json_lines_start_afresh)
{
	jtext w = writing(1);
	for (int i = 0; i < 2; i++) {
		jt_open(&w, '{');
		jt_key(&w, "a");
		jt_int(&w, i);
		jt_key(&w, "b");
		jt_open(&w, '[');
		jt_close(&w, ']');
		jt_close(&w, '}');
		jt_newline(&w);
	}
	char *t = jt_finish(&w);
	cr_assert(eq(str, t, "{\"a\":0,\"b\":[]}\n{\"a\":1,\"b\":[]}\n"));
	free(t);
}

/* The largest plain-search precision of the reals in v. */
static int tree_precision(json_t *v)
{
	int p = 1;
	if (json_is_real(v) && json_real_value(v) != 0) {
		p = shortest_by_search(json_real_value(v));
	} else if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++) {
			int q = tree_precision(json_array_get(v, i));
			p = q > p ? q : p;
		}
	} else if (json_is_object(v)) {
		const char *k;
		json_t *m;
		json_object_foreach(v, k, m)
		{
			int q = tree_precision(m);
			p = q > p ? q : p;
		}
	}
	return p;
}

Test(json_text, every_scenario_of_the_suite_as_jansson_writes_it)
{
	arb_rulebook *rb = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	glob_t g;
	cr_assert(eq(int, glob("cases/*/*/*.csv", 0, NULL, &g), 0));
	for (size_t i = 0; i < g.gl_pathc; i++)
		cr_assert(eq(int, arb_caseset_load_file(cs, g.gl_pathv[i], rb, &err), ARB_OK),
		          "%s: %s", g.gl_pathv[i], err.message);
	globfree(&g);
	size_t n = arb_caseset_count(cs);
	cr_assert(n > 1000, "%zu cases", n);
	for (size_t i = 0; i < n; i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		char *line = arbj_scenario_dump(c->scenario);
		cr_assert(line != NULL, "%s", c->id);
		json_error_t je;
		json_t *v = json_loads(line, 0, &je);
		cr_assert(v != NULL, "%s: %s", c->id, je.text);
		char *again = jansson_value(v, tree_precision(v));
		cr_assert(eq(str, line, again), "%s", c->id);
		free(line);
		free(again);
	}
	arb_caseset_free(cs);
	arb_rulebook_free(rb);
}
