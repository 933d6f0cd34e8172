/* saved.h — a results file written earlier (`run --json`), read back as plain
 * data: what compare, the HTML report and the fleet summary need of each test
 * and of the run. Only figures the file holds are here; nothing is re-derived. Trap: keys
 * an older schema_version lacks are filled with what that version meant (no
 * pattern: overwrite; no flush_form: separate), so tests of two versions match. */
#ifndef WB_RESULTS_SAVED_H
#define WB_RESULTS_SAVED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
	char shape[16];          /* commit, bulk, ... ; "" when the file has none */
	double ci95_pct;         /* half-width of the rate's 95 % interval, percent of the rate */
	bool has_ci95;           /* false with fewer than 2 trials, or not ok */
	/* latency_us's other figures; each NAN when the file has none */
	double mean_us, p50_us, p90_us, p999_us, max_us;
};

/* A test measured: its figures mean something. */
static inline bool wb_saved_ok(const struct wb_saved_test *t)
{
	return strcmp(t->status, "ok") == 0;
}

/* A test failed (an I/O error, or a flush that lost data): reported loudly,
 * never as a figure. n/a and not run are neither. */
static inline bool wb_saved_failed(const struct wb_saved_test *t)
{
	return t->durability_failure || strcmp(t->status, "error") == 0;
}

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
	/* recommend's answer (recommendation, when present and not null) */
	bool has_recommendation;
	char recommended_method[32]; /* recommendation.wal_sync_method; "" when absent */
	bool recommendation_change;  /* it differs from PostgreSQL's default */
	/* qualify's verdict (qualification, when present and not null) */
	bool has_qualification;
	char tier[64];               /* qualification.tier */
	char verdict[24];            /* qualification.verdict: pass, fail, inconclusive */
	char headline[512];          /* the recommendation's or qualification's; "" when none */
	struct wb_saved_test *tests;
	size_t ntests;
};

#endif
