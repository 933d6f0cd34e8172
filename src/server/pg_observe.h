/* pg_observe.h — one observation of a running server, the whole window: connect,
 * read its settings and where its files are, take a snapshot of its statistics,
 * sample its sessions' waits every 0.1 s, take the second snapshot over a new
 * connection and derive the rates. Read-only throughout (pg_conn.h). The caller
 * prints and stops the window through hooks. */
#ifndef WB_SERVER_PG_OBSERVE_H
#define WB_SERVER_PG_OBSERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pgstat/observed.h"

/* What the caller sees of the window, and how it ends it early: the caller
 * prints and handles signals, the server room only gathers. Each hook may be
 * NULL. */
struct wb_pg_window_hooks {
	void *ctx;
	/* Connected, the first snapshot taken, the window about to start: o
	 * names the server (its major, its dsn redacted). */
	void (*opened)(void *ctx, const struct wb_pg_observed *o, uint64_t window_ns);
	/* After each step of the window (0.1 s at most): the time waited. */
	void (*progress)(void *ctx, uint64_t waited_ns, uint64_t window_ns);
	/* Asked before each step: nonzero (a signal's number) ends the window
	 * early, and is kept in wb_pg_window_end.stopped. */
	int (*stop)(void *ctx);
	/* The window is over; the second snapshot comes next. */
	void (*closed)(void *ctx);
};

/* How an observation ended. */
struct wb_pg_window_end {
	int stopped;          /* stop()'s answer that ended the window early, or 0 */
	bool second;          /* the failure was the second snapshot's, not the first's */
	char err[1024];       /* the failure's reason, the connection string's secrets removed */
};

/* One observation of dsn into o: connects and fills o's dsn (redacted),
 * settings, paths, first snapshot and the data device's first count, and
 * closes the connection (none is held idle through the window, where
 * idle_session_timeout, a pooler or a NAT would end it); waits window_ns,
 * sampling the sessions' waits every 0.1 s on a connection of its own (one
 * that fails is closed and the window goes on without it:
 * o->sampler_failure says why); then connects again for the second snapshot,
 * the device's second count and the derived rates. A window ended early by
 * hooks->stop is complete too, over the shorter window (o->seconds). 0, or
 * -errno with the reason in end->err: -EINVAL (dsn), -ECONNREFUSED
 * (connection or authentication), -ENOTSUP (a server older than
 * WB_PG_MIN_MAJOR, or not PostgreSQL), -EIO (a query refused), -ENOSYS (built
 * without libpq). */
int wb_pg_observe(const char *dsn, uint64_t window_ns, const struct wb_pg_window_hooks *hooks,
		  struct wb_pg_observed *o, struct wb_pg_window_end *end);

#endif
