/* runner.c — the timing loop.
 * Each op is one flush: writes_per_op writes, then the method's sync, submitted
 * as one linked batch and reaped in full. Timestamps are chained (one
 * clock_gettime per op: the end of one op is the start of the next) so the
 * harness costs as little as possible inside the measurement. */
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_BATCH 1025 /* writes per op plus one sync */

static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void set_status(struct wb_result *r, enum wb_status st, int err, const char *fmt, ...)
{
	va_list ap;

	r->status = st;
	r->error = err;
	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
	va_end(ap);
}

static const char *op_call_name(const struct wb_op *op, const struct wb_method *m)
{
	switch (op->kind) {
	case WB_OP_FSYNC:
		return "fsync";
	case WB_OP_FDATASYNC:
		return "fdatasync";
	case WB_OP_WRITE:
		break;
	}
	if (op->flags & WB_OPF_DSYNC)
		return "pwritev2(RWF_DSYNC)";
	if (m->open_flags & O_SYNC & ~O_DSYNC)
		return "write (O_SYNC)";
	if (m->open_flags & O_DSYNC)
		return "write (O_DSYNC)";
	return "write";
}

/* A write on a synchronous descriptor is the method's durability point, so its
 * failure is a durability failure just like a failed fsync. */
static bool op_is_durability_point(const struct wb_op *op, const struct wb_method *m)
{
	return op->kind != WB_OP_WRITE || (op->flags & WB_OPF_DSYNC) ||
	       (m->open_flags & (O_DSYNC | O_SYNC));
}

static int check_completions(struct wb_result *r, const struct wb_op *ops, unsigned n,
			     const struct wb_completion *c)
{
	const struct wb_method *m = wb_method_get(r->test.method);
	const struct wb_engine_ops *eng = wb_engine_get(r->test.engine);
	unsigned i;

	for (i = 0; i < n; i++) {
		/* user_data numbers the ops of the whole flush; this batch may be a part. */
		uint64_t idx = c[i].user_data - ops[0].user_data;
		int64_t res = c[i].res;
		const struct wb_op *op;

		if (idx >= n)
			return set_status(r, WB_STATUS_ERROR, EPROTO,
					  "engine returned an unknown completion"), -EPROTO;
		op = &ops[idx];
		if (res == -ECANCELED)
			continue; /* the failure that cancelled it is reported instead */
		if (res >= 0 && (op->kind != WB_OP_WRITE || res == op->len))
			continue;
		if (res == -EINVAL && op->kind == WB_OP_WRITE && (eng->caps & WB_CAP_DIRECT) &&
		    r->ops == 0) {
			set_status(r, WB_STATUS_NA, EINVAL,
				   "O_DIRECT write of %u bytes refused (EINVAL): smaller than or "
				   "misaligned to the device's logical block", op->len);
			r->direct_refused = true;
			return -EINVAL;
		}
		r->durability_failure = op_is_durability_point(op, m);
		if (res >= 0)
			set_status(r, WB_STATUS_ERROR, EIO, "%s: short write (%lld of %u bytes)",
				   op_call_name(op, m), (long long)res, op->len);
		else
			set_status(r, WB_STATUS_ERROR, (int)-res, "%s: %s", op_call_name(op, m),
				   strerror((int)-res));
		return res < 0 ? (int)res : -EIO;
	}
	return 0;
}

/* Submits the whole batch, then reaps one completion per op. */
static int run_batch(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		     const struct wb_op *ops, unsigned n, struct wb_completion *c)
{
	unsigned done = 0;
	int ret;

	while (done < n) {
		ret = eng->submit(e, ops + done, n - done);
		if (ret <= 0)
			goto fail;
		done += (unsigned)ret;
	}
	for (done = 0; done < n; done += (unsigned)ret) {
		ret = eng->reap(e, c + done, 1, n - done);
		if (ret <= 0)
			goto fail;
	}
	return check_completions(r, ops, n, c);
fail:
	ret = ret ? ret : -EIO;
	set_status(r, WB_STATUS_ERROR, -ret, "%s engine: %s", eng->name, strerror(-ret));
	return ret;
}

/* Builds one flush: writes at consecutive offsets, then the sync, linked so the
 * sync never runs after a failed write. */
static unsigned build_ops(const struct wb_test *t, const void *buf, struct wb_op *ops)
{
	const struct wb_method *m = wb_method_get(t->method);
	unsigned i, n = 0;

	for (i = 0; i < t->writes_per_op; i++) {
		ops[n] = (struct wb_op){
			.kind = WB_OP_WRITE,
			.flags = m->write_flags | (m->sync != WB_SYNC_NONE ? WB_OPF_LINK : 0),
			.buf = buf,
			.len = t->size,
			.offset = (uint64_t)i * t->size,
			.user_data = n,
		};
		n++;
	}
	if (m->sync != WB_SYNC_NONE) {
		ops[n] = (struct wb_op){
			.kind = m->sync == WB_SYNC_FSYNC ? WB_OP_FSYNC : WB_OP_FDATASYNC,
			.user_data = n,
		};
		n++;
	}
	return n;
}

static int open_target(struct wb_result *r, const struct wb_engine_ops *eng,
		       struct wb_engine *e, const char *path)
{
	const struct wb_method *m = wb_method_get(r->test.method);
	int ret = eng->open(e, path, m->open_flags);

	if (ret == -EINVAL && (eng->caps & WB_CAP_DIRECT)) {
		set_status(r, WB_STATUS_NA, EINVAL,
			   "O_DIRECT not supported by this file system (open: %s)", strerror(EINVAL));
		r->direct_refused = true;
	} else if (ret) {
		set_status(r, WB_STATUS_ERROR, -ret, "open %s: %s", path, strerror(-ret));
	}
	return ret;
}

static int close_target(struct wb_result *r, const struct wb_engine_ops *eng,
			struct wb_engine *e)
{
	int ret = eng->close(e);

	/* close(2) may report a write error deferred from earlier writes. */
	if (ret && r->status == WB_STATUS_OK)
		set_status(r, WB_STATUS_ERROR, -ret, "close: %s", strerror(-ret));
	return ret;
}

/* pg_test_fsync's descriptor test: the write and the sync on different opens. */
static int reopen_op(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		     const char *path, const struct wb_op *ops, struct wb_completion *c)
{
	bool sync_first = r->test.fd_mode == WB_FD_SYNC_THEN_CLOSE;
	int ret;

	if ((ret = open_target(r, eng, e, path)) ||
	    (ret = run_batch(r, eng, e, &ops[0], 1, c)))
		goto out_close;
	if (sync_first && (ret = run_batch(r, eng, e, &ops[1], 1, c)))
		goto out_close;
	if ((ret = close_target(r, eng, e)) || (ret = open_target(r, eng, e, path)))
		goto out_close;
	if (!sync_first && (ret = run_batch(r, eng, e, &ops[1], 1, c)))
		goto out_close;
	return close_target(r, eng, e);
out_close:
	(void)eng->close(e);
	return ret;
}

static int timed_loop(struct wb_result *r, const struct wb_engine_ops *eng,
		      struct wb_engine *e, const char *path, struct wb_op *ops, unsigned n)
{
	struct wb_completion c[MAX_BATCH];
	uint64_t start, prev, now, deadline;
	int ret = 0;

	start = prev = now_ns();
	deadline = start + r->test.duration_ns;
	for (;;) {
		if (r->test.fd_mode == WB_FD_KEEP)
			ret = run_batch(r, eng, e, ops, n, c);
		else
			ret = reopen_op(r, eng, e, path, ops, c);
		if (ret)
			break;
		now = now_ns();
		wb_hist_record(r->hist, now - prev);
		r->ops++;
		prev = now;
		if (now >= deadline)
			break;
	}
	r->elapsed_ns = prev - start;
	return ret;
}

/* After each test the file is synced outside the timing, so pages one test left
 * dirty (the no-sync baseline) are not paid for by the next. */
static int settle(struct wb_result *r, const char *path)
{
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC), ret = 0;

	if (fd < 0 || fsync(fd)) {
		ret = -errno;
		r->durability_failure = fd >= 0;
		set_status(r, WB_STATUS_ERROR, -ret, "%s after the test: %s",
			   fd < 0 ? "open" : "fsync", strerror(-ret));
	}
	if (fd >= 0)
		(void)close(fd);
	return ret;
}

int wb_run_test(struct wb_result *r, const char *path, const void *buf)
{
	const struct wb_test *t = &r->test;
	const struct wb_engine_ops *eng = wb_engine_get(t->engine);
	struct wb_engine_config cfg = { .queue_depth = 1 };
	struct wb_op ops[MAX_BATCH];
	struct wb_engine *e = NULL;
	char reason[160];
	const char *why;
	unsigned n;
	int ret;

	r->status = WB_STATUS_OK;
	why = wb_method_engine_reason(t->method, t->engine);
	if (why) {
		set_status(r, WB_STATUS_NA, ENOTSUP, "%s", why);
		return 0;
	}
	if (t->writes_per_op == 0 || t->writes_per_op >= MAX_BATCH) {
		set_status(r, WB_STATUS_ERROR, EINVAL, "writes per op must be 1..%d", MAX_BATCH - 1);
		return -EINVAL;
	}
	n = build_ops(t, buf, ops);
	cfg.queue_depth = n;
	cfg.buf = buf;
	cfg.buf_len = t->size;
	if (eng->probe && (ret = eng->probe(&cfg, reason, sizeof(reason)))) {
		set_status(r, WB_STATUS_NA, -ret, "%s", reason);
		return 0;
	}
	r->hist = malloc(sizeof(*r->hist));
	if (!r->hist || (ret = eng->init(&e, &cfg))) {
		ret = r->hist ? ret : -ENOMEM;
		set_status(r, WB_STATUS_ERROR, -ret, "%s engine init: %s", eng->name, strerror(-ret));
		return ret;
	}
	wb_hist_init(r->hist);
	if (t->fd_mode == WB_FD_KEEP && (ret = open_target(r, eng, e, path)))
		goto out;
	ret = timed_loop(r, eng, e, path, ops, n);
	if (t->fd_mode == WB_FD_KEEP) {
		int cret = close_target(r, eng, e);

		ret = ret ? ret : cret;
	}
	if (r->status == WB_STATUS_OK) {
		int sret = settle(r, path);

		ret = ret ? ret : sret;
	}
out:
	eng->destroy(e);
	return r->status == WB_STATUS_NA ? 0 : ret;
}
