/* fuzz_lines.c: libFuzzer over the line reader of `judge` and
 * `check-verdicts` (tools/arbiter/lines.c). The first byte sets the bound
 * on a line (1 to 256, so that over-long lines are common), the rest is the
 * stream, read from a temporary file. Every line must come back as the
 * stream holds it (its newline removed, NUL-terminated), every line longer
 * than the bound as CLI_LINE_TOO_LONG and no more, in order, then the end;
 * anything else aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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
	if (size == 0)
		return 0;
	size_t max = (size_t)data[0] + 1;
	const char *text = (const char *)data + 1;
	size_t n = size - 1;
	FILE *f = tmpfile();
	if (!f)
		abort();
	if (n && fwrite(text, 1, n, f) != n)
		abort();
	if (fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0)
		abort();
	cli_lines r;
	cli_lines_init(&r, f, max);
	size_t at = 0;
	long want_no = 0;
	while (at < n) {
		const char *nl = memchr(text + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (text + at)) : n - at;
		char *line = NULL;
		size_t got_len = 0;
		int got = cli_lines_next(&r, &line, &got_len);
		want_no++;
		if (r.lineno != want_no)
			abort();
		if (len > max) {
			if (got != CLI_LINE_TOO_LONG)
				abort();
		} else if (got != CLI_LINE || got_len != len || line[len] != '\0' ||
		           memcmp(line, text + at, len) != 0) {
			abort();
		}
		at += len + (nl ? 1 : 0);
	}
	char *line = NULL;
	size_t len = 0;
	if (cli_lines_next(&r, &line, &len) != CLI_LINE_END)
		abort();
	cli_lines_free(&r);
	fclose(f);
	return 0;
}
