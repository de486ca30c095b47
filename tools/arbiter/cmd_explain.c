/*
 * cmd_explain.c: `arbiter explain CASE-ID`: the case, its verdict, the
 * trace of every predicate consulted, and an SVG drawing of the scenario
 * with the measurements that decided (written atomically).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void print_trace(const arb_verdict *v)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		const arb_predicate *p = t->pred;
		printf("  %-18s %-20s %-15s %-14s %s", p->clause, t->reading ? t->reading : "-",
		       p->question, arb_outcome_name(t->result.outcome),
		       /* a log event's entry names its event, applicable or not */
		       t->result.outcome == ARB_NA && !arb_trace_event(v, i)
		           ? ""
		           : t->result.explanation);
		if (t->not_selected)
			printf(" [reading not selected by the profile]");
		if (t->overridden_by && t->overridden_how && t->overridden_how->words)
			printf(" [overridden by %s: \"%s\"]", t->overridden_by,
			       t->overridden_how->words);
		else if (t->overridden_by)
			printf(" [overridden by %s]", t->overridden_by);
		if (t->result.outcome == ARB_MISSING && t->result.missing)
			printf(" [needs %s]", t->result.missing);
		if (t->awaits && t->awaits_how)
			printf(" [awaits %s: %s sets it aside where it permits]", t->awaits,
			       t->awaits_how->winner);
		if (t->open_how)
			printf(" [open: %s, undecided, sets it aside where it permits]",
			       t->open_how->winner);
		printf("\n");
		if (t->result.has_measure && t->result.outcome != ARB_NA) {
			const arb_measure *m = &t->result.measure;
			printf("  %-18s %-20s figure %.4f in, limit %.4f in, margin %.4f in", "",
			       "", m->figure, m->limit, m->margin);
			/* points only where the measurement found them */
			if (m->points)
				printf("; closest points (%.3f,%.3f) and (%.3f,%.3f)", m->p.x,
				       m->p.y, m->q.x, m->q.y);
			printf("\n");
		}
	}
}

/* Exact odds by enumeration of every outcome of the scenario's dice. */
static int print_odds(const arb_oracle *o, const arb_scenario *s, const char *profile)
{
	arb_odds od;
	arb_error err;
	arb_error_clear(&err);
	if (s->n_dice > ARB_ODDS_MAX_DICE) {
		printf("\nodds: %zu dice are too many to enumerate (at most %d)\n", s->n_dice,
		       ARB_ODDS_MAX_DICE);
		return 0;
	}
	if (arb_odds_enumerate(&od, o, s, profile, &err)) {
		cli_error(&err);
		return -1;
	}
	printf("\nodds over the %lu outcomes of %zu dice:", od.outcomes, od.dice);
	for (int k = 0; k < ARB_V_KINDS; k++)
		if (od.by_kind[k])
			printf(" %s %lu/%lu (%.2f%%)", arb_verdict_kind_name((arb_verdict_kind)k),
			       od.by_kind[k], od.outcomes,
			       100.0 * (double)od.by_kind[k] / (double)od.outcomes);
	printf("\n");
	for (size_t i = 0; i < od.n_values; i++) {
		printf("  %s:", od.values[i].name);
		for (size_t k = 0; k < od.values[i].n_levels; k++)
			printf(" %g %lu/%lu", od.values[i].level[k], od.values[i].count[k],
			       od.outcomes);
		printf("\n");
	}
	return 0;
}

static void print_ids(const char *label, const char *const *v, size_t n)
{
	printf("%s", label);
	for (size_t i = 0; i < n; i++)
		printf(" %s", v[i]);
	printf("%s\n", n ? "" : " (none)");
}

int cmd_explain(cli_env *env, int argc, char **argv)
{
	const char *id = NULL, *svg_path = NULL;
	char **paths = calloc((size_t)argc + 1, sizeof *paths);
	int np = 0, status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_verdict *v = NULL;
	char *svg = NULL, *defpath = NULL;
	if (!paths)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--svg") == 0 && i + 1 < argc)
			svg_path = argv[++i];
		else if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
			env->profile = argv[++i];
		else if (argv[i][0] == '-') {
			fprintf(stderr, "arbiter explain: unknown option '%s'\n", argv[i]);
			goto done;
		} else if (!id)
			id = argv[i];
		else
			paths[np++] = argv[i];
	}
	if (!id) {
		fprintf(stderr, "usage: arbiter explain CASE-ID [--svg FILE] [PATH...]\n");
		goto done;
	}
	if (cli_load(env, &rb, &o) || cli_load_cases(env, rb, paths, np, &cs))
		goto done;
	const arb_case *c = arb_caseset_find(cs, id);
	if (!c) {
		fprintf(stderr, "arbiter: no case '%s' in %s\n", id,
		        np ? "the given paths" : env->cases_dir);
		goto done;
	}
	arb_error err;
	arb_error_clear(&err);
	const char *profile = env->profile ? env->profile : c->profile;
	if (arb_judge(&v, o, c->scenario, profile, &err) != ARB_OK) {
		cli_error(&err);
		goto done;
	}
	const arb_clause *target = arb_rulebook_clause(rb, c->target);
	char dispute[64], why[1024];
	printf("case    %s (%s:%ld)\n", c->id, c->file, c->line);
	printf("target  %s (%s, %s:%ld)\n", c->target, arb_clause_kind_name(target->kind),
	       target->file, target->line);
	printf("text    %s\n", target->text);
	if (c->note[0])
		printf("note    %s\n", c->note);
	printf("profile %s\n", profile);
	printf("verdict %s", arb_verdict_kind_name(v->kind));
	if (v->dispute)
		printf(" (%s)", arb_dispute_name(v->dispute, dispute, sizeof dispute));
	printf("\n");
	print_ids("violates", v->violates, v->n_violates);
	if (v->n_disputed)
		print_ids("disputed", v->disputed, v->n_disputed);
	if (v->n_missing)
		print_ids("missing", v->missing, v->n_missing);
	for (size_t i = 0; i < v->n_values; i++)
		printf("value   %s = %g\n", v->values[i].name, v->values[i].value);
	for (size_t i = 0; i < v->n_info; i++)
		printf("info    %s = %g\n", v->info[i].name, v->info[i].value);
	bool ok = arb_case_agrees(c, v, why, sizeof why);
	printf("expect  %s: %s\n", arb_verdict_kind_name(c->expect), ok ? "agrees" : why);
	printf("\ntrace (%zu predicates consulted):\n", v->n_trace);
	print_trace(v);
	if (c->scenario->n_dice > 0 && print_odds(o, c->scenario, profile))
		goto done;

	svg = cli_case_drawing(c->scenario, v);
	if (!svg) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	if (!svg_path) {
		mkdir("reports", 0777);
		mkdir("reports/explain", 0777);
		size_t len = strlen(id) + 32;
		defpath = malloc(len);
		if (!defpath)
			goto done;
		snprintf(defpath, len, "reports/explain/%s.svg", id);
		svg_path = defpath;
	}
	if (!svg_path || cli_write_atomic(svg_path, svg, strlen(svg)))
		goto done;
	printf("\ndrawing %s\n", svg_path);
	status = ok ? EXIT_AGREE : EXIT_DISAGREE;
done:
	free(paths);
	free(svg);
	free(defpath);
	arb_verdict_free(v);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
