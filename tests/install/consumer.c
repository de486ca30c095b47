/* consumer.c: a program built against the installed library alone
 * (arbiter.h, libarbiter.a, arbiter.pc), as tests/install.sh builds it:
 * it loads the installed rulebooks, checks that the predicates' linker
 * section survived the static archive, and judges one case table.
 * Usage: consumer SPEC-DIR CASES.csv */
#include <arbiter.h>

#include <stdio.h>

int main(int argc, char **argv)
{
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	char buf[1024];
	int status = 1;
	size_t agreed = 0;
	arb_error_clear(&err);
	if (argc != 3) {
		fprintf(stderr, "usage: consumer SPEC-DIR CASES.csv\n");
		return 2;
	}
	if (arb_rulebook_load(&rb, argv[1], &err) || arb_oracle_new(&o, rb, &err) ||
	    arb_caseset_new(&cs) || arb_caseset_load_file(cs, argv[2], rb, &err)) {
		fprintf(stderr, "consumer: %s\n", arb_error_format(&err, buf, sizeof buf));
		goto done;
	}
	/* Without --whole-archive the rule objects are left out of the link
	 * and the oracle binds nothing: every case would come out legal. */
	if (arb_predicate_linked_count() == 0 || arb_oracle_predicate_count(o) == 0) {
		fprintf(stderr, "consumer: no predicates linked\n");
		goto done;
	}
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		arb_verdict *v = NULL;
		if (arb_judge(&v, o, c->scenario, c->profile, &err)) {
			fprintf(stderr, "consumer: %s: %s\n", c->id,
			        arb_error_format(&err, buf, sizeof buf));
			goto done;
		}
		char why[256];
		if (arb_case_agrees(c, v, why, sizeof why))
			agreed++;
		else
			fprintf(stderr, "consumer: %s: %s\n", c->id, why);
		arb_verdict_free(v);
	}
	printf("consumer: %zu predicates, %zu of %zu cases agree\n", arb_oracle_predicate_count(o),
	       agreed, arb_caseset_count(cs));
	status = agreed == arb_caseset_count(cs) && agreed > 0 ? 0 : 1;
done:
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
