/* server_config.h — recommend's configuration from the server it observed:
 * its version, wal_level, debug_io_direct, wal_buffers and shared_buffers, its
 * pg_wal as the directory to test, its wal_sync_method as the baseline, its
 * flushes as the sizes to measure, and its checkpoints' pages as the data
 * load. What the command line gave always wins. */
#ifndef WB_CLI_SERVER_CONFIG_H
#define WB_CLI_SERVER_CONFIG_H

#include "advice/server_shape.h"
#include "plan/options.h"
#include "pgstat/observed.h"

/* The observation recommend decides from: --server observes the server now,
 * --observed reads a saved one (freed with the results it came in: *keep).
 * WB_EXIT_OK, or the exit status after the message was printed. */
int wb_cli_server_observation(const struct wb_config *cfg, struct wb_pg_observed *o);

/* Applies o (its shape in shape) to cfg and prints, in a few lines, what was
 * taken from the server and what was not. WB_EXIT_OK, or WB_EXIT_SETUP when
 * there is no directory to test (pg_wal not on this host, no DIR given). */
int wb_cli_server_apply(struct wb_config *cfg, const struct wb_pg_observed *o,
			const struct wb_server_shape *shape);

#endif
