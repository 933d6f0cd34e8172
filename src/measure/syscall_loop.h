/* syscall_loop.h — the queue-depth-1 timing loop at its cheapest, for engines
 * whose every op is a plain system call on one descriptor (sync, direct; see
 * wb_engine_ops.fd). It makes the flush's calls inline, with the common flush
 * shapes specialised, and keeps the histogram's running figures in registers:
 * on tmpfs an op takes about half a microsecond, where the engine call, the
 * staged completions and each memory update are a measurable share of the
 * figure. Same ops, same checks, same clock as the runner's general loop. */
#ifndef WB_MEASURE_SYSCALL_LOOP_H
#define WB_MEASURE_SYSCALL_LOOP_H

#include "engines/engine.h"
#include "measure/segment.h"
#include "results/results.h"

/* The descriptor to run the test on in wb_syscall_loop, or -1 when the test
 * does not fit it: it does at queue depth 1, on the overwrite pattern (no
 * segment to advance), with the descriptor kept open, on an engine that lends
 * its open descriptor. */
int wb_syscall_loop_fd(const struct wb_result *r, const struct wb_engine_ops *eng,
		       const struct wb_engine *e, const struct wb_segment *seg);

/* Runs r->test's flushes on fd for its duration, recording each flush's latency
 * in r->hist, r->ops and r->elapsed_ns as the general loop does; the first
 * failed call ends the test, recorded in r. 0 or -errno. */
int wb_syscall_loop(struct wb_result *r, int fd, const void *buf);

#endif
