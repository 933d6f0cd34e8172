/* space_gate.h — the space guard before a command writes anything: is the
 * directory on a live server's WAL volume (a data directory with postmaster.pid
 * up the path, or the file system of the pg_wal --server observed), and would
 * the run leave the margin free there (advice/space_guard.h)? max_wal_size is
 * the observed server's, else the data directory's configuration's, else
 * PostgreSQL's default. A refusal is printed; the caller exits WB_EXIT_SETUP. */
#ifndef WB_CLI_SPACE_GATE_H
#define WB_CLI_SPACE_GATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/session.h"
#include "pgstat/observed.h"
#include "plan/options.h"

/* Whether bytes may be written in dir; server is the live server --server
 * observed (NULL: none, or a saved observation). Prints the refusal, or the
 * warning when --allow-low-space overrode one. */
bool wb_cli_space_ok(const struct wb_config *cfg, const char *dir, uint64_t bytes,
		     const struct wb_pg_observed *server);

/* wb_cli_space_ok for every directory of where, each with what the session
 * writes there; a raw device is not judged (it holds no file system). */
bool wb_cli_session_space_ok(const struct wb_config *cfg, const struct wb_session_where *where,
			     const struct wb_test *tests, size_t n,
			     const struct wb_pg_observed *server);

#endif
