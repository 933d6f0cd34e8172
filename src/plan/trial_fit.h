/* trial_fit.h — how long one trial (qualify: one slice) may last so that the
 * budget holds every test's warm-up and WB_FIT_TRIALS trials of its own. The
 * scheduler stops starting trials when the budget is spent but never cuts one
 * short, so a trial longer than the budget overran it by the whole trial.
 * Pure arithmetic: command.c applies it, the reports say when it shortened. */
#ifndef WB_PLAN_TRIAL_FIT_H
#define WB_PLAN_TRIAL_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Trials each test must get within the budget: two are the fewest that give a
 * rate an interval and a pair of tests a paired difference (results/stats.h).
 * More would shorten a trial the user asked for further than the budget
 * needs: run's --min-trials and qualify's eight slices for a burst verdict
 * (results/bucket.h) still come from a budget that holds them, and the notes
 * say when one did not. */
#define WB_FIT_TRIALS 2

/* What the fit says for one plan. */
struct wb_trial_fit {
	uint64_t trial_ns;       /* the trial length to use: asked_ns, or shorter */
	uint64_t min_budget_ns;  /* the least budget that holds every warm-up and
				  * WB_FIT_TRIALS trials of floor_ns each, at their longest */
	bool shortened;          /* trial_ns < asked_ns: the budget could not hold it */
};

/* The fit of ntests tests, each warmed up for warmup_ns and then given
 * WB_FIT_TRIALS trials at their longest (WB_SCHED_JITTER), into budget_ns:
 * the trial length asked_ns, shortened to what fits (in whole milliseconds),
 * but never below floor_ns
 * (nor raised to it: an asked length under the floor is kept). With no tests
 * the asked length stands. */
void wb_trial_fit(uint64_t budget_ns, size_t ntests, uint64_t warmup_ns, uint64_t asked_ns,
		  uint64_t floor_ns, struct wb_trial_fit *out);

#endif
