/* cmd_report_summary.c — `walbench report --summary` (report_summary.h). */
#include "cli/report_summary.h"

#include <stdio.h>

#include "cli/exit_codes.h"

int wb_report_summary(const struct wb_config *cfg, const struct wb_saved_results *r,
		      const char (*labels)[WB_RUN_LABEL_LEN], size_t n)
{
	(void)cfg;
	(void)r;
	(void)labels;
	(void)n;
	fprintf(stderr, "walbench: report --summary is not built yet\n");
	return WB_EXIT_SETUP;
}
