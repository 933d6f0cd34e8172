/* test_run_text.c — the run table's name columns fitted to the planned tests
 * (report/run_text.h): as wide as their headings, wider where a test's method,
 * engine, size or concurrency is, so no row's figures leave their headings. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "report/run_text.h"

static void fits_the_headings(void **state)
{
	struct wb_test t = { .method = WB_METHOD_FDATASYNC, .engine = WB_ENGINE_SYNC,
			     .size = 8192, .writes_per_op = 1, .queue_depth = 1, .jobs = 1 };
	struct wb_text_table w;

	(void)state;
	wb_text_table_fit(&t, 1, &w);
	assert_int_equal(w.method, 18); /* "fsync_writethrough" fits the narrowest */
	assert_int_equal(w.engine, 15); /* "io_uring_direct" too */
	assert_int_equal(w.size, 6);
	assert_int_equal(w.conc, 5);
	wb_text_table_fit(NULL, 0, &w);
	assert_int_equal(w.conc, 5);
}

/* A size that is no whole kB and 128 flushes in flight in each of 16 jobs:
 * wider than the headings, so the columns widen. */
static void fits_the_widest(void **state)
{
	struct wb_test t[2] = {
		{ .method = WB_METHOD_FDATASYNC, .engine = WB_ENGINE_SYNC, .size = 8192,
		  .writes_per_op = 1, .queue_depth = 1, .jobs = 1 },
		{ .method = WB_METHOD_FDATASYNC, .engine = WB_ENGINE_IO_URING, .size = 1000000,
		  .writes_per_op = 1, .queue_depth = 128, .jobs = 16 },
	};
	struct wb_text_table w;

	(void)state;
	wb_text_table_fit(t, 2, &w);
	assert_int_equal(w.size, 8);  /* "1000000B" */
	assert_int_equal(w.conc, 8);  /* "qd128j16" */
	assert_int_equal(w.method, 18);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fits_the_headings),
		cmocka_unit_test(fits_the_widest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
