/*
 * cmd_certify_html.c: the bundle's HTML report (docs/certify.md): the
 * totals, a table per section and per clause, and for every disagreement
 * the case, the rule text of the clauses involved, what the implementation
 * said against what the case (from the text) decides, the reference's
 * trace and a drawing (case-ID.svg, as `explain` draws it). Static, no
 * script; everything from spec/, cases/ and the implementation is escaped.
 */
#include "certify.h"
#include "json_io.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

static void clause_row(strbuf *b, const arb_rulebook *rb, const char *id, const char *role)
{
	const arb_clause *cl = arb_rulebook_clause(rb, id);
	strbuf_puts(b, "<tr><td>");
	strbuf_put_xml(b, role);
	strbuf_puts(b, "</td><td><code>");
	strbuf_put_xml(b, id);
	strbuf_puts(b, "</code></td><td>");
	strbuf_put_xml(b, cl ? cl->text : "(no such clause in spec/)");
	strbuf_puts(b, "</td></tr>\n");
}

/* The clause IDs a JSON answer names under member key. */
static void answer_clauses(strbuf *b, const arb_rulebook *rb, const char *answer, const char *key)
{
	json_t *v = answer ? json_loads(answer, 0, NULL) : NULL;
	json_t *a = json_object_get(v, key);
	for (size_t i = 0; i < json_array_size(a); i++) {
		const char *id = json_string_value(json_array_get(a, i));
		if (id && arb_rulebook_clause(rb, id))
			clause_row(b, rb, id, "the implementation names");
	}
	json_decref(v);
}

static void trace_table(strbuf *b, const arb_verdict *v)
{
	strbuf_puts(b, "<table><tr><th>clause</th><th>reading</th><th>outcome</th>"
	               "<th>explanation</th></tr>\n");
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (t->result.outcome == ARB_NA)
			continue;
		strbuf_puts(b, "<tr><td><code>");
		strbuf_put_xml(b, t->pred->clause);
		strbuf_puts(b, "</code></td><td>");
		strbuf_put_xml(b, t->reading ? t->reading : "");
		strbuf_puts(b, "</td><td>");
		strbuf_put_xml(b, arb_outcome_name(t->result.outcome));
		if (t->overridden_by) {
			strbuf_puts(b, " (overridden by ");
			strbuf_put_xml(b, t->overridden_by);
			strbuf_puts(b, ")");
		}
		if (t->not_selected)
			strbuf_puts(b, " (not selected)");
		strbuf_puts(b, "</td><td>");
		strbuf_put_xml(b, t->result.explanation);
		strbuf_puts(b, "</td></tr>\n");
	}
	strbuf_puts(b, "</table>\n");
}

static void score_table(strbuf *b, json_t *groups, const char *what)
{
	strbuf_putf(b,
	            "<table><tr><th>%s</th><th>passed</th><th>scored</th><th>failed</th>"
	            "<th>errors</th><th>waived</th><th>unexpected passes</th>"
	            "<th>not scored</th></tr>\n",
	            what);
	const char *key;
	json_t *g;
	for (void *it = json_object_iter(groups); it; it = json_object_iter_next(groups, it)) {
		key = json_object_iter_key(it);
		g = json_object_iter_value(it);
		strbuf_puts(b, "<tr><td>");
		strbuf_put_xml(b, key);
		strbuf_putf(b,
		            "</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td>"
		            "<td>%lld</td><td>%lld</td></tr>\n",
		            json_integer_value(json_object_get(g, "pass")),
		            json_integer_value(json_object_get(g, "scored")),
		            json_integer_value(json_object_get(g, "fail")),
		            json_integer_value(json_object_get(g, "error")),
		            json_integer_value(json_object_get(g, "waived")),
		            json_integer_value(json_object_get(g, "unexpected-pass")),
		            json_integer_value(json_object_get(g, "not-scored")));
	}
	strbuf_puts(b, "</table>\n");
}

/* A file name for a case's drawing: its ID with anything odd as '_'. */
static void svg_name(char *buf, size_t n, const char *id)
{
	size_t k = snprintf(buf, n, "case-");
	for (const char *p = id; *p && k + 5 < n; p++)
		buf[k++] = (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		                   (*p >= '0' && *p <= '9') || *p == '-' || *p == '.' || *p == '_'
		               ? *p
		               : '_';
	snprintf(buf + k, n - k, ".svg");
}

/* The minimal failing scenario of r: its line (min-ID.json), what the
 * implementation and the reference say of it, its drawing (min-ID.svg). */
static int minimal(strbuf *b, const char *dir, const cert_run *run, const cert_result *r,
                   json_t *files)
{
	char name[200], base[200];
	svg_name(base, sizeof base, r->c->id);
	/* "case-X.svg" -> "min-X" */
	snprintf(name, sizeof name, "min-%.*s.json", (int)(strlen(base) - 9), base + 5);
	if (cert_put_file(dir, name, r->shrunk, strlen(r->shrunk), files))
		return -1;
	strbuf_putf(b,
	            "<h4>Minimal failing scenario</h4>\n<p>After %zu smaller scenarios on which "
	            "the implementation still disagrees with the reference (fewer units, "
	            "models, waypoints, rounder numbers): <a href=\"%s\">%s</a></p>\n<pre>",
	            r->shrink_steps, name, name);
	strbuf_put_xml(b, r->shrunk);
	strbuf_puts(b, "</pre>\n<p>The implementation: </p><pre>");
	strbuf_put_xml(b, r->shrunk_answer ? r->shrunk_answer : "");
	strbuf_puts(b, "</pre>\n");
	arb_scenario *sc = NULL;
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arbj_scenario_parse(&sc, r->shrunk, strlen(r->shrunk), name, 1, &err) == ARB_OK &&
	    arb_judge_ex(&v, run->o, sc, r->c->profile, 0, &err) == ARB_OK) {
		strbuf_puts(b, "<p>The reference: ");
		strbuf_put_xml(b, arb_verdict_kind_name(v->kind));
		for (size_t i = 0; i < v->n_violates; i++) {
			strbuf_puts(b, i ? ", " : " (violates ");
			strbuf_put_xml(b, v->violates[i]);
			strbuf_puts(b, i + 1 == v->n_violates ? ")" : "");
		}
		strbuf_puts(b, "</p>\n");
		char *svg = cli_case_drawing(sc, v);
		snprintf(name, sizeof name, "min-%.*s.svg", (int)(strlen(base) - 9), base + 5);
		int rc = svg ? cert_put_file(dir, name, svg, strlen(svg), files) : -1;
		free(svg);
		if (rc) {
			arb_verdict_free(v);
			arb_scenario_free(sc);
			return -1;
		}
		strbuf_putf(b, "<img src=\"%s\" alt=\"the minimal scenario drawn\">\n", name);
	}
	arb_verdict_free(v);
	arb_scenario_free(sc);
	return 0;
}

static int disagreement(strbuf *b, const char *dir, const cert_run *run, const cert_result *r,
                        json_t *files)
{
	const arb_case *c = r->c;
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	strbuf_puts(b, "<section class=\"case\" id=\"");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\"><h3>");
	strbuf_put_xml(b, c->id);
	strbuf_putf(b, " <small>%s</small></h3>\n<p>", cert_status_name(r->status));
	strbuf_put_xml(b, c->file);
	strbuf_putf(b, ":%ld, section ", c->line);
	strbuf_put_xml(b, r->section);
	strbuf_puts(b, "</p>\n<p><b>The text decides</b>: ");
	strbuf_put_xml(b, arb_verdict_kind_name(c->expect));
	for (size_t i = 0; i < c->n_violates; i++) {
		strbuf_puts(b, i ? ", " : " (violates ");
		strbuf_put_xml(b, c->violates[i]);
		strbuf_puts(b, i + 1 == c->n_violates ? ")" : "");
	}
	strbuf_puts(b, "; the case's note: <q>");
	strbuf_put_xml(b, c->note ? c->note : "");
	strbuf_puts(b, "</q></p>\n<p><b>The implementation</b>: ");
	strbuf_put_xml(b, r->why ? r->why : "");
	strbuf_puts(b, "</p>\n<pre>");
	strbuf_put_xml(b, r->answer ? r->answer : "(no answer)");
	strbuf_puts(b, "</pre>\n<table><tr><th></th><th>clause</th><th>text</th></tr>\n");
	clause_row(b, run->rb, c->target, "target");
	for (size_t i = 0; i < c->n_violates; i++)
		if (strcmp(c->violates[i], c->target) != 0)
			clause_row(b, run->rb, c->violates[i], "the text: violated");
	answer_clauses(b, run->rb, r->answer, "violates");
	strbuf_puts(b, "</table>\n");
	if (arb_judge_ex(&v, run->o, c->scenario, c->profile, 0, &err) == ARB_OK) {
		strbuf_puts(b, "<details><summary>the reference's trace</summary>\n");
		trace_table(b, v);
		strbuf_puts(b, "</details>\n");
		char *svg = cli_case_drawing(c->scenario, v), name[200];
		if (!svg) {
			arb_verdict_free(v);
			return -1;
		}
		svg_name(name, sizeof name, c->id);
		int rc = cert_put_file(dir, name, svg, strlen(svg), files);
		free(svg);
		if (rc) {
			arb_verdict_free(v);
			return -1;
		}
		strbuf_putf(b, "<img src=\"%s\" alt=\"the case drawn\">\n", name);
	}
	arb_verdict_free(v);
	if (r->shrunk && minimal(b, dir, run, r, files))
		return -1;
	strbuf_puts(b, "</section>\n");
	return 0;
}

int cert_html_write(const char *dir, const cert_run *run, json_t *files)
{
	strbuf b = {0};
	const cert_hello *h = run->hello;
	strbuf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	                "<title>arbiter certify: ");
	strbuf_put_xml(&b, h->name);
	strbuf_puts(&b,
	            "</title><style>body{font-family:sans-serif;max-width:70em;margin:auto}"
	            "table{border-collapse:collapse}td,th{border:1px solid #aaa;padding:2px 6px;"
	            "vertical-align:top}pre{white-space:pre-wrap;background:#eee}"
	            "img{max-width:100%}</style></head><body>\n<h1>");
	strbuf_put_xml(&b, h->name);
	strbuf_puts(&b, " ");
	strbuf_put_xml(&b, h->version);
	strbuf_puts(&b, "</h1>\n<p>Profile: ");
	strbuf_put_xml(&b, h->profile ? h->profile : "none declared");
	strbuf_putf(&b, ". Suite: arbiter %s, spec fingerprint %s. Command: <code>",
	            run->suite_version, run->spec_fingerprint);
	strbuf_put_xml(&b, run->command);
	strbuf_putf(&b, "</code>. %zu cases in the claim, %zu out of scope.</p>\n", run->n,
	            run->out_of_scope);
	/* the scores, counted here as the bundle counts them */
	json_t *secs = json_object(), *cls = json_object();
	if (!secs || !cls) {
		json_decref(secs);
		json_decref(cls);
		strbuf_free(&b);
		return -1;
	}
	for (size_t i = 0; i < run->n; i++) {
		const cert_result *r = &run->results[i];
		json_t *pair[2] = {secs, cls};
		const char *key[2] = {r->section, r->c->target};
		for (int k = 0; k < 2; k++) {
			json_t *g = json_object_get(pair[k], key[k]);
			if (!g) {
				g = json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "pass", 0, "fail", 0,
				              "error", 0, "waived", 0, "unexpected-pass", 0,
				              "not-scored", 0, "scored", 0);
				json_object_set_new(pair[k], key[k], g);
			}
			json_t *n = json_object_get(g, cert_status_name(r->status));
			json_integer_set(n, json_integer_value(n) + 1);
			if (r->status != CERT_NOT_SCORED) {
				json_t *s = json_object_get(g, "scored");
				json_integer_set(s, json_integer_value(s) + 1);
			}
		}
	}
	strbuf_puts(&b, "<h2>Sections</h2>\n");
	score_table(&b, secs, "section");
	strbuf_puts(&b, "<h2>Clauses</h2>\n<p>Each case counts under the clause it targets.</p>\n");
	score_table(&b, cls, "clause");
	json_decref(secs);
	json_decref(cls);
	if (run->waivers && run->waivers->n) {
		strbuf_puts(&b, "<h2>Waivers</h2>\n<table><tr><th>line</th><th>waives</th>"
		                "<th>reason</th><th>cases</th></tr>\n");
		for (size_t i = 0; i < run->waivers->n; i++) {
			const cert_waiver *w = &run->waivers->v[i];
			strbuf_putf(&b, "<tr><td>%ld</td><td>%s <code>", w->line,
			            w->kind == CERT_WAIVE_CASE ? "case" : "clause");
			strbuf_put_xml(&b, w->pattern);
			strbuf_puts(&b, "</code></td><td>");
			strbuf_put_xml(&b, w->reason);
			if (w->link) {
				strbuf_puts(&b, " <a href=\"");
				strbuf_put_xml(&b, w->link);
				strbuf_puts(&b, "\">link</a>");
			}
			strbuf_putf(&b, "</td><td>%zu</td></tr>\n", w->matched);
		}
		strbuf_puts(&b, "</table>\n");
	}
	strbuf_puts(&b, "<h2>Disagreements</h2>\n");
	size_t shown = 0;
	for (size_t i = 0; i < run->n; i++) {
		const cert_result *r = &run->results[i];
		if (r->status == CERT_PASS || r->status == CERT_NOT_SCORED)
			continue;
		if (disagreement(&b, dir, run, r, files)) {
			strbuf_free(&b);
			fprintf(stderr, "arbiter: out of memory or cannot write the report\n");
			return -1;
		}
		shown++;
	}
	if (!shown)
		strbuf_puts(&b, "<p>None: every scored case agrees.</p>\n");
	strbuf_puts(&b, "</body></html>\n");
	char *html = strbuf_take(&b);
	if (!html) {
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	int rc = cert_put_file(dir, "index.html", html, strlen(html), files);
	free(html);
	return rc;
}
