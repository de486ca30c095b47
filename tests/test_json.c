/* test_json.c: the JSON Lines interchange (tools/writers/json_*.c,
 * docs/interchange.md): scenarios read and written back (round trips) and
 * every error path of the reader. Verdict and error lines, the verdict
 * checker and the two doors of the protocol are in test_json_verdict.c. */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
/* Relative to this file: the tools' headers. */
#include "../tools/arbiter/cli.h"
#include "../tools/writers/json_io.h"

/* ---- helpers ---- */

static arb_scenario *parse_ok(const char *text)
{
	arb_scenario *s = NULL;
	arb_error err;
	int rc = arbj_scenario_parse(&s, text, strlen(text), "t.jsonl", 1, &err);
	char buf[1024];
	cr_assert(eq(int, rc, ARB_OK), "%s", arb_error_format(&err, buf, sizeof buf));
	cr_assert(ne(ptr, s, NULL));
	return s;
}

/* Parses text given as line lineno of "in.jsonl" and checks the error:
 * ARB_EINPUT, the field path, the line, the column (-1: not checked) and a
 * word of the message. */
static void expect_error_at(const char *text, long lineno, long line, const char *field,
                            long column, const char *needle)
{
	arb_scenario *s = NULL;
	arb_error err;
	int rc = arbj_scenario_parse(&s, text, strlen(text), "in.jsonl", lineno, &err);
	cr_assert(eq(int, rc, ARB_EINPUT), "rc %d for %s", rc, text);
	cr_assert(eq(ptr, s, NULL));
	cr_assert(eq(int, err.code, ARB_EINPUT));
	cr_assert(eq(str, err.file, "in.jsonl"));
	cr_assert(eq(str, err.field, (char *)field), "message: %s", err.message);
	cr_assert(eq(long, err.line, line));
	if (column >= 0)
		cr_assert(eq(long, err.column, column), "message: %s", err.message);
	cr_assert(strstr(err.message, needle) != NULL, "message \"%s\" lacks \"%s\"", err.message,
	          needle);
}

static void expect_error(const char *text, long lineno, const char *field, long column,
                         const char *needle)
{
	expect_error_at(text, lineno, lineno, field, column, needle);
}

/* The 1-based column of the last character of the first occurrence of tok:
 * where jansson stops at a bad token. */
static long column_after(const char *text, const char *tok)
{
	const char *at = strstr(text, tok);
	cr_assert(ne(ptr, (void *)at, NULL));
	return (long)(at - text) + (long)strlen(tok);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

#define SAME_STR(a, b)                                                                             \
	cr_assert(same_str((a), (b)), "%s: \"%s\" vs \"%s\"", #a, (a) ? (a) : "(null)",            \
	          (b) ? (b) : "(null)")

static void same_strs(const char *const *a, size_t na, const char *const *b, size_t nb)
{
	cr_assert(eq(sz, na, nb));
	for (size_t i = 0; i < na; i++)
		SAME_STR(a[i], b[i]);
}

static void same_kv(const arb_kv *a, size_t na, const arb_kv *b, size_t nb)
{
	cr_assert(eq(sz, na, nb));
	for (size_t i = 0; i < na; i++) {
		SAME_STR(a[i].name, b[i].name);
		cr_assert(eq(dbl, a[i].value, b[i].value));
	}
}

static void same_pts(const arb_vec2 *a, size_t na, const arb_vec2 *b, size_t nb)
{
	cr_assert(eq(sz, na, nb));
	for (size_t i = 0; i < na; i++) {
		cr_assert(eq(dbl, a[i].x, b[i].x));
		cr_assert(eq(dbl, a[i].y, b[i].y));
	}
}

/* Every field of the model, numbers compared exactly. */
static void same_scenario(const arb_scenario *a, const arb_scenario *b)
{
	SAME_STR(a->id, b->id);
	SAME_STR(a->ruleset, b->ruleset);
	SAME_STR(a->profile, b->profile);
	SAME_STR(a->context.phase, b->context.phase);
	SAME_STR(a->context.subphase, b->context.subphase);
	cr_assert(eq(int, a->context.battle_round, b->context.battle_round));
	SAME_STR(a->context.active_side, b->context.active_side);
	SAME_STR(a->context.in_progress, b->context.in_progress);
	same_strs(a->context.completed, a->context.n_completed, b->context.completed,
	          b->context.n_completed);
	cr_assert(eq(dbl, a->board_w, b->board_w));
	cr_assert(eq(dbl, a->board_h, b->board_h));
	cr_assert(eq(sz, a->n_units, b->n_units));
	for (size_t i = 0; i < a->n_units; i++) {
		const arb_unit *u = &a->units[i], *v = &b->units[i];
		SAME_STR(u->id, v->id);
		SAME_STR(u->side, v->side);
		SAME_STR(u->formation, v->formation);
		cr_assert(eq(dbl, u->facing_deg, v->facing_deg));
		same_kv(u->stats, u->n_stats, v->stats, v->n_stats);
		same_strs(u->status, u->n_status, v->status, v->n_status);
		cr_assert(eq(sz, u->n_models, v->n_models));
		for (size_t j = 0; j < u->n_models; j++) {
			const arb_model *m = &u->models[j], *n = &v->models[j];
			SAME_STR(m->id, n->id);
			cr_assert(eq(dbl, m->pos.x, n->pos.x));
			cr_assert(eq(dbl, m->pos.y, n->pos.y));
			cr_assert(eq(dbl, m->facing_deg, n->facing_deg));
			cr_assert(eq(int, (int)m->base.shape, (int)n->base.shape));
			cr_assert(eq(dbl, m->base.d_mm, n->base.d_mm));
			cr_assert(eq(dbl, m->base.w_mm, n->base.w_mm));
			cr_assert(eq(dbl, m->base.depth_mm, n->base.depth_mm));
			same_kv(m->stats, m->n_stats, n->stats, n->n_stats);
		}
	}
	cr_assert(eq(sz, a->n_terrain, b->n_terrain));
	for (size_t i = 0; i < a->n_terrain; i++) {
		SAME_STR(a->terrain[i].id, b->terrain[i].id);
		SAME_STR(a->terrain[i].kind, b->terrain[i].kind);
		same_pts(a->terrain[i].poly, a->terrain[i].n_poly, b->terrain[i].poly,
		         b->terrain[i].n_poly);
	}
	const arb_action *x = &a->action, *y = &b->action;
	SAME_STR(x->type, y->type);
	SAME_STR(x->unit, y->unit);
	cr_assert(eq(int, x->voluntary, y->voluntary));
	cr_assert(eq(sz, x->n_paths, y->n_paths));
	for (size_t i = 0; i < x->n_paths; i++) {
		SAME_STR(x->paths[i].model, y->paths[i].model);
		same_pts(x->paths[i].pts, x->paths[i].n_pts, y->paths[i].pts, y->paths[i].n_pts);
	}
	cr_assert(eq(int, x->stationary_declared, y->stationary_declared));
	same_strs(x->stationary, x->n_stationary, y->stationary, y->n_stationary);
	same_strs(x->targets, x->n_targets, y->targets, y->n_targets);
	cr_assert(eq(sz, a->n_dice, b->n_dice));
	cr_assert(eq(int, a->dice_test != NULL, b->dice_test != NULL));
	for (size_t i = 0; i < a->n_dice; i++) {
		cr_assert(eq(int, a->dice[i], b->dice[i]));
		if (a->dice_test)
			SAME_STR(a->dice_test[i], b->dice_test[i]);
	}
	cr_assert(eq(sz, a->n_facts, b->n_facts));
	for (size_t i = 0; i < a->n_facts; i++) {
		SAME_STR(a->facts[i].name, b->facts[i].name);
		SAME_STR(a->facts[i].value, b->facts[i].value);
	}
}

/* ---- scenarios ---- */

/* The example of docs/interchange.md, plus a rectangular base, a second
 * path that moves first (a2 before a1: the order is kept), numbers that
 * need 17 digits, a reading profile, and facts given as a boolean and a
 * number. */
static const char kFull[] =
    "{\"format\":\"arbiter-scenario/2\",\"id\":\"SH-MOV-0001\",\"ruleset\":\"scrollhammer\","
    "\"profile\":\"chain\","
    "\"context\":{\"phase\":\"movement\",\"subphase\":\"remaining\",\"battle_round\":2,"
    "\"active_side\":\"A\",\"in_progress\":null,\"completed\":[\"B1\"]},"
    "\"board\":{\"w\":72,\"h\":48},"
    "\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"formation\":\"horde\",\"stats\":{\"M\":6,"
    "\"I\":3},\"status\":[\"locked_in_combat\"],\"facing_deg\":0,"
    "\"models\":[{\"id\":\"a1\",\"x\":10,\"y\":10,\"facing_deg\":0,"
    "\"base\":{\"shape\":\"round\",\"d_mm\":25},\"stats\":{\"M\":8}},"
    "{\"id\":\"a2\",\"x\":11.3,\"y\":10.30000000000000071,\"facing_deg\":-90.5,"
    "\"base\":{\"shape\":\"rect\",\"w_mm\":25,\"depth_mm\":50}}]},"
    "{\"id\":\"B1\",\"side\":\"B\",\"models\":[{\"id\":\"b1\",\"x\":40,\"y\":40,"
    "\"base\":{\"shape\":\"round\",\"d_mm\":32}}]}],"
    "\"terrain\":[{\"id\":\"T1\",\"kind\":\"difficult\",\"polygon\":[[0,0],[4,0],[4,4],[0,4]]}],"
    "\"action\":{\"type\":\"move\",\"unit\":\"A1\",\"voluntary\":false,"
    "\"paths\":[{\"model\":\"a2\",\"points\":[[11.3,10.30000000000000071],[14,12]]},"
    "{\"model\":\"a1\",\"points\":[[10,10],[16,10]]}],"
    "\"stationary\":[],\"targets\":[\"B1\"]},"
    "\"dice\":[3,5],"
    "\"facts\":{\"coherency_restorable\":false,\"closest_gap\":1.5,\"enemies_apparent\":\"true\"}}";

#define HEAD                              "\"format\":\"arbiter-scenario/2\",\"id\":\"E1\",\"ruleset\":\"scrollhammer\""
#define BOARD                             "\"board\":{\"w\":72,\"h\":48}"
#define ROUND                             "{\"shape\":\"round\",\"d_mm\":25}"
#define MODEL_AT(x, base)                 "{\"id\":\"a1\",\"x\":" x ",\"y\":10,\"base\":" base "}"
#define UNITS(models)                     "\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"models\":[" models "]}]"
#define ACTION                            "\"action\":{\"type\":\"move\",\"unit\":\"A1\"}"
#define SCEN(board, units, action, extra) "{" HEAD "," board "," units "," action extra "}"
#define MINIMAL                           SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, "")

/* ---- reading ---- */

Test(json_parse, full_example)
{
	arb_scenario *s = parse_ok(kFull);
	cr_assert(eq(str, (char *)s->id, "SH-MOV-0001"));
	cr_assert(eq(str, (char *)s->context.subphase, "remaining"));
	cr_assert(eq(int, s->context.battle_round, 2));
	cr_assert(eq(ptr, (void *)s->context.in_progress, NULL));
	cr_assert(eq(sz, s->n_units, 2));
	const arb_model *a2 = &s->units[0].models[1];
	cr_assert(eq(int, (int)a2->base.shape, (int)ARB_BASE_RECT));
	cr_assert(eq(dbl, a2->base.depth_mm, 50.0));
	cr_assert(eq(dbl, a2->pos.y, 10.30000000000000071));
	/* Stats come out sorted by name whatever the order given (an object);
	 * paths in the order given (an array: the order of the move). */
	cr_assert(eq(str, (char *)s->units[0].stats[0].name, "I"));
	cr_assert(eq(sz, s->action.n_paths, 2));
	cr_assert(eq(str, (char *)s->action.paths[0].model, "a2"));
	cr_assert(eq(str, (char *)s->action.paths[1].model, "a1"));
	cr_assert(eq(str, (char *)s->profile, "chain"));
	cr_assert(not(s->action.voluntary));
	cr_assert(s->action.stationary_declared);
	cr_assert(eq(sz, s->action.n_stationary, 0));
	/* Facts are text whatever JSON type they came as. */
	cr_assert(eq(str, (char *)arb_scenario_fact(s, "coherency_restorable"), "false"));
	cr_assert(eq(str, (char *)arb_scenario_fact(s, "closest_gap"), "1.5"));
	cr_assert(eq(str, (char *)arb_scenario_fact(s, "enemies_apparent"), "true"));
	cr_assert(eq(str, (char *)s->src_file, "t.jsonl"));
	arb_scenario_free(s);
}

Test(json_parse, defaults)
{
	arb_scenario *s = parse_ok(MINIMAL);
	cr_assert(eq(str, (char *)s->context.phase, "movement"));
	cr_assert(eq(ptr, (void *)s->context.subphase, NULL));
	cr_assert(eq(int, s->context.battle_round, 1));
	cr_assert(eq(sz, s->context.n_completed, 0));
	cr_assert(eq(ptr, (void *)s->units[0].formation, NULL));
	cr_assert(eq(sz, s->units[0].n_stats, 0));
	cr_assert(eq(sz, s->units[0].n_status, 0));
	cr_assert(eq(dbl, s->units[0].models[0].facing_deg, 0.0));
	cr_assert(s->action.voluntary);
	cr_assert(eq(sz, s->action.n_paths, 0));
	cr_assert(not(s->action.stationary_declared));
	cr_assert(eq(sz, s->n_terrain + s->n_dice + s->n_facts + s->action.n_targets, 0));
	cr_assert(eq(ptr, (void *)s->profile, NULL));
	arb_scenario_free(s);
}

Test(json_roundtrip, full_example)
{
	arb_scenario *a = parse_ok(kFull);
	char *text = arbj_scenario_dump(a);
	cr_assert(ne(ptr, text, NULL));
	cr_assert(eq(ptr, strchr(text, '\n'), NULL));
	arb_scenario *b = parse_ok(text);
	same_scenario(a, b);
	/* The dump is canonical: dumping again gives the same line. */
	char *again = arbj_scenario_dump(b);
	cr_assert(eq(str, again, text));
	free(again);
	free(text);
	arb_scenario_free(a);
	arb_scenario_free(b);
}

/* A terrain piece's height (Grit's towering steps compare it) is read and
 * written back when given, and absent when not. */
Test(json_roundtrip, terrain_height)
{
	arb_scenario *a = parse_ok(
	    SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION,
	         ",\"terrain\":[{\"id\":\"T1\",\"kind\":\"cover\",\"height\":1.5,\"polygon\":[[0,"
	         "0],[4,0],[4,4]]},{\"id\":\"T2\",\"kind\":\"cover\",\"polygon\":[[5,0],[9,0],[9,"
	         "4]]}]"));
	cr_assert(a->terrain[0].has_height);
	cr_assert(eq(dbl, a->terrain[0].height, 1.5));
	cr_assert(not(a->terrain[1].has_height));
	char *text = arbj_scenario_dump(a);
	cr_assert(ne(ptr, strstr(text, "\"height\":1.5"), NULL), "%s", text);
	arb_scenario *b = parse_ok(text);
	cr_assert(b->terrain[0].has_height);
	cr_assert(eq(dbl, b->terrain[0].height, 1.5));
	cr_assert(not(b->terrain[1].has_height));
	free(text);
	arb_scenario_free(a);
	arb_scenario_free(b);
}

Test(json_errors, negative_terrain_height)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION,
	                  ",\"terrain\":[{\"id\":\"T1\",\"kind\":\"cover\",\"height\":-1,"
	                  "\"polygon\":[[0,0],[4,0],[4,4]]}]"),
	             1, "terrain[0].height", -1, "not negative, got -1");
}

Test(json_roundtrip, minimal_keeps_no_declaration)
{
	arb_scenario *a = parse_ok(MINIMAL);
	char *text = arbj_scenario_dump(a);
	cr_assert(ne(ptr, text, NULL));
	cr_assert(eq(ptr, strstr(text, "stationary"), NULL));
	arb_scenario *b = parse_ok(text);
	same_scenario(a, b);
	free(text);
	arb_scenario_free(a);
	arb_scenario_free(b);
}

Test(json_dump, minimal_exact)
{
	arb_scenario *s = parse_ok(MINIMAL);
	char *text = arbj_scenario_dump(s);
	cr_assert(
	    eq(str, text,
	       "{\"action\":{\"paths\":[],\"targets\":[],\"type\":\"move\",\"unit\":\"A1\","
	       "\"voluntary\":true},\"board\":{\"h\":48,\"w\":72},\"context\":{"
	       "\"active_side\":null,\"battle_round\":1,\"completed\":[],\"in_progress\":null,"
	       "\"phase\":\"movement\",\"subphase\":null},\"dice\":[],\"facts\":{},"
	       "\"format\":\"arbiter-scenario/2\",\"id\":\"E1\",\"profile\":null,"
	       "\"ruleset\":\"scrollhammer\",\"terrain\":[],\"units\":[{\"facing_deg\":0,"
	       "\"formation\":null,\"id\":\"A1\","
	       "\"models\":[{\"base\":{\"d_mm\":25,\"shape\":\"round\"},\"facing_deg\":0,"
	       "\"id\":\"a1\",\"stats\":{},\"x\":10,\"y\":10}],\"side\":\"A\",\"stats\":{},"
	       "\"status\":[]}]}"));
	free(text);
	arb_scenario_free(s);
}

/* A hand-built scenario: numbers that no decimal writes exactly read back
 * as the same doubles; non-finite ones are written as null, which the
 * reader rejects rather than guess. */
Test(json_roundtrip, hand_built_numbers)
{
	arb_scenario *s = NULL;
	cr_assert(eq(int, arb_scenario_new(&s), ARB_OK));
	s->id = "H-1";
	s->ruleset = "grit";
	s->context.phase = "movement";
	s->context.battle_round = 3;
	s->board_w = 0.1 + 0.2;
	s->board_h = 1.0 / 3.0;
	s->units = arb_scenario_alloc(s, sizeof *s->units);
	s->n_units = 1;
	s->units[0] = (arb_unit){.id = "U", .side = "A", .facing_deg = 1e-300};
	s->action.type = "move";
	s->action.unit = "U";
	char *text = arbj_scenario_dump(s);
	cr_assert(ne(ptr, text, NULL));
	arb_scenario *b = parse_ok(text);
	same_scenario(s, b);
	free(text);
	arb_scenario_free(b);

	s->board_w = INFINITY;
	text = arbj_scenario_dump(s);
	cr_assert(ne(ptr, strstr(text, "\"w\":null"), NULL));
	expect_error(text, 1, "board.w", 0, "expected the board's width");
	free(text);
	arb_scenario_free(s);
}

/* Paths keep the order they are given in, reading and writing: the charge
 * predicates take it as the order in which the models move. */
Test(json_roundtrip, path_order_is_kept)
{
	arb_scenario *a = parse_ok(kFull);
	char *text = arbj_scenario_dump(a);
	cr_assert(ne(ptr, text, NULL));
	const char *a2 = strstr(text, "{\"model\":\"a2\""), *a1 = strstr(text, "{\"model\":\"a1\"");
	cr_assert(a2 && a1 && a2 < a1, "%s", text);
	arb_scenario *b = parse_ok(text);
	cr_assert(eq(str, (char *)b->action.paths[0].model, "a2"));
	cr_assert(eq(str, (char *)b->action.paths[1].model, "a1"));
	same_scenario(a, b);
	free(text);
	arb_scenario_free(a);
	arb_scenario_free(b);
}

/* The reading profile travels with the scenario; "all" (every reading
 * counts) is the same as none and is written null. */
Test(json_roundtrip, profile)
{
	arb_scenario *s =
	    parse_ok(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"profile\":\"literal\""));
	cr_assert(eq(str, (char *)s->profile, "literal"));
	char *text = arbj_scenario_dump(s);
	cr_assert(ne(ptr, strstr(text, "\"profile\":\"literal\""), NULL), "%s", text);
	arb_scenario *b = parse_ok(text);
	same_scenario(s, b);
	free(text);
	arb_scenario_free(b);

	s->profile = "all";
	text = arbj_scenario_dump(s);
	cr_assert(ne(ptr, strstr(text, "\"profile\":null"), NULL), "%s", text);
	free(text);
	arb_scenario_free(s);

	const char *spellings[] = {",\"profile\":\"all\"", ",\"profile\":null", ""};
	for (size_t i = 0; i < 3; i++) {
		char line[1024];
		snprintf(line, sizeof line, "%s",
		         "{" HEAD "," BOARD "," UNITS(MODEL_AT("10", ROUND)) "," ACTION);
		snprintf(line + strlen(line), sizeof line - strlen(line), "%s}", spellings[i]);
		s = parse_ok(line);
		cr_assert(eq(ptr, (void *)s->profile, NULL), "%s", line);
		arb_scenario_free(s);
	}
}

/* -0 is not 0 to atan2: it is written -0.0, not the integer 0. */
Test(json_roundtrip, negative_zero)
{
	arb_scenario *s = parse_ok(MINIMAL);
	s->units[0].models[0].facing_deg = -0.0;
	char *text = arbj_scenario_dump(s);
	cr_assert(ne(ptr, strstr(text, "\"facing_deg\":-0.0"), NULL), "%s", text);
	arb_scenario *b = parse_ok(text);
	cr_assert(signbit(b->units[0].models[0].facing_deg));
	free(text);
	arb_scenario_free(b);
	arb_scenario_free(s);
}

/* Dice by test: each test's dice in their order, tests in name order. */
Test(json_roundtrip, dice_by_test)
{
	arb_scenario *a =
	    parse_ok(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION,
	                  ",\"dice\":{\"difficult_check\":[3,5],\"dangerous_test\":[1]}"));
	cr_assert(eq(sz, a->n_dice, 3));
	int d[4];
	cr_assert(eq(sz, arb_scenario_dice_for(a, "difficult_check", d, 4), 2));
	cr_assert(eq(int, d[0], 3));
	cr_assert(eq(int, d[1], 5));
	char *text = arbj_scenario_dump(a);
	cr_assert(ne(ptr,
	             strstr(text, "\"dice\":{\"dangerous_test\":[1],\"difficult_check\":[3,5]}"),
	             NULL),
	          "%s", text);
	arb_scenario *b = parse_ok(text);
	same_scenario(a, b);
	free(text);
	arb_scenario_free(a);
	arb_scenario_free(b);
}

/* ---- every error path ---- */

Test(json_errors, syntax_error_has_column_and_path)
{
	const char *t =
	    "{" HEAD ",\"board\":{\"w\":72,\"h\":}," UNITS(MODEL_AT("10", ROUND)) "," ACTION "}";
	expect_error(t, 7, "board.h", column_after(t, "\"h\":}"), "invalid JSON");
}

Test(json_errors, syntax_error_in_array)
{
	const char *t = SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"dice\":[3,5,]");
	expect_error(t, 2, "dice[2]", column_after(t, "5,]"), "invalid JSON");
}

Test(json_errors, syntax_error_line_offset)
{
	/* An object spread over lines: the error line counts from lineno. */
	const char *t = "{" HEAD ",\n\"board\":{\"w\":72,\n\"h\":48,}}";
	expect_error_at(t, 10, 12, "board", 8, "invalid JSON");
}

Test(json_errors, truncated_line)
{
	const char *t = "{" HEAD ",\"board\":{\"w\":72";
	expect_error(t, 4, "board", (long)strlen(t), "end of file");
}

Test(json_errors, empty_line)
{
	expect_error("", 3, "", -1, "invalid JSON");
}

Test(json_errors, trailing_garbage)
{
	const char *t = MINIMAL " x";
	expect_error(t, 1, "", (long)strlen(t), "end of file expected");
}

Test(json_errors, duplicate_key)
{
	const char *t =
	    "{" HEAD "," BOARD ",\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"id\":\"A2\","
	    "\"models\":[]}]," ACTION "}";
	expect_error(t, 5, "units[0].id", column_after(t, "\"A\",\"id\""), "duplicate member");
}

Test(json_errors, duplicate_top_level_key)
{
	const char *t = "{" HEAD ",\"id\":\"E2\"," BOARD "}";
	expect_error(t, 1, "id", column_after(t, "scrollhammer\",\"id\""), "duplicate member");
}

Test(json_errors, invalid_utf8)
{
	const char *t = "{" HEAD "," BOARD ",\"units\":[{\"id\":\"A\xff\"}]}";
	expect_error(t, 1, "units[0].id", -1, "invalid JSON");
}

Test(json_errors, unknown_key)
{
	const char *t = SCEN(
	    BOARD, UNITS("{\"id\":\"a1\",\"x\":1,\"y\":1,\"z\":0,\"base\":" ROUND "}"), ACTION, "");
	expect_error(t, 8, "units[0].models[0].z", 0, "unknown member \"z\"");
}

Test(json_errors, unknown_top_level_key)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"expect\":\"legal\""), 1,
	             "expect", 0, "expected one of: format, id");
}

Test(json_errors, round_base_with_width)
{
	expect_error(SCEN(BOARD,
	                  UNITS(MODEL_AT("10", "{\"shape\":\"round\",\"d_mm\":25,\"w_mm\":25}")),
	                  ACTION, ""),
	             1, "units[0].models[0].base.w_mm", 0, "unknown member");
}

Test(json_errors, wrong_type)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("\"10\"", ROUND)), ACTION, ""), 2,
	             "units[0].models[0].x", 0, "expected a number (inches), got a string");
}

Test(json_errors, wrong_type_nested_object)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\",\"stationary\":\"a1\"}",
	                  ""),
	             1, "action.stationary", 0, "got a string");
}

Test(json_errors, wrong_type_string_array_element)
{
	expect_error(SCEN(BOARD,
	                  "\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"status\":[\"x\",3],"
	                  "\"models\":[]}]",
	                  ACTION, ""),
	             1, "units[0].status[1]", 0, "got an integer");
}

Test(json_errors, wrong_type_boolean)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\",\"voluntary\":\"yes\"}",
	                  ""),
	             1, "action.voluntary", 0, "true or false");
}

Test(json_errors, not_an_object)
{
	expect_error("[1,2]", 6, "", 0, "expected a scenario (a JSON object");
}

Test(json_errors, missing_required_member)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), "\"action\":{\"type\":\"move\"}", ""), 9,
	    "action.unit", 0, "missing required member \"unit\"");
}

Test(json_errors, missing_board)
{
	expect_error("{" HEAD "," UNITS(MODEL_AT("10", ROUND)) "," ACTION "}", 1, "board", 0,
	             "missing required member \"board\"");
}

Test(json_errors, missing_base)
{
	expect_error(SCEN(BOARD, UNITS("{\"id\":\"a1\",\"x\":1,\"y\":1}"), ACTION, ""), 1,
	             "units[0].models[0].base", 0, "missing required member");
}

Test(json_errors, bad_format_string)
{
	/* A later version is refused before its members are looked at. */
	expect_error("{\"format\":\"arbiter-scenario/3\",\"id\":\"X\",\"new_member\":1}", 3,
	             "format", 0, "unsupported format \"arbiter-scenario/3\"");
}

Test(json_errors, format_1_is_refused)
{
	/* /1 paths were an object taken in model order, and /1 had no profile:
	 * the reader reads /2 only, and says so. */
	expect_error("{\"format\":\"arbiter-scenario/1\",\"id\":\"X\"," BOARD "}", 1, "format", 0,
	             "this reader reads \"arbiter-scenario/2\"");
}

Test(json_errors, missing_format)
{
	expect_error("{\"id\":\"X\"," BOARD "}", 1, "format", 0,
	             "missing required member \"format\"");
}

Test(json_errors, zero_base_size)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", "{\"shape\":\"round\",\"d_mm\":0}")), ACTION, ""), 4,
	    "units[0].models[0].base.d_mm", 0, "greater than 0, got 0");
}

Test(json_errors, negative_rect_base)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", "{\"shape\":\"rect\",\"w_mm\":25,\"depth_mm\":-50}")),
	         ACTION, ""),
	    1, "units[0].models[0].base.depth_mm", 0, "greater than 0, got -50");
}

Test(json_errors, unknown_base_shape)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", "{\"shape\":\"hex\",\"d_mm\":25}")), ACTION, ""), 1,
	    "units[0].models[0].base.shape", 0, "\"round\" or \"rect\"");
}

Test(json_errors, negative_board)
{
	expect_error(
	    SCEN("\"board\":{\"w\":-72,\"h\":48}", UNITS(MODEL_AT("10", ROUND)), ACTION, ""), 1,
	    "board.w", 0, "greater than 0");
}

Test(json_errors, zero_board)
{
	expect_error(SCEN("\"board\":{\"w\":72,\"h\":0}", UNITS(MODEL_AT("10", ROUND)), ACTION, ""),
	             1, "board.h", 0, "greater than 0");
}

Test(json_errors, non_finite_number)
{
	/* jansson refuses 1e999 itself (it would be infinity), with a column. */
	const char *t = SCEN(BOARD, UNITS(MODEL_AT("1e999", ROUND)), ACTION, "");
	expect_error(t, 12, "units[0].models[0].x", column_after(t, "1e999"), "overflow");
}

/* An action moving a1 along pts. */
#define MOVE_A1(pts)                                                                               \
	"\"action\":{\"type\":\"move\",\"unit\":\"A1\",\"paths\":[{\"model\":\"a1\","              \
	"\"points\":" pts "}]}"

Test(json_errors, non_finite_negative_in_path)
{
	const char *t =
	    SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), MOVE_A1("[[10,10],[-1e999,10]]"), "");
	expect_error(t, 1, "action.paths[0].points[1][0]", column_after(t, "-1e999"), "overflow");
}

Test(json_errors, path_point_with_three_numbers)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), MOVE_A1("[[10,10],[16,10,0]]"), ""),
	             5, "action.paths[0].points[1]", 0,
	             "a point [x, y] of two numbers (inches), got an array of 3");
}

Test(json_errors, path_point_not_a_number)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), MOVE_A1("[[10,\"10\"]]"), ""), 1,
	             "action.paths[0].points[0][1]", 0, "expected y");
}

Test(json_errors, empty_path)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), MOVE_A1("[]"), ""), 1,
	             "action.paths[0].points", 0, "at least 1 point");
}

Test(json_errors, paths_as_an_object)
{
	/* The shape of /1: an object has no order, so /2 refuses it. */
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\","
	                  "\"paths\":{\"a1\":[[10,10],[16,10]]}}",
	                  ""),
	             1, "action.paths", 0, "expected an array of paths");
}

Test(json_errors, path_not_an_object)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\","
	                  "\"paths\":[[[10,10],[16,10]]]}",
	                  ""),
	             1, "action.paths[0]", 0, "expected a path (an object");
}

Test(json_errors, path_without_points)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\","
	                  "\"paths\":[{\"model\":\"a1\"}]}",
	                  ""),
	             1, "action.paths[0].points", 0, "missing required member \"points\"");
}

Test(json_errors, path_with_unknown_member)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\","
	                  "\"paths\":[{\"model\":\"a1\",\"points\":[[10,10]],\"order\":1}]}",
	                  ""),
	             1, "action.paths[0].order", 0, "unknown member \"order\"");
}

Test(json_errors, path_with_empty_model)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)),
	                  "\"action\":{\"type\":\"move\",\"unit\":\"A1\","
	                  "\"paths\":[{\"model\":\"\",\"points\":[[10,10]]}]}",
	                  ""),
	             1, "action.paths[0].model", 0, "empty string");
}

Test(json_errors, profile_empty)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"profile\":\"\""), 1,
	             "profile", 0, "a reading profile name, got an empty string");
}

Test(json_errors, profile_not_a_string)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"profile\":1"), 1,
	             "profile", 0, "a reading profile name or null, got an integer");
}

Test(json_errors, polygon_too_short)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION,
	         ",\"terrain\":[{\"id\":\"T1\",\"kind\":\"area\",\"polygon\":[[0,0],[1,1]]}]"),
	    1, "terrain[0].polygon", 0, "at least 3 points");
}

Test(json_errors, die_not_an_integer)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"dice\":[3,4.5]"), 1,
	             "dice[1]", 0, "an integer from 1");
}

Test(json_errors, die_zero)
{
	expect_error(SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"dice\":[0]"), 1,
	             "dice[0]", 0, "got 0");
}

Test(json_errors, battle_round_zero)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"context\":{\"battle_round\":0}"),
	    1, "context.battle_round", 0, "got 0");
}

Test(json_errors, fact_null)
{
	expect_error(
	    SCEN(BOARD, UNITS(MODEL_AT("10", ROUND)), ACTION, ",\"facts\":{\"closest_gap\":null}"),
	    1, "facts.closest_gap", 0, "a string, number or boolean");
}

Test(json_errors, empty_id)
{
	expect_error(
	    SCEN(BOARD, UNITS("{\"id\":\"\",\"x\":1,\"y\":1,\"base\":" ROUND "}"), ACTION, ""), 1,
	    "units[0].models[0].id", 0, "empty string");
}

Test(json_errors, null_error_record)
{
	/* err may be NULL: the code still says what went wrong. */
	arb_scenario *s = NULL;
	cr_assert(eq(int, arbj_scenario_parse(&s, "{", 1, NULL, 1, NULL), ARB_EINPUT));
	cr_assert(eq(ptr, s, NULL));
}
