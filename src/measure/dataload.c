/* dataload.c — the checkpoint-like data load: one thread writing random pages
 * at a pace through its own `sync` engine (PostgreSQL writes data pages through
 * the page cache), starting writeback as checkpoint_flush_after does, and
 * fsyncing as a checkpoint's sync phase does. Every I/O result is checked; the
 * first failure stops the load and is kept, a failed fsync as a durability
 * failure.
 * Trap: sync_file_range(SYNC_FILE_RANGE_WRITE) alone would return at once on a
 * throttled device (the throttle queues the bios, not the caller), so the load
 * would "achieve" any pace while its I/O piled up; waiting for the previous
 * writeback first (SYNC_FILE_RANGE_WAIT_BEFORE) keeps at most one batch in
 * flight, so a device that cannot keep up slows the load down, visibly. */
#include "measure/dataload.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engines/engine.h"
#include "measure/clock.h"
#include "measure/fill.h"
#include "measure/testfile.h"

/* A checkpoint's sync phase, spread: one fsync per second of load. */
#define LOAD_FSYNC_EVERY_NS 1000000000ull
/* How far behind its pace the load may fall and still catch up by writing
 * without pauses (as a checkpointer behind schedule does); beyond it the pace
 * restarts from now, so one stall does not become a burst that is not the load
 * asked for. */
#define LOAD_MAX_DEBT_NS 100000000ull
/* Writeback starts after WB_LOAD_FLUSH_AFTER writes or this long, whichever
 * comes first. At a few dozen writes a second, 32 writes take most of a
 * second: a trial of a second would see zero or one burst, and its rate would
 * say more about which than about the load. The server smooths it too: the
 * background writer wakes every bgwriter_delay (200 ms) with its own
 * bgwriter_flush_after. */
#define LOAD_WRITEBACK_EVERY_NS 100000000ull
/* The longest sleep between checks for the stop request. */
#define LOAD_NAP_NS 5000000ull

struct wb_load {
	char path[PATH_MAX];
	const struct wb_engine_ops *eng;
	struct wb_engine *e;
	int range_fd;              /* read-only descriptor for sync_file_range */
	void *buf;                 /* one page, its first 8 bytes a counter */
	uint64_t pages;
	uint64_t rng;
	double per_s;              /* the pace; 0 = as fast as it goes */
	struct wb_load_result *fig;
	pthread_t thread;
	bool opened;               /* the engine has the file open */
	bool running;
	uint64_t started_ns;       /* when the running thread started */
	atomic_bool stop;
	/* The thread's own counts, added to fig by wb_load_stop. */
	uint64_t writes, writebacks, fsyncs, fsync_total_ns, fsync_max_ns;
	uint64_t since_writeback, since_writeback_ns, since_fsync_ns;
	int err;                   /* first failure, -errno */
	char why[160];
};

static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

const char *wb_load_path(const struct wb_load *l)
{
	return l->path;
}

/* Keeps the first failure; the thread stops on it. */
static int failed(struct wb_load *l, int err, const char *call, int64_t offset)
{
	if (!l->err) {
		l->err = err;
		if (offset >= 0)
			snprintf(l->why, sizeof(l->why), "%s at offset %lld: %s", call,
				 (long long)offset, strerror(-err));
		else
			snprintf(l->why, sizeof(l->why), "%s: %s", call, strerror(-err));
		if (strcmp(call, "fsync") == 0 || strncmp(call, "sync_file_range", 15) == 0)
			l->fig->durability_failure = true;
	}
	return err;
}

static int write_page(struct wb_load *l)
{
	uint64_t off = (next_random(&l->rng) % l->pages) * WB_LOAD_PAGE;
	struct wb_op op = { .kind = WB_OP_WRITE, .buf = l->buf, .len = WB_LOAD_PAGE,
			    .offset = off, .user_data = l->writes };
	struct wb_completion c = { 0 };
	int ret;

	/* A new page image each time: a deduplicating device must still write it. */
	memcpy(l->buf, &l->writes, sizeof(l->writes));
	ret = l->eng->run(l->e, &op, 1, &c);
	if (ret)
		return failed(l, ret, "write", (int64_t)off);
	if (c.res != WB_LOAD_PAGE)
		return failed(l, c.res < 0 ? (int)c.res : -EIO, "write", (int64_t)off);
	l->writes++;
	return 0;
}

/* Starts writeback of what the load dirtied, after the previous batch is on the
 * device (see the trap above); wait_after also waits for this batch. */
static int writeback(struct wb_load *l, bool wait_after)
{
	unsigned flags = SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE;

	if (wait_after)
		flags |= SYNC_FILE_RANGE_WAIT_AFTER;
	if (sync_file_range(l->range_fd, 0, 0, flags))
		return failed(l, -errno, "sync_file_range", -1);
	l->writebacks++;
	l->since_writeback = 0;
	l->since_writeback_ns = 0;
	return 0;
}

static int sync_file(struct wb_load *l)
{
	struct wb_op op = { .kind = WB_OP_FSYNC, .user_data = 0 };
	struct wb_completion c = { 0 };
	uint64_t t0 = wb_now_ns(), ns;
	int ret = l->eng->run(l->e, &op, 1, &c);

	if (ret)
		return failed(l, ret, "fsync", -1);
	if (c.res < 0)
		return failed(l, (int)c.res, "fsync", -1);
	ns = wb_now_ns() - t0;
	l->fsyncs++;
	l->fsync_total_ns += ns;
	if (ns > l->fsync_max_ns)
		l->fsync_max_ns = ns;
	l->since_fsync_ns = 0;
	return 0;
}

static void nap(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ull),
			       .tv_nsec = (long)(ns % 1000000000ull) };

	(void)nanosleep(&ts, NULL);
}

static void *load_main(void *arg)
{
	struct wb_load *l = arg;
	uint64_t period = l->per_s > 0 ? (uint64_t)(1e9 / l->per_s) : 0;
	uint64_t next = wb_now_ns(), last = next, now;

	while (!atomic_load_explicit(&l->stop, memory_order_relaxed)) {
		now = wb_now_ns();
		l->since_fsync_ns += now - last;
		l->since_writeback_ns += now - last;
		last = now;
		if (period && now < next) {
			nap(next - now < LOAD_NAP_NS ? next - now : LOAD_NAP_NS);
			continue;
		}
		if (now > next + LOAD_MAX_DEBT_NS)
			next = now;
		if (write_page(l))
			break;
		next += period;
		if ((++l->since_writeback == WB_LOAD_FLUSH_AFTER ||
		     l->since_writeback_ns >= LOAD_WRITEBACK_EVERY_NS) && writeback(l, false))
			break;
		if (l->since_fsync_ns >= LOAD_FSYNC_EVERY_NS && sync_file(l))
			break;
	}
	return NULL;
}

/* Adds the thread's counts to the figures and clears them. */
static void add_up(struct wb_load *l)
{
	struct wb_load_result *f = l->fig;

	f->writes += l->writes;
	f->writebacks += l->writebacks;
	f->fsyncs += l->fsyncs;
	f->fsync_total_ns += l->fsync_total_ns;
	if (l->fsync_max_ns > f->fsync_max_ns)
		f->fsync_max_ns = l->fsync_max_ns;
	l->writes = l->writebacks = l->fsyncs = l->fsync_total_ns = l->fsync_max_ns = 0;
	if (l->err && !f->failed) {
		f->failed = true;
		f->error = -l->err;
		snprintf(f->reason, sizeof(f->reason), "the data load's %s on %.200s", l->why,
			 l->path);
	}
}

int wb_load_open(struct wb_load **out, const char *dir, const struct wb_load_spec *spec,
		 uint64_t seed, struct wb_load_result *fig)
{
	struct wb_engine_config cfg = { .queue_depth = 1, .buf_len = WB_LOAD_PAGE };
	struct wb_load *l = calloc(1, sizeof(*l));
	const char *why = NULL, *call = "create";
	uint64_t at = UINT64_MAX;
	int fd, ret;

	*out = NULL;
	fig->used = true;
	fig->file_size = spec->file_size;
	fig->requested_per_s = spec->per_s;
	fig->requested_pct = spec->per_s > 0 ? 0 : spec->pct;
	fig->target_per_s = spec->per_s;
	if (!l || posix_memalign(&l->buf, WB_BUF_ALIGN, WB_LOAD_PAGE)) {
		free(l);
		snprintf(fig->reason, sizeof(fig->reason), "out of memory for the data load");
		return -ENOMEM;
	}
	l->range_fd = -1;
	l->fig = fig;
	l->per_s = spec->per_s;
	l->rng = seed ^ 0x5eedda7aull;
	l->pages = spec->file_size / WB_LOAD_PAGE;
	l->eng = wb_engine_get(WB_ENGINE_SYNC);
	wb_fill_random(l->buf, WB_LOAD_PAGE, seed);
	fd = wb_testfile_create(dir, l->path, sizeof(l->path), &why);
	if (fd < 0) {
		ret = fd;
		l->path[0] = '\0';
		goto out_fail;
	}
	ret = wb_testfile_fill(fd, spec->file_size, false, &call, &at);
	if (close(fd) && !ret) {
		ret = -errno;
		call = "close";
	}
	if (ret)
		goto out_fail;
	call = "open";
	l->range_fd = open(l->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (l->range_fd < 0) {
		ret = -errno;
		goto out_fail;
	}
	cfg.buf = l->buf;
	ret = l->eng->init(&l->e, &cfg);
	if (!ret)
		ret = l->eng->open(l->e, l->path, 0);
	if (ret)
		goto out_fail;
	l->opened = true;
	*out = l;
	return 0;
out_fail:
	fig->failed = true;
	fig->error = -ret;
	fig->durability_failure = strcmp(call, "fsync") == 0 || strcmp(call, "close") == 0;
	snprintf(fig->reason, sizeof(fig->reason), "preparing the data load's file %.200s: %s%s%s: %s",
		 l->path[0] ? l->path : dir, call, why ? " " : "", why ? why : "", strerror(-ret));
	(void)wb_load_close(l);
	return ret;
}

int wb_load_measure_capacity(struct wb_load *l, uint64_t ns)
{
	uint64_t t0 = wb_now_ns(), n0 = l->writes, elapsed;
	unsigned i;
	int ret = 0;

	while (!ret && wb_now_ns() - t0 < ns) {
		for (i = 0; i < WB_LOAD_FLUSH_AFTER && !ret; i++)
			ret = write_page(l);
		if (!ret)
			ret = writeback(l, true);
	}
	if (!ret)
		ret = sync_file(l);
	elapsed = wb_now_ns() - t0;
	if (!ret && elapsed > 0) {
		l->fig->capacity_per_s = (double)(l->writes - n0) * 1e9 / (double)elapsed;
		if (l->fig->requested_pct > 0) {
			l->per_s = l->fig->capacity_per_s * l->fig->requested_pct / 100.0;
			l->fig->target_per_s = l->per_s;
		}
	}
	/* Capacity writes are not the load's: only its figures during tests count. */
	l->writes = n0;
	l->writebacks = l->fsyncs = l->fsync_total_ns = l->fsync_max_ns = 0;
	if (ret)
		add_up(l);
	return ret;
}

int wb_load_start(struct wb_load *l)
{
	int ret;

	if (l->err)
		return l->err;
	atomic_store(&l->stop, false);
	l->started_ns = wb_now_ns();
	ret = pthread_create(&l->thread, NULL, load_main, l);
	if (ret)
		return -ret;
	l->running = true;
	return 0;
}

int wb_load_stop(struct wb_load *l)
{
	if (!l->running)
		return l->err;
	atomic_store(&l->stop, true);
	l->fig->active_ns += wb_now_ns() - l->started_ns;
	(void)pthread_join(l->thread, NULL);
	l->running = false;
	/* Nothing of the load is left to write when the next trial starts: an
	 * unloaded trial must see an idle volume, and a throttled device's budget
	 * must not carry one trial's debt into the next. */
	if (!l->err)
		(void)sync_file(l);
	add_up(l);
	return l->err;
}

int wb_load_close(struct wb_load *l)
{
	int ret = 0, gone;

	if (!l)
		return 0;
	if (l->running)
		(void)wb_load_stop(l);
	if (l->e) {
		/* What the last trial left dirty is made durable; close can report a
		 * deferred write error too: either is the load's data lost. */
		if (l->opened && !l->err)
			(void)sync_file(l);
		ret = l->opened ? l->eng->close(l->e) : 0;
		if (ret) {
			(void)failed(l, ret, "close", -1);
			l->fig->durability_failure = true;
		}
		l->eng->destroy(l->e);
		ret = l->err;
		if (l->opened)
			add_up(l);
	}
	if (l->range_fd >= 0)
		(void)close(l->range_fd);
	if (l->path[0]) {
		gone = wb_testfile_remove(l->path);
		if (gone && !ret)
			ret = gone;
	}
	free(l->buf);
	free(l);
	return ret;
}
