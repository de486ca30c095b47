/* cli.h: what the arbiter subcommands share. Tools use only arbiter.h. */
#ifndef ARB_CLI_H
#define ARB_CLI_H

#include "arbiter.h"

#include <stdbool.h>
#include <stdio.h>

/* The longest line `judge` and `check-verdicts` read (docs/limits.md). */
#define CLI_MAX_LINE ((size_t)64 << 20)

/* A stream read line by line, no line longer than max (lines.c). */
typedef struct cli_lines {
	FILE *f;
	size_t max;
	char *buf;
	size_t cap, start, end;
	long lineno; /* of the line last returned */
} cli_lines;

enum {
	CLI_LINE = 1,          /* *line (NUL-terminated, its newline removed), *len */
	CLI_LINE_END = 0,      /* the end of the stream */
	CLI_LINE_TOO_LONG = 2, /* line lineno is longer than max: read through, not kept */
	CLI_LINE_ERROR = -1,   /* a read error (errno) */
	CLI_LINE_NOMEM = -2
};

void cli_lines_init(cli_lines *r, FILE *f, size_t max);
/* The next line; *line stays valid until the next call. */
int cli_lines_next(cli_lines *r, char **line, size_t *len);
void cli_lines_free(cli_lines *r);

/* The whole file at path into *buf (malloc'ed, NUL-terminated; *len
 * without the NUL): 0, or an errno value: fopen's (ENOENT when there is
 * none), EIO for a read error, EFBIG past max bytes, ENOMEM. */
int cli_read_file(const char *path, size_t max, char **buf, size_t *len);
/* The same for a list an editor keeps beside spec/ (at most 16 MiB; what:
 * "file", "list", for the message): ARB_OK with *buf NULL when there is
 * none, ARB_ENOMEM or ARB_EIO with err set. */
int cli_read_list(const char *path, const char *what, char **buf, size_t *len, arb_error *err);

/* Exit statuses of every subcommand. */
enum { EXIT_AGREE = 0, EXIT_DISAGREE = 1, EXIT_BADINPUT = 2 };

typedef struct cli_env {
	const char *spec_dir;  /* --spec, else found by datadir.h's search */
	const char *cases_dir; /* --cases, else found next to the spec found */
	const char *profile;   /* --profile, NULL: each case's own */
	const char *version;   /* the program's version (the VERSION file) */
} cli_env;

typedef int (*cli_fn)(cli_env *env, int argc, char **argv);

/* An option a command takes, for its --help and for telling an option's
 * argument from the global --spec/--cases that may follow the command. */
typedef struct cli_option {
	const char *flag;  /* "--jobs" */
	const char *alias; /* NULL, or "-q" */
	const char *arg;   /* NULL: takes no argument; else its name, "N" */
	const char *help;
} cli_option;

enum { CLI_NO_DATA = 1u << 0 }; /* the command reads neither spec/ nor cases/ */

typedef struct cli_command {
	const char *name;
	cli_fn fn;
	const char *usage;
	const char *summary;
	const cli_option *options; /* ended by {NULL} */
	unsigned flags;            /* CLI_* */
} cli_command;

int cmd_run(cli_env *env, int argc, char **argv);
int cmd_explain(cli_env *env, int argc, char **argv);
int cmd_judge(cli_env *env, int argc, char **argv);
int cmd_export(cli_env *env, int argc, char **argv);
int cmd_clauses(cli_env *env, int argc, char **argv);
int cmd_lint(cli_env *env, int argc, char **argv);
int cmd_graph(cli_env *env, int argc, char **argv);
int cmd_check_verdicts(cli_env *env, int argc, char **argv);
int cmd_conflicts(cli_env *env, int argc, char **argv);
int cmd_diff(cli_env *env, int argc, char **argv);
int cmd_certify(cli_env *env, int argc, char **argv);
int cmd_ref(cli_env *env, int argc, char **argv);
int cmd_diverge(cli_env *env, int argc, char **argv);

/* Prints "arbiter: file:line:column: field 'x': message" to stderr. */
void cli_error(const arb_error *err);

/* Loads the rulebook and binds the oracle; prints the error and returns
 * non-zero on failure. The caller frees both. */
int cli_load(const cli_env *env, arb_rulebook **rb, arb_oracle **o);

/* Loads every *.csv under each path (files or directories, recursively,
 * sorted); no paths: env->cases_dir. Prints the error on failure. */
int cli_load_cases(const cli_env *env, const arb_rulebook *rb, char **paths, int n,
                   arb_caseset **out);

/* Loads every *.csv under env->cases_dir into cs, one file at a time: a
 * file that will not load becomes a finding in *findings (malloc'ed, the
 * caller frees the array and each finding's file) and the others still load. Returns non-zero only
 * when the directory cannot be read or memory runs out. */
int cli_load_cases_lenient(const cli_env *env, const arb_rulebook *rb, arb_caseset *cs,
                           arb_finding **findings, size_t *n);

/* Safe writes (outfile.c, docs/outputs.md). Whether path may be written:
 * absent, or a regular file (is_dir: a directory arbiter wrote, or an
 * empty one); else a message on stderr and -1. */
int cli_output_check(const char *path, bool is_dir);

/* Writes data to path through a file beside it renamed into place, so
 * that readers see the old file or the new one, never half of one; only
 * over a regular file. Prints the error and returns -1 on failure. */
int cli_write_atomic(const char *path, const char *data, size_t len);

/* A directory written beside its target and swapped in whole. begin makes
 * the empty directory d->tmp (marked as arbiter's) to write into; commit
 * puts it in place of d->target atomically and removes the old one; abort
 * removes it. Each prints its error and returns -1 on failure. */
typedef struct cli_outdir {
	char target[2100];
	char tmp[2200];
	bool open;
} cli_outdir;

int cli_dir_begin(cli_outdir *d, const char *dir);
int cli_dir_commit(cli_outdir *d);
void cli_dir_abort(cli_outdir *d);

/* status, or EXIT_BADINPUT with a message when standard output could not
 * be written (a full disk, a closed pipe): the last thing main does. */
int cli_finish_stdout(int status);

/* Seconds on a monotonic clock, and the process's peak resident memory in KiB. */
double cli_now(void);
long cli_peak_kib(void);

/* The SVG drawing of a judged scenario, as explain and the report show it:
 * the board, the bases and paths, the zone round enemy models, and the
 * measurements that decided (every violated or undecided one; per question
 * the holding one nearest its limit). Caller frees; NULL when out of memory. */
char *cli_case_drawing(const arb_scenario *s, const arb_verdict *v);

/* The characteristics generated units carry (search_stats.c): those the
 * units of cs carry, per ruleset, for arb_search_options.stats. */
typedef struct stat_acc stat_acc;
typedef struct cli_stats {
	stat_acc *v;
	size_t n;
	arb_search_stat *pub; /* n of them */
	double *values;
} cli_stats;
int cli_stats_from_cases(cli_stats *st, const arb_caseset *cs);
void cli_stats_free(cli_stats *st);

/* "ruleset/section" of a case, from its file path (cases/<r>/<s>/x.csv). */
void cli_case_section(const arb_case *c, char *buf, size_t n);

#endif
