/* test_stats.c — trial statistics against hand-computed values, the t quantile
 * against exact values, and the 95 % intervals against their promise by
 * simulation. Seeded PRNG throughout: every run draws the same samples. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "results/stats.h"
#include "results/transient.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static void assert_close(double got, double want, double rel)
{
	if (fabs(got - want) > rel * fabs(want))
		fail_msg("got %.12g, want %.12g (rel tol %g)", got, want, rel);
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Uniform in (0, 1]: never 0, so Box–Muller's log is finite. */
static double uniform(uint64_t *s)
{
	return (double)((xorshift(s) >> 11) + 1) / 9007199254740992.0;
}

/* Box–Muller; the second variate is dropped to keep the generator stateless. */
static double normal(uint64_t *s, double mean, double sd)
{
	double u1 = uniform(s), u2 = uniform(s);

	return mean + sd * sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static void draw(uint64_t *s, double *v, size_t n, double mean, double sd)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = normal(s, mean, sd);
}

static void test_moments_even(void **state)
{
	static const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct wb_stats s;
	double sd = sqrt(32.0 / 7.0); /* squared deviations sum to 32 */

	(void)state;
	wb_stats_compute(v, ARRAY_LEN(v), &s);
	assert_int_equal(s.n, 8);
	assert_close(s.mean, 5.0, 1e-15);
	assert_close(s.stddev, sd, 1e-15);
	assert_close(s.cv_pct, 100.0 * sd / 5.0, 1e-15);
	assert_close(s.median, 4.5, 1e-15);
	assert_close(s.ci95_half, 2.3646243 * sd / sqrt(8.0), 1e-7);
	assert_close(s.ci95_pct, 100.0 * s.ci95_half / 5.0, 1e-15);
	/* MAD is 0.5 (five deviations of 0.5), so 9 sits 0.6745 * 4.5 / 0.5 = 6.1
	 * robust z away: an outlier; 2 and 7 (3.4) are not. */
	assert_int_equal(s.outliers, 1);
}

static void test_moments_odd_unsorted(void **state)
{
	static const double v[] = { 3, 1, 2 };
	struct wb_stats s;

	(void)state;
	wb_stats_compute(v, ARRAY_LEN(v), &s);
	assert_close(s.mean, 2.0, 1e-15);
	assert_close(s.stddev, 1.0, 1e-15);
	assert_close(s.cv_pct, 50.0, 1e-15);
	assert_close(s.median, 2.0, 1e-15);
	assert_close(s.ci95_half, 4.3026527 / sqrt(3.0), 1e-7);
	/* The input is left alone: the median sorts a copy. */
	assert_true(v[0] == 3 && v[1] == 1 && v[2] == 2);
}

/* Large rates with a small spread: x^2 - mean^2 would cancel to garbage. */
static void test_stddev_stable_for_large_rates(void **state)
{
	static const double v[] = { 1e9 + 1, 1e9 + 2, 1e9 + 3 };
	struct wb_stats s;

	(void)state;
	wb_stats_compute(v, ARRAY_LEN(v), &s);
	assert_close(s.mean, 1e9 + 2, 1e-15);
	assert_close(s.stddev, 1.0, 1e-9);
}

static void test_zero_and_one_trial(void **state)
{
	static const double one = 1234.5;
	struct wb_stats s;

	(void)state;
	wb_stats_compute(NULL, 0, &s);
	assert_int_equal(s.n, 0);
	assert_true(s.mean == 0 && s.stddev == 0 && s.cv_pct == 0 && s.ci95_half == 0);
	assert_true(s.median == 0 && s.outliers == 0);
	assert_true(isinf(s.ci95_pct) && s.ci95_pct > 0);

	wb_stats_compute(&one, 1, &s);
	assert_int_equal(s.n, 1);
	assert_true(s.mean == one && s.median == one);
	assert_true(s.stddev == 0 && s.cv_pct == 0 && s.ci95_half == 0 && s.outliers == 0);
	assert_true(isinf(s.ci95_pct) && s.ci95_pct > 0);
}

/* The usual 3-decimal table; ours must round to it. */
static void test_t95_table(void **state)
{
	static const double table[] = {
		12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_LEN(table); i++)
		assert_true(fabs(wb_t95((double)(i + 1)) - table[i]) <= 0.0005 + 1e-9);
}

static void test_t95_known_values(void **state)
{
	static const struct { double df, t; } known[] = {
		{ 1, 12.706 }, { 10, 2.228 }, { 40, 2.021 }, { 60, 2.000 },
		{ 120, 1.980 }, { 1e6, 1.960 },
	};
	/* Non-integer df, exact quantiles from the t distribution (mpmath). */
	static const struct { double df, t; } exact[] = {
		{ 1.5, 6.0166631 }, { 2.5, 3.5746548 }, { 4.2, 2.7250727 },
		{ 7.3, 2.3450667 }, { 12.75, 2.1646826 }, { 29.5, 2.0437250 },
		{ 30.5, 2.0408694 }, { 45.5, 2.0134927 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_LEN(known); i++)
		assert_close(wb_t95(known[i].df), known[i].t, 0.005);
	for (i = 0; i < ARRAY_LEN(exact); i++)
		assert_close(wb_t95(exact[i].df), exact[i].t, 1e-6);
	assert_close(wb_t95(1e300), 1.959964, 1e-6);
	assert_close(wb_t95(0.5), wb_t95(1), 1e-15); /* below 1: clamped, widest */
}

/* Welch df are fractional: between two integers the quantile lies between
 * theirs, and the whole curve falls steadily with no step at the joins. */
static void test_t95_between_neighbours(void **state)
{
	double df, prev = INFINITY;
	int k;

	(void)state;
	for (k = 1; k < 40; k++) {
		double mid = wb_t95(k + 0.5);

		assert_true(wb_t95(k + 1) < mid && mid < wb_t95(k));
		assert_close(wb_t95(k + 1e-9), wb_t95(k), 1e-6);
	}
	for (df = 1.0; df <= 100.0; df += 0.01) {
		double t = wb_t95(df);

		assert_true(t <= prev);
		prev = t;
	}
}

/* Fraction of `reps` simulated tests of n trials from N(1000, 50) whose 95 %
 * interval holds the true mean. */
static double coverage(size_t n, size_t reps, uint64_t seed)
{
	double v[16];
	size_t r, hits = 0;
	struct wb_stats s;

	assert_true(n <= ARRAY_LEN(v));
	for (r = 0; r < reps; r++) {
		draw(&seed, v, n, 1000.0, 50.0);
		wb_stats_compute(v, n, &s);
		if (fabs(s.mean - 1000.0) <= s.ci95_half)
			hits++;
	}
	return (double)hits / (double)reps;
}

static void test_ci_coverage_n10(void **state)
{
	double c = coverage(10, 2000, 0x9e3779b97f4a7c15ull);

	(void)state;
	/* With z instead of t(9) this would be ~0.92. */
	assert_true(c >= 0.93 && c <= 0.97);
}

static void test_ci_coverage_n5(void **state)
{
	double c = coverage(5, 2000, 0x2545f4914f6cdd1dull);

	(void)state;
	/* The proof that t(4) = 2.776 is used: z = 1.96 would cover only ~0.88. */
	assert_true(c >= 0.93 && c <= 0.97);
}

static void test_outliers(void **state)
{
	static const double spike[] = { 100, 101, 99, 100, 102, 98, 100, 500 };
	static const double flat[] = { 100, 100, 100, 100, 100 };
	/* MAD is 0 (over half identical), so any other value is infinitely far. */
	static const double mostly_flat[] = { 100, 100, 100, 100, 101 };
	/* ... but float noise in "identical" rates is not a difference. */
	static const double noisy_flat[] = { 100, 100 * (1 + 1e-13), 100, 100 * (1 - 1e-13), 100 };
	struct wb_stats s;

	(void)state;
	wb_stats_compute(spike, ARRAY_LEN(spike), &s);
	assert_close(s.median, 100, 1e-15);
	assert_int_equal(s.outliers, 1);
	wb_stats_compute(flat, ARRAY_LEN(flat), &s);
	assert_int_equal(s.outliers, 0);
	assert_true(s.stddev == 0 && s.ci95_pct == 0);
	wb_stats_compute(mostly_flat, ARRAY_LEN(mostly_flat), &s);
	assert_int_equal(s.outliers, 1);
	wb_stats_compute(noisy_flat, ARRAY_LEN(noisy_flat), &s);
	assert_int_equal(s.outliers, 0);
}

/* Ten trials a side drawn around each side's mean, compared b against a. */
static void compare_drawn(uint64_t *seed, double mean_a, double sd_a, double mean_b, double sd_b,
			  struct wb_stats *a, struct wb_stats *b, struct wb_comparison *c)
{
	double va[10], vb[10];

	draw(seed, va, 10, mean_a, sd_a);
	draw(seed, vb, 10, mean_b, sd_b);
	wb_stats_compute(va, 10, a);
	wb_stats_compute(vb, 10, b);
	assert_true(wb_stats_compare(a, b, c));
}

static void test_compare_real_difference(void **state)
{
	uint64_t seed = 0xdeadbeefcafef00dull;
	struct wb_stats a, b;
	struct wb_comparison c;

	(void)state;
	compare_drawn(&seed, 1000.0, 10.0, 1100.0, 10.0, &a, &b, &c);
	assert_true(c.significant);
	assert_close(c.diff_pct, 10.0, 0.1);
	assert_true(c.ci95_low_pct <= 10.0 && 10.0 <= c.ci95_high_pct);
	assert_true(c.ci95_low_pct < c.diff_pct && c.diff_pct < c.ci95_high_pct);

	/* The other way round is a real drop of about 9.1 %. */
	assert_true(wb_stats_compare(&b, &a, &c));
	assert_true(c.significant && c.ci95_high_pct < 0);
	assert_close(c.diff_pct, -100.0 / 11.0, 0.1);
}

/* Same distribution on both sides: "significant" must come up about 5 % of
 * the time, and not far less (an over-wide interval hides real changes). A z
 * quantile gives ~7 % here, inside the bound: t95 itself is tested above. */
static void test_compare_false_positive_rate(void **state)
{
	uint64_t seed = 0x0123456789abcdefull;
	double rate;
	struct wb_stats a, b;
	struct wb_comparison c;
	size_t r, hits = 0, reps = 1000;

	(void)state;
	for (r = 0; r < reps; r++) {
		compare_drawn(&seed, 1000.0, 50.0, 1000.0, 50.0, &a, &b, &c);
		if (c.significant)
			hits++;
	}
	rate = (double)hits / (double)reps;
	assert_true(rate >= 0.03 && rate <= 0.08);
}

static void test_compare_refuses(void **state)
{
	static const double two[] = { 100, 110 }, one[] = { 100 }, zero[] = { 0, 0, 0 };
	struct wb_stats a, b, z;
	struct wb_comparison c, untouched;

	(void)state;
	memset(&untouched, 0x5a, sizeof(untouched));
	c = untouched;
	wb_stats_compute(two, 2, &a);
	wb_stats_compute(one, 1, &b);
	wb_stats_compute(zero, 3, &z);
	assert_false(wb_stats_compare(&a, &b, &c));
	assert_false(wb_stats_compare(&b, &a, &c));
	assert_false(wb_stats_compare(&a, &z, &c));
	assert_false(wb_stats_compare(&z, &a, &c));
	assert_memory_equal(&c, &untouched, sizeof(c));
	assert_true(wb_stats_compare(&a, &a, &c));
}

static void test_compare_without_spread(void **state)
{
	static const double x[] = { 100, 100, 100 }, y[] = { 120, 120, 120 };
	struct wb_stats a, b;
	struct wb_comparison c;

	(void)state;
	wb_stats_compute(x, 3, &a);
	wb_stats_compute(y, 3, &b);
	assert_true(wb_stats_compare(&a, &b, &c));
	assert_true(c.significant);
	assert_close(c.diff_pct, 20.0, 1e-12);
	assert_true(c.ci95_low_pct == c.diff_pct && c.ci95_high_pct == c.diff_pct);
	assert_true(wb_stats_compare(&a, &a, &c));
	assert_false(c.significant);
	assert_true(c.diff_pct == 0 && c.ci95_low_pct == 0 && c.ci95_high_pct == 0);
}

/* (1+low)(1+high) = r^2: an interval built on the log of the ratio r of the
 * means sits geometrically around it; a linear one, r -+ h, gives r^2 - h^2. */
static void assert_geometric(const struct wb_comparison *c)
{
	double r = 1.0 + c->diff_pct / 100.0;

	assert_close((1.0 + c->ci95_low_pct / 100.0) * (1.0 + c->ci95_high_pct / 100.0), r * r,
		     1e-9);
}

/* b against a and a against b: one answer seen from either side, its interval
 * mirrored (low of one is 1 / (1 + high of the other) - 1). */
static void assert_mirrored(const struct wb_comparison *ab, const struct wb_comparison *ba)
{
	assert_true(ab->significant == ba->significant);
	assert_close(1.0 + ab->ci95_low_pct / 100.0, 1.0 / (1.0 + ba->ci95_high_pct / 100.0),
		     1e-9);
	assert_close(1.0 + ab->ci95_high_pct / 100.0, 1.0 / (1.0 + ba->ci95_low_pct / 100.0),
		     1e-9);
}

/* Four noisy trials of b against four tight ones of a, as a loaded machine
 * gives: the linear interval, ratio -+ t * ratio * se, went to -112 % (a rate
 * cannot fall by more than all of it). On the log scale it stays above -100 %
 * and still holds the point figure. */
static void test_compare_noisy_stays_above_total_loss(void **state)
{
	static const double x[] = { 1000, 1010, 990, 1000 }, y[] = { 10, 200, 30, 400 };
	struct wb_stats a, b;
	struct wb_comparison ab, ba;

	(void)state;
	wb_stats_compute(x, 4, &a);
	wb_stats_compute(y, 4, &b);
	assert_true(wb_stats_compare(&a, &b, &ab));
	assert_close(ab.diff_pct, -84.0, 1e-9);
	assert_true(ab.ci95_low_pct > -100.0);
	assert_true(ab.ci95_low_pct < ab.diff_pct && ab.diff_pct < ab.ci95_high_pct);
	assert_geometric(&ab);
	assert_true(wb_stats_compare(&b, &a, &ba));
	assert_mirrored(&ab, &ba);
}

/* A 1.75x ratio of means, each with a relative standard error of sqrt(0.03)
 * over 10 trials: ln 1.75 = 0.560 clears t * se = 0.515 whichever side is A.
 * The linear interval called b against a not significant (its low end
 * 1.75 * (1 - 0.515) - 1 < 0) and a against b significant. */
static void test_compare_swapped_agrees(void **state)
{
	struct wb_mean_term a = { .mean = 1000, .rel_var = 0.03, .df = 9 },
			    b = { .mean = 1750, .rel_var = 0.03, .df = 9 };
	struct wb_comparison ab, ba;
	double half = wb_t95(18.0) * sqrt(0.06); /* Welch–Satterthwaite: equal terms, df 18 */

	(void)state;
	assert_true(wb_stats_compare_terms(&a, &b, &ab));
	assert_true(wb_stats_compare_terms(&b, &a, &ba));
	assert_true(ab.significant);
	assert_mirrored(&ab, &ba);
	assert_close(ab.diff_pct, 75.0, 1e-12);
	assert_close(ab.ci95_low_pct, 100.0 * expm1(log(1.75) - half), 1e-9);
	assert_close(ab.ci95_high_pct, 100.0 * expm1(log(1.75) + half), 1e-9);
	assert_close(ba.diff_pct, 100.0 * (1.0 / 1.75 - 1.0), 1e-12);
}

/* A clear halving with 1 % spread: the log interval is the linear one to
 * within a hundredth of a point, as it should be where the spread is small
 * (what the change of scale leaves alone). */
static void test_compare_tight_unchanged(void **state)
{
	uint64_t seed = 0x5eed2a11c0ffee00ull;
	double r, half;
	struct wb_stats a, b;
	struct wb_comparison c;
	struct wb_mean_term ta, tb;

	(void)state;
	compare_drawn(&seed, 1000.0, 10.0, 2000.0, 20.0, &a, &b, &c);
	assert_true(c.significant);
	ta = wb_stats_mean_term(&a);
	tb = wb_stats_mean_term(&b);
	r = b.mean / a.mean;
	half = wb_t95((ta.rel_var + tb.rel_var) * (ta.rel_var + tb.rel_var) /
		      (ta.rel_var * ta.rel_var / 9.0 + tb.rel_var * tb.rel_var / 9.0)) *
	       r * sqrt(ta.rel_var + tb.rel_var);
	assert_close(c.diff_pct, 100.0 * (r - 1.0), 1e-12);
	assert_true(fabs(c.ci95_low_pct - 100.0 * (r - 1.0 - half)) < 0.01);
	assert_true(fabs(c.ci95_high_pct - 100.0 * (r - 1.0 + half)) < 0.01);
	assert_true(c.ci95_low_pct > 90.0 && c.ci95_high_pct < 110.0);
}

static void test_unstable(void **state)
{
	struct wb_stats s = { .n = 10, .mean = 1000, .cv_pct = 1.0, .ci95_pct = 1.0 };
	struct wb_stats one;
	static const double x = 1000;

	(void)state;
	assert_false(wb_stats_unstable(&s, 2.0, 5.0));
	s.ci95_pct = 2.5;  /* the interval never got down to the 2 % target */
	assert_true(wb_stats_unstable(&s, 2.0, 5.0));
	s.ci95_pct = 1.0;
	s.cv_pct = 7.0;    /* tight interval from many trials, but they scatter */
	assert_true(wb_stats_unstable(&s, 2.0, 5.0));
	wb_stats_compute(&x, 1, &one);  /* one trial has no interval at all */
	assert_true(wb_stats_unstable(&one, 2.0, 5.0));
}

/* The warm-up transient (MSER): two cold first trials at twice the rate are
 * found and cut; a flat series loses nothing; a short one is never cut; and
 * the cut never passes a quarter of the trials. */
static void test_transient(void **state)
{
	double cold[16] = { 2000, 1900 }, flat[16], ramp[16];
	size_t i;

	(void)state;
	for (i = 0; i < 16; i++) {
		flat[i] = 1000.0 + (i % 2 ? 10.0 : -10.0);
		ramp[i] = 4000.0 / (1.0 + (double)i);
		if (i >= 2)
			cold[i] = flat[i];
	}
	assert_int_equal(wb_transient_trials(cold, 16), 2);
	assert_int_equal(wb_transient_trials(flat, 16), 0);
	assert_int_equal(wb_transient_trials(cold, WB_TRANSIENT_MIN_TRIALS - 1), 0);
	assert_true(wb_transient_trials(ramp, 16) <= 4);
	assert_true(wb_transient_trials(ramp, 16) >= 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moments_even),
		cmocka_unit_test(test_moments_odd_unsorted),
		cmocka_unit_test(test_stddev_stable_for_large_rates),
		cmocka_unit_test(test_zero_and_one_trial),
		cmocka_unit_test(test_t95_table),
		cmocka_unit_test(test_t95_known_values),
		cmocka_unit_test(test_t95_between_neighbours),
		cmocka_unit_test(test_ci_coverage_n10),
		cmocka_unit_test(test_ci_coverage_n5),
		cmocka_unit_test(test_outliers),
		cmocka_unit_test(test_compare_real_difference),
		cmocka_unit_test(test_compare_false_positive_rate),
		cmocka_unit_test(test_compare_refuses),
		cmocka_unit_test(test_compare_without_spread),
		cmocka_unit_test(test_compare_noisy_stays_above_total_loss),
		cmocka_unit_test(test_compare_swapped_agrees),
		cmocka_unit_test(test_compare_tight_unchanged),
		cmocka_unit_test(test_unstable),
		cmocka_unit_test(test_transient),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
