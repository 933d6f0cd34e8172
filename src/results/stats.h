/* stats.h — statistics over repeated trials of one test: mean, spread, a 95 %
 * confidence interval of the rate, outliers, and whether two tests differ.
 * Pure functions on arrays of per-trial rates (ops/s); no I/O. */
#ifndef WB_RESULTS_STATS_H
#define WB_RESULTS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* The mean of v[from..to); 0 when the range is empty. */
double wb_mean_range(const double *v, size_t from, size_t to);

/* The median of v[0..n), sorting v in place (pass a copy you may reorder); with
 * an even n the mean of the middle two; 0 when n is 0. Values must be finite. */
double wb_median(double *v, size_t n);

/* Two-sided Student t quantile for 95 % confidence with df degrees of freedom
 * (df >= 1; large df tends to 1.95996). */
double wb_t95(double df);

/* Two-sided Student t quantile for confidence conf (0.5 < conf < 1) with df
 * degrees of freedom: the interval mean +- t * se holds the mean with
 * probability conf. */
double wb_t_quantile(double conf, double df);

/* A comparison of test b against test a. */
struct wb_comparison {
	double diff_pct;      /* 100 * (rate_b - rate_a) / rate_a */
	double ci95_low_pct;  /* the CI of diff_pct, at the confidence asked (95 % in reports) */
	double ci95_high_pct;
	bool significant;     /* the CI excludes 0 (and, paired, both halves agree) */
	bool paired;          /* trials paired by round (else Welch on unpaired trials) */
	bool replicated;      /* paired: each half of the rounds shows the same direction */
	bool small;           /* real, but the CI does not clear the margin: not significant */
	size_t pairs;         /* paired: rounds both tests ran in */
	size_t batch;         /* paired: rounds per batch mean (1: rounds were independent) */
};

/* One side of a comparison of means: the mean, its squared relative standard
 * error, and that error's degrees of freedom. A side may be built from one
 * run's trials (wb_stats_mean_term) or from several runs' means (compare). */
struct wb_mean_term {
	double mean;
	double rel_var; /* (standard error / mean)^2 */
	double df;      /* >= 1 */
};

struct wb_mean_term wb_stats_mean_term(const struct wb_stats *s);

/* b against a from two terms: diff_pct (the ratio of the means - 1) and its
 * 95 % interval, Welch on the log of that ratio, so the interval stays above
 * -100 % and b against a mirrors a against b. Returns false (and fills nothing)
 * on a mean that is not positive or df < 1. */
bool wb_stats_compare_terms(const struct wb_mean_term *a, const struct wb_mean_term *b,
			    struct wb_comparison *out);

/* Compares b against a. Returns false (and fills nothing) when either has fewer
 * than 2 trials or a zero mean. */
bool wb_stats_compare(const struct wb_stats *a, const struct wb_stats *b,
		      struct wb_comparison *out);

/* Compares b against a from trials paired by round: a[i] ran in round ra[i],
 * rounds ascending, at most one trial per test and round. Each round gives the
 * log of the ratio b/a, so drift that hits both tests alike cancels; rounds are
 * grouped into batch means until neighbouring batches are uncorrelated, so a
 * device with memory (a token bucket) does not make the interval too narrow;
 * and the difference is significant only when the CI at conf excludes 0 and
 * each half of the rounds points the same way on its own (replication).
 * Returns false (fills nothing) with fewer than WB_PAIRED_MIN pairs. */
#define WB_PAIRED_MIN 4
bool wb_stats_compare_paired(const double *a, const uint32_t *ra, size_t na, const double *b,
			     const uint32_t *rb, size_t nb, double conf,
			     struct wb_comparison *out);

/* True when the test's figure should not be trusted as a single number: the CI
 * did not reach target_pct, or the trials vary more than max_cv_pct. */
bool wb_stats_unstable(const struct wb_stats *s, double target_pct, double max_cv_pct);

#endif
