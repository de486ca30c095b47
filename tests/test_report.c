/*
 * test_report.c: the HTML report (tools/writers/report.c): text from spec/ and
 * cases/ is escaped, every clause is an anchor, and the report directory is
 * replaced whole or not at all.
 */
#include "support.h"

#include "../tools/writers/report.h"
#include "arbiter.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static support_tmpdir g_tmp;
static arb_rulebook *g_rb;
static arb_oracle *g_o;
static arb_caseset *g_cs;
static report_result *g_res;
static arb_gv *g_gv; /* one Graphviz context per process (see arb_gv_new) */

static void setup(void)
{
	arb_error err;
	arb_error_clear(&err);
	support_tmpdir_make(&g_tmp, "report");
	cr_assert(eq(int, arb_rulebook_load(&g_rb, "spec", &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_oracle_new(&g_o, g_rb, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	cr_assert(
	    eq(int,
	       arb_caseset_load_file(g_cs, "tests/fixtures/report/scrollhammer/movement/report.csv",
	                             g_rb, &err),
	       ARB_OK),
	    "%s", err.message);
	g_gv = arb_gv_new();
	cr_assert(g_gv != NULL);
	size_t n = arb_caseset_count(g_cs);
	g_res = calloc(n, sizeof *g_res);
	for (size_t i = 0; i < n; i++) {
		const arb_case *c = arb_caseset_at(g_cs, i);
		arb_verdict *v = NULL;
		cr_assert(eq(int, arb_judge(&v, g_o, c->scenario, c->profile, &err), ARB_OK));
		g_res[i].agrees = arb_case_agrees(c, v, g_res[i].why, sizeof g_res[i].why);
		if (g_res[i].agrees)
			arb_verdict_free(v);
		else
			g_res[i].verdict = v;
	}
}

static void teardown(void)
{
	for (size_t i = 0; g_cs && i < arb_caseset_count(g_cs); i++)
		arb_verdict_free(g_res[i].verdict);
	free(g_res);
	arb_gv_free(g_gv);
	arb_caseset_free(g_cs);
	arb_oracle_free(g_o);
	arb_rulebook_free(g_rb);
	support_tmpdir_remove(&g_tmp);
}

TestSuite(report, .init = setup, .fini = teardown);

static void report_dir(char *buf, size_t n)
{
	snprintf(buf, n, "%s/rep", g_tmp.path);
}

Test(report, notes_and_clause_text_are_escaped)
{
	char dir[128], path[160];
	report_dir(dir, sizeof dir);
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, NULL, NULL, g_gv), 0));
	snprintf(path, sizeof path, "%s/index.html", dir);
	char *html = support_slurp(path);
	cr_assert(strstr(html, "&lt;script&gt;window.__pwned = 1&lt;/script&gt;") != NULL);
	cr_assert(strstr(html, "<script>") == NULL, "no script element reaches the page");
	cr_assert(strstr(html, "&lt;b&gt;not bold&lt;/b&gt;") != NULL);
	/* clause text with a quote, rendered through cmark */
	cr_assert(strstr(html, "Models move up to 6&quot; in the Movement phase.") != NULL);
	free(html);
}

Test(report, every_clause_is_an_anchor)
{
	char dir[128], path[160];
	report_dir(dir, sizeof dir);
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, NULL, NULL, g_gv), 0));
	snprintf(path, sizeof path, "%s/index.html", dir);
	char *html = support_slurp(path);
	for (size_t i = 0; i < arb_rulebook_clause_count(g_rb); i++) {
		char anchor[96];
		snprintf(anchor, sizeof anchor, "id=\"%s\"", arb_rulebook_clause_at(g_rb, i)->id);
		cr_assert(strstr(html, anchor) != NULL, "no anchor %s", anchor);
	}
	cr_assert(strstr(html, "2 disagreed") != NULL);
	cr_assert(strstr(html, "src=\"case-REP-FAIL-2.svg\"") != NULL);
	free(html);
	snprintf(path, sizeof path, "%s/case-REP-FAIL-2.svg", dir);
	char *svg = support_slurp(path);
	cr_assert(strstr(svg, "<svg") != NULL);
	free(svg);
}

Test(report, disputes_by_kind_and_clause_and_lint_findings)
{
	char dir[128], path[160];
	report_dir(dir, sizeof dir);
	/* a disputed verdict, as run records it */
	g_res[0].kind = ARB_V_DISPUTED;
	g_res[0].dispute = ARB_DISPUTE_CONFLICT | ARB_DISPUTE_GAP;
	g_res[0].disputed = strdup("SH.MOV.1 SH.MOV.DIST.1");
	arb_lint *lint = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_lint_run(&lint, g_rb, g_o, g_cs, NULL, &err), ARB_OK));
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, lint, NULL, g_gv), 0));
	free(g_res[0].disputed);
	g_res[0].disputed = NULL;
	snprintf(path, sizeof path, "%s/index.html", dir);
	char *html = support_slurp(path);
	cr_assert(strstr(html, "Disputed verdicts (1)") != NULL);
	cr_assert(strstr(html, "conflict 1</span>") != NULL &&
	          strstr(html, "gap 1</span>") != NULL);
	cr_assert(strstr(html, "<tr><td><a href=\"#SH.MOV.DIST.1\">SH.MOV.DIST.1</a></td><td "
	                       "class=\"num\">1</td><td class=\"num\">1</td><td "
	                       "class=\"num\">0</td><td class=\"num\">1</td></tr>") != NULL);
	char want[64];
	snprintf(want, sizeof want, "Lint findings (%zu)", arb_lint_count(lint));
	cr_assert(strstr(html, want) != NULL, "%s", want);
	cr_assert(strstr(html, "<code>unresolved-reference</code>") != NULL);
	/* navigation between the parts, and each part is there */
	for (const char *const *id =
	         (const char *const[]){"totals", "disputes", "lint", "words", "disagreements",
	                               "flows", "rulebook", NULL};
	     *id; id++) {
		char a[64], t[64];
		snprintf(a, sizeof a, "href=\"#%s\"", *id);
		snprintf(t, sizeof t, "id=\"%s\"", *id);
		cr_assert(strstr(html, a) != NULL && strstr(html, t) != NULL, "%s", *id);
	}
	free(html);
	arb_lint_free(lint);
}

/* The words' findings (added by the program's spell checker, as
 * `arbiter run --report` adds them) have their own part, each at its line
 * and column, and are not counted among lint's; words that were not checked
 * say why. */
Test(report, words_findings_apart_with_their_column)
{
	char dir[128], path[160];
	report_dir(dir, sizeof dir);
	arb_lint *lint = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_lint_run(&lint, g_rb, g_o, g_cs, "grit", &err), ARB_OK));
	size_t before = arb_lint_count(lint);
	arb_finding w = {.kind = ARB_LINT_WORDS,
	                 .severity = ARB_SEV_WARNING,
	                 .code = "article",
	                 .ruleset = "grit",
	                 .clause = "GR.MOV.STOMP.2",
	                 .file = "spec/grit/movement.md",
	                 .line = 92,
	                 .column = 38};
	snprintf(w.message, sizeof w.message, "'a Initiative': <the article> & more");
	cr_assert(eq(int, arb_lint_add(lint, &w), ARB_OK));
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, lint, NULL, g_gv), 0));
	snprintf(path, sizeof path, "%s/index.html", dir);
	char *html = support_slurp(path);
	char want[64];
	snprintf(want, sizeof want, "Lint findings (%zu)", before);
	cr_assert(strstr(html, want) != NULL, "%s", want);
	cr_assert(strstr(html, "<h2 id=\"words\">Words (1)</h2>") != NULL);
	const char *words = strstr(html, "id=\"words\"");
	const char *row = strstr(html, "<code>article</code>");
	cr_assert(row != NULL && words != NULL && row > words);
	cr_assert(strstr(row, "<a href=\"#GR.MOV.STOMP.2\">GR.MOV.STOMP.2</a>") != NULL);
	cr_assert(strstr(row, "&lt;the article&gt; &amp; more") != NULL);
	cr_assert(strstr(row, "spec/grit/movement.md:92:38</td>") != NULL);
	free(html);
	/* not checked: said, escaped, never a silent empty list */
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, lint, "no <dictionary>", g_gv), 0));
	html = support_slurp(path);
	cr_assert(strstr(html, "Spelling and grammar were not checked: no &lt;dictionary&gt;") !=
	          NULL);
	free(html);
	arb_lint_free(lint);
}

static bool leftovers(void)
{
	DIR *d = opendir(g_tmp.path);
	struct dirent *de;
	bool found = false;
	while ((de = readdir(d)))
		found = found || strstr(de->d_name, ".arbiter-");
	closedir(d);
	return found;
}

Test(report, a_new_report_replaces_the_old_whole)
{
	char dir[128], marker[160];
	report_dir(dir, sizeof dir);
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, NULL, NULL, g_gv), 0));
	snprintf(marker, sizeof marker, "%s/marker", dir);
	support_write(&g_tmp, "rep/marker", "from the old report");
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, NULL, NULL, g_gv), 0));
	cr_assert(access(marker, F_OK) != 0, "the old directory was replaced");
	cr_assert(leftovers() == false, "no temporary directory is left");
}

Test(report, a_directory_arbiter_did_not_write_is_refused_and_left_whole)
{
	char dir[128], mine[160];
	report_dir(dir, sizeof dir);
	support_write(&g_tmp, "rep/precious", "the user's");
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, NULL, NULL, g_gv), -1));
	snprintf(mine, sizeof mine, "%s/precious", dir);
	char *text = support_slurp(mine);
	cr_assert(eq(str, text, "the user's"));
	free(text);
	snprintf(mine, sizeof mine, "%s/index.html", dir);
	cr_assert(access(mine, F_OK) != 0, "nothing was written into it");
	cr_assert(leftovers() == false, "no temporary directory is left");
}

Test(report, what_a_killed_run_left_is_swept)
{
	char dir[128], left[200], inside[240];
	report_dir(dir, sizeof dir);
	/* a process that is gone: its pid names the litter */
	pid_t pid = fork();
	if (pid == 0)
		_exit(0);
	cr_assert(gt(int, pid, 0));
	waitpid(pid, NULL, 0);
	snprintf(left, sizeof left, "rep.arbiter-%ld/.arbiter-output", (long)pid);
	support_write(&g_tmp, left, "marked");
	snprintf(inside, sizeof inside, "rep.arbiter-%ld/index.html", (long)pid);
	support_write(&g_tmp, inside, "half a report");
	cr_assert(leftovers());
	cr_assert(eq(int, report_write(dir, g_rb, g_cs, g_res, NULL, NULL, g_gv), 0));
	cr_assert(leftovers() == false, "the killed run's directory was swept");
}
