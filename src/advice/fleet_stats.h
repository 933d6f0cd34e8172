/* fleet_stats.h — the figures the fleet verdict (fleet.h) is judged by: which
 * test stands for a host, a test's rate with its interval, and one host's test
 * against the other hosts' figures on the same test. Pure functions of the
 * tests given; the caller gathers the other hosts. */
#ifndef WB_ADVICE_FLEET_STATS_H
#define WB_ADVICE_FLEET_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "advice/fleet.h"
#include "results/saved.h"

/* The test that stands for the host: qualify's test labelled "commit"; else the
 * commit row of the method recommend chose, or for a plain run of fdatasync,
 * PostgreSQL's default on Linux. NULL: the file has none. */
const struct wb_saved_test *wb_fleet_key_test(const struct wb_saved_results *r);

/* A test's rate and 95 % interval: the mean of its trial rates with a t
 * interval, as the run computed it; else the file's trial mean (wb_saved_rate)
 * with its ci95_pct, a percentage of that mean; else that rate alone (false: a
 * point figure, low = high = rate). */
bool wb_fleet_rate(const struct wb_saved_test *t, double *rate, double *low, double *high);

/* t's rate against others[0..m), the other hosts' rates on the same test
 * (reordered: the median sorts them). True, with the figures in x, when even
 * the top of t's interval lies more than WB_FLEET_RATE_GAP_PCT below their
 * median. */
bool wb_fleet_judge_rate(const struct wb_saved_test *t, double *others, size_t m,
			 struct wb_fleet_finding *x);

/* t's p99 against others[0..m), the other hosts' p99s (reordered). True, with
 * the figures in x, when it is more than WB_FLEET_P99_FACTOR times their
 * median and the fleet has WB_FLEET_MIN_HOSTS hosts with a p99. */
bool wb_fleet_judge_p99(const struct wb_saved_test *t, double *others, size_t m,
			struct wb_fleet_finding *x);

/* Host b's key test against host a's, Welch over the trial rates; p->known
 * false when they are not the same test, both ok. */
void wb_fleet_compare_pair(const struct wb_fleet_host *a, const struct wb_fleet_host *b,
			   struct wb_fleet_pair *p);

#endif
