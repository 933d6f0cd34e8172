/* observed_fields.c — the results file's "observed" object (observe,
 * recommend --server) as one table of fields over struct wb_pg_observed,
 * which json.c writes and the results reader reads back through fields.h, so
 * `recommend --observed` decides from a saved observation exactly as from a
 * live one. The rows that are not plain values are the table's own custom
 * rows: the settings (keyed by the server's GUC names, read through the same
 * parser as the server's rows, pg_queries.h), the snapshots' counters (arrays
 * by enum, with `have` bits), the wait samples, the bit sets. What the reader
 * does not read (DERIVED: the rates, the deltas, the resets) it derives again
 * (pg_derive.h) rather than trusts. Unknown rates are null, never 0. */
#include "report/fields.h"
#include "report/fields_cells.h"
#include "report/json_parts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pgstat/pg_derive.h"
#include "pgstat/pg_queries.h"

/* Each counter, timer, view's stats_reset, wait class and missing thing's key. */
static const enum wb_key counter_key[WB_PGC_COUNT] = {
	[WB_PGC_XACT_COMMIT] = WB_KEY_XACT_COMMIT,
	[WB_PGC_XACT_ROLLBACK] = WB_KEY_XACT_ROLLBACK,
	[WB_PGC_WAL_RECORDS] = WB_KEY_WAL_RECORDS,
	[WB_PGC_WAL_FPI] = WB_KEY_WAL_FPI,
	[WB_PGC_WAL_BYTES] = WB_KEY_WAL_BYTES,
	[WB_PGC_WAL_BUFFERS_FULL] = WB_KEY_WAL_BUFFERS_FULL,
	[WB_PGC_WAL_WRITES] = WB_KEY_WAL_WRITES,
	[WB_PGC_WAL_SYNCS] = WB_KEY_WAL_SYNCS,
	[WB_PGC_WAL_WRITE_BYTES] = WB_KEY_WAL_WRITE_BYTES,
	[WB_PGC_WAL_INIT_WRITES] = WB_KEY_WAL_INIT_WRITES,
	[WB_PGC_WAL_INIT_SYNCS] = WB_KEY_WAL_INIT_SYNCS,
	[WB_PGC_BUF_CHECKPOINTER] = WB_KEY_BUFFERS_CHECKPOINTER,
	[WB_PGC_BUF_BGWRITER] = WB_KEY_BUFFERS_BGWRITER,
	[WB_PGC_BUF_BACKEND] = WB_KEY_BUFFERS_BACKEND,
	[WB_PGC_CKPT_TIMED] = WB_KEY_CHECKPOINTS_TIMED,
	[WB_PGC_CKPT_REQUESTED] = WB_KEY_CHECKPOINTS_REQUESTED,
	[WB_PGC_CKPT_DONE] = WB_KEY_CHECKPOINTS_DONE,
	[WB_PGC_RSTPT_TIMED] = WB_KEY_RESTARTPOINTS_TIMED,
	[WB_PGC_RSTPT_REQUESTED] = WB_KEY_RESTARTPOINTS_REQUESTED,
	[WB_PGC_RSTPT_DONE] = WB_KEY_RESTARTPOINTS_DONE,
	[WB_PGC_XIDS] = WB_KEY_XIDS_ASSIGNED,
};

static const enum wb_key timer_key[WB_PGT_COUNT] = {
	[WB_PGT_WAL_WRITE] = WB_KEY_WAL_WRITE_TIME_MS,
	[WB_PGT_WAL_SYNC] = WB_KEY_WAL_SYNC_TIME_MS,
	[WB_PGT_WAL_INIT] = WB_KEY_WAL_INIT_TIME_MS,
	[WB_PGT_CKPT_WRITE] = WB_KEY_CHECKPOINT_WRITE_TIME_MS,
	[WB_PGT_CKPT_SYNC] = WB_KEY_CHECKPOINT_SYNC_TIME_MS,
};

static const enum wb_key reset_key[WB_PGV_COUNT] = {
	[WB_PGV_DATABASE] = WB_KEY_DATABASE_STATS_RESET,
	[WB_PGV_WAL] = WB_KEY_WAL_STATS_RESET,
	[WB_PGV_BGWRITER] = WB_KEY_BGWRITER_STATS_RESET,
	[WB_PGV_CHECKPOINTER] = WB_KEY_CHECKPOINTER_STATS_RESET,
	[WB_PGV_IO] = WB_KEY_IO_STATS_RESET,
};

static const enum wb_key wait_key[WB_PGW_COUNT] = {
	[WB_PGW_WAL] = WB_KEY_WAL,
	[WB_PGW_LOCK] = WB_KEY_LOCK,
	[WB_PGW_DATA_IO] = WB_KEY_DATA_IO,
	[WB_PGW_CPU] = WB_KEY_CPU,
	[WB_PGW_CLIENT] = WB_KEY_CLIENT,
	[WB_PGW_OTHER] = WB_KEY_OTHER,
	[WB_PGW_SYNC_REP] = WB_KEY_SYNC_REP,
	[WB_PGW_WAL_INSERT] = WB_KEY_WAL_INSERT,
};

static const enum wb_key missing_key[WB_PGM_COUNT] = {
	[WB_PGM_DATA_DIRECTORY] = WB_KEY_DATA_DIRECTORY,
	[WB_PGM_STATS] = WB_KEY_STATS,
	[WB_PGM_WAL_TIMING] = WB_KEY_WAL_TIMING,
	[WB_PGM_WAL_UNTIMED] = WB_KEY_WAL_UNTIMED,
	[WB_PGM_WAITS] = WB_KEY_WAITS,
};

/* settings: one {setting, unit} per GUC read, keyed by its pg_settings name. */
static void write_settings(cJSON *parent, enum wb_key key, const void *base)
{
	const struct wb_pg_settings *s = &((const struct wb_pg_observed *)base)->set;
	cJSON *o = cJSON_AddObjectToObject(parent, wb_key(key)), *one;
	unsigned k;

	for (k = 0; o && k < WB_PGS_COUNT; k++) {
		if (!(s->have & (1u << k)))
			continue;
		one = cJSON_AddObjectToObject(o, wb_pg_setting_names[k]);
		if (!one)
			continue;
		cJSON_AddStringToObject(one, K(SETTING), k == WB_PGS_DATA_DIRECTORY
								  ? s->data_directory
								  : s->text[k]);
		if (s->unit[k][0])
			cJSON_AddStringToObject(one, K(UNIT), s->unit[k]);
		else
			cJSON_AddNullToObject(one, K(UNIT));
	}
}

static int read_settings(struct reader *rd, const cJSON *obj, void *base)
{
	struct wb_pg_settings *s = &((struct wb_pg_observed *)base)->set;
	const cJSON *one;

	if (!cJSON_IsObject(obj))
		return wb_rd_refuse(rd, wb_key(WB_KEY_SETTINGS), "expected an object, got %s",
				    wb_json_type_name(obj));
	cJSON_ArrayForEach(one, obj) {
		const cJSON *v = wb_rd_member(one, WB_KEY_SETTING), *u = wb_rd_member(one, WB_KEY_UNIT);

		if (!cJSON_IsString(v))
			return wb_rd_refuse(rd, one->string, "expected {setting, unit}");
		if (wb_pg_settings_row(s, one->string, v->valuestring,
				       cJSON_IsString(u) ? u->valuestring : "") == -EINVAL)
			return wb_rd_refuse(rd, one->string, "its setting cannot be read in its unit");
	}
	if (wb_pg_settings_finish(s))
		return wb_rd_refuse(rd, wb_key(WB_KEY_SETTINGS),
				    "no server_version_num of a PostgreSQL walbench reads (%d+)",
				    WB_PG_MIN_MAJOR);
	return 0;
}

/* Counters and timers as read (a snapshot) or as changed (the delta), only
 * those the `have` bits name; a snapshot adds each view's stats_reset read. */
static void write_counts(cJSON *parent, enum wb_key key, const uint64_t *v, const double *ms,
			 uint32_t have, uint32_t have_ms, const struct wb_pg_snapshot *s)
{
	cJSON *o = cJSON_AddObjectToObject(parent, wb_key(key));
	unsigned k;

	for (k = 0; o && k < WB_PGC_COUNT; k++)
		if (have & (1u << k))
			cJSON_AddNumberToObject(o, wb_key(counter_key[k]), (double)v[k]);
	for (k = 0; o && k < WB_PGT_COUNT; k++)
		if (have_ms & (1u << k))
			cJSON_AddNumberToObject(o, wb_key(timer_key[k]), ms[k]);
	for (k = 0; o && s && k < WB_PGV_COUNT; k++)
		if (s->have_reset & (1u << k))
			cJSON_AddNumberToObject(o, wb_key(reset_key[k]), s->reset_at[k]);
}

static void write_snapshot(cJSON *parent, enum wb_key key, const void *base)
{
	const struct wb_pg_observed *ob = base;
	const struct wb_pg_snapshot *s = key == WB_KEY_BEGIN ? &ob->begin : &ob->end;

	write_counts(parent, key, s->v, s->ms, s->have, s->have_ms, s);
}

static void write_delta(cJSON *parent, enum wb_key key, const void *base)
{
	const struct wb_pg_observed *ob = base;

	write_counts(parent, key, ob->delta, ob->delta_ms, ob->have, ob->have_ms, NULL);
}

/* One of the keys, strict: a wrong type, a negative figure or a counter past
 * 64 bits is refused. */
static int read_keyed(struct reader *rd, const cJSON *o, const enum wb_key *keys, unsigned n,
		      void *values, bool as_u64, uint32_t *have)
{
	bool present;
	double v;
	unsigned k;
	int ret;

	for (k = 0; k < n; k++) {
		if ((ret = wb_rd_get_rate(rd, o, keys[k], &v, &present)))
			return ret;
		if (!present)
			continue;
		/* Past 2^64 no counter was read: converting it is undefined. */
		if (as_u64 && !(v < 0x1p64))
			return wb_rd_refuse(rd, wb_key(keys[k]), "expected a counter below 2^64, got %g",
					    v);
		if (as_u64)
			((uint64_t *)values)[k] = (uint64_t)v;
		else
			((double *)values)[k] = v;
		*have |= 1u << k;
	}
	return 0;
}

static int read_snapshot(struct reader *rd, const cJSON *o, struct wb_pg_snapshot *s,
			 enum wb_key key)
{
	int ret;

	if (!cJSON_IsObject(o))
		return wb_rd_refuse(rd, wb_key(key), "expected an object of counters");
	if ((ret = read_keyed(rd, o, counter_key, WB_PGC_COUNT, s->v, true, &s->have)) ||
	    (ret = read_keyed(rd, o, timer_key, WB_PGT_COUNT, s->ms, false, &s->have_ms)))
		return ret;
	return read_keyed(rd, o, reset_key, WB_PGV_COUNT, s->reset_at, false, &s->have_reset);
}

static int read_begin(struct reader *rd, const cJSON *o, void *base)
{
	return read_snapshot(rd, o, &((struct wb_pg_observed *)base)->begin, WB_KEY_BEGIN);
}

static int read_end(struct reader *rd, const cJSON *o, void *base)
{
	return read_snapshot(rd, o, &((struct wb_pg_observed *)base)->end, WB_KEY_END);
}

/* A bit set as an array of names. */
static void write_resets(cJSON *parent, enum wb_key key, const void *base)
{
	const struct wb_pg_observed *ob = base;
	cJSON *x = cJSON_AddArrayToObject(parent, wb_key(key));
	unsigned k;

	for (k = 0; x && k < WB_PGV_COUNT; k++)
		if (ob->reset & (1u << k))
			cJSON_AddItemToArray(x, cJSON_CreateString(wb_pg_view_names[k]));
}

static void write_missing(cJSON *parent, enum wb_key key, const void *base)
{
	const struct wb_pg_observed *ob = base;
	cJSON *x = cJSON_AddArrayToObject(parent, wb_key(key));
	unsigned k;

	for (k = 0; x && k < WB_PGM_COUNT; k++)
		if (ob->missing & (1u << k))
			cJSON_AddItemToArray(x, cJSON_CreateString(wb_key(missing_key[k])));
}

static int read_missing(struct reader *rd, const cJSON *a, void *base)
{
	struct wb_pg_observed *ob = base;
	const cJSON *e;
	unsigned k;

	(void)rd;
	cJSON_ArrayForEach(e, a)
		for (k = 0; k < WB_PGM_COUNT; k++)
			if (cJSON_IsString(e) && !strcmp(e->valuestring, wb_key(missing_key[k])))
				ob->missing |= 1u << k;
	return 0;
}

/* waits: the raw samples, which the reader derives the shares from again, and
 * why the sampler stopped (null: it sampled the whole window). */
static void write_waits(cJSON *parent, enum wb_key key, const void *base)
{
	const struct wb_pg_observed *ob = base;
	const struct wb_pg_waits *w = &ob->waits;
	cJSON *o = cJSON_AddObjectToObject(parent, wb_key(key)), *classes, *c;
	unsigned k;

	if (!o)
		return;
	if (ob->sampler_failure[0])
		cJSON_AddStringToObject(o, K(FAILURE), ob->sampler_failure);
	else
		cJSON_AddNullToObject(o, K(FAILURE));
	cJSON_AddNumberToObject(o, K(ROUNDS), w->rounds);
	cJSON_AddNumberToObject(o, K(BUSY_ROUNDS), w->busy_rounds);
	cJSON_AddNumberToObject(o, K(HIDDEN), w->hidden);
	classes = cJSON_AddObjectToObject(o, K(CLASSES));
	for (k = 0; classes && k < WB_PGW_COUNT; k++) {
		if (!(c = cJSON_AddObjectToObject(classes, wb_key(wait_key[k]))))
			continue;
		cJSON_AddNumberToObject(c, K(SESSIONS), w->sessions[k]);
		cJSON_AddNumberToObject(c, K(SHARE_SUM), w->share_sum[k]);
		cJSON_AddNumberToObject(c, K(SHARE_SUMSQ), w->share_sumsq[k]);
	}
}

/* A file from before the samples has none ("waits" missing is set again when
 * the shares are derived); samples that cannot be are read as none. */
static int read_waits(struct reader *rd, const cJSON *x, void *base)
{
	struct wb_pg_observed *ob = base;
	struct wb_pg_waits *out = &ob->waits;
	const cJSON *classes = wb_rd_member(x, WB_KEY_CLASSES), *f = wb_rd_member(x, WB_KEY_FAILURE);
	double rounds = wb_rd_show_number(x, WB_KEY_ROUNDS),
	       busy = wb_rd_show_number(x, WB_KEY_BUSY_ROUNDS),
	       hidden = wb_rd_show_number(x, WB_KEY_HIDDEN);
	unsigned k;

	(void)rd;
	if (cJSON_IsString(f))
		snprintf(ob->sampler_failure, sizeof(ob->sampler_failure), "%s", f->valuestring);
	if (!cJSON_IsObject(x) || !cJSON_IsObject(classes) || !(rounds >= 0) || !(busy >= 0) ||
	    !(hidden >= 0) || busy > rounds || rounds > UINT32_MAX || hidden > UINT32_MAX)
		return 0;
	for (k = 0; k < WB_PGW_COUNT; k++) {
		const cJSON *c = wb_rd_member(classes, wait_key[k]);
		double n, sum, sq;

		/* Schema 17 added the classes after "other": a file from before
		 * has none of their sessions (counted in "other", or "wal"). */
		if (!c && k > WB_PGW_OTHER)
			continue;
		n = wb_rd_show_number(c, WB_KEY_SESSIONS);
		sum = wb_rd_show_number(c, WB_KEY_SHARE_SUM);
		sq = wb_rd_show_number(c, WB_KEY_SHARE_SUMSQ);
		/* A share is 0..1 per round: sums past the rounds are not samples. */
		if (!(n >= 0) || !(sum >= 0) || !(sq >= 0) || sum > busy || sq > busy)
			return 0;
		out->sessions[k] = n;
		out->share_sum[k] = sum;
		out->share_sumsq[k] = sq;
	}
	out->rounds = (uint32_t)rounds;
	out->busy_rounds = (uint32_t)busy;
	out->hidden = (uint32_t)hidden;
	return 0;
}

#define OB(m) offsetof(struct wb_pg_observed, m)
#define CUSTOM(k, w, r) { .key = WB_KEY_##k, .type = WB_F_CUSTOM, .write = w, .read = r }

/* interval: the server's clock_timestamp() at each snapshot. */
static const struct wb_field interval_rows[] = {
	{ .key = WB_KEY_BEGIN, .type = WB_F_DOUBLE, .offset = OB(begin.at_s), .unit = "s" },
	{ .key = WB_KEY_END, .type = WB_F_DOUBLE, .offset = OB(end.at_s), .unit = "s" },
	{ .key = WB_KEY_SECONDS, .type = WB_F_DOUBLE, .offset = OB(seconds), .unit = "s",
	  .flags = WB_FF_DERIVED },
};

#define RT(m) offsetof(struct wb_pg_rates, m)
#define RATE(k, m, unit_, ...) { .key = WB_KEY_##k, .type = WB_F_FIGURE, .offset = RT(m), \
				    .unit = unit_, __VA_ARGS__ }
#define KNOWN WB_F_IF(RT(waits.known))

/* rates: what the counters imply (pg_derive.h), never read back; the main
 * ones are Prometheus samples too (fields_cells.h). */
static const struct wb_field rate_rows[] = {
	RATE(COMMITS_PER_S, commits_per_s, "1/s", .prom = WB_PROM_SERVER_COMMITS),
	RATE(WRITE_COMMITS_PER_S, write_commits_per_s, "1/s"),
	RATE(WAL_BYTES_PER_S, wal_bytes_per_s, "B/s", .prom = WB_PROM_SERVER_WAL_BYTES),
	RATE(WAL_WRITES_PER_S, wal_writes_per_s, "1/s"),
	RATE(FLUSHES_PER_S, wal_syncs_per_s, "1/s", .prom = WB_PROM_SERVER_FLUSHES),
	RATE(BYTES_PER_WRITE, bytes_per_write, "B"),
	RATE(BYTES_PER_FLUSH, bytes_per_flush, "B"),
	RATE(WRITTEN_PER_WRITE, written_per_write, "B"),
	RATE(WRITTEN_PER_FLUSH, written_per_flush, "B"),
	RATE(FLUSH_MS, flush_ms, "ms", .prom = WB_PROM_SERVER_FLUSH_TIME),
	RATE(FLUSH_BUSY, flush_busy, "share", .prom = WB_PROM_SERVER_FLUSH_BUSY),
	RATE(DATA_PAGES_PER_S, data_pages_per_s, "1/s", .prom = WB_PROM_SERVER_DATA_PAGES),
	RATE(DEVICE_WRITES_PER_PAGE, device_writes_per_page, NULL),
	RATE(BUFFERS_FULL_PER_S, buffers_full_per_s, "1/s"),
	RATE(FPI_SHARE, fpi_share, "share"),
	{ .key = WB_KEY_CHECKPOINTS, .type = WB_F_UINT, .offset = RT(checkpoints) },
	{ .key = WB_KEY_CHECKPOINT_IN_WINDOW, .type = WB_F_BOOL, .offset = RT(checkpoint_in_window) },
	RATE(CHECKPOINT_SEEN, checkpoint_seen, "share"),
	RATE(CPU_BUSY, cpu_busy, "share"),
	{ .key = WB_KEY_NCPU, .type = WB_F_UINT, .offset = RT(ncpu) },
	RATE(SERVER_CPUS, server_cpus, "CPUs"),
	{ .key = WB_KEY_BUSY_SESSIONS, .type = WB_F_FIGURE, .offset = RT(waits.busy_sessions),
	  .null_unless = KNOWN },
	{ .key = WB_KEY_WAIT_SHARE, .type = WB_F_DOUBLES, .offset = RT(waits.share), .unit = "share",
	  .null_unless = KNOWN, .keys = wait_key, .n = WB_PGW_COUNT },
	{ .key = WB_KEY_WAIT_SHARE_HALF95, .type = WB_F_DOUBLES, .offset = RT(waits.half95),
	  .unit = "share", .null_unless = KNOWN, .keys = wait_key, .n = WB_PGW_COUNT },
	{ .key = WB_KEY_OPEN_METHOD, .type = WB_F_BOOL, .offset = RT(open_method) },
	{ .key = WB_KEY_FSYNC_OFF, .type = WB_F_BOOL, .offset = RT(fsync_off) },
	{ .key = WB_KEY_ASYNC_COMMIT, .type = WB_F_BOOL, .offset = RT(async_commit) },
};

#define PA(m) offsetof(struct wb_pg_paths, m)

/* paths: where the server's files are, seen from this host. */
static const struct wb_field path_rows[] = {
	{ .key = WB_KEY_DATA_DIRECTORY, .type = WB_F_STRING, .offset = PA(data_directory),
	  .size = sizeof(((struct wb_pg_paths *)0)->data_directory), .flags = WB_FF_EMPTY_NULL },
	{ .key = WB_KEY_PG_WAL, .type = WB_F_STRING, .offset = PA(pg_wal),
	  .size = sizeof(((struct wb_pg_paths *)0)->pg_wal), .flags = WB_FF_EMPTY_NULL },
	{ .key = WB_KEY_ON_THIS_HOST, .type = WB_F_BOOL, .offset = PA(on_this_host) },
	{ .key = WB_KEY_WAL_MOVED, .type = WB_F_BOOL, .offset = PA(wal_moved) },
	{ .key = WB_KEY_DATA_DEVICE, .type = WB_F_STRING, .offset = PA(data_dev),
	  .size = sizeof(((struct wb_pg_paths *)0)->data_dev) },
	{ .key = WB_KEY_WAL_DEVICE, .type = WB_F_STRING, .offset = PA(wal_dev),
	  .size = sizeof(((struct wb_pg_paths *)0)->wal_dev) },
};

#define DV(m) offsetof(struct wb_pg_devstat, m)

/* device: what the data device completed between the snapshots. */
static const struct wb_field device_rows[] = {
	{ .key = WB_KEY_WRITES, .type = WB_F_SPAN, .offset = DV(writes_begin),
	  .size = DV(writes_end), .flags = WB_FF_REQUIRED },
	{ .key = WB_KEY_SECTORS, .type = WB_F_SPAN, .offset = DV(sectors_begin),
	  .size = DV(sectors_end), .unit = "512 B" },
};

#define CP(m) offsetof(struct wb_pg_cpu, m)

/* Ticks that cannot be (more busy than there were) read as none. */
static int check_cpu(struct reader *rd, void *base)
{
	struct wb_pg_cpu *c = base;

	(void)rd;
	if (c->ncpu < 1 || c->total_end == 0 || c->busy_end > c->total_end)
		return 1;
	if (!(c->tick_hz > 0))
		c->have_server = false;
	if (!c->have_server || c->own_end > c->server_end)
		c->have_own = false;
	return 0;
}

/* cpu: the host's CPU ticks over the window, and the server's own. */
static const struct wb_field cpu_rows[] = {
	{ .key = WB_KEY_NCPU, .type = WB_F_UINT, .offset = CP(ncpu), .flags = WB_FF_REQUIRED },
	{ .key = WB_KEY_BUSY_TICKS, .type = WB_F_SPAN, .offset = CP(busy_begin),
	  .size = CP(busy_end), .unit = "ticks", .flags = WB_FF_REQUIRED },
	{ .key = WB_KEY_TOTAL_TICKS, .type = WB_F_SPAN, .offset = CP(total_begin),
	  .size = CP(total_end), .unit = "ticks", .flags = WB_FF_REQUIRED },
	{ .key = WB_KEY_SERVER_TICKS, .type = WB_F_SPAN, .offset = CP(server_begin),
	  .size = CP(server_end), .unit = "ticks", .null_unless = WB_F_IF(CP(have_server)) },
	{ .key = WB_KEY_TICK_HZ, .type = WB_F_DOUBLE, .offset = CP(tick_hz), .unit = "1/s",
	  .null_unless = WB_F_IF(CP(have_server)) },
	{ .key = WB_KEY_OWN_TICKS, .type = WB_F_SPAN, .offset = CP(own_begin), .size = CP(own_end),
	  .unit = "ticks", .null_unless = WB_F_IF(CP(have_own)),
	  .omit_unless = WB_F_IF(CP(have_server)) },
};

static const struct wb_fields interval_table = WB_FIELDS(interval_rows, NULL);
static const struct wb_fields rate_table = WB_FIELDS(rate_rows, NULL);
static const struct wb_fields path_table = WB_FIELDS(path_rows, NULL);
static const struct wb_fields device_table = WB_FIELDS(device_rows, NULL);
static const struct wb_fields cpu_table = WB_FIELDS(cpu_rows, check_cpu);

/* observed, in the file's order. */
static const struct wb_field observed_rows[] = {
	{ .key = WB_KEY_DSN, .type = WB_F_STRING, .offset = OB(dsn),
	  .size = sizeof(((struct wb_pg_observed *)0)->dsn), .label = 1, .label_name = "server" },
	{ .key = WB_KEY_ROLE, .type = WB_F_STRING, .offset = OB(role),
	  .size = sizeof(((struct wb_pg_observed *)0)->role), .flags = WB_FF_EMPTY_NULL },
	{ .key = WB_KEY_VERSION_NUM, .type = WB_F_UINT, .offset = OB(set.version_num),
	  .flags = WB_FF_DERIVED }, /* read from the settings */
	{ .key = WB_KEY_MAJOR, .type = WB_F_UINT, .offset = OB(set.major), .flags = WB_FF_DERIVED },
	CUSTOM(SETTINGS, write_settings, read_settings),
	{ .key = WB_KEY_INTERVAL, .type = WB_F_OBJECT, .sub = &interval_table },
	CUSTOM(BEGIN, write_snapshot, read_begin),
	CUSTOM(END, write_snapshot, read_end),
	{ .key = WB_KEY_DELTA, .type = WB_F_CUSTOM, .write = write_delta, .flags = WB_FF_DERIVED },
	{ .key = WB_KEY_RESETS, .type = WB_F_CUSTOM, .write = write_resets, .flags = WB_FF_DERIVED },
	{ .key = WB_KEY_RATES, .type = WB_F_OBJECT, .offset = OB(rate), .sub = &rate_table,
	  .flags = WB_FF_DERIVED },
	{ .key = WB_KEY_PATHS, .type = WB_F_OBJECT, .offset = OB(paths), .sub = &path_table },
	{ .key = WB_KEY_DEVICE, .type = WB_F_OBJECT, .offset = OB(dev), .sub = &device_table,
	  .size = sizeof(struct wb_pg_devstat), .null_unless = WB_F_IF(OB(dev.have)) },
	{ .key = WB_KEY_CPU, .type = WB_F_OBJECT, .offset = OB(cpu), .sub = &cpu_table,
	  .size = sizeof(struct wb_pg_cpu), .null_unless = WB_F_IF(OB(cpu.have)) },
	CUSTOM(WAITS, write_waits, read_waits),
	{ .key = WB_KEY_DATABASE_RESET_KEPT, .type = WB_F_BOOL, .offset = OB(database_reset_kept) },
	{ .key = WB_KEY_OWN_COMMITS, .type = WB_F_UINT, .offset = OB(own.commits) },
	{ .key = WB_KEY_OWN_ROLLBACKS, .type = WB_F_UINT, .offset = OB(own.rollbacks) },
	CUSTOM(MISSING, write_missing, read_missing),
};
const struct wb_fields wb_observed_fields = WB_FIELDS(observed_rows, NULL);

void wb_json_add_observed(cJSON *root, const struct wb_pg_observed *ob)
{
	wb_fields_write(root, WB_KEY_OBSERVED, &wb_observed_fields, ob);
}

int wb_rd_observed(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *obj = wb_rd_member(root, WB_KEY_OBSERVED);
	struct wb_pg_observed *o;
	int ret;

	if (!obj || cJSON_IsNull(obj))
		return 0;
	snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_OBSERVED));
	if (!cJSON_IsObject(obj))
		return wb_rd_refuse(rd, NULL, "expected an object, got %s", wb_json_type_name(obj));
	o = wb_rd_keep_array(rd, 1, sizeof(*o));
	if (!o)
		return -ENOMEM;
	/* A file from before own_commits (schema 19) counted the sampler's
	 * rounds only, one commit each. */
	o->own.commits = UINT32_MAX;
	o->begin.at_s = o->end.at_s = NAN;
	ret = wb_fields_read(rd, obj, &wb_observed_fields, o);
	if (ret < 0)
		return ret;
	if (!(o->end.at_s > o->begin.at_s))
		return wb_rd_refuse(rd, wb_key(WB_KEY_INTERVAL), "expected begin before end");
	if (o->own.commits == UINT32_MAX)
		o->own.commits = o->waits.rounds;
	wb_pg_derive(o);
	out->observed = o;
	rd->where[0] = '\0';
	return 0;
}
