/* cmd_observe.c — `walbench observe [DSN]`: what the running server says of
 * itself over --observe (settings, commits, WAL writes and flushes, data
 * pages, checkpoints), read-only, printed and with --json saved for
 * `recommend --observed`. Measures nothing on a disk. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/observing.h"
#include "report/json.h"
#include "report/observed_text.h"

int wb_cmd_observe(int argc, char **argv)
{
	static struct wb_pg_observed o;
	struct wb_results rs = { 0 };
	struct wb_config cfg;
	const char *why = "";
	int ret, status;

	if (wb_config_defaults(&cfg, WB_CMD_OBSERVE))
		return WB_EXIT_SETUP;
	ret = wb_parse_command_line(&cfg, WB_CMD_OBSERVE, argc, argv);
	if (ret)
		return ret < 0 ? WB_EXIT_OK : WB_EXIT_USAGE;
	if (!wb_input_output_ok("--json", cfg.json_path))
		return WB_EXIT_SETUP;
	status = wb_cli_observe(cfg.server_dsn ? cfg.server_dsn : "", cfg.observe_ns, false, &o);
	if (status != WB_EXIT_OK && status < 128)
		return status;
	wb_observed_print(&o);
	rs.interrupted = status >= 128 ? status - 128 : 0;
	if (cfg.json_path &&
	    (ret = wb_json_write(cfg.json_path, &rs, &cfg, WB_CMD_OBSERVE,
				 &(struct wb_json_verdicts){ .observed = &o }, &why))) {
		fprintf(stderr, "walbench: writing %s failed (%s): %s\n", cfg.json_path, why,
			strerror(-ret));
		return WB_EXIT_SETUP;
	}
	return status;
}
