/* pg_conn.h — one read-only libpq connection to a PostgreSQL server. It
 * connects as psql does (a connection string or URI, the PG* environment,
 * ~/.pgpass) with application_name=walbench and its own statement_timeout
 * (startup options, above a role's or database's), and runs each query alone
 * in a READ ONLY transaction that sets it again (SET LOCAL): nothing walbench
 * sends can write or change the server's configuration, and no role's shorter
 * limit cancels it. The server's notices are not printed. Built without libpq (see
 * pg_conn_unbuilt.c), every call fails with the reason. */
#ifndef WB_SERVER_PG_CONN_H
#define WB_SERVER_PG_CONN_H

#include <stdbool.h>
#include <stddef.h>

/* Each query's limit (SET LOCAL statement_timeout): the catalogue views answer
 * in milliseconds; a server that takes longer is stuck, not busy. */
#define WB_PG_STATEMENT_TIMEOUT_MS 10000

/* connect_timeout when neither the DSN nor PGCONNECT_TIMEOUT gives one: libpq
 * waits forever by default, and a server behind a dropped route or a stuck
 * pooler would hang walbench before anything is measured. */
#define WB_PG_CONNECT_TIMEOUT_S 10

struct wb_pg_conn;

/* Called once per result row: ncols column names and values (NULL for an SQL
 * NULL). Returns 0 to go on, or -errno to stop the query with that error. */
typedef int (*wb_pg_row_fn)(void *ctx, unsigned ncols, const char *const *names,
			    const char *const *values);

/* Whether this build has libpq; when not, why (one line). */
bool wb_pg_built(const char **why);

/* Connects to dsn ("" for the PG* environment's defaults; a plain database
 * name as psql takes one), giving up after WB_PG_CONNECT_TIMEOUT_S unless the
 * DSN or PGCONNECT_TIMEOUT says otherwise. 0, or -ECONNREFUSED (could not
 * connect, authentication included) or -EINVAL (dsn not a valid connection
 * string), with libpq's message in err scrubbed of what it quotes of dsn and
 * may not be shown (wb_pg_message_scrub); -ENOSYS when not built; -ENOMEM. */
int wb_pg_connect(const char *dsn, struct wb_pg_conn **out, char *err, size_t len);

/* Runs sql in its own READ ONLY transaction, row() on each row. 0, -EIO with
 * the server's message in err (e.g. "permission denied for ..."), or row()'s
 * error. */
int wb_pg_query(struct wb_pg_conn *c, const char *sql, wb_pg_row_fn row, void *ctx, char *err,
		size_t len);

/* Prepares sql (no parameters) as the statement `name` on c, once: a query
 * sent every round is then not planned again each time. 0, or -EIO with the
 * server's message in err. */
int wb_pg_prepare(struct wb_pg_conn *c, const char *name, const char *sql, char *err,
		  size_t len);

/* As wb_pg_query, for the statement prepared as `name`. */
int wb_pg_query_prepared(struct wb_pg_conn *c, const char *name, wb_pg_row_fn row, void *ctx,
			 char *err, size_t len);

/* The transactions walbench ended on c so far, committed and rolled back:
 * each is one in the server's pg_stat_database, walbench's and not the
 * server's load. */
void wb_pg_xacts(const struct wb_pg_conn *c, unsigned long *commits, unsigned long *rollbacks);

/* The role connected as (for the grant a missing privilege needs). */
const char *wb_pg_user(const struct wb_pg_conn *c);

/* Whether the server is on this host: a unix socket or a loopback address. */
bool wb_pg_is_local(const struct wb_pg_conn *c);

/* The port connected to (it names the unix socket too); 0 unknown. */
unsigned wb_pg_port(const struct wb_pg_conn *c);

/* The server process serving this connection (PQbackendPID); 0 unknown. */
long wb_pg_backend_pid(const struct wb_pg_conn *c);

void wb_pg_close(struct wb_pg_conn *c);

#endif
