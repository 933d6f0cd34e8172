/* runner.h — runs one planned test against a prepared file and fills its result.
 * The runner owns the timing loop; the engine only does I/O. */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include "results.h"

/* Runs r->test on the existing file at path, writing from buf (WB_BUF_ALIGN-aligned,
 * at least r->test.size bytes). Always fills r->status; returns 0 when the test ran
 * or was n/a, -errno when it failed (details in r->reason). */
int wb_run_test(struct wb_result *r, const char *path, const void *buf);

#endif
