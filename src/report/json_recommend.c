/* json_recommend.c — "recommendation": recommend's wal_sync_method with its
 * margin and interval, the runner-up, per workload, commit_delay, the lines to
 * paste and the advisories; its placement is placement_fields.c. The sentences
 * come from report/words.h, as the text output's do. */
#include "report/json_parts.h"

#include <math.h>

#include "model/method.h"
#include "report/words.h"

static void add_verdict(cJSON *parent, enum wb_key key, const struct wb_part_verdict *v)
{
	char why[WB_WORDS_WHY_LEN];
	cJSON *o;

	if (!v->measured || !(o = cJSON_AddObjectToObject(parent, wb_key(key))))
		return;
	cJSON_AddStringToObject(o, K(WAL_SYNC_METHOD), wb_method_get(v->method)->name);
	cJSON_AddStringToObject(o, K(STATE), wb_decide_state_name(v->state));
	cJSON_AddBoolToObject(o, K(DECIDED), v->decided);
	cJSON_AddNumberToObject(o, K(MARGIN_PCT), v->gain_pct);
	wb_json_add_range(o, WB_KEY_CI95_PCT, v->low_pct, v->high_pct);
	cJSON_AddStringToObject(o, K(REASON), wb_words_part_why(v, why, sizeof(why)));
}

/* What recommend found risky in the storage and the OS, with what to do. */
static void add_advisories(cJSON *o, const struct wb_recommendation *rec)
{
	cJSON *arr;
	size_t i;

	arr = cJSON_AddArrayToObject(o, K(ADVISORIES));
	for (i = 0; arr && i < rec->nadvisories; i++) {
		const struct wb_advisory *a = &rec->advisories[i];
		cJSON *x = cJSON_CreateObject();
		struct wb_advisory_words aw;

		if (!x)
			break;
		wb_words_advisory(a, &aw);
		cJSON_AddStringToObject(x, K(FACT), aw.fact);
		cJSON_AddStringToObject(x, K(VALUE), aw.value);
		cJSON_AddStringToObject(x, K(ADVICE), aw.advice);
		cJSON_AddStringToObject(x, K(REASON), aw.reason);
		cJSON_AddStringToObject(x, K(SEVERITY), wb_severity_name(a->severity));
		cJSON_AddItemToArray(arr, x);
	}
}

/* With a server: the baseline it runs, its flush share, the gain in commits
 * and the cross-check of its flush time; null without. */
static void add_server(cJSON *o, const struct wb_recommendation *rec, const struct wb_rec_words *w)
{
	cJSON *s, *x;

	if (!rec->from_server) {
		cJSON_AddNullToObject(o, K(SERVER));
		return;
	}
	if (!(s = cJSON_AddObjectToObject(o, K(SERVER))))
		return;
	cJSON_AddStringToObject(s, K(BASELINE), wb_method_get(rec->baseline)->name);
	cJSON_AddStringToObject(s, K(SHARE_SOURCE),
				rec->share_source == WB_SHARE_SERVER_TIME ? "server_time"
				: rec->share_source == WB_SHARE_ESTIMATED ? "estimated"
				: rec->share_source == WB_SHARE_ASYNC_COMMIT ? "async_commit" : "none");
	if (rec->commit_scaled) {
		cJSON_AddNumberToObject(s, K(FLUSH_SHARE), rec->flush_share);
		cJSON_AddStringToObject(s, K(METHOD), wb_method_get(rec->commit_method)->name);
		cJSON_AddNumberToObject(s, K(COMMIT_GAIN_PCT), rec->commit_pct);
		wb_json_add_range(s, WB_KEY_COMMIT_CI95_PCT, rec->commit_low_pct,
				  rec->commit_high_pct);
	} else {
		cJSON_AddNullToObject(s, K(FLUSH_SHARE));
		cJSON_AddNullToObject(s, K(METHOD));
		cJSON_AddNullToObject(s, K(COMMIT_GAIN_PCT));
		cJSON_AddNullToObject(s, K(COMMIT_CI95_PCT));
	}
	cJSON_AddNumberToObject(s, K(FLUSH_MIN_GAIN_PCT), rec->flush_min_gain_pct);
	cJSON_AddBoolToObject(s, K(COMMIT_DEMOTED), rec->commit_demoted);
	if (rec->commit_demoted)
		cJSON_AddStringToObject(s, K(LEADER), wb_method_get(rec->flush_leader)->name);
	cJSON_AddStringToObject(s, K(COMMITS_LINE), w->commits);
	if (rec->crosscheck && (x = cJSON_AddObjectToObject(s, K(CROSSCHECK)))) {
		cJSON_AddStringToObject(x, K(METHOD), wb_method_get(rec->crosscheck_method)->name);
		cJSON_AddNumberToObject(x, K(PAGES), rec->crosscheck_pages);
		cJSON_AddNumberToObject(x, K(SERVER_FLUSH_MS), rec->server_flush_ms);
		cJSON_AddNumberToObject(x, K(WALBENCH_FLUSH_MS), rec->walbench_flush_ms);
		cJSON_AddNumberToObject(x, K(RATIO), rec->flush_ratio);
		cJSON_AddBoolToObject(x, K(APART), rec->crosscheck_apart);
	} else if (!rec->crosscheck) {
		cJSON_AddNullToObject(s, K(CROSSCHECK));
	}
	cJSON_AddStringToObject(s, K(CROSSCHECK_LINE), w->crosscheck);
	cJSON_AddStringToObject(s, K(COMMITS_WAIT_FOR),
				wb_commit_waits_for_name(rec->commit_wait.state));
	cJSON_AddStringToObject(s, K(COMMITS_WAIT_LINE), w->waits_for);
}

/* Which assumption decided in commits: the server's own share (its object
 * above), a commit's assumed cost (--commit-work, its object here), or none:
 * flushes. */
static const char *const assumption_names[] = {
	[WB_SHARE_NONE] = "none",
	[WB_SHARE_SERVER_TIME] = "server_time",
	[WB_SHARE_ESTIMATED] = "estimated",
	[WB_SHARE_ASYNC_COMMIT] = "async_commit",
	[WB_SHARE_ASSUMED] = "commit_work",
};
_Static_assert(sizeof(assumption_names) / sizeof(assumption_names[0]) == WB_SHARE_ASSUMED + 1,
	       "a name for every share source");

static const char *commit_assumption(const struct wb_recommendation *rec)
{
	if (!rec->commit_scaled || (unsigned)rec->share_source > WB_SHARE_ASSUMED)
		return "none";
	return assumption_names[rec->share_source];
}

/* Without a server, in commits of an assumed cost: the figures; null otherwise. */
static void add_commit_work(cJSON *o, const struct wb_recommendation *rec,
			    const struct wb_rec_words *w)
{
	cJSON *s;

	cJSON_AddStringToObject(o, K(COMMIT_ASSUMPTION), commit_assumption(rec));
	if (rec->share_source != WB_SHARE_ASSUMED) {
		cJSON_AddNullToObject(o, K(COMMIT_WORK));
		return;
	}
	if (!(s = cJSON_AddObjectToObject(o, K(COMMIT_WORK))))
		return;
	cJSON_AddNumberToObject(s, K(COMMIT_WORK_US), rec->commit_work_us);
	cJSON_AddNumberToObject(s, K(FLUSH_US), rec->flush_us);
	cJSON_AddNumberToObject(s, K(FLUSH_SHARE), rec->flush_share);
	cJSON_AddNumberToObject(s, K(COMMIT_BOUND_PCT), rec->commit_bound_pct);
	if (isfinite(rec->flush_min_gain_pct) && !rec->commit_bound)
		cJSON_AddNumberToObject(s, K(FLUSH_MIN_GAIN_PCT), rec->flush_min_gain_pct);
	else
		cJSON_AddNullToObject(s, K(FLUSH_MIN_GAIN_PCT));
	if (rec->has_runner_up || rec->state == WB_REC_SWITCH) {
		cJSON_AddStringToObject(s, K(METHOD), wb_method_get(rec->commit_method)->name);
		cJSON_AddNumberToObject(s, K(COMMIT_GAIN_PCT), rec->commit_pct);
		wb_json_add_range(s, WB_KEY_COMMIT_CI95_PCT, rec->commit_low_pct,
				  rec->commit_high_pct);
	} else {
		cJSON_AddNullToObject(s, K(METHOD));
		cJSON_AddNullToObject(s, K(COMMIT_GAIN_PCT));
		cJSON_AddNullToObject(s, K(COMMIT_CI95_PCT));
	}
	cJSON_AddStringToObject(s, K(COMMITS_LINE), w->commits);
}

void wb_json_add_recommendation(cJSON *root, const struct wb_recommendation *rec)
{
	cJSON *o = cJSON_AddObjectToObject(root, K(RECOMMENDATION)), *arr;
	struct wb_rec_words w;
	size_t i;

	if (!o)
		return;
	wb_words_recommendation(rec, &w);
	cJSON_AddStringToObject(o, K(WORKLOAD), wb_workload_names[rec->workload]);
	cJSON_AddStringToObject(o, K(STATE), wb_rec_state_name(rec->state));
	wb_json_add_placement(o, rec->placement);
	if (wb_rec_failed(rec)) {
		cJSON_AddNullToObject(o, K(WAL_SYNC_METHOD));
		cJSON_AddStringToObject(o, K(FAILURE), w.failure);
		cJSON_AddStringToObject(o, K(HEADLINE), w.headline);
		return;
	}
	cJSON_AddStringToObject(o, K(WAL_SYNC_METHOD), wb_method_get(rec->method)->name);
	cJSON_AddBoolToObject(o, K(CHANGE), wb_rec_change(rec));
	cJSON_AddBoolToObject(o, K(SIGNIFICANT), rec->significant);
	cJSON_AddNumberToObject(o, K(MARGIN_PCT), rec->margin_pct);
	wb_json_add_range(o, WB_KEY_CI95_PCT, rec->ci_low_pct, rec->ci_high_pct);
	if (rec->has_runner_up) {
		cJSON *ru = cJSON_AddObjectToObject(o, K(RUNNER_UP));

		if (ru) {
			cJSON_AddStringToObject(ru, K(METHOD), wb_method_get(rec->runner_up)->name);
			cJSON_AddNumberToObject(ru, K(MARGIN_PCT), rec->runner_up_pct);
			wb_json_add_range(ru, WB_KEY_CI95_PCT, rec->runner_up_low, rec->runner_up_high);
		}
	} else {
		cJSON_AddNullToObject(o, K(RUNNER_UP));
	}
	add_verdict(o, WB_KEY_OLTP, &rec->oltp);
	add_verdict(o, WB_KEY_BULK, &rec->bulk);
	cJSON_AddNumberToObject(o, K(FLUSH_P50_US), rec->flush_p50_us);
	cJSON_AddNumberToObject(o, K(COMMIT_DELAY_US), rec->commit_delay_us);
	cJSON_AddNumberToObject(o, K(COMMIT_SIBLINGS), rec->commit_siblings);
	cJSON_AddStringToObject(o, K(COMMIT_DELAY_REASON), w.commit_reason);
	cJSON_AddBoolToObject(o, K(DECIDED), rec->decided);
	cJSON_AddNumberToObject(o, K(DECIDED_IN_S), rec->decided_in_s);
	if (rec->state == WB_REC_UNDECIDED)
		wb_json_add_settle(o, &rec->settle);
	cJSON_AddStringToObject(o, K(HEADLINE), w.headline);
	cJSON_AddStringToObject(o, K(REASON), w.reason);
	add_server(o, rec, &w);
	add_commit_work(o, rec, &w);
	add_advisories(o, rec);
	arr = cJSON_AddArrayToObject(o, K(CONFIG));
	for (i = 0; arr && i < w.nconfig; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(w.config[i]));
	arr = cJSON_AddArrayToObject(o, K(ALTER_SYSTEM));
	for (i = 0; arr && i < w.nalter; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(w.alter[i]));
}
