/* ref_para.c: the paragraph marks of a section file (see ref_para.h). The
 * lines are read as the rulebook's loader reads them (front matter, flow
 * fences, comments, headings, tags, text), so that a mark is tied to the
 * very clause whose tag follows it. */
#include "ref_para.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool starts(const char *l, size_t n, const char *p)
{
	size_t k = strlen(p);
	return n >= k && memcmp(l, p, k) == 0;
}

static bool has(const char *l, size_t n, const char *p)
{
	size_t k = strlen(p);
	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(l + i, p, k) == 0)
			return true;
	return false;
}

/* Refuses the marks: frees what was read, says why. */
static int refuse(long **out, size_t *n, ref_para_error *err, long line, const char *why)
{
	free(*out);
	*out = NULL;
	*n = 0;
	err->line = line;
	snprintf(err->message, sizeof err->message, "%s", why);
	return -1;
}

int ref_para_marks(const char *text, size_t len, long **out, size_t *n, ref_para_error *err)
{
	*out = NULL;
	*n = 0;
	size_t cap = 0;
	bool front = false, fence = false, comment = false, clause_seen = false;
	long pending = 0, no = 0;
	for (size_t at = 0; at < len;) {
		const char *l = text + at;
		const char *nl = memchr(l, '\n', len - at);
		size_t ln = nl ? (size_t)(nl - l) : len - at;
		at += ln + (nl ? 1 : 0);
		no++;
		/* the loader ignores trailing blanks (and a CR) */
		while (ln && (l[ln - 1] == ' ' || l[ln - 1] == '\t' || l[ln - 1] == '\r'))
			ln--;
		size_t lead = 0;
		while (lead < ln && (l[lead] == ' ' || l[lead] == '\t'))
			lead++;
		bool blank = lead == ln;
		/* a mark is a whole line from its first column, as a comment is
		 * to the loader (indented, it would be the clause's text) */
		if (no == 1 && ln == 3 && memcmp(l, "---", 3) == 0) {
			front = true;
			continue;
		}
		if (front) {
			front = !(ln == 3 && memcmp(l, "---", 3) == 0);
			continue;
		}
		if (fence) {
			fence = !starts(l, ln, "```");
			continue;
		}
		if (comment) {
			comment = !has(l, ln, "-->");
			continue;
		}
		if (ln == strlen(REF_PARA_MARK) && starts(l, ln, REF_PARA_MARK)) {
			if (!clause_seen)
				return refuse(
				    out, n, err, no,
				    "a paragraph mark before the first clause of a heading "
				    "(a heading starts a paragraph already)");
			pending = no;
			continue;
		}
		if (starts(l, ln, "<!--")) {
			comment = !has(l, ln, "-->");
			continue;
		}
		if (starts(l, ln, "```")) {
			fence = true;
			continue;
		}
		if (blank)
			continue;
		if (l[0] == '#') {
			if (pending)
				return refuse(
				    out, n, err, pending,
				    "a paragraph mark before a heading (a heading starts a "
				    "paragraph already)");
			clause_seen = false;
			continue;
		}
		if (starts(l, ln, "{#")) {
			clause_seen = true;
			if (!pending)
				continue;
			pending = 0;
			if (*n == cap) {
				size_t nc = cap ? 2 * cap : 16;
				long *v = realloc(*out, nc * sizeof *v);
				if (!v) {
					free(*out);
					*out = NULL;
					*n = 0;
					return -2;
				}
				*out = v;
				cap = nc;
			}
			(*out)[(*n)++] = no;
			continue;
		}
		if (pending)
			return refuse(
			    out, n, err, pending,
			    "a paragraph mark inside a clause's text (it must stand right "
			    "before a clause's tag)");
	}
	if (pending)
		return refuse(out, n, err, pending, "a paragraph mark with no clause after it");
	return 0;
}
