/*
 * lint_extra.c: `arbiter lint`'s own checks over every ruleset at once, for
 * the run report (lint_extra.h). cmd_lint.c runs the same functions ruleset
 * by ruleset, printing as it goes.
 */
#include "lint_extra.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lint_extra_free(lint_extra *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->nq; i++)
		questions_free(&x->q[i]);
	free(x->q);
	for (size_t i = 0; i < x->n_unused; i++)
		free(x->unused[i]);
	free(x->unused);
	speller_free(x->sp);
	*x = (lint_extra){0};
}

/* Adds the n findings of a to l, keeping a (they point into it). */
static int add_all(lint_extra *x, arb_lint *l, arb_finding *a, size_t n)
{
	if (x->n_unused == x->cap_unused) {
		size_t cap = x->cap_unused ? x->cap_unused * 2 : 4;
		arb_finding **g = realloc(x->unused, cap * sizeof *g);
		if (!g) {
			free(a);
			return ARB_ENOMEM;
		}
		x->unused = g;
		x->cap_unused = cap;
	}
	x->unused[x->n_unused++] = a;
	for (size_t i = 0; i < n; i++) {
		int rc = arb_lint_add(l, &a[i]);
		if (rc)
			return rc;
	}
	return ARB_OK;
}

int lint_extra_add(lint_extra *x, arb_lint *l, const arb_rulebook *rb, const arb_oracle *o,
                   const char *spec_dir, const char *dict, arb_error *err)
{
	int rc = ARB_OK;
	size_t nr = arb_rulebook_ruleset_count(rb);
	*x = (lint_extra){0};
	if (!(x->q = calloc(nr ? nr : 1, sizeof *x->q)))
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	/* no dictionary: the words go unchecked, and the report says so */
	rc = speller_new(&x->sp, dict, spec_dir, err);
	if (rc == ARB_ENOTFOUND) {
		snprintf(x->unchecked, sizeof x->unchecked, "%s", err->message);
		arb_error_clear(err);
		x->sp = NULL;
		rc = ARB_OK;
	}
	for (size_t i = 0; i < nr && !rc; i++) {
		const char *rs = arb_rulebook_ruleset_at(rb, i);
		if (strcmp(rs, "conventions") == 0)
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s/questions.txt", spec_dir, rs);
		question_list *q = &x->q[x->nq++];
		rc = questions_read_file(q, path, err);
		if (!rc)
			rc = questions_lint(q, l, rb, o, rs, err);
		if (!rc && x->sp)
			rc = speller_lint(x->sp, l, rb, rs, err);
		if (!rc && x->sp) {
			arb_finding *u = NULL;
			size_t nu = 0;
			rc = speller_unused(x->sp, rs, &u, &nu);
			if (!rc)
				rc = add_all(x, l, u, nu);
		}
	}
	if (!rc && x->sp) {
		arb_finding *u = NULL;
		size_t nu = 0;
		rc = speller_unused(x->sp, NULL, &u, &nu);
		if (!rc)
			rc = add_all(x, l, u, nu);
	}
	if (rc && !err->message[0])
		arb_error_set(err, rc, NULL, 0, 0, NULL, "out of memory");
	if (!rc)
		arb_lint_sort(l);
	return rc;
}
