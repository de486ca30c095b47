/*
 * json_verdict_dump.c: writing a verdict, or the error that takes its place,
 * as one arbiter-verdict/2 line (docs/interchange.md). Written as text
 * directly (json_text.c), each object's members in sorted key order.
 */
#include "json_internal.h"

#include <string.h>

/* event: the log event the entry belongs to (from 1), 0 for the action's,
 * which have no member (the lines of a scenario without a log's moves stay
 * as they were). */
static void dump_trace(jtext *w, const arb_trace *t, size_t event)
{
	const arb_predicate *pr = t->pred;
	const arb_result *r = &t->result;
	jt_open(w, '{');
	jt_key(w, "clause");
	jt_str(w, pr ? pr->clause : NULL);
	if (event) {
		jt_key(w, "event");
		jt_int(w, (long)event);
	}
	jt_key(w, "explanation");
	jt_strn(w, r->explanation, arbj__bounded_len(r->explanation, sizeof r->explanation));
	jt_key(w, "measure");
	if (r->has_measure) {
		jt_open(w, '{');
		jt_key(w, "figure");
		jt_num(w, r->measure.figure);
		jt_key(w, "limit");
		jt_num(w, r->measure.limit);
		jt_key(w, "margin");
		jt_num(w, r->measure.margin);
		jt_key(w, "p");
		jt_point(w, r->measure.p);
		jt_key(w, "q");
		jt_point(w, r->measure.q);
		jt_close(w, '}');
	} else {
		jt_lit(w, "null");
	}
	jt_key(w, "missing");
	jt_str(w, r->outcome == ARB_MISSING ? r->missing : NULL);
	jt_key(w, "not_selected");
	jt_lit(w, t->not_selected ? "true" : "false");
	jt_key(w, "outcome");
	jt_str(w, arb_outcome_name(r->outcome));
	jt_key(w, "overridden_by");
	jt_str(w, t->overridden_by);
	jt_key(w, "question");
	jt_str(w, pr ? pr->question : NULL);
	jt_key(w, "reading");
	jt_str(w, t->reading);
	jt_close(w, '}');
}

static void dump(jtext *w, const arb_verdict *v, bool with_trace)
{
	jt_open(w, '{');
	/* arb_dispute_name joins the kinds with '+'; the format lists them. */
	char names[128];
	jt_key(w, "dispute");
	jt_open(w, '[');
	const char *k = arb_dispute_name(v->dispute, names, sizeof names);
	while (k && *k) {
		size_t n = strcspn(k, "+");
		if (n)
			jt_strn(w, k, n);
		k += n + (k[n] == '+');
	}
	jt_close(w, ']');
	jt_key(w, "disputed");
	jt_strings(w, v->disputed, v->n_disputed);
	jt_key(w, "format");
	jt_str(w, ARBJ_VERDICT_FORMAT);
	jt_key(w, "id");
	jt_str(w, v->scenario_id);
	jt_key(w, "info");
	jt_kv(w, v->info, v->n_info);
	jt_key(w, "missing");
	jt_strings(w, v->missing, v->n_missing);
	if (with_trace) {
		jt_key(w, "trace");
		jt_open(w, '[');
		for (size_t i = 0; i < v->n_trace; i++)
			dump_trace(w, &v->trace[i], arb_trace_event(v, i));
		jt_close(w, ']');
	}
	jt_key(w, "values");
	jt_kv(w, v->values, v->n_values);
	jt_key(w, "verdict");
	jt_str(w, arb_verdict_kind_name(v->kind));
	jt_key(w, "violates");
	jt_strings(w, v->violates, v->n_violates);
	jt_close(w, '}');
}

char *arbj_verdict_dump(const arb_verdict *v, bool with_trace)
{
	jtext w;
	jt_begin(&w);
	dump(&w, v, with_trace); /* measuring */
	if (jt_write_pass(&w))
		dump(&w, v, with_trace);
	return jt_finish(&w);
}

char *arbj_error_line(const char *id, const arb_error *err)
{
	jtext w;
	jt_begin(&w);
	jt_write_pass(&w); /* integers and strings only: nothing to measure */
	jt_open(&w, '{');
	jt_key(&w, "error");
	jt_open(&w, '{');
	/* 0 and "" mean "not known" in arb_error; JSON says so with null. */
	jt_key(&w, "column");
	if (err->column > 0)
		jt_int(&w, err->column);
	else
		jt_lit(&w, "null");
	jt_key(&w, "field");
	if (err->field[0])
		jt_strn(&w, err->field, arbj__bounded_len(err->field, sizeof err->field));
	else
		jt_lit(&w, "null");
	/* A scenario at fault, or the oracle (out of memory, out of budget, a bug). */
	jt_key(&w, "kind");
	jt_str(&w, err->code == ARB_EINPUT ? "input" : "fault");
	jt_key(&w, "line");
	if (err->line > 0)
		jt_int(&w, err->line);
	else
		jt_lit(&w, "null");
	jt_key(&w, "message");
	if (err->message[0])
		jt_strn(&w, err->message, arbj__bounded_len(err->message, sizeof err->message));
	else
		jt_str(&w, "unknown error");
	jt_close(&w, '}');
	jt_key(&w, "format");
	jt_str(&w, ARBJ_VERDICT_FORMAT);
	jt_key(&w, "id");
	jt_str(&w, id);
	jt_close(&w, '}');
	return jt_finish(&w);
}
