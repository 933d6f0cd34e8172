/* command.c — see command.h. Each command starts from the same adaptive
 * schedule (budget, trial length, warm-up, seed from the options) and changes
 * only what its question needs; the figures are command.h's constants. */
#include "plan/command.h"

#include <errno.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/trial_fit.h"

/* Interleaved trials for the whole budget, judged by nothing yet. */
static void adaptive(const struct wb_config *cfg, uint64_t seed, struct wb_command_plan *plan)
{
	memset(plan, 0, sizeof(*plan));
	plan->sched.adaptive = true;
	plan->sched.budget_ns = cfg->budget_ns;
	plan->sched.trial_ns = cfg->trial_ns;
	plan->sched.warmup_ns = cfg->warmup_ns;
	plan->sched.seed = seed;
	/* The budget is a promise, as fio's runtime is: a script or a Job's
	 * deadline counts on it. The last trial is cut to end on it, and the files'
	 * setup is spent inside it. */
	plan->sched.clip = true;
	plan->sched.setup_in_budget = true;
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
	/* --duration is how long it measures (its help says so): the setup
	 * comes before it, the last slice is cut to end on it. */
	plan->sched.setup_in_budget = false;
	plan->judge.max_cv_pct = WB_PLAN_MAX_CV_PCT;
}

/* The option that sets cmd's trial length: qualify calls its trials slices. */
static const char *trial_option(enum wb_command cmd)
{
	return cmd == WB_CMD_QUALIFY ? "slice" : "trial-time";
}

/* The shortest trial a plan of cmd shortens to: the least its option takes
 * (options.c), so a shortened trial is never one the user could not have
 * asked for. */
static uint64_t trial_floor(enum wb_command cmd)
{
	const struct wb_option *o = wb_option_find(trial_option(cmd), cmd);

	return o ? o->min : 0;
}

/* Once the command has set its warm-up: the trial as the budget holds it
 * for ntests tests (trial_fit.h), the length asked kept beside it. */
static void fit_trial(enum wb_command cmd, const struct wb_config *cfg, size_t ntests,
		      struct wb_schedule *s)
{
	struct wb_trial_fit fit;

	wb_trial_fit(s->budget_ns, ntests, s->warmup_ns, s->trial_ns, trial_floor(cmd), &fit);
	s->asked_trial_ns = s->trial_ns;
	s->trial_given = wb_option_given(cfg, trial_option(cmd));
	s->trial_ns = fit.trial_ns;
	s->fit_budget_ns = fit.min_budget_ns;
}

int wb_plan_command(enum wb_command cmd, const struct wb_config *cfg, uint64_t seed,
		    size_t ntests, struct wb_command_plan *plan)
{
	adaptive(cfg, seed, plan);
	switch (cmd) {
	case WB_CMD_RUN:
		plan_run(cfg, plan);
		break;
	case WB_CMD_RECOMMEND:
		plan_recommend(cfg, plan);
		break;
	case WB_CMD_QUALIFY:
		plan_qualify(plan);
		break;
	default:
		return -EINVAL;
	}
	fit_trial(cmd, cfg, ntests, &plan->sched);
	return 0;
}

void wb_plan_placement_step(const struct wb_config *cfg, uint64_t seed, size_t ntests,
			    struct wb_command_plan *plan)
{
	adaptive(cfg, seed, plan);
	plan->sched.min_trials = WB_PLAN_MIN_TRIALS;
	plan->sched.min_gain_pct = cfg->min_gain_bp / 100.0; /* a move must gain this */
	plan->sched.placement = true;
	/* No CI target and no margin: pairs by round, every row runs every round. */
	plan->judge.max_cv_pct = WB_PLAN_MAX_CV_PCT;
	fit_trial(WB_CMD_RECOMMEND, cfg, ntests, &plan->sched);
}
