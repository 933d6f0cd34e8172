/* test_words_verify.c — the verdict line `walbench verify check` prints
 * (report/words_verify.c), on verdicts built in code: nothing lost reads as proof
 * only after a restart, and a check in the write's own boot says loudly that it
 * proves nothing about a power cut; a listener on this machine is warned of. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "report/words.h"

static const char *verdict(enum wb_verify_restart restart, uint64_t lost, char *buf, size_t len)
{
	struct wb_verify_verdict v = { .restart = restart, .checked = 200, .lost = lost };

	assert_ptr_equal(wb_words_verify_verdict(&v, buf, len), buf);
	return buf;
}

static void test_kept(void **state)
{
	char buf[WB_WORDS_VERIFY_LEN];

	(void)state;
	/* One boot from write to check: no power cut, and the line must not read as a pass. */
	assert_string_equal(verdict(WB_VERIFY_RESTART_NO, 0, buf, sizeof(buf)),
			    "0 of 200 acknowledged records lost, but this machine has NOT "
			    "restarted since verify write\n(the same boot id): no power was cut, "
			    "so this proves nothing about a power cut.\nCut the power while verify "
			    "write runs (not a reboot), then check after it boots.");
	assert_string_equal(verdict(WB_VERIFY_RESTART_YES, 0, buf, sizeof(buf)),
			    "0 of 200 acknowledged records lost; the machine restarted since "
			    "verify write (another boot id).\nIf the restart was a power cut, every "
			    "acknowledged flush survived it.");
	/* A format 1 file, or a boot id unreadable at either end. */
	assert_string_equal(verdict(WB_VERIFY_RESTART_UNKNOWN, 0, buf, sizeof(buf)),
			    "0 of 200 acknowledged records lost; unknown whether the machine "
			    "restarted since verify write\n(no boot id to compare): without a power "
			    "cut in between, this proves nothing about one.");
}

/* A loss is a failure whether or not the machine restarted: the same words either way. */
static void test_lost(void **state)
{
	char no[WB_WORDS_VERIFY_LEN], yes[WB_WORDS_VERIFY_LEN], unknown[WB_WORDS_VERIFY_LEN];

	(void)state;
	verdict(WB_VERIFY_RESTART_NO, 3, no, sizeof(no));
	verdict(WB_VERIFY_RESTART_YES, 3, yes, sizeof(yes));
	verdict(WB_VERIFY_RESTART_UNKNOWN, 3, unknown, sizeof(unknown));
	assert_string_equal(no, yes);
	assert_string_equal(no, unknown);
	assert_true(strncmp(no, "3 of 200 acknowledged records lost: ", 36) == 0);
}

/* A listener on this machine: where, and why that proves nothing. */
static void test_listener_here(void **state)
{
	static const char own[] = "the listener db1:7000 is on this machine (one of its own "
				  "addresses): ";
	char buf[WB_WORDS_VERIFY_LEN];

	(void)state;
	assert_string_equal(wb_words_verify_listener_here(WB_VERIFY_LISTENER_LOOPBACK,
							  "127.0.0.1:7000", buf, sizeof(buf)),
			    "the listener 127.0.0.1:7000 is on this machine (a loopback "
			    "address): the power cut takes it down with the acknowledgements it "
			    "holds, and the check after the reboot has nothing to compare; run "
			    "verify listen on a second machine that stays up");
	wb_words_verify_listener_here(WB_VERIFY_LISTENER_OWN, "db1:7000", buf, sizeof(buf));
	assert_true(strncmp(buf, own, sizeof(own) - 1) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kept),
		cmocka_unit_test(test_lost),
		cmocka_unit_test(test_listener_here),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
