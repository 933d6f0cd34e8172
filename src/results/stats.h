/* stats.h — statistics over repeated trials of one test: mean, spread, a 95 %
 * confidence interval of the rate, outliers, and whether two tests differ.
 * Pure functions on arrays of per-trial rates (ops/s); no I/O. */
#ifndef WB_STATS_H
#define WB_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct wb_stats {
	size_t n;           /* trials */
	double mean;        /* mean of the trial rates */
	double stddev;      /* sample standard deviation (n - 1); 0 when n < 2 */
	double cv_pct;      /* coefficient of variation, 100 * stddev / mean */
	double ci95_half;   /* half-width of the 95 % CI of the mean (Student t); 0 when n < 2 */
	double ci95_pct;    /* 100 * ci95_half / mean; INFINITY when n < 2 */
	double median;
	size_t outliers;    /* trials more than 3.5 robust z-scores (median/MAD) from the median */
};

/* Summarises rates[0..n). n may be 0 (everything zero, ci95_pct INFINITY). */
void wb_stats_compute(const double *rates, size_t n, struct wb_stats *out);

/* Two-sided Student t quantile for 95 % confidence with df degrees of freedom
 * (df >= 1; large df tends to 1.95996). */
double wb_t95(double df);

/* Welch's comparison of two tests' trial rates. */
struct wb_comparison {
	double diff_pct;      /* 100 * (mean_b - mean_a) / mean_a */
	double ci95_low_pct;  /* 95 % CI of diff_pct (Welch, normal approximation of the ratio) */
	double ci95_high_pct;
	bool significant;     /* the CI excludes 0: the difference is real at 95 % */
};

/* Compares b against a. Returns false (and fills nothing) when either has fewer
 * than 2 trials or a zero mean. */
bool wb_stats_compare(const struct wb_stats *a, const struct wb_stats *b,
		      struct wb_comparison *out);

/* True when the test's figure should not be trusted as a single number: the CI
 * did not reach target_pct, or the trials vary more than max_cv_pct. */
bool wb_stats_unstable(const struct wb_stats *s, double target_pct, double max_cv_pct);

#endif
