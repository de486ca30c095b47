/*
 * cmd_graph.c: `arbiter graph [RULESET[/SECTION]...]`: the phase flows of
 * spec/ as DOT and SVG (Graphviz), one pair of files per flow. Each node
 * and edge links to its clause in the reference (`--href`).
 */
#include "cli.h"
#include "flow_dot.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool selected(const arb_flow *f, char **sel, int n)
{
	if (n == 0)
		return true;
	for (int i = 0; i < n; i++) {
		const char *slash = strchr(sel[i], '/');
		size_t rl = slash ? (size_t)(slash - sel[i]) : strlen(sel[i]);
		if (strlen(f->ruleset) == rl && strncmp(f->ruleset, sel[i], rl) == 0 &&
		    (!slash || strcmp(f->section, slash + 1) == 0))
			return true;
	}
	return false;
}

int cmd_graph(cli_env *env, int argc, char **argv)
{
	const char *dir = "reports/graphs", *href = "../reference.html";
	bool dot_only = false;
	char **sel = calloc((size_t)argc + 1, sizeof *sel);
	int n_sel = 0, status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (!sel)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			dir = argv[++i];
		else if (strcmp(argv[i], "--href") == 0 && i + 1 < argc)
			href = argv[++i];
		else if (strcmp(argv[i], "--dot") == 0)
			dot_only = true;
		else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: arbiter graph [-o DIR] [--href PAGE] [--dot] "
			                "[RULESET[/SECTION]...]\n");
			goto done;
		} else
			sel[n_sel++] = argv[i];
	}
	if (arb_rulebook_load(&rb, env->spec_dir, &err)) {
		cli_error(&err);
		goto done;
	}
	for (int i = 0; i < n_sel; i++) {
		char rs[128];
		snprintf(rs, sizeof rs, "%.*s", (int)strcspn(sel[i], "/"), sel[i]);
		const char *slash = strchr(sel[i], '/');
		if (!arb_rulebook_has_ruleset(rb, rs) ||
		    (slash && !arb_rulebook_has_section(rb, rs, slash + 1))) {
			fprintf(stderr, "arbiter: no ruleset or section '%s' in %s\n", sel[i],
			        env->spec_dir);
			goto done;
		}
	}
	if (!dot_only && mkdir(dir, 0777) != 0) {
		struct stat st;
		if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "arbiter: cannot make directory %s\n", dir);
			goto done;
		}
	}
	size_t drawn = 0;
	arb_gv *gv = dot_only ? NULL : arb_gv_new();
	if (!dot_only && !gv) {
		fprintf(stderr, "arbiter: Graphviz could not start\n");
		goto done;
	}
	for (size_t i = 0; i < arb_rulebook_flow_count(rb); i++) {
		const arb_flow *f = arb_rulebook_flow_at(rb, i);
		if (!selected(f, sel, n_sel))
			continue;
		char *dot = arb_flow_dot(f, rb, href, NULL, 0);
		if (!dot) {
			fprintf(stderr, "arbiter: out of memory\n");
			goto done;
		}
		if (dot_only) {
			fputs(dot, stdout);
			free(dot);
			drawn++;
			continue;
		}
		char msg[256], path[4096];
		char *svg = arb_dot_to_svg(gv, dot, msg, sizeof msg);
		snprintf(path, sizeof path, "%s/%s.dot", dir, f->name);
		int rc = cli_write_atomic(path, dot, strlen(dot));
		if (!rc && svg) {
			snprintf(path, sizeof path, "%s/%s.svg", dir, f->name);
			rc = cli_write_atomic(path, svg, strlen(svg));
		}
		free(dot);
		free(svg);
		if (!svg) {
			fprintf(stderr, "arbiter: %s: %s\n", f->name, msg);
			arb_gv_free(gv);
			goto done;
		}
		if (rc) {
			arb_gv_free(gv);
			goto done;
		}
		printf("%s/%s.svg (%s:%ld)\n", dir, f->name, f->file, f->line);
		drawn++;
	}
	arb_gv_free(gv);
	if (!drawn)
		fprintf(stderr, "arbiter: no phase flow in the selected sections\n");
	status = drawn ? EXIT_AGREE : EXIT_BADINPUT;
done:
	free(sel);
	arb_rulebook_free(rb);
	return status;
}
