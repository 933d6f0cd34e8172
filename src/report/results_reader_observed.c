/* results_reader_observed.c — the results file's "observed" object back into
 * a struct wb_pg_observed, so `recommend --observed` decides from a saved
 * observation exactly as from a live one: the settings go through the same
 * parser as the server's rows (pg_queries.h), the counters are set by their
 * keys, and the rates are derived again (pg_derive.h) rather than trusted. */
#include "report/results_reader_parts.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/observed_keys.h"
#include "pgstat/pg_derive.h"
#include "pgstat/pg_queries.h"

static int read_settings(struct reader *rd, const cJSON *obj, struct wb_pg_settings *s)
{
	const cJSON *one;

	if (!cJSON_IsObject(obj))
		return wb_rd_refuse(rd, wb_key(WB_KEY_SETTINGS), "expected an object, got %s",
				    wb_rd_type_name(obj));
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

/* One snapshot's counters and timers, by their keys. */
static int read_counts(struct reader *rd, const cJSON *obj, enum wb_key key,
		       struct wb_pg_snapshot *s)
{
	const cJSON *o = wb_rd_member(obj, key);
	bool present;
	double v;
	unsigned k;
	int ret;

	if (!cJSON_IsObject(o))
		return wb_rd_refuse(rd, wb_key(key), "expected an object of counters");
	for (k = 0; k < WB_PGC_COUNT; k++) {
		if ((ret = wb_rd_get_rate(rd, o, wb_observed_counter_key(k), &v, &present)))
			return ret;
		if (present) {
			s->v[k] = (uint64_t)v;
			s->have |= 1u << k;
		}
	}
	for (k = 0; k < WB_PGT_COUNT; k++) {
		if ((ret = wb_rd_get_rate(rd, o, wb_observed_timer_key(k), &v, &present)))
			return ret;
		if (present) {
			s->ms[k] = v;
			s->have_ms |= 1u << k;
		}
	}
	for (k = 0; k < WB_PGV_COUNT; k++) {
		if ((ret = wb_rd_get_rate(rd, o, wb_observed_reset_key(k), &v, &present)))
			return ret;
		if (present) {
			s->reset_at[k] = v;
			s->have_reset |= 1u << k;
		}
	}
	return 0;
}

static void read_paths(const cJSON *p, struct wb_pg_paths *out)
{
	const cJSON *v;

	if (!cJSON_IsObject(p))
		return;
	if (cJSON_IsString(v = wb_rd_member(p, WB_KEY_DATA_DIRECTORY)))
		snprintf(out->data_directory, sizeof(out->data_directory), "%s", v->valuestring);
	if (cJSON_IsString(v = wb_rd_member(p, WB_KEY_PG_WAL)))
		snprintf(out->pg_wal, sizeof(out->pg_wal), "%s", v->valuestring);
	out->on_this_host = wb_rd_show_true(p, WB_KEY_ON_THIS_HOST);
	out->wal_moved = wb_rd_show_true(p, WB_KEY_WAL_MOVED);
	if (cJSON_IsString(v = wb_rd_member(p, WB_KEY_DATA_DEVICE)))
		snprintf(out->data_dev, sizeof(out->data_dev), "%s", v->valuestring);
	if (cJSON_IsString(v = wb_rd_member(p, WB_KEY_WAL_DEVICE)))
		snprintf(out->wal_dev, sizeof(out->wal_dev), "%s", v->valuestring);
}

/* The host's CPU ticks over the window (kept as end - begin). */
static void read_cpu(const cJSON *x, struct wb_pg_cpu *out)
{
	double n = wb_rd_show_number(x, WB_KEY_NCPU), busy = wb_rd_show_number(x, WB_KEY_BUSY_TICKS),
	       total = wb_rd_show_number(x, WB_KEY_TOTAL_TICKS);

	if (!cJSON_IsObject(x) || !(n >= 1) || !(busy >= 0) || !(total > 0) || busy > total)
		return;
	out->have = true;
	out->ncpu = (unsigned)n;
	out->busy_end = (uint64_t)busy;
	out->total_end = (uint64_t)total;
	busy = wb_rd_show_number(x, WB_KEY_SERVER_TICKS);
	total = wb_rd_show_number(x, WB_KEY_TICK_HZ);
	if (busy >= 0 && total > 0) {
		out->have_server = true;
		out->server_end = (uint64_t)busy;
		out->tick_hz = total;
		busy = wb_rd_show_number(x, WB_KEY_OWN_TICKS);
		if (busy >= 0 && busy <= (double)out->server_end) {
			out->have_own = true;
			out->own_end = (uint64_t)busy;
		}
	}
}

/* walbench's own transactions; a file from before schema 17 counted the
 * sampler's rounds only, one commit each. */
static void read_own(const cJSON *obj, struct wb_pg_observed *o)
{
	double commits = wb_rd_show_number(obj, WB_KEY_OWN_COMMITS),
	       rollbacks = wb_rd_show_number(obj, WB_KEY_OWN_ROLLBACKS);

	o->own.commits = commits >= 0 && commits <= UINT32_MAX ? (uint32_t)commits
							      : o->waits.rounds;
	o->own.rollbacks = rollbacks >= 0 && rollbacks <= UINT32_MAX ? (uint32_t)rollbacks : 0;
}

/* Why the sampler stopped: a string, or null when it did not. */
static void read_sampler_failure(const cJSON *x, struct wb_pg_observed *o)
{
	const cJSON *f = wb_rd_member(x, WB_KEY_FAILURE);

	if (cJSON_IsString(f))
		snprintf(o->sampler_failure, sizeof(o->sampler_failure), "%s", f->valuestring);
}

/* The wait samples' sums; a file from before them has none (missing
 * "waits" is set again when the shares are derived). */
static void read_waits(const cJSON *x, struct wb_pg_waits *out)
{
	const cJSON *classes = wb_rd_member(x, WB_KEY_CLASSES);
	double rounds = wb_rd_show_number(x, WB_KEY_ROUNDS),
	       busy = wb_rd_show_number(x, WB_KEY_BUSY_ROUNDS),
	       hidden = wb_rd_show_number(x, WB_KEY_HIDDEN);
	unsigned k;

	if (!cJSON_IsObject(x) || !cJSON_IsObject(classes) || !(rounds >= 0) || !(busy >= 0) ||
	    !(hidden >= 0) || busy > rounds || rounds > UINT32_MAX || hidden > UINT32_MAX)
		return;
	for (k = 0; k < WB_PGW_COUNT; k++) {
		const cJSON *c = wb_rd_member(classes, wb_observed_wait_key(k));
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
			return;
		out->sessions[k] = n;
		out->share_sum[k] = sum;
		out->share_sumsq[k] = sq;
	}
	out->rounds = (uint32_t)rounds;
	out->busy_rounds = (uint32_t)busy;
	out->hidden = (uint32_t)hidden;
}

static void read_missing(const cJSON *obj, struct wb_pg_observed *o)
{
	const cJSON *a = wb_rd_member(obj, WB_KEY_MISSING), *e;

	cJSON_ArrayForEach(e, a)
		for (unsigned k = 0; k < WB_PGM_COUNT; k++)
			if (cJSON_IsString(e) && !strcmp(e->valuestring, wb_key(wb_observed_missing_key(k))))
				o->missing |= 1u << k;
}

int wb_rd_observed(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *obj = wb_rd_member(root, WB_KEY_OBSERVED), *x;
	struct wb_pg_observed *o;
	int ret;

	if (!obj || cJSON_IsNull(obj))
		return 0;
	snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_OBSERVED));
	if (!cJSON_IsObject(obj))
		return wb_rd_refuse(rd, NULL, "expected an object, got %s", wb_rd_type_name(obj));
	o = wb_rd_keep_array(rd, 1, sizeof(*o));
	if (!o)
		return -ENOMEM;
	if (cJSON_IsString(x = wb_rd_member(obj, WB_KEY_DSN)))
		snprintf(o->dsn, sizeof(o->dsn), "%s", x->valuestring);
	if ((ret = read_settings(rd, wb_rd_member(obj, WB_KEY_SETTINGS), &o->set)))
		return ret;
	x = wb_rd_member(obj, WB_KEY_INTERVAL);
	o->begin.at_s = wb_rd_show_number(x, WB_KEY_BEGIN);
	o->end.at_s = wb_rd_show_number(x, WB_KEY_END);
	if (!(o->end.at_s > o->begin.at_s))
		return wb_rd_refuse(rd, wb_key(WB_KEY_INTERVAL), "expected begin before end");
	if ((ret = read_counts(rd, obj, WB_KEY_BEGIN, &o->begin)) ||
	    (ret = read_counts(rd, obj, WB_KEY_END, &o->end)))
		return ret;
	read_paths(wb_rd_member(obj, WB_KEY_PATHS), &o->paths);
	x = wb_rd_member(obj, WB_KEY_DEVICE);
	if (cJSON_IsObject(x) && isfinite(wb_rd_show_number(x, WB_KEY_WRITES))) {
		o->dev.have = true;
		o->dev.writes_end = (uint64_t)wb_rd_show_number(x, WB_KEY_WRITES);
		o->dev.sectors_end = isfinite(wb_rd_show_number(x, WB_KEY_SECTORS))
					     ? (uint64_t)wb_rd_show_number(x, WB_KEY_SECTORS) : 0;
	}
	read_cpu(wb_rd_member(obj, WB_KEY_CPU), &o->cpu);
	read_waits(wb_rd_member(obj, WB_KEY_WAITS), &o->waits);
	read_sampler_failure(wb_rd_member(obj, WB_KEY_WAITS), o);
	read_own(obj, o);
	o->database_reset_kept = wb_rd_show_true(obj, WB_KEY_DATABASE_RESET_KEPT);
	read_missing(obj, o);
	wb_pg_derive(o);
	out->observed = o;
	rd->where[0] = '\0';
	return 0;
}
