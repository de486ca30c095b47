/* datadir.c: the data directory search. A checkout's ./spec comes first so
 * that every test and `make run` read the working tree; an installed
 * program then finds its own share/arbiter next to its bin/, which also
 * holds for a DESTDIR-staged or moved install; the ARB_DATADIR it was
 * built for is the last resort. */
#include "datadir.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Only the installed program has one (Makefile, make install). */
#ifndef ARB_DATADIR
#define ARB_DATADIR ""
#endif

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool cli_datadir_prefix(const char *exe, char *out, size_t n)
{
	const char *last = strrchr(exe, '/');
	if (!last || last == exe)
		return false;
	const char *bin = last - 1;
	while (bin > exe && *bin != '/')
		bin--;
	if (*bin != '/')
		return false;
	int len = (int)(bin - exe);
	/* "/bin/arbiter": the prefix is the root, spelt "" so "/share" follows */
	return snprintf(out, n, "%.*s", len, exe) < (int)n;
}

/* Joins dir and name, "name" alone when dir is "." (the checkout keeps
 * the relative paths its messages always showed). */
static bool join(char *out, size_t n, const char *dir, const char *name)
{
	int w = strcmp(dir, ".") == 0 ? snprintf(out, n, "%s", name)
	                              : snprintf(out, n, "%s/%s", dir, name);
	return w >= 0 && (size_t)w < n;
}

bool cli_datadir_find(cli_datadir *out)
{
	memset(out, 0, sizeof *out);
	out->found = -1;
	snprintf(out->place[0], sizeof out->place[0], ".");
	char exe[PATH_MAX], prefix[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = '\0';
		if (cli_datadir_prefix(exe, prefix, sizeof prefix) &&
		    (size_t)snprintf(out->place[1], sizeof out->place[1], "%s/share/arbiter",
		                     prefix) >= sizeof out->place[1])
			out->place[1][0] = '\0';
	}
	snprintf(out->place[2], sizeof out->place[2], "%s", ARB_DATADIR);
	snprintf(out->cases, sizeof out->cases, "cases");
	for (int i = 0; i < CLI_DATA_PLACES; i++) {
		if (!out->place[i][0] ||
		    !join(out->spec, sizeof out->spec, out->place[i], "spec") ||
		    !is_dir(out->spec) ||
		    !join(out->cases, sizeof out->cases, out->place[i], "cases"))
			continue;
		out->found = i;
		return true;
	}
	out->spec[0] = '\0';
	snprintf(out->cases, sizeof out->cases, "cases");
	return false;
}

void cli_datadir_looked(const cli_datadir *d, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < CLI_DATA_PLACES && used < n; i++) {
		if (!d->place[i][0])
			continue;
		int w = snprintf(buf + used, n - used, "%s%s/spec", used ? ", " : "", d->place[i]);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}
