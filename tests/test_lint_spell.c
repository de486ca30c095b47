/* test_lint_spell.c: `arbiter lint`'s spelling and grammar
 * (tools/arbiter/lint_spell.c, words.c) on a fixture ruleset whose
 * mistakes are known (tests/fixtures/spelling/typos/movement.md: each one
 * named here with its line and column), on the bundled rulebooks (the
 * words read are the clause texts' own, and the findings are the two the
 * text holds), and the word list reader's refusals. */
#include "arbiter.h"
#include "lint_spell.h"
#include "support.h"
#include "words.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIXTURE "tests/fixtures/spelling"

static support_tmpdir g_tmp;

static void copy(const char *from, const char *to)
{
	char *text = support_slurp(from);
	support_write(&g_tmp, to, text);
	free(text);
}

typedef struct run {
	arb_rulebook *rb;
	speller *sp;
	arb_lint *l;
} run;

/* Lints ruleset of the spec at dir with the spell checker alone. */
static run lint(const char *dir, const char *ruleset)
{
	run r = {0};
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load_ex(&r.rb, dir, ARB_LOAD_LENIENT, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, speller_new(&r.sp, SPELL_DICTIONARY, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_lint_run(&r.l, r.rb, NULL, NULL, ruleset, &err), ARB_OK));
	/* only what the spell checker adds is counted below */
	size_t before = arb_lint_count(r.l);
	cr_assert(eq(int, speller_lint(r.sp, r.l, r.rb, ruleset, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	arb_lint_sort(r.l);
	cr_assert(arb_lint_count(r.l) >= before);
	return r;
}

static void run_free(run *r)
{
	arb_lint_free(r->l);
	speller_free(r->sp);
	arb_rulebook_free(r->rb);
}

static size_t count_words(const arb_lint *l)
{
	size_t n = 0;
	for (size_t i = 0; i < arb_lint_count(l); i++)
		n += arb_lint_at(l, i)->kind == ARB_LINT_WORDS;
	return n;
}

/* The finding of code at line:column, or NULL. */
static const arb_finding *at(const arb_lint *l, const char *code, long line, long column)
{
	for (size_t i = 0; i < arb_lint_count(l); i++) {
		const arb_finding *f = arb_lint_at(l, i);
		if (strcmp(f->code, code) == 0 && f->line == line && f->column == column)
			return f;
	}
	return NULL;
}

static void fixture_spec(void)
{
	support_tmpdir_make(&g_tmp, "spell");
	copy("spec/conventions.md", "spec/conventions.md");
	copy(FIXTURE "/words.txt", "spec/words.txt");
	copy(FIXTURE "/typos/ruleset.md", "spec/typos/ruleset.md");
	copy(FIXTURE "/typos/movement.md", "spec/typos/movement.md");
	copy(FIXTURE "/typos/words.txt", "spec/typos/words.txt");
}

static void cleanup(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(lint_spell, .init = fixture_spec, .fini = cleanup);

Test(lint_spell, every_known_mistake_is_found_where_it_stands)
{
	char dir[128];
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	run r = lint(dir, "typos");
	static const struct {
		const char *code, *clause, *words;
		long line, column;
	} kWant[] = {
	    {"misspelling", "TY.MOV.1", "'moove'", 11, 12},
	    {"misspelling", "TY.MOV.1", "'Movment'", 11, 46},
	    {"article", "TY.MOV.2", "'a Initiative'", 14, 22},
	    {"homophone", "TY.MOV.2", "'they're unit'", 14, 45},
	    {"article", "TY.MOV.3", "'An unit'", 17, 1},
	    /* a word of the game that no list gives is a finding too */
	    {"misspelling", "TY.MOV.3", "'reroll'", 17, 13},
	    {"homophone", "TY.MOV.3", "'its not'", 17, 54},
	    {"homophone", "TY.MOV.3", "'their is'", 18, 20},
	};
	for (size_t i = 0; i < sizeof kWant / sizeof *kWant; i++) {
		const arb_finding *f = at(r.l, kWant[i].code, kWant[i].line, kWant[i].column);
		cr_assert(f != NULL, "no %s at %ld:%ld", kWant[i].code, kWant[i].line,
		          kWant[i].column);
		STR_EQ(f->clause, kWant[i].clause);
		cr_assert(strstr(f->message, kWant[i].words) != NULL, "%s", f->message);
		cr_assert(eq(int, (int)f->kind, (int)ARB_LINT_WORDS));
		cr_assert(eq(int, (int)f->severity, (int)ARB_SEV_WARNING));
		cr_assert(strstr(f->file, "typos/movement.md") != NULL);
	}
	/* and nothing else: not the comment's "mispeled", not the listed
	 * "Gribblox" (shared list) and "Grobnik" (the ruleset's), not "an hour",
	 * "a D6", "It's time", "models' bases", "an enemy's", "There are" */
	cr_assert(eq(sz, count_words(r.l), sizeof kWant / sizeof *kWant));
	const arb_finding *moove = at(r.l, "misspelling", 11, 12);
	cr_assert(strstr(moove->message, "did you mean") != NULL, "%s", moove->message);
	arb_finding *u = NULL;
	size_t nu = 0;
	cr_assert(eq(int, speller_unused(r.sp, "typos", &u, &nu), ARB_OK));
	cr_assert(eq(sz, nu, 1));
	cr_assert(strstr(u[0].message, "'unusedword'") != NULL);
	cr_assert(eq(long, u[0].line, 3));
	free(u);
	/* Gribblox was used; "movement" is the dictionary's */
	cr_assert(eq(int, speller_unused(r.sp, NULL, &u, &nu), ARB_OK));
	cr_assert(eq(sz, nu, 1));
	cr_assert(strstr(u[0].message, "'movement'") != NULL, "%s", u[0].message);
	cr_assert(strstr(u[0].message, "spells it already") != NULL, "%s", u[0].message);
	cr_assert(eq(long, u[0].line, 3));
	free(u);
	run_free(&r);
}

Test(lint_spell, a_missing_dictionary_is_an_error_not_a_pass)
{
	speller *sp = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, speller_new(&sp, "/nonexistent/xx_XX", "spec", &err), ARB_ENOTFOUND));
	cr_assert(sp == NULL);
	cr_assert(strstr(err.message, "--no-spelling") != NULL, "%s", err.message);
}

Test(lint_spell, a_bad_word_list_names_its_line_and_column)
{
	support_write(&g_tmp, "spec/words.txt", "# fine\nGribblox: ok\nGrobnik\n");
	char dir[128];
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	speller *sp = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, speller_new(&sp, SPELL_DICTIONARY, dir, &err), ARB_EINPUT));
	cr_assert(eq(long, err.line, 3));
	cr_assert(eq(long, err.column, 8));
	STR_EQ(err.field, "word");
	cr_assert(strstr(err.file, "words.txt") != NULL);
}

/* The word list reader alone: what it refuses, and where. */
Test(lint_spell, word_list_refusals)
{
	static const struct {
		const char *text, *field;
		long line, column;
	} kBad[] = {
	    {"Horde: a formation\nHorde: again\n", "word", 2, 1},
	    {"Horde:\n", "reason", 1, 7},
	    {"Horde:   \t\n", "reason", 1, 11},
	    {"-Horde: a leading hyphen\n", "word", 1, 1},
	    {"123: digits alone\n", "word", 1, 1},
	    {"two words: no\n", "word", 1, 4},
	    {"ok: fine\n: no word\n", "word", 2, 1},
	    {"ok: fine\nbad\0: nul\n", "line", 2, 4},
	};
	for (size_t i = 0; i < sizeof kBad / sizeof *kBad; i++) {
		word_list wl = {0};
		arb_error err;
		arb_error_clear(&err);
		size_t len = strlen(kBad[i].text);
		if (i == 7)
			len = 19; /* past the NUL */
		cr_assert(
		    eq(int, words_read_text(&wl, "w.txt", kBad[i].text, len, &err), ARB_EINPUT),
		    "case %zu", i);
		STR_EQ(err.field, kBad[i].field);
		cr_assert(eq(long, err.line, kBad[i].line), "case %zu", i);
		cr_assert(eq(long, err.column, kBad[i].column), "case %zu: %s", i, err.message);
		cr_assert(eq(sz, wl.n, 0));
		words_free(&wl);
	}
	word_list wl = {0};
	arb_error err;
	arb_error_clear(&err);
	const char *ok = "# c\n\nHorde: a formation\nunit\xE2\x80\x99s: curly\nyd: yards\n";
	cr_assert(eq(int, words_read_text(&wl, "w.txt", ok, strlen(ok), &err), ARB_OK), "%s",
	          err.message);
	cr_assert(eq(sz, wl.n, 3));
	cr_assert(words_find(&wl, "Horde") != NULL);
	cr_assert(words_find(&wl, "Horde's") != NULL);
	cr_assert(words_find(&wl, "horde") == NULL, "a capital in the list is kept");
	cr_assert(words_find(&wl, "unit's") != NULL);
	cr_assert(words_find(&wl, "Yd") != NULL);
	cr_assert(words_find(&wl, "YD") != NULL);
	cr_assert(words_find(&wl, "yD") == NULL);
	words_free(&wl);
}

/* The ASCII letters and digits of s, in order. */
static void letters(const char *s, char *out, size_t n)
{
	size_t o = 0;
	for (; *s && o + 1 < n; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = *s;
	out[o] = '\0';
}

Test(lint_spell, the_words_read_are_every_clause_text_word)
{
	arb_rulebook *rb = NULL;
	speller *sp = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK));
	cr_assert(eq(int, speller_new(&sp, SPELL_DICTIONARY, "spec", &err), ARB_OK));
	static char words[1 << 16], a[1 << 16], b[1 << 16];
	size_t checked = 0;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		cr_assert(eq(int, speller_clause_words(sp, c, words, sizeof words), ARB_OK));
		letters(words, a, sizeof a);
		letters(c->text, b, sizeof b);
		cr_assert(eq(str, a, b), "%s: the words read differ from its text", c->id);
		checked += b[0] != '\0';
	}
	cr_assert(checked > 250, "%zu clauses", checked);
	speller_free(sp);
	arb_rulebook_free(rb);
}

Test(lint_spell, the_bundled_rulebooks_hold_two_mistakes)
{
	static const char *const kRs[] = {"scrollhammer", "grit", "regiments"};
	size_t n = 0;
	for (size_t k = 0; k < 3; k++) {
		run r = lint("spec", kRs[k]);
		n += count_words(r.l);
		if (k == 1) {
			/* "they’re unit falls apart" and "must pass a Initiative check" */
			const arb_finding *f = at(r.l, "homophone", 33, 91);
			cr_assert(f != NULL);
			STR_EQ(f->clause, "GR.MOV.BCOH.1");
			f = at(r.l, "article", 92, 38);
			cr_assert(f != NULL);
			STR_EQ(f->clause, "GR.MOV.STOMP.2");
		}
		run_free(&r);
	}
	cr_assert(eq(sz, n, 2));
}
