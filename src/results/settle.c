/* settle.c — see settle.h. The estimate is a power calculation, not a
 * promise: the spread is this run's, and a rerun sees its own. */
#include "results/settle.h"

#include <math.h>
#include <string.h>

#include "results/results.h"
#include "results/stats.h"

/* The one-sided normal quantile for WB_SETTLE_POWER (0.9). */
#define WB_SETTLE_Z_POWER 1.2816

static const char *const why_names[] = {
	[WB_SETTLE_NO_ESTIMATE] = "no-estimate",
	[WB_SETTLE_BUDGET] = "budget",
	[WB_SETTLE_BEYOND_MAX] = "beyond-max",
	[WB_SETTLE_NOT_REPLICATED] = "not-replicated",
};
_Static_assert(sizeof(why_names) / sizeof(why_names[0]) == WB_SETTLE_WHY_COUNT,
	       "a name for every reason a budget is what it is");

const char *wb_settle_why_name(enum wb_settle_why w)
{
	return (unsigned)w < WB_SETTLE_WHY_COUNT ? why_names[w] : "?";
}

double wb_settle_rounds(double s_round, double d, double conf)
{
	double z = wb_t_quantile(conf, 1e6) + WB_SETTLE_Z_POWER;

	if (!(d > 0.0) || !(s_round >= 0.0))
		return INFINITY;
	return ceil(z * z * s_round * s_round / (d * d));
}

double wb_settle_more_s(const struct wb_settle *st)
{
	return ceil(st->more_rounds * st->s_per_round);
}

double wb_settle_round_budget(double s)
{
	double step = s <= 120.0 ? 10.0 : s <= 600.0 ? 30.0 : 60.0;

	return ceil(s / step) * step;
}

/* The per-round spread of the log ratio behind comparison c: its half-width
 * is t * sd / sqrt(batches), and a batch of b rounds has b times less
 * variance than one round. */
static double spread(const struct wb_comparison *c, double conf)
{
	double half = (log1p(c->ci95_high_pct / 100.0) - log1p(c->ci95_low_pct / 100.0)) / 2.0;
	size_t k = c->batch ? c->pairs / c->batch : c->pairs;

	if (k < 2)
		return INFINITY;
	return half * sqrt((double)c->pairs) / wb_t_quantile(conf, (double)(k - 1));
}

static double center(const struct wb_comparison *c)
{
	return (log1p(c->ci95_high_pct / 100.0) + log1p(c->ci95_low_pct / 100.0)) / 2.0;
}

/* A comparison whose 95 % interval is wholly on one side of 0 while the two
 * halves of its rounds do not agree on that side (results/stats.h). */
static bool split(const struct wb_comparison *c)
{
	return c->paired && !c->replicated && (c->ci95_low_pct > 0.0 || c->ci95_high_pct < 0.0);
}

static bool in_group(const struct wb_result *rv, const struct wb_group_decision *g, size_t i)
{
	return rv[i].status == WB_STATUS_OK && rv[i].test.method != WB_METHOD_NONE &&
	       wb_test_same_but_method(&rv[g->first].test, &rv[i].test);
}

/* The spread, raised to what it may be: from k batches the estimate is
 * itself uncertain (about 1/sqrt(2(k-1)) relative), and a rerun sized on a
 * lucky low one would fall short. */
static double planning_spread(const struct wb_comparison *c, double conf)
{
	size_t k = c->batch ? c->pairs / c->batch : c->pairs;

	return spread(c, conf) * (1.0 + 1.0 / sqrt(2.0 * (double)(k > 1 ? k - 1 : 1)));
}

/* Rounds the open method i needs to be settled by a tie or a drop (whichever
 * comes first); fills its comparison with the baseline. The tie's distance
 * is taken with the estimate one standard error nearer 0 than seen: where
 * the truth is a tie, the estimate strays from 0 by that much, and a
 * distance measured from the stray value would ask for far too long. */
static double rounds_to_settle(const struct wb_result *rv, const struct wb_decide_params *p,
			       const struct wb_group_decision *g, size_t i,
			       struct wb_comparison *vs_base)
{
	/* A gain of 100 % or more (a flush gain asked in commits, decision.h) has
	 * no floor: every slower method is within it. */
	double g_hi = log1p(p->min_gain_pct / 100.0),
	       g_lo = p->min_gain_pct < 100.0 ? log1p(-p->min_gain_pct / 100.0) : -INFINITY;
	double need = INFINITY, m, s, se, mt;
	struct wb_comparison c;

	if (!wb_result_compare(&rv[g->baseline], &rv[i], p->equiv_conf, vs_base))
		return INFINITY;
	m = center(vs_base);
	s = planning_spread(vs_base, p->equiv_conf);
	se = spread(vs_base, p->equiv_conf) / sqrt((double)vs_base->pairs);
	mt = m > 0.0 ? fmax(m - se, 0.0) : fmin(m + se, 0.0);
	if (mt < g_hi && mt > g_lo)
		need = wb_settle_rounds(s, fmin(g_hi - mt, mt - g_lo), p->equiv_conf);
	/* A drop: behind the leader, which may be the baseline itself (decide.c's
	 * prune drops behind it too); leaving the baseline out made a method
	 * plainly slower than it out of reach. */
	if (g->leader != i && wb_result_compare(&rv[g->leader], &rv[i], p->conf, &c) &&
	    center(&c) < 0.0)
		need = fmin(need, wb_settle_rounds(planning_spread(&c, p->conf), -center(&c),
						   p->conf));
	/* Beyond a tie, it could also be the switch, if it leads by the gain. */
	if (m >= g_hi)
		need = fmin(need, fmax(wb_settle_rounds(s, m, 1.0 - (1.0 - p->conf) / 2.0),
				       wb_settle_rounds(s, m - g_hi, 0.8)));
	return need;
}

/* The open method the words name: r, at c against the baseline. */
static void settle_on(struct wb_settle *st, const struct wb_result *r, const struct wb_comparison *c)
{
	st->method = r->test.method;
	st->vs_baseline = *c;
	st->shape = wb_shape_name(&r->test);
	st->flush_bytes = wb_flush_bytes(&r->test);
}

void wb_settle_leader(const struct wb_result *rv, size_t n, const struct wb_group_decision *g,
		      struct wb_settle *st)
{
	st->has_leader = false;
	if (g->baseline >= n || g->leader >= n || g->leader == g->baseline ||
	    rv[g->leader].test.method == st->method ||
	    !wb_result_compare(&rv[g->baseline], &rv[g->leader], 0.95, &st->leader_vs_baseline))
		return;
	st->has_leader = true;
	st->leader = rv[g->leader].test.method;
}

void wb_settle_estimate(const struct wb_result *rv, size_t n, const struct wb_decide_params *p,
			struct wb_group_decision *g, double now_s, uint32_t rounds)
{
	struct wb_settle *st = &g->settle;
	struct wb_comparison c;
	double worst = -1.0, need, total;
	size_t i;

	memset(st, 0, sizeof(*st));
	st->interrupted = g->interrupted;
	st->split_method = WB_METHOD_COUNT;
	st->switch_conf = p->conf;
	for (i = 0; i < n; i++) {
		if (i == g->baseline || !in_group(rv, g, i) || rv[i].dropped || rv[i].settled)
			continue;
		memset(&c, 0, sizeof(c));
		need = rounds_to_settle(rv, p, g, i, &c);
		/* Wholly on one side of 0, yet open: its halves disagree (a drop or a
		 * switch asks both to agree), which no count of rounds at this spread
		 * promises to mend. */
		if (split(&c)) {
			need = INFINITY;
			if (st->split_method == WB_METHOD_COUNT ||
			    fabs(c.diff_pct) > fabs(st->split.diff_pct)) {
				st->split_method = rv[i].test.method;
				st->split = c;
				st->split_shape = wb_shape_name(&rv[i].test);
				st->split_flush_bytes = wb_flush_bytes(&rv[i].test);
			}
		}
		/* The leader's switch ends the group whatever the others say. */
		if (i == g->leader && c.ci95_low_pct > 0.0 && center(&c) >= log1p(p->min_gain_pct / 100.0)) {
			worst = need;
			settle_on(st, &rv[i], &c);
			break;
		}
		/* Of those that need as long (every one out of reach, often), the
		 * one that may still gain most: naming the first of them named a
		 * method 94 % slower as what was open. */
		if (need > worst || (need == worst && c.ci95_high_pct > st->vs_baseline.ci95_high_pct)) {
			worst = need;
			settle_on(st, &rv[i], &c);
		}
	}
	if (worst < 0.0 || rounds == 0)
		return;
	st->known = true;
	wb_settle_leader(rv, n, g, st);
	st->s_per_round = now_s / (double)rounds;
	total = fmax(worst * WB_LOOK_GROWTH, (double)p->min_rounds);
	st->more_rounds = isinf(worst) ? INFINITY : fmax(total - (double)rounds, 1.0);
	st->budget_s = total * st->s_per_round > WB_SETTLE_MAX_S || isinf(worst)
		       ? 0.0 : wb_settle_round_budget(total * st->s_per_round);
	st->why = st->budget_s > 0.0 ? WB_SETTLE_BUDGET
		  : !isinf(worst) ? WB_SETTLE_BEYOND_MAX
		  : st->split_method != WB_METHOD_COUNT ? WB_SETTLE_NOT_REPLICATED
		  : WB_SETTLE_NO_ESTIMATE;
}
