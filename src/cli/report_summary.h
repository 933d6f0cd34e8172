/* report_summary.h — `walbench report --summary`: what a fleet's results files
 * say together, printed as text (and JSON with --json). */
#ifndef WB_CLI_REPORT_SUMMARY_H
#define WB_CLI_REPORT_SUMMARY_H

#include <stddef.h>

#include "plan/options.h"
#include "report/run_label.h"
#include "results/saved.h"

/* r[i] is labelled labels[i]. Returns the exit status. */
int wb_report_summary(const struct wb_config *cfg, const struct wb_saved_results *r,
		      const char (*labels)[WB_RUN_LABEL_LEN], size_t n);

#endif
