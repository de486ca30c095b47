/*
 * mutate: the mutants of a C source file, for `make mutate`
 * (tools/mutate/mutate.sh, docs/mutation.md).
 *
 *   mutate list FILE...           one line per mutant (tab-separated):
 *                                 id file line col op original mutant function
 *   mutate apply FILE N           the source with mutant N of FILE applied, on stdout
 *   mutate pick SEED MAX FILE...  as list, a seeded sample of at most MAX (0: all)
 *
 * A token-level lexer: comments, strings, character constants and
 * preprocessor lines are never mutated, nor the descriptor of an
 * ARB_PREDICATE (its tags are data, not logic). A mutant's id is a hash of
 * its file, function, line text, place in the line and replacement, so it
 * survives edits elsewhere in the file (the equivalent list names ids).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { T_ID, T_NUM, T_PUNCT, T_STR };

typedef struct {
	enum tok_kind kind;
	size_t off, len; /* in the source */
	int line, col;
	int depth; /* brace depth before the token */
} tok;

typedef struct {
	size_t off, len;  /* bytes replaced */
	const char *repl; /* replacement text */
	const char *op;   /* operator class */
	int line, col;
	char func[64];
	uint32_t id, base; /* base: the id before telling alike lines apart */
} mutant;

typedef struct {
	char *src;
	size_t n;
	tok *t;
	size_t nt, ct;
	mutant *m;
	size_t nm, cm;
	const char *path;
} unit;

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);
	if (!q) {
		fputs("mutate: out of memory\n", stderr);
		exit(2);
	}
	return q;
}

static char *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	size_t cap = 1 << 16, len = 0;
	char *b = xrealloc(NULL, cap);
	size_t got;
	while ((got = fread(b + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len - 1 == 0)
			b = xrealloc(b, cap *= 2);
	}
	fclose(f);
	b[len] = 0;
	*n = len;
	return b;
}

static const char *const puncts[] = {"<<=", ">>=", "...", "->", "++", "--", "<<", ">>",
                                     "<=",  ">=",  "==",  "!=", "&&", "||", "+=", "-=",
                                     "*=",  "/=",  "%=",  "&=", "^=", "|=", "##", NULL};

static void push_tok(unit *u, enum tok_kind k, size_t off, size_t len, int line, int col, int depth)
{
	if (u->nt == u->ct)
		u->t = xrealloc(u->t, (u->ct = u->ct ? u->ct * 2 : 1024) * sizeof *u->t);
	u->t[u->nt++] = (tok){k, off, len, line, col, depth};
}

static void lex(unit *u)
{
	const char *s = u->src;
	size_t i = 0;
	int line = 1, depth = 0;
	size_t line_start = 0;
	bool bol = true; /* only blanks so far on this line */
	while (i < u->n) {
		char c = s[i];
		if (c == '\n') {
			line++;
			line_start = ++i;
			bol = true;
			continue;
		}
		if (isspace((unsigned char)c)) {
			i++;
			continue;
		}
		int col = (int)(i - line_start) + 1;
		if (c == '#' && bol) { /* a preprocessor line, continuations included */
			while (i < u->n && s[i] != '\n') {
				if (s[i] == '\\' && s[i + 1] == '\n') {
					line++;
					i++;
					line_start = i + 1;
				}
				i++;
			}
			continue;
		}
		bol = false;
		if (c == '/' && s[i + 1] == '/') {
			while (i < u->n && s[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && s[i + 1] == '*') {
			i += 2;
			while (i < u->n && !(s[i] == '*' && s[i + 1] == '/')) {
				if (s[i] == '\n') {
					line++;
					line_start = i + 1;
				}
				i++;
			}
			i += 2;
			continue;
		}
		size_t st = i;
		if (c == '"' || c == '\'') {
			i++;
			while (i < u->n && s[i] != c) {
				if (s[i] == '\\')
					i++;
				i++;
			}
			i++;
			push_tok(u, T_STR, st, i - st, line, col, depth);
			continue;
		}
		if (isalpha((unsigned char)c) || c == '_') {
			while (i < u->n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
				i++;
			push_tok(u, T_ID, st, i - st, line, col, depth);
			continue;
		}
		if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)s[i + 1]))) {
			while (i < u->n && (isalnum((unsigned char)s[i]) || s[i] == '.' ||
			                    ((s[i] == '+' || s[i] == '-') &&
			                     (s[i - 1] == 'e' || s[i - 1] == 'E'))))
				i++;
			push_tok(u, T_NUM, st, i - st, line, col, depth);
			continue;
		}
		size_t len = 1;
		for (const char *const *p = puncts; *p; p++)
			if (strncmp(s + i, *p, strlen(*p)) == 0) {
				len = strlen(*p);
				break;
			}
		if (c == '}')
			depth--;
		push_tok(u, T_PUNCT, st, len, line, col, depth);
		if (c == '{')
			depth++;
		i += len;
	}
}

static bool is(const unit *u, size_t k, const char *text)
{
	if (k >= u->nt)
		return false;
	const tok *t = &u->t[k];
	return t->len == strlen(text) && memcmp(u->src + t->off, text, t->len) == 0;
}

static bool is_tol(const unit *u, size_t k)
{
	return u->t[k].kind == T_ID && (is(u, k, "TOL") || is(u, k, "FM_TOL") ||
	                                is(u, k, "CHG_TOL") || is(u, k, "ARB_TOLERANCE_IN"));
}

/* An operand ends here: what follows a + or - is then binary. */
static bool ends_operand(const unit *u, size_t k)
{
	const tok *t = &u->t[k];
	return t->kind != T_PUNCT || is(u, k, ")") || is(u, k, "]");
}

static uint32_t fnv(uint32_t h, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	return h;
}

static void add(unit *u, size_t k, size_t ntok, const char *repl, const char *op, const char *func)
{
	if (u->nm == u->cm)
		u->m = xrealloc(u->m, (u->cm = u->cm ? u->cm * 2 : 256) * sizeof *u->m);
	const tok *t = &u->t[k], *e = &u->t[k + ntok - 1];
	mutant *m = &u->m[u->nm++];
	*m = (mutant){.off = t->off,
	              .len = e->off + e->len - t->off,
	              .repl = repl,
	              .op = op,
	              .line = t->line,
	              .col = t->col};
	snprintf(m->func, sizeof m->func, "%s", func);
	/* The id: file, function, the line's tokens, the token's place in it. */
	uint32_t h = fnv(2166136261u, u->path, strlen(u->path));
	h = fnv(h, func, strlen(func));
	int place = 0;
	for (size_t j = 0; j < u->nt; j++) {
		if (u->t[j].line != t->line)
			continue;
		h = fnv(h, u->src + u->t[j].off, u->t[j].len);
		if (j < k)
			place++;
	}
	h = fnv(h, (const char *)&place, sizeof place);
	h = fnv(h, repl, strlen(repl));
	h = fnv(h, op, strlen(op));
	/* Two lines alike in one function: the later ones count the earlier. */
	uint32_t base = h;
	for (size_t j = 0, same = 0; j + 1 < u->nm; j++)
		if (u->m[j].base == base)
			h = fnv(base, (const char *)&(size_t){++same}, sizeof same);
	m->base = base;
	m->id = h;
}

static void enumerate(unit *u)
{
	char func[64] = "";
	bool in_void = false;  /* the current function returns void */
	size_t decl_start = 0; /* first token of the declaration at depth 0 */
	for (size_t k = 0; k < u->nt; k++) {
		const tok *t = &u->t[k];
		if (t->depth == 0) {
			if (is(u, k, ";") || is(u, k, "}")) {
				decl_start = k + 1;
				continue;
			}
			if (is(u, k, "ARB_PREDICATE") && is(u, k + 1, "(")) {
				snprintf(func, sizeof func, "%.*s", (int)u->t[k + 2].len,
				         u->src + u->t[k + 2].off);
				in_void = true;
				int par = 0; /* skip the descriptor */
				for (k++; k < u->nt; k++) {
					par += is(u, k, "(") - is(u, k, ")");
					if (par == 0)
						break;
				}
				continue;
			}
			if (is(u, k, "(") && k > 0 && u->t[k - 1].kind == T_ID) {
				size_t j = k, par = 0;
				for (; j < u->nt; j++) {
					par += (size_t)is(u, j, "(");
					if (is(u, j, ")") && --par == 0)
						break;
				}
				if (is(u, j + 1, "{")) {
					snprintf(func, sizeof func, "%.*s", (int)u->t[k - 1].len,
					         u->src + u->t[k - 1].off);
					in_void = false;
					bool star = false;
					for (size_t d = decl_start; d < k; d++) {
						star = star || is(u, d, "*");
						in_void = in_void || is(u, d, "void");
					}
					in_void = in_void && !star;
					k = j;
				}
			}
			continue; /* initialisers at file scope are data */
		}
		if (t->kind == T_STR || t->kind == T_NUM)
			continue;
		/* relational */
		static const char *const rel[][3] = {{"<", "<=", ">="},  {"<=", "<", ">"},
		                                     {">", ">=", "<="},  {">=", ">", "<"},
		                                     {"==", "!=", NULL}, {"!=", "==", NULL}};
		for (size_t r = 0; r < sizeof rel / sizeof rel[0]; r++)
			if (is(u, k, rel[r][0]))
				for (int a = 1; a < 3 && rel[r][a]; a++)
					add(u, k, 1, rel[r][a], "relational", func);
		/* logical */
		if (is(u, k, "&&"))
			add(u, k, 1, "||", "logical", func);
		if (is(u, k, "||"))
			add(u, k, 1, "&&", "logical", func);
		if (is(u, k, "!"))
			add(u, k, 1, "", "logical", func);
		/* tolerance: dropped, widened a thousandfold, its sign slipped */
		if (is_tol(u, k)) {
			add(u, k, 1, "0.0", "tolerance", func);
			add(u, k, 1, "(1000.0 * ARB_TOLERANCE_IN)", "tolerance", func);
			if (k > 0 && (is(u, k - 1, "+") || is(u, k - 1, "-")))
				add(u, k - 1, 1, is(u, k - 1, "+") ? "-" : "+", "tolerance", func);
		}
		/* outcomes */
		static const char *const outc[][2] = {{"ARB_HOLDS", "ARB_VIOLATED"},
		                                      {"ARB_VIOLATED", "ARB_HOLDS"},
		                                      {"ARB_PERMITS", "ARB_VIOLATED"},
		                                      {"ARB_NA", "ARB_HOLDS"},
		                                      {"ARB_UNDECIDED", "ARB_HOLDS"}};
		for (size_t o = 0; o < sizeof outc / sizeof outc[0]; o++)
			if (is(u, k, outc[o][0]))
				add(u, k, 1, outc[o][1], "outcome", func);
		/* early returns: removed where one is nested, added at the top of
		 * a braced if-body of a void function */
		if (is(u, k, "return") && t->depth > 1) {
			size_t j = k;
			while (j < u->nt && !is(u, j, ";"))
				j++;
			add(u, k, j - k + 1, ";", "return", func);
		}
		if (in_void && is(u, k, "if") && is(u, k + 1, "(")) {
			size_t j = k + 1, par = 0;
			for (; j < u->nt; j++) {
				par += (size_t)is(u, j, "(");
				if (is(u, j, ")") && --par == 0)
					break;
			}
			if (is(u, j + 1, "{"))
				add(u, j + 1, 1, "{ return;", "return", func);
		}
		/* arithmetic sign slips (tolerance terms are counted above) */
		if ((is(u, k, "+") || is(u, k, "-")) && k > 0 && !is_tol(u, k + 1)) {
			if (ends_operand(u, k - 1))
				add(u, k, 1, is(u, k, "+") ? "-" : "+", "arithmetic", func);
			else if (is(u, k, "-"))
				add(u, k, 1, "", "arithmetic", func);
		}
		if (is(u, k, "+="))
			add(u, k, 1, "-=", "arithmetic", func);
		if (is(u, k, "-="))
			add(u, k, 1, "+=", "arithmetic", func);
	}
}

static void load(unit *u, const char *path)
{
	memset(u, 0, sizeof *u);
	u->path = path;
	u->src = read_file(path, &u->n);
	lex(u);
	enumerate(u);
}

static void put_text(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		putchar(p[i] == '\t' || p[i] == '\n' ? ' ' : p[i]);
}

static void print_mutant(const unit *u, size_t i)
{
	const mutant *m = &u->m[i];
	printf("%08" PRIx32 "\t%s\t%zu\t%d\t%d\t%s\t", m->id, u->path, i, m->line, m->col, m->op);
	put_text(u->src + m->off, m->len);
	printf("\t%s\t%s\n", m->repl[0] ? m->repl : "(nothing)", m->func[0] ? m->func : "-");
}

/* splitmix64: a seed gives the same sample on every machine. */
static uint64_t next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "apply") == 0) {
		unit u;
		load(&u, argv[2]);
		size_t n = strtoul(argv[3], NULL, 10);
		if (n >= u.nm) {
			fprintf(stderr, "mutate: %s has %zu mutants\n", argv[2], u.nm);
			return 2;
		}
		const mutant *m = &u.m[n];
		/* #line keeps __LINE__ (the predicates' src_line) and diagnostics. */
		printf("#line 1 \"%s\"\n", argv[2]);
		fwrite(u.src, 1, m->off, stdout);
		fputs(m->repl, stdout);
		fwrite(u.src + m->off + m->len, 1, u.n - m->off - m->len, stdout);
		return 0;
	}
	bool pick = argc >= 5 && strcmp(argv[1], "pick") == 0;
	if (!pick && !(argc >= 3 && strcmp(argv[1], "list") == 0)) {
		fputs("usage: mutate list FILE... | mutate pick SEED MAX FILE... | mutate apply "
		      "FILE N\n",
		      stderr);
		return 2;
	}
	int first = pick ? 4 : 2;
	size_t nu = (size_t)(argc - first), total = 0;
	unit *us = xrealloc(NULL, nu * sizeof *us);
	for (size_t f = 0; f < nu; f++) {
		load(&us[f], argv[first + (int)f]);
		total += us[f].nm;
	}
	/* The sample: a seeded Fisher-Yates over all mutants, its first MAX
	 * printed in file and source order. */
	bool *chosen = xrealloc(NULL, total ? total : 1);
	size_t max = pick ? strtoul(argv[3], NULL, 10) : 0;
	memset(chosen, max == 0 || max >= total, total ? total : 1);
	if (max && max < total) {
		size_t *ix = xrealloc(NULL, total * sizeof *ix);
		for (size_t i = 0; i < total; i++)
			ix[i] = i;
		uint64_t st = strtoull(argv[2], NULL, 10);
		for (size_t i = total - 1; i > 0; i--) {
			size_t j = (size_t)(next(&st) % (i + 1)), tmp = ix[i];
			ix[i] = ix[j];
			ix[j] = tmp;
		}
		for (size_t i = 0; i < max; i++)
			chosen[ix[i]] = true;
		free(ix);
	}
	size_t g = 0;
	for (size_t f = 0; f < nu; f++)
		for (size_t i = 0; i < us[f].nm; i++, g++)
			if (chosen[g])
				print_mutant(&us[f], i);
	return 0;
}
