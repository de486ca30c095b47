/* arbiter.c: the command line; one subcommand per tools/arbiter/cmd_*.c file.
 * Global options, `help`, `--version` and every `CMD --help` are handled
 * here, from one table, so that no subcommand parses them. */
#include "cli.h"
#include "datadir.h"
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

#ifndef ARB_VERSION
#define ARB_VERSION "unknown"
#endif

#define PROFILE_HELP                                                                               \
	"judge under reading profile P (all, chain, literal, declared) instead of each "           \
	"scenario's own"

static const cli_option kRunOpts[] = {
    {"--profile", NULL, "P", PROFILE_HELP},
    {"--quiet", "-q", NULL, "only the disagreements and the totals, no tables"},
    {"--stats", NULL, NULL, "load and judge times and peak memory on stderr"},
    {"--jobs", NULL, "N", "judge with N threads (1 to 256; 0: one per processor)"},
    {"--twin", NULL, NULL, "judge every case again through the protocol and compare"},
    {"--verdicts", NULL, "FILE", "write the verdict lines, in case order"},
    {"--report", NULL, "DIR", "write a static HTML report into DIR"},
    {"--junit", NULL, "FILE", "write JUnit XML"},
    {"--json", NULL, "FILE", "write one JSON result per case"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kExplainOpts[] = {
    {"--svg", NULL, "FILE", "where the drawing goes (default reports/explain/CASE-ID.svg)"},
    {"--profile", NULL, "P", PROFILE_HELP},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kJudgeOpts[] = {
    {"--profile", NULL, "P", PROFILE_HELP},
    {"--trace", NULL, NULL, "write each verdict's trace, explanations included"},
    {"--stats", NULL, NULL, "load and judge times and peak memory on stderr"},
    {"--certify", NULL, NULL, "speak the certification protocol: a hello first (docs/certify.md)"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kCertifyOpts[] = {
    {"--timeout", NULL, "S", "seconds a case may take (default 10)"},
    {"--cpu-limit", NULL, "S", "the child's CPU seconds (RLIMIT_CPU; default 600, 0: none)"},
    {"--mem-limit", NULL, "MIB", "the child's address space (RLIMIT_AS; default 4096, 0: none)"},
    {"--max-procs", NULL, "N", "the user's processes for the child (RLIMIT_NPROC; 0: none)"},
    {"--expectations", NULL, "FILE", "waive known failures (case or clause globs, reasons)"},
    {"--shrink", NULL, "N", "shrink the first N disagreements to minimal scenarios (default 10)"},
    {"--per-case", NULL, NULL, "run COMMAND once per scenario instead of streaming"},
    {"--abi", NULL, "LIB", "load the implementation as a shared library (arbiter_impl.h)"},
    {"-o", NULL, "DIR", "the bundle's directory (default reports/certify/NAME)"},
    {"--quiet", "-q", NULL, "only the disagreements and the totals"},
    {"--verify", NULL, "DIR", "re-check a bundle's hashes and scores"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kExportOpts[] = {
    {"-o", NULL, "FILE", "write to FILE instead of standard output"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kNoOpts[] = {
    {NULL, NULL, NULL, NULL},
};
static const cli_option kLintOpts[] = {
    {"--json", NULL, NULL, "findings as JSON Lines"},
    {"--strict", NULL, NULL, "warnings fail too (as --severity warning)"},
    {"--severity", NULL, "S", "the least severity that fails: info, warning or error"},
    {"--matrix", NULL, "FILE", "write the traceability matrix as Markdown"},
    {"--dictionary", NULL, "BASE", "the hunspell dictionary BASE.aff, BASE.dic (default en_US)"},
    {"--no-spelling", NULL, NULL, "leave spelling and grammar out"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kDivergeOpts[] = {
    {"--json", NULL, NULL, "one arbiter-divergence/1 line per probe, agreeing or not"},
    {"--all", NULL, NULL, "print the probes whose verdicts agree too"},
    {"--situations", NULL, "FILE", "the shared situations (default spec/shared/situations.md)"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kGraphOpts[] = {
    {"-o", NULL, "DIR", "where the .dot and .svg files go (default reports/graphs)"},
    {"--href", NULL, "PAGE", "the page clause links point to (default ../reference.html)"},
    {"--dot", NULL, NULL, "write the DOT text only, no SVG"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kConflictsOpts[] = {
    {"--seed", NULL, "N", "seed of the combinations and of the random geometry (default 1)"},
    {"--budget", NULL, "N",
     "combinations of small-scope values per decision point (default 20000)"},
    {"--random", NULL, "N", "scenarios of random geometry per decision point (default 2000)"},
    {"--jobs", NULL, "N", "search with N threads (1 to 256)"},
    {"--profile", NULL, "P", PROFILE_HELP},
    {"--baseline", NULL, "FILE", "acknowledged findings (default spec/RULESET/baseline.md; none)"},
    {"-o", NULL, "DIR", "where findings.jsonl, scenarios.jsonl and the drawings go"},
    {"--shard", NULL, "I/N", "search shard I of N; its result goes to standard output"},
    {"--merge", NULL, "FILE", "a shard's result to put together with the others (repeat)"},
    {"--progress", NULL, NULL, "progress on stderr even when it is not a terminal"},
    {"--strict-baseline", NULL, NULL,
     "an acknowledged finding this search does not meet is an error (always so for the "
     "default search)"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kDiffOpts[] = {
    {"--json", NULL, "FILE", "write every change as JSON Lines"},
    {"--html", NULL, "DIR", "write a page with the word diffs and a drawing per transition"},
    {"--profile", NULL, "P", PROFILE_HELP},
    {"--budget", NULL, "N",
     "search combinations per decision point judged under both (default 200)"},
    {"--no-search", NULL, NULL,
     "compare the case suite only, not the conflicts search's scenarios"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kRefOpts[] = {
    {"-o", NULL, "DIR", "where the site goes (default reports/ref)"},
    {NULL, NULL, NULL, NULL},
};
static const cli_option kGlobalOpts[] = {
    {"--spec", NULL, "DIR", "the rulebooks (default: ./spec, else the installed ones)"},
    {"--cases", NULL, "DIR", "the case tables (default: the cases/ beside the spec/ found)"},
    {NULL, NULL, NULL, NULL},
};

static const cli_command kCommands[] = {
    {"run", cmd_run,
     "run [--profile P] [-q] [--stats] [--jobs N] [--twin] [--verdicts FILE] [--report DIR] "
     "[--junit FILE] [--json FILE] [PATH...]",
     "judge case tables (default: cases/); exit 0 only if every case agrees", kRunOpts, 0},
    {"explain", cmd_explain, "explain CASE-ID [--svg FILE] [--profile P] [PATH...]",
     "a case's verdict, the trace of every predicate consulted, and an SVG drawing", kExplainOpts,
     0},
    {"judge", cmd_judge, "judge [--profile P] [--trace] [--stats] [--certify]",
     "scenarios as JSON Lines on stdin, verdicts as JSON Lines on stdout", kJudgeOpts, 0},
    {"certify", cmd_certify,
     "certify [--timeout S] [--cpu-limit S] [--mem-limit MIB] [--max-procs N] "
     "[--expectations FILE] [--shrink N] [--per-case] [-o DIR] [-q] [PATH...] -- COMMAND "
     "[ARG...] | certify --abi LIB [...] | certify --verify DIR",
     "run an implementation over the suite through the protocol; write a certificate", kCertifyOpts,
     0},
    {"export", cmd_export, "export [-o FILE] [PATH...]",
     "the case suite as JSON Lines scenarios, without expectations", kExportOpts, 0},
    {"check-verdicts", cmd_check_verdicts, "check-verdicts [FILE...]",
     "check that every line of a verdict stream obeys arbiter-verdict/2", kNoOpts, CLI_NO_DATA},
    {"lint", cmd_lint,
     "lint [--json] [--strict] [--severity S] [--matrix FILE] [--dictionary BASE] "
     "[--no-spelling] [RULESET...]",
     "the rulebook's health: structure, references, traceability, staleness, assumptions, "
     "spelling",
     kLintOpts, 0},
    {"graph", cmd_graph, "graph [-o DIR] [--href PAGE] [--dot] [RULESET[/SECTION]...]",
     "the phase flows of spec/ as DOT and SVG (Graphviz), linked to their clauses", kGraphOpts, 0},
    {"conflicts", cmd_conflicts,
     "conflicts [RULESET...] [--seed N] [--budget N] [--random N] [--jobs N] [--profile P] "
     "[--baseline FILE|none] [-o DIR] [--shard I/N] [--merge FILE]... [--progress] "
     "[--strict-baseline]",
     "search the scenario space for conflicts, gaps and divergent readings; exit 1 on a new "
     "finding",
     kConflictsOpts, 0},
    {"diff", cmd_diff,
     "diff OLD NEW [--json FILE] [--html DIR] [--profile P] [--budget N] [--no-search]",
     "what an edit of the rulebook changes (OLD and NEW: spec/ directories or git revisions); "
     "exit 1 when a verdict changed",
     kDiffOpts, 0},
    {"diverge", cmd_diverge, "diverge [--json] [--all] [--situations FILE] [SITUATION...]",
     "judge the situations rulesets share (spec/shared/situations.md) under each; list where "
     "verdicts differ; exit 1 when one does",
     kDivergeOpts, 0},
    {"ref", cmd_ref, "ref [-o DIR] [RULESET...]",
     "the annotated rule reference as a static HTML site (per edition of the text)", kRefOpts, 0},
    {"clauses", cmd_clauses, "clauses [RULESET]",
     "the clauses of spec/: ID, kind, fingerprint, predicates", kNoOpts, 0},
};
enum { N_COMMANDS = sizeof kCommands / sizeof *kCommands };

static void print_options(FILE *f, const cli_option *opt)
{
	for (; opt->flag; opt++) {
		char left[64];
		snprintf(left, sizeof left, "%s%s%s%s%s", opt->alias ? opt->alias : "",
		         opt->alias ? ", " : "", opt->flag, opt->arg ? " " : "",
		         opt->arg ? opt->arg : "");
		fprintf(f, "  %-18s %s\n", left, opt->help);
	}
}

static void usage(FILE *f)
{
	fprintf(f, "usage: arbiter [--spec DIR] [--cases DIR] COMMAND [ARGS]\n"
	           "       arbiter help COMMAND | COMMAND --help | --version\n\ncommands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(f, "  %-18s %s\n", kCommands[i].name, kCommands[i].summary);
	fprintf(f, "\nglobal options (before or after the command):\n");
	print_options(f, kGlobalOpts);
	fprintf(
	    f,
	    "\nexit status: 0 all agree, 1 a case disagrees, 2 bad input\n"
	    "`arbiter help COMMAND` gives a command's usage and options; see also arbiter(1).\n");
}

static int command_help(const cli_command *c)
{
	printf("usage: arbiter [--spec DIR] [--cases DIR] %s\n\n%s\n", c->usage, c->summary);
	if (c->options[0].flag) {
		printf("\noptions:\n");
		print_options(stdout, c->options);
	}
	if (!(c->flags & CLI_NO_DATA)) {
		printf("\nglobal options (before or after the command):\n");
		print_options(stdout, kGlobalOpts);
	}
	printf("\nSee arbiter(1) for the exit statuses and where the data is looked for.\n");
	return EXIT_AGREE;
}

static const cli_command *find_command(const char *name)
{
	for (size_t k = 0; k < N_COMMANDS; k++)
		if (strcmp(name, kCommands[k].name) == 0)
			return &kCommands[k];
	return NULL;
}

static const cli_option *find_option(const cli_option *opt, const char *arg)
{
	for (; opt->flag; opt++)
		if (strcmp(arg, opt->flag) == 0 || (opt->alias && strcmp(arg, opt->alias) == 0))
			return opt;
	return NULL;
}

/* A global option at argv[*i]: sets it and steps over its value. Returns
 * 1 if it was one, 0 if not, -1 (with a message) if its value is missing. */
static int global_option(cli_env *env, int argc, char **argv, int *i)
{
	const char **dst = strcmp(argv[*i], "--spec") == 0    ? &env->spec_dir
	                   : strcmp(argv[*i], "--cases") == 0 ? &env->cases_dir
	                                                      : NULL;
	if (!dst)
		return 0;
	if (*i + 1 >= argc) {
		fprintf(stderr, "arbiter: %s wants a directory\n", argv[*i]);
		return -1;
	}
	*dst = argv[++*i];
	return 1;
}

/* Takes the global options out of the command's arguments argv[first..],
 * wherever they stand, and shortens *argc to what is left. An option's
 * argument is stepped over, so that `run --json --spec` names a file
 * called --spec. Returns 1 for --help, -1 (with a message) for a global
 * option without its value, 0 otherwise. */
static int command_args(cli_env *env, const cli_command *cmd, int *argc, char **argv, int first)
{
	int kept = first;
	for (int k = first; k < *argc; k++) {
		/* after "--", the words are another program's (certify's COMMAND) */
		if (strcmp(argv[k], "--") == 0) {
			while (k < *argc)
				argv[kept++] = argv[k++];
			break;
		}
		int g = global_option(env, *argc, argv, &k);
		if (g < 0)
			return -1;
		if (g)
			continue;
		if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0)
			return 1;
		const cli_option *opt = find_option(cmd->options, argv[k]);
		argv[kept++] = argv[k];
		if (opt && opt->arg && k + 1 < *argc)
			argv[kept++] = argv[++k];
	}
	argv[kept] = NULL;
	*argc = kept;
	return 0;
}

/* The version, and which rulebooks a command would read, with a
 * fingerprint of their clauses (each clause's ID and text fingerprint) so
 * that two installs can be told apart by their text as well as their code. */
static int version(const cli_env *env)
{
	printf("arbiter %s\n", ARB_VERSION);
	if (!env->spec_dir) {
		printf("spec: none found\n");
		return EXIT_AGREE;
	}
	arb_rulebook *rb = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&rb, env->spec_dir, &err)) {
		char buf[1024];
		printf("spec: %s (does not load: %s)\n", env->spec_dir,
		       arb_error_format(&err, buf, sizeof buf));
		return EXIT_AGREE;
	}
	strbuf sb = {0};
	size_t n = arb_rulebook_clause_count(rb);
	for (size_t i = 0; i < n; i++) {
		const arb_clause *cl = arb_rulebook_clause_at(rb, i);
		strbuf_putf(&sb, "%s %s\n", cl->id, cl->fingerprint);
	}
	char fp[17] = "";
	if (!sb.oom)
		arb_fingerprint(sb.s ? sb.s : "", fp);
	printf("spec: %s (%zu clauses, fingerprint %s)\ncases: %s\n", env->spec_dir, n,
	       sb.oom ? "unknown: out of memory" : fp, env->cases_dir);
	strbuf_free(&sb);
	arb_rulebook_free(rb);
	return EXIT_AGREE;
}

static int dispatch(int argc, char **argv)
{
	cli_env env = {.version = ARB_VERSION};
	bool want_version = false;
	int i = 1;
	for (; i < argc; i++) {
		int g = global_option(&env, argc, argv, &i);
		if (g < 0)
			return EXIT_BADINPUT;
		if (g)
			continue;
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return EXIT_AGREE;
		}
		if (strcmp(argv[i], "--version") == 0)
			want_version = true;
		else if (argv[i][0] == '-') {
			fprintf(stderr, "arbiter: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return EXIT_BADINPUT;
		} else
			break;
	}
	const cli_command *cmd = NULL;
	if (!want_version) {
		if (i == argc) {
			usage(stderr);
			return EXIT_BADINPUT;
		}
		if (strcmp(argv[i], "help") == 0) {
			if (i + 1 == argc) {
				usage(stdout);
				return EXIT_AGREE;
			}
			const cli_command *c = find_command(argv[i + 1]);
			if (c && i + 2 == argc)
				return command_help(c);
			if (c)
				fprintf(stderr, "usage: arbiter help COMMAND\n");
			else
				fprintf(stderr, "arbiter: no command '%s'; see arbiter --help\n",
				        argv[i + 1]);
			return EXIT_BADINPUT;
		}
		if (!(cmd = find_command(argv[i]))) {
			fprintf(stderr, "arbiter: unknown command '%s'\n", argv[i]);
			usage(stderr);
			return EXIT_BADINPUT;
		}
		int r = command_args(&env, cmd, &argc, argv, i + 1);
		if (r)
			return r < 0 ? EXIT_BADINPUT : command_help(cmd);
	}
	/* --spec and --cases win; otherwise the first data directory that
	 * holds a spec/ (datadir.h). */
	cli_datadir dd;
	bool found = cli_datadir_find(&dd);
	if (!env.spec_dir && found)
		env.spec_dir = dd.spec;
	if (!env.cases_dir)
		env.cases_dir = dd.cases;
	if (want_version)
		return version(&env);
	if (!env.spec_dir && !(cmd->flags & CLI_NO_DATA)) {
		char looked[CLI_DATA_PLACES * (PATH_MAX + 2)];
		cli_datadir_looked(&dd, looked, sizeof looked);
		fprintf(stderr,
		        "arbiter: no rulebooks found: looked for %s; give --spec DIR (and --cases "
		        "DIR)\n",
		        looked);
		return EXIT_BADINPUT;
	}
	return cmd->fn(&env, argc - i - 1, argv + i + 1);
}

/* Every path out, help and --version included, reports a standard output
 * that could not be written (docs/outputs.md). */
int main(int argc, char **argv)
{
	return cli_finish_stdout(dispatch(argc, argv));
}
