/* settle.h — how long an undecided group (results/decision.h) would need: the
 * rounds its open comparisons need at the variance this run saw, and the
 * budget that would settle it in a rerun. Pure: from the results only. */
#ifndef WB_RESULTS_SETTLE_H
#define WB_RESULTS_SETTLE_H

#include <stddef.h>
#include <stdint.h>

#include "results/decision.h"

struct wb_result;

/* A rerun should settle with this probability: the rounds asked are those at
 * which a test at the decision's confidence has this power, at the difference
 * and the spread seen. */
#define WB_SETTLE_POWER 0.9

/* Fills g->settle for the group g, left open after `rounds` rounds in now_s
 * seconds: the open method that needs most rounds (or the leader, when a
 * switch would come first), its interval against the baseline, and the
 * rounds and the budget it needs. */
void wb_settle_estimate(const struct wb_result *rv, size_t n, const struct wb_decide_params *p,
			struct wb_group_decision *g, double now_s, uint32_t rounds);

/* st->leader: g's leader by point (g->leader, chosen before the settle), where
 * it is not st->method and it compares with the baseline, with that
 * comparison at 95 % (st->has_leader); else none. */
void wb_settle_leader(const struct wb_result *rv, size_t n, const struct wb_group_decision *g,
		      struct wb_settle *st);

/* "no-estimate", "budget", "beyond-max", "not-replicated": the JSON's
 * settle.why, what scripts match. */
const char *wb_settle_why_name(enum wb_settle_why w);

/* The seconds st->more_rounds take at this run's pace, as the words and the
 * JSON give them. */
double wb_settle_more_s(const struct wb_settle *st);

/* The rounds a comparison with per-round spread s_round (of the log ratio)
 * needs to show a distance d (log) at two-sided confidence conf with power
 * WB_SETTLE_POWER; INFINITY when d <= 0. */
double wb_settle_rounds(double s_round, double d, double conf);

/* A budget of at least s seconds, rounded up to what a person would type:
 * 10 s steps to 2 min, 30 s to 10 min, then whole minutes. */
double wb_settle_round_budget(double s);

#endif
