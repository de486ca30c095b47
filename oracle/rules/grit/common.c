/* common.c: geometry and facts shared by the Grit predicates. */
#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const arb_path *gr__path(const arb_scenario *s, const arb_model *m)
{
	const arb_path *p = arb_scenario_path(s, m->id);
	if (!p || arb_geom_path_length(p->pts, p->n_pts) <= ARB_TOLERANCE_IN)
		return NULL;
	return p;
}

size_t gr__moving_count(const arb_scenario *s, const arb_unit *u)
{
	size_t n = 0;
	for (size_t i = 0; i < u->n_models; i++)
		n += gr__path(s, &u->models[i]) != NULL;
	return n;
}

arb_vec2 gr__end(const arb_scenario *s, const arb_model *m)
{
	const arb_path *p = arb_scenario_path(s, m->id);
	return p && p->n_pts ? p->pts[p->n_pts - 1] : m->pos;
}

arb_placed gr__end_placed(const arb_scenario *s, const arb_model *m)
{
	arb_placed pl = arb_model_placed(m);
	pl.c = gr__end(s, m);
	return pl;
}

int gr__fact_bool(const arb_scenario *s, const char *name)
{
	const char *v = arb_scenario_fact(s, name);
	if (!v)
		return -1;
	return strcmp(v, "true") == 0;
}

bool gr__fact_num(const arb_scenario *s, const char *name, double *out)
{
	const char *v = arb_scenario_fact(s, name);
	char *end = NULL;
	if (!v)
		return false;
	double x = strtod(v, &end);
	if (end == v || *end || !isfinite(x))
		return false;
	*out = x;
	return true;
}

bool gr__on_top(const arb_placed *a, const arb_placed *b)
{
	return arb_geom_penetration(a, b) > ARB_TOLERANCE_IN;
}

/* The base shrunk by the tolerance all round: what still touches the polygon
 * then overlaps it by more than touching. */
static arb_placed shrunk(const arb_placed *a)
{
	arb_placed s = *a;
	double d = 2 * ARB_TOLERANCE_IN * ARB_MM_PER_INCH;
	if (s.base.shape == ARB_BASE_ROUND) {
		s.base.d_mm = s.base.d_mm > d ? s.base.d_mm - d : s.base.d_mm / 2;
	} else {
		s.base.w_mm = s.base.w_mm > d ? s.base.w_mm - d : s.base.w_mm / 2;
		s.base.depth_mm = s.base.depth_mm > d ? s.base.depth_mm - d : s.base.depth_mm / 2;
	}
	return s;
}

bool gr__on_polygon(const arb_placed *a, const arb_vec2 *poly, size_t n)
{
	arb_placed s = shrunk(a);
	return arb_geom_base_polygon_distance(&s, poly, n, NULL) <= 0;
}

bool gr__enemy(const arb_unit *a, const arb_unit *u)
{
	return a != u && a->side && u->side && strcmp(a->side, u->side) != 0;
}

double gr__closest_enemy(const arb_scenario *s, const arb_unit *own, const arb_placed *p,
                         const char **who, arb_measure *m)
{
	double best = INFINITY;
	*who = NULL;
	for (size_t i = 0; i < s->n_units; i++) {
		const arb_unit *u = &s->units[i];
		if (!gr__enemy(own, u))
			continue;
		for (size_t k = 0; k < u->n_models; k++) {
			arb_placed e = arb_model_placed(&u->models[k]);
			arb_measure mm;
			double d = arb_geom_distance(p, &e, &mm);
			if (d < best) {
				best = d;
				*who = u->models[k].id;
				if (m)
					*m = mm;
			}
		}
	}
	return best;
}
