/*
 * json_internal.h: what the parts of the JSON Lines interchange share, and
 * nothing else includes. The parts, one file each under tools/writers/:
 *
 *   json_util.c            UTF-8, type names for messages
 *   json_text.c            JSON text written directly (the scenario line)
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

#include "json_text.h"

#include <jansson.h>
#include <stdbool.h>

/* ---- shared (json_util.c) ---- */

/* Length of the string in a fixed buffer, which may lack its NUL. */
size_t arbj__bounded_len(const char *s, size_t cap);
/* Whether s[0..n) is valid UTF-8 (overlong forms, surrogates and code
 * points above U+10FFFF are not, as in jansson). */
bool arbj__utf8_valid(const char *s, size_t n);
/* A malloc'd copy of s[0..n) with each byte that is not part of valid UTF-8
 * as U+FFFD, its length in *out_len; NULL when out of memory. */
char *arbj__utf8_repair(const char *s, size_t n, size_t *out_len);
/* The fewest significant digits (1 to 17) with which "%.*g" reads back as
 * exactly v (json_text.c). */
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

/* ---- writing text: json_text.h ---- */

#endif /* ARBJ_JSON_INTERNAL_H */
