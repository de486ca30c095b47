/*
 * json_dom.h: a JSON text (RFC 8259) read into a tree that lives in one
 * arena, for the scenario reader (json_scenario_read.c). jansson builds a
 * hash table and a heap block per value, and parsing with it cost more than
 * judging the scenario (docs/performance.md); this tree costs a few arena
 * blocks per line and keeps members in document order.
 *
 * Strict: one value, surrounded by white space only; strings of valid UTF-8
 * without U+0000; no duplicate member names; integers that fit a long long;
 * reals that are finite. Every refusal gives the byte, line and column of
 * the offending token's last character and the JSON path of the member it
 * belongs to.
 */
#ifndef ARBJ_JSON_DOM_H
#define ARBJ_JSON_DOM_H

#include <stdbool.h>
#include <stddef.h>

typedef enum jd_type {
	JD_NULL,
	JD_FALSE,
	JD_TRUE,
	JD_INTEGER, /* a number written without fraction or exponent */
	JD_REAL,
	JD_STRING,
	JD_ARRAY,
	JD_OBJECT
} jd_type;

typedef struct jd_value jd_value;

typedef struct jd_member {
	const char *key; /* NUL-terminated UTF-8 */
	jd_value *value;
} jd_member;

struct jd_value {
	jd_type type;
	size_t n; /* string bytes, array items, object members */
	union {
		long long integer;
		double real;
		const char *string; /* NUL-terminated, n bytes before the NUL */
		jd_value **items;
		jd_member *members; /* in document order */
	} u;
};

/* Why a text was refused. */
enum {
	JD_OK = 0,
	JD_ESYNTAX,    /* not JSON, or JSON this reader refuses (see above) */
	JD_EEND,       /* the text ends before its value does */
	JD_EDUPLICATE, /* an object names a member twice */
	JD_ENOMEM
};

typedef struct jd_error {
	int code;
	size_t offset;     /* of the offending token's last byte (or the end) */
	long line, column; /* of that byte, 1-based; line counts newlines */
	char path[256];    /* "board.h", "dice[2]"; "" for the root */
	char text[160];    /* what was wrong, and the token found */
} jd_error;

typedef struct jd_doc jd_doc;

/* Reads text[0..len) into *out (freed with jd_free). On failure *out is
 * NULL and e says why; returns e->code. */
int jd_parse(jd_doc **out, const char *text, size_t len, jd_error *e);
const jd_value *jd_root(const jd_doc *d);
void jd_free(jd_doc *d);

/* obj's member key (NULL if absent or obj is not an object). */
const jd_value *jd_get(const jd_value *obj, const char *key);
/* A number's value as a double (integers converted). */
double jd_number(const jd_value *v);

static inline bool jd_is(const jd_value *v, jd_type t)
{
	return v && v->type == t;
}

static inline bool jd_is_number(const jd_value *v)
{
	return v && (v->type == JD_INTEGER || v->type == JD_REAL);
}

static inline bool jd_is_bool(const jd_value *v)
{
	return v && (v->type == JD_TRUE || v->type == JD_FALSE);
}

/* An array's items, an object's members, a string's bytes (0 for others
 * and for NULL). */
static inline size_t jd_size(const jd_value *v)
{
	return v && (v->type == JD_ARRAY || v->type == JD_OBJECT || v->type == JD_STRING) ? v->n
	                                                                                  : 0;
}

/* An array's item i (NULL past its end or for others). */
static inline const jd_value *jd_at(const jd_value *arr, size_t i)
{
	return jd_is(arr, JD_ARRAY) && i < arr->n ? arr->u.items[i] : NULL;
}

/* Each member of obj in document order: k_ (const char *) and v_
 * (const jd_value *) are set for the body. */
#define jd_foreach(obj, k_, v_)                                                                    \
	for (size_t jd_i_ = 0;                                                                     \
	     jd_i_ < jd_size(obj) && jd_is((obj), JD_OBJECT) &&                                    \
	     ((k_) = (obj)->u.members[jd_i_].key, (v_) = (obj)->u.members[jd_i_].value, 1);        \
	     jd_i_++)

#endif /* ARBJ_JSON_DOM_H */
