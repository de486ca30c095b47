/* internal.h: declarations shared inside the library, never by tools/. */
#ifndef ARB_INTERNAL_H
#define ARB_INTERNAL_H

#include "arbiter.h"

#include <stdarg.h>
#include <stddef.h>

/* Whether AddressSanitizer instruments this build (gcc, clang). */
#if defined(__SANITIZE_ADDRESS__)
#define ARB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARB_ASAN 1
#endif
#endif

/* A bump allocator: blocks freed all at once by arb__arena_free. */
typedef struct arb_arena {
	struct arb_block *head;
	/* NULL, or the arena every allocation is taken from (and freed with:
	 * the scenarios of a case set lie side by side in its slab, densely);
	 * the runs of memory taken, for arb__arena_prefetch (past the fourth,
	 * the rest is not asked for) */
	struct arb_arena *parent;
	struct {
		char *lo, *hi;
	} run[4];
	size_t n_run;
} arb_arena;
arb_arena *arb__arena_new(void);
void arb__arena_free(arb_arena *a);
/* An arena held by the caller (a judgement's scratch, engine.h) whose
 * first block is the caller's buffer buf of size bytes (NULL or too small:
 * none); arb__arena_release frees the blocks it took from the heap and
 * leaves it empty. */
void arb__arena_init_buf(arb_arena *a, max_align_t *buf, size_t size);
void arb__arena_release(arb_arena *a);
/* Empties a (NULL: nothing) for reuse, keeping its newest block. */
void arb__arena_reset(arb_arena *a);
/* Zeroed memory for size bytes (n elements of size bytes), owned by the
 * arena; NULL when out of memory or when the size does not fit a size_t. */
void *arb__arena_alloc(arb_arena *a, size_t size);
void *arb__arena_array(arb_arena *a, size_t n, size_t size);
char *arb__arena_strndup(arb_arena *a, const char *s, size_t n);
/* Asks the processor to bring the arena's memory into its caches. */
void arb__arena_prefetch(const arb_arena *a);
/* The same for a scenario: its arena and its index (arb_judge_ex). */
void arb__scenario_prefetch(const arb_scenario *s);

/* A growable array of pointers, owned by whoever holds it. */
typedef struct arb_ptrvec {
	void **v;
	size_t n, cap;
} arb_ptrvec;
int arb__ptrvec_push(arb_ptrvec *pv, void *p);
void arb__ptrvec_free(arb_ptrvec *pv);

/* Records by their string ID: a hash set (FNV-1a, open addressing, at
 * most half full), so that finding one stays constant time and loading
 * thousands linear. The IDs and records are the caller's; put does not
 * check for a duplicate (get first). */
typedef struct arb_idmap_slot {
	const char *id;
	const void *rec;
} arb_idmap_slot;

typedef struct arb_idmap {
	arb_idmap_slot *slot;
	size_t cap, used;
} arb_idmap;

const void *arb__idmap_get(const arb_idmap *m, const char *id);
int arb__idmap_put(arb_idmap *m, const char *id, const void *rec);
/* Empties m, keeping its memory. */
void arb__idmap_clear(arb_idmap *m);
void arb__idmap_free(arb_idmap *m);

/* Whether two names are the same: strcmp(a, b) == 0, inline. The names
 * judging looks up (IDs, actions, phases, parameters) are a few bytes, for
 * which the call to strcmp cost more than the comparing (a tenth of
 * judging went to strcmp). */
static inline bool arb__same(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* Whether word occurs in the space-separated list ("*" matches all). */
bool arb__word_in(const char *list, const char *word);

/* Whether every case of cs was validated against rb (loaded with rb
 * alone): such cases may be judged by an oracle of rb with
 * ARB_JUDGE_VALIDATED. */
bool arb__caseset_validated(const arb_caseset *cs, const arb_rulebook *rb);

/* lint-words.c: the checks of the words themselves (term-variant,
 * repeated-parameter), added to l for ruleset (NULL: all). */
int arb__lint_words(arb_lint *l, const arb_rulebook *rb, const char *ruleset);

/* arb_error_set with a va_list. */
int arb__verror_set(arb_error *err, int code, const char *file, long line, long column,
                    const char *field, const char *fmt, va_list ap)
    __attribute__((format(printf, 7, 0)));

/* Inches to the yard for ruleset rs: a parameter `yard` that its own text
 * (or an errata file) declares, else CONV.UNIT.3's; NAN when neither does
 * (oracle.c; the search reads it too). */
double arb__yard_in(const arb_rulebook *rb, const char *rs);

#endif
