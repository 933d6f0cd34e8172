/* plan.c — the compat test list and the run matrix. */
#include "plan/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XLOG_BLCKSZ 8192 /* PostgreSQL's default WAL page size, what pg_test_fsync writes */

static struct wb_test make_test(enum wb_method_id m, enum wb_engine_id e, uint32_t size,
				uint32_t writes, uint64_t duration_ns, unsigned group)
{
	return (struct wb_test){
		.method = m, .engine = e, .size = size, .writes_per_op = writes,
		.queue_depth = 1, .jobs = 1, .committers = 1, .pattern = WB_PATTERN_OVERWRITE,
		.fd_mode = WB_FD_KEEP, .duration_ns = duration_ns, .group = group,
	};
}

/* The five methods in pg_test_fsync's order, with the engine it effectively uses. */
static const struct {
	enum wb_method_id method;
	enum wb_engine_id engine;
} compat_methods[] = {
	{ WB_METHOD_OPEN_DATASYNC, WB_ENGINE_DIRECT },
	{ WB_METHOD_FDATASYNC, WB_ENGINE_SYNC },
	{ WB_METHOD_FSYNC, WB_ENGINE_SYNC },
	{ WB_METHOD_FSYNC_WRITETHROUGH, WB_ENGINE_SYNC },
	{ WB_METHOD_OPEN_SYNC, WB_ENGINE_DIRECT },
};

struct wb_test *wb_plan_compat(uint64_t duration_ns, size_t *n)
{
	static const unsigned open_sync_kb[] = { 16, 8, 4, 2, 1 };
	struct wb_test *t = calloc(5 + 5 + 5 + 2 + 1, sizeof(*t));
	unsigned writes, i;
	size_t k = 0;

	if (!t)
		return NULL;
	for (writes = 1; writes <= 2; writes++) {
		for (i = 0; i < sizeof(compat_methods) / sizeof(compat_methods[0]); i++) {
			t[k] = make_test(compat_methods[i].method, compat_methods[i].engine,
					 XLOG_BLCKSZ, writes, duration_ns,
					 writes == 1 ? WB_COMPAT_ONE_WRITE : WB_COMPAT_TWO_WRITES);
			snprintf(t[k].label, sizeof(t[k].label), "%s",
				 wb_method_get(compat_methods[i].method)->name);
			k++;
		}
	}
	for (i = 0; i < sizeof(open_sync_kb) / sizeof(open_sync_kb[0]); i++) {
		unsigned count = 16 / open_sync_kb[i];

		t[k] = make_test(WB_METHOD_OPEN_SYNC, WB_ENGINE_DIRECT, open_sync_kb[i] * 1024, count,
				 duration_ns, WB_COMPAT_OPEN_SYNC);
		snprintf(t[k].label, sizeof(t[k].label), "%2u * %2ukB open_sync write%s", count,
			 open_sync_kb[i], count > 1 ? "s" : "");
		k++;
	}
	t[k] = make_test(WB_METHOD_FSYNC, WB_ENGINE_SYNC, XLOG_BLCKSZ, 1, duration_ns,
			 WB_COMPAT_FD_SYNC);
	t[k].fd_mode = WB_FD_SYNC_THEN_CLOSE;
	snprintf(t[k++].label, sizeof(t[0].label), "write, fsync, close");
	t[k] = make_test(WB_METHOD_FSYNC, WB_ENGINE_SYNC, XLOG_BLCKSZ, 1, duration_ns,
			 WB_COMPAT_FD_SYNC);
	t[k].fd_mode = WB_FD_CLOSE_THEN_SYNC;
	snprintf(t[k++].label, sizeof(t[0].label), "write, close, fsync");
	t[k] = make_test(WB_METHOD_NONE, WB_ENGINE_SYNC, XLOG_BLCKSZ, 1, duration_ns,
			 WB_COMPAT_NON_SYNC);
	snprintf(t[k++].label, sizeof(t[0].label), "write");
	*n = k;
	return t;
}

/* The concurrency axis of a run: queue depth x jobs, or committers. */
static size_t concurrency_count(const struct wb_config *cfg)
{
	if (cfg->pattern == WB_PATTERN_GROUPCOMMIT)
		return cfg->committers.n;
	return (size_t)cfg->qds.n * cfg->jobs.n;
}

static void set_concurrency(const struct wb_config *cfg, size_t k, struct wb_test *t)
{
	t->pattern = (enum wb_pattern)cfg->pattern;
	t->segment_size = cfg->segment_size;
	t->segment_mode = (enum wb_segment_mode)cfg->segment_mode;
	t->fd_mode = (enum wb_fd_mode)cfg->fd_mode;
	t->flush_form = (enum wb_flush_form)cfg->flush_form;
	t->wal_buffers = cfg->wal_buffers;
	t->queue_depth = 1;
	t->jobs = 1;
	t->committers = 1;
	if (cfg->pattern == WB_PATTERN_GROUPCOMMIT) {
		t->committers = (uint32_t)cfg->committers.v[k];
	} else {
		t->queue_depth = (uint32_t)cfg->qds.v[k / cfg->jobs.n];
		t->jobs = (uint32_t)cfg->jobs.v[k % cfg->jobs.n];
	}
	t->engine_flags = (cfg->fixed_buffers ? WB_ENGINE_FIXED_BUFFERS : 0) |
			  (cfg->fixed_files ? WB_ENGINE_FIXED_FILES : 0) |
			  (cfg->sqpoll ? WB_ENGINE_SQPOLL : 0);
}

/* Whether PostgreSQL opens WAL with O_DIRECT for method m. Up to 15 it did so
 * only for the open_* methods and only when WAL is not needed for archiving or
 * replication (wal_level=minimal); from 16 on, for every method but only with
 * debug_io_direct=wal (xlog.c, get_sync_bit). */
static bool pg_uses_direct(const struct wb_config *cfg, enum wb_method_id m)
{
	if (cfg->pg_version >= 16)
		return cfg->debug_io_direct;
	return (m == WB_METHOD_OPEN_DATASYNC || m == WB_METHOD_OPEN_SYNC) &&
	       cfg->wal_level == WB_WAL_MINIMAL;
}

/* The engines a method is measured with: as given, or (with --pg-version) the
 * way that server opens WAL, plus pg_test_fsync's always-O_DIRECT variant of the
 * open_* methods when that differs. Labels say which is which. */
static unsigned method_variants(const struct wb_config *cfg, enum wb_method_id m,
				enum wb_engine_id *engines, char (*labels)[48])
{
	unsigned n = 0, e;
	bool server_direct;

	if (!cfg->pg_version) {
		for (e = 0; e < WB_ENGINE_COUNT; e++) {
			if (cfg->engines & (1u << e)) {
				engines[n] = (enum wb_engine_id)e;
				labels[n++][0] = '\0';
			}
		}
		return n;
	}
	server_direct = pg_uses_direct(cfg, m);
	engines[n] = server_direct ? WB_ENGINE_DIRECT : WB_ENGINE_SYNC;
	snprintf(labels[n++], 48, "PostgreSQL %u", (unsigned)cfg->pg_version);
	if ((m == WB_METHOD_OPEN_DATASYNC || m == WB_METHOD_OPEN_SYNC) && !server_direct) {
		engines[n] = WB_ENGINE_DIRECT;
		snprintf(labels[n++], 48, "pg_test_fsync");
	}
	return n;
}

enum wb_method_id wb_plan_baseline(const struct wb_config *cfg)
{
	return cfg->baseline && cfg->baseline <= WB_METHOD_COUNT
		       ? (enum wb_method_id)(cfg->baseline - 1)
		       : WB_DEFAULT_METHOD;
}

struct wb_test *wb_plan_recommend(const struct wb_config *cfg, size_t *n)
{
	static const enum wb_method_id methods[] = {
		WB_METHOD_FDATASYNC, WB_METHOD_FSYNC, WB_METHOD_OPEN_DATASYNC, WB_METHOD_OPEN_SYNC,
	};
	/* Pages per bulk flush, without a server to say: 128 kB (a large
	 * transaction's commit) and 1 MiB (a bulk load filling wal_buffers
	 * between flushes). A commit is one page. */
	static const uint32_t guessed_bulk[] = { 16, 128 };
	const uint32_t *bulk = cfg->nbulk ? cfg->bulk_pages : guessed_bulk;
	unsigned nbulk = cfg->nbulk ? cfg->nbulk : 2;
	uint32_t writes[3];
	unsigned nw = 0, m, w;
	struct wb_test *t;
	size_t k = 0;

	if (cfg->workload != WB_WORKLOAD_BULK)
		writes[nw++] = cfg->commit_pages ? cfg->commit_pages : 1;
	if (cfg->workload != WB_WORKLOAD_OLTP)
		for (w = 0; w < nbulk && w < 2; w++)
			writes[nw++] = bulk[w];
	t = calloc((size_t)nw * (sizeof(methods) / sizeof(methods[0])), sizeof(*t));
	if (!t)
		return NULL;
	for (w = 0; w < nw; w++) {
		for (m = 0; m < sizeof(methods) / sizeof(methods[0]); m++) {
			t[k] = make_test(methods[m],
					 pg_uses_direct(cfg, methods[m]) ? WB_ENGINE_DIRECT
									 : WB_ENGINE_SYNC,
					 XLOG_BLCKSZ, writes[w], 0, 0);
			t[k].pattern = WB_PATTERN_APPEND;
			t[k].segment_size = 16u << 20;
			t[k].segment_mode = WB_SEGMENT_RECYCLE;
			t[k].flush_form = WB_FLUSH_COALESCED;
			t[k].wal_buffers = cfg->wal_buffers;
			snprintf(t[k].label, sizeof(t[k].label), "PostgreSQL %u",
				 (unsigned)cfg->pg_version);
			k++;
		}
	}
	*n = k;
	return t;
}

struct wb_test *wb_plan_placement(const struct wb_config *cfg, size_t *n)
{
	/* Where each row runs: the data directory idle, the data directory under
	 * the load, then each candidate with the load on the data directory. */
	size_t nsites = 1 + (size_t)cfg->wal_candidates.n, rows = nsites + 1, k = 0, w;
	struct wb_test *t = calloc(2 * rows, sizeof(*t));
	unsigned shape;

	if (!t)
		return NULL;
	for (shape = 0; shape < 2; shape++) {
		for (w = 0; w < rows; w++) {
			t[k] = make_test(wb_plan_baseline(cfg),
					 pg_uses_direct(cfg, wb_plan_baseline(cfg)) ? WB_ENGINE_DIRECT
										       : WB_ENGINE_SYNC,
					 XLOG_BLCKSZ, 1, 0, 0);
			t[k].pattern = shape ? WB_PATTERN_GROUPCOMMIT : WB_PATTERN_APPEND;
			t[k].committers = shape ? WB_PLACEMENT_COMMITTERS : 1;
			t[k].segment_size = 16u << 20;
			t[k].segment_mode = WB_SEGMENT_RECYCLE;
			t[k].flush_form = WB_FLUSH_COALESCED;
			t[k].wal_buffers = cfg->wal_buffers;
			t[k].site = w == 0 ? 0 : (unsigned)(w - 1);
			t[k].data_load = w > 0;
			/* site 0 is pg_wal's own volume when it has one (--waldir) */
			if (w == 0)
				snprintf(t[k].label, sizeof(t[k].label), "%s, idle",
					 cfg->wal_now ? "pg_wal now" : "data");
			else if (w == 1)
				snprintf(t[k].label, sizeof(t[k].label), "%s, loaded",
					 cfg->wal_now ? "pg_wal now, data" : "data");
			else
				snprintf(t[k].label, sizeof(t[k].label), "candidate %zu, data loaded",
					 w - 1);
			k++;
		}
	}
	*n = k;
	return t;
}

/* The sweep's rows (model/tier.h): the commit row at the chunk, the full
 * stripe and two, one write each (no ring to split it), so that only the size
 * differs from the page point, which is the commit row itself. */
static size_t plan_sweep(struct wb_test *t, size_t k, uint32_t chunk, uint64_t stripe)
{
	static const enum wb_sweep_point points[] = { WB_SWEEP_CHUNK, WB_SWEEP_STRIPE,
						       WB_SWEEP_TWO_STRIPES };
	uint64_t bytes[WB_SWEEP_COUNT] = { XLOG_BLCKSZ, chunk, stripe, 2 * stripe };
	unsigned i;

	if (!chunk || stripe <= chunk || 2 * stripe > WB_SWEEP_MAX_BYTES)
		return k;
	for (i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
		if (bytes[points[i]] <= XLOG_BLCKSZ)
			continue; /* a 4 kB chunk: the page is past it already */
		t[k] = t[WB_Q_SHAPE_COMMIT];
		t[k].size = (uint32_t)bytes[points[i]];
		t[k].flush_form = WB_FLUSH_SEPARATE;
		t[k].wal_buffers = 0;
		snprintf(t[k].label, sizeof(t[k].label), "%s", wb_sweep_labels[points[i]]);
		k++;
	}
	return k;
}

struct wb_test *wb_plan_qualify(const struct wb_config *cfg, bool raw_device, uint32_t chunk,
				uint64_t stripe, size_t *n)
{
	struct wb_test *t = calloc(WB_Q_SHAPE_COUNT + 1 + WB_SWEEP_COUNT, sizeof(*t));
	size_t k;

	if (!t)
		return NULL;
	/* PostgreSQL's commit: as recommend measures it, with the default method. */
	t[WB_Q_SHAPE_COMMIT] = make_test(WB_DEFAULT_METHOD, WB_ENGINE_SYNC, XLOG_BLCKSZ, 1, 0, 0);
	t[WB_Q_SHAPE_COMMIT].flush_form = WB_FLUSH_COALESCED;
	t[WB_Q_SHAPE_COMMIT].wal_buffers = cfg->wal_buffers;
	/* etcd's check: fio --rw=write --ioengine=sync --fdatasync=1 --size=22m --bs=2300,
	 * into a file fallocated first, as etcd preallocates its WAL segments. */
	t[WB_Q_SHAPE_ETCD] = make_test(WB_METHOD_FDATASYNC, WB_ENGINE_SYNC, WB_ETCD_WRITE, 1, 0, 0);
	/* The same 8 kB append, never synced: a flush no slower than this reached
	 * nothing stable (a plausibility check). */
	t[WB_Q_SHAPE_COUNT] = make_test(WB_METHOD_NONE, WB_ENGINE_SYNC, XLOG_BLCKSZ, 1, 0, 0);
	for (k = 0; k <= WB_Q_SHAPE_COUNT; k++) {
		t[k].pattern = WB_PATTERN_APPEND;
		t[k].segment_mode = WB_SEGMENT_RECYCLE;
		t[k].segment_size = 16u << 20;
		snprintf(t[k].label, sizeof(t[k].label), "%s",
			 k < WB_Q_SHAPE_COUNT ? wb_q_shape_names[k] : WB_QUALIFY_PLAIN_LABEL);
	}
	if (!raw_device) {
		t[WB_Q_SHAPE_ETCD].segment_mode = WB_SEGMENT_PREALLOCATE;
		t[WB_Q_SHAPE_ETCD].segment_size = cfg->budget_ns < WB_ETCD_SHORT_NS ? WB_ETCD_FILE
										   : WB_ETCD_SEGMENT;
	} else {
		t[WB_Q_SHAPE_ETCD].segment_size = WB_ETCD_FILE;
	}
	*n = plan_sweep(t, WB_Q_SHAPE_COUNT + 1, chunk, stripe);
	return t;
}

struct wb_test *wb_plan_run(const struct wb_config *cfg, size_t *n)
{
	size_t conc = concurrency_count(cfg), k = 0, c;
	struct wb_test *t = calloc((size_t)WB_METHOD_COUNT * WB_ENGINE_COUNT * cfg->sizes.n *
					   cfg->writes.n * conc, sizeof(*t));
	enum wb_engine_id engines[WB_ENGINE_COUNT];
	char labels[WB_ENGINE_COUNT][48];
	unsigned m, e, s, w, nv;

	if (!t)
		return NULL;
	for (m = 0; m < WB_METHOD_COUNT; m++) {
		if (!(cfg->methods & (1u << m)))
			continue;
		nv = method_variants(cfg, (enum wb_method_id)m, engines, labels);
		for (e = 0; e < nv; e++) {
			for (s = 0; s < cfg->sizes.n; s++) {
				for (w = 0; w < cfg->writes.n; w++) {
					for (c = 0; c < conc; c++) {
						t[k] = make_test((enum wb_method_id)m, engines[e],
								 (uint32_t)cfg->sizes.v[s],
								 (uint32_t)cfg->writes.v[w],
								 cfg->duration_ns, 0);
						set_concurrency(cfg, c, &t[k]);
						snprintf(t[k].label, sizeof(t[k].label), "%s",
							 labels[e]);
						/* What the server does, or what pg_test_fsync does. */
						if (cfg->pg_version)
							t[k].flush_form = strcmp(labels[e], "pg_test_fsync")
										  ? WB_FLUSH_COALESCED
										  : WB_FLUSH_SEPARATE;
						k++;
					}
				}
			}
		}
	}
	*n = k;
	return t;
}
