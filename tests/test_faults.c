/* test_faults.c: faults found by reading the code (issue 9, part 5), each
 * test written to fail before its fix: allocation failures on the case
 * loader's paths, size arithmetic that wraps, and limits that dropped
 * values in silence (a predicate's values, the exact odds' values and
 * levels).
 *
 * The out-of-memory test caps the process's data segment (RLIMIT_DATA)
 * in the test's own process (Criterion runs each test in a fresh one). It
 * is skipped under AddressSanitizer, whose allocator reserves its memory up
 * front and aborts rather than return NULL.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "arbiter.h"
#include "support.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

static support_tmpdir g_tmp;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "faults");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(faults, .init = setup, .fini = teardown);

/* The process's data size (VmData of /proc/self/status), in bytes; 0 if
 * unknown. */
static size_t data_size(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	size_t kib = 0;
	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "VmData: %zu kB", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return kib * 1024;
}

/* ---- the case loader out of memory ---- */

/* A 4 MiB table: its buffer (8 MiB) fits under the cap, the index of its
 * newlines (8 bytes a byte, 32 MiB) does not. The loader used to free a CSV
 * parser it had not initialised on that path. */
Test(faults, case_table_out_of_memory_before_parsing)
{
	if (UNDER_ASAN)
		cr_skip_test("AddressSanitizer's allocator does not return NULL");
	arb_rulebook *rb = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	char buf[1024];
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	size_t n = 4u << 20;
	char *text = malloc(n + 1);
	cr_assert(text != NULL);
	memset(text, 'x', n);
	text[n] = '\0';
	support_write(&g_tmp, "cases/scrollhammer/movement/big.csv", text);
	free(text);
	char path[256];
	snprintf(path, sizeof path, "%s/cases/scrollhammer/movement/big.csv", g_tmp.path);

	size_t used = data_size();
	cr_assert(used > 0, "no VmData in /proc/self/status");
	struct rlimit old, cap;
	cr_assert(eq(int, getrlimit(RLIMIT_DATA, &old), 0));
	cap = old;
	cap.rlim_cur = used + (16u << 20);
	cr_assert(eq(int, setrlimit(RLIMIT_DATA, &cap), 0));
	int rc = arb_caseset_load_file(cs, path, rb, &err);
	setrlimit(RLIMIT_DATA, &old);

	cr_assert(eq(int, rc, ARB_ENOMEM), "rc %d: %s", rc,
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(strstr(err.message, "out of memory") != NULL, "%s", err.message);
	cr_assert(eq(sz, arb_caseset_count(cs), 0));
	arb_caseset_free(cs);
	arb_rulebook_free(rb);
}

/* ---- size arithmetic ---- */

/* A size near SIZE_MAX used to wrap when rounded up to the alignment (or
 * when the block header was added) and return a small block. */
Test(faults, arena_refuses_sizes_that_wrap)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	const size_t huge[] = {SIZE_MAX, SIZE_MAX - 1, SIZE_MAX - 15, SIZE_MAX - 16384,
	                       SIZE_MAX / 2 + 1};
	for (size_t i = 0; i < sizeof huge / sizeof *huge; i++)
		cr_assert(eq(ptr, arb_scenario_alloc(s, huge[i]), NULL), "size %zu", huge[i]);
	cr_assert(eq(ptr, arb_scenario_strndup(s, "abc", SIZE_MAX), NULL));
	/* and the arena still serves ordinary sizes, zeroed */
	char *p = arb_scenario_alloc(s, 100);
	cr_assert(p != NULL);
	for (size_t i = 0; i < 100; i++)
		cr_assert(eq(int, p[i], 0));
	char *big = arb_scenario_alloc(s, 100000);
	cr_assert(big != NULL);
	big[99999] = 'x';
	STR_EQ(arb_scenario_strndup(s, "abcdef", 3), "abc");
	arb_scenario_free(s);
}

/* ---- limitland: predicates that record too much ---- */

/* LL.V.1 records as many values as the fact n says (informative ones too
 * when info is yes), then explains unless quiet is yes. LL.O.1 derives
 * from the dice: with spread=names a value named after the outcome (36
 * names for 2D6), with spread=levels one value whose level is the outcome
 * read as a number (216 levels for 3D6). */
static const char *const kNames[] = {"n00", "n01", "n02", "n03", "n04", "n05", "n06", "n07", "n08",
                                     "n09", "n10", "n11", "n12", "n13", "n14", "n15", "n16", "n17",
                                     "n18", "n19", "n20", "n21", "n22", "n23", "n24", "n25", "n26",
                                     "n27", "n28", "n29", "n30", "n31", "n32", "n33", "n34", "n35"};

static const char *fact_of(const arb_eval *ev, const char *name)
{
	return arb_scenario_fact(arb_eval_scenario(ev), name);
}

static bool fact_yes(const arb_eval *ev, const char *name)
{
	const char *f = fact_of(ev, name);
	return f && strcmp(f, "yes") == 0;
}

ARB_PREDICATE(fl_v, .clause = "LL.V.1", .ruleset = "limitland", .actions = "*", .phases = "*",
              .question = "value.many", .fingerprint = "")
{
	const char *n = fact_of(ev, "n");
	if (!n) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	for (int i = 0; i < atoi(n); i++) {
		if (fact_yes(ev, "info") && i % 2)
			arb_result_info(r, kNames[i], i);
		else
			arb_result_value(r, kNames[i], i);
	}
	if (!fact_yes(ev, "quiet"))
		arb_result_explain(r, "recorded %s values", n);
}

ARB_PREDICATE(fl_o, .clause = "LL.O.1", .ruleset = "limitland", .actions = "*", .phases = "*",
              .question = "value.odds", .fingerprint = "")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *spread = fact_of(ev, "spread");
	if (!spread || s->n_dice == 0) {
		r->outcome = ARB_NA;
		return;
	}
	r->outcome = ARB_VALUE;
	int k = 0;
	for (size_t i = 0; i < s->n_dice; i++)
		k = k * 10 + s->dice[i];
	if (strcmp(spread, "names") == 0 && s->n_dice == 2)
		arb_result_value(r, kNames[(s->dice[0] - 1) * 6 + s->dice[1] - 1], 1);
	else
		arb_result_value(r, "roll", k);
	arb_result_explain(r, "rolled %d", k);
}

static void write_limitland(void)
{
	support_write(&g_tmp, "spec/conventions.md",
	              "---\nruleset: conventions\nsection: conventions\ntitle: C\nsource: test\n"
	              "---\n\n{#CONV.TOL.1 convention}\nEvery comparison with a limit accepts "
	              "an error of [0.000001\"]{tolerance}.\n");
	support_write(&g_tmp, "spec/limitland/ruleset.md",
	              "---\nruleset: limitland\ntitle: Limitland\nprefix: LL\nsections: main\n"
	              "actions: move\nphases: movement\n"
	              "facts: n:number, info:yes|no, quiet:yes|no, spread:names|levels\n---\n");
	support_write(&g_tmp, "spec/limitland/main.md",
	              "---\nruleset: limitland\nsection: main\ntitle: Main\nsource: test\n---\n\n"
	              "{#LL.V.1 derivation}\nThe unit has many values.\n\n"
	              "{#LL.O.1 derivation}\nThe dice give a value.\n");
}

typedef struct limitland {
	arb_rulebook *rb;
	arb_oracle *o;
	arb_scenario *s;
} limitland;

/* The limitland rulebook and oracle, and a scenario: unit U1 with model u1
 * at (10,10) moving to (12,10), with room for 4 facts and 8 dice. */
static limitland limitland_new(void)
{
	limitland f = {0};
	arb_error err;
	arb_error_clear(&err);
	char buf[1024], dir[128];
	write_limitland();
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	cr_assert(eq(int, arb_rulebook_load(&f.rb, dir, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&f.o, f.rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = "F-1";
	s->ruleset = "limitland";
	s->context.phase = "movement";
	s->context.battle_round = 2;
	s->board_w = 72;
	s->board_h = 48;
	s->src_file = "faults.csv";
	s->src_line = 3;
	s->units = arb_scenario_alloc(s, sizeof *s->units);
	s->n_units = 1;
	arb_unit *u = &s->units[0];
	u->id = "U1";
	u->side = "A";
	u->models = arb_scenario_alloc(s, sizeof *u->models);
	u->n_models = 1;
	u->models[0] =
	    (arb_model){.id = "u1", .pos = {10, 10}, .base = {.shape = ARB_BASE_ROUND, .d_mm = 25}};
	s->action.type = "move";
	s->action.unit = "U1";
	s->action.voluntary = true;
	s->action.paths = arb_scenario_alloc(s, sizeof *s->action.paths);
	arb_vec2 *pts = arb_scenario_alloc(s, 2 * sizeof *pts);
	pts[0] = (arb_vec2){10, 10};
	pts[1] = (arb_vec2){12, 10};
	s->action.paths[0] = (arb_path){.model = "u1", .pts = pts, .n_pts = 2};
	s->action.n_paths = 1;
	s->facts = arb_scenario_alloc(s, 4 * sizeof *s->facts);
	s->dice = arb_scenario_alloc(s, 8 * sizeof *s->dice);
	f.s = s;
	return f;
}

static void limitland_free(limitland *f)
{
	arb_scenario_free(f->s);
	arb_oracle_free(f->o);
	arb_rulebook_free(f->rb);
}

static void add_fact(arb_scenario *s, const char *name, const char *value)
{
	s->facts[s->n_facts++] = (arb_fact){.name = name, .value = value};
}

/* ---- values past ARB_MAX_VALUES ---- */

Test(faults, values_up_to_the_limit_are_kept)
{
	limitland f = limitland_new();
	char n[8];
	snprintf(n, sizeof n, "%d", ARB_MAX_VALUES);
	add_fact(f.s, "n", n);
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_judge(&v, f.o, f.s, NULL, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(sz, v->n_values, ARB_MAX_VALUES));
	arb_verdict_free(v);
	limitland_free(&f);
}

/* The ninth value used to be dropped and the verdict went on without it. */
Test(faults, a_value_past_the_limit_is_a_fault_of_the_predicate)
{
	limitland f = limitland_new();
	char n[8];
	snprintf(n, sizeof n, "%d", ARB_MAX_VALUES + 1);
	add_fact(f.s, "n", n);
	add_fact(f.s, "quiet", "yes");
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_judge(&v, f.o, f.s, NULL, &err);
	cr_assert(eq(int, rc, ARB_EINTERNAL), "rc %d: %s", rc, err.message);
	cr_assert(eq(ptr, (void *)v, NULL));
	cr_assert(strstr(err.message, "LL.V.1") != NULL, "%s", err.message);
	cr_assert(strstr(err.message, "n08") != NULL, "%s", err.message);
	limitland_free(&f);
}

/* The same when the predicate explains itself afterwards, and when the
 * value past the limit is an informative one. */
Test(faults, a_value_past_the_limit_is_a_fault_whatever_follows)
{
	limitland f = limitland_new();
	char n[8];
	snprintf(n, sizeof n, "%d", ARB_MAX_VALUES + 2);
	add_fact(f.s, "n", n);
	add_fact(f.s, "info", "yes");
	arb_verdict *v = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_judge(&v, f.o, f.s, NULL, &err);
	cr_assert(eq(int, rc, ARB_EINTERNAL), "rc %d: %s", rc, err.message);
	cr_assert(strstr(err.message, "LL.V.1") != NULL, "%s", err.message);
	/* the explanation that follows does not cover the fault's words */
	cr_assert(strstr(err.message, "ARB_MAX_VALUES") != NULL, "%s", err.message);
	limitland_free(&f);
}

/* ---- odds past their limits ---- */

static int odds_of(limitland *f, const int *dice, size_t n, arb_odds *od, arb_error *err)
{
	for (size_t i = 0; i < n; i++)
		f->s->dice[i] = dice[i];
	f->s->n_dice = n;
	arb_error_clear(err);
	return arb_odds_enumerate(od, f->o, f->s, NULL, err);
}

Test(faults, odds_within_the_limits)
{
	limitland f = limitland_new();
	add_fact(f.s, "spread", "levels");
	arb_odds od;
	arb_error err;
	int dice[] = {1, 1};
	cr_assert(eq(int, odds_of(&f, dice, 2, &od, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(sz, od.n_values, 1));
	cr_assert(eq(sz, od.values[0].n_levels, 36));
	cr_assert(eq(u64, od.outcomes, 36));
	limitland_free(&f);
}

/* 36 value names for 24 places (ARB_ODDS_MAX_VALUES): the 25th and later used to be dropped. */
Test(faults, odds_with_too_many_values_is_an_input_error)
{
	limitland f = limitland_new();
	add_fact(f.s, "spread", "names");
	arb_odds od;
	arb_error err;
	int dice[] = {1, 1};
	int rc = odds_of(&f, dice, 2, &od, &err);
	cr_assert(eq(int, rc, ARB_EINPUT), "rc %d: %s", rc, err.message);
	cr_assert(strstr(err.message, "values") != NULL, "%s", err.message);
	cr_assert(eq(str, err.field, "dice"));
	limitland_free(&f);
}

/* 216 levels for 48 places: the 49th and later used to be dropped. */
Test(faults, odds_with_too_many_levels_is_an_input_error)
{
	limitland f = limitland_new();
	add_fact(f.s, "spread", "levels");
	arb_odds od;
	arb_error err;
	int dice[] = {1, 1, 1};
	int rc = odds_of(&f, dice, 3, &od, &err);
	cr_assert(eq(int, rc, ARB_EINPUT), "rc %d: %s", rc, err.message);
	cr_assert(strstr(err.message, "roll") != NULL, "%s", err.message);
	limitland_free(&f);
}

/* More dice than ARB_ODDS_MAX_DICE was already refused: kept so. */
Test(faults, odds_with_too_many_dice_is_an_input_error)
{
	limitland f = limitland_new();
	add_fact(f.s, "spread", "levels");
	arb_odds od;
	arb_error err;
	int dice[ARB_ODDS_MAX_DICE + 1] = {0};
	for (size_t i = 0; i < ARB_ODDS_MAX_DICE + 1; i++)
		dice[i] = 1;
	int rc = odds_of(&f, dice, ARB_ODDS_MAX_DICE + 1, &od, &err);
	cr_assert(eq(int, rc, ARB_EINPUT), "rc %d: %s", rc, err.message);
	cr_assert(strstr(err.message, "dice") != NULL, "%s", err.message);
	limitland_free(&f);
}
