/* cmd_run.c — `walbench run`: any method x engine x size x concurrency, as
 * interleaved trials with confidence intervals; optionally from a profile. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "measure/session.h"
#include "plan/command.h"
#include "plan/options.h"
#include "plan/plan.h"
#include "plan/profile.h"
#include "report/run_text.h"

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
			wb_usage_hint();
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

int wb_cmd_run(int argc, char **argv)
{
	struct wb_profile prof, *profp = NULL;
	struct wb_results rs = { 0 };
	struct wb_test *tests = NULL;
	struct wb_command_plan plan;
	struct wb_session_where where;
	struct wb_text_table table;
	struct wb_result_hooks hooks;
	struct wb_config cfg;
	char err[1024];
	size_t n = 0;
	bool raw;
	int status;

	if (!wb_cli_configure(&cfg, WB_CMD_RUN, argc, argv, &status))
		return status;
	if (cfg.profile) {
		/* A bad key or value is a usage error, as the same option on the
		 * command line is; a profile that cannot be read (missing, a
		 * directory, not JSON) is unusable input, as a tiers file is. */
		int ret = wb_profile_load(cfg.profile, WB_CMD_RUN, &prof, err, sizeof(err));

		if (ret) {
			fprintf(stderr, "walbench: %s\n", err);
			if (ret != -EINVAL)
				return WB_EXIT_SETUP;
			wb_usage_hint();
			return WB_EXIT_USAGE;
		}
		profp = &prof;
	}
	status = plan_all(argc, argv, profp, &cfg, &tests, &n);
	if (status != WB_EXIT_OK)
		goto out;
	/* Refused before anything is measured: a budget spent on a missing report
	 * directory, or on the parent of a mistyped one, is a budget wasted. */
	if (!wb_input_site_ok(&cfg, wb_input_dir_word(&cfg), cfg.target, cfg.destroy_data,
			      wb_session_file_size(tests, n), &raw) ||
	    !wb_input_reports_ok(&cfg)) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	if (!wb_cli_one_site(&cfg, WB_CMD_RUN, raw, tests, n, NULL, &where, &plan)) {
		status = WB_EXIT_SETUP;
		goto out;
	}
	wb_text_table_fit(tests, n, &table);
	wb_text_print_header(cfg.target, profp ? profp->path : NULL, &plan.sched, n, &table);
	hooks = wb_text_hooks(&table);
	status = wb_cli_measure(&where, tests, n, &plan, &hooks, cfg.quiet, &rs);
	wb_text_print_cut(&rs, cfg.budget_ns, "trial", "--budget", WB_CUT_BY_TEST);
	wb_text_print_summary(&rs);
	if (status == WB_EXIT_OK && !rs.interrupted && nothing_ran(&rs)) {
		fprintf(stderr, "walbench: no test could run here (every combination is n/a)\n");
		status = WB_EXIT_SETUP;
	}
	status = wb_cli_write_reports(&cfg, WB_CMD_RUN, &rs, NULL, status);
out:
	wb_results_free(&rs);
	free(tests);
	if (profp)
		wb_profile_free(profp);
	return status;
}
