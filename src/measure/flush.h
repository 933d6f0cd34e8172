/* flush.h — one flush, shared by every timing loop (single writer, queue depth,
 * jobs, group commit): its writes and the method's sync built as one linked
 * batch, run on an engine, and every completion judged. Also the failure
 * bookkeeping they share: a result's status, and the one rule that turns a
 * refused O_DIRECT into "n/a" rather than an error.
 * Trap: the batch runner and its completion check are inline on purpose; at a
 * microsecond per flush (tmpfs) a call per op shows in the figures. */
#ifndef WB_MEASURE_FLUSH_H
#define WB_MEASURE_FLUSH_H

#include <stdbool.h>
#include <stdint.h>

#include "engines/engine.h"
#include "results/results.h"

#define WB_MAX_BATCH 1025 /* writes per flush plus one sync */

/* Records a status, its errno and a formatted reason in r. */
void wb_set_status(struct wb_result *r, enum wb_status st, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* O_DIRECT was refused (by the file system, or for this write's alignment): the
 * test is n/a — compat's n/a* — never an I/O error. */
void wb_set_direct_refused(struct wb_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Judges a failed open of path on engine eng: EINVAL from an O_DIRECT engine is
 * the file system refusing O_DIRECT (n/a); anything else is an error. */
void wb_set_open_failed(struct wb_result *r, const struct wb_engine_ops *eng, const char *path,
			int ret);

/* Ops in one flush of t: its writes, plus the sync when the method has one. */
unsigned wb_ops_per_flush(const struct wb_test *t);

/* The engine configuration for t: ring room for every op of qd flushes, the
 * test's engine flags, and buf (t->size bytes) for registration. */
void wb_engine_config_for(const struct wb_test *t, const void *buf, struct wb_engine_config *cfg);

/* Fills ops[] with one flush of test t: its writes from offset on, then the
 * method's sync, linked; user_data counts up from first_user_data. Returns the
 * number of ops. */
unsigned wb_build_flush(const struct wb_test *t, const void *buf, uint64_t offset,
			uint64_t first_user_data, struct wb_op *ops);

/* The one test of success: a write wrote all its bytes, a sync did not fail. */
static inline bool wb_op_succeeded(const struct wb_op *op, int64_t res)
{
	return op->kind == WB_OP_WRITE ? res == op->len : res >= 0;
}

/* Judges one completion of op: 0 if it succeeded; otherwise records the first
 * failure in r (error, durability failure, or n/a for refused O_DIRECT) and
 * returns -errno. */
int wb_check_completion(struct wb_result *r, const struct wb_op *op, int64_t res);

/* The system call an op stands for, as reports name it ("fdatasync",
 * "write (O_DSYNC)"). */
const char *wb_op_call_name(const struct wb_op *op, const struct wb_method *m);

/* Records an engine's own failure (ret, or EIO when it returned 0) in r. */
int wb_engine_failed(struct wb_result *r, const struct wb_engine_ops *eng, int ret);

/* Submits all of ops (an engine may take a linked chain in parts). 0 or -errno. */
int wb_submit_all(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		  const struct wb_op *ops, unsigned n);

/* Asynchronous engines: submit the batch, reap one completion per op, judge. */
int wb_run_batch_async(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		       const struct wb_op *ops, unsigned n, struct wb_completion *c);

/* The rare path: finds which op failed (or which completion is unknown). */
int wb_check_completions_slow(struct wb_result *r, const struct wb_op *ops, unsigned n,
			      const struct wb_completion *c) __attribute__((cold));

/* The common case is every op completed in order and succeeded: a few compares,
 * not a call. */
static inline __attribute__((always_inline)) int
wb_check_completions(struct wb_result *r, const struct wb_op *ops, unsigned n,
		     const struct wb_completion *c)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (c[i].user_data != ops[i].user_data || !wb_op_succeeded(&ops[i], c[i].res))
			return wb_check_completions_slow(r, ops, n, c);
	return 0;
}

/* Runs one batch of ops to completion on an open engine and judges every
 * completion (first failure recorded in r). Engines that complete synchronously
 * run it in place. 0 or -errno. */
static inline __attribute__((always_inline)) int
wb_run_batch(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
	     const struct wb_op *ops, unsigned n, struct wb_completion *c)
{
	int ret;

	if (!eng->run)
		return wb_run_batch_async(r, eng, e, ops, n, c);
	ret = eng->run(e, ops, n, c);
	return ret ? wb_engine_failed(r, eng, ret) : wb_check_completions(r, ops, n, c);
}

#endif
