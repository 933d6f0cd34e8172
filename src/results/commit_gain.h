/* commit_gain.h — what a faster flush is worth in commits (pure; in results/
 * because the sequential decision asks it while a run measures). A commit is
 * its flush plus everything else the server does for it (CPU, locks, WAL
 * insertion); only the flush gets faster, so the gain in commits is Amdahl's:
 * with s the share of the time the WAL spends flushing, a flush g faster
 * gives commits 1 / (1 - s + s / (1 + g)) - 1. On zram, where a flush is
 * 20 us of a 70-150 us commit, a +5 % flush was no TPS difference at all in
 * pgbench; on a 7200 rpm disk, where the flush is the commit, s is near 1. */
#ifndef WB_RESULTS_COMMIT_GAIN_H
#define WB_RESULTS_COMMIT_GAIN_H

/* Where the flush share came from. */
enum wb_share_source {
	WB_SHARE_NONE,         /* no server: the flush gain is only an upper bound */
	WB_SHARE_SERVER_TIME,  /* the server's own flush time (track_wal_io_timing) */
	WB_SHARE_ESTIMATED,    /* the server's flushes/s x walbench's latency of its method */
	WB_SHARE_ASYNC_COMMIT, /* synchronous_commit = off: commits do not wait for the flush,
				* so its share of a commit is 0 whatever the flush takes */
	WB_SHARE_ASSUMED,      /* no server: a commit assumed to cost its flush plus
				* --commit-work of the server's own work */
};

/* The commit gain, percent, of a flush gain of flush_pct at flush share share
 * (0..1). At share 1 it is flush_pct; at 0, 0. */
double wb_commit_gain_pct(double flush_pct, double share);

/* The flush gain, percent, that gives commit_pct in commits at share; INFINITY
 * when none can (share at most commit/(1+commit)). */
double wb_flush_gain_for_commit_pct(double commit_pct, double share);

/* The share estimated from the server's flushes per second and one flush's
 * mean time in microseconds, clamped to 0..1; NAN when either is unknown. */
double wb_flush_share_estimate(double flushes_per_s, double flush_mean_us);

/* The share of a commit that is its flush, when a commit costs the flush
 * (flush_us) plus work_us of everything else; NAN when either is unknown. */
double wb_flush_share_assumed(double flush_us, double work_us);

/* The most any method can gain in commits, percent, over a flush of flush_us
 * in a commit of flush_us + work_us: the whole flush gone, flush_us / work_us;
 * INFINITY when work_us is 0. */
double wb_commit_gain_bound_pct(double flush_us, double work_us);

#endif
