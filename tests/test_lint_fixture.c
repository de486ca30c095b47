/* test_lint_fixture.c: the fixture of the unit tests of `arbiter lint`'s
 * checks (oracle/lint.c, arbiter.h section 8): test_lint.c and
 * test_lint_checks.c (lint_fixture.h).
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
#include "lint_fixture.h"
#include "support.h"

/* ---- fixture predicates ---- */

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

support_tmpdir lfx_tmp;
char lfx_spec[128];
arb_rulebook *lfx_rb;
arb_oracle *lfx_o;
arb_caseset *lfx_cs;
arb_lint *lfx_l;

void lfx_setup(void)
{
	support_tmpdir_make(&lfx_tmp, "lint");
	snprintf(lfx_spec, sizeof lfx_spec, "%s/spec", lfx_tmp.path);
}

void lfx_teardown(void)
{
	arb_lint_free(lfx_l);
	arb_caseset_free(lfx_cs);
	arb_oracle_free(lfx_o);
	arb_rulebook_free(lfx_rb);
	lfx_l = NULL;
	lfx_cs = NULL;
	lfx_o = NULL;
	lfx_rb = NULL;
	support_tmpdir_remove(&lfx_tmp);
}

TestSuite(lint, .init = lfx_setup, .fini = lfx_teardown);

void lfx_put(const char *rel, const char *text)
{
	support_write(&lfx_tmp, rel, text);
}

/* ---- fixture texts (line numbers in the comments) ---- */

const char lfx_kConv[] =
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

void lfx_write_fixture(const lfx_fx *f)
{
	static const lfx_fx none = {0};
	char buf[8192];
	if (!f)
		f = &none;
	lfx_put("spec/conventions.md", lfx_kConv);
	snprintf(buf, sizeof buf, kRulesetFmt, f->sections ? f->sections : "alpha, beta",
	         f->states ? f->states : "states: CONV.TOL.1",
	         f->body ? f->body : "No precedence is declared.\n");
	lfx_put("spec/lintland/ruleset.md", buf);
	snprintf(buf, sizeof buf, kAlphaFmt, f->move_text ? f->move_text : MOVE_TEXT,
	         f->odd_tag ? f->odd_tag : "{#LL.ODD.1 constraint}",
	         f->odd_text ? f->odd_text : "Models reach [1\"]{reach} beyond.");
	lfx_put("spec/lintland/alpha.md", buf);
	snprintf(buf, sizeof buf, "%s%s", kBeta, f->beta_tail ? f->beta_tail : "");
	lfx_put("spec/lintland/beta.md", buf);
}

/* Loads lfx_spec leniently into lfx_rb. */
void lfx_load(void)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_rulebook_load_ex(&lfx_rb, lfx_spec, ARB_LOAD_LENIENT, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(lfx_rb != NULL);
}

/* Binds the predicates to lfx_rb into lfx_o, which must succeed. */
void lfx_bind(void)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_oracle_new(&lfx_o, lfx_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(lfx_o != NULL);
}

/* Binding lfx_rb must fail (as `arbiter lint` then lints with o = NULL). */
void lfx_bind_fails(void)
{
	arb_oracle *o = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_oracle_new(&o, lfx_rb, &err);
	if (rc == ARB_OK)
		arb_oracle_free(o);
	cr_assert(ne(int, rc, ARB_OK), "the predicates bound to this rulebook");
}

/* Writes the fixture (f) and loads it; binds it when bind_it. */
void lfx_fixture(const lfx_fx *f, bool bind_it)
{
	lfx_write_fixture(f);
	lfx_load();
	if (bind_it)
		lfx_bind();
}

/* Writes <tmp>/cases/lintland/sec/<name> and loads it into lfx_cs. */
void lfx_cases(const char *name, const char *csv)
{
	char rel[256], path[512];
	snprintf(rel, sizeof rel, "cases/lintland/sec/%s", name);
	lfx_put(rel, csv);
	snprintf(path, sizeof path, "%s/%s", lfx_tmp.path, rel);
	if (!lfx_cs)
		cr_assert(eq(int, arb_caseset_new(&lfx_cs), ARB_OK));
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_caseset_load_file(lfx_cs, path, lfx_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
}

/* Three cases: LL.MOVE.1 seen holding (LL-1) and violated (LL-2), and
 * LL.GRANT.1 seen granting (LL-3). */
const char lfx_kThreeCases[] = CASE_HEADER "LL-1,LL.MOVE.1,legal," CASE_TAIL "m=yes\n"
                                           "LL-2,LL.MOVE.1,illegal,LL.MOVE.1" CASE_TAIL "m=no\n"
                                           "LL-3,LL.GRANT.1,legal," CASE_TAIL "g=yes\n";

/* Runs lint on lfx_rb, lfx_o, lfx_cs for ruleset into lfx_l. */
void lfx_run(const char *ruleset)
{
	arb_lint_free(lfx_l);
	lfx_l = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_lint_run(&lfx_l, lfx_rb, lfx_o, lfx_cs, ruleset, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(lfx_l != NULL);
}

/* ---- looking at findings ---- */

bool lfx_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

bool lfx_same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* All findings, one a line, for failure messages. */
const char *lfx_dump(void)
{
	static char buf[16384];
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; lfx_l && i < arb_lint_count(lfx_l) && k < sizeof buf - 1; i++) {
		const arb_finding *f = arb_lint_at(lfx_l, i);
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
size_t lfx_count(const char *code, const char *clause)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_lint_count(lfx_l); i++) {
		const arb_finding *f = arb_lint_at(lfx_l, i);
		n += strcmp(f->code, code) == 0 && (clause == ANY || lfx_same(f->clause, clause));
	}
	return n;
}

/* The i-th finding (0-based) with code and clause, or NULL. */
const arb_finding *lfx_nth(const char *code, const char *clause, size_t i)
{
	for (size_t k = 0; k < arb_lint_count(lfx_l); k++) {
		const arb_finding *f = arb_lint_at(lfx_l, k);
		if (strcmp(f->code, code) == 0 && (clause == ANY || lfx_same(f->clause, clause)) &&
		    !i--)
			return f;
	}
	return NULL;
}

/* The one finding with code and clause whose message holds needle (NULL:
 * any message); checks kind, severity, file (suffix; NULL: none) and line. */
const arb_finding *lfx_expect(const char *code, const char *clause, arb_lint_kind kind,
                              arb_severity sev, const char *file, long line, const char *needle)
{
	const arb_finding *hit = NULL;
	size_t n = 0;
	for (size_t k = 0; k < arb_lint_count(lfx_l); k++) {
		const arb_finding *f = arb_lint_at(lfx_l, k);
		if (strcmp(f->code, code) == 0 && lfx_same(f->clause, clause) &&
		    (!needle || strstr(f->message, needle))) {
			hit = hit ? hit : f;
			n++;
		}
	}
	cr_assert(eq(sz, n, 1), "%zu findings %s for %s (message with '%s'), wanted 1:%s", n, code,
	          clause ? clause : "no clause", needle ? needle : "", lfx_dump());
	cr_assert(eq(int, (int)hit->kind, (int)kind), "%s: kind %s, wanted %s", code,
	          arb_lint_kind_name(hit->kind), arb_lint_kind_name(kind));
	cr_assert(eq(int, (int)hit->severity, (int)sev), "%s: severity %s, wanted %s", code,
	          arb_severity_name(hit->severity), arb_severity_name(sev));
	if (file) {
		cr_assert(hit->file != NULL, "%s: no file", code);
		cr_assert(lfx_ends_with(hit->file, file), "%s: file %s, wanted ...%s", code,
		          hit->file, file);
	} else {
		cr_assert(eq(ptr, (void *)hit->file, NULL), "%s: file %s, wanted none", code,
		          hit->file);
	}
	cr_assert(eq(long, hit->line, line), "%s: line %ld, wanted %ld (%s)", code, hit->line, line,
	          hit->message);
	return hit;
}

/* The lines of the ARB_PREDICATE calls above, for the tests. */
const int lfx_line_move = LINE_MOVE;
const int lfx_line_grant = LINE_GRANT;
const int lfx_line_param = LINE_PARAM;
const int lfx_line_odd = LINE_ODD;
