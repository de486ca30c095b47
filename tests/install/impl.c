/*
 * impl.c: the smallest implementation of the C ABI (arbiter_impl.h), built
 * by tests/install.sh against the installed header alone: it says hello,
 * claims Scrollhammer's movement and answers nothing (each case is then an
 * error of the implementation, recorded by the certifier).
 */
#include <arbiter_impl.h>
#include <stdlib.h>

int arbiter_impl_abi(void)
{
	return ARBITER_IMPL_ABI;
}

void *arbiter_impl_open(const char *suite)
{
	(void)suite;
	return malloc(1);
}

const char *arbiter_impl_hello(void *ctx)
{
	(void)ctx;
	return "{\"format\":\"arbiter-certify/1\",\"type\":\"hello\",\"name\":\"mute\","
	       "\"version\":\"1\",\"profile\":null,\"claims\":[{\"ruleset\":\"scrollhammer\","
	       "\"sections\":[\"movement\"]}]}";
}

long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap)
{
	(void)ctx;
	(void)scenario;
	(void)len;
	(void)out;
	(void)cap;
	return -1;
}

void arbiter_impl_close(void *ctx)
{
	free(ctx);
}
