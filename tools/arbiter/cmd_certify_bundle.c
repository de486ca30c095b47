/*
 * cmd_certify_bundle.c: the certificate bundle (docs/certify.md, "The
 * bundle"): certificate.json, results.jsonl, badge.json, junit.xml and the
 * HTML report, built in a directory beside the target and swapped in whole
 * (outfile.c), and `certify --verify`, which recomputes every hash and
 * score from the bundle's own files and names the one that differs.
 * SHA-256 is nettle's.
 */
#include "certify.h"
#include "json_text.h"
#include "strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The largest bundle file --verify reads. */
#define MAX_BUNDLE_FILE ((size_t)256 << 20)

int cert_put_file(const char *dir, const char *name, const char *data, size_t len, json_t *files)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	bool ok = f && (len == 0 || fwrite(data, 1, len, f) == len);
	if (f && fclose(f) != 0)
		ok = false;
	if (!ok) {
		fprintf(stderr, "arbiter: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	char hex[65];
	cert_sha256_hex(data, len, hex);
	if (files && json_object_set_new(files, name, json_string(hex)) != 0) {
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	return 0;
}

/* ---- writing ---- */

/* One line a result, in the writing of json_dumps (compact, sorted keys),
 * written directly: a tree a line was most of the bundle's time. */
static char *results_text(const cert_run *run, json_t *scores, char ids_hex[65])
{
	strbuf ids = {0};
	jtext w;
	jt_begin(&w);
	jt_write_pass(&w); /* strings and integers only: nothing to measure */
	for (size_t i = 0; i < run->n; i++) {
		const cert_result *r = &run->results[i];
		const char *st = cert_status_name(r->status);
		jt_open(&w, '{');
		jt_key(&w, "answer");
		jt_str(&w, r->answer);
		jt_key(&w, "id");
		jt_str(&w, r->c->id);
		jt_key(&w, "section");
		jt_str(&w, r->section);
		jt_key(&w, "status");
		jt_str(&w, st);
		jt_key(&w, "target");
		jt_str(&w, r->c->target);
		jt_key(&w, "waiver");
		if (r->waiver >= 0)
			jt_int(&w, run->waivers->v[r->waiver].line);
		else
			jt_lit(&w, "null");
		jt_key(&w, "why");
		jt_str(&w, r->why);
		jt_close(&w, '}');
		jt_newline(&w);
		strbuf_putf(&ids, "%s\n", r->c->id);
		cert__tally(scores, r->section, r->c->target, st);
	}
	char *text = jt_finish(&w);
	if (ids.oom || !text) {
		free(text);
		strbuf_free(&ids);
		return NULL;
	}
	cert_sha256_hex(ids.s ? ids.s : "", ids.n, ids_hex);
	strbuf_free(&ids);
	return text;
}

static json_t *claims_json(const cert_hello *h)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < h->n_claims; i++) {
		const cert_claim *c = &h->claims[i];
		json_t *o = json_pack("{s:s}", "ruleset", c->ruleset);
		if (c->n_sections) {
			json_t *s = json_array();
			for (size_t k = 0; k < c->n_sections; k++)
				json_array_append_new(s, json_string(c->sections[k]));
			json_object_set_new(o, "sections", s);
		}
		if (c->n_clauses) {
			json_t *s = json_array();
			for (size_t k = 0; k < c->n_clauses; k++)
				json_array_append_new(s, json_string(c->clauses[k]));
			json_object_set_new(o, "clauses", s);
		}
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *waivers_json(const cert_run *run)
{
	if (!run->expectations_text)
		return json_null();
	char hex[65];
	cert_sha256_hex(run->expectations_text, strlen(run->expectations_text), hex);
	json_t *a = json_array();
	for (size_t i = 0; a && i < run->waivers->n; i++) {
		const cert_waiver *w = &run->waivers->v[i];
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s?, s:I, s:I}", "kind",
		                                   w->kind == CERT_WAIVE_CASE ? "case" : "clause",
		                                   "pattern", w->pattern, "reason", w->reason,
		                                   "link", w->link, "line", (json_int_t)w->line,
		                                   "matched", (json_int_t)w->matched));
	}
	return json_pack("{s:s, s:s, s:o}", "file", run->expectations_file, "sha256", hex,
	                 "waivers", a);
}

/* "1,284" */
static void thousands(char *buf, size_t n, long long v)
{
	char raw[32];
	snprintf(raw, sizeof raw, "%lld", v);
	size_t len = strlen(raw), k = 0;
	for (size_t i = 0; i < len && k + 2 < n; i++) {
		if (i && (len - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = raw[i];
	}
	buf[k] = '\0';
}

static char *badge_text(const cert_run *run, json_t *scores)
{
	json_t *t = json_object_get(scores, "totals"), *secs = json_object_get(scores, "sections");
	char label[256] = "arbiter certify", pass[32], scored[32], msg[80];
	if (json_object_size(secs) == 1) {
		const char *name = json_object_iter_key(json_object_iter(secs));
		snprintf(label, sizeof label, "%s", name);
		char *slash = strchr(label, '/');
		if (slash)
			*slash = ' ';
	}
	(void)run;
	thousands(pass, sizeof pass, json_integer_value(json_object_get(t, "pass")));
	thousands(scored, sizeof scored, json_integer_value(json_object_get(t, "scored")));
	snprintf(msg, sizeof msg, "%s/%s", pass, scored);
	json_t *b = json_pack("{s:i, s:s, s:s, s:s}", "schemaVersion", 1, "label", label, "message",
	                      msg, "color", cert__certified(t) ? "brightgreen" : "red");
	char *out = b ? json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(b);
	return out;
}

static char *junit_text(const cert_run *run, json_t *scores)
{
	strbuf b = {0};
	json_t *t = json_object_get(scores, "totals");
	strbuf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_putf(&b, "<testsuites name=\"arbiter certify ");
	strbuf_put_xml(&b, run->hello->name);
	strbuf_putf(&b, "\" tests=\"%lld\" failures=\"%lld\" errors=\"%lld\">\n", (long long)run->n,
	            json_integer_value(json_object_get(t, "fail")),
	            json_integer_value(json_object_get(t, "error")) +
	                json_integer_value(json_object_get(t, "unexpected-pass")));
	for (size_t i = 0; i < run->n; i++) {
		if (!run->results[i].first_in_section)
			continue;
		json_t *g =
		    json_object_get(json_object_get(scores, "sections"), run->results[i].section);
		strbuf_puts(&b, "  <testsuite name=\"");
		strbuf_put_xml(&b, run->results[i].section);
		strbuf_putf(
		    &b, "\" tests=\"%lld\" failures=\"%lld\" errors=\"%lld\" skipped=\"%lld\">\n",
		    json_integer_value(json_object_get(g, "scored")) +
		        json_integer_value(json_object_get(g, "not-scored")),
		    json_integer_value(json_object_get(g, "fail")),
		    json_integer_value(json_object_get(g, "error")) +
		        json_integer_value(json_object_get(g, "unexpected-pass")),
		    json_integer_value(json_object_get(g, "waived")) +
		        json_integer_value(json_object_get(g, "not-scored")));
		for (size_t k = i; k < run->n; k++) {
			const cert_result *r = &run->results[k];
			if (strcmp(r->section, run->results[i].section) != 0)
				continue;
			strbuf_puts(&b, "    <testcase classname=\"");
			strbuf_put_xml(&b, r->section);
			strbuf_puts(&b, "\" name=\"");
			strbuf_put_xml(&b, r->c->id);
			strbuf_puts(&b, "\"");
			const char *tag = r->status == CERT_FAIL              ? "failure"
			                  : r->status == CERT_ERROR           ? "error"
			                  : r->status == CERT_UNEXPECTED_PASS ? "error"
			                  : r->status == CERT_PASS            ? NULL
			                                                      : "skipped";
			if (!tag) {
				strbuf_puts(&b, "/>\n");
				continue;
			}
			strbuf_putf(&b, ">\n      <%s message=\"", tag);
			strbuf_puts(&b, r->status == CERT_WAIVED ? "waived: " : "");
			strbuf_put_xml(&b, r->why ? r->why : "");
			strbuf_putf(&b, "\">target ");
			strbuf_put_xml(&b, r->c->target);
			strbuf_puts(&b, "; ");
			strbuf_put_xml(&b, r->c->file);
			strbuf_putf(&b, ":%ld</%s>\n    </testcase>\n", r->c->line, tag);
		}
		strbuf_puts(&b, "  </testsuite>\n");
	}
	strbuf_puts(&b, "</testsuites>\n");
	return strbuf_take(&b);
}

int cert_bundle_write(const char *dir, const cert_run *run)
{
	int rc = -1;
	cli_outdir od;
	json_t *scores = cert__scores_new(), *files = json_object(), *cert = NULL;
	char *results = NULL, *badge = NULL, *junit = NULL, *text = NULL, ids_hex[65], res_hex[65];
	if (!scores || !files)
		goto oom;
	if (!(results = results_text(run, scores, ids_hex)) || !(badge = badge_text(run, scores)) ||
	    !(junit = junit_text(run, scores)))
		goto oom;
	cert_sha256_hex(results, strlen(results), res_hex);
	if (cli_dir_begin(&od, dir))
		goto done;
	if (cert_put_file(od.tmp, "results.jsonl", results, strlen(results), NULL) ||
	    cert_put_file(od.tmp, "badge.json", badge, strlen(badge), files) ||
	    cert_put_file(od.tmp, "junit.xml", junit, strlen(junit), files) ||
	    cert_html_write(od.tmp, run, files))
		goto abort;
	json_t *t = json_object_get(scores, "totals");
	cert = json_pack(
	    "{s:s, s:b, s:{s:s, s:s, s:s, s:I, s:I}, s:{s:s, s:s, s:s?, s:o, s:s}, s:s, s:o, s:o, "
	    "s:O, s:O, s:O}",
	    "format", CERT_CERTIFICATE, "certified", cert__certified(t), "suite", "version",
	    run->suite_version, "spec_fingerprint", run->spec_fingerprint, "case_ids_sha256",
	    ids_hex, "cases", (json_int_t)run->n, "out_of_scope", (json_int_t)run->out_of_scope,
	    "implementation", "name", run->hello->name, "version", run->hello->version, "profile",
	    run->hello->profile, "claims", claims_json(run->hello), "command", run->command,
	    "results_sha256", res_hex, "files", files, "expectations", waivers_json(run), "totals",
	    t, "sections", json_object_get(scores, "sections"), "clauses",
	    json_object_get(scores, "clauses"));
	files = NULL; /* the certificate holds it now */
	if (!cert || !(text = json_dumps(cert, JSON_INDENT(1) | JSON_SORT_KEYS))) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto abort;
	}
	size_t tl = strlen(text);
	char *nt = realloc(text, tl + 2);
	if (!nt)
		goto abort;
	text = nt;
	memcpy(text + tl, "\n", 2);
	if (cert_put_file(od.tmp, "certificate.json", text, tl + 1, NULL))
		goto abort;
	rc = cli_dir_commit(&od);
	goto done;
oom:
	fprintf(stderr, "arbiter: out of memory\n");
	goto done;
abort:
	cli_dir_abort(&od);
done:
	json_decref(scores);
	json_decref(files);
	json_decref(cert);
	free(results);
	free(badge);
	free(junit);
	free(text);
	return rc;
}

/* ---- verifying ---- */

static char *read_file(const char *path, size_t *len, char *why, size_t n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(why, n, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	strbuf b = {0};
	char buf[65536];
	size_t k;
	while ((k = fread(buf, 1, sizeof buf, f)) > 0 && b.n <= MAX_BUNDLE_FILE)
		strbuf_put(&b, buf, k);
	bool bad = ferror(f) || b.n > MAX_BUNDLE_FILE;
	fclose(f);
	*len = b.n;
	char *s = strbuf_take(&b);
	if (bad || !s) {
		snprintf(why, n, "cannot read %s: %s", path,
		         !s ? "out of memory" : "read error or larger than 256 MiB");
		free(s);
		return NULL;
	}
	return s;
}

int cert_bundle_verify(const char *dir)
{
	char path[4400], why[1024];
	size_t cl = 0, rl = 0;
	int status = EXIT_BADINPUT;
	json_t *c = NULL;
	snprintf(path, sizeof path, "%s/certificate.json", dir);
	char *cert = read_file(path, &cl, why, sizeof why), *res = NULL;
	snprintf(path, sizeof path, "%s/results.jsonl", dir);
	if (!cert || !(res = read_file(path, &rl, why, sizeof why))) {
		fprintf(stderr, "arbiter certify --verify: %s\n", why);
		goto done;
	}
	int rc = cert_bundle_check(cert, cl, res, rl, why, sizeof why);
	if (rc) {
		fprintf(stderr, "arbiter certify --verify: %s: %s\n", dir, why);
		status = rc == 1 ? EXIT_DISAGREE : EXIT_BADINPUT;
		goto done;
	}
	c = json_loadb(cert, cl, 0, NULL);
	json_t *files = json_object_get(c, "files");
	const char *name;
	json_t *hash;
	status = EXIT_AGREE;
	for (void *it = json_object_iter(files); it; it = json_object_iter_next(files, it)) {
		name = json_object_iter_key(it);
		hash = json_object_iter_value(it);
		size_t len = 0;
		if (!json_is_string(hash) || strchr(name, '/') || name[0] == '.') {
			fprintf(stderr,
			        "arbiter certify --verify: %s: files.%s: expected a file "
			        "name and its SHA-256\n",
			        dir, name);
			status = EXIT_BADINPUT;
			goto done;
		}
		snprintf(path, sizeof path, "%s/%s", dir, name);
		char *data = read_file(path, &len, why, sizeof why), hex[65];
		if (!data) {
			fprintf(stderr, "arbiter certify --verify: %s\n", why);
			status = EXIT_DISAGREE;
			continue;
		}
		cert_sha256_hex(data, len, hex);
		free(data);
		if (strcmp(hex, json_string_value(hash)) != 0) {
			fprintf(stderr,
			        "arbiter certify --verify: %s: files.%s: its SHA-256 %s differs "
			        "from the certificate's\n",
			        dir, name, hex);
			status = EXIT_DISAGREE;
		}
	}
	/* a file the certificate does not list was added */
	DIR *d = opendir(dir);
	const struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "certificate.json") == 0 ||
		    strcmp(e->d_name, "results.jsonl") == 0 || json_object_get(files, e->d_name))
			continue;
		fprintf(stderr,
		        "arbiter certify --verify: %s: %s: a file the certificate does not "
		        "list\n",
		        dir, e->d_name);
		status = EXIT_DISAGREE;
	}
	if (d)
		closedir(d);
	if (status == EXIT_AGREE) {
		json_t *impl = json_object_get(c, "implementation"),
		       *t = json_object_get(c, "totals");
		printf("verify: %s: intact: %s %s, %lld/%lld passed, %s\n", dir,
		       json_string_value(json_object_get(impl, "name")),
		       json_string_value(json_object_get(impl, "version")),
		       json_integer_value(json_object_get(t, "pass")),
		       json_integer_value(json_object_get(t, "scored")),
		       json_is_true(json_object_get(c, "certified")) ? "certified"
		                                                     : "not certified");
	}
done:
	json_decref(c);
	free(cert);
	free(res);
	return status;
}
