/* test_pg_queries.c — the SQL walbench sends each PostgreSQL major and the parsing
 * of what comes back, against fixtures/pg/<major>.txt (that major's documented
 * view columns, its pg_settings rows and two snapshot rows; see the README
 * there). A small scanner over the SQL text (pg_catalogue.c) checks that every
 * view it names exists in the major and every column it reads or filters on is
 * documented there, with the values it compares; the snapshot's output columns
 * must be exactly the parser's names and what the major can provide. Then the
 * rows: settings into bytes, microseconds and 0/1, snapshots into counters, and
 * the errors of each. The scanner is shown to fail on a wrong major's SQL,
 * since a check that cannot fail proves nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pg_catalogue.h"
#include "pgstat/pg_queries.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* The first major whose views can give a counter or timer; 0 is every major
 * walbench reads. pg_stat_io's write_bytes and its WAL rows ('init' among them)
 * and pg_stat_checkpointer.num_done are new in 18; its restartpoints_* in 17. */
static const unsigned counter_since[WB_PGC_COUNT] = {
	[WB_PGC_WAL_WRITE_BYTES] = 18, [WB_PGC_WAL_INIT_WRITES] = 18,
	[WB_PGC_WAL_INIT_SYNCS] = 18, [WB_PGC_CKPT_DONE] = 18,
	[WB_PGC_RSTPT_TIMED] = 17, [WB_PGC_RSTPT_REQUESTED] = 17, [WB_PGC_RSTPT_DONE] = 17,
};
static const unsigned timer_since[WB_PGT_COUNT] = { [WB_PGT_WAL_INIT] = 18 };
/* Every view's stats_reset: pg_stat_io is new in 16, pg_stat_checkpointer in 17. */
static const unsigned reset_since[WB_PGV_COUNT] = {
	[WB_PGV_IO] = 16, [WB_PGV_CHECKPOINTER] = 17,
};

static int reset_of(const char *name)
{
	for (int i = 0; i < WB_PGV_COUNT; i++)
		if (!strcmp(wb_pg_reset_names[i], name))
			return i;
	return -1;
}
/* The settings a major lacks have no pg_settings row (the fixtures say so). */
static const unsigned setting_since[WB_PGS_COUNT] = {
	[WB_PGS_DEBUG_IO_DIRECT] = 16, [WB_PGS_HUGE_PAGES_STATUS] = 17,
	[WB_PGS_SHARED_MEMORY_SIZE] = 15, [WB_PGS_SHARED_MEMORY_SIZE_IN_HUGE_PAGES] = 15,
};

static int counter_of(const char *name)
{
	for (int i = 0; i < WB_PGC_COUNT; i++)
		if (!strcmp(wb_pg_counter_names[i], name))
			return i;
	return -1;
}

static int timer_of(const char *name)
{
	for (int i = 0; i < WB_PGT_COUNT; i++)
		if (!strcmp(wb_pg_timer_names[i], name))
			return i;
	return -1;
}

static int setting_of(const char *name)
{
	for (int i = 0; i < WB_PGS_COUNT; i++)
		if (!strcmp(wb_pg_setting_names[i], name))
			return i;
	return -1;
}

/* What a major can give: the counters and timers whose columns it has. */
static void expected(unsigned major, uint32_t *have, uint32_t *have_ms)
{
	*have = *have_ms = 0;
	for (int i = 0; i < WB_PGC_COUNT; i++)
		if (counter_since[i] <= major)
			*have |= 1u << i;
	for (int i = 0; i < WB_PGT_COUNT; i++)
		if (timer_since[i] <= major)
			*have_ms |= 1u << i;
}

/* ---- The tests ---- */

/* (a) Every view and column the snapshot query reads is documented in its major. */
static void test_snapshot_sql_documented(void **state)
{
	struct pg_fixture f;
	struct pg_sql q;
	char why[256];

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		if (!pg_sql_scan(&f, wb_pg_snapshot_sql(major), true, &q, why, sizeof(why)))
			fail_msg("the snapshot query of %u: %s", major, why);
	}
}

/* The sampler's query reads documented columns of pg_stat_activity on every
 * major, compares them with documented values, and names every view and
 * function with its schema. Without the view, or the functions, the scan
 * fails. */
static void test_sampler_sql_documented(void **state)
{
	struct pg_fixture f;
	struct pg_sql q;
	char why[256];

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		if (!pg_sql_scan(&f, wb_pg_sampler_sql(), true, &q, why, sizeof(why)))
			fail_msg("the sampler's query on %u: %s", major, why);
	}
	assert_null(strstr(wb_pg_sampler_sql(), " pg_stat_activity"));
	for (unsigned v = 0; v < f.nviews; v++)
		if (!strcmp(f.views[v].name, "pg_stat_activity"))
			f.views[v].name[0] = '\0';
	assert_false(pg_sql_scan(&f, wb_pg_sampler_sql(), true, &q, why, sizeof(why)));
	assert_string_equal(why, "PostgreSQL 18 has no view pg_stat_activity");
	pg_fixture_load(&f, WB_FIXTURES_DIR, 15);
	f.nfunctions = 0;
	assert_false(pg_sql_scan(&f, wb_pg_sampler_sql(), true, &q, why, sizeof(why)));
	assert_string_equal(why, "PostgreSQL 15 has no function clock_timestamp");
}

/* The databases' query reads documented columns of pg_stat_database on every
 * major, and its rows parse: NULL stats_reset is never reset, a row past the
 * limit leaves the set incomplete, a row of another shape is refused. */
static void test_databases_sql(void **state)
{
	static const char *const row[] = { "16384", "5000", "3", "900000", "1200000",
					   "1767225600.5" };
	static const char *const fresh[] = { "5", "10", "0", "100", "200", NULL };
	static struct wb_pg_databases d;
	struct pg_fixture f;
	struct pg_sql q;
	char why[256];

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		if (!pg_sql_scan(&f, wb_pg_databases_sql(), true, &q, why, sizeof(why)))
			fail_msg("the databases' query on %u: %s", major, why);
	}
	memset(&d, 0, sizeof(d));
	d.complete = true;
	assert_int_equal(wb_pg_databases_row(&d, 6, row), 0);
	assert_int_equal(wb_pg_databases_row(&d, 6, fresh), 0);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.row[0].oid, 16384);
	assert_int_equal(d.row[0].n[WB_PGD_XACT_COMMIT], 5000);
	assert_int_equal(d.row[0].n[WB_PGD_TUP_RETURNED], 1200000);
	assert_true(d.row[0].have_reset);
	assert_false(d.row[1].have_reset);
	assert_int_equal(wb_pg_databases_row(&d, 5, row), -EINVAL);
	d.n = WB_PG_MAX_DATABASES;
	assert_int_equal(wb_pg_databases_row(&d, 6, row), 0);
	assert_false(d.complete);
}

/* A moved stats_reset with every database's counters kept is a table's or a
 * function's reset: the commits stand. Counters that went back, a database
 * whose counters began just before the window (they can grow back past), a
 * dropped database or an incomplete read: a reset of the counters. */
static void test_databases_kept(void **state)
{
	static struct wb_pg_databases b, e;
	const double at = 1767225600, window = 10;

	(void)state;
	memset(&b, 0, sizeof(b));
	b.complete = true;
	b.n = 2;
	b.row[0] = (struct wb_pg_database_row){ 5, { 100, 1, 5000, 9000 }, at - 3600, true };
	b.row[1] = (struct wb_pg_database_row){ 16384, { 90000, 30, 800000, 950000 }, 0, false };
	e = b;
	for (unsigned k = 0; k < WB_PGD_COUNT; k++)
		e.row[1].n[k] += 4000;
	assert_false(wb_pg_databases_kept(&b, &e, at, window)); /* nothing moved */
	/* pg_stat_reset_single_table_counters in 16384: its stats_reset moved, its
	 * counters grew */
	e.row[1].have_reset = true;
	e.row[1].reset_at = at + 4;
	assert_true(wb_pg_databases_kept(&b, &e, at, window));
	/* pg_stat_reset() in 16384: its counters went back */
	e.row[1].n[WB_PGD_XACT_COMMIT] = 2000;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	e.row[1].n[WB_PGD_XACT_COMMIT] = 94000;
	e.row[1].n[WB_PGD_BLKS_HIT] = 10;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	e.row[1].n[WB_PGD_BLKS_HIT] = 804000;
	/* database 5's stats began 50 s before a 10 s window: it could have
	 * grown back past them */
	b.row[0].reset_at = e.row[0].reset_at = at - 50;
	assert_true(wb_pg_databases_kept(&b, &e, at, window));
	e.row[0].reset_at = at + 2;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	b.row[0].reset_at = at - 100;
	assert_true(wb_pg_databases_kept(&b, &e, at, window));
	/* a database dropped in the window, a new one created */
	e.row[0].oid = 7;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	e.row[0].oid = 5;
	/* only a database created in the window: up to 14 its new entry's
	 * stats_reset is set, the view's max moves, and its counts from 0 are
	 * whole (15 and later leave it NULL: nothing moves) */
	e.row[0] = b.row[0];
	e.row[1] = b.row[1];
	e.n = 3;
	e.row[2] = (struct wb_pg_database_row){ 16400, { 700, 2, 9000, 12000 }, at + 3, true };
	assert_true(wb_pg_databases_kept(&b, &e, at, window));
	e.row[2].have_reset = false;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	/* with an old database reset beside it, the commits are void still */
	e.row[2].have_reset = true;
	e.row[0].reset_at = at + 5;
	e.row[0].n[WB_PGD_XACT_COMMIT] = 3;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	e.row[0] = b.row[0];
	e.n = 2;
	e.complete = false;
	assert_false(wb_pg_databases_kept(&b, &e, at, window));
	e.complete = true;
	assert_false(wb_pg_databases_kept(&b, &e, at, 0));
}

/* The scanner can fail: each major's query read against the neighbouring
 * majors' catalogues, where a view or column it uses is not. */
static void test_scanner_fails(void **state)
{
	static const struct {
		unsigned sql, catalogue;
		const char *why;
	} cases[] = {
		{ 14, 17, "PostgreSQL 17: pg_stat_bgwriter has no column buffers_checkpoint" },
		{ 17, 16, "PostgreSQL 16 has no view pg_stat_checkpointer" },
		{ 17, 18, "PostgreSQL 18: pg_stat_wal has no column wal_write" },
		{ 18, 17, "PostgreSQL 17: pg_stat_io.object is never 'wal'" },
	};
	struct pg_fixture f;
	struct pg_sql q;
	char why[256];

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		pg_fixture_load(&f, WB_FIXTURES_DIR, cases[i].catalogue);
		assert_false(pg_sql_scan(&f, wb_pg_snapshot_sql(cases[i].sql), true, &q, why, sizeof(why)));
		assert_string_equal(why, cases[i].why);
	}
	/* A function the major does not document is found. */
	pg_fixture_load(&f, WB_FIXTURES_DIR, 15);
	f.nfunctions = 0;
	assert_false(pg_sql_scan(&f, wb_pg_snapshot_sql(15), true, &q, why, sizeof(why)));
	assert_string_equal(why, "PostgreSQL 15 has no function pg_snapshot_xmax");
	/* With the compared values unchecked, a column 17 lacks is found. */
	pg_fixture_load(&f, WB_FIXTURES_DIR, 17);
	assert_false(pg_sql_scan(&f, wb_pg_snapshot_sql(18), false, &q, why, sizeof(why)));
	assert_string_equal(why, "PostgreSQL 17: pg_stat_io has no column write_bytes");
}

/* (b) The snapshot's output columns: at_s, then the parser's names, exactly those
 * the major can provide; the fixture rows carry the same columns in order. */
static void test_snapshot_sql_outputs(void **state)
{
	char names[64][PG_NAME];
	struct pg_fixture f;
	struct pg_sql q;
	char why[256];

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		uint32_t have = 0, have_ms = 0, have_reset = 0, want, want_ms, want_reset = 0;
		unsigned n;

		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		assert_true(pg_sql_scan(&f, wb_pg_snapshot_sql(major), true, &q, why, sizeof(why)));
		n = pg_sql_outputs(&q, names, ARRAY_LEN(names));
		assert_true(n > 1);
		assert_string_equal(names[0], "at_s");
		for (unsigned k = 1; k < n; k++) {
			int c = counter_of(names[k]), t = timer_of(names[k]), r = reset_of(names[k]);

			if (c >= 0 && !(have & (1u << c)))
				have |= 1u << c;
			else if (t >= 0 && !(have_ms & (1u << t)))
				have_ms |= 1u << t;
			else if (r >= 0 && !(have_reset & (1u << r)))
				have_reset |= 1u << r;
			else
				fail_msg("%u: output %s is no counter, timer or stats_reset, or twice",
					 major, names[k]);
		}
		expected(major, &want, &want_ms);
		for (int r = 0; r < WB_PGV_COUNT; r++)
			if (reset_since[r] <= major)
				want_reset |= 1u << r;
		assert_int_equal(have, want);
		assert_int_equal(have_ms, want_ms);
		assert_int_equal(have_reset, want_reset);
		assert_int_equal(f.begin.n, n);
		assert_int_equal(f.end.n, n);
		for (unsigned k = 0; k < n; k++) {
			assert_string_equal(f.begin.names[k], names[k]);
			assert_string_equal(f.end.names[k], names[k]);
		}
	}
}

/* The settings query reads documented pg_settings columns and asks for exactly
 * the settings observed.h names; each fixture has a row for each one its major
 * has, and none for those it lacks. */
static void test_settings_sql(void **state)
{
	char names[8][PG_NAME];
	uint32_t asked = 0;
	struct pg_fixture f;
	struct pg_sql q;
	char why[256];

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		uint32_t rows = 0, want = 0;

		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		if (!pg_sql_scan(&f, wb_pg_settings_sql(), false, &q, why, sizeof(why)))
			fail_msg("the settings query on %u: %s", major, why);
		for (unsigned i = 0; i < f.nsettings; i++) {
			int k = setting_of(f.settings[i].name);

			assert_true(k >= 0);
			assert_false(rows & (1u << k));
			rows |= 1u << k;
		}
		for (int k = 0; k < WB_PGS_COUNT; k++)
			if (setting_since[k] <= major)
				want |= 1u << k;
		assert_int_equal(rows, want);
	}
	assert_int_equal(pg_sql_outputs(&q, names, ARRAY_LEN(names)), 3);
	assert_string_equal(names[0], "name");
	assert_string_equal(names[1], "setting");
	assert_string_equal(names[2], "unit");
	for (size_t i = 0; i < q.n; i++) {
		int k = setting_of(q.t[i].text);

		if (q.t[i].kind != PG_STRING)
			continue;
		if (k < 0)
			fail_msg("the settings query asks for %s, which observed.h does not name",
				 q.t[i].text);
		asked |= 1u << k;
	}
	assert_int_equal(asked, (1u << WB_PGS_COUNT) - 1);
}

/* (c) Each fixture's settings rows converted: sizes to bytes, times to
 * microseconds, on/off to 1/0, enums and strings kept as text only. */
static void test_settings_rows(void **state)
{
	struct wb_pg_settings s;
	struct pg_fixture f;

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		const char *version = NULL, *data = NULL;

		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		memset(&s, 0, sizeof(s));
		for (unsigned i = 0; i < f.nsettings; i++) {
			const struct pg_setting_row *r = &f.settings[i];
			int k = setting_of(r->name);

			/* libpq gives a unitless setting's unit as SQL NULL */
			assert_int_equal(wb_pg_settings_row(&s, r->name, r->setting,
							    r->unit[0] ? r->unit : NULL), 0);
			assert_true(s.have & (1u << k));
			assert_string_equal(s.text[k], r->setting);
			assert_string_equal(s.unit[k], r->unit);
			if (!strcmp(r->want, "text")) {
				if (!isnan(s.value[k]))
					fail_msg("%u %s: %g, want no number", major, r->name, s.value[k]);
			} else if (fabs(s.value[k] - strtod(r->want, NULL)) > 1e-9) {
				fail_msg("%u %s: %.17g, want %s", major, r->name, s.value[k], r->want);
			}
			if (k == WB_PGS_SERVER_VERSION_NUM)
				version = r->setting;
			if (k == WB_PGS_DATA_DIRECTORY)
				data = r->setting;
		}
		assert_int_equal(wb_pg_settings_finish(&s), 0);
		assert_int_equal(s.major, major);
		assert_non_null(version);
		assert_int_equal(s.version_num, strtoul(version, NULL, 10));
		assert_non_null(data);
		assert_string_equal(s.data_directory, data);
	}
}

/* (c) What a settings row or the version cannot be. */
static void test_settings_errors(void **state)
{
	struct wb_pg_settings s;

	(void)state;
	memset(&s, 0, sizeof(s));
	/* A unit walbench cannot convert, or no number for a unit: not stored. */
	assert_int_equal(wb_pg_settings_row(&s, "wal_buffers", "512", "4kB"), -EINVAL);
	assert_int_equal(wb_pg_settings_row(&s, "checkpoint_timeout", "300", "fortnight"), -EINVAL);
	assert_int_equal(wb_pg_settings_row(&s, "shared_buffers", "lots", "8kB"), -EINVAL);
	/* A size past 2^63 bytes: no server's, and its conversion undefined (the
	 * results fuzzer's find: 1e60 x 8kB reached a uint64_t cast). */
	assert_int_equal(wb_pg_settings_row(&s, "shared_buffers", "1e60", "8kB"), -EINVAL);
	assert_int_equal(wb_pg_settings_row(&s, "max_wal_size", "inf", "MB"), -EINVAL);
	assert_int_equal(s.have, 0);
	assert_string_equal(s.text[WB_PGS_WAL_BUFFERS], "");
	/* A setting walbench does not read is ignored. */
	assert_int_equal(wb_pg_settings_row(&s, "work_mem", "4096", "kB"), 0);
	assert_int_equal(s.have, 0);
	/* -1 ("chosen by the server") stays -1, never 8 kB short of zero. */
	assert_int_equal(wb_pg_settings_row(&s, "wal_buffers", "-1", "8kB"), 0);
	assert_true(s.value[WB_PGS_WAL_BUFFERS] == -1);
	assert_int_equal(wb_pg_settings_row(&s, "commit_delay", "1000", NULL), 0);
	assert_true(s.value[WB_PGS_COMMIT_DELAY] == 1000);
	assert_int_equal(wb_pg_settings_row(&s, "checkpoint_flush_after", "0", ""), 0);
	assert_true(s.value[WB_PGS_CHECKPOINT_FLUSH_AFTER] == 0);

	/* finish: the version is required, and 14 at least; a number no
	 * version has is none (its conversion to unsigned would be undefined). */
	assert_int_equal(wb_pg_settings_finish(&s), -ENOENT);
	assert_int_equal(wb_pg_settings_row(&s, "server_version_num", "1e60", NULL), 0);
	assert_int_equal(wb_pg_settings_finish(&s), -ENOENT);
	assert_int_equal(wb_pg_settings_row(&s, "server_version_num", "130000", NULL), 0);
	assert_int_equal(wb_pg_settings_finish(&s), -ENOTSUP);
	assert_int_equal(s.major, 13);
	assert_int_equal(wb_pg_settings_row(&s, "server_version_num", "90624", NULL), 0);
	assert_int_equal(wb_pg_settings_finish(&s), -ENOTSUP);
	assert_int_equal(wb_pg_settings_row(&s, "server_version_num", "190002", NULL), 0);
	assert_int_equal(wb_pg_settings_finish(&s), 0);
	assert_int_equal(s.major, 19);
	assert_int_equal(s.version_num, 190002);
	assert_int_equal(wb_pg_settings_row(&s, "server_version_num", "devel", NULL), 0);
	assert_int_equal(wb_pg_settings_finish(&s), -ENOENT);
}

static void parse_row(const struct pg_row *r, struct wb_pg_snapshot *s)
{
	const char *names[32], *values[32];

	for (unsigned k = 0; k < r->n; k++) {
		names[k] = r->names[k];
		values[k] = r->text[k];
	}
	assert_int_equal(wb_pg_snapshot_row(s, r->n, names, values), 0);
}

/* (d) Each fixture's two rows parse into what their text says, every counter
 * and timer the major has read. */
static void test_snapshot_rows(void **state)
{
	struct wb_pg_snapshot s;
	struct pg_fixture f;

	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		const struct pg_row *rows[] = { &f.begin, &f.end };
		uint32_t want, want_ms;

		pg_fixture_load(&f, WB_FIXTURES_DIR, major);
		expected(major, &want, &want_ms);
		for (size_t r = 0; r < ARRAY_LEN(rows); r++) {
			parse_row(rows[r], &s);
			assert_int_equal(s.have, want);
			assert_int_equal(s.have_ms, want_ms);
			for (unsigned k = 0; k < rows[r]->n; k++) {
				const char *name = rows[r]->names[k], *text = rows[r]->text[k];
				int c = counter_of(name), t = timer_of(name), v = reset_of(name);

				if (c >= 0)
					assert_int_equal(s.v[c], strtoull(text, NULL, 10));
				else if (t >= 0)
					assert_true(s.ms[t] == strtod(text, NULL));
				else if (v >= 0)
					assert_true((s.have_reset & (1u << v)) &&
						    s.reset_at[v] == strtod(text, NULL));
				else
					assert_true(s.at_s == strtod(text, NULL));
			}
		}
	}
}

/* (d) Numeric sums, float times, SQL NULLs and what is no number. */
static void test_snapshot_row_values(void **state)
{
	const char *names[] = { "at_s", "xact_commit", "wal_sync_time_ms", "wal_writes",
				"checkpoint_write_time_ms", "no_such_column" };
	const char *values[] = { "1767225600.5", "12345", "12.5", NULL, NULL, "7" };
	static const char *const bad[] = { "12abc", "", "-3", "NaN", "Infinity", "1,5" };
	struct wb_pg_snapshot s;

	(void)state;
	assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names), names, values), 0);
	assert_true(s.at_s == 1767225600.5);
	assert_int_equal(s.v[WB_PGC_XACT_COMMIT], 12345);
	assert_true(s.ms[WB_PGT_WAL_SYNC] == 12.5);
	/* a NULL leaves its counter unread, never 0 read */
	assert_int_equal(s.have, 1u << WB_PGC_XACT_COMMIT);
	assert_int_equal(s.have_ms, 1u << WB_PGT_WAL_SYNC);

	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		values[1] = bad[i];
		assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names), names, values), -EINVAL);
	}
	values[1] = "12345";
	/* at_s is required: missing, or NULL */
	assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names) - 1, names + 1, values + 1),
			 -EINVAL);
	values[0] = NULL;
	assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names), names, values), -EINVAL);
}

/* (d) Counters are integers and read as such: bigint's range exactly, where a
 * double would round 2^53 + 1 down and make a delta of 1 into 0; a count no
 * uint64_t holds is no number. */
static void test_snapshot_row_exact(void **state)
{
	const char *names[] = { "at_s", "wal_bytes", "wal_records" };
	const char *values[] = { "1767225600", "9007199254740993", "18446744073709551615" };
	struct wb_pg_snapshot s;

	(void)state;
	assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names), names, values), 0);
	assert_int_equal(s.v[WB_PGC_WAL_BYTES], 9007199254740993ull);
	assert_int_equal(s.v[WB_PGC_WAL_RECORDS], UINT64_MAX);
	values[2] = "18446744073709551616";
	assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names), names, values), -EINVAL);
	values[2] = "1e30";
	assert_int_equal(wb_pg_snapshot_row(&s, ARRAY_LEN(names), names, values), -EINVAL);
}

/* Which query a major gets: none below 14, 18's for a newer one. */
static void test_snapshot_sql_majors(void **state)
{
	(void)state;
	assert_null(wb_pg_snapshot_sql(0));
	assert_null(wb_pg_snapshot_sql(13));
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++)
		assert_non_null(wb_pg_snapshot_sql(major));
	assert_string_equal(wb_pg_snapshot_sql(19), wb_pg_snapshot_sql(18));
	assert_string_equal(wb_pg_snapshot_sql(25), wb_pg_snapshot_sql(18));
	assert_string_not_equal(wb_pg_snapshot_sql(17), wb_pg_snapshot_sql(18));
}

/* The backends' data pages mean the same on every major: what 14-15's
 * buffers_backend counts (each sync request a backend forwards: its writes and
 * its extensions), and from 16, where pg_stat_io has them apart, writes plus
 * extends of shared relations. */
static void test_backend_pages(void **state)
{
	(void)state;
	for (unsigned major = WB_PG_MIN_MAJOR; major <= WB_PG_MAX_MAJOR; major++) {
		const char *sql = wb_pg_snapshot_sql(major);

		if (major <= 15) {
			assert_non_null(strstr(sql, "b.buffers_backend"));
			assert_null(strstr(sql, "pg_stat_io WHERE object = 'relation'"));
			continue;
		}
		if (strstr(sql, "b.buffers_backend"))
			fail_msg("%u reads pg_stat_bgwriter.buffers_backend, not pg_stat_io", major);
		if (!strstr(sql, "(SELECT sum(writes) + sum(extends) FROM pg_catalog.pg_stat_io "
				 "WHERE object = 'relation' AND backend_type NOT IN ('checkpointer', "
				 "'background writer')) AS buffers_backend"))
			fail_msg("%u: backends' pages are not pg_stat_io's writes + extends", major);
	}
}

/* debug_io_direct is a list: "wal" is an item of it, never a substring (the
 * strstr it replaced took "wal_init" and "data, wal_init" for "wal"). */
static void test_io_direct_list(void **state)
{
	static const struct {
		const char *list;
		bool wal;
	} cases[] = {
		{ "", false }, { "wal", true }, { "WAL", true }, { "data", false },
		{ "wal_init", false }, { "data, wal_init", false }, { "wal_init,wal", true },
		{ "data , wal ", true }, { " wal,data", true }, { "\"wal\"", true },
		{ "\"WAL\"", false }, { "walx", false }, { "data,,wal", true },
	};

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++)
		if (wb_pg_io_direct_has(cases[i].list, "wal") != cases[i].wal)
			fail_msg("debug_io_direct '%s': wal %s", cases[i].list,
				 cases[i].wal ? "not found" : "found");
	assert_true(wb_pg_io_direct_has("data, wal_init", "wal_init"));
	assert_true(wb_pg_io_direct_has("Data", "data"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_snapshot_sql_documented),
		cmocka_unit_test(test_scanner_fails),
		cmocka_unit_test(test_sampler_sql_documented),
		cmocka_unit_test(test_databases_sql),
		cmocka_unit_test(test_databases_kept),
		cmocka_unit_test(test_snapshot_sql_outputs),
		cmocka_unit_test(test_settings_sql),
		cmocka_unit_test(test_settings_rows),
		cmocka_unit_test(test_settings_errors),
		cmocka_unit_test(test_snapshot_rows),
		cmocka_unit_test(test_snapshot_row_values),
		cmocka_unit_test(test_snapshot_row_exact),
		cmocka_unit_test(test_snapshot_sql_majors),
		cmocka_unit_test(test_io_direct_list),
		cmocka_unit_test(test_backend_pages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
