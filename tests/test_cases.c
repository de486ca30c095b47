/* test_cases.c: unit tests of the case-table loader (oracle/cases.c,
 * arbiter.h section 7, docs/cases.md).
 *
 * Small tables are written to <tmp>/cases/scrollhammer/movement/NAME.csv (the
 * ruleset comes from the path) and loaded against the real rulebook in
 * spec/ (the tests run from the project root). Most tables are built from
 * rows written with '|' between fields: the helper quotes a field when it
 * holds a comma, a quote or a newline, and remembers the column where each
 * field starts, so that an error's expected column is exactly where the
 * offending field begins in the file.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "support.h"

/* ---- temporary directory, rulebook, case set ---- */

static support_tmpdir g_tmp;
static arb_rulebook *g_rb;
static arb_caseset *g_cs;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "cases");
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	if (arb_rulebook_load(&g_rb, "spec", &err) != ARB_OK)
		cr_fatal("spec: %s", arb_error_format(&err, buf, sizeof buf));
	if (arb_caseset_new(&g_cs) != ARB_OK)
		cr_fatal("arb_caseset_new");
}

static void teardown(void)
{
	arb_caseset_free(g_cs);
	arb_rulebook_free(g_rb);
	g_cs = NULL;
	g_rb = NULL;
	support_tmpdir_remove(&g_tmp);
}

TestSuite(cases, .init = setup, .fini = teardown);

/* Writes text as <tmp>/cases/scrollhammer/movement/<name>; returns the path
 * (static storage, one per name slot). */
static const char *put_csv(const char *name, const char *text)
{
	static char paths[4][512];
	static int slot;
	char *path = paths[slot++ % 4];
	char rel[256];
	snprintf(rel, sizeof rel, "cases/scrollhammer/movement/%s", name);
	support_write(&g_tmp, rel, text);
	snprintf(path, 512, "%s/%s", g_tmp.path, rel);
	return path;
}

static void load_ok(const char *path)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_caseset_load_file(g_cs, path, g_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
}

/* Loads path and checks the error: ARB_EINPUT, file, line, column, field
 * ("" for none) and a word of the message. */
static void expect_error(const char *path, long line, long column, const char *field,
                         const char *needle)
{
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_caseset_load_file(g_cs, path, g_rb, &err);
	arb_error_format(&err, buf, sizeof buf);
	cr_assert(eq(int, rc, ARB_EINPUT), "rc %d: %s", rc, buf);
	cr_assert(eq(int, err.code, ARB_EINPUT));
	cr_assert(eq(str, err.file, (char *)path), "%s", buf);
	cr_assert(eq(long, err.line, line), "%s", buf);
	cr_assert(eq(long, err.column, column), "%s", buf);
	cr_assert(eq(str, err.field, (char *)field), "%s", buf);
	cr_assert(strstr(err.message, needle) != NULL, "message '%s' lacks '%s'", err.message,
	          needle);
}

/* ---- tables from '|'-separated rows ---- */

#define MAXF 32

/* The columns of the full table, in this order. */
static const char *const kCols[] = {"id",       "target",  "expect", "violates", "dispute",
                                    "disputed", "profile", "board",  "context",  "units",
                                    "models",   "terrain", "action", "paths",    "stationary",
                                    "facts",    "dice",    "values", "variants", "note"};
#define NCOLS (sizeof kCols / sizeof *kCols)

/* A valid row of the full table: unit A1 (skirmish, M=6), a1 moving 2". */
static const char *const kBase[NCOLS] = {
    [0] = "T-100",           [1] = "SH.MOV.1", [2] = "legal",          [9] = "A1 A skirmish M=6",
    [10] = "A1/a1 10,10 25", [12] = "move A1", [13] = "a1 10,10 12,10"};

static size_t col_index(const char *name)
{
	for (size_t i = 0; i < NCOLS; i++)
		if (strcmp(kCols[i], name) == 0)
			return i;
	cr_fatal("no column %s", name);
	return 0;
}

/* Appends fields[0..n-1] as one CSV line to out (at *k), recording the
 * 1-based column where each field starts in cols (if not NULL). */
static void csv_line(char *out, size_t cap, size_t *k, const char *const *fields, size_t n,
                     long *cols)
{
	size_t start = *k;
	for (size_t i = 0; i < n; i++) {
		if (i)
			out[(*k)++] = ',';
		if (cols)
			cols[i] = (long)(*k - start) + 1;
		const char *f = fields[i] ? fields[i] : "";
		bool quote = strpbrk(f, ",\"\n\r") != NULL;
		if (quote)
			out[(*k)++] = '"';
		for (; *f; f++) {
			if (*f == '"')
				out[(*k)++] = '"';
			out[(*k)++] = *f;
		}
		if (quote)
			out[(*k)++] = '"';
		cr_assert(lt(sz, *k + 2, cap));
	}
	out[(*k)++] = '\n';
	out[*k] = '\0';
}

/* The full header and rows; rows[i] has NCOLS fields. */
static char *full_table(const char *const (*rows)[NCOLS], size_t n_rows, long *cols_of_last)
{
	static char buf[16384];
	size_t k = 0;
	csv_line(buf, sizeof buf, &k, kCols, NCOLS, NULL);
	for (size_t i = 0; i < n_rows; i++)
		csv_line(buf, sizeof buf, &k, rows[i], NCOLS,
		         i + 1 == n_rows ? cols_of_last : NULL);
	return buf;
}

/* The base row with column `name` set to value, as the only data row (line
 * 2) of a full table; checks the error at that field. */
static void expect_field_error(const char *name, const char *value, const char *field,
                               const char *needle)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index(name)] = value;
	long cols[NCOLS];
	const char *path = put_csv("x.csv", full_table(&row, 1, cols));
	/* A fresh set, so that a test can check several values in turn. */
	arb_caseset_free(g_cs);
	g_cs = NULL;
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	expect_error(path, 2, cols[col_index(field)], field, needle);
}

/* ---- a valid table ---- */

Test(cases, valid_table_is_parsed)
{
	const char *rows[2][NCOLS] = {
	    {"T-001",
	     "SH.MOV.DIST.1",
	     "illegal",
	     "SH.MOV.DIST.1 SH.MOV.1",
	     "",
	     "",
	     "chain",
	     "",
	     "",
	     "A1 A horde M=6 facing=90 locked_in_combat; E1 B - Ld=7",
	     "A1/a1 10,10 25; A1/a2 12,10 25x50 facing=45 M=8; E1/e1 40,40 32",
	     "T1 difficult 0,0 4,0 4,4 0,4",
	     "move A1 involuntary -> E1",
	     "a1 10,10 16,10 17,10",
	     "-",
	     "enemies_apparent=false;closest_gap=1.5",
	     "3 5",
	     "coherency=1",
	     "no-rotate",
	     "'Models move up to 6\"'"},
	    {"T-002",
	     "SH.MOV.1",
	     "disputed",
	     "",
	     "conflict",
	     "SH.MOV.DIST.1 SH.MOV.1",
	     "",
	     "30x20",
	     "phase=shooting;round=3;side=A;completed=E1;in_progress=E1",
	     "A1 A skirmish; E1 B horde",
	     "A1/a1 5,5 25;A1/a2 6,5 25;E1/e1 20,10 25",
	     "",
	     "charge A1",
	     "",
	     "a2",
	     "",
	     "",
	     "",
	     "",
	     ""},
	};
	const char *path = put_csv("x.csv", full_table(rows, 2, NULL));
	load_ok(path);
	cr_assert(eq(sz, arb_caseset_count(g_cs), 2));

	const arb_case *c = arb_caseset_at(g_cs, 0);
	cr_assert(c != NULL);
	STR_EQ(c->id, "T-001");
	STR_EQ(c->target, "SH.MOV.DIST.1");
	cr_assert(eq(int, c->expect, ARB_V_ILLEGAL));
	cr_assert(eq(int, c->expect_dispute, 0));
	cr_assert(eq(sz, c->n_violates, 2));
	/* Sorted: '1' sorts before 'D'. */
	STR_EQ(c->violates[0], "SH.MOV.1");
	STR_EQ(c->violates[1], "SH.MOV.DIST.1");
	cr_assert(eq(sz, c->n_disputed, 0));
	STR_EQ(c->profile, "chain");
	cr_assert(eq(sz, c->n_values, 1));
	STR_EQ(c->values[0].name, "coherency");
	cr_assert(eq(dbl, c->values[0].value, 1.0));
	STR_EQ(c->variants, "no-rotate");
	STR_EQ(c->note, "'Models move up to 6\"'");
	STR_EQ(c->file, path);
	cr_assert(eq(long, c->line, 2));

	const arb_scenario *s = c->scenario;
	cr_assert(s != NULL);
	STR_EQ(s->id, "T-001");
	STR_EQ(s->ruleset, "scrollhammer");
	STR_EQ(s->src_file, path);
	cr_assert(eq(long, s->src_line, 2));
	/* Defaults: board 72x48, phase movement, round 2; no sub-phase, as
	 * Scrollhammer names none called "remaining". */
	cr_assert(eq(dbl, s->board_w, 72.0));
	cr_assert(eq(dbl, s->board_h, 48.0));
	STR_EQ(s->context.phase, "movement");
	cr_assert(eq(ptr, (void *)s->context.subphase, NULL));
	cr_assert(eq(int, s->context.battle_round, 2));
	cr_assert(eq(ptr, (void *)s->context.active_side, NULL));
	cr_assert(eq(ptr, (void *)s->context.in_progress, NULL));
	cr_assert(eq(sz, s->context.n_completed, 0));

	cr_assert(eq(sz, s->n_units, 2));
	const arb_unit *a1 = &s->units[0], *e1 = &s->units[1];
	STR_EQ(a1->id, "A1");
	STR_EQ(a1->side, "A");
	STR_EQ(a1->formation, "horde");
	cr_assert(eq(dbl, a1->facing_deg, 90.0));
	cr_assert(eq(sz, a1->n_stats, 1));
	STR_EQ(a1->stats[0].name, "M");
	cr_assert(eq(dbl, a1->stats[0].value, 6.0));
	cr_assert(eq(sz, a1->n_status, 1));
	STR_EQ(a1->status[0], "locked_in_combat");
	STR_EQ(e1->id, "E1");
	cr_assert(eq(ptr, (void *)e1->formation, NULL), "'-' is no formation");
	cr_assert(eq(sz, e1->n_stats, 1));
	STR_EQ(e1->stats[0].name, "Ld");
	cr_assert(eq(dbl, e1->stats[0].value, 7.0));
	cr_assert(eq(sz, e1->n_status, 0));

	cr_assert(eq(sz, a1->n_models, 2));
	const arb_model *m1 = &a1->models[0], *m2 = &a1->models[1];
	STR_EQ(m1->id, "a1");
	cr_assert(eq(dbl, m1->pos.x, 10.0));
	cr_assert(eq(dbl, m1->pos.y, 10.0));
	cr_assert(eq(int, m1->base.shape, ARB_BASE_ROUND));
	cr_assert(eq(dbl, m1->base.d_mm, 25.0));
	cr_assert(eq(dbl, m1->facing_deg, 90.0), "a model takes its unit's facing");
	cr_assert(eq(sz, m1->n_stats, 0));
	STR_EQ(m2->id, "a2");
	cr_assert(eq(int, m2->base.shape, ARB_BASE_RECT));
	cr_assert(eq(dbl, m2->base.w_mm, 25.0));
	cr_assert(eq(dbl, m2->base.depth_mm, 50.0));
	cr_assert(eq(dbl, m2->facing_deg, 45.0));
	cr_assert(eq(sz, m2->n_stats, 1));
	STR_EQ(m2->stats[0].name, "M");
	cr_assert(eq(dbl, m2->stats[0].value, 8.0));
	double mv = 0;
	cr_assert(arb_model_stat(m2, a1, "M", &mv));
	cr_assert(eq(dbl, mv, 8.0), "a model's characteristic overrides its unit's");
	cr_assert(eq(sz, e1->n_models, 1));
	cr_assert(eq(dbl, e1->models[0].base.d_mm, 32.0));

	cr_assert(eq(sz, s->n_terrain, 1));
	STR_EQ(s->terrain[0].id, "T1");
	STR_EQ(s->terrain[0].kind, "difficult");
	cr_assert(eq(sz, s->terrain[0].n_poly, 4));
	cr_assert(eq(dbl, s->terrain[0].poly[2].x, 4.0));
	cr_assert(eq(dbl, s->terrain[0].poly[2].y, 4.0));

	STR_EQ(s->action.type, "move");
	STR_EQ(s->action.unit, "A1");
	cr_assert(not(s->action.voluntary));
	cr_assert(eq(sz, s->action.n_targets, 1));
	STR_EQ(s->action.targets[0], "E1");
	cr_assert(eq(sz, s->action.n_paths, 1));
	STR_EQ(s->action.paths[0].model, "a1");
	cr_assert(eq(sz, s->action.paths[0].n_pts, 3));
	cr_assert(eq(dbl, s->action.paths[0].pts[2].x, 17.0));
	cr_assert(eq(dbl, s->action.paths[0].pts[2].y, 10.0));
	cr_assert(s->action.stationary_declared, "'-' declares that none stays");
	cr_assert(eq(sz, s->action.n_stationary, 0));

	cr_assert(eq(sz, s->n_facts, 2));
	STR_EQ(arb_scenario_fact(s, "enemies_apparent"), "false");
	STR_EQ(arb_scenario_fact(s, "closest_gap"), "1.5");
	cr_assert(eq(sz, s->n_dice, 2));
	cr_assert(eq(int, s->dice[0], 3));
	cr_assert(eq(int, s->dice[1], 5));

	/* The second row. */
	c = arb_caseset_at(g_cs, 1);
	STR_EQ(c->id, "T-002");
	cr_assert(eq(long, c->line, 3));
	cr_assert(eq(int, c->expect, ARB_V_DISPUTED));
	cr_assert(eq(int, c->expect_dispute, ARB_DISPUTE_CONFLICT));
	cr_assert(eq(sz, c->n_disputed, 2));
	STR_EQ(c->disputed[0], "SH.MOV.1");
	STR_EQ(c->disputed[1], "SH.MOV.DIST.1");
	cr_assert(eq(sz, c->n_violates, 0));
	STR_EQ(c->profile, "all");
	STR_EQ(c->variants, "all");
	STR_EQ(c->note, "");
	cr_assert(eq(sz, c->n_values, 0));
	s = c->scenario;
	cr_assert(eq(dbl, s->board_w, 30.0));
	cr_assert(eq(dbl, s->board_h, 20.0));
	STR_EQ(s->context.phase, "shooting");
	cr_assert(eq(ptr, (void *)s->context.subphase, NULL), "no sub-phase outside movement");
	cr_assert(eq(int, s->context.battle_round, 3));
	STR_EQ(s->context.active_side, "A");
	STR_EQ(s->context.in_progress, "E1");
	cr_assert(eq(sz, s->context.n_completed, 1));
	STR_EQ(s->context.completed[0], "E1");
	STR_EQ(s->units[0].formation, "skirmish");
	cr_assert(eq(sz, s->units[0].n_stats, 0));
	cr_assert(eq(sz, s->units[0].n_models, 2));
	cr_assert(eq(dbl, s->units[0].models[0].facing_deg, 0.0));
	STR_EQ(s->action.type, "charge");
	cr_assert(s->action.voluntary);
	cr_assert(eq(sz, s->action.n_targets, 0));
	cr_assert(eq(sz, s->action.n_paths, 0));
	cr_assert(s->action.stationary_declared);
	cr_assert(eq(sz, s->action.n_stationary, 1));
	STR_EQ(s->action.stationary[0], "a2");
	cr_assert(eq(sz, s->n_terrain, 0));
	cr_assert(eq(sz, s->n_facts, 0));
	cr_assert(eq(sz, s->n_dice, 0));

	cr_assert(eq(ptr, (void *)arb_caseset_find(g_cs, "T-002"), (void *)c));
	cr_assert(eq(ptr, (void *)arb_caseset_find(g_cs, "T-003"), NULL));
	cr_assert(eq(ptr, (void *)arb_caseset_at(g_cs, 2), NULL));
}

Test(cases, empty_stationary_is_no_declaration)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	load_ok(put_csv("x.csv", full_table(&row, 1, NULL)));
	const arb_scenario *s = arb_caseset_at(g_cs, 0)->scenario;
	cr_assert(not(s->action.stationary_declared));
	cr_assert(eq(sz, s->action.n_stationary, 0));
}

Test(cases, optional_columns_may_be_absent)
{
	const char *path =
	    put_csv("x.csv", "units,id,models,action,target,expect\n"
	                     "A1 A horde,T-1,\"A1/a1 1,1 25\",move A1,SH.MOV.1,legal\n");
	load_ok(path);
	const arb_case *c = arb_caseset_at(g_cs, 0);
	STR_EQ(c->id, "T-1");
	STR_EQ(c->profile, "all");
	STR_EQ(c->variants, "all");
	cr_assert(eq(dbl, c->scenario->board_w, 72.0));
	cr_assert(eq(ptr, (void *)c->scenario->context.subphase, NULL));
	cr_assert(eq(sz, c->scenario->action.n_paths, 0));
	cr_assert(not(c->scenario->action.stationary_declared));
}

Test(cases, ruleset_column_overrides_the_path)
{
	const char *path =
	    put_csv("x.csv", "id,ruleset,target,expect,units,models,action\n"
	                     "T-1,scrollhammer,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 "
	                     "25\",move A1\n"
	                     "T-2,nosuchgame,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 "
	                     "25\",move A1\n");
	/* "T-2,nosuchgame": the ruleset field starts at column 5 of line 3. */
	expect_error(path, 3, 5, "ruleset", "nosuchgame");
}

/* Case IDs are found through a hash set: a duplicate in another file is
 * still caught (with where the first is), a rejected file leaves its IDs
 * free again, and thousands of cases load without comparing each to all. */
Test(cases, duplicate_ids_across_files_and_after_a_rejected_file)
{
	const char *hdr = "id,target,expect,units,models,action\n";
	const char *row = ",SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n";
	char a[256], b[256];
	snprintf(a, sizeof a, "%sT-1%s", hdr, row);
	load_ok(put_csv("a.csv", a));
	expect_error(put_csv("b.csv", a), 2, 1, "id", "duplicate case ID 'T-1' (first at ");
	/* a file whose second row is bad: its T-2 goes with it */
	snprintf(b, sizeof b, "%sT-2%sT-3,NO.SUCH.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n",
	         hdr, row);
	arb_error err;
	cr_assert(
	    eq(int, arb_caseset_load_file(g_cs, put_csv("c.csv", b), g_rb, &err), ARB_EINPUT));
	cr_assert(eq(sz, arb_caseset_count(g_cs), 1));
	cr_assert(eq(ptr, (void *)arb_caseset_find(g_cs, "T-2"), NULL));
	snprintf(b, sizeof b, "%sT-2%s", hdr, row);
	load_ok(put_csv("d.csv", b));
	cr_assert(arb_caseset_find(g_cs, "T-2") != NULL);
	cr_assert(arb_caseset_find(g_cs, "T-1") != NULL);
}

Test(cases, many_ids_load)
{
	/* 5000 rows: every one found again, past several growths of the set */
	size_t cap = 5000 * 80 + 64, k = 0;
	char *t = malloc(cap);
	cr_assert(t != NULL);
	k += (size_t)snprintf(t + k, cap - k, "id,target,expect,units,models,action\n");
	for (int i = 0; i < 5000; i++)
		k += (size_t)snprintf(
		    t + k, cap - k, "M-%d,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n", i);
	load_ok(put_csv("m.csv", t));
	free(t);
	cr_assert(eq(sz, arb_caseset_count(g_cs), 5000));
	cr_assert(arb_caseset_find(g_cs, "M-0") != NULL);
	cr_assert(arb_caseset_find(g_cs, "M-4999") != NULL);
	cr_assert(eq(ptr, (void *)arb_caseset_find(g_cs, "M-5000"), NULL));
}

Test(cases, header_only_table_has_no_cases)
{
	load_ok(put_csv("x.csv", "id,target,expect,units,models,action\n"));
	cr_assert(eq(sz, arb_caseset_count(g_cs), 0));
}

/* ---- structural errors ---- */

Test(cases, error_empty_file)
{
	expect_error(put_csv("x.csv", ""), 1, 1, "", "empty");
}

Test(cases, error_wrong_number_of_fields)
{
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n"
	                     "T-2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\"\n");
	expect_error(path, 3, 1, "", "5 fields");
}

Test(cases, error_unknown_column)
{
	/* "colour" starts at column 38. */
	expect_error(put_csv("x.csv", "id,target,expect,units,models,action,colour\n"), 1, 38,
	             "colour", "unknown column");
}

Test(cases, error_duplicate_column)
{
	/* The second "target" starts at column 38. */
	expect_error(put_csv("x.csv", "id,target,expect,units,models,action,target\n"), 1, 38,
	             "target", "twice");
}

Test(cases, error_missing_required_column)
{
	expect_error(put_csv("x.csv", "id,target,expect,units,models\n"), 1, 1, "action",
	             "required");
}

Test(cases, error_unterminated_quote)
{
	/* Line 3, the last: the note field opens a quote at column 54 and the
	 * file ends without closing it. The error points at that quote, not
	 * past the end of the file. */
	const char *text =
	    "id,target,expect,units,models,action,note\n"
	    "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1,\n"
	    "T-2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1,\"never closed\n";
	const char *q = strstr(text, "\"never");
	const char *line3 = strstr(text, "T-2");
	cr_assert(eq(long, (long)(q - line3) + 1, 54));
	expect_error(put_csv("x.csv", text), 3, 54, "", "malformed CSV");
}

Test(cases, error_quote_followed_by_text)
{
	/* libcsv strict: a closing quote must end the field; the 'x' after it
	 * is at column 14 of line 2. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\n"
	                     "T-1,\"SH.MOV.1\"x,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	expect_error(path, 2, 15, "", "malformed CSV");
}

Test(cases, quoted_newline_keeps_line_numbers)
{
	/* The note of T-1 spans lines 2 and 3; T-2 is on line 4; the bad
	 * expect of T-3 is on line 5, column 14. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action,note\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1,\"one\n"
	                     "two\"\n"
	                     "T-2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1,\n"
	                     "T-3,SH.MOV.1,legit,A1 A horde,\"A1/a1 1,1 25\",move A1,\n");
	expect_error(path, 5, 14, "expect", "legit");
	const arb_case *c = arb_caseset_find(g_cs, "T-1");
	if (c) { /* the set may or may not keep the rows read before the error */
		STR_EQ(c->note, "one\ntwo");
		cr_assert(eq(long, c->line, 2));
	}
	c = arb_caseset_find(g_cs, "T-2");
	if (c)
		cr_assert(eq(long, c->line, 4));
}

Test(cases, quoted_newline_rows_load_with_their_lines)
{
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action,note\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1,\"one\n"
	                     "two\"\n"
	                     "T-2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1,\n");
	load_ok(path);
	cr_assert(eq(sz, arb_caseset_count(g_cs), 2));
	STR_EQ(arb_caseset_at(g_cs, 0)->note, "one\ntwo");
	cr_assert(eq(long, arb_caseset_at(g_cs, 0)->line, 2));
	cr_assert(eq(long, arb_caseset_at(g_cs, 1)->line, 4));
}

Test(cases, blank_line_keeps_line_numbers)
{
	/* Line 2 is blank: T-1 is on line 3, and the bad ID on line 5. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\n"
	                     "\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n"
	                     "\n"
	                     "T 2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	expect_error(path, 5, 1, "id", "T 2");
	const arb_case *c = arb_caseset_find(g_cs, "T-1");
	if (c)
		cr_assert(eq(long, c->line, 3));
}

Test(cases, crlf_line_endings_keep_line_numbers)
{
	/* RFC 4180 ends lines with CRLF, as spreadsheets write them. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\r\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\r\n"
	                     "T-2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\r\n");
	load_ok(path);
	cr_assert(eq(sz, arb_caseset_count(g_cs), 2));
	const arb_case *c = arb_caseset_at(g_cs, 1);
	STR_EQ(c->id, "T-2");
	STR_EQ(c->scenario->action.unit, "A1");
	cr_assert(eq(long, arb_caseset_at(g_cs, 0)->line, 2));
	cr_assert(eq(long, c->line, 3));
}

Test(cases, crlf_error_position)
{
	/* The bad ID of line 3 starts at column 1. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\r\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\r\n"
	                     "T 2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\r\n");
	expect_error(path, 3, 1, "id", "T 2");
}

Test(cases, utf8_byte_order_mark)
{
	/* Spreadsheets often save "CSV UTF-8" with a byte order mark. It must
	 * not turn the first column into an unknown one with an invisible name:
	 * either it is skipped, or the error says what it is. */
	const char *path =
	    put_csv("x.csv", "\xEF\xBB\xBFid,target,expect,units,models,action\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_caseset_load_file(g_cs, path, g_rb, &err);
	if (rc == ARB_OK) {
		cr_assert(ne(ptr, (void *)arb_caseset_find(g_cs, "T-1"), NULL));
		return;
	}
	cr_assert(eq(int, rc, ARB_EINPUT));
	cr_assert(strstr(err.message, "BOM") || strstr(err.message, "byte order mark"),
	          "unclear error for a byte order mark: field '%s': %s", err.field, err.message);
}

/* A NUL byte used to end its cell in silence ("T-1\0junk" read as T-1). */
Test(cases, error_nul_byte)
{
	static const char text[] = "id,target,expect,units,models,action\n"
	                           "T-1\0junk,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n";
	const char *path = put_csv("nul.csv", "");
	FILE *f = fopen(path, "wb");
	cr_assert(f != NULL);
	cr_assert(eq(sz, fwrite(text, 1, sizeof text - 1, f), sizeof text - 1));
	fclose(f);
	expect_error(path, 2, 4, "", "NUL byte");
	cr_assert(eq(sz, arb_caseset_count(g_cs), 0));
}

/* A table in memory, with no final newline: read to its last byte and no
 * further (the file reader's buffer used to lack its terminating NUL). */
Test(cases, a_table_in_memory_without_a_final_newline)
{
	static const char text[] = "id,target,expect,units,models,action\n"
	                           "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1";
	char *exact = malloc(sizeof text - 1);
	cr_assert(exact != NULL);
	memcpy(exact, text, sizeof text - 1);
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	int rc = arb_caseset_load_text(g_cs, "mem/scrollhammer/movement/m.csv", exact,
	                               sizeof text - 1, g_rb, &err);
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	const arb_case *c = arb_caseset_find(g_cs, "T-1");
	cr_assert(ne(ptr, (void *)c, NULL));
	cr_assert(eq(str, (char *)c->scenario->action.type, "move"));
	free(exact);
}

/* Hostile rows that used to be read, or misreported (issue 10). */
Test(cases, error_a_unit_listed_twice)
{
	/* was "unit A1 has no models" */
	expect_field_error("units", "A1 A skirmish M=6;A1 A horde", "units",
	                   "id 'A1' is unit 1's already");
}

Test(cases, error_hexadecimal_numbers)
{
	/* strtod reads 0x10 as 16 */
	expect_field_error("models", "A1/a1 0x10,10 25", "models", "0x10");
	expect_field_error("units", "A1 A skirmish M=0x6", "units", "0x6");
}

Test(cases, error_a_negative_characteristic)
{
	expect_field_error("units", "A1 A skirmish M=-6", "units", "not negative");
}

Test(cases, error_a_self_crossing_terrain_polygon)
{
	expect_field_error("terrain", "T1 difficult 0,0 4,4 4,0 0,4", "terrain",
	                   "edges 1 and 3 cross");
}

Test(cases, error_a_unit_that_targets_itself)
{
	expect_field_error("action", "charge A1 -> A1", "action", "targets the unit itself");
}

Test(cases, cr_only_line_endings_keep_line_numbers)
{
	/* Old Mac files end lines with CR alone: the error of row 3 is on line 3. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\r"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\r"
	                     "T 2,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\r");
	expect_error(path, 3, 1, "id", "T 2");
}

Test(cases, failed_load_leaves_the_set_unchanged)
{
	load_ok(put_csv("a.csv", "id,target,expect,units,models,action\n"
	                         "A-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n"));
	cr_assert(eq(sz, arb_caseset_count(g_cs), 1));
	/* T-1 is fine, T-2 is not: the file is rejected whole. */
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n"
	                     "T-2,SH.MOV.1,legit,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	expect_error(path, 3, 14, "expect", "legit");
	cr_assert(eq(sz, arb_caseset_count(g_cs), 1), "no case of the rejected file is kept");
	cr_assert(eq(ptr, (void *)arb_caseset_find(g_cs, "T-1"), NULL));
	cr_assert(ne(ptr, (void *)arb_caseset_find(g_cs, "A-1"), NULL));
}

/* ---- errors in cells ---- */

Test(cases, error_duplicate_case_id_in_file)
{
	const char *path =
	    put_csv("x.csv", "id,target,expect,units,models,action\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	expect_error(path, 3, 1, "id", "x.csv:2");
}

Test(cases, error_duplicate_case_id_across_files)
{
	const char *a =
	    put_csv("a.csv", "id,target,expect,units,models,action\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	load_ok(a);
	const char *b =
	    put_csv("b.csv", "id,target,expect,units,models,action\n"
	                     "T-0,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n"
	                     "T-1,SH.MOV.1,legal,A1 A horde,\"A1/a1 1,1 25\",move A1\n");
	expect_error(b, 3, 1, "id", "a.csv:2");
}

Test(cases, error_malformed_case_id)
{
	expect_field_error("id", "T 1", "id", "T 1");
	expect_field_error("id", "", "id", "case ID");
}

Test(cases, error_bad_expect_word)
{
	expect_field_error("expect", "allowed", "expect", "allowed");
}

Test(cases, error_dispute_without_disputed)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index("expect")] = "illegal";
	row[col_index("violates")] = "SH.MOV.1";
	row[col_index("dispute")] = "conflict";
	long cols[NCOLS];
	const char *path = put_csv("x.csv", full_table(&row, 1, cols));
	expect_error(path, 2, cols[col_index("dispute")], "dispute", "not disputed");
}

Test(cases, error_disputed_without_dispute)
{
	expect_field_error("expect", "disputed", "dispute", "say which dispute");
}

Test(cases, error_unknown_dispute_word)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index("expect")] = "disputed";
	row[col_index("dispute")] = "quarrel";
	long cols[NCOLS];
	const char *path = put_csv("x.csv", full_table(&row, 1, cols));
	expect_error(path, 2, cols[col_index("dispute")], "dispute", "quarrel");
}

Test(cases, error_unknown_clause_in_target)
{
	expect_field_error("target", "SH.MOV.99", "target", "SH.MOV.99");
}

Test(cases, error_unknown_clause_in_violates)
{
	expect_field_error("violates", "SH.MOV.1 SH.NOPE.1", "violates", "SH.NOPE.1");
}

Test(cases, error_clause_twice_in_violates)
{
	expect_field_error("violates", "SH.MOV.1 SH.MOV.1", "violates", "twice");
}

Test(cases, error_unknown_clause_in_disputed)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index("expect")] = "disputed";
	row[col_index("dispute")] = "gap";
	row[col_index("disputed")] = "SH.GAP.1";
	long cols[NCOLS];
	const char *path = put_csv("x.csv", full_table(&row, 1, cols));
	expect_error(path, 2, cols[col_index("disputed")], "disputed", "SH.GAP.1");
}

Test(cases, error_unknown_profile)
{
	expect_field_error("profile", "lenient", "profile", "lenient");
}

Test(cases, error_malformed_board)
{
	expect_field_error("board", "72by48", "board", "72by48");
	expect_field_error("board", "72x0", "board", "72x0");
	expect_field_error("board", "72x", "board", "72x");
}

Test(cases, error_unknown_context_key)
{
	expect_field_error("context", "phase=movement;weather=rain", "context", "weather");
	expect_field_error("context", "round=0", "context", "round");
}

Test(cases, error_unknown_phase)
{
	/* From validation, still at the context column. */
	expect_field_error("context", "phase=magic", "context", "magic");
}

Test(cases, error_point_without_comma)
{
	expect_field_error("models", "A1/a1 10.10 25", "models", "10.10");
	expect_field_error("paths", "a1 10,10 12.10", "paths", "12.10");
	expect_field_error("terrain", "T1 difficult 0,0 4,0 4;4", "terrain", "T1");
}

Test(cases, error_unknown_unit_in_models)
{
	expect_field_error("models", "B9/a1 10,10 25", "models", "B9");
}

Test(cases, error_model_without_unit)
{
	expect_field_error("models", "a1 10,10 25", "models", "UNIT/ID");
}

Test(cases, error_path_not_starting_at_model)
{
	expect_field_error("paths", "a1 11,10 12,10", "paths", "starts at");
}

Test(cases, error_path_of_unknown_model)
{
	expect_field_error("paths", "z9 10,10 12,10", "paths", "z9");
}

Test(cases, error_die_out_of_range)
{
	expect_field_error("dice", "3 7", "dice", "'7'");
	expect_field_error("dice", "0", "dice", "'0'");
	expect_field_error("dice", "2.5", "dice", "'2.5'");
}

Test(cases, error_unknown_formation)
{
	expect_field_error("units", "A1 A wedge M=6", "units", "wedge");
}

Test(cases, error_unknown_status)
{
	expect_field_error("units", "A1 A horde M=6 dazed", "units", "dazed");
}

Test(cases, error_bad_characteristic)
{
	expect_field_error("units", "A1 A horde M=six", "units", "six");
}

Test(cases, error_non_finite_coordinate)
{
	expect_field_error("models", "A1/a1 nan,10 25", "models", "nan");
	expect_field_error("models", "A1/a1 10,inf 25", "models", "inf");
	expect_field_error("models", "A1/a1 10,1e999 25", "models", "1e999");
	expect_field_error("paths", "a1 10,10 NaN,10", "paths", "NaN");
	expect_field_error("paths", "a1 10,10 -INF,10", "paths", "-INF");
}

Test(cases, error_negative_base_size)
{
	expect_field_error("models", "A1/a1 10,10 -25", "models", "-25");
	expect_field_error("models", "A1/a1 10,10 25x-50", "models", "25x-50");
	expect_field_error("models", "A1/a1 10,10 0", "models", "'0'");
}

Test(cases, error_unknown_fact)
{
	expect_field_error("facts", "weather=rain", "facts", "weather");
	expect_field_error("facts", "enemies_apparent", "facts", "name=value");
}

Test(cases, error_bad_values)
{
	expect_field_error("values", "coherency", "values", "coherency");
	expect_field_error("values", "coherency=one", "values", "one");
}

Test(cases, error_bad_variants)
{
	expect_field_error("variants", "some", "variants", "some");
}

Test(cases, error_action_malformed)
{
	expect_field_error("action", "move", "action", "TYPE UNIT");
	expect_field_error("action", "move A1 E1", "action", "E1");
	expect_field_error("action", "move A1 ->", "action", "->");
	/* From validation. */
	expect_field_error("action", "fly A1", "action", "fly");
	expect_field_error("action", "move B1", "action", "B1");
}

Test(cases, error_stationary_model_of_another_unit)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index("units")] = "A1 A horde; E1 B horde";
	row[col_index("models")] = "A1/a1 10,10 25; E1/e1 30,30 25";
	row[col_index("stationary")] = "e1";
	long cols[NCOLS];
	const char *path = put_csv("x.csv", full_table(&row, 1, cols));
	expect_error(path, 2, cols[col_index("stationary")], "stationary", "e1");
}

/* ---- comparing verdicts ---- */

/* Loads a one-row full table built from kBase with changes. */
static const arb_case *load_case(const char *expect, const char *violates, const char *dispute,
                                 const char *disputed, const char *values)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index("expect")] = expect;
	row[col_index("violates")] = violates;
	row[col_index("dispute")] = dispute;
	row[col_index("disputed")] = disputed;
	row[col_index("values")] = values;
	load_ok(put_csv("x.csv", full_table(&row, 1, NULL)));
	return arb_caseset_at(g_cs, 0);
}

Test(cases, agrees_on_matching_verdict)
{
	const arb_case *c = load_case("illegal", "SH.MOV.DIST.1 SH.MOV.1", "", "", "coherency=2");
	const char *viol[] = {"SH.MOV.1", "SH.MOV.DIST.1"};
	arb_kv vals[] = {{"coherency", 2.0}, {"other", 5.0}};
	arb_verdict v = {.kind = ARB_V_ILLEGAL,
	                 .violates = viol,
	                 .n_violates = 2,
	                 .values = vals,
	                 .n_values = 2};
	char why[256] = "";
	cr_assert(arb_case_agrees(c, &v, why, sizeof why), "%s", why);
}

Test(cases, disagrees_on_kind)
{
	const arb_case *c = load_case("illegal", "SH.MOV.1", "", "", "");
	arb_verdict v = {.kind = ARB_V_LEGAL};
	char why[256] = "";
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(strstr(why, "expected illegal") != NULL, "%s", why);
	cr_assert(strstr(why, "got legal") != NULL, "%s", why);

	v.kind = ARB_V_DISPUTED;
	v.dispute = ARB_DISPUTE_GAP;
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(strstr(why, "got disputed (gap)") != NULL, "%s", why);
}

Test(cases, disagrees_on_violates)
{
	const arb_case *c = load_case("illegal", "SH.MOV.1", "", "", "");
	const char *viol[] = {"SH.MOV.1", "SH.MOV.DIST.1"};
	arb_verdict v = {.kind = ARB_V_ILLEGAL, .violates = viol, .n_violates = 2};
	char why[256] = "";
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(eq(str, why, "expected violated SH.MOV.1, got SH.MOV.1 SH.MOV.DIST.1"));
	v.n_violates = 0;
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(eq(str, why, "expected violated SH.MOV.1, got (none)"));
}

Test(cases, disagrees_on_dispute)
{
	const arb_case *c = load_case("disputed", "", "conflict", "SH.MOV.1 SH.MOV.DIST.1", "");
	const char *disp[] = {"SH.MOV.1", "SH.MOV.DIST.1"};
	arb_verdict v = {.kind = ARB_V_DISPUTED,
	                 .dispute = ARB_DISPUTE_CONFLICT,
	                 .disputed = disp,
	                 .n_disputed = 2};
	char why[256] = "";
	cr_assert(arb_case_agrees(c, &v, why, sizeof why), "%s", why);

	v.dispute = ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS;
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(eq(str, why, "expected dispute conflict, got conflict+readings"));

	v.dispute = ARB_DISPUTE_CONFLICT;
	v.n_disputed = 1;
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(eq(str, why, "expected disputed clauses SH.MOV.1 SH.MOV.DIST.1, got SH.MOV.1"));
}

Test(cases, disputed_clauses_unchecked_when_not_given)
{
	const arb_case *c = load_case("disputed", "", "gap", "", "");
	const char *disp[] = {"SH.MOV.DIST.6"};
	arb_verdict v = {
	    .kind = ARB_V_DISPUTED, .dispute = ARB_DISPUTE_GAP, .disputed = disp, .n_disputed = 1};
	char why[256] = "";
	cr_assert(arb_case_agrees(c, &v, why, sizeof why), "%s", why);
}

Test(cases, disagrees_on_values)
{
	const arb_case *c = load_case("legal", "", "", "", "coherency=1");
	arb_kv vals[] = {{"coherency", 2.0}};
	arb_verdict v = {.kind = ARB_V_LEGAL, .values = vals, .n_values = 1};
	char why[256] = "";
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(eq(str, why, "expected value coherency=1, got 2"));
	v.n_values = 0;
	cr_assert(not(arb_case_agrees(c, &v, why, sizeof why)));
	cr_assert(eq(str, why, "expected value coherency=1, got none"));
	vals[0].value = 1.0 + 1e-12;
	v.n_values = 1;
	cr_assert(arb_case_agrees(c, &v, why, sizeof why), "values compare to 1e-9: %s", why);
}

Test(cases, real_oracle_agrees_with_a_loaded_case)
{
	/* a1 (M=6) moves 2": SH.MOV.1 permits, SH.MOV.DIST.1 holds. */
	const arb_case *c = load_case("legal", "", "", "", "");
	arb_oracle *o = NULL;
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_oracle_new(&o, g_rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_judge(&v, o, c->scenario, c->profile, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	char why[256] = "";
	cr_assert(arb_case_agrees(c, v, why, sizeof why), "%s", why);
	arb_verdict_free(v);
	arb_oracle_free(o);
}

/* ---- cells read whole (faults found by reading the code) ---- */

/* The base row with column `name` set to value, loaded alone; returns its case. */
static const arb_case *load_with(const char *name, const char *value)
{
	const char *row[NCOLS];
	memcpy(row, kBase, sizeof row);
	row[col_index(name)] = value;
	arb_caseset_free(g_cs);
	g_cs = NULL;
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	load_ok(put_csv("x.csv", full_table(&row, 1, NULL)));
	cr_assert(eq(sz, arb_caseset_count(g_cs), 1));
	return arb_caseset_at(g_cs, 0);
}

/* Board, base and context cells were copied into fixed buffers (64, 64 and
 * 4096 bytes) and read cut short, in silence. */
Test(cases, long_board_cell_is_read_whole)
{
	char board[96];
	snprintf(board, sizeof board, "80x1%070d", 0); /* 80 by 1e70 */
	const arb_case *c = load_with("board", board);
	cr_assert(eq(dbl, c->scenario->board_w, 80.0));
	cr_assert(eq(dbl, c->scenario->board_h, 1e70));
}

Test(cases, long_base_cell_is_read_whole)
{
	char models[128];
	snprintf(models, sizeof models, "A1/a1 10,10 25x1%068d", 0); /* 25 by 1e68 mm */
	const arb_case *c = load_with("models", models);
	cr_assert(eq(dbl, c->scenario->units[0].models[0].base.w_mm, 25.0));
	cr_assert(eq(dbl, c->scenario->units[0].models[0].base.depth_mm, 1e68));
}

Test(cases, long_context_cell_is_read_whole)
{
	static char context[4200];
	snprintf(context, sizeof context, "side=A;%4100s;round=5", "");
	const arb_case *c = load_with("context", context);
	cr_assert(eq(int, c->scenario->context.battle_round, 5));
	STR_EQ(c->scenario->context.active_side, "A");
}

/* A case may expect as many values as a verdict gives (the verdict's come
 * from every predicate); the column used to stop at ARB_MAX_VALUES. */
Test(cases, values_past_eight_are_read)
{
	const arb_case *c = load_with("values", "a=1;b=2;c=3;d=4;e=5;f=6;g=7;h=8;i=9;j=-");
	cr_assert(eq(sz, c->n_values, 10));
	STR_EQ(c->values[8].name, "i");
	cr_assert(eq(dbl, c->values[8].value, 9.0));
	STR_EQ(c->values[9].name, "j");
	cr_assert(isnan(c->values[9].value));
}

/* ---- the limits of docs/limits.md, at and one past ---- */

/* A table of one case: unit A1 (models models, or units one-model units
 * with the first moving) and a1's path of points points. */
static char *sized_table(size_t units, size_t models, size_t points)
{
	size_t cap = 64 * (units + models + points) + 256, k = 0;
	char *t = malloc(cap);
	cr_assert(t != NULL);
	k += (size_t)snprintf(t + k, cap - k,
	                      "id,target,expect,units,models,action,paths\n"
	                      "T-1,SH.MOV.1,legal,\"");
	for (size_t i = 0; i < units; i++)
		k += (size_t)snprintf(t + k, cap - k, "%sU%zu A horde", i ? ";" : "", i + 1);
	k += (size_t)snprintf(t + k, cap - k, "\",\"");
	for (size_t i = 0; i < models; i++)
		k += (size_t)snprintf(t + k, cap - k, "%s%s/a%zu %zu,%zu 25", i ? ";" : "",
		                      units > 1 ? "" : "U1", i + 1, i % 300, i / 300);
	if (units > 1) /* one model a unit: U1/a1, U2/a2, ... */
		for (size_t i = 0; i < units; i++)
			k += (size_t)snprintf(t + k, cap - k, "%sU%zu/a%zu %zu,%zu 25",
			                      i || models ? ";" : "", i + 1, models + i + 1,
			                      i % 300, i / 300 + 400);
	k += (size_t)snprintf(t + k, cap - k, "\",move U1,\"a1");
	double x = 0, y = 0;
	if (units > 1 && !models)
		y = 400;
	for (size_t i = 0; i < points; i++)
		k += (size_t)snprintf(t + k, cap - k, " %g,%g", x + (double)(i % 2) * 0.5, y);
	k += (size_t)snprintf(t + k, cap - k, "\"\n");
	cr_assert(lt(sz, k, cap));
	return t;
}

static int load_sized(size_t units, size_t models, size_t points, arb_error *err)
{
	char *t = sized_table(units, models, points);
	arb_caseset_free(g_cs);
	g_cs = NULL;
	cr_assert(eq(int, arb_caseset_new(&g_cs), ARB_OK));
	arb_error_clear(err);
	int rc = arb_caseset_load_text(g_cs, "mem/scrollhammer/movement/big.csv", t, strlen(t),
	                               g_rb, err);
	free(t);
	return rc;
}

Test(cases, limits_of_models_units_and_path_points)
{
	arb_error err;
	char buf[1024];
	cr_assert(eq(int, load_sized(1, ARB_MAX_MODELS, 2, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, load_sized(1, ARB_MAX_MODELS + 1, 2, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "models"));
	cr_assert(strstr(err.message, "100001 models: at most 100000") != NULL, "%s", err.message);
	cr_assert(eq(long, err.line, 2));
	cr_assert(eq(int, load_sized(ARB_MAX_UNITS, 0, 2, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, load_sized(ARB_MAX_UNITS + 1, 0, 2, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "units"));
	cr_assert(strstr(err.message, "100001 units: at most 100000") != NULL, "%s", err.message);
	cr_assert(eq(int, load_sized(1, 1, ARB_MAX_PATH_POINTS, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, load_sized(1, 1, ARB_MAX_PATH_POINTS + 1, &err), ARB_EINPUT));
	cr_assert(eq(str, err.field, "paths"));
	cr_assert(strstr(err.message, "has 100001 points: at most 100000") != NULL, "%s",
	          err.message);
}
