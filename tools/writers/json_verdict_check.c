/*
 * json_verdict_check.c: checking that a verdict line obeys every rule of
 * arbiter-verdict/2 (docs/interchange.md, "Rules every verdict obeys"): what
 * a certifier runs over an implementation's answers.
 */
#include "json_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The rules are those of docs/interchange.md, "Rules every verdict obeys";
 * each message names the member at fault. */

typedef struct checker {
	char *why;
	size_t n;
} checker;

static int bad(checker *c, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bad(checker *c, const char *field, const char *fmt, ...)
{
	if (c->why && c->n) {
		char msg[384];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		if (field)
			snprintf(c->why, c->n, "field '%s': %s", field, msg);
		else
			snprintf(c->why, c->n, "%s", msg);
	}
	return ARB_EINPUT;
}

/* Members exactly as the format string says: JSON_STRICT names a missing,
 * extra or mistyped member. */
static int shape(checker *c, json_t *obj, const char *field, const char *fmt, ...)
{
	json_error_t jerr;
	va_list ap;
	va_start(ap, fmt);
	int rc = json_vunpack_ex(obj, &jerr, JSON_STRICT, fmt, ap);
	va_end(ap);
	if (rc == 0)
		return ARB_OK;
	if (json_error_code(&jerr) == json_error_out_of_memory)
		return ARB_ENOMEM;
	return bad(c, field, "%s", jerr.text);
}

static bool is_str_or_null(const json_t *v)
{
	return json_is_string(v) || json_is_null(v);
}

/* A number, or null for one that is not finite. */
static bool is_num_or_null(const json_t *v)
{
	return json_is_number(v) || json_is_null(v);
}

/* An array of non-empty strings in strictly increasing byte order: sorted,
 * each once. */
static int check_id_set(checker *c, const json_t *v, const char *field)
{
	if (!json_is_array(v))
		return bad(c, field, "expected an array of clause IDs or names, got %s",
		           arbj__type_name(v));
	const char *prev = NULL;
	for (size_t i = 0; i < json_array_size(v); i++) {
		const json_t *e = json_array_get(v, i);
		if (!json_is_string(e) || json_string_length(e) == 0)
			return bad(c, field, "element %zu: expected a non-empty string, got %s", i,
			           json_is_string(e) ? "an empty string" : arbj__type_name(e));
		const char *s = json_string_value(e);
		if (prev && strcmp(prev, s) >= 0)
			return bad(c, field,
			           "\"%s\" after \"%s\": the array must be sorted (byte order) "
			           "and name each once",
			           s, prev);
		prev = s;
	}
	return ARB_OK;
}

/* An object of name -> number or null. */
static int check_numbers(checker *c, const json_t *v, const char *field)
{
	if (!json_is_object(v))
		return bad(c, field, "expected an object of name -> number, got %s",
		           arbj__type_name(v));
	const char *key;
	json_t *e;
	json_object_foreach((json_t *)v, key, e)
	{
		if (!key[0])
			return bad(c, field, "a value has an empty name");
		if (!is_num_or_null(e))
			return bad(c, field, "\"%s\": expected a number (or null), got %s", key,
			           arbj__type_name(e));
	}
	return ARB_OK;
}

static int check_point(checker *c, const json_t *v, const char *field)
{
	if (json_is_array(v) && json_array_size(v) == 2 && is_num_or_null(json_array_get(v, 0)) &&
	    is_num_or_null(json_array_get(v, 1)))
		return ARB_OK;
	return bad(c, field, "expected a point [x, y] of numbers (or null), got %s",
	           arbj__type_name(v));
}

static int check_trace_entry(checker *c, json_t *t, size_t i)
{
	char field[64];
	snprintf(field, sizeof field, "trace[%zu]", i);
	json_t *reading, *overridden, *measure, *missing, *event = NULL;
	const char *clause, *question, *outcome, *expl;
	int not_selected;
	int rc = shape(c, t, field, "{s:s,s:o,s:s,s:s,s:s,s:o,s:b,s:o,s:o,s?o}", "clause", &clause,
	               "reading", &reading, "question", &question, "outcome", &outcome,
	               "explanation", &expl, "overridden_by", &overridden, "not_selected",
	               &not_selected, "measure", &measure, "missing", &missing, "event", &event);
	if (rc)
		return rc;
	if (!clause[0])
		return bad(c, field, "clause is empty");
	if (event && !(json_is_integer(event) && json_integer_value(event) >= 1))
		return bad(c, field, "event is the log event's number, an integer from 1");
	if (!is_str_or_null(reading) || !is_str_or_null(overridden) || !is_str_or_null(missing))
		return bad(c, field, "reading, overridden_by and missing are strings or null");
	bool known = false;
	for (int o = ARB_NA; o <= ARB_MISSING && !known; o++)
		known = strcmp(outcome, arb_outcome_name((arb_outcome)o)) == 0;
	if (!known)
		return bad(c, field, "unknown outcome \"%s\"", outcome);
	if (!json_is_null(missing) && strcmp(outcome, arb_outcome_name(ARB_MISSING)) != 0)
		return bad(c, field, "missing is given but the outcome is \"%s\"", outcome);
	if (json_is_null(measure))
		return ARB_OK;
	json_t *fig, *lim, *mar, *p, *q;
	snprintf(field, sizeof field, "trace[%zu].measure", i);
	if ((rc = shape(c, measure, field, "{s:o,s:o,s:o,s:o,s:o}", "figure", &fig, "limit", &lim,
	                "margin", &mar, "p", &p, "q", &q)))
		return rc;
	if (!is_num_or_null(fig) || !is_num_or_null(lim) || !is_num_or_null(mar))
		return bad(c, field, "figure, limit and margin are numbers (or null)");
	if ((rc = check_point(c, p, field)) || (rc = check_point(c, q, field)))
		return rc;
	return ARB_OK;
}

static int check_error_line(checker *c, json_t *root)
{
	const char *format, *message, *kind;
	json_t *id, *line, *column, *field;
	int rc = shape(c, root, NULL, "{s:s,s:o,s:{s:o,s:o,s:o,s:s,s:s}}", "format", &format, "id",
	               &id, "error", "line", &line, "column", &column, "field", &field, "kind",
	               &kind, "message", &message);
	if (rc)
		return rc;
	if (strcmp(kind, "input") != 0 && strcmp(kind, "fault") != 0)
		return bad(c, "error.kind", "expected \"input\" or \"fault\", got \"%s\"", kind);
	if (strcmp(format, ARBJ_VERDICT_FORMAT) != 0)
		return bad(c, "format", "expected \"" ARBJ_VERDICT_FORMAT "\", got \"%s\"", format);
	if (!is_str_or_null(id))
		return bad(c, "id", "expected a string or null, got %s", arbj__type_name(id));
	if (!json_is_null(line) && !(json_is_integer(line) && json_integer_value(line) >= 1))
		return bad(c, "error.line", "expected an integer from 1, or null");
	if (!json_is_null(column) && !(json_is_integer(column) && json_integer_value(column) >= 1))
		return bad(c, "error.column", "expected an integer from 1, or null");
	if (!is_str_or_null(field))
		return bad(c, "error.field", "expected a string or null, got %s",
		           arbj__type_name(field));
	if (!message[0])
		return bad(c, "error.message", "the message is empty");
	return ARB_OK;
}

static int check_verdict(checker *c, json_t *root)
{
	const char *format, *verdict;
	json_t *id, *violates, *dispute, *disputed, *missing, *values, *info = NULL, *trace = NULL;
	/* info and trace are informative: an implementation may leave them out. */
	int rc = shape(c, root, NULL, "{s:s,s:o,s:s,s:o,s:o,s:o,s:o,s:o,s?o,s?o}", "format",
	               &format, "id", &id, "verdict", &verdict, "violates", &violates, "dispute",
	               &dispute, "disputed", &disputed, "missing", &missing, "values", &values,
	               "info", &info, "trace", &trace);
	if (rc)
		return rc;
	if (strcmp(format, ARBJ_VERDICT_FORMAT) != 0)
		return bad(c, "format", "expected \"" ARBJ_VERDICT_FORMAT "\", got \"%s\"", format);
	if (!json_is_string(id) || json_string_length(id) == 0)
		return bad(c, "id", "expected the scenario's id (a non-empty string), got %s",
		           json_is_string(id) ? "an empty string" : arbj__type_name(id));
	arb_verdict_kind kind;
	if (arb_verdict_kind_parse(verdict, &kind))
		return bad(c, "verdict",
		           "expected legal, illegal, disputed, not-applicable or missing-input, "
		           "got \"%s\"",
		           verdict);
	if ((rc = check_id_set(c, violates, "violates")) ||
	    (rc = check_id_set(c, disputed, "disputed")) ||
	    (rc = check_id_set(c, missing, "missing")) ||
	    (rc = check_numbers(c, values, "values")) ||
	    (info && (rc = check_numbers(c, info, "info"))))
		return rc;
	/* dispute: distinct kinds, in the order conflict, gap, readings */
	if (!json_is_array(dispute))
		return bad(c, "dispute", "expected an array, got %s", arbj__type_name(dispute));
	static const char *const kinds[] = {"conflict", "gap", "readings"};
	int last = -1;
	for (size_t i = 0; i < json_array_size(dispute); i++) {
		const json_t *e = json_array_get(dispute, i);
		int k = -1;
		for (int j = 0; j < 3 && json_is_string(e); j++)
			if (strcmp(json_string_value(e), kinds[j]) == 0)
				k = j;
		if (k < 0)
			return bad(c, "dispute", "element %zu: expected conflict, gap or readings",
			           i);
		if (k <= last)
			return bad(c, "dispute",
			           "each kind once, in the order conflict, gap, readings");
		last = k;
	}
	bool is_disputed = kind == ARB_V_DISPUTED;
	size_t n_dispute = json_array_size(dispute), n_disputed = json_array_size(disputed);
	if (is_disputed && (n_dispute == 0 || n_disputed == 0))
		return bad(c, n_dispute ? "disputed" : "dispute",
		           "a disputed verdict says why (dispute) and names the clauses "
		           "(disputed)");
	if (!is_disputed && (n_dispute || n_disputed))
		return bad(c, n_dispute ? "dispute" : "disputed",
		           "must be [] unless the verdict is disputed (it is %s)", verdict);
	bool is_missing = kind == ARB_V_MISSING_INPUT;
	if (is_missing != (json_array_size(missing) > 0))
		return bad(c, "missing",
		           is_missing ? "a missing-input verdict names the facts it needs"
		                      : "must be [] unless the verdict is missing-input (it is %s)",
		           verdict);
	size_t n_violates = json_array_size(violates);
	if (kind == ARB_V_ILLEGAL && n_violates == 0)
		return bad(c, "violates", "an illegal verdict names the clauses violated");
	if ((kind == ARB_V_LEGAL || kind == ARB_V_NOT_APPLICABLE) && n_violates)
		return bad(c, "violates", "must be [] when the verdict is %s", verdict);
	if (kind == ARB_V_NOT_APPLICABLE &&
	    (json_object_size(values) || (info && json_object_size(info))))
		return bad(c, json_object_size(values) ? "values" : "info",
		           "no clause applies to a not-applicable scenario: nothing is derived");
	if (!trace)
		return ARB_OK;
	if (!json_is_array(trace))
		return bad(c, "trace", "expected an array of trace entries, got %s",
		           arbj__type_name(trace));
	for (size_t i = 0; i < json_array_size(trace); i++)
		if ((rc = check_trace_entry(c, json_array_get(trace, i), i)))
			return rc;
	return ARB_OK;
}

int arbj_verdict_check_tree(const char *line, bool *is_error, struct json_t **tree, char *why,
                            size_t n)
{
	checker c = {.why = why, .n = n};
	json_error_t jerr;
	if (why && n)
		why[0] = '\0';
	if (is_error)
		*is_error = false;
	if (tree)
		*tree = NULL;
	json_t *root = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		if (json_error_code(&jerr) == json_error_out_of_memory)
			return ARB_ENOMEM;
		return bad(&c, NULL, "invalid JSON at column %d: %s", jerr.column, jerr.text);
	}
	int rc;
	if (!json_is_object(root)) {
		rc = bad(&c, NULL, "expected a verdict (a JSON object), got %s",
		         arbj__type_name(root));
	} else if (json_object_get(root, "error")) {
		rc = check_error_line(&c, root);
		if (rc == ARB_OK && is_error)
			*is_error = true;
	} else {
		rc = check_verdict(&c, root);
	}
	if (rc == ARB_OK && tree)
		*tree = root; /* the caller's: one parse for checking and scoring */
	else
		json_decref(root);
	return rc;
}

int arbj_verdict_check(const char *line, bool *is_error, char *why, size_t n)
{
	return arbj_verdict_check_tree(line, is_error, NULL, why, n);
}
