/* cmd_run.c — `walbench run`: any method x engine x size x concurrency, as
 * interleaved trials with confidence intervals; optionally from a profile. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>


#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "plan/options.h"
#include "measure/cleanup.h"
#include "measure/session.h"
#include "plan/command.h"
#include "plan/plan.h"
#include "plan/profile.h"
#include "report/csv.h"
#include "report/json.h"
#include "report/progress.h"
#include "report/prom.h"
#include "report/text.h"

/* Nothing measured at all (every test n/a or never reached) is a setup problem,
 * not success. */
static bool nothing_ran(const struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].status == WB_STATUS_OK || rs->v[i].status == WB_STATUS_ERROR)
			return false;
	return true;
}

/* Appends src[0..n) to the growing test list. */
static int append_tests(struct wb_test **all, size_t *nall, struct wb_test *src, size_t n)
{
	struct wb_test *v = realloc(*all, (*nall + n) * sizeof(*v));

	if (!v)
		return -1;
	memcpy(v + *nall, src, n * sizeof(*v));
	*all = v;
	*nall += n;
	return 0;
}

/* Plans every group of the profile (or the command line alone). The command line
 * is parsed again over each group, so it overrides what the profile says. */
static int plan_all(int argc, char **argv, const struct wb_profile *prof, struct wb_config *first,
		    struct wb_test **tests, size_t *n)
{
	size_t groups = prof ? prof->ngroups : 1, g, k;
	struct wb_config cfg;
	struct wb_test *t;
	char err[1024];

	for (g = 0; g < groups; g++) {
		if (wb_config_defaults(&cfg, WB_CMD_RUN))
			return WB_EXIT_SETUP;
		if (prof && wb_profile_apply(prof, g, WB_CMD_RUN, &cfg, err, sizeof(err))) {
			fprintf(stderr, "walbench: %s\n", err);
			return WB_EXIT_USAGE;
		}
		if (wb_parse_command_line(&cfg, WB_CMD_RUN, argc, argv))
			return WB_EXIT_USAGE;
		t = wb_plan_run(&cfg, &k);
		if (!t || append_tests(tests, n, t, k)) {
			free(t);
			return WB_EXIT_SETUP;
		}
		free(t);
		if (g == 0)
			*first = cfg;
	}
	return WB_EXIT_OK;
}

static int write_outputs(const struct wb_config *cfg, const struct wb_results *rs)
{
	const char *why;
	int ret, status = WB_EXIT_OK;

	if (cfg->json_path && (ret = wb_json_write(cfg->json_path, rs, cfg, WB_CMD_RUN, NULL, &why))) {
		fprintf(stderr, "walbench: %s: %s: %s\n", cfg->json_path, why, strerror(-ret));
		status = WB_EXIT_SETUP;
	}
	if (cfg->csv_path && (ret = wb_csv_write(cfg->csv_path, rs, &why))) {
		fprintf(stderr, "walbench: %s: %s: %s\n", cfg->csv_path, why, strerror(-ret));
		status = WB_EXIT_SETUP;
	}
	if (cfg->prom_path && (ret = wb_prom_write(cfg->prom_path, rs, NULL, &why))) {
		fprintf(stderr, "walbench: %s: %s: %s\n", cfg->prom_path, why, strerror(-ret));
		status = WB_EXIT_SETUP;
	}
	return status;
}

int wb_cmd_run(int argc, char **argv)
{
	struct wb_profile prof, *profp = NULL;
	struct wb_results rs = { 0 };
	struct wb_test *tests = NULL;
	struct wb_command_plan plan;
	struct wb_config cfg;
	struct wb_result_hooks hooks;
	struct stat st;
	char err[1024];
	size_t n = 0;
	bool raw;
	int ret, status;

	if (wb_config_defaults(&cfg, WB_CMD_RUN))
		return WB_EXIT_SETUP;
	ret = wb_parse_command_line(&cfg, WB_CMD_RUN, argc, argv);
	if (ret)
		return ret < 0 ? WB_EXIT_OK : WB_EXIT_USAGE;
	if (cfg.profile) {
		if (wb_profile_load(cfg.profile, WB_CMD_RUN, &prof, err, sizeof(err))) {
			fprintf(stderr, "walbench: %s\n", err);
			return WB_EXIT_USAGE;
		}
		profp = &prof;
	}
	status = plan_all(argc, argv, profp, &cfg, &tests, &n);
	if (status != WB_EXIT_OK)
		goto out;
	/* Refused before anything is measured: a budget spent on a missing report
	 * directory, or on the parent of a mistyped one, is a budget wasted. */
	raw = stat(cfg.target, &st) == 0 && S_ISBLK(st.st_mode);
	if (!raw && cfg.destroy_data) {
		fprintf(stderr, "walbench: --destroy-data: %s is not a block device\n", cfg.target);
		status = WB_EXIT_SETUP;
		goto out;
	}
	if ((raw ? !wb_input_raw_device_ok(cfg.target, cfg.destroy_data,
					   wb_session_file_size(tests, n))
		 : !wb_input_dir_ok("--dir", cfg.target)) ||
	    !wb_input_output_ok("--json", cfg.json_path) ||
	    !wb_input_output_ok("--csv", cfg.csv_path) ||
	    !wb_input_output_ok("--prom", cfg.prom_path)) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	(void)wb_plan_command(WB_CMD_RUN, &cfg, wb_input_seed(cfg.seed), &plan);
	rs.adaptive = plan.sched.adaptive;
	rs.ci_target_pct = plan.judge.ci_target_pct;
	rs.max_cv_pct = plan.judge.max_cv_pct;
	rs.min_difference_pct = plan.judge.min_difference_pct;
	wb_text_print_header(cfg.target, profp ? profp->path : NULL, &plan.sched, n);
	wb_cleanup_graceful(true); /* a first Ctrl-C still reports and writes what was measured */
	status = wb_exit_for_session(
		wb_session_run_at(&(struct wb_session_where){ .dirs = (const char *const[]){ cfg.target },
							       .ndirs = 1, .raw_device = raw },
				  tests, n, &plan.sched, wb_progress_hooks(&wb_text_hooks, cfg.quiet, &hooks),
				  &rs));
	wb_progress_end();
	wb_text_print_summary(&rs);
	if (status == WB_EXIT_OK && !rs.interrupted && nothing_ran(&rs)) {
		fprintf(stderr, "walbench: no test could run here (every combination is n/a)\n");
		status = WB_EXIT_SETUP;
	}
	/* Written whatever happened: a script reading it must see a failure as one. */
	if ((ret = write_outputs(&cfg, &rs)) && status == WB_EXIT_OK)
		status = ret;
	if (rs.interrupted && status == WB_EXIT_OK)
		status = 128 + rs.interrupted;
out:
	wb_results_free(&rs);
	free(tests);
	if (profp)
		wb_profile_free(profp);
	return status;
}
