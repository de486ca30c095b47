/*
 * cmd_ref.c: `arbiter ref [-o DIR] [RULESET...]`: the annotated rule
 * reference as a static site (tools/writers/ref*.c). It judges every case
 * once to find each clause's worked examples and the disputes it is part
 * of, lints the rulebook for what to show beside each clause, and writes
 * the site whole or not at all.
 */
#include "cli.h"
#include "ref.h"

#include <stdlib.h>
#include <string.h>

/* The clause IDs of a verdict list, space-separated; NULL when none. */
static char *join(const char *const *ids, size_t n, bool *oom)
{
	if (!n)
		return NULL;
	size_t len = 1;
	for (size_t i = 0; i < n; i++)
		len += strlen(ids[i]) + 1;
	char *s = malloc(len), *p = s;
	if (!s) {
		*oom = true;
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "%s%s", i ? " " : "", ids[i]);
	return s;
}

/* Judges every case as `run` does (each case's own profile, or --profile). */
static int judge_all(const cli_env *env, const arb_oracle *o, const arb_caseset *cs,
                     ref_result *res)
{
	bool oom = false;
	for (size_t i = 0; i < arb_caseset_count(cs) && !oom; i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		arb_verdict *v = NULL;
		arb_error err;
		arb_error_clear(&err);
		const char *profile = env->profile ? env->profile : c->profile;
		if (arb_judge_ex(&v, o, c->scenario, profile, ARB_JUDGE_TERSE | ARB_JUDGE_VALIDATED,
		                 &err) != ARB_OK) {
			cli_error(&err);
			return -1;
		}
		res[i].judged = true;
		res[i].kind = v->kind;
		res[i].dispute = v->dispute;
		res[i].disputed = join(v->disputed, v->n_disputed, &oom);
		res[i].violates = join(v->violates, v->n_violates, &oom);
		arb_verdict_free(v);
	}
	if (oom)
		fprintf(stderr, "arbiter: out of memory\n");
	return oom ? -1 : 0;
}

int cmd_ref(cli_env *env, int argc, char **argv)
{
	const char *dir = "reports/ref";
	const char **sel = calloc((size_t)argc + 1, sizeof *sel);
	size_t n_sel = 0;
	int status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_lint *lint = NULL;
	ref_result *res = NULL;
	arb_gv *gv = NULL;
	bool *para = NULL;
	if (!sel)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			dir = argv[++i];
		else if (argv[i][0] == '-') {
			fprintf(stderr,
			        "arbiter ref: unknown option '%s'\nusage: arbiter ref [-o DIR] "
			        "[RULESET...]\n",
			        argv[i]);
			goto done;
		} else
			sel[n_sel++] = argv[i];
	}
	/* Refused before any work, as `run --report` is. */
	if (cli_output_check(dir, true))
		goto done;
	if (cli_load(env, &rb, &o))
		goto done;
	for (size_t i = 0; i < n_sel; i++)
		if (!arb_rulebook_has_ruleset(rb, sel[i])) {
			fprintf(stderr, "arbiter: no ruleset '%s' in %s\n", sel[i], env->spec_dir);
			goto done;
		}
	/* a misplaced paragraph mark is bad input, found before any judging */
	if (ref_paragraphs(rb, &para))
		goto done;
	if (cli_load_cases(env, rb, NULL, 0, &cs))
		goto done;
	size_t n = arb_caseset_count(cs);
	res = calloc(n + 1, sizeof *res);
	if (!res || judge_all(env, o, cs, res))
		goto done;
	arb_error err;
	arb_error_clear(&err);
	if (arb_lint_run(&lint, rb, o, cs, NULL, &err)) {
		cli_error(&err);
		goto done;
	}
	gv = arb_gv_new();
	if (!gv) {
		fprintf(stderr, "arbiter: Graphviz could not start\n");
		goto done;
	}
	ref_input in = {.rb = rb,
	                .o = o,
	                .cs = cs,
	                .res = res,
	                .lint = lint,
	                .para = para,
	                .rulesets = sel,
	                .n_rulesets = n_sel,
	                .version = env->version ? env->version : "unknown",
	                .gv = gv};
	char edition[64];
	size_t pages = 0;
	if (ref_write(dir, &in, edition, sizeof edition, &pages))
		goto done;
	printf("%s/index.html: edition %s, %zu pages (%s/%s/index.html)\n", dir, edition, pages,
	       dir, edition);
	status = EXIT_AGREE;
done:
	arb_gv_free(gv);
	free(para);
	ref_results_free(res, cs ? arb_caseset_count(cs) : 0);
	arb_lint_free(lint);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	free(sel);
	return status;
}
