/* json_placement.c — recommendation.placement (one object per --wal-candidate)
 * and .placement_baseline (the data volume's own rows, the data load, where
 * pg_wal should be, the steps to move it, every row as a test). */
#include "report/json_parts.h"

#include <math.h>

#include "report/words.h"

/* One row of figures, returned for its gain; NULL when out of memory. */
static cJSON *add_placement_row(cJSON *parent, enum wb_key key,
				const struct wb_placement_row *r)
{
	cJSON *o = cJSON_AddObjectToObject(parent, wb_key(key));

	if (!o)
		return NULL;
	cJSON_AddBoolToObject(o, K(MEASURED), r->measured);
	cJSON_AddNumberToObject(o, K(COMMITS_PER_S), r->per_s);
	cJSON_AddNumberToObject(o, K(FLUSH_P50_MS), r->p50_us / 1e3);
	cJSON_AddNumberToObject(o, K(FLUSH_P99_MS), r->p99_us / 1e3);
	return o;
}

/* A row's gain against the loaded data directory's, when it was compared. */
static void add_placement_gain(cJSON *row, const struct wb_placement_gain *g)
{
	if (!row || !g->compared)
		return;
	cJSON_AddNumberToObject(row, K(GAIN_PCT), g->pct);
	wb_json_add_range(row, WB_KEY_CI95_PCT, g->low, g->high);
	cJSON_AddBoolToObject(row, K(SIGNIFICANT), g->significant);
}

static const char *const model_why[] = {
	[WB_MODEL_OK] = "ok",
	[WB_MODEL_NO_SERVER] = "no_server",
	[WB_MODEL_NO_WAITS] = "no_waits",
	[WB_MODEL_NO_FLUSH_TIME] = "no_flush_time",
	[WB_MODEL_NO_COMMITS] = "no_commits",
	[WB_MODEL_NOT_MEASURED] = "not_measured",
};

/* The model's prediction in the server's commits and every term it used
 * (placement_model.h); null without a server. */
static void add_model(cJSON *x, const struct wb_model *m)
{
	cJSON *o;

	if (m->why == WB_MODEL_NO_SERVER) {
		cJSON_AddNullToObject(x, K(MODEL_PREDICTION));
		return;
	}
	o = cJSON_AddObjectToObject(x, K(MODEL_PREDICTION));
	if (!o)
		return;
	cJSON_AddStringToObject(o, K(WHY), model_why[m->why]);
	wb_json_add_figure(o, WB_KEY_COMMITS_PER_S, m->commits_per_s);
	if (!m->known)
		return;
	wb_json_add_figure(o, WB_KEY_PREDICTED_PER_S, m->per_s);
	wb_json_add_range(o, WB_KEY_PREDICTED_CI95_PER_S, m->low, m->high);
	wb_json_add_figure(o, WB_KEY_GAIN_PCT, m->gain_pct);
	wb_json_add_range(o, WB_KEY_CI95_PCT, m->gain_low, m->gain_high);
	cJSON_AddStringToObject(o, K(LIMIT), wb_model_limit_name(m->limit));
	cJSON_AddBoolToObject(o, K(CAPPED), m->capped);
	wb_json_add_figure(o, WB_KEY_FLUSH_MS, m->flush_ms);
	cJSON_AddStringToObject(o, K(FLUSH_MS_SOURCE), m->flush_ms_server ? "server" : "walbench");
	cJSON_AddStringToObject(o, K(COMMITS_SOURCE), m->commits_writes ? "writes" : "all");
	wb_json_add_figure(o, WB_KEY_FLUSH_RATIO, m->flush_ratio);
	wb_json_add_range(o, WB_KEY_FLUSH_RATIO_CI95, m->flush_ratio_low, m->flush_ratio_high);
	wb_json_add_figure(o, WB_KEY_WAL_SHARE, m->wal_share);
	wb_json_add_figure(o, WB_KEY_LOCK_SHARE, m->lock_share);
	wb_json_add_figure(o, WB_KEY_REST_SHARE, m->rest_share);
	wb_json_add_figure(o, WB_KEY_COMMITS_PER_FLUSH, m->commits_per_flush);
	wb_json_add_figure(o, WB_KEY_CPU_CAP_PER_S, m->cpu_cap_per_s);
	wb_json_add_figure(o, WB_KEY_DEVICE_CAP_PER_S, m->device_cap_per_s);
}

/* One --wal-candidate: where it is, its gain over the loaded data directory,
 * the verdict and why, its storage and its own rows. */
static void add_candidate(cJSON *x, const struct wb_placement *pl, size_t k)
{
	const struct wb_placement_candidate *c = &pl->c[k];
	char reason[WB_WORDS_CANDIDATE_LEN];
	cJSON *g;

	cJSON_AddStringToObject(x, K(PATH), c->path);
	cJSON_AddBoolToObject(x, K(SAME_DEVICE), c->same_device);
	cJSON_AddBoolToObject(x, K(SAME_FILE_SYSTEM), c->same_fs);
	cJSON_AddStringToObject(x, K(DEVICE), c->device);
	if (c->gain.compared) {
		cJSON_AddNumberToObject(x, K(GAIN_PCT), c->gain.pct);
		wb_json_add_range(x, WB_KEY_CI95_PCT, c->gain.low, c->gain.high);
	} else {
		cJSON_AddNullToObject(x, K(GAIN_PCT));
		cJSON_AddNullToObject(x, K(CI95_PCT));
	}
	cJSON_AddBoolToObject(x, K(SIGNIFICANT), c->gain.significant);
	if (c->row_gain.compared) {
		cJSON_AddNumberToObject(x, K(ROW_GAIN_PCT), c->row_gain.pct);
		wb_json_add_range(x, WB_KEY_ROW_CI95_PCT, c->row_gain.low, c->row_gain.high);
	} else {
		cJSON_AddNullToObject(x, K(ROW_GAIN_PCT));
		cJSON_AddNullToObject(x, K(ROW_CI95_PCT));
	}
	add_model(x, &c->model);
	cJSON_AddBoolToObject(x, K(MOVE), c->move);
	cJSON_AddBoolToObject(x, K(DEPENDS_ON_LOAD), c->depends_on_load);
	if (c->idle_gain.compared) {
		cJSON_AddNumberToObject(x, K(IDLE_GAIN_PCT), c->idle_gain.pct);
		wb_json_add_range(x, WB_KEY_IDLE_CI95_PCT, c->idle_gain.low, c->idle_gain.high);
	} else {
		cJSON_AddNullToObject(x, K(IDLE_GAIN_PCT));
		cJSON_AddNullToObject(x, K(IDLE_CI95_PCT));
	}
	cJSON_AddBoolToObject(x, K(IN_RAM), c->in_ram);
	cJSON_AddBoolToObject(x, K(RECOMMENDED), c->recommended);
	cJSON_AddBoolToObject(x, K(OPEN), c->open);
	cJSON_AddBoolToObject(x, K(UPPER_BOUND), c->upper_bound);
	cJSON_AddStringToObject(x, K(REASON), wb_words_candidate(pl, c, reason, sizeof(reason)));
	if (pl->rs && k + 1 < pl->rs->nsites &&
	    (g = cJSON_AddObjectToObject(x, K(STORAGE))))
		wb_json_add_device(g, &pl->rs->sites[k + 1].device);
	add_placement_gain(add_placement_row(x, WB_KEY_COMMIT, &c->commit), &c->single_gain);
	add_placement_gain(add_placement_row(x, WB_KEY_GROUP, &c->group), &c->row_gain);
}

/* The data volume's own rows, the load, where pg_wal should be and how to
 * move it, and every row as a test. */
static void add_baseline(cJSON *base, const struct wb_placement *pl)
{
	struct wb_placement_words w;
	cJSON *arr, *load, *x;
	size_t k;

	wb_words_placement(pl, &w);
	cJSON_AddStringToObject(base, K(DATA), pl->data);
	cJSON_AddStringToObject(base, K(DEVICE), pl->data_device);
	cJSON_AddBoolToObject(base, K(FAILED), pl->failed);
	cJSON_AddStringToObject(base, K(STATE), wb_placement_state_name(pl->state));
	cJSON_AddBoolToObject(base, K(LIVE_LOAD), pl->live_load);
	if (pl->failed)
		cJSON_AddStringToObject(base, K(FAILURE), w.failure);
	cJSON_AddStringToObject(base, K(HEADLINE), w.headline);
	cJSON_AddStringToObject(base, K(CONTEXT), w.context);
	cJSON_AddStringToObject(base, K(COMMITS_WAIT_FOR),
				wb_commit_waits_for_name(pl->commit_wait.state));
	cJSON_AddStringToObject(base, K(COMMITS_WAIT_LINE), w.waits_for);
	cJSON_AddStringToObject(base, K(WAL_DIR), pl->wal_dir ? pl->wal_dir : "");
	if (pl->best >= 0)
		cJSON_AddStringToObject(base, K(MOVE_TO), pl->c[pl->best].path);
	else
		cJSON_AddNullToObject(base, K(MOVE_TO));
	cJSON_AddNumberToObject(base, K(GROUP_COMMITTERS), pl->group_committers);
	if (pl->rs) {
		cJSON_AddNumberToObject(base, K(ROUNDS), pl->rs->rounds);
		cJSON_AddNumberToObject(base, K(ELAPSED_S), (double)pl->rs->elapsed_ns / 1e9);
		if (pl->rs->settled_in_s > 0)
			cJSON_AddNumberToObject(base, K(SETTLED_IN_S), pl->rs->settled_in_s);
		else
			cJSON_AddNullToObject(base, K(SETTLED_IN_S));
	}
	add_placement_row(base, WB_KEY_IDLE_COMMIT, &pl->idle_commit);
	add_placement_row(base, WB_KEY_IDLE_GROUP, &pl->idle_group);
	add_placement_row(base, WB_KEY_LOADED_COMMIT, &pl->loaded_commit);
	add_placement_row(base, WB_KEY_LOADED_GROUP, &pl->loaded_group);
	if (pl->slowdown_known) {
		cJSON_AddNumberToObject(base, K(LOAD_SLOWDOWN_PCT), pl->slowdown_pct);
		wb_json_add_range(base, WB_KEY_LOAD_SLOWDOWN_CI95_PCT, pl->slowdown_low,
				  pl->slowdown_high);
	} else {
		cJSON_AddNullToObject(base, K(LOAD_SLOWDOWN_PCT));
	}
	load = cJSON_AddObjectToObject(base, K(LOAD));
	if (load) {
		cJSON_AddNumberToObject(load, K(TARGET_PER_S), pl->load_target_per_s);
		cJSON_AddNumberToObject(load, K(ACHIEVED_PER_S), pl->load_achieved_per_s);
		cJSON_AddNumberToObject(load, K(CAPACITY_PER_S), pl->load_capacity_per_s);
		cJSON_AddNumberToObject(load, K(CAPACITY_PCT), pl->load_pct);
		cJSON_AddBoolToObject(load, K(KEPT_UP), pl->load_kept_up);
		cJSON_AddNumberToObject(load, K(FSYNC_MEAN_MS), pl->load_fsync_mean_ms);
		cJSON_AddNumberToObject(load, K(FSYNC_MAX_MS), pl->load_fsync_max_ms);
	}
	arr = cJSON_AddArrayToObject(base, K(STEPS));
	for (k = 0; arr && k < w.nsteps; k++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(w.steps[k]));
	/* Every row as a test, trials and all: the verdict's evidence in full. */
	arr = pl->rs ? cJSON_AddArrayToObject(base, K(TESTS)) : NULL;
	for (k = 0; arr && k < pl->rs->n; k++)
		if ((x = wb_json_test(pl->rs, &pl->rs->v[k])))
			cJSON_AddItemToArray(arr, x);
}

/* "placement": one object per candidate; "placement_baseline": the data
 * volume's own rows, the load, and where pg_wal should be. */
void wb_json_add_placement(cJSON *o, const struct wb_placement *pl)
{
	cJSON *arr, *base, *x;
	size_t k;

	if (!pl) {
		cJSON_AddNullToObject(o, K(PLACEMENT));
		cJSON_AddNullToObject(o, K(PLACEMENT_BASELINE));
		return;
	}
	arr = cJSON_AddArrayToObject(o, K(PLACEMENT));
	for (k = 0; arr && k < pl->n; k++) {
		if (!(x = cJSON_CreateObject()))
			break;
		add_candidate(x, pl, k);
		cJSON_AddItemToArray(arr, x);
	}
	if ((base = cJSON_AddObjectToObject(o, K(PLACEMENT_BASELINE))))
		add_baseline(base, pl);
}
