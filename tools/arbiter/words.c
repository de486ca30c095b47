/*
 * words.c: the reader of the project's word lists (words.h). A list is
 * outside input an editor writes, so every refusal says where: a word
 * that is not one word would silently accept nothing, and a word without
 * its reason cannot be reviewed.
 */
#include "words.h"
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WORD_MAX = 64 }; /* bytes of a word: longer is no word of a rulebook */

void words_free(word_list *wl)
{
	if (!wl)
		return;
	for (size_t i = 0; i < wl->n; i++) {
		free(wl->e[i].word);
		free(wl->e[i].reason);
	}
	free(wl->e);
	free(wl->file);
	*wl = (word_list){0};
}

/* A byte that may be part of a word: a letter, a digit, a byte of a UTF-8
 * sequence (letters beyond ASCII), an apostrophe, a hyphen. */
static bool word_byte(unsigned char c)
{
	return isalnum(c) || c >= 0x80 || c == '\'' || c == '-';
}

/* w with ’ (E2 80 99) written as ': the dictionary's ICONV does the same. */
static void straighten(char *w)
{
	char *o = w;
	for (const char *p = w; *p;)
		if ((unsigned char)p[0] == 0xE2 && (unsigned char)p[1] == 0x80 &&
		    (unsigned char)p[2] == 0x99) {
			*o++ = '\'';
			p += 3;
		} else
			*o++ = *p++;
	*o = '\0';
}

static int add(word_list *wl, const char *w, size_t wn, const char *r, size_t rn, long line)
{
	if (wl->n == wl->cap) {
		size_t cap = wl->cap ? wl->cap * 2 : 32;
		word_entry *ne = realloc(wl->e, cap * sizeof *ne);
		if (!ne)
			return ARB_ENOMEM;
		wl->e = ne;
		wl->cap = cap;
	}
	word_entry *e = &wl->e[wl->n];
	*e = (word_entry){.word = strndup(w, wn), .reason = strndup(r, rn), .line = line};
	if (!e->word || !e->reason) {
		free(e->word);
		free(e->reason);
		return ARB_ENOMEM;
	}
	straighten(e->word);
	wl->n++;
	return ARB_OK;
}

/* Reads one line [s, s+n) (no newline) as line no. */
static int read_line(word_list *wl, const char *s, size_t n, long no, arb_error *err)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n || s[i] == '#')
		return ARB_OK;
	size_t w0 = i;
	bool letter = false;
	while (i < n && word_byte((unsigned char)s[i])) {
		letter |= isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80;
		i++;
	}
	if (i == w0)
		return arb_error_set(err, ARB_EINPUT, wl->file, no, (long)i + 1, "word",
		                     "expected a line 'WORD: REASON' or '# comment'");
	if (i - w0 > WORD_MAX)
		return arb_error_set(err, ARB_EINPUT, wl->file, no, (long)w0 + 1, "word",
		                     "a word of more than %d bytes", WORD_MAX);
	if (!letter || s[w0] == '-' || s[i - 1] == '-')
		return arb_error_set(err, ARB_EINPUT, wl->file, no, (long)w0 + 1, "word",
		                     "'%.*s' is not a word (letters, with inner hyphens)",
		                     (int)(i - w0), s + w0);
	size_t w1 = i;
	if (i == n || s[i] != ':')
		return arb_error_set(
		    err, ARB_EINPUT, wl->file, no, (long)i + 1, "word",
		    "expected ':' and the reason after the word (one word a line)");
	i++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	size_t r0 = i, r1 = n;
	while (r1 > r0 && (s[r1 - 1] == ' ' || s[r1 - 1] == '\t' || s[r1 - 1] == '\r'))
		r1--;
	if (r1 == r0)
		return arb_error_set(err, ARB_EINPUT, wl->file, no, (long)i + 1, "reason",
		                     "'%.*s' has no reason: say why the word is right",
		                     (int)(w1 - w0), s + w0);
	int rc = add(wl, s + w0, w1 - w0, s + r0, r1 - r0, no);
	if (rc)
		return arb_error_set(err, rc, wl->file, no, 1, NULL, "out of memory");
	for (size_t k = 0; k + 1 < wl->n; k++)
		if (strcmp(wl->e[k].word, wl->e[wl->n - 1].word) == 0)
			return arb_error_set(err, ARB_EINPUT, wl->file, no, (long)w0 + 1, "word",
			                     "'%s' is listed already, at line %ld", wl->e[k].word,
			                     wl->e[k].line);
	return ARB_OK;
}

int words_read_text(word_list *out, const char *file, const char *text, size_t len, arb_error *err)
{
	words_free(out);
	if (!(out->file = strdup(file ? file : "")))
		return arb_error_set(err, ARB_ENOMEM, file, 0, 0, NULL, "out of memory");
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		long line = 1, col = 1;
		for (const char *p = text; p < nul; p++, col++)
			if (*p == '\n') {
				line++;
				col = 0;
			}
		arb_error_set(err, ARB_EINPUT, file, line, col, "line", "a NUL byte");
		words_free(out);
		return ARB_EINPUT;
	}
	long no = 1;
	for (size_t at = 0; at < len; no++) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		int rc = read_line(out, text + at, n, no, err);
		if (rc) {
			words_free(out);
			return rc;
		}
		at += n + 1;
	}
	return ARB_OK;
}

int words_read_file(word_list *out, const char *path, arb_error *err)
{
	words_free(out);
	char *buf;
	size_t n;
	int rc = cli_read_list(path, "list", &buf, &n, err);
	if (rc)
		return rc;
	if (!buf) /* none: an empty one */
		return (out->file = strdup(path))
		           ? ARB_OK
		           : arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL, "out of memory");
	rc = words_read_text(out, path, buf, n, err);
	free(buf);
	return rc;
}

/* Whether a (n bytes) equals the entry e, ASCII letters compared as the
 * entry allows: a capital first letter or all capitals for a word the list
 * writes in small letters. */
static bool same(const char *e, const char *a, size_t n)
{
	if (strlen(e) != n)
		return false;
	if (strncmp(e, a, n) == 0)
		return true;
	bool lower = true;
	for (const char *p = e; *p; p++)
		lower &= !isupper((unsigned char)*p);
	if (!lower)
		return false;
	bool caps = true; /* a: every letter a capital */
	for (size_t i = 0; i < n; i++)
		caps &= !islower((unsigned char)a[i]);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)a[i];
		if ((i == 0 || caps) ? tolower(c) != (unsigned char)e[i] : c != (unsigned char)e[i])
			return false;
	}
	return true;
}

word_entry *words_find(const word_list *wl, const char *w)
{
	char buf[WORD_MAX * 2 + 1];
	snprintf(buf, sizeof buf, "%s", w);
	straighten(buf);
	size_t n = strlen(buf);
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < wl->n; i++)
			if (same(wl->e[i].word, buf, n))
				return &wl->e[i];
		/* the possessive of a listed word */
		if (n > 2 && buf[n - 2] == '\'' && (buf[n - 1] == 's' || buf[n - 1] == 'S'))
			n -= 2;
		else
			break;
	}
	return NULL;
}
