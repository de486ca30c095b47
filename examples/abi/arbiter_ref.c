/*
 * arbiter_ref.c: arbiter's own oracle behind the C ABI of arbiter_impl.h,
 * built as build/libarbiter_ref.so (make): the reference implementation of
 * `certify --abi`, as `judge --certify` is the streaming one, and what
 * `make bench` times against in-process `arbiter run`. The rulebooks are
 * read from $ARBITER_SPEC, else ./spec.
 */
#include "arbiter.h"
#include "arbiter_impl.h"
#include "json_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ref_ctx {
	arb_rulebook *rb;
	arb_oracle *o;
	char hello[4096];
} ref_ctx;

int arbiter_impl_abi(void)
{
	return ARBITER_IMPL_ABI;
}

void *arbiter_impl_open(const char *suite)
{
	(void)suite;
	ref_ctx *c = calloc(1, sizeof *c);
	const char *spec = getenv("ARBITER_SPEC");
	arb_error err;
	arb_error_clear(&err);
	if (!c || arb_rulebook_load(&c->rb, spec ? spec : "spec", &err) ||
	    arb_oracle_new(&c->o, c->rb, &err)) {
		arbiter_impl_close(c);
		return NULL;
	}
	size_t k = (size_t)snprintf(c->hello, sizeof c->hello, "{\"claims\":[");
	for (size_t i = 0; i < arb_rulebook_ruleset_count(c->rb) && k < sizeof c->hello; i++)
		k += (size_t)snprintf(c->hello + k, sizeof c->hello - k, "%s{\"ruleset\":\"%s\"}",
		                      i ? "," : "", arb_rulebook_ruleset_at(c->rb, i));
	if (k < sizeof c->hello)
		snprintf(c->hello + k, sizeof c->hello - k,
		         "],\"format\":\"arbiter-certify/1\",\"name\":\"arbiter-abi\",\"profile\":"
		         "\"all\",\"type\":\"hello\",\"version\":\"1\"}");
	return c;
}

const char *arbiter_impl_hello(void *ctx)
{
	return ((ref_ctx *)ctx)->hello;
}

long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap)
{
	ref_ctx *c = ctx;
	arb_scenario *s = NULL;
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	char *line = NULL;
	if (arbj_scenario_parse(&s, scenario, len, "<abi>", 1, &err) == ARB_OK &&
	    arb_judge_ex(&v, c->o, s, NULL, ARB_JUDGE_TERSE, &err) == ARB_OK)
		line = arbj_verdict_dump(v, false);
	else
		line = arbj_error_line(s ? s->id : NULL, &err);
	arb_verdict_free(v);
	arb_scenario_free(s);
	if (!line)
		return -1;
	size_t n = strlen(line);
	if (n < cap)
		memcpy(out, line, n + 1);
	free(line);
	return (long)n;
}

void arbiter_impl_close(void *ctx)
{
	ref_ctx *c = ctx;
	if (!c)
		return;
	arb_oracle_free(c->o);
	arb_rulebook_free(c->rb);
	free(c);
}
