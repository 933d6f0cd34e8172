/* placement_fields.c — recommendation.placement (one object per
 * --wal-candidate) and .placement_baseline (the data volume's own rows, the
 * load, where pg_wal should be and the steps to move it) as tables of fields
 * over results/saved.h's struct wb_saved_placement, walked by fields.h's one
 * writer and one reader. The writer first fills that struct from the verdict
 * (advice/placement.h) and its words (words.h), in the file's units; the HTML
 * report reads what the reader fills; the recommendation's table
 * (recommend_fields.c) has these rows as one of its own. Never read back: each
 * candidate's storage facts and the run's rows as tests (the file's own tests again). */
#include "report/fields.h"
#include "report/fields_cells.h"
#include "report/json_parts.h"

#include "report/words.h"

#define GN(m) offsetof(struct wb_saved_gain, m)
#define RW(m) offsetof(struct wb_saved_placement_row, m)
#define MD(m) offsetof(struct wb_saved_model, m)
#define CA(m) offsetof(struct wb_saved_candidate, m)
#define PL(m) offsetof(struct wb_saved_placement, m)
#define AL(m) offsetof(struct wb_saved_at_load, m)

/* A row of figures; a candidate's adds its gain against the loaded data's. */
static const struct wb_field row_rows[] = {
	WB_FIELD(MEASURED, BOOL, RW(measured)),
	WB_FIELD(COMMITS_PER_S, DOUBLE, RW(commits_per_s), .unit = "1/s"),
	WB_FIELD(FLUSH_P50_MS, DOUBLE, RW(p50_ms), .unit = "ms"),
	WB_FIELD(FLUSH_P99_MS, DOUBLE, RW(p99_ms), .unit = "ms"),
	WB_FIELD(GAIN_PCT, DOUBLE, RW(gain.pct), .unit = "%",
		 .omit_unless = WB_F_IF(RW(gain.compared))),
	WB_FIELD(CI95_PCT, RANGE, RW(gain.ci95_pct), .unit = "%",
		 .omit_unless = WB_F_IF(RW(gain.compared))),
	WB_FIELD(SIGNIFICANT, BOOL, RW(gain.significant),
		 .omit_unless = WB_F_IF(RW(gain.compared))),
};
static const struct wb_fields row_table = WB_FIELDS(row_rows, NULL);

#define KNOWN .omit_unless = WB_F_IF(MD(known))

/* The model's prediction in the server's commits and every term it used. */
static const struct wb_field model_rows[] = {
	WB_FIELD(WHY, TEXT, MD(why)),
	WB_FIELD(COMMITS_PER_S, FIGURE, MD(commits_per_s), .unit = "1/s"),
	WB_FIELD(PREDICTED_PER_S, FIGURE, MD(predicted_per_s), .unit = "1/s", KNOWN),
	WB_FIELD(PREDICTED_CI95_PER_S, RANGE, MD(predicted_ci95_per_s), .unit = "1/s", KNOWN),
	WB_FIELD(GAIN_PCT, FIGURE, MD(gain_pct), .unit = "%", KNOWN),
	WB_FIELD(CI95_PCT, RANGE, MD(ci95_pct), .unit = "%", KNOWN),
	WB_FIELD(LIMIT, TEXT, MD(limit), KNOWN),
	WB_FIELD(CAPPED, BOOL, MD(capped), KNOWN),
	WB_FIELD(CLIP, TEXT, MD(clip), KNOWN),
	WB_FIELD(LOW_LIMIT, TEXT, MD(low_limit), KNOWN),
	WB_FIELD(HIGH_LIMIT, TEXT, MD(high_limit), KNOWN),
	WB_FIELD(FLUSH_MS, FIGURE, MD(flush_ms), .unit = "ms", KNOWN),
	WB_FIELD(FLUSH_MS_SOURCE, TEXT, MD(flush_ms_source), KNOWN),
	WB_FIELD(COMMITS_SOURCE, TEXT, MD(commits_source), KNOWN),
	WB_FIELD(FLUSH_RATIO, FIGURE, MD(flush_ratio), KNOWN),
	WB_FIELD(FLUSH_RATIO_CI95, RANGE, MD(flush_ratio_ci95), KNOWN),
	WB_FIELD(WAL_SHARE, FIGURE, MD(wal_share), .unit = "share", KNOWN),
	WB_FIELD(LOCK_SHARE, FIGURE, MD(lock_share), .unit = "share", KNOWN),
	WB_FIELD(REST_SHARE, FIGURE, MD(rest_share), .unit = "share", KNOWN),
	WB_FIELD(COMMITS_PER_FLUSH, FIGURE, MD(commits_per_flush), KNOWN),
	WB_FIELD(CPU_CAP_PER_S, FIGURE, MD(cpu_cap_per_s), .unit = "1/s", KNOWN),
	WB_FIELD(DEVICE_CAP_PER_S, FIGURE, MD(device_cap_per_s), .unit = "1/s", KNOWN),
};
static const struct wb_fields model_table = WB_FIELDS(model_rows, NULL);

/* A candidate on the data volume measured again at its predicted commits'
 * data load: the last round. */
static const struct wb_field at_load_rows[] = {
	WB_FIELD(ROUNDS, UINT, AL(rounds)),
	WB_FIELD(COMMITS_PER_S, DOUBLE, AL(commits_per_s), .unit = "1/s"),
	WB_FIELD(DATA_PAGES_PER_S, DOUBLE, AL(data_pages_per_s), .unit = "1/s"),
	WB_FIELD(SETTLED, BOOL, AL(settled)),
	WB_FIELD(BUDGET_OUT, BOOL, AL(budget_out)),
};
static const struct wb_fields at_load_table = WB_FIELDS(at_load_rows, NULL);

/* storage: the facts of the candidate's directory, as host.device has them. */
static void write_storage(cJSON *o, enum wb_key key, const void *base)
{
	const struct wb_saved_candidate *c = base;
	cJSON *g;

	if (c->storage && (g = cJSON_AddObjectToObject(o, wb_key(key))))
		wb_json_add_device(g, c->storage);
}

#define COMPARED(g) .null_unless = WB_F_IF(CA(g.compared))

/* One --wal-candidate. */
static const struct wb_field candidate_rows[] = {
	WB_FIELD(PATH, TEXT, CA(path), .label = 1, .label_name = "candidate"),
	WB_FIELD(SAME_DEVICE, BOOL, CA(same_device)),
	WB_FIELD(SAME_FILE_SYSTEM, BOOL, CA(same_fs)),
	WB_FIELD(DEVICE, TEXT, CA(device)),
	WB_FIELD(GAIN_PCT, DOUBLE, CA(gain.pct), .unit = "%", COMPARED(gain),
		 .prom = WB_PROM_PLACEMENT_GAIN),
	WB_FIELD(CI95_PCT, RANGE, CA(gain.ci95_pct), .unit = "%", COMPARED(gain)),
	WB_FIELD(SIGNIFICANT, BOOL, CA(gain.significant)),
	WB_FIELD(ROW_GAIN_PCT, DOUBLE, CA(row_gain.pct), .unit = "%", COMPARED(row_gain)),
	WB_FIELD(ROW_CI95_PCT, RANGE, CA(row_gain.ci95_pct), .unit = "%", COMPARED(row_gain)),
	WB_FIELD(MODEL_PREDICTION, OBJECT, CA(model), .sub = &model_table,
		 .null_unless = WB_F_IF(CA(model.present))),
	WB_FIELD(MOVE, BOOL, CA(move)),
	WB_FIELD(DEPENDS_ON_LOAD, BOOL, CA(depends_on_load)),
	WB_FIELD(IDLE_GAIN_PCT, DOUBLE, CA(idle_gain.pct), .unit = "%", COMPARED(idle_gain)),
	WB_FIELD(IDLE_CI95_PCT, RANGE, CA(idle_gain.ci95_pct), .unit = "%", COMPARED(idle_gain)),
	WB_FIELD(IN_RAM, BOOL, CA(in_ram)),
	WB_FIELD(RECOMMENDED, BOOL, CA(recommended), .flags = WB_FF_TRUE_ABSENT,
		 .prom = WB_PROM_PLACEMENT_RECOMMENDED),
	WB_FIELD(OPEN, BOOL, CA(open)),
	WB_FIELD(UPPER_BOUND, BOOL, CA(upper_bound)),
	WB_FIELD(AT_LOAD, OBJECT, CA(at_load), .sub = &at_load_table,
		 .null_unless = WB_F_IF(CA(at_load.present))),
	WB_FIELD(REASON, TEXT, CA(reason)),
	{ .key = WB_KEY_STORAGE, .type = WB_F_CUSTOM, .write = write_storage,
	  .flags = WB_FF_UNREAD },
	WB_FIELD(COMMIT, OBJECT, CA(commit), .sub = &row_table),
	WB_FIELD(GROUP, OBJECT, CA(group), .sub = &row_table),
};
const struct wb_fields wb_candidate_fields = WB_FIELDS(candidate_rows, NULL);

/* The load on the data volume: what it was asked, what it kept up. */
static const struct wb_field load_rows[] = {
	WB_FIELD(TARGET_PER_S, DOUBLE, PL(load_target_per_s), .unit = "1/s"),
	WB_FIELD(ACHIEVED_PER_S, DOUBLE, PL(load_achieved_per_s), .unit = "1/s"),
	WB_FIELD(CAPACITY_PER_S, DOUBLE, PL(load_capacity_per_s), .unit = "1/s"),
	WB_FIELD(CAPACITY_PCT, DOUBLE, PL(load_pct), .unit = "%"),
	WB_FIELD(KEPT_UP, BOOL, PL(load_kept_up)),
	WB_FIELD(FSYNC_MEAN_MS, DOUBLE, PL(load_fsync_mean_ms), .unit = "ms"),
	WB_FIELD(FSYNC_MAX_MS, DOUBLE, PL(load_fsync_max_ms), .unit = "ms"),
};
static const struct wb_fields load_table = WB_FIELDS(load_rows, NULL);

/* tests: every row of the run, trials and all: the verdict's evidence in full. */
static void write_tests(cJSON *o, enum wb_key key, const void *base)
{
	const struct wb_results *rs = ((const struct wb_saved_placement *)base)->rs;
	cJSON *arr = rs ? cJSON_AddArrayToObject(o, wb_key(key)) : NULL, *x;
	size_t k;

	for (k = 0; arr && k < rs->n; k++)
		if ((x = wb_json_test(rs, &rs->v[k])))
			cJSON_AddItemToArray(arr, x);
}

#define RUN .omit_unless = WB_F_IF(PL(has_run))

static const struct wb_field baseline_rows[] = {
	WB_FIELD(DATA, TEXT, PL(data)),
	WB_FIELD(DEVICE, TEXT, PL(device)),
	WB_FIELD(WAL_NOW, TEXT, PL(wal_now), .flags = WB_FF_EMPTY_NULL),
	WB_FIELD(FAILED, BOOL, PL(failed)),
	WB_FIELD(STATE, TEXT, PL(state)),
	WB_FIELD(LIVE_LOAD, BOOL, PL(live_load)),
	WB_FIELD(FAILURE, TEXT, PL(failure), .omit_unless = WB_F_IF(PL(failed))),
	WB_FIELD(HEADLINE, TEXT, PL(headline)),
	WB_FIELD(CONTEXT, TEXT, PL(context)),
	WB_FIELD(COMMITS_WAIT_FOR, TEXT, PL(commits_wait_for)),
	WB_FIELD(COMMITS_WAIT_LINE, TEXT, PL(commits_wait_line)),
	WB_FIELD(WAL_DIR, TEXT, PL(wal_dir)),
	WB_FIELD(MOVE_TO, TEXT, PL(move_to), .flags = WB_FF_EMPTY_NULL),
	WB_FIELD(GROUP_COMMITTERS, UINT, PL(group_committers)),
	WB_FIELD(ROUNDS, UINT, PL(rounds), RUN),
	WB_FIELD(ELAPSED_S, DOUBLE, PL(elapsed_s), .unit = "s", RUN),
	WB_FIELD(SETTLED_IN_S, DOUBLE, PL(settled_in_s), .unit = "s",
		 .null_unless = WB_F_IF(PL(settled)), RUN),
	WB_FIELD(IDLE_COMMIT, OBJECT, PL(idle_commit), .sub = &row_table),
	WB_FIELD(IDLE_GROUP, OBJECT, PL(idle_group), .sub = &row_table),
	WB_FIELD(LOADED_COMMIT, OBJECT, PL(loaded_commit), .sub = &row_table),
	WB_FIELD(LOADED_GROUP, OBJECT, PL(loaded_group), .sub = &row_table),
	WB_FIELD(LOAD_SLOWDOWN_PCT, DOUBLE, PL(slowdown_pct), .unit = "%",
		 .null_unless = WB_F_IF(PL(slowdown_known))),
	WB_FIELD(LOAD_SLOWDOWN_CI95_PCT, RANGE, PL(slowdown_ci95_pct), .unit = "%",
		 .omit_unless = WB_F_IF(PL(slowdown_known))),
	WB_FIELD(LOAD, OBJECT, 0, .sub = &load_table),
	WB_FIELD(STEPS, LINES, PL(steps)),
	{ .key = WB_KEY_TESTS, .type = WB_F_CUSTOM, .write = write_tests, .flags = WB_FF_UNREAD,
	  RUN },
};
static const struct wb_fields baseline_table = WB_FIELDS(baseline_rows, NULL);

/* The two keys of the recommendation, each null without a placement run. */
static const struct wb_field placement_rows[] = {
	WB_FIELD(PLACEMENT, ARRAY, PL(c), .size = sizeof(struct wb_saved_candidate), .count = PL(n),
	    .sub = &wb_candidate_fields, .null_unless = WB_F_IF(PL(has_candidates))),
	WB_FIELD(PLACEMENT_BASELINE, OBJECT, 0, .sub = &baseline_table,
		 .null_unless = WB_F_IF(PL(present))),
};
const struct wb_fields wb_placement_fields = WB_FIELDS(placement_rows, NULL);

static const char *const model_why[] = {
	[WB_MODEL_OK] = "ok",
	[WB_MODEL_NO_SERVER] = "no_server",
	[WB_MODEL_NO_WAITS] = "no_waits",
	[WB_MODEL_NO_FLUSH_TIME] = "no_flush_time",
	[WB_MODEL_NO_COMMITS] = "no_commits",
	[WB_MODEL_NOT_MEASURED] = "not_measured",
};

static struct wb_saved_gain saved_gain(const struct wb_placement_gain *g)
{
	return (struct wb_saved_gain){ g->compared, g->pct, { g->low, g->high }, g->significant };
}

/* A row of figures in the file's units (ms), with its gain (NULL: none). */
static struct wb_saved_placement_row saved_row(const struct wb_placement_row *r,
					       const struct wb_placement_gain *g)
{
	return (struct wb_saved_placement_row){ r->measured, r->per_s, r->p50_us / 1e3,
						r->p99_us / 1e3,
						g ? saved_gain(g) : (struct wb_saved_gain){ 0 } };
}

static struct wb_saved_model saved_model(const struct wb_model *m)
{
	return (struct wb_saved_model){
		.present = m->why != WB_MODEL_NO_SERVER, .known = m->known, .why = model_why[m->why],
		.limit = wb_model_limit_name(m->limit),
		.clip = wb_model_clip_name(m->clip),
		.low_limit = wb_model_limit_name(m->low_limit),
		.high_limit = wb_model_limit_name(m->high_limit),
		.flush_ms_source = m->flush_ms_server ? "server" : "walbench",
		.commits_source = m->commits_writes ? "writes" : "all",
		.commits_per_s = m->commits_per_s, .predicted_per_s = m->per_s,
		.gain_pct = m->gain_pct, .flush_ms = m->flush_ms, .flush_ratio = m->flush_ratio,
		.predicted_ci95_per_s = { m->low, m->high },
		.ci95_pct = { m->gain_low, m->gain_high },
		.flush_ratio_ci95 = { m->flush_ratio_low, m->flush_ratio_high },
		.capped = m->capped, .wal_share = m->wal_share, .lock_share = m->lock_share,
		.rest_share = m->rest_share, .commits_per_flush = m->commits_per_flush,
		.cpu_cap_per_s = m->cpu_cap_per_s, .device_cap_per_s = m->device_cap_per_s,
	};
}

struct wb_saved_candidate wb_saved_candidate_of(const struct wb_placement *pl, size_t k,
						 char *reason, size_t len)
{
	const struct wb_placement_candidate *c = &pl->c[k];

	return (struct wb_saved_candidate){
		.path = c->path, .device = c->device,
		.reason = wb_words_candidate(pl, c, reason, len),
		.same_device = c->same_device, .same_fs = c->same_fs,
		.gain = saved_gain(&c->gain), .row_gain = saved_gain(&c->row_gain),
		.idle_gain = saved_gain(&c->idle_gain), .model = saved_model(&c->model),
		.move = c->move, .depends_on_load = c->depends_on_load, .in_ram = c->in_ram,
		.recommended = c->recommended, .open = c->open, .upper_bound = c->upper_bound,
		.at_load = { .present = c->at_load.rounds > 0, .rounds = c->at_load.rounds,
			     .commits_per_s = c->at_load.at_per_s,
			     .data_pages_per_s = c->at_load.pages_per_s, .settled = c->own_load,
			     .budget_out = c->at_load.budget_out },
		.commit = saved_row(&c->commit, &c->single_gain),
		.group = saved_row(&c->group, &c->row_gain),
		.storage = pl->rs && k + 1 < pl->rs->nsites ? &pl->rs->sites[k + 1].device : NULL,
	};
}

/* "placement": one object per candidate; "placement_baseline": the data
 * volume's own rows, the load, and where pg_wal should be. Both null without
 * a placement. */
void wb_saved_placement_of(const struct wb_placement *pl, struct wb_placement_saving *b,
			   struct wb_saved_placement *s)
{
	const struct wb_placement_words *w = &b->w;
	size_t k;

	*s = (struct wb_saved_placement){ .present = false };
	if (!pl)
		return;
	wb_words_placement(pl, &b->w);
	for (k = 0; k < pl->n; k++)
		b->c[k] = wb_saved_candidate_of(pl, k, b->reason[k], sizeof(b->reason[k]));
	for (k = 0; k < w->nsteps; k++)
		b->steps[k] = w->steps[k];
	*s = (struct wb_saved_placement){
		.present = true, .has_candidates = true, .c = b->c, .n = pl->n,
		.data = pl->data, .device = pl->now_device,
		.wal_now = pl->wal_apart ? pl->now : "", .failed = pl->failed,
		.live_load = pl->live_load, .state = wb_placement_state_name(pl->state),
		.failure = w->failure, .headline = w->headline, .context = w->context,
		.commits_wait_for = wb_commit_waits_for_name(pl->commit_wait.state),
		.commits_wait_line = w->waits_for, .wal_dir = pl->wal_dir ? pl->wal_dir : "",
		.move_to = pl->best >= 0 ? pl->c[pl->best].path : "",
		.group_committers = pl->group_committers, .has_run = pl->rs != NULL,
		.rounds = pl->rs ? pl->rs->rounds : 0,
		.elapsed_s = pl->rs ? (double)pl->rs->elapsed_ns / 1e9 : 0,
		.settled = pl->rs && pl->rs->settled_in_s > 0,
		.settled_in_s = pl->rs ? pl->rs->settled_in_s : 0,
		.idle_commit = saved_row(&pl->idle_commit, NULL),
		.idle_group = saved_row(&pl->idle_group, NULL),
		.loaded_commit = saved_row(&pl->loaded_commit, NULL),
		.loaded_group = saved_row(&pl->loaded_group, NULL),
		.slowdown_known = pl->slowdown_known, .slowdown_pct = pl->slowdown_pct,
		.slowdown_ci95_pct = { pl->slowdown_low, pl->slowdown_high },
		.load_target_per_s = pl->load_target_per_s,
		.load_achieved_per_s = pl->load_achieved_per_s,
		.load_capacity_per_s = pl->load_capacity_per_s, .load_pct = pl->load_pct,
		.load_kept_up = pl->load_kept_up, .load_fsync_mean_ms = pl->load_fsync_mean_ms,
		.load_fsync_max_ms = pl->load_fsync_max_ms,
		.steps = { b->steps, w->nsteps }, .rs = pl->rs,
	};
}
