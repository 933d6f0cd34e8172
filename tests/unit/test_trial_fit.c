/* test_trial_fit.c — wb_trial_fit: a trial the budget cannot hold is
 * shortened to what gives every test its warm-up and two trials at their
 * longest, never below the floor; one that fits is kept; and the least budget
 * that holds the floor's trials. Pure. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/schedule.h"
#include "plan/trial_fit.h"

#define MS 1000000ull
#define S  1000000000ull

/* The audit's case: run --budget 1s --trial-time 5s, six methods, 100 ms
 * warm-ups. What is left after them (400 ms) holds two trials of each test
 * at 1.5 times their length: 400 / 6 / 2 / 1.5 = 22.2 ms, in whole ms 22. */
static void test_shortened(void **state)
{
	struct wb_trial_fit f;

	(void)state;
	wb_trial_fit(1 * S, 6, 100 * MS, 5 * S, 10 * MS, &f);
	assert_true(f.shortened);
	assert_int_equal(f.trial_ns, 22 * MS);
	/* And the whole of it, jittered to the longest, fits the budget. */
	assert_true(6 * (100 * MS + WB_FIT_TRIALS * f.trial_ns * (1 + WB_SCHED_JITTER)) <= 1 * S);
}

/* qualify --duration 1s with its 5 s slices: three shapes, no warm-up. */
static void test_qualify_slice(void **state)
{
	struct wb_trial_fit f;

	(void)state;
	wb_trial_fit(1 * S, 3, 0, 5 * S, 10 * MS, &f);
	assert_true(f.shortened);
	assert_int_equal(f.trial_ns, 111 * MS);
	assert_int_equal(f.min_budget_ns, 3 * 2 * 15 * MS);
}

/* A trial that fits is left as asked: the defaults of run (60 s, six tests,
 * 200 ms) and qualify (3 min, five tests of a striped array, 5 s slices). */
static void test_fits(void **state)
{
	struct wb_trial_fit f;

	(void)state;
	wb_trial_fit(60 * S, 6, 100 * MS, 200 * MS, 10 * MS, &f);
	assert_false(f.shortened);
	assert_int_equal(f.trial_ns, 200 * MS);
	wb_trial_fit(180 * S, 6, 0, 5 * S, 10 * MS, &f);
	assert_false(f.shortened);
	assert_int_equal(f.trial_ns, 5 * S);
	/* Exactly what fits is not shortened. */
	wb_trial_fit(6 * S, 2, 0, 1 * S, 10 * MS, &f);
	assert_false(f.shortened);
	assert_int_equal(f.trial_ns, 1 * S);
}

/* `--budget 10ms` (one short trial, in tests and scripts): the warm-up alone
 * is past the budget, so the trial is the floor, not zero; and the least
 * budget that would hold the floor's trials is said. */
static void test_floor(void **state)
{
	struct wb_trial_fit f;

	(void)state;
	wb_trial_fit(10 * MS, 1, 100 * MS, 200 * MS, 10 * MS, &f);
	assert_true(f.shortened);
	assert_int_equal(f.trial_ns, 10 * MS);
	assert_int_equal(f.min_budget_ns, 100 * MS + 2 * 15 * MS);
	/* recommend's twelve tests: 12 x (100 ms + 2 x 15 ms). */
	wb_trial_fit(1 * S, 12, 100 * MS, 200 * MS, 10 * MS, &f);
	assert_int_equal(f.trial_ns, 10 * MS);
	assert_int_equal(f.min_budget_ns, 1560 * MS);
}

/* An asked length under the floor is kept, not raised; no tests, no change. */
static void test_edges(void **state)
{
	struct wb_trial_fit f;

	(void)state;
	wb_trial_fit(10 * MS, 4, 0, 5 * MS, 10 * MS, &f);
	assert_false(f.shortened);
	assert_int_equal(f.trial_ns, 5 * MS);
	wb_trial_fit(1 * MS, 0, 100 * MS, 5 * S, 10 * MS, &f);
	assert_false(f.shortened);
	assert_int_equal(f.trial_ns, 5 * S);
	assert_int_equal(f.min_budget_ns, 0);
	/* A week's budget, the largest --budget takes, does not overflow. */
	wb_trial_fit(7 * 86400 * S, 64, 3600 * S, 1800 * S, 10 * MS, &f);
	assert_false(f.shortened);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shortened),
		cmocka_unit_test(test_qualify_slice),
		cmocka_unit_test(test_fits),
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
