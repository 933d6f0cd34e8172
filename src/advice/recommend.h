/* recommend.h — which wal_sync_method to set, decided from the sequential
 * decisions of a run (results/decide.h) over WAL-faithful tests: a pure function
 * of the results, with every figure and reason code it used, so the reports
 * word it (report/words.h) and the unit tests feed it synthetic results. No I/O,
 * no clock, no sentences.
 * Trap: the verdict points into the results it was decided from (decision,
 * leader, failed_test): keep them alive while it is reported. */
#ifndef WB_ADVICE_RECOMMEND_H
#define WB_ADVICE_RECOMMEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice/advisory.h"
#include "results/commit_gain.h"
#include "advice/commit_wait.h"
#include "advice/placement.h"
#include "results/results.h"
#include "pgstat/observed.h"


/* commit_delay pays only where a flush is slow enough that waiting half of one
 * lets other committers join it: below a millisecond (SSDs, battery-backed
 * caches) the delay costs each commit about as much as it could save. */
#define WB_COMMIT_DELAY_MIN_US 1000.0
/* PostgreSQL caps commit_delay at 100000 us (guc_tables.c). */
#define WB_COMMIT_DELAY_MAX_US 100000u
/* PostgreSQL's default, kept: the delay only applies with this many other
 * transactions active, so a lone committer never waits. */
#define WB_COMMIT_SIBLINGS 5
/* mixed: each part's gain counts half (stated in the output). */
#define WB_MIXED_OLTP_WEIGHT 0.5

/* The cross-check calls the server's own flush time and walbench's "apart"
 * past this ratio either way: queueing behind checkpoints, another device, or
 * a cache that changed. */
#define WB_CROSSCHECK_APART 2.0

/* The CPUs' worth the server must use in the window before the words say its
 * CPU sets the commit rate: half a CPU, one backend busy half the window. An
 * idle server (0.00 CPUs) waits on its clients, not its CPU. */
#define WB_CPU_BOUND_CPUS 0.5
/* The most postgresql.conf lines, or ALTER SYSTEM statements, a recommendation
 * makes (report/words.h writes them). */
#define WB_REC_MAX_LINES 6
#define WB_REC_MAX_ADVISORIES 16

/* Why a part of the workload says what it says (report/words.h words it). */
enum wb_part_why {
	WB_PART_BY_DECISION,           /* its first group's sequential decision (decision->reason) */
	WB_PART_LEADER_FAILED,         /* that group's leader failed after it was chosen: keep */
	WB_PART_SIZES_DISAGREE,        /* the bulk flush sizes chose different methods: keep */
};

/* What one part of the workload (commits, or bulk flushes) says. */
struct wb_part_verdict {
	bool measured;                 /* the run had tests of this part */
	enum wb_decide_state state;    /* SWITCH, TIE, SLOWER (a keep) or UNDECIDED, over its
					* groups: undecided if any is */
	bool decided;                  /* state is not UNDECIDED */
	enum wb_method_id method;      /* what it says to set */
	double gain_pct, low_pct, high_pct; /* that method against the default, 95 % */
	enum wb_part_why why;
	const struct wb_group_decision *decision; /* the group it speaks for (in the results) */
	const struct wb_result *leader; /* WB_PART_LEADER_FAILED: the leader that failed */
};

/* The outcome: exactly one of these, named by the headline's first words and
 * the JSON's "state". Only SWITCH changes a setting; "not worth a change" is
 * said only of TIE and KEEP, which were proven. */
enum wb_rec_state {
	WB_REC_FAILED,                 /* no recommendation: `failure` says why */
	WB_REC_SWITCH,                 /* set `method`: it gains at least the minimum gain */
	WB_REC_TIE,                    /* keep the default: every other method proven within
					* +-the minimum gain, or slower */
	WB_REC_KEEP,                   /* keep the default: every other method proven slower */
	WB_REC_UNDECIDED,              /* keep the default for now: the budget ran out with a
					* question open (`settle` says which, and for how long) */
};

/* Why there is no recommendation. */
enum wb_rec_failure {
	WB_REC_FAIL_NONE,
	WB_REC_FAIL_DURABILITY,        /* failed_test lost data it said was safe */
	WB_REC_FAIL_NOT_MEASURED,      /* a part's default never ran; failed_test: the first
					* error, if any */
	WB_REC_FAIL_INTERRUPTED,       /* a signal stopped the placement run */
	WB_REC_FAIL_PLACEMENT,         /* the placement run failed (placement->failure) */
	WB_REC_FAIL_FSYNC_OFF,         /* the server runs with fsync = off: it flushes nothing,
					* so no method is faster or slower for it; the finding is
					* the risk (a crash can lose or corrupt its data) */
};

/* Why the method: one part's verdict, or how the mixed workload's two parts
 * combined. */
enum wb_rec_reason {
	WB_REC_BY_PART,                /* the workload's one part: its why */
	WB_REC_PARTS_AGREE,            /* mixed: both parts say the same method */
	WB_REC_PARTS_WEIGHED,          /* mixed: they differ; `method` wins weighed half each */
	WB_REC_PARTS_OFFSET,           /* mixed: they differ, and what one gains the other loses */
};

/* Why commit_delay is what it is. */
enum wb_commit_delay_why {
	WB_DELAY_NOT_MEASURED,         /* no 8 kB commit flushes in the run: 0 */
	WB_DELAY_TOO_FAST,             /* the median flush is under WB_COMMIT_DELAY_MIN_US: 0 */
	WB_DELAY_HALF_FLUSH,           /* half the median flush */
	WB_DELAY_ASYNC_COMMIT,         /* synchronous_commit = off: a commit waits for no flush,
					* and commit_delay delays only one that does: 0 */
};

struct wb_recommendation {
	enum wb_workload workload;
	enum wb_rec_state state;
	enum wb_rec_failure failure;
	const struct wb_result *failed_test; /* the test the failure names; NULL if none */
	enum wb_method_id method;      /* to set; WB_METHOD_COUNT when failed */
	enum wb_method_id baseline;    /* what it was judged against: the method the server
					* runs (--server), else PostgreSQL's default */
	bool significant;              /* the margin over the default is significant */
	double margin_pct, ci_low_pct, ci_high_pct; /* method against the default, 95 % */
	bool has_runner_up;
	enum wb_method_id runner_up;   /* the best other method */
	double runner_up_pct, runner_up_low, runner_up_high; /* it against `method`, 95 % */
	struct wb_part_verdict oltp, bulk;
	enum wb_rec_reason reason;
	bool on_memory;                /* the storage measured is memory (tmpfs, ramfs, a RAM
					* disk, zram: facts/device.h): every method's flush is a
					* no-op, so a tie, nothing to choose, whatever the parts
					* say (their figures stay) */
	double weighed_pct;            /* WB_REC_PARTS_WEIGHED: the method's weighed gain, */
	double weighed_oltp_pct, weighed_bulk_pct; /* and its gain on each part */
	double min_gain_pct;           /* what a switch had to clear (the params') */
	double flush_p50_us;           /* the method's median 8 kB commit flush; 0 if not measured */
	uint32_t commit_delay_us;
	uint32_t commit_siblings;
	enum wb_commit_delay_why commit_why;
	bool server_delay_known;       /* a server's commit_delay was read: */
	double server_commit_delay_us; /* what it runs, to word a change of it as one */
	bool server_siblings_known;    /* a server's commit_siblings was read: */
	double server_commit_siblings; /* what it runs, so only a change of it is set */
	bool decided;                  /* every part decided within the budget */
	double decided_in_s;           /* when the last part was decided, or the whole run */
	struct wb_settle settle;       /* WB_REC_UNDECIDED: the open group that needs the most
					* time (the budget to settle it), and the method of the
					* deciding group that may gain most, with its interval */
	struct wb_advisory advisories[WB_REC_MAX_ADVISORIES]; /* OS and device, warnings first */
	size_t nadvisories;
	const struct wb_placement *placement; /* --wal-candidate's verdict; NULL without */
	/* Gains in commits, not flushes (commit_gain.h): with a server, the margin
	 * scaled by the share of time its WAL spends flushing, which is what
	 * decides; without one, the share a commit's flush has of a commit
	 * assumed to cost it plus commit_work_us (WB_SHARE_ASSUMED), which the
	 * run's decision already asked in commits; without either (--commit-work
	 * 0, or bulk), the flush margin is only an upper bound. */
	bool from_server;              /* decided for an observed server (params.server) */
	bool server_idle;              /* with a server: its window saw too few flushes to know
					* its commits (wb_server_idle): no share, the flushes
					* decide alone, as without one */
	double server_commits, server_flushes; /* what that window saw, counts; NAN unknown */
	bool cpu_bound;                /* with a server: it used at least WB_CPU_BOUND_CPUS, so
					* where the flush does not set its commit rate, its CPU
					* may be said to (never at 0.00 CPUs) */
	struct wb_commit_wait commit_wait; /* with a server: what its commits wait for (a
					* standby's: no method here is what they wait for) */
	double flush_min_gain_pct;     /* what the run's decision asked of a flush switch: the
					* min gain, or its flush equivalent at the server's share */
	enum wb_share_source share_source;
	double flush_share;            /* 0..1; NAN when not known */
	double commit_work_us;         /* WB_SHARE_ASSUMED: the server's own work per commit
					* assumed (--commit-work); 0 otherwise */
	double flush_us;               /* WB_SHARE_ASSUMED: the baseline's flush it was taken
					* from (the top of its 95 % interval) */
	double commit_bound_pct;       /* WB_SHARE_ASSUMED: the most any method could gain in
					* commits, the whole flush gone */
	bool commit_bound;             /* WB_SHARE_ASSUMED: that is under min_gain_pct, so the
					* tie was proven by the flush alone, early */
	bool commit_scaled;            /* the margins below were decided on */
	double commit_pct, commit_low_pct, commit_high_pct; /* margin_pct and its CI, in commits;
					* kept (tie, keep, undecided): the best other method's
					* against the baseline */
	enum wb_method_id commit_method; /* the method those commit figures are of */
	bool commit_demoted;           /* a flush switch that is not one in commits: */
	enum wb_method_id flush_leader; /* the method that won on flushes */
	/* The cross-check: the server's own mean flush (track_wal_io_timing)
	 * beside walbench's mean for the same method and flush size. */
	bool crosscheck;
	bool crosscheck_elsewhere; /* none: the method was chosen where pg_wal moves, and the
				    * server's flushes ran where it is now */
	enum wb_method_id crosscheck_method;
	uint32_t crosscheck_pages;
	double server_flush_ms, walbench_flush_ms, flush_ratio; /* ratio: server / walbench */
	bool crosscheck_apart;         /* past WB_CROSSCHECK_APART either way */
};

/* No recommendation: a durability failure, an error, or the run ended first. */
static inline bool wb_rec_failed(const struct wb_recommendation *r)
{
	return r->state == WB_REC_FAILED;
}

/* The gain an undecided answer's open method is held to (its settle): the
 * flush gain the run's decision asked where it decided in commits (a server's
 * share, or --commit-work's assumed cost), else the minimum gain itself. */
static inline double wb_rec_settle_gain_pct(const struct wb_recommendation *r)
{
	return r->from_server || r->share_source == WB_SHARE_ASSUMED ? r->flush_min_gain_pct
								       : r->min_gain_pct;
}

/* "failed", "switch", "tie", "keep", "undecided": the JSON's "state". */
const char *wb_rec_state_name(enum wb_rec_state s);

/* The method to set differs from PostgreSQL's default. */
static inline bool wb_rec_change(const struct wb_recommendation *r)
{
	return r->state == WB_REC_SWITCH;
}

struct wb_recommend_params {
	enum wb_workload workload;
	double min_gain_pct;
	uint64_t shared_buffers;       /* the server's, bytes; 0 when not given */
	const struct wb_pg_observed *server; /* --server, --observed; NULL without */
	bool moved;                    /* measured where a placement moves pg_wal, not where
					* the server's pg_wal is: its flushes are no cross-check */
};

/* Decides from rs (a run with decisions against the default method). Always
 * fills out; returns false when there is no recommendation (a failure). */
bool wb_recommend(const struct wb_results *rs, const struct wb_recommend_params *p,
		  struct wb_recommendation *out);

/* A recommendation that never got to decide (why: interrupted, or the
 * placement failed), with the placement it has. */
void wb_recommend_none(enum wb_workload workload, enum wb_rec_failure why,
		       const struct wb_placement *placement, struct wb_recommendation *out);

#endif
