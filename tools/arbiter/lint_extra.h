/* lint_extra.h: the checks `arbiter lint` adds to the library's (the
 * questions' forbid/permit pairs, the spelling and grammar of the words),
 * for a reader of every ruleset at once: the run report's editor pages
 * (`arbiter run --report`) show what `arbiter lint` shows. */
#ifndef ARB_LINT_EXTRA_H
#define ARB_LINT_EXTRA_H

#include "arbiter.h"
#include "lint_spell.h"
#include "questions.h"

typedef struct lint_extra {
	speller *sp;
	question_list *q; /* one per ruleset */
	size_t nq;
	arb_finding **unused; /* speller_unused's arrays: the findings point into them */
	size_t n_unused, cap_unused;
	char unchecked[600]; /* why the words were not checked, or "" */
} lint_extra;

/* Adds to l (a lint of every ruleset of rb) the questions' findings and the
 * words' (spelling, grammar, word-list entries no word needs) of every
 * ruleset of rb, read from spec_dir, then sorts l. A dictionary that is not
 * there (dict: BASE of BASE.aff and BASE.dic) leaves the words out and says
 * so in x->unchecked; a questions file or a word list that does not read is
 * ARB_EINPUT (file:line:column in *err). The findings live as long as x and
 * rb; lint_extra_free frees x's own. */
int lint_extra_add(lint_extra *x, arb_lint *l, const arb_rulebook *rb, const arb_oracle *o,
                   const char *spec_dir, const char *dict, arb_error *err);
void lint_extra_free(lint_extra *x);

#endif
