/* test_grit.c: Grit (spec/grit, oracle/rules/grit) beyond its case tables:
 * the yard as the ruleset's scale, the missing tables as gaps (and in lint)
 * and as an editor's errata table gives them (verdicts follow its rows, no
 * C touched; the limits tried at the boundary), exact odds of the morale
 * check against hand counts, and bad input naming the field. */
#include "arbiter.h"
#include "support.h"

#include <math.h>
#include <stdarg.h>
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

/* A copy of the rulebook, the conventions and Grit only, with CONV.UNIT.3's
 * yard written as `yard` ("1\"" is the real one) and, when tables is not
 * NULL, an errata file spec/grit/errata.md whose `## Tables` are those
 * lines, in g_tmp/spec. */
static void write_spec_tables(const char *yard, const char *tables)
{
	char *conv = slurp("spec/conventions.md");
	char to[64];
	snprintf(to, sizeof to, "[%s]{yard}", yard);
	char *c2 = replaced(conv, "[1\"]{yard}", to);
	char *rs = slurp("spec/grit/ruleset.md"), *mv = slurp("spec/grit/movement.md");
	support_write(&g_tmp, "spec/conventions.md", c2);
	support_write(&g_tmp, "spec/grit/ruleset.md", rs);
	support_write(&g_tmp, "spec/grit/movement.md", mv);
	if (tables) {
		char *errata = malloc(strlen(tables) + 128);
		cr_assert(errata != NULL);
		sprintf(errata, "---\nruleset: grit\ntitle: Grit errata\n---\n\n## Tables\n\n%s",
		        tables);
		support_write(&g_tmp, "spec/grit/errata.md", errata);
		free(errata);
	}
	free(conv);
	free(c2);
	free(rs);
	free(mv);
}

static void write_spec(const char *yard)
{
	write_spec_tables(yard, NULL);
}

/* The tables an editor might give (any numbers do: the verdicts follow
 * them). */
#define TABLES                                                                                     \
	"- GR.MOV.2 movement_allowance: 6 yd\n"                                                    \
	"- GR.MOV.COH.2 coherency_range[25mm]: 1 yd\n"                                             \
	"- GR.MOV.COH.2 coherency_range[40mm]: 2 yd\n"

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

/* Loads the rulebook under g_tmp/spec and the table head + rows as
 * cases/grit/movement/t.csv. */
static fixture load_table(const char *head, const char *rows)
{
	fixture f = {0};
	arb_error err;
	char buf[1024], dir[128];
	arb_error_clear(&err);
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
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
static fixture load(const char *rows)
{
	return load_table(HEAD, rows);
}

/* Judges every case of f under its profile and asserts that each agrees
 * with its expectation; returns how many were judged. */
static size_t all_agree(const fixture *f)
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
	"line_of_sight_at_start=true,,\n"

/* The allowance 9 yd and the range 1 yd, whatever the yard. */
#define ENGAGE_TABLES "- GR.MOV.2 movement_allowance: 9 yd\n- GR.MOV.COH.2 coherency_range: 1 yd\n"

Test(grit, a_yard_is_the_conventions_scale)
{
	write_spec_tables("1\"", ENGAGE_TABLES);
	fixture f = load(ENGAGE_ROW);
	arb_verdict *v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL));
	cr_assert(eq(dbl, value_of(v, "engaged"), 1));
	arb_verdict_free(v);
	fixture_free(&f);
}

Test(grit, changing_the_yard_changes_verdicts)
{
	write_spec_tables("2\"", ENGAGE_TABLES);
	fixture f = load(ENGAGE_ROW);
	arb_verdict *v = judge(&f);
	/* a yard of 2": a2 at 1.14 in is within it too */
	cr_assert(eq(dbl, value_of(v, "engaged"), 2));
	arb_verdict_free(v);
	fixture_free(&f);
}

/* 8.5 in moved against an errata allowance of 5 yd: 5 in at 1" to the
 * yard, 10 in at 2". The explanation gives both units. */
#define ALLOW_ROW                                                                                  \
	"A,GR.MOV.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",,move A1,"             \
	"\"a1 10,10 18.5,10\",,,lenient\n"
#define ALLOW_TABLE "- GR.MOV.2 movement_allowance: 5 yd\n"

Test(grit, the_allowance_is_in_yards)
{
	write_spec_tables("1\"", ALLOW_TABLE);
	fixture f = load(ALLOW_ROW);
	arb_verdict *v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(sz, v->n_violates, 1));
	STR_EQ(v->violates[0], "GR.MOV.2");
	arb_verdict_free(v);
	fixture_free(&f);

	write_spec_tables("50.8mm", ALLOW_TABLE);
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

/* The verdict of the first case of f's table with the trace entry of
 * clause cl: whether its explanation holds words. */
static bool explained(const arb_verdict *v, const char *cl, const char *words)
{
	for (size_t i = 0; i < v->n_trace; i++)
		if (strcmp(v->trace[i].pred->clause, cl) == 0 &&
		    strstr(v->trace[i].result.explanation, words))
			return true;
	return false;
}

/* Two 25 mm models 0.52 in apart move 5 in: how far (GR.MOV.2) and
 * whether they stay within range (GR.MOV.COH.1, .2) need the two tables. */
#define PAIR_ROW                                                                                   \
	"G,GR.MOV.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 60,40 25\",,"   \
	"move A1,\"a1 10,10 15,10; a2 10,11.5 15,11.5\",,,\n"

/* The real rulebook has no table: the verdict is a gap naming both clauses
 * of the missing tables and the coherency clause that needs the range. */
Test(grit, the_missing_tables_are_a_gap)
{
	write_spec("1\"");
	fixture f = load(PAIR_ROW);
	arb_verdict *v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_DISPUTED));
	cr_assert(eq(int, v->dispute, ARB_DISPUTE_GAP));
	cr_assert(eq(sz, v->n_disputed, 3));
	STR_EQ(v->disputed[0], "GR.MOV.2");
	STR_EQ(v->disputed[1], "GR.MOV.COH.1");
	STR_EQ(v->disputed[2], "GR.MOV.COH.2");
	cr_assert(explained(v, "GR.MOV.2", "on the table below"));
	cr_assert(explained(v, "GR.MOV.COH.2", "no errata row for 25mm bases"));
	arb_verdict_free(v);
	fixture_free(&f);
}

/* An editor's errata file in a copy of spec/ gives the tables: the same
 * scenario is then judged, and another row's number changes the verdict,
 * without a line of C. */
Test(grit, an_errata_table_gives_the_verdicts)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load(PAIR_ROW);
	arb_verdict *v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_LEGAL), "kind %d", (int)v->kind);
	cr_assert(explained(v, "GR.MOV.2", "allowance 6.00 yd (6.00 in)"));
	cr_assert(explained(v, "GR.MOV.COH.2", "1.00 in (1.00 yd)"));
	arb_verdict_free(v);
	fixture_free(&f);

	/* 4 yd: the 5 in move is over */
	write_spec_tables("1\"", "- GR.MOV.2 movement_allowance: 4 yd\n"
	                         "- GR.MOV.COH.2 coherency_range[25mm]: 1 yd\n");
	f = load(PAIR_ROW);
	v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(sz, v->n_violates, 1));
	STR_EQ(v->violates[0], "GR.MOV.2");
	arb_verdict_free(v);
	fixture_free(&f);

	/* a range of 0.5 yd: 0.52 in apart is out of it */
	write_spec_tables("1\"", "- GR.MOV.2 movement_allowance: 6 yd\n"
	                         "- GR.MOV.COH.2 coherency_range: 0.5 yd\n");
	f = load(PAIR_ROW);
	v = judge(&f);
	cr_assert(eq(int, v->kind, ARB_V_ILLEGAL));
	cr_assert(eq(sz, v->n_violates, 1));
	STR_EQ(v->violates[0], "GR.MOV.COH.1");
	arb_verdict_free(v);
	fixture_free(&f);
}

#define FULL_HEAD                                                                                  \
	"id,target,expect,violates,dispute,disputed,values,profile,units,models,terrain,action,"   \
	"paths,facts\n"

/* Rows judged under TABLES (6 yd; 1 yd for 25 mm bases, 2 yd for 40 mm),
 * each expectation worked out from the text and those numbers: 25 mm is
 * 0.984 in across, 40 mm 1.575 in. */
static const char kTabled[] =
    /* 5 in, 6 in (at the allowance) and 6.01 in moved; a2 0.52 in from a1 */
    "T1,GR.MOV.2,legal,,,,,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 60,40 "
    "25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 15,11.5\",\n"
    "T2,GR.MOV.2,legal,,,,movement_allowance_in=6,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 "
    "10,11.5 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 16,10; a2 10,11.5 16,11.5\",\n"
    "T3,GR.MOV.2,illegal,GR.MOV.2,,,,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; "
    "E1/e1 60,40 25\",,move A1,\"a1 10,10 16.01,10; a2 10,11.5 16,11.5\",\n"
    /* a2 ends sqrt(2^2 + 3.5^2) - 0.984 = 3.05 in from a1: out of 1 yd */
    "T4,GR.MOV.COH.1,illegal,GR.MOV.COH.1,,,,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 "
    "10,11.5 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 13,13.5\",\n"
    /* 40 mm bases 1.5 in apart: within their 2 yd, not 25 mm's 1 yd */
    "T5,GR.MOV.COH.2,legal,,,,coherency_range_in=2,,A1 A -; E1 B -,\"A1/a1 10,10 40; A1/a2 "
    "10,13.075 40; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,13.075 15,13.075\",\n"
    "T6,GR.MOV.COH.1,illegal,GR.MOV.COH.1,,,,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 "
    "10,12.484 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,12.484 15,12.484\",\n"
    /* no row for 32 mm bases: the range is a gap; how far is not */
    "T7,GR.MOV.COH.2,disputed,,gap,GR.MOV.COH.1 GR.MOV.COH.2,,,A1 A -; E1 B -,\"A1/a1 10,10 "
    "32; A1/a2 10,11.5 32; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 "
    "15,11.5\",\n"
    /* 25 mm and 40 mm in one unit: 'unit coherency range' is one range, and
     * the text does not say whose base determines it */
    "T8,GR.MOV.COH.2,disputed,,gap,GR.MOV.COH.1 GR.MOV.COH.2,,,A1 A -; E1 B -,\"A1/a1 10,10 "
    "25; A1/a2 10,11.5 40; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 "
    "15,11.5\",\n"
    /* ten 25 mm in a line 0.5 in apart: the end models have one other within
     * 1 yd, GR.MOV.COH.3 asks two */
    "T9,GR.MOV.COH.3,illegal,GR.MOV.COH.3,,,,,A1 A -; E1 B -,\"A1/m1 10,10 25; A1/m2 "
    "11.484,10 25; A1/m3 12.968,10 25; A1/m4 14.452,10 25; A1/m5 15.936,10 25; A1/m6 "
    "17.42,10 25; A1/m7 18.904,10 25; A1/m8 20.388,10 25; A1/m9 21.872,10 25; A1/m10 "
    "23.356,10 25; E1/e1 60,40 25\",,move A1,,\n"
    /* broken coherency: a3 ends 10 in away; with the range, it is the one
     * out of coherency, and the move completes (both readings agree) */
    "T10,GR.MOV.BCOH.2,legal,,,,removed=1;falls_apart=1,,A1 A -; E1 B -,\"A1/a1 10,10 25; "
    "A1/a2 10,11.5 25; A1/a3 20,20 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 "
    "10,11.5 15,11.5\",coherency_unreachable=true\n"
    "T11,GR.MOV.BCOH.2,illegal,GR.MOV.BCOH.2 GR.MOV.COH.1,,,,,A1 A -; E1 B -,\"A1/a1 10,10 "
    "25; A1/a2 10,11.5 25; A1/a3 20,20 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 "
    "10,11.5 15,11.5\",coherency_unreachable=true;removed=a2\n"
    /* the player removed a3, the one out of coherency: as the text says */
    "T15,GR.MOV.BCOH.2,legal,,,,removed=1,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; "
    "A1/a3 20,20 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 15,11.5\","
    "coherency_unreachable=true;removed=a3\n"
    /* T9's ten models, unable to keep coherency: under neighbours each must
     * end within 1 yd of 1 + floor(10 / 10) = 2 others (GR.MOV.COH.3); m1
     * and m10 have one (the next is 1.984 in away), so two are removed */
    "T16,GR.MOV.BCOH.2,legal,,,,removed=2;falls_apart=1,literal,A1 A -; E1 B -,\"A1/m1 10,10 "
    "25; A1/m2 11.484,10 25; A1/m3 12.968,10 25; A1/m4 14.452,10 25; A1/m5 15.936,10 25; "
    "A1/m6 17.42,10 25; A1/m7 18.904,10 25; A1/m8 20.388,10 25; A1/m9 21.872,10 25; A1/m10 "
    "23.356,10 25; E1/e1 60,40 25\",,move A1,,coherency_unreachable=true\n"
    /* a3 and a4 far from every other model: both out of coherency, and both
     * removed, the list naming them in either place */
    "T17,GR.MOV.BCOH.2,legal,,,,removed=2,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; "
    "A1/a3 20,20 25; A1/a4 30,30 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 "
    "15,11.5\",coherency_unreachable=true;removed=a3 a4\n"
    /* the same list with a comma, as a fact of type models may be written */
    "T18,GR.MOV.BCOH.2,legal,,,,removed=2,,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; "
    "A1/a3 20,20 25; A1/a4 30,30 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 15,10; a2 10,11.5 "
    "15,11.5\",\"coherency_unreachable=true;removed=a3,a4\"\n"
    /* difficult terrain 2 in deep across the way: 6 in moved, 2 + 0.984 of
     * it across, doubled: 8.98 in > 6 yd; 3 in moved from 10.5, the base in
     * it from 11.51 to the end at 13.5: 3 + 1.99 = 4.99 in fits */
    "T12,GR.MOV.DIFF.3,illegal,GR.MOV.3 GR.MOV.DIFF.3,,,,,A1 A - height=2; E1 B -,\"A1/a1 "
    "10,10 25; A1/a2 10,11.5 25; E1/e1 60,40 25\",\"T1 difficult height=1 12,8 14,8 14,13 "
    "12,13\",move A1,\"a1 10,10 16,10; a2 10,11.5 16,11.5\",\n"
    "T13,GR.MOV.DIFF.3,disputed,GR.MOV.3,conflict,GR.MOV.3 GR.MOV.DIFF.3,,lenient,A1 A - "
    "height=2; E1 B -,\"A1/a1 10.5,10 25; E1/e1 60,40 25\",\"T1 difficult height=1 12,8 "
    "14,8 14,13 12,13\",move A1,\"a1 10.5,10 13.5,10\",\n"
    /* towering over it: 'unabated' against 'costs double' over the allowance */
    "T14,GR.MOV.DIFF.3,disputed,GR.MOV.DIFF.3,conflict,GR.MOV.DIFF.3 GR.MOV.TOWER.1,,lenient,"
    "A1 A - height=2; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",\"T1 difficult height=0.5 "
    "12,8 14,8 14,13 12,13\",move A1,\"a1 10,10 16,10\",\n";

Test(grit, tabled_rows_follow_the_text)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load_table(FULL_HEAD, kTabled);
	cr_assert(eq(sz, all_agree(&f), 18));
	fixture_free(&f);
}

/* Appends a row to buf (at *len, room n). */
static void add_row(char *buf, size_t n, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_row(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *len, n - *len, fmt, ap);
	va_end(ap);
	cr_assert(k > 0 && (size_t)k < n - *len, "row buffer too small");
	*len += (size_t)k;
}

/* Just under, at, inside the tolerance and just over a limit (by 0.0005 in:
 * over the tolerance, under a thousand tolerances). */
static const double kOffs[] = {-0.01, 0, 1e-7, 0.0005, 0.001, 0.01};
#define NOFF (sizeof kOffs / sizeof *kOffs)

/* The limits of the tables at the boundary, each expectation from its own
 * formula (principle 4): a lone model (profile lenient) moving L = 6 yd +
 * offset at three angles is legal iff L <= 6 + tolerance (GR.MOV.2); it
 * crossing a strip of difficult terrain 1 in wide costs L + 1 + 2r
 * (GR.MOV.DIFF.3, r the radius), set to 6 + offset: within, a conflict
 * with GR.MOV.3 ("through terrain"), or, towered over (GR.MOV.TOWER.1 sets
 * GR.MOV.3 aside), legal; over, illegal by both, or a conflict of
 * "unabated" and "costs double"; two standing models g = R + offset apart
 * (R 1 yd for 25 mm, 2 yd for 40 mm) keep GR.MOV.COH.1 iff g <= R +
 * tolerance. */
Test(grit, the_tables_limits_at_the_boundary)
{
	static const double angles[] = {0, 37, 135};
	static const double bases[] = {25, 40};
	size_t n = 1 << 16, len = 0, rows = 0;
	char *buf = malloc(n);
	cr_assert(buf != NULL);
	buf[0] = '\0';
	for (size_t k = 0; k < NOFF; k++) {
		bool within = kOffs[k] <= ARB_TOLERANCE_IN;
		for (size_t a = 0; a < 3; a++) {
			double L = 6 + kOffs[k], t = angles[a] * acos(-1.0) / 180;
			add_row(
			    buf, n, &len,
			    "B%zu,GR.MOV.2,%s,%s,,,,lenient,A1 A -; E1 B -,\"A1/a1 30,24 25; E1/e1 "
			    "70,46 25\",,move A1,\"a1 30,24 %.10f,%.10f\",\n",
			    rows++, within ? "legal" : "illegal", within ? "" : "GR.MOV.2",
			    30 + L * cos(t), 24 + L * sin(t));
		}
		for (size_t b = 0; b < 2; b++)
			for (int tw = 0; tw < 2; tw++) {
				double r = bases[b] / ARB_MM_PER_INCH / 2, cost = 6 + kOffs[k];
				double x0 = 20 - r - 0.5, x1 = x0 + cost - 1 - 2 * r;
				const char *exp = tw ? (within ? "legal" : "disputed")
				                     : (within ? "disputed" : "illegal");
				const char *viol =
				    tw ? (within ? "" : "GR.MOV.DIFF.3")
				       : (within ? "GR.MOV.3" : "GR.MOV.3 GR.MOV.DIFF.3");
				const char *disp = !tw && within ? "conflict,GR.MOV.3 GR.MOV.DIFF.3"
				                   : tw && !within
				                       ? "conflict,GR.MOV.DIFF.3 GR.MOV.TOWER.1"
				                       : ",";
				add_row(
				    buf, n, &len,
				    "B%zu,GR.MOV.DIFF.3,%s,%s,%s,,lenient,A1 A - height=2; E1 B "
				    "-,\"A1/a1 %.10f,24 %g; E1/e1 70,46 25\",\"T1 difficult "
				    "height=%s 20,4 21,4 21,40 20,40\","
				    "move A1,\"a1 %.10f,24 %.10f,24\",\n",
				    rows++, exp, viol, disp, x0, bases[b], tw ? "0.5" : "0.6", x0,
				    x1);
			}
		for (size_t b = 0; b < 2; b++) {
			double R = b ? 2 : 1, g = R + kOffs[k], d = bases[b] / ARB_MM_PER_INCH;
			add_row(
			    buf, n, &len,
			    "B%zu,GR.MOV.COH.1,%s,%s,,,,,A1 A -; E1 B -,\"A1/a1 10,10 %g; A1/a2 "
			    "%.10f,10 %g; E1/e1 60,40 25\",,move A1,,\n",
			    rows++, within ? "legal" : "illegal", within ? "" : "GR.MOV.COH.1",
			    bases[b], 10 + d + g, bases[b]);
		}
	}
	write_spec_tables("1\"", TABLES);
	fixture f = load_table(FULL_HEAD, buf);
	cr_assert(eq(sz, all_agree(&f), rows));
	fixture_free(&f);
	free(buf);
}

/* ---- every predicate's answer, clause by clause ---- */

/* The outcome codes of want lists: n not applicable, + holds, - violated,
 * p permits, v value, ? undecided, m missing. */
static char code_of(arb_outcome o)
{
	static const char codes[] = "n+-pv?m";
	return (unsigned)o < sizeof codes - 1 ? codes[o] : 'x';
}

/* Asserts the answer of every predicate in the trace of the first case of
 * f: want lists "CLAUSE=c" or "CLAUSE/reading=c" words; a predicate it
 * does not list must not apply (n). Every mismatch is reported at once. */
static void answers(const fixture *f, const char *want)
{
	arb_verdict *v = judge(f);
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
		char got = code_of(t->result.outcome);
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
static void says(const fixture *f, const char *cl, const char *words)
{
	arb_verdict *v = judge(f);
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

/* Each scenario's answers from the page of this encoding (docs/encoding/
 * grit-movement.md, "Clause by clause"), under TABLES (6 yd; 1 yd for 25
 * mm bases). */

/* A lone model, no enemy on the table, moves 5 in: within 6 yd; a unit of
 * one has "at least one other model" only under lone-exempt. */
Test(grit, answers_of_a_lone_move)
{
	write_spec_tables("1\"", TABLES);
	fixture f =
	    load("S,GR.MOV.2,legal,A1 A -,\"A1/a1 10,10 25\",,move A1,\"a1 10,10 15,10\",,,\n");
	answers(&f, "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1/literal=- GR.MOV.COH.1/lone-exempt=+ "
	            "GR.MOV.ENG.2=+ GR.MOV.ENG.4=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+");
	says(&f, "GR.MOV.2", "a1 moved 5.00 in (5.00 yd), allowance 6.00 yd (6.00 in)");
	fixture_free(&f);
}

/* Two models charge: a1 ends 1.5 - 0.98 = 0.52 in from e1, a2
 * sqrt(1.5^2 + 1.5^2) - 0.98 = 1.14 in; both started over 5 in away,
 * without line of sight. */
Test(grit, answers_of_a_charge)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 14,10 25; A1/a2 14,11.5 25; "
	                 "E1/e1 20,10 25\",,move A1,\"a1 14,10 18.5,10; a2 14,11.5 18.5,11.5\","
	                 "line_of_sight_at_start=false,,\n");
	answers(&f, "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1=+ GR.MOV.COH.2=v GR.MOV.ENG.1=v "
	            "GR.MOV.ENG.2=+ GR.MOV.ENG.4=v GR.MOV.ENG.5=v GR.MOV.DIFF.5=+ "
	            "GR.MOV.TOWER.2=+");
	says(&f, "GR.MOV.ENG.1",
	     "1 model(s) of A1 end within 1.00 in (1 yd) of an enemy; closest "
	     "a1 to e1, 0.52 in (0.52 yd)");
	says(&f, "GR.MOV.2", "a1 moved 4.50 in (4.50 yd), allowance 6.00 yd (6.00 in)");
	fixture_free(&f);
}

/* The charger failed its check and is moved back a yard: from 0.52 in to
 * 1.52 in from e1; a2 stays 1.14 in away: engagement broken. */
Test(grit, answers_of_a_displacement)
{
	write_spec_tables("1\"", TABLES);
	fixture f =
	    load("S,GR.MOV.ENG.6,legal,A1 A - engaged charged; E1 B - engaged,\"A1/a1 "
	         "18.5,10 25; A1/a2 18.5,11.5 25; E1/e1 20,10 25\",,displace A1,\"a1 "
	         "18.5,10 17.5,10\",initiative_check_passed=false;displaced_by=charged,,\n");
	answers(&f, "GR.MOV.ENG.1=v GR.MOV.ENG.2=- GR.MOV.ENG.6=p GR.MOV.ENG.7=p");
	says(&f, "GR.MOV.ENG.6",
	     "A1 failed its Initiative check and is moved 1.00 in (1.00 yd), "
	     "up to 1.00 in (1 yd)");
	fixture_free(&f);
}

/* The morale check of GR-MOV-MOR-001's unit: 3 + 4 = 7 against Grit 7,
 * passed; and 6 + 6 = 12 over Grit + Sagacity 10, broken, moving away
 * from cover towards its edge, the whole of its 6 yd (GR.MOV.BROKEN.2:
 * "must spend their movement"). */
#define MORALE_ROW                                                                                 \
	"S,GR.MOV.MORALE.7,legal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 30,10 25; A1/a2 "    \
	"30,11.5 25; E1/e1 70,40 25\",\"T1 cover 40,8 42,8 42,14 40,14\",move A1,\"a1 30,10 "      \
	"24,10; a2 30,11.5 24,11.5\",allied_corpses_in_range=true;rounds_completed=0;corpse_"      \
	"wounds=0;in_cover=false;deployment_edge=left,morale_check: %s,\n"

Test(grit, answers_of_the_morale_check)
{
	static const char *const common = "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1=+ GR.MOV.COH.2=v "
	                                  "GR.MOV.ENG.1=v GR.MOV.ENG.2=+ GR.MOV.ENG.4=v "
	                                  "GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+ GR.MOV.MORALE.1=v "
	                                  "GR.MOV.MORALE.2=v GR.MOV.MORALE.4=v GR.MOV.MORALE.5=v "
	                                  "GR.MOV.MORALE.6=v GR.MOV.BROKEN.1=v ";
	char row[1024], want[1024];
	write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, MORALE_ROW, "3 4");
	fixture f = load(row);
	snprintf(want, sizeof want, "%sGR.MOV.MORALE.7=p", common);
	answers(&f, want);
	fixture_free(&f);
	snprintf(row, sizeof row, MORALE_ROW, "6 6");
	f = load(row);
	snprintf(want, sizeof want, "%sGR.MOV.MORALE.8=- GR.MOV.BROKEN.2=+ GR.MOV.BROKEN.3=v",
	         common);
	answers(&f, want);
	fixture_free(&f);
}

/* The same unit standing still in cover after 6 + 6: "they remain still"
 * holds, broken, and it does not move towards its edge; its Grit checks
 * nothing of a move it does not make. */
Test(grit, answers_of_a_broken_unit_in_cover)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.MORALE.9,illegal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 "
	                 "30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25\",\"T1 cover 40,8 42,8 42,14 "
	                 "40,14\",move A1,,allied_corpses_in_range=true;rounds_completed=0;corpse_"
	                 "wounds=0;in_cover=true;deployment_edge=left,morale_check: 6 6,\n");
	answers(&f, "GR.MOV.COH.1=+ GR.MOV.COH.2=v GR.MOV.ENG.1=v GR.MOV.MORALE.1=v "
	            "GR.MOV.MORALE.2=v GR.MOV.MORALE.4=v GR.MOV.MORALE.5=v GR.MOV.MORALE.6=v "
	            "GR.MOV.MORALE.9=+ GR.MOV.BROKEN.1=v GR.MOV.BROKEN.2=- GR.MOV.BROKEN.3=v");
	fixture_free(&f);
}

/* Double 1s: passed whatever the total, and inspired; a fleeing unit
 * checks whatever the corpses; vehicles' corpses cause no check; no dice:
 * the check is not rolled. */
Test(grit, answers_of_bravery_fleeing_vehicles_and_no_roll)
{
	static const char *const moving = "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1=+ GR.MOV.COH.2=v "
	                                  "GR.MOV.ENG.1=v GR.MOV.ENG.2=+ GR.MOV.ENG.4=v "
	                                  "GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+ GR.MOV.MORALE.1=v "
	                                  "GR.MOV.MORALE.2=v ";
	char row[1024], want[1024];
	write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, MORALE_ROW, "1 1");
	fixture f = load(row);
	snprintf(want, sizeof want,
	         "%sGR.MOV.MORALE.4=v GR.MOV.MORALE.5=v GR.MOV.MORALE.6=v GR.MOV.MORALE.7=p "
	         "GR.MOV.BROKEN.1=v GR.MOV.BRAVE.1=v GR.MOV.BRAVE.2=v",
	         moving);
	answers(&f, want);
	fixture_free(&f);

	f = load("S,GR.MOV.BROKEN.4,legal,A1 A - Grit=7 Sagacity=3 I=4 fleeing; E1 B -,\"A1/a1 "
	         "30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25\",,move A1,\"a1 30,10 25,10; a2 "
	         "30,11.5 25,11.5\",allied_corpses_in_range=false,,\n");
	snprintf(want, sizeof want, "%sGR.MOV.BROKEN.4=v", moving);
	answers(&f, want);
	fixture_free(&f);

	f = load("S,GR.MOV.MORALE.3,legal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 30,10 25; "
	         "A1/a2 30,11.5 25; E1/e1 70,40 25\",,move A1,\"a1 30,10 25,10; a2 30,11.5 "
	         "25,11.5\",allied_corpses_in_range=true;corpses_are_vehicles=true,,\n");
	snprintf(want, sizeof want, "%sGR.MOV.MORALE.3=v", moving);
	answers(&f, want);
	fixture_free(&f);
}

/* The result of clause cl's first predicate in the first case of f
 * (copied; the verdict is freed). */
/* The result of clause cl's predicate in the verdict of f's first case,
 * under reading rd (NULL: the first in the trace). */
static arb_result result_of_reading(const fixture *f, const char *cl, const char *rd)
{
	arb_verdict *v = judge(f);
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

static arb_result result_of(const fixture *f, const char *cl)
{
	return result_of_reading(f, cl, NULL);
}

/* The charge of answers_of_a_charge measured: a1 to e1 1.5 - 0.984 =
 * 0.516 in, a yard's margin 0.484 in. */
Test(grit, the_engagement_is_measured)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 14,10 25; A1/a2 14,11.5 25; "
	                 "E1/e1 20,10 25\",,move A1,\"a1 14,10 18.5,10; a2 14,11.5 18.5,11.5\","
	                 "line_of_sight_at_start=false,,\n");
	arb_result r = result_of(&f, "GR.MOV.ENG.1");
	cr_assert(r.has_measure);
	cr_assert(epsilon_eq(dbl, r.measure.figure, 1.5 - 25 / 25.4, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 1 - (1.5 - 25 / 25.4), 1e-9));
	fixture_free(&f);
}

/* Displacements: half a yard back (0.516 to 1.016 in: engagement broken,
 * margin 0.5 in); 0.2 in back (0.716 in: still engaged, GR.MOV.ENG.7 has
 * nothing to say); and the check's result not given. */
#define SHOVE_ROW                                                                                  \
	"S,GR.MOV.ENG.6,legal,A1 A - engaged charged; E1 B - engaged,\"A1/a1 18.5,10 25; A1/a2 "   \
	"18.5,11.5 25; E1/e1 20,10 25\",,displace A1,\"a1 18.5,10 %s,10\",%s,,\n"

Test(grit, answers_of_displacements)
{
	char row[1024];
	write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, SHOVE_ROW, "18",
	         "initiative_check_passed=false;displaced_by=charged");
	fixture f = load(row);
	answers(&f, "GR.MOV.ENG.1=v GR.MOV.ENG.2=- GR.MOV.ENG.6=p GR.MOV.ENG.7=p");
	arb_result r = result_of(&f, "GR.MOV.ENG.6");
	STR_EQ(r.explanation, "A1 failed its Initiative check and is moved 0.50 in (0.50 yd), up "
	                      "to 1.00 in (1 yd)");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 0.5, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 0.5, 1e-9));
	STR_EQ(r.subject, "a1");
	cr_assert(eq(int, r.measure.other, -1));
	fixture_free(&f);

	snprintf(row, sizeof row, SHOVE_ROW, "18.3",
	         "initiative_check_passed=false;displaced_by=charged");
	f = load(row);
	answers(&f, "GR.MOV.ENG.1=v GR.MOV.ENG.2=- GR.MOV.ENG.6=p");
	fixture_free(&f);

	snprintf(row, sizeof row, SHOVE_ROW, "18", "");
	f = load(row);
	answers(&f, "GR.MOV.ENG.1=v GR.MOV.ENG.2=- GR.MOV.ENG.6=m GR.MOV.ENG.7=p");
	fixture_free(&f);

	/* "the controller of the model you charged may move the charger": who
	 * moves it not given, then the charger's own controller */
	snprintf(row, sizeof row, SHOVE_ROW, "18", "initiative_check_passed=false");
	f = load(row);
	r = result_of(&f, "GR.MOV.ENG.6");
	cr_assert(eq(int, r.outcome, ARB_MISSING));
	STR_EQ(r.missing, "displaced_by");
	STR_EQ(r.explanation, "A1 is moved 0.50 in, within a yard; who moves it (the controller of "
	                      "the model charged may) is not given");
	fixture_free(&f);

	snprintf(row, sizeof row, SHOVE_ROW, "18",
	         "initiative_check_passed=false;displaced_by=charger");
	f = load(row);
	answers(&f, "GR.MOV.ENG.1=v GR.MOV.ENG.2=- GR.MOV.ENG.6=- GR.MOV.ENG.7=p");
	r = result_of(&f, "GR.MOV.ENG.6");
	STR_EQ(r.explanation,
	       "A1 is moved by its own controller: only 'the controller of the model "
	       "you charged may move the charger'");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 0.5, 1e-9));
	fixture_free(&f);

	/* over a yard: too far whoever moves it, so who does is not asked */
	snprintf(row, sizeof row, SHOVE_ROW, "17", "initiative_check_passed=false");
	f = load(row);
	answers(&f, "GR.MOV.ENG.1=v GR.MOV.ENG.2=- GR.MOV.ENG.6=- GR.MOV.ENG.7=p");
	fixture_free(&f);
}

/* A unit that is not engaged fights: GR.MOV.ENG.3 asks nothing of it, and
 * nothing is rerolled. */
Test(grit, answers_of_a_fight_not_engaged)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load_table("id,target,expect,context,units,models,action\n",
	                       "S,GR.MOV.ENG.3,not-applicable,phase=combat;round=2,A1 A -; E1 B "
	                       "-,\"A1/a1 10,10 25; E1/e1 60,40 25\",fight A1 -> E1\n");
	answers(&f, "");
	fixture_free(&f);
}

/* A 25 mm and a 32 mm base whose rows differ by 0.0000005 in, within the
 * tolerance (CONV.TOL.1): one range; 25 mm and 40 mm, 0.0005 in apart: two,
 * and the text does not say whose base sets the unit's. */
Test(grit, ranges_that_differ_within_the_tolerance)
{
	write_spec_tables("1\"", "- GR.MOV.2 movement_allowance: 6 yd\n"
	                         "- GR.MOV.COH.2 coherency_range[25mm]: 1 yd\n"
	                         "- GR.MOV.COH.2 coherency_range[32mm]: 1.0000005 yd\n"
	                         "- GR.MOV.COH.2 coherency_range[40mm]: 1.0005 yd\n");
	fixture f = load("S,GR.MOV.COH.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 32; "
	                 "E1/e1 60,40 25\",,move A1,,,,\n");
	answers(&f, "GR.MOV.COH.1=+ GR.MOV.COH.2=v GR.MOV.ENG.1=v");
	fixture_free(&f);
	f = load("S,GR.MOV.COH.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 40; "
	         "E1/e1 60,40 25\",,move A1,,,,\n");
	answers(&f, "GR.MOV.COH.1=? GR.MOV.COH.2=? GR.MOV.ENG.1=v");
	fixture_free(&f);
}

/* Coherency measured: three 25 mm models, one 4 in from the nearest of the
 * others (4 - 0.984 = 3.016 in apart, over the 1 yd range by 2.016 in);
 * the others 0.516 in apart. The one left out is named: "at least k
 * others" names one model and its distance to the k-th nearest, no pair
 * (arb_geom_coherency_k_near: worst_b -1). */
Test(grit, coherency_is_measured)
{
	static const struct {
		const char *models, *subject;
	} rows[] = {
	    {"A1/a1 10,10 25; A1/a2 10,11.5 25; A1/a3 10,6 25", "a3"},
	    {"A1/a1 10,6 25; A1/a2 10,10 25; A1/a3 10,11.5 25", "a1"},
	};
	write_spec_tables("1\"", TABLES);
	for (size_t i = 0; i < 2; i++) {
		char row[512];
		snprintf(
		    row, sizeof row,
		    "S,GR.MOV.COH.1,illegal,A1 A -; E1 B -,\"%s; E1/e1 60,40 25\",,move A1,,,,\n",
		    rows[i].models);
		fixture f = load(row);
		arb_result r = result_of(&f, "GR.MOV.COH.1");
		cr_assert(eq(int, r.outcome, ARB_VIOLATED));
		STR_EQ(r.subject, rows[i].subject);
		cr_assert(r.has_measure);
		cr_assert(not(r.measure.points));
		cr_assert(eq(int, r.measure.other, -1));
		cr_assert(epsilon_eq(dbl, r.measure.figure, 4 - 25 / 25.4, 1e-9));
		cr_assert(epsilon_eq(dbl, r.measure.margin, 1 - (4 - 25 / 25.4), 1e-9));
		fixture_free(&f);
	}
	fixture f = load(PAIR_ROW);
	arb_result r = result_of(&f, "GR.MOV.COH.1");
	STR_EQ(r.explanation, "every model of A1 ends within 1.00 in of 1 other(s)");
	r = result_of(&f, "GR.MOV.2");
	STR_EQ(r.explanation, "a1 moved 5.00 in (5.00 yd), allowance 6.00 yd (6.00 in)");
	cr_assert(r.measure.points);
	cr_assert(eq(int, r.measure.other, -1));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 1, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.q.x, 15, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.q.y, 10, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.p.x, 10, 1e-9));
	fixture_free(&f);
}

/* What the check needs and the scenario does not give: whether the unit
 * is in cover (after 6 + 6, over Grit), and the rounds and wounds that
 * add to the roll. A failed roll's GR.MOV.MORALE.7 says why it does not
 * let the unit move as normal. Broken, it spends its 6 yd towards its edge. */
Test(grit, answers_of_a_check_missing_its_facts)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.MORALE.8,missing-input,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,"
	                 "\"A1/a1 30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25\",\"T1 cover 40,8 "
	                 "42,8 42,14 40,14\",move A1,\"a1 30,10 24,10; a2 30,11.5 24,11.5\","
	                 "allied_corpses_in_range=true;rounds_completed=0;corpse_wounds=0;"
	                 "deployment_edge=left,morale_check: 6 6,\n");
	answers(&f, "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1=+ GR.MOV.COH.2=v GR.MOV.ENG.1=v "
	            "GR.MOV.ENG.2=+ GR.MOV.ENG.4=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+ "
	            "GR.MOV.MORALE.1=v GR.MOV.MORALE.2=v GR.MOV.MORALE.4=v GR.MOV.MORALE.5=v "
	            "GR.MOV.MORALE.6=v GR.MOV.MORALE.8=m GR.MOV.MORALE.9=m GR.MOV.BROKEN.1=v "
	            "GR.MOV.BROKEN.2=+ GR.MOV.BROKEN.3=v");
	arb_result r = result_of(&f, "GR.MOV.MORALE.7");
	STR_EQ(r.explanation, "total 12 over Grit 7: not passed");
	fixture_free(&f);

	f = load("S,GR.MOV.MORALE.5,missing-input,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 "
	         "30,10 25; A1/a2 30,11.5 25; E1/e1 70,40 25\",,move A1,\"a1 30,10 25,10; a2 "
	         "30,11.5 25,11.5\",allied_corpses_in_range=true;in_cover=false,morale_check: 3 "
	         "4,\n");
	answers(&f, "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1=+ GR.MOV.COH.2=v GR.MOV.ENG.1=v "
	            "GR.MOV.ENG.2=+ GR.MOV.ENG.4=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+ "
	            "GR.MOV.MORALE.1=v GR.MOV.MORALE.2=v GR.MOV.MORALE.4=m GR.MOV.MORALE.5=m "
	            "GR.MOV.MORALE.6=m GR.MOV.MORALE.7=m GR.MOV.MORALE.8=m GR.MOV.MORALE.9=m "
	            "GR.MOV.BROKEN.1=m GR.MOV.BROKEN.2=m GR.MOV.BROKEN.3=m GR.MOV.BRAVE.1=m "
	            "GR.MOV.BRAVE.2=m");
	fixture_free(&f);
}

/* Two pairs far apart that cannot keep coherency: each model has its
 * partner within 1 yd, so none is short of a neighbour (neighbours
 * permits, none removed); under group the two pairs are groups of two,
 * the largest twice, and which is the unit's the text does not say. (The
 * rows' expect columns are not read by answers.) */
Test(grit, answers_of_two_groups_of_one_size)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.BCOH.2,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 "
	                 "25; A1/a3 20,20 25; A1/a4 20,21.5 25; E1/e1 60,40 25\",,move A1,,"
	                 "coherency_unreachable=true,,\n");
	answers(&f, "GR.MOV.COH.1=+ GR.MOV.COH.2=v GR.MOV.BCOH.1=v GR.MOV.BCOH.2/neighbours=p "
	            "GR.MOV.BCOH.2/group=? GR.MOV.ENG.1=v");
	fixture_free(&f);
}

/* Broken and moving away from its edge: the gaps to the right edge (x 72)
 * before and after, 72 - 40 - 0.492 = 31.51 in and 72 - 35 - 0.492 = 36.51
 * in; without Sagacity, whether it is broken is missing. */
Test(grit, a_broken_unit_away_from_its_edge_is_measured)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.BROKEN.2,illegal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 "
	                 "40,10 25; A1/a2 40,11.5 25; E1/e1 10,40 25\",\"T1 cover 30,8 32,8 32,14 "
	                 "30,14\",move A1,\"a1 40,10 35,10; a2 40,11.5 35,11.5\",allied_corpses_in_"
	                 "range=true;rounds_completed=0;corpse_wounds=0;in_cover=false;deployment_"
	                 "edge=right,morale_check: 6 6,\n");
	arb_result r = result_of(&f, "GR.MOV.BROKEN.2");
	STR_EQ(r.explanation,
	       "A1 is broken and a1 does not move towards the right edge (step 1: 31.51 in "
	       "from it before, 36.51 after)");
	r = result_of(&f, "GR.MOV.MORALE.8");
	/* T1's edge at x 32: 40 - 0.492 - 32 = 7.51 in before, 35 - 0.492 - 32 =
	 * 2.51 in after: 5 in nearer */
	cr_assert(epsilon_eq(dbl, r.measure.margin, 5, 1e-9));
	cr_assert(eq(int, r.measure.other, -1));
	fixture_free(&f);

	f = load("S,GR.MOV.BROKEN.1,missing-input,A1 A - Grit=7 I=4; E1 B -,\"A1/a1 40,10 25; "
	         "A1/a2 40,11.5 25; E1/e1 10,40 25\",\"T1 cover 30,8 32,8 32,14 30,14\",move "
	         "A1,\"a1 40,10 35,10; a2 40,11.5 35,11.5\",allied_corpses_in_range=true;rounds_"
	         "completed=0;corpse_wounds=0;in_cover=false;deployment_edge=right,morale_check: 6 "
	         "6,\n");
	/* no Sagacity, and the total (12) is over Grit (7): GR.MOV.BROKEN.1
	 * needs it, so the scenario is bad input naming the units cell (issue
	 * 11), not a verdict */
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "units");
	cr_assert(strstr(err.message, "GR.MOV.BROKEN.1") && strstr(err.message, "no Sagacity"),
	          "%s", err.message);
	cr_assert(err.line == 2 && err.column > 1, "%ld:%ld", err.line, err.column);
	fixture_free(&f);

	/* a total of 3 within Grit 7 is within Grit and any Sagacity: none is
	 * needed, and the unit is judged not broken */
	f = load("S,GR.MOV.BROKEN.1,legal,A1 A - Grit=7 I=4; E1 B -,\"A1/a1 40,10 25; "
	         "A1/a2 40,11.5 25; E1/e1 10,40 25\",,move A1,\"a1 40,10 38,10; a2 40,11.5 "
	         "38,11.5\",allied_corpses_in_range=true;rounds_completed=0;corpse_wounds=0;in_"
	         "cover=false;deployment_edge=right,morale_check: 1 2,\n");
	arb_result b = result_of(&f, "GR.MOV.BROKEN.1");
	cr_assert(eq(int, b.outcome, ARB_VALUE));
	STR_EQ(b.explanation, "total 3 within Grit 7: not broken, whatever its Sagacity");
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
	    "allied_corpses_in_range=true;"
	    "rounds_completed=%d;corpse_wounds=0;in_cover=false;deployment_edge=left,"
	    "morale_check: 3 4,\n",
	    grit, rounds);
	/* the move is judged, not only the check: the tables must be given */
	write_spec_tables("1\"", TABLES);
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

/* Whether lint's findings for grit under dir hold one of code for clause
 * whose message holds words. */
static bool lint_has(const char *dir, const char *code, const char *clause, const char *words)
{
	arb_rulebook *rb = NULL;
	arb_lint *l = NULL;
	arb_error err;
	char buf[1024];
	bool found = false;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_lint_run(&l, rb, NULL, NULL, "grit", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	for (size_t i = 0; i < arb_lint_count(l) && !found; i++) {
		const arb_finding *f = arb_lint_at(l, i);
		found = strcmp(f->code, code) == 0 &&
		        (!clause || (f->clause && strcmp(f->clause, clause) == 0)) &&
		        strstr(f->message, words) != NULL;
	}
	arb_lint_free(l);
	arb_rulebook_free(rb);
	return found;
}

/* Lint names both tables the text promises and does not have, and the
 * parameters they would give, unresolved; and the yard as an assumption
 * Grit relies on. */
Test(grit, lint_reports_the_missing_tables_and_the_yard)
{
	cr_assert(lint_has("spec", "missing-table", "GR.MOV.2", "on the table below"));
	cr_assert(lint_has("spec", "missing-table", "GR.MOV.COH.2", "on the table below"));
	cr_assert(lint_has("spec", "unresolved-parameter", "GR.MOV.2", "'movement_allowance'"));
	cr_assert(lint_has("spec", "unresolved-parameter", "GR.MOV.COH.2", "'coherency_range'"));
	cr_assert(lint_has("spec", "assumption", NULL, "CONV.UNIT.3"),
	          "the yard (CONV.UNIT.3) is not listed as an assumption");
}

/* Once an errata table gives them, lint says where (tabled-parameter). */
Test(grit, lint_reports_the_tabled_parameters)
{
	char dir[128];
	write_spec_tables("1\"", TABLES);
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	cr_assert(lint_has(dir, "tabled-parameter", "GR.MOV.2", "1 row of"));
	cr_assert(lint_has(dir, "tabled-parameter", "GR.MOV.COH.2", "2 rows of"));
	bool still = lint_has(dir, "unresolved-parameter", "GR.MOV.2", "movement_allowance");
	cr_assert(not(still));
}

/* ---- Difficult Terrain, Towering Steps and Stomping, measured ---- */

/* Two 25 mm models (radius 0.492 in) move 3 in side by side into the
 * difficult T1 (x 12 to 14): each base is across it from x 11.508 to the
 * end at 13, 1.492 in, counted twice: 3 + 1.492 = 4.492 in, within 6 yd
 * (GR.MOV.DIFF.3 permits). The two cost the same: the first is named
 * (the text names neither; the predicate keeps the first of the dearest).
 * 6 in into it, across from 11.508 to 14.492, 2.984 in: 8.984 in, over. */
Test(grit, difficult_terrain_is_measured)
{
	static const double r = 25 / 25.4 / 2;
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.DIFF.3,legal,A1 A - height=2; E1 B -,\"A1/a1 10,10 25; A1/a2 "
	                 "10,11.5 25; E1/e1 60,40 25\",\"T1 difficult height=1 12,8 14,8 14,13 "
	                 "12,13\",move A1,\"a1 10,10 13,10; a2 10,11.5 13,11.5\",,,\n");
	arb_result d = result_of(&f, "GR.MOV.DIFF.3");
	cr_assert(eq(int, d.outcome, ARB_PERMITS));
	STR_EQ(d.subject, "a1");
	STR_EQ(d.explanation,
	       "a1 moves 3.00 in, 1.49 of it across difficult terrain: costs 4.49 in "
	       "(4.49 yd), allowance 6.00 yd (6.00 in)");
	cr_assert(d.has_measure);
	cr_assert(epsilon_eq(dbl, d.measure.figure, 3 + 13 - (12 - r), 1e-9));
	cr_assert(epsilon_eq(dbl, d.measure.limit, 6, 1e-9));
	cr_assert(epsilon_eq(dbl, d.measure.margin, 6 - (3 + 13 - (12 - r)), 1e-9));
	cr_assert(eq(int, d.measure.other, -1));
	fixture_free(&f);

	f = load("S,GR.MOV.DIFF.3,illegal,A1 A - height=2; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 "
	         "25; E1/e1 60,40 25\",\"T1 difficult height=1 12,8 14,8 14,13 12,13\",move "
	         "A1,\"a1 10,10 16,10; a2 10,11.5 16,11.5\",,,\n");
	d = result_of(&f, "GR.MOV.DIFF.3");
	cr_assert(eq(int, d.outcome, ARB_VIOLATED));
	STR_EQ(d.subject, "a1");
	STR_EQ(d.explanation,
	       "a1 moves 6.00 in, 2.98 of it across difficult terrain: costs 8.98 in "
	       "(8.98 yd), allowance 6.00 yd (6.00 in): over");
	cr_assert(epsilon_eq(dbl, d.measure.margin, 6 - (6 + 2 + 2 * r), 1e-9));
	cr_assert(eq(int, d.measure.other, -1));
	fixture_free(&f);
}

/* GR-MOV-STOMP-002's charge under TABLES: a1 (2 in tall) ends on e1 (0.984
 * in of overlap, 1 in tall), which it cannot tower over: GR.MOV.3 and
 * GR.MOV.TOWER.2 are violated, GR.MOV.TOWER.1 and GR.MOV.STOMP.1 do not
 * apply and say why, and there is no stomp (GR.MOV.STOMP.2, .4 do not
 * apply). Without e1's height both permissions refuse the scenario (bad
 * input, the models cell); e1 0.5 in tall and no result of the check,
 * GR.MOV.STOMP.4 misses that; a failed check and a stomper with no S is
 * bad input (the models cell). */
#define ONTO_ROW                                                                                   \
	"S,GR.MOV.TOWER.2,illegal,A1 A -%s; E1 B -%s,\"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 "   \
	"16,10 25\",,move A1,\"a1 10,10 16,10; a2 10,11.5 "                                        \
	"16,11.5\",%sline_of_sight_at_start=true,,\n"

Test(grit, answers_of_moves_onto_a_model)
{
	static const char *const common = "GR.MOV.2=+ GR.MOV.3=- GR.MOV.COH.1=+ GR.MOV.COH.2=v "
	                                  "GR.MOV.ENG.1=v GR.MOV.ENG.2=+ GR.MOV.ENG.4=v "
	                                  "GR.MOV.ENG.5=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=- ";
	char row[1024], want[1024];
	write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, ONTO_ROW, " S=5 height=2", " height=1", "");
	fixture f = load(row);
	answers(&f, common);
	says(&f, "GR.MOV.TOWER.1",
	     "a1 moves through e1, 1.00 in tall: more than 0.25 of a1's height 2.00 in (0.50 in)");
	says(&f, "GR.MOV.STOMP.1",
	     "a1 ends on top of e1, 1.00 in tall: more than 0.25 of its height 2.00 in, so no "
	     "towering steps over it");
	fixture_free(&f);

	snprintf(row, sizeof row, ONTO_ROW, " S=5 height=2", "", "");
	f = load(row);
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "models");
	STR_EQ(err.message, "S (GR.MOV.TOWER.1): model e1 states no height (the characteristic "
	                    "'height'), which towering steps compare: a1 meets e1");
	fixture_free(&f);

	snprintf(row, sizeof row, ONTO_ROW, " S=5 height=2", " height=0.5", "");
	f = load(row);
	snprintf(want, sizeof want,
	         "%sGR.MOV.TOWER.1=p GR.MOV.STOMP.1=p GR.MOV.STOMP.2=v GR.MOV.STOMP.4=m", common);
	answers(&f, want);
	fixture_free(&f);

	snprintf(row, sizeof row, ONTO_ROW, " height=2", " height=0.5", "stomp_check_failed=e1;");
	f = load(row);
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "models");
	cr_assert(strstr(err.message, "no S (Strength)") != NULL, "%s", err.message);
	fixture_free(&f);
}

/* The move out from under a stomper (GR-MOV-STOMP-011, -010): e1 lies
 * under a1 by their bases' width, 0.984 in; moving 1.5 in out is 0.516 in
 * more than the minimum (reading depth), and leaves e2 3 - 0.984 = 2.02 in
 * away, out of the range of 1 yd (reading coherent: "maintaining unit
 * coherency"); moving 0.98425197 in is the minimum, with e2 beside it at
 * 17.2,10.6 (1.26 - 0.98 = 0.28 in from e1's end): both readings permit.
 * A unit with stomped=true none of whose models is under another: the
 * clause does not apply. */
Test(grit, the_move_out_from_under_is_measured)
{
	static const double w = 25 / 25.4;
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.STOMP.3,illegal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 "
	                 "25; E1/e1 16,10 "
	                 "25; E1/e2 16,8.5 25\",,move E1,\"e1 16,10 16,11.5\",stomped=true,,\n");
	arb_result r = result_of_reading(&f, "GR.MOV.STOMP.3", "coherent");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "e1");
	cr_assert(r.object == NULL);
	STR_EQ(r.explanation, "E1's move out from under the stomper does not maintain unit "
	                      "coherency: a model ends with fewer than 1 other(s) within 1.00 in");
	cr_assert(epsilon_eq(dbl, r.measure.figure, 3 - w, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, 1 - (3 - w), 1e-9));
	r = result_of_reading(&f, "GR.MOV.STOMP.3", "depth");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "e1");
	STR_EQ(r.object, "a1");
	STR_EQ(r.explanation, "e1 moves 1.500 in out from under a1; the minimum is 0.984 in");
	cr_assert(r.has_measure);
	cr_assert(epsilon_eq(dbl, r.measure.figure, 1.5, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.limit, w, 1e-9));
	cr_assert(epsilon_eq(dbl, r.measure.margin, w - 1.5, 1e-9));
	cr_assert(eq(int, r.measure.other, -1));
	fixture_free(&f);

	f = load(
	    "S,GR.MOV.STOMP.3,legal,A1 A - height=1; E1 B - height=2,\"A1/a1 16,10 25; E1/e1 "
	    "16,10 25; E1/e2 17.2,10.6 25\",,move E1,\"e1 16,10 16,10.98425197\",stomped=true,,"
	    "\n");
	for (int k = 0; k < 2; k++) {
		r = result_of_reading(&f, "GR.MOV.STOMP.3", k ? "depth" : "coherent");
		cr_assert(eq(int, r.outcome, ARB_PERMITS));
		STR_EQ(r.explanation, "the models of E1 under a stomper move the minimum distance "
		                      "out, maintaining unit coherency");
		cr_assert(epsilon_eq(dbl, r.measure.margin, w - 0.98425197, 1e-9));
	}
	fixture_free(&f);

	f = load("S,GR.MOV.2,legal,A1 A -,\"A1/a1 10,10 25\",,move A1,\"a1 10,10 15,10\","
	         "stomped=true,,\n");
	answers(&f, "GR.MOV.2=+ GR.MOV.3=+ GR.MOV.COH.1/literal=- GR.MOV.COH.1/lone-exempt=+ "
	            "GR.MOV.ENG.2=+ GR.MOV.ENG.4=v GR.MOV.DIFF.5=+ GR.MOV.TOWER.2=+");
	fixture_free(&f);
}

/* ---- Morale, Broken and Insane Bravery: what the verdict does not show ---- */

/* A unit of Grit 7, Sagacity 3, I 4 moving 5 in left, away from the cover
 * T1, with the morale dice and the facts of the check as given. */
#define CHECK_ROW                                                                                  \
	"S,GR.MOV.MORALE.7,legal,A1 A - %s; E1 B -,\"A1/a1 30,10 25%s; A1/a2 30,11.5 25; E1/e1 "   \
	"70,40 25\",\"T1 cover 40,8 42,8 42,14 40,14\",move A1,\"a1 30,10 25,10; a2 30,11.5 "      \
	"25,11.5\",allied_corpses_in_range=true;in_cover=false;deployment_edge=left%s,"            \
	"morale_check: %s,\n"

static fixture check_row(const char *stats, const char *model, const char *facts, const char *dice)
{
	char row[1024];
	snprintf(row, sizeof row, CHECK_ROW, stats, model, facts, dice);
	return load(row);
}

/* Three dice, where the check rolls two (GR.MOV.MORALE.4 "roll 2D6"), or a
 * figure of the total not given (GR.MOV.MORALE.5's rounds, .6's wounds):
 * the total is not known, so whether the check is passed (GR.MOV.MORALE.7)
 * is missing, not decided. */
Test(grit, a_check_without_its_figures_is_not_decided)
{
	static const struct {
		const char *facts, *dice;
	} rows[] = {
	    {";rounds_completed=0;corpse_wounds=0", "3 4 5"},
	    {";corpse_wounds=0", "3 4"},
	    {";rounds_completed=0", "3 4"},
	};
	write_spec_tables("1\"", TABLES);
	for (size_t i = 0; i < 3; i++) {
		fixture f = check_row("Grit=7 Sagacity=3 I=4", "", rows[i].facts, rows[i].dice);
		arb_result r = result_of(&f, "GR.MOV.MORALE.7");
		cr_assert(eq(int, r.outcome, ARB_MISSING), "row %zu: %s", i, r.explanation);
		r = result_of(&f, "GR.MOV.BROKEN.1");
		cr_assert(eq(int, r.outcome, ARB_MISSING), "row %zu: %s", i, r.explanation);
		fixture_free(&f);
	}
}

/* "trying to roll equal to or under the unit's Grit" (GR.MOV.MORALE.4):
 * the unit's Grit 7, not the 3 its first model states: 3 + 3 = 6 passes. */
Test(grit, the_check_is_against_the_units_grit)
{
	write_spec_tables("1\"", TABLES);
	fixture f = check_row("Grit=7 Sagacity=3 I=4", " Grit=3",
	                      ";rounds_completed=0;corpse_wounds=0", "3 3");
	arb_result r = result_of(&f, "GR.MOV.MORALE.7");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.explanation, "total 6, Grit 7: passed, the unit moves as normal");
	fixture_free(&f);
}

/* A unit with Grit and no I: its perception range (GR.MOV.MORALE.1) cannot
 * be read, bad input naming the units cell. */
Test(grit, a_unit_without_initiative_is_refused)
{
	write_spec_tables("1\"", TABLES);
	fixture f =
	    check_row("Grit=7 Sagacity=3", "", ";rounds_completed=0;corpse_wounds=0", "3 4");
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(
	    eq(int, arb_judge(&v, f.o, arb_caseset_at(f.cs, 0)->scenario, NULL, &err), ARB_EINPUT));
	cr_assert(v == NULL);
	STR_EQ(err.field, "units");
	cr_assert(strstr(err.message, "no I (Initiative)") != NULL, "%s", err.message);
	fixture_free(&f);
}

/* GR.MOV.BROKEN.1's words: 6 + 6 = 12 over 7 + 3 = 10, broken; 4 + 5 = 9
 * over Grit, within Grit + Sagacity 10; 3 + 4 = 7, exactly Grit, with no
 * Sagacity stated: not over Grit, so none is needed. */
Test(grit, the_break_is_explained)
{
	write_spec_tables("1\"", TABLES);
	fixture f =
	    check_row("Grit=7 Sagacity=3 I=4", "", ";rounds_completed=0;corpse_wounds=0", "6 6");
	says(&f, "GR.MOV.BROKEN.1",
	     "total 12 over Grit 7 + Sagacity 3 = 10: broken; it is over Grit as well");
	fixture_free(&f);
	f = check_row("Grit=7 Sagacity=3 I=4", "", ";rounds_completed=0;corpse_wounds=0", "4 5");
	says(&f, "GR.MOV.BROKEN.1", "total 9, Grit + Sagacity 10: not broken");
	fixture_free(&f);
	f = check_row("Grit=7 I=4", "", ";rounds_completed=0;corpse_wounds=0", "3 4");
	arb_result r = result_of(&f, "GR.MOV.BROKEN.1");
	cr_assert(eq(int, r.outcome, ARB_VALUE));
	STR_EQ(r.explanation, "total 7 within Grit 7: not broken, whatever its Sagacity");
	fixture_free(&f);
}

/* A broken unit moving away from its left, bottom and top edges (the board
 * 72 x 48): a1's gaps before and after, its centre less or plus its radius
 * 0.492 in. */
Test(grit, a_broken_unit_away_from_each_edge_is_measured)
{
	static const struct {
		const char *edge, *paths, *words;
	} rows[] = {
	    {"left", "a1 40,10 45,10; a2 40,11.5 45,11.5",
	     "A1 is broken and a1 does not move towards the left edge (step 1: 39.51 in from it "
	     "before, "
	     "44.51 after)"},
	    {"bottom", "a1 40,10 40,15; a2 40,11.5 40,16.5",
	     "A1 is broken and a1 does not move towards the bottom edge (step 1: 9.51 in from it "
	     "before, "
	     "14.51 after)"},
	    {"top", "a1 40,10 40,5; a2 40,11.5 40,6.5",
	     "A1 is broken and a1 does not move towards the top edge (step 1: 37.51 in from it "
	     "before, "
	     "42.51 after)"},
	};
	write_spec_tables("1\"", TABLES);
	for (size_t i = 0; i < 3; i++) {
		char row[1024];
		snprintf(row, sizeof row,
		         "S,GR.MOV.BROKEN.2,illegal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 "
		         "40,10 25; A1/a2 40,11.5 25; E1/e1 10,40 25\",,move A1,\"%s\",allied_"
		         "corpses_in_range=true;rounds_completed=0;corpse_wounds=0;in_cover=false;"
		         "deployment_edge=%s,morale_check: 6 6,\n",
		         rows[i].paths, rows[i].edge);
		fixture f = load(row);
		arb_result r = result_of(&f, "GR.MOV.BROKEN.2");
		cr_assert(eq(int, r.outcome, ARB_VIOLATED));
		STR_EQ(r.explanation, rows[i].words);
		fixture_free(&f);
	}
}

/* GR.MOV.BRAVE.3's words, a unit inspired and one not, rerolling in the
 * shooting phase. */
Test(grit, the_rerolls_are_explained)
{
	static const char head[] = "id,target,expect,context,units,models,action,facts\n";
	write_spec_tables("1\"", TABLES);
	fixture f = load_table(head, "S,GR.MOV.BRAVE.3,legal,phase=shooting;round=2,A1 A - "
	                             "inspired; E1 B -,\"A1/a1 10,10 25; E1/e1 60,40 25\",shoot "
	                             "A1,rerolled=true\n");
	arb_result r = result_of(&f, "GR.MOV.BRAVE.3");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.explanation, "A1 is inspired: it may reroll its dice this battle round");
	fixture_free(&f);
	f = load_table(head, "S,GR.MOV.BRAVE.3,illegal,phase=shooting;round=2,A1 A -; E1 B "
	                     "-,\"A1/a1 10,10 25; E1/e1 60,40 25\",shoot A1,rerolled=true\n");
	r = result_of(&f, "GR.MOV.BRAVE.3");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.explanation, "A1 is not inspired: the rerolls are not granted");
	fixture_free(&f);
}

/* ---- who is named, where two are as near or as far ---- */

/* The text names neither of two models equally placed; the predicates name
 * one, always the same: GR.MOV.ENG.1 the first model of the actor of the
 * closest pair and the first enemy model of it (a1 and a2 1.5 in left of
 * e1, 1 in below and above it; a1 1 in below e1 and e2 above it), GR.MOV.3
 * the first of two models gone through as deeply (f1 and f2 0.5 in either
 * side of a1's way), GR.MOV.ENG.6 the last of two models displaced as far;
 * and none when no model is displaced. */
Test(grit, ties_name_the_same_model)
{
	write_spec_tables("1\"", TABLES);
	fixture f = load("S,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 14,10 25; A1/a2 14,12 25; "
	                 "E1/e1 20,11 25\",,move A1,\"a1 14,10 18.5,10; a2 14,12 18.5,12\","
	                 "line_of_sight_at_start=true,,\n");
	arb_result r = result_of(&f, "GR.MOV.ENG.1");
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "e1");
	fixture_free(&f);

	f = load("S,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 14,11 25; E1/e1 20,10 25; E1/e2 "
	         "20,12 25\",,move A1,\"a1 14,11 18.5,11\",line_of_sight_at_start=true,,lenient\n");
	r = result_of(&f, "GR.MOV.ENG.1");
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "e1");
	fixture_free(&f);

	f = load(
	    "S,GR.MOV.3,illegal,A1 A - height=2; F1 A - height=1; E1 B -,\"A1/a1 10,10 25; "
	    "F1/f1 14,10.5 25; F1/f2 14,9.5 25; E1/e1 60,40 25\",,move A1,\"a1 10,10 18,10\",,,"
	    "lenient\n");
	r = result_of(&f, "GR.MOV.3");
	cr_assert(eq(int, r.outcome, ARB_VIOLATED));
	STR_EQ(r.subject, "a1");
	STR_EQ(r.object, "f1");
	fixture_free(&f);

	f = load("S,GR.MOV.ENG.6,legal,A1 A - engaged charged; E1 B - engaged,\"A1/a1 18.5,10 25; "
	         "A1/a2 18.5,11.5 25; E1/e1 20,10 25\",,displace A1,\"a1 18.5,10 18,10; a2 "
	         "18.5,11.5 18,11.5\",initiative_check_passed=false;displaced_by=charged,,\n");
	r = result_of(&f, "GR.MOV.ENG.6");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	STR_EQ(r.subject, "a2");
	fixture_free(&f);

	f = load("S,GR.MOV.ENG.6,legal,A1 A - engaged charged; E1 B - engaged,\"A1/a1 18.5,10 25; "
	         "A1/a2 18.5,11.5 25; E1/e1 20,10 25\",,displace A1,\"a1 18.5,10 18.5,10\","
	         "initiative_check_passed=false;displaced_by=charged,,\n");
	r = result_of(&f, "GR.MOV.ENG.6");
	cr_assert(eq(int, r.outcome, ARB_PERMITS));
	cr_assert(r.subject == NULL, "%s", r.subject);
	STR_EQ(r.explanation, "A1 failed its Initiative check and is moved 0.00 in (0.00 yd), up "
	                      "to 1.00 in (1 yd)");
	fixture_free(&f);
}

/* GR.MOV.MORALE.8 with two pieces of cover as near (GR-MOV-MOR-040..042):
 * T1 and T2 both 10 - 0.492 = 9.51 in from a1. Moving towards T1 only,
 * which is "the nearest piece of cover" the text does not say, in
 * whichever order the scenario lists them; moving down between them, from
 * sqrt(10^2 + 6^2) to sqrt(10^2 + 3^2) in of either corner, is towards
 * both, and the first is named. */
#define COVERS_ROW                                                                                 \
	"S,GR.MOV.MORALE.8,legal,A1 A - Grit=7 Sagacity=3 I=4; E1 B -,\"A1/a1 %s 25; E1/e1 60,40 " \
	"25\",\"%s\",move A1,\"a1 %s\",allied_corpses_in_range=true;rounds_completed=0;corpse_"    \
	"wounds=0;in_cover=false,morale_check: 4 5,lenient\n"
#define T1_COVER "T1 cover 40,18 42,18 42,24 40,24"
#define T2_COVER "T2 cover 18,18 20,18 20,24 18,24"

Test(grit, the_nearest_of_two_covers_as_near)
{
	char row[1024];
	write_spec_tables("1\"", TABLES);
	snprintf(row, sizeof row, COVERS_ROW, "30,20", T1_COVER "; " T2_COVER, "30,20 35,20");
	fixture f = load(row);
	arb_result r = result_of(&f, "GR.MOV.MORALE.8");
	cr_assert(eq(int, r.outcome, ARB_UNDECIDED));
	STR_EQ(r.explanation, "total 9 over Grit 7: A1 must move towards the nearest piece of "
	                      "cover; T1 and T2 are as near (9.51 in), and it moves towards T1 "
	                      "only: which is the nearest the text does not say");
	fixture_free(&f);

	snprintf(row, sizeof row, COVERS_ROW, "30,20", T2_COVER "; " T1_COVER, "30,20 35,20");
	f = load(row);
	r = result_of(&f, "GR.MOV.MORALE.8");
	cr_assert(eq(int, r.outcome, ARB_UNDECIDED));
	STR_EQ(r.explanation, "total 9 over Grit 7: A1 must move towards the nearest piece of "
	                      "cover; T2 and T1 are as near (9.51 in), and it moves towards T1 "
	                      "only: which is the nearest the text does not say");
	fixture_free(&f);

	snprintf(row, sizeof row, COVERS_ROW, "30,30", T1_COVER "; " T2_COVER, "30,30 30,27");
	f = load(row);
	r = result_of(&f, "GR.MOV.MORALE.8");
	cr_assert(eq(int, r.outcome, ARB_HOLDS));
	STR_EQ(r.object, "T1");
	cr_assert(epsilon_eq(dbl, r.measure.margin, sqrt(136) - sqrt(109), 1e-9));
	cr_assert(eq(int, r.measure.other, -1));
	fixture_free(&f);
}
