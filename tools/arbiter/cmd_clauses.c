/* cmd_clauses.c: `arbiter clauses [RULESET]`: the clauses of spec/, one per line. */
#include "cli.h"

#include <string.h>

int cmd_clauses(cli_env *env, int argc, char **argv)
{
	arb_rulebook *rb;
	arb_oracle *o;
	if (argc > 1) {
		fprintf(stderr, "usage: arbiter clauses [RULESET]\n");
		return EXIT_BADINPUT;
	}
	if (cli_load(env, &rb, &o))
		return EXIT_BADINPUT;
	const char *only = argc ? argv[0] : NULL;
	if (only && !arb_rulebook_has_ruleset(rb, only)) {
		fprintf(stderr, "arbiter: unknown ruleset '%s'\n", only);
		arb_oracle_free(o);
		arb_rulebook_free(rb);
		return EXIT_BADINPUT;
	}
	printf("%-20s %-11s %-16s %s\n", "clause", "kind", "fingerprint", "predicates");
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (only && strcmp(c->ruleset, only) != 0)
			continue;
		int n = 0, stale = 0;
		for (size_t j = 0; j < arb_oracle_predicate_count(o); j++)
			if (strcmp(arb_oracle_predicate_at(o, j)->clause, c->id) == 0) {
				n++;
				stale += arb_oracle_predicate_stale(o, j);
			}
		printf("%-20s %-11s %-16s %d%s\n", c->id, arb_clause_kind_name(c->kind),
		       c->fingerprint, n, stale ? " (stale)" : "");
	}
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return EXIT_AGREE;
}
