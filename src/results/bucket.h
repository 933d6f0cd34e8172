/* bucket.h — recognising a burst-credit volume (a token bucket: gp2-style, a
 * burst rate while credits last, then a baseline refill rate) from a shape's
 * time-slice rates, as qualify keeps them. The picture is one sustained step
 * down to a flat plateau that lasts to the end of the run; a slow drift, a stall
 * of a slice or two, or noise are not it. Pure: no I/O. Trap: the burst
 * figures are this shape's flushes a second, not the device's I/Os. */
#ifndef WB_RESULTS_BUCKET_H
#define WB_RESULTS_BUCKET_H

#include <stdbool.h>
#include <stddef.h>

/* Slices needed to judge (a side needs WB_BUCKET_MIN_SIDE of them): fewer and
 * one slow slice is a step. */
#define WB_BUCKET_MIN_SLICES 8
#define WB_BUCKET_MIN_SIDE   3
/* The plateau is at most this share of the burst: a gp2 volume under 1,000 GiB
 * has a baseline of at most 3 IOPS/GiB against 3,000 burst (AWS EBS docs), so
 * any bucket worth the name drops by a third or more. Smaller drops (a write
 * cache, a thermal limit) are the trend's (advice/qualify.h), not a bucket. */
#define WB_BUCKET_MAX_RATIO  0.67
/* A step, not a drift: a two-level fit leaves at most this share of the
 * residual a straight line leaves (a linear ramp leaves the two-level fit a
 * quarter of its variance and the line none; a step the reverse). */
#define WB_BUCKET_STEP_FIT   0.5
/* Each side keeps to its level: this share of its slices on its side of the
 * midpoint between the two medians (one stall or one fast slice is allowed),
 * the two slices either side of the split left out (either may straddle the
 * drop). */
#define WB_BUCKET_SIDE_SHARE 0.8
/* A plateau is flat: the fitted line over it moves less than this share of its
 * level from its first slice to its last. */
#define WB_BUCKET_FLAT       0.25

struct wb_bucket {
	bool judged;               /* enough slices to say (WB_BUCKET_MIN_SLICES) */
	bool detected;             /* a step down to a plateau that lasted to the end */
	double burst_per_s;        /* mean of the slices before the drop (transition left out) */
	double baseline_per_s;     /* mean of the plateau's slices (transition left out), each
				    * over its settled part where it has one */
	double baseline_low, baseline_high; /* its 95 % t interval; +-INFINITY under 2 slices */
	double drop_at_s;          /* when the bucket ran dry, seconds into the run */
	double held;               /* flushes of this shape the bucket held at the start:
				    * (burst - baseline) x drop_at_s, every shape having
				    * drawn from it at the same pace */
	size_t first_plateau;      /* index of the first slice on the plateau */
	size_t nplateau;           /* plateau slices the baseline averages */
	bool transition;           /* a slice straddled the drop (left out of both sides) */
};

/* Judges the slice rates rates[0..n) (flushes/s over each slice's own time, in
 * time order) that started at start_s[0..n) (seconds into the run). settled
 * (NULL: none) is each slice's rate over its settled part (results.h:
 * WB_SETTLED_AFTER; 0 where none was kept): between two slices no flushes run,
 * so an empty bucket refills and the next slice spends that at the burst rate,
 * and a slice's own rate reads the baseline high by the pause's share (its
 * interval could leave the true rate out); the settled part is one continuous
 * stream at the baseline, so the plateau's slices are measured by it. The split
 * is the one that leaves the least squared residual under two levels; it is a
 * bucket when the plateau has at least WB_BUCKET_MIN_SIDE slices, sits at most
 * WB_BUCKET_MAX_RATIO of the burst (medians), fits as a step
 * (WB_BUCKET_STEP_FIT), each side keeps to its level (WB_BUCKET_SIDE_SHARE) and
 * the plateau is flat (WB_BUCKET_FLAT). A slice straddling the drop (off its
 * side's median by more than a quarter of the step) is left out of both levels,
 * and the drop is placed inside it by its rate. */
void wb_bucket_detect(const double *rates, const double *start_s, const double *settled, size_t n,
		      struct wb_bucket *out);

#endif
