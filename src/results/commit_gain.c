/* commit_gain.c — see commit_gain.h. */
#include "results/commit_gain.h"

#include <math.h>

double wb_commit_gain_pct(double flush_pct, double share)
{
	double g = flush_pct / 100.0;

	if (share <= 0)
		return 0;
	if (share > 1)
		share = 1;
	if (1.0 + g <= 0)
		return -100.0; /* a flush that never ends: no commits */
	return (1.0 / (1.0 - share + share / (1.0 + g)) - 1.0) * 100.0;
}

double wb_flush_gain_for_commit_pct(double commit_pct, double share)
{
	double m = commit_pct / 100.0, left;

	if (share > 1)
		share = 1;
	/* 1 - s + s/(1+g) = 1/(1+m)  =>  1 + g = s / (s - m/(1+m)) */
	left = share - m / (1.0 + m);
	if (!(left > 0))
		return INFINITY;
	return (share / left - 1.0) * 100.0;
}

double wb_flush_share_estimate(double flushes_per_s, double flush_mean_us)
{
	double s;

	if (!(flushes_per_s >= 0) || !(flush_mean_us >= 0))
		return NAN;
	s = flushes_per_s * flush_mean_us / 1e6;
	return s > 1 ? 1 : s;
}

double wb_flush_share_assumed(double flush_us, double work_us)
{
	if (!(flush_us >= 0) || !(work_us >= 0) || !(flush_us + work_us > 0))
		return NAN;
	return flush_us / (flush_us + work_us);
}

double wb_commit_gain_bound_pct(double flush_us, double work_us)
{
	if (!(work_us > 0))
		return INFINITY;
	return flush_us / work_us * 100.0;
}
