/* fuzz_certify_bundle.c: libFuzzer over what `arbiter certify --verify`
 * reads of a bundle (tools/arbiter/cmd_certify_check.c): the first two
 * bytes give the length of certificate.json (little-endian), the rest is
 * results.jsonl. A crash, a sanitizer report, an answer other than 0, 1
 * or 2, or a refusal without its reason aborts. */
#include <stdint.h>
#include <stdlib.h>

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
	if (size < 2)
		return 0;
	size_t cl = (size_t)data[0] | (size_t)data[1] << 8;
	if (cl > size - 2)
		cl = size - 2;
	const char *cert = (const char *)data + 2, *res = cert + cl;
	char why[512] = "";
	int rc = cert_bundle_check(cert, cl, res, size - 2 - cl, why, sizeof why);
	if (rc < 0 || rc > 2 || (rc && !why[0]))
		abort();
	return 0;
}
