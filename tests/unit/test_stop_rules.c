/* test_stop_rules.c — the budget clip (wb_rule_clip), pure arithmetic: a trial
 * that fits runs as drawn, one that would outrun the budget is cut to what is
 * left, and with less than half a trial left none starts; a first trial's
 * warm-up runs whole and must leave it that half. qualify's last slice once
 * ran whole, past --duration by up to one and a half slices, and run's and
 * recommend's last trial and warm-up still did. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "measure/stop_rules.h"

#define S 1000000000ull /* one second in ns */

static void fits_as_drawn(void **state)
{
	(void)state;
	assert_int_equal(wb_rule_clip(20 * S, 10 * S, 2 * S, 3 * S), 3 * S);
	assert_int_equal(wb_rule_clip(20 * S, 17 * S, 2 * S, 3 * S), 3 * S); /* to the ns */
}

static void cut_to_what_is_left(void **state)
{
	(void)state;
	assert_int_equal(wb_rule_clip(20 * S, 18 * S, 2 * S, 3 * S), 2 * S);
	assert_int_equal(wb_rule_clip(20 * S, 19 * S, 2 * S, 3 * S), 1 * S); /* half: kept */
}

static void none_past_the_budget(void **state)
{
	(void)state;
	assert_int_equal(wb_rule_clip(20 * S, 19 * S + 1, 2 * S, 3 * S), 0); /* under half */
	assert_int_equal(wb_rule_clip(20 * S, 20 * S, 2 * S, 3 * S), 0);
	assert_int_equal(wb_rule_clip(20 * S, 25 * S, 2 * S, 3 * S), 0); /* already over */
}

/* 20 s budget, 2 s trials drawn 3 s long, a 1 s warm-up before the first. */
static void warmup_fits_whole(void **state)
{
	(void)state;
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 10 * S, 1 * S, 2 * S, 3 * S), 3 * S);
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 16 * S, 1 * S, 2 * S, 3 * S), 3 * S);
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 10 * S, 0, 2 * S, 3 * S), 3 * S);
}

static void warmup_leaves_the_trial_less(void **state)
{
	(void)state;
	/* 3 s left: the warm-up's 1 s, then the trial cut to 2 s */
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 17 * S, 1 * S, 2 * S, 3 * S), 2 * S);
	/* 2 s left: the warm-up, then half a trial: kept */
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 18 * S, 1 * S, 2 * S, 3 * S), 1 * S);
}

static void no_warmup_without_half_a_trial_after(void **state)
{
	(void)state;
	/* The warm-up alone fits, but leaves the trial under half: neither starts. */
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 18 * S + 1, 1 * S, 2 * S, 3 * S), 0);
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 19 * S, 1 * S, 2 * S, 3 * S), 0);
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, 25 * S, 1 * S, 2 * S, 3 * S), 0);
	/* No wrap-around near the end of the clock's range. */
	assert_int_equal(wb_rule_clip_after_warmup(20 * S, UINT64_MAX - 1, 1 * S, 2 * S, 3 * S), 0);
	assert_int_equal(wb_rule_clip_after_warmup(UINT64_MAX, 1, UINT64_MAX, 2 * S, 3 * S), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fits_as_drawn),
		cmocka_unit_test(cut_to_what_is_left),
		cmocka_unit_test(none_past_the_budget),
		cmocka_unit_test(warmup_fits_whole),
		cmocka_unit_test(warmup_leaves_the_trial_less),
		cmocka_unit_test(no_warmup_without_half_a_trial_after),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
