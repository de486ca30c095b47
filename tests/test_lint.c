/* test_lint.c: unit tests of `arbiter lint`'s checks (oracle/lint.c,
 * arbiter.h section 8): the fixture's fingerprints, structure, references
 * and terms, traceability, staleness and assumptions. Binding, the matrix,
 * order, filter and errors are in test_lint_checks.c; the made-up ruleset
 * both use is test_lint_fixture.c's. */
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

/* ---- the fixture itself ---- */

Test(lint, fixture_fingerprints_match)
{
	lfx_fixture(NULL, true);
	cr_assert(eq(sz, arb_rulebook_problem_count(lfx_rb), 0));
	STR_EQ(arb_rulebook_clause(lfx_rb, "LL.MOVE.1")->fingerprint, FP_MOVE);
	STR_EQ(arb_rulebook_clause(lfx_rb, "LL.GRANT.1")->fingerprint, FP_GRANT);
	STR_EQ(arb_rulebook_clause(lfx_rb, "LL.PARAM.1")->fingerprint, FP_PARAM);
	STR_EQ(arb_rulebook_clause(lfx_rb, "LL.ODD.1")->fingerprint, FP_ODD);
	char fp[17];
	arb_fingerprint("Models walk up to {max_move} in a turn.", fp);
	STR_EQ(fp, FP_MOVE_WALK);
	/* The four lintland predicates, none stale. */
	cr_assert(eq(sz, arb_oracle_predicate_count(lfx_o), 4));
	for (size_t i = 0; i < 4; i++) {
		STR_EQ(arb_oracle_predicate_at(lfx_o, i)->ruleset, "lintland");
		cr_assert(not(arb_oracle_predicate_stale(lfx_o, i)));
	}
	cr_assert(eq(int, arb_oracle_predicate_at(lfx_o, 0)->src_line, lfx_line_move));
	cr_assert(eq(int, arb_oracle_predicate_at(lfx_o, 1)->src_line, lfx_line_grant));
	cr_assert(eq(int, arb_oracle_predicate_at(lfx_o, 2)->src_line, lfx_line_param));
	cr_assert(eq(int, arb_oracle_predicate_at(lfx_o, 3)->src_line, lfx_line_odd));
	lfx_run("lintland");
	/* Nothing structural, nothing stale in the unedited fixture. */
	for (size_t i = 0; i < arb_lint_count(lfx_l); i++) {
		const arb_finding *f = arb_lint_at(lfx_l, i);
		cr_assert(f->kind != ARB_LINT_STRUCTURE || strcmp(f->code, "unused-parameter") == 0,
		          "%s", lfx_dump());
		cr_assert(f->kind != ARB_LINT_STALE, "%s", lfx_dump());
		cr_assert(f->severity != ARB_SEV_ERROR ||
		              strcmp(f->code, "dangling-reference") == 0,
		          "%s", lfx_dump());
	}
}

/* ---- 1. structure: problems of a lenient load ---- */

Test(lint, duplicate_id)
{
	lfx_fx f = {.beta_tail = "\n{#LL.MOVE.1 constraint}\nA second text with a used ID.\n"};
	lfx_fixture(&f, true);
	lfx_run("lintland");
	const arb_finding *x =
	    lfx_expect("duplicate-id", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, BETA_MD, 37, NULL);
	MSG_HAS(x, "duplicate clause ID 'LL.MOVE.1'");
	MSG_HAS(x, "alpha.md:12");
}

Test(lint, precedence_unknown_clause)
{
	lfx_fx f = {.body = "## Precedence\n"                      /* 15 */
	                    "\n"                                   /* 16 */
	                    "- LL.MOVE.1 overrides LL.GHOST.7\n"}; /* 17 */
	lfx_fixture(&f, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("precedence-unknown-clause", NULL, ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, RULESET_MD, 17, NULL);
	MSG_HAS(x, "LL.GHOST.7");
	cr_assert(eq(sz, lfx_count("precedence-cycle", ANY), 0), "%s", lfx_dump());
}

Test(lint, precedence_cycle)
{
	lfx_fx f = {.body = "## Precedence\n"                      /* 15 */
	                    "\n"                                   /* 16 */
	                    "- LL.MOVE.1 overrides LL.PARAM.1\n"   /* 17 */
	                    "- LL.PARAM.1 overrides LL.MOVE.1\n"}; /* 18 */
	lfx_fixture(&f, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("precedence-cycle", NULL, ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, RULESET_MD, 18, NULL);
	MSG_HAS(x, "cycle");
	cr_assert(eq(sz, lfx_count("precedence-unknown-clause", ANY), 0), "%s", lfx_dump());
}

Test(lint, profile_unknown_clause)
{
	lfx_fx f = {.body = "## Profiles\n"        /* 15 */
	                    "\n"                   /* 16 */
	                    "### Profile pick\n"   /* 17 */
	                    "\n"                   /* 18 */
	                    "- LL.GHOST.8: r1\n"}; /* 19 */
	lfx_fixture(&f, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("profile-unknown-clause", NULL, ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, RULESET_MD, 19, NULL);
	MSG_HAS(x, "LL.GHOST.8");
}

Test(lint, unlisted_section)
{
	lfx_write_fixture(NULL);
	lfx_put("spec/lintland/gamma.md", "---\nruleset: lintland\nsection: gamma\ntitle: G\n"
	                                  "source: test\n---\n\n{#LL.G.1 constraint}\nText.\n");
	lfx_load();
	lfx_bind();
	lfx_run("lintland");
	/* Reported where it should be listed: the `sections:` line. */
	const arb_finding *x = lfx_expect("unlisted-section", NULL, ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, RULESET_MD, 5, NULL);
	MSG_HAS(x, "gamma.md");
}

Test(lint, reused_id)
{
	lfx_fx f = {.beta_tail = "\n{#LL.OLD.1 advisory}\nOld words in a new place.\n"};
	lfx_fixture(&f, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("reused-id", "LL.OLD.1", ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, BETA_MD, 37, NULL);
	STR_EQ(x->ruleset, "lintland");
	MSG_HAS(x, "retired");
	/* Without the clause, the retired ID is no finding. */
	arb_lint_free(lfx_l);
	lfx_l = NULL;
	arb_oracle_free(lfx_o);
	lfx_o = NULL;
	arb_rulebook_free(lfx_rb);
	lfx_rb = NULL;
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	cr_assert(eq(sz, lfx_count("reused-id", ANY), 0), "%s", lfx_dump());
}

/* ---- 1. structure and traceability: the predicates ---- */

Test(lint, predicate_unknown_clause)
{
	/* LL.ODD.1 renamed: its predicate encodes a clause spec/ lacks. */
	lfx_fx f = {.odd_tag = "{#LL.ODD.2 constraint}"};
	lfx_fixture(&f, false);
	lfx_bind_fails();
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("predicate-unknown-clause", "LL.ODD.1", ARB_LINT_TRACE,
	                                  ARB_SEV_ERROR, THIS_FILE, lfx_line_odd, NULL);
	STR_EQ(x->ruleset, "lintland");
	/* Its parameters are not looked at: there is no clause to declare them. */
	cr_assert(eq(sz, lfx_count("undeclared-parameter", ANY), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("predicate-unknown-clause", ANY), 1), "%s", lfx_dump());
}

Test(lint, undeclared_parameter)
{
	lfx_fx f = {.odd_text = "Models reach far beyond."};
	lfx_fixture(&f, false);
	lfx_bind_fails();
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("undeclared-parameter", "LL.ODD.1", ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, THIS_FILE, lfx_line_odd, NULL);
	MSG_HAS(x, "'reach'");
	cr_assert(eq(sz, lfx_count("undeclared-parameter", ANY), 1), "%s", lfx_dump());
}

Test(lint, predicate_non_normative)
{
	lfx_fx f = {.odd_tag = "{#LL.ODD.1 advisory}"};
	lfx_fixture(&f, false);
	lfx_bind_fails();
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("predicate-non-normative", "LL.ODD.1", ARB_LINT_STRUCTURE,
	                                  ARB_SEV_ERROR, THIS_FILE, lfx_line_odd, NULL);
	MSG_HAS(x, "advisory");
}

Test(lint, unused_parameter)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("unused-parameter", "LL.PARAM.1", ARB_LINT_STRUCTURE,
	                                  ARB_SEV_WARNING, ALPHA_MD, 18, NULL);
	MSG_HAS(x, "'spare'");
	MSG_HAS(x, "3\"");
	/* `used`, max_move and reach are read; LL.YARD.1's span waits with its
	 * clause, which has no predicate. */
	cr_assert(eq(sz, lfx_count("unused-parameter", ANY), 1), "%s", lfx_dump());
}

/* ---- 2. references and terms ---- */

Test(lint, unresolved_reference)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("unresolved-reference", "LL.REF.1", ARB_LINT_REFERENCE,
	                                  ARB_SEV_WARNING, BETA_MD, 10, NULL);
	MSG_HAS(x, "'(see page XX)'");
	cr_assert(eq(sz, lfx_count("unresolved-reference", ANY), 1), "%s", lfx_dump());
}

Test(lint, missing_table)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("missing-table", "LL.REF.2", ARB_LINT_REFERENCE,
	                                  ARB_SEV_WARNING, BETA_MD, 13, NULL);
	MSG_HAS(x, "'on the table below'");
	cr_assert(eq(sz, lfx_count("missing-table", ANY), 1), "%s", lfx_dump());
}

Test(lint, dangling_reference)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	lfx_expect("dangling-reference", "LL.REF.3", ARB_LINT_REFERENCE, ARB_SEV_ERROR, BETA_MD, 16,
	           "LL.NOPE.9");
	lfx_expect("dangling-reference", "LL.REF.3", ARB_LINT_REFERENCE, ARB_SEV_ERROR, BETA_MD, 16,
	           "lintland/gamma");
	/* A clause and a section that exist: nothing. */
	cr_assert(eq(sz, lfx_count("dangling-reference", "LL.REF.4"), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("dangling-reference", ANY), 2), "%s", lfx_dump());
}

Test(lint, dangling_reference_not_for_a_listed_section_without_clauses)
{
	/* delta is listed and its file exists, with no clause yet (a section
	 * may be partly in, docs/spec-format.md): a reference to it resolves. */
	lfx_fx f = {.sections = "alpha, beta, delta",
	            .beta_tail =
	                "\n{#LL.REF.5 advisory}\nSee [the empty part]{ref:lintland/delta}.\n"};
	lfx_write_fixture(&f);
	lfx_put("spec/lintland/delta.md", "---\nruleset: lintland\nsection: delta\ntitle: Delta\n"
	                                  "source: test\nstatus: partial\n---\n\n# Delta\n");
	lfx_load();
	cr_assert(eq(sz, arb_rulebook_problem_count(lfx_rb), 0));
	lfx_bind();
	lfx_run("lintland");
	cr_assert(eq(sz, lfx_count("dangling-reference", "LL.REF.5"), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("dangling-reference", ANY), 2), "%s", lfx_dump());
}

Test(lint, undefined_term)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	/* Once, at its first use, with the count of all its uses. */
	const arb_finding *x = lfx_expect("undefined-term", "LL.TERM.1", ARB_LINT_REFERENCE,
	                                  ARB_SEV_WARNING, BETA_MD, 22, "'Wibbler'");
	MSG_HAS(x, "used 2 times in lintland");
	/* Horde is defined by {def:} in LL.DEF.1, Stand Fast by a heading. */
	cr_assert(eq(sz, lfx_count("undefined-term", ANY), 1), "%s", lfx_dump());
}

Test(lint, term_defined_twice)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("term-defined-twice", "LL.DEF.2", ARB_LINT_REFERENCE,
	                                  ARB_SEV_WARNING, BETA_MD, 31, NULL);
	MSG_HAS(x, "'Horde'");
	MSG_HAS(x, "LL.DEF.1");
	cr_assert(eq(sz, lfx_count("term-defined-twice", ANY), 1), "%s", lfx_dump());
}

/* ---- 3. traceability ---- */

Test(lint, unencoded)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("unencoded", "LL.PROC.1", ARB_LINT_TRACE, ARB_SEV_WARNING,
	                                  ALPHA_MD, 24, NULL);
	MSG_HAS(x, "procedure");
	lfx_expect("unencoded", "LL.YARD.1", ARB_LINT_TRACE, ARB_SEV_WARNING, BETA_MD, 34, NULL);
	/* Encoded and non-normative clauses are not. */
	cr_assert(eq(sz, lfx_count("unencoded", ANY), 2), "%s", lfx_dump());
}

Test(lint, case_targets_non_normative)
{
	lfx_fixture(NULL, true);
	lfx_cases("flav.csv", CASE_HEADER "LL-F,LL.FLAV.1,not-applicable," CASE_TAIL "\n");
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("case-targets-non-normative", "LL.FLAV.1", ARB_LINT_TRACE,
	                                  ARB_SEV_WARNING, ALPHA_MD, 27, NULL);
	MSG_HAS(x, "1 case(s) target LL.FLAV.1");
	MSG_HAS(x, "flavour");
}

Test(lint, no_target_case)
{
	lfx_fixture(NULL, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("no-target-case", "LL.PARAM.1", ARB_LINT_TRACE,
	                                  ARB_SEV_WARNING, ALPHA_MD, 18, NULL);
	MSG_HAS(x, "LL.PARAM.1");
	lfx_expect("no-target-case", "LL.ODD.1", ARB_LINT_TRACE, ARB_SEV_WARNING, ALPHA_MD, 21,
	           NULL);
	cr_assert(eq(sz, lfx_count("no-target-case", ANY), 2), "%s", lfx_dump());
	/* Without cases there is nothing to say about them. */
	arb_caseset_free(lfx_cs);
	lfx_cs = NULL;
	lfx_run("lintland");
	cr_assert(eq(sz, lfx_count("no-target-case", ANY), 0), "%s", lfx_dump());
}

Test(lint, not_seen_both_ways)
{
	lfx_fixture(NULL, true);
	/* LL.MOVE.1 only holds; LL.GRANT.1 grants (LL-G1) and declines (LL-G2). */
	lfx_cases("ways.csv", CASE_HEADER "LL-M1,LL.MOVE.1,legal," CASE_TAIL "m=yes\n"
	                                  "LL-G1,LL.GRANT.1,legal," CASE_TAIL "g=yes\n"
	                                  "LL-G2,LL.GRANT.1,not-applicable," CASE_TAIL "\n");
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("not-seen-both-ways", "LL.MOVE.1", ARB_LINT_TRACE,
	                                  ARB_SEV_WARNING, THIS_FILE, lfx_line_move, NULL);
	MSG_HAS(x, "never seen violated");
	STR_EQ(x->ruleset, "lintland");
	cr_assert(eq(sz, lfx_count("not-seen-both-ways", "LL.GRANT.1"), 0), "%s", lfx_dump());
	/* LL.PARAM.1 never applied: never seen holding. */
	x = lfx_expect("not-seen-both-ways", "LL.PARAM.1", ARB_LINT_TRACE, ARB_SEV_WARNING,
	               THIS_FILE, lfx_line_param, NULL);
	MSG_HAS(x, "never seen holding");
}

Test(lint, permission_never_granting)
{
	lfx_fixture(NULL, true);
	lfx_cases("decline.csv", CASE_HEADER "LL-G2,LL.GRANT.1,not-applicable," CASE_TAIL "\n");
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("not-seen-both-ways", "LL.GRANT.1", ARB_LINT_TRACE,
	                                  ARB_SEV_WARNING, THIS_FILE, lfx_line_grant, NULL);
	MSG_HAS(x, "never seen granting");
}

/* ---- 4. staleness ---- */

Test(lint, stale_predicate)
{
	/* One word of LL.MOVE.1 changed after its predicate was written. */
	lfx_fx f = {.move_text = "Models walk up to [6\"]{max_move} in a turn."};
	lfx_fixture(&f, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("stale-predicate", "LL.MOVE.1", ARB_LINT_STALE,
	                                  ARB_SEV_ERROR, THIS_FILE, lfx_line_move, NULL);
	STR_EQ(x->ruleset, "lintland");
	MSG_HAS(x, FP_MOVE);
	MSG_HAS(x, FP_MOVE_WALK);
	MSG_HAS(x, "2 case(s) target it (LL-1, LL-2)");
	cr_assert(eq(sz, lfx_count("stale-predicate", ANY), 1), "%s", lfx_dump());
}

Test(lint, changed_number_is_not_stale)
{
	lfx_fx f = {.move_text = "Models move up to [5\"]{max_move} in a turn."};
	lfx_fixture(&f, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	lfx_run("lintland");
	cr_assert(eq(sz, lfx_count("stale-predicate", ANY), 0), "%s", lfx_dump());
}

/* ---- 5. assumptions ---- */

Test(lint, assumption_by_word)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	/* LL.PROC.1 is the first normative clause that says "wibble". */
	const arb_finding *x = lfx_expect("assumption", "CONV.WIB.1", ARB_LINT_ASSUMPTION,
	                                  ARB_SEV_INFO, ALPHA_MD, 24, NULL);
	STR_EQ(x->ruleset, "lintland");
	MSG_HAS(x, "LL.PROC.1 says 'wibble'");
	MSG_HAS(x, "A wibble is measured from the centre of the base.");
	/* A convention without when= is never an assumption. */
	cr_assert(eq(sz, lfx_count("assumption", "CONV.TOL.1"), 0), "%s", lfx_dump());
}

Test(lint, assumption_stated_is_not_listed)
{
	lfx_fx f = {.states = "states: CONV.TOL.1, CONV.WIB.1"};
	lfx_fixture(&f, true);
	lfx_run("lintland");
	cr_assert(eq(sz, lfx_count("assumption", "CONV.WIB.1"), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("assumption", "CONV.YARD.1"), 1), "%s", lfx_dump());
}

Test(lint, assumption_by_unit)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	/* LL.YARD.1 states [a yard]{span}: unit yd. */
	const arb_finding *x = lfx_expect("assumption", "CONV.YARD.1", ARB_LINT_ASSUMPTION,
	                                  ARB_SEV_INFO, BETA_MD, 34, NULL);
	MSG_HAS(x, "LL.YARD.1 states a yard");
	cr_assert(eq(sz, lfx_count("assumption", ANY), 2), "%s", lfx_dump());
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
	char text[256], conv[8192];
	cr_assert(strlen(lfx_kConv) + sizeof text < sizeof conv);
	snprintf(text, sizeof text, "A wibble is measured%139s\xe2\x80\x99s way.", "");
	for (char *p = text + 20; *p == ' '; p++)
		*p = 'o';
	cr_assert(eq(sz, strlen(text), 159 + 3 + 6));
	const char *old = "A wibble is measured from the centre of the base.";
	const char *at = strstr(lfx_kConv, old);
	snprintf(conv, sizeof conv, "%.*s%s%s", (int)(at - lfx_kConv), lfx_kConv, text,
	         at + strlen(old));
	lfx_write_fixture(NULL);
	lfx_put("spec/conventions.md", conv);
	lfx_load();
	lfx_bind();
	lfx_run("lintland");
	const arb_finding *x = lfx_expect("assumption", "CONV.WIB.1", ARB_LINT_ASSUMPTION,
	                                  ARB_SEV_INFO, ALPHA_MD, 24, NULL);
	cr_assert(utf8_ok(x->message), "message is not UTF-8: %s", x->message);
}
