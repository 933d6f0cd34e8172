/* cmd_qualify.c — `walbench qualify DIR`: measure, for minutes, a PostgreSQL
 * commit and etcd's WAL write on DIR (and an unsynced write beside them), in
 * time slices; judge them against every tier; print the chosen tier's verdict
 * first. The exit status is the gate a provisioning script needs: 0 the tier
 * passed, 1 it failed or was inconclusive, 2 bad input (usage errors too, so a
 * typo never reads as a verdict), 3 an I/O or durability failure. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include "advice/qualify.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "measure/cleanup.h"
#include "measure/session.h"
#include "plan/options.h"
#include "plan/command.h"
#include "plan/plan.h"
#include "plan/tiers.h"
#include "report/json.h"
#include "report/progress.h"
#include "report/prom.h"
#include "report/qualify.h"
#include "report/text.h"

int wb_cmd_qualify(int argc, char **argv)
{
	struct wb_results rs = { 0 };
	struct wb_qualification *q = NULL;
	struct wb_tiers *tiers = NULL;
	struct wb_json_verdicts v = { 0 };
	struct wb_command_plan plan;
	struct wb_config cfg;
	struct wb_test *tests = NULL;
	struct wb_session_where where = { .dirs = NULL, .ndirs = 1 };
	struct wb_result_hooks hooks;
	struct stat st;
	bool raw;
	const char *why, *operand;
	char err[512];
	size_t n;
	int ret, status;

	if (wb_config_defaults(&cfg, WB_CMD_QUALIFY))
		return WB_EXIT_SETUP;
	operand = wb_input_leading_operand(&argc, &argv);
	ret = wb_parse_command_line(&cfg, WB_CMD_QUALIFY, argc, argv);
	if (ret)
		return ret < 0 ? WB_EXIT_OK : WB_EXIT_SETUP;
	if (operand)
		cfg.target = operand;
	raw = stat(cfg.target, &st) == 0 && S_ISBLK(st.st_mode);
	if (!raw && cfg.destroy_data) {
		fprintf(stderr, "walbench: --destroy-data: %s is not a block device\n", cfg.target);
		return WB_EXIT_SETUP;
	}
	if ((raw ? !wb_input_raw_device_ok(cfg.target, cfg.destroy_data, WB_ETCD_FILE)
		 : !wb_input_dir_ok("DIR", cfg.target)) ||
	    !wb_input_output_ok("--json", cfg.json_path) ||
	    !wb_input_output_ok("--prom", cfg.prom_path))
		return WB_EXIT_SETUP;
	tiers = malloc(sizeof(*tiers));
	q = malloc(sizeof(*q));
	if (!tiers || !q) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (wb_tiers_load(cfg.tiers_path, tiers, err, sizeof(err))) {
		fprintf(stderr, "walbench: %s\n", err);
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (!wb_tier_find(tiers, cfg.tier)) {
		fprintf(stderr, "walbench: --tier: no tier named \"%s\" in %s\n", cfg.tier,
			cfg.tiers_path ? cfg.tiers_path : "tiers.json");
		status = WB_EXIT_SETUP;
		goto out;
	}
	tests = wb_plan_qualify(&cfg, &n);
	if (!tests) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	(void)wb_plan_command(WB_CMD_QUALIFY, &cfg, wb_input_seed(cfg.seed), &plan);
	rs.adaptive = plan.sched.adaptive;
	rs.ci_target_pct = plan.judge.ci_target_pct;
	rs.max_cv_pct = plan.judge.max_cv_pct;
	rs.min_difference_pct = plan.judge.min_difference_pct;
	printf("Does %s qualify as \"%s\"? PostgreSQL commits and etcd's WAL writes for %.0f s, "
	       "in slices of %.1f s.\n", cfg.target, cfg.tier, cfg.budget_ns / 1e9,
	       cfg.trial_ns / 1e9);
	fflush(stdout);
	wb_cleanup_graceful(true); /* a first Ctrl-C still judges and writes what was measured */
	where.dirs = &cfg.target;
	where.raw_device = raw;
	status = wb_exit_for_session(wb_session_run_at(&where, tests, n, &plan.sched,
						       wb_progress_hooks(NULL, cfg.quiet, &hooks),
						       &rs));
	wb_progress_end();
	if (rs.n) {
		bool ok = wb_qualify(&rs, tiers, cfg.tier, q);

		wb_qualify_print(q, &rs);
		wb_text_print_storage_notes(&rs);
		if (status == WB_EXIT_OK && rs.interrupted)
			status = 128 + rs.interrupted; /* a partial run is no gate's pass */
		else if (status == WB_EXIT_OK)
			status = !ok ? WB_EXIT_SETUP
				 : q->tiers[q->chosen].verdict == WB_Q_PASS ? WB_EXIT_OK
				 : WB_EXIT_GATE;
		v.qual = q;
		if (cfg.prom_path && (ret = wb_prom_write(cfg.prom_path, &rs, NULL, &why))) {
			fprintf(stderr, "walbench: %s: %s: %s\n", cfg.prom_path, why, strerror(-ret));
			if (status == WB_EXIT_OK)
				status = WB_EXIT_SETUP;
		}
		if (cfg.json_path &&
		    (ret = wb_json_write(cfg.json_path, &rs, &cfg, WB_CMD_QUALIFY, &v, &why))) {
			fprintf(stderr, "walbench: %s: %s: %s\n", cfg.json_path, why, strerror(-ret));
			if (status == WB_EXIT_OK)
				status = WB_EXIT_SETUP;
		}
	}
out:
	wb_results_free(&rs);
	free(tests);
	free(tiers);
	free(q);
	return status;
}
