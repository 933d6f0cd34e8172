/* groupcommit.c — committers, a flush leader, and the WAL stream they share.
 * Positions are bytes in an endless WAL stream; the file holds them modulo its
 * size. Trap: the leader must snapshot the insert position under the lock and
 * publish flushed_upto only after its sync completed successfully — a committer
 * that saw its record "written" but not synced must keep waiting. */
#include "measure/groupcommit.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/clock.h"
#include "measure/flush.h"

#define GC_CHUNK (1u << 20) /* largest single write a leader issues */

struct gc_shared {
	pthread_mutex_t lock;
	pthread_cond_t flushed;   /* broadcast when flushed_upto moves or a flush fails */
	uint64_t insert_upto;     /* next free stream position */
	uint64_t flushed_upto;    /* everything below is durable */
	bool flushing;            /* a leader is writing and syncing */
	bool failed;              /* a flush failed: everyone stops */
	uint64_t deadline;        /* in wb_clock_ticks(): the committers compare their own reads */
	uint64_t file_size;
	const void *buf;          /* GC_CHUNK bytes: the data every write carries */
	const char *path;
	const struct wb_engine_ops *eng;
	const struct wb_gc_observer *obs;
};

struct committer {
	struct wb_result r;       /* per-thread figures, merged after the run */
	struct gc_shared *gc;
	pthread_t thread;
};

/* The writes for stream range [from, to), split where the file wraps, at
 * GC_CHUNK and, for a coalesced test, where the wal_buffers ring wraps (as
 * XLogWrite splits), then the method's sync, linked. Returns the op count, or 0
 * when the range does not fit in max ops (never flush less than is
 * acknowledged).
 * Trap: each piece is built as one plain write (flush form separate): the
 * splitting is done here, and a coalesced piece could come back as two writes
 * that tail[] has no room for. */
static unsigned build_flush_ops(const struct wb_test *t, const struct gc_shared *gc,
				uint64_t from, uint64_t to, struct wb_op *ops, unsigned max)
{
	struct wb_test one = *t;
	struct wb_op tail[2];
	unsigned n = 0, k;

	one.flush_form = WB_FLUSH_SEPARATE;
	while (from < to && n + 1 < max) {
		uint64_t off = from % gc->file_size;
		uint64_t len = to - from;

		if (len > gc->file_size - off)
			len = gc->file_size - off;
		if (len > GC_CHUNK)
			len = GC_CHUNK;
		if (t->flush_form == WB_FLUSH_COALESCED && t->wal_buffers &&
		    len > t->wal_buffers - from % t->wal_buffers)
			len = t->wal_buffers - from % t->wal_buffers;
		one.size = (uint32_t)len;
		one.writes_per_op = 1;
		k = wb_build_flush(&one, gc->buf, off, n, tail);
		ops[n++] = tail[0];
		from += len;
		if (from >= to && k == 2)
			ops[n++] = tail[1]; /* the sync, once, after the last write */
	}
	return from < to ? 0 : n;
}

/* Writes and syncs [from, to) as one linked batch on this committer's engine. */
static int leader_flush(struct committer *c, struct wb_engine *e, uint64_t from, uint64_t to,
			struct wb_op *ops, struct wb_completion *comp, unsigned max)
{
	unsigned n = build_flush_ops(&c->r.test, c->gc, from, to, ops, max);

	if (n == 0) {
		wb_set_status(&c->r, WB_STATUS_ERROR, E2BIG, "pending WAL does not fit in one flush");
		return -E2BIG;
	}
	return wb_run_batch(&c->r, c->gc->eng, e, ops, n, comp);
}

/* One commit: insert a record, then wait for (or lead) the flush that covers it.
 * Returns false when the run must stop (a flush failed). */
static bool commit_one(struct committer *c, struct wb_engine *e, struct wb_op *ops,
		       struct wb_completion *comp, unsigned max)
{
	struct gc_shared *gc = c->gc;
	uint64_t start, end, from, to;
	bool ok;
	int ret;

	pthread_mutex_lock(&gc->lock);
	start = gc->insert_upto;
	end = gc->insert_upto += c->r.test.size;
	while (gc->flushed_upto < end && !gc->failed) {
		if (gc->flushing) {
			pthread_cond_wait(&gc->flushed, &gc->lock);
			continue;
		}
		/* Lead: flush everything inserted so far, ours and others'. */
		gc->flushing = true;
		from = gc->flushed_upto;
		to = gc->insert_upto;
		pthread_mutex_unlock(&gc->lock);
		ret = leader_flush(c, e, from, to, ops, comp, max);
		pthread_mutex_lock(&gc->lock);
		gc->flushing = false;
		if (ret)
			gc->failed = true;
		else
			gc->flushed_upto = to;
		c->r.flushes += !ret;
		pthread_cond_broadcast(&gc->flushed);
	}
	ok = !gc->failed;
	pthread_mutex_unlock(&gc->lock);
	if (ok && gc->obs && gc->obs->acked)
		gc->obs->acked(gc->obs->ctx, start, end);
	return ok;
}

static void *committer_thread(void *arg)
{
	struct committer *c = arg;
	struct gc_shared *gc = c->gc;
	const struct wb_engine_ops *eng = gc->eng;
	const struct wb_method *m = wb_method_get(c->r.test.method);
	/* Pending bytes are at most committers x size: enough ops for that in chunks. */
	unsigned max = (unsigned)(((uint64_t)c->r.test.committers * c->r.test.size) / GC_CHUNK) + 4;
	struct wb_engine_config cfg = { .queue_depth = max, .flags = c->r.test.engine_flags,
					.buf = gc->buf, .buf_len = GC_CHUNK };
	struct wb_completion *comp = calloc(max, sizeof(*comp));
	struct wb_op *ops = calloc(max, sizeof(*ops));
	struct wb_engine *e = NULL;
	uint64_t t0, t1, first = 0;
	int ret;

	if (!comp || !ops) {
		wb_set_status(&c->r, WB_STATUS_ERROR, ENOMEM, "out of memory");
		goto out_fail;
	}
	ret = eng->init(&e, &cfg);
	if (ret) {
		e = NULL;
		wb_set_status(&c->r, WB_STATUS_ERROR, -ret, "%s engine init: %s", eng->name,
			      strerror(-ret));
		goto out_fail;
	}
	ret = eng->open(e, gc->path, m->open_flags);
	if (ret) {
		wb_set_open_failed(&c->r, eng, gc->path, ret);
		goto out_fail;
	}
	t0 = first = wb_clock_ticks();
	do {
		if (!commit_one(c, e, ops, comp, max))
			break;
		t1 = wb_clock_ticks();
		wb_hist_record(c->r.hist, wb_clock_ns(t1 - t0));
		c->r.ops++;
		c->r.elapsed_ns = wb_clock_ns(t1 - first);
		t0 = t1;
	} while (t0 < gc->deadline);
	ret = eng->close(e);
	if (ret && c->r.status == WB_STATUS_OK) {
		c->r.durability_failure = true; /* a deferred write-back error */
		wb_set_status(&c->r, WB_STATUS_ERROR, -ret, "close: %s", strerror(-ret));
		wb_result_set_site(&c->r, "close", -1, (int64_t)c->r.ops, NULL);
	}
	goto out;
out_fail:
	/* Nobody may wait for a flush this committer would never lead. */
	pthread_mutex_lock(&gc->lock);
	gc->failed = true;
	pthread_cond_broadcast(&gc->flushed);
	pthread_mutex_unlock(&gc->lock);
out:
	if (e)
		eng->destroy(e);
	free(comp);
	free(ops);
	return NULL;
}

int wb_groupcommit_run(struct wb_result *r, const struct wb_engine_ops *eng, const char *path,
		       uint64_t file_size, const struct wb_gc_observer *obs)
{
	unsigned n = r->test.committers ? r->test.committers : 1, i, created = 0;
	struct committer *cs = calloc(n, sizeof(*cs));
	struct gc_shared gc = {
		.lock = PTHREAD_MUTEX_INITIALIZER, .flushed = PTHREAD_COND_INITIALIZER,
		.file_size = file_size, .path = path, .eng = eng, .obs = obs,
	};
	void *buf = NULL;
	int ret = 0;

	if (!cs || posix_memalign(&buf, WB_BUF_ALIGN, GC_CHUNK)) {
		ret = -ENOMEM;
		goto out;
	}
	memset(buf, 0x5a, GC_CHUNK);
	gc.buf = buf;
	if (file_size < r->test.size || file_size % r->test.size) {
		/* Records must tile the file, or one would straddle the wrap. */
		wb_set_status(r, WB_STATUS_NA, EINVAL,
			      "group commit needs a record size that divides the %llu-byte file",
			      (unsigned long long)file_size);
		goto out;
	}
	for (i = 0; i < n; i++) {
		wb_result_init(&cs[i].r, &r->test);
		cs[i].r.status = WB_STATUS_OK; /* running: its loop judges against OK */
		cs[i].gc = &gc;
		cs[i].r.hist = malloc(sizeof(*cs[i].r.hist));
		if (!cs[i].r.hist) {
			ret = -ENOMEM;
			goto out;
		}
		wb_hist_init(cs[i].r.hist);
	}
	gc.deadline = wb_clock_deadline(wb_clock_ticks(), r->test.duration_ns);
	for (created = 0; created < n; created++) {
		ret = -pthread_create(&cs[created].thread, NULL, committer_thread, &cs[created]);
		if (ret)
			break;
	}
	if (ret) { /* stop the ones already running */
		pthread_mutex_lock(&gc.lock);
		gc.failed = true;
		pthread_cond_broadcast(&gc.flushed);
		pthread_mutex_unlock(&gc.lock);
	}
	for (i = 0; i < created; i++)
		pthread_join(cs[i].thread, NULL);
	for (i = 0; i < n && !ret; i++)
		wb_result_merge(r, &cs[i].r, false);
out:
	for (i = 0; cs && i < n; i++)
		wb_result_release(&cs[i].r);
	free(cs);
	free(buf);
	return ret;
}
