/* recommend_fields.c — "recommendation" (the method with its margin, the
 * runner-up, each part of the workload, commit_delay, the gain in commits for a
 * server or a commit's assumed cost, the advisories, the lines to paste) as
 * tables of fields over results/saved.h's struct wb_saved_recommendation,
 * which the writer fills from the verdict (advice/recommend.h) and its words
 * (words.h); its placement is placement_fields.c's rows, its settle
 * settle_fields.c's. Trap: a failed one writes wal_sync_method null, failure
 * and the headline: the rest is left out unless "answered", which the reader
 * takes from wal_sync_method being a string. */
#include "report/fields.h"
#include "report/fields_cells.h"
#include "report/json_parts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/method.h"

/* saved.h's states are recommend.h's, read by its names. */
_Static_assert((int)WB_SAVED_REC_FAILED == (int)WB_REC_FAILED &&
	       (int)WB_SAVED_REC_SWITCH == (int)WB_REC_SWITCH &&
	       (int)WB_SAVED_REC_TIE == (int)WB_REC_TIE &&
	       (int)WB_SAVED_REC_KEEP == (int)WB_REC_KEEP &&
	       (int)WB_SAVED_REC_UNDECIDED == (int)WB_REC_UNDECIDED,
	       "saved.h's enum wb_saved_rec_state follows recommend.h's enum wb_rec_state");

#define CH(m) offsetof(struct wb_saved_choice, m)
#define SV(m) offsetof(struct wb_saved_rec_server, m)
#define CW(m) offsetof(struct wb_saved_commit_work, m)
#define AD(m) offsetof(struct wb_saved_advisory, m)
#define RC(m) offsetof(struct wb_saved_recommendation, m)
#define RSIZE(m) sizeof(((struct wb_saved_recommendation *)0)->m)

/* What one part of the workload said (oltp, bulk). */
static const struct wb_field part_rows[] = {
	WB_FIELD(WAL_SYNC_METHOD, TEXT, CH(method)),
	WB_FIELD(STATE, TEXT, CH(state)),
	WB_FIELD(DECIDED, BOOL, CH(decided)),
	WB_FIELD(MARGIN_PCT, DOUBLE, CH(margin_pct), .unit = "%"),
	WB_FIELD(CI95_PCT, RANGE, CH(ci95_pct), .unit = "%"),
	WB_FIELD(REASON, TEXT, CH(reason)),
};
static const struct wb_fields part_table = WB_FIELDS(part_rows, NULL);

/* The best other method against the one chosen. */
static const struct wb_field runner_up_rows[] = {
	WB_FIELD(METHOD, TEXT, CH(method)),
	WB_FIELD(MARGIN_PCT, DOUBLE, CH(margin_pct), .unit = "%"),
	WB_FIELD(CI95_PCT, RANGE, CH(ci95_pct), .unit = "%"),
};
static const struct wb_fields runner_up_table = WB_FIELDS(runner_up_rows, NULL);

/* The server's own mean flush beside walbench's for the same method and size. */
static const struct wb_field crosscheck_rows[] = {
	WB_FIELD(METHOD, TEXT, SV(crosscheck_method)),
	WB_FIELD(PAGES, UINT, SV(crosscheck_pages)),
	WB_FIELD(SERVER_FLUSH_MS, DOUBLE, SV(server_flush_ms), .unit = "ms"),
	WB_FIELD(WALBENCH_FLUSH_MS, DOUBLE, SV(walbench_flush_ms), .unit = "ms"),
	WB_FIELD(RATIO, DOUBLE, SV(flush_ratio)),
	WB_FIELD(APART, BOOL, SV(apart)),
};
static const struct wb_fields crosscheck_table = WB_FIELDS(crosscheck_rows, NULL);

#define SCALED .null_unless = WB_F_IF(SV(scaled))

static const struct wb_field server_rows[] = {
	WB_FIELD(BASELINE, TEXT, SV(baseline)),
	WB_FIELD(SHARE_SOURCE, TEXT, SV(share_source)),
	WB_FIELD(FLUSH_SHARE, DOUBLE, SV(flush_share), .unit = "share", SCALED),
	WB_FIELD(METHOD, TEXT, SV(method), SCALED),
	WB_FIELD(COMMIT_GAIN_PCT, DOUBLE, SV(commit_gain_pct), .unit = "%", SCALED),
	WB_FIELD(COMMIT_CI95_PCT, RANGE, SV(commit_ci95_pct), .unit = "%", SCALED),
	WB_FIELD(FLUSH_MIN_GAIN_PCT, DOUBLE, SV(flush_min_gain_pct), .unit = "%"),
	WB_FIELD(COMMIT_DEMOTED, BOOL, SV(demoted)),
	WB_FIELD(LEADER, TEXT, SV(leader), .omit_unless = WB_F_IF(SV(demoted))),
	WB_FIELD(COMMITS_LINE, TEXT, SV(commits_line)),
	WB_FIELD(CROSSCHECK, OBJECT, 0, .sub = &crosscheck_table,
		 .null_unless = WB_F_IF(SV(crosscheck))),
	WB_FIELD(CROSSCHECK_LINE, TEXT, SV(crosscheck_line)),
	WB_FIELD(COMMITS_WAIT_FOR, TEXT, SV(commits_wait_for)),
	WB_FIELD(COMMITS_WAIT_LINE, TEXT, SV(commits_wait_line)),
};
static const struct wb_fields server_table = WB_FIELDS(server_rows, NULL);

#define COMPARED .null_unless = WB_F_IF(CW(compared))

static const struct wb_field commit_work_rows[] = {
	WB_FIELD(COMMIT_WORK_US, DOUBLE, CW(commit_work_us), .unit = "us"),
	WB_FIELD(FLUSH_US, DOUBLE, CW(flush_us), .unit = "us"),
	WB_FIELD(FLUSH_SHARE, DOUBLE, CW(flush_share), .unit = "share"),
	WB_FIELD(COMMIT_BOUND_PCT, DOUBLE, CW(commit_bound_pct), .unit = "%"),
	WB_FIELD(FLUSH_MIN_GAIN_PCT, FIGURE, CW(flush_min_gain_pct), .unit = "%"),
	WB_FIELD(METHOD, TEXT, CW(method), COMPARED),
	WB_FIELD(COMMIT_GAIN_PCT, DOUBLE, CW(commit_gain_pct), .unit = "%", COMPARED),
	WB_FIELD(COMMIT_CI95_PCT, RANGE, CW(commit_ci95_pct), .unit = "%", COMPARED),
	WB_FIELD(COMMITS_LINE, TEXT, CW(commits_line)),
};
static const struct wb_fields commit_work_table = WB_FIELDS(commit_work_rows, NULL);

/* What recommend found risky in the storage and the OS, with what to do. */
static const struct wb_field advisory_rows[] = {
	WB_FIELD(FACT, TEXT, AD(fact)),
	WB_FIELD(VALUE, TEXT, AD(value)),
	WB_FIELD(ADVICE, TEXT, AD(advice)),
	WB_FIELD(REASON, TEXT, AD(reason)),
	WB_FIELD(SEVERITY, TEXT, AD(severity)),
};
static const struct wb_fields advisory_table = WB_FIELDS(advisory_rows, NULL);

/* state: one of recommend.h's names; absent or null (schema 6 and older) it
 * is derived once the rest is read (rec_check). A state this version does not
 * know is refused: guessing it would word a finding the file never made. */
static void write_state(cJSON *o, enum wb_key key, const void *base)
{
	const struct wb_saved_recommendation *r = base;

	cJSON_AddStringToObject(o, wb_key(key), wb_rec_state_name((enum wb_rec_state)r->state));
}

static int read_state(struct reader *rd, const cJSON *v, void *base)
{
	struct wb_saved_recommendation *r = base;
	int s;

	if (cJSON_IsString(v)) {
		for (s = WB_REC_FAILED; s <= WB_REC_UNDECIDED; s++)
			if (strcmp(v->valuestring, wb_rec_state_name((enum wb_rec_state)s)) == 0) {
				r->state = (enum wb_saved_rec_state)s;
				return 0;
			}
		return wb_rd_refuse(rd, wb_key(WB_KEY_STATE), "not a state this walbench knows "
				    "(the file's words are not quoted)");
	}
	if (v && !cJSON_IsNull(v))
		return wb_rd_refuse(rd, wb_key(WB_KEY_STATE), "expected a string, got %s",
				    wb_json_type_name(v));
	r->state_derived = true;
	return 1;
}

/* The state as the line formats' word: the Prometheus sample's state label,
 * so an undecided answer never reads as a proven one. */
static const char *state_word(const void *base)
{
	return wb_rec_state_name((enum wb_rec_state)((const struct wb_saved_recommendation *)base)->state);
}

/* A file without a state has it from what that version wrote (saved.h). */
static int rec_check(struct reader *rd, void *base)
{
	struct wb_saved_recommendation *r = base;

	(void)rd;
	if (r->state_derived)
		r->state = !*r->method || *r->failure ? WB_SAVED_REC_FAILED
			   : r->change ? WB_SAVED_REC_SWITCH
			   : !r->decided ? WB_SAVED_REC_UNDECIDED : WB_SAVED_REC_TIE;
	return 0;
}

#define ANSWERED .omit_unless = WB_F_IF(RC(answered))
#define PART(k, m) WB_FIELD(k, OBJECT, RC(m), .sub = &part_table, \
			    .null_unless = WB_F_IF(RC(m.present)), \
			    .omit_unless = WB_F_IF(RC(m.present)))

static const struct wb_field recommendation_rows[] = {
	WB_FIELD(WORKLOAD, TEXT, RC(workload)),
	{ .key = WB_KEY_STATE, .type = WB_F_CUSTOM, .write = write_state, .read = read_state,
	  .word = state_word, .label = 3 },
	WB_FIELD(PLACEMENT, INLINE, RC(placement), .sub = &wb_placement_fields),
	WB_FIELD(WAL_SYNC_METHOD, STRING, RC(method), .size = RSIZE(method), .flags = WB_FF_STRICT,
		 .null_unless = WB_F_IF(RC(answered)), .prom = WB_PROM_RECOMMENDED, .label = 1,
		 .label_name = "method"),
	WB_FIELD(FAILURE, TEXT, RC(failure), .omit_unless = WB_F_IF(RC(failed))),
	WB_FIELD(CHANGE, BOOL, RC(change), .flags = WB_FF_STRICT, ANSWERED, .label = 2),
	WB_FIELD(SIGNIFICANT, BOOL, RC(significant), ANSWERED),
	WB_FIELD(MARGIN_PCT, DOUBLE, RC(margin_pct), .unit = "%", ANSWERED),
	WB_FIELD(CI95_PCT, RANGE, RC(ci95_pct), .unit = "%", ANSWERED),
	WB_FIELD(RUNNER_UP, OBJECT, RC(runner_up), .sub = &runner_up_table,
		 .null_unless = WB_F_IF(RC(runner_up.present)), ANSWERED),
	PART(OLTP, oltp),
	PART(BULK, bulk),
	WB_FIELD(FLUSH_P50_US, DOUBLE, RC(flush_p50_us), .unit = "us", ANSWERED),
	WB_FIELD(COMMIT_DELAY_US, DOUBLE, RC(commit_delay_us), .unit = "us", ANSWERED),
	WB_FIELD(COMMIT_SIBLINGS, DOUBLE, RC(commit_siblings), ANSWERED),
	WB_FIELD(COMMIT_DELAY_REASON, TEXT, RC(commit_delay_reason), ANSWERED),
	WB_FIELD(DECIDED, BOOL, RC(decided), .flags = WB_FF_TRUE_ABSENT, ANSWERED),
	WB_FIELD(DECIDED_IN_S, DOUBLE, RC(decided_in_s), .unit = "s", ANSWERED),
	WB_FIELD(ON_MEMORY, BOOL, RC(on_memory), ANSWERED),
	WB_FIELD(SETTLE, INLINE, RC(settle), .sub = &wb_settle_fields,
		 .omit_unless = WB_F_IF(RC(undecided))),
	WB_FIELD(HEADLINE, STRING, RC(headline), .size = RSIZE(headline), .flags = WB_FF_STRICT),
	WB_FIELD(REASON, TEXT, RC(reason), ANSWERED),
	WB_FIELD(SERVER, OBJECT, RC(server), .sub = &server_table,
		 .null_unless = WB_F_IF(RC(server.present)), ANSWERED),
	WB_FIELD(COMMIT_ASSUMPTION, TEXT, RC(commit_assumption), ANSWERED),
	WB_FIELD(COMMIT_WORK, OBJECT, RC(commit_work), .sub = &commit_work_table,
		 .null_unless = WB_F_IF(RC(commit_work.present)), ANSWERED),
	{ .key = WB_KEY_ADVISORIES, .type = WB_F_ARRAY, .offset = RC(advisories),
	  .count = RC(nadvisories), .size = sizeof(struct wb_saved_advisory),
	  .sub = &advisory_table, ANSWERED },
	WB_FIELD(CONFIG, LINES, RC(config), ANSWERED),
	WB_FIELD(ALTER_SYSTEM, LINES, RC(alter_system), ANSWERED),
};
const struct wb_fields wb_recommendation_fields = WB_FIELDS(recommendation_rows, rec_check);

/* Which assumption decided in commits: the server's own share (its object),
 * a commit's assumed cost (--commit-work, its object), or none: flushes. */
static const char *const share_names[] = {
	[WB_SHARE_NONE] = "none",
	[WB_SHARE_SERVER_TIME] = "server_time",
	[WB_SHARE_ESTIMATED] = "estimated",
	[WB_SHARE_ASYNC_COMMIT] = "async_commit",
	[WB_SHARE_ASSUMED] = "commit_work",
};
_Static_assert(sizeof(share_names) / sizeof(share_names[0]) == WB_SHARE_ASSUMED + 1,
	       "a name for every share source");

/* "" for none (a failed recommendation's WB_METHOD_COUNT). */
static const char *method_name(enum wb_method_id m)
{
	return wb_method_get(m) ? wb_method_get(m)->name : "";
}

/* What the writer's saved struct points into while it is written. */
struct rec_saving {
	struct wb_rec_words w;
	char why[2][WB_WORDS_WHY_LEN], budget[16];
	struct wb_advisory_words aw[WB_REC_MAX_ADVISORIES];
	struct wb_saved_advisory adv[WB_REC_MAX_ADVISORIES];
	const char *config[WB_REC_MAX_LINES], *alter[WB_REC_MAX_LINES];
	struct wb_placement_saving placement;
};

static struct wb_saved_choice saved_part(const struct wb_part_verdict *v, char *why)
{
	return (struct wb_saved_choice){
		v->measured, method_name(v->method), wb_decide_state_name(v->state), v->decided,
		v->gain_pct, { v->low_pct, v->high_pct },
		v->measured ? wb_words_part_why(v, why, WB_WORDS_WHY_LEN) : "" };
}

/* The verdict rec and its words as the file has them, pointing into b. */
static void saved_recommendation(const struct wb_recommendation *rec, struct rec_saving *b,
				 struct wb_saved_recommendation *s)
{
	const struct wb_rec_words *w = &b->w;
	bool ok = !wb_rec_failed(rec);
	size_t i;

	wb_words_recommendation(rec, &b->w);
	for (i = 0; i < rec->nadvisories; i++) {
		wb_words_advisory(&rec->advisories[i], &b->aw[i]);
		b->adv[i] = (struct wb_saved_advisory){
			wb_severity_name(rec->advisories[i].severity), b->aw[i].fact,
			b->aw[i].value, b->aw[i].advice, b->aw[i].reason };
	}
	for (i = 0; i < w->nconfig; i++)
		b->config[i] = w->config[i];
	for (i = 0; i < w->nalter; i++)
		b->alter[i] = w->alter[i];
	*s = (struct wb_saved_recommendation){
		.workload = wb_workload_names[rec->workload],
		.state = (enum wb_saved_rec_state)rec->state,
		.answered = ok, .failed = !ok, .failure = w->failure, .change = wb_rec_change(rec),
		.significant = rec->significant, .margin_pct = rec->margin_pct,
		.ci95_pct = { rec->ci_low_pct, rec->ci_high_pct },
		.runner_up = { .present = rec->has_runner_up, .method = method_name(rec->runner_up),
			       .margin_pct = rec->runner_up_pct,
			       .ci95_pct = { rec->runner_up_low, rec->runner_up_high } },
		.oltp = saved_part(&rec->oltp, b->why[0]),
		.bulk = saved_part(&rec->bulk, b->why[1]),
		.flush_p50_us = rec->flush_p50_us, .commit_delay_us = rec->commit_delay_us,
		.commit_siblings = rec->commit_siblings, .commit_delay_reason = w->commit_reason,
		.decided = rec->decided, .decided_in_s = rec->decided_in_s,
		.on_memory = rec->on_memory,
		.undecided = ok && rec->state == WB_REC_UNDECIDED,
		.settle = wb_saved_settle_of(&rec->settle, wb_rec_settle_gain_pct(rec), b->budget,
					     sizeof(b->budget)),
		.reason = w->reason,
		.server = {
			.present = rec->from_server, .baseline = method_name(rec->baseline),
			.share_source = rec->share_source == WB_SHARE_ASSUMED
						? "none" : share_names[rec->share_source],
			.scaled = rec->commit_scaled, .flush_share = rec->flush_share,
			.method = method_name(rec->commit_method),
			.commit_gain_pct = rec->commit_pct,
			.commit_ci95_pct = { rec->commit_low_pct, rec->commit_high_pct },
			.flush_min_gain_pct = rec->flush_min_gain_pct,
			.demoted = rec->commit_demoted, .leader = method_name(rec->flush_leader),
			.commits_line = w->commits, .crosscheck = rec->crosscheck,
			.crosscheck_method = method_name(rec->crosscheck_method),
			.crosscheck_pages = rec->crosscheck_pages,
			.server_flush_ms = rec->server_flush_ms,
			.walbench_flush_ms = rec->walbench_flush_ms,
			.flush_ratio = rec->flush_ratio, .apart = rec->crosscheck_apart,
			.crosscheck_line = w->crosscheck,
			.commits_wait_for = wb_commit_waits_for_name(rec->commit_wait.state),
			.commits_wait_line = w->waits_for },
		.commit_assumption = rec->commit_scaled ? share_names[rec->share_source] : "none",
		.commit_work = {
			.present = rec->share_source == WB_SHARE_ASSUMED,
			.commit_work_us = rec->commit_work_us, .flush_us = rec->flush_us,
			.flush_share = rec->flush_share, .commit_bound_pct = rec->commit_bound_pct,
			.flush_min_gain_pct = rec->commit_bound ? NAN : rec->flush_min_gain_pct,
			.compared = rec->has_runner_up || rec->state == WB_REC_SWITCH,
			.method = method_name(rec->commit_method),
			.commit_gain_pct = rec->commit_pct,
			.commit_ci95_pct = { rec->commit_low_pct, rec->commit_high_pct },
			.commits_line = w->commits },
		.advisories = b->adv, .nadvisories = rec->nadvisories,
		.config = { b->config, w->nconfig }, .alter_system = { b->alter, w->nalter },
	};
	snprintf(s->method, sizeof(s->method), "%s", ok ? method_name(rec->method) : "");
	snprintf(s->headline, sizeof(s->headline), "%s", w->headline);
	wb_saved_placement_of(rec->placement, &b->placement, &s->placement);
}

void wb_json_add_recommendation(cJSON *root, const struct wb_recommendation *rec)
{
	struct rec_saving b;
	struct wb_saved_recommendation s;

	saved_recommendation(rec, &b, &s);
	wb_fields_write(root, WB_KEY_RECOMMENDATION, &wb_recommendation_fields, &s);
}

void wb_saved_recommendation_with(const struct wb_recommendation *rec,
				  void (*fn)(const struct wb_saved_recommendation *s, void *ctx),
				  void *ctx)
{
	struct rec_saving b;
	struct wb_saved_recommendation s;

	saved_recommendation(rec, &b, &s);
	fn(&s, ctx);
}

/* Its headline is the file's, unless only a qualification has one. */
int wb_rd_recommendation(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *rec;
	int ret;

	if ((ret = wb_rd_get_object(rd, root, WB_KEY_RECOMMENDATION, &rec)) || !rec)
		return ret;
	snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_RECOMMENDATION));
	if ((ret = wb_fields_read(rd, rec, &wb_recommendation_fields, &out->rec)) < 0)
		return ret;
	snprintf(out->headline, sizeof(out->headline), "%s", out->rec.headline);
	out->has_recommendation = true;
	rd->where[0] = '\0';
	return 0;
}
