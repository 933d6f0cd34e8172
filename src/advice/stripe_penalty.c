/* stripe_penalty.c — see stripe_penalty.h. Each slice (round) in which the
 * stripe, two stripes and a sub-stripe point all ran gives the full-stripe
 * line through the two whole-stripe flush times, t1 + (t2 - t1)(s - S)/S, and
 * the difference between the sub-stripe flush's time and that line's at its
 * size. The differences are paired by round, as run's comparisons are, and
 * averaged with a Student t interval (wb_stats_compute), then put against the
 * line's mean time. Trap: a ratio per slice (measured over predicted) looked
 * natural and was biased: the line's intercept is a difference of two noisy
 * times, near zero in some slices, and a ratio over it ran to +34 % on a btrfs
 * raid1 that had no penalty at all; a difference is linear in the measured
 * times, so its mean is not. */
#include "advice/stripe_penalty.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const state_names[] = {
	[WB_STRIPE_NOT_STRIPED] = "not-striped", [WB_STRIPE_NOT_MEASURED] = "not-measured",
	[WB_STRIPE_NO_PENALTY] = "no-penalty", [WB_STRIPE_UNCLEAR] = "unclear",
	[WB_STRIPE_PENALTY] = "penalty",
};
_Static_assert(sizeof(state_names) / sizeof(state_names[0]) == WB_STRIPE_STATE_COUNT,
	       "state_names must name every enum wb_stripe_state");

static const char *const remedy_names[] = {
	[WB_STRIPE_REMEDY_NONE] = "none", [WB_STRIPE_REMEDY_MIRROR] = "mirror",
	[WB_STRIPE_REMEDY_ALIGN] = "align",
};

const char *wb_stripe_state_name(enum wb_stripe_state s)
{
	return (unsigned)s < WB_STRIPE_STATE_COUNT ? state_names[s] : "?";
}

const char *wb_stripe_remedy_name(enum wb_stripe_remedy r)
{
	return (unsigned)r <= WB_STRIPE_REMEDY_ALIGN ? remedy_names[r] : "?";
}

const char *wb_member_cache_name(enum wb_member_cache c)
{
	return c == WB_CACHE_PAGE ? "page-cache" : c == WB_CACHE_MEMORY ? "memory"
	       : c == WB_CACHE_VOLATILE ? "volatile-write-cache" : "?";
}

unsigned wb_stripe_cached(const struct wb_array *a, int *member)
{
	unsigned i, bits = 0, mine;

	*member = -1;
	for (i = 0; a && i < a->n_members; i++) {
		const struct wb_array_member *m = &a->members[i];

		mine = (m->loop_dio == 0 ? WB_CACHE_PAGE : 0) |
		       (m->in_memory ? WB_CACHE_MEMORY : 0) |
		       (strcmp(m->write_cache, "write back") == 0 ? WB_CACHE_VOLATILE : 0);
		if (mine && *member < 0)
			*member = (int)i;
		bits |= mine;
	}
	return bits;
}

static bool usable(const struct wb_result *r)
{
	return r && r->status == WB_STATUS_OK && r->ntrials > 0 && r->trial_rounds;
}

static void figure(const struct wb_result *r, uint64_t bytes, struct wb_sweep_figure *f)
{
	struct wb_stats s;

	*f = (struct wb_sweep_figure){ .bytes = bytes };
	if (!usable(r))
		return;
	wb_stats_compute(r->trial_rates, r->ntrials, &s);
	f->measured = true;
	f->slices = r->ntrials;
	f->per_s = s.mean;
	/* One slice has no interval: unbounded, never one of zero width. */
	f->low = s.n >= 2 ? s.mean - s.ci95_half : -INFINITY;
	f->high = s.n >= 2 ? s.mean + s.ci95_half : INFINITY;
	f->bytes_per_s = s.mean * (double)bytes;
}

/* The rate r ran at in round, or 0 when it did not run then. */
static double rate_in(const struct wb_result *r, uint32_t round)
{
	size_t i;

	for (i = 0; i < r->ntrials; i++)
		if (r->trial_rounds[i] == round)
			return r->trial_rates[i];
	return 0;
}

/* The flush time of bytes on round's full-stripe line (t1 a stripe's, t2 two
 * stripes'): linear in both, so its mean over rounds is the line of the means. */
static double on_line(double t1, double t2, uint64_t stripe, uint64_t bytes)
{
	return t1 + (t2 - t1) * ((double)bytes - (double)stripe) / (double)stripe;
}

static void excess(const struct wb_stripe_sweep *in, enum wb_sweep_point p,
		   struct wb_stripe_excess *e)
{
	const struct wb_result *r = in->row[p], *s = in->row[WB_SWEEP_STRIPE],
			       *two = in->row[WB_SWEEP_TWO_STRIPES];
	double *diff, line = 0, half[2] = { 0, 0 };
	struct wb_stats st;
	size_t i, n = 0;

	*e = (struct wb_stripe_excess){ .known = false };
	if (!usable(r) || !usable(s) || !usable(two))
		return;
	diff = malloc(r->ntrials * sizeof(*diff));
	if (!diff)
		return;
	for (i = 0; i < r->ntrials; i++) {
		uint32_t round = r->trial_rounds[i];
		double r1 = rate_in(s, round), r2 = rate_in(two, round), want;

		if (r1 <= 0 || r2 <= 0 || r->trial_rates[i] <= 0)
			continue; /* a round without its line, or a slice with no flush */
		want = on_line(1.0 / r1, 1.0 / r2, in->bytes[WB_SWEEP_STRIPE], in->bytes[p]);
		diff[n++] = 1.0 / r->trial_rates[i] - want;
		line += want;
	}
	if (n < WB_PAIRED_MIN || line <= 0)
		goto out;
	line /= (double)n;
	wb_stats_compute(diff, n, &st);
	/* Replication, as wb_stats_compare_paired asks: each half of the run
	 * must point the same way on its own. */
	half[0] = wb_mean_range(diff, 0, n / 2);
	half[1] = wb_mean_range(diff, n / 2, n);
	e->known = true;
	e->pct = 100.0 * st.mean / line;
	e->low_pct = 100.0 * (st.mean - st.ci95_half) / line;
	e->high_pct = 100.0 * (st.mean + st.ci95_half) / line;
	e->significant = (e->low_pct > 0 && half[0] > 0 && half[1] > 0) ||
			 (e->high_pct < 0 && half[0] < 0 && half[1] < 0);
	e->pairs = n;
out:
	free(diff);
}

void wb_stripe_penalty(const struct wb_stripe_sweep *in, struct wb_stripe_verdict *out)
{
	int p, pen = -1, widest = -1; /* the worst penalty; the known point reaching furthest */
	bool reaches = false;

	memset(out, 0, sizeof(*out));
	out->margin_pct = WB_STRIPE_PENALTY_MIN_PCT;
	out->cached_member = -1;
	for (p = 0; p < WB_SWEEP_COUNT; p++)
		figure(in->row[p], in->bytes[p], &out->fig[p]);
	if (!in->bytes[WB_SWEEP_STRIPE] || !in->row[WB_SWEEP_STRIPE]) {
		out->state = WB_STRIPE_NOT_STRIPED;
		out->worst = -1;
		return;
	}
	for (p = WB_SWEEP_PAGE; p < WB_SWEEP_STRIPE; p++) {
		const struct wb_stripe_excess *e = &out->excess[p];

		excess(in, (enum wb_sweep_point)p, &out->excess[p]);
		if (!e->known)
			continue;
		reaches = reaches || e->high_pct >= WB_STRIPE_PENALTY_MIN_PCT;
		if (e->significant && e->low_pct >= WB_STRIPE_PENALTY_MIN_PCT &&
		    (pen < 0 || e->low_pct > out->excess[pen].low_pct))
			pen = p;
		if (widest < 0 || e->high_pct > out->excess[widest].high_pct)
			widest = p;
	}
	out->worst = pen >= 0 ? pen : widest;
	out->state = pen >= 0 ? WB_STRIPE_PENALTY
		     : widest < 0 ? WB_STRIPE_NOT_MEASURED
		     : reaches ? WB_STRIPE_UNCLEAR : WB_STRIPE_NO_PENALTY;
	/* Parity RAID seen through a cache: an absence of a penalty is the cache's. */
	if (in->parity_disks != 0 && pen < 0 && widest >= 0 &&
	    (out->cached = wb_stripe_cached(in->array, &out->cached_member)))
		out->state = WB_STRIPE_UNCLEAR;
	out->remedy = pen < 0 ? WB_STRIPE_REMEDY_NONE
		      : in->parity_disks == 0 ? WB_STRIPE_REMEDY_ALIGN : WB_STRIPE_REMEDY_MIRROR;
}
