/* cmd_report.c — `walbench report FILE.json...`: results files of run,
 * recommend or qualify drawn into one self-contained HTML file, several side by
 * side; with --summary, what a fleet's files say together (cmd_report_summary.c).
 * Every file is read and judged before anything is written: one unreadable file
 * is exit 2 naming it, never a report that silently leaves a host out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "cli/report_summary.h"
#include "plan/options.h"
#include "report/html.h"
#include "report/results_reader.h"
#include "report/run_label.h"

int wb_cmd_report(int argc, char **argv)
{
	struct wb_saved_results *saved = NULL;
	struct wb_report_run *runs = NULL;
	char (*labels)[WB_RUN_LABEL_LEN] = NULL;
	struct wb_config cfg;
	const char *why;
	char err[1536];
	size_t i, n = 0;
	int ret, status = WB_EXIT_SETUP;

	if (!wb_cli_configure(&cfg, WB_CMD_REPORT, argc, argv, &ret))
		return ret;
	if (cfg.summary ? !wb_input_output_ok("--json", cfg.json_path)
			: !wb_input_output_ok("--output", cfg.output_path))
		return WB_EXIT_SETUP;
	if (!cfg.summary && cfg.json_path) {
		fprintf(stderr, "walbench: --json goes with --summary; the report itself is "
				"--output FILE.html\n");
		wb_usage_hint();
		return WB_EXIT_SETUP;
	}
	if (!cfg.summary && cfg.fail_on_outlier) {
		fprintf(stderr, "walbench: --fail-on-outlier goes with --summary\n");
		wb_usage_hint();
		return WB_EXIT_SETUP;
	}
	saved = calloc(cfg.report_files.n, sizeof(*saved));
	runs = calloc(cfg.report_files.n, sizeof(*runs));
	labels = calloc(cfg.report_files.n, sizeof(*labels));
	if (!saved || !runs || !labels) {
		fprintf(stderr, "walbench: report: out of memory\n");
		goto out;
	}
	for (n = 0; n < cfg.report_files.n; n++) {
		if (wb_saved_read(cfg.report_files.v[n], &saved[n], err, sizeof(err))) {
			fprintf(stderr, "walbench: %s\n", err);
			n++; /* saved[n] holds what was read so far: free it too */
			goto out;
		}
		runs[n].saved = &saved[n];
	}
	wb_run_labels(saved, n, labels);
	for (i = 0; i < n; i++)
		runs[i].label = labels[i];
	if (cfg.summary) {
		status = wb_report_summary(&cfg, saved, (const char(*)[WB_RUN_LABEL_LEN])labels, n);
		goto out;
	}
	ret = wb_html_write(cfg.output_path, runs, n, &why);
	if (ret) {
		fprintf(stderr, "walbench: %s: %s: %s\n", cfg.output_path, why, strerror(-ret));
		goto out;
	}
	printf("wrote %s (%zu results file%s)\n", cfg.output_path, n, n == 1 ? "" : "s");
	status = WB_EXIT_OK;
out:
	for (i = 0; i < n; i++)
		wb_saved_free(&saved[i]);
	free(saved);
	free(runs);
	free(labels);
	return status;
}
