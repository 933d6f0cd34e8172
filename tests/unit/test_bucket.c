/* test_bucket.c — burst-credit detection on synthetic slice traces: a step down
 * at a known time (with the slice that straddles it), noisy plateaus at gp2's
 * figures, and the traces that are not a bucket: a steady rate, a slow drift,
 * one stall (in the middle, at the end), a rise, too few slices, and a busy
 * disk's wide noise over many seeds; and traces that pin each constant where it
 * decides (literal counts and levels, not the production constants, so changing
 * one fails: MIN_SLICES, MIN_SIDE, MAX_RATIO, STEP_FIT, SIDE_SHARE, FLAT);
 * and a bucket measured in slices with pauses between them, whose baseline is
 * right only over each slice's settled part, past the pause's refill. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "results/bucket.h"

#define MAXN 64

static double rate[MAXN], start[MAXN];
static uint64_t rng = 88172645463325252ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* 1 +- frac, uniform. */
static double noise(double frac)
{
	return 1.0 + frac * (2.0 * uniform() - 1.0);
}

/* n slices every gap_s (each 1-1.5 x gap long as qualify's are, seen through
 * their starts); a bucket at burst/s that runs dry at drop_s, then baseline/s,
 * each slice off by +-frac. The slice holding drop_s runs at the mix. */
static void bucket_trace(size_t n, double gap_s, double burst, double baseline, double drop_s,
			 double frac)
{
	size_t i;
	double t = 0.0;

	for (i = 0; i < n; i++) {
		start[i] = t;
		t += gap_s * (1.0 + 0.5 * uniform());
	}
	for (i = 0; i < n; i++) {
		double end = i + 1 < n ? start[i + 1] : start[i] + gap_s, f;

		f = drop_s <= start[i] ? 0.0 : drop_s >= end ? 1.0 : (drop_s - start[i]) / (end - start[i]);
		rate[i] = (f * burst + (1.0 - f) * baseline) * noise(frac);
	}
}

static void near(double got, double want, double tol_frac)
{
	if (fabs(got - want) > tol_frac * want)
		fail_msg("%.1f is not within %.0f %% of %.1f", got, 100 * tol_frac, want);
}

static void test_step_down(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(20, 3.0, 200.0, 50.0, 20.0, 0.03);
	wb_bucket_detect(rate, start, NULL, 20, &b);
	assert_true(b.judged);
	assert_true(b.detected);
	near(b.burst_per_s, 200.0, 0.05);
	near(b.baseline_per_s, 50.0, 0.05);
	assert_true(b.baseline_low <= b.baseline_per_s && b.baseline_per_s <= b.baseline_high);
	assert_true(fabs(b.drop_at_s - 20.0) < 3.0);
	near(b.held, 150.0 * 20.0, 0.2);
	assert_true(b.nplateau >= 10);
}

/* gp2 at 100 GiB: 3,000 burst, 300 baseline; slices +-15 %. */
static void test_noisy_plateaus(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(30, 2.0, 3000.0, 300.0, 25.0, 0.15);
	wb_bucket_detect(rate, start, NULL, 30, &b);
	assert_true(b.detected);
	near(b.burst_per_s, 3000.0, 0.1);
	near(b.baseline_per_s, 300.0, 0.1);
	assert_true(fabs(b.drop_at_s - 25.0) < 4.0);
}

/* A drop late in the run still has three slices of plateau. */
static void test_late_drop(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(16, 3.0, 400.0, 100.0, 37.0, 0.05);
	wb_bucket_detect(rate, start, NULL, 16, &b);
	assert_true(b.detected);
	near(b.baseline_per_s, 100.0, 0.1);
}

static void test_no_step(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(20, 3.0, 1000.0, 1000.0, 1e9, 0.10);
	wb_bucket_detect(rate, start, NULL, 20, &b);
	assert_true(b.judged);
	assert_false(b.detected);
}

/* 1,000/s falling steadily to 250/s: a drift (a filling disk, heat), not a
 * bucket, though the halves differ more than a bucket's must. */
static void test_slow_drift(void **state)
{
	struct wb_bucket b;
	size_t i;

	(void)state;
	for (i = 0; i < 30; i++) {
		start[i] = 2.0 * (double)i;
		rate[i] = (1000.0 - 750.0 * (double)i / 29.0) * noise(0.03);
	}
	wb_bucket_detect(rate, start, NULL, 30, &b);
	assert_false(b.detected);
}

/* A drift in steps of a slice with noise, down to a third. */
static void test_drift_noisy(void **state)
{
	struct wb_bucket b;
	size_t i;

	(void)state;
	for (i = 0; i < 24; i++) {
		start[i] = 2.5 * (double)i;
		rate[i] = (600.0 - 400.0 * (double)i / 23.0) * noise(0.10);
	}
	wb_bucket_detect(rate, start, NULL, 24, &b);
	assert_false(b.detected);
}

static void test_single_stall(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(20, 3.0, 800.0, 800.0, 1e9, 0.05);
	rate[9] = 40.0;
	wb_bucket_detect(rate, start, NULL, 20, &b);
	assert_false(b.detected);
	rate[9] = 800.0;
	rate[19] = 40.0; /* the last slice: a plateau needs three */
	wb_bucket_detect(rate, start, NULL, 20, &b);
	assert_false(b.detected);
	rate[18] = 800.0;
	rate[17] = 40.0; /* a stall in the last three */
	wb_bucket_detect(rate, start, NULL, 20, &b);
	assert_false(b.detected);
}

/* Rising (a cold cache warming): the opposite of a bucket. */
static void test_rise(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(20, 3.0, 100.0, 400.0, 20.0, 0.05);
	wb_bucket_detect(rate, start, NULL, 20, &b);
	assert_false(b.detected);
}

static void test_too_few(void **state)
{
	struct wb_bucket b;

	(void)state;
	bucket_trace(WB_BUCKET_MIN_SLICES - 1, 3.0, 200.0, 50.0, 6.0, 0.0);
	wb_bucket_detect(rate, start, NULL, WB_BUCKET_MIN_SLICES - 1, &b);
	assert_false(b.judged);
	assert_false(b.detected);
	wb_bucket_detect(NULL, NULL, NULL, 0, &b);
	assert_false(b.judged);
}

/* n slices 3 s apart: hi/s for the first nhi, then lo/s, no noise. */
static void clean_step(size_t n, size_t nhi, double hi, double lo)
{
	size_t i;

	for (i = 0; i < n; i++) {
		start[i] = 3.0 * (double)i;
		rate[i] = i < nhi ? hi : lo;
	}
}

/* Judges the n slices in rate[] and start[]: judged, and a bucket whose
 * plateau starts at slice first, or (want false) none. */
static void expect_bucket(size_t n, bool want, size_t first)
{
	struct wb_bucket b;

	wb_bucket_detect(rate, start, NULL, n, &b);
	assert_true(b.judged);
	if (b.detected != want)
		fail_msg("%zu slices: %s, want %s", n, b.detected ? "a bucket" : "no bucket",
			 want ? "a bucket" : "none");
	if (want)
		assert_int_equal(b.first_plateau, first);
}

/* WB_BUCKET_MIN_SLICES is 8: a clean step of 8 slices is judged and found, the
 * same of 7 is not judged (issue 45: a change to 6 survived every test). */
static void test_pin_min_slices(void **state)
{
	struct wb_bucket b;

	(void)state;
	clean_step(8, 4, 200.0, 50.0);
	wb_bucket_detect(rate, start, NULL, 8, &b);
	assert_true(b.judged);
	assert_true(b.detected);
	clean_step(7, 3, 200.0, 50.0);
	wb_bucket_detect(rate, start, NULL, 7, &b);
	assert_false(b.judged);
	assert_false(b.detected);
}

/* WB_BUCKET_MIN_SIDE is 3: a plateau of three slices at the end is a bucket, one
 * of two is not (a change to 2 survived every test). */
static void test_pin_min_side(void **state)
{
	(void)state;
	clean_step(10, 7, 200.0, 50.0);
	expect_bucket(10, true, 7);
	clean_step(10, 8, 200.0, 50.0);
	expect_bucket(10, false, 0);
}

/* The flat-plateau check decides: 1,000/s for 6 slices, then a fall from 500/s
 * to 250/s over 14 slices. Every other test passes it (a step, each side on
 * its side of the midpoint, the lower level under 0.67 of the upper), but the
 * "plateau" falls by half its level: a drift after a drop, not a baseline. */
static void test_pin_flat(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 20; i++) {
		start[i] = 3.0 * (double)i;
		rate[i] = i < 6 ? 1000.0 : 500.0 - 250.0 * (double)(i - 6) / 13.0;
	}
	expect_bucket(20, false, 0);
	for (i = 6; i < 20; i++) /* the same drop to a flat 375/s is a bucket */
		rate[i] = 375.0;
	expect_bucket(20, true, 6);
}

/* WB_BUCKET_MAX_RATIO is 0.67: a clean step from 200/s to 133/s (0.665) is a
 * bucket, one to 136/s (0.68) is not (a write cache's or a thermal limit's
 * smaller drop, the trend's to see). */
static void test_pin_max_ratio(void **state)
{
	(void)state;
	clean_step(20, 8, 200.0, 133.0);
	expect_bucket(20, true, 8);
	clean_step(20, 8, 200.0, 136.0);
	expect_bucket(20, false, 0);
}

/* WB_BUCKET_SIDE_SHARE is 0.8: 200/s for 8 slices, then 50/s for 12, with
 * slices of the burst at 110/s (below the 125/s midpoint). One of them leaves
 * 6 of the 7 slices judged on their side (0.86): a bucket; two leave 5 (0.71):
 * a burst that does not keep its level, not a bucket. */
static void test_pin_side_share(void **state)
{
	(void)state;
	clean_step(20, 8, 200.0, 50.0);
	rate[3] = 110.0;
	expect_bucket(20, true, 8);
	clean_step(20, 8, 200.0, 50.0);
	rate[2] = rate[5] = 110.0;
	expect_bucket(20, false, 0);
}

/* WB_BUCKET_STEP_FIT decides a gradual fall: 400/s for 5 slices, falling
 * steadily to 200/s over the next 12 (36 s), then 200/s for 12. Each side
 * keeps to its side of the midpoint and the end is flat, but a straight line
 * fits the whole about as well as two levels: a drive slowing down, not a
 * bucket running dry within a slice. */
static void test_pin_step_fit(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 29; i++) {
		start[i] = 3.0 * (double)i;
		rate[i] = i < 5 ? 400.0 : i < 17 ? 400.0 - 200.0 * (double)(i - 4) / 13.0 : 200.0;
	}
	expect_bucket(29, false, 0);
	for (i = 5; i < 17; i++) /* the same fall within one slice is a bucket */
		rate[i] = 200.0;
	expect_bucket(29, true, 5);
}

/* A busy shared disk: every slice +-40 % at random, 500 traces. */
static void test_busy_noise(void **state)
{
	struct wb_bucket b;
	unsigned seed, hits = 0;

	(void)state;
	for (seed = 0; seed < 500; seed++) {
		bucket_trace(8 + seed % 40, 1.5, 500.0, 500.0, 1e9, 0.40);
		wb_bucket_detect(rate, start, NULL, 8 + seed % 40, &b);
		hits += b.detected;
	}
	assert_int_equal(hits, 0);
}

/* n slices of 1-1.5 s, each after a pause of 1-5 % of its length (the next
 * test's setup, the last one's settling: no flushes run): a bucket of burst/s
 * that runs dry after nburst slices, then refills at baseline/s. On the burst
 * the pause changes nothing (the slice runs at the burst rate); once dry, what
 * refilled in the pause is spent at the start of the slice, so it makes
 * baseline x (len + pause) flushes in len, while its settled part (past the
 * pause's refill) runs at the baseline, +-0.3 % each. */
static double settled[MAXN];

static void paused_trace(size_t n, size_t nburst, double burst, double baseline)
{
	size_t i;
	double t = 0.0, len, pause;

	for (i = 0; i < n; i++) {
		len = 1.0 + 0.5 * uniform();
		pause = len * (0.01 + 0.04 * uniform());
		t += pause;
		start[i] = t;
		t += len;
		rate[i] = (i < nburst ? burst : baseline * (len + pause) / len) * noise(0.003);
		settled[i] = (i < nburst ? burst : baseline) * noise(0.003);
	}
}

/* Issue 45: the pauses between slices refill the bucket. Measured over the
 * slices' own time, the baseline reads high by the pauses' share and its
 * interval leaves the true rate out; over each slice's settled part, the
 * interval holds it about 95 times in 100. The burst is not touched, and a
 * slice with no settled part (0) is measured over its own time. */
static void test_pauses_refill(void **state)
{
	struct wb_bucket b;
	unsigned seed, held = 0, held_unsettled = 0;

	(void)state;
	for (seed = 0; seed < 200; seed++) {
		paused_trace(24, 8, 200.0, 50.0);
		wb_bucket_detect(rate, start, settled, 24, &b);
		assert_true(b.detected);
		assert_int_equal(b.first_plateau, 8);
		near(b.burst_per_s, 200.0, 0.005);
		near(b.baseline_per_s, 50.0, 0.005);
		held += b.baseline_low <= 50.0 && 50.0 <= b.baseline_high;
		memset(settled, 0, sizeof(settled)); /* no loop kept a settled part */
		wb_bucket_detect(rate, start, settled, 24, &b);
		assert_true(b.detected);
		assert_true(b.baseline_per_s > 50.0 * 1.02);
		held_unsettled += b.baseline_low <= 50.0 && 50.0 <= b.baseline_high;
	}
	if (held < 180 || held_unsettled > 0)
		fail_msg("the baseline's interval held 50/s in %u of 200 traces (want 180 or "
			 "more), %u over the slices' own time (want 0)", held, held_unsettled);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_down),   cmocka_unit_test(test_noisy_plateaus),
		cmocka_unit_test(test_late_drop),   cmocka_unit_test(test_no_step),
		cmocka_unit_test(test_slow_drift),  cmocka_unit_test(test_drift_noisy),
		cmocka_unit_test(test_single_stall), cmocka_unit_test(test_rise),
		cmocka_unit_test(test_too_few),     cmocka_unit_test(test_busy_noise),
		cmocka_unit_test(test_pin_min_slices), cmocka_unit_test(test_pin_min_side),
		cmocka_unit_test(test_pin_flat),    cmocka_unit_test(test_pin_max_ratio),
		cmocka_unit_test(test_pin_side_share), cmocka_unit_test(test_pin_step_fit),
		cmocka_unit_test(test_pauses_refill),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
