/* fleet_stats.h — the figures the fleet verdict (fleet.h) is judged by: which
 * test stands for a host, a test's rate with its interval (the sustained one
 * where qualify found burst credits), and one host's test against the other
 * hosts' figures on the same test. Pure functions of the
 * tests given; the caller gathers the other hosts. */
#ifndef WB_ADVICE_FLEET_STATS_H
#define WB_ADVICE_FLEET_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "advice/fleet.h"
#include "results/saved.h"
#include "results/stats.h"

/* The test that stands for the host: qualify's test labelled "commit"; else the
 * commit row of the method recommend chose, or for a plain run of fdatasync,
 * PostgreSQL's default on Linux. NULL: the file has none. */
const struct wb_saved_test *wb_fleet_key_test(const struct wb_saved_results *r);

/* The rate a host's test is judged by across the fleet, with its 95 % interval. */
struct wb_fleet_figure {
	double rate, low, high;       /* low = high = rate without an interval */
	bool has_ci;
	bool sustained;               /* the rate qualify judged the test on where its
				       * burst-credit bucket ran dry: the plateau's */
	double burst_per_s;           /* sustained: the burst before the drop */
	struct wb_stats st;           /* the sample behind it, for Welch; n < 2: none */
};

/* Test t of file r as the fleet judges it: where qualify found a bucket that
 * ran dry on t's shape, the baseline it judged t on, with its interval (a
 * burst-credit volume's mean is inflated by the burst, and a fleet that
 * compared it would rank it above hosts that sustain more); else the mean of
 * its trial rates with a t interval, as the run computed it; else the file's
 * trial mean (wb_saved_rate) with its ci95_pct, a percentage of that mean;
 * else that rate alone (false: a point figure). */
bool wb_fleet_figure_of(const struct wb_saved_results *r, const struct wb_saved_test *t,
			struct wb_fleet_figure *out);

/* A test's figure against others[0..m), the other hosts' figures on the same
 * test (reordered: the median sorts them). True, with the figures in x, when
 * even the top of its interval lies more than WB_FLEET_RATE_GAP_PCT below
 * their median. */
bool wb_fleet_judge_rate(const struct wb_fleet_figure *fig, double *others, size_t m,
			 struct wb_fleet_finding *x);

/* t's p99 against others[0..m), the other hosts' p99s (reordered). True, with
 * the figures in x, when it is more than WB_FLEET_P99_FACTOR times their
 * median and the fleet has WB_FLEET_MIN_HOSTS hosts with a p99. */
bool wb_fleet_judge_p99(const struct wb_saved_test *t, double *others, size_t m,
			struct wb_fleet_finding *x);

/* Host b's key test against host a's, Welch over their figures' samples (the
 * trials, or a sustained rate's plateau); p->known false when they are not the
 * same test, both ok. */
void wb_fleet_compare_pair(const struct wb_fleet_host *a, const struct wb_fleet_host *b,
			   struct wb_fleet_pair *p);

#endif
