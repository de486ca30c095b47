/*
 * json_dom.c: the JSON reader of json_dom.h. Recursive descent over the
 * text, values and strings in one arena per document; the items of the
 * open containers wait on two stacks until their container closes.
 */
#include "json_dom.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper nesting is refused: no scenario needs a tenth of it, and the
 * recursion stays far from the stack's end. */
#define JD_MAX_DEPTH 256
/* Up to this many members an object's names are checked against each
 * other as they are read; a larger object is sorted once it closes. */
#define JD_LINEAR_KEYS 32

typedef struct chunk {
	struct chunk *next;
	size_t cap, used;
	max_align_t data[];
} chunk;

struct jd_doc {
	chunk *head;
	jd_value *root;
};

/* An open container: where the path of an error goes through it. */
typedef struct frame {
	bool obj;
	bool at_member; /* reading the value of key / of item index */
	const char *key;
	size_t index;
} frame;

/* A member waiting for its object to close. */
typedef struct pending {
	const char *key;
	size_t last; /* offset of the closing quote of its name */
	jd_value *value;
} pending;

typedef struct reader {
	const char *s, *p, *end;
	jd_doc *doc;
	jd_error *e;
	size_t first_cap;
	frame fr[JD_MAX_DEPTH];
	size_t depth;
	jd_value **items;
	size_t n_items, cap_items;
	pending *mem;
	size_t n_mem, cap_mem;
} reader;

static void *arena(reader *r, size_t size)
{
	const size_t align = sizeof(max_align_t);
	if (size > SIZE_MAX / 2)
		return NULL;
	size = (size + align - 1) / align * align;
	chunk *c = r->doc->head;
	if (!c || c->cap - c->used < size) {
		size_t cap = c ? c->cap * 2 : r->first_cap;
		if (cap > ((size_t)1 << 20))
			cap = (size_t)1 << 20;
		if (cap < size)
			cap = size;
		chunk *n = malloc(sizeof *n + cap);
		if (!n)
			return NULL;
		n->next = c;
		n->cap = cap;
		n->used = 0;
		r->doc->head = n;
		c = n;
	}
	void *m = (char *)c->data + c->used;
	c->used += size;
	return m;
}

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_delim(char c)
{
	return is_ws(c) || c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' ||
	       c == '"';
}

static void skip_ws(reader *r)
{
	while (r->p < r->end && is_ws(*r->p))
		r->p++;
}

/* The last byte of the token that starts at `at`: a structural character,
 * a string, or a run of anything else (as "tru" or "01x"). */
static const char *token_last(const reader *r, const char *at)
{
	if (at >= r->end)
		return r->end;
	const char *q = at + 1;
	if (*at == '"') {
		while (q < r->end && *q != '"')
			q += *q == '\\' && q + 1 < r->end ? 2 : 1;
		if (q < r->end)
			q++;
	} else if (!is_delim(*at)) {
		while (q < r->end && !is_delim(*q))
			q++;
	}
	return q - 1;
}

/* That token quoted for a message, cut short and printable. */
static const char *token(const reader *r, const char *at, char *buf, size_t n)
{
	if (at >= r->end)
		return "end of file";
	size_t len = (size_t)(token_last(r, at) - at) + 1, k = 0;
	buf[k++] = '\'';
	for (size_t i = 0; i < len && k + 5 < n; i++) {
		unsigned char c = (unsigned char)at[i];
		buf[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (k + 5 >= n) {
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k++] = '\'';
	buf[k] = '\0';
	return buf;
}

static void put_path(jd_error *e, size_t *k, const char *s, size_t n)
{
	size_t room = sizeof e->path - 1 - *k;
	size_t m = n < room ? n : room;
	memcpy(e->path + *k, s, m);
	*k += m;
	e->path[*k] = '\0';
}

/* The JSON path of the member being read, as the scenario reader writes
 * its own: keys joined by '.', indexes in brackets. */
static void build_path(reader *r)
{
	jd_error *e = r->e;
	size_t k = 0;
	e->path[0] = '\0';
	for (size_t i = 0; i < r->depth; i++) {
		const frame *f = &r->fr[i];
		if (!f->at_member)
			break;
		if (f->obj) {
			if (k)
				put_path(e, &k, ".", 1);
			put_path(e, &k, f->key, strlen(f->key));
		} else {
			char buf[3 * sizeof f->index + 3];
			int w = snprintf(buf, sizeof buf, "[%zu]", f->index);
			put_path(e, &k, buf, w > 0 ? (size_t)w : 0);
		}
	}
}

/* Fails with code at the byte `last` (the end: the text's last byte). */
static int fail(reader *r, int code, const char *last, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(reader *r, int code, const char *last, const char *fmt, ...)
{
	jd_error *e = r->e;
	size_t len = (size_t)(r->end - r->s);
	size_t off = last >= r->end ? (len ? len - 1 : 0) : (size_t)(last - r->s);
	e->code = code;
	e->offset = off;
	e->line = 1;
	size_t bol = 0;
	for (size_t i = 0; i < off && i < len; i++)
		if (r->s[i] == '\n') {
			e->line++;
			bol = i + 1;
		}
	e->column = len ? (long)(off - bol + 1) : 0;
	if (code == JD_ENOMEM) {
		e->path[0] = '\0';
		snprintf(e->text, sizeof e->text, "out of memory");
		return code;
	}
	build_path(r);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
	return code;
}

static int oom(reader *r)
{
	return fail(r, JD_ENOMEM, r->p, "out of memory");
}

/* Fails at the token at r->p: the end of the text, or something else. */
static int unexpected(reader *r, const char *expected)
{
	char buf[48];
	if (r->p >= r->end)
		return fail(r, JD_EEND, r->end, "%s, found end of file", expected);
	return fail(r, JD_ESYNTAX, token_last(r, r->p), "%s, found %s", expected,
	            token(r, r->p, buf, sizeof buf));
}

static jd_value *new_value(reader *r, jd_type t)
{
	jd_value *v = arena(r, sizeof *v);
	if (v) {
		v->type = t;
		v->n = 0;
	}
	return v;
}

static int hex4(const char *q, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = q[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* The length of the UTF-8 sequence at q (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF), 0 if it is not one. */
static size_t utf8_len(const unsigned char *q, const unsigned char *end)
{
	unsigned c = q[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xBF;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else
		return 0;
	if ((size_t)(end - q) < n || q[1] < lo || q[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (q[i] < 0x80 || q[i] > 0xBF)
			return 0;
	return n;
}

/* A string at r->p (its opening quote): decoded into the arena. */
static int parse_string(reader *r, const char **out, size_t *out_n)
{
	const char *start = r->p + 1, *q = start;
	/* Its closing quote first: the decoded text is never longer. */
	while (q < r->end && *q != '"')
		q += *q == '\\' && q + 1 < r->end ? 2 : 1;
	if (q >= r->end)
		return fail(r, JD_EEND, r->end, "a string is not closed, found end of file");
	const char *close = q;
	char *o = arena(r, (size_t)(close - start) + 1);
	if (!o)
		return oom(r);
	size_t k = 0;
	q = start;
	while (q < close) {
		unsigned char c = (unsigned char)*q;
		if (c == '\\') {
			char x = q[1];
			static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
			const char *f = x ? strchr(from, x) : NULL;
			if (f) {
				o[k++] = to[f - from];
				q += 2;
				continue;
			}
			if (x != 'u')
				return fail(r, JD_ESYNTAX, q + 1,
				            "invalid escape '\\%c' in a string (\\\" \\\\ \\/ \\b "
				            "\\f \\n \\r \\t \\uXXXX are the escapes)",
				            x >= 0x20 && x < 0x7f ? x : '?');
			unsigned cp, lo;
			if (close - q < 6 || hex4(q + 2, &cp))
				return fail(
				    r, JD_ESYNTAX, q + 1,
				    "invalid escape in a string: \\u takes four hex digits");
			q += 6;
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				if (close - q < 6 || q[0] != '\\' || q[1] != 'u' ||
				    hex4(q + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
					return fail(r, JD_ESYNTAX, q - 1,
					            "invalid escape in a string: \\u%04X is a high "
					            "surrogate without its low one",
					            cp);
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				q += 6;
			} else if (cp >= 0xDC00 && cp <= 0xDFFF) {
				return fail(
				    r, JD_ESYNTAX, q - 1,
				    "invalid escape in a string: \\u%04X is a low surrogate "
				    "without its high one",
				    cp);
			} else if (cp == 0) {
				return fail(r, JD_ESYNTAX, q - 1,
				            "\\u0000 is not allowed in a string");
			}
			k += put_utf8(o + k, cp);
		} else if (c < 0x20) {
			return fail(r, JD_ESYNTAX, q,
			            "control character 0x%02x in a string (write it escaped)", c);
		} else if (c < 0x80) {
			o[k++] = (char)c;
			q++;
		} else {
			size_t n = utf8_len((const unsigned char *)q, (const unsigned char *)close);
			if (!n)
				return fail(r, JD_ESYNTAX, q,
				            "invalid UTF-8 in a string (byte 0x%02x)", c);
			memcpy(o + k, q, n);
			k += n;
			q += n;
		}
	}
	o[k] = '\0';
	r->p = close + 1;
	*out = o;
	*out_n = k;
	return JD_OK;
}

static bool is_digit(const char *q, const char *end)
{
	return q < end && *q >= '0' && *q <= '9';
}

static int parse_number(reader *r, jd_value **out)
{
	const char *a = r->p, *q = a, *end = r->end;
	bool real = false;
	if (q < end && *q == '-')
		q++;
	if (q < end && *q == '0')
		q++;
	else if (is_digit(q, end))
		while (is_digit(q, end))
			q++;
	else
		goto bad;
	if (q < end && *q == '.') {
		real = true;
		if (!is_digit(++q, end))
			goto bad;
		while (is_digit(q, end))
			q++;
	}
	if (q < end && (*q == 'e' || *q == 'E')) {
		real = true;
		q++;
		if (q < end && (*q == '+' || *q == '-'))
			q++;
		if (!is_digit(q, end))
			goto bad;
		while (is_digit(q, end))
			q++;
	}
	if (q < end && !is_delim(*q))
		goto bad;
	size_t n = (size_t)(q - a);
	char small[64], *buf = n < sizeof small ? small : arena(r, n + 1);
	if (!buf)
		return oom(r);
	memcpy(buf, a, n);
	buf[n] = '\0';
	jd_value *v = new_value(r, real ? JD_REAL : JD_INTEGER);
	if (!v)
		return oom(r);
	char *stop = NULL;
	errno = 0;
	if (real) {
		v->u.real = strtod(buf, &stop);
		if (isinf(v->u.real))
			return fail(r, JD_ESYNTAX, q - 1, "real number %.40s overflows a double",
			            buf);
	} else {
		v->u.integer = strtoll(buf, &stop, 10);
		if (errno == ERANGE)
			return fail(r, JD_ESYNTAX, q - 1,
			            "integer %.40s is too big (more than 64 bits)", buf);
	}
	r->p = q;
	*out = v;
	return JD_OK;
bad : {
	char tb[48];
	return fail(r, JD_ESYNTAX, token_last(r, a), "invalid number %s",
	            token(r, a, tb, sizeof tb));
}
}

static int parse_value(reader *r, jd_value **out);

static int push_item(reader *r, jd_value *v)
{
	if (r->n_items == r->cap_items) {
		size_t cap = r->cap_items ? 2 * r->cap_items : 64;
		jd_value **m = realloc(r->items, cap * sizeof *m);
		if (!m)
			return oom(r);
		r->items = m;
		r->cap_items = cap;
	}
	r->items[r->n_items++] = v;
	return JD_OK;
}

static int push_member(reader *r, pending m)
{
	if (r->n_mem == r->cap_mem) {
		size_t cap = r->cap_mem ? 2 * r->cap_mem : 64;
		pending *n = realloc(r->mem, cap * sizeof *n);
		if (!n)
			return oom(r);
		r->mem = n;
		r->cap_mem = cap;
	}
	r->mem[r->n_mem++] = m;
	return JD_OK;
}

static frame *open_frame(reader *r, bool obj)
{
	if (r->depth == JD_MAX_DEPTH) {
		fail(r, JD_ESYNTAX, r->p, "nesting deeper than %d arrays and objects",
		     JD_MAX_DEPTH);
		return NULL;
	}
	frame *f = &r->fr[r->depth++];
	*f = (frame){.obj = obj};
	return f;
}

static int parse_array(reader *r, jd_value **out)
{
	frame *f = open_frame(r, false);
	if (!f)
		return JD_ESYNTAX;
	size_t base = r->n_items;
	int rc;
	r->p++;
	skip_ws(r);
	if (r->p < r->end && *r->p == ']') {
		r->p++;
	} else {
		for (;;) {
			jd_value *v;
			f->at_member = true;
			if ((rc = parse_value(r, &v)) || (rc = push_item(r, v)))
				return rc;
			f->at_member = false;
			skip_ws(r);
			if (r->p < r->end && *r->p == ',') {
				r->p++;
				f->index++;
				continue;
			}
			if (r->p < r->end && *r->p == ']') {
				r->p++;
				break;
			}
			return unexpected(r, "expected ',' or ']' in an array");
		}
	}
	jd_value *v = new_value(r, JD_ARRAY);
	size_t n = r->n_items - base;
	if (!v || (n && !(v->u.items = arena(r, n * sizeof *v->u.items))))
		return oom(r);
	if (n)
		memcpy(v->u.items, r->items + base, n * sizeof *v->u.items);
	else
		v->u.items = NULL;
	v->n = n;
	r->n_items = base;
	r->depth--;
	*out = v;
	return JD_OK;
}

static int cmp_pending(const void *a, const void *b)
{
	const pending *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->last > y->last) - (x->last < y->last);
}

/* A large object's names, checked once it is read: the duplicate reported
 * is the first in the text, as a linear check would find it. */
static int check_sorted(reader *r, frame *f, size_t base)
{
	size_t n = r->n_mem - base;
	pending *t = malloc(n * sizeof *t);
	if (!t)
		return oom(r);
	memcpy(t, r->mem + base, n * sizeof *t);
	qsort(t, n, sizeof *t, cmp_pending);
	const pending *dup = NULL;
	for (size_t i = 1; i < n; i++)
		if (strcmp(t[i].key, t[i - 1].key) == 0 && (!dup || t[i].last < dup->last) &&
		    (i < 2 || strcmp(t[i].key, t[i - 2].key) != 0))
			dup = &t[i];
	int rc = JD_OK;
	if (dup) {
		f->key = dup->key;
		f->at_member = true;
		rc = fail(r, JD_EDUPLICATE, r->s + dup->last, "\"%.60s\" appears twice", dup->key);
	}
	free(t);
	return rc;
}

static int parse_object(reader *r, jd_value **out)
{
	frame *f = open_frame(r, true);
	if (!f)
		return JD_ESYNTAX;
	size_t base = r->n_mem;
	int rc;
	r->p++;
	skip_ws(r);
	if (r->p < r->end && *r->p == '}') {
		r->p++;
	} else {
		for (;;) {
			if (r->p >= r->end || *r->p != '"')
				return unexpected(
				    r, r->n_mem == base ? "expected a member name (a string) or '}'"
				                        : "expected a member name (a string)");
			pending m;
			size_t klen;
			if ((rc = parse_string(r, &m.key, &klen)))
				return rc;
			m.last = (size_t)(r->p - 1 - r->s);
			f->key = m.key;
			f->at_member = true;
			if (r->n_mem - base < JD_LINEAR_KEYS)
				for (size_t i = base; i < r->n_mem; i++)
					if (strcmp(r->mem[i].key, m.key) == 0)
						return fail(r, JD_EDUPLICATE, r->p - 1,
						            "\"%.60s\" appears twice", m.key);
			f->at_member = false;
			skip_ws(r);
			if (r->p >= r->end || *r->p != ':')
				return unexpected(r, "expected ':' after a member name");
			r->p++;
			f->at_member = true;
			if ((rc = parse_value(r, &m.value)) || (rc = push_member(r, m)))
				return rc;
			f->at_member = false;
			skip_ws(r);
			if (r->p < r->end && *r->p == ',') {
				r->p++;
				skip_ws(r);
				continue;
			}
			if (r->p < r->end && *r->p == '}') {
				r->p++;
				break;
			}
			return unexpected(r, "expected ',' or '}' in an object");
		}
	}
	size_t n = r->n_mem - base;
	if (n > JD_LINEAR_KEYS && (rc = check_sorted(r, f, base)))
		return rc;
	jd_value *v = new_value(r, JD_OBJECT);
	if (!v || (n && !(v->u.members = arena(r, n * sizeof *v->u.members))))
		return oom(r);
	for (size_t i = 0; i < n; i++)
		v->u.members[i] = (jd_member){r->mem[base + i].key, r->mem[base + i].value};
	if (!n)
		v->u.members = NULL;
	v->n = n;
	r->n_mem = base;
	r->depth--;
	*out = v;
	return JD_OK;
}

static int parse_literal(reader *r, jd_value **out)
{
	static const struct {
		const char *word;
		jd_type type;
	} lit[] = {{"true", JD_TRUE}, {"false", JD_FALSE}, {"null", JD_NULL}};
	for (size_t i = 0; i < sizeof lit / sizeof lit[0]; i++) {
		size_t n = strlen(lit[i].word);
		if ((size_t)(r->end - r->p) >= n && memcmp(r->p, lit[i].word, n) == 0 &&
		    (r->p + n == r->end || is_delim(r->p[n]))) {
			if (!(*out = new_value(r, lit[i].type)))
				return oom(r);
			r->p += n;
			return JD_OK;
		}
	}
	return unexpected(r, "expected a value");
}

static int parse_value(reader *r, jd_value **out)
{
	skip_ws(r);
	if (r->p >= r->end)
		return unexpected(r, "expected a value");
	char c = *r->p;
	if (c == '{')
		return parse_object(r, out);
	if (c == '[')
		return parse_array(r, out);
	if (c == '"') {
		jd_value *v = new_value(r, JD_STRING);
		if (!v)
			return oom(r);
		int rc = parse_string(r, &v->u.string, &v->n);
		*out = v;
		return rc;
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return parse_number(r, out);
	return parse_literal(r, out);
}

int jd_parse(jd_doc **out, const char *text, size_t len, jd_error *e)
{
	jd_doc *d = calloc(1, sizeof *d);
	reader *r = malloc(sizeof *r);
	int rc;
	*out = NULL;
	memset(e, 0, sizeof *e);
	if (!d || !r) {
		free(d);
		free(r);
		e->code = JD_ENOMEM;
		snprintf(e->text, sizeof e->text, "out of memory");
		return JD_ENOMEM;
	}
	*r = (reader){.s = text, .p = text, .end = text + len, .doc = d, .e = e};
	/* A byte order mark a Windows editor wrote is not the value (RFC 8259,
	 * 8.1, lets a reader ignore it); columns still count it. */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		r->p += 3;
	/* A line of JSON becomes about four times its size in values. */
	r->first_cap = len < 256 ? 1024 : len < ((size_t)1 << 18) ? 4 * len : (size_t)1 << 20;
	rc = parse_value(r, &d->root);
	if (!rc) {
		skip_ws(r);
		if (r->p < r->end)
			rc = unexpected(r, "end of file expected after the value");
	}
	free(r->items);
	free(r->mem);
	free(r);
	if (rc) {
		jd_free(d);
		return rc;
	}
	*out = d;
	return JD_OK;
}

const jd_value *jd_root(const jd_doc *d)
{
	return d->root;
}

void jd_free(jd_doc *d)
{
	if (!d)
		return;
	for (chunk *c = d->head, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	free(d);
}

const jd_value *jd_get(const jd_value *obj, const char *key)
{
	if (!jd_is(obj, JD_OBJECT))
		return NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (strcmp(obj->u.members[i].key, key) == 0)
			return obj->u.members[i].value;
	return NULL;
}

double jd_number(const jd_value *v)
{
	return v->type == JD_INTEGER ? (double)v->u.integer : v->u.real;
}
