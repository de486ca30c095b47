/*
 * cmd_diff.c: `arbiter diff OLD NEW`: what a rulebook edit changes. OLD
 * and NEW are spec/ directories, or revisions of the git repository the
 * program runs in (their spec/ is read with `git archive` into a temporary
 * directory). It reports clauses added, removed and reworded (a word
 * diff), kinds and parameters changed, predicates gone stale, and the
 * verdict transitions of the case suite judged under each, grouped by the
 * case's target clause, with a permissiveness summary per decision point
 * (docs/diff.md). Exit 1 when a verdict changed, 0 when none did, 2 on bad
 * input (nothing written).
 */
#define _GNU_SOURCE /* mkdtemp */
#include "cli.h"
#include "json_io.h"
#include "strbuf.h"

#include <errno.h>
#include <jansson.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* ---- a revision's spec/ ---- */

/* The exit status of argv, -1 if it did not exit, -2 if it could not be
 * run at all (not installed). */
static int run(char *const argv[])
{
	pid_t pid;
	if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ) != 0)
		return -2;
	int st;
	if (waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int rm_tree(const char *dir)
{
	char *argv[] = {"rm", "-rf", "--", (char *)dir, NULL};
	return run(argv);
}

/* Reads revision rev's spec_rel (a path inside the repository) into
 * tmp/spec; *out is that directory. */
static int revision_spec(const char *rev, const char *spec_rel, const char *tmp, char *out,
                         size_t n)
{
	char commit[512];
	if (strlen(rev) > 400 || rev[0] == '-') {
		fprintf(stderr, "arbiter diff: '%s' is neither a directory nor a revision\n", rev);
		return -1;
	}
	snprintf(commit, sizeof commit, "%s^{commit}", rev);
	char *verify[] = {"git", "rev-parse", "--verify", "--quiet", commit, NULL};
	int rc = run(verify);
	if (rc == -2) {
		fprintf(stderr,
		        "arbiter diff: '%s' is not a directory, and git, which reads revisions, "
		        "could not be run (tools/deps.sh installs it)\n",
		        rev);
		return -1;
	}
	if (rc != 0) {
		fprintf(stderr,
		        "arbiter diff: '%s' is neither a directory nor a revision of the "
		        "repository here\n",
		        rev);
		return -1;
	}
	char tar[4200], dir[4200];
	snprintf(tar, sizeof tar, "%s/spec.tar", tmp);
	snprintf(dir, sizeof dir, "%s/tree", tmp);
	mkdir(dir, 0700);
	char *archive[] = {"git",  "archive", "--format=tar",   "-o", tar,
	                   commit, "--",      (char *)spec_rel, NULL};
	char *untar[] = {"tar", "-x", "-f", tar, "-C", dir, NULL};
	if (run(archive) != 0 || run(untar) != 0) {
		fprintf(stderr, "arbiter diff: revision '%s' has no %s/ to read\n", rev, spec_rel);
		return -1;
	}
	snprintf(out, n, "%s/%s", dir, spec_rel);
	return 0;
}

/* ---- one side: its rulebook, oracle and cases ---- */

typedef struct side {
	const char *name; /* as given */
	char dir[4300];
	char tmp[4096];
	arb_rulebook *rb;
	arb_oracle *o;
	arb_caseset *cs;
	arb_finding *bad;
	size_t n_bad;
} side;

static void side_free(side *s)
{
	arb_caseset_free(s->cs);
	arb_oracle_free(s->o);
	arb_rulebook_free(s->rb);
	for (size_t i = 0; i < s->n_bad; i++)
		free((void *)s->bad[i].file);
	free(s->bad);
	if (s->tmp[0])
		rm_tree(s->tmp);
}

static int side_open(side *s, const cli_env *env, const char *arg)
{
	struct stat sb;
	s->name = arg;
	if (stat(arg, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		snprintf(s->dir, sizeof s->dir, "%s", arg);
	} else {
		/* where the user keeps temporary files ($TMPDIR), else /tmp */
		const char *td = getenv("TMPDIR");
		if (!td || !*td)
			td = "/tmp";
		int n = snprintf(s->tmp, sizeof s->tmp, "%s/arbiter-diff-XXXXXX", td);
		if (n < 0 || (size_t)n >= sizeof s->tmp) {
			s->tmp[0] = '\0';
			fprintf(stderr, "arbiter diff: TMPDIR is too long\n");
			return -1;
		}
		if (!mkdtemp(s->tmp)) {
			s->tmp[0] = '\0';
			fprintf(stderr, "arbiter diff: cannot make a temporary directory: %s\n",
			        strerror(errno));
			return -1;
		}
		/* the spec/ the program reads, as a path inside the repository */
		const char *rel = env->spec_dir;
		while (rel[0] == '.' && rel[1] == '/')
			rel += 2;
		if (rel[0] == '/') {
			fprintf(
			    stderr,
			    "arbiter diff: revisions are read from a relative --spec (here %s)\n",
			    env->spec_dir);
			return -1;
		}
		if (revision_spec(arg, rel, s->tmp, s->dir, sizeof s->dir))
			return -1;
	}
	arb_error err;
	arb_error_clear(&err);
	if (arb_rulebook_load(&s->rb, s->dir, &err) || arb_oracle_new(&s->o, s->rb, &err)) {
		cli_error(&err);
		fprintf(stderr, "arbiter diff: %s does not load\n", arg);
		return -1;
	}
	if (arb_caseset_new(&s->cs) ||
	    cli_load_cases_lenient(env, s->rb, s->cs, &s->bad, &s->n_bad)) {
		fprintf(stderr, "arbiter diff: the cases of %s do not load\n", env->cases_dir);
		return -1;
	}
	return 0;
}

/* ---- words ---- */

#define MAX_WORDS 2048

static size_t split_words(const char *text, const char **w, size_t *len)
{
	size_t n = 0;
	for (const char *p = text; *p && n < MAX_WORDS;) {
		p += strspn(p, " \t\n");
		if (!*p)
			break;
		size_t l = strcspn(p, " \t\n");
		w[n] = p;
		len[n++] = l;
		p += l;
	}
	return n;
}

/* A word, escaped for HTML when html. */
static void put_word(strbuf *b, const char *w, size_t n, bool html)
{
	if (!html) {
		strbuf_put(b, w, n);
		return;
	}
	char buf[512];
	snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), w);
	strbuf_put_xml(b, buf);
}

/* old -> new as words: [-removed-] {+added+} (git's --word-diff=plain), or
 * with html <del> and <ins>. */
static void word_diff(strbuf *b, const char *old, const char *new, bool html)
{
	static const char *wa[MAX_WORDS], *wb[MAX_WORDS];
	static size_t la[MAX_WORDS], lb[MAX_WORDS];
	size_t na = split_words(old, wa, la), nb = split_words(new, wb, lb);
	/* longest common subsequence, table from the end */
	unsigned short *t = calloc((na + 1) * (nb + 1), sizeof *t);
	if (!t) {
		b->oom = true;
		return;
	}
#define T(i, j) t[(i) * (nb + 1) + (j)]
	for (size_t i = na; i-- > 0;)
		for (size_t j = nb; j-- > 0;)
			T(i, j) = la[i] == lb[j] && memcmp(wa[i], wb[j], la[i]) == 0
			              ? (unsigned short)(T(i + 1, j + 1) + 1)
			              : (T(i + 1, j) > T(i, j + 1) ? T(i + 1, j) : T(i, j + 1));
	size_t i = 0, j = 0;
	bool first = true;
	while (i < na || j < nb) {
		if (!first)
			strbuf_puts(b, " ");
		first = false;
		if (i < na && j < nb && la[i] == lb[j] && memcmp(wa[i], wb[j], la[i]) == 0) {
			put_word(b, wa[i], la[i], html);
			i++;
			j++;
		} else if (i < na && (j == nb || T(i + 1, j) >= T(i, j + 1))) {
			strbuf_puts(b, html ? "<del>" : "[-");
			put_word(b, wa[i], la[i], html);
			strbuf_puts(b, html ? "</del>" : "-]");
			i++;
		} else {
			strbuf_puts(b, html ? "<ins>" : "{+");
			put_word(b, wb[j], lb[j], html);
			strbuf_puts(b, html ? "</ins>" : "+}");
			j++;
		}
	}
#undef T
	free(t);
}

/* ---- reporting ---- */

typedef struct diff_out {
	strbuf text;
	json_t *lines;   /* array of objects, one JSON Lines line each */
	bool html;       /* --html: the page too */
	strbuf page;     /* its body */
	const char *dir; /* where its drawings go (the directory being written) */
	size_t drawings; /* drawings written */
	int fault;       /* a drawing could not be made or written */
} diff_out;

/* The drawing of scenario sc judged by o, written as DIR/drawing-NNN.svg
 * and shown on the page (nothing without --html). */
static void draw(diff_out *d, const arb_oracle *o, const arb_scenario *sc)
{
	if (!d->html || d->fault)
		return;
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arb_judge(&v, o, sc, NULL, &err)) {
		cli_error(&err);
		d->fault = 1;
		return;
	}
	char *svg = cli_case_drawing(sc, v);
	arb_verdict_free(v);
	char path[4400];
	snprintf(path, sizeof path, "%s/drawing-%03zu.svg", d->dir, d->drawings + 1);
	if (!svg || cli_write_atomic(path, svg, strlen(svg))) {
		d->fault = 1;
		free(svg);
		return;
	}
	free(svg);
	d->drawings++;
	strbuf_putf(&d->page, "<img src=\"drawing-%03zu.svg\" width=\"360\" alt=\"", d->drawings);
	strbuf_put_xml(&d->page, sc->id ? sc->id : "scenario");
	strbuf_puts(&d->page, "\">");
}

static void emit(diff_out *o, json_t *obj)
{
	if (obj)
		json_array_append_new(o->lines, obj);
}

static bool in_rulesets(const arb_rulebook *rb, const char *rs)
{
	return rs && arb_rulebook_has_ruleset(rb, rs);
}

/* The other clauses of c's ruleset that state a parameter of the same
 * name with the old value still: the same limit stated twice, of which
 * the edit changed one (the editor may have meant both). */
static void same_number_elsewhere(strbuf *t, json_t *also, const arb_rulebook *rb,
                                  const arb_clause *c, const char *name, const char *old_raw)
{
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *x = arb_rulebook_clause_at(rb, i);
		const arb_param *xp = arb_clause_param(x, name);
		if (x == c || !xp || !x->ruleset || !c->ruleset ||
		    strcmp(x->ruleset, c->ruleset) != 0 || strcmp(xp->raw, old_raw) != 0)
			continue;
		strbuf_putf(t, "          %s (%s:%ld) still states %s as %s\n", x->id, x->file,
		            x->line, name, xp->raw);
		json_array_append_new(also, json_string(x->id));
	}
}

static void diff_clauses(diff_out *o, const side *a, const side *b, size_t *changes)
{
	strbuf *t = &o->text;
	for (size_t i = 0; i < arb_rulebook_clause_count(b->rb); i++) {
		const arb_clause *nc = arb_rulebook_clause_at(b->rb, i);
		const arb_clause *oc = arb_rulebook_clause(a->rb, nc->id);
		if (!oc) {
			strbuf_putf(t, "added     %s (%s, %s:%ld)\n  + %s\n", nc->id,
			            arb_clause_kind_name(nc->kind), nc->file, nc->line, nc->text);
			emit(o, json_pack("{s:s,s:s,s:s,s:s}", "change", "clause-added", "clause",
			                  nc->id, "kind", arb_clause_kind_name(nc->kind), "text",
			                  nc->text));
			++*changes;
			continue;
		}
		if (strcmp(oc->fingerprint, nc->fingerprint) != 0) {
			strbuf w = {0};
			word_diff(&w, oc->text, nc->text, false);
			if (o->html) {
				strbuf_puts(&o->page, "<li><b>reworded</b> ");
				strbuf_put_xml(&o->page, nc->id);
				strbuf_puts(&o->page, ": ");
				word_diff(&o->page, oc->text, nc->text, true);
				strbuf_puts(&o->page, "</li>\n");
			}
			char *wd = strbuf_take(&w);
			strbuf_putf(t, "reworded  %s (%s:%ld)\n  %s\n", nc->id, nc->file, nc->line,
			            wd ? wd : "(out of memory)");
			emit(o, json_pack("{s:s,s:s,s:s,s:s,s:s?}", "change", "clause-reworded",
			                  "clause", nc->id, "old", oc->text, "new", nc->text,
			                  "words", wd));
			free(wd);
			++*changes;
		}
		if (oc->kind != nc->kind) {
			strbuf_putf(t, "kind      %s: %s -> %s\n", nc->id,
			            arb_clause_kind_name(oc->kind), arb_clause_kind_name(nc->kind));
			emit(o, json_pack("{s:s,s:s,s:s,s:s}", "change", "clause-kind", "clause",
			                  nc->id, "old", arb_clause_kind_name(oc->kind), "new",
			                  arb_clause_kind_name(nc->kind)));
			++*changes;
		}
		for (size_t k = 0; k < nc->n_params; k++) {
			const arb_param *np = &nc->params[k], *op = arb_clause_param(oc, np->name);
			if (op && strcmp(op->raw, np->raw) == 0)
				continue;
			strbuf_putf(t, "parameter %s %s: %s -> %s\n", nc->id, np->name,
			            op ? op->raw : "(none)", np->raw);
			if (o->html) {
				strbuf_puts(&o->page, "<li><b>parameter</b> ");
				strbuf_put_xml(&o->page, nc->id);
				strbuf_puts(&o->page, " ");
				strbuf_put_xml(&o->page, np->name);
				strbuf_puts(&o->page, ": <del>");
				strbuf_put_xml(&o->page, op ? op->raw : "(none)");
				strbuf_puts(&o->page, "</del> <ins>");
				strbuf_put_xml(&o->page, np->raw);
				strbuf_puts(&o->page, "</ins></li>\n");
			}
			json_t *also = json_array();
			if (op)
				same_number_elsewhere(t, also, b->rb, nc, np->name, op->raw);
			emit(o, json_pack("{s:s,s:s,s:s,s:s?,s:s,s:o}", "change", "parameter",
			                  "clause", nc->id, "name", np->name, "old",
			                  op ? op->raw : NULL, "new", np->raw,
			                  "unchanged_elsewhere", also));
			++*changes;
		}
		for (size_t k = 0; k < oc->n_params; k++)
			if (!arb_clause_param(nc, oc->params[k].name)) {
				strbuf_putf(t, "parameter %s %s: %s -> (none)\n", nc->id,
				            oc->params[k].name, oc->params[k].raw);
				emit(o, json_pack("{s:s,s:s,s:s,s:s,s:n}", "change", "parameter",
				                  "clause", nc->id, "name", oc->params[k].name,
				                  "old", oc->params[k].raw, "new"));
				++*changes;
			}
	}
	for (size_t i = 0; i < arb_rulebook_clause_count(a->rb); i++) {
		const arb_clause *oc = arb_rulebook_clause_at(a->rb, i);
		if (arb_rulebook_clause(b->rb, oc->id))
			continue;
		strbuf_putf(t, "removed   %s (%s:%ld)\n  - %s\n", oc->id, oc->file, oc->line,
		            oc->text);
		emit(o, json_pack("{s:s,s:s,s:s}", "change", "clause-removed", "clause", oc->id,
		                  "text", oc->text));
		++*changes;
	}
	/* predicates written against words that changed */
	for (size_t i = 0; i < arb_oracle_predicate_count(b->o); i++) {
		const arb_predicate *p = arb_oracle_predicate_at(b->o, i);
		const char *r = arb_oracle_predicate_reading(b->o, i);
		bool was = false;
		for (size_t k = 0; k < arb_oracle_predicate_count(a->o) && !was; k++) {
			const char *ra = arb_oracle_predicate_reading(a->o, k);
			was = strcmp(arb_oracle_predicate_at(a->o, k)->clause, p->clause) == 0 &&
			      (ra && r ? strcmp(ra, r) == 0 : ra == r) &&
			      arb_oracle_predicate_stale(a->o, k);
		}
		if (!arb_oracle_predicate_stale(b->o, i) || was)
			continue;
		strbuf_putf(t, "stale     %s%s%s (%s:%d): written against fingerprint %s\n",
		            p->clause, r ? "/" : "", r ? r : "", p->src_file, p->src_line,
		            p->fingerprint);
		emit(o,
		     json_pack("{s:s,s:s,s:s?,s:s,s:i}", "change", "predicate-stale", "clause",
		               p->clause, "reading", r, "file", p->src_file, "line", p->src_line));
		++*changes;
	}
}

/* ---- verdicts ---- */

typedef struct verdict_of {
	arb_verdict_kind kind;
	char detail[512]; /* violated clauses, dispute and values, for comparing */
} verdict_of;

static int judge_case(verdict_of *out, const arb_oracle *o, const arb_case *c, const char *profile)
{
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arb_judge_ex(&v, o, c->scenario, profile ? profile : c->profile, ARB_JUDGE_TERSE,
	                 &err)) {
		cli_error(&err);
		fprintf(stderr, "arbiter diff: case %s (%s:%ld) could not be judged\n", c->id,
		        c->file, c->line);
		return -1;
	}
	out->kind = v->kind;
	size_t len = 0;
	char d[64];
	len += (size_t)snprintf(out->detail + len, sizeof out->detail - len, "%s|",
	                        arb_dispute_name(v->dispute, d, sizeof d));
	for (size_t i = 0; i < v->n_violates && len < sizeof out->detail; i++)
		len += (size_t)snprintf(out->detail + len, sizeof out->detail - len, "%s ",
		                        v->violates[i]);
	for (size_t i = 0; i < v->n_values && len < sizeof out->detail; i++)
		len += (size_t)snprintf(out->detail + len, sizeof out->detail - len, "%s=%.9g ",
		                        v->values[i].name, v->values[i].value);
	arb_verdict_free(v);
	return 0;
}

/* How far a verdict lets the action be made: forbidden (illegal) below
 * undecided (disputed, missing-input) below allowed (legal; not applicable:
 * no rule stops it). A change up is toward allowed, down toward forbidden. */
static int allowed(arb_verdict_kind k)
{
	return k == ARB_V_LEGAL || k == ARB_V_NOT_APPLICABLE ? 1 : k == ARB_V_ILLEGAL ? -1 : 0;
}

typedef struct group {
	char key[256]; /* "CLAUSE\tTRANSITION" or "RULESET ACTION PHASE" */
	size_t n;
	const char *example;
	int more, less, other;
} group;

typedef struct groups {
	group *v;
	size_t n, cap;
} groups;

static group *group_get(groups *g, const char *key)
{
	for (size_t i = 0; i < g->n; i++)
		if (strcmp(g->v[i].key, key) == 0)
			return &g->v[i];
	if (g->n == g->cap) {
		size_t nc = g->cap ? g->cap * 2 : 32;
		group *nv = realloc(g->v, nc * sizeof *nv);
		if (!nv)
			return NULL;
		g->v = nv;
		g->cap = nc;
	}
	group *x = &g->v[g->n++];
	memset(x, 0, sizeof *x);
	snprintf(x->key, sizeof x->key, "%s", key);
	return x;
}

static int cmp_group(const void *a, const void *b)
{
	return strcmp(((const group *)a)->key, ((const group *)b)->key);
}

static int diff_verdicts(diff_out *o, const side *a, const side *b, const char *profile,
                         size_t *changed, size_t *compared)
{
	groups by_clause = {0}, by_point = {0};
	int rc = 0;
	for (size_t i = 0; i < arb_caseset_count(b->cs) && !rc; i++) {
		const arb_case *nc = arb_caseset_at(b->cs, i);
		const arb_case *oc = arb_caseset_find(a->cs, nc->id);
		if (!oc)
			continue;
		verdict_of vo, vn;
		if (judge_case(&vo, a->o, oc, profile) || judge_case(&vn, b->o, nc, profile)) {
			rc = -1;
			break;
		}
		++*compared;
		if (vo.kind == vn.kind && strcmp(vo.detail, vn.detail) == 0)
			continue;
		++*changed;
		char tr[128], key[256];
		snprintf(tr, sizeof tr, "%s->%s%s", arb_verdict_kind_name(vo.kind),
		         arb_verdict_kind_name(vn.kind),
		         vo.kind == vn.kind ? " (other clauses or values)" : "");
		snprintf(key, sizeof key, "%s\t%s", nc->target, tr);
		group *g = group_get(&by_clause, key);
		const arb_scenario *s = nc->scenario;
		snprintf(key, sizeof key, "%s %s in %s", s->ruleset,
		         s->action.type ? s->action.type : "-",
		         s->context.phase ? s->context.phase : "-");
		group *p = group_get(&by_point, key);
		if (!g || !p) {
			rc = -1;
			break;
		}
		if (!g->n++)
			g->example = nc->id;
		p->n++;
		int x = allowed(vo.kind), y = allowed(vn.kind);
		if (x < y)
			p->more++;
		else if (x > y)
			p->less++;
		else
			p->other++;
		emit(o, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s}", "change", "verdict", "case", nc->id,
		                  "clause", nc->target, "old", arb_verdict_kind_name(vo.kind),
		                  "new", arb_verdict_kind_name(vn.kind), "transition", tr));
	}
	if (!rc) {
		strbuf *t = &o->text;
		if (by_clause.n)
			qsort(by_clause.v, by_clause.n, sizeof *by_clause.v, cmp_group);
		if (by_point.n)
			qsort(by_point.v, by_point.n, sizeof *by_point.v, cmp_group);
		strbuf_putf(t, "\nverdicts: %zu of %zu cases judged under both changed\n", *changed,
		            *compared);
		if (o->html)
			strbuf_putf(
			    &o->page,
			    "</ul><h2>Cases: %zu of %zu verdicts changed</h2>\n<table><tr><th>"
			    "clause</th><th>transition</th><th>cases</th><th>example (under "
			    "NEW)</th></tr>\n",
			    *changed, *compared);
		for (size_t i = 0; i < by_clause.n; i++) {
			const group *g = &by_clause.v[i];
			const char *tab = strchr(g->key, '\t');
			strbuf_putf(t, "  %-20.*s %-56s %5zu case%s, e.g. %s\n",
			            (int)(tab - g->key), g->key, tab + 1, g->n,
			            g->n == 1 ? "" : "s", g->example);
			if (o->html) {
				strbuf_puts(&o->page, "<tr><td>");
				strbuf_put(&o->page, g->key, (size_t)(tab - g->key));
				strbuf_puts(&o->page, "</td><td>");
				strbuf_put_xml(&o->page, tab + 1);
				strbuf_putf(&o->page, "</td><td>%zu</td><td>", g->n);
				strbuf_put_xml(&o->page, g->example);
				strbuf_puts(&o->page, "<br>");
				const arb_case *ex = arb_caseset_find(b->cs, g->example);
				if (ex)
					draw(o, b->o, ex->scenario);
				strbuf_puts(&o->page, "</td></tr>\n");
			}
		}
		if (o->html)
			strbuf_puts(&o->page, "</table>\n");
		if (by_point.n)
			strbuf_puts(t, "\npermissiveness by decision point:\n");
		for (size_t i = 0; i < by_point.n; i++) {
			const group *p = &by_point.v[i];
			const char *word = p->more && !p->less && !p->other   ? "more allowed"
			                   : p->less && !p->more && !p->other ? "less allowed"
			                                                      : "different";
			strbuf_putf(
			    t,
			    "  %-36s %s: %d toward allowed, %d toward forbidden, %d otherwise "
			    "changed\n",
			    p->key, word, p->more, p->less, p->other);
			emit(o, json_pack("{s:s,s:s,s:s,s:i,s:i,s:i}", "change", "permissiveness",
			                  "point", p->key, "summary", word, "more", p->more, "less",
			                  p->less, "other", p->other));
		}
	}
	free(by_clause.v);
	free(by_point.v);
	return rc;
}

/* ---- the search domain ---- */

/* Every scenario of the `conflicts` search of each side (its sweep, and
 * `budget` combinations a point: docs/conflicts.md), built from each
 * side's numbers so that both sides' boundaries are asked, judged under
 * both; the changes grouped by decision point and transition, with one
 * example scenario each. */
static int diff_search(diff_out *o, const side *sides, const cli_stats *st, size_t budget,
                       const char *profile, size_t *changed, size_t *compared, size_t *refused)
{
	groups by = {0}, perm = {0};
	char **examples = NULL;
	size_t n_examples = 0;
	int rc = 0;
	for (int w = 0; w < 2 && !rc; w++) {
		arb_search_options so = {.seed = 1,
		                         .budget = budget,
		                         .random = 0,
		                         .stats = st->pub,
		                         .n_stats = st->n,
		                         .profile = profile};
		arb_search *s = NULL;
		arb_error err;
		arb_error_clear(&err);
		if (arb_search_new(&s, sides[w].o, sides[w].rb, &so, &err)) {
			cli_error(&err);
			return -1;
		}
		for (size_t p = 0; p < arb_search_point_count(s) && !rc; p++) {
			const arb_search_point *pt = arb_search_point_at(s, p);
			for (unsigned long long k = 0; k < pt->total && !rc; k++) {
				arb_scenario *sc = NULL;
				arb_verdict *va = NULL, *vb = NULL;
				if (arb_search_scenario(&sc, s, p, k, &err)) {
					cli_error(&err);
					rc = -1;
					break;
				}
				int ra = arb_judge_ex(&va, sides[0].o, sc, profile, ARB_JUDGE_TERSE,
				                      &err);
				int rb = ra ? ra
				            : arb_judge_ex(&vb, sides[1].o, sc, profile,
				                           ARB_JUDGE_TERSE, &err);
				if (ra == ARB_EINPUT || rb == ARB_EINPUT) {
					++*refused; /* not a scenario of both texts' vocabulary */
				} else if (ra || rb) {
					cli_error(&err);
					rc = -1;
				} else {
					++*compared;
					bool same = va->kind == vb->kind &&
					            va->n_violates == vb->n_violates;
					for (size_t i = 0; same && i < va->n_violates; i++)
						same =
						    strcmp(va->violates[i], vb->violates[i]) == 0;
					if (!same) {
						++*changed;
						char key[256];
						snprintf(key, sizeof key, "%s %s in %s\t%s->%s%s",
						         pt->ruleset, pt->action, pt->phase,
						         arb_verdict_kind_name(va->kind),
						         arb_verdict_kind_name(vb->kind),
						         va->kind == vb->kind ? " (other clauses)"
						                              : "");
						group *g = group_get(&by, key);
						snprintf(key, sizeof key, "%s %s in %s",
						         pt->ruleset, pt->action, pt->phase);
						group *q = group_get(&perm, key);
						if (!g || !q) {
							rc = -1;
						} else {
							if (!g->n++) {
								/* the example: the scenario as a
								 * protocol line */
								char **ne = realloc(
								    examples,
								    (n_examples + 1) * sizeof *ne);
								char *line = arbj_scenario_dump(sc);
								if (!ne || !line) {
									free(line);
									if (ne)
										examples = ne;
									rc = -1;
								} else {
									examples = ne;
									examples[n_examples] = line;
									g->example =
									    (const char
									         *)(uintptr_t)(n_examples +
									                       1);
									n_examples++;
								}
							}
							int x = allowed(va->kind),
							    y = allowed(vb->kind);
							q->n++;
							if (x < y)
								q->more++;
							else if (x > y)
								q->less++;
							else
								q->other++;
						}
					}
				}
				arb_verdict_free(va);
				arb_verdict_free(vb);
				arb_scenario_free(sc);
			}
		}
		arb_search_free(s);
	}
	if (!rc) {
		strbuf *t = &o->text;
		if (by.n)
			qsort(by.v, by.n, sizeof *by.v, cmp_group);
		if (perm.n)
			qsort(perm.v, perm.n, sizeof *perm.v, cmp_group);
		strbuf_putf(
		    t,
		    "\nsearch domain: %zu of %zu scenarios of the conflicts search (both texts' "
		    "numbers) changed verdict\n",
		    *changed, *compared);
		if (o->html)
			strbuf_putf(
			    &o->page,
			    "<h2>Search domain: %zu of %zu scenarios changed</h2>\n<table><tr><th>"
			    "point and transition</th><th>scenarios</th><th>example (under "
			    "NEW)</th></tr>\n",
			    *changed, *compared);
		for (size_t i = 0; i < by.n; i++) {
			const group *g = &by.v[i];
			const char *tab = strchr(g->key, '\t');
			strbuf_putf(t, "  %-36.*s %-40s %6zu scenario%s\n", (int)(tab - g->key),
			            g->key, tab + 1, g->n, g->n == 1 ? "" : "s");
			const char *ex = examples[(uintptr_t)g->example - 1];
			if (o->html) {
				arb_scenario *sc = NULL;
				arb_error perr;
				arb_error_clear(&perr);
				strbuf_puts(&o->page, "<tr><td>");
				strbuf_put_xml(&o->page, g->key);
				strbuf_putf(&o->page, "</td><td>%zu</td><td>", g->n);
				if (arbj_scenario_parse(&sc, ex, strlen(ex), "<example>", 1,
				                        &perr) == ARB_OK)
					draw(o, sides[1].o, sc);
				arb_scenario_free(sc);
				strbuf_puts(&o->page, "</td></tr>\n");
			}
			json_error_t je;
			emit(o,
			     json_pack("{s:s,s:s#,s:s,s:i,s:o}", "change", "search-verdict",
			               "point", g->key, (int)(tab - g->key), "transition", tab + 1,
			               "count", (int)g->n, "example", json_loads(ex, 0, &je)));
		}
		if (o->html)
			strbuf_puts(&o->page, "</table>\n");
		for (size_t i = 0; i < perm.n; i++) {
			const group *p = &perm.v[i];
			const char *word = p->more && !p->less && !p->other   ? "more allowed"
			                   : p->less && !p->more && !p->other ? "less allowed"
			                                                      : "different";
			strbuf_putf(
			    t,
			    "  %-36s %s: %d toward allowed, %d toward forbidden, %d otherwise "
			    "changed (search domain)\n",
			    p->key, word, p->more, p->less, p->other);
			emit(o,
			     json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:i}", "change", "permissiveness",
			               "over", "search", "point", p->key, "summary", word, "more",
			               p->more, "less", p->less, "other", p->other));
		}
	}
	for (size_t i = 0; i < n_examples; i++)
		free(examples[i]);
	free(examples);
	free(by.v);
	free(perm.v);
	return rc;
}

static const char kDiffUsage[] = "usage: arbiter diff OLD NEW [--json FILE] [--html DIR] "
                                 "[--profile P] [--budget N] [--no-search]\n";

int cmd_diff(cli_env *env, int argc, char **argv)
{
	const char *args[2] = {NULL, NULL}, *json_path = NULL;
	int na = 0;
	unsigned long long budget = 200;
	const char *html_dir = NULL;
	cli_outdir hd = {0};
	bool hd_open = false;
	bool search = true;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0 && i + 1 < argc)
			json_path = argv[++i];
		else if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
			env->profile = argv[++i];
		else if (strcmp(argv[i], "--no-search") == 0)
			search = false;
		else if (strcmp(argv[i], "--html") == 0 && i + 1 < argc)
			html_dir = argv[++i];
		else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc) {
			char *end;
			errno = 0;
			budget = strtoull(argv[++i], &end, 10);
			if (errno || *end || !*argv[i] || argv[i][0] == '-' || budget > 100000000) {
				fprintf(stderr,
				        "arbiter diff: --budget: '%s' is not a number in range\n",
				        argv[i]);
				return EXIT_BADINPUT;
			}
		} else if (argv[i][0] == '-' || na == 2) {
			fputs(kDiffUsage, stderr);
			return EXIT_BADINPUT;
		} else
			args[na++] = argv[i];
	}
	if (na != 2) {
		fputs(kDiffUsage, stderr);
		return EXIT_BADINPUT;
	}
	if ((json_path && cli_output_check(json_path, false)) ||
	    (html_dir && cli_output_check(html_dir, true)))
		return EXIT_BADINPUT;
	side a = {0}, b = {0};
	cli_stats st = {0};
	diff_out o = {.lines = json_array()};
	int status = EXIT_BADINPUT;
	if (!o.lines || side_open(&a, env, args[0]) || side_open(&b, env, args[1]))
		goto done;
	/* two versions of the same rulebooks share a ruleset at least */
	size_t common = 0;
	for (size_t i = 0; i < arb_rulebook_ruleset_count(b.rb); i++)
		common += in_rulesets(a.rb, arb_rulebook_ruleset_at(b.rb, i));
	if (!common) {
		fprintf(stderr,
		        "arbiter diff: %s and %s share no ruleset: a diff compares two versions of "
		        "the same rulebooks\n",
		        args[0], args[1]);
		goto done;
	}
	for (size_t i = 0; i < arb_rulebook_ruleset_count(b.rb); i++)
		if (!in_rulesets(a.rb, arb_rulebook_ruleset_at(b.rb, i)))
			strbuf_putf(&o.text, "ruleset   %s added\n",
			            arb_rulebook_ruleset_at(b.rb, i));
	for (size_t i = 0; i < arb_rulebook_ruleset_count(a.rb); i++)
		if (!in_rulesets(b.rb, arb_rulebook_ruleset_at(a.rb, i)))
			strbuf_putf(&o.text, "ruleset   %s removed\n",
			            arb_rulebook_ruleset_at(a.rb, i));
	size_t text_changes = 0, changed = 0, compared = 0;
	if (html_dir) {
		if (cli_dir_begin(&hd, html_dir))
			goto done;
		hd_open = true;
		o.html = true;
		o.dir = hd.tmp;
		strbuf_puts(&o.page, "<h2>Text</h2>\n<ul>\n");
	}
	diff_clauses(&o, &a, &b, &text_changes);
	if (diff_verdicts(&o, &a, &b, env->profile, &changed, &compared))
		goto done;
	size_t s_changed = 0, s_compared = 0, s_refused = 0;
	if (search) {
		side both[2] = {a, b};
		if (cli_stats_from_cases(&st, b.cs)) {
			fprintf(stderr, "arbiter: out of memory\n");
			goto done;
		}
		if (diff_search(&o, both, &st, (size_t)budget, env->profile, &s_changed,
		                &s_compared, &s_refused))
			goto done;
	}
	for (size_t i = 0; i < a.n_bad + b.n_bad; i++) {
		const arb_finding *f = i < a.n_bad ? &a.bad[i] : &b.bad[i - a.n_bad];
		strbuf_putf(&o.text, "not compared: under %s, %s\n",
		            i < a.n_bad ? args[0] : args[1], f->message);
	}
	strbuf_putf(&o.text, "\n%zu change%s of the text; %zu of %zu verdicts changed",
	            text_changes, text_changes == 1 ? "" : "s", changed, compared);
	if (search)
		strbuf_putf(&o.text,
		            "; %zu of %zu search scenarios changed (%zu not of both texts' "
		            "vocabulary)",
		            s_changed, s_compared, s_refused);
	strbuf_puts(&o.text, "\n");
	if (json_path) {
		strbuf jl = {0};
		for (size_t i = 0; i < json_array_size(o.lines); i++) {
			char *line =
			    json_dumps(json_array_get(o.lines, i), JSON_COMPACT | JSON_SORT_KEYS);
			if (!line) {
				jl.oom = true;
				break;
			}
			strbuf_putf(&jl, "%s\n", line);
			free(line);
		}
		size_t len = jl.n;
		char *text = strbuf_take(&jl);
		int wr = !text || cli_write_atomic(json_path, text, len);
		free(text);
		if (wr)
			goto done;
	}
	if (html_dir) {
		strbuf pg = {0};
		strbuf_puts(&pg, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		                 "<title>arbiter diff</title><style>del{background:#fdd}"
		                 "ins{background:#dfd}td{vertical-align:top;padding:4px}"
		                 "</style></head><body>\n<h1>arbiter diff ");
		strbuf_put_xml(&pg, args[0]);
		strbuf_puts(&pg, " &rarr; ");
		strbuf_put_xml(&pg, args[1]);
		strbuf_putf(
		    &pg, "</h1>\n<p>%zu change%s of the text; %zu of %zu verdicts changed.</p>\n",
		    text_changes, text_changes == 1 ? "" : "s", changed, compared);
		strbuf_put(&pg, o.page.s ? o.page.s : "", o.page.n);
		strbuf_puts(&pg, "</body></html>\n");
		size_t len = pg.n;
		char *html = strbuf_take(&pg);
		char path[4400];
		snprintf(path, sizeof path, "%s/index.html", hd.tmp);
		int wr = o.page.oom || !html || o.fault || cli_write_atomic(path, html, len);
		free(html);
		if (wr || cli_dir_commit(&hd))
			goto done;
		hd_open = false;
	}
	char *text = strbuf_take(&o.text);
	if (!text) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	fputs(text, stdout);
	free(text);
	status = changed || s_changed ? EXIT_DISAGREE : EXIT_AGREE;
done:
	if (hd_open)
		cli_dir_abort(&hd);
	strbuf_free(&o.page);
	cli_stats_free(&st);
	strbuf_free(&o.text);
	json_decref(o.lines);
	side_free(&a);
	side_free(&b);
	return status;
}
