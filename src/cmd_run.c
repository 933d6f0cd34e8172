/* cmd_run.c — `walbench run`: any method x engine x size, with latency percentiles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "exit_codes.h"
#include "options.h"
#include "plan.h"
#include "report_json.h"
#include "report_text.h"

/* Nothing measured at all (every test n/a) is a setup problem, not success. */
static bool nothing_ran(const struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].status != WB_STATUS_NA)
			return false;
	return true;
}

int wb_cmd_run(int argc, char **argv)
{
	struct wb_results rs = { 0 };
	struct wb_config cfg;
	struct wb_test *tests;
	const char *why;
	size_t n;
	int ret, status;

	if (wb_config_defaults(&cfg, WB_CMD_RUN))
		return WB_EXIT_SETUP;
	ret = wb_parse_command_line(&cfg, WB_CMD_RUN, argc, argv);
	if (ret)
		return ret < 0 ? WB_EXIT_OK : WB_EXIT_USAGE;
	tests = wb_plan_run(&cfg, &n);
	if (!tests)
		return WB_EXIT_SETUP;
	wb_text_print_header(cfg.target);
	status = wb_session_run(cfg.target, tests, n, &wb_text_hooks, &rs);
	if (status == WB_EXIT_OK && nothing_ran(&rs)) {
		fprintf(stderr, "walbench: no test could run here (every combination is n/a)\n");
		status = WB_EXIT_SETUP;
	}
	if (cfg.json_path && rs.n) {
		ret = wb_json_write(cfg.json_path, &rs, &cfg, WB_CMD_RUN, &why);
		if (ret) {
			fprintf(stderr, "walbench: %s: %s: %s\n", cfg.json_path, why, strerror(-ret));
			if (status == WB_EXIT_OK)
				status = WB_EXIT_SETUP;
		}
	}
	wb_results_free(&rs);
	free(tests);
	return status;
}
