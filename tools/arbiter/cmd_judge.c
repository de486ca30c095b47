/*
 * cmd_judge.c: `arbiter judge`: the oracle as a program. One scenario per
 * line of stdin (docs/interchange.md), one verdict per line of stdout, in
 * the same order: every input line, blank or not, gets exactly one output
 * line. A line that is blank, cannot be read, or cannot be judged (a bad
 * scenario, or a fault of the oracle) gets an error line in its place (and
 * a message on stderr), the rest are still judged, and the exit status is
 * 2. So is a read error on stdin, which is not taken for its end.
 *
 * With --certify it is the reference implementation of the certification
 * protocol (docs/certify.md): it reads the certifier's start line and
 * answers with its hello (every ruleset it has, the profile it judges
 * under) before the first scenario.
 */
#include "cli.h"
#include "json_io.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Whether line[0..len) holds only JSON white space. */
static bool blank(const char *line, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
			return false;
	return true;
}

/* A fault of the oracle while judging the scenario of line lineno: the
 * error line names the line of the stream, and the place in the oracle
 * (a predicate's source, say) moves into the message. */
static void fault_at_line(arb_error *err, long lineno)
{
	char msg[sizeof err->message + sizeof err->file + 32];
	if (err->file[0] && strcmp(err->file, "<stdin>") != 0)
		snprintf(msg, sizeof msg, "%s (%s:%ld)", err->message, err->file, err->line);
	else
		snprintf(msg, sizeof msg, "%s", err->message);
	arb_error_set(err, err->code, "<stdin>", lineno, 0, NULL, "%s", msg);
}

/* Reads the start line and writes the hello. 0, or -1 with a message. */
static int handshake(cli_lines *in, const cli_env *env, const arb_rulebook *rb)
{
	char *line = NULL;
	size_t len = 0;
	if (cli_lines_next(in, &line, &len) != CLI_LINE) {
		fprintf(stderr, "arbiter judge --certify: no start line on standard input\n");
		return -1;
	}
	json_error_t je;
	json_t *start = json_loadb(line, len, JSON_REJECT_DUPLICATES, &je);
	const char *format = NULL, *type = NULL, *suite = NULL;
	if (!start ||
	    json_unpack_ex(start, &je, JSON_STRICT, "{s:s, s:s, s:s}", "format", &format, "suite",
	                   &suite, "type", &type) != 0 ||
	    strcmp(format, "arbiter-certify/1") != 0 || strcmp(type, "start") != 0) {
		fprintf(stderr,
		        "arbiter: <stdin>:1:%d: expected the start line "
		        "{\"format\":\"arbiter-certify/1\",\"suite\":...,\"type\":\"start\"}: %s\n",
		        je.column > 0 ? je.column : 1, start ? je.text : je.text);
		json_decref(start);
		return -1;
	}
	json_decref(start);
	json_t *claims = json_array();
	/* every ruleset that has the profile judged under */
	for (size_t i = 0; claims && i < arb_rulebook_ruleset_count(rb); i++) {
		const char *rs = arb_rulebook_ruleset_at(rb, i), *reading;
		if (!env->profile ||
		    arb_rulebook_profile_reading(rb, rs, env->profile, "", &reading))
			json_array_append_new(claims, json_pack("{s:s}", "ruleset", rs));
	}
	json_t *hello = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o*}", "format", "arbiter-certify/1",
	                          "type", "hello", "name", "arbiter", "version",
	                          env->version ? env->version : "unknown", "profile",
	                          env->profile ? env->profile : "all", "claims", claims);
	char *out = hello ? json_dumps(hello, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(hello);
	if (!out) {
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	puts(out);
	free(out);
	return fflush(stdout) == 0 ? 0 : -1;
}

int cmd_judge(cli_env *env, int argc, char **argv)
{
	bool trace = false, stats = false, certify = false;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
			env->profile = argv[++i];
		else if (strcmp(argv[i], "--trace") == 0)
			trace = true;
		else if (strcmp(argv[i], "--stats") == 0)
			stats = true;
		else if (strcmp(argv[i], "--certify") == 0)
			certify = true;
		else {
			fprintf(
			    stderr,
			    "usage: arbiter judge [--profile P] [--trace] [--stats] [--certify]\n");
			return EXIT_BADINPUT;
		}
	}
	arb_rulebook *rb;
	arb_oracle *o;
	double t_load = cli_now();
	if (cli_load(env, &rb, &o))
		return EXIT_BADINPUT;
	t_load = cli_now() - t_load;
	char *line = NULL;
	size_t len = 0;
	long lineno = 0, bad = 0;
	int status = EXIT_AGREE, got;
	cli_lines in;
	cli_lines_init(&in, stdin, CLI_MAX_LINE);
	if (certify && handshake(&in, env, rb)) {
		cli_lines_free(&in);
		arb_oracle_free(o);
		arb_rulebook_free(rb);
		return EXIT_BADINPUT;
	}
	double t0 = cli_now();
	errno = 0;
	while ((got = cli_lines_next(&in, &line, &len)) > 0) {
		lineno = in.lineno;
		arb_scenario *s = NULL;
		arb_verdict *v = NULL;
		arb_error err;
		arb_error_clear(&err);
		char *out = NULL;
		int rc;
		if (got == CLI_LINE_TOO_LONG) {
			arb_error_set(&err, ARB_EINPUT, "<stdin>", lineno, 0, NULL,
			              "the line is longer than %zu bytes (a scenario line's limit)",
			              (size_t)CLI_MAX_LINE);
			rc = ARB_EINPUT;
		} else if (blank(line, len)) {
			arb_error_set(&err, ARB_EINPUT, "<stdin>", lineno, 0, NULL,
			              "blank line: expected a scenario (one JSON object a line)");
			rc = ARB_EINPUT;
		} else {
			rc = arbj_scenario_parse(&s, line, len, "<stdin>", lineno, &err);
		}
		if (rc == ARB_OK && s) {
			s->src_file = "<stdin>";
			s->src_line = lineno;
			/* without --trace no explanation is written: none is made */
			rc =
			    arb_judge_ex(&v, o, s, env->profile, trace ? 0 : ARB_JUDGE_TERSE, &err);
			if (rc != ARB_OK && rc != ARB_EINPUT)
				fault_at_line(&err, lineno);
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
		/* the certifier waits for each answer before the next scenario */
		if (certify)
			fflush(stdout);
		free(out);
		arb_verdict_free(v);
		arb_scenario_free(s);
		errno = 0;
	}
	if (status == EXIT_AGREE && got == CLI_LINE_NOMEM) {
		fprintf(stderr, "arbiter: out of memory\n");
		status = EXIT_BADINPUT;
	} else if (status == EXIT_AGREE && got == CLI_LINE_ERROR) {
		fprintf(stderr, "arbiter judge: cannot read standard input after line %ld: %s\n",
		        lineno, errno ? strerror(errno) : "read error");
		status = EXIT_BADINPUT;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "arbiter judge: cannot write standard output\n");
		status = EXIT_BADINPUT;
	}
	/* The same form as run's: load (the rulebook), then the lines (read,
	 * judged, written). */
	if (stats)
		fprintf(stderr, "stats: %ld lines, load %.6f s, judge %.6f s, peak %ld KiB\n",
		        lineno, t_load, cli_now() - t0, cli_peak_kib());
	cli_lines_free(&in);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	if (bad) {
		fprintf(stderr, "arbiter judge: %ld of %ld lines could not be judged\n", bad,
		        lineno);
		status = EXIT_BADINPUT;
	}
	return status;
}
