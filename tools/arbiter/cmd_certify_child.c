/*
 * cmd_certify_child.c: the implementation under test as a child process
 * that cannot take the certifier down with it (docs/certify.md, "The
 * harness"). Pipes on its three streams, all non-blocking and watched with
 * poll(), so that a child which never reads, never writes, writes without
 * end or dies is noticed within the timeout; its own process group, so
 * that what it forks dies with it; setrlimit on CPU, address space and
 * processes. The certifier ignores SIGPIPE (cmd_certify.c).
 */
#define _GNU_SOURCE /* pipe2 */
#include "certify.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ERR_TAIL 2048

struct cert_child {
	pid_t pid;
	int in, out, err; /* our ends; -1 when closed */
	char *buf;        /* what came on stdout and is not taken yet */
	size_t cap, start, end;
	char errtail[ERR_TAIL + 1];
	char errline[ERR_TAIL + 1]; /* errtail as one line */
	size_t errlen;
	cert_limits lim;
	bool started, exited;
	int code, status; /* waitid's si_code and si_status */
};

static void set_limit(int what, unsigned long v, unsigned long hard)
{
	if (!v)
		return;
	struct rlimit rl = {(rlim_t)v, (rlim_t)hard};
	(void)setrlimit(what, &rl);
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void child_exec(char *const *argv, int in[2], int out[2], int err[2], const cert_limits *lim)
{
	setpgid(0, 0);
	if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
		_exit(127);
	/* the limits: CPU seconds (SIGXCPU, then SIGKILL), address space,
	 * processes (counted per user by the kernel) */
	if (lim->cpu)
		set_limit(RLIMIT_CPU, lim->cpu, lim->cpu + 1); /* SIGXCPU, a second later SIGKILL */
	if (lim->mem_mb)
		set_limit(RLIMIT_AS, lim->mem_mb << 20, lim->mem_mb << 20);
	if (lim->nproc)
		set_limit(RLIMIT_NPROC, lim->nproc, lim->nproc);
	signal(SIGPIPE, SIG_DFL);
	execvp(argv[0], argv);
	static const char msg[] = "arbiter certify: cannot run the implementation\n";
	ssize_t w = write(2, msg, sizeof msg - 1);
	(void)w;
	_exit(127);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Whether the child has exited (waiting up to secs), without reaping it:
 * until the end its process ID, and so its group's, cannot be reused, and
 * killing the group can reach no one else's process. */
static bool exited(cert_child *ch, double secs)
{
	double until = now_s() + secs;
	while (!ch->exited) {
		siginfo_t si;
		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)ch->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid == ch->pid) {
			ch->exited = true;
			ch->code = si.si_code;
			ch->status = si.si_status;
			break;
		}
		if (now_s() >= until)
			break;
		struct timespec ts = {0, 5 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
	return ch->exited;
}

/* What became of a child whose stdout ended. */
static void ended(cert_child *ch, char *why, size_t n)
{
	if (!exited(ch, 1.0))
		snprintf(why, n, "closed its standard output and kept running");
	else if (ch->code == CLD_KILLED || ch->code == CLD_DUMPED)
		snprintf(why, n, "crashed: killed by signal %d (%s)", ch->status,
		         strsignal(ch->status));
	else
		snprintf(why, n, "exited early with status %d", ch->status);
}

static void keep_stderr(cert_child *ch, const char *s, size_t k)
{
	if (k >= ERR_TAIL) {
		memcpy(ch->errtail, s + k - ERR_TAIL, ERR_TAIL);
		ch->errlen = ERR_TAIL;
	} else {
		if (ch->errlen + k > ERR_TAIL) {
			size_t drop = ch->errlen + k - ERR_TAIL;
			memmove(ch->errtail, ch->errtail + drop, ch->errlen - drop);
			ch->errlen -= drop;
		}
		memcpy(ch->errtail + ch->errlen, s, k);
		ch->errlen += k;
	}
	ch->errtail[ch->errlen] = '\0';
}

const char *cert_child_stderr(cert_child *ch)
{
	if (!ch)
		return "";
	/* one line for messages: control characters as spaces, runs of
	 * spaces as one, the last 300 bytes */
	size_t k = 0;
	for (size_t i = 0; i < ch->errlen; i++) {
		char c = (unsigned char)ch->errtail[i] < 0x20 ? ' ' : ch->errtail[i];
		if (c == ' ' && (k == 0 || ch->errline[k - 1] == ' '))
			continue;
		ch->errline[k++] = c;
	}
	while (k && ch->errline[k - 1] == ' ')
		k--;
	ch->errline[k] = '\0';
	return k > 300 ? ch->errline + k - 300 : ch->errline;
}

/* Sends line+"\n" and reads one line back within the timeout. */
static int exchange(cert_child *ch, const char *line, size_t len, char **answer, char *why,
                    size_t n)
{
	*answer = NULL;
	if (ch->out < 0) {
		snprintf(why, n, "the implementation is not running");
		return -1;
	}
	/* Bytes already waiting: lines the implementation wrote after its
	 * last answer, before this question. */
	char probe[4096];
	ssize_t got;
	while ((got = read(ch->out, probe, sizeof probe)) < 0 && errno == EINTR)
		;
	if (got > 0 || ch->end > ch->start) {
		snprintf(why, n,
		         "wrote output nobody asked for (more lines than scenarios) before "
		         "this scenario was sent");
		return -1;
	}
	if (got == 0) {
		ended(ch, why, n);
		return -1;
	}
	double deadline = now_s() + ch->lim.timeout;
	size_t sent = 0, total = len + 1;
	for (;;) {
		char *nl = ch->end > ch->start
		               ? memchr(ch->buf + ch->start, '\n', ch->end - ch->start)
		               : NULL;
		if (nl) {
			size_t k = (size_t)(nl - (ch->buf + ch->start));
			if (ch->end > ch->start + k + 1) {
				snprintf(why, n, "wrote more than one line for one scenario");
				ch->start = ch->end = 0;
				return -1;
			}
			if (memchr(ch->buf + ch->start, '\0', k)) {
				snprintf(why, n, "wrote a NUL byte in its line");
				ch->start = ch->end = 0;
				return -1;
			}
			if (!(*answer = malloc(k + 1))) {
				snprintf(why, n, "out of memory");
				return -1;
			}
			memcpy(*answer, ch->buf + ch->start, k);
			(*answer)[k] = '\0';
			ch->start = ch->end = 0;
			return 0;
		}
		if (ch->end - ch->start > ch->lim.max_line) {
			snprintf(why, n, "wrote a line longer than %zu bytes", ch->lim.max_line);
			ch->start = ch->end = 0;
			return -1;
		}
		/* exited, though something it forked holds the pipe open: what it
		 * wrote is all there will be */
		if (exited(ch, 0)) {
			ssize_t k;
			while (ch->cap - ch->end > 1 &&
			       (k = read(ch->out, ch->buf + ch->end, ch->cap - ch->end)) > 0)
				ch->end += (size_t)k;
			if (ch->end > ch->start &&
			    memchr(ch->buf + ch->start, '\n', ch->end - ch->start))
				continue;
			ended(ch, why, n);
			return -1;
		}
		double left = deadline - now_s();
		if (left <= 0) {
			snprintf(why, n, "timed out: no answer within %g s", ch->lim.timeout);
			return -1;
		}
		struct pollfd p[3] = {{ch->out, POLLIN, 0},
		                      {ch->err, POLLIN, 0},
		                      {sent < total ? ch->in : -1, POLLOUT, 0}};
		/* in slices, to see an exit that closes no pipe */
		int r = poll(p, 3, left > 0.1 ? 100 : (int)(left * 1000) + 1);
		if (r < 0 && errno != EINTR) {
			snprintf(why, n, "poll: %s", strerror(errno));
			return -1;
		}
		if (r <= 0)
			continue;
		if (p[2].revents & (POLLOUT | POLLERR | POLLHUP)) {
			const char *src = sent < len ? line + sent : "\n";
			size_t k = sent < len ? len - sent : 1;
			ssize_t w = write(ch->in, src, k);
			if (w > 0)
				sent += (size_t)w;
			else if (w < 0 && errno != EAGAIN && errno != EINTR)
				sent = total; /* EPIPE: it stopped reading; its stdout says why */
		}
		if (p[1].revents & (POLLIN | POLLHUP | POLLERR)) {
			char eb[4096];
			ssize_t e = read(ch->err, eb, sizeof eb);
			if (e > 0)
				keep_stderr(ch, eb, (size_t)e);
			else if (e == 0)
				close_fd(&ch->err);
		}
		if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (ch->cap - ch->end < 65536) {
				size_t nc = ch->cap ? ch->cap * 2 : 131072;
				char *nb = realloc(ch->buf, nc);
				if (!nb) {
					snprintf(why, n, "out of memory");
					return -1;
				}
				ch->buf = nb;
				ch->cap = nc;
			}
			ssize_t k = read(ch->out, ch->buf + ch->end, ch->cap - ch->end);
			if (k > 0)
				ch->end += (size_t)k;
			else if (k == 0) {
				close_fd(&ch->out);
				ended(ch, why, n);
				return -1;
			}
		}
	}
}

int cert_child_spawn(cert_child **out, char *const *argv, const cert_limits *lim, char *why,
                     size_t n)
{
	cert_child *ch = calloc(1, sizeof *ch);
	*out = ch;
	if (!ch) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	ch->in = ch->out = ch->err = -1;
	ch->lim = *lim;
	if (!(ch->buf = malloc(ch->cap = 131072))) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	int in[2] = {-1, -1}, o[2] = {-1, -1}, e[2] = {-1, -1};
	if (pipe2(in, O_CLOEXEC) || pipe2(o, O_CLOEXEC) || pipe2(e, O_CLOEXEC)) {
		snprintf(why, n, "pipe: %s", strerror(errno));
		goto fail;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, n, "fork: %s", strerror(errno));
		goto fail;
	}
	if (pid == 0)
		child_exec(argv, in, o, e, lim);
	setpgid(pid, pid); /* as the child does: whichever runs first */
	ch->pid = pid;
	ch->started = true;
	close(in[0]);
	close(o[1]);
	close(e[1]);
	ch->in = in[1];
	ch->out = o[0];
	ch->err = e[0];
	fcntl(ch->in, F_SETFL, O_NONBLOCK);
	fcntl(ch->out, F_SETFL, O_NONBLOCK);
	fcntl(ch->err, F_SETFL, O_NONBLOCK);
	return 0;
fail:
	for (int i = 0; i < 2; i++) {
		if (in[i] >= 0)
			close(in[i]);
		if (o[i] >= 0)
			close(o[i]);
		if (e[i] >= 0)
			close(e[i]);
	}
	return -1;
}

int cert_child_start(cert_child **out, char *const *argv, const cert_limits *lim, const char *suite,
                     char **hello_line, char *why, size_t n)
{
	*hello_line = NULL;
	if (cert_child_spawn(out, argv, lim, why, n))
		return -1;
	char start[512];
	int k =
	    snprintf(start, sizeof start,
	             "{\"format\":\"" CERT_FORMAT "\",\"suite\":\"%s\",\"type\":\"start\"}", suite);
	char sub[256];
	if (exchange(*out, start, (size_t)k, hello_line, sub, sizeof sub)) {
		snprintf(why, n, "no hello: %s", sub);
		return -1;
	}
	return 0;
}

int cert_child_ask(cert_child *ch, const char *line, size_t len, char **answer, char *why, size_t n)
{
	return exchange(ch, line, len, answer, why, n);
}

void cert_child_free(cert_child *ch)
{
	if (!ch)
		return;
	close_fd(&ch->in); /* the end of the stream: it should exit */
	if (ch->started) {
		double grace = ch->lim.timeout < 2 ? ch->lim.timeout : 2;
		exited(ch, grace);
		/* the group, what it forked included, before the reaping frees
		 * the ID */
		kill(-ch->pid, SIGKILL);
		kill(ch->pid, SIGKILL);
		while (waitpid(ch->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	close_fd(&ch->out);
	close_fd(&ch->err);
	free(ch->buf);
	free(ch);
}
