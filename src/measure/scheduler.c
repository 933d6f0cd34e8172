/* scheduler.c — see scheduler.h. Each round's order is random and each
 * trial's length jittered; shuffle and jitter say why. */
#include "measure/scheduler.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure/signal_cleanup.h"
#include "measure/clock.h"
#include "measure/failure.h"
#include "measure/flush.h"
#include "measure/stop_rules.h"
#include "results/stats.h"

/* Starts a result: its merged histogram exists before any trial folds into it.
 * A result already judged n/a stays so; one that never gets a trial stays
 * "not run". */
static int start_result(struct wb_result *r)
{
	r->hist = malloc(sizeof(*r->hist));
	if (!r->hist) {
		wb_fail_out_of_memory(r, "starting the test");
		return -ENOMEM;
	}
	wb_hist_init(r->hist);
	return 0;
}

static void finish_result(struct wb_result *r)
{
	wb_stats_compute(r->trial_rates, r->ntrials, &r->stats);
	if (r->status == WB_STATUS_NOT_RUN && !r->reason[0])
		snprintf(r->reason, sizeof(r->reason), "the budget ran out before its first trial");
}

/* splitmix64: a fresh, well-mixed order every round from one recorded seed. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Fisher-Yates over the tests still running. A fixed order lets a device with
 * memory (a token bucket that one test drains and the next pays for) bias the
 * same test every round; a fresh random order turns that bias into noise the
 * paired comparisons can see. */
static void shuffle(size_t *order, size_t n, uint64_t *state)
{
	size_t i, j, tmp;

	for (i = n; i > 1; i--) {
		j = (size_t)(next_random(state) % i);
		tmp = order[i - 1];
		order[i - 1] = order[j];
		order[j] = tmp;
	}
}

/* A trial lasts its length times a random factor in [1, 1 + WB_SCHED_JITTER).
 * On a throttled device a fixed length (200 ms is two 100 ms slices) locks the
 * schedule to the slice grid, and which test straddles an extra slice stops
 * being chance. */
static uint64_t jitter(uint64_t trial_ns, uint64_t *rng)
{
	return trial_ns + (uint64_t)((double)trial_ns * WB_SCHED_JITTER *
				     ((double)(next_random(rng) >> 11) / 9007199254740992.0));
}

/* Whether test i should run another trial; marks it done when not. */
static bool still_running(struct wb_result *r, const struct wb_schedule *sched, uint64_t used,
			  uint64_t budget_start)
{
	/* Without --duration no test has a cap of its own: the rounds already share
	 * the budget, and what a finished (or n/a) test leaves goes to the others. */
	uint64_t cap = r->test.duration_ns ? r->test.duration_ns : UINT64_MAX;

	return wb_result_runnable(r) && used < cap && wb_now_ns() - budget_start < sched->budget_ns;
}

void wb_schedule_fixed(struct wb_result *rv, size_t n, const struct wb_result_hooks *hooks,
		       const struct wb_trial_ctx *ctx, struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (hooks && hooks->before)
			hooks->before(&rv[i].test, hooks->ctx);
		if (!rs->interrupted)
			rs->interrupted = wb_cleanup_stop_requested();
		if (!start_result(&rv[i]) && wb_result_runnable(&rv[i]) && !rs->interrupted)
			(void)wb_trial_run(&rv[i], rv[i].test.duration_ns, true, 0, ctx);
		finish_result(&rv[i]);
		if (hooks && hooks->after)
			hooks->after(&rv[i], hooks->ctx);
	}
}

/* The budget kept (sched->clip): *len cut to what is left of it, recorded in
 * rs with the tests of this round (order[k..m)) it leaves without a trial.
 * With warmup_ns, before a first trial's warm-up: only whether they may start
 * (the trial is clipped again after it). True when none starts: the budget is
 * spent. */
static bool clip(const struct wb_schedule *sched, uint64_t budget_start, uint64_t warmup_ns,
		 uint64_t trial_ns, uint64_t drawn, const size_t *order, size_t k, size_t m,
		 struct wb_results *rs, uint64_t *len)
{
	size_t j;

	*len = wb_rule_clip_after_warmup(sched->budget_ns, wb_now_ns() - budget_start, warmup_ns,
					 trial_ns, drawn);
	if (*len == drawn || (*len && warmup_ns))
		return false;
	if (!rs->cut) { /* the first cut is the trial's; a later one only skips */
		rs->cut = true;
		rs->cut_trial = *len > 0;
		rs->cut_test = order[k];
		rs->cut_drawn_ns = drawn;
		rs->cut_ran_ns = *len;
	}
	for (j = *len ? k + 1 : k; j < m; j++)
		if (order[j] < 32)
			rs->cut_skipped |= 1u << order[j];
	return *len == 0;
}

void wb_schedule_adaptive(struct wb_result *rv, size_t n, const struct wb_schedule *sched,
			  const struct wb_result_hooks *hooks, const struct wb_trial_ctx *ctx,
			  struct wb_results *rs)
{
	uint64_t *used = calloc(n, sizeof(*used)), start = wb_now_ns(), left, cap;
	uint64_t rng = sched->seed, trial_ns = sched->trial_ns, len, drawn;
	uint64_t bstart = ctx->budget_start_ns ? ctx->budget_start_ns : start;
	size_t *order = calloc(n, sizeof(*order)), k, m, i;
	bool *done = calloc(n, sizeof(*done)), *by_rule = calloc(n, sizeof(*by_rule));
	bool deciding = wb_rule_decision_begin(n, sched, rs), spent = false;
	/* The run's first trial starts whole, with its warm-up, whatever the setup
	 * left of the budget: a run that measured nothing would answer nothing
	 * (--budget 10ms is a smoke test of one short trial). The budget is kept
	 * from the second on. */
	bool ran = false;
	uint32_t round;

	rs->seed = sched->seed;
	for (i = 0; i < n; i++)
		if (!used || !done || !order || !by_rule || !deciding)
			wb_fail_out_of_memory(&rv[i], "scheduling the tests");
		else
			(void)start_result(&rv[i]);
	if (by_rule)
		wb_rule_decision_covers(rv, n, sched, rs, by_rule);
	for (round = 0; used && done && order && by_rule && deciding; round++) {
		for (i = 0, m = 0; i < n; i++) {
			if (!done[i] && !still_running(&rv[i], sched, used[i], ran ? bstart : start))
				done[i] = true;
			if (!done[i])
				order[m++] = i;
		}
		if (m == 0)
			break;
		shuffle(order, m, &rng);
		for (k = 0; k < m; k++) {
			struct wb_result *r = &rv[order[k]];

			i = order[k];
			if (!still_running(r, sched, used[i], ran ? bstart : start))
				continue; /* the budget ran out mid-round */
			drawn = jitter(trial_ns, &rng);
			if (r->ntrials == 0 && r->warmup_ns == 0 && sched->warmup_ns) {
				if (ran && sched->clip &&
				    clip(sched, bstart, sched->warmup_ns, trial_ns, drawn, order, k,
					 m, rs, &len)) {
					spent = true;
					break;
				}
				used[i] += wb_trial_run(r, sched->warmup_ns, false, round, ctx);
			}
			cap = r->test.duration_ns ? r->test.duration_ns : UINT64_MAX;
			left = cap > used[i] ? cap - used[i] : 0;
			len = drawn;
			if (ran && sched->clip &&
			    clip(sched, bstart, 0, trial_ns, drawn, order, k, m, rs, &len)) {
				spent = true;
				break;
			}
			used[i] += wb_trial_run(r, left < len ? left : len, true, round, ctx);
			ran = true;
			if ((rs->interrupted = wb_cleanup_stop_requested()))
				break;
			if (hooks && hooks->progress)
				hooks->progress(&(struct wb_progress){
					.round = round + 1, .test = k + 1, .ntests = m,
					.elapsed_ns = wb_now_ns() - bstart, .budget_ns = sched->budget_ns,
					.r = r }, hooks->ctx);
			/* A test the decision covers stops on it, not on its own CI. */
			if (!by_rule[i] && wb_rule_ci_reached(r, sched)) {
				r->converged = true;
				done[i] = true;
			}
		}
		if (!spent || k > 0)
			rs->rounds = round + 1;
		if (rs->interrupted || spent)
			break; /* what was measured is reported, marked partial */
		trial_ns = wb_rule_trial_length(rv, n, sched, round, trial_ns, rs);
		wb_rule_decision_step(rv, n, sched, done, rs, (double)(wb_now_ns() - start) / 1e9);
		if (wb_rule_placement_settled(rv, n, sched, rs)) {
			rs->settled_in_s = (double)(wb_now_ns() - start) / 1e9;
			break;
		}
	}
	rs->elapsed_ns = wb_now_ns() - start;
	wb_rule_decision_finish(rv, n, sched, rs);
	for (i = 0; i < n; i++) {
		finish_result(&rv[i]);
		if (hooks && hooks->before)
			hooks->before(&rv[i].test, hooks->ctx);
		if (hooks && hooks->after)
			hooks->after(&rv[i], hooks->ctx);
	}
	free(used);
	free(done);
	free(order);
	free(by_rule);
}
