/*
 * lint-words.c: `arbiter lint`'s checks of the words themselves
 * (docs/lint.md, "Words"):
 *
 *   term-variant        words that read like a term of the ruleset with one
 *                       word garbled ("Fires in Ranks" for "Fight in
 *                       Ranks"): the text names one thing two ways;
 *   repeated-parameter  one parameter, name and value, stated by several
 *                       clauses of a ruleset (the same limit stated
 *                       twice): an edit of one leaves the others.
 *
 * Both only report: the text is never changed, and no reading is chosen.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W_MAX   8  /* words of a term the check reads */
#define W_CHARS 48 /* letters of a word it compares */

typedef struct words {
	char w[W_MAX][W_CHARS];
	bool cap[W_MAX]; /* written with a capital */
	size_t n;
} words;

/* The words (letters only, lowercase) of s[0..len), at most W_MAX. */
static size_t split(const char *s, size_t len, words *out)
{
	out->n = 0;
	size_t i = 0;
	while (i < len && out->n < W_MAX) {
		while (i < len && !isalpha((unsigned char)s[i]))
			i++;
		size_t k = 0;
		if (i < len)
			out->cap[out->n] = isupper((unsigned char)s[i]) != 0;
		while (i < len && isalpha((unsigned char)s[i])) {
			if (k + 1 < W_CHARS)
				out->w[out->n][k++] = (char)tolower((unsigned char)s[i]);
			i++;
		}
		if (k) {
			out->w[out->n][k] = '\0';
			out->n++;
		}
	}
	return out->n;
}

/* The stem of an English word: without the endings that inflect it
 * ("bodies" body, "falling" fall, "piling" pil, "pile" pil). */
static void stem(const char *w, char *out, size_t n)
{
	static const struct {
		const char *end, *then;
	} kEnds[] = {{"ies", "y"}, {"ing", ""}, {"ed", ""}, {"es", ""}, {"s", ""}, {"e", ""}};
	snprintf(out, n, "%s", w);
	size_t len = strlen(out);
	for (size_t i = 0; i < sizeof kEnds / sizeof *kEnds; i++) {
		size_t el = strlen(kEnds[i].end);
		if (len > el + 2 && strcmp(out + len - el, kEnds[i].end) == 0) {
			snprintf(out + len - el, n - (len - el), "%s", kEnds[i].then);
			return;
		}
	}
}

/* Whether a and b are one word inflected: "fight", "fights", "fighting". */
static bool inflection(const char *a, const char *b)
{
	char sa[W_CHARS], sb[W_CHARS];
	stem(a, sa, sizeof sa);
	stem(b, sb, sizeof sb);
	return strcmp(sa, sb) == 0;
}

/* Levenshtein distance of two short words. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[W_CHARS + 1];
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* A word garbled into another: the same first two letters, a few letters
 * apart, and not one word inflected. */
static bool garbled(const char *a, const char *b)
{
	return strlen(a) > 2 && strlen(b) > 2 && a[0] == b[0] && a[1] == b[1] &&
	       !inflection(a, b) && distance(a, b) <= 3;
}

static int add(arb_lint *l, arb_severity sev, const char *code, const arb_clause *c,
               const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int add(arb_lint *l, arb_severity sev, const char *code, const arb_clause *c,
               const char *fmt, ...)
{
	arb_finding f = {.kind = ARB_LINT_REFERENCE,
	                 .severity = sev,
	                 .code = code,
	                 .ruleset = c->ruleset,
	                 .clause = c->id,
	                 .file = c->file,
	                 .line = c->line};
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f.message, sizeof f.message, fmt, ap);
	va_end(ap);
	return arb_lint_add(l, &f);
}

/* Whether name is a term (used or defined) of ruleset rs. */
static bool is_term(const arb_rulebook *rb, const char *rs, const words *w)
{
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (strcmp(c->ruleset, rs) != 0)
			continue;
		for (size_t k = 0; k < c->n_terms + c->n_defines; k++) {
			const char *t = k < c->n_terms ? c->terms[k] : c->defines[k - c->n_terms];
			words tw;
			if (split(t, strlen(t), &tw) != w->n)
				continue;
			bool same = true;
			for (size_t j = 0; j < w->n && same; j++)
				same =
				    strcmp(tw.w[j], w->w[j]) == 0 || inflection(tw.w[j], w->w[j]);
			if (same)
				return true;
		}
	}
	return false;
}

/* Whether term t of rs was met in a clause before clause index before. */
static bool term_before(const arb_rulebook *rb, const char *rs, const char *t, size_t before)
{
	for (size_t i = 0; i < before; i++) {
		const arb_clause *e = arb_rulebook_clause_at(rb, i);
		if (strcmp(e->ruleset, rs) != 0)
			continue;
		for (size_t k = 0; k < e->n_terms + e->n_defines; k++)
			if (strcmp(k < e->n_terms ? e->terms[k] : e->defines[k - e->n_terms], t) ==
			    0)
				return true;
	}
	return false;
}

/* The clause texts of rs, read for words that differ from a term of it of
 * two words or more in one garbled word; each term read once, from the
 * clause (index ci) that first names it; each variant once per clause. */
static int term_variants(arb_lint *l, const arb_rulebook *rb, const char *rs, const arb_clause *c,
                         size_t ci)
{
	for (size_t k = 0; k < c->n_terms + c->n_defines; k++) {
		const char *t = k < c->n_terms ? c->terms[k] : c->defines[k - c->n_terms];
		if (term_before(rb, rs, t, ci))
			continue;
		bool again = false;
		for (size_t m = 0; m < k && !again; m++)
			again = strcmp(m < c->n_terms ? c->terms[m] : c->defines[m - c->n_terms],
			               t) == 0;
		if (again)
			continue;
		words tw;
		if (split(t, strlen(t), &tw) < 2)
			continue;
		for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
			const arb_clause *x = arb_rulebook_clause_at(rb, i);
			if (strcmp(x->ruleset, rs) != 0)
				continue;
			/* every run of as many words in x's text */
			words all;
			const char *p = x->text;
			size_t len = strlen(p);
			char seen[256] = "";
			for (size_t at = 0; at < len;) {
				while (at < len && !isalpha((unsigned char)p[at]))
					at++;
				if (at >= len)
					break;
				if (split(p + at, len - at, &all) < tw.n)
					break;
				size_t diff = 0, where = 0;
				for (size_t j = 0; j < tw.n; j++)
					if (strcmp(all.w[j], tw.w[j]) != 0 &&
					    !inflection(all.w[j], tw.w[j])) {
						diff++;
						where = j;
					}
				words run = all;
				run.n = tw.n;
				/* a term's garbled word keeps its capital: "Fires in Ranks" */
				if (diff == 1 && all.cap[where] == tw.cap[where] &&
				    garbled(all.w[where], tw.w[where]) && !is_term(rb, rs, &run) &&
				    !strstr(seen, all.w[where])) {
					int rc = add(
					    l, ARB_SEV_WARNING, "term-variant", x,
					    "%s writes '%s' where the term '%s' (%s) has '%s': one "
					    "thing named two ways, or a garbled word",
					    x->id, all.w[where], t, c->id, tw.w[where]);
					if (rc)
						return rc;
					size_t sl = strlen(seen);
					snprintf(seen + sl, sizeof seen - sl, " %s", all.w[where]);
				}
				while (at < len && isalpha((unsigned char)p[at]))
					at++;
			}
		}
	}
	return ARB_OK;
}

int arb__lint_words(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	size_t n = arb_rulebook_clause_count(rb);
	for (size_t i = 0; i < n; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if ((ruleset && strcmp(c->ruleset, ruleset) != 0) ||
		    strcmp(c->ruleset, "conventions") == 0)
			continue;
		int rc = term_variants(l, rb, c->ruleset, c, i);
		if (rc)
			return rc;
		/* a parameter name stated again by a later clause of the ruleset */
		for (size_t k = 0; k < c->n_params; k++) {
			const arb_param *p = &c->params[k];
			for (size_t j = 0; j < i; j++) {
				const arb_clause *e = arb_rulebook_clause_at(rb, j);
				const arb_param *q = arb_clause_param(e, p->name);
				if (!q || strcmp(e->ruleset, c->ruleset) != 0)
					continue;
				/* one name with two values is the markup's naming, not the text
				 * stating one limit twice */
				if (strcmp(q->raw, p->raw) != 0)
					continue;
				rc = add(l, ARB_SEV_INFO, "repeated-parameter", c,
				         "%s states %s as '%s', as %s (%s:%ld) does: the same "
				         "limit stated "
				         "twice, an edit of one leaves the other",
				         c->id, p->name, p->raw, e->id, e->file, e->line);
				if (rc)
					return rc;
				break;
			}
		}
	}
	return ARB_OK;
}
