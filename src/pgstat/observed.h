/* observed.h — what walbench read from a running PostgreSQL server: its
 * settings, two snapshots of its cumulative statistics taken --observe apart,
 * the deltas between them and the rates derived from them. Plain data: filled
 * by pg_observe.c (over libpq) or by the results reader from a saved
 * observation, and judged by advice/ (which wal_sync_method, where pg_wal
 * belongs). Counters are arrays indexed by an enum beside its name table, so
 * the parser, the deltas and the JSON treat them alike; `have` bits say which a
 * version provides (a counter a version lacks is absent, never 0). */
#ifndef WB_PGSTAT_OBSERVED_H
#define WB_PGSTAT_OBSERVED_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "pgstat/pg_waits.h"

/* pg_stat_wal appeared in 14; older servers are refused. */
#define WB_PG_MIN_MAJOR 14
/* The newest major whose catalogue the queries know; newer ones are read as it. */
#define WB_PG_MAX_MAJOR 18

/* Cumulative counters of one snapshot (and of a delta). */
enum wb_pg_counter {
	WB_PGC_XACT_COMMIT,        /* sum(pg_stat_database.xact_commit) */
	WB_PGC_XACT_ROLLBACK,      /* sum(pg_stat_database.xact_rollback) */
	WB_PGC_WAL_RECORDS,        /* pg_stat_wal.wal_records */
	WB_PGC_WAL_FPI,            /* pg_stat_wal.wal_fpi */
	WB_PGC_WAL_BYTES,          /* pg_stat_wal.wal_bytes: WAL generated */
	WB_PGC_WAL_BUFFERS_FULL,   /* pg_stat_wal.wal_buffers_full */
	WB_PGC_WAL_WRITES,         /* 14-17 pg_stat_wal.wal_write (XLogWrite's writes);
				    * 18 pg_stat_io wal/normal writes (each pwrite) */
	WB_PGC_WAL_SYNCS,          /* 14-17 pg_stat_wal.wal_sync; 18 pg_stat_io wal/normal
				    * fsyncs. 0 under open_* methods (the write syncs) */
	WB_PGC_WAL_WRITE_BYTES,    /* 18: pg_stat_io wal/normal write_bytes */
	WB_PGC_WAL_INIT_WRITES,    /* 18: pg_stat_io wal/init writes (new segments) */
	WB_PGC_WAL_INIT_SYNCS,     /* 18: pg_stat_io wal/init fsyncs */
	WB_PGC_BUF_CHECKPOINTER,   /* data pages the checkpointer wrote: <=16
				    * pg_stat_bgwriter.buffers_checkpoint; 17+
				    * pg_stat_checkpointer.buffers_written */
	WB_PGC_BUF_BGWRITER,       /* pg_stat_bgwriter.buffers_clean */
	WB_PGC_BUF_BACKEND,        /* pages backends wrote or extended: 14-15 buffers_backend
				    * (their forwarded sync requests); 16+ pg_stat_io object
				    * relation writes + extends, every backend type but the
				    * checkpointer and the background writer */
	WB_PGC_CKPT_TIMED,         /* checkpoints_timed / num_timed (skipped ones count) */
	WB_PGC_CKPT_REQUESTED,     /* checkpoints_req / num_requested */
	WB_PGC_CKPT_DONE,          /* 18: pg_stat_checkpointer.num_done (checkpoints only) */
	WB_PGC_RSTPT_TIMED,        /* 17+: restartpoints_timed, a standby's checkpoints
				    * (timed, and retries after one that could not run) */
	WB_PGC_RSTPT_REQUESTED,    /* 17+: restartpoints_req */
	WB_PGC_RSTPT_DONE,         /* 17+: restartpoints_done, completed */
	WB_PGC_XIDS,               /* pg_snapshot_xmax(pg_current_snapshot()): the transaction
				    * ids handed out, a position of the server's, not a
				    * statistic (no view holds it, no reset moves it) */
	WB_PGC_COUNT
};
extern const char *const wb_pg_counter_names[WB_PGC_COUNT];

/* Cumulative times, milliseconds. */
enum wb_pg_timer {
	WB_PGT_WAL_WRITE,          /* wal_write_time (14-17), pg_stat_io wal/normal write_time
				    * (18); track_wal_io_timing only */
	WB_PGT_WAL_SYNC,           /* wal_sync_time / pg_stat_io wal/normal fsync_time */
	WB_PGT_WAL_INIT,           /* 18: pg_stat_io wal/init write_time + fsync_time */
	WB_PGT_CKPT_WRITE,         /* checkpoint_write_time / write_time */
	WB_PGT_CKPT_SYNC,          /* checkpoint_sync_time / sync_time */
	WB_PGT_COUNT
};
extern const char *const wb_pg_timer_names[WB_PGT_COUNT];

/* The statistics views the counters come from, each with its own
 * stats_reset: a reset between the two snapshots voids that view's deltas,
 * even where a counter happens not to go down. */
enum wb_pg_view {
	WB_PGV_DATABASE,           /* pg_stat_database: max(stats_reset) over the databases, so
				    * a reset of any one (whose commits are in the sum) shows */
	WB_PGV_WAL,                /* pg_stat_wal */
	WB_PGV_BGWRITER,           /* pg_stat_bgwriter */
	WB_PGV_CHECKPOINTER,       /* 17+ pg_stat_checkpointer */
	WB_PGV_IO,                 /* 16+ pg_stat_io: max(stats_reset) over its rows */
	WB_PGV_COUNT
};
/* The views' names, as the server spells them. */
extern const char *const wb_pg_view_names[WB_PGV_COUNT];
/* The snapshot's column of each view's stats_reset ("wal_stats_reset"). */
extern const char *const wb_pg_reset_names[WB_PGV_COUNT];

/* One snapshot: one read-only transaction's view of the statistics. */
struct wb_pg_snapshot {
	double at_s;               /* the server's clock_timestamp(), seconds since the epoch */
	uint64_t v[WB_PGC_COUNT];
	double ms[WB_PGT_COUNT];
	double reset_at[WB_PGV_COUNT]; /* each view's stats_reset, seconds since the epoch */
	uint32_t have;             /* bit (1u << enum wb_pg_counter) per counter read */
	uint32_t have_ms;          /* bit per timer read */
	uint32_t have_reset;       /* bit per view whose stats_reset was read (NULL: never
				    * reset) */
};

/* The settings walbench reads (pg_settings), converted to plain units. */
enum wb_pg_setting {
	WB_PGS_SERVER_VERSION_NUM, WB_PGS_WAL_SYNC_METHOD, WB_PGS_WAL_LEVEL,
	WB_PGS_WAL_SEGMENT_SIZE, WB_PGS_WAL_BLOCK_SIZE, WB_PGS_WAL_BUFFERS,
	WB_PGS_FULL_PAGE_WRITES, WB_PGS_WAL_COMPRESSION, WB_PGS_SYNCHRONOUS_COMMIT,
	WB_PGS_COMMIT_DELAY, WB_PGS_COMMIT_SIBLINGS, WB_PGS_WAL_WRITER_DELAY,
	WB_PGS_WAL_WRITER_FLUSH_AFTER, WB_PGS_CHECKPOINT_TIMEOUT, WB_PGS_MAX_WAL_SIZE,
	WB_PGS_CHECKPOINT_COMPLETION_TARGET, WB_PGS_CHECKPOINT_FLUSH_AFTER,
	WB_PGS_SHARED_BUFFERS, WB_PGS_HUGE_PAGES, WB_PGS_TRACK_WAL_IO_TIMING,
	WB_PGS_DEBUG_IO_DIRECT, /* 16+ */
	WB_PGS_FSYNC,           /* off: the server flushes nothing (xlog.c issue_xlog_fsync) */
	WB_PGS_HUGE_PAGES_STATUS, /* 17+ */
	WB_PGS_SHARED_MEMORY_SIZE, /* 15+, runtime-computed: all of the main shared memory
				    * segment, rounded up to MB (ipci.c, InitializeShmemGUCs) */
	WB_PGS_SHARED_MEMORY_SIZE_IN_HUGE_PAGES, /* 15+: the huge pages that segment needs,
				    * of the server's huge page size (huge_page_size, else
				    * the host's default); -1 where it cannot tell */
	WB_PGS_DATA_DIRECTORY,  /* needs pg_read_all_settings */
	WB_PGS_COUNT
};
/* The GUC names, as pg_settings spells them. */
extern const char *const wb_pg_setting_names[WB_PGS_COUNT];

#define WB_PG_TEXT 64
struct wb_pg_settings {
	/* Each setting as the server showed it (pg_settings.setting and .unit),
	 * for the report; "" when not read. */
	char text[WB_PGS_COUNT][WB_PG_TEXT];
	char unit[WB_PGS_COUNT][8];
	char data_directory[PATH_MAX];
	uint32_t have;             /* bit (1u << enum wb_pg_setting) per setting read */
	/* Converted: sizes in bytes, times in microseconds, booleans 0/1; valid
	 * where `have` says so. */
	double value[WB_PGS_COUNT];
	unsigned version_num;      /* 150018 */
	unsigned major;            /* 15 */
};

/* What could not be read, and the grant or setting that would allow it. */
enum wb_pg_missing {
	WB_PGM_DATA_DIRECTORY,     /* data_directory hidden: GRANT pg_read_all_settings */
	WB_PGM_STATS,              /* a statistics view refused: GRANT pg_read_all_stats (or
				    * pg_monitor) */
	WB_PGM_WAL_TIMING,         /* track_wal_io_timing off: no sync times */
	WB_PGM_WAL_UNTIMED,        /* flushes counted with no time: the sessions that flushed
				    * had track_wal_io_timing off (it is settable per role and
				    * database; walbench reads its own session's) */
	WB_PGM_WAITS,              /* pg_stat_activity could not be sampled, too few busy
				    * rounds, or other roles' sessions hidden: GRANT
				    * pg_read_all_stats */
	WB_PGM_COUNT
};
extern const char *const wb_pg_missing_names[WB_PGM_COUNT];

/* Where the server's files are, seen from this host. */
struct wb_pg_paths {
	char data_directory[PATH_MAX]; /* as the server says; "" unreadable */
	char pg_wal[PATH_MAX];     /* data_directory/pg_wal resolved through symlinks here */
	bool on_this_host;         /* data_directory exists here and holds PG_VERSION */
	bool unreadable;           /* data_directory is here, but walbench may not enter it */
	bool wal_moved;            /* pg_wal is a symlink (initdb --waldir, or moved) */
	char data_dev[32];         /* the block device of data_directory ("sda"), "" unknown */
	char wal_dev[32];          /* the block device of pg_wal */
};

/* The data device's own count of completed writes (/sys/block/DEV/stat) at the
 * two snapshots: how many device writes the pages became. */
struct wb_pg_devstat {
	bool have;
	uint64_t writes_begin, writes_end;
	uint64_t sectors_begin, sectors_end;
};

/* The host's CPU time at the two snapshots (/proc/stat, facts/cpustat.h), when
 * the server runs on this host. */
struct wb_pg_cpu {
	bool have;
	unsigned ncpu;
	uint64_t busy_begin, total_begin, busy_end, total_end;
	/* The server's own CPU time (the postmaster's process tree,
	 * facts/cpustat.h wb_proc_tree_ticks), in ticks of tick_hz. */
	bool have_server;
	uint64_t server_begin, server_end;
	double tick_hz;
	/* Of those, the ticks the backend serving walbench's sampler used over
	 * the window: walbench's load, not the server's (have_own). */
	bool have_own;
	uint64_t own_begin, own_end;
	long postmaster;           /* its pid, while observing; 0 none */
};

/* Each database's counters in pg_stat_database, read beside each snapshot: a
 * reset of a table's or a function's counters (pg_stat_reset_single_table_
 * counters, ..._function_counters) moves its database's stats_reset and
 * nothing else, where pg_stat_reset() zeroes the database's counters too. Kept
 * in memory between the snapshots only: the verdict is what is saved. */
#define WB_PG_MAX_DATABASES 128
enum { WB_PGD_XACT_COMMIT, WB_PGD_XACT_ROLLBACK, WB_PGD_BLKS_HIT, WB_PGD_TUP_RETURNED,
       WB_PGD_COUNT };
struct wb_pg_database_row {
	uint32_t oid;              /* datid (0: the shared objects' row) */
	uint64_t n[WB_PGD_COUNT];
	double reset_at;           /* stats_reset, seconds since the epoch */
	bool have_reset;           /* false: NULL, never reset */
};
struct wb_pg_databases {
	struct wb_pg_database_row row[WB_PG_MAX_DATABASES];
	unsigned n;
	bool complete;             /* every database's row was read */
};
/* A database's counters that had counted for fewer than this many windows'
 * lengths before the window could grow back past their value within it after
 * a reset (a fresh cluster, a reset just before): its stats_reset moving is
 * then taken as a reset of its counters. 10: a reset database would have to
 * run at ten times its own average since its last reset to pass. */
#define WB_PG_RESET_HISTORY_WINDOWS 10.0

/* walbench's own transactions that the server counted between the two
 * snapshots (each query is one, read-only): the sampler's rounds, the
 * statement it prepares, the first snapshot's own. Left out of the commits:
 * they are walbench's load, not the server's. */
struct wb_pg_own {
	uint32_t commits;
	uint32_t rollbacks;        /* a sampler's round that failed */
};

/* The rates one observation implies. NAN where the inputs were not read or
 * the divisor was 0 (a rate of 0 is only ever a measured 0). */
struct wb_pg_rates {
	double commits_per_s;        /* every commit, walbench's own transactions left out */
	double write_commits_per_s;  /* the commits that write, so wait for a WAL flush (a
				      * read-only one writes no commit record), at most:
				      * the xids handed out, bounded by the commits (aborted
				      * writers and subtransactions take xids too). NAN
				      * before schema 16's snapshots, and when the commits
				      * are not known */
	double wal_bytes_per_s;
	double wal_writes_per_s;
	double wal_syncs_per_s;      /* flushes: syncs, or writes under open_* methods */
	double flushes;              /* those flushes in the window, a count (0 under fsync =
				      * off); NAN when not counted */
	double bytes_per_write;      /* WAL generated per write, on every major */
	double bytes_per_flush;      /* WAL generated per flush (sync, or write under
				      * open_*), on every major */
	double written_per_write;    /* 18: pg_stat_io's write_bytes per write, whole pages
				      * (XLogWrite rewrites the page the WAL grows in); NAN
				      * before 18 */
	double written_per_flush;    /* 18: write_bytes per flush, the pages a flush wrote;
				      * NAN before 18 */
	double flush_ms;             /* the server's mean flush time: sync_time per sync, or
				      * write_time per write under open_*; NAN without timing */
	double flush_busy;           /* share of the interval the WAL spent flushing (from
				      * flush_ms), 0..1; NAN without timing */
	double data_pages_per_s;     /* checkpointer + bgwriter + backends */
	double device_writes_per_page; /* data device writes per data page written; NAN */
	double buffers_full_per_s;
	double fpi_share;            /* full-page images per WAL record */
	unsigned checkpoints;        /* checkpoints completed in the interval: 18 num_done;
				      * 14-17 at least one where the checkpoint write and sync
				      * times moved (added only when one completes), as many as
				      * began in it if more */
	bool checkpoint_in_window;   /* a checkpoint completed inside the interval */
	double checkpoint_seen;      /* the share of the completed checkpoints the interval
				      * saw: 1 when one began in it, else at most the interval
				      * over their write + sync time (the tail of one begun
				      * before); NAN when none completed or without times */
	bool open_method;            /* wal_sync_method is open_datasync or open_sync */
	bool fsync_off;              /* fsync = off: the server flushes nothing (no sync is
				      * issued or counted, and open_* files are opened without
				      * O_DSYNC: get_sync_bit), so there is no flush to size,
				      * time or speed up; the flush figures are 0 or NAN */
	double cpu_busy;             /* the share of the host's CPU time in use, 0..1; NAN
				      * when the server is not on this host */
	unsigned ncpu;               /* the host's CPUs (0 unknown) */
	double server_cpus;          /* the CPUs' worth the server itself used (its process
				      * tree: backends, WAL writer, checkpointer...), NAN when
				      * not read */
	struct wb_pg_wait_shares waits; /* where the sessions spent their time */
	bool async_commit;           /* synchronous_commit = off: a commit does not wait for
				      * its WAL flush (the WAL writer flushes behind it); every
				      * other value (local, remote_write, on, remote_apply)
				      * waits for the local flush. As walbench's session reads
				      * it: a role or database can set its own */
};

struct wb_pg_observed {
	char dsn[512];             /* as given, the password removed */
	struct wb_pg_settings set;
	struct wb_pg_snapshot begin, end;
	double seconds;            /* end.at_s - begin.at_s */
	uint64_t delta[WB_PGC_COUNT];
	double delta_ms[WB_PGT_COUNT];
	uint32_t have, have_ms;    /* counters and timers in both snapshots, and not reset
				    * between them */
	uint32_t reset;            /* bit per enum wb_pg_view reset between the snapshots: its
				    * counters and timers are left out of have and have_ms */
	bool database_reset_kept;  /* pg_stat_database's stats_reset moved, but only as a
				    * table's or function's reset moves it: no database's
				    * counters went back (wb_pg_databases_kept); the commits
				    * stand */
	struct wb_pg_databases db_begin, db_end; /* while observing; not saved */
	struct wb_pg_rates rate;
	struct wb_pg_paths paths;
	struct wb_pg_devstat dev;
	struct wb_pg_cpu cpu;
	struct wb_pg_waits waits;  /* pg_stat_activity sampled through the window */
	char sampler_failure[256]; /* why the sampler stopped or never started (the server's
				    * message); "" when it sampled the whole window */
	struct wb_pg_own own;      /* walbench's own transactions in the server's counts */
	uint32_t missing;          /* bit per enum wb_pg_missing */
	char role[64];             /* the role connected as, for the grants missing ones need */
};

#endif
