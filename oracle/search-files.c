/*
 * search-files.c: the two files `arbiter conflicts` reads besides spec/:
 * a ruleset's baseline of acknowledged findings (spec/<ruleset>/baseline.md,
 * docs/spec-format.md "Baselines") and the result of one shard of a search
 * (arbiter-conflicts-shard/1, docs/conflicts.md). Both are read strictly:
 * every fault is an error at its line and column.
 */
#include "search-internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines of a text that need not end in a newline nor be NUL-terminated. */
typedef struct txt {
	const char *p, *end;
	long no;
} txt;

/* The next line into buf (size n); 0 at the end, -1 when it is longer
 * than buf or holds a NUL byte. */
static int next_line(txt *t, char *buf, size_t n)
{
	buf[0] = '\0';
	if (t->p >= t->end)
		return 0;
	const char *nl = memchr(t->p, '\n', (size_t)(t->end - t->p));
	const char *e = nl ? nl : t->end;
	size_t len = (size_t)(e - t->p);
	t->no++;
	if (len && e[-1] == '\r')
		len--;
	int rc = 1;
	if (len >= n || memchr(t->p, '\0', len))
		rc = -1;
	else {
		memcpy(buf, t->p, len);
		buf[len] = '\0';
	}
	t->p = nl ? nl + 1 : t->end;
	return rc;
}

/* ---- baselines ---- */

struct arb_baseline {
	arb_baseline_entry *v;
	size_t n, cap;
	arb_ptrvec owned;
};

void arb_baseline_free(arb_baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->owned.n; i++)
		free(b->owned.v[i]);
	arb__ptrvec_free(&b->owned);
	free(b->v);
	free(b);
}

size_t arb_baseline_count(const arb_baseline *b)
{
	return b ? b->n : 0;
}

const arb_baseline_entry *arb_baseline_at(const arb_baseline *b, size_t i)
{
	return b && i < b->n ? &b->v[i] : NULL;
}

const arb_baseline_entry *arb_baseline_find(const arb_baseline *b, const char *key)
{
	for (size_t i = 0; b && i < b->n; i++)
		if (strcmp(b->v[i].key, key) == 0)
			return &b->v[i];
	return NULL;
}

static char *own(arb_baseline *b, const char *s, size_t n)
{
	char *c = malloc(n + 1);
	if (!c)
		return NULL;
	memcpy(c, s, n);
	c[n] = '\0';
	if (arb__ptrvec_push(&b->owned, c)) {
		free(c);
		return NULL;
	}
	return c;
}

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

#define BL_LINE    4096
#define BL_CLAUSES 32

/* One entry "- KIND CLAUSE...: REASON" at line (of file). */
static int baseline_entry(arb_baseline *b, const char *line, long no, const char *file,
                          const arb_rulebook *rb, const char *ruleset, arb_error *err)
{
	const char *p = line + 2;
	size_t kw = strcspn(p, " :");
	char kind[64];
	int bits;
	snprintf(kind, sizeof kind, "%.*s", (int)(kw < 63 ? kw : 63), p);
	if (kw >= 63 || arb_search_kind_parse(kind, &bits) || !bits)
		return arb_error_set(err, ARB_EINPUT, file, no, 3, "kind",
		                     "'%s' is not a kind of finding: conflict, gap, readings "
		                     "(or several of them joined by '+'), overlap, no-legal-action",
		                     kind);
	char canon[64];
	arb_search_kind_name(bits, canon, sizeof canon);
	p += kw;
	const char *colon = strchr(p, ':');
	if (!colon)
		return arb_error_set(err, ARB_EINPUT, file, no, (long)strlen(line) + 1, "reason",
		                     "expected ': REASON' after the clauses: every acknowledged "
		                     "finding says why it stays");
	const char *clauses[BL_CLAUSES];
	char ids[BL_CLAUSES][128];
	size_t nc = 0;
	while (p < colon) {
		p += strspn(p, " ");
		if (p >= colon)
			break;
		size_t w = strcspn(p, " :");
		long col = (long)(p - line) + 1;
		if (nc == BL_CLAUSES || w >= sizeof ids[0])
			return arb_error_set(err, ARB_EINPUT, file, no, col, "clauses",
			                     "at most %d clauses of at most 127 bytes", BL_CLAUSES);
		memcpy(ids[nc], p, w);
		ids[nc][w] = '\0';
		const arb_clause *c = arb_rulebook_clause(rb, ids[nc]);
		if (!c)
			return arb_error_set(err, ARB_EINPUT, file, no, col, "clauses",
			                     "no clause '%s' in the rulebook", ids[nc]);
		if (!c->ruleset || strcmp(c->ruleset, ruleset) != 0)
			return arb_error_set(err, ARB_EINPUT, file, no, col, "clauses",
			                     "clause '%s' is not of ruleset '%s'", ids[nc],
			                     ruleset);
		clauses[nc] = ids[nc];
		nc++;
		p += w;
	}
	if (!nc)
		return arb_error_set(err, ARB_EINPUT, file, no, (long)(colon - line) + 1, "clauses",
		                     "a finding names its clauses before the ':'");
	const char *reason = colon + 1;
	reason += strspn(reason, " ");
	size_t rl = strlen(reason);
	while (rl && reason[rl - 1] == ' ')
		rl--;
	if (!rl)
		return arb_error_set(err, ARB_EINPUT, file, no, (long)(colon - line) + 2, "reason",
		                     "the reason is empty: say why the finding is acknowledged");
	qsort(clauses, nc, sizeof *clauses, cmp_cstr);
	char key[BL_LINE + 64];
	size_t len = (size_t)snprintf(key, sizeof key, "%s", canon);
	for (size_t i = 0; i < nc; i++) {
		if (i && strcmp(clauses[i], clauses[i - 1]) == 0)
			return arb_error_set(err, ARB_EINPUT, file, no, 3, "clauses",
			                     "clause '%s' is named twice", clauses[i]);
		len += (size_t)snprintf(key + len, sizeof key - len, " %s", clauses[i]);
	}
	const arb_baseline_entry *before = arb_baseline_find(b, key);
	if (before)
		return arb_error_set(err, ARB_EINPUT, file, no, 1, "finding",
		                     "'%s' is acknowledged already (%s:%ld)", key, before->file,
		                     before->line);
	if (b->n == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 8;
		arb_baseline_entry *g = realloc(b->v, ncap * sizeof *g);
		if (!g)
			return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		b->v = g;
		b->cap = ncap;
	}
	arb_baseline_entry *e = &b->v[b->n];
	e->key = own(b, key, strlen(key));
	e->reason = own(b, reason, rl);
	e->file = own(b, file, strlen(file));
	e->line = no;
	if (!e->key || !e->reason || !e->file)
		return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
	b->n++;
	return ARB_OK;
}

int arb_baseline_read(arb_baseline **out, const char *text, size_t len, const char *file,
                      const arb_rulebook *rb, const char *ruleset, arb_error *err)
{
	arb_baseline *b = *out;
	bool made = false;
	if (!b) {
		if (!(b = calloc(1, sizeof *b)))
			return arb_error_set(err, ARB_ENOMEM, NULL, 0, 0, NULL, "out of memory");
		made = true;
	}
	txt t = {text, text + len, 0};
	char line[BL_LINE] = {0};
	int rc = ARB_OK, got;
	/* front matter: ruleset and title */
	bool fm_open = false, fm_done = false, have_rs = false, have_title = false;
	bool in_comment = false;
	long comment_line = 0;
	long fm_line = 0;
	while (rc == ARB_OK && (got = next_line(&t, line, sizeof line)) != 0) {
		if (got < 0) {
			rc = arb_error_set(err, ARB_EINPUT, file, t.no, 1, NULL,
			                   "the line is longer than %d bytes or holds a NUL byte",
			                   BL_LINE - 1);
			break;
		}
		if (!fm_done) {
			if (!fm_open) {
				if (strcmp(line, "---") != 0) {
					rc = arb_error_set(
					    err, ARB_EINPUT, file, t.no, 1, "front matter",
					    "a baseline opens with '---', its front matter "
					    "(ruleset, title)");
					break;
				}
				fm_open = true;
				fm_line = t.no;
				continue;
			}
			if (strcmp(line, "---") == 0) {
				fm_done = true;
				if (!have_rs || !have_title)
					rc = arb_error_set(err, ARB_EINPUT, file, fm_line, 1,
					                   have_rs ? "title" : "ruleset",
					                   "the front matter needs '%s:'",
					                   have_rs ? "title" : "ruleset");
				continue;
			}
			const char *colon = strchr(line, ':');
			size_t kl = colon ? (size_t)(colon - line) : 0;
			const char *v = colon ? colon + 1 + strspn(colon + 1, " ") : "";
			if (kl == 7 && strncmp(line, "ruleset", 7) == 0) {
				if (strcmp(v, ruleset) != 0)
					rc = arb_error_set(
					    err, ARB_EINPUT, file, t.no, (long)(v - line) + 1,
					    "ruleset",
					    "this baseline is of ruleset '%s', expected '%s'", v,
					    ruleset);
				have_rs = true;
			} else if (kl == 5 && strncmp(line, "title", 5) == 0 && *v) {
				have_title = true;
			} else {
				rc = arb_error_set(err, ARB_EINPUT, file, t.no, 1, "front matter",
				                   "expected 'ruleset: NAME' or 'title: TEXT'");
			}
			continue;
		}
		const char *s = line + strspn(line, " \t");
		/* comments may run over several lines */
		if (in_comment || strncmp(s, "<!--", 4) == 0) {
			const char *close = strstr(in_comment ? s : s + 4, "-->");
			if (!in_comment)
				comment_line = t.no;
			in_comment = !close;
			if (close && *(close + 3 + strspn(close + 3, " \t")))
				rc = arb_error_set(err, ARB_EINPUT, file, t.no,
				                   (long)(close - line) + 4, "finding",
				                   "nothing may follow a comment on its line");
			continue;
		}
		if (!*s || s[0] == '#')
			continue;
		if (strncmp(line, "- ", 2) != 0) {
			rc = arb_error_set(err, ARB_EINPUT, file, t.no, 1, "finding",
			                   "expected '- KIND CLAUSE...: REASON', a heading or a "
			                   "comment");
			break;
		}
		rc = baseline_entry(b, line, t.no, file, rb, ruleset, err);
	}
	if (rc == ARB_OK && in_comment)
		rc = arb_error_set(err, ARB_EINPUT, file, comment_line, 1, "finding",
		                   "this comment is not closed by '-->'");
	if (rc == ARB_OK && !fm_done)
		rc = arb_error_set(err, ARB_EINPUT, file, t.no ? t.no : 1, 1, "front matter",
		                   "the front matter is not closed by '---'");
	if (rc) {
		if (made)
			arb_baseline_free(b);
		return rc;
	}
	*out = b;
	return ARB_OK;
}

/* ---- shard results ---- */

/* An unsigned decimal number at *p (advanced past it); false when none
 * or too large. */
static bool read_num(const char **p, unsigned long long *out)
{
	const char *s = *p;
	unsigned long long v = 0;
	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		unsigned d = (unsigned)(*s - '0');
		if (v > (ULLONG_MAX - d) / 10)
			return false;
		v = v * 10 + d;
		s++;
	}
	*p = s;
	*out = v;
	return true;
}

#define SH_BAD(col, field, ...)                                                                    \
	arb_error_set(err, ARB_EINPUT, file, t.no ? t.no : 1, (long)(col), field, __VA_ARGS__)

int arb_shard_read(arb_shard_result *out, arb_search *s, const char *text, size_t len,
                   const char *file, arb_error *err)
{
	memset(out, 0, sizeof *out);
	txt t = {text, text + len, 0};
	char line[BL_LINE] = {0};
	int got, stage = 0;
	bool ended = false;
	while ((got = next_line(&t, line, sizeof line)) != 0) {
		if (got < 0)
			return SH_BAD(1, NULL,
			              "the line is longer than %d bytes or holds a NUL byte",
			              BL_LINE - 1);
		if (ended)
			return SH_BAD(1, NULL, "nothing may follow 'end'");
		const char *p = line;
		unsigned long long a, b;
		switch (stage) {
		case 0:
			if (strcmp(line, "arbiter-conflicts-shard/1") != 0)
				return SH_BAD(1, "format", "expected 'arbiter-conflicts-shard/1'");
			break;
		case 1:
			if (strncmp(line, "search ", 7) != 0 || strlen(line) != 23 ||
			    strspn(line + 7, "0123456789abcdef") != 16)
				return SH_BAD(1, "search", "expected 'search' and 16 hex digits");
			memcpy(out->search, line + 7, 17);
			break;
		case 2:
			if (strncmp(p, "shard ", 6) != 0)
				return SH_BAD(1, "shard", "expected 'shard I of N'");
			p += 6;
			if (!read_num(&p, &a) || strncmp(p, " of ", 4) != 0)
				return SH_BAD(p - line + 1, "shard", "expected 'shard I of N'");
			p += 4;
			if (!read_num(&p, &b) || *p || a < 1 || a > b || b > 1000000)
				return SH_BAD(7, "shard",
				              "a shard is I of N with 1 <= I <= N <= 1000000");
			out->shard = (unsigned long)a;
			out->of = (unsigned long)b;
			break;
		case 3:
			if (strncmp(p, "judged ", 7) != 0)
				return SH_BAD(1, "judged", "expected 'judged N rejected N'");
			p += 7;
			if (!read_num(&p, &a) || strncmp(p, " rejected ", 10) != 0)
				return SH_BAD(p - line + 1, "judged",
				              "expected 'judged N rejected N'");
			p += 10;
			if (!read_num(&p, &b) || *p || b > a)
				return SH_BAD(
				    p - line + 1, "rejected",
				    "expected the scenarios rejected, at most those judged");
			out->judged = a;
			out->rejected = b;
			break;
		default:
			if (strcmp(line, "end") == 0) {
				ended = true;
				break;
			}
			if (strncmp(p, "finding ", 8) != 0)
				return SH_BAD(
				    1, "finding",
				    "expected 'finding POINT INDEX COUNT KIND CLAUSE...' or "
				    "'end'");
			p += 8;
			unsigned long long pt, ix, cnt;
			if (!read_num(&p, &pt) || *p++ != ' ' || !read_num(&p, &ix) ||
			    *p++ != ' ' || !read_num(&p, &cnt) || *p++ != ' ' || cnt == 0)
				return SH_BAD(
				    p - line, "finding",
				    "expected POINT INDEX COUNT (numbers, COUNT at least 1)");
			const char *kind = p;
			size_t kw = strcspn(p, " ");
			char kbuf[64];
			int bits;
			snprintf(kbuf, sizeof kbuf, "%.*s", (int)(kw < 63 ? kw : 63), kind);
			if (kw >= 63 || arb_search_kind_parse(kbuf, &bits) || !bits)
				return SH_BAD(kind - line + 1, "kind",
				              "'%s' is not a kind of finding", kbuf);
			p += kw;
			const char *cl[BL_CLAUSES];
			char ids[BL_CLAUSES][128];
			size_t nc = 0;
			while (*p == ' ') {
				p++;
				size_t w = strcspn(p, " ");
				if (!w || w >= sizeof ids[0] || nc == BL_CLAUSES)
					return SH_BAD(
					    p - line + 1, "clauses",
					    "expected at most %d clause IDs one space apart",
					    BL_CLAUSES);
				memcpy(ids[nc], p, w);
				ids[nc][w] = '\0';
				if (s && !arb_rulebook_clause(s->rb, ids[nc]))
					return SH_BAD(p - line + 1, "clauses",
					              "no clause '%s' in the rulebook", ids[nc]);
				cl[nc] = ids[nc];
				nc++;
				p += w;
			}
			if (!nc)
				return SH_BAD(p - line + 1, "clauses",
				              "a finding names its clauses");
			if (s) {
				int rc = arb_search_note(s, kbuf, cl, nc, (size_t)pt, ix, cnt, err);
				if (rc) {
					err->file[0] = '\0';
					snprintf(err->file, sizeof err->file, "%s", file);
					err->line = t.no;
					err->column = 9;
					return rc;
				}
			}
			break;
		}
		if (stage < 4)
			stage++;
	}
	if (!ended)
		return SH_BAD(1, NULL,
		              "the result ends before its 'end' line: a shard that did not finish");
	return ARB_OK;
}
