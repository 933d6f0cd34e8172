/* schedule_fields.c — an adaptive run's "comparisons" and "schedule" (the
 * order of trials, a throttle found), and --decide's "decision" (the answer
 * per group of tests that differ only in method, why, and when it came) as
 * tables of fields, walked by fields.h's one writer. The decision is read
 * back too (results/saved.h's struct wb_saved_decision), for the HTML report
 * of a run --decide, and the schedule for the slice length it ran (which a
 * short --duration makes shorter than config.slice asked); comparisons are
 * written only. Their structs are here. */
#include "report/fields.h"
#include "report/json_parts.h"
#include "report/words.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/method.h"

/* comparisons[]: two methods of a group, the second against the first. */
struct saved_compared {
	struct wb_saved_group_key key;
	const char *fastest, *method;
	struct wb_saved_comparison c;
};

_Static_assert(sizeof(((struct wb_saved_group *)0)->why) >= WB_WORDS_DECISION_LEN,
	       "a group's why fits its buffer");

/* schedule: how the trials were ordered, and the throttle found. */
struct saved_schedule {
	const char *order, *test;
	double seed, rounds, elapsed_s, trial_s, trial_asked_s;
	bool trial_shortened, trial_asked_given;
	bool detected, late;
	double slow_fraction, wait_ms, p50_us, flushes_per_slice, period_ms, rate_per_s;
	double busy_fraction, waits_timed, phase_lock;
};

#define KE(m) offsetof(struct wb_saved_group_key, m)
#define CM(m) offsetof(struct saved_compared, m)
#define GR(m) offsetof(struct wb_saved_group, m)
#define DE(m) offsetof(struct wb_saved_decision, m)
#define SC(m) offsetof(struct saved_schedule, m)

static const struct wb_field key_rows[] = {
	WB_FIELD(ENGINE, TEXT, KE(engine)),
	WB_FIELD(SIZE, DOUBLE, KE(size), .unit = "B"),
	WB_FIELD(WRITES_PER_OP, DOUBLE, KE(writes_per_op)),
	WB_FIELD(PATTERN, TEXT, KE(pattern)),
	WB_FIELD(QUEUE_DEPTH, DOUBLE, KE(queue_depth)),
	WB_FIELD(JOBS, DOUBLE, KE(jobs)),
	WB_FIELD(COMMITTERS, DOUBLE, KE(committers), .omit_unless = WB_F_IF(KE(groupcommit))),
	WB_FIELD(LABEL, TEXT, KE(label), .omit_unless = WB_F_IF(KE(has_label))),
};
static const struct wb_fields key_table = WB_FIELDS(key_rows, NULL);

static const struct wb_field compared_rows[] = {
	WB_FIELD(ENGINE, INLINE, CM(key), .sub = &key_table),
	WB_FIELD(FASTEST, TEXT, CM(fastest)),
	WB_FIELD(METHOD, TEXT, CM(method)),
	WB_FIELD(DIFF_PCT, INLINE, CM(c), .sub = &wb_comparison_fields),
};
static const struct wb_fields compared_table = WB_FIELDS(compared_rows, NULL);

#define DECIDED .omit_unless = WB_F_IF(GR(decided))

static const struct wb_field group_rows[] = {
	WB_FIELD(ENGINE, INLINE, GR(key), .sub = &key_table),
	WB_FIELD(STATE, TEXT, GR(state)),
	WB_FIELD(METHOD, TEXT, GR(method)),
	WB_FIELD(LEADER, TEXT, GR(leader)),
	WB_FIELD(REASON, TEXT, GR(reason)),
	WB_FIELD(LEADER_VS_BASELINE, OBJECT, GR(margin), .sub = &wb_comparison_fields,
		 .omit_unless = WB_F_IF(GR(paired))),
	WB_FIELD(SETTLE, INLINE, GR(settle), .sub = &wb_settle_fields,
		 .omit_unless = WB_F_IF(GR(undecided))),
	WB_FIELD(DECIDED_IN_S, DOUBLE, GR(decided_in_s), .unit = "s", DECIDED),
	WB_FIELD(ROUNDS, DOUBLE, GR(rounds), DECIDED),
};
static const struct wb_fields group_table = WB_FIELDS(group_rows, NULL);

static const struct wb_field decision_rows[] = {
	WB_FIELD(BASELINE, TEXT, DE(baseline)),
	WB_FIELD(MIN_GAIN_PCT, DOUBLE, DE(min_gain_pct), .unit = "%"),
	WB_FIELD(CONFIDENCE, DOUBLE, DE(confidence)),
	WB_FIELD(TIE_CONFIDENCE, DOUBLE, DE(tie_confidence)),
	{ .key = WB_KEY_GROUPS, .type = WB_F_ARRAY, .offset = DE(groups), .count = DE(ngroups),
	  .size = sizeof(struct wb_saved_group), .sub = &group_table },
	WB_FIELD(STOPPED, TEXT, DE(stopped)),
	WB_FIELD(DECIDED_IN_S, DOUBLE, DE(decided_in_s), .unit = "s",
		 .null_unless = WB_F_IF(DE(all))),
};
static const struct wb_fields decision_table = WB_FIELDS(decision_rows, NULL);

#define DETECTED .omit_unless = WB_F_IF(SC(detected))

static const struct wb_field throttle_rows[] = {
	WB_FIELD(DETECTED, BOOL, SC(detected)),
	WB_FIELD(TEST, TEXT, SC(test), DETECTED),
	WB_FIELD(LATE, BOOL, SC(late), DETECTED),
	WB_FIELD(SLOW_FRACTION, DOUBLE, SC(slow_fraction), .unit = "share", DETECTED),
	WB_FIELD(WAIT_MS, DOUBLE, SC(wait_ms), .unit = "ms", DETECTED),
	WB_FIELD(P50_US, DOUBLE, SC(p50_us), .unit = "us", DETECTED),
	WB_FIELD(FLUSHES_PER_SLICE, DOUBLE, SC(flushes_per_slice), DETECTED),
	WB_FIELD(PERIOD_MS, DOUBLE, SC(period_ms), .unit = "ms", DETECTED),
	WB_FIELD(RATE_PER_S, DOUBLE, SC(rate_per_s), .unit = "1/s", DETECTED),
	WB_FIELD(BUSY_FRACTION, DOUBLE, SC(busy_fraction), .unit = "share", DETECTED),
	WB_FIELD(WAITS_TIMED, DOUBLE, SC(waits_timed), DETECTED),
	WB_FIELD(PHASE_LOCK, DOUBLE, SC(phase_lock), DETECTED),
};
static const struct wb_fields throttle_table = WB_FIELDS(throttle_rows, NULL);

static const struct wb_field schedule_rows[] = {
	WB_FIELD(ORDER, TEXT, SC(order)),
	WB_FIELD(SEED, DOUBLE, SC(seed)),
	WB_FIELD(ROUNDS, DOUBLE, SC(rounds)),
	WB_FIELD(ELAPSED_S, DOUBLE, SC(elapsed_s), .unit = "s"),
	WB_FIELD(TRIAL_S, DOUBLE, SC(trial_s), .unit = "s"),
	WB_FIELD(TRIAL_ASKED_S, DOUBLE, SC(trial_asked_s), .unit = "s"),
	WB_FIELD(TRIAL_ASKED_GIVEN, BOOL, SC(trial_asked_given)),
	WB_FIELD(TRIAL_SHORTENED, BOOL, SC(trial_shortened)),
	WB_FIELD(THROTTLE, OBJECT, 0, .sub = &throttle_table),
};
static const struct wb_fields schedule_table = WB_FIELDS(schedule_rows, NULL);

static struct wb_saved_group_key saved_key(const struct wb_test *t)
{
	return (struct wb_saved_group_key){
		.engine = wb_engine_name(t->engine), .pattern = wb_pattern_name(t->pattern),
		.label = t->label, .size = (double)t->size, .writes_per_op = t->writes_per_op,
		.queue_depth = t->queue_depth, .jobs = t->jobs, .committers = t->committers,
		.groupcommit = t->pattern == WB_PATTERN_GROUPCOMMIT, .has_label = t->label[0] };
}

static void add_comparison(const struct wb_result *a, const struct wb_result *b,
			   const struct wb_comparison *c, void *ctx)
{
	struct saved_compared s = { saved_key(&a->test), wb_method_get(a->test.method)->name,
				    wb_method_get(b->test.method)->name,
				    wb_saved_comparison_of(c) };
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return;
	wb_fields_add(o, &compared_table, &s);
	cJSON_AddItemToArray(ctx, o);
}

/* Group g of rs as the file has it, its words in g's own buffers. */
static void saved_group(const struct wb_results *rs, const struct wb_group_decision *gd,
			struct wb_saved_group *g)
{
	enum wb_method_id base = rs->decide_params.baseline;

	*g = (struct wb_saved_group){
		.key = saved_key(&rs->v[gd->first].test), .state = wb_decide_state_name(gd->state),
		.method = wb_method_get(gd->state == WB_DECIDE_SWITCH
					? rs->v[gd->leader].test.method : base)->name,
		.leader = wb_method_get(rs->v[gd->leader].test.method)->name,
		.paired = gd->margin.paired, .margin = wb_saved_comparison_of(&gd->margin),
		.undecided = gd->state == WB_DECIDE_UNDECIDED,
		.decided = gd->state != WB_DECIDE_UNDECIDED,
		.decided_in_s = gd->decided_s, .rounds = gd->rounds };
	g->reason = wb_words_decision(gd, g->why, sizeof(g->why));
	g->settle = wb_saved_settle_of(&gd->settle, rs->decide_params.min_gain_pct, g->budget,
				       sizeof(g->budget));
}

/* --decide: the answer per group, why, and when it came. */
void wb_json_add_decision(cJSON *root, const struct wb_results *rs)
{
	const struct wb_decide_params *p = &rs->decide_params;
	struct wb_saved_decision d = {
		.baseline = wb_method_get(p->baseline)->name, .min_gain_pct = p->min_gain_pct,
		.confidence = p->conf, .tie_confidence = p->equiv_conf, .all = true,
		.ngroups = rs->ndecisions };
	size_t g;

	if (d.ngroups && !(d.groups = calloc(d.ngroups, sizeof(*d.groups))))
		return;
	for (g = 0; g < d.ngroups; g++) {
		saved_group(rs, &rs->decisions[g], &d.groups[g]);
		if (d.groups[g].undecided)
			d.all = false;
		else if (d.groups[g].decided_in_s > d.decided_in_s)
			d.decided_in_s = d.groups[g].decided_in_s;
	}
	d.stopped = d.all ? "decided" : rs->interrupted ? "interrupted" : "budget";
	wb_json_add_saved_decision(root, &d);
	free(d.groups);
}

void wb_json_add_saved_decision(cJSON *root, const struct wb_saved_decision *d)
{
	wb_fields_write(root, WB_KEY_DECISION, &decision_table, d);
}

/* An adaptive run: every pair compared ("comparisons", filled once the
 * schedule is written, as before) and how its trials were ordered. */
void wb_json_add_adaptive(cJSON *root, const struct wb_results *rs)
{
	const struct wb_throttle *t = &rs->throttle;
	cJSON *cmp = cJSON_AddArrayToObject(root, wb_key(WB_KEY_COMPARISONS));
	struct saved_schedule s = {
		.order = "random per round", .test = rs->throttle_test, .seed = (double)rs->seed,
		.rounds = rs->rounds, .elapsed_s = (double)rs->elapsed_ns / 1e9,
		.trial_s = (double)rs->trial_ns / 1e9,
		.trial_asked_s = (double)rs->asked_trial_ns / 1e9,
		.trial_asked_given = rs->trial_given,
		.trial_shortened = rs->trial_shortened,
		.detected = t->detected,
		.late = rs->throttle_late, .slow_fraction = t->slow_fraction, .wait_ms = t->wait_ms,
		.p50_us = t->p50_us, .flushes_per_slice = t->flushes_per_slice,
		.period_ms = t->period_ms, .rate_per_s = t->rate_per_s,
		.busy_fraction = t->busy_fraction, .waits_timed = t->waits,
		.phase_lock = t->phase_lock };

	wb_fields_write(root, WB_KEY_SCHEDULE, &schedule_table, &s);
	if (cmp)
		wb_results_each_comparison(rs, add_comparison, cmp);
}

int wb_rd_decision(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *d;
	int ret;

	if ((ret = wb_rd_get_object(rd, root, WB_KEY_DECISION, &d)) || !d)
		return ret;
	snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_DECISION));
	if ((ret = wb_fields_read(rd, d, &decision_table, &out->decision)) < 0)
		return ret;
	out->has_decision = true;
	rd->where[0] = '\0';
	return 0;
}

int wb_rd_schedule(struct reader *rd, const cJSON *root, struct wb_saved_results *out)
{
	const cJSON *o = wb_rd_member(root, WB_KEY_SCHEDULE);
	struct saved_schedule s = { 0 };
	int ret;

	/* Shown only (the slice chart's axis): a schedule that is no object is
	 * read as absent, as a config.slice that is no number is. */
	if (!cJSON_IsObject(o))
		return 0;
	snprintf(rd->where, sizeof(rd->where), "%s", wb_key(WB_KEY_SCHEDULE));
	if ((ret = wb_fields_read(rd, o, &schedule_table, &s)) < 0)
		return ret;
	rd->where[0] = '\0';
	/* Only over a slice asked: a file without one (run, recommend) has
	 * trials, which nothing shows as time slices. */
	if (isfinite(out->slice_s) && isfinite(s.trial_s) && s.trial_s > 0)
		out->slice_s = s.trial_s;
	return 0;
}
