/* certify.h: what the files of `arbiter certify` share (cmd_certify*.c;
 * docs/certify.md). Tools-only: it uses the public header and cli.h. */
#ifndef ARB_CERTIFY_H
#define ARB_CERTIFY_H

#include "cli.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The protocol's format string (docs/certify.md). */
#define CERT_FORMAT      "arbiter-certify/1"
#define CERT_CERTIFICATE "arbiter-certificate/1"

/* ---- the handshake (cmd_certify_read.c) ---- */

/* One claim: a ruleset, the sections of it (none given: all) and the
 * clause globs (none given: every clause). */
typedef struct cert_claim {
	char *ruleset;
	char **sections;
	size_t n_sections;
	char **clauses;
	size_t n_clauses;
} cert_claim;

/* The implementation's "hello" line. */
typedef struct cert_hello {
	char *name, *version;
	char *profile; /* NULL: none declared */
	cert_claim *claims;
	size_t n_claims;
} cert_hello;

/* Reads the hello line text[0..len) and checks it against the rulebook:
 * every ruleset, section and profile must be one rb declares, every name
 * a safe file name. Returns ARB_OK, or ARB_EINPUT / ARB_ENOMEM with err
 * set (file and line as given, the column of the offending value, the
 * field path). The caller frees *out with cert_hello_free (also after a
 * failure). */
int cert_hello_parse(cert_hello *out, const char *text, size_t len, const arb_rulebook *rb,
                     const char *file, long line, arb_error *err);
void cert_hello_free(cert_hello *h);
/* Whether the two hellos claim the same (a restarted implementation must). */
bool cert_hello_same(const cert_hello *a, const cert_hello *b);

/* ---- the expectations file ---- */

enum { CERT_WAIVE_CASE = 1, CERT_WAIVE_CLAUSE = 2 };

typedef struct cert_waiver {
	int kind;      /* CERT_WAIVE_* */
	char *pattern; /* a case ID or clause ID, or an fnmatch glob of one */
	char *reason;
	char *link; /* NULL when none */
	long line;
	size_t matched; /* cases in scope it matched */
} cert_waiver;

typedef struct cert_waivers {
	cert_waiver *v;
	size_t n;
} cert_waivers;

/* Reads an expectations file's text (docs/certify.md, "Expectations").
 * Returns ARB_OK, or ARB_EINPUT / ARB_ENOMEM with err naming file, line,
 * column and field. The caller frees with cert_waivers_free (also after a
 * failure). */
int cert_waivers_parse(cert_waivers *out, const char *text, size_t len, const char *file,
                       arb_error *err);
void cert_waivers_free(cert_waivers *w);

/* ---- results ---- */

typedef enum cert_status {
	CERT_PASS,            /* agrees with the case */
	CERT_FAIL,            /* a verdict that disagrees */
	CERT_ERROR,           /* no verdict: crash, hang, garbage, wrong id... */
	CERT_WAIVED,          /* failed or errored, and a waiver names it */
	CERT_UNEXPECTED_PASS, /* a waiver names it, and it passed */
	CERT_NOT_SCORED       /* in the claim, but no expectation applies */
} cert_status;

#define CERT_N_STATUS 6

/* Replaces in place every byte of s that is not part of valid UTF-8 with
 * '?': what an implementation writes is kept in JSON and HTML. */
void cert_utf8_clean(char *s);
const char *cert_status_name(cert_status s);

/* One case's result, kept whatever happened (nothing is lost). */
typedef struct cert_result {
	const arb_case *c; /* the case (owned by the case set) */
	char section[128];
	cert_status status;
	char *why;             /* one line; malloc'ed, may be NULL */
	char *answer;          /* the implementation's line (bounded), or NULL */
	long waiver;           /* index of the waiver that names it, or -1 */
	char *shrunk;          /* the minimal failing scenario line, or NULL */
	char *shrunk_answer;   /* the implementation's answer to it */
	size_t shrink_steps;   /* smaller scenarios it went through */
	bool first_in_section; /* no result before it has its section */
} cert_result;

/* ---- the child (cmd_certify_child.c) ---- */

typedef struct cert_limits {
	double timeout;       /* seconds a case (and the handshake) may take */
	unsigned long cpu;    /* RLIMIT_CPU seconds, 0: none */
	unsigned long mem_mb; /* RLIMIT_AS MiB, 0: none */
	unsigned long nproc;  /* RLIMIT_NPROC, 0: none */
	size_t max_line;      /* the longest answer line */
} cert_limits;

typedef struct cert_child cert_child;

/* Starts argv[0] with argv, pipes on its stdin, stdout and stderr, in a
 * process group of its own, with the limits set; sends the start line and
 * reads its hello into *hello_line (malloc'ed). Returns 0, or -1 with why
 * (size n) filled. *out is set either way, freed with cert_child_free. */
int cert_child_start(cert_child **out, char *const *argv, const cert_limits *lim, const char *suite,
                     char **hello_line, char *why, size_t n);

/* Starts argv as cert_child_start does, without the handshake: the
 * process-per-case mode asks it one scenario and ends it. */
int cert_child_spawn(cert_child **out, char *const *argv, const cert_limits *lim, char *why,
                     size_t n);

/* Sends one scenario line (no newline) and reads one answer line into
 * *answer (malloc'ed, NUL-terminated). Returns 0 with the line, or -1 with
 * why filled: the child timed out, crashed, exited, or wrote an over-long
 * line or more than one line (then it must be restarted). */
int cert_child_ask(cert_child *ch, const char *line, size_t len, char **answer, char *why,
                   size_t n);

/* Ends the child: closes its stdin, waits up to the timeout, then kills
 * its process group. NULL does nothing. */
void cert_child_free(cert_child *ch);

/* The tail of what the child wrote on stderr, as one line of at most 300
 * bytes; valid until the next call. */
const char *cert_child_stderr(cert_child *ch);

/* ---- the C ABI (cmd_certify_abi.c, arbiter_impl.h) ---- */

typedef struct cert_abi cert_abi;

/* Loads the library at path, checks its ABI version, opens a context and
 * takes its hello into *hello_line (malloc'ed). Every call into the library
 * may take at most timeout seconds: one that does not return leaves the
 * library hung (cert_abi_hung), never called again. 0, or -1 with why;
 * *out is set either way, freed with cert_abi_close. */
int cert_abi_open(cert_abi **out, const char *path, const char *suite, double timeout,
                  char **hello_line, char *why, size_t n);
/* One scenario in, one answer line out (malloc'ed); -1 with why. The
 * scenario goes as sc (arbiter_impl.h's structures) when the library takes
 * them (cert_abi_takes_scenarios), else as the line (line[0..len)). */
int cert_abi_ask(cert_abi *a, const arb_scenario *sc, const char *line, size_t len, char **answer,
                 char *why, size_t n);
/* Whether the library exports arbiter_impl_judge_scenario (version 2). */
bool cert_abi_takes_scenarios(const cert_abi *a);
/* Whether a call did not return within the timeout: the library's thread is
 * still in it, and what the library was given (the scenarios) must outlive
 * the run. */
bool cert_abi_hung(const cert_abi *a);
/* Closes the library and unloads it; a hung one is left as it is. */
void cert_abi_close(cert_abi *a);

/* ---- the bundle (cmd_certify_bundle.c) ---- */

/* SHA-256 of data as 64 lowercase hex digits into out[65]. */
void cert_sha256_hex(const void *data, size_t len, char out[65]);

/* What the bundle records of a run. */
typedef struct cert_run {
	const cert_hello *hello;
	const char *command; /* the command line, as one string */
	const cert_waivers *waivers;
	const char *expectations_file; /* NULL when none */
	const char *expectations_text; /* its text, NULL when none */
	const char *spec_fingerprint;
	const char *suite_version;
	cert_result *results;
	size_t n;
	size_t out_of_scope; /* cases of the suite outside the claim */
	const arb_rulebook *rb;
	const arb_oracle *o;
} cert_run;

/* Writes the bundle directory dir whole (cli_dir_begin/commit). 0, or -1
 * with a message on stderr. */
int cert_bundle_write(const char *dir, const cert_run *run);

/* `certify --verify DIR`: checks the bundle's hashes and scores; prints
 * what differs. Returns EXIT_AGREE, EXIT_DISAGREE (tampered) or
 * EXIT_BADINPUT (unreadable, malformed). */
int cert_bundle_verify(const char *dir);

/* Reads a certificate and its results text and checks them against each
 * other: the reader `--verify` uses, and the fuzz harness's entry. Returns
 * 0 when they agree, 1 when a hash or score differs (why says which), 2
 * when either is malformed (why says where). */
int cert_bundle_check(const char *cert, size_t cert_len, const char *results, size_t results_len,
                      char *why, size_t n);

/* The scores of a bundle (cmd_certify_check.c), counted from its results
 * alone so that --verify can count them again: {"totals": score,
 * "sections": {name: score}, "clauses": {id: score}}, a score counting
 * each status and "scored". */
json_t *cert__scores_new(void);
void cert__tally(json_t *scores, const char *section, const char *target, const char *status);
/* Whether totals certify: something scored, no failure, error or
 * unexpected pass. */
bool cert__certified(json_t *totals);

/* Writes dir/name (dir: the bundle being built, not yet in place) and
 * records its SHA-256 in files under name. 0, or -1 with a message. */
int cert_put_file(const char *dir, const char *name, const char *data, size_t len, json_t *files);

/* The HTML report of the bundle (cmd_certify_html.c): index.html and an
 * SVG per disagreement, into the open directory dir, each recorded in
 * files. 0, or -1 with a message. */
int cert_html_write(const char *dir, const cert_run *run, json_t *files);

/* ---- scoring (cmd_certify_score.c) ---- */

/* Whether the hello claims case c (its section, its clauses). */
bool cert_in_claim(const cert_hello *h, const arb_case *c, const char *section);

/* Whether case c goes unscored under the declared profile; why (size n)
 * says why. */
bool cert_not_scored(const cert_hello *h, const arb_case *c, char *why, size_t n);

/* Scores the answer line of the implementation against r->c: fills
 * r->status (PASS or FAIL, or ERROR for an error line, a line that breaks
 * arbiter-verdict/2 or another scenario's id) and r->why (malloc'ed). ref
 * is the reference verdict, used only to tell derived values from
 * informative ones. *desync is set when the answer names another id (the
 * stream is out of step: restart). Returns 0, or -1 when memory runs out. */
int cert_score(cert_result *r, const char *answer, const arb_verdict *ref, bool *desync);

/* Whether waiver x names case c (its ID, or its target clause). */
bool cert_waiver_matches(const cert_waiver *x, const arb_case *c);

/* Whether the verdict line answer disagrees with the reference verdict
 * ref (verdict, violated clauses, dispute and disputed clauses): the test
 * a smaller scenario passes while shrinking. An error line or a line that
 * is not a verdict does not count as a disagreement. */
bool cert_disagrees_ref(const char *answer, const arb_verdict *ref);

/* Smaller scenarios than s (a scenario as JSON), smallest change first
 * (cmd_certify_shrink.c): a JSON array the caller frees with json_decref,
 * or NULL when memory runs out. */
json_t *cert_shrink_candidates(json_t *s);

/* Applies the waivers to the results (WAIVED, UNEXPECTED_PASS). */
void cert_apply_waivers(cert_result *res, size_t n, cert_waivers *w);

#endif
