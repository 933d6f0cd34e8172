/* test_commit_gain.c — flush gains as commit gains (Amdahl over the server's
 * flush share) and back: the limits at shares 0 and 1, a worked case, the
 * inverse, a share too small for any flush to reach the minimum gain, and the
 * share estimated from a flush rate and a flush time. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "results/commit_gain.h"

static void limits(void **state)
{
	(void)state;
	assert_float_equal(wb_commit_gain_pct(10.0, 1.0), 10.0, 1e-9);
	assert_float_equal(wb_commit_gain_pct(-10.0, 1.0), -10.0, 1e-9);
	assert_float_equal(wb_commit_gain_pct(10.0, 0.0), 0.0, 1e-9);
	assert_float_equal(wb_commit_gain_pct(10.0, 2.0), 10.0, 1e-9); /* clamped to 1 */
	assert_float_equal(wb_commit_gain_pct(-100.0, 0.5), -100.0, 1e-9);
}

/* Half the time flushing, flushes 10 % faster: 1 / (0.5 + 0.5 / 1.1) - 1. */
static void worked(void **state)
{
	(void)state;
	assert_float_equal(wb_commit_gain_pct(10.0, 0.5), (1.0 / (0.5 + 0.5 / 1.1) - 1) * 100,
			   1e-9);
	assert_true(wb_commit_gain_pct(10.0, 0.5) < 5.0);
	assert_true(wb_commit_gain_pct(10.0, 0.5) > 4.5);
	/* A gain in commits never exceeds the flush's, either way. */
	for (double s = 0.05; s < 1.0; s += 0.1) {
		assert_true(wb_commit_gain_pct(30.0, s) < 30.0);
		assert_true(wb_commit_gain_pct(-30.0, s) > -30.0);
	}
}

static void inverse(void **state)
{
	(void)state;
	for (double s = 0.2; s <= 1.0; s += 0.2) {
		double g = wb_flush_gain_for_commit_pct(5.0, s);

		assert_true(isfinite(g));
		assert_float_equal(wb_commit_gain_pct(g, s), 5.0, 1e-6);
	}
	assert_float_equal(wb_flush_gain_for_commit_pct(5.0, 1.0), 5.0, 1e-9);
	/* 5 % of commits needs a share above 5/105: at 4 % no flush can do it. */
	assert_true(isinf(wb_flush_gain_for_commit_pct(5.0, 0.04)));
	assert_true(isinf(wb_flush_gain_for_commit_pct(5.0, 0.0)));
}

static void estimate(void **state)
{
	(void)state;
	assert_float_equal(wb_flush_share_estimate(1000.0, 250.0), 0.25, 1e-9);
	assert_float_equal(wb_flush_share_estimate(1000.0, 5000.0), 1.0, 1e-9);
	assert_true(isnan(wb_flush_share_estimate(NAN, 250.0)));
	assert_true(isnan(wb_flush_share_estimate(1000.0, NAN)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(limits),
		cmocka_unit_test(worked),
		cmocka_unit_test(inverse),
		cmocka_unit_test(estimate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
