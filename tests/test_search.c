/* test_search.c: the dispute search (oracle/search*.c): its points, its
 * determinism, shards that add up to the whole search, shrinking, the
 * evidence a finding must carry, and the strict readers of baselines and
 * shard results. */
#include "json_io.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static arb_rulebook *g_rb;
static arb_oracle *g_o;

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s", err.message);
}

static void teardown(void)
{
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
}

TestSuite(search, .init = setup, .fini = teardown);

/* Scrollhammer's characteristics, as the case tables give them. */
static const double kM[] = {6, 8, 4};
static const double kI[] = {3};
static const arb_search_stat kStats[] = {{"scrollhammer", "M", kM, 3},
                                         {"scrollhammer", "I", kI, 1}};
static const char *const kSH[] = {"scrollhammer"};

static arb_search *small_search(size_t budget, size_t random)
{
	arb_search_options o = {.seed = 7,
	                        .budget = budget,
	                        .random = random,
	                        .rulesets = kSH,
	                        .n_rulesets = 1,
	                        .stats = kStats,
	                        .n_stats = 2};
	arb_search *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_search_new(&s, g_o, g_rb, &o, &err), ARB_OK), "%s", err.message);
	return s;
}

static size_t point_of(const arb_search *s, const char *action, const char *phase)
{
	for (size_t i = 0; i < arb_search_point_count(s); i++) {
		const arb_search_point *p = arb_search_point_at(s, i);
		if (strcmp(p->action, action) == 0 && strcmp(p->phase, phase) == 0)
			return i;
	}
	cr_fatal("no point %s in %s", action, phase);
	return 0;
}

Test(search, points_come_from_the_predicates_tags)
{
	arb_search *s = small_search(10, 0);
	size_t p = point_of(s, "move", "movement");
	const arb_search_point *pt = arb_search_point_at(s, p);
	STR_EQ(pt->ruleset, "scrollhammer");
	/* the sweep sees every value of every dimension once */
	cr_assert(gt(ulong, pt->sweep, 50));
	cr_assert(eq(ulong, pt->total, pt->sweep + 10));
	unsigned long long sum = 0;
	for (size_t i = 0; i < arb_search_point_count(s); i++)
		sum += arb_search_point_at(s, i)->total;
	cr_assert(eq(ulong, sum, arb_search_total(s)));
	arb_search_free(s);
}

Test(search, a_scenario_is_a_function_of_its_index)
{
	arb_search *s = small_search(10, 5), *t = small_search(10, 5);
	size_t p = point_of(s, "move", "movement");
	unsigned long long total = arb_search_point_at(s, p)->total;
	for (unsigned long long k = 0; k < total; k += 7) {
		arb_scenario *a = NULL, *b = NULL;
		arb_error err;
		arb_error_clear(&err);
		cr_assert(eq(int, arb_search_scenario(&a, s, p, k, &err), ARB_OK), "%s",
		          err.message);
		cr_assert(eq(int, arb_search_scenario(&b, t, p, k, &err), ARB_OK), "%s",
		          err.message);
		char *ja = arbj_scenario_dump(a), *jb = arbj_scenario_dump(b);
		STR_EQ(ja, jb);
		/* and one the validator accepts */
		cr_assert(eq(int, arb_scenario_validate(a, g_rb, &err), ARB_OK), "%llu: %s", k,
		          err.message);
		free(ja);
		free(jb);
		arb_scenario_free(a);
		arb_scenario_free(b);
	}
	arb_scenario *x = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_search_scenario(&x, s, p, total, &err), ARB_EINPUT));
	cr_assert(x == NULL);
	arb_search_free(s);
	arb_search_free(t);
}

Test(search, three_shards_make_the_whole_search)
{
	arb_search *whole = small_search(30, 10), *merged = small_search(30, 10);
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_search_run(whole, 0, 1, NULL, NULL, &err), ARB_OK), "%s",
	          err.message);
	cr_assert(eq(ulong, arb_search_judged(whole), arb_search_total(whole)));
	cr_assert(gt(sz, arb_search_finding_count(whole), 0));
	unsigned long long judged = 0;
	for (unsigned long long k = 0; k < 3; k++) {
		arb_search *part = small_search(30, 10);
		cr_assert(eq(int, arb_search_run(part, k, 3, NULL, NULL, &err), ARB_OK), "%s",
		          err.message);
		judged += arb_search_judged(part);
		for (size_t i = 0; i < arb_search_finding_count(part); i++) {
			const arb_search_finding *f = arb_search_finding_at(part, i);
			cr_assert(eq(int,
			             arb_search_note(merged, f->kind, f->clauses, f->n_clauses,
			                             f->point, f->index, f->count, &err),
			             ARB_OK),
			          "%s", err.message);
		}
		arb_search_free(part);
	}
	cr_assert(eq(ulong, judged, arb_search_total(whole)));
	cr_assert(eq(sz, arb_search_finding_count(merged), arb_search_finding_count(whole)));
	for (size_t i = 0; i < arb_search_finding_count(whole); i++) {
		const arb_search_finding *a = arb_search_finding_at(whole, i),
		                         *b = arb_search_finding_at(merged, i);
		STR_EQ(a->key, b->key);
		cr_assert(eq(sz, a->point, b->point));
		cr_assert(eq(ulong, a->index, b->index));
		cr_assert(eq(ulong, a->count, b->count));
	}
	cr_assert(eq(int, arb_search_run(whole, 3, 3, NULL, NULL, &err), ARB_EINPUT));
	arb_search_free(whole);
	arb_search_free(merged);
}

/* Every finding shrinks to a scenario that still shows it, and whose trace
 * shows the disagreement: no finding where the clauses agree. */
Test(search, shrunk_findings_still_disagree)
{
	arb_search *s = small_search(40, 0);
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_search_run(s, 0, 1, NULL, NULL, &err), ARB_OK), "%s", err.message);
	size_t n = arb_search_finding_count(s), confirmed = 0;
	cr_assert(gt(sz, n, 0));
	for (size_t i = 0; i < n; i++) {
		const arb_search_finding *f = arb_search_finding_at(s, i);
		arb_scenario *sc = NULL;
		arb_verdict *v = NULL;
		size_t steps = 0;
		cr_assert(eq(int, arb_search_shrink(&sc, &v, s, i, &steps, &err), ARB_OK), "%s: %s",
		          f->key, err.message);
		char key[8192], why[512];
		STR_EQ(arb_search_key(v, key, sizeof key), f->key);
		cr_assert(eq(int, (int)v->kind, (int)ARB_V_DISPUTED));
		bool ok = arb_search_confirms(v, f->key, why, sizeof why);
		if (!ok) {
			bool differ = false;
			cr_assert(eq(int,
			             arb_search_confirm_profiles(&differ, g_o, g_rb, sc, why,
			                                         sizeof why, &err),
			             ARB_OK));
			ok = differ;
		}
		confirmed += ok;
		/* shrinking never adds: one actor at least, never more units */
		cr_assert(ge(sz, sc->n_units, 1));
		arb_verdict_free(v);
		arb_scenario_free(sc);
	}
	cr_assert(eq(sz, confirmed, n));
	arb_search_free(s);
}

/* A verdict that is not disputed has no key, and a conflict key is not
 * confirmed by a trace in which nothing permits. */
Test(search, no_evidence_no_finding)
{
	arb_verdict v = {0};
	char key[64], why[256];
	v.kind = ARB_V_ILLEGAL;
	STR_EQ(arb_search_key(&v, key, sizeof key), "");
	cr_assert(not(arb_search_confirms(&v, "conflict SH.MOV.1 SH.MOV.DIST.1", why, sizeof why)));
	cr_assert(not(arb_search_confirms(&v, "gap SH.MOV.1", why, sizeof why)));
	cr_assert(not(arb_search_confirms(&v, "readings SH.MOV.COH.3", why, sizeof why)));
	cr_assert(not(arb_search_confirms(&v, "bogus SH.MOV.1", why, sizeof why)));
}

/* ---- baselines ---- */

static int read_baseline(arb_baseline **b, const char *text, arb_error *err)
{
	*b = NULL;
	arb_error_clear(err);
	return arb_baseline_read(b, text, strlen(text), "baseline.md", g_rb, "scrollhammer", err);
}

#define HEAD "---\nruleset: scrollhammer\ntitle: t\n---\n\n"

Test(search, baseline_reads_entries_with_sorted_clauses)
{
	arb_baseline *b;
	arb_error err;
	cr_assert(eq(int,
	             read_baseline(&b,
	                           HEAD "<!-- a comment\n over lines -->\n# heading\n"
	                                "- conflict SH.MOV.DIST.1 SH.MOV.1: known\r\n",
	                           &err),
	             ARB_OK),
	          "%s", err.message);
	cr_assert(eq(sz, arb_baseline_count(b), 1));
	STR_EQ(arb_baseline_at(b, 0)->key, "conflict SH.MOV.1 SH.MOV.DIST.1");
	STR_EQ(arb_baseline_at(b, 0)->reason, "known");
	cr_assert(eq(long, arb_baseline_at(b, 0)->line, 9));
	cr_assert(arb_baseline_find(b, "conflict SH.MOV.1 SH.MOV.DIST.1") != NULL);
	cr_assert(arb_baseline_find(b, "gap SH.MOV.1") == NULL);
	arb_baseline_free(b);
	arb_baseline_free(NULL);
}

static void bad_baseline(const char *text, long line, long column, const char *field)
{
	arb_baseline *b;
	arb_error err;
	cr_assert(eq(int, read_baseline(&b, text, &err), ARB_EINPUT), "accepted: %s", text);
	cr_assert(b == NULL);
	STR_EQ(err.file, "baseline.md");
	cr_assert(eq(long, err.line, line), "%s: line %ld", err.message, err.line);
	cr_assert(eq(long, err.column, column), "%s: column %ld", err.message, err.column);
	STR_EQ(err.field, field);
}

Test(search, baseline_errors_say_where)
{
	bad_baseline(HEAD "- conflict SH.MOV.1 SH.NOPE.9: x\n", 6, 21, "clauses");
	bad_baseline(HEAD "- gap GR.MOV.2: x\n", 6, 7, "clauses");
	bad_baseline(HEAD "- feud SH.MOV.1: x\n", 6, 3, "kind");
	bad_baseline(HEAD "- gap SH.MOV.1:   \n", 6, 16, "reason");
	bad_baseline(HEAD "- gap SH.MOV.1\n", 6, 15, "reason");
	bad_baseline(HEAD "- gap: x\n", 6, 6, "clauses");
	bad_baseline(HEAD "- gap SH.MOV.1: x\n- gap SH.MOV.1: y\n", 7, 1, "finding");
	bad_baseline(HEAD "- gap SH.MOV.1 SH.MOV.1: x\n", 6, 3, "clauses");
	bad_baseline(HEAD "some words\n", 6, 1, "finding");
	bad_baseline(HEAD "<!-- open\n\n", 6, 1, "finding");
	bad_baseline("---\nruleset: grit\ntitle: t\n---\n", 2, 10, "ruleset");
	bad_baseline("---\ntitle: t\n---\n", 1, 1, "ruleset");
	bad_baseline("- gap SH.MOV.1: x\n", 1, 1, "front matter");
	bad_baseline("---\nruleset: scrollhammer\n", 2, 1, "front matter");
}

/* ---- shard results ---- */

static int read_shard(arb_shard_result *h, arb_search *s, const char *text, arb_error *err)
{
	arb_error_clear(err);
	return arb_shard_read(h, s, text, strlen(text), "shard.txt", err);
}

#define SHEAD                                                                                      \
	"arbiter-conflicts-shard/1\nsearch 0123456789abcdef\nshard 2 of 3\njudged 10 rejected 1\n"

Test(search, shard_result_reads_back)
{
	arb_search *s = small_search(10, 0);
	arb_shard_result h;
	arb_error err;
	cr_assert(eq(int,
	             read_shard(&h, s, SHEAD "finding 0 3 2 conflict SH.MOV.DIST.1 SH.MOV.1\nend\n",
	                        &err),
	             ARB_OK),
	          "%s", err.message);
	STR_EQ(h.search, "0123456789abcdef");
	cr_assert(eq(ulong, h.shard, 2));
	cr_assert(eq(ulong, h.of, 3));
	cr_assert(eq(ulong, h.judged, 10));
	cr_assert(eq(sz, arb_search_finding_count(s), 1));
	STR_EQ(arb_search_finding_at(s, 0)->key, "conflict SH.MOV.1 SH.MOV.DIST.1");
	cr_assert(eq(ulong, arb_search_finding_at(s, 0)->count, 2));
	arb_search_free(s);
}

static void bad_shard(const char *text, long line, const char *field)
{
	arb_search *s = small_search(10, 0);
	arb_shard_result h;
	arb_error err;
	cr_assert(eq(int, read_shard(&h, s, text, &err), ARB_EINPUT), "accepted: %s", text);
	STR_EQ(err.file, "shard.txt");
	cr_assert(eq(long, err.line, line), "%s: line %ld", err.message, err.line);
	if (field)
		STR_EQ(err.field, field);
	arb_search_free(s);
}

Test(search, shard_result_errors_say_where)
{
	bad_shard(SHEAD, 4, NULL); /* no end: the shard did not finish */
	bad_shard("", 1, NULL);    /* nothing at all: line 1 (fuzz_baseline found it) */
	bad_shard(SHEAD "end\nfinding 0 1 1 gap SH.MOV.1\n", 6, NULL);
	bad_shard("arbiter-conflicts-shard/1\nsearch 0123456789abcdef\nshard 3 of 2\n", 3, "shard");
	bad_shard("arbiter-conflicts-shard/2\n", 1, "format");
	bad_shard("arbiter-conflicts-shard/1\nsearch 01234\n", 2, "search");
	bad_shard(SHEAD "finding 0 1 1 feud SH.MOV.1\nend\n", 5, "kind");
	bad_shard(SHEAD "finding 0 1 1 gap SH.NOPE.1\nend\n", 5, "clauses");
	bad_shard(SHEAD "finding 0 1 0 gap SH.MOV.1\nend\n", 5, "finding");
	bad_shard(SHEAD "finding 9999 1 1 gap SH.MOV.1\nend\n", 5, "index");
	bad_shard(SHEAD "finding 0 1 1 gap\nend\n", 5, "clauses");
}

/* ---- the search's own kinds ---- */

Test(search, kinds_parse_and_name)
{
	int bits;
	char buf[64];
	cr_assert(eq(int, arb_search_kind_parse("overlap", &bits), 0));
	cr_assert(eq(int, bits, ARB_SEARCH_OVERLAP));
	STR_EQ(arb_search_kind_name(bits, buf, sizeof buf), "overlap");
	cr_assert(eq(int, arb_search_kind_parse("no-legal-action", &bits), 0));
	cr_assert(eq(int, bits, ARB_SEARCH_NO_ACTION));
	STR_EQ(arb_search_kind_name(bits, buf, sizeof buf), "no-legal-action");
	cr_assert(eq(int, arb_search_kind_parse("conflict+gap", &bits), 0));
	cr_assert(eq(int, bits, ARB_DISPUTE_CONFLICT | ARB_DISPUTE_GAP));
	STR_EQ(arb_search_kind_name(bits, buf, sizeof buf), "conflict+gap");
	/* the search's own kinds stand alone; nothing else is a kind */
	cr_assert(eq(int, arb_search_kind_parse("overlap+gap", &bits), -1));
	cr_assert(eq(int, arb_search_kind_parse("gap+overlap", &bits), -1));
	cr_assert(eq(int, arb_search_kind_parse("overlap+", &bits), -1));
	cr_assert(eq(int, arb_search_kind_parse("overlaps", &bits), -1));
	/* a baseline may acknowledge an overlap, never a joined one */
	arb_baseline *b;
	arb_error err;
	cr_assert(eq(int, read_baseline(&b, HEAD "- overlap SH.MOV.DIST.1 SH.MOV.1: known\n", &err),
	             ARB_OK),
	          "%s", err.message);
	STR_EQ(arb_baseline_at(b, 0)->key, "overlap SH.MOV.1 SH.MOV.DIST.1");
	arb_baseline_free(b);
	bad_baseline(HEAD "- overlap+gap SH.MOV.1: x\n", 6, 3, "kind");
}

/* A Grit unit with Grit 5 and Sagacity 2 that must make a morale check
 * (allied corpses in range), with the dice and cover given. */
static arb_scenario *grit_morale(const char *dice, const char *in_cover)
{
	char text[2048];
	snprintf(text, sizeof text,
	         "{\"format\":\"arbiter-scenario/2\",\"id\":\"t\",\"ruleset\":\"grit\","
	         "\"context\":{\"phase\":\"movement\",\"battle_round\":1,\"active_side\":\"A\"},"
	         "\"board\":{\"w\":72,\"h\":48},\"dice\":[%s],"
	         "\"facts\":{\"allied_corpses_in_range\":\"true\",\"corpse_wounds\":\"0\","
	         "\"deployment_edge\":\"left\",\"in_cover\":\"%s\",\"rounds_completed\":\"0\"},"
	         "\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"stats\":{\"Grit\":5,\"Sagacity\":2,"
	         "\"I\":4,\"S\":5,\"height\":2},\"models\":[{\"id\":\"a1\",\"x\":30,\"y\":24,"
	         "\"base\":{\"shape\":\"round\",\"d_mm\":25}}]}],"
	         "\"action\":{\"type\":\"move\",\"unit\":\"A1\",\"paths\":[{\"model\":\"a1\","
	         "\"points\":[[30,24],[31,24]]}]}}",
	         dice, in_cover);
	arb_scenario *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arbj_scenario_parse(&s, text, strlen(text), "t.jsonl", 1, &err), ARB_OK),
	          "%s", err.message);
	return s;
}

static bool grit_shows(const arb_search *s, arb_scenario *sc, const char *key)
{
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, g_o, sc, NULL, &err), ARB_OK), "%s", err.message);
	bool shows = arb_search_shows(s, v, "grit", key);
	arb_verdict_free(v);
	return shows;
}

/* GR.MOV.MORALE.8 "If the result is greater than the unit's Grit, they
 * must move towards the nearest piece of cover" and GR.MOV.BROKEN.1/.2
 * "greater than the unit's Grit and Sagacity combined then the unit
 * breaks ... must spend their movement moving towards the nearest table
 * edge": a total of 12 is over both 5 and 5 + 2, nothing ranks the two
 * outcomes (issue 11: "a failed and a broken result both apply to one
 * roll"). 6 is over Grit only; double ones "automatically pass the test
 * regardless" (GR.MOV.BRAVE.1 ranks itself over both). */
Test(search, two_outcomes_of_one_roll_overlap)
{
	static const char *const kGR[] = {"grit"};
	arb_search_options o = {.seed = 1, .rulesets = kGR, .n_rulesets = 1};
	arb_search *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_search_new(&s, g_o, g_rb, &o, &err), ARB_OK), "%s", err.message);
	const char *k8 = "overlap GR.MOV.BROKEN.2 GR.MOV.MORALE.8";
	const char *k9 = "overlap GR.MOV.BROKEN.2 GR.MOV.MORALE.9";
	arb_scenario *sc = grit_morale("6,6", "false");
	cr_assert(grit_shows(s, sc, k8));
	cr_assert(not(grit_shows(s, sc, k9)));
	/* each an outcome of the roll: it does not apply to some other total */
	bool ok = false;
	char why[512];
	cr_assert(
	    eq(int, arb_search_confirm_roll(&ok, g_o, sc, k8, why, sizeof why, &err), ARB_OK));
	cr_assert(ok, "%s", why);
	cr_assert(eq(int, sc->dice[0], 6)); /* the dice put back */
	cr_assert(eq(int,
	             arb_search_confirm_roll(&ok, g_o, sc, "gap GR.MOV.2", why, sizeof why, &err),
	             ARB_EINPUT));
	arb_scenario_free(sc);
	sc = grit_morale("3,3", "false");
	cr_assert(not(grit_shows(s, sc, k8)));
	arb_scenario_free(sc);
	sc = grit_morale("1,1", "false");
	cr_assert(not(grit_shows(s, sc, k8)));
	arb_scenario_free(sc);
	sc = grit_morale("6,6", "true");
	cr_assert(grit_shows(s, sc, k9));
	cr_assert(not(grit_shows(s, sc, k8)));
	arb_scenario_free(sc);
	arb_search_free(s);
}

/* A broken unit on dead bodies, its deployment edge to its left
 * (GR.MOV.BROKEN.2 "must spend their movement moving towards the nearest
 * table edge in their deployment zone"; GR.MOV.DIFF.5 "that you can't end
 * your movement on"), as the full search shrinks its finding; with an
 * enemy unit of two models, the options add a move at each of them, to
 * the nearest point of it the unit reaches (docs/conflicts.md, "No legal
 * action"): two more moves judged, and still none legal. */
static arb_scenario *broken_on_bodies(const char *enemy)
{
	char text[3072];
	snprintf(text, sizeof text,
	         "{\"format\":\"arbiter-scenario/2\",\"id\":\"t\",\"ruleset\":\"grit\","
	         "\"context\":{\"phase\":\"movement\",\"battle_round\":1,\"active_side\":\"A\"},"
	         "\"board\":{\"w\":72,\"h\":48},\"dice\":[5,2],"
	         "\"facts\":{\"corpse_wounds\":\"0\",\"deployment_edge\":\"left\","
	         "\"rounds_completed\":\"0\"},"
	         "\"terrain\":[{\"id\":\"T1\",\"kind\":\"dead_bodies\",\"height\":0.24,"
	         "\"polygon\":[[28.3,23.5],[29.3,23.5],[29.3,24.5],[28.3,24.5]]}],"
	         "\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"stats\":{\"Grit\":2,\"I\":4,\"S\":5,"
	         "\"Sagacity\":3,\"height\":2},\"models\":[{\"id\":\"a1\",\"x\":28.8,\"y\":24,"
	         "\"base\":{\"shape\":\"round\",\"d_mm\":40}}]}%s],"
	         "\"action\":{\"type\":\"move\",\"unit\":\"A1\",\"paths\":[{\"model\":\"a1\","
	         "\"points\":[[28.8,24],[28.8,24]]}]}}",
	         enemy);
	arb_scenario *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arbj_scenario_parse(&s, text, strlen(text), "t.jsonl", 1, &err), ARB_OK),
	          "%s", err.message);
	return s;
}

Test(search, no_legal_action_tries_a_move_at_each_enemy_model)
{
	static const char *const kGR[] = {"grit"};
	arb_search_options o = {.seed = 1, .rulesets = kGR, .n_rulesets = 1};
	arb_search *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_search_new(&s, g_o, g_rb, &o, &err), ARB_OK), "%s", err.message);
	size_t pt = point_of(s, "move", "movement");
	const char *key = "no-legal-action GR.MOV.BROKEN.2";
	bool ok = false;
	char why[1024];
	arb_scenario *sc = broken_on_bodies("");
	cr_assert(
	    eq(int, arb_search_confirm_options(&ok, s, pt, sc, key, why, sizeof why, &err), ARB_OK),
	    "%s", err.message);
	cr_assert(ok, "%s", why);
	cr_assert(strstr(why, "each of 24 moves is illegal") != NULL, "%s", why);
	arb_scenario_free(sc);
	sc = broken_on_bodies(",{\"id\":\"E1\",\"side\":\"B\",\"stats\":{\"Grit\":5,\"I\":4,"
	                      "\"S\":5,\"Sagacity\":2,\"height\":2},\"models\":["
	                      "{\"id\":\"e1\",\"x\":40,\"y\":24,\"base\":{\"shape\":\"round\","
	                      "\"d_mm\":25}},{\"id\":\"e2\",\"x\":40,\"y\":30,\"base\":{"
	                      "\"shape\":\"round\",\"d_mm\":25}}]}");
	cr_assert(
	    eq(int, arb_search_confirm_options(&ok, s, pt, sc, key, why, sizeof why, &err), ARB_OK),
	    "%s", err.message);
	cr_assert(ok, "%s", why);
	cr_assert(strstr(why, "each of 26 moves is illegal") != NULL, "%s", why);
	arb_scenario_free(sc);
	arb_search_free(s);
}
