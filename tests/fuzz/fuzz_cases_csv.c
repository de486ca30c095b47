/* fuzz_cases_csv.c: libFuzzer over a case table (docs/cases.md) as `arbiter
 * run` reads it: libcsv and the row reader (oracle/cases*.c), then a
 * judgement of every case it accepts by the bundled rulebook. A crash, a
 * sanitizer report, ARB_EINTERNAL, or an error without a file aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The rulebook and oracle, built once and only read after. */
static arb_rulebook *rb;
static arb_oracle *oracle;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *spec = getenv("ARBITER_SPEC");
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&rb, spec ? spec : "spec", &err) ||
	    arb_oracle_new(&oracle, rb, &err)) {
		char buf[1024];
		fprintf(stderr, "fuzz: %s\n", arb_error_format(&err, buf, sizeof buf));
		exit(2);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arb_caseset_new(&cs))
		return 0;
	int rc = arb_caseset_load_text(cs, "fuzz/scrollhammer/movement/f.csv", (const char *)data,
	                               size, rb, &err);
	if (rc == ARB_EINTERNAL || (rc && (!err.file[0] || !err.message[0])))
		abort();
	for (size_t i = 0; !rc && i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		arb_verdict *v = NULL;
		int jr = arb_judge(&v, oracle, c->scenario, c->profile, &err);
		if (jr == ARB_EINTERNAL || (jr == ARB_OK) != (v != NULL))
			abort();
		arb_verdict_free(v);
	}
	arb_caseset_free(cs);
	return 0;
}
