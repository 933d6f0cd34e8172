/* throttle.h — recognising a device that grants I/O in time slices (a token
 * bucket: cgroup blk-throttle, cloud block storage's IOPS limits) from what a
 * test measured. Such a device serves a few flushes fast, then makes the next
 * one wait for the next slice: per-flush latencies are bimodal (most near the
 * service time, one per slice near the slice length), and a trial's rate depends
 * on how many slice boundaries it happened to straddle. Pure: no I/O. */
#ifndef WB_RESULTS_THROTTLE_H
#define WB_RESULTS_THROTTLE_H

#include <stdbool.h>

#include "results/histogram.h"

struct wb_throttle {
	bool detected;
	double slow_fraction;      /* flushes that waited (over WB_THROTTLE_WAIT_X x p50) */
	double flushes_per_slice;  /* 1 / slow_fraction */
	double period_ms;          /* the slice: flushes per slice / flushes per second */
	double rate_per_s;         /* flushes per second the device granted */
	double wait_ms;            /* mean latency of the flushes that waited */
	double p50_us;             /* the service time of the ones that did not */
	double busy_fraction;      /* of a slice, spent serving its fast flushes */
};

/* A wait is a flush this many times slower than the median. */
#define WB_THROTTLE_WAIT_X 10.0

/* Judges one test's latency histogram h, run at rate_per_s flushes a second.
 * Detected when between 1 % and 40 % of flushes waited at least WB_THROTTLE_WAIT_X
 * times the median, those waits average at least 2 ms, and the fast flushes of a
 * slice fill under half of it (the device idles while flushes wait: a limit, not
 * a busy device). */
void wb_throttle_detect(const struct wb_histogram *h, double rate_per_s, struct wb_throttle *out);

#endif
