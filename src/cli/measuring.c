/* measuring.c — see measuring.h. */
#include "cli/measuring.h"

#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "measure/signal_cleanup.h"
#include "report/outputs.h"
#include "report/progress.h"

/* The commands whose target may come first, as a bare DIR. */
static bool takes_leading_dir(enum wb_command cmd)
{
	return cmd == WB_CMD_RECOMMEND || cmd == WB_CMD_QUALIFY;
}

bool wb_cli_configure(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv,
		      int *status)
{
	const char *operand = NULL;
	int ret;

	*status = WB_EXIT_SETUP;
	if (wb_config_defaults(cfg, cmd))
		return false;
	if (takes_leading_dir(cmd))
		operand = wb_input_leading_operand(&argc, &argv);
	cfg->argv_shift = operand ? 1 : 0;
	ret = wb_parse_command_line(cfg, cmd, argc, argv);
	if (ret) {
		*status = ret < 0 ? WB_EXIT_OK : cmd == WB_CMD_QUALIFY ? WB_EXIT_SETUP : WB_EXIT_USAGE;
		return false;
	}
	if (operand) {
		cfg->target = operand;
		cfg->target_given = true;
	}
	*status = WB_EXIT_OK;
	return true;
}

int wb_cli_measure(const struct wb_session_where *where, const struct wb_test *tests, size_t n,
		   const struct wb_command_plan *plan, const struct wb_result_hooks *print,
		   bool quiet, struct wb_results *rs)
{
	struct wb_result_hooks hooks;
	int status;

	rs->adaptive = plan->sched.adaptive;
	rs->ci_target_pct = plan->judge.ci_target_pct;
	rs->max_cv_pct = plan->judge.max_cv_pct;
	rs->min_difference_pct = plan->judge.min_difference_pct;
	wb_cleanup_graceful(true);
	status = wb_exit_for_session(wb_session_run_at(where, tests, n, &plan->sched,
						       wb_progress_hooks(print, quiet, &hooks), rs));
	wb_progress_end();
	return status;
}

int wb_cli_write_reports(const struct wb_config *cfg, enum wb_command cmd,
			 const struct wb_results *rs, const struct wb_json_verdicts *v, int status)
{
	if (wb_outputs_write(cfg, cmd, rs, v) && status == WB_EXIT_OK)
		return WB_EXIT_SETUP;
	return status;
}
