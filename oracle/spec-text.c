/* spec-text.c: the rulebook's files as lines, their front matter, and
 * comma lists. */
#include "spec-internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small text helpers ---- */

static char *rstrip(char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

int arb__spec_read_file(const char *path, char **out, arb_error *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "cannot open: %s",
		                     strerror(errno));
	size_t cap = 8192, n = 0, k;
	char *buf = malloc(cap);
	int rc = ARB_OK;
	if (!buf) {
		rc = arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL, "out of memory");
		goto done;
	}
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = cap * 2 > cap ? realloc(buf, cap * 2) : NULL;
			if (!nb) {
				rc = arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL,
				                   "out of memory");
				goto done;
			}
			buf = nb;
			cap *= 2;
		}
		k = fread(buf + n, 1, 4096, f);
		n += k;
	} while (k == 4096);
	if (ferror(f)) {
		rc = arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "read error");
		goto done;
	}
	buf[n] = '\0';
	if (memchr(buf, '\0', n))
		rc = arb_error_set(err, ARB_EINPUT, path, 0, 0, NULL, "file contains a NUL byte");
done:
	fclose(f);
	if (rc != ARB_OK) {
		free(buf);
		return rc;
	}
	*out = buf;
	return ARB_OK;
}

char *arb__spec_next_line(lines *ls)
{
	if (!ls->p || !*ls->p)
		return NULL;
	char *line = ls->p;
	char *nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		ls->p = nl + 1;
	} else {
		ls->p = line + strlen(line);
	}
	ls->no++;
	size_t n = strlen(line);
	if (n && line[n - 1] == '\r')
		line[n - 1] = '\0';
	return line;
}

/* ---- front matter ---- */

int arb__spec_front_matter(lines *ls, const char *file, fm_entry *fm, size_t *n_fm, arb_error *err)
{
	*n_fm = 0;
	char *l = arb__spec_next_line(ls);
	if (!l || strcmp(l, "---") != 0)
		return arb_error_set(err, ARB_EINPUT, file, ls->no ? ls->no : 1, 1, NULL,
		                     "expected '---' opening the front matter");
	while ((l = arb__spec_next_line(ls))) {
		if (strcmp(l, "---") == 0)
			return ARB_OK;
		char *colon = strchr(l, ':');
		if (!colon || colon == l)
			return arb_error_set(err, ARB_EINPUT, file, ls->no, 1, NULL,
			                     "expected 'key: value' in the front matter");
		*colon = '\0';
		for (char *k = l; *k; k++)
			if (!(islower((unsigned char)*k) || *k == '_'))
				return arb_error_set(
				    err, ARB_EINPUT, file, ls->no, (long)(k - l) + 1, NULL,
				    "front matter key '%s' is not a lowercase word", l);
		if (*n_fm == FM_MAX)
			return arb_error_set(err, ARB_EINPUT, file, ls->no, 1, NULL,
			                     "too many front matter keys");
		for (size_t i = 0; i < *n_fm; i++)
			if (strcmp(fm[i].key, l) == 0)
				return arb_error_set(err, ARB_EINPUT, file, ls->no, 1, l,
				                     "front matter key given twice");
		fm[*n_fm].key = l;
		fm[*n_fm].value = rstrip((char *)skip_ws(colon + 1));
		fm[*n_fm].line = ls->no;
		(*n_fm)++;
	}
	return arb_error_set(err, ARB_EINPUT, file, 1, 1, NULL,
	                     "front matter opened here is not closed by '---'");
}

int arb__spec_fm_check_keys(const fm_entry *fm, size_t n, const char *const *allowed,
                            const char *const *required, const char *file, arb_error *err)
{
	for (size_t i = 0; i < n; i++) {
		bool ok = false;
		for (const char *const *a = allowed; *a; a++)
			ok = ok || strcmp(*a, fm[i].key) == 0;
		if (!ok)
			return arb_error_set(err, ARB_EINPUT, file, fm[i].line, 1, fm[i].key,
			                     "unknown front matter key");
	}
	for (const char *const *r = required; *r; r++)
		if (!fm_get(fm, n, *r) || !fm_get(fm, n, *r)->value[0])
			return arb_error_set(err, ARB_EINPUT, file, 1, 0, *r,
			                     "front matter lacks required key");
	return ARB_OK;
}

/* "a, b,c" -> "a b c" in the arena. */
const char *arb__spec_comma_list(arb_arena *a, const char *v)
{
	size_t n = strlen(v);
	char *out = arb__arena_alloc(a, n + 1);
	if (!out)
		return NULL;
	size_t k = 0;
	for (const char *p = v; *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		if (k)
			out[k++] = ' ';
		while (*p && *p != ',' && *p != ' ')
			out[k++] = *p++;
	}
	out[k] = '\0';
	return out;
}
