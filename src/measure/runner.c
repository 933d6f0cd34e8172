/* runner.c — the timing loops.
 * Each op is one flush: writes_per_op writes, then the method's sync, submitted
 * as one linked batch. At queue depth 1 timestamps are chained (one clock
 * read per flush — rdtsc where it can be, clock.h — and the end of one is the
 * start of the next) so the harness costs as little as possible inside the
 * measurement. At queue depth N,
 * N flushes are in flight on separate regions of the file, each timed from its
 * submission to its last completion. With --jobs, each job is a thread with its
 * own engine, file and histogram; nothing is shared until the merge. Engines
 * whose ops are plain system calls run the overwrite pattern at queue depth 1
 * in syscall_loop.c instead, the same calls made inline. */
#include "measure/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "measure/clock.h"
#include "measure/flush.h"
#include "measure/segment.h"
#include "measure/syscall_loop.h"

static int open_target(struct wb_result *r, const struct wb_engine_ops *eng,
		       struct wb_engine *e, const char *path)
{
	const struct wb_method *m = wb_method_get(r->test.method);
	int ret = eng->open(e, path, m->open_flags);

	if (ret)
		wb_set_open_failed(r, eng, path, ret);
	return ret;
}

static int close_target(struct wb_result *r, const struct wb_engine_ops *eng,
			struct wb_engine *e)
{
	int ret = eng->close(e);

	/* close(2) may report a write error deferred from earlier writes: the data
	 * those writes carried is lost, as after a failed sync. */
	if (ret && !wb_result_failed(r)) {
		r->durability_failure = true;
		wb_set_status(r, WB_STATUS_ERROR, -ret, "close: %s", strerror(-ret));
		wb_result_set_site(r, "close", -1, (int64_t)r->ops, NULL);
	}
	return ret;
}

/* pg_test_fsync's descriptor test: the write and the sync on different opens. */
static int reopen_op(struct wb_result *r, const struct wb_engine_ops *eng, struct wb_engine *e,
		     const char *path, const struct wb_op *ops, struct wb_completion *c)
{
	bool sync_first = r->test.fd_mode == WB_FD_SYNC_THEN_CLOSE;
	int ret;

	if ((ret = open_target(r, eng, e, path)) ||
	    (ret = wb_run_batch(r, eng, e, &ops[0], 1, c)))
		goto out_close;
	if (sync_first && (ret = wb_run_batch(r, eng, e, &ops[1], 1, c)))
		goto out_close;
	if ((ret = close_target(r, eng, e)) || (ret = open_target(r, eng, e, path)))
		goto out_close;
	if (!sync_first && (ret = wb_run_batch(r, eng, e, &ops[1], 1, c)))
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

/* A segment that could not be made: an error, a durability failure when a
 * sync failed. what says when ("segment switch", "first segment"). */
static int segment_failed(struct wb_result *r, const char *what, const char *call, int ret)
{
	char site[64];

	r->durability_failure = strncmp(call, "fsync", 5) == 0;
	wb_set_status(r, WB_STATUS_ERROR, -ret, "%s: %s: %s", what, call, strerror(-ret));
	snprintf(site, sizeof(site), "%s: %s", what, call);
	wb_result_set_site(r, site, -1, (int64_t)r->ops, NULL);
	return ret;
}

/* A full segment under --segment new or preallocate: close, switch (timed into
 * its own histogram), reopen on the new segment. */
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
		if (!r->switch_hist) {
			/* Unrecorded, the trial would close and settle as if it passed. */
			wb_set_status(r, WB_STATUS_ERROR, ENOMEM, "segment switch: out of memory");
			wb_result_set_site(r, "segment switch: malloc", -1, (int64_t)r->ops, NULL);
			return -ENOMEM;
		}
		wb_hist_init(r->switch_hist);
	}
	t0 = wb_now_ns();
	ret = wb_segment_switch(seg, &call);
	if (ret)
		return segment_failed(r, "segment switch", call, ret);
	wb_hist_record(r->switch_hist, wb_now_ns() - t0);
	return open_target(r, eng, e, wb_segment_path(seg));
}

/* Queue depth 1, one flush after another, each timed from the end of the one
 * before; the settled part (results.h: WB_SETTLED_AFTER) from the end of the
 * first flush past its mark. */
static int timed_loop(struct wb_result *r, const struct wb_engine_ops *eng,
		      struct wb_engine *e, const char *path, const void *buf,
		      struct wb_segment *seg)
{
	struct wb_completion c[WB_MAX_BATCH];
	struct wb_op ops[WB_MAX_BATCH];
	uint64_t start, prev, now, lat, deadline, region = (uint64_t)r->test.writes_per_op * r->test.size;
	uint64_t settle_at, settled = 0, settled_ops = 0;
	unsigned n = wb_build_flush(&r->test, buf, 0, 0, ops);
	int ret = 0;

	start = prev = wb_clock_ticks();
	deadline = wb_clock_deadline(start, r->test.duration_ns);
	settle_at = wb_clock_deadline(start, r->test.duration_ns / WB_SETTLED_AFTER);
	for (;;) {
		if (seg) {
			if (wb_segment_full(seg, region)) {
				if ((ret = switch_segment(r, eng, e, seg)))
					break;
				prev = wb_clock_ticks(); /* the switch is not part of any flush's latency */
			}
			if (r->test.flush_form == WB_FLUSH_COALESCED) /* the ring split moves */
				n = wb_build_flush(&r->test, buf, wb_segment_advance(seg, region), 0, ops);
			else
				place_flush(ops, n, wb_segment_advance(seg, region), r->test.size);
		}
		if (__builtin_expect(r->test.fd_mode == WB_FD_KEEP, 1))
			ret = wb_run_batch(r, eng, e, ops, n, c);
		else
			ret = reopen_op(r, eng, e, path, ops, c);
		if (ret)
			break;
		now = wb_clock_ticks();
		lat = wb_clock_ns(now - prev);
		wb_hist_record(r->hist, lat);
		if (__builtin_expect(lat >= WB_WAIT_RECORD_NS, 0))
			wb_result_add_wait(r, wb_clock_ns(now), lat);
		r->ops++;
		prev = now;
		if (__builtin_expect(!settled, 0) && now >= settle_at) {
			settled = now;
			settled_ops = r->ops;
		}
		if (now >= deadline)
			break;
	}
	r->elapsed_ns = wb_clock_ns(prev - start);
	r->settled_ns = settled ? wb_clock_ns(prev - settled) : 0;
	r->settled_ops = settled ? r->ops - settled_ops : 0;
	return ret;
}

/* Queue depth > 1: qd flushes in flight, slot s writing its own region of the
 * file, each resubmitted as soon as its last op completes. */
static int timed_loop_qd(struct wb_result *r, const struct wb_engine_ops *eng,
			 struct wb_engine *e, const void *buf, struct wb_segment *seg)
{
	const struct wb_test *t = &r->test;
	unsigned n = wb_ops_per_flush(t), qd = t->queue_depth, inflight = 0, s, i;
	uint64_t region = (uint64_t)t->writes_per_op * t->size, start, now, last, deadline;
	struct wb_completion *c = calloc((size_t)qd * n, sizeof(*c));
	struct wb_op *ops = calloc((size_t)qd * n, sizeof(*ops));
	uint64_t *slot_start = calloc(qd, sizeof(*slot_start));
	unsigned *pending = calloc(qd, sizeof(*pending));
	int ret = 0, got;

	if (!c || !ops || !slot_start || !pending) {
		ret = -ENOMEM;
		wb_set_status(r, WB_STATUS_ERROR, ENOMEM, "out of memory for queue depth %u", qd);
		wb_result_set_site(r, "malloc", -1, -1, NULL);
		goto out;
	}
	for (s = 0; s < qd; s++) {
		(void)wb_build_flush(t, buf, s * region, (uint64_t)s * n, &ops[s * n]);
		if (seg) /* append: each submission takes the next region of the segment */
			place_flush(&ops[s * n], n, wb_segment_advance(seg, region), t->size);
	}
	start = last = wb_clock_ticks();
	deadline = wb_clock_deadline(start, t->duration_ns);
	for (s = 0; s < qd && !ret; s++) {
		slot_start[s] = wb_clock_ticks();
		ret = wb_submit_all(r, eng, e, &ops[s * n], n);
		if (!ret) {
			pending[s] = n;
			inflight++;
		}
	}
	while (inflight) {
		got = eng->reap(e, c, 1, qd * n);
		if (got <= 0) {
			ret = wb_engine_failed(r, eng, got);
			break; /* the engine lost track; nothing more will complete */
		}
		now = wb_clock_ticks();
		for (i = 0; i < (unsigned)got; i++) {
			uint64_t idx = c[i].user_data;
			int cret;

			if (idx >= (uint64_t)qd * n || !pending[idx / n]) {
				wb_set_status(r, WB_STATUS_ERROR, EPROTO, "engine returned an unknown completion");
				wb_result_set_site(r, "completion", -1, (int64_t)r->ops, NULL);
				ret = -EPROTO;
				continue;
			}
			cret = wb_check_completion(r, &ops[idx], c[i].res);
			ret = ret ? ret : cret;
			s = (unsigned)(idx / n);
			if (--pending[s])
				continue;
			if (!ret) {
				wb_hist_record(r->hist, wb_clock_ns(now - slot_start[s]));
				r->ops++;
				last = now;
			}
			inflight--;
			if (ret || now >= deadline)
				continue; /* drain: let the others finish */
			slot_start[s] = now;
			if (seg)
				place_flush(&ops[s * n], n, wb_segment_advance(seg, region), t->size);
			ret = wb_submit_all(r, eng, e, &ops[s * n], n);
			if (!ret) {
				pending[s] = n;
				inflight++;
			}
		}
	}
	r->elapsed_ns = wb_clock_ns(last - start);
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
	const char *call = "open";

	if (fd < 0)
		ret = -errno;
	else if (fsync(fd))
		ret = -errno, call = "fsync";
	/* close(2) can carry a deferred write-back error too: never ignored. */
	if (fd >= 0 && close(fd) && !ret)
		ret = -errno, call = "close";
	if (ret) {
		r->durability_failure = fd >= 0;
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s after the test: %s", call, strerror(-ret));
		wb_result_set_site(r, call, -1, (int64_t)r->ops, path);
	}
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
	struct wb_job_figures fig;  /* in: where its append stream stands; out: this trial's share */
	uint64_t began_ns, ended_ns; /* its first flush's start and last flush's end (wb_now_ns) */
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

/* The job's share of the trial. The segment counts its own switches and wraps,
 * so a wrap at queue depth N is counted as a switch is at depth 1. A segment
 * this trial made is gone by now (wb_segment_finish): the next trial goes on at
 * the same offset in the job's own file, zero-filled and synced as a new
 * segment is, so a run never holds more than one extra segment per job. */
static void account_job(struct job *j, const struct wb_segment *seg)
{
	struct wb_result *r = &j->r;

	j->fig.ops = r->ops;
	if (seg) {
		j->fig.switches = seg->switches;
		j->fig.segment_pos = seg->pos;
		r->fallocate_err = seg->fallocate_err;
	}
	r->switches = j->fig.switches;
}

static void run_job(struct job *j)
{
	struct wb_result *r = &j->r;
	const struct wb_engine_ops *eng = wb_engine_get(r->test.engine);
	struct wb_segment segment, *seg = NULL;
	struct wb_engine_config cfg;
	struct wb_engine *e = NULL;
	const char *call = "";
	int ret, fd;

	if (r->test.pattern == WB_PATTERN_APPEND) {
		seg = &segment;
		wb_segment_init(seg, j->path, r->test.segment_size, r->test.segment_mode,
				j->fig.segment_pos);
	}
	wb_engine_config_for(&r->test, j->buf, &cfg);
	ret = eng->init(&e, &cfg);
	if (j->gate && !gate_wait(j->gate)) {
		wb_set_status(r, WB_STATUS_ERROR, EAGAIN, "not started: another job could not be created");
		goto out;
	}
	if (ret) {
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s engine init: %s", eng->name, strerror(-ret));
		return;
	}
	if (seg && (ret = wb_segment_begin(seg, &call))) {
		(void)segment_failed(r, "first segment", call, ret);
		goto out;
	}
	if (r->test.fd_mode == WB_FD_KEEP &&
	    open_target(r, eng, e, seg ? wb_segment_path(seg) : j->path))
		goto out;
	if (r->test.queue_depth > 1)
		(void)timed_loop_qd(r, eng, e, j->buf, seg);
	else if ((fd = wb_syscall_loop_fd(r, eng, e, seg)) >= 0)
		(void)wb_syscall_loop(r, fd, j->buf);
	else
		(void)timed_loop(r, eng, e, j->path, j->buf, seg);
	/* The loops return as their last flush ends. */
	j->ended_ns = wb_now_ns();
	j->began_ns = j->ended_ns - r->elapsed_ns;
	if (r->test.fd_mode == WB_FD_KEEP)
		(void)close_target(r, eng, e);
	if (r->status == WB_STATUS_OK)
		(void)settle(r, seg ? wb_segment_path(seg) : j->path);
out:
	/* The loops know the op that failed; only here is known on which file. */
	if (wb_result_failed(r))
		wb_result_set_site(r, "", -1, -1, seg ? wb_segment_path(seg) : j->path);
	if (seg && (ret = wb_segment_finish(seg)) && r->status == WB_STATUS_OK) {
		wb_set_status(r, WB_STATUS_ERROR, -ret, "removing a segment: %s", strerror(-ret));
		wb_result_set_site(r, "unlink", -1, -1, NULL);
	}
	eng->destroy(e);
	account_job(j, seg);
}

static void *job_thread(void *arg)
{
	run_job(arg);
	return NULL;
}

/* The time the jobs' flushes took together: from the first one's start to the
 * last one's end. Not the slowest job's own time: where the jobs cannot all run
 * at once (more jobs than CPUs on a device that costs no wait), their times
 * overlap only in part, and all flushes over one job's time would add rates
 * that were never reached together. */
static uint64_t jobs_span(const struct job *jobs, unsigned n)
{
	uint64_t first = UINT64_MAX, last = 0;
	unsigned i;

	for (i = 0; i < n; i++) {
		if (!jobs[i].r.ops)
			continue;
		if (jobs[i].began_ns < first)
			first = jobs[i].began_ns;
		if (jobs[i].ended_ns > last)
			last = jobs[i].ended_ns;
	}
	return last > first ? last - first : 0;
}

static int run_jobs(struct wb_result *r, const char *const *paths, const void *buf)
{
	unsigned n = r->test.jobs ? r->test.jobs : 1, i, created;
	struct job *jobs = calloc(n, sizeof(*jobs));
	struct start_gate gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, false };
	int ret = 0;

	if (!jobs || wb_result_reserve_jobs(r, n)) {
		free(jobs);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		jobs[i].fig.segment_pos = r->per_job[i].segment_pos;
		wb_result_init(&jobs[i].r, &r->test);
		jobs[i].r.status = WB_STATUS_OK; /* running: its loops judge against OK */
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
	for (i = 0; i < n; i++) {
		r->per_job[i] = jobs[i].fig;
		wb_result_merge(r, &jobs[i].r, false);
	}
	r->elapsed_ns = jobs_span(jobs, n);
	if (n == 1) { /* jobs' settled parts do not line up in time: kept for one only */
		r->settled_ns = jobs[0].r.settled_ns;
		r->settled_ops = jobs[0].r.settled_ops;
	}
out:
	for (i = 0; i < n; i++)
		wb_result_release(&jobs[i].r);
	free(jobs);
	return ret;
}

int wb_runner_run(struct wb_result *r, const char *const *paths, const void *buf)
{
	return run_jobs(r, paths, buf);
}
