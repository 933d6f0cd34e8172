/* saved.h — a results file written earlier (`run/recommend/qualify --json`),
 * read back as plain data by report/results_reader.h: what compare, the HTML
 * report and the fleet summary need of each test, of the run and of its
 * verdicts. Only what the file holds is here; nothing is re-derived. Traps:
 * keys an older schema_version lacks are filled with what that version meant
 * (no pattern: overwrite; no flush_form: separate), so tests of two versions
 * match; the const char * strings are owned by the results (wb_saved_free)
 * and, once a file has been read, never NULL — "" where the file has none (or
 * not as a string) — rec's and qual's only when has_recommendation or
 * has_qualification say they were read. */
#ifndef WB_RESULTS_SAVED_H
#define WB_RESULTS_SAVED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "pgstat/observed.h"

/* A latency summary in microseconds (segment_switch_us); each NAN when the
 * file has none. */
struct wb_saved_latency {
	double mean, p50, p90, p99, p999, max;
};

/* One job's share of a test (per_job), as the file has it. */
struct wb_saved_job {
	bool append;             /* its segment figures are written */
	double ops, bytes, segment_switches, segment_offset;
};

struct wb_saved_test {
	char method[32];
	char engine[32];
	char label[64];          /* the variant ("PostgreSQL 16"); "" when none */
	uint64_t size;           /* bytes per write */
	uint64_t writes_per_op;
	char pattern[16];        /* overwrite, append, groupcommit */
	uint64_t queue_depth;
	uint64_t jobs;
	uint64_t committers;     /* 0 outside group commit */
	char flush_form[16];     /* separate, coalesced */
	uint64_t wal_buffers;    /* coalesced: the ring a flush splits at; 0 otherwise */
	char fd_mode[24];        /* keep, sync_then_close, close_then_sync */
	char segment[16];        /* append: recycle, new, preallocate; "" otherwise */
	char preallocated_by[16]; /* preallocate: fallocate, or ftruncate (etcd's fallback); "" */
	char fallocate_error[24]; /* with ftruncate: why fallocate was not used ("EOPNOTSUPP"); "" */
	uint64_t segment_size;   /* append: bytes per segment; 0 otherwise */
	char where[4096];        /* placement rows: the directory (a site's path, PATH_MAX); "" */
	int data_load;           /* placement rows: 1 the data load ran, 0 not; -1 no such key */
	char status[16];         /* ok, n/a, error, not run */
	char reason[256];        /* why, when status is not ok; "" otherwise */
	bool durability_failure;
	double ops_per_sec;      /* ops / elapsed_s; 0 when status is not ok */
	bool has_rate;           /* false when the file has no ops_per_sec (or null) */
	double trial_mean_ops_per_sec; /* the mean of the trial rates: ci95_pct's centre */
	bool has_trial_mean;     /* false if not ok; a run's test without trials writes
				  * none, but the reader gives every ok test one: the mean
				  * of trial_rates where a file before schema 25 has no
				  * key, ops_per_sec where it has no trials (one trial,
				  * the whole test) */
	double *trial_rates;     /* trial_ops_per_sec; NULL when the file has none */
	size_t ntrials;
	double p99_us;           /* latency_us.p99 */
	bool has_p99;            /* false when the file has no p99 (not ok, or null) */
	char shape[16];          /* commit, bulk, ... ; "" when the file has none */
	double ci95_pct;         /* half-width of the rate's 95 % interval, percent of
				  * trial_mean_ops_per_sec (not of ops_per_sec) */
	bool has_ci95;           /* false with fewer than 2 trials, or not ok */
	/* latency_us's other figures; each NAN when the file has none */
	double mean_us, p50_us, p90_us, p999_us, max_us;
	/* The rest of the test as the file has it, read to be written again
	 * (report/tests_fields.c); a number absent is NAN. Each has_* or flag
	 * says its keys are in the file. */
	bool has_sites;          /* where, data_load: a placement run's row */
	bool coalesced;          /* wal_buffers */
	bool append;             /* segment_size, segment, segment_switches */
	bool preallocated;       /* preallocated_by: a preallocating append that ran */
	bool has_fallocate_error;
	bool has_switch_us;      /* segment_switch_us: new segments timed apart */
	bool group_commit;       /* committers, flushes, flushes_per_sec, commits_per_flush */
	bool has_label;
	bool not_ok;             /* reason, errno, durability_failure */
	bool has_errno_name;
	bool has_failure;        /* failure: status error */
	bool has_offset, has_op_index; /* failure.offset, .op_index: null when they do not apply */
	bool has_per_job;
	bool has_hist;           /* the writer's, never in the file: latency was recorded
				  * (a Prometheus quantile is a sample only then) */
	uint64_t concurrency;    /* the writer's, never in the file (Prometheus labels): the
				  * committers in group commit, else queue depth x jobs */
	const char *device;      /* the same: the site's block device, else the file system */
	double segment_switches;
	struct wb_saved_latency switch_us;
	double flushes, flushes_per_sec, commits_per_flush;
	unsigned error;          /* errno */
	const char *errno_name;  /* "EIO"; NULL when none */
	const char *failure_call, *failure_file;
	double failure_offset, failure_op_index;
	double ops, elapsed_s, trials, cv_pct, outlier_trials, warmup_s, transient_trials;
	bool converged, unstable, dropped, settled;
	struct wb_saved_job *per_job;
	size_t njobs;
	uint32_t *trial_rounds;  /* trial_round; NULL when the file has none */
	size_t nrounds;
};

/* A test measured: its figures mean something. */
static inline bool wb_saved_ok(const struct wb_saved_test *t)
{
	return strcmp(t->status, "ok") == 0;
}

/* The rate to print beside ci95_pct's interval, or to compare: the trial mean,
 * its centre; ops_per_sec where no trial was counted. */
static inline double wb_saved_rate(const struct wb_saved_test *t)
{
	return t->has_trial_mean ? t->trial_mean_ops_per_sec : t->ops_per_sec;
}

/* A test failed (an I/O error, or a flush that lost data): reported loudly,
 * never as a figure. n/a and not run are neither. */
static inline bool wb_saved_failed(const struct wb_saved_test *t)
{
	return t->durability_failure || strcmp(t->status, "error") == 0;
}

/* A [low, high] pair; each NAN when the file has no number there. */
struct wb_saved_range {
	double low, high;
};

/* An array of strings; v[i] NULL where the element is not a string. */
struct wb_saved_lines {
	const char **v;
	size_t n;
};

/* One row of a facts table: a key of host.device, host.os or config, nested
 * objects flattened ("vm.dirty_ratio"), in the file's order. */
enum wb_saved_fact_kind {
	WB_SAVED_FACT_STRING,    /* text */
	WB_SAVED_FACT_NUMBER,    /* number */
	WB_SAVED_FACT_BOOL,      /* yes */
	WB_SAVED_FACT_NULL,      /* unknown */
	WB_SAVED_FACT_JSON,      /* an array: text is its compact JSON */
};

struct wb_saved_fact {
	const char *name;
	enum wb_saved_fact_kind kind;
	const char *text;
	double number;
	bool yes;
};

struct wb_saved_facts {
	struct wb_saved_fact *v;
	size_t n;
};

/* recommendation.oltp, .bulk or .runner_up. */
struct wb_saved_choice {
	bool present;            /* an object in the file */
	const char *method;      /* oltp, bulk: wal_sync_method; runner_up: method */
	const char *state;       /* oltp, bulk: their state (schema 7+) */
	bool decided;            /* oltp, bulk */
	double margin_pct;       /* NAN when absent */
	struct wb_saved_range ci95_pct;
	const char *reason;      /* oltp, bulk */
};

struct wb_saved_advisory {
	const char *severity, *fact, *value, *advice, *reason;
};

/* The placement as the file has it (report/placement_fields.c: one table of
 * fields, which the writer fills from advice/placement.h's verdict and its
 * words, and the reader reads back). Numbers are NAN where the file has none,
 * strings "" (never NULL once read); a flag below that says when keys are
 * null or left out is set, reading, by whether the file has them. */

/* A gain in commits against the loaded data directory's, paired by round. */
struct wb_saved_gain {
	bool compared;           /* enough trials to compare: else null, or left out */
	double pct;
	struct wb_saved_range ci95_pct;
	bool significant;
};

/* One placement's row: commits per second (one session, or the group of
 * committers) and the flush latency; a candidate's with its gain. */
struct wb_saved_placement_row {
	bool measured;
	double commits_per_s, p50_ms, p99_ms;
	struct wb_saved_gain gain; /* the data directory's own rows: not compared */
};

/* A candidate's model_prediction (advice/placement_model.h): the server's
 * commits there, and every term it used. */
struct wb_saved_model {
	bool present;            /* a server was observed: else null */
	bool known;              /* it predicted: the terms after commits_per_s are there */
	const char *why, *limit, *flush_ms_source, *commits_source;
	const char *clip;        /* what the caps left of the interval (schema 32; "" before) */
	const char *low_limit, *high_limit; /* what cut each end (schema 32; "" before) */
	double commits_per_s, predicted_per_s, gain_pct, flush_ms, flush_ratio;
	struct wb_saved_range predicted_ci95_per_s, ci95_pct, flush_ratio_ci95;
	bool capped;
	double wal_share, lock_share, rest_share, commits_per_flush;
	double cpu_cap_per_s, device_cap_per_s;
};

struct wb_device;
struct wb_results;

/* One element of recommendation.placement: a --wal-candidate. */
/* A candidate on the data volume measured again at the data load of the
 * commits predicted (advice/placement_load.h). */
struct wb_saved_at_load {
	bool present;            /* rounds were measured (null in the file when not) */
	unsigned rounds;
	double commits_per_s;    /* the commits the last round's load was scaled to */
	double data_pages_per_s; /* the data writes a second that round carried */
	bool settled;            /* the prediction was measured at its own load */
	bool budget_out;         /* the rounds stopped for want of budget */
};

struct wb_saved_candidate {
	const char *path, *device, *reason;
	bool same_device, same_fs;
	struct wb_saved_gain gain;     /* what decides (the model's where it predicts) */
	struct wb_saved_gain row_gain; /* group commits against the loaded data's */
	struct wb_saved_gain idle_gain; /* group commits against the idle data's */
	struct wb_saved_model model;
	bool move, depends_on_load, in_ram;
	bool recommended;        /* true unless the file says false */
	bool open, upper_bound;
	struct wb_saved_at_load at_load; /* schema 32 */
	struct wb_saved_placement_row commit, group;
	const struct wb_device *storage; /* writing: its storage's facts; NULL none, and read */
};

/* recommendation.placement_baseline and .placement. */
struct wb_saved_placement {
	bool present;            /* placement_baseline is an object */
	bool has_candidates;     /* placement is an array */
	struct wb_saved_candidate *c;
	size_t n;
	const char *data, *device;
	const char *wal_now;     /* where pg_wal is now, on a volume of its own; "" when it is
				  * in data (null in the file) */
	bool failed, live_load;
	const char *state;       /* move, depends, keep-ram, keep, undecided, failed; "" in
				  * files older than schema 7 */
	const char *failure, *headline, *context, *commits_wait_for, *commits_wait_line;
	const char *wal_dir, *move_to;
	unsigned group_committers;
	bool has_run;            /* the run's rounds, elapsed_s, settled_in_s and tests */
	unsigned rounds;
	double elapsed_s;
	bool settled;            /* settled_in_s: else null, the budget ran out */
	double settled_in_s;
	/* the data volume's own rows: idle, and under the load */
	struct wb_saved_placement_row idle_commit, idle_group, loaded_commit, loaded_group;
	bool slowdown_known;
	double slowdown_pct;
	struct wb_saved_range slowdown_ci95_pct;
	double load_target_per_s, load_achieved_per_s, load_capacity_per_s, load_pct;
	bool load_kept_up;
	double load_fsync_mean_ms, load_fsync_max_ms;
	struct wb_saved_lines steps;
	const struct wb_results *rs; /* writing: the run, its rows written as tests; NULL read */
};

/* recommendation.state: the values of advice/recommend.h's enum wb_rec_state,
 * in its order (report/recommend_fields.c asserts it). Files of
 * schema_version 6 and older have no state: a change is a switch, an
 * undecided run (decided false) undecided, and the rest a tie — they could not
 * tell a tie from a keep. */
enum wb_saved_rec_state {
	WB_SAVED_REC_FAILED,     /* no recommendation: failure says why */
	WB_SAVED_REC_SWITCH,     /* set the method */
	WB_SAVED_REC_TIE,        /* keep the default: the others proven within the minimum gain */
	WB_SAVED_REC_KEEP,       /* keep the default: the others proven slower */
	WB_SAVED_REC_UNDECIDED,  /* keep the default for now: the budget ran out */
};

/* A comparison of two methods (results/stats.h), as the file has it. */
struct wb_saved_comparison {
	double diff_pct, ci_low_pct, ci_high_pct;
	bool significant, within_margin;
	bool paired;             /* replicated, pairs and batch are there */
	bool replicated;
	double pairs, batch;
};

/* settle: what an undecided answer still needs (results/decision.h). */
struct wb_saved_settle {
	bool known;              /* else null */
	const char *method;
	bool flush_known;        /* shape and flush_bytes are there (schema 27+): else null,
				  * and the words name no flush */
	const char *shape;       /* the flush vs_baseline is of: "commit" or "bulk" */
	uint64_t flush_bytes;    /* its bytes */
	struct wb_saved_comparison vs_baseline;
	double s_per_round;
	bool reachable;          /* a budget under an hour would settle it: else its figures
				  * are null */
	double more_rounds, more_s, budget_s; /* NAN when absent or null */
	const char *budget;      /* "2m"; "" when none */
	/* Why the budget is what it is (schema 26+), so that a report made from
	 * the file words the reason the run gave: */
	const char *why;         /* results/settle.h's names ("not-replicated"); "" older */
	double min_gain_pct;     /* the gain the open method is held to; NAN when absent */
	bool split_known;        /* not-replicated: split is there; else null */
	const char *split_method; /* the method whose two halves of the run disagreed */
	bool split_flush_known;  /* split_shape and split_flush_bytes are there, as above */
	const char *split_shape; /* the flush it is of */
	uint64_t split_flush_bytes;
	struct wb_saved_comparison split; /* it against the baseline, 95 % */
	bool leader_known;       /* the group's leader by point is another method (schema
				  * 32+): else null */
	const char *leader;      /* it, as the decision's why names it */
	struct wb_saved_comparison leader_vs_baseline; /* it against the baseline, 95 % */
	bool interrupted;        /* not a key of its own: the run's (partial, or a decision
				  * stopped "interrupted"), which readers set; no --budget
				  * is asked of a run a signal stopped */
};

/* recommendation.server (schema 8+): the gain in commits for an observed
 * server, and the cross-check of its flush time. */
struct wb_saved_rec_server {
	bool present;            /* else null */
	const char *baseline, *share_source;
	bool scaled;             /* the margins were decided in commits: else null */
	double flush_share;
	const char *method;
	double commit_gain_pct;
	struct wb_saved_range commit_ci95_pct;
	double flush_min_gain_pct;
	bool demoted;            /* a flush switch that is not one in commits: leader */
	const char *leader;
	const char *commits_line; /* the gain in commits as a sentence */
	bool crosscheck;         /* else null */
	const char *crosscheck_method;
	unsigned crosscheck_pages;
	double server_flush_ms, walbench_flush_ms, flush_ratio;
	bool apart;
	const char *crosscheck_line, *commits_wait_for, *commits_wait_line;
};

/* recommendation.commit_work: commits of an assumed cost (--commit-work). */
struct wb_saved_commit_work {
	bool present;            /* else null */
	double commit_work_us, flush_us, flush_share, commit_bound_pct;
	double flush_min_gain_pct; /* NAN where null */
	bool compared;           /* a method's gain in commits: else null */
	const char *method;
	double commit_gain_pct;
	struct wb_saved_range commit_ci95_pct;
	const char *commits_line;
};

/* The recommendation as the file has it (report/recommend_fields.c: tables
 * of fields, which the writer fills from advice/recommend.h's verdict and its
 * words, and the reader reads back), as the placement above. Read strictly,
 * for compare and the fleet summary: the state, the method, change and the
 * headline; the rest as the HTML report shows it. */
struct wb_saved_recommendation {
	const char *workload;
	enum wb_saved_rec_state state;
	bool state_derived;      /* the file has no state (schema 6 or older) */
	struct wb_saved_placement placement;
	bool answered;           /* a method: else wal_sync_method is null (failed) */
	char method[32];         /* wal_sync_method; "" when null or absent */
	bool failed;             /* failure says why there is no method */
	const char *failure;
	bool change;             /* method differs from PostgreSQL's default */
	bool significant;
	double margin_pct;       /* NAN when absent */
	struct wb_saved_range ci95_pct;
	struct wb_saved_choice runner_up, oltp, bulk;
	double flush_p50_us, commit_delay_us, commit_siblings; /* NAN when absent */
	const char *commit_delay_reason;
	bool decided;            /* true unless the file says false */
	double decided_in_s;
	bool on_memory;          /* a tie because the storage is memory (schema 32+) */
	bool undecided;          /* settle is there */
	struct wb_saved_settle settle;
	char headline[512];
	const char *reason;
	struct wb_saved_rec_server server;
	const char *commit_assumption;
	struct wb_saved_commit_work commit_work;
	struct wb_saved_advisory *advisories;
	size_t nadvisories;
	struct wb_saved_lines config, alter_system;
};

/* What identifies a group of tests that differ only in method
 * (decision.groups[], comparisons[]). */
struct wb_saved_group_key {
	const char *engine, *pattern, *label;
	double size, writes_per_op, queue_depth, jobs, committers;
	bool groupcommit, has_label;
};

/* decision.groups[] (run --decide): one group's answer, why, and when. */
struct wb_saved_group {
	struct wb_saved_group_key key;
	const char *state, *method, *leader, *reason;
	bool paired, undecided, decided;
	struct wb_saved_comparison margin;
	struct wb_saved_settle settle;
	double decided_in_s, rounds;
	char why[400], budget[16]; /* the writer's words, which reason and settle point into */
};

/* decision (run --decide): what it asked, and the groups' answers. */
struct wb_saved_decision {
	const char *baseline, *stopped;
	double min_gain_pct, confidence, tie_confidence, decided_in_s;
	bool all;                /* every group decided: else decided_in_s is null */
	struct wb_saved_group *groups;
	size_t ngroups;
};

/* The qualification as the file has it (report/qualify_fields.c: tables of
 * fields, which the writer fills from advice/qualify.h's verdict and its
 * words, and the reader reads back), as the placement above: numbers NAN
 * where the file has none, strings "" once read, and the flags that say when
 * keys are null or left out set, reading, by whether the file has them. */

/* A figure with its 95 % interval (an unbounded end null) and the interval's
 * half-width in percent of the figure (null when it has none). */
struct wb_saved_figure {
	bool measured;           /* else value and ci95 are null, and no ci95_pct */
	double value;
	struct wb_saved_range ci95;
	double ci95_pct;
};

/* qualification.criteria[]: one threshold of the chosen tier (and of each
 * tier's). */
struct wb_saved_criterion {
	const char *shape, *metric, *result, *source;
	struct wb_saved_figure fig;
	double threshold;
	const char *why, *line;  /* inconclusive: why (wb_q_why_name) and its words; else "" */
	bool has_why;            /* why is there (null otherwise, and in a file before 30) */
};

struct wb_saved_tier {
	const char *tier, *verdict;
	struct wb_saved_criterion *criteria;
	size_t ncriteria;
	bool chosen;             /* the --tier asked: a Prometheus label, never in the file */
};

/* qualification.trend: the commit rate, burst against sustained. */
struct wb_saved_trend {
	bool known, fell;        /* fell: fell_after_s is there */
	double burst_per_s, sustained_per_s, fell_after_s;
	const char *line;
};

/* qualification.burst.volume.kinds[]: one provider rule the report quotes. */
struct wb_saved_burst_kind {
	const char *name, *provider, *title, *bursts, *basis, *rule, *source, *as_of, *unit;
	double baseline;         /* at the volume's size; NAN when absent or null */
};

/* qualification.burst.volume (schema 14+): the provider's volume the storage
 * is, by the fact table. */
struct wb_saved_volume {
	bool present;            /* else null: no table, or none matched */
	const char *device, *what, *bursts, *line;
	bool ruled_out;
	double size_gib;
	struct wb_saved_burst_kind *kinds;
	size_t nkinds;
};

/* qualification.burst (schema 12+; volume and plateau_slice 14+). */
struct wb_saved_burst {
	const char *sustained, *line;  /* "" when absent */
	bool detected;           /* a bucket ran dry: its figures are there */
	struct wb_saved_lines suspects;
	double run_s;
	bool dropped;            /* a drop not judged: the commit trend's figures are there */
	const char *not_judged;
	const char *shape;       /* the shape whose bucket ran dry (or that dropped); "" none */
	double burst_per_s, sustained_per_s, drop_at_s, slices; /* NAN when absent */
	struct wb_saved_figure baseline_per_s;
	double plateau_slice;    /* the plateau's first slice, from 1; NAN when absent */
	double held_flushes;
	struct wb_saved_volume volume;
};

/* qualification.stripe.sweep[]: one write size of the sweep. */
struct wb_saved_sweep_point {
	const char *point;
	double bytes;
	bool measured;           /* else bytes_per_s is null */
	struct wb_saved_figure flushes_per_s;
	double bytes_per_s;
	bool excess_known;       /* a sub-stripe point's time against the line: its figures */
	double excess_pct;
	struct wb_saved_range excess_ci95;
	bool significant;
	double pairs;
};

/* qualification.stripe: the write-size sweep's verdict on a striped array. */
struct wb_saved_stripe {
	const char *state, *remedy, *line;
	double chunk_bytes, stripe_bytes, margin_pct;
	struct wb_saved_lines cached;
	struct wb_saved_sweep_point *sweep;
	size_t nsweep;
};

/* What the HTML report shows of qualify's verdict. */
struct wb_saved_qualification {
	const char *headline;
	bool chosen;             /* the tier asked was judged: tier, its criteria */
	bool has_verdict;        /* verdict: the chosen tier's, or "error" */
	bool failed;             /* failure: why there is no verdict */
	const char *tier, *verdict, *failure;
	struct wb_saved_criterion *criteria;
	size_t ncriteria;
	struct wb_saved_tier *tiers;
	size_t ntiers;
	struct wb_saved_trend trend;
	struct wb_saved_burst burst;
	bool has_stripe;
	struct wb_saved_stripe stripe;
};

/* findings[]: qualify's plausibility findings. */
struct wb_saved_finding {
	const char *name, *severity, *evidence, *advice;
};

struct wb_saved_results {
	char path[4096];         /* the file it was read from, for messages */
	int schema_version;
	char walbench_version[32];
	char hostname[256];      /* host.hostname; "" when absent */
	char kernel[256];        /* host.kernel */
	char fs_type[32];        /* host.device.fs_type (schema 3+) */
	char block_device[64];   /* host.device.block_device */
	int64_t started_unix;    /* host.started_unix; 0 when absent */
	char *config_json;       /* the config object as compact JSON; NULL when absent */
	char command[16];        /* run, recommend, qualify (schema 6+); "" when unknown */
	bool partial;            /* a signal stopped the run early */
	/* recommend's answer (recommendation, when present and not null): rec */
	bool has_recommendation;
	/* qualify's verdict (qualification, when present and not null) */
	bool has_qualification;
	char tier[64];               /* qualification.tier */
	char verdict[24];            /* qualification.verdict: pass, fail, inconclusive */
	char headline[512];          /* the recommendation's or qualification's; "" when none */
	struct wb_saved_test *tests;
	size_t ntests;
	/* what the HTML report shows besides */
	const char *interrupted_by;  /* "SIGINT", ...; "" when none */
	const char *target;          /* host.target: the first test file */
	const char *mount_point;     /* host.device.mount_point; "" when none */
	const char *model;           /* host.device.model: the disk's; "" when none */
	double slice_s;              /* qualify's slice: the one run (schedule.trial_s),
				      * else the one asked (config.slice); NAN without
				      * config.slice */
	struct wb_saved_lines command_line;
	struct wb_saved_facts device_facts, os_facts, config_facts;
	struct wb_saved_recommendation rec;      /* meaningful when has_recommendation */
	struct wb_saved_qualification qual;      /* meaningful when has_qualification */
	bool has_decision;                       /* run --decide's decision was read: */
	struct wb_saved_decision decision;
	struct wb_saved_finding *findings;
	size_t nfindings;
	/* observe's and recommend --server's observation of the server, its rates
	 * derived again from the counters; NULL when the file has none */
	struct wb_pg_observed *observed;
	/* every allocation the strings and arrays above point into */
	void **owned;
	size_t nowned, owned_cap;
};

#endif
