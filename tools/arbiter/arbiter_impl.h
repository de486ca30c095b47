/*
 * arbiter_impl.h: the C ABI of `arbiter certify --abi LIB` (docs/certify.md,
 * "The C ABI"). An implementation of the rules built as a shared library
 * exports these four functions; the certifier loads it with dlopen and calls
 * them in its own process: no pipes, no processes, and no protection either
 * (a crash of the library is a crash of the certifier; the streaming
 * protocol is the one that survives its subject).
 *
 * The lines are those of the streaming protocol: the hello of
 * arbiter-certify/1, scenarios in arbiter-scenario/2, verdicts in
 * arbiter-verdict/2 (docs/interchange.md), each one JSON object without its
 * line feed.
 */
#ifndef ARBITER_IMPL_H
#define ARBITER_IMPL_H

#include <stddef.h>

/* The version of this ABI; arbiter_impl_abi returns it. */
#define ARBITER_IMPL_ABI 1

#ifdef __cplusplus
extern "C" {
#endif

/* ARBITER_IMPL_ABI, as the library was built with. */
int arbiter_impl_abi(void);

/* A new context (everything the implementation keeps between scenarios),
 * or NULL when it cannot start; suite is the certifier's "arbiter 0.1.0". */
void *arbiter_impl_open(const char *suite);

/* The hello line, NUL-terminated, owned by ctx until arbiter_impl_close. */
const char *arbiter_impl_hello(void *ctx);

/* Judges one scenario line (scenario[0..len), not NUL-terminated) and
 * writes the verdict line (or an error line), NUL-terminated, into
 * out[0..cap). Returns its length; a length >= cap means out was too
 * small (the certifier records it against the case); -1 means no answer. */
long arbiter_impl_judge(void *ctx, const char *scenario, size_t len, char *out, size_t cap);

/* Frees ctx. NULL does nothing. */
void arbiter_impl_close(void *ctx);

#ifdef __cplusplus
}
#endif

#endif
