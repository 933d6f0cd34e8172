/* qualify_runs.c — see qualify_runs.h. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qualify_runs.h"

/* A row of label with rate per slice and every flush at lat_us. */
static void add(struct wb_results *rs, const char *label, enum wb_method_id m, uint32_t size,
		double rate, double lat_us, unsigned slices)
{
	struct wb_result *r = wb_results_add(rs, &(struct wb_test){
		.method = m, .engine = WB_ENGINE_SYNC, .size = size, .writes_per_op = 1,
		.queue_depth = 1, .jobs = 1, .committers = 1, .pattern = WB_PATTERN_APPEND });
	unsigned i;

	assert_non_null(r);
	snprintf(r->test.label, sizeof(r->test.label), "%s", label);
	r->status = WB_STATUS_OK;
	r->hist = malloc(sizeof(*r->hist));
	assert_non_null(r->hist);
	wb_hist_init(r->hist);
	for (i = 0; i < 5000; i++)
		wb_hist_record(r->hist, (uint64_t)(lat_us * 1e3));
	for (i = 0; i < slices; i++) {
		assert_int_equal(wb_result_add_trial(r, rate * (1 + 0.01 * (i % 3)), i), 0);
		assert_int_equal(wb_result_note_trial(r, lat_us, &(struct wb_slice_time){
					.start_s = 5.0 * i }), 0);
	}
	r->ops = (uint64_t)(rate * 5 * slices);
	r->elapsed_ns = (uint64_t)slices * 5000000000ull;
	wb_stats_compute(r->trial_rates, r->ntrials, &r->stats);
}

void qualify_run_build(struct wb_results *rs, struct wb_tiers *tiers, double commit_rate,
		       double commit_us, double write_us)
{
	wb_results_free(rs);
	memset(rs, 0, sizeof(*rs));
	snprintf(rs->target, sizeof(rs->target), "/srv/x");
	rs->device.rotational = 0;
	rs->device.dev_major = 259; /* on a disk: nvme0n1 */
	rs->device.n_disks = 1;
	snprintf(rs->device.disks[0], sizeof(rs->device.disks[0]), "nvme0n1");
	add(rs, "commit", WB_METHOD_FDATASYNC, 8192, commit_rate, commit_us, 12);
	add(rs, "etcd", WB_METHOD_FDATASYNC, 2300, commit_rate, commit_us, 12);
	add(rs, "write", WB_METHOD_NONE, 8192, 1e5, write_us, 12);
	memset(tiers, 0, sizeof(*tiers));
	tiers->n = 2;
	snprintf(tiers->t[0].name, sizeof(tiers->t[0].name), "standard");
	tiers->t[0].c[0] = (struct wb_q_criterion){ WB_Q_SHAPE_COMMIT, WB_Q_FLUSHES_PER_S, 200, "t" };
	tiers->t[0].c[1] = (struct wb_q_criterion){ WB_Q_SHAPE_COMMIT, WB_Q_P99_MS, 10, "t" };
	tiers->t[0].n = 2;
	snprintf(tiers->t[1].name, sizeof(tiers->t[1].name), "fast");
	tiers->t[1].c[0] = (struct wb_q_criterion){ WB_Q_SHAPE_ETCD, WB_Q_FLUSHES_PER_S, 5000, "t" };
	tiers->t[1].n = 1;
}

void qualify_run_plateau(struct wb_results *rs)
{
	size_t i;

	for (i = 6; i < rs->v[0].ntrials; i++)
		rs->v[0].trial_rates[i] = 100 * (1 + 0.01 * (double)(i % 3));
	wb_stats_compute(rs->v[0].trial_rates, rs->v[0].ntrials, &rs->v[0].stats);
}

void qualify_run_dry_at_24s(struct wb_results *rs, struct wb_tiers *tiers, size_t n)
{
	struct wb_result *c;
	size_t i;

	qualify_run_build(rs, tiers, 1000, 2000, 10);
	c = &rs->v[0];
	c->ntrials = 0;
	for (i = 0; i < n; i++) {
		double start = 15.0 * (double)i, rate = start + 5 <= 24 ? 200 : 50;

		c->trial_rates[c->ntrials] = rate * (1 + 0.01 * (double)(i % 3));
		c->trial_start_s[c->ntrials++] = start;
	}
	wb_stats_compute(c->trial_rates, c->ntrials, &c->stats);
	rs->elapsed_ns = (uint64_t)(15e9 * (double)n);
	tiers->t[0].c[0].threshold = 15; /* the mean of every slice passes it */
}

void qualify_run_two_volumes(struct wb_burst_table *table)
{
	memset(table, 0, sizeof(*table));
	table->kinds[0] = (struct wb_burst_kind){ .name = "bucket", .bursts = WB_BURSTS_YES,
						  .unit = "IOPS", .burst = 3000, .credits = 5.4e6,
						  .baseline_per_gib = 3, .baseline_min = 100,
						  .baseline_max = 16000 };
	table->kinds[1] = (struct wb_burst_kind){ .name = "flat", .bursts = WB_BURSTS_NO,
						  .burst = NAN, .credits = NAN,
						  .baseline_per_gib = NAN };
	table->nkinds = 2;
	table->devices[0] = (struct wb_burst_device){ .name = "block", .nmatch[WB_FACT_MODEL] = 1,
						      .kinds = { 0, 1 }, .nkinds = 2 };
	snprintf(table->devices[0].match[WB_FACT_MODEL][0], 64, "Cloud Block");
	table->devices[1] = (struct wb_burst_device){ .name = "local", .nmatch[WB_FACT_MODEL] = 1,
						      .kinds = { 1 }, .nkinds = 1 };
	snprintf(table->devices[1].match[WB_FACT_MODEL][0], 64, "Cloud Local");
	table->ndevices = 2;
}

void qualify_run_on_virtual_disk(struct wb_results *rs, const char *model)
{
	rs->device.virtual_disk = true;
	rs->device.n_layers = 1;
	rs->device.layers[0] = (struct wb_device_layer){ .kind = WB_LAYER_DISK, .parent = -1,
							.virtual_disk = true,
							.size_bytes = 100ull << 30 };
	snprintf(rs->device.layers[0].model, sizeof(rs->device.layers[0].model), "%s", model);
}

void qualify_run_array(struct wb_results *rs, struct wb_tiers *tiers, double commit_rate)
{
	struct wb_array *a = &rs->device.array;
	unsigned i;

	qualify_run_build(rs, tiers, commit_rate, 500, 10);
	a->kind = WB_ARRAY_BTRFS;
	snprintf(a->device, sizeof(a->device), "aa48b1cb");
	snprintf(a->level, sizeof(a->level), "raid5");
	a->parity_disks = 1;
	a->raid_disks = 3;
	a->data_disks = 2;
	a->chunk = 65536;
	a->stripe = 131072;
	a->n_members = 3;
	for (i = 0; i < 3; i++) {
		snprintf(a->members[i].name, sizeof(a->members[i].name), "sd%c", 'b' + i);
		a->members[i].loop_dio = -1; /* real disks, no cache in front */
		a->members[i].io_known = true;
		a->members[i].run_writes = 1000;
		a->members[i].run_write_ms = 500 + 10 * i;
	}
	add(rs, wb_sweep_labels[WB_SWEEP_CHUNK], WB_METHOD_FDATASYNC, 65536, 2200, 400, 12);
	add(rs, wb_sweep_labels[WB_SWEEP_STRIPE], WB_METHOD_FDATASYNC, 131072, 2000, 500, 12);
	add(rs, wb_sweep_labels[WB_SWEEP_TWO_STRIPES], WB_METHOD_FDATASYNC, 262144, 1600, 600, 12);
}
