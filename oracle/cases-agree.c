/* cases-agree.c: whether a verdict agrees with a case's expectation, and
 * if not, why in one line. */
#include "cases-internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void join_ids(const char *const *v, size_t n, char *buf, size_t cap)
{
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n && k + 1 < cap; i++) {
		int w = snprintf(buf + k, cap - k, "%s%s", i ? " " : "", v[i]);
		if (w > 0)
			k += (size_t)w < cap - k ? (size_t)w : cap - k - 1;
	}
	if (n == 0)
		snprintf(buf, cap, "(none)");
}

static bool same_set(const char *const *a, size_t na, const char *const *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0) /* both sorted */
			return false;
	return true;
}

bool arb_case_agrees(const arb_case *c, const arb_verdict *v, char *why, size_t n)
{
	char e[512], g[512];
	if (v->kind != c->expect) {
		arb_dispute_name(v->dispute, g, sizeof g);
		snprintf(why, n, "expected %s, got %s%s%s%s", arb_verdict_kind_name(c->expect),
		         arb_verdict_kind_name(v->kind), v->kind == ARB_V_DISPUTED ? " (" : "",
		         v->kind == ARB_V_DISPUTED ? g : "", v->kind == ARB_V_DISPUTED ? ")" : "");
		return false;
	}
	if (!same_set(c->violates, c->n_violates, v->violates, v->n_violates)) {
		join_ids(c->violates, c->n_violates, e, sizeof e);
		join_ids(v->violates, v->n_violates, g, sizeof g);
		snprintf(why, n, "expected violated %s, got %s", e, g);
		return false;
	}
	if (c->expect == ARB_V_DISPUTED) {
		if (c->expect_dispute != v->dispute) {
			arb_dispute_name(c->expect_dispute, e, sizeof e);
			arb_dispute_name(v->dispute, g, sizeof g);
			snprintf(why, n, "expected dispute %s, got %s", e, g);
			return false;
		}
		if (c->n_disputed &&
		    !same_set(c->disputed, c->n_disputed, v->disputed, v->n_disputed)) {
			join_ids(c->disputed, c->n_disputed, e, sizeof e);
			join_ids(v->disputed, v->n_disputed, g, sizeof g);
			snprintf(why, n, "expected disputed clauses %s, got %s", e, g);
			return false;
		}
	}
	for (size_t i = 0; i < c->n_values; i++) {
		const arb_kv *want = &c->values[i];
		const arb_kv *got = NULL;
		for (size_t j = 0; j < v->n_values; j++)
			if (strcmp(v->values[j].name, want->name) == 0)
				got = &v->values[j];
		/* the case's values column names informative values too */
		for (size_t j = 0; j < v->n_info && !got; j++)
			if (strcmp(v->info[j].name, want->name) == 0)
				got = &v->info[j];
		if (isnan(want->value)) {
			if (got) {
				snprintf(why, n, "expected no value %s, got %g", want->name,
				         got->value);
				return false;
			}
			continue;
		}
		if (!got) {
			snprintf(why, n, "expected value %s=%g, got none", want->name, want->value);
			return false;
		}
		if (fabs(got->value - want->value) > 1e-9) {
			snprintf(why, n, "expected value %s=%g, got %g", want->name, want->value,
			         got->value);
			return false;
		}
	}
	return true;
}
