/* test_words.c — the sentences report/words.h makes, on synthetic verdicts:
 * every state and reason code of each decision, worded exactly as the text and
 * JSON outputs print them (the words the advice/ tests used to check). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "report/words.h"

#define FDS WB_METHOD_FDATASYNC
#define FS WB_METHOD_FSYNC
#define OD WB_METHOD_OPEN_DATASYNC

/* A recommendation the recommender could have made: oltp, decided. */
static struct wb_recommendation rec_of(enum wb_rec_state state, enum wb_method_id m)
{
	return (struct wb_recommendation){
		.workload = WB_WORKLOAD_OLTP, .state = state, .method = m,
		.change = state == WB_REC_SWITCH, .decided = state != WB_REC_KEEP_UNDECIDED,
		.commit_siblings = WB_COMMIT_SIBLINGS, .min_gain_pct = 5.0,
		.oltp = { .measured = true, .decided = true, .method = m },
	};
}

static void rec_switch(void **state)
{
	struct wb_group_decision d = { .reason = "fsync beat fdatasync" };
	struct wb_recommendation rec = rec_of(WB_REC_SWITCH, FS);
	struct wb_rec_words w;

	(void)state;
	rec.margin_pct = 29.96, rec.ci_low_pct = 21.04, rec.ci_high_pct = 38.5;
	rec.oltp.decision = &d;
	rec.commit_why = WB_DELAY_HALF_FLUSH;
	rec.flush_p50_us = 4000, rec.commit_delay_us = 2000;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Set wal_sync_method = fsync: +30.0% [+21.0%, +38.5%] over "
			    "fdatasync for this oltp workload");
	assert_string_equal(w.reason, "fsync beat fdatasync");
	assert_string_equal(w.failure, "");
	assert_string_equal(w.commit_reason, "a commit flush takes a median 4.0 ms: with 5 or more "
			    "transactions active, a committer that waits half of that lets others "
			    "join its flush (PostgreSQL's documentation: start at half the "
			    "single-flush time); raise it only if TPS under load improves");
	assert_int_equal(w.nconfig, 3);
	assert_string_equal(w.config[0], "wal_sync_method = fsync\t# +30.0% [+21.0%, +38.5%] over "
			    "fdatasync, measured by walbench");
	assert_string_equal(w.config[1], "commit_delay = 2000\t# half a median commit flush");
	assert_string_equal(w.config[2], "commit_siblings = 5\t# only wait when this many others "
			    "are active");
	assert_int_equal(w.nalter, 4);
	assert_string_equal(w.alter[0], "ALTER SYSTEM SET wal_sync_method = 'fsync';");
	assert_string_equal(w.alter[1], "ALTER SYSTEM SET commit_delay = 2000;");
	assert_string_equal(w.alter[2], "ALTER SYSTEM SET commit_siblings = 5;");
	assert_string_equal(w.alter[3], "SELECT pg_reload_conf();  -- all three take effect on reload");
}

static void rec_keep(void **state)
{
	struct wb_recommendation rec = rec_of(WB_REC_KEEP, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.has_runner_up = true, rec.runner_up = FS;
	rec.runner_up_pct = -1.25, rec.runner_up_low = -3.5, rec.runner_up_high = 1.0;
	rec.commit_why = WB_DELAY_TOO_FAST, rec.flush_p50_us = 80.4;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: keep wal_sync_method = fdatasync (the best other, "
			    "fsync, -1.2% [-3.5%, +1.0%], is not worth a change)");
	assert_string_equal(w.reason, ""); /* no decision to point to */
	assert_string_equal(w.commit_reason, "a commit flush takes a median 80 us: too fast for a "
			    "delay to pay (it would add about as much latency as it saves); leave "
			    "commit_delay at 0");
	assert_int_equal(w.nconfig, 2);
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: no other "
			    "method gains enough (a tie)");
	assert_string_equal(w.config[1], "commit_delay = 0\t# flushes are fast");
	assert_int_equal(w.nalter, 3);
	assert_string_equal(w.alter[1], "ALTER SYSTEM SET commit_delay = 0;");
	rec.has_runner_up = false;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Keep wal_sync_method = fdatasync");
}

/* The leader won, then failed: keep, undecided, and the part says why. */
static void rec_undecided_leader_failed(void **state)
{
	struct wb_result leader = { .test = { .method = FS } };
	struct wb_recommendation rec = rec_of(WB_REC_KEEP_UNDECIDED, FDS);
	struct wb_rec_words w;
	char why[WB_WORDS_WHY_LEN];

	(void)state;
	snprintf(leader.reason, sizeof(leader.reason), "write: Input/output error");
	rec.oltp.why = WB_PART_LEADER_FAILED, rec.oltp.leader = &leader, rec.oltp.decided = false;
	rec.has_runner_up = true, rec.runner_up = OD;
	rec.commit_why = WB_DELAY_NOT_MEASURED;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "fsync led, then failed (write: Input/output error): keep "
			    "fdatasync");
	assert_string_equal(wb_words_part_why(&rec.oltp, why, sizeof(why)), w.reason);
	assert_string_equal(w.headline, "No clear winner: keep wal_sync_method = fdatasync (the "
			    "best other, open_datasync, +0.0% [+0.0%, +0.0%], is not worth a change)");
	assert_string_equal(w.commit_reason, "not measured (no 8 kB commit flushes in this run): "
			    "leave commit_delay at 0");
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: no other "
			    "method gains significantly");
}

static void rec_mixed(void **state)
{
	struct wb_group_decision o = { .reason = "commits: A" }, b = { .reason = "bulk: B" };
	struct wb_recommendation rec = rec_of(WB_REC_KEEP, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.workload = WB_WORKLOAD_MIXED;
	rec.oltp.decision = &o;
	rec.bulk = (struct wb_part_verdict){ .measured = true, .method = FDS, .decision = &b };
	rec.reason = WB_REC_PARTS_AGREE;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "commits and bulk flushes agree: commits: A; bulk: B");
	rec.oltp.method = OD;
	rec.reason = WB_REC_PARTS_OFFSET;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "commits say open_datasync, bulk flushes fdatasync: what one "
			    "part gains the other loses (weighed half each, under 5.0%), so keep "
			    "fdatasync");
	rec = rec_of(WB_REC_SWITCH, OD);
	rec.workload = WB_WORKLOAD_MIXED;
	rec.bulk = (struct wb_part_verdict){ .measured = true, .method = FDS,
					     .why = WB_PART_SIZES_DISAGREE };
	rec.reason = WB_REC_PARTS_WEIGHED;
	rec.weighed_pct = 15.0, rec.weighed_oltp_pct = 30.0, rec.weighed_bulk_pct = 0.04;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "commits say open_datasync, bulk flushes fdatasync; weighed "
			    "half each, open_datasync gains 15.0% (commits +30.0%, bulk +0.0%), at "
			    "least the 5.0% asked");
	assert_string_equal(w.headline, "Set wal_sync_method = open_datasync: +0.0% [+0.0%, +0.0%] "
			    "over fdatasync for this mixed workload");
	rec.workload = WB_WORKLOAD_BULK, rec.reason = WB_REC_BY_PART;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "the bulk flush sizes disagree on a method: keep fdatasync");
}

static void rec_failed(void **state)
{
	struct wb_result r = { .test = { .method = FS, .engine = WB_ENGINE_SYNC } };
	struct wb_recommendation rec;
	struct wb_rec_words w;

	(void)state;
	snprintf(r.reason, sizeof(r.reason), "fsync: Input/output error");
	wb_recommend_none(WB_WORKLOAD_OLTP, WB_REC_FAIL_DURABILITY, NULL, &rec);
	rec.failed_test = &r;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.failure, "DURABILITY FAILURE: fsync on sync failed: fsync: "
			    "Input/output error");
	assert_string_equal(w.headline, "NO RECOMMENDATION: DURABILITY FAILURE: fsync on sync "
			    "failed: fsync: Input/output error. Do not put a database here until "
			    "this is explained.");
	assert_int_equal(w.nconfig, 0);
	assert_string_equal(w.reason, "");

	r.test.method = FDS;
	snprintf(r.reason, sizeof(r.reason), "open /mnt/walbench.1.0.tmp: Input/output error");
	rec.failure = WB_REC_FAIL_NOT_MEASURED;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "NO RECOMMENDATION: nothing to decide from: the commit "
			    "flushes were not measured against fdatasync (fdatasync failed: open "
			    "/mnt/walbench.1.0.tmp: Input/output error)");
	rec.failed_test = NULL, rec.workload = WB_WORKLOAD_BULK;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.failure, "nothing to decide from: the bulk flushes were not "
			    "measured against fdatasync");

	wb_recommend_none(WB_WORKLOAD_OLTP, WB_REC_FAIL_INTERRUPTED, NULL, &rec);
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.failure, "interrupted during the placement");
	assert_string_equal(w.headline, "No recommendation: interrupted.");
}

static void q_headlines(void **state)
{
	struct wb_qualification q = { .chosen = -1, .asked = "missing" };
	struct wb_result r = { .durability_failure = true };
	struct wb_q_words w;

	(void)state;
	wb_words_qualification(&q, &w);
	assert_string_equal(w.headline, "No tier named missing.");
	assert_string_equal(w.trend, ""); /* no commit row was read */
	q.ntiers = 1, q.chosen = 0;
	snprintf(q.tiers[0].name, sizeof(q.tiers[0].name), "standard");
	wb_words_qualification(&q, &w);
	assert_string_equal(w.headline, "standard: PASS");
	q.tiers[0].verdict = WB_Q_FAIL;
	wb_words_qualification(&q, &w);
	assert_string_equal(w.headline, "standard: FAIL");
	q.tiers[0].verdict = WB_Q_INCONCLUSIVE;
	wb_words_qualification(&q, &w);
	assert_string_equal(w.headline, "standard: INCONCLUSIVE");
	snprintf(r.test.label, sizeof(r.test.label), "commit");
	snprintf(r.reason, sizeof(r.reason), "fdatasync: EIO");
	q = (struct wb_qualification){ .failed = true, .chosen = -1, .failed_test = &r };
	wb_words_qualification(&q, &w);
	assert_string_equal(w.failure, "DURABILITY FAILURE: commit: fdatasync: EIO");
	assert_string_equal(w.headline, "No verdict: DURABILITY FAILURE: commit: fdatasync: EIO");
	r.durability_failure = false;
	wb_words_qualification(&q, &w);
	assert_string_equal(w.headline, "No verdict: commit: fdatasync: EIO");
}

static void q_trend_and_outcome(void **state)
{
	struct wb_q_trend t = { .sliced = true };
	struct wb_q_outcome o = { .crit = { .shape = WB_Q_SHAPE_COMMIT,
					    .metric = WB_Q_FLUSHES_PER_S, .threshold = 200 } };
	char buf[240];

	(void)state;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "too few time slices to tell "
			    "burst from sustained (give it more --duration)");
	t.known = true, t.burst_per_s = 1010, t.sustained_per_s = 990;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "steady: sustained 990/s to "
			    "the end; burst 1010/s");
	t.fell = true, t.burst_per_s = 3000, t.sustained_per_s = 800, t.fell_after_s = 30;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "sustained 800/s after 30 s; "
			    "burst 3000/s (73 % lower once a cache, an SLC area or a thermal limit "
			    "ran out)");
	o.result = WB_Q_NOT_MEASURED;
	assert_string_equal(wb_words_q_outcome(&o, buf, sizeof(buf)), "commit flushes_per_s: not "
			    "measured");
	o.fig = (struct wb_q_figure){ .measured = true, .value = 300, .low = 250, .high = 350 };
	o.result = WB_Q_PASS;
	assert_string_equal(wb_words_q_outcome(&o, buf, sizeof(buf)), "commit flushes_per_s 300/s "
			    "[250, 350] >= 200/s: pass");
	o.crit.metric = WB_Q_P99_MS, o.crit.threshold = 10, o.result = WB_Q_FAIL;
	o.fig = (struct wb_q_figure){ .measured = true, .value = 15, .low = 12, .high = 20 };
	assert_string_equal(wb_words_q_outcome(&o, buf, sizeof(buf)), "commit p99_ms 15 ms [12, "
			    "20] <= 10 ms: fail");
}

static void q_findings(void **state)
{
	static struct wb_results rs;
	struct wb_qualification q = { .rs = &rs };
	struct wb_finding f = { .code = WB_FINDING_IN_MEMORY };
	struct wb_finding_words w;
	const char *power_cut = "flushes may not reach stable storage; run `walbench verify` "
				"with a power cut";

	(void)state;
	snprintf(rs.target, sizeof(rs.target), "/dev/shm/x");
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "tmpfs");
	snprintf(rs.device.block_name, sizeof(rs.device.block_name), "sda");
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "/dev/shm/x is memory (tmpfs): nothing on it survives a "
			    "power cut or a reboot");
	assert_string_equal(w.advice, "never put a database's WAL or data here");
	f = (struct wb_finding){ .code = WB_FINDING_FASTER_THAN_ROTATION, .rate_per_s = 1000 };
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "1000 flushes/s on a disk that reports itself rotational "
			    "(sda): one flush a turn allows at most 250/s even at 15,000 rpm");
	assert_string_equal(w.advice, power_cut);
	rs.device.virtual_disk = true;
	wb_words_finding(&q, &f, &w);
	assert_non_null(strstr(w.evidence, "15,000 rpm; it is a virtual disk, whose flag is the "
			       "hypervisor's"));
	f = (struct wb_finding){ .code = WB_FINDING_LIKE_A_WRITE, .flush_us = 12, .write_us = 11.96 };
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "an 8 kB commit flush takes 12.0 us (median), an unsynced "
			    "8 kB write 12.0 us: the flush did no more work than the write");
	assert_string_equal(w.advice, power_cut);
	f.code = WB_FINDING_VOLATILE_NO_FUA;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "sda has a volatile write cache (queue/write_cache = write "
			    "back) and no FUA: every durable write relies on a cache-flush command "
			    "the device must honour");
	assert_string_equal(w.advice, "make sure the cache is battery- or capacitor-backed, or "
			    "run `walbench verify` with a power cut");
	f.code = WB_FINDING_VIRTUAL_DISK;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "sda is a virtual disk: its cache and rotational flags are "
			    "what the hypervisor shows, not the host's storage");
	assert_string_equal(w.advice, "ask the provider what a flush guarantees, or run `walbench "
			    "verify` with a power cut of the host");
	assert_string_equal(wb_finding_name(WB_FINDING_LIKE_A_WRITE), "flush-no-slower-than-write");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rec_switch),
		cmocka_unit_test(rec_keep),
		cmocka_unit_test(rec_undecided_leader_failed),
		cmocka_unit_test(rec_mixed),
		cmocka_unit_test(rec_failed),
		cmocka_unit_test(q_headlines),
		cmocka_unit_test(q_trend_and_outcome),
		cmocka_unit_test(q_findings),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
