/* test_spec.c: unit tests of the rulebook parser (oracle/spec.c, arbiter.h
 * section 4).
 *
 * Each test writes a small spec directory under a fresh temporary directory
 * (/tmp/arbiter-spec-XXXXXX, removed by the suite's .fini): conventions.md
 * with CONV.TOL.1, and one ruleset "demo" (prefix DM) with ruleset.md and
 * a section file moving.md. The default texts below are numbered in the
 * comments so that the expected line numbers can be checked by eye.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "support.h"

/* ---- the temporary spec directory ---- */

static support_tmpdir g_tmp;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "spec");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(spec, .init = setup, .fini = teardown);

/* Writes text to <tmp>/rel, creating the directories on the way. */
static void put(const char *rel, const char *text)
{
	support_write(&g_tmp, rel, text);
}

/* ---- fixture texts ---- */

/* conventions.md: the tag of CONV.TOL.1 is on line 10. */
#define CONV_FM                                                                                    \
	"---\n"                          /* 1 */                                                   \
	"ruleset: conventions\n"         /* 2 */                                                   \
	"section: conventions\n"         /* 3 */                                                   \
	"title: Measuring conventions\n" /* 4 */                                                   \
	"source: test\n"                 /* 5 */                                                   \
	"---\n"                          /* 6 */                                                   \
	"\n"                             /* 7 */                                                   \
	"# Conventions\n"                /* 8 */                                                   \
	"\n"                             /* 9 */

static const char kConv[] =
    CONV_FM "{#CONV.TOL.1 convention}\n"                                                   /* 10 */
            "Every comparison with a limit accepts an error of [0.000001\"]{tolerance}.\n" /* 11 */
            "\n"
            "Prose between clauses is allowed in the conventions file.\n";

/* ruleset.md front matter: 12 lines; `sections:` is line 5. */
#define RS_FM(sections)                                                                            \
	"---\n"                        /* 1 */                                                     \
	"ruleset: demo\n"              /* 2 */                                                     \
	"title: Demo\n"                /* 3 */                                                     \
	"prefix: DM\n"                 /* 4 */                                                     \
	"sections: " sections "\n"     /* 5 */                                                     \
	"actions: move, charge\n"      /* 6 */                                                     \
	"phases: movement, shooting\n" /* 7 */                                                     \
	"subphases: remaining\n"       /* 8 */                                                     \
	"formations: horde,skirmish\n" /* 9 */                                                     \
	"statuses: locked_in_combat\n" /* 10 */                                                    \
	"terrain: difficult\n"         /* 11 */                                                    \
	"facts: apparent:bool\n"       /* 12 */                                                    \
	"---\n"                        /* 13 */                                                    \
	"\n"                           /* 14 */                                                    \
	"# Demo\n"                     /* 15 */                                                    \
	"\n"                           /* 16 */

static const char kRuleset[] = RS_FM("moving") "## Precedence\n"                 /* 17 */
                                               "\n"                              /* 18 */
                                               "- DM.MOV.2 overrides DM.MOV.1\n" /* 19 */
                                               "\n"                              /* 20 */
                                               "## Profiles\n"                   /* 21 */
                                               "\n"                              /* 22 */
                                               "### Profile strict\n"            /* 23 */
                                               "\n"                              /* 24 */
                                               "- DM.MOV.3: line\n";             /* 25 */

/* Section front matter: 6 lines, then a blank line 7 and a heading on 8. */
#define SEC_FM(section)                                                                            \
	"---\n"                  /* 1 */                                                           \
	"ruleset: demo\n"        /* 2 */                                                           \
	"section: " section "\n" /* 3 */                                                           \
	"title: Moving\n"        /* 4 */                                                           \
	"source: test\n"         /* 5 */                                                           \
	"---\n"                  /* 6 */                                                           \
	"\n"                     /* 7 */                                                           \
	"# Moving\n"             /* 8 */                                                           \
	"\n"                     /* 9 */

#define MOV1_TEXT "Models move up to [6\"]{max_move} in the [Movement phase]{term:movement-phase}."

static const char kMoving[] =
    SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                                        /* 10 */
    MOV1_TEXT "\n"                                                                     /* 11 */
                     "\n"                                                              /* 12 */
                     "## Charges\n"                                                    /* 13 */
                     "\n"                                                              /* 14 */
                     "{#DM.MOV.2 permission}\n"                                        /* 15 */
                     "A model on a [25.4mm]{base} base charges [2D6]{charge} inches\n" /* 16 */
                     "(see [page XX]{ref:?}).\n"                                       /* 17 */
                     "\n"                                                              /* 18 */
                     "{#DM.MOV.3 constraint}\n"                                        /* 19 */
                     "Models keep in a chain.\n"                                       /* 20 */
                     "\n"                                                              /* 21 */
                     "{#DM.MOV.4 flavour}\n"                                           /* 22 */
                     "War is loud.\n";                                                 /* 23 */

/* Writes a spec: NULL picks the default text of that file. */
static void write_spec(const char *conv, const char *ruleset, const char *moving)
{
	put("spec/conventions.md", conv ? conv : kConv);
	put("spec/demo/ruleset.md", ruleset ? ruleset : kRuleset);
	put("spec/demo/moving.md", moving ? moving : kMoving);
}

static char *spec_dir(void)
{
	static char dir[128];
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	return dir;
}

static arb_rulebook *load_ok(void)
{
	arb_rulebook *rb = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_rulebook_load(&rb, spec_dir(), &err);
	char buf[1024];
	cr_assert(eq(int, rc, ARB_OK), "load failed: %s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(rb != NULL);
	return rb;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Loads the spec and checks the error: code, file suffix, line, column
 * (-1: not checked), field ("" for none) and a word of the message. */
static void expect_error(int code, const char *file, long line, long column, const char *field,
                         const char *needle)
{
	arb_rulebook *rb = (arb_rulebook *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_rulebook_load(&rb, spec_dir(), &err);
	char buf[1024];
	arb_error_format(&err, buf, sizeof buf);
	bool loaded = rc == ARB_OK;
	if (loaded)
		arb_rulebook_free(rb);
	cr_assert(not(loaded), "the spec loaded, expected error %d (%s:%ld)", code, file, line);
	cr_assert(eq(int, rc, code), "rc %d, error: %s", rc, buf);
	cr_assert(eq(ptr, (void *)rb, NULL), "no rulebook on error");
	cr_assert(eq(int, err.code, code));
	cr_assert(ends_with(err.file, file), "file '%s' does not end with '%s' (%s)", err.file,
	          file, buf);
	cr_assert(eq(long, err.line, line), "%s", buf);
	if (column >= 0)
		cr_assert(eq(long, err.column, column), "%s", buf);
	cr_assert(eq(str, err.field, (char *)field), "%s", buf);
	cr_assert(strstr(err.message, needle) != NULL, "message '%s' lacks '%s'", err.message,
	          needle);
}

/* ---- a valid rulebook ---- */

Test(spec, valid_rulebook_loads)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_clause_count(rb), 5));
	/* In file order: conventions first, then the ruleset's sections. */
	STR_EQ(arb_rulebook_clause_at(rb, 0)->id, "CONV.TOL.1");
	STR_EQ(arb_rulebook_clause_at(rb, 1)->id, "DM.MOV.1");
	STR_EQ(arb_rulebook_clause_at(rb, 4)->id, "DM.MOV.4");
	cr_assert(eq(ptr, (void *)arb_rulebook_clause_at(rb, 5), NULL));
	cr_assert(arb_rulebook_has_ruleset(rb, "demo"));
	cr_assert(not(arb_rulebook_has_ruleset(rb, "grit")));
	cr_assert(not(arb_rulebook_has_ruleset(rb, NULL)));

	const arb_clause *c = arb_rulebook_clause(rb, "DM.MOV.1");
	cr_assert(c != NULL);
	cr_assert(eq(int, c->kind, ARB_KIND_CONSTRAINT));
	STR_EQ(c->ruleset, "demo");
	STR_EQ(c->section, "moving");
	STR_EQ(c->heading, "Moving");
	cr_assert(ends_with(c->file, "spec/demo/moving.md"), "%s", c->file);
	cr_assert(eq(long, c->line, 10));

	cr_assert(eq(int, arb_rulebook_clause(rb, "CONV.TOL.1")->kind, ARB_KIND_CONVENTION));
	cr_assert(eq(int, arb_rulebook_clause(rb, "DM.MOV.2")->kind, ARB_KIND_PERMISSION));
	cr_assert(eq(int, arb_rulebook_clause(rb, "DM.MOV.3")->kind, ARB_KIND_CONSTRAINT));
	cr_assert(eq(int, arb_rulebook_clause(rb, "DM.MOV.4")->kind, ARB_KIND_FLAVOUR));
	STR_EQ(arb_rulebook_clause(rb, "DM.MOV.2")->heading, "Charges");
	cr_assert(eq(long, arb_rulebook_clause(rb, "DM.MOV.2")->line, 15));
	cr_assert(eq(ptr, (void *)arb_rulebook_clause(rb, "DM.MOV.9"), NULL));
	STR_EQ(arb_clause_kind_name(ARB_KIND_DERIVATION), "derivation");
	STR_EQ(arb_clause_kind_name(ARB_KIND_CONVENTION), "convention");
	arb_rulebook_free(rb);
}

Test(spec, text_has_markup_removed)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	STR_EQ(arb_rulebook_clause(rb, "DM.MOV.1")->text,
	       "Models move up to 6\" in the Movement phase.");
	/* A paragraph over two lines is joined with one space. */
	STR_EQ(arb_rulebook_clause(rb, "DM.MOV.2")->text,
	       "A model on a 25.4mm base charges 2D6 inches (see page XX).");
	STR_EQ(arb_rulebook_clause(rb, "DM.MOV.3")->text, "Models keep in a chain.");
	arb_rulebook_free(rb);
}

Test(spec, params_have_value_and_unit)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	const arb_clause *c1 = arb_rulebook_clause(rb, "DM.MOV.1");
	cr_assert(eq(sz, c1->n_params, 1));
	const arb_param *p = arb_clause_param(c1, "max_move");
	cr_assert(p != NULL);
	STR_EQ(p->name, "max_move");
	STR_EQ(p->raw, "6\"");
	cr_assert(eq(dbl, p->value, 6.0));
	STR_EQ(p->unit, "in");
	cr_assert(eq(ptr, (void *)arb_clause_param(c1, "movement"), NULL));

	const arb_clause *c2 = arb_rulebook_clause(rb, "DM.MOV.2");
	cr_assert(eq(sz, c2->n_params, 2));
	p = arb_clause_param(c2, "base");
	cr_assert(p != NULL);
	STR_EQ(p->raw, "25.4mm");
	cr_assert(eq(dbl, p->value, 25.4));
	STR_EQ(p->unit, "mm");
	p = arb_clause_param(c2, "charge");
	cr_assert(p != NULL);
	STR_EQ(p->raw, "2D6");
	cr_assert(eq(dbl, p->value, 2.0));
	STR_EQ(p->unit, "D6");

	const arb_param *tol = arb_clause_param(arb_rulebook_clause(rb, "CONV.TOL.1"), "tolerance");
	cr_assert(tol != NULL);
	cr_assert(epsilon_eq(dbl, tol->value, 1e-6, 1e-15));
	STR_EQ(tol->unit, "in");
	cr_assert(eq(sz, arb_rulebook_clause(rb, "DM.MOV.3")->n_params, 0));
	arb_rulebook_free(rb);
}

Test(spec, refs_are_recorded)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	const arb_clause *c2 = arb_rulebook_clause(rb, "DM.MOV.2");
	cr_assert(eq(sz, c2->n_refs, 1));
	STR_EQ(c2->refs[0], "page XX -> ?");
	/* A term is markup, not a reference. */
	cr_assert(eq(sz, arb_rulebook_clause(rb, "DM.MOV.1")->n_refs, 0));
	arb_rulebook_free(rb);
}

static bool is_hex16(const char *s)
{
	if (!s || strlen(s) != 16)
		return false;
	for (; *s; s++)
		if (!isxdigit((unsigned char)*s))
			return false;
	return true;
}

/* The fingerprint of DM.MOV.1 in a spec whose moving.md is `moving`. */
static void fingerprint_of(const char *moving, char out[17])
{
	support_remove_tree(spec_dir());
	write_spec(NULL, NULL, moving);
	arb_rulebook *rb = load_ok();
	const char *fp = arb_rulebook_clause(rb, "DM.MOV.1")->fingerprint;
	cr_assert(is_hex16(fp), "fingerprint '%s'", fp ? fp : "(null)");
	snprintf(out, 17, "%s", fp);
	arb_rulebook_free(rb);
}

/* kMoving with DM.MOV.1's text replaced. */
static char *moving_with(const char *mov1_text)
{
	static char buf[4096];
	const char *at = strstr(kMoving, MOV1_TEXT);
	cr_assert(at != NULL);
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(at - kMoving), kMoving, mov1_text,
	         at + strlen(MOV1_TEXT));
	return buf;
}

Test(spec, fingerprint_ignores_parameter_numbers)
{
	char a[17], b[17], c[17], d[17];
	fingerprint_of(NULL, a);
	fingerprint_of(moving_with("Models move up to [5\"]{max_move} in the "
	                           "[Movement phase]{term:movement-phase}."),
	               b);
	cr_assert(eq(str, a, b), "changing 6\" to 5\" must not make predicates stale");
	/* Line breaks and runs of spaces are normalised. */
	fingerprint_of(moving_with("Models  move up to [6\"]{max_move}\nin the "
	                           "[Movement phase]{term:movement-phase}."),
	               c);
	cr_assert(eq(str, a, c));
	/* A word changed: a different fingerprint. */
	fingerprint_of(moving_with("Models walk up to [6\"]{max_move} in the "
	                           "[Movement phase]{term:movement-phase}."),
	               d);
	cr_assert(ne(str, a, d));
}

Test(spec, fingerprint_function_normalises_whitespace)
{
	char a[17], b[17], c[17];
	arb_fingerprint("Models move up to 6\".", a);
	arb_fingerprint("  Models   move\nup to\t6\".  \n", b);
	arb_fingerprint("Models move up to 7\".", c);
	cr_assert(is_hex16(a));
	cr_assert(eq(str, a, b));
	cr_assert(ne(str, a, c));
	/* FNV-1a 64 of the empty string is its offset basis. */
	arb_fingerprint("", a);
	cr_assert(eq(str, a, "cbf29ce484222325"));
}

Test(spec, vocabulary_is_declared)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	cr_assert(arb_rulebook_declares(rb, "demo", "actions", "move"));
	cr_assert(arb_rulebook_declares(rb, "demo", "actions", "charge"));
	cr_assert(arb_rulebook_declares(rb, "demo", "phases", "shooting"));
	cr_assert(arb_rulebook_declares(rb, "demo", "subphases", "remaining"));
	/* "horde,skirmish" without a space is still two words. */
	cr_assert(arb_rulebook_declares(rb, "demo", "formations", "horde"));
	cr_assert(arb_rulebook_declares(rb, "demo", "formations", "skirmish"));
	cr_assert(arb_rulebook_declares(rb, "demo", "statuses", "locked_in_combat"));
	cr_assert(arb_rulebook_declares(rb, "demo", "terrain", "difficult"));
	cr_assert(arb_rulebook_declares(rb, "demo", "facts", "apparent"));

	cr_assert(not(arb_rulebook_declares(rb, "demo", "formations", "fight_in_ranks")));
	cr_assert(not(arb_rulebook_declares(rb, "demo", "formations", "hord")));
	cr_assert(not(arb_rulebook_declares(rb, "demo", "actions", "horde")));
	cr_assert(not(arb_rulebook_declares(rb, "demo", "colours", "move")));
	cr_assert(not(arb_rulebook_declares(rb, "demo", "actions", "")));
	cr_assert(not(arb_rulebook_declares(rb, "demo", "actions", "*")));
	cr_assert(not(arb_rulebook_declares(rb, "demo", "actions", "move charge")));
	cr_assert(not(arb_rulebook_declares(rb, "grit", "actions", "move")));
	arb_rulebook_free(rb);
}

Test(spec, profile_reading)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	const char *r = "unset";
	cr_assert(arb_rulebook_profile_reading(rb, "demo", "strict", "DM.MOV.3", &r));
	STR_EQ(r, "line");
	r = "unset";
	cr_assert(arb_rulebook_profile_reading(rb, "demo", "strict", "DM.MOV.1", &r));
	cr_assert(eq(ptr, (void *)r, NULL), "the profile leaves DM.MOV.1 open");
	/* "all" always exists and selects nothing, as does NULL. */
	r = "unset";
	cr_assert(arb_rulebook_profile_reading(rb, "demo", "all", "DM.MOV.3", &r));
	cr_assert(eq(ptr, (void *)r, NULL));
	r = "unset";
	cr_assert(arb_rulebook_profile_reading(rb, "demo", NULL, "DM.MOV.3", &r));
	cr_assert(eq(ptr, (void *)r, NULL));
	r = "unset";
	cr_assert(not(arb_rulebook_profile_reading(rb, "demo", "lenient", "DM.MOV.3", &r)));
	cr_assert(eq(ptr, (void *)r, NULL));
	cr_assert(not(arb_rulebook_profile_reading(rb, "grit", "strict", "DM.MOV.3", &r)));
	arb_rulebook_free(rb);
}

Test(spec, precedence_pairs)
{
	write_spec(NULL, NULL, NULL);
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_precedence_count(rb, "demo"), 1));
	const arb_precedence *p = arb_rulebook_precedence_at(rb, "demo", 0);
	cr_assert(p != NULL);
	STR_EQ(p->winner, "DM.MOV.2");
	STR_EQ(p->loser, "DM.MOV.1");
	cr_assert(ends_with(p->file, "spec/demo/ruleset.md"), "%s", p->file);
	cr_assert(eq(long, p->line, 19));
	cr_assert(eq(ptr, (void *)arb_rulebook_precedence_at(rb, "demo", 1), NULL));
	cr_assert(eq(sz, arb_rulebook_precedence_count(rb, "grit"), 0));
	cr_assert(eq(ptr, (void *)arb_rulebook_precedence_at(rb, "grit", 0), NULL));
	arb_rulebook_free(rb);
}

Test(spec, comments_are_skipped)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "<!-- a comment\n"
	                            "{#DM.MOV.9 constraint}\n"
	                            "over three lines -->\n"
	                            "{#DM.MOV.1 constraint}\n" MOV1_TEXT "\n"
	                            "<!-- one line -->\n"
	                            "\n"
	                            "{#DM.MOV.2 permission}\n"
	                            "Charge.\n"
	                            "\n"
	                            "{#DM.MOV.3 constraint}\n"
	                            "Chain.\n");
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_clause_count(rb), 4));
	cr_assert(eq(ptr, (void *)arb_rulebook_clause(rb, "DM.MOV.9"), NULL));
	STR_EQ(arb_rulebook_clause(rb, "DM.MOV.1")->text,
	       "Models move up to 6\" in the Movement phase.");
	cr_assert(eq(long, arb_rulebook_clause(rb, "DM.MOV.1")->line, 13));
	arb_rulebook_free(rb);
}

Test(spec, two_sections_in_listed_order)
{
	write_spec(NULL, RS_FM("moving, charging"), NULL);
	put("spec/demo/charging.md", SEC_FM("charging") "{#DM.CHG.1 constraint}\n"
	                                                "Charge straight.\n");
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_clause_count(rb), 6));
	STR_EQ(arb_rulebook_clause_at(rb, 5)->id, "DM.CHG.1");
	STR_EQ(arb_rulebook_clause_at(rb, 5)->section, "charging");
	cr_assert(eq(sz, arb_rulebook_precedence_count(rb, "demo"), 0));
	arb_rulebook_free(rb);
}

/* ---- errors: front matter ---- */

Test(spec, error_missing_front_matter)
{
	write_spec(NULL, NULL, "# Moving\n\n{#DM.MOV.1 constraint}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 1, 1, "", "front matter");
}

Test(spec, error_missing_front_matter_in_ruleset)
{
	write_spec(NULL, "# Demo\n", NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 1, 1, "", "front matter");
}

Test(spec, error_unknown_front_matter_key)
{
	write_spec(NULL, NULL,
	           "---\n"
	           "ruleset: demo\n"
	           "section: moving\n"
	           "title: Moving\n"
	           "author: someone\n" /* 5 */
	           "source: test\n"
	           "---\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 5, 1, "author", "unknown");
}

Test(spec, error_unknown_front_matter_key_in_ruleset)
{
	write_spec(NULL,
	           "---\n"
	           "ruleset: demo\n"
	           "title: Demo\n"
	           "prefix: DM\n"
	           "sections: moving\n"
	           "colours: red\n" /* 6 */
	           "---\n",
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 6, 1, "colours", "unknown");
}

Test(spec, error_front_matter_lacks_required_key)
{
	write_spec(NULL, NULL,
	           "---\n"
	           "ruleset: demo\n"
	           "section: moving\n"
	           "title: Moving\n"
	           "---\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 1, -1, "source", "required");
}

Test(spec, error_unclosed_front_matter)
{
	/* The block opened on line 1 is never closed: the error points at the
	 * '---' that opened it, not past the end of the file. */
	write_spec(NULL, NULL,
	           "---\n"
	           "ruleset: demo\n"
	           "section: moving\n"
	           "title: Moving\n"
	           "source: test\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 1, -1, "", "not closed");
}

Test(spec, error_section_declares_another_place)
{
	write_spec(NULL, NULL,
	           "---\n"
	           "ruleset: demo\n"
	           "section: running\n" /* 3 */
	           "title: Moving\n"
	           "source: test\n"
	           "---\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 3, 1, "section", "expected demo/moving");
}

/* ---- errors: clause tags ---- */

Test(spec, error_duplicate_clause_id)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n" /* 10 */
	                            "One.\n"
	                            "\n"
	                            "{#DM.MOV.1 constraint}\n" /* 13 */
	                            "Two.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 13, 3, "id", "duplicate clause ID");
}

Test(spec, error_duplicate_clause_id_across_files)
{
	write_spec(NULL, RS_FM("moving, charging"), NULL);
	put("spec/demo/charging.md", SEC_FM("charging") "{#DM.CHG.1 constraint}\n" /* 10 */
	                                                "Charge straight.\n"
	                                                "\n"
	                                                "{#DM.MOV.2 permission}\n" /* 13 */
	                                                "Again.\n");
	expect_error(ARB_EINPUT, "spec/demo/charging.md", 13, 3, "id", "moving.md:15");
}

Test(spec, error_malformed_clause_id)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#sh.mov.1 constraint}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 3, "id", "malformed clause ID");
}

Test(spec, error_clause_id_with_one_part)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#DM constraint}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 3, "id", "malformed clause ID");
}

Test(spec, error_wrong_prefix)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#SH.MOV.1 constraint}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 3, "id", "prefix");
}

Test(spec, error_prefix_must_end_at_a_dot)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#DMX.MOV.1 constraint}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 3, "id", "prefix");
}

Test(spec, error_unknown_kind)
{
	/* "{#DM.MOV.1 rule}": the kind starts at column 12. */
	write_spec(NULL, NULL, SEC_FM("moving") "{#DM.MOV.1 rule}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 12, "kind", "unknown clause kind");
}

Test(spec, error_convention_kind_outside_conventions)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#DM.MOV.1 convention}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 12, "kind", "unknown clause kind");
}

Test(spec, error_tag_lacks_kind)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#DM.MOV.1}\nText.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 3, "", "kind");
}

Test(spec, error_tag_with_trailing_text)
{
	write_spec(NULL, NULL, SEC_FM("moving") "{#DM.MOV.1 constraint} Text.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 1, "", "tag");
}

Test(spec, error_tag_with_no_text)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n" /* 10 */
	                            "\n"
	                            "{#DM.MOV.2 permission}\n"
	                            "Text.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 1, "DM.MOV.1", "no text");
}

Test(spec, error_tag_with_no_text_at_end_of_file)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n" /* 10 */
	                            "Text.\n"
	                            "\n"
	                            "{#DM.MOV.2 permission}\n"); /* 13 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 13, 1, "DM.MOV.2", "no text");
}

Test(spec, error_text_outside_a_clause)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n" /* 10 */
	                            "Text.\n"
	                            "\n"
	                            "Stray prose.\n"); /* 13 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 13, 1, "", "outside a clause");
}

Test(spec, error_text_before_first_clause)
{
	write_spec(NULL, NULL, SEC_FM("moving") "Introduction.\n"); /* 10 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 10, 1, "", "outside a clause");
}

Test(spec, error_unclosed_comment)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n" /* 10 */
	                            "Text.\n"
	                            "\n"
	                            "<!-- never closed\n" /* 13 */
	                            "more\n"
	                            "and more\n");
	/* The error points at the '<!--' that is not closed, not at the end. */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 13, -1, "", "comment");
}

/* ---- errors: inline markup ---- */

Test(spec, error_unclosed_brace)
{
	/* "Models move up to [6\"]{max_move in..." : '[' is column 19, '{' 23. */
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                           /* 10 */
	                            "Models move up to [6\"]{max_move in the phase.\n"); /* 11 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 23, "", "not closed");
}

Test(spec, error_unclosed_brace_on_second_line_of_paragraph)
{
	/* The paragraph spans lines 11 and 12; the bad markup is on line 12,
	 * where '{' is column 9. */
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"             /* 10 */
	                            "Models move up to\n"                  /* 11 */
	                            "six [6\"]{max_move in the phase.\n"); /* 12 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 12, 9, "", "not closed");
}

Test(spec, error_unparseable_parameter)
{
	/* The value "six\"" starts at column 20, just after '[' (column 19). */
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                 /* 10 */
	                            "Models move up to [six\"]{max_move}.\n"); /* 11 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 20, "max_move", "six");
}

Test(spec, error_unknown_unit_of_parameter)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                    /* 10 */
	                            "Models move up to [6 cubits]{max_move}.\n"); /* 11 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 20, "max_move", "cubits");
}

Test(spec, error_parameter_given_twice_with_different_values)
{
	/* The second markup's name "max_move" starts at column 32. */
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                        /* 10 */
	                            "Up to [6\"]{max_move}, not [7\"]{max_move}.\n"); /* 11 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 32, "max_move", "twice");
}

Test(spec, error_markup_neither_param_ref_nor_term)
{
	/* "Up to [6\"]{Max Move}.": the markup's content starts at column 12. */
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"   /* 10 */
	                            "Up to [6\"]{Max Move}.\n"); /* 11 */
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 12, "", "Max Move");
}

/* ---- errors: files of the ruleset ---- */

Test(spec, error_listed_section_missing)
{
	write_spec(NULL, RS_FM("moving, charging"), NULL);
	expect_error(ARB_EIO, "spec/demo/charging.md", 0, -1, "", "cannot open");
}

Test(spec, error_unlisted_section_file)
{
	write_spec(NULL, NULL, NULL);
	put("spec/demo/extra.md", SEC_FM("extra") "{#DM.EXT.1 constraint}\nText.\n");
	arb_rulebook *rb = (arb_rulebook *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_rulebook_load(&rb, spec_dir(), &err);
	char buf[1024];
	arb_error_format(&err, buf, sizeof buf);
	if (rc == ARB_OK)
		arb_rulebook_free(rb);
	cr_assert(eq(int, rc, ARB_EINPUT), "%s", buf);
	cr_assert(eq(ptr, (void *)rb, NULL));
	cr_assert(strstr(err.message, "extra.md") != NULL, "%s", buf);
	/* Either the unlisted file itself, or the `sections:` line of
	 * ruleset.md (line 5) where it should be listed. */
	if (ends_with(err.file, "extra.md")) {
		cr_assert(eq(long, err.line, 1), "%s", buf);
	} else {
		cr_assert(ends_with(err.file, "spec/demo/ruleset.md"), "%s", buf);
		cr_assert(eq(str, err.field, "sections"), "%s", buf);
		cr_assert(eq(long, err.line, 5), "the 'sections:' key is on line 5: %s", buf);
	}
}

Test(spec, other_files_in_ruleset_dir_are_ignored)
{
	write_spec(NULL, NULL, NULL);
	put("spec/demo/notes.txt", "not markdown\n");
	put("spec/stray.md", "not a ruleset\n");
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_clause_count(rb), 5));
	arb_rulebook_free(rb);
}

Test(spec, listed_section_without_clauses_is_listed)
{
	/* A listed section that has no clause yet (only its heading) is still
	 * listed: it must not be reported as "not listed". */
	write_spec(NULL, RS_FM("moving, charging"), NULL);
	put("spec/demo/charging.md", SEC_FM("charging"));
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_clause_count(rb), 5));
	arb_rulebook_free(rb);
}

Test(spec, error_ruleset_in_wrong_directory)
{
	write_spec(NULL,
	           "---\n"
	           "ruleset: other\n" /* 2 */
	           "title: Demo\n"
	           "prefix: DM\n"
	           "sections: moving\n"
	           "---\n",
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 2, 1, "ruleset", "other");
}

/* ---- errors: precedence and profiles ---- */

Test(spec, error_precedence_malformed)
{
	write_spec(NULL,
	           RS_FM("moving") "## Precedence\n" /* 17 */
	                           "\n"
	                           "- DM.MOV.2 beats DM.MOV.1\n", /* 19 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19, 3, "precedence", "overrides");
}

Test(spec, error_precedence_trailing_words)
{
	write_spec(NULL,
	           RS_FM("moving") "## Precedence\n" /* 17 */
	                           "\n"
	                           "- DM.MOV.2 overrides DM.MOV.1 always\n", /* 19 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19, 3, "precedence", "overrides");
}

Test(spec, error_precedence_unknown_winner)
{
	write_spec(NULL,
	           RS_FM("moving") "## Precedence\n" /* 17 */
	                           "\n"
	                           "- DM.MOV.7 overrides DM.MOV.1\n", /* 19 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19, 3, "precedence", "DM.MOV.7");
}

Test(spec, error_precedence_unknown_loser)
{
	/* "- DM.MOV.2 overrides DM.MOV.8": the loser starts at column 22. */
	write_spec(NULL,
	           RS_FM("moving") "## Precedence\n" /* 17 */
	                           "\n"
	                           "- DM.MOV.2 overrides DM.MOV.8\n", /* 19 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19, 22, "precedence", "DM.MOV.8");
}

/* A parameter whose "]" was lost: the error is the spec's, at its line
 * (it used to surface as a predicate reading an undeclared parameter, in
 * a C file). */
Test(spec, error_parameter_markup_without_its_value)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                            /* 10 */
	                            "Models move up to [6\"{max_move} in the Movement.\n" /* 11 */
	                            "\n"
	                            "{#DM.MOV.2 permission}\nA.\n\n{#DM.MOV.3 constraint}\nB.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 22, "", "write [6\"]{max_move}");
}

Test(spec, error_a_negative_distance)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                      /* 10 */
	                            "Models move up to [-6\"]{max_move} at most.\n" /* 11 */
	                            "\n"
	                            "{#DM.MOV.2 permission}\nA.\n\n{#DM.MOV.3 constraint}\nB.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 20, "max_move", "is negative");
}

Test(spec, error_a_hexadecimal_parameter)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"                       /* 10 */
	                            "Models move up to [0x6\"]{max_move} at most.\n" /* 11 */
	                            "\n"
	                            "{#DM.MOV.2 permission}\nA.\n\n{#DM.MOV.3 constraint}\nB.\n");
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11, 20, "max_move", "cannot read");
}

Test(spec, error_precedence_cycle)
{
	/* Two declarations that contradict each other: with both, the engine
	 * would silence both clauses whenever both apply. */
	write_spec(NULL,
	           RS_FM("moving") "## Precedence\n" /* 17 */
	                           "\n"
	                           "- DM.MOV.2 overrides DM.MOV.1\n"  /* 19 */
	                           "- DM.MOV.1 overrides DM.MOV.2\n", /* 20 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 20, 3, "precedence", "DM.MOV.1");
}

/* A ladder of 40 diamonds (2^40 paths from its top to its bottom), a line
 * over its top that closes no cycle, and one that does: both judged in
 * linear time (the search used to walk every path), the cycle at its line. */
Test(spec, a_precedence_cycle_is_found_in_linear_time, .timeout = 20)
{
	enum { LAYERS = 40 };
	size_t cap = 64 * 1024;
	char *moving = malloc(cap), *ruleset = malloc(cap);
	cr_assert(moving && ruleset);
	size_t k = (size_t)snprintf(moving, cap, "%s", SEC_FM("moving"));
	for (int i = 1; i <= 3 * LAYERS + 2; i++)
		k += (size_t)snprintf(moving + k, cap - k, "{#DM.MOV.%d constraint}\nRule %d.\n\n",
		                      i, i);
	k = (size_t)snprintf(ruleset, cap, "%s", RS_FM("moving") "## Precedence\n\n");
	for (int i = 0; i < LAYERS; i++) {
		int x = 3 * i + 1, y = x + 1, z = x + 2, next = x + 3;
		k += (size_t)snprintf(
		    ruleset + k, cap - k,
		    "- DM.MOV.%d overrides DM.MOV.%d\n- DM.MOV.%d overrides DM.MOV.%d\n"
		    "- DM.MOV.%d overrides DM.MOV.%d\n- DM.MOV.%d overrides DM.MOV.%d\n",
		    x, y, x, z, y, next, z, next);
	}
	/* A clause off the ladder over its top: no cycle, though every path
	 * from the top is a way it could have closed one. */
	snprintf(ruleset + k, cap - k, "- DM.MOV.%d overrides DM.MOV.1\n", 3 * LAYERS + 2);
	write_spec(NULL, ruleset, moving);
	arb_rulebook *rb = load_ok();
	arb_rulebook_free(rb);
	snprintf(ruleset + k, cap - k, "- DM.MOV.%d overrides DM.MOV.1\n", 3 * LAYERS + 1);
	write_spec(NULL, ruleset, moving);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19 + 4 * LAYERS, 3, "precedence",
	             "a cycle");
	free(moving);
	free(ruleset);
}

Test(spec, error_precedence_clause_over_itself)
{
	write_spec(NULL,
	           RS_FM("moving") "## Precedence\n" /* 17 */
	                           "\n"
	                           "- DM.MOV.1 overrides DM.MOV.1\n", /* 19 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19, 3, "precedence", "DM.MOV.1");
}

Test(spec, lists_outside_precedence_and_profiles_are_prose)
{
	write_spec(NULL,
	           RS_FM("moving") "## Notes\n"
	                           "\n"
	                           "- anything at all, not a rule\n",
	           NULL);
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_precedence_count(rb, "demo"), 0));
	arb_rulebook_free(rb);
}

Test(spec, error_profile_unknown_clause)
{
	write_spec(NULL,
	           RS_FM("moving") "## Profiles\n" /* 17 */
	                           "\n"
	                           "### Profile strict\n" /* 19 */
	                           "\n"
	                           "- DM.MOV.3: line\n"   /* 21 */
	                           "- DM.MOV.33: line\n", /* 22 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 22, 3, "profile", "DM.MOV.33");
}

Test(spec, error_profile_names_clause_twice)
{
	write_spec(NULL,
	           RS_FM("moving") "## Profiles\n" /* 17 */
	                           "\n"
	                           "### Profile strict\n" /* 19 */
	                           "\n"
	                           "- DM.MOV.3: line\n"       /* 21 */
	                           "- DM.MOV.3: connected\n", /* 22 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 22, 3, "profile", "twice");
}

Test(spec, same_clause_in_two_profiles)
{
	write_spec(NULL,
	           RS_FM("moving") "## Profiles\n"
	                           "\n"
	                           "### Profile strict\n"
	                           "\n"
	                           "- DM.MOV.3: line\n"
	                           "\n"
	                           "### Profile loose\n"
	                           "\n"
	                           "- DM.MOV.3: connected\n",
	           NULL);
	arb_rulebook *rb = load_ok();
	const char *r = NULL;
	cr_assert(arb_rulebook_profile_reading(rb, "demo", "strict", "DM.MOV.3", &r));
	STR_EQ(r, "line");
	cr_assert(arb_rulebook_profile_reading(rb, "demo", "loose", "DM.MOV.3", &r));
	STR_EQ(r, "connected");
	arb_rulebook_free(rb);
}

Test(spec, error_profile_entry_malformed)
{
	write_spec(NULL,
	           RS_FM("moving") "## Profiles\n" /* 17 */
	                           "\n"
	                           "### Profile strict\n" /* 19 */
	                           "\n"
	                           "- DM.MOV.3 line\n", /* 21 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 21, 3, "profile", "reading");
}

Test(spec, error_profile_all_is_built_in)
{
	write_spec(NULL,
	           RS_FM("moving") "## Profiles\n" /* 17 */
	                           "\n"
	                           "### Profile all\n", /* 19 */
	           NULL);
	expect_error(ARB_EINPUT, "spec/demo/ruleset.md", 19, 1, "profile", "built in");
}

/* ---- errors: conventions ---- */

Test(spec, error_tolerance_differs)
{
	write_spec(CONV_FM "{#CONV.TOL.1 convention}\n" /* 10 */
	                   "Every comparison accepts an error of [0.001\"]{tolerance}.\n",
	           NULL, NULL);
	expect_error(ARB_EINPUT, "spec/conventions.md", 10, -1, "tolerance", "CONV.TOL.1");
}

Test(spec, error_tolerance_in_other_unit)
{
	write_spec(CONV_FM "{#CONV.TOL.1 convention}\n" /* 10 */
	                   "Every comparison accepts an error of [0.000001mm]{tolerance}.\n",
	           NULL, NULL);
	expect_error(ARB_EINPUT, "spec/conventions.md", 10, -1, "tolerance", "CONV.TOL.1");
}

Test(spec, error_tolerance_clause_missing)
{
	write_spec(CONV_FM "{#CONV.UNIT.1 convention}\n"
	                   "Distances are in inches.\n",
	           NULL, NULL);
	arb_rulebook *rb = (arb_rulebook *)1;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_rulebook_load(&rb, spec_dir(), &err);
	if (rc == ARB_OK)
		arb_rulebook_free(rb);
	cr_assert(eq(int, rc, ARB_EINPUT));
	cr_assert(eq(ptr, (void *)rb, NULL));
	cr_assert(ends_with(err.file, "conventions.md"), "%s", err.file);
	cr_assert(eq(str, err.field, "tolerance"));
}

Test(spec, error_conventions_missing)
{
	put("spec/demo/ruleset.md", kRuleset);
	put("spec/demo/moving.md", kMoving);
	expect_error(ARB_EIO, "spec/conventions.md", 0, -1, "", "cannot open");
}

Test(spec, number_words_are_parameters)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"
	                            "The first [two]{ranks} ranks move at [half]{fraction} speed, "
	                            "up to [twice]{times} M, or [a yard]{reach}, stepping over "
	                            "[a quarter]{step} of its height, [a third]{third} of a "
	                            "[quarter]{q} or [a half]{ah}.\n"
	                            "\n{#DM.MOV.2 constraint}\nAnother clause.\n"
	                            "\n{#DM.MOV.3 constraint}\nA third.\n");
	arb_rulebook *rb = load_ok();
	const arb_clause *c = arb_rulebook_clause(rb, "DM.MOV.1");
	cr_assert(eq(dbl, arb_clause_param(c, "ranks")->value, 2.0));
	cr_assert(eq(dbl, arb_clause_param(c, "fraction")->value, 0.5));
	cr_assert(eq(dbl, arb_clause_param(c, "times")->value, 2.0));
	cr_assert(eq(dbl, arb_clause_param(c, "reach")->value, 1.0));
	STR_EQ(arb_clause_param(c, "reach")->unit, "yd");
	cr_assert(eq(dbl, arb_clause_param(c, "step")->value, 0.25));
	cr_assert(eq(dbl, arb_clause_param(c, "q")->value, 0.25));
	cr_assert(eq(dbl, arb_clause_param(c, "third")->value, 1.0 / 3.0));
	cr_assert(eq(dbl, arb_clause_param(c, "ah")->value, 0.5));
	STR_EQ(arb_clause_param(c, "step")->unit, "");
	arb_rulebook_free(rb);
}

/* ---- faults found by reading the code ---- */

/* A lenient load records its problems in the rulebook, so it needs no error
 * record of the caller's: with err NULL it used to copy from NULL. */
Test(spec, lenient_load_without_error_record)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n" /* 10 */
	                            "One.\n"
	                            "\n"
	                            "{#DM.MOV.1 constraint}\n" /* 13 */
	                            "Two.\n");
	arb_rulebook *rb = NULL;
	int rc = arb_rulebook_load_ex(&rb, spec_dir(), ARB_LOAD_LENIENT, NULL);
	cr_assert(eq(int, rc, ARB_OK));
	cr_assert(rb != NULL);
	/* the duplicate, then the precedence and profile lines of the default
	 * ruleset.md that name DM.MOV.2 and DM.MOV.3, which this text lacks */
	cr_assert(eq(sz, arb_rulebook_problem_count(rb), 3));
	cr_assert(eq(str, (char *)arb_rulebook_problem_at(rb, 1)->field, "precedence"));
	cr_assert(eq(str, (char *)arb_rulebook_problem_at(rb, 2)->field, "profile"));
	const arb_error *p = arb_rulebook_problem_at(rb, 0);
	cr_assert(eq(int, p->code, ARB_EINPUT));
	cr_assert(ends_with(p->file, "spec/demo/moving.md"), "%s", p->file);
	cr_assert(eq(long, p->line, 13));
	cr_assert(strstr(p->message, "duplicate clause ID") != NULL, "%s", p->message);
	arb_rulebook_free(rb);
}

/* A strict load without an error record still fails with the code. */
Test(spec, strict_load_without_error_record)
{
	write_spec(NULL, NULL,
	           SEC_FM("moving") "{#DM.MOV.1 constraint}\n"
	                            "One.\n"
	                            "\n"
	                            "{#DM.MOV.1 constraint}\n"
	                            "Two.\n");
	arb_rulebook *rb = (arb_rulebook *)1;
	cr_assert(eq(int, arb_rulebook_load_ex(&rb, spec_dir(), 0, NULL), ARB_EINPUT));
	cr_assert(eq(ptr, (void *)rb, NULL));
}

/* A flow's name was cut at 127 bytes (RULESET.NAME) in silence; the
 * drawing's file is named after it. */
Test(spec, long_flow_name_is_kept_whole)
{
	char name[201], text[2048];
	memset(name, 'f', 200);
	name[200] = '\0';
	snprintf(text, sizeof text,
	         "%s\n```flow %s \"Title\"\na: \"A\" DM.MOV.1\nb: \"B\"\na -> b\n```\n", kMoving,
	         name);
	write_spec(NULL, NULL, text);
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_flow_count(rb), 1));
	const arb_flow *f = arb_rulebook_flow_at(rb, 0);
	cr_assert(eq(sz, strlen(f->name), strlen("demo.") + 200));
	cr_assert(ends_with(f->name, name));
	arb_rulebook_free(rb);
}

/* Past its 512th line a paragraph's errors were placed on line 512's
 * start; now such a paragraph is refused where it passes the limit. */
Test(spec, error_clause_text_longer_than_its_line_map)
{
	static char text[16384];
	size_t k = (size_t)snprintf(text, sizeof text, "%s", SEC_FM("moving"));
	k += (size_t)snprintf(text + k, sizeof text - k, "{#DM.MOV.1 constraint}\n"); /* 10 */
	for (int i = 0; i < 513; i++) /* lines 11 to 523 */
		k += (size_t)snprintf(text + k, sizeof text - k, "w%d\n", i % 10);
	write_spec(NULL, RS_FM("moving"), text);
	expect_error(ARB_EINPUT, "spec/demo/moving.md", 11 + 512, 1, "DM.MOV.1", "512 lines");
}

/* A level-1 heading ends a profile as a level-2 one does: the list under it
 * is prose. It used to leave the profile part open with no profile name,
 * and the next list line was compared with a NULL name (a crash; found by
 * clang-tidy once spec-ruleset.c stood alone). */
Test(spec, level_one_heading_ends_a_profile)
{
	write_spec(NULL,
	           RS_FM("moving") "## Profiles\n"
	                           "\n"
	                           "### Profile strict\n"
	                           "\n"
	                           "- DM.MOV.3: line\n"
	                           "\n"
	                           "# Notes\n"
	                           "\n"
	                           "- DM.MOV.3: chain\n",
	           NULL);
	arb_rulebook *rb = load_ok();
	cr_assert(eq(sz, arb_rulebook_profile_count(rb, "demo"), 1));
	const char *r = NULL;
	cr_assert(arb_rulebook_profile_reading(rb, "demo", "strict", "DM.MOV.3", &r));
	STR_EQ(r, "line");
	arb_rulebook_free(rb);
}
