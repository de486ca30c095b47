/* fuzz_situations.c: libFuzzer over the reader of the situations the
 * rulesets share (tools/arbiter/situations.c: spec/shared/situations.md),
 * read against the bundled rulebook as `arbiter diverge` reads it. A crash,
 * a sanitizer report, an error without its file, line, column, field or
 * message, a result on error, or an accepted situation that maps fewer than
 * two rulesets, none that decides it, a ruleset or clause the rulebook
 * lacks, a silent ruleset without its reason, or no probe quantity, aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "situations.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static arb_rulebook *g_rb;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&g_rb, "spec", &err)) {
		fprintf(stderr, "fuzz_situations: run from the project root: %s\n", err.message);
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	situations *s = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = situations_read(&s, (const char *)data, size, "situations.md", g_rb, &err);
	if (rc) {
		if (s || !err.message[0] || !err.file[0])
			abort();
		if (rc == ARB_EINPUT && (err.line < 1 || err.column < 1 || !err.field[0]))
			abort();
		return 0;
	}
	for (size_t i = 0; i < situations_count(s); i++) {
		const situation *x = situations_at(s, i);
		if (x->n_maps < 2 || !x->probe || !x->name[0])
			abort();
		size_t deciding = 0;
		for (size_t m = 0; m < x->n_maps; m++) {
			const sit_map *mp = &x->map[m];
			if (!arb_rulebook_has_ruleset(g_rb, mp->ruleset))
				abort();
			/* a silent ruleset gives its reason and nothing to judge */
			if (mp->silent) {
				if (!mp->silent[0] || mp->action || mp->n_limits || mp->n_clauses)
					abort();
				continue;
			}
			deciding++;
			if (!mp->action || !mp->phase)
				abort();
			for (size_t k = 0; k < mp->n_limits; k++) {
				const arb_clause *c =
				    arb_rulebook_clause(g_rb, mp->limit[k].clause);
				if (!c || strcmp(c->ruleset, mp->ruleset) != 0 ||
				    !arb_clause_param(c, mp->limit[k].param))
					abort();
			}
			for (size_t k = 0; k < mp->n_clauses; k++)
				if (!arb_rulebook_clause(g_rb, mp->clause[k]))
					abort();
		}
		if (!deciding)
			abort();
	}
	situations_free(s);
	return 0;
}
