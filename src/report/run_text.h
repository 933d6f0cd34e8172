/* run_text.h — the `walbench run` table: one row per test with its rate, the
 * rate's 95 % confidence interval and latency percentiles, then which
 * differences between methods are real and which are ties. */
#ifndef WB_REPORT_RUN_TEXT_H
#define WB_REPORT_RUN_TEXT_H

#include "model/schedule.h"
#include "results/results.h"

void wb_text_print_header(const char *target, const char *profile,
			  const struct wb_schedule *sched, size_t ntests);

/* When the budget could not hold the trial length asked, the line that says
 * so under a header: what it was shortened to, from which value (the one
 * typed, or the default) and why. noun: "trials" or "slices"; option and
 * budget_option: the command's ("--trial-time", "--budget"). */
void wb_text_print_trial_fit(const struct wb_schedule *sched, const char *noun,
			     const char *option, const char *budget_option);
extern const struct wb_result_hooks wb_text_hooks;
/* After the table: unstable tests, and method comparisons within each group of
 * otherwise identical tests. */
void wb_text_print_summary(const struct wb_results *rs);

/* The storage, a throttle if found, and one line on unstable tests: what a
 * recommendation needs beside its own evidence; more_time is the command's
 * option that gives its tests more time ("--budget", "--duration"). */
void wb_text_print_storage_notes(const struct wb_results *rs, const char *more_time);

/* A run a signal stopped early says so before anything else it concludes:
 * run's summary prints it first, recommend and qualify before their
 * headline. Nothing when the run was not interrupted. */
void wb_text_print_interrupted(const struct wb_results *rs);

#endif
