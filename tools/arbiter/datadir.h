/* datadir.h: where the program finds the rulebooks and case tables when
 * --spec and --cases do not say. */
#ifndef ARB_CLI_DATADIR_H
#define ARB_CLI_DATADIR_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* The places a data directory is looked for, in order. */
enum { CLI_DATA_PLACES = 3 };

typedef struct cli_datadir {
	/* The candidates, in order: "." (a checkout: ./spec), the executable's
	 * ../share/arbiter, the ARB_DATADIR `make install` built it for; ""
	 * where one is unknown (no /proc/self/exe; build/arbiter has no
	 * ARB_DATADIR). */
	char place[CLI_DATA_PLACES][PATH_MAX];
	int found;            /* index of the first holding a spec/ directory, -1: none */
	char spec[PATH_MAX];  /* found: its spec/ ("spec" for the checkout, as before) */
	char cases[PATH_MAX]; /* found: its cases/; otherwise "cases" */
} cli_datadir;

/* Fills out with the candidates and the first that holds spec/. Returns
 * true when one does. Reads the file system only (no environment). */
bool cli_datadir_find(cli_datadir *out);

/* Writes "P/spec, P/spec, ..." of every known candidate into buf, for the
 * message that says where the rulebooks were looked for. */
void cli_datadir_looked(const cli_datadir *d, char *buf, size_t n);

/* The install prefix of an executable's canonical path: "/usr" from
 * "/usr/bin/arbiter" (its directory's parent). Returns false when the path
 * has fewer than two components or does not fit. */
bool cli_datadir_prefix(const char *exe, char *out, size_t n);

#endif
