/* scheduler.h — the order and number of trials: the fixed schedule (each test
 * once, in order) and the adaptive one (rounds of interleaved trials until the
 * stop rules, stop_rules.h, or the budget end them). Results are already in
 * rs; each result is streamed through the hooks as it is final. */
#ifndef WB_MEASURE_SCHEDULER_H
#define WB_MEASURE_SCHEDULER_H

#include <stddef.h>

#include "measure/trial.h"
#include "model/schedule.h"
#include "results/results.h"

/* Each test of rv[0..n) once for its duration, in order. */
void wb_schedule_fixed(struct wb_result *rv, size_t n, const struct wb_result_hooks *hooks,
		       const struct wb_trial_ctx *ctx, struct wb_results *rs);

/* Rounds of one trial per running test of rv[0..n), in a fresh random order
 * each round (from sched->seed), until every test has stopped, used its
 * --duration, or the budget is gone; a first signal ends it after the trial,
 * marked in rs->interrupted. */
void wb_schedule_adaptive(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			  const struct wb_result_hooks *hooks, const struct wb_trial_ctx *ctx,
			  struct wb_results *rs);

#endif
