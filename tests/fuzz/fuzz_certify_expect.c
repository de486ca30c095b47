/* fuzz_certify_expect.c: libFuzzer over an expectations file of
 * `arbiter certify --expectations` (tools/arbiter/cmd_certify_read.c). A
 * crash, a sanitizer report, an accepted waiver without its kind, pattern
 * or reason, a link that is not http(s), or a refusal without its message
 * and line aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "certify.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cert_waivers w;
	arb_error err;
	arb_error_clear(&err);
	int rc = cert_waivers_parse(&w, (const char *)data, size, "exp.txt", &err);
	if (rc == ARB_OK) {
		for (size_t i = 0; i < w.n; i++) {
			const cert_waiver *x = &w.v[i];
			if ((x->kind != CERT_WAIVE_CASE && x->kind != CERT_WAIVE_CLAUSE) ||
			    !x->pattern[0] || !x->reason[0] || x->line < 1 ||
			    (x->link && strncmp(x->link, "http", 4) != 0))
				abort();
		}
	} else if ((rc != ARB_EINPUT && rc != ARB_ENOMEM) || !err.message[0] ||
	           (rc == ARB_EINPUT && err.line < 1)) {
		abort();
	}
	cert_waivers_free(&w);
	return 0;
}
