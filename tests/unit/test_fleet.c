/* test_fleet.c — the fleet summary's verdict (advice/fleet.h) on synthetic
 * fleets built in code: one lemon, two lemons, all alike, a noisy host that is
 * not an outlier, a p99 outlier, a failed host, a disagreeing recommendation,
 * no majority, two hosts, mixed commands and tiers, a partial run, files that
 * share a host name. Codes and
 * figures only: test_words_fleet.c checks the sentences. No files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "advice/fleet.h"
#include "advice/fleet_stats.h"
#include "results/stats.h"

#define MAXH 8
#define NT 2 /* tests per host: fdatasync's and fsync's commit rows */

/* Static: a results struct holds a 4 kB path, cmocka's stack is small. */
static struct wb_saved_results r[MAXH];
static struct wb_saved_test tests[MAXH][NT];
static double trials[MAXH][NT][3];
static char names[MAXH][16];
static const char *labels[MAXH];
static struct wb_fleet_verdict v;

/* A recommend-style commit row: rate with three trials spread_pct apart. */
static void commit_row(size_t h, size_t i, const char *method, double rate, double spread_pct,
		       double p99_us)
{
	struct wb_saved_test *t = &tests[h][i];

	memset(t, 0, sizeof(*t));
	snprintf(t->method, sizeof(t->method), "%s", method);
	strcpy(t->engine, "sync");
	strcpy(t->label, "PostgreSQL 18");
	t->size = 8192;
	t->writes_per_op = 1;
	strcpy(t->pattern, "append");
	t->queue_depth = 1;
	t->jobs = 1;
	strcpy(t->flush_form, "coalesced");
	t->wal_buffers = 4u << 20;
	strcpy(t->fd_mode, "keep");
	strcpy(t->segment, "recycle");
	t->segment_size = 16u << 20;
	t->data_load = -1;
	strcpy(t->status, "ok");
	strcpy(t->shape, "commit");
	trials[h][i][0] = rate * (1 - spread_pct / 100);
	trials[h][i][1] = rate;
	trials[h][i][2] = rate * (1 + spread_pct / 100);
	t->trial_rates = trials[h][i];
	t->ntrials = 3;
	t->ops_per_sec = rate;
	t->has_p99 = true;
	t->p99_us = p99_us;
}

/* Host h of a recommend fleet: both methods at rate (fdatasync) and rate * 1.01
 * (fsync), 1 % apart trial to trial, p99 100 us; recommends rec. */
static void host(size_t h, const char *rec, double rate)
{
	struct wb_saved_results *x = &r[h];

	memset(x, 0, sizeof(*x));
	snprintf(names[h], sizeof(names[h]), "db%zu", h + 1);
	labels[h] = names[h];
	snprintf(x->path, sizeof(x->path), "%s.json", names[h]);
	snprintf(x->hostname, sizeof(x->hostname), "%s", names[h]);
	x->schema_version = 6;
	strcpy(x->command, "recommend");
	x->has_recommendation = true;
	snprintf(x->rec.method, sizeof(x->rec.method), "%s", rec);
	x->rec.state = !*rec ? WB_SAVED_REC_FAILED : strcmp(rec, "fdatasync") ? WB_SAVED_REC_SWITCH
									   : WB_SAVED_REC_TIE;
	commit_row(h, 0, "fdatasync", rate, 1, 100);
	commit_row(h, 1, "fsync", rate * 1.01, 1, 100);
	x->tests = tests[h];
	x->ntests = NT;
}

/* Host h as a qualify file of tier with verdict: one test labelled "commit". */
static void qualify_host(size_t h, const char *tier, const char *verdict, double rate)
{
	host(h, "", rate);
	strcpy(r[h].command, "qualify");
	r[h].has_recommendation = false;
	r[h].has_qualification = true;
	snprintf(r[h].tier, sizeof(r[h].tier), "%s", tier);
	snprintf(r[h].verdict, sizeof(r[h].verdict), "%s", verdict);
	strcpy(tests[h][0].label, "commit");
	r[h].ntests = 1;
}

static void decide(size_t n)
{
	assert_int_equal(wb_fleet_decide(r, labels, n, &v), 0);
}

static int teardown(void **state)
{
	(void)state;
	wb_fleet_free(&v);
	return 0;
}

static size_t count_kind(size_t h, enum wb_fleet_finding_kind k)
{
	size_t i, c = 0;

	for (i = 0; i < v.nfindings; i++)
		c += v.findings[i].host == h && v.findings[i].kind == k;
	return c;
}

/* Vote w's i-th answer, most common first: value, given by hosts hosts. */
static void assert_answer(size_t w, size_t i, const char *value, size_t hosts)
{
	assert_true(i < v.votes[w].nanswers);
	assert_string_equal(v.answers[v.votes[w].first_answer + i].value, value);
	assert_int_equal(v.answers[v.votes[w].first_answer + i].hosts, hosts);
}

/* Four hosts near 1,500/s and one at 600/s: the lemon alone is named, against
 * the median of the other four — an even count, so the mean of the middle two
 * (1,500 and 1,510). */
static void test_one_lemon(void **state)
{
	static const double rates[] = { 1500, 1510, 1490, 1520, 600 };
	const struct wb_fleet_finding *x;
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", rates[h]);
	decide(5);
	assert_int_equal(v.outliers, 1);
	assert_int_equal(v.failed, 0);
	for (h = 0; h < 4; h++)
		assert_false(v.hosts[h].outlier);
	assert_true(v.hosts[4].outlier);
	x = v.lead;
	assert_non_null(x);
	assert_int_equal(x->host, 4);
	assert_int_equal(x->kind, WB_FLEET_SLOW);
	assert_true(x->key);
	assert_string_equal(x->test->method, "fdatasync");
	assert_int_equal(x->others, 4);
	assert_true(fabs(x->median - 1505.0) < 1e-9);
	assert_true(fabs(x->rate - 600.0) < 1e-9);
	assert_true(x->has_ci);
	assert_true(x->diff_low_pct < x->diff_pct && x->diff_pct < x->diff_high_pct);
	assert_true(x->diff_high_pct < -WB_FLEET_RATE_GAP_PCT);
	assert_true(fabs(x->diff_pct - (100.0 * (600.0 / 1505.0 - 1.0))) < 1e-9);
	/* fsync is slow on the lemon too: both tests are named, the key test leads */
	assert_int_equal(count_kind(4, WB_FLEET_SLOW), 2);
	assert_int_equal(v.nfindings, 2);
	assert_int_equal(v.judged_tests, 2);
	assert_int_equal(v.tests, 2);
	/* the headline's -60 % [-61, -59]: */
	assert_true(round(x->diff_low_pct) == -61 && round(x->diff_high_pct) == -59);
	assert_int_equal(v.nvotes, 1);
	assert_int_equal(v.votes[0].kind, WB_FLEET_RECOMMENDATION);
	assert_false(v.votes[0].no_majority);
	assert_string_equal(v.votes[0].majority, "fdatasync");
	assert_int_equal(v.votes[0].dissent, 0);
	assert_int_equal(v.votes[0].nanswers, 1);
	assert_answer(0, 0, "fdatasync", 5);
}

/* Two lemons, one without trials: judged on its point figure and said to be;
 * the headline leads with the worse and names the other. */
static void test_two_lemons_one_point_figure(void **state)
{
	const struct wb_fleet_finding *x = NULL;
	size_t h, i;

	(void)state;
	for (h = 0; h < 6; h++)
		host(h, "fdatasync", h == 4 ? 600 : h == 5 ? 700 : 1500);
	tests[5][0].trial_rates = NULL;
	tests[5][0].ntrials = 0;
	decide(6);
	assert_int_equal(v.outliers, 2);
	assert_int_equal(v.lead->host, 4);
	for (i = 0; i < v.nfindings; i++)
		if (v.findings[i].host == 5 && v.findings[i].key)
			x = &v.findings[i];
	assert_non_null(x);
	assert_false(x->has_ci);
	assert_true(fabs(x->median - 1500.0) < 1e-9);
	assert_true(x->rate_low == x->rate && x->rate_high == x->rate);
	assert_true(fabs(x->diff_pct - (100.0 * (700.0 / 1500.0 - 1.0))) < 1e-9);
	assert_true(v.lead->key && v.lead->has_ci && fabs(v.lead->median - 1500.0) < 1e-9);
	assert_true(v.hosts[4].outlier && v.hosts[5].outlier);
}

/* Five hosts within a few percent of each other: nobody is named. */
static void test_all_alike(void **state)
{
	static const double rates[] = { 1500, 1455, 1540, 1480, 1525 };
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", rates[h]);
	tests[2][0].p99_us = 150; /* 1.5x: within the factor */
	decide(5);
	assert_int_equal(v.outliers, 0);
	assert_int_equal(v.nfindings, 0);
	assert_null(v.lead);
	assert_int_equal(v.ndisagreements, 0);
	assert_int_equal(v.judged_tests, 2);
	assert_int_equal(v.votes[0].dissent, 0);
}

/* Files that share a host name are counted as files of one host: five files,
 * three from vm, one from db4 and one with no host name (its own host). */
static void test_same_host(void **state)
{
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", 1500);
	for (h = 0; h < 3; h++)
		strcpy(r[h].hostname, "vm");
	r[4].hostname[0] = '\0';
	decide(5);
	assert_int_equal(v.nhosts, 5);
	assert_int_equal(v.distinct_hosts, 3);
	for (h = 0; h < 3; h++) {
		assert_int_equal(v.hosts[h].host_files, 3);
		assert_int_equal(v.hosts[h].first_of_host, h == 0);
	}
	for (h = 3; h < 5; h++) {
		assert_int_equal(v.hosts[h].host_files, 1);
		assert_true(v.hosts[h].first_of_host);
	}
	wb_fleet_free(&v);
	/* every file its own host */
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", 1500);
	decide(5);
	assert_int_equal(v.distinct_hosts, 5);
}

/* n files: the first four from one host, name, at rate; the rest a host
 * each at others. */
static void one_host_of_four(size_t n, double rate, double others, const char *name)
{
	size_t h;

	for (h = 0; h < n; h++)
		host(h, "fdatasync", h < 4 ? rate : others);
	for (h = 0; h < 4; h++)
		snprintf(r[h].hostname, sizeof(r[h].hostname), "%s", name);
}

/* Files from one host are one member of each median, at the median of its
 * files' figures, and a file is judged against the other hosts only. A lemon
 * of four files among two good hosts: counted four times, it was the median
 * it was judged by and hid; now it stands against 1000/s. Four files of a
 * fast host among three ordinary ones: counted four times, the median was
 * its own and every ordinary host read 50 % slow; now none does. */
static void test_host_one_member(void **state)
{
	const struct wb_fleet_finding *x;
	size_t h;

	(void)state;
	one_host_of_four(6, 500, 1000, "lemon");
	decide(6);
	assert_int_equal(v.distinct_hosts, 3);
	assert_int_equal(v.judged_tests, NT);
	assert_int_equal(v.outliers, 4);
	for (h = 0; h < 6; h++)
		assert_int_equal(v.hosts[h].outlier, h < 4);
	x = v.lead;
	assert_non_null(x);
	assert_true(x->host < 4);
	assert_int_equal(x->kind, WB_FLEET_SLOW);
	assert_int_equal(x->others, 2);
	assert_true(fabs(x->median - 1000.0) < 1e-6 || fabs(x->median - 1010.0) < 1e-6);
	wb_fleet_free(&v);
	one_host_of_four(7, 2000, 1000, "fast");
	decide(7);
	assert_int_equal(v.distinct_hosts, 4);
	assert_int_equal(v.outliers, 0);
	assert_int_equal(v.nfindings, 0);
	wb_fleet_free(&v);
	/* a test ok on four files of one host and one other host is on two
	 * hosts: not judged */
	one_host_of_four(5, 500, 1000, "lemon");
	decide(5);
	assert_int_equal(v.judged_tests, 0);
	assert_int_equal(v.outliers, 0);
}

/* 30 % below the median, but with trials so noisy that the top of its interval
 * is within 20 %: not significantly worse, not named; the same rate measured
 * tightly is. */
static void test_noisy_host_not_named(void **state)
{
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", 1500);
	commit_row(4, 0, "fdatasync", 1050, 40, 100);
	decide(5);
	assert_int_equal(v.outliers, 0);
	assert_int_equal(v.nfindings, 0);
	wb_fleet_free(&v);
	commit_row(4, 0, "fdatasync", 1050, 1, 100);
	decide(5);
	assert_int_equal(v.outliers, 1);
	assert_int_equal(count_kind(4, WB_FLEET_SLOW), 1);
}

/* Same rates, one host's p99 three times the others': a p99 outlier, said to
 * be a point figure. */
static void test_p99_outlier(void **state)
{
	const struct wb_fleet_finding *x;
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", 1500);
	tests[3][0].p99_us = 300;
	decide(5);
	assert_int_equal(v.outliers, 1);
	assert_true(v.hosts[3].outlier);
	x = v.lead;
	assert_int_equal(x->host, 3);
	assert_int_equal(x->kind, WB_FLEET_P99);
	assert_true(fabs(x->p99_ratio - 3.0) < 1e-9);
	assert_true(fabs(x->median_p99_us - 100.0) < 1e-9);
	assert_int_equal(count_kind(3, WB_FLEET_SLOW), 0);
	assert_true(x->key);
	assert_int_equal(x->others, 4);
	assert_true(fabs(x->p99_us - 300.0) < 1e-9);
}

/* A durability failure is named loudly and apart from outliers; the failed
 * test leaves the median of the rest alone. */
static void test_failed_host(void **state)
{
	const struct wb_fleet_finding *x;
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, "fdatasync", 1500);
	strcpy(tests[1][0].status, "error");
	strcpy(tests[1][0].reason, "fdatasync: Input/output error");
	tests[1][0].durability_failure = true;
	tests[1][0].ops_per_sec = 0;
	tests[1][0].has_p99 = false;
	decide(5);
	assert_int_equal(v.failed, 1);
	assert_true(v.hosts[1].failed);
	assert_false(v.hosts[1].outlier);
	assert_int_equal(v.outliers, 0);
	assert_int_equal(count_kind(1, WB_FLEET_FAILED), 1);
	x = &v.findings[0];
	assert_int_equal(x->kind, WB_FLEET_FAILED);
	assert_int_equal(x->host, 1);
	assert_ptr_equal(x->test, &tests[1][0]);
	assert_true(x->key);
	assert_null(v.lead);
	assert_int_equal(v.judged_tests, 2);
}

/* One host recommends fsync: named, against a majority of 4 of 5. */
static void test_disagreeing_recommendation(void **state)
{
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, h == 2 ? "fsync" : "fdatasync", 1500);
	decide(5);
	assert_int_equal(v.nvotes, 1);
	assert_string_equal(v.votes[0].majority, "fdatasync");
	assert_int_equal(v.votes[0].majority_hosts, 4);
	assert_int_equal(v.votes[0].dissent, 1);
	assert_int_equal(v.ndisagreements, 1);
	assert_int_equal(v.disagreements[0].host, 2);
	assert_true(v.hosts[2].disagrees);
	assert_string_equal(v.disagreements[0].value, "fsync");
	assert_int_equal(v.disagreements[0].vote, 0);
	assert_int_equal(v.votes[0].hosts, 5);
	assert_int_equal(v.votes[0].nanswers, 2);
	assert_answer(0, 1, "fsync", 1);
	/* its key test is fsync's row, at the fleet's rate: not an outlier */
	assert_string_equal(v.hosts[2].key->method, "fsync");
	assert_int_equal(v.outliers, 0);
}

/* Undecided hosts keep fdatasync for want of an answer: counted among the
 * hosts, but no vote for fdatasync and no dissent. */
static void test_undecided_recommendations(void **state)
{
	size_t h;

	(void)state;
	for (h = 0; h < 5; h++)
		host(h, h == 4 ? "fsync" : "fdatasync", 1500);
	r[1].rec.state = r[3].rec.state = WB_SAVED_REC_UNDECIDED;
	decide(5);
	assert_int_equal(v.nvotes, 1);
	assert_int_equal(v.votes[0].hosts, 5);
	assert_int_equal(v.votes[0].undecided, 2);
	assert_false(v.votes[0].mostly_undecided);
	assert_string_equal(v.votes[0].majority, "fdatasync");
	assert_int_equal(v.votes[0].majority_hosts, 2);
	assert_int_equal(v.votes[0].dissent, 1);
	assert_false(v.hosts[1].disagrees);
	assert_true(v.hosts[4].disagrees);
	assert_answer(0, 0, "fdatasync", 2);
	wb_fleet_free(&v);
	/* three of five undecided: the fleet is mostly undecided */
	r[0].rec.state = WB_SAVED_REC_UNDECIDED;
	decide(5);
	assert_int_equal(v.votes[0].undecided, 3);
	assert_true(v.votes[0].mostly_undecided);
	wb_fleet_free(&v);
	/* every host undecided: a vote with no answer, not a keep */
	for (h = 0; h < 5; h++)
		r[h].rec.state = WB_SAVED_REC_UNDECIDED;
	decide(5);
	assert_int_equal(v.nvotes, 1);
	assert_int_equal(v.votes[0].undecided, 5);
	assert_int_equal(v.votes[0].nanswers, 0);
	assert_string_equal(v.votes[0].majority, "");
	assert_int_equal(v.ndisagreements, 0);
}

/* Two against two: no majority, and nobody named as the one who differs. */
static void test_no_majority(void **state)
{
	size_t h;

	(void)state;
	for (h = 0; h < 4; h++)
		host(h, h % 2 ? "fsync" : "fdatasync", 1500);
	decide(4);
	assert_true(v.votes[0].no_majority);
	assert_int_equal(v.ndisagreements, 0);
	assert_string_equal(v.votes[0].majority, "");
	assert_int_equal(v.votes[0].dissent, 0);
	/* the answers, most common first, each at its first host: fdatasync 2, fsync 2 */
	assert_answer(0, 0, "fdatasync", 2);
	assert_answer(0, 1, "fsync", 2);
}

/* Two hosts: no median; their key tests compared with each other instead. */
static void test_two_hosts(void **state)
{
	(void)state;
	host(0, "fdatasync", 1500);
	host(1, "fdatasync", 600);
	decide(2);
	assert_int_equal(v.judged_tests, 0);
	assert_int_equal(v.outliers, 0);
	assert_true(v.pair.known && v.pair.has_ci && v.pair.significant);
	assert_true(fabs(v.pair.diff_pct + 60.0) < 1e-6);
	assert_int_equal(v.pair.state, WB_PAIR_SLOWER);
	assert_true(v.pair.low_pct < v.pair.diff_pct && v.pair.diff_pct < v.pair.high_pct);
	assert_ptr_equal(v.hosts[1].key, &tests[1][0]);
	assert_null(v.lead);
}

/* Two hosts whose intervals hold 0: a tie only inside compare's margin; the
 * same file twice, 12 % apart trial to trial, is unclear, not a tie. */
static void test_two_hosts_tie_or_unclear(void **state)
{
	(void)state;
	host(0, "fdatasync", 1000);
	host(1, "fdatasync", 1000);
	decide(2);
	assert_int_equal(v.pair.state, WB_PAIR_TIE);
	assert_true(v.pair.low_pct >= -v.pair.margin_pct && v.pair.high_pct <= v.pair.margin_pct);
	wb_fleet_free(&v);
	host(0, "fdatasync", 1000);
	host(1, "fdatasync", 1000);
	commit_row(0, 0, "fdatasync", 1000, 12, 100);
	commit_row(1, 0, "fdatasync", 1000, 12, 100);
	decide(2);
	assert_false(v.pair.significant);
	assert_int_equal(v.pair.state, WB_PAIR_UNCLEAR);
}

/* Recommend, qualify (two tiers) and run files together: each question is put
 * to the files that answer it; a qualify file's key test is its "commit" test. */
static void test_mixed_commands(void **state)
{
	size_t h;

	(void)state;
	host(0, "fdatasync", 1500);
	host(1, "fdatasync", 1500);
	qualify_host(2, "standard", "pass", 1500);
	qualify_host(3, "standard", "pass", 1500);
	qualify_host(4, "standard", "fail", 1500);
	qualify_host(5, "fast", "fail", 1500);
	host(6, "", 1500); /* a run file */
	strcpy(r[6].command, "run");
	r[6].has_recommendation = false;
	decide(7);
	for (h = 2; h < 6; h++)
		assert_string_equal(v.hosts[h].key->label, "commit");
	assert_string_equal(v.hosts[6].key->method, "fdatasync");
	assert_int_equal(v.nvotes, 3);
	assert_int_equal(v.votes[0].kind, WB_FLEET_RECOMMENDATION);
	assert_int_equal(v.votes[0].hosts, 2);
	assert_int_equal(v.votes[1].kind, WB_FLEET_VERDICT);
	assert_string_equal(v.votes[1].tier, "standard");
	assert_int_equal(v.votes[1].hosts, 3);
	assert_string_equal(v.votes[1].majority, "pass");
	assert_int_equal(v.votes[2].hosts, 1);
	assert_int_equal(v.ndisagreements, 1);
	assert_int_equal(v.disagreements[0].host, 4);
	assert_int_equal(v.disagreements[0].vote, 1);
	assert_string_equal(v.disagreements[0].value, "fail");
	assert_int_equal(v.votes[1].majority_hosts, 2);
	assert_int_equal(v.votes[1].dissent, 1);
	assert_string_equal(v.votes[2].tier, "fast");
	assert_string_equal(v.votes[2].majority, "fail");
	assert_int_equal(v.votes[2].dissent, 0);
	/* recommend's two rows match the run's (3 hosts each), qualify's commit
	 * test matches across its 4 files */
	assert_int_equal(v.judged_tests, 3);
	assert_int_equal(v.outliers, 0);
	/* A qualify run that failed before its verdict has no tier and no vote. */
	wb_fleet_free(&v);
	qualify_host(7, "", "error", 1500);
	decide(8);
	assert_int_equal(v.nvotes, 3);
	for (h = 0; h < v.nvotes; h++)
		assert_int_equal(v.votes[h].hosts, h == 0 ? 2 : h == 1 ? 3 : 1);
}

static void test_partial_marked(void **state)
{
	size_t h;

	(void)state;
	for (h = 0; h < 3; h++)
		host(h, "fdatasync", 1500);
	r[1].partial = true;
	decide(3);
	assert_int_equal(v.partial, 1);
	assert_true(v.hosts[1].r->partial);
}

/* A file's ci95_pct is a percentage of its trial mean: without the trial
 * arrays to compute it again, the interval is drawn around that mean, not
 * around ops_per_sec (ops over elapsed, here 1500 against a mean of 1875). */
static void test_rate_around_trial_mean(void **state)
{
	struct wb_saved_test t = { .status = "ok", .ops_per_sec = 1500, .has_rate = true,
				   .trial_mean_ops_per_sec = 1875, .has_trial_mean = true,
				   .ci95_pct = 10, .has_ci95 = true };
	struct wb_fleet_figure fig;

	(void)state;
	memset(&r[0], 0, sizeof(r[0])); /* a file with no qualification: no bucket */
	assert_true(wb_fleet_figure_of(&r[0], &t, &fig));
	assert_true(fabs(fig.rate - 1875) < 1e-9);
	assert_true(fabs(fig.low - 1687.5) < 1e-9 && fabs(fig.high - 2062.5) < 1e-9);
	t.has_ci95 = false; /* one trial: a point figure, the same rate */
	assert_false(wb_fleet_figure_of(&r[0], &t, &fig));
	assert_true(fig.rate == 1875 && fig.low == 1875 && fig.high == 1875);
}

/* The median the rule uses: odd count the middle, even the mean of the middle two. */
static void test_median(void **state)
{
	double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 };

	(void)state;
	assert_true(wb_median(odd, 3) == 2.0);
	assert_true(wb_median(even, 4) == 2.5);
}

int main(void)
{
	const struct CMUnitTest tests_[] = {
		cmocka_unit_test_teardown(test_one_lemon, teardown),
		cmocka_unit_test_teardown(test_two_lemons_one_point_figure, teardown),
		cmocka_unit_test_teardown(test_all_alike, teardown),
		cmocka_unit_test_teardown(test_same_host, teardown),
		cmocka_unit_test_teardown(test_host_one_member, teardown),
		cmocka_unit_test_teardown(test_noisy_host_not_named, teardown),
		cmocka_unit_test_teardown(test_p99_outlier, teardown),
		cmocka_unit_test_teardown(test_failed_host, teardown),
		cmocka_unit_test_teardown(test_disagreeing_recommendation, teardown),
		cmocka_unit_test_teardown(test_undecided_recommendations, teardown),
		cmocka_unit_test_teardown(test_no_majority, teardown),
		cmocka_unit_test_teardown(test_two_hosts, teardown),
		cmocka_unit_test_teardown(test_two_hosts_tie_or_unclear, teardown),
		cmocka_unit_test_teardown(test_mixed_commands, teardown),
		cmocka_unit_test_teardown(test_partial_marked, teardown),
		cmocka_unit_test(test_rate_around_trial_mean),
		cmocka_unit_test(test_median),
	};

	return cmocka_run_group_tests(tests_, NULL, NULL);
}
