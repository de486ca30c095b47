/* test_lint.c: unit tests of `arbiter lint`'s checks (oracle/lint.c,
 * arbiter.h section 8).
 *
 * The fixture is a made-up ruleset "lintland" (prefix LL) written by each
 * test to a temporary spec directory (/tmp/arbiter-lint-XXXXXX, removed by
 * the suite's .fini), with the predicates below declared like the real
 * ones. They are linked into the unit-test binary beside the Scrollhammer
 * and testland predicates; the oracle and lint both leave out predicates of
 * rulesets a rulebook does not contain, so only lintland's rulebook sees
 * these. Each answers from a scenario fact:
 *
 *   clause      kind        fact  answer
 *   LL.MOVE.1   constraint  m     yes: holds, no: violated; reads max_move
 *   LL.GRANT.1  permission  g     yes: permits
 *   LL.PARAM.1  constraint  p     yes: holds, no: violated; reads `used`,
 *                                 not `spare`
 *   LL.ODD.1    constraint  -     never applies; reads `reach`
 *
 * Otherwise a predicate is not applicable. Each ARB_PREDICATE is written on
 * one line (the line a multi-line macro call reports differs between gcc
 * and clang) and LINE_* records it. The fingerprints were computed with
 * arb_fingerprint on the clause texts, parameters as {name}; the test
 * fixture_fingerprints_match checks them.
 *
 * Case tables are written to <tmp>/cases/lintland/sec/NAME.csv. The tests
 * on the real rulebook (run from the project root) copy spec/ to the
 * temporary directory and edit the copy.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arbiter.h"
#include "support.h"

/* ---- fixture predicates ---- */

#define FP_MOVE      "ff9781af63c8f0f7" /* Models move up to {max_move} in a turn. */
#define FP_GRANT     "6cab695a8da57f2f" /* Models may move again. */
#define FP_PARAM     "2124cc603ef0a333" /* Models keep {used} apart and {spare} from the edge. */
#define FP_ODD       "eb66026d2d2a60b0" /* Models reach {reach} beyond. */
#define FP_MOVE_WALK "f9bd17189f086e5b" /* Models walk up to {max_move} in a turn. */

#define LL_TAG(cl, q, prm, fp)                                                                     \
	.clause = cl, .ruleset = "lintland", .actions = "move", .phases = "movement",              \
	.question = q, .params = prm, .fingerprint = fp

static bool fact_is(const arb_eval *ev, const char *name, const char *value)
{
	const char *f = arb_scenario_fact(arb_eval_scenario(ev), name);
	return f && strcmp(f, value) == 0;
}

/* Violated on "no", holds on "yes", else not applicable. */
static void yes_no(const arb_eval *ev, arb_result *r, const char *fact)
{
	if (fact_is(ev, fact, "no"))
		r->outcome = ARB_VIOLATED;
	else if (fact_is(ev, fact, "yes"))
		r->outcome = ARB_HOLDS;
	else
		r->outcome = ARB_NA;
}

enum { LINE_MOVE = __LINE__ + 1 };
ARB_PREDICATE(ll_move, LL_TAG("LL.MOVE.1", "q.move", "max_move", FP_MOVE))
{
	yes_no(ev, r, "m");
	if (r->outcome != ARB_NA)
		arb_result_explain(r, "limit %g in", arb_eval_param(ev, "max_move"));
}

enum { LINE_GRANT = __LINE__ + 1 };
ARB_PREDICATE(ll_grant, LL_TAG("LL.GRANT.1", "q.grant", NULL, FP_GRANT))
{
	r->outcome = fact_is(ev, "g", "yes") ? ARB_PERMITS : ARB_NA;
}

enum { LINE_PARAM = __LINE__ + 1 };
ARB_PREDICATE(ll_param, LL_TAG("LL.PARAM.1", "q.param", "used", FP_PARAM))
{
	yes_no(ev, r, "p");
}

enum { LINE_ODD = __LINE__ + 1 };
ARB_PREDICATE(ll_odd, LL_TAG("LL.ODD.1", "q.odd", "reach", FP_ODD))
{
	(void)ev;
	r->outcome = ARB_NA;
}

/* ---- the temporary directory and what the tests hold ---- */

static support_tmpdir g_tmp;
static char g_spec[128];
static arb_rulebook *g_rb;
static arb_oracle *g_o;
static arb_caseset *g_cs;
static arb_lint *g_l;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "lint");
	snprintf(g_spec, sizeof g_spec, "%s/spec", g_tmp.path);
}

static void teardown(void)
{
	arb_lint_free(g_l);
	arb_caseset_free(g_cs);
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
	g_l = NULL;
	g_cs = NULL;
	g_o = NULL;
	g_rb = NULL;
	support_tmpdir_remove(&g_tmp);
}

TestSuite(lint, .init = setup, .fini = teardown);

static void put(const char *rel, const char *text)
{
	support_write(&g_tmp, rel, text);
}

/* ---- fixture texts (line numbers in the comments) ---- */

static const char kConv[] =
    "---\n"                                                                        /* 1 */
    "ruleset: conventions\n"                                                       /* 2 */
    "section: conventions\n"                                                       /* 3 */
    "title: Measuring conventions\n"                                               /* 4 */
    "source: test\n"                                                               /* 5 */
    "---\n"                                                                        /* 6 */
    "\n"                                                                           /* 7 */
    "# Conventions\n"                                                              /* 8 */
    "\n"                                                                           /* 9 */
    "{#CONV.TOL.1 convention}\n"                                                   /* 10 */
    "Every comparison with a limit accepts an error of [0.000001\"]{tolerance}.\n" /* 11 */
    "\n"                                                                           /* 12 */
    "{#CONV.WIB.1 convention when=wibble}\n"                                       /* 13 */
    "A wibble is measured from the centre of the base.\n"                          /* 14 */
    "\n"                                                                           /* 15 */
    "{#CONV.YARD.1 convention when=unit:yd}\n"                                     /* 16 */
    "A yard on the table is one inch.\n";                                          /* 17 */

/* ruleset.md: line 10 is the `states:` line, the body starts on line 15. */
static const char kRulesetFmt[] = "---\n"                                 /* 1 */
                                  "ruleset: lintland\n"                   /* 2 */
                                  "title: Lintland\n"                     /* 3 */
                                  "prefix: LL\n"                          /* 4 */
                                  "sections: %s\n"                        /* 5: alpha, beta */
                                  "actions: move\n"                       /* 6 */
                                  "phases: movement\n"                    /* 7 */
                                  "facts: m:yes|no, g:yes|no, p:yes|no\n" /* 8 */
                                  "retired: LL.OLD.1\n"                   /* 9 */
                                  "%s\n"                                  /* 10: states */
                                  "---\n"                                 /* 11 */
                                  "\n"                                    /* 12 */
                                  "# Lintland\n"                          /* 13 */
                                  "\n"                                    /* 14 */
                                  "%s";                                   /* 15: body */

#define MOVE_TEXT "Models move up to [6\"]{max_move} in a turn."

static const char kAlphaFmt[] =
    "---\n"                                                           /* 1 */
    "ruleset: lintland\n"                                             /* 2 */
    "section: alpha\n"                                                /* 3 */
    "title: Alpha\n"                                                  /* 4 */
    "source: test\n"                                                  /* 5 */
    "---\n"                                                           /* 6 */
    "\n"                                                              /* 7 */
    "# Alpha\n"                                                       /* 8 */
    "\n"                                                              /* 9 */
    "## Moving\n"                                                     /* 10 */
    "\n"                                                              /* 11 */
    "{#LL.MOVE.1 constraint}\n"                                       /* 12 */
    "%s\n"                                                            /* 13: MOVE_TEXT */
    "\n"                                                              /* 14 */
    "{#LL.GRANT.1 permission}\n"                                      /* 15 */
    "Models may move again.\n"                                        /* 16 */
    "\n"                                                              /* 17 */
    "{#LL.PARAM.1 constraint}\n"                                      /* 18 */
    "Models keep [2\"]{used} apart and [3\"]{spare} from the edge.\n" /* 19 */
    "\n"                                                              /* 20 */
    "%s\n"                                      /* 21: {#LL.ODD.1 constraint} */
    "%s\n"                                      /* 22: Models reach [1"]{reach} beyond. */
    "\n"                                        /* 23 */
    "{#LL.PROC.1 procedure}\n"                  /* 24 */
    "First move, then wibble.\n"                /* 25 */
    "\n"                                        /* 26 */
    "{#LL.FLAV.1 flavour}\n"                    /* 27 */
    "War is loud.\n"                            /* 28 */
    "\n"                                        /* 29 */
    "## Stand Fast:\n"                          /* 30 */
    "\n"                                        /* 31 */
    "{#LL.SF.1 flavour}\n"                      /* 32 */
    "A unit that stands fast does not flee.\n"; /* 33 */

static const char kBeta[] =
    "---\n"                                                                       /* 1 */
    "ruleset: lintland\n"                                                         /* 2 */
    "section: beta\n"                                                             /* 3 */
    "title: Beta\n"                                                               /* 4 */
    "source: test\n"                                                              /* 5 */
    "---\n"                                                                       /* 6 */
    "\n"                                                                          /* 7 */
    "# Beta\n"                                                                    /* 8 */
    "\n"                                                                          /* 9 */
    "{#LL.REF.1 advisory}\n"                                                      /* 10 */
    "Details are elsewhere [(see page XX)]{ref:?}.\n"                             /* 11 */
    "\n"                                                                          /* 12 */
    "{#LL.REF.2 advisory}\n"                                                      /* 13 */
    "Roll [on the table below]{ref:?table}.\n"                                    /* 14 */
    "\n"                                                                          /* 15 */
    "{#LL.REF.3 advisory}\n"                                                      /* 16 */
    "See [the void]{ref:LL.NOPE.9} and [the lost chapter]{ref:lintland/gamma}.\n" /* 17 */
    "\n"                                                                          /* 18 */
    "{#LL.REF.4 advisory}\n"                                                      /* 19 */
    "See [above]{ref:LL.MOVE.1} and [the first section]{ref:lintland/alpha}.\n"   /* 20 */
    "\n"                                                                          /* 21 */
    "{#LL.TERM.1 advisory}\n"                                                     /* 22 */
    "A [Wibbler]{term:Wibbler} may join a [Horde]{term:Horde} that will "
    "[stand fast]{term:Stand Fast}.\n"                     /* 23 */
    "\n"                                                   /* 24 */
    "{#LL.TERM.2 advisory}\n"                              /* 25 */
    "Every [Wibbler]{term:Wibbler} is loud.\n"             /* 26 */
    "\n"                                                   /* 27 */
    "{#LL.DEF.1 advisory}\n"                               /* 28 */
    "A [Horde]{def:Horde} is a big unit.\n"                /* 29 */
    "\n"                                                   /* 30 */
    "{#LL.DEF.2 advisory}\n"                               /* 31 */
    "A [Horde]{def:Horde} is a very big unit.\n"           /* 32 */
    "\n"                                                   /* 33 */
    "{#LL.YARD.1 constraint}\n"                            /* 34 */
    "Archers shoot [a yard]{span} further in the rain.\n"; /* 35 */
                                                           /* 36: blank, 37: a tail's tag line */

/* What a test changes in the fixture; NULL keeps the default. */
typedef struct fx {
	const char *sections;  /* ruleset.md line 5 */
	const char *states;    /* ruleset.md line 10 */
	const char *body;      /* ruleset.md from line 15 */
	const char *move_text; /* alpha.md line 13 */
	const char *odd_tag;   /* alpha.md line 21 */
	const char *odd_text;  /* alpha.md line 22 */
	const char *beta_tail; /* appended to beta.md: "\n{#...}\n..." puts a tag on line 37 */
} fx;

static void write_fixture(const fx *f)
{
	static const fx none = {0};
	char buf[8192];
	if (!f)
		f = &none;
	put("spec/conventions.md", kConv);
	snprintf(buf, sizeof buf, kRulesetFmt, f->sections ? f->sections : "alpha, beta",
	         f->states ? f->states : "states: CONV.TOL.1",
	         f->body ? f->body : "No precedence is declared.\n");
	put("spec/lintland/ruleset.md", buf);
	snprintf(buf, sizeof buf, kAlphaFmt, f->move_text ? f->move_text : MOVE_TEXT,
	         f->odd_tag ? f->odd_tag : "{#LL.ODD.1 constraint}",
	         f->odd_text ? f->odd_text : "Models reach [1\"]{reach} beyond.");
	put("spec/lintland/alpha.md", buf);
	snprintf(buf, sizeof buf, "%s%s", kBeta, f->beta_tail ? f->beta_tail : "");
	put("spec/lintland/beta.md", buf);
}

/* Loads g_spec leniently into g_rb. */
static void load(void)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_rulebook_load_ex(&g_rb, g_spec, ARB_LOAD_LENIENT, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(g_rb != NULL);
}

/* Binds the predicates to g_rb into g_o, which must succeed. */
static void bind(void)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&g_o, g_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(g_o != NULL);
}

/* Binding g_rb must fail (as `arbiter lint` then lints with o = NULL). */
static void bind_fails(void)
{
	arb_oracle *o = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_oracle_new(&o, g_rb, &err);
	if (rc == ARB_OK)
		arb_oracle_free(o);
	cr_assert(ne(int, rc, ARB_OK), "the predicates bound to this rulebook");
}

/* Writes the fixture (f) and loads it; binds it when bind_it. */
static void fixture(const fx *f, bool bind_it)
{
	write_fixture(f);
	load();
	if (bind_it)
		bind();
}

/* Writes <tmp>/cases/lintland/sec/<name> and loads it into g_cs. */
static void cases(const char *name, const char *csv)
{
	char rel[256], path[512];
	snprintf(rel, sizeof rel, "cases/lintland/sec/%s", name);
	put(rel, csv);
	snprintf(path, sizeof path, "%s/%s", g_tmp.path, rel);
	if (!g_cs)
		cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_caseset_load_file(g_cs, path, g_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
}

#define CASE_HEADER "id,target,expect,violates,units,models,action,facts\n"
#define CASE_TAIL   ",\"U1 A -\",\"U1/u1 10,10 25\",move U1,"
/* Three cases: LL.MOVE.1 seen holding (LL-1) and violated (LL-2), and
 * LL.GRANT.1 seen granting (LL-3). */
static const char kThreeCases[] = CASE_HEADER "LL-1,LL.MOVE.1,legal," CASE_TAIL "m=yes\n"
                                              "LL-2,LL.MOVE.1,illegal,LL.MOVE.1" CASE_TAIL "m=no\n"
                                              "LL-3,LL.GRANT.1,legal," CASE_TAIL "g=yes\n";

/* Runs lint on g_rb, g_o, g_cs for ruleset into g_l. */
static void run(const char *ruleset)
{
	arb_lint_free(g_l);
	g_l = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_lint_run(&g_l, g_rb, g_o, g_cs, ruleset, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(g_l != NULL);
}

/* ---- looking at findings ---- */

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* All findings, one a line, for failure messages. */
static const char *dump(void)
{
	static char buf[16384];
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; g_l && i < arb_lint_count(g_l) && k < sizeof buf - 1; i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		int w = snprintf(buf + k, sizeof buf - k, "\n  %s:%ld: %s %s [%s] %s: %s",
		                 f->file ? f->file : "-", f->line, arb_severity_name(f->severity),
		                 arb_lint_kind_name(f->kind), f->code, f->clause ? f->clause : "-",
		                 f->message);
		if (w < 0)
			break;
		k += (size_t)w < sizeof buf - k ? (size_t)w : sizeof buf - k - 1;
	}
	return buf;
}

/* How many findings have code (and clause, unless ANY). */
#define ANY ((const char *)-1)
static size_t count(const char *code, const char *clause)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_lint_count(g_l); i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		n += strcmp(f->code, code) == 0 && (clause == ANY || same(f->clause, clause));
	}
	return n;
}

/* The i-th finding (0-based) with code and clause, or NULL. */
static const arb_finding *nth(const char *code, const char *clause, size_t i)
{
	for (size_t k = 0; k < arb_lint_count(g_l); k++) {
		const arb_finding *f = arb_lint_at(g_l, k);
		if (strcmp(f->code, code) == 0 && (clause == ANY || same(f->clause, clause)) &&
		    !i--)
			return f;
	}
	return NULL;
}

/* The one finding with code and clause whose message holds needle (NULL:
 * any message); checks kind, severity, file (suffix; NULL: none) and line. */
static const arb_finding *expect(const char *code, const char *clause, arb_lint_kind kind,
                                 arb_severity sev, const char *file, long line, const char *needle)
{
	const arb_finding *hit = NULL;
	size_t n = 0;
	for (size_t k = 0; k < arb_lint_count(g_l); k++) {
		const arb_finding *f = arb_lint_at(g_l, k);
		if (strcmp(f->code, code) == 0 && same(f->clause, clause) &&
		    (!needle || strstr(f->message, needle))) {
			hit = hit ? hit : f;
			n++;
		}
	}
	cr_assert(eq(sz, n, 1), "%zu findings %s for %s (message with '%s'), wanted 1:%s", n, code,
	          clause ? clause : "no clause", needle ? needle : "", dump());
	cr_assert(eq(int, (int)hit->kind, (int)kind), "%s: kind %s, wanted %s", code,
	          arb_lint_kind_name(hit->kind), arb_lint_kind_name(kind));
	cr_assert(eq(int, (int)hit->severity, (int)sev), "%s: severity %s, wanted %s", code,
	          arb_severity_name(hit->severity), arb_severity_name(sev));
	if (file) {
		cr_assert(hit->file != NULL, "%s: no file", code);
		cr_assert(ends_with(hit->file, file), "%s: file %s, wanted ...%s", code, hit->file,
		          file);
	} else {
		cr_assert(eq(ptr, (void *)hit->file, NULL), "%s: file %s, wanted none", code,
		          hit->file);
	}
	cr_assert(eq(long, hit->line, line), "%s: line %ld, wanted %ld (%s)", code, hit->line, line,
	          hit->message);
	return hit;
}

#define MSG_HAS(f, needle)                                                                         \
	cr_assert(strstr((f)->message, (needle)) != NULL, "message '%s' lacks '%s'", (f)->message, \
	          (needle))

#define RULESET_MD "spec/lintland/ruleset.md"
#define ALPHA_MD   "spec/lintland/alpha.md"
#define BETA_MD    "spec/lintland/beta.md"
#define THIS_FILE  "tests/test_lint.c"

/* ---- the fixture itself ---- */

Test(lint, fixture_fingerprints_match)
{
	fixture(NULL, true);
	cr_assert(eq(sz, arb_rulebook_problem_count(g_rb), 0));
	STR_EQ(arb_rulebook_clause(g_rb, "LL.MOVE.1")->fingerprint, FP_MOVE);
	STR_EQ(arb_rulebook_clause(g_rb, "LL.GRANT.1")->fingerprint, FP_GRANT);
	STR_EQ(arb_rulebook_clause(g_rb, "LL.PARAM.1")->fingerprint, FP_PARAM);
	STR_EQ(arb_rulebook_clause(g_rb, "LL.ODD.1")->fingerprint, FP_ODD);
	char fp[17];
	arb_fingerprint("Models walk up to {max_move} in a turn.", fp);
	STR_EQ(fp, FP_MOVE_WALK);
	/* The four lintland predicates, none stale. */
	cr_assert(eq(sz, arb_oracle_predicate_count(g_o), 4));
	for (size_t i = 0; i < 4; i++) {
		STR_EQ(arb_oracle_predicate_at(g_o, i)->ruleset, "lintland");
		cr_assert(not(arb_oracle_predicate_stale(g_o, i)));
	}
	cr_assert(eq(int, arb_oracle_predicate_at(g_o, 0)->src_line, LINE_MOVE));
	cr_assert(eq(int, arb_oracle_predicate_at(g_o, 1)->src_line, LINE_GRANT));
	cr_assert(eq(int, arb_oracle_predicate_at(g_o, 2)->src_line, LINE_PARAM));
	cr_assert(eq(int, arb_oracle_predicate_at(g_o, 3)->src_line, LINE_ODD));
	run("lintland");
	/* Nothing structural, nothing stale in the unedited fixture. */
	for (size_t i = 0; i < arb_lint_count(g_l); i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		cr_assert(f->kind != ARB_LINT_STRUCTURE || strcmp(f->code, "unused-parameter") == 0,
		          "%s", dump());
		cr_assert(f->kind != ARB_LINT_STALE, "%s", dump());
		cr_assert(f->severity != ARB_SEV_ERROR ||
		              strcmp(f->code, "dangling-reference") == 0,
		          "%s", dump());
	}
}

/* ---- 1. structure: problems of a lenient load ---- */

Test(lint, duplicate_id)
{
	fx f = {.beta_tail = "\n{#LL.MOVE.1 constraint}\nA second text with a used ID.\n"};
	fixture(&f, true);
	run("lintland");
	const arb_finding *x =
	    expect("duplicate-id", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, BETA_MD, 37, NULL);
	MSG_HAS(x, "duplicate clause ID 'LL.MOVE.1'");
	MSG_HAS(x, "alpha.md:12");
}

Test(lint, precedence_unknown_clause)
{
	fx f = {.body = "## Precedence\n"                      /* 15 */
	                "\n"                                   /* 16 */
	                "- LL.MOVE.1 overrides LL.GHOST.7\n"}; /* 17 */
	fixture(&f, true);
	run("lintland");
	const arb_finding *x = expect("precedence-unknown-clause", NULL, ARB_LINT_STRUCTURE,
	                              ARB_SEV_ERROR, RULESET_MD, 17, NULL);
	MSG_HAS(x, "LL.GHOST.7");
	cr_assert(eq(sz, count("precedence-cycle", ANY), 0), "%s", dump());
}

Test(lint, precedence_cycle)
{
	fx f = {.body = "## Precedence\n"                      /* 15 */
	                "\n"                                   /* 16 */
	                "- LL.MOVE.1 overrides LL.PARAM.1\n"   /* 17 */
	                "- LL.PARAM.1 overrides LL.MOVE.1\n"}; /* 18 */
	fixture(&f, true);
	run("lintland");
	const arb_finding *x = expect("precedence-cycle", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	                              RULESET_MD, 18, NULL);
	MSG_HAS(x, "cycle");
	cr_assert(eq(sz, count("precedence-unknown-clause", ANY), 0), "%s", dump());
}

Test(lint, profile_unknown_clause)
{
	fx f = {.body = "## Profiles\n"        /* 15 */
	                "\n"                   /* 16 */
	                "### Profile pick\n"   /* 17 */
	                "\n"                   /* 18 */
	                "- LL.GHOST.8: r1\n"}; /* 19 */
	fixture(&f, true);
	run("lintland");
	const arb_finding *x = expect("profile-unknown-clause", NULL, ARB_LINT_STRUCTURE,
	                              ARB_SEV_ERROR, RULESET_MD, 19, NULL);
	MSG_HAS(x, "LL.GHOST.8");
}

Test(lint, unlisted_section)
{
	write_fixture(NULL);
	put("spec/lintland/gamma.md", "---\nruleset: lintland\nsection: gamma\ntitle: G\n"
	                              "source: test\n---\n\n{#LL.G.1 constraint}\nText.\n");
	load();
	bind();
	run("lintland");
	/* Reported where it should be listed: the `sections:` line. */
	const arb_finding *x = expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	                              RULESET_MD, 5, NULL);
	MSG_HAS(x, "gamma.md");
}

Test(lint, reused_id)
{
	fx f = {.beta_tail = "\n{#LL.OLD.1 advisory}\nOld words in a new place.\n"};
	fixture(&f, true);
	run("lintland");
	const arb_finding *x =
	    expect("reused-id", "LL.OLD.1", ARB_LINT_STRUCTURE, ARB_SEV_ERROR, BETA_MD, 37, NULL);
	STR_EQ(x->ruleset, "lintland");
	MSG_HAS(x, "retired");
	/* Without the clause, the retired ID is no finding. */
	arb_lint_free(g_l);
	g_l = NULL;
	arb_oracle_free(g_o);
	g_o = NULL;
	arb_rulebook_free(g_rb);
	g_rb = NULL;
	fixture(NULL, true);
	run("lintland");
	cr_assert(eq(sz, count("reused-id", ANY), 0), "%s", dump());
}

/* ---- 1. structure and traceability: the predicates ---- */

Test(lint, predicate_unknown_clause)
{
	/* LL.ODD.1 renamed: its predicate encodes a clause spec/ lacks. */
	fx f = {.odd_tag = "{#LL.ODD.2 constraint}"};
	fixture(&f, false);
	bind_fails();
	run("lintland");
	const arb_finding *x = expect("predicate-unknown-clause", "LL.ODD.1", ARB_LINT_TRACE,
	                              ARB_SEV_ERROR, THIS_FILE, LINE_ODD, NULL);
	STR_EQ(x->ruleset, "lintland");
	/* Its parameters are not looked at: there is no clause to declare them. */
	cr_assert(eq(sz, count("undeclared-parameter", ANY), 0), "%s", dump());
	cr_assert(eq(sz, count("predicate-unknown-clause", ANY), 1), "%s", dump());
}

Test(lint, undeclared_parameter)
{
	fx f = {.odd_text = "Models reach far beyond."};
	fixture(&f, false);
	bind_fails();
	run("lintland");
	const arb_finding *x = expect("undeclared-parameter", "LL.ODD.1", ARB_LINT_STRUCTURE,
	                              ARB_SEV_ERROR, THIS_FILE, LINE_ODD, NULL);
	MSG_HAS(x, "'reach'");
	cr_assert(eq(sz, count("undeclared-parameter", ANY), 1), "%s", dump());
}

Test(lint, predicate_non_normative)
{
	fx f = {.odd_tag = "{#LL.ODD.1 advisory}"};
	fixture(&f, false);
	bind_fails();
	run("lintland");
	const arb_finding *x = expect("predicate-non-normative", "LL.ODD.1", ARB_LINT_STRUCTURE,
	                              ARB_SEV_ERROR, THIS_FILE, LINE_ODD, NULL);
	MSG_HAS(x, "advisory");
}

Test(lint, unused_parameter)
{
	fixture(NULL, true);
	run("lintland");
	const arb_finding *x = expect("unused-parameter", "LL.PARAM.1", ARB_LINT_STRUCTURE,
	                              ARB_SEV_WARNING, ALPHA_MD, 18, NULL);
	MSG_HAS(x, "'spare'");
	MSG_HAS(x, "3\"");
	/* `used`, max_move and reach are read; LL.YARD.1's span waits with its
	 * clause, which has no predicate. */
	cr_assert(eq(sz, count("unused-parameter", ANY), 1), "%s", dump());
}

/* ---- 2. references and terms ---- */

Test(lint, unresolved_reference)
{
	fixture(NULL, true);
	run("lintland");
	const arb_finding *x = expect("unresolved-reference", "LL.REF.1", ARB_LINT_REFERENCE,
	                              ARB_SEV_WARNING, BETA_MD, 10, NULL);
	MSG_HAS(x, "'(see page XX)'");
	cr_assert(eq(sz, count("unresolved-reference", ANY), 1), "%s", dump());
}

Test(lint, missing_table)
{
	fixture(NULL, true);
	run("lintland");
	const arb_finding *x = expect("missing-table", "LL.REF.2", ARB_LINT_REFERENCE,
	                              ARB_SEV_WARNING, BETA_MD, 13, NULL);
	MSG_HAS(x, "'on the table below'");
	cr_assert(eq(sz, count("missing-table", ANY), 1), "%s", dump());
}

Test(lint, dangling_reference)
{
	fixture(NULL, true);
	run("lintland");
	expect("dangling-reference", "LL.REF.3", ARB_LINT_REFERENCE, ARB_SEV_ERROR, BETA_MD, 16,
	       "LL.NOPE.9");
	expect("dangling-reference", "LL.REF.3", ARB_LINT_REFERENCE, ARB_SEV_ERROR, BETA_MD, 16,
	       "lintland/gamma");
	/* A clause and a section that exist: nothing. */
	cr_assert(eq(sz, count("dangling-reference", "LL.REF.4"), 0), "%s", dump());
	cr_assert(eq(sz, count("dangling-reference", ANY), 2), "%s", dump());
}

Test(lint, dangling_reference_not_for_a_listed_section_without_clauses)
{
	/* delta is listed and its file exists, with no clause yet (a section
	 * may be partly in, docs/spec-format.md): a reference to it resolves. */
	fx f = {.sections = "alpha, beta, delta",
	        .beta_tail = "\n{#LL.REF.5 advisory}\nSee [the empty part]{ref:lintland/delta}.\n"};
	write_fixture(&f);
	put("spec/lintland/delta.md", "---\nruleset: lintland\nsection: delta\ntitle: Delta\n"
	                              "source: test\nstatus: partial\n---\n\n# Delta\n");
	load();
	cr_assert(eq(sz, arb_rulebook_problem_count(g_rb), 0));
	bind();
	run("lintland");
	cr_assert(eq(sz, count("dangling-reference", "LL.REF.5"), 0), "%s", dump());
	cr_assert(eq(sz, count("dangling-reference", ANY), 2), "%s", dump());
}

Test(lint, undefined_term)
{
	fixture(NULL, true);
	run("lintland");
	/* Once, at its first use, with the count of all its uses. */
	const arb_finding *x = expect("undefined-term", "LL.TERM.1", ARB_LINT_REFERENCE,
	                              ARB_SEV_WARNING, BETA_MD, 22, "'Wibbler'");
	MSG_HAS(x, "used 2 times in lintland");
	/* Horde is defined by {def:} in LL.DEF.1, Stand Fast by a heading. */
	cr_assert(eq(sz, count("undefined-term", ANY), 1), "%s", dump());
}

Test(lint, term_defined_twice)
{
	fixture(NULL, true);
	run("lintland");
	const arb_finding *x = expect("term-defined-twice", "LL.DEF.2", ARB_LINT_REFERENCE,
	                              ARB_SEV_WARNING, BETA_MD, 31, NULL);
	MSG_HAS(x, "'Horde'");
	MSG_HAS(x, "LL.DEF.1");
	cr_assert(eq(sz, count("term-defined-twice", ANY), 1), "%s", dump());
}

/* ---- 3. traceability ---- */

Test(lint, unencoded)
{
	fixture(NULL, true);
	run("lintland");
	const arb_finding *x =
	    expect("unencoded", "LL.PROC.1", ARB_LINT_TRACE, ARB_SEV_WARNING, ALPHA_MD, 24, NULL);
	MSG_HAS(x, "procedure");
	expect("unencoded", "LL.YARD.1", ARB_LINT_TRACE, ARB_SEV_WARNING, BETA_MD, 34, NULL);
	/* Encoded and non-normative clauses are not. */
	cr_assert(eq(sz, count("unencoded", ANY), 2), "%s", dump());
}

Test(lint, case_targets_non_normative)
{
	fixture(NULL, true);
	cases("flav.csv", CASE_HEADER "LL-F,LL.FLAV.1,not-applicable," CASE_TAIL "\n");
	run("lintland");
	const arb_finding *x = expect("case-targets-non-normative", "LL.FLAV.1", ARB_LINT_TRACE,
	                              ARB_SEV_WARNING, ALPHA_MD, 27, NULL);
	MSG_HAS(x, "1 case(s) target LL.FLAV.1");
	MSG_HAS(x, "flavour");
}

Test(lint, no_target_case)
{
	fixture(NULL, true);
	cases("three.csv", kThreeCases);
	run("lintland");
	const arb_finding *x = expect("no-target-case", "LL.PARAM.1", ARB_LINT_TRACE,
	                              ARB_SEV_WARNING, ALPHA_MD, 18, NULL);
	MSG_HAS(x, "LL.PARAM.1");
	expect("no-target-case", "LL.ODD.1", ARB_LINT_TRACE, ARB_SEV_WARNING, ALPHA_MD, 21, NULL);
	cr_assert(eq(sz, count("no-target-case", ANY), 2), "%s", dump());
	/* Without cases there is nothing to say about them. */
	arb_caseset_free(g_cs);
	g_cs = NULL;
	run("lintland");
	cr_assert(eq(sz, count("no-target-case", ANY), 0), "%s", dump());
}

Test(lint, not_seen_both_ways)
{
	fixture(NULL, true);
	/* LL.MOVE.1 only holds; LL.GRANT.1 grants (LL-G1) and declines (LL-G2). */
	cases("ways.csv", CASE_HEADER "LL-M1,LL.MOVE.1,legal," CASE_TAIL "m=yes\n"
	                              "LL-G1,LL.GRANT.1,legal," CASE_TAIL "g=yes\n"
	                              "LL-G2,LL.GRANT.1,not-applicable," CASE_TAIL "\n");
	run("lintland");
	const arb_finding *x = expect("not-seen-both-ways", "LL.MOVE.1", ARB_LINT_TRACE,
	                              ARB_SEV_WARNING, THIS_FILE, LINE_MOVE, NULL);
	MSG_HAS(x, "never seen violated");
	STR_EQ(x->ruleset, "lintland");
	cr_assert(eq(sz, count("not-seen-both-ways", "LL.GRANT.1"), 0), "%s", dump());
	/* LL.PARAM.1 never applied: never seen holding. */
	x = expect("not-seen-both-ways", "LL.PARAM.1", ARB_LINT_TRACE, ARB_SEV_WARNING, THIS_FILE,
	           LINE_PARAM, NULL);
	MSG_HAS(x, "never seen holding");
}

Test(lint, permission_never_granting)
{
	fixture(NULL, true);
	cases("decline.csv", CASE_HEADER "LL-G2,LL.GRANT.1,not-applicable," CASE_TAIL "\n");
	run("lintland");
	const arb_finding *x = expect("not-seen-both-ways", "LL.GRANT.1", ARB_LINT_TRACE,
	                              ARB_SEV_WARNING, THIS_FILE, LINE_GRANT, NULL);
	MSG_HAS(x, "never seen granting");
}

/* ---- 4. staleness ---- */

Test(lint, stale_predicate)
{
	/* One word of LL.MOVE.1 changed after its predicate was written. */
	fx f = {.move_text = "Models walk up to [6\"]{max_move} in a turn."};
	fixture(&f, true);
	cases("three.csv", kThreeCases);
	run("lintland");
	const arb_finding *x = expect("stale-predicate", "LL.MOVE.1", ARB_LINT_STALE, ARB_SEV_ERROR,
	                              THIS_FILE, LINE_MOVE, NULL);
	STR_EQ(x->ruleset, "lintland");
	MSG_HAS(x, FP_MOVE);
	MSG_HAS(x, FP_MOVE_WALK);
	MSG_HAS(x, "2 case(s) target it (LL-1, LL-2)");
	cr_assert(eq(sz, count("stale-predicate", ANY), 1), "%s", dump());
}

Test(lint, changed_number_is_not_stale)
{
	fx f = {.move_text = "Models move up to [5\"]{max_move} in a turn."};
	fixture(&f, true);
	cases("three.csv", kThreeCases);
	run("lintland");
	cr_assert(eq(sz, count("stale-predicate", ANY), 0), "%s", dump());
}

/* ---- 5. assumptions ---- */

Test(lint, assumption_by_word)
{
	fixture(NULL, true);
	run("lintland");
	/* LL.PROC.1 is the first normative clause that says "wibble". */
	const arb_finding *x = expect("assumption", "CONV.WIB.1", ARB_LINT_ASSUMPTION, ARB_SEV_INFO,
	                              ALPHA_MD, 24, NULL);
	STR_EQ(x->ruleset, "lintland");
	MSG_HAS(x, "LL.PROC.1 says 'wibble'");
	MSG_HAS(x, "A wibble is measured from the centre of the base.");
	/* A convention without when= is never an assumption. */
	cr_assert(eq(sz, count("assumption", "CONV.TOL.1"), 0), "%s", dump());
}

Test(lint, assumption_stated_is_not_listed)
{
	fx f = {.states = "states: CONV.TOL.1, CONV.WIB.1"};
	fixture(&f, true);
	run("lintland");
	cr_assert(eq(sz, count("assumption", "CONV.WIB.1"), 0), "%s", dump());
	cr_assert(eq(sz, count("assumption", "CONV.YARD.1"), 1), "%s", dump());
}

Test(lint, assumption_by_unit)
{
	fixture(NULL, true);
	run("lintland");
	/* LL.YARD.1 states [a yard]{span}: unit yd. */
	const arb_finding *x = expect("assumption", "CONV.YARD.1", ARB_LINT_ASSUMPTION,
	                              ARB_SEV_INFO, BETA_MD, 34, NULL);
	MSG_HAS(x, "LL.YARD.1 states a yard");
	cr_assert(eq(sz, count("assumption", ANY), 2), "%s", dump());
}

/* Whether s is well-formed UTF-8. */
static bool utf8_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t k = *p < 0x80             ? 0
		           : (*p & 0xE0) == 0xC0 ? 1
		           : (*p & 0xF0) == 0xE0 ? 2
		           : (*p & 0xF8) == 0xF0 ? 3
		                                 : 4;
		if (k == 4)
			return false;
		p++;
		for (size_t i = 0; i < k; i++, p++)
			if ((*p & 0xC0) != 0x80)
				return false;
	}
	return true;
}

Test(lint, assumption_quotes_whole_characters)
{
	/* The quoted convention text is cut (at 160 bytes): the cut must not
	 * split a character, or the message is no longer text (and
	 * `arbiter lint --json` cannot print it). Here a 3-byte apostrophe
	 * starts at byte 159. */
	char text[256], conv[sizeof kConv + 256];
	snprintf(text, sizeof text, "A wibble is measured%139s\xe2\x80\x99s way.", "");
	for (char *p = text + 20; *p == ' '; p++)
		*p = 'o';
	cr_assert(eq(sz, strlen(text), 159 + 3 + 6));
	const char *old = "A wibble is measured from the centre of the base.";
	const char *at = strstr(kConv, old);
	snprintf(conv, sizeof conv, "%.*s%s%s", (int)(at - kConv), kConv, text, at + strlen(old));
	write_fixture(NULL);
	put("spec/conventions.md", conv);
	load();
	bind();
	run("lintland");
	const arb_finding *x = expect("assumption", "CONV.WIB.1", ARB_LINT_ASSUMPTION, ARB_SEV_INFO,
	                              ALPHA_MD, 24, NULL);
	cr_assert(utf8_ok(x->message), "message is not UTF-8: %s", x->message);
}

/* ---- not bound ---- */

Test(lint, not_bound)
{
	fixture(NULL, true);
	cases("three.csv", kThreeCases);
	arb_oracle_free(g_o);
	g_o = NULL;
	run("lintland");
	const arb_finding *x =
	    expect("not-bound", NULL, ARB_LINT_TRACE, ARB_SEV_ERROR, NULL, 0, NULL);
	STR_EQ(x->ruleset, "lintland");
	/* Without a file it sorts first. */
	cr_assert(eq(ptr, (void *)arb_lint_at(g_l, 0), (void *)x), "%s", dump());
	/* The coverage by cases is left out; the rest is still checked. */
	cr_assert(eq(sz, count("no-target-case", ANY), 0), "%s", dump());
	cr_assert(eq(sz, count("not-seen-both-ways", ANY), 0), "%s", dump());
	cr_assert(eq(sz, count("unencoded", "LL.MOVE.1"), 0), "%s", dump());
	cr_assert(eq(sz, count("unencoded", "LL.PROC.1"), 1), "%s", dump());
	cr_assert(eq(sz, count("unused-parameter", "LL.PARAM.1"), 1), "%s", dump());
	cr_assert(eq(sz, count("not-bound", ANY), 1), "%s", dump());
}

Test(lint, not_bound_when_the_predicates_cannot_bind)
{
	fx f = {.odd_tag = "{#LL.ODD.1 advisory}"};
	fixture(&f, false);
	bind_fails();
	run(NULL);
	const arb_finding *x =
	    expect("not-bound", NULL, ARB_LINT_TRACE, ARB_SEV_ERROR, NULL, 0, NULL);
	cr_assert(eq(ptr, (void *)x->ruleset, NULL));
}

Test(lint, bound_oracle_gives_no_not_bound)
{
	fixture(NULL, true);
	run("lintland");
	cr_assert(eq(sz, count("not-bound", ANY), 0), "%s", dump());
}

/* ---- the traceability matrix ---- */

static const arb_trace_row *row_of(const char *id)
{
	const arb_trace_row *rows;
	size_t n = arb_lint_matrix(g_l, &rows);
	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].clause->id, id) == 0)
			return &rows[i];
	cr_fatal("no matrix row for %s", id);
	return NULL;
}

#define ROW_EQ(id, preds, target, pos, neg, stl)                                                   \
	do {                                                                                       \
		const arb_trace_row *r_ = row_of(id);                                              \
		cr_assert(eq(sz, r_->predicates, (preds)), "%s predicates", id);                   \
		cr_assert(eq(sz, r_->cases_target, (target)), "%s cases_target", id);              \
		cr_assert(eq(sz, r_->cases_pos, (pos)), "%s cases_pos", id);                       \
		cr_assert(eq(sz, r_->cases_neg, (neg)), "%s cases_neg", id);                       \
		cr_assert(eq(sz, r_->stale, (stl)), "%s stale", id);                               \
	} while (0)

Test(lint, traceability_matrix)
{
	fixture(NULL, true);
	cases("three.csv", kThreeCases);
	run("lintland");
	static const char *const ids[] = {"LL.MOVE.1", "LL.GRANT.1", "LL.PARAM.1", "LL.ODD.1",
	                                  "LL.PROC.1", "LL.FLAV.1",  "LL.SF.1",    "LL.REF.1",
	                                  "LL.REF.2",  "LL.REF.3",   "LL.REF.4",   "LL.TERM.1",
	                                  "LL.TERM.2", "LL.DEF.1",   "LL.DEF.2",   "LL.YARD.1"};
	const arb_trace_row *rows = NULL;
	size_t n = arb_lint_matrix(g_l, &rows);
	/* One row per lintland clause, in the order of the text; no conventions. */
	cr_assert(eq(sz, n, sizeof ids / sizeof *ids));
	for (size_t i = 0; i < n; i++)
		STR_EQ(rows[i].clause->id, ids[i]);
	ROW_EQ("LL.MOVE.1", 1, 2, 1, 1, 0);
	ROW_EQ("LL.GRANT.1", 1, 1, 1, 0, 0);
	ROW_EQ("LL.PARAM.1", 1, 0, 0, 0, 0);
	ROW_EQ("LL.ODD.1", 1, 0, 0, 0, 0);
	ROW_EQ("LL.PROC.1", 0, 0, 0, 0, 0);
	ROW_EQ("LL.FLAV.1", 0, 0, 0, 0, 0);
}

Test(lint, traceability_matrix_counts_stale_predicates)
{
	fx f = {.move_text = "Models walk up to [6\"]{max_move} in a turn."};
	fixture(&f, true);
	cases("three.csv", kThreeCases);
	run("lintland");
	ROW_EQ("LL.MOVE.1", 1, 2, 1, 1, 1);
	ROW_EQ("LL.GRANT.1", 1, 1, 1, 0, 0);
}

/* ---- order, filter, errors, names ---- */

Test(lint, findings_sorted_by_file_then_line)
{
	fx f = {.body = "## Precedence\n\n- LL.MOVE.1 overrides LL.GHOST.7\n",
	        .beta_tail = "\n{#LL.OLD.1 advisory}\nOld words.\n"};
	fixture(&f, true);
	cases("three.csv", kThreeCases);
	run("lintland");
	size_t n = arb_lint_count(g_l), files = 1;
	cr_assert(n > 10, "%s", dump());
	for (size_t i = 1; i < n; i++) {
		const arb_finding *a = arb_lint_at(g_l, i - 1), *b = arb_lint_at(g_l, i);
		int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
		cr_assert(c < 0 || (c == 0 && a->line <= b->line), "finding %zu out of order:%s", i,
		          dump());
		files += c != 0;
	}
	/* alpha.md, beta.md, ruleset.md and this file's predicates. */
	cr_assert(files >= 4, "%s", dump());
	cr_assert(eq(ptr, (void *)arb_lint_at(g_l, n), NULL));
}

/* A second ruleset beside lintland, with an unresolved reference on line 8
 * of main.md and a file its sections do not list. */
static void write_other(const char *name, const char *prefix)
{
	char rel[128], buf[1024];
	snprintf(rel, sizeof rel, "spec/%s/ruleset.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\ntitle: Other\nprefix: %s\nsections: main\n---\n", name, prefix);
	put(rel, buf);
	snprintf(rel, sizeof rel, "spec/%s/main.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\nsection: main\ntitle: Main\nsource: test\n---\n\n"
	         "{#%s.A.1 advisory}\n" /* 8 */
	         "As said [(see page XX)]{ref:?}.\n",
	         name, prefix);
	put(rel, buf);
	snprintf(rel, sizeof rel, "spec/%s/extra.md", name);
	put(rel, "not listed\n");
}

/* Whether f concerns the ruleset: names it, a file in its directory dir or
 * a clause with its prefix ("LL."). */
static bool mentions(const arb_finding *f, const char *ruleset, const char *dir, const char *prefix)
{
	return same(f->ruleset, ruleset) || (f->file && strstr(f->file, dir)) ||
	       (f->clause && strncmp(f->clause, prefix, strlen(prefix)) == 0);
}

Test(lint, ruleset_filter)
{
	write_fixture(NULL);
	write_other("otherland", "OL");
	/* lintland has a structural problem of its own too. */
	put("spec/lintland/gamma.md", "anything\n");
	load();
	bind();
	cases("three.csv", kThreeCases);

	run("lintland");
	for (size_t i = 0; i < arb_lint_count(g_l); i++)
		cr_assert(not(mentions(arb_lint_at(g_l, i), "otherland", "/otherland/", "OL.")),
		          "%s", dump());
	expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, RULESET_MD, 5, NULL);
	const arb_trace_row *rows;
	size_t n_lintland = arb_lint_matrix(g_l, &rows);
	cr_assert(eq(sz, n_lintland, 16));

	run("otherland");
	for (size_t i = 0; i < arb_lint_count(g_l); i++)
		cr_assert(not(mentions(arb_lint_at(g_l, i), "lintland", "/lintland/", "LL.")), "%s",
		          dump());
	expect("unresolved-reference", "OL.A.1", ARB_LINT_REFERENCE, ARB_SEV_WARNING,
	       "spec/otherland/main.md", 8, NULL);
	expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	       "spec/otherland/ruleset.md", 5, "extra.md");
	cr_assert(eq(sz, arb_lint_matrix(g_l, &rows), 1));
	STR_EQ(rows[0].clause->id, "OL.A.1");

	/* NULL: both. */
	run(NULL);
	cr_assert(eq(sz, count("unlisted-section", ANY), 2), "%s", dump());
	cr_assert(eq(sz, count("unresolved-reference", ANY), 2), "%s", dump());
	cr_assert(eq(sz, arb_lint_matrix(g_l, &rows), 17));
}

Test(lint, ruleset_filter_matches_the_directory_not_a_substring)
{
	/* A ruleset named "land": lintland's problems are not its own, though
	 * the path spec/lintland/ruleset.md contains "land". */
	write_fixture(NULL);
	write_other("land", "LD");
	put("spec/lintland/gamma.md", "anything\n");
	load();
	bind();
	run("land");
	expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, "spec/land/ruleset.md",
	       5, "extra.md");
	for (size_t i = 0; i < arb_lint_count(g_l); i++) {
		const arb_finding *f = arb_lint_at(g_l, i);
		cr_assert(not(f->file && strstr(f->file, "/lintland/")),
		          "linting 'land' reports lintland's %s:%ld [%s]:%s", f->file, f->line,
		          f->code, dump());
	}
}

Test(lint, conventions_problem_without_a_ruleset)
{
	write_fixture(NULL);
	char conv[sizeof kConv + 16];
	const char *at = strstr(kConv, "0.000001\"");
	snprintf(conv, sizeof conv, "%.*s0.00001\"%s", (int)(at - kConv), kConv, at + 9);
	put("spec/conventions.md", conv);
	load();
	bind();
	run(NULL);
	const arb_finding *x = expect("tolerance", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	                              "spec/conventions.md", 10, NULL);
	MSG_HAS(x, "CONV.TOL.1");
}

Test(lint, unknown_ruleset_is_an_error)
{
	fixture(NULL, true);
	arb_lint *l = (arb_lint *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_lint_run(&l, g_rb, g_o, NULL, "nowhere", &err);
	cr_assert(eq(int, rc, ARB_ENOTFOUND));
	cr_assert(eq(ptr, (void *)l, NULL));
	cr_assert(eq(int, err.code, ARB_ENOTFOUND));
	STR_EQ(err.field, "ruleset");
	cr_assert(strstr(err.message, "nowhere") != NULL, "%s", err.message);
	/* "conventions" holds clauses, but is no ruleset. */
	rc = arb_lint_run(&l, g_rb, g_o, NULL, "conventions", &err);
	cr_assert(eq(int, rc, ARB_ENOTFOUND));
	cr_assert(eq(ptr, (void *)l, NULL));
}

Test(lint, add_and_free)
{
	fixture(NULL, true);
	run("lintland");
	size_t n = arb_lint_count(g_l);
	arb_finding f = {.kind = ARB_LINT_TRACE,
	                 .severity = ARB_SEV_ERROR,
	                 .code = "case-table",
	                 .file = "x.csv",
	                 .line = 3};
	snprintf(f.message, sizeof f.message, "a table that would not load");
	cr_assert(eq(int, arb_lint_add(g_l, &f), ARB_OK));
	cr_assert(eq(sz, arb_lint_count(g_l), n + 1));
	const arb_finding *g = arb_lint_at(g_l, n);
	STR_EQ(g->code, "case-table");
	STR_EQ(g->message, "a table that would not load");
	cr_assert(eq(long, g->line, 3));
	arb_lint_free(NULL);
}

Test(lint, severity_parse_and_name)
{
	static const char *const names[] = {"info", "warning", "error"};
	for (int i = 0; i < 3; i++) {
		arb_severity s = (arb_severity)-1;
		cr_assert(eq(int, arb_severity_parse(names[i], &s), 0), "%s", names[i]);
		cr_assert(eq(int, (int)s, i));
		STR_EQ(arb_severity_name(s), names[i]);
	}
	arb_severity s = ARB_SEV_WARNING;
	cr_assert(eq(int, arb_severity_parse("fatal", &s), -1));
	cr_assert(eq(int, arb_severity_parse("Error", &s), -1));
	cr_assert(eq(int, arb_severity_parse("", &s), -1));
	cr_assert(eq(int, (int)s, ARB_SEV_WARNING), "a failed parse leaves *out alone");
	STR_EQ(arb_severity_name((arb_severity)3), "?");
	STR_EQ(arb_severity_name((arb_severity)-1), "?");
}

Test(lint, kind_names)
{
	STR_EQ(arb_lint_kind_name(ARB_LINT_STRUCTURE), "structure");
	STR_EQ(arb_lint_kind_name(ARB_LINT_REFERENCE), "reference");
	STR_EQ(arb_lint_kind_name(ARB_LINT_TRACE), "traceability");
	STR_EQ(arb_lint_kind_name(ARB_LINT_STALE), "staleness");
	STR_EQ(arb_lint_kind_name(ARB_LINT_ASSUMPTION), "assumption");
	STR_EQ(arb_lint_kind_name(ARB_LINT_PRECEDENCE), "precedence");
	STR_EQ(arb_lint_kind_name(ARB_LINT_WORDS), "words");
	STR_EQ(arb_lint_kind_name((arb_lint_kind)7), "?");
}

/* ---- the real rulebook ---- */

/* Copies the tree src to dst (regular files and directories). */
static void copy_tree(const char *src, const char *dst)
{
	struct stat st;
	cr_assert(eq(int, stat(src, &st), 0), "stat %s", src);
	if (S_ISDIR(st.st_mode)) {
		cr_assert(mkdir(dst, 0777) == 0, "mkdir %s", dst);
		DIR *d = opendir(src);
		cr_assert(d != NULL, "opendir %s", src);
		struct dirent *de;
		while ((de = readdir(d))) {
			if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
				continue;
			char s[1024], t[1024];
			snprintf(s, sizeof s, "%s/%s", src, de->d_name);
			snprintf(t, sizeof t, "%s/%s", dst, de->d_name);
			copy_tree(s, t);
		}
		closedir(d);
		return;
	}
	FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
	cr_assert(in && out, "copy %s to %s", src, dst);
	char buf[8192];
	size_t k;
	while ((k = fread(buf, 1, sizeof buf, in)) > 0)
		cr_assert(eq(sz, fwrite(buf, 1, k, out), k));
	fclose(in);
	fclose(out);
}

/* Replaces the one occurrence of from by to in the file at path. */
static void edit_file(const char *path, const char *from, const char *to)
{
	FILE *f = fopen(path, "rb");
	cr_assert(f != NULL, "open %s", path);
	static char text[1 << 20];
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	char *at = strstr(text, from);
	cr_assert(at != NULL, "%s lacks '%s'", path, from);
	cr_assert(strstr(at + 1, from) == NULL, "%s has '%s' twice", path, from);
	f = fopen(path, "wb");
	cr_assert(f != NULL);
	fwrite(text, 1, (size_t)(at - text), f);
	fputs(to, f);
	fputs(at + strlen(from), f);
	fclose(f);
}

/* Loads spec_dir leniently and binds it; loads every case table of
 * cases/scrollhammer/movement; lints scrollhammer. */
static void lint_real(const char *spec_dir)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_rulebook_load_ex(&g_rb, spec_dir, ARB_LOAD_LENIENT, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(sz, arb_rulebook_problem_count(g_rb), 0));
	bind();
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	const char *dir = "cases/scrollhammer/movement";
	DIR *d = opendir(dir);
	cr_assert(d != NULL, "opendir %s (the tests run from the project root)", dir);
	struct dirent *de;
	size_t tables = 0;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n < 5 || strcmp(de->d_name + n - 4, ".csv") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		rc = arb_caseset_load_file(g_cs, path, g_rb, &err);
		cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
		tables++;
	}
	closedir(d);
	cr_assert(tables > 0);
	run("scrollhammer");
}

static size_t cases_targeting(const char *clause)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_caseset_count(g_cs); i++)
		n += strcmp(arb_caseset_at(g_cs, i)->target, clause) == 0;
	return n;
}

Test(lint, real_rulebook_one_word_makes_one_predicate_stale)
{
	char spec[256], mov[320];
	snprintf(spec, sizeof spec, "%s/spec", g_tmp.path);
	copy_tree("spec", spec);
	snprintf(mov, sizeof mov, "%s/scrollhammer/movement.md", spec);
	edit_file(mov, "locked in close combat with the enemy cannot move during",
	          "locked in close combat with the enemy may not move during");
	lint_real(spec);
	cr_assert(eq(sz, count("stale-predicate", ANY), 1), "%s", dump());
	const arb_finding *x = nth("stale-predicate", ANY, 0);
	STR_EQ(x->clause, "SH.MOV.CC.1");
	STR_EQ(x->ruleset, "scrollhammer");
	cr_assert(eq(int, (int)x->kind, (int)ARB_LINT_STALE));
	cr_assert(eq(int, (int)x->severity, (int)ARB_SEV_ERROR));
	cr_assert(x->file && ends_with(x->file, "oracle/rules/scrollhammer/movement.c"), "%s",
	          x->file);
	/* At the predicate's own line. */
	const arb_predicate *p = NULL;
	for (size_t i = 0; i < arb_predicate_linked_count() && !p; i++)
		if (strcmp(arb_predicate_linked_at(i)->clause, "SH.MOV.CC.1") == 0)
			p = arb_predicate_linked_at(i);
	cr_assert(p != NULL);
	cr_assert(eq(long, x->line, (long)p->src_line));
	size_t n = cases_targeting("SH.MOV.CC.1");
	cr_assert(n > 0);
	char want[64];
	snprintf(want, sizeof want, "; %zu case(s) target it", n);
	MSG_HAS(x, want);
	MSG_HAS(x, p->fingerprint);
	MSG_HAS(x, arb_rulebook_clause(g_rb, "SH.MOV.CC.1")->fingerprint);
}

Test(lint, real_rulebook_unedited_has_no_stale_predicate)
{
	lint_real("spec");
	cr_assert(eq(sz, count("stale-predicate", ANY), 0), "%s", dump());
	cr_assert(eq(sz, count("not-bound", ANY), 0), "%s", dump());
}

Test(lint, real_rulebook_changed_number_is_not_stale)
{
	char spec[256], mov[320];
	snprintf(spec, sizeof spec, "%s/spec", g_tmp.path);
	copy_tree("spec", spec);
	snprintf(mov, sizeof mov, "%s/scrollhammer/movement.md", spec);
	edit_file(mov, "Models move up to [6\"]{max_move} in the Movement phase.",
	          "Models move up to [5\"]{max_move} in the Movement phase.");
	lint_real(spec);
	const arb_param *pm =
	    arb_clause_param(arb_rulebook_clause(g_rb, "SH.MOV.DIST.1"), "max_move");
	cr_assert(pm != NULL);
	cr_assert(eq(dbl, pm->value, 5.0));
	cr_assert(eq(sz, count("stale-predicate", ANY), 0), "%s", dump());
}
