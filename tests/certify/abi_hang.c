/* abi_hang.c: a library of arbiter_impl.h (version 1) that hangs, built as
 * build/libabi_hang.so for tests/certify.sh: it answers nothing to the
 * first scenarios (each an error of the implementation) and never returns
 * from the call for scenario ABI_HANG_AT (default 3), or from its hello
 * when ABI_HANG_AT is 0. The certifier must wait no longer than its
 * timeout, record the rest as not run, and write its bundle. */
#include "arbiter_impl.h"

#include <stdlib.h>
#include <unistd.h>

static long hang_at(void)
{
	const char *v = getenv("ABI_HANG_AT");
	return v ? atol(v) : 3;
}

static void hang(void)
{
	for (;;)
		pause();
}

int arbiter_impl_abi(void)
{
	return 1;
}

void *arbiter_impl_open(const char *suite)
{
	(void)suite;
	return calloc(1, sizeof(long));
}

const char *arbiter_impl_hello(void *ctx)
{
	(void)ctx;
	if (hang_at() == 0)
		hang();
	return "{\"format\":\"arbiter-certify/1\",\"type\":\"hello\",\"name\":\"hang\","
	       "\"version\":\"1\",\"profile\":null,\"claims\":[{\"ruleset\":\"scrollhammer\","
	       "\"sections\":[\"movement\"]}]}";
}

long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap)
{
	(void)scenario, (void)len, (void)out, (void)cap;
	long *seen = ctx;
	if (++*seen == hang_at())
		hang();
	return -1;
}

void arbiter_impl_close(void *ctx)
{
	free(ctx);
}
