/* throttle.c — see throttle.h. The period follows from two measured figures:
 * if one flush in k waits for the next slice, a slice holds k flushes, and at
 * r flushes a second it lasts k / r. */
#include "results/throttle.h"

#include <string.h>

#define WB_THROTTLE_MIN_FRACTION 0.01
#define WB_THROTTLE_MAX_FRACTION 0.40
#define WB_THROTTLE_MIN_WAIT_NS  2000000.0 /* 2 ms */
#define WB_THROTTLE_MIN_FLUSHES  60        /* fewer and the fractions are noise */
/* A throttle keeps the device idle most of each slice: the fast flushes of a
 * slice take under half of it. Contention on a busy device makes waits too,
 * but there the device is busy the whole time. */
#define WB_THROTTLE_MAX_BUSY     0.5

void wb_throttle_detect(const struct wb_histogram *h, double rate_per_s, struct wb_throttle *out)
{
	uint64_t p50, slow = 0, lo, hi;
	double slow_sum = 0.0, threshold;
	unsigned i;

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
	out->detected = out->slow_fraction >= WB_THROTTLE_MIN_FRACTION &&
			out->busy_fraction < WB_THROTTLE_MAX_BUSY &&
			out->slow_fraction <= WB_THROTTLE_MAX_FRACTION &&
			out->wait_ms * 1e6 >= WB_THROTTLE_MIN_WAIT_NS;
}
