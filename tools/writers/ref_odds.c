/*
 * ref_odds.c: the exact odds of a worked example's dice, as `explain`
 * gives them (arb_odds_enumerate: every outcome of the dice judged once):
 * the verdicts and each derived value's distribution, as a table and a
 * small bar chart in SVG.
 */
#include "cli.h"
#include "ref_internal.h"

#include <stdio.h>
#include <string.h>

/* A horizontal bar chart: one bar per row, its label and its share. */
static void put_bars(strbuf *b, const char *what, const char *const *labels,
                     const unsigned long *count, size_t n, unsigned long total)
{
	const double row = 18, left = 110, width = 200;
	double h = row * (double)n + 4;
	/* the longest bar is the whole width: a 17% peak of 2D6 still reads */
	unsigned long most = 1;
	for (size_t i = 0; i < n; i++)
		most = count[i] > most ? count[i] : most;
	strbuf_putf(b,
	            "<svg class=\"bars\" xmlns=\"http://www.w3.org/2000/svg\" width=\"380\" "
	            "height=\"%.0f\" viewBox=\"0 0 380 %.0f\" role=\"img\" aria-label=\"",
	            h, h);
	strbuf_put_xml(b, what);
	strbuf_puts(b, "\" font-family=\"sans-serif\" font-size=\"11\">");
	for (size_t i = 0; i < n; i++) {
		double share = total ? (double)count[i] / (double)total : 0;
		double len = width * (double)count[i] / (double)most;
		double y = 2 + row * (double)i;
		strbuf_putf(b, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#1d2330\">",
		            left - 6, y + 12);
		strbuf_put_xml(b, labels[i]);
		strbuf_putf(b,
		            "</text><rect x=\"%.0f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" "
		            "fill=\"#2457a6\"/><text x=\"%.1f\" y=\"%.1f\" fill=\"#1d2330\">%.2f%%"
		            "</text>",
		            left, y + 2, len, row - 5, left + len + 4, y + 12, 100 * share);
	}
	strbuf_puts(b, "</svg>\n");
}

int ref_put_odds(strbuf *b, const ref_ctx *x, const arb_case *c)
{
	const arb_scenario *s = c->scenario;
	strbuf_puts(b, "<h4>Odds</h4>\n");
	if (s->n_dice > ARB_ODDS_MAX_DICE) {
		strbuf_putf(b, "<p>%zu dice are too many to enumerate (at most %d).</p>\n",
		            s->n_dice, ARB_ODDS_MAX_DICE);
		return 0;
	}
	arb_odds od;
	arb_error err;
	arb_error_clear(&err);
	if (arb_odds_enumerate(&od, x->in->o, s, c->profile, &err)) {
		/* The example stands; only its odds cannot be told. */
		strbuf_puts(b, "<p>The odds of ");
		strbuf_put_xml(b, c->id);
		strbuf_puts(b, " cannot be enumerated: ");
		strbuf_put_xml(b, err.message);
		strbuf_puts(b, "</p>\n");
		return 0;
	}
	strbuf_puts(b, "<p>Every outcome of the dice of ");
	strbuf_put_xml(b, c->id);
	strbuf_putf(b, " judged once: %lu outcomes of %zu dice.</p>\n", od.outcomes, od.dice);
	const char *labels[ARB_V_KINDS + ARB_ODDS_MAX_LEVELS];
	unsigned long count[ARB_V_KINDS + ARB_ODDS_MAX_LEVELS];
	size_t n = 0;
	strbuf_puts(b, "<div class=\"scroll\"><table><tr><th>verdict</th><th>outcomes</th>"
	               "<th>chance</th></tr>\n");
	for (int k = 0; k < ARB_V_KINDS; k++) {
		if (!od.by_kind[k])
			continue;
		const char *name = arb_verdict_kind_name((arb_verdict_kind)k);
		strbuf_putf(b,
		            "<tr><td>%s</td><td class=\"num\">%lu/%lu</td><td class=\"num\">%.2f%%"
		            "</td></tr>\n",
		            name, od.by_kind[k], od.outcomes,
		            100.0 * (double)od.by_kind[k] / (double)od.outcomes);
		labels[n] = name;
		count[n++] = od.by_kind[k];
	}
	strbuf_puts(b, "</table></div>\n");
	put_bars(b, "chance of each verdict", labels, count, n, od.outcomes);
	for (size_t v = 0; v < od.n_values && v < 3; v++) {
		const arb_odds_value *val = &od.values[v];
		char text[ARB_ODDS_MAX_LEVELS][32];
		strbuf_puts(b, "<div class=\"scroll\"><table><tr><th>");
		strbuf_put_xml(b, val->name);
		strbuf_puts(b, "</th><th>outcomes</th><th>chance</th></tr>\n");
		for (size_t k = 0; k < val->n_levels; k++) {
			snprintf(text[k], sizeof text[k], "%g", val->level[k]);
			strbuf_putf(b,
			            "<tr><td class=\"num\">%s</td><td class=\"num\">%lu/%lu</td>"
			            "<td class=\"num\">%.2f%%</td></tr>\n",
			            text[k], val->count[k], od.outcomes,
			            100.0 * (double)val->count[k] / (double)od.outcomes);
			labels[k] = text[k];
			count[k] = val->count[k];
		}
		strbuf_puts(b, "</table></div>\n");
		char what[160];
		snprintf(what, sizeof what, "chance of each value of %s", val->name);
		put_bars(b, what, labels, count, val->n_levels, od.outcomes);
	}
	return 0;
}
