/* fleet_stats.c — the fleet's figures (fleet_stats.h): key tests, rates with
 * their intervals (a burst-credit volume's sustained one, as qualify judged
 * it), and the median-of-the-others rules.
 * Trap: a host's own figure is never among the others: a lemon must not vote
 * for itself. */
#include "advice/fleet_stats.h"

#include <math.h>
#include <string.h>

#include "advice/compare.h"
#include "results/stats.h"

#define KEY_SIZE 8192 /* PostgreSQL's WAL page: the commit flush walbench measures */

/* One 8 kB flush per commit, one writer, on the WAL directory itself. Files
 * before schema 6 have no shape: one write per flush is a commit there. */
static bool is_commit_row(const struct wb_saved_test *t, const char *method)
{
	return (strcmp(t->shape, "commit") == 0 || !*t->shape) && t->writes_per_op == 1 &&
	       t->size == KEY_SIZE && t->jobs == 1 && t->committers == 0 && !*t->where &&
	       t->data_load != 1 && strcmp(t->method, method) == 0;
}

const struct wb_saved_test *wb_fleet_key_test(const struct wb_saved_results *r)
{
	const char *method = "fdatasync";
	size_t i;

	if (r->has_qualification || strcmp(r->command, "qualify") == 0)
		for (i = 0; i < r->ntests; i++)
			if (strcmp(r->tests[i].label, "commit") == 0)
				return &r->tests[i];
	if (r->has_recommendation && *r->rec.method)
		method = r->rec.method;
	for (i = 0; i < r->ntests; i++)
		if (is_commit_row(&r->tests[i], method))
			return &r->tests[i];
	return NULL;
}

/* qualify judged t on its bucket's baseline: the file's bucket ran dry on
 * t's shape (a qualify row is labelled by its shape). The file keeps the
 * first shape's bucket only, the commit shape's where it ran dry. */
static bool judged_sustained(const struct wb_saved_results *r, const struct wb_saved_test *t)
{
	const struct wb_saved_burst *b = &r->qual.burst;

	return r->has_qualification && b->detected && *t->label && b->shape &&
	       strcmp(b->shape, t->label) == 0 && b->baseline_per_s.measured &&
	       b->baseline_per_s.value > 0;
}

/* The plateau behind a sustained rate, as its figure gives it: n slices
 * (from plateau_slice on) whose mean is the rate, with the interval's
 * half-width as computed (ci95_pct: the low end is written at 0 at least). */
static bool sustained_figure(const struct wb_saved_results *r, const struct wb_saved_test *t,
			     struct wb_fleet_figure *out, double *half)
{
	const struct wb_saved_burst *b = &r->qual.burst;
	const struct wb_saved_figure *f = &b->baseline_per_s;
	double n = (double)t->ntrials - b->plateau_slice + 1;

	out->sustained = true;
	out->burst_per_s = b->burst_per_s;
	out->rate = f->value;
	*half = isfinite(f->ci95_pct) ? f->value * f->ci95_pct / 100.0
					: isfinite(f->ci95.high) ? f->ci95.high - f->value : NAN;
	if (!isfinite(*half))
		return false;
	if (n >= 2 && isfinite(n))
		out->st = (struct wb_stats){ .n = (size_t)n, .mean = f->value, .ci95_half = *half,
					     .stddev = *half * sqrt(n) / wb_t95(n - 1) };
	return true;
}

bool wb_fleet_figure_of(const struct wb_saved_results *r, const struct wb_saved_test *t,
			struct wb_fleet_figure *out)
{
	double half;

	memset(out, 0, sizeof(*out));
	if (judged_sustained(r, t)) {
		if (!sustained_figure(r, t, out, &half))
			goto point;
	} else if (t->trial_rates && t->ntrials >= 2) {
		wb_stats_compute(t->trial_rates, t->ntrials, &out->st);
		out->rate = out->st.mean;
		half = out->st.ci95_half;
	} else if (t->has_ci95) {
		/* ci95_pct is a percentage of the trial mean, not of ops over elapsed */
		out->rate = wb_saved_rate(t);
		half = out->rate * t->ci95_pct / 100.0;
	} else {
		out->rate = wb_saved_rate(t);
		goto point;
	}
	out->low = out->rate - half > 0 ? out->rate - half : 0;
	out->high = out->rate + half;
	out->has_ci = true;
	return true;
point:
	out->low = out->high = out->rate;
	return false;
}

/* The median leaves the host out so that a lemon cannot vote for itself: in a
 * fleet of three, one slow host among two would otherwise halve the gap it is
 * judged by, and its own figure never shields it. */
bool wb_fleet_judge_rate(const struct wb_fleet_figure *fig, double *others, size_t m,
			 struct wb_fleet_finding *x)
{
	double median = wb_median(others, m);

	if (!(median > 0) ||
	    (fig->has_ci ? fig->high : fig->rate) >= median * (1.0 - WB_FLEET_RATE_GAP_PCT / 100.0))
		return false;
	x->others = m;
	x->rate = fig->rate;
	x->sustained = fig->sustained;
	x->burst_per_s = fig->burst_per_s;
	x->has_ci = fig->has_ci;
	x->rate_low = fig->low;
	x->rate_high = fig->high;
	x->median = median;
	x->diff_pct = 100.0 * (fig->rate / median - 1.0);
	x->diff_low_pct = 100.0 * (fig->low / median - 1.0);
	x->diff_high_pct = 100.0 * (fig->high / median - 1.0);
	return true;
}

/* A ratio of point figures, because a results file holds no interval for a
 * percentile. */
bool wb_fleet_judge_p99(const struct wb_saved_test *t, double *others, size_t m,
			struct wb_fleet_finding *x)
{
	double median;

	if (!t->has_p99 || m + 1 < WB_FLEET_MIN_HOSTS)
		return false;
	median = wb_median(others, m);
	if (!(median > 0) || t->p99_us <= WB_FLEET_P99_FACTOR * median)
		return false;
	x->others = m;
	x->p99_us = t->p99_us;
	x->median_p99_us = median;
	x->p99_ratio = t->p99_us / median;
	return true;
}

void wb_fleet_compare_pair(const struct wb_fleet_host *a, const struct wb_fleet_host *b,
			   struct wb_fleet_pair *p)
{
	struct wb_fleet_figure fa, fb;
	struct wb_comparison c;

	memset(p, 0, sizeof(*p));
	if (!a->key_ok || !b->key_ok || !wb_compare_same_test(a->key, b->key) ||
	    !(a->key_rate > 0))
		return;
	p->known = true;
	wb_fleet_figure_of(a->r, a->key, &fa);
	wb_fleet_figure_of(b->r, b->key, &fb);
	p->has_ci = wb_stats_compare(&fa.st, &fb.st, &c);
	if (p->has_ci) {
		p->diff_pct = c.diff_pct;
		p->low_pct = c.ci95_low_pct;
		p->high_pct = c.ci95_high_pct;
		p->significant = c.significant;
	} else {
		p->diff_pct = 100.0 * (b->key_rate / a->key_rate - 1.0);
	}
	/* compare's rule: an interval that holds 0 shows no difference, and only
	 * one inside the margin shows sameness. */
	p->margin_pct = WB_COMPARE_SAME_PCT;
	if (!p->has_ci)
		p->state = WB_PAIR_NO_INTERVAL;
	else if (p->significant)
		p->state = p->diff_pct < 0 ? WB_PAIR_SLOWER : WB_PAIR_FASTER;
	else if (p->low_pct >= -p->margin_pct && p->high_pct <= p->margin_pct)
		p->state = WB_PAIR_TIE;
	else
		p->state = WB_PAIR_UNCLEAR;
}
