/* test_pg_derive.c — the rates wb_pg_derive makes of two snapshots, on synthetic
 * observations: the deltas, a counter or timer going backwards (a stats reset
 * inside the interval), the flushes and flush time under fdatasync and under
 * the open_* methods (where the write is the flush), no track_wal_io_timing,
 * 18's bytes per write, the data pages of the three writers, the data device's
 * writes per page with and without pg_wal on it, the checkpoints counted before
 * and from 18, and a zero interval. Throughout: a figure that cannot be derived
 * is NAN, never 0; a 0 is only ever a counter that did not move. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "pgstat/pg_derive.h"

static struct wb_pg_observed o;

static void assert_near(double got, double want)
{
	if (!(fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want))))
		fail_msg("%.17g, want %.17g", got, want);
}

#define assert_nan(x)                                                                      \
	do {                                                                               \
		if (!isnan(x))                                                             \
			fail_msg("%s is %.17g, want NAN", #x, (x));                        \
	} while (0)

static void counter(enum wb_pg_counter c, uint64_t begin, uint64_t end)
{
	o.begin.v[c] = begin;
	o.end.v[c] = end;
	o.begin.have |= 1u << c;
	o.end.have |= 1u << c;
}

static void timer(enum wb_pg_timer t, double begin, double end)
{
	o.begin.ms[t] = begin;
	o.end.ms[t] = end;
	o.begin.have_ms |= 1u << t;
	o.end.have_ms |= 1u << t;
}

/* A 14-17 server under fdatasync over `seconds`, track_wal_io_timing on:
 * 5000 commits, 8192000 WAL bytes in 2000 writes and 1000 syncs taking 50 and
 * 2000 ms, 10000 records with 500 full-page images, 30 times the WAL buffers
 * were full, 700 + 200 + 100 data pages, one timed and one requested checkpoint. */
static void observe(const char *method, double seconds)
{
	memset(&o, 0, sizeof(o));
	snprintf(o.set.text[WB_PGS_WAL_SYNC_METHOD], WB_PG_TEXT, "%s", method);
	o.begin.at_s = 1767225600.25;
	o.end.at_s = o.begin.at_s + seconds;
	counter(WB_PGC_XACT_COMMIT, 1000, 6000);
	counter(WB_PGC_XACT_ROLLBACK, 3, 3);
	counter(WB_PGC_WAL_RECORDS, 1000, 11000);
	counter(WB_PGC_WAL_FPI, 10, 510);
	counter(WB_PGC_WAL_BYTES, 1000000, 9192000);
	counter(WB_PGC_WAL_BUFFERS_FULL, 0, 30);
	counter(WB_PGC_WAL_WRITES, 100, 2100);
	counter(WB_PGC_WAL_SYNCS, 50, 1050);
	counter(WB_PGC_BUF_CHECKPOINTER, 4000, 4700);
	counter(WB_PGC_BUF_BGWRITER, 300, 500);
	counter(WB_PGC_BUF_BACKEND, 50, 150);
	counter(WB_PGC_CKPT_TIMED, 5, 6);
	counter(WB_PGC_CKPT_REQUESTED, 1, 2);
	timer(WB_PGT_WAL_WRITE, 10, 60);
	timer(WB_PGT_WAL_SYNC, 100, 2100);
	timer(WB_PGT_CKPT_WRITE, 0, 9000);
	timer(WB_PGT_CKPT_SYNC, 0, 12);
}

static void test_deltas_and_rates(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	wb_pg_derive(&o);
	assert_near(o.seconds, 10);
	assert_int_equal(o.have, o.begin.have);
	assert_int_equal(o.have_ms, o.begin.have_ms);
	assert_int_equal(o.delta[WB_PGC_XACT_COMMIT], 5000);
	assert_int_equal(o.delta[WB_PGC_XACT_ROLLBACK], 0);
	assert_int_equal(o.delta[WB_PGC_WAL_BYTES], 8192000);
	assert_int_equal(o.delta[WB_PGC_BUF_BGWRITER], 200);
	assert_near(o.delta_ms[WB_PGT_WAL_SYNC], 2000);
	assert_near(r->commits_per_s, 500);
	assert_near(r->wal_bytes_per_s, 819200);
	assert_near(r->wal_writes_per_s, 200);
	/* fdatasync: the flushes are the syncs, timed by the sync time */
	assert_false(r->open_method);
	assert_near(r->wal_syncs_per_s, 100);
	assert_near(r->bytes_per_write, 4096);
	assert_near(r->bytes_per_flush, 8192);
	assert_near(r->flush_ms, 2);
	assert_near(r->flush_busy, 0.2);
	assert_near(r->buffers_full_per_s, 3);
	assert_near(r->fpi_share, 0.05);
	assert_near(r->data_pages_per_s, 100);
	/* no device count: no device writes per page */
	assert_nan(r->device_writes_per_page);
	/* no xids read: no writing commits */
	assert_nan(r->write_commits_per_s);
}

/* The server's CPUs: its process tree's ticks over the window, less those
 * of the backend serving walbench's sampler (walbench's load). */
static void test_server_cpus(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	o.cpu.have_server = true;
	o.cpu.tick_hz = 100;
	o.cpu.server_begin = 1000;
	o.cpu.server_end = 1200;
	wb_pg_derive(&o);
	assert_near(r->server_cpus, 0.2);
	o.cpu.have_own = true;
	o.cpu.own_begin = 10;
	o.cpu.own_end = 50;
	wb_pg_derive(&o);
	assert_near(r->server_cpus, 0.16);
	/* more than the tree's (the reads are not one instant): 0, never below */
	o.cpu.own_end = 500;
	wb_pg_derive(&o);
	assert_near(r->server_cpus, 0);
}

/* The commits that write are the xids handed out, bounded by the commits:
 * aborted writers and subtransactions take xids too, so the xids alone read
 * savepoints as several writes a commit and rollbacks as writes without
 * commits. Every commit leaves out walbench's own transactions. A reset of
 * pg_stat_database voids the sum, and with it the bound: unknown, not the xids
 * alone. */
static void test_writing_commits(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	counter(WB_PGC_XIDS, 70000, 74000);
	o.own.commits = 100;
	wb_pg_derive(&o);
	assert_near(r->write_commits_per_s, 400);
	assert_near(r->commits_per_s, 490);
	/* the sampler's rounds are not what is left out: walbench's transactions are */
	o.waits.rounds = 3000;
	wb_pg_derive(&o);
	assert_near(r->commits_per_s, 490);
	/* more of walbench's than commits (a database's counts lag): 0, never negative */
	o.own.commits = 6000;
	wb_pg_derive(&o);
	assert_near(r->commits_per_s, 0);
	assert_near(r->write_commits_per_s, 0);
	/* savepoints: 3 xids a commit, 4900 commits that all write */
	o.own.commits = 100;
	counter(WB_PGC_XIDS, 70000, 70000 + 3 * 4900);
	wb_pg_derive(&o);
	assert_near(r->write_commits_per_s, 490);
	/* rollbacks that wrote: 54040 xids over 3 commits */
	counter(WB_PGC_XACT_COMMIT, 1000, 1103);
	counter(WB_PGC_XIDS, 70000, 70000 + 54040);
	wb_pg_derive(&o);
	assert_near(r->commits_per_s, 0.3);
	assert_near(r->write_commits_per_s, 0.3);
	observe("fdatasync", 10);
	counter(WB_PGC_XIDS, 70000, 74000);
	o.begin.reset_at[WB_PGV_DATABASE] = 1;
	o.end.reset_at[WB_PGV_DATABASE] = 2;
	o.begin.have_reset = o.end.have_reset = 1u << WB_PGV_DATABASE;
	wb_pg_derive(&o);
	assert_nan(r->commits_per_s);
	assert_nan(r->write_commits_per_s);
}

/* A counter that went backwards was reset inside the interval: it drops out and
 * so do the rates it feeds; the others stand. Likewise a timer, and a counter
 * read in one snapshot only. */
static void test_reset(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	counter(WB_PGC_WAL_BYTES, 9192000, 4096);
	timer(WB_PGT_WAL_SYNC, 2100, 100);
	o.end.have &= ~(1u << WB_PGC_XACT_COMMIT);
	wb_pg_derive(&o);
	assert_false(o.have & (1u << WB_PGC_WAL_BYTES));
	assert_false(o.have & (1u << WB_PGC_XACT_COMMIT));
	assert_false(o.have_ms & (1u << WB_PGT_WAL_SYNC));
	assert_int_equal(o.delta[WB_PGC_WAL_BYTES], 0);
	assert_nan(r->wal_bytes_per_s);
	assert_nan(r->bytes_per_write);
	assert_nan(r->bytes_per_flush);
	assert_nan(r->commits_per_s);
	assert_nan(r->flush_ms);
	assert_nan(r->flush_busy);
	assert_near(r->wal_writes_per_s, 200);
	assert_near(r->wal_syncs_per_s, 100);
	assert_near(r->fpi_share, 0.05);
}

static void reset_at(enum wb_pg_view v, double begin, double end)
{
	o.begin.reset_at[v] = begin;
	o.end.reset_at[v] = end;
	o.begin.have_reset |= 1u << v;
	o.end.have_reset |= 1u << v;
}

/* A reset between the snapshots voids its view's deltas even where no counter
 * went down (the counters grew back past their old values): stats_reset moved,
 * or appeared (NULL is never reset). Which view feeds which counter depends on
 * the major. */
static void test_stats_reset(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	o.set.major = 15;
	reset_at(WB_PGV_WAL, 1767000000.5, 1767000000.5);
	reset_at(WB_PGV_BGWRITER, 1767000000.5, 1767000000.5);
	reset_at(WB_PGV_DATABASE, 1766000000.5, 1766000000.5);
	wb_pg_derive(&o);
	assert_int_equal(o.reset, 0);
	assert_near(r->commits_per_s, 500);
	/* pg_stat_wal reset inside the window */
	reset_at(WB_PGV_WAL, 1767000000.5, 1767225605.0);
	wb_pg_derive(&o);
	assert_int_equal(o.reset, 1u << WB_PGV_WAL);
	assert_false(o.have & (1u << WB_PGC_WAL_BYTES));
	assert_false(o.have & (1u << WB_PGC_WAL_SYNCS));
	assert_false(o.have_ms & (1u << WB_PGT_WAL_SYNC));
	assert_nan(r->wal_bytes_per_s);
	assert_nan(r->wal_syncs_per_s);
	assert_nan(r->flush_ms);
	assert_near(r->commits_per_s, 500);
	assert_near(r->data_pages_per_s, 100);
	/* one database reset: the commits summed over them are void */
	reset_at(WB_PGV_WAL, 1767000000.5, 1767000000.5);
	reset_at(WB_PGV_DATABASE, 1766000000.5, 1767225601.0);
	wb_pg_derive(&o);
	assert_int_equal(o.reset, 1u << WB_PGV_DATABASE);
	assert_nan(r->commits_per_s);
	assert_near(r->wal_bytes_per_s, 819200);
	/* the same stats_reset moved by a table's reset, every database's counters
	 * kept (wb_pg_databases_kept): the commits stand */
	o.database_reset_kept = true;
	wb_pg_derive(&o);
	assert_int_equal(o.reset, 0);
	assert_near(r->commits_per_s, 500);
	o.database_reset_kept = false;
	/* a first reset: NULL before, a time after */
	reset_at(WB_PGV_DATABASE, 1766000000.5, 1766000000.5);
	o.begin.have_reset &= ~(1u << WB_PGV_BGWRITER);
	wb_pg_derive(&o);
	assert_int_equal(o.reset, 1u << WB_PGV_BGWRITER);
	assert_nan(r->data_pages_per_s);
	assert_false(r->checkpoint_in_window);
	/* 17: the checkpointer has its own view, and the backends' pages are pg_stat_io's */
	o.begin.have_reset |= 1u << WB_PGV_BGWRITER;
	o.set.major = 17;
	reset_at(WB_PGV_IO, 1767000000.5, 1767225601.0);
	wb_pg_derive(&o);
	assert_int_equal(o.reset, 1u << WB_PGV_IO);
	assert_false(o.have & (1u << WB_PGC_BUF_BACKEND));
	assert_true(o.have & (1u << WB_PGC_BUF_CHECKPOINTER));
	assert_true(o.have & (1u << WB_PGC_WAL_SYNCS));
}

/* open_datasync and open_sync: the write is the flush, so the syncs (0) are not
 * counted and the write time is the flush time. */
static void test_open_methods(void **state)
{
	static const char *const methods[] = { "open_datasync", "open_sync" };
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		observe(methods[i], 10);
		counter(WB_PGC_WAL_SYNCS, 0, 0);
		timer(WB_PGT_WAL_SYNC, 0, 0);
		wb_pg_derive(&o);
		assert_true(r->open_method);
		assert_near(r->wal_syncs_per_s, 200);
		assert_near(r->bytes_per_flush, 4096);
		assert_near(r->flush_ms, 50.0 / 2000);
		assert_near(r->flush_busy, 50.0 / 10000);
	}
}

/* Without track_wal_io_timing the times stay 0: no flush time, not a flush of 0 ms. */
static void test_no_timing(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	timer(WB_PGT_WAL_WRITE, 0, 0);
	timer(WB_PGT_WAL_SYNC, 0, 0);
	o.missing = 1u << WB_PGM_WAL_TIMING;
	wb_pg_derive(&o);
	assert_nan(r->flush_ms);
	assert_nan(r->flush_busy);
	assert_near(r->wal_syncs_per_s, 100);
	/* the same when the timers were not read at all */
	observe("open_datasync", 10);
	o.begin.have_ms = o.end.have_ms = 0;
	wb_pg_derive(&o);
	assert_nan(r->flush_ms);
	assert_nan(r->flush_busy);
}

/* track_wal_io_timing on in walbench's session but off where the flushes ran
 * (per role or database): flushes with no time are not timed, never a measured
 * 0 ms that makes every switch a tie. */
static void test_untimed_flushes(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	timer(WB_PGT_WAL_SYNC, 100, 100);
	wb_pg_derive(&o);
	assert_nan(r->flush_ms);
	assert_nan(r->flush_busy);
	assert_true(o.missing & (1u << WB_PGM_WAL_UNTIMED));
	assert_near(r->wal_syncs_per_s, 100);
	/* open_*: the write time is the flush's */
	observe("open_datasync", 10);
	timer(WB_PGT_WAL_WRITE, 60, 60);
	wb_pg_derive(&o);
	assert_nan(r->flush_ms);
	assert_true(o.missing & (1u << WB_PGM_WAL_UNTIMED));
	/* no flush and no time: nothing to say */
	observe("fdatasync", 10);
	counter(WB_PGC_WAL_SYNCS, 1050, 1050);
	timer(WB_PGT_WAL_SYNC, 100, 100);
	wb_pg_derive(&o);
	assert_false(o.missing & (1u << WB_PGM_WAL_UNTIMED));
}

/* fsync = off: the server makes no flush, so none is counted under fdatasync
 * and an open_* method's writes (opened without O_DSYNC) are not flushes; no
 * flush size, time or share. */
static void test_fsync_off(void **state)
{
	static const char *const methods[] = { "fdatasync", "open_datasync" };
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		observe(methods[i], 10);
		o.set.have |= 1u << WB_PGS_FSYNC;
		o.set.value[WB_PGS_FSYNC] = 0;
		counter(WB_PGC_WAL_SYNCS, 50, 50);
		timer(WB_PGT_WAL_SYNC, 100, 100);
		wb_pg_derive(&o);
		assert_true(r->fsync_off);
		assert_near(r->wal_syncs_per_s, 0);
		assert_nan(r->bytes_per_flush);
		assert_nan(r->flush_ms);
		assert_nan(r->flush_busy);
		assert_false(o.missing & (1u << WB_PGM_WAL_UNTIMED));
		assert_near(r->wal_writes_per_s, 200);
	}
	/* on, or not read: flushes as before */
	o.set.value[WB_PGS_FSYNC] = 1;
	observe("fdatasync", 10);
	wb_pg_derive(&o);
	assert_false(r->fsync_off);
	assert_near(r->wal_syncs_per_s, 100);
}

/* synchronous_commit: only off leaves commits not waiting for their flush;
 * local, remote_write, on and remote_apply all wait for the local one. */
static void test_async_commit(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	wb_pg_derive(&o);
	assert_false(r->async_commit); /* not read */
	o.set.have |= 1u << WB_PGS_SYNCHRONOUS_COMMIT;
	o.set.value[WB_PGS_SYNCHRONOUS_COMMIT] = 0;
	wb_pg_derive(&o);
	assert_true(r->async_commit);
	assert_near(r->flush_ms, 2); /* the flushes themselves are as timed */
	o.set.value[WB_PGS_SYNCHRONOUS_COMMIT] = NAN; /* local, remote_write, remote_apply */
	wb_pg_derive(&o);
	assert_false(r->async_commit);
	o.set.value[WB_PGS_SYNCHRONOUS_COMMIT] = 1;
	wb_pg_derive(&o);
	assert_false(r->async_commit);
}

/* The size per flush is the WAL generated per flush on every major: the
 * same load read on 17 and on 18 gives the same figure (a live pgbench -c 2:
 * 273.1 kB/s of WAL over 612.7 flushes/s, 446 B each, on both). 18's
 * pg_stat_io write_bytes (whole pages, 8.5 kB a write there) are a figure of
 * their own, and none before 18. */
static void test_per_flush_every_major(void **state)
{
	const struct wb_pg_rates *r = &o.rate;
	const unsigned majors[] = { 17, 18 };

	(void)state;
	for (size_t i = 0; i < sizeof(majors) / sizeof(majors[0]); i++) {
		observe("fdatasync", 10);
		o.set.major = majors[i];
		counter(WB_PGC_WAL_BYTES, 1000000, 1000000 + 2731000);
		counter(WB_PGC_WAL_WRITES, 100, 100 + 6200);
		counter(WB_PGC_WAL_SYNCS, 50, 50 + 6127);
		if (majors[i] >= 18)
			counter(WB_PGC_WAL_WRITE_BYTES, 1 << 20, (1 << 20) + 6200 * 8704);
		wb_pg_derive(&o);
		assert_near(r->bytes_per_flush, 2731000.0 / 6127);
		assert_near(r->bytes_per_write, 2731000.0 / 6200);
		assert_near(r->wal_bytes_per_s, 273100);
		if (majors[i] >= 18) {
			assert_near(r->written_per_write, 8704);
			assert_near(r->written_per_flush, 6200.0 * 8704 / 6127);
		} else {
			assert_nan(r->written_per_write);
			assert_nan(r->written_per_flush);
		}
	}
}

/* The checkpointer's, the background writer's and the backends' pages; the
 * others only with the checkpointer's. */
static void test_data_pages(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	o.end.have &= ~(1u << WB_PGC_BUF_BACKEND);
	wb_pg_derive(&o);
	assert_near(r->data_pages_per_s, 90);
	observe("fdatasync", 10);
	o.begin.have &= ~(1u << WB_PGC_BUF_CHECKPOINTER);
	wb_pg_derive(&o);
	assert_nan(r->data_pages_per_s);
	assert_nan(r->device_writes_per_page);
}

/* The data device's writes over the 1000 pages: WAL writes are taken out only
 * when pg_wal is on that device. */
static void test_device_writes_per_page(void **state)
{
	static const struct {
		const char *data_dev, *wal_dev;
		double want;
	} cases[] = {
		{ "sda", "sdb", 2.6 },     /* pg_wal elsewhere */
		{ "sda", "sda", 0.6 },     /* pg_wal on it: 2000 WAL writes out */
		{ "", "", 2.6 },           /* devices unknown: nothing to take out */
		{ "vda1", "vda2", 2.6 },    /* another partition: its writes are counted apart */
	};
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		observe("fdatasync", 10);
		snprintf(o.paths.data_dev, sizeof(o.paths.data_dev), "%s", cases[i].data_dev);
		snprintf(o.paths.wal_dev, sizeof(o.paths.wal_dev), "%s", cases[i].wal_dev);
		o.dev = (struct wb_pg_devstat){ .have = true, .writes_begin = 50000,
						.writes_end = 52600 };
		wb_pg_derive(&o);
		assert_near(r->device_writes_per_page, cases[i].want);
	}
	/* the same device, but the WAL writes unread: nothing to take out */
	o.end.have &= ~(1u << WB_PGC_WAL_WRITES);
	snprintf(o.paths.data_dev, sizeof(o.paths.data_dev), "sda");
	snprintf(o.paths.wal_dev, sizeof(o.paths.wal_dev), "sda");
	wb_pg_derive(&o);
	assert_near(r->device_writes_per_page, 2.6);
	/* a device count that went backwards, none, or no pages written */
	observe("fdatasync", 10);
	o.dev = (struct wb_pg_devstat){ .have = true, .writes_begin = 52600, .writes_end = 50000 };
	wb_pg_derive(&o);
	assert_nan(r->device_writes_per_page);
	o.dev = (struct wb_pg_devstat){ .have = false, .writes_begin = 0, .writes_end = 2600 };
	wb_pg_derive(&o);
	assert_nan(r->device_writes_per_page);
	counter(WB_PGC_BUF_CHECKPOINTER, 7, 7);
	counter(WB_PGC_BUF_BGWRITER, 7, 7);
	counter(WB_PGC_BUF_BACKEND, 7, 7);
	o.dev = (struct wb_pg_devstat){ .have = true, .writes_begin = 0, .writes_end = 2600 };
	wb_pg_derive(&o);
	assert_near(r->data_pages_per_s, 0);
	assert_nan(r->device_writes_per_page);
}

/* A checkpoint counts when one completed inside the window: 18 counts them;
 * before, timed and requested count at the start and count skipped ones, and
 * the checkpoint's times move only when one completes. Pages written alone are
 * no checkpoint: the tail of one begun before, whose load reads near 0. */
static void test_checkpoints(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	wb_pg_derive(&o);
	assert_true(r->checkpoint_in_window);
	assert_int_equal(r->checkpoints, 2);
	assert_near(r->checkpoint_seen, 1);
	/* the tail of one: pages written, none began or completed */
	counter(WB_PGC_CKPT_TIMED, 6, 6);
	counter(WB_PGC_CKPT_REQUESTED, 2, 2);
	timer(WB_PGT_CKPT_WRITE, 9000, 9000);
	timer(WB_PGT_CKPT_SYNC, 12, 12);
	wb_pg_derive(&o);
	assert_false(r->checkpoint_in_window);
	assert_int_equal(r->checkpoints, 0);
	assert_nan(r->checkpoint_seen);
	/* one begun before the window completed in it: at most 10 s of its 40 s seen */
	timer(WB_PGT_CKPT_WRITE, 9000, 48000);
	timer(WB_PGT_CKPT_SYNC, 12, 1012);
	wb_pg_derive(&o);
	assert_true(r->checkpoint_in_window);
	assert_int_equal(r->checkpoints, 1);
	assert_near(r->checkpoint_seen, 0.25);
	/* skipped ones counted, none completed: none */
	counter(WB_PGC_CKPT_TIMED, 6, 8);
	timer(WB_PGT_CKPT_WRITE, 9000, 9000);
	timer(WB_PGT_CKPT_SYNC, 12, 12);
	wb_pg_derive(&o);
	assert_false(r->checkpoint_in_window);
	/* 18: two started, one completed */
	observe("fdatasync", 10);
	counter(WB_PGC_CKPT_DONE, 9, 10);
	wb_pg_derive(&o);
	assert_true(r->checkpoint_in_window);
	assert_int_equal(r->checkpoints, 1);
	/* 18: a completed checkpoint is one even when it wrote no page here */
	counter(WB_PGC_BUF_CHECKPOINTER, 4700, 4700);
	wb_pg_derive(&o);
	assert_true(r->checkpoint_in_window);
	assert_int_equal(r->checkpoints, 1);
	/* 18, none completed: 0, though one was requested and pages written */
	counter(WB_PGC_CKPT_DONE, 10, 10);
	counter(WB_PGC_BUF_CHECKPOINTER, 4000, 4700);
	wb_pg_derive(&o);
	assert_int_equal(r->checkpoints, 0);
	assert_false(r->checkpoint_in_window);
	/* an 18 standby: num_done never moves, its restartpoints are counted apart */
	counter(WB_PGC_CKPT_TIMED, 5, 5);
	counter(WB_PGC_CKPT_REQUESTED, 1, 1);
	counter(WB_PGC_RSTPT_TIMED, 3, 4);
	counter(WB_PGC_RSTPT_REQUESTED, 0, 0);
	counter(WB_PGC_RSTPT_DONE, 2, 3);
	wb_pg_derive(&o);
	assert_int_equal(r->checkpoints, 1);
	assert_true(r->checkpoint_in_window);
	assert_near(r->checkpoint_seen, 1);
	/* a 17 standby: no num_done; a restartpoint completed, its times moved */
	o.begin.have &= ~(1u << WB_PGC_CKPT_DONE);
	wb_pg_derive(&o);
	assert_int_equal(r->checkpoints, 1);
	assert_true(r->checkpoint_in_window);
	/* a retry that could not run (restartpoints_timed counts it), nothing done */
	counter(WB_PGC_RSTPT_DONE, 3, 3);
	timer(WB_PGT_CKPT_WRITE, 9000, 9000);
	timer(WB_PGT_CKPT_SYNC, 12, 12);
	wb_pg_derive(&o);
	assert_int_equal(r->checkpoints, 0);
	assert_false(r->checkpoint_in_window);
}

/* No interval, or one the clock ran backwards over: no per-second rate and no
 * busy share, never 0; ratios of counts stand. */
static void test_no_interval(void **state)
{
	static const double seconds[] = { 0, -1 };
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		observe("fdatasync", seconds[i]);
		wb_pg_derive(&o);
		assert_nan(r->commits_per_s);
		assert_nan(r->wal_bytes_per_s);
		assert_nan(r->wal_writes_per_s);
		assert_nan(r->wal_syncs_per_s);
		assert_nan(r->data_pages_per_s);
		assert_nan(r->buffers_full_per_s);
		assert_nan(r->flush_busy);
		assert_near(r->bytes_per_write, 4096);
		assert_near(r->flush_ms, 2);
		assert_near(r->fpi_share, 0.05);
	}
}

/* A counter that did not move is a measured 0; a divisor that did not move
 * gives no figure. The busy share is clamped: two clocks can disagree. */
static void test_zero_and_clamp(void **state)
{
	const struct wb_pg_rates *r = &o.rate;

	(void)state;
	observe("fdatasync", 10);
	counter(WB_PGC_WAL_BUFFERS_FULL, 30, 30);
	counter(WB_PGC_XACT_COMMIT, 6000, 6000);
	timer(WB_PGT_WAL_SYNC, 100, 20100);
	wb_pg_derive(&o);
	assert_near(r->buffers_full_per_s, 0);
	assert_near(r->commits_per_s, 0);
	assert_near(r->flush_busy, 1);
	counter(WB_PGC_WAL_SYNCS, 1050, 1050);
	counter(WB_PGC_WAL_RECORDS, 11000, 11000);
	wb_pg_derive(&o);
	assert_near(r->wal_syncs_per_s, 0);
	assert_nan(r->flush_ms);
	assert_nan(r->bytes_per_flush);
	assert_nan(r->fpi_share);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deltas_and_rates),
		cmocka_unit_test(test_writing_commits),
		cmocka_unit_test(test_server_cpus),
		cmocka_unit_test(test_reset),
		cmocka_unit_test(test_stats_reset),
		cmocka_unit_test(test_open_methods),
		cmocka_unit_test(test_no_timing),
		cmocka_unit_test(test_untimed_flushes),
		cmocka_unit_test(test_fsync_off),
		cmocka_unit_test(test_async_commit),
		cmocka_unit_test(test_per_flush_every_major),
		cmocka_unit_test(test_data_pages),
		cmocka_unit_test(test_device_writes_per_page),
		cmocka_unit_test(test_checkpoints),
		cmocka_unit_test(test_no_interval),
		cmocka_unit_test(test_zero_and_clamp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
