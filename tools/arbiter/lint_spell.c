/*
 * lint_spell.c: spelling and a little grammar of the clause texts
 * (lint_spell.h). Words are read from the spec files themselves, not from
 * the clause's text, so that a finding names the line and column an editor
 * opens; the markup (`{...}` after `]`, the brackets, comments) is left out
 * as the spec parser leaves it out.
 *
 * The grammar checks are word-pair rules, no parser: an article before the
 * sound of the next word ("a Initiative"), a contraction before a noun
 * ("they're unit") and a possessive before a verb ("their is", "its a").
 * docs/lint.md says what they cannot see.
 */
#include "lint_spell.h"
#include "cli.h"
#include "words.h"

#include <ctype.h>
#include <hunspell.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MAX_LISTS = 32, TOK_MAX = 64 };

typedef struct spec_text {
	char *path;
	char *text;
} spec_text;

struct speller {
	Hunhandle *h;
	const char *spec_dir;
	word_list common;
	word_list rs[MAX_LISTS]; /* each ruleset's, read when first linted */
	char *rs_name[MAX_LISTS];
	size_t n_rs;
	spec_text *files; /* spec files read so far */
	size_t n_files;
};

int speller_new(speller **out, const char *dict, const char *spec_dir, arb_error *err)
{
	*out = NULL;
	char aff[4096], dic[4096], words[4096];
	snprintf(aff, sizeof aff, "%s.aff", dict);
	snprintf(dic, sizeof dic, "%s.dic", dict);
	FILE *fa = fopen(aff, "r"), *fd = fopen(dic, "r");
	bool there = fa && fd;
	if (fa)
		fclose(fa);
	if (fd)
		fclose(fd);
	if (!there)
		return arb_error_set(err, ARB_ENOTFOUND, there ? dic : aff, 0, 0, "dictionary",
		                     "no hunspell dictionary %s.aff and .dic (Debian: "
		                     "hunspell-en-us); --dictionary BASE names another, "
		                     "--no-spelling leaves spelling out",
		                     dict);
	speller *s = calloc(1, sizeof *s);
	if (!s)
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	s->spec_dir = spec_dir;
	snprintf(words, sizeof words, "%s/words.txt", spec_dir);
	int rc = words_read_file(&s->common, words, err);
	if (!rc && !(s->h = Hunspell_create(aff, dic)))
		rc = arb_error_set(err, ARB_ENOMEM, aff, 0, 0, "dictionary",
		                   "hunspell could not load the dictionary");
	if (rc) {
		speller_free(s);
		return rc;
	}
	*out = s;
	return ARB_OK;
}

void speller_free(speller *s)
{
	if (!s)
		return;
	if (s->h)
		Hunspell_destroy(s->h);
	words_free(&s->common);
	for (size_t i = 0; i < s->n_rs; i++) {
		words_free(&s->rs[i]);
		free(s->rs_name[i]);
	}
	for (size_t i = 0; i < s->n_files; i++) {
		free(s->files[i].path);
		free(s->files[i].text);
	}
	free(s->files);
	free(s);
}

static const char *file_text(speller *s, const char *path)
{
	for (size_t i = 0; i < s->n_files; i++)
		if (strcmp(s->files[i].path, path) == 0)
			return s->files[i].text;
	spec_text *nf = realloc(s->files, (s->n_files + 1) * sizeof *nf);
	if (!nf)
		return NULL;
	s->files = nf;
	char *p = strdup(path), *t = NULL;
	size_t len;
	if (cli_read_file(path, SIZE_MAX, &t, &len))
		t = NULL;
	if (!p || !t) {
		free(p);
		free(t);
		return NULL;
	}
	s->files[s->n_files++] = (spec_text){p, t};
	return t;
}

/* ruleset's own word list, read on first use; NULL on an error (*err). */
static word_list *ruleset_words(speller *s, const char *ruleset, arb_error *err)
{
	for (size_t i = 0; i < s->n_rs; i++)
		if (strcmp(s->rs_name[i], ruleset) == 0)
			return &s->rs[i];
	if (s->n_rs == MAX_LISTS) {
		arb_error_set(err, ARB_EINPUT, NULL, 0, 0, "ruleset", "more than %d rulesets",
		              MAX_LISTS);
		return NULL;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/%s/words.txt", s->spec_dir, ruleset);
	word_list *wl = &s->rs[s->n_rs];
	*wl = (word_list){0};
	if (words_read_file(wl, path, err))
		return NULL;
	if (!(s->rs_name[s->n_rs] = strdup(ruleset))) {
		words_free(wl);
		arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		return NULL;
	}
	s->n_rs++;
	return wl;
}

/* A word of the text with where it stands. */
typedef struct token {
	char w[TOK_MAX + 1];
	long line, col;
	bool joined; /* nothing but spaces and markup since the previous word */
	bool has_digit;
} token;

typedef struct tokens {
	token *t;
	size_t n, cap;
} tokens;

/* Whether the bytes at p start a letter of a word: ASCII letters and
 * digits, and UTF-8 letters (not the punctuation of E2 80 xx: quotes and
 * dashes). */
static size_t letter_len(const unsigned char *p)
{
	if (isalnum(p[0]))
		return 1;
	if (p[0] < 0xC0)
		return 0;
	if (p[0] == 0xE2 && p[1] == 0x80)
		return 0;
	size_t n = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : 2;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* An apostrophe at p (' or ’): its length, or 0. */
static size_t apostrophe_len(const unsigned char *p)
{
	if (p[0] == '\'')
		return 1;
	return p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0x99 ? 3 : 0;
}

static int push(tokens *ts, const token *t)
{
	if (ts->n == ts->cap) {
		size_t cap = ts->cap ? ts->cap * 2 : 64;
		token *nt = realloc(ts->t, cap * sizeof *nt);
		if (!nt)
			return ARB_ENOMEM;
		ts->t = nt;
		ts->cap = cap;
	}
	ts->t[ts->n++] = *t;
	return ARB_OK;
}

/* Whether [p, p+n) holds the end of a comment. */
static bool has_close(const char *p, size_t n)
{
	for (size_t i = 0; i + 3 <= n; i++)
		if (memcmp(p + i, "-->", 3) == 0)
			return true;
	return false;
}

/* The words of the paragraph of the clause tagged at line tag_line of
 * text, as the spec parser reads it: the lines after the tag up to a
 * blank line, a heading or a tag, comments left out. */
static int tokenize(const char *text, long tag_line, tokens *ts)
{
	const char *p = text;
	for (long no = 1; no <= tag_line && p; no++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	bool joined = false, in_comment = false;
	for (long no = tag_line + 1; p && *p; no++) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		size_t k = 0;
		while (k < n && (p[k] == ' ' || p[k] == '\t' || p[k] == '\r'))
			k++;
		if (!in_comment && (k == n || p[0] == '#' || p[0] == '{'))
			break;
		if (in_comment || strncmp(p, "<!--", 4) == 0) {
			in_comment = !has_close(p, n);
			p = end ? end + 1 : NULL;
			continue;
		}
		joined = true; /* a line break between two words joins them */
		for (size_t i = 0; i < n;) {
			const unsigned char *u = (const unsigned char *)p + i;
			if (u[0] == '{' && i > 0 && p[i - 1] == ']') {
				const char *close = memchr(p + i, '}', n - i);
				i = close ? (size_t)(close - p) + 1 : n;
				continue;
			}
			size_t ll = letter_len(u);
			if (!ll) {
				/* brackets and spaces keep two words joined; anything else
				 * (punctuation) parts them */
				if (!(u[0] == ' ' || u[0] == '\t' || u[0] == '[' || u[0] == ']' ||
				      u[0] == '\r'))
					joined = false;
				i++;
				continue;
			}
			token t = {.line = no, .col = (long)i + 1, .joined = joined};
			size_t w = 0;
			bool cut = false;
			for (;;) {
				u = (const unsigned char *)p + i;
				size_t l2 = i < n ? letter_len(u) : 0;
				size_t al = 0;
				if (!l2 && i < n && (al = apostrophe_len(u)) && i + al < n &&
				    letter_len(u + al))
					l2 = al; /* an inner apostrophe: "they're", "unit's" */
				if (!l2)
					break;
				if (w + l2 <= TOK_MAX) {
					memcpy(t.w + w, p + i, l2);
					w += l2;
				} else
					cut = true;
				t.has_digit |= isdigit(u[0]) != 0;
				i += l2;
			}
			t.w[w] = '\0';
			joined = true;
			if (!cut && push(ts, &t))
				return ARB_ENOMEM;
		}
		p = end ? end + 1 : NULL;
	}
	return ARB_OK;
}

/* w in small ASCII letters, apostrophes straight, into out. */
static void lower(const char *w, char *out, size_t n)
{
	size_t o = 0;
	for (const unsigned char *p = (const unsigned char *)w; *p && o + 1 < n;) {
		if (apostrophe_len(p) == 3) {
			out[o++] = '\'';
			p += 3;
		} else
			out[o++] = (char)tolower(*p++);
	}
	out[o] = '\0';
}

static bool in(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(w, *list) == 0)
			return true;
	return false;
}

/* Whether the next word is said with a vowel first (l: small letters).
 * Letters decide, with the exceptions English spells most: a "u" or "eu"
 * said "you", "one", a silent "h"; a number by how it is said; one or two
 * capitals, or capitals with a digit ("D6"), by the name of the letter. */
static bool vowel_sound(const char *w, const char *l)
{
	if (isdigit((unsigned char)w[0])) {
		size_t d = strspn(w, "0123456789");
		return w[0] == '8' ||
		       (d == 2 && (strncmp(w, "11", 2) == 0 || strncmp(w, "18", 2) == 0));
	}
	size_t n = strlen(w), caps = 0, digits = 0;
	for (size_t i = 0; i < n; i++) {
		caps += isupper((unsigned char)w[i]) != 0;
		digits += isdigit((unsigned char)w[i]) != 0;
	}
	if (caps + digits == n && (n <= 2 || digits))
		return strchr("AEFHILMNORSX", w[0]) != NULL;
	static const char *const kYou[] = {"uni", "use", "usu", "uti",  "ure", "uri", "unan",
	                                   "eu",  "ewe", "one", "once", "ubi", "uk",  NULL};
	static const char *const kSilentH[] = {"hour", "honest", "honor", "honour", "heir", NULL};
	for (const char *const *p = kYou; *p; p++)
		if (strncmp(l, *p, strlen(*p)) == 0)
			/* "unimpeded", "uninterrupted": "un-" before a vowel sound again */
			return strncmp(l, "uni", 3) == 0 && (l[3] == 'n' || l[3] == 'm');
	for (const char *const *p = kSilentH; *p; p++)
		if (strncmp(l, *p, strlen(*p)) == 0)
			return true;
	return strchr("aeiou", l[0]) != NULL;
}

/* Words that are never the noun a possessive wants, though hunspell takes
 * "in's" or "all's": the closed classes and the adverbs a rulebook uses. */
static const char *const kNotNoun[] = {
    "a",         "an",         "the",     "this",      "that",    "these",   "those",    "in",
    "on",        "at",         "by",      "for",       "from",    "with",    "within",   "without",
    "into",      "onto",       "out",     "up",        "down",    "over",    "under",    "off",
    "about",     "above",      "across",  "after",     "against", "along",   "among",    "around",
    "before",    "behind",     "below",   "beneath",   "beside",  "besides", "between",  "beyond",
    "during",    "except",     "inside",  "near",      "of",      "outside", "past",     "since",
    "through",   "throughout", "till",    "toward",    "towards", "until",   "upon",     "via",
    "all",       "any",        "both",    "each",      "either",  "every",   "few",      "many",
    "more",      "most",       "much",    "neither",   "no",      "none",    "some",     "such",
    "own",       "other",      "another", "same",      "not",     "also",    "still",    "just",
    "only",      "even",       "so",      "very",      "too",     "quite",   "rather",   "already",
    "always",    "never",      "often",   "sometimes", "then",    "there",   "here",     "now",
    "when",      "where",      "how",     "why",       "what",    "which",   "who",      "whom",
    "whose",     "yet",        "back",    "close",     "free",    "able",    "half",     "well",
    "right",     "left",       "front",   "ahead",     "away",    "again",   "further",  "first",
    "last",      "next",       "and",     "or",        "but",     "if",      "as",       "than",
    "to",        "is",         "are",     "was",       "were",    "be",      "been",     "being",
    "has",       "have",       "had",     "do",        "does",    "did",     "can",      "could",
    "may",       "might",      "must",    "shall",     "should",  "will",    "would",    "it",
    "they",      "them",       "their",   "its",       "you",     "your",    "we",       "our",
    "he",        "she",        "his",     "her",       "one",     "two",     "three",    "four",
    "five",      "six",        "seven",   "eight",     "nine",    "ten",     "once",     "twice",
    "currently", "usually",    "likely",  "unable",    "engaged", "broken",  "charging", "moving",
    NULL};

/* Whether l (small letters) reads as a noun: not a word of the closed
 * classes, not "-ing", "-ed" or "-ly", and hunspell takes its possessive
 * ("unit's"), which en_US gives nouns (flag M) and few other words. */
static bool noun_like(speller *s, const char *l)
{
	size_t n = strlen(l);
	if (n < 2 || in(l, kNotNoun) || strchr(l, '\''))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!islower((unsigned char)l[i]))
			return false;
	if ((n > 4 && strcmp(l + n - 3, "ing") == 0) || (n > 3 && strcmp(l + n - 2, "ed") == 0) ||
	    (n > 3 && strcmp(l + n - 2, "ly") == 0))
		return false;
	char poss[TOK_MAX + 4];
	snprintf(poss, sizeof poss, "%s's", l);
	return Hunspell_spell(s->h, poss) != 0;
}

static int add(arb_lint *l, const arb_clause *c, const token *t, const char *code, const char *fmt,
               ...) __attribute__((format(printf, 5, 6)));
static int add(arb_lint *l, const arb_clause *c, const token *t, const char *code, const char *fmt,
               ...)
{
	arb_finding f = {.kind = ARB_LINT_WORDS,
	                 .severity = ARB_SEV_WARNING,
	                 .code = code,
	                 .ruleset = c->ruleset,
	                 .clause = c->id,
	                 .file = c->file,
	                 .line = t->line,
	                 .column = t->col};
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f.message, sizeof f.message, fmt, ap);
	va_end(ap);
	return arb_lint_add(l, &f);
}

static int spell(speller *s, arb_lint *l, const arb_clause *c, const token *t, word_list *own)
{
	if (t->has_digit)
		return ARB_OK; /* numbers and dice ("2D6", "1st") are parameters */
	size_t chars = 0;
	for (const unsigned char *p = (const unsigned char *)t->w; *p; p++)
		chars += (*p & 0xC0) != 0x80;
	if (chars < 2)
		return ARB_OK;
	word_entry *e = words_find(own, t->w);
	if (!e)
		e = words_find(&s->common, t->w);
	if (e) {
		e->uses++;
		return ARB_OK;
	}
	if (Hunspell_spell(s->h, t->w))
		return ARB_OK;
	char **sug = NULL, hint[160] = "";
	int ns = Hunspell_suggest(s->h, &sug, t->w);
	for (int i = 0; i < ns && i < 3; i++) {
		size_t hl = strlen(hint);
		snprintf(hint + hl, sizeof hint - hl, "%s'%s'", i ? ", " : "; did you mean ",
		         sug[i]);
	}
	if (sug)
		Hunspell_free_list(s->h, &sug, ns);
	return add(l, c, t, "misspelling", "'%s' is in neither the dictionary nor a word list%s",
	           t->w, hint);
}

/* The word-pair rules, at the first word of the pair a and its next b. */
static int grammar(speller *s, arb_lint *l, const arb_clause *c, const token *a, const token *b)
{
	if (!b->joined)
		return ARB_OK;
	char la[TOK_MAX + 1], lb[TOK_MAX + 1];
	lower(a->w, la, sizeof la);
	lower(b->w, lb, sizeof lb);
	if (strcmp(la, "a") == 0 && vowel_sound(b->w, lb))
		return add(l, c, a, "article",
		           "'%s %s': '%s' begins with a vowel sound, the article before it is 'an'",
		           a->w, b->w, b->w);
	if (strcmp(la, "an") == 0 && !vowel_sound(b->w, lb))
		return add(
		    l, c, a, "article",
		    "'%s %s': '%s' begins with a consonant sound, the article before it is 'a'",
		    a->w, b->w, b->w);
	static const struct {
		const char *said, *meant;
	} kContr[] = {
	    {"they're", "their"}, {"it's", "its"}, {"you're", "your"}, {"there", "their"}};
	for (size_t i = 0; i < sizeof kContr / sizeof *kContr; i++)
		if (strcmp(la, kContr[i].said) == 0 && noun_like(s, lb) &&
		    !(i == 1 && strcmp(lb, "time") == 0)) /* "it's time": an idiom */
			return add(
			    l, c, a, "homophone",
			    "'%s %s': '%s' reads as a noun, and before a noun the word is the "
			    "possessive '%s'",
			    a->w, b->w, b->w, kContr[i].meant);
	static const char *const kVerbish[] = {"is",  "are", "was", "were", "been", "be",
	                                       "not", "a",   "an",  "the",  NULL};
	static const struct {
		const char *said, *meant;
	} kPoss[] = {{"their", "there' or 'they're"}, {"its", "it's"}, {"your", "you're"}};
	for (size_t i = 0; i < sizeof kPoss / sizeof *kPoss; i++)
		if (strcmp(la, kPoss[i].said) == 0 && in(lb, kVerbish))
			return add(l, c, a, "homophone",
			           "'%s %s': a possessive before '%s', where the text wants '%s'",
			           a->w, b->w, b->w, kPoss[i].meant);
	return ARB_OK;
}

int speller_lint(speller *s, arb_lint *l, const arb_rulebook *rb, const char *ruleset,
                 arb_error *err)
{
	word_list *own = ruleset_words(s, ruleset, err);
	if (!own)
		return err->code ? err->code : ARB_EINPUT;
	tokens ts = {0};
	int rc = ARB_OK;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb) && !rc; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (strcmp(c->ruleset, ruleset) != 0 || !c->file)
			continue;
		const char *text = file_text(s, c->file);
		if (!text) {
			rc = arb_error_set(err, ARB_EIO, c->file, 0, 0, NULL,
			                   "cannot read it again to spell its words");
			break;
		}
		ts.n = 0;
		if ((rc = tokenize(text, c->line, &ts)))
			break;
		for (size_t k = 0; k < ts.n && !rc; k++) {
			rc = spell(s, l, c, &ts.t[k], own);
			if (!rc && k + 1 < ts.n)
				rc = grammar(s, l, c, &ts.t[k], &ts.t[k + 1]);
		}
	}
	free(ts.t);
	if (rc == ARB_ENOMEM && !err->message[0])
		arb_error_set(err, rc, NULL, 0, 0, NULL, "out of memory");
	return rc;
}

int speller_clause_words(speller *s, const arb_clause *c, char *buf, size_t n)
{
	const char *text = c->file ? file_text(s, c->file) : NULL;
	if (!text)
		return ARB_EIO;
	tokens ts = {0};
	int rc = tokenize(text, c->line, &ts);
	size_t at = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < ts.n && !rc && at < n; i++) {
		int k = snprintf(buf + at, n - at, "%s ", ts.t[i].w);
		at += k > 0 ? (size_t)k : 0;
	}
	free(ts.t);
	return rc;
}

int speller_unused(speller *s, const char *ruleset, arb_finding **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	word_list *wl = &s->common;
	if (ruleset) {
		wl = NULL;
		for (size_t i = 0; i < s->n_rs && !wl; i++)
			if (strcmp(s->rs_name[i], ruleset) == 0)
				wl = &s->rs[i];
		if (!wl)
			return ARB_OK;
	}
	for (size_t i = 0; i < wl->n; i++) {
		/* a word the dictionary spells is not needed either */
		bool known = Hunspell_spell(s->h, wl->e[i].word) != 0;
		if (wl->e[i].uses && !known)
			continue;
		arb_finding *nf = realloc(*out, (*n + 1) * sizeof *nf);
		if (!nf)
			return ARB_ENOMEM;
		*out = nf;
		arb_finding *f = &nf[(*n)++];
		*f = (arb_finding){.kind = ARB_LINT_WORDS,
		                   .severity = ARB_SEV_WARNING,
		                   .code = "unused-word",
		                   .ruleset = ruleset,
		                   .file = wl->file,
		                   .line = wl->e[i].line,
		                   .column = 1};
		if (known)
			snprintf(f->message, sizeof f->message,
			         "'%s' is listed and the dictionary spells it already: remove it",
			         wl->e[i].word);
		else
			snprintf(f->message, sizeof f->message,
			         "'%s' is listed and no word of %s's text needs it: remove it",
			         wl->e[i].word, ruleset ? ruleset : "any ruleset");
	}
	return ARB_OK;
}
