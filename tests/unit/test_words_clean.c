/* test_words_clean.c — the words `walbench clean` prints for each reason code of
 * advice/leftover_verdict.h (report/words_clean.h), on verdicts built in code. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "report/words.h"

static void expect(const struct wb_clean_verdict *v, const char *want)
{
	char buf[WB_CLEAN_REASON_LEN];

	assert_ptr_equal(wb_clean_reason_words(v, buf, sizeof(buf)), buf);
	assert_string_equal(buf, want);
}

/* Each reason code's sentence, the figures of the verdict in it. */
static void test_every_reason(void **state)
{
	static const struct {
		enum wb_clean_reason reason;
		const char *fmt; /* %s: strerror(ENOENT) where the reason names an errno */
	} cases[] = {
		{ WB_CLEAN_SYMLINK, "a symbolic link: never followed, never removed" },
		{ WB_CLEAN_NOT_REGULAR, "not a regular file" },
		{ WB_CLEAN_VANISHED, "vanished or changed while being checked (%s)" },
		{ WB_CLEAN_NOT_MINE, "owned by uid 1000, not by you (uid 0)" },
		{ WB_CLEAN_LOCK_HELD, "in use: a running process holds its lock" },
		{ WB_CLEAN_LOCK_UNKNOWN, "its lock cannot be checked (%s)" },
		{ WB_CLEAN_PID_WALBENCH, "process 4321 is a running walbench" },
		{ WB_CLEAN_PID_UNKNOWN, "process 4321 runs, and whether it is walbench cannot be read" },
		{ WB_CLEAN_PID_REUSED, "process 4321 is now postgres, not walbench" },
		{ WB_CLEAN_PID_GONE, "process 4321 no longer exists" },
	};
	struct wb_clean_verdict v = { .pid = 4321, .uid = 1000, .me = 0, .err = ENOENT,
				      .comm = "postgres" };
	char want[WB_CLEAN_REASON_LEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		v.reason = cases[i].reason;
		if (strstr(cases[i].fmt, "%s"))
			snprintf(want, sizeof(want), cases[i].fmt, strerror(ENOENT));
		else
			snprintf(want, sizeof(want), "%s", cases[i].fmt);
		expect(&v, want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_reason),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
