/* fuzz_scenario_json.c: libFuzzer over a scenario line as arbiter judge
 * reads it: the JSON reader (tools/writers/json_dom.c), the scenario reader
 * (json_scenario_read.c) and, for every scenario it accepts, a judgement by
 * the bundled rulebook. A crash, a sanitizer report, an ARB_EINTERNAL (a
 * fault of the program) or a broken promise of json_dom.h aborts.
 * Built and run by `make fuzz` (clang, -fsanitize=fuzzer). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "json_dom.h"
#include "json_io.h"

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

/* Every string is NUL-terminated at its length and holds no NUL; sizes
 * and items are what the types say. */
static void walk(const jd_value *v, int depth)
{
	if (!v || depth > 256)
		abort();
	switch (v->type) {
	case JD_STRING:
		if (v->u.string[v->n] != '\0' || strlen(v->u.string) != v->n)
			abort();
		break;
	case JD_ARRAY:
		for (size_t i = 0; i < v->n; i++)
			walk(jd_at(v, i), depth + 1);
		break;
	case JD_OBJECT:
		for (size_t i = 0; i < v->n; i++) {
			if (jd_get(v, v->u.members[i].key) != v->u.members[i].value)
				abort(); /* a repeated name was let through */
			walk(v->u.members[i].value, depth + 1);
		}
		break;
	default:
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	jd_doc *d = NULL;
	jd_error e;
	if (jd_parse(&d, text, size, &e) == JD_OK) {
		walk(jd_root(d), 0);
		jd_free(d);
	} else if (d || e.line < 1 || e.column < 0 || e.offset > size ||
	           memchr(e.path, '\0', sizeof e.path) == NULL || !e.text[0]) {
		abort();
	}
	arb_scenario *s = NULL;
	arb_error err;
	int rc = arbj_scenario_parse(&s, text, size, "fuzz", 1, &err);
	if (rc == ARB_EINTERNAL || (rc == ARB_OK) != (s != NULL))
		abort();
	if (s) {
		arb_verdict *v = NULL;
		rc = arb_judge(&v, oracle, s, NULL, &err);
		if (rc == ARB_EINTERNAL || (rc == ARB_OK) != (v != NULL))
			abort();
		arb_verdict_free(v);
		arb_scenario_free(s);
	}
	return 0;
}
