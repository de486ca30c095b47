/* test_support.c: the helpers of support.h. It holds no Test(): it is named
 * test_*.c only so that the Makefile links it into the unit-test binary. */
#include "support.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void support_tmpdir_make(support_tmpdir *t, const char *name)
{
	snprintf(t->path, sizeof t->path, "/tmp/arbiter-%s-XXXXXX", name);
	if (!mkdtemp(t->path))
		cr_fatal("mkdtemp: %s", strerror(errno));
}

void support_tmpdir_remove(support_tmpdir *t)
{
	if (t->path[0])
		support_remove_tree(t->path);
	t->path[0] = '\0';
}

void support_write(const support_tmpdir *t, const char *rel, const char *text)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", t->path, rel);
	/* mkdir each directory of rel in turn; the ones that exist fail
	 * harmlessly, and a real failure shows up at fopen. */
	for (char *p = path + strlen(t->path) + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0777);
			*p = '/';
		}
	FILE *f = fopen(path, "w");
	cr_assert(f != NULL, "cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

void support_remove_tree(const char *path)
{
	struct stat st;
	/* lstat, not stat: a link is removed, never followed */
	if (lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		if (d) {
			struct dirent *de;
			while ((de = readdir(d))) {
				if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
					continue;
				char sub[1024];
				snprintf(sub, sizeof sub, "%s/%s", path, de->d_name);
				support_remove_tree(sub);
			}
			closedir(d);
		}
		rmdir(path);
	} else {
		unlink(path);
	}
}

arb_verdict *support_judge_text(arb_caseset *cs, const arb_rulebook *rb, const arb_oracle *o,
                                const char *file, const char *text)
{
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_caseset_load_text(cs, file, text, strlen(text), rb, &err), ARB_OK),
	          "%s", arb_error_format(&err, buf, sizeof buf));
	const arb_case *c = arb_caseset_at(cs, arb_caseset_count(cs) - 1);
	arb_verdict *v = NULL;
	cr_assert(eq(int, arb_judge(&v, o, c->scenario, NULL, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	return v;
}

const arb_result *support_result_of(const arb_verdict *v, const char *clause, const char *reading)
{
	for (size_t i = 0; i < v->n_trace; i++) {
		const arb_trace *t = &v->trace[i];
		if (strcmp(t->pred->clause, clause) == 0 &&
		    (!reading || (t->reading && strcmp(t->reading, reading) == 0)))
			return &t->result;
	}
	cr_fatal("%s%s%s is not in the trace", clause, reading ? "/" : "", reading ? reading : "");
	return NULL;
}

void support_load(arb_rulebook **rb, arb_oracle **o)
{
	arb_error err;
	char buf[1024];
	arb_error_clear(&err);
	cr_assert(eq(int, arb_rulebook_load(rb, "spec", &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
	cr_assert(eq(int, arb_oracle_new(o, *rb, &err), ARB_OK), "%s",
	          arb_error_format(&err, buf, sizeof buf));
}

/* The whole of the file at path (relative to the project root, where the
 * tests run), NUL-terminated; malloc'ed, the caller frees it. A file that
 * cannot be read fails the test. */
char *support_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert(f != NULL, "cannot open %s", path);
	cr_assert(eq(int, fseek(f, 0, SEEK_END), 0));
	long n = ftell(f);
	cr_assert(n >= 0);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	cr_assert(buf != NULL);
	cr_assert(eq(sz, fread(buf, 1, (size_t)n, f), (size_t)n));
	buf[n] = '\0';
	fclose(f);
	return buf;
}

void support_load_tree(arb_caseset *cs, const arb_rulebook *rb, const char *dir)
{
	DIR *d = opendir(dir);
	cr_assert(d != NULL, "cannot open %s", dir);
	struct dirent *de;
	while ((de = readdir(d))) {
		char path[512], buf[1024];
		size_t n = strlen(de->d_name);
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (n > 4 && strcmp(de->d_name + n - 4, ".csv") == 0) {
			arb_error err;
			arb_error_clear(&err);
			cr_assert(eq(int, arb_caseset_load_file(cs, path, rb, &err), ARB_OK), "%s",
			          arb_error_format(&err, buf, sizeof buf));
		} else if (!strchr(de->d_name, '.')) {
			support_load_tree(cs, rb, path);
		}
	}
	closedir(d);
}
