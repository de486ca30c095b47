/*
 * cmd_diverge.c: `arbiter diverge [SITUATION...] [--json] [--all]`: where
 * two rulesets decide the same situation (spec/shared/situations.md,
 * situations.c), the same scenario is judged under each, at the lengths
 * the situation and every mapped ruleset's text name (converted to inches
 * through the ruleset's own yard), and the probes whose verdicts differ
 * are listed with the texts of both sides (docs/diverge.md).
 *
 * The scenario of each ruleset is the same table: the same bases, places
 * and paths; only the words (action, phase, formation, terrain) and the
 * characteristics and dice a ruleset's line names are its own. It is
 * written as an arbiter-scenario/2 line and read back by `judge`'s reader,
 * so that every scenario reported replays through `arbiter judge`.
 */
#include "cli.h"
#include "json_io.h"
#include "situations.h"
#include "strbuf.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEP 0.01 /* inches under and over a limit of the text, as conflicts probes */

static double base_hx(const sit_map *m)
{
	return (m->base_d_mm > 0 ? m->base_d_mm : m->base_w_mm) / 2 / 25.4;
}

static double base_wy(const sit_map *m)
{
	return m->base_w_mm / 25.4;
}

/* The inches a yard makes in ruleset rs: its own clause's `yard`, else
 * the conventions' (CONV.UNIT.3), as the oracle reads them; NAN if none. */
static double yard_in(const arb_rulebook *rb, const char *rs)
{
	double conv = NAN;
	for (size_t i = 0; i < arb_rulebook_clause_count(rb); i++) {
		const arb_clause *c = arb_rulebook_clause_at(rb, i);
		const arb_param *y = arb_clause_param(c, "yard");
		double in = !y                           ? NAN
		            : strcmp(y->unit, "in") == 0 ? y->value
		            : strcmp(y->unit, "mm") == 0 ? y->value / 25.4
		                                         : NAN;
		if (isnan(in))
			continue;
		if (strcmp(c->ruleset, rs) == 0)
			return in;
		if (strcmp(c->ruleset, "conventions") == 0)
			conv = in;
	}
	return conv;
}

/* A parameter as inches on the table, or NAN (not a length, or a value the
 * text does not give). */
static double param_in(const arb_rulebook *rb, const char *rs, const arb_param *p)
{
	if (p->unresolved || !isfinite(p->value))
		return NAN;
	if (strcmp(p->unit, "in") == 0)
		return p->value;
	if (strcmp(p->unit, "mm") == 0)
		return p->value / 25.4;
	if (strcmp(p->unit, "yd") == 0)
		return p->value * yard_in(rb, rs);
	return NAN;
}

typedef struct probe {
	double at;
	char from[160]; /* where the value comes from */
} probe;

static int by_at(const void *a, const void *b)
{
	double x = ((const probe *)a)->at, y = ((const probe *)b)->at;
	return x < y ? -1 : x > y;
}

/* The values the situation is judged at: its own, and every limit of a
 * mapped ruleset just under, at and just over; sorted, each once. */
static size_t probes(const arb_rulebook *rb, const situation *s, probe *out, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n_probes && n < cap; i++) {
		out[n].at = s->probe_at[i];
		snprintf(out[n++].from, sizeof out->from, "situations.md");
	}
	for (size_t m = 0; m < s->n_maps; m++)
		for (size_t k = 0; k < s->map[m].n_limits; k++) {
			const sit_map *mp = &s->map[m];
			const arb_clause *c = arb_rulebook_clause(rb, mp->limit[k].clause);
			const arb_param *p = c ? arb_clause_param(c, mp->limit[k].param) : NULL;
			double v = p ? param_in(rb, mp->ruleset, p) : NAN;
			if (!isfinite(v))
				continue;
			static const char *const kWhere[] = {"just under", "at", "just over"};
			for (int d = -1; d <= 1 && n < cap; d++) {
				if (v + d * STEP < 0)
					continue;
				out[n].at = v + d * STEP;
				snprintf(out[n++].from, sizeof out->from,
				         "%s, %s %s of %s (%.4g in)", kWhere[d + 1], p->name,
				         p->raw, c->id, v);
			}
		}
	qsort(out, n, sizeof *out, by_at);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (!u || fabs(out[i].at - out[u - 1].at) > 1e-9)
			out[u++] = out[i];
		else if (strlen(out[u - 1].from) + strlen(out[i].from) + 3 < sizeof out->from) {
			strcat(out[u - 1].from, "; ");
			strcat(out[u - 1].from, out[i].from);
		}
	return u;
}

static void put_base(strbuf *b, const sit_map *m)
{
	if (m->base_d_mm > 0)
		strbuf_putf(b, "{\"shape\":\"rect\",\"w_mm\":%.10g,\"depth_mm\":%.10g}",
		            m->base_w_mm, m->base_d_mm);
	else
		strbuf_putf(b, "{\"shape\":\"round\",\"d_mm\":%.10g}", m->base_w_mm);
}

static void put_stats(strbuf *b, const sit_map *m, double own_m)
{
	strbuf_puts(b, "{");
	bool first = true;
	for (size_t i = 0; i < m->n_stats; i++) {
		if (!isnan(own_m) && strcmp(m->stat_name[i], "M") == 0)
			continue;
		strbuf_putf(b, "%s\"%s\":%.10g", first ? "" : ",", m->stat_name[i],
		            m->stat_value[i]);
		first = false;
	}
	if (!isnan(own_m))
		strbuf_putf(b, "%s\"M\":%.10g", first ? "" : ",", own_m);
	strbuf_puts(b, "}");
}

typedef struct placed {
	const char *id;
	double x, y, to_x, own_m; /* own_m NAN: the line's stats */
} placed;

/* The scenario of situation s, as ruleset m names it, at probe value v:
 * one JSON line (docs/diverge.md draws each shape). */
static char *scenario_json(const situation *s, const sit_map *m, double v, const char *id)
{
	const double y = 24, x = 20, hx = base_hx(m), wy = base_wy(m);
	placed a[2];
	size_t na = 1;
	bool enemy = false, terrain = false;
	switch (s->shape) {
	case SIT_APPROACH:
		a[0] = (placed){"a1", x, y, x + 2, NAN};
		enemy = true;
		break;
	case SIT_MIXED_MOVE:
		a[0] = (placed){"a1", x, y, x + fmin(v, s->speed[0]), s->speed[0]};
		a[1] = (placed){"a2", x, y + wy + 0.1, x + v, s->speed[1]};
		na = 2;
		break;
	case SIT_DIFFICULT:
		a[0] = (placed){"a1", x, y, x + v, NAN};
		terrain = m->terrain != NULL;
		break;
	case SIT_COHERENCY:
		a[0] = (placed){"a1", x, y, x + 2, NAN};
		a[1] = (placed){"a2", x, y + wy + v, x + 2, NAN};
		na = 2;
		break;
	}
	strbuf b = {0};
	strbuf_putf(&b,
	            "{\"format\":\"arbiter-scenario/2\",\"id\":\"%s\",\"ruleset\":\"%s\","
	            "\"profile\":null,\"board\":{\"w\":72,\"h\":48},\"context\":{\"phase\":\"%s\","
	            "\"subphase\":",
	            id, m->ruleset, m->phase);
	if (m->subphase)
		strbuf_putf(&b, "\"%s\"", m->subphase);
	else
		strbuf_puts(&b, "null");
	strbuf_puts(&b, ",\"battle_round\":2,\"active_side\":null,\"completed\":[],"
	                "\"in_progress\":null},\"dice\":[");
	for (size_t i = 0; i < m->n_dice; i++)
		strbuf_putf(&b, "%s%d", i ? "," : "", m->dice[i]);
	strbuf_puts(&b, "],\"facts\":{");
	for (size_t i = 0; i < m->n_facts; i++) {
		/* true, false and numbers as they are; any other word a string */
		const char *fv = m->fact_value[i];
		char *end;
		(void)strtod(fv, &end);
		bool bare = strcmp(fv, "true") == 0 || strcmp(fv, "false") == 0 || (*fv && !*end);
		strbuf_putf(&b, "%s\"%s\":%s%s%s", i ? "," : "", m->fact_name[i], bare ? "" : "\"",
		            fv, bare ? "" : "\"");
	}
	strbuf_puts(&b, "},\"terrain\":[");
	if (terrain) {
		/* from the base's front edge on, deeper than any move: the whole move
		 * is made in it */
		double x0 = x + hx, x1 = x0 + 8;
		strbuf_putf(
		    &b,
		    "{\"id\":\"T1\",\"kind\":\"%s\",\"polygon\":[[%.10g,%.10g],[%.10g,%.10g],"
		    "[%.10g,%.10g],[%.10g,%.10g]]",
		    m->terrain, x0, y - 2, x1, y - 2, x1, y + 2, x0, y + 2);
		if (!isnan(m->terrain_height))
			strbuf_putf(&b, ",\"height\":%.10g", m->terrain_height);
		strbuf_puts(&b, "}");
	}
	strbuf_putf(&b,
	            "],\"units\":[{\"id\":\"A1\",\"side\":\"A\",\"facing_deg\":0,\"formation\":");
	if (m->formation)
		strbuf_putf(&b, "\"%s\"", m->formation);
	else
		strbuf_puts(&b, "null");
	strbuf_puts(&b, ",\"status\":[],\"stats\":");
	put_stats(&b, m, NAN);
	strbuf_puts(&b, ",\"models\":[");
	for (size_t i = 0; i < na; i++) {
		strbuf_putf(&b,
		            "%s{\"id\":\"%s\",\"x\":%.10g,\"y\":%.10g,\"facing_deg\":0,\"base\":",
		            i ? "," : "", a[i].id, a[i].x, a[i].y);
		put_base(&b, m);
		strbuf_puts(&b, ",\"stats\":");
		put_stats(&b, m, a[i].own_m);
		strbuf_puts(&b, "}");
	}
	strbuf_puts(&b, "]}");
	if (enemy) {
		/* its nearest edge `v` beyond a1's where a1 ends */
		double ex = a[0].to_x + 2 * hx + v;
		strbuf_putf(&b,
		            ",{\"id\":\"E1\",\"side\":\"B\",\"facing_deg\":180,\"formation\":null,"
		            "\"status\":[],\"stats\":");
		put_stats(&b, m, NAN);
		strbuf_putf(
		    &b,
		    ",\"models\":[{\"id\":\"e1\",\"x\":%.10g,\"y\":%.10g,\"facing_deg\":180,"
		    "\"base\":",
		    ex, y);
		put_base(&b, m);
		strbuf_puts(&b, ",\"stats\":");
		put_stats(&b, m, NAN);
		strbuf_puts(&b, "}]}");
	}
	strbuf_putf(&b,
	            "],\"action\":{\"type\":\"%s\",\"unit\":\"A1\",\"voluntary\":true,"
	            "\"targets\":[],\"paths\":[",
	            m->action);
	for (size_t i = 0; i < na; i++)
		strbuf_putf(&b, "%s{\"model\":\"%s\",\"points\":[[%.10g,%.10g],[%.10g,%.10g]]}",
		            i ? "," : "", a[i].id, a[i].x, a[i].y, a[i].to_x, a[i].y);
	strbuf_puts(&b, "]}}");
	return strbuf_take(&b);
}

/* One ruleset's answer at one probe. */
typedef struct answer {
	const sit_map *map;
	char *scenario; /* the JSON line */
	arb_verdict *v;
} answer;

/* How the rulesets' verdicts at one probe compare. */
typedef enum cmp { SAME, OPEN, DIFFERS } cmp;
static const char *const kCmp[] = {"same", "open", "differs"};

/* DIFFERS: two rulesets decide (legal, illegal, not-applicable) and not
 * alike; else OPEN: one's verdict is disputed, its text decides nothing
 * to compare; else SAME. Missing-input is no answer of the text (a fact
 * the scenario lacks): left out of the comparison, and counted. */
static cmp compare(const answer *a, size_t n)
{
	int first = -1;
	bool open = false;
	for (size_t i = 0; i < n; i++) {
		arb_verdict_kind k = a[i].v->kind;
		if (k == ARB_V_MISSING_INPUT)
			continue;
		if (k == ARB_V_DISPUTED) {
			open = true;
			continue;
		}
		if (first < 0)
			first = (int)k;
		else if ((int)k != first)
			return DIFFERS;
	}
	return open ? OPEN : SAME;
}

/* The clauses shown for one side: its mapped ones, then those its verdict
 * names (violated, disputed), each once. */
static size_t side_clauses(const answer *a, const char **out, size_t cap)
{
	size_t n = 0;
	const sit_map *m = a->map;
	const char *all[64];
	size_t k = 0;
	for (size_t i = 0; i < m->n_limits && k < 64; i++)
		all[k++] = m->limit[i].clause;
	for (size_t i = 0; i < m->n_clauses && k < 64; i++)
		all[k++] = m->clause[i];
	for (size_t i = 0; i < a->v->n_violates && k < 64; i++)
		all[k++] = a->v->violates[i];
	for (size_t i = 0; i < a->v->n_disputed && k < 64; i++)
		all[k++] = a->v->disputed[i];
	for (size_t i = 0; i < k && n < cap; i++) {
		bool dup = false;
		for (size_t j = 0; j < n && !dup; j++)
			dup = strcmp(out[j], all[i]) == 0;
		if (!dup)
			out[n++] = all[i];
	}
	return n;
}

static void print_list(strbuf *o, const char *label, const char **l, size_t n)
{
	if (!n)
		return;
	strbuf_putf(o, " %s", label);
	for (size_t i = 0; i < n; i++)
		strbuf_putf(o, " %s", l[i]);
}

static void print_text(strbuf *o, const arb_rulebook *rb, const situation *s, const probe *p,
                       const answer *a, size_t n, cmp c)
{
	static const char *const kWord[] = {"same", "OPEN", "DIFFERS"};
	strbuf_putf(o, "%s %s at %s %.4g in (%s)\n", kWord[c], s->name, s->probe, p->at, p->from);
	for (size_t i = 0; i < n; i++) {
		char d[64];
		strbuf_putf(o, "  %-13s %-14s", a[i].map->ruleset,
		            arb_verdict_kind_name(a[i].v->kind));
		if (a[i].v->dispute)
			strbuf_putf(o, " %s", arb_dispute_name(a[i].v->dispute, d, sizeof d));
		print_list(o, "violates", a[i].v->violates, a[i].v->n_violates);
		print_list(o, "disputed", a[i].v->disputed, a[i].v->n_disputed);
		print_list(o, "needs", a[i].v->missing, a[i].v->n_missing);
		strbuf_putf(o, "\n");
	}
	if (c == SAME)
		return;
	for (size_t i = 0; i < n; i++) {
		const char *ids[32];
		size_t k = side_clauses(&a[i], ids, 32);
		for (size_t j = 0; j < k; j++) {
			const arb_clause *cl = arb_rulebook_clause(rb, ids[j]);
			if (cl)
				strbuf_putf(o, "  %-13s %s (%s, %s:%ld)\n    \"%s\"\n",
				            j ? "" : a[i].map->ruleset, cl->id,
				            arb_clause_kind_name(cl->kind), cl->file, cl->line,
				            cl->text);
		}
	}
}

/* A ruleset whose text says nothing of the situation, beside those that
 * decide it: "one decides, the other says nothing". */
static void print_silent(strbuf *o, const situation *s, const sit_map *m)
{
	strbuf_putf(o, "SILENT %s: %s says nothing of it (%s); judged under", s->name, m->ruleset,
	            m->silent);
	for (size_t i = 0; i < s->n_maps; i++)
		if (!s->map[i].silent)
			strbuf_putf(o, " %s", s->map[i].ruleset);
	strbuf_putf(o, "\n");
}

static json_t *str_array(const char **l, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < n; i++)
		json_array_append_new(a, json_string(l[i]));
	return a;
}

/* One arbiter-divergence/1 line. NULL when out of memory. */
static char *json_line(const arb_rulebook *rb, const situation *s, const probe *p, const answer *a,
                       size_t n, cmp c)
{
	json_t *sides = json_array();
	for (size_t i = 0; sides && i < n; i++) {
		char d[64];
		const char *ids[32];
		size_t k = side_clauses(&a[i], ids, 32);
		json_t *cl = json_array();
		for (size_t j = 0; cl && j < k; j++) {
			const arb_clause *k2 = arb_rulebook_clause(rb, ids[j]);
			if (k2)
				json_array_append_new(
				    cl, json_pack("{s:s,s:s,s:s,s:I,s:s}", "id", k2->id, "kind",
				                  arb_clause_kind_name(k2->kind), "file", k2->file,
				                  "line", (json_int_t)k2->line, "text", k2->text));
		}
		json_t *scen = json_loads(a[i].scenario, 0, NULL);
		json_array_append_new(
		    sides,
		    json_pack("{s:s,s:s,s:s?,s:o,s:o,s:o,s:o,s:o*}", "ruleset", a[i].map->ruleset,
		              "verdict", arb_verdict_kind_name(a[i].v->kind), "dispute",
		              a[i].v->dispute ? arb_dispute_name(a[i].v->dispute, d, sizeof d)
		                              : NULL,
		              "violates", str_array(a[i].v->violates, a[i].v->n_violates),
		              "disputed", str_array(a[i].v->disputed, a[i].v->n_disputed),
		              "missing", str_array(a[i].v->missing, a[i].v->n_missing), "clauses",
		              cl, "scenario", scen));
	}
	json_t *silent = json_array();
	for (size_t m = 0; silent && m < s->n_maps; m++)
		if (s->map[m].silent)
			json_array_append_new(silent,
			                      json_pack("{s:s,s:s}", "ruleset", s->map[m].ruleset,
			                                "reason", s->map[m].silent));
	json_t *o =
	    json_pack("{s:s,s:s,s:s,s:{s:s,s:f,s:s},s:s,s:o,s:o}", "format", "arbiter-divergence/1",
	              "situation", s->name, "shape", situations_shape_name(s->shape), "probe",
	              "name", s->probe, "inches", p->at, "from", p->from, "compare", kCmp[c],
	              "rulesets", sides, "silent", silent);
	char *line = o ? json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(o);
	return line;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	strbuf b = {0};
	char chunk[4096];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
		strbuf_put(&b, chunk, k);
	bool bad = ferror(f) != 0;
	fclose(f);
	*len = b.n;
	if (bad || b.oom) {
		strbuf_free(&b);
		return NULL;
	}
	return b.s ? strbuf_take(&b) : calloc(1, 1);
}

static void answers_free(answer *a, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(a[i].scenario);
		arb_verdict_free(a[i].v);
		a[i] = (answer){0};
	}
}

int cmd_diverge(cli_env *env, int argc, char **argv)
{
	bool json = false, all = false;
	const char *file = NULL;
	char path[4096];
	char **names = calloc((size_t)argc + 1, sizeof *names);
	int nn = 0, status = EXIT_BADINPUT;
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	situations *sits = NULL;
	char *text = NULL;
	answer ans[SIT_MAX_MAPS] = {0};
	size_t n_ans = 0;
	strbuf out = {0}; /* printed whole at the end: nothing half-written on an error */
	if (!names)
		goto done;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			json = true;
		else if (strcmp(argv[i], "--all") == 0)
			all = true;
		else if (strcmp(argv[i], "--situations") == 0 && i + 1 < argc)
			file = argv[++i];
		else if (argv[i][0] == '-') {
			fprintf(stderr,
			        "usage: arbiter diverge [--json] [--all] [--situations FILE] "
			        "[SITUATION...]\n");
			goto done;
		} else
			names[nn++] = argv[i];
	}
	if (cli_load(env, &rb, &o))
		goto done;
	if (!file) {
		snprintf(path, sizeof path, "%s/shared/situations.md", env->spec_dir);
		file = path;
	}
	size_t len = 0;
	if (!(text = slurp(file, &len))) {
		fprintf(stderr, "arbiter: %s: cannot read the situations the rulesets share\n",
		        file);
		goto done;
	}
	arb_error err;
	arb_error_clear(&err);
	if (situations_read(&sits, text, len, file, rb, &err)) {
		cli_error(&err);
		goto done;
	}
	for (int i = 0; i < nn; i++) {
		bool known = false;
		for (size_t k = 0; k < situations_count(sits) && !known; k++)
			known = strcmp(situations_at(sits, k)->name, names[i]) == 0;
		if (!known) {
			fprintf(stderr, "arbiter: %s names no situation '%s'\n", file, names[i]);
			goto done;
		}
	}
	size_t n_probes = 0, n_differ = 0, n_open = 0, n_missing = 0, n_verdicts = 0, n_sit = 0,
	       n_silent = 0;
	for (size_t k = 0; k < situations_count(sits); k++) {
		const situation *s = situations_at(sits, k);
		bool want = !nn;
		for (int i = 0; i < nn && !want; i++)
			want = strcmp(s->name, names[i]) == 0;
		if (!want)
			continue;
		n_sit++;
		probe pr[SIT_MAX_PROBES + 3 * SIT_MAX_MAPS * SIT_MAX_LIMITS];
		size_t np = probes(rb, s, pr, sizeof pr / sizeof *pr);
		if (!np) {
			/* its limits are all lengths the text does not give */
			fprintf(
			    stderr,
			    "arbiter: %s:%ld: situation '%s' has no length to be probed at: its "
			    "limits are not given by the text; add '- probe %s:' values\n",
			    file, s->line, s->name, s->probe);
			goto done;
		}
		/* a ruleset whose text says nothing of it: listed, never judged */
		for (size_t m = 0; m < s->n_maps; m++)
			if (s->map[m].silent) {
				n_silent++;
				if (!json)
					print_silent(&out, s, &s->map[m]);
			}
		for (size_t p = 0; p < np; p++) {
			n_probes++;
			for (size_t mi = 0, m = 0; mi < s->n_maps; mi++) {
				if (s->map[mi].silent)
					continue;
				char id[160];
				snprintf(id, sizeof id, "DIV-%s-%s-%zu", s->name,
				         s->map[mi].ruleset, p + 1);
				ans[m].map = &s->map[mi];
				n_ans = m + 1;
				arb_scenario *sc = NULL;
				if (!(ans[m].scenario =
				          scenario_json(s, &s->map[mi], pr[p].at, id))) {
					fprintf(stderr, "arbiter: out of memory\n");
					goto done;
				}
				/* the ruleset's line of situations.md is at fault when its
				 * scenario does not read or validate */
				int rc = arbj_scenario_parse(&sc, ans[m].scenario,
				                             strlen(ans[m].scenario), file,
				                             s->map[mi].line, &err);
				if (!rc)
					rc = arb_judge(&ans[m].v, o, sc, NULL, &err);
				arb_scenario_free(sc);
				if (rc) {
					char buf[512];
					fprintf(stderr,
					        "arbiter: %s:%ld: %s cannot judge situation '%s' "
					        "at %s %.4g "
					        "in: %s\n",
					        file, s->map[mi].line, s->map[mi].ruleset, s->name,
					        s->probe, pr[p].at,
					        arb_error_format(&err, buf, sizeof buf));
					goto done;
				}
				n_verdicts++;
				n_missing += ans[m].v->kind == ARB_V_MISSING_INPUT;
				m++;
			}
			cmp d = compare(ans, n_ans);
			n_differ += d == DIFFERS;
			n_open += d == OPEN;
			if (json) {
				char *line = json_line(rb, s, &pr[p], ans, n_ans, d);
				if (!line) {
					fprintf(stderr, "arbiter: out of memory\n");
					goto done;
				}
				strbuf_putf(&out, "%s\n", line);
				free(line);
			} else if (d != SAME || all)
				print_text(&out, rb, s, &pr[p], ans, n_ans, d);
			answers_free(ans, n_ans);
			n_ans = 0;
		}
	}
	if (!json)
		strbuf_putf(
		    &out,
		    "diverge: %zu situations, %zu probes, %zu verdicts: %zu probes differ, %zu "
		    "open (a ruleset's verdict disputed), %zu verdicts missing input; %zu "
		    "silent (a ruleset's text says nothing of a situation another decides)\n",
		    n_sit, n_probes, n_verdicts, n_differ, n_open, n_missing, n_silent);
	if (out.oom) {
		fprintf(stderr, "arbiter: out of memory\n");
		goto done;
	}
	if (out.n)
		fwrite(out.s, 1, out.n, stdout);
	status = n_differ ? EXIT_DISAGREE : EXIT_AGREE;
done:
	strbuf_free(&out);
	answers_free(ans, n_ans);
	situations_free(sits);
	free(text);
	free(names);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	return status == EXIT_BADINPUT ? status : cli_finish_stdout(status);
}
