/* test_placement_json.c — the results file's placement (recommendation.placement,
 * one object per --wal-candidate, and .placement_baseline) as the writer makes
 * it, byte for byte: each verdict of a synthetic placement run
 * (placement_runs.h) has a golden file in tests/unit/fixtures/placement,
 * NAME.golden.json, of what the writer made of it before the placement became
 * a table of fields: the table may change how it is walked, never what is
 * written. The verdicts: a move (two candidates, the steps naming the data
 * directory), a keep because the one that gains is memory (beside one on the
 * data's own file system and a slower one), a gain that depends on the load,
 * an undecided one, the server's commits predicted (observe's busy file) and
 * not (its idle one, with the server's own load), a failed row and a failed
 * load, a verdict without its run, and none. Each golden also reads back
 * (report/results_reader.h) and is written again from what it read as the
 * same text, less what is never read (each candidate's storage, the run's
 * tests). WB_GOLDEN_WRITE=1 rewrites the goldens (for a new key: review the
 * diff). Writes nothing otherwise. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "advice/placement.h"
#include "golden.h"
#include "placement_runs.h"
#include "report/fields.h"
#include "report/json_parts.h"
#include "report/results_reader.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif

static struct wb_results rs;
static struct wb_placement pl;
static struct wb_saved_results server;
static const char *data_dir; /* the params' data_dir: NULL but for pg_wal apart */
static bool on_data_fs[WB_MAX_SITES]; /* the params': with data_dir, sites on its file system */
static struct wb_placement_at_load at_load[WB_MAX_SITES]; /* the params': measured again */

static const struct site_spec data = { "/srv/data", "ext4", 0, 70, 240, 5000 };
static const struct site_spec wal = { "/srv/wal", "ext4", 1, 100, 330, 4000 };

/* The verdict of rs (min_gain percent), with observe's NAME file as the
 * server when name is not NULL. */
static void decide(double min_gain, bool pgdata, bool live, const char *name)
{
	struct wb_placement_params p = { .min_gain_pct = min_gain, .data_is_pgdata = pgdata,
					 .live_load = live, .data_dir = data_dir };
	char path[512], err[1024] = "";

	memcpy(p.on_data_fs, on_data_fs, sizeof(on_data_fs));
	memcpy(p.at_load, at_load, sizeof(at_load));

	if (name) {
		snprintf(path, sizeof(path), WB_FIXTURES_DIR "/observed/%s.json", name);
		if (wb_saved_read(path, &server, err, sizeof(err)))
			fail_msg("%s", err);
		assert_non_null(server.observed);
		p.server = server.observed;
	}
	wb_placement_decide(&rs, &p, &pl);
}

static void write_again(cJSON *got, const struct wb_saved_results *saved)
{
	wb_fields_add(got, &wb_placement_fields, &saved->rec.placement);
}

/* text, a golden file, read back as a results file's recommendation and
 * written again from what it read: the same, less storage and tests. */
static void round_trip(const char *name, const char *text)
{
	cJSON *root = cJSON_Parse(text), *doc = cJSON_CreateObject(), *rec, *c;
	char *a;

	assert_non_null(root);
	assert_non_null(doc);
	rec = cJSON_Duplicate(root, true);
	assert_non_null(rec);
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(root, "placement"))
		cJSON_DeleteItemFromObject(c, "storage");
	cJSON_DeleteItemFromObject(cJSON_GetObjectItem(root, "placement_baseline"), "tests");
	a = cJSON_Print(root);
	assert_non_null(a);
	cJSON_AddItemToObject(doc, "recommendation", rec);
	golden_round_trip(name, doc, a, write_again);
	cJSON_Delete(root);
	free(a);
}

/* {"placement": ..., "placement_baseline": ...} as the writer makes it of v,
 * against NAME.golden.json, and read back. */
static void golden(const char *name, const struct wb_placement *v)
{
	char path[512], *text;
	cJSON *root = cJSON_CreateObject();
	static struct wb_placement_saving b;
	struct wb_saved_placement s;

	assert_non_null(root);
	wb_saved_placement_of(v, &b, &s);
	wb_fields_add(root, &wb_placement_fields, &s);
	snprintf(path, sizeof(path), WB_FIXTURES_DIR "/placement/%s.golden.json", name);
	text = golden_check_json(path, name, root);
	round_trip(name, text);
	free(text);
}

static void test_move(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal1", "ext4", 1, 84, 290, 4500 },
				 { "/srv/wal2/", "ext4", 2, 98, 330, 4000 } };

	(void)state;
	placement_run_build(&rs, s, 3, 100, 300);
	rs.load.requested_pct = 0; /* the server's pace, given */
	rs.load.requested_per_s = 45;
	decide(5, true, false, NULL);
	assert_int_equal(pl.state, WB_PLACEMENT_MOVE);
	golden("move", &pl);
}

static void test_keep_ram(void **state)
{
	struct site_spec s[] = { data, { "/dev/shm/wal", "tmpfs", 40, 500000, 400000, 2 },
				 { "/srv/data/other", "ext4", 0, 70, 240, 5000 },
				 { "/srv/slow", "ext4", 2, 50, 170, 9000 } };

	(void)state;
	placement_run_build(&rs, s, 4, 100, 300);
	decide(5, false, false, NULL);
	assert_int_equal(pl.state, WB_PLACEMENT_KEEP_RAM);
	golden("keep_ram", &pl);
}

/* pg_wal on a volume of its own: site 0 is it, the load ran in data_dir; a
 * candidate in the data directory is a move back, not "same file system". */
static void test_wal_apart(void **state)
{
	struct site_spec s[] = { { "/mnt/wal", "xfs", 3, 60, 200, 6000 },
				 { "/srv/data", "ext4", 0, 70, 240, 5000 },
				 { "/srv/wal1", "ext4", 1, 84, 290, 4500 } };

	(void)state;
	placement_run_build(&rs, s, 3, 100, 300);
	rs.load.requested_pct = 0; /* the server's pace, given */
	rs.load.requested_per_s = 45;
	data_dir = "/srv/data";
	on_data_fs[1] = true;
	decide(5, true, false, NULL);
	data_dir = NULL;
	memset(on_data_fs, 0, sizeof(on_data_fs));
	assert_true(pl.wal_apart);
	/* the data directory's own file system: its gain is a bound, and said so */
	assert_true(pl.c[0].on_data_fs && pl.c[0].upper_bound && !pl.c[1].on_data_fs);
	assert_string_equal(pl.now, "/mnt/wal");
	assert_string_equal(pl.data, "/srv/data");
	assert_int_equal(pl.state, WB_PLACEMENT_MOVE);
	assert_string_equal(pl.wal_dir, "/srv/wal1");
	assert_false(pl.c[0].same_fs);
	golden("wal_apart", &pl);
}

/* The same with the server's commits predicted (observe's busy file): the
 * candidate on the data volume measured again under the data writes of the
 * commits predicted. At its own load (the commits it was scaled to inside
 * the prediction's interval) at_load says settled and the text and JSON name
 * the load; at another's it does not. A bound either way: a checkpoint's
 * bursts are not the steady load (pgbench: +905 % predicted, +234 %). */
static void test_wal_apart_at_load(void **state)
{
	struct site_spec s[] = { { "/mnt/wal", "xfs", 3, 60, 200, 6000 },
				 { "/srv/data", "ext4", 0, 1000, 2400, 900 },
				 { "/srv/wal1", "ext4", 1, 84, 290, 4500 } };
	double ms;

	(void)state;
	placement_run_build(&rs, s, 3, 100, 300);
	data_dir = "/srv/data";
	on_data_fs[1] = true;
	decide(5, true, false, "busy");
	assert_true(pl.c[0].model.known && pl.c[0].gain.pct > 0);
	assert_true(pl.c[0].upper_bound && !pl.c[0].own_load);
	wb_saved_free(&server);
	/* measured again under the data writes of the commits first predicted,
	 * a flush twice the first: the prediction falls below those commits'
	 * interval, so not its own load */
	ms = 2 * 1000.0 / 1000;
	at_load[1] = (struct wb_placement_at_load){ .rounds = 1, .at_per_s = pl.c[0].model.per_s,
						    .pages_per_s = 90, .flush_ms = ms,
						    .flush_ms_low = 0.9 * ms, .flush_ms_high = 1.1 * ms };
	decide(5, true, false, "busy");
	wb_saved_free(&server);
	assert_true(pl.c[0].model.per_s < at_load[1].at_per_s);
	assert_false(pl.c[0].own_load);
	assert_true(pl.c[0].upper_bound);
	/* round 2, between the two, a flush of 1.2 ms at the commits it then
	 * predicts, inside its interval: its own load */
	ms = 1.2;
	at_load[1] = (struct wb_placement_at_load){ .rounds = 2, .at_per_s = 0, .pages_per_s = 70,
						    .flush_ms = ms, .flush_ms_low = 0.9 * ms,
						    .flush_ms_high = 1.1 * ms };
	decide(5, true, false, "busy");
	wb_saved_free(&server);
	at_load[1].at_per_s = pl.c[0].model.per_s;
	decide(5, true, false, "busy");
	data_dir = NULL;
	memset(on_data_fs, 0, sizeof(on_data_fs));
	memset(at_load, 0, sizeof(at_load));
	assert_true(pl.c[0].own_load);
	/* a checkpoint's bursts: still a bound (pgbench: +905 % predicted, +234 %) */
	assert_true(pl.c[0].upper_bound);
	assert_false(pl.c[1].own_load);
	golden("wal_apart_at_load", &pl);
	wb_saved_free(&server);
}

/* pg_wal on memory now (a tmpfs): a durable candidate is the move, the fastest
 * of them, however much slower than memory; a memory candidate never is. */
static void test_wal_on_memory(void **state)
{
	struct site_spec s[] = { { "/dev/shm/wal", "tmpfs", 40, 500000, 400000, 2 },
				 { "/dev/shm/other", "tmpfs", 41, 500000, 400000, 2 },
				 { "/srv/slow", "ext4", 2, 50, 170, 9000 },
				 { "/srv/wal1", "ext4", 1, 84, 290, 4500 } };

	(void)state;
	placement_run_build(&rs, s, 4, 100, 300);
	rs.load.requested_pct = 0;
	rs.load.requested_per_s = 45;
	data_dir = "/srv/data";
	decide(5, true, false, NULL);
	data_dir = NULL;
	assert_true(pl.now_in_ram);
	assert_int_equal(pl.state, WB_PLACEMENT_MOVE);
	assert_int_equal(pl.best, 2);
	assert_string_equal(pl.wal_dir, "/srv/wal1");
	assert_true(pl.c[2].recommended && !pl.c[0].recommended && !pl.c[1].recommended);
	golden("wal_on_memory", &pl);
}

static void test_depends(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 84, 290, 4500 } };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	decide(5, false, false, NULL);
	assert_int_equal(pl.state, WB_PLACEMENT_DEPENDS);
	golden("depends", &pl);
}

static void test_undecided(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 72.5, 248, 4000 } };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	decide(5, false, false, NULL);
	decide(pl.c[0].gain.high - 0.01, false, false, NULL);
	assert_int_equal(pl.state, WB_PLACEMENT_UNDECIDED);
	golden("undecided", &pl);
}

static void test_server(void **state)
{
	struct site_spec s[] = { data, wal };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	decide(5, true, false, "busy");
	assert_true(pl.c[0].model.known);
	golden("server", &pl);
	wb_saved_free(&server);
}

static void test_server_idle(void **state)
{
	struct site_spec s[] = { data, wal };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	decide(5, true, true, "idle");
	assert_false(pl.c[0].model.known);
	golden("server_idle", &pl);
	wb_saved_free(&server);
}

static void test_failed_row(void **state)
{
	struct site_spec s[] = { data, wal };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	rs.v[3].status = WB_STATUS_ERROR;
	rs.v[3].durability_failure = true;
	snprintf(rs.v[3].reason, sizeof(rs.v[3].reason), "fdatasync: EIO");
	decide(5, false, false, NULL);
	assert_int_equal(pl.failure, WB_PLACEMENT_FAIL_ROW);
	golden("failed_row", &pl);
}

static void test_failed_load(void **state)
{
	struct site_spec s[] = { data, wal };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	rs.load.failed = true;
	snprintf(rs.load.reason, sizeof(rs.load.reason), "the data load's write: ENOSPC on x");
	decide(5, false, false, NULL);
	assert_int_equal(pl.failure, WB_PLACEMENT_FAIL_LOAD);
	golden("failed_load", &pl);
}

/* A verdict whose run is not at hand: no rounds, storage or tests. */
static void test_no_run(void **state)
{
	struct site_spec s[] = { data, wal };

	(void)state;
	placement_run_build(&rs, s, 2, 100, 300);
	rs.load.writes = 300; /* 30/s against 45/s asked: it fell behind */
	decide(5, false, false, NULL);
	pl.rs = NULL;
	golden("no_run", &pl);
}

static void test_none(void **state)
{
	(void)state;
	golden("none", NULL);
}

static int teardown(void **state)
{
	(void)state;
	wb_results_free(&rs);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_move, teardown),
		cmocka_unit_test_teardown(test_keep_ram, teardown),
		cmocka_unit_test_teardown(test_wal_apart, teardown),
		cmocka_unit_test_teardown(test_wal_apart_at_load, teardown),
		cmocka_unit_test_teardown(test_wal_on_memory, teardown),
		cmocka_unit_test_teardown(test_depends, teardown),
		cmocka_unit_test_teardown(test_undecided, teardown),
		cmocka_unit_test_teardown(test_server, teardown),
		cmocka_unit_test_teardown(test_server_idle, teardown),
		cmocka_unit_test_teardown(test_failed_row, teardown),
		cmocka_unit_test_teardown(test_failed_load, teardown),
		cmocka_unit_test_teardown(test_no_run, teardown),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
