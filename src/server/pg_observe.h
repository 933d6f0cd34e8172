/* pg_observe.h — one observation of a running server: connect, read its
 * settings and where its files are, take a snapshot of its statistics; after
 * the window (the caller waits, so it can print and be interrupted), take the
 * second over a new connection and derive the rates. Read-only throughout
 * (pg_conn.h). */
#ifndef WB_SERVER_PG_OBSERVE_H
#define WB_SERVER_PG_OBSERVE_H

#include <stddef.h>

#include "pgstat/observed.h"
#include "server/pg_conn.h"

/* Connects to dsn and fills o's dsn, settings, paths, first snapshot and the
 * data device's first count, and closes the connection: none is held idle
 * through the window, where idle_session_timeout, a pooler or a NAT would end
 * it. 0, or -errno with the reason in err: -EINVAL (dsn), -ECONNREFUSED
 * (connection or authentication), -ENOTSUP (a server older than
 * WB_PG_MIN_MAJOR, or not PostgreSQL), -EIO (a query refused), -ENOSYS (built
 * without libpq). */
int wb_pg_observe_begin(const char *dsn, struct wb_pg_observed *o, char *err, size_t len);

/* After the window: connects to dsn again for the second snapshot, the
 * device's second count and the derived rates. 0 or -errno with err as above. */
int wb_pg_observe_end(const char *dsn, struct wb_pg_observed *o, char *err, size_t len);

/* The window's sampler: a connection of its own, busy every round, so no
 * idle timeout ends it, with its query prepared once (planned once, not every
 * round). Opened after wb_pg_observe_begin; closed with wb_pg_sampler_close.
 * 0 or -errno with err as above, also kept in o->sampler_failure. */
int wb_pg_sampler_open(const char *dsn, struct wb_pg_observed *o, struct wb_pg_conn **out,
		       char *err, size_t len);

/* Closes the sampler, adding the transactions it ran to o->own. */
void wb_pg_sampler_close(struct wb_pg_conn *c, struct wb_pg_observed *o);

/* The CPU time of the backend serving the sampler, read when it opens (first)
 * and before it closes: walbench's own load inside the server's process tree,
 * which the server's CPU leaves out. Kept only when the server runs here and
 * the backend is its postmaster's child. */
void wb_pg_sampler_ticks(struct wb_pg_conn *c, struct wb_pg_observed *o, bool first);

/* One round of pg_stat_activity into o->waits (pgstat/pg_waits.h). 0 or
 * -errno with err, also kept in o->sampler_failure; a failed round is not
 * counted. */
int wb_pg_sample_waits(struct wb_pg_conn *c, struct wb_pg_observed *o, char *err, size_t len);

#endif
