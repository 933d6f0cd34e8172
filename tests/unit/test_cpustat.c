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

/* The postmaster (100): its own 50 + 20 and its reaped children's 300 + 40;
 * its living children 101 (7 + 3) and 102 (a name with ") " in it: 11 + 1;
 * what 102 reaped of its own children is not the postmaster's to count).
 * pgbench (200) is not the server's. */
static void test_tree(void **state)
{
	uint64_t t;

	(void)state;
	assert_int_equal(wb_proc_tree_ticks(WB_FIXTURES_DIR "/cpustat/two", 100, &t), 0);
	assert_int_equal(t, 50 + 20 + 300 + 40 + 7 + 3 + 11 + 1);
	assert_int_equal(wb_proc_tree_ticks(WB_FIXTURES_DIR "/cpustat/two", 999, &t), -ESRCH);
}

/* One backend's time (walbench's sampler's): a child of the postmaster, its
 * own user and system time only; a process of that number that is not the
 * postmaster's child (pgbench, 200) is not read as one. */
static void test_child(void **state)
{
	uint64_t t;

	(void)state;
	assert_int_equal(wb_proc_child_ticks(WB_FIXTURES_DIR "/cpustat/two", 102, 100, &t), 0);
	assert_int_equal(t, 11 + 1);
	assert_int_equal(wb_proc_child_ticks(WB_FIXTURES_DIR "/cpustat/two", 200, 100, &t), -ESRCH);
	assert_int_equal(wb_proc_child_ticks(WB_FIXTURES_DIR "/cpustat/two", 999, 100, &t), -ESRCH);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_child),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
