/* test_stop_rules.c — the budget clip (wb_rule_clip), pure arithmetic: a trial
 * that fits runs as drawn, one that would outrun the budget is cut to what is
 * left, and with less than half a trial left none starts. qualify's last
 * slice once ran whole, past --duration by up to one and a half slices. */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fits_as_drawn),
		cmocka_unit_test(cut_to_what_is_left),
		cmocka_unit_test(none_past_the_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
