/* test_throttle.c — throttle detection on synthetic latency histograms and
 * slow flushes: the picture of a token bucket (most flushes at the service
 * time, one per slice waiting for the next, the waits ending on a 100 ms grid)
 * is recognised with its period, on a quiet disk and on a contended one, and the pictures of unthrottled devices (a fast
 * SSD with rare spikes, a busy disk whose stalls end at random times, a slow
 * disk with a wide but single mode, too few flushes to judge) are not. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <cmocka.h>

#include "results/throttle.h"

static struct wb_histogram h;
static struct wb_wait waits[2048];
static unsigned nwaits;

static uint64_t rng = 88172645463325252ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* n flushes uniform in [lo_us, hi_us]. */
static void add(unsigned n, double lo_us, double hi_us)
{
	unsigned i;

	for (i = 0; i < n; i++)
		wb_hist_record(&h, (uint64_t)(1e3 * (lo_us + (hi_us - lo_us) * uniform())));
}

static uint64_t ms_in(double lo_ms, double hi_ms)
{
	return (uint64_t)(1e6 * (lo_ms + (hi_ms - lo_ms) * uniform()));
}

/* Waits of 20-100 ms ending every period_ms (a few 2-period gaps, as when a
 * slice's grant was not used up), each off the grid by at most jitter_us. */
static void grid_waits(unsigned n, double period_ms, double jitter_us)
{
	uint64_t t = 5000000000ull;
	unsigned i;

	for (nwaits = 0, i = 0; i < n; i++) {
		t += (uint64_t)(period_ms * 1e6) * (uniform() < 0.05 ? 2 : 1);
		waits[nwaits++] = (struct wb_wait){ t + (uint64_t)(jitter_us * 1e3 * uniform()),
						    ms_in(20.0, 100.0) };
	}
}

/* Slow flushes of lo_ms-hi_ms ending at random (exponential gaps of mean_ms),
 * added to the waits already there, kept in order of their ends. */
static void random_waits_too(unsigned n, double mean_ms, double lo_ms, double hi_ms)
{
	uint64_t t = 5000000000ull;
	unsigned i, j;

	for (i = 0; i < n && nwaits < sizeof(waits) / sizeof(waits[0]); i++) {
		t += (uint64_t)(-mean_ms * 1e6 * log(1.0 - uniform()));
		for (j = nwaits++; j > 0 && waits[j - 1].end_ns > t; j--)
			waits[j] = waits[j - 1];
		waits[j] = (struct wb_wait){ t, ms_in(lo_ms, hi_ms) };
	}
}

static void random_waits(unsigned n, double mean_ms, double lo_ms, double hi_ms)
{
	nwaits = 0;
	random_waits_too(n, mean_ms, lo_ms, hi_ms);
}

/* 150 IOPS in 100 ms slices, two I/Os a flush: 7.5 flushes per slice, so one
 * flush in 7.5 waits up to a slice; 76 flushes/s, as measured on a loop volume
 * throttled with cgroup blkio. */
static void test_token_bucket(void **state)
{
	struct wb_throttle t;

	(void)state;
	wb_hist_init(&h);
	add(1733, 1500, 3000);
	add(267, 20000, 100000);
	grid_waits(267, 100.0, 300.0);
	wb_throttle_detect(&h, 76.0, waits, nwaits, &t);
	assert_true(t.detected);
	assert_true(fabs(t.flushes_per_slice - 7.5) < 0.5);
	assert_true(t.period_ms > 99.0 && t.period_ms < 101.0);
	assert_true(t.phase_lock > 0.9);
	assert_true(t.wait_ms > 50.0 && t.wait_ms < 70.0);
	/* Without the wait ends there is no proof of a grid. */
	wb_throttle_detect(&h, 76.0, NULL, 0, &t);
	assert_false(t.detected);
}

/* The same token bucket over a contended disk (as a loop volume's backing file
 * under a neighbour's deep queue of writes): the service time is 3 ms, so most
 * flushes pass 2 ms and end at random; one in nine still waits for its slice.
 * Phase-locking every flush over 2 ms found no grid (R about 0.2) and missed the
 * throttle; only the waits are on it. */
static void test_token_bucket_on_a_contended_disk(void **state)
{
	struct wb_throttle t;

	(void)state;
	wb_hist_init(&h);
	add(800, 1500, 6000);
	add(100, 40000, 100000);
	grid_waits(100, 100.0, 3000.0);
	random_waits_too(500, 20.0, 2.0, 6.0);
	wb_throttle_detect(&h, 75.0, waits, nwaits, &t);
	assert_true(t.detected);
	assert_true(t.period_ms > 99.0 && t.period_ms < 101.5);
	assert_in_range(t.waits, 50, 100); /* of the grid's 100, none of the 500 stalls */
}

static void test_fast_ssd_with_spikes(void **state)
{
	struct wb_throttle t;

	(void)state;
	wb_hist_init(&h);
	add(9980, 40, 80);
	add(20, 3000, 6000); /* 0.2 %: a garbage-collection hiccup, not a throttle */
	random_waits(20, 50.0, 3.0, 6.0);
	wb_throttle_detect(&h, 15000.0, waits, nwaits, &t);
	assert_false(t.detected);
}

/* A busy shared disk: 5 % of flushes stall a few ms behind a neighbour's I/O,
 * as many as a throttle would make, but ending at random times. */
static void test_contention_is_not_a_throttle(void **state)
{
	struct wb_throttle t;

	(void)state;
	wb_hist_init(&h);
	add(9500, 60, 100);
	add(500, 2000, 6000);
	random_waits(500, 30.0, 2.0, 6.0);
	wb_throttle_detect(&h, 4000.0, waits, nwaits, &t);
	assert_false(t.detected);
	assert_true(t.phase_lock < 0.8);
}

static void test_slow_disk_single_mode(void **state)
{
	struct wb_throttle t;

	(void)state;
	wb_hist_init(&h);
	add(2000, 4000, 16000); /* a 7200 rpm disk: wide, but no second mode */
	random_waits(400, 9.0, 4.0, 16.0);
	wb_throttle_detect(&h, 110.0, waits, nwaits, &t);
	assert_false(t.detected);
}

static void test_too_few_flushes(void **state)
{
	struct wb_throttle t;

	(void)state;
	wb_hist_init(&h);
	add(40, 1500, 3000);
	add(8, 20000, 100000);
	grid_waits(8, 100.0, 300.0);
	wb_throttle_detect(&h, 76.0, waits, nwaits, &t);
	assert_false(t.detected);
	wb_throttle_detect(NULL, 76.0, waits, nwaits, &t);
	assert_false(t.detected);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_token_bucket),
		cmocka_unit_test(test_token_bucket_on_a_contended_disk),
		cmocka_unit_test(test_fast_ssd_with_spikes),
		cmocka_unit_test(test_contention_is_not_a_throttle),
		cmocka_unit_test(test_slow_disk_single_mode),
		cmocka_unit_test(test_too_few_flushes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
