/* spec-ruleset.c: ruleset.md and errata.md: the vocabulary of a ruleset,
 * its sections in order, precedence, reading profiles and `## Phases`. */
#include "spec-internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* "- CLAUSE NAME: VALUE" or "- CLAUSE NAME[KEY]: VALUE" of errata.md's
 * Tables: a value for a parameter the text promises and does not give
 * (checked against the clauses once every section is read). */
static int parse_table_row(arb_rulebook *rb, rb_ruleset *r, const char *file, long no,
                           const char *l, arb_error *err)
{
	const char *p = l + 2, *clause = p;
	size_t cn = strcspn(p, " ");
	p += cn;
	p += strspn(p, " ");
	const char *name = p;
	size_t nn = strcspn(p, "[: ");
	const char *key = NULL;
	size_t kn = 0;
	p += nn;
	if (*p == '[') {
		key = p + 1;
		kn = strcspn(key, "]");
		if (key[kn] != ']' || kn == 0)
			return arb_error_set(err, ARB_EINPUT, file, no, (long)(key - l) + 1,
			                     "tables",
			                     "expected '[KEY]' after the parameter's name");
		p = key + kn + 1;
	}
	if (!cn || !nn || *p != ':' || !arb__spec_valid_param_name(name, nn))
		return arb_error_set(err, ARB_EINPUT, file, no, 3, "tables",
		                     "expected '- CLAUSE NAME: VALUE' or "
		                     "'- CLAUSE NAME[KEY]: VALUE'");
	const char *val = p + 1 + strspn(p + 1, " ");
	size_t vn = strlen(val);
	while (vn && (val[vn - 1] == ' ' || val[vn - 1] == '\r'))
		vn--;
	rb_table_row *t = arb__arena_alloc(rb->arena, sizeof *t);
	if (!t)
		return ARB_ENOMEM;
	t->clause = arb__arena_strndup(rb->arena, clause, cn);
	t->name = arb__arena_strndup(rb->arena, name, nn);
	t->row.key = key ? arb__arena_strndup(rb->arena, key, kn) : NULL;
	t->row.raw = arb__arena_strndup(rb->arena, val, vn);
	t->row.file = file;
	t->row.line = no;
	t->column_clause = 3;
	t->column_name = (long)(name - l) + 1;
	if (!t->clause || !t->name || (key && !t->row.key) || !t->row.raw)
		return ARB_ENOMEM;
	if (!vn || !arb__spec_param_value(t->row.raw, &t->row.value, &t->row.unit))
		return arb_error_set(err, ARB_EINPUT, file, no, (long)(val - l) + 1, "tables",
		                     "cannot read a number and unit from '%s' (expected e.g. "
		                     "6\", 4 yd, 25.4mm)",
		                     t->row.raw);
	if (t->row.value < 0)
		return arb_error_set(err, ARB_EINPUT, file, no, (long)(val - l) + 1, "tables",
		                     "'%s' is negative", t->row.raw);
	return arb__ptrvec_push(&r->tables, t) ? ARB_ENOMEM : ARB_OK;
}

/* Parses the body of ruleset.md or errata.md: precedence and profiles. */
static int parse_ruleset_body(arb_rulebook *rb, rb_ruleset *r, const char *file, lines *ls,
                              arb_error *err)
{
	enum { NONE, PREC, PROF, PHASES, TABLES } where = NONE;
	const char *profile = NULL;
	char *l;
	while ((l = arb__spec_next_line(ls))) {
		if (l[0] == '#') {
			const char *h = skip_ws(l + strspn(l, "#"));
			size_t level = strspn(l, "#");
			/* A heading of level 1 or 2 ends the part before it. */
			if (level <= 2) {
				where = level < 2                      ? NONE
				        : strcmp(h, "Precedence") == 0 ? PREC
				        : strcmp(h, "Phases") == 0     ? PHASES
				        : strcmp(h, "Tables") == 0     ? TABLES
				                                       : NONE;
				profile = NULL;
			}
			if (level == 3 && strncmp(h, "Profile ", 8) == 0) {
				const char *name = skip_ws(h + 8);
				if (!arb__spec_valid_param_name(name, strlen(name)) &&
				    !strchr(name, '-')) {
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
				if (!profile)
					return ARB_ENOMEM;
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
		if (where == TABLES) {
			int rc = parse_table_row(rb, r, file, ls->no, l, err);
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
	int rc = arb__spec_read_file(path, &buf, err);
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
	else if (!(rc = arb__spec_front_matter(&ls, file, fm, &n_fm, err)) &&
	         !(rc = arb__spec_fm_check_keys(fm, n_fm, allowed, required, file, err))) {
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

int arb__spec_load_ruleset(arb_rulebook *rb, const char *spec_dir, const char *name, arb_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s/ruleset.md", spec_dir, name);
	char *buf = NULL;
	int rc = arb__spec_read_file(path, &buf, err);
	if (rc)
		return rc;
	rb_ruleset *r = arb__arena_alloc(rb->arena, sizeof *r);
	lines ls = {buf, 0};
	fm_entry fm[FM_MAX];
	size_t n_fm;
	static const char *const allowed[] = {
	    "ruleset",      "title",        "prefix",     "sections", "actions",
	    "phases",       "subphases",    "formations", "statuses", "terrain",
	    "facts",        "states",       "retired",    "tests",    "turns",
	    "moves_others", "log_replaces", "idle",       NULL};
	static const char *const required[] = {"ruleset", "title", "prefix", "sections", NULL};
	if (!r) {
		rc = ARB_ENOMEM;
		goto done;
	}
	r->file = arb__arena_strndup(rb->arena, path, strlen(path));
	if ((rc = arb__spec_front_matter(&ls, r->file, fm, &n_fm, err)) ||
	    (rc = arb__spec_fm_check_keys(fm, n_fm, allowed, required, r->file, err)))
		goto done;
	if (strcmp(fm_get(fm, n_fm, "ruleset")->value, name) != 0) {
		rc = arb_error_set(err, ARB_EINPUT, r->file, fm_get(fm, n_fm, "ruleset")->line, 1,
		                   "ruleset", "ruleset '%s' lives in directory '%s'",
		                   fm_get(fm, n_fm, "ruleset")->value, name);
		goto done;
	}
	r->name = arb__arena_strndup(rb->arena, name, strlen(name));
	r->prefix = arb__spec_comma_list(rb->arena, fm_get(fm, n_fm, "prefix")->value);
	for (size_t i = 0; arb__spec_vocab[i]; i++) {
		const fm_entry *e = fm_get(fm, n_fm, arb__spec_vocab[i]);
		r->lists[i] = arb__spec_comma_list(rb->arena, e ? e->value : "");
	}
	const char *secs = arb__spec_comma_list(rb->arena, fm_get(fm, n_fm, "sections")->value);
	r->section_list = secs;
	r->sections_line = fm_get(fm, n_fm, "sections")->line;
	if (fm_get(fm, n_fm, "idle"))
		r->idle_line = fm_get(fm, n_fm, "idle")->line;
	if (fm_get(fm, n_fm, "log_replaces"))
		r->log_replaces_line = fm_get(fm, n_fm, "log_replaces")->line;
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
		if ((rc = arb__spec_load_section(rb, path, name, sec, r->prefix, err)))
			goto done;
		p += n;
		while (*p == ' ')
			p++;
	}
done:
	free(buf);
	return rc;
}

/* Every file in a ruleset directory must be ruleset.md or a listed section. */
int arb__spec_check_unlisted(arb_rulebook *rb, const char *spec_dir, const char *name,
                             arb_error *err)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", spec_dir, name);
	DIR *d = opendir(path);
	if (!d)
		return arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "cannot open directory");
	int rc = ARB_OK;
	const rb_ruleset *r = arb__spec_find_ruleset(rb, name);
	struct dirent *de;
	while (rc == ARB_OK && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n < 4 || strcmp(de->d_name + n - 3, ".md") != 0 ||
		    strcmp(de->d_name, "ruleset.md") == 0 || strcmp(de->d_name, "errata.md") == 0 ||
		    strcmp(de->d_name, "baseline.md") == 0)
			continue;
		char sec[256];
		snprintf(sec, sizeof sec, "%.*s", (int)(n - 3), de->d_name);
		if (!arb__word_in(r->section_list, sec) || strcmp(sec, "*") == 0) {
			arb_error_set(err, ARB_EINPUT, r->file, r->sections_line, 1, "sections",
			              "%s/%s is not listed in the ruleset's sections", path,
			              de->d_name);
			rc = arb__spec_problem(rb, err, ARB_EINPUT);
		}
	}
	closedir(d);
	return rc;
}
