/* test_server_shape.c — what recommend measures for an observed server, on
 * synthetic observations: the server's method as the baseline (one walbench
 * cannot measure falls back to the default), commit flushes in pages (before
 * 18 from WAL bytes plus the page a flush starts in; on 18 whole pages), bulk
 * flushes only where wal_buffers_full or large writes show bulk work, the
 * guesses when nothing was flushed, the data load only when a checkpoint wrote
 * inside the window, with the device's writes per page floored and capped, and
 * the flush share from the server's own time, and none from an idle window. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/server_shape.h"

static struct wb_pg_observed observed(const char *method, double bytes_per_flush,
				      double bytes_per_write, double buffers_full_per_s)
{
	struct wb_pg_observed o;

	memset(&o, 0, sizeof(o));
	snprintf(o.set.text[WB_PGS_WAL_SYNC_METHOD], WB_PG_TEXT, "%s", method);
	o.set.have = 1u << WB_PGS_WAL_SYNC_METHOD;
	o.rate.bytes_per_flush = bytes_per_flush;
	o.rate.bytes_per_write = bytes_per_write;
	o.rate.written_per_flush = NAN; /* before 18 */
	o.rate.written_per_write = NAN;
	o.rate.wal_writes_per_s = isnan(bytes_per_write) ? NAN : 100.0;
	o.rate.buffers_full_per_s = buffers_full_per_s;
	o.rate.data_pages_per_s = NAN;
	o.rate.device_writes_per_page = NAN;
	o.rate.flush_busy = NAN;
	o.rate.flushes = 1000; /* a busy window's; an idle one is its own test */
	return o;
}

static void baseline(void **state)
{
	struct wb_pg_observed o = observed("fsync", 444, 444, 0);
	struct wb_server_shape sh;

	(void)state;
	wb_server_shape(&o, &sh);
	assert_true(sh.baseline_known);
	assert_int_equal(sh.baseline, WB_METHOD_FSYNC);
	o = observed("fsync_writethrough", 444, 444, 0);
	wb_server_shape(&o, &sh);
	assert_false(sh.baseline_known);
	assert_int_equal(sh.baseline, WB_DEFAULT_METHOD);
}

/* fsync = off: no flush to size; the guess says why. */
static void fsync_off(void **state)
{
	struct wb_pg_observed o = observed("open_datasync", NAN, 8192, 0);
	struct wb_server_shape sh;

	(void)state;
	o.rate.fsync_off = true;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_why, WB_FLUSH_FSYNC_OFF);
	assert_int_equal(sh.commit_pages, 1);
}

static void commit_pages(void **state)
{
	struct wb_pg_observed o = observed("fdatasync", 444, 444, 0);
	struct wb_server_shape sh;

	(void)state;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_pages, 1);
	assert_int_equal(sh.commit_why, WB_FLUSH_OBSERVED);
	o.rate.bytes_per_flush = 20000; /* 2.4 pages, from inside a page: 3 */
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_pages, 3);
	o.rate.written_per_flush = 16400; /* 18: whole pages written, 2 of them */
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_pages, 2);
	/* A live pgbench -c 2 on 18: 446 B of WAL a flush, 8.8 kB written (the
	 * page the WAL grows in, now and then the next too): one page, as the
	 * WAL generated says on 17. */
	o.rate.bytes_per_flush = 446;
	o.rate.written_per_flush = 8811;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_pages, 1);
	o.rate.written_per_flush = 10e6;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_pages, WB_SERVER_MAX_COMMIT_PAGES);
}

static void bulk(void **state)
{
	struct wb_pg_observed o = observed("fdatasync", 444, 444, 0);
	struct wb_server_shape sh;

	(void)state;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.bulk_why, WB_BULK_NONE_SEEN);
	assert_int_equal(sh.nbulk, 0);
	o.rate.buffers_full_per_s = 2.0;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.bulk_why, WB_BULK_BUFFERS_FULL);
	assert_int_equal(sh.nbulk, 2);
	assert_int_equal(sh.bulk_pages[0], WB_BULK_MIN_WRITES);
	assert_int_equal(sh.bulk_pages[1], WB_SERVER_MAX_BULK_PAGES);
	o = observed("fdatasync", 300e3, 300e3, 0); /* 36.6 pages per write */
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.bulk_why, WB_BULK_LARGE_WRITES);
	assert_int_equal(sh.nbulk, 1);
	assert_int_equal(sh.bulk_pages[0], 37);
	o.rate.bytes_per_write = 200e3; /* 18: what the writes wrote, whole pages */
	o.rate.written_per_write = 300e3;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.bulk_pages[0], 37);
	o = observed("fdatasync", NAN, NAN, NAN); /* nothing flushed */
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.commit_why, WB_FLUSH_NONE_SEEN);
	assert_int_equal(sh.commit_pages, 1);
	assert_int_equal(sh.bulk_why, WB_BULK_GUESSED);
	assert_int_equal(sh.nbulk, 2);
}

static void load(void **state)
{
	struct wb_pg_observed o = observed("fdatasync", 444, 444, 0);
	struct wb_server_shape sh;

	(void)state;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.load_why, WB_LOAD_NOT_READ);
	assert_true(isnan(sh.load_per_s));
	o.rate.data_pages_per_s = 0; /* a measured 0 without a checkpoint is not a load */
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.load_why, WB_LOAD_NO_CHECKPOINT);
	assert_true(isnan(sh.load_per_s));
	o.rate.data_pages_per_s = 200;
	o.rate.checkpoint_in_window = true;
	o.rate.device_writes_per_page = 0.6;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.load_why, WB_LOAD_MEASURED);
	assert_float_equal(sh.load_per_s, 120.0, 1e-9);
	o.rate.device_writes_per_page = 0.1; /* writeback still to come: floored */
	wb_server_shape(&o, &sh);
	assert_float_equal(sh.load_per_s, 200 * WB_SERVER_MIN_WRITES_PER_PAGE, 1e-9);
	o.rate.device_writes_per_page = 3.0; /* other writers on the device: one each */
	wb_server_shape(&o, &sh);
	assert_float_equal(sh.load_per_s, 200.0, 1e-9);
	o.rate.device_writes_per_page = NAN;
	wb_server_shape(&o, &sh);
	assert_float_equal(sh.load_per_s, 200.0, 1e-9);
}

static void share(void **state)
{
	struct wb_pg_observed o = observed("fdatasync", 444, 444, 0);
	struct wb_server_shape sh;

	(void)state;
	/* synchronous_commit = off: commits do not wait for the flush, whatever
	 * share of the time the WAL flushes; the run asks the most of a flush. */
	o.rate.async_commit = true;
	o.rate.flush_busy = 0.56;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.share_source, WB_SHARE_ASYNC_COMMIT);
	assert_float_equal(sh.flush_share, 0.0, 1e-12);
	assert_float_equal(wb_server_flush_min_gain(&sh, 5.0), WB_SERVER_MAX_FLUSH_GAIN_PCT, 1e-9);
	o = observed("fdatasync", 444, 444, 0);
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.share_source, WB_SHARE_ESTIMATED);
	assert_true(isnan(sh.flush_share));
	assert_float_equal(wb_server_flush_min_gain(&sh, 5.0), 0.0, 1e-9); /* not known yet */
	o.rate.flush_busy = 0.56;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.share_source, WB_SHARE_SERVER_TIME);
	assert_float_equal(sh.flush_share, 0.56, 1e-9);
	/* 5 % in commits at 56 % flushing is flushes 9.3 % faster. */
	assert_float_equal(wb_server_flush_min_gain(&sh, 5.0), 9.29, 0.01);
	o.rate.flush_busy = 0.02; /* no flush gain reaches 5 % in commits */
	wb_server_shape(&o, &sh);
	assert_float_equal(wb_server_flush_min_gain(&sh, 5.0), WB_SERVER_MAX_FLUSH_GAIN_PCT, 1e-9);
}

/* The audit's idle server: 3 commits and 2 flushes in 10 s, its WAL flushing
 * 0.01 % of the time. That share is no figure of its commits: none, not a 0
 * that scales every flush gain to +0.0 % [+0.0, +0.0] and asks a flush switch
 * the 200 % cap, so the run decides on flushes at --min-gain as without
 * --server. (Before, the share was 0.0001 and the run asked the cap.) */
static void idle(void **state)
{
	struct wb_pg_observed o = observed("fdatasync", 444, 444, 0);
	struct wb_server_shape sh;

	(void)state;
	o.seconds = 10;
	o.rate.commits_per_s = 0.3;
	o.rate.flushes = 2;
	o.rate.flush_busy = 0.0001;
	assert_true(wb_server_idle(&o));
	wb_server_shape(&o, &sh);
	assert_true(sh.idle);
	assert_float_equal(sh.commits, 3, 1e-9);
	assert_float_equal(sh.flushes, 2, 1e-9);
	assert_int_equal(sh.share_source, WB_SHARE_NONE);
	assert_true(isnan(sh.flush_share));
	assert_float_equal(wb_server_flush_min_gain(&sh, 5.0), 0.0, 1e-9);
	/* synchronous_commit = off and idle: still nothing to scale by */
	o.rate.async_commit = true;
	wb_server_shape(&o, &sh);
	assert_int_equal(sh.share_source, WB_SHARE_NONE);
	/* five flushes are a figure (WB_SERVER_MIN_FLUSHES); uncounted is not idle */
	o.rate.async_commit = false;
	o.rate.flushes = WB_SERVER_MIN_FLUSHES;
	assert_false(wb_server_idle(&o));
	o.rate.flushes = NAN;
	assert_false(wb_server_idle(&o));
	/* fsync = off flushes nothing by setting, not by idleness: its own finding */
	o.rate.flushes = 0;
	o.rate.fsync_off = true;
	assert_false(wb_server_idle(&o));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(baseline),
		cmocka_unit_test(commit_pages),
		cmocka_unit_test(fsync_off),
		cmocka_unit_test(bulk),
		cmocka_unit_test(load),
		cmocka_unit_test(share),
		cmocka_unit_test(idle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
