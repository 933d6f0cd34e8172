/* compare.c — matches the tests of two results files and judges each pair: a
 * Welch interval on the two files' trial rates (two runs, hours apart: their
 * rounds do not pair), a point figure for p99, and the gate of
 * --fail-on-regression, which a test of A missing in B fails as one not run
 * there would. Trap: a test duplicated within one file (a profile with
 * two equal groups) matches in order, the first in A with the first in B. */
#include "advice/compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool wb_compare_same_test(const struct wb_saved_test *a, const struct wb_saved_test *b)
{
	return strcmp(a->method, b->method) == 0 && strcmp(a->engine, b->engine) == 0 &&
	       strcmp(a->label, b->label) == 0 && a->size == b->size &&
	       a->writes_per_op == b->writes_per_op && strcmp(a->pattern, b->pattern) == 0 &&
	       a->queue_depth == b->queue_depth && a->jobs == b->jobs &&
	       a->committers == b->committers && strcmp(a->flush_form, b->flush_form) == 0 &&
	       a->wal_buffers == b->wal_buffers && strcmp(a->fd_mode, b->fd_mode) == 0 &&
	       strcmp(a->segment, b->segment) == 0 && a->segment_size == b->segment_size &&
	       strcmp(a->where, b->where) == 0 && a->data_load == b->data_load;
}

/* One pair's figures and state (a tie only within +-margin); the gate is
 * applied by the caller. */
static void judge(struct wb_compare_pair *p, double margin)
{
	struct wb_stats sa, sb;

	p->rate_a = p->a->ops_per_sec;
	p->rate_b = p->b->ops_per_sec;
	p->unstable_a = wb_saved_ok(p->a) && p->a->unstable;
	p->unstable_b = wb_saved_ok(p->b) && p->b->unstable;
	if (!wb_saved_ok(p->a) || !wb_saved_ok(p->b)) {
		p->state = wb_saved_ok(p->a) ? WB_PAIR_FAILED_B
			   : wb_saved_ok(p->b) ? WB_PAIR_FAILED_A : WB_PAIR_FAILED_BOTH;
		return;
	}
	if (p->a->has_p99 && p->b->has_p99 && p->a->p99_us > 0) {
		p->has_p99 = true;
		p->p99_a_us = p->a->p99_us;
		p->p99_b_us = p->b->p99_us;
		p->p99_diff_pct = 100.0 * (p->p99_b_us - p->p99_a_us) / p->p99_a_us;
	}
	/* Welch, not paired: each file's rounds ran in its own run, so round k of A
	 * and round k of B share nothing that would cancel. */
	wb_stats_compute(p->a->trial_rates, p->a->ntrials, &sa);
	wb_stats_compute(p->b->trial_rates, p->b->ntrials, &sb);
	memset(&p->cmp, 0, sizeof(p->cmp));
	p->has_ci = wb_stats_compare(&sa, &sb, &p->cmp);
	if (p->has_ci) {
		/* A rate cannot fall by more than all of it: the normal approximation's
		 * low end can, with few noisy trials. */
		if (p->cmp.ci95_low_pct < -100.0)
			p->cmp.ci95_low_pct = -100.0;
		p->diff_pct = p->cmp.diff_pct;
		if (p->cmp.significant)
			p->state = p->cmp.diff_pct < 0 ? WB_PAIR_SLOWER : WB_PAIR_FASTER;
		else if (p->cmp.ci95_low_pct >= -margin && p->cmp.ci95_high_pct <= margin)
			p->state = WB_PAIR_TIE;
		else
			p->state = WB_PAIR_UNCLEAR;
		return;
	}
	p->diff_pct = p->rate_a > 0 ? 100.0 * (p->rate_b - p->rate_a) / p->rate_a : NAN;
	p->state = WB_PAIR_NO_INTERVAL;
}

/* The gate: B failing is always a regression, except where A could not run the
 * test either and B merely says the same (both n/a: fsync_writethrough on
 * Linux); an error in B is a failure whatever A did. A slowdown counts only
 * when significant and past the threshold: the point change, because the
 * threshold is what the user will tolerate, the significance because noise
 * must not fail a build. */
static bool is_regression(const struct wb_compare_pair *p, double gate_pct)
{
	switch (p->state) {
	case WB_PAIR_FAILED_B:
		return true;
	case WB_PAIR_FAILED_BOTH:
		return strcmp(p->b->status, "error") == 0;
	case WB_PAIR_SLOWER:
		return -p->diff_pct > gate_pct;
	default:
		return false;
	}
}

/* What the summary leads with: a failure in B, else the largest significant
 * slowdown, else the largest significant speedup. */
static const struct wb_compare_pair *pick_lead(const struct wb_compare_verdict *v)
{
	const struct wb_compare_pair *lead = NULL;
	size_t i;

	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state == WB_PAIR_FAILED_B ||
		    (v->pairs[i].state == WB_PAIR_FAILED_BOTH && v->pairs[i].regression))
			return &v->pairs[i];
	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state == WB_PAIR_SLOWER &&
		    (!lead || v->pairs[i].diff_pct < lead->diff_pct))
			lead = &v->pairs[i];
	if (lead)
		return lead;
	for (i = 0; i < v->npairs; i++)
		if (v->pairs[i].state == WB_PAIR_FASTER &&
		    (!lead || v->pairs[i].diff_pct > lead->diff_pct))
			lead = &v->pairs[i];
	return lead;
}

int wb_compare_decide(const struct wb_saved_results *a, const struct wb_saved_results *b,
		      double gate_pct, struct wb_compare_verdict *out)
{
	bool *used = NULL;
	size_t i, j;

	memset(out, 0, sizeof(*out));
	out->schema_a = a->schema_version;
	out->schema_b = b->schema_version;
	out->gate = gate_pct >= 0;
	out->gate_pct = out->gate ? gate_pct : 0;
	out->margin_pct = out->gate ? gate_pct : WB_COMPARE_SAME_PCT;
	used = calloc(b->ntests + 1, sizeof(*used));
	out->pairs = calloc(a->ntests + 1, sizeof(*out->pairs));
	out->only_a = calloc(a->ntests + 1, sizeof(*out->only_a));
	out->only_b = calloc(b->ntests + 1, sizeof(*out->only_b));
	if (!used || !out->pairs || !out->only_a || !out->only_b)
		goto nomem;
	for (i = 0; i < a->ntests; i++) {
		for (j = 0; j < b->ntests; j++)
			if (!used[j] && wb_compare_same_test(&a->tests[i], &b->tests[j]))
				break;
		if (j == b->ntests) {
			out->only_a[out->nonly_a++] = &a->tests[i];
			continue;
		}
		used[j] = true;
		out->pairs[out->npairs] = (struct wb_compare_pair){ .a = &a->tests[i],
								    .b = &b->tests[j] };
		judge(&out->pairs[out->npairs++], out->margin_pct);
	}
	for (j = 0; j < b->ntests; j++)
		if (!used[j])
			out->only_b[out->nonly_b++] = &b->tests[j];
	for (i = 0; i < out->npairs; i++) {
		struct wb_compare_pair *p = &out->pairs[i];
		size_t *count[] = {
			[WB_PAIR_SLOWER] = &out->slower,	 [WB_PAIR_FASTER] = &out->faster,
			[WB_PAIR_TIE] = &out->ties,		 [WB_PAIR_UNCLEAR] = &out->unclear,
			[WB_PAIR_NO_INTERVAL] = &out->no_interval,
			[WB_PAIR_FAILED_B] = &out->failed_b,	 [WB_PAIR_FAILED_A] = &out->failed_a,
			[WB_PAIR_FAILED_BOTH] = &out->failed_both,
		};

		(*count[p->state])++;
		p->regression = is_regression(p, out->gate ? gate_pct : 0);
		out->unstable += p->unstable_a || p->unstable_b;
		if (p->regression && p->state == WB_PAIR_SLOWER) {
			out->gate_slower++;
			out->gate_unstable += p->unstable_a || p->unstable_b;
		}
		else if (p->regression)
			out->gate_failed++;
		if (p->state == WB_PAIR_UNCLEAR &&
		    (!out->open || p->cmp.ci95_low_pct < out->open->cmp.ci95_low_pct))
			out->open = p;
	}
	out->gate_missing = out->nonly_a;
	out->regressions = out->gate_slower + out->gate_failed + out->gate_missing;
	out->unusable = out->npairs == 0;
	out->regression = out->gate && out->regressions > 0;
	out->lead = pick_lead(out);
	free(used);
	return 0;
nomem:
	free(used);
	wb_compare_free(out);
	return -ENOMEM;
}

void wb_compare_free(struct wb_compare_verdict *v)
{
	free(v->pairs);
	free(v->only_a);
	free(v->only_b);
	v->pairs = NULL;
	v->only_a = v->only_b = NULL;
	v->npairs = v->nonly_a = v->nonly_b = 0;
}
