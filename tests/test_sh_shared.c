/* test_sh_shared.c: the Scrollhammer helpers that answer from a memo of the
 * judgement (oracle/rules/scrollhammer/common.c) answer as they do measured
 * now, on every scenario of the case suite.
 *
 * The fixture is a made-up ruleset "sharedland" (prefix SD) beside the real
 * conventions, with one predicate that asks each memoised helper about every
 * model of every unit, twice (the first question may make the memo, the
 * second reads it), and compares the answers with the helpers that measure
 * now, bit for bit, and each charging model's reach of each target model,
 * and the actor's coherency under each reading (kept per reading and
 * limit) against the kernel measuring it now. Each case of the suite is
 * judged by it as a shallow copy of its scenario with the ruleset renamed.
 */
#include <criterion/criterion.h>
#include <criterion/new/assert.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"
#include "engine.h"
#include "rules/scrollhammer/charge.h"
#include "rules/scrollhammer/common.h"
#include "support.h"

/* What the predicate found, for the test to read back. */
typedef struct shared_seen {
	size_t models, moving, through, approaches, coherency;
} shared_seen;
static shared_seen g_seen;

static bool same_double(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* Empty when every answer agrees, else the first that does not. */
static void compare(const arb_eval *ev, char *why, size_t cap)
{
	static const char *const kinds[] = {"difficult", "dangerous", "impassable"};
	const arb_scenario *s = arb_eval_scenario(ev);
	why[0] = '\0';
	for (int pass = 0; pass < 2; pass++)
		for (size_t u = 0; u < s->n_units; u++) {
			const arb_unit *un = &s->units[u];
			size_t n = 0;
			for (size_t i = 0; i < un->n_models; i++) {
				const arb_model *m = &un->models[i];
				const arb_path *now = sh__moving_path_now(s, m);
				n += now != NULL;
				if (sh__moving_path(ev, m) != now) {
					snprintf(why, cap, "moving path of %s", m->id);
					return;
				}
				for (size_t k = 0; k < 3; k++)
					for (int h = 0; h < 2; h++) {
						double a =
						    sh__through(ev, m, kinds[k], (arb_through)h);
						double b =
						    sh__through_now(s, m, kinds[k], (arb_through)h);
						if (!same_double(a, b)) {
							snprintf(
							    why, cap,
							    "%s through %s (%d): %.17g, not %.17g",
							    m->id, kinds[k], h, a, b);
							return;
						}
						g_seen.through += pass == 0 && b > 0;
					}
				g_seen.models += pass == 0;
			}
			if (sh__moving_count(ev, un) != n) {
				snprintf(why, cap, "moving count of %s", un->id);
				return;
			}
			g_seen.moving += pass == 0 ? n : 0;
		}
}

/* chg__reach_target from the judgement's approaches, and measured now. */
static void compare_reach(const arb_eval *ev, char *why, size_t cap)
{
	chg x;
	if (why[0] || !arb_eval_actor(ev) || !chg__measure(&x, ev))
		return;
	chg now = x;
	now.ev = NULL;
	for (size_t i = 0; i < x.n && !why[0]; i++)
		for (size_t t = 0; t < x.n_tm && !why[0]; t++)
			for (int seq = 0; seq < 2; seq++) {
				double a, b;
				bool ra = chg__reach_target(&x, i, t, 12, seq, &a);
				bool rb = chg__reach_target(&now, i, t, 12, seq, &b);
				if (ra != rb || !same_double(a, b)) {
					snprintf(why, cap, "approach %zu to %zu: %.17g, not %.17g",
					         i, t, a, b);
					break;
				}
				g_seen.approaches++;
			}
	chg__free(&x);
}

static bool same_coherency(const arb_coherency *a, const arb_coherency *b)
{
	return a->ok == b->ok && a->decided == b->decided && a->components == b->components &&
	       same_double(a->bottleneck, b->bottleneck) && a->worst_a == b->worst_a &&
	       a->worst_b == b->worst_b && same_double(a->pa.x, b->pa.x) &&
	       same_double(a->pa.y, b->pa.y) && same_double(a->pb.x, b->pb.x) &&
	       same_double(a->pb.y, b->pb.y);
}

/* sh__coherency of the actor under each reading and a few limits, asked
 * twice (the second answer is the one kept), against the kernel measuring
 * the models where they end, now. */
static void compare_coherency(const arb_eval *ev, char *why, size_t cap)
{
	const arb_unit *u = arb_eval_actor(ev);
	arb_placed *pl = NULL;
	if (why[0] || !u || !u->n_models || u->n_models > 64 ||
	    !sh__end_placed(arb_eval_scenario(ev), u, &pl))
		return;
	static const double limits[] = {1, 2, 3};
	for (int how = 0; how < 3 && !why[0]; how++)
		for (size_t k = 0; k < 3 && !why[0]; k++)
			for (int pass = 0; pass < 2 && !why[0]; pass++) {
				arb_result r = {0};
				arb_coherency a, b;
				sh__coherency(ev, u, limits[k], (sh_chain)how, &r, &a);
				if (arb_geom_coherency_measured(pl, u->n_models, NULL,
				                                (arb_chain)how, limits[k],
				                                &b) != ARB_OK)
					snprintf(why, cap, "coherency of %s: out of memory", u->id);
				else if (!same_coherency(&a, &b))
					snprintf(why, cap, "coherency of %s (%d, %g, pass %d)",
					         u->id, how, limits[k], pass);
				g_seen.coherency += pass == 0;
			}
	free(pl);
}

ARB_PREDICATE(sd_x, .clause = "SD.X.1", .ruleset = "sharedland", .actions = "*", .phases = "*",
              .question = "q.x", .fingerprint = "0000000000000000")
{
	char why[256];
	compare(ev, why, sizeof why);
	compare_reach(ev, why, sizeof why);
	compare_coherency(ev, why, sizeof why);
	r->outcome = why[0] ? ARB_VIOLATED : ARB_HOLDS;
	snprintf(r->explanation, sizeof r->explanation, "%s", why);
}

static support_tmpdir g_tmp;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "sh-shared");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(sh_shared, .init = setup, .fini = teardown);

Test(sh_shared, memoised_paths_and_crossings_answer_as_measured_now)
{
	char *conv = support_slurp("spec/conventions.md");
	support_write(&g_tmp, "spec/conventions.md", conv);
	free(conv);
	support_write(&g_tmp, "spec/sharedland/ruleset.md",
	              "---\nruleset: sharedland\ntitle: T\nprefix: SD\nsections: main\n"
	              "actions: move\nphases: movement\n---\n");
	support_write(&g_tmp, "spec/sharedland/main.md",
	              "---\nruleset: sharedland\nsection: main\ntitle: T\nsource: test\n---\n\n"
	              "{#SD.X.1 constraint}\nOne.\n");
	char spec[128], buf[1024];
	snprintf(spec, sizeof spec, "%s/spec", g_tmp.path);
	arb_rulebook *real = NULL, *rb = NULL;
	arb_oracle *o = NULL;
	arb_caseset *cs = NULL;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&real, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_rulebook_load(&rb, spec, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(&o, rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_caseset_new(&cs), ARB_OK));
	support_load_tree(cs, real, "cases");
	g_seen = (shared_seen){0, 0, 0, 0, 0};
	size_t n = arb_caseset_count(cs);
	cr_assert(n > 1000);
	for (size_t i = 0; i < n; i++) {
		const arb_case *c = arb_caseset_at(cs, i);
		/* a log whose events carry paths judges each event as a scenario
		 * of its own, validated against the ruleset: not sharedland's */
		bool log_moves = arb__log_moves(c->scenario);
		if (log_moves)
			continue;
		arb_scenario s = *c->scenario; /* read only: the same arena, renamed */
		s.ruleset = "sharedland";
		s.profile = NULL; /* sharedland has no profiles */
		arb_verdict *v = NULL;
		cr_assert(eq(int, arb_judge_ex(&v, o, &s, NULL, ARB_JUDGE_VALIDATED, &err), ARB_OK),
		          "%s: %s", c->id, arb_error_format(&err, buf, sizeof buf));
		cr_assert(eq(sz, v->n_trace, 1), "%s", c->id);
		cr_assert(eq(int, v->trace[0].result.outcome, ARB_HOLDS), "%s: %s", c->id,
		          v->trace[0].result.explanation);
		arb_verdict_free(v);
	}
	/* the suite moves models and crosses terrain: the comparison saw both */
	cr_assert(g_seen.moving > 1000 && g_seen.through > 100 && g_seen.approaches > 1000 &&
	              g_seen.coherency > 1000,
	          "moving %zu, through %zu, approaches %zu, coherency %zu", g_seen.moving,
	          g_seen.through, g_seen.approaches, g_seen.coherency);
	arb_caseset_free(cs);
	arb_oracle_free(o);
	arb_rulebook_free(rb);
	arb_rulebook_free(real);
}
