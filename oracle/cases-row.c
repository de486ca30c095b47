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

/* ---- cell parsers ---- */

typedef struct cell {
	loader *L;
	arb_scenario *s;
	const field *f;
	const char *name;
} cell;

static int cell_err(const cell *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int cell_err(const cell *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb__verror_set(c->L->err, ARB_EINPUT, c->L->file, c->f->line, c->f->col, c->name, fmt, ap);
	va_end(ap);
	return ARB_EINPUT;
}

/* Splits text on sep into at most cap trimmed, non-empty pieces (in place). */
static size_t split(char *text, char sep, char **out, size_t cap, bool *overflow)
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

static bool parse_num(const char *s, double *out)
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

static bool parse_pt(const char *s, arb_vec2 *out)
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
	return parse_num(tmp, &out->x) && parse_num(comma + 1, &out->y);
}

static bool valid_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.'))
			return false;
	return true;
}

#define MAXP 512

/* n zeroed elements of size bytes in s's arena; NULL also when n * size
 * does not fit a size_t. */
static void *scen_array(arb_scenario *s, size_t n, size_t size)
{
	return arb__arena_array(s->arena_, n, size);
}

/* As split, into an array of the scenario's arena as long as text needs:
 * a cell may list as many units, models, corners or points as it holds. */
static int split_all(cell *c, char *text, char sep, char ***out, size_t *n)
{
	size_t cap = 1;
	for (const char *q = text; *q; q++)
		cap += *q == sep || (sep == ' ' && *q == '\t');
	bool ov;
	*out = scen_array(c->s, cap, sizeof **out);
	if (!*out)
		return ARB_ENOMEM;
	*n = split(text, sep, *out, cap, &ov);
	return ARB_OK;
}

static char *dup_s(cell *c, const char *s)
{
	return arb_scenario_strdup(c->s, s);
}

static int parse_board(cell *c)
{
	const char *t = c->f->text;
	if (!*t) {
		c->s->board_w = 72;
		c->s->board_h = 48;
		return ARB_OK;
	}
	char *tmp = dup_s(c, t); /* the whole cell, however long */
	if (!tmp)
		return ARB_ENOMEM;
	char *x = strchr(tmp, 'x');
	if (!x)
		return cell_err(c, "expected WxH in inches, e.g. 72x48, got '%s'", t);
	*x = '\0';
	if (!parse_num(tmp, &c->s->board_w) || !parse_num(x + 1, &c->s->board_h) ||
	    c->s->board_w <= 0 || c->s->board_h <= 0)
		return cell_err(c, "expected a positive WxH in inches, e.g. 72x48, got '%s'", t);
	return ARB_OK;
}

static int parse_list(cell *c, char *text, const char ***out, size_t *n, bool ids_only)
{
	char **parts;
	size_t k;
	if (split_all(c, text, ' ', &parts, &k))
		return ARB_ENOMEM;
	*out = scen_array(c->s, k + 1, sizeof(char *));
	if (!*out)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		if (ids_only && !valid_name(parts[i]))
			return cell_err(c, "'%s' is not a valid name", parts[i]);
		if (!((*out)[i] = dup_s(c, parts[i])))
			return ARB_ENOMEM;
	}
	*n = k;
	return ARB_OK;
}

/* log=EVENT EVENT ...: SUBPHASE:UNIT:ACTION (a unit's action, with
 * :TARGET+TARGET... its targets, as a charge's) or SUBPHASE:done (the
 * sub-phase completed fully), in order; `-` or nothing: the log of a phase
 * where nothing has happened yet. */
static int parse_log(cell *c, char *text, arb_context *x)
{
	char **ev;
	size_t n = 0;
	if (strcmp(text, "-") != 0 && split_all(c, text, ' ', &ev, &n))
		return ARB_ENOMEM;
	arb_log_event *log = scen_array(c->s, n ? n : 1, sizeof *log);
	if (!log)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *f[5];
		char *e = dup_s(c, ev[i]); /* split in place: ev[i] stays whole for errors */
		if (!e)
			return ARB_ENOMEM;
		bool ov;
		size_t k = split(e, ':', f, 5, &ov);
		if (ov || k < 2 || k > 4 || (k == 2 && strcmp(f[1], "done") != 0))
			return cell_err(c,
			                "log event '%s': expected SUBPHASE:UNIT:ACTION, "
			                "SUBPHASE:UNIT:ACTION:TARGET+TARGET... or SUBPHASE:done",
			                ev[i]);
		for (size_t j = 0; j < k && j < 3; j++)
			if (!valid_name(f[j]))
				return cell_err(c, "log event '%s': '%s' is not a valid name",
				                ev[i], f[j]);
		log[i] = (arb_log_event){
		    .subphase = f[0], .unit = k >= 3 ? f[1] : NULL, .action = k >= 3 ? f[2] : NULL};
		if (k == 4) {
			char *t[64];
			size_t nt = split(f[3], '+', t, 64, &ov);
			const char **targets = scen_array(c->s, nt ? nt : 1, sizeof *targets);
			if (!targets)
				return ARB_ENOMEM;
			if (ov)
				return cell_err(c, "log event '%s': more than 64 targets", ev[i]);
			for (size_t j = 0; j < nt; j++) {
				if (!valid_name(t[j]))
					return cell_err(
					    c,
					    "log event '%s': target '%s' is not a valid "
					    "name",
					    ev[i], t[j]);
				targets[j] = t[j];
			}
			log[i].targets = targets;
			log[i].n_targets = nt;
		}
	}
	x->log = log;
	x->n_log = n;
	x->has_log = true;
	return ARB_OK;
}

static int parse_context(cell *c)
{
	arb_context *x = &c->s->context;
	x->phase = "movement";
	x->subphase = "remaining";
	x->battle_round = 2;
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *parts[32];
	bool ov;
	size_t n = split(buf, ';', parts, 32, &ov);
	if (ov)
		return cell_err(c, "too many entries");
	bool subphase_given = false;
	c->L->subphase_given = false;
	for (size_t i = 0; i < n; i++) {
		char *eq = strchr(parts[i], '=');
		if (!eq)
			return cell_err(c, "expected key=value, got '%s'", parts[i]);
		*eq = '\0';
		char *k = parts[i], *v = eq + 1;
		while (isspace((unsigned char)*v))
			v++;
		size_t kl = strlen(k);
		while (kl && isspace((unsigned char)k[kl - 1]))
			k[--kl] = '\0';
		/* the words are in the arena copy, which lives as long as the scenario */
		if (strcmp(k, "phase") == 0)
			x->phase = v;
		else if (strcmp(k, "subphase") == 0) {
			x->subphase = *v && strcmp(v, "-") != 0 ? v : NULL;
			subphase_given = true;
			c->L->subphase_given = true;
		} else if (strcmp(k, "round") == 0) {
			double r;
			if (!parse_num(v, &r) || r < 1 || r != floor(r) || r > 1000)
				return cell_err(c, "round must be a whole number from 1, got '%s'",
				                v);
			x->battle_round = (int)r;
		} else if (strcmp(k, "side") == 0)
			x->active_side = v;
		else if (strcmp(k, "in_progress") == 0)
			x->in_progress = *v && strcmp(v, "-") != 0 ? v : NULL;
		else if (strcmp(k, "completed") == 0) {
			int rc = parse_list(c, v, &x->completed, &x->n_completed, true);
			if (rc)
				return rc;
		} else if (strcmp(k, "log") == 0) {
			int rc = parse_log(c, v, x);
			if (rc)
				return rc;
		} else
			return cell_err(
			    c,
			    "unknown context key '%s' (expected phase, subphase, round, "
			    "side, in_progress, completed, log)",
			    k);
	}
	/* The default sub-phase only where the ruleset has one of that name. */
	if (!subphase_given &&
	    (strcmp(x->phase, "movement") != 0 ||
	     !arb_rulebook_declares(c->L->rb, c->s->ruleset, "subphases", "remaining")))
		x->subphase = NULL;
	return ARB_OK;
}

/* NAME=number into kv; returns 1 if tok is not NAME=number. */
static int parse_stat(cell *c, const char *tok, arb_kv *kv)
{
	*kv = (arb_kv){NULL, NAN};
	const char *eq = strchr(tok, '=');
	if (!eq || eq == tok)
		return 1;
	char *name = arb_scenario_strndup(c->s, tok, (size_t)(eq - tok));
	if (!name)
		return ARB_ENOMEM;
	kv->name = name;
	if (!parse_num(eq + 1, &kv->value))
		return cell_err(c, "%s: expected a number after '=', got '%s'", name, eq + 1);
	return 0;
}

static int parse_units(cell *c)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char **recs;
	size_t n;
	bool ov;
	if (split_all(c, buf, ';', &recs, &n))
		return ARB_ENOMEM;
	if (n == 0)
		return cell_err(c, "at least one unit is needed");
	c->s->units = scen_array(c->s, n, sizeof(arb_unit));
	if (!c->s->units)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *tok[64];
		size_t k = split(recs[i], ' ', tok, 64, &ov);
		if (ov || k < 3)
			return cell_err(
			    c, "unit %zu: expected 'ID SIDE FORMATION [NAME=n] [status]'", i + 1);
		arb_unit *u = &c->s->units[i];
		if (!valid_name(tok[0]) || !valid_name(tok[1]))
			return cell_err(c, "unit %zu: malformed id or side", i + 1);
		const arb_unit *same = arb__idmap_get(&c->L->unit_ids, tok[0]);
		if (same)
			return cell_err(
			    c, "unit %zu: id '%s' is unit %zu's already: a unit is listed once",
			    i + 1, tok[0], (size_t)(same - c->s->units) + 1);
		if (arb__idmap_put(&c->L->unit_ids, tok[0], u))
			return ARB_ENOMEM;
		u->id = tok[0];
		u->side = tok[1];
		u->formation = strcmp(tok[2], "-") == 0 ? NULL : tok[2];
		u->stats = scen_array(c->s, k, sizeof(arb_kv));
		u->status = scen_array(c->s, k, sizeof(char *));
		if (!u->stats || !u->status)
			return ARB_ENOMEM;
		for (size_t j = 3; j < k; j++) {
			arb_kv kv;
			int rc = parse_stat(c, tok[j], &kv);
			if (rc < 0)
				return rc;
			if (rc == 0 && strcmp(kv.name, "facing") == 0)
				u->facing_deg = kv.value;
			else if (rc == 0)
				u->stats[u->n_stats++] = kv;
			else if (valid_name(tok[j]))
				u->status[u->n_status++] = tok[j];
			else
				return cell_err(c, "unit %s: cannot read '%s'", u->id, tok[j]);
		}
	}
	c->s->n_units = n;
	return ARB_OK;
}

static int parse_base(cell *c, const char *t, arb_base *b)
{
	char *tmp = dup_s(c, t);
	if (!tmp)
		return ARB_ENOMEM;
	char *x = strchr(tmp, 'x');
	if (x) {
		*x = '\0';
		b->shape = ARB_BASE_RECT;
		if (!parse_num(tmp, &b->w_mm) || !parse_num(x + 1, &b->depth_mm) || b->w_mm <= 0 ||
		    b->depth_mm <= 0)
			return cell_err(c, "base '%s': expected positive WxD in mm, e.g. 25x50", t);
	} else {
		b->shape = ARB_BASE_ROUND;
		if (!parse_num(tmp, &b->d_mm) || b->d_mm <= 0)
			return cell_err(c, "base '%s': expected a positive diameter in mm, e.g. 25",
			                t);
	}
	return ARB_OK;
}

static int parse_models(cell *c)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char **recs;
	size_t n;
	bool ov;
	if (split_all(c, buf, ';', &recs, &n))
		return ARB_ENOMEM;
	size_t *count = calloc(c->s->n_units + 1, sizeof *count);
	arb_unit **owner = calloc(n + 1, sizeof(arb_unit *));
	char ***toks = calloc(n + 1, sizeof *toks);
	size_t *ntok = calloc(n + 1, sizeof *ntok);
	int rc = ARB_OK;
	if (!count || !owner || !toks || !ntok) {
		rc = ARB_ENOMEM;
		goto done;
	}
	/* Each failure goes to done: the loops below see only models that
	 * name a unit. */
	for (size_t i = 0; i < n; i++) {
		toks[i] = scen_array(c->s, 16, sizeof(char *));
		if (!toks[i]) {
			rc = ARB_ENOMEM;
			goto done;
		}
		ntok[i] = split(recs[i], ' ', toks[i], 16, &ov);
		if (ov || ntok[i] < 3) {
			rc = cell_err(
			    c, "model %zu: expected 'UNIT/ID X,Y BASE [facing=DEG] [NAME=n]'",
			    i + 1);
			goto done;
		}
		char *slash = strchr(toks[i][0], '/');
		if (!slash) {
			rc = cell_err(c, "model %zu: '%s' lacks its unit (UNIT/ID)", i + 1,
			              toks[i][0]);
			goto done;
		}
		*slash = '\0';
		/* found by ID, not by a scan of every unit: a row may list many */
		owner[i] = (arb_unit *)arb__idmap_get(&c->L->unit_ids, toks[i][0]);
		if (owner[i])
			count[owner[i] - c->s->units]++;
		if (!owner[i]) {
			rc = cell_err(c,
			              "model %s belongs to unit '%s', which the units column does "
			              "not list",
			              slash + 1, toks[i][0]);
			goto done;
		}
		toks[i][0] = slash + 1;
	}
	for (size_t u = 0; u < c->s->n_units && !rc; u++) {
		c->s->units[u].models = scen_array(c->s, count[u] + 1, sizeof(arb_model));
		if (!c->s->units[u].models)
			rc = ARB_ENOMEM;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		arb_unit *u = owner[i];
		arb_model *m = &u->models[u->n_models++];
		char **t = toks[i];
		if (!valid_name(t[0])) {
			rc = cell_err(c, "model %zu: malformed id '%s'", i + 1, t[0]);
			break;
		}
		m->id = t[0];
		m->facing_deg = u->facing_deg;
		if (!parse_pt(t[1], &m->pos)) {
			rc =
			    cell_err(c, "model %s: expected a position X,Y, got '%s'", m->id, t[1]);
			break;
		}
		if ((rc = parse_base(c, t[2], &m->base)))
			break;
		m->stats = scen_array(c->s, ntok[i], sizeof(arb_kv));
		if (!m->stats) {
			rc = ARB_ENOMEM;
			break;
		}
		for (size_t j = 3; j < ntok[i] && !rc; j++) {
			arb_kv kv;
			int r = parse_stat(c, t[j], &kv);
			if (r < 0)
				rc = r;
			else if (r > 0)
				rc = cell_err(c, "model %s: expected NAME=number, got '%s'", m->id,
				              t[j]);
			else if (strcmp(kv.name, "facing") == 0)
				m->facing_deg = kv.value;
			else
				m->stats[m->n_stats++] = kv;
		}
	}
done:
	free(count);
	free(owner);
	free(toks);
	free(ntok);
	return rc;
}

static int parse_points(cell *c, char **t, size_t n, arb_vec2 **out, const char *what)
{
	*out = scen_array(c->s, n + 1, sizeof(arb_vec2));
	if (!*out)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (!parse_pt(t[i], &(*out)[i]))
			return cell_err(c, "%s: expected a point X,Y, got '%s'", what, t[i]);
	return ARB_OK;
}

static int parse_terrain(cell *c)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char **recs;
	size_t n;
	if (split_all(c, buf, ';', &recs, &n))
		return ARB_ENOMEM;
	c->s->terrain = scen_array(c->s, n + 1, sizeof(arb_terrain));
	if (!c->s->terrain)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char **t;
		size_t k;
		if (split_all(c, recs[i], ' ', &t, &k))
			return ARB_ENOMEM;
		if (k < 2)
			return cell_err(
			    c, "terrain %zu: expected 'ID KIND [height=H] X,Y X,Y X,Y ...'", i + 1);
		arb_terrain *tr = &c->s->terrain[i];
		tr->id = t[0];
		tr->kind = t[1];
		size_t first = 2;
		if (k > 2 && strncmp(t[2], "height=", 7) == 0) {
			if (!parse_num(t[2] + 7, &tr->height))
				return cell_err(c, "terrain %s: expected height=INCHES, got '%s'",
				                tr->id, t[2]);
			tr->has_height = true;
			first = 3;
		}
		tr->n_poly = k - first;
		int rc = parse_points(c, t + first, k - first, &tr->poly, tr->id);
		if (rc)
			return rc;
	}
	c->s->n_terrain = n;
	return ARB_OK;
}

static int parse_action(cell *c)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *t[MAXP];
	bool ov;
	size_t k = split(buf, ' ', t, MAXP, &ov);
	arb_action *a = &c->s->action;
	if (ov || k < 2)
		return cell_err(c, "expected 'TYPE UNIT [involuntary] [-> TARGET ...]'");
	a->type = t[0];
	a->unit = t[1];
	size_t i = 2;
	if (i < k && strcmp(t[i], "involuntary") == 0) {
		a->voluntary = false;
		i++;
	}
	if (i < k) {
		if (strcmp(t[i], "->") != 0 || i + 1 == k)
			return cell_err(c, "expected '-> TARGET ...' after the unit, got '%s'",
			                t[i]);
		i++;
		a->targets = scen_array(c->s, k - i, sizeof(char *));
		if (!a->targets)
			return ARB_ENOMEM;
		for (; i < k; i++)
			a->targets[a->n_targets++] = t[i];
	}
	return ARB_OK;
}

/* One point of a path, "X,Y" or a pose "X,Y@F" (facing F; NAN when not
 * written), and the step before it, "~PX,PY" or "~PX,PY:A" (CONV.TURN.2). */
static int path_point(cell *c, const char *model, size_t i, const char *t, arb_vec2 *pt,
                      double *facing)
{
	char tmp[128];
	size_t n = strlen(t);
	if (n >= sizeof tmp)
		return cell_err(c, "%s: point %zu is too long", model, i + 1);
	memcpy(tmp, t, n + 1);
	char *at = strchr(tmp, '@');
	*facing = NAN;
	if (at) {
		*at = '\0';
		if (!parse_num(at + 1, facing))
			return cell_err(
			    c, "%s: point %zu: expected a finite facing after '@', got '%s'", model,
			    i + 1, at + 1);
	}
	if (!parse_pt(tmp, pt))
		return cell_err(c, "%s: expected a point X,Y or a pose X,Y@F, got '%s'", model, t);
	return ARB_OK;
}

static int path_step(cell *c, const char *model, size_t i, const char *t, arb_step *st)
{
	char tmp[128];
	size_t n = strlen(t + 1);
	if (n >= sizeof tmp)
		return cell_err(c, "%s: step %zu is too long", model, i + 1);
	memcpy(tmp, t + 1, n + 1);
	char *colon = strchr(tmp, ':');
	*st = (arb_step){.kind = ARB_STEP_ROTATE, .angle_deg = NAN, .about = ARB_PIVOT_POINT};
	if (colon) {
		*colon = '\0';
		if (!parse_num(colon + 1, &st->angle_deg))
			return cell_err(c,
			                "%s: step %zu: expected a signed angle after ':', got '%s'",
			                model, i + 1, colon + 1);
	}
	if (!parse_pt(tmp, &st->pivot))
		return cell_err(c, "%s: step %zu: expected a pivot ~X,Y or ~X,Y:ANGLE, got '%s'",
		                model, i + 1, t);
	return ARB_OK;
}

/* The log event each path record is for: "N:MODEL ..." is the path of
 * MODEL in event N of the context's log (1-based), ev[i] = N; a record
 * without "N:" is the action's, ev[i] = 0. Gives each event named its
 * array of paths. */
static int log_path_events(cell *c, char **recs, size_t n, size_t *ev)
{
	arb_context *x = &c->s->context;
	for (size_t i = 0; i < n; i++) {
		const char *r = recs[i] + strspn(recs[i], " ");
		size_t len = strcspn(r, " ");
		const char *colon = memchr(r, ':', len);
		ev[i] = 0;
		if (!colon)
			continue;
		char num[24];
		size_t nl = (size_t)(colon - r);
		char *end = NULL;
		unsigned long k = 0;
		if (nl > 0 && nl < sizeof num) {
			memcpy(num, r, nl);
			num[nl] = '\0';
			k = strtoul(num, &end, 10);
		}
		if (!end || *end || k == 0 || num[0] < '1' || num[0] > '9')
			return cell_err(
			    c, "path %zu: expected 'MODEL ...' or 'N:MODEL ...' (N a log event)",
			    i + 1);
		if (k > x->n_log)
			return cell_err(c, "path %zu is for log event %lu: the log has %zu events",
			                i + 1, k, x->n_log);
		if (!x->log[k - 1].unit)
			return cell_err(
			    c,
			    "path %zu is for log event %lu, which completes a sub-phase: "
			    "no unit acts in it",
			    i + 1, k);
		ev[i] = k;
		((arb_log_event *)&x->log[k - 1])->n_paths++;
	}
	for (size_t k = 0; k < x->n_log; k++) {
		arb_log_event *e = (arb_log_event *)&x->log[k];
		if (!e->n_paths)
			continue;
		e->paths = scen_array(c->s, e->n_paths, sizeof(arb_path));
		if (!e->paths)
			return ARB_ENOMEM;
		e->n_paths = 0; /* counted again as they are filled */
	}
	return ARB_OK;
}

static int parse_paths(cell *c)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char **recs;
	size_t n;
	if (split_all(c, buf, ';', &recs, &n))
		return ARB_ENOMEM;
	arb_action *a = &c->s->action;
	a->paths = scen_array(c->s, n + 1, sizeof(arb_path));
	size_t *ev = scen_array(c->s, n + 1, sizeof(size_t));
	if (!a->paths || !ev)
		return ARB_ENOMEM;
	int erc = log_path_events(c, recs, n, ev);
	if (erc)
		return erc;
	size_t n_action = 0;
	for (size_t i = 0; i < n; i++) {
		char **t;
		size_t k;
		if (split_all(c, recs[i], ' ', &t, &k))
			return ARB_ENOMEM;
		if (k < 2)
			return cell_err(c, "path %zu: expected 'MODEL X,Y X,Y ...'", i + 1);
		arb_log_event *e = ev[i] ? (arb_log_event *)&c->s->context.log[ev[i] - 1] : NULL;
		arb_path *p = e ? &e->paths[e->n_paths++] : &a->paths[n_action++];
		p->model = e ? strchr(t[0], ':') + 1 : t[0];
		size_t np = 0;
		bool turns = false;
		for (size_t j = 1; j < k; j++)
			if (t[j][0] == '~') {
				turns = true;
			} else {
				np++;
				turns = turns || strchr(t[j], '@');
			}
		p->pts = scen_array(c->s, np + 1, sizeof(arb_vec2));
		if (!p->pts)
			return ARB_ENOMEM;
		if (turns) {
			p->facing = scen_array(c->s, np + 1, sizeof(double));
			p->steps = scen_array(c->s, np + 1, sizeof(arb_step));
			if (!p->facing || !p->steps)
				return ARB_ENOMEM;
		}
		arb_step pending = {.kind = ARB_STEP_TRANSLATE};
		bool have_step = false;
		size_t q = 0;
		for (size_t j = 1; j < k; j++) {
			int rc;
			if (t[j][0] == '~') {
				if (q == 0 || have_step)
					return cell_err(
					    c,
					    "%s: a step '%s' stands between two points, after "
					    "point %zu",
					    p->model, t[j], q);
				if ((rc = path_step(c, p->model, q - 1, t[j], &pending)))
					return rc;
				have_step = true;
				continue;
			}
			double f = NAN;
			if ((rc = path_point(c, p->model, q, t[j], &p->pts[q], &f)))
				return rc;
			if (turns) {
				p->facing[q] = f;
				if (q > 0)
					p->steps[q - 1] = pending;
			}
			pending = (arb_step){.kind = ARB_STEP_TRANSLATE};
			have_step = false;
			q++;
		}
		if (have_step)
			return cell_err(c, "%s: the path ends with a step and no point after it",
			                p->model);
		p->n_pts = q;
	}
	a->n_paths = n_action;
	return ARB_OK;
}

static int parse_kv_text(cell *c, bool numbers)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *parts[MAXP];
	bool ov;
	size_t n = split(buf, ';', parts, MAXP, &ov);
	if (ov)
		return cell_err(c, "too many entries");
	if (numbers) {
		return ARB_OK; /* values are parsed into the case, see parse_values */
	}
	c->s->facts = scen_array(c->s, n + 1, sizeof(arb_fact));
	if (!c->s->facts)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *eq = strchr(parts[i], '=');
		if (!eq || eq == parts[i] || !eq[1])
			return cell_err(c, "expected name=value, got '%s'", parts[i]);
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
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *groups[32];
	bool ov;
	size_t ng = split(buf, ';', groups, 32, &ov);
	if (ov)
		return cell_err(c, "too many dice groups");
	size_t total = 0;
	char *toks[32][64];
	size_t nt[32];
	const char *label[32];
	bool labelled = ng > 0 && strchr(groups[0], ':') != NULL;
	for (size_t g = 0; g < ng; g++) {
		char *colon = strchr(groups[g], ':');
		if ((colon != NULL) != labelled)
			return cell_err(c,
			                "either every group of dice names its test (test: 3 5) or "
			                "none does");
		label[g] = NULL;
		char *vals = groups[g];
		if (colon) {
			*colon = '\0';
			char *name = groups[g];
			size_t l = strlen(name);
			while (l && isspace((unsigned char)name[l - 1]))
				name[--l] = '\0';
			if (!valid_name(name))
				return cell_err(c, "dice group %zu: '%s' is not a test name", g + 1,
				                name);
			label[g] = name;
			vals = colon + 1;
		}
		nt[g] = split(vals, ' ', toks[g], 64, &ov);
		if (ov)
			return cell_err(c, "too many dice");
		total += nt[g];
	}
	c->s->dice = scen_array(c->s, total + 1, sizeof(int));
	if (labelled)
		c->s->dice_test = scen_array(c->s, total + 1, sizeof(char *));
	if (!c->s->dice || (labelled && !c->s->dice_test))
		return ARB_ENOMEM;
	size_t k = 0;
	for (size_t g = 0; g < ng; g++)
		for (size_t i = 0; i < nt[g]; i++, k++) {
			double v;
			if (!parse_num(toks[g][i], &v) || v != floor(v) || v < 1 || v > 6)
				return cell_err(
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
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	int rc = parse_list(c, buf, out, n, false);
	if (rc)
		return rc;
	for (size_t i = 0; i < *n; i++) {
		if (!arb_rulebook_clause(c->L->rb, (*out)[i]))
			return cell_err(c, "unknown clause '%s'", (*out)[i]);
		for (size_t j = 0; j < i; j++)
			if (strcmp((*out)[i], (*out)[j]) == 0)
				return cell_err(c, "clause '%s' is listed twice", (*out)[i]);
	}
	qsort(*out, *n, sizeof **out, cmp_cstr);
	return ARB_OK;
}

static int parse_values(cell *c, arb_case *k)
{
	char *buf = dup_s(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *parts[MAXP]; /* a verdict's values come from every predicate: no 8 here */
	bool ov;
	size_t n = split(buf, ';', parts, MAXP, &ov);
	if (ov)
		return cell_err(c, "too many values (at most %d)", MAXP);
	k->values = scen_array(c->s, n + 1, sizeof(arb_kv));
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
		int r = parse_stat(c, parts[i], &k->values[i]);
		if (r > 0)
			return cell_err(c, "expected name=number or name=-, got '%s'", parts[i]);
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
#define CELL(which) at_col(&c, L, which, &empty)
	const field *f;

	/* id */
	CELL(C_ID);
	if (!valid_case_id(c.f->text))
		return cell_err(&c, "case ID '%s' must be letters, digits and - . _ ~", c.f->text);
	const arb_case *dup = arb__cases_find(L->cs, c.f->text);
	if (dup)
		return cell_err(&c, "duplicate case ID '%s' (first at %s:%ld)", c.f->text,
		                dup->file, dup->line);
	if (!(k->id = s->id = dup_s(&c, c.f->text)) || arb__cases_index(L->cs, k))
		return ARB_ENOMEM;
	/* ruleset */
	f = col(L, C_RULESET);
	const char *rs = f && f->text[0] ? f->text : L->path_ruleset;
	CELL(C_RULESET);
	if (!rs || !arb_rulebook_has_ruleset(L->rb, rs))
		return cell_err(&c, "unknown ruleset '%s' (from %s)", rs ? rs : "",
		                f && f->text[0] ? "the ruleset column" : "the file's path");
	if (!(s->ruleset = dup_s(&c, rs)))
		return ARB_ENOMEM;
	/* expectation */
	CELL(C_TARGET);
	if (!arb_rulebook_clause(L->rb, c.f->text))
		return cell_err(&c, "unknown clause '%s'", c.f->text);
	if (!(k->target = dup_s(&c, c.f->text)))
		return ARB_ENOMEM;
	CELL(C_EXPECT);
	if (arb_verdict_kind_parse(c.f->text, &k->expect))
		return cell_err(&c, "expected legal, illegal, disputed or not-applicable, got '%s'",
		                c.f->text);
	CELL(C_DISPUTE);
	if (arb_dispute_parse(c.f->text, &k->expect_dispute))
		return cell_err(&c, "expected conflict, gap, readings joined by '+', got '%s'",
		                c.f->text);
	if ((k->expect == ARB_V_DISPUTED) != (k->expect_dispute != 0))
		return cell_err(&c, k->expect_dispute
		                        ? "a dispute is given but expect is not disputed"
		                        : "expect is disputed: say which dispute "
		                          "(conflict, gap, readings)");
	if ((rc = parse_clauses(CELL(C_VIOLATES), &k->violates, &k->n_violates)) ||
	    (rc = parse_clauses(CELL(C_DISPUTED), &k->disputed, &k->n_disputed)))
		return rc;
	CELL(C_PROFILE);
	k->profile = c.f->text[0] ? dup_s(&c, c.f->text) : "all";
	if (!k->profile)
		return ARB_ENOMEM;
	const char *dummy;
	if (!arb_rulebook_profile_reading(L->rb, rs, k->profile, "", &dummy))
		return cell_err(&c, "unknown reading profile '%s' for %s", k->profile, rs);
	/* The scenario carries it, so that it travels with the scenario (export). */
	s->profile = strcmp(k->profile, "all") != 0 ? k->profile : NULL;
	if ((rc = parse_values(CELL(C_VALUES), k)))
		return rc;
	CELL(C_VARIANTS);
	k->variants = c.f->text[0] ? dup_s(&c, c.f->text) : "all";
	if (!k->variants)
		return ARB_ENOMEM;
	if (strcmp(k->variants, "all") != 0 && strcmp(k->variants, "no-rotate") != 0 &&
	    strcmp(k->variants, "none") != 0)
		return cell_err(&c, "expected all, no-rotate or none, got '%s'", k->variants);
	CELL(C_NOTE);
	if (!(k->note = dup_s(&c, c.f->text)))
		return ARB_ENOMEM;
	/* scenario */
	if ((rc = parse_board(CELL(C_BOARD))) || (rc = parse_context(CELL(C_CONTEXT))) ||
	    (rc = parse_units(CELL(C_UNITS))) || (rc = parse_models(CELL(C_MODELS))) ||
	    (rc = parse_terrain(CELL(C_TERRAIN))) || (rc = parse_action(CELL(C_ACTION))) ||
	    (rc = parse_paths(CELL(C_PATHS))) || (rc = parse_kv_text(CELL(C_FACTS), false)) ||
	    (rc = parse_dice(CELL(C_DICE))))
		return rc == ARB_ENOMEM ? arb_error_set(L->err, rc, L->file, first->line, 0, NULL,
		                                        "out of memory")
		                        : rc;
	CELL(C_STATIONARY);
	if (c.f->text[0]) {
		s->action.stationary_declared = true;
		char *list = strcmp(c.f->text, "-") != 0 ? dup_s(&c, c.f->text) : NULL;
		if (strcmp(c.f->text, "-") != 0 && !list)
			return ARB_ENOMEM;
		if (list && (rc = parse_list(&c, list, &s->action.stationary,
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
