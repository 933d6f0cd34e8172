/* command.c — see command.h. Each command starts from the same adaptive
 * schedule (budget, trial length, warm-up, seed from the options) and changes
 * only what its question needs; the figures are command.h's constants. */
#include "plan/command.h"

#include <errno.h>
#include <string.h>

#include "plan/plan.h"

/* Interleaved trials for the whole budget, judged by nothing yet. */
static void adaptive(const struct wb_config *cfg, uint64_t seed, struct wb_command_plan *plan)
{
	memset(plan, 0, sizeof(*plan));
	plan->sched.adaptive = true;
	plan->sched.budget_ns = cfg->budget_ns;
	plan->sched.trial_ns = cfg->trial_ns;
	plan->sched.warmup_ns = cfg->warmup_ns;
	plan->sched.seed = seed;
}

/* run: each test stops on its own CI, or on --decide's answer; the CI target
 * is also the margin a difference must clear. */
static void plan_run(const struct wb_config *cfg, struct wb_command_plan *plan)
{
	struct wb_schedule *s = &plan->sched;

	s->min_trials = (unsigned)cfg->min_trials;
	s->ci_target_pct = cfg->ci_target_bp / 100.0;
	s->decide = cfg->decide != 0;
	s->decide_baseline = cfg->decide ? (enum wb_method_id)(cfg->decide - 1)
					 : WB_METHOD_FDATASYNC;
	s->min_gain_pct = cfg->min_gain_bp / 100.0;
	plan->judge = (struct wb_thresholds){ .ci_target_pct = s->ci_target_pct,
					      .max_cv_pct = cfg->max_cv_bp / 100.0,
					      .min_difference_pct = s->ci_target_pct };
}

/* recommend: no CI target; the sequential decision against the method the
 * server runs (its default unless --server said) stops it as soon as the
 * question is answered, in commits. */
static void plan_recommend(const struct wb_config *cfg, struct wb_command_plan *plan)
{
	struct wb_schedule *s = &plan->sched;

	s->min_trials = WB_PLAN_MIN_TRIALS;
	s->decide = true;
	s->decide_baseline = wb_plan_baseline(cfg);
	s->min_gain_pct = cfg->flush_min_gain_pct > 0 ? cfg->flush_min_gain_pct
						      : cfg->min_gain_bp / 100.0;
	/* Without a server, --min-gain is in commits of an assumed cost; with
	 * one, its own flush share says (above, or after the run). */
	if (!cfg->server_dsn && !cfg->observed_path)
		s->commit_work_us = (double)cfg->commit_work_ns / 1e3;
	plan->judge.max_cv_pct = WB_PLAN_MAX_CV_PCT;
	plan->judge.min_difference_pct = WB_PLAN_MIN_DIFFERENCE_PCT;
}

/* qualify: every shape every round, in random order, for the whole duration:
 * each trial is a time slice, and the slices are the trend. No warm-up: the
 * first slice is part of what a tier judges. */
static void plan_qualify(struct wb_command_plan *plan)
{
	plan->sched.warmup_ns = 0;
	plan->sched.min_trials = 1;
	plan->sched.slices = true;
	plan->judge.max_cv_pct = WB_PLAN_MAX_CV_PCT;
}

int wb_plan_command(enum wb_command cmd, const struct wb_config *cfg, uint64_t seed,
		    struct wb_command_plan *plan)
{
	adaptive(cfg, seed, plan);
	switch (cmd) {
	case WB_CMD_RUN:
		plan_run(cfg, plan);
		return 0;
	case WB_CMD_RECOMMEND:
		plan_recommend(cfg, plan);
		return 0;
	case WB_CMD_QUALIFY:
		plan_qualify(plan);
		return 0;
	default:
		return -EINVAL;
	}
}

void wb_plan_placement_step(const struct wb_config *cfg, uint64_t seed,
			    struct wb_command_plan *plan)
{
	adaptive(cfg, seed, plan);
	plan->sched.min_trials = WB_PLAN_MIN_TRIALS;
	plan->sched.min_gain_pct = cfg->min_gain_bp / 100.0; /* a move must gain this */
	plan->sched.placement = true;
	/* No CI target and no margin: pairs by round, every row runs every round. */
	plan->judge.max_cv_pct = WB_PLAN_MAX_CV_PCT;
}
