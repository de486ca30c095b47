/*
 * json_text.h: JSON text written directly into a growable string
 * (json_text.c), for the JSON Lines interchange (json_*_dump.c) and the
 * tools that write JSON lines in bulk (the certificate's results). It
 * writes what jansson's json_dumps writes with JSON_COMPACT |
 * JSON_SORT_KEYS and the precision below, byte for byte.
 */
#ifndef ARBJ_JSON_TEXT_H
#define ARBJ_JSON_TEXT_H

#include "arbiter.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

/* JSON text written directly, as json_dumps writes it compact with sorted
 * keys. A line is written in two passes of the same code: jt_begin starts
 * the measuring pass (nothing written: the numbers find the precision the
 * line needs), jt_write_pass turns to writing (false when the first pass
 * failed), jt_finish returns the text (the caller frees it; NULL when out
 * of memory or a key was NULL). Members are written in sorted key order by
 * the caller. */
typedef struct jtext {
	strbuf b;
	int precision; /* digits that every non-integral number needs */
	bool measure;  /* the first pass: nothing is written */
	bool failed;
} jtext;

void jt_begin(jtext *w);
bool jt_write_pass(jtext *w);
char *jt_finish(jtext *w);
/* A line feed: the next value starts a new line of JSON Lines. */
void jt_newline(jtext *w);
/* '{' or '[' opened (after a separator when one is due), and closed. */
void jt_open(jtext *w, char c);
void jt_close(jtext *w, char c);
/* A member's key; a NULL key fails the line. */
void jt_key(jtext *w, const char *key);
/* A string (null for NULL; bytes that are not UTF-8 become U+FFFD), a
 * number as arbj__jnum makes it, an integer, a literal (null, true,
 * false). */
void jt_strn(jtext *w, const char *s, size_t n);
void jt_str(jtext *w, const char *s);
void jt_num(jtext *w, double v);
void jt_int(jtext *w, long long v);
void jt_lit(jtext *w, const char *lit);
/* A point [x, y], an array of them, of strings, an object of numbers
 * (its keys sorted; one given twice keeps its last value). */
void jt_point(jtext *w, arb_vec2 pt);
void jt_points(jtext *w, const arb_vec2 *pts, size_t n);
void jt_strings(jtext *w, const char *const *v, size_t n);
void jt_kv(jtext *w, const arb_kv *kv, size_t n);
/* The order in which to write the members named keys[0..n): indices into
 * keys, sorted as jansson sorts them (the bytes that are not UTF-8
 * repaired first), one per key (the last of equal keys). Returns how many;
 * order has room for n. A NULL key fails the line. */
size_t jt_sort_keys(jtext *w, const char *const *keys, size_t n, size_t *order);

#endif /* ARBJ_JSON_TEXT_H */
