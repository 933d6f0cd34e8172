/* observing.c — see observing.h. */
#include "cli/observing.h"

#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli/exit_codes.h"
#include "measure/signal_cleanup.h"
#include "server/pg_observe.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Waits window_ns, sampling the sessions' waits every step on the sampler's
 * connection (none: no samples; one that fails is closed, and the window goes
 * on without: o->sampler_failure says why, and the reports say so), a
 * progress line on a terminal; returns the signal that stopped
 * the wait, or 0. */
static int wait_window(uint64_t window_ns, bool quiet, const char *dsn, struct wb_pg_observed *o)
{
	const uint64_t step_ns = 100000000; /* a Ctrl-C is seen within 0.1 s */
	bool draw = !quiet && isatty(STDERR_FILENO);
	uint64_t start = now_ns(), waited = 0, drawn = 0;
	struct wb_pg_conn *sampler = NULL;
	char err[512];
	int sig = 0;

	wb_cleanup_graceful(true);
	if (wb_pg_sampler_open(dsn, o, &sampler, err, sizeof(err)))
		sampler = NULL;
	if (sampler)
		wb_pg_sampler_ticks(sampler, o, true);
	while (waited < window_ns && !(sig = wb_cleanup_stop_requested())) {
		uint64_t ns = window_ns - waited < step_ns ? window_ns - waited : step_ns;
		struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };

		if (sampler && wb_pg_sample_waits(sampler, o, err, sizeof(err))) {
			wb_pg_sampler_ticks(sampler, o, false);
			wb_pg_sampler_close(sampler, o);
			sampler = NULL;
		}
		if (nanosleep(&ts, NULL) && errno != EINTR)
			break;
		waited = now_ns() - start;
		if (draw && waited / 1000000000u != drawn) {
			drawn = waited / 1000000000u;
			fprintf(stderr, "\r  observing: %llu of %llu s ", (unsigned long long)drawn,
				(unsigned long long)(window_ns / 1000000000u));
		}
	}
	if (sampler) {
		wb_pg_sampler_ticks(sampler, o, false);
		wb_pg_sampler_close(sampler, o);
	}
	if (draw)
		fprintf(stderr, "\r%40s\r", "");
	wb_cleanup_graceful(false);
	return sig;
}

int wb_cli_observe(const char *dsn, uint64_t window_ns, bool quiet, struct wb_pg_observed *o)
{
	char err[1024];
	int ret, sig;

	ret = wb_pg_observe_begin(dsn, o, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "walbench: cannot observe the server at %s: %s\n", o->dsn, err);
		return WB_EXIT_SETUP;
	}
	if (!quiet)
		fprintf(stderr, "walbench: observing PostgreSQL %u at %s for %.0f s (read-only: two "
			"snapshots of its statistics, and its sessions' waits every 0.1 s)\n",
			o->set.major, o->dsn, window_ns / 1e9);
	sig = wait_window(window_ns, quiet, dsn, o);
	ret = wb_pg_observe_end(dsn, o, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "walbench: the second snapshot of %s failed: %s\n", o->dsn, err);
		return WB_EXIT_SETUP;
	}
	if (sig)
		fprintf(stderr, "walbench: stopped by a signal after %.1f s of the window\n",
			o->seconds);
	return sig ? WB_EXIT_SIGNAL + sig : WB_EXIT_OK;
}
