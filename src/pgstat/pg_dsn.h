/* pg_dsn.h — libpq connection strings as text (pure): what may be printed of
 * one. */
#ifndef WB_PGSTAT_PG_DSN_H
#define WB_PGSTAT_PG_DSN_H

#include <stddef.h>

/* dsn with every secret removed, into out (always terminated): a key/value
 * string's password, sslpassword and oauth_client_secret (quoted or not), a
 * URI's user:PASSWORD@ and those parameters (names percent-decoded, as libpq
 * reads them); what cannot be parsed is dropped. An empty dsn reads "(PG*
 * environment)". */
void wb_pg_dsn_redact(const char *dsn, char *out, size_t len);

#endif
