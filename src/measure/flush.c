/* flush.c — building one flush, running it on an asynchronous engine, and
 * judging what came back. The inline fast path is in flush.h. */
#include "measure/flush.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void wb_set_status(struct wb_result *r, enum wb_status st, int err, const char *fmt, ...)
{
	va_list ap;

	if (wb_result_failed(r))
		return; /* the first failure is the story; what followed it is a consequence */
	r->status = st;
	r->error = err;
	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
	va_end(ap);
}

void wb_set_direct_refused(struct wb_result *r, const char *fmt, ...)
{
	va_list ap;

	if (wb_result_failed(r))
		return;
	r->status = WB_STATUS_NA;
	r->error = EINVAL;
	r->direct_refused = true;
	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
	va_end(ap);
}

void wb_set_open_failed(struct wb_result *r, const struct wb_engine_ops *eng, const char *path,
			int ret)
{
	if (ret == -EINVAL && (eng->caps & WB_CAP_DIRECT))
		wb_set_direct_refused(r, "O_DIRECT not supported by this file system (open: %s)",
				      strerror(EINVAL));
	else
		wb_set_status(r, WB_STATUS_ERROR, -ret, "open %s: %s", path, strerror(-ret));
	wb_result_set_site(r, "open", -1, (int64_t)r->ops, path);
}

const char *wb_op_call_name(const struct wb_op *op, const struct wb_method *m)
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

int wb_check_completion(struct wb_result *r, const struct wb_op *op, int64_t res)
{
	const struct wb_method *m = wb_method_get(r->test.method);
	const struct wb_engine_ops *eng = wb_engine_get(r->test.engine);

	if (res == -ECANCELED)
		return 0; /* the failure that cancelled it is reported instead */
	if (wb_op_succeeded(op, res))
		return 0;
	if (wb_result_failed(r))
		return -EIO; /* keep the first failure's story */
	if (res == -EINVAL && op->kind == WB_OP_WRITE && (eng->caps & WB_CAP_DIRECT) &&
	    r->ops == 0) {
		wb_set_direct_refused(r, "O_DIRECT write of %u bytes refused (EINVAL): smaller than "
				      "or misaligned to the device's logical block", op->len);
		return -EINVAL;
	}
	if (res == -EINVAL && op->kind != WB_OP_WRITE && r->ops == 0) {
		/* libaio on kernels before 4.18 has no IOCB_CMD_FSYNC/FDSYNC. */
		wb_set_status(r, WB_STATUS_NA, EINVAL, "%s engine cannot submit %s here (EINVAL)",
			      eng->name, wb_op_call_name(op, m));
		return -EINVAL;
	}
	r->durability_failure = op_is_durability_point(op, m);
	wb_result_set_site(r, wb_op_call_name(op, m), op->kind == WB_OP_WRITE ? (int64_t)op->offset : -1,
			   (int64_t)r->ops, NULL);
	if (res >= 0)
		wb_set_status(r, WB_STATUS_ERROR, EIO, "%s: short write (%lld of %u bytes)",
			      wb_op_call_name(op, m), (long long)res, op->len);
	else
		wb_set_status(r, WB_STATUS_ERROR, (int)-res, "%s: %s", wb_op_call_name(op, m),
			      strerror((int)-res));
	return res < 0 ? (int)res : -EIO;
}

int wb_check_completions_slow(struct wb_result *r, const struct wb_op *ops, unsigned n,
			      const struct wb_completion *c)
{
	unsigned i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		/* user_data numbers the ops of the whole flush; this batch may be a part. */
		uint64_t idx = c[i].user_data - ops[0].user_data;

		if (idx >= n) {
			wb_set_status(r, WB_STATUS_ERROR, EPROTO, "engine returned an unknown completion");
			wb_result_set_site(r, "completion", -1, (int64_t)r->ops, NULL);
			return -EPROTO;
		}
		if (!ret)
			ret = wb_check_completion(r, &ops[idx], c[i].res);
	}
	return ret;
}

int wb_engine_failed(struct wb_result *r, const struct wb_engine_ops *eng, int ret)
{
	ret = ret ? ret : -EIO;
	if (!wb_result_failed(r)) {
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s engine: %s", eng->name, strerror(-ret));
		wb_result_set_site(r, eng->name, -1, (int64_t)r->ops, NULL);
	}
	return ret;
}

int wb_submit_all(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		  const struct wb_op *ops, unsigned n)
{
	unsigned done = 0;
	int ret;

	while (done < n) {
		ret = eng->submit(e, ops + done, n - done);
		if (ret <= 0)
			return wb_engine_failed(r, eng, ret);
		done += (unsigned)ret;
	}
	return 0;
}

int wb_run_batch_async(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		       const struct wb_op *ops, unsigned n, struct wb_completion *c)
{
	unsigned done;
	int ret;

	ret = wb_submit_all(r, eng, e, ops, n);
	if (ret)
		return ret;
	for (done = 0; done < n; done += (unsigned)ret) {
		ret = eng->reap(e, c + done, 1, n - done);
		if (ret <= 0)
			return wb_engine_failed(r, eng, ret);
	}
	return wb_check_completions(r, ops, n, c);
}

/* Coalesced flushes split where the wal_buffers ring wraps, at queue depth 1
 * only: with several flushes in flight each keeps to its own region. */
static bool ring_splits(const struct wb_test *t)
{
	return t->wal_buffers && t->queue_depth <= 1 && wb_flush_bytes(t) > 1;
}

static unsigned writes_per_flush(const struct wb_test *t)
{
	if (t->flush_form == WB_FLUSH_COALESCED)
		return ring_splits(t) ? 2 : 1;
	return t->writes_per_op;
}

unsigned wb_ops_per_flush(const struct wb_test *t)
{
	return writes_per_flush(t) + (wb_method_get(t->method)->sync != WB_SYNC_NONE);
}

void wb_engine_config_for(const struct wb_test *t, const void *buf, struct wb_engine_config *cfg)
{
	*cfg = (struct wb_engine_config){
		.queue_depth = wb_ops_per_flush(t) * (t->queue_depth ? t->queue_depth : 1),
		.flags = t->engine_flags,
		.buf = buf,
		.buf_len = t->flush_form == WB_FLUSH_COALESCED ? (size_t)wb_flush_bytes(t) : t->size,
	};
}

unsigned wb_build_flush(const struct wb_test *t, const void *buf, uint64_t offset,
			uint64_t first_user_data, struct wb_op *ops)
{
	const struct wb_method *m = wb_method_get(t->method);
	uint32_t len[2] = { t->size, 0 };
	unsigned i, n = 0, nw = t->writes_per_op;

	if (t->flush_form == WB_FLUSH_COALESCED) {
		uint64_t bytes = wb_flush_bytes(t), to_wrap;

		nw = 1;
		len[0] = (uint32_t)bytes;
		to_wrap = t->wal_buffers ? t->wal_buffers - offset % t->wal_buffers : bytes;
		if (ring_splits(t) && to_wrap < bytes) {
			nw = 2;
			len[0] = (uint32_t)to_wrap;
			len[1] = (uint32_t)(bytes - to_wrap);
		}
	}
	/* Every op but the last is linked: the writes go out one after another, as
	 * PostgreSQL issues them (each synchronous under an open_* method), and the
	 * sync never runs after a failed write. Separate writes all carry the same
	 * size bytes from buf; a coalesced write's second part continues the first. */
	for (i = 0; i < nw; i++, n++)
		ops[n] = (struct wb_op){
			.kind = WB_OP_WRITE,
			.flags = m->write_flags |
				 (m->sync != WB_SYNC_NONE || i + 1 < nw ? WB_OPF_LINK : 0),
			.buf = t->flush_form == WB_FLUSH_COALESCED && i ? (const char *)buf + len[0]
									: buf,
			.len = t->flush_form == WB_FLUSH_COALESCED ? len[i] : t->size,
			.offset = offset + (t->flush_form == WB_FLUSH_COALESCED ? (i ? len[0] : 0)
										: (uint64_t)i * t->size),
			.user_data = first_user_data + n,
		};
	if (m->sync != WB_SYNC_NONE) {
		ops[n] = (struct wb_op){
			.kind = m->sync == WB_SYNC_FSYNC ? WB_OP_FSYNC : WB_OP_FDATASYNC,
			.user_data = first_user_data + n,
		};
		n++;
	}
	return n;
}
