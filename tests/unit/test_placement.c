/* test_placement.c — the pg_wal placement verdict on synthetic placement runs
 * (placement_runs.h); the group-commit rows decide. Cases: a
 * clear gain, a gain below --min-gain, no gain, the same file system, a slower
 * candidate, a memory-backed candidate, single sessions disagreeing, the best of two, the steps' paths,
 * a gain only under an assumed load (depends on load) against the server's pace,
 * failures of a row and of the load, and when a run may stop early. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "advice/placement.h"
#include "placement_runs.h"
#include "results/decide.h"

static struct wb_results rs;
static struct wb_placement pl;

static void build(const struct site_spec *s, size_t n, double idle_commit, double idle_group)
{
	placement_run_build(&rs, s, n, idle_commit, idle_group);
}

static bool decide(double min_gain, bool pgdata)
{
	struct wb_placement_params p = { .min_gain_pct = min_gain, .data_is_pgdata = pgdata };

	return wb_placement_decide(&rs, &p, &pl);
}

static const struct site_spec data = { "/srv/data", "ext4", 0, 70, 240, 5000 };

/* The load as the user gave it: the server's own pace (--data-load 45/s), not a
 * share of the volume's capacity. */
static void given_pace(void)
{
	rs.load.requested_pct = 0;
	rs.load.requested_per_s = 45;
}

/* A candidate that beats the data volume under the assumed 30 % load but not
 * when it is idle: the server's write rate decides, so no move; with the
 * server's pace given, the same figures move. */
static void depends_on_load_under_an_assumed_load(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 84, 290, 4500 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_false(pl.c[0].move);
	assert_true(pl.c[0].depends_on_load);
	assert_true(pl.c[0].gain.significant && pl.c[0].gain.pct > 15);
	assert_false(pl.c[0].idle_gain.significant && pl.c[0].idle_gain.pct >= 5);
	assert_int_equal(pl.best, -1);
	assert_string_equal(pl.wal_dir, "/srv/data");
	assert_int_equal(pl.state, WB_PLACEMENT_DEPENDS);
	assert_int_equal(pl.named, 0);
	assert_int_equal(pl.c[0].why, WB_PLACE_DEPENDS_ON_LOAD);

	build(s, 2, 100, 300);
	given_pace();
	assert_true(decide(5, false));
	assert_true(pl.c[0].move);
	assert_false(pl.c[0].depends_on_load);
	assert_int_equal(pl.best, 0);
}

static void clear_gain_moves(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 100, 330, 4000 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_false(pl.failed);
	assert_int_equal(pl.n, 1);
	assert_true(pl.c[0].move);
	assert_false(pl.c[0].same_device);
	assert_true(pl.c[0].gain.significant);
	assert_true(pl.c[0].gain.pct > 35 && pl.c[0].gain.pct < 50);
	assert_true(pl.c[0].gain.low > 0);
	assert_int_equal(pl.best, 0);
	assert_string_equal(pl.wal_dir, "/srv/wal");
	assert_int_equal(pl.state, WB_PLACEMENT_MOVE);
	assert_int_equal(pl.c[0].why, WB_PLACE_MOVE);
	assert_false(pl.c[0].upper_bound);
	/* The load slowed group commits on the data volume by about 20 %. */
	assert_true(pl.slowdown_known && pl.slowdown_significant);
	assert_true(pl.slowdown_pct > 15 && pl.slowdown_pct < 25);
	assert_true(pl.load_kept_up);
	assert_false(pl.data_is_pgdata);
}

static void gain_below_min_gain_stays(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 72.5, 248, 4000 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_true(pl.c[0].gain.significant);
	assert_false(pl.c[0].move);
	assert_int_equal(pl.best, -1);
	assert_int_equal(pl.c[0].why, WB_PLACE_BELOW_MIN_GAIN);
	/* proven: the interval's top is below --min-gain */
	assert_true(pl.c[0].gain.high < 5);
	assert_false(pl.c[0].open);
	assert_int_equal(pl.state, WB_PLACEMENT_KEEP);
	assert_true(pl.min_gain_pct == 5);
}

/* The same gain, against a --min-gain its interval still reaches: keeping
 * pg_wal is not proven, the verdict is undecided and names the candidate. */
static void gain_that_may_reach_min_gain_is_undecided(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 72.5, 248, 4000 } };
	double high;

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	high = pl.c[0].gain.high;
	assert_true(decide(high - 0.01, false));
	assert_int_equal(pl.c[0].why, WB_PLACE_BELOW_MIN_GAIN);
	assert_true(pl.c[0].open);
	assert_false(pl.c[0].move);
	assert_int_equal(pl.best, -1);
	assert_int_equal(pl.state, WB_PLACEMENT_UNDECIDED);
	assert_int_equal(pl.named, 0);
	assert_string_equal(pl.wal_dir, "/srv/data");
}

static void no_gain_stays(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 70, 240, 5000 } };

	(void)state;
	build(s, 2, 70, 240);
	assert_true(decide(5, false));
	assert_false(pl.c[0].gain.significant);
	assert_false(pl.c[0].move);
	assert_int_equal(pl.c[0].why, WB_PLACE_WITHIN_NOISE);
	/* An idle volume as fast as a loaded one: the load did not slow commits. */
	assert_false(pl.slowdown_significant);
	assert_true(pl.slowdown_known);
	/* within +-2 % noise, the interval tops out below 5 %: a proven keep */
	assert_false(pl.c[0].open);
	assert_int_equal(pl.state, WB_PLACEMENT_KEEP);
	/* against a --min-gain inside its interval: no gain shown, none ruled out */
	assert_true(decide(pl.c[0].gain.high - 0.01, false));
	assert_int_equal(pl.c[0].why, WB_PLACE_WITHIN_NOISE);
	assert_true(pl.c[0].open);
	assert_int_equal(pl.state, WB_PLACEMENT_UNDECIDED);
}

static void same_file_system_named(void **state)
{
	struct site_spec s[] = { data, { "/srv/data/other", "ext4", 0, 70, 240, 5000 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_true(pl.c[0].same_fs);
	assert_true(pl.c[0].same_device);
	assert_false(pl.c[0].move);
	assert_true(pl.c[0].why == WB_PLACE_WITHIN_NOISE || pl.c[0].why == WB_PLACE_HALVES_DISAGREE);
}

/* A directory on the data's own file system that measured faster (noise, or
 * drift between turns, as on a CPU-bound /tmp): never a move. */
static void same_file_system_never_moves(void **state)
{
	struct site_spec s[] = { data, { "/srv/data/other", "ext4", 0, 84, 290, 4500 } };

	(void)state;
	build(s, 2, 70, 240);
	given_pace();
	assert_true(decide(5, false));
	assert_true(pl.c[0].same_fs);
	assert_true(pl.c[0].gain.significant && pl.c[0].gain.pct >= 5);
	assert_false(pl.c[0].move);
	assert_false(pl.c[0].recommended);
	assert_int_equal(pl.c[0].why, WB_PLACE_SAME_FS_GAINS);
	assert_int_equal(pl.state, WB_PLACEMENT_KEEP);
}

static void slower_candidate_stays(void **state)
{
	struct site_spec s[] = { data, { "/srv/slow", "ext4", 2, 50, 170, 9000 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_true(pl.c[0].gain.significant);
	assert_true(pl.c[0].gain.pct < 0);
	assert_false(pl.c[0].move);
	assert_int_equal(pl.c[0].why, WB_PLACE_SLOWER);
}

static void memory_is_never_recommended(void **state)
{
	struct site_spec s[] = { data, { "/dev/shm/wal", "tmpfs", 40, 500000, 400000, 2 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_true(pl.c[0].move);     /* what it measured */
	assert_true(pl.c[0].in_ram);
	assert_true(pl.c[0].upper_bound);
	assert_int_equal(pl.best, -1); /* what it says */
	assert_int_equal(pl.c[0].why, WB_PLACE_MOVE);
	assert_int_equal(pl.state, WB_PLACEMENT_KEEP_RAM);
	assert_int_equal(pl.named, 0);
	assert_string_equal(pl.wal_dir, "/srv/data");
}

static void single_session_loss_vetoes(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 50, 330, 4000 } };

	(void)state;
	build(s, 2, 100, 300);
	assert_true(decide(5, false));
	assert_true(pl.c[0].gain.significant && pl.c[0].gain.pct > 5);
	assert_true(pl.c[0].single_gain.significant && pl.c[0].single_gain.pct < 0);
	assert_false(pl.c[0].move);
	assert_int_equal(pl.c[0].why, WB_PLACE_SINGLE_LOSES);
}

static void best_of_two_and_pgdata_steps(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal1", "ext4", 1, 84, 290, 4500 },
				 { "/srv/wal2/", "ext4", 2, 98, 330, 4000 } };

	(void)state;
	build(s, 3, 100, 300);
	given_pace();
	assert_true(decide(5, true));
	assert_true(pl.c[0].move && pl.c[1].move);
	assert_int_equal(pl.best, 1);
	assert_string_equal(pl.wal_dir, "/srv/wal2/");
	assert_true(pl.data_is_pgdata); /* the steps can name the cluster's own directory */
}

static void durability_failure_no_verdict(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 100, 330, 4000 } };

	(void)state;
	build(s, 2, 100, 300);
	rs.v[3].status = WB_STATUS_ERROR;
	rs.v[3].durability_failure = true;
	snprintf(rs.v[3].reason, sizeof(rs.v[3].reason), "fdatasync: EIO");
	assert_false(decide(5, false));
	assert_true(pl.failed);
	assert_int_equal(pl.state, WB_PLACEMENT_FAILED);
	assert_int_equal(pl.failure, WB_PLACEMENT_FAIL_ROW);
	assert_ptr_equal(pl.failed_test, &rs.v[3]);
	assert_int_equal(pl.best, -1);
}

static void load_failure_no_verdict(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 100, 330, 4000 } };

	(void)state;
	build(s, 2, 100, 300);
	rs.load.failed = true;
	rs.load.durability_failure = true;
	snprintf(rs.load.reason, sizeof(rs.load.reason), "the data load's fsync: EIO on x");
	assert_false(decide(5, false));
	assert_true(pl.failed);
	assert_int_equal(pl.failure, WB_PLACEMENT_FAIL_LOAD);
}

static void load_that_fell_behind_is_said(void **state)
{
	struct site_spec s[] = { data, { "/srv/wal", "ext4", 1, 100, 330, 4000 } };

	(void)state;
	build(s, 2, 100, 300);
	rs.load.writes = 300; /* 30/s over 10 s against 45/s asked */
	assert_true(decide(5, false));
	assert_false(pl.load_kept_up);
	assert_true(pl.load_achieved_per_s > 29 && pl.load_achieved_per_s < 31);
}

/* The early stop (results/decide.c): only at a look, and only once every
 * candidate's commit gain is clear of --min-gain one way or the other. */
static void settled_only_when_clear(void **state)
{
	struct site_spec clear[] = { data, { "/srv/wal", "ext4", 1, 100, 330, 4000 },
				     { "/srv/same", "ext4", 0, 71.4, 240, 5000 } };
	struct site_spec straddles[] = { data, { "/srv/wal", "ext4", 1, 73.5, 252, 4000 } };
	struct site_spec idle_straddles[] = { data, { "/srv/wal", "ext4", 1, 90, 315, 4000 } };

	(void)state;
	build(clear, 3, 100, 300);
	assert_true(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS, false));
	assert_false(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS + 1, false)); /* no look */
	assert_false(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS - 1, false));
	build(straddles, 2, 100, 300);
	assert_false(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS, false));
	/* A failed candidate row never lets the run stop early. */
	build(clear, 3, 100, 300);
	rs.v[6].status = WB_STATUS_ERROR; /* candidate 1, group commit */
	assert_false(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS, false));
	/* Clear against the loaded data directory, straddling --min-gain against the
	 * idle one: settled only when the idle comparison does not count. */
	build(idle_straddles, 2, 100, 300);
	assert_true(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS, false));
	assert_false(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS, true));
	build(clear, 3, 100, 300);
	assert_true(wb_placement_settled(rs.v, rs.n, 5, WB_DECIDE_MIN_ROUNDS, true));
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
		cmocka_unit_test_teardown(clear_gain_moves, teardown),
		cmocka_unit_test_teardown(gain_below_min_gain_stays, teardown),
		cmocka_unit_test_teardown(gain_that_may_reach_min_gain_is_undecided, teardown),
		cmocka_unit_test_teardown(no_gain_stays, teardown),
		cmocka_unit_test_teardown(same_file_system_named, teardown),
		cmocka_unit_test_teardown(same_file_system_never_moves, teardown),
		cmocka_unit_test_teardown(slower_candidate_stays, teardown),
		cmocka_unit_test_teardown(memory_is_never_recommended, teardown),
		cmocka_unit_test_teardown(single_session_loss_vetoes, teardown),
		cmocka_unit_test_teardown(best_of_two_and_pgdata_steps, teardown),
		cmocka_unit_test_teardown(depends_on_load_under_an_assumed_load, teardown),
		cmocka_unit_test_teardown(durability_failure_no_verdict, teardown),
		cmocka_unit_test_teardown(load_failure_no_verdict, teardown),
		cmocka_unit_test_teardown(load_that_fell_behind_is_said, teardown),
		cmocka_unit_test_teardown(settled_only_when_clear, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
