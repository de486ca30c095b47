/* cases-scene.c: the cells of a row that make its scenario (board,
 * context and log, units, models, terrain, action, paths), read with the
 * cell parsers of cases-row.c, with the cell's line, column and name on
 * any error. */
#include "cases-internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cell's records, split at ';' in a copy of its text: ARB_ENOMEM or
 * ARB_OK. */
static int records(cell *c, char ***recs, size_t *n)
{
	char *buf = arb__cell_dup(c, c->f->text);
	return buf ? arb__cell_split_all(c, buf, ';', recs, n) : ARB_ENOMEM;
}

int arb__cell_board(cell *c)
{
	const char *t = c->f->text;
	if (!*t) {
		c->s->board_w = 72;
		c->s->board_h = 48;
		return ARB_OK;
	}
	char *tmp = arb__cell_dup(c, t); /* the whole cell, however long */
	if (!tmp)
		return ARB_ENOMEM;
	char *x = strchr(tmp, 'x');
	if (!x)
		return arb__cell_err(c, "expected WxH in inches, e.g. 72x48, got '%s'", t);
	*x = '\0';
	if (!arb__cell_num(tmp, &c->s->board_w) || !arb__cell_num(x + 1, &c->s->board_h) ||
	    c->s->board_w <= 0 || c->s->board_h <= 0)
		return arb__cell_err(c, "expected a positive WxH in inches, e.g. 72x48, got '%s'",
		                     t);
	return ARB_OK;
}

int arb__cell_list(cell *c, char *text, const char ***out, size_t *n, bool ids_only)
{
	char **parts;
	size_t k;
	if (arb__cell_split_all(c, text, ' ', &parts, &k))
		return ARB_ENOMEM;
	*out = arb__cell_array(c->s, k + 1, sizeof(char *));
	if (!*out)
		return ARB_ENOMEM;
	for (size_t i = 0; i < k; i++) {
		if (ids_only && !arb__cell_valid_name(parts[i]))
			return arb__cell_err(c, "'%s' is not a valid name", parts[i]);
		if (!((*out)[i] = arb__cell_dup(c, parts[i])))
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
	if (strcmp(text, "-") != 0 && arb__cell_split_all(c, text, ' ', &ev, &n))
		return ARB_ENOMEM;
	arb_log_event *log = arb__cell_array(c->s, n ? n : 1, sizeof *log);
	if (!log)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *f[5];
		char *e =
		    arb__cell_dup(c, ev[i]); /* split in place: ev[i] stays whole for errors */
		if (!e)
			return ARB_ENOMEM;
		bool ov;
		size_t k = arb__cell_split(e, ':', f, 5, &ov);
		if (ov || k < 2 || k > 4 || (k == 2 && strcmp(f[1], "done") != 0))
			return arb__cell_err(
			    c,
			    "log event '%s': expected SUBPHASE:UNIT:ACTION, "
			    "SUBPHASE:UNIT:ACTION:TARGET+TARGET... or SUBPHASE:done",
			    ev[i]);
		for (size_t j = 0; j < k && j < 3; j++)
			if (!arb__cell_valid_name(f[j]))
				return arb__cell_err(c, "log event '%s': '%s' is not a valid name",
				                     ev[i], f[j]);
		log[i] = (arb_log_event){
		    .subphase = f[0], .unit = k >= 3 ? f[1] : NULL, .action = k >= 3 ? f[2] : NULL};
		if (k == 4) {
			char *t[64];
			size_t nt = arb__cell_split(f[3], '+', t, 64, &ov);
			const char **targets = arb__cell_array(c->s, nt ? nt : 1, sizeof *targets);
			if (!targets)
				return ARB_ENOMEM;
			if (ov)
				return arb__cell_err(c, "log event '%s': more than 64 targets",
				                     ev[i]);
			for (size_t j = 0; j < nt; j++) {
				if (!arb__cell_valid_name(t[j]))
					return arb__cell_err(
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

int arb__cell_context(cell *c)
{
	arb_context *x = &c->s->context;
	x->phase = "movement";
	x->subphase = "remaining";
	x->battle_round = 2;
	char *buf = arb__cell_dup(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *parts[32];
	bool ov;
	size_t n = arb__cell_split(buf, ';', parts, 32, &ov);
	if (ov)
		return arb__cell_err(c, "too many entries");
	bool subphase_given = false;
	c->L->subphase_given = false;
	for (size_t i = 0; i < n; i++) {
		char *eq = strchr(parts[i], '=');
		if (!eq)
			return arb__cell_err(c, "expected key=value, got '%s'", parts[i]);
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
			if (!arb__cell_num(v, &r) || r < 1 || r != floor(r) || r > 1000)
				return arb__cell_err(
				    c, "round must be a whole number from 1, got '%s'", v);
			x->battle_round = (int)r;
		} else if (strcmp(k, "side") == 0)
			x->active_side = v;
		else if (strcmp(k, "in_progress") == 0)
			x->in_progress = *v && strcmp(v, "-") != 0 ? v : NULL;
		else if (strcmp(k, "completed") == 0) {
			int rc = arb__cell_list(c, v, &x->completed, &x->n_completed, true);
			if (rc)
				return rc;
		} else if (strcmp(k, "log") == 0) {
			int rc = parse_log(c, v, x);
			if (rc)
				return rc;
		} else
			return arb__cell_err(
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
int arb__cell_stat(cell *c, const char *tok, arb_kv *kv)
{
	*kv = (arb_kv){NULL, NAN};
	const char *eq = strchr(tok, '=');
	if (!eq || eq == tok)
		return 1;
	char *name = arb_scenario_strndup(c->s, tok, (size_t)(eq - tok));
	if (!name)
		return ARB_ENOMEM;
	kv->name = name;
	if (!arb__cell_num(eq + 1, &kv->value))
		return arb__cell_err(c, "%s: expected a number after '=', got '%s'", name, eq + 1);
	return 0;
}

int arb__cell_units(cell *c)
{
	char **recs;
	size_t n;
	bool ov;
	if (records(c, &recs, &n))
		return ARB_ENOMEM;
	if (n == 0)
		return arb__cell_err(c, "at least one unit is needed");
	c->s->units = arb__cell_array(c->s, n, sizeof(arb_unit));
	if (!c->s->units)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char *tok[64];
		size_t k = arb__cell_split(recs[i], ' ', tok, 64, &ov);
		if (ov || k < 3)
			return arb__cell_err(
			    c, "unit %zu: expected 'ID SIDE FORMATION [NAME=n] [status]'", i + 1);
		arb_unit *u = &c->s->units[i];
		if (!arb__cell_valid_name(tok[0]) || !arb__cell_valid_name(tok[1]))
			return arb__cell_err(c, "unit %zu: malformed id or side", i + 1);
		const arb_unit *same = arb__idmap_get(&c->L->unit_ids, tok[0]);
		if (same)
			return arb__cell_err(
			    c, "unit %zu: id '%s' is unit %zu's already: a unit is listed once",
			    i + 1, tok[0], (size_t)(same - c->s->units) + 1);
		if (arb__idmap_put(&c->L->unit_ids, tok[0], u))
			return ARB_ENOMEM;
		u->id = tok[0];
		u->side = tok[1];
		u->formation = strcmp(tok[2], "-") == 0 ? NULL : tok[2];
		u->stats = arb__cell_array(c->s, k, sizeof(arb_kv));
		u->status = arb__cell_array(c->s, k, sizeof(char *));
		if (!u->stats || !u->status)
			return ARB_ENOMEM;
		for (size_t j = 3; j < k; j++) {
			arb_kv kv;
			int rc = arb__cell_stat(c, tok[j], &kv);
			if (rc < 0)
				return rc;
			if (rc == 0 && strcmp(kv.name, "facing") == 0)
				u->facing_deg = kv.value;
			else if (rc == 0)
				u->stats[u->n_stats++] = kv;
			else if (arb__cell_valid_name(tok[j]))
				u->status[u->n_status++] = tok[j];
			else
				return arb__cell_err(c, "unit %s: cannot read '%s'", u->id, tok[j]);
		}
	}
	c->s->n_units = n;
	return ARB_OK;
}

static int parse_base(cell *c, const char *t, arb_base *b)
{
	char *tmp = arb__cell_dup(c, t);
	if (!tmp)
		return ARB_ENOMEM;
	char *x = strchr(tmp, 'x');
	if (x) {
		*x = '\0';
		b->shape = ARB_BASE_RECT;
		if (!arb__cell_num(tmp, &b->w_mm) || !arb__cell_num(x + 1, &b->depth_mm) ||
		    b->w_mm <= 0 || b->depth_mm <= 0)
			return arb__cell_err(
			    c, "base '%s': expected positive WxD in mm, e.g. 25x50", t);
	} else {
		b->shape = ARB_BASE_ROUND;
		if (!arb__cell_num(tmp, &b->d_mm) || b->d_mm <= 0)
			return arb__cell_err(
			    c, "base '%s': expected a positive diameter in mm, e.g. 25", t);
	}
	return ARB_OK;
}

int arb__cell_models(cell *c)
{
	char **recs;
	size_t n;
	bool ov;
	if (records(c, &recs, &n))
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
		toks[i] = arb__cell_scratch(c, 16, sizeof(char *));
		if (!toks[i]) {
			rc = ARB_ENOMEM;
			goto done;
		}
		ntok[i] = arb__cell_split(recs[i], ' ', toks[i], 16, &ov);
		if (ov || ntok[i] < 3) {
			rc = arb__cell_err(
			    c, "model %zu: expected 'UNIT/ID X,Y BASE [facing=DEG] [NAME=n]'",
			    i + 1);
			goto done;
		}
		char *slash = strchr(toks[i][0], '/');
		if (!slash) {
			rc = arb__cell_err(c, "model %zu: '%s' lacks its unit (UNIT/ID)", i + 1,
			                   toks[i][0]);
			goto done;
		}
		*slash = '\0';
		/* found by ID, not by a scan of every unit: a row may list many */
		owner[i] = (arb_unit *)arb__idmap_get(&c->L->unit_ids, toks[i][0]);
		if (owner[i])
			count[owner[i] - c->s->units]++;
		if (!owner[i]) {
			rc = arb__cell_err(
			    c,
			    "model %s belongs to unit '%s', which the units column does "
			    "not list",
			    slash + 1, toks[i][0]);
			goto done;
		}
		toks[i][0] = slash + 1;
	}
	for (size_t u = 0; u < c->s->n_units && !rc; u++) {
		c->s->units[u].models = arb__cell_array(c->s, count[u] + 1, sizeof(arb_model));
		if (!c->s->units[u].models)
			rc = ARB_ENOMEM;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		arb_unit *u = owner[i];
		arb_model *m = &u->models[u->n_models++];
		char **t = toks[i];
		if (!arb__cell_valid_name(t[0])) {
			rc = arb__cell_err(c, "model %zu: malformed id '%s'", i + 1, t[0]);
			break;
		}
		m->id = t[0];
		m->facing_deg = u->facing_deg;
		if (!arb__cell_pt(t[1], &m->pos)) {
			rc = arb__cell_err(c, "model %s: expected a position X,Y, got '%s'", m->id,
			                   t[1]);
			break;
		}
		if ((rc = parse_base(c, t[2], &m->base)))
			break;
		m->stats = arb__cell_array(c->s, ntok[i], sizeof(arb_kv));
		if (!m->stats) {
			rc = ARB_ENOMEM;
			break;
		}
		for (size_t j = 3; j < ntok[i] && !rc; j++) {
			arb_kv kv;
			int r = arb__cell_stat(c, t[j], &kv);
			if (r < 0)
				rc = r;
			else if (r > 0)
				rc = arb__cell_err(c, "model %s: expected NAME=number, got '%s'",
				                   m->id, t[j]);
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
	*out = arb__cell_array(c->s, n + 1, sizeof(arb_vec2));
	if (!*out)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (!arb__cell_pt(t[i], &(*out)[i]))
			return arb__cell_err(c, "%s: expected a point X,Y, got '%s'", what, t[i]);
	return ARB_OK;
}

int arb__cell_terrain(cell *c)
{
	char **recs;
	size_t n;
	if (records(c, &recs, &n))
		return ARB_ENOMEM;
	c->s->terrain = arb__cell_array(c->s, n + 1, sizeof(arb_terrain));
	if (!c->s->terrain)
		return ARB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char **t;
		size_t k;
		if (arb__cell_split_all(c, recs[i], ' ', &t, &k))
			return ARB_ENOMEM;
		if (k < 2)
			return arb__cell_err(
			    c, "terrain %zu: expected 'ID KIND [height=H] X,Y X,Y X,Y ...'", i + 1);
		arb_terrain *tr = &c->s->terrain[i];
		tr->id = t[0];
		tr->kind = t[1];
		size_t first = 2;
		if (k > 2 && strncmp(t[2], "height=", 7) == 0) {
			if (!arb__cell_num(t[2] + 7, &tr->height))
				return arb__cell_err(c,
				                     "terrain %s: expected height=INCHES, got '%s'",
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

int arb__cell_action(cell *c)
{
	char *buf = arb__cell_dup(c, c->f->text);
	if (!buf)
		return ARB_ENOMEM;
	char *t[MAXP];
	bool ov;
	size_t k = arb__cell_split(buf, ' ', t, MAXP, &ov);
	arb_action *a = &c->s->action;
	if (ov || k < 2)
		return arb__cell_err(c, "expected 'TYPE UNIT [involuntary] [-> TARGET ...]'");
	a->type = t[0];
	a->unit = t[1];
	size_t i = 2;
	if (i < k && strcmp(t[i], "involuntary") == 0) {
		a->voluntary = false;
		i++;
	}
	if (i < k) {
		if (strcmp(t[i], "->") != 0 || i + 1 == k)
			return arb__cell_err(c, "expected '-> TARGET ...' after the unit, got '%s'",
			                     t[i]);
		i++;
		a->targets = arb__cell_array(c->s, k - i, sizeof(char *));
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
		return arb__cell_err(c, "%s: point %zu is too long", model, i + 1);
	memcpy(tmp, t, n + 1);
	char *at = strchr(tmp, '@');
	*facing = NAN;
	if (at) {
		*at = '\0';
		if (!arb__cell_num(at + 1, facing))
			return arb__cell_err(
			    c, "%s: point %zu: expected a finite facing after '@', got '%s'", model,
			    i + 1, at + 1);
	}
	if (!arb__cell_pt(tmp, pt))
		return arb__cell_err(c, "%s: expected a point X,Y or a pose X,Y@F, got '%s'", model,
		                     t);
	return ARB_OK;
}

static int path_step(cell *c, const char *model, size_t i, const char *t, arb_step *st)
{
	char tmp[128];
	size_t n = strlen(t + 1);
	if (n >= sizeof tmp)
		return arb__cell_err(c, "%s: step %zu is too long", model, i + 1);
	memcpy(tmp, t + 1, n + 1);
	char *colon = strchr(tmp, ':');
	*st = (arb_step){.kind = ARB_STEP_ROTATE, .angle_deg = NAN, .about = ARB_PIVOT_POINT};
	if (colon) {
		*colon = '\0';
		if (!arb__cell_num(colon + 1, &st->angle_deg))
			return arb__cell_err(
			    c, "%s: step %zu: expected a signed angle after ':', got '%s'", model,
			    i + 1, colon + 1);
	}
	if (!arb__cell_pt(tmp, &st->pivot))
		return arb__cell_err(c,
		                     "%s: step %zu: expected a pivot ~X,Y or ~X,Y:ANGLE, got '%s'",
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
			return arb__cell_err(
			    c, "path %zu: expected 'MODEL ...' or 'N:MODEL ...' (N a log event)",
			    i + 1);
		if (k > x->n_log)
			return arb__cell_err(
			    c, "path %zu is for log event %lu: the log has %zu events", i + 1, k,
			    x->n_log);
		if (!x->log[k - 1].unit)
			return arb__cell_err(
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
		e->paths = arb__cell_array(c->s, e->n_paths, sizeof(arb_path));
		if (!e->paths)
			return ARB_ENOMEM;
		e->n_paths = 0; /* counted again as they are filled */
	}
	return ARB_OK;
}

int arb__cell_paths(cell *c)
{
	char **recs;
	size_t n;
	if (records(c, &recs, &n))
		return ARB_ENOMEM;
	arb_action *a = &c->s->action;
	a->paths = arb__cell_array(c->s, n + 1, sizeof(arb_path));
	size_t *ev = arb__cell_array(c->s, n + 1, sizeof(size_t));
	if (!a->paths || !ev)
		return ARB_ENOMEM;
	int erc = log_path_events(c, recs, n, ev);
	if (erc)
		return erc;
	size_t n_action = 0;
	for (size_t i = 0; i < n; i++) {
		char **t;
		size_t k;
		if (arb__cell_split_all(c, recs[i], ' ', &t, &k))
			return ARB_ENOMEM;
		if (k < 2)
			return arb__cell_err(c, "path %zu: expected 'MODEL X,Y X,Y ...'", i + 1);
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
		p->pts = arb__cell_array(c->s, np + 1, sizeof(arb_vec2));
		if (!p->pts)
			return ARB_ENOMEM;
		if (turns) {
			p->facing = arb__cell_array(c->s, np + 1, sizeof(double));
			p->steps = arb__cell_array(c->s, np + 1, sizeof(arb_step));
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
					return arb__cell_err(
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
			return arb__cell_err(
			    c, "%s: the path ends with a step and no point after it", p->model);
		p->n_pts = q;
	}
	a->n_paths = n_action;
	return ARB_OK;
}
