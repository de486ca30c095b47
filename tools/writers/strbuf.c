/* strbuf.c: a growable string (see strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Makes room for extra more bytes and the NUL; false (and oom set) if it
 * cannot. */
static bool reserve(strbuf *b, size_t extra)
{
	if (b->oom)
		return false;
	if (extra > SIZE_MAX - b->n - 1) {
		b->oom = true;
		return false;
	}
	size_t need = b->n + extra + 1;
	if (need <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 1024;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	char *p = realloc(b->s, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->s = p;
	b->cap = cap;
	return true;
}

void strbuf_put(strbuf *b, const char *s, size_t n)
{
	if (!reserve(b, n))
		return;
	if (n) /* memcpy from NULL is undefined even for 0 bytes */
		memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

void strbuf_puts(strbuf *b, const char *s)
{
	strbuf_put(b, s, strlen(s));
}

void strbuf_putf(strbuf *b, const char *fmt, ...)
{
	/* Most pieces are short: format them on the stack, and only a long one
	 * a second time, in place. */
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (k < 0) {
		b->oom = true;
		return;
	}
	if ((size_t)k < sizeof tmp) {
		strbuf_put(b, tmp, (size_t)k);
		return;
	}
	if (!reserve(b, (size_t)k))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)k;
}

char *strbuf_take(strbuf *b)
{
	if (b->oom) {
		strbuf_free(b);
		return NULL;
	}
	char *s = b->s ? b->s : calloc(1, 1);
	*b = (strbuf){0};
	return s;
}

void strbuf_free(strbuf *b)
{
	if (!b)
		return;
	free(b->s);
	*b = (strbuf){0};
}

void strbuf_put_xml(strbuf *b, const char *s)
{
	for (const char *p = s ? s : ""; *p; p++) {
		switch (*p) {
		case '&':
			strbuf_puts(b, "&amp;");
			break;
		case '<':
			strbuf_puts(b, "&lt;");
			break;
		case '>':
			strbuf_puts(b, "&gt;");
			break;
		case '"':
			strbuf_puts(b, "&quot;");
			break;
		case '\'':
			strbuf_puts(b, "&#39;");
			break;
		default:
			/* control characters are not allowed in XML 1.0 */
			if ((unsigned char)*p < 0x20 && *p != '\n' && *p != '\t' && *p != '\r')
				strbuf_puts(b, "?");
			else
				strbuf_put(b, p, 1);
		}
	}
}

bool str_list_has(const char *list, const char *word, size_t n)
{
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ' ');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && strncmp(p, word, n) == 0)
			return true;
		p = e ? e + 1 : NULL;
	}
	return false;
}
