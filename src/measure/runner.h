/* runner.h — the timing loops of one planned test (overwrite and append, at
 * queue depth 1 or N, in one or several jobs) against prepared files. The
 * runner owns the clock; the engine only does I/O. Group commit has its own
 * loop (groupcommit.h); the session picks which one runs a test. */
#ifndef WB_MEASURE_RUNNER_H
#define WB_MEASURE_RUNNER_H

#include "results/results.h"

/* Runs r->test on existing files (paths[j] for job j), writing from buf
 * (WB_BUF_ALIGN-aligned, at least r->test.size bytes). r->hist must exist; it
 * receives every flush's latency. Fills r's figures and status; 0 or -errno. */
int wb_runner_run(struct wb_result *r, const char *const *paths, const void *buf);

#endif
