/* throttle.h — recognising a device that grants I/O in time slices (a token
 * bucket: cgroup blk-throttle, cloud block storage's IOPS limits) from what a
 * test measured. Such a device serves a few flushes fast, then makes the next
 * one wait for the next slice: per-flush latencies are bimodal (most near the
 * service time, one per slice near the slice length), and a trial's rate depends
 * on how many slice boundaries it happened to straddle. Pure: no I/O. */
#ifndef WB_RESULTS_THROTTLE_H
#define WB_RESULTS_THROTTLE_H

#include <stdbool.h>
#include <stdint.h>

#include "results/histogram.h"

/* One slow flush, as the timing loops keep it. */
struct wb_wait {
	uint64_t end_ns;           /* when it ended */
	uint64_t lat_ns;           /* how long it took */
};

struct wb_throttle {
	bool detected;
	double slow_fraction;      /* flushes that waited (over WB_THROTTLE_WAIT_X x p50) */
	double flushes_per_slice;  /* 1 / slow_fraction */
	double period_ms;          /* the slice: flushes per slice / flushes per second */
	double rate_per_s;         /* flushes per second the device granted */
	double wait_ms;            /* mean latency of the flushes that waited */
	double p50_us;             /* the service time of the ones that did not */
	double busy_fraction;      /* of a slice, spent serving its fast flushes */
	unsigned waits;            /* waits (as the histogram counts them) whose ends were timed */
	double phase_lock;         /* R(P): 1 when every wait ends on the period's grid, 0 random */
};

/* A wait is a flush this many times slower than the median. */
#define WB_THROTTLE_WAIT_X 10.0

/* Judges one test: its latency histogram h, run at rate_per_s flushes a second,
 * and its flushes over 2 ms (ascending end times, with their latencies). Detected
 * when between 1 % and 40 % of flushes waited at least WB_THROTTLE_WAIT_X times
 * the median, and the ends of those waits fall on a grid: a token bucket hands out
 * its grants at slice boundaries, so its waits end a whole number of periods
 * apart, while stalls behind a neighbour's I/O on a busy disk end at random.
 * The period P is the most common gap between consecutive waits (5 ms to 1 s),
 * refined to maximise R(P) = |mean of exp(2 pi i t / P)| over the wait ends; a
 * throttle has R(P) >= 0.8 and R(2P) well below it (else P is a harmonic). Only
 * the waits are phase-locked, not every flush over 2 ms: on a contended disk
 * (median 3 ms) most flushes pass 2 ms and end at random, and they would drown
 * the grid. */
void wb_throttle_detect(const struct wb_histogram *h, double rate_per_s,
			const struct wb_wait *waits, unsigned nwaits, struct wb_throttle *out);

#endif
