/* cmd_report_summary.c — `walbench report --summary` (report_summary.h): the
 * fleet's verdict (advice/fleet.h) printed, and with --json written. Outliers
 * change the exit status only under --fail-on-outlier: by default the summary
 * informs, and a pipeline that wants a gate asks for one. */
#include "cli/report_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice/fleet.h"
#include "cli/exit_codes.h"
#include "report/fleet_text.h"
#include "report/words.h"

int wb_report_summary(const struct wb_config *cfg, const struct wb_saved_results *r,
		      const char (*labels)[WB_RUN_LABEL_LEN], size_t n)
{
	const char **names = calloc(n + 1, sizeof(*names));
	struct wb_fleet_verdict v;
	const char *why;
	char gate[160];
	int ret, status = WB_EXIT_SETUP;
	size_t i;

	if (!names)
		goto nomem;
	for (i = 0; i < n; i++)
		names[i] = labels[i];
	if (wb_fleet_decide(r, names, n, &v))
		goto nomem;
	if (cfg->json_path) {
		ret = wb_fleet_json_write(cfg->json_path, &v, &why);
		if (ret) {
			fprintf(stderr, "walbench: %s: %s: %s\n", cfg->json_path, why, strerror(-ret));
			goto out;
		}
	}
	wb_fleet_print(stdout, &v);
	status = WB_EXIT_OK;
	if (cfg->fail_on_outlier) {
		printf("\n%s\n", wb_fleet_gate_words(&v, gate, sizeof(gate)));
		status = v.outliers || v.failed ? WB_EXIT_GATE : WB_EXIT_OK;
	}
out:
	wb_fleet_free(&v);
	free(names);
	return status;
nomem:
	fprintf(stderr, "walbench: report --summary: out of memory\n");
	free(names);
	return WB_EXIT_SETUP;
}
