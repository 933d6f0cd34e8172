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

#include "model/method.h"
#include "results/stats.h"

struct wb_result;

enum wb_decide_state {
	WB_DECIDE_OPEN,        /* not answered yet */
	WB_DECIDE_SWITCH,      /* another method beats the baseline by at least the minimum gain */
	WB_DECIDE_KEEP,        /* no method beats the baseline by the minimum gain: keep it */
	WB_DECIDE_BUDGET,      /* the budget ran out with the question open */
};

/* The sequential rule's parameters. Interim looks use a stricter confidence
 * than the reports' 95 %: looking after every round would otherwise find a
 * difference among equal methods far more often than 5 % of the time. */
struct wb_decide_params {
	enum wb_method_id baseline;  /* e.g. fdatasync, the Linux default */
	double min_gain_pct;         /* a switch must gain at least this much */
	double conf;                 /* confidence of interim switch and drop intervals */
	double equiv_conf;           /* confidence of the interval a tie must fit in */
	unsigned min_rounds;         /* no look before this many paired rounds */
};

#define WB_DECIDE_CONF 0.99
/* No look before this many rounds: on the simulated token-bucket device of
 * tests/unit/test_decide.c, looks from round 8 switched between identical
 * methods in 4.5 % of seeds, from round 12 in 2.5 %. */
#define WB_DECIDE_MIN_ROUNDS 12
/* A tie only keeps the default, so it may be proven at 95 %: a false tie misses
 * a gain; a false switch changes a production setting for nothing. */
#define WB_EQUIV_CONF 0.95

/* One group's decision. Indexes are into the result array the step was given. */
struct wb_group_decision {
	size_t first;                /* the group's first test (its key) */
	size_t baseline;             /* the baseline's test; SIZE_MAX when the group has none */
	size_t leader;               /* the fastest test still running */
	enum wb_decide_state state;
	struct wb_comparison margin; /* leader against baseline, paired, at conf */
	uint32_t rounds;             /* rounds run when decided */
	double decided_s;            /* seconds into the run when decided */
	char reason[240];
};

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
 * the rounds run (with at least min_rounds), then BUDGET for what is still open,
 * with the reason naming the question that stayed open. */
void wb_decide_finish(struct wb_result *rv, size_t n, const struct wb_decide_params *p,
		      struct wb_group_decision *groups, size_t ngroups, double now_s,
		      uint32_t rounds);

/* "open", "switch", "keep", "budget". */
const char *wb_decide_state_name(enum wb_decide_state s);

/* A placement run (rows at several sites, wb_plan_placement) may stop at this
 * round: it is one of the looks above, and every candidate's group commits
 * against the loaded data directory's are settled at WB_DECIDE_CONF — a gain whose
 * interval clears min_gain_pct, or one whose interval stays below it — and,
 * with idle_too (the load is an assumed share of capacity, so the verdict also
 * weighs the idle data directory), against the idle data directory's too. */
bool wb_placement_settled(const struct wb_result *rv, size_t n, double min_gain_pct,
			  uint32_t rounds, bool idle_too);

#endif
