/* test_regiments.c: Regiments' Unit Movement (spec/regiments/movement.md,
 * oracle/rules/regiments/) on the real rulebook: the text's own numbers
 * agree with each other, its declared precedence is what the markup says,
 * every normative clause has a predicate, a wheel is measured on the arc
 * (not the chord) and a wheel about a point that is not a front corner is
 * bad input with file:line:column. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arbiter.h"
#include "support.h"

static arb_rulebook *g_rb;
static arb_oracle *g_o;

static void setup(void)
{
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
}

static void teardown(void)
{
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
}

TestSuite(regiments, .init = setup, .fini = teardown);

static double param(const char *clause, const char *name)
{
	const arb_clause *c = arb_rulebook_clause(g_rb, clause);
	cr_assert(c != NULL, "%s is not in spec/", clause);
	const arb_param *p = arb_clause_param(c, name);
	cr_assert(p != NULL, "%s has no parameter %s", clause, name);
	return p->value;
}

/* RG.MOV.MAN.4's example, "(a model with Move 4 can move up to 8" this
 * way)", is twice its Move as RG.MOV.MAN.3 and RG.MOV.REFORM.5 say. */
Test(regiments, example_of_twice_m_agrees_with_the_factor)
{
	double factor = param("RG.MOV.MAN.3", "manoeuvre_factor");
	cr_assert(eq(dbl, factor, 2.0));
	cr_assert(eq(dbl, param("RG.MOV.REFORM.5", "manoeuvre_factor"), factor));
	cr_assert(eq(dbl, param("RG.MOV.MAN.4", "example_move") * factor,
	             param("RG.MOV.MAN.4", "example_limit")));
	/* the four 1" of the 1" rule are one number */
	static const char *const gap[] = {"RG.MOV.GAP.1", "RG.MOV.PIVOT.2", "RG.MOV.PIVOT.3",
	                                  "RG.MOV.GAP.3", "RG.MOV.MAN.2"};
	for (size_t i = 0; i < sizeof gap / sizeof *gap; i++)
		cr_assert(eq(dbl, param(gap[i], "gap"), 1.0), "%s", gap[i]);
}

/* The text's own words rank four pairs of clauses, and nothing else. */
Test(regiments, declared_precedence_is_the_texts_words)
{
	static const char *const want[][3] = {
	    {"RG.MOV.PIVOT.1", "RG.MOV.GAP.1", "It may still"},
	    {"RG.MOV.PIVOT.4", "RG.MOV.PIVOT.3", "instead"},
	    {"RG.MOV.GAP.2", "RG.MOV.GAP.1", "This rule doesn't apply to"},
	    {"RG.MOV.FIRST.2", "RG.MOV.ORDER.1", "you can skip straight to"},
	};
	size_t n = arb_rulebook_precedence_count(g_rb, "regiments");
	cr_assert(eq(sz, n, 4));
	for (size_t k = 0; k < 4; k++) {
		bool found = false;
		for (size_t i = 0; i < n && !found; i++) {
			const arb_precedence *p = arb_rulebook_precedence_at(g_rb, "regiments", i);
			found = strcmp(p->winner, want[k][0]) == 0 &&
			        strcmp(p->loser, want[k][1]) == 0 && p->words &&
			        strcmp(p->words, want[k][2]) == 0 && !p->arguable;
		}
		cr_assert(found, "%s over %s (\"%s\") is not declared", want[k][0], want[k][1],
		          want[k][2]);
	}
}

Test(regiments, every_normative_clause_has_a_predicate)
{
	const arb_clause *out[8];
	size_t n = arb_oracle_unencoded(g_o, "regiments", out, 8);
	cr_assert(eq(sz, n, 0), "%s has no predicate", n ? out[0]->id : "");
	size_t mine = 0;
	for (size_t i = 0; i < arb_oracle_predicate_count(g_o); i++) {
		const arb_predicate *p = arb_oracle_predicate_at(g_o, i);
		if (strcmp(p->ruleset, "regiments") == 0) {
			mine++;
			cr_assert(not(arb_oracle_predicate_stale(g_o, i)), "%s is stale",
			          p->clause);
		}
	}
	/* 35 normative clauses: WHEEL.4, WHEEL.6 and PIVOT.2 with two readings, MAN.3 and REFORM.5
	 * with four */
	cr_assert(eq(sz, mine, 44));
}

#define HEAD  "id,target,expect,profile,context,units,models,action,paths,variants\n"
#define LINE3 "\"R1/r1 10,10 25.4x25.4; R1/r2 10,11 25.4x25.4; R1/r3 10,12 25.4x25.4\""

/* Loads one table of rows (a case set the caller frees), or the error. */
static int load(arb_caseset **cs, const char *rows, arb_error *err)
{
	char text[2048];
	snprintf(text, sizeof text, HEAD "%s", rows);
	cr_assert(eq(int, arb_caseset_new(cs), ARB_OK));
	return arb_caseset_load_text(*cs, "cases/regiments/movement/t.csv", text, strlen(text),
	                             g_rb, err);
}

/* A quarter wheel clockwise about the front-right corner (10.5, 9.5): r3,
 * the outside model, is sqrt(0.5^2 + 2.5^2) from it and moves on its arc,
 * sqrt(6.5) pi / 2 = 4.0048 in; the chord is sqrt(13) = 3.6056 in. With M
 * 4 the wheel is over; with M 4.01 it fits. */
Test(regiments, a_wheel_is_measured_on_the_arc)
{
	static const char *const m[] = {"4", "4.01"};
	for (int k = 0; k < 2; k++) {
		char rows[1024];
		snprintf(
		    rows, sizeof rows,
		    "W-%d,RG.MOV.WHEEL.4,legal,conventions,phase=movement;subphase=remaining_moves,"
		    "R1 A - M=%s," LINE3 ",wheel R1,"
		    "\"r1 10,10@0 ~10.5,9.5 11,10@270; r2 10,11@0 ~10.5,9.5 12,10@270; "
		    "r3 10,12@0 ~10.5,9.5 13,10@270\",none\n",
		    k, m[k]);
		arb_caseset *cs = NULL;
		arb_error err;
		char buf[1024];
		cr_assert(eq(int, load(&cs, rows, &err), ARB_OK), "%s",
		          arb_error_format(&err, buf, sizeof buf));
		arb_verdict *v = NULL;
		const arb_case *c = arb_caseset_at(cs, 0);
		cr_assert(eq(int, arb_judge(&v, g_o, c->scenario, NULL, &err), ARB_OK), "%s",
		          arb_error_format(&err, buf, sizeof buf));
		double arc = NAN;
		for (size_t i = 0; i < v->n_info; i++)
			if (strcmp(v->info[i].name, "wheel_arc_centre") == 0)
				arc = v->info[i].value;
		cr_assert(fabs(arc - sqrt(6.5) * 3.14159265358979323846 / 2) < 1e-12, "arc %.12f",
		          arc);
		cr_assert(fabs(arc - sqrt(13)) > 0.3, "the chord is not the measure");
		cr_assert(eq(int, (int)v->kind, k ? (int)ARB_V_LEGAL : (int)ARB_V_ILLEGAL));
		if (!k) {
			cr_assert(eq(sz, v->n_violates, 1));
			STR_EQ(v->violates[0], "RG.MOV.WHEEL.4");
		}
		arb_verdict_free(v);
		arb_caseset_free(cs);
	}
}

/* A wheel about the unit's rear-right corner (9.5, 9.5) is not a wheel:
 * bad input naming the cell, never a verdict. */
Test(regiments, a_wheel_about_a_rear_corner_is_bad_input)
{
	arb_caseset *cs = NULL;
	arb_error err;
	char buf[1024];
	int rc = load(
	    &cs,
	    "W-1,RG.MOV.WHEEL.1,illegal,,phase=movement;subphase=remaining_moves,R1 A - M=5," LINE3
	    ",wheel R1,\"r1 10,10@0 ~9.5,9.5 9,10@90; r2 10,11@0 ~9.5,9.5 8,10@90; "
	    "r3 10,12@0 ~9.5,9.5 7,10@90\",none\n",
	    &err);
	cr_assert(eq(int, rc, ARB_EINPUT));
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(strstr(buf, "t.csv:2:") != NULL, "%s", buf);
	cr_assert(strstr(buf, "field 'paths'") != NULL, "%s", buf);
	cr_assert(strstr(buf, "is not a front corner") != NULL, "%s", buf);
	arb_caseset_free(cs);
}

/* Bad input of a turn: an unknown sub-phase, an unknown status, a fact of
 * the wrong type are refused with the cell's line and the field, never
 * judged. */
Test(regiments, unknown_subphase_status_or_fact_is_bad_input)
{
	static const char *const rows[][2] = {
	    {"B-1,RG.MOV.ORDER.1,legal,,phase=movement;subphase=end_of_turn,R1 A - M=4," LINE3
	     ",move R1,\"r1 10,10 11,10; r2 10,11 11,11; r3 10,12 11,12\",\n",
	     "field 'context'"},
	    {"B-2,RG.MOV.ORDER.3,legal,,phase=movement;subphase=charge,R1 A - M=4 "
	     "acted_twice," LINE3 ",move R1,\"r1 10,10 11,10; r2 10,11 11,11; r3 10,12 11,12\",\n",
	     "field 'units'"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		arb_caseset *cs = NULL;
		arb_error err;
		char buf[1024];
		cr_assert(eq(int, load(&cs, rows[i][0], &err), ARB_EINPUT), "row %zu loaded", i);
		arb_error_format(&err, buf, sizeof buf);
		cr_assert(strstr(buf, "t.csv:2:") != NULL, "%s", buf);
		cr_assert(strstr(buf, rows[i][1]) != NULL, "%s", buf);
		arb_caseset_free(cs);
	}
}
