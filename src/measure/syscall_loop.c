/* syscall_loop.c — the cheapest queue-depth-1 loop (syscall_loop.h).
 * Trap: everything inside the loop is paid on every op. The flush shapes that
 * pg_test_fsync and `compat` time (one write, or one write and a sync) are
 * compiled separately with their calls fixed, so no op is decoded at run time;
 * the histogram's min and max live in locals, its count and sum are worked out
 * afterwards (struct tally), and r is brought up to date once, at the end or
 * before a failure is recorded. */
#include "measure/syscall_loop.h"

#include <stdint.h>

#include "engines/sync_op.h"
#include "measure/clock.h"
#include "measure/flush.h"

int wb_syscall_loop_fd(const struct wb_result *r, const struct wb_engine_ops *eng,
		       const struct wb_engine *e, const struct wb_segment *seg)
{
	if (seg || !eng->fd || r->test.fd_mode != WB_FD_KEEP || r->test.queue_depth > 1)
		return -1;
	return eng->fd(e);
}

/* The shapes compiled on their own; GENERIC decodes each op. */
enum shape {
	SHAPE_GENERIC,
	SHAPE_WRITE,            /* one write: open_datasync, open_sync, none */
	SHAPE_DSYNC_WRITE,      /* one pwritev2(RWF_DSYNC) */
	SHAPE_WRITE_FDATASYNC,  /* a write, then fdatasync */
	SHAPE_WRITE_FSYNC,      /* a write, then fsync */
};

static enum shape shape_of(const struct wb_op *ops, unsigned n)
{
	unsigned dsync = ops[0].flags & WB_OPF_DSYNC;

	if (ops[0].kind != WB_OP_WRITE || n > 2)
		return SHAPE_GENERIC;
	if (n == 1)
		return dsync ? SHAPE_DSYNC_WRITE : SHAPE_WRITE;
	if (dsync || !(ops[0].flags & WB_OPF_LINK))
		return SHAPE_GENERIC;
	if (ops[1].kind == WB_OP_FDATASYNC)
		return SHAPE_WRITE_FDATASYNC;
	return ops[1].kind == WB_OP_FSYNC ? SHAPE_WRITE_FSYNC : SHAPE_GENERIC;
}

/* ops[i] as the shape says it is: its kind and flags become constants the
 * compiler folds, so neither the call nor its check decodes anything. */
static inline __attribute__((always_inline)) struct wb_op
shaped(const struct wb_op *ops, unsigned i, enum shape shape)
{
	struct wb_op op = ops[i];

	switch (shape) {
	case SHAPE_GENERIC:
		break;
	case SHAPE_WRITE:
	case SHAPE_DSYNC_WRITE:
	case SHAPE_WRITE_FDATASYNC:
	case SHAPE_WRITE_FSYNC:
		op.kind = i == 0 ? WB_OP_WRITE
			: shape == SHAPE_WRITE_FSYNC ? WB_OP_FSYNC : WB_OP_FDATASYNC;
		op.flags = (shape == SHAPE_DSYNC_WRITE ? WB_OPF_DSYNC : 0) |
			   (i == 0 && (shape == SHAPE_WRITE_FDATASYNC || shape == SHAPE_WRITE_FSYNC) ?
				WB_OPF_LINK : 0);
		break;
	}
	return op;
}

static inline __attribute__((always_inline)) unsigned ops_in(enum shape shape, unsigned n)
{
	switch (shape) {
	case SHAPE_WRITE:
	case SHAPE_DSYNC_WRITE:
		return 1;
	case SHAPE_WRITE_FDATASYNC:
	case SHAPE_WRITE_FSYNC:
		return 2;
	case SHAPE_GENERIC:
		break;
	}
	return n;
}

/* What the loop keeps out of memory while it runs. The count and the sum need
 * no register at all: every flush timed landed in a bucket, and with chained
 * timestamps the latencies add up to the time from the first to the last. */
struct tally {
	uint64_t ops0;          /* r->ops when the loop began */
	uint64_t start, prev;   /* ticks: the loop's start, the last flush's end */
	uint64_t min_ns, max_ns;
};

/* Brings r up to date: r->ops and r->hist as wb_hist_record would have left
 * them, and r->elapsed_ns. count_at_start and sum_at_start are the histogram's
 * count and sum when the loop began. */
static void tally_store(struct wb_result *r, const struct tally *t, const struct wb_clock *clock,
			uint64_t count_at_start, uint64_t sum_at_start)
{
	uint64_t count = 0, elapsed = wb_clock_to_ns(clock, t->prev - t->start);
	unsigned b;

	for (b = 0; b < WB_HIST_BUCKETS; b++)
		count += r->hist->buckets[b];
	r->ops = t->ops0 + (count - count_at_start);
	r->hist->count = count;
	r->hist->sum_ns = sum_at_start + elapsed;
	r->hist->min_ns = t->min_ns;
	r->hist->max_ns = t->max_ns;
	r->elapsed_ns = elapsed;
}

static inline __attribute__((always_inline)) int
loop(struct wb_result *r, int fd, const struct wb_op *ops, unsigned n, enum shape shape,
     enum wb_clock_source src)
{
	uint64_t *buckets = r->hist->buckets, now, lat, deadline;
	const uint64_t count0 = r->hist->count, sum0 = r->hist->sum_ns;
	const struct wb_clock clock = wb_clock; /* not reloaded after every call */
	unsigned i, nops = ops_in(shape, n);
	struct tally t = { .ops0 = r->ops, .min_ns = r->hist->min_ns, .max_ns = r->hist->max_ns };
	int ret = 0;

	t.start = t.prev = wb_clock_read(src);
	deadline = wb_clock_deadline(t.start, r->test.duration_ns);
	for (;;) {
		for (i = 0; i < nops; i++) {
			const struct wb_op op = shaped(ops, i, shape);
			int64_t res = wb_sync_op(fd, &op);
			int oret;

			if (__builtin_expect(wb_op_succeeded(&op, res), 1))
				continue;
			/* the failure's site names the op count */
			tally_store(r, &t, &clock, count0, sum0);
			/* ops[i], not op: op must not escape, or it lives in memory */
			oret = wb_check_completion(r, &ops[i], res);
			ret = ret ? ret : oret;
			if (op.flags & WB_OPF_LINK)
				break; /* the rest of the flush would have been cancelled */
		}
		if (ret)
			break;
		now = wb_clock_read(src);
		lat = wb_clock_to_ns(&clock, now - t.prev);
		buckets[wb_hist_index(lat)]++;
		t.min_ns = lat < t.min_ns ? lat : t.min_ns;
		t.max_ns = lat > t.max_ns ? lat : t.max_ns;
		if (__builtin_expect(lat >= WB_WAIT_RECORD_NS, 0))
			wb_result_add_wait(r, wb_clock_to_ns(&clock, now), lat);
		t.prev = now;
		if (now >= deadline)
			break;
	}
	tally_store(r, &t, &clock, count0, sum0);
	return ret;
}

/* One shape's loop, compiled for each clock source. */
#define LOOP_FOR_CLOCK(shape)                                                        \
	(wb_clock.source == WB_CLOCK_TSC ? loop(r, fd, ops, n, shape, WB_CLOCK_TSC)   \
					 : loop(r, fd, ops, n, shape, WB_CLOCK_MONOTONIC))

int wb_syscall_loop(struct wb_result *r, int fd, const void *buf)
{
	struct wb_op ops[WB_MAX_BATCH];
	unsigned n = wb_build_flush(&r->test, buf, 0, 0, ops);

	switch (shape_of(ops, n)) {
	case SHAPE_WRITE:
		return LOOP_FOR_CLOCK(SHAPE_WRITE);
	case SHAPE_DSYNC_WRITE:
		return LOOP_FOR_CLOCK(SHAPE_DSYNC_WRITE);
	case SHAPE_WRITE_FDATASYNC:
		return LOOP_FOR_CLOCK(SHAPE_WRITE_FDATASYNC);
	case SHAPE_WRITE_FSYNC:
		return LOOP_FOR_CLOCK(SHAPE_WRITE_FSYNC);
	case SHAPE_GENERIC:
		break;
	}
	return LOOP_FOR_CLOCK(SHAPE_GENERIC);
}
