/* pg_dsn.h — libpq connection strings and command-line words as text (pure):
 * what may be printed of one, and a message scrubbed of what may not. The rule
 * is to keep what is known to be harmless and drop the rest: a password never
 * reaches an output, a file or a message. */
#ifndef WB_PGSTAT_PG_DSN_H
#define WB_PGSTAT_PG_DSN_H

#include <stdbool.h>
#include <stddef.h>

/* What replaces a word or string that is dropped whole. */
#define WB_PG_NOT_SHOWN "(not shown)"

/* Whether libpq reads dsn as a connection string (a postgresql:// or
 * postgres:// URI, or key=value text) rather than a plain database name: its
 * own rule for expand_dbname. */
bool wb_pg_dsn_is_conninfo(const char *dsn);

/* dsn with every secret removed, into out (always terminated). Of key/value
 * text only the pairs whose keyword libpq knows and does not hide are kept
 * (so password, sslpassword, oauth_client_secret and any unknown or mistyped
 * keyword go, quoted or not, with their values); of a URI the user:PASSWORD@
 * and every parameter but those; from a word without '=' or an unterminated
 * quote on, the rest goes. A URI whose host part holds an '@' (a password's
 * unencoded '@' or '/') or a port that is not a number, and a plain database
 * name holding spaces, '@', "://" or a secret-ish word, are dropped whole
 * (WB_PG_NOT_SHOWN). An empty dsn reads "(PG* environment)". */
void wb_pg_dsn_redact(const char *dsn, char *out, size_t len);

/* One command-line word as it may be printed or saved: --name=VALUE keeps its
 * name; a value (or a bare word) that is a connection string is redacted as
 * above, one holding '@', "://", spaces, quotes or a secret-ish word
 * (password, secret, ...) is WB_PG_NOT_SHOWN; anything else is kept. */
void wb_pg_arg_redact(const char *word, char *out, size_t len);

/* Scrubs msg in place (it never grows): every one of the nsecrets values (the
 * secrets libpq parsed out of dsn) and every word of dsn that its redacted
 * form does not show becomes "***" (the keywords password, sslpassword and
 * oauth_client_secret excepted: a name, not a secret, and libpq's "password
 * authentication failed" should read as such). A word or secret of 1 to 3
 * characters is blanked only where it stands as a whole token, so that a
 * password "a" does not blank every letter a, and "*" ends. */
void wb_pg_message_scrub(char *msg, const char *dsn, const char *const *secrets,
			 size_t nsecrets);

#endif
