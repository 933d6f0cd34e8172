/* cmd_observe.c — `walbench observe [DSN]`: what the running server says of
 * itself over --observe (settings, commits, WAL writes and flushes, data
 * pages, checkpoints), read-only, printed, with --json saved for
 * `recommend --observed` and with --prom its rates for node_exporter.
 * Measures nothing on a disk. */
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "cli/observing.h"
#include "report/json.h"
#include "report/observed_text.h"

int wb_cmd_observe(int argc, char **argv)
{
	static struct wb_pg_observed o;
	struct wb_results rs = { 0 };
	struct wb_config cfg;
	int status;

	if (!wb_cli_configure(&cfg, WB_CMD_OBSERVE, argc, argv, &status))
		return status;
	if (!wb_input_reports_ok(&cfg))
		return WB_EXIT_SETUP;
	status = wb_cli_observe(cfg.server_dsn ? cfg.server_dsn : "", cfg.observe_ns, false, &o);
	if (status != WB_EXIT_OK && status < WB_EXIT_SIGNAL)
		return status;
	wb_observed_print(&o);
	/* A window cut short by a signal is still printed and saved, and
	 * wb_cli_write_reports ends on the signal. */
	rs.interrupted = status >= WB_EXIT_SIGNAL ? status - WB_EXIT_SIGNAL : 0;
	return wb_cli_write_reports(&cfg, WB_CMD_OBSERVE, &rs,
				    &(struct wb_json_verdicts){ .observed = &o }, WB_EXIT_OK);
}
