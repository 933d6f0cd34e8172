/* test_sysfs.c — the facts' shared readers of one-line attributes (sysfs.h),
 * which os.c's probe reads /proc and /sys through: a failed read gives the
 * read's own errno (a directory where a file should be: EISDIR), never a
 * blanket EIO, and leaves the caller's buffer alone. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <string.h>
#include <cmocka.h>

#include "facts/sysfs.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define UNREADABLE WB_FIXTURES_DIR "/os/unreadable/proc/sys"

static void test_read_errors(void **state)
{
	char buf[64];
	uint64_t v = 7;

	(void)state;
	/* open succeeds on a directory; the read is what fails. */
	strcpy(buf, "kept");
	assert_int_equal(wb_facts_read_attr(UNREADABLE "/vm", "swappiness", buf, sizeof(buf)),
			 -EISDIR);
	assert_string_equal(buf, "kept");
	assert_int_equal(wb_facts_read_u64(UNREADABLE "/vm", "swappiness", &v), -EISDIR);
	assert_int_equal(v, 7);
	assert_int_equal(wb_facts_read_attr(UNREADABLE "/vm", "no_such_knob", buf, sizeof(buf)),
			 -ENOENT);
	assert_int_equal(wb_facts_read_attr(UNREADABLE "/vm/dirty_ratio", "x", buf, sizeof(buf)),
			 -ENOTDIR);
}

static void test_read_values(void **state)
{
	char buf[64];
	uint64_t v = 7;

	(void)state;
	/* An empty attribute reads as "" (os.c calls that -ENODATA), a word as
	 * no number. */
	assert_int_equal(wb_facts_read_attr(UNREADABLE "/kernel", "osrelease", buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	assert_int_equal(wb_facts_read_u64(UNREADABLE "/kernel", "osrelease", &v), -EINVAL);
	assert_int_equal(wb_facts_read_attr(WB_FIXTURES_DIR "/os/debian12/proc/sys/kernel",
					    "osrelease", buf, sizeof(buf)),
			 0);
	assert_string_equal(buf, "6.1.0-18-amd64");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_errors),
		cmocka_unit_test(test_read_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
