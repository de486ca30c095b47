/* questions.h: which question each constraint and permission of a ruleset
 * answers, as the editors declare it in spec/RULESET/questions.txt, and
 * `arbiter lint`'s check of it: a clause that forbids and another that
 * permits the same question with nothing in the text ranking them
 * (docs/lint.md, "Forbid and permit"). Plain C over the library's public
 * header: the reader is fuzzed alone (tests/fuzz/fuzz_questions.c). */
#ifndef ARB_QUESTIONS_H
#define ARB_QUESTIONS_H

#include "arbiter.h"

#include <stdbool.h>
#include <stddef.h>

/* `ask QUESTION: CLAUSE CLAUSE ...`: the clauses that answer QUESTION. */
typedef struct question_entry {
	char *name;
	char **clauses;
	long *columns; /* of each clause in its line, bytes from 1 */
	size_t n;
	long line;
} question_entry;

/* `known CONSTRAINT PERMISSION: REASON`: a pair the editors have read and
 * keep, listed apart from the new ones (the check's baseline); or `except
 * CONSTRAINT PERMISSION: CLAUSE "WORDS"`: words of the text that rank the
 * pair where no `{over:}` markup can (an exception written inside the
 * constraint, "except ... in order to circumvent impassable terrain"), so
 * that the pair is no finding, as a marked precedence is none. */
typedef struct known_entry {
	char *constraint, *permission;
	char *reason; /* known: the reason; except: the words */
	char *by;     /* except: the clause the words are of; else NULL */
	bool except;
	long line;
	long column_constraint, column_permission, column_by, column_words;
	size_t uses; /* findings it acknowledged (or pairs it ranked) in the last questions_lint */
} known_entry;

typedef struct question_list {
	char *file;
	question_entry *q;
	size_t nq, capq;
	known_entry *k;
	size_t nk, capk;
} question_list;

/* Reads text[0..len) as the questions file named file into *out (emptied
 * first). A line is blank, a comment `# ...`, `ask QUESTION: CLAUSE...`
 * (QUESTION of small letters, digits, `.`, `_`, `-`; clause IDs of
 * capitals, digits and dots, separated by spaces) or `known CLAUSE CLAUSE:
 * REASON` (REASON not empty). Anything else, a NUL byte, a question asked
 * twice, a clause twice in one question or a pair known twice is
 * ARB_EINPUT with file, line, column and field (`line`, `question`,
 * `clause`, `known`, `reason`) in *err; ARB_ENOMEM. On error *out is left
 * empty. */
int questions_read_text(question_list *out, const char *file, const char *text, size_t len,
                        arb_error *err);
/* As questions_read_text, the file at path; a file that does not exist is
 * an empty list (a ruleset need not have one). */
int questions_read_file(question_list *out, const char *path, arb_error *err);
void questions_free(question_list *ql);

/* Checks ql, the questions of ruleset, against rb and adds its findings to
 * l: `unranked-pair` (a constraint and a permission that answer one
 * question, no precedence of rb ranking either over the other; with both
 * texts), `known-unranked-pair` (the same, acknowledged by a `known` line),
 * `unused-known` (a known line that acknowledged nothing), `no-question`
 * (a constraint or permission of the ruleset in no question) and, where o
 * is not NULL, `question-unlisted` (a predicate of such a clause answers a
 * question that does not list it). A clause that is not ruleset's, a known
 * pair that is not a constraint then a permission of one question:
 * ARB_EINPUT at its line and column (field `clause`, `known`). The strings
 * of the findings live as long as rb and ql. */
int questions_lint(question_list *ql, arb_lint *l, const arb_rulebook *rb, const arb_oracle *o,
                   const char *ruleset, arb_error *err);

#endif
