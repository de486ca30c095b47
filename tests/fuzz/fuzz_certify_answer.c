/* fuzz_certify_answer.c: libFuzzer over an implementation's answer as
 * `arbiter certify` reads it (tools/writers/json_verdict_check.c,
 * arbj_verdict_check_tree: the check and the tree certify scores from). A
 * crash, a sanitizer report, a tree given with a refusal or kept from an
 * accepted line, an accepted line whose tree is not an object of format
 * arbiter-verdict/2 with an id member, an error line told apart wrongly,
 * a refusal without its reason, or an answer that differs from
 * arbj_verdict_check's aborts. */
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_io.h"

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
	/* an answer line is a C string: up to its first NUL */
	char *line = malloc(size + 1);
	if (!line)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	char why[512], why2[512];
	bool is_error = false, is_error2 = false;
	json_t *tree = NULL;
	int rc = arbj_verdict_check_tree(line, &is_error, &tree, why, sizeof why);
	int rc2 = arbj_verdict_check(line, &is_error2, why2, sizeof why2);
	if (rc != rc2 || (rc == ARB_OK && is_error != is_error2))
		abort();
	if (rc == ARB_OK) {
		const char *format = json_string_value(json_object_get(tree, "format"));
		if (!json_is_object(tree) || !format || strcmp(format, ARBJ_VERDICT_FORMAT) != 0 ||
		    !json_object_get(tree, "id") ||
		    is_error != (json_object_get(tree, "error") != NULL))
			abort();
	} else if (tree || (rc != ARB_EINPUT && rc != ARB_ENOMEM) ||
	           (rc == ARB_EINPUT && (!why[0] || strcmp(why, why2) != 0))) {
		abort();
	}
	json_decref(tree);
	free(line);
	return 0;
}
