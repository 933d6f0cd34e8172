/* results.c — storage and derived figures of the results structure. */
#include "results/results.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wb_result *wb_results_add(struct wb_results *rs, const struct wb_test *t)
{
	struct wb_result *r;

	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 16;
		struct wb_result *v = realloc(rs->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		rs->v = v;
		rs->cap = cap;
	}
	r = &rs->v[rs->n++];
	wb_result_init(r, t);
	return r;
}

void wb_result_init(struct wb_result *r, const struct wb_test *t)
{
	memset(r, 0, sizeof(*r));
	r->test = *t;
	r->status = WB_STATUS_NOT_RUN;
	r->site.offset = r->site.op_index = -1;
}

void wb_result_set_site(struct wb_result *r, const char *call, int64_t offset, int64_t op_index,
			const char *file)
{
	if (!r->site.call[0]) {
		snprintf(r->site.call, sizeof(r->site.call), "%s", call);
		r->site.offset = offset;
		r->site.op_index = op_index;
	}
	if (file && !r->site.file[0]) /* the loops know the op, their caller the file */
		snprintf(r->site.file, sizeof(r->site.file), "%s", file);
}

void wb_result_release(struct wb_result *r)
{
	free(r->hist);
	free(r->switch_hist);
	free(r->trial_rates);
	free(r->trial_rounds);
	free(r->trial_p99_us);
	free(r->trial_start_s);
	free(r->trial_settled_per_s);
	free(r->waits);
	free(r->per_job);
	r->per_job = NULL;
	r->njobs = 0;
	r->waits = NULL;
	r->nwaits = 0;
	r->hist = r->switch_hist = NULL;
	r->trial_rates = NULL;
	r->trial_rounds = NULL;
	r->trial_p99_us = NULL;
	r->trial_start_s = NULL;
	r->trial_settled_per_s = NULL;
	r->ntrials = r->trial_cap = r->noted_cap = 0;
}

void wb_result_add_wait(struct wb_result *r, uint64_t end_ns, uint64_t lat_ns)
{
	if (!r->waits && !(r->waits = malloc(WB_MAX_WAITS * sizeof(*r->waits))))
		return; /* a fact for the throttle check, never worth failing a test for */
	if (r->nwaits < WB_MAX_WAITS)
		r->waits[r->nwaits++] = (struct wb_wait){ .end_ns = end_ns, .lat_ns = lat_ns };
}

/* Makes room for n elements in each of the k arrays a[] (of elements elem[])
 * that share *cap, doubling it: a long run has thousands of trials, and growing
 * by one element at a time copied the arrays each trial and left a trail of
 * freed blocks that made the peak RSS grow with the run's length. */
static int reserve_arrays(void **const *a, const size_t *elem, size_t k, size_t *cap, size_t n)
{
	size_t want = *cap ? *cap : 16, i;
	void *v;

	if (n <= *cap)
		return 0;
	while (want < n)
		want *= 2;
	for (i = 0; i < k; i++) {
		v = realloc(*a[i], want * elem[i]);
		if (!v)
			return -ENOMEM; /* those before are larger, *cap is not: the next call tries again */
		*a[i] = v;
	}
	*cap = want;
	return 0;
}

int wb_result_add_trial(struct wb_result *r, double rate, uint32_t round)
{
	void **const a[] = { (void **)&r->trial_rates, (void **)&r->trial_rounds };
	const size_t elem[] = { sizeof(*r->trial_rates), sizeof(*r->trial_rounds) };
	int ret = reserve_arrays(a, elem, 2, &r->trial_cap, r->ntrials + 1);

	if (ret)
		return ret;
	r->trial_rates[r->ntrials] = rate;
	r->trial_rounds[r->ntrials++] = round;
	return 0;
}

int wb_result_note_trial(struct wb_result *r, double p99_us, const struct wb_slice_time *t)
{
	void **const a[] = { (void **)&r->trial_p99_us, (void **)&r->trial_start_s,
			     (void **)&r->trial_settled_per_s };
	const size_t elem[] = { sizeof(*r->trial_p99_us), sizeof(*r->trial_start_s),
				sizeof(*r->trial_settled_per_s) };
	size_t i;
	int ret;

	if (!r->ntrials)
		return 0;
	ret = reserve_arrays(a, elem, 3, &r->noted_cap, r->ntrials);
	if (ret)
		return ret;
	i = r->ntrials - 1;
	r->trial_p99_us[i] = p99_us;
	r->trial_start_s[i] = t->start_s;
	r->trial_settled_per_s[i] = t->settled_per_s;
	return 0;
}

void wb_results_free(struct wb_results *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		wb_result_release(&rs->v[i]);
	free(rs->v);
	free(rs->decisions);
	free(rs->sites);
	rs->sites = NULL;
	rs->nsites = 0;
	rs->decisions = NULL;
	rs->ndecisions = 0;
	rs->v = NULL;
	rs->n = rs->cap = 0;
}

int wb_result_reserve_jobs(struct wb_result *r, uint32_t n)
{
	if (r->per_job)
		return 0;
	r->per_job = calloc(n ? n : 1, sizeof(*r->per_job));
	if (!r->per_job)
		return -ENOMEM;
	r->njobs = n ? n : 1;
	return 0;
}

void wb_result_take_positions(struct wb_result *r, const struct wb_result *part)
{
	uint32_t j;

	if (!part->per_job || wb_result_reserve_jobs(r, part->njobs))
		return; /* out of memory: the next trial starts its segments over, no worse */
	for (j = 0; j < part->njobs && j < r->njobs; j++)
		r->per_job[j].segment_pos = part->per_job[j].segment_pos;
}

/* A trial's jobs add to the test's, job by job; the position is the latest. */
static void merge_jobs(struct wb_result *r, const struct wb_result *part)
{
	uint32_t j;

	if (!part->per_job || wb_result_reserve_jobs(r, part->njobs))
		return;
	for (j = 0; j < part->njobs && j < r->njobs; j++) {
		r->per_job[j].ops += part->per_job[j].ops;
		r->per_job[j].switches += part->per_job[j].switches;
		r->per_job[j].segment_pos = part->per_job[j].segment_pos;
	}
}

void wb_result_merge(struct wb_result *r, const struct wb_result *part, bool consecutive)
{
	r->ops += part->ops;
	r->flushes += part->flushes;
	r->switches += part->switches;
	if (!r->fallocate_err)
		r->fallocate_err = part->fallocate_err;
	if (consecutive) {
		merge_jobs(r, part);
		r->elapsed_ns += part->elapsed_ns;
	} else if (part->elapsed_ns > r->elapsed_ns) {
		r->elapsed_ns = part->elapsed_ns;
	}
	if (part->hist)
		wb_hist_merge(r->hist, part->hist);
	if (part->switch_hist) {
		if (!r->switch_hist && (r->switch_hist = malloc(sizeof(*r->switch_hist))))
			wb_hist_init(r->switch_hist);
		if (r->switch_hist)
			wb_hist_merge(r->switch_hist, part->switch_hist);
	}
	for (uint32_t i = 0; i < part->nwaits; i++)
		wb_result_add_wait(r, part->waits[i].end_ns, part->waits[i].lat_ns);
	r->durability_failure |= part->durability_failure;
	if (wb_result_failed(part) && !wb_result_failed(r)) {
		r->status = part->status;
		r->error = part->error;
		r->direct_refused = part->direct_refused;
		memcpy(r->reason, part->reason, sizeof(r->reason));
		r->site = part->site;
		/* A trial's op index counts from its own start; the test's, from the first trial. */
		if (consecutive && r->site.op_index >= 0)
			r->site.op_index += (int64_t)(r->ops - part->ops);
	} else if (r->status == WB_STATUS_NOT_RUN && part->status == WB_STATUS_OK) {
		r->status = WB_STATUS_OK;
	}
}

size_t wb_result_transient_trials(const struct wb_result *r)
{
	size_t k = 0;

	while (r->trial_rounds && k < r->ntrials && r->trial_rounds[k] < r->first_round)
		k++;
	return k;
}

bool wb_result_compare(const struct wb_result *a, const struct wb_result *b, double conf,
		       struct wb_comparison *out)
{
	struct wb_stats sa, sb;
	size_t ka = wb_result_transient_trials(a), kb = wb_result_transient_trials(b);

	if (a->trial_rounds && b->trial_rounds &&
	    wb_stats_compare_paired(a->trial_rates + ka, a->trial_rounds + ka, a->ntrials - ka,
				    b->trial_rates + kb, b->trial_rounds + kb, b->ntrials - kb,
				    conf, out))
		return true;
	/* Welch knows only 95 %: asked for another confidence (the decision's
	 * looks), no answer is better than a looser one. It needs the summaries;
	 * they may not be final yet mid-run. */
	if (fabs(conf - 0.95) > 1e-9)
		return false;
	wb_stats_compute(a->trial_rates, a->ntrials, &sa);
	wb_stats_compute(b->trial_rates, b->ntrials, &sb);
	return wb_stats_compare(&sa, &sb, out);
}

static bool comparable(const struct wb_result *r)
{
	return r->status == WB_STATUS_OK && r->ntrials >= 2 && r->test.method != WB_METHOD_NONE;
}

/* The fastest of i's group by the statistic the comparisons give, paired by
 * round where the trials were: the member no other is faster than. The mean
 * of the trial rates is not that statistic: with noisy trials it named
 * open_datasync fastest (+1.8 %) while every paired figure, the decision's
 * too, had it 5.4 % behind fdatasync, and "fastest" then lost to the others.
 * The paired means of log ratios add up, so a member that beats the one
 * ahead beats the group; a pass per member at most, in case the trimmed
 * batches break that by a hair. The mean stays the start, and the answer
 * where nothing compares. */
static size_t fastest_of(const struct wb_results *rs, size_t i)
{
	const struct wb_test *ti = &rs->v[i].test;
	size_t j, best = i, members = 0;
	struct wb_comparison c;
	bool moved = true;

	for (j = i; j < rs->n; j++)
		if (comparable(&rs->v[j]) && wb_test_same_but_method(ti, &rs->v[j].test)) {
			members++;
			if (rs->v[j].stats.mean > rs->v[best].stats.mean)
				best = j;
		}
	for (; moved && members; members--) {
		moved = false;
		for (j = i; j < rs->n; j++)
			if (j != best && comparable(&rs->v[j]) &&
			    wb_test_same_but_method(ti, &rs->v[j].test) &&
			    wb_result_compare(&rs->v[best], &rs->v[j], 0.95, &c) && c.diff_pct > 0) {
				best = j;
				moved = true;
			}
	}
	return best;
}

void wb_results_each_comparison(const struct wb_results *rs, wb_comparison_fn fn, void *ctx)
{
	size_t i, j, best;

	for (i = 0; i < rs->n; i++) {
		const struct wb_test *ti = &rs->v[i].test;

		if (!comparable(&rs->v[i]))
			continue;
		for (j = 0; j < i; j++)
			if (comparable(&rs->v[j]) && wb_test_same_but_method(ti, &rs->v[j].test))
				break; /* group handled at its first member */
		if (j < i)
			continue;
		best = fastest_of(rs, i);
		for (j = 0; j < rs->n; j++) {
			struct wb_comparison c;

			if (j == best || !comparable(&rs->v[j]) ||
			    !wb_test_same_but_method(ti, &rs->v[j].test) ||
			    !wb_result_compare(&rs->v[best], &rs->v[j], 0.95, &c))
				continue;
			if (c.significant && c.ci95_low_pct <= rs->min_difference_pct &&
			    c.ci95_high_pct >= -rs->min_difference_pct) {
				c.significant = false;
				c.small = true;
			}
			fn(&rs->v[best], &rs->v[j], &c, ctx);
		}
	}
}

double wb_result_ops_per_sec(const struct wb_result *r)
{
	if (r->status != WB_STATUS_OK || r->elapsed_ns == 0)
		return 0.0;
	return (double)r->ops * 1e9 / (double)r->elapsed_ns;
}

double wb_result_trial_mean(const struct wb_result *r)
{
	if (r->status != WB_STATUS_OK)
		return 0.0;
	return r->ntrials ? r->stats.mean : wb_result_ops_per_sec(r);
}

double wb_result_flushes_per_sec(const struct wb_result *r)
{
	if (r->status != WB_STATUS_OK || r->elapsed_ns == 0)
		return 0.0;
	return (double)r->flushes * 1e9 / (double)r->elapsed_ns;
}

double wb_result_usecs(const struct wb_result *r, double pct)
{
	if (!r->hist || r->hist->count == 0)
		return 0.0;
	if (pct < 0)
		return wb_hist_mean_ns(r->hist) / 1e3;
	return (double)wb_hist_percentile(r->hist, pct) / 1e3;
}

bool wb_result_unstable(const struct wb_results *rs, const struct wb_result *r)
{
	return rs->adaptive && r->status == WB_STATUS_OK &&
	       wb_stats_unstable(&r->stats, rs->ci_target_pct, rs->max_cv_pct);
}

static const char *const status_names[] = {
	[WB_STATUS_OK] = "ok",
	[WB_STATUS_NA] = "n/a",
	[WB_STATUS_ERROR] = "error",
	[WB_STATUS_NOT_RUN] = "not run",
};
_Static_assert(sizeof(status_names) / sizeof(status_names[0]) == WB_STATUS_ERROR + 1,
	       "a word for every test status");

const char *wb_status_name(enum wb_status s)
{
	return (unsigned)s <= WB_STATUS_ERROR ? status_names[s] : "?";
}
