/* groupcommit.h — PostgreSQL-style group commit on one shared WAL file.
 * Committer threads append records; whoever finds no flush in progress becomes
 * the flush leader, writes everything inserted so far and syncs it once, then
 * wakes every committer whose record that sync covered. A record is acknowledged
 * only after a successful sync that covers its whole extent. */
#ifndef WB_MEASURE_GROUPCOMMIT_H
#define WB_MEASURE_GROUPCOMMIT_H

#include <stdint.h>
#include "results/results.h"

/* Optional: told of every acknowledgement (tests check the ordering with it). */
struct wb_gc_observer {
	void (*acked)(void *ctx, uint64_t start, uint64_t end); /* WAL stream positions */
	void *ctx;
};

/* Runs r->test (pattern groupcommit: r->test.committers threads, each record
 * r->test.size bytes) on the existing file at path, file_size bytes long;
 * positions wrap around the file as a recycled WAL segment does. r->hist must
 * be initialised: it receives each commit's latency (insert to acknowledgement).
 * Fills r->ops (commits), r->flushes, r->elapsed_ns and the status. 0 or -errno. */
int wb_groupcommit_run(struct wb_result *r, const struct wb_engine_ops *eng, const char *path,
		       uint64_t file_size, const struct wb_gc_observer *obs);

#endif
