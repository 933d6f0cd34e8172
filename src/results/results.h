/* results.h — the one results structure every reporter reads.
 * The runner fills it; reporters (text, compat, JSON, and later recommender and
 * HTML) only read it and derive figures (rates, percentiles) from it. Nothing
 * downstream measures. */
#ifndef WB_RESULTS_RESULTS_H
#define WB_RESULTS_RESULTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "facts/device.h"
#include "facts/host.h"
#include "facts/os.h"
#include "model/test.h"
#include "results/decision.h"
#include "results/histogram.h"
#include "results/stats.h"
#include "results/throttle.h"

/* NOT_RUN is 0 on purpose: a zeroed result (memory ran out before it ran, the
 * budget ended first) must never read as "ok" with 0 ops. */
enum wb_status { WB_STATUS_NOT_RUN, WB_STATUS_OK, WB_STATUS_NA, WB_STATUS_ERROR };

/* Where the first failure happened, for reports to name (all but call optional). */
struct wb_failure_site {
	char call[64];           /* the failing call: "fdatasync", "write (O_DSYNC)", "close" */
	int64_t offset;          /* file offset of the failed op; -1 when none applies */
	int64_t op_index;        /* timed ops completed before it (its index); -1 before the timing */
	char file[PATH_MAX];     /* the file it failed on (a job's file, a segment); "" unknown */
};

/* One job's share of a test (one per --jobs), summed over the test's trials:
 * the append pattern's accounting is checked job by job, since a job that
 * never switches hides behind others that do. */
struct wb_job_figures {
	uint64_t ops;            /* flushes it completed (bytes: ops x wb_flush_bytes) */
	uint64_t switches;       /* append: segment switches (new) or wraps to the start (recycle) */
	uint64_t segment_pos;    /* append: its next write offset in its segment; the next trial
				  * goes on from here, as a server's WAL does */
};

struct wb_result {
	struct wb_test test;
	enum wb_status status;
	int error;               /* errno behind n/a or error; 0 if none */
	char reason[200];        /* why n/a or error, naming the call */
	struct wb_failure_site site; /* status error: where; site.call is "" until known */
	bool durability_failure; /* a sync or synchronous write failed: data may be lost */
	bool direct_refused;     /* n/a because O_DIRECT was refused (compat's n/a*) */
	uint64_t ops;            /* timed ops completed (commits, for group commit) */
	uint64_t flushes;        /* group commit: syncs issued by flush leaders */
	uint64_t elapsed_ns;     /* from the first op's start to the last op's end */
	uint64_t settled_ops;    /* flushes of the settled part (WB_SETTLED_AFTER), 0 when the loop
				  * does not keep one */
	uint64_t settled_ns;     /* its time: the end of its first flush to the end of its last */
	struct wb_histogram *hist; /* per-op latency; NULL when nothing was measured */
	struct wb_histogram *switch_hist; /* append with new segments: each switch's time */
	uint64_t switches;       /* segment switches (new) or wraps (recycle), all jobs */
	int fallocate_err;       /* preallocate: the errno (EOPNOTSUPP, EINTR) that made a
				  * segment fall back to ftruncate, as etcd does; 0 none */
	struct wb_job_figures *per_job; /* njobs of them; NULL until a trial ran in the runner */
	uint32_t njobs;
	double *trial_rates;     /* ops/s of each counted trial */
	double *trial_p99_us;    /* each trial's p99 latency (qualify's time slices); NULL if not kept */
	double *trial_start_s;   /* when each trial started, seconds into the run; NULL if not kept */
	double *trial_settled_per_s; /* each slice's rate over its settled part; 0 where the loop
				  * kept none: what a bucket sustains (results/bucket.h) */
	uint32_t *trial_rounds;  /* the round each trial ran in: trials of one round pair up */
	struct wb_wait *waits;   /* flushes that took WB_WAIT_RECORD_NS or more, in order */
	uint32_t nwaits;         /* at most WB_MAX_WAITS: enough to see a throttle's period */
	size_t ntrials;
	size_t trial_cap;        /* room in trial_rates and trial_rounds */
	size_t noted_cap;        /* room in trial_p99_us, _start_s and _settled_per_s */
	uint64_t warmup_ns;      /* measured and discarded before the first trial */
	uint32_t first_round;    /* --decide: rounds before this are the group's warm-up
				  * transient (results/transient.h), left out of comparisons */
	bool converged;          /* the CI reached the target before the time ran out */
	bool dropped;            /* --decide: stopped early, significantly behind the leader */
	bool settled;            /* --decide: stopped early, proven within the gain of the baseline */
	struct wb_stats stats;   /* over trial_rates, filled when the test ends */
};

/* The data load of a placement run (measure/dataload.h): what it was asked
 * for and what it achieved, summed over every trial it ran under. */
struct wb_load_result {
	bool used;               /* some test ran with the load */
	double requested_per_s;  /* --data-load RATE/s; 0 when a share of capacity */
	double requested_pct;    /* --data-load PCT%; 0 when a rate */
	double capacity_per_s;   /* measured random-write capacity; 0 when not measured */
	double target_per_s;     /* the pace the generator kept to */
	uint64_t file_size;      /* bytes of its file on the data volume */
	uint64_t writes;         /* 8 kB writes done while tests ran */
	uint64_t writebacks;     /* sync_file_range calls (checkpoint_flush_after) */
	uint64_t fsyncs;         /* periodic and end-of-trial fsyncs */
	uint64_t fsync_total_ns, fsync_max_ns;
	uint64_t active_ns;      /* time it ran, summed over trials */
	bool failed;             /* an I/O call failed: no placement verdict */
	bool durability_failure; /* ... and it was a sync */
	int error;               /* errno of the failure */
	char reason[480];        /* the failure, naming the call and file */
};

/* Where a placement run measured: the data directory (site 0) and each
 * candidate for pg_wal, with the storage under each. */
#define WB_MAX_SITES 9
struct wb_site {
	char path[PATH_MAX];     /* the directory as given */
	struct wb_device device; /* probed on the test file there */
};

struct wb_results {
	char target[4096];       /* the file tested (the first, with --jobs) */
	struct wb_host host;      /* the machine and kernel */
	struct wb_os_facts os;    /* kernel settings that bend I/O: THP, huge pages, dirty limits */
	struct wb_device device;  /* the storage under the test file */
	int64_t started_unix;
	char clock[16];          /* the timing loops' clock: "tsc" or "monotonic" */
	double clock_ghz;        /* the TSC's calibrated frequency; 0 for monotonic */
	bool adaptive;           /* tests ran as repeated trials with a CI target */
	uint64_t seed;           /* of the rounds' random test order */
	uint32_t rounds;         /* rounds of trials run */
	uint64_t elapsed_ns;     /* the measuring, from the first trial to the last */
	bool decide;             /* the run stopped on a sequential decision */
	struct wb_decide_params decide_params;
	struct wb_group_decision *decisions; /* one per group of tests differing in method */
	size_t ndecisions;
	struct wb_throttle throttle; /* the first test seen throttled, after round one */
	char throttle_test[96];  /* which test that was */
	bool throttle_late;      /* found after the early rounds, when trials keep their length */
	uint64_t trial_ns;       /* trial length used after round one (lengthened when throttled) */
	uint64_t asked_trial_ns; /* the length asked (--trial-time, --slice, or its default): above
				  * the first rounds' when the budget could not hold it */
	bool trial_given;        /* that length was typed, not the default */
	bool trial_shortened;    /* the plan shortened it to what the budget holds */
	double ci_target_pct;    /* the target each test's CI tried to reach */
	double max_cv_pct;       /* trials varying more than this are "unstable" */
	double min_difference_pct; /* a significant difference must clear +-this (the CI target) */
	struct wb_site *sites;    /* placement: the data directory and the candidates; else NULL */
	size_t nsites;
	struct wb_load_result load; /* placement: the data load's figures */
	double settled_in_s;      /* placement: when every candidate was settled; 0: the budget ran out */
	int interrupted;          /* the signal that stopped the run early (partial results); 0 none */
	bool cut;                 /* a clipped schedule's budget ended the last round short: */
	bool cut_trial;           /* ... cut_test's trial was cut, from cut_drawn_ns to cut_ran_ns */
	size_t cut_test;
	uint64_t cut_drawn_ns, cut_ran_ns;
	uint32_t cut_skipped;     /* ... and these tests (bit i: test i) got no trial in it */
	struct wb_result *v;
	size_t n, cap;
};

/* Where an adaptive run stands, after each trial. */
struct wb_progress {
	uint32_t round;          /* rounds begun, from 1 */
	size_t test, ntests;     /* the trial's test (from 1) and how many still run */
	uint64_t elapsed_ns, budget_ns;
	const struct wb_result *r; /* the test that ran, its figures so far */
};

/* Told of each test as it starts and as it ends (streaming output), and of
 * each trial (progress); all optional. */
struct wb_result_hooks {
	void (*before)(const struct wb_test *t, void *ctx); /* e.g. print a label */
	void (*after)(const struct wb_result *r, void *ctx); /* print the figure */
	void (*progress)(const struct wb_progress *p, void *ctx);
	void *ctx;
};

/* Still to run or running: not yet failed, n/a or stopped. */
static inline bool wb_result_runnable(const struct wb_result *r)
{
	return r->status == WB_STATUS_OK || r->status == WB_STATUS_NOT_RUN;
}

/* Failed or judged n/a: the first such story is kept (wb_result_merge). */
static inline bool wb_result_failed(const struct wb_result *r)
{
	return r->status == WB_STATUS_NA || r->status == WB_STATUS_ERROR;
}

/* Records where r failed (call, offset, op index), unless a site is known
 * already: the first failure is the story; and the file, unless known. offset,
 * op_index -1 when none; file may be NULL. */
void wb_result_set_site(struct wb_result *r, const char *call, int64_t offset, int64_t op_index,
			const char *file);

/* Appends a result for test t, status "not run"; NULL on allocation failure. */
struct wb_result *wb_results_add(struct wb_results *rs, const struct wb_test *t);

/* A fresh result for t: status "not run", no failure site. */
void wb_result_init(struct wb_result *r, const struct wb_test *t);
void wb_results_free(struct wb_results *rs);

/* Adds a part's figures into r: ops add up, histograms merge, the first failure
 * wins. Concurrent parts (threads of one run) take the longest elapsed time;
 * consecutive parts (trials) add their times up. r->hist must exist when
 * part->hist does; a part's switch histogram is merged into r's, allocated here. */
void wb_result_merge(struct wb_result *r, const struct wb_result *part, bool consecutive);

/* Gives r room for n jobs' figures, zeroed, unless it has them: 0 or -ENOMEM. */
int wb_result_reserve_jobs(struct wb_result *r, uint32_t n);

/* A trial that is not counted (the warm-up) still moved each job's append
 * position: r takes the positions, not the figures. */
void wb_result_take_positions(struct wb_result *r, const struct wb_result *part);

/* A flush this slow may be a wait for a throttle's next slice: its end time is
 * kept, so the slices' period can be found (results/throttle.h). */
#define WB_WAIT_RECORD_NS 2000000ull
#define WB_MAX_WAITS 4096

/* Keeps one slow flush: when it ended and how long it took (dropped once
 * WB_MAX_WAITS are kept). */
void wb_result_add_wait(struct wb_result *r, uint64_t end_ns, uint64_t lat_ns);

/* Appends one trial's rate and the round it ran in. 0 or -ENOMEM. */
int wb_result_add_trial(struct wb_result *r, double rate, uint32_t round);

/* A trial's settled part: from the end of its first flush that ends after
 * 1/WB_SETTLED_AFTER of its time to the end of its last. Between two trials no
 * flushes run and an empty token bucket refills; the next trial spends that at
 * the burst rate, in less time than the pause (the refill is slower than the
 * burst), so the part after the pauses' few milliseconds is one continuous
 * stream at the rate the volume sustains. A quarter of the default 5 s slice
 * is far past the gaps measured between two trials' flushes (1 to 16 ms on
 * tests/fault/bucketfs), and so is a quarter of any slice of 100 ms or more. */
#define WB_SETTLED_AFTER 4

/* A time slice of qualify: when it started (seconds into the run) and its
 * rate over its settled part (0: none kept). */
struct wb_slice_time {
	double start_s, settled_per_s;
};

/* Keeps the p99 latency and the times of the trial just added (a time slice of
 * qualify): its slices' trend, tails and settled rates. 0 or -ENOMEM. */
int wb_result_note_trial(struct wb_result *r, double p99_us, const struct wb_slice_time *t);

/* Frees what a result owns (histograms, trial rates). */
void wb_result_release(struct wb_result *r);

/* Trials of r that ran before its first_round: the transient left out. */
size_t wb_result_transient_trials(const struct wb_result *r);

/* b against a: paired by round when both ran as interleaved trials (see
 * wb_stats_compare_paired), else Welch over their trials (at 0.95 only); conf
 * is the interval's confidence (0.95 in reports). False when there is too little to compare. */
bool wb_result_compare(const struct wb_result *a, const struct wb_result *b, double conf,
		       struct wb_comparison *out);

/* The comparisons the reports show, in one place so text and JSON agree: within
 * each group of tests that differ only in method, the fastest (by the figure
 * compared: paired by round where the trials were, so none of the others has a
 * gain over it) against every other, at 95 %. A difference is significant only
 * when its interval also clears +-rs->min_difference_pct: on a throttled device
 * a bias of a percent or two per test survives random order, and a difference
 * that small is no reason to change a setting anyway. */
typedef void (*wb_comparison_fn)(const struct wb_result *fastest, const struct wb_result *other,
				 const struct wb_comparison *c, void *ctx);
void wb_results_each_comparison(const struct wb_results *rs, wb_comparison_fn fn, void *ctx);

/* Derived figures: every reporter uses these, so they agree. Two rates, not
 * one: ops_per_sec is ops over elapsed time, every counted trial weighted by
 * its length (the transient rounds too), the figure pg_test_fsync prints;
 * trial_mean is the mean of the trial rates (stats.mean), the centre that
 * stats.ci95_pct is a percentage of and the figure the comparisons use. A rate
 * printed beside an interval is the trial mean, or its ends are not its
 * interval's. Both 0 unless the test ran ok; trial_mean is ops_per_sec when no
 * trial was counted. */
double wb_result_ops_per_sec(const struct wb_result *r);
double wb_result_trial_mean(const struct wb_result *r);
double wb_result_flushes_per_sec(const struct wb_result *r);
double wb_result_usecs(const struct wb_result *r, double pct); /* pct < 0 means mean */

/* Unstable: repeated trials whose CI missed the target or varied more than
 * max_cv_pct. Never true for a single fixed run (nothing to judge it by). */
bool wb_result_unstable(const struct wb_results *rs, const struct wb_result *r);

/* The wb_status names used in reports and JSON. */
const char *wb_status_name(enum wb_status s);

#endif
