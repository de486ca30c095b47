/*
 * json_verdict_dump.c: writing a verdict, or the error that takes its place,
 * as one arbiter-verdict/2 line (docs/interchange.md).
 */
#include "json_internal.h"

#include <string.h>

static json_t *dump_trace(dumper *d, const arb_trace *t)
{
	const arb_predicate *pr = t->pred;
	const arb_result *r = &t->result;
	json_t *o = arbj__jobj(d);
	arbj__put(d, o, "clause", arbj__jstr(d, pr ? pr->clause : NULL));
	arbj__put(d, o, "reading", arbj__jstr(d, t->reading));
	arbj__put(d, o, "question", arbj__jstr(d, pr ? pr->question : NULL));
	arbj__put(d, o, "outcome", arbj__jstr(d, arb_outcome_name(r->outcome)));
	size_t elen = arbj__bounded_len(r->explanation, sizeof r->explanation);
	arbj__put(d, o, "explanation", arbj__jstrn(d, r->explanation, elen));
	arbj__put(d, o, "overridden_by", arbj__jstr(d, t->overridden_by));
	arbj__put(d, o, "not_selected", arbj__mark_fail(d, json_boolean(t->not_selected)));
	arbj__put(d, o, "missing", arbj__jstr(d, r->outcome == ARB_MISSING ? r->missing : NULL));
	if (r->has_measure) {
		json_t *m = arbj__jobj(d);
		arbj__put(d, m, "figure", arbj__jnum(d, r->measure.figure));
		arbj__put(d, m, "limit", arbj__jnum(d, r->measure.limit));
		arbj__put(d, m, "margin", arbj__jnum(d, r->measure.margin));
		arbj__put(d, m, "p", arbj__jpoint(d, r->measure.p));
		arbj__put(d, m, "q", arbj__jpoint(d, r->measure.q));
		arbj__put(d, o, "measure", m);
	} else {
		arbj__put(d, o, "measure", arbj__mark_fail(d, json_null()));
	}
	return o;
}

char *arbj_verdict_dump(const arb_verdict *v, bool with_trace)
{
	dumper d = {.precision = 1};
	json_t *root = arbj__jobj(&d);
	arbj__put(&d, root, "format", arbj__jstr(&d, ARBJ_VERDICT_FORMAT));
	arbj__put(&d, root, "id", arbj__jstr(&d, v->scenario_id));
	arbj__put(&d, root, "verdict", arbj__jstr(&d, arb_verdict_kind_name(v->kind)));

	/* arb_dispute_name joins the kinds with '+'; the format lists them. */
	char names[128];
	json_t *dispute = arbj__jarr(&d);
	const char *w = arb_dispute_name(v->dispute, names, sizeof names);
	while (w && *w) {
		size_t n = strcspn(w, "+");
		if (n)
			arbj__push(&d, dispute, arbj__jstrn(&d, w, n));
		w += n + (w[n] == '+');
	}
	arbj__put(&d, root, "dispute", dispute);
	arbj__put(&d, root, "violates", arbj__jstrings(&d, v->violates, v->n_violates));
	arbj__put(&d, root, "disputed", arbj__jstrings(&d, v->disputed, v->n_disputed));
	arbj__put(&d, root, "missing", arbj__jstrings(&d, v->missing, v->n_missing));
	arbj__put(&d, root, "values", arbj__jkv(&d, v->values, v->n_values));
	arbj__put(&d, root, "info", arbj__jkv(&d, v->info, v->n_info));
	if (with_trace) {
		json_t *trace = arbj__jarr(&d);
		for (size_t i = 0; i < v->n_trace; i++)
			arbj__push(&d, trace, dump_trace(&d, &v->trace[i]));
		arbj__put(&d, root, "trace", trace);
	}
	return arbj__dump_finish(&d, root);
}

char *arbj_error_line(const char *id, const arb_error *err)
{
	dumper d = {.precision = 1};
	json_t *root = arbj__jobj(&d), *e = arbj__jobj(&d);
	arbj__put(&d, root, "format", arbj__jstr(&d, ARBJ_VERDICT_FORMAT));
	arbj__put(&d, root, "id", arbj__jstr(&d, id));
	/* 0 and "" mean "not known" in arb_error; JSON says so with null. */
	arbj__put(&d, e, "line",
	          err->line > 0 ? arbj__jnum(&d, (double)err->line)
	                        : arbj__mark_fail(&d, json_null()));
	arbj__put(&d, e, "column",
	          err->column > 0 ? arbj__jnum(&d, (double)err->column)
	                          : arbj__mark_fail(&d, json_null()));
	arbj__put(&d, e, "field",
	          err->field[0] ? arbj__jstrn(&d, err->field,
	                                      arbj__bounded_len(err->field, sizeof err->field))
	                        : arbj__mark_fail(&d, json_null()));
	/* A scenario at fault, or the oracle (out of memory, out of budget, a bug). */
	arbj__put(&d, e, "kind", arbj__jstr(&d, err->code == ARB_EINPUT ? "input" : "fault"));
	arbj__put(&d, e, "message",
	          err->message[0]
	              ? arbj__jstrn(&d, err->message,
	                            arbj__bounded_len(err->message, sizeof err->message))
	              : arbj__jstr(&d, "unknown error"));
	arbj__put(&d, root, "error", e);
	return arbj__dump_finish(&d, root);
}
