/* trial.h — one trial of a test: run on the loop that fits its pattern, at
 * its site, under the data load when it asks for one, and folded into the
 * test's result. Both schedules (scheduler.h) are made of these. */
#ifndef WB_MEASURE_TRIAL_H
#define WB_MEASURE_TRIAL_H

#include <stdbool.h>
#include <stdint.h>

#include "measure/dataload.h"
#include "results/results.h"

/* What a trial needs besides its result: the files at each site, the write
 * buffer, and the data load when the run has one. */
struct wb_trial_ctx {
	const char *const *paths[WB_MAX_SITES]; /* the files at dirs[site] */
	const void *buf;
	struct wb_load *load;                  /* NULL: no test runs loaded */
	const struct wb_load_result *load_fig;
	bool slices;                           /* keep each trial's p99 and times */
	uint64_t start_ns;                     /* the schedule's start, for trial start times */
	uint64_t budget_start_ns;              /* when the budget's clock started: start_ns, or
						* before the setup (sched->setup_in_budget) */
};

/* Runs one trial of r's test for duration_ns and folds it into r (counted: as
 * a trial; else as warm-up, its figures dropped). Returns the wall time it
 * took, setup included, so the budget is honest. */
uint64_t wb_trial_run(struct wb_result *r, uint64_t duration_ns, bool counted, uint32_t round,
		      const struct wb_trial_ctx *ctx);

#endif
