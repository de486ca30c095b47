/* fuzz_words.c: libFuzzer over the reader of the project's word lists
 * (tools/arbiter/words.c: spec/words.txt, spec/RULESET/words.txt), which
 * `arbiter lint` reads before it spells the text. A crash, a sanitizer
 * report, an error without its file, line, column, field or message, a list
 * left half-read after an error, or an accepted entry that is not found by
 * its own word, has no reason or no line, aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "words.h"

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
	word_list wl = {0};
	arb_error err;
	arb_error_clear(&err);
	int rc = words_read_text(&wl, "words.txt", (const char *)data, size, &err);
	if (rc) {
		if (!err.message[0] || !err.file[0] || wl.n || wl.e)
			abort();
		if (rc == ARB_EINPUT && (err.line < 1 || err.column < 1 || !err.field[0]))
			abort();
		words_free(&wl);
		return 0;
	}
	for (size_t i = 0; i < wl.n; i++) {
		const word_entry *e = &wl.e[i];
		if (!e->word[0] || !e->reason[0] || e->line < 1 || !words_find(&wl, e->word))
			abort();
	}
	words_free(&wl);
	return 0;
}
