/* trial_fit.c — see trial_fit.h. Counts each trial at its longest (the
 * scheduler's jitter), so the fitted trials fit whatever the draw. */
#include "plan/trial_fit.h"

#include "model/schedule.h"

#define WB_FIT_GRAIN_NS 1000000ull

/* The longest a trial of len ns lasts once jittered. */
static uint64_t longest(uint64_t len)
{
	return len + (uint64_t)((double)len * WB_SCHED_JITTER);
}

void wb_trial_fit(uint64_t budget_ns, size_t ntests, uint64_t warmup_ns, uint64_t asked_ns,
		  uint64_t floor_ns, struct wb_trial_fit *out)
{
	uint64_t warmups, share, fit;

	out->trial_ns = asked_ns;
	out->shortened = false;
	out->min_budget_ns = 0;
	if (ntests == 0)
		return;
	warmups = (uint64_t)ntests * warmup_ns;
	out->min_budget_ns = warmups + (uint64_t)ntests * WB_FIT_TRIALS * longest(floor_ns);
	/* What is left after the warm-ups, shared out; each share is the
	 * WB_FIT_TRIALS trials' longest, so one trial is that over its jitter. */
	share = budget_ns > warmups ? (budget_ns - warmups) / ntests / WB_FIT_TRIALS : 0;
	fit = (uint64_t)((double)share / (1.0 + WB_SCHED_JITTER));
	/* Down to a whole millisecond: the reports print it as an option value
	 * ("22ms") the user can type again, not as "22222222ns". */
	fit -= fit % WB_FIT_GRAIN_NS;
	if (fit < floor_ns)
		fit = floor_ns;
	if (fit < asked_ns) {
		out->trial_ns = fit;
		out->shortened = true;
	}
}
