/* cmd_compare.c — `walbench compare A.json B.json`: the results of two runs
 * (before and after a kernel upgrade or a setting change), test by test; a
 * side may be several runs, A1.json,A2.json, whose spread the intervals then
 * hold. The
 * exit status is a CI gate: 0 no regression (or no --fail-on-regression), 1 a
 * regression past the gate, 4 inconclusive (a slowdown past it that unstable
 * runs' noise explains, and nothing else failed), 2 bad input — usage errors too, so a typo never
 * reads as a pass, and two files without a test in common: nothing compared
 * is no pass either. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "advice/compare.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/inputs.h"
#include "cli/measuring.h"
#include "plan/options.h"
#include "report/compare_text.h"
#include "report/results_reader.h"
#include "report/words.h"

/* Reads one side: the word names a file, else a comma-separated list of
 * files (a path with a comma in it is taken whole when it exists). 0, or -1
 * with the reason printed. */
struct side_files {
	struct wb_saved_results *runs; /* WB_COMPARE_MAX_RUNS of them */
	size_t n;                      /* read (or being read) */
};

static int read_side(const char *word, const char *tag, struct side_files *side)
{
	struct wb_saved_results *runs;
	char err[1536], *list = NULL, *save = NULL, *path;
	struct stat st;
	size_t n = 0;

	side->runs = runs = calloc(WB_COMPARE_MAX_RUNS, sizeof(*runs));
	if (!runs) {
		fprintf(stderr, "walbench: compare: out of memory\n");
		return -1;
	}
	if (stat(word, &st) == 0 || !strchr(word, ',')) {
		side->n = 1;
		if (!wb_saved_read(word, &runs[0], err, sizeof(err)))
			return 0;
		fprintf(stderr, "walbench: %s\n", err);
		return -1;
	}
	if (!(list = strdup(word))) {
		fprintf(stderr, "walbench: compare: out of memory\n");
		return -1;
	}
	for (path = strtok_r(list, ",", &save); path; path = strtok_r(NULL, ",", &save)) {
		if (n == WB_COMPARE_MAX_RUNS) {
			fprintf(stderr, "walbench: compare: %s holds more than %d runs\n", tag,
				WB_COMPARE_MAX_RUNS);
			goto fail;
		}
		side->n = n + 1;
		if (wb_saved_read(path, &runs[n++], err, sizeof(err))) {
			fprintf(stderr, "walbench: %s\n", err);
			goto fail;
		}
	}
	free(list);
	if (n)
		return 0;
	fprintf(stderr, "walbench: compare: %s names no file: %s\n", tag, word);
	return -1;
fail:
	free(list);
	return -1;
}

static void free_side(struct side_files *side)
{
	size_t i;

	for (i = 0; side->runs && i < side->n; i++)
		wb_saved_free(&side->runs[i]);
	free(side->runs);
	side->runs = NULL;
}

int wb_cmd_compare(int argc, char **argv)
{
	struct side_files fa = { 0 }, fb = { 0 };
	struct wb_compare_side a, b;
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
	if (read_side(cfg.compare_a, "A", &fa) || read_side(cfg.compare_b, "B", &fb))
		goto out;
	a = (struct wb_compare_side){ fa.runs, fa.n };
	b = (struct wb_compare_side){ fb.runs, fb.n };
	gate = cfg.fail_regression_bp == WB_GATE_OFF ? -1.0 : cfg.fail_regression_bp / 100.0;
	if (wb_compare_decide_runs(&a, &b, gate, &v)) {
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
	status = v.regression ? WB_EXIT_GATE : v.inconclusive ? WB_EXIT_INCONCLUSIVE : WB_EXIT_OK;
out:
	wb_compare_free(&v);
	free_side(&fa);
	free_side(&fb);
	return status;
}
