/*
 * test_odds.c: exact odds by enumeration (arb_odds_enumerate) against odds
 * computed by hand, on the real rulebook (the tests run from the project
 * root) and scenarios written as case tables.
 */
#include "support.h"

#include "arbiter.h"

#include <stdio.h>
#include <string.h>

static support_tmpdir g_tmp;
static arb_rulebook *g_rb;
static arb_oracle *g_o;
static arb_caseset *g_cs;

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	support_tmpdir_make(&g_tmp, "odds");
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
}

static void teardown(void)
{
	arb_caseset_free(g_cs);
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
	support_tmpdir_remove(&g_tmp);
}

TestSuite(odds, .init = setup, .fini = teardown);

#define HEADER "id,target,expect,units,models,terrain,action,paths,dice,facts\n"

/* Loads one row and returns its scenario. */
static const arb_scenario *row(const char *csv)
{
	arb_error err;
	arb_error_clear(&err);
	support_write(&g_tmp, "cases/scrollhammer/terrain/x.csv", csv);
	char path[128];
	snprintf(path, sizeof path, "%s/cases/scrollhammer/terrain/x.csv", g_tmp.path);
	cr_assert(eq(int, arb_caseset_load_file(g_cs, path, g_rb, &err), ARB_OK), "%s",
	          err.message);
	return arb_caseset_at(g_cs, arb_caseset_count(g_cs) - 1)->scenario;
}

static arb_odds odds(const arb_scenario *s, const char *profile)
{
	arb_odds od;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_odds_enumerate(&od, g_o, s, profile, &err), ARB_OK), "%s",
	          err.message);
	return od;
}

static unsigned long level_count(const arb_odds *od, const char *name, double level)
{
	for (size_t i = 0; i < od->n_values; i++)
		if (strcmp(od->values[i].name, name) == 0)
			for (size_t k = 0; k < od->values[i].n_levels; k++)
				if (od->values[i].level[k] == level)
					return od->values[i].count[k];
	return 0;
}

/* A 25 mm model moves 6" along y = 10 from x = 10; the wood spans x 12..16,
 * so the centre goes 4" through it and the base 4 + r = 4.49". */
#define WOOD_MOVE                                                                                  \
	"T-1,SH.TER.DIFF.3,legal,A1 A horde M=6,\"A1/a1 10,10 25\",\"T1 difficult 12,8 16,8 "      \
	"16,12 12,12\",move A1,\"a1 10,10 16,10\",3 5,\n"

Test(odds, difficult_check_centre_reading)
{
	/* highest of 2D6 at least 4: 1 - (3/6)^2 = 27/36 */
	arb_odds od = odds(row(HEADER WOOD_MOVE), "chain");
	cr_assert(eq(u64, od.outcomes, 36));
	cr_assert(eq(u64, od.by_kind[ARB_V_LEGAL], 27));
	cr_assert(eq(u64, od.by_kind[ARB_V_ILLEGAL], 9));
}

Test(odds, difficult_check_base_reading)
{
	/* highest of 2D6 at least 4.49, i.e. 5 or 6: 1 - (4/6)^2 = 20/36 */
	arb_odds od = odds(row(HEADER WOOD_MOVE), "literal");
	cr_assert(eq(u64, od.by_kind[ARB_V_LEGAL], 20));
	cr_assert(eq(u64, od.by_kind[ARB_V_ILLEGAL], 16));
}

Test(odds, difficult_check_readings_disagree_when_highest_is_4)
{
	/* all readings: highest 4 (7/36) is enough for the centre, not the base */
	arb_odds od = odds(row(HEADER WOOD_MOVE), "all");
	cr_assert(eq(u64, od.by_kind[ARB_V_LEGAL], 20));
	cr_assert(eq(u64, od.by_kind[ARB_V_DISPUTED], 7));
	cr_assert(eq(u64, od.by_kind[ARB_V_ILLEGAL], 9));
}

Test(odds, difficult_allowance_distribution)
{
	/* P(highest of 2D6 = k) = (2k - 1)/36 */
	arb_odds od = odds(row(HEADER WOOD_MOVE), "all");
	for (int k = 1; k <= 6; k++)
		cr_assert(
		    eq(u64, level_count(&od, "difficult_allowance", k), (unsigned long)(2 * k - 1)),
		    "highest die %d", k);
}

Test(odds, dangerous_wounds_distribution)
{
	/* two models cross a bog, a D6 each: 0 ones 25/36, one 10/36, two 1/36 */
	const arb_scenario *s =
	    row(HEADER "T-2,SH.TER.DANG.4,legal,A1 A horde M=6,\"A1/a1 10,10 25; "
	               "A1/a2 10,11 25\",\"T1 dangerous 12,8 16,8 16,12 12,12\","
	               "move A1,\"a1 10,10 14,10; a2 10,11 14,11\",3 5,\n");
	arb_odds od = odds(s, "all");
	cr_assert(eq(u64, level_count(&od, "dangerous_wounds", 0), 25));
	cr_assert(eq(u64, level_count(&od, "dangerous_wounds", 1), 10));
	cr_assert(eq(u64, level_count(&od, "dangerous_wounds", 2), 1));
	cr_assert(eq(u64, od.by_kind[ARB_V_LEGAL], 36), "wounds do not make the move illegal");
}

Test(odds, enumeration_leaves_the_scenario_alone)
{
	const arb_scenario *s = row(HEADER WOOD_MOVE);
	odds(s, "all");
	cr_assert(eq(int, s->dice[0], 3));
	cr_assert(eq(int, s->dice[1], 5));
}

Test(odds, refuses_no_dice_and_too_many)
{
	arb_odds od;
	arb_error err;
	arb_error_clear(&err);
	const arb_scenario *none =
	    row(HEADER "T-3,SH.MOV.DIST.1,legal,A1 A horde M=6,\"A1/a1 10,10 "
	               "25\",,move A1,\"a1 10,10 12,10\",,\n");
	cr_assert(eq(int, arb_odds_enumerate(&od, g_o, none, "all", &err), ARB_EINPUT));
	const arb_scenario *many =
	    row(HEADER "T-4,SH.MOV.DIST.1,legal,A1 A horde M=6,\"A1/a1 10,10 "
	               "25\",,move A1,\"a1 10,10 12,10\",1 2 3 4 5 6 1,\n");
	cr_assert(eq(int, arb_odds_enumerate(&od, g_o, many, "all", &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "dice"));
}

/* The real case tables' charge scenarios, by ID, with their own profile. */
static arb_odds case_odds(const char *file, const char *id)
{
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_caseset_load_file(g_cs, file, g_rb, &err), ARB_OK), "%s",
	          err.message);
	const arb_case *c = arb_caseset_find(g_cs, id);
	cr_assert(c != NULL, "no case %s", id);
	return odds(c->scenario, c->profile);
}

Test(odds, charge_of_9_inches_on_2d6)
{
	/* a 2D6 total of 9 or more: (4,5)..(6,6) = 10 of 36 */
	arb_odds od = case_odds("cases/scrollhammer/charge/hand-range.csv", "SH-CHG-RANGE-001");
	cr_assert(eq(u64, od.outcomes, 36));
	cr_assert(eq(u64, od.by_kind[ARB_V_LEGAL], 10));
}

Test(odds, charge_of_9_inches_through_difficult_terrain)
{
	/* 3D6 keeping the two lowest, at least 9: 23 of 216. By hand, sorted
	 * triples and their orders: 3-6-6 (3), 4-5-5 (3), 4-5-6 (6), 4-6-6 (3),
	 * 5-5-5 (1), 5-5-6 (3), 5-6-6 (3), 6-6-6 (1). The scenario also rolls 2D6
	 * that do not count: 23 x 36 = 828 of 7776. */
	arb_odds od = case_odds("cases/scrollhammer/charge/hand-range.csv", "SH-CHG-RANGE-041");
	cr_assert(eq(u64, od.outcomes, 7776));
	cr_assert(eq(u64, od.by_kind[ARB_V_LEGAL], 828));
}
