/*
 * cmd_certify.c: `arbiter certify`: runs a third-party implementation over
 * the case suite through the streaming protocol (docs/certify.md), scores
 * what it claims and writes a certificate bundle. This file is the
 * command: options, the run, the summary. The child is
 * cmd_certify_child.c, the readers cmd_certify_read.c, the scoring
 * cmd_certify_score.c, the bundle cmd_certify_bundle.c and _html.c.
 */
#include "certify.h"
#include "json_io.h"
#include "strbuf.h"

#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define USAGE                                                                                      \
	"usage: arbiter certify [--timeout S] [--cpu-limit S] [--mem-limit MIB] [--max-procs N]\n" \
	"                       [--expectations FILE] [--shrink N] [--per-case] [-o DIR] [-q]\n"   \
	"                       [PATH...]"                                                         \
	" -- COMMAND [ARG...]\n"                                                                   \
	"       arbiter certify [...] --abi LIB [PATH...]\n"                                       \
	"       arbiter certify --verify DIR\n"

/* The longest answer line kept in the results (the rest is cut). */
#define KEEP_ANSWER 4096

static bool number_arg(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return false;
	*out = v;
	return true;
}

/* Reads the whole file (at most max bytes). NULL with a message on failure. */
static char *slurp(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "arbiter: cannot read %s: %s\n", path, strerror(errno));
		return NULL;
	}
	strbuf b = {0};
	char buf[65536];
	size_t k;
	while ((k = fread(buf, 1, sizeof buf, f)) > 0 && b.n <= max)
		strbuf_put(&b, buf, k);
	bool bad = ferror(f);
	fclose(f);
	if (bad || b.n > max) {
		fprintf(stderr, "arbiter: %s: %s\n", path,
		        bad ? "read error" : "larger than the limit of an expectations file");
		strbuf_free(&b);
		return NULL;
	}
	*len = b.n;
	char *s = strbuf_take(&b);
	if (!s)
		fprintf(stderr, "arbiter: out of memory\n");
	return s;
}

/* Starts (or restarts) the child and reads its hello; on a restart the
 * hello must be the first one's. 0, or -1 with why. */
/* The hello line of the implementation called name, read and checked; on
 * a restart it must be the first one's. 0, or -1 with why. */
static int read_hello(const char *line, const char *name, const arb_rulebook *rb, cert_hello *hello,
                      const cert_hello *first, char *why, size_t n)
{
	arb_error err;
	arb_error_clear(&err);
	char file[300];
	snprintf(file, sizeof file, "%.200s's hello", name);
	if (cert_hello_parse(hello, line, strlen(line), rb, file, 1, &err) != ARB_OK) {
		arb_error_format(&err, why, n);
		return -1;
	}
	if (first && !cert_hello_same(first, hello)) {
		snprintf(why, n, "restarted, it said another hello than the first");
		return -1;
	}
	return 0;
}

static int start(cert_child **ch, char *const *cmd, const cert_limits *lim, const char *suite,
                 const arb_rulebook *rb, cert_hello *hello, const cert_hello *first, char *why,
                 size_t n)
{
	char *line = NULL;
	cert_child_free(*ch);
	*ch = NULL;
	char sub[700];
	int rc = cert_child_start(ch, cmd, lim, suite, &line, sub, sizeof sub);
	if (rc)
		snprintf(why, n, "%.200s: %.480s", cmd[0], sub);
	else
		rc = read_hello(line, cmd[0], rb, hello, first, why, n);
	if (rc && *ch && cert_child_stderr(*ch)[0]) {
		size_t k = strlen(why);
		snprintf(why + k, n - k, " (its stderr ends: %.300s)", cert_child_stderr(*ch));
	}
	free(line);
	return rc;
}

static void summary(const cert_result *res, size_t n, size_t out_of_scope, bool quiet)
{
	size_t count[CERT_N_STATUS] = {0};
	for (size_t i = 0; i < n; i++) {
		count[res[i].status]++;
		const cert_result *r = &res[i];
		if (r->status == CERT_FAIL || r->status == CERT_ERROR ||
		    r->status == CERT_UNEXPECTED_PASS)
			printf("%s %s (%s:%ld, %s): %s\n",
			       r->status == CERT_FAIL    ? "FAIL"
			       : r->status == CERT_ERROR ? "ERROR"
			                                 : "UNEXPECTED-PASS",
			       r->c->id, r->c->file, r->c->line, r->c->target,
			       r->why ? r->why : "");
	}
	if (!quiet) {
		/* a line per section, in the order the cases come */
		for (size_t i = 0; i < n; i++) {
			if (!res[i].first_in_section)
				continue;
			size_t pass = 0, scored = 0, ns = 0;
			for (size_t k = i; k < n; k++) {
				if (strcmp(res[k].section, res[i].section) != 0)
					continue;
				if (res[k].status == CERT_NOT_SCORED)
					ns++;
				else
					scored++;
				pass += res[k].status == CERT_PASS;
			}
			printf("%-28s %zu/%zu passed, %zu not scored\n", res[i].section, pass,
			       scored, ns);
		}
	}
	printf("certify: %zu passed, %zu failed, %zu errors, %zu waived, %zu unexpected passes, "
	       "%zu not scored, %zu out of scope\n",
	       count[CERT_PASS], count[CERT_FAIL], count[CERT_ERROR], count[CERT_WAIVED],
	       count[CERT_UNEXPECTED_PASS], count[CERT_NOT_SCORED], out_of_scope);
}

static char *join_command(char *const *cmd)
{
	strbuf b = {0};
	for (size_t i = 0; cmd[i]; i++) {
		strbuf_puts(&b, i ? " " : "");
		bool plain = cmd[i][0] != '\0' && !strpbrk(cmd[i], " \t\n'\"\\$`;&|<>*?()");
		if (plain) {
			strbuf_puts(&b, cmd[i]);
			continue;
		}
		strbuf_puts(&b, "'");
		for (const char *p = cmd[i]; *p; p++)
			strbuf_puts(&b, *p == '\'' ? "'\\''" : (char[2]){*p, 0});
		strbuf_puts(&b, "'");
	}
	return strbuf_take(&b);
}

/* What shrinking needs to ask the implementation, and to restart it. */
typedef struct asker {
	cert_child **ch;
	char **cmd;
	const cert_limits *lim;
	const char *suite;
	const arb_rulebook *rb;
	const arb_oracle *o;
	const cert_hello *hello;
	cert_abi *abi; /* the C ABI: in process, no restart */
	bool per_case; /* a process per scenario, no restart */
	bool dead;     /* could not be restarted: dead_why says why */
	char dead_why[1024];
} asker;

/* Asks the implementation one scenario: sc, or its line text (NULL only
 * when the C ABI takes the structures): its running process, or in the
 * process-per-case mode a new one. -1 with why (the tail of its stderr
 * added) when it failed to answer with one line. */
static int ask(asker *a, const arb_scenario *sc, const char *text, char **answer, char *why,
               size_t n)
{
	if (a->abi) {
		int rc = cert_abi_ask(a->abi, sc, text, text ? strlen(text) : 0, answer, why, n);
		if (rc && cert_abi_hung(a->abi) && !a->dead) {
			/* the library is still in that call: the rest are not run */
			a->dead = true;
			snprintf(a->dead_why, sizeof a->dead_why,
			         "not run: the library did not return from an earlier call");
		}
		return rc;
	}
	cert_child *one = NULL, *ch = a->per_case ? NULL : *a->ch;
	int rc = a->per_case ? cert_child_spawn(&one, a->cmd, a->lim, why, n) : 0;
	if (a->per_case)
		ch = one;
	if (!rc)
		rc = cert_child_ask(ch, text, strlen(text), answer, why, n);
	if (rc && cert_child_stderr(ch)[0]) {
		size_t k = strlen(why);
		snprintf(why + k, n - k, " (its stderr ends: %.300s)", cert_child_stderr(ch));
	}
	cert_child_free(one);
	return rc;
}

/* After a fault, a new process that must say the first hello again. */
static void restart(asker *a)
{
	if (a->per_case || a->abi)
		return;
	cert_hello again = {0};
	char why[900];
	if (start(a->ch, a->cmd, a->lim, a->suite, a->rb, &again, a->hello, why, sizeof why)) {
		a->dead = true;
		snprintf(a->dead_why, sizeof a->dead_why,
		         "not run: the implementation could not be restarted: %s", why);
	}
	cert_hello_free(&again);
}

/* How many smaller scenarios one disagreement may try. */
#define SHRINK_BUDGET 300

/* Whether the implementation still disagrees with the reference on the
 * scenario line text; when it does, its answer into *answer and the
 * scenario as arbiter writes it into *canon (both malloc'ed). */
static bool still_disagrees(asker *a, const char *text, const char *profile, char **answer,
                            char **canon)
{
	arb_scenario *sc = NULL;
	arb_verdict *ref = NULL;
	arb_error err;
	arb_error_clear(&err);
	bool yes = false;
	*answer = NULL;
	/* a candidate the reader or the reference refuses is no scenario */
	if (arbj_scenario_parse(&sc, text, strlen(text), "<shrink>", 1, &err) != ARB_OK ||
	    arb_judge_ex(&ref, a->o, sc, profile, ARB_JUDGE_TERSE, &err) != ARB_OK)
		goto done;
	char why[1024];
	if (ask(a, sc, text, answer, why, sizeof why)) {
		restart(a);
		goto done;
	}
	yes = cert_disagrees_ref(*answer, ref) && (*canon = arbj_scenario_dump(sc)) != NULL;
done:
	if (!yes) {
		free(*answer);
		*answer = NULL;
	}
	arb_verdict_free(ref);
	arb_scenario_free(sc);
	return yes;
}

/* Shrinks r's scenario while the implementation disagrees with the
 * reference on it (docs/certify.md): each round takes the first smaller
 * candidate that still disagrees. Sets r->shrunk when it got smaller. */
static int shrink(asker *a, cert_result *r)
{
	char *line = arbj_scenario_dump(r->c->scenario), *answer = NULL, *canon = NULL;
	json_t *cur = line ? json_loads(line, 0, NULL) : NULL;
	free(line);
	if (!cur)
		return -1;

	size_t tries = 0;
	bool progress = true;
	while (progress && tries < SHRINK_BUDGET && !a->dead) {
		progress = false;
		json_t *cands = cert_shrink_candidates(cur);
		if (!cands) {
			json_decref(cur);
			return -1;
		}
		for (size_t i = 0; i < json_array_size(cands) && tries < SHRINK_BUDGET && !a->dead;
		     i++) {
			char *text =
			    json_dumps(json_array_get(cands, i), JSON_COMPACT | JSON_SORT_KEYS);
			tries++;
			if (text && still_disagrees(a, text, r->c->profile, &answer, &canon)) {
				/* carried on in arbiter's own writing: the shortest
				 * numbers that read back exactly */
				json_t *next = json_loads(canon, 0, NULL);
				free(text);
				if (!next) {
					free(canon);
					free(answer);
					json_decref(cands);
					json_decref(cur);
					return -1;
				}
				json_decref(cur);
				cur = next;
				free(r->shrunk);
				r->shrunk = canon;
				free(r->shrunk_answer);
				if (strlen(answer) > KEEP_ANSWER)
					answer[KEEP_ANSWER] = '\0';
				cert_utf8_clean(answer);
				r->shrunk_answer = answer;
				r->shrink_steps++;
				progress = true;
				break;
			}
			free(text);
		}
		json_decref(cands);
	}
	json_decref(cur);
	return 0;
}

int cmd_certify(cli_env *env, int argc, char **argv)
{
	cert_limits lim = {
	    .timeout = 10, .cpu = 600, .mem_mb = 4096, .nproc = 0, .max_line = (size_t)1 << 20};
	const char *out_dir = NULL, *expect_path = NULL, *verify = NULL, *abi_path = NULL;
	cert_abi *abi = NULL;
	bool quiet = false, per_case = false;
	double max_shrink = 10;
	char **paths = calloc((size_t)argc + 1, sizeof *paths), **cmd = NULL;
	int np = 0, status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	cert_hello hello = {0};
	cert_waivers waivers = {0};
	cert_child *ch = NULL;
	cert_result *res = NULL;
	size_t nres = 0, out_of_scope = 0;
	char *expect_text = NULL, *command = NULL, dir_buf[200];
	if (!paths)
		goto oom;
	for (int i = 0; i < argc; i++) {
		double v;
		const char *a = argv[i];
		bool has = i + 1 < argc;
		if (strcmp(a, "--") == 0) {
			cmd = argv + i + 1;
			break;
		} else if (strcmp(a, "--timeout") == 0 && has &&
		           number_arg(argv[i + 1], 0.01, 86400, &v))
			lim.timeout = v, i++;
		else if (strcmp(a, "--cpu-limit") == 0 && has &&
		         number_arg(argv[i + 1], 0, 1e7, &v))
			lim.cpu = (unsigned long)v, i++;
		else if (strcmp(a, "--mem-limit") == 0 && has &&
		         number_arg(argv[i + 1], 0, 1 << 24, &v))
			lim.mem_mb = (unsigned long)v, i++;
		else if (strcmp(a, "--max-procs") == 0 && has &&
		         number_arg(argv[i + 1], 0, 1e6, &v))
			lim.nproc = (unsigned long)v, i++;
		else if (strcmp(a, "--shrink") == 0 && has && number_arg(argv[i + 1], 0, 1e6, &v))
			max_shrink = v, i++;
		else if (strcmp(a, "--expectations") == 0 && has)
			expect_path = argv[++i];
		else if (strcmp(a, "-o") == 0 && has)
			out_dir = argv[++i];
		else if (strcmp(a, "--verify") == 0 && has)
			verify = argv[++i];
		else if (strcmp(a, "--abi") == 0 && has)
			abi_path = argv[++i];
		else if (strcmp(a, "--per-case") == 0)
			per_case = true;
		else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)
			quiet = true;
		else if (a[0] == '-') {
			fprintf(stderr, "arbiter certify: bad option or value '%s'\n" USAGE, a);
			goto done;
		} else
			paths[np++] = argv[i];
	}
	if (verify) {
		if (cmd || np || out_dir || expect_path) {
			fprintf(stderr,
			        "arbiter certify: --verify takes a bundle and nothing else\n");
			goto done;
		}
		status = cert_bundle_verify(verify);
		goto done;
	}
	if ((!cmd || !cmd[0]) == !abi_path || (abi_path && per_case)) {
		fprintf(stderr, "arbiter certify: give one implementation: -- COMMAND [ARG...] or "
		                "--abi LIB (not with --per-case)\n" USAGE);
		goto done;
	}
	if (abi_path) {
		strbuf b = {0};
		strbuf_putf(&b, "--abi %s", abi_path);
		if (!(command = strbuf_take(&b)))
			goto oom;
	} else if (!(command = join_command(cmd)))
		goto oom;
	if (cli_load(env, &rb, &o) || cli_load_cases(env, rb, paths, np, &cs))
		goto done;
	if (expect_path) {
		size_t len = 0;
		arb_error err;
		arb_error_clear(&err);
		if (!(expect_text = slurp(expect_path, (size_t)1 << 20, &len)))
			goto done;
		if (cert_waivers_parse(&waivers, expect_text, len, expect_path, &err)) {
			cli_error(&err);
			goto done;
		}
	}
	/* a closed pipe to the child is an answer to read, not a death */
	signal(SIGPIPE, SIG_IGN);
	char suite[128], why[1024];
	snprintf(suite, sizeof suite, "arbiter %s", env->version ? env->version : "unknown");
	if (abi_path) {
		char *line = NULL;
		int rc = cert_abi_open(&abi, abi_path, suite, lim.timeout, &line, why, sizeof why);
		if (!rc)
			rc = read_hello(line, abi_path, rb, &hello, NULL, why, sizeof why);
		free(line);
		if (rc) {
			fprintf(stderr, "arbiter: %s\n", why);
			goto done;
		}
	} else if (start(&ch, cmd, &lim, suite, rb, &hello, NULL, why, sizeof why)) {
		fprintf(stderr, "arbiter: %s\n", why);
		goto done;
	}
	if (!out_dir) {
		/* the default's parents are made; a directory given is the user's */
		snprintf(dir_buf, sizeof dir_buf, "reports/certify/%s", hello.name);
		out_dir = dir_buf;
		if ((mkdir("reports", 0777) && errno != EEXIST) ||
		    (mkdir("reports/certify", 0777) && errno != EEXIST)) {
			fprintf(stderr, "arbiter: cannot make reports/certify: %s\n",
			        strerror(errno));
			goto done;
		}
	}
	if (cli_output_check(out_dir, true))
		goto done;
	/* the scope, before anything is asked */
	size_t ncases = arb_caseset_count(cs);
	if (!(res = calloc(ncases ? ncases : 1, sizeof *res)))
		goto oom;
	for (size_t i = 0; i < ncases; i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		cert_result *r = &res[nres];
		cli_case_section(c, r->section, sizeof r->section);
		if (!cert_in_claim(&hello, c, r->section)) {
			out_of_scope++;
			continue;
		}
		r->c = c;
		r->waiver = -1;
		if (cert_not_scored(&hello, c, why, sizeof why)) {
			r->status = CERT_NOT_SCORED;
			if (!(r->why = strdup(why)))
				goto oom;
		}
		nres++;
	}
	/* the first result of each section, compared with the firsts only
	 * (there are few sections) */
	{
		size_t *firsts = malloc((nres ? nres : 1) * sizeof *firsts), nf = 0;
		if (!firsts)
			goto oom;
		for (size_t i = 0; i < nres; i++) {
			res[i].first_in_section = true;
			for (size_t k = 0; k < nf && res[i].first_in_section; k++)
				if (strcmp(res[firsts[k]].section, res[i].section) == 0)
					res[i].first_in_section = false;
			if (res[i].first_in_section)
				firsts[nf++] = i;
		}
		free(firsts);
	}
	if (nres == 0) {
		fprintf(stderr, "arbiter certify: the claim of %s takes in none of the %zu cases\n",
		        hello.name, ncases);
		goto done;
	}
	/* a waiver that names no scored case in scope has rotted: an error */
	bool rotten = false;
	for (size_t k = 0; k < waivers.n; k++) {
		cert_waiver *x = &waivers.v[k];
		for (size_t i = 0; i < nres; i++)
			if (res[i].status != CERT_NOT_SCORED && cert_waiver_matches(x, res[i].c))
				x->matched++;
		if (!x->matched) {
			fprintf(stderr,
			        "arbiter: %s:%ld:1: field 'pattern': %s %s matches no scored case "
			        "in the claim of %s\n",
			        expect_path, x->line,
			        x->kind == CERT_WAIVE_CASE ? "case" : "clause", x->pattern,
			        hello.name);
			rotten = true;
		}
	}
	if (rotten)
		goto done;
	asker ak = {.ch = &ch,
	            .cmd = cmd,
	            .lim = &lim,
	            .suite = suite,
	            .rb = rb,
	            .o = o,
	            .hello = &hello,
	            .abi = abi,
	            .per_case = per_case};
	if (per_case) { /* the hello came from a process of its own */
		cert_child_free(ch);
		ch = NULL;
	}
	for (size_t i = 0; i < nres; i++) {
		cert_result *r = &res[i];
		if (r->status == CERT_NOT_SCORED)
			continue;
		if (ak.dead) {
			r->status = CERT_ERROR;
			if (!(r->why = strdup(ak.dead_why)))
				goto oom;
			cert_utf8_clean(r->why);
			continue;
		}
		/* the reference only tells derived values from informative ones:
		 * judged when the case expects values */
		arb_verdict *ref = NULL;
		arb_error err;
		arb_error_clear(&err);
		if (r->c->n_values &&
		    arb_judge_ex(&ref, o, r->c->scenario, r->c->profile, ARB_JUDGE_TERSE, &err)) {
			/* the reference cannot judge it: an error of this run */
			fprintf(stderr,
			        "arbiter certify: the reference cannot judge %s (%s:%ld):\n",
			        r->c->id, r->c->file, r->c->line);
			cli_error(&err);
			goto done;
		}
		/* no line to write when the library takes the structures */
		char *line =
		         cert_abi_takes_scenarios(abi) ? NULL : arbj_scenario_dump(r->c->scenario),
		     *answer = NULL;
		if (!line && !cert_abi_takes_scenarios(abi)) {
			arb_verdict_free(ref);
			goto oom;
		}
		int asked = ask(&ak, r->c->scenario, line, &answer, why, sizeof why);
		free(line);
		bool desync = false;
		if (asked) {
			r->status = CERT_ERROR;
			r->why = strdup(why);
		} else if (cert_score(r, answer, ref, &desync)) {
			free(answer);
			arb_verdict_free(ref);
			goto oom;
		}
		arb_verdict_free(ref);
		if (desync && r->why && strncmp(r->why, "answered id", 11) == 0) {
			/* the id of a case asked before: a repeated answer */
			const arb_case *prev = NULL;
			json_error_t je;
			json_t *v = json_loads(answer, 0, &je);
			const char *id = v ? json_string_value(json_object_get(v, "id")) : NULL;
			for (size_t k = 0; id && k < i && !prev; k++)
				if (res[k].c && strcmp(res[k].c->id, id) == 0)
					prev = res[k].c;
			json_decref(v);
			if (prev) {
				char *w = NULL;
				strbuf b = {0};
				strbuf_putf(&b, "%s (repeated: the id of an earlier case)", r->why);
				if (!(w = strbuf_take(&b))) {
					free(answer);
					goto oom;
				}
				free(r->why);
				r->why = w;
			}
		}
		if (answer) {
			size_t al = strlen(answer);
			if (al > KEEP_ANSWER)
				answer[KEEP_ANSWER] = '\0';
			cert_utf8_clean(answer);
			r->answer = answer;
		}
		if (r->why)
			cert_utf8_clean(r->why);
		if ((asked == 0 && !r->why && r->status != CERT_PASS) || (asked && !r->why))
			goto oom;
		if (asked || desync)
			restart(&ak);
	}
	/* the first disagreements, shrunk while the implementation still
	 * disagrees with the reference */
	for (size_t i = 0, k = 0; i < nres && k < (size_t)max_shrink && !ak.dead; i++)
		if (res[i].status == CERT_FAIL) {
			k++;
			if (shrink(&ak, &res[i]))
				goto oom;
		}
	cert_child_free(ch);
	ch = NULL;
	cert_apply_waivers(res, nres, &waivers);
	summary(res, nres, out_of_scope, quiet);
	char fp[17] = "";
	{
		strbuf sb = {0};
		for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
			const arb_clause *cl = arb_rulebook_clause_at(rb, i);
			strbuf_putf(&sb, "%s %s\n", cl->id, cl->fingerprint);
		}
		if (sb.oom)
			goto oom;
		arb_fingerprint(sb.s ? sb.s : "", fp);
		strbuf_free(&sb);
	}
	cert_run run = {.hello = &hello,
	                .command = command,
	                .waivers = &waivers,
	                .expectations_file = expect_path,
	                .expectations_text = expect_text,
	                .spec_fingerprint = fp,
	                .suite_version = env->version ? env->version : "unknown",
	                .results = res,
	                .n = nres,
	                .out_of_scope = out_of_scope,
	                .rb = rb,
	                .o = o};
	if (cert_bundle_write(out_dir, &run))
		goto done;
	printf("certify: bundle %s\n", out_dir);
	status = EXIT_AGREE;
	for (size_t i = 0; i < nres; i++)
		if (res[i].status == CERT_FAIL || res[i].status == CERT_ERROR ||
		    res[i].status == CERT_UNEXPECTED_PASS)
			status = EXIT_DISAGREE;
	goto done;
oom:
	fprintf(stderr, "arbiter: out of memory\n");
	status = EXIT_BADINPUT;
done:
	cert_child_free(ch);
	/* a hung library may still read the scenarios it was given */
	bool hung = cert_abi_hung(abi);
	cert_abi_close(abi);
	for (size_t i = 0; res && i < nres; i++) {
		free(res[i].why);
		free(res[i].answer);
		free(res[i].shrunk);
		free(res[i].shrunk_answer);
	}
	free(res);
	cert_hello_free(&hello);
	cert_waivers_free(&waivers);
	free(expect_text);
	free(command);
	free(paths);
	if (!hung)
		arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
