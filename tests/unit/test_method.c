/* test_method.c — the method and engine tables and the static method x engine
 * matrix: which combinations are refused before any I/O, and why. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <fcntl.h>
#include <string.h>
#include <cmocka.h>

#include "model/method.h"

static void test_names_round_trip(void **state)
{
	unsigned i;

	(void)state;
	for (i = 0; i < WB_METHOD_COUNT; i++)
		assert_int_equal(wb_method_find(wb_method_get(i)->name), i);
	for (i = 0; i < WB_ENGINE_COUNT; i++)
		assert_int_equal(wb_engine_find(wb_engine_name(i)), i);
	assert_int_equal(wb_method_find("fsync_writethru"), WB_METHOD_COUNT);
	assert_int_equal(wb_engine_find("psync"), WB_ENGINE_COUNT);
	assert_string_equal(wb_engine_name(WB_ENGINE_IO_URING), "io_uring");
	assert_string_equal(wb_engine_name(WB_ENGINE_LIBAIO), "libaio");
}

/* PostgreSQL's five Linux-visible wal_sync_method values, with their flags. */
static void test_postgres_methods(void **state)
{
	(void)state;
	assert_int_equal(wb_method_get(WB_METHOD_OPEN_DATASYNC)->open_flags, O_DSYNC);
	assert_int_equal(wb_method_get(WB_METHOD_OPEN_SYNC)->open_flags, O_SYNC);
	assert_int_equal(wb_method_get(WB_METHOD_FDATASYNC)->sync, WB_SYNC_FDATASYNC);
	assert_int_equal(wb_method_get(WB_METHOD_FSYNC)->sync, WB_SYNC_FSYNC);
	assert_true(wb_method_get(WB_METHOD_FSYNC_WRITETHROUGH)->wal_sync_method);
	assert_false(wb_method_get(WB_METHOD_PWRITEV2_DSYNC)->wal_sync_method);
	assert_int_equal(wb_method_get(WB_METHOD_PWRITEV2_DSYNC)->write_flags, WB_OPF_DSYNC);
	assert_false(wb_method_get(WB_METHOD_NONE)->wal_sync_method);
}

static void test_matrix(void **state)
{
	unsigned m, e;

	(void)state;
	for (e = 0; e < WB_ENGINE_COUNT; e++) {
		const struct wb_engine_ops *ops = wb_engine_get(e);

		/* fsync_writethrough is n/a on every engine, with the OS as the reason. */
		assert_non_null(strstr(wb_method_engine_reason(WB_METHOD_FSYNC_WRITETHROUGH, e),
				       "Linux"));
		for (m = 0; m < WB_METHOD_COUNT; m++) {
			const char *why = wb_method_engine_reason(m, e);

			if (m == WB_METHOD_FSYNC_WRITETHROUGH)
				continue;
			if (ops->unbuilt_reason)
				assert_string_equal(why, ops->unbuilt_reason);
			else if (m == WB_METHOD_PWRITEV2_DSYNC && !(ops->caps & WB_CAP_RWF_DSYNC))
				assert_non_null(why);
			else
				assert_null(why);
		}
	}
	/* sync and direct are always built. */
	assert_null(wb_engine_get(WB_ENGINE_SYNC)->unbuilt_reason);
	assert_null(wb_engine_get(WB_ENGINE_DIRECT)->unbuilt_reason);
	assert_true(wb_engine_get(WB_ENGINE_DIRECT)->caps & WB_CAP_DIRECT);
	assert_false(wb_engine_get(WB_ENGINE_SYNC)->caps & WB_CAP_DIRECT);
	assert_null(wb_method_engine_reason(WB_METHOD_FDATASYNC, WB_ENGINE_SYNC));
	assert_non_null(wb_method_engine_reason(WB_METHOD_COUNT, WB_ENGINE_SYNC));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_round_trip),
		cmocka_unit_test(test_postgres_methods),
		cmocka_unit_test(test_matrix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
