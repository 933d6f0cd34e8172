/* pg_conn_unbuilt.c — pg_conn.h in a build without libpq: every connection
 * fails with the reason, so `observe` and `recommend --server` say what to
 * install instead of vanishing. */
#include "server/pg_conn.h"

#include <errno.h>
#include <stdio.h>

static const char unbuilt[] =
	"not built: libpq not found at configure time (install libpq-dev and rebuild)";

bool wb_pg_built(const char **why)
{
	if (why)
		*why = unbuilt;
	return false;
}

int wb_pg_connect(const char *dsn, struct wb_pg_conn **out, char *err, size_t len)
{
	(void)dsn;
	*out = NULL;
	snprintf(err, len, "%s", unbuilt);
	return -ENOSYS;
}

int wb_pg_query(struct wb_pg_conn *c, const char *sql, wb_pg_row_fn row, void *ctx, char *err,
		size_t len)
{
	(void)c, (void)sql, (void)row, (void)ctx;
	snprintf(err, len, "%s", unbuilt);
	return -ENOSYS;
}

int wb_pg_prepare(struct wb_pg_conn *c, const char *name, const char *sql, char *err,
		  size_t len)
{
	(void)c, (void)name, (void)sql;
	snprintf(err, len, "%s", unbuilt);
	return -ENOSYS;
}

int wb_pg_query_prepared(struct wb_pg_conn *c, const char *name, wb_pg_row_fn row, void *ctx,
			 char *err, size_t len)
{
	(void)c, (void)name, (void)row, (void)ctx;
	snprintf(err, len, "%s", unbuilt);
	return -ENOSYS;
}

void wb_pg_xacts(const struct wb_pg_conn *c, unsigned long *commits, unsigned long *rollbacks)
{
	(void)c;
	*commits = *rollbacks = 0;
}

const char *wb_pg_user(const struct wb_pg_conn *c)
{
	(void)c;
	return "?";
}

bool wb_pg_is_local(const struct wb_pg_conn *c)
{
	(void)c;
	return false;
}

unsigned wb_pg_port(const struct wb_pg_conn *c)
{
	(void)c;
	return 0;
}

long wb_pg_backend_pid(const struct wb_pg_conn *c)
{
	(void)c;
	return 0;
}

void wb_pg_close(struct wb_pg_conn *c)
{
	(void)c;
}
