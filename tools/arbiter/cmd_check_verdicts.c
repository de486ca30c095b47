/*
 * cmd_check_verdicts.c: `arbiter check-verdicts [FILE...]`: checks that
 * every line of a verdict stream (the output of `arbiter judge`, or of an
 * implementation that answers the same scenarios) obeys the rules of
 * arbiter-verdict/2 (docs/interchange.md, arbj_verdict_check). Reads the
 * files in turn, or standard input when none is named ("-" is standard
 * input too). Each line that breaks a rule is reported as FILE:LINE: why;
 * exit status 0 when every line obeys, 2 when one does not or a file
 * cannot be read. Error lines are well-formed answers and are counted, not
 * refused.
 */
#include "cli.h"
#include "json_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct tally {
	long lines, verdicts, errors, broken;
} tally;

/* Checks every line of f (named name in messages). Returns 0, or -1 when
 * f cannot be read to its end or memory runs out. */
static int check_stream(FILE *f, const char *name, tally *t)
{
	char *line = NULL;
	size_t len = 0;
	long lineno = 0;
	int rc = 0, got;
	cli_lines in;
	cli_lines_init(&in, f, CLI_MAX_LINE);
	errno = 0;
	while ((got = cli_lines_next(&in, &line, &len)) > 0) {
		lineno = in.lineno;
		t->lines++;
		char why[512];
		bool is_error = false;
		int ck;
		if (got == CLI_LINE_TOO_LONG) {
			snprintf(why, sizeof why, "the line is longer than %zu bytes",
			         (size_t)CLI_MAX_LINE);
			ck = ARB_EINPUT;
		} else if (len != strlen(line)) {
			snprintf(why, sizeof why, "the line holds a NUL byte");
			ck = ARB_EINPUT;
		} else {
			ck = arbj_verdict_check(line, &is_error, why, sizeof why);
		}
		if (ck == ARB_ENOMEM) {
			fprintf(stderr, "arbiter: out of memory\n");
			rc = -1;
			break;
		}
		if (ck != ARB_OK) {
			fprintf(stderr, "%s:%ld: %s\n", name, lineno, why);
			t->broken++;
		} else if (is_error) {
			t->errors++;
		} else {
			t->verdicts++;
		}
		errno = 0;
	}
	if (rc == 0 && got == CLI_LINE_NOMEM) {
		fprintf(stderr, "arbiter: out of memory\n");
		rc = -1;
	} else if (rc == 0 && got == CLI_LINE_ERROR) {
		fprintf(stderr, "arbiter: cannot read %s after line %ld: %s\n", name, lineno,
		        errno ? strerror(errno) : "read error");
		rc = -1;
	}
	cli_lines_free(&in);
	return rc;
}

int cmd_check_verdicts(cli_env *env, int argc, char **argv)
{
	(void)env;
	tally t = {0};
	int status = EXIT_AGREE;
	for (int i = 0; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "usage: arbiter check-verdicts [FILE...]\n");
			return EXIT_BADINPUT;
		}
	for (int i = 0; i < (argc ? argc : 1); i++) {
		const char *name = argc ? argv[i] : "-";
		bool std = strcmp(name, "-") == 0;
		FILE *f = std ? stdin : fopen(name, "r");
		if (!f) {
			fprintf(stderr, "arbiter: cannot open %s: %s\n", name, strerror(errno));
			status = EXIT_BADINPUT;
			continue;
		}
		if (check_stream(f, std ? "<stdin>" : name, &t))
			status = EXIT_BADINPUT;
		if (!std)
			fclose(f);
	}
	printf("check-verdicts: %ld lines: %ld verdicts, %ld error lines, %ld break %s\n", t.lines,
	       t.verdicts, t.errors, t.broken, ARBJ_VERDICT_FORMAT);
	return t.broken ? EXIT_BADINPUT : status;
}
