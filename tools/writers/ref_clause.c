/*
 * ref_clause.c: what the reference says about one clause, below its
 * paragraph: its numbers, what its predicates check, its references and
 * terms, lint's findings, worked examples (cases chosen to show both
 * outcomes, each drawn, with the note's deciding words), the odds of its
 * dice, and the disputes it is part of, as judging the cases found them.
 */
#include "cli.h"
#include "ref_internal.h"
#include "svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Hand-written cases come first: their notes quote the deciding words. */
static bool generated(const arb_case *c)
{
	const char *base = strrchr(c->file, '/');
	return strncmp(base ? base + 1 : c->file, "gen-", 4) == 0;
}

enum { EX_HOLDS, EX_VIOLATED, EX_DISPUTED, EX_KINDS };

/* The examples of clause c: per side (holds, violated, disputed) the case
 * that targets it and shows that side best: a hand-written one before a
 * generated one, and on the holding side a legal verdict before one that
 * is not applicable or waits for a fact; -1 where none. */
static void pick_examples(const ref_ctx *x, const arb_clause *c, long out[EX_KINDS])
{
	int best[EX_KINDS];
	for (int k = 0; k < EX_KINDS; k++) {
		out[k] = -1;
		best[k] = 99;
	}
	const arb_caseset *cs = x->in->cs;
	for (size_t i = 0; cs && i < arb_caseset_count(cs); i++) {
		const arb_case *a = arb_caseset_at(cs, i);
		const ref_result *r = &x->in->res[i];
		if (!r->judged || strcmp(a->target, c->id) != 0)
			continue;
		int k = r->kind == ARB_V_DISPUTED                         ? EX_DISPUTED
		        : str_list_has(r->violates, c->id, strlen(c->id)) ? EX_VIOLATED
		                                                          : EX_HOLDS;
		int score =
		    (generated(a) ? 1 : 0) + (k == EX_HOLDS && r->kind != ARB_V_LEGAL ? 2 : 0);
		if (score < best[k]) {
			best[k] = score;
			out[k] = (long)i;
		}
	}
}

/* The disputes clause c is part of: one group per kind and set of
 * clauses, with its count and a case to show (hand-written first). */
typedef struct dispute_group {
	int bits;
	const char *clauses;
	size_t count;
	long show;
} dispute_group;

enum { MAX_GROUPS = 6 };

static size_t find_disputes(const ref_ctx *x, const arb_clause *c, dispute_group *g, size_t *total)
{
	size_t ng = 0;
	*total = 0;
	const arb_caseset *cs = x->in->cs;
	for (size_t i = 0; cs && i < arb_caseset_count(cs); i++) {
		const ref_result *r = &x->in->res[i];
		if (!r->judged || r->kind != ARB_V_DISPUTED ||
		    !str_list_has(r->disputed, c->id, strlen(c->id)))
			continue;
		(*total)++;
		size_t k = 0;
		while (k < ng && !(g[k].bits == r->dispute &&
		                   strcmp(g[k].clauses, r->disputed ? r->disputed : "") == 0))
			k++;
		if (k == ng) {
			if (ng == MAX_GROUPS)
				continue;
			g[ng++] =
			    (dispute_group){r->dispute, r->disputed ? r->disputed : "", 0, -1};
		}
		g[k].count++;
		const arb_case *a = arb_caseset_at(cs, i);
		if (g[k].show < 0 ||
		    (generated(arb_caseset_at(cs, (size_t)g[k].show)) && !generated(a)))
			g[k].show = (long)i;
	}
	return ng;
}

/* Draws case i (once per site) into cases/ID.svg; name gets its file name.
 * Returns the drawing (its size), or NULL on failure. */
static const ref_drawing *draw_case(ref_ctx *x, size_t i, char *name, size_t n)
{
	const arb_case *a = arb_caseset_at(x->in->cs, i);
	ref_case_file(name, n, a->id);
	for (size_t k = 0; k < x->n_drawn; k++)
		if (strcmp(x->drawn[k].id, a->id) == 0)
			return &x->drawn[k];
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	if (arb_judge(&v, x->in->o, a->scenario, a->profile, &err) != ARB_OK) {
		cli_error(&err);
		return NULL;
	}
	char *svg = cli_case_drawing(a->scenario, v);
	arb_verdict_free(v);
	if (!svg) {
		fprintf(stderr, "arbiter: out of memory\n");
		return NULL;
	}
	ref_drawing d = {0};
	arbsvg_size(svg, &d.w, &d.h);
	strbuf b = {0};
	strbuf_puts(&b, svg);
	free(svg);
	char rel[600];
	snprintf(rel, sizeof rel, "cases/%s.svg", name);
	if (ref_page_write(x, rel, &b))
		return NULL;
	if (x->n_drawn == x->cap_drawn) {
		size_t cap = x->cap_drawn ? 2 * x->cap_drawn : 64;
		ref_drawing *dr = realloc(x->drawn, cap * sizeof *dr);
		if (!dr)
			return NULL;
		x->drawn = dr;
		x->cap_drawn = cap;
	}
	d.id = strdup(a->id);
	if (!d.id)
		return NULL;
	x->drawn[x->n_drawn] = d;
	return &x->drawn[x->n_drawn++];
}

static void put_kind_tag(strbuf *b, arb_verdict_kind k, int dispute)
{
	char d[64];
	strbuf_putf(b, "<span class=\"tag %s\">%s", arb_verdict_kind_name(k),
	            arb_verdict_kind_name(k));
	if (dispute)
		strbuf_putf(b, ": %s", arb_dispute_name(dispute, d, sizeof d));
	strbuf_puts(b, "</span>");
}

/* One case as a figure: its drawing, what was expected and judged, the note. */
static int put_case_figure(strbuf *b, ref_ctx *x, size_t i, const char *label)
{
	const arb_case *a = arb_caseset_at(x->in->cs, i);
	const ref_result *r = &x->in->res[i];
	char name[512];
	const ref_drawing *d = draw_case(x, i, name, sizeof name);
	if (!d)
		return -1;
	/* In the page's flow at its own size (the room kept before it loads),
	 * shrunk to the column; the alt says what it shows in words. */
	strbuf_puts(b, "<figure class=\"case\" id=\"ex-");
	strbuf_put_xml(b, a->id);
	strbuf_puts(b, "\"><img loading=\"lazy\" decoding=\"async\" src=\"../cases/");
	strbuf_put_xml(b, name);
	strbuf_puts(b, ".svg\"");
	if (d->w && d->h)
		strbuf_putf(b, " width=\"%u\" height=\"%u\"", d->w, d->h);
	strbuf_puts(b, " alt=\"drawing of case ");
	strbuf_put_xml(b, a->id);
	strbuf_puts(b, ", judged ");
	strbuf_puts(b, arb_verdict_kind_name(r->kind));
	if (r->violates && r->violates[0]) {
		strbuf_puts(b, ", violating ");
		strbuf_put_xml(b, r->violates);
	}
	strbuf_puts(b, ": the bases and paths, and the measurements that decided, framed on the "
	               "action\"><figcaption><strong>");
	strbuf_put_xml(b, label);
	strbuf_puts(b, "</strong> ");
	strbuf_put_xml(b, a->id);
	strbuf_puts(b, " (");
	strbuf_put_xml(b, a->file);
	strbuf_putf(b, ":%ld): judged ", a->line);
	put_kind_tag(b, r->kind, r->dispute);
	strbuf_puts(b, ", expected ");
	put_kind_tag(b, a->expect, a->expect_dispute);
	if (r->violates && r->violates[0]) {
		strbuf_puts(b, "; violates ");
		strbuf_put_xml(b, r->violates);
	}
	strbuf_puts(b, ".</figcaption>");
	if (a->note && a->note[0]) {
		strbuf_puts(b, "<blockquote class=\"note\">");
		strbuf_put_xml(b, a->note);
		strbuf_puts(b, "</blockquote>");
	}
	strbuf_puts(b, "</figure>\n");
	return 0;
}

static void put_params(strbuf *b, const arb_clause *c)
{
	if (!c->n_params)
		return;
	strbuf_puts(b, "<div class=\"scroll\"><table><caption class=\"visually-hidden\">numbers of "
	               "the clause</caption><tr><th>number</th><th>as written</th><th>read as</th>"
	               "</tr>\n");
	for (size_t i = 0; i < c->n_params; i++) {
		const arb_param *p = &c->params[i];
		strbuf_puts(b, "<tr><td><code>");
		strbuf_put_xml(b, p->name);
		strbuf_puts(b, "</code></td><td>");
		strbuf_put_xml(b, p->raw);
		strbuf_puts(b, "</td><td>");
		if (p->unresolved)
			strbuf_putf(b, "<span class=\"dangling\">promised, not given</span>%s",
			            p->n_rows ? " (an errata table gives it)" : "");
		else {
			strbuf_putf(b, "%g ", p->value);
			strbuf_put_xml(b, p->unit);
		}
		strbuf_puts(b, "</td></tr>\n");
	}
	strbuf_puts(b, "</table></div>\n");
}

/* What the clause's predicates check, from their tags. */
static void put_predicates(strbuf *b, const ref_ctx *x, const arb_clause *c)
{
	const arb_oracle *o = x->in->o;
	size_t n = 0;
	for (size_t i = 0; i < arb_oracle_predicate_count(o); i++) {
		const arb_predicate *p = arb_oracle_predicate_at(o, i);
		if (strcmp(p->clause, c->id) != 0)
			continue;
		if (!n++)
			strbuf_puts(b, "<p>What the oracle checks:</p><ul>\n");
		const char *reading = arb_oracle_predicate_reading(o, i);
		strbuf_puts(b, "<li>the question <code>");
		strbuf_put_xml(b, p->question ? p->question : "?");
		strbuf_puts(b, "</code>");
		if (reading) {
			strbuf_puts(b, ", read as <em>");
			strbuf_put_xml(b, reading);
			strbuf_puts(b, "</em>");
		}
		strbuf_puts(b, ", when a unit makes ");
		strbuf_put_xml(b, strcmp(p->actions, "*") == 0 ? "any action" : p->actions);
		strbuf_puts(b, " in ");
		strbuf_put_xml(b, strcmp(p->phases, "*") == 0 ? "any phase" : p->phases);
		if (p->params && p->params[0]) {
			strbuf_puts(b, "; it reads ");
			strbuf_put_xml(b, p->params);
		}
		if (arb_oracle_predicate_stale(o, i))
			strbuf_puts(b, " <span class=\"undefined\">(stale: the text changed since "
			               "it was written)</span>");
		strbuf_puts(b, "</li>\n");
	}
	if (n) {
		strbuf_puts(b, "</ul>\n");
		if (n > 1)
			strbuf_puts(b,
			            "<p>Where its readings disagree on a scenario, the verdict is "
			            "disputed (readings).</p>\n");
	} else if (c->kind == ARB_KIND_ADVISORY || c->kind == ARB_KIND_FLAVOUR)
		strbuf_putf(b, "<p>No predicate: %s text decides nothing.</p>\n",
		            arb_clause_kind_name(c->kind));
	else if (c->kind == ARB_KIND_CONVENTION)
		strbuf_puts(b, "<p>A convention of arbiter's measuring, not the book's words: "
		               "the predicates that measure follow it.</p>\n");
	else
		strbuf_puts(b, "<p class=\"undefined\">No predicate checks this clause yet.</p>\n");
}

/* Precedence the text declares with this clause on either side. */
static void put_precedence(strbuf *b, const ref_ctx *x, const arb_clause *c)
{
	const arb_rulebook *rb = x->in->rb;
	for (size_t i = 0; i < arb_rulebook_precedence_count(rb, c->ruleset); i++) {
		const arb_precedence *p = arb_rulebook_precedence_at(rb, c->ruleset, i);
		bool win = strcmp(p->winner, c->id) == 0, lose = strcmp(p->loser, c->id) == 0;
		if (!win && !lose)
			continue;
		strbuf_puts(b, "<p>");
		strbuf_puts(b, win ? "Ranks over " : "Set aside by ");
		ref_put_clause_link(b, x, win ? p->loser : p->winner, "../");
		if (p->words) {
			strbuf_puts(b, " by the words &ldquo;");
			strbuf_put_xml(b, p->words);
			strbuf_puts(b, "&rdquo;");
		} else
			strbuf_puts(b, " (an editor's line, not the text's words)");
		if (p->arguable)
			strbuf_puts(b, "; arguable, so judged both ways (a reading)");
		strbuf_puts(b, ".</p>\n");
	}
}

static void put_findings(strbuf *b, const ref_ctx *x, const arb_clause *c)
{
	if (!x->in->lint)
		return;
	size_t n = 0;
	for (size_t i = 0; i < arb_lint_count(x->in->lint); i++) {
		const arb_finding *f = arb_lint_at(x->in->lint, i);
		if (!f->clause || strcmp(f->clause, c->id) != 0 || f->kind == ARB_LINT_PRECEDENCE)
			continue;
		if (!n++)
			strbuf_puts(b, "<p>Lint:</p><ul class=\"findings\">\n");
		strbuf_putf(b, "<li class=\"sev-%s\">%s <code>", arb_severity_name(f->severity),
		            arb_severity_name(f->severity));
		strbuf_put_xml(b, f->code);
		strbuf_puts(b, "</code>: ");
		strbuf_put_xml(b, f->message);
		strbuf_puts(b, "</li>\n");
	}
	if (n)
		strbuf_puts(b, "</ul>\n");
}

static int put_disputes(strbuf *b, ref_ctx *x, const arb_clause *c)
{
	dispute_group g[MAX_GROUPS];
	size_t total;
	size_t ng = find_disputes(x, c, g, &total);
	if (!ng)
		return 0;
	strbuf_putf(b, "<h4>Disputes (%zu case%s)</h4>\n", total, total == 1 ? "" : "s");
	for (size_t k = 0; k < ng; k++) {
		char d[64];
		strbuf_puts(b, "<p>");
		for (int bit = 1; bit <= 4; bit <<= 1)
			if (g[k].bits & bit)
				strbuf_putf(b, "<span class=\"tag %s\">%s</span>",
				            arb_dispute_name(bit, d, sizeof d),
				            arb_dispute_name(bit, d, sizeof d));
		strbuf_putf(b, " in %zu case%s", g[k].count, g[k].count == 1 ? "" : "s");
		bool other = false;
		for (const char *p = g[k].clauses; *p;) {
			const char *e = strchr(p, ' ');
			char id[128];
			snprintf(id, sizeof id, "%.*s", (int)(e ? (size_t)(e - p) : strlen(p)), p);
			if (strcmp(id, c->id) != 0) {
				strbuf_puts(b, other ? ", " : ", with ");
				ref_put_clause_link(b, x, id, "../");
				other = true;
			}
			p = e ? e + 1 : p + strlen(p);
		}
		strbuf_puts(b, ".</p>\n");
		if (g[k].show >= 0 && put_case_figure(b, x, (size_t)g[k].show, "Disputed:"))
			return -1;
	}
	return 0;
}

int ref_put_annotation(strbuf *b, ref_ctx *x, const arb_clause *c)
{
	strbuf body = {0};
	long ex[EX_KINDS];
	pick_examples(x, c, ex);
	size_t n_ex = 0, n_disp = 0;
	for (int k = 0; k < EX_KINDS; k++)
		n_ex += ex[k] >= 0;
	dispute_group g[MAX_GROUPS];
	find_disputes(x, c, g, &n_disp);

	put_params(&body, c);
	put_predicates(&body, x, c);
	put_precedence(&body, x, c);
	for (size_t i = 0; i < c->n_refs; i++) {
		const char *arrow = strstr(c->refs[i], " -> ");
		if (!arrow || arrow[4] != '?')
			continue;
		strbuf_puts(&body,
		            "<p><span class=\"dangling\">Dangling reference</span>: &ldquo;");
		strbuf_put(&body, c->refs[i], (size_t)(arrow - c->refs[i]));
		strbuf_puts(&body,
		            strncmp(arrow + 4, "?table", 6) == 0
		                ? "&rdquo; promises a table the rulebook does not give.</p>\n"
		                : "&rdquo; points nowhere the rulebook resolves.</p>\n");
	}
	put_findings(&body, x, c);
	static const char *const kLabel[EX_KINDS] = {"Not violated:", "Violated:", "Disputed:"};
	if (n_ex)
		strbuf_puts(&body, "<h4>Worked examples</h4>\n");
	long odds_case = -1;
	for (int k = 0; k < EX_KINDS; k++) {
		if (ex[k] < 0)
			continue;
		if (put_case_figure(&body, x, (size_t)ex[k], kLabel[k])) {
			strbuf_free(&body);
			return -1;
		}
		const arb_scenario *s = arb_caseset_at(x->in->cs, (size_t)ex[k])->scenario;
		if (odds_case < 0 && s->n_dice > 0)
			odds_case = ex[k];
	}
	if (odds_case >= 0 &&
	    ref_put_odds(&body, x, arb_caseset_at(x->in->cs, (size_t)odds_case))) {
		strbuf_free(&body);
		return -1;
	}
	if (put_disputes(&body, x, c)) {
		strbuf_free(&body);
		return -1;
	}

	strbuf_puts(b, "<details class=\"ann\"><summary><span class=\"id\">");
	strbuf_put_xml(b, c->id);
	strbuf_putf(b, "</span> <span class=\"kind %s\">%s</span>", arb_clause_kind_name(c->kind),
	            arb_clause_kind_name(c->kind));
	if (n_ex)
		strbuf_putf(b, " &middot; %zu example%s", n_ex, n_ex == 1 ? "" : "s");
	if (n_disp)
		strbuf_putf(b, " &middot; <span class=\"tag disputed\">%zu disputed</span>",
		            n_disp);
	/* The anchor inside the details, not on it: following a link to it
	 * opens the details (a browser opens a closed details whose content
	 * is the target; the details itself it only scrolls to). */
	strbuf_puts(b, "</summary>\n<div class=\"ann-body\" id=\"about-");
	strbuf_put_xml(b, c->id);
	strbuf_puts(b, "\">\n");
	if (body.oom) {
		strbuf_free(&body);
		b->oom = true;
		return -1;
	}
	if (body.n)
		strbuf_put(b, body.s, body.n);
	strbuf_free(&body);
	strbuf_puts(b, "</div></details>\n");
	return 0;
}
