/* session.c — one measurement session from start to end: the sites' files
 * made (site.h), the data load opened, the tests scheduled (scheduler.h), each
 * failure told once (failure.h), and everything made removed again. */
#include "measure/session.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure/clock.h"
#include "measure/dataload.h"
#include "measure/failure.h"
#include "measure/fill.h"
#include "measure/flush.h"
#include "measure/scheduler.h"
#include "measure/site.h"
#include "measure/trial.h"
#include "model/units.h"

/* The one write buffer: as big as the largest write, or as a coalesced
 * flush's whole span, and aligned for O_DIRECT. */
static size_t buffer_size_for(const struct wb_test *tests, size_t n)
{
	size_t size = WB_BUF_ALIGN, i;

	for (i = 0; i < n; i++) {
		uint64_t need = tests[i].flush_form == WB_FLUSH_COALESCED ? wb_flush_bytes(&tests[i])
									   : tests[i].size;

		if (need > size)
			size = (size_t)need;
	}
	return size;
}

/* What statx says O_DIRECT needs on this file, checked before any I/O so the
 * reason can name the alignment: marks r n/a when the test cannot meet it. */
static void check_direct_alignment(struct wb_result *r, const struct wb_device *d)
{
	const struct wb_engine_ops *eng = wb_engine_get(r->test.engine);
	char size[16];

	if (!eng || !(eng->caps & WB_CAP_DIRECT) || !d->dio_known)
		return;
	if (d->dio_offset_align == 0) {
		wb_set_direct_refused(r, "O_DIRECT not supported by this file system (statx "
				      "reports no direct I/O alignment)");
	} else if (r->test.size % d->dio_offset_align) {
		wb_format_size(r->test.size, size, sizeof(size));
		wb_set_direct_refused(r, "O_DIRECT here needs writes aligned to %u bytes (statx); "
				      "%s is not", d->dio_offset_align, size);
	}
}

/* Opens the data load in the data directory and, when it is asked as a share
 * of capacity, measures that first. A failure is kept in rs->load. */
static enum wb_session_status open_load(const struct wb_session_where *where, uint64_t seed,
					struct wb_results *rs, struct wb_load **load)
{
	int ret = wb_load_open(load, where->load_dir ? where->load_dir : where->dirs[0], where->load,
			       seed, &rs->load);

	if (!ret && where->load->per_s <= 0)
		ret = wb_load_measure_capacity(*load, WB_LOAD_CAPACITY_NS);
	if (!ret)
		return WB_SESSION_OK;
	fprintf(stderr, "walbench: %s\n", rs->load.reason);
	if (rs->load.durability_failure)
		wb_say_durability_failure();
	return ret == -ENOMEM ? WB_SESSION_SETUP_FAILED : WB_SESSION_IO_FAILED;
}

static bool new_segments(const struct wb_test *tests, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].pattern == WB_PATTERN_APPEND && tests[i].segment_mode != WB_SEGMENT_RECYCLE)
			return true;
	return false;
}

static bool any_loaded(const struct wb_test *tests, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tests[i].data_load)
			return true;
	return false;
}

enum wb_session_status wb_session_run_at(const struct wb_session_where *where,
					 const struct wb_test *tests, size_t n,
					 const struct wb_schedule *sched,
					 const struct wb_result_hooks *hooks, struct wb_results *rs)
{
	unsigned nfiles = wb_site_file_count(tests, n);
	struct wb_site_files sites[WB_MAX_SITES] = { { 0 } };
	size_t buf_len = buffer_size_for(tests, n), i, k;
	struct wb_trial_ctx ctx = { .load_fig = &rs->load, .slices = sched && sched->slices };
	struct wb_prep_failure pf = { .call = NULL };
	enum wb_session_status status = WB_SESSION_OK;
	uint64_t setup_ns;
	void *buf = NULL;

	wb_clock_init();
	setup_ns = wb_now_ns();
	snprintf(rs->clock, sizeof(rs->clock), "%s", wb_clock_name(wb_clock.source));
	rs->clock_ghz = wb_clock.source == WB_CLOCK_TSC ? wb_clock.ticks_per_ns : 0;
	if (where->ndirs > 1) {
		rs->sites = calloc(where->ndirs, sizeof(*rs->sites));
		if (!rs->sites) {
			fprintf(stderr, "walbench: out of memory\n");
			status = WB_SESSION_SETUP_FAILED;
			goto out_free;
		}
		rs->nsites = where->ndirs;
	}
	for (k = 0; k < WB_MAX_SITES; k++)
		sites[k].claim_fd = -1;
	if (where->raw_device && (where->ndirs != 1 || nfiles != 1 || new_segments(tests, n))) {
		fprintf(stderr, "walbench: a raw device is one file: no --jobs, no --segment new or "
			"preallocate, no candidates\n");
		status = WB_SESSION_SETUP_FAILED;
		goto out_free;
	}
	for (k = 0; k < where->ndirs; k++) {
		status = wb_site_create(&sites[k], where->dirs[k], (unsigned)k,
					where->raw_device && k == 0, nfiles, tests, n, rs, &pf);
		if (status != WB_SESSION_OK) {
			wb_fail_all(tests, n, &pf, hooks, rs);
			goto out_remove;
		}
		ctx.paths[k] = sites[k].list;
	}
	if (where->load && any_loaded(tests, n)) {
		status = open_load(where, sched ? sched->seed : 1, rs, &ctx.load);
		if (status != WB_SESSION_OK) {
			pf = (struct wb_prep_failure){ .call = "data load", .err = rs->load.error,
						    .offset = -1, .load = &rs->load };
			wb_fail_all(tests, n, &pf, hooks, rs);
			goto out_remove;
		}
	}
	if (posix_memalign(&buf, WB_BUF_ALIGN, buf_len)) {
		fprintf(stderr, "walbench: out of memory for a %zu-byte buffer\n", buf_len);
		buf = NULL;
		status = WB_SESSION_SETUP_FAILED;
		goto out_remove;
	}
	ctx.buf = buf;
	wb_fill_random(buf, buf_len, (uint64_t)time(NULL));
	for (i = 0; i < n; i++) {
		struct wb_result *r = wb_results_add(rs, &tests[i]);

		if (!r) {
			fprintf(stderr, "walbench: out of memory for results\n");
			status = WB_SESSION_SETUP_FAILED;
			goto out_remove;
		}
		check_direct_alignment(r, rs->sites ? &rs->sites[r->test.site].device : &rs->device);
	}
	ctx.start_ns = wb_now_ns();
	/* Preallocating the files (seconds on a throttled volume) and measuring
	 * the data load's capacity are spent inside a budget that is the
	 * command's time; the measuring (rs->elapsed_ns) starts here. */
	ctx.budget_start_ns = sched && sched->setup_in_budget ? setup_ns : ctx.start_ns;
	if (sched && sched->adaptive)
		wb_schedule_adaptive(rs->v + rs->n - n, n, sched, hooks, &ctx, rs);
	else
		wb_schedule_fixed(rs->v + rs->n - n, n, hooks, &ctx, rs);
	for (i = rs->n - n; i < rs->n; i++) {
		if (rs->v[i].status == WB_STATUS_ERROR) {
			wb_report_failure(&rs->v[i], sites[rs->v[i].test.site].paths[0]);
			status = WB_SESSION_IO_FAILED;
		}
	}
out_remove:
	if (ctx.load) {
		int ret = wb_load_close(ctx.load);

		if (ret && status == WB_SESSION_OK) {
			fprintf(stderr, "walbench: %s\n", rs->load.reason[0] ? rs->load.reason
						: "removing the data load's file failed");
			status = WB_SESSION_IO_FAILED;
		}
	}
	for (k = 0; k < where->ndirs; k++)
		status = wb_site_remove(&sites[k], status);
out_free:
	free(buf);
	for (k = 0; k < where->ndirs; k++)
		wb_site_free(&sites[k]);
	return status;
}

uint64_t wb_session_file_size(const struct wb_test *tests, size_t n)
{
	return wb_site_file_size(tests, n);
}

uint64_t wb_session_bytes_at(const struct wb_session_where *where, const struct wb_test *tests,
			     size_t n, size_t k)
{
	uint64_t bytes = (uint64_t)wb_site_file_count(tests, n) * wb_site_file_size(tests, n);
	uint64_t segs = 0, need;
	size_t i;

	/* A segment switch makes the next segment before it removes the last
	 * one: two per job beside the files, while one test runs. */
	for (i = 0; i < n; i++) {
		if (tests[i].site != k || tests[i].pattern != WB_PATTERN_APPEND ||
		    tests[i].segment_mode != WB_SEGMENT_NEW)
			continue;
		need = 2ull * (tests[i].jobs ? tests[i].jobs : 1) * tests[i].segment_size;
		if (need > segs)
			segs = need;
	}
	bytes += segs;
	if (k == 0 && !where->load_dir && where->load && any_loaded(tests, n))
		bytes += where->load->file_size;
	return bytes;
}

uint64_t wb_session_load_dir_bytes(const struct wb_session_where *where,
				   const struct wb_test *tests, size_t n)
{
	return where->load_dir && where->load && any_loaded(tests, n) ? where->load->file_size : 0;
}

enum wb_session_status wb_session_run(const char *target, const struct wb_test *tests, size_t n,
				      const struct wb_schedule *sched,
				      const struct wb_result_hooks *hooks, struct wb_results *rs)
{
	const struct wb_session_where here = { .dirs = &target, .ndirs = 1 };

	return wb_session_run_at(&here, tests, n, sched, hooks, rs);
}
