/* session.h — one measurement session: create the test file, run a list of tests
 * on it in order, and remove the file whatever happens. Shared by every command
 * that measures, so file safety and failure reporting live in one place. */
#ifndef WB_SESSION_H
#define WB_SESSION_H

#include <stddef.h>
#include "results.h"
#include <stdbool.h>

struct wb_session_hooks {
	void (*before)(const struct wb_test *t, void *ctx); /* optional: e.g. print a label */
	void (*after)(const struct wb_result *r, void *ctx); /* optional: print the figure */
	void *ctx;
};

/* How tests are repeated. Fixed: each test runs once for its duration, in order
 * (compat, engines). Adaptive: trials of all tests interleaved round-robin, so
 * drift hits every test alike; a test stops once its CI is within target, or
 * when its share of the budget is spent. */
struct wb_schedule {
	bool adaptive;
	uint64_t budget_ns;      /* whole run */
	uint64_t trial_ns;       /* one trial */
	uint64_t warmup_ns;      /* discarded before each test's first trial */
	unsigned min_trials;
	double ci_target_pct;    /* stop when ci95_pct <= this */
};

/* The test file is at least this big, as PostgreSQL's WAL segments and
 * pg_test_fsync's file are. */
#define WB_DEFAULT_FILE_SIZE (16u << 20)

/* Runs tests[0..n) on a new file at target (see wb_testfile_create) and appends
 * each result to rs. Returns a wb_exit code: OK, SETUP when the file could not be
 * made, IO when a test or the preparation failed. Failures are printed to stderr
 * once, here. */
int wb_session_run(const char *target, const struct wb_test *tests, size_t n,
		   const struct wb_schedule *sched, const struct wb_session_hooks *hooks,
		   struct wb_results *rs);

#endif
