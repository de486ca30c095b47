/*
 * spec.c: the rulebook. spec/ is Markdown with a strict clause markup
 * (docs/spec-format.md): a front matter block, headings, and paragraphs
 * each opened by a tag line `{#ID kind}`. This file loads conventions.md and
 * every ruleset (spec-ruleset.c, spec-section.c), checks what the files
 * say of one another, and answers the accessors of arbiter.h section 4.
 */
#include "spec-internal.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const arb__spec_vocab[] = {
    "actions", "phases", "subphases", "formations",   "statuses",     "terrain", "facts", "states",
    "retired", "tests",  "turns",     "moves_others", "log_replaces", "idle",    NULL};

/* A problem a strict load fails on and a lenient one records (for lint).
 * Returns the error code in strict mode, ARB_OK once recorded. */
int arb__spec_problem(arb_rulebook *rb, arb_error *err, int code)
{
	if (!rb->lenient)
		return code;
	arb_error *copy = arb__arena_alloc(rb->arena, sizeof *copy);
	if (!copy || arb__ptrvec_push(&rb->problems, copy))
		return ARB_ENOMEM;
	*copy = *err;
	arb_error_clear(err);
	return ARB_OK;
}

const rb_ruleset *arb__spec_find_ruleset(const arb_rulebook *rb, const char *name)
{
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		const rb_ruleset *r = rb->rulesets.v[i];
		if (strcmp(r->name, name) == 0)
			return r;
	}
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The "overrides" lines of a ruleset as a graph on clause IDs (winner to
 * loser), for the cycle check: IDs numbered by their place among the sorted
 * names, the edges of a prefix of the lines in adjacency arrays. */
typedef struct prec_graph {
	const char **names;
	size_t n_names, n_edges;
	size_t *from, *to;   /* per line */
	size_t *start, *adj; /* the edges of the prefix being checked */
	size_t *next;        /* per node: the next edge the search takes */
	size_t *stack;
	unsigned char *colour; /* 0 unseen, 1 on the search path, 2 done */
} prec_graph;

static void prec_graph_free(prec_graph *g)
{
	free(g->names);
	free(g->from);
	free(g->to);
	free(g->start);
	free(g->adj);
	free(g->next);
	free(g->stack);
	free(g->colour);
}

static size_t node_of(const prec_graph *g, const char *id)
{
	const char **at = bsearch(&id, g->names, g->n_names, sizeof *g->names, cmp_str);
	return (size_t)(at - g->names);
}

static int prec_graph_init(prec_graph *g, const rb_ruleset *r)
{
	size_t e = r->precedence.n, v = 2 * e;
	*g = (prec_graph){.n_edges = e};
	g->names = malloc((v ? v : 1) * sizeof *g->names);
	g->from = malloc((e ? e : 1) * sizeof *g->from);
	g->to = malloc((e ? e : 1) * sizeof *g->to);
	g->start = malloc((v + 2) * sizeof *g->start);
	g->adj = malloc((e ? e : 1) * sizeof *g->adj);
	g->next = malloc((v ? v : 1) * sizeof *g->next);
	g->stack = malloc((v ? v : 1) * sizeof *g->stack);
	g->colour = malloc(v ? v : 1);
	if (!g->names || !g->from || !g->to || !g->start || !g->adj || !g->next || !g->stack ||
	    !g->colour)
		return ARB_ENOMEM;
	for (size_t i = 0; i < e; i++) {
		const arb_precedence *p = r->precedence.v[i];
		g->names[2 * i] = p->winner;
		g->names[2 * i + 1] = p->loser;
	}
	qsort(g->names, v, sizeof *g->names, cmp_str);
	for (size_t i = 0; i < v; i++)
		if (!g->n_names || strcmp(g->names[g->n_names - 1], g->names[i]) != 0)
			g->names[g->n_names++] = g->names[i];
	for (size_t i = 0; i < e; i++) {
		const arb_precedence *p = r->precedence.v[i];
		g->from[i] = node_of(g, p->winner);
		g->to[i] = node_of(g, p->loser);
	}
	return ARB_OK;
}

/* Whether the first m lines hold a cycle: one depth-first search, linear in
 * the lines. */
static bool prec_prefix_cycle(prec_graph *g, size_t m)
{
	size_t n = g->n_names;
	memset(g->start, 0, (n + 2) * sizeof *g->start);
	for (size_t i = 0; i < m; i++)
		g->start[g->from[i] + 2]++;
	for (size_t k = 2; k < n + 2; k++)
		g->start[k] += g->start[k - 1];
	for (size_t i = 0; i < m; i++)
		g->adj[g->start[g->from[i] + 1]++] = g->to[i];
	/* start[k] is now where node k's edges begin, start[k + 1] where they end */
	memset(g->colour, 0, n);
	for (size_t root = 0; root < n; root++) {
		if (g->colour[root])
			continue;
		size_t depth = 0;
		g->stack[depth++] = root;
		g->colour[root] = 1;
		g->next[root] = g->start[root];
		while (depth) {
			size_t u = g->stack[depth - 1];
			if (g->next[u] == g->start[u + 1]) {
				g->colour[u] = 2;
				depth--;
				continue;
			}
			size_t w = g->adj[g->next[u]++];
			if (g->colour[w] == 1)
				return true;
			if (!g->colour[w]) {
				g->colour[w] = 1;
				g->next[w] = g->start[w];
				g->stack[depth++] = w;
			}
		}
	}
	return false;
}

/* The first line that closes a cycle with the lines before it (*at), or
 * false when none does: the lines are checked once, and only a rulebook
 * with a cycle pays for the search of where it closes. */
static int prec_first_cycle(const rb_ruleset *r, size_t *at, bool *found)
{
	prec_graph g;
	int rc = prec_graph_init(&g, r);
	*found = false;
	if (!rc && prec_prefix_cycle(&g, g.n_edges)) {
		size_t lo = 1, hi = g.n_edges; /* the shortest prefix with a cycle */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (prec_prefix_cycle(&g, mid))
				hi = mid;
			else
				lo = mid + 1;
		}
		*at = lo - 1;
		*found = true;
	}
	prec_graph_free(&g);
	return rc;
}

/* What is wrong with a placement line, written into why; false if nothing. */
static bool placement_problem(const arb_rulebook *rb, const rb_ruleset *r, const arb_placement *pl,
                              char *why, size_t n)
{
	const arb_clause *c = arb_rulebook_clause(rb, pl->clause);
	const char *rs = r->name;
	if (!c || strcmp(c->ruleset, rs) != 0) {
		snprintf(why, n, "unknown clause '%s' for %s", pl->clause, rs);
		return true;
	}
	if (!strstr(c->text, pl->words)) {
		snprintf(why, n, "the words \"%.80s\" are not in the text of %s", pl->words,
		         pl->clause);
		return true;
	}
	bool known = true;
	if (pl->kind == ARB_PLACE_SUBPHASE)
		known = arb_rulebook_declares(rb, rs, "subphases", pl->name) &&
		        arb_rulebook_declares(rb, rs, "phases", pl->phase);
	else if (pl->kind == ARB_PLACE_ACTION)
		known = arb_rulebook_declares(rb, rs, "actions", pl->name) &&
		        arb_rulebook_declares(rb, rs, "phases", pl->phase) &&
		        (!pl->subphase || arb_rulebook_declares(rb, rs, "subphases", pl->subphase));
	else
		known = arb_rulebook_declares(rb, rs, "actions", pl->name) &&
		        arb_rulebook_declares(rb, rs, "actions", pl->as_action);
	if (!known) {
		snprintf(why, n, "'%s' names a phase, sub-phase or action the vocabulary lacks",
		         pl->name);
		return true;
	}
	if (pl->kind == ARB_PLACE_FOLLOWS) {
		const char *sl = strchr(pl->section, '/');
		char sr[64];
		snprintf(sr, sizeof sr, "%.*s", sl ? (int)(sl - pl->section) : 0, pl->section);
		if (!sl || !arb_rulebook_has_section(rb, sr, sl + 1)) {
			snprintf(why, n, "no section '%s'", pl->section);
			return true;
		}
	}
	return false;
}

static const char *vocab_list(const rb_ruleset *r, const char *name)
{
	for (size_t k = 0; arb__spec_vocab[k]; k++)
		if (strcmp(arb__spec_vocab[k], name) == 0)
			return r->lists[k];
	return "";
}

static bool pivot_word(const char *w, size_t n, arb_pivot *about)
{
	static const struct {
		const char *word;
		arb_pivot about;
	} kWords[] = {{"point", ARB_PIVOT_POINT},
	              {"corner", ARB_PIVOT_CORNER},
	              {"front-corner", ARB_PIVOT_FRONT_CORNER},
	              {"centre", ARB_PIVOT_CENTRE}};
	for (size_t i = 0; i < sizeof kWords / sizeof *kWords; i++)
		if (strlen(kWords[i].word) == n && strncmp(kWords[i].word, w, n) == 0) {
			*about = kWords[i].about;
			return true;
		}
	return false;
}

bool arb_rulebook_turn(const arb_rulebook *rb, const char *ruleset, const char *action,
                       arb_pivot *about)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	size_t n = action ? strlen(action) : 0;
	for (const char *p = r ? vocab_list(r, "turns") : ""; *p && n;) {
		size_t w = strcspn(p, " ");
		if (w > n && p[n] == ':' && strncmp(p, action, n) == 0 &&
		    pivot_word(p + n + 1, w - n - 1, about))
			return true;
		p += w;
		p += strspn(p, " ");
	}
	return false;
}

static void drop_precedence(rb_ruleset *r, size_t j)
{
	memmove(&r->precedence.v[j], &r->precedence.v[j + 1],
	        (r->precedence.n - j - 1) * sizeof *r->precedence.v);
	r->precedence.n--;
}

/* Each word of r's list `key` names an action of r (or, with facts, a
 * fact of r); one that does not is bad input at line. */
static int check_names(arb_rulebook *rb, const rb_ruleset *r, const char *key, long line,
                       bool facts, arb_error *err)
{
	int rc;
	for (const char *p = vocab_list(r, key); *p;) {
		size_t w = strcspn(p, " ");
		char word[64];
		snprintf(word, sizeof word, "%.*s", (int)w, p);
		bool known = facts ? arb_rulebook_fact_type(rb, r->name, word) != NULL
		                   : arb_rulebook_declares(rb, r->name, "actions", word);
		if (!known) {
			arb_error_set(err, ARB_EINPUT, r->file, line, 1, key,
			              "'%s' is not %s of %s", word, facts ? "a fact" : "an action",
			              r->name);
			if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
				return rc;
		}
		p += w;
		p += strspn(p, " ");
	}
	return ARB_OK;
}

/* Precedence and profiles name existing clauses, precedence has no cycle,
 * and the tolerance agrees with the build. A lenient load drops the lines
 * at fault after recording them, so that judging never sees them. */
static int check_references(arb_rulebook *rb, arb_error *err)
{
	int rc;
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		for (size_t j = 0; j < r->precedence.n; j++) {
			const arb_precedence *p = r->precedence.v[j];
			bool w = arb_rulebook_clause(rb, p->winner) != NULL;
			if (w && arb_rulebook_clause(rb, p->loser))
				continue;
			arb_error_set(err, ARB_EINPUT, p->file, p->line,
			              w ? p->loser_column : p->winner_column, "precedence",
			              "unknown clause '%s'", w ? p->loser : p->winner);
			if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
				return rc;
			drop_precedence(r, j--);
		}
		/* A cycle is reported at the line that closes it, and dropped. */
		for (;;) {
			size_t j;
			bool cycle;
			if (prec_first_cycle(r, &j, &cycle))
				return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL,
				                     "out of memory");
			if (!cycle)
				break;
			const arb_precedence *p = r->precedence.v[j];
			arb_error_set(err, ARB_EINPUT, p->file, p->line, p->winner_column,
			              "precedence",
			              "%s overrides %s, which already overrides it (directly or "
			              "through others): a cycle",
			              p->winner, p->loser);
			if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
				return rc;
			drop_precedence(r, j);
		}
		for (size_t j = 0; j < r->profiles.n; j++) {
			const rb_profile_entry *e = r->profiles.v[j];
			const char *ov = strstr(e->clause, " over ");
			if (ov) {
				bool found = false;
				for (size_t k = 0; k < r->precedence.n && !found; k++) {
					const arb_precedence *p = r->precedence.v[k];
					size_t wn = strlen(p->winner);
					found = p->arguable && (size_t)(ov - e->clause) == wn &&
					        strncmp(e->clause, p->winner, wn) == 0 &&
					        strcmp(ov + 6, p->loser) == 0;
				}
				if (found)
					continue;
				arb_error_set(err, ARB_EINPUT, e->file, e->line, 3, "profile",
				              "'%s' is not an arguable precedence the text marks "
				              "({over?:...})",
				              e->clause);
			} else if (arb_rulebook_clause(rb, e->clause))
				continue;
			else
				arb_error_set(err, ARB_EINPUT, e->file, e->line, 3, "profile",
				              "unknown clause '%s'", e->clause);
			if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
				return rc;
			memmove(&r->profiles.v[j], &r->profiles.v[j + 1],
			        (r->profiles.n - j - 1) * sizeof *r->profiles.v);
			r->profiles.n--;
			j--;
		}
	}
	/* errata tables give parameters the text promises and does not give:
	 * each row names a clause of the ruleset and one such parameter of it,
	 * and a parameter has its one value or keyed rows, each key once. */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		for (size_t j = 0; j < r->tables.n; j++) {
			const rb_table_row *t = r->tables.v[j];
			const arb_clause *c = arb_rulebook_clause(rb, t->clause);
			arb_param *pm = c ? (arb_param *)arb_clause_param(c, t->name) : NULL;
			const char *why = NULL;
			if (!c || strcmp(c->ruleset, r->name) != 0)
				why = "names no clause of this ruleset";
			else if (!pm || !pm->unresolved)
				why = "names a parameter the clause does not leave unresolved "
				      "({ref:?table NAME})";
			for (size_t k = 0; !why && pm && k < pm->n_rows; k++)
				if ((pm->rows[k].key == NULL) != (t->row.key == NULL))
					why =
					    "mixes a single value and keyed rows for one parameter";
				else if (!t->row.key || strcmp(pm->rows[k].key, t->row.key) == 0)
					why = "gives a value the table already gave";
			if (why) {
				arb_error_set(
				    err, ARB_EINPUT, t->row.file, t->row.line,
				    c && strcmp(c->ruleset, r->name) == 0 ? t->column_name
				                                          : t->column_clause,
				    "tables", "%s %s%s%s%s: the row %s", t->clause, t->name,
				    t->row.key ? "[" : "", t->row.key ? t->row.key : "",
				    t->row.key ? "]" : "", why);
				if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
					return rc;
				continue;
			}
			arb_param_row *rows =
			    arb__arena_array(rb->arena, pm->n_rows + 1, sizeof *rows);
			if (!rows)
				return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL,
				                     "out of memory");
			if (pm->n_rows)
				memcpy(rows, pm->rows, pm->n_rows * sizeof *rows);
			rows[pm->n_rows] = t->row;
			pm->rows = rows;
			pm->n_rows++;
		}
	}
	/* Facts are typed: "name:type" (docs/spec-format.md). */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		const char *list = "";
		for (size_t k = 0; arb__spec_vocab[k]; k++)
			if (strcmp(arb__spec_vocab[k], "facts") == 0)
				list = r->lists[k];
		for (const char *p = list; *p;) {
			size_t w = strcspn(p, " ");
			const char *colon = memchr(p, ':', w);
			char *name =
			    colon ? arb__arena_strndup(rb->arena, p, (size_t)(colon - p)) : NULL;
			char *type = colon ? arb__arena_strndup(rb->arena, colon + 1,
			                                        w - (size_t)(colon - p) - 1)
			                   : NULL;
			static const char *const kTypes[] = {"bool",   "number", "count",
			                                     "unit",   "units",  "model",
			                                     "models", "point",  NULL};
			bool known = false;
			for (size_t k = 0; type && kTypes[k]; k++)
				known = known || strcmp(type, kTypes[k]) == 0;
			if (type && !known && strchr(type, '|'))
				known = type[0] != '|' && type[strlen(type) - 1] != '|' &&
				        !strstr(type, "||");
			if (!colon || !name || !name[0] || !known) {
				arb_error_set(
				    err, ARB_EINPUT, r->file, r->sections_line, 1, "facts",
				    "fact '%.*s' needs a type: name:bool, name:number, name:count, "
				    "name:unit, "
				    "name:units, name:model, name:models, name:point or "
				    "name:word|word",
				    (int)w, p);
				if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
					return rc;
			} else {
				const char *before = NULL;
				for (size_t k = 0; k < r->fact_names.n && !before; k++)
					if (strcmp(r->fact_names.v[k], name) == 0)
						before = r->fact_types.v[k];
				if (before && strcmp(before, type) != 0) {
					arb_error_set(err, ARB_EINPUT, r->file, r->sections_line, 1,
					              "facts",
					              "fact '%s' is declared as %s and as %s", name,
					              before, type);
					if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
						return rc;
				} else if (!before && (arb__ptrvec_push(&r->fact_names, name) ||
				                       arb__ptrvec_push(&r->fact_types, type)))
					return ARB_ENOMEM;
			}
			p += w;
			p += strspn(p, " ");
		}
		/* the names alone, for arb_rulebook_vocabulary */
		size_t len = 1;
		for (size_t k = 0; k < r->fact_names.n; k++)
			len += strlen(r->fact_names.v[k]) + 1;
		char *names = arb__arena_alloc(rb->arena, len);
		if (!names)
			return ARB_ENOMEM;
		size_t at = 0;
		for (size_t k = 0; k < r->fact_names.n; k++) {
			size_t w = strlen(r->fact_names.v[k]);
			if (k)
				names[at++] = ' ';
			memcpy(names + at, r->fact_names.v[k], w);
			at += w;
		}
		names[at] = '\0';
		r->fact_list = names;
	}
	/* Turns are "action:pivot", and actions that move others' models are
	 * actions (docs/spec-format.md). */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		for (const char *p = vocab_list(r, "turns"); *p;) {
			size_t w = strcspn(p, " ");
			const char *colon = memchr(p, ':', w);
			char act[64];
			arb_pivot about;
			snprintf(act, sizeof act, "%.*s", colon ? (int)(colon - p) : 0, p);
			if (!colon || !arb_rulebook_declares(rb, r->name, "actions", act) ||
			    !pivot_word(colon + 1, w - (size_t)(colon - p) - 1, &about)) {
				arb_error_set(err, ARB_EINPUT, r->file, r->sections_line, 1,
				              "turns",
				              "turn '%.*s' needs a declared action and a pivot: "
				              "action:point, action:corner, action:front-corner or "
				              "action:centre",
				              (int)w, p);
				if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
					return rc;
			}
			p += w;
			p += strspn(p, " ");
		}
		if ((rc = check_names(rb, r, "moves_others", r->sections_line, false, err)))
			return rc;
	}
	/* idle names actions: those a unit that does nothing is judged under;
	 * log_replaces names facts: those a log given in their place answers. */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		if ((rc = check_names(rb, r, "idle", r->idle_line, false, err)) ||
		    (rc = check_names(rb, r, "log_replaces", r->log_replaces_line, true, err)))
			return rc;
	}
	/* Placements name declared words and existing clauses, and quote them. */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		for (size_t j = 0; j < r->placements.n; j++) {
			char why[192];
			if (!placement_problem(rb, r, r->placements.v[j], why, sizeof why))
				continue;
			const arb_placement *pl = r->placements.v[j];
			arb_error_set(err, ARB_EINPUT, pl->file, pl->line, 3, "phases", "%s", why);
			if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
				return rc;
			memmove(&r->placements.v[j], &r->placements.v[j + 1],
			        (r->placements.n - j - 1) * sizeof *r->placements.v);
			r->placements.n--;
			j--;
		}
	}
	/* Flows name existing clauses. */
	for (size_t i = 0; i < rb->flows.n; i++) {
		arb_flow *f = rb->flows.v[i];
		for (size_t k = 0; k < f->n_steps + f->n_edges; k++) {
			const char *cl =
			    k < f->n_steps ? f->steps[k].clause : f->edges[k - f->n_steps].clause;
			long line =
			    k < f->n_steps ? f->steps[k].line : f->edges[k - f->n_steps].line;
			if (!cl || arb_rulebook_clause(rb, cl))
				continue;
			arb_error_set(err, ARB_EINPUT, f->file, line, 1, "flow",
			              "flow %s names clause '%s', which does not exist", f->name,
			              cl);
			if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
				return rc;
		}
	}
	/* The kernel's comparison tolerance is a convention clause: they must agree. */
	const arb_clause *tol = arb_rulebook_clause(rb, "CONV.TOL.1");
	const arb_param *tp = tol ? arb_clause_param(tol, "tolerance") : NULL;
	if (!tp || strcmp(tp->unit, "in") != 0 || fabs(tp->value - ARB_TOLERANCE_IN) > 1e-15) {
		arb_error_set(err, ARB_EINPUT, tol ? tol->file : "conventions.md",
		              tol ? tol->line : 0, 0, "tolerance",
		              "CONV.TOL.1 must state the tolerance %g\" this build measures with",
		              ARB_TOLERANCE_IN);
		return arb__spec_problem(rb, err, ARB_EINPUT);
	}
	return ARB_OK;
}

int arb_rulebook_load(arb_rulebook **out, const char *spec_dir, arb_error *err)
{
	return arb_rulebook_load_ex(out, spec_dir, 0, err);
}

int arb_rulebook_load_ex(arb_rulebook **out, const char *spec_dir, int flags, arb_error *err)
{
	*out = NULL;
	arb_rulebook *rb = calloc(1, sizeof *rb);
	char **names = NULL;
	size_t n_names = 0, cap = 0;
	DIR *d = NULL;
	int rc = ARB_OK;
	char path[4096];
	/* A lenient load records problems from the error record: without the
	 * caller's, it uses its own. */
	arb_error scratch;
	if (!err) {
		arb_error_clear(&scratch);
		err = &scratch;
	}
	if (!rb || !(rb->arena = arb__arena_new())) {
		rc = arb_error_set(err, ARB_ENOMEM, spec_dir, 0, 0, NULL, "out of memory");
		goto done;
	}
	rb->lenient = (flags & ARB_LOAD_LENIENT) != 0;
	snprintf(path, sizeof path, "%s/conventions.md", spec_dir);
	if ((rc = arb__spec_load_section(rb, path, "conventions", "conventions", "CONV", err)))
		goto done;
	if (!(d = opendir(spec_dir))) {
		rc = arb_error_set(err, ARB_EIO, spec_dir, 0, 0, NULL, "cannot open directory: %s",
		                   strerror(errno));
		goto done;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/ruleset.md", spec_dir, de->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		fclose(f);
		if (n_names == cap) {
			cap = cap ? cap * 2 : 8;
			char **nn =
			    cap <= SIZE_MAX / sizeof *nn ? realloc(names, cap * sizeof *nn) : NULL;
			if (!nn) {
				rc = ARB_ENOMEM;
				goto done;
			}
			names = nn;
		}
		if (!(names[n_names] = strdup(de->d_name))) {
			rc = ARB_ENOMEM;
			goto done;
		}
		n_names++;
	}
	if (n_names)
		qsort(names, n_names, sizeof *names, cmp_str);
	for (size_t i = 0; i < n_names && rc == ARB_OK; i++) {
		rc = arb__spec_load_ruleset(rb, spec_dir, names[i], err);
		if (rc == ARB_OK)
			rc = arb__spec_check_unlisted(rb, spec_dir, names[i], err);
	}
	if (rc == ARB_OK)
		rc = check_references(rb, err);
done:
	if (d)
		closedir(d);
	for (size_t i = 0; i < n_names; i++)
		free(names[i]);
	free(names);
	if (rc == ARB_ENOMEM && !err->message[0])
		arb_error_set(err, ARB_ENOMEM, spec_dir, 0, 0, NULL, "out of memory");
	if (rc) {
		arb_rulebook_free(rb);
		return rc;
	}
	*out = rb;
	return ARB_OK;
}

void arb_rulebook_free(arb_rulebook *rb)
{
	if (!rb)
		return;
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		arb__ptrvec_free(&r->precedence);
		arb__ptrvec_free(&r->profiles);
		arb__ptrvec_free(&r->placements);
		arb__ptrvec_free(&r->fact_names);
		arb__ptrvec_free(&r->fact_types);
		arb__ptrvec_free(&r->tables);
	}
	arb__ptrvec_free(&rb->rulesets);
	arb__ptrvec_free(&rb->clauses);
	arb__idmap_free(&rb->clause_by_id);
	arb__ptrvec_free(&rb->problems);
	arb__ptrvec_free(&rb->flows);
	arb__arena_free(rb->arena);
	free(rb);
}

size_t arb_rulebook_flow_count(const arb_rulebook *rb)
{
	return rb->flows.n;
}

const arb_flow *arb_rulebook_flow_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->flows.n ? rb->flows.v[i] : NULL;
}

size_t arb_rulebook_problem_count(const arb_rulebook *rb)
{
	return rb->problems.n;
}

const arb_error *arb_rulebook_problem_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->problems.n ? rb->problems.v[i] : NULL;
}

size_t arb_rulebook_clause_count(const arb_rulebook *rb)
{
	return rb->clauses.n;
}

const arb_clause *arb_rulebook_clause_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->clauses.n ? rb->clauses.v[i] : NULL;
}

const arb_clause *arb_rulebook_clause(const arb_rulebook *rb, const char *id)
{
	return arb__idmap_get(&rb->clause_by_id, id);
}

const arb_param *arb_clause_param(const arb_clause *c, const char *name)
{
	for (size_t i = 0; i < c->n_params; i++)
		if (strcmp(c->params[i].name, name) == 0)
			return &c->params[i];
	return NULL;
}

size_t arb_rulebook_ruleset_count(const arb_rulebook *rb)
{
	return rb->rulesets.n;
}

const char *arb_rulebook_ruleset_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->rulesets.n ? ((const rb_ruleset *)rb->rulesets.v[i])->name : NULL;
}

bool arb_rulebook_has_ruleset(const arb_rulebook *rb, const char *ruleset)
{
	return ruleset && arb__spec_find_ruleset(rb, ruleset) != NULL;
}

bool arb_rulebook_has_section(const arb_rulebook *rb, const char *ruleset, const char *section)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r && section[0] && strcmp(section, "*") != 0 &&
	       arb__word_in(r->section_list, section);
}

bool arb_rulebook_declares(const arb_rulebook *rb, const char *ruleset, const char *list,
                           const char *word)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	if (!r || !word || !word[0] || strchr(word, ' '))
		return false;
	if (strcmp(list, "facts") == 0)
		return arb_rulebook_fact_type(rb, ruleset, word) != NULL;
	for (size_t i = 0; arb__spec_vocab[i]; i++)
		if (strcmp(arb__spec_vocab[i], list) == 0)
			return arb__word_in(r->lists[i], word) && strcmp(word, "*") != 0;
	return false;
}

const char *arb_rulebook_vocabulary(const arb_rulebook *rb, const char *ruleset, const char *list)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	if (!r || !list)
		return NULL;
	/* the facts list holds name:type; its names are kept apart */
	if (strcmp(list, "facts") == 0)
		return r->fact_list ? r->fact_list : "";
	for (size_t i = 0; arb__spec_vocab[i]; i++)
		if (strcmp(arb__spec_vocab[i], list) == 0)
			return r->lists[i];
	return NULL;
}

const char *arb_rulebook_fact_type(const arb_rulebook *rb, const char *ruleset, const char *fact)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	if (!r || !fact)
		return NULL;
	for (size_t i = 0; i < r->fact_names.n; i++)
		if (strcmp(r->fact_names.v[i], fact) == 0)
			return r->fact_types.v[i];
	return NULL;
}

size_t arb_rulebook_precedence_count(const arb_rulebook *rb, const char *ruleset)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r ? r->precedence.n : 0;
}

const arb_precedence *arb_rulebook_precedence_at(const arb_rulebook *rb, const char *ruleset,
                                                 size_t i)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r && i < r->precedence.n ? r->precedence.v[i] : NULL;
}

size_t arb_rulebook_placement_count(const arb_rulebook *rb, const char *ruleset)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r ? r->placements.n : 0;
}

const arb_placement *arb_rulebook_placement_at(const arb_rulebook *rb, const char *ruleset,
                                               size_t i)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r && i < r->placements.n ? r->placements.v[i] : NULL;
}

size_t arb_rulebook_profile_count(const arb_rulebook *rb, const char *ruleset)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r ? r->profiles.n : 0;
}

const arb_profile_entry *arb_rulebook_profile_at(const arb_rulebook *rb, const char *ruleset,
                                                 size_t i)
{
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	return r && i < r->profiles.n ? r->profiles.v[i] : NULL;
}

bool arb_rulebook_profile_reading(const arb_rulebook *rb, const char *ruleset, const char *profile,
                                  const char *clause, const char **reading)
{
	*reading = NULL;
	if (!profile || strcmp(profile, "all") == 0)
		return true;
	const rb_ruleset *r = arb__spec_find_ruleset(rb, ruleset);
	if (!r)
		return false;
	bool exists = false;
	for (size_t i = 0; i < r->profiles.n; i++) {
		const rb_profile_entry *e = r->profiles.v[i];
		if (strcmp(e->profile, profile) != 0)
			continue;
		exists = true;
		if (strcmp(e->clause, clause) == 0)
			*reading = e->reading;
	}
	return exists;
}
