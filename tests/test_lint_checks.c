/* test_lint_checks.c: unit tests of `arbiter lint` (oracle/lint.c),
 * continued from test_lint.c: what is not bound, the traceability matrix,
 * the order and filter of findings, errors and names. The fixture is
 * test_lint_fixture.c's (lint_fixture.h). */
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

/* ---- not bound ---- */

Test(lint, not_bound)
{
	lfx_fixture(NULL, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	arb_oracle_free(lfx_o);
	lfx_o = NULL;
	lfx_run("lintland");
	const arb_finding *x =
	    lfx_expect("not-bound", NULL, ARB_LINT_TRACE, ARB_SEV_ERROR, NULL, 0, NULL);
	STR_EQ(x->ruleset, "lintland");
	/* Without a file it sorts first. */
	cr_assert(eq(ptr, (void *)arb_lint_at(lfx_l, 0), (void *)x), "%s", lfx_dump());
	/* The coverage by cases is left out; the rest is still checked. */
	cr_assert(eq(sz, lfx_count("no-target-case", ANY), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("not-seen-both-ways", ANY), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("unencoded", "LL.MOVE.1"), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("unencoded", "LL.PROC.1"), 1), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("unused-parameter", "LL.PARAM.1"), 1), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("not-bound", ANY), 1), "%s", lfx_dump());
}

Test(lint, not_bound_when_the_predicates_cannot_bind)
{
	lfx_fx f = {.odd_tag = "{#LL.ODD.1 advisory}"};
	lfx_fixture(&f, false);
	lfx_bind_fails();
	lfx_run(NULL);
	const arb_finding *x =
	    lfx_expect("not-bound", NULL, ARB_LINT_TRACE, ARB_SEV_ERROR, NULL, 0, NULL);
	cr_assert(eq(ptr, (void *)x->ruleset, NULL));
}

Test(lint, bound_oracle_gives_no_not_bound)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	cr_assert(eq(sz, lfx_count("not-bound", ANY), 0), "%s", lfx_dump());
}

/* ---- the traceability matrix ---- */

static const arb_trace_row *row_of(const char *id)
{
	const arb_trace_row *rows;
	size_t n = arb_lint_matrix(lfx_l, &rows);
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
	lfx_fixture(NULL, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	lfx_run("lintland");
	static const char *const ids[] = {"LL.MOVE.1", "LL.GRANT.1", "LL.PARAM.1", "LL.ODD.1",
	                                  "LL.PROC.1", "LL.FLAV.1",  "LL.SF.1",    "LL.REF.1",
	                                  "LL.REF.2",  "LL.REF.3",   "LL.REF.4",   "LL.TERM.1",
	                                  "LL.TERM.2", "LL.DEF.1",   "LL.DEF.2",   "LL.YARD.1"};
	const arb_trace_row *rows = NULL;
	size_t n = arb_lint_matrix(lfx_l, &rows);
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
	lfx_fx f = {.move_text = "Models walk up to [6\"]{max_move} in a turn."};
	lfx_fixture(&f, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	lfx_run("lintland");
	ROW_EQ("LL.MOVE.1", 1, 2, 1, 1, 1);
	ROW_EQ("LL.GRANT.1", 1, 1, 1, 0, 0);
}

/* ---- order, filter, errors, names ---- */

Test(lint, findings_sorted_by_file_then_line)
{
	lfx_fx f = {.body = "## Precedence\n\n- LL.MOVE.1 overrides LL.GHOST.7\n",
	            .beta_tail = "\n{#LL.OLD.1 advisory}\nOld words.\n"};
	lfx_fixture(&f, true);
	lfx_cases("three.csv", lfx_kThreeCases);
	lfx_run("lintland");
	size_t n = arb_lint_count(lfx_l), files = 1;
	cr_assert(n > 10, "%s", lfx_dump());
	for (size_t i = 1; i < n; i++) {
		const arb_finding *a = arb_lint_at(lfx_l, i - 1), *b = arb_lint_at(lfx_l, i);
		int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
		cr_assert(c < 0 || (c == 0 && a->line <= b->line), "finding %zu out of order:%s", i,
		          lfx_dump());
		files += c != 0;
	}
	/* alpha.md, beta.md, ruleset.md and this file's predicates. */
	cr_assert(files >= 4, "%s", lfx_dump());
	cr_assert(eq(ptr, (void *)arb_lint_at(lfx_l, n), NULL));
}

/* A second ruleset beside lintland, with an unresolved reference on line 8
 * of main.md and a file its sections do not list. */
static void write_other(const char *name, const char *prefix)
{
	char rel[128], buf[1024];
	snprintf(rel, sizeof rel, "spec/%s/ruleset.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\ntitle: Other\nprefix: %s\nsections: main\n---\n", name, prefix);
	lfx_put(rel, buf);
	snprintf(rel, sizeof rel, "spec/%s/main.md", name);
	snprintf(buf, sizeof buf,
	         "---\nruleset: %s\nsection: main\ntitle: Main\nsource: test\n---\n\n"
	         "{#%s.A.1 advisory}\n" /* 8 */
	         "As said [(see page XX)]{ref:?}.\n",
	         name, prefix);
	lfx_put(rel, buf);
	snprintf(rel, sizeof rel, "spec/%s/extra.md", name);
	lfx_put(rel, "not listed\n");
}

/* Whether f concerns the ruleset: names it, a file in its directory dir or
 * a clause with its prefix ("LL."). */
static bool mentions(const arb_finding *f, const char *ruleset, const char *dir, const char *prefix)
{
	return lfx_same(f->ruleset, ruleset) || (f->file && strstr(f->file, dir)) ||
	       (f->clause && strncmp(f->clause, prefix, strlen(prefix)) == 0);
}

Test(lint, ruleset_filter)
{
	lfx_write_fixture(NULL);
	write_other("otherland", "OL");
	/* lintland has a structural problem of its own too. */
	lfx_put("spec/lintland/gamma.md", "anything\n");
	lfx_load();
	lfx_bind();
	lfx_cases("three.csv", lfx_kThreeCases);

	lfx_run("lintland");
	for (size_t i = 0; i < arb_lint_count(lfx_l); i++)
		cr_assert(not(mentions(arb_lint_at(lfx_l, i), "otherland", "/otherland/", "OL.")),
		          "%s", lfx_dump());
	lfx_expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, RULESET_MD, 5,
	           NULL);
	const arb_trace_row *rows;
	size_t n_lintland = arb_lint_matrix(lfx_l, &rows);
	cr_assert(eq(sz, n_lintland, 16));

	lfx_run("otherland");
	for (size_t i = 0; i < arb_lint_count(lfx_l); i++)
		cr_assert(not(mentions(arb_lint_at(lfx_l, i), "lintland", "/lintland/", "LL.")),
		          "%s", lfx_dump());
	lfx_expect("unresolved-reference", "OL.A.1", ARB_LINT_REFERENCE, ARB_SEV_WARNING,
	           "spec/otherland/main.md", 8, NULL);
	lfx_expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	           "spec/otherland/ruleset.md", 5, "extra.md");
	cr_assert(eq(sz, arb_lint_matrix(lfx_l, &rows), 1));
	STR_EQ(rows[0].clause->id, "OL.A.1");

	/* NULL: both. */
	lfx_run(NULL);
	cr_assert(eq(sz, lfx_count("unlisted-section", ANY), 2), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("unresolved-reference", ANY), 2), "%s", lfx_dump());
	cr_assert(eq(sz, arb_lint_matrix(lfx_l, &rows), 17));
}

Test(lint, ruleset_filter_matches_the_directory_not_a_substring)
{
	/* A ruleset named "land": lintland's problems are not its own, though
	 * the path spec/lintland/ruleset.md contains "land". */
	lfx_write_fixture(NULL);
	write_other("land", "LD");
	lfx_put("spec/lintland/gamma.md", "anything\n");
	lfx_load();
	lfx_bind();
	lfx_run("land");
	lfx_expect("unlisted-section", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	           "spec/land/ruleset.md", 5, "extra.md");
	for (size_t i = 0; i < arb_lint_count(lfx_l); i++) {
		const arb_finding *f = arb_lint_at(lfx_l, i);
		cr_assert(not(f->file && strstr(f->file, "/lintland/")),
		          "linting 'land' reports lintland's %s:%ld [%s]:%s", f->file, f->line,
		          f->code, lfx_dump());
	}
}

Test(lint, conventions_problem_without_a_ruleset)
{
	lfx_write_fixture(NULL);
	char conv[8192];
	cr_assert(strlen(lfx_kConv) + 16 < sizeof conv);
	const char *at = strstr(lfx_kConv, "0.000001\"");
	snprintf(conv, sizeof conv, "%.*s0.00001\"%s", (int)(at - lfx_kConv), lfx_kConv, at + 9);
	lfx_put("spec/conventions.md", conv);
	lfx_load();
	lfx_bind();
	lfx_run(NULL);
	const arb_finding *x = lfx_expect("tolerance", NULL, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
	                                  "spec/conventions.md", 10, NULL);
	MSG_HAS(x, "CONV.TOL.1");
}

Test(lint, unknown_ruleset_is_an_error)
{
	lfx_fixture(NULL, true);
	arb_lint *l = (arb_lint *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_lint_run(&l, lfx_rb, lfx_o, NULL, "nowhere", &err);
	cr_assert(eq(int, rc, ARB_ENOTFOUND));
	cr_assert(eq(ptr, (void *)l, NULL));
	cr_assert(eq(int, err.code, ARB_ENOTFOUND));
	STR_EQ(err.field, "ruleset");
	cr_assert(strstr(err.message, "nowhere") != NULL, "%s", err.message);
	/* "conventions" holds clauses, but is no ruleset. */
	rc = arb_lint_run(&l, lfx_rb, lfx_o, NULL, "conventions", &err);
	cr_assert(eq(int, rc, ARB_ENOTFOUND));
	cr_assert(eq(ptr, (void *)l, NULL));
}

Test(lint, add_and_free)
{
	lfx_fixture(NULL, true);
	lfx_run("lintland");
	size_t n = arb_lint_count(lfx_l);
	arb_finding f = {.kind = ARB_LINT_TRACE,
	                 .severity = ARB_SEV_ERROR,
	                 .code = "case-table",
	                 .file = "x.csv",
	                 .line = 3};
	snprintf(f.message, sizeof f.message, "a table that would not load");
	cr_assert(eq(int, arb_lint_add(lfx_l, &f), ARB_OK));
	cr_assert(eq(sz, arb_lint_count(lfx_l), n + 1));
	const arb_finding *g = arb_lint_at(lfx_l, n);
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
	int rc = arb_rulebook_load_ex(&lfx_rb, spec_dir, ARB_LOAD_LENIENT, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(sz, arb_rulebook_problem_count(lfx_rb), 0));
	lfx_bind();
	cr_assert(eq(int, arb_caseset_new(&lfx_cs), ARB_OK));
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
		rc = arb_caseset_load_file(lfx_cs, path, lfx_rb, &err);
		cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
		tables++;
	}
	closedir(d);
	cr_assert(tables > 0);
	lfx_run("scrollhammer");
}

static size_t cases_targeting(const char *clause)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_caseset_count(lfx_cs); i++)
		n += strcmp(arb_caseset_at(lfx_cs, i)->target, clause) == 0;
	return n;
}

Test(lint, real_rulebook_one_word_makes_one_predicate_stale)
{
	char spec[256], mov[320];
	snprintf(spec, sizeof spec, "%s/spec", lfx_tmp.path);
	copy_tree("spec", spec);
	snprintf(mov, sizeof mov, "%s/scrollhammer/movement.md", spec);
	edit_file(mov, "locked in close combat with the enemy cannot move during",
	          "locked in close combat with the enemy may not move during");
	lint_real(spec);
	cr_assert(eq(sz, lfx_count("stale-predicate", ANY), 1), "%s", lfx_dump());
	const arb_finding *x = lfx_nth("stale-predicate", ANY, 0);
	STR_EQ(x->clause, "SH.MOV.CC.1");
	STR_EQ(x->ruleset, "scrollhammer");
	cr_assert(eq(int, (int)x->kind, (int)ARB_LINT_STALE));
	cr_assert(eq(int, (int)x->severity, (int)ARB_SEV_ERROR));
	cr_assert(x->file && lfx_ends_with(x->file, "oracle/rules/scrollhammer/movement.c"), "%s",
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
	MSG_HAS(x, arb_rulebook_clause(lfx_rb, "SH.MOV.CC.1")->fingerprint);
}

Test(lint, real_rulebook_unedited_has_no_stale_predicate)
{
	lint_real("spec");
	cr_assert(eq(sz, lfx_count("stale-predicate", ANY), 0), "%s", lfx_dump());
	cr_assert(eq(sz, lfx_count("not-bound", ANY), 0), "%s", lfx_dump());
}

Test(lint, real_rulebook_changed_number_is_not_stale)
{
	char spec[256], mov[320];
	snprintf(spec, sizeof spec, "%s/spec", lfx_tmp.path);
	copy_tree("spec", spec);
	snprintf(mov, sizeof mov, "%s/scrollhammer/movement.md", spec);
	edit_file(mov, "Models move up to [6\"]{max_move} in the Movement phase.",
	          "Models move up to [5\"]{max_move} in the Movement phase.");
	lint_real(spec);
	const arb_param *pm =
	    arb_clause_param(arb_rulebook_clause(lfx_rb, "SH.MOV.DIST.1"), "max_move");
	cr_assert(pm != NULL);
	cr_assert(eq(dbl, pm->value, 5.0));
	cr_assert(eq(sz, lfx_count("stale-predicate", ANY), 0), "%s", lfx_dump());
}
