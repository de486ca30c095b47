/* lint_spell.h: `arbiter lint`'s spelling and grammar of the clause texts,
 * through hunspell and the project's word lists (docs/lint.md, "Spelling
 * and grammar"). The library knows nothing of it: hunspell stays here. */
#ifndef ARB_LINT_SPELL_H
#define ARB_LINT_SPELL_H

#include "arbiter.h"

#include <stdbool.h>

/* The dictionary lint reads unless --dictionary names another (Debian's
 * hunspell-en-us): BASE.aff and BASE.dic. */
#define SPELL_DICTIONARY "/usr/share/hunspell/en_US"

typedef struct speller speller;

/* A spell checker of dictionary dict (BASE of BASE.aff and BASE.dic) and
 * the word list spec_dir/words.txt (the words every ruleset shares); each
 * ruleset's spec_dir/RULESET/words.txt is read when it is first linted.
 * ARB_ENOTFOUND when the dictionary is not there, ARB_EINPUT for a word
 * list that does not read (file:line:column in *err). The caller frees *out
 * with speller_free. */
int speller_new(speller **out, const char *dict, const char *spec_dir, arb_error *err);
void speller_free(speller *s);

/* Adds to l the words of ruleset's clause texts (markup left out) that
 * neither the dictionary nor a word list knows (`misspelling`), and the
 * article or homophone that does not fit the next word (`article`,
 * `homophone`), each at its file, line and column with its clause. The
 * strings of the findings live as long as rb and s. */
int speller_lint(speller *s, arb_lint *l, const arb_rulebook *rb, const char *ruleset,
                 arb_error *err);

/* The entries of the word lists that accepted no word of the text linted
 * so far, or that the dictionary spells already, as `unused-word` findings in *out (the caller
 * frees the array; the strings live as long as s): of ruleset's list, or of the list every ruleset
 * shares when ruleset is NULL (meaningful once every ruleset was linted). */
int speller_unused(speller *s, const char *ruleset, arb_finding **out, size_t *n);

/* The words speller_lint reads for clause c, each followed by a space,
 * into buf (size n, cut short if it must): for tests, which compare them
 * with c->text. ARB_EIO when c's file does not read. */
int speller_clause_words(speller *s, const arb_clause *c, char *buf, size_t n);

#endif
