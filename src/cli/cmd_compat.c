/* cmd_compat.c — `walbench compat`: pg_test_fsync's run, as a drop-in. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "cli/space_gate.h"
#include "plan/options.h"
#include "measure/session.h"
#include "plan/plan.h"
#include "report/compat.h"

int wb_cmd_compat(int argc, char **argv)
{
	struct wb_compat_report rep = { .group = -1 };
	struct wb_result_hooks hooks = wb_compat_hooks_template;
	struct wb_results rs = { 0 };
	struct wb_config cfg;
	struct wb_test *tests;
	char dir[PATH_MAX];
	size_t n;
	int ret;

	if (!wb_cli_configure(&cfg, WB_CMD_COMPAT, argc, argv, &ret))
		return ret;
	if (!wb_input_target_ok("-f", cfg.target))
		return WB_EXIT_SETUP;
	tests = wb_plan_compat(cfg.duration_ns, &n);
	if (!tests)
		return WB_EXIT_SETUP;
	if (!wb_cli_space_ok(&cfg, wb_input_target_dir(cfg.target, dir, sizeof(dir)),
			     wb_session_file_size(tests, n), NULL)) {
		free(tests);
		return WB_EXIT_SETUP;
	}
	hooks.ctx = &rep;
	wb_compat_print_preamble(cfg.duration_ns);
	fflush(stdout);
	ret = wb_exit_for_session(wb_session_run(cfg.target, tests, n, NULL, &hooks, &rs));
	if (rep.group >= 0)
		wb_compat_finish(&rep);
	wb_results_free(&rs);
	free(tests);
	return ret;
}
