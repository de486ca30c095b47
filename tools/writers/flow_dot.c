/*
 * flow_dot.c: phase flows as Graphviz DOT (the text is what tests compare:
 * Graphviz's SVG depends on the fonts installed) and SVG through libgvc.
 */
#include "flow_dot.h"
#include "strbuf.h"

#include <gvc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s in a DOT double-quoted string. */
static void put_dot(strbuf *b, const char *s)
{
	for (const char *p = s ? s : ""; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_put(b, "\\", 1);
		if (*p == '\n')
			strbuf_puts(b, "\\n");
		else
			strbuf_put(b, p, 1);
	}
}

/* Attributes that link to a clause: URL, tooltip (ID and text), target. */
static void put_link(strbuf *b, const arb_rulebook *rb, const char *clause, const char *base)
{
	if (!clause)
		return;
	const arb_clause *c = arb_rulebook_clause(rb, clause);
	strbuf_puts(b, ", URL=\"");
	put_dot(b, base);
	strbuf_puts(b, "#");
	put_dot(b, clause);
	strbuf_puts(b, "\", tooltip=\"");
	put_dot(b, clause);
	if (c) {
		strbuf_puts(b, ": ");
		put_dot(b, c->text);
	}
	strbuf_puts(b, "\", target=\"_top\"");
}

char *arb_flow_dot(const arb_flow *f, const arb_rulebook *rb, const char *href_base,
                   const char *const *marked, size_t n_marked)
{
	strbuf b = {0};
	strbuf_puts(&b, "digraph \"");
	put_dot(&b, f->name);
	strbuf_puts(&b, "\" {\n  graph [label=\"");
	put_dot(&b, f->title);
	strbuf_puts(&b, "\", labelloc=t, fontname=\"Helvetica\", rankdir=TB];\n");
	strbuf_puts(&b, "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3fb\", "
	                "fontname=\"Helvetica\", fontsize=11];\n");
	strbuf_puts(&b, "  edge [fontname=\"Helvetica\", fontsize=9];\n");
	for (size_t i = 0; i < f->n_steps; i++) {
		const arb_flow_step *s = &f->steps[i];
		bool mark = false;
		for (size_t k = 0; k < n_marked && !mark; k++)
			mark = strcmp(marked[k], s->id) == 0;
		strbuf_puts(&b, "  \"");
		put_dot(&b, s->id);
		strbuf_puts(&b, "\" [label=\"");
		put_dot(&b, s->label);
		if (s->clause) {
			strbuf_puts(&b, "\\n");
			put_dot(&b, s->clause);
		}
		strbuf_puts(&b, "\"");
		if (mark)
			strbuf_puts(&b, ", fillcolor=\"#f8d0d0\", color=\"#b00020\", penwidth=2");
		put_link(&b, rb, s->clause, href_base);
		strbuf_puts(&b, "];\n");
	}
	for (size_t i = 0; i < f->n_edges; i++) {
		const arb_flow_edge *e = &f->edges[i];
		strbuf_puts(&b, "  \"");
		put_dot(&b, e->from);
		strbuf_puts(&b, "\" -> \"");
		put_dot(&b, e->to);
		strbuf_puts(&b, "\" [label=\"");
		put_dot(&b, e->label ? e->label : "");
		if (e->clause) {
			strbuf_puts(&b, e->label ? "\\n" : "");
			put_dot(&b, e->clause);
		}
		strbuf_puts(&b, "\"");
		put_link(&b, rb, e->clause, href_base);
		strbuf_puts(&b, "];\n");
	}
	strbuf_puts(&b, "}\n");
	return strbuf_take(&b);
}

arb_gv *arb_gv_new(void)
{
	return (arb_gv *)gvContext();
}

void arb_gv_free(arb_gv *gv)
{
	if (gv)
		gvFreeContext((GVC_t *)gv);
}

char *arb_dot_to_svg(arb_gv *gv, const char *dot, char *err, size_t n)
{
	GVC_t *gvc = (GVC_t *)gv;
	graph_t *g = NULL;
	char *data = NULL, *out = NULL;
	unsigned int len = 0;
	if (!gvc) {
		snprintf(err, n, "Graphviz could not start");
		return NULL;
	}
	g = agmemread(dot);
	if (!g) {
		snprintf(err, n, "Graphviz could not read the DOT text");
		return NULL;
	}
	if (gvLayout(gvc, g, "dot") != 0) {
		snprintf(err, n, "Graphviz could not lay the graph out");
		goto done;
	}
	if (gvRenderData(gvc, g, "svg", &data, &len) != 0 || !data) {
		snprintf(err, n, "Graphviz could not render SVG");
		gvFreeLayout(gvc, g);
		goto done;
	}
	out = malloc((size_t)len + 1);
	if (out) {
		memcpy(out, data, len);
		out[len] = '\0';
	} else {
		snprintf(err, n, "out of memory");
	}
	gvFreeRenderData(data);
	gvFreeLayout(gvc, g);
done:
	agclose(g);
	return out;
}
