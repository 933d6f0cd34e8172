/* test.h — the vocabulary every stage shares: one planned test case and the
 * choices that describe it (access pattern, segment handling, descriptor use,
 * compat section). The plan makes these, the measuring code runs them, the
 * results and reports carry them; nothing here does I/O. */
#ifndef WB_MODEL_TEST_H
#define WB_MODEL_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include "engines/engine.h"
#include "model/method.h"

/* --pattern: how the file is written. */
enum wb_pattern {
	WB_PATTERN_OVERWRITE,   /* every flush rewrites the same offsets (pg_test_fsync) */
	WB_PATTERN_APPEND,      /* flushes advance through a preallocated, zeroed segment */
	WB_PATTERN_GROUPCOMMIT, /* committers append to one WAL file; a leader flushes for all */
	WB_PATTERN_COUNT
};

/* --segment: what an append does at the end of its segment. */
enum wb_segment_mode {
	WB_SEGMENT_RECYCLE,     /* wrap to the start of the same file (a recycled segment) */
	WB_SEGMENT_NEW,         /* create, zero-fill and sync a new segment (timed separately) */
	WB_SEGMENT_PREALLOCATE, /* etcd's WAL: each segment fallocate()d whole (mode 0: unwritten
				 * extents, size set), never written before the appends; a new one
				 * at the end (timed separately) */
	WB_SEGMENT_COUNT
};

/* --wal-level, for --pg-version's choice of O_DIRECT. */
enum wb_wal_level { WB_WAL_MINIMAL, WB_WAL_REPLICA, WB_WAL_LOGICAL };

/* --fd-mode: how the descriptor is used between ops; the two reopen modes
 * reproduce pg_test_fsync's "fsync on a non-write descriptor" test. */
enum wb_fd_mode {
	WB_FD_KEEP,             /* open once, run every op on it */
	WB_FD_SYNC_THEN_CLOSE,  /* per op: open, write, sync, close, open, close */
	WB_FD_CLOSE_THEN_SYNC,  /* per op: open, write, close, open, sync, close */
	WB_FD_COUNT
};

/* How a flush of several pages reaches the file. pg_test_fsync writes them one
 * by one; PostgreSQL's XLogWrite gathers every contiguous dirty page into ONE
 * write, split only at a segment end or where the wal_buffers ring wraps, then
 * syncs once. Under an open_* method the difference is K synchronous writes
 * against one. */
enum wb_flush_form {
	WB_FLUSH_SEPARATE,  /* writes_per_op writes of size bytes (pg_test_fsync) */
	WB_FLUSH_COALESCED, /* one write of writes_per_op x size, split at the ring wrap */
	WB_FLUSH_FORM_COUNT
};

/* What the server mostly does, for the recommendation: which flushes decide. */
enum wb_workload {
	WB_WORKLOAD_OLTP,  /* 8 kB commits */
	WB_WORKLOAD_BULK,  /* WAL-faithful bulk flushes (one write of many pages) */
	WB_WORKLOAD_MIXED, /* both, weighed equally */
	WB_WORKLOAD_COUNT
};

/* The PostgreSQL majors whose WAL-opening rules (xlog.c, get_sync_bit) walbench
 * models, for --pg-version: two eras, up to 15 and from 16 (unchanged since). The
 * oldest is 10, the first major named by one number (9's were 9.0 to 9.6) and one
 * whose wal_level names (minimal, replica, logical) are --wal-level's; the newest is
 * the newest walbench is tested on, so no row is labelled with a major's rules that
 * nobody has read. */
#define WB_PG_OLDEST_MAJOR 10
#define WB_PG_NEWEST_MAJOR 18
#define WB_PG_MAJOR_TEXT_(n) #n
#define WB_PG_MAJOR_TEXT(n) WB_PG_MAJOR_TEXT_(n) /* a major as a string literal */
#define WB_PG_NEWEST WB_PG_MAJOR_TEXT(WB_PG_NEWEST_MAJOR)

/* Compat's five groups, in pg_test_fsync's order. */
enum wb_compat_group {
	WB_COMPAT_ONE_WRITE,   /* each method, one 8kB write */
	WB_COMPAT_TWO_WRITES,  /* each method, two 8kB writes */
	WB_COMPAT_OPEN_SYNC,   /* 16kB with open_sync in 1..16 writes */
	WB_COMPAT_FD_SYNC,     /* fsync on a non-write descriptor */
	WB_COMPAT_NON_SYNC,    /* plain 8kB writes */
};

/* --jobs' upper bound. Each job holds its own file and, under --segment new, up
 * to two segments at a switch (the next is made before the last is removed):
 * the signal cleanup's registry is sized from this. */
#define WB_MAX_JOBS 64
#define WB_FILES_PER_JOB 3

/* The names of the choices above, indexed by their enums (NULL-terminated). */
extern const char *const wb_pattern_names[];
extern const char *const wb_segment_mode_names[];
extern const char *const wb_wal_level_names[];
extern const char *const wb_fd_mode_names[];
extern const char *const wb_flush_form_names[];
extern const char *const wb_workload_names[];

/* One test case, as planned. */
struct wb_test {
	enum wb_method_id method;
	enum wb_engine_id engine;
	uint32_t size;           /* bytes per write */
	uint32_t writes_per_op;  /* consecutive writes per timed op, then the method's sync */
	uint32_t queue_depth;    /* flushes in flight per job (async engines only) */
	uint32_t jobs;           /* writer threads, each on its own file */
	uint32_t committers;     /* group commit: threads sharing one WAL file */
	enum wb_pattern pattern;
	uint64_t segment_size;   /* append: bytes per WAL segment */
	enum wb_segment_mode segment_mode;
	unsigned engine_flags;   /* WB_ENGINE_* (fixed buffers, fixed files, SQPOLL) */
	enum wb_fd_mode fd_mode;
	enum wb_flush_form flush_form;
	uint64_t wal_buffers;    /* coalesced: ring size a write splits at (0: never) */
	uint64_t duration_ns;    /* how long to run */
	unsigned group;          /* report section (compat's five groups) */
	unsigned site;           /* placement: 0 the data directory, k the k-th --wal-candidate */
	bool data_load;          /* placement: the data load runs on the data directory meanwhile */
	char label[48];          /* compat's row label, or the variant ("PostgreSQL 16", "pg_test_fsync") */
};

/* Same test but for the method (and the variant label that follows from it):
 * the tests whose methods are compared with each other. */
bool wb_test_same_but_method(const struct wb_test *a, const struct wb_test *b);

/* A flush of this many pages or more is bulk work (a large transaction, a
 * bulk load filling wal_buffers); fewer is a commit, whose size follows the
 * transaction's WAL. 16 pages is 128 kB, the smaller of the bulk guesses, and
 * the size where a server's mean flush says bulk rather than commits. */
#define WB_BULK_MIN_WRITES 16u

/* Whether t's flushes are bulk flushes (WB_BULK_MIN_WRITES writes or more). */
bool wb_test_is_bulk(const struct wb_test *t);

/* "commit" for a commit's flush, "bulk" for a bulk flush. */
const char *wb_shape_name(const struct wb_test *t);

/* Bytes one flush writes: writes_per_op x size, in either form. */
uint64_t wb_flush_bytes(const struct wb_test *t);

/* The pattern's name, "?" out of range. */
const char *wb_pattern_name(enum wb_pattern p);

#endif
