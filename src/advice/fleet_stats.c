/* fleet_stats.c — the fleet's figures (fleet_stats.h): key tests, rates with
 * their intervals, and the median-of-the-others rules.
 * Trap: a host's own figure is never among the others: a lemon must not vote
 * for itself. */
#include "advice/fleet_stats.h"

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

bool wb_fleet_rate(const struct wb_saved_test *t, double *rate, double *low, double *high)
{
	struct wb_stats s;
	double half;

	if (t->trial_rates && t->ntrials >= 2) {
		wb_stats_compute(t->trial_rates, t->ntrials, &s);
		*rate = s.mean;
		half = s.ci95_half;
	} else if (t->has_ci95) {
		/* ci95_pct is a percentage of the trial mean, not of ops over elapsed */
		*rate = wb_saved_rate(t);
		half = *rate * t->ci95_pct / 100.0;
	} else {
		*rate = *low = *high = wb_saved_rate(t);
		return false;
	}
	*low = *rate - half > 0 ? *rate - half : 0;
	*high = *rate + half;
	return true;
}

/* The median leaves the host out so that a lemon cannot vote for itself: in a
 * fleet of three, one slow host among two would otherwise halve the gap it is
 * judged by, and its own figure never shields it. */
bool wb_fleet_judge_rate(const struct wb_saved_test *t, double *others, size_t m,
			 struct wb_fleet_finding *x)
{
	double rate, low, high, median = wb_median(others, m);
	bool ci = wb_fleet_rate(t, &rate, &low, &high);

	if (!(median > 0) || (ci ? high : rate) >= median * (1.0 - WB_FLEET_RATE_GAP_PCT / 100.0))
		return false;
	x->others = m;
	x->rate = rate;
	x->has_ci = ci;
	x->rate_low = low;
	x->rate_high = high;
	x->median = median;
	x->diff_pct = 100.0 * (rate / median - 1.0);
	x->diff_low_pct = 100.0 * (low / median - 1.0);
	x->diff_high_pct = 100.0 * (high / median - 1.0);
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
	struct wb_stats sa, sb;
	struct wb_comparison c;

	memset(p, 0, sizeof(*p));
	if (!a->key_ok || !b->key_ok || !wb_compare_same_test(a->key, b->key) ||
	    !(a->key_rate > 0))
		return;
	p->known = true;
	wb_stats_compute(a->key->trial_rates, a->key->trial_rates ? a->key->ntrials : 0, &sa);
	wb_stats_compute(b->key->trial_rates, b->key->trial_rates ? b->key->ntrials : 0, &sb);
	p->has_ci = wb_stats_compare(&sa, &sb, &c);
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
