/* run_label.h — what a report calls each results file when it shows several
 * side by side: the host's name, which is what a fleet's owner knows it by;
 * where two files come from the same host (runs before and after a change, or
 * a playbook's "hosts" on one machine), the file's name without ".json". */
#ifndef WB_REPORT_RUN_LABEL_H
#define WB_REPORT_RUN_LABEL_H

#include <stddef.h>

#include "results/saved.h"

#define WB_RUN_LABEL_LEN 256

/* Fills labels[i] for r[i], i < n. */
void wb_run_labels(const struct wb_saved_results *r, size_t n, char (*labels)[WB_RUN_LABEL_LEN]);

#endif
