/*
 * cmd_lint.c: `arbiter lint [--json] [--strict] [RULESET...]`: the
 * rulebook's own health for editors (oracle/lint.c does the checks), and
 * the traceability matrix as Markdown (--matrix FILE).
 */
#include "cli.h"
#include "lint_spell.h"
#include "questions.h"
#include "strbuf.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static void print_text(const arb_finding *f)
{
	if (f->file && f->line && f->column)
		printf("%s:%ld:%ld: ", f->file, f->line, f->column);
	else if (f->file && f->line)
		printf("%s:%ld: ", f->file, f->line);
	else if (f->file)
		printf("%s: ", f->file);
	printf("%s: %s: %s%s%s [%s]\n", arb_severity_name(f->severity), arb_lint_kind_name(f->kind),
	       f->clause ? f->clause : "", f->clause ? ": " : "", f->message, f->code);
}

static int print_json(const arb_finding *f)
{
	json_t *o = json_pack(
	    "{s:s,s:s,s:s,s:s?,s:s?,s:s?,s:I,s:s}", "kind", arb_lint_kind_name(f->kind), "severity",
	    arb_severity_name(f->severity), "code", f->code, "ruleset", f->ruleset, "clause",
	    f->clause, "file", f->file, "line", (json_int_t)f->line, "message", f->message);
	/* the column only where a finding is one word: older lines keep their shape */
	if (o && f->column > 0 && json_object_set_new(o, "column", json_integer(f->column))) {
		json_decref(o);
		o = NULL;
	}
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII) : NULL;
	json_decref(o);
	if (!s) {
		fprintf(stderr, "arbiter lint: cannot write a finding as JSON (%s:%ld)\n",
		        f->file ? f->file : "", f->line);
		return -1;
	}
	puts(s);
	free(s);
	return 0;
}

static void matrix_section(strbuf *t, const arb_lint *l, const char *ruleset)
{
	const arb_trace_row *rows;
	size_t n = arb_lint_matrix(l, &rows), clauses = 0, normative = 0, encoded = 0, both = 0,
	       stale = 0, cases = 0;
	for (size_t i = 0; i < n; i++) {
		const arb_trace_row *r = &rows[i];
		clauses++;
		bool norm = r->clause->kind <= ARB_KIND_PROCEDURE;
		normative += norm;
		encoded += r->predicates > 0;
		both += r->predicates > 0 && r->cases_pos > 0 &&
		        (r->cases_neg > 0 || r->clause->kind == ARB_KIND_PERMISSION ||
		         r->clause->kind == ARB_KIND_DERIVATION);
		stale += r->stale > 0;
		cases += r->cases_target;
	}
	strbuf_putf(t, "\n## %s\n\n", ruleset);
	strbuf_putf(t,
	            "| clauses | normative | with a predicate | seen both ways in cases | stale | "
	            "cases |\n|---|---|---|---|---|---|\n");
	strbuf_putf(t, "| %zu | %zu | %zu | %zu | %zu | %zu |\n\n", clauses, normative, encoded,
	            both, stale, cases);
	strbuf_putf(
	    t, "| clause | kind | predicates | cases targeting | cases holding | cases violated | "
	       "stale |\n|---|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < n; i++) {
		const arb_trace_row *r = &rows[i];
		strbuf_putf(t, "| %s | %s | %zu | %zu | %zu | %zu | %s |\n", r->clause->id,
		            arb_clause_kind_name(r->clause->kind), r->predicates, r->cases_target,
		            r->cases_pos, r->cases_neg, r->stale ? "stale" : "");
	}
}

int cmd_lint(cli_env *env, int argc, char **argv)
{
	bool json = false, spelling = true;
	const char *dict = SPELL_DICTIONARY;
	speller *sp = NULL;
	arb_finding *unused = NULL;
	size_t n_unused = 0;
	arb_severity threshold = ARB_SEV_ERROR;
	const char *matrix = NULL;
	char **rulesets = calloc((size_t)argc + 1, sizeof *rulesets);
	int nr = 0, status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_finding *extra = NULL;
	size_t n_extra = 0;
	question_list *qls = NULL; /* one per ruleset linted: findings point into them */
	size_t n_qls = 0;
	strbuf mt = {0};
	arb_error err;
	arb_error_clear(&err);
	if (!rulesets)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			json = true;
		else if (strcmp(argv[i], "--strict") == 0)
			threshold = ARB_SEV_WARNING;
		else if (strcmp(argv[i], "--severity") == 0 && i + 1 < argc) {
			if (arb_severity_parse(argv[++i], &threshold)) {
				fprintf(stderr,
				        "arbiter lint: severity is info, warning or error\n");
				goto done;
			}
		} else if (strcmp(argv[i], "--matrix") == 0 && i + 1 < argc)
			matrix = argv[++i];
		else if (strcmp(argv[i], "--dictionary") == 0 && i + 1 < argc)
			dict = argv[++i];
		else if (strcmp(argv[i], "--no-spelling") == 0)
			spelling = false;
		else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: arbiter lint [--json] [--strict] [--severity S] "
			                "[--matrix FILE] [--dictionary BASE] [--no-spelling] "
			                "[RULESET...]\n");
			goto done;
		} else
			rulesets[nr++] = argv[i];
	}
	if (arb_rulebook_load_ex(&rb, env->spec_dir, ARB_LOAD_LENIENT, &err)) {
		cli_error(&err);
		goto done;
	}
	for (int i = 0; i < nr; i++)
		if (!arb_rulebook_has_ruleset(rb, rulesets[i])) {
			fprintf(stderr, "arbiter: unknown ruleset '%s'\n", rulesets[i]);
			goto done;
		}
	/* The words of the text through hunspell and the word lists of spec/:
	 * a missing dictionary or a bad word list is an error, never a silent
	 * pass (--no-spelling says so on purpose). */
	if (spelling && speller_new(&sp, dict, env->spec_dir, &err)) {
		cli_error(&err);
		goto done;
	}
	/* Predicates that cannot be bound are findings, not a reason to stop. */
	arb_finding bind = {0};
	bool bind_failed = arb_oracle_new(&o, rb, &err) != ARB_OK;
	if (bind_failed) {
		/* What made the binding fail, where it is: lint has no check of its own
		 * for every cause (a profile naming a reading no predicate encodes). */
		o = NULL;
		bind = (arb_finding){.kind = ARB_LINT_STRUCTURE,
		                     .severity = ARB_SEV_ERROR,
		                     .code = "not-bound",
		                     .file = err.file[0] ? err.file : NULL,
		                     .line = err.line};
		snprintf(bind.message, sizeof bind.message,
		         "the predicates cannot be bound: %.340s", err.message);
	}
	/* Each case table on its own: one that will not load is a finding. */
	if (arb_caseset_new(&cs) != ARB_OK)
		goto done;
	if (cli_load_cases_lenient(env, rb, cs, &extra, &n_extra))
		goto done;
	size_t counts[3] = {0}, shown = 0;
	if (bind_failed) {
		json ? print_json(&bind) : (print_text(&bind), 0);
		counts[bind.severity]++;
		shown++;
	}
	for (size_t i = 0; i < n_extra; i++) {
		json ? print_json(&extra[i]) : (print_text(&extra[i]), 0);
		counts[extra[i].severity]++;
		shown++;
	}
	if (matrix)
		strbuf_putf(
		    &mt,
		    "# Traceability matrix\n\nClause, predicates and cases, both ways, per "
		    "ruleset. Written by `arbiter lint --matrix` (`make docs`); do not edit.\n"
		    "\"Cases holding\" counts the cases in which a predicate of the clause held, "
		    "permitted or computed a value; \"cases violated\", those in which one was "
		    "violated.\n");
	for (int k = 0; k < (nr ? nr : 1); k++) {
		/* Without names: every ruleset, each with its own matrix section. */
		size_t n_rs = 0;
		const char *all[32];
		if (nr)
			all[n_rs++] = rulesets[k];
		else
			for (size_t i = 0; i < arb_rulebook_clause_count(rb) && n_rs < 32; i++) {
				const char *rs = arb_rulebook_clause_at(rb, i)->ruleset;
				bool dup = strcmp(rs, "conventions") == 0;
				for (size_t j = 0; j < n_rs && !dup; j++)
					dup = strcmp(all[j], rs) == 0;
				if (!dup)
					all[n_rs++] = rs;
			}
		for (size_t r = 0; r < n_rs; r++) {
			arb_lint *l = NULL;
			if (arb_lint_run(&l, rb, o, cs, all[r], &err)) {
				cli_error(&err);
				goto done;
			}
			/* forbid/permit pairs of one question that nothing ranks */
			question_list *nq = realloc(qls, (n_qls + 1) * sizeof *nq);
			if (!nq) {
				arb_lint_free(l);
				goto done;
			}
			qls = nq;
			qls[n_qls] = (question_list){0};
			char qpath[4096];
			snprintf(qpath, sizeof qpath, "%s/%s/questions.txt", env->spec_dir, all[r]);
			if (questions_read_file(&qls[n_qls++], qpath, &err) ||
			    questions_lint(&qls[n_qls - 1], l, rb, o, all[r], &err)) {
				cli_error(&err);
				arb_lint_free(l);
				goto done;
			}
			arb_lint_sort(l);
			if (sp) {
				arb_finding *u = NULL;
				size_t nu = 0;
				int rc = speller_lint(sp, l, rb, all[r], &err);
				if (!rc && (rc = speller_unused(sp, all[r], &u, &nu)) == ARB_OK)
					for (size_t i = 0; i < nu && !rc; i++)
						rc = arb_lint_add(l, &u[i]);
				free(u);
				if (rc) {
					if (!err.message[0])
						arb_error_set(&err, rc, NULL, 0, 0, NULL,
						              "out of memory");
					cli_error(&err);
					arb_lint_free(l);
					goto done;
				}
				arb_lint_sort(l);
			}
			for (size_t i = 0; i < arb_lint_count(l); i++) {
				const arb_finding *f = arb_lint_at(l, i);
				if (json ? print_json(f) : (print_text(f), 0)) {
					arb_lint_free(l);
					goto done;
				}
				counts[f->severity]++;
				shown++;
			}
			if (matrix)
				matrix_section(&mt, l, all[r]);
			arb_lint_free(l);
		}
	}
	/* the shared word list, once every ruleset has been read */
	if (sp && !nr) {
		if (speller_unused(sp, NULL, &unused, &n_unused))
			goto done;
		for (size_t i = 0; i < n_unused; i++) {
			if (json ? print_json(&unused[i]) : (print_text(&unused[i]), 0))
				goto done;
			counts[unused[i].severity]++;
			shown++;
		}
	}
	if (!json)
		printf("lint: %zu findings: %zu errors, %zu warnings, %zu infos\n", shown,
		       counts[ARB_SEV_ERROR], counts[ARB_SEV_WARNING], counts[ARB_SEV_INFO]);
	if (matrix) {
		if (mt.oom || cli_write_atomic(matrix, mt.s ? mt.s : "", mt.n))
			goto done;
	}
	status = EXIT_AGREE;
	for (int s = threshold; s <= ARB_SEV_ERROR; s++)
		if (counts[s])
			status = EXIT_DISAGREE;
done:
	fflush(stdout);
	free(rulesets);
	free(unused);
	speller_free(sp);
	for (size_t i = 0; i < n_extra; i++)
		free((char *)extra[i].file);
	free(extra);
	for (size_t i = 0; i < n_qls; i++)
		questions_free(&qls[i]);
	free(qls);
	strbuf_free(&mt);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status;
}
