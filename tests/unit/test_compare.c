/* test_compare.c — walbench compare's verdict (advice/compare.h) on synthetic
 * pairs of results files: a significant slowdown, a speedup, a tie, tests in
 * one file only, a failure in B, the --fail-on-regression gate, files of other
 * schema versions; and the reader's refusals, each naming the file and key.
 * Codes and figures only (and that the text table's columns line up):
 * test_words_compare.c checks the sentences.
 * Reads small JSON fixtures (tests/unit/fixtures/compare); writes nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

#include "advice/compare.h"
#include "report/compare_text.h"
#include "report/json.h"
#include "report/results_reader.h"

#ifndef WB_FIXTURES_DIR
#define WB_FIXTURES_DIR "tests/unit/fixtures"
#endif

#define NO_GATE -1.0

/* Static: a results struct holds a 4 kB path, cmocka's stack is small. */
static struct wb_saved_results a, b;
static struct wb_compare_verdict v;

static int read_fixture(const char *name, struct wb_saved_results *r, char *err, size_t len)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/compare/%s", WB_FIXTURES_DIR, name);
	return wb_saved_read(path, r, err, len);
}

/* Reads base.json as A and name as B and decides with gate_pct. */
static void decide(const char *name, double gate_pct)
{
	char err[1024] = "";

	assert_int_equal(read_fixture("base.json", &a, err, sizeof(err)), 0);
	if (read_fixture(name, &b, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(wb_compare_decide(&a, &b, gate_pct, &v), 0);
}

static int teardown(void **state)
{
	(void)state;
	wb_compare_free(&v);
	wb_saved_free(&a);
	wb_saved_free(&b);
	return 0;
}

/* The pair of the fixtures' one-committer 8 kB test of method. */
static const struct wb_compare_pair *pair_of(const char *method)
{
	size_t i;

	for (i = 0; i < v.npairs; i++)
		if (strcmp(v.pairs[i].a->method, method) == 0 && v.pairs[i].a->committers == 0)
			return &v.pairs[i];
	fail_msg("no pair of %s", method);
	return NULL;
}

/* The text table's columns stay under their headings whatever a test's name:
 * a long label widens the name column instead of pushing its row's figures
 * right. */
static void test_table_columns(void **state)
{
	char *text = NULL, *line, *nl, *fig;
	size_t len = 0, rows = 0, k;
	int col = -1;
	FILE *out;

	(void)state;
	decide("slower.json", NO_GATE);
	strcpy(a.tests[0].label, "PostgreSQL 18 on the fleet's long-named volume class xyz");
	out = open_memstream(&text, &len);
	assert_non_null(out);
	wb_compare_print(out, &(struct wb_compare_side){ &a, 1 }, &(struct wb_compare_side){ &b, 1 },
			 &v);
	assert_int_equal(fclose(out), 0);
	for (line = text; (nl = strchr(line, '\n')); line = nl + 1) {
		*nl = '\0';
		if (strncmp(line, "test ", 5) == 0) { /* the heading: where "A ops/s" ends */
			col = (int)(strstr(line, "A ops/s") - line) + 6;
			continue;
		}
		if (col < 0)
			continue;
		if (!*line) /* the rows end at a blank line */
			break;
		/* a row: its A figure (a rate or a status), one word right-aligned
		 * in the 11 characters that end under the heading's end */
		assert_true((int)strlen(line) > col + 1);
		fig = line + col - 10;
		assert_true(fig[-1] == ' ' && fig[11] == ' ' && fig[10] != ' ');
		for (k = 0; k < 11 && fig[k] == ' '; k++)
			;
		for (; k < 11; k++)
			assert_true(fig[k] != ' ');
		rows++;
	}
	assert_true(col > 60);
	assert_int_equal(rows, v.npairs);
	free(text);
}

/* fdatasync fell from 1000 to 520 ops/s with 1 % spread: -48 %, and it leads
 * the summary. */
static void test_significant_slower(void **state)
{
	const struct wb_compare_pair *p;

	(void)state;
	decide("slower.json", NO_GATE);
	p = pair_of("fdatasync");
	assert_int_equal(p->state, WB_PAIR_SLOWER);
	assert_true(p->has_ci && p->cmp.significant);
	assert_true(fabs(p->diff_pct + 48.0) < 0.5);
	assert_true(p->cmp.ci95_low_pct < p->diff_pct && p->diff_pct < p->cmp.ci95_high_pct);
	assert_true(p->cmp.ci95_high_pct < 0);
	/* p99 doubled: a point figure, reported as such */
	assert_true(p->has_p99);
	assert_true(fabs(p->p99_diff_pct - 110.0) < 1e-6);
	assert_ptr_equal(v.lead, p);
	/* what the headline counts besides its lead */
	assert_int_equal(v.npairs, 4);
	assert_int_equal(v.ties, 1);
	assert_int_equal(v.slower, 1);
	assert_int_equal(v.faster, 1);
	assert_int_equal(v.failed_both, 1);
	assert_int_equal(v.failed_b + v.failed_a + v.no_interval, 0);
	assert_true(v.nonly_a == 1 && v.nonly_b == 1);
	assert_int_equal(v.schema_a, v.schema_b);
	/* no gate: never a failing verdict, whatever slowed down */
	assert_false(v.gate);
	assert_false(v.regression);
}

static void test_significant_faster(void **state)
{
	const struct wb_compare_pair *p;

	(void)state;
	decide("slower.json", NO_GATE);
	p = pair_of("open_datasync");
	assert_int_equal(p->state, WB_PAIR_FASTER);
	assert_true(fabs(p->diff_pct - 20.0) < 0.5);
	assert_true(p->cmp.ci95_low_pct > 0);
	assert_false(p->regression);
	assert_int_equal(v.faster, 1);
}

static void test_tie(void **state)
{
	const struct wb_compare_pair *p;

	(void)state;
	decide("slower.json", NO_GATE);
	p = pair_of("fsync");
	assert_int_equal(p->state, WB_PAIR_TIE);
	assert_true(p->cmp.ci95_low_pct < 0 && p->cmp.ci95_high_pct > 0);
	assert_int_equal(v.ties, 1);
}

/* A file compared with itself: every pair that ran ties (within the default
 * margin, WB_COMPARE_SAME_PCT), and nothing leads. With a gate of 0 % nothing
 * can be shown the same: each is unclear, and still no regression. */
static void test_all_tie(void **state)
{
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(read_fixture("slower.json", &a, err, sizeof(err)), 0);
	assert_int_equal(read_fixture("slower.json", &b, err, sizeof(err)), 0);
	assert_int_equal(wb_compare_decide(&a, &b, NO_GATE, &v), 0);
	assert_true(v.margin_pct == WB_COMPARE_SAME_PCT);
	for (i = 0; i < v.npairs; i++)
		if (v.pairs[i].state != WB_PAIR_FAILED_BOTH)
			assert_int_equal(v.pairs[i].state, WB_PAIR_TIE);
	assert_null(v.lead);
	assert_null(v.open);
	assert_int_equal(v.ties, 4);
	assert_int_equal(v.failed_both, 1);
	assert_int_equal(v.npairs, 5);
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 0.0, &v), 0);
	assert_false(v.regression); /* a gate of 0 %: still no regression */
	assert_int_equal(v.ties, 0);
	assert_int_equal(v.unclear, 4);
	assert_non_null(v.open);
}

/* Noisy trials in B: the interval holds 0 but reaches past the gate's 5 %:
 * unclear, not a tie, and no regression (none was shown). */
static void test_unclear(void **state)
{
	char err[256];
	const struct wb_compare_pair *p;
	struct wb_saved_test *t;
	size_t i, k;

	(void)state;
	assert_int_equal(read_fixture("slower.json", &a, err, sizeof(err)), 0);
	assert_int_equal(read_fixture("slower.json", &b, err, sizeof(err)), 0);
	for (i = 0; i < b.ntests; i++) {
		t = &b.tests[i];
		if (strcmp(t->method, "fsync") == 0)
			for (k = 0; k < t->ntrials; k++)
				t->trial_rates[k] *= k % 2 ? 1.3 : 0.7;
	}
	assert_int_equal(wb_compare_decide(&a, &b, 5.0, &v), 0);
	for (i = 0; i < v.npairs && strcmp(v.pairs[i].a->method, "fsync"); i++)
		;
	p = &v.pairs[i];
	assert_int_equal(p->state, WB_PAIR_UNCLEAR);
	assert_false(p->cmp.significant);
	assert_true(p->cmp.ci95_low_pct < -5.0);
	assert_false(p->regression);
	assert_false(v.regression);
	assert_int_equal(v.unclear, 1);
	assert_int_equal(v.ties, 3);
	assert_ptr_equal(v.open, p);
}

/* Group commit is only in A, 16 kB commits only in B: named, never matched to
 * a neighbour. */
static void test_only_one_side(void **state)
{
	(void)state;
	decide("slower.json", NO_GATE);
	assert_int_equal(v.nonly_a, 1);
	assert_int_equal(v.nonly_b, 1);
	assert_string_equal(v.only_a[0]->pattern, "groupcommit");
	assert_int_equal(v.only_a[0]->committers, 8);
	assert_string_equal(v.only_b[0]->method, "fdatasync");
	assert_int_equal(v.only_b[0]->size, 16384);
	assert_int_equal(v.npairs, 4);
	/* the test missing in B would fail a gate, as one not run in B; the new one not */
	assert_int_equal(v.gate_missing, 1);
	assert_false(v.regression); /* no gate */
}

/* A pair with a side its file calls unstable is marked so, and still fails
 * the gate when significantly slower past its trials' spread (here -48 % on
 * trials of 0.7 % CV), counted among the failures that rest on unstable
 * sides. */
static void test_unstable(void **state)
{
	const struct wb_compare_pair *p;

	(void)state;
	decide("slower.json", 5.0);
	assert_int_equal(v.unstable, 0);
	assert_int_equal(v.gate_unstable, 0);
	assert_false(pair_of("fdatasync")->unstable_a);
	a.tests[0].unstable = true; /* fdatasync in A */
	b.tests[1].unstable = true; /* fsync in B: a tie */
	assert_string_equal(a.tests[0].method, "fdatasync");
	assert_string_equal(b.tests[1].method, "fsync");
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 5.0, &v), 0);
	p = pair_of("fdatasync");
	assert_true(p->unstable_a);
	assert_false(p->unstable_b);
	assert_int_equal(p->state, WB_PAIR_SLOWER);
	assert_true(p->regression);
	assert_true(pair_of("fsync")->unstable_b);
	assert_int_equal(pair_of("fsync")->state, WB_PAIR_TIE);
	assert_int_equal(v.unstable, 2);
	assert_int_equal(v.gate_slower, 1);
	assert_int_equal(v.gate_unstable, 1); /* the tie fails nothing */
	assert_true(v.regression);
	/* a side not ok is never unstable, whatever its file says */
	a.tests[4].unstable = true; /* fsync_writethrough, n/a */
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 5.0, &v), 0);
	assert_false(pair_of("fsync_writethrough")->unstable_a);
	assert_int_equal(v.unstable, 2);
}

/* Reads unstable_a.json as A and unstable_b.json as B: open_datasync -11.4 %
 * on trials of 10 % CV, unstable in both files (two back-to-back runs of one
 * noisy disk); fdatasync a stable tie. */
static void decide_unstable(double gate_pct)
{
	char err[1024] = "";

	if (read_fixture("unstable_a.json", &a, err, sizeof(err)) ||
	    read_fixture("unstable_b.json", &b, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(wb_compare_decide(&a, &b, gate_pct, &v), 0);
}

/* Decides a against b again, with gate_pct: open_datasync's pair. */
static const struct wb_compare_pair *redecide(double gate_pct)
{
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, gate_pct, &v), 0);
	return pair_of("open_datasync");
}

/* B's open_datasync trials times k: a slowdown of another size, the same spread. */
static const struct wb_compare_pair *scale_b(double k)
{
	size_t i;

	for (i = 0; i < b.tests[0].ntrials; i++)
		b.tests[0].trial_rates[i] *= k;
	b.tests[0].trial_mean_ops_per_sec *= k;
	b.tests[0].ops_per_sec *= k;
	return redecide(5.0);
}

/* An unstable pair does not fail the gate on a slowdown its own trials'
 * spread explains: significant on the trials (-11.4 % [-17.6, -4.8]), past
 * 5 %, but within one trial of each side ([-32.8, +16.9]): inconclusive,
 * counted apart, neither a regression nor a pass. The same pair stable fails;
 * a slowdown past the spread fails though unstable; one under the threshold
 * is neither; several runs a side measure the variation between runs, so
 * their interval is trusted as it is. */
static void test_unstable_within_noise(void **state)
{
	struct wb_compare_side sa = { 0 }, sb = { 0 };
	struct wb_saved_results two_a[2], two_b[2];
	const struct wb_compare_pair *p;

	(void)state;
	decide_unstable(5.0);
	p = pair_of("open_datasync");
	assert_int_equal(p->state, WB_PAIR_SLOWER);
	assert_true(p->unstable_a && p->unstable_b);
	assert_true(p->has_noise);
	assert_true(p->noise_low_pct < -30.0 && p->noise_high_pct > 15.0);
	assert_true(p->inconclusive);
	assert_false(p->regression);
	assert_false(pair_of("fdatasync")->has_noise); /* stable: its interval stands */
	assert_int_equal(v.gate_inconclusive, 1);
	assert_int_equal(v.gate_slower, 0);
	assert_int_equal(v.gate_unstable, 0);
	assert_int_equal(v.regressions, 0);
	assert_false(v.regression);
	assert_true(v.inconclusive);
	/* the same figures measured stable: a regression, as before */
	a.tests[0].unstable = b.tests[0].unstable = false;
	p = redecide(5.0);
	assert_false(p->has_noise);
	assert_true(p->regression);
	assert_false(p->inconclusive);
	assert_true(v.regression);
	assert_false(v.inconclusive);
	/* one side unstable is enough to ask for the spread */
	b.tests[0].unstable = true;
	assert_true(redecide(5.0)->inconclusive);
	assert_true(v.inconclusive);
	/* without a gate: no verdict on the gate, the pair's figures still said */
	assert_true(redecide(NO_GATE)->has_noise);
	assert_false(v.inconclusive);
	assert_false(v.regression);
	/* a threshold past the slowdown: neither */
	assert_false(redecide(20.0)->inconclusive);
	assert_false(v.inconclusive);
	assert_false(v.regression);
	/* B at half A's rate: past its trials' spread, a regression though unstable */
	p = scale_b(0.5 / 0.886);
	assert_true(p->has_noise && p->noise_high_pct < 0.0);
	assert_true(p->regression);
	assert_false(p->inconclusive);
	assert_int_equal(v.gate_unstable, 1);
	assert_int_equal(v.gate_inconclusive, 0);
	assert_true(v.regression);
	assert_false(v.inconclusive);
	/* two runs a side: the interval is over the runs' means, no spread asked */
	scale_b(0.886 / 0.5);
	two_a[0] = two_a[1] = a;
	two_b[0] = two_b[1] = b;
	sa = (struct wb_compare_side){ two_a, 2 };
	sb = (struct wb_compare_side){ two_b, 2 };
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, 5.0, &v), 0);
	p = pair_of("open_datasync");
	assert_true(p->between_runs);
	assert_false(p->has_noise);
	assert_false(p->inconclusive);
}

/* A test of A missing in B fails the gate whatever its threshold, as a test
 * not run in B does; a test only in B (new) does not. */
static void test_missing_in_b(void **state)
{
	(void)state;
	decide("base.json", 100.0);
	assert_false(v.regression);
	b.ntests--; /* B without its last test */
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 100.0, &v), 0);
	assert_int_equal(v.nonly_a, 1);
	assert_int_equal(v.gate_missing, 1);
	assert_int_equal(v.regressions, 1);
	assert_true(v.regression);
	assert_ptr_equal(v.only_a[0], &a.tests[a.ntests - 1]);
	/* the other way round, the test is new in B: no regression */
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&b, &a, 100.0, &v), 0);
	b.ntests++;
	assert_int_equal(v.nonly_b, 1);
	assert_int_equal(v.gate_missing, 0);
	assert_false(v.regression);
}

/* An I/O error in B fails the gate whatever its threshold and leads the
 * summary; both sides n/a (fsync_writethrough on Linux) does not. */
static void test_failed_in_b(void **state)
{
	const struct wb_compare_pair *p;

	(void)state;
	decide("failed.json", 100.0);
	p = pair_of("fdatasync");
	assert_int_equal(p->state, WB_PAIR_FAILED_B);
	assert_true(p->regression);
	assert_true(p->b->durability_failure);
	assert_false(pair_of("fsync_writethrough")->regression);
	assert_int_equal(pair_of("fsync_writethrough")->state, WB_PAIR_FAILED_BOTH);
	assert_true(v.regression);
	assert_int_equal(v.regressions, 1);
	assert_ptr_equal(v.lead, p);
	assert_string_equal(p->b->status, "error");
	assert_string_equal(p->b->reason, "fdatasync: Input/output error");
	assert_int_equal(v.ties, 3);
	assert_int_equal(v.failed_b, 1);
	assert_int_equal(v.failed_both, 1);
}

/* No test in both files (a run's file against a qualify's): nothing was
 * compared, so the input is unusable, with a gate or without, and no gate
 * passes on it. */
static void test_nothing_in_common(void **state)
{
	size_t i;

	(void)state;
	decide("base.json", 5.0);
	for (i = 0; i < b.ntests; i++)
		b.tests[i].size += 512;
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 5.0, &v), 0);
	assert_int_equal(v.npairs, 0);
	assert_true(v.unusable);
	assert_int_equal(v.nonly_a, a.ntests);
	assert_int_equal(v.nonly_b, b.ntests);
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, NO_GATE, &v), 0);
	assert_true(v.unusable);
	/* one test in common is a comparison */
	b.tests[0].size -= 512;
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 5.0, &v), 0);
	assert_false(v.unusable);
}

/* The gate takes a significant slowdown past its threshold, nothing less. */
static void test_gate_threshold(void **state)
{
	struct wb_saved_test swap;

	(void)state;
	decide("slower.json", 60.0);
	assert_false(pair_of("fdatasync")->regression);
	assert_int_equal(v.gate_slower, 0);
	assert_int_equal(v.gate_failed, 0);
	assert_int_equal(v.gate_missing, 1); /* group commit: in A, missing in B */
	assert_int_equal(v.regressions, 1);
	assert_true(v.regression);
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 47.0, &v), 0);
	assert_true(v.regression);
	assert_int_equal(v.gate_slower, 1);
	assert_int_equal(v.regressions, 2);
	assert_true(pair_of("fdatasync")->regression);
	/* without the missing test, 60 % passes: the threshold alone */
	assert_string_equal(a.tests[3].pattern, "groupcommit");
	swap = a.tests[3];
	a.tests[3] = a.tests[4];
	a.tests[4] = swap;
	a.ntests--;
	wb_compare_free(&v);
	assert_int_equal(wb_compare_decide(&a, &b, 60.0, &v), 0);
	a.ntests++;
	assert_false(v.regression);
	assert_int_equal(v.regressions, 0);
}

/* Too few trials for an interval: the point change, never a significant one,
 * so never a gate failure. Synthetic, no file. */
static void test_no_interval(void **state)
{
	static struct wb_saved_results sa, sb;
	struct wb_saved_test ta = { .method = "fsync", .engine = "sync", .size = 8192,
				    .writes_per_op = 1, .pattern = "overwrite", .queue_depth = 1,
				    .jobs = 1, .flush_form = "separate", .data_load = -1,
				    .status = "ok", .ops_per_sec = 1000 };
	struct wb_saved_test tb = ta;
	double one = 1000, other = 100;

	(void)state;
	ta.trial_rates = &one;
	ta.ntrials = 1;
	tb.ops_per_sec = 100;
	tb.trial_rates = &other;
	tb.ntrials = 1;
	sa = (struct wb_saved_results){ .schema_version = 5, .tests = &ta, .ntests = 1 };
	sb = (struct wb_saved_results){ .schema_version = 5, .tests = &tb, .ntests = 1 };
	assert_int_equal(wb_compare_decide(&sa, &sb, 0.0, &v), 0);
	assert_int_equal(v.pairs[0].state, WB_PAIR_NO_INTERVAL);
	assert_false(v.pairs[0].has_ci);
	assert_true(fabs(v.pairs[0].diff_pct + 90.0) < 1e-9);
	assert_false(v.regression);
}

/* A side's rate is the mean of its trials, the centre of the difference Welch
 * computes, not ops over elapsed: in trials of unequal length (1000 flushes in
 * 0.4 s, 2000 in 1.6 s) A's mean is 1875/s against 1500/s, B's 1725/s against
 * 1380/s. Files of schema 24, without trial_mean_ops_per_sec: the reader takes
 * the mean of their trials. The text's columns and the JSON's sides say it. */
#define RATES_FILE(ops_per_sec, fast, slow) \
	"{\"walbench_version\": \"0.1.0\", \"schema_version\": 24, \"tests\": [" \
	"{\"method\": \"fsync\", \"engine\": \"sync\", \"size\": 8192, " \
	"\"writes_per_op\": 1, \"status\": \"ok\", \"ops_per_sec\": " ops_per_sec ", " \
	"\"trials\": 4, \"trial_ops_per_sec\": [" fast ", " slow ", " fast ", " slow "], " \
	"\"trial_round\": [1, 2, 3, 4]}]}"

static void test_rate_is_trial_mean(void **state)
{
	char err[1024] = "", *text = NULL, *json;
	size_t len = 0;
	FILE *out;
	cJSON *root, *side;

	(void)state;
	if (wb_saved_parse(RATES_FILE("1500", "2500", "1250"), "a.json", &a, err, sizeof(err)) ||
	    wb_saved_parse(RATES_FILE("1380", "2300", "1150"), "b.json", &b, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(wb_compare_decide(&a, &b, NO_GATE, &v), 0);
	assert_int_equal(v.npairs, 1);
	assert_true(fabs(v.pairs[0].rate_a - 1875) < 1e-9);
	assert_true(fabs(v.pairs[0].rate_b - 1725) < 1e-9);
	assert_true(v.pairs[0].has_ci);
	assert_true(fabs(v.pairs[0].diff_pct + 8.0) < 1e-9); /* 1725 against 1875 */
	out = open_memstream(&text, &len);
	assert_non_null(out);
	wb_compare_print(out, &(struct wb_compare_side){ &a, 1 }, &(struct wb_compare_side){ &b, 1 },
			 &v);
	fclose(out);
	if (!strstr(text, " 1875.0 ") || !strstr(text, " 1725.0 ") || strstr(text, "1500.0"))
		fail_msg("the rate columns are not the trial means:\n%s", text);
	free(text);
	json = wb_compare_json_render(&(struct wb_compare_side){ &a, 1 },
				      &(struct wb_compare_side){ &b, 1 }, &v);
	root = cJSON_Parse(json);
	side = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "pairs"), 0), "a");
	assert_true(fabs(cJSON_GetNumberValue(cJSON_GetObjectItem(side, "ops_per_sec")) - 1500) <
		    1e-9); /* the file's own figure, as it is */
	assert_true(fabs(cJSON_GetNumberValue(cJSON_GetObjectItem(side, "trial_mean_ops_per_sec")) -
			 1875) < 1e-9);
	cJSON_Delete(root);
	free(json);
}

/* pg_test_fsync's descriptor tests differ only in fd_mode: each matches its
 * own, whatever the order in B. Synthetic, no file. */
static void test_fd_mode_matches(void **state)
{
	static struct wb_saved_results sa, sb;
	static double ra[] = { 100, 101, 99 }, rb[] = { 200, 201, 199 };
	struct wb_saved_test t = { .method = "fsync", .engine = "sync", .size = 8192,
				   .writes_per_op = 1, .pattern = "overwrite", .queue_depth = 1,
				   .jobs = 1, .flush_form = "separate", .data_load = -1,
				   .status = "ok", .ntrials = 3 };
	struct wb_saved_test ta[2], tb[2];

	(void)state;
	ta[0] = ta[1] = t;
	snprintf(ta[0].fd_mode, sizeof(ta[0].fd_mode), "sync_then_close");
	snprintf(ta[1].fd_mode, sizeof(ta[1].fd_mode), "close_then_sync");
	ta[0].trial_rates = ra;
	ta[1].trial_rates = rb;
	tb[0] = ta[1];
	tb[1] = ta[0];
	sa = (struct wb_saved_results){ .schema_version = 5, .tests = ta, .ntests = 2 };
	sb = (struct wb_saved_results){ .schema_version = 5, .tests = tb, .ntests = 2 };
	assert_int_equal(wb_compare_decide(&sa, &sb, NO_GATE, &v), 0);
	assert_int_equal(v.npairs, 2);
	assert_int_equal(v.ties, 2);
	assert_ptr_equal(v.pairs[0].b, &tb[1]);
	assert_ptr_equal(v.pairs[1].b, &tb[0]);
}

/* One run of one test: fsync 8 kB, ok, with these trial rates. */
static struct wb_saved_test one_run(double *rates, size_t n)
{
	struct wb_saved_test t = { .method = "fsync", .engine = "sync", .size = 8192,
				   .writes_per_op = 1, .pattern = "overwrite", .queue_depth = 1,
				   .jobs = 1, .flush_form = "separate", .data_load = -1,
				   .status = "ok", .ntrials = n, .trial_rates = rates };
	double sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += rates[i];
	t.ops_per_sec = sum / (double)n;
	return t;
}

/* Files of one test each, runs[i] holding t[i]. */
static void files_of(struct wb_saved_test *t, struct wb_saved_results *runs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		runs[i] = (struct wb_saved_results){ .schema_version = 24, .tests = &t[i],
						     .ntests = 1 };
}

/* Three runs of A and one of B of that test, three trials each: the sides'
 * files, static (a results struct is large for cmocka's stack). */
static void three_runs_against_one(double *a1, double *a2, double *a3, double *b1,
				   struct wb_compare_side *sa, struct wb_compare_side *sb)
{
	static struct wb_saved_test ta[3], tb;
	static struct wb_saved_results fa[3], fb;

	ta[0] = one_run(a1, 3);
	ta[1] = one_run(a2, 3);
	ta[2] = one_run(a3, 3);
	tb = one_run(b1, 3);
	files_of(ta, fa, 3);
	files_of(&tb, &fb, 1);
	*sa = (struct wb_compare_side){ fa, 3 };
	*sb = (struct wb_compare_side){ &fb, 1 };
}

/* Three runs of A whose means spread by 10 % (each run tight), one run of B
 * 15 % below A's mean: one run a side calls it a significant slowdown; the
 * three runs say the runs themselves vary that much, and B's one run is given
 * their spread: not shown slower, not shown the same. */
static void test_runs_hold_between_variation(void **state)
{
	static double r1[] = { 999, 1000, 1001 }, r2[] = { 1099, 1100, 1101 },
		      r3[] = { 899, 900, 901 }, rb[] = { 849, 850, 851 };
	struct wb_compare_side sa, sb;

	(void)state;
	three_runs_against_one(r1, r2, r3, rb, &sa, &sb);
	assert_int_equal(wb_compare_decide(&sa.runs[0], &sb.runs[0], 5.0, &v), 0);
	assert_int_equal(v.pairs[0].state, WB_PAIR_SLOWER);
	assert_false(v.pairs[0].between_runs);
	assert_false(v.between_runs);
	wb_compare_free(&v);

	assert_int_equal(wb_compare_decide_runs(&sa, &sb, 5.0, &v), 0);
	assert_true(v.between_runs);
	assert_int_equal(v.runs_a, 3);
	assert_int_equal(v.runs_b, 1);
	assert_true(v.pairs[0].between_runs);
	assert_int_equal(v.pairs[0].runs_a, 3);
	assert_int_equal(v.pairs[0].runs_b, 1);
	assert_true(fabs(v.pairs[0].rate_a - 1000.0) < 1e-9);
	assert_true(fabs(v.pairs[0].diff_pct + 15.0) < 1e-9);
	assert_int_equal(v.pairs[0].state, WB_PAIR_UNCLEAR);
	assert_true(v.pairs[0].cmp.ci95_low_pct < -30.0 && v.pairs[0].cmp.ci95_high_pct > 0.0);
	assert_false(v.regression);
}

/* Three runs of A spread by 40 % and one run of B 30 % below their mean: the
 * interval is wide, and built linearly its low end went to -130 %, which
 * compare cut at -100 %. On the log scale it stays above -100 % of itself, and
 * B against A and A against B are one verdict with mirrored intervals. */
static void test_runs_noisy_stays_above_total_loss(void **state)
{
	static double r1[] = { 999, 1000, 1001 }, r2[] = { 599, 600, 601 },
		      r3[] = { 1399, 1400, 1401 }, rb[] = { 699, 700, 701 };
	struct wb_compare_side sa, sb;
	struct wb_comparison ab, ba;

	(void)state;
	three_runs_against_one(r1, r2, r3, rb, &sa, &sb);
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, 5.0, &v), 0);
	ab = v.pairs[0].cmp;
	assert_true(fabs(ab.diff_pct + 30.0) < 1e-9);
	assert_int_equal(v.pairs[0].state, WB_PAIR_UNCLEAR);
	assert_true(ab.ci95_low_pct > -90.0 && ab.ci95_low_pct < -70.0);
	assert_true(ab.ci95_high_pct > 100.0);
	wb_compare_free(&v);

	assert_int_equal(wb_compare_decide_runs(&sb, &sa, 5.0, &v), 0);
	assert_int_equal(v.pairs[0].state, WB_PAIR_UNCLEAR);
	ba = v.pairs[0].cmp;
	assert_true(fabs((1.0 + ab.ci95_low_pct / 100.0) * (1.0 + ba.ci95_high_pct / 100.0) - 1.0) <
		    1e-9);
	assert_true(fabs((1.0 + ab.ci95_high_pct / 100.0) * (1.0 + ba.ci95_low_pct / 100.0) - 1.0) <
		    1e-9);
}

/* Runs that agree: a real halving is still significant over runs' means. */
static void test_runs_real_regression(void **state)
{
	static double a1[] = { 999, 1000, 1001 }, a2[] = { 1009, 1010, 1011 },
		      a3[] = { 989, 990, 991 }, b1[] = { 499, 500, 501 }, b2[] = { 504, 505, 506 };
	static struct wb_saved_test ta[3], tb[2];
	static struct wb_saved_results fa[3], fb[2];
	struct wb_compare_side sa = { fa, 3 }, sb = { fb, 2 };

	(void)state;
	ta[0] = one_run(a1, 3);
	ta[1] = one_run(a2, 3);
	ta[2] = one_run(a3, 3);
	tb[0] = one_run(b1, 3);
	tb[1] = one_run(b2, 3);
	files_of(ta, fa, 3);
	files_of(tb, fb, 2);
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, 10.0, &v), 0);
	assert_int_equal(v.pairs[0].state, WB_PAIR_SLOWER);
	assert_true(fabs(v.pairs[0].rate_b - 502.5) < 1e-9);
	assert_true(v.pairs[0].cmp.ci95_high_pct < -40.0);
	assert_true(v.regression);
}

/* Two runs whose means agree exactly still know them only as well as their
 * trials do: the interval is never narrower than the runs' own errors say. */
static void test_runs_agreeing_by_chance(void **state)
{
	static double a1[] = { 900, 1000, 1100 }, a2[] = { 1100, 1000, 900 },
		      b1[] = { 950, 1000, 1050 }, b2[] = { 1050, 950, 1000 };
	static struct wb_saved_test ta[2], tb[2];
	static struct wb_saved_results fa[2], fb[2];
	struct wb_compare_side sa = { fa, 2 }, sb = { fb, 2 };

	(void)state;
	ta[0] = one_run(a1, 3);
	ta[1] = one_run(a2, 3);
	tb[0] = one_run(b1, 3);
	tb[1] = one_run(b2, 3);
	files_of(ta, fa, 2);
	files_of(tb, fb, 2);
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, NO_GATE, &v), 0);
	assert_true(v.pairs[0].has_ci);
	assert_true(fabs(v.pairs[0].diff_pct) < 1e-9);
	assert_true(v.pairs[0].cmp.ci95_high_pct - v.pairs[0].cmp.ci95_low_pct > 10.0);
}

/* A test that fails in B's second run fails the pair, naming that run's test;
 * a run of A that lacks the test is left out of A's side. */
static void test_runs_failed_in_later_run(void **state)
{
	static double r[] = { 999, 1000, 1001 };
	static struct wb_saved_test ta, tb[2];
	static struct wb_saved_results fa[2], fb[2];
	struct wb_compare_side sa = { fa, 2 }, sb = { fb, 2 };

	(void)state;
	ta = one_run(r, 3);
	tb[0] = tb[1] = one_run(r, 3);
	snprintf(tb[1].status, sizeof(tb[1].status), "error");
	tb[1].trial_rates = NULL;
	tb[1].ntrials = 0;
	files_of(&ta, fa, 1);
	fa[1] = (struct wb_saved_results){ .schema_version = 24 }; /* no tests */
	files_of(tb, fb, 2);
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, 5.0, &v), 0);
	assert_int_equal(v.pairs[0].runs_a, 1);
	assert_int_equal(v.pairs[0].state, WB_PAIR_FAILED_B);
	assert_ptr_equal(v.pairs[0].b, &tb[1]);
	assert_true(v.regression);
}

/* Schema 2 has no flush_form: read as separate (what version 2 measured), so
 * its tests match version 5's; the verdict keeps both versions. */
static void test_older_schema(void **state)
{
	(void)state;
	decide("v2.json", NO_GATE);
	assert_int_equal(b.schema_version, 2);
	assert_string_equal(b.tests[0].flush_form, "separate");
	assert_int_equal(v.npairs, 5);
	assert_int_equal(v.nonly_a + v.nonly_b, 0);
	assert_int_equal(v.schema_a, 5);
	assert_int_equal(v.schema_b, 2);
}

/* JSON's whitespace after the document (an editor's newlines) is not junk. */
static void test_trailing_whitespace(void **state)
{
	char err[1024] = "";

	(void)state;
	if (read_fixture("trailing_space.json", &b, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(b.schema_version, 5);
}

/* A newer schema whose tests read as this version's is accepted; one whose
 * tests do not is refused, saying both the version and the key. */
static void test_newer_schema(void **state)
{
	char err[1024], want[1024];

	(void)state;
	decide("future_ok.json", NO_GATE);
	assert_int_equal(b.schema_version, 99);
	assert_int_equal(v.npairs, 5);
	wb_saved_free(&b);
	assert_int_equal(read_fixture("future_bad.json", &b, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), WB_FIXTURES_DIR "/compare/future_bad.json: schema_version 99 "
		 "is newer than this walbench reads (1 to %d), and its tests do not read as "
		 "version %d's: tests[0].size: expected a whole number, got a string",
		 WB_SCHEMA_VERSION, WB_SCHEMA_VERSION);
	assert_string_equal(err, want);
}

static void expect_refused(const char *name, int want_ret, const char *want)
{
	char err[1024] = "", full[1024];

	assert_int_equal(read_fixture(name, &b, err, sizeof(err)), want_ret);
	snprintf(full, sizeof(full), "%s/compare/%s: %s", WB_FIXTURES_DIR, name, want);
	assert_string_equal(err, full);
	wb_saved_free(&b);
}

static void test_reader_refusals(void **state)
{
	(void)state;
	expect_refused("bad_type.json", -EINVAL,
		       "tests[1].ops_per_sec: expected a number, got a string");
	/* Said as the profiles and tiers.json say it (plan/json_type.c), not "true/false". */
	expect_refused("bad_bool.json", -EINVAL,
		       "tests[1].ops_per_sec: expected a number, got true or false");
	expect_refused("not_json.json", -EINVAL, "not valid JSON at line 2, column 1");
	/* A whole results file with junk after it is not read as the file. */
	expect_refused("trailing.json", -EINVAL,
		       "not valid JSON: text after the document at line 2, column 1");
	expect_refused("not_results.json", -EINVAL,
		       "schema_version: missing: not a results file of walbench run");
	/* of the file as a whole: no empty key before the reason ("path: : ...") */
	expect_refused("not_object.json", -EINVAL, "expected a JSON object at the top, got an "
		       "array");
	/* walbench's own other outputs are named, with what to give instead */
	expect_refused("compare_output.json", -EINVAL,
		       "this is walbench compare's JSON, not a results file: give the results "
		       "files it compared (the --json of run, recommend or qualify)");
	expect_refused("fleet_summary.json", -EINVAL,
		       "this is a fleet summary (walbench report --summary --json), not a "
		       "results file: give the hosts' results files");
	expect_refused("missing.json", -ENOENT, "cannot read: No such file or directory");
	/* A directory is said to be one, not a disk's I/O error. */
	expect_refused(".", -EISDIR, "cannot read: Is a directory");
	/* Found by fuzzing: a start time past int64_t was converted, undefined behaviour. */
	expect_refused("bad_started.json", -EINVAL,
		       "host.started_unix: expected a whole number, got 1e+300");
}

/* Unknown keys are ignored; the keys read come through. */
static void test_reader_fields(void **state)
{
	char err[256];

	(void)state;
	assert_int_equal(read_fixture("base.json", &a, err, sizeof(err)), 0);
	assert_int_equal(a.ntests, 5);
	assert_string_equal(a.hostname, "db1");
	assert_string_equal(a.kernel, "Linux 6.1.0-18-amd64");
	assert_string_equal(a.fs_type, "ext4");
	assert_int_equal(a.tests[3].committers, 8);
	assert_string_equal(a.tests[3].pattern, "groupcommit");
	assert_int_equal(a.tests[0].ntrials, 6);
	assert_true(a.tests[0].has_p99);
	assert_false(a.tests[4].has_p99);
	assert_string_equal(a.tests[4].status, "n/a");
	assert_int_equal(a.tests[0].data_load, -1);
	assert_non_null(a.config_json);
	assert_string_equal(a.tests[0].shape, "commit");
	assert_true(a.tests[0].p50_us == 50.0 && a.tests[0].p90_us == 80.0);
	assert_true(a.tests[0].p999_us == 200.0 && a.tests[0].max_us == 500.0);
	assert_true(isnan(a.tests[4].p50_us));
	assert_false(a.has_recommendation);
	assert_false(a.has_qualification);
	assert_string_equal(a.command, "");
}

/* The answers of recommend and qualify, from files they wrote. */
static void test_reader_verdicts(void **state)
{
	char err[256];

	(void)state;
	assert_int_equal(wb_saved_read(WB_FIXTURES_DIR "/report/recommend.json", &a, err,
				       sizeof(err)), 0);
	assert_string_equal(a.command, "recommend");
	assert_true(a.has_recommendation);
	assert_false(a.has_qualification);
	assert_string_equal(a.rec.method, "fdatasync");
	assert_false(a.rec.change);
	assert_non_null(strstr(a.headline, "keep wal_sync_method = fdatasync"));
	wb_saved_free(&a);
	assert_int_equal(wb_saved_read(WB_FIXTURES_DIR "/report/qualify.json", &a, err,
				       sizeof(err)), 0);
	assert_string_equal(a.command, "qualify");
	assert_true(a.has_qualification);
	assert_false(a.has_recommendation);
	assert_string_equal(a.tier, "standard");
	assert_string_equal(a.verdict, "pass");
	assert_string_equal(a.headline, "standard: PASS");
}

/* The text and JSON of a comparison, printed to memory. */
static char *print_text(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	wb_compare_print(out, &(struct wb_compare_side){ &a, 1 }, &(struct wb_compare_side){ &b, 1 },
			 &v);
	assert_int_equal(fclose(out), 0);
	return text;
}

/* The comparison's JSON has differs[] of the names in want (comma-separated,
 * in order) and other_storage as said. */
static void expect_differs(const char *want, bool other_storage)
{
	char *json, got[128] = "";
	const cJSON *item;
	cJSON *root;

	json = wb_compare_json_render(&(struct wb_compare_side){ &a, 1 },
				      &(struct wb_compare_side){ &b, 1 }, &v);
	assert_non_null(root = cJSON_Parse(json));
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "differs")) {
		assert_true(cJSON_IsString(item));
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s", *got ? "," : "",
			 item->valuestring);
	}
	assert_string_equal(got, want);
	assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "other_storage")),
			 other_storage);
	cJSON_Delete(root);
	free(json);
}

/* B measured on another disk (sda, xfs, another mount) than A (nvme0n1,
 * ext4): the text says so before its table, and the JSON's differs[] names
 * what differs; the same host and kernel are not named. No gate or exit
 * status changes: the gate's verdict is the same as on the same disk. */
static void test_other_storage_said(void **state)
{
	char *text, *said, *table;

	(void)state;
	decide("other_disk.json", 5);
	text = print_text();
	/* A's fixture has no mount point or model: unknown is not different */
	said = strstr(text, "B was measured on another device: nvme0n1 (ext4) in A, sda (xfs) in "
			    "B: the table compares two storages, not one disk over time.\n");
	table = strstr(text, "B against A, test by test");
	if (!said || !table || said > table)
		fail_msg("no storage line before the table in:\n%s", text);
	assert_null(strstr(text, "kernel differs"));
	assert_non_null(strstr(text, "(B measured on another device)"));
	assert_false(v.regression);
	free(text);
	expect_differs("device,fs_type", true);
}

/* The same disk under another kernel (base against slower: 6.1 to 6.12) is
 * what compare is for: no storage line, the kernel said as information, and
 * differs[] holds the kernel alone. */
static void test_same_storage_new_kernel(void **state)
{
	char *text;

	(void)state;
	decide("slower.json", NO_GATE);
	text = print_text();
	assert_null(strstr(text, "was measured on another"));
	assert_null(strstr(text, "measured on another"));
	assert_non_null(strstr(text, "kernel differs: Linux 6.1.0-18-amd64 in A, Linux "
				     "6.12.0-1-amd64 in B.\n"));
	free(text);
	expect_differs("kernel", false);
}

/* A file of its own storage facts (the rest zero: no test, schema 24). */
static void storage_of(struct wb_saved_results *r, const char *host, const char *kernel,
		       const char *dev, const char *fs, const char *mount, const char *model)
{
	*r = (struct wb_saved_results){ .schema_version = 24, .mount_point = mount,
					.model = model };
	snprintf(r->hostname, sizeof(r->hostname), "%s", host);
	snprintf(r->kernel, sizeof(r->kernel), "%s", kernel);
	snprintf(r->block_device, sizeof(r->block_device), "%s", dev);
	snprintf(r->fs_type, sizeof(r->fs_type), "%s", fs);
}

#define BIT(f) (1u << (f))

/* Which facts differ, each only where both files know it: another host, a
 * disk renamed, one name over another model, a file system, a mount; a fact
 * one file lacks ("" or never read: NULL) is not said to differ. */
static void test_storage_facts(void **state)
{
	static struct wb_saved_results x, y;

	(void)state;
	storage_of(&x, "db1", "6.1", "nvme0n1", "ext4", "/srv/wal", "Samsung 990");
	storage_of(&y, "db1", "6.1", "nvme0n1", "ext4", "/srv/wal", "Samsung 990");
	assert_int_equal(wb_compare_facts_differ(&x, &y), 0);
	snprintf(y.kernel, sizeof(y.kernel), "6.12");
	assert_int_equal(wb_compare_facts_differ(&x, &y), BIT(WB_CMP_KERNEL));
	storage_of(&y, "db2", "6.1", "nvme0n1", "ext4", "/srv/wal", "Samsung 990");
	assert_int_equal(wb_compare_facts_differ(&x, &y), BIT(WB_CMP_HOST));
	storage_of(&y, "db1", "6.1", "sda", "xfs", "/mnt", "WDC");
	assert_int_equal(wb_compare_facts_differ(&x, &y),
			 BIT(WB_CMP_DEVICE) | BIT(WB_CMP_FS) | BIT(WB_CMP_MOUNT));
	storage_of(&y, "db1", "6.1", "nvme0n1", "ext4", "/srv/wal", "Samsung 980");
	assert_int_equal(wb_compare_facts_differ(&x, &y), BIT(WB_CMP_DEVICE));
	storage_of(&y, "", "", "", "", "", NULL);
	assert_int_equal(wb_compare_facts_differ(&x, &y), 0);
	assert_int_equal(wb_compare_facts_differ(&y, &x), 0);
}

/* Several runs a side: every file against A's first; the first that differs
 * is named (A's further runs before B's), and how many do. */
static void test_storage_runs(void **state)
{
	static struct wb_saved_results fa[2], fb[2];
	struct wb_compare_side sa = { fa, 2 }, sb = { fb, 2 };

	(void)state;
	storage_of(&fa[0], "db1", "6.1", "nvme0n1", "ext4", "/srv/wal", "");
	storage_of(&fa[1], "db1", "6.1", "nvme0n1", "ext4", "/srv/wal", "");
	storage_of(&fb[0], "db1", "6.12", "nvme0n1", "ext4", "/srv/wal", "");
	storage_of(&fb[1], "db1", "6.12", "nvme1n1", "ext4", "/srv/wal", "");
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, NO_GATE, &v), 0);
	assert_ptr_equal(v.storage.other.r, &fb[1]);
	assert_int_equal(v.storage.other.side, 'B');
	assert_int_equal(v.storage.other.run, 1);
	assert_int_equal(v.storage.other_differs, BIT(WB_CMP_DEVICE));
	assert_int_equal(v.storage.files, 1);
	assert_ptr_equal(v.storage.kernel.r, &fb[0]);
	assert_int_equal(v.storage.differs, BIT(WB_CMP_DEVICE) | BIT(WB_CMP_KERNEL));
	wb_compare_free(&v);
	storage_of(&fa[1], "db2", "6.1", "nvme0n1", "ext4", "/srv/wal", "");
	assert_int_equal(wb_compare_decide_runs(&sa, &sb, NO_GATE, &v), 0);
	assert_ptr_equal(v.storage.other.r, &fa[1]);
	assert_int_equal(v.storage.other_differs, BIT(WB_CMP_HOST));
	assert_int_equal(v.storage.files, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_significant_slower, teardown),
		cmocka_unit_test_teardown(test_table_columns, teardown),
		cmocka_unit_test_teardown(test_significant_faster, teardown),
		cmocka_unit_test_teardown(test_tie, teardown),
		cmocka_unit_test_teardown(test_all_tie, teardown),
		cmocka_unit_test_teardown(test_unclear, teardown),
		cmocka_unit_test_teardown(test_only_one_side, teardown),
		cmocka_unit_test_teardown(test_failed_in_b, teardown),
		cmocka_unit_test_teardown(test_nothing_in_common, teardown),
		cmocka_unit_test_teardown(test_missing_in_b, teardown),
		cmocka_unit_test_teardown(test_unstable, teardown),
		cmocka_unit_test_teardown(test_unstable_within_noise, teardown),
		cmocka_unit_test_teardown(test_gate_threshold, teardown),
		cmocka_unit_test_teardown(test_no_interval, teardown),
		cmocka_unit_test_teardown(test_rate_is_trial_mean, teardown),
		cmocka_unit_test_teardown(test_fd_mode_matches, teardown),
		cmocka_unit_test_teardown(test_older_schema, teardown),
		cmocka_unit_test_teardown(test_trailing_whitespace, teardown),
		cmocka_unit_test_teardown(test_newer_schema, teardown),
		cmocka_unit_test_teardown(test_runs_hold_between_variation, teardown),
		cmocka_unit_test_teardown(test_runs_noisy_stays_above_total_loss, teardown),
		cmocka_unit_test_teardown(test_runs_real_regression, teardown),
		cmocka_unit_test_teardown(test_runs_agreeing_by_chance, teardown),
		cmocka_unit_test_teardown(test_runs_failed_in_later_run, teardown),
		cmocka_unit_test_teardown(test_reader_refusals, teardown),
		cmocka_unit_test_teardown(test_reader_fields, teardown),
		cmocka_unit_test_teardown(test_reader_verdicts, teardown),
		cmocka_unit_test_teardown(test_other_storage_said, teardown),
		cmocka_unit_test_teardown(test_same_storage_new_kernel, teardown),
		cmocka_unit_test(test_storage_facts),
		cmocka_unit_test_teardown(test_storage_runs, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
