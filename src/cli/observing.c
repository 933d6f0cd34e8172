/* observing.c — see observing.h. server/pg_observe.c owns the window; this file
 * only says what happens in it, on stderr, and lets a first signal end it. */
#include "cli/observing.h"

#include <stdio.h>
#include <unistd.h>

#include "cli/exit_codes.h"
#include "measure/signal_cleanup.h"
#include "server/pg_observe.h"

/* What the window shows: whether it draws the progress line (not quiet, stderr
 * a terminal), the second last drawn. */
struct window_view {
	bool quiet, draw;
	uint64_t drawn;
};

static void opened(void *ctx, const struct wb_pg_observed *o, uint64_t window_ns)
{
	const struct window_view *v = ctx;

	if (!v->quiet)
		fprintf(stderr, "walbench: observing PostgreSQL %u at %s for %.0f s (read-only: two "
			"snapshots of its statistics, and its sessions' waits every 0.1 s)\n",
			o->set.major, o->dsn, window_ns / 1e9);
	/* A first Ctrl-C now ends the window and keeps what was seen. */
	wb_cleanup_graceful(true);
}

static void progress(void *ctx, uint64_t waited_ns, uint64_t window_ns)
{
	struct window_view *v = ctx;

	if (!v->draw || waited_ns / 1000000000u == v->drawn)
		return;
	v->drawn = waited_ns / 1000000000u;
	fprintf(stderr, "\r  observing: %llu of %llu s ", (unsigned long long)v->drawn,
		(unsigned long long)(window_ns / 1000000000u));
}

static int stop(void *ctx)
{
	(void)ctx;
	return wb_cleanup_stop_requested();
}

static void closed(void *ctx)
{
	const struct window_view *v = ctx;

	if (v->draw)
		fprintf(stderr, "\r%40s\r", "");
	wb_cleanup_graceful(false);
}

int wb_cli_observe(const char *dsn, uint64_t window_ns, bool quiet, struct wb_pg_observed *o)
{
	struct window_view view = { .quiet = quiet, .draw = !quiet && isatty(STDERR_FILENO) };
	const struct wb_pg_window_hooks hooks = {
		.ctx = &view, .opened = opened, .progress = progress, .stop = stop, .closed = closed,
	};
	struct wb_pg_window_end end;

	if (wb_pg_observe(dsn, window_ns, &hooks, o, &end)) {
		if (end.second)
			fprintf(stderr, "walbench: the second snapshot of %s failed: %s\n", o->dsn,
				end.err);
		else
			fprintf(stderr, "walbench: cannot observe the server at %s: %s\n", o->dsn,
				end.err);
		return WB_EXIT_SETUP;
	}
	if (end.stopped)
		fprintf(stderr, "walbench: stopped by a signal after %.1f s of the window\n",
			o->seconds);
	return end.stopped ? WB_EXIT_SIGNAL + end.stopped : WB_EXIT_OK;
}
