/* grit_fixture.h: what test_grit_fixture.c gives Grit's unit tests
 * (test_grit.c, test_grit_checks.c): a temporary spec/ with the bundled
 * Grit text, its yard and an editor's tables (gfx_write_spec_tables), case
 * rows loaded and judged against it, and the answers of every predicate. */
#ifndef ARB_TESTS_GRIT_FIXTURE_H
#define ARB_TESTS_GRIT_FIXTURE_H

#include <stddef.h>

#include "arbiter.h"
#include "support.h"

typedef struct gfx_fixture {
	arb_rulebook *rb;
	arb_oracle *o;
	arb_caseset *cs;
} gfx_fixture;

/* The tables an editor might give (any numbers do: the verdicts follow
 * them). */
#define TABLES                                                                                     \
	"- GR.MOV.2 movement_allowance: 6 yd\n"                                                    \
	"- GR.MOV.COH.2 coherency_range[25mm]: 1 yd\n"                                             \
	"- GR.MOV.COH.2 coherency_range[40mm]: 2 yd\n"

#define HEAD "id,target,expect,units,models,terrain,action,paths,facts,dice,profile\n"

/* a1 ends 1.5 - 0.98 = 0.52 in and a2 sqrt(1.5^2 + 1.5^2) - 0.98 = 1.14 in
 * from e1: one model within a yard of 1", two within a yard of 2". */
#define ENGAGE_ROW                                                                                 \
	"E,GR.MOV.ENG.1,legal,A1 A -; E1 B -,\"A1/a1 10,10 25; A1/a2 10,11.5 25; E1/e1 20,10 "     \
	"25\","                                                                                    \
	",move A1,\"a1 10,10 18.5,10; a2 10,11.5 18.5,11.5\","                                     \
	"line_of_sight_at_start=true,,\n"

/* The allowance 9 yd and the range 1 yd, whatever the yard. */
#define ENGAGE_TABLES "- GR.MOV.2 movement_allowance: 9 yd\n- GR.MOV.COH.2 coherency_range: 1 yd\n"

extern support_tmpdir gfx_tmp;

char *gfx_replaced(const char *text, const char *from, const char *to);
void gfx_write_spec_tables(const char *yard, const char *tables);
void gfx_write_spec(const char *yard);
void gfx_fixture_free(gfx_fixture *f);
gfx_fixture gfx_load_table(const char *head, const char *rows);
gfx_fixture gfx_load(const char *rows);
size_t gfx_all_agree(const gfx_fixture *f);
arb_verdict *gfx_judge(const gfx_fixture *f);
double gfx_value_of(const arb_verdict *v, const char *name);
void gfx_setup(void);
void gfx_teardown(void);
char gfx_code_of(arb_outcome o);
void gfx_answers(const gfx_fixture *f, const char *want);
void gfx_says(const gfx_fixture *f, const char *cl, const char *words);
arb_result gfx_result_of_reading(const gfx_fixture *f, const char *cl, const char *rd);
arb_result gfx_result_of(const gfx_fixture *f, const char *cl);

#endif
