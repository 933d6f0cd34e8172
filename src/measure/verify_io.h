/* verify_io.h — the I/O of `walbench verify`: the verify file (created once, kept across the
 * power cut, never registered for removal), one durable record write by a method, the
 * TCP line transport, and the listener's serving loop.
 * Trap: unlike every other file walbench writes, the verify file must SURVIVE the run —
 * it is the evidence checked after the reboot — so it is not registered with signal_cleanup.h. */
#ifndef WB_MEASURE_VERIFY_IO_H
#define WB_MEASURE_VERIFY_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/method.h"
#include "model/verify_protocol.h"

/* ---- the file ----------------------------------------------------------------------------- */

/* Creates DIR/walbench-verify.dat for run with O_CREAT|O_EXCL|O_NOFOLLOW, opened as method
 * needs (O_DSYNC, O_SYNC), writes its header block and makes it and its directory entry
 * durable. An existing file is replaced only when it is a previous verify file (a valid
 * header; *replaced set); anything else is refused. The descriptor, or -errno with *why
 * naming the step ("fsync of the header"); -EIO-class results are durability failures. */
int wb_verify_file_create(const char *dir, const struct wb_verify_run *run,
			  enum wb_method_id method, char *path, size_t path_len, bool *replaced,
			  const char **why);

/* Writes record seq and makes it durable by method. 0 or -errno; *call names the
 * call that failed ("pwrite", "fdatasync", "write (O_DSYNC)"). */
int wb_verify_write_record(int fd, const struct wb_verify_run *run, enum wb_method_id method,
			   uint64_t seq, void *buf, const char **call);

/* Opens DIR/walbench-verify.dat for reading (O_NOFOLLOW). fd or -errno. */
int wb_verify_file_open(const char *dir, char *path, size_t path_len);

/* Reads slot's bytes into buf (run->record_size); returns the bytes read (fewer at
 * the end of the file) or -errno. */
ssize_t wb_verify_read_slot(int fd, const struct wb_verify_run *run, uint64_t slot, void *buf);

/* ---- the transport ------------------------------------------------------------------------ */

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

void wb_verify_close(struct wb_verify_conn *c);

/* ---- the listener ------------------------------------------------------------------------- */

/* Binds port on every address (IPv6 with IPv4 mapped, else IPv4). The listening fd, or
 * -errno; *bound gets the port (useful with port 0). */
int wb_verify_listen(uint16_t port, uint16_t *bound);

/* Serves clients on lfd until a signal stops the process: writers' runs go into the
 * ledger, checkers get it back. A client that vanishes (reset, closed, power cut) only
 * drops its connection; the ledger keeps everything acknowledged. One line per event
 * goes to log. Returns -errno only when the listening socket itself fails. */
int wb_verify_serve(int lfd, struct wb_verify_ledger *ledger, FILE *log);

#endif
