/* test_blockdev.c — the raw-device refusals over made-up sysfs and proc trees
 * (tests/unit/fixtures/blockdev): loop9 (7:9) with partitions loop9p1 (259:1)
 * and loop9p2 (259:2). Unused: allowed. The whole device mounted, a partition
 * mounted, a partition held by dm-3: refused, naming which. This kernel has no
 * partition-table parsers, so the partition cases cannot be built for real. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <string.h>
#include <cmocka.h>

#include "facts/blockdev.h"

#ifndef WB_FIXTURES_DIR
#error "WB_FIXTURES_DIR must be defined"
#endif
#define F WB_FIXTURES_DIR "/blockdev/"

static char why[512];

static int check(const char *sys, const char *proc)
{
	why[0] = '\0';
	return wb_blockdev_refusal_of("/dev/loop9", 7, 9, sys, proc, why, sizeof(why));
}

static void unused_is_allowed(void **state)
{
	(void)state;
	assert_int_equal(check(F "sys-clean", F "proc-idle"), 0);
}

static void whole_device_mounted(void **state)
{
	(void)state;
	assert_int_equal(check(F "sys-clean", F "proc-whole"), -EBUSY);
	assert_string_equal(why, "/dev/loop9: loop9 is mounted on /mnt/whole");
}

static void partition_mounted(void **state)
{
	(void)state;
	assert_int_equal(check(F "sys-clean", F "proc-p1"), -EBUSY);
	assert_string_equal(why, "/dev/loop9: its partition loop9p1 is mounted on /mnt/p1");
}

static void partition_held(void **state)
{
	(void)state;
	assert_int_equal(check(F "sys-held", F "proc-idle"), -EBUSY);
	assert_non_null(strstr(why, "its partition loop9p2 is held by dm-3"));
}

static void not_a_block_device(void **state)
{
	(void)state;
	assert_int_equal(wb_blockdev_refusal("/dev/null", F "sys-clean", F "proc-idle", why,
					     sizeof(why)), -ENOTBLK);
	assert_string_equal(why, "/dev/null is not a block device");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unused_is_allowed),
		cmocka_unit_test(whole_device_mounted),
		cmocka_unit_test(partition_mounted),
		cmocka_unit_test(partition_held),
		cmocka_unit_test(not_a_block_device),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
