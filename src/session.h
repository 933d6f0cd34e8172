/* session.h — one measurement session: create the test file, run a list of tests
 * on it in order, and remove the file whatever happens. Shared by every command
 * that measures, so file safety and failure reporting live in one place. */
#ifndef WB_SESSION_H
#define WB_SESSION_H

#include <stddef.h>
#include "results.h"

struct wb_session_hooks {
	void (*before)(const struct wb_test *t, void *ctx); /* optional: e.g. print a label */
	void (*after)(const struct wb_result *r, void *ctx); /* optional: print the figure */
	void *ctx;
};

/* The test file is at least this big, as PostgreSQL's WAL segments and
 * pg_test_fsync's file are. */
#define WB_DEFAULT_FILE_SIZE (16u << 20)

/* Runs tests[0..n) on a new file at target (see wb_testfile_create) and appends
 * each result to rs. Returns a wb_exit code: OK, SETUP when the file could not be
 * made, IO when a test or the preparation failed. Failures are printed to stderr
 * once, here. */
int wb_session_run(const char *target, const struct wb_test *tests, size_t n,
		   const struct wb_session_hooks *hooks, struct wb_results *rs);

#endif
