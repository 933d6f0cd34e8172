/* clock.c — choosing the process's clock and calibrating the TSC against
 * CLOCK_MONOTONIC. Trap: the TSC is used only where a difference of two reads
 * means the same on every CPU at every frequency: invariant (CPUID), and still
 * among the kernel's clocksources (the kernel drops a TSC its watchdog finds
 * unstable or unsynchronised across CPUs). */
#include "measure/clock.h"
#include "pgstat/dsn_redact.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if WB_CLOCK_HAVE_TSC
#include <cpuid.h>
#endif

#define CLOCKSOURCES "/sys/devices/system/clocksource/clocksource0/available_clocksource"
#define SAMPLE_TRIES 8 /* reads per sample; the tightest bracket wins */

struct wb_clock wb_clock = { WB_CLOCK_MONOTONIC, 1ull << WB_CLOCK_SHIFT, 1.0 };

void wb_clock_set_monotonic(struct wb_clock *c)
{
	*c = (struct wb_clock){ WB_CLOCK_MONOTONIC, 1ull << WB_CLOCK_SHIFT, 1.0 };
}

const char *wb_clock_name(enum wb_clock_source s)
{
	return s == WB_CLOCK_TSC ? "tsc" : "monotonic";
}

uint64_t wb_clock_ticks_for(const struct wb_clock *c, uint64_t ns)
{
	double t = (double)ns * c->ticks_per_ns;

	if (c->source == WB_CLOCK_MONOTONIC)
		return ns;
	/* 2^64 as a double: anything from there on does not fit */
	return t >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)(t + 0.5);
}

uint64_t wb_clock_deadline(uint64_t start, uint64_t ns)
{
	uint64_t d = wb_clock_ticks_for(&wb_clock, ns);

	return d > UINT64_MAX - start ? UINT64_MAX : start + d;
}

size_t wb_clock_tightest(const struct wb_clock_sample *s, size_t n)
{
	size_t i, best = 0;

	for (i = 1; i < n; i++)
		if (s[i].tsc_after - s[i].tsc_before < s[best].tsc_after - s[best].tsc_before)
			best = i;
	return best;
}

/* The TSC reading that best matches the sample's CLOCK_MONOTONIC reading: the
 * middle of the bracket. */
static double sample_tsc(const struct wb_clock_sample *s)
{
	return (double)s->tsc_before + (double)(s->tsc_after - s->tsc_before) / 2;
}

/* TSC ticks per nanosecond from a to b; 0 when the clocks did not both advance. */
static double rate(const struct wb_clock_sample *a, const struct wb_clock_sample *b)
{
	if (b->ns <= a->ns || b->tsc_before <= a->tsc_after)
		return 0;
	return (sample_tsc(b) - sample_tsc(a)) / (double)(b->ns - a->ns);
}

int wb_clock_calibrate(struct wb_clock *c, const struct wb_clock_sample *start,
		       const struct wb_clock_sample *mid, const struct wb_clock_sample *end)
{
	double whole = rate(start, end), first = rate(start, mid), second = rate(mid, end);

	if (!(whole >= WB_CLOCK_MIN_GHZ && whole <= WB_CLOCK_MAX_GHZ) ||
	    fabs(first - whole) > WB_CLOCK_AGREE * whole ||
	    fabs(second - whole) > WB_CLOCK_AGREE * whole)
		return -EINVAL;
	c->source = WB_CLOCK_TSC;
	c->ticks_per_ns = whole;
	c->mult = (uint64_t)llround((double)(1ull << WB_CLOCK_SHIFT) / whole);
	return 0;
}

#if WB_CLOCK_HAVE_TSC
/* CPUID 0x80000007 EDX bit 8: the TSC ticks at a constant rate in every
 * P-, C- and T-state (Intel SDM vol. 3 §17.17.1; AMD APM "invariant TSC"). */
static bool tsc_invariant(void)
{
	unsigned a, b, c, d;

	if (!__get_cpuid(0x80000000, &a, &b, &c, &d) || a < 0x80000007)
		return false;
	if (!__get_cpuid(0x80000007, &a, &b, &c, &d))
		return false;
	return d & (1u << 8);
}

/* Whether the kernel still offers the TSC as a clocksource. Without sysfs
 * (some containers) there is no answer, and CPUID's word stands. */
static bool kernel_lists_tsc(void)
{
	char line[256], *tok, *save;
	FILE *f = fopen(CLOCKSOURCES, "re");
	bool found = false;

	if (!f)
		return true;
	if (fgets(line, sizeof(line), f))
		for (tok = strtok_r(line, " \n", &save); tok && !found;
		     tok = strtok_r(NULL, " \n", &save))
			found = strcmp(tok, "tsc") == 0;
	fclose(f);
	return found;
}

static void take_sample(struct wb_clock_sample *out)
{
	struct wb_clock_sample s[SAMPLE_TRIES];
	size_t i;

	for (i = 0; i < SAMPLE_TRIES; i++) {
		s[i].tsc_before = __rdtsc();
		s[i].ns = wb_now_ns();
		s[i].tsc_after = __rdtsc();
	}
	*out = s[wb_clock_tightest(s, SAMPLE_TRIES)];
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Calibrates over WB_CLOCK_CALIBRATE_NS, sleeping: an invariant TSC keeps
 * ticking at its rate while the CPU idles. */
static int calibrate_tsc(struct wb_clock *c)
{
	struct wb_clock_sample s[3];

	take_sample(&s[0]);
	sleep_ns(WB_CLOCK_CALIBRATE_NS / 2);
	take_sample(&s[1]);
	sleep_ns(WB_CLOCK_CALIBRATE_NS / 2);
	take_sample(&s[2]);
	return wb_clock_calibrate(c, &s[0], &s[1], &s[2]);
}
#endif

void wb_clock_init(void)
{
	static bool done;
	const char *want = getenv("WALBENCH_CLOCK");

	if (done)
		return;
	done = true;
	wb_clock_set_monotonic(&wb_clock);
	if (want && strcmp(want, "auto") != 0) {
		/* The environment's word is echoed only when it may be. */
		if (strcmp(want, "monotonic") != 0)
			fprintf(stderr, "walbench: WALBENCH_CLOCK=%s is not auto or monotonic; "
					"using monotonic\n",
				wb_pg_word_shown(want) ? want : "(not shown)");
		return;
	}
#if WB_CLOCK_HAVE_TSC
	if (tsc_invariant() && kernel_lists_tsc())
		(void)calibrate_tsc(&wb_clock); /* on failure wb_clock stays CLOCK_MONOTONIC */
#endif
}
