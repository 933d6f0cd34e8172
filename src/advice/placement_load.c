/* placement_load.c — see placement_load.h. */
#include "advice/placement_load.h"

#include <math.h>

double wb_placement_pages_per_commit(const struct wb_server_shape *sh, double commits_per_s)
{
	if (sh->load_why != WB_LOAD_MEASURED || !(sh->load_per_s >= 0) || !(commits_per_s > 0))
		return NAN;
	return sh->load_per_s / commits_per_s;
}

double wb_placement_load_next(const struct wb_load_point *pts, size_t n)
{
	const struct wb_load_point *a, *b;
	double lo, hi, ga, gb, x;
	size_t i;

	if (!n || !isfinite(pts[n - 1].predicted_per_s) || !(pts[n - 1].predicted_per_s > 0))
		return NAN;
	if (n == 1)
		return pts[0].predicted_per_s; /* the first prediction's own load */
	/* The bracket: every round's load and prediction lie on either side of the
	 * fixed point or beyond it, so it lies between the least and the most. */
	lo = INFINITY;
	hi = 0;
	for (i = 1; i < n; i++) {
		lo = fmin(lo, fmin(pts[i].at_per_s, pts[i].predicted_per_s));
		hi = fmax(hi, fmax(pts[i].at_per_s, pts[i].predicted_per_s));
	}
	a = &pts[n - 2];
	b = &pts[n - 1];
	ga = a->predicted_per_s - a->at_per_s;
	gb = b->predicted_per_s - b->at_per_s;
	x = gb != ga ? b->at_per_s - gb * (b->at_per_s - a->at_per_s) / (gb - ga) : NAN;
	/* Outside the bracket the secant extrapolates: the middle (on the ratio
	 * scale, as the commits' rates) of the last load and its prediction. */
	if (!isfinite(x) || x <= lo || x >= hi)
		x = sqrt(b->at_per_s * b->predicted_per_s);
	return x;
}

bool wb_placement_load_settled(const struct wb_model *m, double at_per_s)
{
	return m->known && at_per_s >= m->low && at_per_s <= m->high;
}
