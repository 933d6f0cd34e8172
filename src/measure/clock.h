/* clock.h — the one clock every timing loop reads: CLOCK_MONOTONIC in
 * nanoseconds. Inline, because the timed loops call it once per flush. */
#ifndef WB_MEASURE_CLOCK_H
#define WB_MEASURE_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t wb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

#endif
