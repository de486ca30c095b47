/* ref_para.h: where the book starts a new paragraph inside a heading.
 *
 * spec/ keeps one clause per Markdown paragraph; the book's own paragraph
 * breaks inside a heading are marked by a line `<!-- paragraph -->` right
 * before the tag of the clause that begins one (docs/spec-format.md). The
 * rulebook's loader reads the mark as the comment it is; the reference and
 * the run report read it here to set the text as the book reads. */
#ifndef ARB_REF_PARA_H
#define ARB_REF_PARA_H

#include <stdbool.h>
#include <stddef.h>

#define REF_PARA_MARK "<!-- paragraph -->"

/* Why a mark was refused: its line (1-based) and what is wrong. */
typedef struct ref_para_error {
	long line;
	char message[160];
} ref_para_error;

/* Reads the marks of one section file's text (len bytes, no NUL needed):
 * *out (malloc'ed, the caller frees; NULL when none) gets the lines of the
 * clause tags a mark stands before, in order, *n their number. A mark
 * that stands anywhere but between clauses under one heading, right
 * before a tag (before a heading, before the first clause of a heading,
 * inside a clause's text, at the end) is bad input: returns -1 with err
 * set. Returns -2 when out of memory, 0 otherwise. */
int ref_para_marks(const char *text, size_t len, long **out, size_t *n, ref_para_error *err);

#endif
