/* cmd_compare.c — `walbench compare A.json B.json`: the results of two runs
 * (before and after a kernel upgrade or a setting change), test by test. The
 * exit status is a CI gate: 0 no regression (or no --fail-on-regression), 1 a
 * regression past the gate, 2 bad input — usage errors too, so a typo never
 * reads as a pass, and two files without a test in common: nothing compared
 * is no pass either. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/compare.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "plan/options.h"
#include "report/compare_text.h"
#include "report/results_reader.h"
#include "report/words.h"

int wb_cmd_compare(int argc, char **argv)
{
	struct wb_saved_results a, b;
	struct wb_compare_verdict v = { 0 };
	struct wb_config cfg;
	const char *why;
	char err[1536];
	double gate;
	int ret, status = WB_EXIT_SETUP;

	if (!wb_cli_configure(&cfg, WB_CMD_COMPARE, argc, argv, &ret))
		return ret;
	if (!wb_input_output_ok("--json", cfg.json_path))
		return WB_EXIT_SETUP;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if (wb_saved_read(cfg.compare_a, &a, err, sizeof(err)) ||
	    wb_saved_read(cfg.compare_b, &b, err, sizeof(err))) {
		fprintf(stderr, "walbench: %s\n", err);
		goto out;
	}
	gate = cfg.fail_regression_bp == WB_GATE_OFF ? -1.0 : cfg.fail_regression_bp / 100.0;
	if (wb_compare_decide(&a, &b, gate, &v)) {
		fprintf(stderr, "walbench: compare: out of memory\n");
		goto out;
	}
	if (v.unusable) { /* one line, no report: there is no comparison to write */
		fprintf(stderr, "walbench: %s against %s: %s\n", cfg.compare_b, cfg.compare_a,
			wb_compare_unusable_words(&v, err, sizeof(err)));
		goto out;
	}
	wb_compare_print(stdout, &a, &b, &v);
	fflush(stdout);
	if (cfg.json_path && (ret = wb_compare_json_write(cfg.json_path, &a, &b, &v, &why))) {
		fprintf(stderr, "walbench: %s: %s: %s\n", cfg.json_path, why, strerror(-ret));
		goto out;
	}
	status = v.regression ? WB_EXIT_GATE : WB_EXIT_OK;
out:
	wb_compare_free(&v);
	wb_saved_free(&a);
	wb_saved_free(&b);
	return status;
}
