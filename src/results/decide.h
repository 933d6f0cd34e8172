/* decide.h — the sequential decision behind `run --decide` (and the commands
 * that recommend): after every round of trials, within each group of tests that
 * differ only in method, drop methods significantly behind the group's leader,
 * and end the group once its question is answered — the leader beats the
 * baseline significantly by at least the minimum gain, or every method left is
 * proven within +-that gain of the baseline (two one-sided tests: a tie) —
 * or leave it open for the budget to end. Pure: no clock, no I/O. */
#ifndef WB_RESULTS_DECIDE_H
#define WB_RESULTS_DECIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/decision.h"

struct wb_result;

/* Looks at every group once, after a round. rv[0..n) are the results so far;
 * done[i] is set for every test that needs no more trials (dropped, or its group
 * decided). groups has room for n entries; *ngroups is kept across calls (start
 * at 0). now_s and rounds are recorded into decisions made now. Returns true
 * when every group is decided. */
bool wb_decide_step(struct wb_result *rv, size_t n, const struct wb_decide_params *p, bool *done,
		    struct wb_group_decision *groups, size_t *ngroups, double now_s,
		    uint32_t rounds);

/* Whether the rule decides test i (its group has a test of the baseline method);
 * the others stop on their own confidence interval as usual. */
bool wb_decide_covers(const struct wb_result *rv, size_t n, size_t i,
		      const struct wb_decide_params *p);

/* Closes every group still open at the end of the run: one last look at all
 * the rounds run (with at least min_rounds), then UNDECIDED for what is still
 * open, with the reason naming the question that stayed open, and
 * interrupted (a signal ended the run, not its budget) recorded with it. */
void wb_decide_finish(struct wb_result *rv, size_t n, const struct wb_decide_params *p,
		      struct wb_group_decision *groups, size_t ngroups, double now_s,
		      uint32_t rounds, bool interrupted);


/* A placement run (rows at several sites, wb_plan_placement) may stop at this
 * round: it is one of the looks above, and every candidate's group commits
 * against the loaded data directory's are settled at WB_DECIDE_CONF — a gain whose
 * interval clears min_gain_pct, or one whose interval stays below it — and,
 * with idle_too (the load is an assumed share of capacity, so the verdict also
 * weighs the idle data directory), against the idle data directory's too. */
bool wb_placement_settled(const struct wb_result *rv, size_t n, double min_gain_pct,
			  uint32_t rounds, bool idle_too);

#endif
