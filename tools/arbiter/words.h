/* words.h: the project's word lists, the words of the game a dictionary
 * lacks (spec/words.txt, spec/RULESET/words.txt; docs/lint.md, "Spelling
 * and grammar"). Plain C: the reader is fuzzed without the spell checker. */
#ifndef ARB_WORDS_H
#define ARB_WORDS_H

#include "arbiter.h"

#include <stdbool.h>
#include <stddef.h>

/* One line `WORD: REASON`. */
typedef struct word_entry {
	char *word;   /* as written, apostrophes ’ read as ' */
	char *reason; /* why the word is right though the dictionary lacks it */
	long line;
	size_t uses; /* words of the linted text it accepted */
} word_entry;

/* The entries of one file; words_free frees them and the file name. */
typedef struct word_list {
	char *file;
	word_entry *e;
	size_t n, cap;
} word_list;

/* Reads text[0..len) as the word list named file into *out (emptied
 * first). A line is blank, a comment `# ...`, or `WORD: REASON`: WORD
 * letters (UTF-8 too), digits, apostrophes and inner hyphens, with one
 * letter at least; REASON not empty. Anything else, a NUL byte or a word
 * listed twice is ARB_EINPUT with file, line, column and field (`word`,
 * `reason`, `line`) in *err; ARB_ENOMEM. On error *out is left empty. */
int words_read_text(word_list *out, const char *file, const char *text, size_t len, arb_error *err);
/* As words_read_text, the file at path; a file that does not exist is an
 * empty list (a ruleset need not have one). */
int words_read_file(word_list *out, const char *path, arb_error *err);
void words_free(word_list *wl);
/* The entry that accepts w (UTF-8, ’ read as '), or NULL: the same word, or
 * w at the start of a sentence (its first letter a capital) or written in
 * capitals where the entry is in small letters, or either with "'s". */
word_entry *words_find(const word_list *wl, const char *w);

#endif
