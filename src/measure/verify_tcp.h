/* verify_tcp.h — the TCP line transport of `walbench verify`: a connection with a line
 * buffer, the client's connect and hello, one message sent or received, a request and its
 * OK. The listener (verify_listener.h) frames its clients' lines with the same buffer. */
#ifndef WB_MEASURE_VERIFY_TCP_H
#define WB_MEASURE_VERIFY_TCP_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "model/verify_protocol.h"

/* A connection with a line buffer; lines are at most WB_VERIFY_LINE_MAX bytes. */
struct wb_verify_conn {
	int fd;
	size_t len;                      /* bytes buffered in buf */
	char buf[2 * WB_VERIFY_LINE_MAX];
};

/* Connects to "HOST:PORT" ("[v6addr]:PORT" too) and exchanges hello lines. 0 or -errno,
 * with why filled ("connection refused", "listener speaks version 2"). */
int wb_verify_connect(const char *hostport, struct wb_verify_conn *c, char *why, size_t why_len);

/* Sends one message. 0 or -errno. */
int wb_verify_send(struct wb_verify_conn *c, const struct wb_verify_msg *m);

/* Receives one message. 0, -EPIPE when the peer closed, -EPROTO for a line outside the
 * protocol (an ERR from the peer is returned as a message), or -errno. */
int wb_verify_recv(struct wb_verify_conn *c, struct wb_verify_msg *m);

/* Sends m and expects an OK (whose number, if any, must be want_seq). 0, -EPROTO
 * (why holds the peer's ERR text or the unexpected line), or -errno. */
int wb_verify_request(struct wb_verify_conn *c, const struct wb_verify_msg *m, uint64_t want_seq,
		      char *why, size_t why_len);

/* The connected c's two ends as the kernel has them: the listener's address and the one
 * this host speaks from. 0 or -errno (getpeername's or getsockname's). */
int wb_verify_conn_ends(const struct wb_verify_conn *c, struct sockaddr_storage *peer,
			struct sockaddr_storage *local);

void wb_verify_close(struct wb_verify_conn *c);

/* One read into c's buffer: 0, -EPIPE at end of stream, or -errno. */
int wb_verify_conn_fill(struct wb_verify_conn *c);

/* A complete line in c's buffer: moves it (without newline) to line (WB_VERIFY_LINE_MAX
 * bytes) and returns 1; 0 when none is complete yet; -EPROTO when a line is too long. */
int wb_verify_conn_take_line(struct wb_verify_conn *c, char *line);

#endif
