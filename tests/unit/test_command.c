/* test_command.c — wb_plan_command and wb_plan_placement_step: each measuring
 * command's schedule and thresholds, as the commands built them inline before
 * plan/command.c (the figures a behaviour-unchanged move must keep); and
 * qualify's rows, with the write-size sweep on a striped array. Pure. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "plan/command.h"
#include "plan/options.h"
#include "plan/plan.h"

static struct wb_config config(enum wb_command cmd)
{
	struct wb_config cfg;

	assert_int_equal(wb_config_defaults(&cfg, cmd), 0);
	cfg.budget_ns = 7000000000ull;
	cfg.trial_ns = 300000000ull;
	cfg.warmup_ns = 50000000ull;
	cfg.min_gain_bp = 700;
	return cfg;
}

/* What every adaptive plan takes from the options as they are. */
static void assert_adaptive(const struct wb_command_plan *p, const struct wb_config *cfg,
			    uint64_t seed, uint64_t warmup_ns)
{
	assert_true(p->sched.adaptive);
	assert_int_equal(p->sched.budget_ns, cfg->budget_ns);
	assert_int_equal(p->sched.trial_ns, cfg->trial_ns); /* the budget holds it */
	assert_int_equal(p->sched.asked_trial_ns, cfg->trial_ns);
	assert_false(p->sched.trial_given);
	assert_int_equal(p->sched.warmup_ns, warmup_ns);
	assert_int_equal(p->sched.seed, seed);
}

/* The thresholds a plan judges its results by. */
static void assert_judged(const struct wb_command_plan *p, double ci, double cv, double diff)
{
	assert_true(p->judge.ci_target_pct == ci);
	assert_true(p->judge.max_cv_pct == cv);
	assert_true(p->judge.min_difference_pct == diff);
}

static void test_run(void **state)
{
	struct wb_config cfg = config(WB_CMD_RUN);
	struct wb_command_plan p;

	(void)state;
	cfg.min_trials = 8;
	cfg.ci_target_bp = 250;
	cfg.max_cv_bp = 1200;
	assert_int_equal(wb_plan_command(WB_CMD_RUN, &cfg, 42, 4, &p), 0);
	assert_adaptive(&p, &cfg, 42, cfg.warmup_ns);
	assert_int_equal(p.sched.min_trials, 8);
	assert_true(p.sched.ci_target_pct == 2.5);
	assert_false(p.sched.decide);
	assert_int_equal(p.sched.decide_baseline, WB_METHOD_FDATASYNC);
	assert_true(p.sched.min_gain_pct == 7.0);
	assert_false(p.sched.placement);
	assert_false(p.sched.slices);
	/* --budget is the command's time: the last trial cut, the setup inside it */
	assert_true(p.sched.clip && p.sched.setup_in_budget);
	assert_judged(&p, 2.5, 12.0, 2.5); /* the CI target is the margin */

	cfg.decide = 1 + WB_METHOD_FSYNC;
	assert_int_equal(wb_plan_command(WB_CMD_RUN, &cfg, 42, 4, &p), 0);
	assert_true(p.sched.decide);
	assert_int_equal(p.sched.decide_baseline, WB_METHOD_FSYNC);
}

static void test_recommend(void **state)
{
	struct wb_config cfg = config(WB_CMD_RECOMMEND);
	struct wb_command_plan p;

	(void)state;
	assert_int_equal(wb_plan_command(WB_CMD_RECOMMEND, &cfg, 9, 4, &p), 0);
	assert_adaptive(&p, &cfg, 9, cfg.warmup_ns);
	assert_int_equal(p.sched.min_trials, WB_PLAN_MIN_TRIALS);
	assert_true(p.sched.ci_target_pct == 0.0);
	assert_true(p.sched.decide);
	assert_int_equal(p.sched.decide_baseline, WB_DEFAULT_METHOD);
	assert_true(p.sched.min_gain_pct == 7.0);
	assert_false(p.sched.placement);
	assert_true(p.sched.clip && p.sched.setup_in_budget);
	assert_judged(&p, 0.0, WB_PLAN_MAX_CV_PCT, WB_PLAN_MIN_DIFFERENCE_PCT);
}

static void test_placement(void **state)
{
	struct wb_config cfg = config(WB_CMD_RECOMMEND);
	struct wb_command_plan p;

	(void)state;
	wb_plan_placement_step(&cfg, 9, 4, &p);
	assert_adaptive(&p, &cfg, 9, cfg.warmup_ns);
	assert_true(p.sched.placement && !p.sched.decide); /* pairs by round, no CI target */
	assert_true(p.sched.min_gain_pct == 7.0 && p.sched.ci_target_pct == 0.0);
	assert_int_equal(p.sched.min_trials, WB_PLAN_MIN_TRIALS);
	assert_true(p.sched.clip && p.sched.setup_in_budget); /* each step has the budget */
	assert_judged(&p, 0.0, WB_PLAN_MAX_CV_PCT, 0.0);
}

static void test_qualify(void **state)
{
	struct wb_config cfg = config(WB_CMD_QUALIFY);
	struct wb_command_plan p;

	(void)state;
	assert_int_equal(wb_plan_command(WB_CMD_QUALIFY, &cfg, 5, 3, &p), 0);
	assert_adaptive(&p, &cfg, 5, 0); /* no warm-up: the first slice counts */
	assert_int_equal(p.sched.min_trials, 1);
	assert_true(p.sched.slices && !p.sched.decide && !p.sched.placement);
	/* --duration is the time measured: the last slice cut, the setup before it */
	assert_true(p.sched.clip && !p.sched.setup_in_budget);
	assert_judged(&p, 0.0, WB_PLAN_MAX_CV_PCT, 0.0);
}

/* A trial the budget cannot hold is shortened to what gives every test two
 * (plan/trial_fit.h), after the command's own warm-up: the audit's run
 * --budget 1s --trial-time 5s and qualify --duration 1s with 5 s slices. The
 * length asked stays in the schedule, for the reports to say. */
static void test_shortened(void **state)
{
	struct wb_config cfg = config(WB_CMD_RUN);
	struct wb_command_plan p;

	(void)state;
	cfg.budget_ns = 1000000000ull;
	cfg.trial_ns = 5000000000ull;
	cfg.warmup_ns = 100000000ull;
	assert_int_equal(wb_plan_command(WB_CMD_RUN, &cfg, 1, 6, &p), 0);
	assert_int_equal(p.sched.trial_ns, 22000000);
	assert_int_equal(p.sched.asked_trial_ns, 5000000000ull);
	cfg = config(WB_CMD_QUALIFY);
	cfg.budget_ns = 1000000000ull;
	cfg.trial_ns = 5000000000ull;
	assert_int_equal(wb_plan_command(WB_CMD_QUALIFY, &cfg, 1, 3, &p), 0);
	assert_int_equal(p.sched.trial_ns, 111000000); /* no warm-up in qualify */
	/* Past the budget altogether: the floor, --trial-time's least. */
	cfg = config(WB_CMD_RECOMMEND);
	cfg.budget_ns = 1000000000ull;
	wb_plan_placement_step(&cfg, 1, 40, &p);
	assert_int_equal(p.sched.trial_ns, wb_option_find("trial-time", WB_CMD_RECOMMEND)->min);
}

/* The sweep: the commit row again at the chunk, the stripe and two stripes,
 * one write each; none where there is no stripe, a chunk no larger than a
 * page adds no chunk row, and two stripes over WB_SWEEP_MAX_BYTES none. */
static void test_qualify_sweep(void **state)
{
	struct wb_config cfg = config(WB_CMD_QUALIFY);
	struct wb_test *t;
	size_t n, k;

	(void)state;
	t = wb_plan_qualify(&cfg, false, 0, 0, &n);
	assert_non_null(t);
	assert_int_equal(n, WB_Q_SHAPE_COUNT + 1);
	free(t);
	t = wb_plan_qualify(&cfg, false, 65536, 131072, &n);
	assert_non_null(t);
	assert_int_equal(n, WB_Q_SHAPE_COUNT + 4);
	for (k = WB_Q_SHAPE_COUNT + 1; k < n; k++) {
		assert_int_equal(t[k].method, t[WB_Q_SHAPE_COMMIT].method);
		assert_int_equal(t[k].pattern, WB_PATTERN_APPEND);
		assert_int_equal(t[k].segment_mode, t[WB_Q_SHAPE_COMMIT].segment_mode);
		assert_int_equal(t[k].writes_per_op, 1);
		assert_int_equal(t[k].flush_form, WB_FLUSH_SEPARATE);
	}
	assert_string_equal(t[WB_Q_SHAPE_COUNT + 1].label, wb_sweep_labels[WB_SWEEP_CHUNK]);
	assert_int_equal(t[WB_Q_SHAPE_COUNT + 1].size, 65536);
	assert_string_equal(t[WB_Q_SHAPE_COUNT + 3].label, wb_sweep_labels[WB_SWEEP_TWO_STRIPES]);
	assert_int_equal(t[WB_Q_SHAPE_COUNT + 3].size, 262144);
	assert_string_equal(wb_sweep_labels[WB_SWEEP_PAGE], t[WB_Q_SHAPE_COMMIT].label);
	free(t);
	t = wb_plan_qualify(&cfg, false, 4096, 8192 * 3, &n); /* a 4 kB chunk */
	assert_non_null(t);
	assert_int_equal(n, WB_Q_SHAPE_COUNT + 3);
	assert_string_equal(t[WB_Q_SHAPE_COUNT + 1].label, wb_sweep_labels[WB_SWEEP_STRIPE]);
	free(t);
	t = wb_plan_qualify(&cfg, false, 1u << 20, WB_SWEEP_MAX_BYTES / 2 + 1, &n);
	assert_non_null(t);
	assert_int_equal(n, WB_Q_SHAPE_COUNT + 1);
	free(t);
}

static void test_not_adaptive(void **state)
{
	struct wb_config cfg = config(WB_CMD_COMPAT);
	struct wb_command_plan p;

	(void)state;
	assert_int_equal(wb_plan_command(WB_CMD_COMPAT, &cfg, 1, 4, &p), -EINVAL);
	assert_int_equal(wb_plan_command(WB_CMD_ENGINES, &cfg, 1, 4, &p), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run),
		cmocka_unit_test(test_recommend),
		cmocka_unit_test(test_placement),
		cmocka_unit_test(test_qualify),
		cmocka_unit_test(test_qualify_sweep),
		cmocka_unit_test(test_shortened),
		cmocka_unit_test(test_not_adaptive),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
