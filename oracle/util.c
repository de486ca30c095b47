/* util.c: the arena and small containers the library shares. */
#include "internal.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct arb_block {
	struct arb_block *next;
	size_t used, cap;
	bool borrowed; /* the caller's memory (arb__arena_init_buf): not freed */
	max_align_t data[];
};

arb_arena *arb__arena_new(void)
{
	return calloc(1, sizeof(arb_arena));
}

void arb__arena_init_buf(arb_arena *a, max_align_t *buf, size_t size)
{
	*a = (arb_arena){.head = NULL};
#ifndef ARB_ASAN
	if (!buf || size < sizeof(struct arb_block) + sizeof(max_align_t))
		return;
	struct arb_block *b = (struct arb_block *)(void *)buf;
	b->next = NULL;
	b->used = 0;
	b->cap = (size - sizeof *b) / sizeof(max_align_t) * sizeof(max_align_t);
	b->borrowed = true;
	a->head = b;
#else
	/* every allocation a heap block of its own (arb__arena_alloc) */
	(void)buf;
	(void)size;
#endif
}

/* Frees the blocks from b on that the arena took from the heap. */
static void free_blocks(struct arb_block *b)
{
	while (b) {
		struct arb_block *next = b->next;
		if (!b->borrowed)
			free(b);
		b = next;
	}
}

void arb__arena_release(arb_arena *a)
{
	free_blocks(a->head);
	a->head = NULL;
	a->n_run = 0;
}

void arb__arena_reset(arb_arena *a)
{
	if (a)
		a->n_run = 0; /* a parent's memory stays the parent's */
	if (!a || !a->head)
		return;
#ifdef ARB_ASAN
	arb__arena_release(a); /* no block is reused: each is its allocation's */
#else
	struct arb_block *keep = a->head; /* the newest is the largest */
	free_blocks(keep->next);
	keep->next = NULL;
	keep->used = 0;
#endif
}

void arb__arena_free(arb_arena *a)
{
	if (!a)
		return;
	arb__arena_release(a);
	free(a);
}

/* An arena with a parent takes each allocation from it, and notes the runs
 * of memory it took (one, most often: nothing else is taken from the
 * parent while a scenario is read). */
static void *from_parent(arb_arena *a, size_t size)
{
	char *p = arb__arena_alloc(a->parent, size);
	if (!p)
		return NULL;
	size_t k = a->n_run;
	if (k && a->run[k - 1].hi == p) {
		a->run[k - 1].hi = p + size;
	} else if (k < sizeof a->run / sizeof *a->run) {
		a->run[k].lo = p;
		a->run[k].hi = p + size;
		a->n_run++;
	}
	return p;
}

#ifdef ARB_ASAN
static void *own_block(arb_arena *a, size_t size)
{
	struct arb_block *b = malloc(sizeof *b + size);
	if (!b)
		return NULL;
	b->used = b->cap = size;
	b->borrowed = false;
	b->next = a->head;
	a->head = b;
	memset(b->data, 0, size);
	return b->data;
}
#endif

/* Sizes are checked for wrap-around: a request near SIZE_MAX is refused
 * (NULL), never rounded into a small block. No block exceeds PTRDIFF_MAX
 * (C's limit on an object; malloc refuses more), so a request past it is
 * refused before malloc sees it. */
void *arb__arena_alloc(arb_arena *a, size_t size)
{
	const size_t align = sizeof(max_align_t);
	if (size > (size_t)PTRDIFF_MAX - sizeof(struct arb_block) - align)
		return NULL;
	if (size == 0)
		size = 1;
#ifdef ARB_ASAN
	/* Under AddressSanitizer each allocation is a heap block of its own,
	 * exactly its size: a read or write past it is reported, where in a
	 * shared block it would land in the next allocation unseen (make mutate
	 * SANITIZE=1 kills the mutants that do it). */
	if (!a->parent)
		return own_block(a, size);
#endif
	if (__builtin_add_overflow(size, align - 1, &size))
		return NULL;
	size = size / align * align;
	if (a->parent)
		return from_parent(a, size);
	struct arb_block *b = a->head;
	if (!b || b->cap - b->used < size) {
		/* Blocks double from 2 KiB to 64 KiB: a scenario of a case takes
		 * a few KiB, and a table of 100k of them must not take 16 KiB each. */
		size_t grow = b ? (b->cap < 32768 ? 2 * b->cap : 65536) : 2048;
		size_t cap = size > grow ? size : grow, total;
		if (__builtin_add_overflow(sizeof *b, cap, &total) || !(b = malloc(total)))
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->borrowed = false;
		b->next = a->head;
		a->head = b;
	}
	void *p = (char *)b->data + b->used;
	b->used += size;
	memset(p, 0, size);
	return p;
}

/* A case's scenario was read long before it is judged and lies cold, in a
 * few blocks: asked for all at once, its lines arrive together instead of
 * one pointer at a time as the predicates chase them. */
void arb__arena_prefetch(const arb_arena *a)
{
	for (const struct arb_block *b = a ? a->head : NULL; b; b = b->next)
		for (size_t k = 0; k < b->used; k += 64)
			__builtin_prefetch((const char *)b->data + k);
	for (size_t r = 0; a && r < a->n_run; r++)
		for (const char *p = a->run[r].lo; p < a->run[r].hi; p += 64)
			__builtin_prefetch(p);
}

void *arb__arena_array(arb_arena *a, size_t n, size_t size)
{
	size_t total;
	if (__builtin_mul_overflow(n, size, &total))
		return NULL;
	return arb__arena_alloc(a, total);
}

char *arb__arena_strndup(arb_arena *a, const char *s, size_t n)
{
	char *p = n < SIZE_MAX ? arb__arena_alloc(a, n + 1) : NULL;
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int arb__ptrvec_push(arb_ptrvec *pv, void *p)
{
	if (pv->n == pv->cap) {
		size_t cap = pv->cap ? pv->cap * 2 : 16, bytes;
		if (cap < pv->cap || __builtin_mul_overflow(cap, sizeof *pv->v, &bytes))
			return ARB_ENOMEM;
		void **v = realloc(pv->v, bytes);
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

/* ---- records by ID ---- */

static size_t id_hash(const char *id)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */
	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 1099511628211ULL;
	return (size_t)h;
}

const void *arb__idmap_get(const arb_idmap *m, const char *id)
{
	if (!m->cap)
		return NULL;
	for (size_t i = id_hash(id) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		const arb_idmap_slot *sl = &m->slot[i];
		if (!sl->id)
			return NULL;
		if (strcmp(sl->id, id) == 0)
			return sl->rec;
	}
}

static void idmap_place(arb_idmap_slot *slot, size_t cap, arb_idmap_slot e)
{
	size_t i = id_hash(e.id) & (cap - 1);
	while (slot[i].id)
		i = (i + 1) & (cap - 1);
	slot[i] = e;
}

int arb__idmap_put(arb_idmap *m, const char *id, const void *rec)
{
	if (2 * (m->used + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 16; /* most scenarios hold a few IDs */
		if (cap > SIZE_MAX / 2 / sizeof(arb_idmap_slot))
			return ARB_ENOMEM;
		arb_idmap_slot *slot = calloc(cap, sizeof *slot);
		if (!slot)
			return ARB_ENOMEM;
		for (size_t i = 0; i < m->cap; i++)
			if (m->slot[i].id)
				idmap_place(slot, cap, m->slot[i]);
		free(m->slot);
		m->slot = slot;
		m->cap = cap;
	}
	idmap_place(m->slot, m->cap, (arb_idmap_slot){id, rec});
	m->used++;
	return ARB_OK;
}

void arb__idmap_clear(arb_idmap *m)
{
	if (m->cap)
		memset(m->slot, 0, m->cap * sizeof *m->slot);
	m->used = 0;
}

void arb__idmap_free(arb_idmap *m)
{
	free(m->slot);
	*m = (arb_idmap){0};
}
