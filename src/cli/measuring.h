/* measuring.h — the steps the measuring commands take alike: read the options
 * (compat too), run a session as the plan says, write the reports asked for
 * (run, recommend, qualify), each with the exit-status rule the README
 * documents. What a command asks, checks and prints is its own (cmd_*.c). */
#ifndef WB_CLI_MEASURING_H
#define WB_CLI_MEASURING_H

#include <stdbool.h>
#include <stddef.h>

#include "measure/session.h"
#include "plan/command.h"
#include "plan/options.h"
#include "report/json.h"

/* cmd's defaults, then a DIR given before the options (recommend, qualify:
 * `recommend /srv/pg_wal --workload oltp`), then the command line. True to go
 * on, *status WB_EXIT_OK; false with *status the exit status (0 after --help;
 * a usage error is qualify's WB_EXIT_SETUP, so a typo never reads as its
 * verdict). */
bool wb_cli_configure(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv,
		      int *status);

/* Runs tests at where as plan says, rs judged by plan's thresholds, with the
 * progress line over print's hooks (NULL: none) unless quiet. A first Ctrl-C
 * from here on stops after the current trial, so what was measured is still
 * reported and written. Returns the session's exit status. */
int wb_cli_measure(const struct wb_session_where *where, const struct wb_test *tests, size_t n,
		   const struct wb_command_plan *plan, const struct wb_result_hooks *print,
		   bool quiet, struct wb_results *rs);

/* Writes the reports cfg asks for (wb_outputs_write): written whatever
 * happened, so a script reading one sees a failure as one. Returns status,
 * or WB_EXIT_SETUP in place of a success when a report could not be written. */
int wb_cli_write_reports(const struct wb_config *cfg, enum wb_command cmd,
			 const struct wb_results *rs, const struct wb_json_verdicts *v, int status);

#endif
