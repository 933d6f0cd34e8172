/* pg_queries.c — see pg_queries.h. The per-version column names come from each
 * major's documentation of the statistics views (monitoring.sgml):
 *   14-17  pg_stat_wal has wal_write, wal_sync, wal_write_time, wal_sync_time;
 *   18     those moved to pg_stat_io rows of object 'wal' (context 'normal' for
 *          the WAL's own writes and syncs, 'init' for creating segments), with
 *          write_bytes per row, and pg_stat_wal keeps records, fpi, bytes and
 *          buffers_full;
 *   14-16  pg_stat_bgwriter holds the checkpointer's counters and
 *          buffers_backend, which counts each sync request a backend forwards
 *          to the checkpointer (ForwardSyncRequest, from mdwrite and mdextend):
 *          its writes and its extensions of shared relations, but not writes
 *          that skip the fsync, plus a few forget and unlink requests;
 *   17+    pg_stat_checkpointer (num_timed, num_requested, write_time,
 *          sync_time, buffers_written; 18 adds num_done), pg_stat_bgwriter keeps
 *          buffers_clean, and backends' writes are pg_stat_io's object
 *          'relation' rows (pg_stat_io exists from 16).
 * Backends' pages mean the same on every major: pages written and pages
 * extended, by every process but the checkpointer and the background writer
 * (what 14-15's buffers_backend counts); from 16 pg_stat_io's writes +
 * extends of object 'relation', which also see the writes 14-15 miss.
 * Each counter is one column named as wb_pg_counter_names, so the parser reads
 * every version's row alike. */
#include "pgstat/pg_queries.h"

#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *wb_pg_settings_sql(void)
{
	/* pg_settings leaves out a GUC_SUPERUSER_ONLY row (data_directory) for a
	 * role without pg_read_all_settings, and a GUC the version lacks has no
	 * row: both are then simply not read. That is the major gate of the ones
	 * added later: debug_io_direct (16), huge_pages_status (17), and the
	 * runtime-computed shared_memory_size and shared_memory_size_in_huge_pages
	 * (15), which the server sets at start from its whole shared memory and
	 * pg_settings shows to every role. */
	return "SELECT name, setting, unit FROM pg_catalog.pg_settings WHERE name IN ("
	       "'server_version_num', 'wal_sync_method', 'wal_level', 'wal_segment_size', "
	       "'wal_block_size', 'wal_buffers', 'full_page_writes', 'wal_compression', "
	       "'synchronous_commit', 'commit_delay', 'commit_siblings', 'wal_writer_delay', "
	       "'wal_writer_flush_after', 'checkpoint_timeout', 'max_wal_size', "
	       "'checkpoint_completion_target', 'checkpoint_flush_after', 'shared_buffers', "
	       "'huge_pages', 'track_wal_io_timing', 'debug_io_direct', 'huge_pages_status', "
	       "'fsync', 'data_directory', 'shared_memory_size', "
	       "'shared_memory_size_in_huge_pages')";
}

/* The multiplier of a pg_settings unit into bytes or microseconds; 0 unknown. */
static double unit_scale(const char *unit)
{
	static const struct {
		const char *name;
		double scale;
	} units[] = {
		{ "B", 1 }, { "kB", 1024 }, { "8kB", 8192 }, { "16kB", 16384 },
		{ "32kB", 32768 }, { "64kB", 65536 }, { "MB", 1048576 },
		{ "16MB", 16777216 }, { "GB", 1073741824.0 }, { "TB", 1099511627776.0 },
		{ "us", 1 }, { "ms", 1e3 }, { "s", 1e6 }, { "min", 60e6 }, { "h", 3600e6 },
		{ "d", 86400e6 },
	};
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(units[i].name, unit))
			return units[i].scale;
	return 0;
}

/* A setting's text as a number: a plain number, or a boolean's on/off. NAN for
 * an enum or a string (wal_sync_method, debug_io_direct). */
static double setting_value(const char *text)
{
	char *end;
	double v;

	if (!strcmp(text, "on"))
		return 1;
	if (!strcmp(text, "off"))
		return 0;
	if (!*text)
		return NAN;
	v = strtod(text, &end);
	return *end ? NAN : v;
}

int wb_pg_settings_row(struct wb_pg_settings *s, const char *name, const char *setting,
		       const char *unit)
{
	double v, scale = 1;
	int i;

	for (i = 0; i < WB_PGS_COUNT; i++)
		if (!strcmp(wb_pg_setting_names[i], name))
			break;
	if (i == WB_PGS_COUNT)
		return 0;
	v = setting_value(setting);
	if (unit && *unit) {
		scale = unit_scale(unit);
		if (scale == 0 || isnan(v))
			return -EINVAL;
		/* A size or a time is a whole number of bytes or microseconds that
		 * the readers convert (shared_buffers, max_wal_size): past 2^63 no
		 * server has one, and the conversion would be undefined (a saved
		 * observation edited or not walbench's; the results fuzzer's find). */
		if (!(fabs(v * scale) < 0x1p63))
			return -EINVAL;
	}
	/* -1 is "automatic" (wal_buffers before the server resolves it): kept
	 * as -1, never scaled into a size. */
	s->value[i] = isnan(v) || v < 0 ? v : v * scale;
	snprintf(s->text[i], sizeof(s->text[i]), "%s", setting);
	snprintf(s->unit[i], sizeof(s->unit[i]), "%s", unit ? unit : "");
	if (i == WB_PGS_DATA_DIRECTORY)
		snprintf(s->data_directory, sizeof(s->data_directory), "%s", setting);
	s->have |= 1u << i;
	return 0;
}

int wb_pg_settings_finish(struct wb_pg_settings *s)
{
	double v = s->value[WB_PGS_SERVER_VERSION_NUM];

	/* MMmmmm: a major of two digits at most, and an unsigned to convert into */
	if (!(s->have & (1u << WB_PGS_SERVER_VERSION_NUM)) || !(v > 0 && v < 1e6))
		return -ENOENT;
	s->version_num = (unsigned)v;
	/* 10 and later number their releases MMmmmm: 150018 is 15.18. */
	s->major = s->version_num / 10000;
	return s->major < WB_PG_MIN_MAJOR ? -ENOTSUP : 0;
}

const char *wb_pg_sampler_sql(void)
{
	/* clock_timestamp(), not now(): the transaction's start would make every
	 * session look idle for as long as the query ran. A role without
	 * pg_read_all_stats sees another role's session with backend_type, state
	 * and wait events NULL (pgstatfuncs.c, pg_stat_get_activity): kept, as a
	 * session with no state, which wb_pg_waits_row counts hidden. Of those,
	 * a session of a role (usesysid) in a database (datid) is a backend;
	 * the server's own processes (checkpointer, WAL writer, launchers) have
	 * no role and are left out as they are when visible. */
	return "SELECT coalesce(wait_event_type, ''), coalesce(wait_event, ''), "
	       "CASE WHEN state = 'idle' AND state_change < "
	       "pg_catalog.clock_timestamp() - '1 second'::interval THEN 'idle' "
	       "WHEN state = 'idle' THEN 'idle, recent' ELSE coalesce(state, '') END, "
	       "pg_catalog.count(*) FROM pg_catalog.pg_stat_activity "
	       "WHERE (backend_type = 'client backend' OR (backend_type IS NULL "
	       "AND usesysid IS NOT NULL AND datid IS NOT NULL)) "
	       "AND pid <> pg_catalog.pg_backend_pid() GROUP BY 1, 2, 3";
}

/* The columns every version shares: the clock and the commits. The xids
 * handed out count the commits that write (and so wait for a flush): the sum
 * of xact_commit counts read-only ones too, walbench's own sampling among
 * them. pg_current_snapshot() is 13's. */
#define SNAP_HEAD                                                                            \
	"SELECT extract(epoch FROM clock_timestamp())::float8 AS at_s, "                     \
	"pg_catalog.pg_snapshot_xmax(pg_catalog.pg_current_snapshot())::text "               \
	"AS xids_assigned, "                                                                 \
	"(SELECT sum(xact_commit) FROM pg_catalog.pg_stat_database) AS xact_commit, "        \
	"(SELECT sum(xact_rollback) FROM pg_catalog.pg_stat_database) AS xact_rollback, "    \
	"w.wal_records, w.wal_fpi, w.wal_bytes, w.wal_buffers_full, "

/* The WAL's writes and syncs in pg_stat_wal (14-17). */
#define SNAP_WAL_14                                                                          \
	"w.wal_write AS wal_writes, w.wal_sync AS wal_syncs, "                               \
	"w.wal_write_time AS wal_write_time_ms, w.wal_sync_time AS wal_sync_time_ms, "

/* The checkpointer's and the background writer's pages (14-16), then, after
 * the backends' pages, the checkpointer's counts and times. */
#define SNAP_PAGES_14                                                                        \
	"b.buffers_checkpoint AS buffers_checkpointer, b.buffers_clean AS buffers_bgwriter, "
#define SNAP_BGWRITER_14                                                                     \
	"b.checkpoints_timed, b.checkpoints_req AS checkpoints_requested, "                  \
	"b.checkpoint_write_time AS checkpoint_write_time_ms, "                              \
	"b.checkpoint_sync_time AS checkpoint_sync_time_ms "

/* Backends' data pages from pg_stat_io (16+): written and extended, by every
 * backend type but the two counted on their own, shared relations only (temp
 * relations are local). */
#define SNAP_BACKENDS                                                                        \
	"(SELECT sum(writes) + sum(extends) FROM pg_catalog.pg_stat_io "                     \
	"WHERE object = 'relation' "                                                         \
	"AND backend_type NOT IN ('checkpointer', 'background writer')) AS buffers_backend, "

/* Each view's stats_reset, as seconds since the epoch; the two with one per
 * row (a database, a pg_stat_io row) by their newest, which any reset inside
 * the window moves. Last in the row. */
#define RESET(expr, as) "extract(epoch FROM " expr ")::float8 AS " as
#define SNAP_RESETS_14                                                                       \
	RESET("(SELECT max(stats_reset) FROM pg_catalog.pg_stat_database)",                  \
	      "database_stats_reset") ", "                                                   \
	RESET("w.stats_reset", "wal_stats_reset") ", "                                       \
	RESET("b.stats_reset", "bgwriter_stats_reset") " "
#define SNAP_RESETS_16                                                                       \
	SNAP_RESETS_14 ", "                                                                  \
	RESET("(SELECT max(stats_reset) FROM pg_catalog.pg_stat_io)", "io_stats_reset") " "
#define SNAP_RESETS_17                                                                       \
	SNAP_RESETS_16 ", " RESET("c.stats_reset", "checkpointer_stats_reset") " "

/* 14-15: the checkpointer and the backends in pg_stat_bgwriter. */
static const char snap_14[] =
	SNAP_HEAD
	SNAP_WAL_14
	SNAP_PAGES_14
	"b.buffers_backend, "
	SNAP_BGWRITER_14 ", "
	SNAP_RESETS_14
	"FROM pg_catalog.pg_stat_wal w, pg_catalog.pg_stat_bgwriter b";

/* 16: as 14, but the backends' pages from pg_stat_io, as 17 reads them. */
static const char snap_16[] =
	SNAP_HEAD
	SNAP_WAL_14
	SNAP_PAGES_14
	SNAP_BACKENDS
	SNAP_BGWRITER_14 ", "
	SNAP_RESETS_16
	"FROM pg_catalog.pg_stat_wal w, pg_catalog.pg_stat_bgwriter b";

/* A standby's checkpoints are restartpoints, which 17 counts apart (and 18's
 * num_done leaves out: checkpointer.c counts a completed restartpoint in
 * restartpoints_performed only); the write and sync times are both's. */
#define SNAP_CHECKPOINTER                                                                    \
	"c.buffers_written AS buffers_checkpointer, b.buffers_clean AS buffers_bgwriter, "   \
	SNAP_BACKENDS                                                                        \
	"c.num_timed AS checkpoints_timed, c.num_requested AS checkpoints_requested, "       \
	"c.restartpoints_timed, c.restartpoints_req AS restartpoints_requested, "            \
	"c.restartpoints_done, "                                                             \
	"c.write_time AS checkpoint_write_time_ms, c.sync_time AS checkpoint_sync_time_ms "

/* 17: pg_stat_wal as before; the checkpointer has its own view. */
static const char snap_17[] =
	SNAP_HEAD
	SNAP_WAL_14
	SNAP_CHECKPOINTER ", "
	SNAP_RESETS_17
	"FROM pg_catalog.pg_stat_wal w, pg_catalog.pg_stat_bgwriter b, "
	"pg_catalog.pg_stat_checkpointer c";

/* One sum over pg_stat_io's WAL rows of a context. */
#define SNAP_WAL_IO(col, context, as)                                                        \
	"(SELECT sum(" col ") FROM pg_catalog.pg_stat_io WHERE object = 'wal' "              \
	"AND context = '" context "') AS " as ", "

/* 18: the WAL's I/O is pg_stat_io's; the checkpointer counts completed
 * checkpoints (num_done) apart from skipped ones. */
static const char snap_18[] =
	SNAP_HEAD
	SNAP_WAL_IO("writes", "normal", "wal_writes")
	SNAP_WAL_IO("fsyncs", "normal", "wal_syncs")
	SNAP_WAL_IO("write_bytes", "normal", "wal_write_bytes")
	SNAP_WAL_IO("writes", "init", "wal_init_writes")
	SNAP_WAL_IO("fsyncs", "init", "wal_init_syncs")
	SNAP_WAL_IO("write_time", "normal", "wal_write_time_ms")
	SNAP_WAL_IO("fsync_time", "normal", "wal_sync_time_ms")
	"(SELECT sum(write_time) + sum(fsync_time) FROM pg_catalog.pg_stat_io "
	"WHERE object = 'wal' AND context = 'init') AS wal_init_time_ms, "
	SNAP_CHECKPOINTER ", c.num_done AS checkpoints_done, "
	SNAP_RESETS_17
	"FROM pg_catalog.pg_stat_wal w, pg_catalog.pg_stat_bgwriter b, "
	"pg_catalog.pg_stat_checkpointer c";

const char *wb_pg_snapshot_sql(unsigned major)
{
	if (major < WB_PG_MIN_MAJOR)
		return NULL;
	if (major <= 15)
		return snap_14;
	if (major == 16)
		return snap_16;
	if (major == 17)
		return snap_17;
	return snap_18;
}

/* A non-negative number of the statistics views: integers, numeric sums and
 * float times alike. An integer (a bigint counter, or a numeric sum of them) is
 * also read exactly into *count: through a double alone, counters above 2^53
 * lose their low digits and the deltas between two snapshots with them. */
static int parse_number(const char *text, double *out, uint64_t *count)
{
	char *end;
	double v;

	if (!*text)
		return -EINVAL;
	if (!text[strspn(text, "0123456789")]) {
		errno = 0;
		*count = strtoull(text, &end, 10);
		if (errno == ERANGE)
			return -EINVAL;
		*out = (double)*count;
		return 0;
	}
	v = strtod(text, &end);
	/* 2^64: a count no uint64_t holds (the conversion would be undefined) */
	if (*end || !isfinite(v) || v < 0 || v >= 18446744073709551616.0)
		return -EINVAL;
	*out = v;
	*count = (uint64_t)(v + 0.5);
	return 0;
}

int wb_pg_snapshot_row(struct wb_pg_snapshot *s, unsigned ncols, const char *const *names,
		       const char *const *values)
{
	bool have_at = false;
	uint64_t count;
	double v;
	int i;

	memset(s, 0, sizeof(*s));
	for (unsigned c = 0; c < ncols; c++) {
		if (!values[c])
			continue;
		if (parse_number(values[c], &v, &count))
			return -EINVAL;
		if (!strcmp(names[c], "at_s")) {
			s->at_s = v;
			have_at = true;
			continue;
		}
		for (i = 0; i < WB_PGC_COUNT; i++)
			if (!strcmp(wb_pg_counter_names[i], names[c]))
				break;
		if (i < WB_PGC_COUNT) {
			s->v[i] = count;
			s->have |= 1u << i;
			continue;
		}
		for (i = 0; i < WB_PGT_COUNT; i++)
			if (!strcmp(wb_pg_timer_names[i], names[c]))
				break;
		if (i < WB_PGT_COUNT) {
			s->ms[i] = v;
			s->have_ms |= 1u << i;
			continue;
		}
		for (i = 0; i < WB_PGV_COUNT; i++)
			if (!strcmp(wb_pg_reset_names[i], names[c]))
				break;
		if (i < WB_PGV_COUNT) {
			s->reset_at[i] = v;
			s->have_reset |= 1u << i;
		}
	}
	return have_at ? 0 : -EINVAL;
}

const char *wb_pg_databases_sql(void)
{
	return "SELECT datid, xact_commit, xact_rollback, blks_hit, tup_returned, "
	       "extract(epoch FROM stats_reset)::float8 AS stats_reset "
	       "FROM pg_catalog.pg_stat_database";
}

int wb_pg_databases_row(struct wb_pg_databases *d, unsigned ncols, const char *const *values)
{
	struct wb_pg_database_row *r;
	uint64_t count;
	double v;

	if (ncols != 2 + WB_PGD_COUNT || !values[0])
		return -EINVAL;
	if (d->n == WB_PG_MAX_DATABASES) {
		d->complete = false;
		return 0;
	}
	r = &d->row[d->n];
	memset(r, 0, sizeof(*r));
	if (parse_number(values[0], &v, &count) || count > UINT32_MAX)
		return -EINVAL;
	r->oid = (uint32_t)count;
	for (unsigned k = 0; k < WB_PGD_COUNT; k++)
		if (values[1 + k] && parse_number(values[1 + k], &v, &r->n[k]))
			return -EINVAL;
	if (values[1 + WB_PGD_COUNT]) {
		if (parse_number(values[1 + WB_PGD_COUNT], &r->reset_at, &count))
			return -EINVAL;
		r->have_reset = true;
	}
	d->n++;
	return 0;
}

/* Whether d read a row of database oid. */
static bool database_in(const struct wb_pg_databases *d, uint32_t oid)
{
	for (unsigned i = 0; i < d->n; i++)
		if (d->row[i].oid == oid)
			return true;
	return false;
}

bool wb_pg_databases_kept(const struct wb_pg_databases *b, const struct wb_pg_databases *e,
			  double begin_at, double seconds)
{
	bool moved = false;

	if (!b->complete || !e->complete || !(seconds > 0))
		return false;
	for (unsigned i = 0; i < b->n; i++) {
		const struct wb_pg_database_row *x = &b->row[i], *y = NULL;

		for (unsigned j = 0; j < e->n && !y; j++)
			if (e->row[j].oid == x->oid)
				y = &e->row[j];
		if (!y)
			return false;
		if (x->have_reset == y->have_reset && (!x->have_reset || x->reset_at == y->reset_at))
			continue;
		moved = true;
		for (unsigned k = 0; k < WB_PGD_COUNT; k++)
			if (y->n[k] < x->n[k])
				return false;
		if (x->have_reset && begin_at - x->reset_at < WB_PG_RESET_HISTORY_WINDOWS * seconds)
			return false;
	}
	/* A database created in the window counted from 0, so the sum holds all
	 * it did; up to 14 its new statistics entry sets its stats_reset, which
	 * moves the view's. Only a reset of its own since then would be missed:
	 * the same undercount as a database whose entry is made in the window. */
	for (unsigned j = 0; j < e->n; j++)
		if (e->row[j].have_reset && !database_in(b, e->row[j].oid))
			moved = true;
	return moved;
}

enum wb_pg_view wb_pg_counter_view(unsigned major, enum wb_pg_counter c)
{
	switch (c) {
	case WB_PGC_XACT_COMMIT:
	case WB_PGC_XACT_ROLLBACK:
		return WB_PGV_DATABASE;
	case WB_PGC_WAL_RECORDS:
	case WB_PGC_WAL_FPI:
	case WB_PGC_WAL_BYTES:
	case WB_PGC_WAL_BUFFERS_FULL:
		return WB_PGV_WAL;
	case WB_PGC_WAL_WRITES:
	case WB_PGC_WAL_SYNCS:
		return major >= 18 ? WB_PGV_IO : WB_PGV_WAL;
	case WB_PGC_WAL_WRITE_BYTES:
	case WB_PGC_WAL_INIT_WRITES:
	case WB_PGC_WAL_INIT_SYNCS:
		return WB_PGV_IO;
	case WB_PGC_BUF_BGWRITER:
		return WB_PGV_BGWRITER;
	case WB_PGC_BUF_BACKEND:
		return major >= 16 ? WB_PGV_IO : WB_PGV_BGWRITER;
	case WB_PGC_BUF_CHECKPOINTER:
	case WB_PGC_CKPT_TIMED:
	case WB_PGC_CKPT_REQUESTED:
	case WB_PGC_CKPT_DONE:
	case WB_PGC_RSTPT_TIMED:
	case WB_PGC_RSTPT_REQUESTED:
	case WB_PGC_RSTPT_DONE:
		return major >= 17 ? WB_PGV_CHECKPOINTER : WB_PGV_BGWRITER;
	case WB_PGC_XIDS: /* the server's position: no reset moves it */
	case WB_PGC_COUNT:
		break;
	}
	return WB_PGV_COUNT;
}

enum wb_pg_view wb_pg_timer_view(unsigned major, enum wb_pg_timer t)
{
	switch (t) {
	case WB_PGT_WAL_WRITE:
	case WB_PGT_WAL_SYNC:
		return major >= 18 ? WB_PGV_IO : WB_PGV_WAL;
	case WB_PGT_WAL_INIT:
		return WB_PGV_IO;
	case WB_PGT_CKPT_WRITE:
	case WB_PGT_CKPT_SYNC:
		return major >= 17 ? WB_PGV_CHECKPOINTER : WB_PGV_BGWRITER;
	case WB_PGT_COUNT:
		break;
	}
	return WB_PGV_COUNT;
}

bool wb_pg_io_direct_has(const char *list, const char *item)
{
	size_t want = strlen(item);

	while (list && *list) {
		const char *p = list, *end;
		bool quoted;

		while (isspace((unsigned char)*p))
			p++;
		quoted = *p == '"';
		if (quoted) {
			end = strchr(++p, '"');
			if (!end)
				return false; /* the server refuses an unterminated quote */
		} else {
			end = p + strcspn(p, ",");
			while (end > p && isspace((unsigned char)end[-1]))
				end--;
		}
		if ((size_t)(end - p) == want &&
		    (quoted ? !strncmp(p, item, want) : !strncasecmp(p, item, want)))
			return true;
		list = strchr(end, ',');
		if (list)
			list++;
	}
	return false;
}
