/* schedule.h — how a session repeats its tests: once each in order (compat,
 * engines pass no schedule), or as interleaved trials until each rate is known
 * well enough or the question is answered (run, recommend, qualify).
 * wb_plan_command (plan/command.h) sets it, the session follows it, the
 * reports print it. */
#ifndef WB_MODEL_SCHEDULE_H
#define WB_MODEL_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>

#include "model/method.h"

/* Each trial lasts its length times a random factor in [1, 1 + this)
 * (measure/scheduler.c says why); a plan that must fit trials into a budget
 * counts each at its longest. */
#define WB_SCHED_JITTER 0.5

/* Fixed: each test runs once for its duration, in order. Adaptive: trials of all
 * tests interleaved in a fresh random order each round, so drift hits every
 * test alike; a test stops once its CI is within target, when the decision or
 * the placement settles it (measure/stop_rules.h), or when its share of the
 * budget is spent. */
struct wb_schedule {
	bool adaptive;
	uint64_t budget_ns;      /* whole run */
	uint64_t trial_ns;       /* one trial, as the budget allows (plan/trial_fit.h) */
	uint64_t asked_trial_ns; /* what --trial-time (qualify: --slice) asked, or its default:
				  * above trial_ns when the budget could not hold it */
	bool trial_given;        /* that length was typed, not the default */
	uint64_t fit_budget_ns;  /* the least budget that holds two trials of each test at the
				  * shortest length a plan shortens to (plan/trial_fit.h) */
	uint64_t warmup_ns;      /* discarded before each test's first trial */
	unsigned min_trials;     /* before a test may stop on its CI or a decision */
	double ci_target_pct;    /* stop when ci95_pct <= this (0: no target) */
	uint64_t seed;           /* of each round's random order; recorded in the results */
	bool decide;             /* stop on the sequential decision (results/decide.h) */
	enum wb_method_id decide_baseline; /* the method a switch must beat */
	double min_gain_pct;     /* ... by at least this much (and a placement's move) */
	double commit_work_us;   /* > 0: that gain is in commits, each a commit flush plus this
				  * much of the server's own work (results/decision.h) */
	bool placement;          /* stop once every pg_wal candidate is settled */
	bool slices;             /* keep each trial's p99 and start time (qualify) */
	bool clip;               /* the budget is a promise, as fio's runtime is: the trial
				  * that would outrun it is cut to what is left, or not started
				  * (measure/stop_rules.h: wb_rule_clip) */
	bool setup_in_budget;    /* the budget's clock starts before the test files are made
				  * and the data load opened, not at the first trial: run's and
				  * recommend's --budget is the command's time */
};

#endif
