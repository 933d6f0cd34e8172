/* verify_tcp.c — verify's TCP line transport: the client's connect and hello, messages
 * sent and received one line each (see verify_tcp.h).
 * Trap: every send uses MSG_NOSIGNAL — a peer that vanished must cost a connection,
 * never a SIGPIPE that kills the listener or the writer. */
#include "measure/verify_tcp.h"
#include "model/hostport.h"

#include <errno.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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

int wb_verify_conn_take_line(struct wb_verify_conn *c, char *line)
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

int wb_verify_conn_fill(struct wb_verify_conn *c)
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

	while ((ret = wb_verify_conn_take_line(c, line)) == 0) {
		ret = wb_verify_conn_fill(c);
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
	/* The port is numeric: getaddrinfo must not look it up as a service name. */
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV },
			*res = NULL, *ai;
	char host[WB_HOST_MAX], port[8];
	struct wb_verify_msg m = { .kind = WB_VMSG_HELLO, .a = WB_VERIFY_PROTO_VERSION };
	uint16_t portnum;
	int ret, fd = -1, one = 1;

	c->fd = -1;
	c->len = 0;
	if (wb_hostport_parse(hostport, host, sizeof(host), &portnum)) {
		snprintf(why, why_len, "\"%s\" is not HOST:PORT", hostport);
		return -EINVAL;
	}
	snprintf(port, sizeof(port), "%u", portnum);
	ret = getaddrinfo(host, port, &hints, &res);
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

int wb_verify_conn_ends(const struct wb_verify_conn *c, struct sockaddr_storage *peer,
			struct sockaddr_storage *local)
{
	socklen_t len = sizeof(*peer);

	if (getpeername(c->fd, (struct sockaddr *)peer, &len))
		return -errno;
	len = sizeof(*local);
	if (getsockname(c->fd, (struct sockaddr *)local, &len))
		return -errno;
	return 0;
}

void wb_verify_close(struct wb_verify_conn *c)
{
	if (c->fd >= 0)
		(void)close(c->fd);
	c->fd = -1;
}
