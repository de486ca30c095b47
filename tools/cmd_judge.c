/*
 * cmd_judge.c: `arbiter judge`: the oracle as a program. One scenario per
 * line of stdin (docs/interchange.md), one verdict per line of stdout, in
 * the same order. A bad line gets an error line in its place (and a message
 * on stderr), the rest are still judged, and the exit status is 2.
 */
#include "cli.h"
#include "json_io.h"

#include <stdlib.h>
#include <string.h>

int cmd_judge(cli_env *env, int argc, char **argv)
{
	bool trace = false, stats = false;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
			env->profile = argv[++i];
		else if (strcmp(argv[i], "--trace") == 0)
			trace = true;
		else if (strcmp(argv[i], "--stats") == 0)
			stats = true;
		else {
			fprintf(stderr, "usage: arbiter judge [--profile P] [--trace]\n");
			return EXIT_BADINPUT;
		}
	}
	arb_rulebook *rb;
	arb_oracle *o;
	if (cli_load(env, &rb, &o))
		return EXIT_BADINPUT;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0, bad = 0;
	int status = EXIT_AGREE;
	double t0 = cli_now();
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		lineno++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0)
			continue;
		arb_scenario *s = NULL;
		arb_verdict *v = NULL;
		arb_error err;
		arb_error_clear(&err);
		char *out = NULL;
		int rc = arbj_scenario_parse(&s, line, (size_t)len, "<stdin>", lineno, &err);
		if (rc == ARB_OK) {
			s->src_file = "<stdin>";
			s->src_line = lineno;
			rc = arb_judge(&v, o, s, env->profile, &err);
		}
		if (rc == ARB_OK) {
			out = arbj_verdict_dump(v, trace);
		} else {
			if (!err.line)
				err.line = lineno;
			cli_error(&err);
			out = arbj_error_line(s ? s->id : NULL, &err);
			bad++;
		}
		if (!out) {
			fprintf(stderr, "arbiter: out of memory\n");
			status = EXIT_BADINPUT;
			arb_verdict_free(v);
			arb_scenario_free(s);
			break;
		}
		fputs(out, stdout);
		fputc('\n', stdout);
		free(out);
		arb_verdict_free(v);
		arb_scenario_free(s);
	}
	if (fflush(stdout) != 0)
		status = EXIT_BADINPUT;
	if (stats)
		fprintf(stderr, "stats: %ld lines, judge %.6f s, peak %ld KiB\n", lineno,
		        cli_now() - t0, cli_peak_kib());
	free(line);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	if (bad) {
		fprintf(stderr, "arbiter judge: %ld of %ld lines were not valid scenarios\n", bad,
		        lineno);
		status = EXIT_BADINPUT;
	}
	return status;
}
