/* runner.h — runs one planned test against prepared files and fills its result.
 * The runner owns the timing loops; the engine only does I/O. */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include "results.h"

/* Runs r->test on existing files (paths[j] for job j; group commit uses paths[0]),
 * writing from buf (WB_BUF_ALIGN-aligned, at least r->test.size bytes). Always
 * fills r->status; returns 0 when the test ran or was n/a, -errno when it failed
 * (details in r->reason). */
int wb_run_test(struct wb_result *r, const char *const *paths, const void *buf);

/* Fills ops[] with one flush of test t: its writes from offset on, then the
 * method's sync, linked; user_data counts up from first_user_data. Returns the
 * number of ops. */
unsigned wb_build_flush(const struct wb_test *t, const void *buf, uint64_t offset,
			uint64_t first_user_data, struct wb_op *ops);

/* Runs one batch of ops to completion on an open engine and judges every
 * completion (first failure recorded in r). 0 or -errno. */
int wb_run_batch(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		 const struct wb_op *ops, unsigned n, struct wb_completion *c);

/* Judges one completion of op: 0 if it succeeded; otherwise records the first
 * failure in r (error, durability failure, or n/a for refused O_DIRECT) and
 * returns -errno. */
int wb_check_completion(struct wb_result *r, const struct wb_op *op, int64_t res);

/* The system call an op stands for, as reports name it ("fdatasync",
 * "write (O_DSYNC)"). */
const char *wb_op_call_name(const struct wb_op *op, const struct wb_method *m);

#endif
