/* test_fleet_files.c — the fleet summary (advice/fleet.h, worded by
 * report/words_fleet.c) on results files read as `walbench report --summary`
 * reads them: fixtures/fleet, seven qualify hosts and one recommend host.
 * q1..q6 sustain about 1,000 commit flushes/s; q7 is a burst-credit volume
 * whose slices ran at 2,060/s until its bucket ran dry, then at 510/s, which
 * qualify judged it on (its mean, 1,027/s, is the burst's as much as the
 * disk's); r8's recommendation was undecided, its settle and headline those
 * of fixtures/recommend/undecided.golden.json. The files were made once by a
 * script from fixtures/report/qualify.json's commit row, schema 26. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/fleet.h"
#include "report/results_reader.h"
#include "report/words.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif

#define NHOSTS 8

static const char *const names[NHOSTS] = { "q1", "q2", "q3", "q4", "q5", "q6", "q7", "r8" };
/* Static: a results struct holds a 4 kB path, cmocka's stack is small. */
static struct wb_saved_results r[NHOSTS];
static struct wb_fleet_verdict v;
static char buf[WB_FLEET_HEADLINE_LEN];

/* The first n files of the fleet, read and judged. */
static void fleet(size_t n)
{
	char path[512], err[1024];
	size_t h;

	for (h = 0; h < n; h++) {
		snprintf(path, sizeof(path), WB_FIXTURES_DIR "/fleet/%s.json", names[h]);
		if (wb_saved_read(path, &r[h], err, sizeof(err)))
			fail_msg("%s", err);
	}
	assert_int_equal(wb_fleet_decide(r, names, n, &v), 0);
}

static int teardown(void **state)
{
	size_t h;

	(void)state;
	wb_fleet_free(&v);
	for (h = 0; h < NHOSTS; h++)
		wb_saved_free(&r[h]);
	memset(r, 0, sizeof(r));
	return 0;
}

/* q7 stands at the rate qualify judged it on, 510/s sustained, and is the
 * outlier that rate makes it against the others' median; its burst-inflated
 * mean, 1,027/s, above every other host's, would hide it. */
static void test_burst_credits_sustained(void **state)
{
	(void)state;
	fleet(NHOSTS);
	assert_true(v.hosts[6].key_ok);
	assert_true(v.hosts[6].key_rate > 505 && v.hosts[6].key_rate < 515);
	assert_true(v.hosts[6].key_high < 515);
	assert_true(v.hosts[6].outlier);
	assert_int_equal(v.outliers, 1);
	assert_int_equal(v.lead->host, 6);
	assert_true(v.lead->rate > 505 && v.lead->rate < 515);
	assert_non_null(strstr(wb_fleet_finding_words(&v, v.lead, buf, WB_FLEET_REASON_LEN),
			       "at 510/s sustained (burst 2,060/s) [508, 512] is -48.7 % "
			       "[-49.0, -48.5]"));
	assert_non_null(strstr(wb_fleet_headline(&v, buf, sizeof(buf)),
			       "1 outlier (q7: commit fdatasync 8kB 510/s sustained (burst "
			       "2,060/s) -48.7 % ["));
}

/* Steady hosts keep their mean: q1's is the mean of its trials. */
static void test_steady_hosts_mean(void **state)
{
	(void)state;
	fleet(NHOSTS);
	assert_true(v.hosts[0].key_rate > 965 && v.hosts[0].key_rate < 975);
	assert_false(v.hosts[0].outlier);
}

/* Two hosts, one on burst credits: the pair compares the sustained rate
 * (Welch over the plateau its figure stands for), not the burst's mean. */
static void test_pair_sustained(void **state)
{
	(void)state;
	fleet(NHOSTS);
	wb_fleet_free(&v);
	assert_int_equal(wb_fleet_decide(&r[5], &names[5], 2, &v), 0);
	assert_true(v.pair.known && v.pair.has_ci);
	assert_true(v.pair.diff_pct < -45 && v.pair.diff_pct > -55);
	assert_true(v.pair.significant);
}

/* One undecided recommend file among eight hosts: the headline counts the
 * hosts it is about, never "every host". */
static void test_undecided_counted(void **state)
{
	(void)state;
	fleet(NHOSTS);
	wb_fleet_headline(&v, buf, sizeof(buf));
	assert_null(strstr(buf, "every host"));
	assert_non_null(strstr(buf, "recommendations undecided on 1 of 8 hosts (every recommend "
				    "file): the budget ran out on it, nothing is proven"));
}

/* r8's file holds the settle recommend wrote beside its headline (why
 * not-replicated, the method whose halves disagreed): the summary made from
 * the file gives the run's reason, word for word. */
static void test_undecided_reason_from_file(void **state)
{
	const char *live;

	(void)state;
	fleet(NHOSTS);
	live = strstr(r[7].rec.headline, "for now: ");
	assert_non_null(live);
	assert_string_equal(wb_fleet_undecided_words(&v, 7, buf, sizeof(buf)),
			    "r8 undecided, keeps fdatasync for now: open_datasync may be up to "
			    "+28.9% faster (-1.4% [-24.6%, +28.9%], 95% CI); the two halves of the "
			    "run disagreed on open_sync (-28.2% [-41.9%, -11.4%]), so no budget can "
			    "be estimated: rerun, or give it a longer --budget");
	assert_string_equal(strstr(buf, "for now: "), live);
	assert_string_equal(wb_fleet_undecided_words(&v, 0, buf, sizeof(buf)), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_burst_credits_sustained, teardown),
		cmocka_unit_test_teardown(test_steady_hosts_mean, teardown),
		cmocka_unit_test_teardown(test_pair_sustained, teardown),
		cmocka_unit_test_teardown(test_undecided_counted, teardown),
		cmocka_unit_test_teardown(test_undecided_reason_from_file, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
