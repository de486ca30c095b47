/*
 * cmd_certify_read.c: the two readers of `arbiter certify` that take
 * outside text: the implementation's hello line and the expectations
 * file (docs/certify.md). Strict, with file:line:column and the field.
 */
#include "certify.h"

#include <ctype.h>
#include <fnmatch.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The column (from 1) of the first `"s"` in text after from, or 0: an
 * error about a value names where the value stands. */
static long column_of(const char *text, size_t len, const char *s)
{
	size_t sl = strlen(s);
	for (size_t i = 0; i + sl + 2 <= len; i++)
		if (text[i] == '"' && memcmp(text + i + 1, s, sl) == 0 && text[i + 1 + sl] == '"')
			return (long)i + 1;
	return 0;
}

/* A name that can be a directory name: [A-Za-z0-9._-], 1 to 64 bytes, not
 * starting with a dot. */
static bool safe_name(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n > 64 || s[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '.' && s[i] != '_' && s[i] != '-')
			return false;
	return true;
}

static bool printable(const char *s, size_t max)
{
	size_t n = strlen(s);
	if (n == 0 || n > max)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
	return true;
}

void cert_hello_free(cert_hello *h)
{
	if (!h)
		return;
	free(h->name);
	free(h->version);
	free(h->profile);
	for (size_t i = 0; i < h->n_claims; i++) {
		cert_claim *c = &h->claims[i];
		free(c->ruleset);
		for (size_t k = 0; k < c->n_sections; k++)
			free(c->sections[k]);
		for (size_t k = 0; k < c->n_clauses; k++)
			free(c->clauses[k]);
		free(c->sections);
		free(c->clauses);
	}
	free(h->claims);
	memset(h, 0, sizeof *h);
}

/* An array of non-empty strings into *out (malloc'ed); -1 on a wrong
 * shape (why filled), -2 out of memory. */
static int strings(json_t *arr, char ***out, size_t *n, char *why, size_t wn)
{
	*out = NULL;
	*n = 0;
	if (!json_is_array(arr) || json_array_size(arr) == 0 || json_array_size(arr) > 4096) {
		snprintf(why, wn, "expected an array of 1 to 4096 strings");
		return -1;
	}
	if (!(*out = calloc(json_array_size(arr), sizeof **out)))
		return -2;
	size_t i;
	json_t *v;
	for (i = 0; i < json_array_size(arr); i++) {
		v = json_array_get(arr, i);
		if (!json_is_string(v) || !printable(json_string_value(v), 256)) {
			snprintf(why, wn, "item %zu: expected a non-empty string of printable text",
			         i);
			return -1;
		}
		if (!((*out)[i] = strdup(json_string_value(v))))
			return -2;
		(*n)++;
	}
	return 0;
}

/* Whether some clause of ruleset matches glob. */
static bool glob_matches_clause(const arb_rulebook *rb, const char *ruleset, const char *glob)
{
	size_t n = arb_rulebook_clause_count(rb);
	for (size_t i = 0; i < n; i++) {
		const arb_clause *cl = arb_rulebook_clause_at(rb, i);
		if (strcmp(cl->ruleset, ruleset) == 0 && fnmatch(glob, cl->id, 0) == 0)
			return true;
	}
	return false;
}

static int claim_parse(cert_claim *c, json_t *obj, size_t ci, const arb_rulebook *rb,
                       const char *text, size_t len, const char *file, long line, arb_error *err)
{
	char field[64], why[160];
	json_t *sections = NULL, *clauses = NULL;
	const char *ruleset = NULL;
	json_error_t je;
	snprintf(field, sizeof field, "claims[%zu]", ci);
	if (json_unpack_ex(obj, &je, JSON_STRICT, "{s:s, s?o, s?o}", "ruleset", &ruleset,
	                   "sections", &sections, "clauses", &clauses) != 0)
		return arb_error_set(err, ARB_EINPUT, file, line, 0, field,
		                     "expected {\"ruleset\": name, \"sections\": [...], "
		                     "\"clauses\": [...]}: %s",
		                     je.text);
	if (!arb_rulebook_has_ruleset(rb, ruleset))
		return arb_error_set(err, ARB_EINPUT, file, line, column_of(text, len, ruleset),
		                     field, "unknown ruleset \"%s\": the rulebook has no spec/%s/",
		                     ruleset, ruleset);
	if (!(c->ruleset = strdup(ruleset)))
		return ARB_ENOMEM;
	int rc;
	if (sections) {
		snprintf(field, sizeof field, "claims[%zu].sections", ci);
		rc = strings(sections, &c->sections, &c->n_sections, why, sizeof why);
		if (rc == -2)
			return ARB_ENOMEM;
		if (rc)
			return arb_error_set(err, ARB_EINPUT, file, line, 0, field, "%s", why);
		for (size_t k = 0; k < c->n_sections; k++)
			if (!arb_rulebook_has_section(rb, ruleset, c->sections[k]))
				return arb_error_set(err, ARB_EINPUT, file, line,
				                     column_of(text, len, c->sections[k]), field,
				                     "unknown section \"%s\" of ruleset %s",
				                     c->sections[k], ruleset);
	}
	if (clauses) {
		snprintf(field, sizeof field, "claims[%zu].clauses", ci);
		rc = strings(clauses, &c->clauses, &c->n_clauses, why, sizeof why);
		if (rc == -2)
			return ARB_ENOMEM;
		if (rc)
			return arb_error_set(err, ARB_EINPUT, file, line, 0, field, "%s", why);
		for (size_t k = 0; k < c->n_clauses; k++)
			if (!glob_matches_clause(rb, ruleset, c->clauses[k]))
				return arb_error_set(err, ARB_EINPUT, file, line,
				                     column_of(text, len, c->clauses[k]), field,
				                     "\"%s\" matches no clause of ruleset %s",
				                     c->clauses[k], ruleset);
	}
	return ARB_OK;
}

int cert_hello_parse(cert_hello *out, const char *text, size_t len, const arb_rulebook *rb,
                     const char *file, long line, arb_error *err)
{
	memset(out, 0, sizeof *out);
	json_error_t je;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root)
		return arb_error_set(err, ARB_EINPUT, file, line, je.column > 0 ? je.column : 0,
		                     NULL, "the hello is not JSON: %s", je.text);
	int rc = ARB_EINPUT;
	const char *format = NULL, *type = NULL, *name = NULL, *version = NULL;
	json_t *profile = NULL, *claims = NULL;
	if (!json_is_object(root)) {
		arb_error_set(err, ARB_EINPUT, file, line, 1, NULL,
		              "the hello is not a JSON object");
		goto done;
	}
	/* format first, as every reader of arbiter's formats does */
	json_t *f = json_object_get(root, "format");
	if (!json_is_string(f) || strcmp(json_string_value(f), CERT_FORMAT) != 0) {
		arb_error_set(err, ARB_EINPUT, file, line, 0, "format",
		              "expected \"format\": \"" CERT_FORMAT "\"");
		goto done;
	}
	if (json_unpack_ex(root, &je, JSON_STRICT, "{s:s, s:s, s:s, s:s, s:o, s:o}", "format",
	                   &format, "type", &type, "name", &name, "version", &version, "profile",
	                   &profile, "claims", &claims) != 0) {
		arb_error_set(err, ARB_EINPUT, file, line, 0, NULL,
		              "expected the hello {\"format\", \"type\": \"hello\", \"name\", "
		              "\"version\", \"profile\", \"claims\"}: %s",
		              je.text);
		goto done;
	}
	if (strcmp(type, "hello") != 0) {
		arb_error_set(err, ARB_EINPUT, file, line, column_of(text, len, type), "type",
		              "expected \"hello\", got \"%s\"", type);
		goto done;
	}
	if (!safe_name(name)) {
		arb_error_set(err, ARB_EINPUT, file, line, column_of(text, len, name), "name",
		              "expected 1 to 64 of A-Z a-z 0-9 . _ - (not first a dot): the name "
		              "is the bundle's directory");
		goto done;
	}
	if (!printable(version, 64)) {
		arb_error_set(err, ARB_EINPUT, file, line, column_of(text, len, version), "version",
		              "expected 1 to 64 printable characters");
		goto done;
	}
	if (!json_is_null(profile) && !json_is_string(profile)) {
		arb_error_set(err, ARB_EINPUT, file, line, 0, "profile",
		              "expected a profile name or null");
		goto done;
	}
	if (!json_is_array(claims) || json_array_size(claims) == 0 ||
	    json_array_size(claims) > 64) {
		arb_error_set(err, ARB_EINPUT, file, line, 0, "claims",
		              "expected an array of 1 to 64 claims");
		goto done;
	}
	rc = ARB_ENOMEM;
	if (!(out->name = strdup(name)) || !(out->version = strdup(version)) ||
	    (json_is_string(profile) && !(out->profile = strdup(json_string_value(profile)))) ||
	    !(out->claims = calloc(json_array_size(claims), sizeof *out->claims)))
		goto done;
	size_t i;
	json_t *c;
	for (i = 0; i < json_array_size(claims); i++) {
		c = json_array_get(claims, i);
		out->n_claims++;
		if ((rc = claim_parse(&out->claims[i], c, i, rb, text, len, file, line, err)))
			goto done;
		for (size_t k = 0; k < i; k++)
			if (strcmp(out->claims[k].ruleset, out->claims[i].ruleset) == 0) {
				char fld[48];
				snprintf(fld, sizeof fld, "claims[%zu].ruleset", i);
				rc = arb_error_set(err, ARB_EINPUT, file, line, 0, fld,
				                   "ruleset %s claimed twice: one claim a ruleset",
				                   out->claims[i].ruleset);
				goto done;
			}
		const char *reading;
		if (out->profile && !arb_rulebook_profile_reading(rb, out->claims[i].ruleset,
		                                                  out->profile, "", &reading)) {
			rc = arb_error_set(err, ARB_EINPUT, file, line,
			                   column_of(text, len, out->profile), "profile",
			                   "unknown profile \"%s\": ruleset %s declares no such "
			                   "profile (## Profiles of its ruleset.md)",
			                   out->profile, out->claims[i].ruleset);
			goto done;
		}
	}
	rc = ARB_OK;
done:
	if (rc == ARB_ENOMEM)
		arb_error_set(err, ARB_ENOMEM, file, line, 0, NULL, "out of memory");
	json_decref(root);
	return rc;
}

static bool same_strings(char **a, size_t na, char **b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

bool cert_hello_same(const cert_hello *a, const cert_hello *b)
{
	if (strcmp(a->name, b->name) != 0 || strcmp(a->version, b->version) != 0 ||
	    !a->profile != !b->profile || (a->profile && strcmp(a->profile, b->profile) != 0) ||
	    a->n_claims != b->n_claims)
		return false;
	for (size_t i = 0; i < a->n_claims; i++) {
		const cert_claim *x = &a->claims[i], *y = &b->claims[i];
		if (strcmp(x->ruleset, y->ruleset) != 0 ||
		    !same_strings(x->sections, x->n_sections, y->sections, y->n_sections) ||
		    !same_strings(x->clauses, x->n_clauses, y->clauses, y->n_clauses))
			return false;
	}
	return true;
}

/* ---- the expectations file ---- */

void cert_waivers_free(cert_waivers *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->n; i++) {
		free(w->v[i].pattern);
		free(w->v[i].reason);
		free(w->v[i].link);
	}
	free(w->v);
	memset(w, 0, sizeof *w);
}

static char *dup_range(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* One line (without its newline): `case|clause PATTERN: reason [<link>]`. */
static int waiver_line(cert_waivers *w, const char *s, size_t n, const char *file, long line,
                       arb_error *err)
{
	size_t i = 0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n || s[i] == '#')
		return ARB_OK;
	for (size_t k = 0; k < n; k++)
		if ((unsigned char)s[k] < 0x20 && s[k] != '\t')
			return arb_error_set(err, ARB_EINPUT, file, line, (long)k + 1, NULL,
			                     "a control character (byte 0x%02x)",
			                     (unsigned char)s[k]);
	size_t w0 = i;
	while (i < n && s[i] != ' ' && s[i] != '\t')
		i++;
	int kind = (i - w0 == 4 && memcmp(s + w0, "case", 4) == 0)     ? CERT_WAIVE_CASE
	           : (i - w0 == 6 && memcmp(s + w0, "clause", 6) == 0) ? CERT_WAIVE_CLAUSE
	                                                               : 0;
	if (!kind)
		return arb_error_set(err, ARB_EINPUT, file, line, (long)w0 + 1, "kind",
		                     "expected \"case\" or \"clause\" to begin a waiver, got "
		                     "\"%.*s\"",
		                     (int)(i - w0 > 40 ? 40 : i - w0), s + w0);
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	size_t p0 = i;
	while (i < n && s[i] != ':' && s[i] != ' ' && s[i] != '\t')
		i++;
	if (i == p0)
		return arb_error_set(err, ARB_EINPUT, file, line, (long)p0 + 1, "pattern",
		                     "expected a %s ID or glob after \"%s\"",
		                     kind == CERT_WAIVE_CASE ? "case" : "clause",
		                     kind == CERT_WAIVE_CASE ? "case" : "clause");
	size_t p1 = i;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == n || s[i] != ':')
		return arb_error_set(err, ARB_EINPUT, file, line, (long)i + 1, "reason",
		                     "expected \": reason\" after the pattern");
	i++;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	size_t r0 = i, r1 = n;
	while (r1 > r0 && (s[r1 - 1] == ' ' || s[r1 - 1] == '\t' || s[r1 - 1] == '\r'))
		r1--;
	char *link = NULL;
	if (r1 > r0 && s[r1 - 1] == '>') {
		size_t l0 = r1 - 1;
		while (l0 > r0 && s[l0] != '<')
			l0--;
		if (s[l0] != '<')
			return arb_error_set(err, ARB_EINPUT, file, line, (long)r1, "link",
			                     "a \">\" ends the line without its \"<\"");
		const char *url = s + l0 + 1;
		size_t ul = r1 - 1 - (l0 + 1);
		if (!((ul > 8 && memcmp(url, "https://", 8) == 0) ||
		      (ul > 7 && memcmp(url, "http://", 7) == 0)) ||
		    memchr(url, ' ', ul))
			return arb_error_set(
			    err, ARB_EINPUT, file, line, (long)l0 + 2, "link",
			    "expected <http://...> or <https://...> with no space");
		if (!(link = dup_range(url, ul)))
			return ARB_ENOMEM;
		r1 = l0;
		while (r1 > r0 && (s[r1 - 1] == ' ' || s[r1 - 1] == '\t'))
			r1--;
	}
	if (r1 == r0) {
		free(link);
		return arb_error_set(err, ARB_EINPUT, file, line, (long)r0 + 1, "reason",
		                     "a waiver needs a reason: why the implementation fails");
	}
	for (size_t k = 0; k < w->n; k++)
		if (w->v[k].kind == kind && strlen(w->v[k].pattern) == p1 - p0 &&
		    memcmp(w->v[k].pattern, s + p0, p1 - p0) == 0) {
			free(link);
			return arb_error_set(err, ARB_EINPUT, file, line, (long)p0 + 1, "pattern",
			                     "\"%.*s\" is waived already on line %ld",
			                     (int)(p1 - p0), s + p0, w->v[k].line);
		}
	cert_waiver *nv = realloc(w->v, (w->n + 1) * sizeof *nv);
	if (!nv) {
		free(link);
		return ARB_ENOMEM;
	}
	w->v = nv;
	cert_waiver *x = &w->v[w->n];
	memset(x, 0, sizeof *x);
	x->kind = kind;
	x->line = line;
	x->link = link;
	w->n++;
	if (!(x->pattern = dup_range(s + p0, p1 - p0)) || !(x->reason = dup_range(s + r0, r1 - r0)))
		return ARB_ENOMEM;
	return ARB_OK;
}

int cert_waivers_parse(cert_waivers *out, const char *text, size_t len, const char *file,
                       arb_error *err)
{
	memset(out, 0, sizeof *out);
	long line = 0;
	size_t at = 0;
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		long nl_line = 1, col = 1;
		for (const char *p = text; p < nul; p++, col++)
			if (*p == '\n')
				nl_line++, col = 0;
		return arb_error_set(err, ARB_EINPUT, file, nl_line, col, NULL,
		                     "a NUL byte: an expectations file is text");
	}
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		line++;
		if (n > 4096)
			return arb_error_set(err, ARB_EINPUT, file, line, 4097, NULL,
			                     "the line is longer than 4096 bytes");
		int rc = waiver_line(out, text + at, n, file, line, err);
		if (rc == ARB_ENOMEM)
			return arb_error_set(err, ARB_ENOMEM, file, line, 0, NULL, "out of memory");
		if (rc)
			return rc;
		at += n + (nl ? 1 : 0);
	}
	return ARB_OK;
}
