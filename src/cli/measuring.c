/* measuring.c — see measuring.h. */
#include "cli/measuring.h"

#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/space_gate.h"
#include "measure/signal_cleanup.h"
#include "report/outputs.h"
#include "report/progress.h"

/* The commands whose exit status is a gate (exit_codes.h): their usage
 * errors are WB_EXIT_SETUP, so a typo never reads as a verdict. */
static bool is_gate(enum wb_command cmd)
{
	return cmd == WB_CMD_QUALIFY || cmd == WB_CMD_COMPARE || cmd == WB_CMD_REPORT;
}

bool wb_cli_configure(struct wb_config *cfg, enum wb_command cmd, int argc, char **argv,
		      int *status)
{
	int ret;

	*status = WB_EXIT_SETUP;
	if (wb_config_defaults(cfg, cmd))
		return false;
	/* compare's gate is off until --fail-on-regression asks for one: "no
	 * gate" is a default the option table has no value for. */
	if (cmd == WB_CMD_COMPARE)
		cfg->fail_regression_bp = WB_GATE_OFF;
	/* verify's argv opens on its subcommand, the command word before it. */
	cfg->argv_shift = cmd == WB_CMD_VERIFY ? 1 : 0;
	ret = wb_parse_command_line(cfg, cmd, argc, argv);
	if (ret) {
		*status = ret < 0 ? WB_EXIT_OK : is_gate(cmd) ? WB_EXIT_SETUP : WB_EXIT_USAGE;
		return false;
	}
	*status = WB_EXIT_OK;
	return true;
}

bool wb_cli_one_site(const struct wb_config *cfg, enum wb_command cmd, bool raw,
		     const struct wb_test *tests, size_t n, const struct wb_pg_observed *live,
		     struct wb_session_where *where, struct wb_command_plan *plan)
{
	*where = (struct wb_session_where){ .dirs = &cfg->target, .ndirs = 1, .raw_device = raw };
	if (!wb_cli_session_space_ok(cfg, where, tests, n, live))
		return false;
	(void)wb_plan_command(cmd, cfg, wb_input_seed(cfg->seed), n, plan);
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
	rs->asked_trial_ns = plan->sched.asked_trial_ns;
	rs->trial_given = plan->sched.trial_given;
	rs->trial_shortened = plan->sched.trial_ns < plan->sched.asked_trial_ns;
	wb_cleanup_graceful(true);
	status = wb_exit_for_session(wb_session_run_at(where, tests, n, &plan->sched,
						       wb_progress_hooks(print, quiet, &hooks), rs));
	wb_progress_end();
	return status;
}

int wb_cli_write_reports(const struct wb_config *cfg, enum wb_command cmd,
			 const struct wb_results *rs, const struct wb_json_verdicts *v, int status)
{
	if (rs->interrupted && status == WB_EXIT_OK)
		status = WB_EXIT_SIGNAL + rs->interrupted;
	if (wb_outputs_write(cfg, cmd, rs, v) && status == WB_EXIT_OK)
		return WB_EXIT_SETUP;
	return status;
}
