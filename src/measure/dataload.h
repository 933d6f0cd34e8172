/* dataload.h — what PostgreSQL's checkpointer and background writer do to the
 * data volume, as a load that runs beside a WAL test: random 8 kB buffered
 * writes into a large file at a set pace, writeback started every 32 writes
 * (checkpoint_flush_after's 256 kB) or 100 ms, and an fsync every second of load (the
 * sync phase of a checkpoint). One thread with its own engine and its own file,
 * never the WAL test's. It starts and stops around each trial, so trials stay
 * interleaved. A stop waits for the writeback already started, so the next
 * trial — loaded or not — does not pay for it; the few pages dirtied since
 * (fewer than one batch) wait for the next loaded trial, which carries on the
 * count to the next writeback and the time to the next fsync as if the load
 * had never paused: a trial that restarted them would see less load than asked
 * for its first batch's worth of time. */
#ifndef WB_MEASURE_DATALOAD_H
#define WB_MEASURE_DATALOAD_H

#include <stdint.h>

#include "results/results.h"

/* PostgreSQL's page: every write of the load is one. */
#define WB_LOAD_PAGE 8192u
/* checkpoint_flush_after's default, 256 kB, in pages: the checkpointer asks the
 * kernel to start writeback after this many writes, so dirty pages reach the
 * device steadily instead of in one burst at the checkpoint's fsync. */
#define WB_LOAD_FLUSH_AFTER 32u
/* How long capacity is measured for: long enough to span twenty 100 ms slices
 * of a throttled device, short enough to be a small part of a run. */
#define WB_LOAD_CAPACITY_NS 2000000000ull
/* The default file: larger than any device's write cache worth the name, small
 * enough to prepare in seconds on a 150-IOPS disk (1 MiB writes). */
#define WB_LOAD_DEFAULT_FILE (128ull << 20)

/* What the load is asked to do. */
struct wb_load_spec {
	double per_s;       /* writes per second; 0: pct of the measured capacity */
	double pct;         /* share of the data volume's measured random-write capacity */
	uint64_t file_size; /* bytes; a multiple of WB_LOAD_PAGE */
};

struct wb_load;

/* Creates and fills the load's file in dir (O_EXCL, registered for removal on
 * a signal). Its figures and any failure go to fig, which must outlive the
 * load. 0 or -errno (the reason in fig->reason). */
int wb_load_open(struct wb_load **out, const char *dir, const struct wb_load_spec *spec,
		 uint64_t seed, struct wb_load_result *fig);

/* Measures the random-write capacity: batches of WB_LOAD_FLUSH_AFTER writes,
 * each waited for on the device, for ns, then an fsync. Sets the pace to
 * spec->pct of it when the spec asks for a share. 0 or -errno. */
int wb_load_measure_capacity(struct wb_load *l, uint64_t ns);

/* Starts the load's thread at its pace. 0 or -errno (nothing started). */
int wb_load_start(struct wb_load *l);

/* Stops the thread and waits for the writeback it started; adds the figures
 * up. 0, or the -errno of the load's first failure (recorded in the figures: a
 * failed fsync is a durability failure). */
int wb_load_stop(struct wb_load *l);

/* Fsyncs, closes and removes the file and frees the load (stopping it first
 * if running). 0, or -errno of a failed fsync or close (a deferred write error, recorded in
 * the figures as a durability failure) or removal. */
int wb_load_close(struct wb_load *l);

/* The file's path, for failure reports. */
const char *wb_load_path(const struct wb_load *l);

#endif
