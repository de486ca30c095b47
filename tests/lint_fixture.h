/* lint_fixture.h: what test_lint_fixture.c gives the lint tests
 * (test_lint.c, test_lint_checks.c): the made-up ruleset "lintland" written
 * to a temporary directory, its predicates' lines, and ways to load, bind,
 * lint and look at the findings. */
#ifndef ARB_TESTS_LINT_FIXTURE_H
#define ARB_TESTS_LINT_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "arbiter.h"
#include "support.h"

/* What a test changes in the fixture; NULL keeps the default. */
typedef struct lfx_fx {
	const char *sections;  /* ruleset.md line 5 */
	const char *states;    /* ruleset.md line 10 */
	const char *body;      /* ruleset.md from line 15 */
	const char *move_text; /* alpha.md line 13 */
	const char *odd_tag;   /* alpha.md line 21 */
	const char *odd_text;  /* alpha.md line 22 */
	const char *beta_tail; /* appended to beta.md: "\n{#...}\n..." puts a tag on line 37 */
} lfx_fx;

#define FP_MOVE      "ff9781af63c8f0f7" /* Models move up to {max_move} in a turn. */
#define FP_GRANT     "6cab695a8da57f2f" /* Models may move again. */
#define FP_PARAM     "2124cc603ef0a333" /* Models keep {used} apart and {spare} from the edge. */
#define FP_ODD       "eb66026d2d2a60b0" /* Models reach {reach} beyond. */
#define FP_MOVE_WALK "f9bd17189f086e5b" /* Models walk up to {max_move} in a turn. */
#define CASE_HEADER  "id,target,expect,violates,units,models,action,facts\n"
#define CASE_TAIL    ",\"U1 A -\",\"U1/u1 10,10 25\",move U1,"
#define ANY          ((const char *)-1)
#define MSG_HAS(f, needle)                                                                         \
	cr_assert(strstr((f)->message, (needle)) != NULL, "message '%s' lacks '%s'", (f)->message, \
	          (needle))
#define THIS_FILE  "tests/test_lint_fixture.c"
#define RULESET_MD "spec/lintland/ruleset.md"
#define ALPHA_MD   "spec/lintland/alpha.md"
#define BETA_MD    "spec/lintland/beta.md"

extern arb_caseset *lfx_cs;
extern arb_lint *lfx_l;
extern arb_oracle *lfx_o;
extern arb_rulebook *lfx_rb;
extern support_tmpdir lfx_tmp;
extern char lfx_spec[128];
extern const char lfx_kConv[];
extern const char lfx_kThreeCases[];
extern const int lfx_line_move;
extern const int lfx_line_grant;
extern const int lfx_line_param;
extern const int lfx_line_odd;

void lfx_bind(void);
void lfx_bind_fails(void);
void lfx_cases(const char *name, const char *csv);
size_t lfx_count(const char *code, const char *clause);
const char *lfx_dump(void);
bool lfx_ends_with(const char *s, const char *suffix);
const arb_finding *lfx_expect(const char *code, const char *clause, arb_lint_kind kind,
                              arb_severity sev, const char *file, long line, const char *needle);
void lfx_fixture(const lfx_fx *f, bool bind_it);
void lfx_load(void);
const arb_finding *lfx_nth(const char *code, const char *clause, size_t i);
void lfx_put(const char *rel, const char *text);
void lfx_run(const char *ruleset);
bool lfx_same(const char *a, const char *b);
void lfx_write_fixture(const lfx_fx *f);
void lfx_setup(void);
void lfx_teardown(void);

#endif
