/* arbiter.c: the command line; one subcommand per tools/arbiter/cmd_*.c file. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const cli_command kCommands[] = {
    {"run", cmd_run,
     "run [--profile P] [-q] [--stats] [--jobs N] [--twin] [--verdicts FILE] [--report DIR] "
     "[--junit FILE] [--json FILE] [PATH...]",
     "judge case tables (default: cases/); exit 0 only if every case agrees"},
    {"explain", cmd_explain, "explain CASE-ID [--svg FILE] [PATH...]",
     "a case's verdict, the trace of every predicate consulted, and an SVG drawing"},
    {"judge", cmd_judge, "judge [--profile P] [--trace] [--stats]",
     "scenarios as JSON Lines on stdin, verdicts as JSON Lines on stdout"},
    {"export", cmd_export, "export [-o FILE] [PATH...]",
     "the case suite as JSON Lines scenarios, without expectations"},
    {"check-verdicts", cmd_check_verdicts, "check-verdicts [FILE...]",
     "check that every line of a verdict stream obeys arbiter-verdict/2"},
    {"lint", cmd_lint, "lint [--json] [--strict] [--severity S] [--matrix FILE] [RULESET...]",
     "the rulebook's health: structure, references, traceability, staleness, assumptions"},
    {"graph", cmd_graph, "graph [-o DIR] [--href PAGE] [--dot] [RULESET[/SECTION]...]",
     "the phase flows of spec/ as DOT and SVG (Graphviz), linked to their clauses"},
    {"clauses", cmd_clauses, "clauses [RULESET]",
     "the clauses of spec/: ID, kind, fingerprint, predicates"},
};

static void usage(FILE *f)
{
	fprintf(f, "usage: arbiter [--spec DIR] [--cases DIR] COMMAND [ARGS]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof kCommands / sizeof *kCommands; i++)
		fprintf(f, "  %-44s %s\n", kCommands[i].usage, kCommands[i].summary);
	fprintf(f, "\nexit status: 0 all agree, 1 a case disagrees, 2 bad input\n");
}

int main(int argc, char **argv)
{
	cli_env env = {.spec_dir = "spec", .cases_dir = "cases"};
	int i = 1;
	for (; i < argc; i++) {
		if (strcmp(argv[i], "--spec") == 0 && i + 1 < argc)
			env.spec_dir = argv[++i];
		else if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
			env.cases_dir = argv[++i];
		else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else
			break;
	}
	if (i == argc) {
		usage(stderr);
		return EXIT_BADINPUT;
	}
	for (size_t k = 0; k < sizeof kCommands / sizeof *kCommands; k++)
		if (strcmp(argv[i], kCommands[k].name) == 0)
			return cli_finish_stdout(kCommands[k].fn(&env, argc - i - 1, argv + i + 1));
	fprintf(stderr, "arbiter: unknown command '%s'\n", argv[i]);
	usage(stderr);
	return EXIT_BADINPUT;
}
