/* test_grit_fixture.c: the fixture of Grit's unit tests (grit_fixture.h):
 * the suite "grit" and its temporary directory, the spec/ written into it,
 * rows loaded and judged, and each predicate's answers and words. */
#include "arbiter.h"
#include "grit_fixture.h"
#include "support.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

support_tmpdir gfx_tmp;

/* text with the first `from` replaced by `to` (malloc'ed). */
char *gfx_replaced(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	cr_assert(at != NULL, "'%s' not found", from);
	size_t a = (size_t)(at - text), nf = strlen(from), nt = strlen(to), n = strlen(text);
	char *out = malloc(n - nf + nt + 1);
	cr_assert(out != NULL);
	memcpy(out, text, a);
	memcpy(out + a, to, nt);
	memcpy(out + a + nt, at + nf, n - a - nf + 1);
	return out;
}

/* A copy of the rulebook, the conventions and Grit only, with CONV.UNIT.3's
 * yard written as `yard` ("1\"" is the real one) and, when tables is not
 * NULL, an errata file spec/grit/errata.md whose `## Tables` are those
 * lines, in gfx_tmp/spec. */
void gfx_write_spec_tables(const char *yard, const char *tables)
{
	char *conv = support_slurp("spec/conventions.md");
	char to[64];
	snprintf(to, sizeof to, "[%s]{yard}", yard);
	char *c2 = gfx_replaced(conv, "[1\"]{yard}", to);
	char *rs = support_slurp("spec/grit/ruleset.md"),
	     *mv = support_slurp("spec/grit/movement.md");
	support_write(&gfx_tmp, "spec/conventions.md", c2);
	support_write(&gfx_tmp, "spec/grit/ruleset.md", rs);
	support_write(&gfx_tmp, "spec/grit/movement.md", mv);
	if (tables) {
		char *errata = malloc(strlen(tables) + 128);
		cr_assert(errata != NULL);
		sprintf(errata, "---\nruleset: grit\ntitle: Grit errata\n---\n\n## Tables\n\n%s",
		        tables);
		support_write(&gfx_tmp, "spec/grit/errata.md", errata);
		free(errata);
	}
	free(conv);
	free(c2);
	free(rs);
	free(mv);
}

void gfx_write_spec(const char *yard)
{
	gfx_write_spec_tables(yard, NULL);
}

void gfx_fixture_free(gfx_fixture *f)
{
	arb_caseset_free(f->cs);
	arb_oracle_free(f->o);
	arb_rulebook_free(f->rb);
}

/* Loads the rulebook under gfx_tmp/spec and the table head + rows as
 * cases/grit/movement/t.csv. */
gfx_fixture gfx_load_table(const char *head, const char *rows)
{
	gfx_fixture f = {0};
	arb_error err;
	char buf[1024], dir[128];
	arb_error_clear(&err);
	snprintf(dir, sizeof dir, "%s/spec", gfx_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&f.rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&f.o, f.rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&f.cs), ARB_OK));
	char *text = malloc(strlen(head) + strlen(rows) + 1);
	cr_assert(text != NULL);
	strcpy(text, head);
	strcat(text, rows);
	cr_assert(eq(int,
	             arb_caseset_load_text(f.cs, "cases/grit/movement/t.csv", text, strlen(text),
	                                   f.rb, &err),
	             ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	free(text);
	return f;
}

/* As load_table, HEAD's columns. */
gfx_fixture gfx_load(const char *rows)
{
	return gfx_load_table(HEAD, rows);
}

/* Judges every case of f under its profile and asserts that each agrees
 * with its expectation; returns how many were judged. */
size_t gfx_all_agree(const gfx_fixture *f)
{
	size_t n = arb_caseset_count(f->cs);
	for (size_t i = 0; i < n; i++) {
		const arb_case *c = arb_caseset_at(f->cs, i);
		arb_verdict *v = NULL;
		arb_error err;
		char buf[1024], why[512];
		arb_error_clear(&err);
		cr_assert(eq(int, arb_judge(&v, f->o, c->scenario, c->profile, &err), ARB_OK),
		          "%s: %s", c->id, arb_error_format(&err, buf, sizeof buf));
		cr_assert(arb_case_agrees(c, v, why, sizeof why), "%s: %s", c->id, why);
		arb_verdict_free(v);
	}
	return n;
}

/* The verdict of the first case of f (caller frees). */
arb_verdict *gfx_judge(const gfx_fixture *f)
{
	arb_verdict *v = NULL;
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f->o, arb_caseset_at(f->cs, 0)->scenario, NULL, &err), ARB_OK),
	    "%s", arb_error_format(&err, buf, sizeof buf));
	return v;
}

double gfx_value_of(const arb_verdict *v, const char *name)
{
	for (size_t i = 0; i < v->n_values; i++)
		if (strcmp(v->values[i].name, name) == 0)
			return v->values[i].value;
	cr_assert(false, "no value %s", name);
	return -1;
}

void gfx_setup(void)
{
	support_tmpdir_make(&gfx_tmp, "grit");
}

void gfx_teardown(void)
{
	support_tmpdir_remove(&gfx_tmp);
}

TestSuite(grit, .init = gfx_setup, .fini = gfx_teardown);

/* The outcome codes of want lists: n not applicable, + holds, - violated,
 * p permits, v value, ? undecided, m missing. */
char gfx_code_of(arb_outcome o)
{
	static const char codes[] = "n+-pv?m";
	return (unsigned)o < sizeof codes - 1 ? codes[o] : 'x';
}

/* Asserts the answer of every predicate in the trace of the first case of
 * f: want lists "CLAUSE=c" or "CLAUSE/reading=c" words; a predicate it
 * does not list must not apply (n). Every mismatch is reported at once. */
void gfx_answers(const gfx_fixture *f, const char *want)
{
	arb_verdict *v = gfx_judge(f);
	char bad[4096] = "";
	size_t nb = 0;
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		char key[128], with[160];
		snprintf(key, sizeof key, "%s%s%s", t->pred->clause, t->reading ? "/" : "",
		         t->reading ? t->reading : "");
		char expect = 'n';
		for (int pass = 0; pass < 2; pass++) {
			/* the reading's own word first, then the clause's */
			snprintf(with, sizeof with, " %s=", pass ? t->pred->clause : key);
			char padded[2048];
			snprintf(padded, sizeof padded, " %s", want);
			const char *at = strstr(padded, with);
			if (at) {
				expect = at[strlen(with)];
				break;
			}
		}
		char got = gfx_code_of(t->result.outcome);
		if (got != expect)
			nb += (size_t)snprintf(
			    bad + nb, sizeof bad - (nb < sizeof bad ? nb : sizeof bad),
			    "%s: want %c, got %c (%s); ", key, expect, got, t->result.explanation);
		if (nb >= sizeof bad)
			nb = sizeof bad - 1;
	}
	arb_verdict_free(v);
	cr_assert(nb == 0, "%s", bad);
}

/* The explanation of clause cl (the first reading) in the first case of f
 * holds words. */
void gfx_says(const gfx_fixture *f, const char *cl, const char *words)
{
	arb_verdict *v = gfx_judge(f);
	bool found = false;
	const char *seen = "(not in the trace)";
	for (size_t i = 0; i < v->n_trace && !found; i++)
		if (strcmp(v->trace[i].pred->clause, cl) == 0) {
			seen = v->trace[i].result.explanation;
			found = strstr(seen, words) != NULL;
		}
	cr_assert(found, "%s: '%s' not in '%s'", cl, words, seen);
	arb_verdict_free(v);
}

/* The result of clause cl's predicate in the verdict of f's first case,
 * under reading rd (NULL: the first in the trace). */
arb_result gfx_result_of_reading(const gfx_fixture *f, const char *cl, const char *rd)
{
	arb_verdict *v = gfx_judge(f);
	arb_result out = {0};
	bool found = false;
	for (size_t i = 0; i < v->n_trace && !found; i++)
		if (strcmp(v->trace[i].pred->clause, cl) == 0 &&
		    (!rd || (v->trace[i].reading && strcmp(v->trace[i].reading, rd) == 0))) {
			out = v->trace[i].result;
			found = true;
		}
	arb_verdict_free(v);
	cr_assert(found, "%s is not in the trace", cl);
	return out;
}

/* The result of clause cl's first predicate in the first case of f
 * (copied; the verdict is freed). */
arb_result gfx_result_of(const gfx_fixture *f, const char *cl)
{
	return gfx_result_of_reading(f, cl, NULL);
}
