/* util.c: the arena and small containers the library shares. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct arb_block {
	struct arb_block *next;
	size_t used, cap;
	max_align_t data[];
};

struct arb_arena {
	struct arb_block *head;
};

arb_arena *arb__arena_new(void)
{
	return calloc(1, sizeof(arb_arena));
}

void arb__arena_free(arb_arena *a)
{
	if (!a)
		return;
	struct arb_block *b = a->head;
	while (b) {
		struct arb_block *next = b->next;
		free(b);
		b = next;
	}
	free(a);
}

void *arb__arena_alloc(arb_arena *a, size_t size)
{
	const size_t align = sizeof(max_align_t);
	size = (size + align - 1) / align * align;
	if (size == 0)
		size = align;
	struct arb_block *b = a->head;
	if (!b || b->cap - b->used < size) {
		size_t cap = size > 16384 ? size : 16384;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = a->head;
		a->head = b;
	}
	void *p = (char *)b->data + b->used;
	b->used += size;
	memset(p, 0, size);
	return p;
}

char *arb__arena_strndup(arb_arena *a, const char *s, size_t n)
{
	char *p = arb__arena_alloc(a, n + 1);
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int arb__ptrvec_push(arb_ptrvec *pv, void *p)
{
	if (pv->n == pv->cap) {
		size_t cap = pv->cap ? pv->cap * 2 : 16;
		void **v = realloc(pv->v, cap * sizeof *v);
		if (!v)
			return ARB_ENOMEM;
		pv->v = v;
		pv->cap = cap;
	}
	pv->v[pv->n++] = p;
	return ARB_OK;
}

void arb__ptrvec_free(arb_ptrvec *pv)
{
	free(pv->v);
	pv->v = NULL;
	pv->n = pv->cap = 0;
}

bool arb__word_in(const char *list, const char *word)
{
	if (!list || !word)
		return false;
	size_t wl = strlen(word);
	const char *p = list;
	while (*p) {
		while (*p == ' ')
			p++;
		const char *q = p;
		while (*q && *q != ' ')
			q++;
		size_t l = (size_t)(q - p);
		if ((l == 1 && *p == '*') || (l == wl && l > 0 && memcmp(p, word, l) == 0))
			return true;
		p = q;
	}
	return false;
}
