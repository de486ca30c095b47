/*
 * cmd_certify_abi.c: an implementation loaded as a shared library through
 * the C ABI of arbiter_impl.h (`certify --abi LIB`, docs/certify.md): the
 * same lines as the streaming protocol, passed by call instead of pipe, or
 * (version 3, when the library exports arbiter_impl_judge_scenario) the
 * scenario as the header's structures, with no line written or read. In
 * the certifier's own process: fast, and unprotected against a crash.
 *
 * Against a hang it is protected: every call into the library is made by a
 * thread of its own (the caller), while the certifier's thread waits at
 * most the timeout for its return. A call that does not return is left
 * running and the library is never called again (nor closed, nor
 * unloaded: its thread is still in it), and nothing it may still read or
 * write is freed: the certifier records the case, says the rest were not
 * run, writes its bundle and exits.
 */
#include "arbiter_impl.h"
#include "certify.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The longest verdict line taken from a library. */
#define ABI_MAX_LINE ((size_t)1 << 20)

/* What the caller thread is asked to do, one call at a time. */
enum { CALL_NONE, CALL_OPEN, CALL_HELLO, CALL_JUDGE, CALL_SCENARIO, CALL_CLOSE };

/* One call's arguments and answer. Its memory (a copy of the line, the
 * scenario's structures) is the call's: left to the library when the call
 * does not return. */
typedef struct abi_call {
	int kind;
	const char *suite;
	char *line;
	size_t len;
	struct view_mem *mem;
	arbiter_impl_scenario *view;
	long k;          /* judge: the answer's length */
	const char *got; /* hello */
	void *ctx;       /* open */
} abi_call;

struct cert_abi {
	void *lib;
	void *ctx;
	void *(*open)(const char *);
	const char *(*hello)(void *);
	long (*judge)(void *, const char *, size_t, char *, size_t);
	long (*judge_scenario)(void *, const arbiter_impl_scenario *, char *, size_t);
	void (*close)(void *);
	char *buf;
	double timeout; /* seconds a call may take */
	/* the caller thread and its hand-over */
	pthread_t caller;
	bool started;
	/* The hand-over: a call is asked when `asked` passes the caller's
	 * count and answered when `answered` reaches it. Each side first spins
	 * a little (a call takes tens of microseconds; waking a sleeping thread
	 * took longer, and made the C ABI three times slower), then sleeps on
	 * its condition, saying so in its `*_sleeps` flag; the other side,
	 * having published, reads that flag and signals under mu. */
	pthread_mutex_t mu;
	pthread_cond_t go, done;
	abi_call *call; /* the call asked, published by `asked` */
	unsigned long n_asked;
	atomic_ulong asked, answered;
	atomic_bool caller_sleeps, main_sleeps, quit;
	bool hung; /* a call did not return: the library is not called again */
};

/* How long a side spins before it sleeps. */
#define SPIN_NS 2000000L

static long elapsed_ns(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000000000L + (t.tv_nsec - t0->tv_nsec);
}

static void spin_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Spins until *v differs from `old` (or `stop` is set, if given), at most
 * SPIN_NS: whether it did. */
static bool spin_while(const atomic_ulong *v, unsigned long old, const atomic_bool *stop)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (unsigned i = 1;; i++) {
		if (atomic_load(v) != old || (stop && atomic_load(stop)))
			return true;
		spin_pause();
		if (i % 256 == 0 && elapsed_ns(&t0) > SPIN_NS)
			return false;
	}
}

static void call_run(cert_abi *a, abi_call *c)
{
	switch (c->kind) {
	case CALL_OPEN:
		c->ctx = a->open(c->suite);
		break;
	case CALL_HELLO:
		c->got = a->hello(a->ctx);
		break;
	case CALL_JUDGE:
		c->k = a->judge(a->ctx, c->line, c->len, a->buf, ABI_MAX_LINE);
		break;
	case CALL_SCENARIO:
		c->k = a->judge_scenario(a->ctx, c->view, a->buf, ABI_MAX_LINE);
		break;
	case CALL_CLOSE:
		a->close(a->ctx);
		break;
	default:
		break;
	}
}

static void *caller_main(void *arg)
{
	cert_abi *a = arg;
	unsigned long seen = 0;
	for (;;) {
		if (!spin_while(&a->asked, seen, &a->quit)) {
			pthread_mutex_lock(&a->mu);
			atomic_store(&a->caller_sleeps, true);
			while (atomic_load(&a->asked) == seen && !atomic_load(&a->quit))
				pthread_cond_wait(&a->go, &a->mu);
			atomic_store(&a->caller_sleeps, false);
			pthread_mutex_unlock(&a->mu);
		}
		if (atomic_load(&a->quit))
			break;
		seen = atomic_load(&a->asked);
		call_run(a, a->call);
		atomic_store(&a->answered, seen);
		if (atomic_load(&a->main_sleeps)) {
			pthread_mutex_lock(&a->mu);
			pthread_cond_signal(&a->done);
			pthread_mutex_unlock(&a->mu);
		}
	}
	return NULL;
}

/* Makes call c on the caller thread and waits for it at most the timeout:
 * 0 when it returned, -1 when it did not (the library is then hung). */
static int call_wait(cert_abi *a, abi_call *c, char *why, size_t n)
{
	if (a->hung) {
		snprintf(why, n, "not run: the library did not return from an earlier call");
		return -1;
	}
	struct timespec until;
	clock_gettime(CLOCK_MONOTONIC, &until);
	double whole = floor(a->timeout);
	until.tv_sec += (time_t)whole;
	until.tv_nsec += (long)((a->timeout - whole) * 1e9);
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	/* the caller thread writes its answer here: on the heap, since a call
	 * that outlives the wait may still write it */
	abi_call *own = malloc(sizeof *own);
	if (!own) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	*own = *c;
	a->call = own;
	unsigned long k = ++a->n_asked;
	atomic_store(&a->asked, k);
	if (atomic_load(&a->caller_sleeps)) {
		pthread_mutex_lock(&a->mu);
		pthread_cond_signal(&a->go);
		pthread_mutex_unlock(&a->mu);
	}
	bool ok = spin_while(&a->answered, k - 1, NULL);
	if (!ok) {
		int rc = 0;
		pthread_mutex_lock(&a->mu);
		atomic_store(&a->main_sleeps, true);
		while (atomic_load(&a->answered) != k && rc != ETIMEDOUT)
			rc = pthread_cond_timedwait(&a->done, &a->mu, &until);
		atomic_store(&a->main_sleeps, false);
		ok = atomic_load(&a->answered) == k;
		pthread_mutex_unlock(&a->mu);
	}
	if (!ok)
		a->hung = true;
	if (ok) {
		*c = *own;
		free(own);
	} else {
		snprintf(why, n,
		         "no return from the library within %g s (the C ABI cannot stop it: it is "
		         "left running and not called again; the streaming protocol restarts a "
		         "program that hangs)",
		         a->timeout);
		return -1;
	}
	return 0;
}

/* dlsym's object pointer as a function pointer (POSIX allows it). */
#define SYM(dst, name) (*(void **)&(dst) = dlsym(a->lib, name))

int cert_abi_open(cert_abi **out, const char *path, const char *suite, double timeout,
                  char **hello_line, char *why, size_t n)
{
	*hello_line = NULL;
	cert_abi *a = calloc(1, sizeof *a);
	*out = a;
	if (!a || !(a->buf = malloc(ABI_MAX_LINE))) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	a->timeout = timeout > 0 ? timeout : 10;
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&a->mu, NULL);
	pthread_cond_init(&a->go, NULL);
	pthread_cond_init(&a->done, &ca);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&a->caller, NULL, caller_main, a)) {
		snprintf(why, n, "cannot start a thread for the library");
		return -1;
	}
	a->started = true;
	/* a path, never a name for the loader to search for */
	char p[4200];
	snprintf(p, sizeof p, "%s%s", strchr(path, '/') ? "" : "./", path);
	if (!(a->lib = dlopen(p, RTLD_NOW | RTLD_LOCAL))) {
		const char *e = dlerror();
		snprintf(why, n, "cannot load %s: %s", path, e ? e : "dlopen failed");
		return -1;
	}
	int (*abi)(void) = NULL;
	if (!SYM(abi, "arbiter_impl_abi") || !SYM(a->open, "arbiter_impl_open") ||
	    !SYM(a->hello, "arbiter_impl_hello") || !SYM(a->judge, "arbiter_impl_judge") ||
	    !SYM(a->close, "arbiter_impl_close")) {
		snprintf(why, n, "%s lacks a function of arbiter_impl.h", path);
		return -1;
	}
	int version = abi();
	if (version != 1 && version != ARBITER_IMPL_ABI) {
		snprintf(why, n, "%s speaks ABI %d; this certifier speaks 1 and %d", path, version,
		         ARBITER_IMPL_ABI);
		return -1;
	}
	/* optional since version 2: the scenario as structures */
	if (version >= 2)
		SYM(a->judge_scenario, "arbiter_impl_judge_scenario");
	abi_call c = {.kind = CALL_OPEN, .suite = suite};
	if (call_wait(a, &c, why, n))
		return -1;
	if (!(a->ctx = c.ctx)) {
		snprintf(why, n, "%s: arbiter_impl_open failed", path);
		return -1;
	}
	c = (abi_call){.kind = CALL_HELLO};
	if (call_wait(a, &c, why, n))
		return -1;
	const char *h = c.got;
	if (!h || !(*hello_line = strdup(h))) {
		snprintf(why, n, "%s: no hello", path);
		return -1;
	}
	return 0;
}

bool cert_abi_takes_scenarios(const cert_abi *a)
{
	return a && a->judge_scenario;
}

/* ---- the scenario as arbiter_impl.h's structures ---- */

/* The memory of one scenario's structures: blocks freed together after
 * the call. */
typedef struct view_mem {
	void **blocks;
	size_t n, cap;
	bool oom;
} view_mem;

/* n zeroed elements of size bytes (NULL for none, or with oom set). */
static void *vm_alloc(view_mem *m, size_t count, size_t size)
{
	if (count == 0 || m->oom)
		return NULL;
	if (m->n == m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 32;
		void **b = realloc(m->blocks, cap * sizeof *b);
		if (!b) {
			m->oom = true;
			return NULL;
		}
		m->blocks = b;
		m->cap = cap;
	}
	void *p = calloc(count, size);
	if (!p)
		m->oom = true;
	else
		m->blocks[m->n++] = p;
	return p;
}

static void vm_free(view_mem *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->blocks[i]);
	free(m->blocks);
}

static const arbiter_impl_number *view_numbers(view_mem *m, const arb_kv *kv, size_t n)
{
	arbiter_impl_number *v = vm_alloc(m, n, sizeof *v);
	for (size_t i = 0; v && i < n; i++)
		v[i] = (arbiter_impl_number){kv[i].name, kv[i].value};
	return v;
}

static const arbiter_impl_point *view_points(view_mem *m, const arb_vec2 *p, size_t n)
{
	arbiter_impl_point *v = vm_alloc(m, n, sizeof *v);
	for (size_t i = 0; v && i < n; i++)
		v[i] = (arbiter_impl_point){p[i].x, p[i].y};
	return v;
}

static void view_unit(view_mem *m, arbiter_impl_unit *v, const arb_unit *u)
{
	arbiter_impl_model *models = vm_alloc(m, u->n_models, sizeof *models);
	for (size_t i = 0; models && i < u->n_models; i++) {
		const arb_model *md = &u->models[i];
		models[i] = (arbiter_impl_model){.id = md->id,
		                                 .pos = {md->pos.x, md->pos.y},
		                                 .facing_deg = md->facing_deg,
		                                 .shape = md->base.shape == ARB_BASE_RECT
		                                              ? ARBITER_IMPL_RECT
		                                              : ARBITER_IMPL_ROUND,
		                                 .d_mm = md->base.d_mm,
		                                 .w_mm = md->base.w_mm,
		                                 .depth_mm = md->base.depth_mm,
		                                 .stats = view_numbers(m, md->stats, md->n_stats),
		                                 .n_stats = md->n_stats};
	}
	*v = (arbiter_impl_unit){.id = u->id,
	                         .side = u->side,
	                         .formation = u->formation,
	                         .facing_deg = u->facing_deg,
	                         .stats = view_numbers(m, u->stats, u->n_stats),
	                         .n_stats = u->n_stats,
	                         .status = u->status,
	                         .n_status = u->n_status,
	                         .models = models,
	                         .n_models = u->n_models};
}

static void view_path(view_mem *m, arbiter_impl_path *v, const arb_path *p)
{
	*v = (arbiter_impl_path){
	    .model = p->model, .points = view_points(m, p->pts, p->n_pts), .n_points = p->n_pts};
	if (!p->facing && !p->steps)
		return;
	double *fa = vm_alloc(m, p->n_pts, sizeof *fa);
	arbiter_impl_step *st = vm_alloc(m, p->n_pts, sizeof *st);
	for (size_t i = 0; fa && st && i < p->n_pts; i++) {
		fa[i] = p->facing ? p->facing[i] : NAN;
		if (p->steps && p->steps[i].kind == ARB_STEP_ROTATE)
			st[i] = (arbiter_impl_step){
			    1, {p->steps[i].pivot.x, p->steps[i].pivot.y}, p->steps[i].angle_deg};
		else
			st[i] = (arbiter_impl_step){.angle_deg = NAN};
	}
	v->facings = fa;
	v->steps = st;
}

/* s as the header's structures, in m; false when memory runs out. What a
 * line would say is what they say: the profile "all" is null, as
 * arbj_scenario_dump writes it. */
static bool view_scenario(view_mem *m, arbiter_impl_scenario *v, const arb_scenario *s)
{
	const arb_context *c = &s->context;
	const arb_action *a = &s->action;
	bool all = !s->profile || strcmp(s->profile, "all") == 0;
	*v = (arbiter_impl_scenario){.abi = ARBITER_IMPL_ABI,
	                             .id = s->id,
	                             .ruleset = s->ruleset,
	                             .profile = all ? NULL : s->profile,
	                             .phase = c->phase,
	                             .subphase = c->subphase,
	                             .battle_round = c->battle_round,
	                             .active_side = c->active_side,
	                             .in_progress = c->in_progress,
	                             .completed = c->completed,
	                             .n_completed = c->n_completed,
	                             .has_log = c->has_log,
	                             .n_log = c->n_log,
	                             .board_w = s->board_w,
	                             .board_h = s->board_h,
	                             .n_units = s->n_units,
	                             .n_terrain = s->n_terrain,
	                             .action_type = a->type,
	                             .action_unit = a->unit,
	                             .voluntary = a->voluntary,
	                             .n_paths = a->n_paths,
	                             .stationary_declared = a->stationary_declared,
	                             .stationary = a->stationary,
	                             .n_stationary = a->n_stationary,
	                             .targets = a->targets,
	                             .n_targets = a->n_targets,
	                             .dice = s->dice,
	                             .n_dice = s->n_dice,
	                             .dice_test = s->dice_test,
	                             .n_facts = s->n_facts};
	arbiter_impl_event *log = vm_alloc(m, c->n_log, sizeof *log);
	for (size_t i = 0; log && i < c->n_log; i++) {
		const arb_log_event *e = &c->log[i];
		arbiter_impl_path *ep = e->n_paths ? vm_alloc(m, e->n_paths, sizeof *ep) : NULL;
		for (size_t k = 0; ep && k < e->n_paths; k++)
			view_path(m, &ep[k], &e->paths[k]);
		log[i] = (arbiter_impl_event){e->subphase,         e->unit,    e->action,   ep,
		                              ep ? e->n_paths : 0, e->targets, e->n_targets};
	}
	v->log = log;
	arbiter_impl_unit *units = vm_alloc(m, s->n_units, sizeof *units);
	for (size_t i = 0; units && i < s->n_units; i++)
		view_unit(m, &units[i], &s->units[i]);
	v->units = units;
	arbiter_impl_terrain *ter = vm_alloc(m, s->n_terrain, sizeof *ter);
	for (size_t i = 0; ter && i < s->n_terrain; i++) {
		const arb_terrain *t = &s->terrain[i];
		ter[i] = (arbiter_impl_terrain){.id = t->id,
		                                .kind = t->kind,
		                                .has_height = t->has_height,
		                                .height = t->height,
		                                .polygon = view_points(m, t->poly, t->n_poly),
		                                .n_polygon = t->n_poly};
	}
	v->terrain = ter;
	arbiter_impl_path *paths = vm_alloc(m, a->n_paths, sizeof *paths);
	for (size_t i = 0; paths && i < a->n_paths; i++)
		view_path(m, &paths[i], &a->paths[i]);
	v->paths = paths;
	arbiter_impl_fact *facts = vm_alloc(m, s->n_facts, sizeof *facts);
	for (size_t i = 0; facts && i < s->n_facts; i++)
		facts[i] = (arbiter_impl_fact){s->facts[i].name, s->facts[i].value};
	v->facts = facts;
	return !m->oom;
}

int cert_abi_ask(cert_abi *a, const arb_scenario *sc, const char *line, size_t len, char **answer,
                 char *why, size_t n)
{
	*answer = NULL;
	long k;
	if (a->judge_scenario && sc) {
		/* the call's own memory, left behind if it does not return */
		view_mem *m = calloc(1, sizeof *m);
		arbiter_impl_scenario *v = calloc(1, sizeof *v);
		if (!m || !v || !view_scenario(m, v, sc)) {
			if (m)
				vm_free(m);
			free(m);
			free(v);
			snprintf(why, n, "out of memory");
			return -1;
		}
		abi_call c = {.kind = CALL_SCENARIO, .mem = m, .view = v};
		if (call_wait(a, &c, why, n))
			return -1;
		k = c.k;
		vm_free(m);
		free(m);
		free(v);
	} else {
		abi_call c = {.kind = CALL_JUDGE, .line = malloc(len ? len : 1), .len = len};
		if (!c.line) {
			snprintf(why, n, "out of memory");
			return -1;
		}
		memcpy(c.line, line, len);
		if (call_wait(a, &c, why, n))
			return -1;
		k = c.k;
		free(c.line);
	}
	if (k < 0) {
		snprintf(why, n, "%s gave no answer",
		         a->judge_scenario && sc ? "arbiter_impl_judge_scenario"
		                                 : "arbiter_impl_judge");
		return -1;
	}
	if ((size_t)k >= ABI_MAX_LINE) {
		snprintf(why, n, "wrote a line longer than %zu bytes", ABI_MAX_LINE - 1);
		return -1;
	}
	/* never strlen: a library that left out the NUL would be read past */
	if (memchr(a->buf, '\n', (size_t)k) || memchr(a->buf, '\0', (size_t)k) ||
	    a->buf[k] != '\0') {
		snprintf(why, n,
		         "wrote more than one line, a NUL byte, or no NUL at its end, for "
		         "one scenario");
		return -1;
	}
	if (!(*answer = strdup(a->buf))) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	return 0;
}

bool cert_abi_hung(const cert_abi *a)
{
	return a && a->hung;
}

void cert_abi_close(cert_abi *a)
{
	if (!a)
		return;
	if (a->hung) {
		/* its thread is still in the library: nothing it may touch is
		 * freed, unloaded or waited for (the process ends) */
		pthread_detach(a->caller);
		return;
	}
	char why[256];
	abi_call c = {.kind = CALL_CLOSE};
	if (a->ctx && call_wait(a, &c, why, sizeof why)) {
		pthread_detach(a->caller);
		return;
	}
	if (a->started) {
		pthread_mutex_lock(&a->mu);
		atomic_store(&a->quit, true);
		pthread_cond_signal(&a->go);
		pthread_mutex_unlock(&a->mu);
		pthread_join(a->caller, NULL);
	}
	if (a->lib)
		dlclose(a->lib);
	pthread_cond_destroy(&a->go);
	pthread_cond_destroy(&a->done);
	pthread_mutex_destroy(&a->mu);
	free(a->buf);
	free(a);
}
