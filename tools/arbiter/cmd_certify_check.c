/*
 * cmd_certify_check.c: what a certificate bundle's hashes and scores are
 * made of, and the check `certify --verify` runs on its certificate.json
 * and results.jsonl (the reader the fuzz harness drives): SHA-256
 * (nettle), the scores counted from the results alone, the strict reading
 * of both files.
 */
#include "certify.h"
#include "strbuf.h"

#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>

void cert_sha256_hex(const void *data, size_t len, char out[65])
{
	struct sha256_ctx ctx;
	uint8_t d[SHA256_DIGEST_SIZE];
	sha256_init(&ctx);
	sha256_update(&ctx, len, (const uint8_t *)data);
	sha256_digest(&ctx, sizeof d, d);
	for (size_t i = 0; i < sizeof d; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* ---- scores, from the results alone (so that --verify can redo them) ---- */

static const char *const kStatus[CERT_N_STATUS] = {
    "pass", "fail", "error", "waived", "unexpected-pass", "not-scored"};

static json_t *score_new(void)
{
	json_t *o = json_object();
	for (size_t i = 0; o && i < CERT_N_STATUS; i++)
		json_object_set_new(o, kStatus[i], json_integer(0));
	if (o)
		json_object_set_new(o, "scored", json_integer(0));
	return o;
}

static void score_add(json_t *o, const char *status)
{
	json_t *v = json_object_get(o, status);
	json_integer_set(v, json_integer_value(v) + 1);
	if (strcmp(status, "not-scored") != 0) {
		json_t *s = json_object_get(o, "scored");
		json_integer_set(s, json_integer_value(s) + 1);
	}
}

static json_t *group(json_t *all, const char *key)
{
	json_t *g = json_object_get(all, key);
	if (!g) {
		g = score_new();
		json_object_set_new(all, key, g);
	}
	return g;
}

/* Adds one result to totals and its section's and clause's scores. */
void cert__tally(json_t *scores, const char *section, const char *target, const char *status)
{
	score_add(json_object_get(scores, "totals"), status);
	score_add(group(json_object_get(scores, "sections"), section), status);
	score_add(group(json_object_get(scores, "clauses"), target), status);
}

json_t *cert__scores_new(void)
{
	return json_pack("{s:o, s:o, s:o}", "totals", score_new(), "sections", json_object(),
	                 "clauses", json_object());
}

bool cert__certified(json_t *totals)
{
	return json_integer_value(json_object_get(totals, "fail")) == 0 &&
	       json_integer_value(json_object_get(totals, "error")) == 0 &&
	       json_integer_value(json_object_get(totals, "unexpected-pass")) == 0 &&
	       json_integer_value(json_object_get(totals, "scored")) > 0;
}

static bool hex64(json_t *v)
{
	const char *s = json_string_value(v);
	if (!s || strlen(s) != 64)
		return false;
	for (size_t i = 0; i < 64; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

int cert_bundle_check(const char *cert, size_t cert_len, const char *results, size_t results_len,
                      char *why, size_t n)
{
	json_error_t je;
	int rc = 2;
	json_t *c = json_loadb(cert, cert_len, JSON_REJECT_DUPLICATES, &je),
	       *scores = cert__scores_new();
	json_t *suite, *totals, *sections, *clauses;
	strbuf ids = {0};
	if (!c) {
		snprintf(why, n, "certificate.json:%d:%d: not JSON: %s", je.line, je.column,
		         je.text);
		goto done;
	}
	const char *format = json_string_value(json_object_get(c, "format"));
	if (!format || strcmp(format, CERT_CERTIFICATE) != 0) {
		snprintf(why, n,
		         "certificate.json: field 'format': expected \"" CERT_CERTIFICATE "\"");
		goto done;
	}
	suite = json_object_get(c, "suite");
	totals = json_object_get(c, "totals");
	sections = json_object_get(c, "sections");
	clauses = json_object_get(c, "clauses");
	if (!json_is_object(suite) || !hex64(json_object_get(suite, "case_ids_sha256")) ||
	    !json_is_integer(json_object_get(suite, "cases")) ||
	    !hex64(json_object_get(c, "results_sha256")) || !json_is_object(totals) ||
	    !json_is_object(sections) || !json_is_object(clauses) ||
	    !json_is_boolean(json_object_get(c, "certified")) ||
	    !json_is_object(json_object_get(c, "files"))) {
		snprintf(why, n,
		         "certificate.json: expected the members suite (case_ids_sha256, "
		         "cases), results_sha256, certified, files, totals, sections and "
		         "clauses");
		goto done;
	}
	if (!scores) {
		snprintf(why, n, "out of memory");
		goto done;
	}
	/* every results line, strictly, in order */
	size_t at = 0, lines = 0;
	while (at < results_len) {
		const char *nl = memchr(results + at, '\n', results_len - at);
		size_t len = nl ? (size_t)(nl - (results + at)) : results_len - at;
		lines++;
		json_t *r = json_loadb(results + at, len, JSON_REJECT_DUPLICATES, &je),
		       *answer = NULL, *waiver = NULL, *w = NULL;
		const char *id, *section, *status, *target;
		int st = -1;
		if (r &&
		    json_unpack_ex(r, &je, JSON_STRICT, "{s:o, s:s, s:s, s:s, s:s, s:o, s:o}",
		                   "answer", &answer, "id", &id, "section", &section, "status",
		                   &status, "target", &target, "waiver", &waiver, "why", &w) == 0)
			for (int k = 0; k < CERT_N_STATUS; k++)
				if (strcmp(status, kStatus[k]) == 0)
					st = k;
		if (!r || st < 0 || (!json_is_null(answer) && !json_is_string(answer)) ||
		    (!json_is_null(w) && !json_is_string(w)) ||
		    (!json_is_null(waiver) && !json_is_integer(waiver)) || !nl) {
			snprintf(why, n, "results.jsonl:%zu: %s", lines,
			         !nl ? "the last line has no line feed"
			         : r ? "expected {answer, id, section, status, target, waiver, "
			               "why} with "
			               "a known status"
			             : je.text);
			json_decref(r);
			goto done;
		}
		strbuf_putf(&ids, "%s\n", id);
		cert__tally(scores, section, target, status);
		json_decref(r);
		at += len + 1;
	}
	if (ids.oom) {
		snprintf(why, n, "out of memory");
		goto done;
	}
	rc = 1;
	char hex[65];
	cert_sha256_hex(results, results_len, hex);
	if (strcmp(hex, json_string_value(json_object_get(c, "results_sha256"))) != 0) {
		snprintf(why, n,
		         "results.jsonl: its SHA-256 %s differs from the certificate's "
		         "results_sha256",
		         hex);
		goto done;
	}
	cert_sha256_hex(ids.s ? ids.s : "", ids.n, hex);
	if (strcmp(hex, json_string_value(json_object_get(suite, "case_ids_sha256"))) != 0 ||
	    json_integer_value(json_object_get(suite, "cases")) != (json_int_t)lines) {
		snprintf(why, n,
		         "case_ids_sha256: the ordered case IDs of results.jsonl hash to %s, "
		         "not to the certificate's (or their count differs)",
		         hex);
		goto done;
	}
	static const char *const parts[] = {"totals", "sections", "clauses"};
	for (size_t k = 0; k < 3; k++)
		if (!json_equal(json_object_get(scores, parts[k]), json_object_get(c, parts[k]))) {
			snprintf(why, n,
			         "%s: the certificate's scores differ from those of "
			         "results.jsonl",
			         parts[k]);
			goto done;
		}
	if (json_is_true(json_object_get(c, "certified")) !=
	    cert__certified(json_object_get(scores, "totals"))) {
		snprintf(why, n, "certified: the certificate says %s, its results say otherwise",
		         json_is_true(json_object_get(c, "certified")) ? "true" : "false");
		goto done;
	}
	rc = 0;
done:
	strbuf_free(&ids);
	json_decref(c);
	json_decref(scores);
	return rc;
}
