/* trial.c — see trial.h. Group commit has its own loop (groupcommit.h);
 * everything else runs in the runner. */
#include "measure/trial.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <sys/stat.h>

#include "measure/clock.h"
#include "measure/failure.h"
#include "measure/flush.h"
#include "measure/groupcommit.h"
#include "measure/prepare.h"
#include "measure/runner.h"

/* Runs r's test once on the loop that fits its pattern. */
static void measure_test(struct wb_result *r, const char *const *paths, const void *buf)
{
	struct stat st;
	int ret;

	if (wb_test_prepare(r, buf) || r->status != WB_STATUS_OK)
		return;
	if (r->test.pattern == WB_PATTERN_GROUPCOMMIT)
		ret = stat(paths[0], &st) ? -errno
					  : wb_groupcommit_run(r, wb_engine_get(r->test.engine),
							       paths[0], (uint64_t)st.st_size, NULL);
	else
		ret = wb_runner_run(r, paths, buf);
	if (ret && r->status == WB_STATUS_OK)
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s", strerror(-ret));
	if (wb_result_failed(r) && r->test.pattern == WB_PATTERN_GROUPCOMMIT)
		wb_result_set_site(r, "", -1, -1, paths[0]);
}

/* Runs r's test at its site, with the data load running meanwhile when the
 * test says so. A failure of the load fails the test: its figures were taken
 * under a load that did not happen as asked, and a failed fsync of the data
 * volume is a durability failure whoever issued it. */
static void measure_at_site(struct wb_result *r, const struct wb_trial_ctx *ctx)
{
	int ret;

	if (!r->test.data_load || !ctx->load) {
		measure_test(r, ctx->paths[r->test.site], ctx->buf);
		return;
	}
	ret = wb_load_start(ctx->load);
	if (!ret) {
		measure_test(r, ctx->paths[r->test.site], ctx->buf);
		ret = wb_load_stop(ctx->load);
	}
	if (ret) {
		wb_set_status(r, WB_STATUS_ERROR, -ret, "%s", ctx->load_fig->reason[0]
			      ? ctx->load_fig->reason : "the data load could not start");
		wb_result_set_site(r, "data load", -1, -1, wb_load_path(ctx->load));
		r->durability_failure = r->durability_failure || ctx->load_fig->durability_failure;
	}
}

/* When the trial started, from the clock, and its rate over its settled part
 * (results.h: WB_SETTLED_AFTER; 0 where the loop kept none). */
static void slice_time(const struct wb_result *trial, uint64_t t0, const struct wb_trial_ctx *ctx,
		       struct wb_slice_time *out)
{
	out->start_s = (double)(t0 - ctx->start_ns) / 1e9;
	out->settled_per_s = trial->settled_ns ? (double)trial->settled_ops * 1e9 /
						 (double)trial->settled_ns : 0;
}

uint64_t wb_trial_run(struct wb_result *r, uint64_t duration_ns, bool counted, uint32_t round,
		      const struct wb_trial_ctx *ctx)
{
	struct wb_result trial;
	struct wb_slice_time when;
	uint64_t t0 = wb_now_ns();

	wb_result_init(&trial, &r->test);
	trial.test.duration_ns = duration_ns;
	wb_result_take_positions(&trial, r); /* the append stream goes on where it stopped */
	measure_at_site(&trial, ctx);
	slice_time(&trial, t0, ctx, &when);
	if (!counted && trial.status == WB_STATUS_OK) {
		r->warmup_ns += trial.elapsed_ns;
		wb_result_take_positions(r, &trial);
	} else {
		wb_result_merge(r, &trial, true);
		if (trial.status == WB_STATUS_OK && trial.elapsed_ns > 0 &&
		    (wb_result_add_trial(r, (double)trial.ops * 1e9 / (double)trial.elapsed_ns,
					 round) ||
		     (ctx->slices && trial.hist &&
		      wb_result_note_trial(r, (double)wb_hist_percentile(trial.hist, 99) / 1e3,
					   &when))))
			wb_fail_out_of_memory(r, "keeping a trial's figures");
	}
	wb_result_release(&trial);
	return wb_now_ns() - t0;
}
