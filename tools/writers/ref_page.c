/*
 * ref_page.c: the frame of every page of the reference (head, header with
 * the search form, stylesheet) and the small pieces all pages use: clause
 * links, the book's text as inline HTML, JSON for the search index.
 */
#include "cli.h"
#include "ref_internal.h"

#include <cmark.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* One stylesheet: the reading column, the clause marks, the annotations;
 * a phone gets one column, print gets the text alone. */
const char ref_style_css[] =
    ":root{--ink:#1d2330;--muted:#5b6475;--rule:#d9dde5;--accent:#2457a6;--bad:#a4001d;"
    "--good:#1b6b2e;--warn:#8a5a00;--paper:#fff;--tint:#f5f7fa}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:17px/1.55 Georgia,'DejaVu Serif',serif;color:var(--ink);"
    "background:var(--paper)}\n"
    "header.site{display:flex;flex-wrap:wrap;gap:.5em 1.5em;align-items:center;"
    "padding:.6em 1.2em;background:#1d2330;color:#fff;font:15px/1.4 sans-serif}\n"
    "header.site a{color:#fff}header.site .edition{color:#c9d2e3;font-size:.85em}\n"
    "form.search{display:flex;gap:.3em;margin-left:auto}\n"
    "form.search input{font:inherit;padding:.25em .5em;border:1px solid #8a94a8;"
    "border-radius:3px;min-width:12em}\n"
    "form.search button{font:inherit;padding:.25em .7em;border:1px solid #8a94a8;"
    "border-radius:3px;background:#eef1f6;color:#1d2330}\n"
    ".visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;"
    "clip:rect(0 0 0 0);white-space:nowrap}\n"
    "main{max-width:46em;margin:0 auto;padding:1em 1.2em 4em}\n"
    "nav.crumbs{font:14px sans-serif;color:var(--muted);margin:.5em 0}\n"
    "nav.toc{font:15px/1.5 sans-serif;background:var(--tint);border:1px solid var(--rule);"
    "padding:.5em 1em;margin:1em 0}\n"
    "nav.toc ol,nav.toc ul{margin:.2em 0;padding-left:1.3em}\n"
    "h1,h2,h3{font-family:sans-serif;line-height:1.25}h1{font-size:1.7em}\n"
    "h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid var(--rule)}\n"
    "p.book{margin:.8em 0}\n"
    ".clause{border-radius:2px}\n"
    ".clause:target,.clause:hover{background:#fff3c4}\n"
    "a.cm{font:600 .62em/1 sans-serif;color:var(--accent);text-decoration:none;"
    "vertical-align:super;margin:0 .15em 0 .25em;white-space:nowrap}\n"
    "a.cm:hover,a.cm:focus{text-decoration:underline}\n"
    "a.xref{color:var(--accent)}a.term{color:inherit;text-decoration:underline dotted}\n"
    ".dangling{background:#fde2e4;color:var(--bad);border-bottom:2px dashed var(--bad)}\n"
    "section.notes{margin:.3em 0 1.6em}\n"
    "details.ann{font:15px/1.5 sans-serif;border-left:3px solid var(--rule);"
    "margin:.25em 0;padding:.1em .8em}\n"
    "details.ann[open]{border-left-color:var(--accent);background:var(--tint)}\n"
    "details.ann summary{cursor:pointer;color:var(--muted)}\n"
    "details.ann summary .id{font-family:monospace;color:var(--ink);font-weight:600}\n"
    ".kind{display:inline-block;font-size:.8em;padding:0 .4em;border-radius:3px;"
    "background:#e4e8ef;color:#2d3545}\n"
    ".kind.constraint{background:#fde2e4;color:#7a0016}"
    ".kind.permission{background:#dff3e4;color:#14501f}\n"
    ".kind.derivation{background:#e1ecfb;color:#163f7a}"
    ".kind.procedure{background:#efe4fb;color:#45207a}\n"
    ".tag{font-size:.8em;padding:0 .4em;border-radius:3px;margin-right:.3em}\n"
    ".tag.conflict,.tag.illegal{background:#fde2e4;color:var(--bad)}"
    ".tag.gap{background:#fff0cc;color:var(--warn)}\n"
    ".tag.readings{background:#efe4fb;color:#45207a}"
    ".tag.legal{background:#dff3e4;color:var(--good)}\n"
    ".tag.disputed{background:#fff0cc;color:var(--warn)}"
    ".tag.not-applicable,.tag.missing-input{background:#e4e8ef;color:#2d3545}\n"
    "table{border-collapse:collapse;margin:.5em 0;font-size:.92em}"
    "td,th{border:1px solid var(--rule);padding:.2em .5em;text-align:left;vertical-align:top}\n"
    "th{background:#eef1f6}.num{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".scroll{overflow-x:auto;max-width:100%}\n"
    "figure.case{margin:.8em 0;padding:.5em;border:1px solid var(--rule);background:#fff}\n"
    "figure.case img{display:block;max-width:100%;height:auto}\n"
    "figure.case figcaption{font-size:.9em;color:var(--muted)}\n"
    "blockquote.note{margin:.3em 0;padding:.2em .8em;border-left:3px solid #b9c2d3;"
    "font-style:italic}\n"
    "svg.bars{max-width:100%;height:auto}\n"
    ".flow{margin:1.5em 0}.flow svg{max-width:100%;height:auto}\n"
    "ul.findings li{margin:.2em 0}.sev-warning{color:var(--warn)}.sev-error{color:var(--bad)}\n"
    "dl.glossary dt{font-weight:600;margin-top:.8em}"
    "dl.glossary dd{margin-left:1.2em}\n"
    ".undefined{color:var(--bad);font-weight:600}\n"
    "#results li{margin:.4em 0}\n"
    "footer.site{font:13px sans-serif;color:var(--muted);text-align:center;padding:2em 1em}\n"
    "@media (max-width:640px){body{font-size:16px}main{padding:.6em .8em 3em}"
    "form.search{margin-left:0;width:100%}form.search input{flex:1;min-width:0}"
    "h1{font-size:1.4em}}\n"
    "@media print{header.site,form.search,nav.toc,nav.crumbs,p.hint,section.notes,footer.site,"
    ".flow{display:none}"
    "body{font-size:11pt;color:#000}main{max-width:none;padding:0}"
    "a{color:#000;text-decoration:none}a.cm{color:#555}.dangling{background:none}"
    "h2{break-after:avoid}p.book{orphans:3;widows:3}}\n";

/* The search page's script: the index is the JSON in #index; results are
 * built with textContent, never as HTML. */
const char ref_search_js[] =
    "(function(){\n"
    "var idx=JSON.parse(document.getElementById('index').textContent);\n"
    "var form=document.getElementById('search-page'),input=document.getElementById('q-page');\n"
    "var out=document.getElementById('results'),count=document.getElementById('count');\n"
    "function run(q){\n"
    " while(out.firstChild)out.removeChild(out.firstChild);\n"
    " var words=q.toLowerCase().split(/\\s+/).filter(function(w){return w;});\n"
    " if(!words.length){count.textContent='';return;}\n"
    " var hits=idx.filter(function(c){var t=(c.id+' '+c.text).toLowerCase();"
    "return words.every(function(w){return t.indexOf(w)>=0;});});\n"
    " count.textContent=hits.length+' clause'+(hits.length==1?'':'s')+' match';\n"
    " hits.slice(0,200).forEach(function(c){\n"
    "  var li=document.createElement('li'),a=document.createElement('a');\n"
    "  a.href=c.url;a.textContent=c.id;li.appendChild(a);\n"
    "  li.appendChild(document.createTextNode(' ('+c.kind+') '+c.text));out.appendChild(li);});\n"
    "}\n"
    "var q=new URLSearchParams(location.search).get('q')||'';input.value=q;run(q);\n"
    "form.addEventListener('submit',function(e){e.preventDefault();run(input.value);"
    "history.replaceState(null,'','?q='+encodeURIComponent(input.value));});\n"
    "})();\n";

void ref_page_open(strbuf *b, const ref_ctx *x, const char *title, const char *up)
{
	strbuf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	               "<title>");
	strbuf_put_xml(b, title);
	/* The stylesheet inline: a page opened from disk reads whole, and
	 * nothing asks a file:// page for a stylesheet it cannot read. */
	strbuf_puts(b, "</title>\n<style>\n");
	strbuf_puts(b, ref_style_css);
	strbuf_puts(b, "</style></head>\n<body>\n<header class=\"site\"><a href=\"");
	strbuf_puts(b, up);
	strbuf_puts(b, "index.html\"><strong>Rule reference</strong></a><span class=\"edition\">");
	strbuf_put_xml(b, x->edition);
	strbuf_puts(b, " &middot; arbiter ");
	strbuf_put_xml(b, x->in->version);
	strbuf_puts(b, "</span>\n<form class=\"search\" role=\"search\" action=\"");
	strbuf_puts(b, up);
	strbuf_puts(
	    b, "search.html\"><label class=\"visually-hidden\" for=\"q\">Search clauses</label>"
	       "<input id=\"q\" name=\"q\" type=\"search\" placeholder=\"Search clauses or "
	       "IDs\"><button type=\"submit\">Search</button></form></header>\n<main>\n");
}

void ref_page_close(strbuf *b)
{
	strbuf_puts(b, "</main>\n<footer class=\"site\">Written by arbiter from spec/ and cases/: "
	               "the rule text is the book's, verbatim; disputes are the oracle's."
	               "</footer>\n</body></html>\n");
}

static int make_dirs(const char *root, const char *rel)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			fprintf(stderr, "arbiter: cannot make %s: %s\n", path, strerror(errno));
			return -1;
		}
		*p = '/';
	}
	return 0;
}

int ref_page_write(ref_ctx *x, const char *rel, strbuf *b)
{
	size_t len = b->n;
	char *text = strbuf_take(b);
	if (!text) {
		fprintf(stderr, "arbiter: out of memory\n");
		return -1;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", x->root, rel);
	int rc = make_dirs(x->root, rel);
	if (!rc)
		rc = cli_write_atomic(path, text, len);
	free(text);
	size_t rl = strlen(rel);
	if (!rc && rl > 5 && strcmp(rel + rl - 5, ".html") == 0)
		x->pages++;
	return rc;
}

bool ref_selected(const ref_ctx *x, const char *ruleset)
{
	if (x->in->n_rulesets == 0 || strcmp(ruleset, "conventions") == 0)
		return true;
	for (size_t i = 0; i < x->in->n_rulesets; i++)
		if (strcmp(x->in->rulesets[i], ruleset) == 0)
			return true;
	return false;
}

void ref_section_href(char *buf, size_t n, const char *ruleset, const char *section)
{
	snprintf(buf, n, "%s/%s.html", ruleset, section);
}

void ref_put_clause_link(strbuf *b, const ref_ctx *x, const char *id, const char *up)
{
	const arb_clause *c = arb_rulebook_clause(x->in->rb, id);
	if (!c || !ref_selected(x, c->ruleset)) {
		strbuf_puts(b, "<span class=\"id\">");
		strbuf_put_xml(b, id);
		strbuf_puts(b, "</span>");
		return;
	}
	char href[512];
	ref_section_href(href, sizeof href, c->ruleset, c->section);
	strbuf_puts(b, "<a class=\"xref\" href=\"");
	if (!x->one_page) {
		strbuf_puts(b, up);
		strbuf_put_xml(b, href);
	}
	strbuf_puts(b, "#");
	strbuf_put_xml(b, id);
	strbuf_puts(b, "\">");
	strbuf_put_xml(b, id);
	strbuf_puts(b, "</a>");
}

char *ref_inline_text(const char *text)
{
	/* Every ASCII punctuation character backslash-escaped: cmark then reads
	 * no emphasis, link, list, heading or HTML in it, and escapes what HTML
	 * needs; what it adds is the typesetting of a paragraph. */
	strbuf md = {0};
	while (*text == ' ' || *text == '\t')
		text++;
	for (const char *p = text; *p; p++) {
		unsigned char ch = (unsigned char)*p;
		if (ch < 0x80 && ((ch >= '!' && ch <= '/') || (ch >= ':' && ch <= '@') ||
		                  (ch >= '[' && ch <= '`') || (ch >= '{' && ch <= '~')))
			strbuf_put(&md, "\\", 1);
		if (ch == '\n' || ch == '\r')
			ch = ' ';
		char c1 = (char)ch;
		strbuf_put(&md, &c1, 1);
	}
	size_t mlen = md.n;
	char *src = strbuf_take(&md);
	if (!src)
		return NULL;
	char *html = cmark_markdown_to_html(src, mlen, CMARK_OPT_DEFAULT);
	free(src);
	if (!html)
		return NULL;
	/* one paragraph: keep what is inside <p>...</p> */
	size_t n = strlen(html);
	if (n >= 8 && strncmp(html, "<p>", 3) == 0 && strcmp(html + n - 5, "</p>\n") == 0) {
		memmove(html, html + 3, n - 8);
		html[n - 8] = '\0';
	}
	return html;
}

void ref_put_json_string(strbuf *b, const char *s)
{
	strbuf_puts(b, "\"");
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_putf(b, "\\%c", *p);
		else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
			strbuf_putf(b, "\\u%04x", *p);
		else
			strbuf_put(b, (const char *)p, 1);
	}
	strbuf_puts(b, "\"");
}

void ref_term_anchor(char *buf, size_t n, const char *term)
{
	size_t j = (size_t)snprintf(buf, n, "term-");
	for (const char *p = term; *p && j + 1 < n; p++) {
		char ch = *p;
		bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		            (ch >= '0' && ch <= '9');
		buf[j++] = keep ? ch : '-';
	}
	if (j < n)
		buf[j] = '\0';
}

void ref_case_file(char *buf, size_t n, const char *id)
{
	size_t j = 0;
	for (const char *p = id; *p && j + 1 < n; p++) {
		char ch = *p;
		bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		            (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' || ch == '-';
		buf[j++] = keep ? ch : '_';
	}
	if (n)
		buf[j < n ? j : n - 1] = '\0';
}
