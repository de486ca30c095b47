/* support.h: what the unit tests share (tests/test_support.c): a temporary
 * directory to write fixture files under, and string assertions.
 *
 * The helpers keep no state of their own: a suite holds its support_tmpdir
 * and passes it in. They report failures through Criterion (cr_fatal,
 * cr_assert), so they are called from a suite's .init or from a test. */
#ifndef ARB_TESTS_SUPPORT_H
#define ARB_TESTS_SUPPORT_H

#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include "arbiter.h"

/* A temporary directory; path is "" until support_tmpdir_make. */
typedef struct support_tmpdir {
	char path[64];
} support_tmpdir;

/* Creates a fresh directory /tmp/arbiter-<name>-XXXXXX and stores its
 * path in t. Aborts the test run (cr_fatal) if it cannot. */
void support_tmpdir_make(support_tmpdir *t, const char *name);

/* Removes t's directory and everything under it, and empties t->path;
 * does nothing if t was never made. */
void support_tmpdir_remove(support_tmpdir *t);

/* Writes text to <t->path>/rel, creating the directories of rel on the
 * way; fails the test if the file cannot be opened. */
void support_write(const support_tmpdir *t, const char *rel, const char *text);

/* Removes path, and if it is a directory everything under it, as far as it
 * can; a path that does not exist is not an error. */
void support_remove_tree(const char *path);

/* The whole of a file, NUL-terminated (malloc'ed); one that cannot be read
 * fails the test. */
char *support_slurp(const char *path);

/* Loads every *.csv under dir (and its folders) into cs against rb; a table
 * that does not load fails the test. */
void support_load_tree(arb_caseset *cs, const arb_rulebook *rb, const char *dir);

/* Loads spec/ into *rb and builds its oracle into *o, or fails the test
 * with the error. */
void support_load(arb_rulebook **rb, arb_oracle **o);

/* Loads the case table `text` (its header first) into cs as file `file`
 * against rb, and judges the last case loaded with o under its own
 * profile; fails the test, saying why, if either cannot be done. The caller
 * frees the verdict. */
arb_verdict *support_judge_text(arb_caseset *cs, const arb_rulebook *rb, const arb_oracle *o,
                                const char *file, const char *text);

/* The result of clause (and reading, or NULL for the first of the clause)
 * in v's trace; fails the test if it is not there. */
const arb_result *support_result_of(const arb_verdict *v, const char *clause, const char *reading);

/* Asserts that the string a is not NULL and equals b (the message names
 * the expression a when it is NULL). */
#define STR_EQ(a, b)                                                                               \
	do {                                                                                       \
		const char *a_ = (a);                                                              \
		cr_assert(a_ != NULL, "%s is NULL", #a);                                           \
		cr_assert(eq(str, (char *)a_, (char *)(b)));                                       \
	} while (0)

#endif /* ARB_TESTS_SUPPORT_H */
