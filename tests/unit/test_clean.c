/* test_clean.c — `walbench clean` without a disk: which names are walbench's own
 * (model/ownfile.h), and which files the verdict (advice/leftover_verdict.h) lets go. A
 * leftover goes only when nothing says it might still be in use. */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/leftover_verdict.h"
#include "model/ownfile.h"

static void test_names_walbench_makes(void **state)
{
	char name[64];
	pid_t pid = 0;

	(void)state;
	assert_true(wb_testfile_name_parse("walbench.1234.0.tmp", &pid));
	assert_int_equal(pid, 1234);
	assert_true(wb_testfile_name_parse("walbench.1.999.tmp", &pid)); /* 64 jobs switching need 192 */
	assert_int_equal(pid, 1);
	snprintf(name, sizeof(name), "walbench.%d.7.tmp", INT_MAX);
	assert_true(wb_testfile_name_parse(name, &pid));
	assert_int_equal(pid, INT_MAX);
}

static void test_names_that_are_not(void **state)
{
	static const char *const not_ours[] = {
		"walbench-verify.dat",     /* verify's evidence: kept on purpose */
		"walbench.1234.0.tmp.old", "walbench.1234.0", "walbench.1234.tmp",
		"walbench..0.tmp", "walbench.1234..tmp", "walbench.0.0.tmp",
		"walbench.01234.0.tmp", "walbench.1234.00.tmp", /* never printed so */
		"walbench.+1234.0.tmp", "walbench.-1.0.tmp", "walbench. 12.0.tmp",
		"walbench.1234.1000.tmp", /* attempts stop at 999 */
		"walbench.2147483648.0.tmp", "walbench.99999999999999999999.0.tmp",
		"walbench.12a.0.tmp", "Walbench.1234.0.tmp", "xwalbench.1234.0.tmp",
		"000000010000000000000001", "walbench.json", "walbench.1234.0.tmp/", "",
	};
	pid_t pid = 42;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(not_ours) / sizeof(not_ours[0]); i++) {
		if (wb_testfile_name_parse(not_ours[i], &pid))
			fail_msg("\"%s\" taken for walbench's", not_ours[i]);
		assert_int_equal(pid, 42); /* untouched */
	}
}

/* A leftover of a dead walbench, owned by uid 1000, its lock taken by the probe. */
static struct wb_leftover dead(void)
{
	return (struct wb_leftover){ .type = WB_ENTRY_REGULAR, .uid = 1000, .size = 16 << 20,
				     .pid = 4321, .pid_state = WB_PID_GONE,
				     .lock = WB_LOCK_FREE, .lock_fd = -1 };
}

static void test_dead_process_file_goes(void **state)
{
	struct wb_leftover f = dead();
	struct wb_clean_verdict v;

	(void)state;
	wb_clean_judge(&f, 1000, &v);
	assert_true(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_PID_GONE);
	assert_int_equal(v.pid, 4321);
	f.lock = WB_LOCK_UNSUPPORTED; /* no flock on this file system: the PID decides */
	wb_clean_judge(&f, 1000, &v);
	assert_true(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_PID_GONE);
}

static void test_reused_pid_file_goes(void **state)
{
	struct wb_leftover f = dead();
	struct wb_clean_verdict v;

	(void)state;
	f.pid_state = WB_PID_OTHER;
	snprintf(f.comm, sizeof(f.comm), "postgres");
	wb_clean_judge(&f, 1000, &v);
	assert_true(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_PID_REUSED);
	assert_int_equal(v.pid, 4321);
	assert_string_equal(v.comm, "postgres");
}

static void test_anything_uncertain_stays(void **state)
{
	struct wb_clean_verdict v;
	struct wb_leftover f;

	(void)state;
	f = dead();
	f.pid_state = WB_PID_WALBENCH; /* its lock free: a walbench older than locks */
	wb_clean_judge(&f, 1000, &v);
	assert_false(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_PID_WALBENCH);
	f = dead();
	f.lock = WB_LOCK_HELD; /* a walbench in another PID namespace */
	wb_clean_judge(&f, 1000, &v);
	assert_false(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_LOCK_HELD);
	f = dead();
	f.pid_state = WB_PID_UNKNOWN;
	wb_clean_judge(&f, 1000, &v);
	assert_false(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_PID_UNKNOWN);
	f = dead();
	f.lock = WB_LOCK_UNKNOWN;
	wb_clean_judge(&f, 1000, &v);
	assert_false(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_LOCK_UNKNOWN);
	f = dead();
	wb_clean_judge(&f, 0, &v); /* even root leaves another user's file alone */
	assert_false(v.remove);
	assert_int_equal(v.reason, WB_CLEAN_NOT_MINE);
	assert_int_equal(v.uid, 1000);
	assert_int_equal(v.me, 0);
}

static void test_not_a_regular_file_stays(void **state)
{
	static const enum wb_entry_type types[] = { WB_ENTRY_SYMLINK, WB_ENTRY_OTHER,
						    WB_ENTRY_GONE };
	static const enum wb_clean_reason reasons[] = { WB_CLEAN_SYMLINK, WB_CLEAN_NOT_REGULAR,
							WB_CLEAN_VANISHED };
	struct wb_clean_verdict v;
	struct wb_leftover f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		f = dead();
		f.type = types[i];
		wb_clean_judge(&f, 1000, &v);
		assert_false(v.remove);
		assert_int_equal(v.reason, reasons[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_walbench_makes),
		cmocka_unit_test(test_names_that_are_not),
		cmocka_unit_test(test_dead_process_file_goes),
		cmocka_unit_test(test_reused_pid_file_goes),
		cmocka_unit_test(test_anything_uncertain_stays),
		cmocka_unit_test(test_not_a_regular_file_stays),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
