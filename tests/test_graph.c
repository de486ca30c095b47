/*
 * test_graph.c: phase flows: the ```flow markup of spec/ (oracle/spec.c),
 * and their DOT text (tools/writers/flow_dot.c), compared golden: Graphviz's SVG
 * depends on the fonts installed, the DOT text does not.
 */
#include "support.h"

#include "../tools/writers/flow_dot.h"
#include "arbiter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static support_tmpdir g_tmp;

static void setup(void)
{
	support_tmpdir_make(&g_tmp, "graph");
}

static void teardown(void)
{
	support_tmpdir_remove(&g_tmp);
}

TestSuite(graph, .init = setup, .fini = teardown);

static const char kConv[] = "---\nruleset: conventions\nsection: conventions\ntitle: C\n"
                            "source: test\n---\n\n{#CONV.TOL.1 convention}\n"
                            "Tolerance [0.000001\"]{tolerance}.\n";

static const char kRuleset[] = "---\nruleset: demo\ntitle: Demo\nprefix: DM\nsections: flowing\n"
                               "actions: move\nphases: movement\n---\n\n# Demo\n";

/* The section: clauses DM.A.1 and DM.A.2, then the flow block from line 14. */
#define SECTION_HEAD                                                                               \
	"---\nruleset: demo\nsection: flowing\ntitle: Flowing\nsource: test\n---\n\n" /* 1-7 */    \
	"{#DM.A.1 procedure}\n"                                                       /* 8 */      \
	"First do \"this\".\n"                                                        /* 9 */      \
	"\n"                                                                          /* 10 */     \
	"{#DM.A.2 constraint}\n"                                                      /* 11 */     \
	"Then that.\n"                                                                /* 12 */     \
	"\n"                                                                          /* 13 */

static int load(const char *section, arb_rulebook **rb, arb_error *err)
{
	support_write(&g_tmp, "spec/conventions.md", kConv);
	support_write(&g_tmp, "spec/demo/ruleset.md", kRuleset);
	support_write(&g_tmp, "spec/demo/flowing.md", section);
	char dir[128];
	snprintf(dir, sizeof dir, "%s/spec", g_tmp.path);
	arb_error_clear(err);
	return arb_rulebook_load(rb, dir, err);
}

static const char kFlow[] = SECTION_HEAD "```flow order \"The order\"\n"   /* 14 */
                                         "first: \"Do this\" DM.A.1\n"     /* 15 */
                                         "then: \"Then that\" DM.A.2\n"    /* 16 */
                                         "end: \"Done\"\n"                 /* 17 */
                                         "first -> then \"next\" DM.A.1\n" /* 18 */
                                         "then -> end\n"                   /* 19 */
                                         "```\n";

Test(graph, flow_is_parsed)
{
	arb_rulebook *rb;
	arb_error err;
	cr_assert(eq(int, load(kFlow, &rb, &err), ARB_OK), "%s", err.message);
	cr_assert(eq(sz, arb_rulebook_flow_count(rb), 1));
	const arb_flow *f = arb_rulebook_flow_at(rb, 0);
	STR_EQ(f->name, "demo.order");
	STR_EQ(f->title, "The order");
	STR_EQ(f->section, "flowing");
	cr_assert(eq(long, f->line, 14));
	cr_assert(eq(sz, f->n_steps, 3));
	cr_assert(eq(sz, f->n_edges, 2));
	STR_EQ(f->steps[0].id, "first");
	STR_EQ(f->steps[0].clause, "DM.A.1");
	cr_assert(f->steps[2].clause == NULL);
	STR_EQ(f->edges[0].label, "next");
	cr_assert(f->edges[1].label == NULL && f->edges[1].clause == NULL);
	cr_assert(eq(long, f->edges[1].line, 19));
	arb_rulebook_free(rb);
}

Test(graph, dot_text_is_golden)
{
	arb_rulebook *rb;
	arb_error err;
	cr_assert(eq(int, load(kFlow, &rb, &err), ARB_OK), "%s", err.message);
	const char *marked[] = {"then"};
	char *dot = arb_flow_dot(arb_rulebook_flow_at(rb, 0), rb, "ref.html", marked, 1);
	const char *want =
	    "digraph \"demo.order\" {\n"
	    "  graph [label=\"The order\", labelloc=t, fontname=\"Helvetica\", rankdir=TB];\n"
	    "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3fb\", "
	    "fontname=\"Helvetica\", fontsize=11];\n"
	    "  edge [fontname=\"Helvetica\", fontsize=9];\n"
	    "  \"first\" [label=\"Do this\\nDM.A.1\", URL=\"ref.html#DM.A.1\", "
	    "tooltip=\"DM.A.1: First do \\\"this\\\".\", target=\"_top\"];\n"
	    "  \"then\" [label=\"Then that\\nDM.A.2\", fillcolor=\"#f8d0d0\", "
	    "color=\"#b00020\", penwidth=2, URL=\"ref.html#DM.A.2\", "
	    "tooltip=\"DM.A.2: Then that.\", target=\"_top\"];\n"
	    "  \"end\" [label=\"Done\"];\n"
	    "  \"first\" -> \"then\" [label=\"next\\nDM.A.1\", URL=\"ref.html#DM.A.1\", "
	    "tooltip=\"DM.A.1: First do \\\"this\\\".\", target=\"_top\"];\n"
	    "  \"then\" -> \"end\" [label=\"\"];\n"
	    "}\n";
	cr_assert(dot != NULL);
	cr_assert(eq(str, dot, (char *)want));
	free(dot);
	arb_rulebook_free(rb);
}

static void expect_error(const char *section, long line, const char *words)
{
	arb_rulebook *rb = NULL;
	arb_error err;
	cr_assert(eq(int, load(section, &rb, &err), ARB_EINPUT), "loaded: %s", section);
	cr_assert(eq(long, err.line, line), "%s", err.message);
	cr_assert(strstr(err.message, words) != NULL, "message: %s", err.message);
	cr_assert(rb == NULL);
}

Test(graph, flow_errors)
{
	expect_error(SECTION_HEAD "```flow\n```\n", 14, "needs a name");
	expect_error(SECTION_HEAD "```flow order Untitled\n```\n", 14, "expected ```flow NAME");
	expect_error(SECTION_HEAD "```flow order \"T\"\na: \"A\"\na -> b\n```\n", 16, "step 'b'");
	expect_error(SECTION_HEAD "```flow order \"T\"\na: \"A\"\na: \"B\"\n```\n", 16,
	             "defined twice");
	expect_error(SECTION_HEAD "```flow order \"T\"\na: \"A\"\n", 14, "not closed");
	expect_error(SECTION_HEAD "```flow order \"T\"\nA: \"A\"\n```\n", 15, "lowercase");
	expect_error(SECTION_HEAD "```flow order \"T\"\na: \"A\" DM.NOPE.1\n```\n", 15,
	             "DM.NOPE.1");
	expect_error(SECTION_HEAD "```flow order \"T\"\na: \"A\" DM.A.1 extra\n```\n", 15,
	             "unexpected text");
}

Test(graph, real_rulebook_has_the_movement_flow)
{
	arb_rulebook *rb;
	arb_error err;
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(&rb, "spec", &err), ARB_OK), "%s", err.message);
	bool found = false;
	for (size_t i = 0; i < arb_rulebook_flow_count(rb); i++) {
		const arb_flow *f = arb_rulebook_flow_at(rb, i);
		if (strcmp(f->name, "scrollhammer.unit_move") != 0)
			continue;
		found = true;
		for (size_t k = 0; k < f->n_steps; k++)
			cr_assert(f->steps[k].clause && arb_rulebook_clause(rb, f->steps[k].clause),
			          "step %s", f->steps[k].id);
	}
	cr_assert(found);
	arb_rulebook_free(rb);
}
