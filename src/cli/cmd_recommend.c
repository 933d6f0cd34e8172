/* cmd_recommend.c — `walbench recommend [--data] DIR`: measure what the server
 * would do on DIR (WAL-faithful commits and bulk flushes, each method opened as
 * the given PostgreSQL version opens it), stop as soon as the question is
 * answered, and say which wal_sync_method to set, or that they tie. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/recommend.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "measure/session.h"
#include "plan/options.h"
#include "plan/plan.h"
#include "report/json.h"
#include "report/recommend.h"
#include "report/text.h"

/* Trials before a test may be judged; the decision's own minimum applies too. */
#define REC_MIN_TRIALS 5

int wb_cmd_recommend(int argc, char **argv)
{
	struct wb_recommend_params params;
	struct wb_recommendation rec;
	struct wb_results rs = { 0 };
	struct wb_schedule sched;
	struct wb_config cfg;
	struct wb_test *tests;
	const char *why;
	size_t n;
	int ret, status;

	const char *operand = NULL;

	if (wb_config_defaults(&cfg, WB_CMD_RECOMMEND))
		return WB_EXIT_SETUP;
	/* DIR may come first too: `recommend /srv/pg_wal --workload oltp`. */
	if (argc > 1 && argv[1][0] != '-') {
		operand = argv[1];
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	ret = wb_parse_command_line(&cfg, WB_CMD_RECOMMEND, argc, argv);
	if (ret)
		return ret < 0 ? WB_EXIT_OK : WB_EXIT_USAGE;
	if (operand)
		cfg.target = operand;
	/* A typo in a pg_wal path must not quietly measure the parent's file system. */
	if (!wb_input_dir_ok("DIR", cfg.target) || !wb_input_output_ok("--json", cfg.json_path))
		return WB_EXIT_SETUP;
	tests = wb_plan_recommend(&cfg, &n);
	if (!tests)
		return WB_EXIT_SETUP;
	sched = (struct wb_schedule){
		.adaptive = true,
		.budget_ns = cfg.budget_ns,
		.trial_ns = cfg.trial_ns,
		.warmup_ns = cfg.warmup_ns,
		.min_trials = REC_MIN_TRIALS,
		.ci_target_pct = 0.0,
		.seed = wb_input_seed(cfg.seed),
		.decide = true,
		.decide_baseline = WB_DEFAULT_METHOD,
		.min_gain_pct = cfg.min_gain_bp / 100.0,
	};
	rs.adaptive = true;
	rs.max_cv_pct = 10.0;
	rs.min_difference_pct = 3.0;
	printf("Which wal_sync_method for %s? %s workload, as PostgreSQL %u opens WAL "
	       "(wal_level=%s%s): %zu tests, at most %.0f s, stopping as soon as it is known.\n",
	       cfg.target, wb_workload_names[cfg.workload], (unsigned)cfg.pg_version,
	       wb_wal_level_names[cfg.wal_level], cfg.debug_io_direct ? ", debug_io_direct=wal" : "",
	       n, cfg.budget_ns / 1e9);
	fflush(stdout);
	status = wb_exit_for_session(wb_session_run(cfg.target, tests, n, &sched, NULL, &rs));
	params = (struct wb_recommend_params){
		.workload = (enum wb_workload)cfg.workload,
		.min_gain_pct = cfg.min_gain_bp / 100.0,
		.shared_buffers = cfg.shared_buffers,
	};
	if (rs.n) {
		if (!wb_recommend(&rs, &params, &rec) && status == WB_EXIT_OK)
			status = WB_EXIT_SETUP;
		wb_recommend_print(&rs, &rec);
		wb_text_print_storage_notes(&rs);
		if (cfg.json_path &&
		    (ret = wb_json_write(cfg.json_path, &rs, &cfg, WB_CMD_RECOMMEND, &rec, &why))) {
			fprintf(stderr, "walbench: %s: %s: %s\n", cfg.json_path, why, strerror(-ret));
			if (status == WB_EXIT_OK)
				status = WB_EXIT_SETUP;
		}
	}
	wb_results_free(&rs);
	free(tests);
	return status;
}
