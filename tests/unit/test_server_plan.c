/* test_server_plan.c — what recommend takes from an observed server, on
 * synthetic observations and shapes: the directory (the command line's wins;
 * else pg_wal, or the data directory with candidates; unreadable or not on
 * this host is no directory, nor are candidates for a pg_wal on a volume of
 * its own already), the version capped at the newest major known, commits only
 * when no bulk work was seen and no --workload was given, the data load only
 * with candidates, no --data-load and a measured load (at least 1/s), and the
 * flush gain a switch must prove; then how words_server.c words the flush
 * sizes and the refusals. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/server_plan.h"
#include "report/words.h"

static struct wb_pg_observed here(void)
{
	struct wb_pg_observed o;

	memset(&o, 0, sizeof(o));
	o.set.major = 15;
	o.paths.on_this_host = true;
	snprintf(o.paths.data_directory, sizeof(o.paths.data_directory), "/srv/pg");
	snprintf(o.paths.pg_wal, sizeof(o.paths.pg_wal), "/srv/pg/pg_wal");
	return o;
}

static struct wb_server_shape shape(enum wb_bulk_why bulk, enum wb_load_why load, double per_s)
{
	struct wb_server_shape sh;

	memset(&sh, 0, sizeof(sh));
	sh.baseline_known = true;
	sh.baseline = WB_METHOD_FSYNC;
	sh.commit_pages = 1;
	sh.bulk_why = bulk;
	sh.load_why = load;
	sh.load_per_s = per_s;
	sh.flush_share = NAN;
	sh.share_source = WB_SHARE_ESTIMATED;
	return sh;
}

static void directory(void **state)
{
	struct wb_pg_observed o = here();
	struct wb_server_shape sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_NOT_READ, NAN);
	struct wb_server_given g = { .min_gain_pct = 5 };
	struct wb_server_plan pl;
	char line[512];

	(void)state;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_PG_WAL);
	assert_string_equal(pl.target, "/srv/pg/pg_wal");
	g.candidates = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_DATA);
	assert_string_equal(pl.target, "/srv/pg");
	g.dir = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_GIVEN);
	assert_null(pl.target);
	g.dir = false;
	o.paths.unreadable = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_UNREADABLE);
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_non_null(strstr(line, "/srv/pg is not readable (run as the server's OS user"));
	o = here();
	o.paths.on_this_host = false;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_NOT_HERE);
	assert_null(pl.target);
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_non_null(strstr(line, "pg_wal is not on this host: give the directory"));
	o.paths.data_directory[0] = '\0';
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_non_null(strstr(line, "GRANT pg_read_all_settings"));
}

/* A pg_wal already on a volume of its own: with candidates its rows run where
 * it is, the data load in the data directory (the audit's PostgreSQL 15 with
 * pg_wal linked to a tmpfs had the data volume measured as pg_wal's, then a
 * refusal); without candidates, or back on the data volume's device, there is
 * no wal_now. */
static void wal_apart(void **state)
{
	struct wb_pg_observed o = here();
	struct wb_server_shape sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_NOT_READ, NAN);
	struct wb_server_given g = { .candidates = true, .min_gain_pct = 5 };
	struct wb_server_plan pl;
	char line[1024];

	(void)state;
	/* linked to a tmpfs: the data directory's device known, pg_wal's none */
	o.paths.wal_moved = true;
	snprintf(o.paths.pg_wal, sizeof(o.paths.pg_wal), "/dev/shm/wal");
	snprintf(o.paths.data_dev, sizeof(o.paths.data_dev), "vda");
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_DATA);
	assert_string_equal(pl.target, "/srv/pg");
	assert_string_equal(pl.wal_now, "/dev/shm/wal");
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_string_equal(line, "pg_wal is on a volume of its own already (pg_wal /dev/shm/wal, "
				  "a symlink from /srv/pg/pg_wal; data directory /srv/pg on vda): "
				  "each candidate is measured against it, while the data load runs "
				  "in the data directory");
	/* without candidates it is pg_wal's volume that is measured, as before */
	g.candidates = false;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_PG_WAL);
	assert_string_equal(pl.target, "/dev/shm/wal");
	assert_null(pl.wal_now);
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_string_equal(line, "");
	/* the command line's directory still wins */
	g.candidates = true;
	g.dir = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_GIVEN);
	assert_null(pl.wal_now);
	g.dir = false;
	/* neither device known (both on tmpfs): the link alone says apart */
	o.paths.data_dev[0] = '\0';
	wb_server_plan(&o, &sh, &g, &pl);
	assert_string_equal(pl.wal_now, "/dev/shm/wal");
	/* linked to another disk */
	snprintf(o.paths.data_dev, sizeof(o.paths.data_dev), "vda");
	snprintf(o.paths.wal_dev, sizeof(o.paths.wal_dev), "vdb");
	wb_server_plan(&o, &sh, &g, &pl);
	assert_string_equal(pl.wal_now, "/dev/shm/wal");
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_non_null(strstr(line, "(pg_wal /dev/shm/wal, a symlink from /srv/pg/pg_wal on vdb; "
				     "data directory /srv/pg on vda)"));
	/* another disk mounted at pg_wal, no link */
	o.paths.wal_moved = false;
	snprintf(o.paths.pg_wal, sizeof(o.paths.pg_wal), "/srv/pg/pg_wal");
	wb_server_plan(&o, &sh, &g, &pl);
	assert_string_equal(pl.wal_now, "/srv/pg/pg_wal");
	wb_words_server_dir(&pl, &o, line, sizeof(line));
	assert_non_null(strstr(line, "(pg_wal /srv/pg/pg_wal on vdb; data directory /srv/pg on vda)"));
	/* linked to another directory of the data volume's disk: as before */
	o.paths.wal_moved = true;
	snprintf(o.paths.pg_wal, sizeof(o.paths.pg_wal), "/srv/wal");
	snprintf(o.paths.wal_dev, sizeof(o.paths.wal_dev), "vda");
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.dir, WB_SERVER_DIR_DATA);
	assert_string_equal(pl.target, "/srv/pg");
	assert_null(pl.wal_now);
}

static void version_and_workload(void **state)
{
	struct wb_pg_observed o = here();
	struct wb_server_shape sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_NOT_READ, NAN);
	struct wb_server_given g = { .min_gain_pct = 5 };
	struct wb_server_plan pl;

	(void)state;
	o.set.major = WB_PG_MAX_MAJOR + 2;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_int_equal(pl.pg_version, WB_PG_MAX_MAJOR);
	assert_true(pl.oltp_only);
	g.workload = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_false(pl.oltp_only);
	g.workload = false;
	sh = shape(WB_BULK_BUFFERS_FULL, WB_LOAD_NOT_READ, NAN);
	wb_server_plan(&o, &sh, &g, &pl);
	assert_false(pl.oltp_only);
}

static void load(void **state)
{
	struct wb_pg_observed o = here();
	struct wb_server_shape sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_MEASURED, 0.3);
	struct wb_server_given g = { .min_gain_pct = 5 };
	struct wb_server_plan pl;

	(void)state;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_false(pl.load_from_server);
	assert_false(pl.set_load);
	g.candidates = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_true(pl.set_load);
	assert_true(pl.load_per_s == 1.0); /* at least one write a second */
	sh.load_per_s = 119.6;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_true(pl.load_per_s == 120.0);
	g.data_load = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_false(pl.load_from_server);
	assert_false(pl.set_load);
	g.data_load = false;
	sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_NO_CHECKPOINT, NAN);
	wb_server_plan(&o, &sh, &g, &pl);
	assert_true(pl.load_from_server);
	assert_false(pl.set_load);
	/* the server runs here now: its own load is the load, none replayed, and
	 * no line says an assumed one would stand in */
	g.live = true;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_false(pl.load_from_server);
	sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_MEASURED, 0.3);
	wb_server_plan(&o, &sh, &g, &pl);
	assert_false(pl.set_load);
}

static void min_gain(void **state)
{
	struct wb_pg_observed o = here();
	struct wb_server_shape sh = shape(WB_BULK_NONE_SEEN, WB_LOAD_NOT_READ, NAN);
	struct wb_server_given g = { .min_gain_pct = 5 };
	struct wb_server_plan pl;
	char line[512];

	(void)state;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_true(pl.flush_min_gain_pct == 0); /* the share is known only after the run */
	wb_words_server_min_gain(&sh, &pl, 5, line, sizeof(line));
	assert_string_equal(line, "");
	sh.flush_share = 0.5;
	sh.share_source = WB_SHARE_SERVER_TIME;
	wb_server_plan(&o, &sh, &g, &pl);
	assert_true(fabs(pl.flush_min_gain_pct - wb_server_flush_min_gain(&sh, 5)) < 1e-9);
	assert_true(pl.flush_min_gain_pct > 5);
	wb_words_server_min_gain(&sh, &pl, 5, line, sizeof(line));
	assert_non_null(strstr(line, "The server's WAL flushes 50 % of its time"));
}

/* One bulk size is named once: "16 pages", never "160 pages". */
static void from_words(void **state)
{
	struct wb_server_shape sh = shape(WB_BULK_LARGE_WRITES, WB_LOAD_NOT_READ, NAN);
	char line[512];

	(void)state;
	sh.nbulk = 1;
	sh.bulk_pages[0] = 16;
	wb_words_server_from(&sh, line, sizeof(line));
	assert_string_equal(line, "From the server: wal_sync_method fsync (the baseline), commits of "
				  "1 page (its mean flush), bulk flushes of 16 pages "
				  "(large writes: bulk work).");
	sh.nbulk = 2;
	sh.bulk_pages[1] = 128;
	wb_words_server_from(&sh, line, sizeof(line));
	assert_non_null(strstr(line, "bulk flushes of 16 and 128 pages"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(directory),
		cmocka_unit_test(wal_apart),
		cmocka_unit_test(version_and_workload),
		cmocka_unit_test(load),
		cmocka_unit_test(min_gain),
		cmocka_unit_test(from_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
