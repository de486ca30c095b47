/*
 * test_trace_contract.c: what every entry of every trace promises, checked
 * over every case of the suite (cases/, all three rulesets). The case
 * tables compare verdicts; these check the trace a reader of `explain`,
 * `judge` and the report sees beside them (oracle/arbiter.h, arb_result
 * and arb_measure; docs/interchange.md):
 *   - a clause that holds, is violated or permits says why: its
 *     explanation is not empty (a bare "holds" explains nothing);
 *   - a measure's margin is the distance between its figure and its
 *     limit, limit - figure for a maximum and figure - limit for a
 *     minimum: |margin| = |limit - figure|.
 * Found by make mutate (docs/mutation.md, "Scrollhammer, third triage"): a
 * not-applicable branch turned into "holds", or a margin computed with the
 * wrong sign, changes no verdict and passed every table.
 */
#include "support.h"

#include "arbiter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rulebooks and every case of the suite (cases/, all three rulesets). */
typedef struct suite {
	arb_rulebook *rb;
	arb_oracle *o;
	arb_caseset *cs;
} suite;

static suite suite_load(void)
{
	suite su = {0};
	support_load(&su.rb, &su.o);
	cr_assert(eq(int, arb_caseset_new(&su.cs), ARB_OK));
	support_load_tree(su.cs, su.rb, "cases");
	return su;
}

static void suite_free(suite *su)
{
	arb_caseset_free(su->cs);
	arb_oracle_free(su->o);
	arb_rulebook_free(su->rb);
}

/* Calls check on every trace entry of every case of the suite, judged with
 * its explanations. */
static void each_entry(void (*check)(const arb_case *c, const arb_trace *t, size_t *bad),
                       size_t *n_entries, size_t *bad)
{
	suite su = suite_load();
	const arb_oracle *o = su.o;
	const arb_caseset *cs = su.cs;
	cr_assert(gt(sz, arb_caseset_count(cs), 10000));
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		arb_verdict *v = NULL;
		arb_error err;
		arb_error_clear(&err);
		cr_assert(eq(int, arb_judge_ex(&v, o, c->scenario, NULL, ARB_JUDGE_VALIDATED, &err),
		             ARB_OK),
		          "%s: %s", c->id, err.message);
		for (size_t k = 0; k < v->n_trace; k++) {
			(*n_entries)++;
			check(c, &v->trace[k], bad);
		}
		arb_verdict_free(v);
	}
	suite_free(&su);
}

static void says_why(const arb_case *c, const arb_trace *t, size_t *bad)
{
	arb_outcome oc = t->result.outcome;
	if ((oc == ARB_HOLDS || oc == ARB_VIOLATED || oc == ARB_PERMITS) &&
	    t->result.explanation[0] == '\0') {
		if ((*bad)++ < 20)
			cr_log_error("%s (%s:%ld): %s%s%s is %s with no explanation", c->id,
			             c->file, c->line, t->pred->clause, t->reading ? "/" : "",
			             t->reading ? t->reading : "", arb_outcome_name(oc));
	}
}

Test(trace_contract, a_clause_that_decides_says_why)
{
	size_t n = 0, bad = 0;
	each_entry(says_why, &n, &bad);
	cr_assert(gt(sz, n, 100000), "%zu trace entries", n);
	cr_assert(eq(sz, bad, 0), "%zu of %zu entries decide with no explanation", bad, n);
}

static void margin_is_the_gap(const arb_case *c, const arb_trace *t, size_t *bad)
{
	const arb_result *r = &t->result;
	if (!r->has_measure)
		return;
	const arb_measure *m = &r->measure;
	if (!isfinite(m->figure) || !isfinite(m->limit))
		return;
	double gap = fabs(m->limit - m->figure);
	double tol = 1e-9 * fmax(1.0, fabs(m->limit) + fabs(m->figure));
	if (fabs(fabs(m->margin) - gap) > tol) {
		if ((*bad)++ < 20)
			cr_log_error("%s (%s:%ld): %s%s%s: figure %.9g, limit %.9g, margin %.9g",
			             c->id, c->file, c->line, t->pred->clause,
			             t->reading ? "/" : "", t->reading ? t->reading : "", m->figure,
			             m->limit, m->margin);
	}
}

Test(trace_contract, a_margin_is_the_gap_between_figure_and_limit)
{
	size_t n = 0, bad = 0;
	each_entry(margin_is_the_gap, &n, &bad);
	cr_assert(eq(sz, bad, 0), "%zu of %zu entries have a margin other than |limit - figure|",
	          bad, n);
}

static void na_names_nothing_unexplained(const arb_case *c, const arb_trace *t, size_t *bad)
{
	const arb_result *r = &t->result;
	if (r->outcome != ARB_NA || r->fault)
		return;
	if ((r->subject || r->object || r->has_measure) && r->explanation[0] == '\0') {
		if ((*bad)++ < 20)
			cr_log_error(
			    "%s (%s:%ld): %s%s%s is not applicable, names %s%s%s and says nothing",
			    c->id, c->file, c->line, t->pred->clause, t->reading ? "/" : "",
			    t->reading ? t->reading : "", r->subject ? "a subject " : "",
			    r->object ? "an object " : "", r->has_measure ? "a measure" : "");
	}
}

Test(trace_contract, a_clause_that_does_not_apply_names_nothing_unexplained)
{
	size_t n = 0, bad = 0;
	each_entry(na_names_nothing_unexplained, &n, &bad);
	cr_assert(eq(sz, bad, 0), "%zu of %zu entries name a model or a measure unexplained", bad,
	          n);
}

static bool has_text(const char *s, const char *words)
{
	return strstr(s, words) != NULL;
}

static void no_broken_words(const arb_case *c, const arb_trace *t, size_t *bad)
{
	const char *e = t->result.explanation;
	if (has_text(e, "(null)") || has_text(e, "nan") || has_text(e, "inf in") ||
	    has_text(e, "inf,") || has_text(e, "-inf")) {
		if ((*bad)++ < 20)
			cr_log_error("%s (%s:%ld): %s: \"%s\"", c->id, c->file, c->line,
			             t->pred->clause, e);
	}
}

Test(trace_contract, an_explanation_prints_no_null_name_nor_undefined_number)
{
	size_t n = 0, bad = 0;
	each_entry(no_broken_words, &n, &bad);
	cr_assert(eq(sz, bad, 0), "%zu of %zu explanations print (null), nan or inf", bad, n);
}

/* The clause, reading and outcome of every entry of a trace, one line. */
static char *outcomes_of(const arb_verdict *v)
{
	size_t cap = 64 + 96 * v->n_trace, k = 0;
	char *s = malloc(cap);
	cr_assert(s != NULL);
	s[0] = '\0';
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		int w =
		    snprintf(s + k, cap - k, "%s/%s=%s ", t->pred->clause,
		             t->reading ? t->reading : "-", arb_outcome_name(t->result.outcome));
		cr_assert(w > 0 && (size_t)w < cap - k);
		k += (size_t)w;
	}
	return s;
}

/* Two figures equal but for the rounding of a copy's coordinates, or both
 * not finite alike. */
static bool near(double a, double b)
{
	if (!isfinite(a) || !isfinite(b))
		return a == b || (isnan(a) && isnan(b));
	return fabs(a - b) <= 1e-6 * fmax(1.0, fabs(a));
}

/* A metamorphic copy (ID.tr, .mx, .my, .r180, .rot: tools/gen/gen_variants.c)
 * moves, turns or mirrors the whole scene, which the text never speaks of:
 * every clause answers it as it answers the case it copies, not only the
 * verdict (which the tables compare) but each entry of the trace, with the
 * same figure and limit where it measures (distances, lengths and counts
 * are what a rigid motion keeps). */
Test(trace_contract, a_metamorphic_copy_answers_every_clause_as_its_case)
{
	suite su = suite_load();
	const arb_oracle *o = su.o;
	const arb_caseset *cs = su.cs;
	size_t copies = 0, bad = 0;
	for (size_t i = 0; i < arb_caseset_count(cs); i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		const char *dot = strrchr(c->id, '.');
		if (!dot)
			continue;
		char base[128];
		snprintf(base, sizeof base, "%.*s", (int)(dot - c->id), c->id);
		const arb_case *b = arb_caseset_find(cs, base);
		if (!b)
			continue;
		arb_verdict *vc = NULL, *vb = NULL;
		arb_error err;
		arb_error_clear(&err);
		cr_assert(eq(int,
		             arb_judge_ex(&vc, o, c->scenario, NULL, ARB_JUDGE_VALIDATED, &err),
		             ARB_OK));
		cr_assert(eq(int,
		             arb_judge_ex(&vb, o, b->scenario, NULL, ARB_JUDGE_VALIDATED, &err),
		             ARB_OK));
		char *sc = outcomes_of(vc), *sb = outcomes_of(vb);
		copies++;
		/* and every figure and limit, which a rigid motion keeps (the copy's
		 * coordinates are rounded to 1e-9 in: docs/cases.md) */
		for (size_t k = 0; strcmp(sc, sb) == 0 && k < vc->n_trace; k++) {
			const arb_result *rc = &vc->trace[k].result, *rb2 = &vb->trace[k].result;
			/* the board does not move with the scene: a distance to its edge
			 * (a question on the board) changes, its outcome does not */
			if (strstr(vc->trace[k].pred->question, "board"))
				continue;
			if (rc->has_measure != rb2->has_measure ||
			    (rc->has_measure && (!near(rc->measure.figure, rb2->measure.figure) ||
			                         !near(rc->measure.limit, rb2->measure.limit)))) {
				if (bad++ < 20)
					cr_log_error("%s: %s measures %.9g (limit %.9g) where %s "
					             "measures %.9g "
					             "(limit %.9g)",
					             c->id, vc->trace[k].pred->clause,
					             rc->measure.figure, rc->measure.limit, base,
					             rb2->measure.figure, rb2->measure.limit);
				break;
			}
		}
		if (strcmp(sc, sb) != 0 && bad++ < 20) {
			/* the first entry that differs */
			size_t k = 0;
			while (sc[k] && sc[k] == sb[k])
				k++;
			while (k > 0 && sb[k - 1] != ' ')
				k--;
			cr_log_error("%s answers %.80s where %s answers %.80s", c->id, sc + k, base,
			             sb + k);
		}
		free(sc);
		free(sb);
		arb_verdict_free(vc);
		arb_verdict_free(vb);
	}
	suite_free(&su);
	cr_assert(gt(sz, copies, 3000), "%zu copies", copies);
	cr_assert(eq(sz, bad, 0), "%zu of %zu copies answer some clause otherwise than their case",
	          bad, copies);
}

static void over_nothing_allowed(const arb_case *c, const arb_trace *t, size_t *bad)
{
	const arb_result *r = &t->result;
	if (r->outcome != ARB_VIOLATED || !r->has_measure)
		return;
	const arb_measure *m = &r->measure;
	if (m->limit == 0 && m->figure > 0 && !(m->margin < 0) && (*bad)++ < 20)
		cr_log_error("%s (%s:%ld): %s: figure %.9g over a limit of 0, margin %.9g", c->id,
		             c->file, c->line, t->pred->clause, m->figure, m->margin);
}

/* Where none is allowed (an overlap, a length through what may not be
 * crossed: a limit of 0) and some is measured, the violation's margin is
 * negative: the limit is broken by that much. */
Test(trace_contract, a_violation_of_a_limit_of_0_has_a_negative_margin)
{
	size_t n = 0, bad = 0;
	each_entry(over_nothing_allowed, &n, &bad);
	cr_assert(eq(sz, bad, 0), "%zu of %zu entries", bad, n);
}

/* How near q must be to a point for the contract below (CONV.TOL.1's). */
#define ON_TOL ARB_TOLERANCE_IN

/* How far point q is from the outline of base pl (computed here, apart from
 * the geometry under test). */
static double off_outline(const arb_placed *pl, arb_vec2 q)
{
	double dx = q.x - pl->c.x, dy = q.y - pl->c.y;
	if (pl->base.shape == ARB_BASE_ROUND)
		return fabs(hypot(dx, dy) - pl->base.d_mm / ARB_MM_PER_INCH / 2);
	/* in the base's frame: u along the facing (depth), v across (frontage) */
	arb_vec2 f = arb_geom_dir(pl->facing_deg);
	double u = dx * f.x + dy * f.y, v = -dx * f.y + dy * f.x;
	double hu = pl->base.depth_mm / ARB_MM_PER_INCH / 2,
	       hv = pl->base.w_mm / ARB_MM_PER_INCH / 2;
	double ou = fabs(u) - hu, ov = fabs(v) - hv;
	if (ou <= 0 && ov <= 0)
		return fmin(-ou, -ov); /* inside: to the nearest side */
	return hypot(fmax(ou, 0), fmax(ov, 0));
}

static double off_segment(arb_vec2 a, arb_vec2 b, arb_vec2 q)
{
	double ex = b.x - a.x, ey = b.y - a.y, l2 = ex * ex + ey * ey;
	double t = l2 > 0 ? ((q.x - a.x) * ex + (q.y - a.y) * ey) / l2 : 0;
	t = fmax(0, fmin(1, t));
	return hypot(q.x - a.x - t * ex, q.y - a.y - t * ey);
}

/* Whether base pl of model m, put at any point of path p, has q on its
 * outline. */
static bool on_path_outline(const arb_path *p, const arb_model *m, arb_placed pl, arb_vec2 q)
{
	for (size_t i = 0; p && i < p->n_pts; i++) {
		pl.c = p->pts[i];
		pl.facing_deg = arb_path_facing(p, m, i);
		if (off_outline(&pl, q) <= ON_TOL)
			return true;
	}
	return false;
}

/* Whether q lies on the outline of some shape of the scenario: a model's
 * base where it stands or at a point of its path (the action's or one of
 * the log's), or a piece of terrain. */
static bool on_some_outline(const arb_scenario *s, arb_vec2 q)
{
	for (size_t k = 0; k < s->n_units; k++)
		for (size_t j = 0; j < s->units[k].n_models; j++) {
			const arb_model *m = &s->units[k].models[j];
			arb_placed pl = arb_model_placed(m);
			if (off_outline(&pl, q) <= ON_TOL ||
			    on_path_outline(arb_scenario_path(s, m->id), m, pl, q))
				return true;
			for (size_t e = 0; e < s->context.n_log; e++)
				for (size_t i = 0; i < s->context.log[e].n_paths; i++)
					if (strcmp(s->context.log[e].paths[i].model, m->id) == 0 &&
					    on_path_outline(&s->context.log[e].paths[i], m, pl, q))
						return true;
		}
	for (size_t t = 0; t < s->n_terrain; t++)
		for (size_t i = 0; i < s->terrain[t].n_poly; i++)
			if (off_segment(s->terrain[t].poly[i],
			                s->terrain[t].poly[(i + 1) % s->terrain[t].n_poly],
			                q) <= ON_TOL)
				return true;
	return false;
}

/* Whether q is the centre of a model other than the one named `except`
 * (where it stands or where its path ends). */
static bool centre_of_another(const arb_scenario *s, arb_vec2 q, const char *except)
{
	for (size_t k = 0; k < s->n_units; k++)
		for (size_t j = 0; j < s->units[k].n_models; j++) {
			const arb_model *m = &s->units[k].models[j];
			if (except && strcmp(m->id, except) == 0)
				continue;
			const arb_path *p = arb_scenario_path(s, m->id);
			arb_vec2 end = p && p->n_pts > 0 ? p->pts[p->n_pts - 1] : m->pos;
			if (hypot(q.x - m->pos.x, q.y - m->pos.y) <= ON_TOL ||
			    hypot(q.x - end.x, q.y - end.y) <= ON_TOL)
				return true;
		}
	return false;
}

/* tally[0]: entries that break the contract below; tally[1]: entries that
 * name another shape (how much the contract looked at). */
static void other_is_a_shape(const arb_case *c, const arb_trace *t, size_t *tally)
{
	const arb_result *r = &t->result;
	if (!r->has_measure || r->measure.other < 0)
		return;
	tally[1]++;
	const arb_measure *m = &r->measure;
	bool ok = m->points && (!(m->figure > 1e-9) || on_some_outline(c->scenario, m->q) ||
	                        centre_of_another(c->scenario, m->q, r->subject));
	if (!ok && tally[0]++ < 20)
		cr_log_error("%s (%s:%ld): %s%s%s: other %ld, figure %.9g, q (%.6f, %.6f)%s", c->id,
		             c->file, c->line, t->pred->clause, t->reading ? "/" : "",
		             t->reading ? t->reading : "", m->other, m->figure, m->q.x, m->q.y,
		             m->points ? "" : ", no points");
}

/* arb_measure's other: "for sets, the index of the other shape that
 * decided". A measure that names one has real points, and q, its point on
 * that shape, lies on the outline of some shape of the scene (a base or a
 * piece of terrain) or is the centre of a model other than the subject
 * (arb_geom_swept_penetration's q), unless the two shapes touch or overlap
 * (figure 0, where q is a point of both). A measure of one path or one
 * figure against a limit names no other shape: found by make mutate, where
 * other = 1 in such a measure passed every table (docs/mutation.md,
 * "Scrollhammer, fourth triage"). */
Test(trace_contract, a_measure_that_names_another_shape_points_at_it)
{
	size_t n = 0, tally[2] = {0, 0};
	each_entry(other_is_a_shape, &n, tally);
	cr_assert(eq(sz, tally[0], 0), "%zu of %zu entries", tally[0], n);
	cr_assert(gt(sz, tally[1], 1000), "%zu entries name another shape", tally[1]);
}
