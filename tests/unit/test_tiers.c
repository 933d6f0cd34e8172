/* test_tiers.c — qualify's tiers file: the shipped profiles/tiers.json loads
 * with its five tiers and their thresholds, the default is found as profiles
 * are, each kind of bad file is refused with a one-line message naming the file
 * and the JSON path, nothing is cut to fit, and wb_tier_find.
 * Reads small JSON fixtures; writes nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/tier.h"
#include "plan/tiers.h"

#include "refusal.h"
#include "table_fixture.h"


/* Loaded once per test: struct wb_tiers is tens of kB, too big for cmocka's stack. */
static struct wb_tiers tiers;

static void expect_refused(const char *file, int want_ret, const char *want)
{
	char err[1024];

	refusal_check(file, fixture_load(file, &tiers, err, sizeof(err)), want_ret, err, want);
	assert_int_equal(tiers.n, 0);      /* and nothing half-loaded is left */
}

static void test_refused(void **state)
{
	(void)state;
	/* a file's words are never quoted: its keys and values are named by their place */
	expect_refused("unknown_key.json", -EINVAL, "tiers[0].criteria[0]: its 5th key is unknown; "
				   "allowed: shape, metric, threshold, source");
	expect_refused("bad_metric.json", -EINVAL, "bad_metric.json: tiers[2].criteria[0].metric: "
				  "not one of flushes_per_s, p99_ms");
	expect_refused("negative_threshold.json", -EINVAL,
		       "tiers[0].criteria[1].threshold: -5 is not above 0");
	expect_refused("duplicate_name.json", -EINVAL,
		       "tiers[1].name: already the name of tiers[0]");
	expect_refused("missing_source.json", -EINVAL, "tiers[0].criteria[0].source: missing; "
				      "required: shape, metric, threshold, source");
	expect_refused("too_many_criteria.json", -EINVAL,
		       "tiers[0].criteria: 9 criteria; at most 8");
	expect_refused("not_json.json", -EINVAL, "not_json.json: not valid JSON at line 1, column ");
	expect_refused("trailing.json", -EINVAL,
		       "not valid JSON: text after the document at line 2, column 1");
	expect_refused("wrong_type.json", -EINVAL, "tiers[0].criteria[0].threshold: a string is "
				   "the wrong type; expected a number");
	expect_refused("infinite.json", -EINVAL, "tiers[0].criteria[0].threshold: not a finite number");
	expect_refused("empty_name.json", -EINVAL, "tiers[0].name: empty");
	expect_refused("bad_name.json", -EINVAL,
		       "tiers[0].name: its 5th character may not be in a name");
	expect_refused("long_source.json", -EINVAL,
		       "tiers[0].criteria[0].source: 240 bytes is too long; at most 239");
	expect_refused("long_name.json", -EINVAL, "tiers[0].name: 32 bytes is too long; at most 31");
	expect_refused("too_many_tiers.json", -EINVAL, "tiers: 17 tiers; at most 16");
	expect_refused("no_criteria.json", -EINVAL,
		       "tiers[0].criteria: empty; a tier holds at least one criterion");
	expect_refused("bad_shape.json", -EINVAL,
		       "tiers[0].criteria[0].shape: not one of commit, etcd");
	expect_refused("same_figure_twice.json", -EINVAL,
		       "tiers[0].criteria[2]: p99_ms of commit is already criteria[0]");
	expect_refused("repeated_key.json", -EINVAL, "tiers[0].name: appears twice");
	expect_refused("not_object.json", -EINVAL, "not_object.json: the document is an array; "
				  "expected an object with a \"tiers\" array");
	expect_refused("missing_description.json", -EINVAL, "tiers[0].description: missing");
	expect_refused("missing.json", -ENOENT, "cannot read tiers: No such file or directory");
}

/* The longest strings the table holds load whole. */
static void test_longest_fits(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(fixture_load("longest.json", &tiers, err, sizeof(err)), 0);
	assert_int_equal(strlen(tiers.t[0].name), sizeof(tiers.t[0].name) - 1);
	assert_int_equal(strlen(tiers.t[0].description), sizeof(tiers.t[0].description) - 1);
	assert_int_equal(strlen(tiers.t[0].c[0].source), sizeof(tiers.t[0].c[0].source) - 1);
	assert_true(tiers.t[0].c[0].threshold == 0.25);
}

static const struct wb_q_criterion *criterion(const struct wb_tier *t, enum wb_q_shape shape,
					      enum wb_q_metric metric)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->c[i].shape == shape && t->c[i].metric == metric)
			return &t->c[i];
	return NULL;
}

static void expect_threshold(const char *tier, enum wb_q_shape shape, enum wb_q_metric metric,
			     double want)
{
	const struct wb_tier *t = wb_tier_find(&tiers, tier);
	const struct wb_q_criterion *c;

	if (!t)
		fail_msg("tier %s is not in the shipped tiers.json", tier);
	c = criterion(t, shape, metric);
	if (!c)
		fail_msg("%s: no %s criterion on %s", tier, wb_q_metric_names[metric],
			 wb_q_shape_names[shape]);
	assert_true(c->threshold == want);
	assert_true(strlen(c->source) > 0);
}

static void test_shipped(void **state)
{
	size_t i;

	(void)state;
	shipped_load(&tiers);
	assert_int_equal(tiers.n, 5);
	expect_threshold("oltp-primary", WB_Q_SHAPE_COMMIT, WB_Q_P99_MS, 1);
	expect_threshold("oltp-primary", WB_Q_SHAPE_COMMIT, WB_Q_FLUSHES_PER_S, 2000);
	expect_threshold("standard", WB_Q_SHAPE_COMMIT, WB_Q_P99_MS, 10);
	expect_threshold("standard", WB_Q_SHAPE_COMMIT, WB_Q_FLUSHES_PER_S, 200);
	expect_threshold("etcd", WB_Q_SHAPE_ETCD, WB_Q_P99_MS, 10);
	expect_threshold("etcd", WB_Q_SHAPE_ETCD, WB_Q_FLUSHES_PER_S, 50);
	expect_threshold("etcd-heavy", WB_Q_SHAPE_ETCD, WB_Q_P99_MS, 10);
	expect_threshold("etcd-heavy", WB_Q_SHAPE_ETCD, WB_Q_FLUSHES_PER_S, 500);
	expect_threshold("openshift-etcd", WB_Q_SHAPE_ETCD, WB_Q_P99_MS, 20);
	/* Each tier holds exactly the criteria above. */
	assert_int_equal(wb_tier_find(&tiers, "oltp-primary")->n, 2);
	assert_int_equal(wb_tier_find(&tiers, "standard")->n, 2);
	assert_int_equal(wb_tier_find(&tiers, "etcd")->n, 2);
	assert_int_equal(wb_tier_find(&tiers, "etcd-heavy")->n, 2);
	assert_int_equal(wb_tier_find(&tiers, "openshift-etcd")->n, 1);
	for (i = 0; i < tiers.n; i++)
		assert_true(strlen(tiers.t[i].description) > 0);
	/* The sources say where the figures come from, not just that they exist. */
	assert_non_null(strstr(criterion(wb_tier_find(&tiers, "oltp-primary"), WB_Q_SHAPE_COMMIT,
					 WB_Q_FLUSHES_PER_S)->source, "walbench rule of thumb"));
	assert_non_null(strstr(criterion(wb_tier_find(&tiers, "etcd-heavy"), WB_Q_SHAPE_ETCD,
					 WB_Q_FLUSHES_PER_S)->source, "500 sequential IOPS"));
	assert_non_null(strstr(criterion(wb_tier_find(&tiers, "openshift-etcd"), WB_Q_SHAPE_ETCD,
					 WB_Q_P99_MS)->source, "20 ms"));
}

/* NULL finds tiers.json as profiles are found: $WALBENCH_PROFILES first. */
static void test_default_lookup(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(setenv("WALBENCH_PROFILES", WB_FIXTURES_DIR "/tiers/good", 1), 0);
	if (wb_tiers_load(NULL, &tiers, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(tiers.n, 2);
	assert_string_equal(tiers.t[1].name, "fixture-b");
	assert_int_equal(tiers.t[1].c[0].shape, WB_Q_SHAPE_ETCD);
	assert_true(tiers.t[1].c[0].threshold == 2.5);
	/* Without it, the source tree's profiles/: the shipped five. */
	assert_int_equal(unsetenv("WALBENCH_PROFILES"), 0);
	if (wb_tiers_load(NULL, &tiers, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(tiers.n, 5);
	/* A directory without tiers.json names the file it looked for. */
	assert_int_equal(setenv("WALBENCH_PROFILES", WB_FIXTURES_DIR "/tiers/none", 1), 0);
	assert_int_equal(wb_tiers_load(NULL, &tiers, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/tiers/none/tiers.json: cannot read tiers"));
	assert_int_equal(unsetenv("WALBENCH_PROFILES"), 0);
}

static void test_tier_find(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(fixture_load("good/tiers.json", &tiers, err, sizeof(err)), 0);
	assert_ptr_equal(wb_tier_find(&tiers, "fixture-a"), &tiers.t[0]);
	assert_ptr_equal(wb_tier_find(&tiers, "fixture-b"), &tiers.t[1]);
	assert_null(wb_tier_find(&tiers, "fixture"));     /* whole names only */
	assert_null(wb_tier_find(&tiers, "FIXTURE-A"));   /* as written */
	assert_null(wb_tier_find(&tiers, ""));
	tiers.n = 0;
	assert_null(wb_tier_find(&tiers, "fixture-a"));   /* only the loaded ones */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_longest_fits),
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_default_lookup),
		cmocka_unit_test(test_tier_find),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
