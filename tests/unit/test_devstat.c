/* test_devstat.c — a block device's counters by name from a fixture sysfs
 * (fixtures/devstat: two md members' stat files and a broken one): writes,
 * sectors and write time parsed; a missing device, a name with a slash and a
 * short line refused; an array's members read in its order, and their writes
 * in a run matched by name between two snapshots, a counter gone backwards
 * (a device that went away and came back) left unknown. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "facts/devstat.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define SYS WB_FIXTURES_DIR "/devstat/sys"

static void read_by_name(void **state)
{
	struct wb_devstat s;

	(void)state;
	assert_int_equal(wb_devstat_read_name("sdb1", &s, SYS), 0);
	assert_string_equal(s.name, "sdb1");
	assert_int_equal(s.writes, 52000);
	assert_int_equal(s.sectors, 4160000);
	assert_int_equal(s.write_ms, 26000);
	assert_int_equal(wb_devstat_read_name("sdz9", &s, SYS), -ENOENT);
	assert_int_equal(wb_devstat_read_name("../sdb1", &s, SYS), -EINVAL);
	assert_int_equal(wb_devstat_read_name("", &s, SYS), -EINVAL);
	assert_int_equal(wb_devstat_read_name("sdd1", &s, SYS), -EINVAL);
}

static void members_in_a_run(void **state)
{
	static struct wb_array a;
	static struct wb_members_stat before, after;

	(void)state;
	memset(&a, 0, sizeof(a));
	a.n_members = 3;
	snprintf(a.members[0].name, sizeof(a.members[0].name), "sdc1");
	snprintf(a.members[1].name, sizeof(a.members[1].name), "sdz9"); /* gone */
	snprintf(a.members[2].name, sizeof(a.members[2].name), "sdb1");
	assert_int_equal(wb_devstat_members_read(&a, &before, SYS), 0);
	assert_int_equal(before.n, 3);
	assert_true(before.ok[0] && !before.ok[1] && before.ok[2]);
	assert_int_equal(before.s[0].writes, 51900);
	/* The run: sdb1 wrote 1000 times in 500 ms, sdc1 1000 in 3000 ms; sdb1's
	 * snapshot moved to another slot (matched by name, not by place). */
	after = before;
	after.s[0] = before.s[2];
	after.s[0].writes += 1000, after.s[0].write_ms += 500;
	after.s[2] = before.s[0];
	after.s[2].writes += 1000, after.s[2].write_ms += 3000;
	wb_devstat_members_io(&before, &after, &a);
	assert_true(a.members[0].io_known && a.members[2].io_known);
	assert_false(a.members[1].io_known);
	assert_int_equal(a.members[0].run_writes, 1000);
	assert_int_equal(a.members[0].run_write_ms, 3000);
	assert_int_equal(a.members[2].run_write_ms, 500);
	/* A counter that went backwards: unknown, never a huge unsigned delta. */
	after.s[2].writes = 10;
	wb_devstat_members_io(&before, &after, &a);
	assert_false(a.members[0].io_known);
	assert_int_equal(a.members[0].run_writes, 0);
	/* No member readable at all. */
	snprintf(a.members[0].name, sizeof(a.members[0].name), "sdx1");
	snprintf(a.members[2].name, sizeof(a.members[2].name), "sdy1");
	assert_int_equal(wb_devstat_members_read(&a, &before, SYS), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_by_name),
		cmocka_unit_test(members_in_a_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
