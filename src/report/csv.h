/* csv.h — one CSV row per test, for spreadsheets and scripts. The columns
 * are fixed and documented in docs/results-schema.md; new ones are appended. */
#ifndef WB_REPORT_CSV_H
#define WB_REPORT_CSV_H

#include "results/results.h"

/* Renders rs as CSV (header line first); the caller frees. NULL on ENOMEM. */
char *wb_csv_render(const struct wb_results *rs);

/* Writes it atomically to path (see atomic_file.h). 0 or -errno with *why. */
int wb_csv_write(const char *path, const struct wb_results *rs, const char **why);

#endif
