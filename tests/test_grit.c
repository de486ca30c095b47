/* test_grit.c: Grit (spec/grit, oracle/rules/grit) beyond its case tables:
 * the yard as the ruleset's scale, the missing tables as gaps (and in lint), exact odds of
 * the morale check against hand counts, and bad input naming the field. */
#include "arbiter.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static support_tmpdir g_tmp;

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	cr_assert(buf != NULL);
	cr_assert(eq(sz, fread(buf, 1, (size_t)n, f), (size_t)n));
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* text with the first `from` replaced by `to` (malloc'ed). */
static char *replaced(const char *text, const char *from, const char *to)
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

/* A rulebook of the conventions and Grit only, with CONV.UNIT.3's yard
 * written as `yard` ("1\"" is the real one), in g_tmp/spec. */
static void write_spec(const char *yard)
{
	char *conv = slurp("spec/conventions.md");
	char to[64];
	snprintf(to, sizeof to, "[%s]{yard}", yard);
	char *c2 = replaced(conv, "[1\"]{yard}", to);
	char *rs = slurp("spec/grit/ruleset.md"), *mv = slurp("spec/grit/movement.md");
	support_write(&g_tmp, "spec/conventions.md", c2);
	support_write(&g_tmp, "spec/grit/ruleset.md", rs);
	support_write(&g_tmp, "spec/grit/movement.md", mv);
	free(conv);
	free(c2);
	free(rs);
	free(mv);
}

typedef struct fixture {
	arb_rulebook *rb;
	arb_oracle *o;
	arb_caseset *cs;
} fixture;

static void fixture_free(fixture *f)
{
	arb_caseset_free(f->cs);
	arb_oracle_free(f->o);
	arb_rulebook_free(f->rb);
}

#define HEAD "id,target,expect,units,models,terrain,action,paths,facts,dice,profile\n"

/* Loads the rulebook under g_tmp/spec and the one-row table `rows`
 * (HEAD's columns) as cases/grit/movement/t.csv. */
static fixture load(const char *rows)
{
	fixture f = {0};
	arb_error err;
	char buf[1024], dir[128], text[4096];
	arb_error_clear(&err);
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&f.rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&f.o, f.rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&f.cs), ARB_OK));
	snprintf(text, sizeof text, "%s%s", HEAD, rows);
	cr_assert(eq(int,
	             arb_caseset_load_text(f.cs, "cases/grit/movement/t.csv", text, strlen(text),
	                                   f.rb, &err),
	             ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	return f;
}

/* The verdict of the first case of f (caller frees). */
static arb_verdict *judge(const fixture *f)
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

static double value_of(const arb_verdict *v, const char *name)
{
	for (size_t i = 0; i < v->n_values; i++)
		if (strcmp(v->values[i].name, name) == 0)
			return v->values[i].value;
	cr_assert(false, "no value %s", name);
	return -1;
}

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "grit");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(grit, .init = setup, .fini = teardown);

/* a1 ends 1.5 - 0.98 = 0.52 in and a2 sqrt(1.5^2 + 1.5^2) - 0.98 = 1.14 in
 * from e1: one model within a yard of 1", two within a yard of 2". */
#define ENGAGE_ROW                                                                                 \
	"E,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 20,10 "     \
	"25\","                                                                                    \
	",move A1,\"a1 10,10 18.5,10; a2 10,11.5 18.5,11.5\","                                     \
	"movement_allowance=9;coherency_range=1;line_of_sight_at_start=true,,\n"

Test(grit, a_yard_is_the_conventions_scale)
{
	write_spec("1\"");
	fixture f = load(ENGAGE_ROW);
	arb_verdict *v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(dbl, value_of(v, "engaged"), 1));
	arb_verdict_free(v);
	fixture_free(&f);
}

Test(grit, changing_the_yard_changes_verdicts)
{
	write_spec("2\"");
	fixture f = load(ENGAGE_ROW);
	arb_verdict *v = judge(&f);
	/* a yard of 2": a2 at 1.14 in is within it too */
	cr_assert(eq(dbl, value_of(v, "engaged"), 2));
	arb_verdict_free(v);
	fixture_free(&f);
}

/* 8.5 in moved against an allowance of 5 yd: 5 in at 1" to the yard, 10 in
 * at 2". The explanation gives both units. */
#define ALLOW_ROW                                                                                  \
	"A,GR.MOV.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",,move A1,"             \
	"\"a1 10,10 18.5,10\",movement_allowance=5,,lenient\n"

Test(grit, the_allowance_is_in_yards)
{
	write_spec("1\"");
	fixture f = load(ALLOW_ROW);
	arb_verdict *v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(sz, v->n_violates, 1));
	STR_EQ(v->violates[0], "GR.MOV.2");
	arb_verdict_free(v);
	fixture_free(&f);

	write_spec("50.8mm");
	f = load(ALLOW_ROW);
	v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	bool found = false;
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "GR.MOV.2") == 0) {
			found = true;
			cr_assert(strstr(v->trace[i].result.explanation, "8.50 in (4.25 yd)") !=
			              NULL,
			          "%s", v->trace[i].result.explanation);
		}
	cr_assert(found);
	arb_verdict_free(v);
	fixture_free(&f);
}

/* The missing table: without the fact that stands for it, a gap naming the
 * clause and the table (the row's own expectation is not read here);
 * with it, a verdict. */
Test(grit, the_missing_table_is_a_gap_until_given)
{
	write_spec("1\"");
	fixture f =
	    load("G,GR.MOV.2,not-applicable,A1 A -; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",,"
	         "move A1,\"a1 10,10 15,10\",,,lenient\n"
	         "H,GR.MOV.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",,"
	         "move A1,\"a1 10,10 15,10\",movement_allowance=6,,lenient\n");
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_OK));
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	cr_assert(eq(sz, v->n_disputed, 1));
	STR_EQ(v->disputed[0], "GR.MOV.2");
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, "GR.MOV.2") == 0)
			cr_assert(strstr(v->trace[i].result.explanation, "table") != NULL);
	arb_verdict_free(v);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 1)->scenario, NULL, &err), ARB_OK));
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	arb_verdict_free(v);
	fixture_free(&f);
}

/* A unit (Grit G) moving away from cover, rounds and wounds as given: the
 * exact odds of a legal move are those of passing the check. */
static void morale_odds(int grit, int rounds, unsigned long legal)
{
	char row[1024];
	snprintf(
	    row, sizeof row,
	    "M,GR.MOV.MORALE.7,legal,A1 A - Grit=%d Sagacity=3 I=4; E1 B -,"
	    "\"A1/a1 30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25\","
	    "\"T1 cover 40,8 42,8 42,14 40,14\",move A1,\"a1 30,10 25,10; a2 30,11.5 25,11.5\","
	    "movement_allowance=6;coherency_range=1;allied_corpses_in_range=true;"
	    "rounds_completed=%d;corpse_wounds=0;in_cover=false;deployment_edge=left,"
	    "morale_check: 3 4,\n",
	    grit, rounds);
	write_spec("1\"");
	fixture f = load(row);
	arb_odds odds;
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int,
	             arb_odds_enumerate(&odds, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err),
	             ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(ulong, odds.outcomes, 36));
	cr_assert(eq(ulong, odds.by_kind[ARB_V_LEGAL], legal));
	cr_assert(eq(ulong, odds.by_kind[ARB_V_ILLEGAL], 36 - legal));
	fixture_free(&f);
}

/* 2D6 <= 7: 1 + 2 + 3 + 4 + 5 + 6 = 21 of 36. */
Test(grit, odds_of_grit_7)
{
	morale_odds(7, 0, 21);
}

/* 2D6 + 2 (4 rounds) <= 7, i.e. 2D6 <= 5: 1 + 2 + 3 + 4 = 10 of 36. */
Test(grit, odds_of_grit_7_after_four_rounds)
{
	morale_odds(7, 4, 10);
}

/* Grit 2 after 20 rounds (+10): only double 1s pass ("regardless of what the
 * result would be"): 1 of 36. */
Test(grit, odds_of_double_ones_only)
{
	morale_odds(2, 20, 1);
}

/* Bad input: a Scrollhammer status or formation in a Grit scenario is an
 * error naming the field. */
static void refused(const char *units, const char *field)
{
	write_spec("1\"");
	arb_rulebook *rb = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	char dir[128], text[2048], buf[1024];
	arb_error_clear(&err);
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&rb, dir, &err), ARB_OK));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	snprintf(text, sizeof text,
	         "%sB,GR.MOV.2,legal,%s,\"A1/a1 10,10 25; E1/e1 60,40 25\",,move A1,,,,\n", HEAD,
	         units);
	int rc =
	    arb_caseset_load_text(cs, "cases/grit/movement/t.csv", text, strlen(text), rb, &err);
	cr_assert(eq(int, rc, ARB_EINPUT));
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(strstr(buf, field) != NULL, "%s", buf);
	arb_caseset_free(cs);
	arb_rulebook_free(rb);
}

Test(grit, a_scrollhammer_status_is_refused)
{
	refused("A1 A - locked_in_combat; E1 B -", "units");
}

Test(grit, a_scrollhammer_formation_is_refused)
{
	refused("A1 A horde; E1 B -", "units");
}

/* Lint names both tables the text promises and does not have, and the yard
 * as an assumption Grit relies on. */
Test(grit, lint_reports_the_missing_tables_and_the_yard)
{
	arb_rulebook *rb = NULL;
	arb_lint *l = NULL;
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_lint_run(&l, rb, NULL, NULL, "grit", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	bool mov2 = false, coh2 = false, yard = false;
	for (size_t i = 0; i < arb_lint_count(l); i++) {
		const arb_finding *f = arb_lint_at(l, i);
		bool table = strcmp(f->code, "missing-table") == 0;
		mov2 = mov2 || (table && f->clause && strcmp(f->clause, "GR.MOV.2") == 0);
		coh2 = coh2 || (table && f->clause && strcmp(f->clause, "GR.MOV.COH.2") == 0);
		yard =
		    yard || (f->kind == ARB_LINT_ASSUMPTION && strstr(f->message, "CONV.UNIT.3"));
	}
	cr_assert(mov2, "no missing-table finding for GR.MOV.2");
	cr_assert(coh2, "no missing-table finding for GR.MOV.COH.2");
	cr_assert(yard, "the yard (CONV.UNIT.3) is not listed as an assumption");
	arb_lint_free(l);
	arb_rulebook_free(rb);
}
