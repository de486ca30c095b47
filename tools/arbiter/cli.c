/* cli.c: loading and writing helpers shared by the subcommands. */
#include "cli.h"
#include "svg.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void cli_error(const arb_error *err)
{
	char buf[1024];
	fprintf(stderr, "arbiter: %s\n", arb_error_format(err, buf, sizeof buf));
}

int cli_load(const cli_env *env, arb_rulebook **rb, arb_oracle **o)
{
	arb_error err;
	arb_error_clear(&err);
	*rb = NULL;
	*o = NULL;
	if (arb_rulebook_load(rb, env->spec_dir, &err) || arb_oracle_new(o, *rb, &err)) {
		cli_error(&err);
		arb_rulebook_free(*rb);
		*rb = NULL;
		return -1;
	}
	return 0;
}

typedef struct strvec {
	char **v;
	size_t n, cap;
} strvec;

static int sv_push(strvec *sv, const char *s)
{
	if (sv->n == sv->cap) {
		size_t cap = sv->cap ? sv->cap * 2 : 32;
		char **v = realloc(sv->v, cap * sizeof *v);
		if (!v)
			return -1;
		sv->v = v;
		sv->cap = cap;
	}
	if (!(sv->v[sv->n] = strdup(s)))
		return -1;
	sv->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collects *.csv files under path into sv; returns -1 with errno on failure. */
static int collect(const char *path, strvec *sv, bool top)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		size_t n = strlen(path);
		if (top || (n > 4 && strcmp(path + n - 4, ".csv") == 0))
			return sv_push(sv, path);
		return 0;
	}
	DIR *d = opendir(path);
	if (!d)
		return -1;
	strvec names = {0};
	struct dirent *de;
	int rc = 0;
	while (!rc && (de = readdir(d)))
		if (de->d_name[0] != '.')
			rc = sv_push(&names, de->d_name);
	closedir(d);
	if (names.n)
		qsort(names.v, names.n, sizeof *names.v, cmp_str);
	for (size_t i = 0; i < names.n && !rc; i++) {
		size_t len = strlen(path) + strlen(names.v[i]) + 2;
		char *full = malloc(len);
		if (!full) {
			rc = -1;
			break;
		}
		/* "cases/x/" and "cases/x" name the same files */
		size_t pl = strlen(path);
		while (pl > 1 && path[pl - 1] == '/')
			pl--;
		snprintf(full, len, "%.*s/%s", (int)pl, path, names.v[i]);
		rc = collect(full, sv, false);
		free(full);
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	free(names.v);
	return rc;
}

int cli_load_cases(const cli_env *env, const arb_rulebook *rb, char **paths, int n,
                   arb_caseset **out)
{
	strvec files = {0};
	arb_error err;
	arb_error_clear(&err);
	const char *def = env->cases_dir;
	char **ps = n ? paths : (char **)&def;
	int np = n ? n : 1, rc = 0;
	*out = NULL;
	for (int i = 0; i < np && !rc; i++)
		if (collect(ps[i], &files, true) != 0) {
			fprintf(stderr, "arbiter: %s: %s\n", ps[i], strerror(errno));
			rc = -1;
		}
	if (!rc && arb_caseset_new(out) != ARB_OK) {
		fprintf(stderr, "arbiter: out of memory\n");
		rc = -1;
	}
	for (size_t i = 0; i < files.n && !rc; i++)
		if (arb_caseset_load_file(*out, files.v[i], rb, &err) != ARB_OK) {
			cli_error(&err);
			rc = -1;
		}
	/* Judging nothing is not a pass: a mistyped path must not look green. */
	if (!rc && arb_caseset_count(*out) == 0) {
		fprintf(stderr, "arbiter: no cases in %s%s (%zu case table%s found)\n", ps[0],
		        np > 1 ? " and the other paths" : "", files.n, files.n == 1 ? "" : "s");
		rc = -1;
	}
	for (size_t i = 0; i < files.n; i++)
		free(files.v[i]);
	free(files.v);
	if (rc) {
		arb_caseset_free(*out);
		*out = NULL;
	}
	return rc;
}

int cli_load_cases_lenient(const cli_env *env, const arb_rulebook *rb, arb_caseset *cs,
                           arb_finding **findings, size_t *n)
{
	strvec files = {0};
	int rc = 0;
	*findings = NULL;
	*n = 0;
	if (collect(env->cases_dir, &files, true) != 0) {
		fprintf(stderr, "arbiter: %s: %s\n", env->cases_dir, strerror(errno));
		rc = -1;
	}
	for (size_t i = 0; i < files.n && !rc; i++) {
		arb_error err;
		arb_error_clear(&err);
		int e = arb_caseset_load_file(cs, files.v[i], rb, &err);
		if (e == ARB_ENOMEM) {
			rc = -1;
		} else if (e) {
			arb_finding *nf = realloc(*findings, (*n + 1) * sizeof *nf);
			if (!nf) {
				rc = -1;
				break;
			}
			*findings = nf;
			arb_finding *f = &nf[(*n)++];
			memset(f, 0, sizeof *f);
			f->kind = ARB_LINT_TRACE;
			f->severity = ARB_SEV_ERROR;
			f->code = "case-table";
			/* The caller frees the file name with the findings. */
			f->file = strdup(err.file[0] ? err.file : files.v[i]);
			f->line = err.line;
			if (!f->file)
				rc = -1;
			char buf[sizeof f->message];
			snprintf(f->message, sizeof f->message, "%s (the whole table is left out)",
			         arb_error_format(&err, buf, sizeof buf));
		}
	}
	for (size_t i = 0; i < files.n; i++)
		free(files.v[i]);
	free(files.v);
	return rc;
}

void cli_case_section(const arb_case *c, char *buf, size_t n)
{
	/* the two directories above the file */
	const char *f = c->file, *s[3] = {NULL, NULL, NULL};
	for (const char *p = f; *p; p++)
		if (*p == '/') {
			s[0] = s[1];
			s[1] = s[2];
			s[2] = p;
		}
	if (s[1]) {
		const char *start = s[0] ? s[0] + 1 : f;
		snprintf(buf, n, "%.*s", (int)(s[2] - start), start);
	} else {
		snprintf(buf, n, "%s/?", c->scenario->ruleset);
	}
}

double cli_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

long cli_peak_kib(void)
{
	struct rusage ru;
	return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

char *cli_case_drawing(const arb_scenario *s, const arb_verdict *v)
{
	/* The zone drawn round enemy models: the limit the enemy-distance rule measured. */
	/* Framed on the action, with an inset of the whole board (svg_frame.c). */
	arbsvg_options opt = {.zone_in = 0, .px_per_in = 0, .frame = true};
	for (size_t i = 0; i < v->n_trace; i++)
		if ((v->trace[i].pred->flags & ARB_PRED_ENEMY_ZONE) &&
		    v->trace[i].result.has_measure) {
			opt.zone_in = v->trace[i].result.measure.limit;
			/* the clause keeps the unit from friends too ("friend or foe") */
			opt.zone_friends = opt.zone_friends ||
			                   (v->trace[i].pred->flags & ARB_PRED_FRIEND_ZONE) != 0;
		}
	opt.px_per_in = s->board_w > 0 ? 900.0 / s->board_w : 12;
	/* Draw the measurements that decided: every violated or undecided one,
	 * and per question the holding one nearest its limit. */
	arb_verdict shown = *v;
	shown.trace = calloc(v->n_trace + 1, sizeof *shown.trace);
	if (!shown.trace)
		return NULL;
	shown.n_trace = 0;
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (t->result.outcome == ARB_NA || t->not_selected)
			continue;
		if (!t->result.has_measure) {
			/* nothing to draw, but a clause that decides (violated, or in
			 * the dispute) is said in the drawing's caption */
			bool disputed = false;
			for (size_t k = 0; k < v->n_disputed && !disputed; k++)
				disputed =
				    v->disputed[k] && strcmp(v->disputed[k], t->pred->clause) == 0;
			if ((t->result.outcome == ARB_VIOLATED && !t->overridden_by) || disputed)
				shown.trace[shown.n_trace++] = *t;
			continue;
		}
		bool keep = t->result.outcome == ARB_VIOLATED || t->result.outcome == ARB_UNDECIDED;
		if (!keep) {
			/* a holding measure is drawn when no other of its question beats it */
			keep = true;
			for (size_t j = 0; j < v->n_trace && keep; j++) {
				const arb_trace *u = &v->trace[j];
				if (j != i && u->result.outcome != ARB_NA &&
				    u->result.has_measure && !u->not_selected &&
				    strcmp(u->pred->question, t->pred->question) == 0 &&
				    (u->result.outcome == ARB_VIOLATED ||
				     u->result.measure.margin < t->result.measure.margin ||
				     (u->result.measure.margin == t->result.measure.margin &&
				      j < i)))
					keep = false;
			}
		}
		if (keep)
			shown.trace[shown.n_trace++] = *t;
	}
	char *svg = arbsvg_render(s, &shown, &opt);
	free(shown.trace);
	return svg;
}
