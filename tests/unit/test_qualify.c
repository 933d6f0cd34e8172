/* test_qualify.c — qualify's verdicts on synthetic runs (qualify_runs.h): one
 * criterion passes,
 * fails or is inconclusive as its interval sits against the threshold; a tier
 * takes its worst criterion; the burst-against-sustained trend on made-up
 * slice series (steady, a cache running out); and the plausibility findings on
 * made-up device facts (a "rotational" disk flushing too fast, a flush no
 * slower than a write, memory, a volatile cache without FUA, a virtual disk),
 * a durability failure that leaves no verdict, burst credits with and
 * without the provider fact table, a bucket's baseline right at a threshold,
 * and on an array the write-size sweep's verdict and a slow member as
 * findings. */
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

#include "advice/qualify.h"
#include "facts/device.h"
#include "qualify_runs.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures" /* relative: run from the source root */
#endif
#define ARRAY_SYS WB_FIXTURES_DIR "/array/sys"
#define ARRAY_PROC WB_FIXTURES_DIR "/array/proc"

static struct wb_results rs;
static struct wb_qualification q;

static const struct wb_q_criterion rate_200 = { WB_Q_SHAPE_COMMIT, WB_Q_FLUSHES_PER_S, 200, "t" };
static const struct wb_q_criterion p99_10 = { WB_Q_SHAPE_COMMIT, WB_Q_P99_MS, 10, "t" };

static void judge_each_side_of_the_line(void **state)
{
	struct wb_q_figure f = { .measured = true, .value = 300, .low = 250, .high = 350 };

	(void)state;
	assert_int_equal(wb_q_judge(&rate_200, &f), WB_Q_PASS);
	f = (struct wb_q_figure){ .measured = true, .value = 150, .low = 120, .high = 180 };
	assert_int_equal(wb_q_judge(&rate_200, &f), WB_Q_FAIL);
	f = (struct wb_q_figure){ .measured = true, .value = 210, .low = 190, .high = 230 };
	assert_int_equal(wb_q_judge(&rate_200, &f), WB_Q_INCONCLUSIVE);
	f = (struct wb_q_figure){ .measured = true, .value = 5, .low = 4, .high = 6 };
	assert_int_equal(wb_q_judge(&p99_10, &f), WB_Q_PASS);
	f = (struct wb_q_figure){ .measured = true, .value = 15, .low = 12, .high = 20 };
	assert_int_equal(wb_q_judge(&p99_10, &f), WB_Q_FAIL);
	f = (struct wb_q_figure){ .measured = true, .value = 9, .low = 8, .high = INFINITY };
	assert_int_equal(wb_q_judge(&p99_10, &f), WB_Q_INCONCLUSIVE);
	f = (struct wb_q_figure){ .measured = false };
	assert_int_equal(wb_q_judge(&p99_10, &f), WB_Q_NOT_MEASURED);
}

static void trend_steady_and_falling(void **state)
{
	double rates[20], start[20];
	struct wb_q_trend t;
	size_t i;

	(void)state;
	for (i = 0; i < 20; i++) {
		rates[i] = 1000 + (i % 2 ? 10 : -10);
		start[i] = 5.0 * (double)i;
	}
	wb_q_trend_of(rates, start, 20, &t);
	assert_true(t.known);
	assert_false(t.fell);
	assert_true(t.sliced);
	/* A cache that runs out after 30 s: 3000/s, then 800/s. */
	for (i = 0; i < 20; i++)
		rates[i] = i < 6 ? 3000 : 800;
	wb_q_trend_of(rates, start, 20, &t);
	assert_true(t.fell);
	assert_true(fabs(t.fell_after_s - 30.0) < 1e-9);
	assert_true(fabs(t.sustained_per_s - 800) < 1e-9);
	assert_true(t.burst_per_s > 2999);
	wb_q_trend_of(rates, start, 3, &t);
	assert_false(t.known);
	/* Two fast slices, then noise of +-40 % round 1000/s (issue 45): the first
	 * tenth read this as "50 % lower"; the first third, against the noise of
	 * the last half, is no drop. */
	for (i = 0; i < 20; i++)
		rates[i] = i < 2 ? 2000 : i % 2 ? 1400 : 600;
	wb_q_trend_of(rates, start, 20, &t);
	assert_int_equal(t.nburst, 6);
	assert_true(t.sustained_per_s < 0.8 * t.burst_per_s); /* more than 20 % lower ... */
	assert_true(t.drop_low <= 0);                        /* ... but within the noise */
	assert_false(t.fell);
}

static struct wb_tiers tiers;

static void build(double commit_rate, double commit_us, double write_us)
{
	qualify_run_build(&rs, &tiers, commit_rate, commit_us, write_us);
}

static void tier_takes_its_worst_criterion(void **state)
{
	(void)state;
	build(1000, 2000, 10); /* 1000/s, every flush 2 ms */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.chosen, 0);
	assert_int_equal(q.tiers[0].verdict, WB_Q_PASS);
	assert_int_equal(q.tiers[1].verdict, WB_Q_FAIL);
	assert_false(q.failed);
	assert_true(q.tiers[0].o[1].fig.value > 1.9 && q.tiers[0].o[1].fig.value < 2.2);
	build(1000, 20000, 10); /* p99 20 ms */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].verdict, WB_Q_FAIL);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	assert_int_equal(q.tiers[0].o[1].result, WB_Q_FAIL);
	assert_false(wb_qualify(&rs, &tiers, NULL, "missing", &q));
	assert_int_equal(q.chosen, -1);
	assert_string_equal(q.asked, "missing");
}

static bool has_finding(enum wb_finding_code code)
{
	size_t i;

	for (i = 0; i < q.nfindings; i++)
		if (q.findings[i].code == code)
			return true;
	return false;
}

static void findings_from_facts(void **state)
{
	(void)state;
	build(1000, 2000, 10);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.nfindings, 0);
	/* 1000 flushes/s on a disk that says it spins: impossible. */
	rs.device.rotational = 1;
	snprintf(rs.device.block_name, sizeof(rs.device.block_name), "sda");
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_true(has_finding(WB_FINDING_FASTER_THAN_ROTATION));
	assert_int_equal(q.findings[0].severity, WB_FINDING_WARN);
	/* the criteria's figure, the mean of the slices (1000, 1010, 1020, ...): 1010 */
	assert_true(q.findings[0].rate_per_s > 1009 && q.findings[0].rate_per_s < 1011);
	/* A flush as fast as an unsynced write, on tmpfs, with a volatile cache flag. */
	build(1000, 12, 10);
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "tmpfs");
	snprintf(rs.device.write_cache, sizeof(rs.device.write_cache), "write back");
	rs.device.virtual_disk = true;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_true(has_finding(WB_FINDING_LIKE_A_WRITE));
	assert_true(has_finding(WB_FINDING_IN_MEMORY));
	assert_true(has_finding(WB_FINDING_VOLATILE_NO_FUA));
	assert_true(has_finding(WB_FINDING_VIRTUAL_DISK));
	assert_ptr_equal(q.rs, &rs);
}

static size_t count_finding(enum wb_finding_code code)
{
	size_t i, n = 0;

	for (i = 0; i < q.nfindings; i++)
		n += q.findings[i].code == code;
	return n;
}

/* Arrays from the fixture sysfs (fixtures/array): an md RAID5 with a faulty
 * member whose disk also has a volatile cache and no FUA; an md RAID10 of
 * write-through disks; a btrfs raid5 whose three disks have volatile caches
 * and no FUA; a dm raid whose parity cannot be told. */
static void findings_on_arrays(void **state)
{
	(void)state;
	build(1000, 2000, 10);
	wb_device_probe_block(9, 2, &rs.device, ARRAY_SYS, ARRAY_PROC);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(count_finding(WB_FINDING_MEMBER_FAULTY), 1);
	assert_int_equal(count_finding(WB_FINDING_MEMBER_VOLATILE_NO_FUA), 1);
	assert_int_equal(count_finding(WB_FINDING_PARTIAL_STRIPE), 1);
	for (size_t i = 0; i < q.nfindings; i++)
		if (q.findings[i].code == WB_FINDING_MEMBER_FAULTY) {
			assert_string_equal(rs.device.array.members[q.findings[i].member].name, "sdj");
			assert_int_equal(q.findings[i].severity, WB_FINDING_WARN);
		} else if (q.findings[i].code == WB_FINDING_MEMBER_VOLATILE_NO_FUA) {
			assert_string_equal(rs.device.array.members[q.findings[i].member].disk, "sdj");
		}
	/* a mirror of stripes, write-through disks: nothing to say */
	wb_device_probe_block(9, 3, &rs.device, ARRAY_SYS, ARRAY_PROC);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.nfindings, 0);
	/* btrfs raid5: each member by name, and the partial-stripe layout */
	wb_device_probe_block(0, 0, &rs.device, ARRAY_SYS, ARRAY_PROC);
	wb_device_probe_btrfs("sdt", &rs.device, ARRAY_SYS, ARRAY_PROC);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(count_finding(WB_FINDING_MEMBER_VOLATILE_NO_FUA), 3);
	assert_int_equal(count_finding(WB_FINDING_PARTIAL_STRIPE), 1);
	/* a dm raid of unknown parity: no partial-stripe claim */
	wb_device_probe_block(253, 9, &rs.device, ARRAY_SYS, ARRAY_PROC);
	rs.device.array.parity_disks = -1;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(count_finding(WB_FINDING_PARTIAL_STRIPE), 0);
	/* parity RAID whose stripe is one WAL page: every WAL write is whole */
	rs.device.array.parity_disks = 1;
	rs.device.array.stripe = WB_WAL_PAGE_BYTES;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(count_finding(WB_FINDING_PARTIAL_STRIPE), 0);
	rs.device.array.stripe = 2 * WB_WAL_PAGE_BYTES;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(count_finding(WB_FINDING_PARTIAL_STRIPE), 1);
	assert_string_equal(wb_finding_name(WB_FINDING_PARTIAL_STRIPE), "array-partial-stripe-writes");
}

static void durability_failure_no_verdict(void **state)
{
	(void)state;
	build(1000, 2000, 10);
	rs.v[0].status = WB_STATUS_ERROR;
	rs.v[0].durability_failure = true;
	snprintf(rs.v[0].reason, sizeof(rs.v[0].reason), "fdatasync: EIO");
	assert_false(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_true(q.failed);
	assert_ptr_equal(q.failed_test, &rs.v[0]);
}

/* Burst credits (rule 6): a commit row that steps down to a plateau is judged on
 * the plateau; with no drop, a virtual or throttled disk passes no rate until a
 * run outlasts a full bucket; a plain disk keeps its pass. */
static void burst_credits(void **state)
{
	(void)state;
	build(1000, 2000, 10);
	qualify_run_plateau(&rs);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_BUCKET);
	assert_int_equal(q.burst.shape, WB_Q_SHAPE_COMMIT);
	/* one drop, one moment: the trend's is the bucket's */
	assert_true(q.trend.fell);
	assert_true(fabs(q.trend.fell_after_s - q.burst.bucket[WB_Q_SHAPE_COMMIT].drop_at_s) <
		    1e-9);
	/* one burst, one figure: the trend's levels are the bucket's */
	assert_true(q.trend.bucket);
	assert_true(q.trend.burst_per_s == q.burst.bucket[WB_Q_SHAPE_COMMIT].burst_per_s);
	assert_true(q.trend.sustained_per_s == q.burst.bucket[WB_Q_SHAPE_COMMIT].baseline_per_s);
	assert_true(q.tiers[0].o[0].fig.value > 99 && q.tiers[0].o[0].fig.value < 103);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_FAIL);
	/* etcd's slices did not drop: its 1000/s may be a burst too. */
	tiers.t[1].c[0].threshold = 500;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[1].verdict, WB_Q_INCONCLUSIVE);

	build(1000, 2000, 10);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	rs.device.virtual_disk = true;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);
	assert_int_equal(q.burst.suspects, WB_SUSPECT_VIRTUAL);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_int_equal(q.tiers[1].o[0].result, WB_Q_FAIL); /* fails on the burst: fails */
	rs.elapsed_ns = (uint64_t)(WB_BURST_OBSERVE_S * 1e9);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	rs.elapsed_ns = 0;
	rs.device.virtual_disk = false;
	rs.throttle.detected = true;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.suspects, WB_SUSPECT_THROTTLED);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
}

/* A bucket's baseline against a threshold right at it, as docs/design.md says a
 * rate is judged: pass only when the whole interval is at or above the
 * threshold, fail when it is wholly below, inconclusive when it straddles; and
 * on the baseline, not the run's mean. Commit at 1000/s for 6 slices, then
 * 100, 101, 102/s: a baseline of 101/s [100.06, 101.94]. */
static void bucket_at_threshold(void **state)
{
	const struct wb_q_figure *f = &q.tiers[0].o[0].fig;
	double low, high;

	(void)state;
	build(1000, 2000, 10);
	qualify_run_plateau(&rs);
	tiers.t[0].c[0].threshold = 101; /* the baseline itself */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_BUCKET);
	assert_true(fabs(f->value - 101) < 1e-9);
	assert_true(f->low > 100 && f->low < 101 && f->high > 101 && f->high < 102);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_int_equal(q.tiers[0].verdict, WB_Q_INCONCLUSIVE); /* the p99 passes */
	low = f->low;
	high = f->high;
	tiers.t[0].c[0].threshold = low; /* the interval's lower end: all of it at or above */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	assert_int_equal(q.tiers[0].verdict, WB_Q_PASS);
	tiers.t[0].c[0].threshold = nextafter(high, INFINITY); /* just above all of it */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_FAIL);
	assert_int_equal(q.tiers[0].verdict, WB_Q_FAIL);
	tiers.t[0].c[0].threshold = high; /* the upper end: straddles */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	/* 500/s: the run's mean (550/s) would pass it, the burst does; the baseline fails. */
	assert_true(rs.v[0].stats.mean > 500);
	tiers.t[0].c[0].threshold = 500;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_FAIL);
}

/* Case 1 of issue 45: a file system with no block device under it (FUSE, NFS,
 * virtiofs, a cloud file service) is where credits live: a rate that would
 * pass is inconclusive; memory has no block device either, and is not held
 * back. */
static void no_block_device(void **state)
{
	static const char *const remote[] = { "fuse.bucketfs", "nfs4", "virtiofs", "fuse.s3fs" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(remote) / sizeof(remote[0]); i++) {
		build(1000, 2000, 10);
		rs.device.dev_major = 0;
		rs.device.n_disks = 0;
		snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "%s", remote[i]);
		assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
		assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);
		assert_int_equal(q.burst.suspects, WB_SUSPECT_NO_BLOCK_DEVICE);
		assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
		assert_int_equal(q.tiers[0].verdict, WB_Q_INCONCLUSIVE); /* the p99 passes */
	}
	build(1000, 2000, 10);
	rs.device.dev_major = 0;
	rs.device.n_disks = 0;
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "tmpfs");
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
	assert_int_equal(q.burst.suspects, 0);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	/* A btrfs's st_dev is anonymous, but its disks are found: not a suspect. */
	build(1000, 2000, 10);
	rs.device.dev_major = 0;
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "btrfs");
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
}

static void dry_at_24s(size_t n)
{
	qualify_run_dry_at_24s(&rs, &tiers, n);
}

/* Case 2 of issue 45: a drop seen but not judged as a bucket is "not judged"
 * with its figures, never steady, and no rate passes on it. */
static void drop_not_judged(void **state)
{
	(void)state;
	dry_at_24s(6); /* a 90 s run: 6 commit slices, too few for a bucket */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_false(q.burst.bucket[WB_Q_SHAPE_COMMIT].detected);
	assert_int_equal(q.burst.state, WB_SUSTAINED_NOT_JUDGED);
	assert_true(q.burst.dropped);
	assert_int_equal(q.burst.not_judged, WB_NOT_JUDGED_FEW_SLICES);
	assert_true(q.burst.trend.burst_per_s > 199 && q.burst.trend.sustained_per_s < 52);
	assert_true(fabs(q.burst.trend.fell_after_s - 30) < 1e-9);
	assert_true(q.tiers[0].o[0].fig.low >= 15); /* it would pass on the mean */
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	/* a 3-minute run: 12 slices, only 2 before the drop */
	dry_at_24s(12);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_false(q.burst.bucket[WB_Q_SHAPE_COMMIT].detected);
	assert_int_equal(q.burst.state, WB_SUSTAINED_NOT_JUDGED);
	assert_true(q.burst.dropped);
	assert_int_equal(q.burst.not_judged, WB_NOT_JUDGED_SHORT_SIDE);
	assert_true(q.tiers[0].o[0].fig.low >= 15);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	/* A drop within the noise is no drop: the rate stands. */
	build(1000, 2000, 10);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_false(q.burst.dropped);
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
}

static struct wb_burst_table table;

static void two_volumes(void)
{
	qualify_run_two_volumes(&table);
}

static void on_virtual_disk(const char *model)
{
	qualify_run_on_virtual_disk(&rs, model);
}

/* Rule 6 with the provider table: a virtual disk whose every kind has no
 * credits is not held back; one that may be on credits, or that the table
 * does not know, is; a measured throttle is held back whatever the table
 * says; a bucket that ran dry is judged on its plateau with the provider's
 * baseline for the size beside it. */
static void provider_table(void **state)
{
	(void)state;
	two_volumes();
	build(1000, 2000, 10);
	on_virtual_disk("Cloud Local SSD");
	assert_true(wb_qualify(&rs, &tiers, &table, "standard", &q));
	assert_true(q.burst.ruled_out);
	assert_int_equal(q.burst.volume.device, 1);
	assert_int_equal(q.burst.suspects, 0);
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	assert_ptr_equal(q.burst.table, &table);

	on_virtual_disk("Cloud Block Store");
	assert_true(wb_qualify(&rs, &tiers, &table, "standard", &q));
	assert_false(q.burst.ruled_out);
	assert_int_equal(q.burst.volume.bursts, WB_BURSTS_YES);
	assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);
	assert_int_equal(q.burst.suspects, WB_SUSPECT_VIRTUAL);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_true(q.burst.volume.k[0].baseline == 300); /* 3 IOPS/GiB x 100 GiB */

	on_virtual_disk("Other Virtual Disk"); /* unknown to the table: as before */
	assert_true(wb_qualify(&rs, &tiers, &table, "standard", &q));
	assert_int_equal(q.burst.volume.device, -1);
	assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);

	on_virtual_disk("Cloud Local SSD");
	rs.throttle.detected = true; /* measured: the table cannot rule it out */
	assert_true(wb_qualify(&rs, &tiers, &table, "standard", &q));
	assert_int_equal(q.burst.suspects, WB_SUSPECT_THROTTLED);
	assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);
	rs.throttle.detected = false;

	on_virtual_disk("Cloud Block Store");
	qualify_run_plateau(&rs);
	assert_true(wb_qualify(&rs, &tiers, &table, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_BUCKET);
	assert_int_equal(q.burst.volume.device, 0);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_FAIL);
}

static void build_array(double commit_rate)
{
	qualify_run_array(&rs, &tiers, commit_rate);
}

/* The sweep's verdict is a finding either way, and stands in for the layout's
 * partial-stripe fact; a member three times slower than the others is named. */
static void sweep_and_slow_member(void **state)
{
	size_t i;

	(void)state;
	build_array(1000); /* 2.6 times the time its size explains: a read-modify-write */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_PENALTY);
	assert_int_equal(q.stripe.remedy, WB_STRIPE_REMEDY_MIRROR);
	assert_true(has_finding(WB_FINDING_STRIPE_PENALTY));
	assert_false(has_finding(WB_FINDING_PARTIAL_STRIPE));
	assert_false(has_finding(WB_FINDING_MEMBER_SLOW));
	build_array(2600); /* what its size explains */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_NO_PENALTY);
	assert_false(has_finding(WB_FINDING_STRIPE_UNCLEAR));
	assert_true(has_finding(WB_FINDING_STRIPE_NO_PENALTY));
	assert_false(has_finding(WB_FINDING_PARTIAL_STRIPE));
	/* Without the sweep's rows the layout's fact stands, unmeasured. */
	build_array(1000);
	for (i = 0; i < rs.n; i++)
		if (strncmp(rs.v[i].test.label, "sweep", 5) == 0)
			snprintf(rs.v[i].test.label, sizeof(rs.v[i].test.label), "other");
	rs.device.array.members[1].run_write_ms = 1600; /* 1.6 ms a write against 0.5 */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_NOT_STRIPED);
	assert_true(has_finding(WB_FINDING_PARTIAL_STRIPE));
	assert_true(has_finding(WB_FINDING_MEMBER_SLOW));
	for (i = 0; i < q.nfindings; i++)
		if (q.findings[i].code == WB_FINDING_MEMBER_SLOW) {
			assert_int_equal(q.findings[i].member, 1);
			assert_int_equal(q.findings[i].severity, WB_FINDING_WARN);
		}
	assert_string_equal(wb_finding_name(WB_FINDING_MEMBER_SLOW), "array-member-slow");
}

/* Case 3 of issue 45: a parity array whose members are cached (loop devices
 * without direct I/O, memory, volatile write caches) never reads no-penalty:
 * unclear, with the cache named; a penalty seen through the cache stands; an
 * array without parity is not held back. */
static void cached_parity(void **state)
{
	unsigned i;

	(void)state;
	build_array(2600); /* no penalty shows */
	for (i = 0; i < 3; i++)
		rs.device.array.members[i].loop_dio = 0;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_UNCLEAR);
	assert_int_equal(q.stripe.cached, WB_CACHE_PAGE);
	assert_int_equal(q.stripe.cached_member, 0);
	assert_true(has_finding(WB_FINDING_STRIPE_UNCLEAR));
	assert_false(has_finding(WB_FINDING_STRIPE_NO_PENALTY));
	build_array(2600);
	rs.device.array.members[2].in_memory = true;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_UNCLEAR);
	assert_int_equal(q.stripe.cached, WB_CACHE_MEMORY);
	assert_int_equal(q.stripe.cached_member, 2);
	build_array(2600);
	snprintf(rs.device.array.members[1].write_cache, sizeof(rs.device.array.members[1].write_cache),
		 "write back");
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_UNCLEAR);
	assert_int_equal(q.stripe.cached, WB_CACHE_VOLATILE);
	/* loop devices in direct I/O measure below the page cache */
	build_array(2600);
	for (i = 0; i < 3; i++)
		rs.device.array.members[i].loop_dio = 1;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_NO_PENALTY);
	assert_int_equal(q.stripe.cached, 0);
	/* a penalty that shows through the cache is one */
	build_array(1000);
	rs.device.array.members[0].loop_dio = 0;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_PENALTY);
	/* no parity: no read-modify-write for a cache to hide */
	build_array(2600);
	rs.device.array.parity_disks = 0;
	rs.device.array.members[0].loop_dio = 0;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.stripe.state, WB_STRIPE_NO_PENALTY);
}

/* A rate never seen sustained passes nothing (rule 6): three slices of the
 * commit shape cannot tell a burst from a sustained rate. The old code called
 * such a run on plain local storage steady, and passed it. */
static void few_slices_hold_back(void **state)
{
	struct wb_q_foresight f;

	(void)state;
	build(1000, 2000, 10);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.burst.state, WB_SUSTAINED_STEADY);
	assert_int_equal(q.tiers[0].verdict, WB_Q_PASS);
	rs.v[0].ntrials = 3; /* the commit row: 3 of its 12 five-second slices */
	rs.elapsed_ns = 45000000000ULL;
	rs.trial_ns = 5000000000ULL;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_false(q.burst.trend.known);
	assert_int_equal(q.burst.state, WB_SUSTAINED_UNKNOWN);
	assert_int_equal(q.burst.suspects, WB_SUSPECT_FEW_SLICES);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE); /* the rate */
	assert_int_equal(q.tiers[0].o[1].result, WB_Q_PASS);         /* the p99 stands */
	assert_int_equal(q.tiers[0].verdict, WB_Q_INCONCLUSIVE);
	assert_false(q.tiers[0].gated);
	/* 5 slices (4 and one to spare) of each of the run's tests at the 5 s
	 * asked: the figure the foresight gives before the run, not one
	 * extrapolated from this run's 3 slices in 45 s (75 s) */
	wb_q_foresee(&rs.device, NULL, 45 * 1000000000ull, rs.trial_ns, rs.trial_ns, rs.n, &f);
	assert_true(f.trend_short);
	assert_true(f.trend_min_s > 0);
	assert_true(fabs(q.burst.settle_s - f.trend_min_s) < 1e-9);
	assert_true(fabs(q.burst.settle_s - wb_q_trend_min_s(rs.n, 5)) < 1e-9);
	assert_true(fabs(q.burst.slice_s - 5) < 1e-9);
	/* a slice asked longer than the one the budget allowed: the one asked,
	 * which a --duration that long keeps */
	rs.asked_trial_ns = 8000000000ULL;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_true(fabs(q.burst.slice_s - 8) < 1e-9);
	wb_q_foresee(&rs.device, NULL, 45 * 1000000000ull, rs.trial_ns, rs.asked_trial_ns, rs.n,
		     &f);
	assert_true(fabs(q.burst.settle_s - f.trend_min_s) < 1e-9);
	rs.asked_trial_ns = 0;
	/* a rate that fails on a short run still fails */
	build(100, 2000, 10);
	rs.v[0].ntrials = 3;
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].verdict, WB_Q_FAIL);
}

/* An inconclusive criterion carries why (a code, worded by report/): an
 * interval across the threshold, a rate held back as a possible burst on a
 * virtual disk, too few slices to see it sustained, a drop no bucket judged;
 * pass and fail carry none. The audit found a
 * virtual disk's rate that cleared its threshold read "inconclusive" with no
 * reason anywhere. */
static void inconclusive_says_why(void **state)
{
	(void)state;
	build(1000, 2000, 10);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	assert_int_equal(q.tiers[0].o[0].why, WB_Q_WHY_NONE);
	assert_int_equal(q.tiers[1].o[0].result, WB_Q_FAIL);
	assert_int_equal(q.tiers[1].o[0].why, WB_Q_WHY_NONE);
	rs.device.virtual_disk = true; /* clears 200/s, but may be a burst */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_int_equal(q.tiers[0].o[0].why, WB_Q_WHY_BURST);
	assert_string_equal(wb_q_why_name(q.tiers[0].o[0].why), "burst-not-ruled-out");
	assert_int_equal(q.tiers[0].o[1].why, WB_Q_WHY_NONE); /* the p99 passes */
	rs.v[0].ntrials = 3; /* and too short for a trend: the longer wait is named */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].why, WB_Q_WHY_BURST);
	rs.device.virtual_disk = false; /* bare metal, too short for a trend */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_int_equal(q.tiers[0].o[0].why, WB_Q_WHY_FEW_SLICES);
	/* the interval across the line */
	build(1000, 2000, 10);
	tiers.t[0].c[0].threshold = 1012; /* 1010/s [1005, 1015] */
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_int_equal(q.tiers[0].o[0].why, WB_Q_WHY_STRADDLES);
	/* a drop no bucket judged (6 slices, too few for a bucket) */
	dry_at_24s(6);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_true(q.burst.dropped);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_INCONCLUSIVE);
	assert_int_equal(q.tiers[0].o[0].why, WB_Q_WHY_DROPPED);
	assert_string_equal(wb_q_why_name(q.tiers[0].o[0].why), "rate-fell");
}

/* What a plan cannot show, foreseen before it measures: --duration 10s in
 * the 1.11 s slices it is shortened to gives each of three shapes about 2.4
 * slices, short of the trend's 4 and one to spare, which 94 s at the 5 s
 * slices asked give, or 533 ms slices in those 10 s; the default 3 minutes
 * give 9.6. A virtual disk the provider table does not rule out can pass no
 * rate before 35 minutes; one it rules out, and bare metal, can. */
static void foresight(void **state)
{
	const uint64_t S = 1000000000ull;
	struct wb_q_foresight f;

	(void)state;
	build(1000, 2000, 10);
	wb_q_foresee(&rs.device, NULL, 10 * S, 1111000000ull, 5 * S, 3, &f);
	assert_true(f.trend_short);
	assert_true(fabs(f.planned_slices - 10 / (3 * 1.111 * 1.25)) < 1e-6);
	assert_true(fabs(f.trend_min_s - 94) < 1e-9);
	assert_true(fabs(f.slice_s - 5) < 1e-9);
	assert_true(fabs(f.short_slice_s - 0.533) < 1e-9);
	assert_false(f.burst_short);
	wb_q_foresee(&rs.device, NULL, 180 * S, 5 * S, 5 * S, 3, &f);
	assert_false(f.trend_short);
	assert_false(f.burst_short);
	two_volumes();
	on_virtual_disk("Cloud Block Volume");
	wb_q_foresee(&rs.device, &table, 180 * S, 5 * S, 5 * S, 3, &f);
	assert_true(f.burst_short);
	assert_int_equal(f.suspects, WB_SUSPECT_VIRTUAL);
	assert_true(fabs(f.observe_s - WB_BURST_OBSERVE_S) < 1e-9);
	wb_q_foresee(&rs.device, &table, 2100 * S, 5 * S, 5 * S, 3, &f);
	assert_false(f.burst_short); /* 35 minutes outlast a bucket */
	on_virtual_disk("Cloud Local SSD");
	wb_q_foresee(&rs.device, &table, 180 * S, 5 * S, 5 * S, 3, &f);
	assert_false(f.burst_short); /* its provider sells no credits */
	/* the run's own suspects agree with the foresight's */
	on_virtual_disk("Cloud Block Volume");
	assert_true(wb_qualify(&rs, &tiers, &table, "standard", &q));
	assert_int_equal(q.burst.suspects, WB_SUSPECT_VIRTUAL);
}

/* Memory is never durable (rule 8): every tier fails, first of all, whatever
 * its rates; the old code passed tmpfs with a warning. zram and a RAM disk
 * are memory too. */
static void memory_fails(void **state)
{
	(void)state;
	build(1000, 2000, 10);
	snprintf(rs.device.fs_type, sizeof(rs.device.fs_type), "tmpfs");
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.gate, WB_GATE_IN_MEMORY);
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS); /* the criteria passed ... */
	assert_int_equal(q.tiers[0].verdict, WB_Q_FAIL);     /* ... the gate fails it */
	assert_true(q.tiers[0].gated);
	assert_int_equal(q.tiers[1].verdict, WB_Q_FAIL);
	assert_true(q.burst.in_memory);
	assert_int_equal(q.findings[0].code, WB_FINDING_IN_MEMORY);
	assert_false(has_finding(WB_FINDING_TOO_FAST)); /* memory is fast by nature */
	build(1000, 2000, 10);
	rs.device.n_layers = 1;
	rs.device.layers[0].kind = WB_LAYER_DISK;
	snprintf(rs.device.layers[0].name, sizeof(rs.device.layers[0].name), "zram0");
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].verdict, WB_Q_FAIL);
}

/* A median commit flush under WB_MIN_DURABLE_FLUSH_US on storage that is not
 * memory was acknowledged, not made (rule 8): a finding, and no tier passes.
 * The old code said nothing when the flush was more than 1.5 unsynced writes
 * (lyingfs: 6.2 us against 3.7 us). */
static void flush_too_fast(void **state)
{
	(void)state;
	build(1000, 6, 3.5);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.gate, WB_GATE_TOO_FAST);
	assert_true(has_finding(WB_FINDING_TOO_FAST));
	assert_false(has_finding(WB_FINDING_LIKE_A_WRITE));
	assert_int_equal(q.tiers[0].o[0].result, WB_Q_PASS);
	assert_int_equal(q.tiers[0].verdict, WB_Q_INCONCLUSIVE);
	assert_true(q.tiers[0].gated);
	assert_true(q.gate_flush_us > 5 && q.gate_flush_us < 7);
	/* a tier that fails on its criteria still fails */
	build(100, 6, 3.5);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.tiers[0].verdict, WB_Q_FAIL);
	assert_false(q.tiers[0].gated);
	/* the fastest durable flushes (an NVMe with power-loss protection) stand */
	build(1000, 25, 10);
	assert_true(wb_qualify(&rs, &tiers, NULL, "standard", &q));
	assert_int_equal(q.gate, WB_GATE_NONE);
	assert_false(has_finding(WB_FINDING_TOO_FAST));
	assert_int_equal(q.tiers[0].verdict, WB_Q_PASS);
}

static int teardown(void **state)
{
	(void)state;
	wb_results_free(&rs);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(judge_each_side_of_the_line),
		cmocka_unit_test(trend_steady_and_falling),
		cmocka_unit_test_teardown(tier_takes_its_worst_criterion, teardown),
		cmocka_unit_test_teardown(findings_from_facts, teardown),
		cmocka_unit_test_teardown(findings_on_arrays, teardown),
		cmocka_unit_test_teardown(durability_failure_no_verdict, teardown),
		cmocka_unit_test_teardown(burst_credits, teardown),
		cmocka_unit_test_teardown(bucket_at_threshold, teardown),
		cmocka_unit_test_teardown(sweep_and_slow_member, teardown),
		cmocka_unit_test_teardown(provider_table, teardown),
		cmocka_unit_test_teardown(no_block_device, teardown),
		cmocka_unit_test_teardown(drop_not_judged, teardown),
		cmocka_unit_test_teardown(cached_parity, teardown),
		cmocka_unit_test_teardown(few_slices_hold_back, teardown),
		cmocka_unit_test_teardown(inconclusive_says_why, teardown),
		cmocka_unit_test_teardown(foresight, teardown),
		cmocka_unit_test_teardown(memory_fails, teardown),
		cmocka_unit_test_teardown(flush_too_fast, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
