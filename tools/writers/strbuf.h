/*
 * strbuf.h: a growable string for the tools (the SVG writer, the case
 * generators).
 *
 * After the first failed allocation every append is a no-op and `oom` stays
 * set, so that code writing many pieces need not check each call: it checks
 * once, at strbuf_take. Start from `strbuf b = {0};`.
 */
#ifndef ARB_TOOLS_STRBUF_H
#define ARB_TOOLS_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct strbuf {
	char *s;    /* NUL-terminated text, or NULL before the first append */
	size_t n;   /* its length */
	size_t cap; /* bytes allocated at s */
	bool oom;   /* an allocation failed: the text is incomplete */
} strbuf;

/* Appends s[0..n) (s may be NULL when n is 0). */
void strbuf_put(strbuf *b, const char *s, size_t n);

/* Appends the NUL-terminated string s. */
void strbuf_puts(strbuf *b, const char *s);

/* Appends the text printf would write. An encoding error of vsnprintf sets
 * oom too, so that it is not lost silently. */
void strbuf_putf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends s escaped for XML and HTML text or attribute values (& < > " '). */
void strbuf_put_xml(strbuf *b, const char *s);

/* Returns the text (an empty string if nothing was appended), which the
 * caller frees with free(), and resets b to empty. Returns NULL after an
 * allocation failure, having freed what b held. */
char *strbuf_take(strbuf *b);

/* Frees what b holds and resets it to empty. b may be NULL. */
void strbuf_free(strbuf *b);

/* Whether the space-separated list (NULL: empty) holds the word n bytes
 * long at word. */
bool str_list_has(const char *list, const char *word, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* ARB_TOOLS_STRBUF_H */
