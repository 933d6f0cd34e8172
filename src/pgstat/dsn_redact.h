/* dsn_redact.h — libpq connection strings and command-line words as text (pure):
 * what may be printed of one, and a message scrubbed of what may not. The rule
 * is to keep what is known to be harmless and drop the rest: a password never
 * reaches an output, a file or a message. In pgstat/ because every stage that
 * echoes a word uses it (plan, measure, report, server, cli) and this pure one
 * is below them all. */
#ifndef WB_PGSTAT_DSN_REDACT_H
#define WB_PGSTAT_DSN_REDACT_H

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
 * keyword go, quoted or not, with their values, and a dbname that holds an
 * '=': libpq passes it to the server as a name, unparsed); of a URI the user:PASSWORD@
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

/* Whether word[0..n) looks like a connection string or a piece of one: libpq
 * would read it as one (key=value, a URI), or it holds a user:password@, a
 * "://" or a leading space (a mistyped one). Such a word walbench refuses is
 * named, never echoed. */
bool wb_pg_word_is_dsn(const char *word, size_t n);

/* Whether a word walbench refuses (from its command line, its environment or
 * a file) may be echoed as it is: at most WB_PG_WORD_SHOWN_MAX characters,
 * not wb_pg_word_is_dsn, and without spaces, quotes, backslashes or a
 * secret-ish word (password, secret, token...). Else it is named by its
 * place, never shown. */
#define WB_PG_WORD_SHOWN_MAX 64
bool wb_pg_word_shown(const char *word);

/* Scrubs libpq's message about dsn in place (it never grows), by position: of
 * each double-quoted span (libpq quotes every value it echoes), when dsn could
 * not be parsed (parse_failed) all from the first that is not a lone
 * punctuation mark to the last quote, since they are pieces of it (quotes
 * and all); else those that look like a connection string
 * (wb_pg_word_is_dsn: a database name from PGDATABASE, say) and those taken
 * from dsn that its redaction does not show; each becomes min(length, 3)
 * stars. A secret is never searched for by its text: a password equal to a
 * word printed anyway (password=5432 with port=5432, the word
 * "authentication") would show where the stars stand. libpq itself never
 * quotes a password from the string, PGPASSWORD or ~/.pgpass. */
void wb_pg_message_scrub(char *msg, const char *dsn, bool parse_failed);

#endif
