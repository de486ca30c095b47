/* test_json_verdict.c: the JSON Lines interchange (tools/writers/json_*.c,
 * docs/interchange.md), continued from test_json.c: exact verdict and error
 * lines, the verdict checker, and the two doors of the protocol (arbiter
 * judge and arbiter run, with a fixture predicate that faults). */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
/* Relative to this file: the tools' headers. */
#include "../tools/arbiter/cli.h"
#include "../tools/writers/json_io.h"

/* ---- verdicts and error lines ---- */

static const arb_predicate kDist = {.clause = "SH.MOV.DIST.1", .question = "move.distance"};
static const arb_predicate kCoh = {
    .clause = "SH.MOV.COH.3", .reading = "connected", .question = "unit.coherency"};

/* A line that arbj_verdict_check accepts (as a verdict, or an error line). */
static void check_ok(const char *line, bool want_error)
{
	char why[512];
	bool is_error = !want_error;
	int rc = arbj_verdict_check(line, &is_error, why, sizeof why);
	cr_assert(eq(int, rc, ARB_OK), "%s\n  %s", why, line);
	cr_assert(eq(int, is_error, want_error), "%s", line);
}

Test(json_verdict, exact_with_trace)
{
	const char *violates[] = {"SH.MOV.DIST.1"};
	const char *disputed[] = {"SH.MOV.COH.3", "SH.MOV.COH.6"};
	arb_kv values[] = {{"charge_range", 7}, {"cover", 0.1}, {"reach", INFINITY}};
	arb_kv info[] = {{"coherency", 2}};
	arb_trace trace[2] = {{.pred = &kDist}, {.pred = &kCoh, .reading = "connected"}};
	trace[0].result.outcome = ARB_VIOLATED;
	snprintf(trace[0].result.explanation, sizeof trace[0].result.explanation,
	         "moved 6.5 in, limit 6 in");
	trace[0].result.has_measure = true;
	trace[0].result.measure = (arb_measure){
	    .figure = 6.5, .limit = 6, .margin = -0.5, .p = {10, 10}, .q = {16.5, 10}};
	trace[1].result.outcome = ARB_HOLDS;
	snprintf(trace[1].result.explanation, sizeof trace[1].result.explanation,
	         "in \"coherency\"");
	trace[1].overridden_by = "SH.X.1";
	trace[1].not_selected = true;
	arb_verdict v = {.scenario_id = "SH-MOV-0001",
	                 .kind = ARB_V_DISPUTED,
	                 .dispute = ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS,
	                 .violates = violates,
	                 .n_violates = 1,
	                 .disputed = disputed,
	                 .n_disputed = 2,
	                 .values = values,
	                 .n_values = 3,
	                 .info = info,
	                 .n_info = 1,
	                 .trace = trace,
	                 .n_trace = 2};
	char *text = arbj_verdict_dump(&v, true);
	cr_assert(
	    eq(str, text,
	       "{\"dispute\":[\"conflict\",\"readings\"],"
	       "\"disputed\":[\"SH.MOV.COH.3\",\"SH.MOV.COH.6\"],"
	       "\"format\":\"arbiter-verdict/2\",\"id\":\"SH-MOV-0001\","
	       "\"info\":{\"coherency\":2},\"missing\":[],"
	       "\"trace\":[{\"clause\":\"SH.MOV.DIST.1\","
	       "\"explanation\":\"moved 6.5 in, limit 6 in\","
	       "\"measure\":{\"figure\":6.5,\"limit\":6,\"margin\":-0.5,\"p\":[10,10],"
	       "\"q\":[16.5,10]},\"missing\":null,\"not_selected\":false,"
	       "\"outcome\":\"violated\",\"overridden_by\":null,\"question\":\"move.distance\","
	       "\"reading\":null},"
	       "{\"clause\":\"SH.MOV.COH.3\",\"explanation\":\"in \\\"coherency\\\"\","
	       "\"measure\":null,\"missing\":null,\"not_selected\":true,\"outcome\":\"holds\","
	       "\"overridden_by\":\"SH.X.1\",\"question\":\"unit.coherency\","
	       "\"reading\":\"connected\"}],"
	       "\"values\":{\"charge_range\":7,\"cover\":0.1,\"reach\":null},"
	       "\"verdict\":\"disputed\",\"violates\":[\"SH.MOV.DIST.1\"]}"));
	check_ok(text, false);
	free(text);
}

Test(json_verdict, exact_without_trace)
{
	arb_trace trace[1] = {{.pred = &kDist}};
	arb_verdict v = {.scenario_id = "L-1", .kind = ARB_V_LEGAL, .trace = trace, .n_trace = 1};
	char *text = arbj_verdict_dump(&v, false);
	cr_assert(
	    eq(str, text,
	       "{\"dispute\":[],\"disputed\":[],\"format\":\"arbiter-verdict/2\",\"id\":\"L-1\","
	       "\"info\":{},\"missing\":[],\"values\":{},\"verdict\":\"legal\",\"violates\":[]}"));
	check_ok(text, false);
	free(text);
}

/* A missing-input verdict names the facts it needs; its trace entry says
 * which one the clause asked for. Informative values are apart. */
Test(json_verdict, missing_input_and_info)
{
	const char *missing[] = {"coherency_restorable", "enemy_visible"};
	arb_kv info[] = {{"coherency", 1.5}};
	arb_trace trace[1] = {{.pred = &kCoh, .reading = "connected"}};
	trace[0].result.outcome = ARB_MISSING;
	trace[0].result.missing = "coherency_restorable";
	snprintf(trace[0].result.explanation, sizeof trace[0].result.explanation,
	         "needs coherency_restorable");
	arb_verdict v = {.scenario_id = "M-1",
	                 .kind = ARB_V_MISSING_INPUT,
	                 .missing = missing,
	                 .n_missing = 2,
	                 .info = info,
	                 .n_info = 1,
	                 .trace = trace,
	                 .n_trace = 1};
	char *text = arbj_verdict_dump(&v, false);
	cr_assert(
	    eq(str, text,
	       "{\"dispute\":[],\"disputed\":[],\"format\":\"arbiter-verdict/2\",\"id\":\"M-1\","
	       "\"info\":{\"coherency\":1.5},"
	       "\"missing\":[\"coherency_restorable\",\"enemy_visible\"],\"values\":{},"
	       "\"verdict\":\"missing-input\",\"violates\":[]}"));
	check_ok(text, false);
	free(text);
	text = arbj_verdict_dump(&v, true);
	cr_assert(ne(ptr,
	             strstr(text, "\"missing\":\"coherency_restorable\",\"not_selected\":false,"
	                          "\"outcome\":\"missing\""),
	             NULL),
	          "%s", text);
	check_ok(text, false);
	free(text);
}

Test(json_verdict, explanation_cut_inside_a_character)
{
	/* snprintf may cut a UTF-8 character; the line stays valid JSON. */
	arb_trace trace[1] = {{.pred = &kDist}};
	memcpy(trace[0].result.explanation, "6\xe2\x80", 4);
	arb_verdict v = {.kind = ARB_V_ILLEGAL, .trace = trace, .n_trace = 1};
	char *text = arbj_verdict_dump(&v, true);
	cr_assert(ne(ptr, text, NULL));
	cr_assert(ne(ptr, strstr(text, "\"explanation\":\"6\xef\xbf\xbd\xef\xbf\xbd\""), NULL),
	          "%s", text);
	free(text);
}

Test(json_error_line, exact)
{
	arb_error err;
	arb_error_set(&err, ARB_EINPUT, "x.jsonl", 3, 0, "units[0].id", "expected a unit id");
	char *text = arbj_error_line(NULL, &err);
	cr_assert(eq(str, text,
	             "{\"error\":{\"column\":null,\"field\":\"units[0].id\",\"kind\":\"input\","
	             "\"line\":3,\"message\":\"expected a unit id\"},"
	             "\"format\":\"arbiter-verdict/2\",\"id\":null}"));
	check_ok(text, true);
	free(text);
}

Test(json_error_line, a_fault)
{
	arb_error err;
	arb_error_set(&err, ARB_EBUDGET, "<stdin>", 4, 0, NULL, "search out of budget");
	char *text = arbj_error_line("S-4", &err);
	cr_assert(eq(str, text,
	             "{\"error\":{\"column\":null,\"field\":null,\"kind\":\"fault\",\"line\":4,"
	             "\"message\":\"search out of budget\"},\"format\":\"arbiter-verdict/2\","
	             "\"id\":\"S-4\"}"));
	check_ok(text, true);
	free(text);
}

Test(json_error_line, from_a_syntax_error)
{
	const char *t = "{\"format\":\"arbiter-scenario/2\",\"id\":\"S-1\",}";
	arb_scenario *s = NULL;
	arb_error err;
	cr_assert(eq(int, arbj_scenario_parse(&s, t, strlen(t), "<stdin>", 12, &err), ARB_EINPUT));
	char *text = arbj_error_line("S-1", &err);
	cr_assert(eq(str, text,
	             "{\"error\":{\"column\":43,\"field\":null,\"kind\":\"input\",\"line\":12,"
	             "\"message\":\"invalid JSON: expected a member name (a string), found '}'\"},"
	             "\"format\":\"arbiter-verdict/2\",\"id\":\"S-1\"}"));
	check_ok(text, true);
	free(text);
}

/* ---- the verdict checker (arbj_verdict_check) ---- */

#define V_HEAD "\"format\":\"arbiter-verdict/2\",\"id\":\"C-1\""
#define V_EMPTY                                                                                    \
	"\"dispute\":[],\"disputed\":[],\"missing\":[],\"violates\":[],\"values\":{},\"info\":{}"

Test(json_check, good_lines)
{
	const char *good[] = {
	    "{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY "}",
	    "{" V_HEAD ",\"verdict\":\"not-applicable\"," V_EMPTY "}",
	    "{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"A.1\",\"B.2\"],\"dispute\":[],"
	    "\"disputed\":[],\"missing\":[],\"values\":{\"range\":7.5,\"inf\":null},\"info\":{}}",
	    "{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[\"A.1\"],"
	    "\"dispute\":[\"conflict\",\"gap\",\"readings\"],\"disputed\":[\"A.1\",\"B.1\"],"
	    "\"missing\":[],\"values\":{},\"info\":{\"coherency\":1}}",
	    "{" V_HEAD ",\"verdict\":\"missing-input\",\"violates\":[],\"dispute\":[],"
	    "\"disputed\":[],\"missing\":[\"f\",\"g\"],\"values\":{},\"info\":{}}",
	    /* a missing-input verdict may keep the clauses of a conflict elsewhere */
	    "{" V_HEAD ",\"verdict\":\"missing-input\",\"violates\":[\"A.1\"],\"dispute\":[],"
	    "\"disputed\":[],\"missing\":[\"f\"],\"values\":{},\"info\":{}}",
	    "{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"trace\":[]}",
	    /* info and trace are informative: an implementation may leave them out */
	    "{" V_HEAD ",\"verdict\":\"legal\",\"dispute\":[],\"disputed\":[],\"missing\":[],"
	    "\"violates\":[],\"values\":{}}",
	    "{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY
	    ",\"trace\":[{\"clause\":\"A.1\",\"reading\":\"r1\",\"question\":\"q\",\"outcome\":"
	    "\"holds\",\"explanation\":\"\",\"overridden_by\":null,\"not_selected\":false,"
	    "\"missing\":null,\"measure\":{\"figure\":1,\"limit\":null,\"margin\":null,\"p\":[0,0],"
	    "\"q\":[null,1]}}]}",
	};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		check_ok(good[i], false);
	check_ok("{\"error\":{\"column\":null,\"field\":null,\"kind\":\"input\",\"line\":null,"
	         "\"message\":\"blank line\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	         true);
}

/* Each bad line and a word of the reason, one rule broken at a time. */
Test(json_check, bad_lines)
{
	static const char *const bad[][2] = {
	    {"", "invalid JSON"},
	    {"[1]", "expected a verdict"},
	    {"{\"format\":\"arbiter-verdict/1\",\"id\":\"C-1\",\"verdict\":\"legal\"," V_EMPTY "}",
	     "field 'format'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"dispute\":[],\"disputed\":[],\"info\":{},"
	     "\"violates\":[],\"values\":{}}",
	     "missing"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"dispute\":[],\"disputed\":[],\"missing\":[],"
	     "\"violates\":[]}",
	     "values"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"extra\":1}", "extra"},
	    {"{" V_HEAD ",\"id\":\"C-2\",\"verdict\":\"legal\"," V_EMPTY "}", "invalid JSON"},
	    {"{\"format\":\"arbiter-verdict/2\",\"id\":null,\"verdict\":\"legal\"," V_EMPTY "}",
	     "field 'id'"},
	    {"{" V_HEAD ",\"verdict\":\"maybe\"," V_EMPTY "}", "field 'verdict'"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"B.1\",\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'violates': \"A.1\" after \"B.1\""},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"A.1\",\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "name each once"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "non-empty string"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "an illegal verdict names"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "must be [] when the verdict is legal"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[\"gap\"],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'dispute': must be [] unless the verdict is disputed"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'disputed': must be []"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "a disputed verdict says why"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[\"gap\"],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'disputed'"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[\"readings\","
	     "\"conflict\"],\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "in the order conflict, gap, readings"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[\"doubt\"],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "expected conflict, gap or readings"},
	    {"{" V_HEAD ",\"verdict\":\"missing-input\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "names the facts it needs"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[\"f\"],\"values\":{},\"info\":{}}",
	     "must be [] unless the verdict is missing-input"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{\"range\":\"7\"},\"info\":{}}",
	     "field 'values': \"range\": expected a number"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{\"c\":true}}",
	     "field 'info'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":[],\"info\":{}}",
	     "field 'values'"},
	    {"{" V_HEAD ",\"verdict\":\"not-applicable\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{\"range\":7},\"info\":{}}",
	     "nothing is derived"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"trace\":{}}", "field 'trace'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"trace\":[{\"clause\":\"A.1\"}]}",
	     "field 'trace[0]'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY
	     ",\"trace\":[{\"clause\":\"A.1\",\"reading\":null,\"question\":\"q\",\"outcome\":"
	     "\"fine\",\"explanation\":\"\",\"overridden_by\":null,\"not_selected\":false,"
	     "\"missing\":null,\"measure\":null}]}",
	     "unknown outcome"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY
	     ",\"trace\":[{\"clause\":\"A.1\",\"reading\":null,\"question\":\"q\",\"outcome\":"
	     "\"holds\",\"explanation\":\"\",\"overridden_by\":null,\"not_selected\":false,"
	     "\"missing\":null,\"measure\":{\"figure\":1,\"limit\":1,\"margin\":0,\"p\":[0],"
	     "\"q\":[0,0]}}]}",
	     "field 'trace[0].measure'"},
	    {"{\"error\":{\"column\":null,\"field\":null,\"kind\":\"oops\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	     "field 'error.kind'"},
	    {"{\"error\":{\"column\":0,\"field\":null,\"kind\":\"input\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	     "field 'error.column'"},
	    {"{\"error\":{\"field\":null,\"kind\":\"input\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	     "column"},
	    {"{\"error\":{\"column\":null,\"field\":null,\"kind\":\"input\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null,"
	     "\"verdict\":\"legal\"}",
	     "verdict"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char why[512] = "";
		bool is_error = true;
		int rc = arbj_verdict_check(bad[i][0], &is_error, why, sizeof why);
		cr_assert(eq(int, rc, ARB_EINPUT), "accepted: %s", bad[i][0]);
		cr_assert(not(is_error));
		cr_assert(strstr(why, bad[i][1]) != NULL, "why \"%s\" lacks \"%s\" for %s", why,
		          bad[i][1], bad[i][0]);
	}
	/* why may be NULL */
	cr_assert(eq(int, arbj_verdict_check("{}", NULL, NULL, 0), ARB_EINPUT));
}

/* ---- the two doors: arbiter judge and arbiter run ---- */

/*
 * A made-up ruleset "faultland" (prefix FL), written to a temporary spec
 * directory, and its one predicate, linked into the unit-test binary like
 * the fixtures of test_engine_fixture.c (rulebooks without faultland never bind
 * it). It answers from the fact f: "budget" is a fault (its search out of
 * budget), "missing" needs the fact g, "info" holds and shows an
 * informative value; otherwise it holds. Its explanation lists the paths in
 * their order, so that a trace shows the order of the move.
 */
ARB_PREDICATE(fl_x, .clause = "FL.X.1", .ruleset = "faultland", .actions = "move",
              .phases = "movement", .question = "q.x", .fingerprint = "0000000000000000")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *f = arb_scenario_fact(s, "f");
	if (f && strcmp(f, "budget") == 0) {
		arb_result_fault(r, ARB_EBUDGET, "the search ran out of its budget");
		return;
	}
	if (f && strcmp(f, "missing") == 0 && !arb_scenario_fact(s, "g")) {
		arb_result_missing(r, "g", "whether g holds is not given");
		return;
	}
	r->outcome = ARB_HOLDS;
	if (f && strcmp(f, "info") == 0)
		arb_result_info(r, "spread", 1.5);
	char order[128] = "";
	for (size_t i = 0; i < s->action.n_paths; i++)
		snprintf(order + strlen(order), sizeof order - strlen(order), " %s",
		         s->action.paths[i].model);
	arb_result_explain(r, "moves in the order:%s", order);
}

static support_tmpdir g_fl;
static char g_fl_spec[128], g_fl_cases[128];

static void faultland_setup(void)
{
	support_tmpdir_make(&g_fl, "json");
	snprintf(g_fl_spec, sizeof g_fl_spec, "%s/spec", g_fl.path);
	snprintf(g_fl_cases, sizeof g_fl_cases, "%s/cases", g_fl.path);
	support_write(&g_fl, "spec/conventions.md",
	              "---\nruleset: conventions\nsection: conventions\ntitle: Measuring "
	              "conventions\nsource: test\n---\n\n{#CONV.TOL.1 convention}\nEvery "
	              "comparison with a limit accepts an error of [0.000001\"]{tolerance}.\n");
	support_write(&g_fl, "spec/faultland/ruleset.md",
	              "---\nruleset: faultland\ntitle: Faultland\nprefix: FL\nsections: alpha\n"
	              "actions: move\nphases: movement\nfacts: f:ok|budget|missing|info, g:bool\n"
	              "---\n\n# Faultland\n");
	support_write(
	    &g_fl, "spec/faultland/alpha.md",
	    "---\nruleset: faultland\nsection: alpha\ntitle: Alpha\nsource: test\n---\n\n"
	    "# Alpha\n\n{#FL.X.1 constraint}\nModels move, unless the search runs out.\n");
	/* u2 moves before u1: the paths are given in that order. */
	support_write(&g_fl, "cases/faultland/alpha/good.csv",
	              "id,target,expect,units,models,action,paths,facts\n"
	              "FL-1,FL.X.1,legal,U1 A -,\"U1/u1 10,10 25; U1/u2 12,10 25\",move U1,"
	              "\"u2 12,10 13,10; u1 10,10 11,10\",f=ok\n"
	              "FL-3,FL.X.1,missing-input,U1 A -,\"U1/u1 10,10 25\",move U1,,f=missing\n"
	              "FL-4,FL.X.1,legal,U1 A -,\"U1/u1 10,10 25\",move U1,,f=info\n");
	support_write(&g_fl, "cases/faultland/alpha/fault.csv",
	              "id,target,expect,units,models,action,facts\n"
	              "FL-2,FL.X.1,legal,U1 A -,\"U1/u1 10,10 25\",move U1,f=budget\n");
}

static void faultland_teardown(void)
{
	support_tmpdir_remove(&g_fl);
}

TestSuite(json_doors, .init = faultland_setup, .fini = faultland_teardown);

/* The text of file rel under the fixture (malloc'd; "" if absent). */
static char *slurp(const char *rel)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", g_fl.path, rel);
	FILE *f = fopen(path, "rb");
	char *buf = calloc(1, 1);
	size_t n = 0;
	if (!f)
		return buf;
	char chunk[4096];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
		buf = realloc(buf, n + k + 1);
		cr_assert(buf != NULL);
		memcpy(buf + n, chunk, k);
		n += k;
		buf[n] = '\0';
	}
	fclose(f);
	return buf;
}

/* Runs a subcommand over the fixture with standard input from in (a file
 * under the fixture, or NULL), standard output and error into out and err
 * (files under the fixture). Returns its exit status. */
static int door(cli_fn fn, const char *in, const char *out, const char *err, int argc, char **argv)
{
	char path[512];
	cli_env env = {.spec_dir = g_fl_spec, .cases_dir = g_fl_cases};
	fflush(stdout);
	fflush(stderr);
	int saved[3] = {dup(0), dup(1), dup(2)};
	const char *files[3] = {in, out, err};
	for (int k = 0; k < 3; k++) {
		if (!files[k])
			continue;
		snprintf(path, sizeof path, "%s/%s", g_fl.path, files[k]);
		int fd = k ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open(path, O_RDONLY);
		cr_assert(fd >= 0, "cannot open %s", path);
		dup2(fd, k);
		close(fd);
	}
	clearerr(stdin);
	int status = fn(&env, argc, argv);
	fflush(stdout);
	fflush(stderr);
	for (int k = 0; k < 3; k++) {
		dup2(saved[k], k);
		close(saved[k]);
	}
	clearerr(stdin);
	return status;
}

/* The n-th line (from 1) of text, as a malloc'd string; NULL if none. */
static char *nth_line(const char *text, int n)
{
	for (int i = 1; i < n && text; i++) {
		text = strchr(text, '\n');
		text = text ? text + 1 : NULL;
	}
	if (!text || !*text)
		return NULL;
	size_t len = strcspn(text, "\n");
	char *l = malloc(len + 1);
	memcpy(l, text, len);
	l[len] = '\0';
	return l;
}

static size_t count_lines(const char *text)
{
	size_t n = 0;
	for (; *text; text++)
		n += *text == '\n';
	return n;
}

static char *fixture_path(const char *rel)
{
	char *p = malloc(512);
	snprintf(p, 512, "%s/%s", g_fl.path, rel);
	return p;
}

/* export keeps the order of the paths as the case gives it. */
Test(json_doors, export_keeps_path_order)
{
	char *out = fixture_path("good.jsonl"),
	     *csv = fixture_path("cases/faultland/alpha/good.csv");
	char *argv[] = {"-o", out, csv};
	cr_assert(eq(int, door(cmd_export, NULL, NULL, NULL, 3, argv), EXIT_AGREE));
	char *text = slurp("good.jsonl");
	cr_assert(eq(sz, count_lines(text), 3));
	const char *u2 = strstr(text, "{\"model\":\"u2\""), *u1 = strstr(text, "{\"model\":\"u1\"");
	cr_assert(u2 && u1 && u2 < u1, "%s", text);
	free(text);
	free(out);
	free(csv);
}

/* Every input line gets one output line, in order: a fault is an error
 * line (kind "fault"), never a verdict; blank lines are error lines. */
Test(json_doors, judge_one_line_for_every_line)
{
	char *out = fixture_path("suite.jsonl");
	char *argv[] = {"-o", out};
	cr_assert(eq(int, door(cmd_export, NULL, NULL, NULL, 2, argv), EXIT_AGREE));
	free(out);
	char *suite = slurp("suite.jsonl");
	/* fault.csv sorts before good.csv: FL-2, FL-1, FL-3, FL-4 */
	cr_assert(eq(sz, count_lines(suite), 4));
	char *input = malloc(strlen(suite) + 16);
	sprintf(input, "%s\n \t\r\n", suite);
	support_write(&g_fl, "in.jsonl", input);
	int status = door(cmd_judge, "in.jsonl", "out.jsonl", "err.txt", 0, NULL);
	cr_assert(eq(int, status, EXIT_BADINPUT));
	char *text = slurp("out.jsonl"), *err = slurp("err.txt");
	cr_assert(eq(sz, count_lines(text), 6), "%s", text);
	char *l[7];
	for (int i = 1; i <= 6; i++) {
		l[i] = nth_line(text, i);
		check_ok(l[i], i == 1 || i >= 5);
	}
	cr_assert(ne(ptr, strstr(l[1], "\"kind\":\"fault\",\"line\":1,"), NULL), "%s", l[1]);
	cr_assert(ne(ptr, strstr(l[1], "the search ran out of its budget"), NULL), "%s", l[1]);
	cr_assert(ne(ptr, strstr(l[1], "\"id\":\"FL-2\""), NULL), "%s", l[1]);
	cr_assert(ne(ptr, strstr(l[2], "\"id\":\"FL-1\""), NULL), "%s", l[2]);
	cr_assert(ne(ptr, strstr(l[3], "\"missing\":[\"g\"]"), NULL), "%s", l[3]);
	cr_assert(ne(ptr, strstr(l[3], "\"verdict\":\"missing-input\""), NULL), "%s", l[3]);
	cr_assert(ne(ptr, strstr(l[4], "\"info\":{\"spread\":1.5}"), NULL), "%s", l[4]);
	cr_assert(ne(ptr, strstr(l[4], "\"values\":{}"), NULL), "%s", l[4]);
	for (int i = 5; i <= 6; i++) {
		char want[64];
		snprintf(want, sizeof want,
		         "\"kind\":\"input\",\"line\":%d,\"message\":\"blank line", i);
		cr_assert(ne(ptr, strstr(l[i], want), NULL), "%s", l[i]);
	}
	cr_assert(ne(ptr, strstr(err, "<stdin>:1:"), NULL), "%s", err);
	cr_assert(ne(ptr, strstr(err, "3 of 6 lines could not be judged"), NULL), "%s", err);
	for (int i = 1; i <= 6; i++)
		free(l[i]);
	free(text);
	free(err);
	free(input);
	free(suite);
}

/* A fault is an error of the run, naming the case and its file:line. */
Test(json_doors, run_fault_is_an_error)
{
	char *argv[] = {"-q"};
	int status = door(cmd_run, NULL, "out.txt", "err.txt", 1, argv);
	cr_assert(eq(int, status, EXIT_BADINPUT));
	char *out = slurp("out.txt"), *err = slurp("err.txt");
	cr_assert(ne(ptr, strstr(err, "case FL-2 ("), NULL), "%s", err);
	cr_assert(
	    ne(ptr, strstr(err, "cases/faultland/alpha/fault.csv:2) could not be judged"), NULL),
	    "%s", err);
	cr_assert(ne(ptr, strstr(err, "ran out of its budget"), NULL), "%s", err);
	cr_assert(
	    ne(ptr, strstr(out, "4 cases: 3 agreed, 0 disagreed, 1 could not be judged"), NULL),
	    "%s", out);
	free(out);
	free(err);
}

/* Both doors on the cases that can be judged: run --twin compares in
 * process, and export | judge gives the same verdict lines as run
 * --verdicts, byte for byte. */
Test(json_doors, twin)
{
	char *csv = fixture_path("cases/faultland/alpha/good.csv");
	char *lib = fixture_path("lib.jsonl"), *exp = fixture_path("good.jsonl");
	char *run_argv[] = {"-q", "--twin", "--verdicts", lib, csv};
	int status = door(cmd_run, NULL, "out.txt", "err.txt", 5, run_argv);
	char *out = slurp("out.txt");
	cr_assert(eq(int, status, EXIT_AGREE), "%s", out);
	cr_assert(ne(ptr, strstr(out, "twin: 3 of 3 verdicts identical"), NULL), "%s", out);
	char *exp_argv[] = {"-o", exp, csv};
	cr_assert(eq(int, door(cmd_export, NULL, NULL, NULL, 3, exp_argv), EXIT_AGREE));
	cr_assert(
	    eq(int, door(cmd_judge, "good.jsonl", "wire.jsonl", "err.txt", 0, NULL), EXIT_AGREE));
	char *a = slurp("lib.jsonl"), *b = slurp("wire.jsonl");
	cr_assert(eq(sz, count_lines(a), 3));
	cr_assert(eq(str, a, b));
	for (int i = 1; i <= 3; i++) {
		char *l = nth_line(a, i);
		check_ok(l, false);
		free(l);
	}
	free(a);
	free(b);
	free(out);
	free(csv);
	free(lib);
	free(exp);
}
