/*
 * cmd_export.c: `arbiter export`: the case suite as JSON Lines scenarios
 * (docs/interchange.md), without the expectations, for implementers.
 */
#include "cli.h"
#include "json_io.h"

#include <stdlib.h>
#include <string.h>

int cmd_export(cli_env *env, int argc, char **argv)
{
	const char *out_path = NULL;
	char **paths = calloc((size_t)argc + 1, sizeof *paths);
	int np = 0, status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	char *buf = NULL;
	size_t len = 0, cap = 0;
	if (!paths)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out_path = argv[++i];
		else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: arbiter export [-o FILE] [PATH...]\n");
			goto done;
		} else
			paths[np++] = argv[i];
	}
	if ((out_path && cli_output_check(out_path, false)) || cli_load(env, &rb, &o) ||
	    cli_load_cases(env, rb, paths, np, &cs))
		goto done;
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		char *line = arbj_scenario_dump(arb_caseset_at(cs, i)->scenario);
		if (!line) {
			fprintf(stderr, "arbiter: out of memory\n");
			goto done;
		}
		size_t n = strlen(line);
		if (len + n + 2 > cap) {
			size_t nc = (len + n + 2) * 2;
			char *nb = realloc(buf, nc);
			if (!nb) {
				free(line);
				fprintf(stderr, "arbiter: out of memory\n");
				goto done;
			}
			buf = nb;
			cap = nc;
		}
		memcpy(buf + len, line, n);
		len += n;
		buf[len++] = '\n';
		free(line);
	}
	if (out_path) {
		if (cli_write_atomic(out_path, buf ? buf : "", len))
			goto done;
	} else if (len && (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)) {
		fprintf(stderr, "arbiter: cannot write the export\n");
		goto done;
	}
	status = EXIT_AGREE;
done:
	free(paths);
	free(buf);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
