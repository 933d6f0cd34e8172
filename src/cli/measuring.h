/* measuring.h — the skeleton the commands share: read the options (every
 * command), place a one-site session and plan it (run, qualify, recommend), run
 * it, write the reports asked for and end on the exit status they make (run,
 * recommend, qualify, observe), each with the rule the README documents. What
 * a command asks, checks and prints is its own (cmd_*.c). */
#ifndef WB_CLI_MEASURING_H
#define WB_CLI_MEASURING_H

#include <stdbool.h>
#include <stddef.h>

#include "measure/session.h"
#include "pgstat/observed.h"
#include "plan/command.h"
#include "plan/options.h"
#include "report/json.h"

/* cmd's defaults, then the command line (recommend's, qualify's and verify's
 * DIR anywhere among the options). True to go on, *status WB_EXIT_OK; false with *status the
 * exit status (0 after --help; a usage error is WB_EXIT_SETUP for the commands
 * whose status is a gate, qualify, compare and report, so a typo never reads
 * as a verdict). */
bool wb_cli_configure(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv,
		      int *status);

/* The session on cfg->target alone (raw: a block device), refused with a
 * message when its space cannot hold tests (live: the server --server
 * observed, NULL none), else planned as cmd's (plan/command.h) with cfg's seed,
 * or a new one when none was given. */
bool wb_cli_one_site(const struct wb_config *cfg, enum wb_command cmd, bool raw,
		     const struct wb_test *tests, size_t n, const struct wb_pg_observed *live,
		     struct wb_session_where *where, struct wb_command_plan *plan);

/* Runs tests at where as plan says, rs judged by plan's thresholds, with the
 * progress line over print's hooks (NULL: none) unless quiet. A first Ctrl-C
 * from here on stops after the current trial, so what was measured is still
 * reported and written. Returns the session's exit status. */
int wb_cli_measure(const struct wb_session_where *where, const struct wb_test *tests, size_t n,
		   const struct wb_command_plan *plan, const struct wb_result_hooks *print,
		   bool quiet, struct wb_results *rs);

/* Writes the reports cfg asks for (wb_outputs_write): written whatever
 * happened, so a script reading one sees a failure as one. Returns the exit
 * status the command ends on: status, unless it says success where rs was cut
 * short by a signal (WB_EXIT_SIGNAL plus the signal: what was measured is
 * reported, but no partial run is a success nor a gate's pass) or a report could
 * not be written (WB_EXIT_SETUP). */
int wb_cli_write_reports(const struct wb_config *cfg, enum wb_command cmd,
			 const struct wb_results *rs, const struct wb_json_verdicts *v, int status);

#endif
