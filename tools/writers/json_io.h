/*
 * json_io.h: the JSON Lines interchange of arbiter (docs/interchange.md).
 *
 * Scenarios in, verdicts out, one compact JSON object a line. This lives in
 * tools/ because it needs jansson and the library core must not: it uses
 * only the public header.
 */
#ifndef ARBJ_JSON_IO_H
#define ARBJ_JSON_IO_H

#include "arbiter.h"

#include <stdbool.h>
#include <stddef.h>

/* The format strings this reader and writer speak. A reader rejects any
 * other "format" value. */
#define ARBJ_SCENARIO_FORMAT "arbiter-scenario/2"
#define ARBJ_VERDICT_FORMAT  "arbiter-verdict/2"

/* Parses one scenario: one JSON object, the text of one JSON Lines line
 * (text[0..len), need not be NUL-terminated). file and lineno are for
 * messages and are recorded in the scenario's src_file and src_line; lineno
 * is the line number in the stream.
 *
 * Returns ARB_OK and sets *out, which the caller frees with
 * arb_scenario_free; everything in it lives in the scenario's arena. On
 * error sets *out to NULL and returns ARB_EINPUT (or ARB_ENOMEM) with
 * err->file = file, err->line = lineno (plus the line offset inside text
 * for multi-line text), err->column = jansson's column for syntax errors
 * (0 otherwise), err->field = the JSON path of the offending member, e.g.
 * "units[0].models[1].base.d_mm", and a message saying what was expected.
 * err may be NULL. References between ids and the ruleset's vocabulary are
 * not checked here but by arb_scenario_validate. */
int arbj_scenario_parse(arb_scenario **out, const char *text, size_t len, const char *file,
                        long lineno, arb_error *err);

/* The scenario as one compact JSON object with sorted keys and no trailing
 * newline, in the shape arbj_scenario_parse reads, so that parsing it gives
 * back the same scenario: everything a case states, paths in their order
 * and the reading profile included (a profile "all" is written as null).
 * The caller frees it with free(). NULL when out of memory. */
char *arbj_scenario_dump(const arb_scenario *s);

/* A verdict as one compact JSON object with sorted keys and no trailing
 * newline ("arbiter-verdict/2"); with_trace adds the "trace" member. The
 * caller frees it with free(). NULL when out of memory. */
char *arbj_verdict_dump(const arb_verdict *v, bool with_trace);

/* The verdict line that answers a line which could not be judged:
 * {"error":{"column":..,"field":..,"kind":..,"line":..,"message":..},
 *  "format":"arbiter-verdict/2","id":id|null}: kind "input" when err->code
 * is ARB_EINPUT (the line is at fault), else "fault" (the oracle is: out of
 * memory, out of budget, a bug). id may be NULL (unknown).
 * The caller frees it with free(). NULL when out of memory. */
char *arbj_error_line(const char *id, const arb_error *err);

/* Checks that line (one line of a verdict stream, NUL-terminated, without
 * its line feed) obeys every rule docs/interchange.md states for
 * "arbiter-verdict/2": a verdict (members, types, kinds, sorted unique
 * arrays, dispute only when disputed, missing only when missing-input,
 * values that are numbers, the trace's shape) or an error line. This is
 * what a certifier runs over an implementation's answers.
 *
 * Returns ARB_OK when the line obeys the rules; then *is_error (if not
 * NULL) says whether it is an error line rather than a verdict. Returns
 * ARB_EINPUT when it breaks one, with why (size n, may be NULL) saying
 * which member and rule ("field 'dispute': ..."), or ARB_ENOMEM. */
int arbj_verdict_check(const char *line, bool *is_error, char *why, size_t n);

/* As arbj_verdict_check, and when the line obeys the rules, *tree (tree may
 * be NULL) is the line as jansson read it, which the caller releases with
 * json_decref (NULL otherwise): one parse to check and to score. */
struct json_t;
int arbj_verdict_check_tree(const char *line, bool *is_error, struct json_t **tree, char *why,
                            size_t n);

#endif /* ARBJ_JSON_IO_H */
