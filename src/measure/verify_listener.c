/* verify_listener.c — verify's listener: the listening socket and the loop that serves
 * writers and checkers (see verify_listener.h).
 * Trap: a client whose machine lost power never closes its connection, so the listener
 * serves all clients at once (poll) and a half-open connection blocks nobody. */
#include "measure/verify_listener.h"
#include "measure/verify_tcp.h"
#include "model/method.h"

#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define LISTEN_MAX_CLIENTS 32 /* writers and checkers at once; more wait in the backlog */

/* The version in the refusals' text, from the one constant. */
#define STR_(x) #x
#define STR(x) STR_(x)
#define PROTO STR(WB_VERIFY_PROTO_VERSION)

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
				    .b = l->done_count, .c = l->removed };
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
		(void)reply_err(cl, "not a line of walbench-verify protocol " PROTO);
		return -EPROTO;
	}
	if (!cl->hello) {
		if (m.kind != WB_VMSG_HELLO) {
			(void)reply_err(cl, "expected HELLO walbench-verify " PROTO);
			return -EPROTO;
		}
		if (m.a != WB_VERIFY_PROTO_VERSION) {
			(void)reply_err(cl, "this listener speaks protocol version " PROTO);
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
		fprintf(log, "%s: run %016" PRIx64 " began: %u records of %u bytes, %s, directory %016"
			PRIx64 "\n", cl->peer, m.run.run_id, m.run.slots, m.run.record_size,
			wb_method_get((enum wb_method_id)m.run.method)->name, m.run.dir_id);
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
	case WB_VMSG_REMOVE:
		if (wb_verify_ledger_remove(l, m.a))
			return reply_err(cl, "that run is not the one this listener holds");
		fprintf(log, "%s: run %016" PRIx64 " checked, nothing lost, its file removed; a "
			"later check is told so\n", cl->peer, m.a);
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
			ret = wb_verify_conn_fill(&cl[i].conn);
			while (!ret && (ret = wb_verify_conn_take_line(&cl[i].conn, line)) == 1)
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
