/* json_schedule.c — an adaptive run's "comparisons" and "schedule" (the
 * order of trials, a throttle found), and --decide's "decision": the answer
 * per group of tests that differ only in method, why, and when it came. */
#include "report/json_parts.h"
#include "report/words.h"

#include "model/method.h"

/* What identifies a group of tests that differ only in method. */
static void add_group_key(cJSON *o, const struct wb_test *t)
{
	cJSON_AddStringToObject(o, K(ENGINE), wb_engine_name(t->engine));
	cJSON_AddNumberToObject(o, K(SIZE), t->size);
	cJSON_AddNumberToObject(o, K(WRITES_PER_OP), t->writes_per_op);
	cJSON_AddStringToObject(o, K(PATTERN), wb_pattern_name(t->pattern));
	cJSON_AddNumberToObject(o, K(QUEUE_DEPTH), t->queue_depth);
	cJSON_AddNumberToObject(o, K(JOBS), t->jobs);
	if (t->pattern == WB_PATTERN_GROUPCOMMIT)
		cJSON_AddNumberToObject(o, K(COMMITTERS), t->committers);
	if (t->label[0])
		cJSON_AddStringToObject(o, K(LABEL), t->label);
}

static void add_comparison(const struct wb_result *a, const struct wb_result *b,
			   const struct wb_comparison *c, void *ctx)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return;
	add_group_key(o, &a->test);
	cJSON_AddStringToObject(o, K(FASTEST), wb_method_get(a->test.method)->name);
	cJSON_AddStringToObject(o, K(METHOD), wb_method_get(b->test.method)->name);
	wb_json_add_comparison(o, c);
	cJSON_AddItemToArray(ctx, o);
}

/* --decide: the answer per group, why, and when it came. */
void wb_json_add_decision(cJSON *root, const struct wb_results *rs)
{
	const struct wb_decide_params *p = &rs->decide_params;
	cJSON *d = cJSON_AddObjectToObject(root, K(DECISION)), *groups;
	double last = 0.0;
	bool all = true;
	size_t g;

	if (!d)
		return;
	cJSON_AddStringToObject(d, K(BASELINE), wb_method_get(p->baseline)->name);
	cJSON_AddNumberToObject(d, K(MIN_GAIN_PCT), p->min_gain_pct);
	cJSON_AddNumberToObject(d, K(CONFIDENCE), p->conf);
	cJSON_AddNumberToObject(d, K(TIE_CONFIDENCE), p->equiv_conf);
	groups = cJSON_AddArrayToObject(d, K(GROUPS));
	for (g = 0; groups && g < rs->ndecisions; g++) {
		const struct wb_group_decision *gd = &rs->decisions[g];
		char why[WB_WORDS_DECISION_LEN];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return;
		add_group_key(o, &rs->v[gd->first].test);
		cJSON_AddStringToObject(o, K(STATE), wb_decide_state_name(gd->state));
		cJSON_AddStringToObject(o, K(METHOD), wb_method_get(gd->state == WB_DECIDE_SWITCH
					? rs->v[gd->leader].test.method : p->baseline)->name);
		cJSON_AddStringToObject(o, K(LEADER), wb_method_get(rs->v[gd->leader].test.method)->name);
		cJSON_AddStringToObject(o, K(REASON), wb_words_decision(gd, why, sizeof(why)));
		if (gd->margin.paired) {
			cJSON *m = cJSON_AddObjectToObject(o, K(LEADER_VS_BASELINE));

			if (m)
				wb_json_add_comparison(m, &gd->margin);
		}
		if (gd->state == WB_DECIDE_UNDECIDED) {
			all = false;
			wb_json_add_settle(o, &gd->settle);
		} else {
			cJSON_AddNumberToObject(o, K(DECIDED_IN_S), gd->decided_s);
			cJSON_AddNumberToObject(o, K(ROUNDS), gd->rounds);
			last = gd->decided_s > last ? gd->decided_s : last;
		}
		cJSON_AddItemToArray(groups, o);
	}
	cJSON_AddStringToObject(d, K(STOPPED), all ? "decided" : "budget");
	if (all)
		cJSON_AddNumberToObject(d, K(DECIDED_IN_S), last);
	else
		cJSON_AddNullToObject(d, K(DECIDED_IN_S));
}

static void add_throttle(cJSON *parent, const struct wb_results *rs)
{
	const struct wb_throttle *t = &rs->throttle;
	cJSON *o = cJSON_AddObjectToObject(parent, K(THROTTLE));

	if (!o)
		return;
	cJSON_AddBoolToObject(o, K(DETECTED), t->detected);
	if (!t->detected)
		return;
	cJSON_AddStringToObject(o, K(TEST), rs->throttle_test);
	cJSON_AddBoolToObject(o, K(LATE), rs->throttle_late);
	cJSON_AddNumberToObject(o, K(SLOW_FRACTION), t->slow_fraction);
	cJSON_AddNumberToObject(o, K(WAIT_MS), t->wait_ms);
	cJSON_AddNumberToObject(o, K(P50_US), t->p50_us);
	cJSON_AddNumberToObject(o, K(FLUSHES_PER_SLICE), t->flushes_per_slice);
	cJSON_AddNumberToObject(o, K(PERIOD_MS), t->period_ms);
	cJSON_AddNumberToObject(o, K(RATE_PER_S), t->rate_per_s);
	cJSON_AddNumberToObject(o, K(BUSY_FRACTION), t->busy_fraction);
	cJSON_AddNumberToObject(o, K(WAITS_TIMED), t->waits);
	cJSON_AddNumberToObject(o, K(PHASE_LOCK), t->phase_lock);
}

static void add_schedule(cJSON *root, const struct wb_results *rs)
{
	cJSON *s = cJSON_AddObjectToObject(root, K(SCHEDULE));

	if (!s)
		return;
	cJSON_AddStringToObject(s, K(ORDER), "random per round");
	cJSON_AddNumberToObject(s, K(SEED), (double)rs->seed);
	cJSON_AddNumberToObject(s, K(ROUNDS), rs->rounds);
	cJSON_AddNumberToObject(s, K(ELAPSED_S), (double)rs->elapsed_ns / 1e9);
	cJSON_AddNumberToObject(s, K(TRIAL_S), (double)rs->trial_ns / 1e9);
	add_throttle(s, rs);
}

/* An adaptive run: every pair compared ("comparisons", filled once the
 * schedule is written, as before) and how its trials were ordered. */
void wb_json_add_adaptive(cJSON *root, const struct wb_results *rs)
{
	cJSON *cmp = cJSON_AddArrayToObject(root, K(COMPARISONS));

	add_schedule(root, rs);
	if (cmp)
		wb_results_each_comparison(rs, add_comparison, cmp);
}
