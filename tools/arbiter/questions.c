/*
 * questions.c: the questions files of spec/ (questions.h) and lint's check
 * of forbid/permit pairs. The pairs come from the markup alone (clause
 * kinds, the questions an editor declares, the precedence the text marks),
 * so that a new clause collides before anyone encodes it; where predicates
 * exist, their question tags must agree with the file, so it cannot drift.
 */
#include "questions.h"
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAME_MAX_ = 64, CLAUSE_MAX = 64 };

static void free_question(question_entry *q)
{
	for (size_t i = 0; i < q->n; i++)
		free(q->clauses[i]);
	free(q->clauses);
	free(q->columns);
	free(q->name);
}

void questions_free(question_list *ql)
{
	if (!ql)
		return;
	for (size_t i = 0; i < ql->nq; i++)
		free_question(&ql->q[i]);
	for (size_t i = 0; i < ql->nk; i++) {
		free(ql->k[i].constraint);
		free(ql->k[i].permission);
		free(ql->k[i].reason);
		free(ql->k[i].by);
	}
	free(ql->q);
	free(ql->k);
	free(ql->file);
	*ql = (question_list){0};
}

static bool name_byte(unsigned char c)
{
	return islower(c) || isdigit(c) || c == '.' || c == '_' || c == '-';
}

static bool id_byte(unsigned char c)
{
	return isupper(c) || isdigit(c) || c == '.';
}

static size_t skip_blank(const char *s, size_t i, size_t n)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* A clause ID at s[i..): capitals, digits and dots, a capital first. Sets
 * *end; false when there is none or it is too long. */
static bool read_id(const char *s, size_t i, size_t n, size_t *end)
{
	size_t j = i;
	while (j < n && id_byte((unsigned char)s[j]))
		j++;
	*end = j;
	return j > i && j - i <= CLAUSE_MAX && isupper((unsigned char)s[i]) && s[j - 1] != '.';
}

/* `ask QUESTION: CLAUSE...` from s[i..n), i after "ask". */
static int read_ask(question_list *ql, const char *s, size_t i, size_t n, long no, arb_error *err)
{
	size_t q0 = skip_blank(s, i, n), q1 = q0;
	while (q1 < n && name_byte((unsigned char)s[q1]))
		q1++;
	if (q1 == q0 || q1 - q0 > NAME_MAX_ || !isalpha((unsigned char)s[q0]))
		return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)q0 + 1, "question",
		                     "expected a question's name (small letters, digits, '.', "
		                     "'_', '-', a letter first, at most %d bytes)",
		                     NAME_MAX_);
	if (q1 == n || s[q1] != ':')
		return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)q1 + 1, "question",
		                     "expected ':' and the clauses after the question's name");
	for (size_t k = 0; k < ql->nq; k++)
		if (strlen(ql->q[k].name) == q1 - q0 && !strncmp(ql->q[k].name, s + q0, q1 - q0))
			return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)q0 + 1,
			                     "question",
			                     "question '%s' is asked already, at line %ld",
			                     ql->q[k].name, ql->q[k].line);
	if (ql->nq == ql->capq) {
		size_t cap = ql->capq ? ql->capq * 2 : 16;
		question_entry *nq = realloc(ql->q, cap * sizeof *nq);
		if (!nq)
			return ARB_ENOMEM;
		ql->q = nq;
		ql->capq = cap;
	}
	question_entry *q = &ql->q[ql->nq];
	*q = (question_entry){.name = strndup(s + q0, q1 - q0), .line = no};
	if (!q->name)
		return ARB_ENOMEM;
	ql->nq++; /* owned by ql from here: freed with it on any error */
	size_t cap = 0;
	for (size_t j = skip_blank(s, q1 + 1, n); j < n; j = skip_blank(s, j, n)) {
		size_t e;
		if (s[j] == '\r' && j + 1 == n)
			break;
		if (!read_id(s, j, n, &e) || (e < n && s[e] != ' ' && s[e] != '\t' && s[e] != '\r'))
			return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)j + 1, "clause",
			                     "expected a clause ID (SH.MOV.1), the clauses "
			                     "separated by spaces");
		for (size_t k = 0; k < q->n; k++)
			if (strlen(q->clauses[k]) == e - j && !strncmp(q->clauses[k], s + j, e - j))
				return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)j + 1,
				                     "clause", "%s is named twice in question '%s'",
				                     q->clauses[k], q->name);
		if (q->n == cap) {
			cap = cap ? cap * 2 : 8;
			char **nc = realloc(q->clauses, cap * sizeof *nc);
			if (!nc)
				return ARB_ENOMEM;
			q->clauses = nc;
			long *ncol = realloc(q->columns, cap * sizeof *ncol);
			if (!ncol)
				return ARB_ENOMEM;
			q->columns = ncol;
		}
		if (!(q->clauses[q->n] = strndup(s + j, e - j)))
			return ARB_ENOMEM;
		q->columns[q->n++] = (long)j + 1;
		j = e;
	}
	if (!q->n)
		return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)q1 + 2, "clause",
		                     "question '%s' names no clause", q->name);
	return ARB_OK;
}

/* `known CONSTRAINT PERMISSION: REASON` or `except CONSTRAINT PERMISSION:
 * CLAUSE "WORDS"` from s[i..n), i after the keyword. */
static int read_pair(question_list *ql, bool except, const char *s, size_t i, size_t n, long no,
                     arb_error *err)
{
	const char *field = except ? "except" : "known";
	size_t a0 = skip_blank(s, i, n), a1, b0, b1;
	if (!read_id(s, a0, n, &a1) || (b0 = skip_blank(s, a1, n)) == a1 || !read_id(s, b0, n, &b1))
		return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)a0 + 1, field,
		                     except ? "expected 'except CONSTRAINT PERMISSION: CLAUSE "
		                              "\"WORDS\"'"
		                            : "expected 'known CONSTRAINT PERMISSION: REASON'");
	if (b1 == n || s[b1] != ':')
		return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)b1 + 1, field,
		                     "expected ':' after the two clauses");
	size_t r0 = skip_blank(s, b1 + 1, n), r1 = n, y0 = 0, y1 = 0;
	while (r1 > r0 && (s[r1 - 1] == ' ' || s[r1 - 1] == '\t' || s[r1 - 1] == '\r'))
		r1--;
	if (r1 == r0)
		return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)r0 + 1, "reason",
		                     except ? "expected the clause and the quoted words that rank "
		                              "the pair"
		                            : "the pair has no reason: say why it is kept");
	if (except) {
		/* the clause whose words rank them, then its words in quotes (the
		 * last '"' closes them: the words may hold an inch mark) */
		y0 = r0;
		if (!read_id(s, y0, n, &y1) || (r0 = skip_blank(s, y1, r1)) == y1 || s[r0] != '"' ||
		    r1 - r0 < 3 || s[r1 - 1] != '"')
			return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)y0 + 1, "words",
			                     "expected CLAUSE \"WORDS\": the clause whose words "
			                     "rank the pair, and its words in quotes");
		r0++;
		r1--;
	}
	for (size_t k = 0; k < ql->nk; k++) {
		const known_entry *o = &ql->k[k];
		if (strlen(o->constraint) == a1 - a0 && !strncmp(o->constraint, s + a0, a1 - a0) &&
		    strlen(o->permission) == b1 - b0 && !strncmp(o->permission, s + b0, b1 - b0))
			return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)a0 + 1, field,
			                     "the pair %s %s is listed already, at line %ld",
			                     o->constraint, o->permission, o->line);
	}
	if (ql->nk == ql->capk) {
		size_t cap = ql->capk ? ql->capk * 2 : 16;
		known_entry *nk = realloc(ql->k, cap * sizeof *nk);
		if (!nk)
			return ARB_ENOMEM;
		ql->k = nk;
		ql->capk = cap;
	}
	known_entry *k = &ql->k[ql->nk];
	*k = (known_entry){.constraint = strndup(s + a0, a1 - a0),
	                   .permission = strndup(s + b0, b1 - b0),
	                   .reason = strndup(s + r0, r1 - r0),
	                   .by = except ? strndup(s + y0, y1 - y0) : NULL,
	                   .except = except,
	                   .line = no,
	                   .column_constraint = (long)a0 + 1,
	                   .column_permission = (long)b0 + 1,
	                   .column_by = (long)y0 + 1,
	                   .column_words = (long)r0 + 1};
	ql->nk++;
	if (!k->constraint || !k->permission || !k->reason || (except && !k->by))
		return ARB_ENOMEM;
	return ARB_OK;
}

static int read_line(question_list *ql, const char *s, size_t n, long no, arb_error *err)
{
	size_t i = skip_blank(s, 0, n);
	if (i == n || s[i] == '#' || (s[i] == '\r' && i + 1 == n))
		return ARB_OK;
	if (n - i > 4 && !strncmp(s + i, "ask", 3) && (s[i + 3] == ' ' || s[i + 3] == '\t'))
		return read_ask(ql, s, i + 3, n, no, err);
	if (n - i > 6 && !strncmp(s + i, "known", 5) && (s[i + 5] == ' ' || s[i + 5] == '\t'))
		return read_pair(ql, false, s, i + 5, n, no, err);
	if (n - i > 7 && !strncmp(s + i, "except", 6) && (s[i + 6] == ' ' || s[i + 6] == '\t'))
		return read_pair(ql, true, s, i + 6, n, no, err);
	return arb_error_set(err, ARB_EINPUT, ql->file, no, (long)i + 1, "line",
	                     "expected 'ask QUESTION: CLAUSE...', 'known CONSTRAINT PERMISSION: "
	                     "REASON', 'except CONSTRAINT PERMISSION: CLAUSE \"WORDS\"' or "
	                     "'# comment'");
}

int questions_read_text(question_list *out, const char *file, const char *text, size_t len,
                        arb_error *err)
{
	questions_free(out);
	if (!(out->file = strdup(file ? file : "")))
		return arb_error_set(err, ARB_ENOMEM, file, 0, 0, NULL, "out of memory");
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		long line = 1, col = 1;
		for (const char *p = text; p < nul; p++, col++)
			if (*p == '\n') {
				line++;
				col = 0;
			}
		arb_error_set(err, ARB_EINPUT, file, line, col, "line", "a NUL byte");
		questions_free(out);
		return ARB_EINPUT;
	}
	long no = 1;
	for (size_t at = 0; at < len; no++) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
		int rc = read_line(out, text + at, n, no, err);
		if (rc) {
			if (rc == ARB_ENOMEM)
				arb_error_set(err, rc, file, no, 1, NULL, "out of memory");
			questions_free(out);
			return rc;
		}
		at += n + 1;
	}
	return ARB_OK;
}

int questions_read_file(question_list *out, const char *path, arb_error *err)
{
	questions_free(out);
	char *buf;
	size_t n;
	int rc = cli_read_list(path, "file", &buf, &n, err);
	if (rc)
		return rc;
	if (!buf) /* none: an empty one */
		return (out->file = strdup(path))
		           ? ARB_OK
		           : arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL, "out of memory");
	rc = questions_read_text(out, path, buf, n, err);
	free(buf);
	return rc;
}

/* ---- the check ---- */

static bool listed(const question_entry *q, const char *id)
{
	for (size_t i = 0; i < q->n; i++)
		if (strcmp(q->clauses[i], id) == 0)
			return true;
	return false;
}

/* Whether a precedence of the ruleset (the text's words, arguable or not,
 * or an editor's line) ranks a over b or b over a: a declared exception is
 * not a collision (principle 2), an arguable one is a reading lint lists. */
static bool ranked(const arb_rulebook *rb, const char *ruleset, const char *a, const char *b)
{
	size_t n = arb_rulebook_precedence_count(rb, ruleset);
	for (size_t i = 0; i < n; i++) {
		const arb_precedence *p = arb_rulebook_precedence_at(rb, ruleset, i);
		if ((!strcmp(p->winner, a) && !strcmp(p->loser, b)) ||
		    (!strcmp(p->winner, b) && !strcmp(p->loser, a)))
			return true;
	}
	return false;
}

/* "text" cut to at most max bytes on a UTF-8 boundary, with "..." if cut. */
static void put_text(char *out, size_t cap, const char *t, size_t max)
{
	size_t n = strlen(t);
	bool cut = n > max;
	if (cut) {
		n = max;
		while (n > 0 && ((unsigned char)t[n] & 0xC0) == 0x80)
			n--;
	}
	snprintf(out, cap, "\"%.*s%s\"", (int)n, t, cut ? "..." : "");
}

static const arb_clause *clause_of(const arb_rulebook *rb, const char *ruleset, const char *id)
{
	const arb_clause *c = arb_rulebook_clause(rb, id);
	return c && strcmp(c->ruleset, ruleset) == 0 ? c : NULL;
}

/* The known or except line of the pair, or NULL. */
static known_entry *known_find(question_list *ql, const char *c, const char *p)
{
	for (size_t i = 0; i < ql->nk; i++)
		if (!strcmp(ql->k[i].constraint, c) && !strcmp(ql->k[i].permission, p))
			return &ql->k[i];
	return NULL;
}

/* The questions that list both a and b, joined by ", " into out. */
static void shared_questions(const question_list *ql, const char *a, const char *b, char *out,
                             size_t cap)
{
	size_t at = 0;
	out[0] = '\0';
	for (size_t i = 0; i < ql->nq && at < cap; i++)
		if (listed(&ql->q[i], a) && listed(&ql->q[i], b)) {
			int w =
			    snprintf(out + at, cap - at, "%s'%s'", at ? ", " : "", ql->q[i].name);
			at += w > 0 ? (size_t)w : 0;
		}
}

/* The first question (in the file's order) listing both, so that a pair in
 * several questions is one finding. */
static size_t first_shared(const question_list *ql, const char *a, const char *b)
{
	for (size_t i = 0; i < ql->nq; i++)
		if (listed(&ql->q[i], a) && listed(&ql->q[i], b))
			return i;
	return ql->nq;
}

static int add_pair(question_list *ql, arb_lint *l, const arb_clause *c, const arb_clause *p)
{
	char qs[64], tc[100], tp[100];
	shared_questions(ql, c->id, p->id, qs, sizeof qs);
	put_text(tc, sizeof tc, c->text, 92);
	put_text(tp, sizeof tp, p->text, 92);
	known_entry *k = known_find(ql, c->id, p->id);
	arb_finding f = {.kind = ARB_LINT_PRECEDENCE,
	                 .severity = k ? ARB_SEV_INFO : ARB_SEV_WARNING,
	                 .code = k ? "known-unranked-pair" : "unranked-pair",
	                 .ruleset = c->ruleset,
	                 .clause = c->id,
	                 .file = c->file,
	                 .line = c->line};
	if (k)
		k->uses++;
	/* sized to fit the message whole: the texts are what an editor reads */
	snprintf(f.message, sizeof f.message,
	         "unranked beside %.32s (permission): both answer %.63s: "
	         "%.99s / %.99s%s%.36s%s",
	         p->id, qs, tc, tp, k ? "; known: " : "", k ? k->reason : "",
	         k && strlen(k->reason) > 36 ? "..." : "");
	return arb_lint_add(l, &f);
}

int questions_lint(question_list *ql, arb_lint *l, const arb_rulebook *rb, const arb_oracle *o,
                   const char *ruleset, arb_error *err)
{
	int rc;
	/* every clause named is the ruleset's, every known pair a constraint and
	 * a permission that one question lists: else the file says nothing */
	for (size_t i = 0; i < ql->nq; i++)
		for (size_t j = 0; j < ql->q[i].n; j++)
			if (!clause_of(rb, ruleset, ql->q[i].clauses[j]))
				return arb_error_set(err, ARB_EINPUT, ql->file, ql->q[i].line,
				                     ql->q[i].columns[j], "clause",
				                     "%s is no clause of %s", ql->q[i].clauses[j],
				                     ruleset);
	for (size_t i = 0; i < ql->nk; i++) {
		known_entry *k = &ql->k[i];
		const char *field = k->except ? "except" : "known";
		const arb_clause *c = clause_of(rb, ruleset, k->constraint);
		const arb_clause *p = clause_of(rb, ruleset, k->permission);
		if (!c || c->kind != ARB_KIND_CONSTRAINT)
			return arb_error_set(err, ARB_EINPUT, ql->file, k->line,
			                     k->column_constraint, field,
			                     "%s is no constraint of %s", k->constraint, ruleset);
		if (!p || p->kind != ARB_KIND_PERMISSION)
			return arb_error_set(err, ARB_EINPUT, ql->file, k->line,
			                     k->column_permission, field,
			                     "%s is no permission of %s", k->permission, ruleset);
		if (first_shared(ql, c->id, p->id) == ql->nq)
			return arb_error_set(err, ARB_EINPUT, ql->file, k->line,
			                     k->column_constraint, field,
			                     "no question lists both %s and %s", c->id, p->id);
		if (k->except) {
			/* the words must be the text's, as `## Phases` quotes are: an
			 * edit of them undoes the ranking until someone reads it again */
			const arb_clause *by = clause_of(rb, ruleset, k->by);
			if (!by)
				return arb_error_set(err, ARB_EINPUT, ql->file, k->line,
				                     k->column_by, "words", "%s is no clause of %s",
				                     k->by, ruleset);
			if (!strstr(by->text, k->reason))
				return arb_error_set(
				    err, ARB_EINPUT, ql->file, k->line, k->column_words, "words",
				    "\"%s\" are not words of %s", k->reason, by->id);
		}
		k->uses = 0;
	}
	/* the pairs, once each, from the first question that lists both */
	for (size_t i = 0; i < ql->nq; i++) {
		const question_entry *q = &ql->q[i];
		for (size_t a = 0; a < q->n; a++) {
			const arb_clause *c = clause_of(rb, ruleset, q->clauses[a]);
			if (c->kind != ARB_KIND_CONSTRAINT)
				continue;
			for (size_t b = 0; b < q->n; b++) {
				const arb_clause *p = clause_of(rb, ruleset, q->clauses[b]);
				if (p->kind != ARB_KIND_PERMISSION ||
				    first_shared(ql, c->id, p->id) != i)
					continue;
				known_entry *k = known_find(ql, c->id, p->id);
				if (ranked(rb, ruleset, c->id, p->id)) {
					continue; /* a known or except line of it is unused */
				} else if (k && k->except) {
					k->uses++;
					continue;
				}
				if ((rc = add_pair(ql, l, c, p)))
					return arb_error_set(err, rc, ql->file, q->line, 1, NULL,
					                     "out of memory");
			}
		}
	}
	for (size_t i = 0; i < ql->nk; i++) {
		const known_entry *k = &ql->k[i];
		if (k->uses)
			continue;
		arb_finding f = {.kind = ARB_LINT_PRECEDENCE,
		                 .severity = ARB_SEV_WARNING,
		                 .code = k->except ? "unused-except" : "unused-known",
		                 .ruleset = ruleset,
		                 .clause = clause_of(rb, ruleset, k->constraint)->id,
		                 .file = ql->file,
		                 .line = k->line,
		                 .column = k->column_constraint};
		snprintf(f.message, sizeof f.message,
		         "the pair %s %s is listed, and a precedence of the text now ranks it: "
		         "remove the line",
		         k->constraint, k->permission);
		if ((rc = arb_lint_add(l, &f)))
			return arb_error_set(err, rc, ql->file, k->line, 1, NULL, "out of memory");
	}
	/* every constraint and permission is asked about, so that a new one
	 * meets the others before it is encoded */
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		if (strcmp(c->ruleset, ruleset) != 0 ||
		    (c->kind != ARB_KIND_CONSTRAINT && c->kind != ARB_KIND_PERMISSION))
			continue;
		bool any = false;
		for (size_t q = 0; q < ql->nq && !any; q++)
			any = listed(&ql->q[q], c->id);
		if (any)
			continue;
		arb_finding f = {.kind = ARB_LINT_PRECEDENCE,
		                 .severity = ARB_SEV_WARNING,
		                 .code = "no-question",
		                 .ruleset = c->ruleset,
		                 .clause = c->id,
		                 .file = c->file,
		                 .line = c->line};
		snprintf(f.message, sizeof f.message,
		         "this %s answers no question of %s: list it under the question it "
		         "answers ('ask QUESTION: ... %s')",
		         arb_clause_kind_name(c->kind), ql->file, c->id);
		if ((rc = arb_lint_add(l, &f)))
			return arb_error_set(err, rc, ql->file, 0, 0, NULL, "out of memory");
	}
	/* the predicates' question tags, where there are predicates: the file
	 * and the code say the same */
	for (size_t i = 0; o && i < arb_oracle_predicate_count(o); i++) {
		const arb_predicate *pr = arb_oracle_predicate_at(o, i);
		const arb_clause *c = pr->clause ? clause_of(rb, ruleset, pr->clause) : NULL;
		/* a `## Phases` line's predicate (its source a spec file) asks where
		 * one action is placed: a question per action, not the clause's */
		size_t sl = pr->src_file ? strlen(pr->src_file) : 0;
		if (!c || !pr->question || (sl > 3 && !strcmp(pr->src_file + sl - 3, ".md")) ||
		    (c->kind != ARB_KIND_CONSTRAINT && c->kind != ARB_KIND_PERMISSION))
			continue;
		bool ok = false, seen = false;
		for (size_t q = 0; q < ql->nq && !ok; q++)
			ok = !strcmp(ql->q[q].name, pr->question) && listed(&ql->q[q], c->id);
		/* one finding per clause and question, whatever its readings */
		for (size_t j = 0; j < i && !seen; j++) {
			const arb_predicate *pj = arb_oracle_predicate_at(o, j);
			seen = pj->clause && !strcmp(pj->clause, pr->clause) && pj->question &&
			       !strcmp(pj->question, pr->question);
		}
		if (ok || seen)
			continue;
		arb_finding f = {.kind = ARB_LINT_PRECEDENCE,
		                 .severity = ARB_SEV_WARNING,
		                 .code = "question-unlisted",
		                 .ruleset = c->ruleset,
		                 .clause = c->id,
		                 .file = c->file,
		                 .line = c->line};
		snprintf(f.message, sizeof f.message,
		         "its predicate answers '%s' and %s does not list it under that question",
		         pr->question, ql->file);
		if ((rc = arb_lint_add(l, &f)))
			return arb_error_set(err, rc, ql->file, 0, 0, NULL, "out of memory");
	}
	return ARB_OK;
}
