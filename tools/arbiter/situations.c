/*
 * situations.c: the reader of spec/shared/situations.md (situations.h).
 * An editor writes it, so every refusal names file, line, column and
 * field, and every name in it is checked against the rulebook: a mapping
 * to a clause that does not exist would compare nothing and say nothing.
 */
#include "situations.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct situations {
	char *buf; /* the text, cut into the strings below */
	const char *title;
	situation *s;
	size_t n, cap;
};

static const char *const kShapes[] = {"approach", "mixed_move", "difficult", "coherency"};
static const char *const kProbe[] = {"gap", "move", "move", "gap"};

const char *situations_shape_name(sit_shape k)
{
	return (unsigned)k < 4 ? kShapes[k] : "?";
}

void situations_free(situations *s)
{
	if (!s)
		return;
	free(s->buf);
	free(s->s);
	free(s);
}

size_t situations_count(const situations *s)
{
	return s->n;
}

const situation *situations_at(const situations *s, size_t i)
{
	return i < s->n ? &s->s[i] : NULL;
}

const char *situations_title(const situations *s)
{
	return s->title;
}

/* The reading position: the line being read, for columns. */
typedef struct rd {
	const char *file;
	long no;
	const char *line; /* its first byte */
	const arb_rulebook *rb;
	arb_error *err;
} rd;

static int fail(const rd *r, const char *at, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail(const rd *r, const char *at, const char *field, const char *fmt, ...)
{
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return arb_error_set(r->err, ARB_EINPUT, r->file, r->no, at ? (long)(at - r->line) + 1 : 1,
	                     field, "%s", msg);
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

/* A number of inches or millimetres at s, to its end: finite, >= 0. */
static int number(const rd *r, char *s, const char *field, double *out)
{
	s = trim(s);
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *trim(end) || errno || !isfinite(v) || v < 0 || v > 1e4)
		return fail(r, s, field, "'%s' is not a number from 0 to 10000", s);
	*out = v;
	return ARB_OK;
}

/* The next item of a comma-separated list at *p (cut in place), or NULL. */
static char *next_item(char **p)
{
	if (!*p)
		return NULL;
	char *s = *p, *comma = strchr(s, ',');
	if (comma) {
		*comma = '\0';
		*p = comma + 1;
	} else
		*p = NULL;
	return trim(s);
}

static bool name_ok(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.'))
			return false;
	return true;
}

static int clause_of(const rd *r, const char *rs, char *id, const arb_clause **out)
{
	const arb_clause *c = arb_rulebook_clause(r->rb, id);
	if (!c)
		return fail(r, id, "clauses", "no clause '%s' in the rulebook", id);
	if (strcmp(c->ruleset, rs) != 0)
		return fail(r, id, "clauses", "%s is a clause of %s, not of %s", id, c->ruleset,
		            rs);
	*out = c;
	return ARB_OK;
}

/* One part of a ruleset line: `limits ...`, `clauses ...`, ... */
static int map_part(const rd *r, sit_map *m, char *part)
{
	char *arg = part + strcspn(part, " \t");
	if (*arg)
		*arg++ = '\0';
	arg = trim(arg);
	char *p = arg, *item;
	if (!*arg)
		return fail(r, part, "ruleset", "'%s' wants its values", part);
	if (strcmp(part, "limits") == 0) {
		while ((item = next_item(&p))) {
			char *sp = item + strcspn(item, " \t");
			char *param = *sp ? trim(sp + 1) : sp;
			*sp = '\0';
			const arb_clause *c = NULL;
			int rc = clause_of(r, m->ruleset, item, &c);
			if (rc)
				return rc;
			const arb_param *pm = arb_clause_param(c, param);
			if (!pm)
				return fail(r, param, "limits", "%s states no parameter '%s'", item,
				            param);
			if (m->n_limits == SIT_MAX_LIMITS)
				return fail(r, item, "limits", "more than %d limits",
				            SIT_MAX_LIMITS);
			m->limit[m->n_limits++] = (sit_limit){item, param};
		}
	} else if (strcmp(part, "clauses") == 0) {
		while ((item = next_item(&p))) {
			const arb_clause *c = NULL;
			int rc = clause_of(r, m->ruleset, item, &c);
			if (rc)
				return rc;
			if (m->n_clauses == SIT_MAX_CLAUSES)
				return fail(r, item, "clauses", "more than %d clauses",
				            SIT_MAX_CLAUSES);
			m->clause[m->n_clauses++] = item;
		}
	} else if (strcmp(part, "base") == 0) {
		char *x = strchr(arg, 'x');
		if (x)
			*x = '\0';
		int rc = number(r, arg, "base", &m->base_w_mm);
		if (!rc && x)
			rc = number(r, x + 1, "base", &m->base_d_mm);
		if (!rc && (m->base_w_mm < 1 || (x && m->base_d_mm < 1)))
			rc = fail(r, arg, "base", "a base of at least 1 mm");
		return rc;
	} else if (strcmp(part, "stats") == 0) {
		while ((item = next_item(&p))) {
			char *eq = strchr(item, '=');
			if (!eq)
				return fail(r, item, "stats", "expected NAME=VALUE");
			*eq = '\0';
			char *nm = trim(item);
			if (!name_ok(nm) || m->n_stats == SIT_MAX_STATS)
				return fail(r, item, "stats",
				            "'%s' is not a characteristic's name (at most %d)", nm,
				            SIT_MAX_STATS);
			int rc = number(r, eq + 1, "stats", &m->stat_value[m->n_stats]);
			if (rc)
				return rc;
			m->stat_name[m->n_stats++] = nm;
		}
	} else if (strcmp(part, "facts") == 0) {
		while ((item = next_item(&p))) {
			char *eq = strchr(item, '=');
			if (!eq)
				return fail(r, item, "facts", "expected NAME=VALUE");
			*eq = '\0';
			char *nm = trim(item), *val = trim(eq + 1);
			if (!arb_rulebook_declares(r->rb, m->ruleset, "facts", nm))
				return fail(r, nm, "facts", "%s declares no fact '%s'", m->ruleset,
				            nm);
			if (!name_ok(val) || m->n_facts == SIT_MAX_STATS)
				return fail(
				    r, val, "facts",
				    "'%s' is not a value: a word or a number (at most %d facts)",
				    val, SIT_MAX_STATS);
			m->fact_name[m->n_facts] = nm;
			m->fact_value[m->n_facts++] = val;
		}
	} else if (strcmp(part, "formation") == 0 || strcmp(part, "terrain") == 0) {
		bool f = part[0] == 'f';
		char *h = arg + strcspn(arg, " \t");
		if (*h) {
			*h++ = '\0';
			if (f)
				return fail(r, h, part, "a formation is one word");
			int rc = number(r, h, "terrain", &m->terrain_height);
			if (rc)
				return rc;
		}
		if (!arb_rulebook_declares(r->rb, m->ruleset, f ? "formations" : "terrain", arg))
			return fail(r, arg, part, "%s declares no %s '%s'", m->ruleset, part, arg);
		*(f ? &m->formation : &m->terrain) = arg;
	} else if (strcmp(part, "dice") == 0) {
		while ((item = next_item(&p))) {
			if (strlen(item) != 1 || item[0] < '1' || item[0] > '6' ||
			    m->n_dice == SIT_MAX_DICE)
				return fail(r, item, "dice", "a die is 1 to 6 (at most %d dice)",
				            SIT_MAX_DICE);
			m->dice[m->n_dice++] = item[0] - '0';
		}
	} else
		return fail(
		    r, part, "ruleset",
		    "expected limits, clauses, base, stats, facts, formation, terrain or dice");
	return ARB_OK;
}

/* `- RULESET: ACTION in PHASE[/SUBPHASE]; part; part`. */
static int map_line(const rd *r, situation *s, char *rs, char *rest)
{
	if (s->n_maps == SIT_MAX_MAPS)
		return fail(r, rs, "ruleset", "more than %d rulesets", SIT_MAX_MAPS);
	for (size_t i = 0; i < s->n_maps; i++)
		if (strcmp(s->map[i].ruleset, rs) == 0)
			return fail(r, rs, "ruleset", "%s maps this situation twice (line %ld)", rs,
			            s->map[i].line);
	sit_map *m = &s->map[s->n_maps];
	*m = (sit_map){.ruleset = rs, .base_w_mm = 25, .terrain_height = NAN, .line = r->no};
	char *semi = strchr(rest, ';');
	if (semi)
		*semi = '\0';
	char *head = trim(rest), *in = strstr(head, " in ");
	if (strcmp(head, "silent") == 0) {
		/* the ruleset's text says nothing of the situation: why, in words */
		char *why = semi ? trim(semi + 1) : NULL;
		if (!why || !*why)
			return fail(
			    r, head, "silent",
			    "expected 'silent; REASON': say why %s's text says nothing of it", rs);
		m->silent = why;
		s->n_maps++;
		return ARB_OK;
	}
	if (!in)
		return fail(r, head, "action", "expected 'ACTION in PHASE[/SUBPHASE]'");
	*in = '\0';
	m->action = trim(head);
	m->phase = trim(in + 4);
	char *slash = strchr(m->phase, '/');
	if (slash) {
		*slash = '\0';
		m->subphase = slash + 1;
	}
	if (!arb_rulebook_declares(r->rb, rs, "actions", m->action))
		return fail(r, m->action, "action", "%s declares no action '%s'", rs, m->action);
	if (!arb_rulebook_declares(r->rb, rs, "phases", m->phase))
		return fail(r, m->phase, "action", "%s declares no phase '%s'", rs, m->phase);
	if (m->subphase && !arb_rulebook_declares(r->rb, rs, "subphases", m->subphase))
		return fail(r, m->subphase, "action", "%s declares no sub-phase '%s'", rs,
		            m->subphase);
	while (semi) {
		char *part = semi + 1;
		semi = strchr(part, ';');
		if (semi)
			*semi = '\0';
		int rc = map_part(r, m, trim(part));
		if (rc)
			return rc;
	}
	if (!m->n_limits && !m->n_clauses)
		return fail(r, rs, "clauses",
		            "%s names no clause: say which of its clauses decide (limits, clauses)",
		            rs);
	s->n_maps++;
	return ARB_OK;
}

/* An item line `- KEY: VALUE` of situation s. */
static int item_line(const rd *r, situation *s, char *item)
{
	char *colon = strchr(item, ':');
	if (!colon)
		return fail(r, item, "item", "expected '- KEY: VALUE'");
	*colon = '\0';
	char *key = trim(item), *val = trim(colon + 1);
	if (strcmp(key, "shape") == 0) {
		for (int k = 0; k < 4; k++)
			if (strcmp(val, kShapes[k]) == 0) {
				s->shape = (sit_shape)k;
				s->probe = kProbe[k];
				return ARB_OK;
			}
		return fail(r, val, "shape",
		            "'%s' is no shape: approach, mixed_move, difficult, coherency", val);
	}
	if (strncmp(key, "probe ", 6) == 0) {
		const char *what = trim(key + 6);
		if (!s->probe)
			return fail(r, key, "probe",
			            "the shape comes first: it says what is probed");
		if (strcmp(what, s->probe) != 0)
			return fail(r, what, "probe", "this shape probes '%s', not '%s'", s->probe,
			            what);
		char *p = val, *v;
		while ((v = next_item(&p))) {
			if (s->n_probes == SIT_MAX_PROBES)
				return fail(r, v, "probe", "more than %d values", SIT_MAX_PROBES);
			int rc = number(r, v, "probe", &s->probe_at[s->n_probes++]);
			if (rc)
				return rc;
		}
		return ARB_OK;
	}
	if (strcmp(key, "speeds") == 0) {
		char *p = val, *a = next_item(&p), *b = next_item(&p);
		if (!a || !b || p)
			return fail(r, val, "speeds", "expected two M values, 'SLOW, FAST'");
		int rc = number(r, a, "speeds", &s->speed[0]);
		if (!rc)
			rc = number(r, b, "speeds", &s->speed[1]);
		if (!rc && !(s->speed[0] > 0 && s->speed[0] < s->speed[1]))
			rc = fail(r, val, "speeds", "the slow M first, above 0 and below the fast");
		return rc;
	}
	if (arb_rulebook_has_ruleset(r->rb, key))
		return map_line(r, s, key, val);
	return fail(r, key, "item",
	            "'%s' is neither shape, probe, speeds nor a ruleset of the rulebook", key);
}

static int finish(const rd *r, const situation *s)
{
	rd at = *r;
	at.no = s->line;
	at.line = NULL;
	if (!s->probe)
		return fail(&at, NULL, "shape", "situation '%s' has no '- shape:'", s->name);
	if (s->n_maps < 2)
		return fail(&at, NULL, "ruleset",
		            "situation '%s' maps %zu ruleset(s): a divergence needs two", s->name,
		            s->n_maps);
	size_t deciding = 0;
	for (size_t i = 0; i < s->n_maps; i++)
		deciding += !s->map[i].silent;
	if (!deciding)
		return fail(&at, NULL, "ruleset",
		            "situation '%s': every ruleset is silent, none decides it", s->name);
	size_t limits = 0;
	for (size_t i = 0; i < s->n_maps; i++)
		limits += s->map[i].n_limits;
	if (!s->n_probes && !limits)
		return fail(&at, NULL, "probe",
		            "situation '%s' is probed at nothing: give '- probe %s:' values or a "
		            "ruleset's limits",
		            s->name, s->probe);
	if (s->shape == SIT_MIXED_MOVE && !(s->speed[1] > 0))
		return fail(&at, NULL, "speeds", "situation '%s' (mixed_move) has no '- speeds:'",
		            s->name);
	return ARB_OK;
}

static int parse(situations *out, char *text, rd *r)
{
	char *p = text, *line;
	bool front = false, front_done = false, comment = false;
	situation *cur = NULL;
	for (r->no = 1; p; r->no++) {
		line = p;
		char *nl = strchr(p, '\n');
		if (nl) {
			*nl = '\0';
			p = nl + 1;
		} else
			p = NULL;
		r->line = line;
		if (r->no == 1) {
			if (strcmp(trim(line), "---") != 0)
				return fail(r, line, "front matter",
				            "expected '---' and the front matter");
			front = true;
			continue;
		}
		if (front) {
			char *t = trim(line);
			if (strcmp(t, "---") == 0) {
				front = false;
				front_done = true;
				if (!out->title)
					return fail(r, line, "front matter", "no 'title:'");
				continue;
			}
			if (strncmp(t, "title:", 6) != 0 || !*trim(t + 6))
				return fail(r, t, "front matter",
				            "expected 'title: ...' (and nothing else)");
			out->title = trim(t + 6);
			continue;
		}
		if (comment || strncmp(line, "<!--", 4) == 0) {
			comment = !strstr(line, "-->");
			continue;
		}
		char *t = trim(line);
		if (!*t)
			continue;
		if (strncmp(t, "## ", 3) == 0) {
			if (cur && finish(r, cur))
				return ARB_EINPUT;
			char *nm = trim(t + 3);
			if (!name_ok(nm))
				return fail(r, nm, "situation",
				            "a situation's name is letters, digits, '-' and '_'");
			for (size_t i = 0; i < out->n; i++)
				if (strcmp(out->s[i].name, nm) == 0)
					return fail(r, nm, "situation",
					            "'%s' is named twice (line %ld)", nm,
					            out->s[i].line);
			if (out->n == out->cap) {
				size_t cap = out->cap ? out->cap * 2 : 8;
				situation *ns = realloc(out->s, cap * sizeof *ns);
				if (!ns)
					return arb_error_set(r->err, ARB_ENOMEM, r->file, r->no, 1,
					                     NULL, "out of memory");
				out->s = ns;
				out->cap = cap;
			}
			cur = &out->s[out->n++];
			*cur = (situation){.name = nm, .line = r->no};
			continue;
		}
		if (t[0] == '#')
			continue; /* the page's own headings */
		if (strncmp(t, "- ", 2) == 0) {
			if (!cur)
				return fail(r, t, "item",
				            "an item before the first '## situation'");
			int rc = item_line(r, cur, t + 2);
			if (rc)
				return rc;
			continue;
		}
		if (cur && !cur->about)
			cur->about = t; /* prose: the first line says what the situation is */
	}
	if (comment)
		return fail(r, NULL, "comment", "'<!--' is not closed by '-->'");
	if (!front_done)
		return fail(r, NULL, "front matter", "the front matter is not closed by '---'");
	if (cur && finish(r, cur))
		return ARB_EINPUT;
	if (!out->n)
		return fail(r, NULL, "situation", "no situation ('## NAME')");
	return ARB_OK;
}

int situations_read(situations **out, const char *text, size_t len, const char *file,
                    const arb_rulebook *rb, arb_error *err)
{
	*out = NULL;
	situations *s = calloc(1, sizeof *s);
	if (!s || !(s->buf = malloc(len + 1))) {
		free(s);
		return arb_error_set(err, ARB_ENOMEM, file, 0, 0, NULL, "out of memory");
	}
	memcpy(s->buf, text, len);
	s->buf[len] = '\0';
	rd r = {.file = file, .rb = rb, .err = err};
	if (memchr(text, '\0', len)) {
		r.no = 1;
		for (const char *q = text; q < (const char *)memchr(text, '\0', len); q++)
			r.no += *q == '\n';
		int rc = fail(&r, NULL, "line", "a NUL byte");
		situations_free(s);
		return rc;
	}
	int rc = parse(s, s->buf, &r);
	if (rc) {
		situations_free(s);
		return rc;
	}
	*out = s;
	return ARB_OK;
}
