/* pg_conn.c — see pg_conn.h: the libpq connection, read-only. */
#include "server/pg_conn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "pgstat/pg_dsn.h"

struct wb_pg_conn {
	PGconn *pg;
};

bool wb_pg_built(const char **why)
{
	if (why)
		*why = NULL;
	return true;
}

/* Replaces every occurrence of secret in msg with "***", in place. */
static void blank_out(char *msg, const char *secret)
{
	size_t n = strlen(secret);
	char *p;

	if (n == 0)
		return;
	while ((p = strstr(msg, secret))) {
		size_t rest = strlen(p + n);

		if (n >= 3) {
			memcpy(p, "***", 3);
			memmove(p + 3, p + n, rest + 1);
		} else {
			memset(p, '*', n);
		}
	}
}

/* libpq's message into err, one line, with the password libpq parsed (if any)
 * blanked out. */
static void put_message(char *err, size_t len, const char *msg, const char *password)
{
	size_t k;

	snprintf(err, len, "%s", msg ? msg : "unknown error");
	for (k = strlen(err); k > 0 && (err[k - 1] == '\n' || err[k - 1] == ' '); k--)
		err[k - 1] = '\0';
	for (k = 0; err[k]; k++)
		if (err[k] == '\n')
			err[k] = ' ';
	if (password)
		blank_out(err, password);
}

/* For a string libpq could not parse, whose password is unknown: blanks every
 * word of dsn that its redacted form lost. Only then: of a parsed string the
 * one other word lost is the keyword "password", and blanking it made libpq's
 * "password authentication failed" read "*** authentication failed". */
static void blank_lost_words(char *err, const char *dsn)
{
	char redacted[1024], word[256];
	const char *p = dsn;

	wb_pg_dsn_redact(dsn, redacted, sizeof(redacted));
	while (*p) {
		size_t n = strcspn(p, " \t\n='\"@:/?&");

		if (n > 0 && n < sizeof(word)) {
			memcpy(word, p, n);
			word[n] = '\0';
			if (!strstr(redacted, word))
				blank_out(err, word);
		}
		p += n;
		if (*p)
			p++;
	}
}

int wb_pg_connect(const char *dsn, struct wb_pg_conn **out, char *err, size_t len)
{
	/* Later keywords override what the expanded dbname (the DSN) set. */
	const char *const keys[] = { "dbname", "application_name", NULL };
	const char *const vals[] = { dsn, "walbench", NULL };
	PQconninfoOption *opts, *o;
	const char *password = NULL;
	char *perr = NULL;
	struct wb_pg_conn *c;
	int ret = 0;

	*out = NULL;
	/* Parsed first: a string libpq cannot read is the user's input error, and
	 * its password is what the messages must not show. */
	opts = PQconninfoParse(dsn, &perr);
	if (!opts) {
		put_message(err, len, perr ? perr : "out of memory", NULL);
		blank_lost_words(err, dsn);
		PQfreemem(perr);
		return perr ? -EINVAL : -ENOMEM;
	}
	for (o = opts; o->keyword; o++)
		if (strcmp(o->keyword, "password") == 0 && o->val && o->val[0])
			password = o->val;
	c = calloc(1, sizeof(*c));
	if (!c) {
		ret = -ENOMEM;
		goto out;
	}
	c->pg = PQconnectdbParams(keys, vals, 1);
	if (!c->pg || PQstatus(c->pg) != CONNECTION_OK) {
		put_message(err, len, c->pg ? PQerrorMessage(c->pg) : "out of memory", password);
		/* The password libpq read from ~/.pgpass or PGPASSWORD never reaches a
		 * message: libpq does not quote it. */
		PQfinish(c->pg);
		free(c);
		ret = -ECONNREFUSED;
		goto out;
	}
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
		put_message(err, len, PQerrorMessage(pg), NULL);
		ret = -EIO;
	}
	PQclear(r);
	return ret;
}

int wb_pg_query(struct wb_pg_conn *c, const char *sql, wb_pg_row_fn row, void *ctx, char *err,
		size_t len)
{
	char begin[128];
	const char **names = NULL, **values = NULL;
	PGresult *r = NULL;
	int ret, nrows, ncols, i, j;

	snprintf(begin, sizeof(begin),
		 "BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = %d",
		 WB_PG_STATEMENT_TIMEOUT_MS);
	ret = command(c->pg, begin, err, len);
	if (ret)
		return ret;
	r = PQexec(c->pg, sql);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		put_message(err, len, PQerrorMessage(c->pg), NULL);
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
			snprintf(err, len, "unexpected value in the answer to: %.60s...", sql);
	}
out:
	free(names);
	free(values);
	PQclear(r);
	/* A read-only transaction has nothing to keep: end it either way. */
	if (command(c->pg, ret ? "ROLLBACK" : "COMMIT", ret ? begin : err, ret ? sizeof(begin) : len) &&
	    !ret)
		ret = -EIO;
	return ret;
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

void wb_pg_close(struct wb_pg_conn *c)
{
	if (!c)
		return;
	PQfinish(c->pg);
	free(c);
}
