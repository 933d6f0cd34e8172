/* bucket.c — see bucket.h. Medians decide (a stall in a side must not make or
 * unmake a step), means measure (the figures a tier is judged on are means of
 * slices with a t interval, as qualify's other rates). */
#include "results/bucket.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/stats.h"

static double sse_of(const double *v, size_t from, size_t to)
{
	double m = wb_mean_range(v, from, to), s = 0;
	size_t i;

	for (i = from; i < to; i++)
		s += (v[i] - m) * (v[i] - m);
	return s;
}

/* The least-squares line through (x[i], v[i]) over [from, to): its slope, and
 * the residual it leaves. */
static double line_fit(const double *x, const double *v, size_t from, size_t to, double *sse)
{
	double mx = wb_mean_range(x, from, to), mv = wb_mean_range(v, from, to), sxx = 0, sxv = 0, b, r;
	size_t i;

	for (i = from; i < to; i++) {
		sxx += (x[i] - mx) * (x[i] - mx);
		sxv += (x[i] - mx) * (v[i] - mv);
	}
	b = sxx > 0 ? sxv / sxx : 0;
	*sse = 0;
	for (i = from; i < to; i++) {
		r = v[i] - (mv + b * (x[i] - mx));
		*sse += r * r;
	}
	return b;
}

/* The median of v[from..to), from a copy; 0 without memory (never a step then). */
static double median_of(const double *v, size_t from, size_t to)
{
	double *c = malloc((to - from) * sizeof(*c)), m;

	if (!c)
		return 0;
	memcpy(c, v + from, (to - from) * sizeof(*c));
	m = wb_median(c, to - from);
	free(c);
	return m;
}

/* The split (first plateau index) with the least two-level residual and a
 * lower second level; 0 when none. */
static size_t best_split(const double *v, size_t n, double *sse)
{
	size_t k, best = 0;
	double s;

	*sse = INFINITY;
	for (k = WB_BUCKET_MIN_SIDE; k + WB_BUCKET_MIN_SIDE <= n; k++) {
		if (wb_mean_range(v, k, n) >= wb_mean_range(v, 0, k))
			continue;
		s = sse_of(v, 0, k) + sse_of(v, k, n);
		if (s < *sse) {
			*sse = s;
			best = k;
		}
	}
	return best;
}

/* Share of v[from..to) above (above true) or below mid. */
static double share_on_side(const double *v, size_t from, size_t to, double mid, bool above)
{
	size_t i, c = 0;

	for (i = from; i < to; i++)
		c += above ? v[i] > mid : v[i] < mid;
	return to > from ? (double)c / (double)(to - from) : 0;
}

/* The plateau's slice rates from p_from on, each over its settled part where
 * it has one (see bucket.h), into a new array; NULL without memory. */
static double *plateau_rates(const double *v, const double *settled, size_t p_from, size_t n)
{
	double *c = malloc((n - p_from) * sizeof(*c));
	size_t i;

	for (i = p_from; c && i < n; i++)
		c[i - p_from] = settled && settled[i] > 0 ? settled[i] : v[i];
	return c;
}

/* The figures: the levels without the transition slice, the drop inside it.
 * False without memory. */
static bool measure(const double *v, const double *t, const double *settled, size_t n, size_t k,
		    double hi, double lo, struct wb_bucket *out)
{
	size_t b_end = k, p_from = k;
	double step = hi - lo, f, *plateau;
	struct wb_stats st;

	if (fabs(v[k - 1] - hi) > step / 4) {
		out->transition = true;
		b_end = k - 1;
	} else if (fabs(v[k] - lo) > step / 4) {
		out->transition = true;
		p_from = k + 1;
	}
	plateau = plateau_rates(v, settled, p_from, n);
	if (!plateau)
		return false;
	out->burst_per_s = wb_mean_range(v, 0, b_end);
	wb_stats_compute(plateau, n - p_from, &st);
	free(plateau);
	out->baseline_per_s = st.mean;
	out->baseline_low = n - p_from >= 2 ? st.mean - st.ci95_half : -INFINITY;
	out->baseline_high = n - p_from >= 2 ? st.mean + st.ci95_half : INFINITY;
	out->first_plateau = p_from;
	out->nplateau = n - p_from;
	if (out->transition) {
		/* The straddling slice ran at hi for a share f of its time: the drop
		 * came f of the way from its start to the next slice's. */
		size_t s = b_end;

		f = (v[s] - lo) / step;
		f = f < 0 ? 0 : f > 1 ? 1 : f;
		out->drop_at_s = t[s] + f * (t[s + 1] - t[s]);
	} else {
		out->drop_at_s = (t[k - 1] + t[k]) / 2;
	}
	out->held = (out->burst_per_s - out->baseline_per_s) * out->drop_at_s;
	return true;
}

void wb_bucket_detect(const double *rates, const double *start_s, const double *settled, size_t n,
		      struct wb_bucket *out)
{
	double step_sse, line_sse, hi, lo, mid, slope, plateau_sse;
	size_t k;

	memset(out, 0, sizeof(*out));
	out->judged = rates && start_s && n >= WB_BUCKET_MIN_SLICES;
	if (!out->judged)
		return;
	k = best_split(rates, n, &step_sse);
	if (!k)
		return;
	(void)line_fit(start_s, rates, 0, n, &line_sse);
	hi = median_of(rates, 0, k);
	lo = median_of(rates, k, n);
	mid = (hi + lo) / 2;
	if (!(hi > 0) || !(lo >= 0) || lo > WB_BUCKET_MAX_RATIO * hi ||
	    step_sse > WB_BUCKET_STEP_FIT * line_sse ||
	    share_on_side(rates, 0, k - 1, mid, true) < WB_BUCKET_SIDE_SHARE ||
	    share_on_side(rates, k + 1, n, mid, false) < WB_BUCKET_SIDE_SHARE)
		return;
	/* Flat after its first slice, which may straddle the drop. */
	slope = line_fit(start_s, rates, k + 1, n, &plateau_sse);
	if (fabs(slope * (start_s[n - 1] - start_s[k + 1])) > WB_BUCKET_FLAT * (lo > 0 ? lo : hi))
		return;
	if (measure(rates, start_s, settled, n, k, hi, lo, out))
		out->detected = true;
	else
		*out = (struct wb_bucket){ .judged = true }; /* no memory: no figures to stand on */
}
