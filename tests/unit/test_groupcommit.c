/* test_groupcommit.c — group commit's ordering promise, checked with an engine
 * that records every operation instead of doing I/O: a record is acknowledged
 * only after a successful sync that covers its whole extent, a failed sync
 * acknowledges nothing more, and writes never straddle the end of the file. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "measure/groupcommit.h"

/* What the recording engine saw, shared by all committer threads. */
static struct {
	pthread_mutex_t lock;
	uint64_t written_upto;   /* stream bytes written contiguously so far */
	uint64_t durable_upto;   /* written_upto at the last successful sync */
	uint64_t file_size;
	unsigned syncs;
	unsigned fail_sync_at;   /* the Nth sync fails with EIO; 0 = never */
	unsigned out_of_order;   /* writes not continuing the stream */
	unsigned straddles;      /* writes crossing the end of the file */
	unsigned acks, bad_acks; /* acknowledgements, and those not covered by a sync */
	uint64_t stream_base;    /* stream position of file offset 0 in this lap */
} rec = { .lock = PTHREAD_MUTEX_INITIALIZER };

struct wb_engine {
	struct wb_completion done[512];
	unsigned ndone;
};

static int rec_init(struct wb_engine **out, const struct wb_engine_config *cfg)
{
	(void)cfg;
	*out = calloc(1, sizeof(**out));
	return *out ? 0 : -ENOMEM;
}

static int rec_open(struct wb_engine *e, const char *path, int flags)
{
	(void)e, (void)path, (void)flags;
	return 0;
}

static int64_t rec_one(const struct wb_op *op)
{
	uint64_t pos;

	if (op->kind != WB_OP_WRITE) {
		if (++rec.syncs == rec.fail_sync_at)
			return -EIO;
		rec.durable_upto = rec.written_upto;
		return 0;
	}
	if (op->offset + op->len > rec.file_size)
		rec.straddles++;
	/* Map the file offset back to the stream: the same lap, or the next one. */
	pos = rec.stream_base + op->offset;
	if (pos < rec.written_upto) {
		rec.stream_base += rec.file_size;
		pos += rec.file_size;
	}
	if (pos != rec.written_upto)
		rec.out_of_order++;
	rec.written_upto = pos + op->len;
	return op->len;
}

static int rec_submit(struct wb_engine *e, const struct wb_op *ops, unsigned n)
{
	bool cancel = false;
	unsigned i;

	pthread_mutex_lock(&rec.lock);
	for (i = 0; i < n; i++) {
		struct wb_completion *c = &e->done[e->ndone++];

		c->user_data = ops[i].user_data;
		c->res = cancel ? -ECANCELED : rec_one(&ops[i]);
		cancel = (ops[i].flags & WB_OPF_LINK) && (cancel || c->res < 0);
	}
	pthread_mutex_unlock(&rec.lock);
	return (int)n;
}

static int rec_reap(struct wb_engine *e, struct wb_completion *out, unsigned min, unsigned max)
{
	unsigned n = e->ndone < max ? e->ndone : max;

	if (n < min)
		return -EAGAIN;
	memcpy(out, e->done, n * sizeof(*out));
	memmove(e->done, e->done + n, (e->ndone - n) * sizeof(*out));
	e->ndone -= n;
	return (int)n;
}

static int rec_close(struct wb_engine *e)
{
	(void)e;
	return 0;
}

static void rec_destroy(struct wb_engine *e)
{
	free(e);
}

static const struct wb_engine_ops rec_engine = {
	.name = "record", .summary = "records operations, does no I/O",
	.caps = WB_CAP_SYNC_COMPLETION,
	.init = rec_init, .open = rec_open, .submit = rec_submit, .reap = rec_reap,
	.close = rec_close, .destroy = rec_destroy,
};

static void on_ack(void *ctx, uint64_t start, uint64_t end)
{
	(void)ctx;
	pthread_mutex_lock(&rec.lock);
	rec.acks++;
	if (end > rec.durable_upto || start >= end)
		rec.bad_acks++;
	pthread_mutex_unlock(&rec.lock);
}

static const struct wb_gc_observer observer = { .acked = on_ack };

static void run(struct wb_result *r, unsigned committers, uint32_t size, uint64_t file_size,
		unsigned fail_sync_at)
{
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

	memset(&rec, 0, sizeof(rec));
	rec.lock = lock;
	rec.file_size = file_size;
	rec.fail_sync_at = fail_sync_at;
	memset(r, 0, sizeof(*r));
	r->test = (struct wb_test){
		.method = WB_METHOD_FDATASYNC, .engine = WB_ENGINE_SYNC, .size = size,
		.writes_per_op = 1, .queue_depth = 1, .jobs = 1, .committers = committers,
		.pattern = WB_PATTERN_GROUPCOMMIT, .duration_ns = 200000000ull,
	};
	r->hist = malloc(sizeof(*r->hist));
	assert_non_null(r->hist);
	wb_hist_init(r->hist);
	assert_int_equal(wb_groupcommit_run(r, &rec_engine, "unused", file_size, &observer), 0);
}

static void test_acks_follow_covering_sync(void **state)
{
	struct wb_result r;

	(void)state;
	run(&r, 8, 512, 1ull << 40, 0);
	assert_int_equal(r.status, WB_STATUS_OK);
	assert_true(r.ops > 0);
	assert_int_equal(r.ops, rec.acks);
	assert_int_equal(r.hist->count, r.ops);
	assert_int_equal(rec.bad_acks, 0);
	assert_int_equal(rec.out_of_order, 0);
	assert_true(r.flushes > 0 && r.flushes <= r.ops);
	assert_int_equal(r.flushes, rec.syncs);
	/* Everything acknowledged was written: commits x size bytes at least. */
	assert_true(rec.durable_upto >= r.ops * 512);
	free(r.hist);
}

static void test_failed_sync_acknowledges_nothing_more(void **state)
{
	struct wb_result r;

	(void)state;
	run(&r, 8, 512, 1ull << 40, 5);
	assert_int_equal(r.status, WB_STATUS_ERROR);
	assert_int_equal(r.error, EIO);
	assert_true(r.durability_failure);
	assert_non_null(strstr(r.reason, "fdatasync"));
	assert_int_equal(rec.bad_acks, 0);
	assert_int_equal(r.flushes, 4);
	free(r.hist);
}

static void test_wraps_without_straddling(void **state)
{
	struct wb_result r;

	(void)state;
	run(&r, 4, 512, 4096, 0);
	assert_int_equal(r.status, WB_STATUS_OK);
	assert_true(rec.written_upto > 4 * 4096); /* went round the file several times */
	assert_int_equal(rec.straddles, 0);
	assert_int_equal(rec.out_of_order, 0);
	assert_int_equal(rec.bad_acks, 0);
	free(r.hist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_acks_follow_covering_sync),
		cmocka_unit_test(test_failed_sync_acknowledges_nothing_more),
		cmocka_unit_test(test_wraps_without_straddling),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
