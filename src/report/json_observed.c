/* json_observed.c — the results file's "observed" object: what `observe` (and
 * `recommend --server`) read from the running server, raw and derived, so
 * `recommend --observed` can decide from it later and a report can show it.
 * The settings are keyed by the server's own GUC names; everything else by
 * results/schema.h. Unknown rates are null, never 0. */
#include "report/json_parts.h"

#include <math.h>

#include "report/observed_keys.h"

/* Counters and timers as read (one snapshot) or as changed (the delta); the
 * object, NULL when out of memory. */
static cJSON *add_counts(cJSON *parent, enum wb_key key, const uint64_t *v, const double *ms,
			 uint32_t have, uint32_t have_ms)
{
	cJSON *o = cJSON_AddObjectToObject(parent, wb_key(key));
	unsigned k;

	if (!o)
		return NULL;
	for (k = 0; k < WB_PGC_COUNT; k++)
		if (have & (1u << k))
			cJSON_AddNumberToObject(o, wb_key(wb_observed_counter_key(k)), (double)v[k]);
	for (k = 0; k < WB_PGT_COUNT; k++)
		if (have_ms & (1u << k))
			cJSON_AddNumberToObject(o, wb_key(wb_observed_timer_key(k)), ms[k]);
	return o;
}

/* A snapshot: its counters and timers, and each view's stats_reset read. */
static void add_snapshot(cJSON *parent, enum wb_key key, const struct wb_pg_snapshot *s)
{
	cJSON *o = add_counts(parent, key, s->v, s->ms, s->have, s->have_ms);
	unsigned k;

	for (k = 0; o && k < WB_PGV_COUNT; k++)
		if (s->have_reset & (1u << k))
			cJSON_AddNumberToObject(o, wb_key(wb_observed_reset_key(k)), s->reset_at[k]);
}

static void add_settings(cJSON *parent, const struct wb_pg_settings *s)
{
	cJSON *o = cJSON_AddObjectToObject(parent, K(SETTINGS)), *one;
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

/* The sampled shares: null when they say nothing (missing says why). */
static void add_waits_rates(cJSON *o, const struct wb_pg_wait_shares *w)
{
	cJSON *share, *half;
	unsigned k;

	wb_json_add_figure(o, WB_KEY_BUSY_SESSIONS, w->known ? w->busy_sessions : NAN);
	if (!w->known) {
		cJSON_AddNullToObject(o, K(WAIT_SHARE));
		cJSON_AddNullToObject(o, K(WAIT_SHARE_HALF95));
		return;
	}
	share = cJSON_AddObjectToObject(o, K(WAIT_SHARE));
	half = cJSON_AddObjectToObject(o, K(WAIT_SHARE_HALF95));
	for (k = 0; share && half && k < WB_PGW_COUNT; k++) {
		cJSON_AddNumberToObject(share, wb_key(wb_observed_wait_key(k)), w->share[k]);
		cJSON_AddNumberToObject(half, wb_key(wb_observed_wait_key(k)), w->half95[k]);
	}
}

/* The raw samples, which the reader derives the shares from again, and why
 * the sampler stopped (null: it sampled the whole window). */
static void add_waits(cJSON *parent, const struct wb_pg_waits *w, const char *failure)
{
	cJSON *o = cJSON_AddObjectToObject(parent, K(WAITS)), *classes;
	unsigned k;

	if (!o)
		return;
	if (failure[0])
		cJSON_AddStringToObject(o, K(FAILURE), failure);
	else
		cJSON_AddNullToObject(o, K(FAILURE));
	cJSON_AddNumberToObject(o, K(ROUNDS), w->rounds);
	cJSON_AddNumberToObject(o, K(BUSY_ROUNDS), w->busy_rounds);
	cJSON_AddNumberToObject(o, K(HIDDEN), w->hidden);
	classes = cJSON_AddObjectToObject(o, K(CLASSES));
	for (k = 0; classes && k < WB_PGW_COUNT; k++) {
		cJSON *c = cJSON_AddObjectToObject(classes, wb_key(wb_observed_wait_key(k)));

		if (!c)
			continue;
		cJSON_AddNumberToObject(c, K(SESSIONS), w->sessions[k]);
		cJSON_AddNumberToObject(c, K(SHARE_SUM), w->share_sum[k]);
		cJSON_AddNumberToObject(c, K(SHARE_SUMSQ), w->share_sumsq[k]);
	}
}

static void add_rates(cJSON *parent, const struct wb_pg_rates *r)
{
	cJSON *o = cJSON_AddObjectToObject(parent, K(RATES));

	if (!o)
		return;
	wb_json_add_figure(o, WB_KEY_COMMITS_PER_S, r->commits_per_s);
	wb_json_add_figure(o, WB_KEY_WRITE_COMMITS_PER_S, r->write_commits_per_s);
	wb_json_add_figure(o, WB_KEY_WAL_BYTES_PER_S, r->wal_bytes_per_s);
	wb_json_add_figure(o, WB_KEY_WAL_WRITES_PER_S, r->wal_writes_per_s);
	wb_json_add_figure(o, WB_KEY_FLUSHES_PER_S, r->wal_syncs_per_s);
	wb_json_add_figure(o, WB_KEY_BYTES_PER_WRITE, r->bytes_per_write);
	wb_json_add_figure(o, WB_KEY_BYTES_PER_FLUSH, r->bytes_per_flush);
	wb_json_add_figure(o, WB_KEY_FLUSH_MS, r->flush_ms);
	wb_json_add_figure(o, WB_KEY_FLUSH_BUSY, r->flush_busy);
	wb_json_add_figure(o, WB_KEY_DATA_PAGES_PER_S, r->data_pages_per_s);
	wb_json_add_figure(o, WB_KEY_DEVICE_WRITES_PER_PAGE, r->device_writes_per_page);
	wb_json_add_figure(o, WB_KEY_BUFFERS_FULL_PER_S, r->buffers_full_per_s);
	wb_json_add_figure(o, WB_KEY_FPI_SHARE, r->fpi_share);
	cJSON_AddNumberToObject(o, K(CHECKPOINTS), r->checkpoints);
	cJSON_AddBoolToObject(o, K(CHECKPOINT_IN_WINDOW), r->checkpoint_in_window);
	wb_json_add_figure(o, WB_KEY_CHECKPOINT_SEEN, r->checkpoint_seen);
	wb_json_add_figure(o, WB_KEY_CPU_BUSY, r->cpu_busy);
	cJSON_AddNumberToObject(o, K(NCPU), r->ncpu);
	wb_json_add_figure(o, WB_KEY_SERVER_CPUS, r->server_cpus);
	add_waits_rates(o, &r->waits);
	cJSON_AddBoolToObject(o, K(OPEN_METHOD), r->open_method);
	cJSON_AddBoolToObject(o, K(FSYNC_OFF), r->fsync_off);
	cJSON_AddBoolToObject(o, K(ASYNC_COMMIT), r->async_commit);
}

static void add_paths(cJSON *parent, const struct wb_pg_paths *p)
{
	cJSON *o = cJSON_AddObjectToObject(parent, K(PATHS));

	if (!o)
		return;
	if (p->data_directory[0])
		cJSON_AddStringToObject(o, K(DATA_DIRECTORY), p->data_directory);
	else
		cJSON_AddNullToObject(o, K(DATA_DIRECTORY));
	if (p->pg_wal[0])
		cJSON_AddStringToObject(o, K(PG_WAL), p->pg_wal);
	else
		cJSON_AddNullToObject(o, K(PG_WAL));
	cJSON_AddBoolToObject(o, K(ON_THIS_HOST), p->on_this_host);
	cJSON_AddBoolToObject(o, K(WAL_MOVED), p->wal_moved);
	cJSON_AddStringToObject(o, K(DATA_DEVICE), p->data_dev);
	cJSON_AddStringToObject(o, K(WAL_DEVICE), p->wal_dev);
}

void wb_json_add_observed(cJSON *root, const struct wb_pg_observed *ob)
{
	cJSON *o = cJSON_AddObjectToObject(root, K(OBSERVED)), *x, *missing;
	unsigned k;

	if (!o)
		return;
	cJSON_AddStringToObject(o, K(DSN), ob->dsn);
	cJSON_AddNumberToObject(o, K(VERSION_NUM), ob->set.version_num);
	cJSON_AddNumberToObject(o, K(MAJOR), ob->set.major);
	add_settings(o, &ob->set);
	x = cJSON_AddObjectToObject(o, K(INTERVAL));
	if (x) {
		cJSON_AddNumberToObject(x, K(BEGIN), ob->begin.at_s);
		cJSON_AddNumberToObject(x, K(END), ob->end.at_s);
		cJSON_AddNumberToObject(x, K(SECONDS), ob->seconds);
	}
	add_snapshot(o, WB_KEY_BEGIN, &ob->begin);
	add_snapshot(o, WB_KEY_END, &ob->end);
	(void)add_counts(o, WB_KEY_DELTA, ob->delta, ob->delta_ms, ob->have, ob->have_ms);
	x = cJSON_AddArrayToObject(o, K(RESETS));
	for (k = 0; x && k < WB_PGV_COUNT; k++)
		if (ob->reset & (1u << k))
			cJSON_AddItemToArray(x, cJSON_CreateString(wb_pg_view_names[k]));
	add_rates(o, &ob->rate);
	add_paths(o, &ob->paths);
	if (ob->dev.have && (x = cJSON_AddObjectToObject(o, K(DEVICE)))) {
		cJSON_AddNumberToObject(x, K(WRITES), (double)(ob->dev.writes_end -
								  ob->dev.writes_begin));
		cJSON_AddNumberToObject(x, K(SECTORS), (double)(ob->dev.sectors_end -
								   ob->dev.sectors_begin));
	} else {
		cJSON_AddNullToObject(o, K(DEVICE));
	}
	if (ob->cpu.have && (x = cJSON_AddObjectToObject(o, K(CPU)))) {
		cJSON_AddNumberToObject(x, K(NCPU), ob->cpu.ncpu);
		cJSON_AddNumberToObject(x, K(BUSY_TICKS), (double)(ob->cpu.busy_end -
								     ob->cpu.busy_begin));
		cJSON_AddNumberToObject(x, K(TOTAL_TICKS), (double)(ob->cpu.total_end -
								      ob->cpu.total_begin));
		if (ob->cpu.have_server) {
			cJSON_AddNumberToObject(x, K(SERVER_TICKS), (double)(ob->cpu.server_end -
									       ob->cpu.server_begin));
			cJSON_AddNumberToObject(x, K(TICK_HZ), ob->cpu.tick_hz);
			if (ob->cpu.have_own)
				cJSON_AddNumberToObject(x, K(OWN_TICKS), (double)(ob->cpu.own_end -
										    ob->cpu.own_begin));
			else
				cJSON_AddNullToObject(x, K(OWN_TICKS));
		} else {
			cJSON_AddNullToObject(x, K(SERVER_TICKS));
			cJSON_AddNullToObject(x, K(TICK_HZ));
		}
	} else {
		cJSON_AddNullToObject(o, K(CPU));
	}
	add_waits(o, &ob->waits, ob->sampler_failure);
	cJSON_AddBoolToObject(o, K(DATABASE_RESET_KEPT), ob->database_reset_kept);
	cJSON_AddNumberToObject(o, K(OWN_COMMITS), ob->own.commits);
	cJSON_AddNumberToObject(o, K(OWN_ROLLBACKS), ob->own.rollbacks);
	missing = cJSON_AddArrayToObject(o, K(MISSING));
	for (k = 0; missing && k < WB_PGM_COUNT; k++)
		if (ob->missing & (1u << k))
			cJSON_AddItemToArray(missing, cJSON_CreateString(wb_key(wb_observed_missing_key(k))));
}
