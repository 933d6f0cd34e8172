/* placement_runs.c — see placement_runs.h. The noise is a hash of the round
 * and the row, so every run of a test is the same run. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "placement_runs.h"

static double noisy(double mean, unsigned round, unsigned k)
{
	uint64_t x = (uint64_t)(round + 1) * 0x9e3779b97f4a7c15ull ^ (uint64_t)(k + 1) * 0xbf58476d1ce4e5b9ull;

	x ^= x >> 31;
	x *= 0x94d049bb133111ebull;
	x ^= x >> 29;
	return mean * (1.0 + 0.02 * ((double)(x % 2001) / 1000.0 - 1.0));
}

static void add_row(struct wb_results *rs, bool group, unsigned site, bool loaded, double rate,
		    double p50_us)
{
	struct wb_result *x = wb_results_add(rs, &(struct wb_test){
		.method = WB_METHOD_FDATASYNC, .engine = WB_ENGINE_SYNC, .size = 8192,
		.writes_per_op = 1, .queue_depth = 1, .jobs = 1, .committers = group ? 8 : 1,
		.pattern = group ? WB_PATTERN_GROUPCOMMIT : WB_PATTERN_APPEND,
		.flush_form = WB_FLUSH_COALESCED, .site = site, .data_load = loaded });
	unsigned r;

	assert_non_null(x);
	x->status = WB_STATUS_OK;
	x->hist = malloc(sizeof(*x->hist));
	assert_non_null(x->hist);
	wb_hist_init(x->hist);
	for (r = 0; r < 100; r++)
		wb_hist_record(x->hist, (uint64_t)(p50_us * 1e3));
	for (r = 0; r < PLACEMENT_RUN_ROUNDS; r++)
		assert_int_equal(wb_result_add_trial(x, noisy(rate, r, (unsigned)rs->n), r), 0);
	wb_stats_compute(x->trial_rates, x->ntrials, &x->stats);
}

void placement_run_build(struct wb_results *rs, const struct site_spec *s, size_t n,
			 double idle_commit, double idle_group)
{
	size_t k;
	unsigned shape;

	wb_results_free(rs);
	memset(rs, 0, sizeof(*rs));
	rs->adaptive = true;
	rs->sites = calloc(n, sizeof(*rs->sites));
	assert_non_null(rs->sites);
	rs->nsites = n;
	snprintf(rs->target, sizeof(rs->target), "%s", s[0].path);
	for (k = 0; k < n; k++) {
		struct wb_device *d = &rs->sites[k].device;

		snprintf(rs->sites[k].path, sizeof(rs->sites[k].path), "%s", s[k].path);
		snprintf(d->fs_type, sizeof(d->fs_type), "%s", s[k].fs);
		d->dev_major = strcmp(s[k].fs, "tmpfs") ? 8 : 0;
		d->dev_minor = s[k].minor;
		if (d->dev_major)
			snprintf(d->block_name, sizeof(d->block_name), "sd%c", 'a' + (int)s[k].minor);
	}
	rs->load = (struct wb_load_result){ .used = true, .requested_pct = 30, .capacity_per_s = 150,
					    .target_per_s = 45, .writes = 450,
					    .active_ns = 10000000000ull, .fsyncs = 10,
					    .fsync_total_ns = 500000000ull, .fsync_max_ns = 90000000ull };
	for (shape = 0; shape < 2; shape++) {
		add_row(rs, shape, 0, false, shape ? idle_group : idle_commit, s[0].p50_us);
		for (k = 0; k < n; k++)
			add_row(rs, shape, (unsigned)k, true, shape ? s[k].group : s[k].commit,
				s[k].p50_us);
	}
}
