/*
 * json_internal.h: what the parts of the JSON Lines interchange share, and
 * nothing else includes. The parts, one file each under tools/writers/:
 *
 *   json_util.c            UTF-8, numbers, type names; the tree-building helpers
 *   json_read.c            reading members, with the JSON path for errors
 *   json_scenario_read.c   arbj_scenario_parse
 *   json_scenario_dump.c   arbj_scenario_dump
 *   json_verdict_dump.c    arbj_verdict_dump, arbj_error_line
 *   json_verdict_check.c   arbj_verdict_check
 *
 * The public functions are declared in json_io.h; docs/interchange.md is the
 * one definition of the format.
 */
#ifndef ARBJ_JSON_INTERNAL_H
#define ARBJ_JSON_INTERNAL_H

#include "json_io.h"

#include "json_dom.h"

#include <jansson.h>

/* ---- shared (json_util.c) ---- */

/* Length of the string in a fixed buffer, which may lack its NUL. */
size_t arbj__bounded_len(const char *s, size_t cap);
/* The fewest significant digits (1 to 17) with which "%.*g" reads back as
 * exactly v. */
int arbj__shortest_precision(double v);
/* "a string", "an array", ... for messages. */
const char *arbj__type_name(const json_t *v);
const char *arbj__jd_type_name(const jd_value *v);

/* ---- reading (json_read.c) ---- */

/* One line being read into s: where it comes from, where errors go, and the
 * JSON path of the member being read. */
typedef struct parser {
	arb_scenario *s;
	const char *file;
	long line;
	arb_error *err;
	char path[256]; /* JSON path of the member being read */
	size_t plen;
} parser;

/* What a member may be. */
enum {
	OPT = 0,      /* may be absent: the caller's default stays */
	REQ = 1,      /* must be present */
	NULLABLE = 2, /* null stands for "none" (NULL) */
	NONEMPTY = 4, /* a string must not be "" */
	POSITIVE = 8  /* a number must be > 0 */
};

/* The path: a member key or an array index appended (each returns the old
 * length, a mark for path_cut), and cut back to a mark. */
size_t arbj__path_key(parser *p, const char *key);
size_t arbj__path_index(parser *p, size_t i);
void arbj__path_cut(parser *p, size_t mark);
/* An input error at the current path; out of memory. Both return the code. */
int arbj__fail(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int arbj__oom(parser *p);
/* Arena memory for n elements of size bytes, and a copy of str in the arena;
 * NULL only when out of memory (then the error is set). */
void *arbj__alloc_n(parser *p, size_t n, size_t size);
const char *arbj__dup_str(parser *p, const char *str);
/* Rejects members of obj not named in allowed (NULL-terminated). */
int arbj__check_keys(parser *p, const jd_value *obj, const char *const *allowed);
/* The member key of obj in *v (NULL when absent and optional). what
 * describes the expected value for the message. */
int arbj__member(parser *p, const jd_value *obj, const char *key, int flags, const char *what,
                 const jd_value **v);
/* A member of obj read as a string, a number, an integer in [lo, hi] (a
 * value, the path already at it), a boolean. */
int arbj__get_str(parser *p, const jd_value *obj, const char *key, int flags, const char *what,
                  const char **out);
int arbj__get_num(parser *p, const jd_value *obj, const char *key, int flags, const char *what,
                  double *out);
int arbj__read_int(parser *p, const jd_value *v, long lo, long hi, const char *what, long *out);
int arbj__get_bool(parser *p, const jd_value *obj, const char *key, const char *what, bool *out);
/* An object or array member: *v is NULL when absent and optional. The path
 * is left at the member (the caller cuts it at mark). */
int arbj__get_typed(parser *p, const jd_value *obj, const char *key, int flags, jd_type type,
                    const char *what, const jd_value **v, size_t *mark);
/* An array of strings (statuses, unit ids, model ids). *present says
 * whether the member was there at all. */
int arbj__get_str_array(parser *p, const jd_value *obj, const char *key, int flags,
                        const char *what, const char ***out, size_t *n, bool *present);
/* A polyline or polygon: an array of at least min points (path already at
 * the value). */
/* One point [x, y] of finite numbers. */
int arbj__read_point(parser *p, const jd_value *v, arb_vec2 *out);
int arbj__read_points(parser *p, const jd_value *v, size_t min, const char *what, arb_vec2 **pts,
                      size_t *n);
/* "stats": {"M": 6, ...} and "facts": {"name": "true" | true | 1.5} (kept
 * as text), each sorted by name. */
int arbj__get_stats(parser *p, const jd_value *obj, arb_kv **out, size_t *n);
int arbj__get_facts(parser *p, const jd_value *obj, arb_fact **out, size_t *n);

/* ---- writing (json_util.c) ---- */

/* A tree under construction. Helpers return NULL and set failed when out
 * of memory; put and push then drop the member, and dump_finish notices. */
typedef struct dumper {
	bool failed;
	int precision; /* digits that every non-integral number needs */
} dumper;

/* v, with failed set when it is NULL. */
json_t *arbj__mark_fail(dumper *d, json_t *v);
/* A string (null for NULL; bytes that are not UTF-8 become U+FFFD), a
 * number (integral values as integers, others exact, non-finite as null),
 * an empty object or array. */
json_t *arbj__jstrn(dumper *d, const char *s, size_t n);
json_t *arbj__jstr(dumper *d, const char *s);
json_t *arbj__jnum(dumper *d, double v);
json_t *arbj__jobj(dumper *d);
json_t *arbj__jarr(dumper *d);
/* Sets obj's member key to v, appends v to arr; both take v. */
void arbj__put(dumper *d, json_t *obj, const char *key, json_t *v);
void arbj__push(dumper *d, json_t *arr, json_t *v);
/* A point [x, y], an array of them, of strings, an object of numbers. */
json_t *arbj__jpoint(dumper *d, arb_vec2 pt);
json_t *arbj__jpoints(dumper *d, const arb_vec2 *pts, size_t n);
json_t *arbj__jstrings(dumper *d, const char *const *v, size_t n);
json_t *arbj__jkv(dumper *d, const arb_kv *kv, size_t n);
/* Serialises root (and releases it): compact, keys sorted, reals with the
 * fewest digits that read back exactly for the value that needs most. The
 * caller frees the text; NULL when out of memory. */
char *arbj__dump_finish(dumper *d, json_t *root);

#endif /* ARBJ_JSON_INTERNAL_H */
