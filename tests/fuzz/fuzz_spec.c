/* fuzz_spec.c: libFuzzer over spec/ (docs/spec-format.md). The bundled
 * spec is copied to a directory of the harness's own; each input replaces
 * one of its files (the first byte picks which, the rest is the text), and
 * the rulebook is loaded strictly and leniently (as lint does) and bound to
 * the predicates. A crash, a sanitizer report, ARB_EINTERNAL, or an error
 * without a message aborts. */
#define _XOPEN_SOURCE 700 /* nftw, mkdtemp */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arbiter.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_FILES = 64 };

/* A file of the copy: its path and original text. */
typedef struct spec_file {
	char *path;
	char *text;
	size_t len;
} spec_file;

/* The copy of spec/ and its files, made once, each restored after the
 * input that replaced it; sorted by path, so that the first byte of an
 * input picks the same file on every machine. */
static struct {
	char dir[256];
	size_t root_len; /* of the source spec directory's path */
	spec_file file[MAX_FILES];
	size_t n;
} g;

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, k;
	do {
		if (n + 4096 > cap) {
			char *nb = realloc(buf, cap = 2 * cap + 4096);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		k = fread(buf + n, 1, 4096, f);
		n += k;
	} while (k == 4096);
	fclose(f);
	*len = n;
	return buf;
}

static int put(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	size_t w = fwrite(text, 1, len, f);
	return fclose(f) == 0 && w == len ? 0 : -1;
}

static int copy_entry(const char *src, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	char dst[512];
	snprintf(dst, sizeof dst, "%s%s", g.dir, src + g.root_len);
	if (flag == FTW_D)
		return mkdir(dst, 0777) == 0 || src[g.root_len] == '\0' ? 0 : -1;
	/* baseline.md and shared/situations.md are not the rulebook's
	 * (fuzz_baseline and fuzz_situations read them): left out, so that the
	 * first byte picks the files it always picked */
	const char *base = strrchr(src, '/');
	if (flag != FTW_F || g.n == MAX_FILES || !strstr(src, ".md") ||
	    strcmp(base ? base + 1 : src, "baseline.md") == 0 ||
	    strcmp(base ? base + 1 : src, "situations.md") == 0)
		return 0;
	size_t len;
	char *text = slurp(src, &len);
	if (!text || put(dst, text, len))
		return -1;
	g.file[g.n++] = (spec_file){strdup(dst), text, len};
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const spec_file *)a)->path, ((const spec_file *)b)->path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *spec = getenv("ARBITER_SPEC");
	spec = spec ? spec : "spec";
	const char *tmp = getenv("TMPDIR");
	snprintf(g.dir, sizeof g.dir, "%s/arbiter-fuzz-spec-XXXXXX", tmp ? tmp : "/tmp");
	g.root_len = strlen(spec);
	if (!mkdtemp(g.dir) || nftw(spec, copy_entry, 16, FTW_PHYS) != 0 || !g.n) {
		fprintf(stderr, "fuzz: cannot copy %s to %s\n", spec, g.dir);
		exit(2);
	}
	qsort(g.file, g.n, sizeof *g.file, by_path);
	return 0;
}

static void load(int flags)
{
	arb_rulebook *rb = NULL;
	arb_oracle *o = NULL;
	arb_error err;
	arb_error_clear(&err);
	int rc = arb_rulebook_load_ex(&rb, g.dir, flags, &err);
	if (rc == ARB_EINTERNAL || (rc && !err.message[0]) || (rc == ARB_OK) != (rb != NULL))
		abort();
	if (rb) {
		rc = arb_oracle_new(&o, rb, &err);
		if (rc == ARB_EINTERNAL || (rc && !err.message[0]))
			abort();
	}
	arb_oracle_free(o);
	arb_rulebook_free(rb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	const spec_file *f = &g.file[data[0] % g.n];
	if (put(f->path, (const char *)data + 1, size - 1))
		abort();
	load(0);
	load(ARB_LOAD_LENIENT);
	if (put(f->path, f->text, f->len))
		abort();
	return 0;
}
