/* failure.h — how a session's failures reach the user: each printed once on
 * stderr (the call, the path, strerror), and a preparation that failed turned
 * into one error row per test, so the table, the JSON and a verdict read the
 * failure instead of nothing. */
#ifndef WB_MEASURE_FAILURE_H
#define WB_MEASURE_FAILURE_H

#include <limits.h>
#include <stdint.h>

#include "measure/dataload.h"
#include "results/results.h"

/* Why the files could not be made: every test of the session fails with it. */
struct wb_prep_failure {
	const char *call;        /* "create", "write", "fsync", "close" */
	int err;                 /* errno */
	int64_t offset;          /* of a failed write; -1 otherwise */
	char path[PATH_MAX];
	char why[160];           /* the refusal, when creating */
	const struct wb_load_result *load; /* the data load failed: its story instead */
};

/* The warning every durability failure ends with. */
void wb_say_durability_failure(void);

/* One line for r's failure, naming the file it happened on (a job's own file,
 * a segment) or else path, the session's first. */
void wb_report_failure(const struct wb_result *r, const char *path);

/* Every test of tests[0..n) as an error row saying pf (added to rs, streamed
 * through hooks). A failed fsync or close of written data is a durability
 * failure like any other; a test that could never run here
 * (fsync_writethrough on Linux) stays n/a. */
void wb_fail_all(const struct wb_test *tests, size_t n, const struct wb_prep_failure *pf,
		 const struct wb_result_hooks *hooks, struct wb_results *rs);

/* Memory ran out around r's test: it is an error, with that reason, never a
 * pass. */
void wb_fail_out_of_memory(struct wb_result *r, const char *while_doing);

#endif
