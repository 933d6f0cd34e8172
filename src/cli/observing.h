/* observing.h — one observation of the running server, as `observe` and
 * `recommend --server` take it: server/pg_observe.h takes it; this says on
 * stderr what it does (the server, the window, a progress line on a
 * terminal), lets a first Ctrl-C end the window early and keep what was seen,
 * and says every failure once, with the connection string's password
 * removed. */
#ifndef WB_CLI_OBSERVING_H
#define WB_CLI_OBSERVING_H

#include <stdbool.h>
#include <stdint.h>

#include "pgstat/observed.h"

/* Observes dsn for window_ns into o. Returns WB_EXIT_OK, WB_EXIT_SETUP (no
 * connection, authentication failed, an unsupported server, a refused query,
 * no libpq), or WB_EXIT_SIGNAL + the signal that ended the window early (o is complete
 * then too, over the shorter window). */
int wb_cli_observe(const char *dsn, uint64_t window_ns, bool quiet, struct wb_pg_observed *o);

#endif
