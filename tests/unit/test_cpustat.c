/* test_cpustat.c — /proc/stat's first line read as busy and total ticks
 * (iowait counted idle), the CPUs counted, a file not in the kernel's layout
 * refused, on fixture trees. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <cmocka.h>

#include "facts/cpustat.h"

static void test_read(void **state)
{
	struct wb_cpustat c;

	(void)state;
	assert_int_equal(wb_cpustat_read(WB_FIXTURES_DIR "/cpustat/two", &c), 0);
	assert_int_equal(c.busy, 1000 + 50 + 300 + 10 + 20 + 5);
	assert_int_equal(c.total, c.busy + 8000 + 400);
	assert_int_equal(c.ncpu, 2);
	assert_int_equal(wb_cpustat_read(WB_FIXTURES_DIR "/cpustat/garbled", &c), -EINVAL);
	assert_int_equal(wb_cpustat_read(WB_FIXTURES_DIR "/cpustat/none", &c), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
