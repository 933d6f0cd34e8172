/* prepare.c — whether a planned test can run here at all, judged before any of
 * its I/O: the method on the engine, the shape against the engine's
 * capabilities, then the engine's own probe (io_uring blocked by seccomp, say).
 * A test that cannot run is n/a with the reason, never an error. */
#include "measure/prepare.h"

#include <errno.h>
#include <stdlib.h>

#include "measure/flush.h"

/* Most ops in flight at once; io_uring rings stop at 32768 entries, and no WAL
 * device has a use for more. */
#define WB_MAX_INFLIGHT 4096
/* The largest single write a coalesced flush issues; PostgreSQL's wal_buffers
 * tops out at a segment (16 MiB by default) unless set higher by hand. */
#define WB_MAX_COALESCED (64u << 20)
#define WB_STR2(x) #x
#define WB_STR(x) WB_STR2(x)

/* Why this test cannot run at all, from its shape and the engine's capabilities. */
static const char *shape_reason(const struct wb_test *t, const struct wb_engine_ops *eng)
{
	static const struct {
		unsigned flag, cap;
		const char *reason;
	} options[] = {
		{ WB_ENGINE_FIXED_BUFFERS, WB_CAP_FIXED_BUFFERS, "--fixed-buffers needs io_uring" },
		{ WB_ENGINE_FIXED_FILES, WB_CAP_FIXED_FILES, "--fixed-files needs io_uring" },
		{ WB_ENGINE_SQPOLL, WB_CAP_SQPOLL, "--sqpoll needs io_uring" },
	};
	unsigned i;

	if ((uint64_t)wb_ops_per_flush(t) * t->queue_depth > WB_MAX_INFLIGHT)
		return "queue depth x ops per flush exceeds " WB_STR(WB_MAX_INFLIGHT)
		       " operations in flight";
	if (t->queue_depth > 1 && !(eng->caps & WB_CAP_QUEUE_DEPTH))
		return "queue depth > 1 needs an asynchronous engine (io_uring, libaio); "
		       "use --jobs for concurrency";
	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++)
		if ((t->engine_flags & options[i].flag) && !(eng->caps & options[i].cap))
			return options[i].reason;
	if (t->pattern == WB_PATTERN_GROUPCOMMIT && (t->queue_depth > 1 || t->jobs > 1))
		return "group commit has its own concurrency (--committers); use qd 1, jobs 1";
	if (t->pattern == WB_PATTERN_APPEND) {
		uint64_t region = (uint64_t)t->writes_per_op * t->size * t->queue_depth;

		if (t->segment_mode != WB_SEGMENT_RECYCLE && t->queue_depth > 1)
			return "--segment new and preallocate switch segments between flushes; use qd 1";
		if (t->segment_size < region)
			return "a flush (or qd flushes) does not fit in one segment";
		if (t->fd_mode != WB_FD_KEEP)
			return "the append pattern keeps its descriptor open (--fd-mode keep)";
	}
	return NULL;
}

int wb_test_prepare(struct wb_result *r, const void *buf)
{
	const struct wb_test *t = &r->test;
	const struct wb_engine_ops *eng = wb_engine_get(t->engine);
	struct wb_engine_config cfg;
	char reason[160];
	const char *why;
	int ret;

	r->status = WB_STATUS_OK;
	why = wb_method_engine_reason(t->method, t->engine);
	if (!why)
		why = shape_reason(t, eng);
	if (why) {
		wb_set_status(r, WB_STATUS_NA, ENOTSUP, "%s", why);
		return 0;
	}
	if (t->flush_form == WB_FLUSH_COALESCED && wb_flush_bytes(t) > WB_MAX_COALESCED) {
		wb_set_status(r, WB_STATUS_NA, E2BIG, "one write of %llu bytes: a coalesced flush "
			      "is at most %u MiB (XLogWrite never writes more than wal_buffers)",
			      (unsigned long long)wb_flush_bytes(t), WB_MAX_COALESCED >> 20);
		return 0;
	}
	if (t->writes_per_op == 0 || t->writes_per_op >= WB_MAX_BATCH) {
		wb_set_status(r, WB_STATUS_ERROR, EINVAL, "writes per op must be 1..%d", WB_MAX_BATCH - 1);
		return -EINVAL;
	}
	wb_engine_config_for(t, buf, &cfg);
	if (eng->probe && (ret = eng->probe(&cfg, reason, sizeof(reason)))) {
		wb_set_status(r, WB_STATUS_NA, -ret, "%s", reason);
		return 0;
	}
	r->hist = malloc(sizeof(*r->hist));
	if (!r->hist) {
		wb_set_status(r, WB_STATUS_ERROR, ENOMEM, "out of memory");
		return -ENOMEM;
	}
	wb_hist_init(r->hist);
	return 0;
}
