/* cases-row.c: one row of a case table: the header's columns, and each
 * cell of a data row read into the scenario or the expectation, with the
 * cell's line, column and name on any error. */
#include "cases-internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum col {
	C_ID,
	C_TARGET,
	C_EXPECT,
	C_VIOLATES,
	C_DISPUTE,
	C_DISPUTED,
	C_PROFILE,
	C_BOARD,
	C_CONTEXT,
	C_UNITS,
	C_MODELS,
	C_TERRAIN,
	C_ACTION,
	C_PATHS,
	C_STATIONARY,
	C_FACTS,
	C_DICE,
	C_VALUES,
	C_VARIANTS,
	C_NOTE,
	C_RULESET,
	C_COUNT
};

static const char *const kCols[C_COUNT] = {
    "id",         "target",  "expect", "violates", "dispute",  "disputed", "profile",
    "board",      "context", "units",  "models",   "terrain",  "action",   "paths",
    "stationary", "facts",   "dice",   "values",   "variants", "note",     "ruleset"};

static const bool kRequired[C_COUNT] = {[C_ID] = true,    [C_TARGET] = true, [C_EXPECT] = true,
                                        [C_UNITS] = true, [C_MODELS] = true, [C_ACTION] = true};

/* ---- cell parsers (declared in cases-internal.h) ---- */

int arb__cell_err(const cell *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb__verror_set(c->L->err, ARB_EINPUT, c->L->file, c->f->line, c->f->col, c->name, fmt, ap);
	va_end(ap);
	return ARB_EINPUT;
}

/* Splits text on sep into at most cap trimmed, non-empty pieces (in place). */
size_t arb__cell_split(char *text, char sep, char **out, size_t cap, bool *overflow)
{
	size_t n = 0;
	*overflow = false;
	char *p = text;
	while (p) {
		char *q = sep == ' ' ? p + strcspn(p, " \t") : strchr(p, sep);
		if (q && *q == '\0')
			q = NULL;
		if (q)
			*q = '\0';
		while (isspace((unsigned char)*p))
			p++;
		size_t l = strlen(p);
		while (l && isspace((unsigned char)p[l - 1]))
			p[--l] = '\0';
		if (*p) {
			if (n == cap) {
				*overflow = true;
				return n;
			}
			out[n++] = p;
		}
		p = q ? q + 1 : NULL;
	}
	return n;
}

bool arb__cell_num(const char *s, double *out)
{
	/* Decimal only: strtod also reads hexadecimal ("0x10"), "inf" and
	 * leading blanks, which a table of inches never means. */
	if (!(isdigit((unsigned char)*s) || *s == '-' || *s == '+' || *s == '.') ||
	    strpbrk(s, "xXpP"))
		return false;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *end || errno == ERANGE || !isfinite(v))
		return false;
	*out = v;
	return true;
}

bool arb__cell_pt(const char *s, arb_vec2 *out)
{
	char tmp[128];
	size_t n = strlen(s);
	if (n >= sizeof tmp)
		return false;
	memcpy(tmp, s, n + 1);
	char *comma = strchr(tmp, ',');
	if (!comma)
		return false;
	*comma = '\0';
	return arb__cell_num(tmp, &out->x) && arb__cell_num(comma + 1, &out->y);
}

bool arb__cell_valid_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.'))
			return false;
	return true;
}

/* n zeroed elements of size bytes in s's arena; NULL also when n * size
 * does not fit a size_t. */
void *arb__cell_array(arb_scenario *s, size_t n, size_t size)
{
	return arb__arena_array(s->arena_, n, size);
}

void *arb__cell_scratch(cell *c, size_t n, size_t size)
{
	if (!c->L->scratch && !(c->L->scratch = arb__arena_new()))
		return NULL;
	return arb__arena_array(c->L->scratch, n, size);
}

char *arb__cell_dup_cold(cell *c, const char *s)
{
	return arb__arena_strndup(c->L->cs->arena, s, strlen(s));
}

/* As split, into an array of the row's scratch as long as text needs: a
 * cell may list as many units, models, corners or points as it holds. */
int arb__cell_split_all(cell *c, char *text, char sep, char ***out, size_t *n)
{
	size_t cap = 1;
	for (const char *q = text; *q; q++)
		cap += *q == sep || (sep == ' ' && *q == '\t');
	bool ov;
	*out = arb__cell_scratch(c, cap, sizeof **out);
	if (!*out)
		return ARB_ENOMEM;
	*n = arb__cell_split(text, sep, *out, cap, &ov);
	return ARB_OK;
}

char *arb__cell_dup(cell *c, const char *s)
{
	return arb_scenario_strdup(c->s, s);
}

static int parse_kv_text(cell *c, bool numbers)
{
	char *buf = arb__cell_dup(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *parts[MAXP];
	bool ov;
	size_t n = arb__cell_split(buf, ';', parts, MAXP, &ov);
	if (ov)
		return arb__cell_err(c, "too many entries");
	if (numbers) {
		return ARB_OK; /* values are parsed into the case, see parse_values */
	}
	c->s->facts = arb__cell_array(c->s, n + 1, sizeof(arb_fact));
	if (!c->s->facts)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *eq = strchr(parts[i], '=');
		if (!eq || eq == parts[i] || !eq[1])
			return arb__cell_err(c, "expected name=value, got '%s'", parts[i]);
		*eq = '\0';
		c->s->facts[i].name = parts[i];
		c->s->facts[i].value = eq + 1;
	}
	c->s->n_facts = n;
	return ARB_OK;
}

/* "3 5" (dice for the one test the scenario rolls for) or
 * "difficult_check: 3 5; dangerous_test: 1 4" (each die named by its test). */
static int parse_dice(cell *c)
{
	char *buf = arb__cell_dup(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *groups[32];
	bool ov;
	size_t ng = arb__cell_split(buf, ';', groups, 32, &ov);
	if (ov)
		return arb__cell_err(c, "too many dice groups");
	size_t total = 0;
	char *toks[32][64];
	size_t nt[32];
	const char *label[32];
	bool labelled = ng > 0 && strchr(groups[0], ':') != NULL;
	for (size_t g = 0; g < ng; g++) {
		char *colon = strchr(groups[g], ':');
		if ((colon != NULL) != labelled)
			return arb__cell_err(
			    c, "either every group of dice names its test (test: 3 5) or "
			       "none does");
		label[g] = NULL;
		char *vals = groups[g];
		if (colon) {
			*colon = '\0';
			char *name = groups[g];
			size_t l = strlen(name);
			while (l && isspace((unsigned char)name[l - 1]))
				name[--l] = '\0';
			if (!arb__cell_valid_name(name))
				return arb__cell_err(c, "dice group %zu: '%s' is not a test name",
				                     g + 1, name);
			label[g] = name;
			vals = colon + 1;
		}
		nt[g] = arb__cell_split(vals, ' ', toks[g], 64, &ov);
		if (ov)
			return arb__cell_err(c, "too many dice");
		total += nt[g];
	}
	c->s->dice = arb__cell_array(c->s, total + 1, sizeof(int));
	if (labelled)
		c->s->dice_test = arb__cell_array(c->s, total + 1, sizeof(char *));
	if (!c->s->dice || (labelled && !c->s->dice_test))
		return ARB_ENOMEM;
	size_t k = 0;
	for (size_t g = 0; g < ng; g++)
		for (size_t i = 0; i < nt[g]; i++, k++) {
			double v;
			if (!arb__cell_num(toks[g][i], &v) || v != floor(v) || v < 1 || v > 6)
				return arb__cell_err(
				    c, "die %zu: expected a whole number from 1 to 6, got '%s'",
				    k + 1, toks[g][i]);
			c->s->dice[k] = (int)v;
			if (labelled)
				c->s->dice_test[k] = label[g];
		}
	c->s->n_dice = total;
	return ARB_OK;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int parse_clauses(cell *c, const char ***out, size_t *n)
{
	char *buf = arb__cell_dup(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	int rc = arb__cell_list(c, buf, out, n, false);
	if (rc)
		return rc;
	for (size_t i = 0; i < *n; i++) {
		if (!arb_rulebook_clause(c->L->rb, (*out)[i]))
			return arb__cell_err(c, "unknown clause '%s'", (*out)[i]);
		for (size_t j = 0; j < i; j++)
			if (strcmp((*out)[i], (*out)[j]) == 0)
				return arb__cell_err(c, "clause '%s' is listed twice", (*out)[i]);
	}
	qsort(*out, *n, sizeof **out, cmp_cstr);
	return ARB_OK;
}

static int parse_values(cell *c, arb_case *k)
{
	char *buf = arb__cell_dup(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *parts[MAXP]; /* a verdict's values come from every predicate: no 8 here */
	bool ov;
	size_t n = arb__cell_split(buf, ';', parts, MAXP, &ov);
	if (ov)
		return arb__cell_err(c, "too many values (at most %d)", MAXP);
	k->values = arb__cell_array(c->s, n + 1, sizeof(arb_kv));
	if (!k->values)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		/* name=- : the verdict must not give that value */
		size_t len = strlen(parts[i]);
		if (len > 2 && strcmp(parts[i] + len - 2, "=-") == 0) {
			k->values[i].name = arb_scenario_strndup(c->s, parts[i], len - 2);
			k->values[i].value = NAN;
			if (!k->values[i].name)
				return ARB_ENOMEM;
			continue;
		}
		int r = arb__cell_stat(c, parts[i], &k->values[i]);
		if (r > 0)
			return arb__cell_err(c, "expected name=number or name=-, got '%s'",
			                     parts[i]);
		if (r < 0)
			return r;
	}
	k->n_values = n;
	return ARB_OK;
}

/* ---- rows ---- */

static bool valid_case_id(const char *s)
{
	if (!isalnum((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || strchr("-._~", *s)))
			return false;
	return true;
}

static const field *col(const loader *L, enum col which)
{
	for (size_t i = 0; i < L->n_cols; i++)
		if (L->colmap[i] == (int)which)
			return &L->fields[i];
	return NULL;
}

int arb__cases_header_row(loader *L)
{
	L->n_cols = L->n_fields;
	bool seen[C_COUNT] = {0};
	for (size_t i = 0; i < L->n_fields; i++) {
		const field *f = &L->fields[i];
		int which = -1;
		for (int k = 0; k < C_COUNT; k++)
			if (strcmp(kCols[k], f->text) == 0)
				which = k;
		if (which < 0)
			return arb_error_set(L->err, ARB_EINPUT, L->file, f->line, f->col, f->text,
			                     "unknown column (docs/cases.md lists the columns)");
		if (seen[which])
			return arb_error_set(L->err, ARB_EINPUT, L->file, f->line, f->col, f->text,
			                     "column given twice");
		seen[which] = true;
		L->colmap[i] = which;
	}
	for (int k = 0; k < C_COUNT; k++)
		if (kRequired[k] && !seen[k])
			return arb_error_set(L->err, ARB_EINPUT, L->file, 1, 1, kCols[k],
			                     "required column is missing");
	return ARB_OK;
}

/* Points c at column `which` of the current row (an empty cell if absent). */
static cell *at_col(cell *c, const loader *L, enum col which, const field *empty)
{
	c->f = col(L, which) ? col(L, which) : empty;
	c->name = kCols[which];
	return c;
}

int arb__cases_data_row(loader *L)
{
	const field *first = &L->fields[0];
	if (L->n_fields != L->n_cols)
		return arb_error_set(L->err, ARB_EINPUT, L->file, first->line, 1, NULL,
		                     "row has %zu fields, the header has %zu", L->n_fields,
		                     L->n_cols);
	/* The scenario is made once the case that owns it exists: it is never
	 * left without an owner. */
	arb_case *k = arb__arena_alloc(L->cs->arena, sizeof *k);
	arb_scenario *s = NULL;
	if (!k || arb_scenario_new(&s))
		return arb_error_set(L->err, ARB_ENOMEM, L->file, first->line, 0, NULL,
		                     "out of memory");
#ifndef ARB_ASAN
	/* in the set's slab, beside the scenarios read before it, in the order
	 * they are judged (under AddressSanitizer each keeps its own blocks,
	 * so that its bounds stay checked) */
	s->arena_->parent = L->cs->slab;
#endif
	k->scenario = s;
	k->file = L->file;
	k->line = first->line;
	s->src_file = L->file;
	s->src_line = first->line;
	if (arb__ptrvec_push(&L->cs->cases, k)) {
		arb_scenario_free(s);
		return arb_error_set(L->err, ARB_ENOMEM, L->file, first->line, 0, NULL,
		                     "out of memory");
	}
	int rc;
	field empty = {(char *)"", first->line, 1};
	cell c = {.L = L, .s = s};
	arb__idmap_clear(&L->unit_ids);
	arb__arena_reset(L->scratch);
#define CELL(which) at_col(&c, L, which, &empty)
	const field *f;

	/* id */
	CELL(C_ID);
	if (!valid_case_id(c.f->text))
		return arb__cell_err(&c, "case ID '%s' must be letters, digits and - . _ ~",
		                     c.f->text);
	const arb_case *dup = arb__cases_find(L->cs, c.f->text);
	if (dup)
		return arb__cell_err(&c, "duplicate case ID '%s' (first at %s:%ld)", c.f->text,
		                     dup->file, dup->line);
	if (!(k->id = s->id = arb__cell_dup(&c, c.f->text)) || arb__cases_index(L->cs, k))
		return ARB_ENOMEM;
	/* ruleset */
	f = col(L, C_RULESET);
	const char *rs = f && f->text[0] ? f->text : L->path_ruleset;
	CELL(C_RULESET);
	if (!rs || !arb_rulebook_has_ruleset(L->rb, rs))
		return arb__cell_err(&c, "unknown ruleset '%s' (from %s)", rs ? rs : "",
		                     f && f->text[0] ? "the ruleset column" : "the file's path");
	if (!(s->ruleset = arb__cell_dup(&c, rs)))
		return ARB_ENOMEM;
	/* expectation */
	CELL(C_TARGET);
	if (!arb_rulebook_clause(L->rb, c.f->text))
		return arb__cell_err(&c, "unknown clause '%s'", c.f->text);
	if (!(k->target = arb__cell_dup(&c, c.f->text)))
		return ARB_ENOMEM;
	CELL(C_EXPECT);
	if (arb_verdict_kind_parse(c.f->text, &k->expect))
		return arb__cell_err(
		    &c, "expected legal, illegal, disputed or not-applicable, got '%s'", c.f->text);
	CELL(C_DISPUTE);
	if (arb_dispute_parse(c.f->text, &k->expect_dispute))
		return arb__cell_err(&c, "expected conflict, gap, readings joined by '+', got '%s'",
		                     c.f->text);
	if ((k->expect == ARB_V_DISPUTED) != (k->expect_dispute != 0))
		return arb__cell_err(&c, k->expect_dispute
		                             ? "a dispute is given but expect is not disputed"
		                             : "expect is disputed: say which dispute "
		                               "(conflict, gap, readings)");
	if ((rc = parse_clauses(CELL(C_VIOLATES), &k->violates, &k->n_violates)) ||
	    (rc = parse_clauses(CELL(C_DISPUTED), &k->disputed, &k->n_disputed)))
		return rc;
	CELL(C_PROFILE);
	k->profile = c.f->text[0] ? arb__cell_dup(&c, c.f->text) : "all";
	if (!k->profile)
		return ARB_ENOMEM;
	const char *dummy;
	if (!arb_rulebook_profile_reading(L->rb, rs, k->profile, "", &dummy))
		return arb__cell_err(&c, "unknown reading profile '%s' for %s", k->profile, rs);
	/* The scenario carries it, so that it travels with the scenario (export). */
	s->profile = strcmp(k->profile, "all") != 0 ? k->profile : NULL;
	if ((rc = parse_values(CELL(C_VALUES), k)))
		return rc;
	CELL(C_VARIANTS);
	k->variants = c.f->text[0] ? arb__cell_dup(&c, c.f->text) : "all";
	if (!k->variants)
		return ARB_ENOMEM;
	if (strcmp(k->variants, "all") != 0 && strcmp(k->variants, "no-rotate") != 0 &&
	    strcmp(k->variants, "none") != 0)
		return arb__cell_err(&c, "expected all, no-rotate or none, got '%s'", k->variants);
	CELL(C_NOTE);
	if (!(k->note = arb__cell_dup_cold(&c, c.f->text)))
		return ARB_ENOMEM;
	/* scenario */
	if ((rc = arb__cell_board(CELL(C_BOARD))) || (rc = arb__cell_context(CELL(C_CONTEXT))) ||
	    (rc = arb__cell_units(CELL(C_UNITS))) || (rc = arb__cell_models(CELL(C_MODELS))) ||
	    (rc = arb__cell_terrain(CELL(C_TERRAIN))) || (rc = arb__cell_action(CELL(C_ACTION))) ||
	    (rc = arb__cell_paths(CELL(C_PATHS))) || (rc = parse_kv_text(CELL(C_FACTS), false)) ||
	    (rc = parse_dice(CELL(C_DICE))))
		return rc == ARB_ENOMEM ? arb_error_set(L->err, rc, L->file, first->line, 0, NULL,
		                                        "out of memory")
		                        : rc;
	CELL(C_STATIONARY);
	if (c.f->text[0]) {
		s->action.stationary_declared = true;
		char *list = strcmp(c.f->text, "-") != 0 ? arb__cell_dup(&c, c.f->text) : NULL;
		if (strcmp(c.f->text, "-") != 0 && !list)
			return ARB_ENOMEM;
		if (list && (rc = arb__cell_list(&c, list, &s->action.stationary,
		                                 &s->action.n_stationary, true)))
			return rc;
	}
#undef CELL
	/* No sub-phase named: the one the text places the action in, in that phase. */
	if (!L->subphase_given && !s->context.subphase && s->action.type) {
		size_t np = arb_rulebook_placement_count(L->rb, s->ruleset);
		for (size_t i = 0; i < np; i++) {
			const arb_placement *pl = arb_rulebook_placement_at(L->rb, s->ruleset, i);
			if (pl->kind == ARB_PLACE_ACTION && pl->subphase &&
			    strcmp(pl->name, s->action.type) == 0 &&
			    strcmp(pl->phase, s->context.phase) == 0)
				s->context.subphase = pl->subphase;
		}
	}
	/* The model's sanity and the ruleset's vocabulary, with the column that failed. */
	if ((rc = arb_scenario_validate(s, L->rb, L->err))) {
		for (int w = 0; w < C_COUNT; w++)
			if (L->err && strcmp(L->err->field, kCols[w]) == 0 && col(L, (enum col)w)) {
				L->err->line = col(L, (enum col)w)->line;
				L->err->column = col(L, (enum col)w)->col;
			}
		return rc;
	}
	bool oom = arb_scenario_index(s) != ARB_OK;
	/* where each column was read, for an error found while judging */
	for (int w = 0; w < C_COUNT && !oom; w++)
		if (col(L, (enum col)w))
			oom = arb_scenario_mark_field(s, kCols[w], col(L, (enum col)w)->line,
			                              col(L, (enum col)w)->col) != ARB_OK;
	if (oom)
		return arb_error_set(L->err, ARB_ENOMEM, L->file, first->line, 0, NULL,
		                     "out of memory");
	return ARB_OK;
}
