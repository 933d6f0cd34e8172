/* placement_model.h — the commits per second a running server would reach with
 * pg_wal on a candidate volume (pure). Its sessions form a closed loop: each
 * commits, then starts its next transaction, so the server commits N / T, T
 * being a session's cycle. Sampled from pg_stat_activity (pgstat/pg_waits.h),
 * a share w of T waits for the WAL flush and a share k for row locks held by
 * transactions that wait for theirs; the rest (CPU, data I/O, the client) does
 * not move with pg_wal. On the candidate the flush waits scale with its flush
 * time, r = L' / L, and the lock waits with the whole transaction, so
 *
 *     C' / C = (1 - k) / ((1 - w - k) + w r)
 *
 * capped by the host's CPUs (C times the CPUs over those the server's own
 * processes used: a faster server needs that much more, and it has at most
 * all of them) and by what the candidate can flush (C / F
 * commits per flush, at most 1 / L' flushes a second). The interval takes the
 * shares' and the candidate's flush time's 95 % intervals at their ends. It
 * checked against pgbench (TPC-B, 8 clients, 150-IOPS volumes; issue 37's note):
 * the sampled shares predicted the second volume's commits within 13 %, where
 * the flush-time ratio alone was off by ×30. Trap: a server whose clients do
 * not wait for one commit before the next (open loop: requests arriving
 * whatever the latency) gains latency, not commits, from a move; the model
 * predicts for the closed loop, the common case of pools and batch work.
 * Trap: the CPU a commit takes falls as the server gets busier (warm caches,
 * fewer wake-ups from idle a commit), so the CPU cap scaled from a quiet window
 * is a floor; the interval's top lifts it by WB_MODEL_CPU_WARM, less as the
 * window's server was already busy, and the point is the middle of the two
 * on the ratio scale (their geometric mean). Clients on the same host take their share
 * of the CPUs, which pulls the other way. */
#ifndef WB_ADVICE_PLACEMENT_MODEL_H
#define WB_ADVICE_PLACEMENT_MODEL_H

#include <stdbool.h>

#include "pgstat/observed.h"

/* The smallest share of a session's cycle taken as not moving with pg_wal,
 * one sample in 200, the samples' resolution: without it a rest of 0 and a
 * flush of almost nothing (pg_wal in memory) would bound nothing. Where the
 * rest cannot be told from 0 and the server's CPU is read, the sessions' top
 * takes the rest as 0 and the CPU's caps decide; this floor then bounds only
 * the figures of a server whose CPU walbench cannot see. */
#define WB_MODEL_MIN_REST 0.005

/* How many times less CPU a commit can take on a busy server than on an idle
 * one. Measured (PostgreSQL 15, pgbench TPC-B 8 clients, data and pg_wal on
 * tmpfs, the project's 2-core VM, pgbench -R): 1.02 to 1.49 ms of the server's
 * CPU a commit at 50/s, 0.81 at 300/s, 0.55 at 1000/s, 0.41 at 3055/s, its
 * most; with pg_wal moved to memory, pgbench ran 1.5 to 2.7 times the cap
 * scaled from a window at 40 to 60/s on PostgreSQL 14 to 17 (docs/design.md). */
#define WB_MODEL_CPU_WARM 3.6

/* What the model could not use, in the order it looks. */
enum wb_model_why {
	WB_MODEL_OK,
	WB_MODEL_NO_SERVER,       /* no observation: the rows' flush gain stands */
	WB_MODEL_NO_WAITS,        /* the sessions' waits were not sampled */
	WB_MODEL_NO_FLUSH_TIME,   /* neither the server's flush time nor walbench's on DIR */
	WB_MODEL_NO_COMMITS,      /* the server committed nothing in the window */
	WB_MODEL_NOT_MEASURED,    /* the candidate's commit row did not measure */
};

/* What limits the prediction. */
enum wb_model_limit {
	WB_LIMIT_SESSIONS,        /* the sessions' cycle: the waits the move shortens */
	WB_LIMIT_CPU,             /* the host's CPU */
	WB_LIMIT_DEVICE,          /* the candidate's flushes per second */
};
/* "sessions", "cpu", "device": the JSON's. */
const char *wb_model_limit_name(enum wb_model_limit l);

/* How far the caps cut the prediction: a capped figure is a bound, never a
 * measurement, and an interval a cap cut to its point is no interval. */
enum wb_model_clip {
	WB_CLIP_NONE,             /* no cap cut the point or the interval's top */
	WB_CLIP_TOP,              /* a cap cut the interval's top, above the point: the
				   * point stands (the CPU's middle is one) */
	WB_CLIP_POINT,            /* the point is the capped top: it is "at most", the
				   * interval's bottom below it */
	WB_CLIP_ALL,              /* the point and both ends cut to one figure: "capped at",
				   * no interval */
};
/* "none", "top", "point", "all": the JSON's; a name not among them (a file
 * before schema 32) reads as WB_CLIP_NONE. */
const char *wb_model_clip_name(enum wb_model_clip c);
enum wb_model_clip wb_model_clip_named(const char *name);

struct wb_model_in {
	const struct wb_pg_observed *server; /* NULL: no model */
	double data_flush_ms;     /* walbench's flush time on DIR, for a server whose own
				   * is not timed; NAN none */
	bool same_fs;             /* the candidate is on DIR's file system: its flushes queue
				   * behind the server's as walbench's on DIR do, so L is
				   * walbench's there, not the server's (seen: 54 ms on both
				   * under the live load, the server's own 36.5 ms) */
	double cand_flush_ms;     /* the candidate's flush time (its commit row), and its 95 %
				   * interval */
	double cand_flush_ms_low, cand_flush_ms_high;
};

struct wb_model {
	enum wb_model_why why;
	bool known;               /* why == WB_MODEL_OK */
	/* the terms, each in the JSON */
	double commits_per_s;     /* C: the server's, in the window: its writing commits
				   * (xids handed out), or every commit where those were
				   * not read (a saved observation before schema 16) */
	bool commits_writes;      /* C counts the writing commits only */
	double flush_ms;          /* L: the server's mean flush (or walbench's on DIR) */
	bool flush_ms_server;     /* L is the server's own (track_wal_io_timing) */
	double commits_per_flush; /* C / F */
	double wal_share, lock_share, rest_share; /* w, k, 1 - w - k */
	double flush_ratio, flush_ratio_low, flush_ratio_high; /* r = L' / L */
	double cpu_cap_per_s;     /* C x CPUs / the server's CPUs used, at the CPU a commit
				   * takes now: a floor of what the CPUs allow; NAN unknown */
	double cpu_cap_mid_per_s; /* the point between the floor and the top: their
				   * geometric mean (not saved: the prediction shows it) */
	double cpu_cap_high_per_s; /* the same at the least CPU a commit may take when the
				    * server is busy (WB_MODEL_CPU_WARM); the interval's top */
	double device_cap_per_s;  /* C / F commits a flush, 1000 / L' flushes a second */
	/* the prediction, commits per second, and its gain over C in percent */
	double per_s, low, high;
	double gain_pct, gain_low, gain_high;
	enum wb_model_limit limit; /* what caps per_s */
	enum wb_model_limit low_limit, high_limit; /* what cut low and high (sessions:
				   * nothing did) */
	enum wb_model_clip clip;  /* what the cuts leave of the interval */
	double cand_flushes_per_s; /* what the candidate can flush, 1000 / L' at the
				   * bottom of its interval: the device's cap over C / F */
	bool capped;              /* a cap cut the interval's top: the gain above it is
				   * never printed */
};

/* Fills out from in (always; out->known says whether it predicted). */
void wb_model_predict(const struct wb_model_in *in, struct wb_model *out);

#endif
