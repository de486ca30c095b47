/* fuzz_ref_para.c: libFuzzer over the paragraph marks that `arbiter ref`
 * and the run report read in a section file of spec/
 * (tools/writers/ref_para.c). The input is the file's text. Accepted, every
 * line returned must be a clause's tag line of the text (it starts with
 * "{#"), in increasing order; refused, the error must name a line of the
 * text and say why, and nothing be returned; anything else aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_para.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Where line no (1-based) of text starts, or NULL past its end. */
static const char *line_at(const char *text, size_t n, long no)
{
	const char *p = text;
	for (long k = 1; k < no; k++) {
		const char *nl = memchr(p, '\n', n - (size_t)(p - text));
		if (!nl)
			return NULL;
		p = nl + 1;
	}
	return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	long lines = 1;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	long *out = (long *)1;
	size_t n = 99;
	ref_para_error err = {0};
	int rc = ref_para_marks(text, size, &out, &n, &err);
	if (rc == -1) {
		if (out || n || err.line < 1 || err.line > lines || !err.message[0])
			abort();
		return 0;
	}
	if (rc != 0 || (n == 0) != (out == NULL))
		abort();
	for (size_t i = 0; i < n; i++) {
		if (out[i] < 2 || out[i] > lines || (i && out[i] <= out[i - 1]))
			abort();
		const char *l = line_at(text, size, out[i]);
		if (!l || (size_t)(l - text) + 2 > size || l[0] != '{' || l[1] != '#')
			abort();
	}
	free(out);
	return 0;
}
