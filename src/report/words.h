/* words.h — the one place a decision becomes sentences. advice/ decides and
 * keeps states, reason codes and figures; these functions word them, and the
 * text printers and the JSON writer both call them, so one state reads the
 * same in every output.
 * Trap: the buffer sizes below are part of the output (a long path or reason is
 * cut where they end, as it always was): change one and the words change. */
#ifndef WB_REPORT_WORDS_H
#define WB_REPORT_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "advice/leftover_verdict.h"
#include "advice/compare.h"
#include "advice/fleet.h"
#include "advice/placement.h"
#include "advice/qualify.h"
#include "advice/recommend.h"
#include "advice/server_plan.h"
#include "advice/server_shape.h"
#include "advice/space_guard.h"
#include "advice/verify_verdict.h"
#include "results/decision.h"
#include "results/saved.h"
#include "pgstat/observed.h"

/* Said where a server's flush gain asked is WB_SERVER_MAX_FLUSH_GAIN_PCT, the
 * cap, in place of that figure (words_decide.c, words_server.c). */
#define WB_WORDS_NO_FLUSH_GAIN "no flush gain can reach --min-gain in commits on this server"

/* A part's why (commits, bulk flushes): the group decision's reason at most. */
#define WB_WORDS_WHY_LEN 400

/* A recommendation in words (words_recommend.c). */
struct wb_rec_words {
	char failure[320];             /* why no recommendation; "" when there is one */
	char headline[480];            /* the decision, in one line */
	char reason[880];              /* why, in one or two sentences (two parts' whys) */
	char commit_reason[320];       /* why commit_delay is what it is */
	char commits[400];             /* with a server: the gain in commits, from its flush
					* share; "" without */
	char crosscheck[400];          /* with a server: its own flush time beside walbench's;
					* "" without */
	char waits_for[400];           /* with a server whose commits wait for a synchronous
					* standby: that no method here is what they wait for;
					* "" otherwise */
	char config[WB_REC_MAX_LINES][200]; /* postgresql.conf lines, each with its reason */
	char alter[WB_REC_MAX_LINES][160];  /* the same as ALTER SYSTEM statements */
	size_t nconfig, nalter;
};

/* Words the whole recommendation (what a failed one has: failure, headline). */
void wb_words_recommendation(const struct wb_recommendation *rec, struct wb_rec_words *w);

/* The line said instead of ALTER SYSTEM statements when the answer changes no
 * setting: what the settings above already are (the server's, or PostgreSQL's
 * defaults); moved: a placement moves pg_wal, a change no setting makes. */
const char *wb_words_alter_none(bool from_server, bool moved);

/* One part's why into buf (WB_WORDS_WHY_LEN for today's words); returns buf. */
const char *wb_words_part_why(const struct wb_part_verdict *v, char *buf, size_t len);

/* An advisory in words (words_advisory.c). */
struct wb_advisory_words {
	char fact[64];                 /* as the user would look it up: "vm.swappiness" */
	char value[64];                /* what was read, with the figure used */
	char advice[160];              /* what to do: "set vm.swappiness = 1 to 10" */
	char reason[320];              /* why, citing the source of the threshold */
};

void wb_words_advisory(const struct wb_advisory *a, struct wb_advisory_words *w);

/* A recommendation on memory (advice/recommend.h's on_memory): why it is a
 * tie, in its headline and its why. */
#define WB_WORDS_ON_MEMORY "on memory, every method's flush is a no-op: nothing to choose"

/* A placement verdict in words (words_placement.c). */
#define WB_PLACEMENT_MAX_STEPS 12
#define WB_PLACEMENT_STEP_LEN 1024
/* A candidate's reason. */
#define WB_WORDS_CANDIDATE_LEN 1400

struct wb_placement_words {
	char failure[560];             /* why no verdict; "" when there is one */
	char headline[480];
	char context[720];             /* what the load did to the data volume, and its array */
	char waits_for[400];           /* with a server whose commits wait for a synchronous
					* standby: that pg_wal here is not what they wait for;
					* "" otherwise */
	char steps[WB_PLACEMENT_MAX_STEPS][WB_PLACEMENT_STEP_LEN]; /* how to move, when moving */
	size_t nsteps;
};

void wb_words_placement(const struct wb_placement *pl, struct wb_placement_words *w);

/* The failure alone (what a recommendation cut short by it quotes); returns buf. */
const char *wb_words_placement_failure(const struct wb_placement *pl, char *buf, size_t len);

/* A gain the model predicted, as its caps left it (advice/placement_model.h):
 * "+161 % [128, 189]"; the point at the capped top, "+1446 % at most [451,
 * 1446]"; all three cut to one figure, "capped at +83 %", no interval. The
 * text's and the HTML's; returns buf. */
#define WB_WORDS_MODEL_GAIN_LEN 64
const char *wb_words_model_gain(enum wb_model_clip clip, double pct, double low, double high,
				char *buf, size_t len);

/* One candidate's reason (WB_WORDS_CANDIDATE_LEN for today's words); returns buf. */
const char *wb_words_candidate(const struct wb_placement *pl,
			       const struct wb_placement_candidate *c, char *buf, size_t len);

/* A qualification in words (words_qualify.c). */
struct wb_q_words {
	char failure[400];             /* the failure that left no verdict; "" otherwise */
	char headline[320];            /* "standard: PASS", "No verdict: ..." */
	char trend[320];               /* "sustained X/s after Y s; burst Z/s" */
	char burst[900];               /* burst credits: the bucket, or why the rate may be one */
	char stripe[600];              /* the write-size sweep's verdict; "" when none ran */
	char volume[480];              /* the provider's volume it is and what its kinds' rules
					* say of credits; "" when the table knows none */
};

void wb_words_qualification(const struct wb_qualification *q, struct wb_q_words *w);

/* What the plan cannot show, said before measuring (advice/qualify.h's
 * foresight): the trend's line ("trend not measured: needs at least
 * --duration 94s ...") and the burst's ("no rate can pass here in 3 min: ...
 * needs --duration 35m"); each "" when it does not hold. budget_ns: the
 * --duration. */
struct wb_q_foresight_words {
	char trend[320];
	char burst[320];
};
void wb_words_q_foresight(const struct wb_q_foresight *f, uint64_t budget_ns,
			  struct wb_q_foresight_words *w);

/* A trend of slice rates in one line; "" when none was taken. Returns buf. */
const char *wb_words_q_trend(const struct wb_q_trend *t, char *buf, size_t len);

/* Burst credits in one line: the bucket that ran dry, "sustained rate unknown:
 * run `--duration 35m`" and why, or that none is expected; "" when not judged. */
const char *wb_words_q_burst(const struct wb_q_burst *b, char *buf, size_t len);

/* The provider's volume the storage is, by the fact table, in one line: "an
 * Amazon EBS volume of 100 GiB (model \"Amazon Elastic Block Store\") may be
 * gp2, gp3, ...; gp2, st1 and sc1 run on burst credits, in AWS's word (not
 * measured); gp2's baseline for this size is 300 IOPS, against 50 flushes/s
 * measured on the plateau"; "" when nothing matched. Returns buf. */
const char *wb_words_q_volume(const struct wb_q_burst *b, char *buf, size_t len);

/* Kind i of the matched volume, its provider's rule quoted with its source
 * and date: "gp2 (EBS General Purpose SSD (gp2)), bursts: RULE; for 100 GiB a
 * baseline of 300 IOPS [AWS's word, not measured: URL, read 2026-12-03]". */
const char *wb_words_q_kind(const struct wb_q_burst *b, size_t i, char *buf, size_t len);

/* The write-size sweep's verdict in one line ("no partial-stripe penalty
 * shown: ...; nothing needs doing"); "" when the array is not striped. */
const char *wb_words_q_stripe(const struct wb_stripe_verdict *v, char *buf, size_t len);

/* A criterion's figure as qualify prints it: a rate whole ("1996"; an
 * interval's end below 0 as 0), a latency to three significant digits
 * ("0.186"); "?" where it is not a number. The text, the HTML and the words
 * below all print it so: the HTML's chart rounding made 1996/s "2.0k" beside
 * a threshold of "2.0k" and a fail. */
#define WB_WORDS_Q_FIGURE_LEN 32
char *wb_words_q_figure(double v, bool rate, char *buf, size_t len);

/* One criterion's outcome: "commit flushes/s 300/s [250, 350] >= 200/s: pass". */
const char *wb_words_q_outcome(const struct wb_q_outcome *o, char *buf, size_t len);

/* Why a criterion is inconclusive, in a few words with what settles it
 * ("burst credits not ruled out: needs --duration 35m"); "" when it is not.
 * b is the qualification's burst (the durations it names). Returns buf. */
#define WB_WORDS_Q_WHY_LEN 160
const char *wb_words_q_why(const struct wb_q_outcome *o, const struct wb_q_burst *b, char *buf,
			   size_t len);

/* A finding's evidence and what to do. */
struct wb_finding_words {
	char evidence[320];
	char advice[400];
};

void wb_words_finding(const struct wb_qualification *q, const struct wb_finding *f,
		      struct wb_finding_words *w);


/* clean (words_clean.c). The words `walbench clean` prints for a verdict of
 * advice/leftover_verdict.h: why a file goes or stays ("process 1234 no longer exists"). */
/* Room for any reason below: strerror's longest and a 31-byte program name fit. */
#define WB_CLEAN_REASON_LEN 160

/* Writes v's reason into buf (snprintf's truncation) and returns buf. */
char *wb_clean_reason_words(const struct wb_clean_verdict *v, char *buf, size_t len);

/* compare (words_compare.c). The words of walbench compare, made from the verdict of
 * advice/compare.h: a test's name, a pair's state, the headline, a failure's
 * line and the gate's line. The text, the JSON file, the HTML report and the
 * fleet summary name tests through here, so one test reads the same everywhere.
 * Each writes into buf with snprintf's truncation and returns buf. */
#define WB_COMPARE_HEADLINE_LEN 400
#define WB_COMPARE_NAME_LEN 200     /* a test's name */
#define WB_COMPARE_GATE_LEN 400
/* The storage line holds a host name, two devices' names and models and two
 * mount points (each up to 255 characters) whole. */
#define WB_COMPARE_STORAGE_LEN 2048
/* A failure's line holds a name and both sides' status and reason whole. */
#define WB_COMPARE_FAILURE_LEN                                                            \
	(WB_COMPARE_NAME_LEN + 2 * (sizeof(((struct wb_saved_test *)0)->status) +          \
				    sizeof(((struct wb_saved_test *)0)->reason)) + 128)

/* The name reports print for a test: method/engine size xW, then what else sets
 * it apart ([label], pattern, qdN, jN, cN, coalesced, wal_buffers, fd mode,
 * segments, where, under load). */
void wb_compare_test_name(const struct wb_saved_test *t, char *buf, size_t len);

/* The short word for a state: "slower", "faster", "tie", "unclear", "no interval",
 * "FAILED in B", ... */
const char *wb_pair_state_name(enum wb_pair_state s);

/* "B against A: fdatasync/sync 8kB x1 -48 % [-52, -44], significant; 3 of 4 tests tie" */
char *wb_compare_headline(const struct wb_compare_verdict *v, char *buf, size_t len);

/* The unclear pair that may be slowest in B (v->open): "unclear: fdatasync/sync
 * 8kB x1 -1.2% [-12.3%, +9.8%]: B may be up to 12.3% slower, not shown within
 * +-5% nor different; more trials would settle it"; "" with none. */
char *wb_compare_open_words(const struct wb_compare_verdict *v, char *buf, size_t len);

/* What the table's intervals are over, for its header (several lines): each
 * run's trials, with the warning that one run a side leaves out the variation
 * between runs; or the runs' means, and which side borrowed the other's. */
char *wb_compare_interval_words(const struct wb_compare_verdict *v, char *buf, size_t len);

/* A pair not ok on a side: "FAILED in B: fdatasync/sync 8kB x1: A ok, B error: ..." */
char *wb_compare_failure_words(const struct wb_compare_pair *p, char *buf, size_t len);

/* A pair with a side measured unstable: "UNSTABLE in A", "UNSTABLE in B",
 * "UNSTABLE in both"; "" when neither. A static string. */
const char *wb_compare_unstable_words(const struct wb_compare_pair *p);

/* A pair with a side measured unstable whose change lies within its trials'
 * spread (has_noise): "within its trials' spread [-35.2%, +18.0%]"; "" otherwise. */
char *wb_compare_noise_words(const struct wb_compare_pair *p, char *buf, size_t len);

/* A test of A that B lacks (v->only_a[i]): "missing in B: fdatasync/sync 8kB x1
 * (only in A: not measured in B)"; loud, and failing, under a gate. */
char *wb_compare_missing_words(const struct wb_compare_verdict *v, const struct wb_saved_test *t,
			       char *buf, size_t len);

/* No test in both files (v->unusable): "nothing compared: no test is in both files
 * (2 only in A, 3 only in B)"; "" otherwise. */
char *wb_compare_unusable_words(const struct wb_compare_verdict *v, char *buf, size_t len);

/* The gate's verdict: "--fail-on-regression 10%: passed: ..." ("" without a gate). */
char *wb_compare_gate_words(const struct wb_compare_verdict *v, char *buf, size_t len);

/* A host or storage fact as the JSON's differs[] names it: "host", "device",
 * "fs_type", "mount_point", "kernel". A static string. */
const char *wb_compare_fact_name(enum wb_compare_fact f);

/* Other storage (v->storage.other): "B was measured on another device:
 * nvme0n1 (ext4) in A, sda (xfs) in B; mount /srv/wal in A, /mnt in B: ...";
 * "" when every file's storage agrees with A's first. */
char *wb_compare_storage_words(const struct wb_compare_verdict *v, char *buf, size_t len);

/* Another kernel (v->storage.kernel), information: "kernel differs: 6.1.0 in
 * A, 6.12.0 in B"; "" when none does. */
char *wb_compare_kernel_words(const struct wb_compare_verdict *v, char *buf, size_t len);

/* fleet (words_fleet.c). The sentences of the fleet summary (`walbench report
 * --summary`), made from the verdict of advice/fleet.h: the headline, a reason
 * per finding and per disagreement, a vote's reason and counts, the gate line.
 * The text and the JSON file print the same words from here, so one state reads
 * the same everywhere. Each writes into buf with snprintf's truncation and
 * returns buf; the lengths below are the buffers the summary has always used. */
#define WB_FLEET_HEADLINE_LEN 800
#define WB_FLEET_REASON_LEN 720   /* a finding's */
#define WB_FLEET_VOTE_LEN 400     /* a vote's or a disagreement's reason */
#define WB_FLEET_COUNTS_LEN 240   /* "fdatasync 11, fsync 1" */
#define WB_FLEET_NAME_LEN 200     /* a test's name (wb_compare_test_name) */
#define WB_FLEET_RATE_LEN 96      /* "51/s sustained (burst 206/s)" */

/* A host's figure on a test (advice/fleet_stats.h): "1,510/s", or where it is
 * the sustained rate qualify judged after a burst-credit bucket ran dry,
 * "51/s sustained (burst 206/s)". */
char *wb_fleet_rate_words(double rate, bool sustained, double burst_per_s, char *buf,
			  size_t len);

/* "fleet of 12: 1 outlier (db7: commit fdatasync 8kB -62 % [-66, -58] vs median
 * 1,510/s), recommendations agree (fdatasync, 12 of 12)" */
char *wb_fleet_headline(const struct wb_fleet_verdict *v, char *buf, size_t len);

/* "db7: fdatasync/sync 8kB x1 at 580/s [...] is -62 % [...] against the median of
 * the other 11 hosts, 1,510/s: ...", "db2 FAILED: durability failure on ..." */
char *wb_fleet_finding_words(const struct wb_fleet_verdict *v, const struct wb_fleet_finding *x,
			     char *buf, size_t len);

/* "recommendations agree (fdatasync, 10 of 12; 2 undecided)", "tier standard:
 * pass on 2 of 3; 1 differs (db5 fail)", "no majority recommendation (fdatasync
 * 2, fsync 2)", "recommendations mostly undecided (8 of 12); the other 4:
 * fdatasync 4", "recommendations undecided on 1 of 8 hosts (every recommend
 * file): ..." — an undecided host is never counted as agreeing, and a count
 * is of the hosts it counts */
char *wb_fleet_vote_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			  char *buf, size_t len);

/* Why host h's recommendation is undecided, from its file's settle as the run
 * worded it: "db5 undecided, keeps fdatasync for now: open_datasync may be up
 * to +28.9% faster (...); the two halves of the run disagreed on open_sync
 * (...), so no budget can be estimated: rerun, ..."; its reason where the file
 * has no settle (or one older than schema 26); "" for any other host. */
char *wb_fleet_undecided_words(const struct wb_fleet_verdict *v, size_t h, char *buf, size_t len);

/* "fdatasync 11, fsync 1": the vote's answers, most common first. */
char *wb_fleet_counts_words(const struct wb_fleet_verdict *v, const struct wb_fleet_vote *w,
			    char *buf, size_t len);

/* "db3 recommends fsync where 4 of 5 recommend files recommend fdatasync" */
char *wb_fleet_disagreement_words(const struct wb_fleet_verdict *v,
				  const struct wb_fleet_disagreement *x, char *buf, size_t len);

/* "--fail-on-outlier: FAILED: 1 outlier host, 0 hosts with a failed test" */
char *wb_fleet_gate_words(const struct wb_fleet_verdict *v, char *buf, size_t len);

/* The JSON name of a finding's kind: "slow", "p99", "failed". */
const char *wb_fleet_finding_kind_name(enum wb_fleet_finding_kind k);

/* verify (words_verify.c). What a slot held, in a few words for the report
 * ("all zeros", "checksum mismatch"). */
const char *wb_verify_found_name(enum wb_verify_found f);

/* An acknowledged record lost: "LOST record 12 (slot 11, offset 49152): all
 * zeros". Written into buf, returned. */
#define WB_WORDS_VERIFY_LEN 400
char *wb_words_verify_loss(const struct wb_verify_run *run, const struct wb_verify_loss *x,
			   char *buf, size_t len);

/* The verdict: "0 of 40 acknowledged records lost" and whether the machine
 * restarted since the write (no restart: it proves nothing about a power cut; up
 * to three lines), or how many were lost and that the storage is not to be
 * trusted (two lines); "" when nothing was acknowledged, so nothing was checked.
 * Written into buf, returned. */
char *wb_words_verify_verdict(const struct wb_verify_verdict *v, char *buf, size_t len);
/* verify write to a listener on this machine (at not ELSEWHERE): why that proves
 * nothing, naming to as typed. Written into buf (WB_WORDS_VERIFY_LEN), returned. */
char *wb_words_verify_listener_here(enum wb_verify_listener_at at, const char *to, char *buf,
				    size_t len);
/* verify write on memory (wb_verify_proves_nothing): the one warning line,
 * dir as it may be shown, fs_type the file system's name. */
char *wb_words_verify_in_ram(const char *dir, const char *fs_type, char *buf, size_t len);

/* decide (words_decide.c). Why a group of tests ended as it did under the
 * sequential decision: "fsync beats fdatasync by 21.0% [15.2%, 29.1%] (99% CI),
 * at least the 5.0% asked", "tie: ...", "budget spent: ...", or, where a signal
 * stopped the run first, "interrupted after 8.1 s: ...". The buffer is the
 * size the reason always had. */
#define WB_WORDS_DECISION_LEN 400
char *wb_words_decision(const struct wb_group_decision *g, char *buf, size_t len);

/* The word after one of run's method comparisons (results.h's
 * wb_results_each_comparison), margin_pct the +-margin it was judged by:
 * "significant", "tie (within +-3.0%)" only when the whole interval lies inside
 * the margin, else "unclear (...)": an interval that holds 0 shows no
 * difference, not that there is none. Written into buf, returned. */
#define WB_WORDS_COMPARISON_LEN 96
char *wb_words_comparison(const struct wb_comparison *c, double margin_pct, char *buf,
			  size_t len);

/* settle (words_settle.c). What an undecided answer still needs: "open_datasync
 * may be up to +21.5% faster on commit 8kB flushes (+11.7% [+2.7%, +21.5%],
 * 95% CI; a switch needs 99.5%); about 70 more seconds would settle it:
 * --budget 2m", or, with no budget, the one reason st->why gives (past an hour:
 * near --min-gain; the halves of the run disagreed on a method; too short to
 * estimate); "" when nothing is known. The interval is the tie's, at 95 %; the
 * switch's confidence is named beside it, so that "up to" is not read as a
 * bound at the confidence the decision switches at. */
#define WB_WORDS_SETTLE_LEN 400
char *wb_words_settle(const struct wb_settle *st, double min_gain_pct, char *buf, size_t len);
/* The same, of a settle as a results file has it (the live one is worded
 * through this): its min_gain_pct, why and split say which reason;
 * switch_conf is the file's decision.confidence (NAN when it has none: the
 * words then name no switch confidence). */
char *wb_words_saved_settle(const struct wb_saved_settle *st, double switch_conf, char *buf,
			    size_t len);

/* state (words_state.c). A saved recommendation's state as the HTML report's
 * decision box labels it: "Undecided", and what that state proved; partial:
 * the file's run was stopped by a signal, which an undecided one then names
 * instead of its budget. */
const char *wb_words_rec_state_label(enum wb_saved_rec_state s);
const char *wb_words_rec_state_meaning(enum wb_saved_rec_state s, bool partial);

/* The headline an undecided file of schema 6 or older gets in place of its own,
 * which called an unproven difference "not worth a change": "Undecided: keep
 * wal_sync_method = fdatasync for now: the budget ran out before ...". */
#define WB_WORDS_OLD_UNDECIDED_LEN 240
char *wb_words_rec_old_undecided(const char *method, char *buf, size_t len);

/* A flush as the Evidence table's flush column names it (words_flush.c):
 * "commit 8kB", "bulk 1MiB"; shape is wb_shape_name()'s. */
#define WB_WORDS_FLUSH_LEN 32
char *wb_words_flush(const char *shape, uint64_t bytes, char *buf, size_t len);

/* A budget as --budget takes it (words_budget.c): "2m", "90s". */
char *wb_words_budget(double s, char *buf, size_t len);

/* An observation's caveats (words_observed.c): what m could not read and
 * the grant or setting that would allow it; whether a checkpoint completed
 * inside the window, and the --observe that would hold one when none did. */
void wb_words_missing(const struct wb_pg_observed *o, enum wb_pg_missing m, char *buf,
		      size_t len);
void wb_words_checkpoints(const struct wb_pg_observed *o, char *buf, size_t len);
/* The views whose statistics were reset between the snapshots and what that
 * leaves out; "" when none was. */
void wb_words_resets(const struct wb_pg_observed *o, char *buf, size_t len);
/* Why the sampling of pg_stat_activity stopped, and after how many rounds;
 * "" when it sampled the whole window. */
void wb_words_sampler_failure(const struct wb_pg_observed *o, char *buf, size_t len);
/* Why the commit flush recommend measures has its size ("its mean flush"). */
const char *wb_words_flush_why(enum wb_flush_why why);
/* What the server's settings say of its flushes that no rate shows: fsync =
 * off (it makes none, a warning), synchronous_commit = off (commits do not
 * wait for them); "" when nothing. */
void wb_words_server_flushes(const struct wb_pg_observed *o, char *buf, size_t len);
/* An observation needs this many flushes in its window to give a size per
 * flush or a mean flush time, as the decisions need them for the server's
 * flush time (advice/server_shape.h): an idle server still flushes now and
 * then (the WAL writer behind a hint bit, a checkpoint's record, autovacuum),
 * and one or two of those make a "mean" of whatever that flush was. */
#define WB_OBSERVED_MIN_FLUSHES WB_SERVER_MIN_FLUSHES
/* An idle window (advice/server_shape.h wb_server_idle): "the server was idle in
 * the window: 0 commits, 0 flushes; the decision is on flushes alone". */
void wb_words_server_idle(double commits, double flushes, char *buf, size_t len);

/* Where the window held at least one flush but fewer than
 * WB_OBSERVED_MIN_FLUSHES: "1 flush in the 10.0 s window, too few for
 * WHAT" (WHAT: "a size per flush", "a mean"); "" otherwise. */
void wb_words_few_flushes(const struct wb_pg_observed *o, const char *what, char *buf,
			  size_t len);
/* What the server's commits wait for, where it is a synchronous standby: that
 * WHAT ("the wal_sync_method", "where pg_wal lives") on this host is not; ""
 * otherwise. */
void wb_words_commit_wait(const struct wb_commit_wait *cw, const char *what, char *buf,
			  size_t len);

/* What recommend took from the server (words_server.c), each "" when there is
 * nothing to say: why there is no directory to test (UNREADABLE, NOT_HERE),
 * or where a pg_wal on a volume of its own is measured (DATA, wal_now); the baseline and flush sizes ("From the server: ..."); what a
 * flush switch must prove at the server's flush share; the data load with
 * candidates. */
void wb_words_server_dir(const struct wb_server_plan *pl, const struct wb_pg_observed *o,
			 char *buf, size_t len);
void wb_words_server_from(const struct wb_server_shape *sh, char *buf, size_t len);
void wb_words_server_min_gain(const struct wb_server_shape *sh, const struct wb_server_plan *pl,
			      double min_gain_pct, char *buf, size_t len);
void wb_words_server_load(const struct wb_server_plan *pl, const struct wb_server_shape *sh,
			  const struct wb_pg_observed *o, char *buf, size_t len);

/* The space guard (words_space.c): why a run is refused on a live server's WAL
 * volume, or goes there anyway under --allow-low-space, naming dir (where it
 * writes), the free space, what the run writes, the margin and why, and the
 * override; datadir ("" unknown) names where max_wal_size was read. "" for a
 * run that goes without a word. Returns buf. */
#define WB_WORDS_SPACE_LEN 1400
char *wb_words_space(const struct wb_space_verdict *v, const char *dir, const char *datadir,
		     char *buf, size_t len);

#endif
