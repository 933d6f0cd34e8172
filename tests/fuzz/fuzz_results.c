/* fuzz_results.c — libFuzzer target: any bytes as a results file given to
 * `report` and `compare`. A file that reads is labelled, drawn into the HTML
 * report and compared with itself (text and JSON), as those commands would: they show files
 * from other hosts, so none of that may crash or leak on what a file holds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "advice/compare.h"
#include "input_file.h"
#include "report/compare_text.h"
#include "report/html.h"
#include "report/results_reader.h"
#include "report/run_label.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* compare's table goes nowhere: only that printing it survives matters. */
static FILE *sink(void)
{
	static FILE *f;

	if (!f && !(f = fopen("/dev/null", "w"))) {
		perror("/dev/null");
		abort();
	}
	return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wb_saved_results saved;
	struct wb_compare_verdict v = { 0 };
	char label[1][WB_RUN_LABEL_LEN], err[1536], *html;

	if (wb_saved_read(wb_fuzz_input_path(data, size), &saved, err, sizeof(err)))
		goto out;
	wb_run_labels(&saved, 1, label);
	html = wb_html_render(&(struct wb_report_run){ &saved, label[0] }, 1);
	free(html);
	if (!wb_compare_decide(&saved, &saved, 5.0, &v)) {
		struct wb_compare_side one = { &saved, 1 };

		wb_compare_print(sink(), &one, &one, &v);
		free(wb_compare_json_render(&one, &one, &v));
	}
	wb_compare_free(&v);
out:
	wb_saved_free(&saved);
	return 0;
}
