/* fleet_text.h — the fleet summary's reports (`walbench report --summary`): the text
 * (headline first, a line per host, then outliers, failures, disagreements)
 * and the JSON file. Both only print the verdict of advice/fleet.h, in the
 * words of report/words_fleet.h. */
#ifndef WB_REPORT_FLEET_TEXT_H
#define WB_REPORT_FLEET_TEXT_H

#include <stdio.h>

#include "advice/fleet.h"

/* The summary file's own version: it is not a results file. 2: a host's
 * key_test and an outlier's figure is the sustained rate qualify judged where
 * its burst credits ran out (sustained, burst_per_s). 3: a host of several
 * files is one member of each median (rule.host_figure), and rule.min_hosts
 * and an outlier's others count machines, not files. */
#define WB_FLEET_SCHEMA_VERSION 3

void wb_fleet_print(FILE *out, const struct wb_fleet_verdict *v);

/* The summary as JSON text, for the caller to free(); NULL when out of memory. */
char *wb_fleet_json_render(const struct wb_fleet_verdict *v);

/* Writes it to path atomically (report/atomic_file.h). 0 or -errno; *why names
 * the failing step. */
int wb_fleet_json_write(const char *path, const struct wb_fleet_verdict *v, const char **why);

#endif
