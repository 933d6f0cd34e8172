/* runner.c — the timing loops.
 * Each op is one flush: writes_per_op writes, then the method's sync, submitted
 * as one linked batch. At queue depth 1 timestamps are chained (one
 * clock_gettime per flush: the end of one is the start of the next) so the
 * harness costs as little as possible inside the measurement. At queue depth N,
 * N flushes are in flight on separate regions of the file, each timed from its
 * submission to its last completion. With --jobs, each job is a thread with its
 * own engine, file and histogram; nothing is shared until the merge. */
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "groupcommit.h"
#include "segment.h"

#define MAX_BATCH 1025 /* writes per op plus one sync */
/* Most ops in flight at once; io_uring rings stop at 32768 entries, and no WAL
 * device has a use for more. */
#define WB_MAX_INFLIGHT 4096
#define WB_STR2(x) #x
#define WB_STR(x) WB_STR2(x)

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
	if (res >= 0 && (op->kind != WB_OP_WRITE || res == op->len))
		return 0;
	if (r->status != WB_STATUS_OK)
		return -EIO; /* keep the first failure's story */
	if (res == -EINVAL && op->kind == WB_OP_WRITE && (eng->caps & WB_CAP_DIRECT) &&
	    r->ops == 0) {
		set_status(r, WB_STATUS_NA, EINVAL,
			   "O_DIRECT write of %u bytes refused (EINVAL): smaller than or "
			   "misaligned to the device's logical block", op->len);
		r->direct_refused = true;
		return -EINVAL;
	}
	if (res == -EINVAL && op->kind != WB_OP_WRITE && r->ops == 0) {
		/* libaio on kernels before 4.18 has no IOCB_CMD_FSYNC/FDSYNC. */
		set_status(r, WB_STATUS_NA, EINVAL, "%s engine cannot submit %s here (EINVAL)",
			   eng->name, wb_op_call_name(op, m));
		return -EINVAL;
	}
	r->durability_failure = op_is_durability_point(op, m);
	if (res >= 0)
		set_status(r, WB_STATUS_ERROR, EIO, "%s: short write (%lld of %u bytes)",
			   wb_op_call_name(op, m), (long long)res, op->len);
	else
		set_status(r, WB_STATUS_ERROR, (int)-res, "%s: %s", wb_op_call_name(op, m),
			   strerror((int)-res));
	return res < 0 ? (int)res : -EIO;
}

static inline bool op_succeeded(const struct wb_op *op, int64_t res)
{
	return op->kind == WB_OP_WRITE ? res == op->len : res == 0;
}

/* The rare path: find which op failed (or which completion is unknown). */
static __attribute__((noinline, cold)) int
check_completions_slow(struct wb_result *r, const struct wb_op *ops, unsigned n,
		       const struct wb_completion *c)
{
	unsigned i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		/* user_data numbers the ops of the whole flush; this batch may be a part. */
		uint64_t idx = c[i].user_data - ops[0].user_data;

		if (idx >= n) {
			set_status(r, WB_STATUS_ERROR, EPROTO, "engine returned an unknown completion");
			return -EPROTO;
		}
		if (!ret)
			ret = wb_check_completion(r, &ops[idx], c[i].res);
	}
	return ret;
}

/* Inlined into the timed loop: the common case is every op completed in order
 * and succeeded, and it must cost a few compares, not a call. */
static inline __attribute__((always_inline)) int
check_completions(struct wb_result *r, const struct wb_op *ops, unsigned n,
		  const struct wb_completion *c)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (c[i].user_data != ops[i].user_data || !op_succeeded(&ops[i], c[i].res))
			return check_completions_slow(r, ops, n, c);
	return 0;
}

static int engine_failed(struct wb_result *r, const struct wb_engine_ops *eng, int ret)
{
	ret = ret ? ret : -EIO;
	if (r->status == WB_STATUS_OK)
		set_status(r, WB_STATUS_ERROR, -ret, "%s engine: %s", eng->name, strerror(-ret));
	return ret;
}

/* Submits all of ops (an engine may take a linked chain in parts). */
static int submit_all(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		      const struct wb_op *ops, unsigned n)
{
	unsigned done = 0;
	int ret;

	while (done < n) {
		ret = eng->submit(e, ops + done, n - done);
		if (ret <= 0)
			return engine_failed(r, eng, ret);
		done += (unsigned)ret;
	}
	return 0;
}

/* Asynchronous engines: submit the whole batch, then reap one completion per op. */
static __attribute__((noinline)) int
run_batch_async(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		const struct wb_op *ops, unsigned n, struct wb_completion *c)
{
	unsigned done;
	int ret;

	ret = submit_all(r, eng, e, ops, n);
	if (ret)
		return ret;
	for (done = 0; done < n; done += (unsigned)ret) {
		ret = eng->reap(e, c + done, 1, n - done);
		if (ret <= 0)
			return engine_failed(r, eng, ret);
	}
	return check_completions(r, ops, n, c);
}

/* One flush. Engines that complete synchronously run it in place, inlined here
 * because at a microsecond per op (tmpfs) every call shows in the figures. */
static inline __attribute__((always_inline)) int
run_batch(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
	  const struct wb_op *ops, unsigned n, struct wb_completion *c)
{
	int ret;

	if (!eng->run)
		return run_batch_async(r, eng, e, ops, n, c);
	ret = eng->run(e, ops, n, c);
	return ret ? engine_failed(r, eng, ret) : check_completions(r, ops, n, c);
}

int wb_run_batch(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		 const struct wb_op *ops, unsigned n, struct wb_completion *c)
{
	return run_batch(r, eng, e, ops, n, c);
}

unsigned wb_build_flush(const struct wb_test *t, const void *buf, uint64_t offset,
			uint64_t first_user_data, struct wb_op *ops)
{
	const struct wb_method *m = wb_method_get(t->method);
	unsigned i, n = 0;

	/* Every op but the last is linked: the writes go out one after another, as
	 * PostgreSQL issues them (each synchronous under an open_* method), and the
	 * sync never runs after a failed write. */
	for (i = 0; i < t->writes_per_op; i++, n++)
		ops[n] = (struct wb_op){
			.kind = WB_OP_WRITE,
			.flags = m->write_flags |
				 (m->sync != WB_SYNC_NONE || i + 1 < t->writes_per_op ? WB_OPF_LINK : 0),
			.buf = buf,
			.len = t->size,
			.offset = offset + (uint64_t)i * t->size,
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

static unsigned ops_per_flush(const struct wb_test *t)
{
	return t->writes_per_op + (wb_method_get(t->method)->sync != WB_SYNC_NONE);
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

/* Moves a flush's writes to start at base (the append pattern). */
static void place_flush(struct wb_op *ops, unsigned n, uint64_t base, uint32_t size)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (ops[i].kind == WB_OP_WRITE)
			ops[i].offset = base + (uint64_t)i * size;
}

/* A full segment under --segment new: close, switch (timed into its own
 * histogram), reopen on the new segment. */
static int switch_segment(struct wb_result *r, const struct wb_engine_ops *eng,
			  struct wb_engine *e, struct wb_segment *seg)
{
	const char *call = "";
	uint64_t t0;
	int ret;

	if ((ret = close_target(r, eng, e)))
		return ret;
	if (!r->switch_hist) {
		r->switch_hist = malloc(sizeof(*r->switch_hist));
		if (!r->switch_hist)
			return -ENOMEM;
		wb_hist_init(r->switch_hist);
	}
	t0 = now_ns();
	ret = wb_segment_switch(seg, &call);
	if (ret) {
		r->durability_failure = strncmp(call, "fsync", 5) == 0;
		set_status(r, WB_STATUS_ERROR, -ret, "segment switch: %s: %s", call, strerror(-ret));
		return ret;
	}
	wb_hist_record(r->switch_hist, now_ns() - t0);
	r->switches++;
	return open_target(r, eng, e, wb_segment_path(seg));
}

static int timed_loop(struct wb_result *r, const struct wb_engine_ops *eng,
		      struct wb_engine *e, const char *path, const void *buf,
		      struct wb_segment *seg)
{
	struct wb_completion c[MAX_BATCH];
	struct wb_op ops[MAX_BATCH];
	uint64_t start, prev, now, deadline, region = (uint64_t)r->test.writes_per_op * r->test.size;
	unsigned n = wb_build_flush(&r->test, buf, 0, 0, ops);
	int ret = 0;

	start = prev = now_ns();
	deadline = start + r->test.duration_ns;
	for (;;) {
		if (seg) {
			if (wb_segment_full(seg, region)) {
				if ((ret = switch_segment(r, eng, e, seg)))
					break;
				prev = now_ns(); /* the switch is not part of any flush's latency */
			}
			place_flush(ops, n, wb_segment_advance(seg, region), r->test.size);
		}
		if (__builtin_expect(r->test.fd_mode == WB_FD_KEEP, 1))
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

/* Queue depth > 1: qd flushes in flight, slot s writing its own region of the
 * file, each resubmitted as soon as its last op completes. */
static int timed_loop_qd(struct wb_result *r, const struct wb_engine_ops *eng,
			 struct wb_engine *e, const void *buf, struct wb_segment *seg)
{
	const struct wb_test *t = &r->test;
	unsigned n = ops_per_flush(t), qd = t->queue_depth, inflight = 0, s, i;
	uint64_t region = (uint64_t)t->writes_per_op * t->size, start, now, last, deadline;
	struct wb_completion *c = calloc((size_t)qd * n, sizeof(*c));
	struct wb_op *ops = calloc((size_t)qd * n, sizeof(*ops));
	uint64_t *slot_start = calloc(qd, sizeof(*slot_start));
	unsigned *pending = calloc(qd, sizeof(*pending));
	int ret = 0, got;

	if (!c || !ops || !slot_start || !pending) {
		ret = -ENOMEM;
		set_status(r, WB_STATUS_ERROR, ENOMEM, "out of memory for queue depth %u", qd);
		goto out;
	}
	for (s = 0; s < qd; s++) {
		(void)wb_build_flush(t, buf, s * region, (uint64_t)s * n, &ops[s * n]);
		if (seg) /* append: each submission takes the next region of the segment */
			place_flush(&ops[s * n], n, wb_segment_advance(seg, region), t->size);
	}
	start = last = now_ns();
	deadline = start + t->duration_ns;
	for (s = 0; s < qd && !ret; s++) {
		slot_start[s] = now_ns();
		ret = submit_all(r, eng, e, &ops[s * n], n);
		if (!ret) {
			pending[s] = n;
			inflight++;
		}
	}
	while (inflight) {
		got = eng->reap(e, c, 1, qd * n);
		if (got <= 0) {
			ret = engine_failed(r, eng, got);
			break; /* the engine lost track; nothing more will complete */
		}
		now = now_ns();
		for (i = 0; i < (unsigned)got; i++) {
			uint64_t idx = c[i].user_data;
			int cret;

			if (idx >= (uint64_t)qd * n || !pending[idx / n]) {
				set_status(r, WB_STATUS_ERROR, EPROTO, "engine returned an unknown completion");
				ret = -EPROTO;
				continue;
			}
			cret = wb_check_completion(r, &ops[idx], c[i].res);
			ret = ret ? ret : cret;
			s = (unsigned)(idx / n);
			if (--pending[s])
				continue;
			if (!ret) {
				wb_hist_record(r->hist, now - slot_start[s]);
				r->ops++;
				last = now;
			}
			inflight--;
			if (ret || now >= deadline)
				continue; /* drain: let the others finish */
			slot_start[s] = now;
			if (seg)
				place_flush(&ops[s * n], n, wb_segment_advance(seg, region), t->size);
			ret = submit_all(r, eng, e, &ops[s * n], n);
			if (!ret) {
				pending[s] = n;
				inflight++;
			}
		}
	}
	r->elapsed_ns = last - start;
out:
	free(c);
	free(ops);
	free(slot_start);
	free(pending);
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

/* Holds job threads until all exist, so they start timing together; a failed
 * pthread_create cancels the start instead of leaving the others waiting. */
struct start_gate {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool go, cancelled;
};

struct job {
	struct wb_result r;         /* this job's own figures, merged afterwards */
	const char *path;
	const void *buf;
	struct start_gate *gate;    /* NULL when the job runs on the caller's thread */
	pthread_t thread;
};

/* Returns false when the start was cancelled. */
static bool gate_wait(struct start_gate *g)
{
	bool go;

	pthread_mutex_lock(&g->lock);
	while (!g->go && !g->cancelled)
		pthread_cond_wait(&g->cond, &g->lock);
	go = g->go;
	pthread_mutex_unlock(&g->lock);
	return go;
}

static void gate_open(struct start_gate *g, bool go)
{
	pthread_mutex_lock(&g->lock);
	g->go = go;
	g->cancelled = !go;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
}

static void engine_config(const struct wb_test *t, const void *buf, struct wb_engine_config *cfg)
{
	*cfg = (struct wb_engine_config){
		.queue_depth = ops_per_flush(t) * (t->queue_depth ? t->queue_depth : 1),
		.flags = t->engine_flags,
		.buf = buf,
		.buf_len = t->size,
	};
}

static void run_job(struct job *j)
{
	struct wb_result *r = &j->r;
	const struct wb_engine_ops *eng = wb_engine_get(r->test.engine);
	struct wb_segment segment, *seg = NULL;
	struct wb_engine_config cfg;
	struct wb_engine *e = NULL;
	int ret;

	if (r->test.pattern == WB_PATTERN_APPEND) {
		seg = &segment;
		wb_segment_init(seg, j->path, r->test.segment_size,
				r->test.segment_mode == WB_SEGMENT_NEW);
	}
	engine_config(&r->test, j->buf, &cfg);
	ret = eng->init(&e, &cfg);
	if (j->gate && !gate_wait(j->gate)) {
		set_status(r, WB_STATUS_ERROR, EAGAIN, "not started: another job could not be created");
		goto out;
	}
	if (ret) {
		set_status(r, WB_STATUS_ERROR, -ret, "%s engine init: %s", eng->name, strerror(-ret));
		return;
	}
	if (r->test.fd_mode == WB_FD_KEEP && open_target(r, eng, e, j->path))
		goto out;
	if (r->test.queue_depth > 1)
		(void)timed_loop_qd(r, eng, e, j->buf, seg);
	else
		(void)timed_loop(r, eng, e, j->path, j->buf, seg);
	if (r->test.fd_mode == WB_FD_KEEP)
		(void)close_target(r, eng, e);
	if (r->status == WB_STATUS_OK)
		(void)settle(r, seg ? wb_segment_path(seg) : j->path);
out:
	if (seg && (ret = wb_segment_finish(seg)) && r->status == WB_STATUS_OK)
		set_status(r, WB_STATUS_ERROR, -ret, "removing a segment: %s", strerror(-ret));
	eng->destroy(e);
}

static void *job_thread(void *arg)
{
	run_job(arg);
	return NULL;
}

static int run_jobs(struct wb_result *r, const char *const *paths, const void *buf)
{
	unsigned n = r->test.jobs ? r->test.jobs : 1, i, created;
	struct job *jobs = calloc(n, sizeof(*jobs));
	struct start_gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, false };
	int ret = 0;

	if (!jobs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		jobs[i].r.test = r->test;
		jobs[i].path = paths[i];
		jobs[i].buf = buf;
		jobs[i].r.hist = malloc(sizeof(*jobs[i].r.hist));
		if (!jobs[i].r.hist) {
			ret = -ENOMEM;
			goto out;
		}
		wb_hist_init(jobs[i].r.hist);
	}
	if (n == 1) {
		run_job(&jobs[0]);
	} else {
		for (created = 0; created < n; created++) {
			jobs[created].gate = &gate;
			ret = -pthread_create(&jobs[created].thread, NULL, job_thread, &jobs[created]);
			if (ret)
				break;
		}
		gate_open(&gate, !ret);
		for (i = 0; i < created; i++)
			pthread_join(jobs[i].thread, NULL);
		if (ret)
			goto out;
	}
	for (i = 0; i < n; i++)
		wb_result_merge(r, &jobs[i].r, false);
out:
	for (i = 0; i < n; i++)
		wb_result_release(&jobs[i].r);
	free(jobs);
	return ret;
}

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

	if ((uint64_t)ops_per_flush(t) * t->queue_depth > WB_MAX_INFLIGHT)
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

		if (t->segment_mode == WB_SEGMENT_NEW && t->queue_depth > 1)
			return "--segment new switches segments between flushes; use qd 1";
		if (t->segment_size < region)
			return "a flush (or qd flushes) does not fit in one segment";
		if (t->fd_mode != WB_FD_KEEP)
			return "the append pattern keeps its descriptor open (--fd-mode keep)";
	}
	return NULL;
}

int wb_run_test(struct wb_result *r, const char *const *paths, const void *buf)
{
	const struct wb_test *t = &r->test;
	const struct wb_engine_ops *eng = wb_engine_get(t->engine);
	struct wb_engine_config cfg;
	char reason[160];
	struct stat st;
	const char *why;
	int ret;

	r->status = WB_STATUS_OK;
	why = wb_method_engine_reason(t->method, t->engine);
	if (!why)
		why = shape_reason(t, eng);
	if (why) {
		set_status(r, WB_STATUS_NA, ENOTSUP, "%s", why);
		return 0;
	}
	if (t->writes_per_op == 0 || t->writes_per_op >= MAX_BATCH) {
		set_status(r, WB_STATUS_ERROR, EINVAL, "writes per op must be 1..%d", MAX_BATCH - 1);
		return -EINVAL;
	}
	engine_config(t, buf, &cfg);
	if (eng->probe && (ret = eng->probe(&cfg, reason, sizeof(reason)))) {
		set_status(r, WB_STATUS_NA, -ret, "%s", reason);
		return 0;
	}
	r->hist = malloc(sizeof(*r->hist));
	if (!r->hist) {
		set_status(r, WB_STATUS_ERROR, ENOMEM, "out of memory");
		return -ENOMEM;
	}
	wb_hist_init(r->hist);
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		ret = stat(paths[0], &st) ? -errno
					  : wb_groupcommit_run(r, eng, paths[0], (uint64_t)st.st_size,
							       NULL);
	else
		ret = run_jobs(r, paths, buf);
	if (ret && r->status == WB_STATUS_OK)
		set_status(r, WB_STATUS_ERROR, -ret, "%s", strerror(-ret));
	if (r->status == WB_STATUS_NA)
		return 0;
	return r->status == WB_STATUS_OK ? 0 : (r->error ? -r->error : -EIO);
}
