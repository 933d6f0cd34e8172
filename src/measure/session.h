/* session.h — one measurement session: create the test files, run a list of
 * tests on them as the schedule says, and remove the files whatever happens.
 * Shared by every command that measures, so file safety and failure reporting
 * live in one place. */
#ifndef WB_MEASURE_SESSION_H
#define WB_MEASURE_SESSION_H

#include <stddef.h>

#include "measure/dataload.h"
#include "model/schedule.h"
#include "results/results.h"

/* The test file is at least this big, as PostgreSQL's WAL segments and
 * pg_test_fsync's file are. */
#define WB_DEFAULT_FILE_SIZE (16u << 20)

/* How a session ended; the command turns it into an exit status. */
enum wb_session_status {
	WB_SESSION_OK,
	WB_SESSION_SETUP_FAILED, /* the file could not be made, or memory ran out */
	WB_SESSION_IO_FAILED,    /* a test or the preparation failed with an I/O error */
};

/* Runs tests[0..n) on a new file at target (see wb_testfile_create) as sched
 * says (NULL: fixed), appends each result to rs, and fills rs's host and device
 * facts and the clock the loops used (picked and calibrated on the first
 * call). Failures are printed to stderr once, here. */
enum wb_session_status wb_session_run(const char *target, const struct wb_test *tests, size_t n,
				      const struct wb_schedule *sched,
				      const struct wb_result_hooks *hooks, struct wb_results *rs);

/* Bytes of each test file (or of a raw device's start) the tests write. */
uint64_t wb_session_file_size(const struct wb_test *tests, size_t n);

/* Where a session measures. dirs[0] is the target (for a placement run, the
 * data directory); dirs[1..] are more directories (candidates for pg_wal),
 * each with files of its own; a test runs at dirs[test.site]. With load, the
 * tests marked data_load run while that load runs in dirs[0]. With more than
 * one directory, rs->sites gets each one's path and storage. */
struct wb_session_where {
	const char *const *dirs;
	size_t ndirs;                    /* 1 .. WB_MAX_SITES */
	const struct wb_load_spec *load; /* NULL: no data load */
	const char *load_dir;            /* where the data load runs; NULL: dirs[0] (a
					  * pg_wal on a volume of its own is measured in
					  * dirs[0] while its data directory takes the load) */
	bool raw_device;                 /* dirs[0] is a block device to write over (one
					  * directory, one file): claimed with O_EXCL for
					  * the run, written from offset 0, never unlinked */
};

/* The most bytes the session has in where->dirs[k] at once: its files there,
 * the segments an append test with --segment new makes beside them, and in
 * dirs[0] the data load's file unless load_dir has it. For a check of free
 * space before it starts. */
uint64_t wb_session_bytes_at(const struct wb_session_where *where, const struct wb_test *tests,
			     size_t n, size_t k);

/* The data load's file: its bytes in load_dir (0 with none, or no load_dir). */
uint64_t wb_session_load_dir_bytes(const struct wb_session_where *where,
				   const struct wb_test *tests, size_t n);

/* wb_session_run over several directories, with the data load; the same
 * guarantees: every file made is removed, failures printed once. */
enum wb_session_status wb_session_run_at(const struct wb_session_where *where,
					 const struct wb_test *tests, size_t n,
					 const struct wb_schedule *sched,
					 const struct wb_result_hooks *hooks, struct wb_results *rs);

#endif
