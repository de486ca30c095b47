/* test_json.c: the JSON Lines interchange (tools/writers/json_*.c,
 * docs/interchange.md): round trips, every error path, exact verdict and
 * error lines, the verdict checker, and the two doors of the protocol
 * (arbiter judge and arbiter run, with a fixture predicate that faults). */
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

/* ---- verdicts and error lines ---- */

static const arb_predicate kDist = {.clause = "SH.MOV.DIST.1", .question = "move.distance"};
static const arb_predicate kCoh = {
    .clause = "SH.MOV.COH.3", .reading = "connected", .question = "unit.coherency"};

/* A line that arbj_verdict_check accepts (as a verdict, or an error line). */
static void check_ok(const char *line, bool want_error)
{
	char why[512];
	bool is_error = !want_error;
	int rc = arbj_verdict_check(line, &is_error, why, sizeof why);
	cr_assert(eq(int, rc, ARB_OK), "%s\n  %s", why, line);
	cr_assert(eq(int, is_error, want_error), "%s", line);
}

Test(json_verdict, exact_with_trace)
{
	const char *violates[] = {"SH.MOV.DIST.1"};
	const char *disputed[] = {"SH.MOV.COH.3", "SH.MOV.COH.6"};
	arb_kv values[] = {{"charge_range", 7}, {"cover", 0.1}, {"reach", INFINITY}};
	arb_kv info[] = {{"coherency", 2}};
	arb_trace trace[2] = {{.pred = &kDist}, {.pred = &kCoh, .reading = "connected"}};
	trace[0].result.outcome = ARB_VIOLATED;
	snprintf(trace[0].result.explanation, sizeof trace[0].result.explanation,
	         "moved 6.5 in, limit 6 in");
	trace[0].result.has_measure = true;
	trace[0].result.measure = (arb_measure){
	    .figure = 6.5, .limit = 6, .margin = -0.5, .p = {10, 10}, .q = {16.5, 10}};
	trace[1].result.outcome = ARB_HOLDS;
	snprintf(trace[1].result.explanation, sizeof trace[1].result.explanation,
	         "in \"coherency\"");
	trace[1].overridden_by = "SH.X.1";
	trace[1].not_selected = true;
	arb_verdict v = {.scenario_id = "SH-MOV-0001",
	                 .kind = ARB_V_DISPUTED,
	                 .dispute = ARB_DISPUTE_CONFLICT | ARB_DISPUTE_READINGS,
	                 .violates = violates,
	                 .n_violates = 1,
	                 .disputed = disputed,
	                 .n_disputed = 2,
	                 .values = values,
	                 .n_values = 3,
	                 .info = info,
	                 .n_info = 1,
	                 .trace = trace,
	                 .n_trace = 2};
	char *text = arbj_verdict_dump(&v, true);
	cr_assert(
	    eq(str, text,
	       "{\"dispute\":[\"conflict\",\"readings\"],"
	       "\"disputed\":[\"SH.MOV.COH.3\",\"SH.MOV.COH.6\"],"
	       "\"format\":\"arbiter-verdict/2\",\"id\":\"SH-MOV-0001\","
	       "\"info\":{\"coherency\":2},\"missing\":[],"
	       "\"trace\":[{\"clause\":\"SH.MOV.DIST.1\","
	       "\"explanation\":\"moved 6.5 in, limit 6 in\","
	       "\"measure\":{\"figure\":6.5,\"limit\":6,\"margin\":-0.5,\"p\":[10,10],"
	       "\"q\":[16.5,10]},\"missing\":null,\"not_selected\":false,"
	       "\"outcome\":\"violated\",\"overridden_by\":null,\"question\":\"move.distance\","
	       "\"reading\":null},"
	       "{\"clause\":\"SH.MOV.COH.3\",\"explanation\":\"in \\\"coherency\\\"\","
	       "\"measure\":null,\"missing\":null,\"not_selected\":true,\"outcome\":\"holds\","
	       "\"overridden_by\":\"SH.X.1\",\"question\":\"unit.coherency\","
	       "\"reading\":\"connected\"}],"
	       "\"values\":{\"charge_range\":7,\"cover\":0.1,\"reach\":null},"
	       "\"verdict\":\"disputed\",\"violates\":[\"SH.MOV.DIST.1\"]}"));
	check_ok(text, false);
	free(text);
}

Test(json_verdict, exact_without_trace)
{
	arb_trace trace[1] = {{.pred = &kDist}};
	arb_verdict v = {.scenario_id = "L-1", .kind = ARB_V_LEGAL, .trace = trace, .n_trace = 1};
	char *text = arbj_verdict_dump(&v, false);
	cr_assert(
	    eq(str, text,
	       "{\"dispute\":[],\"disputed\":[],\"format\":\"arbiter-verdict/2\",\"id\":\"L-1\","
	       "\"info\":{},\"missing\":[],\"values\":{},\"verdict\":\"legal\",\"violates\":[]}"));
	check_ok(text, false);
	free(text);
}

/* A missing-input verdict names the facts it needs; its trace entry says
 * which one the clause asked for. Informative values are apart. */
Test(json_verdict, missing_input_and_info)
{
	const char *missing[] = {"coherency_restorable", "enemy_visible"};
	arb_kv info[] = {{"coherency", 1.5}};
	arb_trace trace[1] = {{.pred = &kCoh, .reading = "connected"}};
	trace[0].result.outcome = ARB_MISSING;
	trace[0].result.missing = "coherency_restorable";
	snprintf(trace[0].result.explanation, sizeof trace[0].result.explanation,
	         "needs coherency_restorable");
	arb_verdict v = {.scenario_id = "M-1",
	                 .kind = ARB_V_MISSING_INPUT,
	                 .missing = missing,
	                 .n_missing = 2,
	                 .info = info,
	                 .n_info = 1,
	                 .trace = trace,
	                 .n_trace = 1};
	char *text = arbj_verdict_dump(&v, false);
	cr_assert(
	    eq(str, text,
	       "{\"dispute\":[],\"disputed\":[],\"format\":\"arbiter-verdict/2\",\"id\":\"M-1\","
	       "\"info\":{\"coherency\":1.5},"
	       "\"missing\":[\"coherency_restorable\",\"enemy_visible\"],\"values\":{},"
	       "\"verdict\":\"missing-input\",\"violates\":[]}"));
	check_ok(text, false);
	free(text);
	text = arbj_verdict_dump(&v, true);
	cr_assert(ne(ptr,
	             strstr(text, "\"missing\":\"coherency_restorable\",\"not_selected\":false,"
	                          "\"outcome\":\"missing\""),
	             NULL),
	          "%s", text);
	check_ok(text, false);
	free(text);
}

Test(json_verdict, explanation_cut_inside_a_character)
{
	/* snprintf may cut a UTF-8 character; the line stays valid JSON. */
	arb_trace trace[1] = {{.pred = &kDist}};
	memcpy(trace[0].result.explanation, "6\xe2\x80", 4);
	arb_verdict v = {.kind = ARB_V_ILLEGAL, .trace = trace, .n_trace = 1};
	char *text = arbj_verdict_dump(&v, true);
	cr_assert(ne(ptr, text, NULL));
	cr_assert(ne(ptr, strstr(text, "\"explanation\":\"6\xef\xbf\xbd\xef\xbf\xbd\""), NULL),
	          "%s", text);
	free(text);
}

Test(json_error_line, exact)
{
	arb_error err;
	arb_error_set(&err, ARB_EINPUT, "x.jsonl", 3, 0, "units[0].id", "expected a unit id");
	char *text = arbj_error_line(NULL, &err);
	cr_assert(eq(str, text,
	             "{\"error\":{\"column\":null,\"field\":\"units[0].id\",\"kind\":\"input\","
	             "\"line\":3,\"message\":\"expected a unit id\"},"
	             "\"format\":\"arbiter-verdict/2\",\"id\":null}"));
	check_ok(text, true);
	free(text);
}

Test(json_error_line, a_fault)
{
	arb_error err;
	arb_error_set(&err, ARB_EBUDGET, "<stdin>", 4, 0, NULL, "search out of budget");
	char *text = arbj_error_line("S-4", &err);
	cr_assert(eq(str, text,
	             "{\"error\":{\"column\":null,\"field\":null,\"kind\":\"fault\",\"line\":4,"
	             "\"message\":\"search out of budget\"},\"format\":\"arbiter-verdict/2\","
	             "\"id\":\"S-4\"}"));
	check_ok(text, true);
	free(text);
}

Test(json_error_line, from_a_syntax_error)
{
	const char *t = "{\"format\":\"arbiter-scenario/2\",\"id\":\"S-1\",}";
	arb_scenario *s = NULL;
	arb_error err;
	cr_assert(eq(int, arbj_scenario_parse(&s, t, strlen(t), "<stdin>", 12, &err), ARB_EINPUT));
	char *text = arbj_error_line("S-1", &err);
	cr_assert(eq(str, text,
	             "{\"error\":{\"column\":43,\"field\":null,\"kind\":\"input\",\"line\":12,"
	             "\"message\":\"invalid JSON: expected a member name (a string), found '}'\"},"
	             "\"format\":\"arbiter-verdict/2\",\"id\":\"S-1\"}"));
	check_ok(text, true);
	free(text);
}

/* ---- the verdict checker (arbj_verdict_check) ---- */

#define V_HEAD "\"format\":\"arbiter-verdict/2\",\"id\":\"C-1\""
#define V_EMPTY                                                                                    \
	"\"dispute\":[],\"disputed\":[],\"missing\":[],\"violates\":[],\"values\":{},\"info\":{}"

Test(json_check, good_lines)
{
	const char *good[] = {
	    "{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY "}",
	    "{" V_HEAD ",\"verdict\":\"not-applicable\"," V_EMPTY "}",
	    "{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"A.1\",\"B.2\"],\"dispute\":[],"
	    "\"disputed\":[],\"missing\":[],\"values\":{\"range\":7.5,\"inf\":null},\"info\":{}}",
	    "{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[\"A.1\"],"
	    "\"dispute\":[\"conflict\",\"gap\",\"readings\"],\"disputed\":[\"A.1\",\"B.1\"],"
	    "\"missing\":[],\"values\":{},\"info\":{\"coherency\":1}}",
	    "{" V_HEAD ",\"verdict\":\"missing-input\",\"violates\":[],\"dispute\":[],"
	    "\"disputed\":[],\"missing\":[\"f\",\"g\"],\"values\":{},\"info\":{}}",
	    /* a missing-input verdict may keep the clauses of a conflict elsewhere */
	    "{" V_HEAD ",\"verdict\":\"missing-input\",\"violates\":[\"A.1\"],\"dispute\":[],"
	    "\"disputed\":[],\"missing\":[\"f\"],\"values\":{},\"info\":{}}",
	    "{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"trace\":[]}",
	    /* info and trace are informative: an implementation may leave them out */
	    "{" V_HEAD ",\"verdict\":\"legal\",\"dispute\":[],\"disputed\":[],\"missing\":[],"
	    "\"violates\":[],\"values\":{}}",
	    "{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY
	    ",\"trace\":[{\"clause\":\"A.1\",\"reading\":\"r1\",\"question\":\"q\",\"outcome\":"
	    "\"holds\",\"explanation\":\"\",\"overridden_by\":null,\"not_selected\":false,"
	    "\"missing\":null,\"measure\":{\"figure\":1,\"limit\":null,\"margin\":null,\"p\":[0,0],"
	    "\"q\":[null,1]}}]}",
	};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		check_ok(good[i], false);
	check_ok("{\"error\":{\"column\":null,\"field\":null,\"kind\":\"input\",\"line\":null,"
	         "\"message\":\"blank line\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	         true);
}

/* Each bad line and a word of the reason, one rule broken at a time. */
Test(json_check, bad_lines)
{
	static const char *const bad[][2] = {
	    {"", "invalid JSON"},
	    {"[1]", "expected a verdict"},
	    {"{\"format\":\"arbiter-verdict/1\",\"id\":\"C-1\",\"verdict\":\"legal\"," V_EMPTY "}",
	     "field 'format'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"dispute\":[],\"disputed\":[],\"info\":{},"
	     "\"violates\":[],\"values\":{}}",
	     "missing"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"dispute\":[],\"disputed\":[],\"missing\":[],"
	     "\"violates\":[]}",
	     "values"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"extra\":1}", "extra"},
	    {"{" V_HEAD ",\"id\":\"C-2\",\"verdict\":\"legal\"," V_EMPTY "}", "invalid JSON"},
	    {"{\"format\":\"arbiter-verdict/2\",\"id\":null,\"verdict\":\"legal\"," V_EMPTY "}",
	     "field 'id'"},
	    {"{" V_HEAD ",\"verdict\":\"maybe\"," V_EMPTY "}", "field 'verdict'"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"B.1\",\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'violates': \"A.1\" after \"B.1\""},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"A.1\",\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "name each once"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "non-empty string"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "an illegal verdict names"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "must be [] when the verdict is legal"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[\"gap\"],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'dispute': must be [] unless the verdict is disputed"},
	    {"{" V_HEAD ",\"verdict\":\"illegal\",\"violates\":[\"A.1\"],\"dispute\":[],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'disputed': must be []"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "a disputed verdict says why"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[\"gap\"],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "field 'disputed'"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[\"readings\","
	     "\"conflict\"],\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "in the order conflict, gap, readings"},
	    {"{" V_HEAD ",\"verdict\":\"disputed\",\"violates\":[],\"dispute\":[\"doubt\"],"
	     "\"disputed\":[\"A.1\"],\"missing\":[],\"values\":{},\"info\":{}}",
	     "expected conflict, gap or readings"},
	    {"{" V_HEAD ",\"verdict\":\"missing-input\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{}}",
	     "names the facts it needs"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[\"f\"],\"values\":{},\"info\":{}}",
	     "must be [] unless the verdict is missing-input"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{\"range\":\"7\"},\"info\":{}}",
	     "field 'values': \"range\": expected a number"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{},\"info\":{\"c\":true}}",
	     "field 'info'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":[],\"info\":{}}",
	     "field 'values'"},
	    {"{" V_HEAD ",\"verdict\":\"not-applicable\",\"violates\":[],\"dispute\":[],"
	     "\"disputed\":[],\"missing\":[],\"values\":{\"range\":7},\"info\":{}}",
	     "nothing is derived"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"trace\":{}}", "field 'trace'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY ",\"trace\":[{\"clause\":\"A.1\"}]}",
	     "field 'trace[0]'"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY
	     ",\"trace\":[{\"clause\":\"A.1\",\"reading\":null,\"question\":\"q\",\"outcome\":"
	     "\"fine\",\"explanation\":\"\",\"overridden_by\":null,\"not_selected\":false,"
	     "\"missing\":null,\"measure\":null}]}",
	     "unknown outcome"},
	    {"{" V_HEAD ",\"verdict\":\"legal\"," V_EMPTY
	     ",\"trace\":[{\"clause\":\"A.1\",\"reading\":null,\"question\":\"q\",\"outcome\":"
	     "\"holds\",\"explanation\":\"\",\"overridden_by\":null,\"not_selected\":false,"
	     "\"missing\":null,\"measure\":{\"figure\":1,\"limit\":1,\"margin\":0,\"p\":[0],"
	     "\"q\":[0,0]}}]}",
	     "field 'trace[0].measure'"},
	    {"{\"error\":{\"column\":null,\"field\":null,\"kind\":\"oops\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	     "field 'error.kind'"},
	    {"{\"error\":{\"column\":0,\"field\":null,\"kind\":\"input\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	     "field 'error.column'"},
	    {"{\"error\":{\"field\":null,\"kind\":\"input\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null}",
	     "column"},
	    {"{\"error\":{\"column\":null,\"field\":null,\"kind\":\"input\",\"line\":1,"
	     "\"message\":\"m\"},\"format\":\"arbiter-verdict/2\",\"id\":null,"
	     "\"verdict\":\"legal\"}",
	     "verdict"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char why[512] = "";
		bool is_error = true;
		int rc = arbj_verdict_check(bad[i][0], &is_error, why, sizeof why);
		cr_assert(eq(int, rc, ARB_EINPUT), "accepted: %s", bad[i][0]);
		cr_assert(not(is_error));
		cr_assert(strstr(why, bad[i][1]) != NULL, "why \"%s\" lacks \"%s\" for %s", why,
		          bad[i][1], bad[i][0]);
	}
	/* why may be NULL */
	cr_assert(eq(int, arbj_verdict_check("{}", NULL, NULL, 0), ARB_EINPUT));
}

/* ---- the two doors: arbiter judge and arbiter run ---- */

/*
 * A made-up ruleset "faultland" (prefix FL), written to a temporary spec
 * directory, and its one predicate, linked into the unit-test binary like
 * the fixtures of test_engine_fixture.c (rulebooks without faultland never bind
 * it). It answers from the fact f: "budget" is a fault (its search out of
 * budget), "missing" needs the fact g, "info" holds and shows an
 * informative value; otherwise it holds. Its explanation lists the paths in
 * their order, so that a trace shows the order of the move.
 */
ARB_PREDICATE(fl_x, .clause = "FL.X.1", .ruleset = "faultland", .actions = "move",
              .phases = "movement", .question = "q.x", .fingerprint = "0000000000000000")
{
	const arb_scenario *s = arb_eval_scenario(ev);
	const char *f = arb_scenario_fact(s, "f");
	if (f && strcmp(f, "budget") == 0) {
		arb_result_fault(r, ARB_EBUDGET, "the search ran out of its budget");
		return;
	}
	if (f && strcmp(f, "missing") == 0 && !arb_scenario_fact(s, "g")) {
		arb_result_missing(r, "g", "whether g holds is not given");
		return;
	}
	r->outcome = ARB_HOLDS;
	if (f && strcmp(f, "info") == 0)
		arb_result_info(r, "spread", 1.5);
	char order[128] = "";
	for (size_t i = 0; i < s->action.n_paths; i++)
		snprintf(order + strlen(order), sizeof order - strlen(order), " %s",
		         s->action.paths[i].model);
	arb_result_explain(r, "moves in the order:%s", order);
}

static support_tmpdir g_fl;
static char g_fl_spec[128], g_fl_cases[128];

static void faultland_setup(void)
{
	support_tmpdir_make(&g_fl, "json");
	snprintf(g_fl_spec, sizeof g_fl_spec, "%s/spec", g_fl.path);
	snprintf(g_fl_cases, sizeof g_fl_cases, "%s/cases", g_fl.path);
	support_write(&g_fl, "spec/conventions.md",
	              "---\nruleset: conventions\nsection: conventions\ntitle: Measuring "
	              "conventions\nsource: test\n---\n\n{#CONV.TOL.1 convention}\nEvery "
	              "comparison with a limit accepts an error of [0.000001\"]{tolerance}.\n");
	support_write(&g_fl, "spec/faultland/ruleset.md",
	              "---\nruleset: faultland\ntitle: Faultland\nprefix: FL\nsections: alpha\n"
	              "actions: move\nphases: movement\nfacts: f:ok|budget|missing|info, g:bool\n"
	              "---\n\n# Faultland\n");
	support_write(
	    &g_fl, "spec/faultland/alpha.md",
	    "---\nruleset: faultland\nsection: alpha\ntitle: Alpha\nsource: test\n---\n\n"
	    "# Alpha\n\n{#FL.X.1 constraint}\nModels move, unless the search runs out.\n");
	/* u2 moves before u1: the paths are given in that order. */
	support_write(&g_fl, "cases/faultland/alpha/good.csv",
	              "id,target,expect,units,models,action,paths,facts\n"
	              "FL-1,FL.X.1,legal,U1 A -,\"U1/u1 10,10 25; U1/u2 12,10 25\",move U1,"
	              "\"u2 12,10 13,10; u1 10,10 11,10\",f=ok\n"
	              "FL-3,FL.X.1,missing-input,U1 A -,\"U1/u1 10,10 25\",move U1,,f=missing\n"
	              "FL-4,FL.X.1,legal,U1 A -,\"U1/u1 10,10 25\",move U1,,f=info\n");
	support_write(&g_fl, "cases/faultland/alpha/fault.csv",
	              "id,target,expect,units,models,action,facts\n"
	              "FL-2,FL.X.1,legal,U1 A -,\"U1/u1 10,10 25\",move U1,f=budget\n");
}

static void faultland_teardown(void)
{
	support_tmpdir_remove(&g_fl);
}

TestSuite(json_doors, .init = faultland_setup, .fini = faultland_teardown);

/* The text of file rel under the fixture (malloc'd; "" if absent). */
static char *slurp(const char *rel)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", g_fl.path, rel);
	FILE *f = fopen(path, "rb");
	char *buf = calloc(1, 1);
	size_t n = 0;
	if (!f)
		return buf;
	char chunk[4096];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
		buf = realloc(buf, n + k + 1);
		cr_assert(buf != NULL);
		memcpy(buf + n, chunk, k);
		n += k;
		buf[n] = '\0';
	}
	fclose(f);
	return buf;
}

/* Runs a subcommand over the fixture with standard input from in (a file
 * under the fixture, or NULL), standard output and error into out and err
 * (files under the fixture). Returns its exit status. */
static int door(cli_fn fn, const char *in, const char *out, const char *err, int argc, char **argv)
{
	char path[512];
	cli_env env = {.spec_dir = g_fl_spec, .cases_dir = g_fl_cases};
	fflush(stdout);
	fflush(stderr);
	int saved[3] = {dup(0), dup(1), dup(2)};
	const char *files[3] = {in, out, err};
	for (int k = 0; k < 3; k++) {
		if (!files[k])
			continue;
		snprintf(path, sizeof path, "%s/%s", g_fl.path, files[k]);
		int fd = k ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : open(path, O_RDONLY);
		cr_assert(fd >= 0, "cannot open %s", path);
		dup2(fd, k);
		close(fd);
	}
	clearerr(stdin);
	int status = fn(&env, argc, argv);
	fflush(stdout);
	fflush(stderr);
	for (int k = 0; k < 3; k++) {
		dup2(saved[k], k);
		close(saved[k]);
	}
	clearerr(stdin);
	return status;
}

/* The n-th line (from 1) of text, as a malloc'd string; NULL if none. */
static char *nth_line(const char *text, int n)
{
	for (int i = 1; i < n && text; i++) {
		text = strchr(text, '\n');
		text = text ? text + 1 : NULL;
	}
	if (!text || !*text)
		return NULL;
	size_t len = strcspn(text, "\n");
	char *l = malloc(len + 1);
	memcpy(l, text, len);
	l[len] = '\0';
	return l;
}

static size_t count_lines(const char *text)
{
	size_t n = 0;
	for (; *text; text++)
		n += *text == '\n';
	return n;
}

static char *fixture_path(const char *rel)
{
	char *p = malloc(512);
	snprintf(p, 512, "%s/%s", g_fl.path, rel);
	return p;
}

/* export keeps the order of the paths as the case gives it. */
Test(json_doors, export_keeps_path_order)
{
	char *out = fixture_path("good.jsonl"),
	     *csv = fixture_path("cases/faultland/alpha/good.csv");
	char *argv[] = {"-o", out, csv};
	cr_assert(eq(int, door(cmd_export, NULL, NULL, NULL, 3, argv), EXIT_AGREE));
	char *text = slurp("good.jsonl");
	cr_assert(eq(sz, count_lines(text), 3));
	const char *u2 = strstr(text, "{\"model\":\"u2\""), *u1 = strstr(text, "{\"model\":\"u1\"");
	cr_assert(u2 && u1 && u2 < u1, "%s", text);
	free(text);
	free(out);
	free(csv);
}

/* Every input line gets one output line, in order: a fault is an error
 * line (kind "fault"), never a verdict; blank lines are error lines. */
Test(json_doors, judge_one_line_for_every_line)
{
	char *out = fixture_path("suite.jsonl");
	char *argv[] = {"-o", out};
	cr_assert(eq(int, door(cmd_export, NULL, NULL, NULL, 2, argv), EXIT_AGREE));
	free(out);
	char *suite = slurp("suite.jsonl");
	/* fault.csv sorts before good.csv: FL-2, FL-1, FL-3, FL-4 */
	cr_assert(eq(sz, count_lines(suite), 4));
	char *input = malloc(strlen(suite) + 16);
	sprintf(input, "%s\n \t\r\n", suite);
	support_write(&g_fl, "in.jsonl", input);
	int status = door(cmd_judge, "in.jsonl", "out.jsonl", "err.txt", 0, NULL);
	cr_assert(eq(int, status, EXIT_BADINPUT));
	char *text = slurp("out.jsonl"), *err = slurp("err.txt");
	cr_assert(eq(sz, count_lines(text), 6), "%s", text);
	char *l[7];
	for (int i = 1; i <= 6; i++) {
		l[i] = nth_line(text, i);
		check_ok(l[i], i == 1 || i >= 5);
	}
	cr_assert(ne(ptr, strstr(l[1], "\"kind\":\"fault\",\"line\":1,"), NULL), "%s", l[1]);
	cr_assert(ne(ptr, strstr(l[1], "the search ran out of its budget"), NULL), "%s", l[1]);
	cr_assert(ne(ptr, strstr(l[1], "\"id\":\"FL-2\""), NULL), "%s", l[1]);
	cr_assert(ne(ptr, strstr(l[2], "\"id\":\"FL-1\""), NULL), "%s", l[2]);
	cr_assert(ne(ptr, strstr(l[3], "\"missing\":[\"g\"]"), NULL), "%s", l[3]);
	cr_assert(ne(ptr, strstr(l[3], "\"verdict\":\"missing-input\""), NULL), "%s", l[3]);
	cr_assert(ne(ptr, strstr(l[4], "\"info\":{\"spread\":1.5}"), NULL), "%s", l[4]);
	cr_assert(ne(ptr, strstr(l[4], "\"values\":{}"), NULL), "%s", l[4]);
	for (int i = 5; i <= 6; i++) {
		char want[64];
		snprintf(want, sizeof want,
		         "\"kind\":\"input\",\"line\":%d,\"message\":\"blank line", i);
		cr_assert(ne(ptr, strstr(l[i], want), NULL), "%s", l[i]);
	}
	cr_assert(ne(ptr, strstr(err, "<stdin>:1:"), NULL), "%s", err);
	cr_assert(ne(ptr, strstr(err, "3 of 6 lines could not be judged"), NULL), "%s", err);
	for (int i = 1; i <= 6; i++)
		free(l[i]);
	free(text);
	free(err);
	free(input);
	free(suite);
}

/* A fault is an error of the run, naming the case and its file:line. */
Test(json_doors, run_fault_is_an_error)
{
	char *argv[] = {"-q"};
	int status = door(cmd_run, NULL, "out.txt", "err.txt", 1, argv);
	cr_assert(eq(int, status, EXIT_BADINPUT));
	char *out = slurp("out.txt"), *err = slurp("err.txt");
	cr_assert(ne(ptr, strstr(err, "case FL-2 ("), NULL), "%s", err);
	cr_assert(
	    ne(ptr, strstr(err, "cases/faultland/alpha/fault.csv:2) could not be judged"), NULL),
	    "%s", err);
	cr_assert(ne(ptr, strstr(err, "ran out of its budget"), NULL), "%s", err);
	cr_assert(
	    ne(ptr, strstr(out, "4 cases: 3 agreed, 0 disagreed, 1 could not be judged"), NULL),
	    "%s", out);
	free(out);
	free(err);
}

/* Both doors on the cases that can be judged: run --twin compares in
 * process, and export | judge gives the same verdict lines as run
 * --verdicts, byte for byte. */
Test(json_doors, twin)
{
	char *csv = fixture_path("cases/faultland/alpha/good.csv");
	char *lib = fixture_path("lib.jsonl"), *exp = fixture_path("good.jsonl");
	char *run_argv[] = {"-q", "--twin", "--verdicts", lib, csv};
	int status = door(cmd_run, NULL, "out.txt", "err.txt", 5, run_argv);
	char *out = slurp("out.txt");
	cr_assert(eq(int, status, EXIT_AGREE), "%s", out);
	cr_assert(ne(ptr, strstr(out, "twin: 3 of 3 verdicts identical"), NULL), "%s", out);
	char *exp_argv[] = {"-o", exp, csv};
	cr_assert(eq(int, door(cmd_export, NULL, NULL, NULL, 3, exp_argv), EXIT_AGREE));
	cr_assert(
	    eq(int, door(cmd_judge, "good.jsonl", "wire.jsonl", "err.txt", 0, NULL), EXIT_AGREE));
	char *a = slurp("lib.jsonl"), *b = slurp("wire.jsonl");
	cr_assert(eq(sz, count_lines(a), 3));
	cr_assert(eq(str, a, b));
	for (int i = 1; i <= 3; i++) {
		char *l = nth_line(a, i);
		check_ok(l, false);
		free(l);
	}
	free(a);
	free(b);
	free(out);
	free(csv);
	free(lib);
	free(exp);
}
