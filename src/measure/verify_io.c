/* verify_io.c — verify's file, its durable record writes, the TCP line transport and the
 * listener loop (see verify_io.h).
 * Traps: every send uses MSG_NOSIGNAL — a client that vanished must cost the listener a
 * connection, never a SIGPIPE; and a client whose machine lost power never closes its
 * connection, so the listener serves all clients at once (poll) and a half-open
 * connection blocks nobody. */
#include "measure/verify_io.h"
#include "measure/testfile.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define LISTEN_MAX_CLIENTS 32 /* writers and checkers at once; more wait in the backlog */

/* ---- the file ----------------------------------------------------------------------------- */

static int file_path(const char *dir, char *path, size_t path_len)
{
	if (snprintf(path, path_len, "%s/%s", dir, WB_VERIFY_FILE_NAME) >= (int)path_len)
		return -ENAMETOOLONG;
	return 0;
}

/* An existing path may go only if it is a regular file (not a link) whose first block
 * is a verify header: a previous run's evidence, never someone's data. */
static int remove_previous(const char *path, const char **why)
{
	unsigned char hdr[WB_VERIFY_MAX_RECORD > 4096 ? 4096 : WB_VERIFY_MAX_RECORD];
	struct wb_verify_run old;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		*why = errno == ELOOP ? "is a symbolic link; walbench does not follow it"
				      : "exists and cannot be read";
		return -errno;
	}
	n = pread(fd, hdr, sizeof(hdr), 0);
	(void)close(fd);
	/* Header blocks up to 4 kB decode from the first 4 kB; a bigger one is refused. */
	if (n < 0 || wb_verify_header_decode(hdr, (size_t)n, &old)) {
		*why = "exists and is not a walbench verify file; walbench never writes to it";
		return -EEXIST;
	}
	if (unlink(path)) {
		*why = "is a previous verify file that cannot be removed";
		return -errno;
	}
	return 0;
}

int wb_verify_file_create(const char *dir, const struct wb_verify_run *run,
			  enum wb_method_id method, char *path, size_t path_len, bool *replaced,
			  const char **why)
{
	const struct wb_method *m = wb_method_get(method);
	void *hdr;
	ssize_t n;
	int fd, ret;

	*replaced = false;
	*why = "path too long";
	if (file_path(dir, path, path_len))
		return -ENAMETOOLONG;
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | m->open_flags, 0600);
	if (fd < 0 && errno == EEXIST) {
		ret = remove_previous(path, why);
		if (ret)
			return ret;
		*replaced = true;
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | m->open_flags,
			  0600);
	}
	if (fd < 0) {
		*why = "cannot be created";
		return -errno;
	}
	hdr = calloc(1, run->record_size);
	if (!hdr) {
		ret = -ENOMEM;
		*why = "out of memory";
		goto out_close;
	}
	wb_verify_header_encode(run, hdr);
	n = pwrite(fd, hdr, run->record_size, 0);
	free(hdr);
	if (n != (ssize_t)run->record_size) {
		ret = n < 0 ? -errno : -EIO;
		*why = "write of the header";
		goto out_close;
	}
	/* The header and the file's existence are durable before any record is announced. */
	if (fsync(fd)) {
		ret = -errno;
		*why = "fsync of the header";
		goto out_close;
	}
	ret = wb_fsync_dir(dir);
	if (ret) {
		*why = "fsync of the directory";
		goto out_close;
	}
	return fd;
out_close:
	(void)close(fd);
	return ret;
}

int wb_verify_write_record(int fd, const struct wb_verify_run *run, enum wb_method_id method,
			   uint64_t seq, void *buf, const char **call)
{
	const struct wb_method *m = wb_method_get(method);
	off_t off = (off_t)wb_verify_offset(run, wb_verify_slot_of(run, seq));
	struct iovec iov = { .iov_base = buf, .iov_len = run->record_size };
	ssize_t n;

	wb_verify_record_encode(run, seq, buf);
	if (m->write_flags & WB_OPF_DSYNC) {
		*call = "pwritev2 (RWF_DSYNC)";
		n = pwritev2(fd, &iov, 1, off, RWF_DSYNC);
	} else {
		*call = m->open_flags == O_DSYNC ? "write (O_DSYNC)"
			: m->open_flags ? "write (O_SYNC)" : "pwrite";
		n = pwrite(fd, buf, run->record_size, off);
	}
	if (n < 0)
		return -errno;
	if (n != (ssize_t)run->record_size)
		return -EIO; /* a short write of a record is a record not written */
	switch (m->sync) {
	case WB_SYNC_FSYNC:
		*call = "fsync";
		return fsync(fd) ? -errno : 0;
	case WB_SYNC_FDATASYNC:
		*call = "fdatasync";
		return fdatasync(fd) ? -errno : 0;
	case WB_SYNC_NONE:
		break;
	}
	return 0;
}

int wb_verify_file_open(const char *dir, char *path, size_t path_len)
{
	int fd;

	if (file_path(dir, path, path_len))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

ssize_t wb_verify_read_slot(int fd, const struct wb_verify_run *run, uint64_t slot, void *buf)
{
	size_t got = 0;
	ssize_t n;

	while (got < run->record_size) {
		n = pread(fd, (char *)buf + got, run->record_size - got,
			  (off_t)(wb_verify_offset(run, slot) + got));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

/* ---- the transport ------------------------------------------------------------------------ */

static int send_all(int fd, const char *p, size_t len)
{
	ssize_t n;

	while (len) {
		n = send(fd, p, len, MSG_NOSIGNAL);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int wb_verify_send(struct wb_verify_conn *c, const struct wb_verify_msg *m)
{
	char line[WB_VERIFY_LINE_MAX];
	int n = wb_verify_msg_format(m, line, sizeof(line));

	return n < 0 ? n : send_all(c->fd, line, (size_t)n);
}

/* A complete line in c->buf: moves it (without newline) to line and returns 1; 0 when
 * none is complete yet; -EPROTO when a line is too long. */
static int take_line(struct wb_verify_conn *c, char *line)
{
	char *nl = memchr(c->buf, '\n', c->len);
	size_t n;

	if (!nl)
		return c->len >= WB_VERIFY_LINE_MAX ? -EPROTO : 0;
	n = (size_t)(nl - c->buf);
	if (n >= WB_VERIFY_LINE_MAX)
		return -EPROTO;
	memcpy(line, c->buf, n);
	line[n] = '\0';
	c->len -= n + 1;
	memmove(c->buf, nl + 1, c->len);
	return 1;
}

/* One read into the buffer: 0, -EPIPE at end of stream, or -errno. */
static int fill(struct wb_verify_conn *c)
{
	ssize_t n;

	do
		n = recv(c->fd, c->buf + c->len, sizeof(c->buf) - c->len, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (n == 0)
		return -EPIPE;
	c->len += (size_t)n;
	return 0;
}

int wb_verify_recv(struct wb_verify_conn *c, struct wb_verify_msg *m)
{
	char line[WB_VERIFY_LINE_MAX];
	int ret;

	while ((ret = take_line(c, line)) == 0) {
		ret = fill(c);
		if (ret)
			return ret;
	}
	if (ret < 0)
		return ret;
	return wb_verify_msg_parse(line, m) ? -EPROTO : 0;
}

int wb_verify_request(struct wb_verify_conn *c, const struct wb_verify_msg *m, uint64_t want_seq,
		      char *why, size_t why_len)
{
	struct wb_verify_msg r;
	int ret = wb_verify_send(c, m);

	if (!ret)
		ret = wb_verify_recv(c, &r);
	if (ret) {
		snprintf(why, why_len, "%s", ret == -EPIPE ? "the listener closed the connection"
				   : ret == -EPROTO ? "the listener sent a line outside the protocol"
						    : strerror(-ret));
		return ret;
	}
	if (r.kind == WB_VMSG_ERR) {
		snprintf(why, why_len, "the listener refused: %s", r.text);
		return -EPROTO;
	}
	if (r.kind != WB_VMSG_OK || r.a != want_seq) {
		snprintf(why, why_len, "the listener answered out of turn");
		return -EPROTO;
	}
	return 0;
}

int wb_verify_connect(const char *hostport, struct wb_verify_conn *c, char *why, size_t why_len)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res = NULL, *ai;
	char host[256], *colon;
	const char *port, *h;
	struct wb_verify_msg m = { .kind = WB_VMSG_HELLO, .a = WB_VERIFY_PROTO_VERSION };
	int ret, fd = -1, one = 1;

	c->fd = -1;
	c->len = 0;
	if (snprintf(host, sizeof(host), "%s", hostport) >= (int)sizeof(host) ||
	    !(colon = strrchr(host, ':')) || colon == host || !colon[1]) {
		snprintf(why, why_len, "\"%s\" is not HOST:PORT", hostport);
		return -EINVAL;
	}
	*colon = '\0';
	port = colon + 1;
	h = host;
	if (host[0] == '[' && colon[-1] == ']') { /* [::1]:PORT */
		colon[-1] = '\0';
		h = host + 1;
	}
	ret = getaddrinfo(h, port, &hints, &res);
	if (ret) {
		snprintf(why, why_len, "%s: %s", hostport, gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	ret = -EHOSTUNREACH;
	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0) {
			ret = -errno;
			continue;
		}
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		ret = -errno;
		(void)close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(why, why_len, "connect to %s: %s", hostport, strerror(-ret));
		return ret;
	}
	/* Each message is one small line we wait on: Nagle would only add delay. */
	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	c->fd = fd;
	ret = wb_verify_send(c, &m);
	if (!ret)
		ret = wb_verify_recv(c, &m);
	if (ret) {
		snprintf(why, why_len, "%s: no hello from the listener (%s)", hostport,
			 ret == -EPIPE ? "connection closed" : ret == -EPROTO ? "not a verify listener"
									  : strerror(-ret));
		goto fail;
	}
	if (m.kind == WB_VMSG_ERR || m.kind != WB_VMSG_HELLO || m.a != WB_VERIFY_PROTO_VERSION) {
		snprintf(why, why_len, "%s speaks another protocol version (%s%s); walbench speaks %d",
			 hostport, m.kind == WB_VMSG_ERR ? "ERR " : "version ",
			 m.kind == WB_VMSG_ERR ? m.text : "?", WB_VERIFY_PROTO_VERSION);
		if (m.kind == WB_VMSG_HELLO)
			snprintf(why, why_len, "%s speaks protocol version %" PRIu64
				 "; this walbench speaks %d", hostport, m.a, WB_VERIFY_PROTO_VERSION);
		ret = -EPROTO;
		goto fail;
	}
	return 0;
fail:
	wb_verify_close(c);
	return ret;
}

void wb_verify_close(struct wb_verify_conn *c)
{
	if (c->fd >= 0)
		(void)close(c->fd);
	c->fd = -1;
}

/* ---- the listener ------------------------------------------------------------------------- */

int wb_verify_listen(uint16_t port, uint16_t *bound)
{
	struct sockaddr_in6 a6 = { .sin6_family = AF_INET6, .sin6_port = htons(port),
				   .sin6_addr = IN6ADDR_ANY_INIT };
	struct sockaddr_in a4 = { .sin_family = AF_INET, .sin_port = htons(port),
				  .sin_addr.s_addr = htonl(INADDR_ANY) };
	struct sockaddr_storage got;
	socklen_t len = sizeof(got);
	int fd, one = 1, zero = 0;

	fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		(void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
		(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(fd, (struct sockaddr *)&a6, sizeof(a6)) == 0)
			goto bound;
		(void)close(fd);
	}
	/* No IPv6 on this host (disabled, or a namespace without it): IPv4 only. */
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&a4, sizeof(a4)))
		goto fail;
bound:
	if (listen(fd, 16) || getsockname(fd, (struct sockaddr *)&got, &len))
		goto fail;
	*bound = ntohs(got.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&got)->sin6_port
						 : ((struct sockaddr_in *)&got)->sin_port);
	return fd;
fail:
	{
		int err = -errno;

		(void)close(fd);
		return err;
	}
}

struct client {
	struct wb_verify_conn conn;
	char peer[64];
	bool hello;       /* the hello exchange is done */
	bool writer;      /* began the current run */
	uint64_t run_id;  /* the run this writer began; a stale writer is refused */
};

static void peer_name(int fd, char *buf, size_t len)
{
	struct sockaddr_storage a;
	socklen_t alen = sizeof(a);
	char host[INET6_ADDRSTRLEN] = "?";
	unsigned port = 0;

	if (getpeername(fd, (struct sockaddr *)&a, &alen) == 0) {
		if (a.ss_family == AF_INET6) {
			struct sockaddr_in6 *s = (struct sockaddr_in6 *)&a;

			inet_ntop(AF_INET6, &s->sin6_addr, host, sizeof(host));
			port = ntohs(s->sin6_port);
		} else if (a.ss_family == AF_INET) {
			struct sockaddr_in *s = (struct sockaddr_in *)&a;

			inet_ntop(AF_INET, &s->sin_addr, host, sizeof(host));
			port = ntohs(s->sin_port);
		}
	}
	/* An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d; print a.b.c.d. */
	snprintf(buf, len, "%s:%u", strncmp(host, "::ffff:", 7) == 0 ? host + 7 : host, port);
}

static int reply_err(struct client *cl, const char *text)
{
	struct wb_verify_msg m = { .kind = WB_VMSG_ERR };

	snprintf(m.text, sizeof(m.text), "%s", text);
	return wb_verify_send(&cl->conn, &m);
}

static int reply_ok(struct client *cl, uint64_t seq)
{
	struct wb_verify_msg m = { .kind = WB_VMSG_OK, .a = seq };

	return wb_verify_send(&cl->conn, &m);
}

/* The CHECK answer: the run, one SLOT line per slot ever announced, ENDLIST. */
static int send_ledger(struct client *cl, const struct wb_verify_ledger *l)
{
	struct wb_verify_msg m = { .kind = WB_VMSG_NORUN };
	uint64_t i, count = 0;
	int ret;

	if (!l->active)
		return wb_verify_send(&cl->conn, &m);
	m = (struct wb_verify_msg){ .kind = WB_VMSG_RUN, .run = l->run, .a = l->last_about,
				    .b = l->done_count };
	ret = wb_verify_send(&cl->conn, &m);
	for (i = 0; !ret && i < l->run.slots; i++) {
		if (!l->slot[i].about)
			continue;
		m = (struct wb_verify_msg){ .kind = WB_VMSG_SLOT, .a = i, .b = l->slot[i].acked,
					    .c = l->slot[i].about };
		ret = wb_verify_send(&cl->conn, &m);
		count++;
	}
	if (ret)
		return ret;
	m = (struct wb_verify_msg){ .kind = WB_VMSG_DONE_LIST, .a = count };
	return wb_verify_send(&cl->conn, &m);
}

/* Handles one line from a client. 0 keeps the connection, < 0 drops it. */
static int handle(struct client *cl, const char *line, struct wb_verify_ledger *l, FILE *log)
{
	struct wb_verify_msg m;
	bool current;

	if (wb_verify_msg_parse(line, &m)) {
		(void)reply_err(cl, "not a line of walbench-verify protocol 1");
		return -EPROTO;
	}
	if (!cl->hello) {
		if (m.kind != WB_VMSG_HELLO) {
			(void)reply_err(cl, "expected HELLO walbench-verify 1");
			return -EPROTO;
		}
		if (m.a != WB_VERIFY_PROTO_VERSION) {
			(void)reply_err(cl, "this listener speaks protocol version 1");
			fprintf(log, "%s: speaks protocol version %" PRIu64 "; refused\n", cl->peer,
				m.a);
			return -EPROTO;
		}
		cl->hello = true;
		m = (struct wb_verify_msg){ .kind = WB_VMSG_HELLO, .a = WB_VERIFY_PROTO_VERSION };
		return wb_verify_send(&cl->conn, &m);
	}
	current = cl->writer && l->active && l->run.run_id == cl->run_id;
	switch (m.kind) {
	case WB_VMSG_BEGIN:
		if (wb_verify_ledger_begin(l, &m.run))
			return reply_err(cl, "cannot hold that run (out of memory?)");
		cl->writer = true;
		cl->run_id = m.run.run_id;
		fprintf(log, "%s: run %016" PRIx64 " began: %u records of %u bytes, %s\n", cl->peer,
			m.run.run_id, m.run.slots, m.run.record_size,
			wb_method_get((enum wb_method_id)m.run.method)->name);
		return reply_ok(cl, 0);
	case WB_VMSG_ABOUT:
	case WB_VMSG_DONE:
		if (!current)
			return reply_err(cl, "no run of yours is current (another writer began one)");
		if ((m.kind == WB_VMSG_ABOUT ? wb_verify_ledger_about(l, m.a)
					     : wb_verify_ledger_done(l, m.a)))
			return reply_err(cl, m.kind == WB_VMSG_ABOUT
						     ? "ABOUT out of order (sequence must increase by 1)"
						     : "DONE for a record not announced, or not the newest "
						       "of its slot");
		return reply_ok(cl, m.a);
	case WB_VMSG_END:
		if (current)
			fprintf(log, "%s: run %016" PRIx64 " ended: %" PRIu64 " writes acknowledged\n",
				cl->peer, l->run.run_id, l->done_count);
		return reply_ok(cl, 0);
	case WB_VMSG_CHECK:
		fprintf(log, "%s: check: sent the ledger (%" PRIu64 " writes acknowledged)\n",
			cl->peer, l->done_count);
		return send_ledger(cl, l);
	default:
		return reply_err(cl, "not a client's command");
	}
}

static void drop(struct client *cl, struct wb_verify_ledger *l, FILE *log, int why)
{
	if (cl->writer && l->active && l->run.run_id == cl->run_id && why != -EPIPE)
		fprintf(log, "%s: writer vanished (%s) after record %" PRIu64
			" (%" PRIu64 " writes acknowledged); the ledger is kept\n",
			cl->peer, strerror(-why), l->last_about, l->done_count);
	else if (cl->writer && l->active && l->run.run_id == cl->run_id)
		fprintf(log, "%s: writer closed the connection after record %" PRIu64
			" (%" PRIu64 " writes acknowledged); the ledger is kept\n",
			cl->peer, l->last_about, l->done_count);
	wb_verify_close(&cl->conn);
}

int wb_verify_serve(int lfd, struct wb_verify_ledger *ledger, FILE *log)
{
	struct client *cl = calloc(LISTEN_MAX_CLIENTS, sizeof(*cl));
	struct pollfd pfd[LISTEN_MAX_CLIENTS + 1];
	char line[WB_VERIFY_LINE_MAX];
	unsigned i, n;
	int ret;

	if (!cl)
		return -ENOMEM;
	for (i = 0; i < LISTEN_MAX_CLIENTS; i++)
		cl[i].conn.fd = -1;
	for (;;) {
		fflush(log);
		n = 0;
		for (i = 0; i < LISTEN_MAX_CLIENTS; i++)
			pfd[i] = (struct pollfd){ .fd = cl[i].conn.fd, .events = POLLIN };
		pfd[LISTEN_MAX_CLIENTS] = (struct pollfd){ .fd = lfd, .events = POLLIN };
		for (i = 0; i < LISTEN_MAX_CLIENTS; i++)
			n += cl[i].conn.fd >= 0;
		if (n == LISTEN_MAX_CLIENTS)
			pfd[LISTEN_MAX_CLIENTS].fd = -1; /* full: new clients wait in the backlog */
		if (poll(pfd, LISTEN_MAX_CLIENTS + 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		if (pfd[LISTEN_MAX_CLIENTS].revents & POLLIN) {
			int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC), one = 1;

			if (fd >= 0) {
				for (i = 0; cl[i].conn.fd >= 0; i++)
					;
				cl[i] = (struct client){ .conn = { .fd = fd } };
				(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
				/* A half-open connection from a machine that lost power is found and
				 * dropped eventually; it never blocks other clients meanwhile. */
				(void)setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
				peer_name(fd, cl[i].peer, sizeof(cl[i].peer));
			} else if (errno != EINTR && errno != ECONNABORTED && errno != EAGAIN) {
				/* Out of descriptors and the like: say so, keep serving. */
				fprintf(log, "accept: %s\n", strerror(errno));
			}
		}
		for (i = 0; i < LISTEN_MAX_CLIENTS; i++) {
			if (cl[i].conn.fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			ret = fill(&cl[i].conn);
			while (!ret && (ret = take_line(&cl[i].conn, line)) == 1)
				ret = handle(&cl[i], line, ledger, log);
			if (ret == -EPROTO && cl[i].conn.len >= WB_VERIFY_LINE_MAX)
				(void)reply_err(&cl[i], "line too long");
			if (ret < 0)
				drop(&cl[i], ledger, log, ret);
		}
	}
	for (i = 0; i < LISTEN_MAX_CLIENTS; i++)
		wb_verify_close(&cl[i].conn);
	free(cl);
	return ret;
}
