/* test_grit_errata.c: the Grit clauses the real text cannot decide (its
 * tables "on the table below" are missing) judged under an editor's errata
 * table, as a case table of the suite: tests/fixtures/grit-errata/ holds
 * the errata file and grit/movement/tabled.csv, whose expectations come
 * from the text and those numbers (each note quotes the deciding words).
 * Every case must agree, and each of those clauses must be seen both ways
 * there, as lint counts it (issue 11: "no predicate never seen both ways";
 * docs/encoding/grit-movement.md, "Seen both ways"). */
#include "arbiter.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIXTURE "tests/fixtures/grit-errata"
#define TABLE   FIXTURE "/grit/movement/tabled.csv"

static support_tmpdir g_tmp;

/* g_tmp/spec: the conventions and Grit as they are, and the fixture's
 * errata file as spec/grit/errata.md. */
static void copy_spec(void)
{
	static const char *const from[] = {"spec/conventions.md", "spec/grit/ruleset.md",
	                                   "spec/grit/movement.md", FIXTURE "/errata.md"};
	static const char *const to[] = {"spec/conventions.md", "spec/grit/ruleset.md",
	                                 "spec/grit/movement.md", "spec/grit/errata.md"};
	for (size_t i = 0; i < sizeof from / sizeof from[0]; i++) {
		char *text = support_slurp(from[i]);
		support_write(&g_tmp, to[i], text);
		free(text);
	}
}

typedef struct fixture {
	arb_rulebook *rb;
	arb_oracle *o;
	arb_caseset *cs;
} fixture;

static fixture load(void)
{
	fixture f = {0};
	arb_error err;
	char buf[1024], dir[128];
	arb_error_clear(&err);
	copy_spec();
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&f.rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&f.o, f.rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&f.cs), ARB_OK));
	cr_assert(eq(int, arb_caseset_load_file(f.cs, TABLE, f.rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	return f;
}

static void fixture_free(fixture *f)
{
	arb_caseset_free(f->cs);
	arb_oracle_free(f->o);
	arb_rulebook_free(f->rb);
}

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "grit-errata");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(grit_errata, .init = setup, .fini = teardown);

Test(grit_errata, the_tabled_cases_agree)
{
	fixture f = load();
	size_t n = arb_caseset_count(f.cs);
	cr_assert(n >= 18, "%zu cases", n);
	for (size_t i = 0; i < n; i++) {
		const arb_case *c = arb_caseset_at(f.cs, i);
		arb_verdict *v = NULL;
		arb_error err;
		char buf[1024], why[512];
		arb_error_clear(&err);
		cr_assert(eq(int, arb_judge(&v, f.o, c->scenario, c->profile, &err), ARB_OK),
		          "%s: %s", c->id, arb_error_format(&err, buf, sizeof buf));
		cr_assert(arb_case_agrees(c, v, why, sizeof why), "%s: %s", c->id, why);
		arb_verdict_free(v);
	}
	fixture_free(&f);
}

/* The clauses (every reading of each) that need a table and are seen one
 * way only, or not at all, in the case suite of the real text. */
static const char *const kTabled[] = {"GR.MOV.2",       "GR.MOV.COH.1",   "GR.MOV.COH.2",
                                      "GR.MOV.COH.3",   "GR.MOV.BCOH.2",  "GR.MOV.DIFF.3",
                                      "GR.MOV.STOMP.3", "GR.MOV.BROKEN.2"};

Test(grit_errata, the_tabled_clauses_are_seen_both_ways)
{
	fixture f = load();
	arb_lint *l = NULL;
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_lint_run(&l, f.rb, f.o, f.cs, "grit", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	size_t seen = 0;
	for (size_t i = 0; i < arb_lint_count(l); i++) {
		const arb_finding *x = arb_lint_at(l, i);
		if (strcmp(x->code, "not-seen-both-ways") != 0 || !x->clause)
			continue;
		seen++;
		for (size_t k = 0; k < sizeof kTabled / sizeof kTabled[0]; k++)
			cr_assert(strcmp(x->clause, kTabled[k]) != 0, "%s", x->message);
	}
	/* the table covers those clauses only: the others are the suite's */
	cr_assert(seen > 0);
	const arb_trace_row *rows = NULL;
	size_t n = arb_lint_matrix(l, &rows), found = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof kTabled / sizeof kTabled[0]; k++)
			if (strcmp(rows[i].clause->id, kTabled[k]) == 0) {
				found++;
				cr_assert(rows[i].cases_pos > 0, "%s never holds", kTabled[k]);
				cr_assert(rows[i].cases_target > 0, "%s targeted by no case",
				          kTabled[k]);
			}
	cr_assert(eq(sz, found, sizeof kTabled / sizeof kTabled[0]));
	arb_lint_free(l);
	fixture_free(&f);
}
