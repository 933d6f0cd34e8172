/* pg_dsn.h — libpq connection strings as text (pure): what to print of one,
 * and whether a word on the command line is one. */
#ifndef WB_SERVER_PG_DSN_H
#define WB_SERVER_PG_DSN_H

#include <stdbool.h>
#include <stddef.h>

/* dsn with every password removed, into out (always terminated): a key/value
 * string's password=... (quoted or not), a URI's user:PASSWORD@ and its
 * ?password=/&password= parameter. An empty dsn reads "(PG* environment)". */
void wb_pg_dsn_redact(const char *dsn, char *out, size_t len);

/* Whether arg is a connection string rather than a directory: a URI
 * (postgresql:// or postgres://) or key=value text. */
bool wb_pg_dsn_looks_like(const char *arg);

#endif
