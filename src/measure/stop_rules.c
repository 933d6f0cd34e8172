/* stop_rules.c — see stop_rules.h. */
#include "measure/stop_rules.h"

#include <stdio.h>
#include <stdlib.h>

#include "model/units.h"
#include "results/decide.h"
#include "results/stats.h"
#include "results/throttle.h"

bool wb_rule_ci_reached(const struct wb_result *r, const struct wb_schedule *sched)
{
	struct wb_stats st;

	wb_stats_compute(r->trial_rates, r->ntrials, &st);
	return r->ntrials >= sched->min_trials && st.ci95_pct <= sched->ci_target_pct;
}

bool wb_rule_decision_begin(size_t n, const struct wb_schedule *sched, struct wb_results *rs)
{
	if (!sched->decide)
		return true;
	rs->decide_params = (struct wb_decide_params){
		.baseline = sched->decide_baseline,
		.min_gain_pct = sched->min_gain_pct,
		.commit_work_us = sched->commit_work_us,
		.conf = WB_DECIDE_CONF,
		.equiv_conf = WB_EQUIV_CONF,
		.min_rounds = sched->min_trials > WB_DECIDE_MIN_ROUNDS ? sched->min_trials
								     : WB_DECIDE_MIN_ROUNDS,
		.min_settle_rounds = sched->min_trials > WB_DECIDE_MIN_SETTLE_ROUNDS
				     ? sched->min_trials : WB_DECIDE_MIN_SETTLE_ROUNDS,
	};
	rs->decide = true;
	rs->decisions = calloc(n, sizeof(*rs->decisions));
	return rs->decisions != NULL;
}

void wb_rule_decision_covers(const struct wb_result *rv, size_t n,
			     const struct wb_schedule *sched, const struct wb_results *rs,
			     bool *by_rule)
{
	size_t i;

	for (i = 0; sched->decide && i < n; i++)
		by_rule[i] = wb_decide_covers(rv, n, i, &rs->decide_params);
}

void wb_rule_decision_step(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			   bool *done, struct wb_results *rs, double elapsed_s)
{
	if (sched->decide)
		(void)wb_decide_step(rv, n, &rs->decide_params, done, rs->decisions,
				     &rs->ndecisions, elapsed_s, rs->rounds);
}

void wb_rule_decision_finish(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			     struct wb_results *rs)
{
	if (sched->decide && rs->decisions)
		wb_decide_finish(rv, n, &rs->decide_params, rs->decisions, rs->ndecisions,
				 (double)rs->elapsed_ns / 1e9, rs->rounds, rs->interrupted != 0);
}

bool wb_rule_placement_settled(const struct wb_result *rv, size_t n,
			       const struct wb_schedule *sched, const struct wb_results *rs)
{
	/* An assumed share of capacity is a guess: the verdict also weighs the
	 * idle data directory, so that must be settled too. */
	return sched->placement && wb_placement_settled(rv, n, sched->min_gain_pct, rs->rounds,
							 rs->load.requested_pct > 0);
}

/* A throttled device's trials must each span several of its slices, or a
 * trial's rate says more about how many slice boundaries it straddled than
 * about the method. After each of the first rounds, until a test has flushed
 * enough to judge, the first test found throttled sets the trial length for
 * the rest of the run (earlier, shorter trials stay paired by round as
 * before): at least WB_THROTTLE_SLICES slices, at most
 * WB_THROTTLE_MAX_TRIAL_NS, and short enough that the budget holds the
 * rounds a switch needs, jitter included. Ten slices a trial, as before, left
 * 4 tests x 1 s (x 1.25 for the jitter) a round: ten rounds in recommend's
 * 50 s, fewer than a switch may be looked at, so runs on throttled volumes
 * ended undecided; the random order and the jitter already turn slice
 * straddling into noise the paired comparison sees. Three slices against
 * four, interleaved on the throttled ext4 and xfs volumes, decided as often
 * and sooner (median 17.1 against 20.6 s, 12.0 against 13.6 s). */
#define WB_THROTTLE_SLICES      3
#define WB_THROTTLE_MAX_TRIAL_NS 2000000000ull

static uint64_t throttle_check(const struct wb_result *rv, size_t n,
			       const struct wb_schedule *sched, bool lengthen, struct wb_results *rs)
{
	uint64_t want, cap;
	size_t i, running = 0;

	if (lengthen)
		rs->trial_ns = sched->trial_ns;
	for (i = 0; i < n; i++)
		running += wb_result_runnable(&rv[i]);
	for (i = 0; i < n && !rs->throttle.detected; i++) {
		const struct wb_test *t = &rv[i].test;
		char size[16];

		if (rv[i].status != WB_STATUS_OK || t->queue_depth > 1 || t->jobs > 1 ||
		    t->pattern == WB_PATTERN_GROUPCOMMIT || t->data_load)
			continue; /* concurrency or a load blurs the one-flush-per-wait picture */
		wb_throttle_detect(rv[i].hist, wb_result_ops_per_sec(&rv[i]), rv[i].waits,
				   rv[i].nwaits, &rs->throttle);
		wb_format_size(t->size, size, sizeof(size));
		snprintf(rs->throttle_test, sizeof(rs->throttle_test), "%s/%s %s x%u",
			 wb_method_get(t->method)->name, wb_engine_name(t->engine), size,
			 t->writes_per_op);
	}
	if (!rs->throttle.detected)
		return rs->trial_ns;
	if (!lengthen) {
		rs->throttle_late = true;
		return rs->trial_ns;
	}
	want = (uint64_t)(rs->throttle.period_ms * 1e6 * WB_THROTTLE_SLICES);
	/* The jitter lengthens a trial by a quarter on average (scheduler.c). */
	cap = running ? sched->budget_ns * 4 / 5 / (running * WB_DECIDE_MIN_ROUNDS) : want;
	if (cap > WB_THROTTLE_MAX_TRIAL_NS)
		cap = WB_THROTTLE_MAX_TRIAL_NS;
	if (want > cap)
		want = cap;
	if (want > rs->trial_ns)
		rs->trial_ns = want;
	return rs->trial_ns;
}

uint64_t wb_rule_trial_length(const struct wb_result *rv, size_t n,
			      const struct wb_schedule *sched, uint32_t round, uint64_t trial_ns,
			      struct wb_results *rs)
{
	if (rs->throttle.detected)
		return trial_ns;
	/* Later rounds still look, so a throttle whose grid the first rounds'
	 * few waits did not show (a busy host) is reported; the trials then keep
	 * the length the rounds so far were paired at. */
	if (round >= WB_DECIDE_MIN_ROUNDS) {
		rs->trial_ns = trial_ns;
		return throttle_check(rv, n, sched, false, rs);
	}
	return throttle_check(rv, n, sched, true, rs);
}

uint64_t wb_rule_clip(uint64_t budget_ns, uint64_t elapsed_ns, uint64_t trial_ns,
		      uint64_t len_ns)
{
	uint64_t left = budget_ns > elapsed_ns ? budget_ns - elapsed_ns : 0;

	if (len_ns <= left)
		return len_ns;
	return (double)left >= WB_CLIP_MIN_SHARE * (double)trial_ns ? left : 0;
}

uint64_t wb_rule_clip_after_warmup(uint64_t budget_ns, uint64_t elapsed_ns, uint64_t warmup_ns,
				   uint64_t trial_ns, uint64_t len_ns)
{
	uint64_t after = elapsed_ns > UINT64_MAX - warmup_ns ? UINT64_MAX : elapsed_ns + warmup_ns;

	return wb_rule_clip(budget_ns, after, trial_ns, len_ns);
}
