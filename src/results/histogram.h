/* histogram.h — bounded-memory log-linear latency histogram (nanoseconds).
 * Each power-of-two range is split into 2^WB_HIST_SUB_BITS linear buckets, so a
 * bucket's midpoint is within 1/256 (0.4 %) of any value in it, from 1 ns to
 * WB_HIST_MAX_NS. Count, sum, min and max are kept exactly. Recording is inline
 * because it sits inside the timed loop. */
#ifndef WB_RESULTS_HISTOGRAM_H
#define WB_RESULTS_HISTOGRAM_H

#include <stdint.h>

#define WB_HIST_SUB_BITS 7
#define WB_HIST_SUB (1u << WB_HIST_SUB_BITS)
#define WB_HIST_MAX_EXP 41 /* 2^41 ns ~ 36 min: longer ops land in the top bucket */
#define WB_HIST_BUCKETS ((WB_HIST_MAX_EXP - WB_HIST_SUB_BITS + 1) * WB_HIST_SUB)
#define WB_HIST_MAX_NS ((1ull << WB_HIST_MAX_EXP) - 1)

struct wb_histogram {
	uint64_t count;
	uint64_t sum_ns;  /* exact, for the mean; 2^64 ns is 584 years */
	uint64_t min_ns;
	uint64_t max_ns;  /* exact, even beyond WB_HIST_MAX_NS */
	uint64_t buckets[WB_HIST_BUCKETS];
};

void wb_hist_init(struct wb_histogram *h);

/* Index of the bucket that holds ns (values above WB_HIST_MAX_NS clamp to the last). */
static inline unsigned wb_hist_index(uint64_t ns)
{
	unsigned exp, shift;

	if (ns > WB_HIST_MAX_NS)
		ns = WB_HIST_MAX_NS;
	if (ns < WB_HIST_SUB)
		return (unsigned)ns;
	exp = 63u - (unsigned)__builtin_clzll(ns);  /* ns in [2^exp, 2^(exp+1)) */
	shift = exp - WB_HIST_SUB_BITS;
	return (shift + 1) * WB_HIST_SUB + (unsigned)((ns >> shift) - WB_HIST_SUB);
}

static inline void wb_hist_record(struct wb_histogram *h, uint64_t ns)
{
	h->buckets[wb_hist_index(ns)]++;
	h->count++;
	h->sum_ns += ns;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

/* Lowest and highest value a bucket stands for. */
void wb_hist_bucket_range(unsigned index, uint64_t *lo, uint64_t *hi);

/* Adds src into dst: per-thread histograms are merged after a run. */
void wb_hist_merge(struct wb_histogram *dst, const struct wb_histogram *src);

/* The value at percentile pct (0..100) by the nearest-rank rule, as the midpoint of
 * its bucket clamped to [min, max]; 0 for an empty histogram. */
uint64_t wb_hist_percentile(const struct wb_histogram *h, double pct);

double wb_hist_mean_ns(const struct wb_histogram *h);

#endif
