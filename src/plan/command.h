/* command.h — how a measuring command's session runs (its schedule) and how its
 * results are judged (its thresholds), made from the command and its options.
 * Every policy figure a command does not take from an option is a named
 * constant here, with where it comes from; cli/ only passes them on. */
#ifndef WB_PLAN_COMMAND_H
#define WB_PLAN_COMMAND_H

#include <stdint.h>

#include "model/schedule.h"
#include "plan/options.h"

/* recommend's trials before a test may be judged (the decision's own minimum,
 * WB_DECIDE_MIN_ROUNDS, applies too): run's --min-trials default, so both
 * commands judge a rate from as many trials. */
#define WB_PLAN_MIN_TRIALS 5

/* Trials varying more than this (coefficient of variation, %) mark a test
 * unstable, for the commands without --max-cv: run's --max-cv default. */
#define WB_PLAN_MAX_CV_PCT 10.0

/* recommend: a significant difference must also clear +-this (%). On a
 * throttled volume a bias of 1-1.5 % per test survives the random order, and a
 * difference that small is no reason to change wal_sync_method: run's
 * --ci-target default, which run uses as its margin (commit ea21184). */
#define WB_PLAN_MIN_DIFFERENCE_PCT 3.0

/* How the results of a session are judged; the command copies these into its
 * struct wb_results before the session runs. */
struct wb_thresholds {
	double ci_target_pct;      /* the target each test's CI tried to reach (0: none) */
	double max_cv_pct;         /* trials varying more than this are "unstable" */
	double min_difference_pct; /* a significant difference must clear +-this */
};

/* What a measuring command follows and judges by. */
struct wb_command_plan {
	struct wb_schedule sched;
	struct wb_thresholds judge;
};

/* The plan of run, recommend (choosing the method) or qualify from cfg, with
 * seed (wb_input_seed's: never 0) for the rounds' order, for ntests tests: a
 * trial the budget cannot hold for them is shortened (plan/trial_fit.h), the
 * length asked kept in the schedule. 0, or -EINVAL for a command that does not
 * measure adaptively. */
int wb_plan_command(enum wb_command cmd, const struct wb_config *cfg, uint64_t seed,
		    size_t ntests, struct wb_command_plan *plan);

/* The plan of recommend's first step with --wal-candidate: every placement row
 * (ntests) every round for the whole budget, stopping once every candidate is
 * settled; its trials fitted to the budget as wb_plan_command's are. */
void wb_plan_placement_step(const struct wb_config *cfg, uint64_t seed, size_t ntests,
			    struct wb_command_plan *plan);

#endif
