/* stop_rules.h — what the adaptive scheduler asks after each trial and each
 * round: has a test reached its CI target, what has the sequential decision
 * settled, is the placement settled, and how long must trials be on a
 * throttled device. Each rule reads the results and the schedule; none runs
 * I/O or prints. The figures they use are results/decide.h's and this file's. */
#ifndef WB_MEASURE_STOP_RULES_H
#define WB_MEASURE_STOP_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/schedule.h"
#include "results/results.h"

/* CI target: r has its minimum of trials and the 95 % CI of its rate is
 * within the schedule's target, so it stops on its own (a test the decision
 * covers stops on the decision instead). */
bool wb_rule_ci_reached(const struct wb_result *r, const struct wb_schedule *sched);

/* Decision, set up: with sched->decide, the sequential decision's parameters
 * and a group per test in rs. False when memory ran out. */
bool wb_rule_decision_begin(size_t n, const struct wb_schedule *sched, struct wb_results *rs);

/* by_rule[i]: whether the decision, not its own CI, stops test i (its group
 * has a test of the baseline method). Unchanged without sched->decide. */
void wb_rule_decision_covers(const struct wb_result *rv, size_t n,
			     const struct wb_schedule *sched, const struct wb_results *rs,
			     bool *by_rule);

/* Decision step, after a round elapsed_s into the run: marks done[] the tests
 * whose group is settled (switch, keep, or behind the leader). */
void wb_rule_decision_step(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			   bool *done, struct wb_results *rs, double elapsed_s);

/* At the end of the run: every group still open gets its last look. */
void wb_rule_decision_finish(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			     struct wb_results *rs);

/* Placement settled: with sched->placement, every candidate's verdict is known
 * after this round, and the whole run may stop. */
bool wb_rule_placement_settled(const struct wb_result *rv, size_t n,
			       const struct wb_schedule *sched, const struct wb_results *rs);

/* Throttle lengthening: after each of the first WB_DECIDE_MIN_ROUNDS rounds,
 * until a throttle is found, looks for one among the tests that flush one at a
 * time (recording it in rs) and returns the trial length for the rounds to
 * come; trial_ns (the length so far) otherwise. */
uint64_t wb_rule_trial_length(const struct wb_result *rv, size_t n,
			      const struct wb_schedule *sched, uint32_t round, uint64_t trial_ns,
			      struct wb_results *rs);

/* A slice (a trial) cut to less than this share of its length is a noisy
 * sample that the mean of the slices would count as a whole one: with less
 * left of the budget, none starts, and the run ends at most this share of a
 * slice early. A cut one still counts whole, unweighted: trials already run 1
 * to 1.5 times their length (WB_SCHED_JITTER) and count alike. With
 * independent flushes a rate's variance goes as 1 / length, so one cut to
 * this share has 2.5 times an average whole trial's (1.25 / 0.5); against
 * dropping it, keeping it lowers the variance of the mean of 2 trials, equals
 * it at 3 and raises it by under 4 % at 10 (a longer cut costs less), and its
 * round still pairs (results/stats.h: paired), where the cut adds noise only. */
#define WB_CLIP_MIN_SHARE 0.5

/* Budget clip (sched->clip): the length the next trial may run, elapsed_ns
 * into a budget of budget_ns, drawn len_ns long (trial_ns before its jitter):
 * len_ns when it fits, what is left when that is at least WB_CLIP_MIN_SHARE of
 * trial_ns, else 0 (start none: the budget is spent). Pure arithmetic. */
uint64_t wb_rule_clip(uint64_t budget_ns, uint64_t elapsed_ns, uint64_t trial_ns,
		      uint64_t len_ns);

/* The same for a test's first trial, which its warm-up of warmup_ns precedes:
 * the warm-up runs whole (a shorter one warms less) and must leave the trial
 * its share, so 0 means neither starts. Pure arithmetic. */
uint64_t wb_rule_clip_after_warmup(uint64_t budget_ns, uint64_t elapsed_ns, uint64_t warmup_ns,
				   uint64_t trial_ns, uint64_t len_ns);

#endif
