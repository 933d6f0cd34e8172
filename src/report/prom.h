/* prom.h — results in the Prometheus text exposition format, for
 * node_exporter's textfile collector: a fleet graphs and alerts on each
 * host's flush rate, tail latency, interval, status, the recommended method
 * and qualify's verdict per tier with whether its rates were sustained.
 * Written atomically, so the collector never reads half a file. */
#ifndef WB_REPORT_PROM_H
#define WB_REPORT_PROM_H

#include "report/json.h"
#include "results/results.h"

/* Renders rs, with v's recommendation and qualification where not NULL, to a
 * string the caller frees; NULL on allocation failure. */
char *wb_prom_render(const struct wb_results *rs, const struct wb_json_verdicts *v);

/* Writes it to path atomically. 0 or -errno; *why names the failing step. */
int wb_prom_write(const char *path, const struct wb_results *rs,
		  const struct wb_json_verdicts *v, const char **why);

#endif
