/*
 * lint.c: the rulebook's own health (`arbiter lint`). Every finding names a
 * file and line, a clause where there is one, a kind and one sentence. The
 * checks only read: the rulebook, the predicates linked into the program,
 * and the verdicts of the cases.
 */
#include "engine.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct arb_lint {
	arb_finding *f;
	size_t n, cap;
	arb_trace_row *rows;
	size_t n_rows;
};

static const char *const kKinds[] = {"structure",  "reference",  "traceability", "staleness",
                                     "assumption", "precedence", "words"};
static const char *const kSev[] = {"info", "warning", "error"};

const char *arb_lint_kind_name(arb_lint_kind k)
{
	return (unsigned)k < sizeof kKinds / sizeof *kKinds ? kKinds[k] : "?";
}

const char *arb_severity_name(arb_severity s)
{
	return (unsigned)s < 3 ? kSev[s] : "?";
}

int arb_severity_parse(const char *s, arb_severity *out)
{
	for (int i = 0; i < 3; i++)
		if (strcmp(s, kSev[i]) == 0) {
			*out = (arb_severity)i;
			return 0;
		}
	return -1;
}

int arb_lint_add(arb_lint *l, const arb_finding *f)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		arb_finding *nf = realloc(l->f, cap * sizeof *nf);
		if (!nf)
			return ARB_ENOMEM;
		l->f = nf;
		l->cap = cap;
	}
	l->f[l->n++] = *f;
	return ARB_OK;
}

/* Drops a UTF-8 sequence cut short at the end of s (by a size limit). */
static void utf8_trim(char *s)
{
	size_t n = strlen(s), k = n;
	while (k > 0 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
		k--; /* continuation bytes */
	if (k == 0 || (unsigned char)s[k - 1] < 0x80)
		return;
	unsigned char lead = (unsigned char)s[k - 1];
	size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
	if (n - (k - 1) < want)
		s[k - 1] = '\0';
}

/* The ruleset a spec file belongs to: the name of its directory, if that is
 * a ruleset of rb; NULL for spec/conventions.md. */
static bool file_in_ruleset(const arb_rulebook *rb, const char *file, const char *ruleset)
{
	const char *slash = strrchr(file, '/');
	if (!slash)
		return false;
	const char *dir = slash;
	while (dir > file && dir[-1] != '/')
		dir--;
	size_t n = (size_t)(slash - dir);
	(void)rb;
	return strlen(ruleset) == n && strncmp(dir, ruleset, n) == 0;
}

static int add(arb_lint *l, arb_lint_kind kind, arb_severity sev, const char *code,
               const char *ruleset, const char *clause, const char *file, long line,
               const char *fmt, ...) __attribute__((format(printf, 9, 10)));
static int add(arb_lint *l, arb_lint_kind kind, arb_severity sev, const char *code,
               const char *ruleset, const char *clause, const char *file, long line,
               const char *fmt, ...)
{
	arb_finding f = {.kind = kind,
	                 .severity = sev,
	                 .code = code,
	                 .ruleset = ruleset,
	                 .clause = clause,
	                 .file = file,
	                 .line = line};
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f.message, sizeof f.message, fmt, ap);
	va_end(ap);
	utf8_trim(f.message);
	return arb_lint_add(l, &f);
}

static bool in_scope(const char *want, const char *ruleset)
{
	return !want || (ruleset && strcmp(want, ruleset) == 0);
}

/* ---- 1. structure ---- */

static const char *problem_code(const arb_error *e)
{
	if (strcmp(e->field, "id") == 0)
		return "duplicate-id";
	if (strcmp(e->field, "precedence") == 0)
		return strstr(e->message, "cycle") ? "precedence-cycle"
		                                   : "precedence-unknown-clause";
	if (strcmp(e->field, "profile") == 0)
		return "profile-unknown-clause";
	if (strcmp(e->field, "sections") == 0)
		return "unlisted-section";
	if (strcmp(e->field, "tolerance") == 0)
		return "tolerance";
	if (strcmp(e->field, "phases") == 0)
		return "placement-invalid";
	if (strcmp(e->field, "facts") == 0)
		return "fact-type";
	return "structure";
}

static const char *first_ruleset(const arb_rulebook *rb)
{
	for (size_t k = 0; k < arb_rulebook_clause_count(rb); k++) {
		const char *rs = arb_rulebook_clause_at(rb, k)->ruleset;
		if (strcmp(rs, "conventions") != 0)
			return rs;
	}
	return "";
}

static int lint_problems(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	int rc = ARB_OK;
	for (size_t i = 0; i < arb_rulebook_problem_count(rb) && !rc; i++) {
		const arb_error *e = arb_rulebook_problem_at(rb, i);
		/* A ruleset's problems are in its directory; the others (conventions.md)
		 * go with the first ruleset, so that a run per ruleset shows them once. */
		bool own = false, any = false;
		for (size_t k = 0; k < arb_rulebook_clause_count(rb); k++) {
			const char *rs = arb_rulebook_clause_at(rb, k)->ruleset;
			if (file_in_ruleset(rb, e->file, rs)) {
				any = true;
				own = own || !ruleset || strcmp(rs, ruleset) == 0;
			}
		}
		if (ruleset && !own && (any || strcmp(first_ruleset(rb), ruleset) != 0))
			continue;
		rc = add(l, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, problem_code(e), NULL, NULL, e->file,
		         e->line, "%s", e->message);
	}
	return rc;
}

/* Every linked predicate, bound or not: its clause, kind and parameters. */
static int lint_predicates(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	int rc = ARB_OK;
	size_t n = arb_predicate_linked_count();
	for (size_t i = 0; i < n && !rc; i++) {
		const arb_predicate *p = arb_predicate_linked_at(i);
		if (!arb_rulebook_has_ruleset(rb, p->ruleset) || !in_scope(ruleset, p->ruleset))
			continue;
		const arb_clause *c = arb_rulebook_clause(rb, p->clause);
		if (!c) {
			rc = add(l, ARB_LINT_TRACE, ARB_SEV_ERROR, "predicate-unknown-clause",
			         p->ruleset, p->clause, p->src_file, p->src_line,
			         "a predicate encodes %s, which spec/ does not contain", p->clause);
			continue;
		}
		if (c->kind == ARB_KIND_ADVISORY || c->kind == ARB_KIND_FLAVOUR)
			rc = add(l, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, "predicate-non-normative",
			         p->ruleset, p->clause, p->src_file, p->src_line,
			         "a predicate encodes %s, which is %s text", p->clause,
			         arb_clause_kind_name(c->kind));
		const char *s = p->params ? p->params : "";
		while (*s && !rc) {
			s += strspn(s, " ");
			size_t k = strcspn(s, " ");
			if (!k)
				break;
			char cl[96], nm[96];
			const char *colon = memchr(s, ':', k);
			snprintf(cl, sizeof cl, "%.*s",
			         colon ? (int)(colon - s) : (int)strlen(p->clause),
			         colon ? s : p->clause);
			snprintf(nm, sizeof nm, "%.*s", colon ? (int)(s + k - colon - 1) : (int)k,
			         colon ? colon + 1 : s);
			const arb_clause *pc = arb_rulebook_clause(rb, cl);
			if (!pc || !arb_clause_param(pc, nm))
				rc = add(l, ARB_LINT_STRUCTURE, ARB_SEV_ERROR,
				         "undeclared-parameter", p->ruleset, p->clause, p->src_file,
				         p->src_line,
				         "the predicate of %s reads parameter '%s' of %s, which "
				         "the text "
				         "does not declare",
				         p->clause, nm, cl);
			s += k;
		}
	}
	return rc;
}

/* Whether any linked predicate reads parameter name of clause c. */
static bool param_used(const arb_clause *c, const char *name)
{
	size_t n = arb_predicate_linked_count(), nl = strlen(name), cl = strlen(c->id);
	for (size_t i = 0; i < n; i++) {
		const arb_predicate *p = arb_predicate_linked_at(i);
		const char *s = p->params ? p->params : "";
		while (*s) {
			s += strspn(s, " ");
			size_t k = strcspn(s, " ");
			if (!k)
				break;
			bool own =
			    strcmp(p->clause, c->id) == 0 && k == nl && memcmp(s, name, nl) == 0;
			bool other = k == cl + 1 + nl && memcmp(s, c->id, cl) == 0 &&
			             s[cl] == ':' && memcmp(s + cl + 1, name, nl) == 0;
			if (own || other)
				return true;
			s += k;
		}
	}
	return false;
}

static bool has_predicate(const char *clause)
{
	for (size_t i = 0; i < arb_predicate_linked_count(); i++)
		if (strcmp(arb_predicate_linked_at(i)->clause, clause) == 0)
			return true;
	return false;
}

static int lint_parameters(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	int rc = ARB_OK;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb) && !rc; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		/* An ID retired in ruleset.md must never name new text. */
		if (in_scope(ruleset, c->ruleset) &&
		    arb_rulebook_declares(rb, c->ruleset, "retired", c->id))
			rc = add(
			    l, ARB_LINT_STRUCTURE, ARB_SEV_ERROR, "reused-id", c->ruleset, c->id,
			    c->file, c->line,
			    "%s was retired (ruleset.md, retired:) and is used again: give the new "
			    "text a new ID",
			    c->id);
		/* Unencoded clauses are reported as such; their numbers wait with them. */
		if (!in_scope(ruleset, c->ruleset) || !has_predicate(c->id))
			continue;
		for (size_t k = 0; k < c->n_params && !rc; k++)
			if (!param_used(c, c->params[k].name))
				rc = add(l, ARB_LINT_STRUCTURE, ARB_SEV_WARNING, "unused-parameter",
				         c->ruleset, c->id, c->file, c->line,
				         "%s states %s as '%s', and no predicate reads it", c->id,
				         c->params[k].raw, c->params[k].name);
	}
	return rc;
}

/* ---- 2. references ---- */

static bool section_exists(const arb_rulebook *rb, const char *target)
{
	const char *slash = strchr(target, '/');
	char rs[128];
	if (!slash || (size_t)(slash - target) >= sizeof rs)
		return false;
	snprintf(rs, sizeof rs, "%.*s", (int)(slash - target), target);
	return arb_rulebook_has_section(rb, rs, slash + 1);
}

/* The clause that defines term: one marked {def:term}, or else the first
 * clause under a heading that names it (special rules are defined by
 * their heading: "Stand and Shoot:"). */
static const arb_clause *term_definition(const arb_rulebook *rb, const char *ruleset,
                                         const char *term)
{
	const arb_clause *by_heading = NULL;
	size_t tn = strlen(term);
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (strcmp(c->ruleset, ruleset) != 0)
			continue;
		for (size_t k = 0; k < c->n_defines; k++)
			if (strcmp(c->defines[k], term) == 0)
				return c;
		size_t hn = strlen(c->heading);
		while (hn && (c->heading[hn - 1] == ':' || c->heading[hn - 1] == ' '))
			hn--;
		if (!by_heading && hn == tn && strncasecmp(c->heading, term, tn) == 0)
			by_heading = c;
	}
	return by_heading;
}

static int lint_references(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	int rc = ARB_OK;
	size_t n = arb_rulebook_clause_count(rb);
	for (size_t i = 0; i < n && !rc; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (!in_scope(ruleset, c->ruleset))
			continue;
		for (size_t k = 0; k < c->n_refs && !rc; k++) {
			const char *arrow = strstr(c->refs[k], " -> ");
			const char *target = arrow ? arrow + 4 : "?";
			int words = arrow ? (int)(arrow - c->refs[k]) : (int)strlen(c->refs[k]);
			if (strcmp(target, "?") == 0)
				rc =
				    add(l, ARB_LINT_REFERENCE, ARB_SEV_WARNING,
				        "unresolved-reference", c->ruleset, c->id, c->file, c->line,
				        "%s refers to '%.*s', which the rulebook resolves nowhere",
				        c->id, words, c->refs[k]);
			else if (strcmp(target, "?table") == 0)
				rc = add(
				    l, ARB_LINT_REFERENCE, ARB_SEV_WARNING, "missing-table",
				    c->ruleset, c->id, c->file, c->line,
				    "%s promises a table ('%.*s') that the text does not contain",
				    c->id, words, c->refs[k]);
			else if (!arb_rulebook_clause(rb, target) && !section_exists(rb, target))
				rc = add(
				    l, ARB_LINT_REFERENCE, ARB_SEV_ERROR, "dangling-reference",
				    c->ruleset, c->id, c->file, c->line,
				    "%s refers to %s, which is neither a clause nor a section of "
				    "spec/",
				    c->id, target);
		}
		/* A parameter the text promises: a gap wherever a verdict needs
		 * it, until an errata table gives it. */
		for (size_t k = 0; k < c->n_params && !rc; k++) {
			const arb_param *pm = &c->params[k];
			if (!pm->unresolved)
				continue;
			if (pm->n_rows)
				rc = add(
				    l, ARB_LINT_REFERENCE, ARB_SEV_INFO, "tabled-parameter",
				    c->ruleset, c->id, c->file, c->line,
				    "%s's parameter '%s', promised ('%s') and not given by the "
				    "text, is given by %zu row%s of %s:%ld",
				    c->id, pm->name, pm->raw, pm->n_rows,
				    pm->n_rows == 1 ? "" : "s", pm->rows[0].file, pm->rows[0].line);
			else
				rc = add(
				    l, ARB_LINT_REFERENCE, ARB_SEV_WARNING, "unresolved-parameter",
				    c->ruleset, c->id, c->file, c->line,
				    "%s's parameter '%s' is promised ('%s') and not given: a "
				    "verdict that needs it is a gap of the text until an errata "
				    "table gives it (errata.md, ## Tables)",
				    c->id, pm->name, pm->raw);
		}
		/* A term is reported once per ruleset, at its first use. */
		for (size_t k = 0; k < c->n_terms && !rc; k++) {
			const char *t = c->terms[k];
			bool earlier = false;
			for (size_t j = 0; j <= i && !earlier; j++) {
				const arb_clause *o = arb_rulebook_clause_at(rb, j);
				if (strcmp(o->ruleset, c->ruleset) != 0)
					continue;
				for (size_t m = 0; m < o->n_terms && !earlier; m++)
					earlier = (j < i || m < k) && strcmp(o->terms[m], t) == 0;
			}
			if (earlier || term_definition(rb, c->ruleset, t))
				continue;
			size_t uses = 0;
			for (size_t j = 0; j < n; j++) {
				const arb_clause *o = arb_rulebook_clause_at(rb, j);
				for (size_t m = 0; m < o->n_terms; m++)
					uses += strcmp(o->ruleset, c->ruleset) == 0 &&
					        strcmp(o->terms[m], t) == 0;
			}
			rc = add(
			    l, ARB_LINT_REFERENCE, ARB_SEV_WARNING, "undefined-term", c->ruleset,
			    c->id, c->file, c->line,
			    "'%s' is used %zu time%s in %s and defined nowhere in it (first in %s)",
			    t, uses, uses == 1 ? "" : "s", c->ruleset, c->id);
		}
		for (size_t k = 0; k < c->n_defines && !rc; k++) {
			const arb_clause *d = term_definition(rb, c->ruleset, c->defines[k]);
			if (d && d != c)
				rc = add(l, ARB_LINT_REFERENCE, ARB_SEV_WARNING,
				         "term-defined-twice", c->ruleset, c->id, c->file, c->line,
				         "%s defines '%s' again (first defined by %s)", c->id,
				         c->defines[k], d->id);
		}
	}
	return rc;
}

/* ---- 3 and 4. traceability and staleness ---- */

typedef struct cover {
	bool pos, neg, na;
} cover;

static bool normative(const arb_clause *c)
{
	return c->kind <= ARB_KIND_PROCEDURE;
}

static int lint_trace(arb_lint *l, const arb_rulebook *rb, const arb_oracle *o,
                      const arb_caseset *cs, const char *ruleset, arb_error *err)
{
	size_t nc = arb_rulebook_clause_count(rb), np = o ? o->n : 0;
	size_t ncases = cs ? arb_caseset_count(cs) : 0;
	cover *pc = calloc(np + 1, sizeof *pc);
	int rc = ARB_OK;
	l->rows = calloc(nc + 1, sizeof *l->rows);
	if (!pc || !l->rows) {
		free(pc);
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	}
	for (size_t i = 0; i < nc; i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (c && in_scope(ruleset, c->ruleset) && c->kind != ARB_KIND_CONVENTION)
			l->rows[l->n_rows++].clause = c;
	}
	/* Judge every case once: which predicates held and were violated where.
	 * Cases loaded against the oracle's rulebook were validated then. */
	unsigned flags = ARB_JUDGE_TERSE;
	if (o && cs && arb__caseset_validated(cs, o->rb))
		flags |= ARB_JUDGE_VALIDATED;
	for (size_t i = 0; i < ncases && o && !rc; i++) {
		const arb_case *k = arb_caseset_at(cs, i);
		if (!in_scope(ruleset, k->scenario->ruleset))
			continue;
		for (size_t r = 0; r < l->n_rows; r++) {
			const arb_clause *rc_of = l->rows[r].clause; /* every row has one */
			l->rows[r].cases_target += rc_of && strcmp(rc_of->id, k->target) == 0;
		}
		arb_verdict *v = NULL;
		if ((rc = arb_judge_ex(&v, o, k->scenario, k->profile, flags, err)))
			break;
		for (size_t r = 0; r < l->n_rows; r++) {
			bool pos = false, neg = false;
			const arb_clause *rc_of = l->rows[r].clause;
			for (size_t t = 0; rc_of && t < v->n_trace; t++) {
				if (strcmp(v->trace[t].pred->clause, rc_of->id) != 0)
					continue;
				arb_outcome oc = v->trace[t].result.outcome;
				pos =
				    pos || oc == ARB_HOLDS || oc == ARB_PERMITS || oc == ARB_VALUE;
				neg = neg || oc == ARB_VIOLATED;
			}
			l->rows[r].cases_pos += pos;
			l->rows[r].cases_neg += neg;
		}
		for (size_t t = 0, b = 0; t < v->n_trace; t++) {
			while (b < np && (o->bound[b].pred != v->trace[t].pred ||
			                  o->bound[b].reading != v->trace[t].reading))
				b++;
			if (b == np)
				break;
			arb_outcome oc = v->trace[t].result.outcome;
			pc[b].pos |= oc == ARB_HOLDS || oc == ARB_PERMITS || oc == ARB_VALUE;
			pc[b].neg |= oc == ARB_VIOLATED;
			pc[b].na |= oc == ARB_NA;
		}
		arb_verdict_free(v);
	}
	if (!o && !rc)
		rc = add(l, ARB_LINT_TRACE, ARB_SEV_ERROR, "not-bound", ruleset, NULL, NULL, 0,
		         "the predicates could not be bound to spec/ (see the findings above), so "
		         "no case was judged for coverage");
	for (size_t r = 0; r < l->n_rows && !rc; r++) {
		arb_trace_row *row = &l->rows[r];
		const arb_clause *c = row->clause;
		if (!c)
			continue;
		for (size_t b = 0; b < np; b++)
			if (o->bound[b].clause == c) {
				row->predicates++;
				row->stale += o->bound[b].stale;
			}
		if (!o)
			row->predicates = has_predicate(c->id);
		if (normative(c) && row->predicates == 0)
			rc = add(l, ARB_LINT_TRACE, ARB_SEV_WARNING, "unencoded", c->ruleset, c->id,
			         c->file, c->line, "%s is a %s clause with no predicate", c->id,
			         arb_clause_kind_name(c->kind));
		else if (!normative(c) && row->cases_target)
			rc = add(l, ARB_LINT_TRACE, ARB_SEV_WARNING, "case-targets-non-normative",
			         c->ruleset, c->id, c->file, c->line,
			         "%zu case(s) target %s, a %s clause", row->cases_target, c->id,
			         arb_clause_kind_name(c->kind));
		else if (row->predicates && o && cs && row->cases_target == 0)
			rc = add(l, ARB_LINT_TRACE, ARB_SEV_WARNING, "no-target-case", c->ruleset,
			         c->id, c->file, c->line, "no case targets %s", c->id);
	}
	for (size_t b = 0; b < np && !rc; b++) {
		const arb_bound *bd = &o->bound[b];
		const arb_predicate *p = bd->pred;
		if (!in_scope(ruleset, p->ruleset))
			continue;
		if (bd->stale) {
			char ids[160] = "";
			size_t n = 0, len = 0;
			for (size_t i = 0; i < ncases; i++) {
				const arb_case *k = arb_caseset_at(cs, i);
				if (strcmp(k->target, p->clause) != 0)
					continue;
				if (n < 4) {
					int w = snprintf(ids + len, sizeof ids - len, "%s%s",
					                 n ? ", " : "", k->id);
					if (w > 0 && (size_t)w < sizeof ids - len)
						len += (size_t)w;
				}
				n++;
			}
			rc = add(l, ARB_LINT_STALE, ARB_SEV_ERROR, "stale-predicate", p->ruleset,
			         p->clause, p->src_file, p->src_line,
			         "the predicate of %s%s%s was written against text %s, the clause "
			         "is now "
			         "%s; %zu case(s) target it%s%s%s",
			         p->clause, bd->reading ? "/" : "", bd->reading ? bd->reading : "",
			         p->fingerprint, bd->clause->fingerprint, n, n ? " (" : "", ids,
			         n > 4 ? ", ...)"
			         : n   ? ")"
			               : "");
		}
		if (!cs || rc)
			continue;
		bool grant = bd->clause->kind == ARB_KIND_PERMISSION ||
		             bd->clause->kind == ARB_KIND_DERIVATION;
		bool both = pc[b].pos && (pc[b].neg || (grant && pc[b].na));
		if (!both)
			rc = add(l, ARB_LINT_TRACE, ARB_SEV_WARNING, "not-seen-both-ways",
			         p->ruleset, p->clause, p->src_file, p->src_line,
			         "the predicate of %s%s%s was never seen %s in the cases",
			         p->clause, bd->reading ? "/" : "", bd->reading ? bd->reading : "",
			         !pc[b].pos ? (grant ? "granting" : "holding")
			                    : (grant ? "declining" : "violated"));
	}
	free(pc);
	return rc;
}

/* ---- 5. assumptions ---- */

/* Whether word occurs in text as a whole word, ignoring case. */
static bool has_word(const char *text, const char *word, size_t n)
{
	for (const char *p = text; *p; p++) {
		if (strncasecmp(p, word, n) != 0)
			continue;
		bool start = p == text || !isalnum((unsigned char)p[-1]);
		bool end = !isalnum((unsigned char)p[n]);
		if (start && end)
			return true;
	}
	return false;
}

/* The first clause of ruleset whose text or parameters show the trigger. */
static const arb_clause *relies(const arb_rulebook *rb, const char *ruleset, const char *when,
                                char *why, size_t why_n)
{
	for (const char *t = when; *t;) {
		size_t k = strcspn(t, "|");
		for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
			const arb_clause *c = arb_rulebook_clause_at(rb, i);
			if (strcmp(c->ruleset, ruleset) != 0 || !normative(c))
				continue;
			if (k > 5 && strncmp(t, "unit:", 5) == 0) {
				for (size_t m = 0; m < c->n_params; m++)
					if (strlen(c->params[m].unit) == k - 5 &&
					    strncmp(c->params[m].unit, t + 5, k - 5) == 0) {
						snprintf(why, why_n, "%s states %s", c->id,
						         c->params[m].raw);
						return c;
					}
			} else if (has_word(c->text, t, k)) {
				snprintf(why, why_n, "%s says '%.*s'", c->id, (int)k, t);
				return c;
			}
		}
		t += k;
		if (*t == '|')
			t++;
	}
	return NULL;
}

static int lint_assumptions(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	int rc = ARB_OK;
	/* The rulesets, in the order of the text. */
	const char *seen[32];
	size_t n_seen = 0;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb) && n_seen < 32; i++) {
		const char *rs = arb_rulebook_clause_at(rb, i)->ruleset;
		bool dup = strcmp(rs, "conventions") == 0;
		for (size_t k = 0; k < n_seen && !dup; k++)
			dup = strcmp(seen[k], rs) == 0;
		if (!dup)
			seen[n_seen++] = rs;
	}
	for (size_t r = 0; r < n_seen && !rc; r++) {
		if (!in_scope(ruleset, seen[r]))
			continue;
		for (size_t i = 0; i < arb_rulebook_clause_count(rb) && !rc; i++) {
			const arb_clause *conv = arb_rulebook_clause_at(rb, i);
			if (conv->kind != ARB_KIND_CONVENTION || !conv->when ||
			    arb_rulebook_declares(rb, seen[r], "states", conv->id))
				continue;
			char why[160];
			const arb_clause *c = relies(rb, seen[r], conv->when, why, sizeof why);
			char quote[161];
			snprintf(quote, sizeof quote, "%s", conv->text);
			utf8_trim(quote);
			if (c)
				rc = add(l, ARB_LINT_ASSUMPTION, ARB_SEV_INFO, "assumption",
				         seen[r], conv->id, c->file, c->line,
				         "%s relies on %s without stating it (%s): \"%s\"", seen[r],
				         conv->id, why, quote);
		}
	}
	return rc;
}

/* ---- driver ---- */

/* ---- 6. precedence and placement, as the text declares them ---- */

static int lint_precedence(arb_lint *l, const arb_rulebook *rb, const char *ruleset)
{
	int rc = ARB_OK;
	for (size_t i = 0; i < arb_rulebook_ruleset_count(rb) && !rc; i++) {
		const char *rs = arb_rulebook_ruleset_at(rb, i);
		if (!in_scope(ruleset, rs))
			continue;
		for (size_t k = 0; k < arb_rulebook_precedence_count(rb, rs) && !rc; k++) {
			const arb_precedence *p = arb_rulebook_precedence_at(rb, rs, k);
			if (p->words && p->arguable)
				rc = add(l, ARB_LINT_PRECEDENCE, ARB_SEV_INFO,
				         "arguable-precedence", rs, p->winner, p->file, p->line,
				         "whether \"%s\" ranks %s over %s is arguable: a reading "
				         "('%s over "
				         "%s: exception' or 'none' in a profile)",
				         p->words, p->winner, p->loser, p->winner, p->loser);
			else if (p->words) {
				/* the words as they read in the sentence, a little further on */
				const arb_clause *c = arb_rulebook_clause(rb, p->winner);
				const char *at = c ? strstr(c->text, p->words) : NULL;
				size_t wn = strlen(p->words), tail = at ? strlen(at) : 0;
				size_t show = wn >= 40 ? wn : tail < 41 ? tail : 41;
				rc = add(l, ARB_LINT_PRECEDENCE, ARB_SEV_INFO,
				         "declared-precedence", rs, p->winner, p->file, p->line,
				         "%s overrides %s%s, declared by the words \"%.*s%s\"",
				         p->winner, p->loser,
				         p->when_permits ? " where it permits" : "",
				         at ? (int)show : (int)wn, at ? at : p->words,
				         at && show < tail ? "..." : "");
			} else
				rc = add(
				    l, ARB_LINT_PRECEDENCE, ARB_SEV_INFO, "editor-precedence", rs,
				    p->winner, p->file, p->line,
				    "%s overrides %s by an editor's line, not by words of the text",
				    p->winner, p->loser);
		}
		for (size_t k = 0; k < arb_rulebook_placement_count(rb, rs) && !rc; k++) {
			const arb_placement *pl = arb_rulebook_placement_at(rb, rs, k);
			if (pl->kind == ARB_PLACE_SUBPHASE)
				rc = add(l, ARB_LINT_PRECEDENCE, ARB_SEV_INFO, "placement", rs,
				         pl->clause, pl->file, pl->line,
				         "the %s sub-phase is part of the %s phase: \"%s\" (%s)",
				         pl->name, pl->phase, pl->words, pl->clause);
			else if (pl->kind == ARB_PLACE_ACTION)
				rc = add(l, ARB_LINT_PRECEDENCE, ARB_SEV_INFO, "placement", rs,
				         pl->clause, pl->file, pl->line,
				         "a %s is made in the %s phase%s%s: \"%s\" (%s)", pl->name,
				         pl->phase, pl->subphase ? ", sub-phase " : "",
				         pl->subphase ? pl->subphase : "", pl->words, pl->clause);
			else
				rc = add(l, ARB_LINT_PRECEDENCE, ARB_SEV_INFO, "placement", rs,
				         pl->clause, pl->file, pl->line,
				         "a %s follows the rules of %s for a %s: \"%s\" (%s)",
				         pl->name, pl->section, pl->as_action, pl->words,
				         pl->clause);
		}
	}
	return rc;
}

/* Every named profile reads every ambiguous clause and every arguable
 * precedence of its ruleset: a profile that leaves one open is incomplete. */
static int lint_profiles(arb_lint *l, const arb_rulebook *rb, const arb_oracle *o,
                         const char *ruleset)
{
	int rc = ARB_OK;
	size_t np = o ? arb_oracle_predicate_count(o) : 0;
	for (size_t i = 0; i < arb_rulebook_ruleset_count(rb) && !rc; i++) {
		const char *rs = arb_rulebook_ruleset_at(rb, i);
		size_t ne = arb_rulebook_profile_count(rb, rs);
		if (!in_scope(ruleset, rs))
			continue;
		for (size_t e = 0; e < ne && !rc; e++) {
			const arb_profile_entry *pe = arb_rulebook_profile_at(rb, rs, e);
			bool first = true; /* each profile once: at its first line */
			for (size_t k = 0; k < e && first; k++)
				first = strcmp(arb_rulebook_profile_at(rb, rs, k)->profile,
				               pe->profile) != 0;
			if (!first)
				continue;
			for (size_t b = 0; b < np && !rc; b++) {
				const arb_predicate *p = arb_oracle_predicate_at(o, b);
				const char *want = NULL;
				if (strcmp(p->ruleset, rs) != 0 ||
				    !arb_oracle_predicate_reading(o, b) ||
				    (b > 0 && strcmp(arb_oracle_predicate_at(o, b - 1)->clause,
				                     p->clause) == 0))
					continue;
				arb_rulebook_profile_reading(rb, rs, pe->profile, p->clause, &want);
				if (!want)
					rc = add(l, ARB_LINT_PRECEDENCE, ARB_SEV_WARNING,
					         "profile-incomplete", rs, p->clause, pe->file,
					         pe->line, "profile '%s' picks no reading of %s",
					         pe->profile, p->clause);
			}
			for (size_t k = 0; k < arb_rulebook_precedence_count(rb, rs) && !rc; k++) {
				const arb_precedence *pr = arb_rulebook_precedence_at(rb, rs, k);
				char key[160];
				const char *want = NULL;
				if (!pr->arguable)
					continue;
				snprintf(key, sizeof key, "%s over %s", pr->winner, pr->loser);
				arb_rulebook_profile_reading(rb, rs, pe->profile, key, &want);
				if (!want)
					rc = add(
					    l, ARB_LINT_PRECEDENCE, ARB_SEV_WARNING,
					    "profile-incomplete", rs, pr->winner, pe->file,
					    pe->line,
					    "profile '%s' does not say whether %s is an exception",
					    pe->profile, key);
			}
		}
	}
	return rc;
}

static int cmp_finding(const void *a, const void *b)
{
	const arb_finding *x = a, *y = b;
	int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return strcmp(x->message, y->message);
}

int arb_lint_run(arb_lint **out, const arb_rulebook *rb, const arb_oracle *o, const arb_caseset *cs,
                 const char *ruleset, arb_error *err)
{
	*out = NULL;
	arb_lint *l = calloc(1, sizeof *l);
	if (!l)
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	if (ruleset && !arb_rulebook_has_ruleset(rb, ruleset)) {
		free(l);
		return arb_error_set(err, ARB_ENOTFOUND, NULL, 0, 0, "ruleset",
		                     "unknown ruleset '%s'", ruleset);
	}
	int rc = lint_problems(l, rb, ruleset);
	if (!rc)
		rc = lint_predicates(l, rb, ruleset);
	if (!rc)
		rc = lint_parameters(l, rb, ruleset);
	if (!rc)
		rc = lint_references(l, rb, ruleset);
	if (!rc)
		rc = arb__lint_words(l, rb, ruleset);
	if (!rc)
		rc = lint_trace(l, rb, o, cs, ruleset, err);
	if (!rc)
		rc = lint_assumptions(l, rb, ruleset);
	if (!rc)
		rc = lint_precedence(l, rb, ruleset);
	if (!rc)
		rc = lint_profiles(l, rb, o, ruleset);
	if (rc) {
		if (rc == ARB_ENOMEM && err && !err->message[0])
			arb_error_set(err, rc, NULL, 0, 0, NULL, "out of memory");
		arb_lint_free(l);
		return rc;
	}
	if (l->n)
		qsort(l->f, l->n, sizeof *l->f, cmp_finding);
	*out = l;
	return ARB_OK;
}

void arb_lint_sort(arb_lint *l)
{
	if (l && l->n)
		qsort(l->f, l->n, sizeof *l->f, cmp_finding);
}

void arb_lint_free(arb_lint *l)
{
	if (!l)
		return;
	free(l->f);
	free(l->rows);
	free(l);
}

size_t arb_lint_count(const arb_lint *l)
{
	return l->n;
}

const arb_finding *arb_lint_at(const arb_lint *l, size_t i)
{
	return i < l->n ? &l->f[i] : NULL;
}

size_t arb_lint_matrix(const arb_lint *l, const arb_trace_row **rows)
{
	*rows = l->rows;
	return l->n_rows;
}
