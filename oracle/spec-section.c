/*
 * spec-section.c: a section file (or conventions.md): clause tags
 * `{#ID kind}`, their paragraphs with inline markup (numbers as
 * `[6"]{max_move}`, references as `[(see page XX)]{ref:?}`, terms,
 * declared precedence), fingerprints, and ```flow blocks.
 */
#include "spec-internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const kKindNames[] = {"constraint", "permission", "derivation", "procedure",
                                         "advisory",   "flavour",    "convention"};

const char *arb_clause_kind_name(arb_clause_kind k)
{
	return (unsigned)k < sizeof kKindNames / sizeof *kKindNames ? kKindNames[k] : "?";
}

void arb_fingerprint(const char *text, char out[17])
{
	uint64_t h = 14695981039346656037ULL; /* FNV-1a 64 offset basis */
	bool space = false, started = false;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (isspace(*p)) {
			space = started;
			continue;
		}
		if (space) {
			h = (h ^ ' ') * 1099511628211ULL;
			space = false;
		}
		h = (h ^ *p) * 1099511628211ULL;
		started = true;
	}
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* ---- clauses ---- */

static bool valid_clause_id(const char *id)
{
	/* PREFIX(.PART)+ with PART of capitals and digits: SH.MOV.DIST.1 */
	const char *p = id;
	int parts = 0;
	for (;;) {
		const char *s = p;
		while (isupper((unsigned char)*p) || isdigit((unsigned char)*p))
			p++;
		if (p == s)
			return false;
		parts++;
		if (*p == '\0')
			break;
		if (*p != '.')
			return false;
		p++;
	}
	return parts >= 2 && isupper((unsigned char)id[0]);
}

bool arb__spec_valid_param_name(const char *s, size_t n)
{
	if (n == 0 || !(islower((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
			return false;
	return true;
}

/* Reads a parameter value: 6" 1in 25.4mm 2D6 3 0.000001" */
bool arb__spec_param_value(const char *raw, double *value, const char **unit)
{
	static const char *const words[] = {"a",    "one",    "two",   "three", "four",
	                                    "five", "six",    "seven", "eight", "nine",
	                                    "ten",  "eleven", "twelve"};
	const char *p = raw;
	char *end;
	double v = NAN;
	/* "half speed", "twice its Movement rate", "a quarter of a moving
	 * model's height": fractions the text writes as words */
	static const struct {
		const char *word;
		double value;
	} fractions[] = {{"half", 0.5},         {"a half", 0.5},     {"twice", 2},
	                 {"quarter", 0.25},     {"a quarter", 0.25}, {"third", 1.0 / 3.0},
	                 {"a third", 1.0 / 3.0}};
	for (size_t i = 0; i < sizeof fractions / sizeof *fractions; i++)
		if (strcasecmp(p, fractions[i].word) == 0) {
			*value = fractions[i].value;
			*unit = "";
			return true;
		}
	/* "a yard", "two inches": the text's own number words */
	for (size_t i = 0; i < sizeof words / sizeof *words && isnan(v); i++) {
		size_t n = strlen(words[i]);
		if (strncasecmp(p, words[i], n) == 0 && (p[n] == ' ' || (p[n] == '\0' && i > 0))) {
			v = i == 0 ? 1 : (double)i;
			p = skip_ws(p + n);
		}
	}
	if (strncasecmp(p, "an ", 3) == 0 && isnan(v)) {
		v = 1;
		p = skip_ws(p + 3);
	}
	if (isnan(v) && (p[0] == 'd' || p[0] == 'D') && p[1] == '6' && p[2] == '\0') {
		v = 1; /* "a d6": one die */
	} else if (isnan(v)) {
		/* decimal only: strtod would read "0x6" and " 6" too */
		if (!(isdigit((unsigned char)*p) || *p == '-' || *p == '+' || *p == '.') ||
		    strpbrk(p, "xXpP"))
			return false;
		errno = 0;
		v = strtod(p, &end);
		if (end == p || errno || !isfinite(v))
			return false;
		p = skip_ws(end);
	}
	if (strcmp(p, "\"") == 0 || strcmp(p, "in") == 0 || strcmp(p, "inch") == 0 ||
	    strcmp(p, "inches") == 0)
		*unit = "in";
	else if (strcmp(p, "mm") == 0)
		*unit = "mm";
	else if (strcmp(p, "yd") == 0 || strcmp(p, "yard") == 0 || strcmp(p, "yards") == 0)
		*unit = "yd";
	else if (strcmp(p, "D6") == 0 || strcmp(p, "d6") == 0)
		*unit = "D6";
	else if (strcmp(p, "+") == 0)
		*unit = "+";
	else if (strcmp(p, "degree") == 0 || strcmp(p, "degrees") == 0 || strcmp(p, "deg") == 0)
		*unit = "deg";
	else if (*p == '\0')
		*unit = "";
	else
		return false;
	*value = v;
	return true;
}

/* Where each line of a joined paragraph starts, to turn an offset in the
 * paragraph back into the file's line and column. */
typedef struct para_map {
	size_t off[512];
	long line[512];
	size_t n;
} para_map;

static void para_pos(const para_map *pm, size_t idx, long *line, long *col)
{
	size_t k = 0;
	while (k + 1 < pm->n && pm->off[k + 1] <= idx)
		k++;
	*line = pm->n ? pm->line[k] : 0;
	*col = pm->n ? (long)(idx - pm->off[k]) + 1 : 0;
}

typedef struct clause_build {
	arb_clause *c;
	char *text;   /* verbatim, markup removed */
	char *fptext; /* parameters as {name} */
	arb_param params[16];
	size_t n_params;
	const char *refs[16];
	size_t n_refs;
	const char *terms[16];
	size_t n_terms;
	const char *defines[16];
	size_t n_defines;
	arb_precedence over[16]; /* {over:ID}: this clause overrides ID */
	size_t n_over;
	para_map pm;
} clause_build;

/* Expands inline markup of one clause paragraph. */
#define MARKUP_ERR(idx, field, ...)                                                                \
	(para_pos(&cb->pm, (size_t)(idx), &line, &col),                                            \
	 arb_error_set(err, ARB_EINPUT, file, line, col, field, __VA_ARGS__))

static int expand_markup(arb_arena *a, clause_build *cb, const char *raw, const char *file,
                         long line, arb_error *err)
{
	long col = 0;
	size_t n = strlen(raw);
	char *text = arb__arena_alloc(a, n + 1);
	char *fpt = arb__arena_alloc(a, n + 64 * 16 + 1);
	if (!text || !fpt)
		return arb_error_set(err, ARB_ENOMEM, file, line, 0, NULL, "out of memory");
	size_t t = 0, f = 0;
	for (size_t i = 0; i < n;) {
		if (raw[i] == '[') {
			const char *close = strstr(raw + i, "]{");
			const char *nextopen = strchr(raw + i + 1, '[');
			if (close && (!nextopen || nextopen > close)) {
				const char *brace = close + 1;
				const char *end = strchr(brace, '}');
				if (!end)
					return MARKUP_ERR(
					    brace - raw, NULL,
					    "'{' of inline markup is not closed by '}'");
				const char *inner = raw + i + 1;
				size_t inner_n = (size_t)(close - inner);
				const char *spec = brace + 1;
				size_t spec_n = (size_t)(end - spec);
				memcpy(text + t, inner, inner_n);
				t += inner_n;
				if (spec_n > 4 && strncmp(spec, "ref:", 4) == 0) {
					if (cb->n_refs == 16)
						return arb_error_set(
						    err, ARB_EINPUT, file, line, 0, NULL,
						    "too many references in one clause");
					/* {ref:?table NAME...}: the parameters the missing
					 * table would give, declared unresolved */
					const char *tgt_end = memchr(spec, ' ', spec_n);
					size_t tgt_n = tgt_end ? (size_t)(tgt_end - spec) : spec_n;
					if (tgt_end &&
					    (tgt_n != 10 || strncmp(spec, "ref:?table", 10) != 0))
						return MARKUP_ERR(
						    tgt_end - raw, "ref",
						    "only {ref:?table ...} names parameters "
						    "after its target");
					for (const char *q = tgt_end; q && q < end;) {
						q += strspn(q, " ,");
						size_t k = strcspn(q, " ,}");
						if (q + k > end)
							k = (size_t)(end - q);
						if (!k)
							break;
						if (!arb__spec_valid_param_name(q, k))
							return MARKUP_ERR(
							    q - raw, "ref",
							    "'%.*s' is not a parameter name",
							    (int)k, q);
						if (cb->n_params == 16)
							return MARKUP_ERR(
							    q - raw, "ref",
							    "too many parameters in one "
							    "clause");
						arb_param *up = &cb->params[cb->n_params++];
						*up = (arb_param){
						    .name = arb__arena_strndup(a, q, k),
						    .raw = arb__arena_strndup(a, inner, inner_n),
						    .value = NAN,
						    .unit = "",
						    .unresolved = true};
						if (!up->name || !up->raw)
							return ARB_ENOMEM;
						for (size_t o = 0; o + 1 < cb->n_params; o++)
							if (strcmp(cb->params[o].name, up->name) ==
							    0)
								return MARKUP_ERR(
								    q - raw, "ref",
								    "parameter '%s' is "
								    "declared twice",
								    up->name);
						q += k;
					}
					char *r = arb__arena_alloc(a, inner_n + spec_n + 8);
					if (!r)
						return ARB_ENOMEM;
					snprintf(r, inner_n + spec_n + 8, "%.*s -> %.*s",
					         (int)inner_n, inner, (int)(tgt_n - 4), spec + 4);
					cb->refs[cb->n_refs++] = r;
					memcpy(fpt + f, inner, inner_n);
					f += inner_n;
				} else if (spec_n > 5 && (strncmp(spec, "term:", 5) == 0 ||
				                          strncmp(spec, "def:", 4) == 0)) {
					bool def = spec[0] == 'd';
					const char **list = def ? cb->defines : cb->terms;
					size_t *nl = def ? &cb->n_defines : &cb->n_terms;
					if (*nl == 16)
						return MARKUP_ERR(spec - raw, NULL,
						                  "too many terms in one clause");
					size_t skip = def ? 4 : 5;
					list[(*nl)++] =
					    arb__arena_strndup(a, spec + skip, spec_n - skip);
					if (!list[*nl - 1])
						return ARB_ENOMEM;
					memcpy(fpt + f, inner, inner_n);
					f += inner_n;
				} else if ((spec_n > 5 && strncmp(spec, "over:", 5) == 0) ||
				           (spec_n > 6 && strncmp(spec, "over?:", 6) == 0)) {
					/* Declared precedence: the words rank this clause over
					 * others. */
					bool arguable = spec[4] == '?';
					const char *ids = spec + (arguable ? 6 : 5);
					const char *ids_end = memchr(ids, ' ', (size_t)(end - ids));
					bool when_permits = false;
					if (ids_end) {
						/* {over:ID when=permits}: only where the winner
						 * permits */
						const char *attr = ids_end + strspn(ids_end, " ");
						if ((size_t)(end - attr) != 12 ||
						    strncmp(attr, "when=permits", 12) != 0)
							return MARKUP_ERR(attr - raw, "over",
							                  "expected 'when=permits' "
							                  "after the clause IDs "
							                  "of {over:...}");
						when_permits = true;
					} else {
						ids_end = end;
					}
					while (ids < ids_end) {
						size_t k = strcspn(ids, ", }");
						if (k > (size_t)(ids_end - ids))
							k = (size_t)(ids_end - ids);
						if (k) {
							if (cb->n_over == 16)
								return MARKUP_ERR(
								    ids - raw, "over",
								    "too many declared precedences "
								    "in one "
								    "clause");
							arb_precedence *pr =
							    &cb->over[cb->n_over++];
							pr->loser = arb__arena_strndup(a, ids, k);
							pr->words =
							    arb__arena_strndup(a, inner, inner_n);
							pr->arguable = arguable;
							pr->when_permits = when_permits;
							if (!pr->loser || !pr->words)
								return ARB_ENOMEM;
							para_pos(&cb->pm, (size_t)(ids - raw),
							         &pr->line, &pr->loser_column);
							pr->winner_column = pr->loser_column;
							if (!valid_clause_id(pr->loser))
								return MARKUP_ERR(
								    ids - raw, "over",
								    "malformed clause ID '%s' in "
								    "{over:...}",
								    pr->loser);
						}
						ids += k;
						ids += strspn(ids, ", ");
					}
					memcpy(fpt + f, inner, inner_n);
					f += inner_n;
				} else if (arb__spec_valid_param_name(spec, spec_n)) {
					if (cb->n_params == 16)
						return arb_error_set(
						    err, ARB_EINPUT, file, line, 0, NULL,
						    "too many parameters in one clause");
					char *name = arb__arena_strndup(a, spec, spec_n);
					char *rawv = arb__arena_strndup(a, inner, inner_n);
					if (!name || !rawv)
						return ARB_ENOMEM;
					for (size_t k = 0; k < cb->n_params; k++)
						if (strcmp(cb->params[k].name, name) == 0 &&
						    strcmp(cb->params[k].raw, rawv) != 0)
							return MARKUP_ERR(spec - raw, name,
							                  "parameter given twice "
							                  "with different values");
					arb_param *pm = &cb->params[cb->n_params];
					pm->name = name;
					pm->raw = rawv;
					if (!arb__spec_param_value(rawv, &pm->value, &pm->unit))
						return MARKUP_ERR(i + 1, name,
						                  "cannot read a number and unit "
						                  "from '%s' (expected e.g. "
						                  "6\", 1in, 25.4mm, 2D6)",
						                  rawv);
					/* A length or a number of dice is never negative (a
					 * modifier, unitless, may be). */
					if (pm->value < 0 && strcmp(pm->unit, "") != 0 &&
					    strcmp(pm->unit, "+") != 0)
						return MARKUP_ERR(
						    i + 1, name,
						    "'%s' is negative: a distance, an "
						    "angle or a number of dice is not",
						    rawv);
					bool dup = false;
					for (size_t k = 0; k < cb->n_params; k++)
						dup = dup || strcmp(cb->params[k].name, name) == 0;
					if (!dup)
						cb->n_params++;
					f += (size_t)snprintf(fpt + f, spec_n + 3, "{%s}", name);
				} else {
					return MARKUP_ERR(
					    spec - raw, NULL,
					    "inline markup '{%.*s}' is neither a parameter "
					    "name, 'ref:TARGET', 'term:NAME', 'def:NAME', "
					    "'over:CLAUSE' nor 'over?:CLAUSE'",
					    (int)spec_n, spec);
				}
				i = (size_t)(end - raw) + 1;
				continue;
			}
		}
		if (raw[i] == '{') {
			/* "[6\"{max_move}": a parameter's markup that lost its "]" (or
			 * its value) would read as text and leave the clause without the
			 * parameter its predicate needs: said here, at the spec's line. */
			const char *end = strchr(raw + i + 1, '}');
			size_t k = end ? (size_t)(end - raw) - i - 1 : 0;
			if (k && arb__spec_valid_param_name(raw + i + 1, k))
				return MARKUP_ERR(
				    i, NULL,
				    "'{%.*s}' is a parameter's markup without its value "
				    "in brackets just before it: write [6\"]{%.*s}",
				    (int)k, raw + i + 1, (int)k, raw + i + 1);
		}
		text[t++] = raw[i];
		fpt[f++] = raw[i];
		i++;
	}
	text[t] = fpt[f] = '\0';
	cb->text = text;
	cb->fptext = fpt;
	return ARB_OK;
}

static int finish_clause(arb_rulebook *rb, clause_build *cb, const char *raw, arb_error *err)
{
	arb_clause *c = cb->c;
	if (!raw || !raw[0])
		return arb_error_set(err, ARB_EINPUT, c->file, c->line, 1, c->id,
		                     "clause has no text: the tag line must be followed by its "
		                     "paragraph");
	int rc = expand_markup(rb->arena, cb, raw, c->file, c->line + 1, err);
	if (rc)
		return rc;
	c->text = cb->text;
	char *fp = arb__arena_alloc(rb->arena, 17);
	arb_param *params = arb__arena_array(rb->arena, cb->n_params + 1, sizeof(arb_param));
	const char **refs = arb__arena_array(rb->arena, cb->n_refs + 1, sizeof(char *));
	if (!fp || !params || !refs)
		return ARB_ENOMEM;
	arb_fingerprint(cb->fptext, fp);
	c->fingerprint = fp;
	memcpy(params, cb->params, sizeof(arb_param) * cb->n_params);
	memcpy(refs, cb->refs, sizeof(char *) * cb->n_refs);
	c->params = params;
	c->n_params = cb->n_params;
	c->refs = refs;
	c->n_refs = cb->n_refs;
	const char **terms = arb__arena_array(rb->arena, cb->n_terms + 1, sizeof(char *));
	const char **defs = arb__arena_array(rb->arena, cb->n_defines + 1, sizeof(char *));
	if (!terms || !defs)
		return ARB_ENOMEM;
	memcpy(terms, cb->terms, sizeof(char *) * cb->n_terms);
	memcpy(defs, cb->defines, sizeof(char *) * cb->n_defines);
	c->terms = terms;
	c->n_terms = cb->n_terms;
	c->defines = defs;
	c->n_defines = cb->n_defines;
	rb_ruleset *r = NULL;
	for (size_t i = 0; i < rb->rulesets.n && cb->n_over; i++)
		if (strcmp(((rb_ruleset *)rb->rulesets.v[i])->name, c->ruleset) == 0)
			r = rb->rulesets.v[i];
	if (cb->n_over && !r)
		return arb_error_set(err, ARB_EINPUT, c->file, c->line, 1, "over",
		                     "declared precedence outside a ruleset");
	for (size_t i = 0; i < cb->n_over; i++) {
		arb_precedence *p = arb__arena_alloc(rb->arena, sizeof *p);
		if (!p)
			return ARB_ENOMEM;
		*p = cb->over[i];
		p->winner = c->id;
		p->file = c->file;
		if (strcmp(p->loser, c->id) == 0)
			return arb_error_set(err, ARB_EINPUT, p->file, p->line, p->loser_column,
			                     "over", "clause %s declares precedence over itself",
			                     c->id);
		if (arb__ptrvec_push(&r->precedence, p))
			return ARB_ENOMEM;
	}
	if (arb__idmap_put(&rb->clause_by_id, c->id, c))
		return ARB_ENOMEM;
	return arb__ptrvec_push(&rb->clauses, c);
}

/* A quoted label: "text" at *p; advances past it. NULL if none. */
static char *quoted(arb_arena *a, const char **p)
{
	const char *q = skip_ws(*p);
	if (*q != '"')
		return NULL;
	const char *end = strchr(q + 1, '"');
	if (!end)
		return NULL;
	*p = end + 1;
	return arb__arena_strndup(a, q + 1, (size_t)(end - q - 1));
}

static bool flow_id(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
			return false;
	return true;
}

/* Parses a ```flow block (the fence line is l); reads up to the closing fence.
 *   ```flow NAME "Title"
 *   STEP: "label" [CLAUSE]
 *   STEP -> STEP ["label"] [CLAUSE]
 *   ```                                                                     */
static int parse_flow(arb_rulebook *rb, lines *ls, const char *l, const char *file,
                      const char *ruleset, const char *section, arb_error *err)
{
	arb_arena *a = rb->arena;
	long opened = ls->no;
	const char *p = skip_ws(l + 7);
	size_t nn = strcspn(p, " \t");
	arb_flow *f = arb__arena_alloc(a, sizeof *f);
	arb_flow_step *steps = arb__arena_array(a, 64, sizeof *steps);
	arb_flow_edge *edges = arb__arena_array(a, 128, sizeof *edges);
	if (!f || !steps || !edges)
		return ARB_ENOMEM;
	if (nn == 0)
		return arb_error_set(err, ARB_EINPUT, file, opened, 8, "flow",
		                     "a flow block needs a name: ```flow NAME \"Title\"");
	size_t rn = strlen(ruleset);
	char *name = arb__arena_alloc(a, rn + nn + 2); /* RULESET.NAME, however long */
	if (!name)
		return ARB_ENOMEM;
	snprintf(name, rn + nn + 2, "%s.%.*s", ruleset, (int)nn, p);
	f->name = name;
	p += nn;
	f->title = quoted(a, &p);
	if (!f->title || *skip_ws(p))
		return arb_error_set(err, ARB_EINPUT, file, opened, 8, "flow",
		                     "expected ```flow NAME \"Title\"");
	for (size_t i = 0; i < rb->flows.n; i++)
		if (strcmp(((arb_flow *)rb->flows.v[i])->name, f->name) == 0)
			return arb_error_set(err, ARB_EINPUT, file, opened, 8, "flow",
			                     "flow '%s' is defined twice", f->name);
	f->ruleset = ruleset;
	f->section = section;
	f->file = file;
	f->line = opened;
	f->steps = steps;
	f->edges = edges;
	char *line;
	while ((line = arb__spec_next_line(ls))) {
		const char *q = skip_ws(line);
		if (strncmp(q, "```", 3) == 0)
			break;
		if (!*q)
			continue;
		size_t n1 = strcspn(q, " \t:-");
		const char *after = skip_ws(q + n1);
		long col = (long)(q - line) + 1;
		if (!flow_id(q, n1))
			return arb_error_set(err, ARB_EINPUT, file, ls->no, col, "flow",
			                     "a step ID is lowercase letters, digits and _");
		const char *clause_at;
		if (*after == ':') {
			if (f->n_steps == 64)
				return arb_error_set(err, ARB_EINPUT, file, ls->no, col, "flow",
				                     "more than 64 steps");
			arb_flow_step *st = &steps[f->n_steps];
			st->id = arb__arena_strndup(a, q, n1);
			clause_at = after + 1;
			st->label = quoted(a, &clause_at);
			if (!st->label)
				return arb_error_set(err, ARB_EINPUT, file, ls->no, col, "flow",
				                     "expected STEP: \"label\" [CLAUSE]");
			st->line = ls->no;
			for (size_t i = 0; i < f->n_steps; i++)
				if (strcmp(steps[i].id, st->id) == 0)
					return arb_error_set(err, ARB_EINPUT, file, ls->no, col,
					                     "flow", "step '%s' is defined twice",
					                     st->id);
			clause_at = skip_ws(clause_at);
			size_t cn = strcspn(clause_at, " \t");
			st->clause = cn ? arb__arena_strndup(a, clause_at, cn) : NULL;
			if (*skip_ws(clause_at + cn))
				return arb_error_set(err, ARB_EINPUT, file, ls->no, col, "flow",
				                     "unexpected text after the step's clause");
			f->n_steps++;
		} else if (strncmp(after, "->", 2) == 0) {
			if (f->n_edges == 128)
				return arb_error_set(err, ARB_EINPUT, file, ls->no, col, "flow",
				                     "more than 128 transitions");
			arb_flow_edge *e = &edges[f->n_edges];
			e->from = arb__arena_strndup(a, q, n1);
			const char *t = skip_ws(after + 2);
			size_t n2 = strcspn(t, " \t");
			if (!flow_id(t, n2))
				return arb_error_set(err, ARB_EINPUT, file, ls->no,
				                     (long)(t - line) + 1, "flow",
				                     "expected STEP -> STEP [\"label\"] [CLAUSE]");
			e->to = arb__arena_strndup(a, t, n2);
			clause_at = t + n2;
			e->label = quoted(a, &clause_at);
			clause_at = skip_ws(clause_at);
			size_t cn = strcspn(clause_at, " \t");
			e->clause = cn ? arb__arena_strndup(a, clause_at, cn) : NULL;
			if (*skip_ws(clause_at + cn))
				return arb_error_set(
				    err, ARB_EINPUT, file, ls->no, col, "flow",
				    "unexpected text after the transition's clause");
			e->line = ls->no;
			f->n_edges++;
		} else {
			return arb_error_set(err, ARB_EINPUT, file, ls->no, col, "flow",
			                     "expected STEP: \"label\" [CLAUSE] or STEP -> STEP");
		}
	}
	if (!line)
		return arb_error_set(err, ARB_EINPUT, file, opened, 1, "flow",
		                     "the ```flow block opened here is not closed by ```");
	/* Transitions join steps of this flow. */
	for (size_t i = 0; i < f->n_edges; i++) {
		const char *ends[2] = {edges[i].from, edges[i].to};
		for (int k = 0; k < 2; k++) {
			bool found = false;
			for (size_t j = 0; j < f->n_steps && !found; j++)
				found = strcmp(steps[j].id, ends[k]) == 0;
			if (!found)
				return arb_error_set(
				    err, ARB_EINPUT, file, edges[i].line, 1, "flow",
				    "transition names step '%s', which the flow does not "
				    "define",
				    ends[k]);
		}
	}
	return arb__ptrvec_push(&rb->flows, f);
}

/* Appends the vocabulary lists a section's front matter gives to its
 * ruleset's (ruleset.md's lists come first). */
static int extend_vocabulary(arb_rulebook *rb, const char *ruleset, const fm_entry *fm, size_t n_fm)
{
	rb_ruleset *r = NULL;
	for (size_t i = 0; i < rb->rulesets.n; i++)
		if (strcmp(((rb_ruleset *)rb->rulesets.v[i])->name, ruleset) == 0)
			r = rb->rulesets.v[i];
	if (!r)
		return ARB_OK;
	for (size_t i = 0; arb__spec_vocab[i]; i++) {
		const fm_entry *e = fm_get(fm, n_fm, arb__spec_vocab[i]);
		if (!e)
			continue;
		const char *add = arb__spec_comma_list(rb->arena, e->value);
		if (!add)
			return ARB_ENOMEM;
		size_t n = strlen(r->lists[i]) + strlen(add) + 2;
		char *joined = arb__arena_alloc(rb->arena, n);
		if (!joined)
			return ARB_ENOMEM;
		snprintf(joined, n, "%s%s%s", r->lists[i], r->lists[i][0] ? " " : "", add);
		r->lists[i] = joined;
	}
	return ARB_OK;
}

/* Parses one section file (or conventions.md). */
int arb__spec_load_section(arb_rulebook *rb, const char *path, const char *want_ruleset,
                           const char *want_section, const char *prefix, arb_error *err)
{
	char *buf = NULL;
	int rc = arb__spec_read_file(path, &buf, err);
	if (rc)
		return rc;
	const char *file = arb__arena_strndup(rb->arena, path, strlen(path));
	lines ls = {buf, 0};
	fm_entry fm[FM_MAX];
	size_t n_fm;
	static const char *const allowed[] = {
	    "ruleset",   "section",  "title",   "source",     "status", "actions", "phases",
	    "subphases", "statuses", "terrain", "formations", "facts",  "tests",   NULL};
	static const char *const required[] = {"ruleset", "section", "title", "source", NULL};
	char para[16384];
	size_t para_n = 0;
	clause_build cb = {0};
	const char *heading = "";
	bool prose_ok;
	const char *ruleset, *section;
	if (!file) {
		rc = ARB_ENOMEM;
		goto done;
	}
	if ((rc = arb__spec_front_matter(&ls, file, fm, &n_fm, err)) ||
	    (rc = arb__spec_fm_check_keys(fm, n_fm, allowed, required, file, err)))
		goto done;
	ruleset = fm_get(fm, n_fm, "ruleset")->value;
	section = fm_get(fm, n_fm, "section")->value;
	if (strcmp(ruleset, want_ruleset) != 0 || strcmp(section, want_section) != 0) {
		rc = arb_error_set(err, ARB_EINPUT, file, fm_get(fm, n_fm, "section")->line, 1,
		                   "section", "file declares %s/%s, expected %s/%s by its place",
		                   ruleset, section, want_ruleset, want_section);
		goto done;
	}
	ruleset = arb__arena_strndup(rb->arena, ruleset, strlen(ruleset));
	section = arb__arena_strndup(rb->arena, section, strlen(section));
	prose_ok = strcmp(want_ruleset, "conventions") == 0;
	/* A section may add to its ruleset's vocabulary the words its text needs. */
	if ((rc = extend_vocabulary(rb, want_ruleset, fm, n_fm)))
		goto done;
	for (;;) {
		char *l = arb__spec_next_line(&ls);
		bool blank = !l || *skip_ws(l) == '\0';
		if (cb.c && (blank || l[0] == '#' || l[0] == '{')) {
			para[para_n] = '\0';
			if ((rc = finish_clause(rb, &cb, para, err)))
				goto done;
			memset(&cb, 0, sizeof cb);
			para_n = 0;
		}
		if (!l)
			break;
		if (blank)
			continue;
		if (l[0] == '#') {
			const char *h = skip_ws(l + strspn(l, "#"));
			heading = arb__arena_strndup(rb->arena, h, strlen(h));
			continue;
		}
		if (strncmp(l, "```flow", 7) == 0 && !prose_ok) {
			if ((rc = parse_flow(rb, &ls, l, file, ruleset, section, err)))
				goto done;
			continue;
		}
		if (strncmp(l, "<!--", 4) == 0) {
			long opened = ls.no;
			while (l && !strstr(l, "-->"))
				l = arb__spec_next_line(&ls);
			if (!l) {
				rc = arb_error_set(err, ARB_EINPUT, file, opened, 1, NULL,
				                   "comment '<!--' is not closed by '-->'");
				goto done;
			}
			continue;
		}
		if (strncmp(l, "{#", 2) == 0) {
			char *close = strchr(l, '}');
			if (!close || *skip_ws(close + 1) != '\0') {
				rc = arb_error_set(err, ARB_EINPUT, file, ls.no, 1, NULL,
				                   "clause tag must be a line '{#ID kind}'");
				goto done;
			}
			*close = '\0';
			char *id = l + 2;
			char *sp = strchr(id, ' ');
			if (!sp) {
				rc = arb_error_set(err, ARB_EINPUT, file, ls.no, 3, NULL,
				                   "clause tag lacks its kind: '{#ID kind}'");
				goto done;
			}
			*sp = '\0';
			char *kind = (char *)skip_ws(sp + 1);
			/* Conventions may say when a ruleset relies on them: when=a|unit:yd */
			const char *when = NULL;
			char *attr = strchr(kind, ' ');
			if (attr) {
				*attr++ = '\0';
				attr = (char *)skip_ws(attr);
				if (!prose_ok || strncmp(attr, "when=", 5) != 0) {
					rc = arb_error_set(err, ARB_EINPUT, file, ls.no,
					                   (long)(attr - l) + 1, "when",
					                   "unexpected '%s' after the kind (only "
					                   "conventions take when=WORD|unit:U)",
					                   attr);
					goto done;
				}
				when = arb__arena_strndup(rb->arena, attr + 5, strlen(attr + 5));
			}
			if (!valid_clause_id(id)) {
				rc = arb_error_set(
				    err, ARB_EINPUT, file, ls.no, 3, "id",
				    "malformed clause ID '%s' (expected e.g. SH.MOV.4)", id);
				goto done;
			}
			size_t pl = strlen(prefix);
			if (strncmp(id, prefix, pl) != 0 || id[pl] != '.') {
				rc = arb_error_set(
				    err, ARB_EINPUT, file, ls.no, 3, "id",
				    "clause ID '%s' does not start with the ruleset's "
				    "prefix '%s.'",
				    id, prefix);
				goto done;
			}
			if (arb_rulebook_clause(rb, id)) {
				const arb_clause *o = arb_rulebook_clause(rb, id);
				arb_error_set(err, ARB_EINPUT, file, ls.no, 3, "id",
				              "duplicate clause ID '%s' (first at %s:%ld)", id,
				              o->file, o->line);
				if ((rc = arb__spec_problem(rb, err, ARB_EINPUT)))
					goto done;
			}
			int k = -1;
			for (int i = 0; i < (int)(sizeof kKindNames / sizeof *kKindNames); i++)
				if (strcmp(kKindNames[i], kind) == 0)
					k = i;
			if (k < 0 || (k == ARB_KIND_CONVENTION) != prose_ok) {
				rc = arb_error_set(err, ARB_EINPUT, file, ls.no,
				                   (long)(kind - l) + 1, "kind",
				                   "unknown clause kind '%s' (expected constraint, "
				                   "permission, derivation, procedure, advisory or "
				                   "flavour%s)",
				                   kind, prose_ok ? ", or convention" : "");
				goto done;
			}
			arb_clause *c = arb__arena_alloc(rb->arena, sizeof *c);
			if (!c) {
				rc = ARB_ENOMEM;
				goto done;
			}
			c->id = arb__arena_strndup(rb->arena, id, strlen(id));
			c->kind = (arb_clause_kind)k;
			c->ruleset = ruleset;
			c->section = section;
			c->heading = heading;
			c->file = file;
			c->line = ls.no;
			c->when = when;
			cb.c = c;
			/* A clause must not be pushed twice: it is pushed by finish_clause. */
			continue;
		}
		if (!cb.c) {
			if (prose_ok)
				continue;
			rc = arb_error_set(err, ARB_EINPUT, file, ls.no, 1, NULL,
			                   "text outside a clause: every paragraph of a section "
			                   "starts with a tag line '{#ID kind}'");
			goto done;
		}
		size_t ln = strlen(l);
		if (para_n + ln + 2 >= sizeof para) {
			rc = arb_error_set(err, ARB_EINPUT, file, ls.no, 0, cb.c->id,
			                   "clause text too long");
			goto done;
		}
		if (para_n)
			para[para_n++] = ' ';
		/* Every line's start is kept, so that each error has its place. */
		if (cb.pm.n == sizeof cb.pm.off / sizeof *cb.pm.off) {
			rc = arb_error_set(err, ARB_EINPUT, file, ls.no, 1, cb.c->id,
			                   "clause text longer than %zu lines",
			                   sizeof cb.pm.off / sizeof *cb.pm.off);
			goto done;
		}
		cb.pm.off[cb.pm.n] = para_n;
		cb.pm.line[cb.pm.n++] = ls.no;
		memcpy(para + para_n, l, ln);
		para_n += ln;
	}
done:
	free(buf);
	return rc;
}
