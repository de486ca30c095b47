/* fuzz_baseline.c: libFuzzer over the two readers `arbiter conflicts`
 * adds (oracle/search-files.c): a ruleset's baseline of acknowledged
 * findings and a shard's result. The first byte picks: even, a baseline
 * of the ruleset (byte / 2) % 3 names; odd, a shard result read into a
 * small search of Scrollhammer made for the input. The rest is the text.
 * A crash, a sanitizer report, ARB_EINTERNAL, an error without its file,
 * line, column or message, or a baseline whose entries do not read back
 * aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static arb_rulebook *g_rb;
static arb_oracle *g_o;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&g_rb, "spec", &err) || arb_oracle_new(&g_o, g_rb, &err)) {
		fprintf(stderr, "fuzz_baseline: run from the project root: %s\n", err.message);
		abort();
	}
	return 0;
}

static void check_error(int rc, const arb_error *err)
{
	if (rc == ARB_EINTERNAL || !err->message[0] || !err->file[0])
		abort();
	if (rc == ARB_EINPUT && (err->line < 1 || err->column < 1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const kRulesets[] = {"scrollhammer", "grit", "regiments"};
	if (size == 0)
		return 0;
	const char *text = (const char *)data + 1;
	size_t n = size - 1;
	arb_error err;
	arb_error_clear(&err);
	if (data[0] % 2 == 0) {
		arb_baseline *b = NULL;
		const char *rs = kRulesets[(data[0] / 2) % 3];
		int rc = arb_baseline_read(&b, text, n, "baseline.md", g_rb, rs, &err);
		if (rc) {
			check_error(rc, &err);
			if (b)
				abort();
			return 0;
		}
		/* every entry is found by its key, names a reason and its line */
		for (size_t i = 0; i < arb_baseline_count(b); i++) {
			const arb_baseline_entry *e = arb_baseline_at(b, i);
			if (arb_baseline_find(b, e->key) != e || !e->reason[0] || e->line < 1)
				abort();
		}
		arb_baseline_free(b);
		return 0;
	}
	static const char *const kSH[] = {"scrollhammer"};
	arb_search_options o = {
	    .seed = 1, .budget = 20, .random = 0, .rulesets = kSH, .n_rulesets = 1};
	arb_search *s = NULL;
	if (arb_search_new(&s, g_o, g_rb, &o, &err))
		abort();
	arb_shard_result h;
	int rc = arb_shard_read(&h, s, text, n, "shard.txt", &err);
	if (rc)
		check_error(rc, &err);
	else if (h.shard < 1 || h.shard > h.of)
		abort();
	arb_search_free(s);
	return 0;
}
