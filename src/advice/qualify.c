/* qualify.c — see qualify.h. The rules:
 * 1. an error or a durability failure in any row: no verdict, that first;
 * 2. a rate criterion reads the mean of the time slices with its t interval;
 *    a p99 criterion reads the p99 of every flush of the run with its
 *    distribution-free interval (the order statistics around rank 0.99 n);
 * 3. per criterion: pass when the whole interval is on the right side of the
 *    threshold, fail when the whole interval is on the wrong side,
 *    inconclusive when it straddles; a tier fails if any criterion fails, is
 *    inconclusive if any is, passes otherwise;
 * 4. findings look for flushes that cannot have reached stable storage, and
 *    for storage whose flags cannot be trusted; each names its evidence;
 * 5. on an array, each member that is faulty or whose disk has a volatile
 *    cache and no FUA is a finding with its name, and parity RAID whose full
 *    stripe is larger than a WAL page says a WAL write is a partial-stripe
 *    write (not measured here: a fact of the layout);
 * 6. burst credits, decided before the tiers: a shape whose slices step down
 *    to a plateau (results/bucket.h) has its rate criteria judged on the
 *    plateau's mean and interval. With no drop seen, the rate may still be a
 *    burst when the device grants I/O in time slices (a provisioned volume's
 *    limit) or is a hypervisor's disk, and the run was shorter than
 *    WB_BURST_OBSERVE_S: then no rate criterion passes (one that would is
 *    inconclusive; one that fails on the burst fails). Bare-metal disks and
 *    tmpfs have neither suspect, and their rates stand (rule 8 fails tmpfs);
 *    a loop device over a virtual disk is virtual storage, and is held back. The provider fact
 *    table (advice/burst_match.h) narrows the second suspect: a hypervisor's
 *    disk whose every possible kind has no credits, in its provider's word, is
 *    not one; one that may burst, or that the table does not know, still is.
 *    A time-sliced throttle was measured, and stays a suspect whatever the
 *    table says. A file system with no block device under it (NFS, virtiofs,
 *    FUSE, a cloud file service) is a suspect too: the device that would show
 *    a provider's limits is not there to read. With no bucket, a commit rate
 *    whose trend fell by more than WB_TREND_DROP_PCT and more than its noise
 *    is not sustained: the state is "not judged" with the trend's figures and
 *    why the bucket could not judge it (too few slices, too few on a side, or
 *    not a step), and no rate passes. A commit shape of fewer than
 *    WB_TREND_MIN_SLICES slices cannot show a drop at all: its rate was never
 *    seen sustained, so it is unknown on any storage, and no rate passes;
 * 7. on a striped array, the write-size sweep (advice/stripe_penalty.h) says
 *    whether a sub-stripe flush pays a penalty, as a finding either way, and
 *    then stands in for rule 5's partial-stripe fact; a member whose writes
 *    took far longer than the others' (advice/slow_member.h) is a finding with
 *    its name;
 * 8. the gate, decided before the tiers, overrules the criteria: storage in
 *    memory (tmpfs, ramfs, zram, a RAM disk) keeps nothing across a reboot, so
 *    it cannot hold a database's WAL and every tier fails, whatever its rates;
 *    on other storage, a median commit flush faster than WB_MIN_DURABLE_FLUSH_US
 *    was most likely acknowledged and not made (a cache that ignores flushes),
 *    so no tier passes: one that would is inconclusive until `walbench verify`
 *    proves the flushes with a power cut (a fail stays a fail). */
#include "advice/qualify.h"

#include <math.h>
#include <string.h>

#include "facts/device.h"
#include "model/schedule.h"

static const char *const result_names[] = {
	[WB_Q_PASS] = "pass", [WB_Q_FAIL] = "fail", [WB_Q_INCONCLUSIVE] = "inconclusive",
	[WB_Q_NOT_MEASURED] = "not measured",
};

const char *wb_q_result_name(enum wb_q_result r)
{
	return r <= WB_Q_NOT_MEASURED ? result_names[r] : "?";
}

static const char *const sustained_names[] = {
	[WB_SUSTAINED_NOT_JUDGED] = "not judged", [WB_SUSTAINED_BUCKET] = "bucket",
	[WB_SUSTAINED_STEADY] = "steady", [WB_SUSTAINED_UNKNOWN] = "unknown",
};
_Static_assert(sizeof(sustained_names) / sizeof(sustained_names[0]) == WB_SUSTAINED_COUNT,
	       "sustained_names must name every enum wb_sustained");

const char *wb_sustained_name(enum wb_sustained s)
{
	return (unsigned)s < WB_SUSTAINED_COUNT ? sustained_names[s] : "?";
}

static const char *const not_judged_names[] = {
	[WB_NOT_JUDGED_NO_DROP] = "", [WB_NOT_JUDGED_FEW_SLICES] = "few-slices",
	[WB_NOT_JUDGED_SHORT_SIDE] = "short-side", [WB_NOT_JUDGED_NOT_A_STEP] = "not-a-step",
};
_Static_assert(sizeof(not_judged_names) / sizeof(not_judged_names[0]) == WB_NOT_JUDGED_COUNT,
	       "not_judged_names must name every enum wb_not_judged");

const char *wb_not_judged_name(enum wb_not_judged w)
{
	return (unsigned)w < WB_NOT_JUDGED_COUNT ? not_judged_names[w] : "?";
}

static const char *const why_names[] = {
	[WB_Q_WHY_NONE] = "", [WB_Q_WHY_STRADDLES] = "straddles",
	[WB_Q_WHY_FEW_FLUSHES] = "few-flushes", [WB_Q_WHY_FEW_SLICES] = "few-slices",
	[WB_Q_WHY_BURST] = "burst-not-ruled-out", [WB_Q_WHY_DROPPED] = "rate-fell",
	[WB_Q_WHY_OTHER_BUCKET] = "other-shape-bucket",
};
_Static_assert(sizeof(why_names) / sizeof(why_names[0]) == WB_Q_WHY_COUNT,
	       "why_names must name every enum wb_q_why");

const char *wb_q_why_name(enum wb_q_why w)
{
	return (unsigned)w < WB_Q_WHY_COUNT ? why_names[w] : "?";
}

static const char *const finding_names[] = {
	[WB_FINDING_IN_MEMORY] = "storage-in-memory",
	[WB_FINDING_FASTER_THAN_ROTATION] = "flush-faster-than-rotation",
	[WB_FINDING_LIKE_A_WRITE] = "flush-no-slower-than-write",
	[WB_FINDING_VOLATILE_NO_FUA] = "volatile-cache-without-fua",
	[WB_FINDING_VIRTUAL_DISK] = "virtual-disk-unverifiable",
	[WB_FINDING_MEMBER_FAULTY] = "array-member-faulty",
	[WB_FINDING_MEMBER_VOLATILE_NO_FUA] = "array-member-volatile-cache-without-fua",
	[WB_FINDING_PARTIAL_STRIPE] = "array-partial-stripe-writes",
	[WB_FINDING_STRIPE_PENALTY] = "array-partial-stripe-penalty",
	[WB_FINDING_STRIPE_NO_PENALTY] = "array-partial-stripe-no-penalty",
	[WB_FINDING_STRIPE_UNCLEAR] = "array-partial-stripe-unclear",
	[WB_FINDING_MEMBER_SLOW] = "array-member-slow",
	[WB_FINDING_TOO_FAST] = "flush-too-fast-to-be-durable",
};
_Static_assert(sizeof(finding_names) / sizeof(finding_names[0]) == WB_FINDING_COUNT,
	       "finding_names must name every enum wb_finding_code");

const char *wb_finding_name(enum wb_finding_code c)
{
	return (unsigned)c < WB_FINDING_COUNT ? finding_names[c] : "?";
}

/* The row of a shape (its label is the shape's name), or the unsynced write. */
static const struct wb_result *row(const struct wb_results *rs, const char *label)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (strcmp(rs->v[i].test.label, label) == 0)
			return &rs->v[i];
	return NULL;
}

/* The flush latency at fraction q (0..1) of r's histogram, in ms. */
static double quantile_ms(const struct wb_result *r, double q)
{
	if (q < 0)
		q = 0;
	if (q > 1)
		q = 1;
	return (double)wb_hist_percentile(r->hist, 100.0 * q) / 1e6;
}

static void figure(const struct wb_result *r, enum wb_q_metric m, const struct wb_bucket *b,
		   struct wb_q_figure *f)
{
	double n, se;

	*f = (struct wb_q_figure){ .measured = false };
	if (!r || r->status != WB_STATUS_OK || !r->hist || !r->hist->count)
		return;
	f->measured = true;
	if (m == WB_Q_FLUSHES_PER_S && b->detected) { /* the plateau, not the burst */
		f->value = b->baseline_per_s;
		f->low = b->baseline_low;
		f->high = b->baseline_high;
		return;
	}
	if (m == WB_Q_FLUSHES_PER_S) {
		f->value = wb_result_trial_mean(r);
		f->low = r->ntrials >= 2 ? f->value - r->stats.ci95_half : -INFINITY;
		f->high = r->ntrials >= 2 ? f->value + r->stats.ci95_half : INFINITY;
		return;
	}
	/* The ranks of the p99's 95 % interval: binomial, normal approximation.
	 * Flushes are not independent (a slow stretch holds many), so this is the
	 * narrowest honest interval, not a generous one. */
	n = (double)r->hist->count;
	se = sqrt(n * 0.99 * 0.01);
	f->value = quantile_ms(r, 0.99);
	f->low = quantile_ms(r, (0.99 * n - 1.96 * se) / n);
	f->high = quantile_ms(r, (0.99 * n + 1.96 * se) / n);
	if (n < 100) /* too few flushes for a p99 at all */
		f->low = 0, f->high = INFINITY;
}

enum wb_q_result wb_q_judge(const struct wb_q_criterion *c, const struct wb_q_figure *f)
{
	if (!f->measured)
		return WB_Q_NOT_MEASURED;
	if (c->metric == WB_Q_FLUSHES_PER_S) /* at least */
		return f->low >= c->threshold ? WB_Q_PASS
		       : f->high < c->threshold ? WB_Q_FAIL : WB_Q_INCONCLUSIVE;
	return f->high <= c->threshold ? WB_Q_PASS /* at most */
	       : f->low > c->threshold ? WB_Q_FAIL : WB_Q_INCONCLUSIVE;
}

static void outcome(const struct wb_results *rs, const struct wb_q_burst *burst,
		    const struct wb_q_criterion *c, struct wb_q_outcome *o)
{
	const struct wb_bucket *b = &burst->bucket[c->shape];

	o->crit = *c;
	figure(row(rs, wb_q_shape_names[c->shape]), c->metric, b, &o->fig);
	o->result = wb_q_judge(c, &o->fig);
	o->why = WB_Q_WHY_NONE;
	if (o->result == WB_Q_INCONCLUSIVE) /* an interval open at an end had too few to close it */
		o->why = isfinite(o->fig.low) && isfinite(o->fig.high) ? WB_Q_WHY_STRADDLES
			 : c->metric == WB_Q_P99_MS ? WB_Q_WHY_FEW_FLUSHES : WB_Q_WHY_FEW_SLICES;
	/* A rate that may be a burst, or that fell in the run, passes nothing (rule 6). */
	if (c->metric == WB_Q_FLUSHES_PER_S && o->result == WB_Q_PASS && !b->detected &&
	    (burst->state == WB_SUSTAINED_UNKNOWN || burst->state == WB_SUSTAINED_BUCKET ||
	     burst->dropped)) {
		o->result = WB_Q_INCONCLUSIVE;
		/* The longest wait first: a run that outlasts a bucket has slices enough. */
		o->why = burst->dropped ? WB_Q_WHY_DROPPED
			 : burst->state == WB_SUSTAINED_BUCKET ? WB_Q_WHY_OTHER_BUCKET
			 : burst->suspects & ~(unsigned)WB_SUSPECT_FEW_SLICES ? WB_Q_WHY_BURST
								    : WB_Q_WHY_FEW_SLICES;
	}
}

static void judge_tier(const struct wb_results *rs, const struct wb_q_burst *burst,
		       enum wb_q_gate gate, const struct wb_tier *t, struct wb_q_tier_verdict *v)
{
	bool fail = false, unsure = false;
	size_t k;

	memcpy(v->name, t->name, sizeof(v->name));
	v->name[sizeof(v->name) - 1] = '\0';
	v->n = t->n;
	for (k = 0; k < t->n; k++) {
		outcome(rs, burst, &t->c[k], &v->o[k]);
		fail = fail || v->o[k].result == WB_Q_FAIL;
		unsure = unsure || v->o[k].result != WB_Q_PASS;
	}
	v->verdict = fail ? WB_Q_FAIL : unsure ? WB_Q_INCONCLUSIVE : WB_Q_PASS;
	/* Rule 8: the gate overrules what the criteria said. */
	v->gated = gate == WB_GATE_IN_MEMORY ||
		   (gate == WB_GATE_TOO_FAST && v->verdict != WB_Q_FAIL);
	if (v->gated)
		v->verdict = gate == WB_GATE_IN_MEMORY ? WB_Q_FAIL : WB_Q_INCONCLUSIVE;
}

static double sum_sq(const double *v, size_t from, size_t to, double mean)
{
	double s = 0;
	size_t i;

	for (i = from; i < to; i++)
		s += (v[i] - mean) * (v[i] - mean);
	return s;
}

void wb_q_trend_of(const double *rates, const double *start_s, size_t n, struct wb_q_trend *out)
{
	size_t nb = n / 3 > WB_TREND_BURST_MIN ? n / 3 : WB_TREND_BURST_MIN, i, after, df;
	double mid, se, ss;

	*out = (struct wb_q_trend){ .sliced = true, .slices = n };
	out->known = n >= WB_TREND_MIN_SLICES && rates && start_s;
	if (!out->known)
		return;
	out->nburst = nb;
	out->nsustained = n / 2;
	out->burst_per_s = wb_mean_range(rates, 0, nb);
	out->sustained_per_s = wb_mean_range(rates, n - n / 2, n);
	/* The drop against the noise: the sustained half's spread (the level the
	 * rate settled at) is the noise of both means; the first third's own spread
	 * would count a drop inside it as noise. */
	df = n / 2 - 1;
	ss = sum_sq(rates, n - n / 2, n, out->sustained_per_s);
	se = sqrt(ss / (double)df * (1.0 / (double)nb + 1.0 / (double)(n / 2)));
	out->drop_low = out->burst_per_s - out->sustained_per_s - wb_t95((double)df) * se;
	out->drop_high = out->burst_per_s - out->sustained_per_s + wb_t95((double)df) * se;
	out->fell = out->sustained_per_s < out->burst_per_s * (1 - WB_TREND_DROP_PCT / 100.0) &&
		    out->drop_low > 0;
	if (!out->fell)
		return;
	/* From the first slice after which every slice stays below the midpoint. */
	mid = (out->burst_per_s + out->sustained_per_s) / 2;
	for (after = n, i = n; i-- > 0;) {
		if (rates[i] >= mid)
			break;
		after = i;
	}
	out->fell_after_s = after < n ? start_s[after] : start_s[n - 1];
}

/* No block device under the file system, and not memory: NFS, virtiofs, FUSE,
 * a cloud file service (rule 6). A btrfs's anonymous st_dev still has its disks. */
static bool no_block_device(const struct wb_device *d)
{
	return d->n_disks == 0 && d->dev_major == 0 && !wb_device_in_ram(d);
}

/* Why the commit trend's drop is no bucket: the bucket's own tests, in order.
 * A side is the slices that started before the drop, or at or after it. */
static enum wb_not_judged why_not_judged(const double *start_s, size_t n,
					 const struct wb_q_trend *t)
{
	size_t before = 0, i;

	if (n < WB_BUCKET_MIN_SLICES)
		return WB_NOT_JUDGED_FEW_SLICES;
	for (i = 0; i < n; i++)
		before += start_s[i] < t->fell_after_s;
	return before < WB_BUCKET_MIN_SIDE || n - before < WB_BUCKET_MIN_SIDE
		       ? WB_NOT_JUDGED_SHORT_SIDE : WB_NOT_JUDGED_NOT_A_STEP;
}

/* A hypervisor's disk the provider table does not rule out (ruled_out: it
 * does), and no block device: the suspects the device's facts name (rule 6). */
static unsigned device_suspects(const struct wb_device *d, const struct wb_burst_match *m,
				bool *ruled_out)
{
	unsigned s = 0;

	*ruled_out = d->virtual_disk && m->device >= 0 && m->bursts == WB_BURSTS_NO;
	if (d->virtual_disk && !*ruled_out)
		s |= WB_SUSPECT_VIRTUAL;
	if (no_block_device(d))
		s |= WB_SUSPECT_NO_BLOCK_DEVICE;
	return s;
}

double wb_q_trend_min_s(size_t ntests, double slice_s)
{
	/* A slice lasts 1 + WB_SCHED_JITTER / 2 of its length on average. */
	double mean = 1 + WB_SCHED_JITTER / 2, need = WB_TREND_MIN_SLICES + 1;

	return ceil((double)(ntests ? ntests : 1) * need * slice_s * mean);
}

void wb_q_foresee(const struct wb_device *d, const struct wb_burst_table *table,
		  uint64_t budget_ns, uint64_t trial_ns, uint64_t asked_ns, size_t ntests,
		  struct wb_q_foresight *out)
{
	/* A slice lasts 1 + WB_SCHED_JITTER / 2 of its length on average. */
	double mean = 1 + WB_SCHED_JITTER / 2, need = WB_TREND_MIN_SLICES + 1;
	double n = ntests ? (double)ntests : 1, budget_s = (double)budget_ns / 1e9;
	struct wb_burst_match m;
	bool ruled_out;

	*out = (struct wb_q_foresight){ .observe_s = WB_BURST_OBSERVE_S,
					.slice_s = (double)asked_ns / 1e9 };
	out->planned_slices = trial_ns ? budget_s / (n * (double)trial_ns / 1e9 * mean) : 0;
	out->trend_short = out->planned_slices < need;
	out->trend_min_s = wb_q_trend_min_s(ntests, out->slice_s);
	out->short_slice_s = floor(1000.0 * budget_s / (n * need * mean)) / 1000.0;
	wb_burst_match(d, table, &m);
	out->suspects = device_suspects(d, &m, &ruled_out);
	out->burst_short = out->suspects && budget_s < WB_BURST_OBSERVE_S;
}

void wb_q_burst_of(const struct wb_results *rs, const struct wb_burst_table *table,
		   struct wb_q_burst *out)
{
	const struct wb_result *r;
	size_t k;

	*out = (struct wb_q_burst){ .state = WB_SUSTAINED_NOT_JUDGED, .shape = -1,
				    .run_s = (double)rs->elapsed_ns / 1e9,
				    .observe_s = WB_BURST_OBSERVE_S, .table = table };
	out->in_memory = wb_device_in_ram(&rs->device);
	wb_burst_match(&rs->device, table, &out->volume);
	for (k = 0; k < WB_Q_SHAPE_COUNT; k++) {
		r = row(rs, wb_q_shape_names[k]);
		if (r && r->status == WB_STATUS_OK && r->trial_start_s)
			wb_bucket_detect(r->trial_rates, r->trial_start_s, r->trial_settled_per_s,
					 r->ntrials, &out->bucket[k]);
		if (out->bucket[k].detected && out->shape < 0)
			out->shape = (int)k;
	}
	r = row(rs, wb_q_shape_names[WB_Q_SHAPE_COMMIT]);
	if (out->shape >= 0) {
		out->state = WB_SUSTAINED_BUCKET;
		return;
	}
	if (!r || !r->trial_start_s)
		return;
	if (rs->throttle.detected)
		out->suspects |= WB_SUSPECT_THROTTLED;
	out->suspects |= device_suspects(&rs->device, &out->volume, &out->ruled_out);
	/* A drop larger than the noise that no bucket explains: not sustained,
	 * whatever the storage is. */
	out->slices = r->ntrials;
	wb_q_trend_of(r->trial_rates, r->trial_start_s, r->ntrials, &out->trend);
	if (!out->trend.known) { /* too short to see a drop: never seen sustained */
		out->suspects |= WB_SUSPECT_FEW_SLICES;
		/* The slice asked, which a --duration long enough does not
		 * shorten, or the one used when a throttle lengthened it; and
		 * the plan's figure for it, the one foreseen before the run:
		 * extrapolating from this run's few slices carried their
		 * jitter and a last round cut short into the figure, and told
		 * 10 s runs 17 s or 25 s where the header had said 19 s. */
		out->slice_s = (double)(rs->asked_trial_ns > rs->trial_ns ? rs->asked_trial_ns
									   : rs->trial_ns) / 1e9;
		out->settle_s = wb_q_trend_min_s(rs->n, out->slice_s);
		out->state = WB_SUSTAINED_UNKNOWN;
		return;
	}
	if (out->trend.fell) {
		out->dropped = true;
		out->not_judged = why_not_judged(r->trial_start_s, r->ntrials, &out->trend);
		return;
	}
	out->state = out->suspects && out->run_s < WB_BURST_OBSERVE_S ? WB_SUSTAINED_UNKNOWN
								    : WB_SUSTAINED_STEADY;
}

static struct wb_finding *add_finding(struct wb_qualification *q, enum wb_finding_code code,
				      enum wb_finding_severity sev)
{
	struct wb_finding *f;

	if (q->nfindings == WB_Q_MAX_FINDINGS)
		return NULL;
	f = &q->findings[q->nfindings++];
	*f = (struct wb_finding){ .code = code, .severity = sev };
	return f;
}

/* The array's members, then its layout: see rule 5. */
static void find_array(const struct wb_array *a, struct wb_qualification *q)
{
	struct wb_finding *f;
	unsigned i;

	for (i = 0; i < a->n_members; i++)
		if (strstr(a->members[i].state, "faulty") &&
		    (f = add_finding(q, WB_FINDING_MEMBER_FAULTY, WB_FINDING_WARN)))
			f->member = i;
	for (i = 0; i < a->n_members; i++)
		if (strcmp(a->members[i].write_cache, "write back") == 0 && !a->members[i].fua &&
		    (f = add_finding(q, WB_FINDING_MEMBER_VOLATILE_NO_FUA, WB_FINDING_INFO)))
			f->member = i;
	if (q->slow.found && (f = add_finding(q, WB_FINDING_MEMBER_SLOW, WB_FINDING_WARN))) {
		f->member = q->slow.member;
		f->member_ms = q->slow.mean_ms;
		f->others_ms = q->slow.others_ms;
	}
	if (q->stripe.state == WB_STRIPE_PENALTY)
		add_finding(q, WB_FINDING_STRIPE_PENALTY, WB_FINDING_WARN);
	else if (q->stripe.state == WB_STRIPE_NO_PENALTY)
		add_finding(q, WB_FINDING_STRIPE_NO_PENALTY, WB_FINDING_INFO);
	else if (q->stripe.state == WB_STRIPE_UNCLEAR)
		add_finding(q, WB_FINDING_STRIPE_UNCLEAR, WB_FINDING_INFO);
	else if (a->parity_disks > 0 && a->stripe > WB_WAL_PAGE_BYTES)
		add_finding(q, WB_FINDING_PARTIAL_STRIPE, WB_FINDING_INFO);
}

/* The sweep's rows as planned (model/tier.h), each point's bytes its row's. */
static void sweep(const struct wb_results *rs, struct wb_stripe_verdict *v)
{
	struct wb_stripe_sweep in = { .parity_disks = rs->device.array.parity_disks,
				      .array = &rs->device.array };
	int p;

	for (p = 0; p < WB_SWEEP_COUNT; p++) {
		in.row[p] = row(rs, wb_sweep_labels[p]);
		in.bytes[p] = in.row[p] ? in.row[p]->test.size : 0;
	}
	wb_stripe_penalty(&in, v);
}

static void find(const struct wb_results *rs, struct wb_qualification *q)
{
	const struct wb_device *d = &rs->device;
	const struct wb_result *commit = row(rs, wb_q_shape_names[WB_Q_SHAPE_COMMIT]);
	const struct wb_result *plain = row(rs, "write");
	double rate = commit ? wb_result_trial_mean(commit) : 0; /* the criteria's figure */
	struct wb_finding *f;

	if (wb_device_in_ram(d))
		add_finding(q, WB_FINDING_IN_MEMORY, WB_FINDING_WARN);
	if (q->gate == WB_GATE_TOO_FAST &&
	    (f = add_finding(q, WB_FINDING_TOO_FAST, WB_FINDING_WARN)))
		f->flush_us = q->gate_flush_us;
	if (d->rotational == 1 && rate > WB_MAX_ROTATIONAL_FLUSHES &&
	    (f = add_finding(q, WB_FINDING_FASTER_THAN_ROTATION,
			     d->virtual_disk ? WB_FINDING_INFO : WB_FINDING_WARN)))
		f->rate_per_s = rate;
	if (commit && plain && commit->status == WB_STATUS_OK && plain->status == WB_STATUS_OK &&
	    commit->hist && plain->hist && wb_result_usecs(plain, 50) > 0 &&
	    wb_result_usecs(commit, 50) <= WB_FLUSH_LIKE_WRITE_FACTOR * wb_result_usecs(plain, 50) &&
	    (f = add_finding(q, WB_FINDING_LIKE_A_WRITE, WB_FINDING_WARN))) {
		f->flush_us = wb_result_usecs(commit, 50);
		f->write_us = wb_result_usecs(plain, 50);
	}
	if (wb_device_volatile_cache(d) && !d->fua)
		add_finding(q, WB_FINDING_VOLATILE_NO_FUA, WB_FINDING_INFO);
	if (d->virtual_disk)
		add_finding(q, WB_FINDING_VIRTUAL_DISK, WB_FINDING_INFO);
	find_array(&d->array, q);
}

/* Rule 8: memory, or a commit flush faster than durable storage flushes. */
static enum wb_q_gate gate_of(const struct wb_results *rs, double *flush_us)
{
	const struct wb_result *commit = row(rs, wb_q_shape_names[WB_Q_SHAPE_COMMIT]);

	*flush_us = 0;
	if (wb_device_in_ram(&rs->device))
		return WB_GATE_IN_MEMORY;
	if (!commit || commit->status != WB_STATUS_OK || !commit->hist || !commit->hist->count)
		return WB_GATE_NONE;
	*flush_us = wb_result_usecs(commit, 50);
	return *flush_us < WB_MIN_DURABLE_FLUSH_US ? WB_GATE_TOO_FAST : WB_GATE_NONE;
}

/* The commit row's trend over the run. Where a bucket ran dry, the rate fell
 * when it did: the bucket's drop, fitted between two slices, is the moment,
 * not the start of the first slice below the midpoint (a slice later, 2 s or
 * more), so every report names one moment for one drop. Where it was the
 * commit row's bucket, its levels are the trend's too: the thirds of the run
 * read 1008/s beside the bucket's 1010/s, two figures for one burst, and the
 * bucket's leave out the slice that straddled the drop. */
static void trend_of(const struct wb_result *commit, const struct wb_q_burst *b,
		     struct wb_q_trend *out)
{
	const struct wb_bucket *k = &b->bucket[WB_Q_SHAPE_COMMIT];

	wb_q_trend_of(commit->trial_rates, commit->trial_start_s,
		      commit->trial_start_s ? commit->ntrials : 0, out);
	out->slices = commit->ntrials;
	if (out->fell && b->shape >= 0)
		out->fell_after_s = b->bucket[b->shape].drop_at_s;
	if (out->fell && k->detected) {
		out->bucket = true;
		out->burst_per_s = k->burst_per_s;
		out->sustained_per_s = k->baseline_per_s;
	}
}

static bool failure(const struct wb_results *rs, struct wb_qualification *q)
{
	const struct wb_result *worst = NULL;
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (rs->v[i].status == WB_STATUS_ERROR &&
		    (!worst || (rs->v[i].durability_failure && !worst->durability_failure)))
			worst = &rs->v[i];
	q->failed_test = worst;
	return worst != NULL;
}

bool wb_qualify(const struct wb_results *rs, const struct wb_tiers *tiers,
		const struct wb_burst_table *table, const char *tier,
		struct wb_qualification *out)
{
	const struct wb_result *commit;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->chosen = -1;
	out->rs = rs;
	out->asked = tier;
	if (failure(rs, out)) {
		out->failed = true;
		return false;
	}
	wb_q_burst_of(rs, table, &out->burst);
	out->gate = gate_of(rs, &out->gate_flush_us);
	for (i = 0; i < tiers->n && i < WB_TIERS_MAX; i++) {
		judge_tier(rs, &out->burst, out->gate, &tiers->t[i], &out->tiers[i]);
		if (tier && strcmp(tiers->t[i].name, tier) == 0)
			out->chosen = (int)i;
	}
	out->ntiers = i;
	commit = row(rs, wb_q_shape_names[WB_Q_SHAPE_COMMIT]);
	if (commit)
		trend_of(commit, &out->burst, &out->trend);
	sweep(rs, &out->stripe);
	(void)wb_slow_member_of(&rs->device.array, &out->slow);
	find(rs, out);
	return out->chosen >= 0;
}
