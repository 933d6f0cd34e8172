/* observing.h — one observation of the running server, as `observe` and
 * `recommend --server` take it: connect, wait the window (a first Ctrl-C ends
 * the wait early and keeps what was seen), the second snapshot, and every
 * failure said once, on stderr, with the connection string's password
 * removed. */
#ifndef WB_CLI_OBSERVING_H
#define WB_CLI_OBSERVING_H

#include <stdbool.h>
#include <stdint.h>

#include "pgstat/observed.h"

/* Observes dsn for window_ns into o. Returns WB_EXIT_OK, WB_EXIT_SETUP (no
 * connection, authentication failed, an unsupported server, a refused query,
 * no libpq), or 128 + the signal that ended the window early (o is complete
 * then too, over the shorter window). */
int wb_cli_observe(const char *dsn, uint64_t window_ns, bool quiet, struct wb_pg_observed *o);

#endif
