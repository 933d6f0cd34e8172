/* outputs.h — the report files a measuring command was asked for (--json,
 * --csv, --prom), written in one place and one order, each failure printed
 * once with the path, the failing step and strerror. */
#ifndef WB_REPORT_OUTPUTS_H
#define WB_REPORT_OUTPUTS_H

#include "plan/options.h"
#include "report/json.h"
#include "results/results.h"

/* Writes rs to every file cfg names: the JSON (with cmd's configuration and
 * the verdicts v, which may be NULL), the CSV, then the Prometheus textfile
 * (with v's recommendation, if any). Each is tried even after another failed.
 * 0, or the first failure's -errno. */
int wb_outputs_write(const struct wb_config *cfg, enum wb_command cmd,
		     const struct wb_results *rs, const struct wb_json_verdicts *v);

#endif
