/*
 * outfile.c: every file and directory arbiter writes goes through here, so
 * that no write loses data (docs/outputs.md):
 *
 * - the new output is written whole beside its target, under a name that
 *   carries arbiter's process ID, and renamed into place;
 * - it replaces only a regular file, or a directory that arbiter wrote (it
 *   holds the marker file .arbiter-output) or an empty one; a directory of
 *   the user's, a device, a FIFO, a socket or a symbolic link is refused
 *   and left untouched;
 * - a directory is swapped in with one atomic exchange (renameat2
 *   RENAME_EXCHANGE), so that a kill at any moment leaves the old output or
 *   the new one, never neither;
 * - what a killed run left beside a target (its process is gone) is removed
 *   by the next write to that target.
 */
#define _GNU_SOURCE /* renameat2, RENAME_EXCHANGE */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The marker of a directory arbiter wrote. */
#define MARKER      ".arbiter-output"
#define MARKER_TEXT "written by arbiter: it replaces this directory whole on its next run\n"

/* The parent directory of path (in dir) and its last component. */
static void split(const char *path, char *dir, size_t dn, const char **base)
{
	const char *slash = strrchr(path, '/');
	if (!slash) {
		snprintf(dir, dn, ".");
		*base = path;
	} else if (slash == path) {
		snprintf(dir, dn, "/");
		*base = slash + 1;
	} else {
		snprintf(dir, dn, "%.*s", (int)(slash - path), path);
		*base = slash + 1;
	}
}

static bool dir_is_empty(const char *path)
{
	DIR *d = opendir(path);
	if (!d)
		return false;
	const struct dirent *e;
	bool empty = true;
	while (empty && (e = readdir(d)))
		empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
	closedir(d);
	return empty;
}

static bool has_marker(const char *dir)
{
	char p[8700];
	struct stat st;
	snprintf(p, sizeof p, "%s/" MARKER, dir);
	return lstat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *kind_of(mode_t m)
{
	return S_ISDIR(m)    ? "a directory"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
	       : S_ISFIFO(m) ? "a FIFO"
	       : S_ISSOCK(m) ? "a socket"
	       : S_ISLNK(m)  ? "a symbolic link"
	       : S_ISREG(m)  ? "a regular file"
	                     : "not a regular file";
}

int cli_output_check(const char *path, bool is_dir)
{
	struct stat st;
	if (!path[0]) {
		fprintf(stderr, "arbiter: an output path is empty\n");
		return -1;
	}
	if (strlen(path) > 2048) {
		fprintf(stderr, "arbiter: output path too long (more than 2048 bytes): %.40s...\n",
		        path);
		return -1;
	}
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		fprintf(stderr, "arbiter: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!is_dir && S_ISREG(st.st_mode))
		return 0;
	if (is_dir && S_ISDIR(st.st_mode) && (has_marker(path) || dir_is_empty(path)))
		return 0;
	if (is_dir && S_ISDIR(st.st_mode))
		fprintf(stderr,
		        "arbiter: refusing to replace %s: a directory arbiter did not write (it "
		        "has no " MARKER "); give a new or empty directory\n",
		        path);
	else
		fprintf(stderr,
		        "arbiter: refusing to write %s: it is %s, and arbiter replaces only %s\n",
		        path, kind_of(st.st_mode),
		        is_dir ? "a directory it wrote before" : "a regular file");
	return -1;
}

/* Everything but the top directory and its marker. */
static int remove_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	if (ftw->level == 0 || (ftw->level == 1 && strcmp(p + ftw->base, MARKER) == 0))
		return 0;
	return remove(p);
}

/* Removes a directory of arbiter's with its marker last, so that a kill
 * halfway leaves it marked, for the next run to sweep. */
static void remove_tree(const char *dir)
{
	char marker[8700];
	snprintf(marker, sizeof marker, "%s/" MARKER, dir);
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	unlink(marker);
	rmdir(dir);
}

/* The name beside path that process pid writes into: "<path>.arbiter-<pid>". */
static void side_name(char *buf, size_t n, const char *path, long pid)
{
	snprintf(buf, n, "%s.arbiter-%ld", path, pid);
}

/* Removes what killed runs left beside path: <base>.arbiter-<pid> (and
 * its ".old") whose process is gone; a directory only if it holds the
 * marker or nothing. */
static void sweep(const char *path)
{
	char dir[4200];
	const char *base;
	split(path, dir, sizeof dir, &base);
	size_t bl = strlen(base);
	DIR *d = opendir(dir);
	if (!d)
		return;
	const struct dirent *e;
	while ((e = readdir(d))) {
		const char *nm = e->d_name;
		if (strncmp(nm, base, bl) != 0 || strncmp(nm + bl, ".arbiter-", 9) != 0)
			continue;
		char *end;
		long pid = strtol(nm + bl + 9, &end, 10);
		if ((*end && strcmp(end, ".old") != 0) || pid <= 0 || pid == (long)getpid())
			continue;
		/* Alive, or not ours to ask about: left alone. */
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		char p[8600];
		struct stat st;
		snprintf(p, sizeof p, "%s/%s", dir, nm);
		if (lstat(p, &st) != 0)
			continue;
		if (S_ISREG(st.st_mode))
			unlink(p);
		else if (S_ISDIR(st.st_mode) && (has_marker(p) || dir_is_empty(p)))
			remove_tree(p);
	}
	closedir(d);
}

/* Writes all of data to fd. */
static bool write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t w = write(fd, data, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		data += w;
		len -= (size_t)w;
	}
	return true;
}

int cli_write_atomic(const char *path, const char *data, size_t len)
{
	if (cli_output_check(path, false))
		return -1;
	sweep(path);
	char tmp[2200];
	side_name(tmp, sizeof tmp, path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0 && errno == EEXIST && unlink(tmp) == 0)
		fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0) {
		fprintf(stderr, "arbiter: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	bool ok = write_all(fd, data, len);
	ok = ok && fsync(fd) == 0;
	int saved = errno;
	ok = close(fd) == 0 && ok;
	/* Checked again: what is at path may have changed while we wrote. */
	if (ok && cli_output_check(path, false) == 0 && rename(tmp, path) == 0)
		return 0;
	if (!ok)
		fprintf(stderr, "arbiter: cannot write %s: %s\n", path,
		        strerror(saved ? saved : errno));
	else
		fprintf(stderr, "arbiter: cannot put %s in place: %s\n", path, strerror(errno));
	unlink(tmp);
	return -1;
}

int cli_dir_begin(cli_outdir *d, const char *dir)
{
	memset(d, 0, sizeof *d);
	if (cli_output_check(dir, true))
		return -1;
	sweep(dir);
	snprintf(d->target, sizeof d->target, "%s", dir);
	side_name(d->tmp, sizeof d->tmp, dir, (long)getpid());
	if (has_marker(d->tmp))
		remove_tree(d->tmp);
	if (mkdir(d->tmp, 0777) != 0) {
		fprintf(stderr, "arbiter: cannot make %s: %s\n", d->tmp, strerror(errno));
		return -1;
	}
	char marker[sizeof d->tmp + 32];
	snprintf(marker, sizeof marker, "%s/" MARKER, d->tmp);
	/* The marker first, and written in place (its name is what counts, a
	 * kill may leave it empty): a directory a kill left is empty or marked,
	 * and the next run sweeps it either way. */
	int fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	bool ok = fd >= 0 && write_all(fd, MARKER_TEXT, strlen(MARKER_TEXT));
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	if (!ok) {
		fprintf(stderr, "arbiter: cannot write %s: %s\n", marker, strerror(errno));
		unlink(marker);
		rmdir(d->tmp);
		return -1;
	}
	d->open = true;
	return 0;
}

void cli_dir_abort(cli_outdir *d)
{
	if (d->open)
		remove_tree(d->tmp);
	d->open = false;
}

int cli_dir_commit(cli_outdir *d)
{
	struct stat st;
	if (!d->open)
		return -1;
	if (cli_output_check(d->target, true)) {
		cli_dir_abort(d);
		return -1;
	}
	if (lstat(d->target, &st) != 0) {
		if (rename(d->tmp, d->target) == 0) {
			d->open = false;
			return 0;
		}
	} else if (renameat2(AT_FDCWD, d->tmp, AT_FDCWD, d->target, RENAME_EXCHANGE) == 0) {
		/* d->tmp now holds the old output (marked, or empty). */
		remove_tree(d->tmp);
		d->open = false;
		return 0;
	} else if (errno == EINVAL || errno == ENOSYS) {
		/* A file system without the exchange: move the old aside first
		 * (named as a killed run's litter is, so the next run sweeps it). */
		char old[sizeof d->tmp + 8];
		snprintf(old, sizeof old, "%s.old", d->tmp);
		if (rename(d->target, old) == 0) {
			if (rename(d->tmp, d->target) == 0) {
				remove_tree(old);
				d->open = false;
				return 0;
			}
			rename(old, d->target);
		}
	}
	fprintf(stderr, "arbiter: cannot put %s in place: %s\n", d->target, strerror(errno));
	cli_dir_abort(d);
	return -1;
}

int cli_finish_stdout(int status)
{
	/* What stdio still holds is written now, so that its errors count. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "arbiter: cannot write standard output: %s\n",
		        errno ? strerror(errno) : "write error");
		return EXIT_BADINPUT;
	}
	return status;
}
