/* test_clock.c — the clock's arithmetic: ticks to nanoseconds and back, the
 * deadline's saturation, and calibration from synthetic samples (a steady TSC,
 * a noisy bracket, a TSC that changed speed, clocks that did not advance). No
 * clock is read except in the last test, which checks the forced fallback. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <cmocka.h>

#include "measure/clock.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* A sample of a TSC running at ghz from tsc0, read at ns with a bracket of
 * width ticks around it. */
static struct wb_clock_sample at(double ghz, uint64_t tsc0, uint64_t ns, uint64_t width)
{
	uint64_t mid = tsc0 + (uint64_t)llround((double)ns * ghz);

	return (struct wb_clock_sample){ mid - width / 2, ns, mid + width - width / 2 };
}

static struct wb_clock tsc_at(double ghz)
{
	struct wb_clock c;
	struct wb_clock_sample a = at(ghz, 1000000, 5000000, 40);
	struct wb_clock_sample m = at(ghz, 1000000, 10000000, 40);
	struct wb_clock_sample b = at(ghz, 1000000, 15000000, 40);

	wb_clock_set_monotonic(&c);
	assert_int_equal(wb_clock_calibrate(&c, &a, &m, &b), 0);
	return c;
}

static void test_monotonic_is_identity(void **state)
{
	static const uint64_t v[] = { 0, 1, 999, 1000000007, 3600ull * 1000000000, UINT64_MAX };
	struct wb_clock c;
	size_t i;

	(void)state;
	wb_clock_set_monotonic(&c);
	assert_int_equal(c.source, WB_CLOCK_MONOTONIC);
	for (i = 0; i < ARRAY_LEN(v); i++) {
		assert_true(wb_clock_to_ns(&c, v[i]) == v[i]);
		assert_true(wb_clock_ticks_for(&c, v[i]) == v[i]);
	}
}

static void test_calibrate_steady(void **state)
{
	static const double ghz[] = { 0.2, 1.0, 2.59362, 3.0, 4.7, 10.0 };
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_LEN(ghz); i++) {
		struct wb_clock c = tsc_at(ghz[i]);

		assert_int_equal(c.source, WB_CLOCK_TSC);
		assert_true(fabs(c.ticks_per_ns - ghz[i]) <= 1e-6 * ghz[i]);
		/* mult is ns per tick in 32.32 fixed point */
		assert_true(fabs((double)c.mult / 4294967296.0 - 1 / ghz[i]) <= 1e-6 / ghz[i]);
	}
}

/* Nanoseconds from ticks, against the exact value: within a part in 10^8 plus
 * the truncated nanosecond, from one tick to an hour. */
static void test_ticks_to_ns(void **state)
{
	static const double ghz[] = { 1.0, 2.59362, 3.0 };
	static const uint64_t ns[] = { 1, 18, 1000, 1234567, 2000000000ull, 3600ull * 1000000000 };
	size_t i, j;

	(void)state;
	for (i = 0; i < ARRAY_LEN(ghz); i++) {
		struct wb_clock c = tsc_at(ghz[i]);

		for (j = 0; j < ARRAY_LEN(ns); j++) {
			uint64_t ticks = (uint64_t)llround((double)ns[j] * ghz[i]);
			double want = (double)ticks / ghz[i];
			double got = (double)wb_clock_to_ns(&c, ticks);

			if (fabs(got - want) > 1e-8 * want + 1.0)
				fail_msg("%.5f GHz, %llu ticks: got %.0f ns, want %.3f", ghz[i],
					 (unsigned long long)ticks, got, want);
			/* and back: a duration in ticks converts to itself within a tick */
			assert_true(fabs((double)wb_clock_ticks_for(&c, ns[j]) -
					 (double)ns[j] * ghz[i]) <= 1.0);
		}
	}
}

/* ticks x mult passes 2^64 after about 13 s at 1 GHz: a year of ticks still
 * converts (128-bit product), and a duration too long for ticks saturates. */
static void test_no_overflow(void **state)
{
	struct wb_clock c = tsc_at(1.0);
	uint64_t year = 365ull * 86400 * 1000000000;

	(void)state;
	assert_true(wb_clock_to_ns(&c, year) == year);
	c = tsc_at(2.0);
	/* exact to the spacing of doubles near 2^64 */
	assert_true(fabs((double)wb_clock_ticks_for(&c, UINT64_MAX / 3) - (double)(UINT64_MAX / 3) * 2) <=
		    4096.0);
	assert_true(wb_clock_ticks_for(&c, UINT64_MAX) == UINT64_MAX);
}

static void test_deadline_saturates(void **state)
{
	(void)state;
	wb_clock_set_monotonic(&wb_clock);
	assert_true(wb_clock_deadline(100, 50) == 150);
	assert_true(wb_clock_deadline(UINT64_MAX - 10, 50) == UINT64_MAX);
	assert_true(wb_clock_deadline(5, UINT64_MAX) == UINT64_MAX);
	wb_clock = tsc_at(3.0);
	assert_true(wb_clock_deadline(1000, 2000) == 7000);
	assert_true(wb_clock_deadline(UINT64_MAX - 10, 1000) == UINT64_MAX);
	wb_clock_set_monotonic(&wb_clock);
}

/* The tightest bracket is the one least disturbed: its index, first on a tie. */
static void test_tightest(void **state)
{
	struct wb_clock_sample s[] = {
		{ 100, 0, 180 }, { 300, 0, 330 }, { 400, 0, 900 }, { 1000, 0, 1030 },
	};

	(void)state;
	assert_int_equal(wb_clock_tightest(s, 1), 0);
	assert_int_equal(wb_clock_tightest(s, ARRAY_LEN(s)), 1);
}

/* Wide but honest brackets (an interrupt during a read) still calibrate: the
 * midpoint stands for the CLOCK_MONOTONIC read. */
static void test_calibrate_noisy_bracket(void **state)
{
	struct wb_clock c;
	struct wb_clock_sample a = at(3.0, 5000, 0, 3000);
	struct wb_clock_sample m = at(3.0, 5000, 5000000, 40);
	struct wb_clock_sample b = at(3.0, 5000, 10000000, 600);

	(void)state;
	wb_clock_set_monotonic(&c);
	assert_int_equal(wb_clock_calibrate(&c, &a, &m, &b), 0);
	assert_true(fabs(c.ticks_per_ns - 3.0) <= 1e-6);
}

static void test_calibrate_refuses(void **state)
{
	struct wb_clock c;
	struct wb_clock_sample a = at(3.0, 5000, 0, 40), m = at(3.0, 5000, 5000000, 40);
	/* 3.0 GHz for the first half, 3.1 for the second: the halves disagree by 3 % */
	struct wb_clock_sample fast = { 5000 + 30500000 - 20, 10000000, 5000 + 30500000 + 20 };
	struct wb_clock_sample still = a; /* no time passed */
	struct wb_clock_sample slow_m = at(0.05, 5000, 5000000, 40);
	struct wb_clock_sample slow_b = at(0.05, 5000, 10000000, 40);
	struct wb_clock_sample back = { 1000, 10000000, 1040 }; /* the TSC went back */

	(void)state;
	wb_clock_set_monotonic(&c);
	assert_int_equal(wb_clock_calibrate(&c, &a, &m, &fast), -EINVAL);
	assert_int_equal(wb_clock_calibrate(&c, &a, &still, &still), -EINVAL);
	assert_int_equal(wb_clock_calibrate(&c, &a, &slow_m, &slow_b), -EINVAL);
	assert_int_equal(wb_clock_calibrate(&c, &a, &m, &back), -EINVAL);
	/* refused: c is untouched, still CLOCK_MONOTONIC */
	assert_int_equal(c.source, WB_CLOCK_MONOTONIC);
	assert_true(c.mult == 1ull << WB_CLOCK_SHIFT);
}

/* WALBENCH_CLOCK=monotonic is the fallback the tests and users can force. */
static void test_forced_monotonic(void **state)
{
	uint64_t a, b;

	(void)state;
	assert_int_equal(setenv("WALBENCH_CLOCK", "monotonic", 1), 0);
	wb_clock_init();
	assert_int_equal(wb_clock.source, WB_CLOCK_MONOTONIC);
	assert_string_equal(wb_clock_name(wb_clock.source), "monotonic");
	a = wb_clock_ticks();
	b = wb_clock_ticks();
	assert_true(b >= a);
	assert_true(wb_clock_ns(b - a) == b - a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_monotonic_is_identity),
		cmocka_unit_test(test_calibrate_steady),
		cmocka_unit_test(test_ticks_to_ns),
		cmocka_unit_test(test_no_overflow),
		cmocka_unit_test(test_deadline_saturates),
		cmocka_unit_test(test_tightest),
		cmocka_unit_test(test_calibrate_noisy_bracket),
		cmocka_unit_test(test_calibrate_refuses),
		cmocka_unit_test(test_forced_monotonic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
