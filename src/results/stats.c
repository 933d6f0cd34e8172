/* stats.c — trial statistics: mean, spread, Student-t confidence intervals,
 * robust outliers and Welch comparison of two tests (on the log of the ratio of
 * their means).
 * Trap: rates must be finite (a NaN breaks the sort); non-integer df < 30
 * (Welch) is solved from the exact t distribution, because interpolating the
 * table is up to 18 % off between df 1 and 2. */
#include "results/stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WB_T95_TABLE_DF   30
#define WB_T95_TAIL       0.025     /* one tail of a two-sided 95 % interval */
#define WB_Z975           1.959963984540054
#define WB_OUTLIER_Z      3.5       /* Iglewicz–Hoaglin cut for the modified z-score */
#define WB_MAD_TO_Z       0.6745    /* MAD of a normal is 0.6745 sigma */
#define WB_SAME_REL       1e-9      /* rates closer than this (relative) are "equal" */

/* t quantiles for df 1..30, to 7 decimals rather than the usual 3 so the table
 * joins the exact solver and the expansion without a visible step. */
static const double t95_table[WB_T95_TABLE_DF] = {
	12.7062047, 4.3026527, 3.1824463, 2.7764451, 2.5705818,
	2.4469119, 2.3646243, 2.3060041, 2.2621572, 2.2281389,
	2.2009852, 2.1788128, 2.1603687, 2.1447867, 2.1314495,
	2.1199053, 2.1098156, 2.1009220, 2.0930241, 2.0859634,
	2.0796138, 2.0738731, 2.0686576, 2.0638986, 2.0595386,
	2.0555294, 2.0518305, 2.0484071, 2.0452296, 2.0422725,
};

/* Continued fraction of the incomplete beta function (modified Lentz). */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1.0 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, aa, step;

		aa = m * (b - m) * x / ((a - 1.0 + m2) * (a + m2));
		d = 1.0 + aa * d;
		c = 1.0 + aa / c;
		d = fabs(d) < tiny ? 1.0 / tiny : 1.0 / d;
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1.0 + m2));
		d = 1.0 + aa * d;
		c = 1.0 + aa / c;
		d = fabs(d) < tiny ? 1.0 / tiny : 1.0 / d;
		c = fabs(c) < tiny ? tiny : c;
		step = d * c;
		h *= step;
		if (fabs(step - 1.0) < 1e-15)
			break;
	}
	return h;
}

/* log Gamma(x) for x > 0 through lgamma_r: lgamma writes the global signgam, a
 * data race if a runner thread calls us, and tgamma overflows past df 340. */
static double log_gamma(double x)
{
	int sign;

	return lgamma_r(x, &sign);
}

/* Regularised incomplete beta I_x(a, b). */
static double inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	front = exp(a * log(x) + b * log1p(-x) + log_gamma(a + b) - log_gamma(a) - log_gamma(b));
	/* The fraction converges fast only on this side of the mean. */
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * beta_cf(a, b, x) / a;
	return 1.0 - front * beta_cf(b, a, 1.0 - x) / b;
}

/* P(T > t) for Student t with df degrees of freedom, t >= 0. */
static double t_upper_tail(double t, double df)
{
	return 0.5 * inc_beta(df / 2.0, 0.5, df / (df + t * t));
}

/* The t with upper tail `tail` at df, by bisection of [lo, hi] (which must hold
 * it) to a relative precision rel. */
static double t_bisect(double lo, double hi, double tail, double df, double rel)
{
	int i;

	for (i = 0; i < 200 && hi - lo > rel * hi; i++) {
		double mid = 0.5 * (lo + hi);

		if (t_upper_tail(mid, df) > tail)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

/* Bisection between the two integer neighbours: the quantile falls with df,
 * so the bracket always holds it and the answer stays monotonic. */
static double t95_solve(double df)
{
	size_t k = (size_t)df;  /* 1 <= k < 30 */

	return t_bisect(t95_table[k], t95_table[k - 1], WB_T95_TAIL, df, 1e-12);
}

/* Cornish–Fisher expansion of t around z; four terms keep it within 2e-8
 * relative of the exact quantile from df 30 upwards. */
static double t95_expansion(double df)
{
	const double z = WB_Z975, z2 = z * z;
	const double z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
	double g1 = (z3 + z) / 4.0;
	double g2 = (5.0 * z5 + 16.0 * z3 + 3.0 * z) / 96.0;
	double g3 = (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / 384.0;
	double g4 = (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / 92160.0;

	return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/* df below 1 (or NaN) is clamped to 1: the widest interval is the safe error. */
double wb_t95(double df)
{
	if (!(df >= 1.0))
		df = 1.0;
	if (df >= WB_T95_TABLE_DF)
		return df == WB_T95_TABLE_DF ? t95_table[WB_T95_TABLE_DF - 1] : t95_expansion(df);
	if (df == floor(df))
		return t95_table[(size_t)df - 1];
	return t95_solve(df);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double wb_mean_range(const double *v, size_t from, size_t to)
{
	double s = 0;
	size_t i;

	for (i = from; i < to; i++)
		s += v[i];
	return to > from ? s / (double)(to - from) : 0;
}

double wb_median(double *v, size_t n)
{
	if (n == 0)
		return 0.0;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* A relative figure against a zero mean is meaningless unless it is zero too. */
static double pct_of(double x, double mean)
{
	if (mean == 0.0)
		return x == 0.0 ? 0.0 : INFINITY;
	return 100.0 * x / fabs(mean);
}

/* Modified z-score outliers (Iglewicz & Hoaglin). When more than half the
 * trials are identical the MAD is 0 and any other value is infinitely many
 * MADs away, so it counts; "identical" allows WB_SAME_REL of float noise. */
static size_t count_outliers(const double *rates, size_t n, double median, double mad)
{
	double same = WB_SAME_REL * fabs(median);
	size_t i, count = 0;

	for (i = 0; i < n; i++) {
		double dev = fabs(rates[i] - median);

		if (mad <= same ? dev > same : WB_MAD_TO_Z * dev / mad > WB_OUTLIER_Z)
			count++;
	}
	return count;
}

/* Median and outliers need a sorted copy. Without memory we still return the
 * mean and spread, with median = mean and no outliers flagged. */
static void median_and_outliers(const double *rates, size_t n, struct wb_stats *out)
{
	double *v;
	size_t i;

	out->median = out->mean;
	out->outliers = 0;
	if (n > SIZE_MAX / sizeof(*v))
		return;
	v = malloc(n * sizeof(*v));
	if (!v)
		return;
	memcpy(v, rates, n * sizeof(*v));
	out->median = wb_median(v, n);
	for (i = 0; i < n; i++)
		v[i] = fabs(v[i] - out->median);
	out->outliers = count_outliers(rates, n, out->median, wb_median(v, n));
	free(v);
}

void wb_stats_compute(const double *rates, size_t n, struct wb_stats *out)
{
	double sum = 0.0, ss = 0.0;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->n = n;
	out->ci95_pct = INFINITY;
	if (n == 0)
		return;
	/* Two passes: summing squared deviations from the mean, not x^2 - mean^2,
	 * which cancels catastrophically for tight clusters of large rates. */
	for (i = 0; i < n; i++)
		sum += rates[i];
	out->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (rates[i] - out->mean) * (rates[i] - out->mean);
	if (n >= 2) {
		out->stddev = sqrt(ss / (double)(n - 1));
		out->ci95_half = wb_t95((double)(n - 1)) * out->stddev / sqrt((double)n);
		out->ci95_pct = pct_of(out->ci95_half, out->mean);
	}
	out->cv_pct = pct_of(out->stddev, out->mean);
	median_and_outliers(rates, n, out);
}

/* Squared relative standard error of a mean: the variance term of one side. */
static double rel_var(const struct wb_stats *s)
{
	double rel_sd = s->stddev / s->mean;

	return rel_sd * rel_sd / (double)s->n;
}

/* The ratio R = mean_b / mean_a on the log scale, by the delta method:
 * var(ln R) = va + vb with va, vb the squared relative standard errors (the
 * variance of the log of a mean), and Welch–Satterthwaite degrees of freedom
 * from those two terms. The interval is exp(ln R -+ t se) - 1: a linear one,
 * R - 1 -+ t R se, goes below -100 % once t se passes 1 (few noisy trials), and
 * is not the mirror of a against b, so one pair could be significant one way
 * round and not the other. On the log scale swapping the sides only flips the
 * sign, and where the spread is small the two agree. */
bool wb_stats_compare_terms(const struct wb_mean_term *a, const struct wb_mean_term *b,
			    struct wb_comparison *out)
{
	double log_ratio, va = a->rel_var, vb = b->rel_var, df, half;

	if (!(a->mean > 0.0) || !(b->mean > 0.0) || !(a->df >= 1.0) || !(b->df >= 1.0))
		return false;
	*out = (struct wb_comparison){ .paired = false }; /* no field left from a caller's stack */
	out->diff_pct = 100.0 * (b->mean / a->mean - 1.0);
	if (va + vb == 0.0) {
		/* No spread at all: the difference is exactly what was measured. */
		out->ci95_low_pct = out->ci95_high_pct = out->diff_pct;
		out->significant = out->diff_pct != 0.0;
		return true;
	}
	/* A difference of logs, not the log of a quotient: swapped sides give
	 * exactly the negated figure, so exactly the same significance. */
	log_ratio = log(b->mean) - log(a->mean);
	df = (va + vb) * (va + vb) / (va * va / a->df + vb * vb / b->df);
	half = wb_t95(df) * sqrt(va + vb);
	out->ci95_low_pct = 100.0 * expm1(log_ratio - half);
	out->ci95_high_pct = 100.0 * expm1(log_ratio + half);
	out->significant = log_ratio - half > 0.0 || log_ratio + half < 0.0;
	return true;
}

struct wb_mean_term wb_stats_mean_term(const struct wb_stats *s)
{
	return (struct wb_mean_term){ .mean = s->mean, .rel_var = rel_var(s),
				      .df = (double)s->n - 1.0 };
}

bool wb_stats_compare(const struct wb_stats *a, const struct wb_stats *b,
		      struct wb_comparison *out)
{
	struct wb_mean_term ta, tb;

	if (a->n < 2 || b->n < 2 || !(a->mean > 0.0) || !(b->mean > 0.0))
		return false;
	ta = wb_stats_mean_term(a);
	tb = wb_stats_mean_term(b);
	return wb_stats_compare_terms(&ta, &tb, out);
}

bool wb_stats_unstable(const struct wb_stats *s, double target_pct, double max_cv_pct)
{
	return s->ci95_pct > target_pct || s->cv_pct > max_cv_pct;
}

/* The sequential decision asks for the same few quantiles after every round,
 * and each is a bisection over the incomplete beta function: the last answers
 * are kept per thread (so threads never share the table), keyed by both. */
#define WB_T_CACHE 32

struct t_cached {
	double conf, df, t;
};

double wb_t_quantile(double conf, double df)
{
	static _Thread_local struct t_cached cache[WB_T_CACHE];
	double tail = (1.0 - conf) / 2.0, hi = 1.0, t;
	struct t_cached *c;

	if (!(df >= 1.0))
		df = 1.0;
	if (fabs(conf - 0.95) < 1e-12)
		return wb_t95(df);
	c = &cache[((unsigned)(conf * 1e4) * 31u + (unsigned)fmin(df, 1e6)) % WB_T_CACHE];
	if (c->df == df && c->conf == conf)
		return c->t;
	while (t_upper_tail(hi, df) > tail && hi < 1e6)
		hi *= 2.0;
	t = t_bisect(0.0, hi, tail, df, 1e-10);
	*c = (struct t_cached){ .conf = conf, .df = df, .t = t };
	return t;
}

/* Lag-1 autocorrelation of v[0..n); 0 when it is undefined. */
static double lag1_autocorr(const double *v, size_t n)
{
	double mean = 0.0, num = 0.0, den = 0.0;
	size_t i;

	if (n < 3)
		return 0.0;
	for (i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	for (i = 0; i < n; i++) {
		den += (v[i] - mean) * (v[i] - mean);
		if (i > 0)
			num += (v[i] - mean) * (v[i - 1] - mean);
	}
	return den > 0.0 ? num / den : 0.0;
}

/* Means of consecutive batches of size b over d[0..n) (the tail that does not
 * fill a batch is left out); returns the count. */
static size_t batch_means(const double *d, size_t n, size_t b, double *out)
{
	size_t k = n / b, i, j;

	for (i = 0; i < k; i++) {
		double sum = 0.0;

		for (j = 0; j < b; j++)
			sum += d[i * b + j];
		out[i] = sum / (double)b;
	}
	return k;
}

/* A neighbour's burst on a shared machine hits one trial, and so one round's
 * difference, far out: a plain mean and its t interval would carry it (a
 * wider interval, a slower decision). The trimmed mean drops this share of the
 * batch means from each end, and Yuen's interval (the winsorised variance,
 * with the degrees of freedom of what is kept) holds its level under such
 * tails while costing about 6 % of efficiency on clean normal data. */
#define WB_TRIM 0.1

/* The trimmed mean of v[0..k), k >= 2, and its Yuen half-width at conf; v is
 * sorted in place. */
static void mean_ci(double *v, size_t k, double conf, double *mean, double *half)
{
	size_t g = (size_t)floor(WB_TRIM * (double)k), h, i;
	double sum = 0.0, ss = 0.0, w, wmean = 0.0;

	if (k - 2 * g < 2)
		g = (k - 2) / 2;
	h = k - 2 * g;
	qsort(v, k, sizeof(*v), cmp_double);
	for (i = g; i < k - g; i++)
		sum += v[i];
	*mean = sum / (double)h;
	for (i = 0; i < k; i++)
		wmean += i < g ? v[g] : i >= k - g ? v[k - g - 1] : v[i];
	wmean /= (double)k;
	for (i = 0; i < k; i++) {
		w = i < g ? v[g] : i >= k - g ? v[k - g - 1] : v[i];
		ss += (w - wmean) * (w - wmean);
	}
	*half = wb_t_quantile(conf, (double)(h - 1)) * sqrt(ss / (double)(k - 1)) /
		((double)h / (double)k) / sqrt((double)k);
}

/* Batches grow (doubling) while neighbouring batch means stay correlated and at
 * least WB_MIN_BATCHES remain: a token bucket that lends one round what it takes
 * from the next makes consecutive rounds depend on each other, and a Student t
 * over them would be too sure. */
#define WB_MIN_BATCHES     8
#define WB_MAX_LAG1        0.2
/* Each half of the rounds must point the same way at this confidence (one
 * side: 90 %); under no difference that happens by chance for 2 % of runs. */
#define WB_HALF_CONF       0.80

static size_t choose_batch(const double *d, size_t m, double *scratch)
{
	size_t b = 1, k;

	for (;;) {
		k = batch_means(d, m, b, scratch);
		if (lag1_autocorr(scratch, k) <= WB_MAX_LAG1 || m / (2 * b) < WB_MIN_BATCHES)
			return b;
		b *= 2;
	}
}

/* One half's vote: +1 or -1 when its interval at WB_HALF_CONF excludes 0 on that
 * side, 0 when it does not. */
static int half_direction(const double *d, size_t n, size_t b, double *scratch)
{
	size_t k = batch_means(d, n, b, scratch);
	double mean, half;

	if (k < 2)
		return 0;
	mean_ci(scratch, k, WB_HALF_CONF, &mean, &half);
	return mean - half > 0.0 ? 1 : mean + half < 0.0 ? -1 : 0;
}

bool wb_stats_compare_paired(const double *a, const uint32_t *ra, size_t na, const double *b,
			     const uint32_t *rb, size_t nb, double conf,
			     struct wb_comparison *out)
{
	size_t i = 0, j = 0, m = 0, bs, k, cap = na < nb ? na : nb;
	double *d, *scratch, mean, half;
	int dir, h1, h2;

	if (cap < WB_PAIRED_MIN)
		return false;
	d = malloc(2 * cap * sizeof(*d));
	if (!d)
		return false;
	scratch = d + cap;
	while (i < na && j < nb) {
		if (ra[i] < rb[j]) {
			i++;
		} else if (rb[j] < ra[i]) {
			j++;
		} else {
			if (a[i] > 0.0 && b[j] > 0.0)
				d[m++] = log(b[j] / a[i]);
			i++;
			j++;
		}
	}
	if (m < WB_PAIRED_MIN) {
		free(d);
		return false;
	}
	bs = choose_batch(d, m, scratch);
	k = batch_means(d, m, bs, scratch);
	mean_ci(scratch, k, conf, &mean, &half);
	dir = mean - half > 0.0 ? 1 : mean + half < 0.0 ? -1 : 0;
	h1 = half_direction(d, m / 2, bs, scratch);
	h2 = half_direction(d + m / 2, m - m / 2, bs, scratch);
	*out = (struct wb_comparison){
		.diff_pct = 100.0 * expm1(mean),
		.ci95_low_pct = 100.0 * expm1(mean - half),
		.ci95_high_pct = 100.0 * expm1(mean + half),
		.paired = true,
		.replicated = dir != 0 && h1 == dir && h2 == dir,
		.pairs = m,
		.batch = bs,
	};
	out->significant = out->replicated;
	free(d);
	return true;
}
