/* abi_v9.c: a library that speaks a version of arbiter_impl.h no certifier
 * knows, built as build/libabi_v9.so: tests/certify.sh expects it refused
 * with a clear error before anything is called but arbiter_impl_abi. */
#include "arbiter_impl.h"

int arbiter_impl_abi(void)
{
	return 9;
}

void *arbiter_impl_open(const char *suite)
{
	(void)suite;
	return 0;
}

const char *arbiter_impl_hello(void *ctx)
{
	(void)ctx;
	return 0;
}

long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap)
{
	(void)ctx, (void)scenario, (void)len, (void)out, (void)cap;
	return -1;
}

void arbiter_impl_close(void *ctx)
{
	(void)ctx;
}
