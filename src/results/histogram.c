/* histogram.c — percentile and merge logic for the log-linear histogram. */
#include "results/histogram.h"

#include <math.h>
#include <string.h>

void wb_hist_init(struct wb_histogram *h)
{
	memset(h, 0, sizeof(*h));
	h->min_ns = UINT64_MAX;
}

void wb_hist_bucket_range(unsigned index, uint64_t *lo, uint64_t *hi)
{
	unsigned shift;

	if (index < WB_HIST_SUB) {
		*lo = *hi = index;
		return;
	}
	shift = index / WB_HIST_SUB - 1;
	*lo = ((uint64_t)(index % WB_HIST_SUB) + WB_HIST_SUB) << shift;
	*hi = *lo + ((1ull << shift) - 1);
}

void wb_hist_merge(struct wb_histogram *dst, const struct wb_histogram *src)
{
	unsigned i;

	for (i = 0; i < WB_HIST_BUCKETS; i++)
		dst->buckets[i] += src->buckets[i];
	dst->count += src->count;
	dst->sum_ns += src->sum_ns;
	if (src->min_ns < dst->min_ns)
		dst->min_ns = src->min_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
}

uint64_t wb_hist_percentile(const struct wb_histogram *h, double pct)
{
	uint64_t rank, seen = 0, lo, hi, mid;
	unsigned i;

	if (h->count == 0)
		return 0;
	if (pct <= 0)
		return h->min_ns;
	if (pct >= 100)
		return h->max_ns;
	/* Nearest rank: the smallest value with at least pct % of samples at or below it. */
	rank = (uint64_t)ceil(pct / 100.0 * (double)h->count);
	if (rank == 0)
		rank = 1;
	for (i = 0; i < WB_HIST_BUCKETS; i++) {
		seen += h->buckets[i];
		if (seen >= rank)
			break;
	}
	wb_hist_bucket_range(i, &lo, &hi);
	mid = lo + (hi - lo) / 2;
	if (mid < h->min_ns)
		mid = h->min_ns;
	if (mid > h->max_ns)
		mid = h->max_ns;
	return mid;
}

double wb_hist_mean_ns(const struct wb_histogram *h)
{
	return h->count ? (double)h->sum_ns / (double)h->count : 0.0;
}
