/* pg_conn.c — see pg_conn.h: the libpq connection, read-only. */
#include "server/pg_conn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "pgstat/dsn_redact.h"

struct wb_pg_conn {
	PGconn *pg;
	unsigned long commits;     /* transactions walbench ended on it: committed */
	unsigned long rollbacks;   /* and rolled back */
};

bool wb_pg_built(const char **why)
{
	if (why)
		*why = NULL;
	return true;
}

/* libpq's message into err, one line, scrubbed of what it quotes of dsn that
 * its redacted form does not show (all it quotes when dsn did not parse). */
static void put_message(char *err, size_t len, const char *msg, const char *dsn,
			bool parse_failed)
{
	size_t k;

	snprintf(err, len, "%s", msg ? msg : "unknown error");
	for (k = strlen(err); k > 0 && (err[k - 1] == '\n' || err[k - 1] == ' '); k--)
		err[k - 1] = '\0';
	for (k = 0; err[k]; k++)
		if (err[k] == '\n')
			err[k] = ' ';
	wb_pg_message_scrub(err, dsn, parse_failed);
}

/* The server's notices (a WARNING for a ROLLBACK it had already done) would
 * reach stderr raw through libpq's default; walbench reports its own errors. */
static void no_notice(void *arg, const char *message)
{
	(void)arg, (void)message;
}

int wb_pg_connect(const char *dsn, struct wb_pg_conn **out, char *err, size_t len)
{
	const char *env = getenv("PGCONNECT_TIMEOUT"), *theirs = getenv("PGOPTIONS");
	char timeout[16], options[1024];
	/* With expand_dbname the DSN's own keywords override those before
	 * dbname, those after it override the DSN: a connect_timeout in the DSN
	 * wins over this default, application_name and the options (the DSN's
	 * own kept in front) are always walbench's. */
	const char *keys[] = { "connect_timeout", "dbname", "application_name", "options", NULL };
	const char *vals[] = { timeout, dsn, "walbench", options, NULL };
	PQconninfoOption *opts = NULL, *o;
	char *perr = NULL;
	struct wb_pg_conn *c;
	int ret = 0, skip = 0;

	*out = NULL;
	snprintf(timeout, sizeof(timeout), "%d", WB_PG_CONNECT_TIMEOUT_S);
	if (env && *env)
		skip = 1; /* PGCONNECT_TIMEOUT applies where no keyword gives one */
	/* A connection string is parsed first: one libpq cannot read is the
	 * user's input error, and what its message quotes are pieces of it. A
	 * plain database name (no '=', no URI) is passed on as a name. */
	if (wb_pg_dsn_is_conninfo(dsn)) {
		opts = PQconninfoParse(dsn, &perr);
		if (!opts) {
			put_message(err, len, perr ? perr : "out of memory", dsn, true);
			PQfreemem(perr);
			return perr ? -EINVAL : -ENOMEM;
		}
		for (o = opts; o->keyword; o++)
			if (!strcmp(o->keyword, "options") && o->val)
				theirs = o->val;
	}
	/* The session's statement_timeout from its first statement on: given in
	 * the startup packet, it overrides a role's or a database's own (a
	 * client's setting ranks above them), so a role's limit shorter than
	 * walbench's queries cannot cancel even the BEGIN that sets each
	 * query's own (wb_pg_query's SET LOCAL). Later -c options win. */
	if ((size_t)snprintf(options, sizeof(options), "%s%s-c statement_timeout=%d",
			     theirs ? theirs : "", theirs && *theirs ? " " : "",
			     WB_PG_STATEMENT_TIMEOUT_MS) >= sizeof(options)) {
		snprintf(err, len, "the connection's options are too long (%zu bytes)",
			 strlen(theirs));
		ret = -EINVAL;
		goto out;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		ret = -ENOMEM;
		goto out;
	}
	c->pg = PQconnectdbParams(keys + skip, vals + skip, 1);
	if (!c->pg || PQstatus(c->pg) != CONNECTION_OK) {
		/* The password libpq read from ~/.pgpass or PGPASSWORD never reaches a
		 * message: libpq does not quote it. */
		put_message(err, len, c->pg ? PQerrorMessage(c->pg) : "out of memory", dsn, false);
		PQfinish(c->pg);
		free(c);
		ret = -ECONNREFUSED;
		goto out;
	}
	PQsetNoticeProcessor(c->pg, no_notice, NULL);
	*out = c;
out:
	PQconninfoFree(opts);
	return ret;
}

/* Sends one command that returns no rows; 0 or -EIO with the message. */
static int command(PGconn *pg, const char *sql, char *err, size_t len)
{
	PGresult *r = PQexec(pg, sql);
	int ret = 0;

	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		put_message(err, len, PQerrorMessage(pg), NULL, false);
		ret = -EIO;
	}
	PQclear(r);
	return ret;
}

/* Runs sql, or the statement prepared as `name` when sql is NULL, in its own
 * READ ONLY transaction: wb_pg_query's contract. */
static int run(struct wb_pg_conn *c, const char *sql, const char *name, wb_pg_row_fn row,
	       void *ctx, char *err, size_t len)
{
	char begin[128];
	const char **names = NULL, **values = NULL;
	PGresult *r = NULL;
	int ret, nrows, ncols, i, j;

	snprintf(begin, sizeof(begin),
		 "BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = %d",
		 WB_PG_STATEMENT_TIMEOUT_MS);
	ret = command(c->pg, begin, err, len);
	if (ret) {
		/* SET LOCAL failing after BEGIN leaves an aborted transaction
		 * open on the connection: end it (a ROLLBACK outside one is a
		 * warning only). */
		(void)command(c->pg, "ROLLBACK", begin, sizeof(begin));
		c->rollbacks++;
		return ret;
	}
	r = sql ? PQexec(c->pg, sql) : PQexecPrepared(c->pg, name, 0, NULL, NULL, NULL, 0);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		put_message(err, len, PQerrorMessage(c->pg), NULL, false);
		ret = -EIO;
		goto out;
	}
	nrows = PQntuples(r);
	ncols = PQnfields(r);
	names = calloc((size_t)ncols + 1, sizeof(*names));
	values = calloc((size_t)ncols + 1, sizeof(*values));
	if (!names || !values) {
		ret = -ENOMEM;
		snprintf(err, len, "out of memory");
		goto out;
	}
	for (j = 0; j < ncols; j++)
		names[j] = PQfname(r, j);
	for (i = 0; i < nrows && !ret; i++) {
		for (j = 0; j < ncols; j++)
			values[j] = PQgetisnull(r, i, j) ? NULL : PQgetvalue(r, i, j);
		ret = row(ctx, (unsigned)ncols, names, values);
		if (ret)
			snprintf(err, len, "unexpected value in the answer to: %.60s...",
				 sql ? sql : name);
	}
out:
	free(names);
	free(values);
	PQclear(r);
	/* A read-only transaction has nothing to keep: end it either way. */
	if (command(c->pg, ret ? "ROLLBACK" : "COMMIT", ret ? begin : err, ret ? sizeof(begin) : len) &&
	    !ret)
		ret = -EIO;
	if (ret)
		c->rollbacks++;
	else
		c->commits++;
	return ret;
}

int wb_pg_query(struct wb_pg_conn *c, const char *sql, wb_pg_row_fn row, void *ctx, char *err,
		size_t len)
{
	return run(c, sql, NULL, row, ctx, err, len);
}

int wb_pg_prepare(struct wb_pg_conn *c, const char *name, const char *sql, char *err,
		  size_t len)
{
	PGresult *r = PQprepare(c->pg, name, sql, 0, NULL);
	int ret = 0;

	/* Outside a transaction the server parses it in one of its own: a
	 * commit in pg_stat_database, or a rollback when refused. */
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		put_message(err, len, PQerrorMessage(c->pg), NULL, false);
		ret = -EIO;
		c->rollbacks++;
	} else {
		c->commits++;
	}
	PQclear(r);
	return ret;
}

int wb_pg_query_prepared(struct wb_pg_conn *c, const char *name, wb_pg_row_fn row, void *ctx,
			 char *err, size_t len)
{
	return run(c, NULL, name, row, ctx, err, len);
}

void wb_pg_xacts(const struct wb_pg_conn *c, unsigned long *commits, unsigned long *rollbacks)
{
	*commits = c ? c->commits : 0;
	*rollbacks = c ? c->rollbacks : 0;
}

const char *wb_pg_user(const struct wb_pg_conn *c)
{
	const char *u = c ? PQuser(c->pg) : NULL;

	return u ? u : "?";
}

bool wb_pg_is_local(const struct wb_pg_conn *c)
{
	const char *h = PQhost(c->pg);

	/* A socket directory (or Linux's abstract namespace, "@name"). */
	return h && (h[0] == '/' || h[0] == '@' || strcmp(h, "localhost") == 0 ||
		     strncmp(h, "127.", 4) == 0 || strcmp(h, "::1") == 0);
}

unsigned wb_pg_port(const struct wb_pg_conn *c)
{
	const char *p = PQport(c->pg);

	return p ? (unsigned)strtoul(p, NULL, 10) : 0;
}

long wb_pg_backend_pid(const struct wb_pg_conn *c)
{
	return PQbackendPID(c->pg);
}

void wb_pg_close(struct wb_pg_conn *c)
{
	if (!c)
		return;
	PQfinish(c->pg);
	free(c);
}
