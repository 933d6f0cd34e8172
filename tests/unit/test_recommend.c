/* test_recommend.c — the recommender on synthetic results: trial rates made
 * up per method, decided by the real sequential rule (results/decide.c), then
 * judged by wb_recommend. Cases: a clear winner, a tie, a winner below the
 * minimum gain, a failed and an n/a method, a durability failure, tests that
 * fail after their group was decided (all of them; the winner), commits and
 * bulk flushes disagreeing under mixed, and commit_delay for slow and fast
 * flushes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/recommend.h"
#include "results/decide.h"

#define ROUNDS 40

struct spec {
	enum wb_method_id method;
	uint32_t writes;           /* 1: a commit, else a bulk flush of this many pages */
	double rate;               /* mean flushes/s */
	double p50_us;             /* every flush takes this long (for commit_delay) */
	enum wb_status status;
	bool durability_failure;
};

static struct wb_results rs;
/* The method the decision runs against: the default, or a server's own. */
static enum wb_method_id base_method = WB_METHOD_FDATASYNC;

/* The rates' noise, +- this share: 2 % decides; a test that needs an open
 * answer raises it (teardown puts it back). */
static double noise = 0.02;
/* A run written out round by round, where a test's rates must take a shape
 * noise does not give (two halves that disagree): test i's rate in round r is
 * by_round[i][r] where by_round[i] is set, and rounds_run rounds are run (a
 * short --budget). Teardown resets both. */
static unsigned rounds_run = ROUNDS;
static const double *by_round[16];

/* Rates with that noise, which differs by round and by method, the same each run. */
static double noisy(double mean, unsigned round, unsigned k)
{
	uint64_t x = (uint64_t)round * 0x9e3779b97f4a7c15ull ^ (uint64_t)(k + 1) * 0xbf58476d1ce4e5b9ull;

	x ^= x >> 31;
	x *= 0x94d049bb133111ebull;
	x ^= x >> 29;
	return mean * (1.0 + noise * ((double)(x % 2001) / 1000.0 - 1.0));
}

/* Builds rs from specs and runs the decision rule over rounds_run rounds. */
static void build(const struct spec *s, size_t n, double min_gain)
{
	struct wb_decide_params p = { .baseline = base_method, .min_gain_pct = min_gain,
				      .conf = WB_DECIDE_CONF, .equiv_conf = WB_EQUIV_CONF,
				      .min_rounds = WB_DECIDE_MIN_ROUNDS,
				      .min_settle_rounds = WB_DECIDE_MIN_SETTLE_ROUNDS };
	bool done[16] = { false };
	size_t i;
	unsigned r;

	memset(&rs, 0, sizeof(rs));
	rs.adaptive = true;
	rs.decide = true;
	rs.decide_params = p;
	rs.decisions = calloc(n, sizeof(*rs.decisions));
	assert_non_null(rs.decisions);
	for (i = 0; i < n; i++) {
		struct wb_result *x = wb_results_add(&rs, &(struct wb_test){
			.method = s[i].method, .engine = WB_ENGINE_SYNC, .size = 8192,
			.writes_per_op = s[i].writes, .queue_depth = 1, .jobs = 1, .committers = 1,
			.pattern = WB_PATTERN_APPEND, .flush_form = WB_FLUSH_COALESCED });

		assert_non_null(x);
		x->status = s[i].status;
		x->durability_failure = s[i].durability_failure;
		x->hist = malloc(sizeof(*x->hist));
		assert_non_null(x->hist);
		wb_hist_init(x->hist);
		if (x->status == WB_STATUS_OK)
			for (r = 0; r < 200; r++)
				wb_hist_record(x->hist, (uint64_t)(s[i].p50_us * 1e3));
	}
	for (r = 0; r < rounds_run; r++) {
		for (i = 0; i < n; i++)
			if (rs.v[i].status == WB_STATUS_OK && !done[i])
				assert_int_equal(wb_result_add_trial(&rs.v[i], by_round[i] ? by_round[i][r] :
								     noisy(s[i].rate, r, (unsigned)i), r), 0);
		if (wb_decide_step(rs.v, n, &p, done, rs.decisions, &rs.ndecisions, r, r + 1))
			break;
	}
	rs.rounds = r;
	wb_decide_finish(rs.v, n, &p, rs.decisions, rs.ndecisions, r, r, false);
	for (i = 0; i < n; i++)
		wb_stats_compute(rs.v[i].trial_rates, rs.v[i].ntrials, &rs.v[i].stats);
}

static bool recommend(enum wb_workload w, struct wb_recommendation *rec)
{
	struct wb_recommend_params p = { .workload = w, .min_gain_pct = 5.0 };

	return wb_recommend(&rs, &p, rec);
}

/* With a server whose WAL spent flush_busy of its time flushing, each flush
 * flush_ms long. */
static struct wb_pg_observed server;

static bool recommend_for_observed(struct wb_recommendation *rec)
{
	struct wb_recommend_params p = { .workload = WB_WORKLOAD_OLTP, .min_gain_pct = 5.0,
					 .server = &server };

	return wb_recommend(&rs, &p, rec);
}

/* The server as recommend_for_server leaves it, to change before
 * recommend_for_observed. */
static void observed_server(double flush_busy, double flush_ms)
{
	memset(&server, 0, sizeof(server));
	server.rate.flush_busy = flush_busy;
	server.rate.flush_ms = flush_ms;
	server.rate.wal_syncs_per_s = 1000;
	server.rate.flushes = 10000; /* a 10 s window's */
}

static bool recommend_for_server(double flush_busy, double flush_ms, struct wb_recommendation *rec)
{
	observed_server(flush_busy, flush_ms);
	return recommend_for_observed(rec);
}

static int teardown(void **state)
{
	(void)state;
	wb_results_free(&rs);
	base_method = WB_METHOD_FDATASYNC;
	noise = 0.02;
	rounds_run = ROUNDS;
	memset(by_round, 0, sizeof(by_round));
	return 0;
}

#define OK WB_STATUS_OK
#define FDS WB_METHOD_FDATASYNC
#define FS WB_METHOD_FSYNC
#define OD WB_METHOD_OPEN_DATASYNC
#define OS WB_METHOD_OPEN_SYNC

/* fsync 30 % faster than the others, every flush 80 us */
static const struct spec clear_winner[] = {
	{ FDS, 1, 100, 80, OK, false }, { FS, 1, 130, 80, OK, false },
	{ OD, 1, 100, 80, OK, false }, { OS, 1, 101, 80, OK, false },
};

static void test_clear_winner(void **state)
{
	struct wb_recommendation rec;

	(void)state;
	build(clear_winner, 4, 5.0);
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.method, FS);
	assert_true(wb_rec_change(&rec) && rec.significant && rec.decided);
	assert_true(rec.margin_pct > 25 && rec.ci_low_pct > 0);
	assert_int_equal(rec.state, WB_REC_SWITCH);
	assert_int_equal(rec.reason, WB_REC_BY_PART);
	assert_int_equal(rec.oltp.why, WB_PART_BY_DECISION);
	assert_ptr_equal(rec.oltp.decision, &rs.decisions[0]);
	assert_true(rec.has_runner_up && rec.runner_up_pct < 0);
}

/* The same clear winner measured on memory (tmpfs, or a ramfs under a loop
 * file): every method's flush is a no-op there, the ranking noise, so the
 * answer is a tie, the baseline kept, whatever the parts decided; the run's
 * figures stay. */
static void test_memory_is_no_decision(void **state)
{
	struct wb_recommendation rec;

	(void)state;
	build(clear_winner, 4, 5.0);
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "tmpfs");
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_true(rec.on_memory);
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_int_equal(rec.method, FDS);
	assert_false(wb_rec_change(&rec) || rec.significant);
	assert_true(rec.decided);
	assert_int_equal(rs.decisions[0].state, WB_DECIDE_SWITCH); /* the parts' figures stay */
	assert_true(rec.has_runner_up && rec.runner_up == FS);
	/* a disk: the switch stands */
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "ext4");
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_false(rec.on_memory);
	assert_int_equal(rec.state, WB_REC_SWITCH);
}

/* A flush switch that is one in commits too: the server flushes 90 % of the
 * time, so +30 % flushes is about +26 % commits; its own flush time is beside
 * walbench's. */
static void test_server_switch_in_commits(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 130, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 101, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	assert_true(recommend_for_server(0.9, 0.2, &rec));
	assert_int_equal(rec.state, WB_REC_SWITCH);
	assert_int_equal(rec.method, FS);
	assert_true(rec.from_server && rec.commit_scaled && !rec.commit_demoted);
	assert_int_equal(rec.share_source, WB_SHARE_SERVER_TIME);
	assert_true(rec.commit_pct < rec.margin_pct && rec.commit_pct > 20);
	assert_true(rec.commit_low_pct >= 5.0);
	assert_true(rec.crosscheck);
	assert_int_equal(rec.crosscheck_method, FDS);
	assert_float_equal(rec.walbench_flush_ms, 0.08, 0.01);
	assert_float_equal(rec.flush_ratio, 2.5, 0.3);
	assert_true(rec.crosscheck_apart);
	/* four flushes in the window: their mean is no cross-check */
	observed_server(0.9, 0.2);
	server.rate.flushes = 4;
	assert_true(recommend_for_observed(&rec));
	assert_false(rec.crosscheck);
	/* measured where a placement moves pg_wal: the server's flushes ran
	 * elsewhere, and are no cross-check of it */
	observed_server(0.9, 0.2);
	{
		struct wb_recommend_params p = { .workload = WB_WORKLOAD_OLTP, .min_gain_pct = 5.0,
						 .server = &server, .moved = true };

		assert_true(wb_recommend(&rs, &p, &rec));
	}
	assert_false(rec.crosscheck);
	assert_true(rec.crosscheck_elsewhere);
}

/* The same flushes on a server that flushes 10 % of the time: commits gain
 * about 2.4 %, under --min-gain: a tie, the flush winner named. */
static void test_server_flush_switch_is_commit_tie(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 130, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 101, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	assert_true(recommend_for_server(0.1, 0.08, &rec));
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_int_equal(rec.method, FDS);
	assert_true(rec.commit_demoted && rec.decided && !rec.significant);
	assert_int_equal(rec.flush_leader, FS);
	assert_true(rec.commit_high_pct < 5.0 && rec.margin_pct > 25);
	assert_false(rec.crosscheck_apart);
	assert_false(rec.server_delay_known); /* not read: nothing to word as a change */
	/* Without its own flush time, the share is estimated from its flushes per
	 * second and walbench's flush time: 1000/s x 80 us = 8 %. */
	observed_server(NAN, NAN);
	server.set.have |= 1u << WB_PGS_COMMIT_DELAY;
	server.set.value[WB_PGS_COMMIT_DELAY] = 1000;
	assert_true(recommend_for_observed(&rec));
	assert_true(rec.server_delay_known);
	assert_float_equal(rec.server_commit_delay_us, 1000, 1e-9);
	assert_int_equal(rec.share_source, WB_SHARE_ESTIMATED);
	assert_float_equal(rec.flush_share, 0.08, 0.01);
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_false(rec.crosscheck);
}

/* An answer still open on flushes is a tie in commits only when no method's
 * interval reaches the minimum gain there. The budget's open method (the
 * slowest to settle) is not always the one that reaches highest: here it is
 * set to fsync, the same as fdatasync, whose top in commits is under 5 %,
 * while open_datasync, 6 % faster on flushes, may still gain more than 5 % in
 * commits at 40 % of the server's time: undecided, and its words name
 * open_datasync and how far it may reach. */
static void test_server_open_tie_asks_every_method(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 100, 80, OK, false },
		{ OD, 1, 106, 80, OK, false }, { OS, 1, 94, 80, OK, false },
	};
	struct wb_recommendation rec;
	struct wb_comparison fs, od;

	(void)state;
	noise = 0.3;
	build(s, 4, 5.0);
	assert_int_equal(rs.decisions[0].state, WB_DECIDE_UNDECIDED);
	assert_true(wb_result_compare(&rs.v[0], &rs.v[1], 0.95, &fs));
	assert_true(wb_result_compare(&rs.v[0], &rs.v[2], 0.95, &od));
	assert_true(wb_commit_gain_pct(fs.ci95_high_pct, 0.4) < 5.0);
	assert_true(wb_commit_gain_pct(od.ci95_high_pct, 0.4) >= 5.0);
	rs.decisions[0].settle = (struct wb_settle){ .known = true, .method = FS,
						     .vs_baseline = fs, .s_per_round = 1,
						     .more_rounds = 60, .budget_s = 120 };
	assert_true(recommend_for_server(0.4, 0.08, &rec));
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_false(rec.decided);
	assert_int_equal(rec.method, FDS);
	assert_int_equal(rec.settle.method, OD);
	assert_float_equal(rec.settle.vs_baseline.ci95_high_pct, od.ci95_high_pct, 1e-9);
	assert_float_equal(rec.settle.budget_s, 120, 1e-9);
	/* At a tenth of the server's time, no method reaches 5 % in commits: a tie. */
	assert_true(recommend_for_server(0.1, 0.08, &rec));
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_true(rec.decided);
	assert_true(rec.commit_high_pct < 5.0);
}

/* The flushes leave fdatasync against open_datasync open (the set-up above).
 * An idle server's window (2 flushes, 3 commits in 10 s, 0.01 % flushing)
 * says nothing of its commits: the flushes decide alone, undecided, where
 * scaling every flush gain by 0.01 % read as commits +0.0 % [+0.0, +0.0], a
 * proven tie. And a run a signal stopped proves no tie in commits either,
 * though a real share (10 %) would make one of a whole run. */
static void test_server_idle_or_interrupted_is_no_tie(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 100, 80, OK, false },
		{ OD, 1, 106, 80, OK, false }, { OS, 1, 94, 80, OK, false },
	};
	struct wb_recommendation rec;
	struct wb_comparison od;

	(void)state;
	noise = 0.3;
	build(s, 4, 5.0);
	assert_int_equal(rs.decisions[0].state, WB_DECIDE_UNDECIDED);
	assert_true(wb_result_compare(&rs.v[0], &rs.v[2], 0.95, &od));
	rs.decisions[0].settle = (struct wb_settle){ .known = true, .method = OD,
						     .vs_baseline = od, .s_per_round = 1,
						     .more_rounds = 60, .budget_s = 120 };
	observed_server(0.0001, 0.05);
	server.seconds = 10;
	server.rate.commits_per_s = 0.3;
	server.rate.flushes = 2;
	server.rate.server_cpus = 0.0;
	assert_true(recommend_for_observed(&rec));
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_true(rec.server_idle);
	assert_float_equal(rec.server_commits, 3, 1e-9);
	assert_float_equal(rec.server_flushes, 2, 1e-9);
	assert_false(rec.commit_scaled);
	assert_false(rec.cpu_bound);
	assert_int_equal(rec.share_source, WB_SHARE_NONE);
	assert_false(rec.decided);
	/* the same run, a busy server at 10 % flushing: a tie in commits ... */
	assert_true(recommend_for_server(0.1, 0.08, &rec));
	assert_false(rec.server_idle);
	assert_int_equal(rec.state, WB_REC_TIE);
	/* ... but not after a Ctrl-C */
	rs.interrupted = 2; /* SIGINT */
	assert_true(recommend_for_server(0.1, 0.08, &rec));
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_false(rec.decided);
}

/* A server with fsync = off flushes nothing: the clear flush winner above is
 * no recommendation for it, and the verdict says why. */
/* The audit's run (recommend on a loop ext4 of a busy host, --budget 20s, the
 * default mixed workload), as a fixture of 12 rounds: on 128 kB flushes fsync
 * is some 15 % slower, its 95 % interval wholly below 0, but only the first
 * half of the run shows it (the second scatters round fdatasync), so it is
 * neither dropped nor settled, and no budget can be estimated for it; on
 * commits open_sync's interval straddles +5 %. The answer is open on
 * open_sync, the only method that may still gain the minimum: the words name
 * it, and say of fsync that the halves disagreed. They named fsync, slower,
 * and said it 'sits so near --min-gain 5.0%' that no budget under an hour
 * would settle it. */
static void test_undecided_names_what_is_open(void **state)
{
	static const double base[12] = { 100, 100, 100, 100, 100, 100,
					 100, 100, 100, 100, 100, 100 };
	static const double slower[12] = { 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90 };
	static const double straddles[12] = { 92, 110, 95, 108, 90, 112,
					      94, 109, 91, 111, 96, 107 };
	static const double split[12] = { 72, 74, 70, 73, 71, 72,
					  114, 112, 110, 96, 88, 98 };
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 90, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 100, 80, OK, false },
		{ FDS, 16, 100, 400, OK, false }, { FS, 16, 85, 400, OK, false },
		{ OD, 16, 100, 400, OK, false }, { OS, 16, 100, 400, OK, false },
	};
	struct wb_recommendation rec;
	struct wb_comparison fs, os;
	const struct wb_settle *bulk;

	(void)state;
	rounds_run = 12;
	by_round[0] = by_round[2] = by_round[4] = by_round[6] = by_round[7] = base;
	by_round[1] = slower;
	by_round[3] = straddles;
	by_round[5] = split;
	build(s, 8, 5.0);
	/* the fixture is the audit's case */
	assert_true(wb_result_compare(&rs.v[4], &rs.v[5], 0.95, &fs));
	assert_true(fs.ci95_high_pct < 0.0 && !fs.replicated && !rs.v[5].dropped);
	assert_true(wb_result_compare(&rs.v[0], &rs.v[3], 0.95, &os));
	assert_true(os.ci95_low_pct < 5.0 && os.ci95_high_pct > 5.0);
	assert_int_equal(rs.decisions[0].state, WB_DECIDE_UNDECIDED);
	assert_int_equal(rs.decisions[1].state, WB_DECIDE_UNDECIDED);
	/* bulk's open question is fsync's halves, which no budget is known to mend */
	bulk = &rs.decisions[1].settle;
	assert_true(bulk->known);
	assert_int_equal(bulk->method, FS);
	assert_int_equal(bulk->why, WB_SETTLE_NOT_REPLICATED);
	assert_int_equal(bulk->split_method, FS);
	assert_float_equal(bulk->budget_s, 0.0, 1e-12);

	assert_true(recommend(WB_WORKLOAD_MIXED, &rec));
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
	assert_int_equal(rec.method, FDS);
	assert_int_equal(rec.settle.method, OS);
	/* open_sync leads its group by point too: named once, not as a leader beside itself */
	assert_int_equal(rs.decisions[0].leader_method, OS);
	assert_false(rec.settle.has_leader);
	assert_float_equal(rec.settle.vs_baseline.ci95_high_pct, os.ci95_high_pct, 1e-9);
	assert_int_equal(rec.settle.why, WB_SETTLE_NOT_REPLICATED);
	assert_int_equal(rec.settle.split_method, FS);
	assert_float_equal(rec.settle.split.diff_pct, fs.diff_pct, 1e-9);
	assert_int_equal(rec.runner_up, OS);
	/* Each names its flush: open_sync's commits, though the budget's group,
	 * whose settle the answer took first, was bulk's; fsync's bulk flushes. */
	assert_string_equal(rec.settle.shape, "commit");
	assert_int_equal(rec.settle.flush_bytes, 8192);
	assert_string_equal(rec.settle.split_shape, "bulk");
	assert_int_equal(rec.settle.split_flush_bytes, 16 * 8192);
	assert_string_equal(bulk->shape, "bulk");
	assert_int_equal(bulk->flush_bytes, 16 * 8192);
}

static void test_server_fsync_off(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 130, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 101, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	observed_server(NAN, NAN);
	server.rate.fsync_off = true;
	assert_false(recommend_for_observed(&rec));
	assert_int_equal(rec.state, WB_REC_FAILED);
	assert_int_equal(rec.failure, WB_REC_FAIL_FSYNC_OFF);
	assert_int_equal(rec.method, WB_METHOD_COUNT);
}

/* synchronous_commit = off: commits do not wait for the flush, so the +30 %
 * flush winner that is a switch at 90 % flushing gains commits nothing: a tie,
 * the flush winner named, the share 0 and said to come from the setting. */
static void test_server_async_commit(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 130, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 101, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	observed_server(0.9, 0.2);
	server.rate.async_commit = true;
	assert_true(recommend_for_observed(&rec));
	assert_int_equal(rec.share_source, WB_SHARE_ASYNC_COMMIT);
	assert_float_equal(rec.flush_share, 0.0, 1e-12);
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_int_equal(rec.method, FDS);
	assert_true(rec.commit_demoted && rec.decided);
	assert_int_equal(rec.flush_leader, FS);
	assert_float_equal(rec.commit_pct, 0.0, 1e-12);
	assert_float_equal(rec.commit_high_pct, 0.0, 1e-12);
	/* commit_delay sleeps in XLogFlush, which an asynchronous commit skips */
	assert_int_equal(rec.commit_why, WB_DELAY_ASYNC_COMMIT);
	assert_int_equal(rec.commit_delay_us, 0);
}

/* Against the server's own method: it is the baseline, and a tie keeps it. */
static void test_server_baseline(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 100, 80, OK, false },
		{ OD, 1, 100.5, 80, OK, false }, { OS, 1, 99.5, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	base_method = FS;
	build(s, 4, 5.0);
	assert_true(recommend_for_server(0.5, 0.08, &rec));
	assert_int_equal(rec.baseline, FS);
	assert_int_equal(rec.method, FS);
	/* Kept: the commit figures are the best other method's, never 0 of itself. */
	assert_true(rec.commit_scaled && rec.has_runner_up);
	assert_int_equal(rec.commit_method, rec.runner_up);
	assert_true(rec.commit_low_pct < rec.commit_high_pct);
	assert_true(rec.state == WB_REC_TIE || rec.state == WB_REC_UNDECIDED);
	assert_false(wb_rec_change(&rec));
}

static void test_tie_keeps_default(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 100, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 100, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.method, FDS);
	assert_false(wb_rec_change(&rec));
	assert_true(rec.decided);
	assert_true(rec.has_runner_up); /* named, with its margin */
	assert_true(fabs(rec.runner_up_pct) < 5);
	assert_int_equal(rec.state, WB_REC_TIE);
}

static void test_winner_below_min_gain(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 102.5, 80, OK, false },
		{ OD, 1, 100, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 3, 5.0);
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.method, FDS);
	assert_false(wb_rec_change(&rec));
	assert_int_equal(rec.state, WB_REC_TIE);
	assert_int_equal(rec.runner_up, FS);
}

/* A method that failed (not a durability failure) or is n/a is never chosen,
 * however fast the rest of its group is. */
static void test_failed_and_na_never_chosen(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 0, 0, WB_STATUS_ERROR, false },
		{ OD, 1, 0, 0, WB_STATUS_NA, false }, { OS, 1, 140, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.method, OS);
	assert_false(wb_rec_failed(&rec));
}

static void test_durability_failure_stops(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 0, 0, WB_STATUS_ERROR, true },
		{ OS, 1, 140, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 3, 5.0);
	strcpy(rs.v[1].reason, "fsync: Input/output error");
	assert_false(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_true(wb_rec_failed(&rec));
	assert_int_equal(rec.method, WB_METHOD_COUNT);
	assert_int_equal(rec.state, WB_REC_FAILED);
	assert_int_equal(rec.failure, WB_REC_FAIL_DURABILITY);
	assert_ptr_equal(rec.failed_test, &rs.v[1]);
}

/* Every test ran, the group was decided, then every test failed (the file system
 * shut down under the run; open or write EIO, no sync failed): nothing is left to
 * decide from, and the verdict says which failure, never "keep fdatasync". */
static void test_all_failed_after_the_decision(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 100, 80, OK, false },
		{ OD, 1, 100, 80, OK, false }, { OS, 1, 100, 80, OK, false },
	};
	struct wb_recommendation rec;
	size_t i;

	(void)state;
	build(s, 4, 5.0);
	for (i = 0; i < 4; i++) {
		rs.v[i].status = WB_STATUS_ERROR;
		strcpy(rs.v[i].reason, "open /mnt/walbench.1.0.tmp: Input/output error");
	}
	assert_false(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_true(wb_rec_failed(&rec));
	assert_int_equal(rec.method, WB_METHOD_COUNT);
	assert_int_equal(rec.state, WB_REC_FAILED);
	assert_int_equal(rec.failure, WB_REC_FAIL_NOT_MEASURED);
	assert_ptr_equal(rec.failed_test, &rs.v[0]); /* the first error: fdatasync's */
}

/* fsync won by 30 % and the group switched to it, then fsync failed: it is not
 * recommended, the default is kept, and the reason names the failure. */
static void test_leader_failed_after_the_decision(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { FS, 1, 130, 80, OK, false },
		{ OD, 1, 100, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 3, 5.0);
	assert_int_equal(rs.decisions[0].state, WB_DECIDE_SWITCH);
	rs.v[1].status = WB_STATUS_ERROR;
	strcpy(rs.v[1].reason, "write: Input/output error");
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.method, FDS);
	assert_false(wb_rec_change(&rec) || rec.decided || rec.oltp.decided);
	assert_int_equal(rec.oltp.why, WB_PART_LEADER_FAILED);
	assert_ptr_equal(rec.oltp.leader, &rs.v[1]);
	/* open_datasync is named, but no tie was shown */
	assert_int_equal(rec.state, WB_REC_UNDECIDED);
}

/* open_datasync wins commits by 30 % but loses bulk flushes by 60 % (K separate
 * synchronous writes): weighed half each, no switch. */
static void test_mixed_disagreeing_parts(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { OD, 1, 130, 80, OK, false },
		{ FDS, 16, 100, 400, OK, false }, { OD, 16, 40, 400, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	assert_true(recommend(WB_WORKLOAD_MIXED, &rec));
	assert_int_equal(rec.oltp.method, OD);
	assert_int_equal(rec.bulk.method, FDS);
	assert_int_equal(rec.method, FDS);
	assert_int_equal(rec.reason, WB_REC_PARTS_OFFSET);
	/* oltp alone would switch */
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.method, OD);
}

/* Commits gain 30 %, bulk ties: the switch costs bulk nothing. */
static void test_mixed_gain_without_loss(void **state)
{
	static const struct spec s[] = {
		{ FDS, 1, 100, 80, OK, false }, { OD, 1, 130, 80, OK, false },
		{ FDS, 16, 100, 400, OK, false }, { OD, 16, 100, 400, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(s, 4, 5.0);
	assert_true(recommend(WB_WORKLOAD_MIXED, &rec));
	assert_int_equal(rec.method, OD);
	assert_true(wb_rec_change(&rec));
	assert_int_equal(rec.state, WB_REC_SWITCH);
	assert_int_equal(rec.reason, WB_REC_PARTS_WEIGHED);
	assert_true(rec.weighed_oltp_pct > 25 && fabs(rec.weighed_bulk_pct) < 5);
	assert_true(rec.weighed_pct > rec.min_gain_pct);
}

static void test_commit_delay(void **state)
{
	static const struct spec slow[] = {
		{ FDS, 1, 100, 4000, OK, false }, { FS, 1, 100, 4000, OK, false },
	};
	static const struct spec fast[] = {
		{ FDS, 1, 10000, 80, OK, false }, { FS, 1, 10000, 80, OK, false },
	};
	struct wb_recommendation rec;

	(void)state;
	build(slow, 2, 5.0);
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_true(rec.commit_delay_us > 1900 && rec.commit_delay_us < 2100);
	assert_int_equal(rec.commit_siblings, 5);
	assert_int_equal(rec.commit_why, WB_DELAY_HALF_FLUSH);
	assert_true(rec.flush_p50_us > 3800 && rec.flush_p50_us < 4200);
	wb_results_free(&rs);
	build(fast, 2, 5.0);
	assert_true(recommend(WB_WORKLOAD_OLTP, &rec));
	assert_int_equal(rec.commit_delay_us, 0);
	assert_int_equal(rec.commit_why, WB_DELAY_TOO_FAST);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_clear_winner, teardown),
		cmocka_unit_test_teardown(test_memory_is_no_decision, teardown),
		cmocka_unit_test_teardown(test_server_switch_in_commits, teardown),
		cmocka_unit_test_teardown(test_server_flush_switch_is_commit_tie, teardown),
		cmocka_unit_test_teardown(test_server_open_tie_asks_every_method, teardown),
		cmocka_unit_test_teardown(test_server_idle_or_interrupted_is_no_tie, teardown),
		cmocka_unit_test_teardown(test_undecided_names_what_is_open, teardown),
		cmocka_unit_test_teardown(test_server_fsync_off, teardown),
		cmocka_unit_test_teardown(test_server_async_commit, teardown),
		cmocka_unit_test_teardown(test_server_baseline, teardown),
		cmocka_unit_test_teardown(test_tie_keeps_default, teardown),
		cmocka_unit_test_teardown(test_winner_below_min_gain, teardown),
		cmocka_unit_test_teardown(test_failed_and_na_never_chosen, teardown),
		cmocka_unit_test_teardown(test_durability_failure_stops, teardown),
		cmocka_unit_test_teardown(test_all_failed_after_the_decision, teardown),
		cmocka_unit_test_teardown(test_leader_failed_after_the_decision, teardown),
		cmocka_unit_test_teardown(test_mixed_disagreeing_parts, teardown),
		cmocka_unit_test_teardown(test_mixed_gain_without_loss, teardown),
		cmocka_unit_test_teardown(test_commit_delay, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
