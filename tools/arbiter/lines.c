/*
 * lines.c: reading a stream line by line with a bound on a line's length
 * (CLI_MAX_LINE, docs/limits.md), so that one endless line from a pipe
 * cannot take all memory: the reader holds at most the bound and one block,
 * and an over-long line is read through to its end and reported, not kept.
 * It reads the stream's descriptor itself: nothing else may read f.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK ((size_t)1 << 16)

void cli_lines_init(cli_lines *r, FILE *f, size_t max)
{
	memset(r, 0, sizeof *r);
	r->f = f;
	r->max = max;
}

void cli_lines_free(cli_lines *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* Room for one more block after the bytes held (from start on, moved to
 * the front first). 0, or -1 when memory runs out. */
static int make_room(cli_lines *r)
{
	if (r->start) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	if (r->cap - r->end > BLOCK)
		return 0;
	size_t ncap = r->cap ? r->cap * 2 : 2 * BLOCK;
	while (ncap - r->end <= BLOCK)
		ncap *= 2;
	char *nb = realloc(r->buf, ncap);
	if (!nb)
		return -1;
	r->buf = nb;
	r->cap = ncap;
	return 0;
}

int cli_lines_next(cli_lines *r, char **line, size_t *len)
{
	size_t scanned = 0; /* bytes from start known to hold no newline */
	bool skipping = false;
	for (;;) {
		size_t have = r->end - r->start - scanned;
		char *nl = have ? memchr(r->buf + r->start + scanned, '\n', have) : NULL;
		if (nl) {
			size_t n = (size_t)(nl - (r->buf + r->start));
			char *at = r->buf + r->start;
			r->start += n + 1;
			r->lineno++;
			if (skipping || n > r->max)
				return CLI_LINE_TOO_LONG;
			at[n] = '\0';
			*line = at;
			*len = n;
			return CLI_LINE;
		}
		scanned = r->end - r->start;
		if (scanned > r->max) { /* past the bound: drop what is held */
			skipping = true;
			r->start = r->end;
			scanned = 0;
		}
		if (make_room(r) != 0)
			return CLI_LINE_NOMEM;
		/* read(2), not fread: a line that has come is answered at once,
		 * without waiting for a block to fill (a program on the other end
		 * of a pipe may wait for the answer before it writes more). */
		ssize_t got;
		do
			got = read(fileno(r->f), r->buf + r->end, r->cap - r->end - 1);
		while (got < 0 && errno == EINTR);
		if (got < 0)
			return CLI_LINE_ERROR;
		r->end += (size_t)got;
		if (got)
			continue;
		if (r->end == r->start && !skipping)
			return CLI_LINE_END;
		/* the last line, without its newline */
		size_t n = r->end - r->start;
		char *at = r->buf + r->start;
		r->start = r->end;
		r->lineno++;
		if (skipping || n > r->max)
			return CLI_LINE_TOO_LONG;
		at[n] = '\0';
		*line = at;
		*len = n;
		return CLI_LINE;
	}
}

int cli_read_file(const char *path, size_t max, char **buf, size_t *len)
{
	*buf = NULL;
	*len = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return errno ? errno : EIO;
	char *b = NULL;
	size_t n = 0, cap = 0, k;
	int e = 0;
	do {
		if (n + 4097 > cap) {
			char *nb = n <= max ? realloc(b, cap = cap * 2 + 4097) : NULL;
			if (!nb) {
				e = n <= max ? ENOMEM : EFBIG;
				break;
			}
			b = nb;
		}
		k = fread(b + n, 1, 4096, f);
		n += k;
	} while (k == 4096);
	if (!e && n > max)
		e = EFBIG;
	if (!e && ferror(f))
		e = EIO;
	fclose(f);
	if (e) {
		free(b);
		return e;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int cli_read_list(const char *path, const char *what, char **buf, size_t *len, arb_error *err)
{
	int e = cli_read_file(path, (size_t)1 << 24, buf, len);
	if (e == ENOENT)
		return ARB_OK;
	if (e == ENOMEM || e == EFBIG)
		return arb_error_set(err, ARB_ENOMEM, path, 0, 0, NULL,
		                     "out of memory (or a %s over 16 MiB)", what);
	if (e)
		return arb_error_set(err, ARB_EIO, path, 0, 0, NULL, "cannot read: %s",
		                     strerror(e));
	return ARB_OK;
}
