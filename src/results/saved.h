/* saved.h — a results file written earlier (`run --json`), read back as plain
 * data: what compare, and later the HTML report, need of each test and of the
 * run. Only figures the file holds are here; nothing is re-derived. Trap: keys
 * an older schema_version lacks are filled with what that version meant (no
 * pattern: overwrite; no flush_form: separate), so tests of two versions match. */
#ifndef WB_RESULTS_SAVED_H
#define WB_RESULTS_SAVED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
	char segment[16];        /* append: recycle, new; "" otherwise */
	uint64_t segment_size;   /* append: bytes per segment; 0 otherwise */
	char where[512];         /* placement rows: the directory; "" otherwise */
	int data_load;           /* placement rows: 1 the data load ran, 0 not; -1 no such key */
	char status[16];         /* ok, n/a, error, not run */
	char reason[256];        /* why, when status is not ok; "" otherwise */
	bool durability_failure;
	double ops_per_sec;      /* 0 when status is not ok */
	double *trial_rates;     /* trial_ops_per_sec; NULL when the file has none */
	size_t ntrials;
	double p99_us;           /* latency_us.p99 */
	bool has_p99;            /* false when the file has no p99 (not ok, or null) */
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
	struct wb_saved_test *tests;
	size_t ntests;
};

#endif
