/*
 * spec.c: the rulebook parser. spec/ is Markdown with a strict clause
 * markup (docs/spec-format.md): a front matter block, headings, and
 * paragraphs each opened by a tag line `{#ID kind}`. Numbers are marked
 * inline as `[6"]{max_move}`, references as `[(see page XX)]{ref:?}`.
 */
#include "internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef arb_profile_entry rb_profile_entry;

typedef struct rb_ruleset {
	const char *name;
	const char *file;
	const char *prefix;
	const char *lists[11];    /* space-separated vocabulary, by kVocab index */
	const char *section_list; /* space-separated, as ruleset.md lists them */
	long sections_line;
	arb_ptrvec precedence; /* arb_precedence * */
	arb_ptrvec profiles;   /* rb_profile_entry * */
	arb_ptrvec placements; /* arb_placement * */
	arb_ptrvec fact_names; /* const char *, parallel to fact_types */
	arb_ptrvec fact_types; /* const char *: "bool", "number", ..., "a|b|c" */
} rb_ruleset;

struct arb_rulebook {
	bool lenient;        /* record semantic problems instead of failing */
	arb_ptrvec problems; /* arb_error *, in lenient mode */
	arb_arena *arena;
	arb_ptrvec clauses;  /* arb_clause *, in file order */
	arb_ptrvec rulesets; /* rb_ruleset * */
	arb_ptrvec flows;    /* arb_flow * */
};

static const char *const kVocab[] = {"actions",  "phases",  "subphases", "formations",
                                     "statuses", "terrain", "facts",     "states",
                                     "retired",  "tests",   NULL};

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

/* A problem a strict load fails on and a lenient one records (for lint).
 * Returns the error code in strict mode, ARB_OK once recorded. */
static int problem(arb_rulebook *rb, arb_error *err, int code)
{
	if (!rb->lenient)
		return code;
	arb_error *copy = arb__arena_alloc(rb->arena, sizeof *copy);
	if (!copy || arb__ptrvec_push(&rb->problems, copy))
		return ARB_ENOMEM;
	*copy = *err;
	arb_error_clear(err);
	return ARB_OK;
}

/* ---- small text helpers ---- */

static char *rstrip(char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int read_file(const char *path, char **out, arb_error *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "cannot open: %s",
		                     strerror(errno));
	size_t cap = 8192, n = 0, k;
	char *buf = malloc(cap);
	int rc = ARB_OK;
	if (!buf) {
		rc = arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL, "out of memory");
		goto done;
	}
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				rc = arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL,
				                   "out of memory");
				goto done;
			}
			buf = nb;
			cap *= 2;
		}
		k = fread(buf + n, 1, 4096, f);
		n += k;
	} while (k == 4096);
	if (ferror(f)) {
		rc = arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "read error");
		goto done;
	}
	buf[n] = '\0';
	if (memchr(buf, '\0', n))
		rc = arb_error_set(err, ARB_EINPUT, path, 0, 0, NULL, "file contains a NUL byte");
done:
	fclose(f);
	if (rc != ARB_OK) {
		free(buf);
		return rc;
	}
	*out = buf;
	return ARB_OK;
}

/* Lines of a buffer, edited in place. */
typedef struct lines {
	char *p;
	long no;
} lines;

static char *next_line(lines *ls)
{
	if (!ls->p || !*ls->p)
		return NULL;
	char *line = ls->p;
	char *nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		ls->p = nl + 1;
	} else {
		ls->p = line + strlen(line);
	}
	ls->no++;
	size_t n = strlen(line);
	if (n && line[n - 1] == '\r')
		line[n - 1] = '\0';
	return line;
}

/* ---- front matter ---- */

typedef struct fm_entry {
	const char *key;
	const char *value;
	long line;
} fm_entry;

#define FM_MAX 24

static int parse_front_matter(lines *ls, const char *file, fm_entry *fm, size_t *n_fm,
                              arb_error *err)
{
	*n_fm = 0;
	char *l = next_line(ls);
	if (!l || strcmp(l, "---") != 0)
		return arb_error_set(err, ARB_EINPUT, file, ls->no ? ls->no : 1, 1, NULL,
		                     "expected '---' opening the front matter");
	while ((l = next_line(ls))) {
		if (strcmp(l, "---") == 0)
			return ARB_OK;
		char *colon = strchr(l, ':');
		if (!colon || colon == l)
			return arb_error_set(err, ARB_EINPUT, file, ls->no, 1, NULL,
			                     "expected 'key: value' in the front matter");
		*colon = '\0';
		for (char *k = l; *k; k++)
			if (!(islower((unsigned char)*k) || *k == '_'))
				return arb_error_set(
				    err, ARB_EINPUT, file, ls->no, (long)(k - l) + 1, NULL,
				    "front matter key '%s' is not a lowercase word", l);
		if (*n_fm == FM_MAX)
			return arb_error_set(err, ARB_EINPUT, file, ls->no, 1, NULL,
			                     "too many front matter keys");
		for (size_t i = 0; i < *n_fm; i++)
			if (strcmp(fm[i].key, l) == 0)
				return arb_error_set(err, ARB_EINPUT, file, ls->no, 1, l,
				                     "front matter key given twice");
		fm[*n_fm].key = l;
		fm[*n_fm].value = rstrip((char *)skip_ws(colon + 1));
		fm[*n_fm].line = ls->no;
		(*n_fm)++;
	}
	return arb_error_set(err, ARB_EINPUT, file, 1, 1, NULL,
	                     "front matter opened here is not closed by '---'");
}

static const fm_entry *fm_get(const fm_entry *fm, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(fm[i].key, key) == 0)
			return &fm[i];
	return NULL;
}

static int fm_check_keys(const fm_entry *fm, size_t n, const char *const *allowed,
                         const char *const *required, const char *file, arb_error *err)
{
	for (size_t i = 0; i < n; i++) {
		bool ok = false;
		for (const char *const *a = allowed; *a; a++)
			ok = ok || strcmp(*a, fm[i].key) == 0;
		if (!ok)
			return arb_error_set(err, ARB_EINPUT, file, fm[i].line, 1, fm[i].key,
			                     "unknown front matter key");
	}
	for (const char *const *r = required; *r; r++)
		if (!fm_get(fm, n, *r) || !fm_get(fm, n, *r)->value[0])
			return arb_error_set(err, ARB_EINPUT, file, 1, 0, *r,
			                     "front matter lacks required key");
	return ARB_OK;
}

/* "a, b,c" -> "a b c" in the arena. */
static const char *comma_list(arb_arena *a, const char *v)
{
	size_t n = strlen(v);
	char *out = arb__arena_alloc(a, n + 1);
	if (!out)
		return NULL;
	size_t k = 0;
	for (const char *p = v; *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		if (k)
			out[k++] = ' ';
		while (*p && *p != ',' && *p != ' ')
			out[k++] = *p++;
	}
	out[k] = '\0';
	return out;
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

static bool valid_param_name(const char *s, size_t n)
{
	if (n == 0 || !(islower((unsigned char)s[0]) || s[0] == '_'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
			return false;
	return true;
}

/* Reads a parameter value: 6" 1in 25.4mm 2D6 3 0.000001" */
static bool parse_param_value(const char *raw, double *value, const char **unit)
{
	static const char *const words[] = {"a",    "one",    "two",   "three", "four",
	                                    "five", "six",    "seven", "eight", "nine",
	                                    "ten",  "eleven", "twelve"};
	const char *p = raw;
	char *end;
	double v = NAN;
	/* "half speed", "twice its Movement rate": fractions the text writes as words */
	if (strcasecmp(p, "half") == 0 || strcasecmp(p, "twice") == 0) {
		*value = tolower((unsigned char)p[0]) == 'h' ? 0.5 : 2;
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
					char *r = arb__arena_alloc(a, inner_n + spec_n + 8);
					if (!r)
						return ARB_ENOMEM;
					snprintf(r, inner_n + spec_n + 8, "%.*s -> %.*s",
					         (int)inner_n, inner, (int)(spec_n - 4), spec + 4);
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
				} else if (valid_param_name(spec, spec_n)) {
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
					if (!parse_param_value(rawv, &pm->value, &pm->unit))
						return MARKUP_ERR(i + 1, name,
						                  "cannot read a number and unit "
						                  "from '%s' (expected e.g. "
						                  "6\", 1in, 25.4mm, 2D6)",
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
		text[t++] = raw[i];
		fpt[f++] = raw[i];
		i++;
	}
	text[t] = fpt[f] = '\0';
	cb->text = text;
	cb->fptext = fpt;
	return ARB_OK;
}

static const rb_ruleset *find_ruleset(const arb_rulebook *rb, const char *name)
{
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		const rb_ruleset *r = rb->rulesets.v[i];
		if (strcmp(r->name, name) == 0)
			return r;
	}
	return NULL;
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
	arb_param *params = arb__arena_alloc(rb->arena, sizeof(arb_param) * (cb->n_params + 1));
	const char **refs = arb__arena_alloc(rb->arena, sizeof(char *) * (cb->n_refs + 1));
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
	const char **terms = arb__arena_alloc(rb->arena, sizeof(char *) * (cb->n_terms + 1));
	const char **defs = arb__arena_alloc(rb->arena, sizeof(char *) * (cb->n_defines + 1));
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
	arb_flow_step *steps = arb__arena_alloc(a, sizeof *steps * 64);
	arb_flow_edge *edges = arb__arena_alloc(a, sizeof *edges * 128);
	if (!f || !steps || !edges)
		return ARB_ENOMEM;
	if (nn == 0)
		return arb_error_set(err, ARB_EINPUT, file, opened, 8, "flow",
		                     "a flow block needs a name: ```flow NAME \"Title\"");
	char name[128];
	snprintf(name, sizeof name, "%s.%.*s", ruleset, (int)nn, p);
	f->name = arb__arena_strndup(a, name, strlen(name));
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
	while ((line = next_line(ls))) {
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
	for (size_t i = 0; kVocab[i]; i++) {
		const fm_entry *e = fm_get(fm, n_fm, kVocab[i]);
		if (!e)
			continue;
		const char *add = comma_list(rb->arena, e->value);
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
static int load_section(arb_rulebook *rb, const char *path, const char *want_ruleset,
                        const char *want_section, const char *prefix, arb_error *err)
{
	char *buf = NULL;
	int rc = read_file(path, &buf, err);
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
	if ((rc = parse_front_matter(&ls, file, fm, &n_fm, err)) ||
	    (rc = fm_check_keys(fm, n_fm, allowed, required, file, err)))
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
		char *l = next_line(&ls);
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
				l = next_line(&ls);
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
				if ((rc = problem(rb, err, ARB_EINPUT)))
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
		if (cb.pm.n < sizeof cb.pm.off / sizeof *cb.pm.off) {
			cb.pm.off[cb.pm.n] = para_n;
			cb.pm.line[cb.pm.n++] = ls.no;
		}
		memcpy(para + para_n, l, ln);
		para_n += ln;
	}
done:
	free(buf);
	return rc;
}

/* One line of `## Phases` (arb_placement):
 *   - sub-phase NAME of PHASE: CLAUSE "words"
 *   - action NAME in PHASE[/SUBPHASE]: CLAUSE "words"
 *   - action NAME follows ACTION of RULESET/SECTION: CLAUSE "words"
 * Names, clauses and words are checked once every section is loaded. */
static int parse_placement(arb_rulebook *rb, rb_ruleset *r, const char *file, long line,
                           const char *l, arb_error *err)
{
	char what[16], name[64], rel[16], where[128], as[64], clause[64];
	int used = 0;
	arb_placement *pl = arb__arena_alloc(rb->arena, sizeof *pl);
	if (!pl)
		return ARB_ENOMEM;
	if (sscanf(l, "- %15s %63s %15s %n", what, name, rel, &used) != 3 || !used)
		goto bad;
	const char *rest = l + used;
	if (strcmp(what, "sub-phase") == 0 && strcmp(rel, "of") == 0) {
		pl->kind = ARB_PLACE_SUBPHASE;
		if (sscanf(rest, "%127[^: ]: %63s %n", where, clause, &used) != 2)
			goto bad;
		pl->phase = arb__arena_strndup(rb->arena, where, strlen(where));
	} else if (strcmp(what, "action") == 0 && strcmp(rel, "in") == 0) {
		pl->kind = ARB_PLACE_ACTION;
		if (sscanf(rest, "%127[^: ]: %63s %n", where, clause, &used) != 2)
			goto bad;
		char *slash = strchr(where, '/');
		if (slash) {
			*slash = '\0';
			pl->subphase = arb__arena_strndup(rb->arena, slash + 1, strlen(slash + 1));
		}
		pl->phase = arb__arena_strndup(rb->arena, where, strlen(where));
	} else if (strcmp(what, "action") == 0 && strcmp(rel, "follows") == 0) {
		pl->kind = ARB_PLACE_FOLLOWS;
		if (sscanf(rest, "%63s of %127[^: ]: %63s %n", as, where, clause, &used) != 3)
			goto bad;
		pl->as_action = arb__arena_strndup(rb->arena, as, strlen(as));
		pl->section = arb__arena_strndup(rb->arena, where, strlen(where));
	} else {
		goto bad;
	}
	rest += used;
	const char *q = strchr(rest, '"');
	const char *qe = q ? strchr(q + 1, '"') : NULL;
	if (!q || !qe || qe == q + 1 || *skip_ws(qe + 1) != '\0')
		return arb_error_set(err, ARB_EINPUT, file, line,
		                     q ? (long)(q - l) + 1 : (long)strlen(l), "phases",
		                     "expected the deciding words of %s in double quotes", clause);
	pl->name = arb__arena_strndup(rb->arena, name, strlen(name));
	pl->clause = arb__arena_strndup(rb->arena, clause, strlen(clause));
	pl->words = arb__arena_strndup(rb->arena, q + 1, (size_t)(qe - q - 1));
	pl->file = file;
	pl->line = line;
	if (!pl->name || !pl->clause || !pl->words)
		return ARB_ENOMEM;
	for (size_t i = 0; i < r->placements.n; i++) {
		const arb_placement *o = r->placements.v[i];
		if (o->kind == pl->kind && strcmp(o->name, pl->name) == 0 &&
		    (pl->kind != ARB_PLACE_FOLLOWS || strcmp(o->section, pl->section) == 0))
			return arb_error_set(err, ARB_EINPUT, file, line, 3, "phases",
			                     "%s %s is placed twice (first at line %ld)",
			                     pl->kind == ARB_PLACE_SUBPHASE ? "sub-phase"
			                                                    : "action",
			                     pl->name, o->line);
	}
	return arb__ptrvec_push(&r->placements, pl);
bad:
	return arb_error_set(err, ARB_EINPUT, file, line, 3, "phases",
	                     "expected '- sub-phase NAME of PHASE: CLAUSE \"words\"', '- action "
	                     "NAME in PHASE[/SUBPHASE]: CLAUSE \"words\"' or '- action NAME "
	                     "follows ACTION of RULESET/SECTION: CLAUSE \"words\"'");
}

/* Parses the body of ruleset.md or errata.md: precedence and profiles. */
static int parse_ruleset_body(arb_rulebook *rb, rb_ruleset *r, const char *file, lines *ls,
                              arb_error *err)
{
	enum { NONE, PREC, PROF, PHASES } where = NONE;
	const char *profile = NULL;
	char *l;
	while ((l = next_line(ls))) {
		if (l[0] == '#') {
			const char *h = skip_ws(l + strspn(l, "#"));
			size_t level = strspn(l, "#");
			if (level == 2)
				where = strcmp(h, "Precedence") == 0 ? PREC
				        : strcmp(h, "Phases") == 0   ? PHASES
				                                     : NONE;
			if (level <= 2)
				profile = NULL;
			if (level == 3 && strncmp(h, "Profile ", 8) == 0) {
				const char *name = skip_ws(h + 8);
				if (!valid_param_name(name, strlen(name)) && !strchr(name, '-')) {
					return arb_error_set(err, ARB_EINPUT, file, ls->no, 1,
					                     "profile",
					                     "malformed profile name '%s'", name);
				}
				if (strcmp(name, "all") == 0)
					return arb_error_set(
					    err, ARB_EINPUT, file, ls->no, 1, "profile",
					    "profile 'all' is built in and cannot be "
					    "redefined");
				profile = arb__arena_strndup(rb->arena, name, strlen(name));
				where = PROF;
			}
			continue;
		}
		if (strncmp(l, "- ", 2) != 0 || where == NONE)
			continue;
		char a[128], b[128], extra[2];
		if (where == PHASES) {
			int rc = parse_placement(rb, r, file, ls->no, l, err);
			if (rc)
				return rc;
			continue;
		}
		if (where == PREC) {
			if (sscanf(l, "- %127s overrides %127s %1s", a, b, extra) != 2)
				return arb_error_set(err, ARB_EINPUT, file, ls->no, 3, "precedence",
				                     "expected '- CLAUSE overrides CLAUSE'");
			arb_precedence *p = arb__arena_alloc(rb->arena, sizeof *p);
			if (!p)
				return ARB_ENOMEM;
			p->winner = arb__arena_strndup(rb->arena, a, strlen(a));
			p->loser = arb__arena_strndup(rb->arena, b, strlen(b));
			p->file = file;
			p->line = ls->no;
			p->winner_column = (long)(strstr(l, a) - l) + 1;
			p->loser_column = (long)(strstr(l, " overrides ") + 11 - l);
			p->loser_column += (long)strspn(l + p->loser_column, " ") + 1;
			if (arb__ptrvec_push(&r->precedence, p))
				return ARB_ENOMEM;
		} else {
			/* "- A over B: exception" reads an arguable precedence. */
			char a1[60], a2[60];
			if (sscanf(l, "- %59[^: ] over %59[^: ]: %127s %1s", a1, a2, b, extra) ==
			    3) {
				snprintf(a, sizeof a, "%s over %s", a1, a2);
				if (strcmp(b, "exception") != 0 && strcmp(b, "none") != 0)
					return arb_error_set(
					    err, ARB_EINPUT, file, ls->no, 3, "profile",
					    "an arguable precedence is read as 'exception' "
					    "or 'none', not '%s'",
					    b);
			} else if (sscanf(l, "- %127[^: ]: %127s %1s", a, b, extra) != 2)
				return arb_error_set(
				    err, ARB_EINPUT, file, ls->no, 3, "profile",
				    "expected '- CLAUSE: reading' or '- CLAUSE over "
				    "CLAUSE: exception|none'");
			rb_profile_entry *e = arb__arena_alloc(rb->arena, sizeof *e);
			if (!e)
				return ARB_ENOMEM;
			e->profile = profile;
			e->clause = arb__arena_strndup(rb->arena, a, strlen(a));
			e->reading = arb__arena_strndup(rb->arena, b, strlen(b));
			e->file = file;
			e->line = ls->no;
			for (size_t i = 0; i < r->profiles.n; i++) {
				const rb_profile_entry *o = r->profiles.v[i];
				if (strcmp(o->profile, profile) == 0 &&
				    strcmp(o->clause, e->clause) == 0)
					return arb_error_set(err, ARB_EINPUT, file, ls->no, 3,
					                     "profile",
					                     "profile '%s' names clause %s twice",
					                     profile, e->clause);
			}
			if (arb__ptrvec_push(&r->profiles, e))
				return ARB_ENOMEM;
		}
	}
	return ARB_OK;
}

/* spec/<ruleset>/errata.md, if there is one: an editor's precedence and
 * profiles, kept apart from the ruleset's own. */
static int load_errata(arb_rulebook *rb, rb_ruleset *r, const char *spec_dir, arb_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s/errata.md", spec_dir, r->name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return ARB_OK;
	fclose(f);
	char *buf = NULL;
	int rc = read_file(path, &buf, err);
	if (rc)
		return rc;
	const char *file = arb__arena_strndup(rb->arena, path, strlen(path));
	lines ls = {buf, 0};
	fm_entry fm[FM_MAX];
	size_t n_fm;
	static const char *const allowed[] = {"ruleset", "title", "source", NULL};
	static const char *const required[] = {"ruleset", "title", NULL};
	if (!file)
		rc = ARB_ENOMEM;
	else if (!(rc = parse_front_matter(&ls, file, fm, &n_fm, err)) &&
	         !(rc = fm_check_keys(fm, n_fm, allowed, required, file, err))) {
		if (strcmp(fm_get(fm, n_fm, "ruleset")->value, r->name) != 0)
			rc = arb_error_set(err, ARB_EINPUT, file, fm_get(fm, n_fm, "ruleset")->line,
			                   1, "ruleset", "errata for '%s' lives in directory '%s'",
			                   fm_get(fm, n_fm, "ruleset")->value, r->name);
		else
			rc = parse_ruleset_body(rb, r, file, &ls, err);
	}
	free(buf);
	return rc;
}

static int load_ruleset(arb_rulebook *rb, const char *spec_dir, const char *name, arb_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s/ruleset.md", spec_dir, name);
	char *buf = NULL;
	int rc = read_file(path, &buf, err);
	if (rc)
		return rc;
	rb_ruleset *r = arb__arena_alloc(rb->arena, sizeof *r);
	lines ls = {buf, 0};
	fm_entry fm[FM_MAX];
	size_t n_fm;
	static const char *const allowed[] = {"ruleset",  "title",   "prefix",    "sections",
	                                      "actions",  "phases",  "subphases", "formations",
	                                      "statuses", "terrain", "facts",     "states",
	                                      "retired",  "tests",   NULL};
	static const char *const required[] = {"ruleset", "title", "prefix", "sections", NULL};
	if (!r) {
		rc = ARB_ENOMEM;
		goto done;
	}
	r->file = arb__arena_strndup(rb->arena, path, strlen(path));
	if ((rc = parse_front_matter(&ls, r->file, fm, &n_fm, err)) ||
	    (rc = fm_check_keys(fm, n_fm, allowed, required, r->file, err)))
		goto done;
	if (strcmp(fm_get(fm, n_fm, "ruleset")->value, name) != 0) {
		rc = arb_error_set(err, ARB_EINPUT, r->file, fm_get(fm, n_fm, "ruleset")->line, 1,
		                   "ruleset", "ruleset '%s' lives in directory '%s'",
		                   fm_get(fm, n_fm, "ruleset")->value, name);
		goto done;
	}
	r->name = arb__arena_strndup(rb->arena, name, strlen(name));
	r->prefix = comma_list(rb->arena, fm_get(fm, n_fm, "prefix")->value);
	for (size_t i = 0; kVocab[i]; i++) {
		const fm_entry *e = fm_get(fm, n_fm, kVocab[i]);
		r->lists[i] = comma_list(rb->arena, e ? e->value : "");
	}
	const char *secs = comma_list(rb->arena, fm_get(fm, n_fm, "sections")->value);
	r->section_list = secs;
	r->sections_line = fm_get(fm, n_fm, "sections")->line;
	if (!r->name || !r->prefix || !secs) {
		rc = ARB_ENOMEM;
		goto done;
	}
	if ((rc = arb__ptrvec_push(&rb->rulesets, r)))
		goto done;
	if ((rc = parse_ruleset_body(rb, r, r->file, &ls, err)))
		goto done;
	if ((rc = load_errata(rb, r, spec_dir, err)))
		goto done;
	/* Sections, in the order the ruleset lists them. */
	for (const char *p = secs; *p;) {
		const char *q = strchr(p, ' ');
		size_t n = q ? (size_t)(q - p) : strlen(p);
		char sec[256];
		snprintf(sec, sizeof sec, "%.*s", (int)n, p);
		snprintf(path, sizeof path, "%s/%s/%s.md", spec_dir, name, sec);
		if ((rc = load_section(rb, path, name, sec, r->prefix, err)))
			goto done;
		p += n;
		while (*p == ' ')
			p++;
	}
done:
	free(buf);
	return rc;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file in a ruleset directory must be ruleset.md or a listed section. */
static int check_unlisted(arb_rulebook *rb, const char *spec_dir, const char *name, arb_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", spec_dir, name);
	DIR *d = opendir(path);
	if (!d)
		return arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "cannot open directory");
	int rc = ARB_OK;
	const rb_ruleset *r = find_ruleset(rb, name);
	struct dirent *de;
	while (rc == ARB_OK && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n < 4 || strcmp(de->d_name + n - 3, ".md") != 0 ||
		    strcmp(de->d_name, "ruleset.md") == 0 || strcmp(de->d_name, "errata.md") == 0)
			continue;
		char sec[256];
		snprintf(sec, sizeof sec, "%.*s", (int)(n - 3), de->d_name);
		if (!arb__word_in(r->section_list, sec) || strcmp(sec, "*") == 0) {
			arb_error_set(err, ARB_EINPUT, r->file, r->sections_line, 1, "sections",
			              "%s/%s is not listed in the ruleset's sections", path,
			              de->d_name);
			rc = problem(rb, err, ARB_EINPUT);
		}
	}
	closedir(d);
	return rc;
}

/* Whether a reaches b through the first n "overrides" lines (a overrides
 * ... b); depth bounds the search, as a path needs at most one step per line. */
static bool precedes(const rb_ruleset *r, const char *a, const char *b, size_t n, size_t depth)
{
	if (strcmp(a, b) == 0)
		return true;
	if (depth == 0)
		return false;
	for (size_t i = 0; i < n; i++) {
		const arb_precedence *p = r->precedence.v[i];
		if (strcmp(p->winner, a) == 0 && precedes(r, p->loser, b, n, depth - 1))
			return true;
	}
	return false;
}

/* What is wrong with a placement line, written into why; false if nothing. */
static bool placement_problem(const arb_rulebook *rb, const rb_ruleset *r, const arb_placement *pl,
                              char *why, size_t n)
{
	const arb_clause *c = arb_rulebook_clause(rb, pl->clause);
	const char *rs = r->name;
	if (!c || strcmp(c->ruleset, rs) != 0) {
		snprintf(why, n, "unknown clause '%s' for %s", pl->clause, rs);
		return true;
	}
	if (!strstr(c->text, pl->words)) {
		snprintf(why, n, "the words \"%.80s\" are not in the text of %s", pl->words,
		         pl->clause);
		return true;
	}
	bool known = true;
	if (pl->kind == ARB_PLACE_SUBPHASE)
		known = arb_rulebook_declares(rb, rs, "subphases", pl->name) &&
		        arb_rulebook_declares(rb, rs, "phases", pl->phase);
	else if (pl->kind == ARB_PLACE_ACTION)
		known = arb_rulebook_declares(rb, rs, "actions", pl->name) &&
		        arb_rulebook_declares(rb, rs, "phases", pl->phase) &&
		        (!pl->subphase || arb_rulebook_declares(rb, rs, "subphases", pl->subphase));
	else
		known = arb_rulebook_declares(rb, rs, "actions", pl->name) &&
		        arb_rulebook_declares(rb, rs, "actions", pl->as_action);
	if (!known) {
		snprintf(why, n, "'%s' names a phase, sub-phase or action the vocabulary lacks",
		         pl->name);
		return true;
	}
	if (pl->kind == ARB_PLACE_FOLLOWS) {
		const char *sl = strchr(pl->section, '/');
		char sr[64];
		snprintf(sr, sizeof sr, "%.*s", sl ? (int)(sl - pl->section) : 0, pl->section);
		if (!sl || !arb_rulebook_has_section(rb, sr, sl + 1)) {
			snprintf(why, n, "no section '%s'", pl->section);
			return true;
		}
	}
	return false;
}

/* Precedence and profiles name existing clauses, precedence has no cycle,
 * and the tolerance agrees with the build. A lenient load drops the lines
 * at fault after recording them, so that judging never sees them. */
static int check_references(arb_rulebook *rb, arb_error *err)
{
	int rc;
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		for (size_t j = 0; j < r->precedence.n; j++) {
			const arb_precedence *p = r->precedence.v[j];
			bool w = arb_rulebook_clause(rb, p->winner) != NULL;
			if (!w || !arb_rulebook_clause(rb, p->loser))
				arb_error_set(err, ARB_EINPUT, p->file, p->line,
				              w ? p->loser_column : p->winner_column, "precedence",
				              "unknown clause '%s'", w ? p->loser : p->winner);
			/* reported at the line that closes the cycle */
			else if (precedes(r, p->loser, p->winner, j, j + 1))
				arb_error_set(
				    err, ARB_EINPUT, p->file, p->line, p->winner_column,
				    "precedence",
				    "%s overrides %s, which already overrides it (directly or "
				    "through others): a cycle",
				    p->winner, p->loser);
			else
				continue;
			if ((rc = problem(rb, err, ARB_EINPUT)))
				return rc;
			memmove(&r->precedence.v[j], &r->precedence.v[j + 1],
			        (r->precedence.n - j - 1) * sizeof *r->precedence.v);
			r->precedence.n--;
			j--;
		}
		for (size_t j = 0; j < r->profiles.n; j++) {
			const rb_profile_entry *e = r->profiles.v[j];
			const char *ov = strstr(e->clause, " over ");
			if (ov) {
				bool found = false;
				for (size_t k = 0; k < r->precedence.n && !found; k++) {
					const arb_precedence *p = r->precedence.v[k];
					size_t wn = strlen(p->winner);
					found = p->arguable && (size_t)(ov - e->clause) == wn &&
					        strncmp(e->clause, p->winner, wn) == 0 &&
					        strcmp(ov + 6, p->loser) == 0;
				}
				if (found)
					continue;
				arb_error_set(err, ARB_EINPUT, e->file, e->line, 3, "profile",
				              "'%s' is not an arguable precedence the text marks "
				              "({over?:...})",
				              e->clause);
			} else if (arb_rulebook_clause(rb, e->clause))
				continue;
			else
				arb_error_set(err, ARB_EINPUT, e->file, e->line, 3, "profile",
				              "unknown clause '%s'", e->clause);
			if ((rc = problem(rb, err, ARB_EINPUT)))
				return rc;
			memmove(&r->profiles.v[j], &r->profiles.v[j + 1],
			        (r->profiles.n - j - 1) * sizeof *r->profiles.v);
			r->profiles.n--;
			j--;
		}
	}
	/* Facts are typed: "name:type" (docs/spec-format.md). */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		const char *list = "";
		for (size_t k = 0; kVocab[k]; k++)
			if (strcmp(kVocab[k], "facts") == 0)
				list = r->lists[k];
		for (const char *p = list; *p;) {
			size_t w = strcspn(p, " ");
			const char *colon = memchr(p, ':', w);
			char *name =
			    colon ? arb__arena_strndup(rb->arena, p, (size_t)(colon - p)) : NULL;
			char *type = colon ? arb__arena_strndup(rb->arena, colon + 1,
			                                        w - (size_t)(colon - p) - 1)
			                   : NULL;
			static const char *const kTypes[] = {"bool",  "number", "unit",  "units",
			                                     "model", "models", "point", NULL};
			bool known = false;
			for (size_t k = 0; type && kTypes[k]; k++)
				known = known || strcmp(type, kTypes[k]) == 0;
			if (type && !known && strchr(type, '|'))
				known = type[0] != '|' && type[strlen(type) - 1] != '|' &&
				        !strstr(type, "||");
			if (!colon || !name || !name[0] || !known) {
				arb_error_set(
				    err, ARB_EINPUT, r->file, r->sections_line, 1, "facts",
				    "fact '%.*s' needs a type: name:bool, name:number, name:unit, "
				    "name:units, name:model, name:models, name:point or "
				    "name:word|word",
				    (int)w, p);
				if ((rc = problem(rb, err, ARB_EINPUT)))
					return rc;
			} else {
				const char *before = NULL;
				for (size_t k = 0; k < r->fact_names.n && !before; k++)
					if (strcmp(r->fact_names.v[k], name) == 0)
						before = r->fact_types.v[k];
				if (before && strcmp(before, type) != 0) {
					arb_error_set(err, ARB_EINPUT, r->file, r->sections_line, 1,
					              "facts",
					              "fact '%s' is declared as %s and as %s", name,
					              before, type);
					if ((rc = problem(rb, err, ARB_EINPUT)))
						return rc;
				} else if (!before && (arb__ptrvec_push(&r->fact_names, name) ||
				                       arb__ptrvec_push(&r->fact_types, type)))
					return ARB_ENOMEM;
			}
			p += w;
			p += strspn(p, " ");
		}
	}
	/* Placements name declared words and existing clauses, and quote them. */
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		for (size_t j = 0; j < r->placements.n; j++) {
			char why[192];
			if (!placement_problem(rb, r, r->placements.v[j], why, sizeof why))
				continue;
			const arb_placement *pl = r->placements.v[j];
			arb_error_set(err, ARB_EINPUT, pl->file, pl->line, 3, "phases", "%s", why);
			if ((rc = problem(rb, err, ARB_EINPUT)))
				return rc;
			memmove(&r->placements.v[j], &r->placements.v[j + 1],
			        (r->placements.n - j - 1) * sizeof *r->placements.v);
			r->placements.n--;
			j--;
		}
	}
	/* Flows name existing clauses. */
	for (size_t i = 0; i < rb->flows.n; i++) {
		arb_flow *f = rb->flows.v[i];
		for (size_t k = 0; k < f->n_steps + f->n_edges; k++) {
			const char *cl =
			    k < f->n_steps ? f->steps[k].clause : f->edges[k - f->n_steps].clause;
			long line =
			    k < f->n_steps ? f->steps[k].line : f->edges[k - f->n_steps].line;
			if (!cl || arb_rulebook_clause(rb, cl))
				continue;
			arb_error_set(err, ARB_EINPUT, f->file, line, 1, "flow",
			              "flow %s names clause '%s', which does not exist", f->name,
			              cl);
			if ((rc = problem(rb, err, ARB_EINPUT)))
				return rc;
		}
	}
	/* The kernel's comparison tolerance is a convention clause: they must agree. */
	const arb_clause *tol = arb_rulebook_clause(rb, "CONV.TOL.1");
	const arb_param *tp = tol ? arb_clause_param(tol, "tolerance") : NULL;
	if (!tp || strcmp(tp->unit, "in") != 0 || fabs(tp->value - ARB_TOLERANCE_IN) > 1e-15) {
		arb_error_set(err, ARB_EINPUT, tol ? tol->file : "conventions.md",
		              tol ? tol->line : 0, 0, "tolerance",
		              "CONV.TOL.1 must state the tolerance %g\" this build measures with",
		              ARB_TOLERANCE_IN);
		return problem(rb, err, ARB_EINPUT);
	}
	return ARB_OK;
}

int arb_rulebook_load(arb_rulebook **out, const char *spec_dir, arb_error *err)
{
	return arb_rulebook_load_ex(out, spec_dir, 0, err);
}

int arb_rulebook_load_ex(arb_rulebook **out, const char *spec_dir, int flags, arb_error *err)
{
	*out = NULL;
	arb_rulebook *rb = calloc(1, sizeof *rb);
	char **names = NULL;
	size_t n_names = 0, cap = 0;
	DIR *d = NULL;
	int rc = ARB_OK;
	char path[4096];
	if (!rb || !(rb->arena = arb__arena_new())) {
		rc = arb_error_set(err, ARB_ENOMEM, spec_dir, 0, 0, NULL, "out of memory");
		goto done;
	}
	rb->lenient = (flags & ARB_LOAD_LENIENT) != 0;
	snprintf(path, sizeof path, "%s/conventions.md", spec_dir);
	if ((rc = load_section(rb, path, "conventions", "conventions", "CONV", err)))
		goto done;
	if (!(d = opendir(spec_dir))) {
		rc = arb_error_set(err, ARB_EIO, spec_dir, 0, 0, NULL, "cannot open directory: %s",
		                   strerror(errno));
		goto done;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/ruleset.md", spec_dir, de->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		fclose(f);
		if (n_names == cap) {
			cap = cap ? cap * 2 : 8;
			char **nn = realloc(names, cap * sizeof *nn);
			if (!nn) {
				rc = ARB_ENOMEM;
				goto done;
			}
			names = nn;
		}
		if (!(names[n_names] = strdup(de->d_name))) {
			rc = ARB_ENOMEM;
			goto done;
		}
		n_names++;
	}
	if (n_names)
		qsort(names, n_names, sizeof *names, cmp_str);
	for (size_t i = 0; i < n_names && rc == ARB_OK; i++) {
		rc = load_ruleset(rb, spec_dir, names[i], err);
		if (rc == ARB_OK)
			rc = check_unlisted(rb, spec_dir, names[i], err);
	}
	if (rc == ARB_OK)
		rc = check_references(rb, err);
done:
	if (d)
		closedir(d);
	for (size_t i = 0; i < n_names; i++)
		free(names[i]);
	free(names);
	if (rc == ARB_ENOMEM && err && !err->message[0])
		arb_error_set(err, ARB_ENOMEM, spec_dir, 0, 0, NULL, "out of memory");
	if (rc) {
		arb_rulebook_free(rb);
		return rc;
	}
	*out = rb;
	return ARB_OK;
}

void arb_rulebook_free(arb_rulebook *rb)
{
	if (!rb)
		return;
	for (size_t i = 0; i < rb->rulesets.n; i++) {
		rb_ruleset *r = rb->rulesets.v[i];
		arb__ptrvec_free(&r->precedence);
		arb__ptrvec_free(&r->profiles);
		arb__ptrvec_free(&r->placements);
		arb__ptrvec_free(&r->fact_names);
		arb__ptrvec_free(&r->fact_types);
	}
	arb__ptrvec_free(&rb->rulesets);
	arb__ptrvec_free(&rb->clauses);
	arb__ptrvec_free(&rb->problems);
	arb__ptrvec_free(&rb->flows);
	arb__arena_free(rb->arena);
	free(rb);
}

size_t arb_rulebook_flow_count(const arb_rulebook *rb)
{
	return rb->flows.n;
}

const arb_flow *arb_rulebook_flow_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->flows.n ? rb->flows.v[i] : NULL;
}

size_t arb_rulebook_problem_count(const arb_rulebook *rb)
{
	return rb->problems.n;
}

const arb_error *arb_rulebook_problem_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->problems.n ? rb->problems.v[i] : NULL;
}

size_t arb_rulebook_clause_count(const arb_rulebook *rb)
{
	return rb->clauses.n;
}

const arb_clause *arb_rulebook_clause_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->clauses.n ? rb->clauses.v[i] : NULL;
}

const arb_clause *arb_rulebook_clause(const arb_rulebook *rb, const char *id)
{
	for (size_t i = 0; i < rb->clauses.n; i++) {
		const arb_clause *c = rb->clauses.v[i];
		if (strcmp(c->id, id) == 0)
			return c;
	}
	return NULL;
}

const arb_param *arb_clause_param(const arb_clause *c, const char *name)
{
	for (size_t i = 0; i < c->n_params; i++)
		if (strcmp(c->params[i].name, name) == 0)
			return &c->params[i];
	return NULL;
}

size_t arb_rulebook_ruleset_count(const arb_rulebook *rb)
{
	return rb->rulesets.n;
}

const char *arb_rulebook_ruleset_at(const arb_rulebook *rb, size_t i)
{
	return i < rb->rulesets.n ? ((const rb_ruleset *)rb->rulesets.v[i])->name : NULL;
}

bool arb_rulebook_has_ruleset(const arb_rulebook *rb, const char *ruleset)
{
	return ruleset && find_ruleset(rb, ruleset) != NULL;
}

bool arb_rulebook_has_section(const arb_rulebook *rb, const char *ruleset, const char *section)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r && section[0] && strcmp(section, "*") != 0 &&
	       arb__word_in(r->section_list, section);
}

bool arb_rulebook_declares(const arb_rulebook *rb, const char *ruleset, const char *list,
                           const char *word)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	if (!r || !word || !word[0] || strchr(word, ' '))
		return false;
	if (strcmp(list, "facts") == 0)
		return arb_rulebook_fact_type(rb, ruleset, word) != NULL;
	for (size_t i = 0; kVocab[i]; i++)
		if (strcmp(kVocab[i], list) == 0)
			return arb__word_in(r->lists[i], word) && strcmp(word, "*") != 0;
	return false;
}

const char *arb_rulebook_fact_type(const arb_rulebook *rb, const char *ruleset, const char *fact)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	if (!r || !fact)
		return NULL;
	for (size_t i = 0; i < r->fact_names.n; i++)
		if (strcmp(r->fact_names.v[i], fact) == 0)
			return r->fact_types.v[i];
	return NULL;
}

size_t arb_rulebook_precedence_count(const arb_rulebook *rb, const char *ruleset)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r ? r->precedence.n : 0;
}

const arb_precedence *arb_rulebook_precedence_at(const arb_rulebook *rb, const char *ruleset,
                                                 size_t i)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r && i < r->precedence.n ? r->precedence.v[i] : NULL;
}

size_t arb_rulebook_placement_count(const arb_rulebook *rb, const char *ruleset)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r ? r->placements.n : 0;
}

const arb_placement *arb_rulebook_placement_at(const arb_rulebook *rb, const char *ruleset,
                                               size_t i)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r && i < r->placements.n ? r->placements.v[i] : NULL;
}

size_t arb_rulebook_profile_count(const arb_rulebook *rb, const char *ruleset)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r ? r->profiles.n : 0;
}

const arb_profile_entry *arb_rulebook_profile_at(const arb_rulebook *rb, const char *ruleset,
                                                 size_t i)
{
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	return r && i < r->profiles.n ? r->profiles.v[i] : NULL;
}

bool arb_rulebook_profile_reading(const arb_rulebook *rb, const char *ruleset, const char *profile,
                                  const char *clause, const char **reading)
{
	*reading = NULL;
	if (!profile || strcmp(profile, "all") == 0)
		return true;
	const rb_ruleset *r = find_ruleset(rb, ruleset);
	if (!r)
		return false;
	bool exists = false;
	for (size_t i = 0; i < r->profiles.n; i++) {
		const rb_profile_entry *e = r->profiles.v[i];
		if (strcmp(e->profile, profile) != 0)
			continue;
		exists = true;
		if (strcmp(e->clause, clause) == 0)
			*reading = e->reading;
	}
	return exists;
}
