/* test_space_guard.c — the guard on a live server's WAL volume on synthetic
 * figures (advice/space_guard.h): the margin is twice max_wal_size or 10 % of the
 * volume, whichever is larger; the run goes only when that margin stays free
 * after everything it writes, or when --allow-low-space says so. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "advice/space_guard.h"

#define MIB (1024ull * 1024)
#define GIB (1024 * MIB)

/* A live server with max_wal_size 100MB from postgresql.conf, on a 300 MiB
 * volume with 280 MiB free, and a run of one 16 MiB file. */
static struct wb_space_ask live_small(void)
{
	return (struct wb_space_ask){ .live = WB_LIVE_PID_FILE, .have_space = true,
				      .free_bytes = 280 * MIB, .size_bytes = 300 * MIB,
				      .run_bytes = 16 * MIB, .max_wal_size = 100 * MIB,
				      .wal_from = WB_WALSZ_CONF };
}

static void test_enough_room_goes(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_OK);
	assert_int_equal(v.reason, WB_SPACE_BY_WAL);
	assert_int_equal(v.left_bytes, 264 * MIB);
	assert_int_equal(v.margin, 200 * MIB);
	assert_int_equal(v.wal_from, WB_WALSZ_CONF);
}

static void test_refused_by_twice_max_wal_size(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	a.free_bytes = 210 * MIB; /* 194 MiB left < 200 MiB */
	assert_false(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_REFUSED);
	assert_int_equal(v.reason, WB_SPACE_BY_WAL);
	assert_int_equal(v.left_bytes, 194 * MIB);
	assert_int_equal(v.wal_margin, 200 * MIB);
	assert_int_equal(v.volume_margin, 30 * MIB);
	assert_int_equal(v.margin, 200 * MIB);
	/* Exactly the margin left is enough. */
	a.free_bytes = 216 * MIB;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_OK);
}

static void test_refused_by_tenth_of_volume(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	/* 100 GiB volume: 10 % (10 GiB) beats 2 x 100MB. */
	a.size_bytes = 100 * GIB;
	a.free_bytes = 10 * GIB;
	assert_false(wb_space_guard(&a, &v));
	assert_int_equal(v.reason, WB_SPACE_BY_VOLUME);
	assert_int_equal(v.margin, 10 * GIB);
	assert_int_equal(v.left_bytes, 10 * GIB - 16 * MIB);
	a.free_bytes = 11 * GIB;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.reason, WB_SPACE_BY_VOLUME);
}

static void test_run_that_does_not_fit(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	a.free_bytes = 10 * MIB;
	assert_false(wb_space_guard(&a, &v));
	assert_int_equal(v.left_bytes, 0);
}

static void test_override_goes_and_says_so(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	a.free_bytes = 100 * MIB;
	a.allow_low_space = true;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_ALLOWED);
	assert_int_equal(v.margin, 200 * MIB); /* the figures it overrode */
	/* The override on a run that had room anyway is no override. */
	a.free_bytes = 280 * MIB;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_OK);
}

static void test_unknown_max_wal_size_is_the_default(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	a.wal_from = WB_WALSZ_DEFAULT;
	a.max_wal_size = 5 * MIB; /* ignored: the source says none was read */
	a.size_bytes = 4 * GIB;
	a.free_bytes = 2 * GIB;
	assert_false(wb_space_guard(&a, &v));
	assert_int_equal(v.max_wal_size, WB_PG_DEFAULT_MAX_WAL_SIZE);
	assert_int_equal(v.margin, 2 * GIB);
	assert_int_equal(v.wal_from, WB_WALSZ_DEFAULT);
	/* A source that gave no figure is the default too. */
	a.wal_from = WB_WALSZ_SERVER;
	a.max_wal_size = 0;
	assert_false(wb_space_guard(&a, &v));
	assert_int_equal(v.wal_from, WB_WALSZ_DEFAULT);
	assert_int_equal(v.max_wal_size, WB_PG_DEFAULT_MAX_WAL_SIZE);
	a.free_bytes = 3 * GIB;
	assert_true(wb_space_guard(&a, &v));
}

static void test_no_live_server_is_not_guarded(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	a.live = WB_LIVE_NONE;
	a.free_bytes = 17 * MIB;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_NO_SERVER);
}

static void test_unreadable_space_is_refused(void **state)
{
	struct wb_space_ask a = live_small();
	struct wb_space_verdict v;

	(void)state;
	a.live = WB_LIVE_SERVER;
	a.have_space = false;
	a.space_err = -5;
	assert_false(wb_space_guard(&a, &v));
	assert_int_equal(v.reason, WB_SPACE_UNREAD);
	a.allow_low_space = true;
	assert_true(wb_space_guard(&a, &v));
	assert_int_equal(v.state, WB_SPACE_ALLOWED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enough_room_goes),
		cmocka_unit_test(test_refused_by_twice_max_wal_size),
		cmocka_unit_test(test_refused_by_tenth_of_volume),
		cmocka_unit_test(test_run_that_does_not_fit),
		cmocka_unit_test(test_override_goes_and_says_so),
		cmocka_unit_test(test_unknown_max_wal_size_is_the_default),
		cmocka_unit_test(test_no_live_server_is_not_guarded),
		cmocka_unit_test(test_unreadable_space_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
