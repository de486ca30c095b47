/*
 * cmd_certify_score.c: what is in scope and how an answer is scored
 * (docs/certify.md, "Scoring"). Only what the implementation claims is in
 * scope; the expectation is the case's, never the oracle's: the reference
 * verdict only tells a derived value (which an implementation must give)
 * from an informative one (which it may leave out).
 */
#include "certify.h"
#include "json_io.h"
#include "strbuf.h"

#include <fnmatch.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cert_utf8_clean(char *s)
{
	unsigned char *p = (unsigned char *)s;
	while (*p) {
		size_t n = *p < 0x80             ? 1
		           : (*p & 0xe0) == 0xc0 ? 2
		           : (*p & 0xf0) == 0xe0 ? 3
		           : (*p & 0xf8) == 0xf0 ? 4
		                                 : 0;
		bool ok = n > 0 && !(n == 2 && *p < 0xc2) && !(n == 4 && *p > 0xf4);
		for (size_t k = 1; ok && k < n; k++)
			ok = (p[k] & 0xc0) == 0x80;
		/* overlong three-byte forms, surrogates, beyond U+10FFFF */
		if (ok && n == 3)
			ok = !(p[0] == 0xe0 && p[1] < 0xa0) && !(p[0] == 0xed && p[1] >= 0xa0);
		if (ok && n == 4)
			ok = !(p[0] == 0xf0 && p[1] < 0x90) && !(p[0] == 0xf4 && p[1] >= 0x90);
		if (!ok) {
			*p++ = '?';
			continue;
		}
		p += n;
	}
}

const char *cert_status_name(cert_status s)
{
	static const char *const names[CERT_N_STATUS] = {
	    "pass", "fail", "error", "waived", "unexpected-pass", "not-scored"};
	return (unsigned)s < CERT_N_STATUS ? names[s] : "?";
}

static bool glob_any(char **globs, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (fnmatch(globs[i], id, 0) == 0)
			return true;
	return false;
}

bool cert_in_claim(const cert_hello *h, const arb_case *c, const char *section)
{
	const char *ruleset = c->scenario->ruleset;
	size_t rl = strlen(ruleset);
	if (strncmp(section, ruleset, rl) != 0 || section[rl] != '/')
		return false;
	const char *sec = section + rl + 1;
	for (size_t i = 0; i < h->n_claims; i++) {
		const cert_claim *cl = &h->claims[i];
		if (strcmp(cl->ruleset, ruleset) != 0)
			continue;
		bool sec_ok = cl->n_sections == 0;
		for (size_t k = 0; k < cl->n_sections && !sec_ok; k++)
			sec_ok = strcmp(cl->sections[k], sec) == 0;
		if (!sec_ok)
			return false;
		if (cl->n_clauses == 0)
			return true;
		/* the case's expectation speaks only of claimed clauses */
		if (!glob_any(cl->clauses, cl->n_clauses, c->target))
			return false;
		for (size_t k = 0; k < c->n_violates; k++)
			if (!glob_any(cl->clauses, cl->n_clauses, c->violates[k]))
				return false;
		for (size_t k = 0; k < c->n_disputed; k++)
			if (!glob_any(cl->clauses, cl->n_clauses, c->disputed[k]))
				return false;
		return true;
	}
	return false;
}

static bool is_all(const char *p)
{
	return !p || strcmp(p, "all") == 0;
}

/* A case's expectation is the text's under the case's own profile; it is
 * not carried over to another: a case decided under every reading can
 * name fewer violated clauses than one reading does (a clause whose
 * readings disagree adds nothing under "all"; SH-TER-DIFF-050 is such a
 * case under literal). So a case is scored only for the profile it was
 * written for, and a disputed one only against a declared profile. */
bool cert_not_scored(const cert_hello *h, const arb_case *c, char *why, size_t n)
{
	const char *cp = is_all(c->profile) ? "all" : c->profile;
	const char *ip = h->profile;
	if (c->expect == ARB_V_DISPUTED && !ip) {
		snprintf(why, n,
		         "disputed - not scored: the implementation declares no reading "
		         "profile");
		return true;
	}
	if (strcmp(ip ? ip : "all", cp) != 0) {
		snprintf(why, n, "written for profile %s - not scored (declared: %s)", cp,
		         ip ? ip : "none");
		return true;
	}
	return false;
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...)
{
	strbuf b = {0};
	char tmp[2048];
	va_list ap;
	va_start(ap, f);
	vsnprintf(tmp, sizeof tmp, f, ap);
	va_end(ap);
	strbuf_puts(&b, tmp);
	return strbuf_take(&b);
}

/* The array of strings v (checked sorted and unique already) against the
 * sorted list want. */
static bool same_ids(json_t *v, const char *const *want, size_t n)
{
	if (json_array_size(v) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (strcmp(json_string_value(json_array_get(v, i)), want[i]) != 0)
			return false;
	return true;
}

static void ids_text(strbuf *b, const char *const *v, size_t n)
{
	strbuf_puts(b, "[");
	for (size_t i = 0; i < n; i++)
		strbuf_putf(b, "%s%s", i ? " " : "", v[i]);
	strbuf_puts(b, "]");
}

static void json_ids_text(strbuf *b, json_t *v)
{
	strbuf_puts(b, "[");
	for (size_t i = 0; i < json_array_size(v); i++)
		strbuf_putf(b, "%s%s", i ? " " : "", json_string_value(json_array_get(v, i)));
	strbuf_puts(b, "]");
}

static int dispute_bits(json_t *v)
{
	int bits = 0;
	for (size_t i = 0; i < json_array_size(v); i++) {
		const char *w = json_string_value(json_array_get(v, i));
		bits |= strcmp(w, "conflict") == 0 ? ARB_DISPUTE_CONFLICT
		        : strcmp(w, "gap") == 0    ? ARB_DISPUTE_GAP
		                                   : ARB_DISPUTE_READINGS;
	}
	return bits;
}

static bool ref_derives(const arb_verdict *ref, const char *name)
{
	for (size_t i = 0; ref && i < ref->n_values; i++)
		if (strcmp(ref->values[i].name, name) == 0)
			return true;
	return false;
}

/* Why the verdict v disagrees with case c, or NULL (into b) when it agrees. */
static bool disagrees(const arb_case *c, json_t *v, const arb_verdict *ref, strbuf *b)
{
	const char *kind = json_string_value(json_object_get(v, "verdict"));
	json_t *viol = json_object_get(v, "violates");
	const char *want = arb_verdict_kind_name(c->expect);
	if (strcmp(kind, want) != 0 || !same_ids(viol, c->violates, c->n_violates)) {
		strbuf_putf(b, "expected %s ", want);
		ids_text(b, c->violates, c->n_violates);
		strbuf_putf(b, ", got %s ", kind);
		json_ids_text(b, viol);
		return true;
	}
	if (c->expect == ARB_V_DISPUTED) {
		int got = dispute_bits(json_object_get(v, "dispute"));
		char e[64], g[64];
		if (c->expect_dispute && got != c->expect_dispute) {
			strbuf_putf(b, "expected dispute %s, got %s",
			            arb_dispute_name(c->expect_dispute, e, sizeof e),
			            arb_dispute_name(got, g, sizeof g));
			return true;
		}
		json_t *d = json_object_get(v, "disputed");
		if (c->n_disputed && !same_ids(d, c->disputed, c->n_disputed)) {
			strbuf_puts(b, "expected disputed clauses ");
			ids_text(b, c->disputed, c->n_disputed);
			strbuf_puts(b, ", got ");
			json_ids_text(b, d);
			return true;
		}
	}
	json_t *values = json_object_get(v, "values"), *info = json_object_get(v, "info");
	for (size_t i = 0; i < c->n_values; i++) {
		const arb_kv *w = &c->values[i];
		json_t *got = json_object_get(values, w->name);
		if (!got)
			got = json_object_get(info, w->name);
		if (isnan(w->value)) {
			if (got) {
				strbuf_putf(b, "expected no value %s, got one", w->name);
				return true;
			}
			continue;
		}
		if (!got) {
			/* an informative value may be left out (docs/interchange.md) */
			if (!ref_derives(ref, w->name))
				continue;
			strbuf_putf(b, "expected value %s=%g, got none", w->name, w->value);
			return true;
		}
		if (!json_is_number(got) || fabs(json_number_value(got) - w->value) > 1e-9) {
			strbuf_putf(b, "expected value %s=%g, got %g", w->name, w->value,
			            json_is_number(got) ? json_number_value(got) : NAN);
			return true;
		}
	}
	return false;
}

int cert_score(cert_result *r, const char *answer, const arb_verdict *ref, bool *desync)
{
	char why[512];
	bool is_error = false;
	*desync = false;
	free(r->why);
	r->why = NULL;
	json_t *v = NULL;
	int rc = arbj_verdict_check_tree(answer, &is_error, &v, why, sizeof why);
	if (rc == ARB_ENOMEM)
		return -1;
	if (rc != ARB_OK) {
		r->status = CERT_ERROR;
		/* a line that is not a verdict may not answer this scenario at
		 * all: the stream is out of step */
		*desync = true;
		return (r->why = fmt("not an arbiter-verdict/2 line: %s", why)) ? 0 : -1;
	}
	json_t *id = json_object_get(v, "id");
	int out = 0;
	if (json_is_string(id) && strcmp(json_string_value(id), r->c->id) != 0) {
		r->status = CERT_ERROR;
		*desync = true;
		out = (r->why = fmt("answered id \"%.200s\" instead of \"%s\"",
		                    json_string_value(id), r->c->id))
		          ? 0
		          : -1;
	} else if (is_error) {
		json_t *e = json_object_get(v, "error");
		r->status = CERT_ERROR;
		out = (r->why = fmt("answered an error line (%s): %.300s",
		                    json_string_value(json_object_get(e, "kind")),
		                    json_string_value(json_object_get(e, "message"))))
		          ? 0
		          : -1;
	} else {
		strbuf b = {0};
		r->status = disagrees(r->c, v, ref, &b) ? CERT_FAIL : CERT_PASS;
		if (r->status == CERT_FAIL && !(r->why = strbuf_take(&b)))
			out = -1;
		strbuf_free(&b);
	}
	json_decref(v);
	return out;
}

bool cert_disagrees_ref(const char *answer, const arb_verdict *ref)
{
	bool is_error = false;
	json_t *v = NULL;
	if (arbj_verdict_check_tree(answer, &is_error, &v, NULL, 0) != ARB_OK || is_error) {
		json_decref(v);
		return false;
	}
	const char *kind = json_string_value(json_object_get(v, "verdict"));
	bool differs = strcmp(kind, arb_verdict_kind_name(ref->kind)) != 0 ||
	               !same_ids(json_object_get(v, "violates"), ref->violates, ref->n_violates) ||
	               dispute_bits(json_object_get(v, "dispute")) != ref->dispute ||
	               !same_ids(json_object_get(v, "disputed"), ref->disputed, ref->n_disputed);
	json_decref(v);
	return differs;
}

bool cert_waiver_matches(const cert_waiver *x, const arb_case *c)
{
	return fnmatch(x->pattern, x->kind == CERT_WAIVE_CASE ? c->id : c->target, 0) == 0;
}

void cert_apply_waivers(cert_result *res, size_t n, cert_waivers *w)
{
	for (size_t i = 0; i < n; i++) {
		cert_result *r = &res[i];
		r->waiver = -1;
		if (r->status == CERT_NOT_SCORED)
			continue;
		for (size_t k = 0; k < w->n; k++) {
			const cert_waiver *x = &w->v[k];
			if (!cert_waiver_matches(x, r->c))
				continue;
			r->waiver = (long)k;
			if (r->status == CERT_PASS) {
				r->status = CERT_UNEXPECTED_PASS;
				free(r->why);
				r->why =
				    fmt("passed, but the expectations file waives it (line %ld: "
				        "%.300s): remove the waiver",
				        x->line, x->reason);
			} else {
				r->status = CERT_WAIVED;
			}
			break;
		}
	}
}
