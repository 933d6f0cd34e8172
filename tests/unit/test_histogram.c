/* test_histogram.c — histogram percentiles against exact percentiles of synthetic
 * data, across the 100 ns .. 100 s range the design promises at <= 1 % error. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <cmocka.h>

#include "results/histogram.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of sorted data, the rule the histogram follows. */
static uint64_t exact_percentile(const uint64_t *sorted, size_t n, double pct)
{
	size_t rank = (size_t)ceil(pct / 100.0 * (double)n);

	return sorted[rank ? rank - 1 : 0];
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void check_against_exact(uint64_t *v, size_t n)
{
	static const double pcts[] = { 1, 10, 50, 90, 99, 99.9 };
	struct wb_histogram *h = malloc(sizeof(*h));
	size_t i;

	assert_non_null(h);
	wb_hist_init(h);
	for (i = 0; i < n; i++)
		wb_hist_record(h, v[i]);
	qsort(v, n, sizeof(v[0]), cmp_u64);
	for (i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		double exact = (double)exact_percentile(v, n, pcts[i]);
		double got = (double)wb_hist_percentile(h, pcts[i]);

		assert_true(fabs(got - exact) <= exact * 0.01);
	}
	assert_int_equal(wb_hist_percentile(h, 100), v[n - 1]);
	assert_int_equal(wb_hist_percentile(h, 0), v[0]);
	free(h);
}

/* Log-uniform from 100 ns to 100 s: every decade the promise covers. */
static void test_log_uniform_range(void **state)
{
	size_t n = 200000, i;
	uint64_t *v = malloc(n * sizeof(*v)), s = 88172645463325252ull;

	(void)state;
	assert_non_null(v);
	for (i = 0; i < n; i++) {
		double u = (double)(xorshift(&s) >> 11) / 9007199254740992.0;

		v[i] = (uint64_t)(100.0 * pow(1e9, u)); /* 1e2 .. 1e11 ns */
	}
	check_against_exact(v, n);
	free(v);
}

/* A tight cluster, as a stable fsync latency is: buckets must resolve it. */
static void test_narrow_cluster(void **state)
{
	size_t n = 50000, i;
	uint64_t *v = malloc(n * sizeof(*v)), s = 12345;

	(void)state;
	assert_non_null(v);
	for (i = 0; i < n; i++)
		v[i] = 95000 + xorshift(&s) % 2000;
	check_against_exact(v, n);
	free(v);
}

static void test_every_value_within_one_percent(void **state)
{
	uint64_t ns, lo, hi;

	(void)state;
	for (ns = 100; ns < 100000000000ull; ns = ns * 1.013 + 1) {
		wb_hist_bucket_range(wb_hist_index(ns), &lo, &hi);
		assert_true(lo <= ns && ns <= hi);
		assert_true((double)(hi - lo) / 2 <= (double)ns * 0.01);
	}
}

static void test_mean_min_max_exact(void **state)
{
	struct wb_histogram *h = malloc(sizeof(*h));

	(void)state;
	assert_non_null(h);
	wb_hist_init(h);
	assert_int_equal(wb_hist_percentile(h, 50), 0);
	wb_hist_record(h, 1000);
	wb_hist_record(h, 3000);
	wb_hist_record(h, 5000000000000ull); /* beyond the top bucket: max stays exact */
	assert_int_equal(h->min_ns, 1000);
	assert_int_equal(h->max_ns, 5000000000000ull);
	assert_true(fabs(wb_hist_mean_ns(h) - (1000 + 3000 + 5000000000000.0) / 3) < 1);
	assert_int_equal(wb_hist_percentile(h, 100), 5000000000000ull);
	free(h);
}

static void test_merge_equals_single(void **state)
{
	struct wb_histogram *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b)),
			    *all = malloc(sizeof(*all));
	uint64_t s = 999, v;
	unsigned i;

	(void)state;
	assert_true(a && b && all);
	wb_hist_init(a);
	wb_hist_init(b);
	wb_hist_init(all);
	for (i = 0; i < 10000; i++) {
		v = 1000 + xorshift(&s) % 1000000;
		wb_hist_record(i % 2 ? a : b, v);
		wb_hist_record(all, v);
	}
	wb_hist_merge(a, b);
	assert_int_equal(a->count, all->count);
	assert_int_equal(a->sum_ns, all->sum_ns);
	assert_int_equal(wb_hist_percentile(a, 99), wb_hist_percentile(all, 99));
	assert_int_equal(a->min_ns, all->min_ns);
	free(a);
	free(b);
	free(all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log_uniform_range),
		cmocka_unit_test(test_narrow_cluster),
		cmocka_unit_test(test_every_value_within_one_percent),
		cmocka_unit_test(test_mean_min_max_exact),
		cmocka_unit_test(test_merge_equals_single),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
