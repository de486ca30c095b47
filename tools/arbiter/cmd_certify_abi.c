/*
 * cmd_certify_abi.c: an implementation loaded as a shared library through
 * the C ABI of arbiter_impl.h (`certify --abi LIB`, docs/certify.md): the
 * same lines as the streaming protocol, passed by call instead of pipe. In
 * the certifier's own process: fast, and unprotected.
 */
#include "arbiter_impl.h"
#include "certify.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* The longest verdict line taken from a library. */
#define ABI_MAX_LINE ((size_t)1 << 20)

struct cert_abi {
	void *lib;
	void *ctx;
	void *(*open)(const char *);
	const char *(*hello)(void *);
	long (*judge)(void *, const char *, size_t, char *, size_t);
	void (*close)(void *);
	char *buf;
};

/* dlsym's object pointer as a function pointer (POSIX allows it). */
#define SYM(dst, name) (*(void **)&(dst) = dlsym(a->lib, name))

int cert_abi_open(cert_abi **out, const char *path, const char *suite, char **hello_line, char *why,
                  size_t n)
{
	*hello_line = NULL;
	cert_abi *a = calloc(1, sizeof *a);
	*out = a;
	if (!a || !(a->buf = malloc(ABI_MAX_LINE))) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	/* a path, never a name for the loader to search for */
	char p[4200];
	snprintf(p, sizeof p, "%s%s", strchr(path, '/') ? "" : "./", path);
	if (!(a->lib = dlopen(p, RTLD_NOW | RTLD_LOCAL))) {
		const char *e = dlerror();
		snprintf(why, n, "cannot load %s: %s", path, e ? e : "dlopen failed");
		return -1;
	}
	int (*abi)(void) = NULL;
	if (!SYM(abi, "arbiter_impl_abi") || !SYM(a->open, "arbiter_impl_open") ||
	    !SYM(a->hello, "arbiter_impl_hello") || !SYM(a->judge, "arbiter_impl_judge") ||
	    !SYM(a->close, "arbiter_impl_close")) {
		snprintf(why, n, "%s lacks a function of arbiter_impl.h", path);
		return -1;
	}
	if (abi() != ARBITER_IMPL_ABI) {
		snprintf(why, n, "%s speaks ABI %d; this certifier speaks %d", path, abi(),
		         ARBITER_IMPL_ABI);
		return -1;
	}
	if (!(a->ctx = a->open(suite))) {
		snprintf(why, n, "%s: arbiter_impl_open failed", path);
		return -1;
	}
	const char *h = a->hello(a->ctx);
	if (!h || !(*hello_line = strdup(h))) {
		snprintf(why, n, "%s: no hello", path);
		return -1;
	}
	return 0;
}

int cert_abi_ask(cert_abi *a, const char *line, size_t len, char **answer, char *why, size_t n)
{
	*answer = NULL;
	long k = a->judge(a->ctx, line, len, a->buf, ABI_MAX_LINE);
	if (k < 0) {
		snprintf(why, n, "arbiter_impl_judge gave no answer");
		return -1;
	}
	if ((size_t)k >= ABI_MAX_LINE) {
		snprintf(why, n, "wrote a line longer than %zu bytes", ABI_MAX_LINE - 1);
		return -1;
	}
	if (memchr(a->buf, '\n', (size_t)k) || strlen(a->buf) != (size_t)k) {
		snprintf(why, n, "wrote more than one line, or a NUL byte, for one scenario");
		return -1;
	}
	if (!(*answer = strdup(a->buf))) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	return 0;
}

void cert_abi_close(cert_abi *a)
{
	if (!a)
		return;
	if (a->ctx)
		a->close(a->ctx);
	if (a->lib)
		dlclose(a->lib);
	free(a->buf);
	free(a);
}
