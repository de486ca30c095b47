/* fuzz_certify_hello.c: libFuzzer over the hello line an implementation
 * sends `arbiter certify` (tools/arbiter/cmd_certify_read.c), checked
 * against the bundled rulebook. A crash, a sanitizer report, an accepted
 * hello that breaks its promises (a name that is not a safe directory
 * name, no claim, a ruleset the rulebook lacks, a hello not the same as
 * itself) or a refusal without its message aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "certify.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static arb_rulebook *rb; /* loaded once, only read after */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *spec = getenv("ARBITER_SPEC");
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&rb, spec ? spec : "spec", &err)) {
		char buf[1024];
		fprintf(stderr, "fuzz: %s\n", arb_error_format(&err, buf, sizeof buf));
		exit(2);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cert_hello h;
	arb_error err;
	arb_error_clear(&err);
	int rc = cert_hello_parse(&h, (const char *)data, size, rb, "hello", 1, &err);
	if (rc == ARB_OK) {
		if (!h.name || !h.name[0] || h.name[0] == '.' || strchr(h.name, '/') ||
		    !h.version || h.n_claims == 0 || !cert_hello_same(&h, &h))
			abort();
		for (size_t i = 0; i < h.n_claims; i++)
			if (!arb_rulebook_has_ruleset(rb, h.claims[i].ruleset))
				abort();
	} else if ((rc != ARB_EINPUT && rc != ARB_ENOMEM) || !err.message[0] || err.line != 1) {
		abort();
	}
	cert_hello_free(&h);
	return 0;
}
