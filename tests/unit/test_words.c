/* test_words.c — the sentences report/words.h makes, on synthetic verdicts:
 * every state and reason code of each decision, worded exactly as the text and
 * JSON outputs print them (the words the advice/ tests used to check). */
#include <math.h>
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
#define OS WB_METHOD_OPEN_SYNC

/* A recommendation the recommender could have made: oltp, decided. */
static struct wb_recommendation rec_of(enum wb_rec_state state, enum wb_method_id m)
{
	return (struct wb_recommendation){
		.workload = WB_WORKLOAD_OLTP, .state = state, .method = m, .baseline = FDS,
		.decided = state != WB_REC_UNDECIDED,
		.commit_siblings = WB_COMMIT_SIBLINGS, .min_gain_pct = 5.0,
		.oltp = { .measured = true, .decided = true, .method = m },
	};
}

static void rec_switch(void **state)
{
	struct wb_group_decision d = {
		.why = WB_WHY_BEATS, .leader_method = FS,
		.margin = { .diff_pct = 29.96, .ci95_low_pct = 21.04, .ci95_high_pct = 38.5 },
		.params = { .baseline = FDS, .conf = 0.99, .min_gain_pct = 5.0 },
	};
	struct wb_recommendation rec = rec_of(WB_REC_SWITCH, FS);
	struct wb_rec_words w;

	(void)state;
	rec.margin_pct = 29.96, rec.ci_low_pct = 21.04, rec.ci_high_pct = 38.5;
	rec.oltp.decision = &d;
	rec.commit_why = WB_DELAY_HALF_FLUSH;
	rec.flush_p50_us = 4000, rec.commit_delay_us = 2000;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Set wal_sync_method = fsync: flushes +30.0% [+21.0%, "
			    "+38.5%] over fdatasync for this oltp workload; commits gain at most "
			    "that, less where the CPU sets the rate");
	assert_string_equal(w.reason, "fsync beats fdatasync by 30.0% [21.0%, 38.5%] (99% CI), at "
			    "least the 5.0% asked");
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
	/* commit_siblings = 5 is PostgreSQL's default: documented, not pinned */
	assert_int_equal(w.nalter, 3);
	assert_string_equal(w.alter[0], "ALTER SYSTEM SET wal_sync_method = 'fsync';");
	assert_string_equal(w.alter[1], "ALTER SYSTEM SET commit_delay = 2000;");
	assert_string_equal(w.alter[2], "SELECT pg_reload_conf();  -- both take effect on reload");
	/* a server that runs another commit_siblings: all three change */
	rec.from_server = true, rec.server_delay_known = true, rec.server_siblings_known = true;
	rec.server_commit_siblings = 10;
	wb_words_recommendation(&rec, &w);
	assert_int_equal(w.nalter, 4);
	assert_string_equal(w.alter[2], "ALTER SYSTEM SET commit_siblings = 5;");
	assert_string_equal(w.alter[3], "SELECT pg_reload_conf();  -- all three take effect on reload");
	/* one that runs this delay already: only the method */
	rec.server_commit_delay_us = 2000, rec.server_commit_siblings = 5;
	wb_words_recommendation(&rec, &w);
	assert_int_equal(w.nconfig, 3); /* the conf lines still say every setting */
	assert_int_equal(w.nalter, 2);
	assert_string_equal(w.alter[0], "ALTER SYSTEM SET wal_sync_method = 'fsync';");
	assert_string_equal(w.alter[1], "SELECT pg_reload_conf();  -- it takes effect on reload");
}

static void rec_tie(void **state)
{
	struct wb_recommendation rec = rec_of(WB_REC_TIE, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.has_runner_up = true, rec.runner_up = FS;
	rec.runner_up_pct = -1.25, rec.runner_up_low = -3.5, rec.runner_up_high = 1.0;
	rec.commit_why = WB_DELAY_TOO_FAST, rec.flush_p50_us = 80.4;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: keep wal_sync_method = fdatasync: no other method is "
			    "5.0% faster, not worth a change (the best other, fsync, -1.2% [-3.5%, "
			    "+1.0%])");
	assert_string_equal(w.reason, ""); /* no decision to point to */
	/* On memory every flush is a no-op: the tie says so first, before any
	 * figure, and the best other method is not offered as a near miss. */
	rec.on_memory = true;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: keep wal_sync_method = fdatasync: on memory, every "
			    "method's flush is a no-op: nothing to choose; measure the disk pg_wal "
			    "will live on");
	assert_string_equal(w.reason, "on memory, every method's flush is a no-op: nothing to "
			    "choose");
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: on memory, "
			    "nothing to choose (a tie)");
	rec.on_memory = false;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.commit_reason, "a commit flush takes a median 80 us: too fast for a "
			    "delay to pay (it would add about as much latency as it saves); leave "
			    "commit_delay at 0");
	assert_int_equal(w.nconfig, 2);
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: no other "
			    "method gains enough (a tie)");
	assert_string_equal(w.config[1], "commit_delay = 0\t# flushes are fast");
	/* PostgreSQL's defaults kept: an ALTER SYSTEM of them would pin them in
	 * postgresql.auto.conf, over any later edit of postgresql.conf */
	assert_int_equal(w.nalter, 0);
	assert_string_equal(wb_words_alter_none(rec.from_server, false), "nothing to change: every "
			    "setting above is PostgreSQL's default");
	rec.has_runner_up = false;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: keep wal_sync_method = fdatasync: no other method is "
			    "5.0% faster, not worth a change");
	/* a server that runs another commit_delay: the advice is a change, said as one */
	rec.from_server = true, rec.server_delay_known = true, rec.server_commit_delay_us = 1000;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.commit_reason, "a commit flush takes a median 80 us: too fast for a "
			    "delay to pay (it would add about as much latency as it saves); you run "
			    "commit_delay = 1000: set it to 0");
	assert_string_equal(w.config[1], "commit_delay = 0\t# flushes are fast (you run 1000)");
	assert_int_equal(w.nalter, 2); /* the method the server runs is kept: no line */
	assert_string_equal(w.alter[0], "ALTER SYSTEM SET commit_delay = 0;");
	assert_string_equal(w.alter[1], "SELECT pg_reload_conf();  -- it takes effect on reload");
	rec.commit_why = WB_DELAY_NOT_MEASURED;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.config[1], "commit_delay = 1000\t# what the server runs: not "
			    "measured here");
	assert_int_equal(w.nalter, 0); /* what the server runs, kept */
	assert_string_equal(wb_words_alter_none(rec.from_server, false), "nothing to change: the "
			    "server already runs every setting above");
	/* after a move of pg_wal, "nothing to change" would deny the move */
	assert_string_equal(wb_words_alter_none(rec.from_server, true), "no setting to change: the "
			    "server already runs every setting above (moving pg_wal, above, is the "
			    "change)");
	/* not measured, and the server runs 0: the line says why it is 0, not a
	 * speed the run never measured */
	rec.server_commit_delay_us = 0;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.config[1], "commit_delay = 0\t# not measured: no 8 kB commit flushes "
			    "in this run");
	/* synchronous_commit = off: commit_delay would delay nothing */
	rec.commit_why = WB_DELAY_ASYNC_COMMIT, rec.server_commit_delay_us = 1000;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.commit_reason, "with synchronous_commit = off commits wait for no "
			    "flush, and commit_delay delays only a commit that does: you run "
			    "commit_delay = 1000: set it to 0");
	assert_string_equal(w.config[1], "commit_delay = 0\t# commits wait for no flush (you run "
			    "1000)");
	rec.server_commit_delay_us = 0;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.config[1], "commit_delay = 0\t# commits wait for no flush");
}

/* With a server, a tie is asked in commits: the best other's flush figures
 * and then its commit figures; a tie the flushes left open says why it is
 * one all the same. */
static void rec_server_tie_in_commits(void **state)
{
	struct wb_group_decision d = { .why = WB_WHY_BUDGET_OPEN, .params = { .baseline = FDS,
									  .min_gain_pct = 5.0 } };
	struct wb_recommendation rec = rec_of(WB_REC_TIE, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.from_server = true, rec.commit_scaled = true, rec.flush_share = 0.35;
	rec.share_source = WB_SHARE_SERVER_TIME;
	rec.has_runner_up = true, rec.runner_up = FS;
	rec.runner_up_pct = -4.5, rec.runner_up_low = -15.4, rec.runner_up_high = 8.0;
	rec.commit_pct = -1.6, rec.commit_low_pct = -5.8, rec.commit_high_pct = 2.7;
	rec.oltp.decision = &d, rec.oltp.decided = false, rec.oltp.state = WB_DECIDE_UNDECIDED;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: you run fdatasync; keep it: no other method is 5.0% "
			    "faster in commits, not worth a change (the best other, fsync, -4.5% "
			    "[-15.4%, +8.0%]), in commits -1.6% [-5.8%, +2.7%]");
	assert_non_null(strstr(w.reason, "; but in commits no method's interval reaches 5.0%: the "
			       "flushes are 35% of the server's time, so the tie is proven there"));
	/* decided on flushes already: nothing to add */
	rec.oltp.decided = true, rec.oltp.state = WB_DECIDE_TIE;
	wb_words_recommendation(&rec, &w);
	assert_null(strstr(w.reason, "in commits"));
}

/* An idle server's window: the commits line says the flushes decide alone,
 * never "+0.0% in commits"; and where the flush is a sliver of a busy
 * server's time, the CPU is said to set the rate only when the server used
 * one (the audit's read "the CPU sets the rate" at 0.00 CPUs). */
static void rec_server_idle_words(void **state)
{
	struct wb_recommendation rec = rec_of(WB_REC_UNDECIDED, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.from_server = true, rec.server_idle = true;
	rec.server_commits = 3, rec.server_flushes = 1;
	rec.share_source = WB_SHARE_NONE, rec.flush_share = NAN;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.commits, "the server was idle in the window: 3 commits, 1 flush; the "
			    "decision is on flushes alone");
	rec = rec_of(WB_REC_TIE, FDS);
	rec.from_server = rec.commit_scaled = true, rec.flush_share = 0.001;
	rec.share_source = WB_SHARE_SERVER_TIME;
	wb_words_recommendation(&rec, &w);
	assert_null(strstr(w.commits, "the CPU"));
	assert_non_null(strstr(w.commits, "the rest of each commit sets the rate"));
	rec.cpu_bound = true;
	wb_words_recommendation(&rec, &w);
	assert_non_null(strstr(w.commits, "the CPU sets the rate"));
}

/* Every other method proven slower: a keep, said as one, never a tie. */
static void rec_keep_slower(void **state)
{
	struct wb_recommendation rec = rec_of(WB_REC_KEEP, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.has_runner_up = true, rec.runner_up = OD;
	rec.runner_up_pct = -12.0, rec.runner_up_low = -15.1, rec.runner_up_high = -9.2;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Keep wal_sync_method = fdatasync: every other method is "
			    "slower (the best other, open_datasync, -12.0% [-15.1%, -9.2%])");
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: every other "
			    "method is slower");
}

/* A settle worded from a results file: the switch's confidence is the
 * file's decision.confidence, named beside the 95 % interval; a file with no
 * decision (NAN) names none rather than a guessed one. Only a method that may
 * still be faster has a switch to speak of. */
static void saved_settle_switch_conf(void **state)
{
	static const struct {
		double conf;      /* the file's decision.confidence */
		const char *said; /* what the words add after "95% CI" */
	} files[] = { { 0.995, "; a switch needs 99.5%" }, { 0.99, "; a switch needs 99%" },
		      { NAN, "" } };
	struct wb_saved_settle st = {
		.known = true, .method = "fsync", .why = "no-estimate", .min_gain_pct = 5.0,
		.vs_baseline = { .diff_pct = -1.0, .ci_low_pct = -32.0, .ci_high_pct = 44.2 },
	};
	char buf[WB_WORDS_SETTLE_LEN], want[WB_WORDS_SETTLE_LEN];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(want, sizeof(want), "fsync may be up to +44.2%% faster (-1.0%% [-32.0%%, "
			 "+44.2%%], 95%% CI%s); this run is too short to estimate the budget that "
			 "would settle it: give it a longer --budget", files[i].said);
		assert_string_equal(wb_words_saved_settle(&st, files[i].conf, buf, sizeof(buf)),
				    want);
	}
	st.vs_baseline = (struct wb_saved_comparison){ .diff_pct = -9.0, .ci_low_pct = -15.0,
						       .ci_high_pct = -3.0 };
	assert_null(strstr(wb_words_saved_settle(&st, 0.995, buf, sizeof(buf)), "switch"));
}

/* The budget ran out: the first word says so, the open question is named
 * with its interval, and the budget that would settle it is given; never
 * "not worth a change". */
static void rec_undecided_settle(void **state)
{
	struct wb_recommendation rec = rec_of(WB_REC_UNDECIDED, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.has_runner_up = true, rec.runner_up = OD;
	rec.settle = (struct wb_settle){
		.known = true, .method = OD, .more_rounds = 34, .s_per_round = 2.0, .budget_s = 180,
		.vs_baseline = { .diff_pct = 11.7, .ci95_low_pct = 2.7, .ci95_high_pct = 21.5 },
	};
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "open_datasync may be up to +21.5% faster (+11.7% [+2.7%, +21.5%], 95% "
			    "CI); about 68 more seconds would settle it: --budget 3m");
	assert_null(strstr(w.headline, "not worth"));
	/* The decision's why names the leader by point ("fsync leads fdatasync
	 * by"); a headline naming only open_datasync, open and reaching higher,
	 * read as another answer beside it. Both are named, each with what it
	 * is, on the flush they share. */
	rec.settle.has_leader = true, rec.settle.leader = FS;
	rec.settle.leader_vs_baseline = (struct wb_comparison){ .diff_pct = 13.0,
								.ci95_low_pct = 9.1,
								.ci95_high_pct = 17.0 };
	rec.settle.shape = "commit", rec.settle.flush_bytes = 8192;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "fsync leads by point on commit 8kB flushes (+13.0% [+9.1%, +17.0%], "
			    "95% CI), not proven; open_datasync, the one that may still gain most, "
			    "may be up to +21.5% faster (+11.7% [+2.7%, +21.5%], 95% CI); about 68 "
			    "more seconds would settle it: --budget 3m");
	/* the open one reaching no higher than the leader: named for the budget */
	rec.settle.leader_vs_baseline.ci95_high_pct = 25.0;
	wb_words_recommendation(&rec, &w);
	assert_non_null(strstr(w.headline, "not proven; open_datasync, the slowest to settle, may "
					   "be up to +21.5% faster (+11.7%"));
	/* the leader itself open: named once */
	rec.settle.leader = OD;
	wb_words_recommendation(&rec, &w);
	assert_null(strstr(w.headline, "leads by point"));
	rec.settle.has_leader = false, rec.settle.shape = NULL, rec.settle.flush_bytes = 0;
	/* "up to +21.5%" is the top of the tie's 95 % interval, and a reader
	 * took it at the 99.5 % a switch is decided at: the words say which
	 * confidence is which, the interval's and the switch's. */
	rec.settle.switch_conf = WB_DECIDE_CONF;
	wb_words_recommendation(&rec, &w);
	if (!strstr(w.headline, "faster (+11.7% [+2.7%, +21.5%], 95% CI; a switch needs 99.5%); "
				"about 68 more seconds"))
		fail_msg("the switch's confidence is not named: %s", w.headline);
	rec.settle.switch_conf = 0.0; /* not known (a hand-made settle): not said */
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: undecided, "
			    "kept for now");
	assert_int_equal(w.nalter, 0);
	/* a server that runs fdatasync and commit_delay 0: nothing to pin, as
	 * with no server (an ALTER SYSTEM of them would override postgresql.conf) */
	rec.from_server = true, rec.server_delay_known = true, rec.server_commit_delay_us = 0;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# what the server runs: "
			    "undecided, kept for now");
	assert_int_equal(w.nalter, 0);
	/* one that runs open_datasync: keeping it is no change either, though
	 * it is not PostgreSQL's default */
	rec.baseline = rec.method = OD;
	wb_words_recommendation(&rec, &w);
	assert_int_equal(w.nalter, 0);
	rec.from_server = false; /* without a server open_datasync is a change */
	wb_words_recommendation(&rec, &w);
	assert_int_equal(w.nalter, 2);
	assert_string_equal(w.alter[0], "ALTER SYSTEM SET wal_sync_method = 'open_datasync';");
	rec.baseline = rec.method = FDS, rec.server_delay_known = false;
	/* Each reason for no budget is said only where it is the reason
	 * (results/decision.h's wb_settle_why): beyond an hour, near the gain */
	rec.settle.budget_s = 0.0;
	rec.settle.why = WB_SETTLE_BEYOND_MAX;
	rec.settle.more_rounds = 4000;
	rec.settle.vs_baseline = (struct wb_comparison){ .diff_pct = 2.0, .ci95_low_pct = -1.0,
							 .ci95_high_pct = 5.2 };
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "open_datasync may be up to +5.2% faster (+2.0% [-1.0%, +5.2%], 95% CI); "
			    "it sits so near --min-gain 5.0% that no budget under an hour would "
			    "settle it");
	/* the audit's run: fsync slower on 128 kB flushes, but its halves
	 * disagreed; open_sync, named, straddles the gain on commits. Far from
	 * the gain, never "near" it. */
	rec.settle.why = WB_SETTLE_NOT_REPLICATED;
	rec.settle.more_rounds = INFINITY;
	rec.settle.method = OS;
	rec.settle.vs_baseline = (struct wb_comparison){ .diff_pct = -2.5, .ci95_low_pct = -11.2,
							 .ci95_high_pct = 7.2 };
	rec.settle.split_method = FS;
	rec.settle.split = (struct wb_comparison){ .diff_pct = -15.5, .ci95_low_pct = -27.3,
						   .ci95_high_pct = -1.8, .paired = true };
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "open_sync may be up to +7.2% faster (-2.5% [-11.2%, +7.2%], 95% CI); "
			    "the two halves of the run disagreed on fsync (-15.5% [-27.3%, -1.8%]), "
			    "so no budget can be estimated: rerun, or give it a longer --budget");
	assert_null(strstr(w.headline, "near"));
	/* Each figure names its flush, where the run has several (schema 27):
	 * a mixed run's +7.2 % read as of every flush, beside a bulk row where
	 * open_sync was slower. The split's is named where it is another. */
	rec.settle.shape = "commit", rec.settle.flush_bytes = 8192;
	rec.settle.split_shape = "bulk", rec.settle.split_flush_bytes = 131072;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "open_sync may be up to +7.2% faster on commit 8kB flushes (-2.5% "
			    "[-11.2%, +7.2%], 95% CI); the two halves of the run disagreed on fsync "
			    "(bulk 128kB flushes: -15.5% [-27.3%, -1.8%]), so no budget can be "
			    "estimated: rerun, or give it a longer --budget");
	/* the method named is the one whose halves disagreed, on the same flush */
	rec.settle.method = FS;
	rec.settle.vs_baseline = rec.settle.split;
	rec.settle.shape = "bulk", rec.settle.flush_bytes = 131072;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "fsync is -15.5% [-27.3%, -1.8%] (95% CI) on bulk 128kB flushes, not yet "
			    "shown within +-5.0% or slower; the two halves of the run disagreed on "
			    "it, so no budget can be estimated: rerun, or give it a longer --budget");
	/* the same method, split on another flush: named with it */
	rec.settle.flush_bytes = 1048576;
	wb_words_recommendation(&rec, &w);
	assert_non_null(strstr(w.headline, "on bulk 1MiB flushes, not yet shown within +-5.0% or "
			       "slower; the two halves of the run disagreed on fsync (bulk 128kB "
			       "flushes: -15.5%"));
	rec.settle.flush_bytes = 131072;
	/* a server where no flush gain can reach --min-gain in commits: the
	 * flush gain asked is the cap, said as that */
	rec.from_server = true, rec.flush_min_gain_pct = WB_SERVER_MAX_FLUSH_GAIN_PCT;
	wb_words_recommendation(&rec, &w);
	assert_non_null(strstr(w.headline, "on bulk 128kB flushes, not yet shown to tie or be "
			       "slower, though no flush gain can reach --min-gain in commits on "
			       "this server; "));
	assert_null(strstr(w.headline, "200"));
	rec.from_server = false;
	/* no estimate at all (too few rounds to see a spread): no reason claimed */
	rec.settle.why = WB_SETTLE_NO_ESTIMATE;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "fsync is -15.5% [-27.3%, -1.8%] (95% CI) on bulk 128kB flushes, not yet "
			    "shown within +-5.0% or slower; this run is too short to estimate the "
			    "budget that would settle it: give it a longer --budget");
	/* a run a signal stopped: no --budget fell short, none is asked for */
	rec.settle.interrupted = true;
	wb_words_recommendation(&rec, &w);
	assert_non_null(strstr(w.headline, "; it was interrupted too soon to estimate the budget "
			       "that would settle it: run it again, uninterrupted"));
	assert_null(strstr(w.headline, "--budget"));
	rec.settle.interrupted = false;
	/* two rounds of a noisy pair (Welch, on the log scale): a low end of
	 * -99.99 % printed "-100.0%", a total loss it is not */
	rec.settle.method = OD;
	rec.settle.shape = "commit", rec.settle.flush_bytes = 8192;
	rec.settle.vs_baseline = (struct wb_comparison){ .diff_pct = -69.95, .ci95_low_pct = -99.991,
							 .ci95_high_pct = 104011.6 };
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "open_datasync may be up to +104011.60% faster on commit 8kB flushes "
			    "(-69.95% [-99.99%, +104011.60%], 95% CI); this run is too short to "
			    "estimate the budget that would settle it: give it a longer --budget");
}

/* The leader won, then failed: keep, undecided, and the part says why. */
static void rec_undecided_leader_failed(void **state)
{
	struct wb_result leader = { .test = { .method = FS } };
	struct wb_recommendation rec = rec_of(WB_REC_UNDECIDED, FDS);
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
	assert_string_equal(w.headline, "Undecided: keep wal_sync_method = fdatasync for now: "
			    "fsync led, then failed (write: Input/output error): keep fdatasync");
	assert_string_equal(w.commit_reason, "not measured (no 8 kB commit flushes in this run): "
			    "leave commit_delay at 0");
	assert_string_equal(w.config[0], "wal_sync_method = fdatasync\t# the default: undecided, "
			    "kept for now");
	assert_string_equal(w.config[1], "commit_delay = 0\t# not measured: no 8 kB commit "
			    "flushes in this run");
}

static void rec_mixed(void **state)
{
	struct wb_group_decision o = { .why = WB_WHY_ALL_SLOWER, .params.baseline = FDS },
				 b = { .why = WB_WHY_NO_BASELINE, .params.baseline = FDS };
	struct wb_recommendation rec = rec_of(WB_REC_KEEP, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.workload = WB_WORKLOAD_MIXED;
	rec.oltp.decision = &o;
	rec.bulk = (struct wb_part_verdict){ .measured = true, .method = FDS, .decision = &b };
	rec.reason = WB_REC_PARTS_AGREE;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "commits and bulk flushes agree: every other method is "
			    "significantly slower than fdatasync; no fdatasync test in this group "
			    "to decide against");
	/* both parts alike: said once */
	rec.bulk.decision = &o;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "commits and bulk flushes alike: every other method is "
			    "significantly slower than fdatasync");
	rec.bulk.decision = &b;
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
	assert_string_equal(w.headline, "Set wal_sync_method = open_datasync: flushes +0.0% "
			    "[+0.0%, +0.0%] over fdatasync for this mixed workload; commits gain "
			    "at most that, less where the CPU sets the rate");
	rec.workload = WB_WORKLOAD_BULK, rec.reason = WB_REC_BY_PART;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.reason, "the bulk flush sizes disagree on a method: keep fdatasync");

	/* synchronous_commit = off: a flush winner is a tie, and the words say why */
	rec = rec_of(WB_REC_TIE, FDS);
	rec.from_server = rec.commit_scaled = rec.commit_demoted = true;
	rec.share_source = WB_SHARE_ASYNC_COMMIT;
	rec.flush_share = 0, rec.flush_leader = FS, rec.margin_pct = 30.0;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: you run fdatasync; keep it: with synchronous_commit = "
			    "off commits do not wait for the WAL flush, so flushes do not limit "
			    "them and no method makes them faster (fsync flushes faster, which "
			    "commits do not see)");
	assert_non_null(strstr(w.commits, "synchronous_commit = off"));
	assert_non_null(strstr(w.commits, "a flush margin of +30.0% is +0.0% in commits"));
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

	wb_recommend_none(WB_WORKLOAD_OLTP, WB_REC_FAIL_FSYNC_OFF, NULL, &rec);
	wb_words_recommendation(&rec, &w);
	assert_non_null(strstr(w.headline, "NO RECOMMENDATION: the server runs with fsync = off"));
	assert_non_null(strstr(w.headline, "can lose committed transactions"));
	assert_non_null(strstr(w.headline, "Set fsync = on"));
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
	/* the gate's reason comes first (advice/qualify.c rule 8) */
	q.tiers[0].gated = true, q.gate = WB_GATE_TOO_FAST, q.gate_flush_us = 6.2;
	wb_words_qualification(&q, &w);
	assert_string_equal(w.headline, "standard: INCONCLUSIVE: a commit flush takes 6.2 us "
			    "(median), faster than durable storage flushes (10 us), so it probably "
			    "never reached stable storage: prove the flushes with `walbench verify`");
	{
		static struct wb_results mem;

		snprintf(mem.target, sizeof(mem.target), "/dev/shm/x/walbench.1.0.tmp");
		snprintf(mem.device.fs_type, sizeof(mem.device.fs_type), "tmpfs");
		q.rs = &mem, q.gate = WB_GATE_IN_MEMORY, q.tiers[0].verdict = WB_Q_FAIL;
		wb_words_qualification(&q, &w);
		assert_string_equal(w.headline, "standard: FAIL: /dev/shm/x is memory (tmpfs), not "
				    "durable: nothing on it survives a reboot, so it cannot hold a "
				    "database's WAL");
	}
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

/* A run too short to see a drop says what would settle it; memory is no
 * "block device neither virtual nor throttled". */
static void q_burst_words(void **state)
{
	struct wb_q_burst b = { .state = WB_SUSTAINED_UNKNOWN, .suspects = WB_SUSPECT_FEW_SLICES,
				.slices = 2, .run_s = 1.0, .settle_s = 3, .slice_s = 0.111,
				.observe_s = WB_BURST_OBSERVE_S, .shape = -1 };
	char buf[900];

	(void)state;
	assert_string_equal(wb_words_q_burst(&b, buf, sizeof(buf)), "sustained rate unknown: 2 "
			    "slices of 8 kB commits in 1.0 s, too few to tell a burst from a sustained "
			    "rate (4 needed); run `--duration 3s --slice 111ms` or longer; no rate "
			    "passes a tier until then");
	b = (struct wb_q_burst){ .state = WB_SUSTAINED_STEADY, .in_memory = true, .shape = -1 };
	assert_string_equal(wb_words_q_burst(&b, buf, sizeof(buf)), "no burst credits: no drop "
			    "to a baseline, and none expected (memory, with no provider's credits; "
			    "not durable either)");
}

static void q_trend_and_outcome(void **state)
{
	struct wb_q_trend t = { .sliced = true };
	struct wb_q_outcome o = { .crit = { .shape = WB_Q_SHAPE_COMMIT,
					    .metric = WB_Q_FLUSHES_PER_S, .threshold = 200 } };
	char buf[240];

	(void)state;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "too few time slices to tell "
			    "burst from sustained (4 needed: give it more --duration)");
	t.known = true, t.burst_per_s = 1010, t.sustained_per_s = 990;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "steady over the run: 990/s to "
			    "the end; burst 1010/s");
	/* a first third slower than the rest is no burst, nor one equal to it */
	t.burst_per_s = 1831, t.sustained_per_s = 2807;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "steady over the run: 2807/s to "
			    "the end, no burst (the first slices ran at 1831/s, no faster)");
	t.burst_per_s = 990.2;
	t.sustained_per_s = 989.8;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "steady over the run: 990/s to "
			    "the end, no burst (the first slices ran at 990/s, no faster)");
	t.fell = true, t.burst_per_s = 3000, t.sustained_per_s = 800, t.fell_after_s = 30;
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "sustained 800/s after 30 s; "
			    "burst 3000/s (73 % lower once a cache, an SLC area or a thermal limit "
			    "ran out)");
	t.bucket = true; /* the cause found: a bucket that ran dry */
	assert_string_equal(wb_words_q_trend(&t, buf, sizeof(buf)), "sustained 800/s after 30 s; "
			    "burst 3000/s (73 % lower once its burst credits ran out)");
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

/* The provider's rule quoted beside the measurement: the kinds the volume may
 * be, those on credits, the published baseline for its size against the
 * plateau measured, and each kind with its source and date. */
static void q_volume(void **state)
{
	static struct wb_burst_table t;
	struct wb_q_burst b = { .table = &t, .shape = -1 };
	char buf[800];

	(void)state;
	memset(&t, 0, sizeof(t));
	t.kinds[0] = (struct wb_burst_kind){ .name = "gp2", .provider = "AWS", .title = "GP2",
					     .bursts = WB_BURSTS_YES, .rule = "3,000 IOPS burst",
					     .source = "https://a.example/gp2",
					     .as_of = "2026-12-03", .unit = "IOPS" };
	t.kinds[1] = (struct wb_burst_kind){ .name = "gp3", .provider = "AWS", .title = "GP3",
					     .bursts = WB_BURSTS_NO, .rule = "provisioned",
					     .source = "https://a.example/gp3",
					     .as_of = "2026-12-03" };
	t.nkinds = 2;
	t.devices[0] = (struct wb_burst_device){ .name = "ebs", .what = "an EBS volume" };
	t.ndevices = 1;
	b.volume = (struct wb_burst_match){ .device = -1 };
	assert_string_equal(wb_words_q_volume(&b, buf, sizeof(buf)), "");

	b.volume = (struct wb_burst_match){ .device = 0, .layer = 0, .bursts = WB_BURSTS_YES,
					    .size_gib = 100, .nkinds = 2,
					    .k = { { 0, 300 }, { 1, NAN } } };
	assert_string_equal(wb_words_q_volume(&b, buf, sizeof(buf)),
			    "an EBS volume of 100 GiB may be gp2 or gp3; gp2 runs on burst credits, "
			    "in AWS's word (not measured); gp2's baseline for this size is 300 IOPS");
	b.shape = 0;
	b.bucket[0] = (struct wb_bucket){ .detected = true, .baseline_per_s = 51 };
	assert_non_null(strstr(wb_words_q_volume(&b, buf, sizeof(buf)),
			       "300 IOPS, against 51 flushes/s measured on the plateau"));
	assert_string_equal(wb_words_q_kind(&b, 0, buf, sizeof(buf)),
			    "gp2 (GP2), burst credits: 3,000 IOPS burst; for 100 GiB, a baseline of "
			    "300 IOPS [the provider's word, not measured: https://a.example/gp2, "
			    "read 2026-12-03]");
	assert_string_equal(wb_words_q_kind(&b, 1, buf, sizeof(buf)),
			    "gp3 (GP3), no burst credits: provisioned [the provider's word, not "
			    "measured: https://a.example/gp3, read 2026-12-03]");

	b.volume = (struct wb_burst_match){ .device = 0, .bursts = WB_BURSTS_NO, .size_gib = NAN,
					    .nkinds = 1, .k = { { 1, NAN } } };
	b.ruled_out = true;
	assert_string_equal(wb_words_q_volume(&b, buf, sizeof(buf)),
			    "an EBS volume may be gp3; none of them runs on burst credits, in AWS's "
			    "word (not measured), so this hypervisor's disk is not held back as one "
			    "that may be");
}

/* The sweep's line and finding: the penalty with its remedy, and "nothing
 * needs doing" without one; no line where nothing was swept. */
static void q_stripe(void **state)
{
	static struct wb_results rs;
	struct wb_qualification q = { .rs = &rs };
	struct wb_finding f = { .code = WB_FINDING_STRIPE_PENALTY };
	struct wb_stripe_verdict *v = &q.stripe;
	struct wb_finding_words w;
	char buf[400];

	(void)state;
	snprintf(rs.device.array.device, sizeof(rs.device.array.device), "md0");
	snprintf(rs.device.array.level, sizeof(rs.device.array.level), "raid5");
	rs.device.array.chunk = 65536;
	*v = (struct wb_stripe_verdict){ .state = WB_STRIPE_PENALTY, .worst = WB_SWEEP_PAGE,
					 .remedy = WB_STRIPE_REMEDY_MIRROR, .margin_pct = 20 };
	v->fig[WB_SWEEP_PAGE] = (struct wb_sweep_figure){ .measured = true, .bytes = 8192,
							  .per_s = 400 };
	v->fig[WB_SWEEP_STRIPE] = (struct wb_sweep_figure){ .measured = true, .bytes = 131072,
							    .per_s = 900 };
	v->excess[WB_SWEEP_PAGE] = (struct wb_stripe_excess){ .known = true, .pct = 120,
							      .low_pct = 90, .high_pct = 150,
							      .significant = true, .pairs = 24 };
	assert_string_equal(wb_words_q_stripe(v, buf, sizeof(buf)), "partial-stripe penalty: a "
			    "flush of 8kB takes 120 % [90, 150] longer than the full-stripe flushes "
			    "predict for its size (their cost per flush plus their cost per byte; a "
			    "penalty is 20 % or more)");
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "on md0 (raid5, full stripe 128kB) a flush of 8kB took "
			    "+120 % [90, 150] time against what full-stripe flushes predict for its "
			    "size (400/s of 8kB, 900/s of 128kB; 24 slices paired)");
	assert_string_equal(w.advice, "put pg_wal on a mirror (raid1 or raid10): every commit "
			    "writes less than a stripe, and pays this");
	v->remedy = WB_STRIPE_REMEDY_ALIGN;
	wb_words_finding(&q, &f, &w);
	assert_non_null(strstr(w.advice, "align the file system to the 64kB chunk"));
	v->state = WB_STRIPE_NO_PENALTY;
	v->remedy = WB_STRIPE_REMEDY_NONE;
	v->excess[WB_SWEEP_PAGE] = (struct wb_stripe_excess){ .known = true, .pct = 2,
							      .low_pct = -4, .high_pct = 9, .pairs = 24 };
	assert_string_equal(wb_words_q_stripe(v, buf, sizeof(buf)), "no partial-stripe penalty: a "
			    "flush of 8kB takes +2 % [-4, 9] time against what the full-stripe "
			    "flushes predict for its size, less than a penalty's 20 %; nothing needs "
			    "doing");
	f.code = WB_FINDING_STRIPE_NO_PENALTY;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.advice, "nothing needs doing: a WAL write costs here what its size "
			    "does");
	/* Not shown, not ruled out: never "nothing needs doing". */
	v->state = WB_STRIPE_UNCLEAR;
	v->excess[WB_SWEEP_PAGE].pct = 33, v->excess[WB_SWEEP_PAGE].low_pct = -6;
	v->excess[WB_SWEEP_PAGE].high_pct = 88;
	assert_string_equal(wb_words_q_stripe(v, buf, sizeof(buf)), "unclear: no partial-stripe "
			    "penalty shown, but none ruled out: a flush of 8kB takes +33 % [-6, 88] "
			    "time against what the full-stripe flushes predict for its size, and a "
			    "penalty is 20 % or more; a longer --duration would settle it");
	f.code = WB_FINDING_STRIPE_UNCLEAR;
	rs.device.array.parity_disks = 1;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.advice, "run qualify longer (--duration 10m) to settle it; until then "
			    "a mirror (raid1 or raid10) is the safe place for pg_wal");
	assert_null(strstr(w.advice, "nothing needs doing"));
	v->state = WB_STRIPE_NOT_STRIPED;
	assert_string_equal(wb_words_q_stripe(v, buf, sizeof(buf)), "");
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
	assert_string_equal(w.advice, "never put a database's WAL or data here: every tier "
			    "fails on memory");
	f = (struct wb_finding){ .code = WB_FINDING_TOO_FAST, .flush_us = 6.2 };
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "an 8 kB commit flush takes 6.2 us (median) on storage "
			    "that is not memory: faster than durable storage flushes (an uncached "
			    "write on the fastest NVMe takes about 10 us or more), so the flush was "
			    "most likely acknowledged, not made; no tier passes");
	assert_string_equal(w.advice, "prove the flushes with `walbench verify` and a power cut "
			    "before trusting this storage with WAL");
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
	/* an array's: the layout with its figures, and each member by name */
	rs.device.array = (struct wb_array){ .kind = WB_ARRAY_MD, .device = "md2", .level = "raid5",
					     .parity_disks = 1, .raid_disks = 4, .data_disks = 3,
					     .chunk = 524288, .stripe = 1572864, .n_members = 1 };
	rs.device.array.members[0] = (struct wb_array_member){ .name = "sdj1", .disk = "sdj",
							       .state = "faulty" };
	f = (struct wb_finding){ .code = WB_FINDING_PARTIAL_STRIPE };
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "md2 is raid5 with a full stripe of 1.5MiB (3 data members "
			    "x 512kB): an 8 kB WAL write is a partial-stripe write, which parity RAID "
			    "turns into a read-modify-write of the parity unless the file system "
			    "gathers whole stripes; this run did not measure that cost");
	assert_string_equal(w.advice, "put pg_wal on a mirror (raid1 or raid10); the full stripe is "
			    "larger than walbench run writes at once (1MiB)");
	rs.device.array.stripe = 131072;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.advice, "put pg_wal on a mirror (raid1 or raid10), or compare an 8 kB "
			    "flush with a full-stripe one: walbench run -m fdatasync -b 8k,128kB");
	f = (struct wb_finding){ .code = WB_FINDING_MEMBER_FAULTY, .member = 0 };
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "sdj1, a member of md2 (raid5), is faulty: the array runs "
			    "degraded, and what it measured is not what it does whole");
	assert_string_equal(w.advice, "replace sdj1, let the array resync, then qualify it again");
	f.code = WB_FINDING_MEMBER_VOLATILE_NO_FUA;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "sdj1, a member of md2, is on sdj, which has a volatile "
			    "write cache (write back) and no FUA: the array's durable writes rely on "
			    "that disk honouring cache flushes");
	/* a member index past the list words nothing rather than another's name */
	f.member = 7;
	wb_words_finding(&q, &f, &w);
	assert_string_equal(w.evidence, "");
}

/* A placement with one candidate, /srv/wal on vdb, 8 committers. */
static void placement_of(struct wb_placement *pl, enum wb_placement_state state)
{
	memset(pl, 0, sizeof(*pl));
	pl->state = state;
	pl->best = state == WB_PLACEMENT_MOVE ? 0 : -1;
	pl->named = state == WB_PLACEMENT_DEPENDS || state == WB_PLACEMENT_KEEP_RAM ||
		    state == WB_PLACEMENT_UNDECIDED ? 0 : -1;
	pl->min_gain_pct = 5;
	pl->group_committers = 8;
	pl->n = 1;
	snprintf(pl->data, sizeof(pl->data), "/srv/data");
	snprintf(pl->now, sizeof(pl->now), "/srv/data");
	snprintf(pl->c[0].path, sizeof(pl->c[0].path), "/srv/wal");
	snprintf(pl->c[0].device, sizeof(pl->c[0].device), "vdb");
	pl->c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = 42.4, .low = 30.2,
						    .high = 55.6, .significant = true };
	pl->loaded_group.per_s = 300, pl->idle_group.per_s = 360;
	pl->load_achieved_per_s = 1200;
}

static void placement_headlines(void **state)
{
	static struct wb_placement pl;
	static struct wb_placement_words w;

	(void)state;
	placement_of(&pl, WB_PLACEMENT_MOVE);
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Move pg_wal to /srv/wal: commits +42 % [30, 56] there while "
			    "the data volume is busy.");
	assert_string_equal(w.failure, "");
	assert_int_equal(w.nsteps, 9);
	assert_string_equal(w.steps[0], "# A new cluster: give initdb the WAL directory.");
	assert_string_equal(w.steps[1], "initdb -D $PGDATA --waldir=/srv/wal/pg_wal");
	assert_string_equal(w.steps[2], "# An existing cluster (/srv/wal/pg_wal must not exist yet; "
			    "pg_ctl as postgres, the rest as root):");
	assert_string_equal(w.steps[6], "mv $PGDATA/pg_wal $PGDATA/pg_wal.old && ln -s "
			    "/srv/wal/pg_wal $PGDATA/pg_wal");
	assert_string_equal(w.steps[8], "rm -rf $PGDATA/pg_wal.old   # once the server is up and "
			    "its log is clean");
	/* The cluster's own directory is named, and a trailing slash is not doubled. */
	pl.data_is_pgdata = true;
	snprintf(pl.c[0].path, sizeof(pl.c[0].path), "/srv/wal2/");
	pl.c[0].upper_bound = true;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.steps[1], "initdb -D /srv/data --waldir=/srv/wal2/pg_wal");
	assert_string_equal(w.headline, "Move pg_wal to /srv/wal2/: commits up to +42 % [30, 56] "
			    "there while the data volume is busy.");
	memset(pl.c[0].path, 'w', 300);
	wb_words_placement(&pl, &w);
	assert_int_equal(w.nsteps, 1);
	assert_string_equal(w.steps[0], "# The paths are too long to print here; see docs/usage.md "
			    "(Moving pg_wal) for the steps.");

	placement_of(&pl, WB_PLACEMENT_DEPENDS);
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "pg_wal: it depends on the data volume's load. /srv/wal "
			    "gains +42 % under an assumed load but not against the idle volume; "
			    "measure the server's write rate and run again with --data-load RATE/s.");
	assert_int_equal(w.nsteps, 0);
	placement_of(&pl, WB_PLACEMENT_KEEP_RAM);
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Keep pg_wal on /srv/data: the one candidate that gains, "
			    "/srv/wal, is memory and would lose commits on a power cut.");
	placement_of(&pl, WB_PLACEMENT_KEEP);
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Keep pg_wal on /srv/data: no candidate gains 5 % or more "
			    "on commits.");
	/* Only the data's own file system named: no move measured at all, not a
	 * gain proven short of 5 % (its [-8, 8] would not prove one). */
	pl.c[0].same_fs = true;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Keep pg_wal on /srv/data: every candidate is on its file "
			    "system, where moving pg_wal changes nothing; name a directory on "
			    "another volume to measure a move.");
	/* Open: the interval still reaches --min-gain, so keeping is not proven. */
	placement_of(&pl, WB_PLACEMENT_UNDECIDED);
	pl.c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = 1.5, .low = -4.2,
						   .high = 7.3 };
	pl.c[0].open = true;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Undecided: keep pg_wal on /srv/data for now: /srv/wal may "
			    "gain up to +7 % on commits (+2 % [-4, 7]), past --min-gain 5 %; a "
			    "longer --budget would settle it.");
	assert_null(strstr(w.headline, "not worth"));
	assert_int_equal(w.nsteps, 0);
	assert_string_equal(wb_placement_state_name(WB_PLACEMENT_UNDECIDED), "undecided");
	assert_string_equal(wb_placement_state_name(WB_PLACEMENT_KEEP_RAM), "keep-ram");
	assert_string_equal(wb_placement_state_name(WB_PLACEMENT_FAILED), "failed");
}

/* With a server observed: the headline and the candidate's words are the
 * model's, in the server's commits, with its terms and its cap. */
static void placement_model_words(void **state)
{
	static struct wb_placement pl;
	static struct wb_placement_words w;
	struct wb_model *m = &pl.c[0].model;
	char buf[WB_WORDS_CANDIDATE_LEN];

	(void)state;
	placement_of(&pl, WB_PLACEMENT_MOVE);
	*m = (struct wb_model){ .known = true, .commits_per_s = 66, .per_s = 172.4, .low = 150.2,
				.high = 190.9, .gain_pct = 161.2, .gain_low = 127.6,
				.gain_high = 189.2, .flush_ms = 36.5, .flush_ms_server = true,
				.flush_ratio = 13.3 / 36.5, .wal_share = 0.64, .lock_share = 0.34,
				.limit = WB_LIMIT_SESSIONS, .cpu_cap_per_s = 900,
				.device_cap_per_s = 180 };
	pl.c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = 161.2, .low = 127.6,
						   .high = 189.2, .significant = true };
	pl.c[0].why = WB_PLACE_MOVE;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Move pg_wal to /srv/wal: the server's commits +161 % [128, "
			    "189] there, 172/s [150, 191] predicted from 66/s now.");
	assert_string_equal(wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf)),
			    "Move: commits +161 % [128, 189] here. The server's commits: 66/s now, "
			    "172/s [150, 191] predicted here (+161 % [128, 189]): a flush here takes "
			    "13.300 ms against 36.500 ms (the server's own), and its sessions spent "
			    "64 % of their time waiting for the flush and 34 % for row locks held "
			    "across commits.");
	/* memory: the CPU limits it, at the CPU a commit takes now and up to
	 * what a busier server's would allow, the point their middle; named as
	 * a floor, never "at most" */
	m->limit = m->low_limit = m->high_limit = WB_LIMIT_CPU;
	m->clip = WB_CLIP_TOP;
	m->capped = true;
	m->cpu_cap_per_s = 900;
	m->per_s = m->cpu_cap_mid_per_s = 1559;
	m->high = m->cpu_cap_high_per_s = 2700;
	wb_words_placement(&pl, &w);
	assert_non_null(strstr(w.headline, ", the host's CPU the limit."));
	wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf));
	assert_non_null(strstr(buf, "1559/s ["));
	assert_non_null(strstr(buf, "; the host's CPU limits it: 900/s at the CPU a commit takes "
				    "now, up to 2700/s as a busier server takes less a commit, and "
				    "the window cannot tell where between: the prediction is their "
				    "middle"));
	assert_null(strstr(buf, "at most"));
	/* the sessions decide, the CPU cuts only the top */
	m->limit = m->low_limit = WB_LIMIT_SESSIONS;
	m->per_s = 800;
	wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf));
	assert_non_null(strstr(buf, "800/s [150, 2700] predicted here (+161 % [128, 189]); the "
				    "interval's top is capped by the host's CPUs (2700/s): a flush"));
	assert_null(strstr(buf, "at most"));
	/* The candidate's flush rate cut the point to the interval's top: the
	 * figure is a bound, "at most", and the cap is named with its figure,
	 * never an interval whose top reads as the optimistic end measured
	 * (+1446 % [451, 1446] read that way; pgbench ran +1154 %). */
	m->limit = m->high_limit = WB_LIMIT_DEVICE;
	m->clip = WB_CLIP_POINT;
	m->per_s = m->high = m->device_cap_per_s = 1020.4;
	m->low = 363.7;
	m->cand_flushes_per_s = 330;
	m->commits_per_flush = 3.09;
	m->gain_pct = m->gain_high = 1446.1;
	m->gain_low = 451.1;
	pl.c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = 1446.1, .low = 451.1,
						   .high = 1446.1, .significant = true };
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Move pg_wal to /srv/wal: the server's commits +1446 % at "
			    "most [451, 1446] there, at most 1020/s [364, 1020] predicted from 66/s "
			    "now, capped by what it can flush.");
	wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf));
	assert_non_null(strstr(buf, "Move: commits +1446 % at most [451, 1446] here. The server's "
				    "commits: 66/s now, at most 1020/s [364, 1020] predicted here "
				    "(+1446 % at most [451, 1446]), capped by what /srv/wal can flush "
				    "(330 flushes/s, 3.1 commits a flush): a flush here takes "));
	/* The cap cut the point and both ends to one figure: no interval, which
	 * "+83 % [83, 83]" faked as certainty. */
	m->clip = WB_CLIP_ALL;
	m->low_limit = WB_LIMIT_DEVICE;
	m->per_s = m->low = m->high = m->device_cap_per_s = 120.8;
	m->cand_flushes_per_s = 39.1;
	m->gain_pct = m->gain_low = m->gain_high = 83.0;
	pl.c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = 83.0, .low = 83.0,
						   .high = 83.0, .significant = true };
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Move pg_wal to /srv/wal: the server's commits capped at "
			    "+83 % there, capped at 121/s predicted from 66/s now, capped by what it "
			    "can flush.");
	wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf));
	assert_non_null(strstr(buf, "Move: commits capped at +83 % here. The server's commits: "
				    "66/s now, capped at 121/s predicted here (capped at +83 %), by "
				    "what /srv/wal can flush (39 flushes/s, 3.1 commits a flush), both "
				    "ends of its interval too: a flush here takes "));
	assert_null(strstr(buf, "[83"));
	/* the CPUs cut all three (the window's server used every CPU) */
	m->limit = m->low_limit = m->high_limit = WB_LIMIT_CPU;
	wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf));
	assert_non_null(strstr(buf, "(capped at +83 %), by the host's CPUs (121/s), both ends of "
				    "its interval too: "));
	{
		char g[WB_WORDS_MODEL_GAIN_LEN];

		assert_string_equal(wb_words_model_gain(WB_CLIP_TOP, 161.2, 127.6, 189.2, g,
							sizeof(g)), "+161 % [128, 189]");
	}
	/* memory is faster and never recommended: its line must not open with
	 * "Move", which a reader skimming for the decision would take */
	m->clip = WB_CLIP_NONE;
	pl.c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = 161.2, .low = 127.6,
						   .high = 189.2, .significant = true };
	pl.c[0].in_ram = true;
	pl.c[0].recommended = false;
	snprintf(pl.c[0].device, sizeof(pl.c[0].device), "tmpfs");
	wb_words_candidate(&pl, &pl.c[0], buf, sizeof(buf));
	assert_ptr_equal(strstr(buf, "Faster, but not durable: commits +161 % [128, 189] here."), buf);
	assert_null(strstr(buf, "Move"));
	assert_non_null(strstr(buf, " NOT DURABLE: it is memory (tmpfs); "));
}

static void placement_context(void **state)
{
	static struct wb_placement pl;
	static struct wb_placement_words w;

	(void)state;
	placement_of(&pl, WB_PLACEMENT_KEEP);
	wb_words_placement(&pl, &w);
	assert_string_equal(w.context, "A checkpoint-like load of 1200 random 8 kB writes/s on "
			    "/srv/data: too few trials to say what it does to commits there.");
	pl.load_pct = 30, pl.load_capacity_per_s = 4000;
	pl.slowdown_known = pl.slowdown_significant = true;
	pl.slowdown_pct = 16.7, pl.slowdown_low = 10.2, pl.slowdown_high = 22.6;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.context, "A checkpoint-like load of 1200 random 8 kB writes/s on "
			    "/srv/data (30 % of the 4000/s it can take) slows commits there by 17 % "
			    "[10, 23] (8 committers: 360 -> 300 per second).");
	pl.slowdown_significant = false;
	pl.slowdown_pct = 1.2, pl.slowdown_low = -3.1, pl.slowdown_high = 5.4;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.context, "A checkpoint-like load of 1200 random 8 kB writes/s on "
			    "/srv/data (30 % of the 4000/s it can take) does not slow commits there "
			    "measurably (-1 % [-5, 3]): the volume has I/O to spare, so moving pg_wal "
			    "has little to gain.");
	/* The data on an array: named with its level and members. */
	{
		static struct wb_array a = { .kind = WB_ARRAY_MD, .device = "md0", .level = "raid5",
					     .stripe = 131072, .n_members = 3 };

		snprintf(a.members[0].name, sizeof(a.members[0].name), "sdb1");
		snprintf(a.members[1].name, sizeof(a.members[1].name), "sdc1");
		snprintf(a.members[2].name, sizeof(a.members[2].name), "sdd1");
		pl.now_array = &a;
		wb_words_placement(&pl, &w);
		assert_non_null(strstr(w.context, "has little to gain. The data is on md md0, raid5 "
				       "of sdb1, sdc1, sdd1 (full stripe 128kB)."));
	}
}

/* pg_wal on a volume of its own already: the verdict keeps it where it is, the
 * load's effect is said of that volume, and the steps move the link (or bring
 * the WAL back into the data directory) without removing the old volume's files. */
static void placement_wal_apart(void **state)
{
	static struct wb_placement pl;
	static struct wb_placement_words w;

	(void)state;
	placement_of(&pl, WB_PLACEMENT_KEEP);
	pl.wal_apart = true;
	snprintf(pl.now, sizeof(pl.now), "/mnt/wal");
	pl.slowdown_known = pl.slowdown_significant = true;
	pl.slowdown_pct = 16.7, pl.slowdown_low = 10.2, pl.slowdown_high = 22.6;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Keep pg_wal on /mnt/wal: no candidate gains 5 % or more on "
			    "commits.");
	assert_string_equal(w.context, "A checkpoint-like load of 1200 random 8 kB writes/s on "
			    "/srv/data slows commits on /mnt/wal, pg_wal's own volume by 17 % [10, 23] "
			    "(8 committers: 360 -> 300 per second).");
	placement_of(&pl, WB_PLACEMENT_MOVE);
	pl.wal_apart = true;
	pl.data_is_pgdata = true;
	snprintf(pl.now, sizeof(pl.now), "/mnt/wal");
	wb_words_placement(&pl, &w);
	assert_int_equal(w.nsteps, 11);
	assert_string_equal(w.steps[1], "initdb -D /srv/data --waldir=/srv/wal/pg_wal");
	assert_string_equal(w.steps[5], "mv /srv/data/pg_wal /srv/data/pg_wal.old");
	assert_string_equal(w.steps[6], "install -d -o postgres -g postgres -m 700 /srv/wal/pg_wal");
	assert_string_equal(w.steps[7], "cp -a /srv/data/pg_wal.old/. /srv/wal/pg_wal/");
	assert_string_equal(w.steps[8], "ln -s /srv/wal/pg_wal /srv/data/pg_wal");
	assert_non_null(strstr(w.steps[10], "rm /srv/data/pg_wal.old   # the old link"));
	for (size_t k = 0; k < w.nsteps; k++)
		assert_null(strstr(w.steps[k], "/mnt/wal"));
	/* back into the data directory: no link, pg_wal made there */
	snprintf(pl.c[0].path, sizeof(pl.c[0].path), "/srv/data");
	wb_words_placement(&pl, &w);
	assert_int_equal(w.nsteps, 10);
	assert_string_equal(w.steps[1], "initdb -D /srv/data"); /* --waldir there fails */
	assert_string_equal(w.steps[6], "install -d -o postgres -g postgres -m 700 /srv/data/pg_wal");
	assert_string_equal(w.steps[7], "cp -a /srv/data/pg_wal.old/. /srv/data/pg_wal/");
	assert_string_equal(w.steps[8], "pg_ctl -D /srv/data start");
	/* a DIR that is no cluster's: $PGDATA is elsewhere, so its link is made */
	pl.data_is_pgdata = false;
	wb_words_placement(&pl, &w);
	assert_int_equal(w.nsteps, 11);
	assert_string_equal(w.steps[1], "initdb -D $PGDATA --waldir=/srv/data/pg_wal");
	assert_string_equal(w.steps[8], "ln -s /srv/data/pg_wal $PGDATA/pg_wal");
	/* pg_wal on memory now: the durable candidate is the move, slower as it is */
	placement_of(&pl, WB_PLACEMENT_MOVE);
	pl.wal_apart = pl.now_in_ram = true;
	snprintf(pl.now, sizeof(pl.now), "/dev/shm/wal");
	snprintf(pl.now_device, sizeof(pl.now_device), "tmpfs");
	pl.c[0].gain = (struct wb_placement_gain){ .compared = true, .pct = -98.6, .low = -99.1,
						   .high = -98.0, .significant = true };
	pl.c[0].why = WB_PLACE_SLOWER;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "Move pg_wal off memory to /srv/wal: where it is now, "
			    "/dev/shm/wal, is tmpfs, where a power cut or reboot loses every commit "
			    "and the cluster with it; commits there -99 % [-99, -98] against "
			    "memory's, the cost of durability.");
	{
		char reason[WB_WORDS_CANDIDATE_LEN];

		assert_non_null(strstr(wb_words_candidate(&pl, &pl.c[0], reason, sizeof(reason)),
				       "Slower than memory: commits -99 % [-99, -98] here, "
				       "but durable"));
	}
}

static void placement_candidates(void **state)
{
	static struct wb_placement pl;
	struct wb_placement_candidate *c = &pl.c[0];
	char buf[WB_WORDS_CANDIDATE_LEN];

	(void)state;
	placement_of(&pl, WB_PLACEMENT_MOVE);
	c->why = WB_PLACE_MOVE;
	c->group.per_s = 427, c->group.p50_us = 1234;
	c->single_gain.pct = 3.4;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Commits +42 % [30, 56] "
			    "here with 8 committers (427 per second, flush p50 1.234 ms) against 300 "
			    "on /srv/data under the same load; single sessions +3 %. A flush-rate "
			    "gain bounds the commit-rate gain: expect up to this much.");
	c->upper_bound = c->in_ram = true;
	snprintf(c->device, sizeof(c->device), "tmpfs");
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Commits +42 % [30, 56] "
			    "here with 8 committers (427 per second, flush p50 1.234 ms) against 300 "
			    "on /srv/data under the same load; single sessions +3 %. The flushes here "
			    "are faster than the server's own cost of a commit, so expect less: the "
			    "server's CPU, not this disk, will set the commit rate. NOT DURABLE: it is "
			    "memory (tmpfs); a power cut or reboot loses every commit on it and the "
			    "cluster with it, so walbench never recommends it.");
	c->upper_bound = c->in_ram = false;
	/* A candidate on an array: its level and members, after the reason. */
	{
		static struct wb_array a = { .kind = WB_ARRAY_BTRFS, .device = "aa48b1cb",
					     .level = "raid1", .n_members = 2 };

		snprintf(a.members[0].name, sizeof(a.members[0].name), "loop3");
		snprintf(a.members[1].name, sizeof(a.members[1].name), "loop4");
		c->array = &a;
		assert_non_null(strstr(wb_words_candidate(&pl, c, buf, sizeof(buf)), "expect up to "
				       "this much. It is on btrfs aa48b1cb, raid1 of loop3, loop4."));
		c->array = NULL;
	}
	c->why = WB_PLACE_NOT_COMPARED;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Not enough trials to "
			    "compare commits here with the data volume's; give it more --budget.");
	c->why = WB_PLACE_DEPENDS_ON_LOAD;
	pl.load_pct = 30;
	c->idle_gain = (struct wb_placement_gain){ .pct = 1.4, .low = -2.2, .high = 4.9 };
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Depends on load: "
			    "commits +42 % [30, 56] here with 8 committers against /srv/data under "
			    "an assumed load (30 % of its capacity, 1200 writes/s), but +1 % [-2, 5] "
			    "against it idle. Moving pays only if the server's checkpoints and "
			    "background writes keep the data volume about that busy: measure the "
			    "server's data write rate (docs/usage.md: Where pg_wal belongs) and run again "
			    "with --data-load RATE/s.");
	c->why = WB_PLACE_SAME_FS_GAINS;
	c->same_fs = c->same_device = true;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Same file system, no "
			    "move: commits +42 % [30, 56] here, but the same storage cannot be "
			    "faster for pg_wal than for the data; the difference is noise or drift "
			    "between the directories' turns. It is on the data's own file system, so "
			    "it shares the data's I/O.");
	c->why = WB_PLACE_WITHIN_NOISE;
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = 0.6, .low = -4, .high = 5 };
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Same file system, no "
			    "gain: commits +1 % [-4, 5] here, within the noise. It is on the data's "
			    "own file system, so it shares the data's I/O.");
	c->same_fs = false;
	c->why = WB_PLACE_HALVES_DISAGREE;
	c->gain.low = 0.2;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Shares a disk, no gain "
			    "shown: commits +0.6 % [0.2, 5.0] here, but the two halves of the run "
			    "disagree, so it may be drift; more --budget would tell. It shares a disk "
			    "with the data (see the device stack): separate I/O limits measure apart "
			    "here, but one disk under both may still be shared.");
	c->same_device = false;
	c->why = WB_PLACE_WITHIN_NOISE;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "No move, no gain: "
			    "commits +0.6 % [0.2, 5.0] here, within the noise.");
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = 3.1, .low = 1.2, .high = 4.8,
					      .significant = true };
	c->why = WB_PLACE_BELOW_MIN_GAIN;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Commits +3 % [1, 5] "
			    "here, less than --min-gain 5 %: not worth a move.");
	/* not worth a move only when proven: an open interval is undecided */
	c->open = true;
	c->gain.high = 7.4;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Undecided: commits "
			    "+3 % [1, 7] here, less than the minimum, but it may gain up to +7 %, "
			    "past --min-gain 5 %; a longer --budget would settle it.");
	c->why = WB_PLACE_WITHIN_NOISE;
	c->gain.low = -3.0;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Undecided: commits "
			    "+3 % [-3, 7] here, no gain shown, but it may gain up to +7 %, past "
			    "--min-gain 5 %; a longer --budget would settle it.");
	c->open = false;
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = 3.1, .low = 1.2, .high = 4.8,
					      .significant = true };
	c->why = WB_PLACE_BELOW_MIN_GAIN;
	c->why = WB_PLACE_SINGLE_LOSES;
	c->single_gain = (struct wb_placement_gain){ .pct = -12, .low = -20, .high = -4 };
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Commits with 8 "
			    "committers gain 3 % [1, 5], but single sessions lose 12 % [4, 20]: no "
			    "move.");
	c->why = WB_PLACE_SLOWER;
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = -40, .low = -50, .high = -30 };
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Slower: commits -40 % "
			    "[-50, -30] here; keep pg_wal where it is.");
}

/* A loss near 100 % is never worded as a total one: the gain, its interval,
 * the single sessions' loss, the load's slowdown and a stripe's extra time get
 * the decimals that tell them from 100 (sentence.h); a total loss stays whole. */
static void placement_near_total_loss(void **state)
{
	static struct wb_placement pl;
	static struct wb_placement_words w;
	struct wb_placement_candidate *c = &pl.c[0];
	char buf[WB_WORDS_CANDIDATE_LEN];
	struct wb_stripe_verdict v = { .state = WB_STRIPE_NO_PENALTY, .worst = WB_SWEEP_PAGE,
				       .margin_pct = 20 };

	(void)state;
	placement_of(&pl, WB_PLACEMENT_KEEP);
	c->why = WB_PLACE_SLOWER;
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = -99.8, .low = -99.9,
					      .high = -99.7, .significant = true };
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Slower: commits -99.8 % "
			    "[-99.9, -99.7] here; keep pg_wal where it is.");
	c->why = WB_PLACE_SINGLE_LOSES;
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = 3.1, .low = 1.2, .high = 4.8,
					      .significant = true };
	c->single_gain = (struct wb_placement_gain){ .pct = -99.96, .low = -99.99, .high = -99.2 };
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Commits with 8 "
			    "committers gain 3 % [1, 5], but single sessions lose 99.96 % [99.20, "
			    "99.99]: no move.");
	c->gain = (struct wb_placement_gain){ .compared = true, .pct = -100, .low = -100,
					      .high = -99.2, .significant = true };
	c->why = WB_PLACE_SLOWER;
	assert_string_equal(wb_words_candidate(&pl, c, buf, sizeof(buf)), "Slower: commits -100 % "
			    "[-100, -99] here; keep pg_wal where it is.");
	pl.slowdown_known = pl.slowdown_significant = true;
	pl.slowdown_pct = 99.8, pl.slowdown_low = 99.7, pl.slowdown_high = 99.9;
	wb_words_placement(&pl, &w);
	assert_non_null(strstr(w.context, " slows commits there by 99.8 % [99.7, 99.9] "));
	v.fig[WB_SWEEP_PAGE] = (struct wb_sweep_figure){ .measured = true, .bytes = 8192 };
	v.excess[WB_SWEEP_PAGE] = (struct wb_stripe_excess){ .known = true, .pct = -99.8,
							     .low_pct = -99.9, .high_pct = -99.7 };
	assert_string_equal(wb_words_q_stripe(&v, buf, sizeof(buf)), "no partial-stripe penalty: a "
			    "flush of 8kB takes -99.8 % [-99.9, -99.7] time against what the "
			    "full-stripe flushes predict for its size, less than a penalty's 20 %; "
			    "nothing needs doing");
}

static void placement_failures(void **state)
{
	static struct wb_results rs;
	static struct wb_placement pl;
	static struct wb_placement_words w;
	struct wb_result r = { .durability_failure = true };
	struct wb_recommendation rec;
	struct wb_rec_words rw;

	(void)state;
	placement_of(&pl, WB_PLACEMENT_FAILED);
	pl.failed = true, pl.failure = WB_PLACEMENT_FAIL_NO_CANDIDATES;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.failure, "no candidate directory was measured");
	assert_string_equal(w.headline, "No placement verdict: no candidate directory was "
			    "measured.");
	assert_string_equal(w.context, "");
	pl.failure = WB_PLACEMENT_FAIL_ROW, pl.failed_test = &r;
	snprintf(r.test.label, sizeof(r.test.label), "wal commit");
	snprintf(r.reason, sizeof(r.reason), "fdatasync: EIO");
	wb_words_placement(&pl, &w);
	assert_string_equal(w.headline, "No placement verdict: DURABILITY FAILURE: wal commit (?): "
			    "fdatasync: EIO");
	pl.failure = WB_PLACEMENT_FAIL_LOAD, pl.rs = &rs;
	snprintf(rs.load.reason, sizeof(rs.load.reason), "the data load's fsync: EIO on x");
	wb_words_placement(&pl, &w);
	assert_string_equal(w.failure, "the data load's fsync: EIO on x");
	rs.load.durability_failure = true;
	wb_words_placement(&pl, &w);
	assert_string_equal(w.failure, "DURABILITY FAILURE: the data load's fsync: EIO on x");
	/* A recommendation cut short by it quotes it, up to 300 bytes. */
	wb_recommend_none(WB_WORKLOAD_OLTP, WB_REC_FAIL_PLACEMENT, &pl, &rec);
	wb_words_recommendation(&rec, &rw);
	assert_string_equal(rw.failure, w.failure);
	assert_string_equal(rw.headline, "No recommendation: the placement run failed.");
	memset(rs.load.reason, 'x', sizeof(rs.load.reason) - 1);
	wb_words_recommendation(&rec, &rw);
	assert_int_equal(strlen(rw.failure), 300);
}

#define MIB ((uint64_t)1024 * 1024)
#define GIB (MIB * 1024)

static struct wb_advisory_words advisory_words(struct wb_advisory a)
{
	struct wb_advisory_words w;

	wb_words_advisory(&a, &w);
	/* Every field filled, none cut to fit (a full field is taken as cut). */
	assert_true(w.fact[0] && w.value[0] && w.advice[0] && w.reason[0]);
	assert_true(strlen(w.value) < sizeof(w.value) - 1);
	assert_true(strlen(w.advice) < sizeof(w.advice) - 1);
	assert_true(strlen(w.reason) < sizeof(w.reason) - 1);
	return w;
}

static void advisory_thp_and_hugepages(void **state)
{
	struct wb_advisory_words w;

	(void)state;
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_THP_ENABLED });
	assert_string_equal(w.fact, "transparent_hugepage/enabled");
	assert_string_equal(w.value, "always");
	assert_string_equal(w.advice, "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled "
			    "(or never), and transparent_hugepage=madvise on the kernel command line");
	assert_non_null(strstr(w.reason, "PostgreSQL's docs"));
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_THP_DEFRAG });
	assert_string_equal(w.fact, "transparent_hugepage/defrag");
	assert_string_equal(w.advice, "echo defer+madvise > "
			    "/sys/kernel/mm/transparent_hugepage/defrag (or madvise, never)");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_HUGEPAGES_SHORT, .needed = 4235,
						 .shared_buffers = 8 * GIB, .page_size = 2 * MIB });
	assert_string_equal(w.fact, "HugePages_Total");
	assert_string_equal(w.value, "0 reserved, about 4235 needed");
	assert_string_equal(w.advice, "set vm.nr_hugepages = 4235 and huge_pages = on (PostgreSQL "
			    "15+: postgres -C shared_memory_size_in_huge_pages gives the exact count)");
	assert_string_equal(w.reason, "About 4235, estimated from shared_buffers: ceil((8.0 GiB x "
			    "1.03 + 32 MiB) / 2 MiB) pages. On Linux 7.0 with PREEMPT_LAZY an AWS "
			    "pgbench run measured PostgreSQL's throughput halved with 4 kB pages, "
			    "restored with huge pages.");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_HUGEPAGES_SHORT, .value = 4000,
						 .needed = 4235, .shared_buffers = 8 * GIB,
						 .page_size = 2 * MIB, .preemptible = true });
	assert_string_equal(w.value, "4000 reserved, about 4235 needed");
	assert_non_null(strstr(w.reason, "restored with huge pages; this kernel preempts the same "
			       "way."));
	/* The server's own count (17.10 at shared_buffers 128MB: 143 MB, 72
	 * pages) is said as the server's, with no formula. */
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_HUGEPAGES_SHORT, .needed = 72,
						 .from_server = true, .shmem_bytes = 143 * MIB,
						 .shared_buffers = 128 * MIB, .page_size = 2 * MIB,
						 .preemptible = true });
	assert_string_equal(w.fact, "HugePages_Total");
	assert_string_equal(w.value, "0 reserved, the server needs 72");
	assert_string_equal(w.advice, "set vm.nr_hugepages = 72 and huge_pages = on (the server's "
			    "shared_memory_size_in_huge_pages)");
	assert_string_equal(w.reason, "The server needs 72 pages of 2 MiB, its own count of its "
			    "whole shared memory (143 MiB), not only shared_buffers. On Linux 7.0 with "
			    "PREEMPT_LAZY an AWS pgbench run measured PostgreSQL's throughput halved "
			    "with 4 kB pages, restored with huge pages; this kernel preempts the same "
			    "way.");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_HUGEPAGES_SHORT, .needed = 72,
						 .from_server = true, .page_size = 2 * MIB });
	assert_non_null(strstr(w.reason, "its whole shared memory, not only shared_buffers"));
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_HUGEPAGES_UNSIZED,
						 .preempt = WB_PREEMPT_LAZY });
	assert_string_equal(w.value, "0 reserved");
	assert_string_equal(w.advice, "reserve huge pages for shared_buffers (vm.nr_hugepages) and "
			    "set huge_pages = on; postgres -C shared_memory_size_in_huge_pages gives "
			    "the count");
	assert_non_null(strstr(w.reason, "The kernel preempts kernel code (lazy): "));
}

static void advisory_vm(void **state)
{
	struct wb_advisory_words w;

	(void)state;
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_DIRTY_BACKGROUND, .by_ratio = true,
						 .ratio_pct = 10, .mem_total = 16 * GIB,
						 .limit_bytes = 16 * GIB / 100 * 10 });
	assert_string_equal(w.fact, "vm.dirty_background_ratio");
	assert_string_equal(w.value, "10 % of 16.0 GiB MemTotal = 1.6 GiB");
	assert_string_equal(w.advice, "set vm.dirty_background_bytes = 268435456 (256 MiB; 64 MiB "
			    "on slow disks); setting it zeroes dirty_background_ratio");
	assert_string_equal(w.reason, "Up to 1.6 GiB of dirty page cache builds before background "
			    "writeback starts; a checkpoint's writes then reach the disk in one burst "
			    "that queues ahead of WAL flushes and stalls commits. Guidance: 64-256 MB, "
			    "past ~1 GB stalls.");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_DIRTY_LIMIT, .by_ratio = true,
						 .ratio_pct = 20, .mem_total = 16 * GIB,
						 .limit_bytes = 16 * GIB / 100 * 20 });
	assert_string_equal(w.fact, "vm.dirty_ratio");
	assert_string_equal(w.value, "20 % of 16.0 GiB MemTotal = 3.2 GiB");
	assert_string_equal(w.advice, "set vm.dirty_bytes = 1073741824 (1024 MiB), 4 x "
			    "dirty_background_bytes; setting it zeroes dirty_ratio");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_DIRTY_BACKGROUND,
						 .value = 2 * GIB, .limit_bytes = 2 * GIB });
	assert_string_equal(w.fact, "vm.dirty_background_bytes");
	assert_string_equal(w.value, "2147483648 (2.0 GiB)");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_DIRTY_LIMIT, .value = 8 * GIB,
						 .limit_bytes = 8 * GIB });
	assert_string_equal(w.fact, "vm.dirty_bytes");
	assert_string_equal(w.value, "8589934592 (8.0 GiB)");
	assert_string_equal(w.reason, "Writers are throttled only once 8.0 GiB is dirty; an fsync "
			    "of a data file at checkpoint may have that much to write, and WAL "
			    "flushes wait behind it in the device queue.");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_DIRTY_EXPIRE, .value = 6000 });
	assert_string_equal(w.fact, "vm.dirty_expire_centisecs");
	assert_string_equal(w.value, "6000");
	assert_string_equal(w.advice, "set vm.dirty_expire_centisecs = 3000 (the kernel default) "
			    "or lower");
	assert_non_null(strstr(w.reason, "Dirty data waits 60 s before"));
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_SWAPPINESS, .value = 60 });
	assert_string_equal(w.fact, "vm.swappiness");
	assert_string_equal(w.value, "60");
	assert_string_equal(w.advice, "on a dedicated database host, set vm.swappiness = 1 to 10");
	w = advisory_words((struct wb_advisory){ .code = WB_ADV_VFS_CACHE_PRESSURE, .value = 50 });
	assert_string_equal(w.fact, "vm.vfs_cache_pressure");
	assert_string_equal(w.value, "50 (default 100)");
	assert_string_equal(w.advice, "keep it only if a measurement of your workload shows a gain "
			    "over 100");
	assert_non_null(strstr(w.reason, "non-linear"));
}

static void advisory_preempt_and_device(void **state)
{
	struct wb_advisory a = { .code = WB_ADV_PREEMPT_QUIET, .preempt = WB_PREEMPT_NONE,
				 .source = "kernel version string" };
	struct wb_advisory_words w;

	(void)state;
	w = advisory_words(a);
	assert_string_equal(w.fact, "kernel preemption model");
	assert_string_equal(w.value, wb_preempt_name(WB_PREEMPT_NONE));
	assert_string_equal(w.advice, "nothing to change");
	assert_string_equal(w.reason, "Read from the kernel version string. Reported because the "
			    "model changes how PostgreSQL's spinlocks behave under page faults; this "
			    "one does not preempt a task inside one.");
	a.code = WB_ADV_PREEMPT_DYNAMIC, a.preempt = WB_PREEMPT_DYNAMIC;
	w = advisory_words(a);
	assert_string_equal(w.value, "dynamic (model in use not readable)");
	assert_string_equal(w.advice, "read /sys/kernel/debug/sched/preempt as root to see the "
			    "model in use");
	a.code = WB_ADV_PREEMPT_KERNEL, a.preempt = WB_PREEMPT_LAZY;
	w = advisory_words(a);
	assert_string_equal(w.value, "lazy");
	assert_string_equal(w.advice, "reserve huge pages for shared_buffers (huge_pages = on)");
	assert_non_null(strstr(w.reason, "Read from the kernel version string. A backend"));
	a = (struct wb_advisory){ .code = WB_ADV_VOLATILE_CACHE, .source = "vda",
				  .setting = "write back", .unverified = true };
	w = advisory_words(a);
	assert_string_equal(w.fact, "vda queue/write_cache");
	assert_string_equal(w.value, "write back (unverified: virtual disk)");
	assert_string_equal(w.advice, "make sure flushes reach stable media: a battery- or "
			    "capacitor-backed cache, or a power-loss check");
	assert_string_equal(w.reason, "the device acknowledges writes from a volatile cache; "
			    "committed transactions survive a power cut only if every fsync makes it "
			    "empty that cache (consumer SSDs and RAID controllers with a dead battery "
			    "have lied about it), and fast flush rates here do not prove it does");
	a.unverified = false;
	w = advisory_words(a);
	assert_string_equal(w.value, "write back");
	a = (struct wb_advisory){ .code = WB_ADV_PARITY_ARRAY, .source = "md md2", .setting = "raid5",
				  .value = 1572864 };
	w = advisory_words(a);
	assert_string_equal(w.fact, "md md2 level");
	assert_string_equal(w.value, "raid5, full stripe 1.5MiB");
	assert_string_equal(w.advice, "put pg_wal on a mirror (raid1 or raid10), or measure what "
			    "an 8 kB flush costs here beside a full-stripe one");
	assert_non_null(strstr(w.reason, "partial-stripe write, which reads and rewrites the parity"));
	a = (struct wb_advisory){ .code = WB_ADV_IN_MEMORY, .source = "tmpfs", .setting = "tmpfs" };
	w = advisory_words(a);
	assert_string_equal(w.fact, "memory-backed storage");
	assert_string_equal(w.value, "tmpfs");
	assert_string_equal(w.advice, "point walbench at a directory on the volume pg_wal will "
			    "live on");
	assert_string_equal(w.reason, "tmpfs is memory: nothing on it survives a power cut or a "
			    "reboot, flushed or not, so it cannot hold a database's WAL; its flush "
			    "rates measure RAM, not a disk, and the method that wins here says nothing "
			    "about the disk pg_wal will live on");
	a = (struct wb_advisory){ .code = WB_ADV_IN_MEMORY, .source = "zram0", .setting = "ext4" };
	w = advisory_words(a);
	assert_string_equal(w.value, "ext4 on zram0");
	assert_non_null(strstr(w.reason, "zram0 is memory: "));
}

/* Every way a group of tests ends, worded as `run --decide`, its JSON and a
 * recommendation's part say it (the sentences decide.c used to build). */
static void decision_words(void **state)
{
	struct wb_group_decision d = {
		.leader_method = FS, .set_aside_method = OD,
		.margin = { .diff_pct = 12.34, .ci95_low_pct = 6.5, .ci95_high_pct = 18.25 },
		.params = { .baseline = FDS, .conf = 0.99, .equiv_conf = 0.95, .min_gain_pct = 5.0 },
		.equivalent = 3,
	};
	char buf[WB_WORDS_DECISION_LEN];

	(void)state;
	d.why = WB_WHY_OPEN;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)), "");
	d.why = WB_WHY_BEATS;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "fsync beats fdatasync by 12.3% [6.5%, 18.2%] (99% CI), at least the "
			    "5.0% asked");
	d.why = WB_WHY_BEATS_SET_ASIDE;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "fsync beats fdatasync by 12.3% [6.5%, 18.2%] (99% CI), at least the "
			    "5.0% asked; open_datasync, as fast (no significant difference), is set "
			    "aside: fsync changes less");
	d.why = WB_WHY_ALL_SLOWER;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "every other method is significantly slower than fdatasync");
	d.why = WB_WHY_ALL_WITHIN;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "fdatasync: every other method is within +-5.0% of it (95% CI, 3 "
			    "equivalent)");
	d.any_dropped = true;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "fdatasync: every other method is within +-5.0% of it (95% CI, 3 "
			    "equivalent) or significantly slower");
	d.why = WB_WHY_TIE;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "tie: every method left is within +-5.0% of fdatasync (95% CI); the "
			    "fastest, fsync, by +12.3% [+6.5%, +18.2%]");
	d.why = WB_WHY_NO_BASELINE;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "no fdatasync test in this group to decide against");
	d.why = WB_WHY_BUDGET_OPEN;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "budget spent: not every method was shown within +-5.0% of fdatasync "
			    "or significantly slower");
	d.why = WB_WHY_BUDGET_LEADS;
	assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)),
			    "budget spent: fsync leads fdatasync by +12.3% [+6.5%, +18.2%] (99% "
			    "CI), neither shown to be 5.0% or more nor within +-5.0%");
	/* A server whose flushes are too small a share of its time for any flush
	 * gain to be --min-gain in commits: the flush gain asked is the cap, and
	 * "within +-200.0%" would read as a measured bound. */
	static const struct {
		enum wb_decide_why why;
		const char *want;
	} capped[] = {
		{ WB_WHY_TIE, "tie: no flush gain can reach --min-gain in commits on this server, "
			      "and every method left is shown to tie with fdatasync (95% CI); the "
			      "fastest, fsync, by +12.3% [+6.5%, +18.2%]" },
		{ WB_WHY_ALL_WITHIN, "fdatasync: no flush gain can reach --min-gain in commits on "
				     "this server, and every other method is shown to tie with it "
				     "(95% CI, 3 equivalent)" },
		{ WB_WHY_BUDGET_OPEN, "budget spent: no flush gain can reach --min-gain in commits "
				      "on this server, but not every method was shown to tie with "
				      "fdatasync or be significantly slower" },
		{ WB_WHY_BUDGET_LEADS, "budget spent: fsync leads fdatasync by +12.3% [+6.5%, "
				       "+18.2%] (99% CI), not yet shown to tie, though no flush gain "
				       "can reach --min-gain in commits on this server" },
		{ WB_WHY_BEATS_SET_ASIDE, "fsync beats fdatasync by 12.3% [6.5%, 18.2%] (99% CI), "
					  "though no flush gain can reach --min-gain in commits on "
					  "this server; open_datasync, as fast (no significant "
					  "difference), is set aside: fsync changes less" },
	}, stopped[] = {
		{ WB_WHY_BUDGET_OPEN, "interrupted after 8.1 s: not every method was shown within "
				      "+-5.0% of fdatasync or significantly slower" },
		{ WB_WHY_BUDGET_LEADS, "interrupted after 8.1 s: fsync leads fdatasync by +12.3% "
				       "[+6.5%, +18.2%] (99% CI), neither shown to be 5.0% or more "
				       "nor within +-5.0%" },
	};
	size_t i;

	/* A server whose flushes are too small a share of its time for any flush
	 * gain to be --min-gain in commits: the flush gain asked is the cap, and
	 * "within +-200.0%" would read as a measured bound. */
	d.params.min_gain_pct = WB_SERVER_MAX_FLUSH_GAIN_PCT, d.any_dropped = false;
	for (i = 0; i < sizeof(capped) / sizeof(capped[0]); i++) {
		d.why = capped[i].why;
		assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)), capped[i].want);
	}
	/* A signal stopped the run first: its budget was not spent, and saying
	 * so was false; the reason says when it was stopped. */
	d.params.min_gain_pct = 5.0, d.interrupted = true, d.decided_s = 8.14;
	for (i = 0; i < sizeof(stopped) / sizeof(stopped[0]); i++) {
		d.why = stopped[i].why;
		assert_string_equal(wb_words_decision(&d, buf, sizeof(buf)), stopped[i].want);
	}
}

/* The server's --min-gain sentence before the run: where no flush gain can
 * be --min-gain in commits, that, not the cap the run asks. */
static void server_min_gain_words(void **state)
{
	struct wb_server_shape sh = { .share_source = WB_SHARE_SERVER_TIME, .flush_share = 0.002 };
	struct wb_server_plan pl = { .flush_min_gain_pct = WB_SERVER_MAX_FLUSH_GAIN_PCT };
	char buf[400];

	(void)state;
	wb_words_server_min_gain(&sh, &pl, 5.0, buf, sizeof(buf));
	assert_string_equal(buf, "The server's WAL flushes 0 % of its time: no flush gain can reach "
			    "--min-gain 5.0 % in commits, so a tie is proven quickly.");
	assert_null(strstr(buf, "200"));
	sh.share_source = WB_SHARE_ASYNC_COMMIT;
	wb_words_server_min_gain(&sh, &pl, 5.0, buf, sizeof(buf));
	assert_string_equal(buf, "With synchronous_commit = off the server's commits do not wait "
			    "for the WAL flush: no flush gain can reach --min-gain 5.0 % in commits, "
			    "so a tie is proven quickly.");
	sh.share_source = WB_SHARE_SERVER_TIME, sh.flush_share = 0.4, pl.flush_min_gain_pct = 14.3;
	wb_words_server_min_gain(&sh, &pl, 5.0, buf, sizeof(buf));
	assert_string_equal(buf, "The server's WAL flushes 40 % of its time: --min-gain 5.0 % in "
			    "commits is flushes 14.3 % faster, what a switch must prove.");
}

/* With a server, the headline starts from what it runs, in commits. */
/* run's comparisons: an interval holding 0 is a tie only inside the margin. */
static void comparison_words(void **state)
{
	char buf[WB_WORDS_COMPARISON_LEN];
	struct wb_comparison c = { .diff_pct = -5.8, .ci95_low_pct = -11.9, .ci95_high_pct = 0.8 };

	(void)state;
	assert_string_equal(wb_words_comparison(&c, 3.0, buf, sizeof(buf)),
			    "unclear (no difference shown, nor sameness within +-3.0%)");
	c = (struct wb_comparison){ .diff_pct = 0.5, .ci95_low_pct = -1.0, .ci95_high_pct = 2.0 };
	assert_string_equal(wb_words_comparison(&c, 3.0, buf, sizeof(buf)), "tie (within +-3.0%)");
	c = (struct wb_comparison){ .diff_pct = 1.5, .ci95_low_pct = 1.0, .ci95_high_pct = 2.0,
				    .small = true };
	assert_string_equal(wb_words_comparison(&c, 3.0, buf, sizeof(buf)), "tie (within +-3.0%)");
	c.ci95_high_pct = 8.0;
	assert_string_equal(wb_words_comparison(&c, 3.0, buf, sizeof(buf)),
			    "unclear (real, but not shown to clear +-3.0%)");
	c = (struct wb_comparison){ .diff_pct = -6, .ci95_low_pct = -9, .ci95_high_pct = -4,
				    .paired = true };
	assert_string_equal(wb_words_comparison(&c, 3.0, buf, sizeof(buf)),
			    "unclear (the halves of the run disagree)");
	c.significant = true;
	assert_string_equal(wb_words_comparison(&c, 3.0, buf, sizeof(buf)), "significant");
}

static void test_server_headlines(void **state)
{
	struct wb_recommendation rec = rec_of(WB_REC_SWITCH, FDS);
	struct wb_rec_words w;

	(void)state;
	rec.from_server = true, rec.baseline = FS, rec.commit_scaled = true;
	rec.share_source = WB_SHARE_SERVER_TIME, rec.flush_share = 0.9;
	rec.margin_pct = 30, rec.ci_low_pct = 20, rec.ci_high_pct = 40;
	rec.commit_pct = 26, rec.commit_low_pct = 17.5, rec.commit_high_pct = 34.6;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Switch from fsync to fdatasync: commits +26.0% [+17.5%, "
			    "+34.6%] (flushes +30.0% [+20.0%, +40.0%], 90% of the server's time) "
			    "for this oltp workload");
	assert_non_null(strstr(w.commits, "90% of its time flushing"));
	assert_non_null(strstr(w.crosscheck, "unknown"));
	assert_non_null(strstr(w.config[0], "over fsync"));
	rec = rec_of(WB_REC_TIE, FDS);
	rec.from_server = true, rec.commit_scaled = true, rec.commit_demoted = true;
	rec.flush_leader = OD, rec.flush_share = 0.1, rec.min_gain_pct = 5.0;
	rec.margin_pct = 30, rec.ci_low_pct = 20, rec.ci_high_pct = 40;
	rec.commit_pct = 2.8, rec.commit_low_pct = 1.9, rec.commit_high_pct = 3.6;
	rec.crosscheck = true, rec.crosscheck_method = FDS, rec.crosscheck_pages = 1;
	rec.server_flush_ms = 0.3, rec.walbench_flush_ms = 0.1, rec.flush_ratio = 3.0;
	rec.crosscheck_apart = true;
	wb_words_recommendation(&rec, &w);
	assert_string_equal(w.headline, "Tie: you run fdatasync; keep it: flushes gain +30.0% "
			    "[+20.0%, +40.0%] with open_datasync, but they are 10% of the "
			    "server's time, so commits gain +2.8% [+1.9%, +3.6%], under the 5.0% "
			    "asked");
	assert_non_null(strstr(w.crosscheck, "3.00x walbench's, a finding"));
	assert_non_null(strstr(w.config[0], "what the server runs"));
}

/* The words name tables give each state (the JSON's and the reports'
 * spelling), and what a value past the last reads as. */
static void state_names(void **state)
{
	static const char *const status[] = { "not run", "ok", "n/a", "error" };
	static const char *const rec[] = { "failed", "switch", "tie", "keep", "undecided" };
	static const char *const label[] = { "Failed", "Switch", "Tie", "Keep", "Undecided" };
	static const char *const found[] = {
		"a record", "all zeros", "beyond the end of the file",
		"checksum mismatch (torn or corrupt)", "a record of another run",
		"a record of another slot (misdirected write)",
	};
	int i;

	(void)state;
	for (i = 0; i <= WB_STATUS_ERROR; i++)
		assert_string_equal(wb_status_name((enum wb_status)i), status[i]);
	for (i = 0; i <= WB_REC_UNDECIDED; i++)
		assert_string_equal(wb_rec_state_name((enum wb_rec_state)i), rec[i]);
	for (i = 0; i <= WB_SAVED_REC_UNDECIDED; i++)
		assert_string_equal(wb_words_rec_state_label((enum wb_saved_rec_state)i), label[i]);
	for (i = 0; i <= WB_VERIFY_FOUND_WRONG_SLOT; i++)
		assert_string_equal(wb_verify_found_name((enum wb_verify_found)i), found[i]);
	assert_string_equal(wb_words_flush_why(WB_FLUSH_NONE_SEEN), "it flushed nothing: guessed");
	assert_string_equal(wb_words_rec_state_meaning(WB_SAVED_REC_KEEP, false),
			    "every other method was proven slower than the default: keep it");
	/* an interrupted run's undecided answer: no budget ran out */
	assert_non_null(strstr(wb_words_rec_state_meaning(WB_SAVED_REC_UNDECIDED, false),
			       "the budget ran out"));
	assert_string_equal(wb_words_rec_state_meaning(WB_SAVED_REC_UNDECIDED, true),
			    "the run was interrupted before the question was settled: the default "
			    "is kept for now, which proves nothing about the others");
	assert_string_equal(wb_words_rec_state_meaning(WB_SAVED_REC_KEEP, true),
			    wb_words_rec_state_meaning(WB_SAVED_REC_KEEP, false));
	/* a saved state not known proved nothing: it reads as failed */
	assert_string_equal(wb_words_rec_state_label((enum wb_saved_rec_state)99), "Failed");
	assert_string_equal(wb_words_rec_state_meaning((enum wb_saved_rec_state)99, false),
			    wb_words_rec_state_meaning(WB_SAVED_REC_FAILED, false));
	assert_string_equal(wb_status_name((enum wb_status)99), "?");
	assert_string_equal(wb_placement_state_name((enum wb_placement_state)99), "failed");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_server_headlines),
		cmocka_unit_test(state_names),
		cmocka_unit_test(decision_words),
		cmocka_unit_test(server_min_gain_words),
		cmocka_unit_test(comparison_words),
		cmocka_unit_test(rec_switch),
		cmocka_unit_test(rec_tie),
		cmocka_unit_test(rec_server_tie_in_commits),
		cmocka_unit_test(rec_server_idle_words),
		cmocka_unit_test(rec_keep_slower),
		cmocka_unit_test(saved_settle_switch_conf),
		cmocka_unit_test(rec_undecided_settle),
		cmocka_unit_test(rec_undecided_leader_failed),
		cmocka_unit_test(rec_mixed),
		cmocka_unit_test(rec_failed),
		cmocka_unit_test(placement_headlines),
		cmocka_unit_test(placement_model_words),
		cmocka_unit_test(placement_context),
		cmocka_unit_test(placement_wal_apart),
		cmocka_unit_test(placement_candidates),
		cmocka_unit_test(placement_near_total_loss),
		cmocka_unit_test(placement_failures),
		cmocka_unit_test(q_headlines),
		cmocka_unit_test(advisory_thp_and_hugepages),
		cmocka_unit_test(advisory_vm),
		cmocka_unit_test(advisory_preempt_and_device),
		cmocka_unit_test(q_trend_and_outcome),
		cmocka_unit_test(q_burst_words),
		cmocka_unit_test(q_stripe),
		cmocka_unit_test(q_findings),
		cmocka_unit_test(q_volume),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
