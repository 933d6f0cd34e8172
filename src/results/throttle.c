/* throttle.c — see throttle.h. Two views of one device must agree: the
 * histogram (one flush in k waits, so a slice holds k flushes and lasts k / r at
 * r flushes a second) and the wait ends' own period, found by phase locking;
 * the reports print the period from the wait ends, the more direct one. */
#include "results/throttle.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WB_THROTTLE_MIN_FRACTION 0.01
#define WB_THROTTLE_MAX_FRACTION 0.40
#define WB_THROTTLE_MIN_WAIT_NS  2000000.0 /* 2 ms */
#define WB_THROTTLE_MIN_FLUSHES  60        /* fewer and the fractions are noise */

#define WB_THROTTLE_MIN_WAITS    20        /* wait ends needed to judge a period */
#define WB_THROTTLE_MIN_GAP_NS   5e6       /* shorter gaps: stalls, not slices */
#define WB_THROTTLE_MAX_GAP_NS   1e9
#define WB_THROTTLE_MIN_LOCK     0.8       /* R(P): waits on the grid */
#define WB_THROTTLE_HARMONIC     0.3       /* R(2P) must be this much lower */
#define WB_THROTTLE_REFINE_STEPS 200       /* P tried over [0.9, 1.1] x the modal gap */

/* |mean of exp(2 pi i t / P)| over the wait ends (relative to the first). */
static double phase_lock(const uint64_t *t, unsigned n, double period_ns)
{
	double re = 0.0, im = 0.0;
	unsigned i;

	for (i = 0; i < n; i++) {
		double a = 2.0 * M_PI * fmod((double)(t[i] - t[0]), period_ns) / period_ns;

		re += cos(a);
		im += sin(a);
	}
	return n ? sqrt(re * re + im * im) / n : 0.0;
}

/* The most common gap between consecutive wait ends, in 1 ms bins, over gaps
 * of 5 ms to 1 s; 0 when there is none. */
static double modal_gap_ns(const uint64_t *t, unsigned n)
{
	enum { BINS = 1000 };
	unsigned *count = calloc(BINS, sizeof(*count)), i, best = 0;
	double gap;

	if (!count)
		return 0.0;
	for (i = 1; i < n; i++) {
		gap = (double)(t[i] - t[i - 1]);
		if (t[i] > t[i - 1] && gap >= WB_THROTTLE_MIN_GAP_NS && gap < WB_THROTTLE_MAX_GAP_NS)
			count[(unsigned)(gap / 1e6)]++;
	}
	for (i = 1; i < BINS; i++)
		if (count[i] > count[best])
			best = i;
	gap = count[best] ? (best + 0.5) * 1e6 : 0.0;
	free(count);
	return gap;
}

/* Fills period and lock from the wait ends; false without a period. */
static bool find_period(const uint64_t *t, unsigned n, double *period_ns, double *lock)
{
	double p0 = modal_gap_ns(t, n), p, r;
	unsigned k;

	*lock = 0.0;
	if (p0 == 0.0)
		return false;
	for (k = 0; k <= WB_THROTTLE_REFINE_STEPS; k++) {
		p = p0 * (0.9 + 0.2 * k / WB_THROTTLE_REFINE_STEPS);
		r = phase_lock(t, n, p);
		if (r > *lock) {
			*lock = r;
			*period_ns = p;
		}
	}
	return *lock >= WB_THROTTLE_MIN_LOCK &&
	       phase_lock(t, n, 2.0 * *period_ns) < *lock - WB_THROTTLE_HARMONIC;
}

/* The end times of the flushes that waited at least threshold_ns; NULL when
 * there is no memory (no period is then found: not detected, never wrong). */
static uint64_t *wait_ends(const struct wb_wait *waits, unsigned nwaits, double threshold_ns,
			   unsigned *n)
{
	uint64_t *t = malloc((nwaits ? nwaits : 1) * sizeof(*t));
	unsigned i;

	*n = 0;
	for (i = 0; t && i < nwaits; i++)
		if ((double)waits[i].lat_ns >= threshold_ns)
			t[(*n)++] = waits[i].end_ns;
	return t;
}

void wb_throttle_detect(const struct wb_histogram *h, double rate_per_s,
			const struct wb_wait *waits, unsigned nwaits, struct wb_throttle *out)
{
	double period_ns = 0.0;
	bool periodic;
	uint64_t p50, slow = 0, lo, hi, *ends;
	double slow_sum = 0.0, threshold;
	unsigned i, nends = 0;

	memset(out, 0, sizeof(*out));
	if (!h || h->count < WB_THROTTLE_MIN_FLUSHES || !(rate_per_s > 0.0))
		return;
	p50 = wb_hist_percentile(h, 50.0);
	threshold = WB_THROTTLE_WAIT_X * (double)p50;
	for (i = 0; i < WB_HIST_BUCKETS; i++) {
		if (!h->buckets[i])
			continue;
		wb_hist_bucket_range(i, &lo, &hi);
		if ((double)lo < threshold)
			continue;
		slow += h->buckets[i];
		slow_sum += (double)h->buckets[i] * 0.5 * ((double)lo + (double)hi);
	}
	out->p50_us = (double)p50 / 1e3;
	out->rate_per_s = rate_per_s;
	if (!slow)
		return;
	out->slow_fraction = (double)slow / (double)h->count;
	out->wait_ms = slow_sum / (double)slow / 1e6;
	out->flushes_per_slice = 1.0 / out->slow_fraction;
	out->period_ms = 1e3 * out->flushes_per_slice / rate_per_s;
	out->busy_fraction = out->flushes_per_slice * (double)p50 / (out->period_ms * 1e6);
	ends = waits ? wait_ends(waits, nwaits, threshold, &nends) : NULL;
	out->waits = nends;
	periodic = ends && nends >= WB_THROTTLE_MIN_WAITS &&
		   find_period(ends, nends, &period_ns, &out->phase_lock);
	free(ends);
	if (periodic)
		out->period_ms = period_ns / 1e6;
	out->detected = periodic && out->slow_fraction >= WB_THROTTLE_MIN_FRACTION &&
			out->slow_fraction <= WB_THROTTLE_MAX_FRACTION &&
			out->wait_ms * 1e6 >= WB_THROTTLE_MIN_WAIT_NS;
}
