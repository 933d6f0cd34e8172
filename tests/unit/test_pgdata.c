/* test_pgdata.c — finding the data directory up a path, and its max_wal_size,
 * on the fixture trees in tests/unit/fixtures/pgdata (facts/pgdata.h): a live
 * one (postmaster.pid naming PID 1, which always runs), a stopped one, one whose
 * pg_wal is a symlink to another "volume", and one with a stale postmaster.pid
 * and no configuration file (Debian keeps it in /etc), and a postmaster.pid
 * whose data directory line is longer than a line buffer. A data directory known
 * by name: PG_VERSION, postmaster.pid's PID and port, pg_wal's link. Plus the
 * configuration line and size parsers on strings. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "facts/pgdata.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define PGDATA WB_FIXTURES_DIR "/pgdata"
#define MIB (1024ull * 1024)

static void test_live_from_pg_wal(void **state)
{
	struct wb_pgdata pd;

	(void)state;
	wb_pgdata_find(PGDATA "/live/pg_wal", &pd);
	assert_true(pd.found);
	assert_string_equal(pd.dir, PGDATA "/live");
	assert_true(pd.pid_file);
	assert_int_equal(pd.pid, 1);
	assert_true(pd.pid_alive);
	/* postgresql.auto.conf does not set it; postgresql.conf's last line does. */
	assert_int_equal(pd.max_wal_size_from, WB_CONF_MAIN);
	assert_int_equal(pd.max_wal_size, 100 * MIB);
	assert_false(pd.includes);
}

static void test_base_n_is_not_the_data_directory(void **state)
{
	struct wb_pgdata pd;

	(void)state;
	/* base/1 holds a PG_VERSION but no pg_wal: the walk goes on up. */
	wb_pgdata_find(PGDATA "/live/base/1", &pd);
	assert_true(pd.found);
	assert_string_equal(pd.dir, PGDATA "/live");
	wb_pgdata_find(PGDATA "/live/", &pd);
	assert_string_equal(pd.dir, PGDATA "/live");
}

static void test_stopped(void **state)
{
	struct wb_pgdata pd;

	(void)state;
	wb_pgdata_find(PGDATA "/stopped/pg_wal", &pd);
	assert_true(pd.found);
	assert_false(pd.pid_file);
	/* ALTER SYSTEM's file wins over postgresql.conf, includes or not. */
	assert_int_equal(pd.max_wal_size_from, WB_CONF_AUTO);
	assert_int_equal(pd.max_wal_size, 2048 * MIB);
}

static void test_moved_pg_wal_found_by_the_path_given(void **state)
{
	struct wb_pgdata pd;

	(void)state;
	wb_pgdata_find(PGDATA "/moved/pg_wal", &pd);
	assert_true(pd.found);
	assert_string_equal(pd.dir, PGDATA "/moved");
	assert_int_equal(pd.max_wal_size_from, WB_CONF_MAIN);
	assert_int_equal(pd.max_wal_size, 2048 * MIB); /* a bare number is MB */
	/* The volume it points to holds no data directory of its own. */
	wb_pgdata_find(PGDATA "/walvol/pg_wal", &pd);
	assert_false(pd.found);
}

static void test_stale_pid_and_no_configuration(void **state)
{
	struct wb_pgdata pd;

	(void)state;
	wb_pgdata_find(PGDATA "/debian/pg_wal", &pd);
	assert_true(pd.found);
	assert_true(pd.pid_file);
	assert_false(pd.pid_alive); /* above any pid_max */
	assert_int_equal(pd.max_wal_size_from, WB_CONF_NONE);
	assert_int_equal(pd.max_wal_size, 0);
}

static void test_no_data_directory(void **state)
{
	struct wb_pgdata pd;

	(void)state;
	wb_pgdata_find(PGDATA, &pd);
	assert_false(pd.found);
	assert_false(pd.pid_file);
}

static void test_data_directory_by_name(void **state)
{
	(void)state;
	assert_int_equal(wb_pgdata_here(PGDATA "/live"), 0);
	assert_int_equal(wb_pgdata_here(PGDATA "/walvol"), -ENOENT);
	assert_int_equal(wb_pgdata_here(PGDATA "/nowhere"), -ENOENT);
}

static void test_pid_file(void **state)
{
	unsigned port = 99;
	long pid = 99;

	(void)state;
	assert_int_equal(wb_pgdata_pid_file(PGDATA "/live", &pid, &port), 0);
	assert_int_equal(pid, 1);
	assert_int_equal(port, 5432);
	/* One line: the PID, no port. */
	assert_int_equal(wb_pgdata_pid_file(PGDATA "/debian", &pid, &port), 0);
	assert_int_equal(pid, 99999999);
	assert_int_equal(port, 0);
	/* The data directory's line is read whole, so the fourth is the port. */
	assert_int_equal(wb_pgdata_pid_file(PGDATA "/longdir", &pid, &port), 0);
	assert_int_equal(pid, 4242);
	assert_int_equal(port, 5433);
	assert_int_equal(wb_pgdata_pid_file(PGDATA "/stopped", &pid, NULL), -ENOENT);
	assert_int_equal(pid, 0);
}

static void test_pg_wal_link(void **state)
{
	char real[PATH_MAX];
	size_t n;

	(void)state;
	assert_true(wb_pgdata_wal(PGDATA "/moved", real));
	n = strlen(real);
	assert_true(n > strlen("/walvol/pg_wal") && real[0] == '/');
	assert_string_equal(real + n - strlen("/walvol/pg_wal"), "/walvol/pg_wal");
	assert_false(wb_pgdata_wal(PGDATA "/live", real));
	assert_string_equal(real + strlen(real) - strlen("/live/pg_wal"), "/live/pg_wal");
	assert_false(wb_pgdata_wal(PGDATA "/nowhere", real));
	assert_string_equal(real, "");
}

static void test_conf_lines(void **state)
{
	char v[64];

	(void)state;
	assert_true(wb_pg_conf_value("max_wal_size = 1GB", "max_wal_size", v, sizeof(v)));
	assert_string_equal(v, "1GB");
	assert_true(wb_pg_conf_value("  Max_Wal_Size='2 GB' # c", "max_wal_size", v, sizeof(v)));
	assert_string_equal(v, "2 GB");
	assert_true(wb_pg_conf_value("max_wal_size 512\n", "max_wal_size", v, sizeof(v)));
	assert_string_equal(v, "512");
	assert_true(wb_pg_conf_value("max_wal_size=64MB#x", "max_wal_size", v, sizeof(v)));
	assert_string_equal(v, "64MB");
	assert_true(wb_pg_conf_value("include = 'it''s.conf'", "include", v, sizeof(v)));
	assert_string_equal(v, "it's.conf");
	assert_false(wb_pg_conf_value("#max_wal_size = 1GB", "max_wal_size", v, sizeof(v)));
	assert_false(wb_pg_conf_value("max_wal_size_x = 1GB", "max_wal_size", v, sizeof(v)));
	assert_false(wb_pg_conf_value("min_wal_size = 1GB", "max_wal_size", v, sizeof(v)));
	assert_false(wb_pg_conf_value("max_wal_size =", "max_wal_size", v, sizeof(v)));
	assert_false(wb_pg_conf_value("include_dir = 'conf.d'", "include", v, sizeof(v)));
}

static void test_sizes(void **state)
{
	uint64_t b = 7;

	(void)state;
	assert_int_equal(wb_pg_size_value("1GB", MIB, &b), 0);
	assert_int_equal(b, 1024 * MIB);
	assert_int_equal(wb_pg_size_value("100", MIB, &b), 0);
	assert_int_equal(b, 100 * MIB);
	assert_int_equal(wb_pg_size_value("1.5GB", MIB, &b), 0);
	assert_int_equal(b, 1536 * MIB);
	assert_int_equal(wb_pg_size_value("2 GB", MIB, &b), 0);
	assert_int_equal(b, 2048 * MIB);
	assert_int_equal(wb_pg_size_value("512kB", MIB, &b), 0);
	assert_int_equal(b, 512 * 1024);
	b = 7;
	assert_int_equal(wb_pg_size_value("1gb", MIB, &b), -EINVAL); /* units are case-sensitive */
	assert_int_equal(wb_pg_size_value("GB", MIB, &b), -EINVAL);
	assert_int_equal(wb_pg_size_value("-1", MIB, &b), -EINVAL);
	assert_int_equal(wb_pg_size_value("1 GiB", MIB, &b), -EINVAL);
	assert_int_equal(b, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_live_from_pg_wal),
		cmocka_unit_test(test_base_n_is_not_the_data_directory),
		cmocka_unit_test(test_stopped),
		cmocka_unit_test(test_moved_pg_wal_found_by_the_path_given),
		cmocka_unit_test(test_stale_pid_and_no_configuration),
		cmocka_unit_test(test_no_data_directory),
		cmocka_unit_test(test_data_directory_by_name),
		cmocka_unit_test(test_pid_file),
		cmocka_unit_test(test_pg_wal_link),
		cmocka_unit_test(test_conf_lines),
		cmocka_unit_test(test_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
