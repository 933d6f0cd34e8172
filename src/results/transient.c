/* transient.c — see transient.h. The search is capped at a quarter of the
 * trials: MSER's statistic is noisy near the end of a series and would
 * otherwise cut a short run down to its last few trials. */
#include "results/transient.h"

#include <math.h>

size_t wb_transient_trials(const double *rates, size_t n)
{
	double sum = 0.0, sq = 0.0, best = INFINITY;
	size_t d, i, pick = 0;

	if (n < WB_TRANSIENT_MIN_TRIALS)
		return 0;
	for (i = 0; i < n; i++) {
		double x = rates[i] > 0.0 ? log(rates[i]) : 0.0;

		sum += x;
		sq += x * x;
	}
	/* d from 0: take the leading trials out of the sums one by one. */
	for (d = 0; d <= n / 4; d++) {
		double m = (double)(n - d), sse = sq - sum * sum / m, stat = sse / (m * m);
		double x = rates[d] > 0.0 ? log(rates[d]) : 0.0;

		if (stat < best - 1e-15) {
			best = stat;
			pick = d;
		}
		sum -= x;
		sq -= x * x;
	}
	return pick;
}
