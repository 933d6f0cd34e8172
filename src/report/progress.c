/* progress.c — see progress.h. The line is redrawn at most a few times a
 * second: a trial on tmpfs lasts 200 ms, and a terminal redrawn faster shows
 * nothing readable anyway. */
#include "report/progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "model/units.h"

#define REDRAW_NS 250000000ull

static bool drawn;
static uint64_t last_draw;
static const struct wb_result_hooks *inner; /* the hooks wrapped: they print to stdout */

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void draw(const struct wb_progress *p, void *ctx)
{
	uint64_t now = now_ns(), left = p->budget_ns > p->elapsed_ns
						? p->budget_ns - p->elapsed_ns : 0;
	const struct wb_test *t = &p->r->test;
	char size[16];

	(void)ctx;
	if (drawn && now - last_draw < REDRAW_NS)
		return;
	last_draw = now;
	drawn = true;
	wb_format_size(t->size, size, sizeof(size));
	/* \r and erase-to-end: one line, rewritten in place. */
	fprintf(stderr, "\r\033[Kround %u, test %zu of %zu: %s/%s %s%s%s, %zu trials, %.0f/s; "
		"%.0f s elapsed, at most %.0f s left", p->round, p->test, p->ntests,
		wb_method_get(t->method)->name, wb_engine_name(t->engine), size,
		t->label[0] ? " " : "", t->label, p->r->ntrials,
		p->r->ntrials ? p->r->trial_rates[p->r->ntrials - 1] : 0.0,
		(double)p->elapsed_ns / 1e9, (double)left / 1e9);
	fflush(stderr);
}

/* Rows printed while the line stands would land on it: clear it first. */
static void before(const struct wb_test *t, void *ctx)
{
	(void)ctx;
	wb_progress_end();
	inner->before(t, inner->ctx);
}

static void after(const struct wb_result *r, void *ctx)
{
	(void)ctx;
	wb_progress_end();
	inner->after(r, inner->ctx);
}

const struct wb_result_hooks *wb_progress_hooks(const struct wb_result_hooks *base, bool quiet,
						struct wb_result_hooks *storage)
{
	if (quiet || !isatty(STDERR_FILENO))
		return base;
	inner = base;
	*storage = (struct wb_result_hooks){
		.before = base && base->before ? before : NULL,
		.after = base && base->after ? after : NULL,
		.progress = draw,
	};
	return storage;
}

void wb_progress_end(void)
{
	if (drawn)
		fprintf(stderr, "\r\033[K");
	drawn = false;
}
