/* clock.h — the clock every timing loop reads. Loops take raw ticks
 * (wb_clock_ticks) and turn a difference into nanoseconds (wb_clock_ns) only to
 * record it. Ticks are the TSC where it is invariant and the kernel trusts it
 * (x86-64), calibrated against CLOCK_MONOTONIC once per process; elsewhere they
 * are CLOCK_MONOTONIC nanoseconds. Trap: ticks are not nanoseconds — never mix
 * them with wb_now_ns() values; turn a duration into ticks (wb_clock_ticks_for)
 * before comparing it with a tick count. */
#ifndef WB_MEASURE_CLOCK_H
#define WB_MEASURE_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#define WB_CLOCK_HAVE_TSC 1
#else
#define WB_CLOCK_HAVE_TSC 0
#endif

#define WB_CLOCK_SHIFT 32 /* ns = ticks * mult >> WB_CLOCK_SHIFT */

enum wb_clock_source {
	WB_CLOCK_MONOTONIC,      /* clock_gettime(CLOCK_MONOTONIC): ticks are ns */
	WB_CLOCK_TSC,            /* rdtsc: ticks run at ticks_per_ns GHz */
};

struct wb_clock {
	enum wb_clock_source source;
	uint64_t mult;           /* ns per tick, as a 32.32 fixed-point number */
	double ticks_per_ns;     /* the TSC's frequency in GHz; 1 for CLOCK_MONOTONIC */
};

/* The process's clock: set once by wb_clock_init before any timing loop runs,
 * read-only afterwards (so threads share it without locks). CLOCK_MONOTONIC
 * until then, so a loop run without init still measures correctly. */
extern struct wb_clock wb_clock;

/* CLOCK_MONOTONIC in nanoseconds: the wall-clock budget, and the reference the
 * TSC is calibrated against. */
static inline uint64_t wb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Now, in ticks of a clock of source src. Plain rdtsc, not rdtscp or an lfence:
 * the timed work ends in a system call, and SYSCALL/SYSRET let no later
 * instruction execute, even speculatively, before the earlier ones complete —
 * the fence is already there, and rdtscp would add its own cost to every op.
 * Where no system call ends an op (a polled io_uring completion) rdtsc may run
 * a few dozen cycles early; chained timestamps move that error between
 * neighbouring ops, never into the total. A loop compiled once per source
 * passes src as a constant, and the test of it disappears. */
static inline __attribute__((always_inline)) uint64_t wb_clock_read(enum wb_clock_source src)
{
#if WB_CLOCK_HAVE_TSC
	if (__builtin_expect(src == WB_CLOCK_TSC, 1))
		return __rdtsc();
#else
	(void)src;
#endif
	return wb_now_ns();
}

/* Now, in ticks of the process's clock. */
static inline uint64_t wb_clock_ticks(void)
{
	return wb_clock_read(wb_clock.source);
}

/* A tick count of clock c in nanoseconds (truncated). */
static inline uint64_t wb_clock_to_ns(const struct wb_clock *c, uint64_t ticks)
{
#ifdef __SIZEOF_INT128__
	return (uint64_t)(((unsigned __int128)ticks * c->mult) >> WB_CLOCK_SHIFT);
#else
	return (uint64_t)((double)ticks / c->ticks_per_ns);
#endif
}

/* A difference of wb_clock_ticks() values in nanoseconds. */
static inline uint64_t wb_clock_ns(uint64_t ticks)
{
	return wb_clock_to_ns(&wb_clock, ticks);
}

/* ns nanoseconds in ticks of clock c, saturating at UINT64_MAX. */
uint64_t wb_clock_ticks_for(const struct wb_clock *c, uint64_t ns);

/* The tick count ns after start, saturating at UINT64_MAX: a loop's deadline. */
uint64_t wb_clock_deadline(uint64_t start, uint64_t ns);

/* Picks and calibrates the process's clock, once (later calls return at once).
 * WALBENCH_CLOCK=monotonic forces CLOCK_MONOTONIC; unset or "auto" takes the TSC
 * when it is invariant, the kernel lists it as a usable clocksource, and its
 * calibration is consistent. Costs about WB_CLOCK_CALIBRATE_NS of sleep. Call
 * from one thread, before any timing loop starts. */
void wb_clock_init(void);

/* "tsc" or "monotonic", as reports name the clock. */
const char *wb_clock_name(enum wb_clock_source s);

/* --- calibration: pure arithmetic, unit-tested --------------------------- */

#define WB_CLOCK_CALIBRATE_NS 10000000ull /* 10 ms: ratio error ~1e-5 for ~100 ns of read jitter */
#define WB_CLOCK_MIN_GHZ 0.1   /* outside [0.1, 20] GHz the TSC is not a TSC we know */
#define WB_CLOCK_MAX_GHZ 20.0
#define WB_CLOCK_AGREE 0.01    /* the two halves of the window agree within 1 % */

/* One reading of both clocks: CLOCK_MONOTONIC bracketed by two TSC reads. */
struct wb_clock_sample {
	uint64_t tsc_before;
	uint64_t ns;
	uint64_t tsc_after;
};

/* The index of the sample whose TSC reads bracket its CLOCK_MONOTONIC read most
 * tightly (the one least disturbed by an interrupt); n >= 1. */
size_t wb_clock_tightest(const struct wb_clock_sample *s, size_t n);

/* Sets c to the TSC calibrated from three samples taken in order (start,
 * middle, end): the rate over the whole window, provided each half agrees with
 * it within WB_CLOCK_AGREE and it lies in [WB_CLOCK_MIN_GHZ, WB_CLOCK_MAX_GHZ].
 * 0, or -EINVAL with c unchanged. */
int wb_clock_calibrate(struct wb_clock *c, const struct wb_clock_sample *start,
		       const struct wb_clock_sample *mid, const struct wb_clock_sample *end);

/* Sets c to CLOCK_MONOTONIC (ticks are nanoseconds). */
void wb_clock_set_monotonic(struct wb_clock *c);

#endif
