/* test_pg_waits.c — the classes of pg_stat_activity's wait events, the rounds
 * summed from the sampling query's rows, the shares and their interval, and
 * when the samples say nothing (too few busy rounds, hidden sessions). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "pgstat/pg_waits.h"

static void test_classes(void **state)
{
	(void)state;
	assert_int_equal(wb_pg_wait_class(15, "IO", "WALSync", "active"), WB_PGW_WAL);
	assert_int_equal(wb_pg_wait_class(17, "IO", "WalSync", "active"), WB_PGW_WAL);
	/* the flush lock, as every major names it */
	assert_int_equal(wb_pg_wait_class(14, "LWLock", "WALWrite", "active"), WB_PGW_WAL);
	assert_int_equal(wb_pg_wait_class(18, "LWLock", "WALWrite", "active"), WB_PGW_WAL);
	/* inserting WAL is CPU and memory, not the flush */
	assert_int_equal(wb_pg_wait_class(15, "LWLock", "WALInsert", "active"), WB_PGW_WAL_INSERT);
	assert_int_equal(wb_pg_wait_class(15, "LWLock", "BufferMapping", "active"), WB_PGW_OTHER);
	assert_int_equal(wb_pg_wait_class(15, "Lock", "transactionid", "active"), WB_PGW_LOCK);
	assert_int_equal(wb_pg_wait_class(15, "Lock", "tuple", "active"), WB_PGW_LOCK);
	assert_int_equal(wb_pg_wait_class(15, "IO", "DataFileRead", "active"), WB_PGW_DATA_IO);
	assert_int_equal(wb_pg_wait_class(18, "IO", "DataFileExtend", "active"), WB_PGW_DATA_IO);
	assert_int_equal(wb_pg_wait_class(15, "", "", "active"), WB_PGW_CPU);
	assert_int_equal(wb_pg_wait_class(15, "", "", "idle in transaction"), WB_PGW_CPU);
	assert_int_equal(wb_pg_wait_class(15, "Client", "ClientRead", "idle in transaction"),
			 WB_PGW_CLIENT);
	assert_int_equal(wb_pg_wait_class(15, "Client", "ClientRead", "idle, recent"),
			 WB_PGW_CLIENT);
	assert_int_equal(wb_pg_wait_class(15, "IPC", "SyncRep", "active"), WB_PGW_SYNC_REP);
	assert_int_equal(wb_pg_wait_class(15, "IPC", "ProcArrayGroupUpdate", "active"),
			 WB_PGW_OTHER);
	/* a spare connection is not in the loop */
	assert_int_equal(wb_pg_wait_class(15, "Client", "ClientRead", "idle"), WB_PGW_COUNT);
}

/* The class named in a fixture. */
static enum wb_pg_wait class_named(const char *name)
{
	unsigned k;

	for (k = 0; k < WB_PGW_COUNT; k++)
		if (!strcmp(wb_pg_wait_names[k], name))
			return (enum wb_pg_wait)k;
	fail_msg("no class \"%s\"", name);
	return WB_PGW_COUNT;
}

/* Every wait event naming the WAL (and SyncRep) that each major lists, from
 * its own list (fixtures/pg_wait_events/MAJOR.txt), is given its class on
 * that major: the commit's own WAL write and flush only, whether the major
 * spells them WALSync (14-16) or WalSync (17, 18). */
static void test_each_major_names(void **state)
{
	unsigned major;

	(void)state;
	for (major = WB_PG_WAIT_OLDEST_MAJOR; major <= WB_PG_WAIT_NEWEST_MAJOR; major++) {
		char path[512], line[256], type[64], name[128], cls[32];
		unsigned n = 0, wal = 0;
		FILE *f;

		snprintf(path, sizeof(path), "%s/pg_wait_events/%u.txt", WB_FIXTURES_DIR, major);
		f = fopen(path, "r");
		assert_non_null(f);
		while (fgets(line, sizeof(line), f)) {
			enum wb_pg_wait got;

			if (line[0] == '#')
				continue;
			assert_int_equal(sscanf(line, "%63s %127s %31s", type, name, cls), 3);
			got = wb_pg_wait_class(major, type, name, "active");
			if (got != class_named(cls))
				fail_msg("PostgreSQL %u, %s:%s: class %s, want %s", major, type, name,
					 got < WB_PGW_COUNT ? wb_pg_wait_names[got] : "none", cls);
			n++;
			wal += got == WB_PGW_WAL;
		}
		assert_int_equal(fclose(f), 0);
		/* the lists are whole: IO write, sync, init write, init sync, and the lock */
		assert_true(n >= 28);
		assert_int_equal(wal, 5);
	}
}

/* The names are each major's: 17's WalSync read with 15's table is some other
 * IO (data I/O), and a major newer than the newest listed reads as it. */
static void test_names_are_the_majors(void **state)
{
	(void)state;
	assert_int_equal(wb_pg_wait_class(15, "IO", "WalSync", "active"), WB_PGW_DATA_IO);
	assert_int_equal(wb_pg_wait_class(17, "IO", "WALSync", "active"), WB_PGW_DATA_IO);
	assert_int_equal(wb_pg_wait_class(19, "IO", "WalWrite", "active"), WB_PGW_WAL);
	assert_int_equal(wb_pg_wait_class(0, "IO", "WalInitSync", "active"), WB_PGW_WAL);
}

static void row(struct wb_pg_waits *w, const char *type, const char *event, const char *st,
		const char *n)
{
	const char *v[4] = { type, event, st, n };

	assert_int_equal(wb_pg_waits_row(w, 4, v), 0);
}

static void test_rows_and_shares(void **state)
{
	struct wb_pg_waits w = { .major = 15 };
	struct wb_pg_wait_shares s;
	const char *bad[4] = { "IO", "WALSync", "active", "x" };
	unsigned k;

	(void)state;
	assert_int_equal(wb_pg_waits_row(&w, 4, bad), -EINVAL);
	assert_int_equal(wb_pg_waits_row(&w, 3, bad), -EINVAL);
	/* 100 rounds: half with 6 of 8 at the flush and 2 on CPU, half with 2 at
	 * the flush, 4 in row locks, 2 on CPU; a spare idle one throughout. */
	for (k = 0; k < 100; k++) {
		if (k % 2) {
			row(&w, "IO", "WALSync", "active", "1");
			row(&w, "LWLock", "WALWrite", "active", "5");
		} else {
			row(&w, "IO", "WALSync", "active", "2");
			row(&w, "Lock", "transactionid", "active", "4");
		}
		row(&w, "", "", "active", "2");
		row(&w, "Client", "ClientRead", "idle", "1");
		wb_pg_waits_round_end(&w);
	}
	wb_pg_wait_shares(&w, &s);
	assert_true(s.known);
	assert_true(fabs(s.busy_sessions - 8) < 1e-9);
	assert_true(fabs(s.share[WB_PGW_WAL] - 0.5) < 1e-9);
	assert_true(fabs(s.share[WB_PGW_LOCK] - 0.25) < 1e-9);
	assert_true(fabs(s.share[WB_PGW_CPU] - 0.25) < 1e-9);
	assert_true(s.share[WB_PGW_CLIENT] == 0);
	/* shares of 0.75 and 0.25 alternating: sd 0.25, 10 draws: 2 * 0.25 / sqrt(10) */
	assert_true(fabs(s.half95[WB_PGW_WAL] - 2 * 0.2512562 / sqrt(10)) < 1e-3);
	assert_true(s.half95[WB_PGW_CPU] < 1e-6);
}

static void test_says_nothing(void **state)
{
	struct wb_pg_waits w = { 0 };
	struct wb_pg_wait_shares s;
	unsigned k;

	(void)state;
	/* every round idle: no busy session */
	for (k = 0; k < 100; k++) {
		row(&w, "Client", "ClientRead", "idle", "3");
		wb_pg_waits_round_end(&w);
	}
	wb_pg_wait_shares(&w, &s);
	assert_false(s.known);
	/* busy, but most sessions another role's */
	memset(&w, 0, sizeof(w));
	for (k = 0; k < 100; k++) {
		row(&w, "", "", "", "6");
		row(&w, "IO", "WALSync", "active", "2");
		wb_pg_waits_round_end(&w);
	}
	assert_int_equal(w.hidden, 600);
	wb_pg_wait_shares(&w, &s);
	assert_false(s.known);
	/* too few rounds */
	memset(&w, 0, sizeof(w));
	for (k = 0; k < WB_PG_WAIT_MIN_ROUNDS - 1; k++) {
		row(&w, "IO", "WALSync", "active", "2");
		wb_pg_waits_round_end(&w);
	}
	wb_pg_wait_shares(&w, &s);
	assert_false(s.known);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_each_major_names),
		cmocka_unit_test(test_names_are_the_majors),
		cmocka_unit_test(test_rows_and_shares),
		cmocka_unit_test(test_says_nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
